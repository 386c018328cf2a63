"""``bitpaths.five_augment`` and ``augment_up_to_five`` (issue 26, s12-elo5c): augmenting paths
of five edges (of one, three or five) from an exposed vertex, found with word operations,
before Edmonds' search in the Elo-Swiss family questions (``BitMatching.continued_to_perfect``).
Checked on random graphs and random matchings against every such path listed by brute force:
found exactly when one exists (the shortest length), and what it leaves is a matching of the
graph with the two ends matched too."""

from __future__ import annotations

import random

import pytest

from swisspairing.matching.bitpaths import augment_up_to_five, five_augment
from swisspairing.matching.bitsets import bits, mask_of
from test_augment_bits import random_graph, random_matching


def _five_paths(v: int, among: int, barred: dict[int, int], mate: dict[int, int]
                ) -> list[tuple[int, ...]]:
    """Every path ``v - b = x - y = a - e`` (six distinct vertices, ``e`` exposed)."""
    def edge(p: int, q: int) -> bool:
        return p != q and not (barred[p] >> q) & 1

    exposed = [u for u in bits(among) if u not in mate and u != v]
    paths = []
    for b in mate:
        if not edge(v, b):
            continue
        x = mate[b]
        for y in mate:
            if y in (b, x) or not edge(x, y):
                continue
            a = mate[y]
            paths.extend((v, b, x, y, a, e) for e in exposed if edge(a, e))
    return paths


def _random_case(seed: int) -> tuple[int, int, dict[int, int], dict[int, int]] | None:
    """A random graph of 2-40 vertices, a random matching of most of them and one of its
    exposed vertices ``v``: ``(v, among, barred, mate)``, or None when every vertex is matched."""
    rng = random.Random(seed)
    n = rng.randint(2, 40)
    barred = random_graph(rng, n)
    among = mask_of(u for u in range(n) if rng.random() < 0.9)
    mate = random_matching(rng, barred, among)
    exposed = [u for u in bits(among) if u not in mate]
    if not exposed:
        return None
    return rng.choice(exposed), among, barred, mate


def _assert_augmented_along_one_of(paths: list[tuple[int, ...]], v: int, e: int, among: int,
                                   free: int, barred: dict[int, int], before: dict[int, int],
                                   mate: dict[int, int]) -> None:
    """``mate`` is ``before`` augmented from ``v`` to the exposed ``e`` along one of ``paths``:
    a matching of the graph, of ``among``, one pair more, its old vertices still matched."""
    assert (free >> e) & 1 and e != v
    assert all(mate[mate[u]] == u and u != mate[u] and not (barred[u] >> mate[u]) & 1
               and (among >> u) & 1 for u in mate)
    assert mask_of(mate) == mask_of(before) | (1 << v) | (1 << e)
    # the pairs changed are those of one of the paths listed
    changed = {u for u in mate if before.get(u) != mate[u]}
    assert any(changed == set(path) for path in paths)


@pytest.mark.parametrize("seed", range(300))
def test_found_exactly_when_a_five_edge_path_exists(seed: int) -> None:
    case = _random_case(seed)
    if case is None:
        return
    v, among, barred, mate = case
    matched, free = mask_of(mate), among & ~mask_of(mate)
    before = dict(mate)
    paths = _five_paths(v, among, barred, mate)
    e = five_augment(v, free, matched, barred, mate)
    if e is None:
        assert not paths
        assert mate == before  # nothing changed
        return
    assert paths
    _assert_augmented_along_one_of(paths, v, e, among, free, barred, before, mate)


def test_a_path_only_five_edges_long_is_found() -> None:
    """0 - 1 = 2 - 3 = 4 - 5 and nothing else: no shorter path, five_augment finds it."""
    n = 6
    edges = {(0, 1), (1, 2), (2, 3), (3, 4), (4, 5)}
    barred = {u: ~mask_of(w for w in range(n) if (u, w) in edges or (w, u) in edges)
              for u in range(n)}
    mate = {1: 2, 2: 1, 3: 4, 4: 3}
    assert five_augment(0, (1 << 0) | (1 << 5), mask_of(mate), barred, mate) == 5
    assert mate == {0: 1, 1: 0, 2: 3, 3: 2, 4: 5, 5: 4}


def _short_paths(v: int, among: int, barred: dict[int, int], mate: dict[int, int]
                 ) -> dict[int, list[tuple[int, ...]]]:
    """Every augmenting path of one, three and five edges from ``v``, by length."""
    def edge(p: int, q: int) -> bool:
        return p != q and not (barred[p] >> q) & 1

    exposed = [u for u in bits(among) if u not in mate and u != v]
    three = [(v, a, mate[a], e) for a in mate if edge(v, a)
             for e in exposed if edge(mate[a], e)]
    return {1: [(v, e) for e in exposed if edge(v, e)], 3: three,
            5: _five_paths(v, among, barred, mate)}


@pytest.mark.parametrize("seed", range(300))
def test_up_to_five_finds_a_shortest_path_of_at_most_five_edges(seed: int) -> None:
    """``augment_up_to_five``: a path exactly when one of one, three or five edges exists, of
    the shortest of those lengths, and what it leaves is a matching one pair larger."""
    case = _random_case(seed)
    if case is None:
        return
    v, among, barred, mate = case
    matched, free = mask_of(mate), among & ~mask_of(mate)
    before = dict(mate)
    paths = _short_paths(v, among, barred, mate)
    e = augment_up_to_five(v, free, matched, barred, mate)
    if e is None:
        assert not any(paths.values())
        assert mate == before
        return
    shortest = min(k for k, found in paths.items() if found)
    _assert_augmented_along_one_of(paths[shortest], v, e, among, free, barred, before, mate)
