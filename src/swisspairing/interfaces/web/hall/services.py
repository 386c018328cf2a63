"""What the playing hall does, one function each; views only call these.

Results entered by players (issue 16): a claim is *pending* until the opponent enters the same
result (both *confirmed*, the result is written) or an arbiter validates it; two different
claims for one board are a *conflict* the arbiter resolves. An arbiter's entry always wins: once
a board has a result, players can no longer enter one. Every claim goes into the audit log with
the device, the time and the code used. Results themselves are written only by
:func:`..actions.set_result` (one transaction, its own audit entry).
"""

from __future__ import annotations

import contextlib
import hashlib
import secrets
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db import IntegrityError, connection, transaction
from django.db.models import Count, Max, Q
from django.utils import timezone
from django.utils.translation import gettext as _

from ....errors import BadRequest
from .. import actions
from .. import models as web
from . import models as h

#: letters and digits that cannot be misread for one another (no 0/O, 1/I/L, 2/Z, 5/S, 8/B)
CODE_ALPHABET = "ACDEFGHJKMNPQRTUVWXY34679"
CODE_LENGTH = 6


class Refused(BadRequest):
    """A hall request refused (the page says why; HTTP status in ``status``)."""

    def __init__(self, message: str, status: int = 403) -> None:
        super().__init__(message)
        self.status = status


class TooMany(Refused):
    def __init__(self, message: str) -> None:
        super().__init__(message, 429)


def limit(name: str, default: int) -> int:
    return int(getattr(settings, name, default))


#: the hall's writers of this process, one at a time (SQLite only; see :func:`writing`)
_sqlite_writer = threading.RLock()


@contextlib.contextmanager
def writing() -> Iterator[None]:
    """Around a hall write transaction: on SQLite, the writers of this process queue on a
    lock of their own before ``BEGIN IMMEDIATE``.

    SQLite has one writer at a time; a writer that finds the database locked polls it with
    growing sleeps (up to 100 ms each), so with 50 players entering at once most of an entry's
    time was spent sleeping while the lock was free. Here the next writer wakes as soon as the
    previous one commits; the busy timeout still covers writers of other processes.
    PostgreSQL locks the board's row (``SELECT ... FOR UPDATE``): nothing to do.
    """
    if connection.vendor != "sqlite" or connection.in_atomic_block:
        yield
        return
    with _sqlite_writer:
        yield


# --- codes -------------------------------------------------------------------------------------
def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normalise_code(typed: str) -> str:
    """Upper case, without spaces or dashes; the easily confused characters read as the ones
    the alphabet keeps (O->0 is not in it: O and 0 are both refused)."""
    return "".join(ch for ch in typed.upper() if ch.isalnum())[:12]


def ensure_codes(rnd: web.Round) -> None:
    """Give each player of each board of the round a code (kept across calls; a code whose
    player no longer sits at that board is replaced)."""
    games = list(rnd.games.exclude(black=None))
    existing = {(c.game_id, c.entrant_id): c for c in
                h.BoardCode.objects.filter(game__round=rnd)}
    wanted = {(g.pk, g.white_id) for g in games} | {(g.pk, g.black_id) for g in games}
    stale = [c.pk for key, c in existing.items() if key not in wanted]
    if stale:
        h.BoardCode.objects.filter(pk__in=stale).delete()
    for game_id, entrant_id in sorted(wanted - set(existing)):
        for _attempt in range(20):
            try:
                with transaction.atomic():
                    h.BoardCode.objects.create(game_id=game_id, entrant_id=entrant_id,
                                               code=new_code())
                break
            except IntegrityError:  # the same code drawn twice: draw again
                continue


def round_saved(sender: Any, instance: web.Round, **kwargs: Any) -> None:
    """Signal: a published round gets its codes (printed on the board cards)."""
    if instance.status == web.Round.PUBLISHED:
        ensure_codes(instance)


def current_round(event: web.Event) -> web.Round | None:
    """The round being played: the last paired round, once published."""
    rnd = event.round_set.order_by("-number").first()
    return rnd if rnd is not None and rnd.published else None


@dataclass(slots=True)
class Seat:
    """What a valid code opens: one board of the current round, one side."""

    code: h.BoardCode
    game: web.Game
    side: str

    @property
    def player(self) -> web.Entrant:
        return self.game.white if self.side == h.WHITE else self.game.black  # type: ignore[return-value]

    @property
    def opponent(self) -> web.Entrant:
        return self.game.black if self.side == h.WHITE else self.game.white  # type: ignore[return-value]


