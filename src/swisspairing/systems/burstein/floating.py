"""Brackets that must let several players float: the ideal candidate of :mod:`.ideal`
generalised to any number of floaters, and the bracket in which nobody may meet anybody.

After White won (almost) every game, a bracket holds players with the same absolute colour
preference (C3: they may not meet) and everybody below needs opponents from it (C4): dozens or
hundreds of players float, and :func:`.ideal.ideal_bracket` (at most one floater) hands the
bracket to the weighted matching over everybody below (:mod:`.weights`), O(n^3) on long
integers. Both shortcuts here give the weights' pairing, proved in ``docs/burstein.md`` ("Brackets
with many floaters"):

* :func:`edgeless_bracket`: no two players of the bracket may meet (C1, C3, forbidden pairs),
  so the only bracket pairing (3.2.1) is every player floating; the rest of the round can be
  completed (C4) since the players left are those that could be before the bracket.
* :func:`many_floaters_bracket`: bounds of C5, C6 and C8 that hold for every bracket pairing,
  and a candidate built in the order of 4.3 under conditions every pairing reaching the bounds
  meets at every step; when the candidate reaches the bounds (C7 and C4 checked by matchings),
  it is the first optimum in the order of 4.3, as for :func:`.ideal.ideal_bracket`.
"""

from __future__ import annotations

from .colours import misses_preference
from .ideal import colour_class, colour_completable, following_bracket_ideal
from .round import BursteinRound


def edgeless_bracket(rnd: BursteinRound, bracket: list[int]) -> bool:
    """Whether no two players of ``bracket`` may meet (C1, C3, forbidden pairs): then the one
    bracket pairing is 0 pairs, everybody floating (3.2.1, 4.2)."""
    among = 0
    for i in bracket:
        among |= 1 << i
    barred = rnd.barred
    return all(not (among & ~barred[i]) for i in bracket)


