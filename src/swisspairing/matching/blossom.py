"""Maximum-weight matching in a general graph: the primal-dual blossom algorithm, O(n^3).

Written for the Dutch engines, whose edge weights are huge exact integers (the criteria of
C.04.3 C.5-C.19 as the digits of one number). Edmonds' blossom algorithm with the dual
variables of the weighted problem and Galil's bookkeeping of least-slack edges, so that each
stage (one augmentation) costs O(n^2) and the whole run O(n^3):

* every vertex ``v`` has a dual ``y[v]``, every non-trivial blossom ``B`` a dual ``z[B]``; an
  edge is *tight* when ``y[u] + y[v] + sum(z[B] for B containing both) == w(u, v)``;
* a stage grows alternating trees from the exposed vertices through tight edges (S = outer,
  T = inner labels), shrinks odd cycles of S vertices into blossoms and augments when two
  trees meet; when no tight edge is left to follow it moves the duals by the largest
  ``delta`` that keeps them feasible (four kinds, see :func:`_Solver.stage`);
* the run stops when the exposed vertices' duals reach 0 (maximum weight, not maximum
  cardinality: a heavier matching is never traded for a larger one).

All arithmetic is exact on Python integers: the weights are doubled, which keeps every dual
and every ``delta`` an integer. State lives in flat lists indexed by vertex (0..n-1) and
blossom (n..2n-1) numbers; no dictionaries on the hot paths.

Speed (issue 26). The weights of the Dutch near-miss rounds have 4,000-6,400 bits, so each
big-integer operation costs more than the rest of an edge's visit, and each stage rescans the
edges of every S vertex. The scan therefore makes the *same* decisions in the same order as the
plain algorithm (the engines rest on which maximum matching is returned when several tie:
``tests/test_blossom_same.py`` checks the matching and the duals against the solver before
these changes, ``tests/blossom_reference.py``) while computing less:

* every exposed vertex is an S root in every stage, and all S duals move together, so all the
  exposed vertices hold the same dual ``y_exposed`` (checked at each stage start; the shortcuts
  below are off if not): an edge between an exposed vertex and another vertex ``u`` is tight,
  or better than a recorded one, by comparing its weight with a bound, without arithmetic;
* a trivial S vertex's edges to exposed vertices can only enter its least-slack S-S edge
  (``bests``): the lightest slack is the heaviest such edge, the first in neighbour order among
  equal weights, kept in a per-vertex list sorted by weight; unless that edge is tight, the
  scan visits the matched neighbours only (in the same order) and compares it at the end;
* other tests cost one subtraction (``y[v] - w``, ``y[u] - w``) against bounds prepared per
  scanned vertex; values that only change with the duals are kept with the ``shift`` (sum of
  the deltas) they were computed at; the least-slack edge of a trivial T vertex is not kept
  (it is read only for FREE vertices, and such a vertex stays T or S until the stage ends);
* the search of the next ``delta`` compares stored keys with one bound instead of forming
  each slack;
* a stage that starts with no blossom cannot open one, so a FREE vertex has been FREE all
  along: its least-slack edge from the exposed vertices (all scanned before any delta) is its
  heaviest exposed neighbour's, found when the delta search needs it; an exposed vertex's scan
  then visits only its S neighbours and the FREE ones that have a tight edge from an exposed
  vertex (those whose heaviest exposed edge minus their dual equals ``y_exposed``).
"""

from __future__ import annotations

from bisect import bisect_right, insort
from collections.abc import Hashable, Iterable, Mapping

Edge = tuple[Hashable, Hashable]

_FREE, _S, _T = 0, 1, 2


def _numbered(vertices: Iterable[Hashable], edges: Mapping[Edge, int]
              ) -> tuple[list[Hashable], dict[tuple[int, int], int]]:
    """Number the vertices 0..n-1 (vertices named only in ``edges`` are added) and keep each
    edge once, with its larger weight; edges of weight <= 0 and loops are dropped."""
    index: dict[Hashable, int] = {}
    names: list[Hashable] = []
    for v in vertices:
        if v not in index:
            index[v] = len(names)
            names.append(v)
    pairs: dict[tuple[int, int], int] = {}
    for (a, b), w in edges.items():
        if w <= 0 or a == b:
            continue
        for x in (a, b):
            if x not in index:
                index[x] = len(names)
                names.append(x)
        i, j = index[a], index[b]
        key = (i, j) if i < j else (j, i)
        if w > pairs.get(key, 0):
            pairs[key] = w
    return names, pairs


