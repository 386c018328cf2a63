"""Random Burstein tournaments: absolute-rule violations and ``check`` against ``pair``.

Usage: ``nice .venv/bin/python benchmarks/burstein_random.py [COUNT] [FIRST_SEED] [JOBS]``
(default 1000 tournaments, seeds 1..1000, one process: the machine is shared).

Each tournament has 20 to 80 players and 5 to 11 rounds (so 2 to 4 seeding rounds, 1.6.2), with
requested half-point byes, known absences (zero-point byes), withdrawals and forfeits; it is
played by the generator (:func:`swisspairing.checker.generator.generate`) with our Burstein
engine, written as TRF, read back, and checked round by round by the checker
(:func:`swisspairing.checker.check.check_tournament`, rule set ``burstein``): every round must be
paired again identically (``check`` agrees with ``pair``) and no absolute rule (C.04.1 Art. 2-7,
forbidden pairs, withdrawn or absent players paired) may be broken. Prints the endorsement
summary, then the CPU time per tournament.
"""

from __future__ import annotations

import sys
import time

from swisspairing.checker.endorse import run_endorsement
from swisspairing.checker.generator import GeneratorConfig

CONFIG = GeneratorConfig(
    forfeit_rate=0.03,
    retire_rate=0.01,
    half_point_bye_rate=0.03,
    zero_point_bye_rate=0.02,
)


def main(argv: list[str]) -> int:
    count = int(argv[0]) if argv else 1000
    seed = int(argv[1]) if len(argv) > 1 else 1
    jobs = int(argv[2]) if len(argv) > 2 else 1
    cpu = time.process_time()
    summary = run_endorsement("burstein", CONFIG, count, seed, check=True, jobs=jobs,
                              progress=False, players=(20, 80), rounds=(5, 11))
    cpu = time.process_time() - cpu
    print(summary.render("en"), end="")
    if jobs == 1:
        print(f"CPU time              {cpu:.1f} s ({1000 * cpu / count:.0f} ms per tournament, "
              "generation and check)")
    return 0 if summary.ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
