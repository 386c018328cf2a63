"""Render publication tables as text, TSV, JSON, HTML (Jinja2) or PDF (fpdf2).

PDF: fpdf2 is pure Python, installs from a wheel, is actively maintained and embeds TrueType
fonts, so names in any script print correctly when a Unicode font (DejaVu Sans) is found on the
machine; otherwise the PDF core font Helvetica is used and characters outside Latin-1 are
replaced by ``?``. Pages are A4, portrait or landscape by the width of the table; the header row
is repeated on every page.
"""

from __future__ import annotations

import json
import unicodedata
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .labels import word
from .ranking import Standings
from .views import Table, fmt_points

if TYPE_CHECKING:
    from fpdf import FPDF

FORMATS = ("text", "tsv", "json", "html", "pdf")

_FONT_DIRS = ("/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/dejavu",
              "/usr/share/fonts/TTF", "/Library/Fonts", "C:/Windows/Fonts")


# --- text ------------------------------------------------------------------------------------
def _pad(text: str, width: int, align: str) -> str:
    if align == "r":
        return text.rjust(width)
    if align == "c":
        return text.center(width)
    return text.ljust(width)


def table_text(table: Table) -> str:
    widths = [len(h) for h in table.headers]
    for row in table.rows:
        for i, cell in enumerate(row):
            widths[i] = max(widths[i], len(cell))
    lines = [table.title, *table.subtitle, ""]
    header = "  ".join(_pad(h, w, a if a != "l" else "l")
                       for h, w, a in zip(table.headers, widths, table.align, strict=True))
    lines.append(header.rstrip())
    lines.append("-" * len(header.rstrip()))
    for row in table.rows:
        lines.append("  ".join(_pad(c, w, a)
                               for c, w, a in zip(row, widths, table.align, strict=True)).rstrip())
    if table.notes:
        lines.append("")
        lines.extend(table.notes)
    return "\n".join(lines) + "\n"


def text(tables: list[Table]) -> str:
    return "\n\n".join(table_text(t) for t in tables)


# --- TSV / JSON ------------------------------------------------------------------------------
def standings_tsv(st: Standings, header: bool = False) -> str:
    """One row per player: pairing number, rank, points, then each tie-break in list order."""
    lines = []
    if header:
        lines.append("\t".join(["No", "Rank", "Pts", *st.labels]))
    for row in st.rows:
        lines.append("\t".join([str(row.pid), str(row.rank), fmt_points(row.points),
                                *(fmt_points(v) for v in row.values)]))
    return "\n".join(lines) + "\n"


def table_tsv(table: Table) -> str:
    lines = ["\t".join(table.headers)]
    lines.extend("\t".join(c.replace("\t", " ") for c in row) for row in table.rows)
    return "\n".join(lines) + "\n"


def standings_json(st: Standings) -> str:
    t = st.tournament
    data = {
        "rounds": st.rounds,
        "ranking": st.mode,
        "tiebreaks": st.labels,
        "tiebreaks_from": st.source,
        "seed": st.seed,
        "lots": st.lots,
        "players": [
            {
                "id": row.pid,
                "rank": row.rank,
                "name": t.players[row.pid].name,
                "rating": t.players[row.pid].rating,
                "points": row.points,
                "tiebreaks": dict(zip(st.labels, row.values, strict=True)),
            }
            for row in st.rows
        ],
    }
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


def tables_json(tables: list[Table]) -> str:
    data = [
        {"title": t.title, "kind": t.kind, "headers": t.headers, "rows": t.rows,
         "notes": t.notes}
        for t in tables
    ]
    return json.dumps(data if len(data) > 1 else data[0], ensure_ascii=False, indent=2) + "\n"


# --- HTML ------------------------------------------------------------------------------------
def html(tables: list[Table]) -> str:
    """A printable HTML page (A4 landscape), one section per table, everything escaped."""
    import jinja2

    source = (resources.files("swisspairing.standings") / "templates" /
              "publication.html.j2").read_text(encoding="utf-8")
    env = jinja2.Environment(autoescape=True, trim_blocks=True, lstrip_blocks=True)
    title = tables[0].title if tables else "swisspairing"
    lang = tables[0].lang if tables else "en"
    return env.from_string(source).render(title=title, tables=tables, lang=lang)


