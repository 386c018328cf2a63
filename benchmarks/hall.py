"""Load test and crash test of the playing hall (issue 16), against a real server
(``swisspairing serve``, waitress) on 127.0.0.1 only, with bounded request counts and time.

Run on demand (not a test):

    .venv/bin/python benchmarks/hall.py load  [--players 50] [--viewers 500] [--model phones]
    .venv/bin/python benchmarks/hall.py load  --model stress [--viewer-threads 25] [--polls 2]
    .venv/bin/python benchmarks/hall.py crash [--players 50] [--kill-after 30]
    .venv/bin/python benchmarks/hall.py load  --login-flood [4] [--flood-password right]
    .venv/bin/python benchmarks/hall.py load  --slow-pair 60 [--players 50] [--viewers 500]

``DATABASE_URL=postgres://user:password@127.0.0.1/db`` runs either on PostgreSQL (the database
is emptied first: give it a throwaway database); otherwise on SQLite in a temporary folder.

``load``: a tournament of 2 x players entrants, round 1 published; ``players`` players enter
their board's result at once (white's entry, then black's confirmation: one thread per board)
while ``viewers`` spectators look at the public page. Two models of the spectators:

* ``phones`` (default; what the issue describes): each spectator has the page open on a phone,
  arriving over ``--arrival`` seconds: it loads the page once, then polls it every
  ``HALL_POLL_SECONDS`` (the page's own interval), on one kept-alive connection as a browser
  does; ``--refresh`` of the polls are full reloads (``If-None-Match``). The players enter
  while the phones arrive. After the last entry the phones poll for one more interval: every
  phone must then show the final results (the pages are fresh).
* ``stress``: ``--viewer-threads`` spectators at a time load the page and poll it ``polls``
  times with no pause (a closed loop: the server is kept as busy as the client can make it).

Checks that no result is lost, duplicated or attributed to the wrong board, and prints the
p50 / p95 / max latency of entries and of page views, and the server's CPU time.

``--login-flood N`` (issue 24, item 15): meanwhile N anonymous clients post logins with no
pause, each from its own loopback address; no login answer may be missing nor a 5xx other than
503 (the refusal "too many logins at once, try again", with Retry-After), and the entries must
keep their figures (p95 under 1 s). ``--flood-password right`` makes every login
check its password and write a session (no limit applies to a right password).

``crash``: the same entries in a burst; after ``kill-after`` acknowledged entries the server is
killed (SIGKILL); it is started again on the same data. Checks that every entry acknowledged
to a player is stored, that no half-written state remains (a confirmed entry has its result
and its audit entry, an unconfirmed board has no result, every entry has its audit line, the
SQLite file passes ``PRAGMA integrity_check``), and that entries work again after the restart.

``--slow-pair SECONDS`` (issue 24, item 16): an arbiter pairs the next round of a second
tournament from its page, and the pairing takes SECONDS computing (``slow_pairing_server.py``
wraps the engine: the 63 s pairing of a 400-player round, made reproducible); the players
enter while it runs, and an arbiter keeps loading pages (the paired event's round page,
which shows the progress, and the played event's results grid). Checks, besides the above, that
no request failed, that the pairing was stored, and prints the latencies with the machine's
load (``uptime``) before and after.

Exit status 0 when every check holds, 1 otherwise.
"""

from __future__ import annotations

import argparse
import http.client
import os
import random
import re
import resource
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

RESULTS = ("1-0", "=", "0-1")


@dataclass
class Board:
    number: int
    white_code: str
    black_code: str
    result: str


@dataclass
class Timings:
    entries: list[float] = field(default_factory=list)
    views: list[float] = field(default_factory=list)
    logins: list[float] = field(default_factory=list)
    login_statuses: dict[int, int] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, kind: str, seconds: float) -> None:
        with self.lock:
            getattr(self, kind).append(seconds)

    def error(self, text: str) -> None:
        with self.lock:
            self.errors.append(text)


# --- server and data ---------------------------------------------------------------------------
def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def django_on(data: Path) -> None:
    from swisspairing.interfaces.web.setup import setup

    setup(str(data))


def reset_database() -> None:
    """PostgreSQL: empty the tables of a previous run (the database is a throwaway one)."""
    from django.core.management import call_command

    if os.environ.get("DATABASE_URL"):
        call_command("flush", interactive=False, verbosity=0)


