"""Helpers shared by the subcommands: loading a tournament, printing warnings, writing outputs."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

from ..formats.trf import read_trf
from ..model import Tournament
from .files import write_text_atomic


def load(path: str) -> Tournament:
    """Read a TRF file and print its warnings on standard error."""
    t = read_trf(path)
    for w in t.warnings:
        print(f"swisspairing: warning: {w}", file=sys.stderr)
    return t


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
