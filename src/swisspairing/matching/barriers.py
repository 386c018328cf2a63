"""Tutte barriers on bit sets: a cheap proof that removing a vertex leaves no perfect matching
(issue 26: the Elo-Swiss D1 searches of near-miss rounds, where the partners a player may take
are asked of a graph of 4,000 vertices, each answer one Edmonds search labelling nearly every
vertex, while what they refuse is a handful of vertices that the next question refuses too).

* :func:`odd_components` - how many components of odd size a graph has (a search per
  component that expands its frontier or absorbs from the unreached side, whichever is
  smaller: in a dense graph a giant component costs a few word operations per vertex left
  outside its first neighbourhood, not one per vertex of it).
* :func:`is_barrier` - whether a set ``X`` of vertices leaves at least ``|X|`` odd components:
  then no vertex of ``X`` can be removed leaving a perfect matching (Tutte).
* :func:`barrier_of` - the Gallai-Edmonds set ``A`` (the vertices outside ``D`` joined to
  ``D``) from ``D``, a guess for the next question.

Nothing here changes a matching; :mod:`~swisspairing.matching.bitsets`' answers stand.
"""

from __future__ import annotations

from collections.abc import Mapping

from .bitsets import bits


def _component(start: int, left: int, barred: Mapping[int, int]) -> int:
    """The bit set of the component of ``start`` in the graph of ``left`` (a bit set holding
    ``start``) under ``barred`` (per vertex, the vertices it is not joined to). Breadth first
    by layers; each layer is found either from the frontier (the union of its vertices'
    neighbours) or from the vertices not reached yet (those joined to the frontier), whichever
    set is smaller: both give the next layer exactly (the unreached neighbours of the
    frontier)."""
    comp = frontier = 1 << start
    while frontier:
        unreached = left & ~comp
        if not unreached:
            break
        layer = 0
        if frontier.bit_count() <= unreached.bit_count():
            for u in bits(frontier):
                layer |= unreached & ~barred[u]
        else:
            for w in bits(unreached):
                if frontier & ~barred[w]:
                    layer |= 1 << w
        comp |= layer
        frontier = layer
    return comp


def _components(among: int, barred: Mapping[int, int]) -> tuple[int, list[int]]:
    """The components of the graph of ``among``: the bit set of the isolated vertices, and the
    bit sets of the others. From the lowest vertex left each time: an isolated one costs one
    word operation, any other component one :func:`_component` (its vertices are then not
    looked at one by one: a dense graph's giant component costs little)."""
    isolated = 0
    groups = []
    left = among
    while left:
        low = left & -left
        u = low.bit_length() - 1
        if not left & ~barred[u] & ~low:
            isolated |= low
            left ^= low
            continue
        comp = _component(u, left, barred)
        groups.append(comp)
        left &= ~comp
    return isolated, groups


def odd_components(among: int, barred: Mapping[int, int]) -> int:
    """How many connected components of odd size the graph of ``among`` (a bit set) has under
    ``barred`` (per vertex, the vertices it is not joined to; the relation must be
    symmetric)."""
    isolated, groups = _components(among, barred)
    return isolated.bit_count() + sum(c.bit_count() & 1 for c in groups)


class Barrier:
    """A set ``x`` of vertices of the graph of ``among`` under ``barred`` with the components
    that removing it leaves (its isolated vertices as one bit set, the other components one bit
    set each), so that the same set is checked again in a subgraph by recomputing only the
    components that lost a vertex (:meth:`within`: the D1 search removes two vertices per
    frame)."""

    __slots__ = ("among", "barred", "groups", "isolated", "x")

    def __init__(self, among: int, barred: Mapping[int, int], x: int, isolated: int,
                 groups: list[int]) -> None:
        self.among, self.barred, self.x = among, barred, x
        self.isolated, self.groups = isolated, groups

    @classmethod
    def of(cls, among: int, barred: Mapping[int, int], x: int) -> Barrier:
        """``x`` (its vertices within ``among``) and the components of the graph without it."""
        x &= among
        return cls(among, barred, x, *_components(among & ~x, barred))

    def within(self, among: int, barred: Mapping[int, int]) -> Barrier:
        """The same set in the graph of ``among`` (and ``barred``): computed again when that
        is not a subgraph of this one; else the components that lost no vertex are kept (a
        subgraph adds no edge between them) and the vertices left of the others are split into
        components again: the components of the subgraph, exactly."""
        if barred is not self.barred or among & ~self.among:
            return Barrier.of(among, barred, self.x)
        gone = self.among & ~among
        if not gone:
            return self
        groups = []
        isolated = self.isolated & ~gone
        for comp in self.groups:
            if comp & gone:
                alone, parts = _components(comp & ~gone, barred)
                isolated |= alone
                groups.extend(parts)
            else:
                groups.append(comp)
        return Barrier(among, barred, self.x & among, isolated, groups)

    @property
    def odd(self) -> int:
        """How many components of odd size the graph without ``x`` has."""
        return self.isolated.bit_count() + sum(c.bit_count() & 1 for c in self.groups)

    @property
    def holds(self) -> bool:
        """Whether ``x`` is not empty and leaves at least ``|x|`` odd components: then for
        every vertex ``b`` of ``x`` the graph without ``b`` has no perfect matching (see
        :func:`is_barrier`)."""
        return bool(self.x) and self.odd >= self.x.bit_count()


def is_barrier(among: int, barred: Mapping[int, int], x: int) -> bool:
    """Whether the vertices of ``x`` (a bit set within ``among``) leave at least ``|x|`` odd
    components in the graph of ``among``. Then for every vertex ``b`` of ``x`` the graph
    without ``b`` has no perfect matching: removing the other ``|x| - 1`` vertices of ``x``
    from it leaves those same components, ``|x|`` odd ones, more than the vertices removed, and
    each odd component needs a partner outside itself (Tutte's condition fails)."""
    return Barrier.of(among, barred, x).holds


def barrier_of(among: int, barred: Mapping[int, int], d: int) -> int:
    """The vertices of ``among`` outside ``d`` that have a neighbour in ``d`` (with ``d`` the
    Gallai-Edmonds set ``D`` of the graph, the set ``A``: the barrier of the Gallai-Edmonds
    structure theorem). One word operation per vertex outside ``d``."""
    found = 0
    for w in bits(among & ~d):
        if d & ~barred[w]:
            found |= 1 << w
    return found
