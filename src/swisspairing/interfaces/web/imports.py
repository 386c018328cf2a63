"""Player lists an arbiter brings: CSV, a TRF file, the FIDE rating list (XML or TXT).

Each reader returns :class:`Candidate` rows (nothing is written here) or raises
:class:`~swisspairing.errors.InputError` naming the file, the line and the problem.

* CSV: a header row naming the columns (English or French names, any order; ``,`` ``;`` or tab
  separated), one player per row;
* TRF: the ``001`` player records (pairing numbers are given again by the app, C.04.2 B);
* FIDE rating list, XML (``<playerslist><player><fideid>...``) and the fixed-width TXT files
  (``standard_rating_list.txt``...): columns are found from the header line, so the standard,
  rapid, blitz and combined lists are all read.

The FIDE list readers stream (issue 15, big imports): :func:`iter_fide_txt` reads one line at a
time and :func:`iter_fide_xml` feeds the XML parser 64 KB at a time and keeps only the
``<player>`` being read, so a 1.1-million-player list is never held in memory;
:func:`iter_rating_list_file` opens the file the arbiter downloaded (TXT, XML, or the ZIP
FIDE distributes them in).
:func:`search_key` is the normalised name the rating list is searched by.
"""

from __future__ import annotations

import csv
import datetime
import functools
import io
import re
import unicodedata
import xml.etree.ElementTree as ET
import zipfile
import zlib
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import BinaryIO

from ...errors import InputError
from ...formats.trf import decode, one_line, parse_trf_bytes
from ...model.tournament import normalise_title

#: A player file (CSV, TRF, a FIDE list extract) larger than this is refused when imported into
#: an event: 20,000 CSV lines are about 1 MB.
MAX_IMPORT_BYTES = 32 * 1024 * 1024
#: A FIDE rating list larger than this is refused (the complete list is about 110 MB as TXT,
#: about 400 MB as XML); it is streamed to the data folder, never held in memory.
MAX_RATING_LIST_BYTES = 1000 * 1024 * 1024
#: An event may hold at most this many players (``settings.SWISSPAIRING_MAX_PLAYERS`` changes
#: it): the largest FIDE-rated Swiss opens have a few thousand; an import that would go over
#: is refused as a whole.
MAX_EVENT_PLAYERS = 5000
#: The longest line of a FIDE rating list in TXT (its lines are about 160 characters) and the
#: longest value of a player in the XML list: a longer one is refused, never held whole (issue
#: 24 item 18: a 398 KB ZIP holding one 1.26 GB line took 1.26 GB of memory).
MAX_LIST_LINE_BYTES = 4096
MAX_XML_VALUE_CHARS = 4096
#: The XML list's bytes read without an element starting or ending: more is a token (a tag,
#: an attribute, a comment) the parser would have to hold whole, and is refused.
MAX_XML_TOKEN_BYTES = 1024 * 1024


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


def _rating(text: str, where: str, path: str, line: int) -> int:
    text = text.strip()
    if not text:
        return 0
    if not (text.isascii() and text.isdigit()) or int(text) > 4000:
        raise InputError(f"{where}: a rating must be a number from 0 to 4000, found {text!r}",
                         path, line)
    return int(text)


def real_fide_id(text: str) -> str:
    """A FIDE id as stored: ``""`` for none, including the ``0`` (or ``00000``) that FFE
    exports and many TRF files write for a player without one."""
    text = text.strip()
    return "" if not text.strip("0") else text


def _clean(c: Candidate) -> Candidate:
    """A player read from a file as it is stored: every text on one line (:func:`one_line`,
    no control character: a line break in a CSV cell or an XML name would forge a TRF line,
    issue 24 item 7), then cut to its column's width."""
    c.name = one_line(c.name)[:200].rstrip()
    c.title = normalise_title(one_line(c.title))[:3]
    c.federation = one_line(c.federation).upper()[:3]
    c.fide_id = real_fide_id(one_line(c.fide_id))[:11]
    c.sex = one_line(c.sex).lower()[:1].replace("f", "w")
    c.birth_date = one_line(c.birth_date)[:10].rstrip()
    c.club = one_line(c.club)[:200].rstrip()
    return c


