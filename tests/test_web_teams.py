"""Team events in the web app (issue 27 part 6; C.04.6): the tables, the mapping to the team
model (the engine, checker, standings and TRF-2026 export are the command line's), line-ups,
absent teams, the pairing of teams with their boards, results board by board, forfeited
matches, team standings, the pages in English and French."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from django.test import Client

from swisspairing.checker.check import check_tournament
from swisspairing.errors import BadRequest
from swisspairing.formats.trf import parse_trf, write_trf
from swisspairing.interfaces.web import actions, convert, teams
from swisspairing.interfaces.web import models as m
from swisspairing.interfaces.web.imports import Candidate
from swisspairing.model import Tournament
from swisspairing.model.teams import MatchKind, team_rounds
from swisspairing.systems import get_system
from web_helpers import FRENCH, pdf_pages

pytestmark = pytest.mark.django_db


def team_event(n_teams: int = 6, boards: int = 4, reserves: int = 1, rounds: int = 5,
               seed: int = 1) -> m.Event:
    """A team event of ``n_teams`` teams of ``boards`` + ``reserves`` members, ratings drawn
    from ``seed``, registered through :func:`teams.add_team`."""
    rng = random.Random(seed)
    event = m.Event(name="Team open", rounds=rounds, system="team-swiss", initial_colour="w")
    actions.create_event(event, None)
    teams.save_settings(event, boards=boards, colour_type="A", primary="MP", win=2, draw=1,
                        loss=0, user=None)
    for i in range(n_teams):
        base = rng.randint(1500, 2400)
        ratings = sorted((base + rng.randint(-100, 100) for _ in range(boards + reserves)),
                         reverse=True)
        teams.add_team(event, f"Club {i:02d}",
                       [Candidate(name=f"Player {i:02d}-{b}", rating=r)
                        for b, r in enumerate(ratings, 1)], None)
    return event


def play_team_round(event: m.Event, rng: random.Random) -> m.Round:
    rnd = actions.pair_next_round(event, None)
    actions.publish_round(rnd, None)
    for match in rnd.team_matches.exclude(black=None):
        teams.set_match_results(match, {g.pk: rng.choice(["1-0", "0-1", "="])
                                        for g in match.games.all()}, None)
    return rnd


def test_a_team_round_is_paired_with_its_boards_and_colours() -> None:
    event = team_event(5)
    rnd = actions.pair_next_round(event, None)
    matches = list(rnd.team_matches.select_related("white", "black"))
    assert len(matches) == 3 and sum(x.black_id is None for x in matches) == 1
    for match in matches:
        games = sorted(match.games.select_related("white", "black"), key=lambda g: g.board)
        if match.black is None:  # the team bye: its four starters, each a U cell (C.04.6 1.4)
            assert [g.white_code for g in games] == ["U"] * 4
            continue
        white = [e.pk for e in teams.members_of(match.white)[:4]]
        black = [e.pk for e in teams.members_of(match.black)[:4]]
        # 352 WBWB: the team with White has White on boards 1 and 3 (module docstring)
        assert [g.white_id for g in games] == [white[0], black[1], white[2], black[3]]
        assert [g.black_id for g in games] == [black[0], white[1], black[2], white[3]]


def test_lineups_absences_forfeits_map_to_the_team_model_and_the_trf_reads_back_equal() -> None:
    """A reserve in round 2, an absent team in round 3, a forfeited match: the tournament the
    web app builds holds them as the TRF-2026 team records (300, 240, 330), its export passes
    the checker (the engine pairs every round as stored) and reads back equal."""
    rng = random.Random(3)
    event = team_event(8, rounds=4)
    play_team_round(event, rng)
    club = event.teams.get(tpn=2)
    members = teams.members_of(club)
    lineup = [members[0].pk, members[1].pk, members[2].pk, members[4].pk]  # the reserve on 4
    teams.set_lineup(club, 2, lineup, None)
    rnd2 = play_team_round(event, rng)
    absent = event.teams.get(tpn=5)
    teams.set_absence(absent, 3, "Z", None)
    rnd3 = actions.pair_next_round(event, None)
    actions.publish_round(rnd3, None)
    assert not rnd3.team_matches.filter(white=absent).exists()
    assert not rnd3.team_matches.filter(black=absent).exists()
    forfeited = rnd3.team_matches.exclude(black=None).first()
    teams.set_match_forfeit(forfeited, "-+", None)
    for match in rnd3.team_matches.exclude(black=None).exclude(pk=forfeited.pk):
        teams.set_match_results(match, {g.pk: "=" for g in match.games.all()}, None)
    t = convert.tournament_of(event)
    ev = t.team_event
    assert t.rounds_paired == 3 and len(ev.teams) == 8
    assert ev.lineups[(2, 2)].players == tuple(e.tpn for e in
                                               m.Entrant.objects.filter(pk__in=lineup)
                                               .order_by("tpn"))
    # the reserve played board 4 of round 2
    reserve_games = [g for g in rnd2.games.all() if members[4].pk in (g.white_id, g.black_id)]
    assert len(reserve_games) == 1 and reserve_games[0].board % 4 == 0
    assert ev.absent[3] == {5: "Z"}
    rows = team_rounds(t)
    assert rows[5][2].kind is MatchKind.ABSENT
    white, black = forfeited.white.tpn, forfeited.black.tpn
    assert rows[black][2].kind is MatchKind.FORFEIT_WIN
    assert rows[white][2].kind is MatchKind.FORFEIT_LOSS
    assert rows[black][2].match_points == 2 and rows[white][2].match_points == 0
    text = write_trf(t, points="computed")
    for record in ("192 FIDE_TEAM", "310 ", "300 ", "330 ", "240 ", "352 WBWB", "362 "):
        assert record in text, record
    back = parse_trf(text)
    assert write_trf(back, points="computed") == text
    report = check_tournament(back, "team-swiss")
    assert all(r.ok and r.agrees for r in report.rounds), report.render(back, "en")


def test_lineups_are_checked_against_the_declared_order() -> None:
    event = team_event(4)
    club = event.teams.get(tpn=1)
    members = teams.members_of(club)
    pks = [e.pk for e in members]
    with pytest.raises(BadRequest, match=r"board 2: .* is declared above"):
        teams.set_lineup(club, 1, [pks[1], pks[0], pks[2], pks[3]], None)
    with pytest.raises(BadRequest, match="4 boards, 3 players"):
        teams.set_lineup(club, 1, pks[:3], None)
    with pytest.raises(BadRequest, match="two boards"):
        teams.set_lineup(club, 1, [pks[0], pks[0], pks[2], pks[3]], None)
    other = teams.members_of(event.teams.get(tpn=2))[0].pk
    with pytest.raises(BadRequest, match="board 4: not a member"):
        teams.set_lineup(club, 1, [pks[0], pks[1], pks[2], other], None)
    teams.set_lineup(club, 1, [pks[0], pks[2], pks[3], pks[4]], None)
    assert [e.pk for e in teams.lineup_of(club, 1, 4)] == [pks[0], pks[2], pks[3], pks[4]]
    teams.set_lineup(club, 1, [], None)  # back to the declared starters
    assert [e.pk for e in teams.lineup_of(club, 1, 4)] == pks[:4]
    actions.pair_next_round(event, None)
    with pytest.raises(BadRequest, match="round 1 is paired"):
        teams.set_lineup(club, 1, pks[:4], None)


def test_team_numbers_follow_strength_and_bad_teams_are_refused() -> None:
    event = team_event(3)
    strengths = [int(t.strength) for t in event.teams.order_by("tpn")]
    assert strengths == sorted(strengths, reverse=True)  # C.04.6 1.1.2 (our default)
    with pytest.raises(BadRequest, match="already entered"):
        teams.add_team(event, "club 00", [Candidate(name="X")], None)
    with pytest.raises(BadRequest, match="no member"):
        teams.add_team(event, "Empty", [], None)
    short = teams.add_team(event, "Short", [Candidate(name="Only one", rating=1000)], None)
    with pytest.raises(BadRequest, match="Short has fewer members than the 4 boards"):
        actions.pair_next_round(event, None)
    teams.delete_team(short, None)
    assert event.entrants.count() == 15
    assert sorted(event.entrants.values_list("tpn", flat=True)) == list(range(1, 16))
    actions.pair_next_round(event, None)
    with pytest.raises(BadRequest, match="round 1 is paired"):
        teams.save_settings(event, boards=6, colour_type="A", primary="MP", win=2, draw=1,
                            loss=0, user=None)


def test_the_pages_register_teams_enter_lineups_pair_and_take_results(arbiter: Client) -> None:
    """Through the pages, as an arbiter does: settings, teams by CSV and typed, a line-up with
    a reserve, an absent team, pairing, publishing, a match's results, a forfeited match, the
    team and board standings, the TRF export; in English and French."""
    from django.urls import reverse

    event = m.Event(name="Club teams", rounds=3, system="team-swiss", initial_colour="w")
    actions.create_event(event, None)
    url = reverse("web:teams", args=[event.pk])
    page = arbiter.post(url, {"what": "settings", "boards": "2", "colour_type": "B",
                              "primary": "MP", "match_win": "2", "match_draw": "1",
                              "match_loss": "0"}, follow=True).content.decode()
    assert "Team settings saved." in page
    bad = arbiter.post(url, {"what": "settings", "boards": "40", "colour_type": "A",
                             "primary": "MP", "match_win": "2", "match_draw": "1",
                             "match_loss": "0"}, follow=True).content.decode()
    assert "boards" in bad and "40" in bad
    from django.core.files.uploadedfile import SimpleUploadedFile

    csv = b"name,rating\nAnna Alpha,2100\nBen Beta,2000\nCid Gamma,1900\n"
    page = arbiter.post(url, {"what": "add", "name": "Rooks",
                              "file": SimpleUploadedFile("rooks.csv", csv)},
                        follow=True).content.decode()
    assert "Team Rooks added (3 members)." in page
    for name, base in (("Knights", 1800), ("Bishops", 2200), ("Pawns", 1500)):
        arbiter.post(url, {"what": "add", "name": name,
                           "members": f"{name} One; {base}\n{name} Two; {base - 50}"})
    bad = arbiter.post(url, {"what": "add", "name": "Queens", "members": "Q One; lots"},
                       follow=True).content.decode()
    assert "rating" in bad and "lots" in bad and not event.teams.filter(name="Queens").exists()
    assert list(event.teams.values_list("name", flat=True)) == [
        "Bishops", "Rooks", "Knights", "Pawns"]  # strength order (C.04.6 1.1.2)
    rooks = event.teams.get(name="Rooks")
    anna, ben, cid = teams.members_of(rooks)
    lineup = reverse("web:team-lineup", args=[event.pk, 1, rooks.pk])
    page = arbiter.post(lineup, {"board_1": ben.pk, "board_2": anna.pk},
                        follow=True).content.decode()
    assert "is declared above" in page
    arbiter.post(lineup, {"board_1": anna.pk, "board_2": cid.pk})  # the reserve plays board 2
    pawns = event.teams.get(name="Pawns")
    arbiter.post(reverse("web:team-lineup", args=[event.pk, 1, pawns.pk]), {"absence": "Z"})
    page = arbiter.get(reverse("web:round", args=[event.pk, 1])).content.decode()
    assert "line-up entered" in page and 'value="Z" selected' in page
    arbiter.post(reverse("web:round-action", args=[event.pk, 1, "pair"]),
                 {"revision": m.Event.objects.get(pk=event.pk).revision})
    from swisspairing.interfaces.web import pairing_jobs

    pairing_jobs.wait_for_jobs(60)
    rnd = m.Round.objects.get(event=event, number=1)
    assert rnd.team_matches.count() == 2  # 3 teams: one match and the team bye
    arbiter.post(reverse("web:round-action", args=[event.pk, 1, "publish"]),
                 {"version": rnd.version})
    match = rnd.team_matches.exclude(black=None).get()
    games = list(match.games.all())
    assert cid.pk in {g.white_id for g in games} | {g.black_id for g in games}
    page = arbiter.post(reverse("web:team-match", args=[event.pk, 1, match.pk]),
                        {f"game_{g.pk}": "1-0" for g in games}, follow=True).content.decode()
    assert "2 result(s) saved" in page
    assert arbiter.post(reverse("web:team-match", args=[event.pk, 1, match.pk]),
                        {f"game_{games[0].pk}": "9-9"}, follow=True).status_code == 200
    page = arbiter.get(reverse("web:standings", args=[event.pk])).content.decode()
    assert "Bishops" in page and "Pawns" in page
    page = arbiter.get(reverse("web:standings-view", args=[event.pk, "boards"]),
                       **FRENCH).content.decode()
    assert "chiquier" in page or "Échiquier" in page or "Table" in page
    text = arbiter.get(reverse("web:export", args=[event.pk, "trf"])).content.decode()
    assert "300 " in text and "240 " in text and "192 FIDE_TEAM_TYPEB_MP_GP" in text
    # round 2: a forfeited match
    rnd2 = actions.pair_next_round(event, None)
    actions.publish_round(rnd2, None)
    match2 = rnd2.team_matches.exclude(black=None).first()
    arbiter.post(reverse("web:team-match", args=[event.pk, 2, match2.pk]), {"forfeit": "+-"})
    match2.refresh_from_db()
    assert match2.forfeit == "+-"
    page = arbiter.get(reverse("web:round", args=[event.pk, 2]), **FRENCH).content.decode()
    assert "Ronde 2" in page
    # the explanation's heading names the system in words, not by its id (issue 25 item 10)
    assert "Système suisse par équipes" in page and "(team-swiss)" not in page


def test_every_page_of_a_team_event_answers(arbiter: Client) -> None:
    """The pages shared with individual events (overview, players, check, printouts, PDF,
    exports, audit, public pages, hall) hold a team event too: none fails."""
    from django.urls import reverse

    event = team_event(7, rounds=4)
    rng = random.Random(1)
    play_team_round(event, rng)
    play_team_round(event, rng)
    pk, token = event.pk, event.public_token
    urls = [reverse("web:event", args=[pk]), reverse("web:players", args=[pk]),
            reverse("web:teams", args=[pk]), reverse("web:round", args=[pk, 1]),
            reverse("web:round", args=[pk, 3]), reverse("web:check", args=[pk]),
            reverse("web:standings", args=[pk]),
            reverse("web:standings-view", args=[pk, "crosstable"]),
            reverse("web:standings-view", args=[pk, "boards"]),
            reverse("web:pdf", args=[pk]), reverse("web:prizes", args=[pk]),
            reverse("web:round-print", args=[pk, 1, "board"]),
            reverse("web:export", args=[pk, "trf"]), reverse("web:export", args=[pk, "trf26"]),
            reverse("web:export", args=[pk, "trf16"]), reverse("web:audit", args=[pk]),
            reverse("web:public", args=[token]), reverse("web:public-round", args=[token, 1]),
            reverse("web:public-standings", args=[token]), reverse("hall:overview", args=[pk]),
            reverse("web:event-edit", args=[pk])]
    for url in urls:
        assert arbiter.get(url).status_code == 200, url
        assert arbiter.get(url, **FRENCH).status_code == 200, url
    page = arbiter.get(reverse("web:check", args=[pk])).content.decode()
    assert "2 round(s) checked, 0 discrepant, 0 violation(s)" in page
    page = arbiter.get(reverse("web:event", args=[pk]), **FRENCH).content.decode()
    assert "7</a>, 4 échiquiers" in page
    assert arbiter.get(reverse("web:standings-view", args=[pk, "wallchart"])).status_code == 404


REFERENCE = Path(__file__).resolve().parents[2] / "shared" / "cases-2026" / "team-swiss"


def _facts(t: Tournament) -> dict[int, list[tuple[object, ...]]]:
    """Each team's rounds as the standings and the engine see them."""
    return {tid: [(x.opponent, x.colour, x.kind, x.match_points, x.game_points)
                  for x in rows] for tid, rows in team_rounds(t).items()}


