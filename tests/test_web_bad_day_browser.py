"""A Double-Swiss round page in a real browser, from the bad-day tour (issue 28 part 5):
the grid's rows 1.1 ... 12.2 typed at 20 ms per key all land on their own game rows, and on
a 390 px phone the grid (board labels "10.1" are wider than "10", names without a space do
not wrap) stays within the screen, in French and English; when the session ends while the
grid is open, a result typed says it was not recorded because nobody is logged in."""

from __future__ import annotations

from pathlib import Path

import pytest

from browser_helpers import DESKTOP, PHONE, chromium, log_in
from swisspairing.interfaces.web import actions
from swisspairing.interfaces.web import models as m
from web_helpers import make_event, make_user

#: a key typed per row and what the row then holds (game 2 rows in their own colours)
KEYS = {"1": "1-0", "0": "0-1", "=": "½-½"}


def _event_of_24() -> m.Event:
    """24 players named without a space (``Joueur00``...): 12 boards, 24 game rows."""
    event = make_event(players=24, rounds=5, system="double-swiss")
    for e in event.entrants.all():
        e.name = f"Joueur{e.tpn - 1:02d}"
        e.save(update_fields=["name"])
    rnd = actions.pair_next_round(event, None)
    actions.publish_round(rnd, None)
    return event


@pytest.mark.django_db(transaction=True)
def test_a_double_swiss_grid_typed_fast_and_seen_on_a_phone(  # type: ignore[no-untyped-def]
        live_server, shots: Path) -> None:
    from playwright.sync_api import expect

    make_user("chief", m.ROLE_CHIEF)
    event = _event_of_24()
    url = f"{live_server.url}/t/{event.pk}/rounds/1/"
    rows = list(m.Game.objects.filter(round__event=event, round__number=1)
                .exclude(black=None).order_by("board", "game"))
    assert len(rows) == 24
    typed = [list(KEYS)[i % 3] for i in range(len(rows))]
    with chromium() as browser:
        for label, device, locale in (("desktop-en", DESKTOP, "en-GB"),
                                      ("phone-fr", PHONE, "fr-FR"),
                                      ("phone-en", PHONE, "en-GB")):
            context = browser.new_context(locale=locale, **device)
            context.set_extra_http_headers({"Accept-Language": locale})
            page = context.new_page()
            page.set_default_timeout(60_000)
            log_in(page, live_server.url)
            page.goto(url)
            if label == "desktop-en":  # the typist faster than the page
                page.locator(".result-input").first.focus()
                page.keyboard.type("\n".join(typed) + "\n", delay=20)
                page.wait_for_function("() => window.gridIdle()")
                expect(page.locator("tr.pending")).to_have_count(0)
                page.reload()
            values = [page.locator(".result-input").nth(i).input_value()
                      for i in range(len(rows))]
            assert values == [KEYS[k] for k in typed], label
            page.screenshot(path=shots / f"ds-grid-{label}.png", full_page=True)
            width = page.evaluate("document.documentElement.scrollWidth")
            grid = page.evaluate("document.querySelector('#results-grid')"
                                 ".getBoundingClientRect().right")
            assert width <= page.evaluate("window.innerWidth"), f"{label}: {width} px wide"
            assert grid <= page.evaluate("window.innerWidth"), f"{label}: grid to {grid} px"
            if label == "desktop-en":  # the session ends while the grid is open
                context.clear_cookies(name="sessionid")
                field = page.locator(".result-input").first
                field.fill("0")
                field.press("Enter")
                expect(page.locator("#grid-flash")).to_contain_text(
                    "You are not logged in (the session may have ended): nothing was recorded")
                page.evaluate("window.scrollTo(0, 0)")
                page.screenshot(path=shots / "ds-grid-logged-out-en.png")
                expect(page.locator("tr.refused")).to_have_count(1)
            context.close()
    stored = [g.result for g in m.Game.objects.filter(pk__in=[r.pk for r in rows])
              .order_by("board", "game")]
    assert stored == [{"1": "1-0", "0": "0-1", "=": "="}[k] for k in typed]
