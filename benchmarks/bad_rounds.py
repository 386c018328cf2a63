"""Issue 26: an arbiter's bad day. Pathological rounds at 1,000 (and 4,000) players, per system.

Run on demand (not a test); the machine is small and shared, so keep the timeout short:

    .venv/bin/python benchmarks/bad_rounds.py --systems dutch-2025,lim --sizes 1000 \\
        --scenarios nearmiss-r3,forfeits --timeout 20 --workdir /tmp/bad-rounds

Each scenario plays the rounds before the measured one with a pairing engine (by default the
measured system's own; ``other-history``: another system's) and a result model of its own,
through the generator of ``swisspairing generate`` (:func:`generate`: its byes, absences,
withdrawals and forfeits), then runs the command line on the file before the measured round as
an arbiter would (``swisspairing pair --system S FILE -o OUT``), limited to ``--timeout``
seconds of CPU, and prints one row: CPU (user + system), wall time, peak resident size of the
``pair`` process (``wait4``, as ``benchmarks/systems.py`` reads it) and whether the pairing
breaks an absolute rule (``swisspairing.violations``, the absolute checks of ``swisspairing
check``: ``ok`` or the number of violations). A history round the engine does not pair within
``--timeout`` s of CPU ends the event there and is reported as ``history: > N s at round R``.

Scenarios (``--scenarios``; default all; the measured round in brackets):

* ``nearmiss-r3`` - White won 92 % of the games of rounds 1-2, the rest half draws, half
  Black wins (the one-bracket round of ``one_bracket.py``, nearly) [3 of 9];
* ``whitewins-r5`` - White won every game of rounds 1-4 [5 of 9];
* ``nearmiss-r5`` - White won 92 % of the games of rounds 1-4 [5 of 9];
* ``forfeits`` - 15 % of games forfeited, 10 % half-point byes, 10 % known absences, 2 %
  withdrawals a round [6 of 9];
* ``late-entries`` - a quarter of the players arrive in round 3 (``0000 - Z`` before) [3 of 9];
* ``forbidden`` - clubs of 5 players who may not meet (``XXP``), 200 per 1,000 players [5 of 9];
* ``baku`` - the Baku acceleration (C.04.7) [3 of 9];
* ``last-round`` - the last round, topscorers (Milvang's results) [9 of 9];
* ``last-round-ww`` - the last round after White won every game [5 of 5];
* ``equal-draws`` - every player rated 2000, 90 % of games drawn, the rest 50/50 [5 of 9];
* ``other-history`` - rounds 1-5 paired by another system (Lim for Dutch and Burstein, Dutch
  2025 for Dubov, Lim and Elo-Swiss; not for the 2026 systems, whose events are matches or teams)
  [6 of 9].

The 2026 systems: ``double-swiss`` (matches of two games: the game-1 White's result model;
``--sizes`` players) and ``team-swiss`` (``--sizes`` / 4 teams of 4 boards, at most 999; the
result model acts per board, so "White wins" makes every match 2-2: one score group) run
the scenarios that make sense for them (``TEAM_SCENARIOS``, ``MATCH_SCENARIOS``).
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from systems import CLI, DeadlineSystem, RoundTimeout, open_run, print_row, run_pair

from swisspairing import api
from swisspairing.checker import generator, team_generator
from swisspairing.checker.generator import GeneratorConfig, finish, generate
from swisspairing.checker.team_generator import finish_team_event
from swisspairing.formats.trf import read_trf, write_trf_file
from swisspairing.model import Pairing, Tournament
from swisspairing.model.acceleration import baku_values
from swisspairing.model.results import RoundEntry
from swisspairing.model.tournament import Board, ForbiddenGroup

SYSTEMS = ("dutch-2025", "dutch-2017", "burstein", "dubov", "dubov-1997", "lim", "elo-swiss",
           "double-swiss", "team-swiss")

#: (White wins, draw) probabilities of a round, or None for Milvang's model (by rating)
ResultModel = Callable[[int], "tuple[float, float] | None"]


def white_share(share: float, rounds: int) -> ResultModel:
    """White wins ``share`` of the games of rounds 1..``rounds``, the rest half draws, half
    Black wins; Milvang's model after."""
    return lambda r: (share, (1 - share) / 2) if r <= rounds else None


def draws(share: float) -> ResultModel:
    """``share`` of the games drawn, the rest White or Black wins alike, every round."""
    return lambda r: ((1 - share) / 2, share)


@dataclass(frozen=True)
class Scenario:
    """How the event before the measured round is made."""

    round: int
    total_rounds: int
    results: ResultModel = lambda r: None
    config: dict[str, object] = field(default_factory=dict)
    late_share: float = 0.0
    clubs_per_1000: int = 0
    other_history: bool = False


