"""Burstein brackets that must let several players float (systems/burstein/floating.py, issue 26)
give the weighted matching's pairing.

After White won (almost) every game, the top quarter (absolute Black preference, C3) may not
meet itself and the bottom quarter needs opponents from above (C4): whole brackets float. On
small events of that kind (rounds before the first Burstein round paired by the Dutch system,
1.6; White winning 80-100 % of the games) every bracket is paired by :func:`pair_bracket` (the
shortcuts) and by :func:`matched_bracket` (the weights over everybody below, the general
method): the same pairs and floaters every time, and the shortcuts are used.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from burstein_helpers import next_round, weighed_brackets
from swisspairing.checker import generator
from swisspairing.model import Tournament
from swisspairing.systems.burstein import bracket as bracket_module
from swisspairing.systems.burstein import seeding_rounds
from swisspairing.systems.burstein.floating import fewest_misses_removing, many_floaters_bracket
from swisspairing.systems.burstein.ideal import fewest_misses


def white_mostly_event(n: int, total_rounds: int, white_rate: float, seed: int) -> Tournament:
    """The event before its first Burstein round: the seeding rounds (1.6) paired by the
    Burstein engine (the Dutch system), White winning each game with ``white_rate``, else a
    Black win or a draw (:func:`swisspairing.checker.generator.white_mostly_event`)."""
    return generator.white_mostly_event(n, seeding_rounds(total_rounds), white_rate, "burstein",
                                        seed, total_rounds)


def compare_round(t: Tournament, used: Counter[str]) -> None:
    """Every bracket of the next round, paired by the shortcuts and by the weights, following
    the weights' descent: the same pairs and floaters."""
    rnd = next_round(t)
    r = rnd.round_number
    for score, bracket, following, below, mate in weighed_brackets(rnd):
        inside = set(bracket)
        pairs = {frozenset((a, mate[a])) for a in bracket if mate[a] in inside}
        floaters = [a for a in bracket if mate[a] not in inside]
        result = bracket_module.pair_bracket(rnd, bracket, following, below)
        assert {frozenset(p) for p in result.pairs} == pairs, f"round {r} bracket {score}"
        assert result.floaters == floaters, f"round {r} bracket {score}"
        # the candidate of .floating on its own (pair_bracket tries .counted first)
        candidate = many_floaters_bracket(rnd, bracket, following, below)
        if candidate is not None:
            used["generalised candidate"] += 1
            assert {frozenset(p) for p in candidate[0]} == pairs, f"round {r} bracket {score}"
            assert candidate[1] == floaters, f"round {r} bracket {score}"
        if len(floaters) > 1:
            used["brackets with several floaters"] += 1


@pytest.mark.parametrize("total_rounds", [5, 9])
def test_brackets_with_many_floaters_equal_the_weights(total_rounds: int) -> None:
    used: Counter[str] = Counter()
    rng = random.Random(26 + total_rounds)
    for seed in range(12):
        n = rng.choice([12, 16, 20, 24, 32, 40]) + (seed % 5 == 2)
        rate = rng.choice([0.8, 0.9, 1.0, 1.0])
        compare_round(white_mostly_event(n, total_rounds, rate, seed), used)
    assert used["brackets with several floaters"] > 10
    assert used["generalised candidate"] > 0


def test_fewest_misses_removing_is_the_least_over_every_choice() -> None:
    """The closed form of the C8 bound with ``r`` floaters taken from a pool equals the least
    :func:`fewest_misses` over every way to choose them."""
    rng = random.Random(7)
    for _ in range(3000):
        counts = [rng.randint(0, 9) for _ in range(3)]
        pool = [rng.randint(0, c) for c in counts]
        r = rng.randint(0, sum(pool) + 1)
        if (sum(counts) - r) % 2:
            continue
        best = None
        for a in range(pool[0] + 1):
            for b in range(pool[1] + 1):
                c = r - a - b
                if 0 <= c <= pool[2]:
                    m = fewest_misses([counts[0] - a, counts[1] - b, counts[2] - c])
                    best = m if best is None else min(best, m)
        assert fewest_misses_removing(counts, pool, r) == best, (counts, pool, r)
