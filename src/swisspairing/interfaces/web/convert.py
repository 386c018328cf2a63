"""Database rows <-> the :class:`~swisspairing.model.Tournament` model, in one place.

Every page that pairs, checks, ranks or exports builds its tournament here and hands it to the
same systems, checker and standings as the command line. The mapping is one to one:

* an :class:`~.models.Entrant` is a :class:`~swisspairing.model.Player` whose id is its pairing
  number (``tpn``);
* a :class:`~.models.Game` gives both players' cells of its round (opponent, colour, code); a
  bye board gives the pairing-allocated bye ``0000 - U``;
* a :class:`~.models.RoundRequest` gives the cell ``0000 - H/F/Z`` of its round (a requested
  bye or an absence: the pre-entered bye of the round to pair, C.04.2 D.4);
* a player with no board and no request in a paired round gets ``0000 - Z`` (not paired);
* withdrawals, forbidden pairs, point system, initial colour and the headers map to the fields
  of the same name;
* a Double-Swiss event (C.04.5) has two game columns per round (match k: columns 2k-1 and 2k,
  ``Tournament.games_per_round`` 2): its game rows, byes and requests map as
  :mod:`.double_swiss` says.

:func:`tournament_of` gives the tournament with the rounds whose results are all in;
:func:`store_tournament` writes a model (a TRF import) into new rows. A tournament exported to
TRF and read back is equal (tested).
"""

from __future__ import annotations

from dataclasses import asdict, fields
from datetime import date
from typing import cast

from django.db import transaction
from django.utils.translation import gettext

from ... import Standings, api
from ...formats.trf import one_line
from ...model import Colour, ForbiddenGroup, Player, PointSystem, RoundEntry, Tournament
from ...model.results import MIRROR
from ...model.tournament import ResultCorrection
from ...systems import SYSTEM_COMMENT, TRF_TYPE_192, trf_type_lines
from . import double_swiss
from . import models as m

#: TRF headers held by Event fields (trf.md: 012 name, 022 city, 032 federation, 042 start,
#: 052 end, 102 chief arbiter, 112 deputies, 122 time control)
_HEADER_FIELDS = {"012": "name", "022": "place", "032": "federation", "102": "chief_arbiter",
                  "112": "deputy_arbiters", "122": "time_control"}
#: record 092, type of tournament (free text, trf.md 3), when the event has none of its own
TOURNAMENT_TYPE_092 = "Individual: Swiss-System"
#: the same for a round-robin event (C.05 Annex 1, issue 29 part 3)
TOURNAMENT_TYPE_092_ROUND_ROBIN = "Individual: Round-Robin"
#: column (0-based) of round 1's date in record 132, then every 10 columns: the grid of the
#: 001 round cells (trf.md 3: round 1 at columns 92-99, round 2 at 102-109, ...)
_ROUND_DATE_COLUMN = 91


def point_system_of(event: m.Event) -> PointSystem:
    values = {k: float(v) for k, v in (event.point_system or {}).items()}
    return double_swiss.point_system_of(event, PointSystem(**values))


def point_system_json(ps: PointSystem) -> dict[str, float]:
    default = asdict(PointSystem())
    return {k: v for k, v in asdict(ps).items() if default[k] != v}


def _trf_date(value: date | None) -> str:
    return value.strftime("%Y/%m/%d") if value else ""


def round_dates_132(dates: list[str]) -> str:
    """Record 132 of the rounds' dates (ISO ``YYYY-MM-DD`` each, ``""`` unknown): ``YY/MM/DD``
    under each round's cell columns (trf.md 3); ``""`` when no date is known."""
    if not any(dates):
        return ""
    line = "132".ljust(_ROUND_DATE_COLUMN)
    cells = []
    for text in dates:
        try:
            day = date.fromisoformat(text) if text else None
        except ValueError:
            day = None
        cells.append(day.strftime("%y/%m/%d") if day else " " * 8)
    return (line + "  ".join(cells)).rstrip()


def round_dates_of_132(line: str) -> list[str] | None:
    """The rounds' dates of a record 132 (ISO, ``""`` for a blank cell); None when a cell is
    not a date ``YY/MM/DD`` (the line is then kept as it was read)."""
    out: list[str] = []
    start = _ROUND_DATE_COLUMN
    while start < len(line.rstrip()):
        cell = line[start:start + 8].strip()
        start += 10
        if not cell:
            out.append("")
            continue
        parts = cell.split("/")
        if len(parts) != 3 or len(parts[0]) not in (2, 4) or \
                not all(p.isascii() and p.isdigit() for p in parts):
            return None
        year = int(parts[0])
        if year < 100:  # two digits: this century unless that is in the future
            year += 2000 if 2000 + year <= date.today().year + 1 else 1900
        try:
            out.append(date(year, int(parts[1]), int(parts[2])).isoformat())
        except ValueError:
            return None
    return out


