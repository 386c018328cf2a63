"""C12's preference decided for a whole level at once (issue 26): ``Round.some_next_level_floaters``
against every set of floaters tried one by one with ``Round.completable`` (the test the level
search applies to each candidate), and whole rounds paired alike with and without the bound
(``level._some_candidate_preferred``), pairs and explanations, on near-miss rounds where White
won most games (levels whose floaters mostly cannot all be paired in the next level)."""

from __future__ import annotations

import itertools

import pytest

from elo_swiss_rounds import assert_paired_again_alike, shuffled_rounds
from swisspairing.systems import get_system
from swisspairing.systems.elo_swiss import level
from test_elo_swiss_split_bits import white_mostly_wins


@pytest.mark.parametrize("seeds", [range(0, 8), range(8, 16)])
def test_bound_answers_like_every_floater_set(seeds: range) -> None:
    answers: set[bool] = set()
    for seed in seeds:
        check_events(seed, answers)
    # the comparison met both answers (it would prove nothing otherwise)
    assert answers == {True, False}


def check_events(seed: int, answers: set[bool]) -> None:
    for rng, rd, shuffled in shuffled_rounds(seed, (12, 20), 4, 8):
        cut = rng.randint(2, min(8, len(shuffled) - 2))
        here, lower_list = shuffled[:cut], shuffled[cut:]
        forced = frozenset(rng.sample(here, rng.randint(0, 1)))
        free = frozenset(here) - forced
        lower = frozenset(lower_list)
        nxt = frozenset(lower_list[: rng.randint(0, len(lower_list))])
        at_least = len(forced) + rng.randint(0, len(free))
        if at_least == 0:
            continue  # the level search never asks (no floater: C12 holds)
        got = rd.some_next_level_floaters(forced, free, at_least, lower, nxt)
        sizes = range(at_least - len(forced), len(free) + 1, 2)
        expected = any(
            rd.completable(f | lower, restrict=nxt, floaters=f)
            for k in sizes for extra in itertools.combinations(sorted(free), k)
            if (f := forced | frozenset(extra))
        )
        assert got == expected
        answers.add(got)


@pytest.mark.parametrize("seed", range(3))
def test_rounds_paired_alike_with_and_without_the_bound(seed: int,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    engine = get_system("elo-swiss")
    t = white_mostly_wins(engine, 300 + seed, 48, 4)
    rounds = range(1, t.rounds_paired + 2)
    fast = [engine.pair(t.before_round(r), r, None) for r in rounds]
    bounded = []
    real = level._some_candidate_preferred

    def spy(*args: object) -> bool:
        answer = real(*args)  # type: ignore[arg-type]
        bounded.append(answer)
        return answer

    monkeypatch.setattr(level, "_some_candidate_preferred", spy)
    for r in rounds:
        engine.pair(t.before_round(r), r, None)
    assert False in bounded  # the bound cut some search short
    monkeypatch.setattr(level, "_some_candidate_preferred", lambda *args: True)
    assert_paired_again_alike(engine, t, fast)
