"""The weights without the players below (systems/burstein/weights.py, ``relaxed_bracket``,
issue 26): when the relaxation proves its answer, it is the full weighted matching's.

The relaxation keeps the bracket B and the next scoregroup N, replaces the players below (L) by
as many added vertices as L demands (``demand_below``), and is used only when the players it
sends down can all be paired with L. On every bracket of small near-miss events (White winning
80-100 % of the seeding rounds' games: brackets that float many players) it is tried whatever
its size, and compared with :func:`matched_bracket` (the weights over everybody, the general
method): the same digits (C4-C8, 4.3), hence the same pairs and floaters; and, with each floater
forced to stay in the bracket (the explanation, :func:`why_floats`), the same digits as the full
forced matching.
"""

from __future__ import annotations

import random
from collections import Counter

from burstein_helpers import bp, met_each_other, next_round, round_of, weighed_brackets
from swisspairing.matching import max_weight_matching
from swisspairing.matching.bitsets import bits
from swisspairing.systems.burstein import BursteinRound
from swisspairing.systems.burstein.weights import (
    bracket_weights,
    demand_below,
    digit_values,
    relaxed_bracket,
)
from test_burstein_floating import white_mostly_event


def brute_exposable(rnd: BursteinRound, ids: list[int]) -> set[int]:
    """Gallai-Edmonds D by its definition: the players without whom the maximum matching keeps
    its size (so some maximum matching leaves them alone)."""
    size = len(rnd.matching(ids))
    return {v for v in ids if len(rnd.matching([i for i in ids if i != v])) == size}


def test_demand_below_is_the_deficiency_and_the_exposable_players() -> None:
    """``demand_below`` = (|L| - 2 nu(L), Gallai-Edmonds D) on random small rounds with
    absolute colour preferences (C3) and earlier games (C1)."""
    rng = random.Random(26)
    checked: Counter[str] = Counter()
    for _ in range(300):
        n = rng.randint(2, 14)
        colours = [rng.choice(["WW", "BB", "WB", "BW", ""]) for _ in range(n)]
        players = [bp(i, 1.0, colours=colours[i - 1]) for i in range(1, n + 1)]
        pairs = [(a, b) for a in range(1, n + 1) for b in range(a + 1, n + 1)
                 if rng.random() < 0.3]
        rnd = round_of(met_each_other(players, *pairs))
        ids = list(range(1, n + 1))
        d, exposable = demand_below(rnd, ids)
        assert d == n - len(rnd.matching(ids))
        assert set(bits(exposable)) == brute_exposable(rnd, ids)
        checked["deficient"] += d > 0
    assert checked["deficient"] > 50


def test_relaxed_bracket_equals_the_full_weights() -> None:
    used: Counter[str] = Counter()
    rng = random.Random(2026)
    for seed in range(14):
        total = rng.choice([5, 9])
        n = rng.choice([16, 20, 24, 28, 32]) + (seed % 4 == 1)
        t = white_mostly_event(n, total, rng.choice([0.85, 0.92, 1.0]), seed)
        rnd = next_round(t)
        for _score, bracket, following, below, mate in weighed_brackets(rnd):
            if not below:
                continue
            full, digits = bracket_weights(rnd, bracket, following, below)
            chosen = digit_values(mate, full, digits)
            inner, _ = bracket_weights(rnd, bracket, following, below, below_edges=False)
            demand = demand_below(rnd, below)
            found = relaxed_bracket(rnd, bracket, following, below, inner, digits, demand)
            used["tried"] += 1
            if found is None:
                continue
            used["proved"] += 1
            relaxed_mate, extra = found
            assert sorted(relaxed_mate) == sorted(bracket + following + below)
            assert digit_values(relaxed_mate, {**inner, **extra}, digits) == chosen
            inside = set(bracket)
            for a in bracket:
                assert (relaxed_mate[a] in inside) == (mate[a] in inside)
                if mate[a] in inside:
                    assert relaxed_mate[a] == mate[a]
            outside = set(following) | set(below)
            for f in [a for a in bracket if mate[a] not in inside][:4]:
                forced = {k: w for k, w in full.items()
                          if not ((k[0] == f and k[1] in outside)
                                  or (k[1] == f and k[0] in outside))}
                forced_mate = max_weight_matching(bracket + following + below, forced)
                expected = digit_values(forced_mate, forced, digits)  # type: ignore[arg-type]
                kept = relaxed_bracket(rnd, bracket, following, below, inner, digits, demand,
                                       kept=f)
                used["forced"] += 1
                if kept is not None:
                    used["forced proved"] += 1
                    assert digit_values(kept[0], {**inner, **kept[1]}, digits) == expected
    assert used["proved"] > 15, used
    assert used["forced proved"] > 15, used
