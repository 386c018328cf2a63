"""``swisspairing serve`` whose pairings take ``SWISSPAIRING_BENCH_PAIR_SECONDS`` seconds more,
spent computing (benchmarks/hall.py ``--slow-pair``): the 60 s pairing of issue 24, item 16
(a 400-player round), made reproducible. Not part of the program: run by the benchmark only.

The engine's call is wrapped where the server makes it: in the web app's background pairing
(:mod:`swisspairing.interfaces.web.pairing_jobs`, run in a child process, which imports this
module to find the wrapper), or, in a version of the program without it, around the pairing
system that ``actions.pair_next_round`` calls inside the request.
"""

from __future__ import annotations

import os
import sys
import time
from typing import Any


def burn() -> None:
    """Keep one core busy for the given wall-clock time, as a long pairing does (the issue's
    63 s were measured on the wall clock)."""
    end = time.monotonic() + float(os.environ.get("SWISSPAIRING_BENCH_PAIR_SECONDS", "60"))
    x = 0
    while time.monotonic() < end:
        for i in range(10000):
            x += i * i


def slow_compute(system: str, tournament: Any, round_number: int) -> Any:
    from swisspairing.interfaces.web.pairing_worker import compute_pairing

    burn()
    return compute_pairing(system, tournament, round_number)


class SlowSystem:
    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.name = inner.name

    def pair(self, *args: Any, **kwargs: Any) -> Any:
        burn()
        return self.inner.pair(*args, **kwargs)


def patch() -> None:
    try:
        from swisspairing.interfaces.web import pairing_jobs
    except ImportError:  # the program before the background pairing
        from swisspairing.interfaces.web import actions

        real = actions.get_system  # type: ignore[attr-defined]
        actions.get_system = lambda name: SlowSystem(real(name))  # type: ignore[attr-defined]
        return
    pairing_jobs.compute_pairing = slow_compute  # type: ignore[assignment]


if __name__ == "__main__":
    from swisspairing.interfaces.web.setup import setup

    data = sys.argv[sys.argv.index("--data") + 1]
    setup(data)
    # the wrapper by its module's name (not __main__): the child process imports it by name
    import slow_pairing_server

    slow_pairing_server.patch()
    from swisspairing.interfaces.cli import main

    sys.exit(main(sys.argv[1:]))
