"""Benchmark of the big imports (issue 15): the whole FIDE rating list, and a 20,000-line CSV.

Generates a synthetic FIDE rating list of N players (default 1,100,000, the size of the full
list) in the fixed-width TXT layout of ``standard_rating_list.txt`` (same header line and
columns as ``tests/data/fide-list-24.txt``) and, with ``--xml``, the XML layout; nothing is
downloaded. Each file is loaded with ``swisspairing load-ratings`` in a child process (the
same load as the web page's background job), then loaded again (replacing the first list),
and prints:

* load time (wall, and CPU of the child process) and its peak resident memory;
* the database size (SQLite file with its WAL; PostgreSQL: the rating table with indexes);
* search-as-you-type latency, p50 / p95 over many prefixes (names typed with or without
  accents, FIDE ids), through :func:`ratings.search` and through the search page;
* importing a CSV of ``--csv`` lines (default 20,000) into an event (bulk insert, numbered once).

Run: ``.venv/bin/python benchmarks/rating_list.py [--players N] [--xml] [--searches K]``;
SQLite in a temporary folder, PostgreSQL when ``DATABASE_URL=postgres://...`` is set (use an
empty database: its rating lists are replaced). CPU time is the steadier figure on a shared
machine.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HEADER = ("ID Number      Name                                                         Fed Sex "
          "Tit  WTit OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag")
SURNAMES = ["Özdemir", "Müller", "Nguyễn", "Kowalski", "Dvořák", "García", "Martínez",
            "Ivanov", "Petrov", "Smith", "Jones", "Søndergaard", "Łukaszewicz", "Moreau",
            "Lefèvre", "Schröder", "Novák", "Horváth", "Papadopoulos", "Rossi", "Carlsen",
            "Gupta", "Kumar", "Yılmaz", "Şahin", "Fernández", "O'Brien", "Van der Berg",
            "Jørgensen", "Zhang", "Wang", "Li", "Kim", "Park", "Tanaka", "Silva", "Santos",
            "Ahmed", "Haddad", "Kovačević"]
FIRST = ["Ali", "Anna", "Chloé", "José", "Jiří", "Magnus", "Olga", "Zoë", "Mehmet", "Ayşe",
         "Łucja", "Björn", "Élodie", "Sergei", "Priya", "Minh", "Hana", "Lucas", "Mia", "Omar"]
FEDS = ["FRA", "GER", "TUR", "IND", "USA", "RUS", "ESP", "POL", "CZE", "NOR", "VIE", "CHN"]
TITLES = ["", "", "", "", "", "", "", "", "CM", "FM", "IM", "GM", "WFM", "WIM"]


def _syllables(rng: random.Random) -> str:
    return "".join(rng.choice("bcdfghklmnprstvz") + rng.choice("aeiouy")
                   for _ in range(rng.randint(1, 3)))


def player(i: int, seed: int = 11) -> tuple[str, str, str, str, str, int, int]:
    """(fide id, name, federation, sex, title, rating, birth year) of player ``i`` (the same
    for the same ``i``: the searches type names that are in the list)."""
    rng = random.Random(seed * 10_000_019 + i)
    surname = rng.choice(SURNAMES) + ("" if rng.random() < 0.3 else _syllables(rng))
    name = f"{surname}, {rng.choice(FIRST)}"
    return (str(1000000 + 37 * i), name, rng.choice(FEDS), rng.choice("MMMF"),
            rng.choice(TITLES), rng.randint(1000, 2850), rng.randint(1940, 2018))


def write_txt(path: Path, n: int, seed: int = 11) -> None:
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write(HEADER + "\n")
        for i in range(n):
            fide, name, fed, sex, title, rating, born = player(i, seed)
            f.write(f"{fide:<15}{name:<61}{fed:<4}{sex:<4}{title:<5}{'':<5}{'':<15}{'':<4}"
                    f"{rating:<6}{0:<4}{20:<3}{'':<22}{born:<6}\n")


def write_xml(path: Path, n: int, seed: int = 11) -> None:
    with open(path, "w", encoding="utf-8") as f:
        f.write("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<playerslist>\n")
        for i in range(n):
            fide, name, fed, sex, title, rating, born = player(i, seed)
            name = name.replace("&", "&amp;")
            f.write(f"<player><fideid>{fide}</fideid><name>{name}</name><country>{fed}"
                    f"</country><sex>{sex}</sex><title>{title}</title><w_title></w_title>"
                    f"<o_title></o_title><foa_title></foa_title><rating>{rating}</rating>"
                    f"<games>0</games><k>20</k><birthday>{born}</birthday><flag></flag>"
                    "</player>\n")
        f.write("</playerslist>\n")


def load(path: Path, data: Path) -> tuple[float, float, float]:
    """``swisspairing load-ratings`` in a child process: wall s, CPU s, peak RSS MB."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    code = "import sys; from swisspairing.interfaces.cli import main; sys.exit(main())"
    w0 = time.perf_counter()
    subprocess.run([sys.executable, "-c", code, "load-ratings", str(path), "--data", str(data),
                    "--quiet"], check=True)
    wall = time.perf_counter() - w0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, after.ru_maxrss / 1024


