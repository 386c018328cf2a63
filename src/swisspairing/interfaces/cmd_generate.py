"""``swisspairing generate``: the random tournament generator (RTG, C.04.A A.5).

One tournament: ``generate --system S --players N --rounds R [--seed K] -o OUT.trf``.
Many, endorsement-style (C.04.A A.6): ``generate --system S --tournaments 5000 --players 30
--rounds 9 --check`` generates and checks them on every core, with a progress bar and a summary;
exit 0 when every tournament was generated and every round of every one agrees.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path
from typing import Any

from ..api import LANGUAGES, SYSTEMS, endorse, generate, write_trf
from ..errors import BadRequest, SwissPairingError
from ..files import check_output
from .common import emit


def _rate(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not 0.0 <= value <= 1.0:
        raise argparse.ArgumentTypeError(f"{text!r} must be between 0 and 1")
    return value


def _count(text: str) -> tuple[int, int]:
    """``30`` or a range ``20-60`` (inclusive)."""
    lo, sep, hi = text.partition("-")
    try:
        a = int(lo)
        b = int(hi) if sep else a
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r}: expected N or A-B") from None
    if a > b:
        raise argparse.ArgumentTypeError(f"{text!r}: the range is empty")
    return a, b


def add_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser(
        "generate",
        help="generate random tournaments with our engine (random tournament generator)",
        description="Play a random tournament with a pairing system and write it as TRF "
        "(with XXR and XXC). With --tournaments N, generate N tournaments (seeds SEED, "
        "SEED+1, ...); with --check, also check each one round by round and print a summary.",
    )
    p.add_argument("--system", "-S", choices=SYSTEMS, metavar="SYSTEM", required=True,
                   help=f"pairing system: {', '.join(SYSTEMS)}")
    p.add_argument("--config", metavar="FILE",
                   help="a JaVaFo / bbpPairings generator configuration file (PlayersNumber=, "
                   "RoundsNumber=, ...); the options below override it")
    p.add_argument("--players", type=_count, metavar="N",
                   help="number of players (default 30), or a range A-B drawn per tournament")
    p.add_argument("--teams", type=_count, metavar="N",
                   help="team-swiss: number of teams (the participants), or a range A-B")
    p.add_argument("--boards", type=int, metavar="B",
                   help="team-swiss: boards per match (default 4)")
    p.add_argument("--reserve-rate", type=_rate, metavar="P",
                   help="team-swiss: probability that a team fields a reserve in a match "
                   "(default 0.1 for teams)")
    p.add_argument("--rounds", type=_count, metavar="R",
                   help="number of rounds (default 9), or a range A-B drawn per tournament")
    p.add_argument("--seed", "-s", type=int, metavar="K",
                   help="random seed (default: a random one, printed on standard error)")
    p.add_argument("--draw-rate", type=_rate, metavar="P",
                   help="share of draws, 0-1 (default: Milvang's rating model)")
    p.add_argument("--forfeit-rate", type=_rate, metavar="P",
                   help="probability that a game is forfeited, 0-1 (default 0)")
    p.add_argument("--bye-rate", type=_rate, metavar="P",
                   help="probability of a requested half-point bye per player and round (0-1)")
    p.add_argument("--zero-bye-rate", type=_rate, metavar="P",
                   help="probability of a known absence (zero-point bye) per player and round")
    p.add_argument("--retire-rate", type=_rate, metavar="P",
                   help="probability of withdrawing per player and round (0-1)")
    p.add_argument("--highest-rating", type=int, metavar="ELO")
    p.add_argument("--lowest-rating", type=int, metavar="ELO")
    p.add_argument("--baku", action="store_true",
                   help="pair with the Baku acceleration (C.04.7 Art. 1); the virtual points are "
                   "written as XXA lines")
    p.add_argument("-o", "--output", metavar="OUT.trf",
                   help="the TRF to write (default: standard output); with --tournaments, "
                   "a pattern where {n} is replaced by the seed")
    p.add_argument("--tournaments", type=int, metavar="N",
                   help="generate N tournaments (endorsement-style run)")
    p.add_argument("--check", action="store_true",
                   help="with --tournaments: check every generated tournament")
    p.add_argument("--jobs", "-j", type=int, metavar="J",
                   help="processes for --tournaments (default: every core)")
    p.add_argument("--save-failures", metavar="DIR",
                   help="with --tournaments: write each failing tournament to DIR/seedN.trf")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.add_argument("--lang", choices=LANGUAGES, default="en", help="language of the summary")
    p.set_defaults(run=run)


def options_from_args(args: argparse.Namespace) -> dict[str, Any]:
    """The options of :func:`swisspairing.generate` the command line gives (None: the
    configuration file's value, else the default)."""
    if getattr(args, "teams", None):  # the teams are the participants of a team event
        if args.players:
            raise BadRequest("give --teams or --players, not both")
        args.players = args.teams
    team = getattr(args, "system", None) == "team-swiss"
    reserve_rate = getattr(args, "reserve_rate", None)
    return {
        "config": args.config,
        "boards": getattr(args, "boards", None),
        "reserve_rate": reserve_rate if reserve_rate is not None else 0.1 if team else None,
        "players": _count_or_range(args.players),
        "rounds": _count_or_range(args.rounds),
        "draw_rate": args.draw_rate,
        "forfeit_rate": args.forfeit_rate,
        "half_point_bye_rate": args.bye_rate,
        "zero_point_bye_rate": args.zero_bye_rate,
        "retire_rate": args.retire_rate,
        "highest_rating": args.highest_rating,
        "lowest_rating": args.lowest_rating,
        "baku": True if args.baku else None,
    }


def _count_or_range(bounds: tuple[int, int] | None) -> int | tuple[int, int] | None:
    if bounds is None:
        return None
    return bounds if bounds[0] != bounds[1] else bounds[0]


def _seed(seed: int | None) -> int:
    if seed is not None:
        return seed
    s = random.SystemRandom().randrange(1, 2**31)
    print(f"swisspairing: seed {s}", file=sys.stderr)
    return s


def write_one(system: str, options: dict[str, Any], seed: int, output: str | None) -> None:
    config_path = options.get("config")
    inputs = [config_path] if config_path else []
    if output and output != "-":
        check_output(output, inputs)  # before the generation
    try:
        t = generate(system, seed=seed, **options)
    except SwissPairingError:
        raise
    except Exception as exc:  # an engine crash: one line for the user, no traceback
        raise BadRequest(
            f"internal error of the {system} engine in the generated tournament (seed {seed}): "
            f"{type(exc).__name__}: {exc}; please report it with the seed"
        ) from None
    emit(write_trf(t, points="computed"), output, inputs)


def run(args: argparse.Namespace) -> int:
    options = options_from_args(args)
    if args.tournaments is None:
        if args.check or args.save_failures:
            raise BadRequest("--check and --save-failures go with --tournaments N")
        write_one(args.system, options, _seed(args.seed), args.output)
        return 0
    if args.tournaments < 1:
        raise BadRequest("--tournaments must be 1 or more")
    if args.output and "{n}" not in args.output:
        raise BadRequest("with --tournaments, -o must contain {n} (replaced by each seed)")
    if not args.check and not args.output:
        raise BadRequest("--tournaments needs --check, or -o PATTERN to write the tournaments")
    summary = endorse(
        args.system, args.tournaments, seed=_seed(args.seed if args.seed is not None else 1),
        check=args.check, jobs=args.jobs, progress=not args.no_progress,
        output_pattern=args.output, save_failures=args.save_failures, **options)
    print(summary.render(args.lang), end="")
    return 0 if summary.ok else 1


def run_compat(system: str, args: argparse.Namespace) -> int:
    """``swisspairing --dutch [CONFIG|SEED] -g -o OUT.trf [-s SEED]`` (JaVaFo / bbpPairings).

    The input is a configuration file; as with JaVaFo, a whole number that is not a file name
    is the seed.
    """
    if not args.output:
        raise BadRequest("-g needs -o OUT.trf, the tournament file to write")
    seed = args.seed
    config_path = None
    if args.input:
        if not Path(args.input).exists() and args.input.isdigit():
            seed = int(args.input) if seed is None else seed
        else:
            config_path = args.input
    write_one(system, {"config": config_path}, _seed(seed), args.output)
    return 0
