"""Brackets with many floaters whose colour classes fix how many of each class float (issue 26,
the near-miss rounds): the candidate of :mod:`.floating` built with an exact check of the
bracket's own part, and the following bracket's bound counted through the demand of the players
below.

:func:`.floating.many_floaters_bracket` checks its choices with a perfect matching that does not
count the floaters, and its C7 bound assumes every player of N meets a floater; after White won
85-98 % of the games the players below N (L, mostly absolute White preferences) demand partners
from above, the following bracket cannot reach that bound, and the weights decided. Here, with
the same C5 and C6 bounds:

* C8: the number of floaters of each colour class is the same in every pairing at the C8 bound
  (checked: the one split of the cut score's floaters that reaches it), so the bracket's part
  is a perfect matching of its free players and, per class, as many added "float" vertices as
  that class still has floaters, joined to the free players of that class and of the cut score;
  the pairs of equal preferences allowed are those of :func:`.ideal.colour_completable` at that
  bound. Exact: every pairing at the C5, C6 and C8 bounds agreeing with the choices so far is
  such a matching, and every such matching is one of those pairings.
* C7: the following bracket (floaters F and N) has at most ``Q = min(|N|, (|F| + |N| - d) / 2)``
  pairs (``d``: :func:`.weights.demand_below` of L: so many go down; F-F pairs would be more
  pairs in this bracket), each with at most one floater: the bound of its digits is ``Q``
  pairs, the floaters paired from the highest score, ``2Q`` minus those of N. The candidate's
  floaters reach it when a perfect matching of F + N + L exists under restrictions that force
  those counts (:func:`following_bracket_counted`).

Proof in ``docs/burstein.md``, "Near-miss brackets: the floaters counted per colour class".
"""

from __future__ import annotations

from collections import Counter

from ...matching.bitsets import augment_bits, mask_of
from ...matching.gallai import (
    greedy_cover,
    matched_without_pair,
    maximum_matching,
    perfect,
)
from .colours import misses_preference
from .floating import pairs_bound
from .ideal import colour_class, fewest_misses
from .round import BursteinRound
from .weights import demand_below

#: the most ways to split the floaters of several scores per class that :func:`class_split`
#: compares before leaving the bracket to the weights (a bound on the work, not a rule)
MAX_SPLITS = 20000

Kind = tuple[int, int]  # (score, colour class)


def class_split(counts: list[int], pools: list[list[int]], owed: list[int]
                ) -> list[list[int]] | None:
    """The one way to choose, for each score that floats some but not all of its players,
    ``owed`` floaters per class (White, Black, none; at most ``pools`` of each) that leaves the
    fewest pairs of equal preferences among the players ``counts`` who do not float otherwise;
    None when no way, several ways or too many (:data:`MAX_SPLITS`) to compare."""
    options: list[list[list[int]]] = []
    total = 1
    for pool, r in zip(pools, owed, strict=True):
        ways = [[a, b, r - a - b] for a in range(min(pool[0], r) + 1)
                for b in range(min(pool[1], r - a) + 1) if r - a - b <= pool[2]]
        total *= len(ways)
        if not ways or total > MAX_SPLITS:
            return None
        options.append(ways)
    best: int | None = None
    found: list[list[list[int]]] = []

    def walk(k: int, chosen: list[list[int]], left: list[int]) -> None:
        nonlocal best, found
        if k == len(options):
            m = fewest_misses(left)
            if best is None or m < best:
                best, found = m, [list(chosen)]
            elif m == best:
                found.append(list(chosen))
            return
        for way in options[k]:
            walk(k + 1, [*chosen, way], [left[c] - way[c] for c in range(3)])

    walk(0, [], list(counts))
    return found[0] if len(found) == 1 else None


def apart_classes(counts: list[int]) -> dict[int, set[int]]:
    """Per class, the classes its players may not meet at the fewest pairs of equal
    preferences of a set with ``counts`` (:func:`.ideal.colour_completable`'s reading): one
    class outnumbering the two others, everybody else meets one of it; otherwise no two of the
    White or of the Black class meet."""
    w, k, z = counts
    if w >= k + z:
        return {1: {1, 2}, 2: {1, 2}}
    if k >= w + z:
        return {0: {0, 2}, 2: {0, 2}}
    return {0: {0}, 1: {1}}


