"""``BitMatching.without_pairs`` (issue 26, s12-elo5c): the chain ``without(a1, b1).without(a2,
b2)...`` on one copy of the matching, for the Elo-Swiss D1 search's rebuilt frames. Checked on
random graphs against the chain itself: the very same matching (pairs, matched set, vertices)
at every length, with and without ``stop_at_failure``, and the original left unchanged."""

from __future__ import annotations

import random

import pytest

from swisspairing.matching.bitpaths import BitMatching
from swisspairing.matching.bitsets import bits, mask_of
from test_augment_bits import random_graph


@pytest.mark.parametrize("seed", range(200))
def test_without_pairs_is_the_chain_of_withouts(seed: int) -> None:
    rng = random.Random(seed)
    n = rng.randint(2, 40)
    barred = random_graph(rng, n)
    among = mask_of(v for v in range(n) if rng.random() < 0.9)
    start = BitMatching(barred, among)
    before = dict(start.mate)
    stop = rng.random() < 0.5
    pairs = []
    left = among
    for _ in range(rng.randint(1, 6)):
        if left.bit_count() < 2:
            break
        a, b = rng.sample(list(bits(left)), 2)
        pairs.append((a, b))
        left &= ~((1 << a) | (1 << b))
    chain = start
    for k, (a, b) in enumerate(pairs):
        chain = chain.without(a, b, stop_at_failure=stop)
        if stop and not chain.perfect:
            pairs = pairs[:k + 1]
            break
    got = start.without_pairs(pairs, stop_at_failure=stop)
    assert got.mate == chain.mate
    assert got.matched == chain.matched and got.among == chain.among
    assert got.perfect == chain.perfect
    assert start.mate == before  # the original is not changed
