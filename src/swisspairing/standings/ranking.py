"""Standings: rank the players after a round by points, then by an ordered tie-break list.

Two ranking modes:

* ``c07`` (default): C.07 art. 4.2 - rank by points, then apply the first tie-break, then each
  following one to every subgroup still tied; Direct Encounter (art. 6, type A) is applied to
  the tied subgroup itself. When the list is exhausted the players stay tied (shared rank)
  unless a seed is given, in which case lots are drawn (4.2) with that seed.
* ``e10``: article E10 of the French Elo-based Swiss system
  (``../shared/seeds/elo-based-swiss-ffe.fr.txt``): highest score; for first place only, the
  results of the games between the tied players; then the highest average Elo of the
  opponents; then lots, drawn with a recorded seed.
"""

from __future__ import annotations

import random
import secrets
from dataclasses import dataclass, field
from itertools import combinations

from ..errors import BadRequest
from ..model.tournament import Tournament
from .tiebreaks import Context, TieBreak, _r, compute, parse_list

#: Default list when the file has no 202/212 record. C.07 4.1 sets no FIDE default; this is the
#: usual choice of Swiss events: Buchholz Cut-1, Buchholz, Sonneborn-Berger, direct encounter,
#: number of wins.
DEFAULT_TIEBREAKS = "BH/C1,BH,SB,DE,WIN"
#: Default list of a round-robin (a ``192 ...ROUNDROBIN`` file): the tie-breaks C.07 names for
#: round-robins, Buchholz being excluded there (2026 note to art. 8): Sonneborn-Berger, direct
#: encounter, number of wins, Koya. ``/P`` counts forfeits as games against the scheduled
#: opponent, as C.07 15.2 treats them in pre-determined pairings.
ROUND_ROBIN_TIEBREAKS = "SB/P,DE/P,WIN,KS/P"


@dataclass(slots=True)
class Row:
    """One line of the standings."""

    pid: int
    rank: int
    points: float
    values: list[float | None]


@dataclass(slots=True)
class Standings:
    tournament: Tournament
    rounds: int
    mode: str
    labels: list[str]
    rows: list[Row]
    seed: int | None = None
    lots: list[list[int]] = field(default_factory=list)
    source: str = ""

    @property
    def by_id(self) -> dict[int, Row]:
        return {r.pid: r for r in self.rows}


def tiebreaks_from_file(t: Tournament) -> tuple[list[TieBreak], str]:
    """The 202 (or 212) record's list, else :data:`DEFAULT_TIEBREAKS`, with where it came from."""
    for code in ("202", "212"):
        for line in t.headers.get(code, []):
            text = line[4:].strip()
            if text:
                return parse_list(text), f"record {code}"
    if is_round_robin(t):
        return parse_list(ROUND_ROBIN_TIEBREAKS), "default"
    return parse_list(DEFAULT_TIEBREAKS), "default"


def is_round_robin(t: Tournament) -> bool:
    """The file's ``192`` names a round-robin (ETT26: ``..._ROUNDROBIN``, trf.md 6)."""
    return any("ROUNDROBIN" in line[4:].upper() for line in t.headers.get("192", []))


def check_round(t: Tournament, round_number: int | None) -> int:
    if t.games_per_round == 2:
        # Double-Swiss (C.04.5): the standings after match K are those after its game 2,
        # column 2K; tie-breaks are computed on games (Preface)
        matches = (t.rounds_paired + 1) // 2
        k = matches if round_number is None else round_number
        if k < 1:
            raise BadRequest("no match has been played yet: nothing to rank"
                             if round_number is None else "the match must be 1 or more")
        if k > matches:
            raise BadRequest(f"match {k} has not been played: the last match in the file is "
                             f"{matches}")
        return 2 * k
    last = t.rounds_paired
    k = last if round_number is None else round_number
    if k < 1:
        raise BadRequest("no round has been played yet: nothing to rank"
                         if round_number is None else "the round must be 1 or more")
    if k > last:
        raise BadRequest(f"round {k} has not been played: the last round in the file is {last}")
    return k


