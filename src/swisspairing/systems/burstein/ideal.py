"""The ideal candidate of a bracket: the pairing of :mod:`.weights` without the matching.

Every criterion of :mod:`.criteria` before the order of 4.3 has an upper bound that needs no
search:

* C4/C5: ``n // 2`` pairs in a bracket of ``n`` players, everyone below still pairable;
* C6: every player paired but, when ``n`` is odd, one of the lowest score of the bracket;
* C7: the following bracket (that floater and the next scoregroup N) all paired among
  themselves but, when it is odd, one player of its lowest score, who goes down with the
  rest, all of whom can still be paired;
* C8: as few pairs with two equal preferences as the colour classes allow: with ``w``
  players who want White, ``k`` Black and ``z`` without preference (1.5.4, each pair with
  one of those is granted), a set of even size has at least ``max(w - k - z, k - w - z, 0) / 2``
  such pairs.

The candidate is built in the order of 4.3 (BSN 1 first, each with the highest BSN it may
meet, 4.3), each choice kept only if the C5, C6 and C8 bounds can still be reached: by the
colour counts, and once the floater is known (or the bracket is even) by a matching of the
players left in which each meets a player it may meet at the colour minimum
(:func:`colour_completable`) - conditions every pairing that reaches them meets at every step.
If the candidate then reaches every bound, including C7 and C4 checked by matchings, it is the
pairing the weights would choose: every pairing reaching the bounds is an optimum, and none
comes earlier in the order of 4.3 (a pairing earlier than the candidate would differ first at
a BSN to which the construction gave a lower opponent, although the higher one met every
condition). Otherwise :func:`ideal_bracket` answers None and the weights decide.
"""

from __future__ import annotations

from ...matching.bitsets import mask_of
from ...matching.gallai import matched_without_pair, maximum_matching, perfect
from ...model import Colour
from .colours import misses_preference
from .criteria import CRITERIA, ORDER, Criterion
from .round import BursteinRound

WHITE, BLACK = Colour.WHITE, Colour.BLACK
#: how many players of the lowest score :func:`following_bracket_ideal` tries as the one who
#: goes down before leaving the question to the weights (a bound on the work, not a rule)
MAX_LEFTOVER_TRIES = 8


def colour_class(preference: Colour | None) -> int:
    """0 wants White, 1 wants Black, 2 no preference (1.5.4)."""
    return 2 if preference is None else 0 if preference is WHITE else 1


def fewest_misses(counts: list[int]) -> int:
    """C8 bound for a set of even size with ``counts`` (White, Black, none): the fewest pairs
    in which two players want the same colour."""
    w, k, z = counts
    return max(w - k - z, k - w - z, 0) // 2


def fewest_misses_floating(counts: list[int], lowest: list[int]) -> int | None:
    """C8 bound for a set of odd size of which one player of the lowest score (``lowest``:
    their counts per class) floats; None when none of the lowest score is left (C6)."""
    best = None
    for c in range(3):
        if lowest[c]:
            counts[c] -= 1
            m = fewest_misses(counts)
            counts[c] += 1
            best = m if best is None else min(best, m)
    return best


def colour_completable(rnd: BursteinRound, free: set[int], klass: dict[int, int],
                       counts: list[int]) -> bool:
    """Whether the players of ``free`` (an even number) can all be paired with no more pairs
    of equal preferences than :func:`fewest_misses` of their ``counts``. At that minimum, when
    one class outnumbers the two others (``w >= k + z``), every player outside it meets one of
    it; otherwise no two players of the White or of the Black class meet: a perfect matching
    of the compatible pairs (C1, C3) without the pairs that rule out."""
    w, k, z = counts
    by_class = [mask_of(i for i in free if klass[i] == c) for c in range(3)]
    if w >= k + z:
        apart = {1: by_class[1] | by_class[2], 2: by_class[1] | by_class[2]}
    elif k >= w + z:
        apart = {0: by_class[0] | by_class[2], 2: by_class[0] | by_class[2]}
    else:
        apart = {0: by_class[0], 1: by_class[1]}
    barred = {i: rnd.barred[i] | apart.get(klass[i], 0) for i in free}
    return perfect(free, barred)


def _apart_by_class(counts: list[int], by_class: list[int]) -> dict[int, int]:
    """Per class, the players (a bit set, from ``by_class``) it may not meet at the fewest
    pairs of equal preferences of a set with ``counts`` (:func:`colour_completable`)."""
    w, k, z = counts
    if w >= k + z:
        return {1: by_class[1] | by_class[2], 2: by_class[1] | by_class[2]}
    if k >= w + z:
        return {0: by_class[0] | by_class[2], 2: by_class[0] | by_class[2]}
    return {0: by_class[0], 1: by_class[1]}


