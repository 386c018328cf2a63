"""A consistent copy of the database while the app runs (``swisspairing backup`` and the
download button of the chief arbiter).

SQLite: the SQLite online backup API copies a consistent snapshot page by page while writers
go on (WAL). PostgreSQL: every table as Django JSON fixtures (``loaddata`` reads it back), read
in one repeatable-read transaction.

What a copy holds (docs/web.md, "Backups"): every tournament, the accounts with their password
*hashes*, the audit log, the hall's board codes and the loaded rating list. It never holds the
login sessions: a session key is a bearer credential (put in a ``sessionid`` cookie it opens the
app as its owner, review defect 1), so the table ``django_session`` is emptied in the SQLite
copy (its pages overwritten, ``secure_delete``) and left out of the JSON dump. The secret key is
a file of the data folder (``settings._secret_key``), never in the database.
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

#: tables emptied in a SQLite copy: login sessions (bearer credentials)
SQLITE_TABLES_EMPTIED = ("django_session",)
#: ``dumpdata --exclude`` of a JSON copy: rebuilt by ``migrate`` (content types, permissions)
#: or bearer credentials (sessions)
JSON_EXCLUDED = ("contenttypes", "auth.permission", "sessions")


def backup_bytes() -> tuple[str, bytes]:
    """(file name, content) of a backup of the whole database, without the login sessions."""
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    db = settings.DATABASES["default"]
    if db["ENGINE"].endswith("sqlite3"):
        return f"swisspairing-{stamp}.sqlite3", sqlite_backup_bytes()
    return f"swisspairing-{stamp}.json", json_backup_bytes()


def sqlite_backup_bytes() -> bytes:
    """The SQLite copy of the app's database (the default connection), sessions emptied."""
    with tempfile.TemporaryDirectory() as tmp:
        target = Path(tmp) / "backup.sqlite3"
        connection.ensure_connection()
        write_sqlite_backup(connection.connection, target)
        return target.read_bytes()


def json_backup_bytes() -> bytes:
    """Every table but :data:`JSON_EXCLUDED` as Django JSON fixtures, read in one transaction
    (repeatable read on PostgreSQL)."""
    out = io.StringIO()
    excluded = [arg for label in JSON_EXCLUDED for arg in ("--exclude", label)]
    with transaction.atomic():
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
        call_command("dumpdata", "--natural-foreign", *excluded, stdout=out)
    return out.getvalue().encode("utf-8")


def write_sqlite_backup(source: sqlite3.Connection, target: Path) -> None:
    """Copy the database of ``source`` into ``target`` with the online backup API (a
    consistent snapshot, taken in one step), then empty :data:`SQLITE_TABLES_EMPTIED` in the
    copy. ``secure_delete`` overwrites the freed pages with zeros, so no session key is left in
    the file's free space; the copy is put in rollback-journal mode so that it is one
    self-contained file (the app turns WAL on again when it opens it)."""
    dst = sqlite3.connect(str(target))
    try:
        source.backup(dst)
        dst.execute("PRAGMA journal_mode=DELETE")
        dst.execute("PRAGMA secure_delete=ON")
        present = {name for (name,) in dst.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table'")}
        with dst:
            for table in SQLITE_TABLES_EMPTIED:
                if table in present:
                    dst.execute(f'DELETE FROM "{table}"')  # a constant of this module
    finally:
        dst.close()