@pytest.mark.skipif(not REFERENCE.is_dir(),
                    reason="../shared/cases-2026 is not next to the repository")
def test_team_trf_files_import_with_the_same_facts_and_next_pairing() -> None:
    """Every team file of ``../shared/cases-2026/team-swiss`` imported: the teams' rounds
    (opponent, colour, kind, match and game points) are those of the file, the engine pairs
    the next round from the stored event as from the file, and the export reads back equal."""
    files = sorted(REFERENCE.glob("*.trf"))
    assert len(files) >= 55
    for path in files:
        original = parse_trf(path.read_text(encoding="utf-8"), path)
        event = convert.store_tournament(parse_trf(path.read_text(encoding="utf-8"), path),
                                         "team-swiss")
        stored = convert.tournament_of(event)
        assert stored.rounds_paired == original.rounds_paired, path.name
        assert _facts(stored) == _facts(original), path.name
        r = original.rounds_paired + 1
        ours = get_system("team-swiss").pair(stored, r)
        theirs = get_system("team-swiss").pair(original, r)
        assert (ours.boards, ours.bye) == (theirs.boards, theirs.bye), path.name
        text = write_trf(stored, points="computed")
        assert write_trf(parse_trf(text), points="computed") == text, path.name


def test_a_team_trf_is_imported_from_the_home_page(arbiter: Client) -> None:
    """The home page's TRF import takes a team file (its 310 records; 192 FIDE_TEAM...): its
    rounds become published rounds of matches; a malformed team record is refused with its
    line named, and nothing is stored."""
    from django.core.files.uploadedfile import SimpleUploadedFile
    from django.urls import reverse

    event = team_event(6, rounds=4)
    rng = random.Random(5)
    play_team_round(event, rng)
    text = write_trf(convert.tournament_of(event), points="computed")
    page = arbiter.post(reverse("web:import-trf"),
                        {"file": SimpleUploadedFile("teams.trf", text.encode())},
                        follow=True).content.decode()
    imported = m.Event.objects.exclude(pk=event.pk).get()
    assert imported.system == "team-swiss" and imported.teams.count() == 6
    assert imported.round_set.get().team_matches.count() == 3
    assert "Round 1" in page or imported.name in page
    assert write_trf(convert.tournament_of(imported), points="computed") == text
    bad = text.replace("\n310   1 ", "\n310   X ", 1)
    page = arbiter.post(reverse("web:import-trf"),
                        {"file": SimpleUploadedFile("bad.trf", bad.encode())},
                        follow=True).content.decode()
    assert "line" in page and "310" in page
    assert m.Event.objects.count() == 2


