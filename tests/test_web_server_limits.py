"""Issue 24 item 18 against the real server (``swisspairing serve``, waitress) on 127.0.0.1:
a request body over its limit is refused with 413 before it is kept, so anonymous clients
cannot fill the disk; an arbiter's upload page still takes a large file.

Bounded: one server, a few requests of a few megabytes at most, every socket with a timeout.
"""

from __future__ import annotations

import http.client
import os
import re
import socket
import subprocess
import sys
import time
import urllib.parse
from collections.abc import Iterator
from pathlib import Path

import pytest

from serve_helpers import free_port

CODE = "import sys; from swisspairing.interfaces.cli import main; sys.exit(main())"
PASSWORD = "a-long-test-password-24"
MB = 1024 * 1024


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[int, int]]:
    """A server on its own data folder and temporary folder: (port, process id)."""
    root = tmp_path_factory.mktemp("limits")
    (root / "tmp").mkdir()
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k not in ("DJANGO_SETTINGS_MODULE",
                                                             "DATABASE_URL")}
    env.update(SWISSPAIRING_PASSWORD=PASSWORD, TMPDIR=str(root / "tmp"))
    proc = subprocess.Popen([sys.executable, "-c", CODE, "serve", "--port", str(port), "--data",
                             str(root / "data")], stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True, env=env)
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            line = proc.stdout.readline() if proc.stdout else ""
            if not line or "open http://" in line:
                break
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=5).close()
                break
            except OSError:
                time.sleep(0.1)
        yield port, proc.pid
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def _status(sock: socket.socket) -> int:
    data = b""
    while b"\r\n" not in data:
        chunk = sock.recv(4096)
        if not chunk:
            break
        data += chunk
    found = re.match(rb"HTTP/1\.[01] (\d{3})", data)
    assert found, data[:200]
    return int(found.group(1))


def _big_temp_files(pid: int) -> list[tuple[str, int]]:
    """The server's open files over 1 MB (waitress spools a body to an unlinked file)."""
    out = []
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        try:
            target = os.readlink(fd)
            size = os.stat(fd).st_size
        except OSError:
            continue
        if target.startswith("/") and size > MB and not target.endswith(".sqlite3") and \
                "-wal" not in target and "-shm" not in target:
            out.append((target, size))
    return out


def _send_head(port: int, path: str, length: int | None, cookie: str = "") -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", port), timeout=10)
    head = [f"POST {path} HTTP/1.1", "Host: 127.0.0.1",
            "Content-Type: application/x-www-form-urlencoded"]
    head.append(f"Content-Length: {length}" if length is not None else
                "Transfer-Encoding: chunked")
    if cookie:
        head.append(f"Cookie: {cookie}")
    sock.sendall(("\r\n".join(head) + "\r\n\r\n").encode())
    return sock


@pytest.mark.skipif(not Path("/proc/self/fd").exists(), reason="needs /proc (Linux)")
@pytest.mark.parametrize("path", ["/login/", "/t/1/players/rating-list/", "/t/import/",
                                  "/hall/", "/no/such/page/"])
def test_an_anonymous_oversized_body_is_refused_before_it_is_kept(
        server: tuple[int, int], path: str) -> None:
    """A declared 200 MB body: 413 at once, while the client has sent 2 MB of it; the server
    holds no temporary file of it."""
    port, pid = server
    sock = _send_head(port, path, 200 * MB)
    try:
        try:
            for _ in range(32):
                sock.sendall(b"x" * 65536)
        except OSError:
            pass  # the server answered and closed: the rest is not read
        time.sleep(0.5)
        assert _big_temp_files(pid) == []
        assert _status(sock) == 413
    finally:
        sock.close()


