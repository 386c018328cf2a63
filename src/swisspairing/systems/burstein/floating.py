"""Brackets that must let several players float: the ideal candidate of :mod:`.ideal`
generalised to any number of floaters, and the bracket in which nobody may meet anybody.

After White won (almost) every game, a bracket holds players with the same absolute colour
preference (C3: they may not meet) and everybody below needs opponents from it (C4): dozens or
hundreds of players float, and :func:`.ideal.ideal_bracket` (at most one floater) hands the
bracket to the weighted matching over everybody below (:mod:`.weights`), O(n^3) on long
integers. Both shortcuts here give the weights' pairing, proved in ``docs/burstein.md`` ("Brackets
with many floaters"):

* C5 bound 0 (:func:`pairs_bound`; e.g. no two players of the bracket may meet: C1, C3,
  forbidden pairs): the only bracket pairing (3.2.1) is every player floating, and the rest of
  the round can be completed (C4) since the players left are those that could be before the
  bracket (:mod:`.bracket`).
* :func:`many_floaters_bracket`: bounds of C5, C6 and C8 that hold for every bracket pairing,
  and a candidate built in the order of 4.3 under conditions every pairing reaching the bounds
  meets at every step; when the candidate reaches the bounds (C7 and C4 checked by matchings),
  it is the first optimum in the order of 4.3, as for :func:`.ideal.ideal_bracket`.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from ...matching.bitsets import augment_bits, mask_of
from ...matching.gallai import matched_without_pair, maximum_matching, perfect
from .colours import misses_preference
from .ideal import colour_class, colour_completable, following_bracket_ideal
from .round import BursteinRound


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


class RestrictedCompletion:
    """C4 and C7 at their bounds as one perfect-matching question, kept through the
    construction of :func:`many_floaters_bracket`: a necessary condition of every pairing that
    reaches the bounds and agrees with the choices made so far.

    Such a pairing, with its completion at the C7 bound, is a perfect matching of the players
    not yet paired (the bracket's undecided players, its floaters, N and below) in which: a
    bracket player who may not float (above the cut score, C6) meets only undecided bracket
    players; a floater (decided, or of score below the cut: C6 makes him float) meets nobody
    of the bracket; when the C8 bound is 0, no two bracket players of the same preference
    meet (each such pair misses one, 5.2); and the floaters' edges downwards are those of
    :func:`following_bracket_reached`: with ``f >= |N|``, N meets only floaters, floaters above
    the score ``c`` meet only N, below ``c`` only players below N; with ``f < |N|``, floaters
    meet only N. The matching is kept and repaired by augmenting paths after each choice."""

    def __init__(self, rnd: BursteinRound, bracket: list[int], following: list[int],
                 below: list[int], floaters: set[int], can_float: set[int],
                 floater_scores: list[int], klass: dict[int, int] | None = None) -> None:
        ps = rnd.players
        n_mask = mask_of(following)
        l_mask = mask_of(below)
        b_mask = mask_of(bracket)
        # the groups, and which groups may not meet which (a symmetric relation)
        fixed = mask_of(i for i in bracket if i not in can_float)
        high = low = 0
        apart: list[tuple[int, int]] = [(fixed, n_mask | l_mask)]
        if following and len(floater_scores) >= len(following):
            c = sorted(floater_scores, reverse=True)[len(following) - 1]
            high = mask_of(i for i in can_float if ps[i].score > c)
            low = mask_of(i for i in can_float if ps[i].score < c)
            apart += [(n_mask, n_mask | l_mask | low), (high, l_mask)]
        elif following:
            apart.append((mask_of(can_float), l_mask))
        if klass is not None:  # the C8 bound is 0: no two equal preferences meet in B
            for c in (0, 1):
                same = mask_of(i for i in bracket if klass[i] == c)
                apart.append((same, same))
        barred: dict[int, int] = {}
        for i in [*bracket, *following, *below]:
            m = rnd.barred[i]
            bit = 1 << i
            for x, y in apart:
                if x & bit:
                    m |= y
                if y & bit:
                    m |= x
            barred[i] = m
        self.base = barred
        self.floated = mask_of(floaters)
        for i in floaters:
            barred[i] |= b_mask
        self.bracket_mask = b_mask
        self.barred = _WithFloaters(self)
        self.among = mask_of(barred)
        self.mate = maximum_matching(barred, self.barred)

    def perfect(self) -> bool:
        return len(self.mate) == self.among.bit_count()

    def pair(self, a: int, b: int) -> bool:
        """Whether the rest can still be completed with ``a`` - ``b`` a pair; if so, kept."""
        mate = matched_without_pair(a, b, self.among, self.barred, self.mate)  # type: ignore[arg-type]
        if mate is None:
            return False
        self.mate, self.among = mate, self.among & ~((1 << a) | (1 << b))
        return True

    def float(self, a: int) -> bool:
        """Whether the rest can still be completed with ``a`` floating (it meets nobody of
        the bracket any more); if so, kept."""
        self.base[a] |= self.bracket_mask
        self.floated |= 1 << a
        m = self.mate[a]
        if (self.bracket_mask >> m) & 1:
            del self.mate[a], self.mate[m]
            for x in (a, m):
                if x not in self.mate and not augment_bits(x, self.among, self.barred,
                                                           self.mate):
                    return False
        return True


class _WithFloaters(Mapping[int, int]):
    """The barred sets of :class:`RestrictedCompletion`, a bracket player's with the floaters
    chosen so far (kept symmetric without rewriting every bracket player's set)."""

    def __init__(self, owner: RestrictedCompletion) -> None:
        self.owner = owner

    def __getitem__(self, v: int) -> int:
        o = self.owner
        m = o.base[v]
        return m | o.floated if (o.bracket_mask >> v) & 1 else m

    def __iter__(self) -> Iterator[int]:
        return iter(self.owner.base)

    def __len__(self) -> int:
        return len(self.owner.base)


def many_floaters_bracket(rnd: BursteinRound, bracket: list[int], following: list[int],
                          below: list[int]) -> tuple[list[tuple[int, int]], list[int]] | None:
    """(pairs in BSN order, floaters) of the ideal candidate with any number of floaters, or
    None when it does not reach every bound (the weights then decide).

    Bounds (each holds for every bracket pairing compared at that criterion):

    * C5: ``p`` = :func:`pairs_bound`, so ``f = n - 2p`` floaters at least;
    * C6: with ``f`` floaters, their scores in descending order are at least those of the
      ``f`` lowest of the bracket: every player below the cut score ``s`` floats, ``r`` of
      score ``s``, nobody above;
    * C7: :func:`following_bracket_reached` (its members' scores are fixed by C6);
    * C8: :func:`fewest_misses_removing` of the bracket without the players below ``s``, ``r``
      of score ``s`` removed.

    Built in the order of 4.3 (BSN 1 first, each with the highest BSN it may meet, floating -
    BSN 0 - last), each choice kept only if, with it, the players of score below ``s`` still
    all float, at most ``r`` of score ``s`` do, the C8 bound can still be reached (colour
    counts; once every floater is chosen, :func:`colour_completable` on the players left), and
    the :class:`RestrictedCompletion` (C4 with C7 at its bound) still exists. Proof in
    ``docs/burstein.md``, "Brackets with many floaters"."""
    ps = rnd.players
    n = len(bracket)
    p = pairs_bound(rnd, bracket, following + below)
    floats = n - 2 * p
    if p <= 0 or floats <= 1:
        return None  # no pair (everybody floats: .bracket) or the single-floater case
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
    completion = RestrictedCompletion(rnd, bracket, following, below, must_float,
                                      must_float | at_cut, by_score[:floats],
                                      klass if bound == 0 else None)
    if not completion.perfect():
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
            # the colour counts depend on b only through its class and whether it has the
            # cut score: one answer per kind while a looks for a partner
            counted: dict[tuple[int, bool], bool] = {}
            for b in reversed(bracket[x + 1:]):  # 4.3: the highest BSN first
                if b not in free or b in must_float or not compatible(a, b):
                    continue
                kind = (klass[b], b in at_cut)
                if counted.get(kind) is False:
                    continue
                miss = misses_preference(ps[a], ps[b])
                take(b)
                rest = fewest_misses_removing(paired_counts, pool, r_left)
                counted[kind] = rest is not None and misses + miss + rest <= bound
                if counted[kind] and (r_left or colour_completable(
                        rnd, free - must_float, klass, paired_counts)) \
                        and completion.pair(a, b):
                    chosen, misses = b, misses + miss
                    break
                give_back(b)
        if chosen is not None:
            pairs.append((a, chosen))
            continue
        # a floats (BSN 0, last in 4.3): only below the cut score, or r of the cut score (C6)
        if a in at_cut:
            if not r_left or not completion.float(a):
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
    if not following_bracket_reached(rnd, floaters, following, below):
        return None
    return pairs, floaters


def following_bracket_reached(rnd: BursteinRound, floaters: list[int], following: list[int],
                              below: list[int]) -> bool:
    """C7 and C4 at their bounds for ``floaters`` (the bracket having reached its C5 bound, no
    two floaters meet in any completion: that would be one more pair in the bracket).

    The following bracket's pairs are floater-N (``x``) or N-N (``y``) with ``x + 2y <= |N|``
    and ``x <= f``: at most ``min(|N|, (f + |N|) // 2)``. With ``f < |N|`` that is all its
    members paired (but one of N's score when odd): :func:`.ideal.following_bracket_ideal`.
    With ``f >= |N|`` every pair is a floater and a player of N, all of N paired; its C6
    (paired members per score, highest first) is at best the ``|N|`` highest scores of the
    floaters: those above the ``|N|``-th highest score ``c`` meet N, those below ``c`` go down,
    the rest of N meets floaters of score ``c``. Reached exactly when everybody from the
    floaters down has a perfect matching under those restrictions (N-N, N-below, floater-floater
    barred; floaters above ``c`` only with N, below ``c`` only further down)."""
    if len(floaters) < len(following):
        return following_bracket_ideal(rnd, floaters, following, below)
    if not following:
        return rnd.completable(floaters + below)
    ps = rnd.players
    c = sorted((ps[i].score for i in floaters), reverse=True)[len(following) - 1]
    n_mask = sum(1 << i for i in following)
    f_mask = sum(1 << i for i in floaters)
    l_mask = sum(1 << i for i in below)
    high = sum(1 << i for i in floaters if ps[i].score > c)  # they meet N
    low = sum(1 << i for i in floaters if ps[i].score < c)  # they go down
    barred = dict(rnd.barred)  # kept symmetric
    for i in following:
        barred[i] |= n_mask | l_mask | low
    for i in floaters:
        barred[i] |= f_mask | (l_mask if (high >> i) & 1 else 0) | (
            n_mask if (low >> i) & 1 else 0)
    for i in below:
        barred[i] |= n_mask | high
    return perfect(floaters + following + below, barred)
