"""D1 and D2: the order of the permutations of S2 and of the exchanges between S1 and S2
(``../shared/seeds/elo-based-swiss-ffe.fr.txt``, section D)."""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence


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
