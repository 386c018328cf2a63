"""Benchmark of a team event in the web app (issue 27 part 6): a generated team event of TEAMS
teams and BOARDS boards over ROUNDS rounds imported, then the next round paired from the web
app, the team round page, the team standings page and the TRF export; the printouts by team
(who plays where, result slips), the prize list and a manual change of a draft round.

Run: ``.venv/bin/python benchmarks/web_teams.py [TEAMS BOARDS ROUNDS REPEATS]`` (default
200 teams, 4 boards, 8 rounds, 3 repeats; SQLite in a temporary folder, or
``DATABASE_URL=postgres://...``). Prints CPU seconds (the steadier figure on a shared
machine) and wall-clock seconds, best of the repeats.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from web import chief_client, print_best


def main() -> None:
    args = [int(a) for a in sys.argv[1:]]
    teams_n, boards, rounds, repeats = (args + [200, 4, 8, 3][len(args):])[:4]
    tmp = Path(tempfile.mkdtemp(prefix="swisspairing-bench-teams-"))
    client = chief_client(tmp)
    from swisspairing.checker.generator import GeneratorConfig
    from swisspairing.checker.team_generator import generate_team_event
    from swisspairing.formats.trf import parse_trf, write_trf
    from swisspairing.interfaces.web import actions, convert
    from swisspairing.systems import get_system

    config = GeneratorConfig(players=teams_n, rounds=rounds, boards=boards, forfeit_rate=0.02,
                             zero_point_bye_rate=0.02, reserve_rate=0.2)
    generated = generate_team_event(get_system("team-swiss"), config, 2026)
    text = write_trf(generated, points="computed")
    played = generated.rounds_paired
    print(f"{teams_n} teams x {boards} boards, {len(generated.players)} players, "
          f"{played} rounds played")

    def best(label: str, fn: Any) -> None:
        print_best(label, fn, repeats)

    best("import of the TRF-2026 (store_tournament)",
         lambda: convert.store_tournament(parse_trf(text), "team-swiss"))
    event = convert.store_tournament(parse_trf(text), "team-swiss")
    event.rounds = played + 1
    event.save()
    best("tournament_of (rows -> team model)", lambda: convert.tournament_of(event))

    def pair() -> None:
        rnd = actions.pair_next_round(event, None)
        actions.unpair_round(rnd, None)

    best(f"pairing round {played + 1} from the web app (engine + stored matches)", pair)
    best(f"team round page, round {played}",
         lambda: client.get(f"/t/{event.pk}/rounds/{played}/"))
    best("team standings page", lambda: client.get(f"/t/{event.pk}/standings/"))
    best("board standings page", lambda: client.get(f"/t/{event.pk}/standings/boards/"))
    best("TRF export", lambda: client.get(f"/t/{event.pk}/export/trf/"))
    # the printouts by team and the prize lists (issue 27, after part 6)
    def ok(url: str) -> None:
        response = client.get(url)
        assert response.status_code == 200, (url, response.status_code)

    best(f"who plays where page, round {played}",
         lambda: ok(f"/t/{event.pk}/rounds/{played}/print/alpha/"))
    best(f"result slips PDF, round {played} (one slip a match)",
         lambda: ok(f"/t/{event.pk}/rounds/{played}/print/slips.pdf"))
    best("women's prize list page (members' board results)",
         lambda: ok(f"/t/{event.pk}/prizes/?cat=women"))
    # a manual change of a draft team round and its undo (C.04.6 [C1] [C2] checked)
    rnd = actions.pair_next_round(event, None)

    def change_and_undo() -> None:
        actions.manual_change(rnd, "team-swap", 1, None, None, rnd.version)
        actions.undo_manual_changes(rnd, None, version=rnd.version)

    best(f"manual change + undo of draft round {played + 1} (each checked)", change_and_undo)


if __name__ == "__main__":
    main()
