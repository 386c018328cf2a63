"""Dutch (2012, 2017, 2025): a homogeneous bracket of alike players but for a few exceptions
(``docs/dutch.md`` section 8.17 (b), issue 26: the topscorers' bracket of the last round after
White won every game with an odd field, where earlier PABs left 3 of 251 topscorers with
another history).

Section 8.13 (a) (:func:`.tied.alike_bracket`) asks every player to be alike. Here most players
are alike (:func:`.tied.likeness`) and a few (the *exceptions*) are not. Two alike players'
pair has the same row in every pair (8.13 (a)); when each exception's pair with an alike
player has one row whatever the alike player, a candidate's value depends only on its *fates*:
which exception meets an alike player, which meets which exception, which one is left over.
The fate maps are enumerated; every best candidate has one of those with the best value. For
each of them the first candidate of the generation order with that map (D.2 / 4.3: the
exchange moving the fewest players, then the lowest BSNs; D.1 / 4.2: the first transposition)
is made, and the earliest of these is the answer. When a map has no candidate at its first
exchange and could still come first, None: the matchings decide.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from .cheapest_floaters import Vector, add_rows, first_exchange
from .completing import reaches_lookahead_bound
from .criteria import edge_row
from .ideal import Pairs, first_assignment
from .tied import in_alike_scope, likeness
from .weights import INTERNAL

if TYPE_CHECKING:
    from .bracket import Bracket
    from .players import PairingPlayer

#: at most this many exceptions (the fate maps are enumerated)
MAX_EXCEPTIONS = 4
#: at most this many fate maps tied at the best value (each one's first candidate is made)
MAX_TIED_MAPS = 8
#: an exception's fate: meets an alike player, is left over, or meets the exception of that id
ALIKE, LEFT_OVER = -1, -2


def _fate_maps(exceptions: list[PairingPlayer], alike: int, odd: bool,
               meets: dict[tuple[int, int], bool]) -> list[dict[int, int]]:
    """Every fate map of the exceptions with the most pairs: each exception meets an alike
    player, another exception (``meets``: they may meet) or, at most one and only in an odd
    bracket, is left over; the alike players left pair among themselves, one of them left
    over when the bracket is odd and no exception is."""
    out: list[dict[int, int]] = []

    def place(k: int, fates: dict[int, int]) -> None:
        if k == len(exceptions):
            to_alike = sum(1 for f in fates.values() if f == ALIKE)
            left = sum(1 for f in fates.values() if f == LEFT_OVER)
            rest = alike - to_alike - (1 if odd and not left else 0)
            if rest >= 0 and rest % 2 == 0 and left <= (1 if odd else 0):
                out.append(dict(fates))
            return
        e = exceptions[k]
        if e.id in fates:
            place(k + 1, fates)
            return
        for fate in (ALIKE, LEFT_OVER):
            fates[e.id] = fate
            place(k + 1, fates)
            del fates[e.id]
        for other in exceptions[k + 1:]:
            if other.id not in fates and meets[(e.id, other.id)]:
                fates[e.id], fates[other.id] = other.id, e.id
                place(k + 1, fates)
                del fates[e.id], fates[other.id]

    place(0, {})
    return out


def nearly_alike_bracket(ctx: Bracket) -> tuple[Pairs, list[PairingPlayer]] | None:
    """A homogeneous bracket whose players are alike but for at most :data:`MAX_EXCEPTIONS`
    exceptions, each of whose pairs with an alike player has one criteria row: the first
    candidate of the generation order among the best, or None (docs/dutch.md 8.17 (b)).

    Scope: that of :func:`.tied.alike_bracket` (paired alone, not the odd last bracket; or,
    2025, odd and under [C4] with no player eligible for the PAB when the total is odd,
    verified: the round completes and [C8] at the bound of 8.1). Why: a candidate with the
    most pairs weighs the sum of its pairs' rows (a bracket paired alone; under [C4] the edges
    outside the bracket carry [C4] and [C8] only, judged apart), which is that of its fate
    map: the alike players' pairs all have one row, each exception's pair with an alike
    player one row. Every best candidate has a fate map of the best value; in a candidate of a
    given map the exceptions it leaves over must float, the others must be paired, and only
    the pairs of their fates are allowed; among those candidates the first exchange (D.2 /
    4.3) moves down the S1 players who must float and up as many lowest S2 players who may be
    paired, and the first transposition (D.1 / 4.2) is :func:`.ideal.first_assignment`
    (:func:`_first_candidate`); the earliest over the maps of the best value is the answer."""
    rnd = ctx.rnd
    bracket = ctx.players
    if len(bracket) < 2 or not in_alike_scope(ctx):
        return None
    odd = len(bracket) % 2 == 1
    lower = ctx.rest
    kinds = Counter(likeness(p) for p in bracket)
    like = kinds.most_common(1)[0][0]
    exceptions = [p for p in bracket if likeness(p) != like]
    if not exceptions or len(exceptions) > MAX_EXCEPTIONS or bracket[0].score != like[0]:
        return None
    if any(p.score != like[0] for p in bracket) or like[2] is None:
        return None
    alike = [p for p in bracket if likeness(p) == like]
    if len(alike) < 2 * len(exceptions) + 2:
        return None  # not a bracket of alike players with a few exceptions
    compatible = rnd.compatible
    # the row of a pair of two alike players (the same for every such pair, 8.13 (a))
    alike_row = tuple(edge_row(ctx, alike[0], alike[1], INTERNAL))
    # each exception's pair with an alike player: one row, whoever the alike player
    with_alike: dict[int, Vector] = {}
    for e in exceptions:
        rows = {tuple(edge_row(ctx, e, a, INTERNAL)) for a in alike if compatible(e, a)}
        if len(rows) > 1:
            return None
        if rows:
            with_alike[e.id] = rows.pop()
    meets = {(e.id, f.id): compatible(e, f) for e in exceptions for f in exceptions}
    width = len(alike_row)
    best: Vector | None = None
    best_maps: list[dict[int, int]] = []
    for fates in _fate_maps(exceptions, len(alike), odd, meets):
        if any(f == ALIKE and e not in with_alike for e, f in fates.items()):
            continue  # an exception who may meet no alike player
        value: Vector = (0,) * width
        for e, f in fates.items():
            if f == ALIKE:
                value = add_rows(value, with_alike[e])
            elif f >= 0 and e < f:
                value = add_rows(value, tuple(edge_row(ctx, ctx.by_id[e], ctx.by_id[f], INTERNAL)))
        to_alike = sum(1 for f in fates.values() if f == ALIKE)
        left = any(f == LEFT_OVER for f in fates.values())
        alike_pairs = (len(alike) - to_alike - (1 if odd and not left else 0)) // 2
        value = add_rows(value, alike_row, alike_pairs)
        if best is None or value > best:
            best, best_maps = value, [fates]
        elif value == best:
            best_maps.append(fates)
    if not best_maps or len(best_maps) > MAX_TIED_MAPS:
        return None  # no fate map, or too many with the best value
    n1 = len(bracket) // 2
    firsts = [_first_candidate(ctx, fates) for fates in best_maps]
    found = [first for first in firsts if first is not None]
    if not found:
        return None
    key, chosen = min(found, key=lambda first: first[0])
    for fates, first in zip(best_maps, firsts, strict=True):
        # a map without a candidate at its first exchange: each of its candidates moves down
        # at least its S1 players who must float (first_exchange), so it comes after the
        # chosen one when that is more than the chosen one moves (D.2 a / 4.3.2 rule 1)
        if first is None and sum(1 for p in bracket[:n1]
                                 if fates.get(p.id) == LEFT_OVER) <= key[0]:
            return None
    paired = {p.id for pair in chosen for p in pair}
    floaters = [p for p in bracket if p.id not in paired]
    if lower:
        # 2025 [C4] and [C8] (within [C4]): as in 8.13 (a)
        if not rnd.can_complete([*floaters, *lower]):
            return None
        if ctx.nxt and not reaches_lookahead_bound(ctx, floaters):
            return None
    return chosen, floaters


def _first_candidate(ctx: Bracket, fates: dict[int, int]
                     ) -> tuple[tuple[object, ...], Pairs] | None:
    """The first candidate of the generation order with this fate map, and its place in that
    order (the exchange's D.2 / 4.3 key, then the D.1 / 4.2 partners of the new S1); None
    when the map has no candidate at the first exchange it allows (docs/dutch.md 8.17 (b))."""
    bracket = ctx.players
    compatible = ctx.rnd.compatible

    def must_float(p: PairingPlayer) -> bool:
        return fates.get(p.id) == LEFT_OVER

    def pair_ok(a: PairingPlayer, b: PairingPlayer) -> bool:
        """A pair of the fate map: two alike players, or what an exception's fate says."""
        if not compatible(a, b):
            return False
        fa, fb = fates.get(a.id), fates.get(b.id)
        if fa is None and fb is None:
            return True
        if fa is None or fb is None:
            return (fa if fb is None else fb) == ALIKE
        return fa == b.id

    def left_over_ok(p: PairingPlayer) -> bool:
        return p.id not in fates or must_float(p)

    n1 = len(bracket) // 2
    exchange = first_exchange(bracket, n1, must_float)
    if exchange is None:
        return None
    new_s1, new_s2 = exchange
    chosen = first_assignment(new_s1, new_s2, pair_ok, left_over_ok)
    if chosen is None:
        return None
    bsn = {p.id: k for k, p in enumerate(bracket)}
    down = sorted((bsn[p.id] for p in bracket[:n1] if must_float(p)), reverse=True)
    in_new_s1 = {p.id for p in new_s1}
    up = sorted(bsn[p.id] for p in bracket[n1:] if p.id in in_new_s1)
    # D.2 / 4.3: (a) fewest moved, (b) smallest sum moved up less sum moved down, (c) the
    # largest differing BSN moved down first, (d) the smallest differing BSN moved up first;
    # then D.1 / 4.2: the partners of the new S1 in order
    partner = {a.id: b for a, b in chosen}
    key = (len(down), sum(up) - sum(down), tuple(-b for b in down), tuple(up),
           tuple(bsn[partner[a.id].id] for a in new_s1))
    return key, chosen
