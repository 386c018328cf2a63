"""The criteria of the Swiss Team Pairing System (C.04.6 Art. 2) as named data.

[C1]-[C7] are the shared procedure's (:mod:`..swiss2026.criteria`; [C1] and [C2] reach it as
each team's opponents and bye eligibility, :func:`.system.participants`). The team system adds
the criteria judged on the pairs of a bracket (3.6.4), in priority order:

* [C8] (2.3.5) minimise the teams whose colour preference is not fulfilled;
* [C9] (2.3.6) Type B only: minimise the teams whose **strong** preference is not fulfilled;
* [C10] (2.3.7) except in the last two rounds: minimise the upfloaters' opponents who were
  floaters in the previous round (the shared :func:`upfloaters_opponents`).

[C8]/[C9] per pair (team-swiss.md 3, notes): Art. 4 grants every preference unless both teams
want the same colour, so a pair costs one [C8] unit iff both teams prefer the same colour and
one [C9] unit iff both strongly do (:func:`.colours.colour_cost`).
"""

from __future__ import annotations

from collections.abc import Mapping

from ...model.team_state import ColourModel, TeamRules, TeamState
from ..swiss2026 import BracketView, Criterion, PairCriterion, Participant, upfloaters_opponents
from .colours import colour_cost

C1 = Criterion("[C1]", "2.1.1", "two teams do not meet twice (a match not played is no "
               "meeting, GHR 3.5)",
               "deux équipes ne se rencontrent pas deux fois (un match non joué n'est pas une "
               "rencontre, GHR 3.5)")
C2 = Criterion("[C2]", "2.1.2", "no pairing-allocated bye for a team that already had one, won "
               "a match by forfeit or had a full-point bye",
               "pas d'exemption attribuée par l'appariement à une équipe qui en a déjà eu une, "
               "a gagné un match par forfait ou a eu une exemption à un point")
C8 = Criterion("[C8]", "2.3.5", "minimise the teams whose colour preference is not fulfilled",
               "minimiser le nombre d'équipes dont la préférence de couleur n'est pas satisfaite")
C9 = Criterion("[C9]", "2.3.6", "minimise the teams whose strong colour preference is not "
               "fulfilled (Type B)",
               "minimiser le nombre d'équipes dont la préférence forte de couleur n'est pas "
               "satisfaite (type B)")
C10_LABEL = ("[C10]", "2.3.7")


def pair_criteria(states: Mapping[int, TeamState], rules: TeamRules,
                  floats_apply: bool) -> tuple[PairCriterion, ...]:
    """The pair criteria of a round, in priority order: [C8] and [C9] as the colour model
    has them (none without preferences, [C9] only with Type B), [C10] unless the round is one
    of the last two (2.3.7)."""
    out: list[PairCriterion] = []
    if rules.colours is not ColourModel.NONE:

        def c8(a: Participant, b: Participant, view: BracketView) -> int:
            return colour_cost(states[a.id], states[b.id])[0]

        out.append(PairCriterion(C8, c8))
    if rules.colours is ColourModel.TYPE_B:

        def c9(a: Participant, b: Participant, view: BracketView) -> int:
            return colour_cost(states[a.id], states[b.id])[1]

        out.append(PairCriterion(C9, c9))
    if floats_apply:
        out.append(upfloaters_opponents(*C10_LABEL))
    return tuple(out)
