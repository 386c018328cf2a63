"""Hand-written histories for the rule tests of the pairing systems: players numbered in
rating order (no. 1 the strongest, so the pairing numbers are the ids), each game of a past
round written on both players' cards (the opponent's result mirrored), byes on one."""

from __future__ import annotations

from swisspairing.model import Colour, Pairing, Player, RoundEntry, Tournament
from swisspairing.model.results import MIRROR

#: (white, black, White's result code: "1", "0", "=", "+" forfeit win, "-" forfeit loss)
Game = tuple[int, int, str]
#: (player, bye code: "U" pairing-allocated, "F" full, "H" half, "Z" zero point)
Bye = tuple[int, str]


def numbered_tournament(n: int, *, total: int | None = 9,
                        initial: Colour | None = Colour.WHITE,
                        top_rating: int = 2500) -> Tournament:
    """Players 1..n (``Player 01``...), rated ``top_rating - 10 * id``, no round played."""
    t = Tournament(total_rounds=total, initial_colour=initial)
    for i in range(1, n + 1):
        t.players[i] = Player(i, f"Player {i:02d}", rating=top_rating - 10 * i)
    return t


def record_game(t: Tournament, r: int, white: int, black: int, code: str) -> None:
    """A game of round ``r``; ``code`` is White's result, Black gets its mirror."""
    t.players[white].set_entry(r, RoundEntry.game(black, Colour.WHITE, code))
    t.players[black].set_entry(r, RoundEntry.game(white, Colour.BLACK, MIRROR[code]))


def record_bye(t: Tournament, r: int, pid: int, code: str) -> None:
    """A bye of round ``r`` (``code``: U, F, H or Z)."""
    t.players[pid].set_entry(r, RoundEntry.bye(code))


def record_rounds(t: Tournament, rounds: list[list[Game | Bye]]) -> Tournament:
    """Rounds 1, 2, ...: each a list of games (white, black, result) and byes (player, code)."""
    for r, items in enumerate(rounds, start=1):
        for item in items:
            if len(item) == 2:
                pid, code = item  # type: ignore[misc]
                record_bye(t, r, pid, code)
            else:
                white, black, result = item  # type: ignore[misc]
                record_game(t, r, white, black, result)
    return t


def boards(p: Pairing) -> set[tuple[int, int]]:
    """The boards as (white, black)."""
    return {(b.white, b.black) for b in p.boards}
