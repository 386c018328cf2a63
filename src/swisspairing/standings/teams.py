"""Team standings (C.04.6 events): teams by their primary score (match points or game points,
``192``) and the C.07 team tie-breaks, board-by-board individual results and board prizes, the
team crosstable. Tables are :class:`~.views.Table`, published as text, TSV, JSON, HTML or PDF
by :mod:`.render`.

Tie-breaks (``../shared/rules/tiebreaks.md`` 3.6; MTB26 codes, ``../shared/rules/trf.md`` 7):

* ``MPVGP`` (13.1) the secondary score: game points when match points are primary, and back;
* ``EMMSB`` ``EMGSB`` ``EGMSB`` ``EGGSB`` (13.2, Extended Sonneborn-Berger): the sum over the
  rounds of the opponent's final (M)atch or (G)ame points times the team's own (M)atch or
  (G)ame points against it; ``SB`` is the one on the primary score (``EMMSB`` or ``EGGSB``);
* ``BH`` (8.1 applied to teams, art. 13 preamble): the sum of the opponents' primary scores
  (``BH:MP`` / ``BH:GP`` name the score);
* ``DE`` (6) and ``EDE`` (13.3): the direct encounter among the tied teams on the primary
  score (``EDE``: then on the secondary score), 6.2 when they all met, 6.3 when not; a new
  tied subset starts again from the first step (6.2, 13.3.3); forfeited matches count only
  with ``/P`` (6.1.1). ``EDEBT`` ``EDEBB`` ``EDET`` ``EDEB`` (13.3.2): EDE then BC and TBR, BC
  and BBE, TBR, or BBE, for teams still tied on both scores;
* ``BC`` (12.1) board count: the sum of board number x game points on that board (lower is
  better, so it is ranked ascending; it applies only to tied teams with equal game points);
  ``TBR`` (12.2) game points on board 1, then 2, ... (as one key); ``BBE`` (12.3) game points
  without the bottom board, then without the next ...; individual forfeits (a board forfeited
  against an empty board included) count as results, a team PAB as a win on every board;
* ``SSSC`` (13.4) Scores and Schedule Strength Combination: the secondary score plus the
  Buchholz on the primary score (``/F``: the Fore Buchholz, 8.3) divided by a normalising
  factor, by default the highest primary score achievable in the event over the highest
  secondary score achievable in one match, truncated (``/Kx``: the competition's own ``x``);
* ``TPN`` the team pairing number (last key).

Modifiers: ``/C1`` ``/C2`` ``/M1`` ``/M2`` (14.1-14.4) on the sums BH, SB and the extended SBs;
``/P`` (MTB26: forfeited matches count as played against the scheduled opponent) on BH, SB,
the extended SBs, SSSC, DE, EDE and its sequences; ``/F`` and ``/Kx`` on SSSC.

Unplayed rounds (art. 16, "points" = MP and GP for teams): for BH and the Sonneborn-Bergers, an
own unplayed round counts against a dummy whose score is the team's own final score, capped by
16.4 (forfeits: the scheduled opponent's score; other rounds: a drawn match per round of the
event); the opponents see a team's requested byes at the end of the event (16.2.5) as draws.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import lru_cache

from ..errors import BadRequest
from ..model.results import RoundEntry
from ..model.scoring import round_points
from ..model.team_state import Score, TeamRules, tournament_team_rules
from ..model.teams import MatchKind, TeamRound, team_rounds
from ..model.tournament import Tournament
from .tiebreaks import _cut, _r
from .views import Table, fmt_points, percent_text, points_text

#: the EDE sequences of C.07 13.3.2 (2026 names): the art. 12 steps after EDE
EDE_SEQUENCES: dict[str, tuple[str, ...]] = {
    "EDE": (), "EDEBT": ("BC", "TBR"), "EDEBB": ("BC", "BBE"), "EDET": ("TBR",),
    "EDEB": ("BBE",),
}
TEAM_TIEBREAKS = ("MPVGP", "EMMSB", "EMGSB", "EGMSB", "EGGSB", "SB", "BH", "DE", "EDE", "EDEBT",
                  "EDEBB", "EDET", "EDEB", "BC", "TBR", "BBE", "SSSC", "TPN")
#: ranked ascending (lower is better)
_ASCENDING = {"BC", "TPN"}
DEFAULT_TEAM_TIEBREAKS = "MPVGP,EDE,SB,BH"
#: tie-breaks that order a tied group rather than give each team a value of its own
_GROUP_CODES = {"DE", *EDE_SEQUENCES, "TBR", "BBE"}

_NAMES = {
    "en": {"MPVGP": "secondary score (MP or GP)", "EMMSB": "extended SB (MP x MP)",
           "EMGSB": "extended SB (MP x GP)", "EGMSB": "extended SB (GP x MP)",
           "EGGSB": "extended SB (GP x GP)", "SB": "Sonneborn-Berger", "BH": "Buchholz",
           "DE": "direct encounter", "EDE": "extended direct encounter",
           "EDEBT": "extended direct encounter, board count, top board results",
           "EDEBB": "extended direct encounter, board count, bottom board elimination",
           "EDET": "extended direct encounter, top board results",
           "EDEB": "extended direct encounter, bottom board elimination",
           "BC": "board count", "TBR": "top board results", "BBE": "bottom board elimination",
           "SSSC": "scores and schedule strength combination", "TPN": "team pairing number"},
    "fr": {"MPVGP": "score secondaire (PM ou PP)", "EMMSB": "SB étendu (PM x PM)",
           "EMGSB": "SB étendu (PM x PP)", "EGMSB": "SB étendu (PP x PM)",
           "EGGSB": "SB étendu (PP x PP)", "SB": "Sonneborn-Berger", "BH": "Buchholz",
           "DE": "confrontation directe", "EDE": "confrontation directe étendue",
           "EDEBT": "confrontation directe étendue, décompte par échiquier, résultats des "
                    "premiers échiquiers",
           "EDEBB": "confrontation directe étendue, décompte par échiquier, élimination des "
                    "derniers échiquiers",
           "EDET": "confrontation directe étendue, résultats des premiers échiquiers",
           "EDEB": "confrontation directe étendue, élimination des derniers échiquiers",
           "BC": "décompte par échiquier", "TBR": "résultats des premiers échiquiers",
           "BBE": "élimination des derniers échiquiers",
           "SSSC": "combinaison des scores et de la force du programme",
           "TPN": "numéro d'appariement"},
}


#: the tie-breaks that are sums and take the modifiers of C.07 14 (/C1 /C2 /M1 /M2)
_CUTTABLE = {"BH", "SB", "EMMSB", "EMGSB", "EGMSB", "EGGSB"}
_CUTS = {"C1": (1, 0), "C2": (2, 0), "M1": (1, 1), "M2": (2, 2)}
#: MTB26 /P: forfeited matches counted as played against the scheduled opponent
_AS_PLAYED = {*_CUTTABLE, "SSSC", "DE", *EDE_SEQUENCES}


@dataclass(frozen=True, slots=True)
class TeamTieBreak:
    """One team tie-break of the list, parsed from its MTB26 label (``SSSC/F/K4``,
    ``BH:GP/C1/P``): the code, the score it sums (``M``/``G``, None = the primary score), the
    cuts (14.1-14.4), ``/P``, ``/F`` and the SSSC normalising factor ``/Kx``."""

    code: str
    score: str | None = None
    cut_low: int = 0
    cut_high: int = 0
    as_played: bool = False
    fore: bool = False
    factor: float | None = None


@lru_cache(maxsize=256)
def parse_team_tiebreak(label: str) -> TeamTieBreak:
    """One team tie-break label (``MPvGP``, ``SB/C1``, ``SSSC/F/K4``, ``BH:GP``...), or a
    :class:`BadRequest` naming the label and what is wrong with it."""
    raw = label.strip()
    parts = raw.upper().replace("-", "/").split("/")
    head, _, score = parts[0].partition(":")
    if head not in TEAM_TIEBREAKS:
        raise BadRequest(f"unknown team tie-break {raw!r}; known: {', '.join(TEAM_TIEBREAKS)}")
    kw: dict[str, object] = {}
    if score:
        if head != "BH" or score not in ("MP", "GP"):
            raise BadRequest(f"{raw}: the score :{score} applies only to BH (BH:MP, BH:GP)")
        kw["score"] = score[0]
    for mod in parts[1:]:
        if mod in _CUTS and head in _CUTTABLE and "cut_low" not in kw:
            kw["cut_low"], kw["cut_high"] = _CUTS[mod]
        elif mod == "P" and head in _AS_PLAYED:
            kw["as_played"] = True
        elif mod == "F" and head == "SSSC":
            kw["fore"] = True
        elif mod.startswith("K") and head == "SSSC":
            try:
                factor = float(mod[1:].replace(",", "."))
            except ValueError:
                factor = math.nan
            if not (factor > 0 and math.isfinite(factor)):
                raise BadRequest(f"{raw}: the SSSC normalising factor /Kx needs a number above "
                                 "0 (SSSC/K4)")
            kw["factor"] = factor
        else:
            raise BadRequest(f"{raw}: modifier /{mod} does not apply to {head} (C1 C2 M1 M2 on "
                             "BH, SB and the extended SBs; P on those, SSSC, DE and EDE; F and "
                             "Kx on SSSC)")
    return TeamTieBreak(head, **kw)  # type: ignore[arg-type]


def parse_team_tiebreaks(text: str) -> list[str]:
    """A comma-separated list of team tie-break labels (``MPvGP,EDE,SB/C1,BH,SSSC/K4``),
    checked and upper-cased (``-`` read as ``/``); a leading ``PTS`` (record 212) is dropped.
    The sums (BH, SB and the extended SBs) take the modifiers of C.07 14: ``/C1`` ``/C2`` (cut
    the least significant one or two values), ``/M1`` ``/M2`` (median: the lowest and the
    highest); see the module docstring for ``/P``, ``/F`` and ``/Kx``."""
    out = []
    for raw in (x.strip() for x in text.split(",")):
        if not raw:
            continue
        label = raw.upper().replace("-", "/")
        if label == "PTS":
            continue
        parse_team_tiebreak(raw)  # errors name the label as the user wrote it
        out.append(label)
    return out


@dataclass(slots=True)
class TeamRow:
    """One team of the standings: rank (ties share it), TPN, primary/secondary score, values."""

    rank: int
    tid: int
    score: float
    secondary: float
    match_points: float
    game_points: float
    values: list[float | None] = field(default_factory=list)


@dataclass(slots=True)
class TeamStandings:
    tournament: Tournament
    rounds: int
    rules: TeamRules
    labels: list[str]
    rows: list[TeamRow]
    history: dict[int, list[TeamRound]]


def _mp(rows: list[TeamRound]) -> float:
    return round_points(sum(x.match_points for x in rows))


def _gp(rows: list[TeamRound]) -> float:
    return round_points(sum(x.game_points for x in rows))


class _Ctx:
    """The facts every team tie-break of one standings is computed from. ``fore`` builds the
    view of the Fore Buchholz (8.3): every match paired in the last round taken as a drawn
    match (the draw's match points, half of the boards' game points)."""

    def __init__(self, t: Tournament, rounds: int, rules: TeamRules, fore: bool = False) -> None:
        self.t = t
        self.rules = rules
        self.rounds = rounds
        ev = t.team_event
        assert ev is not None
        self.boards = ev.boards()
        self.draw_mp, self.draw_gp = ev.match_points.draw, round_points(
            self.boards * t.point_system.draw)
        self.win_mp, self.win_gp = ev.match_points.win, round_points(
            self.boards * t.point_system.win)
        self.loss_mp, self.loss_gp = ev.match_points.loss, round_points(
            self.boards * t.point_system.loss)
        self.history = team_rounds(t, rounds)
        if fore and rounds:
            for rows in self.history.values():
                last = rows[rounds - 1]
                if last.kind.has_opponent and last.opponent:
                    rows[rounds - 1] = replace(last, kind=MatchKind.PLAYED,
                                               match_points=self.draw_mp,
                                               game_points=self.draw_gp)
        self._fore: _Ctx | None = None
        self.mp = {tid: _mp(rows) for tid, rows in self.history.items()}
        self.gp = {tid: _gp(rows) for tid, rows in self.history.items()}
        # 16.3: requested byes / absences followed only by such rounds count as draws
        self.adjusted_mp: dict[int, float] = {}
        self.adjusted_gp: dict[int, float] = {}
        for tid, rows in self.history.items():
            amp = agp = 0.0
            for i, x in enumerate(rows):
                if self._category(rows, i) == 5:
                    amp += self.draw_mp
                    agp += self.draw_gp
                else:
                    amp += x.match_points
                    agp += x.game_points
            self.adjusted_mp[tid], self.adjusted_gp[tid] = round_points(amp), round_points(agp)

    def fore_view(self) -> _Ctx:
        """The Fore Buchholz view of the same standings (8.3), built once."""
        if self._fore is None:
            self._fore = _Ctx(self.t, self.rounds, self.rules, fore=True)
        return self._fore

    @staticmethod
    def _vur(x: TeamRound) -> bool:
        return x.kind in (MatchKind.HALF_POINT_BYE, MatchKind.ABSENT, MatchKind.FORFEIT_LOSS)

    def _category(self, rows: list[TeamRound], i: int) -> int:
        """0 played, else the 16.2 category of an unplayed round."""
        x = rows[i]
        if x.kind is MatchKind.PLAYED:
            return 0
        if x.kind in (MatchKind.PAIRING_BYE, MatchKind.FULL_POINT_BYE):
            return 1
        if x.kind is MatchKind.FORFEIT_WIN:
            return 2
        if x.kind is MatchKind.FORFEIT_LOSS:
            return 4
        return 3 if any(not self._vur(y) for y in rows[i + 1:]) else 5

    @property
    def primary_code(self) -> str:
        return "M" if self.rules.primary is Score.MP else "G"

    @property
    def secondary_code(self) -> str:
        if self.rules.secondary is None:
            return "G" if self.rules.primary is Score.MP else "M"
        return "M" if self.rules.secondary is Score.MP else "G"

    def score(self, tid: int, code: str) -> float:
        return self.mp[tid] if code == "M" else self.gp[tid]

    def primary(self, tid: int) -> float:
        return self.score(tid, self.primary_code)

    def secondary(self, tid: int) -> float:
        return self.score(tid, self.secondary_code)

    def sb(self, tid: int, opp_score: str, own_score: str, as_played: bool = False
           ) -> list[tuple[float, float, bool]]:
        """13.2 / 16.4, per round: (the opponent's final score (MP or GP) times the team's own
        (MP or GP) against it, the opponent's score, from a voluntary unplayed round); own
        unplayed rounds against the capped dummy; with ``as_played`` (``/P``) a forfeited match
        counts against its scheduled opponent."""
        final = self.mp if opp_score == "M" else self.gp
        adjusted = self.adjusted_mp if opp_score == "M" else self.adjusted_gp
        draw = self.draw_mp if opp_score == "M" else self.draw_gp
        out = []
        rows = self.history[tid]
        for i, x in enumerate(rows):
            own = x.match_points if own_score == "M" else x.game_points
            cat = self._category(rows, i)
            if cat == 0 or (as_played and cat in (2, 4) and x.opponent):
                out.append((adjusted[x.opponent] * own, adjusted[x.opponent], False))
                continue
            cap = adjusted[x.opponent] if cat in (2, 4) and x.opponent else draw * self.rounds
            dummy = min(final[tid], cap)
            out.append((dummy * own, dummy, self._vur(x)))
        return out

    def bh(self, tid: int, score: str | None = None, as_played: bool = False
           ) -> list[tuple[float, float, bool]]:
        """8.1 / 16.4 on the primary score (or ``score``), per round: (opponent's score, the
        same, from a voluntary unplayed round)."""
        code = score or self.primary_code
        return [(s, s, vur) for _, s, vur in self.sb(tid, code, code, as_played)]

    def board_points(self, tid: int) -> list[float]:
        """Game points on each board (12: individual forfeits count as results, a board
        forfeited against an empty board included; a team PAB counts, per board, as a win;
        requested byes and absences put nothing on the boards)."""
        ps = self.t.point_system
        out = [0.0] * self.boards
        for x in self.history[tid]:
            if x.kind is MatchKind.PAIRING_BYE:
                for b in range(self.boards):
                    out[b] += ps.win
                continue
            for g in x.games:
                if 1 <= g.board <= self.boards and (g.opponent or g.colour is not None):
                    out[g.board - 1] += ps.points(RoundEntry(g.opponent, g.colour, g.code))
        return [round_points(v) for v in out]

    def direct(self, group: list[int], score: str, as_played: bool = False
               ) -> tuple[dict[int, float], dict[tuple[int, int], bool]]:
        """6.1 among ``group``: the points (MP or GP) each team scored against the others of
        the group, and which pairs met (6.1.1: forfeited matches only with ``as_played``)."""
        members = set(group)
        pts = dict.fromkeys(group, 0.0)
        met: dict[tuple[int, int], bool] = {}
        for tid in group:
            for x in self.history[tid]:
                counts = x.kind is MatchKind.PLAYED or (as_played and x.kind.has_opponent)
                if x.opponent in members and counts:
                    met[(tid, x.opponent)] = True
                    pts[tid] += x.match_points if score == "M" else x.game_points
        return {tid: round_points(v) for tid, v in pts.items()}, met

    def direct_split(self, group: list[int], score: str, as_played: bool = False
                     ) -> list[list[int]]:
        """Art. 6 on ``score`` for teams, one step: 6.2 when every pair of the group met (the
        separate standings), else 6.3 (a team is placed first only when alone on top whatever
        the missing matches, then the next place...). The caller starts again on each new
        tied subset (6.2, 13.3.3)."""
        pts, met = self.direct(group, score, as_played)
        if all((a, b) in met for a in group for b in group if a != b):
            return _split_group(group, lambda tid: -pts[tid])
        win = self.win_mp if score == "M" else self.win_gp
        loss = self.loss_mp if score == "M" else self.loss_gp
        missing = {a: sum(1 for b in group if b != a and (a, b) not in met) for a in group}
        low = {a: pts[a] + missing[a] * loss for a in group}
        high = {a: pts[a] + missing[a] * win for a in group}
        placed: list[list[int]] = []
        rest = list(group)
        while len(rest) > 1:
            top = max(rest, key=lambda a: low[a])
            if all(low[top] > high[o] + 1e-9 for o in rest if o != top):
                placed.append([top])
                rest.remove(top)
            else:
                break
        return [*placed, rest] if rest else placed

    def same_score(self, group: list[int]) -> bool:
        """12.1 / 13.3.2: the board tie-breaks apply to teams tied on both MP and GP."""
        return len({(self.mp[t], self.gp[t]) for t in group}) == 1

    def sssc(self, tid: int, tb: TeamTieBreak) -> float:
        """13.4: the secondary score plus the Schedule Strength, the Buchholz on the primary
        score (``/F``: the Fore Buchholz, 8.3; ``/P``: forfeits as played) divided by the
        normalising factor (:meth:`normalising_factor`)."""
        view = self.fore_view() if tb.fore else self
        strength = sum(v for v, _, _ in view.bh(tid, as_played=tb.as_played))
        return _r(self.secondary(tid) + strength / self.normalising_factor(tb))

    def normalising_factor(self, tb: TeamTieBreak) -> float:
        """13.4.2: ``/Kx`` when given, else the highest primary score achievable in the event
        (every match won: ``rounds`` x the win's MP, or x the boards' win GP) divided by the
        highest secondary score achievable in one match, truncated toward zero. A quotient
        below 1 (a one-round event with MP primary) would truncate to 0: the factor is then 1
        (our reading, docs/standings.md)."""
        if tb.factor is not None:
            return tb.factor
        best = {"M": self.win_mp, "G": self.win_gp}
        highest_primary = self.rounds * best[self.primary_code]
        per_match = best[self.secondary_code]
        if per_match <= 0:
            return 1.0
        return float(max(1, math.floor(highest_primary / per_match + 1e-9)))


def _value(ctx: _Ctx, label: str, tid: int) -> float | None:
    tb = parse_team_tiebreak(label)
    code, low, high, p = tb.code, tb.cut_low, tb.cut_high, ctx.primary_code
    if code == "MPVGP":
        return ctx.secondary(tid)
    if code in ("EMMSB", "EMGSB", "EGMSB", "EGGSB"):
        # 14.1 for ESB: the least significant is the opponent with the lowest score, then the
        # lowest product; 16.5: a voluntary unplayed round is cut first when not lower
        return _r(sum(_cut(ctx.sb(tid, code[1], code[2], tb.as_played), low, high)))
    if code == "SB":
        return _r(sum(_cut(ctx.sb(tid, p, p, tb.as_played), low, high)))
    if code == "BH":
        return _r(sum(_cut(ctx.bh(tid, tb.score, tb.as_played), low, high)))
    if code == "BC":
        return round_points(sum((b + 1) * v for b, v in enumerate(ctx.board_points(tid))))
    if code == "SSSC":
        return ctx.sssc(tid, tb)
    if code == "TPN":
        return float(tid)
    raise AssertionError(code)  # pragma: no cover - DE/EDE/TBR/BBE are computed per group


def _sequence_key(ctx: _Ctx, code: str, tid: int) -> tuple[float, ...]:
    board = ctx.board_points(tid)
    if code == "TBR":
        return tuple(-v for v in board)
    # BBE: without the bottom board, then without the next...
    return tuple(-round_points(sum(board[:k])) for k in range(len(board) - 1, 0, -1))


def _board_step(ctx: _Ctx, step: str, group: list[int]) -> list[list[int]]:
    """One art. 12 step of an EDE sequence (13.3.2), for teams tied on MP and GP only."""
    if not ctx.same_score(group):
        return [group]
    if step == "BC":
        return _split_group(group, lambda tid: _value(ctx, "BC", tid) or 0.0)
    return _split_group(group, lambda tid: _sequence_key(ctx, step, tid))


def _ede_split(ctx: _Ctx, group: list[int], tb: TeamTieBreak) -> list[list[int]]:
    """DE (6) or EDE and its sequences (13.3): DE on the primary score, for EDE then on the
    secondary score, then the art. 12 steps of the sequence; the first step that splits the
    group decides, and each new tied subset starts again from the first step (6.2, 13.3.3)."""
    steps: list[Callable[[list[int]], list[list[int]]]] = [
        lambda g: ctx.direct_split(g, ctx.primary_code, tb.as_played)]
    if tb.code != "DE":
        steps.append(lambda g: ctx.direct_split(g, ctx.secondary_code, tb.as_played))
        for step in EDE_SEQUENCES[tb.code]:
            steps.append(lambda g, s=step: _board_step(ctx, s, g))  # type: ignore[misc]
    for step_fn in steps:
        parts = step_fn(group)
        if len(parts) > 1:
            return [q for part in parts
                    for q in (_ede_split(ctx, part, tb) if len(part) > 1 else [part])]
    return [group]


def team_tiebreaks_from_file(t: Tournament) -> list[str]:
    """The team tie-breaks of the file's ``202`` record (else ``212``, its ``PTS`` dropped;
    TRF-2026, trf.md 7), else :data:`DEFAULT_TEAM_TIEBREAKS`. A code we do not know is refused
    with the record named."""
    for code in ("202", "212"):
        for line in t.headers.get(code, []):
            text = line[4:].strip()
            if text:
                try:
                    return parse_team_tiebreaks(text)
                except BadRequest as exc:
                    raise BadRequest(f"record {code}: {exc}") from None
    return parse_team_tiebreaks(DEFAULT_TEAM_TIEBREAKS)


def rank_teams(t: Tournament, tiebreaks: list[str] | None = None,
               round_number: int | None = None) -> TeamStandings:
    """Teams by primary score, then the tie-breaks in order (ties share the rank)."""
    ev = t.team_event
    if ev is None:
        raise BadRequest("this tournament has no teams (no 310 record)")
    rounds = t.rounds_paired if round_number is None else round_number
    if not 0 <= rounds <= t.rounds_paired:
        raise BadRequest(f"round {rounds}: the file has {t.rounds_paired} paired round(s)")
    rules = tournament_team_rules(t)
    tbs = team_tiebreaks_from_file(t) if tiebreaks is None else [
        label for text in tiebreaks for label in parse_team_tiebreaks(text)]
    ctx = _Ctx(t, rounds, rules)
    shown: dict[int, list[float | None]] = {tid: [] for tid in ev.teams}
    groups = _split_group(sorted(ev.teams), lambda tid: -ctx.primary(tid))
    for label in tbs:
        tb = parse_team_tiebreak(label)
        values: dict[int, float | None] = {}
        new_groups = []
        for g in groups:
            if tb.code in ("DE", *EDE_SEQUENCES):
                if len(g) > 1:
                    # shown: the points against the others of the tied group on the primary
                    # score (6.1); the ranking itself follows 6.2-6.3 and 13.3
                    pts, _ = ctx.direct(g, ctx.primary_code, tb.as_played)
                    values.update(pts)
                new_groups += _ede_split(ctx, g, tb) if len(g) > 1 else [g]
            elif tb.code in ("TBR", "BBE"):
                for tid in g:
                    key = _sequence_key(ctx, tb.code, tid)
                    values[tid] = -key[0] if key else None
                new_groups += _split_group(g, lambda tid, c=tb.code: _sequence_key(ctx, c, tid))
            elif tb.code == "BC" and not ctx.same_score(g):
                new_groups.append(g)  # 12.1: only for teams with equal game points
            else:
                for tid in g:
                    values[tid] = _value(ctx, label, tid)
                sign = 1 if tb.code in _ASCENDING else -1
                new_groups += _split_group(g, lambda tid, s=sign, v=values: s * (v[tid] or 0.0))
        for tid in ev.teams:
            if tid not in values:
                values[tid] = None if tb.code in _GROUP_CODES else _value(ctx, label, tid)
            shown[tid].append(values[tid])
        groups = new_groups
    rows = []
    rank = 0
    for g in groups:
        rank += 1
        for tid in sorted(g):
            rows.append(TeamRow(rank, tid, ctx.primary(tid), ctx.secondary(tid), ctx.mp[tid],
                                ctx.gp[tid], shown[tid]))
        rank += len(g) - 1
    return TeamStandings(t, rounds, rules, tbs, rows, ctx.history)


def _split_group(group: list[int], key: object) -> list[list[int]]:
    out: dict[object, list[int]] = {}
    for tid in group:
        out.setdefault(key(tid), []).append(tid)  # type: ignore[operator]
    return [out[k] for k in sorted(out)]  # type: ignore[type-var]


# --- tables -----------------------------------------------------------------------------------
def _w(lang: str, en: str, fr: str) -> str:
    return fr if lang == "fr" else en


def team_standings_table(st: TeamStandings, lang: str = "en") -> Table:
    ev = st.tournament.team_event
    assert ev is not None
    mp_h, gp_h = _w(lang, "MP", "PM"), _w(lang, "GP", "PP")
    rows = [[str(r.rank), str(r.tid), ev.teams[r.tid].name, points_text(lang, r.match_points),
             points_text(lang, r.game_points), *(points_text(lang, v) for v in r.values)]
            for r in st.rows]
    names = _NAMES["fr" if lang == "fr" else "en"]
    primary = _w(lang, "match points", "points de match") if st.rules.primary is Score.MP \
        else _w(lang, "game points", "points de partie")
    return Table(
        title=_w(lang, f"{st.tournament.name or 'Team event'}: standings after round "
                 f"{st.rounds}", f"{st.tournament.name or 'Tournoi par équipes'} : classement "
                 f"après la ronde {st.rounds}"),
        headers=[_w(lang, "Rk", "Clt"), _w(lang, "No", "N°"), _w(lang, "Team", "Équipe"), mp_h,
                 gp_h, *st.labels],
        rows=rows,
        align=["r", "r", "l", "r", "r", *("r" for _ in st.labels)],
        notes=[_w(lang, f"ranked by {primary}, then: ", f"classement aux {primary}, puis : ")
               + ", ".join(f"{c} ({names[parse_team_tiebreak(c).code]})" for c in st.labels)],
        kind="standings",
        lang=lang,
    )


def category_team_table(st: TeamStandings, category: str, teams: set[int],
                        lang: str = "en") -> Table:
    """The best team of a category (a competition's team prize: the best club team of a
    region, the best school team): the team standings restricted to ``teams`` (pairing
    numbers), in the order of the whole event's standings (C.04.6 primary score, then the
    event's C.07 team tie-breaks), with each team's place in the category and overall; the
    category's prize goes to the first of them."""
    ev = st.tournament.team_event
    assert ev is not None
    rows = [[str(place), str(r.rank), str(r.tid), ev.teams[r.tid].name,
             points_text(lang, r.match_points), points_text(lang, r.game_points),
             *(points_text(lang, v) for v in r.values)]
            for place, r in enumerate((r for r in st.rows if r.tid in teams), 1)]
    return Table(
        title=_w(lang, f"Best team - {category}: standings after round {st.rounds}",
                 f"Meilleure équipe - {category} : classement après la ronde {st.rounds}"),
        headers=["#", _w(lang, "Rk", "Clt"), _w(lang, "No", "N°"), _w(lang, "Team", "Équipe"),
                 _w(lang, "MP", "PM"), _w(lang, "GP", "PP"), *st.labels],
        rows=rows,
        align=["r", "r", "r", "l", "r", "r", *("r" for _ in st.labels)],
        notes=[_w(lang, "# the place in the category, Rk in the whole event: the category's "
                  "prize goes to its first team", "# la place dans la catégorie, Clt dans tout "
                  "le tournoi : le prix de la catégorie va à sa première équipe")] if rows else
        [_w(lang, "No team in this category.", "Aucune équipe dans cette catégorie.")],
        kind="prizes",
        lang=lang,
    )


