"""Elo-Swiss searched by families (issue 26): D2's exchanges and a heterogeneous level's choice
of players from above, found by matching questions over whole families instead of one by one.

* ``d2_splits_where``: with any family test that refuses only families holding no good split,
  the splits come out in D2's order (a subsequence of ``d2_splits``) and every good split is
  among them;
* ``StageCompletions.some_split``: "yes" for every family holding a split whose completion
  graph is perfect, and exactly that graph's answer for a single split;
* ``some_movers_take_residents`` and ``some_floaters_of_each``: the same answer as trying
  every choice of players from above (and every set of floaters) one by one;
* whole rounds paired alike by the family search and by the literal enumeration (every
  exchange, every choice of players from above, the residual pruned by its own graph only),
  the literal one without any search limit: generated events and near-miss events."""

from __future__ import annotations

import itertools
import random

import pytest

from elo_swiss_rounds import paired_and_explained
from swisspairing.checker.generator import GeneratorConfig, generate
from swisspairing.model import Tournament
from swisspairing.model.state import Float
from swisspairing.systems import get_system
from swisspairing.systems.elo_swiss import completion, criteria, exchanges, level, stage
from swisspairing.systems.elo_swiss.completion import (
    FloaterTest,
    StageCompletions,
    residual_completion,
    some_floaters_of_each,
    some_movers_take_residents,
)
from swisspairing.systems.elo_swiss.exchanges import d2_splits, d2_splits_where
from swisspairing.systems.elo_swiss.players import Round
from swisspairing.systems.explain import Explanation
from test_elo_swiss_split_bits import white_mostly_wins

ENGINE = get_system("elo-swiss")


def _in_family(s1: list[int], family: list[tuple[list[int], int]]) -> bool:
    chosen = set(s1)
    return all(len(chosen & set(run)) == take for run, take in family)


