"""TRF-2026 team records (``../shared/rules/trf.md`` 5.4, C.04.6): read, write, refuse.

The lines of the hand-made event are built column by column from the spec table (helpers
below), not by our writer. The derived matches (:func:`team_rounds`) are checked against what
the records and the members' cells say, worked out by hand in the comments.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import cell, line001
from swisspairing.errors import InputError
from swisspairing.formats.trf import parse_trf, read_trf, write_trf
from swisspairing.model import Colour
from swisspairing.model.teams import (
    ForfeitKind,
    Lineup,
    MatchForfeit,
    MatchKind,
    MatchPointSystem,
    TeamAcceleration,
    team_rounds,
)

TEAM_CASES = Path(__file__).resolve().parents[2] / "shared" / "cases-2026" / "team-swiss"


def line310(tid: int, name: str, members: list[int], mp: str = "", gp: str = "",
            rank: int | None = None, nick: str = "", strength: str = "") -> str:
    """``310``: TPN 5-7, name 9-40, nickname 42-46, strength 48-53, MP 55-60, GP 62-67,
    rank 69-71, members at 74-77, 79-82, ..."""
    head = (f"310 {tid:>3} {name:<32} {nick:<5} {strength:>6} {mp:>6} {gp:>6} "
            f"{'' if rank is None else rank:>3} ")
    assert len(head) == 72
    return (head + "".join(f" {m:>4}" for m in members)).rstrip()


def event_lines() -> list[str]:
    """Four teams of three members (the third a reserve), two boards (``352 WB``).

    Round 1: team 1 (White) - team 2: board 1 player 1 (w) beats 4, board 2 player 2 (b) draws
    with 5: 1.5-0.5, team 1 wins the match (2 MP). Team 3 - team 4 forfeited (``330 +-``):
    team 3 wins. Round 2: team 4 absent (``240 Z``), team 2 the pairing-allocated bye (``320``:
    1 MP, 1 GP), team 1 - team 3 with team 1's reserve 3 on board 1 (``300``): board 1 player
    3 (b) loses to 7, board 2 player 1 (w) beats 8: 1-1, a drawn match; team 1 had Black
    (board 1's colour, C.04.6 1.6.1). Round 3: team 2 asks for a half-point bye (``240 H``).
    """
    return [
        "012 Team test",
        "142 5",
        "152 W",
        "192 FIDE_TEAM_TYPEB_MP_GP",
        "352 WB",
        "362 TW 2.0   TD 1.0   TL 0.0",
        line001(1, "A1", 2000, 2.0, [cell(4, "w", "1"), cell(8, "w", "1")]),
        line001(2, "A2", 1990, 0.5, [cell(5, "b", "=")]),
        line001(3, "A3", 1980, 0.0, [" " * 8, cell(7, "b", "0")]),
        line001(4, "B1", 1900, 0.5, [cell(1, "b", "0"), cell(0, "-", "U")]),
        line001(5, "B2", 1890, 1.0, [cell(2, "w", "="), cell(0, "-", "U")]),
        line001(6, "B3", 1880, 0.0),
        line001(7, "C1", 1800, 2.0, [cell(10, "w", "+"), cell(3, "w", "1")]),
        line001(8, "C2", 1790, 1.0, [cell(11, "b", "+"), cell(1, "b", "0")]),
        line001(9, "C3", 1780, 0.0),
        line001(10, "D1", 1700, 0.0, [cell(7, "b", "-"), cell(0, "-", "Z")]),
        line001(11, "D2", 1690, 0.0, [cell(8, "w", "-"), cell(0, "-", "Z")]),
        line001(12, "D3", 1680, 0.0),
        line310(1, "Alpha", [1, 2, 3], "3.0", "2.5", 1, "ALP", "1995"),
        line310(2, "Beta", [4, 5, 6], "1.0", "1.5", 4),
        line310(3, "Gamma", [7, 8, 9], "3.0", "3.0", 2),
        line310(4, "Delta", [10, 11, 12], "0.0", "0.0", 3),
        "320  1.0  1.0 000 002",
        "330 +-   1   3   4",
        "300   2   1   3    3    1",
        "240 Z   2    4",
        "240 H   3    2",
        "250  2.0  1.0   1   1    1    2",
        "### swisspairing captain 1 2",
    ]


def test_team_records_are_read() -> None:
    t = parse_trf("\n".join(event_lines()))
    assert t.warnings == []
    ev = t.team_event
    assert ev is not None
    assert [ev.teams[i].members for i in (1, 2, 3, 4)] == [[1, 2, 3], [4, 5, 6], [7, 8, 9],
                                                           [10, 11, 12]]
    alpha = ev.teams[1]
    assert (alpha.name, alpha.nickname, alpha.strength, alpha.captain) == ("Alpha", "ALP",
                                                                           "1995", 2)
    assert (alpha.declared_match_points, alpha.declared_game_points, alpha.declared_rank) == (
        3.0, 2.5, 1)
    assert ev.board_colours == "WB" and ev.boards() == 2
    assert ev.match_points == MatchPointSystem(2.0, 1.0, 0.0)
    assert (ev.pab_match_points, ev.pab_game_points, ev.pab) == (1.0, 1.0, {2: 2})
    assert ev.forfeits == [MatchForfeit(1, 3, 4, ForfeitKind.WHITE_WINS)]
    assert ev.lineups == {(2, 1): Lineup(2, 1, 3, (3, 1))}
    # in a team file 240 and 250 name teams, not players
    assert ev.absent == {2: {4: "Z"}, 3: {2: "H"}} and t.absent == {}
    assert ev.acceleration == [TeamAcceleration(2.0, 1.0, 1, 1, 1, 2)]
    assert t.acceleration == {}
    assert t.next_round == 3


def test_team_rounds_follow_the_records() -> None:
    t = parse_trf("\n".join(event_lines()))
    rounds = team_rounds(t)
    one, two, three, four = (rounds[i] for i in (1, 2, 3, 4))
    assert [(x.opponent, x.colour, x.kind, x.match_points, x.game_points) for x in one] == [
        (2, Colour.WHITE, MatchKind.PLAYED, 2.0, 1.5),
        # the 300 line-up puts reserve 3 (Black) on board 1: team 1 had Black
        (3, Colour.BLACK, MatchKind.PLAYED, 1.0, 1.0),
    ]
    assert [(x.kind, x.match_points, x.game_points) for x in two] == [
        (MatchKind.PLAYED, 0.0, 0.5), (MatchKind.PAIRING_BYE, 1.0, 1.0)]
    assert [(x.opponent, x.colour, x.kind, x.match_points) for x in three] == [
        (4, None, MatchKind.FORFEIT_WIN, 2.0), (1, Colour.WHITE, MatchKind.PLAYED, 1.0)]
    assert [(x.kind, x.match_points) for x in four] == [
        (MatchKind.FORFEIT_LOSS, 0.0), (MatchKind.ABSENT, 0.0)]
    for tid, team in t.team_event.teams.items():  # type: ignore[union-attr]
        assert sum(x.match_points for x in rounds[tid]) == team.declared_match_points
        assert sum(x.game_points for x in rounds[tid]) == team.declared_game_points


def test_without_the_line_up_board_one_is_the_first_member_who_played() -> None:
    """Open reading 18: without ``300``, player 1 (White) is team 1's board 1 in round 2."""
    lines = [x for x in event_lines() if not x.startswith("300")]
    rounds = team_rounds(parse_trf("\n".join(lines)))
    assert rounds[1][1].colour is Colour.WHITE


def test_team_event_written_reads_back_equal() -> None:
    first = parse_trf("\n".join(event_lines()))
    text = write_trf(first)
    second = parse_trf(text, "rewritten")
    assert second == first
    assert write_trf(second) == text
    for code in ("310", "320", "330", "300", "352", "362", "240", "250"):
        assert f"\n{code} " in text


@pytest.mark.skipif(not TEAM_CASES.is_dir(), reason="../shared/cases-2026 is not next to the "
                    "repository")
def test_every_team_case_round_trips() -> None:
    """Issue 27: every TRF-2026 team case is read, written and read again into an equal model,
    with no warning (the members' points count the team bye's share, ``320``), and the team
    lines written are those of the file."""
    files = sorted(TEAM_CASES.glob("*.trf"))
    assert len(files) >= 50
    for path in files:
        first = read_trf(path)
        assert first.team_event is not None and first.team_event.teams, path
        assert first.warnings == [], path
        text = write_trf(first)
        second = parse_trf(text, f"{path} (rewritten)")
        assert second == first, path
        assert write_trf(second) == text, path
        original = path.read_text().splitlines()
        written = set(text.splitlines())
        for line in original:
            if line[:3] in ("310", "320", "330", "352", "362", "240", "001"):
                assert line in written, (path, line)
        # the match points and game points of 310 are those the matches give
        rounds = team_rounds(first)
        for tid, team in first.team_event.teams.items():
            assert sum(x.match_points for x in rounds[tid]) == team.declared_match_points
            assert sum(x.game_points for x in rounds[tid]) == team.declared_game_points


@pytest.mark.parametrize(("bad", "good", "message"), [
    ("330 +-   1   3   4", "330 +=   1   3   4", "330: the type"),
    ("330 +-   1   3   4", "330 +-   1   3   9", "330: the Black team: unknown team 9"),
    ("330 +-   1   3   4", "330 +-   1   3   3", "cannot play itself"),
    ("320  1.0  1.0 000 002", "320  1.0  1.0 000 007", "320: round 2: unknown team 7"),
    ("320  1.0  1.0 000 002", "320  x.0  1.0 000 002", "320: the match points"),
    ("300   2   1   3    3    1", "300   2   1   3    4    1", "player 4 is not a member"),
    ("300   2   1   3    3    1", "300   2   1   3    3   99", "player 99 is not a member"),
    ("352 WB", "352 WX", "352: the board colours"),
    ("362 TW 2.0   TD 1.0   TL 0.0", "362 TW 2.0   TX 1.0   TL 0.0", "362: unknown symbol"),
    ("240 Z   2    4", "240 Z   2    9", "240: unknown team 9"),
    (line310(4, "Delta", [10, 11, 12], "0.0", "0.0", 3),
     line310(4, "Delta", [10, 11, 2], "0.0", "0.0", 3), "member of teams 1 and 4"),
    (line310(4, "Delta", [10, 11, 12], "0.0", "0.0", 3),
     line310(3, "Delta", [10, 11, 12], "0.0", "0.0", 3), "310: team 3 is described by two"),
    (line310(4, "Delta", [10, 11, 12], "0.0", "0.0", 3),
     line310(4, "Delta", [10, 11, 12], "0.0", "0.0", 3) + "   13", "unknown player id"),
    (line310(4, "Delta", [10, 11, 12], "0.0", "0.0", 3),
     line310(4, "Delta", [10, 11, 12], "zero", "0.0", 3), "310: the match points"),
    ("### swisspairing captain 1 2", "### swisspairing captain 1 5", "captain 5 is not"),
])
def test_a_malformed_team_record_is_refused_with_its_line(bad: str, good: str,
                                                          message: str) -> None:
    lines = event_lines()
    n = lines.index(bad)
    lines[n] = good
    with pytest.raises(InputError) as info:
        parse_trf("\n".join(lines), "event.trf")
    assert message in info.value.problem
    assert info.value.line == n + 1 and info.value.path == "event.trf"


def test_team_records_in_a_file_without_teams_are_refused() -> None:
    lines = [x for x in event_lines() if not x.startswith(("310", "###"))]
    with pytest.raises(InputError) as info:
        parse_trf("\n".join(lines), "event.trf")
    assert info.value.line is not None and "without teams" in info.value.problem


def test_convert_keeps_the_team_records() -> None:
    """``convert --to trf26`` writes the team records back (the event reads back equal);
    ``--to trf16`` writes the legacy ``013`` records (name 5-36, members from 37-40), read
    back as teams numbered by their order (trf.md 4.2)."""
    from swisspairing.standings.export import write_trf16, write_trf26

    t = parse_trf("\n".join(event_lines()))
    text26, _ = write_trf26(t)
    assert parse_trf(text26).team_event == t.team_event
    text16 = write_trf16(t)
    line = next(x for x in text16.splitlines() if x.startswith("013"))
    assert line[4:36].strip() == "Alpha" and line[36:40] == "   1" and line[41:45] == "   2"
    back = parse_trf(text16).team_event
    assert back is not None
    assert [back.teams[i].members for i in (1, 2, 3, 4)] == [
        t.team_event.teams[i].members for i in (1, 2, 3, 4)]  # type: ignore[union-attr]


def test_a_player_listed_twice_in_a_team_is_refused() -> None:
    lines = event_lines()
    n = lines.index(line310(4, "Delta", [10, 11, 12], "0.0", "0.0", 3))
    lines[n] = line310(4, "Delta", [10, 11, 10], "0.0", "0.0", 3)
    with pytest.raises(InputError, match="listed twice in team 4"):
        parse_trf("\n".join(lines))


def test_boards_forfeited_against_empty_boards() -> None:
    """TRF-2026 writes a team forfeit on the present team's players as ``0000 C +`` (trf.md
    4.1). Round 1, two boards: team 1 - team 2, board 1 played (player 1 beats 3), team 2 had
    nobody on board 2 (player 2: ``0000 b +``): 2-0, a played match (one board was played,
    Open reading 6), team 1 White. Round 2: team 2 did not come at all (``330 +-``), team 1's
    players ``0000 w +`` / ``0000 b +``: a forfeit win, no colour. The file round-trips."""
    lines = [
        "012 Empty boards", "142 3", "152 W", "192 FIDE_TEAM", "352 WB",
        line001(1, "A1", 2000, 2.0, [cell(3, "w", "1"), cell(0, "w", "+")]),
        line001(2, "A2", 1990, 2.0, [cell(0, "b", "+"), cell(0, "b", "+")]),
        line001(3, "B1", 1900, 0.0, [cell(1, "b", "0")]),
        line001(4, "B2", 1890, 0.0),
        line310(1, "Alpha", [1, 2], "4.0", "4.0", 1),
        line310(2, "Beta", [3, 4], "0.0", "0.0", 2),
        "330 +-   2   1   2",
    ]
    t = parse_trf("\n".join(lines))
    assert t.warnings == []
    rounds = team_rounds(t)
    assert [(x.opponent, x.colour, x.kind, x.match_points, x.game_points) for x in rounds[1]] == [
        (2, Colour.WHITE, MatchKind.PLAYED, 2.0, 2.0),
        (2, None, MatchKind.FORFEIT_WIN, 2.0, 2.0)]
    assert [(x.kind, x.match_points) for x in rounds[2]] == [
        (MatchKind.PLAYED, 0.0), (MatchKind.FORFEIT_LOSS, 0.0)]
    text = write_trf(t)
    assert "0000 b +" in text
    assert parse_trf(text) == t


def test_empty_board_forfeit_in_an_individual_file_is_refused() -> None:
    lines = ["012 Open", "142 3", line001(1, "A", 2000, 1.0, [cell(0, "w", "+")]),
             line001(2, "B", 1900, 0.0)]
    with pytest.raises(InputError) as info:
        parse_trf("\n".join(lines), "open.trf")
    assert info.value.line == 3 and "team events" in info.value.problem


def test_team_bye_without_values_is_written_as_a_drawn_match() -> None:
    """C.04.6 1.4: a team bye the model holds without 320 values is written with those of a
    drawn match: TD match points and half the boards' points (4 boards: 2 game points)."""
    t = parse_trf("\n".join(x for x in event_lines() if not x.startswith("320")))
    ev = t.team_event
    assert ev is not None
    ev.pab = {2: 2}
    ev.board_colours = "WBWB"
    text = write_trf(t)
    assert "\n320  1.0  2.0 000 002\n" in text
