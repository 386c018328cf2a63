"""Benchmark of the name searches without case and accents: the players page's search (htmx
fragment) and the hall's check-in search, on an event of 5,000 players (the most an event may
have), filtered in Python on :func:`.imports.search_key` (SQLite's ``LIKE`` folds ASCII only).

Run: ``.venv/bin/python benchmarks/player_search.py [PLAYERS REPEATS]`` (SQLite in a temporary
folder). Prints CPU and wall-clock times: the first search (keys not cached yet) and the next
ones (keys cached), and the same with the old SQL ``icontains`` filter for comparison.
"""

from __future__ import annotations

import random
import sys
import tempfile
from pathlib import Path

from web import chief_client, timed  # benchmarks/web.py, beside this script

SURNAMES = ["Dupré", "Lévêque", "Müller", "García", "Nguyễn", "Ørsted", "Smith", "Martin",
            "Bernard", "Petit", "Roux", "Özdemir", "Kowalski", "Łukaszewicz"]
FIRST = ["Éloïse", "Élodie", "Jürgen", "Hélène", "Thị Ánh", "Gaël", "Anaïs", "Paul", "Seán"]


def main() -> None:
    players = int(sys.argv[1]) if len(sys.argv) > 1 else 5000
    repeats = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    tmp = Path(tempfile.mkdtemp(prefix="swisspairing-bench-"))
    client = chief_client(tmp)
    from swisspairing.interfaces.web import models as m
    from swisspairing.interfaces.web.imports import _cached_key
    rng = random.Random(2026)
    event = m.Event.objects.create(name="Bench", rounds=9, system="dutch-2025",
                                   initial_colour="w")
    m.Entrant.objects.bulk_create(
        m.Entrant(event=event, tpn=i + 1, name=f"{rng.choice(SURNAMES).upper()} {i}, "
                  f"{rng.choice(FIRST)}", rating=1000 + rng.randrange(1800),
                  club=f"Club {rng.randrange(300)}") for i in range(players))
    pages = {"players page": (f"/t/{event.pk}/players/", {"HTTP_HX_REQUEST": "true"}),
             "hall check-in": (f"/h/{event.public_token}/checkin/", {})}
    for label, (url, headers) in pages.items():
        _cached_key.cache_clear()
        _, wall, cpu = timed(lambda u=url, h=headers: client.get(u, {"q": "dupre"}, **h))
        print(f"{label}, {players} players, first search (keys not cached): {cpu:.3f} s CPU, "
              f"{wall:.3f} s wall")
        cpus = []
        for q in ["dupre", "élodie", "muller 12", "garcia", "zzz"][:repeats]:
            response, wall, cpu = timed(lambda u=url, h=headers, q=q: client.get(u, {"q": q},
                                                                                  **h))
            assert response.status_code == 200
            cpus.append(cpu)
        print(f"{label}, {players} players, next searches: best {min(cpus):.3f} s CPU, "
              f"worst {max(cpus):.3f} s CPU over {len(cpus)}")
    rows, _, cpu = timed(lambda: list(event.entrants.filter(name__icontains="DUPR")))
    print(f"for comparison, the old SQL filter (name icontains, ASCII only): {cpu:.3f} s CPU "
          f"for {len(rows)} rows")


if __name__ == "__main__":
    main()
