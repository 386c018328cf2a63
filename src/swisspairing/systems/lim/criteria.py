"""The Lim system's criteria as named data, each citing its article (French numbering; 2026 =
French minus 7)."""

from __future__ import annotations

from enum import Enum


class Direction(Enum):
    """Pairing downwards (upper and median groups) or upwards (lower groups), art. 9.2."""

    DOWN = "down"
    UP = "up"


#: Art. 9.2: the kinds of score group, with their French names for the explanations. Groups
#: above the median are paired downwards from the top, groups below it upwards from the bottom,
#: the median group last.
GROUP_KINDS: dict[str, str] = {"upper": "supérieur", "lower": "inférieur", "median": "médian"}

#: Art. 10.9: the types of floater, from the one chosen first to the one chosen last, by the
#: rank :meth:`~.round.LimRound.float_order` gives them (0 = type d ... 3 = type a).
FLOATER_TYPES: dict[int, str] = {0: "d", 1: "c", 2: "b", 3: "a"}

#: Art. 10.9, 10.10, 10.2-10.4: the keys of the floater choice, in priority order.
FLOAT_ORDER_KEYS: tuple[tuple[str, str], ...] = (
    ("floater type (a compatible opponent in the adjacent group, floated before)", "10.9"),
    ("floated in the previous round: floats last", "10.10"),
    ("from the larger side of the players due White / due Black", "10.2"),
    ("highest (pairing down) or lowest (pairing up) pairing number", "10.2-10.4"),
)

#: Art. 10.2, 10.8, 12.7 (maxi-tournaments): the largest rating difference allowed between the
#: floater chosen and the player the order names, and between exchanged opponents.
MAXI_RATING_GAP = 100