# --- PDF -------------------------------------------------------------------------------------
def _find_font(name: str) -> Path | None:
    for d in _FONT_DIRS:
        p = Path(d) / name
        if p.is_file():
            return p
    return None


@dataclass(slots=True)
class PageHeader:
    """What an arbiter's printout carries on every page: the event's name and details (place,
    dates, chief arbiter, time control), what the page is (``Round 3 - 12/04/2026``), and at the
    foot the print date and ``Page n / N`` (``page`` holds ``{n}`` and ``{nb}``)."""

    event: str
    details: list[str] = field(default_factory=list)
    what: str = ""
    printed: str = ""
    page: str = "Page {n} / {nb}"


def new_document(header: PageHeader | None = None) -> tuple[Any, str, Any]:
    """An A4 fpdf2 document with the publication font, and the header and foot of
    ``header`` drawn on every page; returns ``(doc, family, clean)``."""
    from fpdf import FPDF

    class Document(FPDF):  # type: ignore[misc]
        def header(self) -> None:
            if header is not None:
                _draw_header(self, header, family, clean)

        def footer(self) -> None:
            if header is not None:
                _draw_footer(self, header, family, clean)

    doc = Document(unit="mm", format="A4")
    doc.set_auto_page_break(False)
    regular, bold = _find_font("DejaVuSans.ttf"), _find_font("DejaVuSans-Bold.ttf")
    if regular is not None:
        doc.add_font("Pub", "", str(regular))
        doc.add_font("Pub", "B", str(bold or regular))
        family, clean = "Pub", (lambda s: s)
    else:  # pragma: no cover - depends on the machine's fonts
        family, clean = "Helvetica", _latin1
    return doc, family, clean


def _fit(doc: FPDF, text: str, width: float) -> str:
    """``text`` cut with an ellipsis so that it fits ``width`` mm in the current font."""
    if doc.get_string_width(text) <= width:
        return text
    while text and doc.get_string_width(text + "…") > width:
        text = text[:-1]
    return text + "…"


def _draw_header(doc: FPDF, header: PageHeader, family: str, clean: Any) -> None:
    width = doc.w - 20
    doc.set_xy(10, 7)
    doc.set_font(family, "B", 11)
    what = clean(header.what)
    what_w = doc.get_string_width(what) + 2 if what else 0
    doc.cell(width - what_w, 5.5, _fit(doc, clean(header.event), width - what_w - 2))
    if what:
        doc.cell(what_w, 5.5, what, align="R")
    doc.set_xy(10, 12.5)
    doc.set_font(family, "", 8)
    doc.cell(width, 4, _fit(doc, clean(" · ".join(d for d in header.details if d)), width))
    doc.set_draw_color(120, 120, 120)
    doc.line(10, 17.5, doc.w - 10, 17.5)
    doc.set_draw_color(0, 0, 0)
    doc.set_xy(10, 20)


def _draw_footer(doc: FPDF, header: PageHeader, family: str, clean: Any) -> None:
    doc.set_font(family, "", 7.5)
    doc.set_xy(10, doc.h - 9)
    width = doc.w - 20
    doc.cell(width / 2, 4, _fit(doc, clean(header.printed), width / 2 - 2))
    doc.cell(width / 2, 4, clean(header.page.format(n=doc.page_no(), nb="{nb}")), align="R")


def pdf(tables: list[Table], header: PageHeader | None = None, flow: bool = False) -> bytes:
    """A PDF ready to print: one table per page run, header row repeated after page breaks;
    with ``header``, the event's header and the page numbers on every page; with ``flow``, a
    table starts under the previous one when there is room (short prize lists)."""
    doc, family, clean = new_document(header)
    for table in tables:
        _pdf_table(doc, table, family, clean, bottom=14 if header is not None else 12,
                   flow=flow)
    return bytes(doc.output())


def _latin1(s: str) -> str:
    s = unicodedata.normalize("NFC", s)
    return s.encode("latin-1", "replace").decode("latin-1")


