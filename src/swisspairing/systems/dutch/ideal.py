"""Dutch (2012, 2017, 2025): brackets whose best candidate needs no search.

A candidate that pairs the most players and is at a lower bound of every quality criterion (a
bound that holds for every candidate of the bracket) cannot be beaten: B.8 compares criterion by
criterion, and it is at the best value of each. Such a candidate is called *ideal* here. The
bounds are zero for every criterion but the colour ones, C.10/C.11 ([C12]/[C13] in 2025), whose
bound counts the players wanting each colour (:func:`pool_bound`, :func:`split_bound`). Among
ideal candidates B.8 takes the one generated first (B.6/B.7, D.1-D.3): each S1 player in turn
takes the first S2 player that still leaves the bound reachable. No weighted matching is needed:
this is what pairs round 1 of a large open, and most large brackets of the early rounds, in the
time of reading the file. The proof is in ``docs/dutch.md`` section 8, "ideal candidates".

Scope (anything else returns None and the bracket is paired by the matchings of ``bracket.py``):

* every edition; 2012 (its own digits: B2, A7.d, D4) with its own pair test (:func:`ideal_pair`)
  after the natural candidate (:mod:`.natural_2012`);
* the bracket is paired without the following scoregroup (the look-ahead of C.7 / [C8] is
  judged afterwards by ``PairingRound.lookahead_ideal``, 2012 C1 by
  ``PairingRound.moved_down_pairable_2012``) and is not a PPB: it either leaves its
  downfloaters to the next bracket or is the last bracket (C.4 / [C4]: the one left over gets
  the PAB);
* its residents share one score (a scoregroup; not the 2017 collapsed last bracket of A.9), and
  there are no more MDPs than residents.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING

from ...matching import lexicographic_bipartite_matching
from ...matching.assignment import min_cost_assignment, tight_options
from ...model import Colour
from ...model.state import Float, PreferenceStrength
from .cardinality import maximum_matching
from .criteria import colour_gains
from .natural_2012 import natural_candidate_2012
from .players import ABSOLUTE

if TYPE_CHECKING:
    from .bracket import Bracket
    from .players import PairingPlayer

#: ``criteria.colour_gains`` counts, for each of C.8-C.11 ([C10]-[C13] in 2025), the
#: players of the pair who do not miss it; C.8 and C.9 (topscorers) must be met in full.
TOPSCORER_CRITERIA_MET = [2, 2]

#: stand-in left vertex of an odd bracket: it "takes" the S2 player left unpaired (B.6: with an
#: odd number of players, S2 has one more player than S1), which must be an ideal downfloater.
LEFT_OVER = -2

Pairs = list[tuple["PairingPlayer", "PairingPlayer"]]
#: (C.10 / [C12] players missing their colour preference, C.11 / [C13] missing a strong one)
ColourCost = tuple[int, int]
#: what the colour criteria see of a player: the colour it prefers (None: no preference) and
#: whether the preference is mild (a pair of two players preferring the same colour misses one
#: preference; a strong one unless one of them is mild: E.2 grants the stronger)
ColourClass = tuple[Colour | None, bool]


def colour_class(p: PairingPlayer) -> ColourClass:
    return p.pref, p.strength < PreferenceStrength.STRONG.value


def pool_bound(counts: Counter[ColourClass], size: int) -> ColourCost:
    """Lower bound of C.10/C.11 over every pairing of ``size`` players (even) among themselves.

    Of ``w`` players preferring White, at most ``size / 2`` meet someone not preferring White,
    so at least ``w - size / 2`` pairs have two players preferring White, each missing one
    preference; such a pair misses no strong preference only if it holds a mild one, and
    different pairs hold different mild players. The same for Black.
    """
    misses = strong = 0
    for colour in (Colour.WHITE, Colour.BLACK):
        mild = counts[(colour, True)]
        same = max(0, mild + counts[(colour, False)] - size // 2)
        misses += same
        strong += max(0, same - mild)
    return misses, strong


def split_bound(s1: Counter[ColourClass], s2: Counter[ColourClass], pairs: int
                ) -> ColourCost:
    """Lower bound of C.10/C.11 over every pairing of S1 with S2 (``pairs`` players each side):
    an S1 player preferring White meets one of the ``pairs - w2`` S2 players not preferring
    White, or one preferring it; as in :func:`pool_bound` for the strong ones."""
    misses = strong = 0
    for colour in (Colour.WHITE, Colour.BLACK):
        mild = s1[(colour, True)] + s2[(colour, True)]
        wanting = mild + s1[(colour, False)] + s2[(colour, False)]
        same = max(0, wanting - pairs)
        misses += same
        strong += max(0, same - mild)
    return misses, strong


def _within(spent: ColourCost, bound: ColourCost, budget: ColourCost) -> bool:
    return spent[0] + bound[0] <= budget[0] and spent[1] + bound[1] <= budget[1]


def _add(spent: ColourCost, cost: ColourCost) -> ColourCost:
    return spent[0] + cost[0], spent[1] + cost[1]


def _minus(counts: Counter[ColourClass], c: ColourClass | None) -> Counter[ColourClass]:
    if c is None:
        return counts
    out = counts.copy()
    out[c] -= 1
    return out


def ideal_downfloater(p: PairingPlayer) -> bool:
    """A downfloater at the best value of the downfloater criteria: C.12, C.14, C.16, C.18 /
    [C14], [C16] (2012 B5, B6 for downfloaters): no downfloat one or two rounds before."""
    return not (p.float1 is Float.DOWN or p.float2 is Float.DOWN)


def ideal_pair(ctx: Bracket, a: PairingPlayer, b: PairingPlayer,
               upfloats_fixed: bool = False) -> bool:
    """``a`` (an MDP or a resident) with the resident ``b``: allowed (C.1, C.3), C.8/C.9 met
    (topscorers), and no float criterion missed: C.13, C.15, C.17, C.19 / [C15], [C17], [C19],
    [C21] (an MDP's opponent must not have floated up one or two rounds before; the MDP's own
    downfloat costs the same with any resident, who all share one score). Two residents float
    nobody (A.4).

    2012 (``CRITERIA_2012``): B1.a and the absolute colour rule (``compatible``), no B2 crack
    (two players with the same absolute preference: only topscorers get past ``compatible``),
    and B5/B6 for upfloaters (the MDP's opponent). The 2012 text has no C.8/C.9 digits, so they
    are not asked: a stricter test would skip candidates that are ideal in 2012.

    ``upfloats_fixed``: the MDPs' opponents are the same players in every candidate left by the
    higher criteria (``completing._fixed_opponents``, docs/dutch.md section 8.4 (a)), so their
    earlier upfloats cost the same in all of them and are not tested."""
    if not ctx.rnd.compatible(a, b):
        return False
    if ctx.rnd.rules.edition == 2012:
        if a.strength == ABSOLUTE and b.strength == ABSOLUTE and a.pref is b.pref:
            return False  # 2012 B2 (relaxed last, C10g): a crack pair misses a digit
    elif colour_gains(ctx, a, b)[:2] != TOPSCORER_CRITERIA_MET:
        return False
    return upfloats_fixed or a.score == b.score or not (b.float1 is Float.UP
                                                          or b.float2 is Float.UP)


def pair_colour_cost(ctx: Bracket, a: PairingPlayer, b: PairingPlayer) -> ColourCost:
    """C.10/C.11 ([C12]/[C13]): players of the pair missing a (strong) preference."""
    gains = colour_gains(ctx, a, b)
    return 2 - gains[2], 2 - gains[3]


def ideal_candidate(ctx: Bracket) -> tuple[Pairs, list[PairingPlayer]] | None:
    """The first candidate of the generation order among those at the lower bound of every
    quality criterion with the most pairs; None when there is none or it cannot be shown cheaply.

    Returns (pairs, downfloaters) as ``Bracket.run`` would.
    """
    rnd = ctx.rnd
    if rnd.rules.edition == 2012:
        natural = natural_candidate_2012(ctx)  # docs/dutch.md section 8, "2012"
        if natural is not None:
            return natural
    if ctx.nxt or ctx.rest:
        return None
    bracket = ctx.players
    mdps = [p for p in bracket if p.id in ctx.mdp_ids]
    residents = [p for p in bracket if p.id not in ctx.mdp_ids]
    if not residents or len(mdps) > len(residents):
        return None
    if any(p.score != residents[0].score for p in residents):
        return None  # 2017 A.9 collapsed last bracket: residents of several scores
    receives_bye = ctx.complete  # the last bracket: its player left over gets the PAB (C.2)
    # [C9] compares PAB receivers among the candidates best by [C7], which leave a resident
    lowest_unplayed = min((p.unplayed for p in residents if p.bye_ok), default=0)
    odd = len(bracket) % 2 == 1

    def may_be_left_over(p: PairingPlayer) -> bool:
        """A resident the criteria ranked above the colours allow to be left over: C.6 / [C7]
        want a resident (section 8 of docs/dutch.md); in the last bracket C.2 / [C2] an
        eligible one and [C9] (2025) the fewest unplayed games among the eligible residents."""
        if not receives_bye:
            return True
        if not p.bye_ok:
            return False
        return rnd.rules.edition < 2025 or p.unplayed == lowest_unplayed

    def ideal_left_over(p: PairingPlayer) -> bool:
        """... and at the best value of the downfloater criteria (:func:`ideal_downfloater`)."""
        return may_be_left_over(p) and ideal_downfloater(p)

    def pair_ok(a: PairingPlayer, b: PairingPlayer) -> bool:
        return ideal_pair(ctx, a, b)

    def pair_cost(a: PairingPlayer, b: PairingPlayer) -> ColourCost:
        return pair_colour_cost(ctx, a, b)

    # The bound of the whole bracket: C.10/C.11 come after C.5/C.6 (and C.2, [C9]), which fix
    # who may be left over in an odd bracket
    counts = Counter(colour_class(p) for p in bracket)
    if odd:
        options = {colour_class(p) for p in residents if may_be_left_over(p)}
        if not options:
            return None
        budget = min(pool_bound(_minus(counts, c), len(bracket) - 1) for c in options)
    else:
        budget = pool_bound(counts, len(bracket))

    # B.7 / D.3 / D.1: the MDP-pairing. Every MDP is paired (C.5, then C.6 / [C7]: a resident
    # left over has a lower SD / score than any MDP); the first MDP-pairing in D.1 order gives
    # each MDP in turn the first resident that keeps the bound reachable (relaxed: the rest
    # paired among themselves, :func:`pool_bound`). When the remainder then cannot reach the
    # bound, the shortcut gives up (a later MDP-pairing might).
    found = first_choices_within(
        mdps, residents, pair_ok, pair_cost, ideal_left_over, budget, (0, 0), odd,
        lambda rest1, rest2: pool_bound(rest1 + rest2, rest1.total() + rest2.total()))
    if found is None:
        return None
    fixed, spent, free = found
    # B.6 on the remainder (B.7 note: S1R and S2R are formed after the MDP-pairing)
    half = len(free) // 2
    s1, s2 = free[:half], free[half:]
    found = first_choices_within(
        s1, s2, pair_ok, pair_cost, ideal_left_over, budget, spent, odd,
        lambda rest1, rest2: split_bound(rest1, rest2, rest1.total()))
    chosen = None if found is None else found[0]
    if chosen is None and spent == budget:
        chosen = first_assignment(s1, s2, lambda a, b: pair_ok(a, b)
                                  and pair_cost(a, b) == (0, 0), ideal_left_over)
    elif chosen is None and not receives_bye:
        # the greedy does not look ahead at whom the last players may meet (C.1): the exact
        # search for the first assignment at the colour bound (docs/dutch.md section 8.9; not
        # in the last bracket, whose remainder 8.5 (a) pairs without exchange digits)
        chosen = first_assignment_at_bound(ctx, s1, s2, pair_ok, pair_cost, ideal_left_over,
                                           (budget[0] - spent[0], budget[1] - spent[1]))
    if chosen is None:
        return None
    pairs = fixed + chosen
    paired = {p.id for pair in pairs for p in pair}
    return pairs, [p for p in bracket if p.id not in paired]


def first_choices_within(
        choosers: list[PairingPlayer], others: list[PairingPlayer],
        pair_ok: Callable[[PairingPlayer, PairingPlayer], bool],
        pair_cost: Callable[[PairingPlayer, PairingPlayer], ColourCost],
        left_over_ok: Callable[[PairingPlayer], bool],
        budget: ColourCost, spent: ColourCost, one_left_over: bool,
        bound: Callable[[Counter[ColourClass], Counter[ColourClass]], ColourCost],
) -> tuple[Pairs, ColourCost, list[PairingPlayer]] | None:
    """D.1 within a colour budget: each of ``choosers`` in turn takes the first of ``others``
    still free that it may be paired with (``pair_ok``) such that the colour cost so far plus
    ``bound(choosers still to pair, others still to pair)`` stays within ``budget``; with
    ``one_left_over``, one of the others, satisfying ``left_over_ok``, is kept out of the
    pairing (the bound is then the least over the classes it may have). Returns (pairs, colour
    cost so far, others left free), None when some chooser finds nobody.

    The bound holds for every completion, so a candidate that ends within the budget passes
    every test on its way: when the candidate being built ends within the budget, every choice
    was the least one possible (docs/dutch.md section 8).
    """
    rest1 = Counter(colour_class(p) for p in choosers)
    rest2 = Counter(colour_class(p) for p in others)
    left_over = Counter(colour_class(p) for p in others if left_over_ok(p))
    free = list(others)
    pairs: Pairs = []
    for a in choosers:
        rest1 = _minus(rest1, colour_class(a))
        verdict: dict[tuple[ColourCost, ColourClass, bool], bool] = {}
        taken = -1
        for k, b in enumerate(free):
            if not pair_ok(a, b):
                continue
            cost, cls, may_stay = pair_cost(a, b), colour_class(b), left_over_ok(b)
            key = (cost, cls, may_stay)
            if key not in verdict:
                after, total = _minus(rest2, cls), _add(spent, cost)
                if not one_left_over:
                    verdict[key] = _within(total, bound(rest1, after), budget)
                else:
                    kept = _minus(left_over, cls) if may_stay else left_over
                    verdict[key] = any(_within(total, bound(rest1, _minus(after, c)), budget)
                                       for c, n in kept.items() if n > 0)
            if verdict[key]:
                taken = k
                break
        if taken < 0:
            return None
        pairs.append((a, free.pop(taken)))
        spent = _add(spent, cost)
        rest2 = _minus(rest2, cls)
        if may_stay:
            left_over = _minus(left_over, cls)
    return pairs, spent, free


def first_assignment_at_bound(ctx: Bracket, s1: list[PairingPlayer], s2: list[PairingPlayer],
                              pair_ok: Callable[[PairingPlayer, PairingPlayer], bool],
                              pair_cost: Callable[[PairingPlayer, PairingPlayer], ColourCost],
                              left_over_ok: Callable[[PairingPlayer], bool],
                              bound: ColourCost) -> Pairs | None:
    """D.1 (2012 D1, 2025 4.2) among the candidates without exchange at the colour bound: the
    first transposition of S2 that pairs every S1 player with an S2 player by ``pair_ok``,
    leaves over (S2 one longer) a player with ``left_over_ok``, and whose pairs miss exactly
    ``bound`` colour preferences (C.10/C.11, [C12]/[C13], 2012 X/Z); None if there is none.

    ``bound`` is a lower bound of the colour cost of every such assignment (the caller's colour
    bound less what the MDP-pairing spent), so an assignment is at it exactly when its cost
    ``misses + strong misses`` is ``bound[0] + bound[1]``: the minimum-cost assignments, when
    that minimum is the bound. Those are the perfect assignments on the pairs the duals of
    one minimum-cost assignment make tight (:mod:`swisspairing.matching.assignment`), and
    :func:`lexicographic_bipartite_matching` gives the first of them (docs/dutch.md 8.9).
    """
    if not s1 or len(s2) - len(s1) not in (0, 1):
        return None
    target = bound[0] + bound[1]
    # a pair's cost depends on the two colour classes only (E.1, E.2: ``colour_misses``)
    firsts = {colour_class(b): b for b in reversed(s2)}
    costs: dict[tuple[ColourClass, ColourClass], int] = {}
    for a in s1:
        ca = colour_class(a)
        if (ca, next(iter(firsts))) in costs:
            continue
        for cb, b in firsts.items():
            miss, strong = pair_cost(a, b)
            costs[(ca, cb)] = miss + strong
    plain = _met_only(ctx, s1[0].score)
    # (each S2 class numbered: the cost of a pair is then a list look-up)
    number = {cb: k for k, cb in enumerate(firsts)}
    s2_keys = [(b, number[colour_class(b)], plain(b)) for b in s2]
    options: dict[int, list[tuple[int, int]]] = {}
    for a in s1:
        row = [costs[(colour_class(a), cb)] for cb in firsts]
        if plain(a):
            met = a.opponents
            options[a.id] = [(b.id, c) for b, k, b_plain in s2_keys
                             if (c := row[k]) <= target
                             and (b.id not in met if b_plain else pair_ok(a, b))]
        else:
            options[a.id] = [(b.id, c) for b, k, _ in s2_keys
                             if (c := row[k]) <= target and pair_ok(a, b)]
        if not options[a.id]:
            return None  # an S1 player with no pair at the bound: no assignment at all
    left = [a.id for a in s1]
    if len(s2) > len(s1):
        left.append(LEFT_OVER)
        options[LEFT_OVER] = [(b.id, 0) for b in s2 if left_over_ok(b)]
        if not options[LEFT_OVER]:
            # nobody in S2 may be left over (B.6 / C.6 / C.2, 8.9): no assignment covers the
            # stand-in, the answer min_cost_assignment gives after one augmenting path per S1
            # player (docs/dutch.md 8.9, "nobody to leave over")
            return None
    found = min_cost_assignment(left, options, most=target)
    if found is None or found[3] != target:
        return None
    mate, u, v, _ = found
    tight = tight_options(left, options, u, v)
    chosen = lexicographic_bipartite_matching(left, tight, mate, set())
    if chosen is None:  # pragma: no cover - mate is such a matching
        return None
    by_id = {p.id: p for p in s2}
    pairs = [(a, by_id[chosen[a.id]]) for a in s1]
    spent = (0, 0)
    for a, b in pairs:
        spent = _add(spent, pair_cost(a, b))
    return pairs if spent == bound and all(pair_ok(a, b) for a, b in pairs) else None


def _met_only(ctx: Bracket, score: int) -> Callable[[PairingPlayer], bool]:
    """Players ``p`` such that, for two of them, :func:`ideal_pair` is exactly "they have not
    met" (C.1): of ``score`` (no float: A.4, 1.4.2), without an absolute preference (C.3, 2012
    B2 need two), not a topscorer of the last round (C.8/C.9, [C10]/[C11]), in a round without
    forbidden pairs. A shortcut for the many pairs of a large bracket, the same answer."""
    rnd = ctx.rnd
    if rnd.forbidden is not None:
        return lambda p: False

    def plain(p: PairingPlayer) -> bool:
        return (p.score == score and p.strength != ABSOLUTE
                and not (rnd.last_round and p.topscorer))

    return plain


def first_assignment(s1: list[PairingPlayer], s2: list[PairingPlayer],
                     pair_ok: Callable[[PairingPlayer, PairingPlayer], bool],
                     left_over_ok: Callable[[PairingPlayer], bool]) -> Pairs | None:
    """D.1: the first transposition of S2 (lexicographic S2 order, the partner of the first S1
    player first) that pairs every S1 player with an S2 player by ``pair_ok`` and, when S2 has
    one more player, leaves over one with ``left_over_ok``; None if there is none.

    Greedy first: each S1 player takes the first S2 player still free. When that completes, it
    is the first such transposition (every choice was the least one possible). Otherwise the
    exact search: a complete assignment, then :func:`lexicographic_bipartite_matching`.
    """
    if len(s2) - len(s1) not in (0, 1):
        return None
    free = list(s2)
    pairs: Pairs = []
    for a in s1:
        k = next((k for k, b in enumerate(free) if pair_ok(a, b)), -1)
        if k < 0:
            break
        pairs.append((a, free.pop(k)))
    else:
        if all(left_over_ok(b) for b in free):
            return pairs
    # exact search on the graph of allowed pairs (the stand-in LEFT_OVER last: it takes the
    # S2 player left unpaired once every S1 player has the partner D.1 wants)
    left = [a.id for a in s1]
    adj: dict[int, list[int]] = {a.id: [b.id for b in s2 if pair_ok(a, b)] for a in s1}
    if len(s2) > len(s1):
        left.append(LEFT_OVER)
        adj[LEFT_OVER] = [b.id for b in s2 if left_over_ok(b)]
    graph: dict[int, list[int]] = {v: list(nb) for v, nb in adj.items()}
    for b in s2:
        graph[b.id] = []
    for v, nb in adj.items():
        for b in nb:
            graph[b].append(v)
    mate = maximum_matching(graph.keys(), graph)
    if any(v not in mate for v in left):
        return None
    chosen = lexicographic_bipartite_matching(left, adj, {v: mate[v] for v in left}, set())
    if chosen is None:  # pragma: no cover - mate is such a matching
        return None
    by_id = {p.id: p for p in s2}
    return [(a, by_id[chosen[a.id]]) for a in s1]
