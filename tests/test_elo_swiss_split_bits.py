"""The completion graph of a stage's S1/S2 split (C7 with C12/C13, ``StageCompletions``) on
bit sets (issue 26: the near-miss one-bracket rounds ask it for thousands of D1 branches)
against the same graph built pair by pair: the same answer to "can the rest of the round still
be paired?" for the split and after each pair the D1 search fixes, on the players of generated
events; and whole rounds paired alike with either graph."""

from __future__ import annotations

import random

import pytest

from elo_swiss_rounds import assert_paired_again_alike, pair_by_pair, shuffled_rounds, walk_both
from swisspairing.model import Colour, Tournament
from swisspairing.model.results import MIRROR, RoundEntry
from swisspairing.model.tournament import Player
from swisspairing.systems import PairingSystem, get_system
from swisspairing.systems.elo_swiss import stage
from swisspairing.systems.elo_swiss.completion import (
    BitCompletion,
    Completion,
    FloaterTest,
    StageCompletions,
)
from swisspairing.systems.elo_swiss.players import PairRule


@pytest.mark.parametrize("seed", range(12))
def test_bit_split_answers_like_the_pair_by_pair_graph(seed: int) -> None:
    seen: set[tuple[str, bool]] = set()
    for rng, rd, shuffled in shuffled_rounds(seed, (16, 40), 5, 6):
        p = rng.randint(1, max(1, len(shuffled) // 4))
        x = rng.randint(2, 4)
        s1 = rd.sort(shuffled[:p])
        s2 = rd.sort(shuffled[p: 2 * p + x])
        lower = frozenset(shuffled[2 * p + x:])
        can_float = [pid for pid in s2 if rng.random() < 0.8]
        floater_ok = FloaterTest(rd, lower, last=False)
        for up in (0, 1, 2):
            rule = rd.pair_rule(up)
            bit = StageCompletions(rd, x, rule, can_float, floater_ok).for_split(s1, s2)
            ref = StageCompletions(rd, x, pair_by_pair(rule), can_float,
                                   floater_ok).for_split(s1, s2)
            assert isinstance(bit, BitCompletion) and isinstance(ref, Completion)
            assert bit.perfect == ref.perfect
            seen.add(("start", bit.perfect))
            # the D1 search: each S1 player in turn takes an S2 player
            walk_both(rng, bit, ref, s1, s2, rule, seen)
    # the comparison met both answers (it would prove nothing otherwise)
    assert {answer for _, answer in seen} == {True, False}


def white_mostly_wins(engine: PairingSystem, seed: int, players: int, rounds: int
                      ) -> Tournament:
    """An event of ``rounds`` rounds paired by ``engine`` where White won 90 % of the games
    and the rest were drawn (the near-miss one-bracket rounds of ``benchmarks/bad_rounds.py``,
    small): levels that leave several floaters, so that the split graphs are asked."""
    rng = random.Random(seed)
    t = Tournament(name="White mostly wins")
    t.total_rounds = rounds + 4
    t.initial_colour = Colour.WHITE
    for i in range(1, players + 1):
        t.players[i] = Player(id=i, name=f"Player{i:03d}", rating=2400 - 5 * i)
    for r in range(1, rounds + 1):
        pairing = engine.pair(t, r)
        if pairing.bye is not None:
            t.players[pairing.bye].set_entry(r, RoundEntry.bye("U"))
        for b in pairing.boards:
            code = "1" if rng.random() < 0.9 else "="
            t.players[b.white].set_entry(r, RoundEntry.game(b.black, Colour.WHITE, code))
            t.players[b.black].set_entry(r, RoundEntry.game(b.white, Colour.BLACK,
                                                            MIRROR[code]))
    return t


@pytest.mark.parametrize("seed", range(3))
def test_engine_pairs_the_same_with_either_split_graph(seed: int,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """Whole rounds paired with the bit-set split graph and with the pair-by-pair one: the
    same boards and bye (and the split graphs were used)."""
    engine = get_system("elo-swiss")
    t = white_mostly_wins(engine, 200 + seed, 60, 5)
    fast = [engine.pair(t.before_round(r), r) for r in range(1, t.rounds_paired + 2)]
    used = []

    class Slow(StageCompletions):
        def for_split(self, s1: list[int], s2: list[int]) -> Completion | BitCompletion:
            used.append(1)
            self.ok = pair_by_pair(self.ok) if isinstance(self.ok, PairRule) else self.ok
            return super().for_split(s1, s2)

    monkeypatch.setattr(stage, "StageCompletions", Slow)
    assert_paired_again_alike(engine, t, fast)
    assert used
