"""Dubov 1997, issue 26: the completion checks answered from one witness matching
(``systems/dubov/completion.py``), the first arrangement without recursion
(``systems/dubov/assignment.py``) and the bounds that let the art. 7 / art. 6.4 searches skip
the set sizes where no set can work. Each is compared with an exhaustive search on small random
graphs; the one-bracket round 3 (White won every game) is paired as art. 7 says.
"""

from __future__ import annotations

import itertools
import sys
from pathlib import Path
from types import SimpleNamespace
from unittest import mock

from hypothesis import given, settings
from hypothesis import strategies as st

from swisspairing.matching.bitsets import BitGraph, bits, mask_of
from swisspairing.model import Colour
from swisspairing.systems.dubov import DUBOV_1997, completion
from swisspairing.systems.dubov.assignment import complete_assignment, first_arrangement
from swisspairing.systems.dubov.completion import Witness
from swisspairing.systems.dubov.system import DubovSystem

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
from one_bracket import white_wins_event


def brute_force_perfect(ids: list[int], barred: dict[int, int]) -> bool:
    """Whether ``ids`` can be split into allowed pairs, by trying every partner of the first."""
    if not ids:
        return True
    first, rest = ids[0], ids[1:]
    return any(not (barred[first] >> x) & 1
               and brute_force_perfect([y for y in rest if y != x], barred) for x in rest)


@st.composite
def graphs(draw: st.DrawFn, most: int = 10) -> tuple[int, dict[int, int]]:
    """``n`` players 0..n-1 and, per player, the bit set of those he may not meet (himself
    included, symmetric): any graph, from empty to complete."""
    n = draw(st.integers(min_value=1, max_value=most))
    barred = {i: 1 << i for i in range(n)}
    density = draw(st.sampled_from([0.1, 0.3, 0.6, 0.9]))
    for a in range(n):
        for b in range(a + 1, n):
            if draw(st.floats(0, 1)) < density:
                barred[a] |= 1 << b
                barred[b] |= 1 << a
    return n, barred


@settings(max_examples=300, deadline=None)
@given(graphs(), st.data(), st.booleans())
def test_witness_answers_as_a_fresh_matching(case: tuple[int, dict[int, int]],
                                             data: st.DataObject, rebuild: bool) -> None:
    """art. 2 / C4: a witness of a set, asked about the set with some players added and others
    taken out, says "pairable" exactly when an exhaustive search and a new matching
    (``BitGraph.perfect``) do, and the witness it returns is a perfect matching of that set.
    Both ways of answering are covered: repairing the old matching, and (``rebuild``, the
    repair limit at 0) building a new one."""
    n, barred = case
    everyone = list(range(n))
    base = data.draw(st.sets(st.sampled_from(everyone)))
    add = data.draw(st.sets(st.sampled_from(everyone)))
    remove = data.draw(st.sets(st.sampled_from(everyone)))
    witness = Witness.of(barred, base)
    target = sorted((base | add) - remove)
    expected = len(target) % 2 == 0 and brute_force_perfect(target, barred)
    assert BitGraph(barred).perfect(target) == expected
    with mock.patch.object(completion, "REPAIR_LIMIT", -1 if rebuild else 99):
        got = witness.changed(add=mask_of(add), remove=mask_of(remove))
    assert (got is not None) == expected
    assert witness.pairable(add=mask_of(add), remove=mask_of(remove)) == expected
    assert witness.among == mask_of(base)  # the witness asked is left unchanged
    if got is not None:
        mate = got.matching.mate
        assert got.among == mask_of(target)
        assert sorted(mate) == target
        assert all(mate[mate[v]] == v and not (barred[v] >> mate[v]) & 1 for v in mate)


