"""Random compatibility graphs for the matching tests, as the engines hold them: per vertex the
bit set of the vertices it may *not* meet (itself included)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence


def half(rng: random.Random, n: int) -> int:
    """A barrier of half the vertices."""
    return n // 2


def random_barred(rng: random.Random, n: int, densities: Sequence[float],
                  barrier_size: Callable[[random.Random, int], int] = half) -> dict[int, int]:
    """Random edges (each with a probability drawn from ``densities``) and, in half the graphs,
    an independent set of ``barrier_size`` vertices: a Tutte barrier, like the near-miss rounds'
    players who may not meet each other."""
    p = rng.choice(densities)
    barrier = set(rng.sample(range(n), barrier_size(rng, n))) if rng.random() < 0.5 else set()
    barred = {v: 1 << v for v in range(n)}
    for a in range(n):
        for b in range(a + 1, n):
            if rng.random() >= p or (a in barrier and b in barrier):
                barred[a] |= 1 << b
                barred[b] |= 1 << a
    return barred


def perfect_matchings(players: list[int], ok: Callable[[int, int], bool]
                      ) -> Iterator[list[tuple[int, int]]]:
    """Every perfect matching of ``players`` whose pairs ``ok`` allows (brute force, the
    reference of the matching shortcuts): the first player with each allowed partner in
    turn, then the rest the same way; each pair (earlier player, later one)."""
    if not players:
        yield []
        return
    a = players[0]
    for b in players[1:]:
        if ok(a, b):
            rest = [p for p in players if p not in (a, b)]
            for m in perfect_matchings(rest, ok):
                yield [(a, b), *m]


def allowed_in(pairs: set[frozenset[int]]) -> Callable[[int, int], bool]:
    """The relation "may meet" of a set of allowed pairs."""
    return lambda a, b: frozenset((a, b)) in pairs
