"""Spread of ARO among players with equal scores: ``dubov`` versus ``dutch-2025``.

    .venv/bin/python benchmarks/dubov_aro.py [--tournaments 200] [--players 40] [--seed 1]
                                             [--systems dubov dutch-2025 dubov-1997]

The Dubov system's stated aim (preface; 1997 preamble) is to equalise the average rating of
opponents (ARO) of players who have the same score. For each seed, one 9-round tournament is
generated with each system by the project's generator (``checker.generator``, the same seed,
so the same players; results drawn from the ratings). After the last round, every player's
ARO is the mean rating of the opponents met over the board; players are grouped by final
score and, in each group of two or more, we measure the standard deviation and the range
(max - min) of ARO. Figures are averaged over the groups, weighted by group size.

A system that is not implemented yet is reported as such (the comparison waits for it).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from swisspairing.checker.generator import GeneratorConfig, generate
from swisspairing.errors import NotImplementedSystem, NoValidPairing
from swisspairing.model import Tournament
from swisspairing.systems import get_system


def final_aro(t: Tournament) -> dict[int, float]:
    """ARO after the last round: opponents met over the board (no forfeits, no byes)."""
    out: dict[int, float] = {}
    for pid, p in t.players.items():
        opps = [e.opponent for e in p.results if e is not None and e.is_played]
        if opps:
            out[pid] = sum(t.players[o].rating for o in opps) / len(opps)
    return out


def spread(t: Tournament) -> tuple[float, float, int]:
    """(weighted mean standard deviation, weighted mean range, players counted) of ARO
    inside the final score groups of two or more players."""
    aro = final_aro(t)
    groups: dict[float, list[float]] = {}
    for pid in aro:
        groups.setdefault(t.total_points(pid), []).append(aro[pid])
    sd_sum = range_sum = 0.0
    n = 0
    for values in groups.values():
        if len(values) < 2:
            continue
        sd_sum += statistics.pstdev(values) * len(values)
        range_sum += (max(values) - min(values)) * len(values)
        n += len(values)
    return (sd_sum / n if n else 0.0, range_sum / n if n else 0.0, n)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tournaments", type=int, default=200)
    ap.add_argument("--players", type=int, default=40)
    ap.add_argument("--rounds", type=int, default=9)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--systems", nargs="+", default=["dubov", "dutch-2025", "dubov-1997"])
    args = ap.parse_args()
    config = GeneratorConfig(players=args.players, rounds=args.rounds)
    per_seed: dict[str, dict[int, float]] = {}
    print(f"{args.tournaments} tournaments, {args.players} players, {args.rounds} rounds; "
          "ARO spread inside final score groups (weighted by group size)")
    for system in args.systems:
        try:
            get_system(system)
        except NotImplementedSystem:
            print(f"{system:>11}: not implemented yet - the comparison waits for it")
            continue
        start = time.perf_counter()
        sds: list[float] = []
        ranges: list[float] = []
        failed = 0
        for i in range(args.tournaments):
            try:
                t = generate(system, config, args.seed * 10_000 + i)
            except NoValidPairing:
                failed += 1
                continue
            sd, rg, n = spread(t)
            if n:
                sds.append(sd)
                ranges.append(rg)
                per_seed.setdefault(system, {})[i] = sd
        dt = time.perf_counter() - start
        if not sds:
            print(f"{system:>11}: no tournament completed")
            continue
        print(f"{system:>11}: ARO standard deviation {statistics.mean(sds):6.1f} "
              f"(median {statistics.median(sds):6.1f}), range {statistics.mean(ranges):6.1f}, "
              f"{len(sds)} tournaments, {failed} stopped by NoValidPairing, {dt:.0f} s")
    # paired comparison: the same seed gives the same players (results follow the pairings)
    base = args.systems[0]
    for other in args.systems[1:]:
        a, b = per_seed.get(base, {}), per_seed.get(other, {})
        common = sorted(set(a) & set(b))
        if not common:
            continue
        diffs = [a[i] - b[i] for i in common]
        lower = sum(x < 0 for x in diffs)
        print(f"{base} - {other}: mean difference of the standard deviation "
              f"{statistics.mean(diffs):+.1f} (sd {statistics.pstdev(diffs):.1f}), "
              f"{base} lower in {lower} of {len(common)} tournaments")


if __name__ == "__main__":
    main()
