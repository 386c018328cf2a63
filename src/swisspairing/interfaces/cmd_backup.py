"""``swisspairing backup``: a consistent copy of the web app's database while it runs."""

from __future__ import annotations

import argparse
from pathlib import Path

from ..files import write_bytes_atomic

#: A backup is readable and writable by its owner only, whatever the umask and the file it
#: replaces: it holds the accounts' password hashes (PBKDF2, salted, yet open to offline
#: guessing) and the players' personal data (names, birth dates, FIDE ids), as the data folder
#: it copies does (0700, its files 0600; docs/web.md "Accounts, passwords, backups").
BACKUP_FILE_MODE = 0o600


def add_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser(
        "backup",
        help="copy the web app's database (safe while the app runs)",
        description="Write a consistent copy of the web app's database: a SQLite file (online "
        "backup) or, on PostgreSQL, every table as JSON. The file is readable by you only "
        "(permissions 0600, whatever the umask, also when it replaces a file): it holds the "
        "password hashes and the players' personal data, like the data folder it copies. "
        "Give others access deliberately (chmod) if they must read it.",
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
    write_bytes_atomic(out, data, mode_bits=BACKUP_FILE_MODE)
    print(f"swisspairing: backup written to {out} ({len(data)} bytes)")
    return 0
