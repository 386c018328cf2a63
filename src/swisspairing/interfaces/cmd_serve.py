"""``swisspairing serve``: the arbiters' web app on http://127.0.0.1:8000 (waitress).

The first start creates the database in the data folder and the first chief arbiter account,
and prints how to log in. ``--demo`` loads the bundled example tournament.
"""

from __future__ import annotations

import argparse
import os
import sys


def add_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser(
        "serve",
        help="run the arbiters' web app (http://127.0.0.1:8000)",
        description="Run the web app: create tournaments, register players, pair, enter "
        "results, publish standings. Data go to an embedded SQLite database in the data folder "
        "(or to PostgreSQL when DATABASE_URL=postgres://... is set).",
    )
    p.add_argument("--host", default="127.0.0.1",
                   help="address to listen on (default 127.0.0.1; 0.0.0.0 for the whole "
                   "network)")
    p.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    p.add_argument("--data", metavar="DIR",
                   help="data folder (database, secret key); default: a per-user folder")
    p.add_argument("--allowed-host", metavar="HOST", action="append", default=[],
                   help="a host name requests may carry besides this computer's own names "
                   "and addresses (e.g. the name a reverse proxy or the club's DNS gives it); "
                   "repeat for several. Also SWISSPAIRING_ALLOWED_HOSTS (comma list) and the "
                   "host of SWISSPAIRING_PUBLIC_URL")
    p.add_argument("--demo", action="store_true", help="load the bundled example tournament")
    p.add_argument("--threads", type=int, default=8, help="worker threads (default 8)")
    p.add_argument("--connections", type=int, default=None,
                   help="open connections accepted at once (default 1000; 500 on Windows): "
                   "every phone or screen of the playing hall keeps one open")
    p.add_argument("--public-url", metavar="URL",
                   help="the address players' phones use to reach this server, e.g. "
                   "http://192.168.1.20:8000: QR codes, slips and links are built on it (kept "
                   "in the database; also set on the arbiters' hall page; \"\" clears it)")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ..errors import BadRequest
    from .web.setup import create_user, load_demo, setup

    # checked before anything is created: a wrong option changes nothing
    if not 1 <= args.port <= 65535:
        raise BadRequest(f"--port {args.port}: a port is a number from 1 to 65535")
    if args.threads < 1:
        raise BadRequest(f"--threads {args.threads}: at least 1")
    if args.connections is not None and args.connections < 1:
        raise BadRequest(f"--connections {args.connections}: at least 1")

    for host in args.allowed_host:  # read by the settings (ALLOWED_HOSTS), set up below
        if not host.strip() or any(ch.isspace() or ch in ",/" for ch in host.strip()):
            raise BadRequest(f"--allowed-host {host!r}: a host name or address, without "
                             "scheme, port or path")
    if args.allowed_host:
        known = os.environ.get("SWISSPAIRING_ALLOWED_HOSTS", "")
        os.environ["SWISSPAIRING_ALLOWED_HOSTS"] = ",".join(
            [h for h in known.split(",") if h] + [h.strip() for h in args.allowed_host])
    data = setup(args.data)
    if args.public_url is not None:  # (its messages need Django: checked once it is set up)
        from .web.public_address import clean

        try:
            clean(args.public_url)
        except BadRequest as exc:
            raise BadRequest(f"--public-url: {exc}") from None
    from django.conf import settings
    from django.contrib.auth import get_user_model

    if not get_user_model().objects.exists():
        username = "arbiter"
        _created, password = create_user(username, os.environ.get("SWISSPAIRING_PASSWORD") or None,
                                          "chief")
        print("swisspairing: first start: created the chief arbiter account\n"
              f"    user name: {username}\n    password:  {password}\n"
              "  (change it with: swisspairing createuser arbiter --role chief)")
    from .web.ratings import mark_stale_loads

    if stale := mark_stale_loads(server_start=True):
        print(f"swisspairing: {stale} rating list load(s) interrupted by the last stop marked "
              "failed (the list in use before them is kept)")
    from .web.pairing_jobs import mark_dead_jobs

    if stale := mark_dead_jobs(server_start=True):
        print(f"swisspairing: {stale} pairing(s) interrupted by the last stop marked failed "
              "(pair those rounds again)")
    demo_event = None
    if args.demo:
        demo_event = load_demo()
        print(f"swisspairing: demo tournament loaded: {demo_event}")
    db = settings.DATABASES["default"]
    where = db["NAME"] if db["ENGINE"].endswith("sqlite3") else f"PostgreSQL {db['NAME']}"
    print(f"swisspairing: data in {data} (database: {where})")
    print_public_address(args)
    from waitress import create_server

    from .web.limits import LARGEST_BODY_BYTES, bound_request_bodies
    from .web.wsgi import application

    try:  # binds the address: a port in use is said as such, not as an internal error
        server = create_server(application, host=args.host, port=args.port,
                               threads=args.threads, ident="swisspairing",
                               max_request_body_size=LARGEST_BODY_BYTES,
                               **connection_settings(args.connections))
    except OSError as exc:
        raise BadRequest(f"cannot listen on {args.host}:{args.port} ({exc.strerror or exc}): "
                         "another program (or another swisspairing) uses it? Give another "
                         "--port") from None
    # each request's body bounded before it is read: small but for an arbiter's upload
    bound_request_bodies(server)
    address = f"http://{args.host}:{args.port}"
    if demo_event is not None:  # the demo's public pages (pairings, results, standings)
        print(f"swisspairing: the demo's public pages: {address}/h/"
              f"{demo_event.public_token}/")  # type: ignore[attr-defined]
    print(f"swisspairing: open {address}/ (Ctrl+C to stop)", flush=True)
    server.run()
    return 0