# --- CSV ---------------------------------------------------------------------------------------
#: The columns of a player CSV, by field: each name as :func:`_column_key` gives it (lower case,
#: no accents, letters and digits only: "Date de naissance" -> "datedenaissance", "N° FIDE" ->
#: "nfide"). French and English names, and the FFE's exports (issue: a normal French CSV lost
#: its first names and FIDE ids without a word).
_CSV_COLUMNS: dict[str, tuple[str, ...]] = {
    # the whole name ("SURNAME, Firstname" or "SURNAME Firstname")
    "name": ("name", "nom", "player", "joueur", "joueuse", "nomprenom", "nometprenom",
             "nomprenoms", "fullname", "nomcomplet", "playername", "nomdujoueur"),
    # the surname when the first name has its own column ("name"/"nom" become the surname then)
    "surname": ("surname", "lastname", "familyname", "nomdefamille", "nomfamille"),
    "first_name": ("prenom", "prenoms", "firstname", "givenname", "forename", "firstnames"),
    # the standard rating: the FFE's "Elo" column is the standard one (beside "Rapide", "Blitz")
    "rating": ("rating", "elo", "rtg", "classement", "fiderating", "elofide", "elostandard",
               "standard", "std", "srtng", "standardrating"),
    "fide_id": ("fideid", "idfide", "fide", "fidenumber", "codefide", "nfide", "nofide",
                "numerofide", "nrfide", "matriculefide", "fidecode", "fideno", "fidenr"),
    "federation": ("federation", "fed", "country", "pays", "nation", "nationalite"),
    "title": ("title", "titre", "tit", "fidetitle", "titrefide"),
    "birth_date": ("birthdate", "born", "birthday", "naissance", "datedenaissance",
                   "datenaissance", "nele", "neele", "nee", "ne", "dob", "dateofbirth", "bday",
                   "anneedenaissance", "yearofbirth", "birthyear"),
    "sex": ("sex", "sexe", "gender", "genre"),
    "club": ("club", "nomduclub", "clubname", "nomclub"),
}
#: Columns of the FFE's exports and of other programs that the app has no use for: they count
#: as column names when the separator is chosen, and are listed with the columns not read.
_CSV_KNOWN_UNUSED = frozenset((
    "refffe", "nrffe", "nffe", "codeffe", "licence", "license", "rapide", "rapid", "blitz",
    "elorapide", "eloblitz", "rapidrating", "blitzrating", "cat", "categorie", "category",
    "ligue", "league", "mail", "email", "telephone", "phone", "no", "n", "num", "numero",
    "rank", "rang", "pts", "points"))
_CSV_INDEX = {key: field for field, keys in _CSV_COLUMNS.items() for key in keys}
#: the separators a player CSV may use; on a tie, the first one wins
_CSV_DELIMITERS = (";", "\t", ",")
_RATING_CELL = re.compile(r"(\d{1,4})(?:\s*[FNEfne])?")
_DATE_DMY = re.compile(r"(\d{1,2})[/.\-](\d{1,2})[/.\-](\d{4})")
_DATE_YMD = re.compile(r"(\d{4})[/\-.](\d{1,2})[/\-.](\d{1,2})")


def _column_key(header: str) -> str:
    """A column name as it is looked up: lower case, no accents, letters and digits only
    (``"N° FIDE"`` -> ``"nfide"``, ``"Date de naissance"`` -> ``"datedenaissance"``)."""
    return re.sub(r"[^a-z0-9]", "", search_key(header))


@dataclass(slots=True)
class PlayerFile:
    """What a player file gave: the players, the columns not read (CSV: their names as the
    file writes them) and warnings (a file not in UTF-8...), for the import's message."""

    candidates: list[Candidate]
    ignored_columns: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)


def _split(line: str, delimiter: str) -> list[str]:
    return next(csv.reader([line], delimiter=delimiter), [])


def _delimiter(header_line: str) -> str:
    """The separator that splits the header line into the most known column names (``;``, tab,
    then ``,`` on a tie). The header decides, not a sample of rows: a value holding a ``;``
    or a ``,`` (a club name) cannot mislead it."""
    def known(delimiter: str) -> int:
        keys = [_column_key(cell) for cell in _split(header_line, delimiter)]
        return sum(1 for k in keys if k in _CSV_INDEX or k in _CSV_KNOWN_UNUSED)
    return max(_CSV_DELIMITERS, key=lambda d: (known(d), -_CSV_DELIMITERS.index(d)))


