"""Benchmark of the web app: standings page of a 500-player, 11-round tournament, and pairing
round 11 of a 500-player tournament from the round page, against the command line.

Run: ``.venv/bin/python benchmarks/web.py [PLAYERS REPEATS]`` (SQLite in a temporary folder;
``DATABASE_URL=postgres://...`` for PostgreSQL). Targets (issue 15): standings page under
0.3 s; pairing from the page under the command line's time plus 0.5 s. Prints wall-clock and
CPU times (the machine may be shared: CPU time is the steadier figure).
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any


def timed(fn: Callable[[], Any]) -> tuple[Any, float, float]:
    """``fn()``'s answer, its wall-clock seconds and its CPU seconds (also used by
    benchmarks/web_teams.py and benchmarks/web_double_swiss.py)."""
    w0, c0 = time.perf_counter(), time.process_time()
    out = fn()
    return out, time.perf_counter() - w0, time.process_time() - c0


def print_best(label: str, fn: Callable[[], Any], repeats: int) -> None:
    """Run ``fn`` ``repeats`` times and print the best and worst CPU and wall-clock seconds
    (CPU: the steadier figure on a shared machine)."""
    cpus, walls = [], []
    for _ in range(repeats):
        _out, wall, cpu = timed(fn)
        cpus.append(cpu)
        walls.append(wall)
    print(f"{label}: best {min(cpus):.3f} s CPU, {min(walls):.3f} s wall "
          f"(worst {max(cpus):.3f} s CPU, {max(walls):.3f} s wall) over {repeats} runs")


def chief_client(tmp: Path):  # type: ignore[no-untyped-def]
    """The web app on a fresh SQLite database in ``tmp`` (or ``DATABASE_URL``) and a test
    client logged in as a chief arbiter (also used by benchmarks/player_search.py)."""
    from swisspairing.interfaces.web.setup import create_user, setup

    setup(str(tmp / "data"))
    from django.test import Client
    from django.test.utils import setup_test_environment

    setup_test_environment()
    create_user("bench", "a-long-password", "chief")
    client = Client()
    client.login(username="bench", password="a-long-password")
    return client


def main() -> None:
    players = int(sys.argv[1]) if len(sys.argv) > 1 else 500
    repeats = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    tmp = Path(tempfile.mkdtemp(prefix="swisspairing-bench-"))
    client = chief_client(tmp)
    from swisspairing.formats.trf import write_trf
    from swisspairing.interfaces.web.convert import store_tournament
    from swisspairing.standings.sample import random_tournament

    full = random_tournament(players, 11, seed=2026)
    event, seconds, _ = timed(lambda: store_tournament(full, "dutch-2025"))
    print(f"stored {players} players x 11 rounds in {seconds:.2f} s")
    url = f"/t/{event.pk}/standings/"
    client.get(url)
    walls, cpus = [], []
    for _ in range(repeats):
        response, wall, cpu = timed(lambda: client.get(url))
        assert response.status_code == 200
        walls.append(wall)
        cpus.append(cpu)
    print(f"standings page, {players} players, 11 rounds: best {min(walls):.3f} s wall, "
          f"{min(cpus):.3f} s CPU (worst {max(walls):.3f} s wall) over {repeats} runs")

    ten = random_tournament(players, 10, seed=7)
    ten.total_rounds = 11
    trf = tmp / "ten.trf"
    trf.write_text(write_trf(ten), encoding="utf-8")
    code = "import sys; from swisspairing.interfaces.cli import main; sys.exit(main())"
    cli_walls = []
    for _ in range(max(1, repeats // 2)):
        _, wall, _ = timed(lambda: subprocess.run(
            [sys.executable, "-c", code, "pair", str(trf), "--system", "dutch-2025", "-o",
             str(tmp / "out.txt")], check=True, env={**os.environ}))
        cli_walls.append(wall)
    print(f"command line 'swisspairing pair' round 11: best {min(cli_walls):.3f} s wall "
          "(process start included)")
    web_walls, web_cpus = [], []
    for _ in range(max(1, repeats // 2)):
        event10 = store_tournament(ten, "dutch-2025")
        response, wall, cpu = timed(lambda e=event10: client.post(
            f"/t/{e.pk}/rounds/11/pair/"))
        assert response.status_code == 302 and event10.round_set.filter(number=11).exists()
        web_walls.append(wall)
        web_cpus.append(cpu)
    print(f"web page 'Pair this round' round 11: best {min(web_walls):.3f} s wall, "
          f"{min(web_cpus):.3f} s CPU; margin over the command line: "
          f"{min(web_walls) - min(cli_walls):+.3f} s (target < +0.5 s)")


if __name__ == "__main__":
    main()
