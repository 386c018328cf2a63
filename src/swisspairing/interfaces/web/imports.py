"""Player lists an arbiter brings: CSV, a TRF file, the FIDE rating list (XML or TXT).

Each reader returns :class:`Candidate` rows (nothing is written here) or raises
:class:`~swisspairing.errors.InputError` naming the file, the line and the problem.

* CSV: a header row naming the columns (English or French names, any order; ``,`` ``;`` or tab
  separated), one player per row;
* TRF: the ``001`` player records (pairing numbers are given again by the app, C.04.2 B);
* FIDE rating list, XML (``<playerslist><player><fideid>...``) and the fixed-width TXT files
  (``standard_rating_list.txt``...): columns are found from the header line, so the standard,
  rapid, blitz and combined lists are all read.
"""

from __future__ import annotations

import csv
import io
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass

from ...errors import InputError
from ...formats.trf import decode, parse_trf_bytes
from ...model.tournament import normalise_title

#: An upload larger than this is refused (the complete FIDE list as TXT is about 100 MB).
MAX_IMPORT_BYTES = 200 * 1024 * 1024


@dataclass(slots=True)
class Candidate:
    name: str
    rating: int = 0
    fide_id: str = ""
    federation: str = ""
    title: str = ""
    birth_date: str = ""
    sex: str = ""
    club: str = ""


_CSV_COLUMNS = {
    "name": ("name", "nom", "player", "joueur", "nom prénom", "nom prenom"),
    "rating": ("rating", "elo", "rtg", "classement", "fide rating"),
    "fide_id": ("fide_id", "fide id", "fideid", "id fide", "fide", "fide number"),
    "federation": ("federation", "fed", "fédération", "country", "pays"),
    "title": ("title", "titre", "tit"),
    "birth_date": ("birth_date", "birth date", "born", "birthday", "naissance",
                   "date de naissance", "b-day"),
    "sex": ("sex", "sexe", "gender"),
    "club": ("club",),
}


def _rating(text: str, where: str, path: str, line: int) -> int:
    text = text.strip()
    if not text:
        return 0
    if not text.isdigit() or int(text) > 4000:
        raise InputError(f"{where}: a rating must be a number from 0 to 4000, found {text!r}",
                         path, line)
    return int(text)


def _clean(c: Candidate) -> Candidate:
    c.name = " ".join(c.name.split())[:200]
    c.title = normalise_title(c.title)[:3]
    c.federation = c.federation.strip().upper()[:3]
    c.fide_id = c.fide_id.strip()[:11]
    c.sex = c.sex.strip().lower()[:1].replace("f", "w")
    c.birth_date = c.birth_date.strip()[:10]
    c.club = c.club.strip()[:200]
    return c


def read_csv(data: bytes, path: str = "players.csv") -> list[Candidate]:
    text, _ = decode(data, path)
    sample = text[:4096]
    try:
        dialect: type[csv.Dialect] | csv.Dialect = csv.Sniffer().sniff(sample, ",;\t")
    except csv.Error:
        dialect = csv.excel
    rows = list(csv.reader(io.StringIO(text), dialect))
    if not rows:
        raise InputError("the file is empty", path)
    header = [h.strip().casefold() for h in rows[0]]
    columns: dict[str, int] = {}
    for field, names in _CSV_COLUMNS.items():
        for i, h in enumerate(header):
            if h in names:
                columns[field] = i
                break
    if "name" not in columns:
        raise InputError("the first row must name the columns, one of them 'name' (or 'nom')",
                         path, 1)
    out = []
    for n, row in enumerate(rows[1:], start=2):
        if not any(cell.strip() for cell in row):
            continue

        def get(field: str, row: list[str] = row) -> str:
            i = columns.get(field)
            return row[i] if i is not None and i < len(row) else ""

        if not get("name").strip():
            raise InputError("a player without a name", path, n)
        out.append(_clean(Candidate(
            name=get("name"), rating=_rating(get("rating"), "rating", path, n),
            fide_id=get("fide_id"), federation=get("federation"), title=get("title"),
            birth_date=get("birth_date"), sex=get("sex"), club=get("club"))))
    return out


