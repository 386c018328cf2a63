"""FIDE C.07 tie-breaks (2026 text, ``../shared/rules/tiebreaks.md``), computed after any round.

Every tie-break of the individual list of C.07 art. 5 is here, named by its MTB26 code (TRF-2026
annex B) with the modifiers of art. 14: ``/C1 /C2`` (Cut-1/2, 14.1-14.2), ``/M1 /M2`` (Median,
14.3-14.4), ``/Lx`` (Koya limit, 14.5), ``/P`` (forfeits counted as played against the scheduled
opponent), ``/F`` (AOB over Fore Buchholz), ``/R`` (reverse order of TPN and RTNG).

Unplayed rounds follow C.07 arts. 15-16 (2026):

* 16.1 a *requested bye* is a half-point or zero-point bye, and every round after a withdrawal
  (or any empty cell) is a zero-point bye; a *VUR* is a requested bye or a forfeit loss;
* 16.2 each unplayed round falls in one category: 1 pairing-allocated or full-point bye,
  2 forfeit win, 3 requested bye followed by a round that is not a VUR, 4 forfeit loss,
  5 requested bye followed only by VURs, or in the last round;
* 16.3 the score of a participant *as seen by its opponents* (the "adjusted" score) counts
  category 5 rounds as draws, every other round with the points awarded;
* 16.4 for a participant's own BH/SB each unplayed round is a game against a dummy whose score
  is the participant's own score, capped (2026) at the scheduled opponent's adjusted score for
  forfeits (16.4.1) and at draw points x number of rounds for the other rounds (16.4.2);
* 16.5 a Cut of a participant with VURs removes the lowest VUR contribution rather than the
  least significant value when it is the higher of the two.

"Number of rounds" in 16.4.2 is the number of rounds of the standings (the round asked for):
the standings after round K are the final standings of a K-round event. Acceleration points
are never part of a tie-break (digest 6): only the points of the point system count.
"""

from __future__ import annotations

import math
from bisect import bisect_left
from collections.abc import Iterable
from dataclasses import dataclass, field

from ..errors import BadRequest
from ..model.results import Colour, ResultKind, RoundEntry
from ..model.scoring import round_points
from ..model.tournament import Tournament

#: individual tie-break codes of C.07 art. 5 / MTB26, with their type (4.3) and article.
CODES: dict[str, tuple[str, str, str]] = {
    "DE": ("A", "6", "Direct encounter"),
    "WIN": ("B", "7.1", "Number of wins (with or without playing)"),
    "WON": ("B", "7.2", "Number of games won over the board"),
    "BPG": ("B", "7.3", "Games played with Black"),
    "BWG": ("B", "7.4", "Games won with Black"),
    "PS": ("B", "7.5", "Progressive score"),
    "REP": ("B", "7.6", "Rounds one elected to play in"),
    "STD": ("B", "7.7", "Standard points"),
    "TPN": ("B", "7.8", "Tournament pairing number"),
    "BH": ("C", "8.1", "Buchholz"),
    "AOB": ("CC", "8.2", "Average of opponents' Buchholz"),
    "FB": ("D", "8.3", "Fore Buchholz"),
    "SB": ("BC", "9.1", "Sonneborn-Berger"),
    "KS": ("BC", "9.2", "Koya system"),
    "ARO": ("D", "10.1", "Average rating of opponents"),
    "TPR": ("DB", "10.2", "Tournament performance rating"),
    "PTP": ("DB", "10.3", "Perfect tournament performance"),
    "APRO": ("DC", "10.4", "Average performance rating of opponents"),
    "APPO": ("DC", "10.5", "Average perfect performance of opponents"),
    "RTNG": ("B", "10.6", "Rating"),
}
ALIASES = {"GE": "REP"}
TEAM_CODES = frozenset({"BC", "TBR", "BBE", "MPVGP", "EMMSB", "EMGSB", "EGMSB", "EGGSB", "EDE",
                        "EDEBT", "EDEBB", "EDET", "EDEB", "SSSC"})
#: tie-breaks that are sums of values and so accept the Cut / Median modifiers (art. 14).
_CUTTABLE = {"BH": "CM", "FB": "CM", "SB": "CM", "ARO": "CM", "PS": "C", "REP": "C"}

#: FIDE B.02 8.1(a): fractional score p (hundredths) -> rating difference dp, p >= 0.50.
_DP = (0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133, 141, 149,
       158, 166, 175, 184, 193, 202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309, 322, 336,
       351, 366, 383, 401, 422, 444, 470, 501, 538, 589, 677, 800)
