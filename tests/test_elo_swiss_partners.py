"""The D1 search of the Elo-based Swiss with the partner sets of issue 26
(``BitCompletion.partners``: one Edmonds search per frame tells which S2 players keep the
completion perfect) against the search it replaces (one ``without`` per partner): whole
near-miss rounds (White won 90 % of the games: levels that leave several floaters, so that
the completion graphs are asked) are paired alike, with the matching-work limit lifted on
both sides (then both prune every dead branch and charge the candidate limit alike)."""

from __future__ import annotations

import pytest

from swisspairing.systems import get_system
from swisspairing.systems.elo_swiss import criteria
from swisspairing.systems.elo_swiss.completion import BitCompletion
from test_elo_swiss_split_bits import white_mostly_wins


@pytest.mark.parametrize("seed", range(3))
def test_rounds_paired_alike_with_and_without_partner_sets(
        seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    engine = get_system("elo-swiss")
    t = white_mostly_wins(engine, 500 + seed, 40 + 8 * seed, 4)
    rounds = range(1, t.rounds_paired + 2)
    asked: list[int] = []
    real = BitCompletion.partners_and_barrier

    def spy(self: BitCompletion, a: int) -> tuple[int, object]:
        got = real(self, a)
        asked.append(got[0])
        return got

    monkeypatch.setattr(BitCompletion, "partners_and_barrier", spy)
    monkeypatch.setattr(criteria, "MATCHING_WORK_LIMIT", 10**9)
    unlimited = [engine.pair(t.before_round(r), r, None) for r in rounds]
    assert asked  # the partner sets were used
    # the old search: every partner asked by its own repair (``without``; no partner set,
    # so no barrier either)
    monkeypatch.setattr(BitCompletion, "partners_and_barrier", lambda self, a: (-1, None))
    one_by_one = [engine.pair(t.before_round(r), r, None) for r in rounds]
    for got, old in zip(unlimited, one_by_one, strict=True):
        assert [(b.white, b.black) for b in got.boards] == [
            (b.white, b.black) for b in old.boards]
        assert got.bye == old.bye