def test_public_pages_hall_and_screens_show_matches_with_their_boards() -> None:
    """The public round page lists the matches with their boards and results read from the
    team named first; the public standings are the team standings; the hall's boards panel
    and a screen name each match above its boards; players enter their board's result in the
    hall with their codes (the match result follows)."""
    from hall_helpers import code_of, enter
    from swisspairing.interfaces.web.hall import models as h

    event = team_event(4, rounds=3)
    rnd = actions.pair_next_round(event, None)
    actions.publish_round(rnd, None)
    token = event.public_token
    first = rnd.team_matches.get(number=1)
    games = sorted(first.games.all(), key=lambda g: g.board)
    # boards 2 and 4: the team named first has Black (352 WBWB); its players win
    teams.set_match_results(first, {games[0].pk: "=", games[1].pk: "0-1",
                                    games[2].pk: "1-0", games[3].pk: "0-1"}, None)
    page = Client().get(f"/p/{token}/rounds/1/").content.decode()
    head = f"{first.white.name} <span class=\"match-score\">3.5 – 0.5</span> {first.black.name}"
    assert head in page
    assert page.count("½-½") == 1 and page.count("1-0") == 3  # read from the first team
    other = rnd.team_matches.get(number=2)
    game = sorted(other.games.select_related("white", "black"), key=lambda g: g.board)[0]
    client = Client()
    enter(client, code_of(game, h.WHITE), "1-0")
    enter(Client(), code_of(game, h.BLACK), "1-0")
    game.refresh_from_db()
    assert game.result == "1-0"
    live = Client().get(f"/h/{token}/").content.decode()
    assert f"1. {first.white.name} 3.5 – 0.5 {first.black.name}" in live
    assert f"2. {other.white.name} – {other.black.name}" in live
    for match in rnd.team_matches.exclude(black=None):
        teams.set_match_results(match, {g.pk: "1-0" for g in match.games.all()}, None)
    page = Client().get(f"/p/{token}/standings/").content.decode()
    assert "MPVGP" in page and first.white.name in page
    scr = h.Screen.objects.create(event=event, name="S", panels="boards,standings", rows=8)
    page = Client().get(f"/h/{token}/screen/{scr.pk}/").content.decode()
    # every board 1-0 for White: two boards each (352 WBWB), a drawn match
    assert f"1. {first.white.name} 2 – 2 {first.black.name}" in page and "MPVGP" in page