#: FIDE B.02 8.1(b): upper bound of the rating difference for expected scores .50, .51 ... .99
#: (a difference above 735 expects 1.00). Used without the 400-point cut (C.07 10.3).
_PD_BOUNDS = (3, 10, 17, 25, 32, 39, 46, 53, 61, 68, 76, 83, 91, 98, 106, 113, 121, 129, 137, 145,
              153, 162, 170, 179, 188, 197, 206, 215, 225, 235, 245, 256, 267, 278, 290, 302, 315,
              328, 344, 357, 374, 391, 411, 432, 456, 484, 517, 559, 619, 735)


#: expected score of the higher-rated player for each difference 0..735 (table 8.1b)
_PD_BY_DIFF = tuple(0.50 + bisect_left(_PD_BOUNDS, d) / 100 for d in range(_PD_BOUNDS[-1] + 1))


def dp_of(p: float) -> int:
    """Rating difference for a fractional score (B.02 table 8.1a), p rounded to 0.01, 0.005 up."""
    hundredths = math.floor(p * 100 + 0.5 + 1e-9)
    hundredths = max(0, min(100, hundredths))
    if hundredths >= 50:
        return _DP[hundredths - 50]
    return -_DP[50 - hundredths]


def expected_score(diff: int) -> float:
    """Expected score of a player rated ``diff`` points above its opponent (B.02 8.1b, no cut)."""
    d = abs(diff)
    pd = _PD_BY_DIFF[d] if d < len(_PD_BY_DIFF) else 1.0
    return pd if diff >= 0 else 1.0 - pd


def round_half_up(x: float) -> int:
    """Round to the nearest integer, 0.5 up (C.07 10.1)."""
    return math.floor(x + 0.5 + 1e-9)


# --- tie-break descriptors ------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class TieBreak:
    """One tie-break of the list: an MTB26 code with its modifiers, e.g. ``BH/C1``."""

    code: str
    cut_low: int = 0
    cut_high: int = 0
    limit: int = 0
    forfeits_played: bool = False
    fore: bool = False
    reverse: bool = False
    text: str = ""

    @property
    def label(self) -> str:
        return self.text or self.code

    @property
    def ascending(self) -> bool:
        """TPN ranks the smaller number first (7.8); ``/R`` reverses TPN and RTNG."""
        return (self.code == "TPN") != self.reverse


def parse_tiebreak(text: str) -> TieBreak:
    """Parse one MTB26 descriptor (``BH/C1``, ``bh-c1``, ``KS/L2``, ``TPN/R``...)."""
    raw = text.strip()
    if not raw:
        raise BadRequest("empty tie-break name")
    parts = raw.upper().replace("-", "/").split("/")
    code = parts[0].split(":")[0]
    code = ALIASES.get(code, code)
    if code in TEAM_CODES or ":" in parts[0]:
        raise BadRequest(f"{raw}: a team tie-break; these standings are individual")
    if code.startswith("OTHER_"):
        raise BadRequest(f"{raw}: self-defined tie-breaks (OTHER_) are not supported")
    if code not in CODES:
        raise BadRequest(f"unknown tie-break {raw!r}; known: {', '.join(CODES)}")
    kw: dict[str, object] = {}
    for mod in parts[1:]:
        cuts = _CUTTABLE.get(code, "")
        if mod in ("C1", "C2") and "C" in cuts:
            kw["cut_low"] = int(mod[1])
        elif mod in ("M1", "M2") and "M" in cuts:
            kw["cut_low"] = kw["cut_high"] = int(mod[1])
        elif mod == "P" and code in ("DE", "BH", "FB", "SB", "KS", "AOB"):
            kw["forfeits_played"] = True
        elif mod == "F" and code == "AOB":
            kw["fore"] = True
        elif mod == "R" and code in ("TPN", "RTNG"):
            kw["reverse"] = True
        elif mod.startswith("L") and code == "KS":
            try:
                kw["limit"] = int(mod[1:])
            except ValueError:
                raise BadRequest(f"{raw}: the Koya limit must be a whole number (KS/L1)") from None
        else:
            raise BadRequest(f"{raw}: modifier /{mod} does not apply to {code}")
    return TieBreak(code=code, text=raw.upper().replace("-", "/"), **kw)  # type: ignore[arg-type]