def max_weight_matching(
    vertices: Iterable[Hashable], edges: Mapping[Edge, int]
) -> dict[Hashable, Hashable]:
    """Maximum-weight matching; edges of weight <= 0 and loops are ignored.

    Returns the partner map in both directions. Vertices named only in ``edges`` are added;
    when an edge is given twice (``(a, b)`` and ``(b, a)``) the larger weight counts.
    """
    names, pairs = _numbered(vertices, edges)
    if not pairs:
        return {}
    mate = _Solver(len(names), pairs).solve()
    return {names[v]: names[m] for v, m in enumerate(mate) if m >= 0}


def max_weight_matching_duals(
    vertices: Iterable[Hashable], edges: Mapping[Edge, int]
) -> tuple[dict[Hashable, Hashable], dict[Hashable, int]]:
    """:func:`max_weight_matching` of a **bipartite** graph, with the final vertex duals.

    The duals are on the doubled scale: ``y[u] + y[v] >= 2 * w(u, v)`` for every edge, with
    equality on the matched ones, and ``y[v] == 0`` for every exposed vertex. A bipartite graph
    has no odd cycle, hence no blossom: so a matching is of maximum weight if and only if it
    uses only edges with ``y[u] + y[v] == 2 * w(u, v)`` and covers every vertex with
    ``y[v] > 0`` (complementary slackness). Raises ValueError if a blossom was needed.
    """
    names, pairs = _numbered(vertices, edges)
    if not pairs:
        return {}, {v: 0 for v in names}
    solver = _Solver(len(names), pairs)
    mate = solver.solve()
    if any(b != -1 for b in solver.base[solver.n:]):
        raise ValueError("the graph is not bipartite")
    return ({names[v]: names[m] for v, m in enumerate(mate) if m >= 0},
            {names[v]: solver.y[v] for v in range(len(names))})


def matching_weight(mate: Mapping[Hashable, Hashable], edges: Mapping[Edge, int]) -> int:
    """Total weight of a partner map (each pair counted once)."""
    total = 0
    for (a, b), w in edges.items():
        if a != b and mate.get(a) == b:
            total += w
    return total


