"""Team events in the web app: boards forfeited against an empty board (issue 27, a leftover of
part 6; docs/team-swiss.md reading 20, docs/web-teams.md).

A team short of a player leaves a board empty; the opponent's player on that board wins by
forfeit. TRF-2026 writes it on the present player as ``0000 C +`` with the board's scheduled
colour (trf.md 4.1) and the empty board as ``0000`` in the team's ``300`` line-up (trf.md
5.4). These tests import such files (made by emptying boards of generated events), check that
the web app counts them as the command line's reader and standings do, that the export reads
back with the same facts, that a line-up with an empty board entered in the web app gives the
forfeit without asking for a result, and that the next round is paired as ``swisspairing pair``
pairs the exported file."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.db.models import Q
from django.test import Client
from django.urls import reverse

from swisspairing import api
from swisspairing.checker.check import check_tournament
from swisspairing.checker.generator import GeneratorConfig
from swisspairing.checker.team_generator import generate_team_event
from swisspairing.errors import BadRequest, InputError
from swisspairing.formats.trf import parse_trf, write_trf
from swisspairing.interfaces.web import actions, convert, teams
from swisspairing.interfaces.web import models as m
from swisspairing.model import RoundEntry, Tournament
from swisspairing.model.teams import Lineup, MatchKind, board_one, team_rounds
from swisspairing.systems import get_system
from test_web_teams import team_event
from web_helpers import FRENCH, pdf_pages

pytestmark = pytest.mark.django_db


def empty_boards(t: Tournament, r: int, seats: list[tuple[int, int]]) -> None:
    """Leave board ``b`` of team ``tid`` empty in round ``r`` for each ``(tid, b)`` of
    ``seats``, as TRF-2026 writes it: the player who sat there has no game (``0000 - Z``), the
    opponent's player keeps the scheduled colour and wins by forfeit (``0000 C +``, trf.md
    4.1) unless that board is emptied too (a double empty board: no cell for anyone), and the
    team's ``300`` line-up has ``0000`` on the board (trf.md 5.4)."""
    ev = t.team_event
    assert ev is not None
    team_of = ev.team_of()
    orders = {tid: board_one(t, ev.teams[tid], r) for tid, _b in seats}
    emptied = {orders[tid][b - 1] for tid, b in seats}
    opponents: dict[int, int] = {}
    for tid, order in orders.items():
        for pid in order:
            e = t.players[pid].entry(r) if pid else None
            if e is not None and e.opponent:
                opponents[tid] = team_of[e.opponent]
                break
    for pid in emptied:
        e = t.players[pid].entry(r)
        assert e is not None and e.opponent and e.code in "10=", (pid, r, e)
        t.players[pid].set_entry(r, RoundEntry.bye("Z"))
        if e.opponent not in emptied:
            other = t.players[e.opponent].entry(r)
            assert other is not None
            t.players[e.opponent].set_entry(r, RoundEntry(0, other.colour, "+"))
    for tid, b in seats:
        orders[tid][b - 1] = 0
    for tid, order in orders.items():
        ev.lineups[(r, tid)] = Lineup(r, tid, opponents[tid], tuple(order))


def match_of(t: Tournament, r: int, tid: int) -> int:
    """The team ``tid`` met in round ``r`` (a played match of the generated event)."""
    row = team_rounds(t)[tid][r - 1]
    assert row.kind is MatchKind.PLAYED and row.opponent, row
    return row.opponent


