"""A maximum-weight matching of lexicographic weights in two solves: the high digits on the
whole graph, then the full weights on the edges that the high digits' optimal duals leave
tight (complementary slackness; ``docs/dutch.md`` section 8.16, issue 26).

The engines' weights are numbers whose digits are criteria, highest priority first
(``systems/dutch/weights.Levels``). Write each weight as ``w(e) = radix * high(e) + low(e)``
with ``high = w // radix`` and ``low = w % radix``, and let the caller vouch for a bound
``low_bound`` of ``low(M)`` over every matching ``M`` (for ``Levels`` weights, the low digits
never carry: see :func:`max_weight_matching_by_levels`).

1. Solve the high digits alone: a matching ``M1`` of largest ``high(M1) = D1``, with the
   blossom algorithm's final duals ``y`` (vertices) and ``z`` (blossoms). They are checked here,
   not trusted: ``y >= 0``, ``z >= 0``, every edge's slack
   ``y[u] + y[v] + sum(z[B] for B holding u and v) - 2 * high(u, v)`` at least 0 (the doubled
   scale of :mod:`.blossom`), and the dual objective ``sum(y) + sum(z[B] * (|B| - 1) / 2)``
   equal to ``2 * D1``. By LP duality for Edmonds' matching polytope these duals are optimal,
   and by complementary slackness *every* matching with ``high = D1`` uses only edges of slack
   0 (the ``tight`` edges).
2. Solve the full weights on the tight edges alone: a matching ``M2``.
3. Certificate: ``w(M2) > radix * (D1 - 1) + low_bound``. A matching ``M`` with
   ``high(M) <= D1 - 1`` weighs at most ``radix * (D1 - 1) + low_bound < w(M2)``, so every
   maximum-weight matching of the whole graph has ``high = D1``, uses tight edges only, and is
   a matching of step 2's graph: the maximum weights of the two graphs are equal, and ``M2``
   is a maximum-weight matching of the whole graph.

Step (1) by classes (optional). When the caller names a class for every vertex (players alike
for the high digits), step (1) is first tried without a blossom run: vertex duals constant on
the classes, from the fractional matching of the classes (a small transportation problem,
:func:`_class_duals`), checked on every edge (``y >= 0``, no blossom dual, slack at least 0), then
step (2) on their tight edges gives ``M2``, accepted when ``2 * high(M2) == sum(y)`` (weak
duality: ``2 * high(M) <= sum(y)`` for every matching, so ``M2``'s ``high`` is the maximum ``D1``,
and every matching reaching it uses tight edges only) and the certificate of 3. passes. A
class map that fits badly fails a check and costs the blossom run of 1., never the answer.

Full weights made for the tight edges only (:func:`max_weight_matching_two_levels_lazy`):
when the caller can give each edge's ``high`` without its full weight, the class path makes the
full weights of the edges it leaves tight alone, each checked against its ``high``
(``docs/dutch.md`` 8.18).

Which of several maximum-weight matchings comes out may differ from a direct solve: callers
use this only where what they read is a function of the maximum weight alone (``docs/dutch.md``
8.12). When a check fails, the whole graph is solved directly (the same answer as
:func:`.blossom.max_weight_matching`).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping

from .blossom import _numbered, _Solver

Edge = tuple[Hashable, Hashable]

#: how often each path was taken (for the benchmarks and the tests)
counts = {"classes": 0, "two levels": 0, "direct": 0}


def _optimal_tight_edges(solver: _Solver, high: Mapping[tuple[int, int], int],
                         value: int) -> set[tuple[int, int]] | None:
    """The edges of slack 0 under the solver's final duals, after checking that the duals
    are feasible for ``high`` on every edge and that their objective is ``2 * value`` (the
    doubled scale); None when a check fails."""
    n, y, z, parent = solver.n, solver.y, solver.z, solver.parent
    live = [b for b in range(n, 2 * n) if solver.base[b] != -1]
    if any(y[v] < 0 for v in range(n)) or any(z[b] < 0 for b in live):
        return None
    # the blossoms holding each vertex, outermost first (those left at the end of the run)
    holders: list[list[int]] = []
    for v in range(n):
        chain = []
        b = parent[v]
        while b != -1:
            chain.append(b)
            b = parent[b]
        chain.reverse()
        holders.append(chain)
    objective = sum(y[v] for v in range(n))
    for b in live:
        if z[b]:
            objective += z[b] * ((len(solver.leaves(b)) - 1) // 2)
    if objective != 2 * value:
        return None
    tight: set[tuple[int, int]] = set()
    for (i, j), w in high.items():
        slack = y[i] + y[j] - 2 * w
        for a, b in zip(holders[i], holders[j], strict=False):
            if a != b:
                break
            slack += z[a]
        if slack < 0:
            return None
        if slack == 0:
            tight.add((i, j))
    return tight


def _by_classes(names: list[Hashable], weight_of: Callable[[tuple[int, int]], int],
                high: Mapping[tuple[int, int], int], classes: Mapping[Hashable, Hashable],
                radix: int, low_bound: int) -> list[int] | None:
    """Step (1) without a blossom run: duals constant on the caller's classes
    (:func:`_class_duals`), checked on every edge (``y >= 0``, no blossom dual, slack at least
    0), then step (2) on their tight edges, certified by its own matching ``M2``:
    ``2 * high(M2) == sum(y)`` (weak duality: no matching has more ``high``, and every one
    with as much uses tight edges only) and the certificate of the module docstring. The
    partners (-1: none) or None when a check fails. ``weight_of`` gives an edge's full weight;
    it is asked for the tight edges only, and each answer is checked against ``high``
    (``weight // radix == high``: the caller may compute ``high`` without the full weights,
    section 8.18)."""
    n = len(names)
    found = class_duals_and_tight_edges(names, high, classes)
    if found is None:
        return None
    y, tight_edges = found
    tight: dict[tuple[int, int], int] = {}
    for e in tight_edges:
        w = weight_of(e)
        if w // radix != high[e]:
            return None
        tight[e] = w
    mate = _Solver(n, tight).solve()
    value = sum(high[(v, m)] for v, m in enumerate(mate) if v < m)
    weight = sum(tight[(v, m)] for v, m in enumerate(mate) if v < m)
    if 2 * value != sum(y) or weight <= radix * (value - 1) + low_bound:
        return None
    return mate


def class_duals_and_tight_edges(names: list[Hashable], high: Mapping[tuple[int, int], int],
                                classes: Mapping[Hashable, Hashable]
                                ) -> tuple[list[int], list[tuple[int, int]]] | None:
    """Vertex duals constant on the caller's classes (:func:`_class_duals`, the doubled scale
    of :mod:`.blossom`) for the weights ``high`` (edges ``(i, j)`` numbered as ``names``),
    checked here: ``y >= 0`` and every edge's slack ``y[i] + y[j] - 2 * high`` at least 0.
    Returns ``y`` and the edges of slack 0 (in the order of ``high``), or None when a check
    fails. Feasible duals bound every matching: ``2 * high(M) <= sum(y)`` (weak duality);
    the caller certifies them with a matching that reaches the bound."""
    index: dict[Hashable, int] = {}
    cls = [index.setdefault(classes[name], len(index)) for name in names]
    sizes = [0] * len(index)
    for c in cls:
        sizes[c] += 1
    best: dict[tuple[int, int], int] = {}
    for (i, j), h in high.items():
        s, t = cls[i], cls[j]
        if h > best.get((s, t), -1):
            best[(s, t)] = best[(t, s)] = h
    duals = _class_duals(sizes, best)
    if duals is None or min(duals) < 0:
        return None
    y = [duals[c] for c in cls]
    tight: list[tuple[int, int]] = []
    for (i, j), h in high.items():
        slack = y[i] + y[j] - 2 * h
        if slack < 0:
            return None
        if slack == 0:
            tight.append((i, j))
    return y, tight


def max_weight_matching_two_levels(
    vertices: Iterable[Hashable], edges: Mapping[Edge, int], radix: int, low_bound: int,
    classes: Mapping[Hashable, Hashable] | None = None
) -> dict[Hashable, Hashable]:
    """A maximum-weight matching of ``edges`` (positive integer weights), found as in the
    module docstring: ``radix`` splits each weight into high and low digits, ``low_bound``
    bounds the low digits' sum over any matching. ``classes`` (optional): a class for every
    vertex, vertices of one class being alike for the high digits as far as the caller knows;
    step (1) is then first tried without a blossom run (:func:`_by_classes`; a wrong guess
    costs time, never the answer). Returns the partner map in both directions; a
    maximum-weight matching, not necessarily the one :func:`.blossom.max_weight_matching`
    returns among ties."""
    names, pairs = _numbered(vertices, edges)
    if not pairs:
        return {}
    n = len(names)
    high = {e: w // radix for e, w in pairs.items()}
    if classes is not None:
        mate = _by_classes(names, pairs.__getitem__, high, classes, radix, low_bound)
        if mate is not None:
            counts["classes"] += 1
            return {names[v]: names[m] for v, m in enumerate(mate) if m >= 0}
    first = _Solver(n, {e: h for e, h in high.items() if h > 0})
    mate1 = first.solve()
    value = sum(high[(v, m)] for v, m in enumerate(mate1) if v < m)
    tight = _optimal_tight_edges(first, high, value)
    del first, high  # (the peak memory: one solver at a time)
    if tight is not None:
        mate = _Solver(n, {e: pairs[e] for e in tight}).solve()
        weight = sum(pairs[(v, m)] for v, m in enumerate(mate) if v < m)
        if weight > radix * (value - 1) + low_bound:
            counts["two levels"] += 1
            return {names[v]: names[m] for v, m in enumerate(mate) if m >= 0}
    counts["direct"] += 1
    mate = _Solver(n, pairs).solve()
    return {names[v]: names[m] for v, m in enumerate(mate) if m >= 0}


def max_weight_matching_two_levels_lazy(
    vertices: list[Hashable], high: Mapping[Edge, int], weight_of: Callable[[Edge], int],
    radix: int, low_bound: int, classes: Mapping[Hashable, Hashable]
) -> dict[Hashable, Hashable]:
    """:func:`max_weight_matching_two_levels` on the edges of ``high`` (each given once,
    between two of ``vertices``, full weight ``weight_of(edge)`` at least 1) when the caller
    can give each edge's high digits ``high[edge] == weight_of(edge) // radix`` without its
    full weight: the class path of step (1) asks for the full weights of the edges it leaves
    tight only (and checks each against ``high``); any failed check makes every weight and
    goes on as :func:`max_weight_matching_two_levels` without classes (``docs/dutch.md``
    section 8.18)."""
    index = {v: i for i, v in enumerate(vertices)}
    keys: dict[tuple[int, int], Edge] = {}
    numbered: dict[tuple[int, int], int] = {}
    for key, h in high.items():
        i, j = index[key[0]], index[key[1]]
        e = (i, j) if i < j else (j, i)
        keys[e] = key
        numbered[e] = h
    if numbered:
        mate = _by_classes(list(vertices), lambda e: weight_of(keys[e]), numbered, classes,
                           radix, low_bound)
        if mate is not None:
            counts["classes"] += 1
            return {vertices[v]: vertices[m] for v, m in enumerate(mate) if m >= 0}
    return max_weight_matching_two_levels(vertices, {key: weight_of(key) for key in high},
                                          radix, low_bound)


def _class_duals(sizes: list[int], best: Mapping[tuple[int, int], int]) -> list[int] | None:
    """Vertex duals constant on classes, on the doubled scale of :mod:`.blossom`: ``y[c]``
    for class ``c`` with ``y[s] + y[t] >= 2 * best[s, t]`` for every pair of classes joined by
    an edge (``best``: the largest high weight between them, both orders given) and
    ``sum(sizes[c] * y[c])`` as small as a fractional matching of the classes allows.

    The fractional matching of classes is a transportation problem on two copies of them
    (left ``s`` ships at most ``sizes[s]``, right ``t`` receives at most ``sizes[t]``, profit
    ``best[s, t]``), balanced by a dummy on each side (profit 0); solved by successive shortest
    paths with potentials ``pi`` (reduced costs never negative). Its duals ``a[s] = pi[s] -
    pi[ZR]``, ``b[t] = pi[ZL] - pi[t]`` are at least 0 and ``a[s] + b[t] >= best[s, t]``;
    ``y[c] = a[c] + b[c]``. Nothing here is trusted: the caller checks the duals on every
    edge and certifies them with a matching (module docstring). None when the classes are
    many (the dense solver is for a few dozen)."""
    k = len(sizes)
    if k > 120:
        return None
    total = sum(sizes)
    # nodes: 0 source, 1..k left, k+1 left dummy, k+2..2k+1 right, 2k+2 right dummy, 2k+3 sink
    zl, zr, sink = k + 1, 2 * k + 2, 2 * k + 3
    size = 2 * k + 4
    inf = 4 * total + 4  # more than any flow: an arc of this capacity never saturates
    cap = [[0] * size for _ in range(size)]
    cost = [[0] * size for _ in range(size)]
    arcs: list[list[int]] = [[] for _ in range(size)]

    def arc(u: int, v: int, c: int, w: int) -> None:
        cap[u][v] = c
        cost[u][v] = w
        cost[v][u] = -w
        arcs[u].append(v)
        arcs[v].append(u)

    for s in range(k):
        arc(0, 1 + s, sizes[s], 0)
        arc(k + 2 + s, sink, sizes[s], 0)
        arc(1 + s, zr, inf, 0)
        arc(zl, k + 2 + s, inf, 0)
    arc(0, zl, total, 0)
    arc(zr, sink, total, 0)
    arc(zl, zr, inf, 0)
    for (s, t), h in best.items():
        arc(1 + s, k + 2 + t, inf, -h)
    # initial potentials: shortest distances of the acyclic network (costs only on left-right)
    pi = [0] * size
    for t in range(k):
        pi[k + 2 + t] = min([0] + [-h for (s, u), h in best.items() if u == t])
    pi[sink] = min(pi[k + 2:zr + 1])
    shipped = 0
    while shipped < 2 * total:
        dist: list[int | None] = [None] * size
        prev = [-1] * size
        done = [False] * size
        dist[0] = 0
        while True:
            u, du = -1, 0
            for v in range(size):
                dv = dist[v]
                if not done[v] and dv is not None and (u == -1 or dv < du):
                    u, du = v, dv
            if u == -1:
                break
            done[u] = True
            for v in arcs[u]:
                if cap[u][v] > 0 and not done[v]:
                    nd = du + cost[u][v] + pi[u] - pi[v]
                    dv = dist[v]
                    if dv is None or nd < dv:
                        dist[v] = nd
                        prev[v] = u
        reach = dist[sink]
        if reach is None:
            return None
        for v in range(size):
            dv = dist[v]
            pi[v] += reach if dv is None or dv > reach else dv
        push, v = 2 * total, sink
        while v != 0:
            push = min(push, cap[prev[v]][v])
            v = prev[v]
        v = sink
        while v != 0:
            cap[prev[v]][v] -= push
            cap[v][prev[v]] += push
            v = prev[v]
        shipped += push
    if pi[zl] != pi[zr]:
        return None
    return [(pi[1 + c] - pi[zr]) + (pi[zl] - pi[k + 2 + c]) for c in range(k)]
