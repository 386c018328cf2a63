"""``swisspairing standings``: standings, crosstable, wall chart, pairings and player cards.

Rankings: C.07 tie-breaks (``--tiebreaks``, default the file's 202/212 record, else
:data:`swisspairing.DEFAULT_TIEBREAKS`) or the E10 final ranking of the Elo-based
Swiss system (``--ranking e10``, lots drawn with ``--seed``, printed).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..api import DEFAULT_TIEBREAKS, LANGUAGES, PUBLISH_FORMATS, VIEWS, publish, standings
from ..errors import BadRequest, InputError
from ..files import check_output, write_bytes_atomic
from ..model import Tournament
from .common import emit, load


def add_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser(
        "standings",
        help="standings with C.07 tie-breaks, crosstable, wall chart, pairings, player card",
        description="Rank the players of TOURNAMENT.trf after a round (C.07 tie-breaks or the "
        "E10 ranking) and publish standings, crosstable, wall chart, pairings or a player card "
        "as text, TSV, JSON, HTML or PDF.",
    )
    p.add_argument("tournament", metavar="TOURNAMENT.trf")
    p.add_argument("--tiebreaks", "-t", metavar="LIST",
                   help="comma-separated C.07 / MTB26 codes with modifiers, e.g. "
                   "'BH/C1,BH,SB,DE,WIN' (default: the file's 202/212 record, else "
                   f"{DEFAULT_TIEBREAKS})")
    p.add_argument("--round", "-r", type=int, metavar="K",
                   help="standings after round K (default: the last round played)")
    p.add_argument("--ranking", choices=("c07", "e10"), default="c07",
                   help="c07 (default): points then the tie-break list; e10: final ranking of "
                   "the Elo-based Swiss system (article E10)")
    p.add_argument("--seed", type=int, metavar="K",
                   help="draw lots with this seed for the players still tied (with e10 a seed "
                   "is drawn and printed when none is given)")
    p.add_argument("--format", "-f", choices=PUBLISH_FORMATS, default="text",
                   help="text (default), tsv, json, html or pdf (pdf needs -o)")
    p.add_argument("--view", choices=VIEWS, default="standings",
                   help="what to publish (default: standings); 'all' = standings, crosstable, "
                   "wall chart and the pairings of the round")
    p.add_argument("--player", type=int, metavar="ID", help="with --view card: the player")
    p.add_argument("--pairs", metavar="FILE",
                   help="with --view pairings: publish this pair list (as written by "
                   "'swisspairing pair -o') as the pairing of the next round")
    p.add_argument("--lang", choices=LANGUAGES, default="en",
                   help="language of the titles, headers and notes (en, fr)")
    p.add_argument("--header", action="store_true", help="with --format tsv: a header row")
    p.add_argument("-o", "--output", metavar="OUT",
                   help="write to OUT (atomically; default: standard output)")
    p.set_defaults(run=run)


def _check_view(t: Tournament, args: argparse.Namespace) -> None:
    """The options that do not go together, in the command line's words."""
    if t.team_event is not None:
        if args.ranking != "c07" or args.player is not None or args.pairs:
            raise BadRequest("team events have team standings: --ranking e10, --player and "
                             "--pairs do not apply")
        if args.view in ("wallchart", "pairings", "card"):
            raise BadRequest(f"--view {args.view} is not available for team events (standings, "
                             "crosstable, boards, all)")
        return
    if args.view == "boards":
        raise BadRequest("--view boards applies to team events (310 records)")


def _check_publication(args: argparse.Namespace) -> None:
    if args.pairs:
        raise BadRequest("--pairs applies only to --view pairings")
    if args.view == "card" and args.player is None:
        raise BadRequest("--view card needs --player ID")
    if args.view != "card" and args.player is not None:
        raise BadRequest("--player applies only to --view card")


def _read_text(path: str) -> str:
    try:
        return Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputError("no such file", path) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"cannot read the file: {exc}", path) from None


def run(args: argparse.Namespace) -> int:
    inputs = [args.tournament, *([args.pairs] if args.pairs else [])]
    if args.output and args.output != "-":
        check_output(args.output, inputs)
    if args.format == "pdf" and (not args.output or args.output == "-"):
        raise BadRequest("--format pdf needs an output file (-o OUT.pdf)")
    if args.header and args.format != "tsv":
        raise BadRequest("--header applies only to --format tsv")
    t = load(args.tournament)
    _check_view(t, args)
    st = None
    if args.view == "pairings" and args.pairs:
        # a pairing not played yet (round 1 included): no standings are needed
        try:
            data = publish(t, "pairings", pairing=_read_text(args.pairs), format=args.format,
                           lang=args.lang)
        except InputError as exc:  # the pair list's errors name its file
            raise InputError(exc.problem, args.pairs, exc.line) from None
    else:
        if args.ranking == "e10" and args.tiebreaks:
            raise BadRequest("--tiebreaks does not apply to --ranking e10 (E10 fixes its order)")
        st = standings(t, args.round, args.tiebreaks if args.ranking == "c07" else None,
                       ranking=args.ranking, seed=args.seed)
        _check_publication(args)
        data = publish(t, args.view, standings=st, format=args.format, lang=args.lang,
                       player=args.player, header=args.header)
    if isinstance(data, bytes):
        write_bytes_atomic(args.output, data, inputs=inputs)
    else:
        emit(data, args.output, inputs)
    to_stdout = not args.output or args.output == "-"
    seed = getattr(st, "seed", None)
    if seed is not None and not (to_stdout and args.format in ("text", "json")):
        # the seed of the lots is always printed (E10); text and JSON on screen already hold it
        print(f"swisspairing: lots drawn with seed {seed}", file=sys.stderr)
    return 0