# --- direct encounter (C.07 art. 6) ---------------------------------------------------------
def _mutual(ctx: Context, group: list[int], as_played: bool) -> dict[tuple[int, int], float]:
    """6.1: average points of a against b over their games (6.1.2); forfeits only with /P."""
    members = set(group)
    games: dict[tuple[int, int], list[float]] = {}
    for a in group:
        for c in ctx.cells[a]:
            if c.opponent in members and (c.played or (as_played and c.category in (2, 4))):
                games.setdefault((a, c.opponent), []).append(c.points)
    return {k: sum(v) / len(v) for k, v in games.items()}


def direct_encounter(ctx: Context, group: list[int], as_played: bool = False,
                     shown: dict[int, float | None] | None = None) -> list[list[int]]:
    """Split a tied group by direct encounter (C.07 6.1-6.3); returns the ordered subgroups.

    6.2: when every pair met, the separate standings rank them and each remaining sub-tie is
    decided again by art. 6 on its own games. 6.3: otherwise a player is placed first only if
    alone on top whatever the missing games (its minimum beats everybody's maximum), then the
    same for second place, and art. 6 is applied again to the rest.
    """
    met = _mutual(ctx, group, as_played)
    score = {a: sum(v for (x, _), v in met.items() if x == a) for a in group}
    if shown is not None:
        for a in group:
            shown.setdefault(a, _r(score[a]))
    pairs = list(combinations(group, 2))
    if all((a, b) in met for a, b in pairs):  # 6.2
        levels = sorted({_r(s) for s in score.values()}, reverse=True)
        if len(levels) == 1:
            return [group]
        out: list[list[int]] = []
        for level in levels:
            sub = [a for a in group if _r(score[a]) == level]
            out.extend(direct_encounter(ctx, sub, as_played) if len(sub) > 1 else [sub])
        return out
    ps = ctx.tournament.point_system
    missing = {a: sum(1 for b in group if b != a and (a, b) not in met) for a in group}
    low = {a: score[a] + missing[a] * ps.loss for a in group}
    high = {a: score[a] + missing[a] * ps.win for a in group}
    placed: list[list[int]] = []
    rest = list(group)
    while len(rest) > 1:  # 6.3
        top = max(rest, key=lambda a: low[a])
        if all(low[top] > high[o] + 1e-9 for o in rest if o != top):
            placed.append([top])
            rest.remove(top)
        else:
            break
    if len(rest) == 1:
        return [*placed, rest]
    if not placed:
        return [group]
    return [*placed, *direct_encounter(ctx, rest, as_played)]


# --- C.07 ranking -----------------------------------------------------------------------------
def _split(group: list[int], values: dict[int, float | None], ascending: bool) -> list[list[int]]:
    levels = sorted({values[a] or 0.0 for a in group}, reverse=not ascending)
    return [[a for a in group if (values[a] or 0.0) == v] for v in levels]


def _ranked_rows(ctx: Context, groups: list[list[int]],
                 columns: list[dict[int, float | None]]) -> list[Row]:
    rows: list[Row] = []
    position = 1
    for g in groups:
        for pid in sorted(g):
            rows.append(Row(pid, position, ctx.score[pid], [c.get(pid) for c in columns]))
        position += len(g)
    return rows


def _by_points(ctx: Context) -> list[list[int]]:
    levels = sorted(set(ctx.score.values()), reverse=True)
    members: dict[float, list[int]] = {v: [] for v in levels}
    for pid in sorted(ctx.score):
        members[ctx.score[pid]].append(pid)
    return [members[v] for v in levels]