SCENARIOS: dict[str, Scenario] = {
    "nearmiss-r3": Scenario(3, 9, white_share(0.92, 2)),
    "whitewins-r5": Scenario(5, 9, white_share(1.0, 4)),
    "nearmiss-r5": Scenario(5, 9, white_share(0.92, 4)),
    "forfeits": Scenario(6, 9, config={"forfeit_rate": 0.15, "half_point_bye_rate": 0.10,
                                       "zero_point_bye_rate": 0.10, "retire_rate": 0.02}),
    "late-entries": Scenario(3, 9, late_share=0.25),
    "forbidden": Scenario(5, 9, clubs_per_1000=200),
    "baku": Scenario(3, 9, config={"baku": True}),
    "last-round": Scenario(9, 9),
    "last-round-ww": Scenario(5, 5, white_share(1.0, 4)),
    "equal-draws": Scenario(5, 9, draws(0.9),
                            config={"lowest_rating": 2000, "highest_rating": 2000}),
    "other-history": Scenario(6, 9, other_history=True),
}
#: the scenarios of the 2026 systems (late entries, clubs and another system's history are
#: individual-event notions the generators of matches and teams do not model)
MATCH_SCENARIOS = ("nearmiss-r3", "whitewins-r5", "forfeits", "baku", "last-round",
                   "last-round-ww", "equal-draws")
TEAM_SCENARIOS = ("whitewins-r5", "forfeits", "baku", "last-round", "equal-draws")
OTHER_HISTORY = {"dutch-2025": "lim", "dutch-2017": "lim", "burstein": "lim",
                 "dubov": "dutch-2025", "dubov-1997": "dutch-2025", "lim": "dutch-2025",
                 "elo-swiss": "dutch-2025"}

_CURRENT = {"round": 1}  # the round being played, for the result model


class HistoryDone(Exception):
    """The rounds before the measured one are played."""


class ScenarioSystem(DeadlineSystem):
    """The history engine: sets up the scenario before round 1 (late entrants, clubs) and says
    which round is being played (the result model depends on it)."""

    def __init__(self, name: str, seconds: float, scenario: Scenario, seed: int) -> None:
        super().__init__(name, seconds)
        self.scenario = scenario
        self.rng = random.Random(seed * 7919)

    def pair(self, t: Tournament, round_number: int | None = None, explain: object = None
             ) -> Pairing:
        r = round_number or t.next_round
        _CURRENT["round"] = (r + 1) // 2 if t.games_per_round == 2 else r
        if _CURRENT["round"] == self.scenario.round:
            raise HistoryDone
        if r == 1:
            self.set_up(t)
        return super().pair(t, round_number, explain)

    def set_up(self, t: Tournament) -> None:
        ids = sorted(t.players)
        s = self.scenario
        if s.late_share:  # C.04.2 C.2: not paired before arriving (round 3)
            for pid in self.rng.sample(ids, int(len(ids) * s.late_share)):
                for r in (1, 2):
                    t.players[pid].set_entry(r, RoundEntry.bye("Z"))
        if s.clubs_per_1000:  # clubs of 5 whose members may not meet
            shuffled = self.rng.sample(ids, len(ids))
            clubs = len(ids) * s.clubs_per_1000 // 1000
            t.forbidden_pairs = [ForbiddenGroup(frozenset(shuffled[5 * k:5 * k + 5]))
                                 for k in range(clubs)]


def _scenario_result(rng: random.Random, white: int, black: int, draw_rate: float | None
                     ) -> str:
    model = _CURRENT_SCENARIO["results"](_CURRENT["round"])
    if model is None:
        return _MILVANG(rng, white, black, draw_rate)
    pw, pd = model
    x = rng.random()
    return "1" if x < pw else "=" if x < pw + pd else "0"


_MILVANG = generator._draw_result
_CURRENT_SCENARIO: dict[str, ResultModel] = {"results": lambda r: None}


