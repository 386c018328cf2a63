"""``matching.lexicographic.max_weight_matching_two_levels`` (docs/dutch.md 8.16, issue 26):
the high digits solved first, then the full weights on the edges their optimal duals leave
tight. Its answer must be a maximum-weight matching of the whole graph (the callers read a
function of the maximum weight alone), reached by the two-level path itself whenever the
caller's bound of the low digits is honest; a dishonest bound must fall back to the direct
solve, never to a lighter matching."""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping

from swisspairing.matching import lexicographic
from swisspairing.matching.blossom import max_weight_matching
from swisspairing.systems.dutch.weights import Levels


def weight_of(mate: Mapping[Hashable, Hashable], edges: Mapping[tuple[int, int], int]) -> int:
    """The weight of a partner map, after checking that it is a matching of these edges."""
    total = 0
    for a, b in mate.items():
        assert mate[b] == a
        if a < b:  # type: ignore[operator]
            assert (a, b) in edges or (b, a) in edges
            total += edges.get((a, b), edges.get((b, a), 0))  # type: ignore[arg-type]
    return total


def engine_like_graph(rng: random.Random, n: int) -> tuple[Levels, int]:
    """An even number of players, a perfect matching among the edges (as in the Dutch
    brackets with stand-ins: the completion digit ranks first), criteria rows of few values
    (many ties, hence blossoms), a final order digit with many values, never 0 (so the low
    digits are never empty and a pair's low digits plus its ``+ 1`` stay below the radix: the
    certificate can pass; with fewer than 4 vertices or an empty low part it may not, and the
    direct solve answers, as the last test checks)."""
    levels = Levels()
    width = rng.randint(2, 5)
    density = rng.choice((0.3, 0.6, 1.0))
    for a in range(n):
        for b in range(a + 1, n):
            if (a % 2 == 0 and b == a + 1) or rng.random() < density:
                row = [1] + [rng.randint(0, 2) for _ in range(width)] + [rng.randint(1, n)]
                levels.set((a, b), row)
    return levels, len(levels.rows[(0, 1)])


