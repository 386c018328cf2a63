"""Pages of the playing hall.

Players and spectators (no account): the public pages of a tournament (``/h/<token>/``), the
screens, the check-in, the result entry with a board code (``/hall/``). Arbiters: the hall
overview of a tournament (claims, conflicts, who is missing), printable board cards and
pairing sheets with codes and QR codes, the screens' settings.

Read-only pages run outside a transaction (many phones and screens poll them; with SQLite an
``IMMEDIATE`` transaction per poll would queue them behind the writers); each poll first
compares the version it holds with :func:`.services.version` (computed at most once per
``HALL_FRESH_SECONDS`` for every phone) and answers 204 (HTMX keeps the page) or 304
(``If-None-Match``) without rendering when nothing changed. Pages and parts are rendered once
per version and language and served from the cache (issue 16: 500 phones, 50 players
entering at once).
"""

from __future__ import annotations

import hashlib
import io
import threading
import weakref
from typing import Any
from urllib.parse import urlsplit

import segno
from django.conf import settings
from django.contrib import messages
from django.core.cache import cache
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import Count, Max, Prefetch, Q
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_GET, require_POST

from ....errors import SwissPairingError
from .. import actions, convert, printing, public_address
from .. import models as web
from ..auth import arbiter_required, can_edit, viewer_required
from ..forms import posted_number, posted_version
from ..imports import matches, query_words
from ..views import RESULT_LABELS, RESULT_SHORTHANDS, _ctx, _tables, unknown_result
from . import models as h
from . import services

PLAYER_LABELS = h.PLAYER_LABELS


def _known_language(code: str) -> str | None:
    """``code`` if it is one of ``LANGUAGES`` (``fr``, ``en``), else None."""
    return code if code in dict(settings.LANGUAGES) else None


def _address(request: HttpRequest) -> str:
    return str(request.META.get("REMOTE_ADDR", ""))[:64]


def _device(request: HttpRequest) -> str:
    return f"{_address(request)} {request.META.get('HTTP_USER_AGENT', '')}"[:300]


def _public_event(token: str) -> web.Event:
    """The published event of a public token; kept ``HALL_FRESH_SECONDS`` in the cache (every
    phone's poll asks for it)."""
    key = f"hall:event:{token}"
    event = cache.get(key)
    if event is None:
        event = get_object_or_404(web.Event, public_token=token, public=True)
        fresh = services.limit("HALL_FRESH_SECONDS", 1)
        if fresh > 0:
            cache.set(key, event, fresh)
    return event  # type: ignore[no-any-return]


def _refused(request: HttpRequest, exc: services.Refused | SwissPairingError,
             template: str = "hall/refused.html", **ctx: Any) -> HttpResponse:
    status = getattr(exc, "status", 400)
    return render(request, template, {"message": exc.user_message(), **ctx}, status=status)


def _cross_site(request: HttpRequest) -> bool:
    """True when the browser says this POST was sent by a page of another site.

    The check-in and the result entry are exempt from Django's CSRF token (the views' docstrings
    say why); what a token would stop, a page of another site making its visitors' browsers post
    here, is stopped by the ``Origin`` header that browsers add to every cross-site POST (else the
    ``Referer``): its host must be this request's host (or one of ``CSRF_TRUSTED_ORIGINS``, as
    for the arbiters' forms). ``Origin: null`` (a sandboxed frame, a page from a file) counts as
    another site. A request with neither header (a script, an old browser) is not a
    cross-site browser request: the rate limits and the audit log cover it."""
    source = request.META.get("HTTP_ORIGIN") or request.META.get("HTTP_REFERER") or ""
    if not source:
        return False
    if source == "null":
        return True
    host = urlsplit(source).netloc.lower()
    if host and host == request.get_host().lower():
        return False
    trusted = {urlsplit(origin).netloc.lower() for origin in settings.CSRF_TRUSTED_ORIGINS}
    return not host or host not in trusted


def _refuse_cross_site(request: HttpRequest, **ctx: Any) -> HttpResponse | None:
    """403 for a cross-site POST (:func:`_cross_site`), None otherwise; nothing is recorded."""
    if request.method == "POST" and _cross_site(request):
        return _refused(request, services.Refused(
            _("This form was sent from another site: refused. Use the page of this server.")),
            **ctx)
    return None