def board_results(st: TeamStandings) -> dict[int, dict[int, tuple[float, int]]]:
    """Per board, per player: (points, games) over the boards played (forfeits count as
    results, C.07 12; a team PAB is no game)."""
    t = st.tournament
    ps = t.point_system
    out: dict[int, dict[int, tuple[float, int]]] = {}
    for rows in st.history.values():
        for x in rows:
            for g in x.games:
                if not g.opponent:
                    continue
                pts, n = out.setdefault(g.board, {}).get(g.player, (0.0, 0))
                out[g.board][g.player] = (round_points(
                    pts + ps.points(RoundEntry(g.opponent, g.colour, g.code))), n + 1)
    return out


def board_ranking(players: dict[int, tuple[float, int]], rounds: int
                  ) -> tuple[list[tuple[int, tuple[float, int]]], int | None]:
    """One board's players (``pid -> (points, games)``) best percentage first, then the most
    points, then the lower number, and who takes the board prize: the first of them with at
    least half of the ``rounds`` played on that board (C.07 12), None when nobody has."""
    ranked = sorted(players.items(), key=lambda kv: (-(kv[1][0] / kv[1][1]), -kv[1][0], kv[0]))
    enough = [pid for pid, (_, n) in ranked if 2 * n >= rounds]
    return ranked, (enough[0] if enough else None)


