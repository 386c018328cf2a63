"""Benchmark of the Double-Swiss engine (C.04.5) over a whole large event, engine-made history.

Run on demand (not a test):

    .venv/bin/python benchmarks/double_swiss.py --players 1000 --matches 9
    .venv/bin/python benchmarks/double_swiss.py --players 1000 --forfeits 0.05 --byes 0.02

The event is played by the generator (``checker.generator.generate`` with ``double-swiss``:
random ratings, Milvang's results per game, optional match forfeits, single-game forfeits,
half-point byes and absences), so every match is paired on a history the engine made. Each
match's pairing inside this process is timed (wall and CPU). With ``--cli`` the command line is
also run end to end on the file before the middle match (start, read, pair, write).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from systems import CLI, TimedSystem  # benchmarks/systems.py, beside this script

from swisspairing.checker.generator import GeneratorConfig, generate
from swisspairing.formats.trf import write_trf_file


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--players", type=int, default=1000)
    ap.add_argument("--matches", type=int, default=9)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--forfeits", type=float, default=0.0, help="share of matches touched")
    ap.add_argument("--byes", type=float, default=0.0, help="half-point byes and absences")
    ap.add_argument("--cli", action="store_true")
    a = ap.parse_args()
    timed = TimedSystem("double-swiss")
    config = GeneratorConfig(players=a.players, rounds=a.matches, forfeit_rate=a.forfeits,
                             half_point_bye_rate=a.byes, zero_point_bye_rate=a.byes)
    t = generate(timed, config, a.seed)
    print(f"Double-Swiss, {a.players} players, {a.matches} matches, seed {a.seed}, forfeits "
          f"{a.forfeits}, byes {a.byes}")
    for k, (wall, cpu) in sorted(timed.times.items()):
        print(f"  match {k}: {wall:.3f} s wall, {cpu:.3f} s CPU")
    walls = [w for w, _ in timed.times.values()]
    print(f"  slowest {max(walls):.3f} s, mean {sum(walls) / len(walls):.3f} s")
    if a.cli:
        middle = (a.matches + 1) // 2
        with tempfile.TemporaryDirectory() as folder:
            before = t.before_round(2 * middle - 1)
            path = Path(folder) / "event.trf"
            write_trf_file(before, path, points="computed")
            w0 = time.perf_counter()
            subprocess.run([str(CLI), "pair", str(path), "-o", str(Path(folder) / "out")],
                           check=True)
            print(f"  command line, match {middle}: {time.perf_counter() - w0:.3f} s wall")


if __name__ == "__main__":
    main()
