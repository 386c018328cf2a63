"""The participant of the shared 2026 procedure: a player (C.04.5) or a team (C.04.6)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Participant:
    """What Art. 3 needs to know of one participant to pair, computed by the system.

    * ``id`` - the TPN (1.1): the procedure orders sets (3.5.3) and pairings (3.6.1) by it;
    * ``score`` - the primary score used for pairing (1.2), virtual points of an acceleration
      included (C.04.7 1.5): scoregroups, brackets, upfloaters, the PAB (3.4.2);
    * ``secondary`` - C.04.6 1.2.1's secondary score (None in C.04.5); the procedure never
      uses it (only the team colour rule 4.2.2 does);
    * ``opponents`` - the participants already met in a played match ([C1]; forfeited
      matches are not meetings, GHR 3.5);
    * ``floated`` - a floater in the previous round (1.5: its opponent had a different score),
      for [C7] and the pair criteria about floats;
    * ``matches_played`` - the matches it played (3.4.3);
    * ``may_get_bye`` - [C2] allows it the pairing-allocated bye.

    Colours are not here: each system allocates them with its own Art. 4 after the procedure
    (3.3.2 step 4), and a pair criterion about colours looks them up by ``id``.
    """

    id: int
    score: float
    secondary: float | None = None
    opponents: frozenset[int] = frozenset()
    floated: bool = False
    matches_played: int = 0
    may_get_bye: bool = True
