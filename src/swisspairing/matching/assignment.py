"""Minimum-cost perfect assignment with small non-negative integer costs, and its duals.

For the Dutch ideal candidates (``systems/dutch/ideal.py``, docs/dutch.md 8.9): S1 is assigned
to S2 by allowed pairs, each pair costing the colour preferences it misses (0, 1 or 2), and the
question is whether some assignment reaches a known lower bound. The answer starts from a
greedy assignment on the pairs of cost 0; each left vertex it leaves exposed is then joined by
a shortest augmenting path on reduced costs (Dijkstra), the duals being changed as in the
Hungarian method. The cost so far never exceeds that of any perfect assignment, so a caller
with a small bound stops as soon as it is passed.

The duals ``u`` (left) and ``v`` (right) returned satisfy ``cost(a, b) - u[a] - v[b] >= 0`` on
every pair and ``= 0`` on the pairs of the assignment: by complementary slackness (the
assignment polytope is integral) the minimum-cost perfect assignments are exactly the perfect
assignments that use *tight* pairs only (:func:`tight_options`).
"""

from __future__ import annotations

import heapq
from collections.abc import Hashable, Mapping, Sequence

#: left vertex -> its options as (right vertex, cost), in the caller's order
CostOptions = Mapping[Hashable, Sequence[tuple[Hashable, int]]]


def min_cost_assignment(left: Sequence[Hashable], options: CostOptions,
                        most: int | None = None,
                        ) -> tuple[dict[Hashable, Hashable], dict[Hashable, int],
                                   dict[Hashable, int], int] | None:
    """A minimum-cost assignment of every vertex of ``left`` to a distinct right vertex.

    Returns (left -> right, duals of the left vertices, duals of the right vertices, cost), or
    None when no assignment covers ``left`` or (``most``) every one costs more than ``most``.
    The right vertices are those named in ``options``, as many as the left ones (a perfect
    assignment: the duals then describe every minimum-cost one, :func:`tight_options`).

    A greedy start on the pairs of cost 0 (each left vertex the first free one), then one
    shortest augmenting path per left vertex it leaves exposed (:func:`_augment`, iterative: no
    recursion however large the graph). The assignment so far is always one of least cost among
    those covering the same left vertices (the duals certify it: the right duals are never
    positive and 0 on exposed right vertices), and costs are non-negative, so once its cost is
    above ``most`` every perfect assignment's is too: None at once.
    """
    owner: dict[Hashable, Hashable] = {}  # right -> left
    mate: dict[Hashable, Hashable] = {}  # left -> right
    v: dict[Hashable, int] = {}
    for a in left:
        for b, c in options[a]:
            v[b] = 0
            if c == 0 and a not in mate and b not in owner:
                mate[a], owner[b] = b, a
    if len(v) != len(left):
        return None  # not a perfect assignment problem
    u: dict[Hashable, int] = dict.fromkeys(left, 0)
    paid: dict[Hashable, int] = dict.fromkeys(mate, 0)  # left -> cost of its pair
    cost = 0
    for start in [a for a in left if a not in mate]:
        grown = _augment(start, options, mate, owner, u, v, paid)
        if grown is None:
            return None
        cost += grown
        if most is not None and cost > most:
            return None
    return mate, u, v, cost


def _augment(start: Hashable, options: CostOptions, mate: dict[Hashable, Hashable],
             owner: dict[Hashable, Hashable], u: dict[Hashable, int],
             v: dict[Hashable, int], paid: dict[Hashable, int]) -> int | None:
    """One Hungarian step: the shortest augmenting path (reduced costs, Dijkstra) from the
    exposed left vertex ``start`` to an exposed right vertex; the duals are changed so that
    every reduced cost stays non-negative and the new path is tight, then the path is
    applied. Returns the cost it adds to the assignment, None when there is no such path."""
    dist: dict[Hashable, int] = {}  # right vertex -> final distance
    best: dict[Hashable, int] = {}
    came: dict[Hashable, Hashable] = {}  # right vertex -> left vertex it is reached from
    price: dict[Hashable, int] = {}  # right vertex -> cost of the pair it is reached by
    heap: list[tuple[int, int, Hashable]] = []
    tick = 0

    def relax(a: Hashable, base: int) -> None:
        nonlocal tick
        ua = u[a]
        for b, c in options[a]:
            if b in dist:
                continue
            d = base + c - ua - v[b]
            if d < best.get(b, d + 1):
                best[b] = d
                came[b] = a
                price[b] = c
                tick += 1
                heapq.heappush(heap, (d, tick, b))

    relax(start, 0)
    end = None
    while heap:
        d, _, b = heapq.heappop(heap)
        if b in dist or d != best[b]:
            continue
        dist[b] = d
        if b not in owner:
            end = b
            break
        relax(owner[b], d)
    if end is None:
        return None
    total = dist[end]
    # duals (Hungarian method): the tree's right vertices down, their partners up
    for b, d in dist.items():
        if b is end:
            continue
        v[b] -= total - d
        u[owner[b]] += total - d
    u[start] += total
    # the path, from its end back to ``start`` (each left vertex on it passes its old partner
    # to the left vertex before it)
    added = 0
    b: Hashable | None = end
    while b is not None:
        a = came[b]
        previous = mate.get(a) if a != start else None
        added += price[b] - paid.get(a, 0)
        paid[a] = price[b]
        mate[a], owner[b] = b, a
        b = previous
    return added


def tight_options(left: Sequence[Hashable], options: CostOptions, u: Mapping[Hashable, int],
                  v: Mapping[Hashable, int]) -> dict[Hashable, list[Hashable]]:
    """The pairs of reduced cost 0 (``cost - u - v``), per left vertex in the order of its
    options: the pairs of the minimum-cost assignments."""
    return {a: [b for b, c in options[a] if c == u[a] + v[b]] for a in left}
