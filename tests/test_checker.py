"""Tests of the pairings checker: absolute violations (C.04.1) and the round-by-round comparison.

The base tournament below is written by hand (7 players, 3 rounds, every game drawn), with
``001`` lines built column by column by ``conftest.line001``. Its colours, derived by hand:

* R1: 1-4, 5-2, 3-6 (White first), 7 gets the pairing-allocated bye (U).
  Colours: 1 W, 2 B, 3 W, 4 B, 5 W, 6 B, 7 -.
* R2: 2-1, 5-3, 4-7, 6 gets the bye. Colours: 1 WB, 2 BW, 3 WB, 4 BW, 5 WW, 6 B, 7 B.
* R3: 6-5, 1-3, 7-2, 4 gets the bye. Colours: 1 WBW, 2 BWB, 3 WBB, 4 BW, 5 WWB, 6 BW, 7 BW.

No pair meets twice, each bye goes to a player without an earlier bye or unplayed win, every
colour difference stays within +-2 and nobody has three same colours in a row: no violation.
Each corrupted copy changes round 3 and must be reported with the rule it breaks.
"""

from __future__ import annotations

import copy

from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import cell, line001, trf_text
from swisspairing.checker import absolute_violations, check_tournament, published_pairing
from swisspairing.checker.check import input_for_round
from swisspairing.formats.trf import parse_trf
from swisspairing.interfaces.cli import main
from swisspairing.model import Board, Colour, Pairing, Player, RoundEntry, Tournament
from test_checker_naive import NAIVE

Round = tuple[list[tuple[int, int]], int | None]

BASE: list[Round] = [
    ([(1, 4), (5, 2), (3, 6)], 7),
    ([(2, 1), (5, 3), (4, 7)], 6),
    ([(6, 5), (1, 3), (7, 2)], 4),
]


def build(rounds: list[Round], *, codes: dict[tuple[int, int], str] | None = None,
          extra: dict[tuple[int, int], str] | None = None, n: int = 7,
          xxr: int = 5) -> Tournament:
    """TRF text of ``rounds`` (boards White-Black, every game drawn unless ``codes`` gives the
    (round, player) result code; ``extra`` gives bye codes of (round, player)), then parsed."""
    cells: dict[int, list[str]] = {p: [] for p in range(1, n + 1)}
    codes = codes or {}
    extra = extra or {}
    for r, (boards, bye) in enumerate(rounds, start=1):
        for w, b in boards:
            cells[w].append(cell(b, "w", codes.get((r, w), "=")))
            cells[b].append(cell(w, "b", codes.get((r, b), "=")))
        if bye is not None:
            cells[bye].append(cell(0, "-", "U"))
        for p in range(1, n + 1):
            if len(cells[p]) < r:
                cells[p].append(cell(0, "-", extra.get((r, p), "Z")))
    lines = [line001(p, f"Player {p:02d}", 2400 - 10 * p, None, cells[p])
             for p in range(1, n + 1)]
    return parse_trf(trf_text(*lines, f"XXR {xxr}", "XXC white1"))


def rules_of(t: Tournament, r: int, rules: str = "fide") -> list[tuple[str, tuple[int, ...]]]:
    pairing = published_pairing(t, r).pairing
    return sorted((v.rule, v.players) for v in absolute_violations(t, pairing, rules))


def test_base_tournament_has_no_violation() -> None:
    t = build(BASE)
    for r in (1, 2, 3):
        assert rules_of(t, r) == []


def test_two_colours_swapped_breaks_c04_1_f_and_g() -> None:
    """Round 3 board 6-5 written 5-6: player 5 (WW before) gets White a third time in a row
    (C.04.1 g) and a colour difference of +3 (C.04.1 f). Player 6 (B) gets B, B: allowed."""
    rounds = copy.deepcopy(BASE)
    rounds[2] = ([(5, 6), (1, 3), (7, 2)], 4)
    t = build(rounds)
    assert rules_of(t, 3) == [("C.04.1 f", (5,)), ("C.04.1 g", (5,))]


def test_two_opponents_exchanged_breaks_c04_1_b() -> None:
    """Round 3 boards 1-3 and 7-2 become 1-2 and 7-3: players 1 and 2 met in round 2
    (C.04.1 b). 7-3 is new and every colour sequence stays legal (7 BW, 3 WBB)."""
    rounds = copy.deepcopy(BASE)
    rounds[2] = ([(6, 5), (1, 2), (7, 3)], 4)
    t = build(rounds)
    assert rules_of(t, 3) == [("C.04.1 b", (1, 2))]


