"""Graph matching used by the pairing engines.

Two questions are asked of a set of players joined by "may be paired" edges:

* :func:`max_weight_matching` - the matching of largest total weight; the engines encode their
  criteria, in priority order, as the digits of one big integer weight per edge (exact integer
  arithmetic, no rounding);
* :func:`has_perfect_matching` / :func:`max_cardinality_matching` - can everybody be paired
  (the completion criteria), and :func:`augment_path` for engines that update a matching
  incrementally (Lim).

The weighted blossom algorithm is our own primal-dual implementation (:mod:`.blossom`, exact
integers, O(n^3)); the cardinality one, asked far more often, is our own Edmonds search (no
weights, no duals).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Hashable, Iterable, Mapping

from .blossom import max_weight_matching as _blossom_max_weight_matching

Edge = tuple[Hashable, Hashable]
Adjacency = Mapping[int, Iterable[int]]


def augment_path(root: int, verts: set[int], adj: Adjacency, mate: dict[int, int]) -> bool:
    """Edmonds' blossom search for an augmenting path from the exposed vertex ``root``.

    Works on the subgraph of ``adj`` induced by ``verts``; applies the path to ``mate`` (a
    both-ways partner map) and returns True when one was found.
    """
    parent: dict[int, int] = {}
    base = {v: v for v in verts}
    used = {root}
    queue = deque([root])

    def lca(a: int, b: int) -> int:
        seen: set[int] = set()
        while True:
            a = base[a]
            seen.add(a)
            if a not in mate:
                break
            a = parent[mate[a]]
        while True:
            b = base[b]
            if b in seen:
                return b
            b = parent[mate[b]]

    def mark(v: int, b: int, child: int, blossom: set[int]) -> None:
        while base[v] != b:
            blossom.add(base[v])
            blossom.add(base[mate[v]])
            parent[v] = child
            child = mate[v]
            v = parent[mate[v]]

    while queue:
        v = queue.popleft()
        for to in adj[v]:
            if to not in verts or base[v] == base[to] or mate.get(v) == to:
                continue
            if to == root or (to in mate and mate[to] in parent):
                b = lca(v, to)
                blossom: set[int] = set()
                mark(v, b, to, blossom)
                mark(to, b, v, blossom)
                for u in verts:
                    if base[u] in blossom:
                        base[u] = b
                        if u not in used:
                            used.add(u)
                            queue.append(u)
            elif to not in parent:
                parent[to] = v
                if to not in mate:
                    u: int | None = to
                    while u is not None:
                        pv = parent[u]
                        nxt = mate.get(pv)
                        mate[u] = pv
                        mate[pv] = u
                        u = nxt
                    return True
                used.add(mate[to])
                queue.append(mate[to])
    return False


def bipartite_covers(left: Iterable[int], right: Iterable[int],
                     ok: Callable[[int, int], bool]) -> bool:
    """Can every vertex of ``left`` get a distinct partner in ``right`` with ``ok(l, r)``?
    (Kuhn's augmenting paths, for the small bipartite questions of Dubov and Elo-Swiss.)"""
    rights = list(right)
    owner: dict[int, int] = {}

    def augment(a: int, seen: set[int]) -> bool:
        for b in rights:
            if b in seen or not ok(a, b):
                continue
            seen.add(b)
            if b not in owner or augment(owner[b], seen):
                owner[b] = a
                return True
        return False

    return all(augment(a, set()) for a in left)


def max_cardinality_matching(verts: Iterable[int], adj: Adjacency) -> dict[int, int]:
    """A maximum-cardinality matching of the subgraph of ``adj`` induced by ``verts``
    (Edmonds' blossom algorithm after a greedy start); a both-ways partner map."""
    vs = set(verts)
    mate: dict[int, int] = {}
    for v in sorted(vs):
        if v in mate:
            continue
        for u in sorted(adj[v]):
            if u in vs and u not in mate:
                mate[v], mate[u] = u, v
                break
    for v in sorted(vs):
        if v not in mate:
            augment_path(v, vs, adj, mate)
    return mate


def max_weight_matching(
    vertices: Iterable[Hashable], edges: Mapping[Edge, int]
) -> dict[Hashable, Hashable]:
    """Maximum-weight matching of a general graph with positive integer weights (edges of
    weight <= 0 are ignored; maximum weight, not maximum cardinality).

    Returns a dict mapping each matched vertex to its partner (both directions).
    """
    return _blossom_max_weight_matching(vertices, edges)


def maximum_matching_size(vertices: Iterable[int], edges: Iterable[tuple[int, int]]) -> int:
    """Size (number of pairs) of a maximum-cardinality matching."""
    vs = list(vertices)
    adj: dict[int, list[int]] = {v: [] for v in vs}
    for a, b in edges:
        adj[a].append(b)
        adj[b].append(a)
    return len(max_cardinality_matching(vs, adj)) // 2


def has_perfect_matching(vertices: Iterable[int], edges: Iterable[tuple[int, int]]) -> bool:
    vs = list(vertices)
    if len(vs) % 2:
        return False
    return 2 * maximum_matching_size(vs, edges) == len(vs)
