"""D1 and D2: the order of the permutations of S2 and of the exchanges between S1 and S2
(``../shared/seeds/elo-based-swiss-ffe.fr.txt``, section D)."""

from __future__ import annotations

import bisect
import heapq
import itertools
import math
from collections.abc import Callable, Iterator, Sequence

from . import criteria


def d1_permutations(s2: Sequence[int], p: int | None = None) -> Iterator[tuple[int, ...]]:
    """D1: the arrangements of S2, the identity first, then "all the numbers that can be written
    with 5, 6, 7, 8 in increasing order" (5678, 5687, 5768, ...). With S2 larger than the
    number of pairs ``p``, only the first ``p`` places matter: arrangements that differ only
    after place ``p`` are the same pairing and are given once."""
    p = len(s2) if p is None else p
    yield from itertools.permutations(s2, p)


def d2_exchanges(n: int, p: int, size: int) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """D2: the exchanges of ``size`` players between S1 = 1..p and S2 = p+1..n, in order.

    Numbers are places in the level (A.2 order). Order: the smallest difference between the
    sum of the numbers coming from S2 and the sum of those leaving S1; on equal difference the
    exchange concerning the weakest S1 player (largest number, then the next largest); then the
    strongest S2 players (docs/elo-swiss.md). Each item is (numbers leaving S1, numbers leaving S2).
    """
    s1 = range(1, p + 1)
    s2 = range(p + 1, n + 1)
    out = [
        (a, b)
        for a in itertools.combinations(s1, size)
        for b in itertools.combinations(s2, size)
    ]
    out.sort(key=lambda ab: (sum(ab[1]) - sum(ab[0]), sorted(-x for x in ab[0]), ab[1]))
    return out


def d2_splits(n: int, p: int) -> Iterator[tuple[list[int], list[int], str]]:
    """C4/C8: S1 and S2 (as places 1..n) before any exchange, then after each D2 exchange,
    re-sorted by A.2 (places are A.2 ranks, so sorting the numbers re-sorts the players).
    The third item says which exchange was made ('' for none)."""
    yield list(range(1, p + 1)), list(range(p + 1, n + 1)), ""
    for size in range(1, min(p, n - p) + 1):
        for out1, out2 in d2_exchanges(n, p, size):
            s1 = sorted((set(range(1, p + 1)) - set(out1)) | set(out2))
            s2 = sorted((set(range(p + 1, n + 1)) - set(out2)) | set(out1))
            yield s1, s2, f"{'+'.join(map(str, out1))}<->{'+'.join(map(str, out2))}"


#: Up to this many sets of players leaving S1 (for one size of exchange), each is asked
#: when D2's order reaches it rather than all found first by halving (:func:`d2_splits_where`).
FEW_LEAVING = 256

#: A family of splits for :func:`d2_splits_where`: groups of places, each with how many of
#: them are in S1 (0: all in S2; its size: all in S1).
SplitFamily = list[tuple[list[int], int]]


#: Questions per size of exchange on the branches of the families kept whole
#: (:meth:`_Family.sets_asked`), past which their sets are tried unasked.
BRANCH_CALLS = 100


