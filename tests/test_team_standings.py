"""Team standings (C.04.6 events, C.07 team tie-breaks): values worked out by hand from
``../shared/rules/tiebreaks.md`` 3.6 on a small event (every board won, drawn or lost)."""

from __future__ import annotations

from pathlib import Path

import pytest

from swisspairing.errors import BadRequest
from swisspairing.formats.trf import write_trf
from swisspairing.interfaces.cli import main
from swisspairing.standings.teams import (
    board_results,
    board_table,
    parse_team_tiebreaks,
    rank_teams,
    team_crosstable,
)
from team_helpers import bye, play, team_event


def event() -> object:
    """Round 1: 1-3 4-0 (team 1 wins every board), 4-2 2-2. Round 2: 2-1 0-4, 3-4 4-0.
    Match points 1: 4, 2: 1, 3: 2, 4: 1; game points 8, 2, 4, 2."""
    t = team_event(4, rounds=5)
    play(t, 1, 1, 3, "W")
    play(t, 1, 4, 2, "D")
    play(t, 2, 2, 1, "L")
    play(t, 2, 3, 4, "W")
    return t


def test_ranking_and_values() -> None:
    """Teams 2 and 4 tie on MP (1), GP (2, MPvGP), their direct encounter (a 2-2 draw: EDE
    tied) and SB (team 2: 1 x 1 + 4 x 0 = 1; team 4: 1 x 1 + 2 x 0 = 1); Buchholz separates
    them: team 2 met teams 4 and 1 (1 + 4 = 5), team 4 met 2 and 3 (1 + 2 = 3)."""
    st = rank_teams(event(), parse_team_tiebreaks("MPvGP,EDE,SB,BH"))  # type: ignore[arg-type]
    assert [(r.rank, r.tid) for r in st.rows] == [(1, 1), (2, 3), (3, 2), (4, 4)]
    values = {r.tid: r.values for r in st.rows}
    assert values[2][0] == values[4][0] == 2.0
    assert values[2][2] == values[4][2] == 1.0
    assert (values[2][3], values[4][3]) == (5.0, 3.0)
    # team 1: SB (MP x MP) 2 x 2 + 1 x 2 = 6
    assert values[1][2] == 6.0


def test_extended_sb_variants_and_board_tiebreaks() -> None:
    """13.2 for team 1: EMMSB 2x2 + 1x2 = 6, EMGSB 2x4 + 1x4 = 12, EGMSB 4x2 + 2x2 = 12,
    EGGSB 4x4 + 2x4 = 24. BC (12.1) team 1: two wins on each board, 1x2 + 2x2 + 3x2 + 4x2 =
    20. Teams 2 and 4 have the same board results (TBR, BBE tied): TPN decides."""
    st = rank_teams(event(), parse_team_tiebreaks(  # type: ignore[arg-type]
        "EMMSB,EMGSB,EGMSB,EGGSB,BC,TBR,BBE,TPN"))
    one = next(r for r in st.rows if r.tid == 1)
    assert one.values[:5] == [6.0, 12.0, 12.0, 24.0, 20.0]
    assert [r.tid for r in st.rows][2:] == [2, 4]


def test_pab_counts_for_buchholz_against_the_capped_dummy() -> None:
    """16.4.2: team 5's PAB (1 MP) counts against a dummy with its own score, capped at a
    drawn match per round (1 MP x 1 round): BH 1."""
    t = team_event(5, rounds=5)
    play(t, 1, 1, 3, "W")
    play(t, 1, 4, 2, "D")
    bye(t, 1, 5)
    st = rank_teams(t, ["BH"])
    five = next(r for r in st.rows if r.tid == 5)
    assert (five.match_points, five.game_points, five.values) == (1.0, 2.0, [1.0])


def test_board_results_and_prize() -> None:
    """Board 1: team 1's first player won twice (2/2, 100 %): the board prize. The crosstable
    names opponents by their place: team 1 met team 3 (2nd) with White and scored 4."""
    st = rank_teams(event())  # type: ignore[arg-type]
    boards = board_results(st)
    assert boards[1][1] == (2.0, 2)
    table = board_table(st)
    first = table.rows[0]
    assert first[0] == "1" and first[1] == "*" and first[2] == "Player 1.1"
    cross = team_crosstable(st)
    assert cross.rows[0][2] == "Team 01" and cross.rows[0][3] == "2w 4"


def test_unknown_team_tiebreak_is_refused() -> None:
    with pytest.raises(BadRequest, match="unknown team tie-break"):
        parse_team_tiebreaks("MPvGP,XYZ")


def test_cli_team_standings(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "event.trf"
    path.write_text(write_trf(event()))  # type: ignore[arg-type]
    assert main(["standings", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Team 01" in out and "MPVGP" in out
    assert main(["standings", str(path), "--view", "boards", "--lang", "fr"]) == 0
    assert "Prix" in capsys.readouterr().out
    assert main(["standings", str(path), "--format", "json"]) == 0
    assert '"match_points": 4.0' in capsys.readouterr().out
    assert main(["standings", str(path), "--view", "all", "--format", "html",
                 "-o", str(tmp_path / "s.html")]) == 0
    assert "Team 01" in (tmp_path / "s.html").read_text()
    assert main(["standings", str(path), "--tiebreaks", "BH,NOPE"]) == 2


def test_cut_modifiers() -> None:
    """C.07 14.1: BH/C1 drops the lowest opponent score (team 2: opponents 4 (1 MP) and 1
    (4 MP): 5 -> 4); SB/C1 drops the product of the opponent with the lowest score (team 1:
    4 against team 3 (2 MP), 2 against team 2 (1 MP): 6 -> 4); /M1 drops the lowest and the
    highest (two rounds: nothing left, 0)."""
    st = rank_teams(event(), parse_team_tiebreaks("BH/C1,SB/C1,BH/M1"))  # type: ignore[arg-type]
    values = {r.tid: r.values for r in st.rows}
    assert values[2][0] == 4.0 and values[4][0] == 2.0
    assert values[1][1] == 4.0
    assert values[1][2] == 0.0
    with pytest.raises(BadRequest, match="does not apply"):
        parse_team_tiebreaks("TBR/C1")
    with pytest.raises(BadRequest, match="does not apply"):
        parse_team_tiebreaks("BH/X2")
