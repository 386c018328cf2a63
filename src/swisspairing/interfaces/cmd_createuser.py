"""``swisspairing createuser``: create a web app account or reset its password."""

from __future__ import annotations

import argparse
import getpass
import os
import sys

from ..errors import BadRequest


def add_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser(
        "createuser",
        help="create an account of the web app (or reset its password)",
        description="Create an account of the web app, or set a new password for an existing "
        "one. The password is read from standard input with --password-stdin, else taken from "
        "SWISSPAIRING_PASSWORD, else asked for on a terminal; with none of them (or an empty "
        "answer on the terminal) a password is generated and printed. An empty password is "
        "refused.",
    )
    p.add_argument("username")
    p.add_argument("--role", choices=("chief", "arbiter", "viewer"), default="arbiter",
                   help="chief (chief arbiter), arbiter (default) or viewer (reads only)")
    p.add_argument("--password-stdin", action="store_true",
                   help="read the password from the first line of standard input")
    p.add_argument("--data", metavar="DIR", help="data folder of the web app")
    p.set_defaults(run=run)


def read_password(args: argparse.Namespace) -> str | None:
    """The password given, or None for "generate one" (review defect 2).

    ``--password-stdin``: the first line of standard input, which must not be empty (an empty
    line is a mistake, e.g. an unset variable in ``echo "$PW" |``: refused, exit 2, nothing
    changed). Else, on a terminal, asked twice (an empty answer: generate one). Else (no
    terminal: a script) ``SWISSPAIRING_PASSWORD`` when set and not empty, said on standard
    error (the variable is also the one ``serve`` gives the first account: a person at a
    terminal is never given it silently). Else None."""
    if args.password_stdin:
        password = sys.stdin.readline().rstrip("\r\n")
        if not password.strip():
            raise BadRequest("the password read from standard input is empty (nothing changed)")
        return password
    if not sys.stdin.isatty():
        if from_env := os.environ.get("SWISSPAIRING_PASSWORD"):
            print("swisspairing: password taken from SWISSPAIRING_PASSWORD", file=sys.stderr)
            return from_env
        return None
    password = getpass.getpass("password (empty: generate one): ")
    if not password:
        return None
    if getpass.getpass("again: ") != password:
        raise BadRequest("the two passwords differ")
    return password


def run(args: argparse.Namespace) -> int:
    from .web.setup import create_user, setup

    password = read_password(args)  # before the database is opened: a refusal changes nothing
    setup(args.data)
    created, used = create_user(args.username, password, args.role)
    print(f"swisspairing: {'created' if created else 'updated'} {args.username} ({args.role})")
    if password is None:
        print(f"    password:  {used}\n  (generated: note it now, it is not shown again)")
    return 0
