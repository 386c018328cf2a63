"""The Burstein system, FIDE C.04.4.2 as applied from 1 February 2026.

Source: ``../shared/rules/burstein.md`` (digest of the 2026 text), cited by its article numbers
(``1.6``, ``1.7.2``, ``3.1.3``, ``4.3``, ``5.2.4``) and criteria ``C1``-``C8``. How the engine
works and why it gives the text's answer: ``docs/burstein.md``.

* Rounds 1 to min(R // 2, 4) are seeding rounds (1.6), paired as a whole by the Dutch system in
  force (:data:`swisspairing.systems.dutch.DUTCH_2025`), colours included.
* Later rounds: every player gets an **Index** (1.7: Buchholz, then Sonneborn-Berger, from real
  points only); the pairing-allocated bye is chosen first (3.1); the scoregroups are paired from
  the top, each bracket being its residents plus the incoming floaters ranked together by Index
  then TPN (1.8, 4.1). In a bracket the pairing is the one that best meets C5-C8, and among
  equals the first in the order of 4.3.
* Colours: 5.2.1-5.2.5, pair by pair.

Where each part lives:

* :mod:`.players` the Index (1.7), the ranking order (1.8), the player record;
* :mod:`.colours` 5.2 and what C8 counts;
* :mod:`.criteria` the bracket criteria C4-C8 and 4.3 in priority order, as named data;
* :mod:`.round` compatibility (C1, C3) as bit sets, completion (C4), the PAB (3.1);
* :mod:`.ideal` the ideal candidate of a bracket and the bounds that prove it;
* :mod:`.weights` the general method: one maximum-weight matching whose digits are the criteria;
* :mod:`.bracket` one bracket (the candidate, else the weights); :mod:`.system` the rounds.
"""

from __future__ import annotations

from .bracket import BracketResult, pair_bracket
from .colours import allocate_colours, misses_preference
from .players import (
    BursteinPlayer,
    Index,
    burstein_players,
    player_index,
    ranking_key,
    real_score,
    score_as_opponent,
    zero_point_bye_run,
)
from .round import BursteinRound
from .system import BURSTEIN, MAX_SEEDING_ROUNDS, BursteinSystem, pair_brackets, seeding_rounds

__all__ = [
    "BURSTEIN",
    "MAX_SEEDING_ROUNDS",
    "BracketResult",
    "BursteinPlayer",
    "BursteinRound",
    "BursteinSystem",
    "Index",
    "allocate_colours",
    "burstein_players",
    "misses_preference",
    "pair_bracket",
    "pair_brackets",
    "player_index",
    "ranking_key",
    "real_score",
    "score_as_opponent",
    "seeding_rounds",
    "zero_point_bye_run",
]