def board_table(st: TeamStandings, lang: str = "en") -> Table:
    """Board-by-board individual results, best percentage first on each board; the board prize
    (``*``) goes to the best percentage on each board among players with at least half of the
    rounds on it (then the most points)."""
    t = st.tournament
    ev = t.team_event
    assert ev is not None
    team_of = ev.team_of()
    rows = []
    for board, players in sorted(board_results(st).items()):
        ranked, prize = board_ranking(players, st.rounds)
        for pid, (pts, n) in ranked:
            p = t.players[pid]
            rows.append([str(board), ("*" if pid == prize else ""), p.name,
                         ev.teams[team_of[pid]].name, str(p.rating or ""), points_text(lang, pts),
                         str(n), percent_text(lang, pts, n)])
    return Table(
        title=_w(lang, f"Board results after round {st.rounds}",
                 f"Résultats par échiquier après la ronde {st.rounds}"),
        headers=[_w(lang, "Bd", "Éch."), _w(lang, "Prize", "Prix"), _w(lang, "Player", "Joueur"),
                 _w(lang, "Team", "Équipe"), _w(lang, "Rtg", "Elo"), _w(lang, "Pts", "Pts"),
                 _w(lang, "Games", "Parties"), "%"],
        rows=rows,
        align=["r", "c", "l", "l", "r", "r", "r", "r"],
        notes=[_w(lang, "* board prize: best percentage on the board with at least half of the "
                  "rounds played on it", "* prix d'échiquier : meilleur pourcentage à "
                  "l'échiquier, avec au moins la moitié des rondes jouées à cet échiquier")],
        kind="boards",
        lang=lang,
    )