def read_trf_players(data: bytes, path: str = "players.trf") -> list[Candidate]:
    t = parse_trf_bytes(data, path)
    return [_clean(Candidate(p.name, p.rating, p.fide_id, p.federation, p.title, p.birth_date,
                             p.sex)) for _, p in sorted(t.players.items())]


def read_fide_xml(data: bytes, path: str = "players_list.xml") -> list[Candidate]:
    """The FIDE list as XML: ``<player>`` elements with ``fideid name country sex title
    rating birthday`` children (the ``rating`` of the list downloaded: standard, rapid...)."""
    if b"<!DOCTYPE" in data[:2048] or b"<!ENTITY" in data[:65536]:
        raise InputError("document type declarations are not accepted in a rating list", path)
    out = []
    try:
        for _event, el in ET.iterparse(io.BytesIO(data), events=("end",)):
            if el.tag != "player":
                continue
            def text(tag: str, el: ET.Element = el) -> str:
                return (el.findtext(tag) or "").strip()
            rating_text = text("rating") or text("standard_rating") or text("rapid_rating")
            out.append(_clean(Candidate(
                name=text("name"), rating=_rating(rating_text, "rating", path, 0) if
                rating_text.isdigit() else 0, fide_id=text("fideid"),
                federation=text("country"), title=text("title"), birth_date=text("birthday"),
                sex=text("sex"))))
            el.clear()
    except ET.ParseError as exc:
        raise InputError(f"not a valid XML rating list: {exc}", path,
                         exc.position[0] if exc.position else None) from None
    if not out:
        raise InputError("no <player> element: is this the FIDE rating list in XML?", path)
    return out


_RATING_HEADER = re.compile(r"^(SRtng|RRtng|BRtng|Rtng|[A-Z]{3}\d{2})$")


def read_fide_txt(data: bytes, path: str = "players_list.txt") -> list[Candidate]:
    """The fixed-width FIDE list. The header line gives each column's first character:
    ``ID Number``, ``Name``, ``Fed``, ``Sex``, ``Tit``, a rating column (``SRtng`` in the
    combined list, ``NOV25``-like in the single lists) and ``B-day``."""
    text, _ = decode(data, path)
    lines = text.splitlines()
    if not lines or not lines[0].startswith("ID Number"):
        raise InputError("the first line must be the header of the FIDE list ('ID Number  "
                         "Name ...')", path, 1)
    header = lines[0]
    starts = [(mt.start(), mt.group()) for mt in re.finditer(r"ID Number|\S+", header)]
    col = {name: i for i, (_, name) in enumerate(starts)}
    rating_name = next((name for _, name in starts if _RATING_HEADER.match(name)), None)
    for needed in ("Name", "Fed"):
        if needed not in col:
            raise InputError(f"the header line has no {needed!r} column", path, 1)

    def field(line: str, name: str | None) -> str:
        if name is None or name not in col:
            return ""
        i = col[name]
        begin = starts[i][0]
        end = starts[i + 1][0] if i + 1 < len(starts) else len(line)
        return line[begin:end].strip()

    out = []
    for n, line in enumerate(lines[1:], start=2):
        if not line.strip():
            continue
        rating = field(line, rating_name)
        out.append(_clean(Candidate(
            name=field(line, "Name"), fide_id=field(line, "ID Number"),
            federation=field(line, "Fed"), sex=field(line, "Sex"), title=field(line, "Tit"),
            birth_date=field(line, "B-day"),
            rating=_rating(rating, rating_name or "rating", path, n))))
        if not out[-1].name:
            raise InputError("a player without a name", path, n)
    return out


def read_players(data: bytes, filename: str) -> list[Candidate]:
    """Choose the reader from the content (and the name): TRF, FIDE XML, FIDE TXT, else CSV."""
    if len(data) > MAX_IMPORT_BYTES:
        raise InputError(f"the file is larger than {MAX_IMPORT_BYTES // 2**20} MB", filename)
    head = data[:4096].lstrip(b"\xef\xbb\xbf \r\n\t")
    if head.startswith(b"<"):
        return read_fide_xml(data, filename)
    if head.startswith(b"ID Number"):
        return read_fide_txt(data, filename)
    if re.search(rb"(^|\n)001 ", data[:65536]) or filename.lower().endswith((".trf", ".trfx")):
        return read_trf_players(data, filename)
    return read_csv(data, filename)
