"""Colour allocation of the Double-Swiss system (C.04.5 Art. 4): the colour of game 1 of each
match, given after the whole round is paired (3.3.2 step 4); game 2 has the other colour (4.4).

Numbering of 4.2-4.3 per ``../shared/rules/double-swiss.md`` 5 (not verified on the handbook
page, see ``docs/double-swiss.md``).
"""

from __future__ import annotations

from ...model import Colour
from .players import DoubleSwissPlayer

#: the rule of Art. 4 that decided a pair, with its English and French statement
COLOUR_RULES = {
    "4.3.1": ("neither player has had a colour yet: the higher-ranked player gets the initial "
              "colour when its TPN is odd, the other colour when it is even",
              "aucun des deux joueurs n'a encore eu de couleur : le mieux classé reçoit la "
              "couleur initiale si son numéro est impair, l'autre s'il est pair"),
    "4.3.2": ("White to the player who had White in fewer matches",
              "les Blancs au joueur qui a eu les Blancs dans le moins de matchs"),
    "4.3.3": ("alternate from the last match in which one had White and the other Black",
              "alternance depuis le dernier match où l'un avait les Blancs et l'autre les Noirs"),
    "4.3.4": ("alternate the higher-ranked player's colour of its last match",
              "alternance de la couleur du dernier match du mieux classé"),
    "4.3.5": ("alternate the opponent's colour of its last match",
              "alternance de la couleur du dernier match de l'adversaire"),
}


def higher_ranked(a: DoubleSwissPlayer, b: DoubleSwissPlayer) -> tuple[DoubleSwissPlayer,
                                                                         DoubleSwissPlayer]:
    """(HRP, other) (4.2): the higher (pairing) score, then the smaller TPN."""
    if (-a.score, a.id) <= (-b.score, b.id):
        return a, b
    return b, a


def allocate(a: DoubleSwissPlayer, b: DoubleSwissPlayer, initial: Colour
             ) -> tuple[int, int, str]:
    """(White of game 1, Black of game 1, rule) for the pair ``a``-``b`` (4.3.1-4.3.5)."""
    hrp, other = higher_ranked(a, b)

    def give(player: DoubleSwissPlayer, colour: Colour, rule: str) -> tuple[int, int, str]:
        mate = other if player is hrp else hrp
        if colour is Colour.WHITE:
            return player.id, mate.id, rule
        return mate.id, player.id, rule

    if not hrp.colours and not other.colours:  # 4.3.1
        colour = initial if hrp.id % 2 == 1 else initial.opposite
        return give(hrp, colour, "4.3.1")
    if hrp.whites != other.whites:  # 4.3.2
        fewer = hrp if hrp.whites < other.whites else other
        return give(fewer, Colour.WHITE, "4.3.2")
    # 4.3.3: histories aligned at their last match (GHR 3.4), walked backwards
    for ch, co in zip(reversed(hrp.colours), reversed(other.colours), strict=False):
        if ch != co:
            return give(hrp, ch.opposite, "4.3.3")
    if hrp.colours:  # 4.3.4
        return give(hrp, hrp.colours[-1].opposite, "4.3.4")
    return give(other, other.colours[-1].opposite, "4.3.5")
