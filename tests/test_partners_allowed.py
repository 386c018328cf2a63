"""``BitMatching.partners_allowed`` (issue 26): from a perfect matching, the vertices ``b`` for
which the graph without ``v`` and ``b`` still has a perfect matching, from one Edmonds search
(the Gallai-Edmonds set ``D`` of the graph without ``v``). Compared with the literal question,
one :meth:`BitMatching.without` per ``b`` and an exhaustive perfect-matching search, on random
graphs with blossoms and Tutte barriers (the near-miss rounds: most answers are "no")."""

from __future__ import annotations

import random
from functools import cache

import pytest

from swisspairing.matching.bitpaths import BitMatching
from swisspairing.matching.bitsets import bits, mask_of
from test_augment_bits import random_graph


def brute_perfect(barred: dict[int, int], among: int) -> bool:
    """Whether ``among`` has a perfect matching, by exhaustive search (small graphs only)."""

    @cache
    def go(left: int) -> bool:
        if not left:
            return True
        v = (left & -left).bit_length() - 1
        options = left & ~barred[v] & ~(1 << v)
        return any(go(left & ~(1 << v) & ~(1 << u)) for u in bits(options))

    return go(among)


@pytest.mark.parametrize("seed", range(150))
def test_partners_allowed_is_the_literal_answer(seed: int) -> None:
    rng = random.Random(seed)
    n = rng.choice((4, 6, 8, 10, 12, 14))
    barred = random_graph(rng, n)
    among = mask_of(range(n))
    matching = BitMatching(barred, among)
    if not matching.perfect:
        assert not brute_perfect(barred, among)
        assert all(matching.partners_allowed(v) == 0 for v in range(n))
        return
    for v in range(n):
        allowed = matching.partners_allowed(v)
        literal = mask_of(
            b for b in range(n)
            if b != v and brute_perfect(barred, among & ~(1 << v) & ~(1 << b))
        )
        assert allowed == literal, (seed, v)
        one_by_one = mask_of(
            b for b in range(n)
            if b != v and matching.without(v, b, stop_at_failure=True).perfect
        )
        assert allowed == one_by_one, (seed, v)


def test_partners_allowed_sees_through_a_blossom() -> None:
    """Edges 0-1, 1-2, 2-3, 1-3 (a triangle), 3-4, 4-5. Without 0 and b a perfect matching
    is left for b = 1 (2-3, 4-5), 2 (1-3, 4-5: reached only through the triangle), 3 (1-2,
    4-5), 5 (1-2, 3-4), not for b = 4 (5 alone)."""
    edges = {(0, 1), (1, 2), (2, 3), (1, 3), (3, 4), (4, 5)}
    n = 6
    barred = {v: ~0 for v in range(n)}
    for a, b in edges:
        barred[a] &= ~(1 << b)
        barred[b] &= ~(1 << a)
    among = mask_of(range(n))
    matching = BitMatching(barred, among)
    assert matching.perfect
    assert matching.partners_allowed(0) == mask_of((1, 2, 3, 5))
