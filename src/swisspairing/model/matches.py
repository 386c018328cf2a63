"""Two-game matches (Double-Swiss, C.04.5): the match view of a tournament's game columns.

C.04.5 Preface: every pairing is a **match** of two games between the same two players,
colours alternating, points scored per game. The model keeps one cell per game (a TRF column,
``../shared/cases-2026/double-swiss/README.md``: match k = columns 2k-1 and 2k); this module
reads the two cells of a match together and says what the match means:

* a **forfeited match**: at least one player forfeited both games (Preface). It is not a
  meeting ([C1], GHR 3.5) and gives no colour; the other player won it by forfeit ([C2]),
  unless he forfeited both games too (a double forfeit, won by nobody);
* every other match with an opponent is **played**, even with a single forfeited game
  (Preface: "treated as played" for standings and tie-breaks): a meeting for [C1]; it gives
  the player the colour of game 1 (1.6) when at least one game was actually played over the
  board (a match whose two games were each forfeited by a different player gives none,
  ``docs/double-swiss.md`` reading 9);
* a **bye** (pairing-allocated ``U``, requested ``F``/``H``, absence ``Z``) is a whole match
  (Preface: byes exist only for whole matches).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from .results import Colour, ResultKind, RoundEntry
from .tournament import Tournament

#: TRF-2026 ``192`` codes of the Double-Swiss system (ETT26, ``../shared/rules/trf.md`` 6)
DOUBLE_SWISS_192 = ("FIDE_DOUBLESWISS", "FIDE_DOUBLESWISS_BAKU", "CUSTOM_DOUBLESWISS")


def is_double_swiss_code(code: str) -> bool:
    """Is ``code`` (the text of a ``192`` record) one of the Double-Swiss codes?"""
    return code.strip().upper() in DOUBLE_SWISS_192


class MatchStatus(Enum):
    """What a match was for one player."""

    PLAYED = "played"  # a regular match (a single forfeited game inside included)
    FORFEIT_WIN = "forfeit-win"  # the opponent forfeited both games, this player did not
    FORFEIT_LOSS = "forfeit-loss"  # this player forfeited both games, the opponent did not
    DOUBLE_FORFEIT = "double-forfeit"  # both forfeited both games
    PAIRING_BYE = "pairing-allocated-bye"
    FULL_POINT_BYE = "full-point-bye"
    HALF_POINT_BYE = "half-point-bye"
    ZERO_POINT_BYE = "zero-point-bye"  # an absence, or nothing written
    NOT_PAIRED = "not-paired"  # no cell at all (a late entry before its arrival)

    @property
    def is_forfeit(self) -> bool:
        return self in (MatchStatus.FORFEIT_WIN, MatchStatus.FORFEIT_LOSS,
                        MatchStatus.DOUBLE_FORFEIT)


_BYE_STATUS = {
    ResultKind.PAIRING_BYE: MatchStatus.PAIRING_BYE,
    ResultKind.FULL_POINT_BYE: MatchStatus.FULL_POINT_BYE,
    ResultKind.HALF_POINT_BYE: MatchStatus.HALF_POINT_BYE,
    ResultKind.ZERO_POINT_BYE: MatchStatus.ZERO_POINT_BYE,
}


@dataclass(frozen=True, slots=True)
class Match:
    """Match ``number`` of one player: its two game cells and what they mean."""

    number: int
    game1: RoundEntry | None
    game2: RoundEntry | None
    status: MatchStatus
    points: float

    @property
    def opponent(self) -> int:
        """The opponent (0 for a bye or nothing)."""
        return self.game1.opponent if self.game1 is not None else 0

    @property
    def is_meeting(self) -> bool:
        """The match counts as a meeting of both players ([C1]): it was played."""
        return self.status is MatchStatus.PLAYED

    @property
    def colour(self) -> Colour | None:
        """The colour the player had in the match (C.04.5 1.6): its game-1 colour, only when at
        least one game of the match was actually played."""
        if self.status is not MatchStatus.PLAYED or self.game1 is None:
            return None
        games = (self.game1, self.game2)
        if not any(g is not None and g.is_played for g in games):
            return None
        if self.game1.colour is not None:
            return self.game1.colour
        if self.game2 is not None and self.game2.colour is not None:
            return self.game2.colour.opposite
        return None


def _forfeited_both(a: RoundEntry | None, b: RoundEntry | None) -> bool:
    return all(e is not None and e.kind is ResultKind.FORFEIT_LOSS for e in (a, b))


def match_status(game1: RoundEntry | None, game2: RoundEntry | None,
                 opponent_games: tuple[RoundEntry | None, RoundEntry | None]) -> MatchStatus:
    """The status of a match from the player's two cells and the opponent's two cells."""
    if game1 is None and game2 is None:
        return MatchStatus.NOT_PAIRED
    first = game1 if game1 is not None else game2
    assert first is not None
    if not first.opponent:
        return _BYE_STATUS[first.kind]
    mine = _forfeited_both(game1, game2)
    theirs = _forfeited_both(*opponent_games)
    if mine and theirs:
        return MatchStatus.DOUBLE_FORFEIT
    if mine:
        return MatchStatus.FORFEIT_LOSS
    if theirs:
        return MatchStatus.FORFEIT_WIN
    return MatchStatus.PLAYED


def match_number(column: int) -> int:
    """The match of a game column (1-based): columns 2k-1 and 2k are match k."""
    return (column + 1) // 2


def player_match(t: Tournament, player_id: int, number: int) -> Match:
    """Match ``number`` of a player (C.04.5 Preface), from columns 2k-1 and 2k."""
    p = t.players[player_id]
    g1 = p.entry(2 * number - 1)
    g2 = p.entry(2 * number)
    opponent = (g1 or g2).opponent if (g1 or g2) is not None else 0  # type: ignore[union-attr]
    if opponent and opponent in t.players:
        o = t.players[opponent]
        theirs = (o.entry(2 * number - 1), o.entry(2 * number))
    else:
        theirs = (None, None)
    status = match_status(g1, g2, theirs)
    points = t.cell_points(g1) + t.cell_points(g2)
    return Match(number, g1, g2, status, points)


def player_matches(t: Tournament, player_id: int, last: int) -> list[Match]:
    """Matches 1..``last`` of a player."""
    return [player_match(t, player_id, k) for k in range(1, last + 1)]


def matches_in_file(t: Tournament) -> int:
    """The number of matches written (a half-written last match counts)."""
    return match_number(t.rounds_in_file)