def _csv_rating(text: str, column: str, path: str, line: int) -> int:
    """A rating cell: a number, maybe followed by the FFE's letter (``1460 F``: F = FIDE,
    N = national, E = estimated; the number is kept)."""
    text = text.strip()
    if not text:
        return 0
    found = _RATING_CELL.fullmatch(text)
    if found is None or int(found.group(1)) > 4000:
        raise InputError(f"column {column!r}: a rating must be a number from 0 to 4000 "
                         f"(maybe followed by F, N or E), found {text!r}", path, line)
    return int(found.group(1))


def _csv_birth_date(text: str, column: str, path: str, line: int) -> str:
    """A birth date in the TRF form ``YYYY/MM/DD`` (TRF-16 columns 70-79); the file may give
    ``DD/MM/YYYY`` (the French order; also with ``.`` or ``-``), ``YYYY-MM-DD``,
    ``YYYY/MM/DD`` or a year alone (kept alone, as the FIDE rating list gives it)."""
    text = text.strip()
    if not text:
        return ""
    if re.fullmatch(r"\d{4}", text):
        return text
    if found := _DATE_DMY.fullmatch(text):
        day, month, year = (int(g) for g in found.groups())
    elif found := _DATE_YMD.fullmatch(text):
        year, month, day = (int(g) for g in found.groups())
    else:
        raise InputError(f"column {column!r}: {text!r} is not a date (DD/MM/YYYY, YYYY-MM-DD "
                         "or a year)", path, line)
    try:
        born = datetime.date(year, month, day)
    except ValueError:
        raise InputError(f"column {column!r}: {text!r} is not a date that exists", path,
                         line) from None
    return born.strftime("%Y/%m/%d")


def _csv_sex(text: str) -> str:
    """``H`` / ``Homme`` (French) is a man; the rest as :func:`_clean` reads it (``F`` -> w)."""
    return "m" if text.strip().lower().startswith("h") else text


class BadRows(InputError):
    """Several rows of a player CSV cannot be read: every one of them, with its line and its
    problem, so that the arbiter corrects the file once (issue 25 item 12); nothing of the
    file is imported. ``rows`` holds each row's own :class:`InputError` (at most
    :data:`MAX_BAD_ROWS_LISTED`), ``count`` how many rows are bad in all."""

    def __init__(self, rows: list[InputError], count: int, path: str) -> None:
        self.rows = rows
        self.count = count
        super().__init__(f"{count} rows cannot be read, nothing was imported", path)

    def user_message(self) -> str:
        listed = "; ".join(row.user_message() for row in self.rows)
        more = f"; and {self.count - len(self.rows)} more" if self.count > len(self.rows) else ""
        return f"{super().user_message()}: {listed}{more}"


#: the bad rows of a CSV named one by one; past this, only counted
MAX_BAD_ROWS_LISTED = 50