def prepare(players: int, seed: int) -> tuple[str, list[Board]]:
    """A tournament of 2 x players entrants with round 1 published; the boards, their codes
    and the result each board will get."""
    from swisspairing.interfaces.web import actions
    from swisspairing.interfaces.web import models as m
    from swisspairing.interfaces.web.hall import models as h
    from swisspairing.interfaces.web.imports import Candidate

    rng = random.Random(seed)
    event = m.Event.objects.create(name="Hall load test", rounds=5, initial_colour="w")
    actions.import_entrants(event, [Candidate(name=f"Player {i:04d}",
                                              rating=1000 + rng.randint(0, 1500))
                                    for i in range(2 * players)], None)
    rnd = actions.pair_next_round(event, None)
    actions.publish_round(rnd, None)
    codes = {(c.game_id, c.entrant_id): c.code for c in
             h.BoardCode.objects.filter(game__round=rnd)}
    boards = [Board(g.board, codes[(g.pk, g.white_id)], codes[(g.pk, g.black_id)],
                    rng.choice(RESULTS)) for g in rnd.games.exclude(black=None)]
    return event.public_token, boards


def close_connections() -> None:
    from django.db import connections

    connections.close_all()


class Server:
    """``swisspairing serve`` in its own process group, on 127.0.0.1."""

    def __init__(self, data: Path, threads: int, slow_pair: float = 0) -> None:
        self.data, self.threads, self.slow_pair = data, threads, slow_pair
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        exe = Path(sys.executable).with_name("swisspairing")
        env = {**os.environ, "SWISSPAIRING_PASSWORD": "load-test-password"}
        command = [str(exe)]
        if self.slow_pair:  # the engine made slow (see slow_pairing_server.py)
            here = str(Path(__file__).resolve().parent)
            command = [sys.executable, str(Path(here) / "slow_pairing_server.py")]
            env["SWISSPAIRING_BENCH_PAIR_SECONDS"] = str(self.slow_pair)
            env["PYTHONPATH"] = os.pathsep.join(
                [here, str(ROOT / "src"), *filter(None, [env.get("PYTHONPATH", "")])])
        # the server's output goes to a file: a pipe nobody reads would fill up and stop it
        with open(self.data / "server.log", "ab") as log:
            self.process = subprocess.Popen(
                [*command, "serve", "--host", "127.0.0.1", "--port", str(self.port), "--data",
                 str(self.data), "--threads", str(self.threads)],
                env=env, stdout=log, stderr=log, start_new_session=True)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(self.url + "/hall/", timeout=2):
                    return
            except OSError:
                time.sleep(0.2)
        raise SystemExit("the server did not start within 60 s")

    def cpu_seconds(self) -> float:
        """User + system CPU time of the server process (Linux /proc)."""
        assert self.process is not None
        fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def kill(self) -> None:
        assert self.process is not None
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            self.process.wait(timeout=30)


# --- requests ----------------------------------------------------------------------------------
def post_entry(base: str, code: str, result: str, timeout: float = 60,
               raise_errors: bool = False) -> tuple[int, str]:
    """One player's entry from their own phone: each code is entered with a device cookie of
    its own (issue 24, item 9: an entry and its confirmation from one device are not a
    confirmation; a script without a cookie is one device per address and browser)."""
    body = urllib.parse.urlencode({"code": code, "result": result}).encode()
    request = urllib.request.Request(base + "/hall/", data=body,
                                     headers={"User-Agent": "hall-bench",
                                              "Cookie": f"hall_device=bench-phone-{code}-x"})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as answer:
            return answer.status, answer.read().decode()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode()
    except OSError as exc:  # refused, reset, timed out: no answer (status 0)
        if not raise_errors:
            return 0, str(exc)
        raise


def get(base: str, path: str, timeout: float = 60) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(base + path, timeout=timeout) as answer:
            return answer.status, answer.read().decode()
    except urllib.error.HTTPError as exc:
        return exc.code, ""
    except OSError as exc:  # refused, reset, timed out: no answer (status 0)
        return 0, str(exc)


ACK = re.compile(r'data-status="(pending|confirmed|conflict)"')
BOARD = re.compile(r"Round \d+, board (\d+)")


def acknowledged(status: int, page: str, board: int) -> str:
    """The status a player was shown ('' when the entry was not acknowledged); an answer
    about another board is an error."""
    found = ACK.search(page) if status == 200 else None
    if found is None:
        return ""
    shown = BOARD.search(page)
    if shown is None or int(shown.group(1)) != board:
        raise AssertionError(f"board {board}: the answer names another board")
    return found.group(1)


