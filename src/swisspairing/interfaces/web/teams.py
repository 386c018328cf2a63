"""Team events in the web app (issue 27 part 6; C.04.6, the Swiss Team Pairing System).

The tables are in :mod:`.team_models`; this module holds what changes them (one transaction
and one audit entry per change, as :mod:`.actions` does for individual events) and the mapping
to :class:`swisspairing.model.teams.TeamEvent`, so that the engine, the checker, the standings
and the TRF-2026 export of a team event are the command line's code:

* the members are :class:`.models.Entrant` rows (TRF ``001``), numbered in registration order;
* the board games are :class:`.models.Game` rows, board ``(match - 1) * boards + board``;
  the team pairing-allocated bye is one bye row (``U``) per member of its line-up;
* :func:`attach_team_event` adds the ``310 320 330 300 240 352 362`` facts and the
  ``192 FIDE_TEAM...`` code to the tournament :func:`.convert.tournament_of` builds.

Readings (the competition's rules decide them, C.04.6 1.1.2; the web app's defaults):

* a team's **strength** is the average rating of its rated starters (the first ``boards``
  members of the declared order), rounded; the team pairing numbers follow the strength, then
  the name, until round 1 is paired (C.04.6 1.1.1-1.1.3: fixed from then on);
* a **line-up** names one member per board, in the declared board order (a reserve comes in
  at the place of its rank; the order is the competition's, trf.md 5.4 ``300``); without a
  line-up the first ``boards`` members play;
* the team with White in a match has the board colours ``352`` ``WBWB...`` (board 1 White,
  then alternating: the usual practice, outside C.04.6, team-swiss.md 4).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from itertools import pairwise

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext

from ...errors import BadRequest
from ...model import Colour, Pairing, RoundEntry, Tournament
from ...model.scoring import round_points
from ...model.team_state import ColourModel, Score, TeamRules
from ...model.teams import (
    BoardGame,
    ForfeitKind,
    Lineup,
    MatchForfeit,
    MatchPointSystem,
    Team,
    TeamAcceleration,
    TeamEvent,
)
from ...standings.views import Table
from . import models as m
from .actions import audit, rounds_paired
from .imports import Candidate, read_csv

User = AbstractBaseUser | AnonymousUser | None

TEAM_SYSTEM = "team-swiss"
#: record 092 of a team event (free text, trf.md 3)
TOURNAMENT_TYPE_092_TEAM = "Team: Swiss-System"
#: boards per match the settings accept
MIN_BOARDS, MAX_BOARDS = 1, 12
#: members per team: the ``310`` line holds 14 (trf.md 5.4, columns 74-142)
MAX_MEMBERS = 14
COLOUR_TYPES = ("A", "B", "")
PRIMARY_SCORES = ("MP", "GP")
#: the ``330`` forfeit types (white team wins, black team wins, both lose)
MATCH_FORFEITS = ("+-", "-+", "--")


def is_team_event(event: m.Event) -> bool:
    return event.system == TEAM_SYSTEM


def settings_of(event: m.Event) -> m.TeamSettings:
    found = m.TeamSettings.objects.filter(event=event).first()
    return found if found is not None else m.TeamSettings(event=event)


def rules_of(s: m.TeamSettings) -> TeamRules:
    """The ``192 FIDE_TEAM...`` choices of the settings (C.04.6 1.2, 1.7; team-swiss.md 7)."""
    colours = {"A": ColourModel.TYPE_A, "B": ColourModel.TYPE_B}.get(s.colour_type,
                                                                     ColourModel.NONE)
    primary = Score(s.primary)
    secondary = (Score.GP if primary is Score.MP else Score.MP) if s.secondary else None
    return TeamRules(colours, primary, secondary, baku=s.baku)


def board_colours(boards: int) -> str:
    """The ``352`` pattern of the team with White: board 1 White, then alternating."""
    return "".join("WB"[b % 2] for b in range(boards))


def pattern_of(s: m.TeamSettings) -> str:
    """The event's ``352`` pattern: the one imported, else :func:`board_colours`."""
    if s.board_colours and len(s.board_colours) == s.boards:
        return s.board_colours.upper()
    return board_colours(s.boards)


def checked_tiebreaks(text: str) -> str:
    """A team tie-break list as stored (``MPVGP, EDE, SB, BH``), or BadRequest naming the
    code not known (:func:`swisspairing.standings.teams.parse_team_tiebreaks`)."""
    from ...standings.teams import parse_team_tiebreaks

    try:
        return ",".join(parse_team_tiebreaks(text))
    except BadRequest as exc:
        raise BadRequest(gettext("team tie-breaks: %(error)s") % {"error": str(exc)}) from None


def save_settings(event: m.Event, *, boards: int, colour_type: str, primary: str,
                  win: float, draw: float, loss: float, user: User,
                  tiebreaks: str | None = None, baku: bool | None = None) -> m.TeamSettings:
    """Change the team settings; none can change once round 1 is paired (the rounds played
    were paired and scored with them). ``baku``: the Baku acceleration (C.04.7; None: as it
    is), with match points as the primary score only (its virtual points are match points)."""
    if not MIN_BOARDS <= boards <= MAX_BOARDS:
        raise BadRequest(gettext("boards: from %(low)s to %(high)s, found %(n)s")
                         % {"low": MIN_BOARDS, "high": MAX_BOARDS, "n": boards})
    if colour_type not in COLOUR_TYPES:
        raise BadRequest(gettext("colour preferences: %(found)r is not a choice")
                         % {"found": colour_type})
    if primary not in PRIMARY_SCORES:
        raise BadRequest(gettext("primary score: %(found)r is not a choice") % {"found": primary})
    if not (0 <= loss <= draw <= win <= 99):
        raise BadRequest(gettext("match points: a loss, a draw and a win must be from 0 to 99, "
                                 "each at least the one before"))
    chosen = checked_tiebreaks(tiebreaks) if tiebreaks is not None else None
    with transaction.atomic():
        s = settings_of(event)
        before = _settings_dict(s) if s.pk else None
        if chosen is not None:
            s.tiebreaks = chosen  # the standings' order may change at any time
        after_values = {"boards": boards, "colour_type": colour_type, "primary": primary,
                        "match_win": win, "match_draw": draw, "match_loss": loss,
                        "baku": s.baku if baku is None else baku}
        if after_values["baku"] and primary != Score.MP.value:
            raise BadRequest(gettext("the Baku acceleration (C.04.7) needs match points as the "
                                     "primary score"))
        if rounds_paired(event) and any(
                (before or _settings_dict(s))[k] != v for k, v in after_values.items()):
            # the rounds played were paired and scored with them (C.04.6 1.2, 1.7)
            raise BadRequest(gettext("round 1 is paired: the team settings can no longer "
                                     "change"))
        if s.boards != boards:
            s.board_colours = ""  # an imported pattern was for the other number of boards
        for k, v in after_values.items():
            setattr(s, k, v)
        s.save()
        audit(event, user, "team-settings", event.name, before,
              {**_settings_dict(s), "tiebreaks": s.tiebreaks})
    return s


def _settings_dict(s: m.TeamSettings) -> dict[str, object]:
    return {"boards": s.boards, "colour_type": s.colour_type, "primary": s.primary,
            "baku": s.baku,
            "match_win": s.match_win, "match_draw": s.match_draw, "match_loss": s.match_loss}


def team_tiebreaks(event: m.Event) -> list[str] | None:
    """The event's team tie-breaks (None: the default list of the standings)."""
    from ...standings.teams import parse_team_tiebreaks

    text = settings_of(event).tiebreaks
    return parse_team_tiebreaks(text) if text else None


# --- teams and members -------------------------------------------------------------------------
def members_of(team: m.Team) -> list[m.Entrant]:
    return [tm.entrant for tm in team.members.select_related("entrant").order_by("order")]


