"""The residual completion graph of a heterogeneous level (C10/C11, issue 26) on bit sets
against the same graph built pair by pair: same answers to "can the level still be completed?"
at the start and after each pair the D1 search fixes, on the players of generated events;
and the engine's pairings are the same whichever of the two graphs it uses."""

from __future__ import annotations

import random

import pytest

from elo_swiss_rounds import (
    assert_paired_again_alike,
    event,
    pair_by_pair,
    shuffled_rounds,
    walk_both,
)
from swisspairing.matching.bitsets import mask_of
from swisspairing.systems import get_system
from swisspairing.systems.elo_swiss import completion, level
from swisspairing.systems.elo_swiss.completion import (
    BitCompletion,
    Completion,
    FloaterTest,
    residual_completion,
)
from swisspairing.systems.elo_swiss.players import PairRule, Round
from swisspairing.systems.elo_swiss.stage import (
    first_assignment,
    first_assignment_within,
    repaired_assignment,
)
from test_elo_swiss_helpers import build


def check_valid(bit: BitCompletion) -> None:
    """The matching held is a matching of the graph (both ways, allowed edges only)."""
    m = bit.matching
    for a, b in m.mate.items():
        assert m.mate[b] == a
        assert not (m.barred[a] >> b) & 1 and not (m.barred[b] >> a) & 1
        assert (m.among >> a) & 1 and (m.among >> b) & 1


