"""Safe output files: everything is written to a temporary file, then renamed over the target.

A crash or an error half-way never leaves a truncated file, and never destroys what the user had.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from ..errors import BadRequest


def write_text_atomic(path: str | Path, text: str, *, newline: str = "\n") -> None:
    """Write ``text`` to ``path`` atomically (same directory temp file + ``os.replace``)."""
    target = Path(path)
    directory = target.parent if str(target.parent) else Path(".")
    if not directory.is_dir():
        raise BadRequest(f"{target}: the folder {directory} does not exist")
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=directory)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline=newline) as fh:
            fh.write(text)
        os.replace(tmp, target)
    except OSError as exc:
        Path(tmp).unlink(missing_ok=True)
        raise BadRequest(f"{target}: cannot write the file: {exc.strerror or exc}") from None
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def write_bytes_atomic(path: str | Path, data: bytes) -> None:
    """Binary variant of :func:`write_text_atomic` (PDF files)."""
    target = Path(path)
    directory = target.parent if str(target.parent) else Path(".")
    if not directory.is_dir():
        raise BadRequest(f"{target}: the folder {directory} does not exist")
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=directory)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.replace(tmp, target)
    except OSError as exc:
        Path(tmp).unlink(missing_ok=True)
        raise BadRequest(f"{target}: cannot write the file: {exc.strerror or exc}") from None