@pytest.mark.parametrize("few_leaving", [0, exchanges.FEW_LEAVING])
@pytest.mark.parametrize(("n", "p"), [(6, 3), (7, 3), (8, 4), (9, 4), (10, 5), (12, 5), (13, 6)])
def test_family_search_keeps_d2_order_and_every_good_split(
        n: int, p: int, few_leaving: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Random sets of good splits; the family test says yes exactly when the family holds one
    (the best a test can do). Also with a small question budget (families kept whole), and
    with the sets leaving S1 found by halving as well as asked one by one."""
    monkeypatch.setattr(exchanges, "FEW_LEAVING", few_leaving)
    every = list(d2_splits(n, p))
    assert list(d2_splits_where(n, p, lambda family: True)) == every
    rng = random.Random(n * 100 + p)
    for _trial in range(6):
        good = {tuple(s1) for s1, _, _ in every if rng.random() < 0.06}

        def maybe(family: list[tuple[list[int], int]], good: set = good) -> bool:
            return any(_in_family(list(s1), family) for s1 in good)

        got = list(d2_splits_where(n, p, maybe, calls=rng.choice([2, 5, 2000])))
        rest = iter(every)
        assert all(any(split == other for other in rest) for split in got)  # D2's order
        assert {tuple(s1) for s1, _, _ in got} >= good
        assert got[0] == every[0]  # the split without exchange comes first
        if not good:
            assert len(got) == 1


def _stages(seeds: tuple[int, ...]) -> list[tuple[Round, list[int], int, StageCompletions]]:
    """Stages with two floaters or more of small generated (even seeds) and near-miss (odd)
    rounds (seeds where some splits fail, some not): a level
    (random players of the round), its p, the players below as its lower levels."""
    found = []
    for seed in seeds:
        rng = random.Random(seed)
        if seed % 2:
            t = white_mostly_wins(ENGINE, 700 + seed, 16, 2)
            r = 3
        else:
            t = generate("elo-swiss", GeneratorConfig(players=rng.randint(14, 20), rounds=3),
                         seed)
            r = rng.randint(2, 3)
        rd = Round(t.before_round(r), r, use_b2=True)
        ids = rd.sort(t.players)
        for _ in range(4):
            shuffled = rng.sample(ids, len(ids))
            cut = rng.randint(6, 9)
            players = rd.sort(shuffled[:cut])
            lower = frozenset(shuffled[cut:])
            p = rng.randint(1, (cut - 2) // 2)
            x = cut - 2 * p
            floatable = rd.may_float_mask(Float.DOWN, rng.randint(0, 2))
            can_float = [q for q in players if (floatable >> q) & 1]
            ok = rd.pair_rule(rng.randint(0, 2))
            found.append((rd, players, p,
                          StageCompletions(rd, x, ok, can_float, FloaterTest(rd, lower, False))))
    return found


@pytest.mark.parametrize("seeds", [(0, 1, 4), (5, 12, 13)])
def test_split_family_question_is_necessary(seeds: tuple[int, ...]) -> None:
    """For random families of splits (groups of the level's players, how many of each in S1):
    some_split says yes whenever one of its splits has a perfect completion graph, and for a
    single split it says what that graph says."""
    answers: set[bool] = set()
    refused = 0
    rng = random.Random(seeds[0])
    for _rd, players, p, sc in _stages(seeds):
        perfect = {}
        for s1 in itertools.combinations(players, p):
            s2 = [q for q in players if q not in s1]
            perfect[s1] = sc.for_split(list(s1), s2).perfect
            single = [(list(s1), p), (s2, 0)]
            assert sc.some_split(single) == perfect[s1]
            answers.add(perfect[s1])
        for _ in range(25):
            shuffled = rng.sample(players, len(players))
            cuts = sorted(rng.sample(range(1, len(players)), rng.randint(0, 3)))
            runs = [shuffled[a:b] for a, b in zip([0, *cuts], [*cuts, len(players)],
                                                 strict=True)]
            takes = [0] * len(runs)
            for _ in range(p):  # p players in S1, spread at random over the runs
                k = rng.choice([i for i, run in enumerate(runs) if takes[i] < len(run)])
                takes[k] += 1
            family = list(zip(runs, takes, strict=True))
            some = any(ok for s1, ok in perfect.items() if _in_family(list(s1), family))
            got = sc.some_split(family)
            if some:
                assert got
            refused += not got
    assert answers == {True, False}
    assert refused  # families with a choice were refused too: the test prunes


def _heterogeneous_cases(seeds: range) -> list[tuple[Round, list[int], list[int],
                                                     frozenset[int]]]:
    found = []
    for seed in seeds:
        rng = random.Random(seed)
        t = (white_mostly_wins(ENGINE, 800 + seed, 16, 2) if seed % 2 else
             generate("elo-swiss", GeneratorConfig(players=rng.randint(14, 20), rounds=3), seed))
        r = 3
        rd = Round(t.before_round(r), r, use_b2=True)
        ids = rd.sort(t.players)
        for _ in range(3):
            # in A.2 order (by score first): players from above, residents, the levels below
            start = rng.randint(0, len(ids) // 3)
            m, n_res = rng.randint(2, 4), rng.randint(4, 7)
            movers = ids[start:start + m]
            residents = ids[start + m:start + m + n_res]
            sink = frozenset(ids[start + m + n_res:])
            found.append((rd, movers, residents, sink))
    return found


@pytest.mark.parametrize("seeds", [range(0, 6), range(6, 12)])
def test_mover_questions_answer_like_every_choice(seeds: range) -> None:
    """Against every choice one by one: some_movers_take_residents is the residual graph of
    residual_completion (every resident allowed to float) for some choice of players from
    above; some_floaters_of_each is the rest-of-round test for some set of floaters."""
    answers: set[bool] = set()
    for rd, movers, residents, sink in _heterogeneous_cases(seeds):
        ok = rd.pair_rule(2)
        rest = FloaterTest(rd, sink, False)
        for fixed_n in range(len(movers)):
            fixed, free = movers[:fixed_n], movers[fixed_n:]
            for take in range(len(free) + 1):
                for x in range(0, len(residents) - fixed_n - take + 1):
                    if (len(residents) - fixed_n - take - x) % 2:
                        continue
                    got = some_movers_take_residents(rd, fixed, free, take, residents, x, ok)
                    every = any(
                        residual_completion(rd, [*fixed, *chosen], residents, x, ok,
                                            _everyone_floats()).perfect
                        for chosen in itertools.combinations(free, take))
                    assert got == every
                    answers.add(got)
                    stay = take + fixed_n  # the movers paired: fixed and ``take`` of free
                    floats = some_floaters_of_each(rd, [], movers, stay, residents, x, sink)
                    expected = any(
                        rest(frozenset(movers) - frozenset(paired) | frozenset(fr))
                        for paired in itertools.combinations(movers, stay)
                        for fr in itertools.combinations(residents, x))
                    assert floats == expected
                    answers.add(floats)
    assert answers == {True, False}


class _EveryoneFloats(FloaterTest):
    """A look-ahead that takes any floaters (the graph of some_movers_take_residents)."""

    def __call__(self, floaters: frozenset[int]) -> bool:
        return True


def _everyone_floats() -> FloaterTest:
    return _EveryoneFloats(None, frozenset(), True)  # type: ignore[arg-type]


def _paired(t: Tournament, r: int) -> tuple[list[tuple[int, int]], int | None, str]:
    return paired_and_explained(ENGINE, t, r)


def _literal(t: Tournament, r: int, monkeypatch: pytest.MonkeyPatch
             ) -> tuple[list[tuple[int, int]], int | None, str]:
    """The round paired by the literal enumeration with no search limit: every D2 exchange,
    every choice of players from above with every residual drop, the residual's D1 search
    pruned by its own graph only."""

    def every_place(rd: Round, movers: list[int], residents: list[int], p_h: int,
                    every: list[int], *args: object):  # type: ignore[no-untyped-def]
        for places in itertools.combinations(range(len(movers)), p_h):
            yield places, every

    with monkeypatch.context() as m:
        m.setattr(level, "_mover_places", every_place)
        m.setattr(stage, "d2_splits_where", lambda n, p, maybe, calls=0: d2_splits(n, p))
        m.setattr(completion, "BothCompletions", lambda own, rest: own)
        for name in ("CANDIDATE_LIMIT", "MATCHING_WORK_LIMIT", "EXCHANGE_LIMIT",
                     "WALK_GROUP_LIMIT"):
            m.setattr(criteria, name, 10**9)
        return _paired(t, r)


@pytest.mark.parametrize("seeds", [(1, 4, 5), (11, 12, 13)])
def test_generated_rounds_paired_like_the_literal_enumeration(
        seeds: tuple[int, ...], monkeypatch: pytest.MonkeyPatch) -> None:
    for seed in seeds:
        rng = random.Random(seed)
        t = generate("elo-swiss", GeneratorConfig(players=rng.randint(10, 30),
                                                  rounds=rng.randint(4, 7)), seed)
        for r in range(2, t.rounds_paired + 1):
            assert _paired(t, r) == _literal(t, r, monkeypatch), (seed, r)


@pytest.mark.parametrize("few_leaving", [0, exchanges.FEW_LEAVING])
@pytest.mark.parametrize(("seeds", "players"), [(range(4), 16), (range(4, 6), 20)])
def test_near_miss_rounds_paired_like_the_literal_enumeration(
        seeds: range, players: int, few_leaving: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """White won 90 % of the games: heterogeneous levels that leave players from above
    unpaired and homogeneous ones whose splits mostly fail, the cases searched by families
    (the sets leaving S1 found by halving as well as asked one by one). The family searches
    and the residual's rest-of-round graph are asked (spied) and every round is alike."""
    monkeypatch.setattr(exchanges, "FEW_LEAVING", few_leaving)
    asked = {"splits": 0, "places": 0, "rest": 0}
    real_some_split = StageCompletions.some_split_bits  # what the stage asks
    real_places = level._mover_places
    real_rest = completion._residual_rest_bits

    def rest(*args, **kwargs):  # type: ignore[no-untyped-def]
        asked["rest"] += 1
        return real_rest(*args, **kwargs)

    monkeypatch.setattr(completion, "_residual_rest_bits", rest)

    def some_split(self: StageCompletions, groups):  # type: ignore[no-untyped-def]
        asked["splits"] += 1
        return real_some_split(self, groups)

    def places(*args, **kwargs):  # type: ignore[no-untyped-def]
        asked["places"] += 1
        return real_places(*args, **kwargs)

    monkeypatch.setattr(StageCompletions, "some_split_bits", some_split)
    monkeypatch.setattr(level, "_mover_places", places)
    for seed in seeds:
        t = white_mostly_wins(ENGINE, 900 + seed, players, 4)
        for r in range(2, t.rounds_paired + 2):
            assert _paired(t, r) == _literal(t, r, monkeypatch), (seed, r)
    assert asked["splits"] and asked["places"] and asked["rest"]


def _explained(t: Tournament, r: int, lang: str = "en") -> str:
    explanation = Explanation()
    ENGINE.pair(t.before_round(r), r, explanation)
    return explanation.render(lang)


def test_a_cut_stage_or_walk_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    """Truncation is not exactness: a level whose stage stopped at the exchange limit, or
    whose C12 walk stopped at the candidate limit, says so (in English and French) instead
    of presenting its pairing as the rules' choice. Near-miss event (seed 900, 16 players),
    round 4; with the real limits and the walk the same round has no such note."""
    t = white_mostly_wins(ENGINE, 900, 16, 4)
    assert "search limit" not in _explained(t, 4)
    with monkeypatch.context() as m:
        m.setattr(criteria, "EXCHANGE_LIMIT", 1)
        assert "a stage stopped after 1 exchanges" in _explained(t, 4)
        assert "une étape arrêtée après 1 échanges" in _explained(t, 4, "fr")
    with monkeypatch.context() as m:
        m.setattr(level, "_c12_walk", lambda *args, **kwargs: None)  # the literal walk
        m.setattr(criteria, "CANDIDATE_LIMIT", 2)
        text = _explained(t, 4)
        assert "search limit reached before C12 was decided" in text
        assert "no pairing here lets every floater be paired" not in text
        assert "avant que C12 soit tranché" in _explained(t, 4, "fr")
