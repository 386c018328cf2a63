"""Every pairing system on large generated events, and the one-bracket case: CPU, wall time and
peak memory of ``swisspairing pair`` per round.

Run on demand (not a test); the machine is small and shared, so keep the timeout short:

    .venv/bin/python benchmarks/systems.py --systems dutch-2025,dutch-2017 --sizes 1000,4000
    .venv/bin/python benchmarks/systems.py --systems burstein,dubov --sizes 1000 --timeout 20 \\
        --one-bracket ''

For each system and size, an event is played by that system's own engine (the generator of
``swisspairing generate``: random ratings, Milvang's results, no byes or forfeits; Dubov events
by Dubov, and so on), ``--rounds`` rounds. A round the engine does not pair within ``--timeout``
seconds of CPU ends the event there. Then the command line is run end to end on the file of the
event before each round, as an arbiter would (``swisspairing pair --system S FILE -o OUT``:
process start, reading the file, pairing, writing), limited to ``--timeout`` seconds of CPU
(RLIMIT_CPU; a round over it is reported as "> N s"), with its CPU time, wall time and maximum
resident size; ``same`` says whether it paired the round as the event had it. The figures are
those of the ``pair`` process alone: it is started by a fresh, small interpreter
(:data:`RUNNER`), never forked from this process, whose generated events would count in its
maximum resident size (Linux gives a forked child the resident size of its parent).

The one-bracket case (``benchmarks/one_bracket.py``): round 3 of an event where White won every
game of rounds 1 and 2 (paired by dutch-2025), at the sizes of ``--one-bracket``, paired by every
system asked for.

The files are kept in ``--workdir`` (default: a temporary folder) and an event whose file exists
there is reused, so a second run measures without generating again (the files of an event name
its system, players, rounds and seed; they are written atomically). The pairings each run
writes go to a folder of its own, ``run-*`` (:func:`run_folder`), so that two runs sharing the
folder never read each other's.
"""

from __future__ import annotations

import argparse
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from one_bracket import white_wins_event

from swisspairing.checker.check import published_pairing
from swisspairing.checker.generator import GeneratorConfig, finish, generate
from swisspairing.formats.pairs import read_javafo
from swisspairing.formats.trf import read_trf, write_trf_file
from swisspairing.model import Pairing, Tournament
from swisspairing.systems import get_system

CLI = Path(sys.executable).with_name("swisspairing")
ALL_SYSTEMS = ("dutch-2025", "dutch-2017", "dutch-2012", "burstein", "dubov", "dubov-1997",
               "lim", "elo-swiss")


class RoundTimeout(Exception):
    """The engine spent more than the allowed CPU time on one round."""


class DeadlineSystem:
    """The engine of a system, stopped (SIGPROF) after ``seconds`` of CPU on one round."""

    def __init__(self, name: str, seconds: float) -> None:
        self.engine = get_system(name)
        self.name = self.engine.name
        self.seconds = seconds

    def pair(self, t: Tournament, round_number: int | None = None, explain: object = None
             ) -> Pairing:
        def stop(signum: int, frame: object) -> None:
            raise RoundTimeout(f"round {round_number}: over {self.seconds:g} s of CPU")

        old = signal.signal(signal.SIGPROF, stop)
        signal.setitimer(signal.ITIMER_PROF, self.seconds)
        try:
            return self.engine.pair(t, round_number, explain)  # type: ignore[arg-type]
        finally:
            signal.setitimer(signal.ITIMER_PROF, 0)
            signal.signal(signal.SIGPROF, old)


class TimedSystem:
    """The engine ``name`` in process, timing every round (a match of a Double-Swiss event,
    ``games_per_round`` 2: C.04.5) the generator or the caller asks it to pair."""

    def __init__(self, name: str) -> None:
        self.engine = get_system(name)
        self.name = self.engine.name
        #: round (match) -> (wall seconds, CPU seconds)
        self.times: dict[int, tuple[float, float]] = {}

    def pair(self, t: Tournament, round_number: int | None = None, explain: object = None
             ) -> Pairing:
        r = t.next_round if round_number is None else round_number
        w0, c0 = time.perf_counter(), time.process_time()
        out = self.engine.pair(t, r)
        games = t.games_per_round
        self.times[(r + games - 1) // games] = (time.perf_counter() - w0,
                                                time.process_time() - c0)
        return out


