"""The matchings of a bracket that must complete the round (2012/2017 PPB under A.9 / C.4,
2025 [C4]) made on the bracket alone, with stand-ins for its downfloaters in place of every
lower player, and certified by :meth:`.round.PairingRound.can_complete` (``docs/dutch.md``
section 8.12, issue 26).

Why the answer is the engine's. In the graph of :func:`.bracket.build` for such a bracket (no
following scoregroup, no 2025 [C9] digit), an edge that is not a pair of the bracket (a
downfloater with a lower player, two lower players, a player and the PAB) carries the
completion digit alone (C.4 / [C4] / 2012 A9; ``criteria.edition_row``); the maximum-weight
matching is perfect (the completion digit ranks first), so its weight is a constant plus the
sum of the rows and order digits of the bracket's own pairs ``P``. Those ``P`` are the sets of
``pairs`` allowed pairs of the bracket whose players left over (its downfloaters) and the lower
players can all be paired, with at most one PAB (C.2). Dropping that last condition gives a
larger set: every set of ``pairs`` allowed pairs whose players left over may float. The
matching of the bracket with ``len(bracket) - 2 * pairs`` stand-ins (each joined to every
player who may float, with the completion digit alone) ranges over exactly that larger set, on
the same rows and digits. When its best ``P`` completes the round it is also the best of the
smaller set: the same maximum. And what the callers read from a matching is a function of
that maximum alone, whichever maximum matching comes out (the proof for each caller is in
``docs/dutch.md`` 8.12). Otherwise (no perfect matching, or the round not completed) None:
the caller makes the matching with every lower player, as before.
"""

from __future__ import annotations

import operator

from ...matching import max_weight_matching
from ...matching.lexicographic import (
    class_duals_and_tight_edges,
    max_weight_matching_two_levels,
    max_weight_matching_two_levels_lazy,
)
from ...matching.ordered_perfect import first_perfect_matching
from ...model import Colour
from . import completing as dutch_completing
from . import criteria as dutch_criteria
from .bracket import Bracket, OrderDigits, PairRule
from .players import PairingPlayer
from .weights import BYE, INTERNAL, OTHER, Levels, digit_multipliers

#: the first stand-in's vertex number (player ids are positive, the PAB vertex is -1)
_FIRST_STAND_IN = -2

#: where the relaxation's weights are cut in two for
#: :func:`..matching.lexicographic.max_weight_matching_two_levels` (``docs/dutch.md`` 8.16): the
#: high digits end just before this criterion, the count of MDP opponents who floated up two
#: rounds before (2017 C.15, 2025 [C17], 2012 B6 for upfloaters), which the near-miss round 5
#: really trades against the colours (8.10). Any cut gives the same maximum weight; this one
#: was the fastest on the nearmiss-r5 brackets of every edition (8.16, measured).
SPLIT_BEFORE = {2012: "B6 up", 2017: "C.15", 2025: "C17"}


def applies(ctx: Bracket) -> bool:
    """A bracket that must complete the round with lower players below it (2012/2017 PPB,
    2025 [C4]) whose PAB edges carry no [C9] digit: its edges outside the bracket carry the
    completion digit alone, and, with the following scoregroup in its graph (2025 [C8]),
    the look-ahead digits."""
    return bool(ctx.complete and ctx.rest and not ctx.c9
                and (not ctx.nxt or ctx.rnd.rules.edition >= 2025))


def completes(ctx: Bracket, floaters: list[PairingPlayer]) -> bool:
    """Do these downfloaters of the bracket and the lower players complete the round (C.4 /
    [C4] / 2012 A9)? With the following scoregroup in the graph (2025 [C8]), moreover in a
    look-ahead pairing at the best value any candidate with as many downfloaters can give the
    following bracket (the bound of ``PairingRound.lookahead_ideal``, or of
    ``completing.lookahead_completing`` under [C4]; as in 8.10)."""
    rnd, lower = ctx.rnd, ctx.rest or []
    if not ctx.nxt or not floaters:
        # (no downfloater: the following bracket is the same for every such candidate)
        return rnd.can_complete(floaters + lower)
    return dutch_completing.reaches_lookahead_bound(ctx, floaters)


