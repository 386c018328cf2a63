"""Before/after equality of a pairing engine: the same rounds paired by an old copy of the code
and by this one, compared board by board.

Run on demand when an engine is rewritten for speed (issue 26); its answers must not change:

    git archive main | tar -x -C /tmp/old        # the code before the change
    .venv/bin/python benchmarks/same_pairings.py --old-src /tmp/old/src --systems lim,elo-swiss \\
        --events 50 --players 100-400 [--extra FILE.trf ...]

For each system, ``--events`` events are played by this code's engine of that system (the
generator of ``swisspairing generate``: 100-400 players, 5-11 rounds, forfeits, requested byes,
absences and withdrawals, one seed per event); the file before each round is written, and
each file (and every ``--extra`` file, paired for the round after its last one) is paired by a
worker process running the old code and by one running the new code (``PYTHONPATH``). Prints
per system the rounds compared, the rounds identical (same boards, same colours, same bye),
the files of any difference and the rounds where the old code crashed (reported apart: the new
code is not expected to crash the same way); exit status 1 if any answer differs.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve()
NEW_SRC = HERE.parents[1] / "src"


def worker(system: str, files: list[str]) -> None:
    """Pair each file's next round with ``system`` and print one JSON line per file."""
    from swisspairing.errors import NoValidPairing
    from swisspairing.formats.trf import read_trf
    from swisspairing.systems import get_system

    engine = get_system(system)
    for name in files:
        t = read_trf(name)
        try:
            p = engine.pair(t, t.next_round)
            answer: object = {"boards": [[b.white, b.black] for b in p.boards], "bye": p.bye}
        except NoValidPairing as exc:
            answer = {"error": str(exc)}
        except Exception as exc:  # an engine crash is an answer to compare, not a stop
            answer = {"crash": f"{type(exc).__name__}: {exc}"[:300]}
        print(json.dumps({"file": name, "answer": answer}), flush=True)


def pair_all(src: Path, system: str, files: list[Path]) -> dict[str, object]:
    """The answers of the code under ``src`` for ``files`` (one worker process)."""
    out = subprocess.run(
        [sys.executable, str(HERE), "--worker", system, "--src", str(src),
         *map(str, files)],
        check=True, capture_output=True, text=True,
    ).stdout
    answers = {}
    for line in out.splitlines():
        row = json.loads(line)
        answers[row["file"]] = row["answer"]
    return answers


def make_events(system: str, count: int, low: int, high: int, seed: int, workdir: Path
                ) -> list[Path]:
    """Play ``count`` events with this code's engine; the files before each of their rounds."""
    from swisspairing.checker.generator import GeneratorConfig, generate
    from swisspairing.errors import NoValidPairing
    from swisspairing.formats.trf import write_trf_file

    files = []
    for k in range(count):
        rng = random.Random(seed + k)
        config = GeneratorConfig(
            players=rng.randint(low, high), rounds=rng.randint(5, 11),
            forfeit_rate=rng.choice((0.0, 0.02, 0.05)), retire_rate=rng.choice((0.0, 0.01)),
            half_point_bye_rate=rng.choice((0.0, 0.02)),
            zero_point_bye_rate=rng.choice((0.0, 0.01)))
        try:
            t = generate(system, config, seed + k)
        except NoValidPairing as exc:
            t = exc.partial  # type: ignore[attr-defined]
        for r in range(1, t.rounds_paired + 1):
            path = workdir / f"{system}-event{seed + k}-before-round{r}.trf"
            write_trf_file(t.before_round(r), path, points="computed")
            files.append(path)
    return files


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--worker", help=argparse.SUPPRESS)
    ap.add_argument("--src", type=Path, help=argparse.SUPPRESS)
    ap.add_argument("--old-src", type=Path, help="the src folder of the old code")
    ap.add_argument("--systems", default="lim,elo-swiss")
    ap.add_argument("--events", type=int, default=50)
    ap.add_argument("--players", default="100-400", help="range of players, A-B")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--extra", nargs="*", type=Path, default=[],
                    help="more TRF files, paired for their next round by every system")
    ap.add_argument("--workdir", type=Path, default=None)
    a, rest = ap.parse_known_args()
    if a.worker:
        sys.path.insert(0, str(a.src))
        worker(a.worker, rest)
        return
    if a.old_src is None:
        ap.error("--old-src is required")
    sys.path.insert(0, str(NEW_SRC))
    low, high = (int(x) for x in a.players.split("-"))
    workdir = a.workdir or Path(tempfile.mkdtemp(prefix="swisspairing-same-"))
    workdir.mkdir(parents=True, exist_ok=True)
    differ = 0
    for system in [s for s in a.systems.split(",") if s]:
        files = make_events(system, a.events, low, high, a.seed, workdir)
        for group, names in (("generated", files), ("extra", list(a.extra))):
            if not names:
                continue
            old = pair_all(a.old_src, system, names)
            new = pair_all(NEW_SRC, system, names)
            bad = [n for n in map(str, names) if old[n] != new[n]]
            crashed = [n for n in bad if "crash" in old[n]]  # type: ignore[operator]
            differ += len(bad) - len(crashed)
            print(f"{system} {group}: {len(names)} rounds compared, {len(names) - len(bad)} "
                  f"identical" + (f"; differ: {', '.join(sorted(set(bad) - set(crashed)))}"
                                  if len(bad) > len(crashed) else "")
                  + (f"; the old code crashed on {len(crashed)}: "
                     + "; ".join(f"{n}: {old[n]['crash']}" for n in crashed)  # type: ignore[index]
                     if crashed else ""), flush=True)
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