# --- load ----------------------------------------------------------------------------------------
def percentiles(values: list[float]) -> str:
    if not values:
        return "no requests"
    ordered = sorted(values)
    p = statistics.quantiles(ordered, n=100, method="inclusive") if len(ordered) > 1 else \
        [ordered[0]] * 99
    return (f"n={len(ordered)}  p50={p[49] * 1000:.0f} ms  p95={p[94] * 1000:.0f} ms  "
            f"max={ordered[-1] * 1000:.0f} ms")


def play_board(base: str, board: Board, timings: Timings, start: threading.Barrier) -> None:
    start.wait()
    for code, expected in ((board.white_code, "pending"), (board.black_code, "confirmed")):
        began = time.perf_counter()
        status, page = post_entry(base, code, board.result)
        timings.add("entries", time.perf_counter() - began)
        try:
            shown = acknowledged(status, page, board.number)
        except AssertionError as exc:
            timings.error(str(exc))
            continue
        if shown != expected:
            timings.error(f"board {board.number}: HTTP {status}, shown {shown!r}, "
                          f"expected {expected!r}")


def view(base: str, token: str, polls: int, timings: Timings, rng: random.Random) -> None:
    began = time.perf_counter()
    status, page = get(base, f"/h/{token}/")
    timings.add("views", time.perf_counter() - began)
    if status != 200:
        timings.error(f"public page: HTTP {status}")
        return
    found = re.search(r'live/boards/\?v=([0-9a-f]+)"', page)
    version = found.group(1) if found else ""
    for _ in range(polls):
        time.sleep(rng.uniform(0, 0.2))
        began = time.perf_counter()
        status, fragment = get(base, f"/h/{token}/live/boards/?v={version}")
        timings.add("views", time.perf_counter() - began)
        if status not in (200, 204):
            timings.error(f"poll: HTTP {status}")
        found = re.search(r'live/boards/\?v=([0-9a-f]+)"', fragment) if status == 200 else None
        if found:
            version = found.group(1)


@dataclass
class Phone:
    """One spectator's phone: its requests (kind, start, end, version shown afterwards)."""

    seen: list[tuple[str, float, float, str]] = field(default_factory=list)


VERSION = re.compile(r'live/boards/\?v=([0-9a-f]+)"')


