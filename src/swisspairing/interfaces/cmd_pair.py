"""``swisspairing pair``: pair the next round of a tournament."""

from __future__ import annotations

import argparse

from ..errors import BadRequest
from ..formats import pairs
from ..model import Tournament
from ..systems import SYSTEM_NAMES, get_system
from ..systems.explain import LANGUAGES, Explanation
from .common import emit, load

#: record 192 (TRF-2026 tournament type) -> our system name
TYPE_192 = {
    "FIDE_DUTCH_2017": "dutch-2017",
    "FIDE_DUTCH_2025": "dutch-2025",
    "FIDE_DUTCH_2026": "dutch-2025",
    "FIDE_DUTCH": "dutch-2025",
    "FIDE_DUBOV": "dubov",
    "FIDE_BURSTEIN": "burstein",
}


def add_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser(
        "pair",
        help="pair the next round of a tournament",
        description="Pair the next round of TOURNAMENT.trf with a FIDE Swiss system.",
    )
    p.add_argument("tournament", metavar="TOURNAMENT.trf")
    p.add_argument("--system", "-S", choices=SYSTEM_NAMES, metavar="SYSTEM",
                   help=f"pairing system: {', '.join(SYSTEM_NAMES)} (default: the file's "
                   "192 record)")
    p.add_argument("-o", "--output", metavar="OUT", help="write the pairing to OUT "
                   "(written atomically; default: standard output)")
    p.add_argument("--format", choices=pairs.FORMATS,
                   help="javafo (default with -o): number of pairs then 'WHITE BLACK' lines; "
                   "text (default without -o): a board list; json")
    p.add_argument("--round", type=int, metavar="N",
                   help="the round to pair (default: the next one); later rounds are ignored")
    p.add_argument("--explain", action="store_true",
                   help="explain the pairing bracket by bracket (printed on standard output)")
    p.add_argument("--lang", choices=LANGUAGES, default="en", help="language of --explain")
    p.set_defaults(run=run)


def system_from_file(t: Tournament) -> str | None:
    for line in t.headers.get("192", []):
        code = line[4:].strip().upper()
        base = code.removesuffix("_BAKU")
        if base in TYPE_192:
            return TYPE_192[base]
    return None


def pair_tournament(t: Tournament, system_name: str, round_number: int | None,
                    explanation: Explanation | None):  # type: ignore[no-untyped-def]
    nxt = t.next_round
    r = nxt if round_number is None else round_number
    if r < 1:
        raise BadRequest("the round to pair must be 1 or more")
    if r > nxt:
        raise BadRequest(f"round {r} cannot be paired yet: round {nxt} is the next one")
    if r < nxt:
        t = truncated(t, r)
    if t.total_rounds is not None and r > t.total_rounds:
        raise BadRequest(
            f"the tournament has {t.total_rounds} rounds (XXR/142): all of them are paired"
        )
    system = get_system(system_name)
    if t.total_rounds is None:
        import sys

        print("swisspairing: warning: the file gives no number of rounds (XXR or 142): the "
              "round is paired as if it were not the last one", file=sys.stderr)
    pairing = system.pair(t, r, explanation)
    if pairing.warnings:
        import sys

        for warning in pairing.warnings:
            print(f"swisspairing: warning: {warning}", file=sys.stderr)
    return pairing


def truncated(t: Tournament, round_number: int) -> Tournament:
    """A copy holding only the rounds before ``round_number`` (and its pre-entered byes)."""
    import copy

    c = copy.deepcopy(t)
    for p in c.players.values():
        keep = p.results[: round_number - 1]
        e = p.entry(round_number)
        if e is not None and e.opponent == 0 and e.code not in "U+":
            keep = [*keep, *([None] * (round_number - 1 - len(keep))), e]
        p.results = keep
    return c


def run(args: argparse.Namespace) -> int:
    t = load(args.tournament)
    system = args.system or system_from_file(t)
    if system is None:
        raise BadRequest("say which pairing system to use with --system "
                         "(the file has no 192 record naming one)")
    explanation = Explanation() if args.explain else None
    pairing = pair_tournament(t, system, args.round, explanation)
    fmt = args.format or ("javafo" if args.output else "text")
    if fmt == "javafo":
        out = pairs.javafo(pairing)
    elif fmt == "json":
        out = pairs.as_json(pairing, t, explanation.as_json(args.lang) if explanation else None)
    else:
        out = pairs.text(pairing, t)
    emit(out, args.output, inputs=[args.tournament])
    if explanation is not None and fmt != "json":
        print(explanation.render(args.lang))
    return 0


def run_compat(system: str, input_path: str, output: str) -> int:
    t = load(input_path)
    pairing = pair_tournament(t, system, None, None)
    emit(pairs.javafo(pairing), output, inputs=[input_path])
    return 0
