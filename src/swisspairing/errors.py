"""Errors raised by swisspairing, each mapped to one documented exit code.

Exit codes (the command-line contract, also used by the checker):

* 0 - done;
* 1 - no valid pairing exists for the round (:class:`NoValidPairing`);
* 2 - bad request: unknown system, impossible option, not implemented (:class:`BadRequest`);
* 3 - bad input file: malformed TRF line, unknown player id, unreadable file (:class:`InputError`).
"""

from __future__ import annotations

from pathlib import Path

EXIT_OK = 0
EXIT_NO_PAIRING = 1
EXIT_BAD_REQUEST = 2
EXIT_BAD_INPUT = 3


class SwissPairingError(Exception):
    """Base class of every error the program reports to the user (never with a traceback)."""

    exit_code: int = EXIT_BAD_REQUEST

    def user_message(self) -> str:
        """The one-line message printed to the user."""
        return str(self)


class BadRequest(SwissPairingError):
    """The request cannot be carried out as asked (exit code 2)."""

    exit_code = EXIT_BAD_REQUEST


class NotImplementedSystem(BadRequest):
    """The pairing system exists in the FIDE handbook but not yet in this program."""


class NoValidPairing(SwissPairingError):
    """No pairing satisfies the absolute criteria for this round (exit code 1)."""

    exit_code = EXIT_NO_PAIRING


class InputError(SwissPairingError):
    """A problem in an input file, located by file name and line number (exit code 3)."""

    exit_code = EXIT_BAD_INPUT

    def __init__(self, problem: str, path: str | Path | None = None, line: int | None = None):
        self.problem = problem
        self.path = str(path) if path is not None else None
        self.line = line
        super().__init__(self.user_message())

    def user_message(self) -> str:
        where = self.path or "<input>"
        if self.line is not None:
            where += f", line {self.line}"
        return f"{where}: {self.problem}"
