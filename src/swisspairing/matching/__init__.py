"""Graph matching used by the pairing engines.

Two questions are asked of a set of players joined by "may be paired" edges:

* :func:`max_weight_matching` - the matching of largest total weight; the engines encode their
  criteria, in priority order, as the digits of one big integer weight per edge (exact integer
  arithmetic, no rounding);
* :func:`has_perfect_matching` / :func:`max_cardinality_matching` - can everybody be paired
  (the completion criteria), and :func:`augment_path` / :func:`without_pair` for engines that
  update a matching incrementally (Lim, Elo-Swiss).

The weighted blossom algorithm is our own primal-dual implementation (:mod:`.blossom`, exact
integers, O(n^3)); the cardinality one, asked far more often, is our own Edmonds search (no
weights, no duals).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Hashable, Iterable, Mapping

from .alternating_tree import augment_to, common_base, mark_blossom_path
from .blossom import max_weight_matching as _blossom_max_weight_matching
from .blossom import max_weight_matching_duals as max_weight_matching_duals

Edge = tuple[Hashable, Hashable]
Adjacency = Mapping[int, Iterable[int]]


def augment_path(root: int, verts: set[int], adj: Adjacency, mate: dict[int, int]) -> bool:
    """Edmonds' blossom search for an augmenting path from the exposed vertex ``root``.

    Works on the subgraph of ``adj`` induced by ``verts``; applies the path to ``mate`` (a
    both-ways partner map) and returns True when one was found. Only the vertices the search
    reaches are touched (``adj`` may compute neighbours on demand).
    """
    parent: dict[int, int] = {}
    base: dict[int, int] = {}  # a vertex absent from it is its own base
    used = {root}
    tree = [root]  # every vertex of the alternating tree (the only ones a blossom can hold)
    queue = deque([root])

    while queue:
        v = queue.popleft()
        for to in adj[v]:
            if to not in verts or base.get(v, v) == base.get(to, to) or mate.get(v) == to:
                continue
            if to == root or (to in mate and mate[to] in parent):
                b = common_base(v, to, base, mate, parent)
                blossom: set[int] = set()
                mark_blossom_path(v, b, to, blossom, base, mate, parent)
                mark_blossom_path(to, b, v, blossom, base, mate, parent)
                for u in tree:
                    if base.get(u, u) in blossom:
                        base[u] = b
                        if u not in used:
                            used.add(u)
                            queue.append(u)
            elif to not in parent:
                parent[to] = v
                tree.append(to)
                if to not in mate:
                    augment_to(to, parent, mate)
                    return True
                used.add(mate[to])
                tree.append(mate[to])
                queue.append(mate[to])
    return False


def without_pair(
    verts: set[int], adj: Adjacency, mate: dict[int, int], a: int, b: int
) -> tuple[set[int], dict[int, int]]:
    """A maximum matching of ``verts - {a, b}`` from a maximum matching ``mate`` of ``verts``.

    Only the partners left exposed by removing ``a`` and ``b`` can start an augmenting path
    (Lim's exchanges, Elo-Swiss's D1 search: pairing ``a`` with ``b`` and asking whether the
    rest can still be paired)."""
    rest = verts - {a, b}
    new = dict(mate)
    exposed = []
    for x in (a, b):
        y = new.pop(x, None)
        if y is not None and y not in (a, b):
            new.pop(y, None)
            exposed.append(y)
    for y in exposed:
        if y not in new:
            augment_path(y, rest, adj, new)
    return rest, new


def kuhn_assignment(left: Iterable[int], options: Callable[[int], Iterable[int]],
                    stop_at_failure: bool = False) -> dict[int, int]:
    """A maximum assignment of ``left`` to distinct partners (right -> left), each left vertex
    taking its ``options`` in the order given: Kuhn's augmenting paths, one per left vertex in
    turn (Berge: a vertex without a path now never gets one later). With ``stop_at_failure``
    it stops at the first left vertex left without a partner (the assignment so far)."""
    owner: dict[int, int] = {}

    def augment(a: int, seen: set[int]) -> bool:
        for b in options(a):
            if b in seen:
                continue
            seen.add(b)
            if b not in owner or augment(owner[b], seen):
                owner[b] = a
                return True
        return False

    for a in left:
        if not augment(a, set()) and stop_at_failure:
            break
    return owner


def bipartite_covers(left: Iterable[int], right: Iterable[int],
                     ok: Callable[[int, int], bool]) -> bool:
    """Can every vertex of ``left`` get a distinct partner in ``right`` with ``ok(l, r)``?
    (Kuhn's augmenting paths, for the small bipartite questions of Dubov and Elo-Swiss.)"""
    lefts, rights = list(left), list(right)
    owner = kuhn_assignment(lefts, lambda a: (b for b in rights if ok(a, b)),
                            stop_at_failure=True)
    return len(owner) == len(lefts)


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


def lexicographic_bipartite_matching(
    left: list[int], adj: Mapping[int, list[int]], mate: Mapping[int, int],
    required: set[int],
) -> dict[int, int] | None:
    """The lexicographically first matching of a bipartite graph among those that match every
    vertex of ``left`` and every right vertex in ``required``.

    ``left`` lists the left vertices in priority order; ``adj[l]`` lists the right vertices
    ``l`` may take, best first. "Lexicographically first": the first left vertex gets the
    best partner it can have in such a matching, then the second one, and so on. ``mate``
    (left -> right) is one such matching to start from; None if it is not one.

    Greedy with exact feasibility tests: for each left vertex in turn, the candidates better
    than its current partner are tried in order. Taking ``r`` frees the current partner ``r0``
    and the left vertex ``l2`` that held ``r``: an alternating path from ``l2`` to a free right
    vertex re-matches it (every left vertex matched again), then, if ``r0`` is required, an
    alternating path from ``r0`` to a matched unrequired right vertex covers it. Both paths
    exist whenever a matching with the pairs fixed so far and ``l -> r`` does (take the
    symmetric difference with that matching: the component of the exposed vertex is such a
    path). Returns left -> right.
    """
    m: dict[int, int] = dict(mate)
    inv: dict[int, int] = {r: lv for lv, r in m.items()}
    if len(inv) != len(m) or any(lv not in m for lv in left):
        return None
    if any(r not in inv for r in required):
        return None
    radj: dict[int, list[int]] = {}
    for lv in left:
        for r in adj[lv]:
            radj.setdefault(r, []).append(lv)
    done_left: set[int] = set()
    done_right: set[int] = set()

    def cover_left(start: int, m: dict[int, int], inv: dict[int, int]) -> bool:
        """Augment from the exposed left vertex ``start`` to an exposed right vertex."""
        reached: dict[int, int] = {}  # right vertex -> left vertex it was reached from
        queue = deque([start])
        seen = {start}
        while queue:
            lv = queue.popleft()
            for r in adj[lv]:
                if r in done_right or r in reached:
                    continue
                reached[r] = lv
                held = inv.get(r)
                if held is None:
                    x: int | None = r
                    while x is not None:
                        owner = reached[x]
                        nxt = m.get(owner) if owner != start else None
                        m[owner] = x
                        inv[x] = owner
                        x = nxt
                    return True
                if held not in seen and held not in done_left:
                    seen.add(held)
                    queue.append(held)
        return False

    def cover_right(start: int, m: dict[int, int], inv: dict[int, int]) -> bool:
        """From the exposed required right vertex ``start``, shift partners along an
        alternating path that ends by exposing a right vertex that is not required."""
        back: dict[int, tuple[int, int]] = {}  # right vertex -> (right vertex, left vertex)
        queue = deque([start])
        seen = {start}
        while queue:
            r = queue.popleft()
            for lv in radj.get(r, ()):
                if lv in done_left:
                    continue
                r2 = m[lv]
                if r2 in seen:
                    continue
                seen.add(r2)
                back[r2] = (r, lv)
                if r2 not in required:
                    del inv[r2]
                    cur = r2
                    while cur != start:
                        prev, owner = back[cur]
                        m[owner] = prev
                        inv[prev] = owner
                        cur = prev
                    return True
                queue.append(r2)
        return False

    for lv in left:
        r0 = m[lv]
        done_left.add(lv)
        for r in adj[lv]:
            if r == r0:
                break
            if r in done_right:
                continue
            tm, ti = dict(m), dict(inv)
            l2 = ti.get(r)
            del ti[r0]
            tm[lv] = r
            ti[r] = lv
            done_right.add(r)
            ok = True
            if l2 is not None:
                del tm[l2]
                ok = cover_left(l2, tm, ti)
            if ok and r0 in required and r0 not in ti:
                ok = cover_right(r0, tm, ti)
            if ok:
                m, inv = tm, ti
                break
            done_right.discard(r)
        done_right.add(m[lv])
    return m
