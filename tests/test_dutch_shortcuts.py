"""The exact shortcuts of the Dutch engines change no pairing.

* the look-ahead shortcut (``PairingRound.lookahead_ideal``): a bracket is paired without the
  following scoregroup when its downfloaters reach the best value C.7 / [C8] can take;
* candidates without exchange (``generation.order_without_exchange``): when a candidate
  without exchange reaches the best quality, D.1 is settled by the lexicographic bipartite
  matching instead of order digits;
* ideal candidates (``dutch_ideal.ideal_candidate``): a candidate that meets every quality
  criterion in full is the answer without any weighted matching;

and the two matching functions they rest on, against brute force.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from shortcut_helpers import Spy, StandIn, generated_rounds, paired_alike_without, settled
from swisspairing.checker.generator import GeneratorConfig, generate
from swisspairing.matching import lexicographic_bipartite_matching, max_weight_matching_duals
from swisspairing.model import Colour
from swisspairing.systems import dutch, get_system
from swisspairing.systems.dutch import criteria as dutch_criteria
from swisspairing.systems.dutch import generation as dutch_generation
from swisspairing.systems.dutch import ideal as dutch_ideal
from swisspairing.systems.dutch.natural_2012 import natural_candidate_2012


def _brute_lex(left: list[int], rights: list[int], adj: dict[int, list[int]],
               required: set[int]) -> dict[int, int] | None:
    best: tuple[list[int], dict[int, int]] | None = None
    for combo in itertools.permutations(rights, len(left)):
        if all(r in adj[lv] for lv, r in zip(left, combo, strict=True)) \
                and required <= set(combo):
            key = [adj[lv].index(r) for lv, r in zip(left, combo, strict=True)]
            if best is None or key < best[0]:
                best = (key, dict(zip(left, combo, strict=True)))
    return None if best is None else best[1]


def test_lexicographic_bipartite_matching_against_brute_force() -> None:
    rng = random.Random(7)
    checked = 0
    for _ in range(1500):
        nl = rng.randint(1, 5)
        rights = list(range(100, 100 + nl + rng.randint(0, 2)))
        left = list(range(nl))
        density = rng.random()
        adj = {lv: [r for r in rights if rng.random() < density] for lv in left}
        for lst in adj.values():
            rng.shuffle(lst)  # "best first" is any order the caller gives
        required = {r for r in rights if rng.random() < 0.5}
        expected = _brute_lex(left, rights, adj, required)
        if expected is None:
            continue
        # start from any valid matching: the answer must not depend on it
        starts = [dict(zip(left, c, strict=True)) for c in itertools.permutations(rights, nl)
                  if all(r in adj[lv] for lv, r in zip(left, c, strict=True))
                  and required <= set(c)]
        start = rng.choice(starts)
        assert lexicographic_bipartite_matching(left, adj, start, required) == expected
        checked += 1
    assert checked > 500


def test_lexicographic_bipartite_matching_rejects_an_invalid_start() -> None:
    adj = {0: [10, 11], 1: [10]}
    assert lexicographic_bipartite_matching([0, 1], adj, {0: 10}, set()) is None
    assert lexicographic_bipartite_matching([0, 1], adj, {0: 11, 1: 10}, {12}) is None


def test_bipartite_duals_are_an_optimality_certificate() -> None:
    rng = random.Random(3)
    for _ in range(300):
        a, b = rng.randint(1, 7), rng.randint(1, 7)
        edges = {(i, 100 + j): rng.choice([1, 2, 3, 5, 8, 1 << 70])
                 for i in range(a) for j in range(b) if rng.random() < 0.6}
        mate, y = max_weight_matching_duals(list(range(a)) + [100 + j for j in range(b)],
                                            edges)
        assert all(v >= 0 for v in y.values())
        for (u, v), w in edges.items():
            assert y[u] + y[v] >= 2 * w
            if mate.get(u) == v:
                assert y[u] + y[v] == 2 * w
        assert all(y[v] == 0 for v in y if v not in mate)


def test_bipartite_duals_refuse_an_odd_cycle() -> None:
    with pytest.raises(ValueError):
        max_weight_matching_duals([0, 1, 2], {(0, 1): 5, (1, 2): 5, (0, 2): 5})


@pytest.mark.parametrize("system", ["dutch-2017", "dutch-2025"])
def test_shortcuts_give_the_pairing_of_the_full_matchings(
        system: str, monkeypatch: pytest.MonkeyPatch) -> None:
    configs = [(seed, GeneratorConfig(players=26 + 9 * seed, rounds=7, forfeit_rate=0.02,
                                      half_point_bye_rate=0.02)) for seed in range(4)]
    used = paired_alike_without(
        get_system(system), generated_rounds(system, configs), monkeypatch,
        [Spy(dutch.PairingRound, "lookahead_ideal", settled("lookahead")),
         Spy(dutch_generation, "order_without_exchange", settled("no_exchange")),
         Spy(dutch_ideal, "ideal_candidate", settled("ideal"))],
        [StandIn(dutch.PairingRound, "lookahead_ideal", lambda self, *a, **k: None),
         StandIn(dutch_generation, "order_without_exchange", lambda ctx, *a, **k: None),
         StandIn(dutch_ideal, "ideal_candidate", lambda ctx: None)],
        # the exact search of docs/dutch.md 8.9 settles some of the brackets whose candidates
        # without exchange are exercised here; it has its own test, tests/test_dutch_round5.py
        always=[StandIn(dutch_ideal, "first_assignment_at_bound", lambda *a: None)])
    # the shortcuts were really taken
    assert used["lookahead"] > 5 and used["no_exchange"] > 10 and used["ideal"] > 50
    print(used)


@pytest.mark.parametrize("system", ["dutch-2017", "dutch-2025"])
def test_fast_rows_equal_the_criteria_rows(system: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The per-player sum of ``fast_row`` gives the row ``criteria_2017`` / ``criteria_2025``
    computes pair by pair."""
    fast_row = dutch_criteria.fast_row
    seen = [0]

    def check(ctx, u, v):  # type: ignore[no-untyped-def]
        row = fast_row(ctx, u, v)
        if row is not None:
            seen[0] += 1
            assert row == dutch_criteria.edition_row(ctx, u, v, dutch.INTERNAL)
        return row

    monkeypatch.setattr(dutch_criteria, "fast_row", check)
    # the rows are what the matchings use: keep every bracket on them
    monkeypatch.setattr(dutch_ideal, "ideal_candidate", lambda ctx: None)
    engine = get_system(system)
    for seed in range(3):
        config = GeneratorConfig(players=40, rounds=6, forfeit_rate=0.03)
        t = generate(system, config, seed)
        for r in range(2, 7):
            engine.pair(t, r)
    assert seen[0] > 1000


