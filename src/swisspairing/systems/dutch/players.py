"""The players as the Dutch engine sees them (one record per player to pair in the round)."""

from __future__ import annotations

from dataclasses import dataclass

from ...model import Colour
from ...model.state import Float, PreferenceStrength

ABSOLUTE = PreferenceStrength.ABSOLUTE.value
STRONG = PreferenceStrength.STRONG.value


@dataclass(eq=False, slots=True)
class PairingPlayer:
    """A player to pair: the shared state plus what the Dutch criteria ask of it."""

    id: int
    score: int  # pairing score in tenths of a point
    colours: tuple[Colour, ...]
    opponents: frozenset[int]
    pref: Colour | None
    strength: int  # PreferenceStrength value
    cd: int
    float1: Float | None  # float of the previous round
    float2: Float | None  # float two rounds before
    bye_ok: bool
    topscorer: bool
    unplayed: int
    rank: int = 0  # position in the A.2 order of the round
    #: E.5 / 5.2.5 pairing number: position (1 = first) in pairing-number order among the
    #: players who have arrived (paired in this round or an earlier one); 2012 E5: position in
    #: its scoregroup (``colours.e5_pairing_numbers``, ``docs/dutch.md`` section 5.1)
    paired_number: int = 0
    #: 2012 B1.b: rounds in which the player scored (1 or 1/2 point) without playing
    scored_unplayed: int = 0

    def one_absolute(self, colour: Colour) -> bool:
        """A non-topscorer with an absolute preference for ``colour`` (C.3 / [C3]: two such
        players may not meet)."""
        return self.strength == ABSOLUTE and self.pref is colour and not self.topscorer

    def __repr__(self) -> str:  # pragma: no cover - debugging aid
        return f"PairingPlayer({self.id}, {self.score / 10:g})"


def _tenths(x: float) -> int:
    return round(x * 10)
