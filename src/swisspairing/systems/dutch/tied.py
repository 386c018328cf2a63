"""Dutch (2012, 2017, 2025): brackets whose candidates left by the higher criteria all tie on
every lower one, so that the generation order alone decides (issue 26: the last round after
White won every game, ``benchmarks/bad_rounds.py --scenarios last-round-ww``).

Two shapes, each proved in ``docs/dutch.md`` section 8.13:

* :func:`alike_bracket`: a homogeneous bracket whose players are all alike (one score, one
  colour history, the same preference, floats and topscorer flag; the topscorers of the last
  round). Every pair then gets the same colours by E.1-E.5 (the higher-ranked player his
  preference, E.4) and costs the same on every criterion, and so does the player left over of
  an odd bracket, so every candidate with the most pairs ties (but for the look-ahead and
  completion, judged apart), and D.2/D.1 take the first assignment of S1 into S2.
* :func:`colour_split_completing`: a homogeneous bracket that must complete the round (2017 and
  2012 PPB, 2025 [C4]) whose colour bound is zero. Every pair of a candidate at that bound
  holds one player preferring White and one preferring Black, so the candidates left float the
  same number of players of each preference; when the players preferring one colour share
  their earlier floats, every float criterion is the same in all of them and the first one at
  the colour bound (the greedy of section 8.1 without the float tests) is the answer.

Anything outside these scopes returns None and the other shortcuts or the matchings decide.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from ...model import Colour
from .completing import (
    _choose,
    first_free_assignment,
    mdp_pairing_colour_bound,
    most_pairs,
    reaches_lookahead_bound,
    removal_colour_bound,
    residents_who_may_float,
)
from .ideal import Pairs, colour_class, first_assignment, ideal_downfloater

if TYPE_CHECKING:
    from .bracket import Bracket
    from .players import PairingPlayer


def likeness(p: PairingPlayer) -> tuple[object, ...]:
    """What the criteria and the colour allocation of a pair inside one scoregroup see of a
    player besides his opponents (C.1): score, colour history (E.3 / 5.2.3 compare the
    histories; C.8/C.9 / [C10]/[C11] the colour difference and the last two colours),
    preference and its strength (E.1, E.2 / 5.2.1, 5.2.2; C.10/C.11 / [C12]/[C13]; 2012 B2,
    A7.d, X, Z), the earlier floats (C.12-C.19 / [C14]-[C21]; 2012 B5/B6) and the topscorer
    flag (A.7 / 1.8)."""
    return (p.score, p.colours, p.pref, p.strength, p.cd, p.float1, p.float2, p.topscorer)


def in_alike_scope(ctx: Bracket) -> bool:
    """The scope of 8.13 (a) (:func:`alike_bracket`) and 8.17 (b)
    (:func:`.nearly_alike.nearly_alike_bracket`): a homogeneous bracket paired alone (its
    look-ahead is the caller's), not the odd last bracket (its player left over gets the PAB:
    C.2 / [C2], [C9] judge him); or, 2025, an odd bracket under [C4] that floats one player to
    the lower ones, none of the bracket eligible for the PAB when the total is odd ([C9])."""
    bracket = ctx.players
    if ctx.mdp_ids or not bracket:
        return False
    odd = len(bracket) % 2 == 1
    lower = ctx.rest
    if lower is not None and not (odd and lower and ctx.rnd.rules.edition >= 2025):
        # completing: only the odd bracket that floats one player to the others, 2025 (the
        # argument holds for the 2017/2012 PPB too, but no generated round reached it there)
        return False
    if ctx.nxt and lower is None:
        return False  # the look-ahead of a bracket paired alone is the caller's
    if odd and ctx.complete and not lower:
        return False  # the last bracket: its player left over gets the PAB
    # [C9] judges a bracket that downfloats one player, who gets the PAB
    return not (odd and lower and ctx.rnd.rules.edition >= 2025
                and (len(bracket) + len(lower)) % 2 and any(p.bye_ok for p in bracket))


def alike_bracket(ctx: Bracket) -> tuple[Pairs, list[PairingPlayer]] | None:
    """A homogeneous bracket whose players are all alike (:func:`likeness`) and have a colour
    preference: the first candidate of D.1 (the first assignment of S1 into S2 by allowed
    pairs, C.1, C.3) among those with the most pairs, or None when there is none
    (docs/dutch.md section 8.13 (a)).

    Scope: paired alone (no following scoregroup in its graph), even or odd; or, 2025, odd
    and under [C4] (every lower player in its graph), the player left over then one who lets
    the lower players complete the round, the [C8] bound checked, and none of the bracket
    eligible for the PAB ([C9]). Not the last bracket when odd (its player left over gets the
    PAB: C.2 / [C2], [C9] judge him).

    Why: in a pair of two alike players E.1 (both preferences: the same one) and E.2 (the
    same strength; both absolute: the same colour difference) decide nothing, nor E.3 (the same
    history: no round where the colours differed); E.4 (2025 5.2.4, 2012 E4) gives the
    higher-ranked player his preference and the other the opposite colour. So every pair costs
    the same on every criterion: C.8-C.11 / [C10]-[C13] (2012 B2, A7.d, X, Z) count the lower
    player of the pair, whose history and colour are the same in every pair; no pair floats
    anybody (one score), and the player left over of an odd bracket costs the same whoever he
    is (C.6 / [C7], C.12-C.19 / [C14]-[C21]; 2012 B3, B5/B6). A candidate with the most pairs
    therefore has the same value of every criterion as any other, but for the look-ahead
    (C.7 / [C8], 2012 C1/C12: judged by the caller for a bracket paired alone, here for one
    completing the round) and completion (C.4 / [C4]) when a player is left over: B.8 (2025
    3.4, 2012 C9) takes the first generated, a candidate without exchange if one exists
    (D.2 / 4.3), the first transposition of S2 (D.1 / 4.2)."""
    rnd = ctx.rnd
    bracket = ctx.players
    if not in_alike_scope(ctx):
        return None
    lower = ctx.rest
    like = likeness(bracket[0])
    if bracket[0].pref is None or any(likeness(p) != like for p in bracket):
        return None
    if lower:
        verdict: dict[int, bool] = {}

        def left_over_ok(p: PairingPlayer) -> bool:
            """C.4 / [C4]: the lower players and ``p`` can all be paired."""
            ok = verdict.get(p.id)
            if ok is None:
                ok = verdict[p.id] = rnd.can_complete([p, *lower])
            return ok
    else:
        def left_over_ok(p: PairingPlayer) -> bool:
            return True
    half = len(bracket) // 2
    chosen = first_assignment(bracket[:half], bracket[half:], rnd.compatible, left_over_ok)
    if chosen is None:
        return None
    paired = {p.id for pair in chosen for p in pair}
    floaters = [p for p in bracket if p.id not in paired]
    # 2025 [C8] (within [C4]): the look-ahead bound of section 8.1
    if lower and ctx.nxt and not reaches_lookahead_bound(ctx, floaters):
        return None
    return chosen, floaters


def colour_split_completing(ctx: Bracket) -> tuple[Pairs, list[PairingPlayer]] | None:
    """A homogeneous bracket that must complete the round (2017 A.9 PPB, 2012 A9 PPB, 2025
    [C4]; every lower player in its graph) whose players share one score and all prefer a
    colour, when its colour bound is zero and the players preferring the same colour share
    their earlier floats: the first candidate without exchange at the bounds, or None
    (docs/dutch.md section 8.13 (b)).

    Why: with ``most`` pairs (:func:`~.completing.most_pairs`, C.4 then C.5 / [C4] then [C6])
    and no preference missed (C.10 / [C12]; 2012 X), each pair holds one player preferring
    White and one preferring Black (E.1: a pair of two players preferring the same colour
    misses one). So every candidate left pairs ``most`` of each and floats the others: the same
    number of each preference, hence of each earlier float; C.12-C.19 / [C14]-[C21] (2012
    B5/B6: the downfloaters who floated down before, their score differences, all of one
    score; no MDP, so no upfloater) sum the same terms in all of them. The greedy of section
    8.1 without its float tests then returns the first of them (B.8, D.2 / 4.3 no exchange
    first, D.1 / 4.2), verified: colour bound reached, the round completes, [C8] at its bound."""
    rnd = ctx.rnd
    lower = ctx.rest
    if not lower or ctx.mdp_ids:
        return None
    bracket = ctx.players
    score = bracket[0].score
    if any(p.score != score or p.pref is None for p in bracket):
        return None
    # the players preferring one colour share their earlier floats (C.12-C.19 / [C14]-[C21])
    floats: dict[Colour, tuple[object, object]] = {}
    for p in bracket:
        if floats.setdefault(p.pref, (p.float1, p.float2)) != (p.float1, p.float2):
            return None
    most = most_pairs(bracket, [], bracket, lower)
    floating = len(bracket) - 2 * most
    if most <= 0:
        return None
    if (len(bracket) + len(lower)) % 2 and rnd.rules.edition >= 2025 and floating == 1:
        return None  # [C9] judges a bracket that downfloats one player, who gets the PAB
    classes = Counter(colour_class(p) for p in bracket)
    if removal_colour_bound(classes, classes, 2 * most, floating) != (0, 0):
        return None
    # who may float: the pigeonhole of [C4] when the lower players need exactly `floating`
    # opponents (each downfloater must be able to meet one of them); the float criteria are
    # the same in every candidate left, so ideal_downfloater is not asked
    pigeonhole = residents_who_may_float(ctx, lower, floating, floats_fixed=True)

    def may_float(p: PairingPlayer) -> bool:
        return pigeonhole is ideal_downfloater or pigeonhole(p)

    s1, s2 = bracket[:most], bracket[most:]
    must_pair = sum(1 for p in s2 if not may_float(p))
    found = _choose(ctx, s1, s2, (0, 0), (0, 0), must_pair, 0, mdp_pairing_colour_bound,
                    may_float)
    if found is None:
        # the exact search among the pairs missing nothing (D.1: the lexicographically first)
        found = first_free_assignment(ctx, s1, s2, may_float, (0, 0))
    if found is None:
        return None
    pairs, spent, floaters = found
    if spent != (0, 0) or not rnd.can_complete(floaters + lower):
        return None
    # 2025 [C8] (within [C4]): as in section 8.1
    if ctx.nxt and not reaches_lookahead_bound(ctx, floaters):
        return None
    return pairs, floaters
