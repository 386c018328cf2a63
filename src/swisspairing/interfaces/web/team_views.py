"""Pages of a team event (issue 27 part 6; C.04.6): the teams and their members, the team
settings, each round's line-ups and absent teams, the matches with their boards and results,
the team and board standings. What they change is done by :mod:`.teams`."""

from __future__ import annotations

from typing import Any, cast

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _

from ...errors import SwissPairingError
from ...standings import teams as team_standings
from . import (
    actions,
    convert,
    core_messages,
    explanation_names,
    pairing_jobs,
    rule_citations,
    teams,
)
from . import models as m
from .auth import arbiter_required, viewer_required
from .forms import posted_number, posted_version
from .imports import Candidate, _rating
from .models import RESULTS

#: the choices of the team settings form (C.04.6 1.2, 1.7)
COLOUR_TYPE_CHOICES = [("A", "Type A"), ("B", "Type B"), ("", "-")]
#: the results a board can get, as the per-match form offers them
RESULT_CHOICES = ["", "1-0", "=", "0-1", "+-", "-+", "--"]


def _team_event(pk: int) -> m.Event:
    event = get_object_or_404(m.Event, pk=pk)
    if not teams.is_team_event(event):
        raise Http404
    return event


def _error(request: HttpRequest, exc: SwissPairingError) -> None:
    if isinstance(exc, actions.TooManyPlayers):  # in the user's language, as the players page
        from .views import _too_many

        messages.error(request, _too_many(exc))
        return
    messages.error(request, core_messages.user_message(exc))


def _number(request: HttpRequest, key: str) -> float:
    text = str(request.POST.get(key, "")).strip().replace(",", ".")
    try:
        return float(text)
    except ValueError:
        from ...errors import BadRequest

        raise BadRequest(_("%(field)s: a number is needed, found %(found)s")
                         % {"field": key, "found": repr(text[:20])}) from None


def _ctx(request: HttpRequest, event: m.Event, **kw: Any) -> dict[str, Any]:
    from .views import _ctx as base_ctx

    return base_ctx(request, event, team_settings=teams.settings_of(event), **kw)


# --- teams -------------------------------------------------------------------------------------
@viewer_required
def teams_page(request: HttpRequest, pk: int) -> HttpResponse:
    """GET: the team settings, the teams with their members in board order. POST ``what``:
    ``settings``, ``add`` (a team from a CSV of its members or typed lines), ``member`` (a
    member added at the end of a team), ``categories`` (the team's prize categories),
    ``withdraw``, ``delete``."""
    event = _team_event(pk)
    if request.method == "POST":
        if not _can_edit(request):
            raise Http404
        try:
            _team_post(request, event)
            return redirect("web:teams", pk=event.pk)
        except SwissPairingError as exc:
            _error(request, exc)
    paired = actions.rounds_paired(event)
    members_of = teams.members_by_team(event)
    rows = []
    for team in event.teams.select_related("captain"):
        rows.append({"team": team, "members": members_of[team.pk],
                     # a withdrawal already in force in a paired round stays
                     "can_withdraw": not (team.withdrawn_from and team.withdrawn_from <= paired)})
    from ...standings.teams import DEFAULT_TEAM_TIEBREAKS
    from . import ratings

    return render(request, "web/team_list.html", _ctx(
        request, event, team_rows=rows, colour_types=COLOUR_TYPE_CHOICES,
        default_tiebreaks=DEFAULT_TEAM_TIEBREAKS,
        rating_list=ratings.active_load() is not None, fixed=bool(paired),
        withdraw_rounds=range(paired + 1, event.rounds + 1)))


def _can_edit(request: HttpRequest) -> bool:
    from .auth import can_edit

    return can_edit(request.user)


def _typed_members(text: str) -> list[Candidate]:
    """Members typed one a line, board order: ``name`` or ``name; rating`` (or a comma or a
    tab between them); a bad rating names its line."""
    out = []
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        for sep in (";", "\t", ","):
            if sep in line:
                name, _sep, rating = line.rpartition(sep)
                break
        else:
            name, rating = line, ""
        out.append(Candidate(name=" ".join(name.split()),
                             rating=_rating(rating, "rating", "members", n) if rating.strip()
                             else 0))
    return out


