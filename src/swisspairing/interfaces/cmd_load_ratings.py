"""``swisspairing load-ratings FILE``: load the FIDE rating list into the web app's database.

The same load as the web page's background job (:mod:`.web.ratings`), for arbiters who prefer
the command line: the file is streamed (TXT, XML or the ZIP FIDE distributes) in batches;
the new list replaces the one in use only when every line is in. A malformed file is refused
with its line (exit code 3) and the list in use stays (issue 15, big imports).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from ..errors import InputError


def add_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser(
        "load-ratings",
        help="load the FIDE rating list (TXT, XML or ZIP) into the web app's database",
        description="Load the FIDE rating list file you downloaded (standard_rating_list.txt, "
        "players_list_xml.xml or their ZIP) into the web app's database, where the players "
        "page searches it as you type. The list in use is replaced only when the whole file "
        "is read; a malformed file changes nothing (exit code 3).",
    )
    p.add_argument("file", metavar="FILE", help="the rating list file")
    p.add_argument("--data", metavar="DIR", help="data folder of the web app")
    p.add_argument("--quiet", "-q", action="store_true", help="no progress on standard error")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    path = Path(args.file)
    if path.is_dir():
        raise InputError("this is a folder: give the rating list file in it", args.file)
    if not path.is_file():
        raise InputError("no such file", args.file)
    from .web.imports import MAX_RATING_LIST_BYTES

    if path.stat().st_size > MAX_RATING_LIST_BYTES:
        raise InputError(f"the file is larger than {MAX_RATING_LIST_BYTES // 2**20} MB",
                         args.file)
    from .web.setup import setup

    setup(args.data)
    from .web import ratings

    load = ratings.create_command_load(path.name)
    start = time.perf_counter()

    def progress(count: int) -> None:
        if not args.quiet and count % 100000 < ratings.BATCH:
            print(f"swisspairing: {count} players read ({time.perf_counter() - start:.0f} s)",
                  file=sys.stderr, flush=True)

    done = ratings.run_load(load.pk, path, progress=progress)
    print(f"swisspairing: rating list loaded: {done.rows_read} players from {path.name} in "
          f"{time.perf_counter() - start:.1f} s")
    return 0
