"""Tests of the Baku acceleration (model/acceleration.py, C.04.7 Art. 1 / C.04.5.1).

Expected values come from ../shared/rules/general-handling-2026.md section 4 (4.2 table and
examples, 4.3 premise) and from the decisions of docs/acceleration.md, never from another
engine's output. The reference cases (../shared/cases/edge-20xx/baku-*) are used only as inputs:
their XXA lines are stripped and recomputed, and our pairing with the recomputed values is
compared with our pairing with the file's values.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from conftest import CASES, line001, trf_text
from swisspairing.checker.check import check_tournament
from swisspairing.checker.generator import GeneratorConfig, generate
from swisspairing.errors import BadRequest
from swisspairing.formats.trf import parse_trf, read_trf, write_trf
from swisspairing.interfaces.cli import main
from swisspairing.model import Board, Colour, Pairing, Player, PointSystem, RoundEntry, Tournament
from swisspairing.model.acceleration import (
    accelerated_rounds,
    baku_fraction,
    baku_group_a,
    baku_group_size,
    baku_values,
    check_baku_premise,
    virtual_points_table,
)
from swisspairing.model.state import Float, build_states
from swisspairing.standings import export
from swisspairing.systems import get_system
from swisspairing.systems.explain import Explanation

g = RoundEntry.game


def _tournament(n: int, rounds: int = 9, *, baku: bool = True) -> Tournament:
    """``n`` players rated 2500, 2490, ... (TPN = rating order), nothing played yet."""
    t = Tournament(total_rounds=rounds, initial_colour=Colour.WHITE, baku=baku)
    for i in range(1, n + 1):
        t.players[i] = Player(i, f"Player {i:03d}", 2500 - 10 * i)
    return t


def _play_round(t: Tournament, r: int, boards: list[tuple[int, int, str]]) -> None:
    """Write round ``r``: (white, black, white's result) per board."""
    mirror = {"1": "0", "0": "1", "=": "="}
    for w, b, res in boards:
        t.players[w].set_entry(r, g(b, Colour.WHITE, res))
        t.players[b].set_entry(r, g(w, Colour.BLACK, mirror[res]))


# --- the numbers of the text ---------------------------------------------------------------------
@pytest.mark.parametrize(("n", "size"), [(160, 80), (161, 82), (162, 82), (163, 82)])
def test_group_a_size_table(n: int, size: int) -> None:
    """Digest 4.2 item 2: GA = the first half rounded up to the next even number; the text's
    examples N = 160 -> 80, 161 -> 82, 162 -> 82, 163 -> 82 (2 * ceil(N / 4))."""
    assert baku_group_size(n) == size
    assert baku_group_a(_tournament(n)) == frozenset(range(1, size + 1))


#: digest 4.2 table: R -> (rounds with a win's worth, rounds with half of it)
ROUND_TABLE = {
    5: ((1, 2), (3,)),
    6: ((1, 2), (3,)),
    7: ((1, 2), (3, 4)),
    8: ((1, 2), (3, 4)),
    9: ((1, 2, 3), (4, 5)),
    10: ((1, 2, 3), (4, 5)),
    11: ((1, 2, 3), (4, 5, 6)),
    12: ((1, 2, 3), (4, 5, 6)),
    13: ((1, 2, 3, 4), (5, 6, 7)),
}


@pytest.mark.parametrize("rounds", sorted(ROUND_TABLE))
def test_virtual_points_per_round(rounds: int) -> None:
    """Digest 4.2 item 4 and its table (R = 12 from the rule: A = 6, ceil(A/2) = 3): +1 in the
    first ceil(A/2) accelerated rounds, +0.5 in the other ones, 0 after A = ceil(R/2); GB
    players never get any."""
    full, half = ROUND_TABLE[rounds]
    assert accelerated_rounds(rounds) == len(full) + len(half)
    t = _tournament(10, rounds)  # GA = players 1-6
    table = virtual_points_table(t)
    assert sorted(table) == [1, 2, 3, 4, 5, 6]
    for r in range(1, rounds + 1):
        expected = 1.0 if r in full else 0.5 if r in half else 0.0
        assert baku_fraction(rounds, r) == expected
        assert t.virtual_points(1, r) == expected
        assert t.virtual_points(6, r) == expected
        assert t.virtual_points(7, r) == 0.0


def test_nine_round_example_of_the_text() -> None:
    """Digest 4.2 item 4: "R = 9 -> A = 5 -> +1 in rounds 1-3, +0.5 in rounds 4-5, 0 from 6"."""
    assert baku_values(_tournament(4, 9))[1] == [1.0, 1.0, 1.0, 0.5, 0.5]


# --- late entries and players absent in round 1 --------------------------------------------------
def _with_late_entry(arrival: int, name: str, rating: int) -> Tournament:
    """10 players rated 2490, 2480, ... (GA = 2 * ceil(10 / 4) = 6: players 1-6), rounds before
    ``arrival`` played, then a late entry with ``0000 - Z`` in the rounds it missed."""
    t = _tournament(10)
    _play_round(t, 1, [(1, 6, "1"), (7, 2, "0"), (3, 8, "="), (9, 4, "0"), (5, 10, "1")])
    if arrival == 3:
        _play_round(t, 2, [(6, 1, "0"), (2, 3, "1"), (4, 5, "="), (8, 7, "1"), (10, 9, "0")])
    entrant = Player(99, name, rating, results=[RoundEntry.bye("Z") for _ in range(arrival - 1)])
    return t.add_late_entry(entrant)


@pytest.mark.parametrize("arrival", [2, 3])
def test_late_entry_above_the_last_ga_player_joins_ga(arrival: int) -> None:
    """Digest 4.2 item 3: a late entry is inserted by the initial order (GHR 2.4) and the last GA
    player stays the same player. An entrant rated between players 3 and 4 takes TPN 4; the last
    GA player (old 6) becomes 7, so GA = 1-7 (odd) and the entrant, in GA, gets the virtual
    points of the rounds from its arrival (+1 in rounds 1-3, +0.5 in 4-5 for R = 9)."""
    t2 = _with_late_entry(arrival, "Late, Lara", 2465)
    assert t2.players[4].name == "Late, Lara"
    assert t2.players[7].name == "Player 006"
    assert baku_group_a(t2) == frozenset(range(1, 8))
    assert t2.virtual_points(4, arrival) == 1.0
    assert t2.virtual_points(4, 4) == 0.5
    assert t2.virtual_points(8, arrival) == 0.0
    states = build_states(t2, arrival)
    assert states[4].pairing_score == 1.0 and states[4].score == 0.0
    assert states[4].virtual_points == 1.0


@pytest.mark.parametrize("arrival", [2, 3])
def test_late_entry_below_the_last_ga_player_is_in_gb(arrival: int) -> None:
    """Digest 4.2 item 3: an entrant placed just below the last GA player (between old 6 and 7)
    takes TPN 7; GA stays 1-6, the entrant has no virtual points."""
    t2 = _with_late_entry(arrival, "Late, Luc", 2435)
    assert t2.players[7].name == "Late, Luc"
    assert baku_group_a(t2) == frozenset(range(1, 7))
    assert t2.virtual_points(7, arrival) == 0.0


def test_players_absent_in_round_one_are_placed_like_late_entries() -> None:
    """docs/acceleration.md: the list split in round 1 is the players to be paired in round 1
    (C.04.7 1.2); a player with a requested bye in round 1 is placed like a late entry. 12
    players, player 2 has a half-point bye: N = 11, GA = 2 * ceil(11 / 4) = 6 players to be
    paired, the last being player 7; player 2, above it, is in GA too (GA = 1-7)."""
    t = _tournament(12)
    t.players[2].set_entry(1, RoundEntry.bye("H"))
    assert baku_group_a(t) == frozenset(range(1, 8))
    # the same once round 1 is paired (read from the round-1 cells)
    _play_round(t, 1, [(1, 7, "1"), (8, 3, "0"), (4, 9, "="), (10, 5, "0"), (6, 11, "1")])
    t.players[12].set_entry(1, RoundEntry.bye("U"))
    assert baku_group_a(t) == frozenset(range(1, 8))


# --- the premise ---------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("points", "fragment"),
    [
        (PointSystem.standard(3, 1, 0), "win (3) is not worth twice a draw (1)"),
        (PointSystem.standard(3, 2, 1), "a loss does not score 0"),
        (PointSystem(white_win=1.0, black_win=1.5), "by colour or forfeit"),
    ],
)
def test_point_systems_where_baku_does_not_apply(points: PointSystem, fragment: str) -> None:
    """Digest 4.3 (C.04.7 1.1): only when a win is worth twice a draw and a loss scores 0
    (2/1/0 yes, 3/1/0 no). Refused with a message naming the rule, when pairing too."""
    with pytest.raises(BadRequest, match=re.escape(fragment)) as info:
        check_baku_premise(points)
    assert "C.04.7 1.1" in str(info.value)
    t = _tournament(8)
    t.point_system = points
    with pytest.raises(BadRequest, match=r"C\.04\.7 1\.1"):
        get_system("dutch-2025").pair(t, 1, None)


