"""Helpers shared by the subcommands: loading a tournament, printing warnings, writing outputs."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

from ..api import read_trf
from ..errors import BadRequest
from ..files import write_text_atomic
from ..model import Tournament


def load(path: str) -> Tournament:
    """Read a TRF file and print its warnings on standard error."""
    t = read_trf(path)
    for w in t.warnings:
        print(f"swisspairing: warning: {w}", file=sys.stderr)
    return t


def print_warnings(warnings: Sequence[str]) -> None:
    """What the arbiter must know about a result (a rule relaxed), on standard error."""
    for warning in warnings:
        print(f"swisspairing: warning: {warning}", file=sys.stderr)


def ask_baku(t: Tournament, requested: bool) -> None:
    """Apply ``--baku`` (C.04.7 Art. 1) and warn when the file's ``XXA`` / ``250`` values, which
    are the ones used (TRF-2026 5.2), are not those of the Baku method."""
    from ..model.acceleration import baku_differences

    if requested:
        t.baku = True
    if not t.baku or t.team_event is not None:  # teams: virtual match points, model/team_state
        return
    try:
        differences = baku_differences(t)
    except BadRequest:  # the file's values are used; nothing computed to compare with
        return
    if differences:
        more = f" (and {len(differences) - 3} more)" if len(differences) > 3 else ""
        print("swisspairing: warning: the file's XXA/250 virtual points are used, but differ "
              f"from the Baku method: {'; '.join(differences[:3])}{more}", file=sys.stderr)


def emit(text: str, output: str | None, inputs: Sequence[str | Path] = ()) -> None:
    """Write ``text`` to ``output`` atomically, or to standard output for None or ``-``.

    An input file is never overwritten: ``output`` naming one of ``inputs`` is a bad request
    (``files.check_output``).
    """
    if output is None or output == "-":
        sys.stdout.write(text)
        sys.stdout.flush()
        return
    write_text_atomic(Path(output), text, inputs=inputs)
