"""Random Lim tournaments: every round paired by ``lim`` is checked against the absolute rules.

Usage: ``.venv/bin/python benchmarks/lim_random.py [COUNT] [FIRST_SEED]`` (default 1000, 0).

Each tournament has 10 to 80 players and 5 to 11 rounds, with forfeits, requested half-point
byes and withdrawals; it is played by the checker's generator
(:func:`swisspairing.checker.generator.generate`) with our Lim engine, and each round's pairing
is checked with :func:`swisspairing.checker.violations.absolute_violations` (rule set ``lim``:
C.04.1 b, c, d (2026 Basic Rule 4), f, g with Lim's last-round exception, forbidden pairs) at
the moment it is made. Prints the figures: tournaments, rounds, violations, failures, time.
"""

from __future__ import annotations

import random
import sys
import time
from collections import Counter
from dataclasses import dataclass, field

from swisspairing.checker.generator import GeneratorConfig, generate
from swisspairing.checker.violations import BYE_RULES, Violation, absolute_violations
from swisspairing.errors import NoValidPairing
from swisspairing.model import Colour, Pairing, PlayerState, Tournament, build_states
from swisspairing.systems.explain import Explanation
from swisspairing.systems.lim import LIM, LimPlayers


def _colours_fine(state: PlayerState, colour: Colour) -> bool:
    """C.04.1 f, g: after the game the colour difference is within +-2 and there are not three
    same colours in a row (played games only)."""
    cols = (*state.colours, colour)
    cd = sum(1 if c is Colour.WHITE else -1 for c in cols)
    return abs(cd) <= 2 and not (len(cols) >= 3 and cols[-1] is cols[-2] is cols[-3])


def exists_legal_pairing(t: Tournament, r: int, exempt: str) -> bool | None:
    """Independent exhaustive search: does any pairing of round ``r`` satisfy the absolute rules?

    ``exempt`` is the last-round colour exception: ``"none"``, ``"equal-scores"`` (Lim art. 13
    as our engine reads it) or ``"anybody"`` (the checker's ``lim`` rule set). None when there
    are too many players for the search (more than 24).
    """
    states = build_states(t, r)
    ids = sorted(p for p in t.players if p not in t.not_paired_in(r))
    if len(ids) > 24:
        return None
    last = t.total_rounds is not None and r >= t.total_rounds

    def legal(a: int, b: int) -> bool:
        sa, sb = states[a], states[b]
        if b in sa.opponents or t.is_forbidden(a, b, r):
            return False
        if last and (exempt == "anybody" or (exempt == "equal-scores"
                                             and sa.pairing_score == sb.pairing_score)):
            return True
        return any(_colours_fine(sa, c) and _colours_fine(sb, c.opposite)
                   for c in (Colour.WHITE, Colour.BLACK))

    memo: dict[frozenset[int], bool] = {}

    def perfect(rest: frozenset[int]) -> bool:
        if not rest:
            return True
        if rest not in memo:
            a = min(rest)
            memo[rest] = any(legal(a, b) and perfect(rest - {a, b}) for b in rest if b != a)
        return memo[rest]

    everyone = frozenset(ids)
    if len(ids) % 2 == 0:
        return perfect(everyone)
    may = BYE_RULES["2026"]
    return any(may(states[p], t.point_system) and perfect(everyone - {p}) for p in ids)


@dataclass
class CheckedLim:
    """The Lim system, checking each pairing it returns against the absolute rules."""

    name: str = "lim"
    rounds: int = 0
    violations: list[Violation] = field(default_factory=list)
    seconds: float = 0.0
    slowest: float = 0.0
    #: rounds without a pairing: (players, round, exists under Lim art. 13, under "anybody")
    refused: list[tuple[int, int, bool | None, bool | None]] = field(default_factory=list)
    boards: int = 0
    #: boards where a player does not get its due colour (12.5, 12.6)
    colour_misses: int = 0

    def pair(self, tournament: Tournament, round_number: int | None = None,
             explain: Explanation | None = None) -> Pairing:
        start = time.perf_counter()
        r = tournament.next_round if round_number is None else round_number
        try:
            pairing = LIM.pair(tournament, round_number, explain)
        except NoValidPairing:
            self.refused.append((len(tournament.players), r,
                                 exists_legal_pairing(tournament, r, "equal-scores"),
                                 exists_legal_pairing(tournament, r, "anybody")))
            raise
        spent = time.perf_counter() - start
        self.seconds += spent
        self.slowest = max(self.slowest, spent)
        self.rounds += 1
        self.violations.extend(absolute_violations(tournament, pairing, "lim"))
        due = LimPlayers(tournament, r).due
        for b in pairing.boards:
            self.boards += 1
            dw, db = due[b.white], due[b.black]
            if (dw is not None and dw is not Colour.WHITE) or (
                db is not None and db is not Colour.BLACK
            ):
                self.colour_misses += 1
        return pairing


def config_for(seed: int) -> GeneratorConfig:
    """The random shape of tournament ``seed``: 10-80 players, 5-11 rounds, some unplayed games."""
    rng = random.Random(seed * 7919 + 17)
    return GeneratorConfig(
        players=rng.randint(10, 80),
        rounds=rng.randint(5, 11),
        forfeit_rate=rng.choice((0.0, 0.02, 0.05)),
        half_point_bye_rate=rng.choice((0.0, 0.01, 0.03)),
        retire_rate=rng.choice((0.0, 0.005, 0.01)),
    )


def run(count: int, first_seed: int = 0) -> tuple[CheckedLim, list[str]]:
    """Play ``count`` tournaments; returns the checked system and the failures (no pairing)."""
    system = CheckedLim()
    failures = []
    for seed in range(first_seed, first_seed + count):
        config = config_for(seed)
        try:
            generate(system, config, seed)  # type: ignore[arg-type]
        except NoValidPairing as exc:
            failures.append(f"seed {seed} ({config.players} players): {exc}")
    return system, failures


def main(argv: list[str]) -> int:
    count = int(argv[1]) if len(argv) > 1 else 1000
    first = int(argv[2]) if len(argv) > 2 else 0
    start = time.perf_counter()
    system, failures = run(count, first)
    total = time.perf_counter() - start
    by_rule = Counter(v.rule for v in system.violations)
    print(f"tournaments: {count} (seeds {first}-{first + count - 1}), 10-80 players")
    print(f"rounds paired: {system.rounds}")
    print(f"absolute-rule violations: {len(system.violations)} {dict(by_rule)}")
    for v in system.violations[:10]:
        print("  ", v.text())
    print(f"boards: {system.boards}; a player misses its due colour on {system.colour_misses} "
          f"({100 * system.colour_misses / max(system.boards, 1):.1f} %)")
    print(f"tournaments stopped by a round without a pairing (NoValidPairing): {len(failures)}")
    for f in failures[:10]:
        print("  ", f)
    wrong = [x for x in system.refused if x[2] is not False]
    looser = [x for x in system.refused if x[2] is False and x[3]]
    print(f"  of which an exhaustive search finds a legal pairing under Lim art. 13 (engine "
          f"wrong): {len(wrong)}; only under the checker's wider last-round exception: "
          f"{len(looser)}")
    print(f"pairing time: {system.seconds:.1f} s in all, "
          f"{1000 * system.seconds / max(system.rounds, 1):.1f} ms per round on average, "
          f"slowest round {1000 * system.slowest:.0f} ms; whole run {total:.1f} s")
    return 1 if system.violations or wrong else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