def d2_splits_where(
    n: int, p: int, maybe: Callable[[SplitFamily], bool], calls: int = 2000,
    branch_calls: int | None = None,
) -> Iterator[tuple[list[int], list[int], str]]:
    """:func:`d2_splits` without the exchanges that ``maybe`` rules out by families: the
    same splits in the same order (C4/C8, D2), less those of a family for which ``maybe``
    answers False (it must answer False only when no split of the family is worth trying;
    issue 26). The split with no exchange always comes first. For each size of exchange:
    one question for all its exchanges; then the sets of players leaving S2 worth trying,
    found by halving the places (a family: how many of each half leave) and dropping the
    halves ``maybe`` refuses (at most ``calls`` questions, past which the families left are
    kept whole); the sets leaving S1 likewise, or, when there are at most
    :data:`FEW_LEAVING`, each asked once when D2's order first reaches it; the exchanges
    are those combined, in D2's order (:func:`d2_exchanges`: difference of the sums, the
    weakest S1 players, the strongest S2 players), generated as they are needed
    (:func:`_in_d2_order`: a family kept whole is never listed; issue 26, near-miss
    round 5, where such families held millions of sets)."""
    branches = BRANCH_CALLS if branch_calls is None else branch_calls
    s1_all = list(range(1, p + 1))
    s2_all = list(range(p + 1, n + 1))
    yield s1_all, s2_all, ""
    for size in range(1, min(p, n - p) + 1):
        if not maybe([(s1_all, p - size), (s2_all, size)]):
            continue
        outs2 = _maybe_families(s2_all, size, lambda halves, size=size: maybe(
            [(s1_all, p - size), *halves]), calls)
        if not outs2:
            continue
        leaving: dict[tuple[int, ...], bool] = {}  # a set leaving S1: worth trying?
        if math.comb(p, size) <= FEW_LEAVING:
            # few sets leave S1: each asked once, when D2's order first reaches it
            outs1: list[SplitFamily] = [[(s1_all, size)]]
            ask = True
        else:
            outs1 = _maybe_families(s1_all, size, lambda halves, size=size: maybe(
                [*((g, len(g) - c) for g, c in halves), (s2_all, size)]), calls)
            ask = False
        answers: dict[tuple[tuple[tuple[int, ...], int], ...], bool] = {}

        def ask2(halves: SplitFamily, size: int = size,
                 answers: dict[tuple[tuple[tuple[int, ...], int], ...], bool] = answers
                 ) -> bool:
            # a branch of a family kept whole, asked once (at most ``branch_calls``
            # questions: past them, every branch is kept, its sets tried as before)
            key = tuple((tuple(run), c) for run, c in halves)
            known = answers.get(key)
            if known is None:
                if len(answers) >= branches:
                    return True
                known = answers[key] = maybe([(s1_all, p - size), *halves])
            return known

        for out1, out2s in _in_d2_order(outs1, outs2, ask2):
            if ask:
                worth = leaving.get(out1)
                if worth is None:
                    stay = [a for a in s1_all if a not in out1]
                    worth = leaving[out1] = maybe([(list(out1), 0), (stay, p - size),
                                                    (s2_all, size)])
                if not worth:
                    continue
            for out2 in out2s:
                s1 = sorted((set(s1_all) - set(out1)) | set(out2))
                s2 = sorted((set(s2_all) - set(out2)) | set(out1))
                yield s1, s2, f"{'+'.join(map(str, out1))}<->{'+'.join(map(str, out2))}"


class TooManySets(Exception):
    """The families of exchanges left after a stage's questions hold more sets than
    :data:`.criteria.FAMILY_SETS_LIMIT`: the stage stops there, as at the exchange limit."""


def _family_sets(family: list[tuple[list[int], int]]) -> int:
    """How many sets a family of :func:`_maybe_families` holds."""
    return math.prod(math.comb(len(run), c) for run, c in family)


def _maybe_families(places: list[int], size: int, maybe: Callable[[SplitFamily], bool],
                    calls: int) -> list[SplitFamily]:
    """The families of sets of ``size`` places of ``places`` that ``maybe`` does not rule
    out, disjoint: a family is a list of runs of consecutive places (in increasing order),
    each with how many of its places the set holds; a family ``maybe`` refuses is dropped
    with every set in it, one it accepts is halved at its first run with a choice (every
    split of the count between the halves), down to single sets. Past ``calls`` questions
    the families left are kept whole (never listed set by set: :func:`_in_d2_order` draws
    from them the sets it needs), unless they hold more than
    :data:`.criteria.FAMILY_SETS_LIMIT` sets together: then :class:`TooManySets` is raised
    (a search limit the level states; issue 26)."""
    out: list[SplitFamily] = []
    stack: list[SplitFamily] = [[(places, size)]]
    asked = 0
    kept = 0  # sets in the families kept whole
    while stack:
        family = stack.pop()
        choice = next((k for k, (run, c) in enumerate(family) if 0 < c < len(run)), None)
        if choice is None:
            out.append(family)
            continue
        if asked >= calls:
            kept += _family_sets(family)
            if kept > criteria.FAMILY_SETS_LIMIT:
                raise TooManySets
            out.append(family)
            continue
        run, c = family[choice]
        half = len(run) // 2
        low, high = run[:half], run[half:]
        for c_low in range(min(c, len(low)), max(0, c - len(high)) - 1, -1):
            child = [*family[:choice], (low, c_low), (high, c - c_low), *family[choice + 1:]]
            asked += 1
            if maybe(child):
                stack.append(child)
    return out


def _every_set(family: SplitFamily) -> Iterator[tuple[int, ...]]:
    """Every set of a family of :func:`_maybe_families` (sorted tuples; the tests' literal
    order lists them)."""
    for parts in itertools.product(*(itertools.combinations(run, c) for run, c in family)):
        yield tuple(sorted(itertools.chain.from_iterable(parts)))