def file_with_empty_boards(seed: int = 1) -> tuple[str, dict[str, object]]:
    """A generated 6-team, 4-board, 3-round event with boards left empty: in round 2 board 3
    of both teams of a match (a double empty board), in round 3 board 2 of one team and board 1
    of another (board 1: the present player's colour is the team's colour, C.04.6 1.6.1)."""
    t = generate_team_event(get_system("team-swiss"),
                            GeneratorConfig(players=6, rounds=3, boards=4, reserve_rate=0.2),
                            seed)
    both = match_of(t, 2, 1)
    empty_boards(t, 2, [(1, 3), (both, 3)])
    a = next(tid for tid in (4, 5, 6) if team_rounds(t)[tid][2].kind is MatchKind.PLAYED)
    a_opp = match_of(t, 3, a)
    b = next(tid for tid in sorted(t.team_event.teams) if tid not in (a, a_opp)
             and team_rounds(t)[tid][2].kind is MatchKind.PLAYED)
    empty_boards(t, 3, [(a, 2), (b, 1)])
    text = write_trf(t, points="computed")
    return text, {"double": (2, 1, both), "single": (3, a, 2), "first": (3, b, 1)}


def facts(t: Tournament) -> dict[int, list[tuple[object, ...]]]:
    """Each team's rounds as the standings and the engine see them, with the boards."""
    return {tid: [(x.opponent, x.colour, x.kind, x.match_points, x.game_points, x.games)
                  for x in rows] for tid, rows in team_rounds(t).items()}


def standings_rows(t: Tournament, rounds: int) -> list[list[str]]:
    """The team standings table of ``swisspairing standings`` (the public API's call)."""
    from swisspairing.standings.teams import board_table, team_standings_table

    st = api.standings(t, rounds, None)
    return [*team_standings_table(st, "en").rows, *board_table(st, "en").rows]


def test_a_file_with_empty_boards_imports_with_the_readers_facts_and_exports_them_again(
        arbiter: Client) -> None:
    """Imported from the home page, the boards forfeited against an empty board are on the
    round pages ("+-" and "empty board", in French "échiquier vide"), the teams' rounds (the
    boards, game and match points, colours) are the reader's, the standings and board results
    those of ``swisspairing standings`` on the file, and import -> export -> import gives the
    same file again."""
    from django.core.files.uploadedfile import SimpleUploadedFile

    text, where = file_with_empty_boards()
    assert "0000 w +" in text and "0000 b +" in text
    original = parse_trf(text)
    arbiter.post(reverse("web:import-trf"),
                 {"file": SimpleUploadedFile("short.trf", text.encode())})
    event = m.Event.objects.get()
    stored = convert.tournament_of(event)
    assert stored.rounds_paired == 3 and facts(stored) == facts(original)
    assert standings_rows(stored, 3) == standings_rows(original, 3)
    page = arbiter.get(reverse("web:standings", args=[event.pk])).content.decode()
    for row in standings_rows(original, 3)[:6]:
        assert f"<td>{row[2]}</td>" in page or row[2] in page
    # the empty boards are games of the present player alone, with the forfeit code
    r = where["single"][0]
    empty = [g for g in m.Game.objects.filter(round__event=event, round__number=r)
             if g.is_empty_board]
    assert len(empty) == 2 and all(g.white_code == "+" for g in empty)
    r2, a, b = where["double"]
    match = m.TeamMatch.objects.get(round__event=event, round__number=r2, white__tpn__in=[a, b],
                                    black__tpn__in=[a, b])
    # a board both teams left empty: no game (board 3 of the match)
    assert sorted(teams.board_in_match(g, 4) for g in match.games.all()) == [1, 2, 4]
    page = arbiter.get(reverse("web:round", args=[event.pk, 3])).content.decode()
    assert page.count('class="empty-board"') == 2 and "empty board" in page
    assert all(f'name="game_{g.pk}"' not in page for g in empty)
    assert f'name="game_{match.games.first().pk}"' not in page  # another round's
    page = arbiter.get(reverse("web:round", args=[event.pk, 3]), **FRENCH).content.decode()
    assert "échiquier vide" in page
    exported = arbiter.get(reverse("web:export", args=[event.pk, "trf"])).content.decode()
    assert facts(parse_trf(exported)) == facts(original)
    again = convert.store_tournament(parse_trf(exported), "team-swiss")
    assert write_trf(convert.tournament_of(again), points="computed") == write_trf(
        parse_trf(exported), points="computed")
    report = check_tournament(parse_trf(exported), "team-swiss")
    assert all(x.ok and x.agrees for x in report.rounds)
    # round 4: the web app pairs the imported event as the engine pairs the file
    event.rounds = 4
    event.save()
    rnd = actions.pair_next_round(event, None)
    longer = parse_trf(text.replace("\n142 3\n", "\n142 4\n").replace("XXR 3", "XXR 4"))
    assert longer.total_rounds == 4
    theirs = get_system("team-swiss").pair(longer, 4)
    assert teams.round_team_pairing(rnd).boards == theirs.boards
    assert teams.round_team_pairing(rnd).bye == theirs.bye


