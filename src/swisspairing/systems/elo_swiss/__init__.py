"""The French federation's Elo-based Swiss system (``elo-swiss``).

Source: ``../shared/seeds/elo-based-swiss-ffe.fr.txt`` (sections A-E). How the text is read where
it is ambiguous is recorded in ``docs/elo-swiss.md``; the rule numbers below are the text's.

Outline of :meth:`EloSwiss.pair`:

* A.2 - players are ordered by score, Elo, title, name (then pairing number);
* A.3 - players of one score form a level, processed from the highest; players left unpaired
  float to the next level, which becomes heterogeneous (unless at least half of it came from
  above, then it is treated as homogeneous);
* A.6/C2-C6 - each level (or the floaters of a heterogeneous level, then its residual level) is
  split in S1/S2 and S1[i] is paired with S2[i];
* C7/D1 - permutations of S2 in increasing lexicographic order;
* C8/D2 - exchanges between S1 and S2 (smallest difference of numbers, then weakest S1 player);
* C9/C10 - B6 then B5 are dropped, first for downfloaters, then for upfloaters;
* C11/C14 - fewer pairs (p decreases, more players float);
* C1/C12/C13 - a level only keeps a pairing after which the rest of the round can still be
  paired (B1, B2); among those with the same number of pairs it prefers one whose floaters can
  all be paired in the next level (C12); the last level must leave at most one player, eligible
  for the bye (A.5, B1 b);
* C.04.1 f-h - colours (this text has no colour rules of its own; B2, cited by C1/C6/E6 but not
  defined here, is read as C.04.1 f and g).

Where each part lives (one module per concern):

* :mod:`.criteria` the criteria as named data: B5/B6 relaxation order (C9, C10), search limits,
  points without playing (B1 b, A.4 a);
* :mod:`.exchanges` D1 and D2: the order of permutations and exchanges;
* :mod:`.players` the round's players (A.2 order, B1, B2, B5, B6) and the completion questions
  on bit sets (:class:`Round`, :class:`PairRule`);
* :mod:`.completion` the look-ahead of C10-C13 as perfect-matching questions;
* :mod:`.stage` one S1/S2 stage with its exchanges and permutations (C4-C8);
* :mod:`.level` the levels of the round, homogeneous and heterogeneous (A.3, C1-C14);
* :mod:`.colours` colours (C.04.1 f-h) and publication order (E1);
* :mod:`.system` the system object (:data:`ELO_SWISS`).
"""

from __future__ import annotations

from .criteria import (
    POINT_WITHOUT_PLAYING,
    RELAXATIONS,
    elo_float_policy,
)
from .exchanges import d1_permutations, d2_exchanges, d2_splits
from .players import PairRule, Round
from .system import ELO_SWISS, EloSwiss

__all__ = [
    "ELO_SWISS",
    "POINT_WITHOUT_PLAYING",
    "RELAXATIONS",
    "EloSwiss",
    "PairRule",
    "Round",
    "d1_permutations",
    "d2_exchanges",
    "d2_splits",
    "elo_float_policy",
]