#: 8.23's block stand-ins switched on (a switch for the tests: off, every stand-in takes every
#: player who may float, as in 8.12)
BLOCK_STAND_INS = True


def block_floaters(ctx: Bracket, players: list[PairingPlayer]) -> tuple[int, frozenset[int]]:
    """``docs/dutch.md`` 8.23 (2025 [C3]/[C4], 2017 C.3/C.4, 2012 B2/A9): of the players below
    the bracket (``ctx.rest``, ``n`` of them), the ``a`` non-topscorers of one absolute colour
    preference may not meet one another, so at most ``n - a`` of them are paired below, at most
    one receives the PAB, and at least ``need = 2a - n - bye`` (``completing.forced_floaters``)
    are paired with downfloaters, distinct ones, each able to meet one of them. Returns
    ``need`` and the ids of ``players`` who may meet one of them (``(0, {})`` when no such
    block forces anything): every candidate that completes the round floats at least ``need``
    of those players."""
    lower = ctx.rest or []
    bye = (len(ctx.players) + len(lower)) % 2 == 1
    need = dutch_completing.forced_floaters(lower, bye)
    if need <= 0:
        return 0, frozenset()
    compatible = ctx.rnd.compatible
    for colour in (Colour.WHITE, Colour.BLACK):
        block = [q for q in lower if q.one_absolute(colour)]
        if 2 * len(block) - len(lower) - bye == need:
            break
    else:  # (forced_floaters took its need from one of the two colours)
        return 0, frozenset()
    meets = frozenset(p.id for p in players if any(compatible(p, q) for q in block))
    return need, meets


def match_without_lower(ctx: Bracket, pairs: int, allowed: PairRule | None = None,
                        order: OrderDigits | None = None,
                        mdp_order_lists: tuple[list[int], list[int]] | None = None
                        ) -> dict[int, int] | None:
    """The matching :func:`.bracket.match` would return for ``ctx`` up to ties, read on the
    bracket's own pairs (players left over unmatched), when its number of pairs is ``pairs``
    (an upper bound of the completing candidates' pairs, reached) and its best set of
    ``pairs`` pairs of the bracket completes the round; None otherwise (module docstring).
    ``mdp_order_lists``: when ``order`` is ``generation.mdp_order(ctx, mdps, residents)``,
    the ids of those two lists (the MDP-pairing's D.3 / D.1 digits): the order digits are
    then settled by a greedy instead of the weights (``docs/dutch.md`` 8.21)."""
    if not applies(ctx):
        return None
    rnd = ctx.rnd
    players = [p for p in ctx.players if p.id not in ctx.fixed_ids]
    floating = len(players) - 2 * pairs
    if floating < 0 or pairs <= 0:
        return None
    levels = Levels()
    rows = levels.rows
    compatible, edge_row = rnd.compatible, dutch_criteria.edge_row
    mdp_ids = ctx.mdp_ids
    order_width = len(order(players[0], players[0], OTHER)) if order is not None else 0
    n = len(players)
    for i in range(n):
        u = players[i]
        uid, um = u.id, u.id in mdp_ids
        for j in range(i + 1, n):
            v = players[j]
            if um and v.id in mdp_ids:
                continue  # B.3: MDPs are paired with residents only (as in build)
            if not compatible(u, v) or (allowed is not None
                                        and not allowed(u, v, INTERNAL)):
                continue
            vals = edge_row(ctx, u, v, INTERNAL)
            rows[(uid, v.id)] = vals + order(u, v, INTERNAL) if order is not None else vals
    stand_ins = [_FIRST_STAND_IN - k for k in range(floating)]
    # 8.23: the first ``need`` stand-ins take only players who may meet a player of the lower
    # one-colour block (every completing candidate floats that many such players)
    need, meets_block = block_floaters(ctx, players) if BLOCK_STAND_INS else (0, frozenset())
    block_stand_ins = set(stand_ins[:need])
    # the players' classes for the duals of 8.16 (b): what the high digits of a pair read
    classes: dict[int, tuple[object, ...]] = {
        s: ("stand-in", s in block_stand_ins) for s in stand_ins}
    for p in players:
        # p may float: paired below (an OTHER edge) or given the PAB (a BYE edge)
        floats = allowed is None or allowed(p, p, OTHER) or allowed(p, p, BYE)
        meets = p.id in meets_block
        classes[p.id] = (p.id in mdp_ids, p.score, p.pref, p.strength, p.cd, p.float1,
                         p.float2, p.topscorer, floats, meets)
        if not floats:
            continue
        row = edge_row(ctx, p, p, OTHER) + [0] * order_width
        for s in stand_ins:
            if meets or s not in block_stand_ins:
                rows[(p.id, s)] = row
    ids = [p.id for p in players] + stand_ins
    mate = None
    if mdp_order_lists is not None and order_width == 2:
        mate = _first_in_mdp_order(levels, ids, classes, *mdp_order_lists)
    if mate is None:
        mate = _maximum_matching(ctx, levels, ids, classes)
    if len(mate) != len(ids):
        return None  # no set of ``pairs`` pairs with the others floating
    floaters = [p for p in players if mate[p.id] <= _FIRST_STAND_IN]
    if not completes(ctx, floaters):
        return None
    out: dict[int, int] = {a: b for a, b in mate.items()  # type: ignore[misc]
                           if a > _FIRST_STAND_IN and b > _FIRST_STAND_IN}
    ctx.last_mate = out
    return out


