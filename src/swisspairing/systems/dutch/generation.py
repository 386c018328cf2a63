"""The generation order of candidates: B.6/B.7 with D.1-D.3 (2012 D1-D3), chosen among the
candidates best by the quality criteria (B.8) with extra order digits in the weights or, when
no exchange is needed, with the duals of one bipartite matching (``docs/dutch.md`` section 4)."""

from __future__ import annotations

import operator
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from types import ModuleType

from ...errors import NoValidPairing
from ...matching import (
    lexicographic_bipartite_matching,
    max_weight_matching,
    max_weight_matching_duals,
)
from ...model import Colour
from . import bracket as dutch_bracket
from . import cheapest_floaters as dutch_cheapest_floaters
from . import completing as dutch_completing
from . import criteria as dutch_criteria
from . import ideal as dutch_ideal
from . import lowest_2012 as dutch_lowest_2012
from . import nearly_alike as dutch_nearly_alike
from . import odd_last_bracket as dutch_odd_last_bracket
from . import tied as dutch_tied
from . import without_lower as dutch_without_lower
from .bracket import Bracket
from .ideal import Pairs
from .players import ABSOLUTE, PairingPlayer
from .weights import BYE_VERTEX, INTERNAL, Levels, digit_multipliers


def exchange_key(moved_down: Iterable[int], moved_up: Iterable[int]
                 ) -> tuple[int, int, tuple[int, ...], tuple[int, ...]]:
    """Sort key of a resident exchange between the original S1 and S2 (BSNs).

    ``moved_down``: BSNs moved from S1 to S2; ``moved_up``: from S2 to S1. Priority (D.2):
    a) fewer BSNs exchanged; b) smaller (sum moved up) - (sum moved down); c) the highest
    differing BSN moved down (the 2012 S1LIST, descending); d) the lowest differing BSN moved up
    (the 2012 S2LIST, ascending). The engine does not enumerate exchanges: it encodes this order
    in matching weights (``docs/dutch.md`` section 4); tests check the two agree.
    """
    down = sorted(moved_down, reverse=True)
    up = sorted(moved_up)
    return (len(down), sum(up) - sum(down), tuple(-x for x in down), tuple(up))


@dataclass
class BracketResult:
    pairs: list[tuple[PairingPlayer, PairingPlayer]] = field(default_factory=list)
    floaters: list[PairingPlayer] = field(default_factory=list)
    #: players of the following bracket left unpaired by the look-ahead (C.7 / [C8])
    next_unpaired: list[PairingPlayer] = field(default_factory=list)


# --- exact shortcuts (docs/dutch.md section 8) --------------------------------------------
Candidate = tuple[Pairs, list[PairingPlayer]]


@dataclass(frozen=True)
class Shortcut:
    """An exact shortcut of a bracket's pairing: ``module.function(ctx)`` returns the candidate
    the full matchings would return (the first of the generation order, B.6/B.7 and D.1-D.3,
    among the best by the quality criteria, B.8), or None when it does not apply or cannot
    settle the bracket. ``section``: where docs/dutch.md proves it. The function is looked up
    by name at each call, so that replacing the module's attribute (tests switching a shortcut
    off, ``tests/shortcut_helpers.py``) replaces the step of the chain."""

    name: str
    section: str
    module: ModuleType
    function: str

    def candidate(self, ctx: Bracket) -> Candidate | None:
        """What the shortcut answers for the bracket ``ctx`` (None: not settled)."""
        answer: Candidate | None = getattr(self.module, self.function)(ctx)
        return answer


_GENERATION = sys.modules[__name__]