@settings(max_examples=200, deadline=None)
@given(graphs(most=12), st.data())
def test_witness_follows_a_run_of_pairs(case: tuple[int, dict[int, int]],
                                        data: st.DataObject) -> None:
    """1997 art. 8.2: the floater loop keeps one witness of the players still to pair and asks,
    pair after pair, whether the rest can still be paired; at every step the answer is the
    exhaustive one."""
    n, barred = case
    rnd = SimpleNamespace(graph=BitGraph(barred))  # what _rest_after_pair reads of the round
    left = set(range(n))
    witness = Witness.of(barred, left)
    for _ in range(n):
        if len(left) < 2:
            break
        a, b = data.draw(st.lists(st.sampled_from(sorted(left)), min_size=2, max_size=2,
                                  unique=True))
        rest = sorted(left - {a, b})
        expected = len(rest) % 2 == 0 and brute_force_perfect(rest, barred)
        after = DubovSystem._rest_after_pair(rnd, witness, a, b)  # type: ignore[arg-type]
        assert (after is not None) == expected
        if after is not None and data.draw(st.booleans()):
            witness, left = after, set(rest)


@settings(max_examples=300, deadline=None)
@given(st.integers(min_value=1, max_value=10), st.data())
def test_colour_limits_never_refuse_a_pairable_set(n: int, data: st.DataObject) -> None:
    """1997 art. 2.3/2.4: players who can only take White meet only players who can take
    Black (and the reverse); the counting limits built from that (``colour_limits``) answer
    no only when an exhaustive search does. Random colour abilities (each player: White only,
    Black only, or both) and random earlier games."""
    kinds = data.draw(st.lists(st.sampled_from(["W", "B", "WB"]), min_size=n, max_size=n))
    can_white = mask_of(i for i in range(n) if "W" in kinds[i])
    can_black = mask_of(i for i in range(n) if "B" in kinds[i])
    barred = {}
    for i in range(n):
        partners = ((can_black if "W" in kinds[i] else 0)
                    | (can_white if "B" in kinds[i] else 0))
        barred[i] = (1 << i) | (mask_of(range(n)) & ~partners)
    for a, b in data.draw(st.sets(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)))):
        barred[a] |= 1 << b
        barred[b] |= 1 << a
    limits = completion.colour_limits(can_white, can_black)
    base = data.draw(st.sets(st.integers(0, n - 1)))
    remove = data.draw(st.sets(st.integers(0, n - 1)))
    add = data.draw(st.sets(st.integers(0, n - 1)))
    target = sorted((base | add) - remove)
    expected = len(target) % 2 == 0 and brute_force_perfect(target, barred)
    witness = Witness.of(barred, base, limits)
    assert witness.pairable(add=mask_of(add), remove=mask_of(remove)) == expected
    after = witness.changed(add=mask_of(add), remove=mask_of(remove))
    assert after is None or after.limits == limits


def _barred_sides(draw: st.DrawFn, rows: int) -> dict[int, int]:
    """Rows 0..rows-1 against slots rows..2*rows-1, any pairs barred."""
    barred = {i: 1 << i for i in range(2 * rows)}
    for a in range(rows):
        for b in range(rows, 2 * rows):
            if draw(st.booleans()):
                barred[a] |= 1 << b
                barred[b] |= 1 << a
    return barred


@settings(max_examples=300, deadline=None)
@given(st.integers(min_value=0, max_value=6).flatmap(
    lambda k: st.tuples(st.just(k), st.permutations(list(range(k, 2 * k))))), st.data())
def test_first_arrangement_is_the_first_legal_permutation(
        case: tuple[int, list[int]], data: st.DataObject) -> None:
    """1997 art. 6.3 / 2026 3.2.6: the arrangement is the first permutation of the slots, in
    their given order, with every row-slot pair legal (all permutations tried in order); the
    complete assignment exists exactly when some permutation is legal."""
    k, order = case
    rows = list(range(k))
    barred = _barred_sides(data.draw, k)
    expected = next((list(perm) for perm in itertools.permutations(order)
                     if all(not (barred[r] >> s) & 1 for r, s in zip(rows, perm, strict=True))),
                    None)
    assert first_arrangement(rows, order, barred) == expected
    assignment = complete_assignment(rows, mask_of(order), barred)
    assert (assignment is None) == (expected is None)
    if assignment is not None:
        assert sorted(assignment) == rows
        assert sorted(assignment.values()) == sorted(order)
        assert all(not (barred[r] >> s) & 1 for r, s in assignment.items())