def strength_of(ratings: list[int], boards: int) -> str:
    """The average rating of the rated starters (see the module docstring), "" if none."""
    rated = [r for r in ratings[:boards] if r > 0]
    return str(round(sum(rated) / len(rated))) if rated else ""


def renumber_teams(event: m.Event) -> None:
    """Team pairing numbers by strength, then name (C.04.6 1.1.2; see the module docstring);
    only before round 1 (1.1.3)."""
    teams = list(event.teams.all())
    teams.sort(key=lambda t: (-int(t.strength or 0), t.name.casefold(), t.pk))
    offset = len(teams) + 1000
    for t in teams:  # two steps: the (event, tpn) constraint holds at every update
        m.Team.objects.filter(pk=t.pk).update(tpn=t.tpn + offset)
    for n, t in enumerate(teams, 1):
        m.Team.objects.filter(pk=t.pk).update(tpn=n)


def _check_room(event: m.Event, adding: int) -> None:
    """At most :func:`.actions.max_event_players` players in an event, members included."""
    from .actions import TooManyPlayers, max_event_players

    limit = max_event_players()
    have = event.entrants.count()
    if have + adding > limit:
        raise TooManyPlayers(limit, have, adding)


def _check_team_name(event: m.Event, name: str) -> str:
    name = " ".join(name.split())
    if not name:
        raise BadRequest(gettext("team name: empty"))
    if len(name) > 32:
        raise BadRequest(gettext("team name: at most 32 characters (TRF 310), found %(n)s")
                         % {"n": len(name)})
    if event.teams.filter(name__iexact=name).exists():
        raise BadRequest(gettext("team name: %(name)s is already entered") % {"name": name})
    return name


def add_team(event: m.Event, name: str, members: list[Candidate], user: User,
             captain: int | None = 0) -> m.Team:
    """A new team, its members in the declared board order (``captain``: the index of the
    captain among them, None for none).

    After round 1 a late team (C.04.6 Art. 0 with GHR 2.4) takes the number after the last
    team (1.1.3: the numbers given stay; the competition may say otherwise) and is absent,
    scoring zero, in the rounds already paired (a ``240 Z`` each, so that the checker pairs
    those rounds again without it)."""
    if not is_team_event(event):
        raise BadRequest(gettext("this tournament is not a team event"))
    paired = rounds_paired(event)
    if paired >= event.rounds:
        raise BadRequest(gettext("every round is paired: no team can be added"))
    name = _check_team_name(event, name)
    if not members:
        raise BadRequest(gettext("team %(name)s: no member") % {"name": name})
    if len(members) > MAX_MEMBERS:
        raise BadRequest(gettext("team %(name)s: at most %(max)s members (TRF 310), found "
                                 "%(n)s") % {"name": name, "max": MAX_MEMBERS,
                                             "n": len(members)})
    for n, c in enumerate(members, 1):
        if not " ".join(c.name.split()):
            raise BadRequest(gettext("team %(name)s, member %(n)s: the name is empty")
                             % {"name": name, "n": n})
    boards = settings_of(event).boards
    with transaction.atomic():
        _check_room(event, len(members))
        top = event.entrants.aggregate(n=Max("tpn"))["n"] or 0
        team = m.Team.objects.create(
            event=event, tpn=(event.teams.aggregate(n=Max("tpn"))["n"] or 0) + 1, name=name,
            strength=strength_of([c.rating for c in members], boards))
        rows = []
        for n, c in enumerate(members, 1):
            row = m.Entrant.objects.create(
                event=event, tpn=top + n, name=" ".join(c.name.split())[:200], rating=c.rating,
                fide_id=c.fide_id, federation=c.federation, title=c.title,
                birth_date=c.birth_date, sex=c.sex, club=name)
            m.TeamMember.objects.create(team=team, entrant=row, order=n)
            rows.append(row)
        if captain is not None and 0 <= captain < len(rows):
            team.captain = rows[captain]
            team.save(update_fields=["captain"])
        team.lineup_code = new_lineup_code()
        team.save(update_fields=["lineup_code"])
        if paired:  # a late team: absent in the rounds paired (GHR 2.4)
            m.TeamAbsence.objects.bulk_create([
                m.TeamAbsence(event=event, team=team, round_number=r, code="Z")
                for r in range(1, paired + 1)])
        else:
            renumber_teams(event)
        audit(event, user, "team-add", name, None,
              {"members": [r.name for r in rows], "strength": team.strength,
               "late": paired or None})
    team.refresh_from_db()
    return team


def add_team_csv(event: m.Event, name: str, data: bytes, filename: str, user: User) -> m.Team:
    """A team from a CSV of its members in board order (the players' CSV columns: name,
    rating, FIDE id...; :func:`.imports.read_csv`)."""
    found = read_csv(data, filename or "team.csv")
    return add_team(event, name, found.candidates, user)


def add_members(team: m.Team, members: list[Candidate], user: User) -> None:
    """Members added after the last one of ``team`` (reserves; their board order follows).
    Before round 1 the strength and the team numbers follow (C.04.6 1.1.3: fixed after)."""
    event = team.event
    if not members:
        raise BadRequest(gettext("team %(name)s: no member given") % {"name": team.name})
    for n, c in enumerate(members, 1):
        if not " ".join(c.name.split()):
            raise BadRequest(gettext("team %(name)s, member %(n)s: the name is empty")
                             % {"name": team.name, "n": n})
    with transaction.atomic():
        _check_room(event, len(members))
        current = members_of(team)
        if len(current) + len(members) > MAX_MEMBERS:
            raise BadRequest(gettext("team %(name)s: at most %(max)s members (TRF 310), found "
                                     "%(n)s") % {"name": team.name, "max": MAX_MEMBERS,
                                                 "n": len(current) + len(members)})
        top = event.entrants.aggregate(n=Max("tpn"))["n"] or 0
        added = []
        for n, c in enumerate(members, 1):
            row = m.Entrant.objects.create(
                event=event, tpn=top + n, name=" ".join(c.name.split())[:200], rating=c.rating,
                fide_id=c.fide_id, federation=c.federation, title=c.title,
                birth_date=c.birth_date, sex=c.sex, club=team.name)
            m.TeamMember.objects.create(team=team, entrant=row, order=len(current) + n)
            added.append(row.name)
        if not rounds_paired(event):
            team.strength = strength_of([e.rating for e in members_of(team)],
                                        settings_of(event).boards)
            team.save(update_fields=["strength"])
            renumber_teams(event)
        audit(event, user, "team-members-add", team.name, None, {"members": added})


def set_team_withdrawal(team: m.Team, from_round: int | None, user: User) -> None:
    """A team withdrawn from round ``from_round`` on (GHR 3.2 with C.04.6 Art. 0: not paired
    any more; its results stand), or back in play (None); only rounds not paired yet."""
    event = team.event
    paired = rounds_paired(event)
    if from_round is not None and not paired < from_round <= event.rounds:
        raise BadRequest(gettext("withdrawal: the first round without the team must be from "
                                 "%(low)s to %(high)s") % {"low": paired + 1,
                                                         "high": event.rounds})
    if from_round is None and team.withdrawn_from is not None and \
            team.withdrawn_from <= paired:
        raise BadRequest(gettext("%(team)s was not paired in round %(n)s: it stays withdrawn")
                         % {"team": team.name, "n": team.withdrawn_from})
    with transaction.atomic():
        before = team.withdrawn_from
        team.withdrawn_from = from_round
        team.save(update_fields=["withdrawn_from"])
        audit(event, user, "team-withdraw", team.name, before, from_round)


#: one prize category of a team: at most this many characters (all of a team's in 120)
MAX_CATEGORY = 40