def test_a_captain_enters_the_lineup_with_the_code_until_the_deadline() -> None:
    """The captain's page (public, no login): a wrong code is refused; the team's code gives
    the line-up form of the next round, checked against the declared order as the arbiter's;
    past the deadline the arbiter set, or once the round is paired, it is refused."""
    from datetime import timedelta

    from django.utils import timezone

    event = team_event(4, rounds=3)
    club = event.teams.get(tpn=3)
    members = teams.members_of(club)
    url = f"/p/{event.public_token}/lineup/"
    phone = Client()
    assert "captain-lineup" in phone.get(f"/p/{event.public_token}/").content.decode()
    page = phone.post(url, {"code": "WRONGCODE1"}).content.decode()
    assert "not a captain&#x27;s code" in page
    code = club.lineup_code.lower()  # typed in small letters, with a space
    page = phone.post(url, {"code": f"{code[:5]} {code[5:]}"}).content.decode()
    assert f"{club.name}, round 1" in page and 'name="board_4"' in page
    pks = [e.pk for e in members]
    page = phone.post(url, {"code": code, "save": "1", "board_1": pks[1], "board_2": pks[0],
                            "board_3": pks[2], "board_4": pks[3]}).content.decode()
    assert "is declared above" in page
    page = phone.post(url, {"code": code, "save": "1", "board_1": pks[0], "board_2": pks[1],
                            "board_3": pks[2], "board_4": pks[4]}).content.decode()
    assert "captain-saved" in page
    assert [e.pk for e in teams.lineup_of(club, 1, 4)] == [pks[0], pks[1], pks[2], pks[4]]
    assert event.audit.filter(action="team-lineup", target__contains="(captain)").exists()
    teams.set_deadline(event, 1, timezone.now() - timedelta(minutes=1), None)
    page = phone.post(url, {"code": code}).content.decode()
    assert "closed at" in page
    teams.set_deadline(event, 1, None, None)
    actions.pair_next_round(event, None)
    page = phone.post(url, {"code": code, "save": "1", "board_1": pks[0], "board_2": pks[1],
                            "board_3": pks[2], "board_4": pks[3]}).content.decode()
    assert f"{club.name}, round 1" not in page  # round 2 now, or refused
    assert [e.pk for e in teams.lineup_of(club, 1, 4)] == [pks[0], pks[1], pks[2], pks[4]]


def test_the_arbiter_sets_the_captains_deadline_on_the_round_page(arbiter: Client) -> None:
    from django.urls import reverse

    event = team_event(4, rounds=3)
    url = reverse("web:team-lineup-deadline", args=[event.pk, 1])
    page = arbiter.post(url, {"deadline": "2026-13-40T25:00"}, follow=True).content.decode()
    assert "is not a date and time" in page
    arbiter.post(url, {"deadline": "2026-03-01T09:30"})
    assert teams.deadline_of(event, 1).isoformat().startswith("2026-03-01T09:30")
    page = arbiter.get(reverse("web:round", args=[event.pk, 1])).content.decode()
    assert 'value="2026-03-01T09:30"' in page
    arbiter.post(url, {"deadline": ""})
    assert teams.deadline_of(event, 1) is None


def test_a_member_is_found_in_the_fide_rating_list_and_added_to_a_team(arbiter: Client) -> None:
    """The teams page searches the loaded FIDE rating list as the players' page does; the
    player found is added after the team's last member; a player already entered is not."""
    from django.urls import reverse

    from swisspairing.interfaces.web.imports import search_key

    load = m.RatingListLoad.objects.create(source="list.txt", status="done", active=True)
    for fide_id, name, rating in (("640001", "Garnier, Chloé", 2210),
                                  ("640002", "Garnier, Paul", 1980)):
        m.RatingEntry.objects.create(load=load, fide_id=fide_id, name=name,
                                     key=search_key(name), federation="FRA", rating=rating)
    event = team_event(2)
    club = event.teams.get(tpn=2)
    page = arbiter.get(reverse("web:teams", args=[event.pk])).content.decode()
    assert "team-rating-search" in page or "rating-list/search" in page
    found = arbiter.get(reverse("web:team-rating-search", args=[event.pk, club.pk]),
                        {"find": "garnier chl"}).content.decode()
    assert "Garnier, Chloé" in found and "Garnier, Paul" not in found
    entry = m.RatingEntry.objects.get(fide_id="640001")
    add = reverse("web:team-rating-add", args=[event.pk, club.pk, entry.pk])
    page = arbiter.post(add, follow=True).content.decode()
    assert f"Members added to {club.name}." in page
    members = teams.members_of(club)
    assert (members[-1].name, members[-1].fide_id, members[-1].rating) == (
        "Garnier, Chloé", "640001", 2210)
    page = arbiter.post(add, follow=True).content.decode()
    assert "already entered" in page and len(teams.members_of(club)) == len(members)


def test_a_player_without_a_team_is_refused_and_the_player_limit_holds(
        arbiter: Client, settings: object) -> None:
    """A team event's players join with their team: the players page's add is refused with
    the reason; the event's player limit counts the members."""
    from django.urls import reverse

    event = team_event(2)
    with pytest.raises(BadRequest, match="Teams page"):
        actions.add_entrant(event, Candidate(name="Loner"), None)
    page = arbiter.post(reverse("web:players", args=[event.pk]),
                        {"surname": "Loner", "rating": "1500"}, follow=True).content.decode()
    assert "Teams page" in page and not event.entrants.filter(name__icontains="Loner").exists()
    settings.SWISSPAIRING_MAX_PLAYERS = 12  # type: ignore[attr-defined]
    page = arbiter.post(reverse("web:teams", args=[event.pk]),
                        {"what": "add", "name": "Big", "members": "A\nB\nC"},
                        follow=True).content.decode()
    assert "at most 12 players" in page and not event.teams.filter(name="Big").exists()


def test_generated_team_events_import_with_their_facts_and_next_pairing() -> None:
    """Team events of the generator (absent teams, reserves in line-ups, forfeited matches,
    the team bye with its 320 values) imported: the same team facts, the same next pairing,
    and the web app pairs, stores and exports the next round as the command line does."""
    from swisspairing.checker.generator import GeneratorConfig
    from swisspairing.checker.team_generator import generate_team_event

    system = get_system("team-swiss")
    seen = {"forfeits": 0, "absent": 0, "lineups": 0}
    for seed in range(4):
        config = GeneratorConfig(players=11, rounds=5, boards=4, forfeit_rate=0.1,
                                 zero_point_bye_rate=0.08, reserve_rate=0.3)
        generated = generate_team_event(system, config, seed)
        text = write_trf(generated, points="computed")
        event = convert.store_tournament(parse_trf(text), "team-swiss")
        stored = convert.tournament_of(event)
        assert _facts(stored) == _facts(parse_trf(text)), seed
        assert stored.team_event is not None and generated.team_event is not None
        assert stored.team_event.lineups.keys() == generated.team_event.lineups.keys(), seed
        seen["forfeits"] += event.round_set.filter(team_matches__forfeit__gt="").count()
        seen["absent"] += m.TeamAbsence.objects.filter(event=event).count()
        seen["lineups"] += m.TeamLineup.objects.filter(event=event).count()
        event.rounds = 6
        event.save()
        rnd = actions.pair_next_round(event, None)
        theirs = system.pair(parse_trf(text), 6)
        assert teams.round_team_pairing(rnd).boards == theirs.boards, seed
        assert teams.round_team_pairing(rnd).bye == theirs.bye, seed
    assert all(seen.values()), seen  # the events had each kind of record


