"""Our primal-dual blossom algorithm (``swisspairing.matching.blossom``) against brute force,
against networkx (a generic reference implementation, not a pairing engine) and against the
linear-programming optimality certificate (dual feasibility + complementary slackness).

Matchings may legitimately differ on ties, so the weights are compared, and every result is
checked to be a valid matching made of positive-weight edges.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping

import networkx as nx
import pytest

from swisspairing.matching import blossom
from swisspairing.matching.blossom import _Solver, matching_weight, max_weight_matching

Edges = dict[tuple[int, int], int]


def brute_force(n: int, edges: Mapping[tuple[int, int], int]) -> int:
    """Best total weight over every matching (only positive edges can help)."""
    w = {}
    for (a, b), x in edges.items():
        if x > 0 and a != b:
            key = (min(a, b), max(a, b))
            w[key] = max(w.get(key, 0), x)
    best = 0

    def rec(free: list[int], total: int) -> None:
        nonlocal best
        if total > best:
            best = total
        if len(free) < 2:
            return
        v, rest = free[0], free[1:]
        rec(rest, total)  # v stays unmatched
        for i, u in enumerate(rest):
            x = w.get((v, u))
            if x:
                rec(rest[:i] + rest[i + 1:], total + x)

    rec(list(range(n)), 0)
    return best


def networkx_weight(n: int, edges: Mapping[tuple[int, int], int]) -> int:
    g = nx.Graph()
    g.add_nodes_from(range(n))
    for (a, b), w in edges.items():
        if w > 0:
            g.add_edge(a, b, weight=w)
    return sum(g[a][b]["weight"] for a, b in nx.max_weight_matching(g))


def check_valid(mate: Mapping[Hashable, Hashable], edges: Mapping[tuple, int]) -> None:
    positive = {frozenset(e) for e, w in edges.items() if w > 0}
    for a, b in mate.items():
        assert a != b
        assert mate[b] == a
        assert frozenset((a, b)) in positive


def random_graph(rng: random.Random, n: int, density: float, weights: list[int]) -> Edges:
    edges: Edges = {}
    for a in range(n):
        for b in range(a + 1, n):
            if rng.random() < density:
                edges[(a, b)] = rng.choice(weights)
    return edges


def certificate(n: int, edges: Edges) -> None:
    """Run the solver and check the LP optimality conditions on its final state: all duals
    >= 0, every edge slack >= 0 (vertex duals plus duals of the blossoms containing both
    ends), matched edges tight, exposed vertices of dual 0, blossoms with a positive dual full
    (|B| // 2 matched pairs inside). This proves the weight is maximum whatever networkx says."""
    pairs = {(min(a, b), max(a, b)): w for (a, b), w in edges.items() if w > 0}
    if not pairs:
        return
    s = _Solver(n, pairs)
    mate = s.solve()
    assert all(v >= 0 for v in s.y)
    inside: list[set[int]] = [set() for _ in range(n)]  # blossoms containing each vertex
    for b in range(n, 2 * n):
        if s.base[b] != -1:
            assert s.z[b] >= 0
            leaves = s.leaves(b)
            for v in leaves:
                inside[v].add(b)
            if s.z[b] > 0:
                assert sum(1 for v in leaves if mate[v] in leaves) == len(leaves) - 1
    for (a, b), w in pairs.items():
        slack = s.y[a] + s.y[b] - 2 * w + sum(s.z[x] for x in inside[a] & inside[b])
        assert slack >= 0
        if mate[a] == b:
            assert slack == 0
    for v in range(n):
        if mate[v] == -1:
            assert s.y[v] == 0


def test_contract_basics() -> None:
    """Weights <= 0 ignored, partner map both ways, names of any hashable kind, vertices
    named only in the edges, maximum weight rather than maximum cardinality."""
    assert max_weight_matching([], {}) == {}
    assert max_weight_matching([1, 2], {(1, 2): 0}) == {}
    assert max_weight_matching([1, 2], {(1, 2): -5}) == {}
    assert max_weight_matching(["a", "b"], {("a", "b"): 7}) == {"a": "b", "b": "a"}
    assert max_weight_matching([], {((1, 2), "x"): 1}) == {(1, 2): "x", "x": (1, 2)}
    # path a-b-c-d with 1, 3, 1: the middle edge alone (3) beats the two ends (2)
    mate = max_weight_matching("abcd", {("a", "b"): 1, ("b", "c"): 3, ("c", "d"): 1})
    assert mate == {"b": "c", "c": "b"}
    # with 2, 3, 2 the two ends (4) win
    mate = max_weight_matching("abcd", {("a", "b"): 2, ("b", "c"): 3, ("c", "d"): 2})
    assert mate == {"a": "b", "b": "a", "c": "d", "d": "c"}


def test_duplicate_edge_keeps_larger_weight() -> None:
    mate = max_weight_matching([0, 1, 2], {(0, 1): 5, (1, 0): 9, (1, 2): 8})
    assert mate == {0: 1, 1: 0}


def test_triangle_with_pendant_needs_a_blossom() -> None:
    """Triangle 0-1-2 (weights 6) with pendant 2-3 (weight 5): the best is 0-1 + 2-3 = 11,
    reachable only by shrinking the odd cycle 0-1-2."""
    edges = {(0, 1): 6, (1, 2): 6, (0, 2): 6, (2, 3): 5}
    mate = max_weight_matching(range(4), edges)
    assert matching_weight(mate, edges) == 11
    assert mate[3] == 2


def test_nested_blossoms_and_expansion() -> None:
    """Two triangles joined into a 5-cycle-of-blossoms, with pendants that force the outer
    blossom to be opened again; checked against brute force."""
    edges = {(0, 1): 10, (1, 2): 10, (0, 2): 10, (2, 3): 9, (3, 4): 9, (4, 0): 9,
             (3, 5): 8, (5, 6): 8, (4, 6): 8, (1, 7): 7, (6, 8): 12, (7, 8): 3}
    mate = max_weight_matching(range(9), edges)
    check_valid(mate, edges)
    assert matching_weight(mate, edges) == brute_force(9, edges)
    certificate(9, edges)


def test_brute_force_small_graphs() -> None:
    """n <= 10: every matching enumerated; small weight ranges give many ties and blossoms."""
    rng = random.Random(20261122)
    for _ in range(700):
        n = rng.randint(1, 8) if rng.random() < 0.9 else rng.randint(9, 10)
        weights = rng.choice([[1], [1, 2], list(range(-2, 6)), list(range(1, 30)),
                              [2**300 + k for k in range(4)]])
        edges = random_graph(rng, n, rng.choice([0.3, 0.6, 1.0]), weights)
        mate = max_weight_matching(range(n), edges)
        check_valid(mate, edges)
        assert matching_weight(mate, edges) == brute_force(n, edges)


def test_against_networkx_random() -> None:
    """Thousands of random graphs: sparse and complete, ties, huge integers (2^300 scale
    made of lexicographic digits like the Dutch engine's weights)."""
    rng = random.Random(4)
    for i in range(2500):
        n = rng.randint(2, 24)
        kind = i % 5
        if kind == 0:
            weights = [1, 2, 3]
        elif kind == 1:
            weights = list(range(1, 1000))
        elif kind == 2:
            weights = [(a << 300) + (b << 150) + c
                       for a in range(3) for b in range(3) for c in range(3)]
        elif kind == 3:
            weights = [rng.randint(1, 2**300) for _ in range(40)]
        else:
            weights = [5] * 3 + [7, 0, -3]
        edges = random_graph(rng, n, rng.choice([0.1, 0.25, 0.5, 1.0]), weights)
        mate = max_weight_matching(range(n), edges)
        check_valid(mate, edges)
        assert matching_weight(mate, edges) == networkx_weight(n, edges)


def test_larger_dense_graphs_against_networkx() -> None:
    rng = random.Random(7)
    for n in (40, 61, 80):
        edges = random_graph(rng, n, 0.8, [(rng.randint(0, 3) << 300) + rng.randint(1, 2**40)
                                            for _ in range(50)])
        mate = max_weight_matching(range(n), edges)
        check_valid(mate, edges)
        assert matching_weight(mate, edges) == networkx_weight(n, edges)


def test_odd_cycles() -> None:
    """Odd cycles of every length up to 15, equal weights: (n - 1) / 2 edges; and an odd
    cycle with one heavy chord forcing a blossom to be entered and left."""
    for n in range(3, 16, 2):
        edges = {(i, (i + 1) % n): 4 for i in range(n)}
        mate = max_weight_matching(range(n), edges)
        check_valid(mate, edges)
        assert matching_weight(mate, edges) == 4 * (n // 2)
    edges = {(i, (i + 1) % 7): 4 for i in range(7)}
    edges.update({(0, 7): 9, (3, 8): 9, (7, 8): 1})
    assert matching_weight(max_weight_matching(range(9), edges), edges) == brute_force(9, edges)


def test_optimality_certificate_random() -> None:
    """The final duals prove optimality on their own (no reference implementation)."""
    rng = random.Random(11)
    for _ in range(400):
        n = rng.randint(2, 18)
        edges = random_graph(rng, n, rng.choice([0.3, 0.7, 1.0]),
                             rng.choice([[1, 2, 3], list(range(1, 50)),
                                         [(k << 200) + 1 for k in range(1, 6)]]))
        certificate(n, edges)


def test_random_suite_reaches_every_branch(monkeypatch: pytest.MonkeyPatch) -> None:
    """The random graphs above do exercise nested blossoms, the opening of T blossoms during
    a stage (delta of the fourth kind) and the end-of-stage expansions."""
    seen = {"nested": 0, "t_open": 0, "end": 0}
    add, expand = _Solver.add_blossom, _Solver.expand

    def add_spy(self: _Solver, bb: int, v: int, u: int) -> None:
        add(self, bb, v, u)
        if any(c >= self.n for c in self.childs[self.top[v]]):
            seen["nested"] += 1

    def expand_spy(self: _Solver, b: int, endstage: bool) -> None:
        seen["end" if endstage else "t_open"] += 1
        expand(self, b, endstage)

    monkeypatch.setattr(blossom._Solver, "add_blossom", add_spy)
    monkeypatch.setattr(blossom._Solver, "expand", expand_spy)
    rng = random.Random(3)
    for _ in range(300):
        n = rng.randint(6, 20)
        edges = random_graph(rng, n, 0.5, list(range(1, 20)))
        mate = max_weight_matching(range(n), edges)
        assert matching_weight(mate, edges) == networkx_weight(n, edges)
    assert seen["nested"] > 0 and seen["t_open"] > 0 and seen["end"] > 0
