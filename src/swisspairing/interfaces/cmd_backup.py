"""``swisspairing backup``: a consistent copy of the web app's database while it runs."""

from __future__ import annotations

import argparse
from pathlib import Path

from ..files import write_bytes_atomic


def add_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser(
        "backup",
        help="copy the web app's database (safe while the app runs)",
        description="Write a consistent copy of the web app's database: a SQLite file (online "
        "backup) or, on PostgreSQL, every table as JSON.",
    )
    p.add_argument("-o", "--output", metavar="OUT",
                   help="file to write (default: the dated name, in the current folder)")
    p.add_argument("--data", metavar="DIR", help="data folder of the web app")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from .web.setup import setup

    setup(args.data, migrate=False)
    from .web.backup import backup_bytes

    name, data = backup_bytes()
    out = Path(args.output or name)
    write_bytes_atomic(out, data)
    print(f"swisspairing: backup written to {out} ({len(data)} bytes)")
    return 0