def short_event(rounds: int = 3) -> tuple[m.Event, m.Team]:
    """Three teams of four members and "Short", a team of three, four boards."""
    from swisspairing.interfaces.web.imports import Candidate

    event = team_event(3, rounds=rounds, reserves=0)
    short = teams.add_team(event, "Short", [Candidate(name=f"Short {b}", rating=2000 - b)
                                            for b in range(1, 4)], None)
    return event, short


def test_a_lineup_with_an_empty_board_gives_the_forfeit_without_asking_for_a_result(
        arbiter: Client, tmp_path: Path) -> None:
    """A team of three for four boards: without a line-up the round is not paired (the
    message says to leave a board empty); its line-up leaves board 4 empty on the round page;
    the opponent's fourth player then wins by forfeit (``+``, no result to enter, no select on
    the page), the match score counts it, the export writes ``0000 C +`` with the colour of
    board 4 for that team (352 ``WBWB``: Black for the team with White on board 1, C.04.6
    Art. 4) and ``0000`` in the ``300`` line-up, and round 2 is paired from the web app as
    ``swisspairing pair`` pairs the exported file."""
    from swisspairing.interfaces.cli import main

    event, short = short_event()
    with pytest.raises(BadRequest, match="boards left empty"):
        actions.pair_next_round(event, None)
    page = arbiter.get(reverse("web:round", args=[event.pk, 1])).content.decode()
    assert '<option value="0" selected>4. (empty board)</option>' in page
    members = teams.members_of(short)
    url = reverse("web:team-lineup", args=[event.pk, 1, short.pk])
    arbiter.post(url, {"board_1": members[0].pk, "board_2": members[1].pk,
                       "board_3": members[2].pk, "board_4": "0"})
    assert m.TeamLineup.objects.get(team=short, round_number=1).players == [
        members[0].pk, members[1].pk, members[2].pk, 0]
    rnd = actions.pair_next_round(event, None)
    actions.publish_round(rnd, None)
    match = rnd.team_matches.get(Q(white=short) | Q(black=short))
    other = match.black if match.white == short else match.white
    games = {teams.board_in_match(g, 4): g for g in match.games.select_related("white")}
    assert sorted(games) == [1, 2, 3, 4]
    forfeit = games[4]
    fourth = teams.members_of(other)[3]
    assert forfeit.is_empty_board and forfeit.white == fourth and forfeit.white_code == "+"
    page = arbiter.get(reverse("web:round", args=[event.pk, 1])).content.decode()
    assert f'name="game_{forfeit.pk}"' not in page and f'name="game_{games[1].pk}"' in page
    assert "0/7 board results entered" in page
    for g in games.values():
        if not g.is_empty_board:
            teams.set_match_results(match, {g.pk: "="}, None)
    for x in rnd.team_matches.exclude(pk=match.pk):
        teams.set_match_results(x, {g.pk: "1-0" for g in x.games.all()}, None)
    score = teams.match_score(match, sorted(match.games.all(), key=lambda g: g.board), event)
    mine, theirs = (score.white, score.black) if match.white == short else (
        score.black, score.white)
    assert (mine, theirs, score.complete) == (1.5, 2.5, True)
    text = arbiter.get(reverse("web:export", args=[event.pk, "trf"])).content.decode()
    colour = "b" if match.white == other else "w"  # WBWB: board 4 is Black for the White team
    line = next(x for x in text.splitlines() if x.startswith(f"001 {fourth.tpn:4d}"))
    assert line[91:99] == f"0000 {colour} +"
    assert any(x.startswith(f"300   1 {short.tpn:3d}") and x.rstrip().endswith("0000")
               for x in text.splitlines())
    read = parse_trf(text)
    rows = team_rounds(read)
    assert rows[short.tpn][0].game_points == 1.5 and rows[short.tpn][0].match_points == 0
    assert rows[other.tpn][0].game_points == 2.5 and rows[other.tpn][0].match_points == 2
    assert standings_rows(convert.tournament_of(event), 1) == standings_rows(read, 1)
    # round 2: the web app pairs as the command line pairs the exported file
    path = tmp_path / "round1.trf"
    path.write_text(text, encoding="utf-8")
    assert main(["pair", str(path), "--system", "team-swiss", "-o",
                 str(tmp_path / "round2.pairs")]) == 0
    lines = (tmp_path / "round2.pairs").read_text().split()
    cli = [(int(a), int(b)) for a, b in zip(lines[1::2], lines[2::2], strict=True)]
    teams.set_lineup(short, 2, [members[0].pk, 0, members[1].pk, members[2].pk], None)
    rnd2 = actions.pair_next_round(event, None)
    web = [(b.white, b.black) for b in teams.round_team_pairing(rnd2).boards]
    assert web == [x for x in cli if 0 not in x] and len(web) == 2
    match2 = rnd2.team_matches.get(Q(white=short) | Q(black=short))
    empty = [g for g in match2.games.all() if g.is_empty_board]
    assert [teams.board_in_match(g, 4) for g in empty] == [2]