def headers_of(event: m.Event) -> dict[str, list[str]]:
    """The TRF header lines of the event (its fields first, then the kept ones)."""
    out: dict[str, list[str]] = {k: list(v) for k, v in (event.extra_headers or {}).items()}
    for code, attr in _HEADER_FIELDS.items():
        # on one line whatever was stored (rows saved before issue 24 item 7 may hold a line
        # break): a value never forges another record
        value = one_line(getattr(event, attr) or "")
        if value:
            out[code] = [f"{code} {value}"]
    if event.start_date:
        out["042"] = [f"042 {_trf_date(event.start_date)}"]
    if event.end_date:
        out["052"] = [f"052 {_trf_date(event.end_date)}"]
    kind = (TOURNAMENT_TYPE_092_ROUND_ROBIN if event.system in
            ("round-robin", "double-round-robin") else
            double_swiss.TOURNAMENT_TYPE_092 if double_swiss.is_double_swiss(event) else
            TOURNAMENT_TYPE_092)
    out.setdefault("092", [f"092 {kind}"])
    # a Double-Swiss match's date under both of its game columns
    per_column = double_swiss.games_per_round(event)
    line_132 = round_dates_132([d for d in (event.round_dates or []) for _ in range(per_column)])
    if line_132:
        out["132"] = [line_132]
    if event.system in TRF_TYPE_192:
        out["192"] = [trf_type_lines(event.system)[0]]
    if one_line(event.tiebreaks or ""):
        out["202"] = [f"202 {one_line(event.tiebreaks)}"]
    return out


def extra_lines_of(event: m.Event) -> list[str]:
    """The kept TRF lines, with the comment naming the system when ``192`` cannot
    (``192 CUSTOM_SWISS``: Lim, Dutch 2012...)."""
    lines = [x for x in (event.extra_lines or []) if not x.startswith(SYSTEM_COMMENT)]
    if event.system in TRF_TYPE_192:
        comment = trf_type_lines(event.system)[1]
        if comment:
            lines.insert(0, comment)
    return lines


def player_of(e: m.Entrant) -> Player:
    """The player of a row, every text on one line (:func:`one_line`, issue 24 item 7)."""
    return Player(id=e.tpn, name=one_line(e.name), rating=e.rating, title=one_line(e.title),
                  sex=one_line(e.sex), federation=one_line(e.federation),
                  fide_id=one_line(e.fide_id), birth_date=one_line(e.birth_date))