def test_the_team_standings_pdf_holds_the_three_tables(arbiter: Client) -> None:
    """The standings PDF of a team event: team standings, board results, crosstable (read
    back from the PDF's text)."""
    from django.urls import reverse

    event = team_event(4, rounds=3)
    rng = random.Random(9)
    play_team_round(event, rng)
    response = arbiter.get(reverse("web:pdf", args=[event.pk]))
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    text = "\n".join(pdf_pages(response.content))
    assert "standings after round 1" in text and "Board results after round 1" in text
    assert all(t.name in text for t in event.teams.all())


def test_a_late_team_and_a_withdrawn_team(arbiter: Client) -> None:
    """A team entered after round 1 takes the number after the last team and is absent with
    zero points in the rounds paired (GHR 2.4); a team withdrawn from round 3 is not paired
    from then on (GHR 3.2), and a withdrawal in force in a paired round stays. The export
    passes the checker on every round and reads back equal."""
    from django.urls import reverse

    rng = random.Random(11)
    event = team_event(6, rounds=5)
    play_team_round(event, rng)
    url = reverse("web:teams", args=[event.pk])
    page = arbiter.post(url, {"what": "add", "name": "Latecomers",
                              "members": "L One; 2500\nL Two; 2490\nL Three; 2480\nL Four; 2470"},
                        follow=True).content.decode()
    assert "Team Latecomers added (4 members)." in page
    late = event.teams.get(name="Latecomers")
    assert late.tpn == 7  # after the last team, although the strongest (C.04.6 1.1.3)
    quitter = event.teams.get(tpn=2)
    page = arbiter.post(url, {"what": "withdraw", "team": quitter.pk, "from_round": "3"},
                        follow=True).content.decode()
    assert "withdrawal saved" in page and "withdrawn from round 3" in page
    with pytest.raises(BadRequest, match="from 2 to 5"):
        teams.set_team_withdrawal(quitter, 1, None)
    rnd2 = play_team_round(event, rng)
    assert rnd2.team_matches.filter(white=late).exists() or \
        rnd2.team_matches.filter(black=late).exists()
    rnd3 = play_team_round(event, rng)
    assert not rnd3.team_matches.filter(white=quitter).exists()
    assert not rnd3.team_matches.filter(black=quitter).exists()
    quitter.refresh_from_db()
    with pytest.raises(BadRequest, match="stays withdrawn"):
        teams.set_team_withdrawal(quitter, None, None)
    t = convert.tournament_of(event)
    rows = team_rounds(t)
    assert rows[7][0].kind is MatchKind.ABSENT and rows[7][0].match_points == 0
    assert rows[2][2].kind is MatchKind.ABSENT
    text = write_trf(t, points="computed")
    assert "team-withdrawn" in text
    back = parse_trf(text)
    assert write_trf(back, points="computed") == text
    report = check_tournament(back, "team-swiss")
    assert all(r.ok and r.agrees for r in report.rounds), report.render(back, "en")


