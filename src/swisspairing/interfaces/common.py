"""Helpers shared by the subcommands: loading a tournament, printing warnings, writing outputs."""

from __future__ import annotations

import sys
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


def emit(text: str, output: str | None) -> None:
    """Write ``text`` to ``output`` atomically, or to standard output for None or ``-``."""
    if output is None or output == "-":
        sys.stdout.write(text)
        sys.stdout.flush()
    else:
        write_text_atomic(Path(output), text)
