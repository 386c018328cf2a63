"""``swisspairing convert``: export a tournament as TRF-16 or TRF-2026 (rating reports)."""

from __future__ import annotations

import argparse
import sys

from ..standings import export, ranking
from .common import emit, load
from .files import check_output

TARGETS = ("trf16", "trf26")


def add_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser(
        "convert",
        help="export a tournament as TRF-16 or TRF-2026",
        description="Write IN.trf as TRF-16 or TRF-2026 with computed points and ranks "
        "(C.07 tie-breaks of the file's 202/212 record, else the default list).",
    )
    p.add_argument("input", metavar="IN.trf")
    p.add_argument("--to", choices=TARGETS, required=True, help="trf16 or trf26")
    p.add_argument("-o", "--output", metavar="OUT", required=True,
                   help="the file to write (atomically; '-' = standard output)")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if args.output != "-":
        check_output(args.output, [args.input])
    t = load(args.input)
    st = ranking.rank(t) if t.rounds_paired >= 1 else None
    if args.to == "trf16":
        text = export.write_trf16(t, st)
    else:
        text, warnings = export.write_trf26(t, st, st.labels if st is not None else None)
        for w in warnings:
            print(f"swisspairing: warning: {w}", file=sys.stderr)
    emit(text, args.output, inputs=[args.input])
    return 0
