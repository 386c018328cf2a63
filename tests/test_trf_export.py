"""TRF files written by ``convert`` (TRF-16 and TRF-2026) against the TRF text
(``../shared/rules/trf.md``): every kind of round cell, the ``162`` record, the points column
kept as the file says, and the unplayed rounds that other programs write without a TRF code.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import cell, line001, trf_text
from swisspairing.formats.trf import parse_trf, standard_cell
from swisspairing.interfaces.cli import main
from swisspairing.model import Colour, PointSystem, RoundEntry
from swisspairing.model.results import ResultKind
from swisspairing.standings.export import scoring_162

W, B = Colour.WHITE, Colour.BLACK

#: trf.md 4.1: each kind of round, the cell as the text writes it. Games: opponent in
#: columns 1-4 (right-aligned), colour w/b in column 6, result code in column 8; forfeits the
#: same with + / -; rounds without an opponent: 0000, "-" and U F H Z (a blank code is a Z).
CELLS = [
    (RoundEntry.game(12, W, "1"), "  12 w 1"),
    (RoundEntry.game(12, B, "="), "  12 b ="),
    (RoundEntry.game(7, W, "0"), "   7 w 0"),
    (RoundEntry.game(123, B, "W"), " 123 b W"),
    (RoundEntry.game(1234, W, "D"), "1234 w D"),
    (RoundEntry.game(5, B, "L"), "   5 b L"),
    (RoundEntry.game(5, W, "+"), "   5 w +"),
    (RoundEntry.game(5, B, "-"), "   5 b -"),
    (RoundEntry(5, None, "+"), "   5 - +"),  # a forfeit written without the scheduled colour
    (RoundEntry.bye("U"), "0000 - U"),
    (RoundEntry.bye("F"), "0000 - F"),
    (RoundEntry.bye("H"), "0000 - H"),
    (RoundEntry.bye("Z"), "0000 - Z"),
    (RoundEntry.bye(" "), "0000 - Z"),  # blank code = Z
    (RoundEntry.bye("+"), "0000 - U"),  # JaVaFo 1.x pairing-allocated bye
    (RoundEntry.bye("="), "0000 - H"),  # JaVaFo 1.x half-point bye
    (RoundEntry.bye("-"), "0000 - Z"),  # JaVaFo 1.x absence
]


@pytest.mark.parametrize(("entry", "expected"), CELLS, ids=[c for _, c in CELLS])
def test_standard_cell_of_every_kind(entry: RoundEntry, expected: str) -> None:
    text = standard_cell(entry)
    assert text == expected
    assert len(text) == 8 and text[4] == " " and text[6] == " "
    assert text[7] in "10=WDL+-UFHZ"
    # read back: the same meaning
    back = _read_cell(text, entry.opponent)
    assert back.kind is entry.kind and back.opponent == entry.opponent


def _read_cell(text: str, opponent: int) -> RoundEntry:
    """``text`` as player 1's round-1 cell of a file (the opponent, if any, mirrors it)."""
    lines = [line001(1, "A", 2000, None, [text])]
    if opponent:
        mine = RoundEntry(opponent, None, text[7])
        colour = {"w": "b", "b": "w"}.get(text[5], "-")
        mirror = {"1": "0", "0": "1", "=": "=", "W": "L", "L": "W", "D": "D", "+": "-",
                  "-": "+"}[mine.code]
        lines.append(line001(opponent, "B", 1900, None, [cell(1, colour, mirror)]))
    return parse_trf(trf_text(*lines)).players[1].results[0]  # type: ignore[return-value]


