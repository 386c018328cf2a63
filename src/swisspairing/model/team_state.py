"""Derived pairing state of every team before a round (C.04.6), computed once from the facts
of :mod:`.teams` and shared by the team engine, the checker and the standings.

* :class:`TeamRules` - what the ``192 FIDE_TEAM...`` code chooses (C.04.6 1.2, 1.7): the colour
  preference model (Type A, Type B or none), the primary and secondary scores, Baku;
* :class:`TeamState` - per team: primary score (the pairing score, with the virtual match
  points of C.04.7 1.4-1.5), secondary score, real score, colour history of played matches
  (C.04.6 1.6.1, GHR 3.4), colour difference (1.6.2), colour preference (1.7), opponents met
  ([C1], GHR 3.5), whether it may get the bye ([C2]), matches played (3.4.3) and whether it
  floated in the previous round (1.5; [C7], [C10]).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import Enum

from ..errors import BadRequest
from .results import Colour
from .scoring import round_points
from .teams import MatchKind, TeamRound, team_rounds
from .tournament import Tournament


class ColourModel(Enum):
    """The colour preferences of the competition (C.04.6 1.7)."""

    TYPE_A = "A"
    TYPE_B = "B"
    NONE = "none"


class Score(Enum):
    """Match points or game points (C.04.6 1.2)."""

    MP = "MP"
    GP = "GP"


@dataclass(frozen=True, slots=True)
class TeamRules:
    """The choices of the ``192`` code (team-swiss.md 7; default ``FIDE_TEAM``: Type A, match
    points primary, game points secondary, C.04.6 1.2.2 and 1.7)."""

    colours: ColourModel = ColourModel.TYPE_A
    primary: Score = Score.MP
    secondary: Score | None = Score.GP
    baku: bool = False

    @property
    def code(self) -> str:
        """The ``192`` code of these rules (team-swiss.md 7)."""
        if self == TeamRules(baku=self.baku):
            code = "FIDE_TEAM"
        else:
            words = ["FIDE_TEAM"]
            if self.colours is not ColourModel.NONE:
                words.append(f"TYPE{self.colours.value}")
            words.append(self.primary.value)
            if self.secondary is not None:
                words.append(self.secondary.value)
            code = "_".join(words)
        return code + ("_BAKU" if self.baku else "")


def team_rules_from_code(code: str) -> TeamRules | None:
    """The rules a ``192`` code names (pattern ``FIDE_TEAM[_TYPEA|_TYPEB][_MP|_GP][_GP|_MP]
    [_BAKU]``), None when it is not a FIDE team code. Codes without a TYPE token other than bare
    ``FIDE_TEAM[_BAKU]`` mean no colour preferences (TEC table; Open reading 19)."""
    words = code.strip().upper().split("_")
    if words[:2] != ["FIDE", "TEAM"]:
        return None
    rest = words[2:]
    baku = bool(rest) and rest[-1] == "BAKU"
    if baku:
        rest = rest[:-1]
    if not rest:
        return TeamRules(baku=baku)
    colours = ColourModel.NONE
    if rest[0] in ("TYPEA", "TYPEB"):
        colours = ColourModel.TYPE_A if rest[0] == "TYPEA" else ColourModel.TYPE_B
        rest = rest[1:]
    scores = []
    for w in rest:
        if w not in ("MP", "GP") or w in scores:
            raise BadRequest(f"192: {code.strip()!r} is not a FIDE team code "
                             "(FIDE_TEAM[_TYPEA|_TYPEB][_MP|_GP][_GP|_MP][_BAKU])")
        scores.append(w)
    if len(scores) > 2:  # pragma: no cover - two distinct tokens at most
        raise BadRequest(f"192: {code.strip()!r} is not a FIDE team code")
    primary = Score(scores[0]) if scores else Score.MP
    secondary = Score(scores[1]) if len(scores) > 1 else None
    if not scores:
        secondary = Score.GP
    if baku and primary is not Score.MP:
        raise BadRequest("the Baku acceleration needs match points as the primary score "
                         "(C.04.7 1.4.4)")
    return TeamRules(colours, primary, secondary, baku)


def tournament_team_rules(t: Tournament) -> TeamRules:
    """The rules of the file's ``192 FIDE_TEAM...`` record, else the default (``FIDE_TEAM``)."""
    for line in t.headers.get("192", []):
        rules = team_rules_from_code(line[4:])
        if rules is not None:
            return rules
    return TeamRules(baku=t.baku)