class _CsvReader:
    """A player CSV: the header read (and checked) when made, the players when iterated.

    A bad row does not stop the reading: every bad row is kept, and when the file is read
    the one bad row's error (or :class:`BadRows`, for several) is raised, so the arbiter
    sees them all at once and nothing is imported (issue 25 item 12)."""

    def __init__(self, data: bytes, path: str) -> None:
        self.path = path
        if b"\x00" in data:
            # decode() would call it "not a TRF text file" (session 9: a CSV's error)
            line = data[: data.index(b"\x00")].count(b"\n") + 1
            raise InputError("binary data (NUL byte): this is not a CSV text file", path, line)
        text, warning = decode(data, path)
        self.warnings = [warning] if warning else []
        text = text.lstrip("\ufeff")
        header_line = next(iter(text.splitlines()), "")
        if not header_line.strip():
            raise InputError("the file is empty", path)
        self.delimiter = _delimiter(header_line)
        self.rows = csv.reader(io.StringIO(text, newline=""), delimiter=self.delimiter)
        self.header = [h.strip() for h in next(self.rows)]
        self.columns: dict[str, int] = {}
        self.ignored_columns: list[str] = []
        for i, title in enumerate(self.header):
            owner = _CSV_INDEX.get(_column_key(title))
            if owner is None or owner in self.columns:
                if title:
                    self.ignored_columns.append(title)
                continue
            self.columns[owner] = i
        if "first_name" in self.columns:
            # "Nom" beside "Prénom" is the surname
            if "surname" not in self.columns and "name" in self.columns:
                self.columns["surname"] = self.columns.pop("name")
            elif "name" in self.columns:
                self.ignored_columns.append(self.header[self.columns.pop("name")])
        elif "surname" in self.columns and "name" not in self.columns:
            self.columns["name"] = self.columns.pop("surname")
        if "name" not in self.columns and "surname" not in self.columns:
            raise InputError(
                "the first row must name the columns, one of them the name ('Nom', or 'Nom' "
                f"and 'Prénom'); it has {', '.join(repr(h) for h in self.header)}", path, 1)

    def __iter__(self) -> Iterator[Candidate]:
        bad: list[InputError] = []
        count = 0
        for read in self._rows():
            if isinstance(read, InputError):
                count += 1
                if len(bad) < MAX_BAD_ROWS_LISTED:
                    bad.append(read)
            elif not count:  # after a bad row, nothing more is handed out
                yield read
        if count == 1:
            raise bad[0]
        if count:
            raise BadRows(bad, count, self.path)

    def _rows(self) -> Iterator[Candidate | InputError]:
        """Each row's player, or the error that row makes."""
        while True:
            try:
                row = next(self.rows)
            except StopIteration:
                return
            except csv.Error as exc:
                yield InputError(f"not a valid CSV row: {exc}", self.path, self.rows.line_num)
                continue
            try:
                candidate = self._candidate(row, self.rows.line_num)
            except InputError as exc:
                yield exc
                continue
            if candidate is not None:
                yield candidate

    def _candidate(self, row: list[str], n: int) -> Candidate | None:
        """The player of row ``row`` (line ``n``), None for an empty row."""
        path, width = self.path, len(self.header)
        if not any(cell.strip() for cell in row):
            return None
        if len(row) > width and any(cell.strip() for cell in row[width:]):
            sep = "tab" if self.delimiter == "\t" else repr(self.delimiter)
            raise InputError(f"the row has {len(row)} cells, the header {width}: is there "
                             f"a {sep} inside a value? Put that value in quotes (\"...\")",
                             path, n)

        def get(wanted: str, row: list[str] = row) -> str:
            i = self.columns.get(wanted)
            return row[i].strip() if i is not None and i < len(row) else ""

        def title(wanted: str) -> str:
            return self.header[self.columns[wanted]] if wanted in self.columns else wanted

        if "surname" in self.columns:
            surname, first = get("surname"), get("first_name")
            name = f"{surname}, {first}" if surname and first else surname or first
        else:
            name = get("name")
        if not name:
            raise InputError("a player without a name", path, n)
        return _clean(Candidate(
            name=name, rating=_csv_rating(get("rating"), title("rating"), path, n),
            fide_id=get("fide_id"), federation=get("federation"), title=get("title"),
            birth_date=_csv_birth_date(get("birth_date"), title("birth_date"), path, n),
            sex=_csv_sex(get("sex")), club=get("club")))


def read_csv(data: bytes, path: str = "players.csv") -> PlayerFile:
    """A player CSV: the players, the columns not read and the warnings (:class:`PlayerFile`)."""
    reader = _CsvReader(data, path)
    return PlayerFile(list(reader), reader.ignored_columns, reader.warnings)


def iter_csv(data: bytes, path: str = "players.csv") -> Iterator[Candidate]:
    """The players of a CSV: a header row naming the columns (French or English names, any
    order, compared without accents, case and punctuation; the separator is the one of ``;``,
    tab, ``,`` that splits the header into the most known names), one player per row."""
    return iter(_CsvReader(data, path))


def read_trf_players(data: bytes, path: str = "players.trf") -> list[Candidate]:
    t = parse_trf_bytes(data, path)
    return [_clean(Candidate(p.name, p.rating, p.fide_id, p.federation, p.title, p.birth_date,
                             p.sex)) for _, p in sorted(t.players.items())]


def read_fide_xml(data: bytes, path: str = "players_list.xml") -> list[Candidate]:
    """The FIDE list as XML, all in a list (see :func:`iter_fide_xml`)."""
    return list(iter_fide_xml(io.BytesIO(data), path))


