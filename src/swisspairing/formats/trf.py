"""Read and write FIDE Tournament Report Files: TRF-16, TRF-2026 and the engines' TRF(x) lines.

Column positions follow ``../shared/rules/trf.md`` (1-based in the comments, 0-based slices in
the code). What is read:

* ``001`` player records (TRF-16 = TRF-2026), every result code of section 4.1;
* tournament headers ``012``-``132`` and ``182``-``222`` (kept as written);
* ``142`` rounds, ``152`` initial colour, ``162`` scoring, ``240`` byes, ``250`` acceleration,
  ``260`` prohibited pairings (TRF-2026);
* the TRF-2026 team records (trf.md 5.4, C.04.6): ``310`` teams (or the legacy ``013`` when
  there is no ``310``), ``320`` team byes, ``330`` forfeited matches, ``300`` line-ups,
  ``352`` board colours, ``362`` match points; in a team file ``240`` and ``250`` name teams;
* JaVaFo's ``XXR`` ``XXC`` ``XXS`` ``XXA`` ``XXP`` ``XXZ`` and bbpPairings' ``BBW`` ``BBD``
  ``BBL`` ``BBZ`` ``BBF`` ``BBU``;
* ``###`` comments; any other line is kept and written back unchanged (unknown lines are not
  fatal: national rating records start with a federation code).

Every problem is an :class:`~swisspairing.errors.InputError` naming the file and line. Problems
that do not stop the pairing (a points column that disagrees with the results, two lines giving
different numbers of rounds) are collected in ``Tournament.warnings``: reported, never fixed.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from pathlib import Path

from ..errors import InputError
from ..model.matches import is_double_swiss_code
from ..model.results import BYE_CODES, GAME_CODES, MIRROR, Colour, ResultKind, RoundEntry
from ..model.scoring import PointSystem, round_points
from ..model.teams import (
    ForfeitKind,
    Lineup,
    MatchForfeit,
    MatchPointSystem,
    Team,
    TeamAcceleration,
    TeamEvent,
)
from ..model.tournament import (
    ForbiddenGroup,
    Player,
    ResultCorrection,
    Tournament,
    normalise_title,
)

#: Larger files are refused: the biggest real tournaments are a few megabytes.
MAX_FILE_BYTES = 64 * 1024 * 1024
MAX_PLAYERS = 9999
#: Points, scoring values and fictitious points must be smaller than this (in absolute value).
MAX_NUMBER = 1e6

_HEADER_CODES = ("012", "022", "032", "042", "052", "062", "072", "082", "092", "102", "112",
                 "122", "132", "172", "182", "192", "202", "212", "222")
_BB_FIELDS = {
    "BBW": ("white_win", "black_win", "forfeit_win", "full_point_bye"),
    "BBD": ("white_draw", "black_draw", "half_point_bye"),
    "BBL": ("white_loss", "black_loss"),
    "BBZ": ("zero_point_bye",),
    "BBF": ("forfeit_loss",),
    "BBU": ("pairing_bye",),
}
_162_FIELDS = {
    "W": ("white_win", "black_win", "forfeit_win", "full_point_bye"),
    "D": ("white_draw", "black_draw", "half_point_bye"),
    "L": ("white_loss", "black_loss"),
    "A": ("zero_point_bye", "forfeit_loss"),
    # bbpPairings 6 reads and writes the absence value under Z instead of the text's A
    "Z": ("zero_point_bye", "forfeit_loss"),
    "P": ("pairing_bye",),
}
_XXS_CODES = (("WW", "white_win"), ("BW", "black_win"), ("WD", "white_draw"),
              ("BD", "black_draw"), ("WL", "white_loss"), ("BL", "black_loss"),
              ("FW", "forfeit_win"), ("FL", "forfeit_loss"), ("PAB", "pairing_bye"),
              ("FPB", "full_point_bye"), ("HPB", "half_point_bye"), ("ZPB", "zero_point_bye"))
_NUMBER = re.compile(r"^\s*-?\d*\.?\d+\s*$")


def decode(data: bytes, path: str | Path | None = None) -> tuple[str, str | None]:
    """Decode a TRF file: UTF-8, else Windows-1252 (Papi, Swiss-Manager), else Latin-1.

    Returns the text and a warning when the file was not UTF-8. A file with NUL bytes is not a
    text file and is refused.
    """
    if b"\x00" in data:
        line = data[: data.index(b"\x00")].count(b"\n") + 1
        raise InputError("binary data (NUL byte): this is not a TRF text file", path, line)
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        return data.decode("utf-8"), None
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        for encoding in ("cp1252", "latin-1"):
            try:
                text = data.decode(encoding)
            except UnicodeDecodeError:
                continue
            return text, (
                f"{path or '<input>'}, line {line}: the file is not UTF-8; read as {encoding}"
            )
    raise InputError("cannot decode the file", path)  # pragma: no cover - latin-1 decodes all


def read_trf(path: str | Path) -> Tournament:
    """Read a TRF file from disk."""
    p = Path(path)
    try:
        size = p.stat().st_size
        if size > MAX_FILE_BYTES:
            raise InputError(
                f"file too large ({size} bytes; at most {MAX_FILE_BYTES} are read)", p
            )
        data = p.read_bytes()
    except FileNotFoundError:
        raise InputError("no such file", p) from None
    except IsADirectoryError:
        raise InputError("is a directory, not a TRF file", p) from None
    except PermissionError:
        raise InputError("permission denied", p) from None
    except OSError as exc:
        raise InputError(f"cannot read the file: {exc.strerror or exc}", p) from None
    return parse_trf_bytes(data, p)


def parse_trf_bytes(data: bytes, path: str | Path | None = None) -> Tournament:
    if len(data) > MAX_FILE_BYTES:
        raise InputError(f"file too large ({len(data)} bytes; at most {MAX_FILE_BYTES})", path)
    text, warning = decode(data, path)
    t = parse_trf(text, path)
    if warning:
        t.warnings.insert(0, warning)
    return t


def one_line(text: str) -> str:
    """``text`` as one field of a line can hold it: every control character (Unicode category
    ``Cc``: line breaks, tab, NUL, DEL, C1), line and paragraph separator and other white
    space becomes one space, runs of spaces one space, none at either end.

    Every text an arbiter types or a file brings (event, place, arbiters, player names,
    clubs) goes through it before it is stored, and the export through it again, so that no
    value can end a TRF line and forge another (``001``, ``132``...; issue 24 item 7) and a
    file written reads back equal (:func:`parse_trf` refuses control characters, splits lines
    at ``\r`` and ``\n`` and strips each field)."""
    if text.isascii() and text.isprintable() and "  " not in text:
        return text.strip()
    cleaned = "".join(" " if unicodedata.category(ch) in ("Cc", "Zl", "Zp") else ch
                      for ch in text)
    return " ".join(cleaned.split())


_COLOURS = {"w": Colour.WHITE, "b": Colour.BLACK}
#: control characters other than the tab (the line breaks are gone once the text is split)
_CONTROL = re.compile("[\x00-\x08\x0a-\x1f]")


class _Where:
    """``round R (columns C-C+7)``, the place of a round cell in an error message, formatted
    only when a message is made."""

    __slots__ = ("column", "round_number")

    def __init__(self, round_number: int, column: int) -> None:
        self.round_number = round_number
        self.column = column

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __str__(self) -> str:
        return f"round {self.round_number} (columns {self.column}-{self.column + 7})"


class _Reader:
    def __init__(self, path: str | Path | None):
        self.path = path
        self.t = Tournament()
        self.rounds_lines: list[tuple[str, int, int]] = []  # (source, value, line)
        self.xxz: list[tuple[int, int]] = []  # (player, line)
        self.xxa: list[tuple[int, list[float], int]] = []
        self.acc_ranges: list[tuple[float, int, int, int, int, int]] = []
        self.points = PointSystem()
        self.point_lines: list[str] = []
        self.references: list[tuple[int, int, int]] = []  # (player id, round, line)
        self.player_lines: dict[int, int] = {}  # player id -> line of its 001 record
        self.group_lines: list[int] = []  # line of each forbidden group (XXP, 260)
        #: cells of unplayed rounds written without a TRF code (player, round, cell as read)
        self.loose_cells: list[tuple[int, int, str]] = []
        #: team records (trf.md 5.4): the event, and the line of each record to name in errors
        self.team_event = TeamEvent()
        self.team_lines: dict[int, int] = {}  # team id -> line of its 310 record
        self.legacy_teams: list[tuple[str, list[int], int]] = []  # 013: name, members, line
        self.team_refs: list[tuple[int, str, int]] = []  # (team id, what, line)
        self.lineup_lines: dict[tuple[int, int], int] = {}
        self.byes_240: list[tuple[str, int, list[int], int]] = []  # (type, round, ids, line)
        self.acc_mp: list[float] = []  # the match points (columns 5-8) of each 250 record
        self.legacy_raw: list[str] = []  # the 013 lines as read
        self.captains: list[tuple[int, int, int]] = []  # (team, player, line)
        self.team_header_lines: list[int] = []  # lines of 352 / 362
        #: board forfeits against an empty board ('0000 w +'): (player, round, line)
        self.empty_board_cells: list[tuple[int, int, int]] = []
        #: 162 gave W but no P: the bye took the win value (a match's W + D in Double-Swiss)
        self.pab_from_win = False

    def error(self, problem: str, line: int) -> InputError:
        return InputError(problem, self.path, line)

    def int_field(self, text: str, what: str, line: int, lo: int = 0, hi: int = 10**9) -> int:
        s = text.strip()
        if not s.isdigit() or not s.isascii():
            raise self.error(f"{what} must be a whole number, found {text.strip()!r}", line)
        v = int(s)
        if not lo <= v <= hi:
            raise self.error(f"{what} must be between {lo} and {hi}, found {v}", line)
        return v

    def float_field(self, text: str, what: str, line: int) -> float:
        s = text.strip()
        if not s.isascii() or not _NUMBER.match(s):
            raise self.error(f"{what} must be a number such as 11.5, found {s!r}", line)
        value = float(s)
        if not abs(value) < MAX_NUMBER:
            raise self.error(f"{what} is out of range (at most {MAX_NUMBER:g}), found {s!r}", line)
        return value

    # --- 001 ---------------------------------------------------------------------------------
    def player(self, raw: str, n: int) -> None:
        line = raw.ljust(89)
        pid = self.int_field(line[4:8], "the pairing number (columns 5-8)", n, 1, MAX_PLAYERS)
        if pid in self.t.players:
            raise self.error(f"pairing number {pid} is used by two player lines", n)
        for col, what in ((3, 4), (8, 9), (47, 48), (52, 53), (56, 57), (68, 69), (79, 80),
                          (84, 85)):
            if line[col] != " ":
                raise self.error(
                    f"column {what} must be blank, found {line[col]!r}: are the columns shifted?",
                    n,
                )
        rating_s = line[48:52].strip()
        rating = self.int_field(rating_s, "the rating (columns 49-52)", n) if rating_s else 0
        points_s = line[80:84].strip()
        points = self.float_field(points_s, "the points (columns 81-84)", n) if points_s else None
        rank_s = line[85:89].strip()
        rank = self.int_field(rank_s, "the rank (columns 86-89)", n) if rank_s else None
        sex = line[9].strip().lower()
        if sex not in ("", "m", "w", "f"):
            raise self.error(f"the sex (column 10) must be m or w, found {line[9]!r}", n)
        p = Player(
            id=pid,
            name=line[14:47].strip(),
            rating=rating,
            title=normalise_title(line[10:13]),
            sex=sex,
            federation=line[53:56].strip(),
            fide_id=line[57:68].strip(),
            birth_date=line[69:79].strip(),
            declared_points=points,
            declared_rank=rank,
        )
        body = raw.rstrip()
        if len(body) > 89 and body[89:91].strip():
            raise self.error(
                "columns 90-91 must be blank before the first round: are the columns shifted?", n
            )
        for r, start in enumerate(range(91, len(body), 10), start=1):
            cell = body[start : start + 8].ljust(8)
            sep = body[start + 8 : start + 10]
            if sep.strip():
                raise self.error(
                    f"round {r}: columns {start + 9}-{start + 10} must be blank, found "
                    f"{sep!r}: are the columns shifted?",
                    n,
                )
            p.results.append(self.cell(cell, r, n, start + 1, pid))
        self.t.players[pid] = p
        self.player_lines[pid] = n

    def cell(self, cell: str, r: int, n: int, col: int, pid: int) -> RoundEntry | None:
        if not cell.strip():
            return None
        # the place named by error messages (built only for an error: big files, issue 14)
        where = _Where(r, col)
        if cell[4] != " " or cell[6] != " ":
            raise self.error(
                f"{where}: expected 'OOOO C R' (opponent, colour, result), found {cell!r}", n
            )
        opp_s, colour_s, code = cell[0:4].strip(), cell[5].lower(), cell[7].upper()
        if not opp_s:
            opp = 0
        elif opp_s.isdigit() and opp_s.isascii() and int(opp_s) <= MAX_PLAYERS:
            opp = int(opp_s)
        else:  # the error of int_field
            opp = self.int_field(opp_s, f"{where}: the opponent", n, 0, MAX_PLAYERS)
        if colour_s not in ("w", "b", "-", " "):
            raise self.error(f"{where}: unknown colour {cell[5]!r} (w, b or -)", n)
        if opp:
            if opp == pid:
                raise self.error(f"{where}: player {pid} cannot play itself", n)
            if code not in GAME_CODES:
                raise self.error(
                    f"{where}: unknown result code {cell[7]!r} for a game "
                    "(1 = 0 W D L + - or X)",
                    n,
                )
            if colour_s not in ("w", "b"):
                # a forfeit may be written without the scheduled colour
                if code not in "+-":
                    raise self.error(f"{where}: a played game needs the colour w or b", n)
                colour = None
            else:
                colour = _COLOURS[colour_s]
            self.references.append((opp, r, n))
            return RoundEntry(opp, colour, code)
        if code not in BYE_CODES:
            raise self.error(
                f"{where}: unknown result code {cell[7]!r} without an opponent (U F H Z)", n
            )
        if colour_s in ("w", "b"):
            if code in "+-" and opp_s:
                # TRF-2026 team forfeit against an empty board, '0000 w +': team files only
                self.empty_board_cells.append((pid, r, n))
                return RoundEntry(0, _COLOURS[colour_s], code)
            raise self.error(f"{where}: a round without an opponent has no colour", n)
        if code == " " or (code == "=" and not opp_s):
            # '0000 -  ', '     -  ', '     - =': unplayed, no TRF code (resolve_loose_cells)
            self.loose_cells.append((pid, r, cell))
        return RoundEntry(0, None, code)

    # --- other records ------------------------------------------------------------------------
    def ids(self, text: str, n: int, what: str) -> list[int]:
        out = []
        for tok in text.split():
            out.append(self.int_field(tok, what, n, 1, MAX_PLAYERS))
        return out

    def line(self, raw: str, n: int) -> None:
        code = raw[:3]
        rest = raw[4:] if len(raw) > 4 else ""
        t = self.t
        if code == "001":
            self.player(raw, n)
        elif raw.startswith("### swisspairing withdrawn "):
            words = raw.split()
            if len(words) != 5:
                raise self.error("expected '### swisspairing withdrawn ID ROUND'", n)
            pid = self.int_field(words[3], "the withdrawn player id", n, 1, MAX_PLAYERS)
            t.withdrawn[pid] = self.int_field(words[4], "the withdrawal round", n, 1, 999)
            self.references.append((pid, 0, n))
        elif raw.startswith(CORRECTION_PREFIX):
            t.corrections.append(self.correction(raw, n))
        elif raw.startswith(TEAM_WITHDRAWN_COMMENT):
            words = raw.split()
            if len(words) != 5:
                raise self.error("expected '### swisspairing team-withdrawn TEAM ROUND'", n)
            tid = self.int_field(words[3], "the withdrawn team", n, 1, 999)
            first = self.int_field(words[4], "the withdrawal round", n, 1, 999)
            self.team_event.withdrawn[tid] = first
            self.team_refs.append((tid, "team-withdrawn", n))
        elif raw.startswith(CAPTAIN_COMMENT):
            words = raw.split()
            if len(words) != 5:
                raise self.error("expected '### swisspairing captain TEAM PLAYER'", n)
            tid = self.int_field(words[3], "the captain's team", n, 1, 999)
            pid = self.int_field(words[4], "the captain", n, 1, MAX_PLAYERS)
            self.captains.append((tid, pid, n))
        elif raw.startswith("###"):
            t.extra_lines.append(raw)
        elif code in _HEADER_CODES:
            t.headers.setdefault(code, []).append(raw)
            if code == "192" and rest.strip().upper().endswith("_BAKU"):
                t.baku = True  # ETT26 (trf.md 6): Baku acceleration, C.04.7 Art. 1
            if code == "192" and is_double_swiss_code(rest):
                t.games_per_round = 2  # C.04.5: two games per match, two columns per match
        elif code == "XXR" or code == "142":
            value = self.int_field(rest, f"the number of rounds ({code})", n, 1, 999)
            self.rounds_lines.append((code, value, n))
        elif code == "XXC":
            for tok in rest.split():
                low = tok.lower()
                if low == "rank":
                    t.pair_by_rank = True
                elif low in ("white1", "black1"):
                    t.initial_colour = Colour.WHITE if low == "white1" else Colour.BLACK
                else:
                    raise self.error(f"XXC: unknown option {tok!r} (rank, white1 or black1)", n)
        elif code == "152":
            c = rest.strip().upper()
            if c not in ("W", "B"):
                raise self.error(f"152: the initial colour must be W or B, found {c!r}", n)
            t.initial_colour = Colour.WHITE if c == "W" else Colour.BLACK
        elif code == "XXS":
            for tok in rest.split():
                key, eq, value = tok.partition("=")
                if not eq:
                    raise self.error(f"XXS: expected CODE=VALUE, found {tok!r}", n)
                number = self.float_field(value, f"XXS {key}", n)
                try:
                    self.points = self.points.with_xxs(key, number)
                except KeyError:
                    raise self.error(f"XXS: unknown scoring code {key!r}", n) from None
            self.point_lines.append(raw)
        elif code in _BB_FIELDS:
            number = self.float_field(rest, code, n)
            self.points = _replace(self.points, _BB_FIELDS[code], number)
            self.point_lines.append(raw)
        elif code == "162":
            self.scoring_162(raw, n)
        elif code == "XXA":
            pid = self.int_field(raw[4:8], "XXA: the player id (columns 5-8)", n, 1, MAX_PLAYERS)
            values = []
            body = raw.rstrip()
            for start in range(9, len(body), 5):
                cell = body[start : start + 4]
                if body[start + 4 : start + 5].strip():
                    raise self.error(
                        f"XXA: column {start + 5} must be blank (values at columns 10-13, "
                        "15-18, ...): are the columns shifted?",
                        n,
                    )
                values.append(self.float_field(cell, f"XXA round {len(values) + 1}", n)
                              if cell.strip() else 0.0)
            self.xxa.append((pid, values, n))
        elif code == "XXP":
            group = self.ids(rest, n, "XXP: a player id")
            t.forbidden_pairs.append(ForbiddenGroup(frozenset(group)))
            self.group_lines.append(n)
        elif code == "XXZ":
            for pid in self.ids(rest, n, "XXZ: a player id"):
                self.xxz.append((pid, n))
        elif code == "240":
            self.bye_record(raw, n)
        elif code == "310":
            self.team_310(raw, n)
        elif code == "013":
            self.team_013(raw, n)
        elif code == "320":
            self.team_bye_320(raw, n)
        elif code == "330":
            self.forfeit_330(raw, n)
        elif code == "300":
            self.lineup_300(raw, n)
        elif code == "352":
            self.team_header_lines.append(n)
            colours = rest.strip().upper()
            if not colours or set(colours) - {"W", "B"}:
                raise self.error(
                    f"352: the board colours must be a sequence of W and B, found {colours!r}", n)
            if self.team_event.board_colours:
                raise self.error("352: a second board colour record", n)
            self.team_event.board_colours = colours
        elif code == "362":
            self.match_points_362(raw, n)
        elif code == "250":
            self.acceleration_250(raw, n)
        elif code == "260":
            body = raw.ljust(11)
            first = self.int_field(body[4:7], "260: the first round (columns 5-7)", n, 1, 999)
            last = self.int_field(body[8:11], "260: the last round (columns 9-11)", n, 1, 999)
            group = self.ids(raw[11:], n, "260: a player id")
            t.forbidden_pairs.append(ForbiddenGroup(frozenset(group), first, last))
            self.group_lines.append(n)
        else:
            t.extra_lines.append(raw)

    def correction(self, raw: str, n: int) -> ResultCorrection:
        """``### swisspairing correction ROUND BOARD WHITE BLACK BEFORE AFTER PAIRED``: see
        :func:`correction_line` (docs/checker.md, "Corrected results")."""
        words = raw.split()
        if len(words) != 10:
            raise self.error("expected '### swisspairing correction ROUND BOARD WHITE BLACK "
                             "BEFORE AFTER PAIRED' (e.g. '... correction 2 5 12 7 10 01 4')", n)
        r = self.int_field(words[3], "correction: the round", n, 1, 999)
        board = self.int_field(words[4], "correction: the board", n, 1, MAX_PLAYERS)
        white = self.int_field(words[5], "correction: White's id", n, 1, MAX_PLAYERS)
        black = self.int_field(words[6], "correction: Black's id", n, 1, MAX_PLAYERS)
        codes = []
        for word, what in ((words[7], "the result before"), (words[8], "the result after")):
            if len(word) != 2 or any(c not in CORRECTION_CODES for c in word.upper()):
                raise self.error(f"correction: {what} must be White's and Black's codes "
                                 f"(two of {CORRECTION_CODES}, e.g. 10), found {word!r}", n)
            codes.append((word[0].upper(), word[1].upper()))
        paired = self.int_field(words[9], "correction: the rounds paired", n, r + 1, 999)
        self.references.append((white, 0, n))
        self.references.append((black, 0, n))
        return ResultCorrection(r, board, white, black, codes[0], codes[1], paired)

    def scoring_162(self, raw: str, n: int) -> None:
        """Record 162 (trf.md 3.1): symbol at column 6, 15, 24... and its points in the next
        four columns. ``P`` (pairing-allocated bye) defaults to the ``W`` value and ``X``
        (adjourned) must equal the draw value, the only meaning our model gives it (GHR 3.1).
        """
        body = raw.rstrip()
        col = 5  # 0-based index of the first symbol (column 6)
        given: dict[str, float] = {}
        while col < len(body):
            symbol = body[col].upper()
            value = body[col + 1 : col + 5]
            if symbol == " " and not value.strip():
                col += 9
                continue
            if symbol != "X" and symbol not in _162_FIELDS:
                raise self.error(
                    f"162: unknown scoring symbol {symbol!r} (W D L A P X, or Z for A)", n)
            given[symbol] = self.float_field(value, f"162 {symbol}", n)
            col += 9
        for symbol, number in given.items():
            if symbol != "X":
                self.points = _replace(self.points, _162_FIELDS[symbol], number)
        if "W" in given and "P" not in given:
            self.points = _replace(self.points, ("pairing_bye",), given["W"])
            self.pab_from_win = True
        if "X" in given and given["X"] != self.points.draw:
            raise self.error("162: a value for X other than a draw is not supported", n)
        self.point_lines.append(raw)

    def bye_record(self, raw: str, n: int) -> None:
        """``240``: players (or, in a team file, teams) not paired in a round (trf.md 5.1);
        whose ids they are is known once every line is read (:meth:`finish`)."""
        body = raw.ljust(9)
        kind = body[4].upper()
        if kind not in "FHZ":
            raise self.error(f"240: the bye type (column 5) must be F, H or Z, found {kind!r}", n)
        r = self.int_field(body[6:9], "240: the round (columns 7-9)", n, 1, 999)
        self.byes_240.append((kind, r, self.ids(raw[9:], n, "240: an id"), n))

    # --- team records (trf.md 5.4, C.04.6) ------------------------------------------------------
    def team_310(self, raw: str, n: int) -> None:
        """``310``: TPN 5-7, name 9-40, nickname 42-46, strength 48-53, match points 55-60,
        game points 62-67, rank 69-71, members from 74-77 every 5 columns (board order)."""
        line = raw.rstrip().ljust(71)
        tid = self.int_field(line[4:7], "310: the team pairing number (columns 5-7)", n, 1, 999)
        if tid in self.team_event.teams:
            raise self.error(f"310: team {tid} is described by two lines "
                             f"(line {self.team_lines[tid]})", n)
        for col in (3, 7, 40, 46, 53, 60, 67):
            if line[col] != " ":
                raise self.error(f"310: column {col + 1} must be blank, found {line[col]!r}: "
                                 "are the columns shifted?", n)
        mp_s, gp_s, rank_s = line[54:60].strip(), line[61:67].strip(), line[68:71].strip()
        team = Team(
            id=tid,
            name=line[8:40].strip(),
            nickname=line[41:46].strip(),
            strength=line[47:53].strip(),
            declared_match_points=(self.float_field(mp_s, "310: the match points (columns "
                                                    "55-60)", n) if mp_s else None),
            declared_game_points=(self.float_field(gp_s, "310: the game points (columns 62-67)",
                                                   n) if gp_s else None),
            declared_rank=(self.int_field(rank_s, "310: the rank (columns 69-71)", n)
                           if rank_s else None),
        )
        team.members = self.member_ids(line, 73, "310", n)
        self.team_event.teams[tid] = team
        self.team_lines[tid] = n

    def member_ids(self, line: str, start: int, code: str, n: int, empty: bool = False
                   ) -> list[int]:
        """The ids at ``start`` (0-based) every 5 columns; ``empty``: ``0000`` allowed."""
        out = []
        body = line.rstrip()
        if len(body) > start and body[start - 1] != " ":
            raise self.error(f"{code}: column {start} must be blank: are the columns shifted?",
                             n)
        for col in range(start, len(body), 5):
            text = body[col:col + 4]
            if body[col + 4:col + 5].strip():
                raise self.error(f"{code}: column {col + 5} must be blank (ids every 5 columns "
                                 f"from column {start + 1}): are the columns shifted?", n)
            if not text.strip():
                continue
            pid = self.int_field(text, f"{code}: the player id at columns {col + 1}-{col + 4}", n,
                                 0 if empty else 1, MAX_PLAYERS)
            out.append(pid)
            if pid:
                self.references.append((pid, 0, n))
        return out

    def team_013(self, raw: str, n: int) -> None:
        """Legacy ``013`` (TRF-16, trf.md 4.2): name 5-36, members from 37-40 every 5 columns;
        the team pairing number is the record's place. Read only when no ``310`` exists."""
        line = raw.rstrip().ljust(36)
        members = []
        body = line
        for col in range(36, len(body), 5):
            text = body[col:col + 4]
            if text.strip():
                members.append(self.int_field(text, f"013: the player id at columns {col + 1}-"
                                              f"{col + 4}", n, 1, MAX_PLAYERS))
        self.legacy_teams.append((line[4:36].strip(), members, n))
        self.legacy_raw.append(raw)

    def team_bye_320(self, raw: str, n: int) -> None:
        """``320``: the team bye's match points 5-8, game points 10-13, then the team given
        the pairing-allocated bye in round 1, 2, ... at 15-17, 19-21, ... (``000`` = none)."""
        ev = self.team_event
        if ev.pab_match_points is not None or ev.pab:
            raise self.error("320: a second team bye record", n)
        body = raw.rstrip().ljust(13)
        ev.pab_match_points = self.float_field(body[4:8], "320: the match points (columns 5-8)",
                                               n)
        ev.pab_game_points = self.float_field(body[9:13], "320: the game points (columns 10-13)",
                                              n)
        for r, col in enumerate(range(14, len(body), 4), start=1):
            if body[col - 1] != " ":
                raise self.error(f"320: column {col} must be blank: are the columns shifted?", n)
            text = body[col:col + 3]
            if not text.strip():
                continue
            tid = self.int_field(text, f"320: the bye team of round {r} (columns {col + 1}-"
                                 f"{col + 3})", n, 0, 999)
            if tid:
                ev.pab[r] = tid
                self.team_refs.append((tid, f"320: round {r}", n))

    def forfeit_330(self, raw: str, n: int) -> None:
        """``330``: type 5-6 (``+-`` ``-+`` ``--``), round 8-10, White team 12-14, Black
        team 16-18."""
        body = raw.rstrip().ljust(18)
        try:
            kind = ForfeitKind(body[4:6])
        except ValueError:
            raise self.error(f"330: the type (columns 5-6) must be +-, -+ or --, found "
                             f"{body[4:6]!r}", n) from None
        r = self.int_field(body[7:10], "330: the round (columns 8-10)", n, 1, 999)
        white = self.int_field(body[11:14], "330: the White team (columns 12-14)", n, 1, 999)
        black = self.int_field(body[15:18], "330: the Black team (columns 16-18)", n, 1, 999)
        if white == black:
            raise self.error(f"330: team {white} cannot play itself", n)
        if len(raw.rstrip()) > 18:
            raise self.error("330: unexpected text after column 18", n)
        self.team_event.forfeits.append(MatchForfeit(r, white, black, kind))
        self.team_refs.append((white, "330: the White team", n))
        self.team_refs.append((black, "330: the Black team", n))

    def lineup_300(self, raw: str, n: int) -> None:
        """``300``: round 5-7, team 9-11, opponent 13-15, board 1, 2, ... players at 17-20,
        22-25, ... (``0000`` = an empty board)."""
        body = raw.rstrip().ljust(15)
        r = self.int_field(body[4:7], "300: the round (columns 5-7)", n, 1, 999)
        tid = self.int_field(body[8:11], "300: the team (columns 9-11)", n, 1, 999)
        opp_s = body[12:15].strip()
        opp = self.int_field(opp_s, "300: the opponent (columns 13-15)", n, 0, 999) if opp_s else 0
        players = self.member_ids(body, 16, "300", n, empty=True)
        if (r, tid) in self.lineup_lines:
            raise self.error(f"300: a second line-up of team {tid} in round {r} "
                             f"(line {self.lineup_lines[(r, tid)]})", n)
        self.team_event.lineups[(r, tid)] = Lineup(r, tid, opp, tuple(players))
        self.lineup_lines[(r, tid)] = n
        self.team_refs.append((tid, "300: the team", n))
        if opp:
            self.team_refs.append((opp, "300: the opponent", n))

    def match_points_362(self, raw: str, n: int) -> None:
        """``362``: match points, symbol at columns 5-6 (``TW`` ``TD`` ``TL``) and its value
        at 7-10, the next at 14-15 / 16-19, 23-24 / 25-28."""
        self.team_header_lines.append(n)
        ev = self.team_event
        if ev.match_points_given:
            raise self.error("362: a second match point record", n)
        body = raw.rstrip()
        values = {}
        for col in range(4, len(body), 9):
            symbol = body[col:col + 2].upper()
            if not symbol.strip():
                continue
            if symbol not in ("TW", "TD", "TL"):
                raise self.error(f"362: unknown symbol {symbol!r} at columns {col + 1}-{col + 2} "
                                 "(TW, TD or TL)", n)
            values[symbol] = self.float_field(body[col + 2:col + 6],
                                              f"362 {symbol} (columns {col + 3}-{col + 6})", n)
        d = MatchPointSystem()
        ev.match_points = MatchPointSystem(values.get("TW", d.win), values.get("TD", d.draw),
                                           values.get("TL", d.loss))
        ev.match_points_given = True

    def acceleration_250(self, raw: str, n: int) -> None:
        body = raw.ljust(31)
        value = self.float_field(body[9:13], "250: the fictitious points (columns 10-13)", n)
        first = self.int_field(body[14:17], "250: the first round (columns 15-17)", n, 1, 999)
        last = self.int_field(body[18:21], "250: the last round (columns 19-21)", n, 1, 999)
        lo = self.int_field(body[22:26], "250: the first id (columns 23-26)", n, 1, MAX_PLAYERS)
        hi = self.int_field(body[27:31], "250: the last id (columns 28-31)", n, 1, MAX_PLAYERS)
        if last < first or hi < lo:
            raise self.error("250: the ranges must not be empty", n)
        self.acc_ranges.append((value, first, last, lo, hi, n))
        mp_s = body[4:8].strip()  # teams: fictitious match points (trf.md 5.2)
        self.acc_mp.append(self.float_field(mp_s, "250: the match points (columns 5-8)", n)
                           if mp_s else 0.0)

    # --- after all lines ------------------------------------------------------------------------
    def finish(self) -> Tournament:
        t = self.t
        if not t.players:
            raise InputError("no player record (001 line) in the file", self.path)
        if t.games_per_round == 2 and self.pab_from_win:
            # C.04.5 1.4: the PAB is worth one game won and one drawn, for the whole match
            self.points = _replace(self.points, ("pairing_bye",),
                                   self.points.win + self.points.draw)
        t.point_system = self.points
        # number of rounds: XXR is what JaVaFo and bbpPairings read; 142 is TRF-2026's line.
        if self.rounds_lines:
            values = {v for _, v, _ in self.rounds_lines}
            chosen = next((v for c, v, _ in reversed(self.rounds_lines) if c == "XXR"),
                          self.rounds_lines[-1][1])
            t.total_rounds = chosen
            if len(values) > 1:
                said = ", ".join(f"{c} {v} (line {ln})" for c, v, ln in self.rounds_lines)
                t.warnings.append(
                    f"{self.path or '<input>'}: the number of rounds differs between lines: "
                    f"{said}; using {chosen}"
                )
        is_team = self.finish_teams()
        # references to players
        for pid, r, n in self.references:
            if pid not in t.players:
                where = f"round {r}: " if r else ""
                raise self.error(f"{where}unknown player id {pid}", n)
        self.check_symmetry()
        if t.games_per_round == 2:
            self.check_matches()
        for pid, values, n in self.xxa:
            if pid not in t.players:
                raise self.error(f"XXA: unknown player id {pid}", n)
            t.acceleration[pid] = values
        for value, first, last, lo, hi, _n in ([] if is_team else self.acc_ranges):
            for pid in range(lo, hi + 1):
                if pid in t.players:
                    seq = t.acceleration.setdefault(pid, [])
                    while len(seq) < last:
                        seq.append(0.0)
                    for r in range(first, last + 1):
                        seq[r - 1] = value
        ids = t.team_event.teams if t.team_event is not None else t.players
        what = "team" if is_team else "player"
        for g, n in zip(t.forbidden_pairs, self.group_lines, strict=True):
            unknown = sorted(i for i in g.players if i not in ids)
            if unknown:
                raise self.error(f"forbidden pairs name unknown {what} id {unknown[0]}", n)
        if self.xxz:
            nxt = t.next_round
            for pid, n in self.xxz:
                if pid not in t.players:
                    raise self.error(f"XXZ: unknown player id {pid}", n)
                t.absent.setdefault(nxt, {})[pid] = "Z"
        self.resolve_loose_cells()
        self.check_points()
        return t

    def finish_teams(self) -> bool:
        """Attach the team records to the tournament (trf.md 5.4) and check them: every
        member and line-up player exists and plays for one team only, every team named by
        ``320``/``330``/``300``/``240``/``250`` exists. In a team file ``240`` and ``250`` name
        teams; otherwise they name players. Returns whether this is a team file."""
        t, ev = self.t, self.team_event
        if not ev.teams and self.legacy_teams:
            for tid, (name, members, n) in enumerate(self.legacy_teams, start=1):
                ev.teams[tid] = Team(tid, name, members=members)
                self.team_lines[tid] = n
                for pid in members:
                    self.references.append((pid, 0, n))
        elif self.legacy_teams:  # 013 beside 310: kept as written, not read (trf.md 4.2)
            t.extra_lines.extend(raw for raw in self.legacy_raw)
        is_team = bool(ev.teams)
        if not is_team:
            for pid, r, n in self.empty_board_cells:
                raise self.error(f"round {r}: player {pid}: a forfeit without an opponent "
                                 "('0000 w +') belongs to team events (310 records)", n)
            for _tid, _pid, n in self.captains:
                raise self.error("a captain in a file without teams (310)", n)
            for _tid, what, n in self.team_refs:
                raise self.error(f"{what.split(':')[0]}: a team record in a file without teams "
                                 "(310)", n)
            if self.team_header_lines:
                raise self.error("352/362: board colours or match points in a file without "
                                 "teams (310)", self.team_header_lines[0])
            for kind, r, ids, n in self.byes_240:
                for pid in ids:
                    t.absent.setdefault(r, {})[pid] = kind
                    self.references.append((pid, r, n))
            return False
        for tid, what, n in self.team_refs:
            if tid not in ev.teams:
                raise self.error(f"{what}: unknown team {tid}", n)
        owner: dict[int, int] = {}
        for tid in sorted(ev.teams):
            for pid in ev.teams[tid].members:
                if pid in owner:
                    both = (f"listed twice in team {tid}" if owner[pid] == tid
                            else f"a member of teams {owner[pid]} and {tid}")
                    raise self.error(f"player {pid} is {both}", self.team_lines[tid])
                owner[pid] = tid
        for (r, tid), lineup in ev.lineups.items():
            for pid in lineup.players:
                if pid and owner.get(pid) != tid:
                    raise self.error(f"300: round {r}: player {pid} is not a member of team "
                                     f"{tid}", self.lineup_lines[(r, tid)])
        for tid, pid, n in self.captains:
            if owner.get(pid) != tid:
                raise self.error(f"the captain {pid} is not a member of team {tid}", n)
            ev.teams[tid].captain = pid
        for kind, r, ids, n in self.byes_240:
            for tid in ids:
                if tid not in ev.teams:
                    raise self.error(f"240: unknown team {tid}", n)
                ev.absent.setdefault(r, {})[tid] = kind
        for (value, first, last, lo, hi, _n), mp in zip(self.acc_ranges, self.acc_mp,
                                                         strict=True):
            ev.acceleration.append(TeamAcceleration(mp, value, first, last, lo, hi))
        t.team_event = ev
        return True

    def resolve_loose_cells(self) -> None:
        """Unplayed rounds written without a TRF code, as some programs export them:
        ``0000 -  `` / ``     -  `` (no result code) and ``     - =`` (no opponent, a draw).

        TRF 4.1 reads a blank code as ``Z`` (zero-point bye) and ``=`` without an opponent
        is a half-point bye (``H``, JaVaFo 1.x's form). The points column may say more: when
        a player's points exceed the results by exactly the value of a half-point (or
        full-point) bye and he has one blank cell, that cell was that bye. Every such cell is
        reported in a warning saying how it was read.
        """
        t = self.t
        if not self.loose_cells:
            return
        blanks: dict[int, list[int]] = {}
        for pid, r, cell in self.loose_cells:
            if cell[7] == " ":
                blanks.setdefault(pid, []).append(r)
        read_as: list[str] = []
        for pid, r, cell in self.loose_cells:
            p = t.players[pid]
            how = "H (half-point bye)" if cell[7] == "=" else "Z (zero-point bye, TRF 4.1)"
            if cell[7] == " " and blanks[pid] == [r] and p.declared_points is not None:
                missing = p.declared_points - t.total_points(pid)
                for code, value, name in (
                    ("H", t.point_system.half_point_bye, "half-point bye"),
                    ("F", t.point_system.full_point_bye, "full-point bye"),
                ):
                    if value and abs(missing - value) < 1e-6:
                        p.set_entry(r, RoundEntry.bye(code))
                        how = f"{code} ({name}: the points column counts {value:g} for it)"
                        break
            read_as.append(f"player {pid} round {r} {cell!r} as {how}")
        more = f" (and {len(read_as) - 5} more)" if len(read_as) > 5 else ""
        t.warnings.append(
            f"{self.path or '<input>'}: unplayed rounds written without a TRF result code, "
            f"read as: {'; '.join(read_as[:5])}{more}"
        )

    def check_symmetry(self) -> None:
        """Both lines of a game name each other with opposite colours (an error), and their
        results agree (``1``/``0``, ``=``/``=``, ``+``/``-``, double forfeit ``-``/``-``...);
        results that do not agree are reported as a warning, not fixed."""
        t = self.t
        disagree = []
        for p in t.players.values():
            n = self.player_lines[p.id]
            for r, e in enumerate(p.results, start=1):
                if e is None or not e.opponent:
                    continue
                opponent_results = t.players[e.opponent].results
                o = opponent_results[r - 1] if r <= len(opponent_results) else None
                if o is None or o.opponent != p.id:
                    raise self.error(
                        f"round {r}: player {p.id} is paired with {e.opponent}, but player "
                        f"{e.opponent}'s line (line {self.player_lines[e.opponent]}) does not "
                        f"name {p.id} in that round",
                        n,
                    )
                if e.colour is not None and e.colour == o.colour:
                    raise self.error(
                        f"round {r}: players {p.id} and {e.opponent} both have colour {e.colour}",
                        n,
                    )
                if p.id < e.opponent and MIRROR[e.code] != o.code and e.code + o.code != "--":
                    disagree.append(f"round {r}: {p.id}-{e.opponent} {e.code}/{o.code}")
        if disagree:
            more = f" (and {len(disagree) - 5} more)" if len(disagree) > 5 else ""
            t.warnings.append(
                f"{self.path or '<input>'}: the results of both players of a game do not "
                f"agree: {'; '.join(disagree[:5])}{more}"
            )

    def check_matches(self) -> None:
        """Double-Swiss convention (``../shared/cases-2026/double-swiss/README.md``): the two
        columns of a match (2k-1 and 2k) hold the same opponent with the colours reversed, or
        the same kind of bye in both (C.04.5 Preface: byes exist only for whole matches).
        A match whose columns disagree is refused, naming the line and both columns."""
        for p in self.t.players.values():
            n = self.player_lines[p.id]
            for k in range(1, (len(p.results) + 1) // 2 + 1):
                g1, g2 = p.entry(2 * k - 1), p.entry(2 * k)
                first = 92 + 10 * (2 * k - 2)
                where = (f"match {k} (columns {first}-{first + 7} and "
                         f"{first + 10}-{first + 17})")
                if g1 is None and g2 is None:
                    continue
                if g1 is None or g2 is None:
                    missing = "game 1" if g1 is None else "game 2"
                    raise self.error(
                        f"{where}: player {p.id} has no cell for {missing}: a Double-Swiss "
                        "match is written in two columns, both filled", n)
                if g1.opponent != g2.opponent:
                    def who(e: RoundEntry) -> str:
                        return f"player {e.opponent}" if e.opponent else "no opponent (a bye)"
                    raise self.error(
                        f"{where}: player {p.id} meets {who(g1)} in game 1 but {who(g2)} in "
                        "game 2; both games of a match are between the same players", n)
                if not g1.opponent and g1.kind is not g2.kind:
                    raise self.error(
                        f"{where}: player {p.id} has two different byes ({g1.code!r} and "
                        f"{g2.code!r}); a bye is for the whole match (C.04.5 Preface)", n)
                if (g1.opponent and g1.colour is not None and g2.colour is not None
                        and g1.colour == g2.colour):
                    raise self.error(
                        f"{where}: player {p.id} has colour {g1.colour} in both games; the "
                        "colours are reversed in game 2 (C.04.5 Preface)", n)

    def check_points(self) -> None:
        bad = [f"player {pid}: file says {declared:g}, results give {computed:g}"
               for pid, declared, computed in points_differences(self.t)]
        if bad:
            more = f" (and {len(bad) - 5} more)" if len(bad) > 5 else ""
            self.t.warnings.append(
                f"{self.path or '<input>'}: the points column disagrees with the results "
                f"under the point system: {'; '.join(bad[:5])}{more}"
            )


def points_differences(t: Tournament) -> list[tuple[int, float, float]]:
    """(player, points column, points of the results) where the file's points column
    disagrees with the results under the point system (with or without the acceleration)."""
    out = []
    for pid in sorted(t.players):
        declared = t.players[pid].declared_points
        if declared is None:
            continue
        computed = t.total_points(pid)  # a member's U: its share of the team bye (320)
        with_acc = round_points(computed + sum(t.acceleration.get(pid, [])))
        if abs(declared - computed) > 1e-6 and abs(declared - with_acc) > 1e-6:
            out.append((pid, declared, computed))
    return out


def _replace(ps: PointSystem, fields: tuple[str, ...], value: float) -> PointSystem:
    from dataclasses import replace

    return replace(ps, **{f: value for f in fields})


def parse_trf(text: str, path: str | Path | None = None) -> Tournament:
    """Parse TRF text into a :class:`Tournament` (see the module docstring)."""
    reader = _Reader(path)
    lines = re.split(r"\r\n|\r|\n", text)
    # one search of the whole text; line by line only when it holds a control character
    controls = _CONTROL.search(text) is not None
    for n, raw in enumerate(lines, start=1):
        if not raw.strip():
            continue
        if controls and _CONTROL.search(raw):
            raise InputError("control character in the line", path, n)
        raw = raw.replace("\t", " ")
        reader.line(raw, n)
    return reader.finish()


# --- writing ---------------------------------------------------------------------------------
def _plain(value: float) -> str:
    """``value`` in decimal notation without an exponent (the reader takes no exponent)."""
    text = f"{value:g}"
    if "e" in text or float(text) != value:
        from decimal import Decimal  # imported here: reading a file does not need it

        text = format(Decimal(repr(value)), "f")
    return text


def _fmt_number(value: float, width: int = 4) -> str:
    """``value`` right-aligned in ``width`` columns as TRF writes points (``11.5``), using more
    decimals (or none before the point) only when needed to keep the value exact."""
    for text in (f"{value:.1f}", f"{value:.2f}", f"{value:.3f}", _plain(value)):
        short = text.replace("0.", ".", 1) if text.lstrip("-").startswith("0.") else text
        for candidate in (text, short):
            if len(candidate) <= width and float(candidate) == value:
                return candidate.rjust(width)
    return f"{value:{width}.1f}"


def format_points(value: float) -> str:
    """``value`` in the 4 columns of a TRF points field (``11.5``), exact when it can be."""
    return _fmt_number(value)


#: The TRF code of each kind of unplayed round without an opponent (trf.md 4.1).
_BYE_CODE = {ResultKind.PAIRING_BYE: "U", ResultKind.FULL_POINT_BYE: "F",
             ResultKind.HALF_POINT_BYE: "H", ResultKind.ZERO_POINT_BYE: "Z"}


def standard_cell(e: RoundEntry) -> str:
    """The 8-character cell of ``e`` with the TRF-16 / TRF-2026 codes only (trf.md 4.1).

    A round without an opponent is ``0000 - U|F|H|Z`` whatever the file said (a blank code
    is a ``Z``, JaVaFo 1.x's ``+ = -`` are ``U H Z``): a blank code at the end of a line is
    lost to trailing-space trimming, and other programs refuse the cut cell. A game keeps its
    code; a forfeit written without the scheduled colour keeps ``-`` in the colour column.
    """
    if not e.opponent and e.colour is None:
        return f"0000 - {_BYE_CODE[e.kind]}"
    return e.to_trf()


def player_line(t: Tournament, p: Player, points: float | None = None,
                cell: Callable[[RoundEntry], str] = RoundEntry.to_trf) -> str:
    """The ``001`` line of a player (TRF-16 columns); ``cell`` writes each round's cell
    (default: as read, :func:`standard_cell` for the standard codes)."""
    pts = p.declared_points if points is None else points
    head = (
        f"001 {p.id:4d} {(p.sex or ' ')[:1]}{p.title[:3]:>3} {p.name[:33]:<33} "
        f"{(str(p.rating) if p.rating else ''):>4} {p.federation[:3]:<3} {p.fide_id[:11]:>11} "
        f"{p.birth_date[:10]:<10} {(format_points(pts) if pts is not None else ''):>4} "
        f"{(str(p.declared_rank) if p.declared_rank is not None else ''):>4}"
    )
    cells = "".join(
        "  " + (cell(e) if e is not None else " " * 8) for e in p.results
    )
    return (head + cells).rstrip()


def xxa_lines(acceleration: dict[int, list[float]]) -> list[str]:
    """``XXA`` lines (JaVaFo TRF(x), trf.md 8): per player, the virtual points of rounds 1, 2...
    (values at columns 10-13, 15-18, ...)."""
    return [f"XXA {pid:4d} " + " ".join(_fmt_number(v) for v in acceleration[pid])
            for pid in sorted(acceleration)]


def write_trf(t: Tournament, *, points: str = "declared", engine_lines: bool = True) -> str:
    """TRF text of a tournament: TRF-16 headers and players, TRF-2026 records, TRF(x) lines.

    ``points``: ``"declared"`` keeps the points column as read (computed where none was read),
    ``"computed"`` writes the points the results give. ``engine_lines`` also writes the JaVaFo
    lines (``XXR`` ``XXC`` ``XXS`` ``XXA`` ``XXP``) that every engine understands; absences
    are written as TRF-2026 ``240`` records.
    """
    out: list[str] = []
    for code in _HEADER_CODES:
        out.extend(t.headers.get(code, []))
    double = t.games_per_round == 2
    if double and not any(is_double_swiss_code(h[4:]) for h in t.headers.get("192", [])):
        out.append("192 FIDE_DOUBLESWISS")  # the reader's switch to the two-column matches
    if t.total_rounds is not None:
        out.append(f"142 {t.total_rounds}")
    if t.initial_colour is not None:
        out.append(f"152 {'W' if t.initial_colour is Colour.WHITE else 'B'}")
    ev = t.team_event
    if ev is not None:
        out.extend(team_header_lines(ev))
    ps = t.point_system
    if double and ps == _replace(PointSystem.standard(ps.win, ps.draw, ps.loss),
                                 ("pairing_bye",), ps.pairing_bye):
        # the cases' convention (README of cases-2026/double-swiss): P is the match's value
        out.append(f"162  W{_fmt_number(ps.win)}    D{_fmt_number(ps.draw)}    "
                   f"L{_fmt_number(ps.loss)}    P{_fmt_number(ps.pairing_bye)}")
    for pid in sorted(t.players):
        p = t.players[pid]
        pts = None
        if points == "computed" or p.declared_points is None:
            pts = t.total_points(pid)
        out.append(player_line(t, p, pts))
    if not ps.is_default:
        # bbpPairings and our reader read these; JaVaFo reads XXS below
        out.extend(
            [
                f"BBW {ps.white_win:4.1f}",
                f"BBD {ps.white_draw:4.1f}",
                f"BBL {ps.white_loss:4.1f}",
                f"BBZ {ps.zero_point_bye:4.1f}",
                f"BBF {ps.forfeit_loss:4.1f}",
                f"BBU {ps.pairing_bye:4.1f}",
            ]
        )
    if ev is not None:
        out.extend(team_lines(ev, t.rounds_paired, t.point_system.draw))
    for r in sorted(t.absent):
        by_code: dict[str, list[int]] = {}
        for pid, code in sorted(t.absent[r].items()):
            by_code.setdefault(code if code in "FHZ" else "Z", []).append(pid)
        for code, ids in by_code.items():
            out.append(f"240 {code} {r:3d} " + " ".join(f"{i:4d}" for i in ids))
    if engine_lines:
        if t.total_rounds is not None:
            out.append(f"XXR {t.total_rounds}")
        xxc = []
        if t.pair_by_rank:
            xxc.append("rank")
        if t.initial_colour is not None:
            xxc.append("white1" if t.initial_colour is Colour.WHITE else "black1")
        if xxc:
            out.append("XXC " + " ".join(xxc))
        if not ps.is_default:
            # every code, not only those that differ from the default: the BB lines above
            # also set FW/FPB/HPB, and XXS must restore each value exactly when read back
            items = [(code, getattr(ps, field)) for code, field in _XXS_CODES]
            out.append("XXS " + " ".join(f"{k}={_plain(v)}" for k, v in items))
    if ev is not None:
        out.extend(team_acceleration_lines(ev))
    # acceleration and all-round forbidden pairs exist only as TRF(x) lines; a file asking for
    # the Baku method by 192 ..._BAKU keeps asking for it (no values are computed here)
    out.extend(xxa_lines(t.acceleration))
    # forbidden pairs in the model's order: XXP (all rounds) or TRF-2026 260 (some rounds)
    for g in t.forbidden_pairs:
        if g.first_round is None and g.last_round is None:
            out.append("XXP " + " ".join(str(i) for i in sorted(g.players)))
        else:
            first = g.first_round or 1
            last = g.last_round or (t.total_rounds or 999)
            ids = " ".join(f"{i:4d}" for i in sorted(g.players))
            out.append(f"260 {first:3d} {last:3d} {ids}")
    for pid, first in sorted(t.withdrawn.items()):
        out.append(f"### swisspairing withdrawn {pid} {first}")
    out.extend(correction_line(c) for c in t.corrections)
    out.extend(x for x in t.extra_lines if not x.startswith(("### swisspairing withdrawn ",
                                                             CORRECTION_PREFIX)))
    return "\n".join(out) + "\n"


#: a result corrected after later rounds were paired (C.04.2 4.3); a comment for every other
#: program (``###``), read back by ours
CORRECTION_PREFIX = "### swisspairing correction "
#: the codes a correction line may name (a played or forfeited game, trf.md 4.1)
CORRECTION_CODES = "10=+-WDL"


def correction_line(c: ResultCorrection) -> str:
    """``### swisspairing correction ROUND BOARD WHITE BLACK BEFORE AFTER PAIRED``: the result
    of round ROUND, board BOARD (players WHITE and BLACK) was BEFORE (White's code then
    Black's, ``10``) and became AFTER when rounds 1 to PAIRED were already paired: rounds
    ROUND+1 to PAIRED were paired with BEFORE (docs/checker.md, "Corrected results")."""
    return (f"{CORRECTION_PREFIX}{c.round} {c.board} {c.white} {c.black} "
            f"{''.join(c.before)} {''.join(c.after)} {c.paired}")


def team_header_lines(ev: TeamEvent) -> list[str]:
    """``352`` board colours and ``362`` match points of a team event (trf.md 5.4, 7)."""
    out = []
    if ev.board_colours:
        out.append(f"352 {ev.board_colours}")
    mp = ev.match_points
    if ev.match_points_given or mp != MatchPointSystem():
        out.append(f"362 TW{_fmt_number(mp.win)}   TD{_fmt_number(mp.draw)}   "
                   f"TL{_fmt_number(mp.loss)}")
    return out


def team_line(team: Team) -> str:
    """The ``310`` line of a team: TPN 5-7, name 9-40, nickname 42-46, strength 48-53, match
    points 55-60, game points 62-67, rank 69-71, members from 74-77 every 5 columns."""

    def number(v: float | None) -> str:
        return "" if v is None else _fmt_number(v, 6)

    head = (f"310 {team.id:3d} {team.name[:32]:<32} {team.nickname[:5]:<5} "
            f"{team.strength[:6]:>6} {number(team.declared_match_points):>6} "
            f"{number(team.declared_game_points):>6} "
            f"{'' if team.declared_rank is None else team.declared_rank:>3} ")
    return (head + "".join(f" {m:4d}" for m in team.members)).rstrip()


def team_lines(ev: TeamEvent, rounds: int = 0, draw: float = 0.5) -> list[str]:
    """``310`` teams, ``320`` team byes, ``330`` forfeited matches, ``300`` line-ups, ``240``
    team absences and the ``### swisspairing captain`` comments (trf.md 5.4). ``320`` names
    a team (or ``000``) for each of the first ``rounds`` rounds at least; without values in the
    model it gives those of a drawn match (C.04.6 1.4: ``TD``, ``draw`` per board)."""
    out = [team_line(ev.teams[tid]) for tid in sorted(ev.teams)]
    if ev.pab_match_points is not None or ev.pab:
        mp = ev.pab_match_points if ev.pab_match_points is not None else ev.match_points.draw
        gp = (ev.pab_game_points if ev.pab_game_points is not None
              else round_points(ev.boards() * draw))
        last = max(max(ev.pab, default=0), rounds)
        teams = "".join(f" {ev.pab.get(r, 0):03d}" for r in range(1, last + 1))
        out.append(f"320 {_fmt_number(mp)} {_fmt_number(gp)}{teams}")
    for f in ev.forfeits:
        out.append(f"330 {f.kind.value} {f.round:3d} {f.white:3d} {f.black:3d}")
    for (r, tid) in sorted(ev.lineups):
        lu = ev.lineups[(r, tid)]
        out.append(f"300 {r:3d} {tid:3d} {lu.opponent:3d} "
                   + " ".join(f"{p:04d}" if not p else f"{p:4d}" for p in lu.players))
    for r in sorted(ev.absent):
        by_code: dict[str, list[int]] = {}
        for tid, code in sorted(ev.absent[r].items()):
            by_code.setdefault(code, []).append(tid)
        for code, ids in by_code.items():
            out.append(f"240 {code} {r:3d} " + " ".join(f"{i:4d}" for i in ids))
    for tid in sorted(ev.teams):
        if ev.teams[tid].captain is not None:
            out.append(f"{CAPTAIN_COMMENT}{tid} {ev.teams[tid].captain}")
    for tid, first in sorted(ev.withdrawn.items()):
        out.append(f"{TEAM_WITHDRAWN_COMMENT}{tid} {first}")
    return out


def team_acceleration_lines(ev: TeamEvent) -> list[str]:
    """``250`` records of a team event: ranges of team ids with fictitious match and game
    points (trf.md 5.2, C.04.7 1.4)."""
    return [f"250 {_fmt_number(a.match_points)} {_fmt_number(a.game_points)} "
            f"{a.first:3d} {a.last:3d} {a.low:4d} {a.high:4d}" for a in ev.acceleration]


#: ``### swisspairing captain TEAM PLAYER``: TRF has no field for a team's captain
CAPTAIN_COMMENT = "### swisspairing captain "
#: ``### swisspairing team-withdrawn TEAM ROUND``: a team withdrawn from ROUND on (GHR 3.2)
TEAM_WITHDRAWN_COMMENT = "### swisspairing team-withdrawn "


def write_trf_file(t: Tournament, path: str | Path, **kwargs: object) -> None:
    """Write a TRF file atomically (a temporary file renamed over the target)."""
    from ..files import write_text_atomic

    write_text_atomic(path, write_trf(t, **kwargs))  # type: ignore[arg-type]
