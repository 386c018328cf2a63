"""``matching.gallai`` (issue 26): the Gallai-Edmonds set ``D`` from one Edmonds search, and a
maximum matching whose failed searches drop their Hungarian trees. Compared with the literal
definitions (networkx's maximum matching for the size; ``D`` as "a maximum matching of the
graph without v is as large") on random graphs with blossoms and Tutte barriers, and on
graphs whose ``barred`` sets name players outside the graph (as a round's do: opponents who
withdrew)."""

from __future__ import annotations

import random

import networkx as nx
import pytest

from graph_helpers import random_barred
from swisspairing.matching.bitsets import bits, mask_of
from swisspairing.matching.gallai import greedy_cover, maximum_matching, missable


def reference_size(barred: dict[int, int], ids: list[int]) -> int:
    """The size of a maximum matching of ``ids`` (networkx, independent of our code)."""
    g = nx.Graph()
    g.add_nodes_from(ids)
    among = mask_of(ids)
    g.add_edges_from((a, b) for a in ids for b in bits(among & ~barred[a]) if a < b)
    return len(nx.max_weight_matching(g, maxcardinality=True))


def random_case(seed: int) -> tuple[dict[int, int], list[int]]:
    rng = random.Random(seed)
    n = rng.randint(1, 16)
    barred = random_barred(rng, n, (0.15, 0.3, 0.5, 0.8))
    if rng.random() < 0.3:  # bits of players outside the graph, above its vertices
        for v in barred:
            barred[v] |= 1 << (n + rng.randint(0, 4))
    ids = sorted(rng.sample(range(n), rng.randint(0, n)))
    return barred, ids


@pytest.mark.parametrize("seed", range(300))
def test_maximum_matching_is_a_maximum_matching(seed: int) -> None:
    barred, ids = random_case(seed)
    mate = maximum_matching(ids, barred)
    assert set(mate) <= set(ids)
    for a, b in mate.items():
        assert mate[b] == a and a != b and not (barred[a] >> b) & 1
    assert len(mate) // 2 == reference_size(barred, ids)


@pytest.mark.parametrize("seed", range(300))
def test_missable_is_the_literal_set(seed: int) -> None:
    """``D``: the vertices ``v`` such that the graph without ``v`` has a matching as large."""
    barred, ids = random_case(seed)
    mate = maximum_matching(ids, barred)
    size = len(mate) // 2
    literal = mask_of(v for v in ids
                      if reference_size(barred, [u for u in ids if u != v]) == size)
    before = dict(mate)
    assert missable(mask_of(ids), barred, mate) == literal
    assert mate == before  # not changed


def test_missable_of_a_perfect_matching_is_empty_and_of_a_star_its_leaves() -> None:
    # a path 0-1-2-3: perfect, nobody missable
    path = {0: 0b1101, 1: 0b1010, 2: 0b0101, 3: 0b1011}
    mate = maximum_matching(range(4), path)
    assert len(mate) == 4 and missable(0b1111, path, mate) == 0
    # a star: centre 0, leaves 1-4 (who may not meet each other): every leaf is missable,
    # the centre never (Gallai-Edmonds A)
    star = {0: 0b00001, **{v: 0b11110 for v in range(1, 5)}}
    mate = maximum_matching(range(5), star)
    assert len(mate) == 2 and missable(0b11111, star, mate) == 0b11110


def covers(barred: dict[int, int], among: int, must: int) -> bool:
    """Whether some matching of ``among`` covers every vertex of ``must`` (exhaustive)."""
    if not must:
        return True
    v = (must & -must).bit_length() - 1
    rest = among & ~(1 << v)
    return any(covers(barred, rest & ~(1 << u), must & ~(1 << v) & ~(1 << u))
               for u in bits(rest & ~barred[v]))


@pytest.mark.parametrize("seed", range(400))
def test_greedy_cover_is_the_matroid_greedy(seed: int) -> None:
    """The players taken are those the matroid greedy of the sets a matching can cover takes,
    in the order given (some players of the graph left out of the order, as partners only):
    each one taken when a matching covers it and every one taken before (the C6 count of
    ``burstein.counted.floaters_per_score``)."""
    barred, ids = random_case(seed)
    rng = random.Random(seed)
    order = rng.sample(ids, len(ids) - (len(ids) > 3 and seed % 4 == 0))
    among = mask_of(ids)
    taken = 0
    for v in order:
        if covers(barred, among, taken | 1 << v):
            taken |= 1 << v
    assert greedy_cover(order, among, barred) == taken


def test_greedy_cover_does_not_let_a_path_cover_a_later_player_for_nothing() -> None:
    """The path 0 - 2 - 5, taken in the order 2, 5, 0 (scores 3, 3, 1): 2 and 5 meet, 0 is
    left; an augmenting path from 2 alone would take 0 and leave 5 out."""
    barred = {v: 0b100101 & ~allowed for v, allowed in
              {0: 1 << 2, 2: (1 << 0) | (1 << 5), 5: 1 << 2}.items()}
    assert greedy_cover([2, 5, 0], 0b100101, barred) == (1 << 2) | (1 << 5)