def phone(port: int, token: str, arrive: float, poll: float, refresh: float,
          stop: threading.Event, timings: Timings, mine: Phone, rng: random.Random) -> None:
    """A phone with the public page open: loads it, then polls it every ``poll`` seconds (HTMX
    ``every 10s``) or, now and then, reloads it; one kept-alive connection."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)

    def fetch(path: str, headers: dict[str, str]) -> tuple[int, str, str]:
        for attempt in (1, 2):
            try:
                connection.request("GET", path, headers=headers)
                answer = connection.getresponse()
                return answer.status, answer.read().decode(), answer.getheader("ETag") or ""
            except (http.client.HTTPException, OSError) as exc:
                connection.close()  # reconnect once (a browser would)
                if attempt == 2:
                    return 0, str(exc), ""
        return 0, "", ""

    if stop.wait(arrive):
        return
    version = etag = ""
    kind = "page"
    while True:
        began = time.perf_counter()
        if kind == "page":
            status, body, tag = fetch(f"/h/{token}/", {"If-None-Match": etag} if etag else {})
            if status == 200:
                found = VERSION.search(body)
                version, etag = (found.group(1) if found else ""), tag
            elif status != 304:
                timings.error(f"public page: HTTP {status} {body[:80]}")
        else:
            status, body, _tag = fetch(f"/h/{token}/live/boards/?v={version}", {})
            if status == 200:
                found = VERSION.search(body)
                version = found.group(1) if found else ""
            elif status != 204:
                timings.error(f"poll: HTTP {status} {body[:80]}")
        ended = time.perf_counter()
        timings.add("views", ended - began)
        mine.seen.append((kind, began, ended, version))
        kind = "page" if rng.random() < refresh else "poll"
        if stop.wait(max(poll - (ended - began), 0)):
            break
    connection.close()


def run_phones(args: argparse.Namespace, server: Server, token: str, boards: list[Board],
               timings: Timings) -> tuple[str, list[str]]:
    """The issue's load: phones arriving and polling while the players enter at once.
    Returns how fresh the pages were and the phones whose page was stale."""
    from swisspairing.interfaces.web.hall import services

    poll = args.poll or services.limit("HALL_POLL_SECONDS", 10)
    rng = random.Random(args.seed)
    phones = [Phone() for _ in range(args.viewers)]
    stop = threading.Event()
    start = threading.Barrier(len(boards) + 1)
    threads = [threading.Thread(target=phone, args=(
        server.port, token, rng.uniform(0, args.arrival), poll, args.refresh, stop, timings, p,
        random.Random(rng.random())), daemon=True) for p in phones]
    for t in threads:
        t.start()
    time.sleep(args.arrival / 2)  # half the phones are there: the players enter
    with ThreadPoolExecutor(len(boards)) as players:
        plays = [players.submit(play_board, server.url, b, timings, start) for b in boards]
        start.wait()
        for f in plays:
            f.result(timeout=args.timeout)
    last_entry = time.perf_counter()
    # the pages may show a change HALL_FRESH_SECONDS late: every phone polls once after that
    fresh_after = last_entry + services.limit("HALL_FRESH_SECONDS", 1)
    time.sleep(max(poll + 2, args.arrival / 2 + 2) + (fresh_after - last_entry))
    stop.set()
    for t in threads:
        t.join(timeout=args.timeout)
    _status, page = get(server.url, f"/h/{token}/")
    found = VERSION.search(page)
    final = found.group(1) if found else "?"
    problems, lags = [], []
    for i, p in enumerate(phones):
        after = [s for s in p.seen if s[1] > fresh_after]
        if not after:
            problems.append(f"phone {i}: no request after the last entry")
        elif after[0][3] != final:
            problems.append(f"phone {i}: stale page after the last entry ({after[0][0]})")
        else:
            lags.append(after[0][2] - last_entry)
    fresh = (f"  fresh: {len(lags)}/{len(phones)} phones showed every result at most "
             f"{max(lags):.1f} s after the last entry (a poll every {poll:g} s, a new version "
             f"every {fresh_after - last_entry:g} s at most)" if lags else "")
    return fresh, problems


def run_stress(args: argparse.Namespace, server: Server, token: str, boards: list[Board],
               timings: Timings) -> None:
    """A closed loop: ``viewer_threads`` viewers at a time, page + ``polls`` polls each."""
    rng = random.Random(args.seed)
    start = threading.Barrier(len(boards) + 1)
    with ThreadPoolExecutor(args.viewer_threads) as viewers, \
            ThreadPoolExecutor(len(boards)) as players:
        views = [viewers.submit(view, server.url, token, args.polls, timings,
                                random.Random(rng.random())) for _ in range(args.viewers)]
        time.sleep(0.5)  # the viewers are under way
        plays = [players.submit(play_board, server.url, b, timings, start) for b in boards]
        start.wait()
        for f in plays + views:
            f.result(timeout=args.timeout)


def check_load(boards: list[Board]) -> list[str]:
    """No result lost, duplicated or on the wrong board."""
    from swisspairing.interfaces.web import models as m
    from swisspairing.interfaces.web.hall import models as h

    problems = []
    event = m.Event.objects.get(name="Hall load test")
    games = {g.board: g for g in m.Game.objects.filter(round__event=event, round__number=1)}
    for b in boards:
        g = games[b.number]
        if g.result != b.result:
            problems.append(f"board {b.number}: result {g.result!r}, entered {b.result!r}")
        claims = list(h.ResultClaim.objects.filter(game=g))
        if sorted((c.side, c.code, c.result, c.status) for c in claims) != sorted(
                [("w", b.white_code, b.result, "confirmed"),
                 ("b", b.black_code, b.result, "confirmed")]):
            found = [(c.side, c.code, c.result, c.status) for c in claims]
            problems.append(f"board {b.number}: entries {found}")
    entries = h.ResultClaim.objects.filter(game__round__event=event).count()
    audited = event.audit.filter(action="hall-result").count()
    if entries != 2 * len(boards) or audited != entries:
        problems.append(f"{entries} entries, {audited} audit lines, {2 * len(boards)} sent")
    return problems


def start_tournament(args: argparse.Namespace, data: Path) -> tuple[str, list[Board], Server]:
    """A fresh database with the tournament, and the server started on it."""
    django_on(data)
    reset_database()
    token, boards = prepare(args.players, args.seed)
    if args.slow_pair:
        prepare_pairing_event(args.pair_players, args.seed)
    close_connections()
    server = Server(data, args.threads, args.slow_pair)
    server.start()
    return token, boards, server


def run_load(args: argparse.Namespace, data: Path) -> int:
    token, boards, server = start_tournament(args, data)
    timings = Timings()
    fresh, stale = "", []
    pairing: SlowPairing | None = None
    try:
        cpu_before = server.cpu_seconds()
        wall = time.perf_counter()
        if args.slow_pair:
            pairing = SlowPairing(server, timings)
            pairing.start()
            time.sleep(2)  # the pairing is under way: the players enter
        flood, flooders = start_flood(args, server, timings)
        try:
            if args.model == "phones":
                fresh, stale = run_phones(args, server, token, boards, timings)
            else:
                run_stress(args, server, token, boards, timings)
        finally:
            flood.set()
            for t in flooders:
                t.join(timeout=120)
        if pairing is not None:
            pairing.finish(args.slow_pair + args.timeout)
        wall = time.perf_counter() - wall
        cpu = server.cpu_seconds() - cpu_before
    finally:
        server.stop()
    problems = timings.errors + stale + check_load(boards)
    if pairing is not None:
        problems += pairing.problems
    db = "PostgreSQL" if os.environ.get("DATABASE_URL") else "SQLite"
    viewers = (f"{args.viewers} phones (page, then a poll every interval, {args.refresh:.0%} "
               f"reloads; arriving over {args.arrival:g} s)" if args.model == "phones" else
               f"stress: {args.viewers} viewers x (page + {args.polls} polls), "
               f"{args.viewer_threads} at a time with no pause")
    print(f"hall load test on {db}: {len(boards)} boards ({args.players} players entering "
          f"at once, each board white then black), {viewers}, server threads {args.threads}")
    if args.login_flood:
        print(f"  login flood: {args.login_flood} anonymous clients posting logins with no "
              f"pause ({args.flood_password} password), each from its own 127.0.0.x address")
    print(f"  entries: {percentiles(timings.entries)}")
    print(f"  views:   {percentiles(timings.views)}")
    if args.login_flood:
        statuses = ", ".join(f"{n} x {code or 'no answer'}"
                             for code, n in sorted(timings.login_statuses.items()))
        print(f"  logins:  {percentiles(timings.logins)} (login page + post); answers: "
              f"{statuses}")
    print(f"  load average (uptime): {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} "
          f"{os.getloadavg()[2]:.2f}")
    if pairing is not None:
        print(pairing.report(args.slow_pair))
    if fresh:
        print(fresh)
    requests = len(timings.entries) + len(timings.views) + 2 * len(timings.logins) + 1
    print(f"  wall {wall:.1f} s, server CPU {cpu:.1f} s ({cpu / requests * 1000:.1f} ms a "
          f"request), client CPU {resource.getrusage(resource.RUSAGE_SELF).ru_utime:.1f} s")
    for p in problems[:20]:
        print(f"  PROBLEM: {p}")
    print("  OK: no result lost, duplicated or on the wrong board" if not problems else
          f"  FAILED: {len(problems)} problems")
    return 1 if problems else 0


# --- login flood (issue 24, item 15) ---------------------------------------------------------
CSRF = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


def login_flooder(port: int, number: int, password: str, stop: threading.Event,
                  timings: Timings) -> None:
    """An anonymous client posting logins with no pause until ``stop``: the login page (its
    CSRF token), then the form, on one kept-alive connection from its own loopback address
    (127.0.0.``2 + number``: the per-address limits meet each client separately).
    ``password='wrong'``: a wrong password for a new user name each time (an attacker
    guessing); ``'right'``: the chief arbiter's right password (every login checks the password
    and writes a session: no limit applies)."""
    source = (f"127.0.0.{2 + number}", 0)
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60,
                                            source_address=source)
    i = 0
    while not stop.is_set():
        i += 1
        began = time.perf_counter()
        try:
            connection.request("GET", "/login/")
            answer = connection.getresponse()
            page = answer.read().decode()
            cookie = "; ".join(c.split(";", 1)[0] for c in answer.headers.get_all("Set-Cookie")
                               or [])
            token = CSRF.search(page)
            username, secret = (("arbiter", "load-test-password") if password == "right" else
                                (f"guess{number}-{i}", f"wrong-{i}"))
            body = urllib.parse.urlencode({
                "username": username, "password": secret,
                "csrfmiddlewaretoken": token.group(1) if token else ""})
            connection.request("POST", "/login/", body=body, headers={
                "Content-Type": "application/x-www-form-urlencoded", "Cookie": cookie,
                "Referer": f"http://127.0.0.1:{port}/login/"})
            answer = connection.getresponse()
            answer.read()
            status = answer.status
        except (http.client.HTTPException, OSError) as exc:
            connection.close()
            status = 0
            timings.error(f"login flood: no answer ({exc})")
        with timings.lock:
            timings.logins.append(time.perf_counter() - began)
            timings.login_statuses[status] = timings.login_statuses.get(status, 0) + 1
        if status >= 500 and status != 503:  # (503 + Retry-After: "too many logins at once")
            timings.error(f"login flood: HTTP {status}")
    connection.close()


def start_flood(args: argparse.Namespace, server: Server, timings: Timings
                ) -> tuple[threading.Event, list[threading.Thread]]:
    stop = threading.Event()
    threads = [threading.Thread(target=login_flooder, args=(
        server.port, i, args.flood_password, stop, timings), daemon=True)
        for i in range(args.login_flood)]
    for t in threads:
        t.start()
    if threads:
        time.sleep(2)  # the flood is under way before the players enter
    return stop, threads


# --- a slow pairing meanwhile (issue 24, item 16) -----------------------------------------------
PAIR_EVENT = "Slow pairing test"
ARBITER_PASSWORD = "load-test-password"


def prepare_pairing_event(players: int, seed: int) -> None:
    """A second tournament of ``players`` entrants whose round 1 an arbiter pairs from the page
    while the first one's players enter."""
    from swisspairing.interfaces.web import actions
    from swisspairing.interfaces.web import models as m
    from swisspairing.interfaces.web.imports import Candidate

    rng = random.Random(seed + 1)
    event = m.Event.objects.create(name=PAIR_EVENT, rounds=9, initial_colour="w")
    actions.import_entrants(event, [Candidate(name=f"Entrant {i:04d}",
                                              rating=1000 + rng.randint(0, 1500))
                                    for i in range(players)], None)


