"""The FIDE (Dutch) system: the 2012, 2016/2017 and 2025 texts on one machinery.

How a round is paired (2017 text, C.04.3; the 2025 and 2012 differences live in
:class:`DutchRules`):

* players are ordered by score then pairing number (A.2) and split into scoregroups (A.3);
* brackets are paired from the top down (A.9). For each bracket the best candidate by the
  quality criteria C.5-C.19, and among equals the one generated first in the sequence of
  B.6/B.7 with D.1-D.3 (B.8), is found with maximum-weight matchings whose integer edge weights
  hold the criteria as digits, highest priority first (see ``docs/dutch.md``);
* when the downfloaters of a bracket and all remaining players cannot complete the round, the
  bracket is the PPB: it is re-paired under C.4 and everything below collapses into the CLB (A.9);
* colours are allocated pair by pair with E.1-E.5.

Where each part lives (``docs/dutch.md`` explains the method):

* :mod:`.editions` what differs between editions besides the criteria (floats after an unplayed
  round, bye eligibility C.2 / [C2] / B1.b, the A.9 PPB/CLB route);
* :mod:`.players` the player record of a round;
* :mod:`.colours` E.1-E.5 colour allocation, the initial colour, the 2012 A8 counts;
* :mod:`.criteria` the quality criteria of each edition as rows of matching weights;
* :mod:`.weights` edge kinds and the mixed-radix digits of the weights;
* :mod:`.bracket` one bracket's graph and matching; :mod:`.generation` B.6/B.7, D.1-D.3, B.8;
* :mod:`.ideal` the ideal-candidate shortcut; :mod:`.round` compatibility, completion (C.4),
  look-ahead (C.7 / [C8]); :mod:`.system` the brackets from the top down (A.9), the engines;
* :mod:`.explain` the bracket-by-bracket explanation.
"""

from __future__ import annotations

from .colours import a8_x1_z1, allocate_colours, colour_misses, initial_colour
from .editions import RULES_2012, RULES_2017, RULES_2025, DutchRules
from .generation import BracketResult, exchange_key
from .players import ABSOLUTE, STRONG, PairingPlayer
from .round import PairingRound
from .system import DUTCH_2012, DUTCH_2017, DUTCH_2025, DutchSystem, relax_bye_2012
from .weights import BYE, BYE_VERTEX, INTERNAL, NEXT, OTHER

__all__ = [
    "ABSOLUTE",
    "BYE",
    "BYE_VERTEX",
    "DUTCH_2012",
    "DUTCH_2017",
    "DUTCH_2025",
    "INTERNAL",
    "NEXT",
    "OTHER",
    "RULES_2012",
    "RULES_2017",
    "RULES_2025",
    "STRONG",
    "BracketResult",
    "DutchRules",
    "DutchSystem",
    "PairingPlayer",
    "PairingRound",
    "a8_x1_z1",
    "allocate_colours",
    "colour_misses",
    "exchange_key",
    "initial_colour",
    "relax_bye_2012",
]
