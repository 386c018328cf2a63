"""What is published during a tournament, as renderer-independent tables.

* the pairings of a round, boards in the order of C.04.2 D.9 / GHR 3.6
  (:meth:`~swisspairing.model.Pairing.publication_order`), with names, scores before the
  round, colours, board numbers and the results once known;
* the standings (rank, pairing number, name, rating, points, tie-breaks);
* a crosstable (players by rank, opponents named by their rank);
* a wall chart (players by pairing number, opponents by pairing number, running score);
* a player card (one player's rounds).

Every view is a :class:`Table`; :mod:`.render` turns tables into text, TSV, JSON, HTML or PDF.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ..errors import BadRequest, InputError
from ..model.matches import player_match
from ..model.results import Colour, ResultKind, RoundEntry
from ..model.scoring import round_points
from ..model.tournament import Board, Pairing, Tournament
from .labels import check_lang, source_name, tiebreak_name, word
from .ranking import Standings


@dataclass(slots=True)
class Table:
    """A titled table: headers, rows of strings, column alignment (``l``/``r``/``c``), notes."""

    title: str
    headers: list[str]
    rows: list[list[str]]
    align: list[str]
    subtitle: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    kind: str = ""
    lang: str = "en"


def fmt_points(value: float | None) -> str:
    """``3``, ``3.5``, ``12.25``: no trailing zeros (``''`` for None)."""
    if value is None:
        return ""
    v = round(value + 0.0, 4) + 0.0
    return f"{v:g}" if abs(v) < 1e15 else str(v)


def points_text(lang: str, value: float | None) -> str:
    """:func:`fmt_points` as written in ``lang``: ``2,5`` in French (the decimal comma),
    ``2.5`` in English (the command line's default output is unchanged)."""
    text = fmt_points(value)
    return text.replace(".", ",") if lang == "fr" else text


def percent_text(lang: str, points: float, games: int) -> str:
    """A board's percentage (C.07 12: the board prizes' score), one decimal, written in
    ``lang``: ``50,0`` in French (the decimal comma, as :func:`points_text`), ``50.0`` in
    English."""
    text = f"{100 * points / games:.1f}"
    return text.replace(".", ",") if lang == "fr" else text


#: the byes' marks in French crosstables, wall charts and cards (C.04.1 / C.07 16.2 kinds):
#: EXE exempt (pairing-allocated bye), BYE1 / BYE½ requested bye of one / half a point (not
#: B1 / B½: B is White in French cells, 8B½ = a draw with White against line 8), ABS absent
#: (zero-point bye); English keeps FIDE's PAB FPB HPB ZPB
_BYE_MARKS_FR = {"PAB": "EXE", "FPB": "BYE1", "HPB": "BYE½", "ZPB": "ABS"}


def _zero_bye(lang: str = "en") -> str:
    return _BYE_MARKS_FR["ZPB"] if lang == "fr" else "ZPB"


def _result_mark(e: RoundEntry, lang: str = "en") -> str:
    """One player's result in a round, as printed in crosstables (byes in ``lang``)."""
    mark = _english_mark(e)
    return _BYE_MARKS_FR.get(mark, mark) if lang == "fr" else mark


def _english_mark(e: RoundEntry) -> str:
    kind = e.kind
    return {
        ResultKind.WIN: "1",
        ResultKind.DRAW: "½",
        ResultKind.LOSS: "0",
        ResultKind.ADJOURNED: "X",
        ResultKind.FORFEIT_WIN: "+",
        ResultKind.FORFEIT_LOSS: "-",
        ResultKind.PAIRING_BYE: "PAB",
        ResultKind.FULL_POINT_BYE: "FPB",
        ResultKind.HALF_POINT_BYE: "HPB",
        ResultKind.ZERO_POINT_BYE: "ZPB",
    }[kind]


def _colour(e: RoundEntry, lang: str) -> str:
    """``w`` / ``b``; in French ``B`` (blancs) / ``N`` (noirs), since ``b`` reads as blancs."""
    return word(e.colour.value, lang) if e.colour else "-"


def _cell(e: RoundEntry | None, name_of: dict[int, int], lang: str = "en") -> str:
    if e is None:
        return _zero_bye(lang)
    if not e.opponent:
        return _result_mark(e, lang)
    colour = _colour(e, lang)
    return f"{name_of.get(e.opponent, e.opponent)}{colour}{_result_mark(e, lang)}"


def _title(t: Tournament, lang: str = "en") -> str:
    return t.name or next((line[4:].strip() for line in t.headers.get("012", [])), "") \
        or word("tournament", lang)


# --- pairings --------------------------------------------------------------------------------
def pairing_from_file(t: Tournament, round_number: int) -> Pairing:
    """The pairing of a round as written in the file's round cells."""
    if not 1 <= round_number <= t.rounds_in_file:
        raise BadRequest(f"round {round_number} is not in the file "
                         f"(rounds 1 to {t.rounds_in_file})")
    pairing = Pairing(round_number)
    seen: set[int] = set()
    for pid in sorted(t.players):
        e = t.players[pid].entry(round_number)
        if e is None:
            pairing.unpaired[pid] = "Z"
        elif e.opponent:
            if pid in seen:
                continue
            seen.update((pid, e.opponent))
            if e.colour is Colour.BLACK:
                pairing.boards.append(Board(e.opponent, pid))
            else:
                pairing.boards.append(Board(pid, e.opponent))
        elif e.code in "U+":
            pairing.bye = pid
        else:
            pairing.unpaired[pid] = e.code
    return pairing


def pairing_from_pairs(t: Tournament, text: str, path: str | None = None,
                       round_number: int | None = None) -> Pairing:
    """A pairing read from a JaVaFo / bbpPairings pair list (``swisspairing pair -o``):
    the number of pairs, then ``WHITE BLACK`` lines, the pairing-allocated bye as ``ID 0``.
    It is the pairing of the next round (or ``round_number``); players not listed and not
    withdrawn are shown as not paired, with their pre-entered bye code when there is one."""
    r = t.next_round if round_number is None else round_number
    lines = [(n, ln.split()) for n, ln in enumerate(text.splitlines(), start=1) if ln.strip()]
    if not lines:
        raise InputError("empty pair list", path)
    n0, first = lines[0]
    if len(first) != 1 or not first[0].isdigit():
        raise InputError("the first line must be the number of pairs", path, n0)
    if int(first[0]) != len(lines) - 1:
        raise InputError(f"the first line says {first[0]} pairs, the file lists "
                         f"{len(lines) - 1}", path, n0)
    pairing = Pairing(r)
    seen: set[int] = set()
    for n, words in lines[1:]:
        if len(words) != 2 or not all(w.isdigit() for w in words):
            raise InputError("expected 'WHITE BLACK' (two pairing numbers)", path, n)
        w, b = int(words[0]), int(words[1])
        for pid in (w, b):
            if pid and pid not in t.players:
                raise InputError(f"unknown player id {pid}", path, n)
            if pid in seen:
                raise InputError(f"player {pid} is paired twice", path, n)
            seen.add(pid)
        if w == 0:
            raise InputError("the white player cannot be 0", path, n)
        if b == 0:
            pairing.bye = w
        else:
            pairing.boards.append(Board(w, b))
    absent = t.not_paired_in(r)
    for pid in sorted(t.players):
        if pid not in seen:
            pairing.unpaired[pid] = absent.get(pid, "Z")
    return pairing


def _board_result(t: Tournament, b: Board, r: int, lang: str = "en") -> str:
    w = t.players[b.white].entry(r)
    k = t.players[b.black].entry(r)
    if w is None or k is None:
        return ""
    code = w.code
    if code in "1W":
        return "1-0"
    if code in "0L":
        return "0-1"
    if code in "=D":
        return "½-½"
    if code == "X":
        return word("adj.", lang)
    if code == "+":
        return "+/-"
    if code == "-":
        return "-/+" if k.code == "+" else "-/-"
    return ""


def pairings_table(t: Tournament, round_number: int, with_results: bool = True,
                   pairing: Pairing | None = None, lang: str = "en") -> Table:
    """Boards of a round in C.04.2 D.9 order: board, numbers, names, scores, colours, result.

    ``pairing`` defaults to the round as written in the file; a pairing not played yet (read
    by :func:`pairing_from_pairs`) is published without results. ``lang``: ``en`` or ``fr``.
    """
    lang = check_lang(lang)
    if pairing is None:
        pairing = pairing_from_file(t, round_number)
    else:
        with_results = with_results and round_number <= t.rounds_in_file
    before = round_number - 1
    rows = []
    for n, b in enumerate(pairing.publication_order(t), start=1):
        w, k = t.players[b.white], t.players[b.black]
        rows.append([
            str(n), str(w.id), w.name, points_text(lang, t.points_after(w.id, before)),
            _board_result(t, b, round_number, lang) if with_results else "",
            points_text(lang, t.points_after(k.id, before)), k.name, str(k.id),
        ])
    notes = []
    if pairing.bye is not None:
        p = t.players[pairing.bye]
        notes.append(word("pab", lang, player=f"{p.id} {p.name} "
                          f"({points_text(lang, t.points_after(p.id, before))})"))
    for pid, code in sorted(pairing.unpaired.items()):
        p = t.players[pid]
        notes.append(word(code if code in "HF" else "Z", lang, player=f"{p.id} {p.name}"))
    return Table(
        title=word("t.pairings", lang, name=_title(t, lang), round=round_number),
        headers=[word(h, lang) for h in ("Bd", "No", "White", "Pts", "Result", "Pts", "Black",
                                         "No")],
        rows=rows,
        align=["r", "r", "l", "r", "c", "r", "l", "r"],
        notes=notes,
        kind="pairings",
        lang=lang,
    )


# --- standings -------------------------------------------------------------------------------
def standings_table(st: Standings, lang: str = "en") -> Table:
    """Rank, number, name, rating, federation, points, tie-breaks; ``lang``: ``en`` or ``fr``."""
    lang = check_lang(lang)
    t = st.tournament
    rows = []
    for row in st.rows:
        p = t.players[row.pid]
        rows.append([str(row.rank), str(p.id), p.name, str(p.rating or ""), p.federation,
                     points_text(lang, row.points), *(points_text(lang, v) for v in row.values)])
    notes = []
    if st.mode == "c07":
        notes.append(word("tiebreaks", lang, source=source_name(st.source, lang),
                          list=word("list-sep", lang).join(
            tiebreak_name(label, lang) for label in st.labels))
            if st.labels else word("no-tiebreak", lang))
    else:
        notes.append(word("e10", lang))
    if st.seed is not None:
        notes.append(word("seed", lang, seed=st.seed))
    return Table(
        title=_after(t, "t.standings", lang, st.rounds),
        headers=[*(word(h, lang) for h in ("Rk", "No", "Name", "Rtg", "Fed", "Pts")),
                 *st.labels],
        rows=rows,
        align=["r", "r", "l", "r", "l", "r", *("r" for _ in st.labels)],
        notes=notes,
        kind="standings",
        lang=lang,
    )


def crosstable(st: Standings, lang: str = "en") -> Table:
    """Players by rank; each round shows the opponent's rank, colour and result (a Double-Swiss
    event: each match, C.04.5)."""
    lang = check_lang(lang)
    t = st.tournament
    if t.games_per_round == 2:
        matches = range(1, _match_count(st.rounds) + 1)
        return _crosstable_of(
            st, lang, [word("M", lang, match=k) for k in matches],
            lambda pid, k, place: _match_cell(t, pid, k, place, lang, st.rounds),
            "cross-note.match")
    return _crosstable_of(
        st, lang, [word("R", lang, round=r) for r in range(1, st.rounds + 1)],
        lambda pid, r, place: _cell(t.players[pid].entry(r), place, lang), "cross-note")


def _crosstable_of(st: Standings, lang: str, columns: list[str],
                   cell: Callable[[int, int, dict[int, int]], str], note: str) -> Table:
    """The crosstable: players by rank, then a column each of ``columns`` (rounds, or
    Double-Swiss matches) whose cell ``cell(player, column number, place)`` names the opponent
    by their place in the table (unique even when ranks are shared), then the points and
    tie-breaks; ``note``: the word that explains the cells."""
    t = st.tournament
    rank_of = {row.pid: row.rank for row in st.rows}
    place = {row.pid: i for i, row in enumerate(st.rows, start=1)}
    rows = []
    for i, row in enumerate(st.rows, start=1):
        p = t.players[row.pid]
        cells = [cell(p.id, k, place) for k in range(1, len(columns) + 1)]
        rows.append([str(i), str(rank_of[p.id]), p.name, str(p.rating or ""), *cells,
                     points_text(lang, row.points), *(points_text(lang, v) for v in row.values)])
    return Table(
        title=_after(t, "t.crosstable", lang, st.rounds),
        headers=["#", *(word(h, lang) for h in ("Rk", "Name", "Rtg")), *columns,
                 word("Pts", lang), *st.labels],
        rows=rows,
        align=["r", "r", "l", "r", *("c" for _ in columns), "r", *("r" for _ in st.labels)],
        notes=[word(note, lang)],
        kind="crosstable",
        lang=lang,
    )


# --- Double-Swiss (C.04.5): one column per match --------------------------------------------
def _match_count(rounds: int) -> int:
    """Matches in ``rounds`` game columns (match k = columns 2k-1 and 2k; a half-written last
    match counts)."""
    return (rounds + 1) // 2


def _match_cell(t: Tournament, pid: int, number: int, name_of: dict[int, int], lang: str,
                last_column: int) -> str:
    """One player's match ``number`` (C.04.5 Preface): the opponent (named through
    ``name_of``), the colour of game 1 (1.6; game 2 has the other) and the results of game 1
    and game 2 (``12w 1 ½``); a forfeited match has no colour (``12 + +``); a bye is a whole
    match: its mark and the match's game points (``PAB 1.5``). A game column past
    ``last_column`` is not shown."""
    m = player_match(t, pid, number)
    g1 = m.game1
    g2 = m.game2 if 2 * number <= last_column else None
    first = g1 or g2
    if first is None:
        return _zero_bye(lang)
    if not first.opponent:
        points = t.cell_points(g1) + (t.cell_points(g2) if 2 * number <= last_column else 0.0)
        return f"{_result_mark(first, lang)} {points_text(lang, points)}"
    colour = ""
    if not m.status.is_forfeit:
        c = g1.colour if g1 is not None and g1.colour is not None else (
            g2.colour.opposite if g2 is not None and g2.colour is not None else None)
        colour = word(c.value, lang) if c is not None else ""
    marks = " ".join(_result_mark(g, lang) for g in (g1, g2) if g is not None)
    return f"{name_of.get(m.opponent, m.opponent)}{colour} {marks}"


def _match_wallchart(t: Tournament, rounds: int, lang: str) -> Table:
    """The wall chart of a Double-Swiss event: players by pairing number, one column per match
    (opponent's number, game 1's colour, both results, running game points)."""
    matches = _match_count(rounds)
    rows = []
    for pid in sorted(t.players):
        p = t.players[pid]
        cells, acc = [], 0.0
        for k in range(1, matches + 1):
            # a match's points at once: a PAB's two halves (0.75) are not rounded apart
            acc = round_points(acc + sum(t.cell_points(p.entry(column))
                                         for column in (2 * k - 1, 2 * k) if column <= rounds))
            cells.append(f"{_match_cell(t, pid, k, {}, lang, rounds)} "
                         f"({points_text(lang, acc)})")
        rows.append([str(pid), p.name, p.title, str(p.rating or ""), p.federation, *cells,
                     points_text(lang, acc)])
    return _wallchart_table(
        word("t.wallchart.match", lang, name=_title(t, lang), match=matches),
        [word("M", lang, match=k) for k in range(1, matches + 1)], rows,
        word("wall-note.match", lang), lang)


def _match_card_rows(st: Standings, pid: int, lang: str) -> list[list[str]]:
    """A Double-Swiss player card's rows, one per match: match, colour of game 1, opponent's
    number, name, rating and score, game 1 and game 2 results, the match's points, the running
    score (game points)."""
    t = st.tournament
    rows, acc = [], 0.0
    for k in range(1, _match_count(st.rounds) + 1):
        m = player_match(t, pid, k)
        games = [g if column <= st.rounds else None
                 for g, column in ((m.game1, 2 * k - 1), (m.game2, 2 * k))]
        points = round_points(sum(t.cell_points(g) for g in games if g is not None))
        if all(g is None for g in games):
            points = round_points(t.cell_points(None) * 2)
        acc = round_points(acc + points)
        marks = [_result_mark(g, lang) if g is not None else "" for g in games]
        first = next((g for g in games if g is not None), None)
        if first is not None and first.opponent:
            o = t.players[first.opponent]
            colour = "" if m.status.is_forfeit or m.game1 is None or m.game1.colour is None \
                else _colour(m.game1, lang)
            rows.append([str(k), colour, str(o.id), o.name, str(o.rating or ""),
                         points_text(lang, t.points_after(o.id, st.rounds)), *marks,
                         points_text(lang, points), points_text(lang, acc)])
        else:
            mark = _result_mark(first, lang) if first is not None else _zero_bye(lang)
            rows.append([str(k), "", "", "", "", "", mark, "", points_text(lang, points),
                         points_text(lang, acc)])
    return rows


def _after(t: Tournament, key: str, lang: str, rounds: int) -> str:
    """The title of a table after ``rounds`` rounds; after match K in a Double-Swiss event."""
    if t.games_per_round == 2:
        return word(f"{key}.match", lang, name=_title(t, lang), match=(rounds + 1) // 2,
                    round=rounds)
    return word(key, lang, name=_title(t, lang), round=rounds)


def wallchart(t: Tournament, rounds: int, lang: str = "en") -> Table:
    """Players by pairing number; each round: opponent's number, colour, result, running score
    (a Double-Swiss event: one column per match, ``rounds`` being its game columns)."""
    lang = check_lang(lang)
    if t.games_per_round == 2:
        return _match_wallchart(t, rounds, lang)
    rows = []
    for pid in sorted(t.players):
        p = t.players[pid]
        cells, acc = [], 0.0
        for r in range(1, rounds + 1):
            e = p.entry(r)
            acc = round_points(acc + t.cell_points(e))
            cells.append(f"{_cell(e, {}, lang)} ({points_text(lang, acc)})")
        rows.append([str(pid), p.name, p.title, str(p.rating or ""), p.federation, *cells,
                     points_text(lang, acc)])
    return _wallchart_table(
        word("t.wallchart", lang, name=_title(t, lang), round=rounds),
        [word("R", lang, round=r) for r in range(1, rounds + 1)], rows,
        word("wall-note", lang), lang)


def _wallchart_table(title: str, column_heads: list[str], rows: list[list[str]], note: str,
                     lang: str) -> Table:
    """The wall chart's table: the player's columns, one column per round (or per match of a
    Double-Swiss event: ``column_heads``), then the points."""
    return Table(
        title=title,
        headers=[*(word(h, lang) for h in ("No", "Name", "Tit", "Rtg", "Fed")), *column_heads,
                 word("Pts", lang)],
        rows=rows,
        align=["r", "l", "l", "r", "l", *("c" for _ in column_heads), "r"],
        notes=[note],
        kind="wallchart",
        lang=lang,
    )


def player_card(st: Standings, pid: int, lang: str = "en") -> Table:
    """One player's rounds: colour, opponent, opponent's rating and score, result, running score."""
    lang = check_lang(lang)
    t = st.tournament
    if pid not in t.players:
        raise BadRequest(f"unknown player {pid}")
    p = t.players[pid]
    rows, acc = [], 0.0
    for r in range(1, st.rounds + 1 if t.games_per_round != 2 else 1):
        e = p.entry(r)
        acc = round_points(acc + t.cell_points(e))
        if e is not None and e.opponent:
            o = t.players[e.opponent]
            rows.append([str(r), _colour(e, lang), str(o.id), o.name,
                         str(o.rating or ""), points_text(lang, t.points_after(o.id, st.rounds)),
                         _result_mark(e, lang), points_text(lang, acc)])
        else:
            mark = _result_mark(e, lang) if e is not None else _zero_bye(lang)
            rows.append([str(r), "", "", "", "", "", mark, points_text(lang, acc)])
    row = st.by_id[pid]
    notes = [word("card-rank", lang, rank=row.rank, points=points_text(lang, row.points))]
    if st.labels:  # one line, so that several cards fit a printed page
        notes.append(" · ".join(f"{label}: {points_text(lang, v) or '-'}"
                                for label, v in zip(st.labels, row.values, strict=True)))
    head = f"{p.id} {p.name}" + (f" ({p.rating})" if p.rating else "")
    headings = ("Rd", "Col", "No", "Opponent", "Rtg", "Pts", "Res", "Score")
    align = ["r", "c", "r", "l", "r", "r", "c", "r"]
    if t.games_per_round == 2:  # C.04.5: one row per match, both games and the match's points
        rows = _match_card_rows(st, pid, lang)
        headings = ("Match", "Col", "No", "Opponent", "Rtg", "Pts", "G1", "G2", "Res", "Score")
        align = ["r", "c", "r", "l", "r", "r", "c", "c", "r", "r"]
    return Table(
        title=word("t.card", lang, name=_title(t, lang), player=head),
        headers=[word(h, lang) for h in headings],
        rows=rows,
        align=align,
        notes=notes,
        kind="card",
        lang=lang,
    )