def _window() -> timedelta:
    return timedelta(seconds=limit("HALL_WINDOW_SECONDS", 300))


def _count_recent(address: str, kind: str) -> int:
    since = timezone.now() - _window()
    return h.Attempt.objects.filter(address=address, kind=kind, at__gte=since).count()


def _record(address: str, kind: str, device: str = "") -> None:
    """An attempt counted against the address and the device (rate limits); old rows are
    dropped."""
    with writing(), transaction.atomic():
        h.Attempt.objects.filter(at__lt=timezone.now() - 2 * _window()).delete()
        h.Attempt.objects.create(address=address, kind=kind, device=device[:64])


def _record_failure(address: str, device: str) -> None:
    """A refused code counts against the device and the address."""
    _record(address, "code", device)


#: the hall's device cookie: a random key given to each browser that opens the result entry
DEVICE_COOKIE = "hall_device"


def device_key(cookie: str | None, address: str, browser: str) -> str:
    """What one device is, for the wrong-code limits and the "same device" check (issue 24,
    items 9 and 13): the hall's cookie (a random key, :data:`DEVICE_COOKIE`) when the browser
    sent one; else (a script, a browser that keeps no cookie) its address and browser."""
    if cookie and 16 <= len(cookie) <= 40 and all(ch.isalnum() or ch in "-_" for ch in cookie):
        return f"c:{cookie}"
    digest = hashlib.blake2s(f"{address} {browser}".encode(), digest_size=12).hexdigest()
    return f"a:{digest}"


def new_device_cookie() -> str:
    return secrets.token_urlsafe(18)


def _wrong_codes(address: str, device: str) -> tuple[int, int]:
    """Wrong codes within the window: (from this device, from this address)."""
    since = timezone.now() - _window()
    found = h.Attempt.objects.filter(kind="code", at__gte=since, address=address).aggregate(
        device=Count("id", filter=Q(device=device)), address=Count("id"))
    return int(found["device"]), int(found["address"])


def result_label(key: str) -> str:
    """How a result key is shown (``=`` is ``½-½``, ``+-`` is ``+/-`` ...)."""
    from ..views import RESULT_LABELS

    return RESULT_LABELS.get(key, key)


#: what an entry does not read: the round's explanation and the event's TRF extras (JSON,
#: decoded on every load otherwise)
_UNUSED_FIELDS = ("game__round__explanation", "game__round__manual_changes",
                  "game__round__event__point_system", "game__round__event__extra_headers",
                  "game__round__event__extra_lines")


def seat_of(typed: str, address: str, device: str = "") -> Seat:
    """The board and side a code opens, or :class:`Refused`.

    Refused: an unknown code, a code of a past round (the round is no longer the current one),
    of a board whose players changed, of an event whose hall is closed; more than
    ``HALL_MAX_FAILURES`` (10) refused codes from one device (:func:`device_key`), or more than
    ``HALL_MAX_FAILURES_PER_ADDRESS`` (300) from one address, within ``HALL_WINDOW_SECONDS``.

    Issue 24, item 13: a whole hall's phones often share one address (the venue's Wi-Fi behind
    NAT); 20 wrong codes per address used to refuse every player of the hall for 5 minutes.
    The device is limited first (a player's typos, a script keeping its cookie, or one without
    a cookie: its address and browser); the address only far higher, against a script that
    drops its cookie on every try (300 tries in 5 minutes against 25^6 codes). Entries with
    one right code are limited by ``HALL_MAX_ENTRIES`` (:func:`submit_claim`).
    """
    device = device or device_key(None, address, "")
    by_device, by_address = _wrong_codes(address, device)
    if by_device >= limit("HALL_MAX_FAILURES", 10) or by_address >= limit(
            "HALL_MAX_FAILURES_PER_ADDRESS", 300):
        raise TooMany(_("Too many wrong codes from this device: wait a few minutes or ask "
                        "an arbiter."))
    code = normalise_code(typed)
    found = (h.BoardCode.objects.select_related("game__round__event", "game__white",
                                                "game__black")
             .defer(*_UNUSED_FIELDS).filter(code=code).first()
             if len(code) == CODE_LENGTH else None)
    if found is None:
        _record_failure(address, device)
        raise Refused(_("Unknown code: check the code on your board card."), 404)
    game = found.game
    rnd = game.round
    # the current round (see current_round): the last paired round, once published
    if not rnd.published or web.Round.objects.filter(event_id=rnd.event_id,
                                                     number__gt=rnd.number).exists():
        _record_failure(address, device)
        raise Refused(_("This code belongs to a round that is over: results of past rounds "
                        "are entered by the arbiters."))
    if found.entrant_id == game.white_id:
        side = h.WHITE
    elif found.entrant_id == game.black_id:
        side = h.BLACK
    else:
        _record_failure(address, device)
        raise Refused(_("The pairing of this board changed: ask an arbiter for your new "
                        "code."))
    return Seat(found, game, side)