def make_event(system: str, history: str, scenario: Scenario, players: int, seed: int,
               timeout: float) -> tuple[Tournament, str]:
    """The event before the scenario's round, and a note when its history stopped early."""
    config = GeneratorConfig(players=players, rounds=scenario.total_rounds,
                             **scenario.config)  # type: ignore[arg-type]
    if system == "team-swiss":
        config = replace(config, players=min(999, players // 4), boards=4)
    _CURRENT_SCENARIO["results"] = scenario.results
    generator._draw_result = _scenario_result  # type: ignore[assignment]
    team_generator._draw_result = _scenario_result  # type: ignore[assignment]
    note = ""
    try:
        t = generate(ScenarioSystem(history, timeout, scenario, seed), config, seed)
    except (RoundTimeout, HistoryDone) as exc:
        t = exc.partial  # type: ignore[attr-defined]
        if isinstance(exc, RoundTimeout):
            note = f"history: > {timeout:g} s at {exc}"
    finally:
        generator._draw_result = _MILVANG  # type: ignore[assignment]
        team_generator._draw_result = _MILVANG  # type: ignore[assignment]
    if t.team_event is not None:
        finish_team_event(t)
    else:
        finish(t)
    if t.baku and not t.acceleration:  # the values used, as the generator writes them
        t.acceleration = baku_values(t)
    return t, note


def read_pairing(out: Path, round_number: int) -> Pairing:
    rows = [line.split() for line in out.read_text().splitlines()[1:] if line.strip()]
    boards = [Board(int(a), int(b)) for a, b in rows if int(b)]
    bye = next((int(a) for a, b in rows if not int(b)), None)
    return Pairing(round_number, boards, bye)


def verdict(path: Path, out: Path, system: str) -> str:
    """``ok``, or the number of absolute rules the pairing written in ``out`` breaks."""
    t = read_trf(path)
    found = api.violations(t, read_pairing(out, t.next_round), system)
    return "ok" if not found else f"{len(found)} violations ({found[0].rule})"


def measure(system: str, name: str, players: int, seed: int, timeout: float, workdir: Path,
            outputs: Path) -> list[str]:
    scenario = SCENARIOS[name]
    history = OTHER_HISTORY.get(system, system) if scenario.other_history else system
    path = workdir / f"{name}-{history}-{players}p-seed{seed}.trf"
    note_path = path.with_suffix(".note")
    if not path.exists():
        t, note = make_event(system, history, scenario, players, seed, timeout)
        write_trf_file(t, path, points="computed")
        note_path.write_text(note)
    note = note_path.read_text() if note_path.exists() else ""
    label = f"{name} ({history}), r{scenario.round}"
    if note:
        return [system, label, str(players), "-", "-", "-", note]
    out = outputs / f"{path.stem}.{system}.pairs"
    cpu, wall, rss, finished = run_pair(system, path, out, timeout)
    if not finished and cpu < 0.9 * timeout and wall < 10 * timeout:
        # stopped neither by the CPU limit nor by the wall-clock one: the command failed
        try:
            done = subprocess.run([str(CLI), "pair", "--system", system, str(path), "-o",
                                   str(out)], capture_output=True, text=True,
                                  timeout=10 * timeout)
            why = (done.stderr.strip().splitlines() or [f"exit {done.returncode}"])[-1][:80]
        except subprocess.TimeoutExpired:
            why = f"no answer within {10 * timeout:g} s of wall time"
        return [system, label, str(players), f"{cpu:.2f}", f"{wall:.2f}", f"{rss:.0f}",
                f"error: {why}"]
    if not finished:
        return [system, label, str(players), f"> {timeout:g} s", f"{wall:.2f}", f"{rss:.0f}",
                "-"]
    return [system, label, str(players), f"{cpu:.2f}", f"{wall:.2f}", f"{rss:.0f}",
            verdict(path, out, system)]


HEADER = ["system", "scenario (history), round", "players", "CPU s", "wall s", "peak MiB",
          "check"]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--systems", default=",".join(SYSTEMS))
    ap.add_argument("--scenarios", default=",".join(SCENARIOS))
    ap.add_argument("--sizes", default="1000", help="players (team-swiss: a quarter as teams)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--timeout", type=float, default=20,
                    help="CPU seconds allowed to one round, history or measured (default 20)")
    ap.add_argument("--workdir", type=Path, default=None,
                    help="folder for the TRF files (kept and reused)")
    a = ap.parse_args()
    unknown = [s for s in a.scenarios.split(",") if s and s not in SCENARIOS]
    if unknown:
        ap.error(f"unknown scenarios: {', '.join(unknown)} (known: {', '.join(SCENARIOS)})")
    workdir, outputs = open_run(a.workdir, "swisspairing-bad-rounds-", a.timeout, HEADER)
    for size in (int(x) for x in a.sizes.split(",") if x):
        for system in (s for s in a.systems.split(",") if s):
            allowed = (MATCH_SCENARIOS if system == "double-swiss" else
                       TEAM_SCENARIOS if system == "team-swiss" else SCENARIOS)
            for name in (s for s in a.scenarios.split(",") if s in allowed):
                print_row(measure(system, name, size, a.seed, a.timeout, workdir, outputs))


if __name__ == "__main__":
    main()