def _brute_first_assignment(s1: list[int], s2: list[int], ok: set[tuple[int, int]],
                            left_over_ok: set[int]) -> list[tuple[int, int]] | None:
    """D.1 literally: the transpositions of S2 in lexicographic order, the first one whose
    first len(S1) players are allowed partners and whose player left over (if any) is allowed."""
    for order in itertools.permutations(s2):
        pairs = list(zip(s1, order, strict=False))
        rest = order[len(s1):]
        if all(p in ok for p in pairs) and all(b in left_over_ok for b in rest):
            return pairs
    return None


def test_first_assignment_is_the_first_transposition() -> None:
    """``dutch_ideal.first_assignment`` (greedy, then the exact search) returns the first
    transposition of S2 in the D.1 order among the allowed ones, by enumeration."""
    rng = random.Random(11)
    exact_search_answers = 0
    for _ in range(600):
        n1 = rng.randint(1, 5)
        n2 = n1 + rng.randint(0, 1)
        s1 = list(range(n1))
        s2 = list(range(10, 10 + n2))
        density = rng.choice([0.4, 0.7, 0.9])
        ok = {(a, b) for a in s1 for b in s2 if rng.random() < density}
        left_over_ok = {b for b in s2 if rng.random() < 0.6}
        players = {i: dutch.PairingPlayer(i, 0, (), frozenset(), None, 0, 0, None, None, True,
                                          False, 0,
                               rank=i) for i in s1 + s2}
        got = dutch_ideal.first_assignment(
            [players[a] for a in s1], [players[b] for b in s2],
            lambda a, b: (a.id, b.id) in ok,  # noqa: B023
            lambda b: b.id in left_over_ok)  # noqa: B023
        expected = _brute_first_assignment(s1, s2, ok, left_over_ok)
        assert (None if got is None else [(a.id, b.id) for a, b in got]) == expected
        # the greedy alone: each S1 player the first free S2 player
        free, greedy_ok = list(s2), True
        for a in s1:
            b = next((b for b in free if (a, b) in ok), None)
            if b is None:
                greedy_ok = False
                break
            free.remove(b)
        greedy_ok = greedy_ok and all(b in left_over_ok for b in free)
        exact_search_answers += expected is not None and not greedy_ok
    assert exact_search_answers > 30  # the exact search was needed and tested


