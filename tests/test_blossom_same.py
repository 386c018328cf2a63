"""The faster blossom solver (issue 26) returns exactly what the solver before it returned.

The engines call the matching on graphs whose maximum is often not unique (equal weights,
criteria that tie), and their pairings rest on which of the maximum matchings the solver
returns. So "the same weight" is not enough: on every graph below the new
``swisspairing.matching.blossom._Solver`` must return the same partner of every vertex, and end
with the same vertex duals, as ``tests/blossom_reference.py`` (the solver of main at 20a8b37,
kept unchanged). The graphs: thousands of small and medium random graphs with many ties (weights
from 1-3 values), with odd cycles (blossoms, nested, opened during a stage), sparse and complete,
huge integers made of lexicographic digits like the Dutch weights, graphs where most vertices
stay exposed (the near-miss rounds' shape: few profitable pairs), and weights that grow with the
vertex number (the scan then improves its least-slack edges at nearly every edge).
"""

from __future__ import annotations

import random

from blossom_reference import ReferenceSolver
from swisspairing.matching.blossom import _numbered, _Solver

Pairs = dict[tuple[int, int], int]


def assert_same(n: int, edges: dict[tuple[int, int], int]) -> None:
    """Both solvers on the same numbered graph: same matching, same final vertex duals."""
    _, pairs = _numbered(range(n), edges)
    if not pairs:
        return
    ref = ReferenceSolver(n, pairs)
    ref_mate = ref.solve()
    new = _Solver(n, pairs)
    new_mate = new.solve()
    assert new_mate == ref_mate, (n, pairs)
    assert new.y == ref.y, (n, pairs)


def random_edges(rng: random.Random, n: int, density: float, weight: object) -> Pairs:
    edges: Pairs = {}
    for a in range(n):
        for b in range(a + 1, n):
            if rng.random() < density:
                edges[(a, b)] = weight(a, b) if callable(weight) else rng.choice(weight)
    return edges


def digits(rng: random.Random, n: int) -> object:
    """Engine-like weights: a few lexicographic digits of 100 bits, few values on the high
    ones (many ties), more on the low ones."""
    def weight(a: int, b: int) -> int:
        w = 0
        for d in (1, rng.randint(0, 2), rng.randint(0, 3), rng.randint(0, n)):
            w = (w << 100) + d
        return w
    return weight


def test_same_matching_small_graphs_with_ties() -> None:
    """3,000 graphs of 2-16 vertices: few weight values (ties everywhere), odd cycles,
    weights <= 0 dropped, sparse to complete."""
    rng = random.Random(26)
    for i in range(3000):
        n = rng.randint(2, 16)
        kind = i % 6
        weights = ([1], [1, 2], [2, 3, 5], list(range(-2, 7)), list(range(1, 40)),
                   [(k << 300) + j for k in (1, 2) for j in (0, 1, 2)])[kind]
        assert_same(n, random_edges(rng, n, rng.choice([0.2, 0.4, 0.7, 1.0]), weights))


def test_same_matching_medium_graphs() -> None:
    """400 graphs of 17-60 vertices: engine-like digits, small ranges, blossoms."""
    rng = random.Random(2026)
    for i in range(400):
        n = rng.randint(17, 60)
        kind = i % 4
        if kind == 0:
            weight: object = digits(rng, n)
        elif kind == 1:
            weight = list(range(1, 12))
        elif kind == 2:
            weight = [4, 4, 4, 5]
        else:
            weight = [rng.randint(1, 2**200) for _ in range(8)]
        assert_same(n, random_edges(rng, n, rng.choice([0.1, 0.3, 0.8]), weight))


def test_same_matching_when_most_vertices_stay_exposed() -> None:
    """Few heavy pairs, many light ones: most vertices end unmatched (each stage then scans
    the edges between exposed vertices, the fast comparisons of the new solver)."""
    rng = random.Random(7)
    for _ in range(150):
        n = rng.randint(10, 50)
        edges = random_edges(rng, n, 0.6, [1, 1, 2, 3])
        for _ in range(rng.randint(1, 4)):
            a, b = rng.sample(range(n), 2)
            edges[(min(a, b), max(a, b))] = rng.choice([50, 60, 60])
        assert_same(n, edges)


def test_same_matching_weights_growing_with_vertex_number() -> None:
    """Weights rising with the vertex numbers (the solver scans the highest number first,
    so each scan finds a better edge into the same vertex), with ties and huge integers."""
    rng = random.Random(11)
    for _ in range(150):
        n = rng.randint(8, 40)
        big = rng.choice([0, 1 << 500])

        def weight(a: int, b: int, big: int = big) -> int:
            return big + (a + b) // rng.choice([1, 3]) + rng.choice([0, 0, 1])
        assert_same(n, random_edges(rng, n, rng.choice([0.3, 0.9]), weight))


def test_same_matching_larger_engine_like_graphs() -> None:
    """A few graphs of 80-150 vertices with 400-bit weights, dense."""
    rng = random.Random(3)
    for n in (80, 101, 150):
        assert_same(n, random_edges(rng, n, 0.7, digits(rng, n)))
