"""What an arbiter prints, pins up and hands out (issue 25): pairing lists of a round by board
and alphabetical ("who plays where"), result slips, standings after any round, prize lists by
category, crosstable and wall chart; each as a page and as a PDF whose every page carries the
event's header (name, place, dates, chief arbiter, time control, what the page is), the page
numbers and the print date.

The tables are the standings package's :class:`~swisspairing.standings.views.Table`, built here
from the rows of a round (a round being played has no complete TRF cells yet) or by the
standings package; :mod:`swisspairing.standings.render` draws them. No pairing or ranking logic
lives here. Every page takes ``?lang=fr`` / ``?lang=en`` (default: the reader's language), as
the hall's printouts do.
"""

from __future__ import annotations

import functools
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils import formats, timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from ...errors import SwissPairingError
from ...standings import render as publication
from ...standings.categories import FIXED, Member, check_key, prize_table
from ...standings.categories import label as category_label
from ...standings.render import PageHeader
from ...standings.views import Table, points_text
from . import convert, double_swiss
from . import models as m
from .auth import viewer_required
from .double_swiss import round_gettext

#: the printouts of a round: ``board`` (pairing list by board), ``alpha`` (who plays where)
ROUND_LISTS = ("board", "alpha")


def _lang() -> str:
    return "fr" if (translation.get_language() or "en").startswith("fr") else "en"


def chosen_language(request: HttpRequest) -> str | None:
    """``?lang=fr`` / ``?lang=en`` of a printout, else None (the reader's language)."""
    lang = request.GET.get("lang", "")
    return lang if lang in ("en", "fr") else None