def test_the_keyboard_grid_takes_the_boards_of_a_published_team_round(arbiter: Client) -> None:
    """``?view=grid`` shows every board of a published team round in the results grid of
    individual events; a result typed there is the board's result (the match follows)."""
    from django.urls import reverse

    event = team_event(4, rounds=3)
    rnd = actions.pair_next_round(event, None)
    url = reverse("web:round", args=[event.pk, 1])
    assert "results-grid" not in arbiter.get(url + "?view=grid").content.decode()  # a draft
    actions.publish_round(rnd, None)
    page = arbiter.get(url + "?view=grid").content.decode()
    assert 'id="results-grid"' in page and "team-matches-link" in page
    assert "keyboard-grid" in arbiter.get(url).content.decode()
    game = rnd.games.exclude(black=None).order_by("board").first()
    response = arbiter.post(reverse("web:result", args=[event.pk, 1, game.pk]),
                            {"result": "1-0", "version": game.version},
                            HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    game.refresh_from_db()
    assert game.result == "1-0"


def test_the_round_printout_lists_the_matches_with_their_boards(arbiter: Client) -> None:
    """The pairing printout (page and PDF) of a team round: each match, then its boards with
    the first team's player and colour; the absent team underneath."""
    from django.urls import reverse

    event = team_event(5, rounds=3)
    absent = event.teams.get(tpn=5)
    teams.set_absence(absent, 1, "Z", None)
    rnd = actions.pair_next_round(event, None)
    actions.publish_round(rnd, None)
    first = rnd.team_matches.get(number=1)
    page = arbiter.get(reverse("web:round-print", args=[event.pk, 1, "board"]),
                       **FRENCH).content.decode()
    assert "Ronde 1 - matchs et échiquiers" in page and first.white.name in page
    assert f"Non appariés : {absent.name} (Z)" in page or f"{absent.name} (Z)" in page
    data = arbiter.get(reverse("web:round-print-pdf", args=[event.pk, 1, "board"])).content
    text = pdf_pages(data)[0]
    assert "Round 1 - matches and boards" in text and first.black.name in text
    assert text.count("White") >= 2 and text.count("Black") >= 2


def test_the_team_tie_breaks_are_chosen_in_the_settings(arbiter: Client) -> None:
    """The settings take a team tie-break list (C.07 codes for teams), refuse an unknown code
    by name, rank the standings with it and write it as the 202 record (read back equal)."""
    from django.urls import reverse

    event = team_event(4, rounds=3)
    assert event.tiebreaks == ""  # a team event has no individual tie-breaks
    url = reverse("web:teams", args=[event.pk])
    values = {"what": "settings", "boards": "4", "colour_type": "A", "primary": "MP",
              "match_win": "2", "match_draw": "1", "match_loss": "0"}
    page = arbiter.post(url, {**values, "tiebreaks": "MPVGP, WIN"}, follow=True).content.decode()
    assert "team tie-breaks" in page and "WIN" in page
    arbiter.post(url, {**values, "tiebreaks": "bh/c1, mpvgp"})
    assert teams.settings_of(event).tiebreaks == "BH/C1,MPVGP"
    play_team_round(event, random.Random(4))
    page = arbiter.get(reverse("web:standings", args=[event.pk])).content.decode()
    assert page.index("BH/C1") < page.index("MPVGP")
    text = write_trf(convert.tournament_of(event), points="computed")
    assert "\n202 BH/C1,MPVGP\n" in text
    assert write_trf(parse_trf(text), points="computed") == text
    imported = convert.store_tournament(parse_trf(text), "team-swiss")
    assert teams.settings_of(imported).tiebreaks == "BH/C1,MPVGP"


def test_who_plays_where_of_a_team_round_names_each_member_team_match_board_colour(
        arbiter: Client) -> None:
    """The alphabetical list of a team round (page, EN/FR): each member with the team, the
    match, the board, the colour and the opponent; the reserve not in the line-up and the
    members of an absent team with why (TRF ``240``)."""
    from django.urls import reverse

    from swisspairing.interfaces.web.team_printouts import member_sittings

    event = team_event(5, rounds=3)
    absent = event.teams.get(tpn=5)
    teams.set_absence(absent, 1, "Z", None)
    rnd = actions.pair_next_round(event, None)
    sittings = {s.entrant.pk: s for s in member_sittings(rnd)}
    assert len(sittings) == 5 * 5  # every member, once
    match = rnd.team_matches.exclude(black=None).first()
    game = match.games.order_by("board").first()
    white, black = sittings[game.white_id], sittings[game.black_id]
    assert (white.white, black.white) == (True, False)
    assert white.match == black.match == match.number and white.board == black.board == 1
    assert {white.team.pk, black.team.pk} == {match.white_id, match.black_id}
    assert white.opponent.pk == game.black_id and black.opponent_team.pk == white.team.pk
    reserve = teams.members_of(match.white)[-1]
    assert sittings[reserve.pk].board is None
    page = arbiter.get(reverse("web:round-print", args=[event.pk, 1, "alpha"]),
                       **FRENCH).content.decode()
    assert "Ronde 1 - qui joue où (ordre alphabétique)" in page
    assert "pas dans la composition" in page and "équipe absente" in page
    assert f"{game.black.name} ({black.team.name})" in page
    names = [s.entrant.name for s in member_sittings(rnd)]
    assert names == sorted(names)
    english = arbiter.get(reverse("web:round-print", args=[event.pk, 1, "alpha"])
                          ).content.decode()
    assert "not in the line-up" in english and "team absent" in english


def test_team_result_slips_are_one_per_match_with_boards_total_and_captains(
        arbiter: Client) -> None:
    """The result slips of a team round: one slip a match (the team bye has none), each with
    both teams, each board's players and colours, the match total and both captains'
    signatures, three 4-board slips to an A4 page, no captain's code."""
    from django.urls import reverse

    from swisspairing.interfaces.web.team_printouts import slips_per_page

    assert slips_per_page(4) == 3 and slips_per_page(12) == 2 and slips_per_page(1) == 4
    event = team_event(9, rounds=3)
    teams.ensure_codes(event)
    rnd = actions.pair_next_round(event, None)
    matches = list(rnd.team_matches.exclude(black=None).select_related("white", "black"))
    assert len(matches) == 4 and rnd.team_matches.filter(black=None).count() == 1
    data = arbiter.get(reverse("web:round-print-pdf", args=[event.pk, 1, "slips"])).content
    pages = pdf_pages(data)
    assert len(pages) == 2
    text = "\n".join(pages)
    for match in matches:
        assert (f"match {match.number}: {match.white.name} - {match.black.name}"
                in text.replace("\r", ""))
        assert f"Captain of {match.white.name}" in text
        assert f"Captain of {match.black.name}" in text
        for g in match.games.select_related("white", "black"):
            assert g.white.name in text and g.black.name in text
    assert text.count("Match total") == 4
    assert text.count("White") >= 4 * 4 and text.count("Black") >= 4 * 4
    for team in event.teams.all():
        assert team.lineup_code not in text
    french = arbiter.get(reverse("web:round-print-pdf", args=[event.pk, 1, "slips"]),
                         {"lang": "fr"}).content
    first = pdf_pages(french)[0]
    assert "Total du match" in first and "Capitaine de" in first


def _matches(rnd: m.Round) -> list[tuple[int, int | None]]:
    return [(x.white.tpn, x.black.tpn if x.black else None)
            for x in rnd.team_matches.select_related("white", "black").order_by("number")]


def test_a_draft_team_pairing_is_changed_by_hand_checked_and_undone() -> None:
    """Manual changes of a draft team round (issue 27): a match's colours swapped (the other
    team White on board 1, its boards' colours following, C.04.6 Art. 4), two teams exchanged;
    each checked at once against C.04.6 [C1] (teams meet once) and [C2] (the team bye);
    undone one by one and back to the engine's pairing; a stale version is refused."""
    from swisspairing.interfaces.web.rule_citations import shown

    rng = random.Random(4)
    event = team_event(5, rounds=4)
    first = play_team_round(event, rng)
    met = {frozenset(p) for p in _matches(first) if p[1] is not None}
    bye_team = next(w for w, b in _matches(first) if b is None)
    rnd = actions.pair_next_round(event, None)
    engine = _matches(rnd)
    # colours of match 1: the other team has White on board 1, and the boards follow
    white, black = engine[0]
    assert actions.manual_change(rnd, "team-swap", 1, None, None, rnd.version) == []
    assert _matches(rnd)[0] == (black, white) and _matches(rnd)[1:] == engine[1:]
    match = rnd.team_matches.get(number=1)
    board1 = match.games.order_by("board").first()
    assert board1.white.team_member.team.tpn == black
    # two teams exchanged so that teams of round 1 meet again: [C1], the teams named
    x, y = next(iter(met))
    z = next(t for p in _matches(rnd) if x in p for t in p if t not in (x, None))
    found = actions.manual_change(rnd, "team-exchange", z, y, None, rnd.version)
    assert any(v.rule == "C.04.6 [C1]" and set(v.players) == {x, y} for v in found)
    broken = shown(found, rnd, "en")
    names = {t.tpn: t.name for t in event.teams.all()}
    c1 = next(b for b in broken if b.rule == "C.04.6 [C1]")
    assert f"{x} {names[x]}" in c1.text and f"{y} {names[y]}" in c1.text
    assert set(c1.game_ids) >= {g.pk for g in rnd.team_matches.get(
        number=next(n for n, p in enumerate(_matches(rnd), 1) if set(p) == {x, y})).games.all()}
    # the team that had the bye in round 1 takes it again: [C2]
    now_bye = next(w for w, b in _matches(rnd) if b is None)
    if now_bye != bye_team:
        found = actions.manual_change(rnd, "team-exchange", bye_team, now_bye, None,
                                      rnd.version)
    assert any(v.rule == "C.04.6 [C2]" and v.players == (bye_team,) for v in found)
    with pytest.raises(actions.Stale):
        actions.manual_change(rnd, "team-swap", 1, None, None, rnd.version - 1)
    with pytest.raises(BadRequest, match="two different teams"):
        actions.manual_change(rnd, "team-exchange", x, x, None, rnd.version)
    with pytest.raises(BadRequest, match="no match 9"):
        actions.manual_change(rnd, "team-swap", 9, None, None, rnd.version)
    changes = len(rnd.manual_changes)
    actions.undo_manual_changes(rnd, None, version=rnd.version)
    assert len(rnd.manual_changes) == changes - 1
    actions.undo_manual_changes(rnd, None, every=True, version=rnd.version)
    assert _matches(rnd) == engine and rnd.manual_changes == []
    assert actions.violations_of(rnd) == []
    actions.publish_round(rnd, None)
    with pytest.raises(BadRequest, match="published"):
        actions.manual_change(rnd, "team-swap", 1, None, None)


def test_the_team_round_page_changes_the_pairing_by_hand_in_french(arbiter: Client) -> None:
    """The draft team round's page: a swap link per match, the exchange form, the broken
    criteria cited and their boards marked, the changes listed with undo; a stale tab is
    refused (nothing changed)."""
    from django.urls import reverse

    rng = random.Random(5)
    event = team_event(4, rounds=3)
    first = play_team_round(event, rng)
    x, y = _matches(first)[0]
    rnd = actions.pair_next_round(event, None)
    page = arbiter.get(reverse("web:round", args=[event.pk, 2]), **FRENCH).content.decode()
    assert 'id="swap-match-1"' in page and "Échanger l'équipe" in page
    z = next(t for p in _matches(rnd) if x in p for t in p if t != x)
    url = reverse("web:round-action", args=[event.pk, 2, "manual"])
    shown = rnd.version
    done = arbiter.post(url, {"kind": "team-exchange", "a": z, "b": y, "version": shown},
                        follow=True, **FRENCH).content.decode()
    names = {t.tpn: t.name for t in event.teams.all()}
    assert "[C.04.6 [C1]]" in done and names[x] in done and "se sont déjà rencontrées" in done
    assert f"équipes {z} et {y} échangées" in done and 'data-games="game-' in done
    rnd.refresh_from_db()
    before = _matches(rnd)
    stale = arbiter.post(url, {"kind": "team-swap", "a": 1, "version": shown}, follow=True,
                         **FRENCH).content.decode()
    assert "rien n&#x27;a été modifié" in stale or "rien n'a été modifié" in stale
    assert _matches(rnd) == before
    # wrong input: a clear message, nothing changed
    for bad, said in (({"kind": "team-exchange", "a": x, "b": ""},
                       "choisissez deux équipes différentes"),
                      ({"kind": "team-swap", "a": "99"}, "pas de match 99"),
                      ({"kind": "team-swap", "a": "un"}, "Indiquez")):
        answer = arbiter.post(url, {**bad, "version": rnd.version}, follow=True,
                              **FRENCH).content.decode()
        assert said in answer, said
        assert _matches(rnd) == before
    arbiter.post(reverse("web:round-action", args=[event.pk, 2, "manual-reset"]),
                 {"version": rnd.version})
    rnd.refresh_from_db()
    assert rnd.manual_changes == []


def test_a_team_entered_late_before_round_1_takes_its_place_by_strength() -> None:
    """Until round 1 is paired a team entered after the others takes its place by strength
    (C.04.6 1.1.2, the web app's initial order: strength, then name); the others move down,
    keeping their order. Once round 1 is paired it takes the number after the last team (GHR
    2.4 with C.04.6 1.1.3, as docs/web-teams.md argues: a renumbering would change the TPN
    parities that gave round 1's colours, C.04.6 4.3.1)."""
    event = team_event(4, rounds=4)
    before = [t.name for t in event.teams.order_by("tpn")]
    strong = teams.add_team(event, "Strongest", [Candidate(name=f"S{b}", rating=2700 - b)
                                                 for b in range(4)], None)
    middle_rating = int(event.teams.get(name=before[1]).strength) - 1
    middle = teams.add_team(event, "Middle", [Candidate(name=f"M{b}", rating=middle_rating)
                                              for b in range(4)], None)
    strong.refresh_from_db()
    middle.refresh_from_db()
    order = [t.name for t in event.teams.order_by("tpn")]
    assert strong.tpn == 1 and middle.tpn == 4
    assert order == ["Strongest", before[0], before[1], "Middle", before[2], before[3]]
    play_team_round(event, random.Random(3))
    late = teams.add_team(event, "Latest", [Candidate(name=f"L{b}", rating=2800)
                                            for b in range(4)], None)
    assert late.tpn == 7 and [t.name for t in event.teams.order_by("tpn")][:6] == order


def test_prize_lists_of_a_team_event_are_the_members_board_results_by_category(
        arbiter: Client) -> None:
    """The prizes page of a team event (issue 27): per category (women, an age category), the
    board results of the category's members only, each board's best with at least half of
    the rounds on it marked as the category's board prize; page in French, PDF; a category
    nobody is in says so."""
    from django.urls import reverse

    rng = random.Random(8)
    event = m.Event(name="Mixed teams", rounds=3, system="team-swiss", initial_colour="w",
                    start_date=__import__("datetime").date(2026, 5, 1))
    actions.create_event(event, None)
    teams.save_settings(event, boards=2, colour_type="A", primary="MP", win=2, draw=1, loss=0,
                        user=None)
    for i in range(4):
        teams.add_team(event, f"Team {i}", [
            Candidate(name=f"Man {i}", rating=2000 - 10 * i, sex="m", birth_date="1980"),
            Candidate(name=f"Woman {i}", rating=1900 - 10 * i, sex="w",
                      birth_date="2010/03/04" if i % 2 else "1990")], None)
    for _ in range(2):
        play_team_round(event, rng)
    url = reverse("web:prizes", args=[event.pk])
    page = arbiter.get(url, {"cat": ["women", "u18", "s65"]}, **FRENCH).content.decode()
    assert "Femmes - résultats par échiquier après la ronde 2" in page
    assert "Aucun membre de cette catégorie n&#x27;a joué." in page or \
        "Aucun membre de cette catégorie n'a joué." in page
    from django.utils import translation

    from swisspairing.interfaces.web.team_printouts import team_prize_tables

    with translation.override("en"):
        women, under18, seniors = team_prize_tables(event, ["women", "u18", "s65"], None, "en")
    assert {row[3] for row in women.rows} == {f"Woman {i}" for i in range(4)}
    assert {row[3] for row in under18.rows} == {"Woman 1", "Woman 3"}
    assert seniors.rows == [] and seniors.notes == ["No member of this category has played."]
    assert {row[0] for row in women.rows} == {"2"}  # the women play board 2
    assert [row[1] for row in women.rows].count("*") == 1
    assert women.rows[0][1] == "*"  # best percentage first (all played both rounds)
    assert float(women.rows[0][7]) == max(float(r[7]) for r in women.rows)
    data = arbiter.get(reverse("web:prizes-pdf", args=[event.pk]), {"cat": "women"}).content
    text = pdf_pages(data)[0]
    assert "Women - board results after round 2" in text and "Woman 0" in text
    assert "Man 0" not in text


def test_best_team_of_a_category_is_its_first_team_in_the_event_standings(
        arbiter: Client) -> None:
    """A team's prize categories (typed on the teams page, comma separated, each once whatever
    its case) give the prize lists a "best team of a category" table: the category's teams in
    the order of the whole event's standings, with their place in the category and overall;
    page in French, PDF; a category too long is refused naming it; categories change no
    pairing, so saving them leaves an open "pair" page valid."""
    from django.urls import reverse

    from swisspairing.standings.teams import category_team_table

    event = team_event(n_teams=6, boards=2, reserves=0, rounds=4)
    rng = random.Random(5)
    for _ in range(2):
        play_team_round(event, rng)
    by_tpn = {t.tpn: t for t in event.teams.all()}
    url = reverse("web:teams", args=[event.pk])
    for tpn, typed in ((2, "Bretagne, Écoles"), (4, " bretagne ,  "), (5, "Écoles, écoles")):
        r = arbiter.post(url, {"what": "categories", "team": by_tpn[tpn].pk,
                               "categories": typed}, follow=True)
        assert "prize categories saved" in r.content.decode()
    assert teams.teams_of_category(event) == {"Bretagne": [2, 4], "Écoles": [2, 5]}
    log = arbiter.get(reverse("web:audit", args=[event.pk]), **FRENCH).content.decode()
    assert f"{by_tpn[5].name} : catégories de prix Écoles (avant : aucune)" in log
    event.refresh_from_db()
    revision = event.revision
    too_long = "x" * (teams.MAX_CATEGORY + 1)
    r = arbiter.post(url, {"what": "categories", "team": by_tpn[3].pk,
                           "categories": f"Bretagne, {too_long}"}, follow=True)
    assert f"prize categories: {too_long} is longer than 40 characters" in r.content.decode()
    assert m.Team.objects.get(pk=by_tpn[3].pk).categories == ""
    event.refresh_from_db()
    assert event.revision == revision  # categories are no pairing input
    r = arbiter.post(url, {"what": "add", "name": "Late", "members": "A; 1500\nB; 1400",
                           "categories": too_long}, follow=True)
    assert "is longer than 40 characters" in r.content.decode()
    assert not event.teams.filter(name="Late").exists()  # refused before it was added
    st = convert_standings(event)
    table = category_team_table(st, "Bretagne", {2, 4}, "en")
    order = [r.tid for r in st.rows if r.tid in (2, 4)]
    assert [row[2] for row in table.rows] == [str(t) for t in order]
    assert [row[0] for row in table.rows] == ["1", "2"]
    assert [row[1] for row in table.rows] == [str(r.rank) for r in st.rows if r.tid in (2, 4)]
    prizes = reverse("web:prizes", args=[event.pk])
    page = arbiter.get(prizes, **FRENCH).content.decode()
    assert "Meilleure équipe d&#x27;une catégorie" in page or \
        "Meilleure équipe d'une catégorie" in page
    assert 'value="team:Bretagne"' in page and 'value="team:Écoles"' in page
    page = arbiter.get(prizes, {"cat": "team:bretagne"}, **FRENCH).content.decode()
    assert "Meilleure équipe - Bretagne : classement après la ronde 2" in page
    nobody = arbiter.get(prizes, {"cat": "team:Nowhere"}).content.decode()
    assert "No team in this category." in nobody
    data = arbiter.get(reverse("web:prizes-pdf", args=[event.pk]),
                       {"cat": "team:Écoles"}).content
    text = pdf_pages(data)[0]
    assert "Best team - Écoles: standings after round 2" in text
    assert by_tpn[5].name in text and by_tpn[4].name not in text


def convert_standings(event: m.Event):  # type: ignore[no-untyped-def]
    from swisspairing.interfaces.web.team_views import _team_standings

    return _team_standings(event, convert.complete_rounds(event))


def test_baku_acceleration_of_a_team_event_set_paired_exported_and_imported(
        arbiter: Client) -> None:
    """The Baku acceleration for teams (C.04.7 with C.04.6): ticked in the team settings (only
    with match points first, not once round 1 is paired), the web app pairs as the engine does
    on the exported file, whose 192 code ends in _BAKU and which ``check`` passes; a file with
    192 ..._BAKU, or with explicit team 250 records, imports with them and pairs its next round
    as the command line does (it was refused at import before)."""
    from dataclasses import replace

    from swisspairing.checker.generator import GeneratorConfig
    from swisspairing.checker.team_generator import generate_team_event
    from swisspairing.model.teams import TeamAcceleration

    event = team_event(n_teams=12, boards=2, reserves=0, rounds=5, seed=4)
    url = reverse_teams_url(event)
    settings = {"what": "settings", "boards": "2", "colour_type": "A", "match_win": "2",
                "match_draw": "1", "match_loss": "0", "baku": "on"}
    r = arbiter.post(url, {**settings, "primary": "GP"}, follow=True)
    assert "the Baku acceleration (C.04.7) needs match points" in r.content.decode()
    assert not teams.settings_of(event).baku
    arbiter.post(url, {**settings, "primary": "MP"})
    assert teams.settings_of(event).baku
    system = get_system("team-swiss")
    rng = random.Random(2)
    for number in (1, 2, 3):
        rnd = play_team_round(event, rng)
        text = write_trf(convert.tournament_of(event, number - 1), points="computed")
        assert "_BAKU" in text.split("192 ", 1)[1].split("\n", 1)[0]
        theirs = system.pair(parse_trf(text), number)
        assert teams.round_team_pairing(rnd).boards == theirs.boards, number
    r = arbiter.post(url, {**settings, "primary": "MP", "baku": ""}, follow=True)
    assert "round 1 is paired: the team settings can no longer change" in r.content.decode()
    assert teams.settings_of(event).baku
    done = convert.tournament_of(event)
    report = check_tournament(done, "team-swiss")
    assert all(x.ok and x.agrees for x in report.rounds), report.render(done, "en")

    config = GeneratorConfig(players=12, rounds=6, boards=3, baku=True)
    generated = write_trf(generate_team_event(system, config, 3), points="computed")
    explicit = parse_trf(generated)
    assert explicit.team_event is not None
    explicit.headers["192"] = ["192 FIDE_TEAM_TYPEA"]
    explicit.team_event.acceleration = [TeamAcceleration(2.0, 0.0, 1, 2, 1, 6),
                                        TeamAcceleration(1.0, 0.0, 3, 3, 1, 6)]
    for text in (generated, write_trf(replace(explicit), points="computed")):
        event = convert.store_tournament(parse_trf(text), "team-swiss")
        s = teams.settings_of(event)
        assert s.baku == ("_BAKU" in text) and bool(s.acceleration) != s.baku
        event.rounds = 7
        event.save()
        rnd = actions.pair_next_round(event, None)
        theirs = system.pair(parse_trf(text), 7)
        assert teams.round_team_pairing(rnd).boards == theirs.boards
        assert teams.round_team_pairing(rnd).bye == theirs.bye


def reverse_teams_url(event: m.Event) -> str:
    from django.urls import reverse

    return reverse("web:teams", args=[event.pk])