def test_two_one_zero_gets_a_win_and_half_a_win() -> None:
    """Digest 4.3 (C.04.7 1.4): the virtual points are "the points for a win", then half of
    that: 2/1/0 over 11 rounds gives +2 in rounds 1-3 and +1 in rounds 4-6. A PAB worth a draw
    (1/0.5/0 with PAB 0.5) does not change the premise."""
    t = _tournament(8, 11)
    t.point_system = PointSystem.standard(2, 1, 0)
    assert baku_values(t)[1] == [2.0, 2.0, 2.0, 1.0, 1.0, 1.0]
    t.point_system = PointSystem(pairing_bye=0.5)
    assert baku_values(t)[1] == [1.0, 1.0, 1.0, 0.5, 0.5, 0.5]


def test_number_of_rounds_is_needed() -> None:
    t = _tournament(8)
    t.total_rounds = None
    with pytest.raises(BadRequest, match="number of rounds"):
        baku_values(t)


# --- pairing scores -------------------------------------------------------------------------------
@pytest.mark.parametrize("system", ["dutch-2017", "dutch-2025", "dubov", "lim"])
def test_round_one_pairs_within_each_group(system: str) -> None:
    """C.04.7 1.5: the pairing score (points + virtual points) makes the scoregroups. In round 1
    of 8 players GA = 1-4 has pairing score 1 and GB = 5-8 pairing score 0: two even groups of
    compatible players, so no one floats and every board is inside one group."""
    t = _tournament(8)
    pairing = get_system(system).pair(t, 1, None)
    assert pairing.bye is None and len(pairing.boards) == 4
    for b in pairing.boards:
        assert (b.white <= 4) == (b.black <= 4), (system, b)
    plain = get_system(system).pair(_tournament(8, baku=False), 1, None)
    assert any((b.white <= 4) != (b.black <= 4) for b in plain.boards)


