"""``swisspairing check``: the free pairings checker (FPC, C.04.A A.4).

Re-pairs every round of a tournament from the rounds before it and reports each round whose
published pairing differs from ours, side by side, plus every violation of an absolute rule.
Exit 0 when every round agrees and no absolute rule is broken, 1 otherwise.
"""

from __future__ import annotations

import argparse
import json

from ..api import LANGUAGES, RULE_SETS, SYSTEMS, check, system_from_file
from ..errors import BadRequest
from ..files import check_output
from .cmd_pair import BAKU_HELP
from .common import ask_baku, emit, load


def add_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser(
        "check",
        help="check the pairings of every round of a tournament (pairings checker)",
        description="Re-pair every round of TOURNAMENT.trf from the rounds before it and list "
        "the rounds whose published pairing differs from ours, plus every violation of an "
        "absolute rule (C.04.1). Exit 0 when every round agrees, 1 otherwise.",
    )
    p.add_argument("tournament", metavar="TOURNAMENT.trf")
    p.add_argument("--system", "-S", choices=SYSTEMS, metavar="SYSTEM",
                   help=f"pairing system: {', '.join(SYSTEMS)} (default: the file's "
                   "192 record)")
    p.add_argument("--round", type=int, action="append", metavar="K",
                   help="check only round K (may be repeated)")
    p.add_argument("--rules", choices=RULE_SETS, metavar="RULES",
                   help="rule set of the absolute checks (default: the system's own; "
                   f"{', '.join(RULE_SETS)})")
    p.add_argument("--baku", action="store_true", help=BAKU_HELP)
    p.add_argument("--lang", choices=LANGUAGES, default="en", help="language of the report")
    p.add_argument("--format", choices=("text", "json"), default="text",
                   help="text (default): rounds side by side; json: the same as data")
    p.add_argument("-o", "--output", metavar="OUT",
                   help="write the report to OUT (default: standard output)")
    p.set_defaults(run=run)


def check_file(path: str, system: str | None, rounds: list[int] | None, rules: str | None,
               lang: str, output: str | None, fmt: str = "text", baku: bool = False) -> int:
    t = load(path)
    ask_baku(t, baku)
    name = system or system_from_file(t)
    if name is None:  # a TRF-16 file has no 192 record: say which option is missing
        raise BadRequest(
            "indiquez le système d'appariement avec --system (le fichier n'a pas de ligne 192 "
            "qui le nomme ; un TRF-16 n'en a jamais), par exemple --system dutch-2025"
            if lang == "fr" else
            "say which pairing system to use with --system (the file has no 192 record "
            "naming one; a TRF-16 file never has one), e.g. --system dutch-2025")
    report = check(t, name, rounds, rules=rules)
    if fmt == "json":
        text = json.dumps(report.as_dict(lang), indent=2, ensure_ascii=False) + "\n"
    else:
        text = report.render(t, lang)
    emit(text, output, inputs=[path])
    return 0 if report.ok else 1


def run(args: argparse.Namespace) -> int:
    if args.output and args.output != "-":
        check_output(args.output, [args.tournament])  # before the long work
    return check_file(args.tournament, args.system, args.round, args.rules, args.lang,
                      args.output, args.format, args.baku)


def run_compat(system: str, args: argparse.Namespace) -> int:
    """``swisspairing --dutch IN.trf -c [ROUND]`` (JaVaFo / bbpPairings form)."""
    if not args.input:
        raise BadRequest("-c needs the input TRF file")
    rounds = [args.check] if args.check else None
    return check_file(args.input, system, rounds, None, "en", None)
