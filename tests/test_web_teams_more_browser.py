"""A team round changed by hand and its printouts in a real browser (issue 27, after part 6;
C.04.6).

Six teams of four boards and a reserve play round 1; round 2 is paired. In Chromium the
arbiter swaps a match's colours, exchanges two teams so that teams of round 1 meet again (the
broken criterion C.04.6 [C1] is listed with the teams named and their boards marked), undoes
the change, opens the "who plays where" list of the round and the women's prize list.
Screenshots (desktop 1366x768 and phone 390x844, English and French) go to
``$SWISSPAIRING_SCREENSHOTS`` (default: the test's temporary folder).
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from browser_helpers import DESKTOP_VIEWPORT, SCREENS, chromium, logged_in_page, same_session
from swisspairing.interfaces.web import actions, teams
from swisspairing.interfaces.web import models as m
from swisspairing.interfaces.web.imports import Candidate
from web_helpers import make_user


def _event() -> m.Event:
    rng = random.Random(11)
    event = m.Event(name="Interclubs 2026", rounds=5, system="team-swiss",
                    initial_colour="w")
    actions.create_event(event, None)
    teams.save_settings(event, boards=4, colour_type="A", primary="MP", win=2, draw=1, loss=0,
                        user=None)
    for i, club in enumerate(("Annecy", "Brest", "Caen", "Dijon", "Évreux", "Foix")):
        teams.add_team(event, club, [Candidate(name=f"{club} Joueur{b}",
                                               rating=2300 - 60 * i - 20 * b,
                                               sex="w" if b == 2 else "m")
                                     for b in range(1, 6)], None)
    rnd = actions.pair_next_round(event, None)
    actions.publish_round(rnd, None)
    for match in rnd.team_matches.exclude(black=None):
        teams.set_match_results(match, {g.pk: rng.choice(["1-0", "0-1", "="])
                                        for g in match.games.all()}, None)
    actions.pair_next_round(event, None)
    return event


def _shots(browser, context, url: str, shots: Path, name: str) -> None:  # type: ignore[no-untyped-def]
    from playwright.sync_api import expect

    for label, viewport, locale in SCREENS:
        view = same_session(browser, context, locale, viewport=viewport)
        view.goto(url)
        expect(view.locator("html")).to_have_attribute("lang", locale[:2])
        view.screenshot(path=shots / f"{name}-{label}.png", full_page=True)
        view.context.close()


@pytest.mark.django_db(transaction=True)
def test_a_team_round_changed_by_hand_in_the_browser(live_server,  # type: ignore[no-untyped-def]
                                                     shots: Path) -> None:
    from playwright.sync_api import expect

    make_user("chief", m.ROLE_CHIEF)
    event = _event()
    rnd1 = m.Round.objects.get(event=event, number=1)
    x, y = next((mt.white.tpn, mt.black.tpn) for mt in rnd1.team_matches.exclude(black=None))
    base = live_server.url
    with chromium() as browser:
        page = logged_in_page(browser, base, viewport=DESKTOP_VIEWPORT, locale="en-GB")
        context = page.context
        url = f"{base}/t/{event.pk}/rounds/2/"
        page.goto(url)
        # a match's colours swapped: the other team is now named first
        rnd2 = m.Round.objects.get(event=event, number=2)
        second = rnd2.team_matches.get(number=1).black.name
        page.click("#swap-match-1")
        expect(page.locator(".messages")).to_contain_text("no absolute rule is broken")
        expect(page.locator("#match-1 h2")).to_contain_text(f"{second} (White on board 1)")
        expect(page.locator("#manual-changes li")).to_have_count(1)
        # teams of round 1 meet again: [C1] listed, the teams named, their boards marked
        rnd2.refresh_from_db()
        z = next(t for mt in rnd2.team_matches.exclude(black=None)
                 for t in (mt.white.tpn, mt.black.tpn)
                 if x in (mt.white.tpn, mt.black.tpn) and t != x)
        page.select_option("#exchange-a", str(z))
        page.select_option("#exchange-b", str(y))
        page.click("#exchange-teams")
        expect(page.locator("#violations")).to_contain_text("C.04.6 [C1]")
        names = {t.tpn: t.name for t in event.teams.all()}
        expect(page.locator("#violations")).to_contain_text(names[x])
        assert page.locator("tr.rule-broken").count() >= 4
        page.screenshot(path=shots / "team-manual-broken-desktop-en.png", full_page=True)
        _shots(browser, context, url, shots, "team-manual-broken")
        # undone, then back to the engine's pairing
        page.click("#undo-manual")
        expect(page.locator(".messages")).to_contain_text("Last manual change undone.")
        expect(page.locator("#violations")).to_have_count(0)
        page.click("#engine-pairing")
        expect(page.locator("#manual-changes")).to_have_count(0)
        # the round's printouts, linked from the round: who plays where, by team
        page.click("#print-alpha")
        expect(page.locator("table")).to_contain_text("Annecy Joueur1")
        _shots(browser, context, page.url, shots, "team-alpha")
        # the prize lists: the women's board results
        page.goto(f"{base}/t/{event.pk}/prizes/?cat=women&cat=u18")
        expect(page.locator("table").first).to_contain_text("Annecy Joueur2")
        expect(page.locator("body")).not_to_contain_text("Annecy Joueur1")
        _shots(browser, context, page.url, shots, "team-prizes")
