"""The tournament model shared by every pairing system, the checker and the standings."""

from .results import Colour, ResultKind, RoundEntry
from .scoring import PointSystem
from .state import ColourPreference, Float, PlayerState, PreferenceStrength, build_states
from .tournament import Board, ForbiddenGroup, Pairing, Player, Tournament

__all__ = [
    "Board",
    "Colour",
    "ColourPreference",
    "Float",
    "ForbiddenGroup",
    "Pairing",
    "Player",
    "PlayerState",
    "PointSystem",
    "PreferenceStrength",
    "ResultKind",
    "RoundEntry",
    "Tournament",
    "build_states",
]