def team_categories(text: str) -> list[str]:
    """The prize categories typed for a team (comma separated: ``Clubs de Bretagne, Écoles``):
    spaces collapsed, each once whatever its case, in the order typed; BadRequest naming a
    category that is too long, or too many of them."""
    out: list[str] = []
    for part in text.split(","):
        name = " ".join(part.split())
        if not name or name.casefold() in (x.casefold() for x in out):
            continue
        if len(name) > MAX_CATEGORY:
            raise BadRequest(gettext("prize categories: %(name)s is longer than %(max)s "
                                     "characters") % {"name": name[:60], "max": MAX_CATEGORY})
        out.append(name)
    if len(", ".join(out)) > m.Team._meta.get_field("categories").max_length:
        raise BadRequest(gettext("prize categories: too many for one team (120 characters "
                                 "in all)"))
    return out


def set_team_categories(team: m.Team, text: str, user: User) -> None:
    """The categories of the competition's team prizes ``team`` belongs to (the prize lists'
    best team of a category); they change no pairing, so they may change at any time."""
    categories = ", ".join(team_categories(text))
    with transaction.atomic():
        row = m.Team.objects.select_for_update().get(pk=team.pk)
        before = row.categories
        if before == categories:
            return
        row.categories = categories
        row.save(update_fields=["categories"])
        audit(row.event, user, "team-categories", row.name, before, categories)


def teams_of_category(event: m.Event) -> dict[str, list[int]]:
    """Each prize category of the event's teams (as first typed, whatever the case later) ->
    the pairing numbers of its teams."""
    out: dict[str, list[int]] = {}
    names: dict[str, str] = {}
    for team in event.teams.all():
        for name in team_categories(team.categories):
            key = names.setdefault(name.casefold(), name)
            out.setdefault(key, []).append(team.tpn)
    return dict(sorted(out.items(), key=lambda kv: kv[0].casefold()))


def delete_team(team: m.Team, user: User) -> None:
    event = team.event
    if rounds_paired(event):
        raise BadRequest(gettext("round 1 is paired: the team can no longer be removed"))
    with transaction.atomic():
        names = [e.name for e in members_of(team)]
        entrants = [tm.entrant_id for tm in team.members.all()]
        name = team.name
        team.delete()
        m.Entrant.objects.filter(pk__in=entrants).delete()
        _renumber_entrants(event)
        renumber_teams(event)
        audit(event, user, "team-delete", name, {"members": names}, None)


def _renumber_entrants(event: m.Event) -> None:
    rows = list(event.entrants.order_by("tpn"))
    for n, e in enumerate(rows, 1):
        if e.tpn != n:
            m.Entrant.objects.filter(pk=e.pk).update(tpn=n)


# --- line-ups and absences ---------------------------------------------------------------------
#: a line-up's key for an empty board (trf.md 5.4 ``300``: ``0000``)
EMPTY_BOARD = 0


def default_lineup(team: m.Team, boards: int) -> list[m.Entrant]:
    """The first ``boards`` members in the declared order (see the module docstring)."""
    return members_of(team)[:boards]


def _seats(keys: list[int], by_pk: dict[int, m.Entrant]) -> list[m.Entrant | None]:
    """A stored line-up as its boards, board 1 first: the member, or None for an empty board
    (``0``, or a key that is no longer a member)."""
    return [by_pk.get(pk) if pk else None for pk in keys]


def lineup_of(team: m.Team, round_number: int, boards: int) -> list[m.Entrant | None]:
    """The players of ``team`` in a round, board 1 first (None: an empty board)."""
    row = m.TeamLineup.objects.filter(team=team, round_number=round_number).first()
    if row is None:
        return list(default_lineup(team, boards))
    return _seats(row.players, {e.pk: e for e in members_of(team)})


def members_by_team(event: m.Event) -> dict[int, list[m.Entrant]]:
    """Team key -> its members in the declared order, in one query."""
    out: dict[int, list[m.Entrant]] = {t.pk: [] for t in event.teams.all()}
    for tm in (m.TeamMember.objects.filter(team__event=event).select_related("entrant")
               .order_by("team", "order")):
        out.setdefault(tm.team_id, []).append(tm.entrant)
    return out


def lineups_of_round(event: m.Event, round_number: int, boards: int,
                     members: dict[int, list[m.Entrant]] | None = None
                     ) -> dict[int, list[m.Entrant | None]]:
    """Team key -> its boards in a round, board 1 first (:func:`lineup_of` for every team, in
    two queries; None: an empty board)."""
    members = members_by_team(event) if members is None else members
    entered = {lu.team_id: lu.players for lu in
               m.TeamLineup.objects.filter(event=event, round_number=round_number)}
    out: dict[int, list[m.Entrant | None]] = {}
    for team_pk, rows in members.items():
        if team_pk in entered:
            out[team_pk] = _seats(entered[team_pk], {e.pk: e for e in rows})
        else:
            out[team_pk] = list(rows[:boards])
    return out


def set_lineup(team: m.Team, round_number: int, players: list[int], user: User,
               source: str = "") -> None:
    """The line-up of ``team`` for a round not paired yet: one member per board (entrant
    keys, board 1 first), in the declared board order (trf.md 5.4 ``300``; the order is the
    competition's, see the module docstring). An empty list: back to the first members.

    :data:`EMPTY_BOARD` (``0``) leaves a board empty (a team short of a player: trf.md 5.4
    ``300`` ``0000``); the opponent's player on that board wins by forfeit (TRF-2026 writes
    ``0000 C +`` on the present player, trf.md 4.1) and no result is entered for it. At least
    one board has a player: a team without any is absent, or its match is forfeited."""
    event = team.event
    boards = settings_of(event).boards
    if round_number <= rounds_paired(event):
        raise BadRequest(gettext("round %(n)s is paired: its line-ups can no longer change")
                         % {"n": round_number})
    if not 1 <= round_number <= event.rounds:
        raise BadRequest(gettext("round: from 1 to %(n)s") % {"n": event.rounds})
    members = members_of(team)
    order = {e.pk: n for n, e in enumerate(members)}
    names = {e.pk: e.name for e in members}
    if players:
        if len(players) != boards:
            raise BadRequest(gettext("line-up of %(team)s: %(boards)s boards, %(n)s players "
                                     "given") % {"team": team.name, "boards": boards,
                                                 "n": len(players)})
        for board, pk in enumerate(players, 1):
            if pk != EMPTY_BOARD and pk not in order:
                raise BadRequest(gettext("line-up of %(team)s, board %(board)s: not a member of "
                                         "the team") % {"team": team.name, "board": board})
        present = [(board, pk) for board, pk in enumerate(players, 1) if pk != EMPTY_BOARD]
        if not present:
            raise BadRequest(gettext("line-up of %(team)s: every board is empty; a team "
                                     "without a player is absent, or its match is forfeited")
                             % {"team": team.name})
        if len({pk for _board, pk in present}) != len(present):
            raise BadRequest(gettext("line-up of %(team)s: a player is on two boards")
                             % {"team": team.name})
        for (above, a), (board, b) in pairwise(present):
            if order[b] < order[a]:
                raise BadRequest(gettext(
                    "line-up of %(team)s, board %(board)s: %(b)s is declared above %(a)s, who "
                    "plays board %(above)s (the board order must follow the declared order)")
                    % {"team": team.name, "board": board, "b": names[b], "a": names[a],
                       "above": above})
    with transaction.atomic():
        row = m.TeamLineup.objects.filter(team=team, round_number=round_number).first()
        before = list(row.players) if row is not None else None
        default = [e.pk for e in members[:boards]]
        if not players or players == default:
            if row is not None:
                row.delete()
            after = None
        else:
            if row is None:
                row = m.TeamLineup(event=event, team=team, round_number=round_number)
            row.players = list(players)
            row.save()
            after = list(players)
        audit(event, user, "team-lineup",
              f"{team.name}, round {round_number}{' (' + source + ')' if source else ''}",
              _names(before, names), _names(after, names))


