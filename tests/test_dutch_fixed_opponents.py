"""The near-miss round of issue 26 in 2017 and 2025 (docs/dutch.md section 8.4): two exact
shortcuts give the pairing of the full matchings.

* (a) ``completing._fixed_opponents``: a completing bracket (2017 PPB, 2025 [C4]) whose MDPs'
  opponents are the same players in every candidate left by C.5/C.6 ([C6]/[C7]); their earlier
  upfloats are then not tested by the greedy;
* (b) ``PairingRound.floater_scores_fixed`` (2017 C.7): the look-ahead bound holds when every
  candidate best by C.5 and C.6 floats players of the same scores, not only the lowest one.

Round 3 (and 4) of generated events where White wins most games is paired with the shortcut
and, whenever it was used, again without it: the same boards and bye every time
(``shortcut_helpers.paired_alike_without``).
"""

from __future__ import annotations

import pytest

from shortcut_helpers import Spy, StandIn, near_miss_rounds, paired_alike_without
from swisspairing.systems import dutch, get_system
from swisspairing.systems.dutch import completing, lowest_2012
from swisspairing.systems.dutch import round as dutch_round

SIZES = (24, 40, 60, 80, 100, 120)
RATES = (0.8, 0.85, 0.9, 0.95)


@pytest.mark.parametrize("system", ["dutch-2025"])
def test_fixed_opponents_give_the_pairing_of_the_full_matchings(
        system: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """(a): each round where ``_fixed_opponents`` held for a bracket is paired again with it
    switched off (that bracket then goes to the weighted matchings)."""
    used = paired_alike_without(
        get_system(system), near_miss_rounds(system, SIZES, RATES), monkeypatch,
        [Spy(completing, "_fixed_opponents", lambda out, *a, **k: "fixed" if out else None)],
        [StandIn(completing, "_fixed_opponents", lambda *a, **k: False)], again_when="fixed")
    assert used["rounds"] >= 5, used
    print(dict(used))


def test_floater_scores_fixed_give_the_pairing_of_the_full_matchings(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """(b), 2017: each round where ``floater_scores_fixed`` held for a bracket is paired again
    with it switched off (the look-ahead then needs the lowest-score floaters, else the
    following scoregroup enters the matchings)."""
    used = paired_alike_without(
        get_system("dutch-2017"), near_miss_rounds("dutch-2017", SIZES, RATES), monkeypatch,
        [Spy(dutch.PairingRound, "floater_scores_fixed",
             lambda out, *a: "fixed" if out else None)],
        [StandIn(dutch.PairingRound, "floater_scores_fixed", lambda self, *a: False)],
        again_when="fixed")
    assert used["rounds"] >= 5, used
    print(dict(used))


def test_lookahead_skipped_when_too_few_floaters_gives_the_same_pairing(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """(c), 2025: a bracket whose candidates best by [C6] float too few players for the players
    below to be paired skips its look-ahead matching and goes straight to [C4]; each round
    where that happened is paired again with the look-ahead matching done (the skip switched
    off): the same boards and bye."""
    real = dutch_round.forced_floaters
    used = paired_alike_without(
        get_system("dutch-2025"), near_miss_rounds("dutch-2025", SIZES, RATES), monkeypatch,
        [Spy(dutch_round, "forced_floaters",
             lambda out, lower, bye=False: "tested" if bye else None)],
        [StandIn(dutch_round, "forced_floaters",
                 lambda lower, bye=False: 0 if bye else real(lower))],
        again_when="tested")
    assert used["rounds"] >= 5, used
    print(dict(used))


def test_2017_collapsed_last_bracket_by_types_gives_the_same_pairing(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """(d), 2017: the collapsed last bracket half of whose players may not meet one another is
    paired with the MDP-pairing of the type bound (``lowest_2012.first_mdp_pairing``, now also
    on the 2017 rows) and the remainder without the pairs of two others; each round where it
    was in scope is paired again without it (``one_colour_half`` switched off: the weighted
    matchings from the start): the same boards and bye."""
    used = paired_alike_without(
        get_system("dutch-2017"), near_miss_rounds("dutch-2017", SIZES, (*RATES, 1.0)),
        monkeypatch,
        [Spy(lowest_2012, "one_colour_half",
             lambda out, ctx: "in scope" if out is not None else None)],
        [StandIn(lowest_2012, "one_colour_half", lambda ctx: None)], again_when="in scope")
    assert used["rounds"] >= 5, used
    print(dict(used))


@pytest.mark.parametrize("system", ["dutch-2017", "dutch-2025"])
def test_lookahead_with_residents_covered_gives_the_same_pairing(
        system: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """(e): the look-ahead bound when the downfloaters outnumber the residents of the following
    bracket who may meet them (``PairingRound._residents_covered``); each round where it
    settled a look-ahead is paired again without it (the following scoregroup then enters the
    matchings): the same boards and bye."""
    used = paired_alike_without(
        get_system(system), near_miss_rounds(system, SIZES, RATES), monkeypatch,
        [Spy(dutch.PairingRound, "_residents_covered",
             lambda out, *a: "at bound" if out is not None else None)],
        [StandIn(dutch.PairingRound, "_residents_covered", lambda self, *a: None)],
        again_when="at bound")
    assert used["rounds"] >= 5, used
    print(dict(used))