def _team_post(request: HttpRequest, event: m.Event) -> None:
    what = request.POST.get("what", "")
    if what == "settings":
        teams.save_settings(
            event, boards=posted_number(request.POST, "boards", teams.MIN_BOARDS,
                                        teams.MAX_BOARDS),
            colour_type=str(request.POST.get("colour_type", "")),
            primary=str(request.POST.get("primary", "")), win=_number(request, "match_win"),
            draw=_number(request, "match_draw"), loss=_number(request, "match_loss"),
            user=request.user, tiebreaks=str(request.POST.get("tiebreaks", "")),
            baku=request.POST.get("baku") == "on")
        messages.success(request, _("Team settings saved."))
    elif what == "add":
        name = str(request.POST.get("name", ""))
        categories = str(request.POST.get("categories", ""))
        teams.team_categories(categories)  # a wrong one refuses the team before it is added
        upload = request.FILES.get("file")
        if upload is not None:
            if upload.size and upload.size > 1024 * 1024:
                from ...errors import BadRequest

                raise BadRequest(_("the members' file is larger than 1 MB"))
            team = teams.add_team_csv(event, name, upload.read(), upload.name, request.user)
        else:
            team = teams.add_team(event, name,
                                  _typed_members(str(request.POST.get("members", ""))),
                                  request.user)
        if categories.strip():
            teams.set_team_categories(team, categories, request.user)
        messages.success(request, _("Team %(name)s added (%(n)s members).")
                         % {"name": team.name, "n": team.members.count()})
    elif what == "member":
        team = get_object_or_404(m.Team, event=event, pk=posted_number(request.POST, "team"))
        found = _typed_members(str(request.POST.get("members", "")))
        teams.add_members(team, found, request.user)
        messages.success(request, _("Members added to %(name)s.") % {"name": team.name})
    elif what == "withdraw":
        team = get_object_or_404(m.Team, event=event, pk=posted_number(request.POST, "team"))
        text = str(request.POST.get("from_round", "")).strip()
        teams.set_team_withdrawal(team, posted_number(request.POST, "from_round", 1, 99)
                                  if text else None, request.user)
        messages.success(request, _("%(name)s: withdrawal saved.") % {"name": team.name})
    elif what == "categories":
        team = get_object_or_404(m.Team, event=event, pk=posted_number(request.POST, "team"))
        teams.set_team_categories(team, str(request.POST.get("categories", "")), request.user)
        messages.success(request, _("%(name)s: prize categories saved.") % {"name": team.name})
    elif what == "delete":
        team = get_object_or_404(m.Team, event=event, pk=posted_number(request.POST, "team"))
        name = team.name
        teams.delete_team(team, request.user)
        messages.success(request, _("Team %(name)s removed.") % {"name": name})
    else:
        raise Http404


@viewer_required
def rating_search(request: HttpRequest, pk: int, team_id: int) -> HttpResponse:
    """Players of the FIDE rating list loaded (:func:`.ratings.search`, as the players' page
    searches it) whose name or FIDE id starts with what was typed, to add to a team."""
    from . import ratings

    event = _team_event(pk)
    team = get_object_or_404(m.Team, event=event, pk=team_id)
    q = request.GET.get("find", "").strip()
    found = []
    if len(q) >= 2:
        known = set(event.entrants.exclude(fide_id="").values_list("fide_id", flat=True))
        found = [(e, e.fide_id in known) for e in ratings.search(q)]
    return render(request, "web/_team_rating_results.html",
                  _ctx(request, event, team=team, found=found, q=q))


@arbiter_required
def rating_add(request: HttpRequest, pk: int, team_id: int, entry_id: int) -> HttpResponse:
    """POST: the rating list's player ``entry_id`` added after the last member of a team."""
    if request.method != "POST":
        raise Http404
    event = _team_event(pk)
    team = get_object_or_404(m.Team, event=event, pk=team_id)
    e = get_object_or_404(m.RatingEntry, pk=entry_id)
    try:
        if event.entrants.filter(fide_id=e.fide_id).exclude(fide_id="").exists():
            from ...errors import BadRequest

            raise BadRequest(_("%(name)s (FIDE id %(id)s) is already entered")
                             % {"name": e.name, "id": e.fide_id})
        teams.add_members(team, [Candidate(e.name, e.rating, e.fide_id, e.federation, e.title,
                                           e.birth_date, e.sex)], request.user)
        messages.success(request, _("Members added to %(name)s.") % {"name": team.name})
    except SwissPairingError as exc:
        _error(request, exc)
    return redirect(f"{reverse_teams(pk)}#team-{team.tpn}")


def reverse_teams(pk: int) -> str:
    from django.urls import reverse

    return reverse("web:teams", args=[pk])


