"""``swisspairing pair``: pair the next round of a tournament."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from ..api import LANGUAGES, PAIRING_FORMATS, SYSTEMS, pair, system_from_file, write_pairing
from ..errors import BadRequest, InputError, SwissPairingError
from ..model import Tournament
from .common import ask_baku, emit, load, print_warnings

BAKU_HELP = ("Baku acceleration (C.04.7 Art. 1): virtual points for the top half in the first "
             "half of the rounds, as a 192 ..._BAKU record asks (XXA/250 lines, when the file "
             "has them, give the values)")


def add_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser(
        "pair",
        help="pair the next round of a tournament",
        description="Pair the next round of TOURNAMENT.trf with a FIDE Swiss system.",
    )
    p.add_argument("tournament", metavar="TOURNAMENT.trf",
                   help="the tournament: a TRF file, or with --input json a JSON document "
                   "('-': standard input)")
    p.add_argument("--input", choices=("trf", "json"), default="trf",
                   help="trf (default) or json: the tournament as the JSON document of "
                   "docs/api.md (swisspairing.tournament_to_dict); with --format json, "
                   "errors are written as JSON on standard output too")
    p.add_argument("--system", "-S", choices=SYSTEMS, metavar="SYSTEM",
                   help=f"pairing system: {', '.join(SYSTEMS)} (default: the file's "
                   "192 record)")
    p.add_argument("-o", "--output", metavar="OUT", help="write the pairing to OUT "
                   "(written atomically; default: standard output)")
    p.add_argument("--format", choices=PAIRING_FORMATS,
                   help="javafo (default with -o): number of pairs then 'WHITE BLACK' lines; "
                   "text (default without -o): a board list; json")
    p.add_argument("--round", type=int, metavar="N",
                   help="the round to pair (default: the next one); later rounds are ignored")
    p.add_argument("--baku", action="store_true", help=BAKU_HELP)
    p.add_argument("--explain", action="store_true",
                   help="explain the pairing bracket by bracket (printed on standard output)")
    p.add_argument("--lang", choices=LANGUAGES, default="en", help="language of --explain")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if args.format == "json":
        try:
            return _run(args)
        except SwissPairingError as exc:  # for programs: the error as JSON, same exit code
            sys.stdout.write(json.dumps({"error": {
                "kind": type(exc).__name__, "exit_code": exc.exit_code,
                "message": exc.user_message()}}, ensure_ascii=False) + "\n")
            return exc.exit_code
    return _run(args)


def _run(args: argparse.Namespace) -> int:
    t = load_json(args.tournament) if args.input == "json" else load(args.tournament)
    ask_baku(t, args.baku)
    if args.system is None and system_from_file(t) is None:
        raise BadRequest("say which pairing system to use with --system "
                         "(the file has no 192 record naming one)")
    pairing = pair(t, args.system, args.round, explain=args.explain)
    explanation = pairing.explanation
    print_warnings(pairing.warnings)
    fmt = args.format or ("javafo" if args.output else "text")
    out = write_pairing(pairing, t, fmt, args.lang)
    inputs = [args.tournament] if args.tournament != "-" else []
    emit(out, args.output, inputs=inputs)
    if explanation is not None and fmt != "json":
        print(explanation.render(args.lang))
    return 0


def load_json(path: str) -> Tournament:
    """The tournament of a JSON document (docs/api.md), from a file or standard input (-)."""
    from ..api import tournament_from_dict

    where = "<standard input>" if path == "-" else path
    try:
        text = sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputError("no such file", path) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"cannot read the file: {exc}", path) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(f"not JSON: {exc.msg}", where, exc.lineno) from None
    try:
        return tournament_from_dict(data)
    except InputError as exc:
        raise InputError(exc.problem, where) from None


def run_compat(system: str, input_path: str, output: str) -> int:
    t = load(input_path)
    pairing = pair(t, system)
    print_warnings(pairing.warnings)
    emit(write_pairing(pairing, t, "javafo"), output, inputs=[input_path])
    return 0
