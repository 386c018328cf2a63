"""Helpers of the tests that start ``swisspairing serve`` in a process of its own."""

from __future__ import annotations

import socket
import subprocess
import time


def free_port() -> int:
    """A TCP port of this computer that nothing listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def lines_until_open(proc: subprocess.Popen[str], seconds: float = 120) -> list[str]:
    """What ``serve`` (``proc``, its output merged and read as text) printed up to the line
    giving the address to open (``open http://``), or until it stopped printing or
    ``seconds`` passed."""
    lines = []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        line = proc.stdout.readline() if proc.stdout else ""
        if not line:
            break
        lines.append(line)
        if "open http://" in line:
            break
    return lines
