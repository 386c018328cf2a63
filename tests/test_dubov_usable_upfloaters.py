"""Dubov 2026 upfloaters at the deficiency (3.2.1/3.2.2, C4, C5; docs/dubov.md "Upfloaters at
the deficiency", issue 26): at the first number of upfloaters ``k``, when ``k`` is what a
maximum matching of the lower players (or of the residents) leaves out, only some candidates
can be in a valid set, and the walk is given only those.

Checked against the plain questions: ``missable`` (Gallai-Edmonds ``D``) against "the others
still make as many pairs without him"; ``usable_upfloaters`` against every valid set of ``k``
enumerated; and the walk with the filter against the walk without it (``usable_upfloaters``
replaced by "every candidate") on brackets too large to enumerate. The literal procedure of
``test_dubov_upfloaters.py`` runs with the filter too."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings

from graph_helpers import random_barred
from swisspairing.matching.bitsets import BitGraph, bits, mask_of
from swisspairing.systems.dubov import DubovRound, upfloaters
from swisspairing.systems.dubov.upfloaters import (
    _Budget,
    _Matching,
    choose_upfloaters,
    missable,
    usable_upfloaters,
)
from test_dubov_upfloaters import brackets


def random_graph(rng: random.Random, n: int) -> dict[int, int]:
    """Random edges, with a Tutte barrier half the time (the near-miss rounds: players who may
    not meet each other)."""
    return random_barred(rng, n, (0.15, 0.4, 0.8))


@pytest.mark.parametrize("seed", range(80))
def test_missable_is_who_a_maximum_matching_can_leave_out(seed: int) -> None:
    rng = random.Random(seed)
    n = rng.randint(1, 30)
    barred = random_graph(rng, n)
    ids = sorted(rng.sample(range(n), rng.randint(1, n)))
    graph = BitGraph(barred)
    m = _Matching(graph, ids, _Budget(10**9))
    size = len(graph.matching(ids)) // 2
    expected = {p for p in ids if len(graph.matching([q for q in ids if q != p])) // 2 == size}
    assert set(bits(missable(m))) == expected


def valid_sets(rnd: DubovRound, residents: list[int], lower: list[int], k: int
               ) -> list[tuple[int, ...]]:
    return [ups for ups in itertools.combinations(lower, k)
            if rnd.pairable(residents + list(ups)) and rnd.pairable(set(lower) - set(ups))]


@settings(max_examples=300, deadline=None)
@given(brackets(most_residents=6, most_lower=9))
def test_every_valid_set_of_the_first_size_is_made_of_usable_candidates(
        case: tuple[DubovRound, list[int], list[int]]) -> None:
    rnd, residents, lower = case
    budget = _Budget(10**9)
    inside = _Matching(rnd.graph, residents, budget)
    below = _Matching(rnd.graph, lower, budget)
    k = max(inside.left_out, below.left_out)
    usable = mask_of(usable_upfloaters(lower, inside, below, k))
    for ups in valid_sets(rnd, residents, lower, k):
        assert all((usable >> u) & 1 for u in ups), (ups, usable)


@settings(max_examples=60, deadline=None)
@given(brackets(most_residents=12, most_lower=22))
def test_the_walk_gives_the_same_set_with_and_without_the_filter(
        case: tuple[DubovRound, list[int], list[int]]) -> None:
    rnd, residents, lower = case
    base, usable = upfloaters.NODE_BUDGET_BASE, upfloaters.usable_upfloaters
    upfloaters.NODE_BUDGET_BASE = 10**9  # the walk alone, never handing over
    try:
        with_filter = choose_upfloaters(rnd, 3.0, residents, lower)
        upfloaters.usable_upfloaters = lambda lower, *_: list(lower)  # type: ignore[assignment]
        without = choose_upfloaters(rnd, 3.0, residents, lower)
    finally:
        upfloaters.NODE_BUDGET_BASE, upfloaters.usable_upfloaters = base, usable
    assert (with_filter is None) == (without is None)
    if with_filter is not None and without is not None:
        assert (with_filter.upfloaters, with_filter.pairs, with_filter.quality) == \
            (without.upfloaters, without.pairs, without.quality)