def tournament_of(event: m.Event, rounds: int | None = None) -> Tournament:
    """The model of ``event`` with its rounds whose every result is entered, up to ``rounds``.

    A round with a result still missing ends the rounds taken (a TRF cell cannot say "not
    played yet"): the model is the tournament as standings, the checker and the next pairing
    see it. Requests (requested byes, absences) of the following rounds are kept as their
    pre-entered byes (C.04.2 D.4).
    """
    entrants = list(event.entrants.all())
    by_pk = {e.pk: e.tpn for e in entrants}
    per_round = double_swiss.games_per_round(event)  # game columns per round (C.04.5)
    # the name travels in the 012 header, as in a TRF file read back
    t = Tournament(
        total_rounds=event.rounds * per_round,
        games_per_round=per_round,
        initial_colour=Colour(event.initial_colour),
        point_system=point_system_of(event),
        headers=headers_of(event),
        extra_lines=extra_lines_of(event),
    )
    for e in entrants:
        t.players[e.tpn] = player_of(e)
        if e.withdrawn_from:
            t.withdrawn[e.tpn] = double_swiss.column(e.withdrawn_from, 1 if per_round == 2 else 0)
    # 062 number of players, 072 number of rated players (trf.md 3): from the players held
    t.headers["062"] = [f"062 {len(entrants)}"]
    t.headers["072"] = [f"072 {sum(1 for e in entrants if e.rating > 0)}"]
    round_rows = list(event.round_set.order_by("number"))
    if rounds is not None:
        round_rows = [r for r in round_rows if r.number <= rounds]
    games = m.Game.objects.filter(round__in=round_rows).values_list(
        "round__number", "game", "white_id", "black_id", "white_code", "black_code")
    by_round: dict[int, list[tuple[int, int, int | None, str, str]]] = {}
    for number, game, white, black, wc, bc in games:
        by_round.setdefault(number, []).append((game, white, black, wc, bc))
    last = 0
    for r in round_rows:
        boards = by_round.get(r.number, [])
        if any(not wc for _, _, _, wc, _ in boards):
            break
        last = r.number
        for game, white, black, wc, bc in boards:
            w = by_pk[white]
            if black is None:  # a Double-Swiss bye is a whole match: both columns (Preface)
                for g in (1, 2) if game else (0,):
                    t.players[w].set_entry(double_swiss.column(r.number, g), RoundEntry.bye(wc))
                continue
            b = by_pk[black]
            col = double_swiss.column(r.number, game)
            t.players[w].set_entry(col, RoundEntry(b, Colour.WHITE, wc))
            t.players[b].set_entry(col, RoundEntry(w, Colour.BLACK, bc))
    for req in event.requests.all():
        if rounds is not None and req.round_number > rounds:
            continue
        p = t.players[by_pk[req.entrant_id]]
        # a Double-Swiss request is for the whole match: both columns (Preface, reading 18)
        for g in (1, 2) if per_round == 2 else (0,):
            col = double_swiss.column(req.round_number, g)
            if p.entry(col) is None:
                p.set_entry(col, RoundEntry.bye(req.code))
    # a paired round in which a player has no cell: not paired (absent, withdrawn)
    for p in t.players.values():
        for r in range(1, last * per_round + 1):
            if p.entry(r) is None:
                p.set_entry(r, RoundEntry.bye("Z"))
    for fp in event.forbidden.all():
        t.forbidden_pairs.append(ForbiddenGroup(frozenset((by_pk[fp.first_id],
                                                           by_pk[fp.second_id]))))
    if rounds is None and last:
        t.corrections = corrections_of(event, last, by_pk, per_round)
    if event.system == "team-swiss":  # the team records (issue 27 part 6)
        from .teams import attach_team_event

        attach_team_event(event, t, last, rounds)
    return t


def corrections_of(event: m.Event, last: int, by_pk: dict[int, int],
                   per_round: int = 1) -> list[ResultCorrection]:
    """The results of rounds 1..``last`` corrected after later rounds were paired (C.04.2
    4.3), as the TRF's ``### swisspairing correction`` lines say them (in game columns for a
    Double-Swiss event)."""
    out = []
    for c in (m.ResultCorrection.objects.filter(event=event, game__round__number__lte=last)
              .select_related("game__round")):
        g = c.game
        if g.black_id is None or c.before not in m.RESULTS or c.after not in m.RESULTS:
            continue
        out.append(ResultCorrection(double_swiss.column(g.round.number, g.game), g.board,
                                    by_pk[g.white_id], by_pk[g.black_id], m.RESULTS[c.before],
                                    m.RESULTS[c.after], c.rounds_paired * per_round))
    return out


def complete_rounds(event: m.Event) -> int:
    """The last round up to which every result is entered."""
    last = 0
    for r in event.round_set.order_by("number"):
        if r.games.filter(white_code="").exists():
            break
        last = r.number
    return last


