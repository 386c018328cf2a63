"""Round-robin tournaments paired by the Berger tables (FIDE C.05 Annex 1).

A round-robin is not paired from the standings: every round is fixed in advance by the table
(:mod:`.berger`) once the players have their pairing numbers, drawn by lot before round 1
(:func:`draw_lots`). ``pair`` therefore only looks up the round: the players' numbers are the
Berger numbers, the highest table number is the rest of the round when the number of players is
odd, and in a double round-robin the second cycle reverses the colours of the first (with the
last two rounds of the first cycle exchanged, C.05 Annex 1's recommendation).

Players known to miss a round (``XXZ``/``240``, a withdrawal) keep their scheduled game: in a
round-robin the game is lost by forfeit (C.07 15.2: a forfeit is the only unplayed game of a
pre-determined pairing), and the pairing says so in its warnings.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from ...errors import BadRequest
from ...model import Board, Pairing, Tournament
from ..explain import Explanation
from .berger import MAX_PLAYERS, MIN_PLAYERS, cycle_round, rounds_per_cycle, scheduled_games

__all__ = ["DOUBLE_ROUND_ROBIN", "ROUND_ROBIN", "RoundRobinSystem", "draw_lots"]


@dataclass(frozen=True, slots=True)
class RoundRobinSystem:
    """Single (``cycles=1``) or double (``cycles=2``) round-robin by the Berger tables."""

    name: str
    cycles: int

    def rounds(self, players: int) -> int:
        """How many rounds the event has: every player meets every other ``cycles`` times."""
        return rounds_per_cycle(players) * self.cycles

    def pair(self, tournament: Tournament, round_number: int | None = None,
             explain: Explanation | None = None) -> Pairing:
        r = tournament.next_round if round_number is None else round_number
        players = _berger_numbers(tournament)
        total = self.rounds(players)
        if not 1 <= r <= total:
            raise BadRequest(f"a {self.label_en} of {players} players has {total} rounds: "
                             f"round {r} does not exist")
        table_round, reversed_colours = cycle_round(players, self.cycles, r)
        pairing = Pairing(round_number=r)
        missing = tournament.not_paired_in(r)
        for game in scheduled_games(players, self.cycles, r):
            if game.white > players or game.black > players:  # the rest of the round
                resting = game.black if game.white > players else game.white
                pairing.unpaired[resting] = "Z"
                continue
            pairing.boards.append(Board(game.white, game.black))
            for pid in (game.white, game.black):
                if pid in missing:
                    pairing.warnings.append(
                        f"player {pid} does not play round {r} ({missing[pid]}): in a "
                        "round-robin the scheduled game is lost by forfeit (C.07 15.2)")
        if explain is not None:
            cycle = " of the second cycle, colours reversed" if reversed_colours else ""
            cycle_fr = " du second cycle, couleurs inversées" if reversed_colours else ""
            explain.add(
                f"Round {r}: round {table_round} of the Berger table for {players} players"
                f"{cycle} (C.05 Annex 1)",
                f"Ronde {r} : ronde {table_round} de la table de Berger pour {players} joueurs"
                f"{cycle_fr} (C.05 annexe 1)", rule="C.05 Annex 1")
            if self.cycles == 2 and r in (rounds_per_cycle(players) - 1,
                                          rounds_per_cycle(players)) and players > 3:
                explain.add(
                    "The last two rounds of the first cycle are exchanged (C.05 Annex 1)",
                    "Les deux dernières rondes du premier cycle sont interverties "
                    "(C.05 annexe 1)", level=1, rule="C.05 Annex 1")
            for pid in sorted(pairing.unpaired):
                explain.add(f"Player {pid} rests (odd number of players)",
                            f"Le joueur {pid} est exempt (nombre impair de joueurs)",
                            level=1, rule="C.05 Annex 1")
        return pairing

    @property
    def label_en(self) -> str:
        return "double round-robin" if self.cycles == 2 else "round-robin"


def _berger_numbers(tournament: Tournament) -> int:
    """The number of players, checking that their pairing numbers are 1..n (the numbers drawn
    for the Berger table)."""
    ids = sorted(tournament.players)
    n = len(ids)
    if ids != list(range(1, n + 1)):
        raise BadRequest("a round-robin needs pairing numbers 1 to "
                         f"{n} without gaps (the numbers drawn for the Berger table); the file "
                         f"has {_short(ids)}")
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise BadRequest(f"a round-robin is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {n}")
    return n


def _short(ids: Sequence[int]) -> str:
    return ", ".join(map(str, ids[:12])) + (" ..." if len(ids) > 12 else "")


def draw_lots(player_ids: Sequence[int], rng: random.Random | None = None) -> dict[int, int]:
    """The drawing of lots for the pairing numbers of a round-robin (FIDE Tournament Rules,
    "Drawing of lots": each player draws the number he plays under in the Berger table):
    player id -> number 1..n, at random."""
    numbers = list(range(1, len(player_ids) + 1))
    (rng or random.SystemRandom()).shuffle(numbers)
    return dict(zip(player_ids, numbers, strict=True))


ROUND_ROBIN = RoundRobinSystem("round-robin", cycles=1)
DOUBLE_ROUND_ROBIN = RoundRobinSystem("double-round-robin", cycles=2)
