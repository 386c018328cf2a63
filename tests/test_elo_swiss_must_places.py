"""The D1 search of the Elo-based Swiss passes over, where the players of ``must`` (S2 players
who may not float: C7, paired) not yet chosen fill every place of S1 left, every other player
before asking the completion anything (issue 26, branch s12-elo5d: ``stage.MUST_FILL_FIRST``;
C12's walk in near-miss round 5 at 400 players met 60,000 such dead ends). On random searches
with a completion graph, ``ok`` as bit sets (:class:`PairRule`) and as a plain function, and
every matching budget: the same permutations in the same order and the same charges as with
the shortcut off, and, unbounded, those of the literal definition."""

from __future__ import annotations

import itertools
import random

import pytest

from swisspairing.matching.bitpaths import BitMatching
from swisspairing.matching.bitsets import BitGraph, mask_of
from swisspairing.systems.elo_swiss import stage
from swisspairing.systems.elo_swiss.completion import BitCompletion
from swisspairing.systems.elo_swiss.players import PairRule
from test_partners_allowed import brute_perfect


def _search(rng: random.Random) -> tuple[list[int], list[int], list[int], dict[int, int],
                                         int, dict[int, int], int]:
    """S1, S2, ``must`` (often as many as S1's places), the pair rule's rows, the completion
    graph's vertices and rows, and the shift of S1's vertices."""
    k, m, extra = rng.randint(1, 5), rng.randint(4, 8), rng.choice((0, 2))
    s1 = list(range(k))
    s2 = list(range(k, k + m))
    sink = list(range(k + m, k + m + extra))
    must = sorted(rng.sample(s2, rng.randint(0, min(k + 1, m))))
    density = rng.choice((0.5, 0.7, 0.9))
    rule = {v: 0 for v in s1 + s2}
    for a in s1:
        for b in s2:
            if rng.random() > density:
                rule[a] |= 1 << b
                rule[b] |= 1 << a
    shift = 64
    vertices = [a + shift for a in s1] + s2 + sink
    barred = {v: ~0 for v in vertices}
    edges = {(a + shift, b) for a in s1 for b in s2 if not (rule[a] >> b) & 1}
    for u, v in itertools.combinations(s2 + sink, 2):
        if rng.random() < density:
            edges.add((u, v))
    for u, v in edges:
        barred[u] &= ~(1 << v)
        barred[v] &= ~(1 << u)
    return s1, s2, must, rule, mask_of(vertices), barred, shift


@pytest.mark.parametrize("seed", range(150))
def test_the_same_permutations_and_charges_with_the_shortcut_off(
        seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(seed)
    s1, s2, must, rule, among, barred, shift = _search(rng)
    as_bits = PairRule.__new__(PairRule)
    as_bits.graph = BitGraph(rule)

    def plain(a: int, b: int) -> bool:
        return not (rule[a] >> b) & 1

    def completion() -> BitCompletion:
        return BitCompletion(BitMatching(barred, among), shift)

    seen = {}
    for shortcut in (True, False):
        monkeypatch.setattr(stage, "MUST_FILL_FIRST", shortcut)
        for ok in (as_bits, plain):
            for work in (None, 0, 1, 2, 5, 10**6):
                work_left = None if work is None else [work]
                budget = [3]
                listed = list(stage.valid_permutations(
                    s1, s2, must, ok, completion, budget, work_left))
                seen[shortcut, ok is plain, work] = (listed, work_left, budget)
    for key, answer in seen.items():
        assert answer == seen[False, key[1], key[2]]  # the same with the shortcut off
    allowed = [
        perm for perm in itertools.permutations(s2, len(s1))
        if all(plain(a, b) for a, b in zip(s1, perm, strict=True)) and set(must) <= set(perm)
    ]
    literal = [perm for perm in allowed if brute_perfect(
        barred, among & ~mask_of([a + shift for a in s1]) & ~mask_of(perm))]
    assert seen[True, False, None][0] == seen[True, True, None][0] == literal
    # no matching work at all: no completion asked, every allowed permutation
    assert seen[True, False, 0][0] == seen[True, True, 0][0] == allowed


def test_the_shortcut_passes_over_the_players_the_search_would_refuse(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # S1 = 0, 1; S2 = 2..5, of whom 4 and 5 may not float: they fill both places
    rule = {v: 0 for v in range(6)}
    graph_rows = {v: ~0 for v in (64, 65, 2, 3, 4, 5)}
    for a in (64, 65):
        for b in (2, 3, 4, 5):
            graph_rows[a] &= ~(1 << b)
            graph_rows[b] &= ~(1 << a)
    for u, v in itertools.combinations((2, 3, 4, 5), 2):  # S2 may all meet below
        graph_rows[u] &= ~(1 << v)
        graph_rows[v] &= ~(1 << u)
    as_bits = PairRule.__new__(PairRule)
    as_bits.graph = BitGraph(rule)
    among = mask_of(graph_rows)
    asked = []
    real = stage.first_assignment_within

    def spy(left: list[int], order: list[int], right_mask: int, barred: dict[int, int]
            ) -> dict[int, int] | None:
        asked.append(tuple(left))
        return real(left, order, right_mask, barred)

    monkeypatch.setattr(stage, "first_assignment_within", spy)
    real_repair = stage.repaired_assignment

    def repair_spy(witness: dict[int, int], a: int, b: int, right_mask: int,
                   barred: dict[int, int]) -> dict[int, int] | None:
        asked.append((a, b))
        return real_repair(witness, a, b, right_mask, barred)

    monkeypatch.setattr(stage, "repaired_assignment", repair_spy)

    def completion() -> BitCompletion:
        return BitCompletion(BitMatching(graph_rows, among), 64)

    got = list(stage.valid_permutations([0, 1], [2, 3, 4, 5], [4, 5], as_bits, completion))
    assert got == [(4, 5), (5, 4)]
    with_shortcut = len(asked)
    asked.clear()
    monkeypatch.setattr(stage, "MUST_FILL_FIRST", False)
    assert list(stage.valid_permutations([0, 1], [2, 3, 4, 5], [4, 5], as_bits,
                                         completion)) == got
    # players 2 and 3 were asked about (the rest of S1 assigned without them), then refused
    assert len(asked) > with_shortcut
