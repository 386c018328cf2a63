"""Check the full history of every reference tournament under ../shared/cases with our checker.

For each tournament ``tNNNN`` the case with the highest round holds every earlier round. Its
rounds are checked with ``check_tournament``; the result of each round is set against what our
``pair`` gives for the case of that round (``tNNNN-rKK.trf``) compared with the reference
``tNNNN-rKK.pairs``. The issue's requirement: no discrepancy in a round where our engine agrees
with the reference answer. It also checks that the file's round K equals the reference pairs of
case K (both come from the same reference engine), which tests how the checker reads a round.

    .venv/bin/python benchmarks/check_cases.py [FOLDER ...] [--system S]

Prints one line per folder and the rounds where the checker and the pair comparison disagree.
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from collections import defaultdict
from pathlib import Path

from swisspairing.checker.check import check_round, published_pairing
from swisspairing.errors import NotImplementedSystem
from swisspairing.formats.pairs import read_javafo
from swisspairing.formats.trf import read_trf
from swisspairing.systems import get_system

CASES = Path(__file__).resolve().parents[2] / "shared" / "cases"
SYSTEM_OF = {"dutch-2017": "dutch-2017", "dutch-2017-disputed": "dutch-2017",
             "dutch-2025": "dutch-2025", "dutch-2012": "dutch-2012"}


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("folders", nargs="*")
    ap.add_argument("--system")
    args = ap.parse_args()
    folders = [Path(f) for f in args.folders] or [CASES / n for n in SYSTEM_OF]
    status = 0
    for folder in folders:
        system_name = args.system or SYSTEM_OF.get(folder.name, "dutch-2025")
        by_t: dict[str, list[int]] = defaultdict(list)
        for f in folder.glob("t*-r*.trf"):
            m = re.match(r"(t\d+)-r(\d+)\.trf$", f.name)
            if m:
                by_t[m.group(1)].append(int(m.group(2)))
        try:
            get_system(system_name)
            engine = True
        except NotImplementedSystem:
            engine = False
        started = time.perf_counter()
        rounds = read_mismatch = agree_ok = agree_bad = differ = crashes = 0
        problems: list[str] = []
        for name in sorted(by_t):
            last = max(by_t[name])
            t = read_trf(folder / f"{name}-r{last:02d}.trf")
            for r in range(1, t.rounds_paired + 1):
                rounds += 1
                pub = published_pairing(t, r).pairing
                ref_path = folder / f"{name}-r{r:02d}.pairs"
                if not ref_path.exists():
                    continue
                ref_boards, ref_bye = read_javafo(ref_path.read_text(), ref_path)
                pub_boards = {(b.white, b.black) for b in pub.boards}
                if pub_boards != ref_boards or pub.bye != ref_bye:
                    # the history was paired from other inputs than case r (dutch-2012: byes
                    # entered after the case was cut); the two cannot be compared
                    read_mismatch += 1
                    problems.append(f"{name} round {r}: file round differs from "
                                    f"{ref_path.name} (not compared)")
                    continue
                if not engine:
                    continue
                # our pair on the case of round r, against the reference
                case = read_trf(folder / f"{name}-r{r:02d}.trf")
                try:
                    ours = get_system(system_name).pair(case, r, None)
                    ours_boards = {(b.white, b.black) for b in ours.boards}
                    pair_agrees = ours_boards == ref_boards and ours.bye == ref_bye
                except Exception:
                    pair_agrees = False
                try:
                    rep = check_round(t, system_name, r)
                except Exception as exc:
                    crashes += 1
                    problems.append(f"{name} round {r}: the checker failed: "
                                    f"{type(exc).__name__}: {exc}")
                    continue
                if pair_agrees:
                    if rep.ok:
                        agree_ok += 1
                    else:
                        agree_bad += 1
                        problems.append(f"{name} round {r}: pair agrees with the reference "
                                        f"but the checker reports {_why(rep)}")
                else:
                    differ += 1
        took = time.perf_counter() - started
        print(f"{folder.name}: {len(by_t)} tournaments, {rounds} rounds; file vs reference "
              f"pairs mismatches {read_mismatch}; engine {'yes' if engine else 'not built'}; "
              f"pair agrees & checker agrees {agree_ok}, pair agrees & checker reports "
              f"{agree_bad}, pair differs {differ}; checker failures {crashes}; {took:.1f} s")
        for p in problems[:30]:
            print("   ", p)
        if agree_bad:
            status = 1
    return status


def _why(rep) -> str:  # type: ignore[no-untyped-def]
    parts = []
    if not rep.agrees:
        parts.append("a discrepancy")
    parts += [v.text() for v in rep.violations + rep.our_violations]
    return "; ".join(parts)


if __name__ == "__main__":
    sys.exit(main())
