"""``swisspairing convert``: export a tournament as TRF-16 or TRF-2026 (rating reports)."""

from __future__ import annotations

import argparse
import sys

from ..files import check_output
from ..formats.trf import points_differences
from ..standings import export, ranking
from .common import emit, load

TARGETS = ("trf16", "trf26")


def add_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser(
        "convert",
        help="export a tournament as TRF-16 or TRF-2026",
        description="Write IN.trf as TRF-16 or TRF-2026 with the file's points column (or the "
        "points of the results with --points computed), ranks by the C.07 tie-breaks of the "
        "file's 202/212 record (else the default list) and the standard TRF round codes.",
    )
    p.add_argument("input", metavar="IN.trf")
    p.add_argument("--to", choices=TARGETS, required=True, help="trf16 or trf26")
    p.add_argument("--points", choices=("declared", "computed"), default="declared",
                   help="declared (default): keep the file's points column; computed: write "
                   "the points the results give under the point system")
    p.add_argument("-o", "--output", metavar="OUT", required=True,
                   help="the file to write (atomically; '-' = standard output)")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if args.output != "-":
        check_output(args.output, [args.input])
    t = load(args.input)
    st = ranking.rank(t) if t.rounds_paired >= 1 else None
    differ = points_differences(t)
    if differ:
        who = ", ".join(f"{pid} ({declared:g} in the file, {computed:g} by the results)"
                        for pid, declared, computed in differ)
        done = ("written as the results give them (--points computed)"
                if args.points == "computed" else
                "kept as the file says them (--points computed writes the results' points)")
        print(f"swisspairing: warning: points column {done} for: {who}", file=sys.stderr)
    if args.to == "trf16":
        text = export.write_trf16(t, st, points=args.points)
    else:
        text, warnings = export.write_trf26(t, st, st.labels if st is not None else None,
                                            points=args.points)
        for w in warnings:
            print(f"swisspairing: warning: {w}", file=sys.stderr)
    emit(text, args.output, inputs=[args.input])
    return 0