def _pdf_table(doc: object, table: Table, family: str, clean: object,
               bottom: float = 12, flow: bool = False) -> None:
    from fpdf import FPDF

    assert isinstance(doc, FPDF)
    size = 11.0 if table.kind in ("pairings", "alpha") else 9.0  # read from a distance
    doc.set_font(family, "", size)
    pad = 2.0

    # a text column is at most this wide (mm): a 200-character name is cut with an ellipsis
    # in its cell rather than shrinking every row's type or spilling over the next cell
    text_cap = 70.0 if table.kind in ("pairings", "alpha") else 60.0

    def widths_at(sz: float) -> list[float]:
        doc.set_font(family, "B", sz)
        ws = [doc.get_string_width(clean(h)) + 2 * pad for h in table.headers]  # type: ignore[operator]
        doc.set_font(family, "", sz)
        for row in table.rows:
            for i, cell in enumerate(row):
                ws[i] = max(ws[i], doc.get_string_width(clean(cell)) + 2 * pad)  # type: ignore[operator]
        return [min(w, max(text_cap, ws_h)) if a == "l" else w
                for w, a, ws_h in zip(ws, table.align, head_widths(sz), strict=True)]

    def head_widths(sz: float) -> list[float]:
        doc.set_font(family, "B", sz)
        out = [doc.get_string_width(clean(h)) + 2 * pad for h in table.headers]  # type: ignore[operator]
        doc.set_font(family, "", sz)
        return out

    widths = widths_at(size)
    orientation = "P" if sum(widths) <= 210 - 20 else "L"
    usable = (210 if orientation == "P" else 297) - 20
    while sum(widths) > usable and size > 4:
        size -= 0.5
        widths = widths_at(size)
    if sum(widths) > usable:
        scale = usable / sum(widths)
        widths = [w * scale for w in widths]
    line_h = size * 0.5
    page_h = 297 if orientation == "P" else 210

    def header() -> None:
        doc.set_font(family, "B", size)
        doc.set_fill_color(225, 225, 225)
        for h, w in zip(table.headers, widths, strict=True):
            doc.cell(w, line_h, clean(h), border=1, align="C", fill=True)  # type: ignore[operator]
        doc.ln(line_h)
        doc.set_font(family, "", size)

    def new_page(first: bool) -> None:
        room = page_h - bottom - doc.get_y()
        same = str(getattr(doc.cur_orientation, "value", "")) == orientation
        if first and flow and doc.page and same and \
                room > 20 + line_h * min(len(table.rows) + 1, 6):
            doc.set_xy(10, doc.get_y() + 6)  # under the previous table
        else:
            doc.add_page(orientation=orientation)
            doc.set_margins(10, 10, 10)
            doc.set_xy(10, max(10.0, doc.get_y()))  # below the page header, if any
        doc.set_font(family, "B", 12)
        title = table.title if first else word("continued", table.lang, title=table.title)
        # a long title (a player card's, a long event name) wraps instead of leaving the page
        doc.multi_cell(0, 6, clean(title), new_x="LMARGIN", new_y="NEXT")  # type: ignore[operator]
        doc.ln(2)
        doc.set_font(family, "", 9)
        if first:
            for line in table.subtitle:
                doc.cell(0, 5, clean(line))  # type: ignore[operator]
                doc.ln(5)
        header()

    new_page(True)
    align = {"l": "L", "r": "R", "c": "C"}
    for n, row in enumerate(table.rows):
        if doc.get_y() + line_h > page_h - bottom:
            new_page(False)
        fill = n % 2 == 1
        doc.set_fill_color(244, 244, 244)
        for cell, w, a in zip(row, widths, table.align, strict=True):
            text = _fit(doc, clean(cell), w - 2 * pad + 0.5)  # type: ignore[operator]
            doc.cell(w, line_h, text, border=1, align=align[a], fill=fill)
        doc.ln(line_h)
    doc.set_font(family, "", 8)
    doc.ln(2)
    for note in table.notes:
        if doc.get_y() + 5 > page_h - bottom + 2:
            new_page(False)
        doc.set_x(10)
        doc.multi_cell(0, 4.5, clean(note), new_x="LMARGIN", new_y="NEXT")  # type: ignore[operator]