def iter_fide_xml(stream: BinaryIO, path: str = "players_list.xml") -> Iterator[Candidate]:
    """The FIDE list as XML: ``<player>`` elements with ``fideid name country sex title
    rating birthday`` children (the ``rating`` of the list downloaded: standard, rapid...).

    Streamed: the standard library's expat parser (``xml.etree.ElementTree.XMLParser``, its C
    implementation) is fed 64 KB at a time and calls :class:`_PlayerRows`, which keeps only
    the player being read; no tree is built.

    A document type declaration is refused by the parser itself, wherever it is (a long
    comment before it hides nothing): expat calls the target's ``doctype`` when it meets
    ``<!DOCTYPE``, which raises before any entity of it is declared or used. What protects
    against entity expansion: entities can only be declared in a DOCTYPE, refused here; while
    the rest of the chunk fed is parsed after the refusal, expat (2.4.1 and later, bundled with
    Python 3.11) caps entity amplification ("billion laughs"); and ElementTree never fetches
    external entities or DTDs. (defusedxml's ``forbid_dtd`` does the same with the Python
    implementation of the parser, which costs twice the CPU on a 1.1-million-player list.)"""
    target = _PlayerRows(path)
    parser = ET.XMLParser(target=target)
    count = 0
    try:
        while True:
            chunk = stream.read(65536)
            if chunk:
                parser.feed(chunk)
                # bounded memory (issue 24 item 18): the parser holds an unfinished token whole
                target.fed_since_element += len(chunk)
                if target.fed_since_element > MAX_XML_TOKEN_BYTES:
                    raise InputError(f"more than {MAX_XML_TOKEN_BYTES // 2**20} MB without an "
                                     "element: is this the FIDE rating list in XML?", path)
            else:
                parser.close()
            for fields in target.players:
                count += 1
                yield _xml_candidate(fields, count, path)
            target.players.clear()
            if not chunk:
                break
    except ET.ParseError as exc:
        raise InputError(f"not a valid XML rating list: {exc}", path,
                         exc.position[0] if exc.position else None) from None
    if not count:
        raise InputError("no <player> element: is this the FIDE rating list in XML?", path)


def _xml_candidate(fields: dict[str, str], count: int, path: str) -> Candidate:
    def text(tag: str) -> str:
        return fields.get(tag, "").strip()

    rating_text = text("rating") or text("standard_rating") or text("rapid_rating")
    return _clean(Candidate(
        name=text("name"), rating=_rating(rating_text, f"player {count}: rating", path, None)
        if rating_text.isascii() and rating_text.isdigit() else 0,
        fide_id=text("fideid"), federation=text("country"), title=text("title"),
        birth_date=text("birthday"), sex=text("sex")))


class _PlayerRows:
    """The target of :func:`iter_fide_xml`'s parser: for each ``<player>`` (at any depth), the
    text of its child elements by tag (the first of each tag, the text before any grandchild,
    as ``findtext``); the players read since the last chunk are in :attr:`players`."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.players: list[dict[str, str]] = []
        self._depth = 0
        self._player_depth = 0  # 0: not in a player
        self._fields: dict[str, str] = {}
        self._field: str | None = None
        self._text: list[str] = []
        self._text_chars = 0
        #: bytes fed to the parser since an element started or ended (iter_fide_xml)
        self.fed_since_element = 0

    def doctype(self, name: str, pubid: str | None, system: str | None) -> None:
        raise InputError("document type declarations are not accepted in a rating list",
                         self.path)

    def start(self, tag: str, attrib: dict[str, str]) -> None:
        self._depth += 1
        self.fed_since_element = 0
        if self._player_depth:
            if self._depth == self._player_depth + 1:
                self._field, self._text, self._text_chars = tag, [], 0
            elif self._field is not None:
                self._end_field()  # the text before a grandchild, as ``findtext``
        elif tag == "player":
            self._player_depth, self._fields = self._depth, {}

    def data(self, text: str) -> None:
        if self._field is not None:
            self._text_chars += len(text)
            if self._text_chars > MAX_XML_VALUE_CHARS:
                raise InputError(f"player {len(self.players) + 1}: <{self._field}> is longer "
                                 f"than {MAX_XML_VALUE_CHARS} characters: is this the FIDE "
                                 "rating list?", self.path)
            self._text.append(text)

    def end(self, tag: str) -> None:
        self.fed_since_element = 0
        if self._player_depth:
            if self._depth == self._player_depth + 1 and self._field is not None:
                self._end_field()
            elif self._depth == self._player_depth:
                self.players.append(self._fields)
                self._player_depth = 0
        self._depth -= 1

    def _end_field(self) -> None:
        assert self._field is not None
        self._fields.setdefault(self._field, "".join(self._text))
        self._field = None

    def close(self) -> None:
        return None


_RATING_HEADER = re.compile(r"^(SRtng|RRtng|BRtng|Rtng|[A-Z]{3}\d{2})$")


def _decode_line(raw: bytes) -> str:
    """One line of a FIDE list: UTF-8, else Windows-1252, else Latin-1 (as :func:`decode`)."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        try:
            return raw.decode("cp1252")
        except UnicodeDecodeError:
            return raw.decode("latin-1")