def event(system: str, players: int, rounds: int, seed: int, timeout: float, workdir: Path
          ) -> tuple[Tournament, int, str]:
    """(the event, the number of rounds it has, how it was made): played by ``system``'s own
    engine, cut at the first round the engine does not pair within ``timeout`` s of CPU."""
    path = workdir / f"{system}-{players}p-{rounds}r-seed{seed}.trf"
    if path.exists():
        t = read_trf(path)
        return t, t.rounds_paired, f"read from {path}"
    w0 = time.perf_counter()
    config = GeneratorConfig(players=players, rounds=rounds)
    try:
        t = generate(DeadlineSystem(system, timeout), config, seed)  # type: ignore[arg-type]
        played = rounds
    except RoundTimeout as exc:
        t = exc.partial  # type: ignore[attr-defined]
        finish(t)
        played = t.rounds_paired
    write_trf_file(t, path)
    return t, played, f"generated in {time.perf_counter() - w0:.0f} s"


def played_round(t: Tournament, r: int) -> tuple[set[tuple[int, int]], int | None]:
    """(white, black) of the games of round ``r`` as the event has them, and its PAB (the
    checker's reading of a file's round, :func:`published_pairing`)."""
    pairing = published_pairing(t, r).pairing
    return {(b.white, b.black) for b in pairing.boards}, pairing.bye


#: Run by a fresh interpreter: starts the command (argv[3:]) limited to argv[1] s of CPU, kills
#: it after argv[2] s of wall time, and prints its CPU s, wall s, max resident KiB and exit
#: code, from ``wait4`` (the command's own figures, this small interpreter's never counted).
RUNNER = """
import os, resource, subprocess, sys, time
cpu, wall_limit, command = int(sys.argv[1]), float(sys.argv[2]), sys.argv[3:]
def limit():
    resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 1))
w0 = time.perf_counter()
proc = subprocess.Popen(command, preexec_fn=limit, stdout=subprocess.DEVNULL,
                        stderr=subprocess.DEVNULL)
while True:
    pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
    if pid:
        break
    if time.perf_counter() - w0 > wall_limit:
        proc.kill()
    time.sleep(0.01)
print(usage.ru_utime + usage.ru_stime, time.perf_counter() - w0, usage.ru_maxrss,
      os.waitstatus_to_exitcode(status))
"""


def run_pair(system: str, path: Path, out: Path, timeout: float
             ) -> tuple[float, float, float, bool]:
    """(CPU s, wall s, max resident MiB, finished) of ``swisspairing pair`` on ``path``, limited
    to ``timeout`` s of CPU (and ten times that of wall time); measured by :data:`RUNNER`."""
    cpu_limit = max(1, int(timeout + 0.999))
    command = [str(CLI), "pair", "--system", system, str(path), "-o", str(out)]
    report = subprocess.run([sys.executable, "-c", RUNNER, str(cpu_limit),
                             str(10 * timeout + 10), *command],
                            capture_output=True, text=True, check=True).stdout.split()
    cpu, wall, rss_kib, code = float(report[0]), float(report[1]), int(report[2]), int(report[3])
    return cpu, wall, rss_kib / 1024, code == 0


def run_folder(workdir: Path) -> Path:
    """A new folder ``workdir/run-*`` for the outputs of one run of the benchmark."""
    return Path(tempfile.mkdtemp(prefix=f"run-{time.strftime('%Y%m%d-%H%M%S')}-",
                                 dir=workdir))