#: The chain of exact shortcuts :func:`run` tries on a bracket, in this order, before its
#: matchings: the first that answers gives the bracket's pairing. One line a shortcut, each
#: proved on its own in its section; the order is the one ``run`` has always used (the changes
#: of issue 26 were checked in it). A new shortcut is one more line.
BRACKET_SHORTCUTS: tuple[Shortcut, ...] = (
    # a candidate meeting every quality criterion in full needs no matching (2017, 2025; the
    # 2012 natural candidate meeting every requirement at its strictest)
    Shortcut("ideal", "8, 8.9", dutch_ideal, "ideal_candidate"),
    # a bracket that must complete the round (2017 PPB, 2025 [C4]), settled by its structure
    Shortcut("completing", "8.1", dutch_completing, "completing_candidate"),
    # 2012: the lowest bracket homogeneous by A3 whose lower half may not meet itself
    Shortcut("lowest-one-colour-2012", "8.2", dutch_completing,
             "lowest_bracket_one_colour_2012"),
    # 2017, 2025: the last bracket whose residents may not meet one another, as many as its
    # MDPs: every assignment ties on every criterion
    Shortcut("last-one-colour", "8.7", dutch_completing, "last_bracket_one_colour"),
    # ... and the same, odd, one more resident than MDPs: the best PAB receiver left over
    Shortcut("odd-last-bracket", "8.15", dutch_odd_last_bracket, "pab_receiver_candidate"),
    # 2025: a bracket under [C4] with a Limbo whose MDPs' opponents are fixed by [C3]
    Shortcut("limbo-opponents-fixed", "8.10", _GENERATION, "limbo_opponents_fixed"),
    # the last round after White won every game: the topscorers' bracket of alike players,
    # and a completing bracket whose colour bound fixes how many of each preference float
    Shortcut("alike", "8.13", dutch_tied, "alike_bracket"),
    Shortcut("colour-split-completing", "8.13", dutch_tied, "colour_split_completing"),
    # ... with at most one MDP and earlier floats that differ within a colour: the cheapest
    # downfloaters of each preference
    Shortcut("cheapest-floaters-completing", "8.17", dutch_cheapest_floaters,
             "cheapest_floaters_completing"),
    # ... a bracket paired alone whose residents all prefer one colour, at most one MDP
    # (round 4 after White won every game, odd field); 2017, also the odd last bracket
    Shortcut("cheapest-floaters-one-colour", "8.19, 8.20", dutch_cheapest_floaters,
             "cheapest_floaters_one_colour"),
    # a bracket of alike players but for a few exceptions: the one best fate map of them
    Shortcut("nearly-alike", "8.17 (b)", dutch_nearly_alike, "nearly_alike_bracket"),
)


def settled_by_shortcut(ctx: Bracket) -> Candidate | None:
    """The candidate of the first shortcut of :data:`BRACKET_SHORTCUTS` (read at each call)
    that settles the bracket ``ctx``, or None when none does (docs/dutch.md section 8)."""
    for shortcut in BRACKET_SHORTCUTS:
        answer = shortcut.candidate(ctx)
        if answer is not None:
            return answer
    return None


# --- generation order (B.6, B.7, D.1-D.3) ------------------------------------------------
def run(ctx: Bracket) -> BracketResult:
    """The bracket's pairing: the first candidate of the generation order (B.6/B.7, D.1-D.3)
    among those best by the quality criteria (B.8)."""
    # the exact shortcuts, in the order of BRACKET_SHORTCUTS (docs/dutch.md section 8): the
    # first that settles the bracket gives its pairing
    ideal = settled_by_shortcut(ctx)
    if ideal is not None:
        return BracketResult(pairs=ideal[0], floaters=ideal[1])
    if ctx.rnd.rules.edition >= 2025 and ctx.complete and any(
        p.bye_ok for p in ctx.players
    ):
        # [C9] only concerns a bracket that downfloats exactly one player, who then gets
        # the PAB: count the downfloaters at the optimum of the higher criteria first
        mate = dutch_bracket.match(ctx)
        floaters = [p for p in ctx.players if mate.get(p.id) not in ctx.in_bracket]
        ctx.c9 = len(floaters) == 1 and mate.get(floaters[0].id) == BYE_VERTEX
    mdps = [p for p in ctx.players if p.id in ctx.mdp_ids]
    residents = [p for p in ctx.players if p.id not in ctx.mdp_ids]
    if mdps:
        # 2012: the lowest bracket half of whose players may not meet one another: the
        # MDP-pairing under a bound on the types of players (docs/dutch.md section 8.3),
        # kept when the candidate made with it reaches the bound
        typed = dutch_lowest_2012.first_mdp_pairing(ctx, mdps, residents)
        if typed is not None:
            try:
                result = _run(ctx, mdps, residents, typed[0], typed[1])
            except NoValidPairing:  # the remainder cannot pair everybody: not at the bound
                result = None
            if result is not None and dutch_lowest_2012.reaches_bound(ctx, typed[1],
                                                                      result.pairs):
                return result
            ctx.fixed_ids, ctx.mdp_mate, ctx.last_mate = frozenset(), None, {}
    return _run(ctx, mdps, residents, None)


