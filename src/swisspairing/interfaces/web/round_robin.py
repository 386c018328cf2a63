"""Round-robin events in the web app (issue 29 part 3; FIDE C.05 Annex 1, Berger tables).

A round-robin is paired by its table once the players have their numbers, so the web app adds
to a Swiss event only:

* the number of rounds follows the number of players (table rounds x cycles), fixed when the
  numbers are drawn and again when round 1 is paired (:func:`fix_rounds`);
* 3 to 24 players (:data:`~swisspairing.systems.round_robin.berger.MIN_PLAYERS` ..
  ``MAX_PLAYERS``), checked before round 1 with a message in the user's language;
* the drawing of lots for the pairing numbers (FIDE Tournament Rules, "Drawing of lots"):
  by the program (:func:`draw_numbers`, :func:`~swisspairing.systems.round_robin.draw_lots`)
  or entered by hand after a drawing in the hall (:func:`set_numbers`); numbers are fixed once
  round 1 is paired;
* the rest of the round (odd number of players: "the highest number counts as a bye") is a
  cell ``0000 - Z`` without a board, shown as "rest" (:func:`resting`), not a
  pairing-allocated bye;
* the default tie-breaks of C.07 for round-robins (:data:`ROUND_ROBIN_TIEBREAKS`).
"""

from __future__ import annotations

from collections.abc import Mapping

from django.db import transaction
from django.utils.translation import gettext

from ...errors import BadRequest
from ...standings.ranking import ROUND_ROBIN_TIEBREAKS
from ...systems.round_robin import DOUBLE_ROUND_ROBIN, ROUND_ROBIN, RoundRobinSystem, draw_lots
from ...systems.round_robin.berger import MAX_PLAYERS, MIN_PLAYERS
from . import models as m

__all__ = ["ROUND_ROBIN_TIEBREAKS", "check_players", "draw_numbers", "fix_rounds",
           "is_round_robin", "resting", "set_numbers", "system_of", "table_rounds"]

_SYSTEMS = {s.name: s for s in (ROUND_ROBIN, DOUBLE_ROUND_ROBIN)}

#: how the numbers were given (``Event.numbers_drawn``)
BY_LOT = "lot"
BY_HAND = "hand"


def system_of(event: m.Event) -> RoundRobinSystem | None:
    return _SYSTEMS.get(event.system)


def is_round_robin(event: m.Event) -> bool:
    return event.system in _SYSTEMS


def check_players(event: m.Event) -> int:
    """The number of players, refused outside 3..24 (C.05 Annex 1 tables; BadRequest in the
    user's language)."""
    n = event.entrants.count()
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise BadRequest(gettext(
            "a round-robin is for %(min)s to %(max)s players: this event has %(n)s")
            % {"min": MIN_PLAYERS, "max": MAX_PLAYERS, "n": n})
    return n


def table_rounds(event: m.Event) -> int | None:
    """Rounds of the event by its table (every player meets every other once per cycle), None
    when it is not a round-robin or its number of players has no table."""
    system = system_of(event)
    n = event.entrants.count()
    if system is None or not MIN_PLAYERS <= n <= MAX_PLAYERS:
        return None
    return system.rounds(n)


def fix_rounds(event: m.Event, user: object) -> None:
    """Set ``Event.rounds`` from the table (C.05 Annex 1: n-1 rounds per cycle for an even n,
    n for an odd n), with its audit entry when it changes."""
    from .actions import audit

    rounds = table_rounds(event)
    if rounds is None or rounds == event.rounds:
        return
    before = event.rounds
    event.rounds = rounds
    m.Event.objects.filter(pk=event.pk).update(rounds=rounds)
    audit(event, user, "event-edit", event.name, {"rounds": before}, {"rounds": rounds})  # type: ignore[arg-type]


def _check_before_round_1(event: m.Event) -> None:
    from .actions import rounds_paired

    if rounds_paired(event):
        raise BadRequest(gettext("round 1 is paired: the pairing numbers are fixed"))
    check_players(event)


def _store(event: m.Event, numbers: dict[int, int], how: str, action: str, user: object) -> None:
    """Give each entrant (key -> number) its number, record how, fix the rounds, audit."""
    from .actions import _set_numbers, audit

    before = {e.name: e.tpn for e in event.entrants.order_by("tpn")}
    _set_numbers(event, numbers)
    event.numbers_drawn = how
    m.Event.objects.filter(pk=event.pk).update(numbers_drawn=how)
    fix_rounds(event, user)
    after = {e.name: e.tpn for e in event.entrants.order_by("tpn")}
    audit(event, user, action, event.name, before, after)  # type: ignore[arg-type]


def draw_numbers(event: m.Event, user: object) -> dict[int, int]:
    """The drawing of lots by the program (FIDE Tournament Rules, "Drawing of lots"; the
    numbers are the Berger table's, C.05 Annex 1), in one transaction with its audit entry.
    Returns entrant key -> number."""
    with transaction.atomic():
        locked = m.Event.objects.select_for_update().get(pk=event.pk)
        _check_before_round_1(locked)
        keys = list(locked.entrants.order_by("tpn").values_list("pk", flat=True))
        numbers = draw_lots(keys)
        _store(locked, numbers, BY_LOT, "rr-draw-lots", user)
    event.refresh_from_db()
    return numbers


def set_numbers(event: m.Event, posted: Mapping[int, object], user: object) -> None:
    """The numbers drawn in the hall, entered by hand: entrant key -> number, each of 1..n
    exactly once (BadRequest naming the player and the problem)."""
    with transaction.atomic():
        locked = m.Event.objects.select_for_update().get(pk=event.pk)
        _check_before_round_1(locked)
        entrants = list(locked.entrants.order_by("tpn"))
        n = len(entrants)
        numbers: dict[int, int] = {}
        seen: dict[int, str] = {}
        for e in entrants:
            text = str(posted.get(e.pk, "") or "").strip()
            if not (text.isascii() and text.isdigit()) or not 1 <= int(text) <= n:
                raise BadRequest(gettext("%(name)s: the number must be from 1 to %(n)s, "
                                         "found %(found)s") %
                                 {"name": e.name, "n": n, "found": repr(text)})
            number = int(text)
            if number in seen:
                raise BadRequest(gettext("number %(number)s is given twice: %(a)s and %(b)s")
                                 % {"number": number, "a": seen[number], "b": e.name})
            seen[number] = e.name
            numbers[e.pk] = number
        _store(locked, numbers, BY_HAND, "rr-numbers-hand", user)
    event.refresh_from_db()


def resting(event: m.Event, rnd: m.Round) -> list[m.Entrant]:
    """The players of a round-robin who rest in a paired round (odd number of players: the
    highest table number counts as a bye, C.05 Annex 1): no board and no request."""
    if not is_round_robin(event):
        return []
    on_boards: set[int] = set()
    for w, b in rnd.games.values_list("white_id", "black_id"):
        on_boards.update(x for x in (w, b) if x is not None)
    requested = set(event.requests.filter(round_number=rnd.number)
                    .values_list("entrant_id", flat=True))
    return [e for e in event.entrants.order_by("tpn")
            if e.pk not in on_boards and e.pk not in requested
            and not (e.withdrawn_from and e.withdrawn_from <= rnd.number)]
