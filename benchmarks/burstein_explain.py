"""What ``--explain`` costs the Burstein system: CPU seconds of ``swisspairing pair --system
burstein`` with and without ``--explain`` on generated events (closing note: the explanation
paired every bracket with a floater again by a maximum-weight matching over every player below
it, twice per floater; ``systems/burstein/ideal.py`` :func:`why_ideal_floats` now answers from
the bounds the ideal candidate reached).

Run on demand (not a test), niced on a shared machine:

    nice .venv/bin/python benchmarks/burstein_explain.py --players 1000 --rounds 9 \\
        --measure-rounds 6,9

The event is played by the Burstein engine itself (``swisspairing generate``'s generator); each
measured round is paired from the file of the event before it, by a fresh process whose CPU
time (user + system) and maximum resident size are its own (``benchmarks/systems.py``
:data:`RUNNER`). Figures are CPU seconds, not wall time: the machine is shared.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from systems import CLI, RUNNER

from swisspairing.checker.generator import GeneratorConfig, generate
from swisspairing.formats.trf import write_trf_file


def cpu_of(command: list[str]) -> tuple[float, float, int]:
    """(CPU s, max resident MiB, exit code) of ``command``, measured by a fresh interpreter."""
    report = subprocess.run([sys.executable, "-c", RUNNER, "600", "6000", *command],
                            capture_output=True, text=True, check=True).stdout.split()
    return float(report[0]), int(report[2]) / 1024, int(report[3])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--players", type=int, default=1000)
    ap.add_argument("--rounds", type=int, default=9)
    ap.add_argument("--measure-rounds", default="6,9")
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    work = Path(tempfile.mkdtemp(prefix="burstein-explain-"))
    t = generate("burstein", GeneratorConfig(players=a.players, rounds=a.rounds), a.seed)
    print("| round | pair CPU s | pair --explain CPU s | ratio | max RSS MiB (explain) |")
    print("| --- | --- | --- | --- | --- |")
    for r in (int(x) for x in a.measure_rounds.split(",") if x):
        path = work / f"before-round{r}.trf"
        write_trf_file(t.before_round(r), path, points="computed")
        base = [str(CLI), "pair", "--system", "burstein", str(path)]
        plain, _, code = cpu_of([*base, "-o", str(work / f"r{r}.pairs")])
        explained, rss, code2 = cpu_of([*base, "-o", str(work / f"r{r}-x.pairs"), "--explain"])
        same = (work / f"r{r}.pairs").read_text() == (work / f"r{r}-x.pairs").read_text()
        assert code == code2 == 0 and same, (r, code, code2, same)
        print(f"| {r} | {plain:.2f} | {explained:.2f} | {explained / plain:.1f} | {rss:.0f} |",
              flush=True)


if __name__ == "__main__":
    main()
