"""The web app's pairing, checking and standings go through the public API (issue 29): what an
arbiter sees in a real browser (Debian's Chromium, Playwright) is what ``swisspairing`` gives
a program.

A 9-player Dutch event: round 1 paired and played; round 2 paired, then the pairing-allocated
bye given by hand to the player who had it in round 1 (the web app keeps the arbiter's change
and shows the broken rule, :func:`swisspairing.violations`); round 2 published and played. The
check page (:func:`swisspairing.check`) then says round 2 differs from the system's pairing
and names the rule, C.04.1 d (C.04.1 Art. 4: a player who has already received a
pairing-allocated bye does not receive it again); the standings page ranks the players as
:func:`swisspairing.standings` ranks the exported TRF-2026; the export's rank column is those
standings. In English and French, on a 1366x768 desktop and a 390x844 phone; screenshots in
``$SWISSPAIRING_SCREENSHOTS`` (default: the test's temporary folder).
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import swisspairing as sp
from browser_helpers import (
    DESKTOP_VIEWPORT,
    SCREENS,
    chromium,
    logged_in_page,
    phone_flags,
    same_session,
)
from swisspairing.interfaces.web import actions
from swisspairing.interfaces.web import models as m
from web_helpers import make_event, make_user, play_round


def _event_with_a_bye_given_twice() -> tuple[m.Event, int, list[sp.Violation]]:
    """Round 1 played; round 2's bye given by hand to round 1's bye (C.04.1 d broken)."""
    rng = random.Random(29)
    event = make_event(players=9, rounds=4, seed=29)
    chief = make_user("chief", m.ROLE_CHIEF)
    first = play_round(event, rng)
    had_bye = first.games.get(black=None).white.tpn
    rnd = actions.pair_next_round(event, chief)
    assert rnd.games.get(black=None).white.tpn != had_bye  # the engine follows C.04.1 d
    broken = actions.manual_change(rnd, "bye", had_bye, None, chief)
    actions.publish_round(rnd, chief)
    for g in rnd.games.exclude(black=None):
        actions.set_result(g, rng.choice(["1-0", "0-1", "="]), chief)
    return event, had_bye, broken


@pytest.mark.django_db(transaction=True)
def test_check_standings_and_export_in_the_browser(live_server, shots: Path) -> None:  # type: ignore[no-untyped-def]
    from playwright.sync_api import expect

    event, had_bye, broken = _event_with_a_bye_given_twice()
    # the manual change's answer is the API's: the bye rule, naming the player
    assert [(v.rule, v.players) for v in broken if v.rule == "C.04.1 d"] == [("C.04.1 d",
                                                                            (had_bye,))]
    base = live_server.url
    with chromium() as browser:
        page = logged_in_page(browser, base, viewport=DESKTOP_VIEWPORT, locale="en-GB")
        login = page.context
        expect(page.locator("h1")).to_have_text("Tournaments")
        response = page.request.get(f"{base}/t/{event.pk}/export/trf26/")
        assert response.ok
        exported = response.text()
        for label, viewport, locale in SCREENS:
            view = same_session(browser, login, locale, viewport=viewport,
                                **phone_flags(viewport))
            french = locale == "fr-FR"

            view.goto(f"{base}/t/{event.pk}/check/")
            round_two = view.locator("#check-round-2")
            expect(round_two.locator(".badge.bad")).to_have_text(
                "diffère" if french else "differs")
            expect(round_two).to_contain_text("[C.04.1 d]")
            expect(view.locator("#check-round-1 .badge.ok")).to_have_text(
                "concorde" if french else "agrees")
            view.screenshot(path=shots / f"api-check-{label}.png", full_page=True)

            view.goto(f"{base}/t/{event.pk}/standings/")
            first_row = view.locator("table.data tbody tr").first
            expect(first_row).to_be_visible()
            view.screenshot(path=shots / f"api-standings-{label}.png", full_page=True)
            if label == "desktop-en":
                shown = first_row.inner_text()
            view.context.close()
        login.close()

    # the export's standings are the API's on the exported file (202 and rank column)
    t = sp.read_trf(exported)
    table = sp.standings(t)
    assert isinstance(table, sp.Standings)
    leader = t.players[table.rows[0].pid]
    assert leader.name in shown
    assert any(line.startswith("202 ") for line in exported.splitlines())
    # the API's check of the exported file finds what the page shows
    report = sp.check(t)
    assert [r.round_number for r in report.discrepancies] == [2]
    assert any(v.rule == "C.04.1 d" for v in report.violations)
