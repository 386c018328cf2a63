"""2012: the MDP-pairing of a lowest bracket half of whose players share one absolute colour
preference (``systems/dutch/lowest_2012.py``, docs/dutch.md section 8.3; issue 26, the near-miss
one-bracket round) gives the pairing of the full weighted matchings.

* random small lowest brackets built by hand: ``k`` non-topscorers with one absolute preference
  (0 or 0.5 point) and ``k`` others (MDPs of 1 or 1.5 points, fewer than half the bracket, and
  residents), any colour preferences, float histories and earlier games; odd and even rounds
  (A7.d), paired by ``PairingRound.solve`` with and without the shortcut;
* round 3 of generated 2012 events where White won 85-98 % of the games of rounds 1-2, paired
  both ways;
* the type bound (:class:`TypeTransport`) against every perfect matching of small brackets.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from graph_helpers import allowed_in, perfect_matchings
from shortcut_helpers import (
    Spy,
    StandIn,
    drawn_near_miss_rounds,
    paired_alike_without,
    solved_alike_without,
)
from swisspairing.model import Colour
from swisspairing.model.state import Float
from swisspairing.systems import dutch, get_system
from swisspairing.systems.dutch import generation, lowest_2012
from swisspairing.systems.dutch.bracket import open_bracket
from swisspairing.systems.dutch.criteria import criteria_2012
from swisspairing.systems.dutch.weights import INTERNAL
from test_dutch_completing import KINDS

FLOATS = [None, None, Float.DOWN, Float.UP]


def _random_lowest_bracket(rng: random.Random
                           ) -> tuple[list[dutch.PairingPlayer], set[int]]:
    """The players in A2 order (score, then id) and the MDPs' ids: ``k`` players with one
    absolute preference (``A``), ``m`` MDPs (``2m < 2k``) and ``k - m`` other residents."""
    k = rng.randint(2, 6)
    m = rng.randint(1, k - 1)
    colour = rng.choice([Colour.WHITE, Colour.BLACK])
    others = [kind for kind in KINDS if kind != (colour, 3)]
    specs: list[tuple[int, tuple[Colour | None, int], bool]] = []  # score, kind, MDP
    specs += [(rng.choice([0, 0, 5]), (colour, 3), False) for _ in range(k)]
    specs += [(rng.choice([10, 10, 15]), rng.choice(others), True) for _ in range(m)]
    specs += [(rng.choice([0, 5, 5]), rng.choice(others), False) for _ in range(k - m)]
    if rng.random() < 0.15:  # out of scope: one more player who may meet the others
        specs[0] = (specs[0][0], rng.choice(others), False)
    specs.sort(key=lambda s: -s[0])
    n = len(specs)
    met: dict[int, set[int]] = {i: set() for i in range(n)}
    for a, b in itertools.combinations(range(n), 2):
        if rng.random() < 0.15:
            met[a].add(b)
            met[b].add(a)
    players = [dutch.PairingPlayer(i, score, (), frozenset(met[i]), kind[0], kind[1], 0,
                                   rng.choice(FLOATS), rng.choice(FLOATS), True, False, 0,
                                   rank=i)
               for i, (score, kind, _) in enumerate(specs)]
    return players, {i for i, (_, _, mdp) in enumerate(specs) if mdp}


def test_typed_mdp_pairing_gives_the_pairing_of_the_full_matchings(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Random small lowest brackets paired with the shortcut and without it (the weighted
    matchings of ``CRITERIA_2012`` on every pair: ``one_colour_half`` off, so neither the
    typed MDP-pairing nor the removal of the pairs of two players outside ``A``): the same
    pairs and players left over every time; most of them are settled by it (the others are
    out of its scope, have no complete pairing, or the candidate made does not reach the
    bound, and are paired by the matchings without those pairs)."""
    used = solved_alike_without(
        random.Random(2612), 400, _random_lowest_bracket, monkeypatch,
        [Spy(lowest_2012, "reaches_bound",
             lambda out, *a: "settled" if out else "bound not reached")],
        [StandIn(lowest_2012, "one_colour_half", lambda *a: None)])
    assert used["settled"] > 150, used
    print(dict(used))