def test_a_board_both_teams_leave_empty_is_no_game_and_zero_for_both() -> None:
    """Two teams of three, both leaving board 4 empty, and one leaving board 3 empty: board 4
    is no game (no cell in the file, ``0000`` in both ``300`` line-ups, zero game points for
    both), board 3 a forfeit win; the file reads with the same facts."""
    from swisspairing.interfaces.web.imports import Candidate

    event = team_event(0, rounds=1, reserves=0)
    first = teams.add_team(event, "Alpha", [Candidate(name=f"Alpha {b}", rating=2100 - b)
                                            for b in range(1, 4)], None)
    second = teams.add_team(event, "Beta", [Candidate(name=f"Beta {b}", rating=2000 - b)
                                            for b in range(1, 4)], None)
    a, b = teams.members_of(first), teams.members_of(second)
    teams.set_lineup(first, 1, [a[0].pk, a[1].pk, 0, 0], None)
    teams.set_lineup(second, 1, [b[0].pk, b[1].pk, b[2].pk, 0], None)
    rnd = actions.pair_next_round(event, None)
    actions.publish_round(rnd, None)
    match = rnd.team_matches.get()
    assert sorted(teams.board_in_match(g, 4) for g in match.games.all()) == [1, 2, 3]
    third = next(g for g in match.games.all() if teams.board_in_match(g, 4) == 3)
    assert third.is_empty_board and third.white == b[2]
    teams.set_match_results(match, {g.pk: "1-0" for g in match.games.all()
                                    if not g.is_empty_board}, None)
    t = convert.tournament_of(event)
    text = write_trf(t, points="computed")
    assert a[2].tpn not in {e.opponent for p in t.players.values() for e in p.results if e}
    row_a, row_b = team_rounds(parse_trf(text))[first.tpn][0], team_rounds(
        parse_trf(text))[second.tpn][0]
    assert (row_a.game_points, row_b.game_points) == (1.0, 2.0)  # 1-0, 0-1, 0-+ and no game
    assert [g.board for g in row_b.games] == [1, 2, 3]
    assert facts(parse_trf(text)) == facts(t)
    assert sum(" 0000 " in x and "+" in x[91:99] for x in text.splitlines()) == 1


