"""Gallai-Edmonds questions on bit sets, each answered by searches that never repeat work
(issue 26: the near-miss rounds of Burstein and Dubov, where thousands of players cannot meet
each other and a maximum matching leaves hundreds of them exposed).

* :func:`missable` - the set ``D`` of the players some maximum matching leaves exposed, from a
  maximum matching, in **one** Edmonds search (before: one search per exposed player, each
  labelling nearly the whole graph).
* :func:`maximum_matching` - a maximum matching whose failed searches take their (Hungarian)
  trees out of the graph for the searches that follow, so every player is labelled by at most
  one failed search; short augmenting paths first, by word operations.
* :func:`greedy_cover` - the matroid greedy of the matching matroid (Burstein's C6 count of
  floaters per score), with the same trees left out.
* :func:`perfect` - whether a set of players can all be paired, with the short paths first
  (:meth:`~swisspairing.matching.bitpaths.BitMatching.is_perfect`).
* :func:`matched_without_pair` - a perfect matching repaired after a pair leaves, a path of
  three edges tried first.

All run :func:`~swisspairing.matching.bitsets.augment_bits` (Edmonds' blossom search on bit
sets) and :func:`~swisspairing.matching.bitpaths.short_augment`, and change nothing else; the
proofs are in the docstrings. Used by ``systems/burstein`` and ``systems/dubov`` (other
engines keep :mod:`~swisspairing.matching.bitsets`' answers, the same ones).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping

from .bitpaths import BitMatching, short_augment
from .bitsets import augment_bits, bits, greedy_start, mask_of, without_mates


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
    fewest partners first), then for each exposed player, in that order, an augmenting path
    of one or three edges when there is one
    (:func:`~swisspairing.matching.bitpaths.short_augment`, word operations), else an Edmonds
    search; a search that fails takes every vertex it labelled out of the graph of the later
    searches.

    It is maximum: in the end no player left exposed has an augmenting path
    (:func:`_augment_all`, and Berge). The matching may differ from
    ``BitGraph.matching``'s (another maximum one)."""
    among = mask_of(ids)
    order, mate, free = greedy_start(among, barred)
    if free.bit_count() > 1:
        _augment_all(order, among, barred, mate)
    return mate


class _WithPendants(Mapping[int, int]):
    """``barred`` of a graph extended by one pendant vertex per player of ``extra`` (ids from
    ``top`` on), joined to that player only."""

    def __init__(self, barred: Mapping[int, int], top: int, pendant_of: dict[int, int]
                 ) -> None:
        self.barred = barred
        self.top = top
        self.pendant_of = pendant_of
        self.owner = {t: e for e, t in pendant_of.items()}
        self.added = mask_of(self.owner)

    def __getitem__(self, v: int) -> int:
        if v >= self.top:
            return ~(1 << self.owner[v])
        t = self.pendant_of.get(v)
        return self.barred[v] | (self.added & ~(1 << t) if t is not None else self.added)

    def __iter__(self) -> Iterator[int]:
        return iter(self.barred)

    def __len__(self) -> int:
        return len(self.barred)


