"""``swisspairing serve``, ``createuser`` and ``backup`` as an arbiter runs them: subprocesses on
the embedded SQLite database of a temporary data folder (the PostgreSQL code paths are run by
the in-process tests when DATABASE_URL is set)."""

from __future__ import annotations

import base64
import hashlib
import os
import re
import socket
import sqlite3
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from serve_helpers import free_port, lines_until_open

CODE = "import sys; from swisspairing.interfaces.cli import main; sys.exit(main())"


_NOT_PASSED = ("DJANGO_SETTINGS_MODULE", "DATABASE_URL")


def _run(args: list[str], data: Path, stdin: str = "", **extra_env: str
         ) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in (*_NOT_PASSED,
                                                           "SWISSPAIRING_PASSWORD")}
    env.update(extra_env)
    return subprocess.run([sys.executable, "-c", CODE, *args, "--data", str(data)], input=stdin,
                          capture_output=True, text=True, timeout=300, env=env, check=False)


def test_createuser_then_backup(tmp_path: Path) -> None:
    data = tmp_path / "data"
    r = _run(["createuser", "marie", "--role", "chief", "--password-stdin"], data,
             "a-long-password\n")
    assert r.returncode == 0, r.stderr
    assert "created marie (chief)" in r.stdout
    r = _run(["createuser", "bob", "--password-stdin"], data, "short\n")
    assert r.returncode == 2 and "too short" in r.stderr
    live = sqlite3.connect(data / "swisspairing.sqlite3")  # a logged-in browser's session
    with live:
        live.execute("insert into django_session values ('key-of-a-logged-in-chief', 'x', "
                     "'2100-01-01 00:00:00')")
    live.close()
    out = tmp_path / "copy.bin"
    r = _run(["backup", "-o", str(out)], data)
    assert r.returncode == 0, r.stderr
    db = sqlite3.connect(out)
    assert db.execute("select username from auth_user").fetchall() == [("marie",)]
    assert db.execute("select count(*) from django_session").fetchone() == (0,)
    db.close()
    assert b"key-of-a-logged-in-chief" not in out.read_bytes()
    mode = sqlite3.connect(data / "swisspairing.sqlite3").execute("pragma journal_mode").fetchone()
    assert mode == ("wal",)


def test_a_backup_file_is_readable_by_its_owner_only(tmp_path: Path) -> None:
    """A backup holds the password hashes and the players' personal data (birth dates): it is
    0600 by decision, whatever the umask, also when it replaces a file others could read
    (a nightly ``backup -o last.sqlite3`` over a copy made 0644); ``--help`` says so."""
    data = tmp_path / "data"
    assert _run(["createuser", "marie", "--password-stdin"], data,
                "a-long-password\n").returncode == 0
    new, replaced = tmp_path / "new.sqlite3", tmp_path / "last.sqlite3"
    replaced.write_bytes(b"yesterday")
    replaced.chmod(0o644)
    for out in (new, replaced):
        r = subprocess.run([sys.executable, "-c", CODE, "backup", "-o", str(out), "--data",
                            str(data)], capture_output=True, text=True, timeout=300,
                           check=False, env={k: v for k, v in os.environ.items()
                                             if k not in _NOT_PASSED},
                           preexec_fn=lambda: os.umask(0o022))
        assert r.returncode == 0, r.stderr
        assert out.stat().st_mode & 0o777 == 0o600, (out, oct(out.stat().st_mode))
        assert out.read_bytes().startswith(b"SQLite format 3")
    helped = subprocess.run([sys.executable, "-c", CODE, "backup", "--help"],
                            capture_output=True, text=True, timeout=60, check=False)
    assert "0600" in " ".join(helped.stdout.split())


def _password_hash(data: Path, username: str) -> str:
    db = sqlite3.connect(data / "swisspairing.sqlite3")
    try:
        row = db.execute("select password from auth_user where username = ?",
                         (username,)).fetchone()
    finally:
        db.close()
    return str(row[0]) if row else ""


def _hash_matches(password: str, encoded: str) -> bool:
    """Django's ``pbkdf2_sha256$iterations$salt$hash``, checked with hashlib (the tests' own
    Django settings know only a fast test hasher)."""
    algorithm, iterations, salt, digest = encoded.split("$")
    assert algorithm == "pbkdf2_sha256"
    derived = hashlib.pbkdf2_hmac("sha256", password.encode(), salt.encode(), int(iterations))
    return base64.b64encode(derived).decode() == digest