def database_size_mb() -> str:
    from django.conf import settings
    from django.db import connection

    from swisspairing.interfaces.web import models as m

    if connection.vendor == "postgresql":
        with connection.cursor() as c:
            c.execute("SELECT pg_total_relation_size(%s), pg_database_size(current_database())",
                      [m.RatingEntry._meta.db_table])
            table, whole = c.fetchone()
        return (f"rating table with its indexes {table / 2**20:.0f} MB, database "
                f"{whole / 2**20:.0f} MB")
    db = Path(settings.DATABASES["default"]["NAME"])
    wal = db.with_name(db.name + "-wal")
    size = db.stat().st_size + (wal.stat().st_size if wal.exists() else 0)
    return f"SQLite file {size / 2**20:.0f} MB (WAL included)"


def percentiles(values: list[float]) -> str:
    ms = sorted(v * 1000 for v in values)
    p95 = ms[min(len(ms) - 1, int(0.95 * len(ms)))]
    return f"p50 {statistics.median(ms):.2f} ms, p95 {p95:.2f} ms, max {ms[-1]:.2f} ms"


def queries(n_players: int, count: int, seed: int = 5) -> list[str]:
    """What an arbiter types: growing prefixes of names (as written, or without accents, or
    first name first) and of FIDE ids."""
    from swisspairing.interfaces.web.imports import search_key

    rng = random.Random(seed)
    out: list[str] = []
    while len(out) < count:
        i = rng.randrange(n_players)
        fide, name, *_ = player(i)
        kind = rng.random()
        if kind < 0.15:
            word = fide
        elif kind < 0.5:
            word = search_key(name)
        elif kind < 0.6:
            surname, first = name.split(", ")
            word = f"{first} {surname}"
        else:
            word = name
        out += [word[:k] for k in range(2, min(len(word), 10) + 1)]
    return out[:count]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=1_100_000)
    parser.add_argument("--xml", action="store_true", help="also generate and load the XML")
    parser.add_argument("--searches", type=int, default=2000)
    parser.add_argument("--csv", type=int, default=20000, help="lines of the CSV import")
    args = parser.parse_args()

    tmp = Path(tempfile.mkdtemp(prefix="swisspairing-ratings-"))
    data = tmp / "data"
    where = "PostgreSQL" if os.environ.get("DATABASE_URL") else "SQLite"
    print(f"{args.players} players, database {where}, files in {tmp}")
    try:
        txt = tmp / "standard_rating_list.txt"
        w0 = time.perf_counter()
        write_txt(txt, args.players)
        print(f"generated {txt.name}: {txt.stat().st_size / 2**20:.0f} MB in "
              f"{time.perf_counter() - w0:.0f} s")
        files = [txt]
        if args.xml:
            xml = tmp / "players_list_xml.xml"
            write_xml(xml, args.players)
            print(f"generated {xml.name}: {xml.stat().st_size / 2**20:.0f} MB")
            files.append(xml)
        for path in [*files, txt]:
            wall, cpu, rss = load(path, data)
            print(f"load {path.name}: {wall:.1f} s wall, {cpu:.1f} s CPU, peak RSS "
                  f"{rss:.0f} MB (children so far)")
        from swisspairing.interfaces.web.setup import setup

        setup(str(data))
        print(database_size_mb())
        search_latency(args)
        csv_import(args)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def search_latency(args: argparse.Namespace) -> None:
    from django.test import Client
    from django.test.utils import setup_test_environment

    from swisspairing.interfaces.web import models as m
    from swisspairing.interfaces.web import ratings
    from swisspairing.interfaces.web.setup import create_user

    typed = queries(args.players, args.searches)
    found = 0
    times = []
    for q in typed:
        w0 = time.perf_counter()
        found += bool(ratings.search(q))
        times.append(time.perf_counter() - w0)
    print(f"search ({len(typed)} prefixes of 2-10 characters, {found} with results): "
          f"{percentiles(times)}")
    setup_test_environment()
    create_user("bench", "a-long-password", "chief")
    client = Client()
    client.login(username="bench", password="a-long-password")
    event = m.Event.objects.create(name="bench", rounds=9)
    url = f"/t/{event.pk}/players/rating-list/search/"
    times = []
    for q in typed[:500]:
        w0 = time.perf_counter()
        response = client.get(url, {"find": q}, HTTP_HX_REQUEST="true")
        times.append(time.perf_counter() - w0)
        assert response.status_code == 200
    print(f"search page ({len(times)} requests): {percentiles(times)}")


def csv_import(args: argparse.Namespace) -> None:
    from django.conf import settings

    from swisspairing.interfaces.web import actions
    from swisspairing.interfaces.web import models as m
    from swisspairing.interfaces.web.imports import read_players

    settings.SWISSPAIRING_MAX_PLAYERS = max(args.csv, 5000)
    lines = ["name,rating,fide_id,federation,title"]
    for i in range(args.csv):
        fide, name, fed, _sex, title, rating, _born = player(i, 3)
        lines.append(f"\"{name}\",{rating},{fide},{fed},{title}")
    data = ("\n".join(lines) + "\n").encode()
    event = m.Event.objects.create(name="csv", rounds=9)
    w0, c0 = time.perf_counter(), time.process_time()
    candidates = read_players(data, "players.csv")
    actions.import_entrants(event, candidates, None, "players.csv")
    wall, cpu = time.perf_counter() - w0, time.process_time() - c0
    assert event.entrants.count() == args.csv
    print(f"CSV import into an event, {args.csv} lines: {wall:.2f} s wall, {cpu:.2f} s CPU "
          f"(limit raised to {settings.SWISSPAIRING_MAX_PLAYERS} for the benchmark)")


if __name__ == "__main__":
    main()
