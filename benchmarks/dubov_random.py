"""Random tournaments paired with ``dubov-1997`` and ``dubov``: count absolute-rule violations.

    .venv/bin/python benchmarks/dubov_random.py [--tournaments 1000] [--seed 1]

Each tournament has 5-11 rounds, 2 x rounds to 40 players (ratings 1400-2700), a few requested
half-point byes and forfeits; results are drawn from the rating difference (Elo expectancy).
After every round the pairing is checked against the absolute rules shared by both texts
(1997 art. 2.1-2.4, 2026 C1-C3): every available player paired once, at most one bye, no bye to
a player who already scored a win without playing, no rematch, colour difference within +-2,
no colour three times in a row; plus, for the 1997 text, the upfloat limits of art. 2.5.

The checker of ``swisspairing.checker.violations`` is used as well when it is installed.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from swisspairing.errors import NoValidPairing
from swisspairing.model import Colour, Pairing, Player, RoundEntry, Tournament
from swisspairing.model.state import build_states
from swisspairing.systems import get_system


def new_tournament(rng: random.Random, players: int, rounds: int) -> Tournament:
    """Players numbered by descending rating (the initial order)."""
    ratings = sorted((rng.randint(1400, 2700) for _ in range(players)), reverse=True)
    t = Tournament(name="random", total_rounds=rounds,
                   initial_colour=rng.choice([Colour.WHITE, Colour.BLACK]))
    for i, rating in enumerate(ratings, start=1):
        t.players[i] = Player(i, name=f"Player {i:03d}", rating=rating)
    return t


def play(rng: random.Random, t: Tournament, pairing: Pairing, forfeit_rate: float = 0.02
         ) -> None:
    """Write the results of a round: Elo expectancy, 30% draws among balanced games."""
    r = pairing.round_number
    for b in pairing.boards:
        w, k = t.players[b.white], t.players[b.black]
        if rng.random() < forfeit_rate:
            code = rng.choice("+-")
        else:
            expect = 1 / (1 + 10 ** ((k.rating - w.rating) / 400))
            x = rng.random()
            draw = 0.3 * (1 - abs(2 * expect - 1))
            code = "1" if x < expect - draw / 2 else "=" if x < expect + draw / 2 else "0"
        mirror = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+"}[code]
        w.set_entry(r, RoundEntry.game(k.id, Colour.WHITE, code))
        k.set_entry(r, RoundEntry.game(w.id, Colour.BLACK, mirror))
    if pairing.bye is not None:
        t.players[pairing.bye].set_entry(r, RoundEntry.bye("U"))


def pre_enter_byes(rng: random.Random, t: Tournament, r: int, rate: float = 0.03) -> None:
    """A few requested half-point byes for round ``r`` (never in the last round)."""
    if t.total_rounds is not None and r >= t.total_rounds:
        return
    for p in t.players.values():
        if rng.random() < rate:
            p.set_entry(r, RoundEntry.bye("H"))


def violations(t: Tournament, pairing: Pairing, system: str,
               moved_down: set[int] = frozenset()) -> list[str]:  # type: ignore[assignment]
    """Absolute rules broken by ``pairing`` (see the module docstring)."""
    r = pairing.round_number
    out: list[str] = []
    states = build_states(t, r)
    absent = t.not_paired_in(r)
    seen: list[int] = [x for b in pairing.boards for x in (b.white, b.black)]
    if pairing.bye is not None:
        seen.append(pairing.bye)
    expected = sorted(set(t.players) - set(absent))
    if sorted(seen) != expected:
        out.append(f"round {r}: players paired {sorted(seen)} != available {expected}")
    if len(expected) % 2 == 0 and pairing.bye is not None:
        out.append(f"round {r}: a bye with an even number of players")
    if pairing.bye is not None:
        st = states[pairing.bye]
        win = t.point_system.win
        bar = 1e-9 if system == "dubov-1997" else win  # 1997 art. 2.2: any point
        if any(rec.kind.name == "PAIRING_BYE" or (not rec.is_played and rec.points >= bar)
               for rec in st.rounds):
            out.append(f"round {r}: bye to {pairing.bye}, who already scored a win unplayed")
    for b in pairing.boards:
        if b.black in states[b.white].opponents:
            out.append(f"round {r}: rematch {b.white}-{b.black}")
        for pid, col in ((b.white, Colour.WHITE), (b.black, Colour.BLACK)):
            cols = [*states[pid].colours, col]
            cd = sum(1 if c is Colour.WHITE else -1 for c in cols)
            if abs(cd) > 2:
                out.append(f"round {r}: player {pid} colour difference {cd}")
            if len(cols) >= 3 and cols[-1] is cols[-2] is cols[-3]:
                out.append(f"round {r}: player {pid} has the same colour three times")
    if system == "dubov-1997" and t.total_rounds is not None and r < t.total_rounds:
        limit = 3 if t.total_rounds < 10 else 4
        for b in pairing.boards:
            sw, sb = states[b.white].pairing_score, states[b.black].pairing_score
            if sw == sb:
                continue
            low, high = (b.white, b.black) if sw < sb else (b.black, b.white)
            if high in moved_down:
                continue  # art. 6.4: meeting a player moved down is not a transfer up
            ups = [rec.round_number for rec in states[low].rounds if rec.opponent and
                   rec.opponent_score_before is not None and
                   rec.opponent_score_before > rec.score_before]
            if ups and ups[-1] == r - 1:
                out.append(f"round {r}: player {low} upfloated twice in a row (art. 2.5)")
            if len(ups) >= limit:
                out.append(f"round {r}: player {low} upfloated more than {limit} times")
    out.extend(_external_checker(t, pairing, system))
    return out


def _external_checker(t: Tournament, pairing: Pairing, system: str) -> list[str]:
    try:
        from swisspairing.checker.violations import absolute_violations
    except ImportError:  # pragma: no cover - the checker is part of the project
        return []
    return [v.text() for v in absolute_violations(t, pairing, system)]


def run_generated(system: str, seed: int) -> tuple[int, list[str]]:
    """One tournament of the project's generator (``checker.generator``), every round checked
    with the project's checker (``checker.violations``). Returns (rounds, violations)."""
    from swisspairing.checker.check import input_for_round, published_pairing
    from swisspairing.checker.generator import GeneratorConfig, generate
    from swisspairing.checker.violations import absolute_violations

    rng = random.Random(seed)
    rounds = rng.randint(5, 11)
    config = GeneratorConfig(players=rng.randint(2 * rounds, 40), rounds=rounds,
                             forfeit_rate=0.02, half_point_bye_rate=0.02,
                             zero_point_bye_rate=0.01, retire_rate=0.005)
    t = generate(system, config, seed)
    problems: list[str] = []
    for r in range(1, t.rounds_paired + 1):
        pairing = published_pairing(t, r).pairing
        before = input_for_round(t, r)
        problems.extend(v.text() for v in absolute_violations(before, pairing, system))
    return t.rounds_paired, problems


