"""The Double-Swiss system (C.04.5): see :mod:`.system`."""

from __future__ import annotations

from .colours import allocate, higher_ranked
from .players import DoubleSwissPlayer, build_players
from .system import DOUBLE_SWISS, DoubleSwissSystem, initial_colour, total_matches

__all__ = [
    "DOUBLE_SWISS",
    "DoubleSwissPlayer",
    "DoubleSwissSystem",
    "allocate",
    "build_players",
    "higher_ranked",
    "initial_colour",
    "total_matches",
]
