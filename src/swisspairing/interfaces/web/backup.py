"""A consistent copy of the database while the app runs (``swisspairing backup`` and the
download button).

SQLite: the SQLite online backup API copies a consistent snapshot page by page while writers
go on (WAL). PostgreSQL: every table as Django JSON fixtures (``loaddata`` reads it back), read
in one repeatable-read transaction.
"""

from __future__ import annotations

import io
import sqlite3
import tempfile
from datetime import UTC, datetime
from pathlib import Path

from django.conf import settings
from django.core.management import call_command
from django.db import connection, transaction


def backup_bytes() -> tuple[str, bytes]:
    """(file name, content) of a backup of the whole database."""
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    db = settings.DATABASES["default"]
    if db["ENGINE"].endswith("sqlite3"):
        with tempfile.TemporaryDirectory() as tmp:
            target = Path(tmp) / "backup.sqlite3"
            connection.ensure_connection()
            write_sqlite_backup(connection.connection, target)
            return f"swisspairing-{stamp}.sqlite3", target.read_bytes()
    out = io.StringIO()
    with transaction.atomic():
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
        call_command("dumpdata", "--natural-foreign", "--exclude", "contenttypes",
                     "--exclude", "auth.permission", "--exclude", "sessions", stdout=out)
    return f"swisspairing-{stamp}.json", out.getvalue().encode("utf-8")


def write_sqlite_backup(source: sqlite3.Connection, target: Path) -> None:
    """Copy the database of ``source`` into ``target`` with the online backup API (a
    consistent snapshot, taken in one step)."""
    dst = sqlite3.connect(str(target))
    try:
        source.backup(dst)
    finally:
        dst.close()