def test_createuser_refuses_an_empty_password_and_prints_a_generated_one(tmp_path: Path
                                                                          ) -> None:
    """Review defect 2: ``echo "" | createuser vide --password-stdin`` created an account with
    a random password nobody saw, and on an existing account locked its owner out."""
    data = tmp_path / "data"
    r = _run(["createuser", "marie", "--password-stdin"], data, "a-long-password\n")
    assert r.returncode == 0, r.stderr
    before = _password_hash(data, "marie")
    for name in ("vide", "marie"):
        r = _run(["createuser", name, "--password-stdin"], data, "\n")
        assert r.returncode == 2 and "password read from standard input is empty" in r.stderr
        assert "created" not in r.stdout and "updated" not in r.stdout
    assert _password_hash(data, "vide") == ""
    assert _password_hash(data, "marie") == before and _hash_matches("a-long-password", before)
    # no password given at all (no --password-stdin, no SWISSPAIRING_PASSWORD, no terminal)
    r = _run(["createuser", "paul", "--role", "viewer"], data)
    assert r.returncode == 0, r.stderr
    shown = re.search(r"password:\s+(\S+)", r.stdout)
    assert shown is not None and "created paul (viewer)" in r.stdout, r.stdout
    assert _hash_matches(shown.group(1), _password_hash(data, "paul"))
    r = _run(["createuser", "marie"], data, SWISSPAIRING_PASSWORD="from-the-environment")
    assert r.returncode == 0 and "updated marie" in r.stdout, r.stderr
    assert "from-the-environment" not in r.stdout
    assert "password taken from SWISSPAIRING_PASSWORD" in r.stderr  # (a script: no terminal)
    assert _hash_matches("from-the-environment", _password_hash(data, "marie"))
    r = _run(["createuser", "marie"], data, SWISSPAIRING_PASSWORD="12345678")
    assert r.returncode == 2 and "entirely numeric" in r.stderr
    assert _hash_matches("from-the-environment", _password_hash(data, "marie"))


def test_serve_first_start_creates_the_account_and_serves_static_files(tmp_path: Path) -> None:
    data = tmp_path / "data"
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k not in _NOT_PASSED}
    proc = subprocess.Popen([sys.executable, "-c", CODE, "serve", "--port", str(port), "--data",
                             str(data), "--demo"], stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True, env=env)
    try:
        lines = lines_until_open(proc)
        text = "".join(lines)
        assert "user name: arbiter" in text and "password:" in text, text
        assert "demo tournament loaded" in text
        base = f"http://127.0.0.1:{port}"
        for _ in range(50):
            try:
                login = urllib.request.urlopen(f"{base}/login/", timeout=10)
                break
            except OSError:
                time.sleep(0.2)
        assert login.status == 200
        js = urllib.request.urlopen(f"{base}/static/web/htmx.min.js", timeout=10)
        assert js.status == 200 and b"htmx" in js.read()
        # README command 1 (issue 29): the demo's public pages are printed and served
        public = re.search(r"the demo's public pages: (http://\S+/h/[\w-]+/)", text)
        assert public is not None, text
        page = urllib.request.urlopen(public.group(1), timeout=10)
        assert page.status == 200 and "Annecy" in page.read().decode()
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def test_serve_refuses_wrong_options_and_a_busy_port(tmp_path: Path) -> None:
    """Wrong options of ``serve`` are exit 2 with the option named (nothing started): a port
    out of range, no thread, no connection, a file given as the data folder; a port another
    program listens on is said as such (it was an "internal error")."""
    (tmp_path / "a-file").write_text("x")
    for args, said in [(["--port", "99999"], "--port 99999"), (["--threads", "0"], "--threads"),
                       (["--connections", "0"], "--connections")]:
        r = _run(["serve", *args], tmp_path / "data")
        assert r.returncode == 2 and said in r.stderr, (args, r.stderr)
    r = _run(["serve"], tmp_path / "a-file")
    assert r.returncode == 2 and "this is a file; give a folder" in r.stderr
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        r = _run(["serve", "--port", str(port)], tmp_path / "data")
    assert r.returncode == 2 and f"cannot listen on 127.0.0.1:{port}" in r.stderr, r.stderr
