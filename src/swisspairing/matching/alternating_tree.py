"""The steps of Edmonds' blossom search that :func:`~swisspairing.matching.augment_path` (on
neighbour lists) and :func:`~swisspairing.matching.bitsets.augment_bits` (on bit sets) share.

Both grow one alternating tree from an exposed root; its state is three maps: ``mate`` (the
matching, both ways), ``parent`` (an inner vertex's outer neighbour in the tree; the mate of
an inner vertex is outer) and ``base`` (a vertex absent from it is its own base; the
members of a contracted blossom point to the blossom's base)."""

from __future__ import annotations

from collections.abc import Mapping


def common_base(a: int, b: int, base: Mapping[int, int], mate: Mapping[int, int],
                parent: Mapping[int, int]) -> int:
    """The base of the blossom that the edge between the outer vertices ``a`` and ``b``
    closes: the nearest common ancestor of their bases, walking up the tree by the mate, then
    the parent, of each base."""
    seen: set[int] = set()
    while True:
        a = base.get(a, a)
        seen.add(a)
        if a not in mate:
            break
        a = parent[mate[a]]
    while True:
        b = base.get(b, b)
        if b in seen:
            return b
        b = parent[mate[b]]


def mark_blossom_path(v: int, b: int, child: int, blossom: set[int], base: Mapping[int, int],
                      mate: Mapping[int, int], parent: dict[int, int]) -> list[int]:
    """Walk from ``v`` up to the blossom's base ``b``: the bases met join ``blossom`` and the
    vertices on the way whose mate is nearer the root get a parent towards ``child`` (the
    other end of the closing edge), so that an augmenting path can later go round the
    blossom. Returns the vertices given a parent."""
    given = []
    while base.get(v, v) != b:
        blossom.add(base.get(v, v))
        m = mate[v]
        blossom.add(base.get(m, m))
        parent[v] = child
        given.append(v)
        child = m
        v = parent[m]
    return given


def augment_to(end: int, parent: Mapping[int, int], mate: dict[int, int]) -> None:
    """Apply to ``mate`` the augmenting path from the exposed ``end`` (just reached) back to
    the root, by the parents: every edge on it changes side."""
    u: int | None = end
    while u is not None:
        pv = parent[u]
        nxt = mate.get(pv)
        mate[u] = pv
        mate[pv] = u
        u = nxt