def _mutually_apart(apart: dict[int, set[int]]) -> list[set[int]]:
    """The sets of classes of :func:`apart_classes` none of whose players may meet one of the
    set: the non-majority classes when one class outnumbers the two others, else White alone
    and Black alone."""
    if all(apart[c] == apart[next(iter(apart))] for c in apart):
        return [set(next(iter(apart.values())))]
    return [{c} for c in apart]


class SplitCompletion:
    """The bracket's part as one perfect-matching question, kept through the construction:
    the free players (not yet paired, not among those who float entirely) and, per kind
    (score, class), the floaters that kind still owes as added vertices joined to its free
    players who may float (``eligible``)."""

    def __init__(self, rnd: BursteinRound, free: list[int], kind: dict[int, Kind],
                 owed: dict[Kind, int], apart: dict[int, set[int]], eligible: set[int]
                 ) -> None:
        first = max(rnd.players) + 1
        self.added: dict[Kind, list[int]] = {}
        for key, count in owed.items():
            self.added[key] = list(range(first, first + count))
            first += count
        by_class = [mask_of(i for i in free if kind[i][1] == c) for c in range(3)]
        added_masks = {key: mask_of(xs) for key, xs in self.added.items()}
        all_added = 0
        for m in added_masks.values():
            all_added |= m
        everyone = mask_of(free) | all_added
        barred: dict[int, int] = {}
        for i in free:
            m = rnd.barred[i] | all_added
            for other in apart.get(kind[i][1], ()):
                m |= by_class[other]
            barred[i] = m & ~added_masks.get(kind[i], 0) if i in eligible else m
        for key, xs in self.added.items():
            own = mask_of(i for i in free if kind[i] == key and i in eligible)
            for x in xs:
                barred[x] = everyone & ~own
        self.barred = barred
        self.among = everyone
        self.kind = kind
        self.mate = maximum_matching(barred, barred)
        # for the counts of :meth:`fails_by_count`: per kind that owes floaters, its added
        # vertices and the players who may take them; per set of classes whose players may
        # not meet each other, its players and added vertices, and the others'
        self.owners = {key: mask_of(i for i in free if kind[i] == key and i in eligible)
                       for key in self.added}
        self.added_masks = added_masks
        self.all_added = all_added
        added_by_class = [mask_of(x for key, xs in self.added.items() if key[1] == c
                                  for x in xs) for c in range(3)]
        self.apart_sets: list[tuple[int, int]] = []  # (players + added of X, of the others)
        for group in _mutually_apart(apart):
            inside = 0
            for c in group:
                inside |= by_class[c] | added_by_class[c]
            self.apart_sets.append((inside, everyone & ~inside))

    def perfect(self) -> bool:
        return len(self.mate) == self.among.bit_count()

    def allowed(self, a: int, b: int) -> bool:
        return not (self.barred[a] >> b) & 1

    def _remove(self, a: int, b: int) -> bool:
        """Take ``a`` and ``b`` (allowed to meet) out, repairing the matching of the rest."""
        mate = matched_without_pair(a, b, self.among, self.barred, self.mate)
        if mate is None:
            return False
        self.mate, self.among = mate, self.among & ~((1 << a) | (1 << b))
        return True

    def partners(self, a: int) -> int:
        """The bit set of the players (and added vertices) ``x`` such that the rest can still
        be completed with ``a`` - ``x`` a pair: with the matching kept (perfect) less ``a``'s
        pair, ``a``'s mate is the only unmatched vertex of the graph without ``a``, and the
        rest without ``x`` has a perfect matching exactly when some maximum matching of that
        graph leaves ``x`` alone (Gallai-Edmonds ``D``): the outer vertices of one search from
        the mate (:func:`~swisspairing.matching.bitsets.augment_bits`). One search instead of
        one per candidate."""
        mate = dict(self.mate)
        m = mate.pop(a)
        del mate[m]
        outer: list[int] = []
        augment_bits(m, self.among & ~(1 << a), self.barred, mate, outer)
        return outer[0] if outer else 0

    def failing_by_count(self, a: int) -> int:
        """The bit set of the players ``b`` for whom the rest cannot be completed with
        ``a`` - ``b`` a pair, by a count (Hall's condition; issue 26: a search that fails costs
        one Edmonds search over the whole bracket, a count a few word operations). Both counts
        only ever say "cannot":

        * the added vertices of a kind meet only the players of that kind who may float, so
          there must be at least as many of those left as added vertices;
        * the players of a set ``X`` of classes that may not meet each other
          (:func:`apart_classes`) meet players of the other classes or, floating, added
          vertices of their kinds, and the others' added vertices meet only the others: with
          ``p(X)``, ``a(X)`` the players and added vertices of ``X`` left,
          ``p(X) - a(X) <= p(other) - a(other)``."""
        rest = self.among & ~(1 << a)
        failing = 0
        for key, owners in self.owners.items():
            left = (rest & owners).bit_count()
            owed = (rest & self.added_masks[key]).bit_count()
            if left < owed:  # already without b
                return rest & ~self.all_added
            if left - 1 < owed:  # b of this kind and able to float: one fewer of them
                failing |= owners
        for inside, outside in self.apart_sets:
            # players minus added vertices on each side, once b (one side or the other) left
            p_in = (rest & inside).bit_count() - 2 * (rest & inside & self.all_added).bit_count()
            p_out = (rest & outside).bit_count() \
                - 2 * (rest & outside & self.all_added).bit_count()
            if p_in - 1 > p_out:  # b of X: X still too many
                failing |= inside
            if p_in > p_out - 1:  # b of the others
                failing |= outside
        return failing & ~self.all_added

    def pair(self, a: int, b: int) -> bool:
        """Whether the rest can still be completed with ``a`` - ``b`` a pair; if so, kept."""
        return not (self.failing_by_count(a) >> b) & 1 and self._remove(a, b)

    def float_unpaired(self, a: int) -> None:
        """``a`` floats, when no free player can be its partner (no ``b`` with the rest still
        completable after ``a`` - ``b``): its mate in the kept perfect matching is then not a
        free player (that one would be such a ``b``), so it is an added vertex of its kind,
        the only other vertices it may meet; ``a`` and that mate leave, and the rest keeps
        its matching. So floating never fails and needs no search (issue 26: before, one
        :meth:`partners` search to pick an added vertex, a twin of the mate)."""
        x = self.mate.pop(a)
        del self.mate[x]
        self.among &= ~((1 << a) | (1 << x))