def read_fide_txt(data: bytes, path: str = "players_list.txt") -> list[Candidate]:
    """The fixed-width FIDE list, all in a list (see :func:`iter_fide_txt`)."""
    return list(iter_fide_txt(io.BytesIO(data), path))


def _bounded_lines(stream: BinaryIO, path: str) -> Iterator[bytes]:
    """The lines of ``stream``, each read up to :data:`MAX_LIST_LINE_BYTES`: a longer line is
    refused once that much of it is read, never held whole (issue 24 item 18)."""
    n = 0
    while True:
        raw = stream.readline(MAX_LIST_LINE_BYTES + 1)
        if not raw:
            return
        n += 1
        if len(raw) > MAX_LIST_LINE_BYTES:
            raise InputError(f"the line is longer than {MAX_LIST_LINE_BYTES} bytes: is this "
                             "the FIDE rating list?", path, n)
        yield raw


def iter_fide_txt(stream: BinaryIO, path: str = "players_list.txt") -> Iterator[Candidate]:
    """The fixed-width FIDE list, one line at a time. The header line gives each column's
    first character: ``ID Number``, ``Name``, ``Fed``, ``Sex``, ``Tit``, a rating column
    (``SRtng`` in the combined list, ``NOV25``-like in the single lists) and ``B-day``."""
    lines = _bounded_lines(stream, path)
    first = next(lines, b"")
    if b"\x00" in first:
        raise InputError("binary data (NUL byte): this is not a text file", path, 1)
    header = _decode_line(first).lstrip("\ufeff").rstrip("\r\n")
    if not header.startswith("ID Number"):
        raise InputError("the first line must be the header of the FIDE list ('ID Number  "
                         "Name ...')", path, 1)
    starts = [(mt.start(), mt.group()) for mt in re.finditer(r"ID Number|\S+", header)]
    col = {name: i for i, (_, name) in enumerate(starts)}
    rating_name = next((name for _, name in starts if _RATING_HEADER.match(name)), None)
    for needed in ("Name", "Fed"):
        if needed not in col:
            raise InputError(f"the header line has no {needed!r} column", path, 1)

    def span(name: str | None) -> tuple[int, int | None] | None:
        if name is None or name not in col:
            return None
        i = col[name]
        return starts[i][0], (starts[i + 1][0] if i + 1 < len(starts) else None)

    spans = {name: span(name) for name in ("Name", "ID Number", "Fed", "Sex", "Tit", "B-day")}
    rating_span = span(rating_name)

    def field(line: str, where: tuple[int, int | None] | None) -> str:
        return line[where[0]:where[1]].strip() if where is not None else ""

    for n, raw in enumerate(lines, start=2):
        line = _decode_line(raw).rstrip("\r\n")
        if not line.strip():
            continue
        if "\x00" in line:
            raise InputError("binary data (NUL byte): this is not a text file", path, n)
        c = _clean(Candidate(
            name=field(line, spans["Name"]), fide_id=field(line, spans["ID Number"]),
            federation=field(line, spans["Fed"]), sex=field(line, spans["Sex"]),
            title=field(line, spans["Tit"]), birth_date=field(line, spans["B-day"]),
            rating=_rating(field(line, rating_span), rating_name or "rating", path, n)))
        if not c.name:
            raise InputError("a player without a name", path, n)
        yield c


