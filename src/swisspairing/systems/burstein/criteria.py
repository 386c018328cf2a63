"""The quality criteria of a Burstein bracket, in priority order (3.2: "the pairing that best
meets C5-C8", C4 first; among equals the first in the order of 4.3), as named data.

:mod:`.weights` turns them into the digits of one matching weight; :mod:`.ideal` into upper
bounds an ideal candidate must reach; the explanation names the first criterion a forced
alternative loses on (:meth:`Digits.first_difference`).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Criterion:
    """One criterion: its name, the rule it applies, and why a player floats because of it
    (English, French)."""

    name: str
    rule: str
    floats_en: str
    floats_fr: str


#: C4 (completion, 3.2) and C5 (the most pairs): one reason to float
COMPLETION = Criterion(
    "C4/C5", "C4, C5",
    "with it paired, fewer pairs (or none that completes the round) are possible",
    "s'il était apparié, moins de paires (ou aucun appariement complet) seraient possibles")
#: C6: the fewest floaters from the highest scores
SCORES = Criterion(
    "C6", "C6", "with it paired, a higher score would have to float",
    "s'il était apparié, un score plus élevé devrait flotter")
#: C7: the following bracket paired as well as possible (its C5, C6, and its C4)
FOLLOWING = Criterion(
    "C7", "C7", "with it paired, the following bracket would be paired worse (fewer pairs or "
    "higher floaters)",
    "s'il était apparié, le groupe suivant serait moins bien apparié (moins de paires ou "
    "flotteurs plus élevés)")
#: C8: the most pairs in which both players get their colour preference (5.2)
COLOURS = Criterion(
    "C8", "C8", "with it paired, more players would miss their colour preference",
    "s'il était apparié, plus de joueurs manqueraient leur préférence de couleur")
#: 4.3: among equal pairings, the first in the order of 4.3
ORDER = Criterion(
    "4.3", "4.3", "the pairings of equal quality with it paired come later in the order of 4.3",
    "les appariements de même qualité où il est apparié viennent plus tard dans l'ordre de 4.3")

#: C4/C5 or C6, not told apart (issue 26, large brackets): every player of its score floats, so
#: with it paired either fewer pairs complete the round or a higher score floats
COMPLETION_OR_SCORES = Criterion(
    "C4/C5/C6", "C4, C5, C6",
    "with it paired, fewer pairs (or none that completes the round) would be possible, or a "
    "higher score would have to float",
    "s'il était apparié, moins de paires (ou aucun appariement complet) seraient possibles, "
    "ou un score plus élevé devrait flotter")
#: the criterion was not worked out (issue 26, large brackets): the pairing is still the best
NOT_WORKED_OUT = Criterion(
    "C4-C8, 4.3", "C4-C8, 4.3",
    "left over by the best pairing of the bracket (C4-C8, 4.3); which criterion keeps it from "
    "being paired was not worked out for a bracket this large",
    "laissé de côté par le meilleur appariement du groupe (C4-C8, 4.3) ; le critère qui "
    "l'empêche d'être apparié n'a pas été déterminé pour un groupe aussi grand")

#: highest priority first
CRITERIA = (COMPLETION, SCORES, FOLLOWING, COLOURS, ORDER)


def multipliers(radices: list[int]) -> list[int]:
    """Place values of a mixed-radix number whose digits ``radices`` lists from the highest
    priority to the lowest: each radix is one more than the largest total its digit can reach,
    so a higher digit always outweighs every lower digit at its maximum."""
    mults = [0] * len(radices)
    m = 1
    for i in range(len(radices) - 1, -1, -1):
        mults[i] = m
        m *= radices[i]
    return mults


@dataclass(frozen=True, slots=True)
class Digits:
    """Where each criterion sits among the digits of a bracket's matching weight
    (:func:`.weights.bracket_weights`): 0 completion (C4), 1 pairs (C5), then one digit per
    score of the bracket (C6), the following bracket's pairs and one digit per score of it
    (C7), the colour digit (C8) and the order of 4.3."""

    radices: list[int]
    b_levels: int
    next_levels: int

    @property
    def c6(self) -> int:
        return 2

    @property
    def c7_pairs(self) -> int:
        return 2 + self.b_levels

    @property
    def c7(self) -> int:
        return 3 + self.b_levels

    @property
    def c8(self) -> int:
        return 3 + self.b_levels + self.next_levels

    def criterion(self, digit: int) -> Criterion:
        if digit <= 1:
            return COMPLETION
        if digit < self.c7_pairs:
            return SCORES
        if digit < self.c8:
            return FOLLOWING
        return COLOURS if digit == self.c8 else ORDER

    def first_difference(self, forced: list[int], chosen: list[int]) -> tuple[str, str, str]:
        """(criterion, English, French) of the first digit where ``forced`` is worse than
        ``chosen``."""
        for i, (f, c) in enumerate(zip(forced, chosen, strict=True)):
            if f != c:
                crit = self.criterion(i)
                return crit.name, crit.floats_en, crit.floats_fr
        return ORDER.name, ORDER.floats_en, ORDER.floats_fr