def test_a_forfeited_match_takes_the_empty_board_along() -> None:
    """The whole match forfeited (330): the player facing an empty board loses with the team
    (``0000 C -``), wins with it (``+``), and gets ``+`` back when the forfeit is removed."""
    event, short = short_event()
    members = teams.members_of(short)
    teams.set_lineup(short, 1, [members[0].pk, members[1].pk, members[2].pk, 0], None)
    rnd = actions.pair_next_round(event, None)
    actions.publish_round(rnd, None)
    match = next(x for x in rnd.team_matches.exclude(black=None)
                 if short.pk in (x.white_id, x.black_id))
    forfeit = next(g for g in match.games.all() if g.is_empty_board)
    short_white = match.white_id == short.pk
    # the other team (the one with the present player) loses the match by forfeit
    teams.set_match_forfeit(match, "+-" if short_white else "-+", None)
    forfeit.refresh_from_db()
    assert forfeit.white_code == "-" and forfeit.is_empty_board
    teams.set_match_forfeit(match, "--", None)
    forfeit.refresh_from_db()
    assert forfeit.white_code == "-"
    teams.set_match_forfeit(match, "-+" if short_white else "+-", None)
    forfeit.refresh_from_db()
    assert forfeit.white_code == "+"
    teams.set_match_forfeit(match, "", None)
    forfeit.refresh_from_db()
    assert forfeit.white_code == "+"
    assert all(not g.white_code for g in match.games.all() if not g.is_empty_board)


def test_hostile_input_is_refused_and_changes_nothing(arbiter: Client) -> None:
    """A ``0000 w +`` cell in an individual file is refused with its line; a file whose empty
    board's colour is not the 352 pattern's is refused naming the round and player; a forged
    POST setting a result on an empty board is a 400 and changes nothing (not even the other
    boards posted with it); a line-up with every board empty is refused."""
    from django.core.files.uploadedfile import SimpleUploadedFile

    individual = "\n".join([
        "012 Open", "142 3",
        "001    1      A One                             2000                             1.0"
        "    1  0000 w +",
        "001    2      B Two                             1900                             0.0"
        "    2  0000 - Z", "XXR 3", ""])
    with pytest.raises(InputError, match="line 3"):
        parse_trf(individual)
    page = arbiter.post(reverse("web:import-trf"),
                        {"file": SimpleUploadedFile("open.trf", individual.encode())},
                        follow=True).content.decode()
    assert "line 3" in page and "0000 w +" in page and not m.Event.objects.exists()
    text, _where = file_with_empty_boards()
    wrong = text.replace("0000 w +", "0000 b +", 1)
    assert wrong != text
    with pytest.raises(BadRequest, match="352"):
        convert.store_tournament(parse_trf(wrong), "team-swiss")
    event = convert.store_tournament(parse_trf(text), "team-swiss")
    empty = next(g for g in m.Game.objects.filter(round__event=event) if g.is_empty_board)
    match = empty.team_match.get()
    other = next(g for g in match.games.all() if not g.is_empty_board)
    before = [(g.pk, g.white_code, g.black_code, g.version) for g in
              m.Game.objects.filter(round__event=event)]
    audits = m.AuditEntry.objects.count()
    answer = arbiter.post(reverse("web:team-match", args=[event.pk, match.round.number,
                                                          match.pk]),
                          {f"game_{empty.pk}": "0-1", f"game_{other.pk}": "="})
    assert answer.status_code == 400 and "empty board" in answer.content.decode()
    assert [(g.pk, g.white_code, g.black_code, g.version) for g in
            m.Game.objects.filter(round__event=event)] == before
    assert m.AuditEntry.objects.count() == audits
    with pytest.raises(BadRequest, match="empty board: no result"):
        actions.set_result(empty, "1-0", None)
    # the same through the keyboard grid's form
    answer = arbiter.post(reverse("web:result", args=[event.pk, match.round.number, empty.pk]),
                          {"result": "0-1", "version": str(empty.version)}, **FRENCH)
    assert answer.status_code == 400 and "échiquier vide" in answer.content.decode()
    assert [(g.pk, g.white_code, g.black_code, g.version) for g in
            m.Game.objects.filter(round__event=event)] == before
    # a line-up of the next round with every board empty
    event2, short = short_event()
    url = reverse("web:team-lineup", args=[event2.pk, 1, short.pk])
    page = arbiter.post(url, {f"board_{b}": "0" for b in range(1, 5)},
                        follow=True).content.decode()
    assert "every board is empty" in page
    assert not m.TeamLineup.objects.filter(team=short).exists()