#: The formats of a player file, as messages name them.
CSV, TRF, FIDE_XML, FIDE_TXT = "CSV", "TRF", "XML", "FIDE TXT"
#: The format a file name's ending promises; ``.txt`` (a FIDE list, a TRF or a CSV) and the
#: other endings promise none, the content alone decides.
_FORMAT_OF_ENDING = {".csv": CSV, ".trf": TRF, ".trfx": TRF, ".xml": FIDE_XML}
#: The start of a TRF line (trf.md 1: a three-character record code, then the record's data
#: from column 5): the FIDE records (``001``, ``012``...), JaVaFo's ``XX?`` and bbpPairings'
#: ``BB?`` records, and the ``###`` comments.
_TRF_RECORD = re.compile(rb"(?:\d{3}|XX[A-Z]|BB[A-Z])(?: |\r?$)|###")


def player_file_format(data: bytes, filename: str) -> str:
    """The format of a player file (:data:`CSV`, :data:`TRF`, :data:`FIDE_XML` or
    :data:`FIDE_TXT`), from its structure: the first line of the file decides, never a line
    found further down. A TRF file's first line is a record (``012 Open...``, ``001 ...``);
    a CSV's is its header row naming the columns (``Nom;Prénom;Elo``); the FIDE lists start
    with ``<`` (XML) or their header ``ID Number``. A line break inside a quoted CSV cell
    followed by ``001 `` used to make a CSV a TRF file, whose reader skipped the CSV rows as
    unknown records and imported the forged ``001`` line alone.

    When the file's name ends as one format (``.csv``, ``.trf``, ``.trfx``, ``.xml``), the
    content must be of that format: a disagreement is refused (an :class:`InputError` naming
    both), never settled by a guess that would import garbage."""
    head = data[:4096].lstrip(b"\xef\xbb\xbf \r\n\t")
    first_line = head.split(b"\n", 1)[0]
    if head.startswith(b"<"):
        found = FIDE_XML
    elif head.startswith(b"ID Number"):
        found = FIDE_TXT
    elif _TRF_RECORD.match(first_line):
        found = TRF
    else:
        found = CSV
    ending = Path(filename).suffix.lower()
    named = _FORMAT_OF_ENDING.get(ending)
    if named is not None and named != found:
        shown = _decode_line(first_line[:60]).rstrip("\r")
        raise InputError(f"the name ends in {ending} (a {named} file) but the content is a "
                         f"{found} file (first line {shown!r}): rename the file to the ending "
                         "of its format", filename)
    return found


def iter_players(data: bytes, filename: str) -> Iterable[Candidate]:
    """The reader of the file's format (:func:`player_file_format`)."""
    found = player_file_format(data, filename)
    if found == FIDE_XML:
        return iter_fide_xml(io.BytesIO(data), filename)
    if found == FIDE_TXT:
        return iter_fide_txt(io.BytesIO(data), filename)
    if found == TRF:
        return iter(read_trf_players(data, filename))
    return _CsvReader(data, filename)


class TooManyInFile(InputError):
    """A file holds more players than the event may still take."""

    def __init__(self, limit: int, path: str) -> None:
        self.limit = limit
        super().__init__(f"the file holds more than {limit} players, more than this event may "
                         "still take", path)


def read_player_file(data: bytes, filename: str, limit: int | None = None) -> PlayerFile:
    """Every player of a file brought to an event, with the columns not read and the warnings
    (:class:`PlayerFile`); with ``limit``, a file with more players than that is refused
    (reading stops at the first player over the limit)."""
    if len(data) > MAX_IMPORT_BYTES:
        raise InputError(f"the file is larger than {MAX_IMPORT_BYTES // 2**20} MB", filename)
    players = iter_players(data, filename)
    out = PlayerFile([])
    if isinstance(players, _CsvReader):
        out.ignored_columns, out.warnings = players.ignored_columns, players.warnings
    for c in players:
        out.candidates.append(c)
        if limit is not None and len(out.candidates) > limit:
            raise TooManyInFile(limit, filename)
    return out


def read_players(data: bytes, filename: str, limit: int | None = None) -> list[Candidate]:
    """Every player of a file brought to an event (see :func:`read_player_file`)."""
    return read_player_file(data, filename, limit).candidates