@dataclass(frozen=True, slots=True)
class TeamPreference:
    """A team's colour preference (C.04.6 1.7): colour None = no preference; ``strong`` only
    under Type B (Type A preferences are all of one kind: ``strong`` False)."""

    colour: Colour | None
    strong: bool = False


NO_PREFERENCE = TeamPreference(None)


def colour_preference(history: list[Colour], model: ColourModel, last_round: bool
                      ) -> TeamPreference:
    """C.04.6 1.7 from the colours of the played matches (oldest first).

    Type A (1.7.1): White if CD < -1, or CD is 0 or -1 and the last two played matches were
    Black; Black symmetrically. Type B (1.7.2): strong under the Type A conditions (taken first
    where a mild clause also matches: Open readings 9 and 10); mild White if CD = -1, or CD = 0,
    not the last round and the last played match Black; mild Black symmetrically. No preference
    without a played match, or with no colour model.
    """
    if model is ColourModel.NONE or not history:
        return NO_PREFERENCE
    cd = sum(1 if c is Colour.WHITE else -1 for c in history)
    last2 = history[-2:]
    strong = model is ColourModel.TYPE_B  # Type A has one kind of preference
    if cd < -1 or (cd in (0, -1) and last2 == [Colour.BLACK, Colour.BLACK]):
        return TeamPreference(Colour.WHITE, strong)
    if cd > 1 or (cd in (0, 1) and last2 == [Colour.WHITE, Colour.WHITE]):
        return TeamPreference(Colour.BLACK, strong)
    if model is ColourModel.TYPE_A:
        return NO_PREFERENCE
    if cd == -1 or (cd == 0 and not last_round and history[-1] is Colour.BLACK):
        return TeamPreference(Colour.WHITE, False)
    if cd == 1 or (cd == 0 and not last_round and history[-1] is Colour.WHITE):
        return TeamPreference(Colour.BLACK, False)
    return NO_PREFERENCE


@dataclass(slots=True)
class TeamState:
    """What the team engine needs to know about one team before a round."""

    id: int
    score: float                 # primary score for pairing (virtual points included)
    real_score: float            # primary score without virtual points
    secondary: float             # secondary score (0 when the competition uses none)
    match_points: float
    game_points: float
    colours: list[Colour]        # colours of the played matches, oldest first (1.6.1)
    preference: TeamPreference
    opponents: frozenset[int]    # teams met in played matches ([C1], GHR 3.5)
    may_get_bye: bool            # [C2]
    matches_played: int          # 3.4.3 (Open reading 7: played matches only)
    floated_last_round: bool     # 1.5: previous round only
    rounds: list[TeamRound]

    @property
    def colour_difference(self) -> int:
        """CD (1.6.2): matches with White minus matches with Black."""
        return sum(1 if c is Colour.WHITE else -1 for c in self.colours)

    @property
    def has_played(self) -> bool:
        return bool(self.colours)


def baku_team_values(t: Tournament, rules: TeamRules) -> dict[int, list[float]]:
    """The Baku virtual match points of the teams of group A for rounds ``1..A`` (C.04.7 1.2-1.4
    applied to teams: GA the first ``2 * ceil(N / 4)`` teams to be paired in round 1; a win's
    match points in the first ``ceil(A / 2)`` rounds, half of them in the other accelerated
    rounds). Explicit ``250`` records replace this (trf.md 5.2)."""
    from .acceleration import baku_fraction, baku_group_size

    ev = t.team_event
    assert ev is not None
    if t.total_rounds is None:
        raise BadRequest("the Baku acceleration (C.04.7 1.4) needs the number of rounds (142)")
    rounds = team_rounds(t, 1) if t.rounds_paired >= 1 else None
    if rounds is not None:
        listed = [tid for tid in sorted(ev.teams)
                  if rounds[tid][0].kind in (MatchKind.PLAYED, MatchKind.FORFEIT_WIN,
                                             MatchKind.FORFEIT_LOSS, MatchKind.PAIRING_BYE)]
    else:
        absent = ev.not_paired_in(1)
        listed = [tid for tid in sorted(ev.teams) if tid not in absent]
    size = baku_group_size(len(listed))
    if not size:
        return {}
    last_ga = listed[min(size, len(listed)) - 1]
    win = ev.match_points.win
    a = math.ceil(t.total_rounds / 2)
    per_round = [round_points(win * baku_fraction(t.total_rounds, r)) for r in range(1, a + 1)]
    return {tid: list(per_round) for tid in ev.teams if tid <= last_ga}


