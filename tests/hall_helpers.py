"""Helpers of the playing hall tests: an event with its current round published, codes."""

from __future__ import annotations

from django.test import Client

from swisspairing.interfaces.web import actions
from swisspairing.interfaces.web import models as m
from swisspairing.interfaces.web.hall import models as h
from swisspairing.interfaces.web.hall import services
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
    """Post an entry; a client without the hall's device cookie is given its own first (each
    test client is one phone: without the cookie, two clients on 127.0.0.1 with the same
    browser would be the same device, issue 24 item 9)."""
    if services.DEVICE_COOKIE not in client.cookies:
        client.cookies[services.DEVICE_COOKIE] = services.new_device_cookie()
    return client.post("/hall/", {"code": code, "result": result, **extra})


def first_board(rnd: m.Round, board: int = 1) -> m.Game:
    return rnd.games.select_related("white", "black").get(board=board)
