"""Team events: teams, their members in board order, and the matches of each round.

The facts of a team event (``../shared/rules/trf.md`` 5.4, the TRF-2026 team records) live in
:class:`TeamEvent`, attached to the :class:`~swisspairing.model.Tournament` whose ``players``
are the teams' members (their ``001`` lines hold the board games). What follows from those
facts round by round -- who met whom, the team's colour, match points and game points, the
team pairing-allocated bye, forfeited matches, absences -- is derived here by
:func:`team_rounds`, once, and shared by the team pairing engine, the checker and the
standings (``../shared/rules/team-swiss.md``, C.04.6).

Readings (argued in ``docs/team-swiss.md``):

* a team's colour in a match is the scheduled colour of its **board-1** player (C.04.6 1.6.1);
  board 1 is the first player of the round's ``300`` line-up, else the first member (``310``
  order) who has an opponent in that round (Open reading 18);
* a match is **played** when at least one board was played over the board (Open reading 6);
  only a played match is a meeting ([C1], GHR 3.5) and gives a colour (1.6.1);
* the match result follows the game points of both teams (more = win, ``362`` values); a
  forfeited match (``330``) gives the winner the win and the other the loss (double: both lose);
* the team pairing-allocated bye is worth a drawn match (C.04.6 1.4) unless ``320`` gives
  other values: match points ``TD`` and game points half the boards' win value.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import Enum
from typing import TYPE_CHECKING

from .results import Colour
from .scoring import PointSystem, round_points

if TYPE_CHECKING:  # pragma: no cover
    from .tournament import Player, Tournament


@dataclass(frozen=True, slots=True)
class MatchPointSystem:
    """Match points of a won, drawn and lost match (TRF-2026 ``362`` ``TW``/``TD``/``TL``;
    default 2/1/0, ``../shared/rules/team-swiss.md`` 1.2)."""

    win: float = 2.0
    draw: float = 1.0
    loss: float = 0.0


@dataclass(slots=True)
class Team:
    """A team: its pairing number (TPN, C.04.6 1.1: input, never derived), name and members.

    ``members`` are player ids (``001`` starting ranks) in the declared board order (``310``
    columns 74-77, 79-82, ...). ``strength`` is the ``310`` columns 48-53 value as written
    (the competition's own measure, C.04.6 1.1.2). ``captain`` is a member id or None (TRF has
    no field for it; written as a ``### swisspairing captain`` comment). The declared match
    points, game points and rank are what the file said, kept to check and rewrite.
    """

    id: int
    name: str = ""
    nickname: str = ""
    strength: str = ""
    members: list[int] = field(default_factory=list)
    captain: int | None = None
    declared_match_points: float | None = None
    declared_game_points: float | None = None
    declared_rank: int | None = None


@dataclass(frozen=True, slots=True)
class Lineup:
    """A ``300`` record: who plays which board for ``team`` against ``opponent`` in ``round``
    (player ids board 1, 2, ...; 0 = an empty board)."""

    round: int
    team: int
    opponent: int
    players: tuple[int, ...]


class ForfeitKind(Enum):
    """The type of a ``330`` record (trf.md 5.4)."""

    WHITE_WINS = "+-"
    BLACK_WINS = "-+"
    DOUBLE = "--"


@dataclass(frozen=True, slots=True)
class MatchForfeit:
    """A forfeited match (``330``): ``white`` and ``black`` are the teams as paired."""

    round: int
    white: int
    black: int
    kind: ForfeitKind


@dataclass(frozen=True, slots=True)
class TeamAcceleration:
    """A ``250`` record for teams: fictitious match and game points for rounds
    ``first``..``last`` to teams ``low``..``high`` (C.04.7 1.4)."""

    match_points: float
    game_points: float
    first: int
    last: int
    low: int
    high: int


@dataclass(slots=True)
class TeamEvent:
    """The team records of a tournament (TRF-2026 ``310 320 330 300 352 362 240 250``).

    * ``board_colours`` - ``352``: the board colours of the team with White (``WBWB``), which
      also gives the number of boards; "" when not given (then the members' games tell).
    * ``match_points`` - ``362`` values; ``match_points_given`` whether the file had ``362``.
    * ``pab_match_points`` / ``pab_game_points`` - ``320`` values (None: the defaults of 1.4);
      ``pab[r]`` the team given the pairing-allocated bye in round ``r``.
    * ``absent[r]`` - teams not to be paired in round ``r`` with the ``240`` code (F, H, Z).
    * ``withdrawn[id]`` - the first round a withdrawn team is no longer paired (GHR 3.2;
      written ``### swisspairing team-withdrawn TEAM ROUND``).
    """

    teams: dict[int, Team] = field(default_factory=dict)
    board_colours: str = ""
    match_points: MatchPointSystem = field(default_factory=MatchPointSystem)
    match_points_given: bool = False
    pab_match_points: float | None = None
    pab_game_points: float | None = None
    pab: dict[int, int] = field(default_factory=dict)
    forfeits: list[MatchForfeit] = field(default_factory=list)
    lineups: dict[tuple[int, int], Lineup] = field(default_factory=dict)
    absent: dict[int, dict[int, str]] = field(default_factory=dict)
    acceleration: list[TeamAcceleration] = field(default_factory=list)
    #: team id -> the first round it is no longer paired (GHR 3.2: withdrawn)
    withdrawn: dict[int, int] = field(default_factory=dict)

    def boards(self) -> int:
        """Number of boards: the ``352`` pattern's length, else the largest team's size."""
        if self.board_colours:
            return len(self.board_colours)
        return max((len(t.members) for t in self.teams.values()), default=0)

    def member_bye_points(self, points: PointSystem) -> float:
        """What a member's ``U`` cell is worth: its share of the team bye's game points
        (``320`` game points / boards; without ``320``, a drawn board, C.04.6 1.4)."""
        if self.pab_game_points is not None and self.boards():
            return round_points(self.pab_game_points / self.boards())
        return points.draw

    def team_of(self) -> dict[int, int]:
        """Member id -> team id."""
        return {m: t.id for t in self.teams.values() for m in t.members}

    def before_round(self, round_number: int) -> TeamEvent:
        """A copy holding the records of the rounds before ``round_number`` and the round's
        own line-ups and absences (what was known when it was paired)."""
        ev = self.copy()
        ev.pab = {r: tid for r, tid in ev.pab.items() if r < round_number}
        ev.forfeits = [f for f in ev.forfeits if f.round < round_number]
        ev.lineups = {k: v for k, v in ev.lineups.items() if k[0] <= round_number}
        ev.absent = {r: m for r, m in ev.absent.items() if r <= round_number}
        return ev

    def not_paired_in(self, round_number: int) -> dict[int, str]:
        """Teams not to be paired in ``round_number`` with their code (``240``; GHR 3.2-3.3)."""
        out = dict(self.absent.get(round_number, {}))
        for tid, first in self.withdrawn.items():
            if round_number >= first:
                out[tid] = "Z"
        return out

    def copy(self) -> TeamEvent:
        return replace(
            self,
            teams={k: replace(v, members=list(v.members)) for k, v in self.teams.items()},
            pab=dict(self.pab),
            forfeits=list(self.forfeits),
            lineups=dict(self.lineups),
            absent={k: dict(v) for k, v in self.absent.items()},
            acceleration=list(self.acceleration),
            withdrawn=dict(self.withdrawn),
        )


# --- derived: the matches of each round ---------------------------------------------------------
class MatchKind(Enum):
    """What a team's round was."""

    PLAYED = "played"            # at least one board played over the board (Open reading 6)
    FORFEIT_WIN = "forfeit-win"  # the opponent forfeited the match (330, or every board '+')
    FORFEIT_LOSS = "forfeit-loss"
    PAIRING_BYE = "pairing-allocated-bye"  # C.04.6 1.4 (320, or every member 'U')
    FULL_POINT_BYE = "full-point-bye"      # 240 F (C.04.6 [C2]: bars the PAB)
    HALF_POINT_BYE = "half-point-bye"      # 240 H
    ABSENT = "absent"                      # 240 Z, every member Z or nothing written

    @property
    def is_played(self) -> bool:
        return self is MatchKind.PLAYED

    @property
    def has_opponent(self) -> bool:
        return self in (MatchKind.PLAYED, MatchKind.FORFEIT_WIN, MatchKind.FORFEIT_LOSS)


@dataclass(frozen=True, slots=True)
class BoardGame:
    """One board of a match seen from the team: its player and the opponent's (0 = none),
    the player's colour and result cell code."""

    board: int
    player: int
    opponent: int
    colour: Colour | None
    code: str


@dataclass(frozen=True, slots=True)
class TeamRound:
    """One round of one team: the opponent team (0 = none), the team's colour (board 1's,
    only in a played match, C.04.6 1.6.1), what the round was, and its match and game points.
    """

    round: int
    opponent: int
    colour: Colour | None
    kind: MatchKind
    match_points: float
    game_points: float
    games: tuple[BoardGame, ...] = ()

    @property
    def is_played(self) -> bool:
        return self.kind.is_played


def member_point_system(t: Tournament) -> PointSystem:
    """The point system of the members' board games (``162``, C.04.6 1.2 game points); a
    member's ``U`` cell is worth its share of the team bye's game points (``320``)."""
    ps = t.point_system
    ev = t.team_event
    if ev is None:
        return ps
    return replace(ps, pairing_bye=ev.member_bye_points(ps))


def pab_values(t: Tournament) -> tuple[float, float]:
    """Match points and game points of the team pairing-allocated bye: ``320`` values, else
    those of a drawn match (C.04.6 1.4): ``TD`` and half of the boards' win points."""
    ev = t.team_event
    assert ev is not None
    mp = ev.pab_match_points if ev.pab_match_points is not None else ev.match_points.draw
    gp = (ev.pab_game_points if ev.pab_game_points is not None
          else round_points(ev.boards() * t.point_system.draw))
    return mp, gp


def board_one(t: Tournament, team: Team, round_number: int) -> list[int]:
    """The players of ``team`` in round ``round_number`` in board order: the ``300`` line-up
    when there is one (0 = empty board), else the members who have an opponent that round (or
    a board forfeited against an empty board, ``0000 w +``) in ``310`` order (Open reading
    18)."""
    ev = t.team_event
    assert ev is not None
    lineup = ev.lineups.get((round_number, team.id))
    if lineup is not None:
        return list(lineup.players)
    out = []
    for m in team.members:
        p = t.players.get(m)
        e = p.entry(round_number) if p is not None else None
        if e is not None and (e.opponent or e.colour is not None):
            out.append(m)
    return out


def team_rounds(t: Tournament, up_to: int | None = None) -> dict[int, list[TeamRound]]:
    """Every team's rounds 1..``up_to`` (default: the rounds paired), derived from the members'
    cells and the ``320``/``330``/``240``/``300`` records (see the module docstring)."""
    ev = t.team_event
    if ev is None:
        return {}
    last = t.rounds_paired if up_to is None else up_to
    team_of = ev.team_of()
    ps = member_point_system(t)
    mps = ev.match_points
    pab_mp, pab_gp = pab_values(t)
    forfeits = {(f.round, f.white): f for f in ev.forfeits}
    forfeits.update({(f.round, f.black): f for f in ev.forfeits})
    out: dict[int, list[TeamRound]] = {tid: [] for tid in ev.teams}
    for r in range(1, last + 1):
        # first pass: games and game points of every team
        games: dict[int, tuple[BoardGame, ...]] = {}
        gp: dict[int, float] = {}
        opponent: dict[int, int] = {}
        for tid, team in ev.teams.items():
            order = board_one(t, team, r)
            rows = []
            points = 0.0
            for board, pid in enumerate(order, start=1):
                if not pid:
                    continue
                e = t.players[pid].entry(r) if pid in t.players else None
                if e is None:
                    continue
                rows.append(BoardGame(board, pid, e.opponent, e.colour, e.code))
                points += ps.points(e)
                if e.opponent and e.opponent in team_of and tid not in opponent:
                    opponent[tid] = team_of[e.opponent]
            lineup = ev.lineups.get((r, tid))
            if lineup is not None and lineup.opponent:
                opponent[tid] = lineup.opponent
            games[tid] = tuple(rows)
            gp[tid] = round_points(points)
        for tid in ev.teams:
            rows_t = games[tid]
            f = forfeits.get((r, tid))
            if ev.pab.get(r) == tid:
                out[tid].append(TeamRound(r, 0, None, MatchKind.PAIRING_BYE, pab_mp, pab_gp,
                                          rows_t))
                continue
            if f is not None:
                opp = f.black if f.white == tid else f.white
                won = ((f.kind is ForfeitKind.WHITE_WINS and f.white == tid)
                       or (f.kind is ForfeitKind.BLACK_WINS and f.black == tid))
                kind = MatchKind.FORFEIT_WIN if won else MatchKind.FORFEIT_LOSS
                out[tid].append(TeamRound(r, opp, None, kind, mps.win if won else mps.loss,
                                          gp[tid], rows_t))
                continue
            opp = opponent.get(tid, 0)
            if opp:
                played = any(g.opponent and g.code in "10=WDLX" for g in rows_t)
                if played:
                    colour = _team_colour(rows_t, ev.board_colours)
                    mine, theirs = gp[tid], gp.get(opp, 0.0)
                    mp = mps.win if mine > theirs else mps.draw if mine == theirs else mps.loss
                    out[tid].append(TeamRound(r, opp, colour, MatchKind.PLAYED, mp, mine, rows_t))
                else:
                    won = any(g.code == "+" for g in rows_t)
                    kind = MatchKind.FORFEIT_WIN if won else MatchKind.FORFEIT_LOSS
                    out[tid].append(TeamRound(r, opp, None, kind, mps.win if won else mps.loss,
                                              gp[tid], rows_t))
                continue
            if any(g.colour is not None and g.code in "+-" for g in rows_t):
                # boards forfeited against empty boards ('0000 w +') and no 330 record to name
                # the opponent: a forfeited match against an unknown team
                won = any(g.code == "+" for g in rows_t)
                kind = MatchKind.FORFEIT_WIN if won else MatchKind.FORFEIT_LOSS
                out[tid].append(TeamRound(r, 0, None, kind, mps.win if won else mps.loss,
                                          gp[tid], rows_t))
                continue
            code = ev.not_paired_in(r).get(tid)
            codes = {g.code for g in rows_t}
            if code is None and codes == {"U"}:
                out[tid].append(TeamRound(r, 0, None, MatchKind.PAIRING_BYE, pab_mp, pab_gp,
                                          rows_t))
            elif code == "F" or (code is None and codes == {"F"}):
                out[tid].append(TeamRound(r, 0, None, MatchKind.FULL_POINT_BYE, mps.win,
                                          _requested_bye_points(t, ev.teams[tid], r, gp[tid]),
                                          rows_t))
            elif code == "H" or (code is None and codes == {"H"}):
                out[tid].append(TeamRound(r, 0, None, MatchKind.HALF_POINT_BYE, mps.draw,
                                          _requested_bye_points(t, ev.teams[tid], r, gp[tid]),
                                          rows_t))
            else:
                out[tid].append(TeamRound(r, 0, None, MatchKind.ABSENT, mps.loss, gp[tid],
                                          rows_t))
    return out


def _requested_bye_points(t: Tournament, team: Team, round_number: int, on_boards: float
                          ) -> float:
    """Game points of a requested team bye (``240 F``/``H``, docs/team-swiss.md reading 19):
    the members' cells, those of the boards (a ``300`` line-up) when they put something on
    the boards, else the cells of the first members in ``310`` order, one per board (a bye
    cell has no opponent and no colour, so no board holds it)."""
    if on_boards:
        return on_boards
    ev = t.team_event
    assert ev is not None
    ps = member_point_system(t)
    cells = [t.players[m].entry(round_number) for m in team.members if m in t.players]
    return round_points(sum(ps.points(e) for e in cells[: ev.boards()] if e is not None))


def _team_colour(games: tuple[BoardGame, ...], pattern: str) -> Colour | None:
    """The team's colour in a played match: its board-1 player's scheduled colour (C.04.6
    1.6.1); when board 1 has no colour written, the first board that has one, through the
    ``352`` pattern (the team with White has the pattern's colours)."""
    for g in games:
        if g.colour is None:  # a board forfeited against an empty board keeps its colour
            continue
        if g.board == 1 or not pattern or g.board > len(pattern):
            return g.colour
        white_pattern = Colour.WHITE if pattern[g.board - 1].upper() == "W" else Colour.BLACK
        return Colour.WHITE if g.colour is white_pattern else Colour.BLACK
    return None



def add_late_team(t: Tournament, team: Team, members: list[Player], tpn: int) -> Tournament:
    """A copy of ``t`` with a late team entered at pairing number ``tpn`` (C.04.6 Art. 0 with
    GHR 2.4: a late entry is not paired before it arrives, scores 0 for the rounds it missed
    unless the regulations say otherwise, and gets an appropriate TPN -- the competition's
    rules say which, 1.1.2, so it is given here).

    The teams from ``tpn`` on move down by one, in every team record (``320`` ``330`` ``300``
    ``240`` ``250``) and in the prohibited pairs; the new members become players numbered after
    the last one, in ``members`` order (board order). Nothing else changes: the members' cells
    name players, not teams.
    """
    from ..errors import BadRequest
    from .tournament import ForbiddenGroup

    ev = t.team_event
    if ev is None:
        raise BadRequest("this tournament has no teams (no 310 record)")
    if not 1 <= tpn <= len(ev.teams) + 1:
        raise BadRequest(f"the late team's pairing number must be 1 to {len(ev.teams) + 1}")
    if not members:
        raise BadRequest("a team needs at least one member")

    def moved(tid: int) -> int:
        return tid + 1 if tid >= tpn else tid

    # a copy with new containers holding every round (before a round past any written one)
    new = t.before_round(max(t.rounds_in_file, t.rounds_paired, *t.absent, *ev.absent, 0) + 2)
    ev2 = new.team_event
    assert ev2 is not None
    ev2.teams = {moved(k): replace(v, id=moved(k)) for k, v in ev2.teams.items()}
    first_id = max(new.players, default=0) + 1
    ids = []
    for n, p in enumerate(members):
        pid = first_id + n
        new.players[pid] = replace(p, id=pid, results=[])
        ids.append(pid)
    captain = None
    if team.captain is not None:
        if not 0 <= team.captain < len(members):
            raise BadRequest("the captain must be one of the late team's members")
        captain = ids[team.captain]
    ev2.teams[tpn] = replace(team, id=tpn, members=ids, captain=captain)
    ev2.teams = dict(sorted(ev2.teams.items()))
    ev2.pab = {r: moved(tid) for r, tid in ev2.pab.items()}
    ev2.forfeits = [replace(f, white=moved(f.white), black=moved(f.black)) for f in ev2.forfeits]
    ev2.lineups = {(r, moved(tid)): replace(v, team=moved(tid),
                                            opponent=moved(v.opponent) if v.opponent else 0)
                   for (r, tid), v in ev2.lineups.items()}
    ev2.absent = {r: {moved(tid): c for tid, c in m.items()} for r, m in ev2.absent.items()}
    ev2.withdrawn = {moved(tid): r for tid, r in ev2.withdrawn.items()}
    # a range reaching the new TPN grows over it (C.04.7 1.3: a late entry placed above the
    # last team of group A belongs to it)
    ev2.acceleration = [replace(a, low=moved(a.low), high=moved(a.high))
                        for a in ev2.acceleration]
    new.forbidden_pairs = [ForbiddenGroup(frozenset(moved(i) for i in g.players), g.first_round,
                                          g.last_round) for g in new.forbidden_pairs]
    return new