def test_second_pairing_allocated_bye_breaks_c04_1_d() -> None:
    """Round 3: player 7, who had the bye in round 1, gets it again; 4 plays 2 instead (new
    pair, colours 4 BWW and 2 BWB legal). Only C.04.1 d is broken."""
    rounds = copy.deepcopy(BASE)
    rounds[2] = ([(6, 5), (1, 3), (4, 2)], 7)
    t = build(rounds)
    assert rules_of(t, 3) == [("C.04.1 d", (7,))]
    v = absolute_violations(t, published_pairing(t, 3).pairing)[0]
    assert "round 1" in v.en and "ronde 1" in v.fr


def test_repeat_pairing_breaks_c04_1_b_unless_the_game_was_forfeited() -> None:
    """Round 3: 1-5 and 6-3 instead of 6-5 and 1-3; 3 and 6 met in round 1 (C.04.1 b). When
    that round-1 game was forfeited, it was not a meeting (C.04.2 D.6 / GHR 3.5): no
    violation."""
    rounds = copy.deepcopy(BASE)
    rounds[2] = ([(1, 5), (6, 3), (7, 2)], 4)
    assert rules_of(build(rounds), 3) == [("C.04.1 b", (6, 3))]
    forfeited = build(rounds, codes={(1, 3): "+", (1, 6): "-"})
    assert rules_of(forfeited, 3) == []


def test_two_byes_in_one_round_and_a_bye_with_an_even_number_break_c04_1_c() -> None:
    """Two U cells in round 3 (4 and 6, 6 already had one: C.04.1 d too); and in a round of 6
    players to pair (7 absent), a bye leaves a second player unpaired (C.04.1 c)."""
    rounds = copy.deepcopy(BASE)
    rounds[2] = ([(1, 3), (7, 2)], 4)
    t = build(rounds)
    t.players[6].set_entry(3, RoundEntry.bye("U"))
    t.players[5].set_entry(3, RoundEntry.bye("Z"))
    found = rules_of(t, 3)
    assert ("C.04.1 c", (4, 6)) in found
    assert ("C.04.1 d", (6,)) in found
    # 6 players to pair (7 absent), two boards and a bye: 2 is missing, and the bye is given
    # although the number of players to pair is even
    even = Pairing(3, [Board(6, 5), Board(1, 3)], 4)
    t2 = build(BASE[:2])
    t2.players[7].set_entry(3, RoundEntry.bye("H"))
    assert sorted((v.rule, v.players) for v in absolute_violations(t2, even)) == [
        ("C.04.1 c", (2,)), ("C.04.1 c", (4,))
    ]


def test_missing_player_absent_player_and_player_twice() -> None:
    """A player to be paired left out (C.04.1 c), a player known absent paired (GHR 3.3), a
    player on two boards (pairing)."""
    t = build(BASE[:2])
    t.players[4].set_entry(3, RoundEntry.bye("H"))
    p = Pairing(3, [Board(6, 5), Board(1, 3), Board(7, 4), Board(2, 1)])
    found = sorted((v.rule, v.players) for v in absolute_violations(t, p))
    assert ("GHR 3.3", (4,)) in found
    assert ("pairing", (1,)) in found
    missing = Pairing(3, [Board(6, 5), Board(1, 3)], None)
    found = sorted((v.rule, v.players) for v in absolute_violations(t, missing))
    assert ("C.04.1 c", (2,)) in found and ("C.04.1 c", (7,)) in found


def test_bye_rule_depends_on_the_rules_version() -> None:
    """A full-point bye (F) in round 1 bars the PAB under C.04.1 Art. 4 (2026: a win's points
    without playing) but not under the old C.04.1 d (only a PAB or a forfeit win). A forfeit
    win bars it under both."""
    rounds: list[Round] = [
        ([(1, 4), (5, 2), (3, 6)], None),
        ([(2, 1), (5, 3), (4, 6)], 7),
    ]
    t = build(rounds, extra={(1, 7): "F"})
    assert rules_of(t, 2, "fide") == [("C.04.1 d", (7,))]
    assert rules_of(t, 2, "fide-2017") == []
    assert rules_of(t, 2, "dutch-2025") == [("C.04.1 d", (7,))]
    assert rules_of(t, 2, "dutch-2017") == []
    # 7 wins by forfeit against 6 in round 1 (3 has the bye), then gets the bye in round 2
    forfeit: list[Round] = [
        ([(1, 4), (5, 2), (7, 6)], 3),
        ([(2, 1), (5, 3), (4, 6)], 7),
    ]
    t2 = build(forfeit, codes={(1, 7): "+", (1, 6): "-"})
    assert rules_of(t2, 2, "fide") == [("C.04.1 d", (7,))]
    assert rules_of(t2, 2, "fide-2017") == [("C.04.1 d", (7,))]


