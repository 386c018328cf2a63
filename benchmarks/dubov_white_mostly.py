"""Dubov 1997 on rounds where White won most games (issue 26): CPU per round.

Run on demand (not a test):

    .venv/bin/python benchmarks/dubov_white_mostly.py --events 80 [--keep DIR]

Event ``i`` (seed ``i`` of ``--seed``'s generator): 8-240 players, 2-4 rounds paired by
``dubov-1997`` (or, one in three, ``dutch-2025``), White winning each game with probability
0.75-1 (else Black wins or a draw); the round after is paired by ``dubov-1997``. Those rounds
are where the 1997 art. 7 transfers, art. 6.4 moves down and art. 8.2 floaters all happen (the
top groups hold players with two Whites who may not meet each other). Prints the CPU seconds of
the slowest rounds and the total. ``--keep DIR`` writes each event's file (TRF) to ``DIR``
(to pair them with another version of the code: the searches have no cap any more, so the
old ``--cap`` option is gone).
"""

from __future__ import annotations

import argparse
import random
import time
from pathlib import Path

from swisspairing.checker.generator import white_mostly_event
from swisspairing.formats.trf import write_trf_file
from swisspairing.model import Tournament
from swisspairing.systems import dubov


def events(count: int, seed: int) -> list[tuple[str, Tournament]]:
    rng = random.Random(seed)
    out = []
    for i in range(count):
        n = rng.choice([8, 12, 20, 30, 40, 60, 100, 160, 240])
        played = rng.randint(2, 4)
        rate = rng.choice([1.0, 1.0, 0.95, 0.9, 0.8, 0.75])
        system = rng.choice(["dubov-1997", "dubov-1997", "dutch-2025"])
        out.append((f"wm{i:03d}-{n}p-r{played + 1}", white_mostly_event(n, played, rate,
                                                                        system, seed=i)))
    return out


def pair_all(rounds: list[tuple[str, Tournament]]) -> tuple[dict[str, object], dict[str, float]]:
    answers: dict[str, object] = {}
    cpu: dict[str, float] = {}
    for name, t in rounds:
        start = time.process_time()
        p = dubov.DUBOV_1997.pair(t)
        cpu[name] = time.process_time() - start
        answers[name] = (sorted((b.white, b.black) for b in p.boards), p.bye)
    return answers, cpu


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--events", type=int, default=80)
    ap.add_argument("--seed", type=int, default=26)
    ap.add_argument("--keep", type=Path, help="folder to write the events' files to")
    a = ap.parse_args()
    rounds = events(a.events, a.seed)
    if a.keep:
        a.keep.mkdir(parents=True, exist_ok=True)
        for name, t in rounds:
            write_trf_file(t, a.keep / f"{name}.trf")
    _, cpu = pair_all(rounds)
    print(f"{len(rounds)} rounds, CPU {sum(cpu.values()):.2f} s in all; slowest:")
    for name in sorted(cpu, key=cpu.__getitem__, reverse=True)[:5]:
        print(f"  {name}: {cpu[name]:.2f} s")


if __name__ == "__main__":
    main()
