"""``matching.bitsets.augment_bits`` (Edmonds' search on bit sets, issue 26) against the plain
search ``matching.augment_path`` it replaces in ``BitMatching`` and ``BitGraph``: from the same
matching and the same exposed root, the same answer and the very same matching afterwards
(the bit-set search only skips neighbours the plain one passes over), on random graphs that
need blossoms, dense graphs with a Tutte barrier (an independent set larger than the rest:
the near-miss one-bracket rounds, where most searches find nothing), and sparse ones."""

from __future__ import annotations

import random

import pytest

from graph_helpers import random_barred
from swisspairing.matching import augment_path
from swisspairing.matching.bitsets import _Neighbours, augment_bits, bits, mask_of


def random_graph(rng: random.Random, n: int) -> dict[int, int]:
    """Random edges, and in half the graphs an independent set of 40-70 % of the vertices."""
    return random_barred(rng, n, (0.05, 0.15, 0.3, 0.6, 0.9, 0.98),
                         lambda rng, n: int(n * rng.uniform(0.4, 0.7)))


def random_matching(rng: random.Random, barred: dict[int, int], among: int) -> dict[int, int]:
    """A random matching (not necessarily maximal) of ``among``: greedy in a shuffled order."""
    mate: dict[int, int] = {}
    order = list(bits(among))
    rng.shuffle(order)
    for v in order:
        if v in mate or rng.random() < 0.2:
            continue
        options = [u for u in bits(among & ~barred[v]) if u not in mate]
        if options:
            u = rng.choice(options)
            mate[v], mate[u] = u, v
    return mate


@pytest.mark.parametrize("seed", range(300))
def test_same_search_as_augment_path(seed: int) -> None:
    rng = random.Random(seed)
    n = rng.randint(2, 60)
    barred = random_graph(rng, n)
    among = mask_of(rng.sample(range(n), rng.randint(2, n)))
    mate = random_matching(rng, barred, among)
    exposed = [v for v in bits(among) if v not in mate]
    for root in exposed:  # every exposed vertex in turn, as BitMatching._complete does
        if root in mate:
            continue
        plain = dict(mate)
        found = augment_path(root, set(bits(among)), _Neighbours(barred, among), plain)
        assert augment_bits(root, among, barred, mate) == found
        assert mate == plain  # the same path applied: the same matching