class _Solver:
    """One run of the algorithm on vertices 0..n-1 (blossoms are numbered n..2n-1)."""

    def __init__(self, n: int, pairs: Mapping[tuple[int, int], int]) -> None:
        self.n = n
        nb = 2 * n
        # doubled weights (keeps duals and deltas integral), one map per vertex: O(n + m)
        # memory, not an n x n matrix (16 M cells at 4,000 vertices)
        self.W: list[dict[int, int]] = [{} for _ in range(n)]
        # neighbours with the doubled weight, for the scanning loop
        self.nbrs: list[list[tuple[int, int]]] = [[] for _ in range(n)]
        # mirror[i][k]: the place of i in the neighbours of nbrs[i][k]
        self.mirror: list[list[int]] = [[] for _ in range(n)]
        W, nbrs, mirror = self.W, self.nbrs, self.mirror
        for (i, j), w in pairs.items():
            w2 = w + w
            W[i][j] = W[j][i] = w2
            mirror[i].append(len(nbrs[j]))
            mirror[j].append(len(nbrs[i]))
            nbrs[i].append((j, w2))
            nbrs[j].append((i, w2))
        # the places of each vertex's neighbours by decreasing weight (ties: in place order),
        # and how many of them are known matched: the heaviest exposed neighbour is next
        # (each sorted when first needed)
        self.heaviest: list[list[int] | None] = [None] * n
        self.heaviest_from = [0] * n
        # the places of each vertex's matched neighbours, in place order (the exposed ones
        # are all S with one dual: see ``stage``)
        self.matched_places: list[list[int]] = [[] for _ in range(n)]
        top_w = max(pairs.values(), default=0)
        self.mate = [-1] * n
        self.y = [top_w] * n            # vertex duals (half of the largest doubled weight)
        self.z = [0] * nb               # blossom duals
        self.top = list(range(n))       # outermost blossom holding each vertex
        self.parent = [-1] * nb         # immediate enclosing blossom
        self.childs: list[list[int]] = [[] for _ in range(nb)]  # cycle, base child first
        # cedges[b][k] = (x, y): x in childs[b][k], y in childs[b][k + 1] (cyclically)
        self.cedges: list[list[tuple[int, int]]] = [[] for _ in range(nb)]
        self.base = list(range(n)) + [-1] * n
        self.label = [_FREE] * nb
        self.lfrom = [-1] * nb          # vertex outside the blossom it was labelled from
        self.lto = [-1] * nb            # vertex inside the blossom reached by that edge
        self.bestv = [-1] * n           # S vertex of the least-slack edge to a non-S vertex
        # y[bestv] + shift - w(bestv, v): the slack less y[v] and plus ``shift``, fixed while
        # the stage lasts (bestv is S: its dual falls by each delta, as ``shift`` grows);
        # None: to be derived from bthr
        self.bq: list[int | None] = [None] * n
        # exposed_y + shift - bq: an edge from an exposed S vertex with a smaller weight has a
        # larger slack (None: bestv unset, or the exposed vertices' duals are not all equal)
        self.bthr: list[int | None] = [None] * n
        # y[v] + the exposed vertices' dual (an edge from one of them of this weight is tight),
        # computed at this value of ``shift`` (duals change only when ``shift`` grows)
        self.tightw = [0] * n
        self.tightw_at = [-1] * n
        # shift - y[v] (an edge from any S vertex with y[s] + shift - w equal is tight), and
        # the slack of bestv's edge plus ``shift`` with the y[v] it was computed from
        self.tightq = [0] * n
        self.tightq_at = [-1] * n
        self.slack_k: list[int | None] = [None] * n
        # lazy stages (see ``stage``): when each vertex was scanned, each vertex's heaviest
        # exposed neighbour (-1: none) and the stage it was found in, the best edge's S end
        self.scanned_at = [0] * n
        self.exposed_best = [-1] * n
        self.exposed_best_stage = [0] * n
        self.best_v = [-1] * n
        self.stage_count = 0
        self.s_matched: list[int] = []
        self.placeof: list[dict[int, int] | None] = [None] * n
        self.slack_k_y: list[int | None] = [None] * n
        self.bests: list[tuple[int, int] | None] = [None] * nb  # least-slack S-S edge
        self.bkey = [0] * nb            # its slack + 2 * shift at recording time
        self.blist: list[list[tuple[int, int]] | None] = [None] * nb
        self.unused = list(range(nb - 1, n - 1, -1))
        self.queue: list[int] = []
        self.shift = 0                  # sum of the deltas of the current stage

    # --- helpers -----------------------------------------------------------------------------
    def leaves(self, b: int) -> list[int]:
        n = self.n
        if b < n:
            return [b]
        out: list[int] = []
        stack = [b]
        childs = self.childs
        while stack:
            c = stack.pop()
            if c < n:
                out.append(c)
            else:
                stack.extend(childs[c])
        return out

    def slack(self, a: int, b: int) -> int:
        return self.y[a] + self.y[b] - self.W[a][b]

    def set_s(self, b: int, frm: int, to: int) -> None:
        """Label the outermost blossom ``b`` S (outer) and queue its vertices for scanning."""
        self.label[b] = _S
        self.lfrom[b] = frm
        self.lto[b] = to
        self.bests[b] = None
        self.blist[b] = None
        leaves = self.leaves(b)
        self.queue.extend(leaves)
        mate = self.mate
        self.s_matched.extend([x for x in leaves if mate[x] != -1])

    def assign_t(self, w: int, s: int) -> None:
        """The tight edge (s, w) reaches the free blossom of ``w``: it becomes T (inner) and
        the blossom matched to its base becomes S."""
        b = self.top[w]
        self.label[b] = _T
        self.lfrom[b] = s
        self.lto[b] = w
        bb = self.base[b]
        m = self.mate[bb]
        self.set_s(self.top[m], bb, m)

    # --- tight S-S edge: blossom or augmenting path ------------------------------------------
    def tight_ss(self, v: int, u: int) -> bool:
        """Edge (v, u) is tight between two S blossoms: shrink the odd cycle it closes, or
        augment along the path it completes between two trees. True when augmented."""
        top, lfrom = self.top, self.lfrom
        seen: set[int] = set()
        a, b = top[v], top[u]
        common = -1
        while a != -1 or b != -1:
            if a != -1:
                if a in seen:
                    common = a
                    break
                seen.add(a)
                t = lfrom[a]
                a = -1 if t == -1 else top[lfrom[top[t]]]
            a, b = b, a
        if common == -1:
            self.augment(v, u)
            return True
        self.add_blossom(common, v, u)
        return False

    def add_blossom(self, bb: int, v: int, u: int) -> None:
        top, lfrom, lto = self.top, self.lfrom, self.lto
        nb = self.unused.pop()
        path_v: list[int] = []
        edges_v: list[tuple[int, int]] = []
        x = top[v]
        while x != bb:
            path_v.append(x)
            edges_v.append((lfrom[x], lto[x]))
            x = top[lfrom[x]]
        path_u: list[int] = []
        edges_u: list[tuple[int, int]] = []
        x = top[u]
        while x != bb:
            path_u.append(x)
            edges_u.append((lfrom[x], lto[x]))
            x = top[lfrom[x]]
        childs = [bb, *reversed(path_v), *path_u]
        cedges = [*reversed(edges_v), (v, u), *((q, p) for p, q in edges_u)]
        self.childs[nb] = childs
        self.cedges[nb] = cedges
        self.base[nb] = self.base[bb]
        self.parent[nb] = -1
        self.z[nb] = 0
        self.label[nb] = _S
        lfrom[nb] = lfrom[bb]
        lto[nb] = lto[bb]
        label, parent, queue = self.label, self.parent, self.queue
        for c in childs:
            parent[c] = nb
            was_t = label[c] == _T
            for leaf in self.leaves(c):
                top[leaf] = nb
                if was_t:
                    queue.append(leaf)
                    self.s_matched.append(leaf)
        # least-slack edges from the new blossom to each other S blossom (Galil)
        y, W, nbrs = self.y, self.W, self.nbrs
        best_to: dict[int, tuple[int, int, int]] = {}
        for c in childs:
            known = self.blist[c]
            if known is not None:
                for a, b in known:
                    ob = top[b]
                    if ob != nb and label[ob] == _S:
                        s = y[a] + y[b] - W[a][b]
                        cur = best_to.get(ob)
                        if cur is None or s < cur[0]:
                            best_to[ob] = (s, a, b)
            else:
                # every edge of the child's vertices, in place order; the weight kept in
                # ``nbrs`` is W[a][b] (each edge is numbered once): docs/dutch.md 8.11
                for a in self.leaves(c):
                    ya = y[a]
                    for b, w2 in nbrs[a]:
                        ob = top[b]
                        if ob != nb and label[ob] == _S:
                            s = ya + y[b] - w2
                            cur = best_to.get(ob)
                            if cur is None or s < cur[0]:
                                best_to[ob] = (s, a, b)
            self.blist[c] = None
            self.bests[c] = None
        self.blist[nb] = [(a, b) for _, a, b in best_to.values()]
        if best_to:
            s, a, b = min(best_to.values())
            self.bests[nb] = (a, b)
            self.bkey[nb] = s + 2 * self.shift
        else:
            self.bests[nb] = None

    # --- augmentation ------------------------------------------------------------------------
    def rotate(self, b: int, v: int) -> None:
        """Make vertex ``v`` the base of blossom ``b``, flipping the matched edges along the
        even side of its cycle (recursively inside the sub-blossoms)."""
        n, parent, mate = self.n, self.parent, self.mate
        t = v
        while parent[t] != b:
            t = parent[t]
        if t >= n:
            self.rotate(t, v)
        ch = self.childs[b]
        ce = self.cedges[b]
        k = len(ch)
        i = ch.index(t)
        if i:
            flips: list[tuple[int, int, int, int]] = []
            if i & 1:
                for j in range(i + 1, k, 2):
                    p, q = ce[j]
                    flips.append((ch[j], p, ch[(j + 1) % k], q))
            else:
                for j in range(i - 1, 0, -2):
                    p, q = ce[j - 1]
                    flips.append((ch[j - 1], p, ch[j], q))
            for cp, p, cq, q in flips:
                if cp >= n:
                    self.rotate(cp, p)
                if cq >= n:
                    self.rotate(cq, q)
                mate[p] = q
                mate[q] = p
            self.childs[b] = ch[i:] + ch[:i]
            self.cedges[b] = ce[i:] + ce[:i]
        self.base[b] = v

    def augment(self, v: int, u: int) -> None:
        n, top, lfrom, lto, mate = self.n, self.top, self.lfrom, self.lto, self.mate
        for s, j in ((v, u), (u, v)):
            while True:
                bs = top[s]
                if bs >= n:
                    self.rotate(bs, s)
                mate[s] = j
                t = lfrom[bs]
                if t == -1:
                    break
                bt = top[t]
                s2, j2 = lfrom[bt], lto[bt]
                if bt >= n:
                    self.rotate(bt, j2)
                mate[j2] = s2
                s, j = s2, j2

    # --- expansion ---------------------------------------------------------------------------
    def expand(self, b: int, endstage: bool) -> None:
        n, top, parent, label = self.n, self.top, self.parent, self.label
        ch = self.childs[b]
        for c in ch:
            parent[c] = -1
            if c < n:
                top[c] = c
            elif endstage and self.z[c] == 0:
                self.expand(c, True)
            else:
                for leaf in self.leaves(c):
                    top[leaf] = c
        if not endstage and label[b] == _T:
            # the T blossom opens: the even path from the entry child to the base child
            # keeps the tree alternating (T, S, ..., T); the other children become free
            ce = self.cedges[b]
            k = len(ch)
            for c in ch:
                label[c] = _FREE
            x = self.lto[b]
            t = top[x]
            i = ch.index(t)
            forward = bool(i & 1)
            path = [*range(i, k), 0] if forward else list(range(i, -1, -1))
            label[t] = _T
            self.lfrom[t] = self.lfrom[b]
            self.lto[t] = x
            for idx in range(1, len(path), 2):
                ct, cs, cn = ch[path[idx - 1]], ch[path[idx]], ch[path[idx + 1]]
                self.set_s(cs, self.base[ct], self.base[cs])
                if forward:
                    p, q = ce[path[idx]]
                else:
                    q, p = ce[path[idx] - 1]
                label[cn] = _T
                self.lfrom[cn] = p
                self.lto[cn] = q
        label[b] = _FREE
        self.childs[b] = []
        self.cedges[b] = []
        self.base[b] = -1
        self.z[b] = 0
        self.bests[b] = None
        self.blist[b] = None
        self.lfrom[b] = self.lto[b] = -1
        self.unused.append(b)

    def heaviest_exposed_weight(self, u: int) -> int | None:
        """The weight of the heaviest edge from ``u`` to an exposed vertex (None: none)."""
        nbu, order, p = self._heaviest_exposed_slot(u)
        return nbu[order[p]][1] if p < len(order) else None

    def _heaviest_exposed_slot(self, u: int) -> tuple[list[tuple[int, int]], list[int], int]:
        """``u``'s neighbour list, its positions heaviest edge first (sorted when first
        asked), and the first position whose neighbour is exposed (past the end: none), moved
        on past the neighbours matched since."""
        nbu = self.nbrs[u]
        order = self.heaviest[u]
        if order is None:
            order = self.heaviest[u] = sorted(range(len(nbu)), reverse=True,
                                              key=lambda k: nbu[k][1])
        mate = self.mate
        p = self.heaviest_from[u]
        while p < len(order) and mate[nbu[order[p]][0]] != -1:
            p += 1
        self.heaviest_from[u] = p
        return nbu, order, p

    def heaviest_exposed(self, u: int) -> int:
        """The exposed neighbour of ``u`` with the heaviest edge, the first scanned in this
        stage among equal weights (-1: none)."""
        nbu, order, p = self._heaviest_exposed_slot(u)
        if p == len(order):
            return -1
        best, top_w = nbu[order[p]][0], nbu[order[p]][1]
        mate, scanned_at = self.mate, self.scanned_at
        for q in range(p + 1, len(order)):
            x, w = nbu[order[q]]
            if w != top_w:
                break
            if mate[x] == -1 and scanned_at[x] < scanned_at[best]:
                best = x
        return best

    # --- main loop ---------------------------------------------------------------------------
    def stage(self) -> bool:
        """Grow trees until an augmentation (True) or optimality (False)."""
        n, nb = self.n, 2 * self.n
        label, top, parent, base = self.label, self.top, self.parent, self.base
        y, z, nbrs, mate = self.y, self.z, self.nbrs, self.mate
        bestv, bests, bkey = self.bestv, self.bests, self.bkey
        # in place (the lists are shared), at C speed: a stage can be short
        label[:] = [_FREE] * nb
        bests[:] = [None] * nb
        self.blist[:] = [None] * nb
        bestv[:] = [-1] * n
        self.queue = queue = []
        self.s_matched = s_matched = []  # the matched S vertices, in labelling order
        self.shift = 0
        for v in range(n):
            if mate[v] == -1 and label[top[v]] == _FREE:
                self.set_s(top[v], -1, -1)
        bq, bthr, tightw, tightw_at = self.bq, self.bthr, self.tightw, self.tightw_at
        best_v = self.best_v
        heaviest, heaviest_from = self.heaviest, self.heaviest_from
        tightq, tightq_at, slack_k, slack_k_y = (self.tightq, self.tightq_at, self.slack_k,
                                                 self.slack_k_y)
        matched_places = self.matched_places
        # Every exposed vertex is an S root of every stage, so all hold the same dual (the
        # smallest); checked here, as the fast tests below rest on it.
        exposed_duals = {y[v] for v, m in enumerate(mate) if m == -1}
        yk_exposed = exposed_duals.pop() if len(exposed_duals) == 1 else None
        uniform = yk_exposed is not None
        bthr[:] = [None] * n
        tightw_at[:] = [-1] * n
        tightq_at[:] = [-1] * n
        slack_k[:] = [None] * n
        # A stage that starts with no blossom has no T blossom to open (new blossoms are S),
        # so a FREE vertex has been FREE since the stage began: every exposed vertex scanned
        # next to it (all are, before the first delta) offered it a least-slack edge, and the
        # best of those is its heaviest exposed neighbour (the first scanned among equals).
        # Then the exposed vertices' scans test FREE neighbours for tightness only, and the
        # delta search takes the better of that edge and the best from the other S vertices.
        lazy = uniform and all(b == -1 for b in base[n:])
        scanned_at, exposed_best, exposed_best_stage = (self.scanned_at, self.exposed_best,
                                                         self.exposed_best_stage)
        self.stage_count += 1
        stage_no = self.stage_count
        clock = 0
        # lazy stages: the FREE vertices by (heaviest exposed neighbour's weight - dual): an
        # edge from an exposed vertex to u can be tight only when that equals y_exposed
        by_gap: dict[int, list[int]] = {}
        if lazy:
            for u in range(n):
                if mate[u] != -1:
                    heavy_w = self.heaviest_exposed_weight(u)
                    if heavy_w is not None:
                        by_gap.setdefault(heavy_w - y[u], []).append(u)
        maybe_tight: list[int] = []
        maybe_tight_at = -1
        placeof = self.placeof
        while True:
            shift = self.shift
            two_shift = 2 * shift
            y_exposed = yk_exposed - shift if yk_exposed is not None else 0
            # The weights have thousands of bits and their arithmetic is the cost of the
            # run: the slack y[v] + y[u] - w is never formed in a scan. An edge to an exposed
            # S vertex u (dual y_exposed) is tight when w == y_exposed + y[v] and beats the
            # best S-S edge when w > y_exposed - lim: comparisons only. Other edges cost one
            # subtraction, compared with bounds prepared once per scanned vertex.
            while queue:
                v = queue.pop()
                clock += 1
                scanned_at[v] = clock
                bv = top[v]
                yv = y[v]
                nyv = -yv
                ykv = yv + shift
                # an S-S edge enters bests[bv] when slack + 2 * shift < bkey[bv], that is
                # when y[u] - w < lim (None: no edge recorded yet)
                lim = None if bests[bv] is None else bkey[bv] - two_shift - yv
                tight_w = y_exposed + yv
                beat_w = None if lim is None else y_exposed - lim
                fast_free = uniform and mate[v] == -1
                nbv = nbrs[v]
                # A trivial S vertex none of whose exposed neighbours is tight: those edges
                # can only enter bests[v], the first of the heaviest (all exposed duals are
                # equal); the scan visits the matched neighbours only, in the same order,
                # and compares that edge with their best at the end.
                reduced = False
                heavy = -1
                if uniform and bv == v:
                    order = heaviest[v]
                    if order is None:
                        order = heaviest[v] = sorted(range(len(nbv)), reverse=True,
                                                     key=lambda k: nbv[k][1])
                    p = heaviest_from[v]
                    while p < len(order) and mate[nbv[order[p]][0]] != -1:
                        p += 1
                    heaviest_from[v] = p
                    if p < len(order):
                        heavy = order[p]
                        reduced = nbv[heavy][1] != tight_w
                    else:
                        reduced = True
                places: Iterable[int] = matched_places[v] if reduced else range(len(nbv))
                sparse = False
                if reduced and fast_free and lazy:
                    # the matched neighbours an exposed vertex's scan acts on: the S ones and
                    # the FREE ones with a tight edge from an exposed vertex (others are T,
                    # or FREE with no tight edge: nothing to do); listed when fewer
                    if maybe_tight_at != shift:
                        maybe_tight = by_gap.get(y_exposed, [])
                        maybe_tight_at = shift
                    if len(s_matched) + len(maybe_tight) < len(matched_places[v]):
                        pv = placeof[v]
                        if pv is None:
                            pv = placeof[v] = {x: k for k, (x, _) in enumerate(nbv)}
                        act = [pv[x] for x in s_matched if x in pv]
                        act += [pv[x] for x in maybe_tight
                                if x in pv and label[top[x]] == _FREE]
                        act.sort()
                        places = act
                        sparse = True
                best_k = -1
                while True:
                    resume = -1
                    went_full = False
                    for k in places:
                        u, w = nbv[k]
                        bu = top[u]
                        if bu == bv:
                            continue
                        lu = label[bu]
                        if lu == _S:
                            if uniform and mate[u] == -1:
                                if w == tight_w:
                                    t = nyv  # slack 0
                                elif beat_w is None or w > beat_w:
                                    t = y_exposed - w
                                else:
                                    continue
                            else:
                                t = y[u] - w
                            if t == nyv:  # slack 0
                                if self.tight_ss(v, u):
                                    return True
                                bv = top[v]
                                lim = None if bests[bv] is None else bkey[bv] - two_shift - yv
                                beat_w = None if lim is None else y_exposed - lim
                                if reduced:
                                    # v is in a new blossom: the rest of the scan in full
                                    resume = k + 1
                                    went_full = True
                                    break
                            elif lim is None or t < lim:
                                bests[bv] = (v, u)
                                bkey[bv] = t + yv + two_shift
                                lim = t
                                beat_w = y_exposed - t
                                best_k = k
                        elif lu == _T and bu < n:
                            # a trivial T vertex stays T (or joins an S blossom) until the
                            # stage ends: its least-slack edge, read only for FREE vertices,
                            # is unused
                            continue
                        elif fast_free and lazy:
                            # u is FREE (no T blossom in this stage): tightness only
                            if tightw_at[u] != shift:
                                tightw[u] = y_exposed + y[u]
                                tightw_at[u] = shift
                            if w == tightw[u]:  # slack 0
                                self.assign_t(u, v)
                                if sparse:
                                    # labels changed: the rest over the matched neighbours
                                    resume = k + 1
                                    break
                        elif fast_free:
                            # v is exposed: the slack is y_exposed + y[u] - w, weights compare
                            thr = bthr[u]
                            if thr is not None and w < thr:
                                continue  # a larger slack than bestv[u]'s (>= 0): not tight
                            if lu == _FREE:
                                if tightw_at[u] != shift:
                                    tightw[u] = y_exposed + y[u]
                                    tightw_at[u] = shift
                                if w == tightw[u]:  # slack 0
                                    self.assign_t(u, v)
                                    continue
                            if thr is None or w > thr:
                                bestv[u] = v
                                bthr[u] = w
                                bq[u] = None
                                slack_k[u] = None
                        else:
                            q = ykv - w
                            if lu == _FREE:
                                if tightq_at[u] != shift:
                                    tightq[u] = shift - y[u]
                                    tightq_at[u] = shift
                                if q == tightq[u]:  # slack 0
                                    self.assign_t(u, v)
                                    continue
                            if bestv[u] == -1:
                                better = True
                            else:
                                cur = bq[u]
                                if cur is None:
                                    cur = bq[u] = yk_exposed - bthr[u]  # type: ignore[operator]
                                better = q < cur
                            if better:
                                bestv[u] = v
                                bq[u] = q
                                slack_k[u] = None
                                if uniform:
                                    bthr[u] = yk_exposed - q
                    if resume < 0:
                        break
                    sparse = False
                    if went_full:
                        reduced = False
                        places = range(resume, len(nbv))
                    else:
                        mp = matched_places[v]
                        places = mp[bisect_right(mp, resume - 1):]
                if reduced and heavy >= 0:
                    t = y_exposed - nbv[heavy][1]
                    if lim is None or t < lim or (t == lim and heavy < best_k):
                        bests[v] = (v, nbv[heavy][0])
                        bkey[v] = t + yv + two_shift
            # no tight edge left to follow: move the duals
            kind = 1
            delta = min(y)  # exposed vertices hold the smallest dual
            pick: tuple[int, int] = (-1, -1)
            # slack(bestv[w], w) < delta  <=>  slack + shift < delta + shift: the left side
            # stays the same while w is FREE and its best edge too (kept in slack_k)
            below = delta + shift
            for w in range(n):
                if lazy:
                    if label[top[w]] != _FREE:
                        continue
                    k = slack_k[w]
                    if k is None:
                        if exposed_best_stage[w] != stage_no:
                            exposed_best_stage[w] = stage_no
                            exposed_best[w] = self.heaviest_exposed(w)
                        ev = exposed_best[w]
                        xv = bestv[w]
                        if ev == -1 and xv == -1:
                            continue
                        bx = bq[w] if xv != -1 else None
                        be = None if ev == -1 else yk_exposed - self.W[w][ev]  # type: ignore[operator]
                        if be is None or (bx is not None and (
                                bx < be or (bx == be and scanned_at[xv] < scanned_at[ev]))):
                            best_v[w] = xv
                            k = bx
                        else:
                            best_v[w] = ev
                            k = be
                        k = slack_k[w] = k + y[w]  # type: ignore[operator]
                    if k < below:
                        delta, kind, pick = k - shift, 2, (best_v[w], w)
                        below = k
                    continue
                sv = bestv[w]
                if sv != -1 and label[top[w]] == _FREE:
                    yw = y[w]
                    k = slack_k[w]
                    if k is None or slack_k_y[w] is not yw:
                        b = bq[w]
                        if b is None:
                            b = bq[w] = yk_exposed - bthr[w]  # type: ignore[operator]
                        k = slack_k[w] = b + yw
                        slack_k_y[w] = yw
                    if k < below:
                        delta, kind, pick = k - shift, 2, (sv, w)
                        below = k
            two_shift = 2 * shift
            # (bkey - 2 * shift) // 2 < delta  <=>  bkey < 2 * delta + 2 * shift
            below = 2 * delta + two_shift
            for b in range(nb):
                e = bests[b]
                if e is not None and parent[b] == -1 and label[b] == _S \
                        and top[e[0]] != top[e[1]] and bkey[b] < below:
                    delta, kind, pick = (bkey[b] - two_shift) >> 1, 3, e
                    below = 2 * delta + two_shift
            blossom_t = -1
            for b in range(n, nb):
                if base[b] != -1 and parent[b] == -1 and label[b] == _T:
                    d = z[b] >> 1
                    if d < delta:
                        delta, kind, blossom_t = d, 4, b
            if delta:
                for v in range(n):
                    lab = label[top[v]]
                    if lab == _S:
                        y[v] -= delta
                    elif lab == _T:
                        y[v] += delta
                for b in range(n, nb):
                    if base[b] != -1 and parent[b] == -1:
                        if label[b] == _S:
                            z[b] += 2 * delta
                        elif label[b] == _T:
                            z[b] -= 2 * delta
                self.shift += delta
            if kind == 1:
                return False
            if kind == 2:
                self.assign_t(pick[1], pick[0])
            elif kind == 3:
                if self.tight_ss(pick[0], pick[1]):
                    return True
            else:
                self.expand(blossom_t, False)

    def solve(self) -> list[int]:
        n, mate, nbrs, mirror = self.n, self.mate, self.nbrs, self.mirror
        exposed = [True] * n
        while self.stage():
            # an augmentation matched two exposed vertices (and no vertex is ever exposed
            # again): record their places among their neighbours' matched ones
            for x in range(n):
                if exposed[x] and mate[x] != -1:
                    exposed[x] = False
                    for k, (v, _) in enumerate(nbrs[x]):
                        insort(self.matched_places[v], mirror[x][k])
            for b in range(n, 2 * n):
                if self.base[b] != -1 and self.parent[b] == -1 and self.z[b] == 0:
                    self.expand(b, True)
        return self.mate