def _case(counts: list[int]) -> int:
    """Which reading of :func:`_apart_by_class` applies to ``counts``."""
    w, k, z = counts
    return 0 if w >= k + z else 1 if k >= w + z else 2


class KeptColourCompletion:
    """:func:`colour_completable` asked again and again as the ideal candidate pairs its
    bracket two players at a time (issue 26: at 4,000 players the last bracket of 2,000
    players asked it 1,000 times, each a new matching of the whole rest, 2.4 s).

    The graph of the question depends on the set only through which of the three readings
    of :func:`_apart_by_class` its counts give (the class masks may hold the whole bracket:
    only the players of the set are looked at). So a perfect matching of the players left is
    kept with its reading; a question about the same players less ``a`` and ``b`` under the
    same reading repairs it (:func:`~swisspairing.matching.gallai.matched_without_pair`: the
    rest has a perfect matching exactly when the repair finds one), any other is answered by
    a new matching. The same answers as :func:`colour_completable`."""

    def __init__(self, rnd: BursteinRound, bracket: list[int], klass: dict[int, int]) -> None:
        self.rnd = rnd
        self.klass = klass
        self.by_class = [mask_of(i for i in bracket if klass[i] == c) for c in range(3)]
        self.graphs: dict[int, dict[int, int]] = {}
        #: (the players, the reading, a perfect matching of them) or None
        self.kept: tuple[int, int, dict[int, int]] | None = None
        self.answer: dict[int, int] | None = None  # the last matching found

    def graph(self, case: int, counts: list[int]) -> dict[int, int]:
        found = self.graphs.get(case)
        if found is None:
            apart = _apart_by_class(counts, self.by_class)
            found = self.graphs[case] = {i: self.rnd.barred[i] | apart.get(c, 0)
                                         for i, c in self.klass.items()}
        return found

    def completable(self, free: set[int], counts: list[int], a: int, b: int) -> bool:
        """:func:`colour_completable` of ``free`` (the players left once ``a`` and ``b``
        are paired) with ``counts``."""
        case = _case(counts)
        barred = self.graph(case, counts)
        kept = self.kept
        among = mask_of(free)
        before = among | (1 << a) | (1 << b)
        if kept is not None and kept[0] == before and kept[1] == case:
            self.answer = matched_without_pair(a, b, before, barred, kept[2])
        else:
            mate = maximum_matching(free, barred)
            self.answer = mate if len(mate) == len(free) else None
        return self.answer is not None

    def paired(self, free: set[int], counts: list[int]) -> None:
        """``a`` and ``b`` of the last question that said yes are paired: keep its matching."""
        assert self.answer is not None
        self.kept = (mask_of(free), _case(counts), self.answer)

    def forget(self) -> None:
        """The players left changed otherwise (a floater, a pair not asked about)."""
        self.kept = None


def ideal_bracket(rnd: BursteinRound, bracket: list[int], following: list[int],
                  below: list[int]) -> tuple[list[tuple[int, int]], list[int]] | None:
    """(pairs in BSN order, floaters) of the ideal candidate, or None when it does not reach
    every bound (see the module docstring)."""
    ps = rnd.players
    n = len(bracket)
    odd = n % 2 == 1
    lowest_score = min(ps[i].score for i in bracket)
    klass = {i: colour_class(ps[i].preference) for i in bracket}
    at_lowest = {i for i in bracket if ps[i].score == lowest_score}
    counts = [0, 0, 0]
    lowest = [0, 0, 0]
    for i in bracket:
        counts[klass[i]] += 1
        if i in at_lowest:
            lowest[klass[i]] += 1

    def remaining_bound() -> int | None:
        if sum(counts) % 2 == 0:
            return fewest_misses(counts)
        return fewest_misses_floating(counts, lowest)

    bound = remaining_bound()
    if bound is None:
        return None
    misses = 0
    free = set(bracket)
    pairs: list[tuple[int, int]] = []
    floaters: list[int] = []
    compatible = rnd.compatible

    def take(i: int) -> None:
        free.discard(i)
        counts[klass[i]] -= 1
        if i in at_lowest:
            lowest[klass[i]] -= 1

    def give_back(i: int) -> None:
        free.add(i)
        counts[klass[i]] += 1
        if i in at_lowest:
            lowest[klass[i]] += 1

    colours = KeptColourCompletion(rnd, bracket, klass)
    for x, a in enumerate(bracket):
        if a not in free:
            continue
        take(a)
        chosen = None
        for b in reversed(bracket[x + 1:]):  # 4.3: the highest BSN first
            if b not in free or not compatible(a, b):
                continue
            miss = misses_preference(ps[a], ps[b])
            take(b)
            rest = remaining_bound()
            if rest is not None and misses + miss + rest <= bound:
                if sum(counts) % 2:
                    chosen, misses = b, misses + miss
                    colours.forget()
                    break
                if colours.completable(free, counts, a, b):
                    chosen, misses = b, misses + miss
                    colours.paired(free, counts)
                    break
            give_back(b)
        if chosen is not None:
            pairs.append((a, chosen))
            continue
        colours.forget()
        # no partner: a floats (4.3 puts it last), allowed once, from the lowest score (C5, C6)
        if not odd or floaters or a not in at_lowest:
            return None
        rest = remaining_bound()
        if rest is None or misses + rest > bound:
            return None
        floaters.append(a)
    if len(pairs) != n // 2 or misses != bound:
        return None
    if not following_bracket_ideal(rnd, floaters, following, below):
        return None
    return pairs, floaters


