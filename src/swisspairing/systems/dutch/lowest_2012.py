"""2012: the MDP-pairing of a lowest bracket half of whose players may not meet one another
(issue 26, the near-miss one-bracket round; ``docs/dutch.md`` section 8.3).

The lowest bracket (2012 A9, D4) holds ``2k`` players, ``k`` of whom are non-topscorers with the
same absolute colour preference (the set ``A``): two of them may not meet (A7 / B1.b of the
absolute colour rule, ``PairingRound.compatible``). A candidate that pairs everybody (the most
pairs, and the round completed) then pairs each player of ``A`` with one of the ``k`` others
(the set ``N``): it is a perfect matching between ``A`` and ``N``.

The row of ``CRITERIA_2012`` of a pair (``criteria.criteria_2012``) depends only on the *types*
of its two players: score (P, B3 as the D4 factor, the float directions of A4), colour
preference and strength (B2, A7.d, X, Z: ``colour_misses``), the floats of the two previous
rounds (B5, B6), and, for which pairs exist at all, whether the player is a moved-down one (B.3
of the heterogeneous bracket: two MDPs do not meet). Summing the rows of a candidate therefore
gives the value of a *transportation* between the types of ``A`` and those of ``N``, and the
best transportation (:class:`TypeTransport`) is at least as good as every candidate: the bound.

The engine pairs a heterogeneous bracket with the MDP-pairing first in D1 order among those
that can be completed into a best candidate (D3: the set of MDPs; every MDP is paired here), then
the remainder (B.7 note). :func:`first_mdp_pairing` gives each MDP in turn the first resident
such that the pair is allowed and a transportation at the bound still exists for the players
left (the test is exact for the types, a relaxation for the players: it ignores who met whom).
Every completion at the bound passes every test on its way, so when the candidate finally made
(this MDP-pairing and the engine's remainder) reaches the bound, the bound is the best value, and
this MDP-pairing is the first one that can reach it: the engine's choice. Otherwise the caller
pairs the bracket with the weighted matchings, as before.
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING

from ...model import Colour
from ...model.state import Float
from .criteria import edition_row
from .weights import INTERNAL

if TYPE_CHECKING:
    from .bracket import Bracket
    from .players import PairingPlayer

#: what the 2012 row of a pair sees of a player: score, colour preference and strength, the
#: floats of the two previous rounds, and whether he is a moved-down player (B.3)
PlayerType = tuple[int, Colour | None, int, Float | None, Float | None, bool]


def player_type(p: PairingPlayer, mdp_ids: set[int]) -> PlayerType:
    return p.score, p.pref, p.strength, p.float1, p.float2, p.id in mdp_ids


def one_colour_half(ctx: Bracket) -> set[int] | None:
    """The scope: 2012, the lowest bracket (no following scoregroup, nothing below it) with
    moved-down players once A3 is applied, an even number ``2k`` of players, ``k`` of them
    non-topscorers with the same absolute colour preference (not the last round with a
    topscorer: C.04.1 f, g let topscorers meet and E.1-E.5 would decide their colours). Returns
    those ``k`` players' ids, or None."""
    rnd = ctx.rnd
    players = ctx.players
    if (rnd.rules.edition not in (2012, 2017) or not ctx.complete or ctx.rest or ctx.nxt
            or not ctx.mdp_ids or len(players) % 2):
        return None
    if rnd.last_round and any(p.topscorer for p in players):
        return None
    for colour in (Colour.WHITE, Colour.BLACK):
        side = {p.id for p in players
                if p.one_absolute(colour)}
        if 2 * len(side) == len(players):
            return side
    return None


