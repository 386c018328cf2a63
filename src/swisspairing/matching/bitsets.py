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
from collections import deque
from collections.abc import Iterable, Iterator, Mapping, Sequence

from .alternating_tree import augment_to, common_base, mark_blossom_path


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


def augment_bits(root: int, among: int, barred: Mapping[int, int], mate: dict[int, int],
                 outer: list[int] | None = None) -> bool:
    """Edmonds' blossom search for an augmenting path from the exposed ``root`` in the graph
    of ``among`` (a bit set) under ``barred``; applies the path to ``mate`` and returns True
    when one was found.

    Step for step the search of :func:`~swisspairing.matching.augment_path` on the same graph
    (neighbours in increasing order, the same tree, blossoms, path and ``mate``), except that
    the neighbours it would pass over are never listed: when an outer vertex ``v`` is scanned,
    the vertices that are then *inner* (labelled, not outer) and those of ``v``'s own blossom
    are masked out. That skips nothing the plain search would use: an inner vertex is passed
    over by it (neither outer nor unlabelled), unless a blossom formed during ``v``'s scan made
    it outer, and such a blossom holds ``v``, so the vertex then has ``v``'s base and is passed
    over too; a vertex of ``v``'s blossom keeps ``v``'s base (bases only merge). A search that
    finds nothing in a dense graph (a Tutte barrier: an independent set of outer vertices
    whose every neighbour is inner) thus costs a few word operations per vertex instead of
    one step per edge. A blossom's vertices are kept as a bit set per base, so a contraction
    finds the tree vertices whose base it absorbs without scanning the tree (they are queued
    in tree order, as there).

    With ``outer`` (a list), a search that finds nothing appends to it the bit set of the
    vertices it labelled *outer* (the root, the mates of inner vertices, the members of outer
    blossoms): with a maximum matching whose only exposed vertex is ``root``, exactly the
    vertices some maximum matching leaves exposed (Gallai-Edmonds ``D``; see
    :meth:`~swisspairing.matching.bitpaths.BitMatching.partners_allowed`)."""
    parent: dict[int, int] = {}
    base: dict[int, int] = {}  # a vertex absent from it is its own base
    members: dict[int, int] = {}  # a blossom's base -> the bit set of its vertices
    used = {root}
    used_mask = 1 << root  # the outer vertices
    labelled = 0  # the vertices with a ``parent``
    tree = [root]
    position = {root: 0}  # a vertex's place in ``tree``
    queue = deque([root])

    while queue:
        v = queue.popleft()
        bv = base.get(v, v)
        skip = (labelled & ~used_mask) | members.get(bv, 1 << bv)
        todo = among & ~barred[v] & ~skip  # lowest first, as ``bits`` lists them
        while todo:
            low = todo & -todo
            todo ^= low
            to = low.bit_length() - 1
            if base.get(v, v) == base.get(to, to) or mate.get(v) == to:
                continue
            if to == root or (to in mate and mate[to] in parent):
                b = common_base(v, to, base, mate, parent)
                blossom: set[int] = set()
                for u in (*mark_blossom_path(v, b, to, blossom, base, mate, parent),
                          *mark_blossom_path(to, b, v, blossom, base, mate, parent)):
                    labelled |= 1 << u
                # the tree vertices whose base is in the blossom: the members of those bases
                # (``augment_path`` scans the whole tree for them); the inner ones become
                # outer and are queued in tree order, as there
                moved = 0
                for x in blossom:
                    moved |= members.get(x, 1 << x)
                for u in bits(moved):
                    base[u] = b
                fresh = moved & ~used_mask
                if fresh:
                    for u in sorted(bits(fresh), key=position.__getitem__):
                        used.add(u)
                        queue.append(u)
                    used_mask |= fresh
                members[b] = members.get(b, 1 << b) | moved
                todo &= ~members[b]  # now of ``v``'s blossom: passed over at their turn
            elif to not in parent:
                parent[to] = v
                labelled |= 1 << to
                position[to] = len(tree)
                tree.append(to)
                if to not in mate:
                    augment_to(to, parent, mate)
                    return True
                w = mate[to]
                used.add(w)
                used_mask |= 1 << w
                position[w] = len(tree)
                tree.append(w)
                queue.append(w)
    if outer is not None:
        outer.append(used_mask)
    return False