def test_every_page_and_printout_names_the_empty_board(arbiter: Client) -> None:
    """The public round page, the hall's live page, the keyboard grid, the printout by board,
    who plays where (with the present player's colour) and the result slips (the forfeit
    printed, no box to fill) show the board against an empty board, in English and French."""
    event, short = short_event()
    members = teams.members_of(short)
    teams.set_lineup(short, 1, [members[0].pk, members[1].pk, members[2].pk, 0], None)
    rnd = actions.pair_next_round(event, None)
    actions.publish_round(rnd, None)
    match = rnd.team_matches.get(Q(white=short) | Q(black=short))
    forfeit = next(g for g in match.games.select_related("white") if g.is_empty_board)
    label = "-+" if match.white_id == short.pk else "+-"  # read from the team named first
    token = event.public_token
    page = Client().get(f"/p/{token}/rounds/1/").content.decode()
    assert 'class="empty-board"' in page and f'<td class="result">{label}</td>' in page
    assert "échiquier vide" in Client().get(f"/p/{token}/rounds/1/", **FRENCH).content.decode()
    assert "+ / empty board" in Client().get(f"/h/{token}/").content.decode()
    grid = arbiter.get(reverse("web:round", args=[event.pk, 1]), {"view": "grid"})
    assert "+ / empty board" in grid.content.decode()
    board = arbiter.get(reverse("web:round-print", args=[event.pk, 1, "board"])).content
    assert "empty board" in board.decode() and forfeit.white.name in board.decode()
    alpha = arbiter.get(reverse("web:round-print", args=[event.pk, 1, "alpha"]),
                        **FRENCH).content.decode()
    colour = "Noirs" if match.white_id != short.pk else "Blancs"  # 352 WBWB, board 4
    row = alpha[alpha.index(forfeit.white.name):]
    row = row[:row.index("</tr>")]
    assert "échiquier adverse vide" in row and colour in row
    data = arbiter.get(reverse("web:round-print-pdf", args=[event.pk, 1, "slips"])).content
    text = pdf_pages(data)[0]
    assert "empty board" in text and label in text and forfeit.white.name in text


def test_a_captain_leaves_a_board_empty_with_the_code() -> None:
    """The captains' page offers "(empty board)" on every board; a captain's line-up with board
    2 empty is saved (the present players in the declared order) and shown back; in French the
    choice reads "(échiquier vide)"."""
    event, short = short_event()
    members = teams.members_of(short)
    url = f"/p/{event.public_token}/lineup/"
    phone = Client()
    code = short.lineup_code
    page = phone.post(url, {"code": code}).content.decode()
    assert page.count('<option value="0" selected>(empty board)</option>') == 1  # board 4
    page = phone.post(url, {"code": code, "save": "1", "board_1": members[0].pk,
                            "board_2": "0", "board_3": members[1].pk,
                            "board_4": members[2].pk}).content.decode()
    assert "captain-saved" in page
    assert teams.lineup_of(short, 1, 4) == [members[0], None, members[1], members[2]]
    assert page.count('<option value="0" selected>(empty board)</option>') == 1
    page = phone.post(url, {"code": code}, **FRENCH).content.decode()
    assert "(échiquier vide)" in page
