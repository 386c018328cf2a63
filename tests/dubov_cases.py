"""Hand-made Dubov cases (``dubov-1997`` and ``dubov``): a player as the engine sees it, a
round of such players, and a tournament written game by game."""

from __future__ import annotations

from history_helpers import record_bye, record_game
from swisspairing.model import Colour, Player, Tournament
from swisspairing.systems.dubov import (
    DUBOV_2026_RULES,
    DubovPlayer,
    DubovRound,
    DubovRules,
    allowed_colours,
    preference_of,
)

W, B = Colour.WHITE, Colour.BLACK


def dp(pid: int, rating: int = 2000, *, score: float = 0.0, aro: float = 0.0,
       colours: str = "", met: tuple[int, ...] = (), ups: int = 0, last_up: bool = False,
       downs: int = 0, bye_bad: bool = False, rank: int | None = None) -> DubovPlayer:
    """A player as the engine sees it; ``colours`` is the played-colour history ("WBW"), the
    preference and allowed colours follow from it (1997 art. 1 / current 1.6); ``rank``: the
    pairing number (default ``pid``)."""
    cols = tuple(W if c == "W" else B for c in colours)
    pref, strength = preference_of(cols)
    can_w, can_b = allowed_colours(cols)
    return DubovPlayer(id=pid, name=f"P{pid:02d}", rating=rating, rank=rank or pid,
                       score=score, aro=aro, colours=cols, opponents=frozenset(met),
                       preference=pref, strength=strength, can_white=can_w, can_black=can_b,
                       upfloats=ups, upfloated_last=last_up, downfloats=downs,
                       bye_ineligible=bye_bad)


def rnd(players: list[DubovPlayer], *, last_round: bool = False, rounds: int = 9,
        rules: DubovRules = DUBOV_2026_RULES) -> DubovRound:
    """Round 5 of a ``rounds``-round tournament with these players under ``rules`` (the
    upfloat limit follows from ``rounds``: 1997 art. 2.5, current 2.5)."""
    ps = {p.id: p for p in players}
    return DubovRound(Tournament(), 5, rules, ps, W, last_round=last_round,
                      max_upfloats=rules.max_upfloats(rounds), explain=None)


def tournament(ratings: dict[int, int], rounds: list[list[tuple[int, int, str]]],
               total: int = 9, byes: dict[int, dict[int, str]] | None = None,
               initial: Colour = W) -> Tournament:
    """Players ``id -> rating``; each round a list of (white, black, white's result code);
    ``byes``: round -> player -> bye code."""
    t = Tournament(total_rounds=total, initial_colour=initial)
    for pid, rating in ratings.items():
        t.players[pid] = Player(pid, name=f"P{pid:02d}", rating=rating)
    for r, games in enumerate(rounds, start=1):
        for w, b, code in games:
            record_game(t, r, w, b, code)
        for pid, code in (byes or {}).get(r, {}).items():
            record_bye(t, r, pid, code)
    return t