def run_one(system: str, seed: int, on_pairing: Callable[[Tournament, Pairing], None] | None
            = None) -> tuple[Tournament, list[str], bool]:
    """Play one random tournament; return it, the violations found, and whether a round had
    no valid pairing (NoValidPairing raised: allowed by the rules, counted apart)."""
    rng = random.Random(seed)
    rounds = rng.randint(5, 11)
    t = new_tournament(rng, rng.randint(2 * rounds, 40), rounds)
    eng = get_system(system)
    problems: list[str] = []
    assert t.total_rounds is not None
    for r in range(1, t.total_rounds + 1):
        pre_enter_byes(rng, t, r)
        try:
            pairing, down, _ = eng.pair_detailed(t, r)  # type: ignore[attr-defined]
        except NoValidPairing:
            return t, problems, True
        problems.extend(violations(t, pairing, system, down))
        if on_pairing is not None:
            on_pairing(t, pairing)
        play(rng, t, pairing)
    return t, problems, False


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tournaments", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--systems", nargs="+", default=["dubov-1997", "dubov"])
    args = ap.parse_args()
    for system in args.systems:
        start = time.perf_counter()
        bad = stuck = rounds = 0
        examples: list[str] = []
        for i in range(args.tournaments):
            try:
                n, problems = run_generated(system, args.seed * 100_000 + i)
            except NoValidPairing:
                stuck += 1
                continue
            rounds += n
            if problems:
                bad += 1
                examples.extend(problems[:2])
        dt = time.perf_counter() - start
        print(f"{system} (checker.generator + checker.violations): {args.tournaments} "
              f"tournaments, {rounds} rounds, {bad} with a violation, {stuck} stopped by "
              f"NoValidPairing, {dt:.1f} s")
        for e in examples[:10]:
            print("   ", e)
        start = time.perf_counter()
        bad = stuck = rounds = 0
        examples: list[str] = []
        for i in range(args.tournaments):
            t, problems, blocked = run_one(system, args.seed * 100_000 + i)
            rounds += t.rounds_paired
            stuck += blocked
            if problems:
                bad += 1
                examples.extend(problems[:2])
        dt = time.perf_counter() - start
        print(f"{system} (local loop, + art. 2.5 for 1997): {args.tournaments} tournaments, "
              f"{rounds} rounds paired, "
              f"{bad} with a violation, {stuck} stopped by NoValidPairing, "
              f"{dt:.1f} s ({1000 * dt / max(rounds, 1):.1f} ms/round)")
        for e in examples[:10]:
            print("   ", e)


if __name__ == "__main__":
    main()
