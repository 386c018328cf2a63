"""The Content-Security-Policy (issue 24 item 19) in Debian's Chromium: every page, HTMX and
the playing hall's scripts still work with it, and the browser reports no violation.

The policy allows the app's own files only: no inline script, handler (``onchange``...) or
style, no ``eval`` (an HTMX trigger filter ``[...]`` needs it). The test drives what used
those: the language menu, a bye request chosen in a menu, the delete confirmation, the
results grid (HTMX), the players search (HTMX), the arbiters' hall page (polled while idle),
the hall's public pages and its "find yourself" filter, a screen; screenshots on a desktop
(1366x768) and a phone (390x844) in ``$SWISSPAIRING_SCREENSHOTS`` (default: the test's
temporary folder).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from browser_helpers import DESKTOP_VIEWPORT, PHONE_VIEWPORT, chromium, submit_login
from swisspairing.interfaces.web import actions
from swisspairing.interfaces.web import models as m
from swisspairing.interfaces.web.hall import models as h
from web_helpers import make_event, make_user

TEMPLATES = Path(__file__).parents[1] / "src" / "swisspairing" / "interfaces" / "web"


def test_no_template_holds_inline_script_handler_or_style() -> None:
    """What the policy would block, found in the templates themselves."""
    found = []
    for path in TEMPLATES.rglob("*.html"):
        text = path.read_text(encoding="utf-8")
        for pattern in (r"\son[a-z]+\s*=", r"<script(?![^>]*\bsrc=)[^>]*>", r"\sstyle\s*=",
                        r"<style", r"hx-on", r"hx-trigger=\"[^\"]*\[", r"javascript:",
                        r"hx-vals=['\"]js:"):
            found += [f"{path.name}: {m.group()}" for m in re.finditer(pattern, text)]
    assert found == []


@pytest.mark.django_db(transaction=True)
def test_every_page_works_under_the_policy_in_chromium(live_server, shots: Path) -> None:  # type: ignore[no-untyped-def]
    from playwright.sync_api import expect

    make_user("chief", m.ROLE_CHIEF)
    event = make_event(players=10, rounds=4)
    rnd = actions.pair_next_round(event, None)
    actions.publish_round(rnd, None)
    screen = h.Screen.objects.create(event=event, name="Hall", panels="boards,standings")
    base = live_server.url
    violations: list[str] = []
    with chromium() as browser:
        for name, viewport in (("desktop", DESKTOP_VIEWPORT), ("phone", PHONE_VIEWPORT)):
            context = browser.new_context(viewport=viewport, locale="en-GB")
            page = context.new_page()
            page.set_default_timeout(30_000)

            def watch(msg, where: str = name) -> None:  # type: ignore[no-untyped-def]
                if "Content Security Policy" in msg.text or "Refused to" in msg.text:
                    violations.append(f"{where}: {msg.text}")

            page.on("console", watch)
            page.on("pageerror", lambda exc, where=name: violations.append(f"{where}: {exc}"))
            response = page.goto(f"{base}/login/")
            assert response is not None and "script-src 'self'" in (
                response.headers.get("content-security-policy") or "")
            submit_login(page)
            expect(page.locator("h1")).to_have_text("Tournaments")

            # the players search (HTMX, as you type)
            page.goto(f"{base}/t/{event.pk}/players/")
            page.fill("#player-search", "Player 03")
            expect(page.locator("#players-table tbody tr")).to_have_count(1)
            page.screenshot(path=shots / f"csp-{name}-players.png", full_page=True)

            # the delete confirmation (data-confirm): dismissed, nothing deleted
            page.goto(f"{base}/t/{event.pk}/players/1/")
            asked: list[str] = []
            page.once("dialog", lambda d, asked=asked: (asked.append(d.message), d.dismiss()))
            page.click("button[name=delete]")
            assert asked == ["Delete this player?"]
            assert event.entrants.count() == 10

            # the results grid (HTMX): a result typed and sent with Enter is stored
            page.goto(f"{base}/t/{event.pk}/rounds/1/")
            first = page.locator(".result-input").first
            first.fill("=" if name == "desktop" else "1")
            first.press("Enter")
            game = rnd.games.order_by("board").first()
            assert game is not None
            expect(page.locator(".result-input").first).to_have_value(
                "½-½" if name == "desktop" else "1-0")
            page.screenshot(path=shots / f"csp-{name}-round.png", full_page=True)

            # a bye request chosen in a menu (data-submit-on-change) for round 2
            page.goto(f"{base}/t/{event.pk}/rounds/2/")
            page.select_option("select[data-tpn='3']", "H")
            expect(page.locator("select[data-tpn='3']")).to_have_value("H")
            assert m.RoundRequest.objects.filter(round_number=2, entrant__tpn=3,
                                                 code="H").exists()
            m.RoundRequest.objects.all().delete()

            # the arbiters' hall page: its live part is polled (HTMX, while idle)
            page.goto(f"{base}/t/{event.pk}/hall/")
            with page.expect_response(re.compile(r"/hall/live/")):
                pass
            page.screenshot(path=shots / f"csp-{name}-hall-overview.png", full_page=True)

            # the hall's public pages, the "find yourself" filter, a screen
            page.goto(f"{base}/h/{event.public_token}/")
            search = page.locator("input[data-filter]")
            if search.count():
                search.first.fill("Player 05")
            page.screenshot(path=shots / f"csp-{name}-hall-public.png", full_page=True)
            page.goto(f"{base}/h/{event.public_token}/screen/{screen.pk}/")
            expect(page.locator(".screen-frame")).to_be_visible()
            for path in ("/hall/", f"/p/{event.public_token}/",
                         f"/h/{event.public_token}/checkin/",
                         f"/t/{event.pk}/hall/rounds/1/cards/",
                         f"/t/{event.pk}/hall/rounds/1/sheet/"):
                response = page.goto(f"{base}{path}")
                assert response is not None and response.status == 200, path

            # the language menu (data-submit-on-change): the page comes back in French
            page.goto(f"{base}/")
            page.select_option("select[name=language]", "fr")
            expect(page.locator("h1")).to_have_text("Tournois")
            page.select_option("select[name=language]", "en")
            expect(page.locator("h1")).to_have_text("Tournaments")
            context.close()
    assert violations == []