# --- a round -----------------------------------------------------------------------------------
def round_page(request: HttpRequest, event: m.Event, number: int) -> HttpResponse:
    """A team round: before it is paired, the line-ups and the absent teams; then its matches
    with their boards and colours (C.04.6 Art. 4) and the results, board by board."""
    from .views import _lang

    rnd = m.Round.objects.filter(event=event, number=number).first()
    lang = _lang()
    s = teams.settings_of(event)
    context = _ctx(request, event, number=number, rnd=rnd, lang=lang, boards=range(1, s.boards + 1),
                   result_choices=RESULT_CHOICES)
    if rnd is None:
        job = pairing_jobs.latest_job(event, number)
        context["job"] = job
        context["elapsed"] = int((timezone.now() - job.started_at).total_seconds()) if job else 0
        absences = {a.team_id: a.code for a in
                    m.TeamAbsence.objects.filter(event=event, round_number=number)}
        entered = set(m.TeamLineup.objects.filter(event=event, round_number=number)
                      .values_list("team_id", flat=True))
        rows = []
        members_of = teams.members_by_team(event)
        lineups = teams.lineups_of_round(event, number, s.boards, members_of)
        for team in event.teams.all():
            members = members_of[team.pk]
            lineup = lineups[team.pk]
            rows.append({"team": team, "members": members, "absence": absences.get(team.pk, ""),
                         "withdrawn": bool(team.withdrawn_from and
                                           team.withdrawn_from <= number),
                         "entered": team.pk in entered,
                         "lineup": _lineup_choices(lineup, s.boards)})
        context["team_rows"] = rows
        context["deadline"] = teams.deadline_of(event, number)
        context["absence_codes"] = [("", _("plays")), ("Z", _("absent")),
                                    ("H", _("half-point bye")), ("F", _("full-point bye"))]
        return render(request, "web/team_round.html", context)
    matches = teams.match_rows(rnd)
    total = entered = 0
    for item in matches:
        if item["match"].black_id is None:
            continue
        for b in item["boards"]:
            if not b["empty"]:  # a board against an empty board needs no result (4.1)
                total += 1
                entered += bool(b["game"].white_code)
    context.update(matches=matches, results_total=total, results_entered=entered,
                   later=event.round_set.filter(number__gt=number).exists(),
                   forfeits=[("", _("no forfeit")),
                             ("+-", _("the first team wins by forfeit")),
                             ("-+", _("the second team wins by forfeit")),
                             ("--", _("both teams lose by forfeit"))])
    names = {t.tpn: t.name for t in event.teams.all()}
    from .settings_words import system_label

    context["round_system"] = system_label(rnd.system)  # by its name (issue 25 item 10)
    context["notes"] = [{"text": explanation_names.named_note(n[lang], names),
                         "level": n["level"], "rule": n["rule"]} for n in rnd.explanation]
    context["not_paired"] = [f"{a.team.tpn} {a.team.name} ({a.code})" for a in
                             m.TeamAbsence.objects.filter(event=event, round_number=number)
                             .select_related("team")]
    if not rnd.published or rnd.manual_changes:
        context["violations"] = rule_citations.shown(actions.violations_of(rnd), rnd, lang)
    # manual changes of the draft pairing (issue 27): the changes made, the teams to exchange
    context["manual_changes"] = [actions.manual_change_text(c) for c in rnd.manual_changes]
    context["round_teams"] = sorted(
        (t for item in matches for t in (item["match"].white, item["match"].black)
         if t is not None), key=lambda t: t.tpn)
    return render(request, "web/team_round.html", context)


def _lineup_choices(lineup: list[m.Entrant | None], boards: int) -> list[tuple[int, int]]:
    """(board, the key of its player) for the line-up form, board 1 first; an empty board
    (or a board past the team's last member) is :data:`.teams.EMPTY_BOARD`, the form's
    "empty board" choice."""
    return [(b, e.pk if b <= len(lineup) and (e := lineup[b - 1]) is not None
             else teams.EMPTY_BOARD) for b in range(1, boards + 1)]