def _draw_lots(groups: list[list[int]], seed: int) -> tuple[list[list[int]], list[list[int]]]:
    """C.07 4.2: the players still tied when the list is exhausted are ranked by lots."""
    rng = random.Random(seed)
    out: list[list[int]] = []
    lots: list[list[int]] = []
    for g in groups:
        if len(g) == 1:
            out.append(g)
            continue
        order = sorted(g)
        rng.shuffle(order)
        lots.append(order)
        out.extend([a] for a in order)
    return out, lots


def rank(t: Tournament, tiebreaks: list[TieBreak] | None = None,
         round_number: int | None = None, seed: int | None = None) -> Standings:
    """C.07 standings after ``round_number`` (default: the last round played)."""
    k = check_round(t, round_number)
    source = "--tiebreaks"
    if tiebreaks is None:
        tiebreaks, source = tiebreaks_from_file(t)
    ctx = Context(t, k)
    groups = _by_points(ctx)
    columns: list[dict[int, float | None]] = []
    for tb in tiebreaks:
        if tb.code == "DE":
            shown: dict[int, float | None] = {}
            refined: list[list[int]] = []
            for g in groups:
                refined.extend(direct_encounter(ctx, g, tb.forfeits_played, shown)
                               if len(g) > 1 else [g])
            groups = refined
            columns.append(shown)
            continue
        values = compute(ctx, tb)
        columns.append(values)
        groups = [sub for g in groups for sub in
                  (_split(g, values, tb.ascending) if len(g) > 1 else [g])]
    lots: list[list[int]] = []
    if seed is not None:
        groups, lots = _draw_lots(groups, seed)
    rows = _ranked_rows(ctx, groups, columns)
    return Standings(t, k, "c07", [tb.label for tb in tiebreaks], rows, seed, lots, source)


# --- E10 of the French Elo-based Swiss system -----------------------------------------------
def average_opponent_elo(ctx: Context, pid: int) -> float:
    """E10: average Elo of the opponents met over the board (unrated ones left out)."""
    players = ctx.tournament.players
    ratings = [players[o].rating for o, _ in ctx.otb_opponents(pid) if players[o].rating > 0]
    return _r(sum(ratings) / len(ratings)) if ratings else 0.0


def _first_place(ctx: Context, group: list[int], shown: dict[int, float | None]) -> list[list[int]]:
    """E10, first place only: points scored in the games between the players tied for first.

    The players still tied for first are separated again by their own games (applied until
    nothing changes); the others of the group keep the order of those points.
    """
    met = _mutual(ctx, group, as_played=False)
    score = {a: sum(v for (x, _), v in met.items() if x == a) for a in group}
    for a in group:
        shown.setdefault(a, _r(score[a]))
    levels = sorted({_r(s) for s in score.values()}, reverse=True)
    subs = [[a for a in group if _r(score[a]) == v] for v in levels]
    if len(subs) > 1 and len(subs[0]) > 1:
        return [*_first_place(ctx, subs[0], {}), *subs[1:]]
    return subs


def rank_e10(t: Tournament, round_number: int | None = None,
             seed: int | None = None) -> Standings:
    """E10 final ranking: score, games among those tied for first, average Elo, lots (seeded)."""
    k = check_round(t, round_number)
    if seed is None:
        seed = secrets.randbelow(1_000_000)
    ctx = Context(t, k)
    groups = _by_points(ctx)
    shown: dict[int, float | None] = {}
    if len(groups[0]) > 1:
        groups = [*_first_place(ctx, groups[0], shown), *groups[1:]]
    elo = {pid: average_opponent_elo(ctx, pid) for pid in ctx.cells}
    groups = [sub for g in groups for sub in (_split(g, elo, False) if len(g) > 1 else [g])]  # type: ignore[arg-type]
    groups, lots = _draw_lots(groups, seed)
    rows = _ranked_rows(ctx, groups, [shown, elo])  # type: ignore[list-item]
    return Standings(t, k, "e10", ["DE1", "AVGELO"], rows, seed, lots, "E10")
