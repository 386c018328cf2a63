"""Round results: one cell of a player's history, and what it means for pairing.

A cell is what TRF writes in columns 92-99 (and every 10 columns after) of a ``001`` line:
the opponent's pairing number (``0`` when there is none), the colour and a result code.
The meaning of a cell (:class:`ResultKind`) is derived from those three fields; the raw
code is kept so that a file can be written back as it was read.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Colour(Enum):
    """The colour a player had in a game."""

    WHITE = "w"
    BLACK = "b"

    @property
    def opposite(self) -> Colour:
        return Colour.BLACK if self is Colour.WHITE else Colour.WHITE

    def __str__(self) -> str:
        return self.value


class ResultKind(Enum):
    """The meaning of a round cell, common to every pairing system.

    TRF codes (``../shared/rules/trf.md`` 4.1), case-insensitive:
    ``1 = 0`` played win/draw/loss; ``W D L`` the same for a game of less than one move;
    ``X`` an adjourned game, a draw for pairing purposes (C.04.2 D.1 / GHR 3.1);
    ``+ -`` forfeit win/loss against a named opponent; ``U`` pairing-allocated bye;
    ``F H Z`` requested full-point, half-point and zero-point byes; a blank code is a ``Z``.
    Legacy files (JaVaFo 1.x) write a pairing-allocated bye as ``0000 - +``, a half-point
    bye as ``0000 - =`` and an absence as ``0000 - -``; they are read with those meanings.
    """

    WIN = "win"
    DRAW = "draw"
    LOSS = "loss"
    ADJOURNED = "adjourned"
    FORFEIT_WIN = "forfeit-win"
    FORFEIT_LOSS = "forfeit-loss"
    PAIRING_BYE = "pairing-allocated-bye"
    FULL_POINT_BYE = "full-point-bye"
    HALF_POINT_BYE = "half-point-bye"
    ZERO_POINT_BYE = "zero-point-bye"

    @property
    def is_played(self) -> bool:
        """A game played over the board: it counts for colours and meetings (C.04.2 D.5)."""
        return self in _PLAYED

    @property
    def is_bye(self) -> bool:
        """No opponent at all in this round."""
        return self in _BYES


_PLAYED = frozenset({ResultKind.WIN, ResultKind.DRAW, ResultKind.LOSS, ResultKind.ADJOURNED})
_BYES = frozenset(
    {
        ResultKind.PAIRING_BYE,
        ResultKind.FULL_POINT_BYE,
        ResultKind.HALF_POINT_BYE,
        ResultKind.ZERO_POINT_BYE,
    }
)

#: Result codes allowed with an opponent.
GAME_CODES = frozenset("10=WDLX+-")
#: Result codes allowed without an opponent (``0000``); ``+ = -`` are the legacy bye forms.
BYE_CODES = frozenset("UFHZ +=-")

_GAME_KIND = {
    "1": ResultKind.WIN,
    "W": ResultKind.WIN,
    "=": ResultKind.DRAW,
    "D": ResultKind.DRAW,
    "0": ResultKind.LOSS,
    "L": ResultKind.LOSS,
    "X": ResultKind.ADJOURNED,
    "+": ResultKind.FORFEIT_WIN,
    "-": ResultKind.FORFEIT_LOSS,
}
_BYE_KIND = {
    "U": ResultKind.PAIRING_BYE,
    "+": ResultKind.PAIRING_BYE,
    "F": ResultKind.FULL_POINT_BYE,
    "H": ResultKind.HALF_POINT_BYE,
    "=": ResultKind.HALF_POINT_BYE,
    "Z": ResultKind.ZERO_POINT_BYE,
    "-": ResultKind.ZERO_POINT_BYE,
    " ": ResultKind.ZERO_POINT_BYE,
}


@dataclass(frozen=True, slots=True)
class RoundEntry:
    """One round of one player: opponent (0 = none), colour (None = none) and result code.

    ``code`` is the TRF character as written (upper-cased); use :attr:`kind` for its meaning.
    """

    opponent: int
    colour: Colour | None
    code: str

    @property
    def kind(self) -> ResultKind:
        if self.opponent:
            return _GAME_KIND[self.code]
        if self.colour is not None:
            # a team event's board forfeited against an empty board: ``0000 w +`` (TRF-2026,
            # trf.md 4.1; the reader allows it in team files only)
            return _GAME_KIND[self.code]
        return _BYE_KIND[self.code]

    @property
    def is_played(self) -> bool:
        return self.opponent != 0 and self.code in "10=WDLX"

    @property
    def is_bye(self) -> bool:
        return self.opponent == 0

    @classmethod
    def game(cls, opponent: int, colour: Colour, code: str) -> RoundEntry:
        return cls(opponent, colour, code)

    @classmethod
    def bye(cls, code: str) -> RoundEntry:
        return cls(0, None, code)

    def to_trf(self) -> str:
        """The 8-character TRF cell, ``OOOO C R``."""
        colour = self.colour.value if self.colour else "-"
        if not self.opponent:
            return f"0000 {colour} {self.code}"
        return f"{self.opponent:4d} {colour} {self.code}"


#: Result of a played game seen from the other side.
MIRROR = {"1": "0", "0": "1", "=": "=", "W": "L", "L": "W", "D": "D", "X": "X", "+": "-", "-": "+"}