def print_public_address(args: argparse.Namespace) -> None:
    """Where phones reach the server (issue 24, item 11): the machine's LAN addresses, the
    public address kept for QR codes (``--public-url`` saves it), a warning while it is unset
    or loopback, and when the server listens on 127.0.0.1 only."""
    from .web import public_address

    if args.public_url is not None:
        public_address.save(args.public_url)
    lan = public_address.lan_addresses()
    local_only = args.host in ("127.0.0.1", "localhost", "::1")
    if lan:
        print("swisspairing: this computer on the local network: " +
              ", ".join(f"http://{a}:{args.port}/" for a in lan))
    if local_only:
        print("swisspairing: listening on this computer only: phones cannot connect; start with "
              "--host 0.0.0.0 for the playing hall")
    public = public_address.stored()
    public_address.allow_host(public)  # kept from an earlier start: its host is let in
    if public:
        print(f"swisspairing: QR codes and links point at {public}" +
              (" (this computer only: phones cannot open it)"
               if public_address.is_loopback(public) else ""))
    else:
        example = f"http://{lan[0]}:{args.port}" if lan else "http://192.168.1.20:8000"
        print("swisspairing: no public address: QR codes and links point at the address in the "
              f"arbiter's browser; for phones give --public-url {example}")


def connection_settings(connections: int | None) -> dict[str, object]:
    """Waitress's connection settings for a playing hall (issue 16).

    Every phone and screen polling the hall keeps its connection open (HTTP keep-alive);
    waitress's default of 100 open connections would leave the 101st phone waiting until an
    idle one times out (120 s): the "server stops with many screens" fault. Allowed here:
    1000 (``select`` handles up to 512 sockets on Windows: 500 there; ``poll`` elsewhere has
    no such limit); an idle connection is closed after 60 s (a phone polls every 10 s).
    """
    windows = sys.platform == "win32"
    limit = connections if connections is not None else (500 if windows else 1000)
    if not windows:
        _allow_open_files(limit + 100)  # the connections, the database, the log
    return {"connection_limit": max(limit, 1), "channel_timeout": 60,
            "asyncore_use_poll": not windows}


def _allow_open_files(wanted: int) -> None:
    """Raise the process's soft limit of open files (often 1024) towards ``wanted``, within
    the hard limit (POSIX)."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft != resource.RLIM_INFINITY and soft < target:
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
