"""The maximum matching behind Lim's exchange tables (``propose``, ``propose_group``: Edmonds'
blossom algorithm) against networkx.

Their completeness (a group is refused only when no pairing exists) rests on this matching and
on its incremental form (``without_pair``), so both are compared with networkx's
maximum-cardinality matching on random graphs, including odd cycles (blossoms). The round
itself uses the bit-set matchings of ``matching/bitpaths.py`` (``tests/test_bitpaths.py``).
"""

from __future__ import annotations

import random

import networkx as nx
import pytest

from swisspairing.matching import max_cardinality_matching as max_matching
from swisspairing.matching import without_pair


def random_graph(rng: random.Random, n: int, p: float) -> dict[int, set[int]]:
    adj: dict[int, set[int]] = {v: set() for v in range(1, n + 1)}
    for a in range(1, n + 1):
        for b in range(a + 1, n + 1):
            if rng.random() < p:
                adj[a].add(b)
                adj[b].add(a)
    return adj


def reference_size(adj: dict[int, set[int]], verts: set[int]) -> int:
    g = nx.Graph()
    g.add_nodes_from(verts)
    g.add_edges_from((a, b) for a in verts for b in adj[a] if b in verts and a < b)
    return len(nx.max_weight_matching(g, maxcardinality=True))


@pytest.mark.parametrize("seed", range(60))
def test_maximum_matching_size_and_validity(seed: int) -> None:
    rng = random.Random(seed)
    adj = random_graph(rng, rng.randint(1, 22), rng.choice((0.1, 0.2, 0.35, 0.6)))
    verts = set(adj)
    mate = max_matching(verts, adj)
    for a, b in mate.items():
        assert mate[b] == a and b in adj[a]
    assert len(mate) // 2 == reference_size(adj, verts)


@pytest.mark.parametrize("seed", range(40))
def test_incremental_removal_of_a_pair(seed: int) -> None:
    rng = random.Random(1000 + seed)
    adj = random_graph(rng, rng.randint(4, 20), rng.choice((0.15, 0.3, 0.5)))
    verts = set(adj)
    mate = max_matching(verts, adj)
    edges = [(a, b) for a in verts for b in adj[a] if a < b]
    for a, b in rng.sample(edges, min(5, len(edges))):
        rest, new = without_pair(verts, adj, mate, a, b)
        assert rest == verts - {a, b}
        for x, y in new.items():
            assert new[y] == x and y in adj[x] and x in rest
        assert len(new) // 2 == reference_size(adj, rest)


def test_blossom_odd_cycle_with_stem() -> None:
    """A 5-cycle 1-2-3-4-5 with a stem 5-6: the maximum matching has 3 pairs (needs a blossom
    when the greedy start takes 1-2 and 3-4)."""
    adj = {1: {2, 5}, 2: {1, 3}, 3: {2, 4}, 4: {3, 5}, 5: {4, 1, 6}, 6: {5}}
    assert len(max_matching(set(adj), adj)) == 6
