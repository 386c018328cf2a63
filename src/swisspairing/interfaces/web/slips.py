"""Result slips of a round (issue 25, item 2): one slip per board, eight to an A4 page (two
columns, four rows, dashed lines to cut along), for the players to tick the result and sign.

A slip carries the event, the round and its date, the board, both players (number, name,
rating, points before the round) and the three results to tick. It carries no board code: the
players' code slips of the playing hall are another printout, kept from the public.
"""

from __future__ import annotations

from typing import Any

from django.utils import formats
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from ...standings.render import PageHeader, _fit, new_document
from ...standings.views import points_text
from .double_swiss import round_gettext
from .printing import RoundSheet, points_count, round_date

#: slips per page: columns x rows
COLUMNS, ROWS = 2, 4


def result_slips_pdf(sheet: RoundSheet, header: PageHeader, lang: str) -> bytes:
    """The slips of every board of the round (the pairing-allocated bye has none)."""
    doc, family, clean = new_document(header)
    boards = [g for g in sheet.games if g.black is not None]
    top, bottom, left = 20.0, 287.0 - 10.0, 10.0
    width = (210 - 2 * left) / COLUMNS
    height = (bottom - top) / ROWS
    per_page = COLUMNS * ROWS
    for n, game in enumerate(boards):
        if n % per_page == 0:
            doc.add_page()
            _cut_lines(doc, top, bottom, left, width, height)
        place = n % per_page
        x = left + (place % COLUMNS) * width
        y = top + (place // COLUMNS) * height
        _slip(doc, family, clean, sheet, game, x + 3, y + 3, width - 6, height - 6, lang)
    if not boards:
        doc.add_page()
        doc.set_font(family, "", 11)
        doc.set_xy(left, top + 5)
        doc.cell(0, 6, clean(_("No board in this round.")))
    return bytes(doc.output())


def _cut_lines(doc: Any, top: float, bottom: float, left: float, width: float,
               height: float) -> None:
    doc.set_draw_color(150, 150, 150)
    doc.set_dash_pattern(dash=1.5, gap=1.5)
    for c in range(COLUMNS + 1):
        doc.line(left + c * width, top, left + c * width, bottom)
    for r in range(ROWS + 1):
        doc.line(left, top + r * height, left + COLUMNS * width, top + r * height)
    doc.set_dash_pattern()
    doc.set_draw_color(0, 0, 0)


def _slip(doc: Any, family: str, clean: Any, sheet: RoundSheet, game: Any, x: float,
          y: float, w: float, h: float, lang: str) -> None:
    event = sheet.event
    doc.set_xy(x, y)
    doc.set_font(family, "", 7.5)
    day = round_date(event, sheet.rnd, sheet.rnd.number)
    top = event.name + (f" · {formats.date_format(day, 'j F Y')}" if day else "")
    doc.cell(w, 3.5, _fit(doc, clean(top), w))
    doc.set_xy(x, y + 4.5)
    doc.set_font(family, "B", 12)
    board = round_gettext(event, "Round %(n)s - board %(board)s") % {  # a match: C.04.5
        "n": sheet.rnd.number, "board": game.board_label}
    doc.cell(w, 6, _fit(doc, clean(board), w))
    line_y = y + 12.5
    for colour, player in ((_("White"), game.white), (_("Black"), game.black)):
        doc.set_xy(x, line_y)
        doc.set_font(family, "B", 8.5)
        doc.cell(14, 5, clean(colour))
        doc.set_font(family, "", 9)
        facts = f"{player.tpn} · " + (f"{player.rating} · " if player.rating else "") + \
            ngettext("%(points)s pt", "%(points)s pts", points_count(sheet.points[player.pk])) \
            % {"points": points_text(lang, sheet.points[player.pk])}
        facts_w = doc.get_string_width(clean(facts)) + 1
        doc.cell(w - 14 - facts_w, 5, _fit(doc, clean(player.name), w - 14 - facts_w - 1))
        doc.cell(facts_w, 5, clean(facts), align="R")
        line_y += 6.5
    # the results to tick
    doc.set_font(family, "", 10)
    box_y = line_y + 2
    choices = ("1-0", "½-½", "0-1")
    step = w / len(choices)
    for i, choice in enumerate(choices):
        bx = x + i * step + 2
        doc.rect(bx, box_y, 4.5, 4.5)
        doc.set_xy(bx + 6, box_y - 0.3)
        doc.cell(step - 8, 5, clean(choice))
    # signatures
    sign_y = y + h - 6
    doc.set_font(family, "", 7.5)
    half = w / 2
    for i, who in enumerate((_("White's signature"), _("Black's signature"))):
        sx = x + i * half
        doc.line(sx + 1, sign_y, sx + half - 3, sign_y)
        doc.set_xy(sx + 1, sign_y + 0.5)
        doc.cell(half - 4, 3.5, clean(who))
