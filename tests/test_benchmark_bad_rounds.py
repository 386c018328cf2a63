"""``benchmarks/bad_rounds.py`` builds the event each scenario describes (issue 26): the rounds
before the measured one only, played with the scenario's results, late entrants not paired
before round 3, clubs as forbidden groups, the history made by another system when asked; and
a row of the table on a small field."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
import bad_rounds

from swisspairing.model import Colour


def played(t: object, r: int) -> list[tuple[str, str]]:
    """(White's code, Black's code) of every game of round ``r``."""
    out = []
    for p in t.players.values():  # type: ignore[attr-defined]
        e = p.entry(r)
        if e is not None and e.opponent and e.colour is Colour.WHITE:
            out.append((e.code, t.players[e.opponent].entry(r).code))  # type: ignore[attr-defined]
    return out


def test_white_wins_history_stops_before_the_measured_round() -> None:
    t, note = bad_rounds.make_event("lim", "lim", bad_rounds.SCENARIOS["whitewins-r5"], 40, 1,
                                    60)
    assert note == "" and t.rounds_paired == 4 and t.next_round == 5
    assert t.total_rounds == 9  # round 5 is not the last: no topscorers
    for r in range(1, 5):
        games = played(t, r)
        assert games and all(codes == ("1", "0") for codes in games)


def test_late_entrants_and_clubs() -> None:
    late, _ = bad_rounds.make_event("dutch-2025", "dutch-2025",
                                    bad_rounds.SCENARIOS["late-entries"], 40, 2, 60)
    absent = [p for p in late.players.values()
              if p.entry(1) is not None and p.entry(1).code == "Z"
              and p.entry(2) is not None and p.entry(2).code == "Z"]
    assert len(absent) == 10 and late.next_round == 3  # a quarter arrive in round 3
    clubs, _ = bad_rounds.make_event("elo-swiss", "elo-swiss",
                                     bad_rounds.SCENARIOS["forbidden"], 40, 3, 60)
    assert len(clubs.forbidden_pairs) == 8
    for group in clubs.forbidden_pairs:  # nobody met a club-mate
        for pid in group.players:
            met = {e.opponent for e in clubs.players[pid].results if e is not None}
            assert not met & (group.players - {pid})


def test_a_row_of_the_table(tmp_path: Path) -> None:
    outputs = tmp_path / "run"
    outputs.mkdir()
    row = bad_rounds.measure("burstein", "other-history", 30, 1, 60, tmp_path, outputs)
    assert row[:3] == ["burstein", "other-history (lim), r6", "30"]
    assert float(row[3]) > 0 and row[6] == "ok"
