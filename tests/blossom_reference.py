"""The primal-dual blossom solver of ``swisspairing.matching.blossom`` as it was before the
speed-ups of issue 26 (main at 20a8b37), kept unchanged as the reference of
``tests/test_blossom_same.py``: the engines' pairings rest on its tie-breaking (which maximum
matching it returns when several have the same weight), so the faster solver must return the
same matching, and the same duals, on every graph.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

_FREE, _S, _T = 0, 1, 2


class ReferenceSolver:
    """The solver as it was before issue 26 (vertices 0..n-1, blossoms n..2n-1)."""

    def __init__(self, n: int, pairs: Mapping[tuple[int, int], int]) -> None:
        self.n = n
        nb = 2 * n
        # doubled weights: keeps duals and deltas integral
        self.W: list[list[int]] = [[0] * n for _ in range(n)]
        # neighbours with the doubled weight, for the scanning loop
        self.nbrs: list[list[tuple[int, int]]] = [[] for _ in range(n)]
        W, nbrs = self.W, self.nbrs
        for (i, j), w in pairs.items():
            w2 = w + w
            W[i][j] = W[j][i] = w2
            nbrs[i].append((j, w2))
            nbrs[j].append((i, w2))
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
        self.bslack = [0] * n           # its slack, valid while the duals stay at ...
        self.bshift = [-1] * n          # ... this value of ``shift``
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
        self.queue.extend(self.leaves(b))

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
        # least-slack edges from the new blossom to each other S blossom (Galil)
        y, W, nbrs = self.y, self.W, self.nbrs
        best_to: dict[int, tuple[int, int, int]] = {}
        for c in childs:
            known = self.blist[c]
            if known is not None:
                cands: Iterable[tuple[int, int]] = known
            else:
                cands = [(a, b) for a in self.leaves(c) for b, _ in nbrs[a]]
            for a, b in cands:
                ob = top[b]
                if ob != nb and label[ob] == _S:
                    s = y[a] + y[b] - W[a][b]
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

    # --- main loop ---------------------------------------------------------------------------
    def stage(self) -> bool:
        """Grow trees until an augmentation (True) or optimality (False)."""
        n, nb = self.n, 2 * self.n
        label, top, parent, base = self.label, self.top, self.parent, self.base
        y, z, W, nbrs, mate = self.y, self.z, self.W, self.nbrs, self.mate
        bestv, bests, bkey = self.bestv, self.bests, self.bkey
        for i in range(nb):
            label[i] = _FREE
            bests[i] = None
            self.blist[i] = None
        for v in range(n):
            bestv[v] = -1
        self.queue = queue = []
        self.shift = 0
        for v in range(n):
            if mate[v] == -1 and label[top[v]] == _FREE:
                self.set_s(top[v], -1, -1)
        bslack, bshift = self.bslack, self.bshift
        while True:
            shift = self.shift
            two_shift = 2 * shift
            while queue:
                v = queue.pop()
                bv = top[v]
                yv = y[v]
                for u, w in nbrs[v]:
                    bu = top[u]
                    if bu == bv:
                        continue
                    s = yv + y[u] - w
                    lu = label[bu]
                    if lu == _S:
                        if s == 0:
                            if self.tight_ss(v, u):
                                return True
                            bv = top[v]
                        else:
                            key = s + two_shift
                            if bests[bv] is None or key < bkey[bv]:
                                bests[bv] = (v, u)
                                bkey[bv] = key
                    elif s == 0 and lu == _FREE:
                        self.assign_t(u, v)
                    else:
                        bw = bestv[u]
                        if bw == -1:
                            bestv[u] = v
                            bslack[u] = s
                            bshift[u] = shift
                        else:
                            cur = (bslack[u] if bshift[u] == shift
                                   else y[bw] + y[u] - W[bw][u])
                            if s < cur:
                                bestv[u] = v
                                bslack[u] = s
                            else:
                                bslack[u] = cur
                            bshift[u] = shift
            # no tight edge left to follow: move the duals
            kind = 1
            delta = min(y)  # exposed vertices hold the smallest dual
            pick: tuple[int, int] = (-1, -1)
            for w in range(n):
                sv = bestv[w]
                if sv != -1 and label[top[w]] == _FREE:
                    s = y[sv] + y[w] - W[sv][w]
                    if s < delta:
                        delta, kind, pick = s, 2, (sv, w)
            two_shift = 2 * self.shift
            for b in range(nb):
                e = bests[b]
                if e is not None and parent[b] == -1 and label[b] == _S \
                        and top[e[0]] != top[e[1]]:
                    d = (bkey[b] - two_shift) >> 1
                    if d < delta:
                        delta, kind, pick = d, 3, e
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
        n = self.n
        while self.stage():
            for b in range(n, 2 * n):
                if self.base[b] != -1 and self.parent[b] == -1 and self.z[b] == 0:
                    self.expand(b, True)
        return self.mate