# --- 162 (trf.md 3.1) ---------------------------------------------------------------------------
#: the point systems of the reference cases' README (edge-2017 / edge-2025 "score")
POINT_SYSTEMS = {
    "3-1-0, PAB 3": PointSystem.standard(3, 1, 0),
    "3-2-1, forfeit loss 0, PAB 3": PointSystem(
        white_win=3, black_win=3, forfeit_win=3, full_point_bye=3, white_draw=2, black_draw=2,
        half_point_bye=2, white_loss=1, black_loss=1, pairing_bye=3),
    "3-1-0, PAB 1": PointSystem(
        white_win=3, black_win=3, forfeit_win=3, full_point_bye=3, white_draw=1, black_draw=1,
        half_point_bye=1, pairing_bye=1),
    "1-0.5-0, PAB 0.5": PointSystem(pairing_bye=0.5),
    "2-1-0": PointSystem.standard(2, 1, 0),
    "absence worth 0.5": PointSystem(zero_point_bye=0.5, forfeit_loss=0.5),
}


@pytest.mark.parametrize("name", list(POINT_SYSTEMS))
def test_162_columns_and_read_back(name: str) -> None:
    """trf.md 3.1: symbol at column 6, its points right-aligned in columns 7-10 (``11.5``),
    the next symbol 9 columns further (15, 24, 33, ...); W and D always, L, A and P only when
    they differ from their default (0, 0, the W value). Read back, the same point system."""
    ps = POINT_SYSTEMS[name]
    line, _ = scoring_162(ps)
    assert line is not None and line.startswith("162  ")
    symbols = []
    for col in range(5, len(line), 9):  # 0-based index of columns 6, 15, 24...
        symbol, value = line[col], line[col + 1 : col + 5]
        assert symbol in "WDLAP" and len(value) == 4 and value.strip() == value.lstrip()
        assert float(value) == {"W": ps.white_win, "D": ps.white_draw, "L": ps.white_loss,
                                "A": ps.forfeit_loss, "P": ps.pairing_bye}[symbol]
        assert col + 5 == len(line) or line[col + 5 : col + 9] == "    "
        symbols.append(symbol)
    assert symbols[:2] == ["W", "D"]
    assert ("L" in symbols) == (ps.white_loss != 0)
    assert ("A" in symbols) == (ps.forfeit_loss != 0)
    assert ("P" in symbols) == (ps.pairing_bye != ps.white_win)
    back = parse_trf(trf_text(line, line001(1, "A", 2000, None, [])))
    assert back.point_system == ps


def test_162_one_half_pab_is_the_three_symbol_line() -> None:
    """1-0.5-0 with the PAB worth 0.5: W and D at their values, P 0.5, nothing else
    (columns 6-10, 15-19, 24-28)."""
    assert scoring_162(POINT_SYSTEMS["1-0.5-0, PAB 0.5"])[0] == "162  W 1.0    D 0.5    P 0.5"


def test_162_reads_z_for_the_absence_value() -> None:
    """bbpPairings 6 writes the absence value (zero-point bye, forfeit loss) under Z where the
    TRF-2026 text says A: both are read."""
    for symbol in "AZ":
        t = parse_trf(trf_text(f"162  W 3.0    D 1.0    {symbol} 0.5",
                               line001(1, "A", 2000, None, [])))
        assert t.point_system.zero_point_bye == 0.5 and t.point_system.forfeit_loss == 0.5


# --- convert: points column and cells ----------------------------------------------------------
def _event(points1: float) -> str:
    """Three players, two rounds; player 1 won round 1 and is absent (blank code) in round 2."""
    return trf_text(
        "012 Convert test",
        line001(1, "A", 2000, points1, [cell(2, "w", "1"), "0000 -  "]),
        line001(2, "B", 1900, 1.0, [cell(1, "b", "0"), cell(3, "w", "1")]),
        line001(3, "C", 1800, 1.0, [cell(0, "-", "U"), cell(2, "b", "0")]),
        "XXR 5",
    )