def match_seats(seat: Seat) -> list[Seat]:
    """Both games of a Double-Swiss match as the player's seats, game 1 first (C.04.5
    Preface: a match is two games between the same players, colours reversed): a player's
    code of either game opens both (docs/hall.md "Double-Swiss: one code per match"), each
    game keeping its own code, entries and confirmation. ``[seat]`` for any other game, or
    when the other game's seat is gone (the pairing changed: that code refuses it)."""
    game = seat.game
    if not game.game:
        return [seat]
    other = (h.BoardCode.objects.select_related("game__round__event", "game__white",
                                                "game__black").defer(*_UNUSED_FIELDS)
             .filter(game__round_id=game.round_id, game__board=game.board,
                     game__game=3 - game.game, entrant_id=seat.code.entrant_id).first())
    if other is None:
        return [seat]
    side = h.WHITE if other.entrant_id == other.game.white_id else h.BLACK
    if other.entrant_id not in (other.game.white_id, other.game.black_id):
        return [seat]
    seats = [seat, Seat(other, other.game, side)]
    return sorted(seats, key=lambda s: s.game.game)


# --- results entered by players ----------------------------------------------------------------
def _audit_claim(claim: h.ResultClaim, status: str, note: str = "") -> None:
    game = claim.game
    actions.audit(game.round.event, None, "hall-result",
                  f"round {game.round.number} board {game.board_label}", None,
                  {"game": game.pk, "side": claim.side, "result": claim.result,
                   "code": claim.code, "device": claim.device, "status": status,
                   "claim": claim.pk, "note": note})


def same_device(first: h.ResultClaim, second: h.ResultClaim) -> bool:
    """Two entries from one device (issue 24, item 9): the same device key; entries made
    before keys were kept compare their address and browser."""
    if first.device_key and second.device_key:
        return first.device_key == second.device_key
    return bool(first.device) and first.device == second.device


def submit_claim(seat: Seat, result: str, device: str, address: str,
                 key: str = "") -> h.ResultClaim:
    """A player enters the result of their board (see the module's text for the outcome).

    Refused: a result players may not enter (forfeits are the arbiter's), a board whose result
    is already recorded, more than ``HALL_MAX_ENTRIES`` entries with one code within
    ``HALL_WINDOW_SECONDS``.

    The opponent's identical entry from the *same device* (``key``, :func:`device_key`) is not
    a confirmation (issue 24, item 9: one phone entered 1-0 with White's code and "confirmed"
    it with Black's): both entries stay pending, this one marked ``same_device``, and the
    arbiters' hall page flags the board.
    """
    key = key or device_key(None, address, device.removeprefix(address).strip())
    if result not in h.PLAYER_RESULTS:
        # what was typed shown by its first 20 characters (a huge field was echoed whole)
        typed = repr(result[:20]) + ("…" if len(result) > 20 else "")
        raise Refused(_("Unknown result %(typed)s: 1-0, ½-½ or 0-1.") % {"typed": typed}, 400)
    with writing(), transaction.atomic():
        # lock the board: two players of one board entering at once are serialised here
        game = web.Game.objects.select_for_update().filter(pk=seat.game.pk).first()
        if game is None or (game.white_id if seat.side == h.WHITE else
                            game.black_id) != seat.code.entrant_id:
            raise Refused(_("The pairing of this board changed: ask an arbiter for your new "
                            "code."))
        if game.result:
            raise Refused(_("The result of this board is already recorded (%(result)s): ask "
                            "an arbiter to correct it.") % {"result": result_label(game.result)},
                          409)
        game.round = seat.game.round  # (with its event, as the code found them)
        every = list(h.ResultClaim.objects.filter(game=game))  # a few rows
        now = timezone.now()
        since = now - _window()
        if len([c for c in every if c.code == seat.code.code and c.at >= since]) >= limit(
                "HALL_MAX_ENTRIES", 6):
            raise TooMany(_("Too many entries with this code: ask an arbiter."))
        claims = [c for c in every if c.status in h.ResultClaim.OPEN]
        mine = [c for c in claims if c.side == seat.side]
        theirs = [c for c in claims if c.side != seat.side]
        for old in mine:
            old.status, old.decided_at = h.ResultClaim.SUPERSEDED, now
            old.save(update_fields=["status", "decided_at"])
        claim = h.ResultClaim(game=game, side=seat.side, result=result,
                              code=seat.code.code, device=device[:300], device_key=key[:64])
        claim.same_device = bool(theirs) and same_device(theirs[-1], claim)
        claim.save()
        if claim.same_device and theirs[-1].result == result:
            _audit_claim(claim, claim.status,
                         "same device as the opponent's entry: not a confirmation")
            web.Game.objects.filter(pk=game.pk).update(updated_at=now)
        elif theirs and theirs[-1].result == result:
            for c in (claim, theirs[-1]):
                c.status, c.decided_at = h.ResultClaim.CONFIRMED, now
            h.ResultClaim.objects.filter(pk__in=[claim.pk, theirs[-1].pk]).update(
                status=h.ResultClaim.CONFIRMED, decided_at=now)
            _audit_claim(claim, claim.status, "confirms the opponent's entry")
            actions.set_result(game, result, None)
        else:
            if theirs:
                for c in (claim, theirs[-1]):
                    c.status = h.ResultClaim.CONFLICT
                    c.save(update_fields=["status"])
            _audit_claim(claim, claim.status)
            # the board changes for the pages (pending / conflict marks)
            web.Game.objects.filter(pk=game.pk).update(updated_at=now)
    return claim


