"""Hand-made team events for the C.04.6 tests: teams of ``boards`` members, matches given by
their result (every board won by one side, or every board drawn), team byes and forfeits."""

from __future__ import annotations

from swisspairing.model import Colour, Player, RoundEntry, Tournament
from swisspairing.model.teams import ForfeitKind, MatchForfeit, Team, TeamEvent


def team_event(n_teams: int, boards: int = 4, rounds: int = 5, code: str = "FIDE_TEAM",
               initial: Colour = Colour.WHITE) -> Tournament:
    """``n_teams`` teams (TPN 1..n), team ``k``'s members ``(k-1)*boards+1 ...`` in board
    order, rated by TPN; ``352`` alternates W B from board 1."""
    t = Tournament(name="team test", total_rounds=rounds, initial_colour=initial)
    t.headers["192"] = [f"192 {code}"]
    ev = TeamEvent(board_colours="".join("WB"[b % 2] for b in range(boards)))
    for k in range(1, n_teams + 1):
        members = [(k - 1) * boards + b for b in range(1, boards + 1)]
        for b, pid in enumerate(members):
            t.players[pid] = Player(pid, f"Player {k}.{b + 1}", 2400 - 10 * k - b)
        ev.teams[k] = Team(k, f"Team {k:02d}", members=members)
    t.team_event = ev
    return t


def play(t: Tournament, r: int, white: int, black: int, result: str) -> None:
    """Round ``r``: team ``white`` (White on board 1) against ``black``; ``result`` ``W``
    (White's team wins every board), ``D`` (every board drawn) or ``L``."""
    ev = t.team_event
    assert ev is not None
    wt, bt = ev.teams[white], ev.teams[black]
    for b, (wp, bp) in enumerate(zip(wt.members, bt.members, strict=True)):
        wc = Colour.WHITE if ev.board_colours[b] == "W" else Colour.BLACK
        code = {"W": "1", "D": "=", "L": "0"}[result]
        mirror = {"1": "0", "=": "=", "0": "1"}[code]
        t.players[wp].set_entry(r, RoundEntry(bp, wc, code))
        t.players[bp].set_entry(r, RoundEntry(wp, wc.opposite, mirror))


def forfeit(t: Tournament, r: int, white: int, black: int, white_wins: bool) -> None:
    """Round ``r``: the match ``white``-``black`` forfeited (``330``), every board ``+``/``-``."""
    ev = t.team_event
    assert ev is not None
    wt, bt = ev.teams[white], ev.teams[black]
    for b, (wp, bp) in enumerate(zip(wt.members, bt.members, strict=True)):
        wc = Colour.WHITE if ev.board_colours[b] == "W" else Colour.BLACK
        t.players[wp].set_entry(r, RoundEntry(bp, wc, "+" if white_wins else "-"))
        t.players[bp].set_entry(r, RoundEntry(wp, wc.opposite, "-" if white_wins else "+"))
    kind = ForfeitKind.WHITE_WINS if white_wins else ForfeitKind.BLACK_WINS
    ev.forfeits.append(MatchForfeit(r, white, black, kind))


def bye(t: Tournament, r: int, team: int) -> None:
    """Round ``r``: ``team`` gets the pairing-allocated bye (``320`` with the values of a drawn
    match, C.04.6 1.4; every member ``U``)."""
    ev = t.team_event
    assert ev is not None
    ev.pab[r] = team
    ev.pab_match_points = ev.match_points.draw
    ev.pab_game_points = ev.boards() * t.point_system.draw
    for pid in ev.teams[team].members:
        t.players[pid].set_entry(r, RoundEntry.bye("U"))


def pairs_of(pairing: object) -> list[tuple[int, int]]:
    return sorted((b.white, b.black) for b in pairing.boards)  # type: ignore[attr-defined]
