"""Benchmark of a Double-Swiss event (C.04.5) in the web app (issue 28 part 5): a generated
event of PLAYERS players and MATCHES-1 matches imported, then the round page, the standings
page, the pairing of the last match (through the actions, as the background job does) and the
TRF export, each timed; the engine alone on the same tournament for comparison.

Run: ``.venv/bin/python benchmarks/web_double_swiss.py [PLAYERS MATCHES REPEATS]`` (SQLite
in a temporary folder; ``DATABASE_URL=postgres://...`` for PostgreSQL). Prints CPU seconds
(the steady figure on a shared machine) and wall seconds.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from web import chief_client, timed
from web import print_best as _best


def main() -> None:
    players = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    matches = int(sys.argv[2]) if len(sys.argv) > 2 else 7
    repeats = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    tmp = Path(tempfile.mkdtemp(prefix="swisspairing-bench-ds-"))
    client = chief_client(tmp)
    from swisspairing.checker.generator import GeneratorConfig, generate_matches
    from swisspairing.interfaces.web import actions, convert
    from swisspairing.interfaces.web.pairing_worker import compute_pairing
    from swisspairing.systems import get_system

    config = GeneratorConfig(players=players, rounds=matches - 1)
    played = generate_matches(get_system("double-swiss"), config, seed=2028)
    played.total_rounds = 2 * matches
    event, wall, cpu = timed(lambda: convert.store_tournament(played, "double-swiss"))
    print(f"imported {players} players x {matches - 1} matches: {cpu:.2f} s CPU, "
          f"{wall:.2f} s wall")
    last = matches - 1
    _best(f"round page, match {last}", lambda: client.get(f"/t/{event.pk}/rounds/{last}/"),
          repeats)
    _best("standings page", lambda: client.get(f"/t/{event.pk}/standings/"), repeats)
    _best("TRF export", lambda: client.get(f"/t/{event.pk}/export/trf/"), repeats)
    t = convert.tournament_of(event, matches)
    _best(f"engine alone, match {matches}", lambda: compute_pairing("double-swiss", t, matches),
          repeats)
    rnd, wall, cpu = timed(lambda: actions.pair_next_round(event, None))
    print(f"web pairing of match {matches} (read, pair, store both games): {cpu:.3f} s CPU, "
          f"{wall:.3f} s wall; {rnd.games.count()} game rows")


if __name__ == "__main__":
    main()
