"""Double-Swiss events in the web app (issue 28 part 5; FIDE C.04.5, in force since 1 February
2026).

C.04.5 Preface: every pairing is a **match** of two games between the same two players,
colours reversed in game 2, points scored per game. The web app's round is the match (round k
of the pages, requests, withdrawals and the number of rounds all count matches); each game of
the match is its own :class:`~.models.Game` row (``game`` 1 and 2, same ``board``; game 2's
``white`` is game 1's ``black``), so that results, versions, undo, corrections and the hall
work per game unchanged. The engine, checker, standings and TRF export see the command line's
model through :mod:`.convert`, in the TRF convention of ``../shared/cases-2026/double-swiss``
(match k = game columns 2k-1 and 2k; ``model.matches``):

* the pairing-allocated bye is a whole match (Preface): one row, ``U`` in both columns, worth
  a game won and a game drawn (C.04.5 1.4: ``162 ... P 1.5``, :func:`point_system_of`);
* requested byes and absences are per match, written in both columns (reading 18 of
  ``docs/double-swiss.md``: ``F`` two games won, ``H`` two draws, ``Z`` nothing);
* a forfeit is per game: both games forfeited make a forfeited match (no meeting, no colour),
  a single forfeited game leaves the match played (Preface: "treated as played");
* scores are game points everywhere (:func:`points_before`).
"""

from __future__ import annotations

from ...model import PointSystem
from ...model.tournament import Tournament
from ...systems.double_swiss import DOUBLE_SWISS
from . import models as m

SYSTEM = DOUBLE_SWISS.name  # "double-swiss"
#: games per match (C.04.5 Preface)
GAMES = 2
#: record 092 of a Double-Swiss event (free text, trf.md 3)
TOURNAMENT_TYPE_092 = "Individual: Double-Swiss System"


#: the message context of a Double-Swiss event's numbered rounds: a round is a match (C.04.5
#: Preface), "Match 3" / "Match 3" in French (``templatetags/round_words.py``)
MATCH_CONTEXT = "match"


def is_double_swiss(event: m.Event) -> bool:
    return event.system == SYSTEM


def round_gettext(event: m.Event, message: str) -> str:
    """``message`` (a numbered round's wording) in the user's language, in the ``match``
    context for a Double-Swiss event (C.04.5: its rounds are matches)."""
    from django.utils.translation import gettext, pgettext

    return pgettext(MATCH_CONTEXT, message) if is_double_swiss(event) else gettext(message)


def games_per_round(event: m.Event) -> int:
    """Game columns per round of the event: 2 for a Double-Swiss match, else 1."""
    return GAMES if is_double_swiss(event) else 1


def column(match: int, game: int) -> int:
    """The TRF game column of game ``game`` (1, 2; 0 for a single game) of round ``match``:
    match k is columns 2k-1 and 2k (``../shared/cases-2026/double-swiss/README.md``)."""
    return GAMES * (match - 1) + game if game else match


def first_column(t: Tournament, round_number: int) -> int:
    """The model's round (column) where the web app's round ``round_number`` starts."""
    return t.games_per_round * (round_number - 1) + 1


def points_before(t: Tournament, tpn: int, round_number: int) -> float:
    """Game points of player ``tpn`` before round (match) ``round_number`` (C.04.5: points
    per game), 0 for a player the tournament does not hold."""
    if tpn not in t.players:
        return 0.0
    return t.points_after(tpn, t.games_per_round * (round_number - 1))


def point_system_of(event: m.Event, ps: PointSystem) -> PointSystem:
    """The event's point system; in a Double-Swiss event the pairing-allocated bye is worth a
    game won and a game drawn for the whole match (C.04.5 1.4: 1.5 with 1-½-0, 4 with
    3-1-0) when the settings give it the value of a win (the presets' "a bye is a win", as
    the generator reads it); any other value (a TRF's ``162 ... P``) is kept."""
    if not is_double_swiss(event) or ps.pairing_bye != ps.win:
        return ps
    from dataclasses import replace

    return replace(ps, pairing_bye=ps.win + ps.draw)


