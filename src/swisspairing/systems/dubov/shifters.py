"""The re-composition of G1/G2 (2026 3.2.4 with 4.3; 1997 art. 7.3/7.4 and 6.3, last sentence),
exactly, without walking the candidate splits one by one.

The procedure: the smaller subgroup ``Sm`` (G1 when equal) gives ``e`` players to the larger
``L``, and ``L`` gives ``d + e`` back (``d`` = half the size difference); ``e`` is the fewest
that lets every player of the new G1 get a distinct partner in the new G2 (the split *covers*);
the candidate splits are tried ``e`` first, then the ``e``-sets of ``Sm`` in the shifter order
(``itertools.combinations`` order: 4.1.3, the set holding the smallest differing position
first), then the ``(d + e)``-sets of ``L`` in theirs. 1997 takes the first split that can be
arranged; 2026 the first of those best for C7 (3.2.4: "the first set in the order of 4.3 that
can yield a legal pairing satisfying C7 as well as possible").

Facts (docs/dubov.md, "Re-composition, exactly"):

1. A covering split with ``e`` moves from ``Sm`` is a perfect matching of the bracket with at
   most ``e`` pairs inside ``Sm``; a perfect matching with ``s`` pairs inside ``Sm`` gives a
   covering split with ``e = s`` (move one end of each pair inside ``Sm``, one end of each pair
   inside ``L``; the sizes match). So the fewest ``e`` is the fewest pairs inside ``Sm`` over
   the bracket's legal pairings.
2. With ``e`` the fewest, no covering split pairs a player moved from ``Sm`` with one moved
   from ``L`` (moving both back would cover with ``e - 1``): every pairing of such a split has
   exactly ``d + e`` pairs inside ``L`` and ``e`` inside ``Sm``, all others mixed. A pair of two
   players with the same preference leaves exactly one without it, a mixed pair nobody (5.2.2;
   docs/dubov.md "the lead's reading, checked"), so C7 is ``d + 2e`` for *every* covering
   split: the best for C7 is the first, and both texts take the first covering split.
3. Whether a beginning of the choice (players already taken, players already passed over) can
   still be completed is one matching question: a perfect matching of the bracket in which a
   taken player of ``Sm`` meets only ``Sm`` players not taken, two passed-over ``Sm`` players
   never meet (and the same inside ``L``), with exactly ``e`` pairs inside ``Sm`` (the fewest
   under those bans, a maximum-weight matching; when ``e = 0`` a plain perfect matching with
   the pairs inside ``Sm`` barred). So the first ``e``-set of ``Sm`` and then the first
   ``(d + e)``-set of ``L`` are found position by position: take a candidate when the choice
   can still be completed with it, else pass it over: the lexicographically first set, as the
   unbounded enumeration finds it, with one matching per candidate.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ...matching.bitsets import mask_of
from ...matching.blossom import max_weight_matching
from ...matching.gallai import perfect
from .players import DubovPlayer


def _banned(barred: dict[int, int], pairs: Sequence[tuple[int, int]]) -> dict[int, int]:
    """``barred`` with every player of ``a`` also barred from every player of ``b`` (and back),
    for each ``(a, b)`` bit-set pair."""
    out = dict(barred)
    for a, b in pairs:
        for side, other in ((a, b), (b, a)):
            m = side
            while m:
                low = m & -m
                v = low.bit_length() - 1
                out[v] = out[v] | other
                m ^= low
    return out


def _fewest_inside(ids: list[int], barred: dict[int, int], inside: int) -> int | None:
    """The fewest pairs with both players in ``inside`` (a bit set) over the perfect matchings
    of ``ids`` under ``barred``; None when there is none."""
    if perfect(ids, _banned(barred, [(inside, inside)])):
        return 0  # the players of ``inside`` can all meet players outside it
    n = len(ids)
    big = n + 2
    edges: dict[tuple[int, int], int] = {}
    for x, a in enumerate(ids):
        for b in ids[x + 1:]:
            if not (barred[a] >> b) & 1:
                edges[(a, b)] = big - (((inside >> a) & 1) & ((inside >> b) & 1))
    mate = max_weight_matching(ids, edges)
    if len(mate) < n:
        return None
    return sum(1 for a in ids if (inside >> a) & 1 and (inside >> mate[a]) & 1) // 2


def first_split(ids: list[int], barred: dict[int, int], larger: list[DubovPlayer],
                smaller: list[DubovPlayer], order_l: list[DubovPlayer],
                order_s: list[DubovPlayer]
                ) -> tuple[tuple[DubovPlayer, ...], tuple[DubovPlayer, ...]] | None:
    """The players moved out of the smaller and out of the larger subgroup (2026 3.2.4.1 and
    3.2.4.2 with 4.3; 1997 art. 6.3, 7.3/7.4): the first covering split in the procedure's
    order, fewest moves first (module docstring); None when the bracket cannot be paired."""
    big_mask, small_mask = mask_of(p.id for p in larger), mask_of(p.id for p in smaller)
    d = (len(larger) - len(smaller)) // 2
    e = _fewest_inside(ids, barred, small_mask)
    if e is None:
        return None

    def first_set(order: list[DubovPlayer], size: int,
                  completes: Callable[[int, int], bool]) -> tuple[DubovPlayer, ...]:
        taken, passed = 0, 0
        chosen: list[DubovPlayer] = []
        for pos, p in enumerate(order):
            if len(chosen) == size:
                break
            if len(order) - pos == size - len(chosen):
                chosen.extend(order[pos:])  # every candidate left is needed
                break
            bit = 1 << p.id
            if completes(taken | bit, passed):
                taken |= bit
                chosen.append(p)
            else:
                passed |= bit
        return tuple(chosen)

    def small_completes(taken: int, passed: int) -> bool:
        # taken players of Sm meet only Sm players not taken; passed ones never meet each other
        bans = [(taken, taken), (taken, big_mask), (passed, passed)]
        return _fewest_inside(ids, _banned(barred, bans), small_mask) == e

    out_s = first_set(order_s, e, small_completes) if e else ()
    moved_s = mask_of(p.id for p in out_s)
    stay_s = small_mask & ~moved_s
    # the split of Sm fixed: its moved players meet only its staying ones, which never meet
    # each other; so exactly e pairs inside Sm, and d + e inside L
    fixed = _banned(barred, [(moved_s, moved_s), (moved_s, big_mask), (stay_s, stay_s)])

    def large_completes(taken: int, passed: int) -> bool:
        bans = [(taken, taken), (taken, small_mask), (passed, passed)]
        return perfect(ids, _banned(fixed, bans))

    out_l = first_set(order_l, d + e, large_completes)
    return out_s, out_l