def test_type_bound_is_the_best_candidate_when_nobody_met() -> None:
    """The bound of :class:`TypeTransport` against every candidate pairing everybody
    (enumerated): its integer weight orders candidates as their summed ``criteria_2012`` rows
    (first differing digit), no candidate is above the bound, and without earlier games
    between the players (nothing but the types forbids a pair) the best one is at it."""
    rng = random.Random(8)
    checked = 0
    for trial in range(150):
        players, mdps = _random_lowest_bracket(rng)
        nobody_met = trial % 2 == 0
        if nobody_met:
            players = [dutch.PairingPlayer(p.id, p.score, (), frozenset(), p.pref, p.strength,
                                           0, p.float1, p.float2, True, False, 0, rank=p.rank)
                       for p in players]
        rnd = dutch.PairingRound(dutch.RULES_2012, players, False, None, None, 3)
        ctx = open_bracket(rnd, players, mdps, None, [])
        side = lowest_2012.one_colour_half(ctx)
        if side is None:
            continue
        transport = lowest_2012.TypeTransport(ctx, [p for p in players if p.id in side],
                                              [p for p in players if p.id not in side])
        ok = {frozenset((a.id, b.id)) for a, b in itertools.combinations(players, 2)
              if rnd.compatible(a, b) and not (a.id in mdps and b.id in mdps)}
        by_id = {p.id: p for p in players}
        seen: list[tuple[list[int], int]] = []
        for matching in perfect_matchings([p.id for p in players], allowed_in(ok)):
            pairs = [(by_id[a], by_id[b]) for a, b in matching]
            rows = [criteria_2012(ctx, a, b, INTERNAL) for a, b in pairs]
            value = [sum(col) for col in zip(*rows, strict=True)]
            weight = sum(transport.weight[(
                transport.a_types[lowest_2012.player_type(a if a.id in side else b, mdps)],
                transport.n_types[lowest_2012.player_type(b if a.id in side else a, mdps)])]
                for a, b in pairs)
            assert weight <= transport.best
            assert lowest_2012.reaches_bound(ctx, transport, pairs) == (weight == transport.best)
            seen.append((value, weight))
        if not seen:
            continue
        for (v1, w1), (v2, w2) in itertools.combinations(seen, 2):
            assert (v1 < v2) == (w1 < w2) and (v1 == v2) == (w1 == w2)
        if nobody_met:
            assert max(w for _, w in seen) == transport.best
        checked += 1
    assert checked > 40, checked


