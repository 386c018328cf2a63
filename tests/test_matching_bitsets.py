"""The bit-set matchings answer as the general ones do (random graphs, sparse to dense)."""

from __future__ import annotations

import random

import pytest

from swisspairing.matching import bipartite_covers, max_cardinality_matching
from swisspairing.matching.bitsets import BitGraph, bits, mask_of


def random_graph(rng: random.Random, n: int, p: float) -> tuple[BitGraph, dict[int, list[int]]]:
    ids = list(range(1, n + 1))
    adj: dict[int, list[int]] = {i: [] for i in ids}
    for a in ids:
        for b in ids:
            if a < b and rng.random() < p:
                adj[a].append(b)
                adj[b].append(a)
    everyone = mask_of(ids)
    barred = {a: (everyone & ~mask_of(adj[a])) | (1 << a) for a in ids}
    return BitGraph(barred), adj


@pytest.mark.parametrize("seed", range(60))
def test_matching_size_and_covers_agree(seed: int) -> None:
    rng = random.Random(seed)
    n = rng.randint(2, 40)
    graph, adj = random_graph(rng, n, rng.choice((0.05, 0.1, 0.2, 0.5, 0.9)))
    ids = sorted(adj)
    sub = [i for i in ids if rng.random() < 0.8]
    mate = graph.matching(sub)
    assert all(mate[mate[v]] == v and v in sub and graph.allowed(v, mate[v]) for v in mate)
    assert len(mate) == len(max_cardinality_matching(sub, adj))
    assert graph.perfect(sub) == (len(sub) % 2 == 0 and len(mate) == len(sub))
    rng.shuffle(sub)
    half = len(sub) // 2
    left, right = sub[:half], sub[half:2 * half]
    assert graph.covers(left, right) == bipartite_covers(left, right,
                                                         lambda a, b: b in adj[a])


def test_bits_round_trip() -> None:
    assert list(bits(mask_of([0, 5, 64, 1000]))) == [0, 5, 64, 1000]
