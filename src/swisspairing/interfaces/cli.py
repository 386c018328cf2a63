"""The ``swisspairing`` command line.

Two forms:

* subcommands: ``swisspairing pair TOURNAMENT.trf --system dutch-2017 -o OUT`` (and ``check``,
  ``generate``, ``standings`` as they exist);
* the form other programs call JaVaFo and bbpPairings with:
  ``swisspairing --dutch IN.trf -p OUT`` (``-c`` to check, ``-g`` to generate).

Exit codes: 0 done, 1 no valid pairing exists, 2 bad request, 3 bad input file. Errors are one
line naming the file, line and problem, never a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence

from .. import __version__
from ..errors import EXIT_BAD_REQUEST, BadRequest, SwissPairingError

#: subcommand -> module providing ``add_parser(subparsers)`` and ``run(args) -> int``.
COMMANDS = {
    "pair": "swisspairing.interfaces.cmd_pair",
    "check": "swisspairing.interfaces.cmd_check",
    "generate": "swisspairing.interfaces.cmd_generate",
    "standings": "swisspairing.interfaces.cmd_standings",
    "convert": "swisspairing.interfaces.cmd_convert",
    "serve": "swisspairing.interfaces.cmd_serve",
    "createuser": "swisspairing.interfaces.cmd_createuser",
    "backup": "swisspairing.interfaces.cmd_backup",
    "load-ratings": "swisspairing.interfaces.cmd_load_ratings",
}
#: compat options naming the system, as in JaVaFo / bbpPairings (``--dutch`` = rules in force).
COMPAT_SYSTEMS = {
    "--dutch": "dutch",
    "--dutch-2012": "dutch-2012",
    "--dutch-2017": "dutch-2017",
    "--dutch-2025": "dutch-2025",
    "--burstein": "burstein",
    "--dubov": "dubov",
    "--dubov-1997": "dubov-1997",
    "--lim": "lim",
    "--elo-swiss": "elo-swiss",
    "--double-swiss": "double-swiss",
}

#: exit code of an unexpected error inside the program (a bug), printed without a traceback
EXIT_INTERNAL = 4

EPILOG = """exit codes: 0 done, 1 no valid pairing exists, 2 bad request, 3 bad input file
(4: internal error, a bug to report)

compat form (as JaVaFo / bbpPairings):
  swisspairing --dutch IN.trf -p [OUT]      pair the next round
  swisspairing --dutch IN.trf -c            check every round of a tournament
  swisspairing --dutch -g [CONFIG] -o OUT.trf [-s SEED]   generate a random tournament
"""


class _Parser(argparse.ArgumentParser):
    """argparse with our exit code for usage errors (2, a bad request) and no traceback."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.print_usage(sys.stderr)
        raise BadRequest(message)


def _module(name: str) -> object | None:
    """The module of subcommand ``name``, or None when it does not exist (yet)."""
    module_name = COMMANDS[name]
    try:
        return importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name != module_name:
            raise
        return None


def _modules(only: str | None = None) -> dict[str, object]:
    """Subcommand -> module; with ``only``, just that subcommand's module: a run imports only
    what its subcommand needs (``pair`` starts without the checker, standings, PDF or web)."""
    names = [only] if only is not None else list(COMMANDS)
    return {name: module for name in names if (module := _module(name)) is not None}


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The parser of every subcommand, or with ``only`` of that one alone (the parse of
    ``swisspairing ONLY ...`` is the same, only faster to build)."""
    parser = _Parser(
        prog="swisspairing",
        description="FIDE Swiss-system pairings, pairings checker, tournament generator and "
        "standings for chess arbiters.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"swisspairing {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for module in _modules(only).values():
        module.add_parser(sub)  # type: ignore[attr-defined]
    return parser


def build_compat_parser(flag: str) -> argparse.ArgumentParser:
    parser = _Parser(
        prog=f"swisspairing {flag}",
        description="JaVaFo / bbpPairings compatible form.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("input", nargs="?", help="the tournament (TRF), or the model file with -g")
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("-p", dest="pair", nargs="?", const="-", metavar="OUT",
                      help="pair the next round; write the pairs to OUT (default: standard output)")
    mode.add_argument("-c", dest="check", nargs="?", const=0, type=int, metavar="ROUND",
                      help="check the pairings of every round (or of one round)")
    mode.add_argument("-g", dest="generate", action="store_true",
                      help="generate a random tournament (INPUT is the configuration file)")
    parser.add_argument("-o", dest="output", help="with -g: the TRF file to write")
    parser.add_argument("-s", dest="seed", type=int, help="with -g: random seed")
    parser.add_argument("-l", dest="checklist", nargs="?", const="-", help=argparse.SUPPRESS)
    parser.add_argument("-r", dest="release", action="store_true",
                        help="print the version first")
    return parser


def run_compat(argv: Sequence[str]) -> int:
    flag = argv[0]
    system = COMPAT_SYSTEMS[flag]
    args = build_compat_parser(flag).parse_args(list(argv[1:]))
    if args.release:
        print(f"swisspairing {__version__}")
    if args.pair is not None:
        if not args.input:
            raise BadRequest("-p needs the input TRF file")
        return _module("pair").run_compat(system, args.input, args.pair)  # type: ignore[union-attr]
    if args.check is not None:
        if (check := _module("check")) is None:
            raise BadRequest("the pairings checker (-c) is not implemented yet")
        return check.run_compat(system, args)  # type: ignore[attr-defined]
    if (generate := _module("generate")) is None:
        raise BadRequest("the tournament generator (-g) is not implemented yet")
    return generate.run_compat(system, args)  # type: ignore[attr-defined]


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the console script; returns the exit code."""
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        if argv and argv[0] in COMPAT_SYSTEMS:
            code = run_compat(argv)
        else:
            # only the named subcommand's module is imported (start-up time, issue 14)
            only = argv[0] if argv and argv[0] in COMMANDS else None
            parser = build_parser(only)
            args = parser.parse_args(argv)
            if args.command is None:
                parser.print_help()
                return EXIT_BAD_REQUEST
            code = args.run(args)
    except SwissPairingError as exc:
        print(f"swisspairing: error: {exc.user_message()}", file=sys.stderr)
        return exc.exit_code
    except KeyboardInterrupt:
        print("swisspairing: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    except Exception as exc:  # a bug: still no traceback for the user (CONTRIBUTING.md)
        if os.environ.get("SWISSPAIRING_DEBUG"):
            raise
        print(f"swisspairing: internal error: {type(exc).__name__}: {exc} (a bug in "
              "swisspairing: please report it with the input file; set SWISSPAIRING_DEBUG=1 "
              "for the traceback)", file=sys.stderr)
        return EXIT_INTERNAL
    return code


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