def test_colour_limits_topscorer_exception_in_the_last_round() -> None:
    """Round 3 of 3 with 5-6 reversed (player 5: WWW, +3). Under the strict basic rules this is
    C.04.1 f and g; under the Dutch rules (2025 1.8, [C3]/[C10]/[C11]) player 5 is a topscorer
    when the final round is paired (1.5 of 2 points possible... > 50 %): no violation. Dubov
    has no exception."""
    rounds = copy.deepcopy(BASE)
    rounds[2] = ([(5, 6), (1, 3), (7, 2)], 4)
    t = build(rounds, codes={(1, 5): "1", (1, 2): "0"}, xxr=3)
    # 5 scored 1 + 0.5 = 1.5 of 2 before round 3: over 50 %
    assert rules_of(t, 3, "fide") == [("C.04.1 f", (5,)), ("C.04.1 g", (5,))]
    assert rules_of(t, 3, "dutch-2025") == []
    assert rules_of(t, 3, "dubov") == [("C.04.1 f", (5,)), ("C.04.1 g", (5,))]
    # not the last round (XXR 5): the exception does not apply
    t5 = build(rounds, codes={(1, 5): "1", (1, 2): "0"}, xxr=5)
    assert rules_of(t5, 3, "dutch-2025") == [("C.04.1 f", (5,)), ("C.04.1 g", (5,))]


def test_forbidden_pair_is_reported() -> None:
    t = build(BASE)
    from swisspairing.model import ForbiddenGroup

    t.forbidden_pairs.append(ForbiddenGroup(frozenset({1, 3})))
    assert rules_of(t, 3) == [("XXP/260", (1, 3))]


# --- reading a published round --------------------------------------------------------------
def test_published_round_keeps_forfeits_with_colours_and_leaves_out_requested_byes() -> None:
    """A forfeit is still a board with its scheduled colours (trf.md 4.1); H and Z cells are
    inputs of the round, not part of the pairing; U is the pairing-allocated bye."""
    rounds: list[Round] = [([(1, 4), (5, 2)], 7)]
    t = build(rounds, codes={(1, 5): "+", (1, 2): "-"}, extra={(1, 3): "H", (1, 6): "Z"})
    pub = published_pairing(t, 1).pairing
    assert sorted(pub.boards) == [Board(1, 4), Board(5, 2)]
    assert pub.bye == 7
    assert pub.unpaired == {3: "H", 6: "Z"}
    before = input_for_round(t, 1)
    assert before.players[3].results == [RoundEntry.bye("H")]
    assert before.players[1].results == []
    assert before.not_paired_in(1) == {3: "H", 6: "Z"}


def test_initial_colour_is_inferred_from_round_one() -> None:
    """Player 1 has White on board 1-4: the initial colour is White. With players 1 and 7
    absent, player 2 is the first of the players paired in round 1 (number 1 among them, E.5 /
    5.2.5 as read in docs/dutch.md section 5, and TRF-2026 ``152``: the colour of the
    highest-ranked player paired in round 1): his Black against 5 makes the initial colour
    Black, although his own pairing number is even."""
    assert build(BASE).inferred_initial_colour() is Colour.WHITE
    t = build([([(5, 2), (3, 6)], 4)], extra={(1, 1): "Z", (1, 7): "Z"})
    assert t.inferred_initial_colour() is Colour.BLACK
    # player 2 absent too: 3 (White against 6) is the first paired player
    t = build([([(5, 4), (3, 6)], None)], extra={(1, 1): "Z", (1, 2): "H", (1, 7): "Z"})
    assert t.inferred_initial_colour() is Colour.WHITE


# --- the comparison with our engine -----------------------------------------------------------
def _naive_tournament() -> Tournament:
    """Six rounds of 9 players paired by the test system, results from a fixed pattern."""
    t = Tournament(total_rounds=6, initial_colour=Colour.WHITE)
    for i in range(1, 10):
        t.players[i] = Player(i, f"P{i}", 2500 - 10 * i)
    for r in range(1, 7):
        p = NAIVE.pair(t, r)
        if p.bye is not None:
            t.players[p.bye].set_entry(r, RoundEntry.bye("U"))
        for k, b in enumerate(p.boards):
            code = "1=0"[(k + r) % 3]
            mirror = {"1": "0", "0": "1", "=": "="}[code]
            t.players[b.white].set_entry(r, RoundEntry(b.black, Colour.WHITE, code))
            t.players[b.black].set_entry(r, RoundEntry(b.white, Colour.BLACK, mirror))
    return t


