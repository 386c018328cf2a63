"""Issue 26, docs/dutch.md 8.21: the MDP-pairing's relaxation (8.12) of a bracket that must
complete the round, its order digits (D.3, D.1) settled by a greedy on the perfect matchings of
the edges the class duals of every other digit leave tight (``without_lower._first_in_mdp_order``,
``matching.ordered_perfect``). Paired with and without on generated events where White won most
games: the same boards and bye."""

from __future__ import annotations

import pytest

from shortcut_helpers import Spy, StandIn, paired_alike_without, settled
from swisspairing.systems import get_system
from swisspairing.systems.dutch import without_lower
from test_dutch_completing import white_mostly_event


@pytest.mark.parametrize("system", ["dutch-2012", "dutch-2017", "dutch-2025"])
def test_mdp_order_greedy_gives_the_pairing_of_the_weights(
        system: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Rounds 4-6 of events of 32-96 players where White won 88-95 % of the games: every
    round where the greedy settled an MDP-pairing is paired again with the order digits in
    the weights (8.16-8.18's matchings) in its place: the same boards and bye."""
    rounds = (((n, rate, played), white_mostly_event(n, played, rate, system, 31 * n + played),
               played + 1)
              for n in (32, 56, 96) for rate in (0.95, 0.92, 0.88) for played in (3, 4, 5))
    used = paired_alike_without(
        get_system(system), rounds, monkeypatch,
        [Spy(without_lower, "_first_in_mdp_order", settled("greedy"))],
        [StandIn(without_lower, "_first_in_mdp_order", lambda *args: None)],
        again_when="greedy")
    print(system, dict(used))
    assert used["rounds"] >= 4