class TypeTransport:
    """The best transportation between the types of ``A`` and those of ``N`` (each player of
    ``A`` sent to a type of ``N`` it may meet as a type: not two MDPs), the weight of a pair of
    types being its 2012 row as one integer (balanced mixed radix: the first digit where two
    sums differ decides, as A11 / B8 compare). Solved by successive shortest paths on the few
    types; the duals then tell which pairs of types a best transportation may use (tight ones),
    and :meth:`take` keeps a best transportation of the players still free (a flow on tight
    pairs only: every such flow is best, by complementary slackness)."""

    def __init__(self, ctx: Bracket, side_a: list[PairingPlayer], side_n: list[PairingPlayer]):
        mdp_ids = ctx.mdp_ids
        self.a_types: dict[PlayerType, int] = {}
        self.n_types: dict[PlayerType, int] = {}
        a_rep: list[PairingPlayer] = []
        n_rep: list[PairingPlayer] = []
        a_count: list[int] = []
        n_count: list[int] = []
        for players, index, rep, count in ((side_a, self.a_types, a_rep, a_count),
                                           (side_n, self.n_types, n_rep, n_count)):
            for p in players:
                t = player_type(p, mdp_ids)
                i = index.get(t)
                if i is None:
                    i = index[t] = len(rep)
                    rep.append(p)
                    count.append(0)
                count[i] += 1
        rows: dict[tuple[int, int], list[int]] = {}
        for i, a in enumerate(a_rep):
            for j, n in enumerate(n_rep):
                if a.id in mdp_ids and n.id in mdp_ids:
                    continue  # B.3: two MDPs are not paired together
                # 2012 CRITERIA_2012; 2017 C.4-C.19 (docs/dutch.md section 8.4 (d))
                rows[(i, j)] = edition_row(ctx, a, n, INTERNAL)
        k = len(side_a)
        top = max((abs(x) for row in rows.values() for x in row), default=0)
        radix = 2 * k * (top + 1) + 1  # any sum of k rows fits in a balanced digit
        self.weight: dict[tuple[int, int], int] = {}
        for arc, row in rows.items():
            w = 0
            for x in row:
                w = w * radix + x
            self.weight[arc] = w
        self.na, self.nn = len(a_rep), len(n_rep)
        self.flow: dict[tuple[int, int], int] = {}
        self.feasible = self._solve(a_count, n_count)
        self.best = sum(self.weight[arc] * f for arc, f in self.flow.items())
        self.tight: list[list[int]] = [[] for _ in range(self.na)]
        if self.feasible:
            self._duals()

    def _solve(self, a_count: list[int], n_count: list[int]) -> bool:
        """Successive shortest paths (costs: minus the weights) from the types of ``A`` with
        players left to the types of ``N`` with room left; False when ``A`` cannot all be
        sent (then no candidate pairs everybody)."""
        supply, demand = list(a_count), list(n_count)
        weight, flow = self.weight, self.flow
        arcs_from: list[list[int]] = [[] for _ in range(self.na)]
        for i, j in weight:
            arcs_from[i].append(j)
        while any(supply):
            dist_a: list[int | None] = [0 if s else None for s in supply]
            dist_n: list[int | None] = [None] * self.nn
            parent_n: list[int] = [-1] * self.nn
            parent_a: list[int] = [-1] * self.na
            queue = deque(i for i in range(self.na) if supply[i])
            queued = [bool(s) for s in supply]
            backs: list[list[int]] = [[] for _ in range(self.nn)]
            for (i, j), f in flow.items():
                if f > 0:
                    backs[j].append(i)
            while queue:  # Bellman-Ford with a queue over the A types
                i = queue.popleft()
                queued[i] = False
                di = dist_a[i]
                assert di is not None
                for j in arcs_from[i]:
                    d = di - weight[(i, j)]
                    dj = dist_n[j]
                    if dj is None or d < dj:
                        dist_n[j], parent_n[j] = d, i
                        for i2 in backs[j]:
                            d2 = d + weight[(i2, j)]
                            da = dist_a[i2]
                            if da is None or d2 < da:
                                dist_a[i2], parent_a[i2] = d2, j
                                if not queued[i2]:
                                    queued[i2] = True
                                    queue.append(i2)
            target = min((j for j in range(self.nn) if demand[j] and dist_n[j] is not None),
                         key=lambda j: dist_n[j], default=None)  # type: ignore[arg-type,return-value]
            if target is None:
                return False
            path: list[tuple[int, int, int]] = []  # (A type, N type, +1 forward / -1 back)
            j = target
            while True:
                i = parent_n[j]
                path.append((i, j, 1))
                if parent_a[i] < 0:  # a type with players left: the path starts here
                    break
                j2 = parent_a[i]
                path.append((i, j2, -1))
                j = j2
            start = path[-1][0]
            amount = min(supply[start], demand[target],
                         *(flow[(i, j)] for i, j, s in path if s < 0))
            for i, j, s in path:
                flow[(i, j)] = flow.get((i, j), 0) + s * amount
            supply[start] -= amount
            demand[target] -= amount
        return True

    def _duals(self) -> None:
        """Potentials of the final residual graph (Bellman-Ford from every type at 0): the
        type pair (i, j) is tight when ``d[i] - d[j] == weight`` (feasible duals ``u = d_A``,
        ``v = -d_N`` of the maximisation; complementary slackness)."""
        weight, flow = self.weight, self.flow
        da = [0] * self.na
        dn = [0] * self.nn
        changed = True
        while changed:
            changed = False
            for (i, j), w in weight.items():
                if da[i] - w < dn[j]:
                    dn[j] = da[i] - w
                    changed = True
                if flow.get((i, j), 0) > 0 and dn[j] + w < da[i]:
                    da[i] = dn[j] + w
                    changed = True
        for (i, j), w in weight.items():
            if da[i] - dn[j] == w:
                self.tight[i].append(j)

    def take(self, i: int, j: int) -> bool:
        """Pair a player of A type ``i`` with one of N type ``j``, if a best transportation of
        the players still free uses that pair of types: then keep such a transportation of the
        others and return True. Exact (flow decomposition): the current flow ``F`` can be
        changed into one using ``(i, j)`` iff ``F`` uses it or a residual cycle through it
        exists, found by a search from ``j`` back to ``i`` (N -> A along the flow, A -> N along
        tight pairs)."""
        if j not in self.tight[i]:
            return False
        flow = self.flow
        if flow.get((i, j), 0) <= 0:
            backs: list[list[int]] = [[] for _ in range(self.nn)]
            for (a, n), f in flow.items():
                if f > 0:
                    backs[n].append(a)
            parent_a: dict[int, int] = {}  # A type -> the N type it was reached from
            parent_n: dict[int, int] = {j: -1}  # N type -> the A type it was reached from
            queue = deque([j])
            while queue and i not in parent_a:
                n = queue.popleft()
                for a in backs[n]:
                    if a in parent_a:
                        continue
                    parent_a[a] = n
                    if a == i:
                        break
                    for n2 in self.tight[a]:
                        if n2 not in parent_n:
                            parent_n[n2] = a
                            queue.append(n2)
            if i not in parent_a:
                return False
            # the cycle i -> j (new), j -> a1 (less flow), a1 -> n1 (more), ..., n -> i (less)
            a = i
            while True:
                n = parent_a[a]
                flow[(a, n)] -= 1
                if n == j:
                    break
                a = parent_n[n]
                flow[(a, n)] = flow.get((a, n), 0) + 1
            flow[(i, j)] = flow.get((i, j), 0) + 1
        flow[(i, j)] -= 1
        return True




