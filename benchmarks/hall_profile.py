"""CPU time and SQL queries of each kind of playing-hall request, in process (issue 16).

Run on demand (not a test):

    .venv/bin/python benchmarks/hall_profile.py [--players 50] [--repeat 50] [--profile KIND]

A tournament of 2 x players entrants, round 1 published, in a temporary SQLite folder (or on
``DATABASE_URL=postgres://...``, emptied first: give it a throwaway database). Each kind of
request goes through the whole Django stack (middleware included) with Django's test client;
prints the CPU milliseconds per request (process time, mean of ``repeat``) and the number of
SQL queries. ``--profile KIND`` prints the cProfile of that kind (top 25 by cumulative time).

Kinds: ``page`` the public page (cached panel), ``page-cold`` the same after a change (the
panel is rendered), ``poll-204`` a poll with the current version, ``poll-new`` a poll after a
change by another phone (cached part), ``entry-white`` a first entry, ``entry-black`` the
confirming entry (writes the result).
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import re
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import hall  # benchmarks/hall.py: the same tournament as the load test


def print_profile(profiler: cProfile.Profile) -> None:
    """Top 25 functions, by ``HALL_PROFILE_SORT`` (default cumulative; tottime for instance)."""
    order = os.environ.get("HALL_PROFILE_SORT", "cumulative")
    pstats.Stats(profiler).sort_stats(order).print_stats(25)


def measure(name: str, calls: list[Callable[[], Any]], profile: str) -> None:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as queries:
        calls[0]()
    first = len(queries.captured_queries)
    profiler = cProfile.Profile() if profile == name else None
    began = time.process_time()
    if profiler:
        profiler.enable()
    for call in calls[1:]:
        call()
    if profiler:
        profiler.disable()
    cpu = (time.process_time() - began) / max(len(calls) - 1, 1)
    print(f"  {name:12s} {cpu * 1000:6.1f} ms CPU   {first:3d} SQL queries")
    if profiler:
        print_profile(profiler)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=50)
    parser.add_argument("--repeat", type=int, default=50)
    parser.add_argument("--profile", default="", help="kind to profile (cProfile)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="hall-profile-") as folder:
        hall.django_on(Path(folder))
        hall.reset_database()
        from django.conf import settings
        from django.core.cache import cache
        from django.test import Client
        from django.test.utils import setup_test_environment
        from django.utils import timezone

        from swisspairing.interfaces.web import models as m

        setup_test_environment()
        settings.ALLOWED_HOSTS = ["*"]
        token, boards = hall.prepare(max(args.players, args.repeat + 1), 1)
        client = Client(HTTP_USER_AGENT="hall-profile")
        page = client.get(f"/h/{token}/")
        assert page.status_code == 200, page.status_code
        version = re.search(r'live/boards/\?v=([0-9a-f]+)"', page.content.decode()).group(1)
        n = args.repeat + 1

        def touch(i: int) -> Callable[[], Any]:
            """Another phone's entry changed the data: a new version."""
            def run() -> Any:
                m.Game.objects.filter(round__event__public_token=token, board=1 + i % 3).update(
                    updated_at=timezone.now())
                # the version's cache time is over (HALL_FRESH_SECONDS)
                cache.delete(f"hall:version:{m.Event.objects.get(public_token=token).pk}")
            return run

        print(f"hall requests in process on "
              f"{'PostgreSQL' if os.environ.get('DATABASE_URL') else 'SQLite'} "
              f"({2 * len(boards)} players; mean of {args.repeat})")
        measure("page", [lambda: client.get(f"/h/{token}/")] * n, args.profile)
        measure("poll-204", [lambda: client.get(f"/h/{token}/live/boards/?v={version}")] * n,
                args.profile)

        def after_change(i: int, path: str, prime: bool) -> Callable[[], Any]:
            def run() -> Any:
                touch(i)()
                if prime:  # another phone asked first: the part is in the cache
                    client.get(path)
                began = time.process_time()
                client.get(path)
                return time.process_time() - began
            return run

        for name, path, prime in (("poll-new", f"/h/{token}/live/boards/?v=old", True),
                                  ("page-cold", f"/h/{token}/", False)):
            spent = [after_change(i, path, prime)() for i in range(n)]
            from django.db import connection
            from django.test.utils import CaptureQueriesContext

            touch(n)()
            if prime:
                client.get(path)
            with CaptureQueriesContext(connection) as queries:
                client.get(path)
            print(f"  {name:12s} {sum(spent[1:]) / args.repeat * 1000:6.1f} ms CPU   "
                  f"{len(queries.captured_queries):3d} SQL queries")
            if args.profile == name:
                profiler = cProfile.Profile()
                for i in range(args.repeat):
                    touch(i)()
                    if prime:
                        client.get(path)
                    profiler.enable()
                    client.get(path)
                    profiler.disable()
                print_profile(profiler)

        def entry(code: str, result: str) -> Callable[[], Any]:
            def run() -> Any:
                # each player's own phone (issue 24, item 9: an entry confirmed from the same
                # device is not a confirmation)
                client.cookies["hall_device"] = f"profile-phone-{code}"
                answer = client.post("/hall/", {"code": code, "result": result})
                assert answer.status_code == 200, (answer.status_code, answer.content[:300])
            return run

        measure("entry-white", [entry(b.white_code, b.result) for b in boards[:n]],
                args.profile)
        measure("entry-black", [entry(b.black_code, b.result) for b in boards[:n]],
                args.profile)
    return 0


if __name__ == "__main__":
    sys.exit(main())