def board_claims(game: web.Game) -> list[h.ResultClaim]:
    return list(game.hall_claims.filter(status__in=h.ResultClaim.OPEN))


def arbiter_decides(game: web.Game, result: str, user: Any, version: int | None = None,
                    confirm_late: bool = True) -> bool:
    """An arbiter's entry always wins: the result is written, the open claims that agree are
    validated, the others rejected. ``version``: the board's version the arbiter's page showed
    (a change since then, e.g. the players' confirmation, refuses this one: issue 24)."""
    with writing(), transaction.atomic():
        later = actions.set_result(game, result, user, version=version,
                                   confirm_late=confirm_late)
        settle_claims(game, result, user)
    return later


def settle_claims(game: web.Game, result: str, user: Any) -> None:
    """After an arbiter wrote a board's result (hall page or results grid): the open claims
    that agree are validated, the others rejected; confirmed entries that no longer agree with
    the result are rejected too (issue 24: the entries still said "confirmed" for a result the
    arbiter had changed)."""
    now = timezone.now()
    for c in game.hall_claims.filter(status__in=(*h.ResultClaim.OPEN, h.ResultClaim.CONFIRMED)):
        if c.status == h.ResultClaim.CONFIRMED and c.result == result:
            continue
        c.status = (h.ResultClaim.VALIDATED if c.result == result
                    else h.ResultClaim.REJECTED)
        c.decided_at = now
        c.save(update_fields=["status", "decided_at"])
        actions.audit(game.round.event, user, "hall-decide",
                      f"round {game.round.number} board {game.board_label}",
                      {"claim": c.pk, "result": c.result}, {"status": c.status,
                                                            "result": result})


def claim_state(game: web.Game) -> str:
    """For the pages: ``''`` (nothing entered), ``pending`` or ``conflict``."""
    states = {c.status for c in game.hall_claims.all() if c.status in h.ResultClaim.OPEN}
    if h.ResultClaim.CONFLICT in states:
        return h.ResultClaim.CONFLICT
    return h.ResultClaim.PENDING if states else ""


# --- check-in ----------------------------------------------------------------------------------
def check_in_round(event: web.Event) -> int | None:
    """The round players check in for: the next one, while it is not paired yet."""
    r = actions.rounds_paired(event) + 1
    return r if r <= event.rounds else None


def expected_players(event: web.Event, round_number: int) -> list[web.Entrant]:
    """Who must check in before the round: everybody before round 1; later, the players who
    were not paired in the previous round at their request (byes, absences), back now.
    Withdrawn players and players with a request for this round are not expected."""
    out = []
    requested_now = set(event.requests.filter(round_number=round_number)
                        .values_list("entrant_id", flat=True))
    back = set(event.requests.filter(round_number=round_number - 1)
               .values_list("entrant_id", flat=True))
    for e in event.entrants.all():
        if e.withdrawn_from is not None and e.withdrawn_from <= round_number:
            continue
        if e.pk in requested_now:
            continue
        if round_number == 1 or e.pk in back:
            out.append(e)
    return out


