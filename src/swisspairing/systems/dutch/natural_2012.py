"""Dutch 2012: a bracket whose natural candidate meets every requirement needs no search.

The 2012 text (C.04.3.1) is a procedure: C3 sets the requirements (B1-B6, A7.d, X1/Z1 of A8),
C4 pairs S1 against S2 and C5-C9 examine the candidates in the D1/D2 order, the first one being
the natural candidate S1[i]-S2[i] (no transposition, no exchange); C10 relaxes a requirement
only when no candidate meets them all. So when the natural candidate meets every requirement at
its strictest it is the bracket's pairing: it is the first candidate tried and it is accepted
(C9). In the weighted form of the package (``criteria.CRITERIA_2012``, docs/dutch.md section 7)
it is at the best value of every digit and first in the D1/D2 order. The proof, case by case, is in
docs/dutch.md section 8, "ideal candidates, 2012".

Scope (anything else returns None and the bracket is paired by the matchings of ``bracket.py``):

* a homogeneous bracket (no moved-down player) whose players share one score, paired without
  the following scoregroup and not a PPB (``nxt`` and ``rest`` empty);
* even, or odd and the last bracket (its player left over gets the bye, C.04.1 c): then no
  player is moved down to a following bracket, so C1/C12 (look-ahead) have nothing to judge;
* every natural pair is allowed (B1.a and the absolute colour rule) and gives both players the
  colour they prefer, if any (E1-E5: then X = Z = 0, no B2 / A7.d miss);
* in an odd last bracket, the player left over (the last of S2) may receive the bye (B1.b,
  C.04.1 d) and did not float down one or two rounds before (B5, B6: the bye is a downfloat).

Round 1 of an event (one score, no history, no preference) is always in this scope.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...model import Colour
from ...model.state import Float
from .colours import allocate_colours

if TYPE_CHECKING:
    from .bracket import Bracket
    from .players import PairingPlayer

Pairs = list[tuple["PairingPlayer", "PairingPlayer"]]


def natural_candidate_2012(ctx: Bracket) -> tuple[Pairs, list[PairingPlayer]] | None:
    """The natural candidate (S1[i]-S2[i], B2012 C4, D1) when it meets every requirement of C3
    at its strictest, as (pairs, player left over); None otherwise."""
    rnd = ctx.rnd
    bracket = ctx.players
    if rnd.rules.edition != 2012 or ctx.nxt or ctx.rest or ctx.mdp_ids or not bracket:
        return None
    if any(p.score != bracket[0].score for p in bracket):
        return None  # B3 / D4: only one score, so every pair has a score difference of 0
    odd = len(bracket) % 2 == 1
    if odd and not ctx.complete:
        return None  # a player moved down: C1/C12 would judge the following bracket
    ordered = sorted(bracket, key=lambda p: p.rank)  # A2 order within the bracket
    half = len(ordered) // 2
    s1, s2 = ordered[:half], ordered[half:]
    pairs: Pairs = []
    for a, b in zip(s1, s2, strict=False):
        if not rnd.compatible(a, b):  # B1.a, the absolute colour rule
            return None
        white, black, _ = allocate_colours(a, b, rnd.initial)
        if white.pref is Colour.BLACK or black.pref is Colour.WHITE:
            return None  # X / Z / B2 / A7.d: a colour preference would be missed
        pairs.append((a, b))
    left_over = s2[half:]
    if left_over:
        bye = left_over[0]
        if not bye.bye_ok:  # B1.b (C.04.1 d)
            return None
        if bye.float1 is Float.DOWN or bye.float2 is Float.DOWN:  # B5, B6
            return None
    return pairs, left_over
