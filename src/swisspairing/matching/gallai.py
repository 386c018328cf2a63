"""Gallai-Edmonds questions on bit sets, each answered by searches that never repeat work
(issue 26: the near-miss rounds of Burstein and Dubov, where thousands of players cannot meet
each other and a maximum matching leaves hundreds of them exposed).

* :func:`missable` - the set ``D`` of the players some maximum matching leaves exposed, from a
  maximum matching, in **one** Edmonds search (before: one search per exposed player, each
  labelling nearly the whole graph).
* :func:`maximum_matching` - a maximum matching whose failed searches take their (Hungarian)
  trees out of the graph for the searches that follow, so every player is labelled by at most
  one failed search.

Both run :func:`~swisspairing.matching.bitsets.augment_bits` (Edmonds' blossom search on bit
sets) and change nothing else; the proofs are in the docstrings.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping

from .bitsets import augment_bits, bits, mask_of


class _WithRoot(Mapping[int, int]):
    """``barred`` of a graph extended by a root ``top`` and one twin ``t(e)`` per exposed
    vertex ``e``: the root meets only the twins, a twin only the root and its ``e``, and every
    other vertex none of the added ones but its own twin."""

    def __init__(self, barred: Mapping[int, int], top: int, twin_of: dict[int, int],
                 added: int) -> None:
        self.barred = barred
        self.top = top
        self.twin_of = twin_of  # exposed vertex -> its twin
        self.exposed_of = {t: e for e, t in twin_of.items()}
        self.added = added  # the bit set of the root and the twins

    def __getitem__(self, v: int) -> int:
        if v < self.top:
            twin = self.twin_of.get(v)
            own = 1 << twin if twin is not None else 0
            return self.barred[v] | (self.added & ~own)
        if v == self.top:  # the root meets only the twins
            return ~(self.added & ~(1 << v))
        return ~((1 << self.top) | (1 << self.exposed_of[v]))

    def __iter__(self) -> Iterator[int]:
        return iter(self.barred)

    def __len__(self) -> int:
        return len(self.barred)


def missable(among: int, barred: Mapping[int, int], mate: Mapping[int, int]) -> int:
    """Gallai-Edmonds ``D`` of the graph of ``among`` (a bit set) under ``barred``: the bit set
    of the vertices some maximum matching leaves exposed. ``mate`` (both ways) must be a
    maximum matching of it; it is not changed.

    One search. Add a root ``r`` and, for each vertex ``e`` that ``mate`` leaves exposed, a
    twin ``t(e)`` joined to ``r`` and to ``e`` only; match every ``e`` to its twin. The new
    matching leaves only ``r`` exposed in a graph with an odd number of vertices, so it is
    maximum, and Edmonds' search from ``r`` labels outer exactly the vertices at the end of an
    even alternating path from ``r``
    (:meth:`~swisspairing.matching.bitpaths.BitMatching.partners_allowed`'s proof). Such a
    path to an original vertex ``x`` is ``r, t(e), e`` followed by an even alternating path
    of the original graph from the exposed ``e`` to ``x`` (a twin meets only ``r`` and its
    ``e``; ``r`` only begins the path), and every such path of the original graph extends so.
    And ``x`` is at the end of an even alternating path from an exposed vertex of a maximum
    matching exactly when some maximum matching leaves ``x`` exposed (flip the path; the
    other way, the symmetric difference with a maximum matching leaving ``x`` exposed holds
    such a path, as in ``partners_allowed``). So the search's outer set, less ``r``, is
    ``D``; it finds no augmenting path (``r`` is the only exposed vertex)."""
    exposed = [v for v in bits(among) if v not in mate]
    if not exposed:
        return 0
    # above every vertex and every bit of their ``barred`` (which may name players elsewhere)
    top = max([among.bit_length()] + [barred[v].bit_length() for v in bits(among)])
    twin_of = {e: top + 1 + k for k, e in enumerate(exposed)}
    added = mask_of(range(top, top + 1 + len(exposed)))
    extended = dict(mate)
    for e, t in twin_of.items():
        extended[e], extended[t] = t, e
    outer: list[int] = []
    if augment_bits(top, among | added, _WithRoot(barred, top, twin_of, added), extended,
                    outer):  # pragma: no cover - the matching is maximum
        raise AssertionError("an augmenting path: the matching given is not maximum")
    return outer[0] & among


def maximum_matching(ids: Iterable[int], barred: Mapping[int, int]) -> dict[int, int]:
    """A maximum matching of ``ids`` under ``barred`` (a both-ways partner map): the greedy
    start of :meth:`~swisspairing.matching.bitsets.BitGraph.matching` (the players with the
    fewest partners first), then one Edmonds search per exposed player, in that order, where
    a search that fails takes every vertex it labelled out of the graph of the later searches.

    Why that keeps the matching maximum (the Hungarian tree lemma). A failed search from ``r``
    ends with a tree ``T``: ``r``, its inner vertices ``I`` and their mates, every vertex
    matched inside ``T`` but ``r``; an outer vertex (or outer blossom) has all its neighbours
    in ``T``, inner ones or of its own blossom. So the ``|I| + 1`` outer blossoms of ``T``
    (odd sets) are joined to the rest only through ``I``: any matching covers at most
    ``|I|`` of them through ``I`` and pairs the rest of each inside it, so it has at most
    ``|M ∩ T| + nu(G - T)`` edges, and the matching inside ``T`` plus a maximum matching of
    ``G - T`` reaches it. The searches that follow run in ``G - T`` (no edge of the matching
    leaves ``T``), so by induction the result is maximum. ``T`` is the outer set the search
    reports and the mates of its members (every inner vertex was labelled with its mate).
    The matching may differ from ``BitGraph.matching``'s (another maximum one)."""
    among = mask_of(ids)
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
        live = among
        for v in order:
            if v in mate or not (live >> v) & 1:
                continue
            outer: list[int] = []
            if not augment_bits(v, live, barred, mate, outer):
                tree = outer[0]
                for u in bits(outer[0]):
                    if u in mate:
                        tree |= 1 << mate[u]
                live &= ~tree
    return mate