class _Family:
    """A family of :func:`_maybe_families`: its runs holding some of the set's places, in
    increasing order, with their counts, and the places of the others (``none``): what
    :meth:`sets_of_sum` needs to draw the family's sets of one sum in lexicographic order
    without listing the others."""

    def __init__(self, family: SplitFamily) -> None:
        runs = [(sorted(run), c) for run, c in family if c]
        runs.sort(key=lambda rc: rc[0][0])
        self.runs = runs
        self.none = sorted(q for run, c in family if not c for q in run)
        self.whole = any(c < len(run) for run, c in runs)  # more than one set
        # the answers of :meth:`sets_asked`'s branches, per branch (its places chosen), for
        # the ``ask`` given last
        self._asker: Callable[[SplitFamily], bool] | None = None
        self._asked: dict[tuple[int, ...], bool] = {}
        # sums reachable by the runs from k on: [least, most] (every sum between is reached:
        # a run's places are consecutive, so its c-subsets reach every sum between their
        # least and their most, and so do sums of such sets)
        self.least = [0] * (len(runs) + 1)
        self.most = [0] * (len(runs) + 1)
        for k in range(len(runs) - 1, -1, -1):
            run, c = runs[k]
            self.least[k] = self.least[k + 1] + sum(run[:c])
            self.most[k] = self.most[k + 1] + sum(run[len(run) - c:])

    def sums(self) -> tuple[int, int]:
        """The least and the most sum of a set of the family."""
        return self.least[0], self.most[0]

    def sets_of_sum(self, lo: int, hi: int) -> Iterator[tuple[int, ...]]:
        """The family's sets whose sum is in ``lo..hi``, in lexicographic order (sorted tuples):
        runs in increasing order, so a set's tuple is its runs' subsets one after the other
        and the lexicographic order is that of the first run's subset, then the next's."""
        yield from self._from_run(0, (), lo, hi)

    def _from_run(self, k: int, chosen: tuple[int, ...], lo: int, hi: int
                  ) -> Iterator[tuple[int, ...]]:
        if k == len(self.runs):
            if lo <= 0 <= hi:
                yield chosen
            return
        run, c = self.runs[k]
        rest_least, rest_most = self.least[k + 1], self.most[k + 1]
        for part in _subsets_of_sum(run, c, lo - rest_most, hi - rest_least):
            s = sum(part)
            yield from self._from_run(k + 1, (*chosen, *part), lo - s, hi - s)


    def sets_asked(self, target: int, ask: Callable[[SplitFamily], bool]
                   ) -> Iterator[tuple[int, ...]]:
        """:meth:`sets_of_sum` for one sum, the places fixed one at a time in lexicographic
        order and each branch entered only if ``ask`` accepts its family (the places chosen
        so far, those passed over, the rest of the run and the later runs free with their
        counts): a family ``ask`` refuses holds no set worth trying, so the sets it cuts are
        only sets ``d2_splits_where`` would have dropped (issue 26, near-miss round 5: the
        families kept whole past the halving's budget held millions of dead sets, tried one
        by one to the exchange limit). The branches' families do not depend on the sum:
        ``ask`` keeps its answers."""
        runs = self.runs
        if self._asker is not ask:
            self._asker, self._asked = ask, {}
        asked = self._asked

        def question(k: int, j: int, left: int, chosen: tuple[int, ...]) -> SplitFamily:
            """The branch's family, as the walk built it step by step before: the places
            chosen, those passed over (the earlier runs' places and run ``k``'s before ``j``
            not chosen, in order, then the places of no run), the rest of run ``k`` and the
            later runs with their counts, the empty runs left out."""
            taken = set(chosen)
            run = runs[k][0]
            passed = [q for r, _ in runs[:k] for q in r if q not in taken]
            passed.extend(q for q in run[:j] if q not in taken)
            family = [(list(chosen), len(chosen)), (passed + self.none, 0),
                      (run[j + 1:], left - 1), *runs[k + 1:]]
            return [(r, c) for r, c in family if r]

        def walk(k: int, i: int, left: int, chosen: tuple[int, ...], need: int
                 ) -> Iterator[tuple[int, ...]]:
            run = runs[k][0]
            if left == 0:
                if k + 1 == len(runs):
                    if need == 0:
                        yield chosen
                    return
                yield from walk(k + 1, 0, runs[k + 1][1], chosen, need)
                return
            m = len(run)
            for j in range(i, m - left + 1):
                q = run[j]
                least = q + sum(run[j + 1:j + left]) + self.least[k + 1]
                most = q + sum(run[m - left + 1:]) + self.most[k + 1]
                if least > need:
                    return  # later places only raise the least sum
                if most < need:
                    continue
                now_chosen = (*chosen, q)
                # the branch is named by the places chosen (its last one fixes k and j):
                # asked once per family, its family built only then (issue 26, s12-elo5c:
                # the walk built every branch's family to look its answer up)
                known = asked.get(now_chosen)
                if known is None:
                    known = asked[now_chosen] = ask(question(k, j, left, now_chosen))
                if known:
                    yield from walk(k, j + 1, left - 1, now_chosen, need - q)

        if runs and self.least[0] <= target <= self.most[0]:
            yield from walk(0, 0, runs[0][1], (), target)


