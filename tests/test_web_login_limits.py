"""Login limits (issue 24, items 14, 15 and 17): failures counted on the normalised user name
and per address, the password checked outside any transaction, locks the chief arbiter (and a
new password) can lift.

The ``live_server`` tests are bounded scripts against the test server on 127.0.0.1 (real HTTP,
the login form's CSRF token read from the page as a browser does)."""

from __future__ import annotations

import http.cookiejar
import re
import threading
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Any, ClassVar

import pytest
from django.contrib.auth.hashers import MD5PasswordHasher
from django.db import connection
from django.test import Client, override_settings
from django.urls import reverse

from swisspairing.interfaces.web import models as m
from swisspairing.interfaces.web.setup import create_user
from web_helpers import make_user

PASSWORD = "a-long-password"
#: the user name typed in ways Django's login form reads as "chief" (strip, NFKC)
VARIANTS = (" chief", "chief\t", "\uff43hief", "chief ", "\uff43\uff48\uff49\uff45\uff46")


class ScriptClient:
    """A bounded script's HTTP client: one cookie jar, the CSRF token of the login page."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))

    def login(self, username: str, password: str) -> int:
        page = self.opener.open(self.base + "/login/", timeout=30).read().decode()
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)
        assert token is not None
        body = urllib.parse.urlencode({"username": username, "password": password,
                                       "csrfmiddlewaretoken": token.group(1)}).encode()
        request = urllib.request.Request(self.base + "/login/", data=body,
                                         headers={"Referer": self.base + "/login/"})
        return self.post(request)

    def post(self, request: urllib.request.Request) -> int:
        try:
            with self.opener.open(request, timeout=60) as answer:
                # a successful login redirects to the home page (followed: 200 there)
                return 302 if answer.url.rstrip("/") == self.base else answer.status
        except urllib.error.HTTPError as exc:
            return exc.code


def _post_login(client: Client, username: str, password: str) -> int:
    return client.post(reverse("web:login"), {"username": username,
                                              "password": password}).status_code


def test_login_key_is_nfkc_stripped_and_casefolded() -> None:
    from swisspairing.interfaces.web.auth import login_key

    assert {login_key(v) for v in VARIANTS} == {"chief"}
    assert login_key("Chief") == "chief"


@pytest.mark.django_db
def test_variants_of_a_locked_name_are_refused_too() -> None:
    """Item 14: after 5 failures for ``chief`` the variants that log in as ``chief`` (spaces,
    tab, fullwidth letters) are refused as well, with the right password; nothing is
    recorded as a login."""
    make_user("chief", m.ROLE_CHIEF)
    here = Client(REMOTE_ADDR="10.0.0.1")
    for _ in range(5):
        assert _post_login(here, "chief", "wrong") == 200
    for variant in VARIANTS:
        assert _post_login(here, variant, PASSWORD) == 429, repr(variant)
    assert "_auth_user_id" not in here.session
    # another address is not refused (5 failures per name and address; 20 per name)
    assert _post_login(Client(REMOTE_ADDR="10.0.0.2"), "\uff43hief", PASSWORD) == 302


@pytest.mark.django_db
def test_failures_are_counted_per_name_and_per_address() -> None:
    """Item 14: spreading the guesses over names (one address) or over addresses (one name)
    meets a limit too."""
    make_user("chief", m.ROLE_CHIEF)
    make_user("arb", m.ROLE_ARBITER)
    one_address = Client(REMOTE_ADDR="10.0.0.3")
    for i in range(20):
        assert _post_login(one_address, f"name{i}", "wrong") == 200
    assert _post_login(one_address, "arb", PASSWORD) == 429
    for i in range(20):
        assert _post_login(Client(REMOTE_ADDR=f"10.1.0.{i}"), "chief", "wrong") == 200
    assert _post_login(Client(REMOTE_ADDR="10.2.0.1"), "chief", PASSWORD) == 429
    assert _post_login(Client(REMOTE_ADDR="10.2.0.1"), "arb", PASSWORD) == 302


@pytest.mark.django_db(transaction=True)
def test_lockout_bypass_script_against_the_server(live_server: Any) -> None:
    """Item 14, a bounded script against 127.0.0.1 (the issue's probe): 5 wrong passwords for
    ``chief``, then the right one under 4 spellings: every one refused (before: all four
    logged in); then 20 more guesses under new spellings: all refused without a password
    check (the name is locked, then the address)."""
    make_user("chief", m.ROLE_CHIEF)
    script = ScriptClient(live_server.url)
    assert [script.login("chief", "wrong") for _ in range(5)] == [200] * 5
    assert [script.login(v, PASSWORD) for v in VARIANTS[:4]] == [429] * 4
    statuses = {script.login(f"chief{' ' * i}", f"guess{i}") for i in range(20)}
    assert statuses == {429}
    assert m.FailedLogin.objects.filter(username="chief").count() == 5


class RecordingHasher(MD5PasswordHasher):
    """A test hasher that records whether the password is checked inside a transaction and,
    when asked, holds the check until the test releases it (a slow PBKDF2, under control)."""

    algorithm = "md5"
    seen_in_transaction: ClassVar[list[bool]] = []
    started = threading.Event()
    release = threading.Event()
    hold = False

    def verify(self, password: str, encoded: str) -> bool:
        RecordingHasher.seen_in_transaction.append(connection.in_atomic_block)
        if RecordingHasher.hold:
            RecordingHasher.started.set()
            RecordingHasher.release.wait(timeout=60)
        return super().verify(password, encoded)


HASHERS = ["test_web_login_limits.RecordingHasher"]


@pytest.mark.django_db(transaction=True)  # (no test-wide transaction around the requests)
@override_settings(PASSWORD_HASHERS=HASHERS)
def test_password_is_checked_outside_any_transaction() -> None:
    """Item 15: with ATOMIC_REQUESTS the login's password check (PBKDF2, 0.5-0.8 s) ran inside
    the request's transaction, on SQLite inside the write lock. The check runs with no
    transaction open; a right password still logs in, a wrong one is recorded."""
    make_user("chief", m.ROLE_CHIEF)
    RecordingHasher.seen_in_transaction.clear()
    RecordingHasher.hold = False
    assert _post_login(Client(), "chief", "wrong") == 200
    assert _post_login(Client(), "chief", PASSWORD) == 302
    assert RecordingHasher.seen_in_transaction == [False, False]
    assert m.FailedLogin.objects.count() == 1


@pytest.mark.django_db(transaction=True)
@override_settings(PASSWORD_HASHERS=HASHERS)
def test_a_slow_login_does_not_hold_the_players_entries(live_server: Any) -> None:
    """Item 15, a bounded script against 127.0.0.1: while a login's password check is under
    way (held here until the entry is answered), a player's entry is answered and stored.
    Before the fix, on SQLite, the entry waited for the login's write lock ("database is
    locked" after the 20 s timeout)."""
    from hall_helpers import code_of, event_in_play, first_board
    from swisspairing.interfaces.web.hall import models as h

    make_user("chief", m.ROLE_CHIEF)
    _event, rnd = event_in_play()
    game = first_board(rnd)
    RecordingHasher.seen_in_transaction.clear()
    RecordingHasher.started.clear()
    RecordingHasher.release.clear()
    RecordingHasher.hold = True
    results: list[int] = []
    login = threading.Thread(target=lambda: results.append(
        ScriptClient(live_server.url).login("chief", PASSWORD)))
    login.start()
    try:
        assert RecordingHasher.started.wait(timeout=60)
        body = urllib.parse.urlencode({"code": code_of(game, h.WHITE), "result": "1-0"})
        request = urllib.request.Request(live_server.url + "/hall/", data=body.encode())
        try:
            with urllib.request.urlopen(request, timeout=60) as answer:
                status = answer.status
        except urllib.error.HTTPError as exc:
            status = exc.code
        still_checking = login.is_alive()
    finally:
        RecordingHasher.release.set()
        RecordingHasher.hold = False
        login.join(timeout=60)
    assert status == 200 and still_checking
    assert h.ResultClaim.objects.filter(game=game, side=h.WHITE, result="1-0").exists()
    assert results == [302]
    assert RecordingHasher.seen_in_transaction == [False]


@pytest.mark.django_db
def test_a_new_password_lifts_the_lock() -> None:
    """Item 17: ``swisspairing createuser chief`` (create_user) with a new password lifts the
    lock of ``chief`` (before: still refused for 15 minutes)."""
    make_user("chief", m.ROLE_CHIEF)
    here = Client(REMOTE_ADDR="10.0.0.4")
    for _ in range(5):
        _post_login(here, "chief", "wrong")
    assert _post_login(here, "chief", PASSWORD) == 429
    create_user("chief", "another-long-password", m.ROLE_CHIEF)
    assert _post_login(here, "chief", "another-long-password") == 302


@pytest.mark.django_db
def test_createuser_command_lifts_the_lock(monkeypatch: pytest.MonkeyPatch) -> None:
    """Item 17, the command itself (``cmd_createuser.run``) on the test database."""
    import argparse

    from swisspairing.interfaces import cmd_createuser

    make_user("chief", m.ROLE_CHIEF)
    here = Client(REMOTE_ADDR="10.0.0.5")
    for _ in range(5):
        _post_login(here, "chief", "wrong")
    monkeypatch.setattr("swisspairing.interfaces.web.setup.setup", lambda *a, **k: None)
    monkeypatch.setenv("SWISSPAIRING_PASSWORD", "another-long-password")
    monkeypatch.setattr("sys.stdin.isatty", lambda: False)
    args = argparse.Namespace(username="chief", role="chief", password_stdin=False, data=None)
    assert cmd_createuser.run(args) == 0
    assert _post_login(here, "chief", "another-long-password") == 302


@pytest.mark.django_db
def test_the_chief_arbiter_unlocks_an_account_and_an_address() -> None:
    """Item 17: the accounts page lists the locked names and addresses; the chief arbiter's
    "Unlock" lifts them (audited); an arbiter cannot."""
    chief = make_user("chief", m.ROLE_CHIEF)
    make_user("arb", m.ROLE_ARBITER)
    here = Client(REMOTE_ADDR="10.0.0.6")
    for _ in range(5):
        _post_login(here, "arb", "wrong")
    far = Client(REMOTE_ADDR="10.9.9.9")
    for i in range(20):
        _post_login(far, f"x{i}", "wrong")
    desk = Client()
    desk.force_login(chief)
    page = desk.get(reverse("web:accounts")).content.decode()
    assert 'data-locked-name="arb"' in page and 'data-locked-address="10.9.9.9"' in page
    other = Client()
    other.force_login(m.Profile.objects.get(user__username="arb").user)
    assert other.post(reverse("web:accounts"), {"unlock_name": "arb"}).status_code == 403
    assert _post_login(here, "arb", PASSWORD) == 429
    assert desk.post(reverse("web:accounts"), {"unlock_name": "arb"}).status_code == 302
    assert _post_login(here, "arb", PASSWORD) == 302
    assert _post_login(far, "arb", PASSWORD) == 429
    desk.post(reverse("web:accounts"), {"unlock_address": "10.9.9.9"})
    assert _post_login(far, "arb", PASSWORD) == 302
    assert m.AuditEntry.objects.filter(action="account-unlock").count() == 2
    page = desk.get(reverse("web:accounts")).content.decode()
    assert "data-locked-" not in page


@pytest.mark.django_db
@override_settings(LOGIN_WAIT_SECONDS=0.1)
def test_a_login_waits_briefly_for_its_turn_then_gets_503() -> None:
    """Item 15: one password check at a time; a login that cannot have its turn within
    LOGIN_WAIT_SECONDS is refused with 503 and Retry-After (a waiting login holds one of the
    server's threads: eight flooding clients must not hold them all), nothing recorded."""
    from swisspairing.interfaces.web import auth

    make_user("chief", m.ROLE_CHIEF)
    assert auth._checking.acquire(timeout=5)  # another login is being checked
    try:
        response = Client().post(reverse("web:login"), {"username": "chief",
                                                        "password": PASSWORD})
    finally:
        auth._checking.release()
    assert response.status_code == 503 and response["Retry-After"] == "5"
    assert "Too many logins at once" in response.content.decode()
    assert not m.FailedLogin.objects.exists()
    assert _post_login(Client(), "chief", PASSWORD) == 302


def test_passwords_are_hashed_in_the_low_priority_thread() -> None:
    """Item 15: the app's PBKDF2 hasher gives Django's own hashes (either verifies the other's)
    and computes them in its own thread, at the lowest priority on Linux."""
    import sys

    from django.contrib.auth.hashers import PBKDF2PasswordHasher

    from swisspairing.interfaces.web import hashers

    seen: list[str] = []
    original = PBKDF2PasswordHasher.encode

    def spy(self: Any, password: str, salt: str, iterations: int | None = None) -> str:
        seen.append(threading.current_thread().name)
        return original(self, password, salt, iterations)

    ours = hashers.BackgroundPBKDF2PasswordHasher()
    PBKDF2PasswordHasher.encode = spy  # type: ignore[method-assign]
    try:
        encoded = ours.encode("a-long-password", "saltsaltsalt", iterations=1000)
    finally:
        PBKDF2PasswordHasher.encode = original  # type: ignore[method-assign]
    assert encoded == PBKDF2PasswordHasher().encode("a-long-password", "saltsaltsalt", 1000)
    assert ours.verify("a-long-password", encoded) and not ours.verify("wrong", encoded)
    assert seen and seen[0].startswith("password-hash")
    if sys.platform.startswith("linux"):
        worker = next(t for t in threading.enumerate() if t.name.startswith("password-hash"))
        stat = Path(f"/proc/self/task/{worker.native_id}/stat").read_text()
        assert int(stat.rsplit(")", 1)[1].split()[16]) == 19  # nice