def _names(pks: list[int] | None, names: dict[int, str]) -> list[str] | None:
    return None if pks is None else [
        names.get(pk, "?") if pk != EMPTY_BOARD else "-" for pk in pks]


def set_absence(team: m.Team, round_number: int, code: str, user: User) -> None:
    """A team not paired in a round (``240``: F full-point bye, H half-point bye, Z absent;
    GHR 3.2-3.3 with C.04.6 Art. 0), or ``""``: it plays."""
    event = team.event
    if code not in ("", "F", "H", "Z"):
        raise BadRequest(gettext("absence: %(found)r is not a choice") % {"found": code})
    if round_number <= rounds_paired(event):
        raise BadRequest(gettext("round %(n)s is paired: its absences can no longer change")
                         % {"n": round_number})
    with transaction.atomic():
        row = m.TeamAbsence.objects.filter(team=team, round_number=round_number).first()
        before = row.code if row is not None else None
        if not code:
            if row is not None:
                row.delete()
        elif row is None:
            m.TeamAbsence.objects.create(event=event, team=team, round_number=round_number,
                                         code=code)
        else:
            row.code = code
            row.save(update_fields=["code"])
        audit(event, user, "team-absence", f"{team.name}, round {round_number}", before,
              code or None)


# --- pairing -----------------------------------------------------------------------------------
def check_can_pair_teams(event: m.Event, round_number: int) -> None:
    """Before pairing a team round: at least two teams to pair, and each with a full line-up
    (one member per board)."""
    boards = settings_of(event).boards
    absent = set(m.TeamAbsence.objects.filter(event=event, round_number=round_number)
                 .values_list("team_id", flat=True))
    playing = [t for t in event.teams.all() if t.pk not in absent and not (
        t.withdrawn_from and t.withdrawn_from <= round_number)]
    if len(playing) < 2:
        raise BadRequest(gettext("at least two teams are needed to pair a round"))
    lineups = lineups_of_round(event, round_number, boards)
    for team in playing:
        if len(lineups[team.pk]) < boards:
            raise BadRequest(gettext("team %(team)s has fewer members than the %(boards)s "
                                     "boards: add members, or enter its line-up with the "
                                     "boards left empty") % {"team": team.name,
                                                             "boards": boards})


def store_team_pairing(event: m.Event, rnd: m.Round, pairing: Pairing) -> None:
    """The matches of the engine's team pairing (already in publication order) with their
    board games: the team with White has the ``352`` colours (board 1 White...); the team
    pairing-allocated bye (C.04.6 1.4) is a match without opponent whose players get ``U``.

    Board ``b`` of match ``n`` is the game numbered ``(n - 1) * boards + b``. A board one
    line-up leaves empty is a game of the present player alone, won by forfeit at once (``+``:
    TRF-2026 ``0000 C +``, trf.md 4.1; :func:`is_empty_board`); a board both leave empty is no
    game (no cell for anyone: zero game points for both teams)."""
    s = settings_of(event)
    pattern = pattern_of(s)
    teams = {t.tpn: t for t in event.teams.all()}
    rnd.games.all().delete()
    rnd.team_matches.all().delete()
    lineups = lineups_of_round(event, rnd.number, s.boards)
    matches = [m.TeamMatch(round=rnd, number=n, white=teams[b.white], black=teams[b.black])
               for n, b in enumerate(pairing.boards, 1)]
    if pairing.bye is not None:
        matches.append(m.TeamMatch(round=rnd, number=len(pairing.boards) + 1,
                                   white=teams[pairing.bye]))
    games_of: list[list[m.Game]] = []
    for match in matches:
        games = []
        first = (match.number - 1) * s.boards
        if match.black is None:  # the team bye (C.04.6 1.4): its present players
            for b, p in enumerate(lineups[match.white.pk], 1):
                if p is not None:
                    games.append(m.Game(round=rnd, board=first + b, white=p, white_code="U"))
        else:
            wl, bl = lineups[match.white.pk], lineups[match.black.pk]
            for b, (colour, wp, bp) in enumerate(zip(pattern, wl, bl, strict=False), 1):
                if wp is None and bp is None:  # both boards empty: no game
                    continue
                if wp is None or bp is None:  # against an empty board: a forfeit win
                    present = wp if wp is not None else bp
                    assert present is not None
                    games.append(m.Game(round=rnd, board=first + b, white=present,
                                        white_code=EMPTY_BOARD_WIN))
                    continue
                w, k = (wp, bp) if colour == "W" else (bp, wp)
                games.append(m.Game(round=rnd, board=first + b, white=w, black=k))
        games_of.append(games)
    # bulk inserts: keys are set on PostgreSQL and SQLite >= 3.35 (Django's bulk_create)
    m.TeamMatch.objects.bulk_create(matches)
    m.Game.objects.bulk_create([g for games in games_of for g in games])
    through = m.TeamMatch.games.through
    through.objects.bulk_create([through(teammatch_id=match.pk, game_id=g.pk)
                                 for match, games in zip(matches, games_of, strict=True)
                                 for g in games])


def round_team_pairing(rnd: m.Round) -> Pairing:
    """The team pairing stored for a round (what the checker compares)."""
    from ...model import Board

    p = Pairing(rnd.number)
    for match in rnd.team_matches.select_related("white", "black"):
        if match.black is None:
            p.bye = match.white.tpn
        else:
            p.boards.append(Board(match.white.tpn, match.black.tpn))
    return p


# --- manual changes of a draft team pairing (issue 27, after part 6) ---------------------------
#: the kinds of a team round's manual changes, as stored in ``Round.manual_changes``
TEAM_SWAP, TEAM_EXCHANGE = "team-swap", "team-exchange"


def change_team_pairing(rnd: m.Round, kind: str, a: int, b: int | None) -> dict[str, object]:
    """One manual change of a draft team round, made on its pairing and stored again as
    matches (:func:`store_team_pairing`: the match numbers and line-ups stay, the boards'
    colours follow the team with White on board 1, C.04.6 Art. 4). ``team-swap``: the colours
    of match ``a`` (the other team gets White on board 1); ``team-exchange``: teams ``a`` and
    ``b`` (pairing numbers) change places, the team bye included. The absolute criteria are
    checked afterwards by the caller (:func:`.actions.violations_of`, C.04.6 [C1] [C2]).
    Returns the change as stored."""
    from ...model import Board

    pairing = round_team_pairing(rnd)
    if kind == TEAM_SWAP:
        if not 1 <= a <= len(pairing.boards):
            raise BadRequest(gettext("no match %(n)s with two teams") % {"n": a})
        board = pairing.boards[a - 1]
        pairing.boards[a - 1] = Board(board.black, board.white)
        change: dict[str, object] = {"kind": TEAM_SWAP, "match": a}
    elif kind == TEAM_EXCHANGE:
        paired = {t for bd in pairing.boards for t in (bd.white, bd.black)}
        if pairing.bye is not None:
            paired.add(pairing.bye)
        if b is None or a == b:
            raise BadRequest(gettext("choose two different teams of the round"))
        if a not in paired or b not in paired:
            raise BadRequest(gettext("both teams must be paired in this round"))

        def other(tpn: int) -> int:
            return b if tpn == a else a if tpn == b else tpn

        pairing.boards = [Board(other(bd.white), other(bd.black)) for bd in pairing.boards]
        pairing.bye = other(pairing.bye) if pairing.bye is not None else None
        change = {"kind": TEAM_EXCHANGE, "a": a, "b": b}
    else:
        raise BadRequest(gettext("unknown change %(kind)r") % {"kind": kind})
    store_team_pairing(rnd.event, rnd, pairing)
    return change