def test_float_history_uses_the_pairing_scores_of_past_rounds() -> None:
    """Digest 4.3: the float of a past round is judged on the pairing scores of that round. In
    round 1 of 8 players (GA = 1-4), 1 (pairing score 1) played 5 (pairing score 0): a downfloat
    for 1 and an upfloat for 5, although both had 0 points; 2-3 (both GA) is no float."""
    t = _tournament(8)
    _play_round(t, 1, [(1, 5, "1"), (2, 3, "="), (6, 4, "0"), (7, 8, "=")])
    states = build_states(t, 2)

    def down_if_unplayed(record):  # type: ignore[no-untyped-def]
        return Float.DOWN

    assert states[1].float_in(1, down_if_unplayed) is Float.DOWN
    assert states[5].float_in(1, down_if_unplayed) is Float.UP
    assert states[2].float_in(1, down_if_unplayed) is None
    assert states[1].score == 1.0 and states[1].pairing_score == 2.0
    t.baku = False
    assert build_states(t, 2)[1].float_in(1, down_if_unplayed) is None


def test_virtual_points_stay_out_of_the_standings_and_into_board_order() -> None:
    """C.04.7 1.5: virtual points are never standings points (the points column and the TRF
    points are the real ones) but they sort the boards (GHR 3.6 with the pairing score)."""
    from swisspairing.standings import ranking

    t = _tournament(8)
    _play_round(t, 1, [(1, 3, "1"), (2, 4, "1"), (5, 7, "1"), (6, 8, "1")])
    assert t.total_points(1) == 1.0
    st = ranking.rank(t)
    assert {row.pid: row.points for row in st.rows}[1] == 1.0
    # round 2: players 3 and 4 have 0 points + 1 virtual, player 5 has 1 point, 7 none: with
    # pairing scores 3-4 (1 + 1) comes before 5-7 (1 + 0); on points alone it would be after
    pairing = Pairing(2, [Board(5, 7), Board(4, 3)])
    assert pairing.publication_order(t) == [Board(4, 3), Board(5, 7)]
    t.baku = False
    assert pairing.publication_order(t) == [Board(5, 7), Board(4, 3)]


