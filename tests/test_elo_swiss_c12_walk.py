"""C12's walk decided without walking the candidates one by one (issue 26, ``level._c12_walk``).

* ``Round.next_level_view``: its look-ahead (``FloaterTest`` on the view, and the "some ``x``
  of them" question) answers like C12's test applied set by set (``Round.completable`` with
  the floaters restricted to the next level, the test ``_pair_level`` applies to a candidate);
* whole rounds paired with the walk and by the literal walk (every candidate in turn, the
  search limits lifted so that nothing is cut): the same boards, bye and explanation, on
  generated events (where C12 moves the floaters) and near-miss rounds (White won most games);
* with a small candidate limit the literal walk is cut short and keeps the level's first
  candidate, which the walk no longer does: it finds the rules' candidate."""

from __future__ import annotations

import itertools
import random

import pytest

from elo_swiss_rounds import paired_and_explained, shuffled_rounds
from swisspairing.checker.generator import GeneratorConfig, generate
from swisspairing.model import Tournament
from swisspairing.systems import get_system
from swisspairing.systems.elo_swiss import criteria, level
from swisspairing.systems.elo_swiss.completion import FloaterTest
from swisspairing.systems.elo_swiss.players import Round
from test_elo_swiss_split_bits import white_mostly_wins

ENGINE = get_system("elo-swiss")


@pytest.mark.parametrize("seeds", [range(0, 6), range(6, 12)])
def test_view_answers_like_the_next_level_test(seeds: range) -> None:
    """For random cuts of a round into a level, its next level and the levels below, and random
    floater sets of the level: the view's look-ahead says yes exactly when C12's test does."""
    answers: set[bool] = set()
    for seed in seeds:
        for rng, rd, shuffled in shuffled_rounds(seed, (12, 20), 4, 6):
            cut = rng.randint(2, min(8, len(shuffled) - 2))
            here, below = shuffled[:cut], shuffled[cut:]
            lower = frozenset(below)
            nxt = frozenset(below[: rng.randint(0, len(below))])
            view = rd.next_level_view(here, lower, nxt)
            test = FloaterTest(view, lower, False)
            for k in range(1, len(here) + 1):
                for f in itertools.combinations(here, k):
                    floaters = frozenset(f)
                    expected = rd.completable(floaters | lower, restrict=nxt,
                                              floaters=floaters)
                    assert test(floaters) == expected
                    answers.add(expected)
            # "some x of them" (the stand-ins' question) on the view, against every set
            also = frozenset(here[:1])
            candidates = frozenset(here[1:])
            for x in range(2, len(candidates) + 1):
                some = test.with_also(also).some_set(candidates, x)
                every = any(
                    rd.completable(fl | lower, restrict=nxt, floaters=fl)
                    for extra in itertools.combinations(sorted(candidates), x)
                    if (fl := also | frozenset(extra))
                )
                assert some == every
    assert answers == {True, False}  # both answers met: the comparison proves something


def _paired(t: Tournament, r: int) -> tuple[list[tuple[int, int]], int | None, str]:
    return paired_and_explained(ENGINE, t, r)


def _literal(t: Tournament, r: int, monkeypatch: pytest.MonkeyPatch
             ) -> tuple[list[tuple[int, int]], int | None, str]:
    """The round paired by the literal walk (each candidate in turn) with no search limit."""
    with monkeypatch.context() as m:
        m.setattr(level, "_c12_walk", lambda *args, **kwargs: None)
        for name in ("CANDIDATE_LIMIT", "MATCHING_WORK_LIMIT", "EXCHANGE_LIMIT"):
            m.setattr(criteria, name, 10**9)
        return _paired(t, r)


def _spy(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Records what each walk kept: its first candidate, another, or nothing (a limit)."""
    kept: list[str] = []
    real = level._c12_walk

    def spy(rd: Round, first: level.Candidate, *args: object) -> level.Candidate | None:
        got = real(rd, first, *args)  # type: ignore[arg-type]
        kept.append("limit" if got is None else "first" if got is first else "other")
        return got

    monkeypatch.setattr(level, "_c12_walk", spy)
    return kept


@pytest.mark.parametrize("seeds", [(2, 3, 7, 8), (9, 20, 21, 28)])
def test_walk_pairs_like_the_literal_walk(seeds: tuple[int, ...],
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """Generated events (the seeds where C12 moves floaters): every round alike."""
    kept = _spy(monkeypatch)
    for seed in seeds:
        rng = random.Random(seed)
        t = generate("elo-swiss", GeneratorConfig(players=rng.randint(10, 40),
                                                  rounds=rng.randint(5, 9)), seed)
        for r in range(2, t.rounds_paired + 1):
            assert _paired(t, r) == _literal(t, r, monkeypatch), (seed, r)
    assert "other" in kept and "limit" not in kept


@pytest.mark.parametrize(("seeds", "players"), [(range(5), 20), (range(1), 24), (range(1), 30)])
def test_near_miss_rounds_paired_like_the_literal_walk(
        seeds: range, players: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Near-miss events (White won 90 % of the games): levels whose first candidate leaves
    floaters the next level cannot take, the walk's case; every round alike. (Small: from
    about 30 players the literal walk without limits takes minutes on such rounds.)"""
    kept = _spy(monkeypatch)
    for seed in seeds:
        t = white_mostly_wins(ENGINE, 500 + seed, players, 4)
        for r in range(2, t.rounds_paired + 2):
            assert _paired(t, r) == _literal(t, r, monkeypatch), (seed, r)
    assert kept and "limit" not in kept


def test_walk_finds_what_a_cut_walk_missed(monkeypatch: pytest.MonkeyPatch) -> None:
    """Round 6 of a generated 13-player event, a candidate limit of 10. The 3.5-point level
    (2 from above; 1 and 10 here) first pairs 2-10 and floats 1, who can meet nobody of the
    3-point level (he floats on, two levels down: B3). The literal walk, cut at 10 candidates,
    keeps that; without the limit C12 keeps 1-10 and floats 2 (paired 2-7 in the next level),
    and so does the walk, within the same limit."""
    rng = random.Random(28)
    t = generate("elo-swiss", GeneratorConfig(players=rng.randint(10, 40),
                                              rounds=rng.randint(5, 9)), 28)
    rules = _literal(t, 6, monkeypatch)
    assert (1, 10) in rules[0] or (10, 1) in rules[0]
    assert "floating 1 would leave them unpaired in the next level: 2 float instead" in rules[2]
    monkeypatch.setattr(criteria, "CANDIDATE_LIMIT", 10)
    with monkeypatch.context() as m:
        m.setattr(level, "_c12_walk", lambda *args, **kwargs: None)
        cut = _paired(t, 6)
    assert cut != rules
    assert (2, 10) in cut[0] or (10, 2) in cut[0]
    assert _paired(t, 6) == rules