@pytest.mark.parametrize("dialect", ["trf16", "trf26"])
def test_convert_keeps_the_points_column(dialect: str, tmp_path: Path, capsys) -> None:
    """The file says 2.5 for player 1 where the results give 1 (a win, then a blank cell
    read as Z, and 2.5 is no bye's value): the column is kept, and the warning names player 1
    and both values. --points computed writes 1."""
    src = tmp_path / "in.trf"
    src.write_text(_event(2.5), encoding="utf-8")
    out = tmp_path / "out.trf"
    assert main(["convert", str(src), "--to", dialect, "-o", str(out)]) == 0
    err = capsys.readouterr().err
    assert "kept as the file says" in err and "1 (2.5 in the file, 1 by the results)" in err
    back = parse_trf(out.read_text(encoding="utf-8"))
    assert back.players[1].declared_points == 2.5
    assert back.players[2].declared_points == 1.0
    assert main(["convert", str(src), "--to", dialect, "--points", "computed",
                 "-o", str(out)]) == 0
    assert "written as the results give them" in capsys.readouterr().err
    assert parse_trf(out.read_text(encoding="utf-8")).players[1].declared_points == 1.0


@pytest.mark.parametrize("dialect", ["trf16", "trf26"])
def test_convert_writes_standard_cells_that_read_back(dialect: str, tmp_path: Path) -> None:
    """Cells without a TRF code (``0000 -  `` at the end of a line, ``     -  ``, ``     - =``)
    are written as ``0000 - Z`` / ``0000 - H``: every cell of every 001 line is whole (8
    columns every 10 from column 92) and the file reads back with the same rounds."""
    text = trf_text(
        line001(1, "A", 2000, 1.0, [cell(2, "w", "1"), "0000 -  "]),
        line001(2, "B", 1900, 1.5, [cell(1, "b", "0"), "     - =", cell(3, "w", "1")]),
        line001(3, "C", 1800, 1.0, [cell(0, "-", "U"), "     -  ", cell(2, "b", "0")]),
        "XXR 5",
    )
    src = tmp_path / "in.trf"
    src.write_text(text, encoding="utf-8")
    out = tmp_path / "out.trf"
    assert main(["convert", str(src), "--to", dialect, "-o", str(out)]) == 0
    written = out.read_text(encoding="utf-8")
    cells = {}
    for ln in written.splitlines():
        if ln.startswith("001 "):
            assert (len(ln) - 91) % 10 == 8
            cells[int(ln[4:8])] = [ln[s : s + 8] for s in range(91, len(ln), 10)]
    assert cells[1] == ["   2 w 1", "0000 - Z"]
    assert cells[2] == ["   1 b 0", "0000 - H", "   3 w 1"]
    assert cells[3] == ["0000 - U", "0000 - Z", "   2 b 0"]
    first, back = parse_trf(text), parse_trf(written)
    assert back.warnings == []
    for pid in first.players:
        kinds = [e.kind if e else None for e in first.players[pid].results]
        assert kinds == [e.kind if e else None for e in back.players[pid].results]


# --- reading unplayed rounds without a TRF code -------------------------------------------------
def test_blank_code_is_a_zero_point_bye_with_a_warning() -> None:
    """trf.md 4.1: a blank result code is a Z. Player 1's points (1) equal the results with
    round 2 read as Z: so it stays a Z, and the warning says so."""
    t = parse_trf(_event(1.0), "x.trf")
    assert t.players[1].results[1].kind is ResultKind.ZERO_POINT_BYE
    assert len(t.warnings) == 1
    assert "player 1 round 2" in t.warnings[0] and "as Z" in t.warnings[0]


@pytest.mark.parametrize(("points", "kind"), [(1.5, ResultKind.HALF_POINT_BYE),
                                              (2.0, ResultKind.FULL_POINT_BYE)])
def test_blank_code_read_as_the_bye_the_points_column_counts(points: float,
                                                              kind: ResultKind) -> None:
    """The points column gives player 1 half a point (a whole point) more than the results
    with the blank cell as Z: the cell was a half-point (full-point) bye; no points warning."""
    t = parse_trf(_event(points), "x.trf")
    assert t.players[1].results[1].kind is kind
    assert len(t.warnings) == 1 and "points column counts" in t.warnings[0]


def test_draw_without_opponent_is_a_half_point_bye_with_a_warning() -> None:
    t = parse_trf(trf_text(line001(1, "A", 2000, 0.5, ["     - ="])), "x.trf")
    assert t.players[1].results[0].kind is ResultKind.HALF_POINT_BYE
    assert len(t.warnings) == 1 and "as H" in t.warnings[0]
