"""Speed of the maximum-weight matching alone (``swisspairing.matching.blossom``, issue 26):
on the graphs the engines really hand to it, and on random graphs.

Run on demand (not a test). Three commands:

    # 1. record every graph the engine gives the matching while pairing one round
    .venv/bin/python benchmarks/one_bracket.py --players 4000 --white-wins 0.90 --seed 1 -o F.trf
    .venv/bin/python benchmarks/blossom.py record --system dutch-2017 F.trf -o calls.pkl

    # 2. time the matching alone on those graphs (CPU seconds), checking that it returns the
    #    recorded matching; --old-src: also time an older copy of the code on them
    git archive 20a8b37 | tar -x -C /tmp/old
    .venv/bin/python benchmarks/blossom.py replay calls.pkl [--old-src /tmp/old/src] [--min 0.05]

    # 3. random graphs: dense and sparse, small and huge integer weights, 100-4,000 vertices
    .venv/bin/python benchmarks/blossom.py random [--sizes 100 400 1000 4000] [--old-src ...]

``record`` pickles a list of ``(n, pairs, mate, cpu_seconds)``: the vertex count, the edges as
``{(i, j): weight}`` on vertices 0..n-1 (the solver's own numbering), the partner of each
vertex (-1: none) and the time the call took in that run. ``replay`` and ``random`` print one
line per graph: vertices, edges, bits of the largest weight, CPU seconds (``time.process_time``,
not wall time: the machine is shared) and, with ``--old-src``, the old code's seconds and
whether both return the same matching (they must: the engines' tie-breaking rests on it).
"""

from __future__ import annotations

import argparse
import importlib.util
import pickle
import random
import sys
import time
from pathlib import Path
from types import ModuleType
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
sys.setrecursionlimit(100_000)

from swisspairing.matching import blossom  # noqa: E402

Call = tuple[int, dict[tuple[int, int], int], list[int], float]