def check_in(entrant: web.Entrant, device: str, address: str) -> bool:
    """Record the presence of a player for the next round; False when already recorded.

    Refused: the check-in is closed (every round paired), the player has withdrawn, or
    ``HALL_MAX_CHECK_INS`` (100) confirmations already came from ``address`` within
    ``HALL_WINDOW_SECONDS``: enough for the hall's check-in tablets (one player every few
    seconds), too few for a script checking in a whole event (issue 16). Every confirmation
    counts, recorded or not.
    """
    if _count_recent(address, "check-in") >= limit("HALL_MAX_CHECK_INS", 100):
        raise TooMany(_("Too many check-ins from this device: wait a few minutes or ask an "
                        "arbiter."))
    _record(address, "check-in")
    event = entrant.event
    r = check_in_round(event)
    if r is None:
        raise Refused(_("Check-in is closed: every round is paired."), 409)
    if entrant.withdrawn_from is not None and entrant.withdrawn_from <= r:
        raise Refused(_("This player has withdrawn: see an arbiter."), 409)
    with transaction.atomic():
        _c, created = h.CheckIn.objects.get_or_create(
            entrant=entrant, round_number=r, defaults={"device": device[:300]})
        if created:
            if r == 1 and not entrant.checked_in:
                entrant.checked_in = True
                entrant.save(update_fields=["checked_in"])
            actions.audit(event, None, "hall-check-in", f"{entrant.name}, round {r}", None,
                          {"tpn": entrant.tpn, "round": r, "device": device[:300]})
    return created


def checked_in_ids(event: web.Event, round_number: int) -> set[int]:
    return set(h.CheckIn.objects.filter(entrant__event=event, round_number=round_number)
               .values_list("entrant_id", flat=True))


# --- "not modified" ----------------------------------------------------------------------------
def _fresh_seconds() -> int:
    """How long a computed version is reused (``HALL_FRESH_SECONDS``, default 1): the pages
    show a change at most this long after it, plus the poll interval (10 s). During a burst
    of entries (50 players at once) the pages get one new version a second, each rendered
    once, instead of one per entry for every poll."""
    return limit("HALL_FRESH_SECONDS", 1)


def _version_key(event_id: int) -> str:
    return f"hall:version:{event_id}"


def version(event: web.Event) -> str:
    """A short fingerprint of everything the public pages and screens show, so that a poll
    answers "not modified" without rendering anything: three aggregate queries (indexed), made
    at most once per ``HALL_FRESH_SECONDS`` for all the phones and screens of the event."""
    key = _version_key(event.pk)
    found = cache.get(key)
    if found is not None and found[0] == event.public_token:  # (not another database's)
        return str(found[1])
    games = web.Game.objects.filter(round__event=event).aggregate(
        at=Max("updated_at"), n=Count("id"))
    rounds = event.round_set.aggregate(
        n=Count("id"), published=Count("id", filter=Q(status=web.Round.PUBLISHED)),
        at=Max("published_at"), changed=Max("updated_at"))
    # every change to the event is audited (actions.audit): players edited, renumbered,
    # withdrawn or added late change no game nor round, but they add an audit entry
    changes = web.AuditEntry.objects.filter(event_id=event.pk).aggregate(last=Max("id"))
    text = f"{event.public_token}|{event.updated_at}|{games}|{rounds}|{changes['last']}"
    found = hashlib.blake2s(text.encode(), digest_size=8).hexdigest()
    if _fresh_seconds() > 0:
        cache.set(key, (event.public_token, found), _fresh_seconds())
    return found


def missing_players(event: web.Event, round_number: int) -> list[web.Entrant]:
    """The players expected before the round (:func:`expected_players`) who have not checked
    in."""
    done = checked_in_ids(event, round_number)
    return [e for e in expected_players(event, round_number) if e.pk not in done]


def mark_missing_absent(event: web.Event, round_number: int, shown: set[int],
                        user: Any) -> list[web.Entrant]:
    """Issue 24, item 12: every player who has not checked in is absent from the round (a
    zero-point bye, ``Z``; C.04.2 4.1 (2026): players who have not confirmed their presence by
    the drawing of lots are excluded unless the chief arbiter decides otherwise), as the
    arbiter confirmed on the list shown first. Only the players of that list (``shown``, their
    pairing numbers) who are still missing are marked: one who checked in meanwhile is not.
    One transaction; each absence is audited as the round page's requests are."""
    if check_in_round(event) != round_number:
        raise Refused(_("Round %(n)s is already paired: absences are entered before pairing.")
                      % {"n": round_number}, 409)
    marked = []
    with transaction.atomic():
        for entrant in missing_players(event, round_number):
            if entrant.tpn in shown:
                actions.set_request(event, entrant, round_number, "Z", user)
                marked.append(entrant)
    return marked
