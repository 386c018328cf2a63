"""``swisspairing createuser``: create a web app account or reset its password."""

from __future__ import annotations

import argparse
import getpass
import sys

from ..errors import BadRequest


def add_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser(
        "createuser",
        help="create an account of the web app (or reset its password)",
        description="Create an account of the web app, or set a new password for an existing "
        "one. The password is asked for (or read from standard input with --password-stdin).",
    )
    p.add_argument("username")
    p.add_argument("--role", choices=("chief", "arbiter", "viewer"), default="arbiter",
                   help="chief (chief arbiter), arbiter (default) or viewer (reads only)")
    p.add_argument("--password-stdin", action="store_true",
                   help="read the password from the first line of standard input")
    p.add_argument("--data", metavar="DIR", help="data folder of the web app")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if args.password_stdin:
        password = sys.stdin.readline().rstrip("\r\n")
    elif sys.stdin.isatty():
        password = getpass.getpass("password: ")
        if getpass.getpass("again: ") != password:
            raise BadRequest("the two passwords differ")
    else:
        raise BadRequest("give the password with --password-stdin (no terminal to ask on)")
    from .web.setup import create_user, setup

    setup(args.data)
    created, _ = create_user(args.username, password, args.role)
    print(f"swisspairing: {'created' if created else 'updated'} {args.username} ({args.role})")
    return 0