def test_near_miss_round_3_gives_the_pairing_of_the_full_matchings(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Round 3 of generated 2012 events (White won 85-98 % of the games of rounds 1-2) paired
    with and without the shortcut: the same boards and bye."""
    rounds = drawn_near_miss_rounds("dutch-2012", random.Random(92), 30,
                                    [16, 20, 24, 28, 32, 40, 48, 60, 80],
                                    [0.85, 0.9, 0.92, 0.95, 0.98])
    used = paired_alike_without(
        get_system("dutch-2012"), rounds, monkeypatch,
        [Spy(lowest_2012, "reaches_bound",
             lambda out, *a: "settled" if out else "bound not reached")],
        [StandIn(lowest_2012, "one_colour_half", lambda *a: None)])
    assert used["settled"] >= 5, used
    print(dict(used))


def test_one_colour_look_ahead_gives_the_pairing_of_the_full_matchings(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """2012 C1 and C12 when every candidate moves down players of one absolute colour
    (``PairingRound.one_colour_side_2012``, docs/dutch.md section 8.3 (c)): rounds 3 and 4 of
    generated events (White won 85-100 % of the games) paired with those shortcuts and
    without them (the weighted matchings with the next bracket in the graph, C12's pairing
    again): the same boards and bye."""
    rounds = drawn_near_miss_rounds("dutch-2012", random.Random(84), 30,
                                    [16, 20, 24, 32, 40, 48, 60, 80], [0.85, 0.9, 0.95, 1.0],
                                    [2, 2, 3])
    used = paired_alike_without(
        get_system("dutch-2012"), rounds, monkeypatch,
        [Spy(dutch.PairingRound, "one_colour_side_2012",
             lambda out, *a: "one colour" if out is not None else "other")],
        [StandIn(dutch.PairingRound, "one_colour_side_2012", lambda *a: None)])
    assert used["one colour"] >= 10, used
    print(dict(used))


def test_one_colour_look_ahead_on_random_brackets(monkeypatch: pytest.MonkeyPatch) -> None:
    """Random small brackets of one score (``a`` players with one absolute preference, fewer
    others) above a next bracket of random kinds, with random earlier games between them, paired
    by ``PairingRound.solve`` with the look-ahead (2012 C1, C12) with and without the
    one-colour shortcuts: the same pairs and players moved down."""
    rng = random.Random(1284)
    used: Counter[str] = Counter()
    at_bound = dutch.PairingRound.moved_down_at_bound_2012

    def count(self, bracket, res, nxt):  # type: ignore[no-untyped-def]
        out = at_bound(self, bracket, res, nxt)
        used["at the bound" if out else "not"] += 1
        return out

    for _ in range(300):
        colour = rng.choice([Colour.WHITE, Colour.BLACK])
        others = [kind for kind in KINDS if kind != (colour, 3)]
        n_others = rng.randint(0, 3)
        n_side = rng.randint(n_others + 1, n_others + 5)
        n_next = rng.randint(1, 6)
        kinds = ([(colour, 3)] * n_side + [rng.choice(others) for _ in range(n_others)])
        rng.shuffle(kinds)
        kinds += [rng.choice(KINDS) for _ in range(n_next)]
        scores = [20] * (n_side + n_others) + [15] * n_next
        size = len(kinds)
        met: dict[int, set[int]] = {i: set() for i in range(size)}
        for a, b in itertools.combinations(range(size), 2):
            if rng.random() < 0.3:
                met[a].add(b)
                met[b].add(a)
        players = [dutch.PairingPlayer(i, scores[i], (), frozenset(met[i]), kinds[i][0],
                                       kinds[i][1], 0, rng.choice(FLOATS), rng.choice(FLOATS),
                                       True, False, 0, rank=i) for i in range(size)]
        bracket, nxt = players[:n_side + n_others], players[n_side + n_others:]
        results = []
        round_number = rng.choice([3, 4])
        for shortcut in (True, False):
            rnd = dutch.PairingRound(dutch.RULES_2012, players, False, None, None, round_number)
            with monkeypatch.context() as mp:
                if shortcut:
                    mp.setattr(dutch.PairingRound, "moved_down_at_bound_2012", count)
                else:
                    mp.setattr(dutch.PairingRound, "one_colour_side_2012", lambda *a: None)
                res = rnd.solve(bracket, set(), nxt, None)
            results.append(([(a.id, b.id) for a, b in res.pairs],
                            sorted(p.id for p in res.floaters)))
        assert results[0] == results[1], [(p.id, p.score, p.pref, p.strength,
                                           sorted(p.opponents)) for p in players]
    assert used["at the bound"] > 50 and used["not"] > 3, used
    print(dict(used))


@pytest.mark.parametrize("system", ["dutch-2012", "dutch-2017", "dutch-2025"])
def test_obvious_max_pairs_gives_the_pairing_of_the_guess(
        system: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A homogeneous bracket most of whose players share one absolute preference: MaxPairs
    from the bound ``n - |A|`` reached by a greedy (``generation.obvious_max_pairs``) instead of
    the guess of half the bracket corrected after a first ordered matching. Rounds 3-4 of
    generated events (White winning 85-100 %) paired both ways: the same boards and bye."""
    rounds = drawn_near_miss_rounds(system, random.Random(949), 16, [16, 24, 32, 40, 60],
                                    [0.85, 0.95, 1.0], [2, 3])
    used = paired_alike_without(
        get_system(system), rounds, monkeypatch,
        [Spy(generation, "obvious_max_pairs",
             lambda out, *a: "known" if out is not None else "guessed")],
        [StandIn(generation, "obvious_max_pairs", lambda *a: None)])
    assert used["known"] >= 5, used
    print(dict(used))
