"""A 16-team, 4-board, 7-round team event in a real browser (issue 27 part 6; C.04.6).

An arbiter creates the event (system: Swiss Team, FIDE 2026), sets 4 boards, registers 16
teams of 5 members from a CSV each, marks a team absent in round 2, enters a line-up with the
reserve playing in round 3, pairs and publishes the rounds, enters a match's results board by
board, records a forfeited match, and looks at the team and board standings. The results of
the other matches are entered through the same actions as the pages (a browser typing 200
results proves nothing more and takes minutes on a loaded machine). The exported TRF-2026
passes ``swisspairing check`` and reads back equal. Screenshots (desktop 1366x768 and phone
390x844, English and French) go to ``$SWISSPAIRING_SCREENSHOTS`` (default: the test's
temporary folder).
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from browser_helpers import (
    DESKTOP_VIEWPORT,
    SCREENS,
    chromium,
    fill_new_event_form,
    logged_in_page,
    run_cli,
    same_session,
)
from swisspairing.formats.trf import parse_trf, write_trf
from swisspairing.interfaces.web import actions, teams
from swisspairing.interfaces.web import models as m
from swisspairing.model.teams import MatchKind, team_rounds
from web_helpers import make_user

CLUBS = ["Antwerp", "Bastia", "Cork", "Delft", "Esbjerg", "Faro", "Graz", "Haarlem", "Ibiza",
         "Jena", "Kassel", "Lille", "Malmo", "Nancy", "Oulu", "Porto"]


def _csv(club: str, base: int) -> bytes:
    """The club's five members in board order (the fifth is the reserve), CSV with a header."""
    rows = ["name,rating,federation"]
    rows += [f"{club} Player{b},{base - 40 * b},FRA" for b in range(1, 6)]
    return ("\n".join(rows) + "\n").encode()


def _results(rnd: m.Round, rng: random.Random, skip: set[int]) -> None:
    """Every board of the round's matches except those in ``skip`` (the ones the browser did)."""
    for match in rnd.team_matches.exclude(black=None).exclude(pk__in=skip):
        teams.set_match_results(match, {g.pk: rng.choice(["1-0", "0-1", "=", "1-0"])
                                        for g in match.games.all()}, None)


VIEWS = SCREENS[1:]


def _other_views(browser, context, url: str, shots: Path,  # type: ignore[no-untyped-def]
                 name: str) -> None:
    """Screenshots of ``url`` in French on a desktop, on a phone in English and French (the
    arbiter's session); the French pages are in French."""
    from playwright.sync_api import expect

    for label, viewport, locale in VIEWS:
        view = same_session(browser, context, locale, viewport=viewport)
        view.goto(url)
        if locale == "fr-FR":
            expect(view.locator("html")).to_have_attribute("lang", "fr")
        view.screenshot(path=shots / f"team-{name}-{label}.png", full_page=True)
        view.context.close()