class Arbiter:
    """A logged-in arbiter's browser (cookies, CSRF token) on the server."""

    def __init__(self, base: str) -> None:
        import http.cookiejar

        self.base = base
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def csrf(self) -> str:
        return next((c.value for c in self.jar if c.name == "csrftoken"), "")

    def get(self, path: str) -> tuple[int, str]:
        try:
            with self.opener.open(self.base + path, timeout=60) as answer:
                return answer.status, answer.read().decode()
        except urllib.error.HTTPError as exc:
            return exc.code, ""
        except OSError as exc:
            return 0, str(exc)

    def post(self, path: str, fields: dict[str, str]) -> tuple[int, str]:
        body = urllib.parse.urlencode({"csrfmiddlewaretoken": self.csrf(), **fields}).encode()
        request = urllib.request.Request(self.base + path, data=body, headers={
            "Referer": self.base + path, "X-CSRFToken": self.csrf()})
        try:
            with self.opener.open(request, timeout=600) as answer:
                return answer.status, answer.read().decode()
        except urllib.error.HTTPError as exc:
            return exc.code, ""
        except OSError as exc:
            return 0, str(exc)

    def log_in(self) -> None:
        self.get("/login/")
        status, page = self.post("/login/", {"username": "arbiter",
                                             "password": ARBITER_PASSWORD})
        if status != 200 or ("Log out" not in page and "Déconnexion" not in page):
            raise SystemExit(f"the arbiter could not log in (HTTP {status})")