def floaters_per_score(rnd: BursteinRound, bracket: list[int], p: int, eligible: set[int]
                       ) -> dict[int, int] | None:
    """C6 bound: per score of the bracket, how many of its players float in every bracket
    pairing with ``p`` pairs whose floaters' scores are lowest (3.2, C6: the descending list
    of the floaters' scores, lexicographically), all floaters being of ``eligible``; None when
    it is not known.

    With ``p`` below the bracket's maximum matching, the ``f`` lowest scores of ``eligible``
    (every eligible player below the cut score, the rest of the cut score). With ``p`` its
    maximum matching, the bracket pairings are the maximum matchings of the bracket, whose
    sets of paired players are the bases of the matching matroid: the lexicographically best
    (the most paired of the highest score, then the next...) is found greedily, score by score
    from the highest, each unpaired player trying an augmenting path (which never unpairs
    anybody)."""
    ps = rnd.players
    mate = rnd.matching(bracket)
    floats = len(bracket) - 2 * p
    scores = sorted({ps[i].score for i in bracket}, reverse=True)
    if len(mate) > 2 * p:
        size = Counter(ps[i].score for i in eligible)
        by_score = sorted(ps[i].score for i in eligible)
        if len(by_score) < floats:
            return None
        cut = by_score[floats - 1]
        out = {s: size[s] if s < cut else 0 for s in scores}
        out[cut] = floats - sum(size[s] for s in scores if s < cut)
        return out
    if len(mate) < 2 * p:
        return None
    # each player, score by score from the highest, is taken when some matching covers it
    # and every player taken before (greedy_cover; issue 26, session 9: before, a plain
    # augmenting path from each player, which could cover a lower score for nothing and
    # make a later player of a higher score float)
    taken = greedy_cover([v for s in scores for v in bracket if ps[v].score == s],
                         mask_of(bracket), rnd.barred)
    return {s: sum(1 for v in bracket if ps[v].score == s and not (taken >> v) & 1)
            for s in scores}


