"""Benchmark of our maximum-weight matching (``swisspairing.matching.blossom``) against
networkx's (installed with the ``test`` extra), on graphs like the Dutch engine's: dense, with
huge integer weights made of lexicographic digits (many ties on the high digits).

Run on demand (not a test):

    .venv/bin/python benchmarks/blossom.py [--sizes 50 100 200 400] [--density 0.8] [--seed 1]

Prints, per size, the wall time of each implementation, the ratio, and whether the two total
weights agree (they must; the matchings themselves may differ on ties).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

import networkx as nx

from swisspairing.matching.blossom import matching_weight, max_weight_matching


def engine_like(n: int, density: float, rng: random.Random) -> dict[tuple[int, int], int]:
    """Weights as several digits in radix 2^100: few values on the high digits (pairs, score
    differences), more on the low ones (colours, floats, sequence order)."""
    edges: dict[tuple[int, int], int] = {}
    for a in range(n):
        for b in range(a + 1, n):
            if rng.random() < density:
                digits = [1, rng.randint(0, 3), rng.randint(0, 20), rng.randint(0, 4),
                          rng.randint(0, n * n)]
                w = 0
                for d in digits:
                    w = (w << 100) + d
                edges[(a, b)] = w
    return edges


def networkx_matching(n: int, edges: dict[tuple[int, int], int]) -> dict[int, int]:
    g = nx.Graph()
    g.add_nodes_from(range(n))
    for (a, b), w in edges.items():
        g.add_edge(a, b, weight=w)
    mate: dict[int, int] = {}
    for a, b in nx.max_weight_matching(g, maxcardinality=False):
        mate[a], mate[b] = b, a
    return mate


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", type=int, nargs="+", default=[50, 100, 200, 400])
    ap.add_argument("--density", type=float, default=0.8)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    print(f"{'n':>5} {'edges':>7} {'ours s':>8} {'networkx s':>10} {'ratio':>6} same-weight")
    for n in args.sizes:
        edges = engine_like(n, args.density, rng)
        t0 = time.perf_counter()
        ours = max_weight_matching(range(n), edges)
        t1 = time.perf_counter()
        ref = networkx_matching(n, edges)
        t2 = time.perf_counter()
        same = matching_weight(ours, edges) == matching_weight(ref, edges)
        print(f"{n:>5} {len(edges):>7} {t1 - t0:>8.3f} {t2 - t1:>10.3f} "
              f"{(t2 - t1) / (t1 - t0):>6.1f} {same}")


if __name__ == "__main__":
    main()
