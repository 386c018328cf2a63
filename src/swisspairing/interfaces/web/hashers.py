"""Password hashing that yields the processor to the playing hall (issue 24, item 15).

Django's PBKDF2 (1,000,000 rounds) takes a core for 0.5-0.8 s per login. A flood of anonymous
logins used to stall the hall: the check ran inside SQLite's write lock (fixed in
:class:`.auth.LoginView`), and even outside it the hashing took the same share of the processor
as the threads answering the players. Here the computation (no database, no Python objects
shared: hashlib releases the GIL) runs in one thread of its own with the lowest priority
(``nice`` 19, Linux: the priority of that thread only), so on a busy server the players'
entries and pages go first and logins wait; elsewhere the thread runs at normal priority.
The hashes are Django's own ``pbkdf2_sha256``: nothing changes in the database.
"""

from __future__ import annotations

import contextlib
import os
import sys
import threading
from concurrent.futures import ThreadPoolExecutor

from django.contrib.auth.hashers import PBKDF2PasswordHasher


def _lowest_priority() -> None:
    if sys.platform.startswith("linux") and hasattr(os, "setpriority"):
        with contextlib.suppress(OSError):  # not allowed: normal priority
            os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), 19)


_worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="password-hash",
                             initializer=_lowest_priority)


class BackgroundPBKDF2PasswordHasher(PBKDF2PasswordHasher):
    """Django's PBKDF2-SHA256 hasher (same algorithm name, same hashes), computed in the
    low-priority thread. ``verify``, ``harden_runtime`` and the dummy check of an unknown
    user name all go through ``encode``."""

    def encode(self, password: str, salt: str, iterations: int | None = None) -> str:
        parent = super().encode
        if threading.current_thread().name.startswith("password-hash"):
            return parent(password, salt, iterations)
        return str(_worker.submit(parent, password, salt, iterations).result())