def test_check_agrees_with_the_engine_that_paired_the_tournament() -> None:
    t = _naive_tournament()
    report = check_tournament(t, NAIVE)
    assert [r.round_number for r in report.rounds] == [1, 2, 3, 4, 5, 6]
    assert report.ok and not report.discrepancies
    assert "0 discrepant" in report.render(t)


def test_check_reports_reversed_colours_and_exchanged_opponents_side_by_side() -> None:
    """Reversing the colours of one round-4 board (when legal) and exchanging opponents of two
    round-5 boards give discrepancies in exactly those rounds, listed board by board."""
    t = _naive_tournament()
    pub4 = published_pairing(t, 4).pairing
    b = pub4.boards[0]
    for pid, colour in ((b.white, Colour.BLACK), (b.black, Colour.WHITE)):
        e = t.players[pid].entry(4)
        assert e is not None
        t.players[pid].set_entry(4, RoundEntry(e.opponent, colour, e.code))
    report = check_tournament(t, NAIVE, [4])
    (rep,) = report.rounds
    assert not rep.agrees
    assert rep.colours_reversed == [Board(b.black, b.white)]
    text = report.render(t)
    assert "round 4: the published pairing differs from ours" in text
    assert f"{b.black}-{b.white}" in text
    fr = report.render(t, "fr")
    assert "ronde 4 : l'appariement publié diffère du nôtre" in fr


