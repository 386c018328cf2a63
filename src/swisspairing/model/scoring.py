"""Point systems: how many points each kind of round result is worth.

The default is the FIDE one (win 1, draw 1/2, loss 0; a pairing-allocated bye is worth a win,
C.04.1 c). Tournaments may use others, such as 3-1-0; TRF files say so with ``XXS`` (JaVaFo),
``BBW``/``BBD``/... (bbpPairings) or record ``162`` (TRF-2026).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar

from .results import Colour, ResultKind, RoundEntry


def round_points(value: float) -> float:
    """Round a sum of points to the TRF precision (one decimal), removing float noise."""
    return round(value + 0.0, 1) + 0.0


@dataclass(frozen=True, slots=True)
class PointSystem:
    """Points for every kind of result. Colour-dependent values follow JaVaFo's ``XXS`` codes."""

    white_win: float = 1.0
    black_win: float = 1.0
    white_draw: float = 0.5
    black_draw: float = 0.5
    white_loss: float = 0.0
    black_loss: float = 0.0
    forfeit_win: float = 1.0
    forfeit_loss: float = 0.0
    pairing_bye: float = 1.0
    full_point_bye: float = 1.0
    half_point_bye: float = 0.5
    zero_point_bye: float = 0.0

    @property
    def win(self) -> float:
        """Points for a win (white's value; the two are equal in every usual system)."""
        return self.white_win

    @property
    def draw(self) -> float:
        return self.white_draw

    @property
    def loss(self) -> float:
        return self.white_loss

    @property
    def is_default(self) -> bool:
        return self == PointSystem()

    def points(self, entry: RoundEntry | None) -> float:
        """Points a player scores with this cell (an empty cell scores a zero-point bye)."""
        if entry is None:
            return self.zero_point_bye
        kind = entry.kind
        white = entry.colour is not Colour.BLACK
        if kind is ResultKind.WIN:
            return self.white_win if white else self.black_win
        if kind in (ResultKind.DRAW, ResultKind.ADJOURNED):
            return self.white_draw if white else self.black_draw
        if kind is ResultKind.LOSS:
            return self.white_loss if white else self.black_loss
        return {
            ResultKind.FORFEIT_WIN: self.forfeit_win,
            ResultKind.FORFEIT_LOSS: self.forfeit_loss,
            ResultKind.PAIRING_BYE: self.pairing_bye,
            ResultKind.FULL_POINT_BYE: self.full_point_bye,
            ResultKind.HALF_POINT_BYE: self.half_point_bye,
            ResultKind.ZERO_POINT_BYE: self.zero_point_bye,
        }[kind]

    # --- JaVaFo XXS codes -------------------------------------------------------------------
    _XXS_FIELDS: ClassVar[dict[str, tuple[str, ...]]] = {
        "WW": ("white_win",),
        "BW": ("black_win",),
        "WD": ("white_draw",),
        "BD": ("black_draw",),
        "WL": ("white_loss",),
        "BL": ("black_loss",),
        "FW": ("forfeit_win",),
        "FL": ("forfeit_loss",),
        "PAB": ("pairing_bye",),
        "FPB": ("full_point_bye",),
        "HPB": ("half_point_bye",),
        "ZPB": ("zero_point_bye",),
        "W": ("white_win", "black_win", "forfeit_win", "full_point_bye"),
        "D": ("white_draw", "black_draw", "half_point_bye"),
        "L": ("white_loss", "black_loss"),
    }

    def with_xxs(self, code: str, value: float) -> PointSystem:
        """Apply one ``CODE=VALUE`` of a JaVaFo ``XXS`` line. Raises KeyError for a bad code.

        When the win value changes and ``PAB`` was not given, the pairing-allocated bye keeps
        following the win value only if it equalled it (JaVaFo: ``XXS W=3`` then ``PAB`` stays 1
        is the documented draw-equivalent case, so PAB is only changed by ``PAB=``).
        """
        fields = self._XXS_FIELDS[code.upper()]
        return replace(self, **{f: value for f in fields})

    def xxs_items(self) -> list[tuple[str, float]]:
        """The ``CODE=VALUE`` pairs that differ from the default, for writing ``XXS``."""
        default = PointSystem()
        out = []
        for code in ("WW", "BW", "WD", "BD", "WL", "BL", "FW", "FL", "PAB", "FPB", "HPB", "ZPB"):
            (field,) = self._XXS_FIELDS[code]
            if getattr(self, field) != getattr(default, field):
                out.append((code, getattr(self, field)))
        return out

    @classmethod
    def standard(cls, win: float = 1.0, draw: float = 0.5, loss: float = 0.0) -> PointSystem:
        """A colour-blind system: ``standard(3, 1, 0)`` is the 3-1-0 scoring."""
        return cls(
            white_win=win,
            black_win=win,
            white_draw=draw,
            black_draw=draw,
            white_loss=loss,
            black_loss=loss,
            forfeit_win=win,
            forfeit_loss=loss,
            pairing_bye=win,
            full_point_bye=win,
            half_point_bye=draw,
            zero_point_bye=loss,
        )
