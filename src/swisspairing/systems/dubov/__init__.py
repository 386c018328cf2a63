"""The Dubov Swiss system: the 1997 text (``dubov-1997``) and the current FIDE text (``dubov``).

Sources: ``../shared/seeds/dubov-1997.fr.txt`` (French translation of the 1997 text, cited as
``art. N``) and ``../shared/rules/dubov-current.md`` (digest of C.04.4.1 in force from 2026,
cited by its article numbers ``1.6``, ``3.2.4`` ... and criteria ``C1``-``C10``).

Both versions share one engine (:class:`DubovSystem`): ARO per round, colour preferences,
White-seekers (G1) paired against the others (G2), transfers between the two subgroups, players
moved from a lower scoregroup into a bracket, the bye, and colour allocation. Everything the two
texts do differently is a field of :class:`DubovRules` (sort keys, shifter order, colour rules,
bye order, float limits, downfloats). See ``docs/dubov.md`` for the decisions taken where the
texts are ambiguous (notably the order of Black-seekers in 1997 art. 6.2).

Where each part lives:

* :mod:`.players` the player record (ARO, due colour, colour limits, floats, bye eligibility);
* :mod:`.rules` the two texts' differences as data (:class:`DubovRules`), colour rules in
  priority order;
* :mod:`.round` legality (bit sets), completion, colours, one bracket's split and arrangement;
* :mod:`.system` the round: bye, scoregroups, 2026 upfloaters, 1997 floaters and transfers.
"""

from __future__ import annotations

from .players import (
    DubovPlayer,
    allowed_colours,
    average_rating_of_opponents,
    due_colour,
    preference_of,
)
from .round import DubovRound
from .rules import (
    DUBOV_1997_RULES,
    DUBOV_2026_RULES,
    TPN_RECALCULATED_UNTIL_ROUND,
    DubovRules,
    middle_out,
)
from .system import DUBOV, DUBOV_1997, DubovSystem

__all__ = [
    "DUBOV",
    "DUBOV_1997",
    "DUBOV_1997_RULES",
    "DUBOV_2026_RULES",
    "TPN_RECALCULATED_UNTIL_ROUND",
    "DubovPlayer",
    "DubovRound",
    "DubovRules",
    "DubovSystem",
    "allowed_colours",
    "average_rating_of_opponents",
    "due_colour",
    "middle_out",
    "preference_of",
]
