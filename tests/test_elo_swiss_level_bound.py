"""One test for every S1/S2 split of a level (issue 26): ``Round.level_with_rest`` against
every way of pairing a small level (each set of players left unpaired, the rest paired among
themselves as the level's rule allows, the unpaired ones all allowed to float and passing
``Round.completable`` with the lower levels), and whole near-miss rounds paired alike with and
without the test in ``stage.pair_stage`` (pairs, colours, bye and explanations)."""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence

import pytest

from elo_swiss_rounds import assert_paired_again_alike, shuffled_rounds
from graph_helpers import perfect_matchings
from swisspairing.model import Colour, Tournament
from swisspairing.model.results import MIRROR, RoundEntry
from swisspairing.model.state import Float
from swisspairing.model.tournament import Player
from swisspairing.systems import PairingSystem, get_system
from swisspairing.systems.elo_swiss.players import PairRule, Round
from swisspairing.systems.explain import Explanation


def pairable(players: Sequence[int], ok: PairRule) -> bool:
    """Whether ``players`` can all be paired among themselves under ``ok`` (brute force)."""
    return next(perfect_matchings(list(players), ok), None) is not None


def every_way(rd: Round, level: list[int], can_float: frozenset[int], ok: PairRule,
              sink: frozenset[int]) -> bool:
    """Some set ``f`` of floaters (all in ``can_float``) leaves players paired in the level
    and, with ``sink``, completable: what any candidate of any ``p`` and split is."""
    for k in range(len(level) + 1):
        for f in itertools.combinations(level, k):
            if not set(f) <= can_float:
                continue
            if pairable([p for p in level if p not in f], ok) and rd.completable(
                    frozenset(f) | sink):
                return True
    return False


@pytest.mark.parametrize("seeds", [range(0, 6), range(6, 12)])
def test_level_test_answers_like_every_way_of_pairing_the_level(seeds: range) -> None:
    answers: set[bool] = set()
    for seed in seeds:
        for rng, rd, shuffled in shuffled_rounds(seed, (12, 18), 4, 6):
            cut = rng.randint(2, min(8, len(shuffled) - 2))
            level = rd.sort(shuffled[:cut])
            sink = frozenset(shuffled[cut:][: rng.randint(0, len(shuffled) - cut)])
            down, up = rng.randint(0, 2), rng.randint(0, 2)
            floatable = rd.may_float_mask(Float.DOWN, down)
            can_float = frozenset(p for p in level
                                  if (floatable >> p) & 1 and rng.random() < 0.8)
            ok = rd.pair_rule(up)
            got = rd.level_with_rest(level, can_float, ok, sink)
            assert got == every_way(rd, level, can_float, ok, sink)
            answers.add(got)
    assert answers == {True, False}  # both answers were compared


def near_miss(engine: PairingSystem, seed: int, players: int, white_wins: float
              ) -> Tournament:
    """The near-miss event of ``benchmarks/one_bracket.py`` before round 3, small: White won
    each game of rounds 1-2 with probability ``white_wins``, else Black won or it was drawn
    (equal chances). The 2-point level then holds mostly WW players who may not meet (B2)
    and more players than the next level can take: C12's walk asks many stages."""
    rng = random.Random(seed)
    t = Tournament(name="Near miss")
    t.total_rounds = 9
    t.initial_colour = Colour.WHITE
    for i in range(1, players + 1):
        t.players[i] = Player(id=i, name=f"Player{i:03d}", rating=2600 - i)
    for r in (1, 2):
        pairing = engine.pair(t, r)
        if pairing.bye is not None:
            t.players[pairing.bye].set_entry(r, RoundEntry.bye("U"))
        for b in pairing.boards:
            code = "1" if rng.random() < white_wins else rng.choice(["0", "="])
            t.players[b.white].set_entry(r, RoundEntry.game(b.black, Colour.WHITE, code))
            t.players[b.black].set_entry(r, RoundEntry.game(b.white, Colour.BLACK,
                                                            MIRROR[code]))
    return t


@pytest.mark.parametrize(("seed", "white_wins"), [(1, 0.85), (2, 0.85), (1, 0.92)])
def test_rounds_paired_alike_with_and_without_the_level_test(
        seed: int, white_wins: float, monkeypatch: pytest.MonkeyPatch) -> None:
    engine = get_system("elo-swiss")
    t = near_miss(engine, seed, 40, white_wins)
    rounds = range(1, 4)
    said: list[bool] = []
    real = Round.level_with_rest

    def spy(self: Round, *args: object) -> bool:
        answer = real(self, *args)  # type: ignore[arg-type]
        said.append(answer)
        return answer

    monkeypatch.setattr(Round, "level_with_rest", spy)
    notes = [Explanation() for _ in rounds]
    fast = [engine.pair(t.before_round(r), r, e) for r, e in zip(rounds, notes, strict=True)]
    assert False in said  # the test cut some stage short
    monkeypatch.setattr(Round, "level_with_rest", lambda self, *args: True)
    assert_paired_again_alike(engine, t, fast, notes)
