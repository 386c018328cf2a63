"""Issue 18: CPU time of the two inputs that ran away, for the figures of the report.

Usage: ``.venv/bin/python benchmarks/hardening.py [REPEAT]`` (default 3; the best of REPEAT runs
is printed, in CPU seconds: the machine is shared, wall-clock times are noise).

* ``elo-swiss`` on ``../shared/cases/dutch-2017/t0044-r02.trf`` plus a forbidden group (``XXP``)
  of its first 38, 40, 42, 44 and 46 listed ids (issue 18.2: 0.07 s, ..., 0.58 s, 17 s before);
  the line says whether a level fell back on the search-limit pairing (C13 note);
* ``check`` (dutch-2025) of one player with 97, 297 and 997 rounds of ``0000 - U``, XXR two
  rounds more (issue 18.3: 112 s for 997 rounds before).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from pathlib import Path

from swisspairing.checker.check import check_tournament
from swisspairing.formats.trf import parse_trf
from swisspairing.model import Player, RoundEntry, Tournament
from swisspairing.systems import get_system
from swisspairing.systems.explain import Explanation

CASES = Path(__file__).resolve().parents[2] / "shared" / "cases"
FORBIDDEN = [5, 11, 8, 21, 16, 92, 3, 42, 81, 22, 15, 60, 89, 14, 24, 26, 46, 77, 47, 88, 56, 85,
             51, 53, 33, 58, 30, 62, 4, 44, 76, 67, 12, 91, 84, 10, 70, 23, 41, 48, 71, 64, 29, 34,
             40, 63]


def best_cpu(repeat: int, run: Callable[[], object]) -> tuple[float, object]:
    best, out = float("inf"), None
    for _ in range(repeat):
        start = time.process_time()
        out = run()
        best = min(best, time.process_time() - start)
    return best, out


def forbidden_event(count: int) -> Tournament:
    text = (CASES / "dutch-2017" / "t0044-r02.trf").read_text(encoding="utf-8").rstrip("\n")
    line = "XXP " + " ".join(map(str, FORBIDDEN[:count]))
    return parse_trf(text + "\n" + line + "\n", f"t0044-r02-xxp{count}.trf")


def long_event(rounds: int) -> Tournament:
    alone = Player(1, "Alone, Al", 2000, results=[RoundEntry.bye("U")] * rounds)
    return Tournament(name="Long", players={1: alone}, total_rounds=rounds + 2)


def main() -> None:
    repeat = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    print("elo-swiss, t0044-r02 + XXP of the first N ids (best of "
          f"{repeat}, CPU seconds):")
    for count in (38, 40, 42, 44, 46):
        t = forbidden_event(count)

        def run(t: Tournament = t) -> str:
            e = Explanation()
            get_system("elo-swiss").pair(t, t.next_round, e)
            return e.render("en")

        seconds, text = best_cpu(repeat, run)
        fell_back = "search limit" in str(text)
        print(f"  N={count}: {seconds:.3f} s{'  (a level fell back on C13)' if fell_back else ''}")
    print(f"check --system dutch-2025 of one player, K rounds of 0000 - U (best of {repeat}):")
    for rounds in (97, 297, 997):
        t = long_event(rounds)
        seconds, _ = best_cpu(repeat, lambda t=t: check_tournament(t, "dutch-2025"))
        print(f"  K={rounds}: {seconds:.3f} s")


if __name__ == "__main__":
    main()
