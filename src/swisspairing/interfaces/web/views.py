"""Pages of the arbiters' web app. Each view reads rows, calls :mod:`.actions` (changes) or
:mod:`.convert` plus the existing standings / checker / export code (pages), and renders.

No pairing, ranking or tie-break logic lives here.
"""

from __future__ import annotations

import io
import logging
import re
import warnings
from typing import Any

import segno
from django.conf import settings
from django.contrib import messages
from django.core.files.uploadedfile import UploadedFile
from django.db import transaction
from django.forms import Form
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.html import format_html, format_html_join
from django.utils.translation import get_language, gettext_lazy, gettext_noop
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from ... import api
from ...checker.report import compared_rows, paired_before_text
from ...errors import BadRequest, SwissPairingError
from ...formats.trf import parse_trf_bytes
from ...model.tournament import Board
from ...standings import render as publication
from ...standings import views as tables
from ...standings.labels import tiebreak_name
from ...standings.round_robin_table import round_robin_crosstable
from . import (
    actions,
    auth,
    backup,
    convert,
    core_messages,
    double_swiss,
    explanation_now,
    forms,
    pairing_jobs,
    printing,
    public_address,
    ratings,
    round_robin,
    rule_citations,
    team_views,
)
from . import models as m
from .auth import arbiter_required, can_edit, chief_required, role_of, viewer_required
from .hall import services as hall_services
from .imports import (
    MAX_IMPORT_BYTES,
    MAX_RATING_LIST_BYTES,
    BadRows,
    Candidate,
    TooManyInFile,
    matches,
    query_words,
    read_player_file,
)
from .settings_words import system_label

#: the system of a TRF import whose file names none: the Dutch rules in force (C.04.3, 2026)
RULES_IN_FORCE = "dutch-2025"
#: what an arbiter may type in a result cell, in the order the help line lists them: (the
#: keys, the result key of models.RESULTS, what it means). Issue 24 item 5: ``00`` (one key
#: from ``0``) recorded a double forfeit and ``x`` / ``d`` were draws the help line did not
#: list; every forfeit now has its own keys and asks for a confirmation
#: (:data:`.actions.FORFEITS`), and the help line is made from this table.
RESULT_KEYS: list[tuple[tuple[str, ...], str, Any]] = [
    (("1", "1-0", "10"), "1-0", gettext_lazy("White wins")),
    (("0", "0-1", "01"), "0-1", gettext_lazy("Black wins")),
    (("=", "5", "½", "1/2", "½-½", "d"), "=", gettext_lazy("draw")),
    (("+", "+-", "+/-"), "+-", gettext_lazy("White wins by forfeit")),
    (("-+", "-/+"), "-+", gettext_lazy("Black wins by forfeit")),
    (("--", "-/-"), "--", gettext_lazy("double forfeit (neither player came)")),
    (("w",), "W-L", gettext_lazy("White wins, game not rated (W-L)")),
    (("l",), "L-W", gettext_lazy("Black wins, game not rated (L-W)")),
]
RESULT_SHORTHANDS = {typed: key for keys, key, _meaning in RESULT_KEYS for typed in keys}
RESULT_SHORTHANDS[""] = ""


def unknown_result(typed: str) -> str:
    return _("Unknown result %(typed)s: type 1, 0, = (or 5), + or -+ (forfeit), -- (double "
             "forfeit)") % {"typed": shown_typed(typed)}


def shown_typed(typed: str, limit: int = 20) -> str:
    """What was typed, quoted, as an error message shows it: its first ``limit`` characters
    (a 100,000-character field was echoed whole into the page)."""
    return repr(typed[:limit]) + ("…" if len(typed) > limit else "")
#: the audit target of a result change (``actions.set_result``), as shown in the undo message
RESULT_TARGET = gettext_noop("round %(round)s board %(board)s")
RESULT_LABELS = {"1-0": "1-0", "0-1": "0-1", "=": "½-½", "+-": "+/-", "-+": "-/+", "--": "-/-",
                 "W-L": "1-0 (W)", "L-W": "0-1 (L)", "D-D": "½-½ (D)", "": ""}


def read_only(view: Any) -> Any:
    """A page that only reads: not in the request-wide transaction (``ATOMIC_REQUESTS``).

    On SQLite every transaction is ``BEGIN IMMEDIATE``: a page in one held the write lock while
    it rendered, so an arbiter's heavy page (a 400-player round) made every players' entry and
    every other write wait (issue 24, item 16: "entries and arbiter pages failed"). Read
    outside a transaction, each query sees the last committed state (WAL) and nothing waits."""
    return transaction.non_atomic_requests(view)


def _lang() -> str:
    return "fr" if (get_language() or "en").startswith("fr") else "en"


def _event(pk: int) -> m.Event:
    return get_object_or_404(m.Event, pk=pk)


def _error(request: HttpRequest, exc: SwissPairingError) -> None:
    messages.error(request, core_messages.user_message(exc))


def _ctx(request: HttpRequest, event: m.Event | None = None, **kw: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"event": event, "can_edit": can_edit(request.user),
                           "is_chief": role_of(request.user) == m.ROLE_CHIEF}
    if event is not None:
        out["rounds"] = list(event.round_set.all())
        out["rounds_paired"] = len(out["rounds"])
    out.update(kw)
    return out


logger = logging.getLogger(__name__)


# --- home, events ---------------------------------------------------------------------------
@read_only
@viewer_required
def home(request: HttpRequest) -> HttpResponse:
    events = m.Event.objects.all()
    return render(request, "web/home.html", _ctx(request, events=events,
                                                  trf_form=forms.TrfImportForm()))


@arbiter_required
def event_new(request: HttpRequest) -> HttpResponse:
    form = forms.EventForm(request.POST or None, initial={"rounds": 9, "system": "dutch-2025"})
    if request.method == "POST" and form.is_valid():
        event = form.save(commit=False)
        event.point_system = forms.POINT_SYSTEMS[form.cleaned_data["point_scheme"]][1]
        chosen = form.cleaned_data.get("initial_colour_choice")
        event.initial_colour = chosen or actions.draw_initial_colour()
        event.initial_colour_drawn = not chosen
        event.round_dates = form.round_dates()
        try:
            actions.create_event(event, request.user)
        except SwissPairingError as exc:
            _error(request, exc)
        else:
            return redirect("web:players", pk=event.pk)
    return render(request, "web/event_form.html", _ctx(request, form=form))


@viewer_required
def event_edit(request: HttpRequest, pk: int) -> HttpResponse:
    event = _event(pk)
    form = forms.EventForm(request.POST or None, instance=event)
    if request.method == "POST" and form.is_valid():
        event = form.save(commit=False)
        event.point_system = forms.POINT_SYSTEMS[form.cleaned_data["point_scheme"]][1]
        event.initial_colour = form.cleaned_data["initial_colour_choice"]
        event.round_dates = form.round_dates()
        try:
            warnings = actions.update_event(event, request.user, _version(request))
        except actions.Stale as exc:
            # another save since this form was shown: the settings as they are now
            _error(request, exc)
            return redirect("web:event-edit", pk=pk)
        except SwissPairingError as exc:
            _error(request, exc)
            event.refresh_from_db()
        else:
            messages.success(request, _("Saved."))
            for warning in warnings:
                messages.warning(request, _settings_warning(warning, event))
            return redirect("web:event", pk=event.pk)
    # the version this form showed (kept when it comes back with an error)
    shown = _version(request) if request.method == "POST" else None
    return render(request, "web/event_form.html", _ctx(
        request, event, form=form, form_version=shown or m.Event.objects.get(pk=pk).version))


