"""Safe output files: everything is written to a temporary file, then renamed over the target.

A crash or an error half-way never leaves a truncated file, and never destroys what the user had:

* an output naming one of the inputs (the same file by any path: symbolic or hard link) is a bad
  request, checked by :func:`check_output` with one rule for every command (:func:`same_file`);
* an output that is a loop of symbolic links, or a folder, is a bad request (exit 2), never an
  internal error;
* an output that is a symbolic link to a file writes that file and keeps the link;
* the file written keeps the permissions of the file it replaces, and a new file gets the
  user's default ones (``0666`` less the umask), not those of the temporary file (``0600``);
  a caller may give the mode instead (``mode_bits``: a backup is always ``0600``);
* an existing output that is no regular file (``/dev/null``, a named pipe) is written in place:
  renaming over it would replace the device itself.
"""

from __future__ import annotations

import errno
import os
import stat
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import IO

from .errors import BadRequest


def same_file(a: str | Path, b: str | Path) -> bool:
    """True when two paths name the same file: same path, symbolic link or hard link (same
    device and inode). False when either is missing or cannot be reached (a link loop)."""
    try:
        return os.path.samefile(a, b)
    except (OSError, ValueError):
        return False


def check_output(output: str | Path, inputs: Sequence[str | Path] = ()) -> Path:
    """The path to write for ``output``, after the checks every command shares.

    Raises :class:`BadRequest` when ``output`` is a loop of symbolic links (or a path through
    one), a folder, or the same file as one of ``inputs``. A symbolic link is followed, so that
    the file it points to is written and the link is kept."""
    given = Path(output)
    try:
        existing: os.stat_result | None = os.stat(given)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise BadRequest(f"{output}: a loop of symbolic links: give another output file") \
                from None
        existing = None
    for source in inputs:
        if same_file(given, source):
            raise BadRequest(f"{output}: refusing to overwrite the input file {source}")
    if existing is not None and not stat.S_ISREG(existing.st_mode) \
            and not stat.S_ISDIR(existing.st_mode):
        return given  # a device or a pipe (/dev/null, /dev/stdout): written in place
    try:
        target = Path(os.path.realpath(given))
    except (OSError, RuntimeError, ValueError) as exc:
        raise BadRequest(f"{output}: cannot use this path: {exc}") from None
    if target.is_dir():
        raise BadRequest(f"{output} is a folder; give the file to write")
    directory = target.parent
    if not directory.is_dir():
        raise BadRequest(f"{output}: the folder {given.parent} does not exist")
    return target


def _new_file_mode() -> int:
    """The mode a new file gets from the user's umask (``open()`` would give it)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return 0o666 & ~mask


def _write(path: str | Path, inputs: Sequence[str | Path], mode: str,
           write: Callable[[IO], None], newline: str | None,  # type: ignore[type-arg]
           mode_bits: int | None = None) -> None:
    target = check_output(path, inputs)
    encoding = None if "b" in mode else "utf-8"
    try:
        existing: os.stat_result | None = os.stat(target)
    except OSError:
        existing = None
    try:
        if existing is not None and not stat.S_ISREG(existing.st_mode):
            # a device or a pipe: written in place (a rename would replace the device itself)
            with open(target, mode, encoding=encoding, newline=newline) as fh:
                write(fh)
            return
    except OSError as exc:
        raise BadRequest(f"{path}: cannot write the file: {exc.strerror or exc}") from None
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, mode, encoding=encoding, newline=newline) as fh:
            write(fh)
        if mode_bits is None:
            mode_bits = stat.S_IMODE(existing.st_mode) if existing else _new_file_mode()
        os.chmod(tmp, mode_bits)
        os.replace(tmp, target)
    except OSError as exc:
        Path(tmp).unlink(missing_ok=True)
        raise BadRequest(f"{path}: cannot write the file: {exc.strerror or exc}") from None
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def write_text_atomic(path: str | Path, text: str, *, newline: str = "\n",
                      inputs: Sequence[str | Path] = ()) -> None:
    """Write ``text`` to ``path`` atomically (same directory temp file + ``os.replace``),
    after :func:`check_output` (``inputs`` are never overwritten)."""
    _write(path, inputs, "w", lambda fh: fh.write(text), newline)


def write_bytes_atomic(path: str | Path, data: bytes, *,
                       inputs: Sequence[str | Path] = (), mode_bits: int | None = None) -> None:
    """Binary variant of :func:`write_text_atomic` (PDF files); ``mode_bits``: the file's
    permissions whatever the umask and the file replaced (a device is written in place, its
    own left as they are)."""
    _write(path, inputs, "wb", lambda fh: fh.write(data), None, mode_bits)
