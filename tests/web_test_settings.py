"""Django settings of the web app's tests: the app's own settings on a temporary data folder.

With ``DATABASE_URL=postgres://...`` the same tests run on PostgreSQL (``.ci/run`` does both).
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile

if not os.environ.get("SWISSPAIRING_DATA"):
    _data = tempfile.mkdtemp(prefix="swisspairing-test-")
    os.environ["SWISSPAIRING_DATA"] = _data
    atexit.register(shutil.rmtree, _data, ignore_errors=True)
# the browser test drives Chromium through Playwright's synchronous API (an event loop runs in
# the test thread) while the test reads the database
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "1")

from swisspairing.interfaces.web.settings import *  # noqa: F403

# fast hashing in tests (the app itself uses Django's default PBKDF2)
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

# the playing hall's browser test polls while players write: a file database (WAL, as the real
# server has), not SQLite's shared-cache memory database, whose table locks refuse the readers
if DATABASES["default"]["ENGINE"].endswith("sqlite3"):  # noqa: F405
    DATABASES["default"]["TEST"] = {"NAME": str(DATA_DIR / "test.sqlite3")}  # noqa: F405

# no persistent connections: the test databases can be dropped at the end (PostgreSQL)
for _db in DATABASES.values():  # noqa: F405
    _db["CONN_MAX_AGE"] = 0

# the playing hall's pages show every change at once in the tests (in the app, at most
# HALL_FRESH_SECONDS later; test_hall_pages tests that window with its own setting)
HALL_FRESH_SECONDS = 0

# the round page pairs in the request (the Django test client's tests run in one transaction,
# whose on_commit never starts the background job); the background pairing's own tests turn
# it on (tests/test_web_concurrency.py)
SWISSPAIRING_PAIR_IN_BACKGROUND = False
