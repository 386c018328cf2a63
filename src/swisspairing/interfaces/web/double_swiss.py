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


def is_double_swiss(event: m.Event) -> bool:
    return event.system == SYSTEM


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
    """The event's point system; for a Double-Swiss event whose settings give no value of
    their own to the pairing-allocated bye, the bye is worth a game won and a game drawn for
    the whole match (C.04.5 1.4), as the TRF reader does for a ``162`` without ``P``."""
    if not is_double_swiss(event) or "pairing_bye" in (event.point_system or {}):
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
    from ...model.results import MIRROR
    from .convert import publication_numbers

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
                if e.code in "U+":
                    games.append(m.Game(round=rnd, board=0, game=1, white=rows[pid],
                                        white_code="U"))
                elif not (pid in t.withdrawn and first >= t.withdrawn[pid]):
                    code = "F" if e.code == "F" else "H" if e.code in "H=" else "Z"
                    m.RoundRequest.objects.create(event=event, entrant=rows[pid],
                                                  round_number=k, code=code)
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
                white_first = mine.colour is not Colour.BLACK
                w, b = (pid, e.opponent) if white_first else (e.opponent, pid)
                other = theirs.code if theirs else MIRROR[mine.code]
                wc, bc = (mine.code, other) if white_first else (other, mine.code)
                rows_of_game.append(m.Game(round=rnd, board=0, game=number, white=rows[w],
                                           black=rows[b], white_code=wc, black_code=bc))
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
