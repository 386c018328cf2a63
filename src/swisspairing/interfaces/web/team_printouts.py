"""Printouts of a team round (issue 27, after part 6; C.04.6): the alphabetical "who plays
where" list of the members (player -> team, match, board, colour) and the result slips, one slip
per match (the two teams, each board's players and colours, a result column per board, the
match total, the captains' signatures), several to an A4 page.

Like :mod:`.slips`, a slip carries no code (the players' and captains' codes are kept from the
public). The colours are the stored games' (the team with White on board 1 has the ``352``
pattern, C.04.6 Art. 4). No pairing or scoring logic lives here: the matches and their scores
are :func:`.teams.match_rows`'.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils import formats
from django.utils.translation import gettext as _

from ...standings.categories import Member
from ...standings.render import PageHeader, _fit, new_document
from ...standings.teams import TeamStandings
from ...standings.views import Table
from . import models as m
from .printing import name_key, round_date
from .teams import match_rows, members_by_team


def _absence_word(code: str) -> str:
    """A team's absence in a round in words (TRF ``240`` Z/H/F; C.04.6 1.4 byes)."""
    words = {"Z": _("team absent"), "H": _("team half-point bye"),
             "F": _("team full-point bye")}
    return words.get(code, _("team absent"))


@dataclass(slots=True)
class MemberSitting:
    """Where one member of a team is in a round: a match, a board and a colour, or why not."""

    entrant: m.Entrant
    team: m.Team
    match: int | None = None
    board: int | None = None
    white: bool = True
    opponent: m.Entrant | None = None
    opponent_team: m.Team | None = None
    status: str = ""
    #: the board opposite is empty: the member wins by forfeit (trf.md 4.1 ``0000 C +``)
    empty_board: bool = False


def member_sittings(rnd: m.Round) -> list[MemberSitting]:
    """Every member of every team with their place in ``rnd``, alphabetical (case and accents
    ignored, as the individual list): the board of the match, or the team bye (C.04.6 1.4), the
    team's absence (``240``), a withdrawal (GHR 3.2), a reserve not in the line-up."""
    event = rnd.event
    by_team = members_by_team(event)
    team_rows = {t.pk: t for t in event.teams.all()}
    seen: dict[int, MemberSitting] = {}
    for row in match_rows(rnd):
        match, boards = row["match"], row["boards"]
        assert isinstance(match, m.TeamMatch) and isinstance(boards, list)
        for b in boards:
            g: m.Game = b["game"]
            home = bool(b["white_is_home"])
            if b["empty"]:  # against an empty board: the player wins by forfeit (trf.md 4.1)
                team = match.white if home else match.black
                assert team is not None
                white = bool(b["first_white"]) == home
                seen[g.white_id] = MemberSitting(g.white, team, match.number, b["n"], white,
                                                 status=_("empty board opposite"),
                                                 empty_board=True)
                continue
            if match.black is None or g.black is None:
                seen[g.white_id] = MemberSitting(g.white, match.white, match.number,
                                                 b["n"], status=_("team pairing-allocated bye"))
                continue
            white_team, black_team = (match.white, match.black) if home else (
                match.black, match.white)
            seen[g.white_id] = MemberSitting(g.white, white_team, match.number, b["n"], True,
                                             g.black, black_team)
            seen[g.black_id] = MemberSitting(g.black, black_team, match.number, b["n"], False,
                                             g.white, white_team)
    absences = {a.team_id: a.code for a in m.TeamAbsence.objects.filter(
        event=event, round_number=rnd.number)}
    out: list[MemberSitting] = []
    for team_pk, members in by_team.items():
        team = team_rows[team_pk]
        for e in members:
            if e.pk in seen:
                out.append(seen[e.pk])
                continue
            if team.withdrawn_from and team.withdrawn_from <= rnd.number:
                status = _("team withdrawn")
            elif team_pk in absences:
                status = _absence_word(absences[team_pk])
            else:
                status = _("not in the line-up")
            out.append(MemberSitting(e, team, status=status))
    out.sort(key=lambda s: (name_key(s.entrant.name), s.entrant.tpn))
    return out


def team_alpha_table(rnd: m.Round, lang: str) -> Table:
    """Who plays where in a team round: each member alphabetically with the team, the match,
    the board, the colour and the opponent (player and team); members of a team withdrawn before
    this round are left out."""
    rows = []
    for s in member_sittings(rnd):
        if s.team.withdrawn_from and s.team.withdrawn_from < rnd.number:
            continue
        e = s.entrant
        rating = str(e.rating or "")
        if s.opponent is None:
            colour = (_("White") if s.white else _("Black")) if s.empty_board else ""
            rows.append([e.name, s.team.name, rating, str(s.match or ""), str(s.board or ""),
                         colour, s.status])
            continue
        assert s.opponent_team is not None
        rows.append([e.name, s.team.name, rating, str(s.match), str(s.board),
                     _("White") if s.white else _("Black"),
                     f"{s.opponent.name} ({s.opponent_team.name})"])
    return Table(
        title=_("Round %(n)s - who plays where (alphabetical)") % {"n": rnd.number},
        # the rating third: the phone's layout hides the alpha list's third column (print.css)
        headers=[_("Name"), _("Team"), _("Rtg"), _("Match"), _("Bd"), _("Colour"),
                 _("Opponent")],
        rows=rows, align=["l", "l", "r", "r", "r", "l", "l"], kind="alpha", lang=lang)