def players_of_team_change(rnd: m.Round, change: dict[str, object]) -> set[int]:
    """The pairing numbers of the members of the teams a stored team change moved."""
    if change["kind"] == TEAM_SWAP:
        match = rnd.team_matches.filter(number=int(str(change["match"]))).first()
        team_ids = {match.white_id, match.black_id} if match else set()
    else:
        team_ids = set(rnd.event.teams.filter(tpn__in=[int(str(change["a"])),
                                                      int(str(change["b"]))])
                       .values_list("pk", flat=True))
    return set(m.TeamMember.objects.filter(team_id__in=team_ids)
               .values_list("entrant__tpn", flat=True))


# --- boards forfeited against an empty board -----------------------------------------------------
#: the code of a present player whose opponent's board is empty: a forfeit win (TRF-2026
#: ``0000 C +``, trf.md 4.1)
EMPTY_BOARD_WIN = "+"
#: the codes such a board holds: the forfeit win, or a loss when the present player's team
#: loses the whole match by forfeit (``330``, :func:`set_match_forfeit`)
EMPTY_BOARD_CODES = ("+", "-")


def is_empty_board(game: m.Game) -> bool:
    """Whether ``game`` (of a team event) is a board forfeited against an empty board: the
    present player alone (``white``, no ``black``) with a forfeit code; the team bye's games,
    also without ``black``, hold ``U``."""
    return game.is_empty_board


def board_in_match(game: m.Game, boards: int) -> int:
    """The board of ``game`` in its match, 1 first (games are numbered
    ``(match - 1) * boards + board``, :func:`store_team_pairing`)."""
    return (game.board - 1) % boards + 1


def empty_board_colour(game: m.Game, boards: int, pattern: str, in_white_team: bool) -> Colour:
    """The scheduled colour of the present player of a board forfeited against an empty
    board (TRF keeps it: ``0000 w +``, trf.md 4.1): the ``352`` pattern's colour of the board
    for the team with White on board 1 (C.04.6 Art. 4, reading 3 of docs/web-teams.md), the
    other colour for the other team."""
    b = board_in_match(game, boards)
    white_team_white = b > len(pattern) or pattern[b - 1] == "W"
    return Colour.WHITE if white_team_white == in_white_team else Colour.BLACK


# --- results -----------------------------------------------------------------------------------
#: a result key read from the other side of the board (the match form shows each board from
#: the side of the team named first)
_OTHER_SIDE = {"1-0": "0-1", "0-1": "1-0", "+-": "-+", "-+": "+-"}


def set_match_results(match: m.TeamMatch, results: dict[int, str], user: User,
                      versions: dict[int, int] | None = None) -> int:
    """Enter the results of a match's boards (game key -> result key of
    :data:`.models.RESULTS`; ``""`` clears) in one transaction; the match result follows from
    them (C.04.6 1.2). Returns the number of boards changed.

    ``versions``: game key -> the board's version the form showed; a board changed since then
    (another arbiter, another tab, the grid, the hall) refuses the whole entry, nothing of the
    match saved, the board named with its result now (session 9: a stale tab overwrote it)."""
    from .actions import StaleResult, set_result

    games = {g.pk: g for g in match.games.select_related("round", "white", "black")}
    boards = settings_of(match.round.event).boards
    for pk in results:
        g = games.get(pk)
        if g is not None and is_empty_board(g):
            # its player wins by forfeit (trf.md 4.1 ``0000 C +``): nothing to enter
            raise BadRequest(gettext(
                "match %(match)s, board %(board)s: %(name)s plays against an empty board and "
                "wins by forfeit; no result is entered for it")
                % {"match": match.number, "board": board_in_match(g, boards),
                   "name": g.white.name})
    changed = 0
    with transaction.atomic():
        for pk, key in results.items():
            g = games.get(pk)
            if g is None:
                raise BadRequest(gettext("board of another match"))
            if g.result == key:
                continue
            try:
                set_result(g, key, user, version=(versions or {}).get(pk))
            except StaleResult as exc:
                raise _stale_board(match, g, key, exc.game, boards) from exc
            changed += 1
    return changed


def _stale_board(match: m.TeamMatch, typed: m.Game, key: str, now: m.Game,
                 boards: int) -> BadRequest:
    """The error for a board changed since the match form was shown: the board in its match
    and both results read from the side of the team named first, as the form shows them."""
    from .actions import StaleResult

    home = typed.white_id in {tm.entrant_id for tm in match.white.members.all()}
    typed_text = (key if home else _OTHER_SIDE.get(key, key)) or "…"
    return StaleResult(gettext(
        "match %(match)s, board %(board)s changed since this page was shown (another arbiter, "
        "another tab or the players' entries): it is now %(now)s; your %(typed)s was not saved; "
        "nothing of this match was saved")
        % {"match": match.number, "board": board_in_match(typed, boards),
           "now": board_label(now, home) or "…", "typed": typed_text.replace("=", "½-½")}, now)


def boards_version(games: list[m.Game]) -> int:
    """The sum of a match's boards' versions: any change of any board (a result, a forfeit)
    raises it, so a form that carries it tells whether the match changed since it was shown
    (the forfeit form; session 9)."""
    return sum(g.version for g in games)


def set_match_forfeit(match: m.TeamMatch, kind: str, user: User,
                      shown: int | None = None) -> None:
    """A forfeited match (``330``, trf.md 5.4): ``+-`` the team with White wins, ``-+`` the
    team with Black, ``--`` both lose; every board gets the forfeit codes of its side. ``""``
    removes the forfeit and the boards' results. A board against an empty board follows the
    match too: its player's ``+`` becomes ``-`` when the player's team loses the match by
    forfeit, and ``+`` again when the forfeit is removed (:data:`EMPTY_BOARD_CODES`)."""
    from .actions import set_result

    if kind not in ("", *MATCH_FORFEITS):
        raise BadRequest(gettext("forfeit: %(found)r is not a choice") % {"found": kind})
    if match.black_id is None:
        raise BadRequest(gettext("the team bye has no result to enter"))
    white_team = {tm.entrant_id for tm in match.white.members.all()}
    with transaction.atomic():
        if shown is not None and boards_version(
                list(match.games.select_for_update())) != shown:
            from .actions import Stale

            # a stale tab's forfeit would overwrite the results entered since (session 9)
            raise Stale(gettext(
                "match %(match)s changed since this page was shown (another arbiter, another "
                "tab or the players' entries): the forfeit was not recorded; look at the match "
                "as it is now") % {"match": match.number})
        before = match.forfeit
        for g in match.games.select_related("round", "white", "black"):
            if is_empty_board(g):
                wins = not kind or (kind != "--" and (g.white_id in white_team) == (kind == "+-"))
                code = EMPTY_BOARD_WIN if wins else "-"
                if g.white_code != code:
                    g.white_code, g.version = code, g.version + 1
                    g.save(update_fields=["white_code", "version", "updated_at"])
                continue
            if not kind:
                key = ""
            elif kind == "--":
                key = "--"
            else:
                white_team_wins = kind == "+-"
                key = "+-" if (g.white_id in white_team) == white_team_wins else "-+"
            if g.result != key:
                set_result(g, key, user)
        match.forfeit = kind
        match.save(update_fields=["forfeit"])
        audit(match.round.event, user, "team-forfeit",
              f"round {match.round.number}, {match.white.name} - {match.black.name}",
              before or None, kind or None)


@dataclass(slots=True)
class MatchScore:
    """The game points of both teams of a match and whether every board has a result."""

    white: float
    black: float
    complete: bool