def eligible_floaters(rnd: BursteinRound, bracket: list[int], outside: list[int], p: int
                      ) -> set[int]:
    """The players of the bracket who may float in a bracket pairing with ``p`` pairs that
    leaves the round completable (C4). When ``p`` is the completion's bound
    (``2p = n - d``, ``d`` :func:`.weights.demand_below` of everybody below), the ``d``
    floaters meet exactly ``d`` players below (F-F pairs below would be pairs of the bracket),
    one in each of ``d`` odd components of the Gallai-Edmonds ``D`` of the players below: each
    floater may meet a player of ``D``. Otherwise everybody."""
    d, exposable = demand_below(rnd, outside)
    if len(bracket) - 2 * p != d:
        return set(bracket)
    return {i for i in bracket if exposable & ~rnd.barred[i]}


def counted_floaters_bracket(rnd: BursteinRound, bracket: list[int], following: list[int],
                             below: list[int]
                             ) -> tuple[list[tuple[int, int]], list[int]] | None:
    """(pairs in BSN order, floaters) of the candidate described in the module docstring, or
    None when a condition fails (the split of the floaters per class is not unique, a bound is
    not reached): the weights then decide."""
    ps = rnd.players
    n = len(bracket)
    p = pairs_bound(rnd, bracket, following + below)
    if p <= 0 or n - 2 * p <= 1:
        return None
    eligible = eligible_floaters(rnd, bracket, following + below, p)
    per_score = floaters_per_score(rnd, bracket, p, eligible)
    if per_score is None:
        return None
    size = Counter(ps[i].score for i in bracket if i in eligible)
    must_float = {i for i in eligible if per_score[ps[i].score] == size[ps[i].score]}
    partial = [s for s in sorted(per_score, reverse=True) if 0 < per_score[s] < size[s]]
    klass = {i: colour_class(ps[i].preference) for i in bracket}
    kind = {i: (ps[i].score, klass[i]) for i in bracket}
    stay_counts = [0, 0, 0]  # the players who do not float entirely with their score
    pools = {s: [0, 0, 0] for s in partial}
    for i in bracket:
        if i not in must_float:
            stay_counts[klass[i]] += 1
            if ps[i].score in pools and i in eligible:
                pools[ps[i].score][klass[i]] += 1
    split = class_split(stay_counts, [pools[s] for s in partial],
                        [per_score[s] for s in partial])
    if split is None:
        return None
    owed = {(s, c): way[c] for s, way in zip(partial, split, strict=True) for c in range(3)
            if way[c]}
    paired_counts = list(stay_counts)
    for way in split:
        for c in range(3):
            paired_counts[c] -= way[c]
    bound = fewest_misses(paired_counts)
    free = [i for i in bracket if i not in must_float]
    completion = SplitCompletion(rnd, free, kind, owed, apart_classes(paired_counts),
                                 eligible)
    if not completion.perfect():
        return None
    decided: set[int] = set(must_float)
    pairs: list[tuple[int, int]] = []
    floaters: list[int] = []
    misses = 0
    direct_first = True  # try the first candidate directly before searching for all
    for x, a in enumerate(bracket):
        if a in decided:
            if a in must_float:
                floaters.append(a)
            continue
        decided.add(a)
        # 4.3: the highest BSN with whom the rest can still be completed: the allowed ones
        # whose counts do not already fail, the first of them tried directly (usually it can),
        # else one search gives all who can
        may_pair = completion.among & ~completion.barred[a] & \
            ~completion.failing_by_count(a)
        candidates = (b for b in reversed(bracket[x + 1:]) if (may_pair >> b) & 1)
        first = next(candidates, None)
        chosen = None
        if first is not None and direct_first and completion.pair(a, first):
            chosen = first
        elif first is not None:
            # one search gives all who can; a direct try that fails costs as much, so the
            # next step tries directly only when the first candidate could have been taken
            # here (a matter of speed: both give the highest BSN that can)
            partners = completion.partners(a)
            direct_first = bool((partners >> first) & 1)
            chosen = first if direct_first else \
                next((b for b in candidates if (partners >> b) & 1), None)
            if chosen is not None and not completion.pair(a, chosen):  # pragma: no cover
                return None  # partners() says it can
        if chosen is None:  # nobody it may meet: it floats
            completion.float_unpaired(a)
            floaters.append(a)
            continue
        decided.add(chosen)
        pairs.append((a, chosen))
        misses += misses_preference(ps[a], ps[chosen])
    if len(pairs) != p or misses != bound:
        return None
    # who may float in a pairing at the C5, C6 and C8 bounds: a player of a score that floats
    # entirely, or of a kind that owes floaters; with p = nu(B), only players some maximum
    # matching of the bracket leaves alone (Gallai-Edmonds D: the floaters are those a
    # maximum matching of B leaves)
    can_float = mask_of(i for i in eligible if i in must_float or kind[i] in owed)
    deficiency, exposable = demand_below(rnd, bracket)
    if n - deficiency == 2 * p:
        can_float &= exposable
    if not following_bracket_counted(rnd, floaters, following, below, can_float):
        return None
    return pairs, floaters