def _pairings(players: list[int]) -> list[list[tuple[int, int]]]:
    if not players:
        return [[]]
    first, rest = players[0], players[1:]
    return [[(first, other), *more] for k, other in enumerate(rest)
            for more in _pairings(rest[:k] + rest[k + 1:])]


def test_colour_bounds_hold_for_every_pairing() -> None:
    """``pool_bound`` / ``split_bound`` never exceed the C.10/C.11 counts of any pairing (that is
    what makes a candidate reaching them the best), and are reached when every pair is allowed:
    checked by enumerating all pairings of small random brackets. The counts of a pair are
    those of the engine (``colour_misses``: E.1-E.5 grant both preferences unless they are the
    same, then the weaker is missed)."""
    rng = random.Random(5)
    kinds = [(None, 0), (Colour.WHITE, 1), (Colour.WHITE, 2), (Colour.WHITE, 3),
             (Colour.BLACK, 1), (Colour.BLACK, 2), (Colour.BLACK, 3)]
    for _ in range(400):
        n = 2 * rng.randint(1, 4)
        players = [dutch.PairingPlayer(i, 0, (), frozenset(), *rng.choice(kinds), 0, None, None,
                   True,
                            False, 0, rank=i) for i in range(n)]
        counts = Counter(dutch_ideal.colour_class(p) for p in players)

        def cost(pairs: list[tuple[int, int]], players: list[dutch.PairingPlayer] = players
                 ) -> tuple[int, int]:
            misses = [dutch.colour_misses(players[a], players[b]) for a, b in pairs]
            return sum(m for m, _ in misses), sum(s for _, s in misses)

        every = [cost(p) for p in _pairings(list(range(n)))]
        bound = dutch_ideal.pool_bound(counts, n)
        assert all(c[0] >= bound[0] and c[1] >= bound[1] for c in every)
        assert min(every) == bound
        # S1 = the first half, S2 the second: pairings of one with the other
        half = n // 2
        split = [cost(list(zip(range(half), order, strict=True)))
                 for order in itertools.permutations(range(half, n))]
        c1 = Counter(dutch_ideal.colour_class(p) for p in players[:half])
        c2 = Counter(dutch_ideal.colour_class(p) for p in players[half:])
        bound = dutch_ideal.split_bound(c1, c2, half)
        assert all(c[0] >= bound[0] and c[1] >= bound[1] for c in split)
        assert min(split) == bound


def test_natural_candidate_2012_gives_the_pairing_of_the_full_matchings(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """2012: a homogeneous bracket whose natural candidate (S1[i]-S2[i]) meets every requirement
    of C3 is paired without matchings (``dutch.natural_2012``, docs/dutch.md section 8); the
    rounds of random events are paired with and without it and must be the same."""
    configs = [(seed, GeneratorConfig(players=17 + 8 * seed, rounds=6, forfeit_rate=0.02,
                                      half_point_bye_rate=0.02)) for seed in range(4)]
    used = paired_alike_without(
        get_system("dutch-2012"), generated_rounds("dutch-2012", configs), monkeypatch,
        [Spy(dutch_ideal, "ideal_candidate", settled("natural"))],
        [StandIn(dutch_ideal, "ideal_candidate", lambda ctx: None)])
    # round 1 of every event at least, and later homogeneous brackets
    assert used["natural"] > 4
    print(used)


def test_2012_ideal_candidates_and_look_ahead_give_the_pairing_of_the_full_matchings(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """2012: the ideal candidates (``dutch.ideal``, with the 2012 pair test) and the look-ahead
    shortcut of C1 (``PairingRound.moved_down_pairable_2012``) change no pairing: the rounds of
    random events (odd and even fields, forfeits, byes) are paired with and without them, and
    both shortcuts must have settled brackets that are not round 1's natural candidate."""
    configs = [(seed, GeneratorConfig(players=30 + 11 * seed, rounds=7,
                                      forfeit_rate=0.03 * (seed % 2), half_point_bye_rate=0.02))
               for seed in range(6)]
    used = paired_alike_without(
        get_system("dutch-2012"), generated_rounds("dutch-2012", configs, first=2), monkeypatch,
        [Spy(dutch_ideal, "ideal_candidate",
             lambda out, ctx: "ideal" if out is not None and natural_candidate_2012(ctx) is None
             else None),
         Spy(dutch.PairingRound, "moved_down_pairable_2012",
             lambda out, *a: "look-ahead" if out else None)],
        [StandIn(dutch_ideal, "ideal_candidate", lambda ctx: None),
         StandIn(dutch.PairingRound, "moved_down_pairable_2012",
                 lambda self, floaters, nxt: False)])
    assert used["ideal"] > 10 and used["look-ahead"] > 10, used
    print(used)
