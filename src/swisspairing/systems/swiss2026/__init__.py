"""The pairing procedure shared by the 2026 FIDE systems C.04.5 (Double-Swiss) and C.04.6
(Swiss Team): their Art. 3 is the same text (``../shared/rules/double-swiss.md`` 4).

How a system uses it::

    from swisspairing.systems.swiss2026 import (
        Participant, Rules, pair_round, upfloaters_opponents)

    participants = [Participant(id=tpn, score=pairing_score, secondary=None,
                                opponents=frozenset(met), floated=floated_last_round,
                                matches_played=played, may_get_bye=allowed_by_c2), ...]
    rules = Rules("C.04.5", pair_criteria=(upfloaters_opponents("[C8]", "2.3.5"),)
                  if not last_round else (), upfloater_floats=not last_round)
    result = pair_round(participants, rules, forbidden=pairs_260, explanation=explanation)
    result.bye            # the PAB's TPN or None (3.4)
    result.pairs          # [(top, bottom), ...] by TPN (3.6.1), no colours
    result.brackets       # residents, upfloaters, pairs, criteria met, bracket by bracket

then allocate colours pair by pair with the system's own Art. 4 (3.3.2 step 4). A system with
other pair criteria (C.04.6 [C8]/[C9] on colour preferences) writes each as a
:class:`PairCriterion` whose cost looks up its own colour data by ``Participant.id``.

Modules: :mod:`.participants` (what the procedure knows of a participant), :mod:`.criteria`
(the criteria as named data), :mod:`.procedure` (Art. 3).
"""

from __future__ import annotations

from .criteria import (
    C4,
    C5,
    C6,
    C7,
    SET_CRITERIA,
    BracketView,
    Criterion,
    PairCriterion,
    upfloaters_opponents,
)
from .participants import Participant
from .procedure import Bracket, RoundPairing, Rules, pair_round

__all__ = [
    "C4",
    "C5",
    "C6",
    "C7",
    "SET_CRITERIA",
    "Bracket",
    "BracketView",
    "Criterion",
    "PairCriterion",
    "Participant",
    "RoundPairing",
    "Rules",
    "pair_round",
    "upfloaters_opponents",
]
