"""D2's questions begun from the previous question's pairs (issue 26, near-miss round 5):
``StageCompletions.some_split`` and ``_split_bits`` start their matching from the pairs of the
last one (``completion.edges_among`` keeps those that are edges of the new graph), since any
start gives the same "is it perfect?". Checked against an exhaustive search on random graphs
with random starts (pairs of another graph, vertices outside, overlapping pairs), and whole
near-miss rounds paired alike, explanations included, with the warm starts switched off."""

from __future__ import annotations

import random

import pytest

from elo_swiss_rounds import assert_paired_again_alike
from swisspairing.matching.bitpaths import BitMatching
from swisspairing.matching.bitsets import bits, mask_of
from swisspairing.systems import get_system
from swisspairing.systems.elo_swiss import completion, players
from swisspairing.systems.explain import Explanation
from test_augment_bits import random_graph
from test_elo_swiss_split_bits import white_mostly_wins
from test_partners_allowed import brute_perfect


def _random_start(rng: random.Random, n: int) -> list[tuple[int, int]]:
    """Pairs drawn at random over more vertices than the graph has: some are not edges, some
    leave the graph, some meet a vertex another pair took."""
    return [(rng.randrange(n + 3), rng.randrange(n + 3)) for _ in range(rng.randint(0, n))]


@pytest.mark.parametrize("seed", range(300))
def test_any_start_gives_the_exhaustive_answer(seed: int) -> None:
    rng = random.Random(seed)
    n = rng.randint(1, 14)
    barred = random_graph(rng, n)
    among = mask_of(v for v in range(n) if rng.random() < 0.9)
    start = _random_start(rng, n)
    kept = completion.edges_among(start, barred, among)
    # the pairs kept: some of those given, edges of the graph between two of its vertices,
    # disjoint
    seen = 0
    for a, b in kept:
        assert (a, b) in start
        assert a != b and (among >> a) & 1 and (among >> b) & 1 and not (barred[a] >> b) & 1
        assert not seen & ((1 << a) | (1 << b))
        seen |= (1 << a) | (1 << b)
    answer = brute_perfect(barred, among)
    assert players.matching_from_highest(barred, among, kept).perfect == answer
    assert players.matching_from_highest(barred, among, start).perfect == answer
    assert BitMatching.starting_with(barred, among, kept, stop_at_failure=True).perfect == answer
    if answer:  # a perfect matching found is one of this graph
        mate = players.matching_from_highest(barred, among, kept).mate
        assert set(mate) == set(bits(among))
        assert all(mate[mate[v]] == v and not (barred[v] >> mate[v]) & 1 for v in mate)


@pytest.mark.parametrize(("seed", "size"), [(811, 48), (812, 72), (813, 60)])
def test_rounds_paired_alike_without_the_warm_starts(seed: int, size: int,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    engine = get_system("elo-swiss")
    t = white_mostly_wins(engine, seed, size, 4)
    real = completion.edges_among
    carried = [0]

    def spy(pairs: list[tuple[int, int]], barred: dict[int, int], among: int
            ) -> list[tuple[int, int]]:
        kept = real(pairs, barred, among)
        carried[0] += len(kept)
        return kept

    monkeypatch.setattr(completion, "edges_among", spy)
    first, said = [], []
    for r in range(1, t.rounds_paired + 2):
        explanation = Explanation()
        first.append(engine.pair(t.before_round(r), r, explanation))
        said.append(explanation)
    assert carried[0]  # the warm starts were used
    monkeypatch.setattr(completion, "edges_among", lambda pairs, barred, among: [])
    assert_paired_again_alike(engine, t, first, said)