def match_score(match: m.TeamMatch, games: list[m.Game], event: m.Event) -> MatchScore:
    """Game points of both teams from the board results (C.04.6 1.2; the event's point
    system)."""
    from .convert import point_system_of

    ps = point_system_of(event)
    white_team = {tm.entrant_id for tm in match.white.members.all()}
    totals = [0.0, 0.0]
    complete = True
    for g in games:
        if g.black_id is None and not is_empty_board(g):  # the team bye: no game (C.04.6 1.4)
            continue
        if not g.white_code:
            complete = False
            continue
        for pid, code in ((g.white_id, g.white_code), (g.black_id, g.black_code)):
            if pid is None:
                continue
            side = 0 if pid in white_team else 1
            totals[side] += ps.points(RoundEntry(1, Colour.WHITE, code))
    return MatchScore(round_points(totals[0]), round_points(totals[1]), complete)


# --- rows -> model -----------------------------------------------------------------------------
def attach_team_event(event: m.Event, t: Tournament, last: int,
                      rounds: int | None = None) -> None:
    """Add the team facts of ``event`` to ``t`` (built by :func:`.convert.tournament_of`, the
    members' ids being their entrant numbers): rounds 1..``last`` are the complete ones, the
    absences of later rounds are kept (the next round's ``240``)."""
    s = settings_of(event)
    ev = TeamEvent(board_colours=pattern_of(s),
                   match_points=MatchPointSystem(s.match_win, s.match_draw, s.match_loss),
                   match_points_given=True, pab_match_points=s.pab_match_points,
                   pab_game_points=s.pab_game_points,
                   acceleration=[TeamAcceleration(*a) for a in s.acceleration])
    tpn_of = {e.pk: e.tpn for e in event.entrants.all()}
    team_rows = list(event.teams.all())
    tpn_of_team = {team.pk: team.tpn for team in team_rows}
    members: dict[int, list[int]] = {team.pk: [] for team in team_rows}
    for tm in m.TeamMember.objects.filter(team__event=event).order_by("team", "order"):
        members[tm.team_id].append(tpn_of[tm.entrant_id])
    for team in team_rows:
        ev.teams[team.tpn] = Team(team.tpn, team.name, "", team.strength, members[team.pk],
                                  tpn_of.get(team.captain_id) if team.captain_id else None)
        if team.withdrawn_from:
            ev.withdrawn[team.tpn] = team.withdrawn_from
    opponents: dict[tuple[int, int], int] = {}
    for match in m.TeamMatch.objects.filter(round__event=event, round__number__lte=last
                                            ).select_related("round"):
        r = match.round.number
        white = tpn_of_team[match.white_id]
        if match.black_id is None:
            ev.pab[r] = white
            continue
        black = tpn_of_team[match.black_id]
        opponents[(r, white)], opponents[(r, black)] = black, white
        if match.forfeit:
            ev.forfeits.append(MatchForfeit(r, white, black, ForfeitKind(match.forfeit)))
    # a board forfeited against an empty board: the present player's cell keeps the board's
    # scheduled colour, ``0000 C +`` (trf.md 4.1; convert made it a cell without colour)
    empty = list(m.Game.objects.filter(round__event=event, round__number__lte=last,
                                       black__isnull=True, white_code__in=EMPTY_BOARD_CODES)
                 .values_list("round__number", "board", "white_id", "white_code",
                              "team_match__white_id"))
    if empty:
        pattern = pattern_of(s)
        team_of_member = dict(m.TeamMember.objects.filter(team__event=event)
                              .values_list("entrant_id", "team_id"))
        for r, board, player, code, white_team in empty:
            colour = empty_board_colour(m.Game(board=board), s.boards, pattern,
                                        team_of_member.get(player) == white_team)
            t.players[tpn_of[player]].set_entry(r, RoundEntry(0, colour, code))
    for lu in m.TeamLineup.objects.filter(event=event, round_number__lte=last):
        tid = tpn_of_team[lu.team_id]
        ev.lineups[(lu.round_number, tid)] = Lineup(
            lu.round_number, tid, opponents.get((lu.round_number, tid), 0),
            tuple(tpn_of.get(pk, 0) for pk in lu.players))
    for a in m.TeamAbsence.objects.filter(event=event):
        if rounds is not None and a.round_number > rounds:
            continue
        ev.absent.setdefault(a.round_number, {})[tpn_of_team[a.team_id]] = a.code
    t.team_event = ev
    t.headers["192"] = [f"192 {rules_of(s).code}"]
    if s.tiebreaks:
        t.headers["202"] = [f"202 {s.tiebreaks}"]
    if not (event.extra_headers or {}).get("092"):
        t.headers["092"] = [f"092 {TOURNAMENT_TYPE_092_TEAM}"]


# --- model -> rows (a team TRF-2026 imported) -------------------------------------------------
def _link_games(match: m.TeamMatch, games: list[m.Game]) -> None:
    """The match's board games, inserted as they are (``games.set()`` first reads the
    existing links in the games' default order, joined over rounds and events: a plan that
    took minutes on PostgreSQL)."""
    through = m.TeamMatch.games.through
    through.objects.bulk_create([through(teammatch_id=match.pk, game_id=g.pk) for g in games])


def _team_list_or_empty(text: str) -> str:
    """The file's ``202`` list when it is a team tie-break list, else "" (the default list;
    the record itself is kept with the event's tie-breaks)."""
    try:
        return checked_tiebreaks(text) if text else ""
    except BadRequest:
        return ""


