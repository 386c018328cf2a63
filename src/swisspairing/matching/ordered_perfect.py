"""The perfect matching of a graph that comes first in an order of some vertices' partners,
found by a greedy whose every choice is tested by one Edmonds search (``docs/dutch.md``
section 8.21, issue 26).

The question (the MDP-pairing of a Dutch bracket, 2017 D.3 then D.1, 2025 4.4.2 then 4.2):
``left`` is a list of vertices in priority order and ``preferred`` a set of vertices (the
MDPs and the residents). Among the perfect matchings of the graph, take

(a) those whose set ``{i : left[i] is matched into preferred}`` is lexicographically first
    (``left[0]`` matched into ``preferred`` if any perfect matching does it, then
    ``left[1]`` among those, ...): the largest ``sum(2 ** (len(left) - 1 - i))`` over
    those ``i``, D.3's digit;
(b) among those, the one giving ``left[0]`` its lowest-numbered partner in ``preferred``,
    then ``left[1]``, ...: D.1's digit ``sum((k - rank) * (k + 1) ** (len(left) - 1 - i))``
    read as a base ``k + 1`` number (``rank`` below ``k``), when ``preferred``'s vertices are
    numbered in rank order.

Each step is the usual greedy for a lexicographic maximum over a family: with the family ``F``
of perfect matchings meeting the choices made so far, a choice that some member of ``F``
makes is made by every lexicographically first member, so ``F`` shrinks to the members making
it; otherwise every member makes the other choice. A choice is a constraint on edges (``v``
only into ``preferred``, or only out of it; ``v`` paired with ``j``), so ``F`` stays "the
perfect matchings of a smaller graph", and "does a member of ``F`` pair ``v`` with ``j``" is
"has that graph less ``v`` and ``j`` a perfect matching". From a perfect matching ``M`` of the
graph, one Edmonds search from ``v``'s mate (``v`` taken out) answers it for every ``j`` at once
(:func:`partners_in_perfect_matchings`, the proof of
:meth:`~swisspairing.matching.bitpaths.BitMatching.partners_allowed`).
"""

from __future__ import annotations

from collections.abc import Sequence

from .bitpaths import BitMatching
from .bitsets import augment_bits, bits, matched_without_pair

#: how many Edmonds searches the last call made (for the benchmarks and the tests)
searches = {"partners": 0, "rematch": 0}


def _low(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def partners_in_perfect_matchings(v: int, among: int, barred: dict[int, int],
                                  mate: dict[int, int]) -> int:
    """For ``mate``, a perfect matching of ``among`` (a bit set) under ``barred``: the bit set
    of the vertices ``b`` such that ``among`` less ``v`` and ``b`` has a perfect matching
    (``v``'s own mate among them). One Edmonds search from ``v``'s mate in the graph without
    ``v``: its outer vertices (Gallai-Edmonds ``D``; proof in
    :meth:`~swisspairing.matching.bitpaths.BitMatching.partners_allowed`). ``mate`` is not
    changed."""
    searches["partners"] += 1
    rest = dict(mate)
    r = rest.pop(v)
    del rest[r]
    outer: list[int] = []
    if augment_bits(r, among & ~(1 << v), barred, rest, outer):  # pragma: no cover
        raise AssertionError("an augmenting path in an odd graph with one exposed vertex")
    return outer[0]


def _restrict(v: int, allowed: int, among: int, barred: dict[int, int]) -> None:
    """Take out every edge of ``v`` to a vertex outside ``allowed`` (both ends' ``barred``)."""
    for u in bits(among & ~barred[v] & ~allowed):
        barred[u] |= 1 << v
    barred[v] |= ~allowed


def first_perfect_matching(neighbours: Sequence[int], left: Sequence[int], preferred: int
                           ) -> dict[int, int] | None:
    """The perfect matching of (a) then (b) of the module docstring, of the graph on vertices
    ``0 .. len(neighbours) - 1`` where ``neighbours[v]`` is the bit set of ``v``'s neighbours
    (symmetric, without ``v``); ``left`` in priority order, ``preferred`` a bit set numbered
    in rank order (lowest bit first). Its pairs of ``left`` vertices are the lexicographic
    first ones; the other pairs are those of some perfect matching of the rest. None when
    the graph has no perfect matching."""
    n = len(neighbours)
    among = (1 << n) - 1
    barred = {v: ~neighbours[v] for v in range(n)}  # (holds v itself: ``v`` has no loop)
    searches["partners"] = searches["rematch"] = 0
    # a start that often is the answer: each left vertex its lowest free preferred neighbour
    start: list[tuple[int, int]] = []
    free = among
    for v in left:
        options = free & neighbours[v] & preferred
        if (free >> v) & 1 and options:
            u = _low(options)
            start.append((v, u))
            free &= ~((1 << v) | (1 << u))
    matching = BitMatching.starting_with(barred, among, start)
    if not matching.perfect:
        return None
    mate = matching.mate

    def rematched(v: int, j: int) -> dict[int, int] | None:
        """A perfect matching holding ``v j``, from ``mate`` (``j`` in ``v``'s partners)."""
        searches["rematch"] += 1
        rest = matched_without_pair(v, j, among, barred, mate)
        if rest is None:  # pragma: no cover - j was found among v's possible partners
            return None
        rest[v], rest[j] = j, v
        return rest

    # (a): which left vertices are matched into ``preferred`` (D.3)
    for v in left:
        if (preferred >> mate[v]) & 1:
            _restrict(v, preferred, among, barred)
            continue
        options = among & ~barred[v] & preferred
        possible = options and partners_in_perfect_matchings(v, among, barred, mate) & options
        if possible:
            new = rematched(v, _low(possible))
            if new is None:  # pragma: no cover
                return None
            mate = new
            _restrict(v, preferred, among, barred)
        else:
            _restrict(v, ~preferred, among, barred)
    # (b): each of them in turn its lowest partner (D.1); the pair then leaves the graph
    fixed: dict[int, int] = {}
    for v in left:
        j = mate[v]
        if not (preferred >> j) & 1:
            continue
        options = among & ~barred[v] & preferred
        best = _low(options)
        if j != best:
            best = _low(partners_in_perfect_matchings(v, among, barred, mate) & options)
            if best != j:
                new = rematched(v, best)
                if new is None:  # pragma: no cover
                    return None
                mate = new
                j = best
        fixed[v], fixed[j] = j, v
        among &= ~((1 << v) | (1 << j))
        del mate[v], mate[j]
    mate.update(fixed)
    return mate
