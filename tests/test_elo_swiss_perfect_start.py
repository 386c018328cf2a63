"""``players.perfect_from_highest`` (issue 26): "can they all be paired?" from a greedy start in
which each vertex takes its highest-numbered free partner. The same answer as
``BitMatching.is_perfect`` (lowest partner) and as an exhaustive search on random graphs, with
and without stand-ins above every player (the graphs of ``Round.completable_with_some`` and of
the family questions of ``completion``); and near-miss rounds paired alike, explanations
included, with either start."""

from __future__ import annotations

import random

import pytest

from elo_swiss_rounds import assert_paired_again_alike
from swisspairing.matching.bitpaths import BitMatching
from swisspairing.matching.bitsets import mask_of
from swisspairing.systems import get_system
from swisspairing.systems.elo_swiss import players
from swisspairing.systems.explain import Explanation
from test_augment_bits import random_graph
from test_elo_swiss_split_bits import white_mostly_wins
from test_partners_allowed import brute_perfect


@pytest.mark.parametrize("seed", range(300))
def test_same_answer_as_the_lowest_partner_start(seed: int) -> None:
    rng = random.Random(seed)
    n = rng.randint(1, 16)
    barred = random_graph(rng, n)
    among = mask_of(range(n))
    if rng.random() < 0.5:  # stand-ins above every vertex, joined to some of them
        stand_ins = rng.randint(1, 4)
        joined = mask_of(v for v in range(n) if rng.random() < 0.5)
        for k in range(stand_ins):
            top = n + k
            barred[top] = ~joined | (1 << top)
            for v in range(n):
                if not (joined >> v) & 1:
                    barred[v] |= 1 << top
        among = mask_of(range(n + stand_ins))
    answer = players.perfect_from_highest(barred, among)
    assert answer == BitMatching.is_perfect(barred, among)
    assert answer == brute_perfect(barred, among)


@pytest.mark.parametrize(("seed", "size"), [(801, 48), (802, 72)])
def test_rounds_paired_alike_with_either_start(seed: int, size: int,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    engine = get_system("elo-swiss")
    t = white_mostly_wins(engine, seed, size, 4)
    calls = [0]
    real = players.perfect_from_highest

    def spy(barred: dict[int, int], among: int) -> bool:
        calls[0] += 1
        return real(barred, among)

    monkeypatch.setattr(players, "perfect_from_highest", spy)
    first, said = [], []
    for r in range(1, t.rounds_paired + 2):
        explanation = Explanation()
        first.append(engine.pair(t.before_round(r), r, explanation))
        said.append(explanation)
    assert calls[0]
    monkeypatch.setattr(players, "perfect_from_highest", BitMatching.is_perfect)
    assert_paired_again_alike(engine, t, first, said)