# --- the result slips, one per match ------------------------------------------------------------
#: the printable height of an A4 page under the header (mm) and the left margin
TOP, BOTTOM, LEFT = 20.0, 287.0 - 10.0, 10.0
#: the slip's fixed parts (mm): title lines, the column heads, the total, the signatures
HEAD_H, COLUMNS_H, TOTAL_H, SIGN_H, BOARD_H = 13.0, 5.0, 8.0, 13.0, 6.5
#: at most this many slips to a page (few boards: the slips stay readable)
MAX_PER_PAGE = 4


def slip_height(boards: int) -> float:
    """The height (mm) of a match's slip with ``boards`` boards."""
    return HEAD_H + COLUMNS_H + BOARD_H * boards + TOTAL_H + SIGN_H + 4


def slips_per_page(boards: int) -> int:
    """How many slips of ``boards`` boards fit on an A4 page (1 to :data:`MAX_PER_PAGE`)."""
    return max(1, min(MAX_PER_PAGE, int((BOTTOM - TOP) // slip_height(boards))))


def team_result_slips_pdf(rnd: m.Round, header: PageHeader, lang: str) -> bytes:
    """One slip per match of ``rnd`` (the team bye has none), several to an A4 page with
    dashed lines to cut along."""
    doc, family, clean = new_document(header)
    rows = [r for r in match_rows(rnd) if isinstance(r["match"], m.TeamMatch)
            and r["match"].black is not None]
    boards = max((len(r["boards"]) for r in rows if isinstance(r["boards"], list)), default=1)
    per_page = slips_per_page(boards)
    height = (BOTTOM - TOP) / per_page
    width = 210 - 2 * LEFT
    for n, row in enumerate(rows):
        if n % per_page == 0:
            doc.add_page()
            _cut_lines(doc, per_page, height, width)
        y = TOP + (n % per_page) * height
        _match_slip(doc, family, clean, rnd, row, LEFT + 3, y + 3, width - 6, height - 6)
    if not rows:
        doc.add_page()
        doc.set_font(family, "", 11)
        doc.set_xy(LEFT, TOP + 5)
        doc.cell(0, 6, clean(_("No match in this round.")))
    return bytes(doc.output())


def _cut_lines(doc: Any, per_page: int, height: float, width: float) -> None:
    doc.set_draw_color(150, 150, 150)
    doc.set_dash_pattern(dash=1.5, gap=1.5)
    for r in range(per_page + 1):
        doc.line(LEFT, TOP + r * height, LEFT + width, TOP + r * height)
    doc.set_dash_pattern()
    doc.set_draw_color(0, 0, 0)


def _match_slip(doc: Any, family: str, clean: Any, rnd: m.Round, row: dict[str, Any],
                x: float, y: float, w: float, h: float) -> None:
    """One match's slip: event and date, round and match, the two teams (the one with White on
    board 1 first), a line per board (board, first team's player and colour, rating, an empty
    result box, the other player, rating), the match total, the captains' signatures."""
    event = rnd.event
    match: m.TeamMatch = row["match"]
    assert match.black is not None
    doc.set_xy(x, y)
    doc.set_font(family, "", 7.5)
    day = round_date(event, rnd, rnd.number)
    top = event.name + (f" · {formats.date_format(day, 'j F Y')}" if day else "")
    doc.cell(w, 3.5, _fit(doc, clean(top), w))
    doc.set_xy(x, y + 4.5)
    doc.set_font(family, "B", 11)
    title = _("Round %(n)s - match %(match)s: %(first)s - %(second)s") % {
        "n": rnd.number, "match": match.number, "first": match.white.name,
        "second": match.black.name}
    doc.cell(w, 6, _fit(doc, clean(title), w))
    # columns: board | colour | player | rating | result | rating | player | colour
    bd_w, col_w, rtg_w, res_w = 9.0, 12.0, 12.0, 26.0
    name_w = (w - bd_w - 2 * col_w - 2 * rtg_w - res_w) / 2
    cols = [(bd_w, _("Bd"), "C"), (col_w, "", "L"), (name_w, match.white.name, "L"),
            (rtg_w, _("Rtg"), "R"), (res_w, _("Result"), "C"), (rtg_w, _("Rtg"), "R"),
            (name_w, match.black.name, "L"), (col_w, "", "L")]
    line_y = y + HEAD_H
    doc.set_xy(x, line_y)
    doc.set_font(family, "B", 8.5)
    for cw, text, align in cols:
        doc.cell(cw, COLUMNS_H, _fit(doc, clean(text), cw - 1), border="B", align=align)
    line_y += COLUMNS_H
    for b in row["boards"]:
        first, second = b["first"], b["second"]
        colours = (_("White"), _("Black")) if b["first_white"] else (_("Black"), _("White"))
        # a board against an empty board: the forfeit is printed, nothing to write (4.1)
        empty = _("empty board")
        cells = [str(b["n"]), colours[0] if first else "", first.name if first else empty,
                 str(first.rating or "") if first else "", b["label"] if b["empty"] else "",
                 str(second.rating or "") if second else "",
                 second.name if second else empty, colours[1] if second else ""]
        doc.set_xy(x, line_y)
        doc.set_font(family, "", 9)
        for (cw, _head, align), text in zip(cols, cells, strict=True):
            doc.cell(cw, BOARD_H, _fit(doc, clean(text), cw - 1), border="B", align=align)
        # the result column: a box to write the board's result in
        rx = x + bd_w + col_w + name_w + rtg_w
        if not b["empty"]:
            doc.rect(rx + 3, line_y + 0.8, res_w - 6, BOARD_H - 1.6)
        line_y += BOARD_H
    # the match total
    doc.set_xy(x, line_y + 1.5)
    doc.set_font(family, "B", 9)
    label = _("Match total")
    doc.cell(bd_w + col_w + name_w + rtg_w, TOTAL_H - 2, clean(label), align="R")
    rx = x + bd_w + col_w + name_w + rtg_w
    doc.rect(rx + 3, line_y + 1.5, res_w - 6, TOTAL_H - 2)
    # the slip is filled by hand: the total is written in the box, not printed
    # the captains' signatures
    sign_y = y + h - 4.5
    doc.set_font(family, "", 7.5)
    half = w / 2
    for i, team in enumerate((match.white, match.black)):
        sx = x + i * half
        doc.line(sx + 1, sign_y, sx + half - 4, sign_y)
        doc.set_xy(sx + 1, sign_y + 0.5)
        doc.cell(half - 5, 3.5, _fit(doc, clean(_("Captain of %(team)s: signature")
                                               % {"team": team.name}), half - 5))


# --- prize lists by category (issue 27, after part 6) ------------------------------------------
def category_board_table(st: TeamStandings, key: str, members: dict[int, Member], year: int,
                         lang: str) -> Table:
    """The board results (:func:`swisspairing.standings.teams.board_table`) restricted to the
    members of category ``key`` (women, an age category, a rating band, a federation: the
    individual categories of :mod:`swisspairing.standings.categories`): each board's members
    of the category by percentage, then points; the category's board prize (``*``) to the
    first of them with at least half of the rounds played on that board, the rule of the
    board prizes (C.07 12: forfeits count as results; a team's bye is no game)."""
    from ...standings.categories import belongs
    from ...standings.categories import label as category_label
    from ...standings.teams import board_ranking, board_results
    from ...standings.views import percent_text, points_text

    t = st.tournament
    ev = t.team_event
    assert ev is not None
    team_of = ev.team_of()
    rows = []
    for board, players in sorted(board_results(st).items()):
        chosen = {pid: r for pid, r in players.items()
                  if belongs(key, members.get(pid, Member()), year)}
        ranked, prize = board_ranking(chosen, st.rounds)
        for pid, (pts, n) in ranked:
            p = t.players[pid]
            rows.append([str(board), "*" if pid == prize else "", ev.teams[team_of[pid]].name,
                         p.name, str(p.rating or ""), str(n), points_text(lang, pts),
                         percent_text(lang, pts, n)])
    return Table(
        title=_("%(category)s - board results after round %(n)s") % {
            "category": category_label(key, lang), "n": st.rounds},
        # the team third and the games sixth: the columns a phone hides in a prize list
        # (print.css), the player's name fourth, where it wraps
        headers=[_("Bd"), _("Prize"), _("Team"), _("Player"), _("Rtg"), _("Games"), _("Pts"),
                 "%"],
        rows=rows, align=["r", "c", "l", "l", "r", "r", "r", "r"],
        notes=[_("* the category's board prize: best percentage on the board among its "
                 "members, with at least half of the rounds played on it")] if rows else
        [_("No member of this category has played.")],
        kind="prizes", lang=lang)


def team_prize_tables(event: m.Event, keys: list[str], after: int | None,
                      lang: str) -> list[Table]:
    """The prize lists of a team event (the prizes page's categories), after round ``after``
    (default: the last complete one): for a category of the teams' prizes (``team:X``) its
    teams' standings, for a category of players its members' board results."""
    from django.utils import timezone

    from ...standings.teams import category_team_table
    from . import convert
    from .printing import TEAM_CATEGORY, _members
    from .team_views import _team_standings
    from .teams import teams_of_category

    rounds = after or convert.complete_rounds(event)
    st = _team_standings(event, rounds)
    year = (event.start_date or timezone.localdate()).year
    members = _members(event)
    team_categories = {name.casefold(): (name, set(tids))
                       for name, tids in teams_of_category(event).items()}
    out = []
    for key in keys:
        if key.startswith(TEAM_CATEGORY):  # the best team of a category
            typed = " ".join(key[len(TEAM_CATEGORY):].split())
            name, tids = team_categories.get(typed.casefold(), (typed, set()))
            out.append(category_team_table(st, name, tids, lang))
        else:
            out.append(category_board_table(st, key, members, year, lang))
    return out
