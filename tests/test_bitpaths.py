"""The bit-set matchings of Lim and the Elo-based Swiss (``matching/bitpaths.py``) against
networkx's maximum-cardinality matching on random graphs, dense and sparse (odd cycles need
Edmonds' blossoms when no short augmenting path exists): built from nothing, shrunk by one pair
(Lim art. 11.4: pairing two players and asking whether the rest can still be paired) and grown
by a few vertices (Elo-Swiss C12/C13: floaters added over the lower levels)."""

from __future__ import annotations

import random

import networkx as nx
import pytest

from swisspairing.matching.bitpaths import BitMatching
from swisspairing.matching.bitsets import mask_of


def random_barred(rng: random.Random, n: int, p: float) -> dict[int, int]:
    """Vertices 0..n-1 joined with probability ``p``; per vertex the bit set of the vertices
    it is *not* joined to, itself included."""
    barred = {v: 1 << v for v in range(n)}
    for a in range(n):
        for b in range(a + 1, n):
            if rng.random() >= p:
                barred[a] |= 1 << b
                barred[b] |= 1 << a
    return barred


def reference_size(barred: dict[int, int], verts: set[int]) -> int:
    g = nx.Graph()
    g.add_nodes_from(verts)
    g.add_edges_from((a, b) for a in verts for b in verts
                     if a < b and not (barred[a] >> b) & 1)
    return len(nx.max_weight_matching(g, maxcardinality=True))


def check(m: BitMatching, barred: dict[int, int], verts: set[int]) -> None:
    """A valid both-ways matching of ``verts`` with the maximum number of pairs."""
    assert m.among == mask_of(verts)
    for a, b in m.mate.items():
        assert m.mate[b] == a and a in verts and not (barred[a] >> b) & 1
    assert m.matched == mask_of(m.mate)
    assert m.size == reference_size(barred, verts)
    assert m.perfect == (2 * m.size == len(verts))


@pytest.mark.parametrize("seed", range(50))
def test_built_shrunk_and_grown_matchings_are_maximum(seed: int) -> None:
    rng = random.Random(seed)
    n = rng.randint(2, 26)
    barred = random_barred(rng, n, rng.choice((0.1, 0.2, 0.35, 0.6, 0.9)))
    verts = set(rng.sample(range(n), rng.randint(1, n)))
    m = BitMatching.of(barred, verts)
    check(m, barred, verts)
    edges = [(a, b) for a in verts for b in verts if a < b and not (barred[a] >> b) & 1]
    for a, b in rng.sample(edges, min(4, len(edges))):
        check(m.without(a, b), barred, verts - {a, b})
    extra = set(range(n)) - verts
    grown = m.grown(mask_of(extra))
    check(grown, barred, verts | extra)
    check(m, barred, verts)  # unchanged by without() and grown()


def test_exposed_vertices_joined_only_by_a_five_edge_path() -> None:
    """A 5-cycle 0-1-2-3-4 with a stem 0-6: the greedy start (lowest first) takes 0-1 and 2-3
    and leaves 4 and 6 exposed; no path of one or three edges joins them, only 4-3-2-1-0-6
    (Edmonds' search): 3 pairs, everybody paired, 6 with 0."""
    edges = [(0, 1), (1, 2), (2, 3), (3, 4), (4, 0), (0, 6)]
    barred = {v: mask_of(range(7)) for v in range(7)}
    for a, b in edges:
        barred[a] &= ~(1 << b)
        barred[b] &= ~(1 << a)
    m = BitMatching.of(barred, {0, 1, 2, 3, 4, 6})
    assert m.perfect and m.size == 3
    assert m.mate[6] == 0