@pytest.mark.skipif(not Path("/proc/self/fd").exists(), reason="needs /proc (Linux)")
def test_an_anonymous_chunked_body_is_cut_at_the_small_limit(server: tuple[int, int]) -> None:
    port, pid = server
    sock = _send_head(port, "/t/1/players/import/", None)
    try:
        sent = 0
        try:
            while sent < 4 * MB:
                sock.sendall(b"10000\r\n" + b"x" * 65536 + b"\r\n")
                sent += 65536
        except OSError:
            pass
        time.sleep(0.5)
        assert _big_temp_files(pid) == []
        assert _status(sock) == 413
    finally:
        sock.close()


def _login(port: int) -> str:
    """The cookies of the chief arbiter's session (``serve``'s first account)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    conn.request("GET", "/login/")
    r = conn.getresponse()
    page = r.read().decode()
    csrf = re.search(r"csrftoken=([^;]+)", r.getheader("Set-Cookie") or "")
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)
    assert csrf and token
    body = urllib.parse.urlencode({"username": "arbiter", "password": PASSWORD,
                                   "csrfmiddlewaretoken": token.group(1)})
    conn.request("POST", "/login/", body, {
        "Content-Type": "application/x-www-form-urlencoded", "Cookie": f"csrftoken={csrf.group(1)}",
        "Referer": f"http://127.0.0.1:{port}/login/"})
    r = conn.getresponse()
    r.read()
    assert r.status == 302, r.status
    session = re.search(r"sessionid=([^;]+)", r.getheader("Set-Cookie") or "")
    assert session
    conn.close()
    return f"csrftoken={csrf.group(1)}; sessionid={session.group(1)}"


def _multipart(fields: dict[str, str], filename: str, data: bytes) -> tuple[bytes, str]:
    boundary = "----swisspairing-test-boundary"
    parts = [f'--{boundary}\r\nContent-Disposition: form-data; name="{k}"\r\n\r\n{v}\r\n'.encode()
             for k, v in fields.items()]
    parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="file"; '
                 f'filename="{filename}"\r\nContent-Type: text/plain\r\n\r\n'.encode()
                 + data + b"\r\n")
    parts.append(f"--{boundary}--\r\n".encode())
    return b"".join(parts), f"multipart/form-data; boundary={boundary}"


def test_an_arbiter_uploads_a_file_over_the_small_limit(server: tuple[int, int]) -> None:
    """The TRF import page takes a 3 MB file from the chief arbiter (a 302 to the page that
    says what became of it), and refuses the same request without the session (413)."""
    port, _pid = server
    cookies = _login(port)
    csrf = re.search(r"csrftoken=([^;]+)", cookies)
    assert csrf
    lines = ["012 Big open", "XXR 5"] + [
        f"001 {i:4d} m    {f'Player {i:05d}':<33} 1500" for i in range(1, 5001)]
    trf = ("\n".join(lines) + "\n").encode()
    trf += b"### " + b"x" * (3 * MB - len(trf)) + b"\n"
    body, content_type = _multipart({"csrfmiddlewaretoken": csrf.group(1), "system": ""},
                                    "big.trf", trf)
    assert len(body) > 3 * MB
    for cookie, expected in ((f"csrftoken={csrf.group(1)}", 413), (cookies, 302)):
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        try:
            conn.request("POST", "/t/import/", body, {
                "Content-Type": content_type, "Cookie": cookie,
                "Referer": f"http://127.0.0.1:{port}/"})
            r = conn.getresponse()
            r.read()
        except (BrokenPipeError, ConnectionResetError):
            assert expected == 413  # refused while the body was still being sent
        else:
            assert r.status == expected
        finally:
            conn.close()


def test_a_request_naming_another_host_is_refused(server: tuple[int, int]) -> None:
    """DNS rebinding (issue 24 item 19): the server's own names pass, another one is 400."""
    port, _pid = server
    for host, expected in ((f"127.0.0.1:{port}", 200), (f"localhost:{port}", 200),
                           (f"rebind.attacker.example:{port}", 400)):
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        try:
            conn.request("GET", "/login/", headers={"Host": host})
            r = conn.getresponse()
            r.read()
            assert r.status == expected, host
        finally:
            conn.close()
