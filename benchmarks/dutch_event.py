"""Benchmark of the Dutch engines over a whole large event: every round, engine-made history.

Run on demand (not a test):

    .venv/bin/python benchmarks/dutch_event.py --players 1000 --system dutch-2017
    .venv/bin/python benchmarks/dutch_event.py --players 4000 --system dutch-2025 --no-cli

The event is played by our own engine (``checker.generator.generate``: random ratings, results
from Milvang's model, no byes, forfeits or other special lines), so every round is paired on a
history the engine itself made. For each round the pairing inside this process is timed (wall
and CPU time; with ``--memory`` the round is paired again under tracemalloc for its peak
memory). Then the command line is run end to end, as an arbiter would, on the file of the event
before each round (``swisspairing pair --system S FILE -o OUT``: process start, reading the file,
pairing, writing), with its wall time, CPU time and maximum resident size, and its pairing is
checked against the round the engine played. The TRF files are kept in ``--workdir`` (default: a
temporary folder) and the event is reused when its file exists, so that a second run measures
without generating again.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from systems import CLI, TimedSystem  # benchmarks/systems.py, beside this script

from swisspairing.checker.generator import GeneratorConfig, generate
from swisspairing.formats.trf import read_trf, write_trf_file
from swisspairing.model import Colour, Tournament


def played_pairs(t: Tournament, r: int) -> set[tuple[int, int]]:
    """(white, black) of the games of round ``r`` as the event has them."""
    return {(p.id, e.opponent) for p in t.players.values()
            if (e := p.entry(r)) is not None and e.opponent and e.colour is Colour.WHITE}


def run_cli(system: str, path: Path, r: int, out: Path) -> tuple[float, float, float]:
    """(wall s, CPU s, max resident MiB) of ``swisspairing pair`` on the file ``path`` of the
    event before round ``r``."""
    w0 = time.perf_counter()
    proc = subprocess.Popen([str(CLI), "pair", "--system", system, str(path), "-o", str(out)])
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - w0
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode:
        raise SystemExit(f"round {r}: swisspairing exited with {proc.returncode}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--players", type=int, default=1000)
    ap.add_argument("--rounds", type=int, default=11)
    ap.add_argument("--system", default="dutch-2017")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workdir", type=Path, default=None,
                    help="folder for the event's TRF file (kept and reused)")
    ap.add_argument("--memory", action="store_true",
                    help="pair every round again under tracemalloc for its peak memory")
    ap.add_argument("--no-cli", action="store_true", help="skip the command-line runs")
    a = ap.parse_args()
    workdir = a.workdir or Path(tempfile.mkdtemp(prefix="swisspairing-bench-"))
    workdir.mkdir(parents=True, exist_ok=True)
    path = workdir / f"{a.system}-{a.players}p-{a.rounds}r-seed{a.seed}.trf"
    timed = TimedSystem(a.system)
    if path.exists():
        t = read_trf(path)
        for r in range(1, a.rounds + 1):
            timed.pair(t, r)
        made = "read from " + str(path)
    else:
        t0 = time.perf_counter()
        config = GeneratorConfig(players=a.players, rounds=a.rounds)
        t = generate(timed, config, a.seed)  # type: ignore[arg-type]
        write_trf_file(t, path)
        made = f"generated in {time.perf_counter() - t0:.1f} s, written to {path}"
    print(f"system={a.system} players={a.players} rounds={a.rounds} seed={a.seed}: event {made}")
    peaks: dict[int, float] = {}
    if a.memory:
        for r in range(1, a.rounds + 1):
            tracemalloc.start()
            timed.engine.pair(t, r)
            peaks[r] = tracemalloc.get_traced_memory()[1] / 2**20
            tracemalloc.stop()
    print("round | in-process wall s | CPU s | peak MiB (tracemalloc) "
          "| command line wall s | CPU s | max RSS MiB")
    for r in range(1, a.rounds + 1):
        wall, cpu = timed.times[r]
        row = f"{r:5d} | {wall:17.3f} | {cpu:5.3f} | "
        row += f"{peaks[r]:22.1f} | " if r in peaks else f"{'-':>22} | "
        if not a.no_cli:
            before = workdir / f"{path.stem}-before-round{r}.trf"
            write_trf_file(t.before_round(r), before, points="computed")
            out = workdir / f"{path.stem}-round{r}.pairs"
            cwall, ccpu, rss = run_cli(a.system, before, r, out)
            lines = out.read_text().split()[1:]
            got = {(int(x), int(y)) for x, y in zip(lines[::2], lines[1::2], strict=True)
                   if int(y)}
            same = "" if got == played_pairs(t, r) else "  (differs from the event!)"
            row += f"{cwall:19.3f} | {ccpu:5.3f} | {rss:11.0f}{same}"
        print(row, flush=True)


if __name__ == "__main__":
    main()
