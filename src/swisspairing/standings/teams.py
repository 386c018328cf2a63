"""Team standings (C.04.6 events): teams by their primary score (match points or game points,
``192``) and the C.07 team tie-breaks, board-by-board individual results and board prizes, the
team crosstable. Tables are :class:`~.views.Table`, published as text, TSV, JSON, HTML or PDF
by :mod:`.render`.

Tie-breaks (``../shared/rules/tiebreaks.md`` 3.6; MTB26 codes):

* ``MPVGP`` (13.1) the secondary score: game points when match points are primary, and back;
* ``EMMSB`` ``EMGSB`` ``EGMSB`` ``EGGSB`` (13.2, Extended Sonneborn-Berger): the sum over the
  rounds of the opponent's final (M)atch or (G)ame points times the team's own (M)atch or
  (G)ame points against it; ``SB`` is the one on the primary score (``EMMSB`` or ``EGGSB``);
* ``BH`` (8.1 applied to teams): the sum of the opponents' primary scores;
* ``DE`` (6) and ``EDE`` (13.3): the direct encounter among the tied teams on the primary
  score (``EDE``: then on the secondary score), when they all met each other;
* ``BC`` (12.1) board count: the sum of board number x game points on that board (lower is
  better, so it is ranked ascending); ``TBR`` (12.2) game points on board 1, then 2, ... (as one
  key); ``BBE`` (12.3) game points without the bottom board, then without the next ...;
* ``TPN`` the team pairing number (last key).

Unplayed rounds (art. 16, "points" = MP and GP for teams): for BH and the Sonneborn-Bergers, an
own unplayed round counts against a dummy whose score is the team's own final score, capped by
16.4 (forfeits: the scheduled opponent's score; other rounds: a drawn match per round of the
event); the opponents see a team's requested byes at the end of the event (16.2.5) as draws.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..errors import BadRequest
from ..model.results import RoundEntry
from ..model.scoring import round_points
from ..model.team_state import Score, TeamRules, tournament_team_rules
from ..model.teams import MatchKind, TeamRound, team_rounds
from ..model.tournament import Tournament
from .tiebreaks import _cut
from .views import Table, fmt_points, points_text

TEAM_TIEBREAKS = ("MPVGP", "EMMSB", "EMGSB", "EGMSB", "EGGSB", "SB", "BH", "DE", "EDE", "BC",
                  "TBR", "BBE", "TPN")
#: ranked ascending (lower is better)
_ASCENDING = {"BC", "TPN"}
DEFAULT_TEAM_TIEBREAKS = "MPVGP,EDE,SB,BH"

_NAMES = {
    "en": {"MPVGP": "secondary score (MP or GP)", "EMMSB": "extended SB (MP x MP)",
           "EMGSB": "extended SB (MP x GP)", "EGMSB": "extended SB (GP x MP)",
           "EGGSB": "extended SB (GP x GP)", "SB": "Sonneborn-Berger", "BH": "Buchholz",
           "DE": "direct encounter", "EDE": "extended direct encounter", "BC": "board count",
           "TBR": "top board results", "BBE": "bottom board elimination",
           "TPN": "team pairing number"},
    "fr": {"MPVGP": "score secondaire (PM ou PP)", "EMMSB": "SB étendu (PM x PM)",
           "EMGSB": "SB étendu (PM x PP)", "EGMSB": "SB étendu (PP x PM)",
           "EGGSB": "SB étendu (PP x PP)", "SB": "Sonneborn-Berger", "BH": "Buchholz",
           "DE": "confrontation directe", "EDE": "confrontation directe étendue",
           "BC": "décompte par échiquier", "TBR": "résultats des premiers échiquiers",
           "BBE": "élimination des derniers échiquiers", "TPN": "numéro d'appariement"},
}


#: the tie-breaks that are sums and take the modifiers of C.07 14 (/C1 /C2 /M1 /M2)
_CUTTABLE = {"BH", "SB", "EMMSB", "EMGSB", "EGMSB", "EGGSB"}
_CUTS = {"C1": (1, 0), "C2": (2, 0), "M1": (1, 1), "M2": (2, 2)}


def parse_team_tiebreaks(text: str) -> list[str]:
    """A comma-separated list of team tie-break codes (``MPvGP,EDE,SB/C1,BH``); the sums (BH,
    SB and the extended SBs) take the modifiers of C.07 14: ``/C1`` ``/C2`` (cut the least
    significant one or two values), ``/M1`` ``/M2`` (median: the lowest and the highest)."""
    out = []
    for raw in (x.strip() for x in text.split(",")):
        if not raw:
            continue
        label = raw.upper().replace("-", "/")
        if label == "PTS":
            continue
        code, _, modifier = label.partition("/")
        if code not in TEAM_TIEBREAKS:
            raise BadRequest(f"unknown team tie-break {raw!r}; known: "
                             f"{', '.join(TEAM_TIEBREAKS)}")
        if modifier and (code not in _CUTTABLE or modifier not in _CUTS):
            raise BadRequest(f"{raw}: modifier /{modifier} does not apply to {code} (C1 C2 M1 "
                             "M2 on BH, SB and the extended SBs)")
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
    def __init__(self, t: Tournament, rounds: int, rules: TeamRules) -> None:
        self.t = t
        self.rules = rules
        self.rounds = rounds
        self.history = team_rounds(t, rounds)
        self.mp = {tid: _mp(rows) for tid, rows in self.history.items()}
        self.gp = {tid: _gp(rows) for tid, rows in self.history.items()}
        ev = t.team_event
        assert ev is not None
        self.boards = ev.boards()
        self.draw_mp, self.draw_gp = ev.match_points.draw, round_points(
            self.boards * t.point_system.draw)
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

    def primary(self, tid: int) -> float:
        return self.mp[tid] if self.rules.primary is Score.MP else self.gp[tid]

    def secondary(self, tid: int) -> float:
        if self.rules.secondary is None:
            return self.gp[tid] if self.rules.primary is Score.MP else self.mp[tid]
        return self.mp[tid] if self.rules.secondary is Score.MP else self.gp[tid]

    def sb(self, tid: int, opp_score: str, own_score: str
           ) -> list[tuple[float, float, bool]]:
        """13.2 / 16.4, per round: (the opponent's final score (MP or GP) times the team's own
        (MP or GP) against it, the opponent's score, from a voluntary unplayed round); own
        unplayed rounds against the capped dummy."""
        final = self.mp if opp_score == "M" else self.gp
        adjusted = self.adjusted_mp if opp_score == "M" else self.adjusted_gp
        draw = self.draw_mp if opp_score == "M" else self.draw_gp
        out = []
        rows = self.history[tid]
        for i, x in enumerate(rows):
            own = x.match_points if own_score == "M" else x.game_points
            cat = self._category(rows, i)
            if cat == 0:
                out.append((adjusted[x.opponent] * own, adjusted[x.opponent], False))
                continue
            cap = adjusted[x.opponent] if cat in (2, 4) and x.opponent else draw * self.rounds
            dummy = min(final[tid], cap)
            out.append((dummy * own, dummy, self._vur(x)))
        return out

    def bh(self, tid: int) -> list[tuple[float, float, bool]]:
        """8.1 / 16.4 on the primary score, per round: (opponent's score, the same, from a
        voluntary unplayed round)."""
        adjusted = self.adjusted_mp if self.rules.primary is Score.MP else self.adjusted_gp
        draw = self.draw_mp if self.rules.primary is Score.MP else self.draw_gp
        out = []
        rows = self.history[tid]
        for i, x in enumerate(rows):
            cat = self._category(rows, i)
            if cat == 0:
                out.append((adjusted[x.opponent], adjusted[x.opponent], False))
            else:
                cap = (adjusted[x.opponent] if cat in (2, 4) and x.opponent
                       else draw * self.rounds)
                value = min(self.primary(tid), cap)
                out.append((value, value, self._vur(x)))
        return out

    def board_points(self, tid: int) -> list[float]:
        """Game points on each board (12: individual forfeits count as results; a team PAB
        counts, per board, as a win)."""
        ps = self.t.point_system
        out = [0.0] * self.boards
        for x in self.history[tid]:
            if x.kind is MatchKind.PAIRING_BYE:
                for b in range(self.boards):
                    out[b] += ps.win
                continue
            for g in x.games:
                if 1 <= g.board <= self.boards and g.opponent:
                    out[g.board - 1] += ps.points(RoundEntry(g.opponent, g.colour, g.code))
        return [round_points(v) for v in out]

    def direct(self, group: list[int], score: str) -> dict[int, float | None]:
        """DE among ``group``: the points (MP or GP) scored against the others of the group,
        when every pair of the group played; else None for all."""
        members = set(group)
        met: dict[int, set[int]] = {tid: set() for tid in group}
        pts = dict.fromkeys(group, 0.0)
        for tid in group:
            for x in self.history[tid]:
                if x.opponent in members and x.kind.has_opponent:
                    met[tid].add(x.opponent)
                    pts[tid] += x.match_points if score == "M" else x.game_points
        if any(met[tid] != members - {tid} for tid in group):
            return dict.fromkeys(group)
        return {tid: round_points(v) for tid, v in pts.items()}


def _value(ctx: _Ctx, label: str, tid: int) -> float | None:
    p = "M" if ctx.rules.primary is Score.MP else "G"
    code, _, modifier = label.partition("/")
    low, high = _CUTS.get(modifier, (0, 0))
    if code == "MPVGP":
        return ctx.secondary(tid)
    if code in ("EMMSB", "EMGSB", "EGMSB", "EGGSB"):
        # 14.1 for ESB: the least significant is the opponent with the lowest score, then the
        # lowest product; 16.5: a voluntary unplayed round is cut first when not lower
        return round_points(sum(_cut(ctx.sb(tid, code[1], code[2]), low, high)))
    if code == "SB":
        return round_points(sum(_cut(ctx.sb(tid, p, p), low, high)))
    if code == "BH":
        return round_points(sum(_cut(ctx.bh(tid), low, high)))
    if code == "BC":
        return round_points(sum((b + 1) * v for b, v in enumerate(ctx.board_points(tid))))
    if code == "TPN":
        return float(tid)
    raise AssertionError(code)  # pragma: no cover - DE/EDE/TBR/BBE are computed per group


def _sequence_key(ctx: _Ctx, code: str, tid: int) -> tuple[float, ...]:
    board = ctx.board_points(tid)
    if code == "TBR":
        return tuple(-v for v in board)
    # BBE: without the bottom board, then without the next...
    return tuple(-round_points(sum(board[:k])) for k in range(len(board) - 1, 0, -1))


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
    tbs = parse_team_tiebreaks(DEFAULT_TEAM_TIEBREAKS) if tiebreaks is None else tiebreaks
    ctx = _Ctx(t, rounds, rules)
    shown: dict[int, list[float | None]] = {tid: [] for tid in ev.teams}
    groups = [sorted(ev.teams, key=lambda i: (-ctx.primary(i), i))]
    # split by the primary score first
    groups = _split_by(groups, lambda tid: -ctx.primary(tid))
    for code in tbs:
        values: dict[int, float | None] = {}
        new_groups = []
        for g in groups:
            base = code.partition("/")[0]
            if base in ("DE", "EDE"):
                p = "M" if rules.primary is Score.MP else "G"
                first = ctx.direct(g, p) if len(g) > 1 else dict.fromkeys(g)
                values.update(first)
                parts = _split_group(g, lambda tid, f=first: -(f[tid] or 0.0)
                                     if f[tid] is not None else 0.0)
                if base == "EDE":
                    s = "G" if p == "M" else "M"
                    refined = []
                    for part in parts:
                        second = ctx.direct(part, s) if len(part) > 1 else dict.fromkeys(part)
                        refined += _split_group(part, lambda tid, f=second: -(f[tid] or 0.0)
                                                if f[tid] is not None else 0.0)
                    parts = refined
                new_groups += parts
            elif base in ("TBR", "BBE"):
                for tid in g:
                    key = _sequence_key(ctx, code, tid)
                    values[tid] = -key[0] if key else None
                new_groups += _split_group(g, lambda tid, c=code: _sequence_key(ctx, c, tid))
            else:
                for tid in g:
                    values[tid] = _value(ctx, code, tid)
                sign = 1 if base in _ASCENDING else -1
                new_groups += _split_group(g, lambda tid, s=sign, v=values: s * (v[tid] or 0.0))
        for tid in ev.teams:
            if tid not in values:
                values[tid] = _value(ctx, code, tid) if code.partition("/")[0] not in (
                    "DE", "EDE", "TBR", "BBE") else None
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


def _split_by(groups: list[list[int]], key: object) -> list[list[int]]:
    return [part for g in groups for part in _split_group(g, key)]


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
               + ", ".join(f"{c} ({names[c.partition('/')[0]]})" for c in st.labels)],
        kind="standings",
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
        ranked = sorted(players.items(), key=lambda kv: (-(kv[1][0] / kv[1][1]), -kv[1][0],
                                                         kv[0]))
        enough = [pid for pid, (_, n) in ranked if 2 * n >= st.rounds]
        prize = enough[0] if enough else None
        for pid, (pts, n) in ranked:
            p = t.players[pid]
            rows.append([str(board), ("*" if pid == prize else ""), p.name,
                         ev.teams[team_of[pid]].name, str(p.rating or ""), points_text(lang, pts),
                         str(n), f"{100 * pts / n:.1f}"])
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
