"""D2's family questions refused by Hall's condition (issue 26, near-miss round 5):
``completion._s1_hall_fails`` answers "no" before the matching when the S1 vertices of one group
may meet fewer vertices than they are, ``StageCompletions._sink_hall_fails`` when players of the
sink no two of whom may meet, with some groups' S1 vertices and S2 stand-ins, do; either proves
the family graph has no perfect matching. Checked on random family questions of near-miss
rounds against the matching alone (every refusal is a "no" of the matching, every answer the
same), and whole near-miss rounds paired alike, explanations included, with the refusals
switched off."""

from __future__ import annotations

import random

import pytest

from elo_swiss_rounds import assert_paired_again_alike
from swisspairing.systems import get_system
from swisspairing.systems.elo_swiss import completion, players
from swisspairing.systems.explain import Explanation
from test_elo_swiss_split_bits import white_mostly_wins


def _random_groups(rng: random.Random, level: list[int]) -> list[tuple[list[int], int]]:
    """The level's players cut into runs (as the halving of D2's families cuts the places),
    each with a random number of players in S1, often all or none."""
    groups = []
    start = 0
    while start < len(level):
        end = min(len(level), start + rng.randint(1, max(1, len(level) // 3)))
        run = level[start:end]
        take = rng.choice([0, len(run), rng.randint(0, len(run)), rng.randint(0, len(run))])
        groups.append((run, take))
        start = end
    return groups


@pytest.mark.parametrize("seed", range(30))
def test_refusals_are_noes_of_the_matching(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(seed)
    engine = get_system("elo-swiss")
    t = white_mostly_wins(engine, 900 + seed % 6, rng.choice([30, 40, 50]), 4)
    rd = players.Round(t, 5, use_b2=True)
    ids = rd.sort(t.players)
    cut = rng.randint(10, len(ids) - 6)
    level, sink = ids[:cut], frozenset(ids[cut:])
    can_float = [pid for pid in level if rng.random() < 0.8]
    ok = rd.pair_rule(rng.randint(0, 2))
    floater_ok = completion.FloaterTest(rd, sink, last=False)
    refusals = []
    real = completion._s1_hall_fails

    def spy(*args: object) -> bool:
        refused = real(*args)  # type: ignore[arg-type]
        refusals.append(refused)
        return refused

    monkeypatch.setattr(completion, "_s1_hall_fails", spy)
    real_sink = completion.StageCompletions._sink_hall_fails

    def sink_spy(self: completion.StageCompletions, *args: object) -> bool:
        refused = real_sink(self, *args)  # type: ignore[arg-type]
        refusals.append(refused)
        return refused

    monkeypatch.setattr(completion.StageCompletions, "_sink_hall_fails", sink_spy)
    with_refusal = completion.StageCompletions(rd, 2, ok, can_float, floater_ok)
    alone = completion.StageCompletions(rd, 2, ok, can_float, floater_ok)
    alone.hall_refusal = False
    for _ in range(40):
        groups = _random_groups(rng, level)
        refusals.clear()
        answer = with_refusal.some_split(groups)
        assert answer == alone.some_split(groups)
        if any(refusals):
            assert not answer  # a refusal is a "no" of the matching (Hall)
        # a split (every group fixed): the split graph, refused alike (``for_split``)
        s1 = sorted(rng.sample(level, rng.randint(1, len(level) // 2)))
        s2 = [pid for pid in level if pid not in s1]
        refusals.clear()
        perfect = with_refusal.for_split(s1, s2).perfect
        assert perfect == alone.for_split(s1, s2).perfect
        if any(refusals):
            assert not perfect


def test_the_refusal_is_used_and_exact_on_a_hand_made_question() -> None:
    """A group whose S1 players may meet nobody left in S2: refused, as the matching says."""
    engine = get_system("elo-swiss")
    t = white_mostly_wins(engine, 901, 40, 4)
    rd = players.Round(t, 5, use_b2=True)
    ids = rd.sort(t.players)
    level, sink = ids[:24], frozenset(ids[24:])
    ok = rd.pair_rule(0)
    floater_ok = completion.FloaterTest(rd, sink, last=False)
    stage = completion.StageCompletions(rd, 2, ok, level, floater_ok)
    a = level[0]
    # S2 holds only players ``a`` may not meet (B1/B2); ``a`` alone must go to S1
    barred = [b for b in level[1:] if not ok(a, b)]
    assert barred  # White won most games: many players of the level need the same colour
    groups = [([a], 1), (barred[:1], 0)]
    rows = stage._rows_of(completion.mask_of([a, barred[0]]))
    assert completion._s1_hall_fails(rows, completion.mask_of(barred[:1]),
                                     [(completion.mask_of([a]), 1, 1)])
    stage.hall_refusal = False
    assert not stage.some_split(groups)


@pytest.mark.parametrize(("seed", "size"), [(821, 48), (822, 72), (823, 60)])
def test_rounds_paired_alike_without_the_refusal(seed: int, size: int,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    engine = get_system("elo-swiss")
    t = white_mostly_wins(engine, seed, size, 4)
    real = completion._s1_hall_fails
    refused = [0]

    def spy(*args: object) -> bool:
        answer = real(*args)  # type: ignore[arg-type]
        refused[0] += answer
        return answer

    monkeypatch.setattr(completion, "_s1_hall_fails", spy)
    first, said = [], []
    for r in range(1, t.rounds_paired + 2):
        explanation = Explanation()
        first.append(engine.pair(t.before_round(r), r, explanation))
        said.append(explanation)
    assert refused[0]  # the refusal answered some questions
    monkeypatch.setattr(completion, "HALL_REFUSAL", False)
    assert_paired_again_alike(engine, t, first, said)