def test_two_levels_give_a_maximum_weight_matching_at_every_cut() -> None:
    """1,500 random graphs of 4-16 vertices, every cut of their digits: the matching weighs
    the direct solve's maximum, and the two-level path was taken (its checks of the duals
    and its certificate passed) every time."""
    rng = random.Random(8016)
    for _ in range(1500):
        n = 2 * rng.randint(2, 8)
        levels, width = engine_like_graph(rng, n)
        pairs_bound = max(1, (n + 1) // 2)
        edges = levels.weights(pairs_bound)
        best = weight_of(max_weight_matching(range(n), edges), edges)
        radices = levels.radices(pairs_bound)
        for cut in range(1, width):
            radix = 1
            for r in radices[cut:]:
                radix *= r
            before = dict(lexicographic.counts)
            mate = lexicographic.max_weight_matching_two_levels(
                range(n), edges, radix, radix - 1 + pairs_bound)
            assert weight_of(mate, edges) == best, (n, cut, levels.rows)
            assert lexicographic.counts["two levels"] == before["two levels"] + 1
            assert lexicographic.counts["direct"] == before["direct"]


def test_a_dishonest_low_bound_falls_back_to_the_direct_solve() -> None:
    """A low bound as large as the radix times the number of pairs cannot be certified: the
    whole graph is solved directly, the same matching as :func:`max_weight_matching`."""
    rng = random.Random(816)
    for _ in range(200):
        n = 2 * rng.randint(1, 6)
        levels, width = engine_like_graph(rng, n)
        pairs_bound = max(1, (n + 1) // 2)
        edges = levels.weights(pairs_bound)
        radix = 1
        for r in levels.radices(pairs_bound)[width - 1:]:
            radix *= r
        before = lexicographic.counts["direct"]
        mate = lexicographic.max_weight_matching_two_levels(
            range(n), edges, radix, radix * (pairs_bound + 1))
        assert lexicographic.counts["direct"] == before + 1
        assert mate == max_weight_matching(range(n), edges)


def classed_graph(rng: random.Random, n: int) -> tuple[Levels, dict[int, int]]:
    """Vertices in 2-4 classes whose high digits depend on the two classes alone (as the
    Dutch rows on the players' types), some edges missing (players who met), a perfect
    matching among the edges, an order digit of many values."""
    classes = {v: rng.randrange(rng.randint(2, 4)) for v in range(n)}
    digits = {(s, t): [1, rng.randint(0, 2), rng.randint(0, 3)] for s in range(4)
              for t in range(s, 4)}
    levels = Levels()
    for a in range(n):
        for b in range(a + 1, n):
            if (a % 2 == 0 and b == a + 1) or rng.random() < 0.8:
                s, t = sorted((classes[a], classes[b]))
                levels.set((a, b), [*digits[(s, t)], rng.randint(1, n)])
    return levels, classes


def test_duals_by_classes_give_a_maximum_weight_matching() -> None:
    """800 random graphs of 4-20 vertices in classes, cut before the order digit: the
    matching weighs the direct solve's maximum, whichever path answered; the class duals
    answered most of them (a class of vertices alike for the high digits, with 80 % of the
    edges, usually has an optimal dual constant on the classes); a wrong class map (every
    vertex its own class, or all in one) still gives a maximum."""
    rng = random.Random(1816)
    by_classes = 0
    for _ in range(800):
        n = 2 * rng.randint(2, 10)
        levels, classes = classed_graph(rng, n)
        pairs_bound = max(1, (n + 1) // 2)
        edges = levels.weights(pairs_bound)
        best = weight_of(max_weight_matching(range(n), edges), edges)
        radix = levels.radices(pairs_bound)[-1]
        for guess in (classes, dict.fromkeys(range(n), 0), {v: v for v in range(n)}):
            before = lexicographic.counts["classes"]
            mate = lexicographic.max_weight_matching_two_levels(
                range(n), edges, radix, radix - 1 + pairs_bound, guess)
            assert weight_of(mate, edges) == best, (n, levels.rows, guess)
            if guess is classes:
                by_classes += lexicographic.counts["classes"] - before
    assert by_classes >= 400, by_classes


def test_lazy_weights_give_a_maximum_weight_matching_and_are_made_for_tight_edges() -> None:
    """docs/dutch.md 8.18: the same 800 classed graphs given as their high digits and a
    function making each full weight. The matching weighs the direct solve's maximum; when
    the class duals answer, only the tight edges' weights were made (fewer than all edges in
    most graphs). High digits that contradict the weights (0 on every edge: every edge is
    then tight) are refused by the check of the tight edges' weights: the class path does
    not answer, every weight is made and the answer is still a maximum. (A caller's high
    digit too low on an edge left slack cannot be seen without its weight: the caller
    vouches for ``high == weight // radix``, as ``without_lower`` proves in 8.18.)"""
    rng = random.Random(1818)
    by_classes = fewer = 0
    for _ in range(800):
        n = 2 * rng.randint(2, 10)
        levels, classes = classed_graph(rng, n)
        pairs_bound = max(1, (n + 1) // 2)
        edges = levels.weights(pairs_bound)
        best = weight_of(max_weight_matching(range(n), edges), edges)
        radix = levels.radices(pairs_bound)[-1]
        made: list[tuple[int, int]] = []

        def weight(key: tuple[int, int], _edges: dict[tuple[int, int], int] = edges,
                   _made: list[tuple[int, int]] = made) -> int:
            _made.append(key)
            return _edges[key]

        before = lexicographic.counts["classes"]
        mate = lexicographic.max_weight_matching_two_levels_lazy(
            list(range(n)), {e: w // radix for e, w in edges.items()}, weight, radix,
            radix - 1 + pairs_bound, classes)
        assert weight_of(mate, edges) == best, (n, levels.rows)
        if lexicographic.counts["classes"] > before:
            by_classes += 1
            fewer += len(made) < len(edges)
        else:
            assert len(made) >= len(edges)
        made.clear()
        before = lexicographic.counts["classes"]
        wrong = lexicographic.max_weight_matching_two_levels_lazy(
            list(range(n)), dict.fromkeys(edges, 0), weight, radix, radix - 1 + pairs_bound,
            classes)
        assert weight_of(wrong, edges) == best, (n, levels.rows)
        assert lexicographic.counts["classes"] == before
        assert len(made) >= len(edges)
    assert by_classes >= 400, by_classes
    assert fewer >= by_classes // 2, (fewer, by_classes)
