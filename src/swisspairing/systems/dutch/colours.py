"""Colours: allocation of E.1-E.5 (2025 5.2.1-5.2.5, 2012 E1-E5), the number whose parity E.5
looks at, the initial colour, and the colour counts the criteria use (C.10/C.11, 2012 A8)."""

from __future__ import annotations

from ...model import Colour, Tournament
from ...model.results import ResultKind
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
    # The number counted by e5_pairing_numbers (docs/dutch.md 5.1).
    odd = hi.paired_number % 2 == 1
    return give(hi, initial if odd else initial.opposite, "E.5")


def arrived_players(t: Tournament, round_number: int, paired_now: set[int]) -> set[int]:
    """The players who hold a place in the pairing-number count of E.5 in ``round_number``:
    those paired in it (``paired_now``) and those paired in an earlier round (a game, a
    forfeit, or the pairing-allocated bye). A player never paired so far has not arrived
    (C.04.2 C.2 / GHR 2.4: a late entry is given a pairing number and paired only when he
    arrives), so he is left out; one who has been paired keeps his place while absent."""
    arrived = set(paired_now)
    for pid, player in t.players.items():
        if pid in arrived:
            continue
        for r in range(1, round_number):
            e = player.entry(r)
            if e is not None and (e.opponent != 0 or e.kind is ResultKind.PAIRING_BYE):
                arrived.add(pid)
                break
    return arrived


def e5_pairing_numbers(t: Tournament, round_number: int, players: list[PairingPlayer],
                       edition: int) -> None:
    """Set the number whose parity E.5 (2025 5.2.5, 2012 E5) looks at (docs/dutch.md 5.1).

    2017 E.5 / 2025 5.2.5: the position in pairing-number order among the players who have
    arrived (:func:`arrived_players`). 2012 E5 ("tous les joueurs pairs de S1 recevront une
    couleur différente de tous les joueurs impairs de S1") numbers the players of S1: the
    position in the A2 order within the player's own scoregroup. ``players`` is in A.2 order.
    """
    if edition == 2012:
        place_in_group = 0
        for i, p in enumerate(players):
            place_in_group = 1 if i == 0 or players[i - 1].score != p.score else place_in_group + 1
            p.paired_number = place_in_group
        return
    arrived = arrived_players(t, round_number, {p.id for p in players})
    number = {pid: n for n, pid in enumerate(sorted(arrived), start=1)}
    for p in players:
        p.paired_number = number[p.id]


def colour_misses(u: PairingPlayer, v: PairingPlayer) -> tuple[int, int]:
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
