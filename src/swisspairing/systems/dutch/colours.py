"""Colours: allocation of E.1-E.5 (2025 5.2.1-5.2.5, 2012 E1-E5), the initial colour, and the
colour counts the criteria use (C.10/C.11, 2012 A8)."""

from __future__ import annotations

from ...model import Colour, Tournament
from ...model.state import PreferenceStrength
from .players import ABSOLUTE, STRONG, PairingPlayer


def a8_x1_z1(players: list[PairingPlayer], round_number: int) -> tuple[int, int | None]:
    """2012 A8: X1, the fewest pairs of a bracket that cannot respect every colour preference,
    and (even rounds) Z1, the fewest that cannot respect every strong one, as the text
    computes them from counts (lower bounds: the engine finds the true minimum by matching).

    ``P0`` = half the players (A6.b); ``B``/``N`` players preferring White/Black; ``a`` players
    without a game; ``b``/``n`` (even rounds, A7.e) players with an odd number of unplayed games
    and a mild White/Black preference. Returns ``(X1, Z1)``, ``Z1`` None in odd rounds.
    """
    p0 = len(players) // 2
    white = sum(1 for p in players if p.pref is Colour.WHITE)
    black = sum(1 for p in players if p.pref is Colour.BLACK)
    a = sum(1 for p in players if not p.colours)
    even = round_number % 2 == 0
    b = n = 0
    if even:
        mild = [p for p in players if p.strength == PreferenceStrength.MILD.value
                and p.unplayed % 2 == 1]
        b = sum(1 for p in mild if p.pref is Colour.WHITE)
        n = sum(1 for p in mild if p.pref is Colour.BLACK)
    x1 = p0 - white - b - a if black + n > white + b else p0 - black - n - a
    if not even:
        return max(0, x1), None
    z1 = p0 - white - n - b - a if black > white else p0 - black - n - b - a
    return max(0, x1), max(0, z1)


def allocate_colours(a: PairingPlayer, b: PairingPlayer, initial: Colour, *,
                     topscorer_rule: bool = True
                     ) -> tuple[PairingPlayer, PairingPlayer, str]:
    """(white, black, rule) for the pair a-b by E.1-E.5. ``a``/``b`` in any order."""
    hi, lo = (a, b) if a.rank < b.rank else (b, a)

    def give(p: PairingPlayer, colour: Colour, rule: str
             ) -> tuple[PairingPlayer, PairingPlayer, str]:
        other = lo if p is hi else hi
        return (p, other, rule) if colour is Colour.WHITE else (other, p, rule)

    # E.1 grant both colour preferences
    if hi.pref is not None and lo.pref is not None and hi.pref is not lo.pref:
        return give(hi, hi.pref, "E.1")
    if hi.pref is not None and lo.pref is None:
        return give(hi, hi.pref, "E.1")
    if lo.pref is not None and hi.pref is None:
        return give(lo, lo.pref, "E.1")
    if hi.pref is not None and lo.pref is not None:
        # E.2 grant the stronger preference; both absolute (topscorers): the wider difference
        if hi.strength != lo.strength:
            p = hi if hi.strength > lo.strength else lo
            return give(p, p.pref, "E.2")  # type: ignore[arg-type]
        if hi.strength == ABSOLUTE and abs(hi.cd) != abs(lo.cd):
            p = hi if abs(hi.cd) > abs(lo.cd) else lo
            return give(p, p.pref, "E.2")  # type: ignore[arg-type]
    # E.3 alternate from the most recent round where one had white and the other black
    # (played games only, aligned from the end: C.04.2 D.5)
    for ca, cb in zip(reversed(hi.colours), reversed(lo.colours), strict=False):
        if ca is not cb:
            return give(hi, ca.opposite, "E.3")
    # E.4 the preference of the higher ranked player
    if hi.pref is not None:
        return give(hi, hi.pref, "E.4")
    # E.5 (2025 5.2.5, 2012 E5) odd pairing number: the initial colour; even: the other one.
    # The pairing number counts only the players paired in the round (docs/dutch.md 5.1).
    odd = hi.paired_number % 2 == 1
    return give(hi, initial if odd else initial.opposite, "E.5")


def _colour_misses(u: PairingPlayer, v: PairingPlayer) -> tuple[int, int]:
    """(preferences missed, strong preferences missed) by the pair u-v under E.1-E.5, when no
    topscorer rule applies: two different (or missing) preferences are all granted; of two
    equal ones one is missed, that of the weaker (E.2) or, at equal strength, one as strong, so
    the weaker strength tells whether a strong preference is missed."""
    if u.pref is not None and u.pref is v.pref:
        return 1, int(min(u.strength, v.strength) >= STRONG)
    return 0, 0


def initial_colour(t: Tournament) -> Colour:
    """The initial colour (E.5): from XXC/152; else inferred from round 1; else White."""
    if t.initial_colour is not None:
        return t.initial_colour
    return t.inferred_initial_colour() or Colour.WHITE
