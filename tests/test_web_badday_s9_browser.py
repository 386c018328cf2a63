"""A team event on a bad day in a real browser (session 9; C.04.6, docs/web-teams.md).

Eight teams of four boards, one team short of a player in round 1 (its board 4 left empty),
two of them in the prize category "Écoles". Round 1 is paired and published from the page.
Two views of the arbiter's session show the round: the English desktop tab saves board 1 of
match 1 as 1-0; the French phone tab, still showing the board empty, saves it as 0-1: refused
in French, naming the board and its result now, 1-0 kept; the same tab, reloaded, then saves
board 2. The rest of the round is typed in the keyboard grid with Tab after each result. One
player has a long surname: on a phone no page is wider than the screen. Screenshots of the
round, the teams, the team standings and the prize list (desktop 1366x768 and
phone 390x844, English and French) go to ``$SWISSPAIRING_SCREENSHOTS``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from browser_helpers import DESKTOP_VIEWPORT, PHONE_VIEWPORT, SCREENS, logged_in_page, same_session
from swisspairing.interfaces.web import actions, teams
from swisspairing.interfaces.web import models as m
from swisspairing.interfaces.web.imports import Candidate
from web_helpers import make_user

CLUBS = ("Annecy", "Brest", "Caen", "Dijon", "Évreux", "Foix", "Gap", "Hyères")
#: a real (long) German surname: on a phone it must wrap inside the match's card
LONG_NAME = "Wolfeschlegelsteinhausenbergerdorff, Hubert"


def _event() -> m.Event:
    event = m.Event(name="Interclubs jeunes 2026", rounds=5, system="team-swiss",
                    initial_colour="w")
    actions.create_event(event, None)
    teams.save_settings(event, boards=4, colour_type="A", primary="MP", win=2, draw=1, loss=0,
                        user=None)
    for i, club in enumerate(CLUBS):
        team = teams.add_team(event, club, [Candidate(name=LONG_NAME if (club, b) == (
            "Hyères", 1) else f"{club} Joueur{b}", rating=2200 - 40 * i - 15 * b)
            for b in range(1, 6)], None)
        if club in ("Caen", "Gap"):
            teams.set_team_categories(team, "Écoles", None)
    short = event.teams.get(name="Hyères")
    members = teams.members_of(short)
    teams.set_lineup(short, 1, [members[0].pk, members[1].pk, members[2].pk, teams.EMPTY_BOARD],
                     None)
    return event


@pytest.mark.django_db(transaction=True)
def test_two_tabs_on_one_team_match(live_server, browser,  # type: ignore[no-untyped-def]
                                    shots: Path) -> None:
    from playwright.sync_api import expect

    make_user("chief", m.ROLE_CHIEF)
    event = _event()
    base = live_server.url
    url = f"{base}/t/{event.pk}/rounds/1/"
    desk = logged_in_page(browser, base, viewport=DESKTOP_VIEWPORT, locale="en-GB")
    desk.goto(url)
    desk.click("#pair-round")
    desk.click("#publish-round")
    expect(desk.locator(".status")).to_have_text("published")
    phone = same_session(browser, desk.context, "fr-FR", viewport=PHONE_VIEWPORT)
    phone.goto(url)
    match = m.Round.objects.get(event=event, number=1).team_matches.get(number=1)
    first, second = sorted(match.games.all(), key=lambda g: g.board)[:2]
    desk.select_option(f"select[name=game_{first.pk}]", "1-0")
    desk.locator("#match-1 button.primary").click()
    expect(desk.locator(".messages")).to_contain_text("Match 1: 1 result(s) saved.")
    phone.select_option(f"select[name=game_{first.pk}]", "0-1")
    phone.locator("#match-1 button.primary").click()
    expect(phone.locator(".messages")).to_contain_text("a changé depuis l'affichage")
    expect(phone.locator(".messages")).to_contain_text("il est maintenant à 1-0")
    expect(phone.locator(f"select[name=game_{first.pk}]")).to_have_value("1-0")
    phone.screenshot(path=shots / "s9-team-stale-phone-fr.png", full_page=True)
    phone.select_option(f"select[name=game_{second.pk}]", "=")
    phone.locator("#match-1 button.primary").click()
    expect(phone.locator(".messages")).to_contain_text("Match 1")
    first.refresh_from_db()
    second.refresh_from_db()
    assert (first.result, second.result) == ("1-0", "=")
    # the rest of the round typed in the keyboard grid, Tab after each result, faster than
    # the page answers (boards 1 and 2 typed as they are: unchanged)
    desk.goto(f"{url}?view=grid")
    inputs = desk.locator(".result-input")
    expect(inputs).to_have_count(15)
    inputs.first.focus()
    typed = ["1", "=", "0", "1", "=", "0", "1", "0", "1", "=", "1", "0", "=", "1", "0"]
    for key in typed:
        desk.keyboard.type(key, delay=15)
        desk.keyboard.press("Tab")
    expect(desk.locator("tr.saving")).to_have_count(0)
    desk.screenshot(path=shots / "s9-team-grid-desktop-en.png", full_page=True)
    desk.goto(url)
    expect(desk.locator("#results-counter")).to_have_text("15/15 board results entered")
    for label, viewport, locale in SCREENS:
        view = same_session(browser, desk.context, locale, viewport=viewport)
        for name, path in (("round", "rounds/1/"), ("teams", "teams/"),
                           ("standings", "standings/"), ("prizes", "prizes/")):
            response = view.goto(f"{base}/t/{event.pk}/{path}")
            assert response is not None and response.status == 200
            # nothing pushes the page sideways (before: the match table of the long name
            # made the phone's page 500 px wide)
            assert view.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
            view.screenshot(path=shots / f"s9-team-{name}-{label}.png", full_page=True)
        # the players' phones: the round's boards in the hall's public page
        view.goto(f"{base}/h/{event.public_token}/")
        expect(view.locator("table.boards")).to_contain_text("Wolfeschlegelsteinhausenbergerdorff")
        assert view.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
        view.screenshot(path=shots / f"s9-team-hall-{label}.png", full_page=True)
        view.context.close()