def uptime() -> str:
    try:
        return subprocess.run(["uptime"], capture_output=True, text=True, timeout=10,
                              check=False).stdout.strip()
    except OSError:
        return "(uptime not available)"


class SlowPairing:
    """An arbiter pairs round 1 of :data:`PAIR_EVENT` from its page (the POST), then keeps
    loading arbiter pages until the round is paired."""

    def __init__(self, server: Server, timings: Timings) -> None:
        self.server, self.timings = server, timings
        self.pages: list[float] = []
        self.problems: list[str] = []
        self.post_seconds = 0.0
        self.paired_after = 0.0
        self.stop = threading.Event()
        self.load_before = uptime()
        self.load_during = ""
        self.threads: list[threading.Thread] = []

    def start(self) -> None:
        from swisspairing.interfaces.web import models as m

        self.event = m.Event.objects.get(name=PAIR_EVENT)
        self.played = m.Event.objects.get(name="Hall load test")
        close_connections()
        self.began = time.perf_counter()
        self.threads = [threading.Thread(target=self._pair, daemon=True),
                        threading.Thread(target=self._browse, daemon=True)]
        for t in self.threads:
            t.start()

    def _pair(self) -> None:
        arbiter = Arbiter(self.server.url)
        arbiter.log_in()
        path = f"/t/{self.event.pk}/rounds/1/"
        _status, page = arbiter.get(path)
        found = re.search(r'name="revision" value="(\d+)"', page)
        began = time.perf_counter()
        status, _page = arbiter.post(path + "pair/",
                                     {"revision": found.group(1)} if found else {})
        self.post_seconds = time.perf_counter() - began
        if status != 200:
            self.problems.append(f"pairing: HTTP {status} {_page[:100]}")

    def _browse(self) -> None:
        arbiter = Arbiter(self.server.url)
        arbiter.log_in()
        paths = [f"/t/{self.event.pk}/rounds/1/", f"/t/{self.played.pk}/rounds/1/",
                 f"/t/{self.event.pk}/rounds/1/pairing/"]
        i = 0
        while not self.stop.is_set():
            began = time.perf_counter()
            status, _page = arbiter.get(paths[i % len(paths)])
            self.pages.append(time.perf_counter() - began)
            if status != 200:
                self.problems.append(f"arbiter page {paths[i % len(paths)]}: HTTP {status}")
            i += 1
            if i % 20 == 0 and not self.load_during:
                self.load_during = uptime()
            self.stop.wait(0.5)

    def finish(self, bound: float) -> None:
        """Wait until the round is paired (at most ``bound`` seconds), then stop browsing."""
        from swisspairing.interfaces.web import models as m

        deadline = time.perf_counter() + bound
        while time.perf_counter() < deadline:
            if m.Round.objects.filter(event=self.event, number=1).exists():
                self.paired_after = time.perf_counter() - self.began
                break
            job = m.PairingJob.objects.filter(event=self.event).first() if hasattr(
                m, "PairingJob") else None
            if job is not None and job.status == "failed":
                self.problems.append(f"pairing failed: {job.error}")
                break
            time.sleep(0.5)
        else:
            self.problems.append(f"round 1 of {PAIR_EVENT} not paired within {bound:.0f} s")
        close_connections()
        self.stop.set()
        for t in self.threads:
            t.join(timeout=bound)

    def report(self, seconds: float) -> str:
        return "\n".join([
            f"  slow pairing: {self.event.entrants.count()} players, engine made to compute "
            f"{seconds:g} s more; the pair button answered in {self.post_seconds:.1f} s, "
            + (f"the round was stored {self.paired_after:.1f} s after the click"
               if self.paired_after else "the round was not stored"),
            f"  arbiter pages meanwhile: {percentiles(self.pages)}",
            f"  load before: {self.load_before}",
            f"  load during: {self.load_during or uptime()}"])


