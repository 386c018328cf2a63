"""Lim's floater question (art. 10.1, 11.4: may ``p`` float and the group still make ``k``
pairs?) answered from one maximum matching kept over the floats (``players.PairsWithout``,
issue 26) against a new maximum matching of the group without ``p`` for every candidate (the
way it was asked before), on random graphs with and without a Tutte barrier (the near-miss
rounds, where most candidates may not float), through a whole sequence of floats."""

from __future__ import annotations

import random

import pytest

from graph_helpers import random_barred
from swisspairing.matching.bitpaths import BitMatching
from swisspairing.matching.bitsets import mask_of
from swisspairing.systems.lim.players import PairsWithout


def lim_barred(rng: random.Random, n: int) -> dict[int, int]:
    return random_barred(rng, n, (0.1, 0.3, 0.7, 0.95))


@pytest.mark.parametrize("seed", range(40))
def test_pairs_without_answers_like_a_new_matching(seed: int) -> None:
    rng = random.Random(seed)
    n = rng.randint(3, 40)
    barred = lim_barred(rng, n)
    rest = set(rng.sample(range(n), rng.randint(3, n)))
    k = BitMatching.of(barred, mask_of(rest)).size
    question = PairsWithout(BitMatching.of(barred, mask_of(rest)))
    while len(rest) - 2 * k > 0:  # as many floats as the group needs (10.1)
        chosen = None
        for p in sorted(rest):
            expected = BitMatching.of(barred, mask_of(rest - {p})).size
            assert question(p) == expected
            if chosen is None and expected == k:
                chosen = p
        assert chosen is not None  # some player always may float (a maximum matching)
        rest.discard(chosen)
        question.remove(chosen)
        assert question.matching.size == k and question.matching.among == mask_of(rest)


@pytest.mark.parametrize("seed", range(40))
def test_keeps_with_remembered_refusals_answers_like_a_new_matching(seed: int) -> None:
    """``PairsWithout.keeps`` remembers the players refused (docs/lim.md: a refusal stays
    true while the floaters removed keep the number of pairs) and forgets them when a removal
    loses a pair. Checked against a new matching per question, over random orders of
    questions and removals, some of which lose a pair (the maxi-tournament case and any
    later caller)."""
    rng = random.Random(1000 + seed)
    n = rng.randint(3, 40)
    barred = lim_barred(rng, n)
    rest = set(rng.sample(range(n), rng.randint(3, n)))
    question = PairsWithout(BitMatching.of(barred, mask_of(rest)))
    while len(rest) > 1:
        k = BitMatching.of(barred, mask_of(rest)).size
        for p in rng.sample(sorted(rest), len(rest)):
            expected = BitMatching.of(barred, mask_of(rest - {p})).size == k
            assert question.keeps(p) == expected
        keepers = [p for p in sorted(rest) if question.keeps(p)]
        # mostly a floater that keeps the pairs (10.1), sometimes any player
        p = rng.choice(keepers) if keepers and rng.random() < 0.8 else rng.choice(sorted(rest))
        rest.discard(p)
        question.remove(p)
        assert question.matching.among == mask_of(rest)
        assert question.matching.size == BitMatching.of(barred, mask_of(rest)).size
