"""``swisspairing convert``: export a tournament as TRF-16 or TRF-2026 (rating reports)."""

from __future__ import annotations

import argparse
import sys
import warnings

from ..api import TrfWarning, write_trf
from ..files import check_output
from ..formats.trf import points_differences
from .common import emit, load

#: --to -> the version of :func:`swisspairing.write_trf`
TARGETS = {"trf16": "trf16", "trf26": "trf2026"}


def add_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser(
        "convert",
        help="export a tournament as TRF-16 or TRF-2026",
        description="Write IN.trf as TRF-16 or TRF-2026 with the file's points column (or the "
        "points of the results with --points computed), ranks by the C.07 tie-breaks of the "
        "file's 202/212 record (else the default list) and the standard TRF round codes.",
    )
    p.add_argument("input", metavar="IN.trf")
    p.add_argument("--to", choices=tuple(TARGETS), required=True, help="trf16 or trf26")
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
    differ = points_differences(t)
    if differ:
        who = ", ".join(f"{pid} ({declared:g} in the file, {computed:g} by the results)"
                        for pid, declared, computed in differ)
        done = ("written as the results give them (--points computed)"
                if args.points == "computed" else
                "kept as the file says them (--points computed writes the results' points)")
        print(f"swisspairing: warning: points column {done} for: {who}", file=sys.stderr)
    with warnings.catch_warnings(record=True) as lost:
        warnings.simplefilter("always", TrfWarning)
        text = write_trf(t, version=TARGETS[args.to], points=args.points,  # type: ignore[arg-type]
                         strict=False)
    for w in lost:  # what TRF-2026 cannot hold: written without it, said on standard error
        if issubclass(w.category, TrfWarning):
            print(f"swisspairing: warning: {w.message}", file=sys.stderr)
    emit(text, args.output, inputs=[args.input])
    return 0
