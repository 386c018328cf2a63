"""Hand-built tournaments for the elo-swiss tests (no pairing engine involved)."""

from __future__ import annotations

from swisspairing.model import Pairing, Player, Tournament
from swisspairing.model.results import MIRROR, Colour, RoundEntry


def build(ratings: list[int], rounds: list[list[str]], total_rounds: int | None = None,
          titles: dict[int, str] | None = None, names: dict[int, str] | None = None
          ) -> Tournament:
    """Players 1..n with ``ratings``; ``rounds[r - 1]`` lists what happened in round ``r``:
    ``"W-B R"`` a game, ``R`` being White's code (1 0 = + -); ``"P C"`` a bye cell (U H Z F).
    A player not named in a round gets a zero-point bye cell (Z)."""
    t = Tournament(name="test", total_rounds=total_rounds)
    for i, rating in enumerate(ratings, start=1):
        t.players[i] = Player(i, name=(names or {}).get(i, f"Player {i:02d}"), rating=rating,
                              title=(titles or {}).get(i, ""))
    for r, cells in enumerate(rounds, start=1):
        named = set()
        for cell in cells:
            who, code = cell.split()
            if "-" in who:
                w, b = (int(x) for x in who.split("-"))
                t.players[w].set_entry(r, RoundEntry.game(b, Colour.WHITE, code))
                t.players[b].set_entry(r, RoundEntry.game(w, Colour.BLACK, MIRROR[code]))
                named |= {w, b}
            else:
                t.players[int(who)].set_entry(r, RoundEntry.bye(code))
                named.add(int(who))
        for pid in set(t.players) - named:
            t.players[pid].set_entry(r, RoundEntry.bye("Z"))
    return t


def pairs(p: Pairing) -> set[frozenset[int]]:
    """The boards of a pairing without colours."""
    return {frozenset((b.white, b.black)) for b in p.boards}


def board_set(*items: tuple[int, int]) -> set[frozenset[int]]:
    return {frozenset(x) for x in items}