def limbo_opponents_fixed(ctx: Bracket) -> tuple[Pairs, list[PairingPlayer]] | None:
    """2025: a bracket that must complete the round ([C4]) whose MDPs all
    prefer one colour ``c`` absolutely (non-topscorers) and outnumber the residents ``N`` who
    do not (the residents share one score, below every MDP), when ``len(N)`` is the bound of
    C.5 / [C6] (``most_pairs``): the pairing the full matchings return, or None (docs/dutch.md
    section 8.10).

    Why (8.10): the ``a`` players with the absolute preference ``c`` may not meet one another
    (C.3 / [C3]) nor two MDPs (B.3), so a candidate with ``most = len(bracket) - a`` pairs
    pairs every player of ``N`` with one of them. One who meets a resident of preference ``c``
    instead of an MDP leaves one more MDP floating: C.6 / [C7] rank such a candidate below one
    pairing an MDP more (the MDPs paired form an independent set of the transversal matroid
    of ``N``; augmenting it floats a resident, of lower score, instead of an MDP). So every
    candidate best by C.5-C.6 / [C6]-[C7] is an assignment of ``N`` into the MDPs, the others
    floating, and the engine's weighted matching compares those candidates by the sum of the
    rows of their pairs (``criteria.edge_row``: the costs of the players left unpaired are
    counted as the savings of the pairs; the pairs below the bracket carry the constant [C4]
    digit) and the D.3 / D.1 order digits (``mdp_order``): the same weights on the MDP-``N``
    pairs alone give the same maximum. That maximum over every assignment (a relaxation: who
    completes the round is not asked) is the answer when it completes the round and, in 2025,
    reaches the [C8] bound, checked as in section 8.1.
    """
    rnd = ctx.rnd
    lower = ctx.rest
    if rnd.rules.edition < 2025 or not lower or rnd.last_round or not ctx.mdp_ids:
        # (2017: the same argument holds for the PPB, but no generated round reached it, so
        # it is not used there: docs/dutch.md 8.10)
        return None
    bracket = ctx.players
    mdps = [p for p in bracket if p.id in ctx.mdp_ids]
    residents = [p for p in bracket if p.id not in ctx.mdp_ids]
    if not residents or any(p.score != residents[0].score for p in residents):
        return None
    if any(p.score <= residents[0].score for p in mdps):
        return None
    colour = mdps[0].pref
    if colour is None or not all(p.one_absolute(colour) for p in mdps):
        return None
    others = [p for p in residents if not p.one_absolute(colour)]
    most = dutch_completing.most_pairs(bracket, mdps, residents, lower)
    if not others or most != len(others) or len(mdps) <= most:
        return None
    if len(bracket) - 2 * most == 1 and (len(bracket) + len(lower)) % 2:
        return None  # [C9] judges a bracket that downfloats one player, who gets the PAB
    order = mdp_order(ctx, mdps, residents)
    compatible = rnd.compatible
    levels = Levels()
    for m in mdps:
        for r in others:
            if compatible(m, r):
                key = (m.id, r.id) if m.id < r.id else (r.id, m.id)
                levels.set(key, dutch_criteria.edge_row(ctx, m, r, INTERNAL)
                           + order(m, r, INTERNAL))
    ids = [p.id for p in mdps] + [p.id for p in others]
    mate = max_weight_matching(ids, levels.weights(max(1, len(ids) // 2)))
    if any(r.id not in mate for r in others):
        return None
    pairs: Pairs = [(ctx.by_id[mate[r.id]], r) for r in others]
    pairs.sort(key=lambda pair: ctx.bsn[pair[0].id])
    paired = {p.id for pair in pairs for p in pair}
    floaters = [p for p in bracket if p.id not in paired]
    if not rnd.can_complete(floaters + lower):
        return None
    # 2025 [C8] (within [C4]): the look-ahead bound, as in section 8.1
    if ctx.nxt and not dutch_completing.reaches_lookahead_bound(ctx, floaters):
        return None
    return pairs, floaters


def _run(ctx: Bracket, mdps: list[PairingPlayer], residents: list[PairingPlayer],
         mdp_mate: dict[int, int] | None,
         transport: dutch_lowest_2012.TypeTransport | None = None) -> BracketResult:
    """The MDP-pairing (``mdp_mate`` when already known, else its matching), then the
    remainder (B.7 note: S1R and S2R formed after the MDP-pairing). ``transport``: the type
    bound of the last bracket that ``mdp_mate`` was chosen under (docs/dutch.md 8.3 (b)),
    which also certifies the remainder's best quality (section 8.5)."""
    fixed: list[tuple[PairingPlayer, PairingPlayer]] = []
    blocked: set[int] = set()  # MDPs left in the Limbo once the MDP-pairing is fixed
    if mdps:
        mate = match_mdp_pairing(ctx, mdps, residents) if mdp_mate is None else mdp_mate
        # the matching of the whole bracket by quality, when there is one (a pairing known in
        # advance holds the MDPs' pairs alone: the remainder then needs a matching of its own)
        ctx.mdp_mate = mate if mdp_mate is None else None
        for m in mdps:
            partner = mate.get(m.id)
            if partner is not None and partner in ctx.in_bracket:
                fixed.append((m, ctx.by_id[partner]))
            else:
                blocked.add(m.id)
        remainder = [p for p in residents if p.id not in {q.id for _, q in fixed}]
        n1 = sum(
            1
            for p in remainder
            if (q := mate.get(p.id)) is not None
            and q in ctx.in_bracket
            and q not in ctx.mdp_ids
            and ctx.bsn[p.id] < ctx.bsn[q]
        ) if mdp_mate is None else len(remainder) // 2  # (the bound pairs everybody)
    else:
        remainder = residents
        n1 = None
    ctx.fixed_ids = frozenset(p.id for pr in fixed for p in pr)

    # 2012, the lowest bracket half of whose players (``side``) may not meet one another:
    # every candidate pairing everybody (A9, P) pairs each of them with one of the others, so
    # a pair of two others is in no best candidate and leaves the graph (docs/dutch.md 8.3)
    side = dutch_lowest_2012.one_colour_half(ctx)

    def allowed_base(u: PairingPlayer, v: PairingPlayer, kind: int) -> bool:
        if kind == INTERNAL and side is not None and u.id not in side and v.id not in side:
            return False
        return not (kind == INTERNAL and (u.id in blocked or v.id in blocked))

    if n1 is None:
        # Homogeneous bracket: MaxPairs (B.1 b) is not known before the first matching.
        # Guess half the players; C.5 is the top quality digit, so the ordered matching's
        # own number of pairs is MaxPairs: when it differs from the guess, the S1 used for
        # the order was wrong and the bracket is ordered again with the right one.
        guess = len(remainder) // 2
        if not ctx.complete:
            # C.5 / [C6] / 2012 P rank first: MaxPairs is the largest number of pairs of
            # the bracket, known at once when a greedy pairing reaches a bound of it
            guess = obvious_max_pairs(ctx, remainder) or guess
        pairs = order_remainder(ctx, remainder, guess, allowed_base)
        if len(pairs) != guess:
            pairs = order_remainder(ctx, remainder, len(pairs), allowed_base)
    else:
        reaches = None
        if transport is not None:
            def reaches(rest: list[tuple[PairingPlayer, PairingPlayer]]) -> bool:
                return dutch_lowest_2012.reaches_bound(ctx, transport, fixed + rest)
        pairs = order_remainder(ctx, remainder, n1, allowed_base, reaches,
                                pairs_known=mdp_mate is None)
    result = BracketResult(pairs=fixed + pairs)
    paired = {p.id for pr in result.pairs for p in pr}
    result.floaters = [p for p in ctx.players if p.id not in paired]
    in_next = ctx.next_ids | {p.id for p in result.floaters}
    result.next_unpaired = [
        p for p in result.floaters + ctx.nxt if ctx.last_mate.get(p.id) not in in_next
    ]
    return result


def obvious_max_pairs(ctx: Bracket, players: list[PairingPlayer]) -> int | None:
    """MaxPairs (B.1 b; 2012 P) of a homogeneous bracket, when it is plain: the players of one
    absolute colour preference who are not topscorers (``A``) may not meet one another (C.3 /
    [C3]; 2012 A7), so each pair holds at most one of them and at most ``n - |A|`` pairs can be
    made; when the other players each take a different free player of ``A`` they may meet (a
    greedy), that bound is reached. None when there is no such ``A`` larger than half the
    bracket or the greedy falls short (the caller then guesses, as before)."""
    n = len(players)
    side: list[PairingPlayer] = []
    for colour in (Colour.WHITE, Colour.BLACK):
        one = [p for p in players
               if p.one_absolute(colour)]
        if 2 * len(one) > n:
            side = one
    if not side:
        return None
    in_side = {p.id for p in side}
    compatible = ctx.rnd.compatible
    free = list(side)
    for p in players:
        if p.id in in_side:
            continue
        k = next((k for k, q in enumerate(free) if compatible(p, q)), -1)
        if k < 0:
            return None
        free.pop(k)
    return n - len(side)


def quality_weights(ctx: Bracket) -> tuple[list[int], dict[tuple[int, int], int]]:
    """The weights of the quality criteria alone, for every pair of the bracket (built
    once; a later matching on fewer players takes the subset: each digit's radix, fitted
    to the whole bracket, is large enough for any part of it)."""
    if ctx.quality_weights_cache is None:
        ctx.quality_weights_cache = dutch_bracket.build(ctx)
    return ctx.quality_weights_cache


def match_mdp_pairing(ctx: Bracket, mdps: list[PairingPlayer],
                      residents: list[PairingPlayer]) -> dict[int, int]:
    """The matching that fixes the MDP-pairing (B.7, D.3, D.1 on the MDPs)."""
    if ctx.nxt or ctx.complete:
        order = mdp_order(ctx, mdps, residents)
        if dutch_without_lower.applies(ctx):
            # the bracket alone, its downfloaters held at the C.5 / [C6] bound by stand-ins,
            # when its best completes the round (docs/dutch.md 8.12)
            most = dutch_completing.most_pairs(ctx.players, mdps, residents, ctx.rest or [])
            mate = dutch_without_lower.match_without_lower(
                ctx, most, order=order,
                mdp_order_lists=([p.id for p in mdps], [p.id for p in residents]))
            if mate is not None:
                return mate
        return dutch_bracket.match(ctx, order=order)
    settled = one_class_mdp_pairing(ctx, mdps, residents)
    if settled is not None:
        return settled
    left_over = mdps_never_paired(ctx, mdps, residents)
    # the order digits of the MDPs that may be paired (the same order, shorter numbers)
    order = mdp_order(ctx, [m for m in mdps if m.id not in left_over], residents)
    if left_over and ctx.quality_weights_cache is None:
        # the bracket's graph without them (docs/dutch.md 8.5 (b)); the cache then serves
        # the remainder's matchings, made of residents only
        ctx.quality_weights_cache = dutch_bracket.build(ctx, exclude=left_over)
    # the quality weights with the two order digits appended: the same numbers as
    # ``build(order=order)``, but only the MDPs' pairs need the order function
    ids, quality = quality_weights(ctx)
    extra: dict[tuple[int, int], list[int]] = {}
    for m in mdps:
        for r in residents:
            key = (m.id, r.id) if (m.id, r.id) in quality else (r.id, m.id)
            if key in quality:
                extra[key] = order(m, r, INTERNAL)
    if not extra:
        return dutch_bracket.match(ctx, order=mdp_order(ctx, mdps, residents))
    pairs_bound = max(1, (len(ids) + 1) // 2)
    mult, scale = digit_multipliers(
        [max(col) * pairs_bound + 1 for col in zip(*extra.values(), strict=True)])
    weights = {key: (w - 1) * scale + 1 for key, w in quality.items()}
    for key, vals in extra.items():
        weights[key] += sum(map(operator.mul, vals, mult))
    mate = max_weight_matching(ids, weights)
    ctx.last_mate = mate
    return mate  # type: ignore[return-value]


def one_class_mdp_pairing(ctx: Bracket, mdps: list[PairingPlayer],
                          residents: list[PairingPlayer]) -> dict[int, int] | None:
    """A best-by-quality matching of a bracket paired alone whose MDPs are all of one class
    and outnumber the residents they may meet (2017, 2025; docs/dutch.md 8.5 (f)), with the
    MDP-pairing of the generation order: the first ``|Y|`` MDPs, in BSN order, each with the
    next of ``Y`` (the residents the class may meet, in A.2 order); the other residents as a
    matching of them alone on quality. None outside that scope (the matchings decide)."""
    if ctx.rnd.rules.edition < 2017 or ctx.rnd.last_round or ctx.rnd.forbidden is not None:
        return None
    if len(mdps) <= len(residents) or any(r.score != residents[0].score for r in residents):
        return None
    first = mdps[0]
    resident_ids = frozenset(r.id for r in residents)

    def key(m: PairingPlayer) -> tuple[object, ...]:
        return (m.score, m.pref, m.strength, m.float1, m.float2, m.topscorer,
                m.opponents & resident_ids)

    if first.score <= residents[0].score or any(key(m) != key(first) for m in mdps):
        return None
    compatible = ctx.rnd.compatible
    ys = [r for r in residents if compatible(first, r)]  # the same for every MDP (the key)
    mate: dict[int, int] = {}
    # D.3: the first MDPs (fewer residents than MDPs); D.1: identical MDPs, residents in order
    for m, y in zip(mdps[:len(ys)], ys, strict=True):
        mate[m.id], mate[y.id] = y.id, m.id
    others = frozenset(r.id for r in residents if r.id not in mate)
    # the residents the class may not meet pair among themselves (or float): their best
    # matching on quality, whose graph then serves the remainder (order_without_exchange)
    ctx.quality_weights_cache = dutch_bracket.build(ctx, exclude=frozenset(ctx.in_bracket)
                                                    - others)
    ids, weights = ctx.quality_weights_cache
    if weights:
        mate.update(max_weight_matching(ids, weights))  # type: ignore[arg-type]
    ctx.last_mate = mate
    return mate


def mdps_never_paired(ctx: Bracket, mdps: list[PairingPlayer],
                      residents: list[PairingPlayer]) -> frozenset[int]:
    """MDPs that the bracket's pairing (paired alone) leaves unpaired whatever the others do
    (B.7 / D.3, 2025 4.4.2: the set of MDPs with the lowest BSNs; docs/dutch.md 8.5 (b)).

    Two MDPs of one class (:func:`interchangeable_left_over`) have the same row with every
    resident and the same cost as downfloaters; MDPs meet residents only (B.3), so a class
    whose members may meet ``c`` residents has at most ``c`` members paired. When a later
    member is paired and an earlier one is not, swapping them keeps every criterion and gives
    a set of MDPs with a smaller differing BSN (D.3), earlier in the generation order: only
    the first ``c`` members of each class can be paired, the others are returned.
    """
    if len(mdps) <= len(residents):
        return frozenset()
    return interchangeable_left_over(ctx, mdps, residents)


def interchangeable_left_over(ctx: Bracket, players: list[PairingPlayer],
                              partners: list[PairingPlayer]) -> frozenset[int]:
    """Of ``players`` (in A.2 order), those after the first ``c`` of their class, ``c`` being
    the number of ``partners`` a member of the class may meet.

    A *class*: the same score, colour preference and strength, floats of the two previous
    rounds, topscorer flag, and the same opponents (C.1) among ``partners``. Outside the
    topscorer colour rules of the last round (then C.8/C.9 look at colour histories) and
    without forbidden pairs, a row of ``criteria_2017`` / ``criteria_2025`` (and a player's
    cost as a downfloater) depends on nothing else of the player (docs/dutch.md 8.5 (b)), and
    so does whom he may meet among ``partners`` (C.1; C.3 by the preference). The caller
    shows that members of a class never meet one another. Empty when nothing can be left out.
    """
    if ctx.rnd.last_round or ctx.rnd.forbidden is not None:
        return frozenset()
    partner_ids = frozenset(p.id for p in partners)
    compatible = ctx.rnd.compatible
    room: dict[tuple[object, ...], int] = {}
    left_over: set[int] = set()
    for m in players:
        key = (m.score, m.pref, m.strength, m.float1, m.float2, m.topscorer,
               m.opponents & partner_ids)
        left = room.get(key)
        if left is None:
            left = sum(1 for r in partners if r is not m and compatible(m, r))
        if left == 0:
            left_over.add(m.id)
        room[key] = max(0, left - 1)
    return frozenset(left_over)


def one_colour_left_over(ctx: Bracket, players: list[PairingPlayer]) -> frozenset[int]:
    """Players of a homogeneous bracket that neither the best quality Q* nor the first
    candidate without exchange (B.6, D.1) needs (docs/dutch.md 8.5 (c)): of the
    non-topscorers with one absolute colour preference (who may not meet one another, C.3 /
    [C3]), those after the first ``c`` of their class (:func:`interchangeable_left_over`)."""
    one_colour = [p for p in players if p.strength == ABSOLUTE and not p.topscorer]
    if 2 * len(one_colour) <= len(players):
        return frozenset()
    return interchangeable_left_over(ctx, one_colour, players)


def mdp_order(ctx: Bracket, mdps: list[PairingPlayer], residents: list[PairingPlayer]
              ) -> Callable[[PairingPlayer, PairingPlayer, int], list[int]]:
    """B.7 / D.3: the set of paired MDPs with the lowest BSNs, then (D.1) the MDP-pairing
    whose S2 order is lexicographically first."""
    m_index = {p.id: i for i, p in enumerate(mdps)}
    r_index = {p.id: i for i, p in enumerate(residents)}
    nm, nr = len(mdps), len(residents)
    radix = nr + 1

    def order(u: PairingPlayer, v: PairingPlayer, kind: int) -> list[int]:
        if kind != INTERNAL:
            return [0, 0]
        m, r = (u, v) if u.id in m_index else (v, u)
        if m.id not in m_index:
            return [0, 0]
        i = m_index[m.id]
        return [2 ** (nm - 1 - i), (nr - r_index[r.id]) * radix ** (nm - 1 - i)]

    return order


def order_remainder(ctx: Bracket, remainder: list[PairingPlayer], n1: int,
                    allowed_base: Callable[[PairingPlayer, PairingPlayer, int], bool],
                    reaches: Callable[[list[tuple[PairingPlayer, PairingPlayer]]], bool]
                    | None = None, pairs_known: bool = False,
                    ) -> list[tuple[PairingPlayer, PairingPlayer]]:
    """B.6 with D.1/D.2: the first candidate of the remainder (or homogeneous bracket).
    ``reaches``: see :func:`order_without_exchange`. ``pairs_known``: ``n1`` is the number
    of the remainder's pairs in a best matching of the whole bracket (the MDP-pairing's), so
    a bracket that must complete the round may be matched without the lower players
    (docs/dutch.md 8.12)."""

    def match(allowed: Callable[[PairingPlayer, PairingPlayer, int], bool],
              order: Callable[[PairingPlayer, PairingPlayer, int], list[int]]
              ) -> dict[int, int]:
        if pairs_known:
            mate = dutch_without_lower.match_without_lower(ctx, n1, allowed, order)
            if mate is not None:
                return mate
        return dutch_bracket.match(ctx, allowed=allowed, order=order)

    if n1 == 0:
        return []
    if not ctx.nxt and (not ctx.complete or last_bracket_pairs_all(ctx, remainder, n1)):
        fast = order_without_exchange(ctx, remainder, n1, allowed_base,
                                      reaches if ctx.complete else None)
        if fast is not None:
            return fast
    bsn = {p.id: i + 1 for i, p in enumerate(remainder)}  # fresh BSNs for the remainder
    n = len(remainder)
    s1_list = remainder[:n1]
    s1 = {p.id for p in s1_list}
    rem_ids = set(bsn)
    transposition = _transposition_digits(ctx, s1, s1_list)

    def exchange_order(u: PairingPlayer, v: PairingPlayer, kind: int) -> list[int]:
        if kind != INTERNAL or u.id not in rem_ids or v.id not in rem_ids:
            return [0, 0, 0, 0, 0]
        a, b = sorted((bsn[u.id], bsn[v.id]))
        in1a, in1b = a <= n1, b <= n1
        # D.2 a: fewest exchanged BSNs = fewest pairs inside the original S2
        da = 0 if (not in1a and not in1b) else 1
        # D.2 b: smallest (sum moved S2->S1) - (sum moved S1->S2) = smallest sum of the
        # lower BSN of every pair (docs/dutch.md derives it)
        db = n + 1 - a
        # D.2 c: highest BSN moved from S1 to S2: minimise sum 2^a over pairs whose lower
        # BSN is in the original S1
        dc = (2 ** (n + 1)) - (2 ** a if in1a else 0)
        # D.2 d: lowest BSN moved from S2 to S1 (the lower BSN of pairs inside S2)
        dd = 2 ** (n - a) if not in1a else 0
        return [da, db, dc, dd, transposition(u, v)]

    mate = match(allowed_base, exchange_order)
    pairs = _pairs_of(ctx, mate, remainder)
    if all((bsn[a.id] <= n1) != (bsn[b.id] <= n1) for a, b in pairs):
        # no exchange needed: the transposition digits were those of the original S1
        return pairs
    # the exchange is fixed: S1 = (original S1 - X) + Y; transpositions of the new S2 (D.1)
    new_s1 = set()
    for a, b in pairs:
        new_s1.add(min(a, b, key=lambda p: bsn[p.id]).id)
    s1_sorted = [p for p in remainder if p.id in new_s1]
    new_transposition = _transposition_digits(ctx, new_s1, s1_sorted)

    def allowed(u: PairingPlayer, v: PairingPlayer, kind: int) -> bool:
        if not allowed_base(u, v, kind):
            return False
        if kind == INTERNAL and u.id in rem_ids and v.id in rem_ids:
            return (u.id in new_s1) != (v.id in new_s1)
        if kind == INTERNAL:
            return True
        # members of the new S1 must be paired inside the bracket
        return u.id not in new_s1 and v.id not in new_s1

    def order(u: PairingPlayer, v: PairingPlayer, kind: int) -> list[int]:
        if kind != INTERNAL or u.id not in rem_ids or v.id not in rem_ids:
            return [0]
        return [new_transposition(u, v)]

    mate = match(allowed, order)
    return _pairs_of(ctx, mate, remainder)


def last_bracket_pairs_all(ctx: Bracket, remainder: list[PairingPlayer], n1: int) -> bool:
    """The last bracket (C.4 / [C4] / 2012 A9 asked of the bracket alone: nobody below it,
    no following scoregroup), even, whose remainder is to be paired in full (``n1`` pairs).

    Its graph is the bracket itself with no PAB vertex, so the quality of a remainder
    pairing is the sum of its pairs' rows, as in a bracket that need not complete the round,
    and :func:`order_without_exchange` applies unchanged (docs/dutch.md section 8.5).
    """
    return (ctx.complete and not ctx.rest and not ctx.nxt and len(ctx.players) % 2 == 0
            and 2 * n1 == len(remainder))


def order_without_exchange(ctx: Bracket, remainder: list[PairingPlayer], n1: int,
                           allowed_base: Callable[[PairingPlayer, PairingPlayer, int], bool],
                           reaches: Callable[[list[tuple[PairingPlayer, PairingPlayer]]], bool]
                           | None = None,
                           ) -> list[tuple[PairingPlayer, PairingPlayer]] | None:
    """B.6 when no exchange is needed, without order digits in the weights.

    One matching with the quality criteria alone gives the best quality Q*. A second one,
    on the same weights restricted to pairs of one S1 and one S2 player, tells whether a
    candidate without exchange reaches Q*: if it does, D.2 a (fewest exchanges) chooses such
    a candidate, and D.1 the one whose S2 order comes first. The bipartite matching's duals
    describe all of them at once (complementary slackness: the pairs on tight edges that
    cover every vertex of positive dual), so D.1 is settled by
    :func:`lexicographic_bipartite_matching` with no further weights. Returns None when an
    exchange is needed (or MaxPairs differs from ``n1``): the caller then uses the order
    digits of D.2 and D.1 (docs/dutch.md, "candidates without exchange").

    ``reaches``, when given, certifies Q* instead of the first matching: it tells whether a
    remainder pairing is at a bound that no candidate exceeds (the type bound of the last
    bracket, docs/dutch.md sections 8.3 (b) and 8.5); then only the bipartite matching is
    made, on the pairs ``allowed_base`` keeps.
    """
    rem = {p.id for p in remainder}
    s1 = [p.id for p in remainder[:n1]]
    s1_set = set(s1)
    if reaches is None:
        if ctx.mdp_mate is None and ctx.quality_weights_cache is None:
            # a homogeneous bracket: the players of one absolute colour beyond those who may
            # be paired are in none of the candidates that decide (docs/dutch.md 8.5 (c))
            left_over = one_colour_left_over(ctx, remainder)
            if left_over:
                ctx.quality_weights_cache = dutch_bracket.build(ctx, exclude=left_over)
        ids, weights = quality_weights(ctx)
        ids = [v for v in ids if v in rem]
        if len(ids) < len(rem):  # players left out of the graph (8.5 (c)) are in S2
            if not s1_set.issubset(ids):
                return None
            rem = set(ids)
        weights = {(a, b): w for (a, b), w in weights.items() if a in rem and b in rem}
        if not weights:
            return None
        # Q*: the MDP-pairing's matching is best by quality over the whole bracket, so its
        # pairs inside the remainder are a best remainder pairing (quality adds up pair by
        # pair); a homogeneous bracket needs a matching of its own
        mate = ctx.mdp_mate if ctx.mdp_mate is not None else max_weight_matching(ids, weights)
        best = [(a, b) for a, b in mate.items() if a in rem and b in rem and a < b]
        if len(best) != n1:
            return None
        bip = {(a, b): w for (a, b), w in weights.items()
               if a in rem and b in rem and (a in s1_set) != (b in s1_set)}
    else:
        def across(u: PairingPlayer, v: PairingPlayer, kind: int) -> bool:
            return (kind == INTERNAL and (u.id in s1_set) != (v.id in s1_set)
                    and allowed_base(u, v, kind))

        ids, bip = dutch_bracket.build(ctx, allowed=across,
                                       exclude=frozenset(ctx.in_bracket - rem))
    mate_b, y = max_weight_matching_duals(ids, bip)
    if reaches is None and quality(ctx, mate_b) != quality(
            ctx, dict(best + [(b, a) for a, b in best])):
        return None
    if any(a not in mate_b for a in s1):
        return None
    rank = {p.id: p.rank for p in remainder}
    adj: dict[int, list[int]] = {a: [] for a in s1}
    for (a, b), w in bip.items():
        if y[a] + y[b] == 2 * w:
            left, right = (a, b) if a in s1_set else (b, a)
            adj[left].append(right)
    for lst in adj.values():
        lst.sort(key=rank.__getitem__)
    required = {v for v in rem if v not in s1_set and y[v] > 0}
    chosen = lexicographic_bipartite_matching(
        s1, adj, {a: mate_b[a] for a in s1}, required)
    if chosen is None:  # pragma: no cover - mate_b is such a matching
        return None
    by_id = ctx.by_id
    pairs = [(by_id[a], by_id[chosen[a]]) for a in s1]  # in S1 order, as _pairs_of
    if reaches is not None and not reaches(pairs):
        return None  # no candidate without exchange is at the bound: the digits decide
    return pairs


def quality(ctx: Bracket, mate: dict[int, int]) -> list[int]:
    """Sum of the criteria rows of the bracket pairs of a matching (a vector compared
    lexicographically: the quality of a candidate)."""
    total: list[int] | None = None
    for a, b in mate.items():
        row = ctx.internal_rows.get((a, b))
        if row is None:
            continue  # each pair once: the rows are keyed in the order of the build
        total = row[:] if total is None else [x + y for x, y in zip(total, row, strict=True)]
    return total or []


def _transposition_digits(ctx: Bracket, s1: set[int], s1_sorted: list[PairingPlayer]
                          ) -> Callable[[PairingPlayer, PairingPlayer], int]:
    """D.1: lexicographically smallest S2 order, as digits (S1 position -> S2 rank): the digit
    of the pair u-v. The positions in S1 and the ranks in S2 (among the bracket's players not
    in ``s1``, in A.2 order) are counted once, not for every pair."""
    position = {p.id: i for i, p in enumerate(s1_sorted)}
    s2_rank: dict[int, int] = {}
    below = 0
    for q in sorted(ctx.players, key=lambda q: q.rank):
        s2_rank[q.id] = below  # the players outside s1 ranked before q
        if q.id not in s1:
            below += 1
    m = ctx.size + 1
    top = len(s1_sorted) - 1

    def digit(u: PairingPlayer, v: PairingPlayer) -> int:
        if (u.id in s1) == (v.id in s1):
            return 0
        first, second = (u, v) if u.id in s1 else (v, u)
        return (m - s2_rank[second.id]) * (m + 1) ** (top - position[first.id])

    return digit


def _pairs_of(ctx: Bracket, mate: dict[int, int],
              remainder: list[PairingPlayer]) -> list[tuple[PairingPlayer, PairingPlayer]]:
    out = []
    rem = {p.id for p in remainder}
    for p in remainder:
        q = mate.get(p.id)
        if q is not None and q in rem and p.rank < ctx.by_id[q].rank:
            out.append((p, ctx.by_id[q]))
    return out