def first_mdp_pairing(ctx: Bracket, mdps: list[PairingPlayer], residents: list[PairingPlayer]
                      ) -> tuple[dict[int, int], TypeTransport] | None:
    """The MDP-pairing first in D1 order (D3: every MDP is paired) among those the type bound
    allows, for a bracket in the scope of :func:`one_colour_half`: the mate of each MDP and the
    transportation whose value ``best`` every candidate is at most (the caller checks that the
    candidate finally made reaches it). None outside the scope or when an MDP finds nobody."""
    side = one_colour_half(ctx)
    if side is None:
        return None
    players = ctx.players
    transport = TypeTransport(ctx, [p for p in players if p.id in side],
                              [p for p in players if p.id not in side])
    if not transport.feasible:
        return None
    mdp_ids, compatible = ctx.mdp_ids, ctx.rnd.compatible
    a_types, n_types = transport.a_types, transport.n_types
    free = list(residents)
    mate: dict[int, int] = {}
    for m in mdps:
        m_in_a = m.id in side
        tm = player_type(m, mdp_ids)
        verdict: dict[PlayerType, bool] = {}
        taken = -1
        for k, r in enumerate(free):
            if (r.id in side) == m_in_a or not compatible(m, r):
                continue
            tr = player_type(r, mdp_ids)
            ok = verdict.get(tr)
            if ok is None:
                i, j = (a_types[tm], n_types[tr]) if m_in_a else (a_types[tr], n_types[tm])
                ok = verdict[tr] = transport.take(i, j)
                if ok:
                    taken = k
                    break
            # a type already found usable was taken at once; one found unusable stays so
        if taken < 0:
            return None
        r = free.pop(taken)
        mate[m.id], mate[r.id] = r.id, m.id
    return mate, transport


def reaches_bound(ctx: Bracket, transport: TypeTransport,
                  pairs: list[tuple[PairingPlayer, PairingPlayer]]) -> bool:
    """Does this candidate pair everybody and reach the type bound (then it is best by every
    digit of ``CRITERIA_2012``)?"""
    if 2 * len(pairs) != len(ctx.players):
        return False
    side = one_colour_half(ctx)
    if side is None:
        return False
    mdp_ids = ctx.mdp_ids
    total = 0
    for u, v in pairs:
        a, n = (u, v) if u.id in side else (v, u)
        if a.id not in side or n.id in side:
            return False
        w = transport.weight.get((transport.a_types[player_type(a, mdp_ids)],
                                  transport.n_types[player_type(n, mdp_ids)]))
        if w is None:
            return False
        total += w
    return total == transport.best