@arbiter_required
def lineup(request: HttpRequest, pk: int, number: int, team_id: int) -> HttpResponse:
    """POST: a team's line-up for round ``number`` (``board_1``... entrant keys; ``reset``:
    back to the declared starters) and its absence (``absence``)."""
    if request.method != "POST":
        raise Http404
    event = _team_event(pk)
    team = get_object_or_404(m.Team, event=event, pk=team_id)
    try:
        if "absence" in request.POST:
            teams.set_absence(team, number, str(request.POST.get("absence", "")), request.user)
        elif request.POST.get("reset"):
            teams.set_lineup(team, number, [], request.user)
            messages.success(request, _("Line-up of %(team)s: the declared order.")
                             % {"team": team.name})
        else:
            boards = teams.settings_of(event).boards
            players = [posted_number(request.POST, f"board_{b}", 0)
                       for b in range(1, boards + 1)]
            teams.set_lineup(team, number, players, request.user)
            messages.success(request, _("Line-up of %(team)s saved.") % {"team": team.name})
    except SwissPairingError as exc:
        _error(request, exc)
    return redirect("web:round", pk=pk, number=number)


@arbiter_required
def match_result(request: HttpRequest, pk: int, number: int, match_id: int) -> HttpResponse:
    """POST: the results of a match's boards (``game_<id>`` result keys) or its forfeit
    (``forfeit``)."""
    if request.method != "POST":
        raise Http404
    event = _team_event(pk)
    match = get_object_or_404(m.TeamMatch, round__event=event, round__number=number,
                              pk=match_id)
    for g in match.games.select_related("white"):
        if teams.is_empty_board(g) and f"game_{g.pk}" in request.POST:
            # the form has no result for a board against an empty board (a forfeit, trf.md
            # 4.1): a request that sets one was not made by it; 400, nothing changed
            teams.set_match_results(match, {g.pk: str(request.POST[f"game_{g.pk}"])},
                                    request.user)
    try:
        if "forfeit" in request.POST:
            teams.set_match_forfeit(match, str(request.POST.get("forfeit", "")), request.user,
                                    posted_version(request.POST, "boards_version"))
            messages.success(request, _("Match %(n)s: forfeit recorded.") % {"n": match.number}
                             if request.POST.get("forfeit") else
                             _("Match %(n)s: forfeit removed.") % {"n": match.number})
        else:
            results: dict[int, str] = {}
            versions: dict[int, int] = {}
            for g in match.games.all():
                if teams.is_empty_board(g):
                    continue
                key = str(request.POST.get(f"game_{g.pk}", g.result))
                if key and key not in RESULTS:
                    from ...errors import BadRequest

                    # the board as the match form numbers it (1 to the boards of a match)
                    raise BadRequest(_("match %(match)s, board %(board)s: unknown result "
                                       "%(found)r") % {
                        "match": match.number,
                        "board": teams.board_in_match(g, teams.settings_of(event).boards),
                        "found": key[:10]})
                shown = request.POST.get(f"was_{g.pk}")
                if shown is not None and key == shown:
                    # left as the form showed it: not written, so that a newer result entered
                    # meanwhile (another tab, the grid, the hall) stands (session 9)
                    continue
                version = posted_version(request.POST, f"version_{g.pk}")
                if version is not None:
                    versions[g.pk] = version
                results[g.pk] = key
            changed = teams.set_match_results(match, results, request.user, versions)
            messages.success(request, _("Match %(n)s: %(k)s result(s) saved.")
                             % {"n": match.number, "k": changed})
    except SwissPairingError as exc:
        _error(request, exc)
    return redirect(f"{_round_url(pk, number)}#match-{match.number}")


def _round_url(pk: int, number: int) -> str:
    from django.urls import reverse

    return reverse("web:round", args=[pk, number])


# --- standings ---------------------------------------------------------------------------------
TEAM_VIEWS = ("standings", "boards", "crosstable")


def tables(event: m.Event, view: str, round_number: int | None = None
           ) -> list[dict[str, Any]]:
    """The team tables of ``view`` (``standings``: the team standings; ``boards``; the
    crosstable) after ``round_number`` (default: the last complete round), as the pages show
    them: the public standings and the hall's screens too."""
    from .views import _lang, _shown

    complete = convert.complete_rounds(event)
    rounds = min(round_number or complete, complete)
    if not rounds:
        return []
    st = _team_standings(event, rounds)
    lang = _lang()
    if view == "boards":
        found = [team_standings.board_table(st, lang)]
    elif view == "crosstable":
        found = [team_standings.team_crosstable(st, lang)]
    else:
        found = [team_standings.team_standings_table(st, lang)]
    return [_shown(x) for x in found]