def store_team_records(event: m.Event, t: Tournament, rows: dict[int, m.Entrant]) -> None:
    """The team records of an imported TRF-2026 (``310 320 330 300 240 352 362``, ``192``)
    in the tables of ``event``, whose members are ``rows`` (``001`` id -> entrant): every
    round of the file becomes a published round of matches (the team pairing as the file
    records it, :func:`~swisspairing.checker.team_check.published_team_pairing`). A board
    forfeited against an empty board (``0000 C +``, trf.md 4.1) is the present player's game
    alone (:func:`_imported_match_games`). What the web app cannot hold yet is refused with
    its record named: a match forfeited against no named team. The Baku acceleration
    (``192 ..._BAKU``) and the ``250`` records are kept in the settings (C.04.7)."""
    from ...checker.team_check import published_team_pairing
    from ...model.team_state import tournament_team_rules
    from ...model.teams import team_rounds

    ev = t.team_event
    if ev is None or not ev.teams:
        raise BadRequest(gettext("the file has no team (310 record): it is not a team event"))
    rules = tournament_team_rules(t)
    boards = ev.boards()
    if not MIN_BOARDS <= boards <= MAX_BOARDS:
        raise BadRequest(gettext("352: from %(low)s to %(high)s boards, found %(n)s")
                         % {"low": MIN_BOARDS, "high": MAX_BOARDS, "n": boards})
    m.TeamSettings.objects.create(
        event=event, boards=boards,
        colour_type={ColourModel.TYPE_A: "A", ColourModel.TYPE_B: "B"}.get(rules.colours, ""),
        primary=rules.primary.value, secondary=rules.secondary is not None,
        board_colours=ev.board_colours.upper(), match_win=ev.match_points.win,
        match_draw=ev.match_points.draw, match_loss=ev.match_points.loss,
        pab_match_points=ev.pab_match_points, pab_game_points=ev.pab_game_points,
        tiebreaks=_team_list_or_empty(event.tiebreaks), baku=rules.baku,
        acceleration=[[a.match_points, a.game_points, a.first, a.last, a.low, a.high]
                      for a in ev.acceleration])
    names: set[str] = set()
    team_rows: dict[int, m.Team] = {}
    for tid in sorted(ev.teams):
        team = ev.teams[tid]
        name = " ".join(team.name.split())[:32] or f"Team {tid}"
        if name.casefold() in names:
            raise BadRequest(gettext("310 team %(tpn)s: the name %(name)s is given twice")
                             % {"tpn": tid, "name": name})
        names.add(name.casefold())
        for pid in team.members:
            if pid not in rows:
                raise BadRequest(gettext("310 team %(tpn)s: member %(id)s has no 001 line")
                                 % {"tpn": tid, "id": pid})
        team_rows[tid] = m.Team.objects.create(
            event=event, tpn=tid, name=name, strength=team.strength.strip()[:6],
            lineup_code=new_lineup_code(), withdrawn_from=ev.withdrawn.get(tid),
            captain=rows.get(team.captain) if team.captain else None)
    seen: dict[int, int] = {}
    for tid in sorted(ev.teams):
        for order, pid in enumerate(ev.teams[tid].members, 1):
            if pid in seen:
                raise BadRequest(gettext("310 team %(tpn)s: player %(id)s is also a member of "
                                         "team %(other)s") % {"tpn": tid, "id": pid,
                                                              "other": seen[pid]})
            seen[pid] = tid
            m.TeamMember.objects.create(team=team_rows[tid], entrant=rows[pid], order=order)
    history = team_rounds(t)
    pattern = ev.board_colours.upper() or board_colours(boards)
    forfeits = {(f.round, f.white, f.black): f.kind.value for f in ev.forfeits}
    for r in range(1, t.rounds_paired + 1):
        rnd = m.Round.objects.create(event=event, number=r, status=m.Round.PUBLISHED,
                                     system=TEAM_SYSTEM)
        pairing, _colourless = published_team_pairing(t, r)
        for n, b in enumerate(pairing.boards, 1):
            kind = forfeits.get((r, b.white, b.black)) or forfeits.get((r, b.black, b.white), "")
            if kind and (r, b.white, b.black) not in forfeits:  # the 330 names them the other way
                kind = {"+-": "-+", "-+": "+-"}.get(kind, kind)
            match = m.TeamMatch.objects.create(round=rnd, number=n, white=team_rows[b.white],
                                               black=team_rows[b.black], forfeit=kind)
            games = _imported_match_games(t, rnd, match, (history[b.white][r - 1].games,
                                                          history[b.black][r - 1].games),
                                          rows, boards, pattern)
            _link_games(match, games)
        if pairing.bye is not None:
            match = m.TeamMatch.objects.create(round=rnd, number=len(pairing.boards) + 1,
                                               white=team_rows[pairing.bye])
            games = []
            first = len(pairing.boards) * boards
            for i, g in enumerate(history[pairing.bye][r - 1].games, 1):
                games.append(m.Game.objects.create(round=rnd, board=first + i,
                                                   white=rows[g.player], white_code="U"))
            _link_games(match, games)
        for tid, code in pairing.unpaired.items():
            if code in "+-":
                raise BadRequest(gettext("round %(r)s, team %(tpn)s: a match forfeited against "
                                         "no named team (no 330 record) is not in the web app "
                                         "yet") % {"r": r, "tpn": tid})
            withdrawn = tid in ev.withdrawn and r >= ev.withdrawn[tid]
            if tid not in ev.absent.get(r, {}) and not withdrawn:  # kept as a 240 record
                m.TeamAbsence.objects.create(event=event, team=team_rows[tid], round_number=r,
                                             code=code if code in "FH" else "Z")
    for (r, tid), lu in ev.lineups.items():
        if tid in team_rows and r <= t.rounds_paired + 1:
            m.TeamLineup.objects.create(event=event, team=team_rows[tid], round_number=r,
                                        players=[rows[p].pk if p in rows else 0
                                                 for p in lu.players])
    for r, absent in ev.absent.items():
        for tid, code in absent.items():
            if tid in team_rows:
                m.TeamAbsence.objects.create(event=event, team=team_rows[tid], round_number=r,
                                             code=code if code in "FHZ" else "Z")


def _imported_match_games(t: Tournament, rnd: m.Round, match: m.TeamMatch,
                          sides: tuple[tuple[BoardGame, ...], tuple[BoardGame, ...]],
                          rows: dict[int, m.Entrant], boards: int, pattern: str
                          ) -> list[m.Game]:
    """The board games of an imported match (``sides``: the boards of the team with White,
    then of the other, as :func:`~swisspairing.model.teams.team_rounds` reads them), board
    ``b`` numbered ``(match - 1) * boards + b``. A game is stored once, from the side of the
    team with White; a board forfeited against an empty board (``0000 C +``, trf.md 4.1) is
    the present player's game alone, from either side, and its colour must be the board's
    colour of the ``352`` pattern (the web app's boards follow it, reading 3)."""
    r = rnd.number
    first = (match.number - 1) * boards
    placed: dict[int, m.Game] = {}

    def place(board: int, game: m.Game) -> None:
        if board in placed or not 1 <= board <= boards:
            raise BadRequest(gettext(
                "round %(r)s, match %(white)s - %(black)s: two players on board %(board)s or "
                "a board past %(boards)s (the 300 line-ups say who plays which board)")
                % {"r": r, "white": match.white.tpn, "black": match.black.tpn
                   if match.black else "", "board": board, "boards": boards})
        placed[board] = game

    for side, games in enumerate(sides):
        for g in games:
            if not g.opponent:
                if g.colour is None or g.code not in EMPTY_BOARD_CODES:
                    continue  # a cell without a game (a bye or an absence): no board
                game = m.Game(round=rnd, board=first + g.board, white=rows[g.player],
                              white_code=g.code)
                expected = empty_board_colour(game, boards, pattern, side == 0)
                if g.colour is not expected:
                    raise BadRequest(gettext(
                        "round %(r)s, player %(id)s: a board forfeited against an empty board "
                        "with the colour %(found)s, but board %(board)s of team %(tpn)s has "
                        "%(expected)s by the 352 pattern (the web app keeps the pattern's "
                        "colours)") % {"r": r, "id": g.player, "found": g.colour.value,
                                       "board": g.board, "tpn": (match.white if side == 0
                                                                 else match.black).tpn,
                                       "expected": expected.value})
                place(g.board, game)
                continue
            if side == 1:
                continue  # a game between both teams: stored from the first side
            other = t.players[g.opponent].entry(r)
            other_code = other.code if other is not None else ""
            if g.colour is Colour.BLACK:
                white, black, wc, bc = g.opponent, g.player, other_code, g.code
            else:
                white, black, wc, bc = g.player, g.opponent, g.code, other_code
            place(g.board, m.Game(round=rnd, board=first + g.board, white=rows[white],
                                  black=rows[black], white_code=wc, black_code=bc))
    # bulk inserts set the keys (PostgreSQL, SQLite >= 3.35: as store_team_pairing)
    return m.Game.objects.bulk_create([placed[b] for b in sorted(placed)])


# --- what the public pages and the hall's screens show -----------------------------------------
#: a board's codes (white, black) as a result read from one side: 1-0, ½-½, +-...
_SIDE_TEXT = {"1": "1", "0": "0", "=": "½", "+": "+", "-": "-", "W": "1", "L": "0", "D": "½"}


def board_label(game: m.Game, white_is_home: bool) -> str:
    """The board's result from the side of the team named first (its player's score first):
    ``1-0``, ``½-½``, ``0-1``, ``+-`` (forfeits); "" when not entered. A board forfeited
    against an empty board (:func:`is_empty_board`) reads ``+-`` when the present player is
    the first team's (``white_is_home``), else ``-+``: the empty board scores nothing."""
    if is_empty_board(game):
        mine = _SIDE_TEXT.get(game.white_code, game.white_code)
        return f"{mine}-" if white_is_home else f"-{mine}"
    if not game.white_code or game.black_id is None:
        return ""
    first, second = (game.white_code, game.black_code) if white_is_home else (
        game.black_code, game.white_code)
    return f"{_SIDE_TEXT.get(first, first)}-{_SIDE_TEXT.get(second, second)}"


def matches_of(rnd: m.Round) -> list[m.TeamMatch]:
    """The round's matches with their teams, members and games read in a few queries."""
    from django.db.models import Prefetch

    return list(rnd.team_matches.select_related("white", "black").prefetch_related(
        Prefetch("games", queryset=m.Game.objects.select_related("white", "black")
                 .order_by("board")),
        "white__members"))


