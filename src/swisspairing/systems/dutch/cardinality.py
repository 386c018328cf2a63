"""Maximum-cardinality matchings for the Dutch engine's completion and look-ahead tests
(C.4 / [C4], C.7 / [C8]; ``docs/dutch.md`` section 8.5 (d)).

The players of one absolute colour preference who are not topscorers may not meet one another
(C.3 / [C3]), so the graphs of these tests hold large independent sets of players with the
same neighbours. Edmonds' search from an exposed vertex that has no augmenting path explores
everything it can reach; repeating it for each of hundreds of such players was most of the
time of the near-miss rounds at 4,000 players (issue 26).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from ...matching import augment_path


def maximum_matching(verts: Iterable[int], adj: Mapping[int, list[int]]) -> dict[int, int]:
    """A maximum-cardinality matching of the subgraph of ``adj`` induced by ``verts`` (a
    both-ways partner map).

    A greedy start (each vertex, smallest degree first, takes its free neighbour of smallest
    degree), then Edmonds' augmenting paths from each exposed vertex, except a vertex whose
    neighbours are exactly those of an exposed vertex that already found none (its *twin*).

    Why the skip is exact. (1) When the search from an exposed ``u`` fails, a twin ``w`` (also
    exposed then, never adjacent to ``u``: each would be its own neighbour) has no augmenting
    path either: a path from ``w`` to an exposed ``x != u`` becomes one from ``u`` when its
    first vertex is replaced (``u`` has the same neighbours and, being exposed, is nowhere
    else on the path); a path from ``w`` to ``u`` read backwards is one from ``u`` to ``w``.
    (2) A vertex with no augmenting path keeps none after later augmentations (the lemma
    behind Edmonds' algorithm: augmenting along a path never creates one from a vertex that
    had none). So at the end no exposed vertex has an augmenting path, and by Berge's theorem
    the matching is maximum. Vertices covered once stay covered (augmenting keeps them).
    """
    vs = set(verts)
    nb = {v: [u for u in adj[v] if u in vs] for v in vs}
    degree = {v: len(n) for v, n in nb.items()}
    mate: dict[int, int] = {}
    for v in sorted(vs, key=lambda v: (degree[v], v)):
        if v in mate:
            continue
        best = min((u for u in nb[v] if u not in mate), key=lambda u: (degree[u], u),
                   default=None)
        if best is not None:
            mate[v], mate[best] = best, v
    failed: set[frozenset[int]] = set()
    for v in sorted(vs):
        if v in mate:
            continue
        twins = frozenset(nb[v])
        if twins in failed:
            continue
        if not augment_path(v, vs, nb, mate):
            failed.add(twins)
    return mate
