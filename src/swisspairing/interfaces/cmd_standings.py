"""``swisspairing standings``: standings, crosstable, wall chart, pairings and player cards.

Rankings: C.07 tie-breaks (``--tiebreaks``, default the file's 202/212 record, else
:data:`~swisspairing.standings.DEFAULT_TIEBREAKS`) or the E10 final ranking of the Elo-based
Swiss system (``--ranking e10``, lots drawn with ``--seed``, printed).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..errors import BadRequest, InputError
from ..files import check_output, write_bytes_atomic
from ..model import Tournament
from ..standings import ranking, render, views
from ..standings.labels import LANGS
from ..standings.tiebreaks import parse_list
from .common import emit, load

VIEWS = ("standings", "crosstable", "wallchart", "pairings", "card", "boards", "all")


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
                   f"{ranking.DEFAULT_TIEBREAKS})")
    p.add_argument("--round", "-r", type=int, metavar="K",
                   help="standings after round K (default: the last round played)")
    p.add_argument("--ranking", choices=("c07", "e10"), default="c07",
                   help="c07 (default): points then the tie-break list; e10: final ranking of "
                   "the Elo-based Swiss system (article E10)")
    p.add_argument("--seed", type=int, metavar="K",
                   help="draw lots with this seed for the players still tied (with e10 a seed "
                   "is drawn and printed when none is given)")
    p.add_argument("--format", "-f", choices=render.FORMATS, default="text",
                   help="text (default), tsv, json, html or pdf (pdf needs -o)")
    p.add_argument("--view", choices=VIEWS, default="standings",
                   help="what to publish (default: standings); 'all' = standings, crosstable, "
                   "wall chart and the pairings of the round")
    p.add_argument("--player", type=int, metavar="ID", help="with --view card: the player")
    p.add_argument("--pairs", metavar="FILE",
                   help="with --view pairings: publish this pair list (as written by "
                   "'swisspairing pair -o') as the pairing of the next round")
    p.add_argument("--lang", choices=LANGS, default="en",
                   help="language of the titles, headers and notes (en, fr)")
    p.add_argument("--header", action="store_true", help="with --format tsv: a header row")
    p.add_argument("-o", "--output", metavar="OUT",
                   help="write to OUT (atomically; default: standard output)")
    p.set_defaults(run=run)


def _standings(t: Tournament, args: argparse.Namespace) -> ranking.Standings:
    if args.ranking == "e10":
        if args.tiebreaks:
            raise BadRequest("--tiebreaks does not apply to --ranking e10 (E10 fixes its order)")
        return ranking.rank_e10(t, args.round, args.seed)
    tbs = parse_list(args.tiebreaks) if args.tiebreaks is not None else None
    return ranking.rank(t, tbs, args.round, args.seed)


def _tables(t: Tournament, st: ranking.Standings, args: argparse.Namespace) -> list[views.Table]:
    view, lang = args.view, args.lang
    if args.pairs:
        raise BadRequest("--pairs applies only to --view pairings")
    if view == "card":
        if args.player is None:
            raise BadRequest("--view card needs --player ID")
        return [views.player_card(st, args.player, lang)]
    if args.player is not None:
        raise BadRequest("--player applies only to --view card")
    if view == "standings":
        return [views.standings_table(st, lang)]
    if view == "crosstable":
        return [views.crosstable(st, lang)]
    if view == "wallchart":
        return [views.wallchart(t, st.rounds, lang)]
    if view == "pairings":
        return [views.pairings_table(t, st.rounds, lang=lang)]
    return [views.standings_table(st, lang), views.crosstable(st, lang),
            views.wallchart(t, st.rounds, lang), views.pairings_table(t, st.rounds, lang=lang)]


def _read_text(path: str) -> str:
    try:
        return Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputError("no such file", path) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"cannot read the file: {exc}", path) from None


def _run_team(t: Tournament, args: argparse.Namespace, inputs: list[str]) -> int:
    """Team events (C.04.6): team standings by match or game points with the team
    tie-breaks, board-by-board results with board prizes, the team crosstable."""
    from ..standings import teams

    if args.ranking != "c07" or args.player is not None or args.pairs:
        raise BadRequest("team events have team standings: --ranking e10, --player and --pairs "
                         "do not apply")
    if args.view in ("wallchart", "pairings", "card"):
        raise BadRequest(f"--view {args.view} is not available for team events (standings, "
                         "crosstable, boards, all)")
    tbs = teams.parse_team_tiebreaks(args.tiebreaks) if args.tiebreaks is not None else None
    st = teams.rank_teams(t, tbs, args.round)
    tables = {"standings": [teams.team_standings_table(st, args.lang)],
              "crosstable": [teams.team_crosstable(st, args.lang)],
              "boards": [teams.board_table(st, args.lang)]}.get(args.view) or [
        teams.team_standings_table(st, args.lang), teams.team_crosstable(st, args.lang),
        teams.board_table(st, args.lang)]
    fmt = args.format
    if fmt == "pdf":
        write_bytes_atomic(args.output, render.pdf(tables), inputs=inputs)
    elif fmt == "tsv":
        emit("\n".join(render.table_tsv(x) for x in tables), args.output, inputs)
    elif fmt == "json":
        emit(teams.team_standings_json(st) if args.view == "standings"
             else render.tables_json(tables), args.output, inputs)
    elif fmt == "html":
        emit(render.html(tables), args.output, inputs)
    else:
        emit(render.text(tables), args.output, inputs)
    return 0


def run(args: argparse.Namespace) -> int:
    inputs = [args.tournament, *([args.pairs] if args.pairs else [])]
    if args.output and args.output != "-":
        check_output(args.output, inputs)
    if args.format == "pdf" and (not args.output or args.output == "-"):
        raise BadRequest("--format pdf needs an output file (-o OUT.pdf)")
    if args.header and args.format != "tsv":
        raise BadRequest("--header applies only to --format tsv")
    t = load(args.tournament)
    if t.team_event is not None:
        return _run_team(t, args, inputs)
    if args.view == "boards":
        raise BadRequest("--view boards applies to team events (310 records)")
    st: ranking.Standings | None = None
    if args.view == "pairings" and args.pairs:
        # a pairing not played yet (round 1 included): no standings are needed
        pairing = views.pairing_from_pairs(t, _read_text(args.pairs), args.pairs)
        tables = [views.pairings_table(t, pairing.round_number, pairing=pairing,
                                       lang=args.lang)]
    else:
        st = _standings(t, args)
        tables = _tables(t, st, args)
    fmt = args.format
    if fmt == "pdf":
        write_bytes_atomic(args.output, render.pdf(tables), inputs=inputs)
    elif fmt == "tsv":
        if st is not None and args.view == "standings":
            emit(render.standings_tsv(st, args.header), args.output, inputs)
        else:
            emit("\n".join(render.table_tsv(x) for x in tables), args.output, inputs)
    elif fmt == "json":
        emit(render.standings_json(st) if st is not None and args.view == "standings"
             else render.tables_json(tables), args.output, inputs)
    elif fmt == "html":
        emit(render.html(tables), args.output, inputs)
    else:
        emit(render.text(tables), args.output, inputs)
    to_stdout = not args.output or args.output == "-"
    if st is not None and st.seed is not None and not (to_stdout and fmt in ("text", "json")):
        # the seed of the lots is always printed (E10); text and JSON on screen already hold it
        print(f"swisspairing: lots drawn with seed {st.seed}", file=sys.stderr)
    return 0