# --- what the pages show -----------------------------------------------------------------------
def _round_rows(rnd: web.Round) -> list[dict[str, Any]]:
    t = convert.tournament_of(rnd.event, rnd.number - 1)
    games = rnd.games.select_related("white", "black").prefetch_related(
        Prefetch("hall_claims", queryset=h.ResultClaim.objects.filter(
            status__in=h.ResultClaim.OPEN)))
    rows = []
    for g in games:
        rows.append({
            "game": g, "label": RESULT_LABELS.get(g.result, ""),
            "white_points": _points(t, g.white.tpn, rnd.number - 1),
            "black_points": _points(t, g.black.tpn, rnd.number - 1) if g.black else None,
            "claim": "" if g.result else services.claim_state(g)})
    if rnd.event.system == "team-swiss":  # each match named above its boards (issue 27)
        from ..teams import match_heads

        heads = match_heads(rnd)
        for row in rows:
            row["match_head"] = heads.get(row["game"].pk, "")
    return rows


def _points(t: Any, tpn: int, after: int) -> str:
    """Points before the round, with the decimal comma in French (issue 25 item 7)."""
    from ....standings.views import points_text

    lang = "fr" if (get_language() or "en").startswith("fr") else "en"
    # game points of a Double-Swiss event: ``after`` matches are 2 x ``after`` game columns
    return points_text(lang, t.points_after(tpn, after * t.games_per_round)) \
        if tpn in t.players and after \
        else "0"