def _settings_warning(kind: str, event: m.Event) -> str:
    """What a change of the settings after round 1 means for the rounds to come."""
    if kind == actions.SYSTEM_CHANGED:
        return _("The pairing system is now %(system)s: the next rounds will be paired with "
                 "it, and the check compares every round, also those already paired, with "
                 "it.") % {"system": system_label(event.system)}
    return _("The point system changed: every score, the standings and the next pairings "
             "count the rounds already played with the new points.")


@read_only
@viewer_required
def event(request: HttpRequest, pk: int) -> HttpResponse:
    event = _event(pk)
    # on the public address (issue 24, item 11): the QR code below is built on it too
    public_url = public_address.absolute(request, reverse("web:public",
                                                          args=[event.public_token]))
    hall_url = public_address.absolute(request, reverse("hall:public", args=[event.public_token]))
    base = public_address.base(request)
    return render(request, "web/event.html", _ctx(
        request, event, public_url=public_url, hall_url=hall_url, base=base,
        loopback=public_address.is_loopback(base),
        players=event.entrants.count(), system_label=system_label(event.system),
        tiebreak_names=(" ; " if _lang() == "fr" else "; ").join(
            tiebreak_name(c.strip(), _lang()) for c in event.tiebreaks.split(",") if c.strip()),
        complete=convert.complete_rounds(event),
        round_robin=round_robin.is_round_robin(event),
        # TRF-16 cannot say that a round is a two-game match (C.04.5): TRF-2026 only
        double_swiss=double_swiss.is_double_swiss(event)))


