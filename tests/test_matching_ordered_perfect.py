"""Issue 26, docs/dutch.md 8.21: the perfect matching first in the order of some vertices'
partners (D.3's set, then D.1's partners), by a greedy whose choices are tested by Edmonds
searches, against every perfect matching of small random graphs."""

from __future__ import annotations

import random

from swisspairing.matching import ordered_perfect
from swisspairing.matching.ordered_perfect import first_perfect_matching


def perfect_matchings(n: int, neighbours: list[int]) -> list[dict[int, int]]:
    """Every perfect matching of the graph (both-ways partner maps)."""
    out: list[dict[int, int]] = []

    def extend(free: int, mate: dict[int, int]) -> None:
        if not free:
            out.append(dict(mate))
            return
        v = (free & -free).bit_length() - 1
        options = free & neighbours[v] & ~(1 << v)
        while options:
            u = (options & -options).bit_length() - 1
            options &= options - 1
            mate[v], mate[u] = u, v
            extend(free & ~((1 << v) | (1 << u)), mate)
            del mate[v], mate[u]

    extend((1 << n) - 1, {})
    return out


def order_key(mate: dict[int, int], left: list[int], preferred: int) -> tuple[object, ...]:
    """The digits the greedy maximises, as a tuple compared the same way: D.3's set (a left
    vertex matched into ``preferred`` first), then D.1's partners (the lowest first)."""
    into = tuple((preferred >> mate[v]) & 1 for v in left)
    partners = tuple(-mate[v] for v in left if (preferred >> mate[v]) & 1)
    return into, partners


def random_graph(rng: random.Random) -> tuple[int, list[int], list[int], int]:
    n = rng.choice([4, 6, 8, 10, 12])
    density = rng.choice([0.3, 0.5, 0.8])
    neighbours = [0] * n
    for i in range(n):
        for j in range(i + 1, n):
            if rng.random() < density:
                neighbours[i] |= 1 << j
                neighbours[j] |= 1 << i
    k = rng.randrange(1, n // 2 + 1)
    preferred = (1 << rng.randrange(1, n - k + 1)) - 1  # the lowest vertices, in rank order
    others = [v for v in range(n) if not (preferred >> v) & 1]
    left = rng.sample(others, min(k, len(others)))
    return n, neighbours, left, preferred


def test_first_perfect_matching_is_the_first_in_the_order() -> None:
    """1,500 random graphs of 4-12 vertices: None exactly when there is no perfect matching;
    otherwise a perfect matching of the graph whose D.3/D.1 digits are the largest of all
    perfect matchings (enumerated)."""
    rng = random.Random(2026)
    answered = moved = 0
    for _ in range(1500):
        n, neighbours, left, preferred = random_graph(rng)
        every = perfect_matchings(n, neighbours)
        got = first_perfect_matching(neighbours, left, preferred)
        if not every:
            assert got is None
            continue
        assert got is not None
        assert sorted(got) == list(range(n))
        assert all(got[got[v]] == v and (neighbours[v] >> got[v]) & 1 for v in got)
        best = max(order_key(m, left, preferred) for m in every)
        assert order_key(got, left, preferred) == best, (n, neighbours, left, preferred)
        answered += 1
        moved += ordered_perfect.searches["rematch"] > 0
    assert answered >= 500
    assert moved >= 100  # the greedy's start was not the answer: the searches decided
