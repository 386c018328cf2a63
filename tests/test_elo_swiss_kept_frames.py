"""The D1 search of the Elo-based Swiss keeps a frame's completion graph only every
``stage.KEPT_EVERY`` places and rebuilds the others when it backtracks to them (issue 26:
memory, 277 -> 58 MiB in the 4,000-player near-miss round with the bit-set cache keys). Every
permutation is listed (so the search backtracks into dropped frames) on random completion
graphs, with every frame kept and with one in two dropped: the same permutations, in the same
order, and those of the literal definition (each pair allowed, and the graph left once every
pair is fixed has a perfect matching)."""

from __future__ import annotations

import itertools
import random

import pytest

from swisspairing.matching.bitpaths import BitMatching
from swisspairing.matching.bitsets import mask_of
from swisspairing.systems.elo_swiss import stage
from swisspairing.systems.elo_swiss.completion import BitCompletion
from test_partners_allowed import brute_perfect


@pytest.mark.parametrize("seed", range(60))
def test_dropped_frames_list_the_same_permutations(seed: int,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(seed)
    k, m, extra = rng.randint(2, 5), rng.randint(5, 7), rng.choice((0, 2, 4))
    s1 = list(range(k))
    s2 = list(range(k, k + m))
    sink = list(range(k + m, k + m + extra))
    shift = 64  # an S1 player's vertex: his id plus ``shift``
    density = rng.choice((0.4, 0.6, 0.8))
    allowed = {(a, b) for a in s1 for b in s2 if rng.random() < density}

    def ok(a: int, b: int) -> bool:
        return (a, b) in allowed or (b, a) in allowed

    vertices = [a + shift for a in s1] + s2 + sink
    among = mask_of(vertices)
    edges: set[tuple[int, int]] = {(a + shift, b) for a, b in allowed}
    below = s2 + sink
    for u, v in itertools.combinations(below, 2):
        if rng.random() < density:
            edges.add((u, v))
    barred = {v: ~0 for v in vertices}
    for u, v in edges:
        barred[u] &= ~(1 << v)
        barred[v] &= ~(1 << u)

    def completion() -> BitCompletion:
        return BitCompletion(BitMatching(barred, among), shift)

    without_calls = [0]
    real = BitCompletion.without

    def counted(self: BitCompletion, a: int, b: int) -> BitCompletion | None:
        without_calls[0] += 1
        return real(self, a, b)

    monkeypatch.setattr(BitCompletion, "without", counted)
    listed = {}
    calls = {}
    # KEPT_ALL_BELOW 0: frames dropped whatever their size; 10**9: every frame kept, the
    # matchings being small (s12-elo5c); the same permutations either way
    for kept, all_below in ((1, 0), (2, 0), (2, 10**9)):
        monkeypatch.setattr(stage, "KEPT_EVERY", kept)
        monkeypatch.setattr(stage, "KEPT_ALL_BELOW", all_below)
        without_calls[0] = 0
        listed[kept, all_below] = list(stage.valid_permutations(s1, s2, [], ok, completion))
        calls[kept, all_below] = without_calls[0]
    assert listed[1, 0] == listed[2, 0] == listed[2, 10**9]
    assert calls[2, 10**9] == calls[1, 0]  # every frame kept: nothing rebuilt
    listed[1], listed[2] = listed[1, 0], listed[2, 0]
    calls[1], calls[2] = calls[1, 0], calls[2, 0]
    literal = [
        perm for perm in itertools.permutations(s2, k)
        if all(ok(a, b) for a, b in zip(s1, perm, strict=True))
        and brute_perfect(barred, among & ~mask_of([a + shift for a in s1]) & ~mask_of(perm))
    ]
    assert listed[1] == literal
    if k >= 3 and len(literal) >= 2:
        assert calls[2] >= calls[1]  # frames rebuilt on the way back


def test_some_frames_are_rebuilt(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every S1 player may take every S2 player and the S2 player left meets the one lower
    player (every permutation valid); with one frame in two dropped, the search asks more
    repairs than with every frame kept: the dropped ones were rebuilt (``without_all``: the
    chain of repairs on one copy, counted one per pair)."""
    s1, s2, lower = [0, 1, 2, 3], [4, 5, 6, 7, 8], 9
    shift = 64
    vertices = [a + shift for a in s1] + s2 + [lower]
    among = mask_of(vertices)
    s1_vertices, s2_mask = mask_of(a + shift for a in s1), mask_of(s2)
    barred = {a + shift: ~s2_mask for a in s1}
    barred.update({b: ~(s1_vertices | (1 << lower)) for b in s2})
    barred[lower] = ~s2_mask

    calls = [0]
    real = BitCompletion.without

    def counted(self: BitCompletion, a: int, b: int) -> BitCompletion | None:
        calls[0] += 1
        return real(self, a, b)

    monkeypatch.setattr(BitCompletion, "without", counted)
    real_all = BitCompletion.without_all

    def counted_all(self: BitCompletion, pairs: list[tuple[int, int]]) -> BitCompletion | None:
        calls[0] += len(pairs)  # a rebuilt frame: one repair per pair, on one copy
        return real_all(self, pairs)

    monkeypatch.setattr(BitCompletion, "without_all", counted_all)
    got = {}
    asked = {}
    monkeypatch.setattr(stage, "KEPT_ALL_BELOW", 0)  # dropped however small (s12-elo5c)
    for kept in (1, 2):
        monkeypatch.setattr(stage, "KEPT_EVERY", kept)
        calls[0] = 0
        got[kept] = list(stage.valid_permutations(
            s1, s2, [], lambda a, b: True,
            lambda: BitCompletion(BitMatching(barred, among), shift)))
        asked[kept] = calls[0]
    assert got[1] == got[2] == list(itertools.permutations(s2, 4))
    assert asked[2] > asked[1]
