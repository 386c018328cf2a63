"""``matching.assignment``: the minimum-cost perfect assignment with small integer costs and its
duals (docs/dutch.md 8.9), against every permutation of small random instances."""

from __future__ import annotations

import itertools
import random

from swisspairing.matching import lexicographic_bipartite_matching
from swisspairing.matching.assignment import min_cost_assignment, tight_options


def _brute_force(left: list[int], right: list[int], options: dict[int, list[tuple[int, int]]]
                 ) -> tuple[int | None, list[tuple[int, ...]]]:
    """The least cost of a perfect assignment and every assignment of that cost (as the
    right vertex of each left one, in order)."""
    best: int | None = None
    winners: list[tuple[int, ...]] = []
    for perm in itertools.permutations(right):
        total = 0
        for a, b in zip(left, perm, strict=True):
            cost = dict(options[a]).get(b)
            if cost is None:
                break
            total += cost
        else:
            if best is None or total < best:
                best, winners = total, [perm]
            elif total == best:
                winners.append(perm)
    return best, winners


def test_min_cost_assignment_and_its_tight_pairs_against_every_permutation() -> None:
    """The cost is the least one, the duals are feasible and tight on the assignment, the
    tight pairs hold exactly the cheapest assignments (their lexicographically first one is
    the brute force's), and ``most`` below the least cost gives None."""
    rng = random.Random(26)
    checked = 0
    for _ in range(2500):
        n = rng.randint(1, 6)
        left, right = list(range(n)), list(range(100, 100 + n))
        options = {a: [(b, rng.choice((0, 0, 1, 2))) for b in right if rng.random() < 0.6]
                   for a in left}
        best, winners = _brute_force(left, right, options)
        found = min_cost_assignment(left, options)
        named = {b for a in left for b, _ in options[a]}
        if best is None or len(named) != n:
            assert found is None
            continue
        assert found is not None
        mate, u, v, cost = found
        assert cost == best
        assert sorted(mate.values()) == right
        for a in left:
            for b, c in options[a]:
                assert c - u[a] - v[b] >= 0
            assert dict(options[a])[mate[a]] == u[a] + v[mate[a]]
        tight = tight_options(left, options, u, v)
        assert {tuple(tight_pick) for tight_pick in _perfect(left, tight)} == set(winners)
        first = lexicographic_bipartite_matching(
            left, {a: sorted(bs) for a, bs in tight.items()}, mate, set())
        assert first is not None and tuple(first[a] for a in left) == min(winners)
        if best > 0:
            assert min_cost_assignment(left, options, most=best - 1) is None
        assert min_cost_assignment(left, options, most=best) is not None
        checked += 1
    assert checked > 800


def _perfect(left: list[int], adj: dict[int, list[int]]) -> list[list[int]]:
    """Every perfect assignment of ``left`` on the pairs of ``adj``."""
    out: list[list[int]] = []

    def extend(i: int, used: list[int]) -> None:
        if i == len(left):
            out.append(list(used))
            return
        for b in adj[left[i]]:
            if b not in used:
                used.append(b)
                extend(i + 1, used)
                used.pop()

    extend(0, [])
    return out


def test_min_cost_assignment_stops_when_too_many_need_a_costly_pair() -> None:
    """Three left vertices whose only pairs of cost 0 go to one right vertex: two of them need
    a pair of positive cost, so with ``most=1`` there is no answer."""
    options = {1: [(10, 0), (11, 1)], 2: [(10, 0), (12, 1)], 3: [(10, 0), (12, 1), (11, 1)]}
    assert min_cost_assignment([1, 2, 3], options, most=1) is None
    found = min_cost_assignment([1, 2, 3], options, most=2)
    assert found is not None and found[3] == 2
