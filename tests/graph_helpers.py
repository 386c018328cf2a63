"""Random compatibility graphs for the matching tests, as the engines hold them: per vertex the
bit set of the vertices it may *not* meet (itself included)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence


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
