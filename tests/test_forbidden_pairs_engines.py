"""A pair the tournament forbids (``XXP``, ``260``) is never made, like a rematch (Burstein
C1, Dubov art. 2.1 / C1, Lim art. 9.1, Elo-Swiss B1 a): each engine that builds its
compatibility graph from ``Tournament.forbidden_partners`` pairs a generated round, then pairs
it again with each of its boards forbidden in turn, and the forbidden pair is not on a board of
the new pairing."""

from __future__ import annotations

import pytest

from swisspairing.checker.generator import GeneratorConfig, generate
from swisspairing.model import ForbiddenGroup
from swisspairing.systems import get_system


@pytest.mark.parametrize("system", ["burstein", "dubov", "dubov-1997", "lim", "elo-swiss"])
def test_a_forbidden_pair_is_not_paired(system: str) -> None:
    engine = get_system(system)
    round_number = 4
    t = generate(system, GeneratorConfig(players=14, rounds=5), 3).before_round(round_number)
    free = engine.pair(t, round_number)
    assert len(free.boards) == 7
    for board in free.boards:
        t.forbidden_pairs = [ForbiddenGroup(frozenset({board.white, board.black}))]
        forbidden = engine.pair(t, round_number)
        met = {frozenset((b.white, b.black)) for b in forbidden.boards}
        assert len(met) == 7 and frozenset((board.white, board.black)) not in met, board
