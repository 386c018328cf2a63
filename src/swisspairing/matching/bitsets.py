"""Matchings on bit sets: the completion questions the engines ask many times per round.

A :class:`BitGraph` holds, for each player, the bit set (a Python int, bit ``i`` = player ``i``)
of the players he may *not* meet. Whether a set of players can all be paired is then answered
by a greedy matching on bit sets (the players with the fewest partners first), and only where it
leaves players out by Edmonds' augmenting paths (:func:`~swisspairing.matching.augment_path`);
whether one side of a split can all be given distinct partners on the other by a greedy
assignment, then Kuhn's augmenting paths. Both answers are exact; the bit sets only make each
step cheap (one word operation per 64 players instead of one call per pair).
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator, Mapping, Sequence

from . import augment_path


def bits(mask: int) -> Iterator[int]:
    """The members of a bit set, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def mask_of(ids: Iterable[int]) -> int:
    m = 0
    for i in ids:
        m |= 1 << i
    return m


class _Neighbours(Mapping[int, list[int]]):
    """The partners of a vertex among a set, computed when asked (for augment_path)."""

    def __init__(self, barred: Mapping[int, int], among: int) -> None:
        self.barred = barred
        self.among = among

    def __getitem__(self, v: int) -> list[int]:
        return list(bits(self.among & ~self.barred[v]))

    def __iter__(self) -> Iterator[int]:
        return bits(self.among)

    def __len__(self) -> int:
        return self.among.bit_count()


class BitGraph:
    """Who may meet whom, as bit sets: ``barred[p]`` holds the players ``p`` may not meet
    (``p`` itself included)."""

    def __init__(self, barred: dict[int, int]) -> None:
        self.barred = barred

    def allowed(self, a: int, b: int) -> bool:
        return not (self.barred[a] >> b) & 1

    def matching(self, ids: Iterable[int]) -> dict[int, int]:
        """A maximum matching of ``ids`` (a both-ways partner map)."""
        among = mask_of(ids)
        barred = self.barred
        order = sorted(bits(among), key=lambda v: ((among & ~barred[v]).bit_count(), v))
        free = among
        mate: dict[int, int] = {}
        for v in order:
            if not (free >> v) & 1:
                continue
            options = free & ~barred[v]
            if options:
                u = (options & -options).bit_length() - 1
                mate[v], mate[u] = u, v
                free &= ~((1 << v) | (1 << u))
        if free.bit_count() > 1:
            vs = set(bits(among))
            adj = _Neighbours(barred, among)
            for v in order:
                if v not in mate:
                    augment_path(v, vs, adj, mate)
        return mate

    def perfect(self, ids: Iterable[int]) -> bool:
        """Whether the players can all be paired among themselves."""
        order = list(ids)
        return len(order) % 2 == 0 and len(self.matching(order)) == len(order)

    def covers(self, left: Sequence[int], right: Iterable[int]) -> bool:
        """Whether every player of ``left`` can get a distinct partner in ``right`` and no one
        of ``right`` is left over (a perfect bipartite matching; Kuhn)."""
        right_mask = mask_of(right)
        if len(left) != right_mask.bit_count():
            return False
        return self.assigns(left, right_mask)

    def assigns(self, left: Sequence[int], right: Iterable[int] | int) -> bool:
        """Whether every player of ``left`` can get a distinct partner in ``right`` (a bit set
        or the ids; players of ``right`` may be left over). Greedy, then Kuhn's paths."""
        right_mask = right if isinstance(right, int) else mask_of(right)
        barred = self.barred
        owner: dict[int, int] = {}
        free = right_mask
        waiting = []
        for a in left:
            options = free & ~barred[a]
            if options:
                b = (options & -options).bit_length() - 1
                owner[b] = a
                free ^= 1 << b
            else:
                waiting.append(a)
        return all(kuhn_augment(a, right_mask, barred, owner) for a in waiting)


def kuhn_augment(start: int, right_mask: int, barred: Mapping[int, int],
                 owner: dict[int, int], given: dict[int, int] | None = None) -> bool:
    """Kuhn's augmenting path from ``start`` (a left player without a partner) to a free
    player of ``right_mask`` (``barred``: per player, the bit set of those he may not meet),
    applied to ``owner`` (right -> left) and, when given, ``given`` (left -> right); False when
    there is none: then no assignment gives every assigned player and ``start`` a partner
    (Berge). Depth-first, each right player tried once, lowest first: the one search of
    :meth:`BitGraph.assigns` and of the Elo-Swiss stage's assignments
    (``systems/elo_swiss/stage.py``)."""
    if sys.getrecursionlimit() < 2 * len(owner) + 200:
        sys.setrecursionlimit(2 * len(owner) + 200)
    seen = [0]

    def augment(x: int) -> bool:
        for b in bits(right_mask & ~barred[x] & ~seen[0]):
            if (seen[0] >> b) & 1:
                continue
            seen[0] |= 1 << b
            if b not in owner or augment(owner[b]):
                owner[b] = x
                if given is not None:
                    given[x] = b
                return True
        return False

    return augment(start)