def team_virtual_points(t: Tournament, rules: TeamRules, round_number: int) -> dict[int, float]:
    """Virtual points of each team for pairing ``round_number`` (C.04.7 1.4-1.5): the file's
    ``250`` records (the primary score's column; with match points primary and an empty match
    point column, the game point column, as the TRF-2026 example writes Baku's values), else
    the Baku values when the ``192`` code asks for them."""
    ev = t.team_event
    assert ev is not None
    out: dict[int, float] = {}
    if ev.acceleration:
        for a in ev.acceleration:
            if not a.first <= round_number <= a.last:
                continue
            if rules.primary is Score.MP:
                value = a.match_points if a.match_points else a.game_points
            else:
                value = a.game_points
            for tid in range(a.low, a.high + 1):
                if tid in ev.teams:
                    out[tid] = value
        return out
    if rules.baku or t.baku:
        for tid, values in baku_team_values(t, rules).items():
            if round_number <= len(values) and values[round_number - 1]:
                out[tid] = values[round_number - 1]
    return out


def build_team_states(t: Tournament, round_number: int, rules: TeamRules | None = None
                      ) -> dict[int, TeamState]:
    """The state of every team before ``round_number`` from rounds ``1..round_number - 1``."""
    ev = t.team_event
    if ev is None:
        raise BadRequest("this tournament has no teams (no 310 record)")
    rules = rules or tournament_team_rules(t)
    history = team_rounds(t, round_number - 1)
    last_round = t.total_rounds is not None and round_number == t.total_rounds
    virtual = team_virtual_points(t, rules, round_number)

    def primary_of(rows: list[TeamRound]) -> float:
        if rules.primary is Score.MP:
            return round_points(sum(x.match_points for x in rows))
        return round_points(sum(x.game_points for x in rows))

    # 1.5 floats of the previous round: the scores both teams had when it was paired
    prev = round_number - 1
    prev_scores: dict[int, float] = {}
    if prev >= 1:
        prev_virtual = team_virtual_points(t, rules, prev)
        for tid, rows in history.items():
            prev_scores[tid] = round_points(primary_of(rows[: prev - 1])
                                            + prev_virtual.get(tid, 0.0))
    out = {}
    for tid, rows in history.items():
        mp = round_points(sum(x.match_points for x in rows))
        gp = round_points(sum(x.game_points for x in rows))
        real = mp if rules.primary is Score.MP else gp
        secondary = {None: 0.0, Score.MP: mp, Score.GP: gp}[rules.secondary]
        colours = [x.colour for x in rows if x.is_played and x.colour is not None]
        floated = False
        if prev >= 1 and rows[prev - 1].is_played:
            opp = rows[prev - 1].opponent
            floated = prev_scores.get(opp) != prev_scores[tid]
        out[tid] = TeamState(
            id=tid,
            score=round_points(real + virtual.get(tid, 0.0)),
            real_score=real,
            secondary=secondary,
            match_points=mp,
            game_points=gp,
            colours=colours,
            preference=colour_preference(colours, rules.colours, last_round),
            opponents=frozenset(x.opponent for x in rows if x.is_played),
            may_get_bye=not any(x.kind in (MatchKind.PAIRING_BYE, MatchKind.FORFEIT_WIN,
                                           MatchKind.FULL_POINT_BYE) for x in rows),
            matches_played=sum(1 for x in rows if x.is_played),
            floated_last_round=floated,
            rounds=rows,
        )
    return out