def team_crosstable(st: TeamStandings, lang: str = "en") -> Table:
    """Teams by rank; each round: the opponent's place, colour (board 1) and game points, or
    the bye / absence."""
    ev = st.tournament.team_event
    assert ev is not None
    place = {r.tid: i for i, r in enumerate(st.rows, start=1)}
    rows = []
    for i, r in enumerate(st.rows, start=1):
        cells = []
        for x in st.history[r.tid]:
            if x.kind is MatchKind.PAIRING_BYE:
                cells.append(_w(lang, "PAB", "EXE") + " " + fmt_points(x.game_points))
            elif x.kind.has_opponent:
                colour = "" if x.colour is None else (
                    ("w" if x.colour.value == "w" else "b") if lang != "fr"
                    else ("b" if x.colour.value == "w" else "n"))
                forfeit = "" if x.kind is MatchKind.PLAYED else ("+" if x.kind is
                                                                  MatchKind.FORFEIT_WIN else "-")
                cells.append(f"{place[x.opponent]}{colour} {fmt_points(x.game_points)}{forfeit}")
            else:
                cells.append({MatchKind.FULL_POINT_BYE: "F", MatchKind.HALF_POINT_BYE: "H"}
                             .get(x.kind, "Z"))
        rows.append([str(i), str(r.tid), ev.teams[r.tid].name, *cells,
                     points_text(lang, r.match_points), points_text(lang, r.game_points)])
    return Table(
        title=_w(lang, f"Crosstable after round {st.rounds}",
                 f"Grille américaine après la ronde {st.rounds}"),
        headers=["#", _w(lang, "No", "N°"), _w(lang, "Team", "Équipe"),
                 *(f"R{k}" for k in range(1, st.rounds + 1)), _w(lang, "MP", "PM"),
                 _w(lang, "GP", "PP")],
        rows=rows,
        align=["r", "r", "l", *("c" for _ in range(st.rounds)), "r", "r"],
        kind="crosstable",
        lang=lang,
    )


def team_standings_json(st: TeamStandings) -> str:
    import json

    data = {
        "rounds": st.rounds,
        "primary": st.rules.primary.value,
        "tiebreaks": st.labels,
        "teams": [{"rank": r.rank, "id": r.tid,
                   "name": st.tournament.team_event.teams[r.tid].name,  # type: ignore[union-attr]
                   "match_points": r.match_points, "game_points": r.game_points,
                   "tiebreaks": dict(zip(st.labels, r.values, strict=True))} for r in st.rows],
    }
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"
