"""``BitMatching.starting_with`` (issue 26): from any disjoint allowed pairs, a maximum matching
of the graph (the same size as the constructor's, only allowed edges, each vertex once), on
random graphs, dense and sparse."""

from __future__ import annotations

import random

import pytest

from swisspairing.matching.bitpaths import BitMatching
from swisspairing.matching.bitsets import mask_of


@pytest.mark.parametrize("density", [0.1, 0.3, 0.7])
def test_starting_with_is_a_maximum_matching(density: float) -> None:
    rng = random.Random(int(density * 100))
    for _ in range(60):
        n = rng.randint(2, 24)
        allowed = {v: 0 for v in range(n)}
        for a in range(n):
            for b in range(a + 1, n):
                if rng.random() < density:
                    allowed[a] |= 1 << b
                    allowed[b] |= 1 << a
        barred = {v: ~allowed[v] for v in range(n)}
        among = mask_of(rng.sample(range(n), rng.randint(1, n)))
        start: list[tuple[int, int]] = []
        used = 0
        for a in range(n):
            options = allowed[a] & among & ~used
            if (among >> a) & 1 and not (used >> a) & 1 and options and rng.random() < 0.5:
                b = (options & -options).bit_length() - 1
                start.append((a, b))
                used |= (1 << a) | (1 << b)
        got = BitMatching.starting_with(barred, among, start)
        assert got.size == BitMatching(barred, among).size
        for v, u in got.mate.items():
            assert got.mate[u] == v and (allowed[v] >> u) & 1
            assert (among >> v) & 1 and (among >> u) & 1
