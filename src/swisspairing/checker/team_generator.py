"""The random team event generator (C.04.6): realistic team Swiss events played by our engine.

Teams of ``boards`` starters and 0-2 reserves, members in board order by rating (the declared
order, ``310``); team strength = the starters' average, teams numbered by strength (C.04.6
1.1.2 leaves the order to the competition: here strength, then name). Round by round, before
the pairing: known absences of whole teams (``240 Z``, the ``zero_point_bye_rate``); then the
pairing by the engine; then for each match the line-ups (with ``reserve_rate`` a reserve
replaces a starter, the line-up keeps the declared order, a ``300`` record is written), a whole
match forfeited with ``forfeit_rate`` (``330``, the boards written ``+``/``-`` with their
scheduled colours), else every board's result drawn by rating (Milvang's model, as the
individual generator does). The team bye gets the ``320`` values of a drawn match (1.4).
Everything comes from the seed.

Events are realistic in size: at most ``teams // 2`` rounds (``ROUNDS_PER_TEAM``), as team
Swiss events are (the Olympiad: 11 rounds for about 190 teams); a small field asked for more
rounds plays fewer, since a Swiss of 6 teams over 9 rounds has no legal pairing by round 6
([C1]) and that says nothing about the engine.
"""

from __future__ import annotations

import random

from ..errors import BadRequest
from ..model.results import MIRROR, Colour, RoundEntry
from ..model.scoring import round_points
from ..model.teams import (
    ForfeitKind,
    Lineup,
    MatchForfeit,
    Team,
    TeamEvent,
    member_point_system,
    team_rounds,
)
from ..model.tournament import Player, Tournament
from ..systems import PairingSystem
from .generator import GeneratorConfig, _draw_result, pair_or_keep

#: the 192 code of generated events (Type A, match points then game points)
TEAM_CODE = "FIDE_TEAM"
#: at most one round per this many teams (see the module docstring)
ROUNDS_PER_TEAM = 2


def _teams(rng: random.Random, config: GeneratorConfig, t: Tournament) -> TeamEvent:
    boards = config.boards
    ev = TeamEvent(board_colours="".join("WB"[b % 2] for b in range(boards)))
    drafts = []
    for _ in range(config.players):
        base = rng.randint(config.lowest_rating, config.highest_rating)
        size = boards + rng.choice((0, 1, 1, 2))
        ratings = sorted((max(0, min(4000, base + rng.randint(-150, 150))) for _ in range(size)),
                         reverse=True)
        drafts.append((round(sum(ratings[:boards]) / boards), ratings))
    drafts.sort(key=lambda d: -d[0])
    pid = 0
    for tid, (strength, ratings) in enumerate(drafts, start=1):
        members = []
        for b, rating in enumerate(ratings, start=1):
            pid += 1
            t.players[pid] = Player(pid, f"Player T{tid:03d}-{b}", rating)
            members.append(pid)
        ev.teams[tid] = Team(tid, f"Team {tid:03d}", f"T{tid:03d}"[-5:], str(strength),
                             members, captain=members[0])
    pab_mp, pab_gp = ev.match_points.draw, round_points(boards * t.point_system.draw)
    ev.pab_match_points, ev.pab_game_points = pab_mp, pab_gp
    return ev


def _lineup(rng: random.Random, team: Team, boards: int, reserve_rate: float) -> list[int]:
    """The players of a match: the first ``boards`` members, or with ``reserve_rate`` one
    starter replaced by a reserve, the declared order kept."""
    starters = team.members[:boards]
    reserves = team.members[boards:]
    if reserves and rng.random() < reserve_rate:
        out_player = rng.choice(starters)
        in_player = rng.choice(reserves)
        chosen = {*starters, in_player} - {out_player}
        return [m for m in team.members if m in chosen]
    return starters


