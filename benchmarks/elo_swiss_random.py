"""Random tournaments paired with ``elo-swiss``: B1 is never violated (issue 9).

Usage: ``.venv/bin/python benchmarks/elo_swiss_random.py [COUNT] [SEED]`` (default 1000, 1).

Each tournament (10-60 players, 5-11 rounds but at most half the players) is generated and
played by the checker's random tournament generator (``checker.generator.generate``) with our
engine, with a few forfeits, half-point and zero-point byes. Every round is then checked with
``checker.violations.absolute_violations(..., "elo-swiss")``:

* B1 a (= C.04.1 b: two players meet once; a forfeit is no meeting, E2),
  B1 b (= C.04.1 d: no bye after a point won without playing), and the pairing being complete
  (C.04.1 c, every available player on a board or the bye) - must be 0;
* C.04.1 f/g (our B2) - counted apart: the engine gives them up only when no pairing meets them.

When the generator stops on NoValidPairing, the round is counted as a miss only if a pairing
meeting B1 did exist (exact matching test). Prints the figures and the first violations.
"""

from __future__ import annotations

import random
import sys
import time
from collections import Counter

from swisspairing.checker.check import input_for_round, published_pairing
from swisspairing.checker.generator import GeneratorConfig, generate
from swisspairing.checker.violations import absolute_violations
from swisspairing.errors import NoValidPairing
from swisspairing.model import Tournament
from swisspairing.systems.elo_swiss import Round

#: Violation rule ids that are B1 of the text (or make a pairing incomplete).
B1_RULES = {"C.04.1 b", "C.04.1 c", "C.04.1 d", "pairing", "GHR 3.2", "GHR 3.3", "XXP/260"}


def config_for(seed: int) -> GeneratorConfig:
    rng = random.Random(seed)
    n = rng.randint(10, 60)
    return GeneratorConfig(
        players=n,
        rounds=rng.randint(5, min(11, n // 2)),
        forfeit_rate=0.02,
        half_point_bye_rate=0.02,
        zero_point_bye_rate=0.01,
    )


def check_rounds(t: Tournament, rounds: int) -> list[str]:
    """The absolute violations of every paired round of ``t``, as 'rule: message'."""
    out = []
    for r in range(1, rounds + 1):
        pairing = published_pairing(t, r).pairing
        if not pairing.boards and pairing.bye is None:
            continue
        for v in absolute_violations(input_for_round(t, r), pairing, "elo-swiss"):
            out.append(f"{v.rule}: round {r}: {v.en}")
    return out


def run_one(seed: int) -> tuple[int, list[str], int, float]:
    """One tournament: (rounds paired, violations, missed pairings, seconds). Missed: 1 when
    the engine found no pairing although one meeting B1 existed, -1 when none existed."""
    config = config_for(seed)
    start = time.perf_counter()
    missed = 0
    try:
        t = generate("elo-swiss", config, seed)
        rounds = config.rounds
    except NoValidPairing as exc:
        t = exc.partial  # type: ignore[attr-defined]
        rounds = t.rounds_paired
        r = rounds + 1
        available = set(t.players) - set(t.not_paired_in(r))
        missed = 1 if Round(t, r, use_b2=False).completable(available) else -1
    seconds = time.perf_counter() - start
    return rounds, check_rounds(t, rounds), missed, seconds


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    rounds = missed = impossible = 0
    b1: list[str] = []
    other: Counter[str] = Counter()
    total = 0.0
    slowest = (0.0, 0)
    for i in range(count):
        s = seed * 100_000 + i
        paired, violations, miss, seconds = run_one(s)
        rounds += paired
        missed += miss > 0
        impossible += miss < 0
        for v in violations:
            rule = v.split(":", 1)[0]
            if rule in B1_RULES:
                b1.append(f"tournament {s}: {v}")
            else:
                other[rule] += 1
        total += seconds
        slowest = max(slowest, (seconds / max(paired, 1), s))
    print(f"tournaments: {count}  rounds paired: {rounds}  B1 violations: {len(b1)}  "
          f"missed pairings: {missed}  rounds with no pairing possible under B1: "
          f"{impossible}")
    print(f"colour rules given up (C.04.1 f/g, B2): {dict(other) or 0}")
    print(f"time: {total:.1f} s in all (generation included), "
          f"{1000 * total / max(rounds, 1):.1f} ms per round, "
          f"slowest {1000 * slowest[0]:.0f} ms per round (tournament {slowest[1]})")
    for line in b1[:20]:
        print(line)


if __name__ == "__main__":
    main()
