"""``benchmarks/dutch_brackets.py`` (issue 26): one row per bracket the Dutch engine solves,
whose pairs and downfloaters account for every player of the bracket; the round it pairs is the
engine's own, and the engine is left as it was."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
import bad_rounds
import dutch_brackets

from swisspairing.formats.trf import read_trf, write_trf_file
from swisspairing.systems import get_system
from swisspairing.systems.dutch import completing, generation, ideal
from swisspairing.systems.dutch import round as dutch_round


@pytest.mark.parametrize("system", ["dutch-2025", "dutch-2017"])
def test_trace_rows_account_for_every_player(system: str, tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    t, note = bad_rounds.make_event(system, system, bad_rounds.SCENARIOS["nearmiss-r5"], 60, 1,
                                    60)
    assert note == ""
    path = tmp_path / "round5.trf"
    write_trf_file(t, path, points="computed")
    plain = get_system(system).pair(read_trf(path))

    dutch_brackets.main([str(path), "--system", system])
    out = capsys.readouterr().out
    rows = [line.split("|")[1:-1] for line in out.splitlines()
            if line.startswith("| ") and not line.startswith(("| players", "| ---"))]
    assert rows
    labels = {label for label, _, _ in dutch_brackets.SHORTCUTS} | {"-"}
    for cells in rows:
        players, pairs, floaters = int(cells[0]), int(cells[6]), int(cells[7])
        assert 2 * pairs + floaters == players
        assert cells[8].strip() in labels
    assert f"round {len(plain.boards)} boards" in out
    # the wrappers are gone: the engine's own functions again
    assert dutch_round.run is generation.run
    assert completing.completing_candidate.__module__ == completing.__name__
    assert ideal.ideal_candidate.__module__ == ideal.__name__
    assert completing.completing_candidate.__name__ == "completing_candidate"
