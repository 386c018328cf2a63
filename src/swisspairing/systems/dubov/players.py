"""The players of a Dubov round: ARO (1997 art. 1 CMA; 2026 1.7), due colour (1997 art. 1;
2026 1.6), the colour limits (1997 art. 2.3/2.4; 2026 C3), floats and bye eligibility."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...model import Colour
from ...model.state import ColourPreference, PlayerState

WHITE, BLACK = Colour.WHITE, Colour.BLACK


@dataclass(frozen=True, slots=True)
class DubovPlayer:
    """What both Dubov texts need to know about a player before the round.

    * ``aro``: average rating of the opponents met over the board (1997 art. 1 "CMA";
      2026 1.7 ARO, rounded, .5 up, 0 before the first game);
    * ``preference``/``strength``: the due colour (1997 art. 1; 2026 1.6), strength 3 absolute,
      2 strong, 1 mild;
    * ``can_white``/``can_black``: whether the colour keeps the colour difference within +-2
      and avoids three equal colours in a row (1997 art. 2.3, 2.4; 2026 C3);
    * ``upfloats``: rounds in which the player was paired against a higher pairing score;
      ``upfloated_last`` whether that happened in the previous round (1997 art. 2.5; 2026
      1.8, C8-C10); ``downfloats``: the opposite (1997 art. 6.4 "flotteur provenant d'un
      groupe supérieur");
    * ``bye_ineligible``: had a pairing-allocated bye or scored a win's points without playing
      (1997 art. 2.2; 2026 C2 = C.04.1 Art. 4).
    """

    id: int
    name: str
    rating: int
    rank: int
    score: float
    aro: float
    colours: tuple[Colour, ...]
    opponents: frozenset[int]
    preference: Colour
    strength: int
    can_white: bool
    can_black: bool
    upfloats: int
    upfloated_last: bool
    downfloats: int
    bye_ineligible: bool

    @property
    def games(self) -> int:
        return len(self.colours)

    @property
    def colour_difference(self) -> int:
        return sum(1 if c is WHITE else -1 for c in self.colours)

    def label(self) -> str:
        return f"{self.id}"


def due_colour(pref: ColourPreference) -> tuple[Colour, int]:
    """Due colour and strength (3 absolute, 2 strong, 1 mild) from the model's preference.

    The model computes 2026 1.6.1-1.6.3 (the Dutch definitions, identical here; 1997 art. 1
    gives the same colour). 1.6.4: a player with no game yet has a mild preference for Black;
    1997 art. 1 defines nothing for him and we use Black too (docs/dubov.md).
    """
    if pref.colour is None:
        return BLACK, 1
    return pref.colour, pref.strength.value


def preference_of(colours: Sequence[Colour]) -> tuple[Colour, int]:
    """:func:`due_colour` of a played-colour history (for tests and explanations)."""
    state = PlayerState(0, 0, 0.0, 0.0, tuple(colours), frozenset(), ())
    return due_colour(state.preference)


def allowed_colours(colours: Sequence[Colour]) -> tuple[bool, bool]:
    """(can take White, can take Black) under 1997 art. 2.3/2.4 and 2026 C3."""
    cd = sum(1 if c is WHITE else -1 for c in colours)
    two_white = len(colours) >= 2 and colours[-1] is WHITE and colours[-2] is WHITE
    two_black = len(colours) >= 2 and colours[-1] is BLACK and colours[-2] is BLACK
    return (cd < 2 and not two_white), (cd > -2 and not two_black)


def average_rating_of_opponents(state: PlayerState, ratings: dict[int, int],
                                rounded: bool) -> float:
    """ARO / CMA: mean rating of the opponents met over the board (1997 art. 1; 2026 1.7).

    2026 1.7.1 rounds to the nearest integer, .5 up; 1.7.3 ARO = 0 without a game. The 1997
    text does not round (its example shows one decimal), so the exact mean is kept.
    """
    opps = [r.opponent for r in state.rounds if r.is_played and r.opponent in ratings]
    if not opps:
        return 0.0
    total = sum(ratings[o] for o in opps)
    if rounded:
        return float((2 * total + len(opps)) // (2 * len(opps)))  # .5 rounded up
    return total / len(opps)
