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


@pytest.mark.django_db(transaction=True)  # as in the view: not inside a transaction (on
# PostgreSQL the dump's REPEATABLE READ must be its transaction's first statement)
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


# --- 2. passwords of the accounts page ------------------------------------------------------------
def test_the_accounts_page_checks_the_password_on_the_server_and_shows_why() -> None:
    """Review defect 2: the form's ``minlength`` is only the browser's; an empty POST used to
    set a random password on the account (its owner locked out)."""
    from django.contrib.auth import authenticate

    make_user("lecteur2", m.ROLE_VIEWER)  # password "a-long-password"
    chief = _client("boss", m.ROLE_CHIEF)
    url = reverse("web:accounts")
    cases = {"": "The password is empty.", "   ": "The password is empty.",
             "short": "too short", "password1": "too common", "83749261": "entirely numeric",
             "lecteur22": "too similar to the username"}
    for password, why in cases.items():
        r = chief.post(url, {"username": "lecteur2", "role": "arbiter", "password": password})
        assert r.status_code == 400, password
        page = r.content.decode()
        assert 'id="password-errors"' in page and why in page, password
        assert 'value="lecteur2"' in page and '<option value="arbiter" selected>' in page
    user = authenticate(username="lecteur2", password="a-long-password")
    assert user is not None and user.profile.role == m.ROLE_VIEWER  # nothing changed
    r = chief.post(url, {"username": "nouveau", "role": "viewer", "password": ""})
    assert r.status_code == 400
    assert not m.Profile.objects.filter(user__username="nouveau").exists()
    assert not m.AuditEntry.objects.filter(action__startswith="account").exists()


def test_the_password_errors_are_in_french() -> None:
    chief = _client("boss", m.ROLE_CHIEF)
    url = reverse("web:accounts")
    french = {"HTTP_ACCEPT_LANGUAGE": "fr-FR,fr;q=0.9"}
    page = chief.post(url, {"username": "x", "role": "viewer", "password": ""},
                      **french).content.decode()
    assert "Le mot de passe est vide." in page
    page = chief.post(url, {"username": "x", "role": "viewer", "password": "court"},
                      **french).content.decode()
    assert "Ce mot de passe est trop court" in page


# --- 3. GET /logout/ ---------------------------------------------------------------------------
def test_get_logout_shows_a_logout_button_and_post_logs_out() -> None:
    """Review defect 3: Django 5's logout answers a GET with an empty 405 page. A GET must not
    log out (a prefetch or a cross-site link could), so it shows the button."""
    arbiter = Client(enforce_csrf_checks=True)
    arbiter.force_login(make_user("arb", m.ROLE_ARBITER))
    r = arbiter.get(reverse("web:logout"))
    assert r.status_code == 200
    page = r.content.decode()
    assert f'action="{reverse("web:logout")}"' in page and "csrfmiddlewaretoken" in page
    assert "You are logged in as arb." in page
    assert arbiter.get(reverse("web:home")).status_code == 200  # still logged in
    token = r.cookies["csrftoken"].value if "csrftoken" in r.cookies else (
        arbiter.cookies["csrftoken"].value)
    r = arbiter.post(reverse("web:logout"), {"csrfmiddlewaretoken": token})
    assert r.status_code == 302 and r["Location"] == reverse("web:login")
    r = arbiter.get(reverse("web:home"))
    assert r.status_code == 302 and "/login/" in r["Location"]
    r = Client().get(reverse("web:logout"))  # nobody logged in: the login page
    assert r.status_code == 302 and r["Location"] == reverse("web:login")
    french = Client()
    french.force_login(make_user("arbitre", m.ROLE_ARBITER))
    page = french.get(reverse("web:logout"), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Vous êtes connecté en tant que arbitre." in page


# --- 5. cross-site posts to the hall's check-in and result entry --------------------------------
def test_a_check_in_posted_by_another_site_is_refused() -> None:
    """Review note 5: the check-in has no CSRF token (public tablets, no session); a page of
    another site must not make its visitors' browsers check players in."""
    from swisspairing.interfaces.web.hall import models as h

    event = make_event(players=4)
    url = f"/h/{event.public_token}/checkin/3/"
    for headers in ({"HTTP_ORIGIN": "https://evil.example"}, {"HTTP_ORIGIN": "null"},
                    {"HTTP_REFERER": "https://evil.example/page.html"},
                    {"HTTP_ORIGIN": "http://testserver.evil.example"}):
        r = Client().post(url, **headers)
        assert r.status_code == 403, headers
        assert "another site" in r.content.decode()
    assert not h.CheckIn.objects.exists()
    assert not event.audit.filter(action="hall-check-in").exists()
    assert Client().get(url, HTTP_REFERER="https://evil.example/").status_code == 200
    # this server's own page (Origin, else Referer), or a client that sends neither header
    for tpn, headers in ((1, {"HTTP_ORIGIN": "http://testserver"}),
                         (2, {"HTTP_REFERER": f"http://testserver{url}"}), (3, {})):
        r = Client().post(f"/h/{event.public_token}/checkin/{tpn}/", **headers)
        assert r.status_code == 200 and b'data-status="checked-in"' in r.content, headers
    assert h.CheckIn.objects.count() == 3


def test_a_check_in_from_a_trusted_origin_is_accepted(settings: object) -> None:
    """Behind a proxy whose public name is in ``CSRF_TRUSTED_ORIGINS`` (as for the arbiters'
    forms)."""
    from swisspairing.interfaces.web.hall import models as h

    settings.CSRF_TRUSTED_ORIGINS = ["https://echecs.example"]  # type: ignore[attr-defined]
    event = make_event(players=2)
    r = Client().post(f"/h/{event.public_token}/checkin/1/",
                      HTTP_ORIGIN="https://echecs.example")
    assert r.status_code == 200 and h.CheckIn.objects.count() == 1


def test_a_result_posted_by_another_site_is_refused() -> None:
    from hall_helpers import code_of, event_in_play, first_board
    from swisspairing.interfaces.web.hall import models as h

    _event, rnd = event_in_play(players=4)
    game = first_board(rnd)
    code = code_of(game, h.WHITE)
    r = Client().post("/hall/", {"code": code, "result": "1-0"},
                      HTTP_ORIGIN="https://evil.example")
    assert r.status_code == 403 and "another site" in r.content.decode()
    assert not h.ResultClaim.objects.exists()
    r = Client().post("/hall/", {"code": code, "result": "1-0"}, HTTP_ORIGIN="http://testserver")
    assert r.status_code == 200 and h.ResultClaim.objects.count() == 1
    # the QR code's link (a GET from wherever it was read) still opens the board
    opened = Client().get(f"/hall/c/{code}/", HTTP_REFERER="https://elsewhere.example/")
    assert opened.status_code == 200