def store_matches(event: m.Event, t: Tournament, rows: dict[int, m.Entrant]) -> int:
    """The matches of a Double-Swiss TRF (``games_per_round`` 2) as published rounds: one row
    per game, the board of game 1 in publication order (C.04.2 D.9 as the engine publishes
    it, the bye last), game 2 on the same board with the colours reversed (C.04.5 Preface).
    A bye or an absence of the match (both columns, Preface) becomes the bye row or a request.
    Returns the number of matches paired."""
    from ...model import Colour
    from .convert import _publication_numbers as publication_numbers
    from .convert import bye_or_request, game_from_cells

    matches = -(-t.rounds_paired // GAMES)
    for k in range(1, matches + 1):
        first, second = column(k, 1), column(k, 2)
        rnd = m.Round.objects.create(event=event, number=k, status=m.Round.PUBLISHED,
                                     system=SYSTEM)
        games: list[m.Game] = []
        seconds: list[m.Game] = []
        done: set[int] = set()
        for pid in sorted(t.players):
            e = t.players[pid].entry(first)
            if e is None or pid in done:
                continue
            if e.opponent == 0:
                bye = bye_or_request(event, rnd, t, rows, pid, e, first, k, game=1)
                if bye is not None:
                    games.append(bye)
                continue
            done.update((pid, e.opponent))
            for number, col, rows_of_game in ((1, first, games), (2, second, seconds)):
                mine = t.players[pid].entry(col)
                theirs = t.players[e.opponent].entry(col)
                if mine is None:  # game 2 not written yet (a half-written last match)
                    w, b = (e.opponent, pid) if e.colour is not Colour.BLACK else \
                        (pid, e.opponent)
                    rows_of_game.append(m.Game(round=rnd, board=0, game=number,
                                               white=rows[w], black=rows[b]))
                    continue
                rows_of_game.append(game_from_cells(rnd, rows, pid, e.opponent, mine, theirs,
                                                    game=number))
        numbered = publication_numbers(t, first, games, rows)
        board_of = {frozenset((g.white.pk, g.black.pk)): g.board for g in numbered
                    if g.black is not None}
        for g in seconds:
            g.board = board_of[frozenset((g.white.pk, g.black.pk))]  # type: ignore[union-attr]
        m.Game.objects.bulk_create(numbered + sorted(seconds, key=lambda g: g.board))
    return matches


def second_games(rnd: m.Round) -> None:
    """Game 2 of every match of ``rnd`` made again from its game 1 (after a pairing or a
    manual change): the same board, the colours reversed (C.04.5 Preface), no result."""
    if not rnd.games.filter(game=1).exists():
        return
    rnd.games.filter(game=2).delete()
    m.Game.objects.bulk_create([
        m.Game(round=rnd, board=g.board, game=2, white_id=g.black_id, black_id=g.white_id)
        for g in rnd.games.filter(game=1).exclude(black=None)])


def check_import(t: Tournament, system: str) -> None:
    """A TRF import holds two-game matches (``192 FIDE_DOUBLESWISS``) exactly when it is
    imported as a Double-Swiss event (BadRequest in the user's language otherwise): the two
    columns of a match are never stored as two single-game rounds, nor single games as
    matches."""
    from django.utils.translation import gettext

    from ...errors import BadRequest
    from .settings_words import system_label

    if t.games_per_round == 2 and system != SYSTEM:
        raise BadRequest(gettext(
            "this file holds Double-Swiss matches (192 FIDE_DOUBLESWISS: two games per round, "
            "C.04.5); it cannot be continued with %(system)s: choose the Double-Swiss system "
            "or \"the file's\"") % {"system": system_label(system)})
    if t.games_per_round != 2 and system == SYSTEM:
        raise BadRequest(gettext(
            "the Double-Swiss system pairs two-game matches: the file must say "
            "192 FIDE_DOUBLESWISS (match k = round columns 2k-1 and 2k)"))


#: a result key (:data:`.models.RESULTS`) seen from the other side of the board
MIRRORED_RESULT = {"1-0": "0-1", "0-1": "1-0", "=": "=", "+-": "-+", "-+": "+-", "--": "--",
                   "W-L": "L-W", "L-W": "W-L", "D-D": "D-D", "": ""}


def match_results(games: list[m.Game]) -> dict[int, tuple[str, str]]:
    """Board -> the result keys of its games 1 and 2, both read from game 1's White on the
    left (game 2 is played with the colours reversed: its key is mirrored)."""
    first = {g.board: g.result for g in games if g.game == 1 and g.black_id is not None}
    second = {g.board: MIRRORED_RESULT.get(g.result, "") for g in games if g.game == 2}
    return {b: (first[b], second.get(b, "")) for b in first}


def board_table(sheet: object, lang: str) -> object:
    """The pairing list of a Double-Swiss round (C.04.5): one line per match, its board, the
    player with White in game 1 on the left (Black in game 2: the colours are reversed), both
    players' game points before the match, each game's result as the left player's score
    against the right player's, players not paired underneath."""
    from django.utils.translation import gettext as _
    from django.utils.translation import pgettext

    from ...standings.views import Table
    from .printing import RoundSheet, not_paired_notes, points_text
    from .views import RESULT_LABELS

    assert isinstance(sheet, RoundSheet)
    results = match_results(sheet.games)
    rows = []
    for g in sheet.games:
        if g.black is None or g.game != 1:
            continue
        w, b = g.white, g.black
        first, second = results[g.board]
        rows.append([str(g.board), str(w.tpn), w.name, str(w.rating or ""),
                     points_text(lang, sheet.points[w.pk]), RESULT_LABELS.get(first, ""),
                     RESULT_LABELS.get(second, ""), points_text(lang, sheet.points[b.pk]),
                     b.name, str(b.rating or ""), str(b.tpn)])
    notes = [_("White in game 1 is on the left; the colours are reversed in game 2 (C.04.5). "
               "Each result is the left player's score against the right player's.")]
    not_paired = not_paired_notes(sheet, lang)
    if not_paired:
        notes += [_("Not paired:"), *not_paired]
    return Table(
        title=pgettext(MATCH_CONTEXT, "Round %(n)s - pairings by board (matches of two games)") % {
            "n": sheet.rnd.number},
        headers=[_("Bd"), _("No"), _("White in game 1"), _("Rtg"), _("Pts"), _("Game 1"),
                 _("Game 2"), _("Pts"), _("Black in game 1"), _("Rtg"), _("No")],
        rows=rows, align=["r", "r", "l", "r", "r", "c", "c", "r", "l", "r", "r"],
        notes=notes, kind="pairings", lang=lang)


#: what the per-match form offers for each game, as the score of game 1's White (the left
#: player of the pairing list): the usual results and the forfeits (C.04.5 Preface: both games
#: forfeited by a player is a forfeited match, one game a played match)
MATCH_FORM_RESULTS = ("1-0", "=", "0-1", "+-", "-+", "--")


def match_games(rnd: m.Round, board: int) -> tuple[m.Game, m.Game]:
    """Games 1 and 2 of board ``board`` of a Double-Swiss round (BadRequest naming the board
    when there is no such match)."""
    from django.utils.translation import gettext

    from ...errors import BadRequest

    games = list(rnd.games.filter(board=board).exclude(black=None)
                 .select_related("round", "white", "black").order_by("game"))
    if [g.game for g in games] != [1, 2]:
        raise BadRequest(gettext("board: round %(n)s has no match on board %(board)s")
                         % {"n": rnd.number, "board": board})
    return games[0], games[1]


def set_match(rnd: m.Round, board: int, first: str, second: str, user: object,
              versions: tuple[int | None, int | None] = (None, None)) -> None:
    """Both games of the match on ``board`` from the per-match form, in one transaction:
    ``first`` and ``second`` are each game's result as the score of game 1's White (game 2
    is stored in its own colours, reversed: :data:`MIRRORED_RESULT`). Each game is recorded
    as the grid records it (its version checked against ``versions``, the ones the page
    showed; one audit entry per game, so that undo takes back one game at a time). Both
    games forfeited by the same player is a whole match forfeited (C.04.5 Preface)."""
    from django.db import transaction
    from django.utils.translation import gettext

    from ...errors import BadRequest
    from .hall import services as hall_services

    for field, key in ((gettext("Game 1"), first), (gettext("Game 2"), second)):
        if key not in MATCH_FORM_RESULTS:
            raise BadRequest(gettext("%(field)s: choose a result, found %(found)s")
                             % {"field": field, "found": repr(key[:20])})
    with hall_services.writing(), transaction.atomic():
        games = match_games(rnd, board)
        keys = (first, MIRRORED_RESULT[second])
        for game, key, version in zip(games, keys, versions, strict=True):
            hall_services.arbiter_decides(game, key, user, version=version, confirm_late=True)


def posted_match(text: object) -> tuple[int, int, int]:
    """The match form's ``match`` field, ``BOARD:VERSION1:VERSION2`` (the versions of both
    games the page showed, so that a change since then refuses the forfeit as the grid
    does), or BadRequest naming the field."""
    from django.utils.translation import gettext

    from ...errors import BadRequest

    parts = str(text or "").strip().split(":")
    if len(parts) != 3 or not all(p.isascii() and p.isdigit() and len(p) < 10 for p in parts):
        raise BadRequest(gettext("match: choose a board, found %(found)s")
                         % {"found": repr(str(text or "")[:40])})
    board, first, second = (int(p) for p in parts)
    return board, first, second


def match_rows(games: list[dict[str, object]], chosen: int | None = None
               ) -> list[dict[str, object]]:
    """The round page's per-match form choices: one per match (board, both players, both
    games' versions, and both games' current results as the score of game 1's White, ``""``
    when a game has none or one the form does not offer: issue 28, the form shows what the
    board already holds). ``selected`` marks board ``chosen`` (``?board=``), else the first."""
    by_board: dict[int, list[m.Game]] = {}
    for row in games:
        g = row["game"]
        assert isinstance(g, m.Game)
        if g.black_id is not None and g.game:
            by_board.setdefault(g.board, []).append(g)
    out: list[dict[str, object]] = []
    for board, pair in sorted(by_board.items()):
        if len(pair) != 2:
            continue
        first, second = sorted(pair, key=lambda g: g.game)
        first_key, second_key = match_results([first, second])[board]
        out.append({"board": board, "white": first.white, "black": first.black,
                    "value": f"{board}:{first.version}:{second.version}",
                    "first": first_key if first_key in MATCH_FORM_RESULTS else "",
                    "second": second_key if second_key in MATCH_FORM_RESULTS else "",
                    "selected": board == chosen})
    if out and not any(row["selected"] for row in out):
        out[0]["selected"] = True
    return out


def chosen_board(text: object) -> int | None:
    """The round page's ``?board=`` (the match the per-match form opens on), None when absent
    or not a board number (the form then opens on the first match)."""
    value = str(text or "").strip()
    return int(value) if value.isascii() and value.isdigit() and len(value) < 10 else None


def check_system_change(event: m.Event, stored: m.Event | None, paired: int) -> None:
    """Once a round is paired, an event cannot become Double-Swiss nor stop being one: its
    rounds are stored as matches of two games or as single games (C.04.5 Preface), and
    neither reads as the other (BadRequest naming the field)."""
    from django.utils.translation import gettext

    from ...errors import BadRequest

    if stored is None or not paired or is_double_swiss(stored) == is_double_swiss(event):
        return
    raise BadRequest(gettext(
        "pairing system: round 1 is paired with matches of two games (Double-Swiss) or with "
        "single games, and the other kind cannot continue it; keep the system"))
