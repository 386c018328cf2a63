"""D1 and D2: the order of the permutations of S2 and of the exchanges between S1 and S2
(``../shared/seeds/elo-based-swiss-ffe.fr.txt``, section D)."""

from __future__ import annotations

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


def d2_splits_where(
    n: int, p: int, maybe: Callable[[SplitFamily], bool], calls: int = 2000
) -> Iterator[tuple[list[int], list[int], str]]:
    """:func:`d2_splits` without the exchanges that ``maybe`` rules out by families: the
    same splits in the same order (C4/C8, D2), less those of a family for which ``maybe``
    answers False (it must answer False only when no split of the family is worth trying;
    issue 26). The split with no exchange always comes first. For each size of exchange:
    one question for all its exchanges; then the sets of players leaving S2 worth trying,
    found by halving the places (a family: how many of each half leave) and dropping the
    halves ``maybe`` refuses (at most ``calls`` questions, past which the family's sets are
    all kept); the sets leaving S1 likewise, or, when there are at most
    :data:`FEW_LEAVING`, each asked once when D2's order first reaches it; the exchanges
    are those combined, in D2's order (:func:`d2_exchanges`: difference of the sums, the
    weakest S1 players, the strongest S2 players)."""
    s1_all = list(range(1, p + 1))
    s2_all = list(range(p + 1, n + 1))
    yield s1_all, s2_all, ""
    for size in range(1, min(p, n - p) + 1):
        if not maybe([(s1_all, p - size), (s2_all, size)]):
            continue
        outs2 = _maybe_sets(s2_all, size, lambda halves, size=size: maybe(
            [(s1_all, p - size), *halves]), calls)
        if not outs2:
            continue
        leaving: dict[tuple[int, ...], bool] = {}  # a set leaving S1: worth trying?
        if math.comb(p, size) <= FEW_LEAVING:
            # few sets leave S1: each asked once, when D2's order first reaches it
            outs1 = list(itertools.combinations(s1_all, size))
        else:
            outs1 = _maybe_sets(s1_all, size, lambda halves, size=size: maybe(
                [*((g, len(g) - c) for g, c in halves), (s2_all, size)]), calls)
            leaving = dict.fromkeys(outs1, True)
        for out1, out2 in _in_d2_order(outs1, outs2):
            worth = leaving.get(out1)
            if worth is None:
                stay = [a for a in s1_all if a not in out1]
                worth = leaving[out1] = maybe([(list(out1), 0), (stay, p - size),
                                                (s2_all, size)])
            if not worth:
                continue
            s1 = sorted((set(s1_all) - set(out1)) | set(out2))
            s2 = sorted((set(s2_all) - set(out2)) | set(out1))
            yield s1, s2, f"{'+'.join(map(str, out1))}<->{'+'.join(map(str, out2))}"


class TooManySets(Exception):
    """The families of exchanges left after a stage's questions hold more sets than
    :data:`.criteria.FAMILY_SETS_LIMIT`: the stage stops there, as at the exchange limit."""


def _family_sets(family: list[tuple[list[int], int]]) -> int:
    """How many sets a family of :func:`_maybe_sets` holds."""
    return math.prod(math.comb(len(run), c) for run, c in family)


def _maybe_sets(places: list[int], size: int,
                maybe: Callable[[list[tuple[list[int], int]]], bool], calls: int
                ) -> list[tuple[int, ...]]:
    """The sets of ``size`` places of ``places`` (sorted tuples) that ``maybe`` does not rule
    out: a family is a list of runs of places, each with how many of its places the set
    holds; a family ``maybe`` refuses is dropped with every set in it, one it accepts is
    halved at its first run with a choice (every split of the count between the halves),
    down to single sets. Past ``calls`` questions the families left are kept whole, unless
    they hold more than :data:`.criteria.FAMILY_SETS_LIMIT` sets together: then
    :class:`TooManySets` is raised before any is listed (issue 26: near-miss round 5 at
    1,000 players listed families of millions of sets, 6 GB)."""
    out: list[tuple[int, ...]] = []
    stack: list[list[tuple[list[int], int]]] = [[(places, size)]]
    asked = 0
    kept = 0  # sets in the families kept whole
    while stack:
        family = stack.pop()
        choice = next((k for k, (run, c) in enumerate(family) if 0 < c < len(run)), None)
        if choice is None:
            out.append(tuple(sorted(q for run, c in family if c for q in run)))
            continue
        if asked >= calls:
            kept += _family_sets(family)
            if kept > criteria.FAMILY_SETS_LIMIT:
                raise TooManySets
            out.extend(_every_set(family))
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


def _every_set(family: list[tuple[list[int], int]]) -> Iterator[tuple[int, ...]]:
    """Every set of a family of :func:`_maybe_sets` (sorted tuples)."""
    for parts in itertools.product(*(itertools.combinations(run, c) for run, c in family)):
        yield tuple(sorted(itertools.chain.from_iterable(parts)))


def _in_d2_order(outs1: list[tuple[int, ...]], outs2: list[tuple[int, ...]]
                 ) -> Iterator[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Every (leaving S1, leaving S2) of the two lists in the order of :func:`d2_exchanges`,
    one difference of sums at a time (never the whole product sorted at once)."""
    by_sum1: dict[int, list[tuple[int, ...]]] = {}
    for out1 in outs1:
        by_sum1.setdefault(sum(out1), []).append(out1)
    by_sum2: dict[int, list[tuple[int, ...]]] = {}
    for out2 in outs2:
        by_sum2.setdefault(sum(out2), []).append(out2)
    for group in by_sum2.values():
        group.sort()
    weakest_first = {s: sorted(g, key=lambda a: sorted(-x for x in a))
                     for s, g in by_sum1.items()}
    for diff in sorted({b - a for a in by_sum1 for b in by_sum2}):
        firsts = sorted(
            (out1 for s, g in weakest_first.items() if s + diff in by_sum2 for out1 in g),
            key=lambda a: sorted(-x for x in a))
        for out1 in firsts:
            for out2 in by_sum2[sum(out1) + diff]:
                yield out1, out2