# --- crash ---------------------------------------------------------------------------------------
def run_crash(args: argparse.Namespace, data: Path) -> int:
    _token, boards, server = start_tournament(args, data)
    acked: list[tuple[Board, str, str]] = []  # board, code, status shown
    lock = threading.Lock()
    enough = threading.Event()

    def burst(board: Board) -> None:
        for code in (board.white_code, board.black_code):
            if enough.is_set():
                return
            try:
                status, page = post_entry(server.url, code, board.result, timeout=10,
                                          raise_errors=True)
                shown = acknowledged(status, page, board.number)
            except OSError:
                return  # the server is gone: not acknowledged
            if shown:
                with lock:
                    acked.append((board, code, shown))
                    if len(acked) >= args.kill_after:
                        enough.set()

    threads = [threading.Thread(target=burst, args=(b,)) for b in boards]
    for t in threads:
        t.start()
    enough.wait(timeout=args.timeout)
    server.kill()  # SIGKILL in the middle of the burst
    for t in threads:
        t.join(timeout=30)
    killed_with = len(acked)
    server.start()  # same data: the server must start on what the crash left
    try:
        problems = check_crash(acked, boards)
        # entries work again after the restart
        untouched = [b for b in boards if all(a[0] is not b for a in acked)]
        if untouched:
            b = untouched[0]
            status, _page = post_entry(server.url, b.white_code, b.result)
            if status != 200:
                problems.append(f"after restart, board {b.number}: HTTP {status}")
    finally:
        server.stop()
    db = "PostgreSQL" if os.environ.get("DATABASE_URL") else "SQLite"
    print(f"hall crash test on {db}: {len(boards)} boards in a burst, server killed (SIGKILL) "
          f"after {killed_with} acknowledged entries; restarted")
    for p in problems[:20]:
        print(f"  PROBLEM: {p}")
    print("  OK: every acknowledged entry is stored, no half-written state" if not problems
          else f"  FAILED: {len(problems)} problems")
    return 1 if problems else 0


