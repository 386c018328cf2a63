"""Graph matching used by the pairing engines.

Two questions are asked of a set of players joined by "may be paired" edges:

* :func:`max_weight_matching` - the matching of largest total weight; the engines encode their
  criteria, in priority order, as the digits of one big integer weight per edge (exact integer
  arithmetic, no rounding);
* :func:`has_perfect_matching` - can everybody be paired (the completion criteria)?

The blossom algorithm itself comes from networkx (a well-kept, well-tested library); this module
keeps the engines independent of it.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping

import networkx as nx

Edge = tuple[Hashable, Hashable]


def max_weight_matching(
    vertices: Iterable[Hashable], edges: Mapping[Edge, int]
) -> dict[Hashable, Hashable]:
    """Maximum-weight matching of a general graph with positive integer weights.

    Returns a dict mapping each matched vertex to its partner (both directions).
    """
    g = nx.Graph()
    g.add_nodes_from(vertices)
    for (a, b), w in edges.items():
        if w > 0:
            g.add_edge(a, b, weight=w)
    mate: dict[Hashable, Hashable] = {}
    for a, b in nx.max_weight_matching(g, maxcardinality=False):
        mate[a] = b
        mate[b] = a
    return mate


def maximum_matching_size(vertices: Iterable[Hashable], edges: Iterable[Edge]) -> int:
    """Size (number of pairs) of a maximum-cardinality matching."""
    vs = list(vertices)
    adj: dict[Hashable, list[Hashable]] = {v: [] for v in vs}
    edge_list = list(edges)
    for a, b in edge_list:
        adj[a].append(b)
        adj[b].append(a)
    # greedy first: most pairings are complete and this avoids the blossom algorithm
    mate: dict[Hashable, Hashable] = {}
    for v in sorted(vs, key=lambda x: len(adj[x])):
        if v in mate:
            continue
        for w in adj[v]:
            if w not in mate:
                mate[v], mate[w] = w, v
                break
    if 2 * (len(mate) // 2) >= len(vs) - 1:
        return len(mate) // 2
    g = nx.Graph()
    g.add_nodes_from(vs)
    g.add_edges_from(edge_list)
    return len(nx.max_weight_matching(g, maxcardinality=True, weight="__unit__"))


def has_perfect_matching(vertices: Iterable[Hashable], edges: Iterable[Edge]) -> bool:
    vs = list(vertices)
    if len(vs) % 2:
        return False
    return 2 * maximum_matching_size(vs, edges) == len(vs)