@arbiter_required
@require_POST
def import_trf(request: HttpRequest) -> HttpResponse:
    """Continue a tournament paired elsewhere: every round of the file is published.

    The pairing system is the one the file names (record ``192``, or the project's comment
    for ``192 CUSTOM_SWISS``: :func:`system_from_file`) unless the arbiter chose another;
    without one, the rules in force (Dutch 2025, C.04.3 since 1 February 2026), said in a
    note (issue 24 item 6). The file is bounded as every player file is: at most
    :data:`MAX_IMPORT_BYTES` and :func:`actions.max_event_players` players (item 8)."""
    form = forms.TrfImportForm(request.POST, request.FILES)
    if not form.is_valid():
        messages.error(request, _upload_error(form, _("Choose a TRF file.")))
        return redirect("web:home")
    upload = form.cleaned_data["file"]
    data = upload.read(MAX_IMPORT_BYTES + 1) if (upload.size or 0) <= MAX_IMPORT_BYTES else b""
    if not data or len(data) > MAX_IMPORT_BYTES:
        messages.error(request, _("%(file)s is larger than %(mb)s MB: nothing was imported.")
                       % {"file": upload.name, "mb": MAX_IMPORT_BYTES // 2**20})
        return redirect("web:home")
    try:
        t = parse_trf_bytes(data, upload.name)
        limit = actions.max_event_players()
        if len(t.players) > limit:
            messages.error(request, _(
                "%(file)s holds %(count)s players: an event may have at most %(limit)s "
                "players. Nothing was imported.") % {
                "file": upload.name, "count": len(t.players), "limit": limit})
            return redirect("web:home")
        named = api.system_from_file(t)
        if named is None and t.team_event is not None and t.team_event.teams:
            named = "team-swiss"  # 310 records without 192: a team event (issue 27 part 6)
        chosen = form.cleaned_data.get("system") or named or RULES_IN_FORCE
        event = convert.store_tournament(t, chosen)
    except SwissPairingError as exc:
        _error(request, exc)
        return redirect("web:home")
    if not form.cleaned_data.get("system") and named is None:
        messages.warning(request, _(
            "The file names no pairing system (record 192): the rules in force, %(system)s, "
            "were chosen. Change it in the settings if the tournament used another system.")
            % {"system": chosen})
    elif named is not None and chosen != named:
        messages.warning(request, _(
            "The file names %(named)s (record 192); %(system)s was used, as chosen.")
            % {"named": named, "system": chosen})
    for w in t.warnings:
        messages.warning(request, w)
    actions.audit(event, request.user, "event-import-trf", upload.name)
    return redirect("web:event", pk=event.pk)


def _uploaded_file(request: HttpRequest, limit: int, too_big: str) -> UploadedFile | None:
    """The file of an import form, or None once the arbiter is told why not: no file, an
    empty one, or one over ``limit`` bytes (``too_big``, with ``%(file)s`` and ``%(mb)s``)."""
    form = forms.ImportForm(request.POST, request.FILES)
    if not form.is_valid():
        messages.error(request, _upload_error(form, _("Choose a file.")))
        return None
    upload: UploadedFile = form.cleaned_data["file"]
    if upload.size is not None and upload.size > limit:
        messages.error(request, too_big % {"file": upload.name, "mb": limit // 2**20})
        return None
    return upload


def _upload_error(form: Form, otherwise: str) -> str:
    """The file field's own error (an empty file is named as such), else ``otherwise``."""
    upload = form.files.get("file")
    errors = form.errors.get("file")
    if upload is not None and errors:
        return f"{upload.name}: {errors[0]}"
    return otherwise


@chief_required
def accounts(request: HttpRequest) -> HttpResponse:
    """The chief arbiter creates accounts or sets a new password (same as ``createuser``).

    The password is checked here by Django's validators (``AUTH_PASSWORD_VALIDATORS``), not
    only by the page's ``minlength``: a refused password is shown under the field, with the
    user name and role kept, status 400, and nothing changed (review defect 2: an empty POST
    used to set a random password nobody knew)."""
    from django.contrib.auth import get_user_model

    from .setup import create_user, password_problems

    entered: dict[str, str] = {"username": "", "role": m.ROLE_ARBITER}
    password_errors: list[str] = []
    if request.method == "POST" and ("unlock_name" in request.POST or
                                     "unlock_address" in request.POST):
        # issue 24, item 17: the chief arbiter lifts a login lock (a user name or an address)
        name = str(request.POST.get("unlock_name", ""))[:150]
        address = str(request.POST.get("unlock_address", ""))[:64]
        forgotten = auth.unlock(username=name, address=address)
        actions.audit(None, request.user, "account-unlock", name or address, None,
                      {"failures": forgotten})
        messages.success(request, _("Unlocked %(who)s.") % {"who": name or address})
        return redirect("web:accounts")
    if request.method == "POST":
        username = str(request.POST.get("username", "")).strip()
        role = str(request.POST.get("role", ""))
        password = str(request.POST.get("password", ""))
        entered = {"username": username, "role": role}
        password_errors = password_problems(username, password)
        if not password_errors:
            try:
                created, _password = create_user(username, password, role)
                actions.audit(None, request.user, "account-create" if created else
                              "account-password", username, None, {"role": role})
                messages.success(request, _("Account %(name)s saved.") % {"name": username})
                return redirect("web:accounts")
            except SwissPairingError as exc:
                _error(request, exc)
                return redirect("web:accounts")
    users = get_user_model().objects.select_related("profile").order_by("username")
    rows = [(u, getattr(getattr(u, "profile", None), "role", "")) for u in users]
    return render(request, "web/accounts.html",
                  _ctx(request, rows=rows, roles=m.ROLES, entered=entered,
                       password_errors=password_errors, locked_names=auth.locked_names(),
                       locked_addresses=auth.locked_addresses()),
                  status=400 if password_errors else 200)


# --- players -------------------------------------------------------------------------------------
@viewer_required
def players(request: HttpRequest, pk: int) -> HttpResponse:
    event = _event(pk)
    form = forms.EntrantForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        c = Candidate(**{k: form.cleaned_data[k] or ("" if k != "rating" else 0)
                         for k in forms.EntrantForm.Meta.fields})
        return _add_player(request, event, c)
    rows = _filtered(event, request.GET.get("q", ""))
    context = _ctx(request, event, form=form, entrants=rows, q=request.GET.get("q", ""),
                   import_form=forms.ImportForm(),
                   forbidden=event.forbidden.select_related("first", "second"),
                   all_entrants=event.entrants.only("tpn", "name") if can_edit(request.user)
                   else [],
                   rating_list=ratings.active_load(), rating_load=ratings.latest_load(),
                   max_players=actions.max_event_players(),
                   max_import_mb=MAX_IMPORT_BYTES // 2**20,
                   missed_rounds=actions.missed_rounds(event))
    if request.htmx:
        return render(request, "web/_players_table.html", context)
    return render(request, "web/players.html", context)


def _filtered(event: m.Event, q: str) -> Any:
    """The event's players that ``q`` finds: every word of it in the name or the club, compared
    without case and accents (:func:`.imports.matches`: the filter runs in Python on one
    event's players, at most a few thousand, as SQLite's ``LIKE`` folds ASCII only), or the
    start of a FIDE id, or a federation."""
    rows = event.entrants.all()
    q = q.strip()
    if not q:
        return rows
    words = query_words(q)
    found = [pk for pk, name, club, fide_id, federation in
             rows.values_list("pk", "name", "club", "fide_id", "federation")
             if matches(words, name, club) or (fide_id and fide_id.startswith(q))
             or federation.casefold() == q.casefold()]
    if len(found) > 900:  # the whole list, rather than a long "IN (...)" (SQLite's limits)
        wanted = set(found)
        return [e for e in rows if e.pk in wanted]
    return rows.filter(pk__in=found)


@viewer_required
def player_edit(request: HttpRequest, pk: int, tpn: int) -> HttpResponse:
    event = _event(pk)
    row = get_object_or_404(m.Entrant, event=event, tpn=tpn)
    form = forms.EntrantForm(request.POST or None, instance=m.Entrant.objects.get(pk=row.pk))
    if request.method == "POST":
        if "delete" in request.POST:
            try:
                actions.delete_entrant(row, request.user)
            except SwissPairingError as exc:
                _error(request, exc)
                return redirect("web:player-edit", pk=pk, tpn=tpn)
            return redirect("web:players", pk=pk)
        if "withdraw" in request.POST:
            withdrawal = forms.WithdrawalForm(request.POST, rounds=event.rounds)
            if withdrawal.is_valid():
                try:
                    actions.set_withdrawal(row, withdrawal.cleaned_data["withdrawn_from"],
                                           request.user)
                except SwissPairingError as exc:
                    _error(request, exc)
                    return redirect("web:player-edit", pk=pk, tpn=tpn)
                return redirect("web:players", pk=pk)
            form = forms.EntrantForm(instance=row)
            return render(request, "web/player_form.html",
                          _ctx(request, event, form=form, row=row, withdrawal=withdrawal),
                          status=400)
        if form.is_valid():
            actions.edit_entrant(row, form.changed_values(), request.user)
            return redirect("web:players", pk=pk)
    withdrawal = forms.WithdrawalForm(initial={"withdrawn_from": row.withdrawn_from or ""},
                                      rounds=event.rounds)
    return render(request, "web/player_form.html", _ctx(request, event, form=form, row=row,
                                                        withdrawal=withdrawal))


@arbiter_required
@require_POST
def players_import(request: HttpRequest, pk: int) -> HttpResponse:
    event = _event(pk)
    upload = _uploaded_file(request, MAX_IMPORT_BYTES, _(
        "%(file)s is larger than %(mb)s MB: nothing was imported."))
    if upload is None:
        return redirect("web:players", pk=pk)
    room = actions.max_event_players() - event.entrants.count()
    missed = _missed(request)
    before = actions.numbers(event)
    try:
        read = read_player_file(upload.read(), upload.name, limit=max(room, 0))
        # the same list imported twice, or a player already added by hand: not again
        new, already = actions.split_already_entered(event, read.candidates)
        count = actions.import_entrants(event, new, request.user, upload.name, missed)
    except actions.TooManyPlayers as exc:
        messages.error(request, _too_many(exc))
        return redirect("web:players", pk=pk)
    except TooManyInFile as exc:
        messages.error(request, _(
            "%(file)s holds more players than this event may still take (%(room)s): an event "
            "may have at most %(limit)s players. Nothing was imported.") % {
            "file": upload.name, "room": exc.limit, "limit": actions.max_event_players()})
        return redirect("web:players", pk=pk)
    except BadRows as exc:
        # every bad row at once, each with its line (issue 25 item 12)
        messages.error(request, _(
            "%(file)s: %(count)s rows cannot be read. Nothing was imported; correct these "
            "rows and import the file again:") % {"file": upload.name, "count": exc.count})
        for row in exc.rows:
            _error(request, row)
        if exc.count > len(exc.rows):
            messages.error(request, _("… and %(more)s more rows.") % {
                "more": exc.count - len(exc.rows)})
        return redirect("web:players", pk=pk)
    except SwissPairingError as exc:
        _error(request, exc)
        return redirect("web:players", pk=pk)
    messages.success(request, _("%(count)s players imported.") % {"count": count})
    if actions.rounds_paired(event):
        _tell_number_changes(request, event, before)
        _tell_missed(request, event, missed, count)
    if already:
        messages.warning(request, _(
            "Already in the tournament, not imported again (same FIDE id): %(names)s.") % {
            "names": ", ".join(c.name for c in already[:20]) +
            (" …" if len(already) > 20 else "")})
    if read.ignored_columns:
        messages.warning(request, _("Columns not read: %(columns)s.") % {
            "columns": ", ".join(read.ignored_columns)})
    return redirect("web:players", pk=pk)


def _missing_results(exc: actions.MissingResults) -> str:
    """Pairing refused: the boards without a result, each a link to its row on its round's
    page (issue 25 item 11)."""
    links = format_html_join(", ", '<a href="{}#game-{}" class="missing-board">{}</a>', (
        (reverse("web:round", args=[g.round.event_id, g.round.number]), g.pk,
         double_swiss.round_gettext(g.round.event, "round %(round)s, board %(board)s") % {
             "round": g.round.number, "board": g.board_label})
        for g in exc.games))
    return format_html("{} {}", _("Pairing refused: %(reason)s. Results missing:") % {
        "reason": str(exc)}, links)


def _too_many(exc: actions.TooManyPlayers) -> str:
    return _("An event may have at most %(limit)s players: this one has %(have)s; "
             "%(adding)s more would make %(total)s. Nothing was added.") % {
        "limit": exc.limit, "have": exc.have, "adding": exc.adding,
        "total": exc.have + exc.adding}


@transaction.non_atomic_requests
@arbiter_required
@require_POST
def rating_list_load(request: HttpRequest, pk: int) -> HttpResponse:
    """Keep a FIDE rating list (XML, TXT or the ZIP FIDE distributes) to add players by
    searching it: the file is kept and loaded by a background job (:mod:`.ratings`); the
    players page shows the job's progress.

    Not one request-wide transaction: the copy of up to 1000 MB runs with no transaction open
    (with SQLite's IMMEDIATE transactions it would hold the write lock, and every result,
    check-in or change would wait for it); :func:`.ratings.queue_upload` creates the load's
    row in its own short transaction."""
    upload = _uploaded_file(request, MAX_RATING_LIST_BYTES, _(
        "%(file)s is larger than %(mb)s MB: nothing was loaded."))
    if upload is None:
        return redirect("web:players", pk=pk)
    try:
        ratings.queue_upload(upload, request.user)
    except BadRequest:
        messages.error(request, _("A rating list is already loading: wait until it is done."))
        return redirect("web:players", pk=pk)
    except SwissPairingError as exc:
        _error(request, exc)
        return redirect("web:players", pk=pk)
    messages.success(request, _("The rating list is loading in the background: you can keep "
                                "working meanwhile."))
    return redirect("web:players", pk=pk)


@viewer_required
def rating_list_status(request: HttpRequest, pk: int) -> HttpResponse:
    """The state of the last rating list load (the players page polls it while it runs);
    when a load it was watching ends, the page reloads (``HX-Refresh``) to show the search."""
    event = _event(pk)
    ratings.mark_stale_loads()
    load = ratings.latest_load()
    response = render(request, "web/_rating_list_status.html",
                      _ctx(request, event, rating_load=load,
                           rating_list=ratings.active_load()))
    if request.htmx and request.GET.get("watching") and (load is None or load.finished):
        response["HX-Refresh"] = "true"
    return response


@viewer_required
def rating_list_search(request: HttpRequest, pk: int) -> HttpResponse:
    """Players of the active rating list whose name or FIDE id starts with what the arbiter
    typed (search as you type; :func:`.ratings.search`)."""
    event = _event(pk)
    q = request.GET.get("find", "").strip()
    found = []
    if len(q) >= 2:
        known = set(event.entrants.exclude(fide_id="").values_list("fide_id", flat=True))
        found = [(e, e.fide_id in known) for e in ratings.search(q)]
    return render(request, "web/_rating_results.html", _ctx(
        request, event, found=found, q=q, missed_rounds=actions.missed_rounds(event)))


@arbiter_required
@require_POST
def rating_list_add(request: HttpRequest, pk: int, entry_id: int) -> HttpResponse:
    event = _event(pk)
    e = get_object_or_404(m.RatingEntry, pk=entry_id)
    return _add_player(request, event, Candidate(e.name, e.rating, e.fide_id, e.federation,
                                                 e.title, e.birth_date, e.sex))


def _missed(request: HttpRequest) -> str:
    """The late entrant's score for the rounds already published, as chosen on the form
    (``missed``: Z zero-point byes, the default of C.04.2 2.4; H half-point byes); anything
    else is a 400 naming the field."""
    value = str(request.POST.get("missed", "") or actions.MISSED_ZERO)
    if value not in actions.MISSED_CODES:
        raise BadRequest(_("missed: choose Z (zero-point byes) or H (half-point byes), found "
                           "%(found)s") % {"found": repr(value[:20])})
    return value


def _tell_number_changes(request: HttpRequest, event: m.Event, before: dict[int, int]) -> None:
    """Say whose pairing number a late entry changed (C.04.2 2.4; issue 24 item 20: the
    players below the entrant used to move down without a word)."""
    changes = actions.number_changes(event, before)
    if not changes:
        return
    shown = "; ".join(f"{old} → {new} {name}" for name, old, new in changes[:40])
    if len(changes) > 40:
        shown += " …"
    messages.warning(request, _("Pairing numbers changed (C.04.2 2.4: a late entry takes its "
                                "place in the initial order): %(changes)s.") %
                     {"changes": shown})


def _tell_missed(request: HttpRequest, event: m.Event, missed: str, count: int) -> None:
    rounds = actions.missed_rounds(event)
    if not rounds or not count:
        return
    listed = ", ".join(str(r) for r in rounds)
    if missed == actions.MISSED_HALF:
        messages.info(request, _("Rounds already published (%(rounds)s): a half-point bye in "
                                 "each for the player(s) added.") % {"rounds": listed})
    else:
        messages.info(request, _("Rounds already published (%(rounds)s): zero points in each "
                                 "for the player(s) added (C.04.2 2.4).") % {"rounds": listed})


def _add_player(request: HttpRequest, event: m.Event, c: Candidate) -> HttpResponse:
    """One player added (by the form or from the rating list), or why not, then the players
    page; after round 1, with who moved and the rounds missed (issue 24 item 20)."""
    missed = _missed(request)
    before = actions.numbers(event)
    try:
        row = actions.add_entrant(event, c, request.user, missed)
    except actions.TooManyPlayers as exc:
        messages.error(request, _too_many(exc))
    except SwissPairingError as exc:
        _error(request, exc)
    else:
        messages.success(request, _("%(name)s added (number %(tpn)s).") %
                         {"name": row.name, "tpn": row.tpn})
        twins = _same_name(event, row)
        if twins:  # issue 25 item 12: the same player entered twice?
            messages.warning(request, _(
                "Another player has the same name: %(others)s. If it is the same person, "
                "delete one of them.") % {"others": ", ".join(
                    f"{e.tpn} {e.name}" + (f" ({e.fide_id})" if e.fide_id else "")
                    for e in twins)})
        _tell_number_changes(request, event, before)
        _tell_missed(request, event, missed, 1)
    return redirect("web:players", pk=event.pk)


def _same_name(event: m.Event, row: m.Entrant) -> list[m.Entrant]:
    """The event's other players whose name is ``row``'s without case, accents and
    punctuation, unless both have FIDE ids (then they are two people)."""
    from .imports import search_key

    key = search_key(row.name)
    return [e for e in event.entrants.exclude(pk=row.pk)
            if search_key(e.name) == key and not (row.fide_id and e.fide_id)]


# --- rounds --------------------------------------------------------------------------------------
def _version(request: HttpRequest, name: str = "version") -> int | None:
    """The version a form carries (optimistic concurrency, issue 24); None when absent."""
    return forms.posted_version(request.POST, name)


@read_only
@viewer_required
def round_page(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    event = _event(pk)
    rnd = m.Round.objects.filter(event=event, number=number).first()
    if number < 1 or number > event.rounds:
        raise Http404
    if event.system == "team-swiss" and not (  # matches of teams (issue 27 part 6); their
            request.GET.get("view") == "grid" and rnd is not None and rnd.published):
        return team_views.round_page(request, event, number)  # boards in the grid: ?view=grid
    lang = _lang()
    context = _ctx(request, event, number=number, rnd=rnd, lang=lang,
                   entrants=list(event.entrants.all()),
                   requests={r.entrant_id: r.code for r in
                             event.requests.filter(round_number=number)},
                   request_codes=m.REQUEST_CODES, result_keys=_result_keys(),
                   double_swiss=double_swiss.is_double_swiss(event))
    if rnd is None:
        job = pairing_jobs.latest_job(event, number)
        context["job"] = job
        context["elapsed"] = int((timezone.now() - job.started_at).total_seconds()) if job else 0
    else:
        t = convert.tournament_of(event, number - 1)
        # scores in game points before the round (a Double-Swiss match: C.04.5)
        context["games"] = [
            {"game": g, "white_points": double_swiss.points_before(t, g.white.tpn, number),
             "black_points": double_swiss.points_before(t, g.black.tpn, number)
             if g.black else None,
             "label": RESULT_LABELS.get(g.result, "")}
            for g in rnd.games.select_related("white", "black")]
        if context["double_swiss"]:
            context["matches"] = double_swiss.match_rows(
                context["games"], double_swiss.chosen_board(request.GET.get("board")))
            context["match_chosen"] = next(
                (mt for mt in context["matches"] if mt["selected"]), None)
            context["match_results"] = [(key, RESULT_LABELS[key])
                                        for key in double_swiss.MATCH_FORM_RESULTS]
        names = {e.tpn: e.name for e in context["entrants"]}
        broken = (rule_citations.shown(actions.violations_of(rnd), rnd, lang)
                  if not rnd.published or rnd.manual_changes else [])
        if not rnd.published:
            context["violations"] = broken
        # the explanation of the pairing as it now is: the players named, the manual changes
        # and what of the engine's notes they made untrue (issue 25 item 8)
        # a Double-Swiss match is read from its game 1 (the engine's pairing and the manual
        # changes are in game 1's colours; game 2 is the reverse: C.04.5 Preface)
        boards = {g["game"].board: (g["game"].white.tpn,
                                    g["game"].black.tpn if g["game"].black else None)
                  for g in context["games"] if g["game"].game <= 1}
        context["round_system"] = system_label(rnd.system)  # by its name (issue 25 item 10)
        context["notes"] = explanation_now.shown_notes(
            rnd.explanation, boards, rnd.manual_changes, names, lang, broken,
            {g["game"].pk: g["game"].board for g in context["games"]})
        later = event.round_set.filter(number__gt=number).exists()
        context["later"] = later
        undo = actions.undo_target(event)
        context["undo"] = undo
        context["undo_target"] = _undo_label(undo) if undo else ""
        context["manual_changes"] = [actions.manual_change_text(c) for c in rnd.manual_changes]
        # the results counter, "17/20 entered" (issue 25 item 11): games, not byes
        played = [g["game"] for g in context["games"] if g["game"].black_id is not None]
        context["results_total"] = len(played)
        context["results_entered"] = sum(1 for g in played if g.white_code)
        requested = context["requests"]
        context["not_paired"] = [f"{e.tpn} {e.name} ({requested[e.pk]})"
                                 for e in context["entrants"] if e.pk in requested]
        # a round-robin's rest of the round (C.05 Annex 1), not a pairing-allocated bye
        context["resting"] = round_robin.resting(event, rnd)
    return render(request, "web/round.html", context)


def _result_keys() -> list[dict[str, Any]]:
    """The help line under the grid: every key (:data:`RESULT_KEYS`) and what it records."""
    return [{"keys": keys, "meaning": meaning, "label": RESULT_LABELS.get(key, key),
             "forfeit": key in actions.FORFEITS} for keys, key, meaning in RESULT_KEYS]


def _undo_label(entry: m.AuditEntry) -> str:
    """What the undo button names: the board and the change (``round 2 board 30: 1-0``)."""
    after = (entry.after or {}).get("result", "")
    return _("%(target)s: %(result)s") % {"target": _result_target(entry.target, entry.event),
                                          "result": RESULT_LABELS.get(after, after) or "—"}


@transaction.non_atomic_requests
@arbiter_required
@require_POST
def round_action(request: HttpRequest, pk: int, number: int, what: str) -> HttpResponse:
    """The round page's buttons. Not one request-wide transaction (each action has its own):
    pairing runs in the background (:mod:`.pairing_jobs`) or, with
    ``SWISSPAIRING_PAIR_IN_BACKGROUND = False``, here but outside any write transaction.
    Every form carries the version of what it showed (issue 24): a change made since then
    refuses the action, and the page shows the round as it is now."""
    event = _event(pk)
    # a malformed player id is a 400 naming the field (not a ValueError: a 500)
    entrant_pk = forms.posted_number(request.POST, "entrant") if what == "request" else None
    try:
        if what == "pair":
            paired = actions.rounds_paired(event)
            if number <= paired:  # two tabs, two arbiters: the other one paired it first
                raise BadRequest(double_swiss.round_gettext(
                    event, "round %(n)s was already paired (by another arbiter or in another "
                    "tab): nothing was changed; here it is") % {"n": number})
            if number != paired + 1:
                raise BadRequest(double_swiss.round_gettext(
                    event, "Round %(n)s is not the next round to pair.") % {"n": number})
            revision = _version(request, "revision")
            try:
                if getattr(settings, "SWISSPAIRING_PAIR_IN_BACKGROUND", True):
                    pairing_jobs.start(event, request.user, revision)
                else:
                    rnd = actions.pair_next_round(event, request.user, revision)
                    messages.success(request, double_swiss.round_gettext(
                        event, "Round %(n)s paired.") % {"n": rnd.number})
                    number = rnd.number
            except actions.MissingResults as exc:
                messages.error(request, _missing_results(exc))
                return redirect("web:round", pk=pk, number=number)
        elif what == "request":
            with transaction.atomic():
                row = get_object_or_404(m.Entrant, event=event, pk=entrant_pk)
                actions.set_request(event, row, number, request.POST.get("code") or None,
                                    request.user)
        elif what == "undo":
            entry = _version(request, "entry")
            done = actions.undo_result(event, entry, request.user)
            messages.success(request, _("Undone: %(what)s") % {"what": _undo_label(done)})
        else:
            rnd = get_object_or_404(m.Round, event=event, number=number)
            version = _version(request)
            if what == "publish":
                actions.publish_round(rnd, request.user, version)
            elif what == "unpublish":
                actions.unpublish_round(rnd, request.user, version)
            elif what == "unpair":
                actions.unpair_round(rnd, request.user, version)
            elif what == "manual":
                _manual(request, rnd, version)
            elif what == "match" and double_swiss.is_double_swiss(event):
                _match_result(request, rnd)
            elif what in ("manual-undo", "manual-reset"):  # issue 25 item 8
                every = what == "manual-reset"
                actions.undo_manual_changes(rnd, request.user, every=every, version=version)
                messages.success(request, _("Back to the engine's pairing.") if every
                                 else _("Last manual change undone."))
            else:
                raise Http404
    except SwissPairingError as exc:
        _error(request, exc)
    return redirect("web:round", pk=pk, number=number)


@read_only
@viewer_required
def pairing_status(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """The progress of the round's background pairing (the round page polls it); when the
    job it watched is over, the page reloads (``HX-Refresh``) to show the round or why not."""
    event = _event(pk)
    pairing_jobs.mark_dead_jobs()
    job = pairing_jobs.latest_job(event, number)
    response = render(request, "web/_pairing_status.html",
                      _ctx(request, event, job=job, number=number,
                           elapsed=int((timezone.now() - job.started_at).total_seconds())
                           if job else 0))
    if request.htmx and (job is None or job.finished):
        response["HX-Refresh"] = "true"
    return response


def _result_target(target: str, event: m.Event | None = None) -> str:
    """The audit target of a result change (``round 1 board 3``) in the active language;
    ``match 1 board 3.2`` in a Double-Swiss event (C.04.5 Preface, issue 28)."""
    if event is not None and double_swiss.is_double_swiss(event):
        found = re.fullmatch(r"round (?P<round>\d+) board (?P<board>\S+)", target)
        if found is not None:
            return double_swiss.round_gettext(event, RESULT_TARGET) % found.groupdict()
    return core_messages.translate_text(target, (RESULT_TARGET,))


def _manual(request: HttpRequest, rnd: m.Round, version: int | None) -> None:
    def number(key: str) -> int | None:
        value = str(request.POST.get(key, "")).strip()
        # at most 9 digits: ``int()`` of a huge digit string is a ValueError (a 500)
        return int(value) if value.isascii() and value.isdigit() and len(value) < 10 else None

    kind = str(request.POST.get("kind", ""))
    a = number("a")
    if a is None:
        messages.error(request, _("Give a board or a player number."))
        return
    found = actions.manual_change(rnd, kind, a, number("b"), request.user, version)
    if found:
        for v in rule_citations.shown(found, rnd, _lang()):
            messages.warning(request, f"{v.text} [{v.rule}]")
    else:
        messages.success(request, _("Change made: no absolute rule is broken."))


def _match_result(request: HttpRequest, rnd: m.Round) -> None:
    """Both games of a Double-Swiss match from the round page's per-match form (C.04.5):
    ``match`` = board and the versions of both games the page showed (``3:1:2``), ``first``
    and ``second`` each game's result as the score of game 1's White."""
    board, version1, version2 = double_swiss.posted_match(request.POST.get("match", ""))
    first, second = str(request.POST.get("first", "")), str(request.POST.get("second", ""))
    try:
        double_swiss.set_match(rnd, board, first, second, request.user, (version1, version2))
    except actions.StaleResult as exc:
        # one transaction for both games: the refusal of either game leaves both as they
        # were, which the arbiter must read (the message names only the game that changed)
        messages.error(request, core_messages.user_message(exc) + " " + _(
            "Neither game of board %(board)s was recorded (the form records both together); "
            "the round is shown as it is now.") % {"board": board})
        return
    messages.success(request, _("Board %(board)s: game 1 %(first)s, game 2 %(second)s "
                                "(scores of White in game 1).") % {
        "board": board, "first": RESULT_LABELS[first], "second": RESULT_LABELS[second]})


def _forfeit_question(key: str) -> str:
    meaning = next(str(mn) for _keys, k, mn in RESULT_KEYS if k == key)
    return _("%(label)s is a forfeit: %(meaning)s. The game was not played.") % {
        "label": RESULT_LABELS[key], "meaning": meaning}


@arbiter_required
@require_POST
def result(request: HttpRequest, pk: int, number: int, game_id: int) -> HttpResponse:
    """Enter one board's result (the grid posts each row and puts the row it gets back in
    place; without JavaScript the row comes back in a page of its own).

    The row's form carries the board's ``version`` (a change of the board since the row was
    shown refuses this one, with the board as it is now: issue 24 item 2). A forfeit, and a
    correction of a round followed by paired rounds (C.04.2 4.3), are recorded only once
    confirmed (``confirm=1``): the row comes back asking, with what it implies."""
    event = _event(pk)
    game = get_object_or_404(m.Game.objects.select_related("round", "white", "black"),
                             pk=game_id, round__event=event, round__number=number)
    typed = str(request.POST.get("result", "")).strip().lower().replace(" ", "")
    version = _version(request)
    confirmed = request.POST.get("confirm") == "1"
    error = ""
    corrected = ""
    questions: list[str] = []
    status = 200
    key = RESULT_SHORTHANDS.get(typed)
    if key is None:
        error = unknown_result(typed)
        status = 400
    else:
        if not confirmed and key != game.result:
            if key in actions.FORFEITS:
                questions.append(_forfeit_question(key))
            later = list(event.round_set.filter(number__gt=number)
                         .values_list("number", flat=True))
            if later and key and game.result:
                questions.append(_(
                    "Round %(n)s is followed by paired rounds (%(later)s): the corrected "
                    "result counts from the next pairing on; the rounds already published "
                    "stand as they were paired (C.04.2 4.3). The correction is recorded, and "
                    "the check reports those rounds as paired before it.") % {
                    "n": number, "later": ", ".join(str(x) for x in later)})
        if not questions:
            try:
                if hall_services.arbiter_decides(game, key, request.user, version=version,
                                                 confirm_late=confirmed):
                    corrected = _("Round %(n)s was corrected after later rounds were paired: "
                                  "the correction is recorded; the check reports the later "
                                  "rounds as paired before it.") % {"n": number}
            except actions.StaleResult as exc:
                error = core_messages.user_message(exc)
                status = 409
            except SwissPairingError as exc:
                error = core_messages.user_message(exc)
                status = 400
    game.refresh_from_db()
    t = convert.tournament_of(event, number - 1)
    row = {"game": game, "white_points": double_swiss.points_before(t, game.white.tpn, number),
           "black_points": double_swiss.points_before(t, game.black.tpn, number)
           if game.black else None, "label": RESULT_LABELS.get(game.result, "")}
    confirm = {"questions": questions, "key": key, "typed": typed,
               "label": RESULT_LABELS.get(key or "", "") or "—"} if questions else None
    context = _ctx(request, event, g=row, error=error, number=number, corrected=corrected,
                   confirm=confirm, rnd=game.round,
                   check_url=reverse("web:check", args=[event.pk]) if corrected else "")
    if request.htmx:
        # the warning of a late correction goes with the row (an out-of-band swap into the
        # grid's message area), not into the messages of whatever page loads next
        return render(request, "web/_result_row.html", context, status=status)
    if error or confirm:  # without JavaScript: the row in a page of its own
        return render(request, "web/result_page.html", context, status=status)
    if corrected:
        messages.warning(request, corrected)
    return redirect("web:round", pk=pk, number=number)


# --- standings and other publications -------------------------------------------------------
_ALIGN = {"r": "num", "c": "center", "l": ""}


#: the tables too wide for a phone, which scroll inside their own box with their leading
#: columns (numbers, then the name) held at its left edge (print.css ``.lead``)
_LEADING_COLUMNS_HELD = ("crosstable", "wallchart")


def _lead_classes(table: tables.Table) -> list[str]:
    """The classes that hold a wide table's leading columns in place (closing note of issue
    29 part 3: the 10-player round-robin crosstable scrolled sideways on a phone, the names
    out of sight): the number columns before the name (``lead lead-num lead-0``, ...) and
    the name, the first left-aligned column among the first four (``lead lead-name
    lead-N``); none for another table, or one whose name column comes later."""
    if table.kind not in _LEADING_COLUMNS_HELD or "l" not in table.align[:4]:
        return [""] * len(table.align)
    name = table.align.index("l")
    return [f"lead lead-num lead-{i}" if i < name else f"lead lead-name lead-{i}"
            if i == name else "" for i in range(len(table.align))]


def _shown(table: tables.Table) -> dict[str, Any]:
    """A standings-package table with each cell's alignment class, for the template."""
    classes = [" ".join(c for c in (_ALIGN.get(a, ""), lead) if c)
               for a, lead in zip(table.align, _lead_classes(table), strict=False)]
    return {"title": table.title, "subtitle": table.subtitle, "notes": table.notes,
            "kind": table.kind, "headers": list(zip(table.headers, classes, strict=False)),
            "rows": [list(zip(row, classes, strict=False)) for row in table.rows]}


def _tables(event: m.Event, view: str, player: int | None = None,
            round_number: int | None = None) -> list[dict[str, Any]]:
    if event.system == "team-swiss":  # team standings (issue 27 part 6)
        return team_views.tables(event, view, round_number)
    st = convert.standings_of(event, round_number)
    lang = _lang()
    if view == "crosstable":
        found = [_crosstable(event, st, lang)]
    elif view == "wallchart":
        found = [tables.wallchart(st.tournament, st.rounds, lang)]
    elif view == "card" and player is not None:
        found = [tables.player_card(st, player, lang)]
    else:
        found = [tables.standings_table(st, lang)]
    return [_shown(t) for t in found]


def _crosstable(event: m.Event, st: Any, lang: str) -> tables.Table:
    """A round-robin's crosstable in the FIDE table order (players by pairing number, C.05
    Annex 1); a Swiss event's by rank."""
    if round_robin.is_round_robin(event):
        return round_robin_crosstable(st, lang)
    return tables.crosstable(st, lang)


VIEWS = ("standings", "crosstable", "wallchart")


@read_only
@viewer_required
def standings(request: HttpRequest, pk: int, view: str | None = None) -> HttpResponse:
    event = _event(pk)
    if event.system == "team-swiss":  # team and board standings (issue 27 part 6)
        return team_views.standings_page(request, event, view)
    if view is None:  # a round-robin's main view is its crosstable (issue 29 part 3)
        view = "crosstable" if round_robin.is_round_robin(event) else "standings"
    if view not in VIEWS:
        raise Http404
    return _standings_page(request, event, view, "web/standings.html")


def _standings_page(request: HttpRequest, event: m.Event, view: str, template: str,
                    player: int | None = None) -> HttpResponse:
    complete = convert.complete_rounds(event)
    if not complete:
        return render(request, template, _ctx(request, event, view=view, tables=[],
                                              complete=0,
                                              round_robin=round_robin.is_round_robin(event)))
    after = printing.chosen_round(request, complete)  # ``?round=K``: after round K
    try:
        found = _tables(event, view, player, after)
    except SwissPairingError as exc:
        raise Http404(exc.user_message()) from None
    return render(request, template, _ctx(
        request, event, view=view, tables=found, complete=complete, after=after or complete,
        after_rounds=range(1, complete + 1), player=player,
        round_robin=round_robin.is_round_robin(event),
        header=printing.page_header(event, printing.standings_what(after or complete, event))))


@read_only
@viewer_required
def player_card(request: HttpRequest, pk: int, tpn: int) -> HttpResponse:
    event = _event(pk)
    get_object_or_404(m.Entrant, event=event, tpn=tpn)
    return _standings_page(request, event, "card", "web/standings.html", tpn)


@viewer_required
@printing.in_chosen_language
def pdf(request: HttpRequest, pk: int) -> HttpResponse:
    """The existing PDF publication: standings and crosstable, or ``?view=`` crosstable,
    wallchart, card (every player's card)."""
    event = _event(pk)
    if not convert.complete_rounds(event):
        raise Http404
    if event.system == "team-swiss":  # team and board standings (issue 27 part 6)
        return team_views.pdf(request, event)
    view = request.GET.get("view", "")
    if view not in ("", *VIEWS, "card"):  # ``?view=pairings`` is a round's printout now
        raise Http404
    after = printing.chosen_round(request, convert.complete_rounds(event))
    st = convert.standings_of(event, after)
    lang = _lang()
    header = printing.page_header(event, printing.standings_what(st.rounds, event))
    if view == "wallchart":
        found = [tables.wallchart(st.tournament, st.rounds, lang)]
    elif view == "crosstable":
        found = [_crosstable(event, st, lang)]
    elif view == "card":
        found = [tables.player_card(st, pid, lang) for pid in sorted(st.tournament.players)]
    else:
        view = "standings"
        found = [tables.standings_table(st, lang), _crosstable(event, st, lang)]
        if round_robin.is_round_robin(event):  # the crosstable first (issue 29 part 3)
            found.reverse()
    data = publication.pdf(found, header, flow=view == "card")  # cards: several a page
    return _download(data, f"{_slug(event)}-{view}-round-{st.rounds}.pdf", "application/pdf")


def _slug(event: m.Event) -> str:
    from django.utils.text import slugify

    return slugify(event.name) or f"tournament-{event.pk}"


def _download(data: bytes | str, filename: str, content_type: str) -> HttpResponse:
    body = data.encode("utf-8") if isinstance(data, str) else data
    response = HttpResponse(body, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@viewer_required
def export_trf(request: HttpRequest, pk: int, dialect: str) -> HttpResponse:
    """TRF of the rounds whose results are all in: ``trf`` (our full form, read back equal,
    with the engines' lines), ``trf16`` (FIDE 2016) or ``trf26`` (TRF-2026, rating report)."""
    event = _event(pk)
    t = convert.tournament_of(event)
    st = convert.standings_of(event) if t.rounds_paired else None
    versions = {"trf": "trf", "trf16": "trf16", "trf26": "trf2026"}
    if dialect not in versions:
        raise Http404
    with warnings.catch_warnings():  # what TRF-2026 cannot hold is left out, as before
        warnings.simplefilter("ignore", api.TrfWarning)
        text = api.write_trf(t, version=versions[dialect],  # type: ignore[arg-type]
                             points="computed" if dialect == "trf" else "declared",
                             standings=st, strict=False)
    # a GET changes nothing (issue 24, item 10): the download is logged, not audited (an audit
    # row would also change the public pages' version)
    logger.info("export %s of event %s by %s", dialect, event.pk, request.user)
    # EVENT-round-4.trf (not EVENT.trf.trf): the rounds the file holds, the dialect if not ours
    kind = "" if dialect == "trf" else f"-{dialect}"
    rounds = -(-t.rounds_paired // t.games_per_round)  # a Double-Swiss match: two columns
    return _download(text, f"{_slug(event)}-round-{rounds}{kind}.trf",
                     "text/plain; charset=utf-8")


@read_only
@viewer_required
def check(request: HttpRequest, pk: int) -> HttpResponse:
    """The pairings checker on the complete rounds (the same report as ``swisspairing check``):
    after a correction it tells whether the later pairings still hold."""
    event = _event(pk)
    t = convert.tournament_of(event)
    report = None
    if t.rounds_paired:
        report = api.check(t, event.system)
    lang = _lang()
    names = {e.tpn: e.name for e in event.entrants.all()}

    def side(b: Board | None) -> dict[str, Any] | None:
        return None if b is None else {"white": b.white, "black": b.black,
                                       "names": f"{names.get(b.white, '')} – "
                                                f"{names.get(b.black, '')}"}

    checked = [] if report is None else [{
        "number": r.round_number, "ok": r.ok, "agrees": r.agrees, "error": r.error,
        "rows": [{"board": row.board, "published": side(row.published),
                  "published_differs": row.published_differs, "ours": side(row.ours),
                  "ours_differs": row.ours_differs}
                 for row in compared_rows(r, t)] if r.ours is not None and not r.agrees else [],
        "bye": (r.published.bye, r.ours.bye) if r.ours is not None and not r.agrees and
        (r.published.bye or r.ours.bye) else None,
        "violations": [v.text(lang) for v in r.violations],
        "our_violations": [v.text(lang) for v in r.our_violations],
        # C.04.2 4.3: a round paired before a correction is checked with the result then
        "paired_before": [paired_before_text(r.round_number, c, lang,
                                             double_swiss.is_double_swiss(event))
                          for c in r.paired_before],
    } for r in report.rounds]
    return render(request, "web/check.html", _ctx(
        request, event, report=report, checked=checked,
        notes=report.notes_in(lang) if report else [],
        text=report.render(t, lang) if report else ""))


@arbiter_required
@require_POST
def forbidden(request: HttpRequest, pk: int) -> HttpResponse:
    """Two players who may not meet (C.04.1 b: e.g. members of one family)."""
    event = _event(pk)
    form = forms.ForbiddenPairForm(request.POST, event=event)
    if not form.is_valid() or form.players is None:
        errors = form.non_field_errors()
        messages.error(request, errors[0] if errors else _("Give the numbers of two players."))
    else:
        try:
            actions.add_forbidden_pair(event, *form.players, request.user)
        except SwissPairingError as exc:
            _error(request, exc)
    return redirect("web:players", pk=pk)


@arbiter_required
@require_POST
def forbidden_remove(request: HttpRequest, pk: int, pair_id: int) -> HttpResponse:
    event = _event(pk)
    pair = get_object_or_404(m.ForbiddenPair.objects.select_related("first", "second"),
                             pk=pair_id, event=event)
    actions.remove_forbidden_pair(pair, request.user)
    messages.success(request, _("%(first)s and %(second)s may meet again.") % {
        "first": pair.first.name, "second": pair.second.name})
    return redirect("web:players", pk=pk)


@read_only
@viewer_required
def audit_log(request: HttpRequest, pk: int) -> HttpResponse:
    """The last 500 changes of the event: who, when, what (in the reader's language; the
    stored action key stays in the page's markup), on what, the values before and after."""
    event = _event(pk)
    entries = list(event.audit.select_related("user")[:500])
    from .audit_text import sentence

    hide_codes = not can_edit(request.user)
    for entry in entries:
        entry.label = str(AUDIT_ACTIONS.get(entry.action, entry.action))  # type: ignore[attr-defined]
        if hide_codes:
            # the players' codes are for arbiters only (issue 24, item 10): a viewer who
            # read them could enter results
            entry.before, entry.after = _without_codes(entry.before), _without_codes(entry.after)
        entry.sentence = sentence(entry)  # type: ignore[attr-defined]
    return render(request, "web/audit.html", _ctx(request, event, entries=entries))


def _without_codes(value: Any) -> Any:
    """An audit value with the players' board codes masked (viewers' audit log)."""
    if isinstance(value, dict):
        return {k: ("******" if k == "code" and v else _without_codes(v))
                for k, v in value.items()}
    if isinstance(value, list):
        return [_without_codes(v) for v in value]
    return value


#: what each audited action (``actions.audit``) is called in the audit log
AUDIT_ACTIONS = {
    "event-create": gettext_lazy("tournament created"),
    "event-edit": gettext_lazy("settings changed"),
    "event-import-trf": gettext_lazy("TRF imported"),
    "account-unlock": gettext_lazy("login lock lifted"),
    "export": gettext_lazy("export"),
    "public-url": gettext_lazy("public address"),
    "forbidden-pair": gettext_lazy("forbidden pair"),
    "forbidden-pair-remove": gettext_lazy("forbidden pair removed"),
    "hall-check-in": gettext_lazy("check-in"),
    "hall-decide": gettext_lazy("arbiter's decision on a player's entry"),
    "hall-result": gettext_lazy("result entered by a player"),
    "player-add": gettext_lazy("player added"),
    "player-delete": gettext_lazy("player deleted"),
    "player-edit": gettext_lazy("player changed"),
    "player-withdraw": gettext_lazy("withdrawal"),
    "players-import": gettext_lazy("players imported"),
    "result": gettext_lazy("result"),
    "result-undo": gettext_lazy("result undone"),
    "round-manual": gettext_lazy("pairing changed by hand"),
    "round-pair": gettext_lazy("round paired"),
    "round-publish": gettext_lazy("round published"),
    "round-request": gettext_lazy("bye or absence requested"),
    "round-unpair": gettext_lazy("round unpaired"),
    "round-unpublish": gettext_lazy("round unpublished"),
    "team-categories": gettext_lazy("team prize categories"),
}


@transaction.non_atomic_requests
@chief_required
def backup_download(request: HttpRequest) -> HttpResponse:
    """The whole database for the chief arbiter only: it holds every account's password hash
    (review defect 1: a viewer's download let them take over the chief's session). The login
    sessions are left out of the copy (:mod:`.backup`)."""
    name, data = backup.backup_bytes()
    return _download(data, name, "application/octet-stream")


def qr_svg(request: HttpRequest, token: str) -> HttpResponse:
    event = get_object_or_404(m.Event, public_token=token, public=True)
    url = public_address.absolute(request, reverse("web:public", args=[event.public_token]))
    out = io.BytesIO()
    segno.make(url, error="m").save(out, kind="svg", scale=6, border=2)
    return HttpResponse(out.getvalue(), content_type="image/svg+xml")


# --- public pages (read only, no login) ---------------------------------------------------
@read_only
def public(request: HttpRequest, token: str) -> HttpResponse:
    event = get_object_or_404(m.Event, public_token=token, public=True)
    published = list(event.round_set.filter(status=m.Round.PUBLISHED))
    return render(request, "web/public.html", {"event": event, "published": published,
                                               "token": token})


@read_only
def public_round(request: HttpRequest, token: str, number: int) -> HttpResponse:
    event = get_object_or_404(m.Event, public_token=token, public=True)
    rnd = get_object_or_404(m.Round, event=event, number=number, status=m.Round.PUBLISHED)
    if event.system == "team-swiss":  # matches with their boards (issue 27 part 6)
        return team_views.public_round(request, event, rnd, token)
    sheet = printing.round_sheet(event, rnd)
    lang = _lang()
    games = [{"game": g, "label": RESULT_LABELS.get(g.result, ""),
              "white_points": tables.points_text(lang, sheet.points[g.white_id]),
              "black_points": tables.points_text(lang, sheet.points[g.black_id])
              if g.black_id else ""}
             for g in sheet.games]
    return render(request, "web/public_round.html", {
        "event": event, "rnd": rnd, "games": games, "token": token,
        "not_paired": printing.not_paired_rows(sheet, lang)})


@read_only
def public_standings(request: HttpRequest, token: str) -> HttpResponse:
    event = get_object_or_404(m.Event, public_token=token, public=True)
    complete = convert.complete_rounds(event)
    after = printing.chosen_round(request, complete) if complete else None
    found = _tables(event, "standings", None, after) if complete else []
    if found and round_robin.is_round_robin(event):  # the crosstable first (issue 29 part 3)
        found = _tables(event, "crosstable", None, after) + found
    return render(request, "web/public_standings.html", {
        "event": event, "tables": found, "token": token, "after": after or complete,
        "after_rounds": range(1, complete + 1)})