def pairs_bound(rnd: BursteinRound, bracket: list[int], outside: list[int]) -> int:
    """C5 (with C4): an upper bound of the pairs of any bracket pairing that leaves the round
    completable. A bracket pairing is a matching of the bracket: at most its maximum matching
    ``nu(B)``. And in a completion of everybody, the players below that cannot be paired among
    themselves (``len(outside) - 2 nu(outside)`` at least) all meet players of the bracket,
    who are then not paired in it: at most ``(n - that) / 2`` pairs."""
    in_bracket = len(rnd.matching(bracket)) // 2
    deficiency = len(outside) - len(rnd.matching(outside))
    return min(in_bracket, (len(bracket) - deficiency) // 2)


def fewest_misses_removing(counts: list[int], pool: list[int], r: int) -> int | None:
    """C8 bound for the players of ``counts`` (White, Black, none) once ``r`` of them, taken
    from ``pool`` (per class, the players who may be among them), float: the least
    :func:`fewest_misses` over every way to choose them; None when the pool has fewer than
    ``r``.

    With ``T`` players left, :func:`fewest_misses` is ``max(2 max(w, k) - T, 0) // 2``: it
    depends only on ``M = max(w, k)`` left, which never grows when a White or Black player
    floats instead of one without preference; so as many as possible of the floaters come
    from the White and Black pool, ``s = min(r, pool_w + pool_b)``, ``a`` White and ``s - a``
    Black. ``max(W - a, K - s + a)`` is the maximum of a decreasing and an increasing function
    of ``a``: on the integers of the allowed interval its least value is at the interval's
    point nearest the crossing ``(s + W - K) / 2``, rounded down or up."""
    if r < 0 or sum(pool) < r:
        return None
    w, k, z = counts
    left = w + k + z - r
    s = min(r, pool[0] + pool[1])
    low, high = max(0, s - pool[1]), min(pool[0], s)
    most = None
    for a in ((s + w - k) // 2, (s + w - k + 1) // 2):
        a = min(max(a, low), high)
        m = max(w - a, k - (s - a))
        most = m if most is None else min(most, m)
    assert most is not None
    return max(2 * most - left, 0) // 2


def many_floaters_bracket(rnd: BursteinRound, bracket: list[int], following: list[int],
                          below: list[int]) -> tuple[list[tuple[int, int]], list[int]] | None:
    """(pairs in BSN order, floaters) of the ideal candidate with any number of floaters, or
    None when it does not reach every bound (the weights then decide).

    Bounds (each holds for every bracket pairing compared at that criterion):

    * C5: ``p`` = :func:`pairs_bound`, so ``f = n - 2p`` floaters at least;
    * C6: with ``f`` floaters, their scores in descending order are at least those of the
      ``f`` lowest of the bracket: every player below the cut score ``s`` floats, ``r`` of
      score ``s``, nobody above;
    * C7: the following bracket (floaters + N) pairs all (or all but one of its lowest score);
      its members are fixed by C6 up to who of score ``s`` floats, and their scores are;
    * C8: :func:`fewest_misses_removing` of the bracket without the players below ``s``, ``r``
      of score ``s`` removed.

    Built in the order of 4.3 (BSN 1 first, each with the highest BSN it may meet, floating -
    BSN 0 - last), each choice kept only if, with it, the players of score below ``s`` still
    all float, at most ``r`` of score ``s`` do, and the C8 bound can still be reached (colour
    counts; once every floater is chosen, :func:`colour_completable` on the players left)."""
    ps = rnd.players
    n = len(bracket)
    p = pairs_bound(rnd, bracket, following + below)
    floats = n - 2 * p
    if p <= 0 or floats <= 1:
        return None  # no pair (edgeless_bracket) or the single-floater candidate's case
    by_score = sorted(ps[i].score for i in bracket)
    cut = by_score[floats - 1]
    must_float = {i for i in bracket if ps[i].score < cut}
    at_cut = {i for i in bracket if ps[i].score == cut}
    r_left = floats - len(must_float)
    klass = {i: colour_class(ps[i].preference) for i in bracket}
    paired_counts = [0, 0, 0]  # the free players who do not have to float
    pool = [0, 0, 0]  # the free players of the cut score
    for i in bracket:
        if i not in must_float:
            paired_counts[klass[i]] += 1
        if i in at_cut:
            pool[klass[i]] += 1
    bound = fewest_misses_removing(paired_counts, pool, r_left)
    if bound is None:
        return None
    misses = 0
    free = set(bracket)
    pairs: list[tuple[int, int]] = []
    floaters: list[int] = []
    compatible = rnd.compatible

    def take(i: int) -> None:
        free.discard(i)
        if i not in must_float:
            paired_counts[klass[i]] -= 1
        if i in at_cut:
            pool[klass[i]] -= 1

    def give_back(i: int) -> None:
        free.add(i)
        if i not in must_float:
            paired_counts[klass[i]] += 1
        if i in at_cut:
            pool[klass[i]] += 1

    for x, a in enumerate(bracket):
        if a not in free:
            continue
        take(a)
        chosen = None
        if a not in must_float:
            for b in reversed(bracket[x + 1:]):  # 4.3: the highest BSN first
                if b not in free or b in must_float or not compatible(a, b):
                    continue
                miss = misses_preference(ps[a], ps[b])
                take(b)
                rest = fewest_misses_removing(paired_counts, pool, r_left)
                if rest is not None and misses + miss + rest <= bound and (
                        r_left or colour_completable(
                            rnd, free - must_float, klass, paired_counts)):
                    chosen, misses = b, misses + miss
                    break
                give_back(b)
        if chosen is not None:
            pairs.append((a, chosen))
            continue
        # a floats (BSN 0, last in 4.3): only below the cut score, or r of the cut score (C6)
        if a in at_cut:
            if not r_left:
                return None
            r_left -= 1
        elif a not in must_float:
            return None
        rest = fewest_misses_removing(paired_counts, pool, r_left)
        if rest is None or misses + rest > bound:
            return None
        floaters.append(a)
    if len(pairs) != p or misses != bound:
        return None
    if not following_bracket_ideal(rnd, floaters, following, below):
        return None
    return pairs, floaters