def test_check_compat_and_subcommand_exit_codes(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    """Exit 0 when every round agrees; 1 when a round differs (here a repeat pairing the lim
    engine would never make, which is also reported as C.04.1 b)."""
    out = tmp_path / "g.trf"
    assert main(["generate", "--system", "lim", "--players", "9", "--rounds", "4",
                 "--seed", "11", "-o", str(out)]) == 0
    assert main(["check", str(out), "--system", "lim"]) == 0
    assert main(["--lim", str(out), "-c"]) == 0
    assert main(["--lim", str(out), "-c", "2"]) == 0
    t = parse_trf(out.read_text())
    # exchange opponents on two round-3 boards so that a meets c, whom a played in round 1
    boards = published_pairing(t, 3).pairing.boards
    capsys.readouterr()
    found = None
    for b1 in boards:
        for b2 in boards:
            for a, x in ((b1.white, b1.black), (b1.black, b1.white)):
                for c, y in ((b2.white, b2.black), (b2.black, b2.white)):
                    e = t.players[a].entry(1)
                    if b1 != b2 and e is not None and e.opponent == c and e.is_played:
                        found = (a, x, c, y)
    assert found is not None
    a, x, c, y = found
    ca = t.players[a].entry(3).colour  # type: ignore[union-attr]
    cx = t.players[x].entry(3).colour  # type: ignore[union-attr]
    assert ca is not None and cx is not None
    t.players[a].set_entry(3, RoundEntry(c, ca, "="))
    t.players[c].set_entry(3, RoundEntry(a, ca.opposite, "="))
    t.players[x].set_entry(3, RoundEntry(y, cx, "="))
    t.players[y].set_entry(3, RoundEntry(x, cx.opposite, "="))
    from swisspairing.formats.trf import write_trf

    bad = tmp_path / "bad.trf"
    bad.write_text(write_trf(t, points="computed"))
    assert main(["check", str(bad), "--system", "lim", "--round", "3"]) == 1
    text = capsys.readouterr().out
    assert "[C.04.1 b]" in text
    assert "round 3: the published pairing differs from ours" in text
    assert main(["check", str(bad), "--system", "lim", "--lang", "fr"]) == 1
    assert "violation dans l'appariement publié" in capsys.readouterr().out


def test_check_rejects_a_round_that_is_not_paired(tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "t.trf"
    path.write_text(trf_text(*[line001(p, f"P{p}", 2000) for p in range(1, 5)], "XXR 3"))
    assert main(["check", str(path), "--system", "lim", "--round", "2"]) == 2


class _Crashing:
    """A system that crashes from round 3 on (an engine bug), pairing like the naive one before."""

    name = "crashing"

    def pair(self, tournament: Tournament, round_number: int | None = None,
             explain: object = None) -> Pairing:
        if round_number is not None and round_number >= 3:
            raise ZeroDivisionError("engine bug")
        return NAIVE.pair(tournament, round_number, explain)


def test_an_engine_crash_is_a_discrepant_round_not_a_traceback() -> None:
    t = _naive_tournament()
    report = check_tournament(t, _Crashing())
    assert [r.round_number for r in report.discrepancies] == [3, 4, 5, 6]
    assert report.rounds[2].error is not None and "ZeroDivisionError" in report.rounds[2].error
    assert "our engine finds no valid pairing (internal error" in report.render(t)


def test_json_report_lists_the_differences(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    """A lim tournament whose round-2 colours are all reversed: check --format json gives the
    round as not agreeing, with every board of the round in colours_reversed."""
    import json

    from swisspairing.formats.trf import write_trf

    out = tmp_path / "g.trf"
    assert main(["generate", "--system", "lim", "--players", "8", "--rounds", "3",
                 "--seed", "4", "-o", str(out)]) == 0
    t = parse_trf(out.read_text())
    for p in t.players.values():
        e = p.entry(2)
        if e is not None and e.opponent and e.colour is not None:
            p.set_entry(2, RoundEntry(e.opponent, e.colour.opposite, e.code))
    bad = tmp_path / "bad.trf"
    bad.write_text(write_trf(t, points="computed"))
    capsys.readouterr()
    assert main(["check", str(bad), "--system", "lim", "--round", "2", "--format", "json"]) == 1
    data = json.loads(capsys.readouterr().out)
    (r2,) = data["rounds"]
    assert r2["round"] == 2 and not r2["agrees"] and not data["ok"]
    assert sorted(map(tuple, r2["colours_reversed"])) == sorted(
        map(tuple, r2["published"]["boards"]))
    assert main(["check", str(bad), "--system", "lim", "-o", str(bad)]) == 2


def test_a_player_left_unpaired_without_reason_is_reported() -> None:
    """An engine may not drop a player by listing them as unpaired: only requested byes and
    known absences are inputs (C.04.1 c; GHR 3.3)."""
    t = build(BASE[:2])
    p = Pairing(3, [Board(6, 5), Board(1, 3)], 4, {7: "Z", 2: "Z"})
    t.players[7].set_entry(3, RoundEntry.bye("Z"))
    found = sorted((v.rule, v.players) for v in absolute_violations(t, p))
    assert found == [("C.04.1 c", (2,)), ("C.04.1 c", (4,))]
    assert "left unpaired" in absolute_violations(t, p)[0].en


# --- property: every change to a published round is seen -------------------------------------
_BASE_NAIVE = _naive_tournament()


def _set_board(t: Tournament, r: int, white: int, black: int) -> None:
    for pid, opp, colour in ((white, black, Colour.WHITE), (black, white, Colour.BLACK)):
        t.players[pid].set_entry(r, RoundEntry(opp, colour, "="))


@settings(max_examples=40, deadline=None)
@given(r=st.integers(1, 6), i=st.integers(0, 3), j=st.integers(0, 3),
       kind=st.sampled_from(["swap", "exchange", "bye"]))
def test_any_change_to_a_round_is_a_discrepancy(r: int, i: int, j: int, kind: str) -> None:
    """Reverse a board's colours, exchange the Black players of two boards, or give the bye to
    a player of a board instead: the round no longer agrees with the engine that paired it."""
    t = copy.deepcopy(_BASE_NAIVE)
    pub = published_pairing(t, r).pairing
    boards = sorted(pub.boards)
    a, b = boards[i % len(boards)], boards[j % len(boards)]
    if kind == "swap":
        _set_board(t, r, a.black, a.white)
    elif kind == "exchange":
        if a == b:
            b = boards[(boards.index(a) + 1) % len(boards)]
        _set_board(t, r, a.white, b.black)
        _set_board(t, r, b.white, a.black)
    else:
        assert pub.bye is not None  # 9 players: a bye every round
        _set_board(t, r, pub.bye, a.black)
        t.players[a.white].set_entry(r, RoundEntry.bye("U"))
    (rep,) = check_tournament(t, NAIVE, [r]).rounds
    assert not rep.agrees
    assert not rep.ok


def test_missing_number_of_rounds_and_initial_colour_are_taken_from_the_file() -> None:
    """Without XXR/142 and XXC/152, the rounds the file has paired are the whole tournament,
    and the initial colour comes from round 1; the report says both."""
    t = _naive_tournament()
    t.total_rounds = None
    t.initial_colour = None
    report = check_tournament(t, NAIVE)
    assert report.ok
    text = report.render(t)
    assert "taken as 6" in text and "inferred from round 1: white1" in text