def match_rows(rnd: m.Round) -> list[dict[str, object]]:
    """The matches of a round with their boards (board 1 first) and scores, for the pages.

    Each board: ``n`` (its board in the match), ``game``, ``first`` / ``second`` (the players
    of the team named first and of the other; None for an empty board), ``first_white``
    (whether the first team's seat has White), ``empty`` (a board forfeited against an empty
    board, :func:`is_empty_board`: its colour is the ``352`` pattern's), ``white_is_home``
    (the game's ``white`` plays for the first team) and ``label`` (:func:`board_label`)."""
    event = rnd.event
    s = settings_of(event)
    pattern = pattern_of(s)
    out: list[dict[str, object]] = []
    for match in matches_of(rnd):
        games = sorted(match.games.all(), key=lambda g: g.board)
        white_team = {tm.entrant_id for tm in match.white.members.all()}
        boards = []
        for n, g in enumerate(games, 1):
            home = g.white_id in white_team
            row = {"n": n, "game": g, "white_is_home": home, "label": board_label(g, home),
                   "empty": False, "first": g.white if home else g.black,
                   "second": g.black if home else g.white, "first_white": home}
            if match.black_id is not None:
                row["n"] = board_in_match(g, s.boards)
                if is_empty_board(g):
                    colour = empty_board_colour(g, s.boards, pattern, home)
                    row.update(empty=True, first=g.white if home else None,
                               second=None if home else g.white,
                               first_white=(colour is Colour.WHITE) == home)
            boards.append(row)
        out.append({"match": match, "score": match_score(match, games, event),
                    "boards_version": boards_version(games),
                    "boards": boards})
    return out


def match_heads(rnd: m.Round) -> dict[int, str]:
    """Game key -> the line naming its match, for the first board of each match (the hall's
    boards panel and screens: "3. Lille 2,5 – 1,5 Faro")."""
    from django.utils.translation import get_language

    from ...standings.views import points_text

    lang = "fr" if (get_language() or "en").startswith("fr") else "en"
    out: dict[int, str] = {}
    for row in match_rows(rnd):
        match = row["match"]
        boards = row["boards"]
        if not boards:
            continue
        assert isinstance(match, m.TeamMatch) and isinstance(boards, list)
        score = row["score"]
        assert isinstance(score, MatchScore)
        if match.black is None:
            text = f"{match.number}. {match.white.name}: {gettext('pairing-allocated bye')}"
        elif score.complete:
            text = (f"{match.number}. {match.white.name} {points_text(lang, score.white)} – "
                    f"{points_text(lang, score.black)} {match.black.name}")
        else:
            text = f"{match.number}. {match.white.name} – {match.black.name}"
        out[boards[0]["game"].pk] = text
    return out


# --- the captains' line-ups ---------------------------------------------------------------------
#: letters and digits of a captain's code (no 0/O, 1/I/L: read aloud or copied by hand)
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 10


def new_lineup_code() -> str:
    import secrets

    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def ensure_codes(event: m.Event) -> None:
    """Give each team without one its captain's code."""
    for team in event.teams.filter(lineup_code=""):
        team.lineup_code = new_lineup_code()
        team.save(update_fields=["lineup_code"])


def deadline_of(event: m.Event, round_number: int) -> datetime | None:
    text = (settings_of(event).lineup_deadlines or {}).get(str(round_number))
    return datetime.fromisoformat(text) if text else None


def set_deadline(event: m.Event, round_number: int, when: datetime | None, user: User) -> None:
    """Until when captains may enter the line-ups of a round (None: until it is paired)."""
    if round_number <= rounds_paired(event):
        raise BadRequest(gettext("round %(n)s is paired: its line-ups can no longer change")
                         % {"n": round_number})
    with transaction.atomic():
        s = settings_of(event)
        deadlines = dict(s.lineup_deadlines or {})
        before = deadlines.get(str(round_number))
        if when is None:
            deadlines.pop(str(round_number), None)
        else:
            deadlines[str(round_number)] = when.isoformat()
        s.lineup_deadlines = deadlines
        s.save()
        audit(event, user, "team-lineup-deadline", f"round {round_number}", before,
              deadlines.get(str(round_number)))


def team_of_code(event: m.Event, code: str) -> m.Team:
    """The team whose captain's code is ``code`` (spaces and case ignored)."""
    typed = "".join(code.split()).upper()
    team = event.teams.filter(lineup_code=typed).first() if typed else None
    if team is None:
        raise BadRequest(gettext("this code is not a captain's code of this event"))
    return team


def captain_round(event: m.Event) -> int:
    """The round whose line-ups the captains enter: the next one, while its deadline has not
    passed and it is not paired."""
    from django.utils import timezone

    r = rounds_paired(event) + 1
    if r > event.rounds:
        raise BadRequest(gettext("every round is paired: no line-up to enter"))
    deadline = deadline_of(event, r)
    if deadline is not None and timezone.now() > deadline:
        raise BadRequest(gettext("the line-ups of round %(n)s closed at %(when)s: ask the "
                                 "arbiter") % {"n": r, "when": timezone.localtime(
                                     deadline).strftime("%Y-%m-%d %H:%M")})
    return r


def captain_set_lineup(event: m.Event, code: str, players: list[int]) -> tuple[m.Team, int]:
    """A captain's line-up for the next round, checked as the arbiter's is."""
    team = team_of_code(event, code)
    r = captain_round(event)
    set_lineup(team, r, players, None, source="captain")
    return team, r


def team_pairing_table(rnd: m.Round, lang: str) -> Table:
    """A team round's printout: each match (the team with White on board 1 named first, its
    score once complete), then its boards with the first team's player, that player's colour
    (the ``352`` pattern, C.04.6 Art. 4), the result read from the first team's side; the
    team bye and the teams not paired underneath."""
    from ...standings.views import points_text

    rows: list[list[str]] = []
    for row in match_rows(rnd):
        match, score, boards = row["match"], row["score"], row["boards"]
        assert isinstance(match, m.TeamMatch) and isinstance(score, MatchScore)
        assert isinstance(boards, list)
        if match.black is None:
            rows.append([str(match.number), "", match.white.name, "", "",
                         gettext("pairing-allocated bye"), "", ""])
            continue
        result = (f"{points_text(lang, score.white)} – {points_text(lang, score.black)}"
                  if score.complete else "")
        rows.append([str(match.number), "", match.white.name, "", "", result,
                     match.black.name, ""])
        for b in boards:
            first, second = b["first"], b["second"]
            empty = gettext("empty board")  # a forfeit against an empty board (trf.md 4.1)
            rows.append(["", str(b["n"]), first.name if first else empty,
                         (gettext("White") if b["first_white"] else gettext("Black"))
                         if first else "", str(first.rating or "") if first else "",
                         str(b["label"]), second.name if second else empty,
                         str(second.rating or "") if second else ""])
    notes = [f"{gettext('Not paired:')} " + ", ".join(
        f"{a.team.name} ({a.code})" for a in m.TeamAbsence.objects.filter(
            event=rnd.event, round_number=rnd.number).select_related("team"))] \
        if m.TeamAbsence.objects.filter(event=rnd.event, round_number=rnd.number).exists() \
        else []
    return Table(title=gettext("Round %(n)s - matches and boards") % {"n": rnd.number},
                 headers=[gettext("Match"), gettext("Bd"), gettext("Player"),
                          gettext("Colour"), gettext("Rtg"), gettext("Result"),
                          gettext("Player"), gettext("Rtg")],
                 rows=rows, align=["r", "r", "l", "l", "r", "c", "l", "r"], notes=notes,
                 kind="pairings", lang=lang)
