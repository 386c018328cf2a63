"""The Swiss Team Pairing System (C.04.6, in force since 1 February 2026).

The team engine builds each team's state (:func:`~swisspairing.model.team_state.
build_team_states`), hands the teams to the Art. 3 procedure shared with the Double-Swiss
system (:mod:`..swiss2026`: the PAB first, upfloater sets by [C4]-[C7], each bracket's first
pairing in TPN order) with the team criteria [C8]-[C10] (:mod:`.criteria`), then allocates
colours pair by pair with Art. 4 (:mod:`.colours`). Readings: ``docs/team-swiss.md``.
"""

from __future__ import annotations

from ...errors import BadRequest
from ...model import Board, Colour, Pairing, Tournament
from ...model.team_state import (
    ColourModel,
    Score,
    TeamRules,
    TeamState,
    build_team_states,
    tournament_team_rules,
)
from ..explain import Explanation, fr_number, fr_points
from ..swiss2026 import Participant, Rules, pair_round
from .colours import allocate
from .criteria import pair_criteria


def floats_apply(t: Tournament, round_number: int) -> bool:
    """[C7] and [C10] lapse in the last two rounds (2.3.4, 2.3.7; Open reading 17: the last
    two of the announced rounds, ``142``)."""
    return t.total_rounds is None or round_number < t.total_rounds - 1


def participants(states: dict[int, TeamState], to_pair: list[int]) -> list[Participant]:
    """The teams to pair as the shared procedure sees them (C.04.6 1.2, 1.5, [C1], [C2])."""
    return [
        Participant(
            id=tid,
            score=states[tid].score,
            secondary=states[tid].secondary,
            opponents=states[tid].opponents,
            floated=states[tid].floated_last_round,
            matches_played=states[tid].matches_played,
            may_get_bye=states[tid].may_get_bye,
        )
        for tid in to_pair
    ]


class TeamSwissSystem:
    """C.04.6: ``pair(tournament, round_number, explain)`` pairs the teams of a team event."""

    name = "team-swiss"

    def __init__(self, rules: TeamRules | None = None) -> None:
        self.rules = rules

    def pair(self, tournament: Tournament, round_number: int | None = None,
             explain: Explanation | None = None) -> Pairing:
        t = tournament
        ev = t.team_event
        if ev is None or not ev.teams:
            raise BadRequest("the team-swiss system pairs teams: the file has no team "
                             "(310 record)")
        r = t.next_round if round_number is None else round_number
        rules = self.rules or tournament_team_rules(t)
        states = build_team_states(t, r, rules)
        unpaired = ev.not_paired_in(r)
        to_pair = [tid for tid in sorted(ev.teams) if tid not in unpaired]
        floats = floats_apply(t, r)
        if explain is not None:
            explain_teams(explain, r, rules, states, to_pair, unpaired)
            if not floats:
                explain.add("[C7] and [C10] do not apply in the last two rounds",
                            "[C7] et [C10] ne s'appliquent pas aux deux dernières rondes",
                            level=1, rule="C.04.6 2.3.4, 2.3.7")
        procedure_rules = Rules("C.04.6", pair_criteria(states, rules, floats), floats)
        forbidden = [(a, b) for g in t.forbidden_pairs for a in sorted(g.players)
                     for b in sorted(g.players) if a < b and t.is_forbidden(a, b, r)]
        result = pair_round(participants(states, to_pair), procedure_rules,
                            forbidden=forbidden, explanation=explain)
        initial = t.initial_colour
        warnings = []
        if initial is None:
            initial = Colour.WHITE
            warnings.append("the file gives no initial colour (152): White is used for 4.3.1")
        boards = []
        if explain is not None:
            explain.add("Colours (Art. 4)", "Couleurs (art. 4)", rule="C.04.6 4")
        for top, bottom in result.pairs:
            d = allocate(states[top], states[bottom], rules, initial)
            boards.append(Board(d.white, d.black))
            if explain is not None:
                explain.add(f"{d.white} (White) - {d.black} (Black)",
                            f"{d.white} (Blancs) - {d.black} (Noirs)", level=1,
                            rule=f"C.04.6 {d.rule}")
        boards = publication_order(boards, states)
        if explain is not None and result.bye is not None:
            explain.add(f"pairing-allocated bye: team {result.bye} "
                        f"({states[result.bye].score:g} points)",
                        f"exemption attribuée par l'appariement : équipe {result.bye} "
                        f"({fr_points(states[result.bye].score)})",
                        rule="C.04.6 3.4")
        return Pairing(r, boards, result.bye, dict(unpaired), warnings)


