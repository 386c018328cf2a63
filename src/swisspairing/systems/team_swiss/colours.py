"""Colour allocation of the Swiss Team Pairing System (C.04.6 Art. 4), after the whole round is
paired (3.3.2 step 4). "Colour" is the team's board-1 colour; the other boards follow ``352``.

Colours never decide who meets whom except through [C8] and [C9] (:func:`colour_cost`).
"""

from __future__ import annotations

from dataclasses import dataclass

from ...model.results import Colour
from ...model.team_state import ColourModel, TeamRules, TeamState


def first_team(a: TeamState, b: TeamState, rules: TeamRules) -> TeamState:
    """The first-team of a pair (4.2): the higher primary score (4.2.1), then the higher
    secondary score unless the competition uses none (4.2.2), then the smaller TPN (4.2.3)."""

    def key(s: TeamState) -> tuple[float, float, int]:
        secondary = s.secondary if rules.secondary is not None else 0.0
        return (-s.score, -secondary, s.id)

    return a if key(a) <= key(b) else b


@dataclass(frozen=True, slots=True)
class ColourDecision:
    """The colours of one pair and the article that decided them."""

    white: int
    black: int
    rule: str


def allocate(a: TeamState, b: TeamState, rules: TeamRules, initial_colour: Colour
             ) -> ColourDecision:
    """Colours of the pair ``a``-``b`` by the first rule of 4.3 that decides.

    4.3.1 neither team has played: the first-team gets the initial-colour with an odd TPN, the
    other colour with an even one; 4.3.2 only one preference: granted; 4.3.3 opposite
    preferences: both granted; 4.3.4 (Type B) only one strong preference: granted; 4.3.5 White
    to the lower colour difference; 4.3.6 alternate from the latest round, counting back from
    the end of both played histories (GHR 3.4, Open reading 15), where one had White and the
    other Black; 4.3.7 the first-team's preference; 4.3.8 alternate the first-team's last
    played colour; 4.3.9 alternate the other team's last played colour.
    """
    first = first_team(a, b, rules)
    other = b if first is a else a

    def give(team: TeamState, colour: Colour, rule: str) -> ColourDecision:
        mate = other if team is first else first
        if colour is Colour.WHITE:
            return ColourDecision(team.id, mate.id, rule)
        return ColourDecision(mate.id, team.id, rule)

    if not first.has_played and not other.has_played:  # 4.3.1
        colour = initial_colour if first.id % 2 == 1 else initial_colour.opposite
        return give(first, colour, "4.3.1")
    pf, po = first.preference, other.preference
    if (pf.colour is None) != (po.colour is None):  # 4.3.2
        team = first if pf.colour is not None else other
        return give(team, team.preference.colour, "4.3.2")  # type: ignore[arg-type]
    if pf.colour is not None and po.colour is not None and pf.colour is not po.colour:  # 4.3.3
        return give(first, pf.colour, "4.3.3")
    if rules.colours is ColourModel.TYPE_B and pf.colour is not None and pf.strong != po.strong:
        team = first if pf.strong else other  # 4.3.4
        return give(team, team.preference.colour, "4.3.4")  # type: ignore[arg-type]
    cdf, cdo = first.colour_difference, other.colour_difference
    if cdf != cdo:  # 4.3.5
        return give(first if cdf < cdo else other, Colour.WHITE, "4.3.5")
    for cf, co in zip(reversed(first.colours), reversed(other.colours), strict=False):
        if cf is not co:  # 4.3.6
            return give(first, cf.opposite, "4.3.6")
    if pf.colour is not None:  # 4.3.7
        return give(first, pf.colour, "4.3.7")
    if first.colours:  # 4.3.8
        return give(first, first.colours[-1].opposite, "4.3.8")
    return give(other, other.colours[-1].opposite, "4.3.9")  # 4.3.9


def colour_cost(a: TeamState, b: TeamState) -> tuple[int, int]:
    """The [C8] and [C9] units of the pair ``a``-``b`` (2.3.5, 2.3.6): Art. 4 grants every
    preference unless both teams want the same colour, so a pair leaves one preference
    unfulfilled iff both prefer the same colour ([C8]), and one strong preference iff both
    strongly prefer the same colour ([C9]; 4.3.4 settles strong against mild)."""
    pa, pb = a.preference, b.preference
    if pa.colour is None or pa.colour is not pb.colour:
        return (0, 0)
    return (1, 1 if pa.strong and pb.strong else 0)