def generate_team_event(system: PairingSystem, config: GeneratorConfig, seed: int,
                        name: str = "team-swiss") -> Tournament:
    """Play a random team event with ``system`` (see the module docstring); ``config.players``
    is the number of teams, ``config.boards`` the number of boards."""
    if config.players > 999 or config.players * (config.boards + 2) > 9999:
        raise BadRequest(f"{config.players} teams of {config.boards} boards do not fit TRF "
                         "(at most 999 teams, 9999 players with reserves)")
    rng = random.Random(seed)
    t = Tournament(name=config.name)
    t.headers["012"] = [f"012 {config.name} (seed {seed}, {name})"[:120]]
    # --baku: the Baku acceleration for teams (C.04.7 1.4, virtual match points)
    t.headers["192"] = [f"192 {TEAM_CODE}{'_BAKU' if config.baku else ''}"]
    t.initial_colour = config.initial_colour or rng.choice((Colour.WHITE, Colour.BLACK))
    t.point_system = config.point_system
    ev = _teams(rng, config, t)
    t.total_rounds = rounds = min(config.rounds, max(1, len(ev.teams) // ROUNDS_PER_TEAM))
    ev.match_points_given = True
    t.team_event = ev
    boards = config.boards
    for r in range(1, rounds + 1):
        for tid in sorted(ev.teams):
            if rng.random() < config.zero_point_bye_rate:
                ev.absent.setdefault(r, {})[tid] = "Z"
                for m in ev.teams[tid].members[:boards]:
                    t.players[m].set_entry(r, RoundEntry.bye("Z"))
        if len(ev.teams) - len(ev.not_paired_in(r)) == 0:
            continue
        pairing = pair_or_keep(system, t, r, f"round {r} of the generated team event "
                               f"(seed {seed})")
        if pairing.bye is not None:
            ev.pab[r] = pairing.bye
            for m in ev.teams[pairing.bye].members[:boards]:
                t.players[m].set_entry(r, RoundEntry.bye("U"))
        for match in pairing.boards:
            white, black = ev.teams[match.white], ev.teams[match.black]
            wl = _lineup(rng, white, boards, config.reserve_rate)
            bl = _lineup(rng, black, boards, config.reserve_rate)
            for team, lineup, opp in ((white, wl, black), (black, bl, white)):
                if lineup != team.members[:boards]:
                    ev.lineups[(r, team.id)] = Lineup(r, team.id, opp.id, tuple(lineup))
            forfeited = rng.random() < config.forfeit_rate
            white_wins = rng.random() < 0.5
            if forfeited:
                kind = ForfeitKind.WHITE_WINS if white_wins else ForfeitKind.BLACK_WINS
                ev.forfeits.append(MatchForfeit(r, white.id, black.id, kind))
            for b, (wp, bp) in enumerate(zip(wl, bl, strict=True)):
                wc = Colour.WHITE if ev.board_colours[b] == "W" else Colour.BLACK
                if forfeited:
                    code = "+" if white_wins else "-"
                else:
                    rw, rb = t.players[wp].rating, t.players[bp].rating
                    if wc is Colour.WHITE:
                        code = _draw_result(rng, rw, rb, config.draw_rate)
                    else:
                        code = MIRROR[_draw_result(rng, rb, rw, config.draw_rate)]
                t.players[wp].set_entry(r, RoundEntry(bp, wc, code))
                t.players[bp].set_entry(r, RoundEntry(wp, wc.opposite, MIRROR[code]))
    finish_team_event(t)
    return t


def finish_team_event(t: Tournament) -> None:
    """Write the members' points and the teams' match points, game points and ranks."""
    ev = t.team_event
    assert ev is not None
    ps = member_point_system(t)
    for p in t.players.values():
        p.declared_points = round_points(sum(map(ps.points, p.results)))
    order = sorted(t.players, key=lambda i: (-(t.players[i].declared_points or 0.0), i))
    for rank, pid in enumerate(order, start=1):
        t.players[pid].declared_rank = rank
    rounds = team_rounds(t)
    for tid, team in ev.teams.items():
        team.declared_match_points = round_points(sum(x.match_points for x in rounds[tid]))
        team.declared_game_points = round_points(sum(x.game_points for x in rounds[tid]))
    ranking = sorted(ev.teams, key=lambda i: (-(ev.teams[i].declared_match_points or 0.0),
                                              -(ev.teams[i].declared_game_points or 0.0), i))
    for rank, tid in enumerate(ranking, start=1):
        ev.teams[tid].declared_rank = rank