def without_mates(mate: Mapping[int, int], a: int, b: int) -> tuple[dict[int, int], list[int]]:
    """A copy of the matching ``mate`` with ``a`` and ``b`` taken out, and the players their
    leaving exposes (their mates, unless they were each other's), ``a``'s mate first."""
    left = dict(mate)
    exposed = []
    for x, y in ((a, b), (b, a)):
        m = left.pop(x)
        if m != y:
            del left[m]
            exposed.append(m)
    return left, exposed


def matched_without_pair(a: int, b: int, among: int, barred: Mapping[int, int],
                         mate: dict[int, int]) -> dict[int, int] | None:
    """A perfect matching of ``among`` (a bit set) without ``a`` and ``b`` (who may meet),
    repaired from ``mate``, a perfect matching of ``among``: the mates ``a`` and ``b`` leave
    meet each other when allowed, else each gets an augmenting path (:func:`augment_bits`);
    None when the rest has no perfect matching. ``mate`` itself is not changed."""
    mate, exposed = without_mates(mate, a, b)
    among &= ~((1 << a) | (1 << b))
    if len(exposed) == 2 and not (barred[exposed[0]] >> exposed[1]) & 1:
        mate[exposed[0]], mate[exposed[1]] = exposed[1], exposed[0]  # their own edge
    for x in exposed:
        if x not in mate and not augment_bits(x, among, barred, mate):
            return None
    return mate


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


def greedy_start(among: int, barred: Mapping[int, int]
                 ) -> tuple[list[int], dict[int, int], int]:
    """The greedy start of a maximum matching of the players of ``among`` (a bit set) under
    ``barred``: in the order of the fewest partners first (then the id), each player still
    free takes his lowest-numbered free partner (never himself, whether or not ``barred``
    holds his own bit). Returns that order, the matching (a both-ways partner map) and the
    bit set of the players left exposed."""
    order = sorted(bits(among), key=lambda v: ((among & ~barred[v]).bit_count(), v))
    free = among
    mate: dict[int, int] = {}
    for v in order:
        if not (free >> v) & 1:
            continue
        options = free & ~barred[v] & ~(1 << v)
        if options:
            u = (options & -options).bit_length() - 1
            mate[v], mate[u] = u, v
            free &= ~((1 << v) | (1 << u))
    return order, mate, free


class BitGraph:
    """Who may meet whom, as bit sets: ``barred[p]`` holds the players ``p`` may not meet
    (``p`` itself included)."""

    def __init__(self, barred: dict[int, int]) -> None:
        self.barred = barred

    def allowed(self, a: int, b: int) -> bool:
        return not (self.barred[a] >> b) & 1

    def matching(self, ids: Iterable[int], stop_at_failure: bool = False) -> dict[int, int]:
        """A maximum matching of ``ids`` (a both-ways partner map). With ``stop_at_failure``,
        the search stops at the first vertex left without an augmenting path (the matching
        returned is then not perfect, and not necessarily maximum)."""
        among = mask_of(ids)
        barred = self.barred
        order, mate, free = greedy_start(among, barred)
        if free.bit_count() > 1:
            for v in order:
                if v not in mate and not augment_bits(v, among, barred, mate) \
                        and stop_at_failure:
                    break
        return mate

    def perfect(self, ids: Iterable[int]) -> bool:
        """Whether the players can all be paired among themselves. The search stops at the
        first player left without an augmenting path: a perfect matching would give one from
        every exposed vertex (the symmetric difference with it holds a path from him ending at
        another exposed vertex), so none exists; the same answer as a whole maximum matching."""
        order = list(ids)
        return (len(order) % 2 == 0
                and len(self.matching(order, stop_at_failure=True)) == len(order))

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