def in_chosen_language(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """A printout's view run in the language of ``?lang=`` (else the reader's)."""
    @functools.wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        with translation.override(chosen_language(request) or translation.get_language()):
            return view(request, *args, **kwargs)
    return wrapped


def _day(value: date | None) -> str:
    """``11 April 2026`` / ``11 avril 2026`` (day first in both languages, not the US order)."""
    return formats.date_format(value, "j F Y") if value else ""


def _short_day(value: date) -> str:
    """``2026-04-11`` in English, ``11/04/2026`` in French."""
    return formats.date_format(value, "d/m/Y" if _lang() == "fr" else "Y-m-d")


def page_header(event: m.Event, what: str = "") -> PageHeader:
    """The header of every printed page, in the active language: the event, then place, dates,
    chief arbiter, time control; ``what`` (``Round 3 - 12 April 2026``) on the right."""
    dates = ""
    if event.start_date and event.end_date and event.end_date != event.start_date:
        dates = _("%(start)s to %(end)s") % {"start": _day(event.start_date),
                                             "end": _day(event.end_date)}
    elif event.start_date:
        dates = _day(event.start_date)
    details = [event.place, dates]
    if event.chief_arbiter:
        details.append(_("Chief arbiter: %(name)s") % {"name": event.chief_arbiter})
    if event.time_control:
        details.append(_("Time control: %(tc)s") % {"tc": event.time_control})
    now = timezone.localtime()
    printed = _("Printed %(date)s at %(time)s") % {
        "date": _short_day(now), "time": now.strftime("%H:%M")}
    return PageHeader(event=event.name, details=[d for d in details if d], what=what,
                      printed=printed, page=_("Page {n} of {nb}"))


def chosen_round(request: HttpRequest, complete: int) -> int | None:
    """``?round=K`` of a standings page or PDF: the standings after round K (1 to the last
    complete round); None without it. Anything else is 404, not silently the last round."""
    text = request.GET.get("round", "").strip()
    if not text:
        return None
    if not (text.isascii() and text.isdigit()) or not 1 <= int(text) <= complete:
        raise Http404(_("There are no standings after round %(round)s: rounds 1 to "
                        "%(complete)s are complete.") % {"round": text[:10],
                                                           "complete": complete})
    return int(text)


def standings_what(rounds: int, event: m.Event | None = None) -> str:
    """``Standings after round 3``; ``after match 3`` in a Double-Swiss event (C.04.5)."""
    if event is not None:
        return round_gettext(event, "Standings after round %(n)s") % {"n": rounds}
    return _("Standings after round %(n)s") % {"n": rounds}


def round_date(event: m.Event, rnd: m.Round | None, number: int) -> date | None:
    """The round's date: the one set on the settings page, else the day it was paired."""
    dates = event.round_dates or []
    if number <= len(dates) and dates[number - 1]:
        try:
            return date.fromisoformat(dates[number - 1])
        except ValueError:
            pass
    if rnd is not None and isinstance(rnd.paired_at, datetime):
        return timezone.localtime(rnd.paired_at).date()
    return None


def round_what(event: m.Event, rnd: m.Round) -> str:
    """``Round 3 - 12 April 2026`` (``(draft)`` while the round is not published)."""
    day = round_date(event, rnd, rnd.number)
    text = round_gettext(event, "Round %(n)s") % {"n": rnd.number}  # a match: C.04.5
    if day:
        text += " - " + _day(day)
    if not rnd.published:
        text += " " + _("(draft)")
    return text


def name_key(name: str) -> str:
    """Alphabetical order of names without case and accents (``Élodie`` with the E's)."""
    decomposed = unicodedata.normalize("NFKD", name.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


# --- a round's sheets -----------------------------------------------------------------------
@dataclass(slots=True)
class Sitting:
    """Where one player is in a round: a board and a colour, or why not paired."""

    entrant: m.Entrant
    points: float
    board: int | None = None
    white: bool = True
    opponent: m.Entrant | None = None
    status: str = ""  # not paired: what it is, in words


@dataclass(slots=True)
class RoundSheet:
    """The rows of one round for its printouts."""

    event: m.Event
    rnd: m.Round
    games: list[m.Game]
    points: dict[int, float]  # entrant pk -> points before the round
    sittings: list[Sitting]  # every player of the event, paired or not

    @property
    def not_paired(self) -> list[Sitting]:
        return [s for s in self.sittings if s.board is None]


def _result_label(game: m.Game) -> str:
    from .views import RESULT_LABELS

    return RESULT_LABELS.get(game.result, "")


def round_sheet(event: m.Event, rnd: m.Round) -> RoundSheet:
    """The boards of ``rnd`` with the players' points before it, and every player's place
    (board and colour, or the pairing-allocated bye, a requested bye, an absence, a
    withdrawal)."""
    number = rnd.number
    t = convert.tournament_of(event, number - 1)
    entrants = list(event.entrants.all())
    points = {e.pk: double_swiss.points_before(t, e.tpn, number) for e in entrants}
    games = list(rnd.games.select_related("white", "black"))
    requests = {r.entrant_id: r.code for r in event.requests.filter(round_number=number)}
    seen: dict[int, Sitting] = {}
    for g in games:
        if g.game == 2:  # a Double-Swiss match's place is its game 1's (C.04.5 Preface)
            continue
        if g.is_empty_board:
            # a team board left empty opposite this player: a forfeit win, not a bye (trf.md
            # 4.1 ``0000 C +``; session 9: the hall's list called it the pairing-allocated bye)
            seen[g.white_id] = Sitting(g.white, points[g.white_id], status=_(
                "board %(board)s: forfeit win against an empty board") % {"board": g.board})
            continue
        if g.black is None:
            seen[g.white_id] = Sitting(g.white, points[g.white_id], status=_(
                "pairing-allocated bye"))
            continue
        seen[g.white_id] = Sitting(g.white, points[g.white_id], g.board, True, g.black)
        seen[g.black_id] = Sitting(g.black, points[g.black_id], g.board, False, g.white)
    words = {"H": _("half-point bye"), "F": _("full-point bye"), "Z": _("absent")}
    # a team event: the members of a team that plays this round who are not in its line-up
    # are its reserves (C.04.6 1.1; session 9: the hall listed them as "not paired")
    team_of: dict[int, int] = {}
    if event.system == "team-swiss":
        team_of = dict(m.TeamMember.objects.filter(team__event=event)
                       .values_list("entrant_id", "team_id"))
    playing_teams = {team_of[pk] for pk in seen if pk in team_of}
    sittings = []
    for e in entrants:
        if e.pk in seen:
            sittings.append(seen[e.pk])
            continue
        if e.withdrawn_from and e.withdrawn_from <= number:
            status = _("withdrawn")
        elif e.pk not in requests and event.system in ("round-robin", "double-round-robin"):
            # C.05 Annex 1: with an odd number of players the highest table number rests
            status = _("rest")
        elif e.pk not in requests and team_of.get(e.pk) in playing_teams:
            status = _("reserve")
        else:
            status = words.get(requests.get(e.pk, ""), _("not paired"))
        sittings.append(Sitting(e, points[e.pk], status=status))
    sittings.sort(key=lambda s: (name_key(s.entrant.name), s.entrant.tpn))
    return RoundSheet(event, rnd, games, points, sittings)


def _pts(lang: str, value: float) -> str:
    return points_text(lang, value)


def points_count(value: float) -> int:
    """The count to give ``ngettext`` for a score of ``value`` points, so that each language
    takes its own grammatical number: French puts "point" in the singular below two (0 point,
    ½ point, 1 point, 1,5 point: Académie française, "le pluriel commence à deux"), English
    only for exactly one (0 points, 1.5 points). 0 is plural in English and singular in French
    (the catalogues' Plural-Forms), 1 singular in both, 2 plural in both."""
    if value == 1:
        return 1
    return 0 if abs(value) < 2 else 2


def not_paired_notes(sheet: RoundSheet, lang: str) -> list[str]:
    """One line per player not on a board: number, name, rating, points, why (withdrawn
    players after their withdrawal round are left out)."""
    out = []
    for s in sorted(sheet.not_paired, key=lambda s: s.entrant.tpn):
        e = s.entrant
        if e.withdrawn_from and e.withdrawn_from < sheet.rnd.number:
            continue
        rating = f", {e.rating}" if e.rating else ""
        out.append(ngettext("%(tpn)s %(name)s (%(rating)s%(points)s pt): %(status)s",
                            "%(tpn)s %(name)s (%(rating)s%(points)s pts): %(status)s",
                            points_count(s.points)) % {
            "tpn": e.tpn, "name": e.name, "rating": rating.lstrip(", "),
            "points": (", " if rating else "") + _pts(lang, s.points), "status": s.status})
    return out


def not_paired_rows(sheet: RoundSheet, lang: str) -> list[dict[str, Any]]:
    """The players not on a board (a pairing-allocated bye, a requested bye, an absence, a
    withdrawal in this round) for the public pages: number, name, rating, points, why."""
    return [{"tpn": s.entrant.tpn, "name": s.entrant.name, "rating": s.entrant.rating or "",
             "points": _pts(lang, s.points), "status": s.status}
            for s in sorted(sheet.not_paired, key=lambda s: s.entrant.tpn)
            if not (s.entrant.withdrawn_from and s.entrant.withdrawn_from < sheet.rnd.number)]


def board_table(sheet: RoundSheet, lang: str) -> Table:
    """Pairing list by board: board, numbers, names, ratings, points before the round, the
    result column (the result once entered), players not paired underneath (C.04.2 D.9 board
    order, as the round was published). A Double-Swiss round: one line per match
    (:func:`.double_swiss.board_table`)."""
    if double_swiss.is_double_swiss(sheet.event):
        return double_swiss.board_table(sheet, lang)
    rows = []
    for g in sheet.games:
        if g.black is None:
            continue
        w, b = g.white, g.black
        rows.append([str(g.board), str(w.tpn), w.name, str(w.rating or ""),
                     _pts(lang, sheet.points[w.pk]), _result_label(g),
                     _pts(lang, sheet.points[b.pk]), b.name, str(b.rating or ""), str(b.tpn)])
    notes = not_paired_notes(sheet, lang)
    if notes:
        notes.insert(0, _("Not paired:"))
    return Table(
        title=round_gettext(sheet.event, "Round %(n)s - pairings by board") % {
            "n": sheet.rnd.number},
        headers=[_("Bd"), _("No"), _("White"), _("Rtg"), _("Pts"),
                 _("Result"), _("Pts"), _("Black"), _("Rtg"), _("No")],
        rows=rows, align=["r", "r", "l", "r", "r", "c", "r", "l", "r", "r"],
        notes=notes, kind="pairings", lang=lang)


def alpha_table(sheet: RoundSheet, lang: str) -> Table:
    """Who plays where: every player in alphabetical order with board and colour (or bye,
    absence), the opponent."""
    rows = []
    for s in sheet.sittings:
        e = s.entrant
        if e.withdrawn_from and e.withdrawn_from < sheet.rnd.number:
            continue
        if s.board is None:
            rows.append([e.name, str(e.tpn), str(e.rating or ""), _pts(lang, s.points),
                         "", "", s.status])
            continue
        opp = s.opponent
        assert opp is not None
        rows.append([e.name, str(e.tpn), str(e.rating or ""), _pts(lang, s.points),
                     str(s.board), _("White") if s.white else _("Black"),
                     f"{opp.tpn} {opp.name}"])
    return Table(
        title=round_gettext(sheet.event, "Round %(n)s - who plays where (alphabetical)") % {
            "n": sheet.rnd.number},
        headers=[_("Name"), _("No"), _("Rtg"), _("Pts"), _("Bd"),
                 _("Colour in game 1") if double_swiss.is_double_swiss(sheet.event)
                 else _("Colour"), _("Opponent")],
        rows=rows, align=["l", "r", "r", "r", "r", "l", "l"], kind="alpha", lang=lang)


def round_tables(sheet: RoundSheet, kind: str, lang: str) -> list[Table]:
    if sheet.event.system == "team-swiss":  # matches and members (issue 27 part 6)
        from .team_printouts import team_alpha_table
        from .teams import team_pairing_table

        return [team_pairing_table(sheet.rnd, lang) if kind == "board"
                else team_alpha_table(sheet.rnd, lang)]
    return [board_table(sheet, lang) if kind == "board" else alpha_table(sheet, lang)]


def _shown(table: Table) -> dict[str, Any]:
    from .views import _shown as shown

    return shown(table)


def _round_of(pk: int, number: int) -> tuple[m.Event, m.Round]:
    event = get_object_or_404(m.Event, pk=pk)
    rnd = get_object_or_404(m.Round, event=event, number=number)
    return event, rnd


def _pdf_response(data: bytes, filename: str) -> HttpResponse:
    response = HttpResponse(data, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    return response


def slug(event: m.Event) -> str:
    from django.utils.text import slugify

    return slugify(event.name) or f"tournament-{event.pk}"


@viewer_required
def round_print(request: HttpRequest, pk: int, number: int, kind: str) -> HttpResponse:
    """A round's pairing list (``board``) or who plays where (``alpha``) as a page."""
    if kind not in ROUND_LISTS:
        raise Http404
    event, rnd = _round_of(pk, number)
    with translation.override(chosen_language(request) or translation.get_language()):
        lang = _lang()
        sheet = round_sheet(event, rnd)
        from .views import _ctx

        return render(request, "web/print_round.html", _ctx(
            request, event, number=number, rnd=rnd, kind=kind,
            header=page_header(event, round_what(event, rnd)),
            tables=[_shown(t) for t in round_tables(sheet, kind, lang)]))


@viewer_required
def round_print_pdf(request: HttpRequest, pk: int, number: int, kind: str) -> HttpResponse:
    """The same lists as PDF, and the result slips (``slips``)."""
    if kind not in (*ROUND_LISTS, "slips"):
        raise Http404
    event, rnd = _round_of(pk, number)
    with translation.override(chosen_language(request) or translation.get_language()):
        lang = _lang()
        sheet = round_sheet(event, rnd)
        header = page_header(event, round_what(event, rnd))
        if kind == "slips" and event.system == "team-swiss":  # one slip a match
            from .team_printouts import team_result_slips_pdf

            data = team_result_slips_pdf(rnd, header, lang)
        elif kind == "slips":
            from .slips import result_slips_pdf

            data = result_slips_pdf(sheet, header, lang)
        else:
            data = publication.pdf(round_tables(sheet, kind, lang), header)
    names = {"board": "pairings", "alpha": "alphabetical", "slips": "result-slips"}
    return _pdf_response(data, f"{slug(event)}-round-{number}-{names[kind]}.pdf")


# --- prize lists by category ----------------------------------------------------------------
def _members(event: m.Event) -> dict[int, Member]:
    return {e.tpn: Member(sex=e.sex, birth_date=e.birth_date, rating=e.rating, club=e.club,
                          federation=e.federation) for e in event.entrants.all()}


#: the prize lists' key of a team category (a team event's "best team of a category")
TEAM_CATEGORY = "team:"


def chosen_categories(request: HttpRequest, event: m.Event | None = None) -> list[str]:
    """The categories of the prize lists: ``cat`` (repeated: ``women``, ``u18``, ``club:X``,
    ``fed:X``, ``rating:1400-1599``; for a team event also ``team:X``, a category of its
    teams' prizes) and ``bands`` (rating bands typed: ``-1599, 1600-1999, 2000-``), each once,
    in the order given; a wrong key or band is 404 with its name."""
    keys = [str(k).strip() for k in request.GET.getlist("cat") if str(k).strip()]
    bands = request.GET.get("bands", "")
    keys += [f"rating:{b.strip().replace(' ', '')}" for b in bands.replace(";", ",").split(",")
             if b.strip()]
    out: list[str] = []
    team_event = event is not None and event.system == "team-swiss"
    for key in keys:
        try:
            if not (team_event and key.startswith(TEAM_CATEGORY) and key[5:].strip()):
                check_key(key)
        except SwissPairingError:
            raise Http404(_("Unknown category or rating band: %(key)s (write a band as "
                            "1400-1599, -1599 or 2000-).") % {"key": key[:60]}) from None
        if key not in out:
            out.append(key)
    return out


def prize_tables(event: m.Event, keys: list[str], after: int | None, lang: str) -> list[Table]:
    if event.system == "team-swiss":  # the members' board results (issue 27)
        from .team_printouts import team_prize_tables

        return team_prize_tables(event, keys, after, lang)
    st = convert.standings_of(event, after)
    year = (event.start_date or timezone.localdate()).year
    members = _members(event)
    return [prize_table(st, key, members, year, lang) for key in keys]


@viewer_required
def prizes(request: HttpRequest, pk: int) -> HttpResponse:
    """Prize lists: the standings after a chosen round restricted to the categories the
    arbiter ticks (women, age categories, rating bands, clubs, federations)."""
    from .views import _ctx

    event = get_object_or_404(m.Event, pk=pk)
    complete = convert.complete_rounds(event)
    with translation.override(chosen_language(request) or translation.get_language()):
        lang = _lang()
        keys = chosen_categories(request, event)
        after = chosen_round(request, complete) if complete else None
        found = prize_tables(event, keys, after, lang) if complete else []
        entrants = list(event.entrants.all())
        clubs = sorted({e.club.strip() for e in entrants if e.club.strip()}, key=name_key)
        feds = sorted({e.federation.strip().upper() for e in entrants if e.federation.strip()})
        fixed = [(k, category_label(k, lang)) for k in FIXED]
        team_categories: list[tuple[str, str]] = []
        if event.system == "team-swiss":
            from .teams import teams_of_category

            team_categories = [(TEAM_CATEGORY + name, name) for name in teams_of_category(event)]
        query = request.GET.urlencode()
        return render(request, "web/print_prizes.html", _ctx(
            request, event, view="prizes", tables=[_shown(t) for t in found],
            complete=complete, after=after or complete, after_rounds=range(1, complete + 1),
            chosen=keys, fixed=fixed, team_categories=team_categories,
            clubs=[(f"club:{c}", c) for c in clubs],
            feds=[(f"fed:{f}", f) for f in feds], bands=request.GET.get("bands", ""),
            query=query, extra_query="&".join(
                p for p in query.split("&") if p and not p.startswith("round=")),
            header=page_header(event, standings_what(after or complete, event))))


@viewer_required
def prizes_pdf(request: HttpRequest, pk: int) -> HttpResponse:
    event = get_object_or_404(m.Event, pk=pk)
    complete = convert.complete_rounds(event)
    if not complete:
        raise Http404
    with translation.override(chosen_language(request) or translation.get_language()):
        lang = _lang()
        keys = chosen_categories(request, event)
        if not keys:
            raise Http404(_("Choose at least one category."))
        after = chosen_round(request, complete)
        found = prize_tables(event, keys, after, lang)
        data = publication.pdf(found, page_header(event, standings_what(after or complete, event)),
                               flow=True)
    return _pdf_response(data, f"{slug(event)}-prizes-round-{after or complete}.pdf")