_MODEL_EN = {ColourModel.TYPE_A: "Type A", ColourModel.TYPE_B: "Type B",
             ColourModel.NONE: "none"}
_MODEL_FR = {ColourModel.TYPE_A: "type A", ColourModel.TYPE_B: "type B",
             ColourModel.NONE: "aucune"}
#: colour letters in French: Blancs, Noirs
_WB_FR = str.maketrans("WB", "BN")
_SCORE_FR = {Score.MP: "points de match", Score.GP: "points de partie"}
_SCORE_EN = {Score.MP: "match points", Score.GP: "game points"}


def explain_teams(explain: Explanation, r: int, rules: TeamRules,
                  states: dict[int, TeamState], to_pair: list[int],
                  unpaired: dict[int, str]) -> None:
    """The round's rules and each team's state: score, colour difference and preference
    (1.6-1.7), float of the previous round (1.5), whether it may get the PAB ([C2])."""
    secondary_en = _SCORE_EN[rules.secondary] if rules.secondary else "none"
    secondary_fr = _SCORE_FR[rules.secondary] if rules.secondary else "aucun"
    explain.add(
        f"Round {r}: {len(to_pair)} teams to pair ({rules.code}: colour preferences "
        f"{_MODEL_EN[rules.colours]}, score {_SCORE_EN[rules.primary]}, secondary score "
        f"{secondary_en})",
        f"Ronde {r} : {len(to_pair)} équipes à apparier ({rules.code} : préférences de "
        f"couleur {_MODEL_FR[rules.colours]}, score {_SCORE_FR[rules.primary]}, score "
        f"secondaire {secondary_fr})",
        rule="C.04.6 1.2, 1.7")
    for tid, code in sorted(unpaired.items()):
        explain.add(f"team {tid} is not paired ({code})", f"l'équipe {tid} n'est pas appariée "
                    f"({code})", level=1, rule="GHR 3.3")
    for tid in to_pair:
        s = states[tid]
        pref = s.preference
        if pref.colour is None:
            p_en, p_fr = "no preference", "sans préférence"
        else:
            strength_en = " (strong)" if pref.strong else (
                " (mild)" if rules.colours is ColourModel.TYPE_B else "")
            strength_fr = " (forte)" if pref.strong else (
                " (faible)" if rules.colours is ColourModel.TYPE_B else "")
            p_en = f"prefers {'White' if pref.colour is Colour.WHITE else 'Black'}{strength_en}"
            p_fr = f"préfère {'Blancs' if pref.colour is Colour.WHITE else 'Noirs'}{strength_fr}"
        history = "".join("W" if c is Colour.WHITE else "B" for c in s.colours) or "-"
        extra_en = ("; floated last round" if s.floated_last_round else "") + (
            "" if s.may_get_bye else "; no PAB [C2]")
        extra_fr = ("; flotteur à la ronde précédente" if s.floated_last_round else "") + (
            "" if s.may_get_bye else "; pas d'exemption [C2]")
        sec_en = f" ({s.secondary:g})" if rules.secondary else ""
        sec_fr = f" ({fr_number(s.secondary)})" if rules.secondary else ""
        explain.add(
            f"team {tid}: {s.score:g}{sec_en}, colours {history}, CD "
            f"{s.colour_difference:+d}, {p_en}{extra_en}",
            f"équipe {tid} : {fr_number(s.score)}{sec_fr}, couleurs "
            f"{history.translate(_WB_FR)}, DC "
            f"{s.colour_difference:+d}, {p_fr}{extra_fr}",
            level=1)


def publication_order(boards: list[Board], states: dict[int, TeamState]) -> list[Board]:
    """Matches in publication order (GHR 3.6; Open reading 20): the higher score of the pair,
    then the sum of both scores (both descending), then the smaller TPN of the pair."""

    def key(b: Board) -> tuple[float, float, int]:
        sw, sb = states[b.white].score, states[b.black].score
        return (-max(sw, sb), -(sw + sb), min(b.white, b.black))

    return sorted(boards, key=key)


TEAM_SWISS = TeamSwissSystem()