def _subsets_of_sum(run: list[int], c: int, lo: int, hi: int) -> Iterator[tuple[int, ...]]:
    """The ``c``-subsets of ``run`` (sorted places) whose sum is in ``lo..hi``, in
    lexicographic order; a branch is entered only if the subsets it holds reach the
    interval (the least and most sums of its completions)."""
    if c == 0:
        if lo <= 0 <= hi:
            yield ()
        return
    prefix = [0]
    for q in run:
        prefix.append(prefix[-1] + q)
    m = len(run)

    def walk(start: int, left: int, chosen: tuple[int, ...], lo: int, hi: int
             ) -> Iterator[tuple[int, ...]]:
        if left == 0:
            if lo <= 0 <= hi:
                yield chosen
            return
        for i in range(start, m - left + 1):
            q = run[i]
            # the other left - 1 places come from run[i + 1:]
            least = q + prefix[i + left] - prefix[i + 1]
            most = q + prefix[m] - prefix[m - left + 1]
            if least > hi:
                return  # later places only raise the least sum
            if most < lo:
                continue
            yield from walk(i + 1, left - 1, (*chosen, q), lo - q, hi - q)

    yield from walk(0, c, (), lo, hi)


def _in_d2_order(outs1: list[SplitFamily], outs2: list[SplitFamily],
                 ask2: Callable[[SplitFamily], bool] | None = None
                 ) -> Iterator[tuple[tuple[int, ...], Iterator[tuple[int, ...]]]]:
    """The (leaving S1, leaving S2) of the two lists of families in the order of
    :func:`d2_exchanges`: by difference of the sums, then the sets leaving S1 weakest first,
    each with the sets leaving S2 of the needed sum in lexicographic order (the strongest
    first) as an iterator. Drawn as needed from the families (:class:`_Family`: only sets of
    a needed sum are generated, none listed ahead), so memory stays bounded whatever the
    families' sizes. A set leaving S1 is given only when some family of S2 reaches its sum
    plus the difference; its iterator then yields at least one set, unless ``ask2`` is
    given: the sets leaving S2 drawn from a family with more than one set are then those
    of :meth:`_Family.sets_asked` (the sets of the branches ``ask2`` refuses left out),
    maybe none."""
    fams1 = [_Family(f) for f in outs1]
    fams2 = [_Family(f) for f in outs2]
    if not fams1 or not fams2:
        return
    sums2 = [f.sums() for f in fams2]
    union2 = _union(sums2)  # the sums some set leaving S2 has
    starts2 = [a for a, _ in union2]
    least1 = min(f.sums()[0] for f in fams1)
    most1 = max(f.sums()[1] for f in fams1)
    # a set leaving S1 in the negated places: D2's weakest first is the lexicographic order
    # of the negated places (largest number first)
    negated = [_Family([([-q for q in run], c) for run, c in f.runs]) for f in fams1]
    for diff in range(union2[0][0] - most1, union2[-1][1] - least1 + 1):
        streams = []
        for fam, neg in zip(fams1, negated, strict=True):
            lo1, hi1 = fam.sums()
            # the parts of lo1..hi1 whose sum plus diff some set leaving S2 has
            k = max(0, bisect.bisect_right(starts2, lo1 + diff) - 1)
            while k < len(union2) and union2[k][0] <= hi1 + diff:
                a, b = max(union2[k][0] - diff, lo1), min(union2[k][1] - diff, hi1)
                if a <= b:
                    streams.append(neg.sets_of_sum(-b, -a))
                k += 1
        for neg_set in heapq.merge(*streams):
            out1 = tuple(sorted(-q for q in neg_set))
            target = sum(out1) + diff
            yield out1, heapq.merge(*(
                f.sets_asked(target, ask2) if ask2 is not None and f.whole
                else f.sets_of_sum(target, target)
                for f, (lo, hi) in zip(fams2, sums2, strict=True) if lo <= target <= hi))


def _union(intervals: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The union of integer intervals ``intervals`` as disjoint sorted intervals."""
    merged: list[tuple[int, int]] = []
    for a, b in sorted(intervals):
        if merged and a <= merged[-1][1] + 1:
            merged[-1] = (merged[-1][0], max(merged[-1][1], b))
        else:
            merged.append((a, b))
    return merged
