"""Events recorded with the engines as they were before issue 26 part 3 made them fast.

The fast engines must give the same answers as the old ones. For the systems without reference
cases (and for Burstein beside its folder) the old engines played random tournaments that are
kept as TRF files in ``tests/data/recorded-events/SYSTEM/seedN.trf``: every round in them is the
old engine's pairing of the rounds before it. ``tests/test_recorded_events.py`` pairs each round
again with today's engine and compares.

The files were made once, with the old code on the path, by

    PYTHONPATH=OLD/src python tests/recorded_events.py SYSTEM [COUNT]

(:func:`record`): seeds 1..COUNT, the configuration of :func:`config_for` (sizes, byes,
absences, withdrawals and forfeits drawn from the seed). They are not copied from any other
engine.
"""

from __future__ import annotations

import sys
from pathlib import Path

from swisspairing.checker.generator import GeneratorConfig, generate
from swisspairing.formats.trf import write_trf_file
from swisspairing.model import Colour, Tournament

DATA = Path(__file__).parent / "data" / "recorded-events"


def played(t: Tournament, r: int) -> tuple[set[tuple[int, int]], int | None]:
    """(white, black) of each game of round ``r`` as the file has it, and the PAB."""
    games = {(p.id, e.opponent) for p in t.players.values()
             if (e := p.entry(r)) is not None and e.opponent and e.colour is Colour.WHITE}
    bye = next((p.id for p in t.players.values()
                if (e := p.entry(r)) is not None and e.code == "U"), None)
    return games, bye


def config_for(seed: int) -> GeneratorConfig:
    """A varied small event per seed: 9 to 60 players, 5 to 11 rounds, and from seed 3 on
    every third event with no byes at all (large brackets), the others with byes, absences,
    withdrawals and forfeits (small, odd and irregular brackets)."""
    players = 9 + (seed * 37) % 52
    rounds = 5 + (seed * 5) % 7
    if seed % 3 == 0:
        return GeneratorConfig(players=players, rounds=rounds)
    return GeneratorConfig(players=players, rounds=rounds, forfeit_rate=0.04, retire_rate=0.01,
                           half_point_bye_rate=0.04, zero_point_bye_rate=0.03)


def record(system: str, count: int) -> None:
    folder = DATA / system
    folder.mkdir(parents=True, exist_ok=True)
    for seed in range(1, count + 1):
        t = generate(system, config_for(seed), seed)
        write_trf_file(t, folder / f"seed{seed}.trf")


if __name__ == "__main__":
    record(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 40)
