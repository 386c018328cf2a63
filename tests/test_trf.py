"""Tests of the TRF reader and writer (formats/trf.py) against ``../shared/rules/trf.md``."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import CASES, EXAMPLES, cell, line001, trf_text
from swisspairing.errors import InputError
from swisspairing.formats.trf import parse_trf, parse_trf_bytes, read_trf, write_trf
from swisspairing.model import Colour, ForbiddenGroup, Player, PointSystem, RoundEntry, Tournament

#: the reference cases next to the repository (../shared/cases); a copy of the repository
#: alone (without ../shared) round-trips its own examples instead
FOLDERS = (sorted(p for p in CASES.iterdir() if p.is_dir()) if CASES.is_dir() else [EXAMPLES])


# --- round trip -------------------------------------------------------------------------------
@pytest.mark.parametrize("folder", FOLDERS, ids=lambda p: p.name)
def test_every_case_round_trips(folder: Path) -> None:
    """Issue 2: every TRF file under ../shared/cases is read, written and read again into an
    equal model; writing the second model gives the same text (the writer is stable)."""
    files = sorted(folder.glob("*.trf"))
    assert files
    for path in files:
        first = read_trf(path)
        text = write_trf(first)
        second = parse_trf(text, f"{path} (rewritten)")
        assert second == first, path
        assert write_trf(second) == text, path
        assert first.players and first.total_rounds, path
        # the only warning any case gives is a 142 / XXR disagreement (t0048 of dutch-2025)
        assert all("number of rounds differs" in w for w in first.warnings), path


def test_round_trip_of_every_record_the_model_holds() -> None:
    """Headers, rounds, initial colour, pair-by-rank, a colour-dependent point system, byes for
    a coming round, acceleration, forbidden pairs (all rounds and some rounds), withdrawals,
    comments and unknown lines all survive write-then-read."""
    g = RoundEntry.game
    t = Tournament(
        players={
            1: Player(1, "Müller, Jürgen", 2301, "GM", "m", "GER", "4600001", "1980/01/02",
                      results=[g(2, Colour.WHITE, "1"), RoundEntry.bye("H")]),
            2: Player(2, "Øster, Åse", 0, "WFM", "w", "NOR", "", "",
                      results=[g(1, Colour.BLACK, "0")]),
            3: Player(3, "Tail", 1500, results=[RoundEntry.bye("U")]),
        },
        total_rounds=7,
        initial_colour=Colour.BLACK,
        point_system=PointSystem(white_win=3, black_win=3.5, forfeit_win=3, white_draw=1),
        acceleration={1: [1.0, 0.5], 2: [1.0, 0.0]},
        forbidden_pairs=[
            ForbiddenGroup(frozenset({2, 3}), 2, 4),
            ForbiddenGroup(frozenset({1, 2})),
        ],
        absent={2: {2: "Z"}, 3: {3: "F", 1: "H"}},
        headers={"012": ["012 Open de Test"], "092": ["092 Individual: Swiss-System"]},
        extra_lines=["### a comment", "BEL    1 national record kept as is"],
        pair_by_rank=True,
        withdrawn={3: 3},
    )
    t.players[1].declared_points = 3.5  # 3 (white win) + 1/2 (half-point bye: HPB = 0.5)
    t.players[2].declared_points = 0.0
    t.players[3].declared_points = 1.0
    back = parse_trf(write_trf(t), "rewritten")
    assert back == t
    assert back.warnings == []


def test_written_player_line_has_the_trf_columns() -> None:
    """trf.md 4: the writer puts each field at its columns (compared with a line built column
    by column in conftest.line001)."""
    p = Player(7, "Doe, Jane", 2105, "WIM", "w", "FRA", "20012345", "1999/12/31",
               results=[RoundEntry.game(12, Colour.BLACK, "="), None, RoundEntry.bye("H")])
    p.declared_points, p.declared_rank = 1.0, 3
    t = Tournament(players={7: p, 12: Player(12, results=[RoundEntry.game(7, Colour.WHITE, "=")])})
    line = next(x for x in write_trf(t).splitlines() if x.startswith("001    7"))
    expected = line001(7, "Doe, Jane", 2105, 1.0, [cell(12, "b", "="), " " * 8, cell(0, "-", "H")],
                       sex="w", title="WIM", federation="FRA", fide_id="20012345",
                       birth="1999/12/31", rank=3)
    assert line == expected


# --- the points column (trf.md 4, cols 81-84) -------------------------------------------------
def _two(points1: float, points2: float, *header: str) -> str:
    return trf_text(
        *header,
        line001(1, "A", 2000, points1, [cell(2, "w", "1"), cell(0, "-", "H")]),
        line001(2, "B", 1900, points2, [cell(1, "b", "0"), cell(0, "-", "U")]),
    )


def test_points_column_matching_the_results_gives_no_warning() -> None:
    assert parse_trf(_two(1.5, 1.0), "ok.trf").warnings == []
    # 3-1-0 with the PAB worth a win: 3 + 1 and 0 + 3
    assert parse_trf(_two(4.0, 3.0, "XXS W=3 D=1 PAB=3"), "ok.trf").warnings == []


def test_points_column_mismatch_is_reported_not_fixed() -> None:
    """Issue 2: the points column is checked against the results; a mismatch is reported
    (a warning naming the player), never silently fixed (the declared value is kept)."""
    t = parse_trf(_two(2.0, 1.0), "bad.trf")
    assert len(t.warnings) == 1
    assert "bad.trf" in t.warnings[0] and "player 1" in t.warnings[0]
    assert "file says 2" in t.warnings[0] and "results give 1.5" in t.warnings[0]
    assert t.players[1].declared_points == 2.0
    assert t.total_points(1) == 1.5
    assert "   2.0" in write_trf(t).splitlines()[0]
    assert "   1.5" in write_trf(t, points="computed").splitlines()[0]


def test_points_column_checked_under_the_point_system() -> None:
    """trf.md 8: with XXS present the points are checked with that point system."""
    t = parse_trf(_two(1.5, 1.0, "XXS W=3 D=1"), "x.trf")
    assert "player 1" in t.warnings[0] and "results give 4" in t.warnings[0]


def test_points_column_may_include_acceleration() -> None:
    """Some programs write the points with the acceleration added: accepted."""
    t = parse_trf(_two(2.5, 1.0, "XXA    1  1.0"), "acc.trf")
    assert t.warnings == []


# --- rounds, colours and engine lines ---------------------------------------------------------
def test_xxr_and_142_conflict_is_a_warning() -> None:
    """trf.md 11: XXR and 142 both give the number of rounds; when they differ the file says
    two things: XXR (what the engines read) is used and the conflict is reported."""
    t = parse_trf(_two(1.5, 1.0, "142 9", "XXR 8"), "c.trf")
    assert t.total_rounds == 8
    assert len(t.warnings) == 1 and "142 9 (line 1)" in t.warnings[0]
    assert "XXR 8 (line 2)" in t.warnings[0]
    t = parse_trf(_two(1.5, 1.0, "142 9", "XXR 9"), "c.trf")
    assert t.total_rounds == 9 and t.warnings == []
    assert parse_trf(_two(1.5, 1.0, "142 6"), "c.trf").total_rounds == 6


@pytest.mark.parametrize(
    ("header", "colour", "by_rank"),
    [("XXC white1", Colour.WHITE, False), ("XXC black1", Colour.BLACK, False),
     ("XXC rank white1", Colour.WHITE, True), ("XXC rank", None, True),
     ("152 B", Colour.BLACK, False), ("152 W", Colour.WHITE, False)],
)
def test_initial_colour_and_rank(header: str, colour: Colour | None, by_rank: bool) -> None:
    t = parse_trf(_two(1.5, 1.0, header), "c.trf")
    assert t.initial_colour is colour
    assert t.pair_by_rank is by_rank


def test_xxa_acceleration() -> None:
    """trf.md 8: XXA id at col 5, round r value at col 10 + 5(r-1)."""
    t = parse_trf(_two(1.5, 1.0, "XXA    1  1.0  0.5", "XXA    2  0.0  1.0"), "a.trf")
    assert t.acceleration == {1: [1.0, 0.5], 2: [0.0, 1.0]}
    assert t.virtual_points(1, 2) == 0.5 and t.virtual_points(1, 3) == 0.0


def test_250_acceleration_ranges() -> None:
    """trf.md 5.2: ``250 MMMM GG.G RRF RRL IIII IIII``: game points for rounds first..last and
    ids first..last."""
    header = ("250      1.0 001 002 0001 0001", "250      0.5 003 003 0001 0002")
    t = parse_trf(_two(1.5, 1.0, *header), "a.trf")
    assert t.acceleration == {1: [1.0, 1.0, 0.5], 2: [0.0, 0.0, 0.5]}


def test_xxp_and_260_forbidden_pairs() -> None:
    t = parse_trf(_two(1.5, 1.0, "XXP 1 2", "260 002 003    1    2"), "p.trf")
    assert t.forbidden_pairs == [ForbiddenGroup(frozenset({1, 2})),
                                 ForbiddenGroup(frozenset({1, 2}), 2, 3)]
    assert t.is_forbidden(2, 1, 9)


def test_xxz_marks_absent_players_for_the_next_round() -> None:
    """trf.md 8: XXZ lists players not to be paired in the round to pair (here round 2,
    the pre-entered H of player 1 not counting as a paired round)."""
    text = trf_text(
        line001(1, "A", 2000, 1.0, [cell(2, "w", "1")]),
        line001(2, "B", 1900, 0.0, [cell(1, "b", "0")]),
        line001(3, "C", 1800, 1.0, [cell(0, "-", "U")]),
        "XXZ 2",
        "XXZ 3",
    )
    t = parse_trf(text, "z.trf")
    assert t.absent == {2: {2: "Z", 3: "Z"}}
    assert t.not_paired_in(2) == {2: "Z", 3: "Z"}


def test_240_byes() -> None:
    """trf.md 5.1: ``240 T RRR IIII IIII``: bye type col 5, round 7-9, ids from col 11."""
    header = ("240 H 003    1", "240 F 003    2", "240 Z 004    1    2")
    t = parse_trf(_two(1.5, 1.0, *header), "b.trf")
    assert t.absent == {3: {1: "H", 2: "F"}, 4: {1: "Z", 2: "Z"}}


def test_headers_comments_and_unknown_lines_are_kept() -> None:
    """trf.md 2: unknown lines are not fatal (national records start with a federation)."""
    t = parse_trf(_two(1.5, 1.0, "012 Open", "### ruler 123456789", "FRA    1 national"), "h.trf")
    assert t.headers == {"012": ["012 Open"]}
    assert t.extra_lines == ["### ruler 123456789", "FRA    1 national"]
    assert "FRA    1 national" in write_trf(t)


def test_withdrawal_record() -> None:
    t = parse_trf(_two(1.5, 1.0, "### swisspairing withdrawn 2 3"), "w.trf")
    assert t.withdrawn == {2: 3}
    with pytest.raises(InputError) as err:
        parse_trf(_two(1.5, 1.0, "### swisspairing withdrawn 9 3"), "w.trf")
    assert err.value.line == 1


# --- line ends and encodings (trf.md 2) -------------------------------------------------------
@pytest.mark.parametrize("eol", ["\r", "\n", "\r\n"])
def test_line_ends(eol: str) -> None:
    """trf.md 2: every line ends with CR in the spec; CR, LF and CRLF are all read."""
    text = _two(1.5, 1.0, "012 Test", "XXR 5").replace("\n", eol)
    t = parse_trf(text, "e.trf")
    assert t == parse_trf(_two(1.5, 1.0, "012 Test", "XXR 5"), "e.trf")
    assert len(t.players) == 2 and t.total_rounds == 5


NAME = "Müller-Lüdenscheidt, Zoë Œuvre"


def _named(name: str) -> str:
    return trf_text(line001(1, name, 2000, 0.0), line001(2, "Other", 1900, 0.0))


def test_utf8_names() -> None:
    t = parse_trf_bytes(_named(NAME).encode("utf-8"), "u.trf")
    assert t.players[1].name == NAME and t.warnings == []
    bom = b"\xef\xbb\xbf" + _named(NAME).encode("utf-8")
    assert parse_trf_bytes(bom, "u.trf").players[1].name == NAME


def test_windows_1252_names_are_read_with_a_warning(tmp_path: Path) -> None:
    """trf.md 2: the encoding is not specified; a file that is not UTF-8 (Papi, old
    Swiss-Manager) is read as Windows-1252 and the user is told so, with the line."""
    path = tmp_path / "cp.trf"
    path.write_bytes(("012 Tournoi\n" + _named(NAME)).encode("cp1252"))
    t = read_trf(path)
    assert t.players[1].name == NAME
    assert len(t.warnings) == 1
    assert str(path) in t.warnings[0] and "line 2" in t.warnings[0]
    assert "cp1252" in t.warnings[0]
    # written back as UTF-8
    assert NAME.encode("utf-8") in write_trf(t).encode("utf-8")


def test_bytes_not_in_windows_1252_fall_back_to_latin_1() -> None:
    t = parse_trf_bytes(_named("A\x81B").encode("latin-1"), "l.trf")
    assert t.players[1].name == "A\x81B"
    assert "latin-1" in t.warnings[0]


# --- errors name the file and the line -----------------------------------------------------
@pytest.mark.parametrize(
    ("lines", "line", "words"),
    [
        ([line001(1, "A", 2000), line001(1, "B", 1900)], 2, "used by two"),
        ([line001(1, "A", 2000, None, [cell(3, "w", "1")])], 1, "unknown player id 3"),
        ([line001(1, "A", 2000, None, [cell(2, "w", "1")]), line001(2, "B")], 1, "does not name"),
        ([line001(1, "A", 2000, None, [cell(2, "w", "1")]),
          line001(2, "B", 1900, None, [cell(1, "w", "0")])], 1, "both have colour"),
        ([line001(1, "A", 2000, None, [cell(1, "w", "1")])], 1, "cannot play itself"),
        ([line001(1, "A", 2000, None, [cell(2, "w", "Q")]), line001(2, "B")], 1, "unknown result"),
        ([line001(1, "A", 2000, None, [cell(0, "-", "1")])], 1, "unknown result"),
        ([line001(1, "A", 2000, None, [cell(0, "w", "U")])], 1, "no colour"),
        ([line001(1, "A", 2000, None, [cell(2, "x", "1")]), line001(2, "B")], 1, "colour"),
        ([line001(1, "A", 2000, None, [cell(2, "-", "1")]), line001(2, "B")], 1, "colour w or b"),
        (["XXR many", line001(1, "A")], 1, "whole number"),
        (["XXC white2", line001(1, "A")], 1, "unknown option"),
        (["152 X", line001(1, "A")], 1, "W or B"),
        ([line001(1, "A"), "XXP 1 5"], 2, "unknown player id 5"),
        ([line001(1, "A"), "XXZ 4"], 2, "unknown player id 4"),
        ([line001(1, "A"), "XXA    3  1.0"], 2, "unknown player id 3"),
        ([line001(1, "A"), "240 Q 001    1"], 2, "bye type"),
        ([line001(1, "A"), "250      1.0 003 001 0001 0002"], 2, "must not be empty"),
        ([line001(1, "A"), "260 001 002    1    9"], 2, "unknown player id 9"),
        (["001 abcd A"], 1, "pairing number"),
        ([line001(1, "A"), line001(2, "B", 1900)[:14] + " " + line001(2, "B", 1900)[14:]], 2,
         "column 53 must be blank"),
        ([line001(1, "A"), "0011" + line001(2, "B", 1900)[4:]], 2, "column 4 must be blank"),
        ([line001(1, "A", 2000, None, [cell(0, "-", "U")]) + "x"], 1, "columns"),
        ([line001(1, "A", 2000, None, ["0000 -  U"])], 1, "shifted"),
        ([line001(1, "A", 2000, None, ["000 - U "])], 1, "expected 'OOOO C R'"),
        ([line001(1, "A", 2000, 1.0)[:-1] + "x"], 1, "points"),
        ([line001(1, "A", 2000, None, [], sex="q")], 1, "sex"),
        (["012 a\x07b", line001(1, "A")], 1, "control character"),
    ],
)
def test_errors_name_file_and_line(lines: list[str], line: int, words: str) -> None:
    with pytest.raises(InputError) as err:
        parse_trf(trf_text(*lines), "err.trf")
    assert err.value.path == "err.trf"
    assert err.value.line == line, err.value
    assert words in err.value.problem, err.value
    assert str(err.value).startswith(f"err.trf, line {line}: ")


def test_file_without_players() -> None:
    with pytest.raises(InputError) as err:
        parse_trf("012 Nothing here\n", "empty.trf")
    assert "no player record" in str(err.value) and "empty.trf" in str(err.value)


def test_results_that_do_not_agree_are_a_warning() -> None:
    """Both sides of a game should carry mirrored results (1/0, =/=, +/-, or a double forfeit
    -/-); anything else is reported, never fixed."""
    text = trf_text(line001(1, "A", 2000, 1.0, [cell(2, "w", "1")]),
                    line001(2, "B", 1900, 1.0, [cell(1, "b", "1")]))
    t = parse_trf(text, "r.trf")
    assert any("do not agree" in w and "1-2 1/1" in w for w in t.warnings)
    double = trf_text(line001(1, "A", 2000, 0.0, [cell(2, "w", "-")]),
                      line001(2, "B", 1900, 0.0, [cell(1, "b", "-")]))
    assert parse_trf(double, "r.trf").warnings == []


def test_read_trf_file_errors(tmp_path: Path) -> None:
    with pytest.raises(InputError) as err:
        read_trf(tmp_path / "missing.trf")
    assert "no such file" in str(err.value) and "missing.trf" in str(err.value)
    with pytest.raises(InputError) as err:
        read_trf(tmp_path)
    assert "directory" in str(err.value)