def following_bracket_ideal(rnd: BursteinRound, floaters: list[int], following: list[int],
                            below: list[int], tries: int | None = MAX_LEFTOVER_TRIES) -> bool:
    """C7 and C4 at their bounds: the floaters and the next scoregroup all pair among
    themselves (but one of the lowest score when they are odd), and the players below (with
    that one) can all be paired. ``tries``: how many of the lowest score are tried as the one
    who goes down (None: every one, the exact answer :func:`why_ideal_floats` needs)."""
    ps = rnd.players
    members = floaters + following
    if len(members) % 2 == 0:
        return rnd.completable(members) and rnd.completable(below)
    lowest_score = min(ps[i].score for i in members)
    leftover_candidates = [i for i in members if ps[i].score == lowest_score]
    mate = rnd.matching(members)
    if len(mate) != len(members) - 1:
        return False
    exposed = next(i for i in members if i not in mate)
    # try the one a maximum matching leaves out first, then the others of the lowest score
    order = [exposed] + [i for i in leftover_candidates if i != exposed]
    for x in order[:tries]:
        if ps[x].score != lowest_score:
            continue
        rest = [i for i in members if i != x]
        if x != exposed and not rnd.completable(rest):
            continue
        if rnd.completable([*below, x]):
            return True
    return False


def why_ideal_floats(rnd: BursteinRound, floater: int, bracket: list[int],
                     following: list[int], below: list[int]) -> Criterion:
    """The criterion that made ``floater`` float from a bracket the ideal candidate paired
    (:func:`ideal_bracket`), found without a weighted matching: what
    :func:`.weights.why_floats` answers (the first digit at which the best pairing with
    ``floater`` kept in the bracket is worse), from the bounds the candidate reached.

    The candidate reached every bound, so the best pairing with ``floater`` paired inside the
    (odd) bracket is only as good when another player ``g`` floats instead and

    * C4/C5: the rest of the bracket pairs among itself and ``g`` with everybody below
      (the completion and the most pairs; failing for every ``g``: :data:`COMPLETION`);
    * C6: ``g`` has the lowest score of the bracket, as ``floater`` (else :data:`SCORES`);
    * C7: the following bracket ``g`` + N reaches its bound, as :func:`following_bracket_ideal`
      checks it, every leftover tried (else :data:`FOLLOWING`);
    * C8: the rest of the bracket pairs with as few pairs of equal preferences as the
      candidate had (:func:`fewest_misses`, :func:`colour_completable`; else
      :data:`COLOURS`);

    and when some ``g`` keeps all four, the difference is the order of 4.3 (:data:`ORDER`).
    The answer is the criterion after the last one the best ``g`` keeps. A bracket the
    weights paired is explained by :func:`.weights.why_floats`."""
    ps = rnd.players
    lowest_score = min(ps[i].score for i in bracket)
    klass = {i: colour_class(ps[i].preference) for i in bracket}
    counts = [0, 0, 0]
    lowest = [0, 0, 0]
    for i in bracket:
        counts[klass[i]] += 1
        if ps[i].score == lowest_score:
            lowest[klass[i]] += 1
    bound = fewest_misses_floating(counts, lowest)  # the candidate's pairs of equal preferences
    others = [g for g in bracket if g != floater]
    kept = 0  # how many criteria of CRITERIA the best g keeps
    for g in (g for g in others if ps[g].score == lowest_score):
        rest = [i for i in bracket if i != g]
        if not rnd.completable(rest):
            continue
        counts[klass[g]] -= 1
        colours = fewest_misses(counts) == bound and colour_completable(rnd, set(rest), klass,
                                                                        counts)
        counts[klass[g]] += 1
        if not colours and kept >= 3:
            continue
        if following_bracket_ideal(rnd, [g], following, below, tries=None):
            if colours:
                return ORDER
            kept = 3
        elif kept < 2 and rnd.completable([g, *following, *below]):
            kept = 2
    if not kept:  # a higher score floating instead (C6 lost), if that completes the round
        for g in (g for g in others if ps[g].score != lowest_score):
            if rnd.completable([i for i in bracket if i != g]) and rnd.completable(
                    [g, *following, *below]):
                kept = 1
                break
    return CRITERIA[kept]
