"""The quality criteria as named data (``systems/dutch/criteria.py``, issue 14).

Each edition lists its criteria in priority order (2017 C.4-C.19, 2025 [C4]-[C21], 2012 in the
A11 order); a bracket's rows hold the ones that apply to it. These tests check that the table
matches the rule texts' numbering and that every row the engine builds has exactly one entry per
criterion of its bracket's layout, with the entries the rules fix for every pair at their named
place (one pair for C.5 / [C6] / P; the completion digit when the bracket completes the round).
"""

from __future__ import annotations

import pytest

from swisspairing.checker.generator import GeneratorConfig, generate
from swisspairing.systems import dutch, get_system
from swisspairing.systems.dutch import criteria as dutch_criteria
from swisspairing.systems.dutch import ideal as dutch_ideal
from swisspairing.systems.dutch.criteria import (
    COLOUR_PREFERENCE_CRITERIA,
    COMPLETING,
    CRITERIA,
    LOOKAHEAD,
    criteria_layout,
)


def test_the_tables_follow_the_numbering_of_the_texts() -> None:
    """2017: C.4 to C.19 in order (C.7 twice: pairs, then PSD); 2025: [C4], [C6]-[C21] ([C5]
    acts on the bye before the brackets, C.04.3 2025 art. 3); colour preferences where the
    texts put them (2017 C.10/C.11, 2025 [C12]/[C13])."""
    numbers_2017 = [int(c.name.split()[0][2:]) for c in CRITERIA[2017]]
    assert numbers_2017 == [4, 5, 6, 7, 7, *range(8, 20)]
    numbers_2025 = [int(c.name.split()[0][1:]) for c in CRITERIA[2025]]
    assert numbers_2025 == [4, 6, 7, 8, 8, *range(9, 22)]
    for edition, (pref, strong) in COLOUR_PREFERENCE_CRITERIA.items():
        names = [c.name for c in CRITERIA[edition]]
        assert names.index(strong) == names.index(pref) + 1
    for table in CRITERIA.values():
        assert [c.when for c in table].count(COMPLETING) == 1
        assert table[0].when == COMPLETING  # completion outranks every other criterion
        assert len({c.name for c in table}) == len(table)


def test_layout_positions_by_name() -> None:
    """A bracket without completion or look-ahead: C.10 is the fifth digit in 2017 (C.5, C.6,
    C.8, C.9, C.10), [C12] the sixth in 2025 ([C6], [C7], [C9], [C10], [C11], [C12])."""
    assert criteria_layout(2017, False, False).index["C.10"] == 4
    assert criteria_layout(2025, False, False).index["C12"] == 5
    full = criteria_layout(2017, True, True)
    assert full.width == len(CRITERIA[2017])
    assert "C.7 PSD" not in criteria_layout(2017, True, False).index
    assert all(c.when != LOOKAHEAD for c in criteria_layout(2025, True, False).criteria)


@pytest.mark.parametrize("system,pairs_criterion,completion",
                         [("dutch-2012", "P", "A9"), ("dutch-2017", "C.5", "C.4"),
                          ("dutch-2025", "C6", "C4")])
def test_every_row_fits_its_layout(system: str, pairs_criterion: str, completion: str,
                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """Every criteria row of generated tournaments has one entry per criterion of its
    bracket's layout; a pair of the bracket counts one pair for C.5 / [C6] / P, and any edge
    of a bracket that completes the round counts one for C.4 / [C4] / A9."""
    edge_row = dutch_criteria.edge_row
    seen = {"rows": 0, "complete": 0}

    def check(ctx, u, v, kind):  # type: ignore[no-untyped-def]
        row = edge_row(ctx, u, v, kind)
        layout = ctx.layout
        assert len(row) == layout.width
        if kind == dutch.INTERNAL:
            assert row[layout.index[pairs_criterion]] == 1
        if ctx.complete:
            assert row[layout.index[completion]] == 1
            seen["complete"] += 1
        seen["rows"] += 1
        return row

    monkeypatch.setattr(dutch_criteria, "edge_row", check)
    monkeypatch.setattr(dutch_ideal, "ideal_candidate", lambda ctx: None)
    engine = get_system(system)
    for seed in range(2):
        t = generate(system, GeneratorConfig(players=25, rounds=5, forfeit_rate=0.05), seed)
        for r in range(2, 6):
            engine.pair(t, r)
    assert seen["rows"] > 500 and seen["complete"] > 20