@pytest.mark.django_db(transaction=True)
def test_team_event_of_16_teams_in_the_browser(live_server,  # type: ignore[no-untyped-def]
                                               tmp_path: Path, shots: Path) -> None:
    from playwright.sync_api import expect

    make_user("chief", m.ROLE_CHIEF)
    base = live_server.url
    rng = random.Random(27)
    with chromium() as browser:
        page = logged_in_page(browser, base,
                              viewport=DESKTOP_VIEWPORT, locale="en-GB", accept_downloads=True)
        context = page.context

        # --- the event, its settings, 16 teams by CSV ---------------------------------------
        fill_new_event_form(page, "Club team championship 2026", 7, "team-swiss")
        event = m.Event.objects.get()
        page.click("#teams-tab")
        page.fill("#team-settings input[name=boards]", "4")
        page.select_option("#team-settings select[name=colour_type]", "A")
        page.click("#team-settings button")
        expect(page.locator(".messages")).to_contain_text("Team settings saved.")
        for i, club in enumerate(CLUBS):
            page.fill("#team-name", club)
            page.set_input_files("#team-file", files=[{
                "name": f"{club.lower()}.csv", "mimeType": "text/csv",
                "buffer": _csv(club, 2400 - 25 * i + rng.randint(-60, 60))}])
            page.click("#add-team button.primary")
            expect(page.locator(".messages")).to_contain_text(f"Team {club} added (5 members).")
        expect(page.locator("#team-table tbody tr")).to_have_count(16)
        # a typing error is refused with its line, nothing is added
        page.fill("#team-name", "Quimper")
        page.fill("#team-members", "Quimper One; 2000\nQuimper Two; two thousand")
        page.click("#add-team button.primary")
        expect(page.locator(".messages")).to_contain_text("two thousand")
        expect(page.locator("#team-table tbody tr")).to_have_count(16)
        page.screenshot(path=shots / "team-01-teams-en.png", full_page=True)
        assert event.teams.count() == 16 and event.entrants.count() == 80

        # --- round 1: paired and published in the browser, one match's results typed --------
        page.goto(f"{base}/t/{event.pk}/rounds/1/")
        page.screenshot(path=shots / "team-02-lineups-en.png", full_page=True)
        page.click("#pair-round")
        page.click("#publish-round")
        expect(page.locator(".status")).to_have_text("published")
        rnd1 = m.Round.objects.get(event=event, number=1)
        first = rnd1.team_matches.get(number=1)
        form = page.locator("#match-1 form").first
        selects = form.locator("select")
        for n, key in enumerate(("1-0", "=", "0-1", "1-0")):
            selects.nth(n).select_option(key)
        form.locator("button.primary").click()
        expect(page.locator(".messages")).to_contain_text("Match 1: 4 result(s) saved.")
        expect(page.locator("#match-1 .match-score")).not_to_have_text("–")
        _results(rnd1, rng, {first.pk})
        page.reload()
        expect(page.locator("tr.pending")).to_have_count(0)
        page.screenshot(path=shots / "team-03-round1-en.png", full_page=True)

        # --- round 2: an absent team, marked in the browser ---------------------------------
        absent = event.teams.get(name="Jena")
        page.goto(f"{base}/t/{event.pk}/rounds/2/")
        page.select_option(f"#lineup-{absent.tpn} select[name=absence]", "Z")
        expect(page.locator(f"#lineup-{absent.tpn}")).to_contain_text("not paired")
        page.click("#pair-round")
        page.click("#publish-round")
        expect(page.locator(".not-paired")).to_contain_text("Jena")
        rnd2 = m.Round.objects.get(event=event, number=2)
        _results(rnd2, rng, set())

        # --- round 3: Cork's reserve plays board 4; a forfeited match -----------------------
        cork = event.teams.get(name="Cork")
        members = teams.members_of(cork)
        # Bastia's captain enters the line-up on a phone with the team's code (public page)
        bastia = event.teams.get(name="Bastia")
        captain = browser.new_context(viewport={"width": 390, "height": 844}, locale="fr-FR")
        phone = captain.new_page()
        phone.goto(f"{base}/p/{event.public_token}/")
        phone.click("#captain-lineup")
        phone.fill("#code", bastia.lineup_code.lower())
        phone.click("#captain-code button")
        expect(phone.locator("h2")).to_contain_text("Bastia, ronde 3")
        bastia_members = teams.members_of(bastia)
        phone.select_option("select[name=board_2]", str(bastia_members[2].pk))
        phone.select_option("select[name=board_3]", str(bastia_members[3].pk))
        phone.select_option("select[name=board_4]", str(bastia_members[4].pk))
        phone.click("#captain-form button")
        expect(phone.locator("#captain-saved")).to_be_visible()
        phone.screenshot(path=shots / "team-captain-phone-fr.png", full_page=True)
        captain.close()
        page.goto(f"{base}/t/{event.pk}/rounds/3/")
        row = page.locator(f"#lineup-{cork.tpn}")
        row.locator("select[name=board_4]").select_option(str(members[4].pk))
        row.locator("button", has_text="Save").click()
        expect(page.locator(".messages")).to_contain_text("Line-up of Cork saved.")
        # board order against the declared order: the reserve above a starter is refused
        row = page.locator(f"#lineup-{cork.tpn}")
        row.locator("select[name=board_3]").select_option(str(members[4].pk))
        row.locator("select[name=board_4]").select_option(str(members[2].pk))
        row.locator("button", has_text="Save").click()
        expect(page.locator(".messages")).to_contain_text("is declared above")
        expect(page.locator(f"#lineup-{cork.tpn} .badge")).to_have_text("line-up entered")
        page.screenshot(path=shots / "team-lineups3-desktop-en.png", full_page=True)
        _other_views(browser, context, f"{base}/t/{event.pk}/rounds/3/", shots, "lineups3")
        page.click("#pair-round")
        page.click("#publish-round")
        rnd3 = m.Round.objects.get(event=event, number=3)
        reserve_games = rnd3.games.filter(white=members[4]) | rnd3.games.filter(black=members[4])
        assert reserve_games.count() == 1
        # the captain's line-up: Bastia's board 1 stays, its player 2 sits out
        assert not (rnd3.games.filter(white=bastia_members[1]) |
                    rnd3.games.filter(black=bastia_members[1]))
        assert not (rnd3.games.filter(white=members[3]) | rnd3.games.filter(black=members[3]))
        forfeited = rnd3.team_matches.exclude(black=None).exclude(white=cork).exclude(
            black=cork).order_by("number").last()
        forfeit_form = page.locator(f"#match-{forfeited.number} .forfeit-form")
        forfeit_form.locator("select").select_option("-+")
        forfeit_form.locator("button").click()
        expect(page.locator(f"#match-{forfeited.number} .badge.forfeit")).to_be_visible()
        _results(rnd3, rng, {forfeited.pk})
        page.reload()
        page.screenshot(path=shots / "team-04-round3-en.png", full_page=True)

        # --- rounds 4 to 7 --------------------------------------------------------------------
        for _number in range(4, 8):
            rnd = actions.pair_next_round(event, None)
            actions.publish_round(rnd, None)
            _results(rnd, rng, set())

        # --- standings ------------------------------------------------------------------------
        page.click("nav.tabs >> text=Standings")
        expect(page.locator("h2").first).to_contain_text("after round 7")
        expect(page.locator("table.data tbody tr")).to_have_count(16)
        page.screenshot(path=shots / "team-05-standings-en.png", full_page=True)
        page.click("#board-standings-tab")
        expect(page.locator("table.data").first).to_be_visible()
        page.screenshot(path=shots / "team-06-boards-en.png", full_page=True)
        text = page.request.get(f"{base}/t/{event.pk}/export/trf/").text()

        # --- the best team of a category: typed on the teams page, ticked on the prizes page -
        page.goto(f"{base}/t/{event.pk}/teams/")
        for club in ("Cork", "Delft", "Oulu"):
            row = page.locator(f"#team-{event.teams.get(name=club).tpn}")
            row.locator("input[name=categories]").fill("Small clubs, Coast" if club != "Delft"
                                                       else "small CLUBS")
            row.locator(".categories-form button").click()
            expect(page.locator(".messages")).to_contain_text(f"{club}: prize categories saved.")
        page.goto(f"{base}/t/{event.pk}/prizes/")
        page.check("input[value='team:Small clubs']")
        page.click("#show-prizes")
        expect(page.locator("h2").first).to_contain_text("Best team - Small clubs")
        expect(page.locator("table.data tbody tr")).to_have_count(3)
        page.screenshot(path=shots / "team-07-best-team-en.png", full_page=True)

        # --- French, and a phone ----------------------------------------------------------------
        page.goto(f"{base}/p/{event.public_token}/rounds/3/")
        expect(page.locator("section.team-match")).to_have_count(8)
        page.screenshot(path=shots / "team-public-round3-desktop-en.png", full_page=True)
        for name, path in (("teams", f"/t/{event.pk}/teams/"),
                           ("overview", f"/t/{event.pk}/"),
                           ("public-round3", f"/p/{event.public_token}/rounds/3/"),
                           ("round3", f"/t/{event.pk}/rounds/3/"),
                           ("standings", f"/t/{event.pk}/standings/"),
                           ("boards", f"/t/{event.pk}/standings/boards/"),
                           ("best-team", f"/t/{event.pk}/prizes/?cat=team:Coast")):
            _other_views(browser, context, f"{base}{path}", shots, name)

    # --- the export: check agrees on every round, read back equal ----------------------------
    t = parse_trf(text)
    rows = team_rounds(t)
    assert rows[absent.tpn][1].kind is MatchKind.ABSENT
    kinds = {rows[forfeited.white.tpn][2].kind, rows[forfeited.black.tpn][2].kind}
    assert kinds == {MatchKind.FORFEIT_WIN, MatchKind.FORFEIT_LOSS}
    assert t.team_event is not None and (3, cork.tpn) in t.team_event.lineups
    assert write_trf(t, points="computed") == text
    path = tmp_path / "team-event.trf"
    path.write_text(text, encoding="utf-8")
    done = run_cli("check", str(path))
    assert done.returncode == 0, done.stdout + done.stderr
