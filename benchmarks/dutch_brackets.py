"""Issue 26: where a Dutch round spends its time, bracket by bracket.

Run on demand (not a test):

    .venv/bin/python benchmarks/dutch_brackets.py --system dutch-2025 FILE.trf

Pairs the round of ``FILE.trf`` in process and prints one row per bracket solved (in the
order the engine solves them, so a bracket paired alone and then again under 2017 A.9 /
2025 [C4] appears twice): its players (the MDPs and residents by score, the scores in points),
the size of the following scoregroup in its graph (look-ahead, 2017 C.7 / 2025 [C8]) and of
the lower players (``rest``: the bracket must complete the round), the CPU seconds of the
bracket (user + system, ``resource``), the pairs and downfloaters it returned, and which exact
shortcut of ``docs/dutch.md`` section 8 settled it, if any (``ideal``: section 8;
``completing``: 8.1-8.6; ``lowest-2012``: 8.2; ``last-one-colour``: 8.7; ``limbo-fixed``:
8.10; ``alike``, ``colour-split``: 8.13 (a), (b); ``odd-last-pab``: 8.15;
``cheapest-floaters``, ``nearly-alike``: 8.17 (a), (b); ``one-colour-floaters``: 8.19;
``-``: the weighted matchings). For a
bracket that must complete the round and was not settled, the last columns count the players
whose earlier floats keep the float criteria (2017 C.12-C.15, 2025 [C14]-[C17]) off zero:
residents who floated up one (``up1``) or two (``up2``) rounds before (an MDP meeting one
misses C.13/C.15, [C15]/[C17]) and down (``down1``, ``down2``: floating again misses
C.12/C.14, [C14]/[C16]); MDPs who floated down before (``mdp-down``).

The wrappers only observe: the pairing is the engine's own (the output is checked against a
plain run of the same file).
"""

from __future__ import annotations

import argparse
import resource
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from swisspairing.formats.trf import read_trf
from swisspairing.model.state import Float
from swisspairing.systems import get_system
from swisspairing.systems.dutch import (
    cheapest_floaters,
    completing,
    generation,
    ideal,
    nearly_alike,
    odd_last_bracket,
    tied,
)
from swisspairing.systems.dutch import round as dutch_round
from swisspairing.systems.dutch.bracket import Bracket
from swisspairing.systems.dutch.generation import BracketResult
from swisspairing.systems.dutch.players import PairingPlayer

#: the exact shortcuts tried by ``generation.run``, in its order, as (label, module, name)
SHORTCUTS: tuple[tuple[str, Any, str], ...] = (
    ("ideal", ideal, "ideal_candidate"),
    ("completing", completing, "completing_candidate"),
    ("lowest-2012", completing, "lowest_bracket_one_colour_2012"),
    ("last-one-colour", completing, "last_bracket_one_colour"),
    ("odd-last-pab", odd_last_bracket, "pab_receiver_candidate"),
    ("limbo-fixed", generation, "limbo_opponents_fixed"),
    ("alike", tied, "alike_bracket"),
    ("colour-split", tied, "colour_split_completing"),
    ("cheapest-floaters", cheapest_floaters, "cheapest_floaters_completing"),
    ("one-colour-floaters", cheapest_floaters, "cheapest_floaters_one_colour"),
    ("nearly-alike", nearly_alike, "nearly_alike_bracket"),
)


def cpu_seconds() -> float:
    """User + system CPU seconds of this process."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def scores(players: list[PairingPlayer]) -> str:
    """``3.0x65 2.5x4``: how many players of each score (scores are stored in tenths)."""
    counts = Counter(p.score for p in players)
    return " ".join(f"{s / 10:.1f}x{n}" for s, n in sorted(counts.items(), reverse=True)) or "-"


def float_counts(mdps: list[PairingPlayer], residents: list[PairingPlayer]) -> str:
    """The earlier floats that keep the float criteria of a completing bracket off zero."""
    def count(players: list[PairingPlayer], test: Callable[[PairingPlayer], bool]) -> int:
        return sum(1 for p in players if test(p))
    return (f"up1 {count(residents, lambda p: p.float1 is Float.UP)} "
            f"up2 {count(residents, lambda p: p.float2 is Float.UP)} "
            f"down1 {count(residents, lambda p: p.float1 is Float.DOWN)} "
            f"down2 {count(residents, lambda p: p.float2 is Float.DOWN)} "
            f"mdp-down {count(mdps, lambda p: Float.DOWN in (p.float1, p.float2))}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("file", type=Path)
    parser.add_argument("--system", default="dutch-2025")
    args = parser.parse_args(argv)

    settled_by: list[str] = []
    originals: list[tuple[Any, str, Any]] = []
    for label, module, name in SHORTCUTS:
        original = getattr(module, name)
        originals.append((module, name, original))

        def observed(ctx: Bracket, _original: Any = original, _label: str = label) -> Any:
            found = _original(ctx)
            if found is not None:
                settled_by.append(_label)
            return found
        setattr(module, name, observed)
    original_run = dutch_round.run
    originals.append((dutch_round, "run", original_run))

    def observed_run(ctx: Bracket) -> BracketResult:
        settled_by.clear()
        start = cpu_seconds()
        result = original_run(ctx)
        spent = cpu_seconds() - start
        mdps = [p for p in ctx.players if p.id in ctx.mdp_ids]
        residents = [p for p in ctx.players if p.id not in ctx.mdp_ids]
        how = settled_by[0] if settled_by else "-"
        rest = "-" if ctx.rest is None else str(len(ctx.rest))
        extra = float_counts(mdps, residents) if ctx.rest and how == "-" else ""
        print(f"| {len(ctx.players)} | {scores(mdps)} | {scores(residents)} | {len(ctx.nxt)} "
              f"| {rest} | {spent:.2f} | {len(result.pairs)} | {len(result.floaters)} "
              f"| {how} | {extra} |")
        return result

    dutch_round.run = observed_run  # the name the bracket solver calls
    try:
        print("| players | MDPs | residents | next | rest | CPU s | pairs | floaters "
              "| settled by | earlier floats (unsettled completing bracket) |")
        print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
        tournament = read_trf(args.file)
        start = cpu_seconds()
        pairing = get_system(args.system).pair(tournament)
        print(f"\nround {len(pairing.boards)} boards, {cpu_seconds() - start:.2f} s of CPU "
              "in all")
    finally:
        for module, name, original in originals:  # the engine as it was
            setattr(module, name, original)


if __name__ == "__main__":
    main()