def standings_of(event: m.Event, round_number: int | None = None) -> Standings:
    """C.07 standings with the event's tie-breaks (the public API's
    :func:`~swisspairing.standings`, the same call as ``swisspairing standings``)."""
    t = tournament_of(event, round_number)
    # a Double-Swiss round is a match of two game columns: ranking counts matches (C.04.5)
    paired = -(-t.rounds_paired // t.games_per_round)
    if t.team_event is not None:  # the members' own standings (the rating reports' points and
        from ...standings import ranking  # ranks; the team standings: :mod:`.team_views`)

        return ranking.rank(t, None, min(paired, round_number or paired))
    st = cast(Standings, api.standings(t, min(paired, round_number or paired),
                                       event.tiebreaks or None))  # an individual event
    if event.tiebreaks:  # the legend names the settings, not the command line's option
        st.source = "settings"
    return st


# --- model -> rows (TRF import) ---------------------------------------------------------------

def _parse_date(text: str) -> date | None:
    text = text.strip().replace(".", "/").replace("-", "/")
    parts = text.split("/")
    try:
        if len(parts) == 3 and len(parts[0]) == 4:
            return date(int(parts[0]), int(parts[1]), int(parts[2]))
        if len(parts) == 3 and len(parts[2]) == 4:
            return date(int(parts[2]), int(parts[1]), int(parts[0]))
    except ValueError:
        return None
    return None


def double_swiss_not_yet() -> str:
    """The message refusing a Double-Swiss event (two-game matches, C.04.5), in the user's
    language: the web app's rounds and results are single games (issue 28 item 5 not built)."""
    return gettext("the web app cannot hold a Double-Swiss event yet (two-game matches, "
                   "C.04.5): pair, check and rank it with the command line "
                   "(swisspairing pair --system double-swiss)")


@transaction.atomic
def store_tournament(t: Tournament, system: str, *, name: str | None = None) -> m.Event:
    """New rows holding ``t``: every round of the file becomes a published round.

    Header lines with an Event field fill it; the others are kept as they were read.
    """
    double_swiss.check_import(t, system)
    headers = {k: list(v) for k, v in t.headers.items()}
    values: dict[str, object] = {}
    for code, attr in _HEADER_FIELDS.items():
        lines = headers.pop(code, [])
        if lines:
            values[attr] = lines[0][4:].strip()[: m.Event._meta.get_field(attr).max_length]
    for code, attr in (("042", "start_date"), ("052", "end_date")):
        lines = headers.get(code, [])
        parsed = _parse_date(lines[0][4:]) if lines else None
        if parsed is not None:
            headers.pop(code)
            values[attr] = parsed
    headers.pop("192", None)
    # 062 / 072 are counted from the players; 132 becomes the rounds' dates when it reads
    headers.pop("062", None)
    headers.pop("072", None)
    dates = round_dates_of_132(headers["132"][0]) if headers.get("132") else None
    if dates is not None:
        headers.pop("132")
        values["round_dates"] = dates[::t.games_per_round]  # a match's date: its game 1's
    tiebreaks = headers.pop("202", [])
    if tiebreaks:
        values["tiebreaks"] = tiebreaks[0][4:].strip()
    values["name"] = name or values.get("name") or t.name or "Tournament"
    per_round = t.games_per_round
    event = m.Event.objects.create(
        rounds=-(-(t.total_rounds or max(t.rounds_in_file, 1)) // per_round),
        system=system,
        point_system=point_system_json(t.point_system),
        initial_colour=(t.initial_colour or Colour.WHITE).value,
        extra_headers=headers,
        extra_lines=[x for x in t.extra_lines if not x.startswith(SYSTEM_COMMENT)],
        **values,
    )
    rows = {}
    for pid in sorted(t.players):
        p = t.players[pid]
        rows[pid] = m.Entrant.objects.create(
            event=event, tpn=pid, name=p.name, rating=p.rating, title=p.title, sex=p.sex,
            federation=p.federation, fide_id=p.fide_id, birth_date=p.birth_date,
            withdrawn_from=t.withdrawn.get(pid))
    if system == "team-swiss" or t.team_event is not None:  # issue 27 part 6
        from ...errors import BadRequest
        from .teams import store_team_records

        if system != "team-swiss":
            raise BadRequest(gettext("the file is a team event (310 records): pair it with "
                                     "the Swiss Team system"))
        store_team_records(event, t, rows)
        return event
    paired = t.rounds_paired
    if per_round == 2:  # two-game matches (C.04.5): :func:`.double_swiss.store_matches`
        paired = double_swiss.store_matches(event, t, rows)
    for r in range(1, t.rounds_in_file + 1):
        if r > paired or per_round == 2:
            break
        rnd = m.Round.objects.create(event=event, number=r, status=m.Round.PUBLISHED,
                                     system=system)
        games = []
        done: set[int] = set()
        for pid in sorted(t.players):
            e = t.players[pid].entry(r)
            if e is None or pid in done:
                continue
            if e.opponent == 0:
                bye = bye_or_request(event, rnd, t, rows, pid, e, r, r)
                if bye is not None:
                    games.append(bye)
                continue
            done.update((pid, e.opponent))
            games.append(game_from_cells(rnd, rows, pid, e.opponent, e,
                                         t.players[e.opponent].entry(r)))
        numbered = _publication_numbers(t, r, games, rows)
        m.Game.objects.bulk_create(numbered)
    _store_corrections(event, t)
    # pre-entered byes of the next round (in its first game column)
    for pid, code in t.not_paired_in(paired * per_round + 1).items():
        if pid in t.withdrawn and code == "Z":
            continue
        if not m.RoundRequest.objects.filter(entrant=rows[pid], round_number=paired + 1).exists():
            m.RoundRequest.objects.create(event=event, entrant=rows[pid],
                                          round_number=paired + 1,
                                          code=code if code in "HF" else "Z")
    # each pair once, in key order (ForbiddenPair's constraints): groups of a file may overlap
    forbidden: dict[tuple[int, int], None] = {}
    for g in t.forbidden_pairs:
        ids = sorted(g.players)
        for i, a in enumerate(ids):
            for b in ids[i + 1:]:
                keys = sorted((rows[a].pk, rows[b].pk))
                forbidden[(keys[0], keys[1])] = None
    m.ForbiddenPair.objects.bulk_create(
        [m.ForbiddenPair(event=event, first_id=a, second_id=b) for a, b in forbidden])
    return event


def bye_or_request(event: m.Event, rnd: m.Round, t: Tournament, rows: dict[int, m.Entrant],
                   pid: int, e: RoundEntry, column: int, round_number: int, **fields: int
                   ) -> m.Game | None:
    """A file cell without opponent (``e``, of player ``pid`` in game column ``column``): the
    pairing-allocated bye (``U``, or a ``+`` without opponent) as a board-0 row of ``rnd``,
    returned for the caller to number (C.04.2 D.9); else the player's bye or absence as a
    request of ``round_number`` (``F`` full, ``H``/``=`` half, else ``Z``), none once he has
    withdrawn (C.04.2 D.3). ``fields``: more fields of the row (a Double-Swiss game number)."""
    if e.code in "U+":
        return m.Game(round=rnd, board=0, white=rows[pid], white_code="U", **fields)
    if not (pid in t.withdrawn and column >= t.withdrawn[pid]):
        code = "F" if e.code == "F" else "H" if e.code in "H=" else "Z"
        m.RoundRequest.objects.create(event=event, entrant=rows[pid],
                                      round_number=round_number, code=code)
    return None


def game_from_cells(rnd: m.Round, rows: dict[int, m.Entrant], pid: int, opp: int,
                    mine: RoundEntry, theirs: RoundEntry | None, **fields: int) -> m.Game:
    """The row of the game of ``pid`` (cell ``mine``) against ``opp`` (cell ``theirs``; when
    the file lacks it, the mirror of ``mine``'s code): White the player whose cell says White
    (``pid`` when it gives no colour)."""
    white_first = mine.colour is not Colour.BLACK
    w, b = (pid, opp) if white_first else (opp, pid)
    other = theirs.code if theirs else MIRROR[mine.code]
    wc, bc = (mine.code, other) if white_first else (other, mine.code)
    return m.Game(round=rnd, board=0, white=rows[w], black=rows[b], white_code=wc,
                  black_code=bc, **fields)


def _store_corrections(event: m.Event, t: Tournament) -> None:
    """The file's corrected results (``### swisspairing correction``) kept with their board
    (a line naming no board of the file's rounds says nothing about them: not kept)."""
    key_of = {codes: key for key, codes in m.RESULTS.items()}
    per_round = t.games_per_round
    for c in t.corrections:
        number, game_number = ((c.round + 1) // 2, 2 - c.round % 2) if per_round == 2 else \
            (c.round, 0)
        game = m.Game.objects.filter(round__event=event, round__number=number,
                                     game=game_number, white__tpn=c.white,
                                     black__tpn=c.black).first()
        if game is None or c.before not in key_of or c.after not in key_of:
            continue
        m.ResultCorrection.objects.create(event=event, game=game, before=key_of[c.before],
                                          after=key_of[c.after],
                                          rounds_paired=-(-c.paired // per_round))


def _publication_numbers(t: Tournament, r: int, games: list[m.Game],
                         rows: dict[int, m.Entrant]) -> list[m.Game]:
    """Board numbers in publication order (C.04.2 D.9), the bye last."""
    from ...model import Board, Pairing

    tpn_of = {row.pk: pid for pid, row in rows.items()}
    pairing = Pairing(r, [Board(tpn_of[g.white.pk], tpn_of[g.black.pk])
                          for g in games if g.black is not None])
    order = {(b.white, b.black): n for n, b in enumerate(pairing.publication_order(t), 1)}
    for g in games:
        g.board = (order[(tpn_of[g.white.pk], tpn_of[g.black.pk])] if g.black is not None
                   else len(order) + 1)
    return sorted(games, key=lambda g: g.board)


def player_fields() -> list[str]:
    return [f.name for f in fields(Player)]
