"""The playing hall in French on a phone (issues 15 and 16), in a real browser (Debian's
Chromium driven by Playwright): a French phone gets French pages; an English phone switches to
French with the switch in the header; no hall page is wider than the phone (French strings and
long names are longer than the English ones); screens and board cards in French.

Screenshots are saved in ``$SWISSPAIRING_SCREENSHOTS`` (default: the test's temporary folder).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from browser_helpers import PHONE, chromium, logged_in_page
from hall_helpers import code_of
from swisspairing.interfaces.web import actions
from swisspairing.interfaces.web import models as m
from swisspairing.interfaces.web.hall import models as h
from swisspairing.interfaces.web.hall import services
from web_helpers import make_event, make_user

LONG_NAMES = ["Marie-Christine de La Rochefoucauld-Montbel", "Jean-Baptiste Vandenberghe-Dupont",
              "Anne-Sophie Castelnau-Lamothe"]


def _fits(page: Any) -> None:
    """Nothing sticks out sideways: the page is no wider than the phone."""
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], (page.url, width)


@pytest.mark.django_db(transaction=True)
def test_hall_pages_in_french_on_a_phone(live_server, shots: Path) -> None:  # type: ignore[no-untyped-def]
    from playwright.sync_api import expect

    make_user("chief", m.ROLE_CHIEF)
    event = make_event(players=20, rounds=5)
    event.name = "Open international de Saint-Jean-de-Luz 2026"
    event.save()
    for entrant, name in zip(event.entrants.order_by("tpn"), LONG_NAMES, strict=False):
        entrant.name, entrant.club = name, "Échiquier Club de Boulogne-Billancourt"
        entrant.save()
    token, base = event.public_token, live_server.url
    services.check_in(event.entrants.get(tpn=3), "tablet", "10.0.0.1")
    with chromium() as browser:
        phone = browser.new_context(locale="fr-FR", **PHONE).new_page()
        phone.set_default_timeout(30_000)

        # check-in before round 1: search, confirmation, done
        phone.goto(f"{base}/h/{token}/checkin/")
        expect(phone.locator("h1")).to_have_text("Pointage, ronde 1")
        phone.fill("input[name=q]", "marie")
        phone.click("button.primary")
        phone.click("ul.pick a[href$='/checkin/1/']")
        expect(phone.locator("h1")).to_have_text("Est-ce bien vous\u00a0?")
        _fits(phone)
        phone.screenshot(path=shots / "hallfr-01-checkin-confirm.png", full_page=True)
        phone.click("button[name=confirm]")
        expect(phone.locator("[data-status=checked-in]")).to_contain_text(
            "présence confirmée pour la ronde 1")
        _fits(phone)
        phone.screenshot(path=shots / "hallfr-02-checkin-done.png", full_page=True)

        rnd = actions.pair_next_round(event, None)
        actions.publish_round(rnd, None)
        game = rnd.games.select_related("white", "black").get(board=1)
        other = rnd.games.select_related("white", "black").get(board=2)
        services.submit_claim(services.seat_of(code_of(other, h.WHITE), "10.0.0.2"), "=",
                              "10.0.0.2 Mozilla/5.0 (iPhone; CPU iPhone OS 17_0)", "10.0.0.2")

        # public boards and who plays where
        phone.goto(f"{base}/h/{token}/")
        expect(phone.locator("#live h1")).to_have_text("Ronde 1")
        expect(phone.locator("table.boards")).to_contain_text("en attente")
        _fits(phone)
        phone.screenshot(path=shots / "hallfr-03-public-boards.png", full_page=True)
        phone.goto(f"{base}/h/{token}/p/alpha/")
        expect(phone.locator("#live h1")).to_have_text("Ronde 1\u00a0: qui joue où")
        _fits(phone)
        phone.screenshot(path=shots / "hallfr-04-public-alpha.png")

        # result entry from the board card's QR link, the answer, a refused code
        phone.goto(f"{base}/hall/c/{code_of(game, h.WHITE)}/")
        expect(phone.locator("h1")).to_have_text("Ronde 1, échiquier 1")
        _fits(phone)
        phone.screenshot(path=shots / "hallfr-05-result-board.png", full_page=True)
        phone.click("button[value='1-0']")
        expect(phone.locator("[data-status=pending]")).to_contain_text(
            "Votre adversaire le confirme avec son code")
        _fits(phone)
        phone.screenshot(path=shots / "hallfr-06-result-entered.png", full_page=True)
        phone.goto(f"{base}/hall/")
        phone.fill("input[name=code]", "QQQQQQ")
        phone.click("button.primary")
        expect(phone.locator(".error")).to_contain_text("Code inconnu")
        _fits(phone)
        phone.screenshot(path=shots / "hallfr-07-result-wrong-code.png", full_page=True)

        # an English phone switches to French in the header
        english = browser.new_context(locale="en-GB", **PHONE).new_page()
        english.goto(f"{base}/h/{token}/")
        expect(english.locator("nav.tabs")).to_contain_text("Who plays where")
        _fits(english)
        english.screenshot(path=shots / "hallfr-08-public-english.png")
        english.click("nav.lang a[hreflang=fr]")
        expect(english.locator("nav.tabs")).to_contain_text("Qui joue où")
        expect(english.locator("nav.lang a.current")).to_have_text("FR")

        # a screen in French (the screen's own language, whatever the TV's browser says)
        scr = h.Screen.objects.create(event=event, name="Salle A", panels="boards,alpha",
                                      rows=12, language="fr")
        tv = browser.new_context(locale="en-US", viewport={"width": 1920, "height": 1080})
        screen = tv.new_page()
        screen.goto(f"{base}/h/{token}/screen/{scr.pk}/")
        expect(screen.locator(".slide.shown h1")).to_contain_text("Ronde 1")
        _fits(screen)
        screen.screenshot(path=shots / "hallfr-09-screen.png")

        # the arbiters: the hall page on a phone, board cards printed in French
        desk = logged_in_page(browser, base, start="/login/", locale="fr-FR", **PHONE)
        desk.goto(f"{base}/t/{event.pk}/hall/")
        expect(desk.locator("#claims")).to_contain_text("(en attente, saisi à")
        _fits(desk)
        desk.screenshot(path=shots / "hallfr-10-arbiter-hall.png", full_page=True)
        cards = browser.new_context(locale="en-GB", viewport={"width": 794, "height": 1123})
        card_page = cards.new_page()
        for cookie in desk.context.cookies():
            card_page.context.add_cookies([cookie])
        card_page.goto(f"{base}/t/{event.pk}/hall/rounds/1/cards/?lang=fr")
        expect(card_page.locator(".board-card h2").first).to_contain_text("Ronde 1 · Échiquier 1")
        _fits(card_page)
        card_page.screenshot(path=shots / "hallfr-11-board-cards.png")