def parse_list(text: str) -> list[TieBreak]:
    """A comma-separated list of descriptors (record 202, or 212 without its leading PTS)."""
    items = [s for s in (x.strip() for x in text.split(",")) if s]
    if items and items[0].upper() == "PTS":
        items = items[1:]
    return [parse_tiebreak(s) for s in items]


def _single_forfeits(t: Tournament, columns: int) -> dict[tuple[int, int], RoundEntry]:
    """Double-Swiss (C.04.5 Preface): in a match that is not forfeited (nobody forfeited both
    games), a forfeited single game "shall be treated as played" for standings and tie-breaks.
    Each such game cell, as a played game with the same points: ``+`` a win, ``-`` a loss
    (a game both players forfeited is a 0-0 game, Preface's result list), with the scheduled
    colour (from the other game when the cell has none). Keyed by (player, column)."""
    from ..model.matches import MatchStatus, player_match

    out: dict[tuple[int, int], RoundEntry] = {}
    for pid in t.players:
        for number in range(1, (columns + 1) // 2 + 1):
            m = player_match(t, pid, number)
            if m.status is not MatchStatus.PLAYED:
                continue
            for column, e, other in ((2 * number - 1, m.game1, m.game2),
                                     (2 * number, m.game2, m.game1)):
                if column > columns or e is None or e.kind not in (ResultKind.FORFEIT_WIN,
                                                                   ResultKind.FORFEIT_LOSS):
                    continue
                colour = e.colour or (other.colour.opposite if other is not None
                                      and other.colour is not None else Colour.WHITE)
                code = "1" if e.kind is ResultKind.FORFEIT_WIN else "0"
                out[(pid, column)] = RoundEntry(e.opponent, colour, code)
    return out


# --- per-round facts ------------------------------------------------------------------------
@dataclass(slots=True)
class Cell:
    """One round of one player as the tie-breaks see it."""

    kind: ResultKind
    opponent: int  # scheduled opponent (0 = none)
    colour: Colour | None
    points: float
    category: int = 0  # 0 = played over the board, else the 16.2 category 1-5

    @property
    def played(self) -> bool:
        return self.category == 0

    @property
    def vur(self) -> bool:
        """Voluntary unplayed round (16.1): requested bye or forfeit loss."""
        return self.kind in _VUR_KINDS


_VUR_KINDS = frozenset({ResultKind.HALF_POINT_BYE, ResultKind.ZERO_POINT_BYE,
                        ResultKind.FORFEIT_LOSS})
_GAME_POINTS = {ResultKind.WIN: 1.0, ResultKind.DRAW: 0.5, ResultKind.ADJOURNED: 0.5,
                ResultKind.LOSS: 0.0}


@dataclass
class Context:
    """Everything the tie-breaks of one standings (after ``rounds`` rounds) are computed from.

    ``fore`` builds the view of Fore Buchholz (8.3): every paired game of the last round is
    taken as a draw.
    """

    tournament: Tournament
    rounds: int
    fore: bool = False
    cells: dict[int, list[Cell]] = field(default_factory=dict)
    score: dict[int, float] = field(default_factory=dict)
    adjusted: dict[int, float] = field(default_factory=dict)
    _cache: dict[object, dict[int, float | None]] = field(default_factory=dict)
    _fore: Context | None = None

    def __post_init__(self) -> None:
        t, k = self.tournament, self.rounds
        ps = t.point_system
        as_played = _single_forfeits(t, k) if t.games_per_round == 2 else {}
        for pid, p in t.players.items():
            row: list[Cell] = []
            for r in range(1, k + 1):
                e = as_played.get((pid, r)) or p.entry(r)
                if e is None or (e.opponent and e.opponent not in t.players):
                    e = RoundEntry.bye("Z")
                if self.fore and r == k and e.opponent:
                    # 8.3: the paired games of the final round are taken as draws
                    e = RoundEntry(e.opponent, e.colour or Colour.WHITE, "=")
                kind = e.kind
                row.append(Cell(kind, e.opponent, e.colour, t.cell_points(e),
                                0 if kind.is_played else -1))
            # 16.2 categories of the unplayed rounds
            for i, c in enumerate(row):
                if c.category == 0:
                    continue
                if c.kind in (ResultKind.PAIRING_BYE, ResultKind.FULL_POINT_BYE):
                    c.category = 1
                elif c.kind is ResultKind.FORFEIT_WIN:
                    c.category = 2
                elif c.kind is ResultKind.FORFEIT_LOSS:
                    c.category = 4
                else:  # requested bye (16.2.3 / 16.2.5)
                    later_non_vur = any(not d.vur for d in row[i + 1:])
                    c.category = 3 if later_non_vur else 5
            self.cells[pid] = row
            self.score[pid] = round_points(sum(c.points for c in row))
            # 16.3: category-5 rounds count as draws for the opponents
            self.adjusted[pid] = round_points(
                sum(ps.draw if c.category == 5 else c.points for c in row)
            )

    # --- helpers ---------------------------------------------------------------------------
    def dummy(self, pid: int, c: Cell) -> float:
        """16.4: score of the dummy opponent of an own unplayed round, with the 2026 cap."""
        own = self.score[pid]
        if c.category in (2, 4) and c.opponent:
            cap = self.adjusted[c.opponent]  # 16.4.1
        else:
            cap = self.tournament.point_system.draw * self.rounds  # 16.4.2
        return min(own, cap)

    def contributions(self, pid: int, as_played: bool) -> list[tuple[float, float, bool]]:
        """(opponent score, points scored, from a VUR) per round, for BH and SB (8.1, 9.1, 16).

        With ``as_played`` (``/P``) a forfeit is a game against the scheduled opponent.
        """
        out = []
        for c in self.cells[pid]:
            if c.played or (as_played and c.category in (2, 4) and c.opponent):
                out.append((self.adjusted[c.opponent], c.points, False))
            else:
                out.append((self.dummy(pid, c), c.points, c.vur))
        return out

    def otb_opponents(self, pid: int) -> list[tuple[int, Cell]]:
        return [(c.opponent, c) for c in self.cells[pid] if c.played]


# --- cutting (arts. 14 and 16.5) ------------------------------------------------------------
def _cut(items: list[tuple[float, float, bool]], low: int, high: int) -> list[float]:
    """Values left after cutting ``low`` least and ``high`` most significant ones.

    ``items`` are (value, significance, from_vur): the least significant value is the one with
    the lowest significance, then the lowest value (14.1, SB rule of 2024). 16.5: when VUR
    values remain, the lowest VUR value is cut instead if it is the higher of the two.
    """
    rest = list(items)
    for _ in range(low):
        if not rest:
            break
        least = min(range(len(rest)), key=lambda i: (rest[i][1], rest[i][0]))
        vurs = [i for i in range(len(rest)) if rest[i][2]]
        if vurs:
            lowest_vur = min(vurs, key=lambda i: rest[i][0])
            if rest[lowest_vur][0] >= rest[least][0]:
                least = lowest_vur
        rest.pop(least)
    for _ in range(high):  # 14.3/14.4: the highest, after the lowest
        if not rest:
            break
        most = max(range(len(rest)), key=lambda i: (rest[i][1], rest[i][0]))
        rest.pop(most)
    return [v for v, _, _ in rest]


def _plain_cut(values: Iterable[float], low: int, high: int) -> list[float]:
    s = sorted(values)
    s = s[low:]
    return s[: len(s) - high] if high else s


def _r(x: float) -> float:
    return round(x + 0.0, 4) + 0.0


# --- the tie-breaks -------------------------------------------------------------------------
def compute(ctx: Context, tb: TieBreak) -> dict[int, float | None]:
    """Value of ``tb`` for every player (None where it does not apply, e.g. DE)."""
    key = (tb.code, tb.cut_low, tb.cut_high, tb.limit, tb.forfeits_played, tb.fore, tb.reverse)
    if key in ctx._cache:
        return ctx._cache[key]
    fn = _FUNCS[tb.code]
    out = fn(ctx, tb)
    ctx._cache[key] = out
    return out


def _bh(ctx: Context, tb: TieBreak) -> dict[int, float | None]:
    """BH 8.1: sum of the opponents' adjusted scores; own unplayed rounds per 16.4."""
    out: dict[int, float | None] = {}
    for pid in ctx.cells:
        items = [(s, s, v) for s, _, v in ctx.contributions(pid, tb.forfeits_played)]
        out[pid] = _r(sum(_cut(items, tb.cut_low, tb.cut_high)))
    return out


def _fb(ctx: Context, tb: TieBreak) -> dict[int, float | None]:
    """FB 8.3: Buchholz as if every paired game of the last round had been drawn."""
    fore = _fore_context(ctx)
    return _bh(fore, tb)


def _fore_context(ctx: Context) -> Context:
    if ctx._fore is None:
        ctx._fore = Context(ctx.tournament, ctx.rounds, fore=True)
    return ctx._fore


def _sb(ctx: Context, tb: TieBreak) -> dict[int, float | None]:
    """SB 9.1: sum of opponent's adjusted score x points scored against it (16.4 dummies)."""
    out: dict[int, float | None] = {}
    for pid in ctx.cells:
        items = [(s * pts, s, v) for s, pts, v in ctx.contributions(pid, tb.forfeits_played)]
        out[pid] = _r(sum(_cut(items, tb.cut_low, tb.cut_high)))
    return out


def _aob(ctx: Context, tb: TieBreak) -> dict[int, float | None]:
    """AOB 8.2: average Buchholz (``/F``: Fore Buchholz) of the opponents played over the board."""
    base = TieBreak("FB" if tb.fore else "BH", forfeits_played=tb.forfeits_played)
    bh = compute(ctx, base)
    out: dict[int, float | None] = {}
    for pid in ctx.cells:
        opps = [o for o, _ in ctx.otb_opponents(pid)]
        out[pid] = _r(sum(bh[o] or 0.0 for o in opps) / len(opps)) if opps else 0.0
    return out


def _ks(ctx: Context, tb: TieBreak) -> dict[int, float | None]:
    """KS 9.2: points scored against the participants with at least 50 % of the maximum score.

    ``/Lx`` moves the limit by x half-points (14.5); forfeits count only with ``/P``.
    """
    ps = ctx.tournament.point_system
    limit = ps.win * ctx.rounds / 2 + tb.limit * ps.draw
    strong = {pid for pid, s in ctx.score.items() if s >= limit - 1e-9}
    out: dict[int, float | None] = {}
    for pid, row in ctx.cells.items():
        total = 0.0
        for c in row:
            counted = c.played or (tb.forfeits_played and c.category in (2, 4))
            if counted and c.opponent in strong:
                total += c.points
        out[pid] = _r(total)
    return out


def _count(pred: object) -> object:
    def fn(ctx: Context, tb: TieBreak) -> dict[int, float | None]:
        return {pid: float(sum(1 for c in row if pred(ctx, c)))  # type: ignore[operator]
                for pid, row in ctx.cells.items()}

    return fn


def _is_win(ctx: Context, c: Cell) -> bool:
    """WIN 7.1: a win's points with or without playing (forfeit win, FPB, PAB worth a win)."""
    if c.kind is ResultKind.WIN:
        return True
    if c.kind in (ResultKind.FORFEIT_WIN, ResultKind.FULL_POINT_BYE):
        return True
    return c.kind is ResultKind.PAIRING_BYE and c.points >= ctx.tournament.point_system.win


def _ps(ctx: Context, tb: TieBreak) -> dict[int, float | None]:
    """PS 7.5: sum of the running scores after each round; Cut-1 drops the score after round 1."""
    out: dict[int, float | None] = {}
    for pid, row in ctx.cells.items():
        acc, running = 0.0, []
        for c in row:
            acc += c.points
            running.append(acc)
        kept = running[tb.cut_low:]
        out[pid] = _r(sum(kept))
    return out


def _rep(ctx: Context, tb: TieBreak) -> dict[int, float | None]:
    """REP 7.6: rounds minus half-point byes, zero-point byes and forfeit losses."""
    out: dict[int, float | None] = {}
    for pid, row in ctx.cells.items():
        values = [0.0 if c.vur else 1.0 for c in row]
        out[pid] = sum(_plain_cut(values, tb.cut_low, 0))
    return out


def _std(ctx: Context, tb: TieBreak) -> dict[int, float | None]:
    """STD 7.7: 1 for a round scored above the scheduled opponent (or above a draw without
    one), 1/2 for the same score as the opponent (or exactly a draw without one), else 0.
    A double forfeit (both scored the same) is therefore 1/2 each, as the text says."""
    draw = ctx.tournament.point_system.draw
    out: dict[int, float | None] = {}
    for pid, row in ctx.cells.items():
        total = 0.0
        for r, c in enumerate(row):
            other = ctx.cells[c.opponent][r].points if c.opponent else draw
            total += 1.0 if c.points > other + 1e-9 else 0.5 if abs(c.points - other) < 1e-9 else 0
        out[pid] = total
    return out


def _tpn(ctx: Context, tb: TieBreak) -> dict[int, float | None]:
    """TPN 7.8: the pairing number (ranked ascending, ``/R`` descending)."""
    return {pid: float(pid) for pid in ctx.cells}


def _rtng(ctx: Context, tb: TieBreak) -> dict[int, float | None]:
    """RTNG 10.6: the participant's own rating, highest first (``/R``: lowest first)."""
    return {pid: float(p.rating) for pid, p in ctx.tournament.players.items()}


def _rated_games(ctx: Context, pid: int) -> list[tuple[int, float]]:
    """(opponent rating, game points 1/0.5/0) of the games over the board against rated
    opponents. C.07 art. 10 preamble: unrated opponents have no rating to average, so their
    games are left out of every rating tie-break (documented choice)."""
    players = ctx.tournament.players
    out = []
    for opp, c in ctx.otb_opponents(pid):
        rating = players[opp].rating
        if rating > 0:
            out.append((rating, _GAME_POINTS.get(c.kind, 0.0)))
    return out


def _aro(ctx: Context, tb: TieBreak) -> dict[int, float | None]:
    """ARO 10.1: average rating of the opponents played over the board, rounded 0.5 up."""
    out: dict[int, float | None] = {}
    for pid in ctx.cells:
        ratings = _plain_cut((r for r, _ in _rated_games(ctx, pid)), tb.cut_low, tb.cut_high)
        out[pid] = float(round_half_up(sum(ratings) / len(ratings))) if ratings else 0.0
    return out


def _tpr(ctx: Context, tb: TieBreak) -> dict[int, float | None]:
    """TPR 10.2: ARO + dp(p), p = game points / games over the board (B.02 table 8.1a)."""
    out: dict[int, float | None] = {}
    for pid in ctx.cells:
        games = _rated_games(ctx, pid)
        if not games:
            out[pid] = 0.0
            continue
        aro = round_half_up(sum(r for r, _ in games) / len(games))
        p = sum(s for _, s in games) / len(games)
        out[pid] = float(aro + dp_of(p))
    return out


def perfect_performance(ratings: list[int], score: float) -> int:
    """PTP 10.3: the lowest integer rating R with sum of expected scores >= ``score``."""
    if score <= 0:
        return min(ratings) - 800
    lo, hi = min(ratings) - 800, max(ratings) + 800
    while lo < hi:  # the expected-score sum is non-decreasing in R
        mid = (lo + hi) // 2
        if sum(expected_score(mid - r) for r in ratings) >= score - 1e-9:
            hi = mid
        else:
            lo = mid + 1
    return lo


def _ptp(ctx: Context, tb: TieBreak) -> dict[int, float | None]:
    """PTP 10.3 over the games played against rated opponents."""
    out: dict[int, float | None] = {}
    for pid in ctx.cells:
        games = _rated_games(ctx, pid)
        out[pid] = (float(perfect_performance([r for r, _ in games], sum(s for _, s in games)))
                    if games else 0.0)
    return out


def _average_of_opponents(base: str) -> object:
    def fn(ctx: Context, tb: TieBreak) -> dict[int, float | None]:
        """APRO 10.4 / APPO 10.5: average TPR / PTP of the opponents played over the board
        (rated ones, as for TPR), rounded 0.5 up."""
        values = compute(ctx, TieBreak(base))
        players = ctx.tournament.players
        out: dict[int, float | None] = {}
        for pid in ctx.cells:
            opps = [o for o, _ in ctx.otb_opponents(pid) if players[o].rating > 0]
            out[pid] = (float(round_half_up(sum(values[o] or 0.0 for o in opps) / len(opps)))
                        if opps else 0.0)
        return out

    return fn


def _de_column(ctx: Context, tb: TieBreak) -> dict[int, float | None]:
    """DE has no value of its own: the ranking fills it per tied group (see ranking.py)."""
    return dict.fromkeys(ctx.cells)


_FUNCS = {
    "BH": _bh,
    "FB": _fb,
    "SB": _sb,
    "AOB": _aob,
    "KS": _ks,
    "WIN": _count(_is_win),
    "WON": _count(lambda ctx, c: c.kind is ResultKind.WIN),
    "BPG": _count(lambda ctx, c: c.played and c.colour is Colour.BLACK),
    "BWG": _count(lambda ctx, c: c.kind is ResultKind.WIN and c.colour is Colour.BLACK),
    "PS": _ps,
    "REP": _rep,
    "STD": _std,
    "TPN": _tpn,
    "RTNG": _rtng,
    "ARO": _aro,
    "TPR": _tpr,
    "PTP": _ptp,
    "APRO": _average_of_opponents("TPR"),
    "APPO": _average_of_opponents("PTP"),
    "DE": _de_column,
}