@pytest.mark.parametrize("seed", range(12))
def test_bit_residual_answers_like_the_pair_by_pair_graph(seed: int) -> None:
    seen: set[tuple[str, bool]] = set()
    for rng, rd, shuffled in shuffled_rounds(seed, (16, 40), 5, 6):
        k = rng.randint(1, max(1, len(shuffled) // 4))
        movers = rd.sort(shuffled[:k])
        residents = rd.sort(shuffled[k: k + rng.randint(k, 3 * k + 2)])
        lower = frozenset(shuffled[k + len(residents):])
        x = rng.randint(0, 3)
        floater_ok = FloaterTest(rd, lower, last=rng.random() < 0.25)
        for up in (0, 1, 2):
            rule = rd.pair_rule(up)
            bit = residual_completion(rd, movers, residents, x, rule, floater_ok)
            ref = residual_completion(rd, movers, residents, x, pair_by_pair(rule),
                                      floater_ok)
            assert isinstance(bit, BitCompletion) and isinstance(ref, Completion)
            check_valid(bit)
            assert bit.perfect == ref.perfect
            seen.add(("start", bit.perfect))
            # the D1 search: each mover in turn takes a resident; both graphs must agree
            # on whether the rest can still be completed after each pair
            walk_both(rng, bit, ref, movers, residents, rule, seen, check_valid)
    # the comparison met both answers (it would prove nothing otherwise)
    assert ("start", True) in seen and ("start", False) in seen


@pytest.mark.parametrize("build_graph", ["bit sets", "pair by pair"])
def test_a_pair_that_leaves_a_floater_without_opponent_is_refused(build_graph: str) -> None:
    """C10: floaters 1 and 2 come down onto residents 3 and 4; 2 has already met 4 (B1), so
    1 must not take 3. The lower level 5-8 can be paired, unless it is only 5 and 6, who have
    met (then no pairing of this level completes the round: no perfect matching at all)."""
    t = build([2400, 2300, 2200, 2100, 2000, 1900, 1800, 1700],
              [["1-7 1", "2-4 1", "3-8 1", "5-6 ="]])
    rd = Round(t, 2, use_b2=True)
    rule = rd.pair_rule(2)
    ok = rule if build_graph == "bit sets" else pair_by_pair(rule)
    graph = residual_completion(rd, [1, 2], [3, 4], 0, ok,
                                FloaterTest(rd, frozenset({5, 6, 7, 8}), last=False))
    assert graph.perfect
    assert graph.without(1, 3) is None
    rest = graph.without(1, 4)
    assert rest is not None and rest.perfect and rest.without(2, 3) is not None
    closed = residual_completion(rd, [1, 2], [3, 4], 0, ok,
                                 FloaterTest(rd, frozenset({5, 6}), last=False))
    assert not closed.perfect


@pytest.mark.parametrize("seed", range(4))
def test_engine_pairs_the_same_with_either_graph(seed: int, monkeypatch: pytest.MonkeyPatch
                                                 ) -> None:
    """Whole rounds paired with the bit-set residual graph and with the pair-by-pair one:
    the same boards and bye (the graph only answers yes/no questions, issue 26)."""
    t = event(100 + seed, 60, 6)
    engine = get_system("elo-swiss")
    fast = [engine.pair(t.before_round(r), r) for r in range(1, t.rounds_paired + 1)]

    def slow(rd: Round, movers: list[int], residents: list[int], x: int, ok: PairRule,
             floater_ok: FloaterTest) -> Completion | BitCompletion:
        return completion.residual_completion(rd, movers, residents, x, pair_by_pair(ok),
                                              floater_ok)

    monkeypatch.setattr(level, "residual_completion", slow)
    assert_paired_again_alike(engine, t, fast)


def test_repaired_assignment_answers_like_a_new_one() -> None:
    """C7/D1: once S1's first player takes an S2 player, repairing the assignment by one
    augmenting path finds one for the rest of S1 exactly when a new assignment does (random
    bipartite graphs, S2 at most two players longer than S1, so that some choices leave no
    assignment)."""
    outcomes: set[bool] = set()
    for seed in range(200):
        rng = random.Random(seed)
        n1 = rng.randint(1, 9)
        n2 = n1 + rng.randint(0, 2)
        s1, s2 = list(range(n1)), list(range(n1, n1 + n2))
        density = rng.choice((0.3, 0.5, 0.7, 0.95))
        barred = {v: 1 << v for v in s1 + s2}
        for a in s1:
            for b in s2:
                if rng.random() >= density:
                    barred[a] |= 1 << b
                    barred[b] |= 1 << a
        witness = first_assignment(s1, s2, barred)
        if witness is None:
            continue
        kept = dict(witness)
        for b in s2:
            if (barred[s1[0]] >> b) & 1:
                continue
            rest_s2 = [y for y in s2 if y != b]
            got = repaired_assignment(witness, s1[0], b, mask_of(rest_s2), barred)
            fresh = first_assignment(s1[1:], rest_s2, barred)
            assert (got is None) == (fresh is None)
            outcomes.add(got is not None)
            if got is not None:
                assert sorted(got) == s1[1:] and len(set(got.values())) == len(got)
                assert all(y in rest_s2 and not (barred[x] >> y) & 1 for x, y in got.items())
        assert witness == kept  # not changed by the repairs
    assert outcomes == {True, False}


def test_first_assignment_within_is_first_assignment_on_the_free_players() -> None:
    """D1's search gives S2 as its whole order and the free players as a bit set
    (``first_assignment_within``, issue 26): the very assignment ``first_assignment`` makes
    on the list of the free players in S2's order (random bipartite graphs, S2 shuffled, a
    random part of it taken already)."""
    outcomes: set[bool] = set()
    for seed in range(300):
        rng = random.Random(seed)
        n1 = rng.randint(0, 8)
        n2 = n1 + rng.randint(0, 6)
        s1, s2 = list(range(n1)), list(range(n1, n1 + n2))
        rng.shuffle(s2)
        density = rng.choice((0.3, 0.5, 0.7, 0.95))
        barred = {v: 1 << v for v in s1 + s2}
        for a in s1:
            for b in s2:
                if rng.random() >= density:
                    barred[a] |= 1 << b
                    barred[b] |= 1 << a
        free = [b for b in s2 if rng.random() < 0.8]
        expected = first_assignment(s1, free, barred)
        assert first_assignment_within(s1, s2, mask_of(free), barred) == expected
        outcomes.add(expected is None)
    assert outcomes == {True, False}
