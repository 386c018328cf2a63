"""Benchmark: standings of a 1000-player, 11-round tournament with five tie-breaks.

Run: ``.venv/bin/python benchmarks/standings.py [PLAYERS ROUNDS REPEATS]``. Target: under 1 s.
The tournament is made by a simple random pairing (``standings.sample.random_tournament``).
"""

from __future__ import annotations

import sys
import time

from swisspairing.standings import parse_list, rank, render, views
from swisspairing.standings.sample import random_tournament


def main() -> None:
    players = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 11
    repeats = int(sys.argv[3]) if len(sys.argv) > 3 else 5
    t = random_tournament(players, rounds, seed=2026)
    lists = ["BH/C1,BH,SB,DE,WIN", "BH/C1,SB/C1,ARO,TPR,PS", "BH/M1,AOB,FB,APRO,PTP"]
    for text in lists:
        tbs = parse_list(text)
        times = []
        for _ in range(repeats):
            t0 = time.perf_counter()
            st = rank(t, tbs)
            times.append(time.perf_counter() - t0)
        print(f"{players} players, {rounds} rounds, {text}: best {min(times):.3f} s, "
              f"worst {max(times):.3f} s over {repeats} runs")
    t0 = time.perf_counter()
    render.text([views.standings_table(st), views.crosstable(st)])
    print(f"text standings + crosstable: {time.perf_counter() - t0:.3f} s")
    t0 = time.perf_counter()
    render.pdf([views.standings_table(st)])
    print(f"PDF standings ({players} rows): {time.perf_counter() - t0:.3f} s")


if __name__ == "__main__":
    main()
