"""Random tournaments paired with ``elo-swiss``: B1 is never violated (issue 9).

Usage: ``.venv/bin/python benchmarks/elo_swiss_random.py [COUNT] [SEED]`` (default 1000, 1).

Each tournament has 7-60 players (ratings 1200-2600) and 5-11 rounds; results are drawn from
the rating difference (Elo expectation, a share of draws), with a few forfeits and requested
byes. After every round the pairing is checked for B1 a (two players meet once; forfeits do not
count, E2), B1 b (no second bye after a point won without playing), every available player
paired exactly once, and the bye only when the number of players is odd. Prints figures:
tournaments, rounds, violations, rounds without a pairing, time per round.
"""

from __future__ import annotations

import random
import sys
import time

from swisspairing.errors import NoValidPairing
from swisspairing.model import Pairing, Player, Tournament
from swisspairing.model.results import Colour, RoundEntry
from swisspairing.model.state import build_states
from swisspairing.systems.elo_swiss import ELO_SWISS, POINT_WITHOUT_PLAYING, Round


def new_tournament(rng: random.Random, players: int, rounds: int) -> Tournament:
    ratings = sorted((rng.randint(1200, 2600) for _ in range(players)), reverse=True)
    t = Tournament(name="random", total_rounds=rounds)
    for i, rating in enumerate(ratings, start=1):
        t.players[i] = Player(i, name=f"Player {i:03d}", rating=rating)
    return t


def play(rng: random.Random, t: Tournament, pairing: Pairing, forfeit_rate: float) -> None:
    """Write the results of ``pairing`` into ``t``."""
    r = pairing.round_number
    for b in pairing.boards:
        w, k = t.players[b.white], t.players[b.black]
        if rng.random() < forfeit_rate:
            cw, ck = ("+", "-") if rng.random() < 0.5 else ("-", "+")
        else:
            expected = 1 / (1 + 10 ** ((k.rating - w.rating) / 400))
            x = rng.random()
            draw = 0.3
            if x < expected - draw / 2:
                cw, ck = "1", "0"
            elif x < expected + draw / 2:
                cw, ck = "=", "="
            else:
                cw, ck = "0", "1"
        w.set_entry(r, RoundEntry.game(k.id, Colour.WHITE, cw))
        k.set_entry(r, RoundEntry.game(w.id, Colour.BLACK, ck))
    if pairing.bye is not None:
        t.players[pairing.bye].set_entry(r, RoundEntry.bye("U"))
    for pid, code in pairing.unpaired.items():
        t.players[pid].set_entry(r, RoundEntry.bye(code or "Z"))


def b1_violations(t: Tournament, pairing: Pairing) -> list[str]:
    """B1 a/b and completeness of ``pairing`` against the rounds before it."""
    r = pairing.round_number
    states = build_states(t, r)
    out = []
    for b in pairing.boards:
        if b.black in states[b.white].opponents:
            out.append(f"round {r}: {b.white} and {b.black} meet again (B1 a)")
    if pairing.bye is not None and any(
        rec.kind in POINT_WITHOUT_PLAYING for rec in states[pairing.bye].rounds
    ):
        out.append(f"round {r}: {pairing.bye} gets a second point without playing (B1 b)")
    seen = [p for b in pairing.boards for p in (b.white, b.black)]
    if pairing.bye is not None:
        seen.append(pairing.bye)
    expected = set(t.players) - set(pairing.unpaired)
    if sorted(seen) != sorted(expected):
        out.append(f"round {r}: players paired {sorted(seen)} != available {sorted(expected)}")
    if (pairing.bye is not None) != (len(expected) % 2 == 1):
        out.append(f"round {r}: bye {pairing.bye} with {len(expected)} players")
    return out


def run_one(seed: int, players: int | None = None, rounds: int | None = None
            ) -> tuple[int, list[str], int, float]:
    """One tournament: (rounds paired, violations, rounds left unpaired although a pairing
    meeting B1 existed, seconds). A round no pairing can meet B1 ends the tournament."""
    rng = random.Random(seed)
    n = players or rng.randint(10, 60)
    rr = rounds or rng.randint(5, min(11, n // 2))
    t = new_tournament(rng, n, rr)
    violations: list[str] = []
    failures = 0
    paired = 0
    start = time.perf_counter()
    for r in range(1, rr + 1):
        if rng.random() < 0.1:  # a requested bye for round r
            pid = rng.choice(list(t.players))
            t.absent.setdefault(r, {})[pid] = rng.choice("HZ")
        try:
            pairing = ELO_SWISS.pair(t, r)
        except NoValidPairing:
            # counted only if a pairing did exist (B1 alone, any colours): a miss of ours
            rd = Round(t, r, use_b2=False)
            if rd.completable(set(t.players) - set(t.not_paired_in(r))):
                failures += 1
            break
        violations += b1_violations(t, pairing)
        play(rng, t, pairing, forfeit_rate=0.02)
        paired += 1
    return paired, violations, failures, time.perf_counter() - start


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    rounds = fails = 0
    bad: list[str] = []
    total = 0.0
    slowest = (0.0, 0)
    for i in range(count):
        paired, violations, failures, seconds = run_one(seed * 100_000 + i)
        rounds += paired
        fails += failures
        bad += [f"tournament {seed * 100_000 + i}: {v}" for v in violations]
        total += seconds
        slowest = max(slowest, (seconds / max(paired, 1), seed * 100_000 + i))
    print(f"tournaments: {count}  rounds paired: {rounds}  B1 violations: {len(bad)}  "
          f"missed pairings: {fails}")
    print(f"time: {total:.1f} s in all, {1000 * total / max(rounds, 1):.1f} ms per round, "
          f"slowest {1000 * slowest[0]:.0f} ms per round (tournament {slowest[1]})")
    for line in bad[:20]:
        print(line)


if __name__ == "__main__":
    main()
