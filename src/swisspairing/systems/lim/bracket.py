"""Score groups and their floaters (art. 9.2, 10.6-10.7), and the pairing of a group from
compatibility alone: the proposed pairings of art. 9.4 and the exchanges of art. 11.1-11.4 (the
tables of 11.2 and 11.3)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ...errors import NoValidPairing
from ...matching import max_cardinality_matching as max_matching
from ...matching import without_pair
from .criteria import Direction


@dataclass(slots=True)
class Floater:
    """A player leaving his score group (art. 10): where he came from and which way."""

    pid: int
    origin: float  # score of the group it came from
    down: bool  # True: came from a higher group (downfloater)


@dataclass(slots=True)
class GroupResult:
    """A score group once paired: its pairs and the players it passes on (art. 10.1)."""

    score: float
    kind: str  # "upper", "lower", "median"
    pairs: list[tuple[int, int]] = field(default_factory=list)
    floaters: list[Floater] = field(default_factory=list)


def exchange_sequence(players: list[int]) -> list[int]:
    """Opponents to try, in order, for ``players[0]`` (art. 9.4, 11.1-11.3).

    ``players`` are the players of the group not yet paired, in scrutiny order (ascending
    pairing numbers when pairing down, descending when pairing up), the one to pair first.
    The proposed opponent is the first of the other half (9.4: 1 - n/2+1); then the rest of
    the other half in order, then the own half from the bottom up: for six players the
    opponents of no. 1 are 4, 5, 6, 3, 2, the sequence of the table of 11.2. Applied again to
    the players left (11.3) it gives the table of 11.3.
    """
    first, rest = players[0], players[1:]
    del first
    h = (len(rest) + 1) // 2
    top, bottom = rest[: h - 1], rest[h - 1 :]
    return bottom + top[::-1]


def next_floater(order: list[int], rest: set[int], keeps: Callable[[int], bool]) -> int:
    """The first player of ``order`` (still in ``rest``) whose transfer still lets the rest
    make as many pairs as before (art. 10.1, 11.4: a player floats when no exchange can give
    it a compatible opponent); ``keeps(p)`` answers that question for ``p``
    (:meth:`LimPlayers.pairs_without`: from one maximum matching of ``rest``)."""
    for p in order:
        if p in rest and keeps(p):
            return p
    raise NoValidPairing("no floater can be chosen")  # pragma: no cover - a maximum matching
    # leaves at least one player of ``order`` unmatched whenever ``need`` > 0


def propose_group(
    players: list[int], compatible: dict[int, set[int]], direction: Direction = Direction.DOWN
) -> tuple[list[tuple[int, int]], list[int]]:
    """Pairs and floaters of one group from compatibility alone (art. 9.3, 9.4, 10.2, 11.1-11.4).

    ``players`` in pairing-number order. Players without a compatible opponent are transferred
    (9.3); then as few players as possible float, each time the highest- (down) or lowest-
    numbered (up) player whose transfer keeps the largest number of pairs (10.2, 11.4 a-b);
    the others are paired by :func:`propose`.
    """
    down = direction is Direction.DOWN
    adj = _symmetric(players, compatible)
    members = set(players)
    floaters = [p for p in players if not adj[p]]
    rest = members - set(floaters)
    k = len(max_matching(rest, adj)) // 2
    order = sorted(rest, reverse=down)
    for _ in range(len(rest) - 2 * k):
        p = next_floater(order, rest,
                         lambda q: len(max_matching(rest - {q}, adj)) // 2 == k)
        rest.discard(p)
        floaters.append(p)
    scrutiny = sorted(rest, reverse=not down)
    return propose(scrutiny, compatible), floaters


def _symmetric(players: list[int], compatible: dict[int, set[int]]) -> dict[int, set[int]]:
    inside = set(players)
    adj: dict[int, set[int]] = {p: set() for p in players}
    for p in players:
        for q in compatible.get(p, set()):
            if q in inside and q != p:
                adj[p].add(q)
                adj[q].add(p)
    return adj


def propose(players: list[int], compatible: dict[int, set[int]]) -> list[tuple[int, int]]:
    """The first complete pairing of ``players`` (in scrutiny order) reached by the exchanges
    of art. 11.1-11.4, compatibility only: the function the tables of 11.2 and 11.3 describe."""
    adj = _symmetric(players, compatible)
    verts = set(players)
    mate = max_matching(verts, adj)
    if len(mate) != len(verts):
        raise NoValidPairing("no complete pairing of the group")
    left = list(players)
    out = []
    while left:
        p = left.pop(0)
        for c in exchange_sequence([p, *left]):
            if c not in adj[p]:
                continue
            rest, new = without_pair(verts, adj, mate, p, c)
            if len(new) == len(rest):
                verts, mate = rest, new
                out.append((p, c))
                left.remove(c)
                break
    return out
