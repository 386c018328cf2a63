"""Issue 26, docs/dutch.md 8.21: the row of a pair of the bracket (2017, 2025) made once per
pair of player types (``criteria.typed_row``), and of a pair of the following bracket once
per pair of scores (``criteria.next_row``): on every pair the engine asks for while pairing
generated events (rounds 3-6, White winning 75-100 %, the last round of a 5-round event
included), the row it returns is the one :func:`criteria.edition_row` computes for that very
pair, and rows are shared by many pairs."""

from __future__ import annotations

from collections import Counter

import pytest

from swisspairing.checker.generator import white_mostly_event
from swisspairing.systems import get_system
from swisspairing.systems.dutch import criteria
from swisspairing.systems.dutch.bracket import Bracket
from swisspairing.systems.dutch.players import PairingPlayer
from swisspairing.systems.dutch.weights import INTERNAL, NEXT


@pytest.mark.parametrize("system", ["dutch-2017", "dutch-2025"])
def test_typed_row_is_the_row_of_the_pair(system: str, monkeypatch: pytest.MonkeyPatch) -> None:
    real = criteria.typed_row
    seen: Counter[str] = Counter()

    def checked(ctx: Bracket, u: PairingPlayer, v: PairingPlayer) -> list[int]:
        before = len(ctx.rows_by_type)
        row = real(ctx, u, v)
        assert row == criteria.edition_row(ctx, u, v, INTERNAL), (u, v)
        seen["pairs"] += 1
        seen["made"] += len(ctx.rows_by_type) - before
        return row

    real_next = criteria.next_row

    def checked_next(ctx: Bracket, u: PairingPlayer, v: PairingPlayer) -> list[int]:
        before = len(ctx.rows_by_type)
        row = real_next(ctx, u, v)
        assert row == criteria.edition_row(ctx, u, v, NEXT), (u, v)
        seen["next pairs"] += 1
        seen["next made"] += len(ctx.rows_by_type) - before
        return row

    monkeypatch.setattr(criteria, "typed_row", checked)
    monkeypatch.setattr(criteria, "next_row", checked_next)
    engine = get_system(system)
    for n, rate, played, total in ((40, 1.0, 3, 9), (64, 0.92, 4, 9), (96, 0.88, 2, 9),
                                   (48, 1.0, 4, 5), (72, 0.75, 5, 9)):
        t = white_mostly_event(n, played, rate, system, 7 * n + played, total_rounds=total)
        engine.pair(t, played + 1)
    print(system, dict(seen))
    assert seen["pairs"] >= 800
    assert seen["made"] * 3 <= seen["pairs"]  # most pairs found their type's row made
    assert seen["next pairs"] >= 100
    # one NEXT row per pair of scores: at least ten pairs per row made (one row per pair
    # without the sharing; 2025 since 8.23: 8 rows for 143 pairs)
    assert seen["next made"] * 10 <= seen["next pairs"]
