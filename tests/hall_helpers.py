"""Helpers of the playing hall tests: an event with its current round published, codes."""

from __future__ import annotations

from django.test import Client

from swisspairing.interfaces.web import actions
from swisspairing.interfaces.web import models as m
from swisspairing.interfaces.web.hall import models as h
from web_helpers import make_event


def event_in_play(players: int = 10, rounds: int = 3) -> tuple[m.Event, m.Round]:
    """An event whose round 1 is paired and published (codes made on publication)."""
    event = make_event(players=players, rounds=rounds)
    rnd = actions.pair_next_round(event, None)
    actions.publish_round(rnd, None)
    return event, rnd


def code_of(game: m.Game, side: str) -> str:
    entrant = game.white if side == h.WHITE else game.black
    return h.BoardCode.objects.get(game=game, entrant=entrant).code


def enter(client: Client, code: str, result: str, **extra: str) -> object:
    return client.post("/hall/", {"code": code, "result": result, **extra})


def first_board(rnd: m.Round, board: int = 1) -> m.Game:
    return rnd.games.select_related("white", "black").get(board=board)