def load_old(old_src: Path | None) -> ModuleType | None:
    """The blossom module of an older copy of the code (it imports the standard library
    only, so it loads on its own)."""
    if old_src is None:
        return None
    path = old_src / "swisspairing" / "matching" / "blossom.py"
    spec = importlib.util.spec_from_file_location("old_blossom", path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"--old-src: no {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def timed(solver_class: Any, n: int, pairs: dict[tuple[int, int], int]) -> tuple[list[int], float]:
    t0 = time.process_time()
    mate = solver_class(n, pairs).solve()
    return mate, time.process_time() - t0


def record(args: argparse.Namespace) -> None:
    """Pair one round with the engine, keeping each graph given to the solver."""
    calls: list[Call] = []
    solver = blossom._Solver

    class Recording(solver):  # type: ignore[misc, valid-type]
        def __init__(self, n: int, pairs: dict[tuple[int, int], int]) -> None:
            self.recorded_pairs = dict(pairs)
            super().__init__(n, pairs)

        def solve(self) -> list[int]:
            t0 = time.process_time()
            mate = super().solve()
            calls.append((self.n, self.recorded_pairs, list(mate), time.process_time() - t0))
            return mate

    blossom._Solver = Recording  # type: ignore[misc]
    from swisspairing.interfaces import cli

    t0 = time.process_time()
    status = cli.main(["pair", "--system", args.system, str(args.trf), "-o",
                       str(args.output) + ".pairs"])
    total = time.process_time() - t0
    with open(args.output, "wb") as f:
        pickle.dump(calls, f)
    print(f"pair exit {status}: {total:.2f} s CPU, {len(calls)} matchings, "
          f"{sum(c[3] for c in calls):.2f} s in them; written {args.output}")


def line(n: int, pairs: dict[tuple[int, int], int], new_s: float, old: tuple[float, bool] | None,
         extra: str = "") -> str:
    bits = max(pairs.values()).bit_length() if pairs else 0
    text = f"{n:>5} {len(pairs):>8} {bits:>6} {new_s:>8.2f}"
    if old is not None:
        text += f" {old[0]:>8.2f} {old[0] / max(new_s, 1e-6):>6.1f} {old[1]!s:>5}"
    return text + extra


def header(with_old: bool) -> str:
    text = f"{'n':>5} {'edges':>8} {'bits':>6} {'new s':>8}"
    if with_old:
        text += f" {'old s':>8} {'ratio':>6} {'same':>5}"
    return text


def replay(args: argparse.Namespace) -> None:
    old = load_old(args.old_src)
    print(header(old is not None) + "  recorded")
    for path in args.files:
        with open(path, "rb") as f:
            calls: list[Call] = pickle.load(f)
        print(f"# {path}")
        for n, pairs, mate, recorded_s in calls:
            if recorded_s < args.min:
                continue
            got, new_s = timed(blossom._Solver, n, pairs)
            if got != mate:
                raise SystemExit(f"{path}: a different matching than the recorded one (n={n})")
            old_result = None
            if old is not None:
                old_mate, old_s = timed(old._Solver, n, pairs)
                old_result = (old_s, old_mate == got)
            print(line(n, pairs, new_s, old_result, f"  {recorded_s:.2f} s when recorded"),
                  flush=True)


def random_pairs(rng: random.Random, n: int, degree: float, huge: bool
                 ) -> dict[tuple[int, int], int]:
    """About ``degree`` neighbours per vertex; weights of 3-4 lexicographic digits (radix
    2^1000 when ``huge``, thousands of bits like the Dutch weights; else under 1,000), few
    values on the high digits so that many edges tie."""
    p = min(1.0, degree / max(1, n - 1))
    radix = 1000 if huge else 10
    pairs: dict[tuple[int, int], int] = {}
    for a in range(n):
        for b in range(a + 1, n):
            if rng.random() < p:
                w = 1
                for d in (rng.randint(0, 2), rng.randint(0, 4), rng.randint(0, 9)):
                    w = (w << radix) + d if huge else w * radix + d
                pairs[(a, b)] = w
    return pairs


def random_graphs(args: argparse.Namespace) -> None:
    old = load_old(args.old_src)
    rng = random.Random(args.seed)
    print(header(old is not None) + "  graph")
    for n in args.sizes:
        for name, degree in (("dense", n / 2), ("sparse", 16.0)):
            if name == "dense" and n > args.dense_max:
                continue
            for huge in (False, True):
                pairs = random_pairs(rng, n, degree, huge)
                got, new_s = timed(blossom._Solver, n, pairs)
                old_result = None
                if old is not None and n <= args.old_max:
                    old_mate, old_s = timed(old._Solver, n, pairs)
                    old_result = (old_s, old_mate == got)
                kind = f"  {name}, {'huge' if huge else 'small'} weights"
                print(line(n, pairs, new_s, old_result, kind), flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="command", required=True)
    rec = sub.add_parser("record", help="record the graphs of one pairing run")
    rec.add_argument("trf", type=Path)
    rec.add_argument("--system", default="dutch-2025")
    rec.add_argument("-o", "--output", type=Path, required=True)
    rep = sub.add_parser("replay", help="time the matching on recorded graphs")
    rep.add_argument("files", nargs="+", type=Path)
    rep.add_argument("--old-src", type=Path)
    rep.add_argument("--min", type=float, default=0.05,
                     help="skip the calls that took less than this when recorded (s)")
    rnd = sub.add_parser("random", help="time the matching on random graphs")
    rnd.add_argument("--sizes", type=int, nargs="+", default=[100, 400, 1000, 4000])
    rnd.add_argument("--dense-max", type=int, default=1000,
                     help="largest size with a dense graph (n/2 neighbours per vertex)")
    rnd.add_argument("--old-max", type=int, default=1000,
                     help="largest size also timed with --old-src (its n x n matrix)")
    rnd.add_argument("--seed", type=int, default=1)
    rnd.add_argument("--old-src", type=Path)
    args = ap.parse_args()
    {"record": record, "replay": replay, "random": random_graphs}[args.command](args)


if __name__ == "__main__":
    main()
