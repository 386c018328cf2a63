"""Maximum matchings on bit sets, grown from a smaller matching or shrunk one pair at a time.

The completion questions of Lim (art. 9.1, 11.4: can the players not yet paired still all be
paired?) and of the Elo-based Swiss (C12, C13: can the floaters and the lower levels still all be
paired?) are asked thousands of times per round on graphs where nearly everybody may meet
nearly everybody. A :class:`BitMatching` holds a maximum matching of a set of players (a bit
set, bit ``i`` = player ``i``) under a :class:`~swisspairing.matching.bitsets.BitGraph`-style
``barred`` map (the players each one may *not* meet, himself included). Each exposed vertex is
first given an augmenting path of one or three edges found with word operations (in a dense
graph there nearly always is one); only when there is none does Edmonds' search
(:func:`~swisspairing.matching.augment_path`) look for a longer one. The size of the matching
is always the maximum (Berge), so every answer is the one a full matching would give.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from .bitsets import augment_bits, bits, greedy_start, mask_of


def short_augment(v: int, free: int, matched: int, barred: Mapping[int, int],
                  mate: dict[int, int]) -> int | None:
    """An augmenting path of one or three edges from the exposed ``v`` to another exposed
    vertex (``free``: the exposed vertices, ``matched``: the matched ones, both bit sets of the
    graph's vertices), applied to ``mate``; the other end of the path, or None if there is no
    such path (a longer one may still exist)."""
    others = free & ~(1 << v)
    direct = others & ~barred[v]
    if direct:
        u = (direct & -direct).bit_length() - 1
        mate[v], mate[u] = u, v
        return u
    for a in bits(matched & ~barred[v]):
        b = mate[a]
        ends = others & ~barred[b]
        if ends:
            u = (ends & -ends).bit_length() - 1
            mate[v], mate[a], mate[b], mate[u] = a, v, u, b
            return u
    return None


def _five_edge_path(v: int, others: int, xs: int, zs: int, barred: Mapping[int, int],
                    mate: dict[int, int]) -> int | None:
    """The middle of a five-edge augmenting path ``v - b = x - y = a - e``: ``xs`` the mates of
    ``v``'s matched neighbours, ``zs`` the mates of the matched vertices joined to an exposed
    vertex of ``others``; the first edge ``x - y`` between them (read from the smaller side:
    fewer rows), the path applied to ``mate``; its other end ``e``, or None if there is no such
    edge (shared by :func:`five_augment` and :func:`augment_up_to_five`)."""
    found = None
    if xs.bit_count() <= zs.bit_count():
        for x in bits(xs):
            ys = zs & ~barred[x] & ~((1 << mate[x]) | (1 << x))
            if ys:
                found = x, (ys & -ys).bit_length() - 1
                break
    else:  # the same question asked from Z's side (fewer rows read)
        for y in bits(zs):
            xx = xs & ~barred[y] & ~((1 << mate[y]) | (1 << y))
            if xx:
                found = (xx & -xx).bit_length() - 1, y
                break
    if found is None:
        return None
    x, y = found
    b, a = mate[x], mate[y]
    ends = others & ~barred[a]
    e = (ends & -ends).bit_length() - 1
    mate[v], mate[b] = b, v
    mate[x], mate[y] = y, x
    mate[a], mate[e] = e, a
    return e


def five_augment(v: int, free: int, matched: int, barred: Mapping[int, int],
                 mate: dict[int, int]) -> int | None:
    """An augmenting path of five edges ``v - b = x - y = a - e`` from the exposed ``v`` to
    another exposed vertex ``e`` (``free``: the exposed vertices, ``matched``: the matched
    ones, both bit sets of the graph's vertices; ``=`` a pair of ``mate``), applied to
    ``mate``; ``e``, or None if there is no such path (a longer one may still exist). For a
    search after :func:`short_augment` (paths of one and three edges) and before Edmonds'
    (issue 26: in the Elo-Swiss family questions of near-miss round 5 the last two exposed
    vertices are often stand-ins a five-edge path joins, which Edmonds' breadth-first search
    reaches only after labelling most of a graph of a thousand vertices).

    Found with word operations: ``X``, the mates of ``v``'s matched neighbours; ``Z``, the
    mates of the matched neighbours of the other exposed vertices; a path exists exactly when
    some ``x`` of ``X`` is joined to some ``y`` of ``Z`` other than its own mate. It is a path
    (six distinct vertices): ``v`` and ``e`` are exposed and distinct, ``{b, x}`` and
    ``{y, a}`` are two pairs of the matching (``y`` is neither ``x`` nor ``b``, its mate),
    ``v b``, ``x y`` and ``a e`` are edges of the graph. Flipping it leaves a matching with
    ``v`` and ``e`` matched as well, as any augmenting path does (Berge). ``barred`` must be
    symmetric (an undirected graph)."""
    others = free & ~(1 << v)
    if not others:
        return None
    xs = 0
    for b in bits(matched & ~barred[v]):
        xs |= 1 << mate[b]
    if not xs:
        return None
    near = 0  # the matched vertices joined to another exposed vertex
    for e in bits(others):
        near |= matched & ~barred[e]
    zs = 0
    for a in bits(near):
        zs |= 1 << mate[a]
    return _five_edge_path(v, others, xs, zs, barred, mate)


def augment_up_to_five(v: int, free: int, matched: int, barred: Mapping[int, int],
                       mate: dict[int, int]) -> int | None:
    """An augmenting path of one, three or five edges from the exposed ``v`` to another
    exposed vertex, the shortest of those, applied to ``mate``; its other end, or None if
    there is none (a longer one may still exist). What :func:`short_augment` then
    :func:`five_augment` find, not necessarily the same path: the three-edge paths are looked
    for from the other exposed vertices' side, ``v - a = b - e`` with ``b`` among ``NE``, the
    matched vertices joined to an exposed vertex other than ``v``, and ``a = mate[b]`` joined
    to ``v``: one mate looked up per vertex of ``NE``, where :func:`short_augment` reads the
    row of the mate of each of ``v``'s matched neighbours (issue 26, s12-elo5c: the rows of the
    Elo-Swiss family questions are computed when first read; at 1,000 players, 255,000 of
    their 585,000 rows were read there). ``barred`` must be symmetric (an undirected
    graph)."""
    others = free & ~(1 << v)
    if not others:
        return None
    row_v = ~barred[v]
    direct = others & row_v
    if direct:
        u = (direct & -direct).bit_length() - 1
        mate[v], mate[u] = u, v
        return u
    nv = matched & row_v  # v's matched neighbours
    if not nv:
        return None
    near = 0  # NE: the matched vertices joined to an exposed vertex other than v
    for e in bits(others):
        near |= matched & ~barred[e]
    zs = 0  # their mates: a in nv & zs gives v - a = mate[a] - e
    for b in bits(near):
        zs |= 1 << mate[b]
    three = nv & zs
    if three:
        a = (three & -three).bit_length() - 1
        b = mate[a]
        ends = others & ~barred[b]
        e = (ends & -ends).bit_length() - 1
        mate[v], mate[a] = a, v
        mate[b], mate[e] = e, b
        return e
    xs = 0  # the mates of v's matched neighbours: v - b = x
    for b in bits(nv):
        xs |= 1 << mate[b]
    return _five_edge_path(v, others, xs, zs, barred, mate)


class BitMatching:
    """A maximum matching of the vertices of ``among`` (a bit set) in the graph ``barred``."""

    __slots__ = ("among", "barred", "matched", "mate")

    def __init__(self, barred: Mapping[int, int], among: int,
                 mate: dict[int, int] | None = None) -> None:
        self.barred = barred
        self.among = among
        if mate is None:
            self.mate: dict[int, int] = {}
            self.matched = 0
            self._greedy()
        else:
            self.mate = mate
            self.matched = mask_of(mate)
        self._complete(bits(among & ~self.matched))

    @classmethod
    def of(cls, barred: Mapping[int, int], ids: object) -> BitMatching:
        """A maximum matching of the players ``ids`` (an iterable of ids or a bit set)."""
        among = ids if isinstance(ids, int) else mask_of(ids)  # type: ignore[arg-type]
        return cls(barred, among)

    @classmethod
    def pruned(cls, barred: Mapping[int, int], among: int) -> BitMatching:
        """A maximum matching of ``among``, as the constructor's (greedy start, one search per
        exposed vertex) except that each search that finds no augmenting path removes its
        Hungarian tree (the vertices it labelled, outer and inner) from the graph the later
        searches see (issue 26: the sizes the Elo-Swiss system asks of near-miss levels, where
        hundreds of searches fail, each over the same dense barrier). The same size, not
        necessarily the same pairs: for callers that read only the size, or need any maximum
        matching.

        Proof (Edmonds' Hungarian trees). When the search from the exposed ``r`` fails in a
        graph ``G`` with matching ``M``, every neighbour of an outer vertex is inner or in the
        outer vertex's own blossom; the inner vertices ``A`` are matched to outer ones and the
        outer blossoms and vertices form ``|A| + 1`` odd sets joined only to ``A``. In any
        matching ``N`` of ``G``, if ``k`` vertices of ``A`` are matched outside the tree ``T``,
        at least ``k + 1`` of those odd sets keep a vertex unmatched inside ``T``, so ``N`` has
        at most ``(|T| - 1) / 2`` edges meeting ``T`` plus a matching of ``G - T``: the
        maximum size of ``G`` is ``|M on T| + `` that of ``G - T``, and ``M`` restricted to
        ``G - T`` is a matching of it (``T`` holds its own mates). So the tree's pairs are kept
        and the search goes on in ``G - T``; at the end every vertex left is matched (each
        search either augments or removes its root), which is maximum there."""
        m = cls.__new__(cls)
        m.barred, m.among, m.mate, m.matched = barred, among, {}, 0
        m._greedy()
        mate = m.mate
        live = among  # the graph the searches see: ``among`` less the Hungarian trees
        for v in list(bits(among & ~m.matched)):
            if not (live >> v) & 1 or (m.matched >> v) & 1:
                continue
            free = live & ~m.matched
            if not free & ~(1 << v):
                break
            u = short_augment(v, free, m.matched & live, barred, mate)
            if u is not None:
                m.matched |= (1 << v) | (1 << u)
                continue
            outer: list[int] = []
            if augment_bits(v, live, barred, mate, outer):
                m.matched = mask_of(mate)
                continue
            tree = outer[0]
            for w in bits(outer[0] & ~(1 << v)):
                tree |= 1 << mate[w]
            live &= ~tree
        return m

    @classmethod
    def starting_with(cls, barred: Mapping[int, int], among: int,
                      pairs: Iterable[tuple[int, int]], stop_at_failure: bool = False
                      ) -> BitMatching:
        """A maximum matching of ``among`` that starts from ``pairs`` (allowed, disjoint edges
        of ``among``): the vertices they leave take a free partner as in the constructor
        (fewest partners first, then the lowest), then augmenting paths. Any maximum matching
        answers the same questions; this one lets a caller choose which edges it holds when
        it can (issue 26: the D1 searches of the Elo-Swiss system, whose next pair is then
        often already in the matching). With ``stop_at_failure`` (for the question "is it
        perfect?"), the search stops at the first vertex left without a path (see
        :meth:`is_perfect`)."""
        m = cls.__new__(cls)
        m.barred, m.among, m.mate = barred, among, {}
        free = among
        for a, b in pairs:
            m.mate[a], m.mate[b] = b, a
            free &= ~((1 << a) | (1 << b))
        _, rest, free = greedy_start(free, barred)
        m.mate.update(rest)
        m.matched = among & ~free
        m._complete(bits(free), stop_at_failure)
        return m

    @classmethod
    def continued(cls, barred: Mapping[int, int], among: int, mate: dict[int, int],
                  matched: int, stop_at_failure: bool = False,
                  starts: list[int] | None = None) -> BitMatching:
        """A maximum matching of ``among`` grown from ``mate`` (a both-ways map of disjoint
        edges of ``among`` under ``barred``, taken over, not copied; ``matched``: its
        vertices): each exposed vertex, lowest first (or in the order of ``starts``, which
        must list every exposed vertex), gets an augmenting path as in :meth:`starting_with`
        (which this is without its greedy start: the caller made one). The order changes no
        answer: with ``stop_at_failure`` the search stops at a vertex without an augmenting
        path, which no perfect matching could leave exposed (:meth:`is_perfect`).
        Issue 26: the Elo-Swiss D2 questions of one stage begin from the previous question's
        matching, whose pairs are mostly edges of the next graph too."""
        m = cls.__new__(cls)
        m.barred, m.among, m.mate, m.matched = barred, among, mate, matched
        m._complete(bits(among & ~matched) if starts is None else starts, stop_at_failure)
        return m

    @classmethod
    def continued_to_perfect(cls, barred: Mapping[int, int], among: int,
                             mate: dict[int, int], matched: int, starts: Iterable[int]
                             ) -> BitMatching:
        """:meth:`continued` with ``stop_at_failure`` (for "is it perfect?"): each exposed
        vertex of ``starts`` in turn (``starts`` must list every exposed vertex) is given an
        augmenting path of one, three or five edges (:func:`augment_up_to_five`), else by
        Edmonds' search; stopped at the first vertex without one. Any augmenting path
        serves: each adds its two ends to the matching, and a vertex left without one is
        exposed in every maximum matching the search reaches, so no perfect matching
        exists (:meth:`is_perfect`): the same ``perfect`` as :meth:`continued`, not
        necessarily the same pairs. The path's other end is read from
        the exposed vertices, not the whole matching again. Issue 26 (s12-elo5c): in the
        Elo-Swiss near-miss round 5 at 1,000 players, 159 Edmonds searches of the D2 family
        questions (2.6 ms each) ended at a vertex five edges away."""
        for v in starts:
            if (matched >> v) & 1:
                continue
            free = among & ~matched
            if not free & ~(1 << v):
                break  # the last exposed vertex alone: no path (it joins two)
            u = augment_up_to_five(v, free, matched, barred, mate)
            if u is None:
                if not augment_bits(v, among, barred, mate):
                    break  # no augmenting path from v: not perfect
                u = next(w for w in bits(free & ~(1 << v)) if w in mate)
            matched |= (1 << v) | (1 << u)
        m = cls.__new__(cls)
        m.barred, m.among, m.mate, m.matched = barred, among, mate, matched
        return m

    @property
    def size(self) -> int:
        """The number of pairs."""
        return len(self.mate) // 2

    @property
    def perfect(self) -> bool:
        """Every vertex is matched."""
        return self.matched == self.among

    @staticmethod
    def is_perfect(barred: Mapping[int, int], among: int) -> bool:
        """Whether the vertices of ``among`` can all be matched; stops at the first vertex
        left without an augmenting path (it stays exposed in every maximum matching the
        search reaches, so no perfect matching exists)."""
        m = BitMatching.__new__(BitMatching)
        m.barred, m.among, m.mate, m.matched = barred, among, {}, 0
        m._greedy()
        exposed = list(bits(among & ~m.matched))
        return m._complete(exposed, stop_at_failure=True) and m.perfect

    def _greedy(self) -> None:
        """A maximal matching: each vertex, those with the fewest partners first (then the
        lowest), takes its lowest free partner."""
        _, self.mate, free = greedy_start(self.among, self.barred)
        self.matched = self.among & ~free

    def _complete(self, starts: object, stop_at_failure: bool = False) -> bool:
        """Augment from each exposed vertex of ``starts`` (in order) once: a vertex that has no
        augmenting path now never gets one later, so the matching ends maximum. A search from
        the last exposed vertex alone is skipped (a path joins two exposed vertices). With
        ``stop_at_failure``, returns False at the first vertex without a path (the matching
        is then not perfect and not necessarily maximum); True otherwise."""
        barred, mate = self.barred, self.mate
        for v in list(starts):  # type: ignore[call-overload]
            if (self.matched >> v) & 1:
                continue
            free = self.among & ~self.matched
            if not free & ~(1 << v):
                break
            u = short_augment(v, free, self.matched, barred, mate)
            if u is not None:
                self.matched |= (1 << v) | (1 << u)
                continue
            if augment_bits(v, self.among, barred, mate):
                self.matched = mask_of(mate)
            elif stop_at_failure:
                return False
        return True

    def without(self, a: int, b: int, stop_at_failure: bool = False) -> BitMatching:
        """A maximum matching of ``among`` minus ``a`` and ``b``, from this one (only the
        partners the two leave exposed can start an augmenting path); this one is unchanged.
        With ``stop_at_failure`` (for the question "is it perfect?"), the repair stops at the
        first partner left without a path: the matching returned is then not perfect, and not
        necessarily maximum (see :meth:`is_perfect`)."""
        mate = dict(self.mate)
        exposed = []
        for x in (a, b):
            y = mate.pop(x, None)
            if y is not None and y not in (a, b):
                mate.pop(y, None)
                exposed.append(y)
        new = BitMatching.__new__(BitMatching)
        new.barred = self.barred
        new.among = self.among & ~((1 << a) | (1 << b))
        new.mate = mate
        new.matched = self.matched & ~((1 << a) | (1 << b))
        for y in exposed:
            new.matched &= ~(1 << y)
        new._complete(exposed, stop_at_failure)
        return new

    def without_pairs(self, pairs: Iterable[tuple[int, int]], stop_at_failure: bool = False
                      ) -> BitMatching:
        """``self.without(a1, b1).without(a2, b2)...`` for the ``pairs`` in order, each step
        exactly as :meth:`without` (the same vertices removed, the same partners exposed in
        the same order, the same searches), on one copy of the matching instead of one per
        step: the very matching the chain gives (issue 26, s12-elo5c: the Elo-Swiss D1
        search rebuilds a dropped frame's completion by up to 15 repairs, each copying a
        matching of a thousand vertices). With ``stop_at_failure``, stops after the first
        step whose matching is not perfect (the chain's next steps would start from a
        matching that is not perfect: the caller reads only that it is not)."""
        new = BitMatching.__new__(BitMatching)
        new.barred, new.among, new.mate, new.matched = (
            self.barred, self.among, dict(self.mate), self.matched)
        mate = new.mate
        for a, b in pairs:
            exposed = []
            for x in (a, b):
                y = mate.pop(x, None)
                if y is not None and y not in (a, b):
                    mate.pop(y, None)
                    exposed.append(y)
            new.among &= ~((1 << a) | (1 << b))
            new.matched &= ~((1 << a) | (1 << b))
            for y in exposed:
                new.matched &= ~(1 << y)
            new._complete(exposed, stop_at_failure)
            if stop_at_failure and not new.perfect:
                break
        return new

    def partners_allowed(self, v: int) -> int:
        """For a perfect matching: the bit set of the vertices ``b`` such that ``among`` minus
        ``v`` and ``b`` still has a perfect matching (0 when this one is not perfect). One
        Edmonds search instead of one :meth:`without` per ``b`` (issue 26).

        Proof. Let ``r`` be ``v``'s mate and ``G`` the graph without ``v``: the matching minus
        ``v r`` is maximum in ``G`` (``G`` is odd; one vertex, ``r``, is exposed). ``G - b``
        has a perfect matching exactly when some maximum matching ``N`` of ``G`` leaves ``b``
        exposed (Gallai-Edmonds: ``b`` in ``D(G)``). If so, the symmetric difference with ours
        holds a path from ``b`` (exposed in ``N``) that starts with one of our edges; it cannot
        end with one of ours (its end would be exposed in ``N`` and flipping the path would
        enlarge ``N``), so it ends at a vertex exposed in ours: ``r``; an even alternating path
        from ``r`` to ``b``. Edmonds' search from ``r`` run to exhaustion (it finds no
        augmenting path: ``r`` is the only exposed vertex) labels outer every vertex at the end
        of an even alternating path from ``r`` (with the members of outer blossoms), and only
        those; flipping such a path leaves ``b`` exposed. So the outer set of that search is
        ``D(G)``, the answer (``r`` included: ``v r`` itself)."""
        if not self.perfect or not (self.among >> v) & 1:
            return 0
        mate = dict(self.mate)
        r = mate.pop(v)
        del mate[r]
        outer: list[int] = []
        if augment_bits(r, self.among & ~(1 << v), self.barred, mate, outer):
            raise AssertionError("an augmenting path in an odd graph with one exposed vertex")
        return outer[0]

    def grown(self, extra: int, stop_at_failure: bool = False) -> BitMatching:
        """A maximum matching of ``among`` plus the vertices of ``extra``, from this one (only
        the new vertices and those this one left exposed can start an augmenting path). With
        ``stop_at_failure`` (for the question "is it perfect?"), the search stops at the first
        vertex left without a path (see :meth:`is_perfect`)."""
        new = BitMatching.__new__(BitMatching)
        new.barred = self.barred
        new.among = self.among | extra
        new.mate = dict(self.mate)
        new.matched = self.matched
        new._complete(bits(new.among & ~new.matched), stop_at_failure)
        return new