# --- the FIDE rating list file the arbiter downloaded ------------------------------------------
@contextmanager
def _opened_list(path: Path, name: str) -> Iterator[tuple[BinaryIO, str]]:
    """The rating list's bytes: the file itself, or the one TXT / XML file of a ZIP archive
    (FIDE distributes its lists zipped), its uncompressed size checked.

    Every file is opened by a ``with`` here, so the archive and the file are closed when the
    block ends, by an error too (closing a ZIP member does not close its archive): on
    Windows an open file cannot be removed, and the upload would stay in the data folder."""
    with open(path, "rb") as f:
        if f.read(4) != b"PK\x03\x04":
            f.seek(0)
            yield f, name
            return
    try:
        archive = zipfile.ZipFile(path)
    except zipfile.BadZipFile as exc:
        raise InputError(f"not a valid ZIP archive: {exc}", name) from None
    with archive:
        members = [i for i in archive.infolist()
                   if not i.is_dir() and i.filename.lower().endswith((".txt", ".xml"))]
        if len(members) != 1:
            raise InputError("the ZIP archive must hold one .txt or .xml rating list, it holds "
                             f"{len(members)}", name)
        member = members[0]
        if member.file_size > MAX_RATING_LIST_BYTES:
            raise InputError(f"{member.filename} is larger than "
                             f"{MAX_RATING_LIST_BYTES // 2**20} MB", name)
        where = f"{name}:{member.filename}"
        try:
            with archive.open(member) as stream:
                yield stream, where
        except (zipfile.BadZipFile, EOFError, zlib.error) as exc:  # a damaged or cut archive
            raise InputError(f"the ZIP archive is damaged: {exc}", where) from None


def iter_rating_list_file(path: Path, name: str | None = None) -> Iterator[Candidate]:
    """Every player of a FIDE rating list file (TXT, XML or ZIP), streamed; errors name
    ``name`` (the file name the arbiter gave) and the line. The file is closed when the
    iteration ends, is closed (``close()``) or fails."""
    name = name or path.name
    with _opened_list(path, name) as (stream, where):
        buffered = stream if isinstance(stream, io.BufferedReader) else io.BufferedReader(
            stream)  # type: ignore[arg-type]
        head = buffered.peek(4096)[:4096].lstrip(b"\xef\xbb\xbf \r\n\t")
        if head.startswith(b"<"):
            yield from iter_fide_xml(buffered, where)
        elif head.startswith(b"ID Number"):
            yield from iter_fide_txt(buffered, where)
        else:
            raise InputError("not a FIDE rating list: the TXT list starts with its header "
                             "line 'ID Number  Name ...', the XML list with '<playerslist>'",
                             where, 1)


# --- the search key ----------------------------------------------------------------------------
#: letters that have no decomposition but that an arbiter types as plain Latin letters
_PLAIN = str.maketrans({"ø": "o", "ł": "l", "đ": "d", "ð": "d", "þ": "th", "æ": "ae",
                        "œ": "oe", "ı": "i", "ħ": "h", "ŧ": "t", "'": None, "’": None,
                        "`": None})
_SEPARATORS = re.compile(r"[\s,.\-_/()]+")


def search_key(text: str) -> str:
    """``text`` as the rating list is searched: lower case, no accents (``Özdemir`` ->
    ``ozdemir``), punctuation as spaces, FIDE's order kept (``Carlsen, Magnus`` -> ``carlsen
    magnus``). The arbiter's query goes through the same function, then is a prefix."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    plain = "".join(ch for ch in decomposed if not unicodedata.combining(ch)).translate(_PLAIN)
    return " ".join(_SEPARATORS.sub(" ", plain).split())[:200]


@functools.lru_cache(maxsize=65536)
def _cached_key(text: str) -> str:
    return search_key(text)


def query_words(query: str) -> list[str]:
    """The words of what the arbiter or a player typed, as :func:`search_key` writes them."""
    return search_key(query).split()


def matches(words: list[str], *texts: str) -> bool:
    """Whether every word of the query (:func:`query_words`) is inside one of ``texts``, both
    compared by :func:`search_key`: ``dupre``, ``dupré`` and ``DUPRÉ`` find ``DUPRÉ, Éloïse``;
    ``elodie lev`` finds ``LÉVÊQUE, Élodie``. SQLite's ``LIKE`` folds ASCII letters only, so
    the players of an event are filtered here, in Python (issue: accented names were not
    found); the keys are cached, an event's names being searched again and again."""
    keys = [_cached_key(t) for t in texts if t]
    return bool(words) and all(any(w in k for k in keys) for w in words)
