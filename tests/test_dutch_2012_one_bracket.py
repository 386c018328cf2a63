"""2012: the lowest bracket made homogeneous by A3 whose lower half may not meet itself
(``completing.lowest_bracket_one_colour_2012``, docs/dutch.md section 8.2; issue 26, the
one-bracket round at 1,000 players) gives the pairing of the full weighted matchings.

* random small lowest brackets built by hand (S1 of one or several higher scores, any colour
  preferences and float histories; S2 of one score, all with the same absolute preference, or
  not, to cover the scope's edges; random earlier games between them; odd and even rounds for
  A7.d) paired with and without the shortcut;
* round 3 of generated events where White won (almost) every game, paired both ways.
"""

from __future__ import annotations

import random

import pytest

from shortcut_helpers import (
    Spy,
    StandIn,
    drawn_near_miss_rounds,
    paired_alike_without,
    settled,
    solved_alike_without,
)
from swisspairing.model import Colour
from swisspairing.model.state import Float
from swisspairing.systems import dutch, get_system
from swisspairing.systems.dutch import completing
from test_dutch_completing import KINDS

FLOATS = [None, None, Float.DOWN, Float.UP]


def _player(i: int, score: int, kind: tuple[Colour | None, int], opponents: set[int],
            float1: Float | None, float2: Float | None) -> dutch.PairingPlayer:
    return dutch.PairingPlayer(i, score, (), frozenset(opponents), kind[0], kind[1], 0,
                               float1, float2, True, False, 0, rank=i)


def _random_lowest_bracket(rng: random.Random) -> tuple[list[dutch.PairingPlayer], set[int]]:
    """S1 (higher scores, A2 order) then S2 (one score); the MDPs' ids (S1's players of scores
    above the bracket's residents, so that A3 applies: they are half the bracket)."""
    k = rng.randint(1, 6)
    s1_scores = sorted((rng.choice([10, 10, 15, 20]) for _ in range(k)), reverse=True)
    absolute = rng.choice([Colour.WHITE, Colour.BLACK])
    s2_kinds = [(absolute, 3)] * k
    if rng.random() < 0.2:  # out of scope: an S2 player who may meet the others
        s2_kinds[rng.randrange(k)] = rng.choice(KINDS)
    kinds = [rng.choice(KINDS) for _ in range(k)] + s2_kinds
    scores = s1_scores + [0] * k
    met: dict[int, set[int]] = {i: set() for i in range(2 * k)}
    for a in range(k):
        for b in range(k, 2 * k):
            if rng.random() < 0.3:
                met[a].add(b)
                met[b].add(a)
    players = [_player(i, scores[i], kinds[i], met[i], rng.choice(FLOATS), rng.choice(FLOATS))
               for i in range(2 * k)]
    return players, {p.id for p in players[:k] if p.score > 0}


def test_one_colour_lowest_bracket_gives_the_pairing_of_the_full_matchings(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Random small lowest brackets, each paired by ``PairingRound.solve`` with the shortcut and
    without it (the weighted matchings of ``CRITERIA_2012``): the same pairs and players left
    over every time; the shortcut settles most of them (the others are out of its scope)."""
    used = solved_alike_without(
        random.Random(2012), 400, _random_lowest_bracket, monkeypatch,
        [Spy(completing, "lowest_bracket_one_colour_2012",
             lambda out, ctx: "shortcut" if out is not None else "matchings")],
        [StandIn(completing, "lowest_bracket_one_colour_2012", lambda ctx: None)])
    assert used["shortcut"] > 150 and used["matchings"] > 30, used
    print(dict(used))


def test_one_bracket_round_3_gives_the_pairing_of_the_full_matchings(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Round 3 of generated 2012 events (White won every game, or 90-95 % of them) paired with
    and without the shortcut: the same boards and bye; with White winning everything the
    shortcut pairs the lowest bracket (the 1-point players the PPB floats down, all of them
    with the 0-point players who must have White)."""
    rounds = drawn_near_miss_rounds("dutch-2012", random.Random(26), 24,
                                    [8, 12, 16, 20, 24, 28, 32, 40, 48],
                                    [1.0, 1.0, 1.0, 0.95, 0.9])
    used = paired_alike_without(
        get_system("dutch-2012"), rounds, monkeypatch,
        [Spy(completing, "lowest_bracket_one_colour_2012", settled("shortcut"))],
        [StandIn(completing, "lowest_bracket_one_colour_2012", lambda ctx: None)])
    assert used["shortcut"] > 8, used
    print(dict(used))
