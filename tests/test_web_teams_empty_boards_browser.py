"""A board left empty in a team event, in a real browser (issue 27, leftover of part 6; trf.md
4.1 ``0000 C +``, docs/web-teams.md).

Four teams of four boards; on the day the third player of "Short" does not come. The arbiter
picks the line-up on the round page (its reserve-less fourth member moves up to board 3,
board 4 "(empty board)"), pairs and publishes the round: the board is shown as a forfeit win
against an empty board, with no result to choose; the arbiter types the other three results
of the match and the match score counts the forfeit. Screenshots (desktop 1366x768 and phone
390x844, English and French) go to ``$SWISSPAIRING_SCREENSHOTS``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from django.db.models import Q

from browser_helpers import DESKTOP_VIEWPORT, SCREENS, logged_in_page, same_session
from swisspairing.interfaces.web import actions, teams
from swisspairing.interfaces.web import models as m
from swisspairing.interfaces.web.imports import Candidate
from web_helpers import make_user


@pytest.mark.django_db(transaction=True)
def test_a_board_left_empty_in_the_browser(live_server, browser,  # type: ignore[no-untyped-def]
                                           shots: Path) -> None:
    from playwright.sync_api import expect

    make_user("chief", m.ROLE_CHIEF)
    event = m.Event(name="Interclubs 2026", rounds=3, system="team-swiss", initial_colour="w")
    actions.create_event(event, None)
    teams.save_settings(event, boards=4, colour_type="A", primary="MP", win=2, draw=1, loss=0,
                        user=None)
    for i, club in enumerate(("Annecy", "Brest", "Caen", "Short")):
        teams.add_team(event, club, [Candidate(name=f"{club} Joueur{b}",
                                               rating=2300 - 100 * i - 10 * b)
                                     for b in range(1, 5)], None)
    short = event.teams.get(name="Short")
    members = teams.members_of(short)
    base = live_server.url
    page = logged_in_page(browser, base, viewport=DESKTOP_VIEWPORT, locale="en-GB")
    url = f"{base}/t/{event.pk}/rounds/1/"
    page.goto(url)
    row = page.locator(f"#lineup-{short.tpn}")
    row.locator("select[name=board_3]").select_option(str(members[3].pk))
    row.locator("select[name=board_4]").select_option("0")
    page.screenshot(path=shots / "empty-01-lineup-desktop-en.png", full_page=True)
    row.locator("button", has_text="Save").click()
    expect(page.locator(".messages")).to_contain_text("Line-up of Short saved.")
    expect(page.locator(f"#lineup-{short.tpn} select[name=board_4]")).to_have_value("0")
    page.click("#pair-round")
    page.click("#publish-round")
    expect(page.locator(".status")).to_have_text("published")
    rnd = m.Round.objects.get(event=event, number=1)
    match = rnd.team_matches.get(Q(white=short) | Q(black=short))
    forfeit = next(g for g in match.games.all() if g.is_empty_board)
    section = page.locator(f"#match-{match.number}")
    empty_row = section.locator(f"#game-{forfeit.pk}")
    expect(empty_row).to_contain_text("empty board")
    expect(empty_row.locator("select")).to_have_count(0)
    expect(page.locator("#results-counter")).to_have_text("0/7 board results entered")
    selects = section.locator("form").first.locator("select")
    expect(selects).to_have_count(3)
    for n in range(3):
        selects.nth(n).select_option("=")
    section.locator("form").first.locator("button.primary").click()
    expect(page.locator(".messages")).to_contain_text(f"Match {match.number}: 3 result(s) saved.")
    first_is_short = match.white_id == short.pk
    expect(page.locator(f"#match-{match.number} .match-score")).to_have_text(
        "1.5 – 2.5" if first_is_short else "2.5 – 1.5")
    expect(page.locator("#results-counter")).to_have_text("3/7 board results entered")
    for label, viewport, locale in SCREENS:
        view = same_session(browser, page.context, locale, viewport=viewport)
        view.goto(f"{url}#match-{match.number}")
        expect(view.locator(f"#game-{forfeit.pk}")).to_contain_text(
            "échiquier vide" if locale == "fr-FR" else "empty board")
        view.locator(f"#match-{match.number}").screenshot(
            path=shots / f"empty-02-match-{label}.png")
        view.screenshot(path=shots / f"empty-03-round-{label}.png", full_page=True)
        view.context.close()
    # the printouts: pairings by board and who plays where name the empty board
    for what, text in (("board", "empty board"), ("alpha", "empty board opposite")):
        page.goto(f"{base}/t/{event.pk}/rounds/1/print/{what}/")
        expect(page.locator("main")).to_contain_text(text)
        page.screenshot(path=shots / f"empty-04-print-{what}-desktop-en.png", full_page=True)
    forfeit.refresh_from_db()
    assert forfeit.white_code == "+" and forfeit.black_id is None
