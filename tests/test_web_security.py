"""Security review of the web app (branch fixsec): who may take a backup and what it holds,
passwords of accounts, ``/logout/`` on GET, the log of a bad rating list, cross-site posts to
the playing hall's check-in and result entry."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from django.contrib.sessions.models import Session
from django.test import Client
from django.urls import reverse

from swisspairing.interfaces.web import backup
from swisspairing.interfaces.web import models as m
from web_helpers import make_event, make_user

pytestmark = pytest.mark.django_db


def _client(username: str, role: str) -> Client:
    c = Client()
    c.force_login(make_user(username, role))
    return c


def _body(response: object) -> bytes:
    if getattr(response, "streaming", False):
        return b"".join(response.streaming_content)  # type: ignore[attr-defined]
    return bytes(response.content)  # type: ignore[attr-defined]


# --- 1. backups ---------------------------------------------------------------------------------
@pytest.mark.django_db(transaction=True)  # a copy is never taken inside a request's transaction
def test_only_the_chief_arbiter_downloads_a_backup() -> None:
    make_event(players=3)
    for username, role in (("view", m.ROLE_VIEWER), ("arb", m.ROLE_ARBITER)):
        r = _client(username, role).get(reverse("web:backup"))
        assert r.status_code == 403, role
        assert not _body(r).startswith(b"SQLite format 3")
    home = _client("arb2", m.ROLE_ARBITER).get(reverse("web:home")).content.decode()
    assert reverse("web:backup") not in home


@pytest.mark.django_db(transaction=True)
def test_the_chiefs_backup_holds_the_tournaments_but_no_session(tmp_path: Path) -> None:
    """Taken outside any open transaction, as in the running app; the sessions of every
    logged-in account (here three) are in the database but not in the copy, not even in its
    free pages."""
    make_event(players=3)
    _client("view", m.ROLE_VIEWER)
    _client("arb", m.ROLE_ARBITER)
    chief = _client("boss", m.ROLE_CHIEF)
    keys = list(Session.objects.values_list("session_key", flat=True))
    assert len(keys) == 3
    r = chief.get(reverse("web:backup"))
    assert r.status_code == 200
    body = _body(r)
    from django.db import connection

    if connection.vendor == "sqlite":
        assert body.startswith(b"SQLite format 3")
        path = tmp_path / "copy.sqlite3"
        path.write_bytes(body)
        db = sqlite3.connect(path)
        assert db.execute("SELECT count(*) FROM django_session").fetchone() == (0,)
        assert db.execute("SELECT name FROM swisspairing_web_event").fetchall() == [("Test open",)]
        assert db.execute("SELECT count(*) FROM swisspairing_web_entrant").fetchone() == (3,)
        assert sorted(u for (u,) in db.execute("SELECT username FROM auth_user")) == [
            "arb", "boss", "view"]
        db.close()
    else:  # PostgreSQL: JSON fixtures
        models = {row["model"] for row in json.loads(body)}
        assert "sessions.session" not in models and "swisspairing_web.event" in models
    for key in keys:
        assert key.encode() not in body
    assert Session.objects.count() == 3  # the app's own sessions are untouched


def test_the_json_backup_leaves_out_the_sessions() -> None:
    """The PostgreSQL path (``dumpdata``), run here on whatever database the tests use."""
    make_event(players=2)
    _client("boss", m.ROLE_CHIEF)
    key = Session.objects.get().session_key
    body = backup.json_backup_bytes()
    models = {row["model"] for row in json.loads(body)}
    assert "sessions.session" not in models
    assert {"swisspairing_web.event", "swisspairing_web.entrant", "auth.user"} <= models
    assert key.encode() not in body


def test_the_sqlite_copy_empties_the_sessions_in_free_pages_too(tmp_path: Path) -> None:
    """:func:`backup.write_sqlite_backup` on a plain SQLite file with many sessions: the copy
    has none and none of their keys is left in its bytes."""
    source_path = tmp_path / "source.sqlite3"
    source = sqlite3.connect(source_path)
    source.execute("PRAGMA journal_mode=WAL")
    source.execute("CREATE TABLE django_session (session_key TEXT PRIMARY KEY, "
                   "session_data TEXT, expire_date TEXT)")
    source.execute("CREATE TABLE web_event (name TEXT)")
    keys = [f"sessionkey{i:04d}xyzzy" for i in range(500)]
    source.executemany("INSERT INTO django_session VALUES (?, 'data', '2100-01-01')",
                       [(k,) for k in keys])
    source.execute("INSERT INTO web_event VALUES ('Open')")
    source.commit()
    target = tmp_path / "copy.sqlite3"
    backup.write_sqlite_backup(source, target)
    source.close()
    data = target.read_bytes()
    assert not any(k.encode() in data for k in keys)
    assert not (tmp_path / "copy.sqlite3-wal").exists()
    db = sqlite3.connect(target)
    assert db.execute("SELECT count(*) FROM django_session").fetchone() == (0,)
    assert db.execute("SELECT name FROM web_event").fetchall() == [("Open",)]
    db.close()


# --- 4. the server log of a bad rating list -------------------------------------------------------
@pytest.mark.django_db(transaction=True)  # the load runs in its own thread, as in the server
def test_a_bad_rating_list_is_one_warning_line_and_a_failure_keeps_its_traceback(
        tmp_path: Path, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    import logging

    from swisspairing.interfaces.web import ratings

    bad = tmp_path / "not-a-list.csv"
    bad.write_text("name,rating\nX,1\n", encoding="utf-8")
    load = ratings.create_command_load(bad.name)
    with caplog.at_level(logging.INFO, logger=ratings.log.name):
        ratings.start_thread(load.pk, bad)
        ratings.wait_for_loads(60)
    records = [r for r in caplog.records if r.name == ratings.log.name]
    assert [(r.levelno, r.exc_info) for r in records] == [(logging.WARNING, None)]
    message = records[0].getMessage()
    assert f"load {load.pk}" in message and "not-a-list.csv" in message
    assert "not a FIDE rating list" in message
    assert m.RatingListLoad.objects.get(pk=load.pk).status == m.RatingListLoad.FAILED

    def broken(*_args: object, **_kwargs: object) -> int:
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(ratings, "_insert_all", broken)
    caplog.clear()
    second = ratings.create_command_load(bad.name)
    with caplog.at_level(logging.INFO, logger=ratings.log.name):
        ratings.start_thread(second.pk, bad)
        ratings.wait_for_loads(60)
    records = [r for r in caplog.records if r.name == ratings.log.name]
    assert len(records) == 1 and records[0].levelno == logging.ERROR
    assert records[0].exc_info is not None and "disk on fire" in str(records[0].exc_info[1])
