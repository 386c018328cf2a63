"""Dutch (2012, 2017, 2025): the ideal candidate of a bracket that must complete the round.

A bracket is paired with every lower player in its graph when its downfloaters must leave the
rest of the round a complete pairing: the 2017 PPB (A.9, C.4), the 2012 PPB (A9) and a 2025
bracket under [C4].
When the lower players cannot pair among themselves (players with the same absolute colour
preference may not meet: C.3 / [C3]), the bracket must send some of its own players down, and
the weighted matching over the bracket and everything below is the whole cost of the round
(issue 26: round 3 of an event where White won every game).

Such a bracket is often settled by its structure. The lower players' colour classes bound how
many of them can meet each other, hence how many players the bracket must float down
(:func:`forced_floaters`), hence how many pairs it can make at most (C.5 / [C6],
:func:`most_pairs`). With that many pairs, C.6 / [C7] pair as many MDPs as the pairs allow, the
other pairs between residents; the colour criteria have lower bounds from the colour classes
(:func:`mdp_pairing_colour_bound`, :func:`subset_colour_bound`, :func:`removal_colour_bound`),
the float criteria a bound of zero, and 2025 [C8] a bound from the following bracket and the
players below it (:func:`lookahead_completing`). The first candidate in the generation order
(B.7, D.3, D.1, then B.6 on the remainder without exchange) that reaches every bound is found
greedily, each player in turn taking the first partner that keeps the bounds reachable, and
then verified (the round completes; the bounds are reached). ``docs/dutch.md`` section 8.1
gives the proof; anything outside this scope, or a greedy that does not end at the bounds,
returns None and the matchings pair the bracket.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from ...matching import lexicographic_bipartite_matching
from ...model import Colour
from ...model.state import Float
from .cardinality import maximum_matching
from .ideal import (
    ColourClass,
    ColourCost,
    Pairs,
    _add,
    _minus,
    _within,
    colour_class,
    first_assignment,
    ideal_downfloater,
    ideal_pair,
    pair_colour_cost,
)
from .players import ABSOLUTE
from .weights import BYE_VERTEX

if TYPE_CHECKING:
    from .bracket import Bracket
    from .players import PairingPlayer


def forced_floaters(lower: list[PairingPlayer], bye: bool = False) -> int:
    """A lower bound on the number of players a bracket must float down so that ``lower`` (every
    player below it) and its downfloaters can all be paired, one of them receiving the PAB when
    ``bye``.

    The non-topscorers of ``lower`` with the same absolute colour preference may not meet each
    other (C.3 / [C3]): of ``a`` of them, each pair of lower players holds at most one, so at
    most ``len(lower) - a`` pairs are made inside ``lower`` and at least ``2a - len(lower)`` of
    its players need an opponent from above, or the PAB (one player).
    """
    n = len(lower)
    most = 0
    for colour in (Colour.WHITE, Colour.BLACK):
        a = sum(1 for p in lower
                if p.one_absolute(colour))
        most = max(most, 2 * a - n - bye)
    return max(most, 0)


def most_pairs(bracket: list[PairingPlayer], mdps: list[PairingPlayer],
               residents: list[PairingPlayer], lower: list[PairingPlayer]) -> int:
    """An upper bound on the pairs of a candidate of the bracket that lets the round be
    completed (C.4 / [C4]): half of the players that are not forced to float
    down (:func:`forced_floaters`), at most one pair per resident (B.3: MDPs meet residents
    only), and for each colour ``len(bracket) - a`` where ``a`` non-topscorers of the bracket
    have that absolute preference (C.3 / [C3]: each pair holds at most one of them)."""
    floating = forced_floaters(lower, (len(bracket) + len(lower)) % 2 == 1)
    if (len(bracket) - floating) % 2:
        floating += 1
    most = min((len(bracket) - floating) // 2, len(residents))
    for colour in (Colour.WHITE, Colour.BLACK):
        a = sum(1 for p in bracket
                if p.one_absolute(colour))
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


def removal_colour_bound(players: Counter[ColourClass], removable: Counter[ColourClass],
                         paired: int, removed: int) -> ColourCost:
    """Lower bound of C.10/C.11 ([C12]/[C13]) over every pairing of ``paired`` of ``players``
    among themselves, the ``removed`` others (taken from ``removable``) floating down.

    For one set of ``paired`` players, :func:`~.ideal.pool_bound`: at least ``w - paired / 2``
    pairs of two players preferring a colour (``w`` of them prefer it), at least
    ``s - paired / 2`` missing a strong preference (``s`` of them prefer it strongly). Each
    player removed who prefers that colour lowers such a count by one at most, so the least over
    the sets is the total excess minus what ``removed`` players can remove.
    """
    half = paired // 2
    out = []
    for strong_only in (False, True):
        excess = cut = 0
        for colour in (Colour.WHITE, Colour.BLACK):
            classes = [(colour, False)] if strong_only else [(colour, True), (colour, False)]
            over = max(0, sum(players[c] for c in classes) - half)
            excess += over
            cut += min(over, sum(removable[c] for c in classes))
        out.append(excess - min(removed, cut))
    return out[0], out[1]


def subset_colour_bound(mdps: Counter[ColourClass], paired: int,
                        residents: Counter[ColourClass]) -> ColourCost:
    """Lower bound of C.10/C.11 ([C12]/[C13]) over every pairing of ``paired`` of the MDPs, each
    with a different resident (the others floating down). At least ``paired - (M - m)`` of the
    MDPs paired prefer a colour that ``m`` of the ``M`` MDPs prefer, and only the ``r`` residents
    not preferring it spare them a miss; a miss is not a strong one only when one of the two is
    mild, so at least ``s - r - mild`` strong misses where ``s`` of the paired MDPs prefer it
    strongly and ``mild`` residents prefer it mildly (E.1, E.2)."""
    total_mdps, total_residents = mdps.total(), residents.total()
    misses = strong = 0
    for colour in (Colour.WHITE, Colour.BLACK):
        wanting = mdps[(colour, True)] + mdps[(colour, False)]
        others = total_residents - residents[(colour, True)] - residents[(colour, False)]
        misses += max(0, paired - (total_mdps - wanting) - others)
        firm = max(0, paired - (total_mdps - mdps[(colour, False)]))
        strong += max(0, firm - others - residents[(colour, True)])
    return misses, strong


def _higher(a: ColourCost, b: ColourCost) -> ColourCost:
    return max(a[0], b[0]), max(a[1], b[1])


def completing_candidate(ctx: Bracket) -> tuple[Pairs, list[PairingPlayer]] | None:
    """The first candidate of the generation order among those at the bound of every quality
    criterion, for a bracket paired with every lower player (``ctx.rest``), when the bound of
    C.5 / [C6] pairs every MDP; None outside that scope or when it is not shown cheaply.

    Returns (pairs, downfloaters) as ``Bracket.run`` would.
    """
    rnd = ctx.rnd
    lower = ctx.rest
    # 2012 too (the PPB of A9, paired without the look-ahead): its digits P, B3 (the PSD: D4 is
    # the lowest bracket's), B2, A7.d, X, Z and B5/B6 are at the bounds below exactly when
    # those of C.5-C.19 are, as for the ideal candidates (docs/dutch.md section 8, "2012")
    if not lower:
        return None
    bracket = ctx.players
    mdps = [p for p in bracket if p.id in ctx.mdp_ids]
    residents = [p for p in bracket if p.id not in ctx.mdp_ids]
    if not residents or any(p.score != residents[0].score for p in residents):
        return None  # 2017 A.9 collapsed last bracket: residents of several scores
    if any(p.score <= residents[0].score for p in mdps):
        return None
    # C.4 / [C4] then C.5 / [C6]: no candidate makes more than `most` pairs; in scope when that
    # is every MDP and `remainder_pairs` pairs of residents
    most = most_pairs(bracket, mdps, residents, lower)
    # C.6 / [C7]: as many MDPs paired as the pairs allow (an MDP left unpaired has the largest
    # difference / score of all), the other pairs between residents
    paired_mdps = min(len(mdps), most)
    remainder_pairs = most - paired_mdps
    floating = len(residents) - paired_mdps - 2 * remainder_pairs
    limbo = len(mdps) - paired_mdps
    if (len(bracket) + len(lower)) % 2 and rnd.rules.edition >= 2025 and (
            floating + limbo == 1):
        # [C9] (fewest unplayed games of the PAB receiver) judges a bracket that downfloats
        # exactly one player who then receives the PAB: left to the matchings
        return None
    mdp_classes = Counter(colour_class(p) for p in mdps)
    resident_classes = Counter(colour_class(p) for p in residents)
    # the MDPs' opponents may be the same players in every candidate left: their earlier
    # upfloats then cost the same everywhere (docs/dutch.md section 8.4 (a))
    may_float = residents_who_may_float(ctx, lower, len(bracket) - 2 * most)
    must_pair = sum(1 for p in residents if not may_float(p))
    fixed = _fixed_opponents(ctx, mdps, residents, most, remainder_pairs)
    # [C4] alone (the pigeonhole count of residents_who_may_float) may keep exactly `most` residents
    # in the bracket: then every candidate left pairs those with MDPs and floats the others, and no
    # float criterion differs between them (docs/dutch.md section 8.4 (a))
    kept_by_c4 = residents_who_may_float(ctx, lower, len(bracket) - 2 * most, floats_fixed=True)
    if (not fixed and kept_by_c4 is not may_float
            and _fixed_opponents(ctx, mdps, residents, most, remainder_pairs, kept=True)
            and sum(1 for p in residents if not kept_by_c4(p)) == most):
        may_float, must_pair, fixed = kept_by_c4, most, True

    def pair_ok(a: PairingPlayer, b: PairingPlayer) -> bool:
        return ideal_pair(ctx, a, b, fixed)

    if limbo:
        # 2017 D.3 / 2025 4.4.2: the first set of `paired_mdps` MDPs by their BSNs; in scope
        # when the MDPs share one score and none floated down before (then which of them float
        # again changes no criterion: C.6 / [C7], C.12-C.19 / [C14]-[C21] are the same)
        if any(p.score != mdps[0].score or not ideal_downfloater(p) for p in mdps):
            return None
        chosen: list[PairingPlayer] = []
        for m in mdps:
            if len(chosen) < paired_mdps and any(pair_ok(m, r) for r in residents):
                chosen.append(m)
        if len(chosen) < paired_mdps:
            return None
        budget = _higher(
            subset_colour_bound(mdp_classes, paired_mdps, resident_classes),
            removal_colour_bound(mdp_classes + resident_classes, mdp_classes + resident_classes,
                                 2 * most, limbo + floating))
    else:
        chosen = mdps

    def rest_bound(mdps_left: Counter[ColourClass], residents_left: Counter[ColourClass]
                   ) -> ColourCost:
        """The colour bound of the MDPs and residents still free (MDP-pairing, then the
        remainder's pairs, the other residents floating)."""
        return _higher(
            mdp_pairing_colour_bound(mdps_left, residents_left),
            removal_colour_bound(mdps_left + residents_left, residents_left,
                                 2 * (mdps_left.total() + remainder_pairs), floating))

    forced: frozenset[int] | None = None
    if not limbo:
        budget = rest_bound(mdp_classes, resident_classes)
        if not fixed and budget == (0, 0):
            forced = _opponents_fixed_by_colour(ctx, mdps, residents, remainder_pairs)
            if forced is not None:
                # the colour criteria, which rank above the float ones, leave every MDP's
                # opponent among the same residents `forced` in every candidate left
                # (docs/dutch.md section 8.6): these must be paired, the others float, and
                # no float criterion differs between the candidates left
                base = (None if kept_by_c4 is ideal_downfloater  # (no pigeonhole test)
                        else kept_by_c4)

                def may_float(p: PairingPlayer) -> bool:
                    return p.id not in forced and (base is None or base(p))

                must_pair, fixed = len(forced), True
    # B.7 / D.3 / D.1: the MDPs chosen are paired, the first MDP-pairing in D.1 order; then B.6
    # on the remainder (B.7 note, 2025 3.7.1: S1R and S2R formed after the MDP-pairing), the
    # first transposition without exchange. Each chooser takes the first partner that passes
    # tests every candidate at the bounds passes (docs/dutch.md section 8.1).
    found = _choose(ctx, chosen, residents, (0, 0), budget, must_pair, 2 * remainder_pairs,
                    rest_bound, may_float, pair_ok)
    if found is None and forced is not None:
        # the MDPs must meet the players of `forced` at no colour cost, one each: the greedy
        # does not look ahead at whom they may meet (C.1), the exact search does (D.1: the
        # lexicographically first assignment; docs/dutch.md section 8.6)
        found = first_free_assignment(ctx, chosen, residents, may_float, (0, 0),
                                      upfloats_fixed=True)
    if found is None:
        return None
    pairs, spent, free = found
    if remainder_pairs:
        s1, s2 = free[:remainder_pairs], free[remainder_pairs:]
        found = _choose(ctx, s1, s2, spent, budget,
                        sum(1 for p in s2 if not may_float(p)), 0,
                        mdp_pairing_colour_bound, may_float)
        if found is None and spent == budget:
            # the remainder must miss no preference: the exact search among the pairs of
            # no colour cost (the greedy's tests count the players who may not float, not
            # whom they may meet)
            found = first_free_assignment(ctx, s1, s2, may_float, spent)
        if found is None:
            return None
        more, spent, free = found
        pairs += more
    if limbo:
        in_pairs = {p.id for pair in pairs for p in pair}
        free = [p for p in bracket if p.id not in in_pairs]
    # every downfloater is ideal and the colour cost is the bound: the candidate is at the
    # bounds if the round completes (C.4 / [C4]) and, in 2025, [C8] is at its bound
    floaters = free
    if spent != budget or not rnd.can_complete(floaters + lower):
        return None
    # (a bracket where no pair can be made has one candidate: nothing for [C8] to choose)
    if ctx.nxt and most and not reaches_lookahead_bound(ctx, floaters):
        return None
    return pairs, floaters


def lowest_bracket_one_colour_2012(ctx: Bracket) -> tuple[Pairs, list[PairingPlayer]] | None:
    """2012, the lowest bracket (D4) made homogeneous by A3 whose lower half cannot meet itself:
    the first candidate of D1/D2 among those best by every digit of ``CRITERIA_2012``; None
    outside that scope or when no such candidate pairs everybody.

    Scope: the last bracket of the round (nothing below it, no following scoregroup), even,
    with no moved-down player once A3 is applied (a bracket with at least half MDPs is treated
    as homogeneous), whose S2 (the lower half in A2 order, B.6) is made of players of one score
    ``s``, all non-topscorers with the same absolute colour preference, and whose S1 players all
    score more than ``s`` (the round-3 one-bracket case of issue 26: the 1-point players the PPB
    floats down with the 0-point players who all prefer White absolutely).

    Why the answer (docs/dutch.md section 8.2): no two S2 players may meet (A7 / B1: two
    non-topscorers with the same absolute preference), so a candidate pairing everybody pairs
    each S2 player with a different S1 player, and there are as many of each: every such
    candidate is a pairing of S1 against S2, and when one exists it has the most pairs (P).
    Every other digit then has the same value for all of them: B3 (D4: the sum of squared
    score differences, each S1 player ``h`` giving ``(score(h) - s)**2`` whoever his opponent),
    B5/B6 (each S1 player floats down and each S2 player floats up in every such candidate),
    and B2, A7.d, X, Z (a pair's colour misses depend only on the two players' preferences and
    strengths, and every S2 player has the same ones, so a candidate's total is the sum over S1
    of a term of each S1 player alone). So B8 (A11) keeps all of them, and the generation order
    picks the first: no exchange (D2: none is needed), then the S2 transposition first in D1
    order, i.e. each S1 player in turn with the first S2 player that still lets the others be
    paired (:func:`~.ideal.first_assignment`).
    """
    rnd = ctx.rnd
    if rnd.rules.edition != 2012 or not ctx.complete or ctx.rest or ctx.nxt or ctx.mdp_ids:
        return None
    bracket = ctx.players
    if not bracket or len(bracket) % 2:
        return None
    half = len(bracket) // 2
    s1, s2 = bracket[:half], bracket[half:]
    one = s2[0]
    if one.pref is None or one.strength != ABSOLUTE:
        return None
    if any(p.score != one.score or p.strength != ABSOLUTE or p.pref is not one.pref
           or p.topscorer for p in s2):
        return None  # S2 players who may meet each other, or of several scores
    if any(p.score <= one.score for p in s1):
        return None
    if rnd.last_round and any(p.topscorer for p in s1):
        return None  # colours of topscorer pairs follow E.1-E.5 on the histories: out of scope
    chosen = first_assignment(s1, s2, rnd.compatible, lambda p: False)
    if chosen is None:
        return None
    return chosen, []


def last_bracket_one_colour(ctx: Bracket) -> tuple[Pairs, list[PairingPlayer]] | None:
    """2017 and 2025: the last bracket whose residents may not meet one another and are as
    many as its MDPs: the first MDP-pairing in D.1 order (2025 4.2) among those pairing
    everybody; None outside that scope or when no such pairing exists (docs/dutch.md 8.7).

    Scope: the last bracket (C.4 / [C4] asked of it alone: nothing below, no following
    scoregroup), even (no PAB), ``k`` MDPs and ``k`` residents, the residents of one score
    ``r``, all non-topscorers with the same absolute colour preference, and either the MDPs of
    one score or no resident who floated up one or two rounds before; not the last round with
    a topscorer (C.8/C.9, [C10]/[C11] look at the colours E.1-E.5 give).

    Why the answer: two residents may not meet (C.3 / [C3]) nor two MDPs (B.3, 2025 3.3.3:
    MDPs are paired with residents), so a candidate that completes the round pairs each MDP
    with a different resident: the candidates are the assignments of the MDPs to the residents
    by allowed pairs. Every quality criterion then sums the same terms in all of them: C.5 /
    [C6] ``k`` pairs; C.6 the PSD (each MDP's SD is its score minus ``r``) / [C7] no
    downfloater; C.10/C.11 / [C12]/[C13] (a pair's misses depend only on the two players'
    preferences and strengths, E.1, E.2, and every resident has the same ones: a term of the
    MDP alone); C.12-C.19 / [C14]-[C21] (every MDP floats down with its own SD, every resident
    floats up, its SD that of its MDP: the same when the MDPs share one score, and counted only
    for a resident who floated up before). So B.8 (2025 3.4) keeps every one, and the
    generation order decides: D.3 (4.4.2) the one set of all MDPs, D.1 (4.2) the S2
    transposition whose partner of the first MDP comes first, then of the second...: the
    lexicographically first assignment (:func:`~.ideal.first_assignment`). The remainder is
    empty.
    """
    scope = last_bracket_over_one_colour(ctx, extra_residents=0)
    if scope is None:
        return None
    mdps, residents = scope
    chosen = first_assignment(mdps, residents, ctx.rnd.compatible, lambda p: False)
    if chosen is None:
        return None
    return chosen, []


def last_bracket_over_one_colour(ctx: Bracket, extra_residents: int
                                 ) -> tuple[list[PairingPlayer], list[PairingPlayer]] | None:
    """The scope shared by 8.7 (``extra_residents`` 0: an even bracket, no PAB) and 8.15
    (1: an odd bracket, one resident left over for the PAB): 2017 or 2025, the last bracket
    (C.4 / [C4] asked of it alone: nothing below, no following scoregroup) with MDPs, ``k``
    MDPs and ``k + extra_residents`` residents, the residents of one score ``r``, all
    non-topscorers with the same absolute colour preference (C.3 / [C3]: they may not meet),
    every MDP scoring more; the MDPs of one score, or no resident who floated up one or two
    rounds before (C.17/C.19 / [C19]/[C21]: an upfloater's SD would depend on his MDP); not
    the last round with a topscorer in the bracket (C.8/C.9 / [C10]/[C11] look at the colours
    E.1-E.5 give). Returns (MDPs, residents) in the bracket's order, or None outside it."""
    rnd = ctx.rnd
    if rnd.rules.edition < 2017 or not ctx.complete or ctx.rest or ctx.nxt or not ctx.mdp_ids:
        return None
    bracket = ctx.players
    mdps = [p for p in bracket if p.id in ctx.mdp_ids]
    residents = [p for p in bracket if p.id not in ctx.mdp_ids]
    if len(residents) != len(mdps) + extra_residents:
        return None
    one = residents[0]
    if one.pref is None or any(not p.one_absolute(one.pref) or p.score != one.score
                               for p in residents):
        return None  # residents who may meet each other, or of several scores
    if any(p.score <= one.score for p in mdps):
        return None
    if any(p.score != mdps[0].score for p in mdps) and any(
            p.float1 is Float.UP or p.float2 is Float.UP for p in residents):
        return None  # C.17/C.19 / [C19]/[C21]: an upfloater's SD would depend on his MDP
    if rnd.last_round and any(p.topscorer for p in bracket):
        return None  # colours of topscorer pairs follow E.1-E.5 on the histories: out of scope
    return mdps, residents


def reaches_lookahead_bound(ctx: Bracket, floaters: list[PairingPlayer]) -> bool:
    """2025 [C8] within [C4] (section 8.1): with the following scoregroup in the bracket's
    graph, do these downfloaters give it a look-ahead pairing at the best value any candidate
    with as many downfloaters can give it, in a pairing that completes the round? First the
    bound of ``PairingRound.lookahead_ideal`` and its residents left over with the players
    beyond; else the [C4]-aware bound built by :func:`lookahead_completing`."""
    rnd, lower = ctx.rnd, ctx.rest or []
    beyond = [p for p in lower if p.id not in ctx.next_ids]
    left = rnd.lookahead_ideal(floaters, ctx.players, ctx.nxt)
    if left is not None and rnd.can_complete(left + beyond):
        return True
    return lookahead_completing(ctx, floaters, beyond,
                                (len(ctx.players) + len(lower)) % 2 == 1)


def lookahead_completing(ctx: Bracket, floaters: list[PairingPlayer],
                         beyond: list[PairingPlayer], bye: bool) -> bool:
    """2025 [C8] within [C4]: do these downfloaters let the following bracket reach the best
    look-ahead any candidate can give it, in a pairing that completes the round?

    The following bracket (the ``f`` downfloaters, who share one score, and its ``n``
    residents) must send down at least :func:`forced_floaters` of ``beyond`` (the players below
    it) players, so it makes at most ``(f + n - that) / 2`` pairs, each with a resident (B.3,
    3.3.3); beyond the number of pairs, its downfloaters' scores are lowest when as many
    downfloaters as possible are paired (each pair then holds one). Shown by building such a
    completion: the players below pair among themselves as far as they can (a maximum
    matching, the PAB included), those left over take the downfloaters who go further down,
    then residents from the bottom up; the other downfloaters take residents, and the residents
    left pair among themselves (a greedy, else the exact :func:`downfloaters_meet_residents`,
    docs/dutch.md 8.14). False when that does not give the bound (the matchings then pair the
    bracket).
    """
    rnd, nxt = ctx.rnd, ctx.nxt
    need = forced_floaters(beyond, bye)
    if (len(floaters) + len(nxt) - need) % 2:
        need += 1
    most = min((len(floaters) + len(nxt) - need) // 2, len(nxt))
    paired_floaters = min(most, len(floaters))
    sent_down = len(floaters) - paired_floaters  # downfloaters that float on, to `beyond`
    if most < 0 or sent_down > need:
        return False
    compatible = rnd.compatible
    adj: dict[int, list[int]] = {p.id: [q.id for q in beyond if q is not p and compatible(p, q)]
                                 for p in beyond}
    if bye:
        adj[BYE_VERTEX] = [q.id for q in beyond if q.bye_ok]
        for q in beyond:
            if q.bye_ok:
                adj[q.id].append(BYE_VERTEX)
    mate = maximum_matching(adj.keys(), adj)
    waiting = [q for q in beyond if q.id not in mate]
    bye_waiting = bye and BYE_VERTEX not in mate
    if len(waiting) + bye_waiting != need:
        return False
    up = list(floaters)
    free = list(nxt)
    # the players below left over take first the downfloaters who go further down, then
    # residents from the bottom up (the PAB: an eligible player)
    for q in waiting:
        if len(up) > paired_floaters:
            k = next((k for k in range(len(up) - 1, -1, -1) if compatible(q, up[k])), -1)
            if k >= 0:
                up.pop(k)
                continue
        k = next((k for k in range(len(free) - 1, -1, -1) if compatible(q, free[k])), -1)
        if k < 0:
            return False
        free.pop(k)
    if bye_waiting:
        k = -1
        if len(up) > paired_floaters:
            k = next((k for k in range(len(up) - 1, -1, -1) if up[k].bye_ok), -1)
            if k >= 0:
                up.pop(k)
        if k < 0:
            k = next((k for k in range(len(free) - 1, -1, -1) if free[k].bye_ok), -1)
            if k < 0:
                return False
            free.pop(k)
    if len(up) != paired_floaters:
        return False
    # [C8]: the downfloaters that go further down are among the lowest scores
    kept = sorted((p.score for p in up), reverse=True)
    if kept != sorted((p.score for p in floaters), reverse=True)[:paired_floaters]:
        return False
    if len(free) != 2 * most - len(up):
        return False
    # the downfloaters who stay take residents, and the residents left pair among themselves:
    # a greedy first (each downfloater the first resident he may meet), else the exact test
    # (docs/dutch.md 8.14)
    taken = list(free)
    for p in up:
        k = next((k for k, q in enumerate(taken) if compatible(p, q)), -1)
        if k < 0:
            break
        taken.pop(k)
    else:
        if rnd.can_complete(taken):
            return True
    return downfloaters_meet_residents(ctx, up, free)


def downfloaters_meet_residents(ctx: Bracket, floaters: list[PairingPlayer],
                                residents: list[PairingPlayer]) -> bool:
    """Can ``floaters`` (downfloaters into the following bracket) and ``residents`` (of that
    bracket) all be paired, each downfloater with a resident (B.3, 2025 3.3.3: MDPs meet
    residents), the other residents among themselves (C.1, C.3 / [C1], [C3])? An exact test:
    a perfect matching of the graph without a pair of two downfloaters
    (``PairingRound._leftover``, Edmonds' augmenting paths, docs/dutch.md 8.5 (d)); the
    greedy of :func:`lookahead_completing` can miss one (docs/dutch.md 8.14)."""
    if (len(floaters) + len(residents)) % 2:
        return False
    return ctx.rnd._leftover(floaters, residents) == []


def _fixed_opponents(ctx: Bracket, mdps: list[PairingPlayer], residents: list[PairingPlayer],
                     most: int, remainder_pairs: int, kept: bool = False) -> bool:
    """Are the MDPs' opponents the same players in every candidate with ``most`` pairs left by
    C.6 / [C7] (2017, 2025; docs/dutch.md section 8.4 (a))?

    True when the MDPs share one score (the residents share one too: the caller's scope), no
    pair is made of two residents (``remainder_pairs`` 0) and, for one colour, the MDPs are all
    among the ``a`` non-topscorers of the bracket with that absolute preference and ``most`` is
    ``len(bracket) - a``. Those ``a`` may not meet one another (C.3 / [C3]), so each pair holds
    at least one of the ``most`` other players ``N``, who are all residents: a candidate with
    ``most`` pairs pairs every player of ``N``, each with an MDP (no pair of residents). Then
    every MDP-resident pair has the same score difference, and the criteria on the MDPs'
    opponents (C.13, C.15, C.17, C.19 / [C15], [C17], [C19], [C21]: an upfloat one or two
    rounds before) sum the same terms, one per player of ``N``, in all of them.

    ``kept``: the caller has shown that [C4] alone keeps exactly ``most`` residents in the bracket
    (the pigeonhole of ``residents_who_may_float``); then only the scores and the absence of pairs
    of residents are checked here. (Residents kept only by the float criteria would not do: C.14 /
    [C16], a downfloat two rounds before, ranks below C.13 / [C15], the upfloats.)"""
    if ctx.rnd.rules.edition < 2017 or remainder_pairs or not mdps or most <= 0:
        return False
    if any(p.score != mdps[0].score for p in mdps):
        return False
    if kept:
        return True
    size = len(mdps) + len(residents)
    for colour in (Colour.WHITE, Colour.BLACK):
        if all(p.one_absolute(colour) for p in mdps) and size - len(mdps) - sum(
                1 for p in residents if p.one_absolute(colour)) == most:
            return True
    return False


def _opponents_fixed_by_colour(ctx: Bracket, mdps: list[PairingPlayer],
                               residents: list[PairingPlayer], remainder_pairs: int
                               ) -> frozenset[int] | None:
    """The residents every candidate at the colour bound pairs with the MDPs, when C.10
    ([C12] = 2.4.7; 2012 B4, the X of A8: players missing their colour preference) alone fixes
    them (docs/dutch.md section 8.6); None otherwise.

    Scope: no pair of two residents (``remainder_pairs`` 0: every pair holds an MDP), the MDPs
    of one score all preferring the same colour ``c``, and exactly as many residents ``N`` not
    preferring ``c`` (the other colour or none) as MDPs. A pair of an MDP with a resident
    preferring ``c`` misses one preference (E.1, E.2: one of them gets the other colour), a
    pair with a player of ``N`` none; so a candidate missing no preference (the caller's
    colour bound is 0 misses, reached by its candidate) pairs the MDPs with ``N``, every one
    of them, and floats the other residents. C.10 / [C12] (2012 X) ranks above the float
    criteria (C.12-C.19 / [C14]-[C21]; 2012 B5, B6), so in every candidate left the
    upfloaters are ``N``, the downfloaters the other residents, each pair with the same
    score difference (one MDP score, one resident score): the float criteria sum the same
    terms in all of them."""
    if remainder_pairs or not mdps:
        return None
    colour = mdps[0].pref
    if colour is None or any(p.pref is not colour or p.score != mdps[0].score for p in mdps):
        return None
    others = frozenset(p.id for p in residents if p.pref is not colour)
    return others if len(others) == len(mdps) else None


def residents_who_may_float(ctx: Bracket, lower: list[PairingPlayer], floating: int,
                            floats_fixed: bool = False) -> Callable[[PairingPlayer], bool]:
    """Which residents may float down in a candidate at the bounds that completes the round
    (C.4 / [C4]; 2012 A9), ``floating`` players floating in all.

    Always: no downfloat one or two rounds before (:func:`~.ideal.ideal_downfloater`, the float
    criteria at zero). When ``floating`` is exactly :func:`forced_floaters` of ``lower`` (the
    least that lets the lower players be paired), also: an opponent among the ``a``
    non-topscorers of ``lower`` with one absolute preference (C.3 / [C3]; 2012 B2). They may
    not meet one another, so each needs a partner (or the PAB) among the other players below
    and the downfloaters, and there are exactly that many of those: ``floating + n - a =
    a - bye`` (``forced = 2a - n - bye``), so every downfloater meets one of the ``a``
    (a pigeonhole count; docs/dutch.md section 8.3). A test every candidate that completes
    the round passes, so the greedy's choices stay the first ones (section 8.1).

    ``floats_fixed``: the pigeonhole test alone (the float criteria being the same for every
    candidate left, docs/dutch.md section 8.4 (a)); ``ideal_downfloater`` itself when it does
    not apply."""
    bye = (len(ctx.players) + len(lower)) % 2 == 1
    if floating <= 0 or floating != forced_floaters(lower, bye):
        return ideal_downfloater
    colour = next(c for c in (Colour.WHITE, Colour.BLACK)
                  if 2 * sum(1 for p in lower if p.one_absolute(c)) - len(lower) - bye == floating)
    blocked = [p for p in lower if p.one_absolute(colour)]
    compatible = ctx.rnd.compatible
    verdict: dict[int, bool] = {}

    def may_float(p: PairingPlayer) -> bool:
        ok = verdict.get(p.id)
        if ok is None:
            ok = verdict[p.id] = (floats_fixed or ideal_downfloater(p)) and any(
                compatible(p, q) for q in blocked)
        return ok

    return may_float


def first_free_assignment(ctx: Bracket, s1: list[PairingPlayer], s2: list[PairingPlayer],
                          may_float: Callable[[PairingPlayer], bool], spent: ColourCost,
                          upfloats_fixed: bool = False,
                          pair_ok: Callable[[PairingPlayer, PairingPlayer], bool] | None = None,
                          ) -> tuple[Pairs, ColourCost, list[PairingPlayer]] | None:
    """D.1 (2012 D1) without exchange when the remainder must be paired at no colour cost:
    the lexicographically first assignment of S1 into S2 (each S1 player in turn the first S2
    player he can have) by pairs at the bounds (:func:`~.ideal.ideal_pair`) missing no
    preference, in which every S2 player left over may float (``may_float``). Exact: the
    candidates at the bounds of the remainder are exactly these assignments, and
    :func:`lexicographic_bipartite_matching` returns the first of them (docs/dutch.md
    section 8.3). Returns (pairs, colour cost, S2 players left over), None if there is none.
    ``upfloats_fixed``: as for :func:`~.ideal.ideal_pair` (``s1`` the MDPs, ``s2`` the residents,
    the opponents of the MDPs fixed by the colour bound, section 8.6). ``pair_ok``: the pairs
    allowed instead of those at the bounds missing no preference (a bracket whose players all
    prefer one colour, every pair missing one: docs/dutch.md 8.19)."""
    required = {b.id for b in s2 if not may_float(b)}
    if len(required) > len(s1):
        return None  # more S2 players who may not float than S1 players to pair them
    if pair_ok is None:
        adj = {a.id: [b.id for b in s2 if ideal_pair(ctx, a, b, upfloats_fixed)
                      and pair_colour_cost(ctx, a, b) == (0, 0)] for a in s1}
    else:
        adj = {a.id: [b.id for b in s2 if pair_ok(a, b)] for a in s1}
    owner: dict[int, int] = {}  # S2 id -> its S1 partner
    partner: dict[int, int] = {}  # S1 id -> its S2 partner
    users: dict[int, list[int]] = {}
    for a, bs in adj.items():
        for b in bs:
            users.setdefault(b, []).append(a)

    def augment_left(start: int, seen: set[int]) -> bool:
        """Kuhn: an augmenting path from the S1 player ``start``, depth first in the order of
        ``adj`` (iterative: a path may pass through thousands of players, deeper than
        Python's recursion limit, issue 26)."""
        frames: list[tuple[int, Iterator[int]]] = [(start, iter(adj[start]))]
        through: list[int] = []  # through[i]: the S2 player frames[i + 1] was reached by
        while frames:
            a, rest = frames[-1]
            for b in rest:
                if b in seen:
                    continue
                seen.add(b)
                if b not in owner:
                    owner[b], partner[a] = a, b
                    for (prev, _), via in zip(frames, through, strict=False):
                        owner[via], partner[prev] = prev, via
                    return True
                through.append(b)
                frames.append((owner[b], iter(adj[owner[b]])))
                break
            else:
                frames.pop()
                if through:
                    through.pop()
        return False

    def cover_required(b: int, seen: set[int]) -> bool:
        """Give the S2 player ``b`` an S1 partner, the S2 player that partner leaves being
        one who may float (or, required, given another partner in turn)."""
        for a in users.get(b, []):
            if a in seen:
                continue
            seen.add(a)
            held = partner.get(a)
            if held is not None and held in required and not cover_required(held, seen):
                continue
            if held is not None and owner.get(held) == a:
                del owner[held]
            owner[b], partner[a] = a, b
            return True
        return False

    # A maximum matching: a greedy start (each S1 player in turn the first S2 player still
    # free), then Kuhn's augmenting paths from the S1 players it leaves unpaired. Which
    # maximum matching does not change the answer: the covering of the required S2 players
    # below succeeds from any of them, and lexicographic_bipartite_matching returns the one
    # lexicographically first matching from any start (docs/dutch.md 8.19, "the start").
    for a, bs in adj.items():
        for b in bs:
            if b not in owner:
                owner[b], partner[a] = a, b
                break
    for a in adj:
        if a not in partner:
            augment_left(a, set())
    for b in sorted(required):
        if b not in owner and not cover_required(b, set()):
            return None
    mate = dict(partner)
    if len(mate) != len(s1) or any(b not in owner for b in required):
        return None
    chosen = lexicographic_bipartite_matching([a.id for a in s1], adj, mate, required)
    if chosen is None:
        return None
    by_id = {p.id: p for p in s2}
    pairs = [(a, by_id[chosen[a.id]]) for a in s1]
    taken = set(chosen.values())
    return pairs, spent, [p for p in s2 if p.id not in taken]


def _choose(ctx: Bracket, choosers: list[PairingPlayer], others: list[PairingPlayer],
            spent: ColourCost, budget: ColourCost, must_pair: int, later_room: int,
            bound: Callable[[Counter[ColourClass], Counter[ColourClass]], ColourCost],
            may_float: Callable[[PairingPlayer], bool] = ideal_downfloater,
            pair_ok: Callable[[PairingPlayer, PairingPlayer], bool] | None = None,
            ) -> tuple[Pairs, ColourCost, list[PairingPlayer]] | None:
    """D.1: each of ``choosers`` in turn takes the first of ``others`` still free such that the
    pair is at the bounds (:func:`~.ideal.ideal_pair`), the colour cost so far plus
    ``bound(choosers still free, others still free)`` stays within ``budget``, and the
    ``must_pair`` players of ``others`` who may not float down (``may_float``: at least
    :func:`~.ideal.ideal_downfloater`) still fit in the choosers after this one plus
    ``later_room`` places of later pairs. Returns (pairs, colour cost, others left free), None
    when a chooser finds nobody."""
    if pair_ok is None:
        def pair_ok(a: PairingPlayer, b: PairingPlayer) -> bool:
            return ideal_pair(ctx, a, b)
    choosers_left = Counter(colour_class(p) for p in choosers)
    others_left = Counter(colour_class(p) for p in others)
    free = list(others)
    pairs: Pairs = []
    for i, a in enumerate(choosers):
        choosers_left = _minus(choosers_left, colour_class(a))
        room = len(choosers) - 1 - i + later_room
        verdict: dict[tuple[ColourCost, ColourClass, bool], bool] = {}
        taken = -1
        for k, b in enumerate(free):
            cost, cls, floats_ok = pair_colour_cost(ctx, a, b), colour_class(b), may_float(b)
            key = (cost, cls, floats_ok)
            ok = verdict.get(key)
            if ok is None:
                ok = verdict[key] = (
                    must_pair - (not floats_ok) <= room
                    and _within(_add(spent, cost), bound(choosers_left, _minus(others_left, cls)),
                                budget))
            if ok and pair_ok(a, b):
                taken = k
                break
        if taken < 0:
            return None
        b = free.pop(taken)
        pairs.append((a, b))
        spent = _add(spent, pair_colour_cost(ctx, a, b))
        others_left = _minus(others_left, colour_class(b))
        must_pair -= not may_float(b)
    return pairs, spent, free
