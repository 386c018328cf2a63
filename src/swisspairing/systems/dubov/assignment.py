"""The first legal arrangement of a Dubov bracket (1997 art. 6.3; 2026 3.2.6 / 4.4), without
recursion and without copying the witness at every row.

S1 (the White-seekers, in their order) is given partners from T2 (the others, in the rules'
order): row 1 takes the first player of T2 it may meet such that the rows below can still all
get distinct partners, then row 2, and so on. This is the lexicographically first legal
transposition of T2 (2026 4.4) and the 1997 art. 6.3 procedure ("changing the rows above when a
row is stuck" never has to happen when each choice keeps a completion, so the walk never goes
back).

"Can the rows below still get distinct partners if row ``x`` takes ``b``?" is answered with one
*witness*: a complete assignment of the open rows to the open T2 players, kept up to date.
If ``b`` is ``x``'s own witness partner, yes. Otherwise the row ``r`` holding ``b`` must give it
up and a chain of rows must shift: ``r`` takes the partner of some row ``r2``, ``r2`` that of
``r3``, ..., the last one takes the partner ``x`` leaves. So the answer is yes exactly when
``r`` is reachable from ``x`` in the graph "row ``r`` may meet ``partner[r2]``": an alternating
path of the witness (Berge; the symmetric difference of the witness and any completion holds
such a path). One breadth-first search per row, grown only as far as the candidates need,
answers every candidate of that row, and its tree gives the shift to apply, so the witness
stays a complete assignment of the remaining rows.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping, Sequence

from ...matching.bitsets import bits, mask_of


def complete_assignment(rows: Sequence[int], slots: int, barred: Mapping[int, int]
                        ) -> dict[int, int] | None:
    """A partner in ``slots`` (a bit set) for every row, all different (``barred[r]``: the
    players row ``r`` may not meet), or None when there is none: each row takes its lowest free
    slot, then each row left without one gets an augmenting path found breadth-first (Kuhn's
    method, iterative). A row with no augmenting path now has none later, so None is exact."""
    partner: dict[int, int] = {}
    owner: dict[int, int] = {}
    free = slots
    waiting = []
    for r in rows:
        options = free & ~barred[r]
        if options:
            s = (options & -options).bit_length() - 1
            partner[r], owner[s] = s, r
            free ^= 1 << s
        else:
            waiting.append(r)
    for r in waiting:
        # breadth-first over rows: from row ``v`` to the owner of each slot it may take
        came_from: dict[int, tuple[int, int]] = {}  # row -> (previous row, slot it takes)
        seen = 0
        queue = deque([r])
        end: tuple[int, int] | None = None
        while queue and end is None:
            v = queue.popleft()
            options = slots & ~barred[v] & ~seen
            hit = options & free
            if hit:
                end = (v, (hit & -hit).bit_length() - 1)
                break
            seen |= options
            for s in bits(options):
                u = owner[s]
                if u not in came_from:
                    came_from[u] = (v, s)
                    queue.append(u)
        if end is None:
            return None
        v, s = end
        free ^= 1 << s
        while True:  # v takes s; the slot v held goes to the row v came from
            partner[v], owner[s] = s, v
            if v == r:
                break
            v, s = came_from[v]  # s is the slot v held
    return partner


def first_arrangement(rows: Sequence[int], order: Sequence[int], barred: Mapping[int, int]
                      ) -> list[int] | None:
    """The partner of each row in the lexicographically first legal arrangement of ``order``
    against ``rows`` (module docstring), or None when no complete legal arrangement exists."""
    if len(rows) != len(order):
        return None
    partner = complete_assignment(rows, mask_of(order), barred)
    if partner is None:
        return None
    owner = {s: r for r, s in partner.items()}
    open_rows = mask_of(rows)
    free = list(order)  # the open slots, in the rules' order
    chosen: list[int] = []
    for x in rows:
        open_rows &= ~(1 << x)
        # the search tree from x: row -> the row whose partner it would take
        parent: dict[int, int] = {x: x}
        reach = 1 << x
        frontier: deque[int] = deque([x])
        taken: int | None = None
        for b in free:
            if (barred[x] >> b) & 1:
                continue
            if b == partner[x]:
                taken = b
                break
            r = owner[b]
            while not (reach >> r) & 1 and frontier:
                r2 = frontier.popleft()
                new_rows = open_rows & ~barred[partner[r2]] & ~reach
                reach |= new_rows
                for r3 in bits(new_rows):
                    parent[r3] = r2
                    frontier.append(r3)
            if (reach >> r) & 1:
                taken = b
                # r gives b to x and takes the partner of parent[r], and so on up to x
                chain = [r]
                while parent[chain[-1]] != x:
                    chain.append(parent[chain[-1]])
                slots = [partner[parent[v]] for v in chain]
                for v, s in zip(chain, slots, strict=True):
                    partner[v], owner[s] = s, v
                break
        if taken is None:  # pragma: no cover - the witness always leaves x one choice
            return None
        del partner[x]
        del owner[taken]
        free.remove(taken)
        chosen.append(taken)
    return chosen