def following_bracket_counted(rnd: BursteinRound, floaters: list[int], following: list[int],
                              below: list[int], can_float: int) -> bool:
    """C7 and C4 at their bound for ``floaters`` (F): a perfect matching of F + N + L whose
    following bracket has ``Q`` pairs, its floaters paired from the highest score.

    The bound holds for every pairing at the C5 and C6 bounds, whose floaters are among
    ``can_float`` (a bit set: the players below the cut score and of the cut score): with
    ``I`` players of N that may meet none of ``can_float`` nor each other, every pair of the
    following bracket holds a player of N outside ``I`` (a floater meets N; N-N pairs are not
    both of ``I``), so ``Q <= |N| - |I|``; and at least ``d`` players of F + N go down, so
    ``Q <= (|F| + |N| - d) / 2``.

    Restrictions that force those counts: F-F barred (always); floaters of a score the bound
    pairs entirely meet only N, of a score it does not pair at all meet no one of N; when all
    pairs are F-N, N-N barred; when ``Q = |N| - |I|``, the players of N outside ``I`` meet
    neither L nor each other; when ``Q`` is the demand's
    bound, exactly ``d`` players of F + N go into L: L's Gallai-Edmonds ``D`` must be
    independent (each odd component one player), F + N and ``A`` meet only ``D`` in L, ``C``
    meets only ``C``; then ``|D| - |A| = d`` players of F + N go down."""
    ps = rnd.players
    f, nn = len(floaters), len(following)
    d, exposable = demand_below(rnd, below)
    lonely = 0  # I: players of N who may meet no possible floater nor each other
    for v in following:
        if not can_float & ~rnd.barred[v] and not lonely & ~rnd.barred[v]:
            lonely |= 1 << v
    n_free = nn - lonely.bit_count()
    q = min(n_free, (f + nn - d) // 2)
    if q < 0:
        return False
    f_mask, n_mask, l_mask = mask_of(floaters), mask_of(following), mask_of(below)
    barred = {i: rnd.barred[i] for i in [*floaters, *following, *below]}

    def bar(x: int, y: int) -> None:  # every player of bit set x barred from every one of y
        for i in barred:
            if (x >> i) & 1:
                barred[i] |= y
            if (y >> i) & 1:
                barred[i] |= x

    bar(f_mask, f_mask)
    left = q
    paired_f = 0
    for score in sorted({ps[i].score for i in floaters}, reverse=True):
        level = mask_of(i for i in floaters if ps[i].score == score)
        size = level.bit_count()
        take = min(size, left)
        if take == size:
            bar(level, l_mask)  # all of this score meet N
        elif take == 0:
            bar(level, n_mask)  # none of this score meets N
        left -= take
        paired_f += take
    paired_n = 2 * q - paired_f
    if paired_n > nn:
        return False
    if paired_f == q:
        bar(n_mask, n_mask)  # every pair a floater and a player of N
    if q == n_free:  # every player of N outside I in one pair, never two of them together
        bar(n_mask & ~lonely, (n_mask & ~lonely) | l_mask)
    if 2 * q == f + nn - d:  # exactly d go down: L keeps a maximum matching
        if any(exposable & ~rnd.barred[v] & ~(1 << v) for v in below if (exposable >> v) & 1):
            return False  # D not independent: the count is not forced this way
        a_mask = 0
        for v in below:
            if (exposable >> v) & 1:
                a_mask |= l_mask & ~exposable & ~rnd.barred[v]
        c_mask = l_mask & ~exposable & ~a_mask
        bar(f_mask | n_mask, l_mask & ~exposable)
        bar(a_mask, l_mask & ~exposable)
        bar(c_mask, exposable)
    return perfect(barred, barred)