def check_crash(acked: list[tuple[Board, str, str]], boards: list[Board]) -> list[str]:
    from django.db import connection

    from swisspairing.interfaces.web import models as m
    from swisspairing.interfaces.web.hall import models as h

    problems = []
    event = m.Event.objects.get(name="Hall load test")
    for board, code, shown in acked:
        claim = h.ResultClaim.objects.filter(code=code, result=board.result).first()
        if claim is None:
            problems.append(f"board {board.number}: acknowledged entry {code} lost")
        elif claim.game.board != board.number:
            problems.append(f"board {board.number}: entry stored on board {claim.game.board}")
        elif shown == "confirmed" and claim.game.result != board.result:
            problems.append(f"board {board.number}: confirmed but result {claim.game.result!r}")
    audited = {e.after.get("claim") for e in event.audit.filter(action="hall-result")}
    for g in m.Game.objects.filter(round__event=event).exclude(black=None):
        claims = list(h.ResultClaim.objects.filter(game=g))
        confirmed = [c for c in claims if c.status == h.ResultClaim.CONFIRMED]
        if bool(g.result) != bool(confirmed) or len(confirmed) not in (0, 2):
            problems.append(f"board {g.board}: result {g.result!r} with entries "
                            f"{[(c.side, c.status) for c in claims]} (half-written)")
        problems += [f"board {g.board}: entry {c.pk} without its audit line"
                     for c in claims if c.pk not in audited]
    if connection.vendor == "sqlite":
        with connection.cursor() as cursor:
            cursor.execute("PRAGMA integrity_check")
            verdict = cursor.fetchone()[0]
        if verdict != "ok":
            problems.append(f"SQLite integrity check: {verdict}")
    close_connections()
    return problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("test", choices=("load", "crash"))
    parser.add_argument("--players", type=int, default=50,
                        help="players entering at once (one board each; default 50)")
    parser.add_argument("--viewers", type=int, default=500, help="spectators (default 500)")
    parser.add_argument("--model", choices=("phones", "stress"), default="phones",
                        help="load: phones polling at the page's interval (default) or a "
                        "closed-loop stress test")
    parser.add_argument("--arrival", type=float, default=5,
                        help="phones: seconds over which the phones arrive (default 5)")
    parser.add_argument("--poll", type=float, default=0,
                        help="phones: seconds between polls (default HALL_POLL_SECONDS)")
    parser.add_argument("--refresh", type=float, default=0.1,
                        help="phones: share of the polls that are full reloads (default 0.1)")
    parser.add_argument("--polls", type=int, default=2,
                        help="stress: polls per viewer (default 2)")
    parser.add_argument("--viewer-threads", type=int, default=25,
                        help="stress: viewers under way at once (default 25)")
    parser.add_argument("--login-flood", type=int, nargs="?", const=4, default=0,
                        metavar="N", help="load: N anonymous clients (4 without N) post "
                        "logins with no pause while the players enter (issue 24, item 15)")
    parser.add_argument("--flood-password", choices=("wrong", "right"), default="wrong",
                        help="login flood: wrong passwords under new names (default; the "
                        "limits refuse them) or the right one (every login checks it)")
    parser.add_argument("--threads", type=int, default=8, help="server threads (default 8)")
    parser.add_argument("--kill-after", type=int, default=30,
                        help="crash: acknowledged entries before SIGKILL (default 30)")
    parser.add_argument("--timeout", type=float, default=300, help="bound in seconds")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--slow-pair", type=float, default=0, metavar="SECONDS",
                        help="load: an arbiter pairs another tournament's round from its page "
                        "meanwhile, the pairing taking SECONDS of computing (issue 24: 60)")
    parser.add_argument("--pair-players", type=int, default=400,
                        help="--slow-pair: players of the tournament paired (default 400)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="hall-bench-") as folder:
        data = Path(folder)
        return run_load(args, data) if args.test == "load" else run_crash(args, data)


if __name__ == "__main__":
    sys.exit(main())