def _alpha_rows(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    out = []
    for r in rows:
        g = r["game"]
        if g.game == 2:  # a Double-Swiss match: its place and colours are game 1's (C.04.5)
            continue
        out.append({"entrant": g.white, "board": g.board, "colour": "w" if g.black else "",
                    "opponent": g.black})
        if g.black is not None:
            out.append({"entrant": g.black, "board": g.board, "colour": "b",
                        "opponent": g.white})
    return sorted(out, key=lambda r: r["entrant"].name.casefold())


def _panels(event: web.Event, wanted: set[str]) -> dict[str, Any]:
    """The rows of the panels in ``wanted`` (boards, alpha, standings) for the last published
    round."""
    rnd = services.current_round(event) or event.round_set.filter(
        status=web.Round.PUBLISHED).order_by("-number").first()
    rows = _round_rows(rnd) if rnd is not None and wanted & {"boards", "alpha"} else []
    standings = (_tables(event, "standings") if "standings" in wanted and
                 convert.complete_rounds(event) else [])
    # byes and absences with number, rating, points (issue 25 item 5: a player with a
    # half-point bye could not find their line)
    not_paired = []
    if rnd is not None and wanted & {"boards", "alpha"}:
        lang = "fr" if (get_language() or "en").startswith("fr") else "en"
        not_paired = printing.not_paired_rows(printing.round_sheet(event, rnd), lang)
    alpha = []
    if "alpha" in wanted:
        by_tpn = {e.tpn: e for e in event.entrants.all()}
        alpha = sorted([r for r in _alpha_rows(rows) if r["opponent"] is not None] + [
            {"entrant": by_tpn[p["tpn"]], "board": None, "colour": "", "opponent": None,
             "status": p["status"]} for p in not_paired],
            key=lambda r: printing.name_key(r["entrant"].name))
    return {"rnd": rnd, "rows": rows, "alpha": alpha, "tables": standings,
            "not_paired": not_paired}


#: one lock per part being rendered (see :func:`_cached`)
_rendering: weakref.WeakValueDictionary[str, Any] = weakref.WeakValueDictionary()
_rendering_guard = threading.Lock()


def _cached(key: str, make: Any) -> str:
    """A rendered part, kept for its version: 500 phones polling one tournament cost one
    rendering per change, not one per phone. Phones asking for a part being rendered wait
    for it instead of rendering it again."""
    html = cache.get(key)
    if html is not None:
        return str(html)
    with _rendering_guard:
        lock = _rendering.get(key)
        if lock is None:
            lock = _rendering[key] = threading.Lock()
    with lock:
        html = cache.get(key)
        if html is None:
            html = make()
            cache.set(key, html, 600)
    return str(html)


def _panel_html(request: HttpRequest, event: web.Event, token: str, panel: str,
                current: str) -> str:
    def make() -> str:
        ctx = {"event": event, "token": token, "panel": panel, **_panels(event, {panel})}
        return render_to_string("hall/_panel.html", ctx, request=None)

    return _cached(f"hall:{event.pk}:{panel}:{current}:{get_language()}", make)


def _poll() -> int:
    """Seconds between two polls of a page (``HALL_POLL_SECONDS``, default 10)."""
    return services.limit("HALL_POLL_SECONDS", 10)


def _tag(current: str) -> str:
    """The ETag of a public page or part: the data's version and the page's language."""
    return f"{current}-{get_language()}"


def _not_modified(request: HttpRequest, current: str) -> HttpResponse | None:
    """204 when the poll's version is the current one, 304 for a matching ``If-None-Match``."""
    if request.GET.get("v") == current:
        return HttpResponse(status=204)
    if request.headers.get("If-None-Match", "").removeprefix("W/").strip('"') == _tag(current):
        return HttpResponse(status=304)
    return None


def _with_etag(response: HttpResponse, current: str) -> HttpResponse:
    response["ETag"] = f'"{_tag(current)}"'
    response["Cache-Control"] = "no-cache"
    return response


@transaction.non_atomic_requests  # reads nothing: no write lock taken on SQLite
@require_GET
def language(request: HttpRequest, code: str) -> HttpResponse:
    """EN / FR in the header of every hall page (players' phones included): the choice is kept
    in Django's language cookie, as ``set_language`` does, and the visitor goes back to the
    page they were on (the ``Referer`` of this site, else the result entry page).

    A link, not ``set_language``'s POST form: the public pages are rendered once for every phone
    (:func:`public`), so they cannot carry a per-visitor CSRF token; a forged link can do no
    more than change the language of a page.
    """
    if _known_language(code) is None:
        raise Http404
    back = str(request.headers.get("Referer") or "")
    if not url_has_allowed_host_and_scheme(back, allowed_hosts={request.get_host()},
                                           require_https=request.is_secure()):
        back = reverse("hall:enter")
    response = redirect(back)
    response.set_cookie(settings.LANGUAGE_COOKIE_NAME, code,
                        max_age=settings.LANGUAGE_COOKIE_AGE,
                        path=settings.LANGUAGE_COOKIE_PATH,
                        domain=settings.LANGUAGE_COOKIE_DOMAIN,
                        secure=settings.LANGUAGE_COOKIE_SECURE,
                        httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
                        samesite=settings.LANGUAGE_COOKIE_SAMESITE)
    return response


# --- public pages --------------------------------------------------------------------------------
@transaction.non_atomic_requests
def public(request: HttpRequest, token: str, panel: str = "boards") -> HttpResponse:
    """The tournament on a phone: pairings of the current round (find yourself by name or
    number), results as they arrive, standings; refreshed by polling :func:`live`. The whole
    page is rendered once per version and language; a reload with the current ETag is 304."""
    return _public_part(request, token, panel, "hall/public.html")


@transaction.non_atomic_requests
def live(request: HttpRequest, token: str, panel: str) -> HttpResponse:
    """The polled part of a public page: 204 / 304 when nothing changed."""
    return _public_part(request, token, panel, "hall/_live.html")


def _public_part(request: HttpRequest, token: str, panel: str, template: str) -> HttpResponse:
    """``template`` (the whole page or its polled part) for ``panel``: "not modified" when the
    phone holds the current version, else rendered once per version, poll interval and
    language for every phone (without the request: nothing per visitor in it)."""
    if panel not in dict(h.PANELS):
        raise Http404
    event = _public_event(token)
    current = services.version(event)
    unchanged = _not_modified(request, current)
    if unchanged is not None:
        return unchanged

    def make() -> str:
        ctx = {"event": event, "token": token, "panel": panel, "v": current, "poll": _poll(),
               "panel_html": _panel_html(request, event, token, panel, current)}
        return render_to_string(template, ctx, request=None)

    text = _cached(f"hall:{template}:{event.pk}:{panel}:{current}:{_poll()}:{get_language()}",
                   make)
    return _with_etag(HttpResponse(text), current)


@transaction.non_atomic_requests
def screen(request: HttpRequest, token: str, screen_id: int) -> HttpResponse:
    """A projector / TV: full screen, large type, the configured panels in turn."""
    event = _public_event(token)
    scr = get_object_or_404(h.Screen, event=event, pk=screen_id)
    current = services.version(event)
    with translation.override(_known_language(scr.language) or get_language()):
        response = render(request, "hall/screen.html", {
            "screen": scr, "event": event,
            "slides_html": _slides_html(event, token, scr, current)})
        response["Content-Language"] = get_language()
    return response


@transaction.non_atomic_requests
def screen_live(request: HttpRequest, token: str, screen_id: int) -> HttpResponse:
    event = _public_event(token)
    scr = get_object_or_404(h.Screen, event=event, pk=screen_id)
    current = services.version(event)
    with translation.override(_known_language(scr.language) or get_language()):
        unchanged = _not_modified(request, current)
        if unchanged is not None:
            return unchanged
        response = _with_etag(HttpResponse(_slides_html(event, token, scr, current)), current)
        response["Content-Language"] = get_language()
    return response


def _slides_html(event: web.Event, token: str, scr: h.Screen, current: str) -> str:
    def make() -> str:
        return render_to_string("hall/_slides.html", _screen_ctx(event, token, scr, current))

    key = (f"hall:screen:{scr.pk}:{scr.panels}:{scr.rows}:{current}:{_poll()}:"
           f"{get_language()}")
    return _cached(key, make)


def _chunks(items: list[Any], size: int) -> list[list[Any]]:
    size = max(size, 1)
    return [items[i:i + size] for i in range(0, len(items), size)] or [[]]


def _screen_ctx(event: web.Event, token: str, scr: h.Screen, current: str) -> dict[str, Any]:
    data = _panels(event, set(scr.panel_list()))
    slides: list[dict[str, Any]] = []
    # one slide per panel with every row: the screen's script cuts it into pages of as many
    # rows as the screen's height holds (at most ``scr.rows``), so no row falls below the
    # edge whatever the screen (issue 25 item 6); without the script every row is there
    for panel in scr.panel_list():
        if panel == "boards":
            slides.append({"panel": panel, "rows": data["rows"]})
        elif panel == "alpha":
            slides.append({"panel": panel, "rows": data["alpha"]})
        else:
            for table in data["tables"]:
                slides.append({"panel": panel, "table": table, "rows": table["rows"]})
            if not data["tables"]:
                slides.append({"panel": panel, "table": None, "rows": []})
    return {"event": event, "token": token, "screen": scr, "slides": slides, "v": current,
            "rnd": data["rnd"], "poll": _poll()}


# --- check-in ----------------------------------------------------------------------------------
@transaction.non_atomic_requests  # a search: no write lock held while the names are matched
def checkin(request: HttpRequest, token: str) -> HttpResponse:
    """Find yourself by name or pairing number (a tablet or a phone)."""
    event = _public_event(token)
    round_number = services.check_in_round(event)
    q = str(request.GET.get("q", "")).strip()[:60]
    found: list[web.Entrant] = []
    if q.isascii() and q.isdigit():
        found = list(event.entrants.filter(tpn=int(q)))
    elif q:
        # in Python, on the same key as the rating list: "dupre" finds "DUPRÉ" (LIKE folds
        # ASCII only); one event's players, at most a few thousand (imports.matches)
        words = query_words(q)
        tpns = [tpn for tpn, name in event.entrants.values_list("tpn", "name")
                if matches(words, name)][:30]
        found = list(event.entrants.filter(tpn__in=tpns)) if tpns else []
    done = services.checked_in_ids(event, round_number) if round_number else set()
    return render(request, "hall/checkin.html", {
        "event": event, "token": token, "q": q, "found": found, "done": done,
        "round_number": round_number})


@csrf_exempt
def checkin_confirm(request: HttpRequest, token: str, tpn: int) -> HttpResponse:
    """The confirmation step: the player's name, rating and club, then "yes, that is me".

    Exempt from the CSRF token: a token defends a *session* (the rights a cookie carries)
    against pages of other sites, and a check-in has none, anybody with the public link may
    check any player in (a hall tablet, a player's phone); the public pages around it are
    rendered once for every phone and carry no per-visitor token, and a hall tablet left open
    for hours would get "CSRF verification failed" when its token cookie changed. What the token
    would still stop, another site making many visitors' browsers post check-ins from many
    addresses (around the per-address rate limit), is refused with the ``Origin`` /
    ``Referer`` check (:func:`_cross_site`, docs/hall.md, review note 5)."""
    event = _public_event(token)
    entrant = get_object_or_404(web.Entrant, event=event, tpn=tpn)
    round_number = services.check_in_round(event)
    ctx = {"event": event, "token": token, "entrant": entrant, "round_number": round_number}
    if (refusal := _refuse_cross_site(request, token=token, event=event)) is not None:
        return refusal
    if request.method == "POST":
        try:
            created = services.check_in(entrant, _device(request), _address(request))
        except services.Refused as exc:
            return _refused(request, exc, token=token, event=event)
        return render(request, "hall/checkin_done.html", {**ctx, "created": created})
    ctx["already"] = (round_number is not None and
                      entrant.pk in services.checked_in_ids(event, round_number))
    return render(request, "hall/checkin_confirm.html", ctx)


# --- results entered by players ----------------------------------------------------------------
@csrf_exempt
@transaction.non_atomic_requests
def enter(request: HttpRequest, code: str = "") -> HttpResponse:
    """Result entry with a board code (typed on a hall tablet or read from the QR code).

    The code is the only credential: it opens the player's own board of the current round
    (:func:`.services.seat_of`) and nothing else; no session, so no CSRF token is needed
    (review note 5): a page of another site could only post a result with a code it already
    knows, and whoever knows the code can enter that result from anywhere anyway; a guessed code
    meets the wrong-code rate limit. A cross-site POST is refused all the same
    (:func:`_cross_site`, one header compared), so a page elsewhere cannot use its visitors'
    browsers to try codes from many addresses.
    Outside a request-wide transaction: the entry itself is one transaction
    (:func:`.services.submit_claim`), so the database's write lock is not held while the code
    is checked or the answer rendered.
    """
    cookie = request.COOKIES.get(services.DEVICE_COOKIE)
    key = services.device_key(cookie, _address(request),
                              str(request.META.get("HTTP_USER_AGENT", "")))
    response = _enter(request, code, key)
    if not key.startswith("c:"):
        # every browser that opens the result entry gets its device key (issue 24, items 9
        # and 13): wrong codes are limited per device, an entry and its confirmation from one
        # device are not a confirmation
        response.set_cookie(services.DEVICE_COOKIE, services.new_device_cookie(),
                            max_age=400 * 24 * 3600, httponly=True, samesite="Lax",
                            secure=request.is_secure())
    return response


def _match_games(seats: list[services.Seat], current: services.Seat, fresh: bool = False
                 ) -> list[dict[str, Any]]:
    """The games of a Double-Swiss match as the board page lists them (empty for a single
    game): number, the player's colour in it, its result once recorded (``fresh``: read
    again, after an entry that may have confirmed it)."""
    if len(seats) != 2:
        return []
    out = []
    for s in seats:
        if fresh:
            s.game.refresh_from_db(fields=["white_code", "black_code"])
        out.append({"number": s.game.game, "white": s.side == h.WHITE,
                    "current": s.game.pk == current.game.pk,
                    "label": services.result_label(s.game.result) if s.game.result else ""})
    return out


def _enter(request: HttpRequest, code: str, key: str) -> HttpResponse:
    if (refusal := _refuse_cross_site(request, template="hall/enter.html")) is not None:
        return refusal
    typed = code or str(request.POST.get("code") or request.GET.get("code") or "")
    if not typed:
        return render(request, "hall/enter.html", {})
    try:
        seat = services.seat_of(typed, _address(request), key)
    except services.Refused as exc:
        return _refused(request, exc, "hall/enter.html", code=typed)
    # a Double-Swiss match (C.04.5): a code of either game opens both; ``game`` (1, 2) says
    # which one the player enters, by default the code's own game, or game 2 once game 1 of
    # a game-1 code has its result
    seats = services.match_seats(seat)
    typed_code = seat.code.code
    if len(seats) == 2:
        wanted = str(request.POST.get("game") or request.GET.get("game") or "")
        if wanted in ("1", "2"):
            seat = seats[int(wanted) - 1]
        elif request.method != "POST" and seat.game.game == 1 and seat.game.result \
                and not seats[1].game.result:
            seat = seats[1]
    ctx = {"seat": seat, "code": typed_code, "choices": PLAYER_LABELS,
           "labels": RESULT_LABELS, "result_label": services.result_label(seat.game.result),
           "match_seats": _match_games(seats, seat)}
    if request.method == "POST" and request.POST.get("result"):
        try:
            claim = services.submit_claim(seat, str(request.POST["result"]), _device(request),
                                          _address(request), key)
        except services.Refused as exc:
            return _refused(request, exc, "hall/board.html", **ctx,
                            claims=services.board_claims(seat.game))
        ctx["match_seats"] = _match_games(seats, seat, fresh=True)
        return render(request, "hall/entered.html", {**ctx, "claim": claim,
                                                       "label": PLAYER_LABELS[claim.result]})
    return render(request, "hall/board.html", {**ctx,
                                               "claims": services.board_claims(seat.game)})


# --- arbiters ----------------------------------------------------------------------------------
def _overview_version(event: web.Event) -> str:
    """What the live part of the arbiters' hall page shows, as a short fingerprint: the public
    pages' :func:`.services.version` (games, rounds) and the players' entries and check-ins
    (three aggregate queries, indexed)."""
    claims = h.ResultClaim.objects.filter(game__round__event=event).aggregate(
        n=Count("id"), at=Max("at"), decided=Max("decided_at"),
        open=Count("id", filter=Q(status__in=h.ResultClaim.OPEN)),
        conflicts=Count("id", filter=Q(status=h.ResultClaim.CONFLICT)))
    check_ins = h.CheckIn.objects.filter(entrant__event=event).aggregate(
        n=Count("id"), at=Max("at"))
    text = f"{services.version(event)}|{claims}|{check_ins}"
    return hashlib.blake2s(text.encode(), digest_size=8).hexdigest()


def _overview_poll() -> int:
    """Seconds between two polls of the arbiters' hall page (``HALL_OVERVIEW_POLL_SECONDS``,
    default 5)."""
    return services.limit("HALL_OVERVIEW_POLL_SECONDS", 5)


def _overview_live(event: web.Event, version: str | None = None) -> dict[str, Any]:
    """The polled part of the arbiters' hall page: the entries waiting (conflicts first) and
    the check-in count with who is missing. The version is taken *before* the data is read
    (given, or read first here): a change committed in between then shows at the next poll
    instead of being hidden behind a version that already counts it."""
    version = version if version is not None else _overview_version(event)
    rnd = services.current_round(event)
    waiting = []
    if rnd is not None:
        for row in _round_rows(rnd):
            g = row["game"]
            if g.result or g.black is None:
                continue
            claims = list(g.hall_claims.all())
            if claims:
                waiting.append({**row, "claims": claims,
                                "same_device": any(c.same_device for c in claims)})
        waiting.sort(key=lambda r: (r["claim"] != h.ResultClaim.CONFLICT, r["game"].board))
    round_number = services.check_in_round(event)
    expected = services.expected_players(event, round_number) if round_number else []
    done = services.checked_in_ids(event, round_number) if round_number else set()
    return {"rnd": rnd, "waiting": waiting, "round_number": round_number,
            "expected": expected, "missing": [e for e in expected if e.pk not in done],
            "checked": len([e for e in expected if e.pk in done]),
            # players who confirmed their presence without being expected (after round 1
            # only those back from a bye or an absence are)
            "others": len(done - {e.pk for e in expected}),
            "v": version, "overview_poll": _overview_poll()}


@viewer_required
def overview(request: HttpRequest, pk: int) -> HttpResponse:
    """The hall for the arbiters: claims waiting (conflicts first), who is missing before the
    next round, the screens, links to the printouts. The claims and the check-in refresh
    themselves (:func:`overview_live`)."""
    event = get_object_or_404(web.Event, pk=pk)
    base = public_address.base(request)
    return render(request, "hall/overview.html", _ctx(
        request, event, **_overview_live(event), screens=event.screens.all(),
        panels=h.PANELS, labels=RESULT_LABELS, languages=settings.LANGUAGES,
        printout_rounds=list(event.round_set.filter(status=web.Round.PUBLISHED)),
        public_url=public_address.stored(), base=base,
        loopback=public_address.is_loopback(base)))


@transaction.non_atomic_requests  # reads only: no write lock taken on SQLite every 5 s
@viewer_required
def overview_live(request: HttpRequest, pk: int) -> HttpResponse:
    """The claims and the check-in of the arbiters' hall page, polled every
    ``HALL_OVERVIEW_POLL_SECONDS``: 204 (HTMX keeps the part, and what the arbiter is
    typing in it) when nothing changed since the version the page holds."""
    event = get_object_or_404(web.Event, pk=pk)
    version = _overview_version(event)
    unchanged = _not_modified(request, version)
    if unchanged is not None:
        return unchanged
    return render(request, "hall/_overview_live.html", _ctx(request, event,
                                                            **_overview_live(event, version)))


@arbiter_required
@require_POST
def decide(request: HttpRequest, pk: int, game_id: int) -> HttpResponse:
    """The arbiter validates a claim or enters the result (an arbiter's entry always wins)."""
    event = get_object_or_404(web.Event, pk=pk)
    game = get_object_or_404(web.Game, pk=game_id, round__event=event)
    typed = str(request.POST.get("validate") or request.POST.get("result", ""))
    typed = typed.strip().lower().replace(" ", "")
    key = RESULT_SHORTHANDS.get(typed)
    if not key:
        messages.error(request, unknown_result(typed))
    else:
        try:
            # the board's version the page showed: a change since then (the players'
            # confirmation, another arbiter) refuses this decision (issue 24)
            services.arbiter_decides(game, key, request.user,
                                     version=posted_version(request.POST))
            messages.success(request, _("Board %(board)s: %(result)s")
                             % {"board": game.board_label, "result": RESULT_LABELS[key]})
        except SwissPairingError as exc:
            messages.error(request, exc.user_message())
    return redirect("hall:overview", pk=pk)


@arbiter_required
@require_POST
def screens(request: HttpRequest, pk: int) -> HttpResponse:
    """Add, change or remove a screen."""
    event = get_object_or_404(web.Event, pk=pk)
    if request.POST.get("delete"):
        h.Screen.objects.filter(event=event, pk=posted_number(request.POST, "delete")).delete()
        return redirect("hall:overview", pk=pk)
    panels = [p for p in request.POST.getlist("panels") if p in dict(h.PANELS)]

    def number(key: str, default: int, low: int, high: int) -> int:
        value = str(request.POST.get(key, ""))
        if not (value.isascii() and value.isdigit()):
            return default
        # ten digits or more is over any bound (and ``int()`` of 4,300 is a ValueError)
        return min(max(int(value) if len(value) < 10 else high, low), high)

    values = {"name": str(request.POST.get("name", "")).strip()[:100] or _("Screen"),
              "language": _known_language(str(request.POST.get("language", ""))) or "",
              "panels": ",".join(panels) or "boards",
              "seconds": number("seconds", 15, 3, 600), "rows": number("rows", 20, 5, 200)}
    screen_id = str(request.POST.get("screen", ""))
    if screen_id.isascii() and screen_id.isdigit():
        h.Screen.objects.filter(event=event, pk=int(screen_id)).update(**values)
    else:
        h.Screen.objects.create(event=event, **values)
    return redirect("hall:overview", pk=pk)


def _qr(data: str) -> str:
    out = io.BytesIO()
    segno.make(data, error="m").save(out, kind="svg", scale=3, border=1, xmldecl=False,
                                      svgns=True)
    return out.getvalue().decode()


@arbiter_required
def printout(request: HttpRequest, pk: int, number: int, kind: str) -> HttpResponse:
    """Printable ``cards`` (one slip per player: their board, their code and QR code only, to
    hand to that player) or ``sheet`` (the pairing list with the codes, for the arbiters'
    table). ``?lang=`` prints them in another language than the arbiter's (the event's
    language).

    Issue 24, items 9 and 10: a board card used to carry both players' codes, so one phone
    could enter a result with White's code and confirm it with Black's; and viewers could open
    the printouts, read every code and enter results. The codes are for arbiters only, and a
    GET changes nothing: the codes are made when the round is published (:func:`.services.
    round_saved`); a board without codes (a round published before the hall existed) is made
    with the page's POST button. The QR codes and links are built on the public address
    (:mod:`..public_address`, item 11), with a warning while that is a loopback one."""
    if kind not in ("cards", "sheet"):
        raise Http404
    event = get_object_or_404(web.Event, pk=pk)
    rnd = get_object_or_404(web.Round, event=event, number=number, status=web.Round.PUBLISHED)
    if request.method == "POST":
        services.ensure_codes(rnd)
        return redirect(request.get_full_path())
    # printed in the event's language, chosen on the arbiters' hall page (``?lang=fr``): the
    # points too (decimal comma in French, issue 25 item 7), so the rows are made in it
    with translation.override(_known_language(str(request.GET.get("lang", "")))
                              or get_language()):
        return _printout(request, event, rnd, kind)


def _printout(request: HttpRequest, event: web.Event, rnd: web.Round, kind: str
              ) -> HttpResponse:
    """The printout of :func:`printout`, in the active language."""
    codes = {(c.game_id, c.entrant_id): c.code for c in
             h.BoardCode.objects.filter(game__round=rnd)}
    rows, missing = [], 0
    # a Double-Swiss match (C.04.5): one slip per player and match, with the code of game 1,
    # which opens both games (services.match_seats); the arbiters' sheet lists every code
    match_codes = kind == "cards" and event.system == "double-swiss"
    for row in _round_rows(rnd):
        g = row["game"]
        if match_codes and g.game == 2:
            continue
        seats = []
        for side, entrant in ((h.WHITE, g.white), (h.BLACK, g.black)):
            if entrant is None or g.black is None:
                continue
            code = codes.get((g.pk, entrant.pk), "")
            missing += not code
            url = public_address.absolute(request, reverse("hall:enter-code", args=[code])
                                          ) if code else ""
            seats.append({"entrant": entrant, "side": side, "code": code, "url": url,
                          "opponent": g.black if side == h.WHITE else g.white,
                          "qr": _qr(url) if kind == "cards" and code else ""})
        # a match slip names the board of the match (``3``), not of its game 1 (``3.1``)
        rows.append({**row, "seats": seats,
                     "slip_board": g.board if match_codes else g.board_label})
    base = public_address.base(request)
    response = render(request, f"hall/{kind}.html", {
        "event": event, "rnd": rnd, "rows": rows, "missing": missing, "match_codes": match_codes,
        "loopback": public_address.is_loopback(base), "base": base,
        "enter_url": public_address.absolute(request, reverse("hall:enter"))})
    response["Content-Language"] = get_language()
    return response


@arbiter_required
@require_POST
def public_url(request: HttpRequest, pk: int) -> HttpResponse:
    """The public address of the QR codes and links (issue 24, item 11; the same setting as
    ``serve --public-url``)."""
    get_object_or_404(web.Event, pk=pk)
    try:
        value = public_address.save(str(request.POST.get("public_url", "")))
    except SwissPairingError as exc:
        messages.error(request, exc.user_message())
    else:
        actions.audit(None, request.user, "public-url", value or "-")
        messages.success(request, _("Public address: %(url)s") % {"url": value} if value else
                         _("Public address cleared: the browser's address is used."))
    return redirect("hall:overview", pk=pk)


@viewer_required
def mark_absent(request: HttpRequest, pk: int) -> HttpResponse:
    """Issue 24, item 12: check-in feeds the pairing. GET lists the players expected before the
    next round who have not checked in; the arbiter's POST (the list's pairing numbers) marks
    them absent from that round (``Z``, :func:`.services.mark_missing_absent`), then the round
    page pairs without them. Viewers see the list, only arbiters confirm."""
    event = get_object_or_404(web.Event, pk=pk)
    round_number = services.check_in_round(event)
    if request.method == "POST":
        if not can_edit(request.user):
            raise PermissionDenied(_("An arbiter account is needed."))
        shown = {int(t) for t in request.POST.getlist("tpn") if t.isascii() and t.isdigit()}
        try:
            if round_number is None:
                raise services.Refused(_("Check-in is closed: every round is paired."), 409)
            marked = services.mark_missing_absent(event, round_number, shown, request.user)
        except SwissPairingError as exc:
            messages.error(request, exc.user_message())
            return redirect("hall:overview", pk=pk)
        messages.success(request, ngettext(
            "%(n)s player marked absent from round %(r)s.",
            "%(n)s players marked absent from round %(r)s.", len(marked))
            % {"n": len(marked), "r": round_number})
        return redirect("web:round", pk=pk, number=round_number)
    missing = services.missing_players(event, round_number) if round_number else []
    return render(request, "hall/absent.html", _ctx(
        request, event, round_number=round_number, missing=missing))
