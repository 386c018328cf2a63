"""Benchmark of the Dutch engines: wall time and peak memory of pairing one round.

Run on demand (not a test):

    .venv/bin/python benchmarks/dutch.py [--players 1000] [--round 9] [--system dutch-2017]
    .venv/bin/python benchmarks/dutch.py --players 20 --round 5 --repeat 20

The history before the measured round is made quickly by a simple score-order pairer (not our
engine, so that building a 1000-player event does not take the time being measured); results
are drawn from the rating difference with a fixed seed. Only the pairing of the last round by
the engine under test is timed, in this process, with tracemalloc for the peak memory of the
pairing itself and the process's maximum resident size for the whole run.
"""

from __future__ import annotations

import argparse
import gc
import random
import resource
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from swisspairing.model import Colour, Player, RoundEntry, Tournament
from swisspairing.systems import get_system


def build_history(players: int, rounds_played: int, total_rounds: int, seed: int) -> Tournament:
    """A tournament with ``rounds_played`` rounds paired by a naive score-order pairer."""
    rng = random.Random(seed)
    t = Tournament(name=f"benchmark {players}", total_rounds=total_rounds,
                   initial_colour=Colour.WHITE)
    ratings = sorted((rng.randint(1000, 2700) for _ in range(players)), reverse=True)
    for i, r in enumerate(ratings, start=1):
        t.players[i] = Player(i, f"Player {i:04d}", r)
    for rnd in range(1, rounds_played + 1):
        score = {i: t.points_after(i, rnd - 1) for i in t.players}
        met = {i: {e.opponent for e in p.results if e is not None} for i, p in t.players.items()}
        order = sorted(t.players, key=lambda i: (-score[i], i))
        if len(order) % 2:
            bye = next(i for i in reversed(order)
                       if all(e is None or e.code != "U" for e in t.players[i].results))
            order.remove(bye)
            t.players[bye].set_entry(rnd, RoundEntry.bye("U"))
        while order:
            a = order.pop(0)
            b = next((x for x in order if x not in met[a]), order[0])
            order.remove(b)
            whites_a = sum(1 for e in t.players[a].results if e and e.colour is Colour.WHITE)
            whites_b = sum(1 for e in t.players[b].results if e and e.colour is Colour.WHITE)
            w, k = (a, b) if whites_a <= whites_b else (b, a)
            expected = 1 / (1 + 10 ** ((t.players[k].rating - t.players[w].rating) / 400))
            x = rng.random()
            code = "1" if x < expected - 0.15 else ("=" if x < expected + 0.15 else "0")
            other = {"1": "0", "0": "1", "=": "="}[code]
            t.players[w].set_entry(rnd, RoundEntry(k, Colour.WHITE, code))
            t.players[k].set_entry(rnd, RoundEntry(w, Colour.BLACK, other))
    return t


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--players", type=int, default=1000)
    ap.add_argument("--round", type=int, default=9, help="the round to pair")
    ap.add_argument("--rounds", type=int, default=11, help="rounds announced")
    ap.add_argument("--system", default="dutch-2017")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=1, help="tournaments (seeds) to time")
    a = ap.parse_args()
    system = get_system(a.system)
    times, peaks = [], []
    for k in range(a.repeat):
        t = build_history(a.players, a.round - 1, a.rounds, a.seed + k)
        gc.collect()  # the history's garbage is not the pairing's cost
        t0 = time.perf_counter()
        pairing = system.pair(t, a.round)
        times.append(time.perf_counter() - t0)
        assert len(pairing.boards) == a.players // 2
        if k == 0:  # peak memory of the same pairing, measured apart (tracemalloc is slow)
            tracemalloc.start()
            system.pair(t, a.round)
            peaks.append(tracemalloc.get_traced_memory()[1])
            tracemalloc.stop()
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"system={a.system} players={a.players} round={a.round} tournaments={a.repeat}")
    print(f"wall time per round: median {statistics.median(times):.3f} s, "
          f"max {max(times):.3f} s")
    print(f"peak memory of the pairing (tracemalloc): {max(peaks) / 2**20:.1f} MiB; "
          f"process max RSS: {rss:.0f} MiB")


if __name__ == "__main__":
    main()