def open_run(workdir: Path | None, prefix: str, timeout: float, header: list[str]
             ) -> tuple[Path, Path]:
    """(the files' folder, this run's outputs folder) of one run: ``workdir`` (made if
    missing; a new temporary folder named ``prefix...`` when None) and a new
    :func:`run_folder` in it; says where they are and the per-round limit, then prints the
    table's ``header``."""
    workdir = workdir or Path(tempfile.mkdtemp(prefix=prefix))
    workdir.mkdir(parents=True, exist_ok=True)
    outputs = run_folder(workdir)
    print(f"files in {workdir}, this run's pairings in {outputs.name}; per-round limit "
          f"{timeout:g} s of CPU", flush=True)
    print_row(header)
    print_row(["---"] * len(header))
    return workdir, outputs


def before_round_file(workdir: Path, system: str, players: int, rounds: int, seed: int,
                      r: int) -> Path:
    """The file of the event (as :func:`event` names it) before round ``r``."""
    return workdir / f"{system}-{players}p-{rounds}r-seed{seed}-before-round{r}.trf"


def measure(system: str, label: str, path: Path, expected: tuple[set[tuple[int, int]],
            int | None] | None, timeout: float, outputs: Path) -> list[str]:
    """One row of the table: ``pair`` on ``path``, its pairing written in ``outputs`` (the
    run's own folder, :func:`run_folder`)."""
    out = outputs / f"{path.stem}.{system}.pairs"
    cpu, wall, rss, finished = run_pair(system, path, out, timeout)
    if not finished:
        return [system, label, f"> {timeout:g} s", f"{wall:.2f}", f"{rss:.0f}", "-"]
    same = "-" if expected is None else (
        "yes" if read_javafo(out.read_text(), out) == expected else "NO")
    return [system, label, f"{cpu:.2f}", f"{wall:.2f}", f"{rss:.0f}", same]


HEADER = ["system", "event, round", "CPU s", "wall s", "max RSS MiB", "same"]


def print_row(row: list[str]) -> None:
    print("| " + " | ".join(row) + " |", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--systems", default=",".join(ALL_SYSTEMS),
                    help="comma-separated systems (default: all eight)")
    ap.add_argument("--sizes", default="1000,4000", help="players of the generated events")
    ap.add_argument("--rounds", type=int, default=11)
    ap.add_argument("--measure-rounds", default="",
                    help="comma-separated rounds to time (default: every round)")
    ap.add_argument("--one-bracket", default="400,1000",
                    help="sizes of the one-bracket case ('' for none)")
    ap.add_argument("--timeout", type=float, default=60,
                    help="CPU seconds allowed to one round, generating or pairing (default 60)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workdir", type=Path, default=None,
                    help="folder for the TRF files (kept and reused)")
    a = ap.parse_args()
    systems = [s for s in a.systems.split(",") if s]
    sizes = [int(x) for x in a.sizes.split(",") if x]
    bracket_sizes = [int(x) for x in a.one_bracket.split(",") if x]
    wanted = {int(x) for x in a.measure_rounds.split(",") if x}
    workdir, outputs = open_run(a.workdir, "swisspairing-systems-", a.timeout, HEADER)
    rows: list[list[str]] = []
    for n in bracket_sizes:
        path = workdir / f"one-bracket-{n}p-before-round3.trf"
        if not path.exists():
            write_trf_file(white_wins_event(n), path)
        for system in systems:
            rows.append(measure(system, f"one bracket {n}, r3", path, None, a.timeout,
                                outputs))
            print_row(rows[-1])
    for system in systems:
        for n in sizes:
            t, played, made = event(system, n, a.rounds, a.seed, a.timeout, workdir)
            print(f"<!-- {system} {n} players: {played} of {a.rounds} rounds, {made} -->",
                  flush=True)
            for r in range(1, min(played + 1, a.rounds) + 1):
                if wanted and r not in wanted:
                    continue
                label = f"{n} players, r{r}"
                if r > played:
                    rows.append([system, label, f"> {a.timeout:g} s", "-", "-",
                                 "(generating)"])
                    print_row(rows[-1])
                    continue
                path = before_round_file(workdir, system, n, a.rounds, a.seed, r)
                if not path.exists():
                    write_trf_file(t.before_round(r), path, points="computed")
                rows.append(measure(system, label, path, played_round(t, r), a.timeout,
                                    outputs))
                print_row(rows[-1])


if __name__ == "__main__":
    main()
