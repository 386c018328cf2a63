"""The Lim system object (:data:`LIM`; ``LimSystem(maxi=True)`` for super-tournaments)."""

from __future__ import annotations

from ...model import Pairing, Tournament
from ..explain import Explanation
from .round import LimRound


class LimSystem:
    """The Lim system. ``maxi`` applies the 100-point rules of super-tournaments (art. 10.2,
    10.8, 12.7); the text never defines a maxi-tournament, so it is an explicit setting."""

    def __init__(self, name: str = "lim", maxi: bool = False) -> None:
        self.name = name
        self.maxi = maxi

    def pair(
        self,
        tournament: Tournament,
        round_number: int | None = None,
        explain: Explanation | None = None,
    ) -> Pairing:
        r = tournament.next_round if round_number is None else round_number
        return LimRound(self, tournament, r, explain).run()


LIM = LimSystem()
