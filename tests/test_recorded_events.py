"""Today's engines pair every round of the events the old engines played (issue 26 part 3).

The events in ``tests/data/recorded-events/SYSTEM/`` were generated with the engines as they
were before they were made fast (see ``tests/recorded_events.py``): each round in a file is the
old engine's answer to the rounds before it. Making an engine fast must not change one pairing,
colours and PAB included. Burstein's seeding rounds are the Dutch system's (1.6) and are left
to the Dutch tests.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from recorded_events import DATA, played
from swisspairing.formats.trf import read_trf
from swisspairing.systems import get_system
from swisspairing.systems.burstein import seeding_rounds

SYSTEMS = ("burstein", "dubov", "dubov-1997", "elo-swiss", "lim")
FILES = [(s, p) for s in SYSTEMS for p in sorted((DATA / s).glob("seed*.trf"),
                                                  key=lambda p: int(p.stem[4:]))]


@pytest.mark.parametrize(("system", "path"), FILES, ids=[f"{s}-{p.stem}" for s, p in FILES])
def test_same_pairing_as_the_old_engine(system: str, path: Path) -> None:
    t = read_trf(path)
    engine = get_system(system)
    first = seeding_rounds(t.total_rounds or 0) + 1 if system == "burstein" else 1
    assert t.rounds_paired >= 5
    for r in range(first, t.rounds_paired + 1):
        before = t.before_round(r)
        pairing = engine.pair(before, r)
        got = {(b.white, b.black) for b in pairing.boards}, pairing.bye
        assert got == played(t, r), f"{path.name} round {r}"
