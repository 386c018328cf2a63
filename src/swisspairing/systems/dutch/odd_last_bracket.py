"""Dutch (2017, 2025; 2012: section 8.17 (c)): the odd last bracket whose residents may not
meet one another, one more than its MDPs, one of them receiving the PAB (``docs/dutch.md``
section 8.15, issue 26: the last round after White won every game with an odd field,
``benchmarks/bad_rounds.py --scenarios last-round-ww``).

Section 8.7 (:func:`.completing.last_bracket_one_colour`) with a PAB. Two residents may not
meet (C.3 / [C3]) nor two MDPs (B.3, 2025 3.3.3), so a candidate that completes the round
(C.4 / [C4]) pairs every MDP with a resident and leaves one resident over, who receives the
PAB (C.2 / [C2]; an MDP left over would leave two residents unpaired). Every criterion then
sums one term per MDP and one per paired resident (section 8.7), so two candidates differ only
by the receiver: his criteria row, as the engine's weights count it, decides which receivers
are best, and the generation order (D.1 / 4.2: the first S2 transposition) decides among the
candidates whose receiver is one of them.
"""

from __future__ import annotations

from .bracket import Bracket
from .completing import last_bracket_over_one_colour
from .criteria import edge_row
from .ideal import Pairs, first_assignment
from .players import ABSOLUTE, PairingPlayer
from .weights import INTERNAL


def receiver_gain(ctx: Bracket, mdp: PairingPlayer, resident: PairingPlayer) -> tuple[int, ...]:
    """What the candidate's weight gains, criterion by criterion in priority order, when
    ``resident`` receives the PAB, less a term of ``mdp`` alone (the same for every resident).

    In the graph of :func:`.bracket.build` the weight of a candidate is the sum of the rows of
    its pairs (``criteria.edge_row``) and of the PAB edge's row. A pair's row is a term of its
    MDP plus a term of its resident (section 8.7; the scope of :func:`pab_receiver_candidate`),
    so a candidate whose receiver is ``r`` weighs a constant, plus the PAB row of ``r``, minus
    the resident term of ``r``: ``-row(mdp, r)`` up to a term of ``mdp``. The PAB row holds the
    completion digit (the same for all) and, in 2025, [C9] (2.3.4: fewest unplayed games of the
    PAB receiver, ``criteria_2025``; its bracket floats one player, the receiver, so the engine
    sets ``ctx.c9``). Rows list the criteria in priority order and ``Levels.weights`` makes each
    digit outrank the sums of the next ones, so the larger tuple is the better receiver."""
    gain = [-x for x in edge_row(ctx, mdp, resident, INTERNAL)]
    if ctx.rnd.rules.edition >= 2025:
        gain[ctx.layout.index["C9"]] += ctx.max_unplayed + 1 - resident.unplayed
    return tuple(gain)


def _scope_2012(ctx: Bracket) -> tuple[list[PairingPlayer], list[PairingPlayer]] | None:
    """2012: the lowest bracket (A9 asked of it alone: nothing below, no following
    scoregroup), heterogeneous after A3 (``k`` MDPs, ``k + 1`` residents: fewer than half
    moved down), the residents of one score, all non-topscorers with the same absolute colour
    preference (B2 and the absolute colour rule, ``compatible``: they may not meet), every MDP
    scoring more; not the last round with a topscorer in the bracket. The 2012 rows have no
    score differences in their float digits, so MDPs of several scores are in scope
    (docs/dutch.md 8.17 (c)). Returns (MDPs, residents), or None outside it."""
    rnd = ctx.rnd
    if not ctx.complete or ctx.rest or ctx.nxt or not ctx.mdp_ids:
        return None
    mdps = [p for p in ctx.players if p.id in ctx.mdp_ids]
    residents = [p for p in ctx.players if p.id not in ctx.mdp_ids]
    if len(residents) != len(mdps) + 1:
        return None
    one = residents[0]
    if one.pref is None or any(
            p.strength != ABSOLUTE or p.pref is not one.pref or p.topscorer
            or p.score != one.score for p in residents):
        return None  # residents who may meet each other, or of several scores
    if any(p.score <= one.score for p in mdps):
        return None
    if rnd.last_round and any(p.topscorer for p in ctx.players):
        return None  # topscorer pairs' colours follow E1-E5 on the histories: out of scope
    return mdps, residents


def pab_receiver_candidate(ctx: Bracket) -> tuple[Pairs, list[PairingPlayer]] | None:
    """The last bracket with ``k`` MDPs and ``k + 1`` residents who may not meet
    one another: the first MDP-pairing in D.1 order (2025 4.2) among those that pair every MDP
    and leave over a resident whose PAB row is best (:func:`receiver_gain`); that resident is
    returned as the floater (he gets the PAB). None outside the scope or when no such pairing
    exists (docs/dutch.md 8.15): the matchings then decide. 2012: the same with 2012's rows
    (B1.b for the bye, D4's squared score differences; :func:`_scope_2012`, docs/dutch.md
    8.17 (c)).

    Scope (that of 8.7 with the PAB): the last bracket (nothing below, no following scoregroup),
    odd, ``k`` MDPs and ``k + 1`` residents, the residents of one score, all non-topscorers with
    the same absolute colour preference; the MDPs of one score above it, or no resident who
    floated up one or two rounds before (C.17/C.19 / [C19]/[C21]: an upfloater's SD is his
    MDP's); not the last round with a topscorer in the bracket (C.8/C.9 / [C10]/[C11] look at
    the colours E.1-E.5 give).
    """
    if ctx.rnd.rules.edition == 2012:
        scope = _scope_2012(ctx)
    else:
        scope = last_bracket_over_one_colour(ctx, extra_residents=1)
    if scope is None:
        return None
    mdps, residents = scope
    # C.2 / [C2]: only an eligible resident may receive the PAB
    gains = {p.id: receiver_gain(ctx, mdps[0], p) for p in residents if p.bye_ok}
    if not gains:
        return None
    best = max(gains.values())

    def best_receiver(p: PairingPlayer) -> bool:
        return gains.get(p.id) == best

    chosen = first_assignment(mdps, residents, ctx.rnd.compatible, best_receiver)
    if chosen is None:
        return None  # no best receiver can be left over: the matchings decide
    paired = {p.id for pair in chosen for p in pair}
    receiver = [p for p in residents if p.id not in paired]
    return chosen, receiver
