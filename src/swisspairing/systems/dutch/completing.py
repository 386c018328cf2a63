"""Dutch 2017/2025: the ideal candidate of a bracket that must complete the round.

A bracket is paired with every lower player in its graph when its downfloaters must leave the
rest of the round a complete pairing: the 2017 PPB (A.9, C.4) and a 2025 bracket under [C4].
When the lower players cannot pair among themselves (players with the same absolute colour
preference may not meet: C.3 / [C3]), the bracket must send some of its own players down, and
the weighted matching over the bracket and everything below is the whole cost of the round
(issue 26: round 3 of an event where White won every game).

Such a bracket is often settled by its structure. The lower players' colour classes bound how
many of them can meet each other, hence how many players the bracket must float down
(:func:`forced_floaters`), hence how many pairs it can make at most (C.5 / [C6]). When that is
exactly one pair per MDP, the candidates best by C.5-C.7 / [C6]-[C8] are the MDP-pairings
(every MDP with a resident, every other resident floats down) whose downfloaters complete the
round; the colour criteria have a lower bound from the colour classes of MDPs and residents
(:func:`mdp_pairing_colour_bound`), the float criteria a bound of zero. The first MDP-pairing
in the generation order (B.7, D.3, D.1) that reaches every bound is found greedily, each MDP
in turn taking the first resident that keeps the bounds reachable, and then verified (the round
completes; in 2025 the look-ahead of [C8] is at its bound). ``docs/dutch.md`` section 8, "ideal
candidates of a completing bracket", gives the proof; anything outside this scope, or a greedy
that does not end at the bounds, returns None and the matchings pair the bracket.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from ...model import Colour
from .ideal import (
    ColourClass,
    ColourCost,
    Pairs,
    _add,
    _minus,
    _within,
    colour_class,
    ideal_downfloater,
    ideal_pair,
    pair_colour_cost,
)
from .players import ABSOLUTE

if TYPE_CHECKING:
    from .bracket import _BracketContext
    from .players import PairingPlayer


def forced_floaters(lower: list[PairingPlayer]) -> int:
    """A lower bound on the number of players a bracket must float down so that ``lower`` (every
    player below it) and its downfloaters can all be paired (no PAB).

    The non-topscorers of ``lower`` with the same absolute colour preference may not meet each
    other (C.3 / [C3]): of ``a`` of them, each pair of lower players holds at most one, so at
    most ``len(lower) - a`` pairs are made inside ``lower`` and at least ``2a - len(lower)`` of
    its players need an opponent from above.
    """
    n = len(lower)
    most = 0
    for colour in (Colour.WHITE, Colour.BLACK):
        a = sum(1 for p in lower
                if p.strength == ABSOLUTE and p.pref is colour and not p.topscorer)
        most = max(most, 2 * a - n)
    return max(most, 0)


def most_pairs(bracket: list[PairingPlayer], mdps: list[PairingPlayer],
               residents: list[PairingPlayer], lower: list[PairingPlayer]) -> int:
    """An upper bound on the pairs of a candidate of the bracket that lets the round be
    completed (C.4 / [C4]) with an even total: half of the players that are not forced to float
    down (:func:`forced_floaters`), at most one pair per resident (B.3: MDPs meet residents
    only), and for each colour ``len(bracket) - a`` where ``a`` non-topscorers of the bracket
    have that absolute preference (C.3 / [C3]: each pair holds at most one of them)."""
    floating = forced_floaters(lower)
    if (len(bracket) - floating) % 2:
        floating += 1
    most = min((len(bracket) - floating) // 2, len(residents))
    for colour in (Colour.WHITE, Colour.BLACK):
        a = sum(1 for p in bracket
                if p.strength == ABSOLUTE and p.pref is colour and not p.topscorer)
        most = min(most, len(bracket) - a)
    return max(most, 0)


def mdp_pairing_colour_bound(mdps: Counter[ColourClass], residents: Counter[ColourClass]
                             ) -> ColourCost:
    """Lower bound of C.10/C.11 ([C12]/[C13]) over every pairing of each of the MDPs with a
    different resident, the residents left over floating down (so they miss nothing here).

    ``m`` MDPs prefer a colour and ``r`` residents do not: at least ``m - r`` of those MDPs meet
    a resident preferring the same colour, and each such pair misses one preference; it misses
    no strong one only if it holds a mild player of that colour, a different one for each pair
    (E.1, E.2: of two equal preferences the weaker is missed).
    """
    misses = strong = 0
    total = residents.total()
    for colour in (Colour.WHITE, Colour.BLACK):
        mild = mdps[(colour, True)] + residents[(colour, True)]
        wanting = mdps[(colour, True)] + mdps[(colour, False)]
        others = total - residents[(colour, True)] - residents[(colour, False)]
        same = max(0, wanting - others)
        misses += same
        strong += max(0, same - mild)
    return misses, strong


def completing_candidate(ctx: _BracketContext) -> tuple[Pairs, list[PairingPlayer]] | None:
    """The first candidate of the generation order among those at the bound of every quality
    criterion, for a bracket paired with every lower player (``ctx.rest``), when the bound of
    C.5 / [C6] is one pair per MDP; None outside that scope or when it is not shown cheaply.

    Returns (pairs, downfloaters) as ``_BracketContext.run`` would.
    """
    rnd = ctx.rnd
    lower = ctx.rest
    if rnd.rules.edition < 2017 or not lower:
        return None
    bracket = ctx.bracket
    if (len(bracket) + len(lower)) % 2:
        return None  # a PAB to give: C.2, [C5], [C9] are left to the matchings
    mdps = [p for p in bracket if p.id in ctx.mdp_ids]
    residents = [p for p in bracket if p.id not in ctx.mdp_ids]
    if not residents or any(p.score != residents[0].score for p in residents):
        return None  # 2017 A.9 collapsed last bracket: residents of several scores
    if any(p.score <= residents[0].score for p in mdps):
        return None
    # C.4 / [C4] then C.5 / [C6]: in scope when the most pairs any candidate can make is one
    # pair per MDP
    if most_pairs(bracket, mdps, residents, lower) != len(mdps):
        return None
    budget = mdp_pairing_colour_bound(Counter(colour_class(p) for p in mdps),
                                      Counter(colour_class(p) for p in residents))

    # B.7 / D.3 / D.1: every MDP is paired (below), in D.1 order: each MDP in turn takes the first
    # resident that passes tests every ideal candidate passes (the pair is ideal; the colour cost
    # stays within the bound; the residents who may not float, C.12/C.14 / [C14]/[C16], can
    # still all be paired)
    mdps_left = Counter(colour_class(p) for p in mdps)
    residents_left = Counter(colour_class(p) for p in residents)
    must_pair = sum(1 for p in residents if not ideal_downfloater(p))
    free = list(residents)
    spent: ColourCost = (0, 0)
    pairs: Pairs = []
    for i, m in enumerate(mdps):
        mdps_left = _minus(mdps_left, colour_class(m))
        later = len(mdps) - 1 - i
        verdict: dict[tuple[ColourCost, ColourClass, bool], bool] = {}
        taken = -1
        for k, r in enumerate(free):
            cost, cls, floats_ok = pair_colour_cost(ctx, m, r), colour_class(r), \
                ideal_downfloater(r)
            key = (cost, cls, floats_ok)
            ok = verdict.get(key)
            if ok is None:
                ok = verdict[key] = (
                    must_pair - (not floats_ok) <= later
                    and _within(_add(spent, cost),
                                mdp_pairing_colour_bound(mdps_left, _minus(residents_left, cls)),
                                budget))
            if ok and ideal_pair(ctx, m, r):
                taken = k
                break
        if taken < 0:
            return None
        r = free.pop(taken)
        pairs.append((m, r))
        spent = _add(spent, cost)
        residents_left = _minus(residents_left, colour_class(r))
        must_pair -= not ideal_downfloater(r)
    # here every downfloater is ideal and the colour cost is the bound: the candidate is ideal
    # if the round completes (C.4 / [C4]) and, in 2025, [C8] is at its bound
    floaters = free
    if not rnd.can_complete(floaters + lower):
        return None
    if ctx.nxt and mdps:
        # (without MDPs the only candidate makes no pair: nothing for [C8] to choose)
        left = rnd.lookahead_ideal(floaters, bracket, ctx.nxt)
        beyond = [p for p in lower if p.id not in ctx.next_ids]
        if left is None or not rnd.can_complete(left + beyond):
            return None
    return pairs, floaters
