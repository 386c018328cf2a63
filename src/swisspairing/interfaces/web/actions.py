"""Every change an arbiter makes, one function each, each in one transaction with its audit entry.

Views only call these. The pairing comes from the pairing system of the event (the same call as
``swisspairing pair``), numbering from the model's initial order (C.04.2 B / C), the check of a
manual change from the checker's absolute rules (C.04.1).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field, replace
from datetime import date

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import IntegrityError, connection, transaction
from django.db.models import F, Max
from django.utils import timezone
from django.utils.translation import gettext, gettext_noop

from ... import Violation, api
from ...checker.check import published_pairing
from ...errors import BadRequest
from ...model import Board, Pairing, Player
from ...model.tournament import TITLE_ORDER, normalise_title
from . import double_swiss
from . import models as m
from .convert import tournament_of
from .double_swiss import round_gettext
from .imports import MAX_EVENT_PLAYERS, Candidate, real_fide_id
from .pairing_worker import compute_pairing

User = AbstractBaseUser | AnonymousUser | None


#: audited actions that change nothing the next pairing reads (they leave the event's
#: ``revision`` as it is): an export, a check-in, a player's claim (the result itself is
#: written by :func:`set_result`, audited as ``result``)
NOT_PAIRING_INPUTS = frozenset({"export", "hall-check-in", "hall-result", "hall-decide",
                                "round-pairing-refused", "team-categories"})


def audit(event: m.Event | None, user: User, action: str, target: str = "",
          before: object = None, after: object = None) -> m.AuditEntry:
    """Write who did what, when, with the values before and after.

    Every change is audited here, in the transaction of the change: so this is where the
    event's ``revision`` moves on (a pairing computed from an older revision is refused,
    :func:`store_computed_pairing`)."""
    who = user if user is not None and getattr(user, "is_authenticated", False) else None
    if event is not None and event.pk is not None and action not in NOT_PAIRING_INPUTS:
        m.Event.objects.filter(pk=event.pk).update(revision=F("revision") + 1)
    return m.AuditEntry.objects.create(event=event, user=who, action=action, target=target,
                                       before=before, after=after)


class Stale(BadRequest):
    """A change made from a stale view (optimistic concurrency, issue 24): the thing changed
    since the page that sent the change was shown. Nothing is changed; the page shows the
    current value again."""


def stale_round(rnd: m.Round) -> Stale:
    return Stale(round_gettext(
        rnd.event, "round %(n)s changed since this page was shown (another arbiter or another "
        "tab): nothing was changed; here it is as it is now") % {"n": rnd.number})


def _locked_round(rnd: m.Round, version: int | None) -> m.Round:
    """The round's row, locked until the end of the transaction, checked against the version
    the page showed (None: no check, internal callers)."""
    row = m.Round.objects.select_for_update().filter(pk=rnd.pk).first()
    if row is None:
        raise Stale(round_gettext(
            rnd.event, "round %(n)s is no longer paired (another arbiter or another tab): "
            "nothing was changed") % {"n": rnd.number})
    if version is not None and row.version != version:
        raise stale_round(row)
    return row


def _locked_draft_round(rnd: m.Round, version: int | None) -> m.Round:
    """:func:`_locked_round`, refused while the round is published: its pairing is changed by
    hand (or a change undone) only after unpublishing it."""
    row = _locked_round(rnd, version)
    if row.published:
        raise BadRequest(round_gettext(
            row.event, "the round is published: unpublish it before changing it"))
    return row


def entrant_dict(e: m.Entrant) -> dict[str, object]:
    return {"tpn": e.tpn, "name": e.name, "rating": e.rating, "fide_id": e.fide_id,
            "federation": e.federation, "title": e.title, "birth_date": e.birth_date,
            "sex": e.sex, "club": e.club, "withdrawn_from": e.withdrawn_from}


# --- event ------------------------------------------------------------------------------------
def draw_initial_colour() -> str:
    """The colour of the first player in round 1, drawn by lot (C.04.2 / C.04.3 E.5)."""
    return secrets.choice("wb")


def rounds_paired(event: m.Event) -> int:
    return event.round_set.aggregate(n=Max("number"))["n"] or 0


#: what an edit of the settings asks the arbiter to look at (the view words each)
SYSTEM_CHANGED = "system"
POINT_SYSTEM_CHANGED = "point_system"


def check_event_settings(event: m.Event, stored: m.Event | None = None) -> None:
    """Refuse settings that cannot hold (BadRequest naming the field), whatever path saves them.

    * the number of rounds: 1 to 99, and never below the rounds already paired (rounds above
      it would be unreachable, and the TRF would say ``142 2`` while holding round 4);
    * the end date not before the start date; the rounds' dates ISO, in order;
    * the initial colour (C.04.2 / C.04.3 E.5) cannot change once round 1 is paired: it
      decided the colours of the rounds played.
    """
    paired = rounds_paired(event) if event.pk else 0
    from .convert import double_swiss_not_yet
    from .forms import NOT_IN_WEB_APP

    if event.system in NOT_IN_WEB_APP:
        raise BadRequest(double_swiss_not_yet())
    if not 1 <= event.rounds <= 99:
        raise BadRequest(gettext("rounds: from 1 to 99, found %(n)s") % {"n": event.rounds})
    if event.rounds < paired:
        raise BadRequest(round_gettext(
            event, "rounds: rounds 1 to %(n)s are already paired: the tournament cannot have "
            "fewer than %(n)s rounds") % {"n": paired})
    if event.start_date and event.end_date and event.end_date < event.start_date:
        raise BadRequest(gettext("end date: %(end)s is before the start date %(start)s")
                         % {"end": event.end_date, "start": event.start_date})
    previous = None
    for r, text in enumerate(event.round_dates or [], 1):
        if not text:
            continue
        try:
            day = date.fromisoformat(str(text))
        except ValueError:
            raise BadRequest(round_gettext(
                event, "round %(r)s date: %(text)s is not a date YYYY-MM-DD")
                % {"r": r, "text": repr(text)}) from None
        if previous is not None and day < previous:
            raise BadRequest(round_gettext(
                event, "round %(r)s date: %(day)s is before the date of an earlier round")
                % {"r": r, "day": day})
        previous = day
    from . import round_robin
    from .settings_words import system_label

    table = round_robin.table_rounds(event) if event.pk else None
    if paired and table is not None and event.rounds != table:
        # C.05 Annex 1: the table fixes the rounds once the players are paired
        raise BadRequest(gettext("rounds: a %(system)s of %(n)s players has %(rounds)s rounds")
                         % {"system": system_label(event.system), "n": event.entrants.count(),
                            "rounds": table})
    double_swiss.check_system_change(event, stored, paired)
    if (stored is not None and paired and stored.initial_colour != event.initial_colour):
        raise BadRequest(round_gettext(
            event, "initial colour: round 1 is paired, its colours follow from the initial "
            "colour, which can no longer change"))


def create_event(event: m.Event, user: User) -> m.Event:
    """A new tournament with settings checked by :func:`check_event_settings`."""
    from . import round_robin

    if round_robin.is_round_robin(event) and not event.tiebreaks:
        # C.07: a round-robin is not ranked by Buchholz; SB, DE, WIN, Koya
        event.tiebreaks = round_robin.ROUND_ROBIN_TIEBREAKS
    if event.system == "team-swiss":  # team tie-breaks: the team settings (issue 27 part 6)
        event.tiebreaks = ""
    with transaction.atomic():
        check_event_settings(event)
        event.save()
        audit(event, user, "event-create", event.name, None,
              {"initial_colour": event.initial_colour,
               "drawn_by_lot": event.initial_colour_drawn})
    return event


_SETTINGS = ("name", "place", "federation", "start_date", "end_date", "chief_arbiter",
             "deputy_arbiters", "time_control", "rounds", "system", "point_system", "tiebreaks",
             "initial_colour", "round_dates", "public")


def update_event(event: m.Event, user: User, version: int | None = None) -> list[str]:
    """Save changed settings (:func:`check_event_settings` first) with their audit entry.

    Returns what the arbiter should be told: :data:`SYSTEM_CHANGED` when the pairing system
    changed after round 1 was paired (arbiters do switch, e.g. after a mistake: the later
    rounds are paired with the new system and the check compares every round with it),
    :data:`POINT_SYSTEM_CHANGED` when the point system did (every score is counted again).

    ``version``: the settings' version the form showed; another save since then refuses this
    one (:class:`Stale`, issue 24: two arbiters' forms, the last one silently won).
    """
    with transaction.atomic():
        stored = m.Event.objects.select_for_update().get(pk=event.pk)
        if version is not None and stored.version != version:
            raise Stale(gettext("the settings were changed since this form was shown (another "
                                "arbiter or another tab): nothing was saved; here they are as "
                                "they are now"))
        event.version = stored.version + 1
        event.revision = stored.revision
        check_event_settings(event, stored)
        if event.round_dates:
            event.round_dates = list(event.round_dates)[:event.rounds]
        before = {k: getattr(stored, k) for k in _SETTINGS if getattr(stored, k) !=
                  getattr(event, k)}
        after = {k: getattr(event, k) for k in before}
        event.save()
        audit(event, user, "event-edit", event.name, _json(before), _json(after))
        warnings = []
        if rounds_paired(event):
            if "system" in before:
                warnings.append(SYSTEM_CHANGED)
            if "point_system" in before:
                warnings.append(POINT_SYSTEM_CHANGED)
    return warnings


def _json(values: dict[str, object]) -> dict[str, object]:
    return {k: v if isinstance(v, bool | int | list | dict) or v is None else str(v)
            for k, v in values.items()}


def set_round_date(event: m.Event, round_number: int, day: date) -> None:
    """Give a round a date when it has none (the day it is paired, for the TRF 132 record)."""
    dates = [str(x) for x in (event.round_dates or [])]
    dates += [""] * (round_number - len(dates))
    if dates[round_number - 1]:
        return
    dates[round_number - 1] = day.isoformat()
    event.round_dates = dates
    m.Event.objects.filter(pk=event.pk).update(round_dates=dates)


def scheduled_date(event: m.Event, round_number: int, today: date | None = None) -> date:
    """The day round ``round_number`` is played: the event's date for it (the settings'
    round dates, TRF 132), else the schedule the settings form suggests from the start and
    end dates (:func:`.forms.suggested_round_dates`), else today (the server's own day; the
    settings' time zone is UTC)."""
    from .forms import suggested_round_dates

    stored = [str(x) for x in (event.round_dates or [])]
    text = stored[round_number - 1] if round_number <= len(stored) else ""
    if not text and event.start_date is not None:
        text = suggested_round_dates(event.start_date, event.end_date,
                                     max(event.rounds, round_number))[round_number - 1]
    try:
        return date.fromisoformat(text) if text else (today or date.today())
    except ValueError:
        return today or date.today()


# --- a player's identity ------------------------------------------------------------------------
def normalise_birth_date(text: str, today: date | None = None) -> str:
    """A birth date as the TRF writes it (``YYYY/MM/DD``, trf.md 4, or the year alone).

    Accepted: ``YYYY/MM/DD``, ``YYYY-MM-DD``, ``DD/MM/YYYY`` (also with dots), the year alone,
    and ``YYYY/00/00`` (a TRF with the year only). ValueError (English, naming the problem)
    for anything else, an impossible date (``1990/02/30``) or a date in the future."""
    text = text.strip()
    if not text:
        return ""
    today = today or date.today()
    parts = text.replace("-", "/").replace(".", "/").split("/")
    if not all(p.isascii() and p.isdigit() for p in parts) or len(parts) not in (1, 3):
        raise ValueError(f"{text!r} is not a date: write YYYY/MM/DD, DD/MM/YYYY or the year")
    if len(parts) == 1:
        year, month, day = parts[0], "0", "0"
    elif len(parts[0]) == 4:
        year, month, day = parts
    elif len(parts[2]) == 4:
        day, month, year = parts
    else:
        raise ValueError(f"{text!r}: the year must have four digits")
    if len(year) != 4 or not 1850 <= int(year) <= today.year:
        raise ValueError(f"{text!r}: the year must be from 1850 to {today.year}")
    if int(month) == 0 and int(day) == 0:
        return year if len(parts) == 1 else f"{year}/00/00"
    try:
        born = date(int(year), int(month), int(day))
    except ValueError:
        raise ValueError(f"{text!r} is not a date of the calendar") from None
    if born > today:
        raise ValueError(f"{text!r} is in the future")
    return born.strftime("%Y/%m/%d")


def check_title(text: str) -> str:
    """The title normalised (``g``, ``gm`` -> ``GM``, :func:`normalise_title`); ValueError
    for a title FIDE does not award (C.04.2 B.2 knows only :data:`TITLE_ORDER`)."""
    title = normalise_title(text)
    if title and title not in TITLE_ORDER:
        raise ValueError(f"unknown title {text.strip()!r}: one of {' '.join(TITLE_ORDER)}")
    return title


def _check_identity(values: dict[str, object]) -> dict[str, object]:
    """The title and birth date of a player entered by hand, checked and normalised."""
    out = dict(values)
    try:
        if "title" in out:
            out["title"] = check_title(str(out["title"] or ""))
        if "birth_date" in out:
            out["birth_date"] = normalise_birth_date(str(out["birth_date"] or ""))
    except ValueError as exc:
        raise BadRequest(str(exc)) from None
    return out


# --- players and their numbers (C.04.2 B and C) -----------------------------------------------
def _set_numbers(event: m.Event, new_tpn: dict[int, int]) -> None:
    """Give each entrant (by primary key) its new pairing number: the rows whose number changes
    move above every number first, then take their new one (the pair (event, tpn) is unique).
    One ``UPDATE`` statement per changed row, sent together (``executemany``): no ORM
    ``CASE`` expression, whose building grew with the square of the number of players."""
    current = dict(event.entrants.values_list("pk", "tpn"))
    changed = [(tpn, pk) for pk, tpn in new_tpn.items() if current[pk] != tpn]
    if not changed:
        return
    offset = 1 + max([*current.values(), *new_tpn.values()])
    sql = f"UPDATE {m.Entrant._meta.db_table} SET tpn = %s WHERE id = %s"
    with connection.cursor() as cursor:
        cursor.executemany(sql, [(tpn + offset, pk) for tpn, pk in changed])
        cursor.executemany(sql, changed)


def renumber(event: m.Event) -> None:
    """Before round 1: pairing numbers follow the initial order (C.04.2 B.2: rating, title,
    name)."""
    if rounds_paired(event):
        return
    if event.numbers_drawn and event.system in ("round-robin", "double-round-robin"):
        return  # the numbers drawn by lot for the Berger table stay (FIDE drawing of lots)
    t = tournament_of(event)
    pk_of = {e.tpn: e.pk for e in event.entrants.all()}
    _set_numbers(event, {pk_of[old]: new for new, old in enumerate(t.initial_order(), 1)})


def _players_changed(event: m.Event) -> None:
    """A player added or removed before round 1: a round-robin's drawing of lots counted the
    old players and must be made again (numbers follow the initial order until then)."""
    if event.numbers_drawn and not rounds_paired(event):
        event.numbers_drawn = ""
        m.Event.objects.filter(pk=event.pk).update(numbers_drawn="")


def max_event_players() -> int:
    """How many players an event may hold (``SWISSPAIRING_MAX_PLAYERS`` in the settings)."""
    return int(getattr(settings, "SWISSPAIRING_MAX_PLAYERS", MAX_EVENT_PLAYERS))


class TooManyPlayers(BadRequest):
    """Adding the players would take the event over :func:`max_event_players`."""

    def __init__(self, limit: int, have: int, adding: int) -> None:
        self.limit, self.have, self.adding = limit, have, adding
        super().__init__(f"an event may have at most {limit} players: this one has {have}, "
                         f"{adding} more would make {have + adding}; nothing was added")


def _check_room(event: m.Event, adding: int) -> None:
    if event.system == "team-swiss":  # members join with their team (issue 27 part 6)
        raise BadRequest(gettext("a team event's players are entered with their team, on the "
                                 "Teams page"))
    limit = max_event_players()
    have = event.entrants.count()
    if have + adding > limit:
        raise TooManyPlayers(limit, have, adding)


class AlreadyEntered(BadRequest):
    """A player whose FIDE id is already one of the event's players (C.04.2 B: each player
    has one pairing number; a FIDE id names one player)."""

    def __init__(self, name: str, fide_id: str, tpn: int) -> None:
        self.name, self.fide_id, self.tpn = name, fide_id, tpn
        super().__init__(gettext("%(name)s (FIDE id %(fide_id)s) is already player "
                                 "%(tpn)s of this tournament") %
                         {"name": name, "fide_id": fide_id, "tpn": tpn})


def split_already_entered(event: m.Event, candidates: list[Candidate]
                          ) -> tuple[list[Candidate], list[Candidate]]:
    """The players of a file that are new, and those already entered: a FIDE id that is one
    of the event's players, or that an earlier line of the same file gave. Players without a
    FIDE id are all new (two players may share a name)."""
    taken = {fid for fid in event.entrants.exclude(fide_id="").values_list("fide_id", flat=True)
             if real_fide_id(fid)}
    new, already = [], []
    for c in candidates:
        fide_id = real_fide_id(c.fide_id)
        if fide_id and fide_id in taken:
            already.append(c)
        else:
            new.append(c)
            if fide_id:
                taken.add(fide_id)
    return new, already


def _check_not_entered(event: m.Event, candidates: list[Candidate]) -> None:
    _new, already = split_already_entered(event, candidates)
    if already:
        c = already[0]
        row = event.entrants.filter(fide_id=c.fide_id).first()
        if row is None:
            raise BadRequest(gettext("FIDE id %(fide_id)s is given twice (%(name)s)") %
                             {"fide_id": c.fide_id, "name": c.name})
        raise AlreadyEntered(c.name, c.fide_id, row.tpn)


#: what a late entrant scores for the rounds it missed (C.04.2 2.4: zero points unless the
#: regulations say otherwise; a half-point bye is the usual other choice)
MISSED_ZERO = "Z"
MISSED_HALF = "H"
MISSED_CODES = (MISSED_ZERO, MISSED_HALF)


def numbers(event: m.Event) -> dict[int, int]:
    """Every player's pairing number, by row (to compare before and after a change)."""
    return dict(event.entrants.values_list("pk", "tpn"))


def number_changes(event: m.Event, before: dict[int, int]) -> list[tuple[str, int, int]]:
    """(name, old number, new number) of each player whose pairing number changed since
    ``before`` (:func:`numbers`), in the old order: a late entry moves the players below it
    down (C.04.2 2.4), and the arbiter is told who (issue 24 item 20)."""
    out = [(name, before[pk], tpn) for pk, name, tpn in
           event.entrants.values_list("pk", "name", "tpn")
           if pk in before and before[pk] != tpn]
    return sorted(out, key=lambda x: x[1])


def missed_rounds(event: m.Event) -> list[int]:
    """The rounds a player entered now has missed: those published (their pairing is out)."""
    return list(event.round_set.filter(status=m.Round.PUBLISHED).order_by("number")
                .values_list("number", flat=True))


def add_entrant(event: m.Event, c: Candidate, user: User,
                missed: str = MISSED_ZERO) -> m.Entrant:
    """A new player. Before round 1 every number follows the initial order; later, the late
    entrant takes its place in the order and the players below move down (C.04.2 C).

    ``missed``: what the late entrant scores in the rounds already published
    (:func:`missed_rounds`): :data:`MISSED_ZERO` (C.04.2 2.4, no cell: a zero-point bye) or
    :data:`MISSED_HALF`, a half-point bye in each (``0000 - H``), as the regulations say."""
    if missed not in MISSED_CODES:
        raise BadRequest(gettext("missed rounds: %(found)s is not a choice (Z or H)")
                         % {"found": missed})
    checked = _check_identity({"title": c.title, "birth_date": c.birth_date})
    c = replace(c, **checked)  # type: ignore[arg-type]
    with transaction.atomic():
        _check_room(event, 1)
        _check_not_entered(event, [c])
        top = event.entrants.aggregate(n=Max("tpn"))["n"] or 0
        row = m.Entrant.objects.create(
            event=event, tpn=top + 1, name=c.name, rating=c.rating, fide_id=c.fide_id,
            federation=c.federation, title=c.title, birth_date=c.birth_date, sex=c.sex,
            club=c.club)
        byes: list[int] = []
        if not rounds_paired(event):
            _players_changed(event)
            renumber(event)
        else:
            _place_late_entry(event, row)
            if missed == MISSED_HALF:
                byes = missed_rounds(event)
                m.RoundRequest.objects.bulk_create(
                    [m.RoundRequest(event=event, entrant=row, round_number=r, code=MISSED_HALF)
                     for r in byes])
        row.refresh_from_db()
        after = entrant_dict(row)
        if byes:
            after["half_point_byes"] = byes
        audit(event, user, "player-add", row.name, None, after)
    return row


def _identity(p: Player) -> tuple[object, ...]:
    return (p.name, p.rating, p.title, p.fide_id, p.federation, p.birth_date, p.sex)


def _place_late_entry(event: m.Event, row: m.Entrant) -> None:
    """Number a late entry with :meth:`Tournament.add_late_entry` (C.04.2 C): the players
    above its place keep their numbers, those below move down by one."""
    t = tournament_of(event)
    entrant = t.players.pop(row.tpn)
    new = t.add_late_entry(entrant)
    old_ids = sorted(t.players)
    place = next((k for k, old in enumerate(old_ids, 1)
                  if _identity(new.players[k]) != _identity(t.players[old])), len(old_ids) + 1)
    mapping = {e.pk: place if e.pk == row.pk else e.tpn + (e.tpn >= place)
               for e in event.entrants.all()}
    _set_numbers(event, mapping)


def import_entrants(event: m.Event, candidates: list[Candidate], user: User,
                    source: str = "", missed: str = MISSED_ZERO) -> int:
    """Add every player of a file, in one transaction (a refused file changes nothing).

    Before round 1: the rows are inserted together (``bulk_create``) and numbered once in the
    initial order (C.04.2 B) - linear in the number of players, where adding them one by one
    renumbered the whole event after each. After round 1 each is a late entry placed in turn
    (C.04.2 C). An event over :func:`max_event_players` is refused (:class:`TooManyPlayers`),
    and so is a player already entered (:class:`AlreadyEntered`; the page imports the new
    players of a file only, :func:`split_already_entered`).
    """
    with transaction.atomic():
        _check_room(event, len(candidates))
        _check_not_entered(event, candidates)
        if rounds_paired(event):
            for c in candidates:
                add_entrant(event, c, user, missed)
            return len(candidates)
        top = event.entrants.aggregate(n=Max("tpn"))["n"] or 0
        m.Entrant.objects.bulk_create(
            [m.Entrant(event=event, tpn=top + i, name=c.name, rating=c.rating,
                       fide_id=c.fide_id, federation=c.federation, title=c.title,
                       birth_date=c.birth_date, sex=c.sex, club=c.club)
             for i, c in enumerate(candidates, 1)], batch_size=2000)
        _players_changed(event)
        renumber(event)
        audit(event, user, "players-import", f"{source}: {len(candidates)} players".lstrip(": "),
              None, {"count": len(candidates),
                     "players": [[c.name, c.fide_id, c.rating] for c in candidates]})
    return len(candidates)


def edit_entrant(row: m.Entrant, values: dict[str, object], user: User) -> None:
    values = _check_identity(values)
    with transaction.atomic():
        before = entrant_dict(row)
        for k, v in values.items():
            setattr(row, k, v)
        row.save()
        renumber(row.event)
        row.refresh_from_db()
        audit(row.event, user, "player-edit", row.name, before, entrant_dict(row))


def delete_entrant(row: m.Entrant, user: User) -> None:
    if m.Game.objects.filter(white=row).exists() or m.Game.objects.filter(black=row).exists():
        raise BadRequest(round_gettext(
            row.event, "this player is in a paired round: withdraw the player instead"))
    with transaction.atomic():
        event = row.event
        before = entrant_dict(row)
        row.delete()
        remaining = list(event.entrants.order_by("tpn"))
        _players_changed(event)
        _set_numbers(event, {e.pk: i for i, e in enumerate(remaining, 1)})
        renumber(event)
        audit(event, user, "player-delete", before["name"], before, None)  # type: ignore[arg-type]


def set_withdrawal(row: m.Entrant, from_round: int | None, user: User) -> None:
    """The player is no longer paired from ``from_round`` on (C.04.2 D.3, a round of the
    event: 1 to its number of rounds); None: back in."""
    rounds = row.event.rounds
    if from_round is not None and not 1 <= from_round <= rounds:
        raise BadRequest(round_gettext(
            row.event, "withdrawal: the round must be from 1 to %(rounds)s, found %(found)s")
            % {"rounds": rounds, "found": from_round})
    before = row.withdrawn_from
    row.withdrawn_from = from_round
    row.save(update_fields=["withdrawn_from"])
    audit(row.event, user, "player-withdraw", row.name, before, from_round)


def set_request(event: m.Event, row: m.Entrant, round_number: int, code: str | None,
                user: User) -> None:
    """A requested bye (H, F) or an absence (Z) in a round not paired yet; None removes it."""
    if round_number < 1 or round_number > event.rounds:
        raise BadRequest(round_gettext(event, "round %(n)s does not exist") % {"n": round_number})
    if event.round_set.filter(number__gte=round_number).exists():
        raise BadRequest(round_gettext(event, "round %(n)s is already paired: unpair it first")
                         % {"n": round_number})
    old = m.RoundRequest.objects.filter(entrant=row, round_number=round_number).first()
    before = old.code if old else None
    if old:
        old.delete()
    if code:
        if code not in dict(m.REQUEST_CODES):
            raise BadRequest(gettext("unknown bye code %(code)r") % {"code": code})
        m.RoundRequest.objects.create(event=event, entrant=row, round_number=round_number,
                                      code=code)
    audit(event, user, "round-request", f"{row.name}, round {round_number}", before, code)


def forbidden_pair_exists(a: m.Entrant, b: m.Entrant) -> bool:
    first, second = sorted((a.pk, b.pk))
    return m.ForbiddenPair.objects.filter(first_id=first, second_id=second).exists()


def add_forbidden_pair(event: m.Event, a: m.Entrant, b: m.Entrant, user: User) -> None:
    """Two players who may not meet (C.04.1 b), stored once whatever the order typed."""
    if a.pk == b.pk:
        raise BadRequest(gettext("choose two different players"))
    if a.event_id != event.pk or b.event_id != event.pk:
        raise BadRequest(gettext("both players must be in this tournament"))
    if forbidden_pair_exists(a, b):
        raise BadRequest(gettext("players %(a)s and %(b)s are already a forbidden pair")
                         % {"a": a.tpn, "b": b.tpn})
    first, second = sorted((a, b), key=lambda e: e.pk)
    try:
        with transaction.atomic():  # a double click: the second meets the unique constraint
            m.ForbiddenPair.objects.create(event=event, first=first, second=second)
    except IntegrityError:
        raise BadRequest(gettext("players %(a)s and %(b)s are already a forbidden pair")
                         % {"a": a.tpn, "b": b.tpn}) from None
    audit(event, user, "forbidden-pair", f"{a.name} - {b.name}", None, [a.tpn, b.tpn])


def remove_forbidden_pair(pair: m.ForbiddenPair, user: User) -> None:
    """The two players may meet again (issue 25 item 12: a pair entered by mistake)."""
    with transaction.atomic():
        a, b = pair.first, pair.second
        pair.delete()
        audit(pair.event, user, "forbidden-pair-remove", f"{a.name} - {b.name}",
              [a.tpn, b.tpn], None)


# --- rounds -----------------------------------------------------------------------------------
@dataclass(slots=True)
class PairingResult:
    round: m.Round
    notes: list[dict[str, object]] = field(default_factory=list)


def _store_pairing(event: m.Event, rnd: m.Round, pairing: Pairing) -> None:
    """Games of the round in publication order (C.04.2 D.9), the bye on the last board; a
    Double-Swiss match's two games (C.04.5 Preface, :func:`.double_swiss.second_games`)."""
    if event.system == "team-swiss":  # matches of teams with their boards (issue 27 part 6)
        from .teams import store_team_pairing

        store_team_pairing(event, rnd, pairing)
        return
    t = tournament_of(event, rnd.number)
    by_tpn = {e.tpn: e for e in event.entrants.all()}
    rnd.games.all().delete()
    game = 1 if double_swiss.is_double_swiss(event) else 0
    games = [m.Game(round=rnd, board=n, game=game, white=by_tpn[b.white],
                    black=by_tpn[b.black])
             for n, b in enumerate(pairing.publication_order(t), 1)]
    if pairing.bye is not None:
        games.append(m.Game(round=rnd, board=len(games) + 1, game=game,
                            white=by_tpn[pairing.bye], white_code="U"))
    m.Game.objects.bulk_create(games)
    if game:
        double_swiss.second_games(rnd)


class MissingResults(BadRequest):
    """Pairing refused: games of earlier rounds have no result yet; ``games`` are those games
    (round, board), for the page to name and link them (issue 25 item 11)."""

    def __init__(self, games: list[m.Game]) -> None:
        self.games = games
        last = max(g.round.number for g in games)
        super().__init__(round_gettext(
            games[0].round.event, "enter every result of round %(n)s first") % {"n": last})


def check_can_pair(event: m.Event) -> int:
    """The number of the next round to pair, or BadRequest saying why it cannot be paired:
    every earlier round must be published with all its results in; a round-robin's round 1
    needs 3 to 24 players and their numbers drawn (C.05 Annex 1)."""
    from . import round_robin

    r = rounds_paired(event) + 1
    if r == 1 and round_robin.is_round_robin(event):
        round_robin.check_players(event)
        if not event.numbers_drawn:
            raise BadRequest(gettext("draw the pairing numbers by lot, or enter the "
                                     "numbers drawn, before pairing round 1"))
    if r > event.rounds:
        raise BadRequest(round_gettext(
            event, "the tournament has %(n)s rounds: all are paired")
                         % {"n": event.rounds})
    earlier = event.round_set.filter(number__lt=r)
    if earlier.exclude(status=m.Round.PUBLISHED).exists():
        raise BadRequest(round_gettext(
            event, "publish the previous round first"))
    missing = list(m.Game.objects.filter(round__in=earlier, white_code="")
                   .select_related("round").order_by("round__number", "board"))
    if missing:  # named and linked by the page (issue 25 item 11)
        raise MissingResults(missing)
    if event.entrants.count() < 2:
        raise BadRequest(gettext("at least two players are needed"))
    if event.system == "team-swiss":  # teams and line-ups (issue 27 part 6)
        from .teams import check_can_pair_teams

        check_can_pair_teams(event, r)
    return r


@dataclass(slots=True)
class ComputedPairing:
    """A pairing computed from the event as it was at ``revision`` (no transaction open)."""

    round_number: int
    revision: int
    pairing: Pairing
    notes: list[dict[str, object]]


def pairing_input(event: m.Event) -> tuple[int, int, object]:
    """What a pairing is computed from, read in one transaction (a consistent view): the
    round number, the event's revision, and the tournament before that round."""
    with transaction.atomic():
        fresh = m.Event.objects.get(pk=event.pk)
        r = check_can_pair(fresh)
        return r, fresh.revision, (fresh.system, tournament_of(fresh, r))


class ChangedWhilePairing(Stale):
    """The event changed while its pairing was computed: the pairing is not stored."""


def store_computed_pairing(event: m.Event, computed: ComputedPairing, user: User) -> m.Round:
    """Store a computed pairing in one short transaction (issue 24 item 16: the computation
    itself holds no lock), refused when the event's revision moved on meanwhile (a result, a
    player, a bye changed: the pairing may no longer be the rules' answer) or the round is
    already paired."""
    r = computed.round_number
    with transaction.atomic():
        fresh = m.Event.objects.select_for_update().get(pk=event.pk)
        if fresh.revision != computed.revision or rounds_paired(fresh) + 1 != r:
            raise ChangedWhilePairing(gettext(
                "the tournament changed while round %(n)s was being paired (a result, a player "
                "or a bye): the pairing was not stored; pair the round again") % {"n": r})
        # the round's day in the schedule (issue 24 item 20: not the day it is paired, often
        # the evening before)
        set_round_date(fresh, r, scheduled_date(fresh, r))
        if r == 1:
            from . import round_robin

            if round_robin.is_round_robin(fresh):
                round_robin.fix_rounds(fresh, user)  # the table's rounds (C.05 Annex 1)
        rnd = m.Round.objects.create(event=fresh, number=r, system=fresh.system,
                                     explanation=computed.notes)
        _store_pairing(fresh, rnd, computed.pairing)
        audit(fresh, user, "round-pair", f"round {r}", None, pairing_json(computed.pairing))
    return rnd


def pair_next_round(event: m.Event, user: User, revision: int | None = None) -> m.Round:
    """Pair the next round with the event's system and keep the engine's explanation
    (synchronously: the command line, the tests; the web page pairs in the background,
    :mod:`.pairing_jobs`).

    Every earlier round must be published with all its results in. ``revision``: the event's
    revision the page showed; a change since then refuses the pairing (:class:`Stale`).
    """
    r, current, (system, t) = pairing_input(event)
    if revision is not None and revision != current:
        raise stale_event()
    pairing, notes = compute_pairing(system, t, r)  # type: ignore[arg-type]
    return store_computed_pairing(event, ComputedPairing(r, current, pairing, notes), user)


def stale_event() -> Stale:
    return Stale(gettext("the tournament changed since this page was shown (a result, a "
                         "player, a bye or the settings, by another arbiter or another tab): "
                         "nothing was paired; look at the page as it is now, then pair"))


def pairing_json(p: Pairing) -> dict[str, object]:
    return {"round": p.round_number, "boards": [[b.white, b.black] for b in p.boards],
            "bye": p.bye}


def round_pairing(rnd: m.Round) -> Pairing:
    """The pairing stored for a round (what the checker compares); a Double-Swiss match by its
    game 1, in the model's first game column of the match (C.04.5)."""
    if rnd.event.system == "team-swiss":
        from .teams import round_team_pairing

        return round_team_pairing(rnd)
    double = double_swiss.is_double_swiss(rnd.event)
    p = Pairing(double_swiss.column(rnd.number, 1 if double else 0))
    for g in rnd.games.filter(game__lt=2).select_related("white", "black"):
        if g.black is None:
            p.bye = g.white.tpn
        else:
            p.boards.append(Board(g.white.tpn, g.black.tpn))
    return p


def publish_round(rnd: m.Round, user: User, version: int | None = None) -> None:
    """Publish a draft round (``version``: the round's version the page showed)."""
    with transaction.atomic():
        row = _locked_round(rnd, version)
        if row.published:
            raise Stale(round_gettext(
                row.event, "round %(n)s is already published") % {"n": row.number})
        row.status = m.Round.PUBLISHED
        row.published_at = timezone.now()
        row.version += 1
        row.save(update_fields=["status", "published_at", "version", "updated_at"])
        audit(row.event, user, "round-publish", f"round {row.number}")
    rnd.status, rnd.published_at, rnd.version = row.status, row.published_at, row.version


def unpublish_round(rnd: m.Round, user: User, version: int | None = None) -> None:
    """Back to draft while no result of the round is entered."""
    with transaction.atomic():
        row = _locked_round(rnd, version)
        if not row.published:
            raise Stale(round_gettext(
                row.event, "round %(n)s is not published") % {"n": row.number})
        if row.games.exclude(white_code="").exclude(black__isnull=True).exists():
            raise BadRequest(round_gettext(
                row.event, "results are entered: the round stays published"))
        row.status = m.Round.DRAFT
        row.version += 1
        row.save(update_fields=["status", "version", "updated_at"])
        audit(row.event, user, "round-unpublish", f"round {row.number}")
    rnd.status, rnd.version = row.status, row.version


def unpair_round(rnd: m.Round, user: User, version: int | None = None) -> None:
    """Remove the last round while no result of it is entered (then pair it again)."""
    event = rnd.event
    with transaction.atomic():
        row = _locked_round(rnd, version)
        if row.number != rounds_paired(event):
            raise BadRequest(round_gettext(
                event, "only the last paired round can be unpaired"))
        if row.games.exclude(white_code="").exclude(black__isnull=True).exists():
            raise BadRequest(round_gettext(
                event, "results of this round are entered: remove them first"))
        before = pairing_json(round_pairing(row))
        row.delete()
        audit(event, user, "round-unpair", f"round {rnd.number}", before, None)


def violations_of(rnd: m.Round, pairing: Pairing | None = None) -> list[Violation]:
    """The absolute rules (C.04.1) the round's pairing breaks, from the checker."""
    event = rnd.event
    t = tournament_of(event, rnd.number)
    return api.violations(t, pairing or round_pairing(rnd), event.system)


#: the manual changes of a pairing as shown (gettext ids); the kinds stored in
#: ``Round.manual_changes`` as ``{"kind": ..., numbers}``; earlier versions stored the English text
MANUAL_CHANGE_TEXTS: dict[str, str] = {
    "swap": gettext_noop("board %(board)s: colours swapped"),
    "exchange": gettext_noop("players %(a)s and %(b)s exchanged"),
    "bye": gettext_noop("player %(a)s takes the bye instead of %(b)s"),
    # a team round (C.04.6; issue 27): by match and by team pairing numbers
    "team-swap": gettext_noop("match %(match)s: colours swapped"),
    "team-exchange": gettext_noop("teams %(a)s and %(b)s exchanged"),
}


def manual_change_text(change: object, translated: bool = True) -> str:
    """One entry of ``Round.manual_changes`` in words: in the active language, or in English
    (``translated=False``, the audit log). An entry stored as English text by an earlier
    version is translated when it has one of the known forms."""
    from .core_messages import translate_text

    if isinstance(change, dict) and change.get("kind") in MANUAL_CHANGE_TEXTS:
        template = MANUAL_CHANGE_TEXTS[str(change["kind"])]
        parts = {k: v for k, v in change.items() if k != "kind"}
        return (gettext(template) if translated else template) % parts
    text = str(change)
    return translate_text(text, tuple(MANUAL_CHANGE_TEXTS.values())) if translated else text


def manual_change(rnd: m.Round, kind: str, a: int, b: int | None, user: User,
                  version: int | None = None) -> list[Violation]:
    """Change a draft pairing by hand and return the absolute rules it now breaks.

    ``swap``: the colours of board ``a``; ``exchange``: players ``a`` and ``b`` (pairing
    numbers) change places; ``bye``: player ``a`` takes the bye. The change is kept (the
    arbiter decides), and shown with every violated rule. ``version``: the round's version the
    page showed (a change since then refuses this one, :class:`Stale`).
    """
    shown = rnd
    with transaction.atomic():
        rnd = _locked_draft_round(rnd, version)
        before = round_pairing(rnd)
        change = _change_pairing(rnd, kind, a, b)
        if user is not None and getattr(user, "is_authenticated", False):
            change["by"] = user.get_username()  # who, in the explanation (issue 25 item 8)
        rnd.manual_changes = [*rnd.manual_changes, change]
        rnd.version += 1
        text = manual_change_text(change, translated=False)
        rnd.save(update_fields=["manual_changes", "version", "updated_at"])
        after = round_pairing(rnd)
        audit(rnd.event, user, "round-manual", f"round {rnd.number}: {text}",
              pairing_json(before), pairing_json(after))
    shown.manual_changes, shown.version = rnd.manual_changes, rnd.version
    return violations_of(rnd, after)


def _change_pairing(rnd: m.Round, kind: str, a: int, b: int | None) -> dict[str, object]:
    """Make one manual change to ``rnd``'s games (see :func:`manual_change`); the change as
    stored in ``Round.manual_changes``. A Double-Swiss match is changed by its game 1 and its
    game 2 made again from it (C.04.5 Preface: the same players, colours reversed)."""
    if rnd.event.system == "team-swiss":  # matches of teams (C.04.6; issue 27)
        from .teams import change_team_pairing

        return change_team_pairing(rnd, kind, a, b)
    games = list(rnd.games.filter(game__lt=2).select_related("white", "black"))
    by_tpn = {e.tpn: e for e in rnd.event.entrants.all()}
    if kind == "swap":
        g = next((g for g in games if g.board == a and g.black is not None), None)
        if g is None:
            raise BadRequest(gettext("no board %(n)s with two players") % {"n": a})
        g.white, g.black = g.black, g.white
        g.save()
        change: dict[str, object] = {"kind": "swap", "board": a}
    elif kind in ("exchange", "bye"):
        if kind == "bye":
            bye_game = next((g for g in games if g.black is None), None)
            if bye_game is None:
                raise BadRequest(round_gettext(
                    rnd.event, "this round has no pairing-allocated bye"))
            b = bye_game.white.tpn
        if a not in by_tpn or b not in by_tpn or a == b:
            raise BadRequest(round_gettext(
                rnd.event, "choose two different players of the round"))
        slots = []
        for g in games:
            for side in ("white", "black"):
                p = getattr(g, side)
                if p is not None and p.tpn in (a, b):
                    slots.append((g, side, p.tpn))
        if len(slots) != 2:
            raise BadRequest(round_gettext(
                rnd.event, "both players must be paired in this round"))
        for g, side, tpn in slots:
            setattr(g, side, by_tpn[b if tpn == a else a])
        for g, _, _ in slots:
            g.save()
        change = {"kind": kind, "a": a, "b": b}
    else:
        raise BadRequest(gettext("unknown change %(kind)r") % {"kind": kind})
    double_swiss.second_games(rnd)
    return change


def _players_of_change(rnd: m.Round, change: dict[str, object]) -> set[int]:
    """The pairing numbers a stored manual change moved."""
    if str(change["kind"]).startswith("team-"):
        from .teams import players_of_team_change

        return players_of_team_change(rnd, change)
    if change["kind"] == "swap":
        game = rnd.games.select_related("white", "black").filter(board=change["board"]).first()
        return {p.tpn for p in (game.white, game.black) if p is not None} if game else set()
    return {int(str(change["a"])), int(str(change["b"]))}


def undo_manual_changes(rnd: m.Round, user: User, every: bool = False,
                        version: int | None = None) -> list[str]:
    """Undo the last manual change of a draft pairing, or all of them (``every``: back to the
    engine's pairing) in one transaction and one audit entry (issue 25 item 8). Each change is
    its own inverse: colours swapped back, the two players exchanged back (a bye given by hand
    goes back to the player who had it). Refused on a published round and when results are
    entered on the boards concerned. ``version``: the round's version the page showed; a
    change of the round since then (another change, an undo, publication, from another tab or
    arbiter) refuses the undo (:class:`Stale`), which would otherwise undo a change the arbiter
    has not seen. Returns the changes undone, in words (English)."""
    shown = rnd
    with transaction.atomic():
        rnd = _locked_draft_round(rnd, version)
        changes = list(rnd.manual_changes)
        if not changes:
            raise BadRequest(gettext("there is no manual change to undo"))
        todo = changes if every else changes[-1:]
        if any(not isinstance(c, dict) or c.get("kind") not in MANUAL_CHANGE_TEXTS
               for c in todo):
            raise BadRequest(gettext("a change recorded by an earlier version cannot be "
                                     "undone: unpair the round and pair it again"))
        concerned: set[int] = set()
        for c in todo:
            concerned |= _players_of_change(rnd, c)
        entered = [g.board for g in rnd.games.select_related("white", "black")
                   .exclude(black=None).exclude(white_code="")
                   if g.white.tpn in concerned or g.black.tpn in concerned]
        if entered:
            raise BadRequest(gettext("results are entered on boards %(boards)s: the change "
                                     "cannot be undone") % {
                "boards": ", ".join(str(b) for b in sorted(entered))})
        before = round_pairing(rnd)
        for c in reversed(todo):
            if c["kind"] == "swap":
                _change_pairing(rnd, "swap", int(str(c["board"])), None)
            elif c["kind"] == "team-swap":
                _change_pairing(rnd, "team-swap", int(str(c["match"])), None)
            elif c["kind"] == "team-exchange":
                _change_pairing(rnd, "team-exchange", int(str(c["a"])), int(str(c["b"])))
            else:  # an exchange, and a bye given by hand, are exchanged back
                _change_pairing(rnd, "exchange", int(str(c["a"])), int(str(c["b"])))
        rnd.manual_changes = changes[:len(changes) - len(todo)]
        rnd.version += 1
        rnd.save(update_fields=["manual_changes", "version", "updated_at"])
        texts = [manual_change_text(c, translated=False) for c in todo]
        what = "back to the engine's pairing" if every else f"undone: {texts[0]}"
        audit(rnd.event, user, "round-manual-undo", f"round {rnd.number}: {what}",
              pairing_json(before), pairing_json(round_pairing(rnd)))
    shown.manual_changes, shown.version = rnd.manual_changes, rnd.version
    return texts


# --- results ------------------------------------------------------------------------------------
#: results that are not a game played: forfeits (C.04.1 / trf.md 4.1 ``+ -``); the grid asks
#: for a confirmation before recording one (issue 24: ``00`` recorded a double forfeit)
FORFEITS = frozenset({"+-", "-+", "--"})


class StaleResult(Stale):
    """The board's result changed since the grid's row was shown (``game`` holds it now)."""

    def __init__(self, message: str, game: m.Game) -> None:
        super().__init__(message)
        self.game = game


class NeedsConfirmation(BadRequest):
    """A correction of a round followed by paired rounds: the arbiter must confirm it knowing
    what it implies (C.04.2 4.3)."""

    def __init__(self, message: str, later: list[int]) -> None:
        super().__init__(message)
        self.later = later


def _label(key: str) -> str:
    return {"=": "½-½", "+-": "+/-", "-+": "-/+", "--": "-/-"}.get(key, key) or "—"


def set_result(game: m.Game, result: str, user: User, *, version: int | None = None,
               confirm_late: bool = True) -> bool:
    """Enter or correct a board's result (``''`` clears it). Returns True when later rounds are
    already paired (a correction the checker should look at again).

    ``version``: the board's version the grid showed; a change of the board since then (another
    arbiter, another tab, the players' confirmation in the hall) refuses this one
    (:class:`StaleResult`, with the board as it is now). ``confirm_late=False``: a correction
    of a round followed by paired rounds is refused until confirmed (:class:`NeedsConfirmation`);
    once made it is recorded (:class:`.models.ResultCorrection`): C.04.2 4.3, the corrected
    result counts for the next pairing, the rounds already published stand.
    """
    if game.is_empty_board:  # a team board forfeited against an empty board (trf.md 4.1)
        raise BadRequest(gettext("board %(board)s is forfeited against an empty board: no "
                                 "result to enter") % {"board": game.board_label})
    if game.black_id is None:
        raise BadRequest(gettext("the bye has no result to enter"))
    if result and result not in m.RESULTS:
        raise BadRequest(gettext("unknown result %(result)r") % {"result": result})
    rnd = game.round
    if not rnd.published:
        raise BadRequest(round_gettext(
            rnd.event, "publish the round before entering results"))
    with transaction.atomic():
        current = m.Game.objects.select_for_update().get(pk=game.pk)
        if version is not None and current.version != version:
            raise StaleResult(gettext(
                "board %(board)s changed since this page was shown (another arbiter, another "
                "tab or the players' entries): it is now %(now)s; your %(typed)s was not saved")
                % {"board": current.board_label, "now": _label(current.result),
                   "typed": _label(result)}, current)
        before = current.result
        later_rounds = list(rnd.event.round_set.filter(number__gt=rnd.number)
                            .values_list("number", flat=True))
        later = bool(later_rounds)
        if before == result:
            game.white_code, game.black_code = current.white_code, current.black_code
            game.version = current.version
            return later
        if later and not result:
            raise BadRequest(round_gettext(
                rnd.event, "round %(n)s is followed by paired rounds: its results can be "
                "corrected, not removed") % {"n": rnd.number})
        if later and not confirm_late:
            raise NeedsConfirmation(round_gettext(
                rnd.event, "round %(n)s is followed by paired rounds (%(later)s): the corrected "
                "result counts from the next pairing on; the rounds already published stand as "
                "they were paired (C.04.2 4.3). The correction is recorded and the check reports "
                "those rounds as paired before it.") % {
                    "n": rnd.number, "later": ", ".join(str(x) for x in later_rounds)},
                later_rounds)
        game.white_code, game.black_code = m.RESULTS[result] if result else ("", "")
        game.version = current.version + 1
        game.save(update_fields=["white_code", "black_code", "version", "updated_at"])
        entry = audit(rnd.event, user, "result",
                      f"round {rnd.number} board {game.board_label}",
                      {"game": game.pk, "result": before},
                      {"game": game.pk, "result": result, "after_later_rounds": later,
                       "version": game.version})
        if later and before:
            m.ResultCorrection.objects.create(
                event=rnd.event, game=game, before=before, after=result,
                rounds_paired=max(later_rounds), audit=entry)
    return later


def undo_target(event: m.Event) -> m.AuditEntry | None:
    """The result change the round page offers to undo: the last one not undone."""
    return event.audit.filter(action="result", undone=False).first()


def undo_result(event: m.Event, entry_id: int | None, user: User) -> m.AuditEntry:
    """Undo the result change ``entry_id`` (the one the page's button named): the board gets
    its previous result back. Refused when that change is no longer the last one on its board
    (a later entry, a player's confirmation, another undo: issue 24, the button named board 30
    and board 31 was cleared) or was already undone."""
    with transaction.atomic():
        entry = (event.audit.select_for_update().filter(pk=entry_id, action="result").first()
                 if entry_id is not None else None)
        if entry is None:
            raise BadRequest(gettext("no such result change to undo"))
        if entry.undone:
            raise Stale(gettext("this result change was already undone"))
        after = entry.after or {}
        game = (m.Game.objects.select_for_update().select_related("round")
                .filter(pk=after.get("game")).first())
        if game is None:
            raise BadRequest(gettext("the board of this result change no longer exists"))
        version = after.get("version")
        newer = event.audit.filter(action__in=("result", "result-undo"), pk__gt=entry.pk,
                                   target=entry.target).exists()
        if (version is not None and game.version != version) or newer or \
                game.result != after.get("result", ""):
            raise Stale(gettext("%(target)s changed after this change (now %(now)s): it is no "
                                "longer the last change of its board, nothing was undone")
                        % {"target": entry.target, "now": _label(game.result)})
        previous = (entry.before or {}).get("result", "")
        game.white_code, game.black_code = m.RESULTS[previous] if previous else ("", "")
        game.version += 1
        game.save(update_fields=["white_code", "black_code", "version", "updated_at"])
        entry.undone = True
        entry.save(update_fields=["undone"])
        m.ResultCorrection.objects.filter(audit=entry).delete()
        audit(event, user, "result-undo", entry.target, entry.after,
              {**(entry.before or {}), "version": game.version, "undoes": entry.pk})
    return entry


def undo_last_result(event: m.Event, user: User) -> m.AuditEntry | None:
    """Undo the last result change not undone yet (:func:`undo_target`), if any."""
    target = undo_target(event)
    return None if target is None else undo_result(event, target.pk, user)


def published_rounds_check(event: m.Event) -> list[int]:
    """Rounds whose stored pairing differs from the published one read from the model (sanity:
    what the checker compares is what the arbiter sees). A Double-Swiss match is compared by
    its first game column (C.04.5)."""
    t = tournament_of(event)
    bad = []
    for rnd in event.round_set.all():
        column = double_swiss.first_column(t, rnd.number)
        if column > t.rounds_paired:
            break
        ours = round_pairing(rnd)
        theirs = published_pairing(t, column).pairing
        if sorted(ours.boards) != sorted(theirs.boards) or ours.bye != theirs.bye:
            bad.append(rnd.number)
    return bad
