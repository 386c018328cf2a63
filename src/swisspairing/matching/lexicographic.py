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

Which of several maximum-weight matchings comes out may differ from a direct solve: callers
use this only where what they read is a function of the maximum weight alone (``docs/dutch.md``
8.12). When a check fails, the whole graph is solved directly (the same answer as
:func:`.blossom.max_weight_matching`).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping

from .blossom import _numbered, _Solver

Edge = tuple[Hashable, Hashable]

#: how often each path was taken (for the benchmarks and the tests)
counts = {"two levels": 0, "direct": 0}


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


def max_weight_matching_two_levels(
    vertices: Iterable[Hashable], edges: Mapping[Edge, int], radix: int, low_bound: int
) -> dict[Hashable, Hashable]:
    """A maximum-weight matching of ``edges`` (positive integer weights), found as in the
    module docstring: ``radix`` splits each weight into high and low digits, ``low_bound``
    bounds the low digits' sum over any matching. Returns the partner map in both directions;
    a maximum-weight matching, not necessarily the one :func:`.blossom.max_weight_matching`
    returns among ties."""
    names, pairs = _numbered(vertices, edges)
    if not pairs:
        return {}
    n = len(names)
    high = {e: w // radix for e, w in pairs.items()}
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