def greedy_cover(order: list[int], among: int, barred: Mapping[int, int]) -> int:
    """The matroid greedy of the matching matroid of ``among`` under ``barred``: the bit set
    of the players of ``order`` taken when, at their turn, some matching covers them and every
    player taken before (players of ``among`` outside ``order`` may serve as partners).

    A matching ``M`` covers the players taken and some players ``E`` not yet come (``M``
    never uncovers a taken player). A player of ``E`` is taken at its turn. Another player
    ``v`` can be taken exactly when an alternating path from ``v`` ends at a vertex ``M``
    leaves exposed, or, by an edge of ``M``, at a player of ``E`` (the symmetric difference of
    ``M`` with a matching ``N`` covering the players taken and ``v`` holds such a path from
    ``v``; flipping such a path gives such an ``N``): an augmenting path from ``v`` once every
    player of ``E`` has an exposed pendant vertex joined to it alone. So each ``v`` gets one
    augmenting search in the graph with those pendants (a path of one or three edges by word
    operations first, :func:`~swisspairing.matching.bitpaths.short_augment`, else Edmonds'),
    and the player of ``E`` at the end of a path leaves ``E`` uncovered, an exposed player at
    the end joins ``E`` (it has not come yet: a player turned down has no such path later).
    (Before issue 26's session 9, ``floaters_per_score`` augmented without the pendants: an
    augmenting path from a higher score could cover a lower one for nothing and make a later
    player of the higher score float; e.g. the path 0 - 2 - 5, scores 1, 3, 3: 2 took 0, and
    5 floated instead of 0.)

    A search that fails takes its tree out of the graph of the later searches: ``T`` (the
    root, its inner vertices ``I`` and their mates, all matched inside ``T`` but the root;
    every outer vertex or blossom joined only to ``I`` or to its own blossom, so ``|I| + 1``
    odd blossoms meet the rest only through ``I``). A later augmenting path exists exactly when
    a matching covers every vertex covered now and one more; such a matching covers all but
    the root's blossom of ``T`` entirely, so those ``|I|`` odd blossoms use every vertex of
    ``I``: it is matched inside ``T``, and without ``T`` covers the same vertices outside it.
    So the answer is the same without ``T``; the changes outside leave ``T`` such a tree
    (a pendant meets only its own player). ``T`` is the outer set the search reports and the
    mates of its members (every inner vertex was labelled with its mate)."""
    mate: dict[int, int] = {}
    top = max([among.bit_length()] + [barred[v].bit_length() for v in bits(among)])
    real = (1 << top) - 1
    pendant_of: dict[int, int] = {}  # E: a covered player not come yet -> its pendant
    next_id = top
    taken = covered = 0  # covered: the players ``mate`` covers
    live = among
    for v in order:
        if v in pendant_of:  # covered already
            del pendant_of[v]
            taken |= 1 << v
            continue
        if not (live >> v) & 1:  # pragma: no cover - only a failed root is left exposed
            continue
        graph = _WithPendants(barred, top, pendant_of)
        end = short_augment(v, (live & ~covered) | graph.added, live & covered, graph, mate)
        if end is None:
            outer: list[int] = []
            if not augment_bits(v, live | graph.added, graph, mate, outer):
                tree = outer[0]
                for u in bits(outer[0]):
                    if u in mate:
                        tree |= 1 << mate[u]
                live &= ~tree
                continue
            now = mask_of(mate)
            fresh = (now & real & ~covered & ~(1 << v)) | (now & ~real)
            end = fresh.bit_length() - 1  # one vertex: the path's other end
        taken |= 1 << v
        covered |= 1 << v
        if end >= top:  # a pendant: its player leaves the matching
            e = graph.owner[end]
            del mate[end], mate[e], pendant_of[e]
            covered &= ~(1 << e)
        else:  # an exposed player, not come yet: into E
            covered |= 1 << end
            pendant_of[end] = next_id
            next_id += 1
    return taken


def _augment_all(order: list[int], among: int, barred: Mapping[int, int],
                 mate: dict[int, int]) -> None:
    """Give each player of ``order`` left exposed by ``mate`` an augmenting path when one
    exists (a path of one or three edges first, else an Edmonds search); a search that fails
    takes its tree out of the graph of the later searches (the Hungarian tree lemma, proved
    in :func:`greedy_cover`). A player without a path at its turn has none later, so in the
    end ``mate`` is a maximum matching (Berge)."""
    free = among & ~mask_of(mate)
    live = among
    for v in order:
        if not (free >> v) & 1 or not (live >> v) & 1:
            continue
        end = short_augment(v, free & live, live & ~free, barred, mate)
        if end is not None:
            free &= ~((1 << v) | (1 << end))
            continue
        outer: list[int] = []
        if augment_bits(v, live, barred, mate, outer):
            free = among & ~mask_of(mate)
        else:
            tree = outer[0]
            for u in bits(outer[0]):
                if u in mate:
                    tree |= 1 << mate[u]
            live &= ~tree


def perfect(ids: Iterable[int], barred: Mapping[int, int]) -> bool:
    """Whether the players ``ids`` can all be paired among themselves under ``barred``: the
    answer of :meth:`~swisspairing.matching.bitsets.BitGraph.perfect`, by
    :meth:`~swisspairing.matching.bitpaths.BitMatching.is_perfect` (the same greedy start,
    then a path of one or three edges by word operations before any Edmonds search; it stops
    at the first player left without a path, who stays exposed in every maximum matching)."""
    among = mask_of(ids)
    return among.bit_count() % 2 == 0 and BitMatching.is_perfect(barred, among)


def matched_without_pair(a: int, b: int, among: int, barred: Mapping[int, int],
                         mate: Mapping[int, int]) -> dict[int, int] | None:
    """A perfect matching of ``among`` (a bit set) without ``a`` and ``b``, repaired from
    ``mate``, a perfect matching of ``among`` (not changed); None when the rest has none. The
    answer of :func:`~swisspairing.matching.bitsets.matched_without_pair`, with a path of
    three edges between the two players ``a`` and ``b`` leave (their own edge, else one of
    them, a matched pair, the other; word operations) tried before an Edmonds search.

    The rest has exactly those two players exposed, so it has a perfect matching exactly when
    an augmenting path joins them (Berge); any such path gives one."""
    repaired, exposed = without_mates(mate, a, b)
    rest = among & ~((1 << a) | (1 << b))
    if not exposed:
        return repaired
    x, y = exposed
    free = (1 << x) | (1 << y)
    if short_augment(x, free, rest & ~free, barred, repaired) is not None:
        return repaired
    return repaired if augment_bits(x, rest, barred, repaired) else None