def test_explain_names_the_carriers() -> None:
    """Issue 17: --explain says which players carry virtual points and how many."""
    from swisspairing.systems.selection import pair_tournament

    explanation = Explanation()
    pair_tournament(_tournament(10), "dutch-2025", None, explanation)
    text = explanation.render("en")
    assert "group A: players 1-6 (6)" in text
    assert "+1 for players 1-6 (6)" in text
    assert "joueurs 1-6" in explanation.render("fr")


# --- reading and writing --------------------------------------------------------------------------
def _file(extra: list[str]) -> str:
    return trf_text(
        "012 Baku test",
        "XXR 9",
        *[line001(i, f"P{i}", 2500 - i, 0.0, []) for i in range(1, 9)],
        *extra,
    )


def test_192_baku_suffix_and_xxa_precedence() -> None:
    """trf.md 6: a 192 code ending in _BAKU asks for the acceleration; trf.md 5.2: XXA / 250
    values, when the file has any, are the ones used (here +0.5 for player 5 only)."""
    t = parse_trf(_file(["192 FIDE_DUTCH_2026_BAKU"]))
    assert t.baku and virtual_points_table(t)[4] == [1.0, 1.0, 1.0, 0.5, 0.5]
    t = parse_trf(_file(["192 FIDE_DUTCH_2026_BAKU", "XXA    5  0.5"]))
    assert virtual_points_table(t) == {5: [0.5]}
    assert not parse_trf(_file(["192 FIDE_DUTCH_2026"])).baku


