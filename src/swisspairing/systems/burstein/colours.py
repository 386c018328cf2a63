"""Colours of a Burstein pair, 5.2.1-5.2.5, and what C8 counts."""

from __future__ import annotations

from ...model import Colour
from .players import BursteinPlayer, ranking_key

WHITE, BLACK = Colour.WHITE, Colour.BLACK


def allocate_colours(a: BursteinPlayer, b: BursteinPlayer, initial: Colour
                     ) -> tuple[int, int, str]:
    """(white id, black id, rule) for the pair a-b by 5.2.1-5.2.5. "Higher-ranked" is by the
    ranking order of 1.8 (Index, then TPN)."""
    hi, lo = (a, b) if ranking_key(a) < ranking_key(b) else (b, a)

    def give(p: BursteinPlayer, colour: Colour, rule: str) -> tuple[int, int, str]:
        other = lo if p is hi else hi
        return (p.id, other.id, rule) if colour is WHITE else (other.id, p.id, rule)

    # 5.2.1 neither has played: the higher-ranked player gets the initial colour if its TPN is
    # odd, the other colour if it is even
    if not hi.colours and not lo.colours:
        return give(hi, initial if hi.id % 2 == 1 else initial.opposite, "5.2.1")
    # 5.2.2 grant both preferences (a player without a preference lets the other's be granted,
    # 1.5.4)
    if hi.preference is None or lo.preference is None or hi.preference is not lo.preference:
        p = hi if hi.preference is not None else lo
        return give(p, p.preference, "5.2.2")  # type: ignore[arg-type]
    # 5.2.3 grant the stronger preference
    if hi.strength is not lo.strength:
        p = hi if hi.strength.value > lo.strength.value else lo
        return give(p, p.preference, "5.2.3")  # type: ignore[arg-type]
    # 5.2.4 alternate from the most recent round where one had White and the other Black
    # (played games only, aligned from the end: GHR 3.4)
    for ch, cl in zip(reversed(hi.colours), reversed(lo.colours), strict=False):
        if ch is not cl:
            return give(hi, ch.opposite, "5.2.4")
    # 5.2.5 the preference of the higher-ranked player
    return give(hi, hi.preference, "5.2.5")


def misses_preference(a: BursteinPlayer, b: BursteinPlayer) -> bool:
    """C8: whether one player of the pair does not get its colour preference. With 5.2, two
    different preferences (or a player without one, 1.5.4) are all granted; two equal ones
    leave exactly one player without it."""
    return a.preference is not None and a.preference is b.preference