def _maximum_matching(ctx: Bracket, levels: Levels, ids: list[int],
                      classes: dict[int, tuple[object, ...]] | None = None) -> dict[int, int]:
    """A maximum-weight matching of the relaxation (the callers read a function of its
    maximum weight alone, ``docs/dutch.md`` 8.12), made in two solves cut at
    :data:`SPLIT_BEFORE` (8.16): ``radix`` is the product of the radices of the digits from
    the cut on (the criteria below it, then the order digits), and their sum over any matching
    is at most ``radix - 1`` (``Levels.radices``: no digit carries) plus one per pair (the
    ``+ 1`` every edge weight carries)."""
    pairs_bound = max(1, (len(ids) + 1) // 2)
    if not levels.rows:
        return {}
    # the stand-ins' edges of one player share one row object (below): each row read once
    distinct = list({id(vals): vals for vals in levels.rows.values()}.values())
    radices = levels.radices(pairs_bound, distinct)
    cut = ctx.layout.index[SPLIT_BEFORE[ctx.rnd.rules.edition]]
    radix = 1
    for r in radices[cut:]:
        radix *= r
    if radix == 1:
        # every digit below the cut is 0 on every edge: nothing to split, one solve
        weights = levels.weights(pairs_bound, radices)
        return max_weight_matching(ids, weights)  # type: ignore[return-value]
    if classes is None or pairs_bound < 2:
        weights = levels.weights(pairs_bound, radices)
        return max_weight_matching_two_levels(  # type: ignore[return-value]
            ids, weights, radix, radix - 1 + pairs_bound, classes)
    # 8.18: the high digits of each edge without its full weight. ``Levels.weights`` makes
    # w = sum(row[k] * mult[k]) + 1; every place value above the cut is a multiple of
    # ``radix``, so w = radix * H + L + 1 with H = sum(row[k] * (mult[k] // radix), k < cut)
    # and L the digits from the cut on, L <= radix - 2 (each digit is at most its column's
    # largest value, below its radix by at least 2 when that largest value is not 0, as
    # ``pairs_bound >= 2``; and some column below the cut has one, as radix > 1): so
    # w // radix == H. Only the tight edges' full weights are made (and checked against H).
    mult, _ = digit_multipliers(radices)
    high_mult = [m // radix for m in mult[:cut]]
    rows = levels.rows
    high_of = {id(vals): sum(map(operator.mul, vals[:cut], high_mult)) for vals in distinct}
    high = {key: high_of[id(vals)] for key, vals in rows.items()}

    def weight_of(key: tuple[int, int]) -> int:
        return sum(map(operator.mul, rows[key], mult)) + 1

    mate = max_weight_matching_two_levels_lazy(
        ids, high, weight_of, radix, radix - 1 + pairs_bound, classes)  # type: ignore[arg-type]
    return mate  # type: ignore[return-value]


#: how often the greedy of 8.21 answered (``"greedy"``) or left the matching to the weights
greedy_counts = {"greedy": 0, "weights": 0}


def _first_in_mdp_order(levels: Levels, ids: list[int], classes: dict[int, tuple[object, ...]],
                        mdp_ids: list[int], resident_ids: list[int]) -> dict[int, int] | None:
    """A maximum-weight matching of the relaxation whose last two digits are the MDP-pairing's
    order digits (``generation.mdp_order`` of the MDPs ``mdp_ids`` and the residents
    ``resident_ids``, in that order; zero on every other edge), without those digits in any
    weight (``docs/dutch.md`` 8.21):

    1. ``H``, the digits above the order digits (``w = radix * H + O + 1``, ``radix`` the
       product of the two order radices, ``O <= radix - 1`` on any matching: no digit carries);
       class duals ``y`` for ``H`` (8.16 (b)), checked feasible on every edge, every ``y``
       positive; ``T`` the edges of slack 0;
    2. a perfect matching of ``T`` certifies them (``2 H(M) == sum(y)``: weak duality), and
       then the matchings of largest ``H`` are exactly the perfect matchings of ``T`` (each
       covers every vertex, all of positive dual, on slack-0 edges);
    3. among those, the largest ``O`` is D.3's digit first, then D.1's
       (:func:`..matching.ordered_perfect.first_perfect_matching`, residents numbered in
       their order): the maximum weight.

    None when a check fails or the graph has no such perfect matching (the weights decide)."""
    rows = levels.rows
    pairs_bound = max(1, (len(ids) + 1) // 2)
    if not rows or pairs_bound < 2 or len(ids) % 2:
        greedy_counts["weights"] += 1
        return None
    # H needs the digits above the order digits only: their place values are the products of
    # the radices between (``mult[k] // radix`` for ``Levels.weights``' place values ``mult``:
    # those include the two order radices, which divide out). The high parts of the rows
    # repeat (pairs of alike players; the order digits alone tell them apart): each is made
    # into a number once.
    cut = len(next(iter(rows.values()))) - 2
    high_part = {id(vals): tuple(vals[:cut]) for vals in rows.values()}
    values = set(high_part.values())
    high_radices = levels.radices(pairs_bound, values)  # type: ignore[arg-type]
    high_mult, _ = digit_multipliers(high_radices)
    number = {vals: sum(map(operator.mul, vals, high_mult)) for vals in values}
    high_of = {key: number[vals] for key, vals in high_part.items()}
    # vertices numbered: the residents in their D.1 order first (lowest bit = first), the rest
    present = set(ids)
    order_ids = [r for r in resident_ids if r in present]
    in_order = set(order_ids)
    order_ids += [v for v in ids if v not in in_order]
    position = {v: i for i, v in enumerate(order_ids)}
    high: dict[tuple[int, int], int] = {}
    for (a, b), vals in rows.items():
        i, j = position[a], position[b]
        high[(i, j) if i < j else (j, i)] = high_of[id(vals)]
    found = class_duals_and_tight_edges(order_ids, high, classes)
    if found is None or min(found[0]) <= 0:
        greedy_counts["weights"] += 1
        return None
    neighbours = [0] * len(order_ids)
    for i, j in found[1]:
        neighbours[i] |= 1 << j
        neighbours[j] |= 1 << i
    left = [position[m] for m in mdp_ids if m in position]
    preferred = (1 << len(in_order)) - 1
    mate = first_perfect_matching(neighbours, left, preferred)
    if mate is None:
        greedy_counts["weights"] += 1
        return None
    greedy_counts["greedy"] += 1
    return {order_ids[a]: order_ids[b] for a, b in mate.items()}