def test_cli_baku_option_and_refusal(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    """--baku on pair; a point system outside the premise exits 2 with the rule's message."""
    path = tmp_path / "t.trf"
    path.write_text(_file([]))
    out = tmp_path / "out.txt"
    assert main(["pair", "--system", "dutch-2025", str(path), "--baku", "-o", str(out)]) == 0
    boards = [tuple(map(int, x.split())) for x in out.read_text().split("\n")[1:] if x]
    assert all((w <= 4) == (b <= 4) for w, b in boards)
    path.write_text(_file(["XXS W=3 D=1"]))
    assert main(["pair", "--system", "dutch-2025", str(path), "--baku"]) == 2
    assert "C.04.7 1.1" in capsys.readouterr().err
    assert main(["check", "--system", "dutch-2025", str(path), "--baku"]) == 2


def test_file_values_that_are_not_bakus_are_reported(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "t.trf"
    path.write_text(_file(["192 FIDE_DUTCH_2026_BAKU", "XXA    5  1.0"]))
    assert main(["pair", str(path)]) == 0
    err = capsys.readouterr().err
    assert "differ from the Baku method" in err and "player 1, round 1" in err


# --- the reference cases: recomputed values = the file's values ----------------------------------
BAKU_CASES = [
    ("edge-2017", "baku-t0000-r04", "dutch-2017"),
    ("edge-2017", "baku-t0001-r06", "dutch-2017"),
    ("edge-2025", "baku-t0000-r05", "dutch-2025"),
    ("edge-2025", "baku-t0001-r03", "dutch-2025"),  # 250 records instead of XXA lines
]


@pytest.mark.parametrize(("folder", "name", "system"), BAKU_CASES)
def test_computed_values_equal_the_files_and_pair_the_same(folder: str, name: str,
                                                           system: str) -> None:
    """edge-20xx README, category baku: XXA (or 250) for the first 2*ceil(N/4) players, +1 in
    rounds 1..ceil(A/2), +0.5 in the other accelerated rounds. With those lines removed and the
    acceleration asked for by 192 _BAKU, the values are computed again (not copied) and must
    equal the file's for every round it gives; our pairing is the same with both."""
    path = CASES / folder / f"{name}.trf"
    given = read_trf(path)
    text = path.read_text()
    stripped = "".join(line for line in text.splitlines(keepends=True)
                       if not line.startswith(("XXA", "250")))
    computed = parse_trf(stripped + "192 FIDE_DUTCH_BAKU\n", f"{path} (stripped)")
    assert computed.baku and not computed.acceleration
    rounds = computed.next_round
    for pid in computed.players:
        for r in range(1, rounds + 1):
            assert computed.virtual_points(pid, r) == given.virtual_points(pid, r), (pid, r)
    engine = get_system(system)
    ours, theirs = engine.pair(computed, rounds, None), engine.pair(given, rounds, None)
    assert sorted(ours.boards) == sorted(theirs.boards) and ours.bye == theirs.bye
    without = parse_trf(stripped, f"{path} (no acceleration)")
    assert virtual_points_table(without) == {}


# --- generator, checker, export -----------------------------------------------------------------
def test_generated_accelerated_tournament_checks_and_exports(tmp_path: Path) -> None:
    """Issue 17: a 9-round, 60-player tournament generated with --baku passes check; its TRF-2026
    export carries 250 records and XXA lines; read back with only the XXA lines, or with only
    ``192 ..._BAKU``, every round is paired again the same way. Without acceleration some round
    differs (the check is not blind to it)."""
    t = generate("dutch-2025", GeneratorConfig(players=60, rounds=9, baku=True), 17)
    assert sorted(t.acceleration) == list(range(1, 31))  # GA = 2 * ceil(60 / 4)
    assert t.acceleration[1] == [1.0, 1.0, 1.0, 0.5, 0.5]
    generated = parse_trf(write_trf(t, points="computed"), "generated")
    assert check_tournament(generated, "dutch-2025").ok
    text, _ = export.write_trf26(generated)
    assert "250      " in text and "\nXXA    1  1.0  1.0  1.0  0.5  0.5\n" in text
    lines = text.splitlines(keepends=True)
    only_xxa = parse_trf("".join(x for x in lines if not x.startswith("250")), "xxa")
    only_192 = parse_trf("".join(x for x in lines if not x.startswith(("250", "XXA")))
                         + "192 FIDE_DUTCH_2026_BAKU\n", "192")
    assert only_xxa.acceleration == t.acceleration and only_192.baku
    assert check_tournament(only_xxa, "dutch-2025").ok
    assert check_tournament(only_192, "dutch-2025").ok
    only_192.baku = False
    assert not check_tournament(only_192, "dutch-2025", [1, 2, 3]).ok


def test_generator_refuses_baku_with_three_points_for_a_win() -> None:
    with pytest.raises(BadRequest, match=r"C\.04\.7 1\.1"):
        GeneratorConfig(point_system=PointSystem.standard(3, 1, 0), baku=True).validate()


def test_checker_refuses_before_any_round_and_notes_group_a() -> None:
    """Round 1 of 8 players, GA = 1-4: brackets 1-4 and 5-8 (C.04.7 1.5), S1 against S2 (Dutch
    2025 3.x), colours by TPN parity from white1 (5.2.5): 1-3, 4-2, 5-7, 8-6 agrees; the checker
    names GA, and refuses before any round when the number of rounds is unknown (1.4)."""
    t = _tournament(8)
    _play_round(t, 1, [(1, 3, "1"), (4, 2, "="), (5, 7, "1"), (8, 6, "0")])
    report = check_tournament(t, "dutch-2025")
    assert report.ok
    assert any("players 1-4" in en for en, _ in report.notes)
    t.total_rounds = None
    with pytest.raises(BadRequest, match="number of rounds"):
        check_tournament(t, "dutch-2025")



def test_convert_writes_the_computed_values(tmp_path: Path) -> None:
    """Issue 17: `convert --to trf26` of a `192 ..._BAKU` file writes the computed values (8
    players: GA = 1-4; R = 9: +1 in rounds 1-3, +0.5 in 4-5) as 250 records (trf.md 5.2
    columns) and as XXA lines; read back, they are the values used."""
    path = tmp_path / "t.trf"
    path.write_text(_file(["192 FIDE_DUTCH_2026_BAKU"]))
    out = tmp_path / "out.trf"
    assert main(["convert", "--to", "trf26", str(path), "-o", str(out)]) == 0
    text = out.read_text()
    assert "250       1.0 001 003 0001 0004\n" in text
    assert "250       0.5 004 005 0001 0004\n" in text
    assert "XXA    4  1.0  1.0  1.0  0.5  0.5\n" in text and "XXA    5" not in text
    back = read_trf(out)
    assert back.acceleration == baku_values(parse_trf(_file(["192 FIDE_DUTCH_2026_BAKU"])))