@settings(max_examples=200, deadline=None)
@given(graphs(most=10), st.data())
def test_no_smaller_set_of_transfers_or_moves_down_can_work(
        case: tuple[int, dict[int, int]], data: st.DataObject) -> None:
    """1997 art. 7 (transfers) and 6.4 (moved down): the searches start at
    ``_fewest_transfers`` and at the group's unpaired count. Exhaustively: no set of transfers
    from the players below smaller than that bound leaves both the bracket and the players below
    pairable, and no set of the group's players smaller than its unpaired count leaves the rest
    of the group pairable; so starting there finds the same first set."""
    n, barred = case
    everyone = list(range(n))
    group = sorted(data.draw(st.sets(st.sampled_from(everyone), min_size=1)))
    lower = sorted(set(everyone) - set(group))
    g, low = Witness.of(barred, group), Witness.of(barred, lower)
    bound = DubovSystem._fewest_transfers(g, low)
    assert (bound - len(group)) % 2 == 0
    for k in range(bound):
        for ups in itertools.combinations(lower, k):
            bracket = sorted(group + list(ups))
            rest = sorted(set(lower) - set(ups))
            assert not (len(bracket) % 2 == 0 and brute_force_perfect(bracket, barred)
                        and len(rest) % 2 == 0 and brute_force_perfect(rest, barred))
    for d in range(g.unpaired):
        for down in itertools.combinations(group, d):
            stay = sorted(set(group) - set(down))
            assert not (len(stay) % 2 == 0 and brute_force_perfect(stay, barred))


def test_one_bracket_round_art_7_transfers() -> None:
    """Round 3 after White won every game (issue 26), 40 players: the 10 players on 2 points
    (WW, must have Black, art. 2.3/2.4) can meet nobody of their group, so art. 7 transfers up
    the fewest players who can complete the group: 10 from the 1-point group, of the opposite
    due colour first (WB, due White), highest rating first, i.e. all 10 WB players. The other
    10 on 1 point (BW, due Black) then face the 10 on 0 points (BB, must have White), who can
    meet nobody of their own group: 10 transfers again. Every board gives the players their
    due colour."""
    t = white_wins_event(40, system="dubov-1997")
    pairing, moved_down, moved_up = DUBOV_1997.pair_detailed(t, 3)
    kind = {pid: "".join("W" if e is not None and e.colour is Colour.WHITE else "B"
                         for e in (p.entry(1), p.entry(2)))
            for pid, p in t.players.items()}
    assert moved_down == set()
    assert {kind[i] for i in moved_up} == {"WB", "BB"}
    assert len(moved_up) == 20
    assert len(pairing.boards) == 20
    for board in pairing.boards:
        met = {kind[board.white], kind[board.black]}
        assert met in ({"WB", "WW"}, {"BW", "BB"})
        assert kind[board.black] in {"WW", "BW"}  # due Black, Black given
    assert {pid for pid in moved_up if kind[pid] == "WB"} == {
        pid for pid, k in kind.items() if k == "WB"}


def test_bits_of_the_witness_set() -> None:
    """A witness of players 0, 3, 5 where 3 and 5 may not meet: one player left unpaired; with
    3 taken out, 0 and 5 are pairable; with 7 joined (may meet anybody) all four are."""
    barred = {0: 1, 3: (1 << 3) | (1 << 5), 5: (1 << 5) | (1 << 3), 7: 1 << 7}
    w = Witness.of(barred, [0, 3, 5])
    assert w.unpaired == 1 and not w.perfect
    assert w.pairable(remove=1 << 3)
    assert w.pairable(add=1 << 7)
    assert not w.pairable(remove=1 << 0)
    assert sorted(bits(w.among)) == [0, 3, 5]