def _team_standings(event: m.Event, rounds: int) -> team_standings.TeamStandings:
    """The team standings after ``rounds`` complete rounds with the event's team tie-breaks:
    the public API's :func:`~swisspairing.standings` (C.04.6 primary score, C.07 team
    tie-breaks), the same call as ``swisspairing standings`` on the exported TRF-2026."""
    from ... import api

    return cast(team_standings.TeamStandings,
                api.standings(convert.tournament_of(event, rounds), rounds,
                              teams.team_tiebreaks(event)))


def pdf(request: HttpRequest, event: m.Event) -> HttpResponse:
    """The PDF of the team standings, the board results (board prizes) and the crosstable
    after the chosen round (``?round=K``; default: the last complete one)."""
    from ...standings import render as publication
    from . import printing
    from .views import _download, _lang, _slug

    complete = convert.complete_rounds(event)
    after = printing.chosen_round(request, complete) or complete
    st = _team_standings(event, after)
    lang = _lang()
    found = [team_standings.team_standings_table(st, lang), team_standings.board_table(st, lang),
             team_standings.team_crosstable(st, lang)]
    header = printing.page_header(event, printing.standings_what(after))
    data = publication.pdf(found, header)
    return _download(data, f"{_slug(event)}-teams-round-{after}.pdf", "application/pdf")


def public_round(request: HttpRequest, event: m.Event, rnd: m.Round, token: str
                 ) -> HttpResponse:
    """The public page of a published team round: its matches with their boards."""
    return render(request, "web/team_public_round.html", {
        "event": event, "rnd": rnd, "token": token, "matches": teams.match_rows(rnd),
        "not_paired": [f"{a.team.name} ({a.code})" for a in m.TeamAbsence.objects.filter(
            event=event, round_number=rnd.number).select_related("team")]})


def standings_page(request: HttpRequest, event: m.Event, view: str | None) -> HttpResponse:
    """Team standings (C.04.6 1.2 primary score, then the team tie-breaks of C.07), the
    board-by-board results with the board prizes, the crosstable: the tables of
    ``swisspairing standings`` for teams (:mod:`swisspairing.standings.teams`)."""
    view = view or "standings"
    if view not in TEAM_VIEWS:
        raise Http404
    complete = convert.complete_rounds(event)
    found = tables(event, view) if complete else []
    return render(request, "web/team_standings.html", _ctx(
        request, event, view=view, tables=found, complete=complete))


# --- the captains' line-ups ---------------------------------------------------------------------
@arbiter_required
def deadline(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """POST ``deadline`` (``YYYY-MM-DDTHH:MM``, the server's time; empty: until the pairing):
    until when captains may enter the line-ups of round ``number`` with their code."""
    from datetime import datetime

    from ...errors import BadRequest

    if request.method != "POST":
        raise Http404
    event = _team_event(pk)
    text = str(request.POST.get("deadline", "")).strip()
    try:
        when = None
        if text:
            try:
                when = timezone.make_aware(datetime.fromisoformat(text))
            except ValueError:
                raise BadRequest(_("deadline: %(found)r is not a date and time "
                                   "YYYY-MM-DD HH:MM") % {"found": text[:30]}) from None
        teams.set_deadline(event, number, when, request.user)
        messages.success(request, _("Deadline of the captains' line-ups saved."))
    except SwissPairingError as exc:
        _error(request, exc)
    return redirect("web:round", pk=pk, number=number)


def captain_lineup(request: HttpRequest, token: str) -> HttpResponse:
    """The captains' page (public, no login): the captain's code, then the team's line-up for
    the next round, until its deadline or its pairing (checked as the arbiter's is)."""
    event = get_object_or_404(m.Event, public_token=token, public=True)
    if not teams.is_team_event(event):
        raise Http404
    code = str(request.POST.get("code", "")) if request.method == "POST" else ""
    context: dict[str, Any] = {"event": event, "token": token, "code": code}
    if request.method == "POST":
        try:
            team = teams.team_of_code(event, code)
            r = teams.captain_round(event)
            boards = teams.settings_of(event).boards
            if request.POST.get("save"):
                players = [posted_number(request.POST, f"board_{b}", 0)
                           for b in range(1, boards + 1)]
                teams.captain_set_lineup(event, code, players)
                context["saved"] = True
            lineup = teams.lineup_of(team, r, boards)
            context.update(team=team, number=r, members=teams.members_of(team),
                           deadline=teams.deadline_of(event, r),
                           lineup=_lineup_choices(lineup, boards))
        except SwissPairingError as exc:
            context["error"] = core_messages.user_message(exc)
    return render(request, "web/team_captain.html", context)
