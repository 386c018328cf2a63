"""The near-miss round of issue 26 in 2017 and 2025 (docs/dutch.md section 8.4): two exact
shortcuts give the pairing of the full matchings.

* (a) ``completing._fixed_opponents``: a completing bracket (2017 PPB, 2025 [C4]) whose MDPs'
  opponents are the same players in every candidate left by C.5/C.6 ([C6]/[C7]); their earlier
  upfloats are then not tested by the greedy;
* (b) ``PairingRound.floater_scores_fixed`` (2017 C.7): the look-ahead bound holds when every
  candidate best by C.5 and C.6 floats players of the same scores, not only the lowest one.

Round 3 (and 4) of generated events where White wins most games is paired with the shortcut
and, whenever it was used, again without it: the same boards and bye every time.
"""

from __future__ import annotations

from collections import Counter

import pytest

from swisspairing.systems import dutch, get_system
from swisspairing.systems.dutch import completing, lowest_2012
from swisspairing.systems.dutch import round as dutch_round
from test_dutch_completing import white_mostly_event

SIZES = (24, 40, 60, 80, 100, 120)
RATES = (0.8, 0.85, 0.9, 0.95)


@pytest.mark.parametrize("system", ["dutch-2025"])
def test_fixed_opponents_give_the_pairing_of_the_full_matchings(
        system: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """(a): each round where ``_fixed_opponents`` held for a bracket is paired again with it
    switched off (that bracket then goes to the weighted matchings)."""
    engine = get_system(system)
    test = completing._fixed_opponents
    used: Counter[str] = Counter()

    def count(*args, **kwargs):  # type: ignore[no-untyped-def]
        out = test(*args, **kwargs)
        used["fixed"] += out
        return out

    for n in SIZES:
        for rate in RATES:
            for seed in range(3):
                played = 2 + (seed == 2)
                t = white_mostly_event(n, played, rate, system, seed)
                before = used["fixed"]
                with monkeypatch.context() as mp:
                    mp.setattr(completing, "_fixed_opponents", count)
                    fast = engine.pair(t, played + 1)
                if used["fixed"] == before:
                    continue
                used["rounds"] += 1
                with monkeypatch.context() as mp:
                    mp.setattr(completing, "_fixed_opponents", lambda *a, **k: False)
                    full = engine.pair(t, played + 1)
                assert (fast.boards, fast.bye) == (full.boards, full.bye), (n, rate, seed)
    assert used["rounds"] >= 5, used
    print(dict(used))


def test_floater_scores_fixed_give_the_pairing_of_the_full_matchings(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """(b), 2017: each round where ``floater_scores_fixed`` held for a bracket is paired again
    with it switched off (the look-ahead then needs the lowest-score floaters, else the
    following scoregroup enters the matchings)."""
    engine = get_system("dutch-2017")
    test = dutch.PairingRound.floater_scores_fixed
    used: Counter[str] = Counter()

    def count(self, *args):  # type: ignore[no-untyped-def]
        out = test(self, *args)
        used["fixed"] += out
        return out

    for n in SIZES:
        for rate in RATES:
            for seed in range(3):
                played = 2 + (seed == 2)
                t = white_mostly_event(n, played, rate, "dutch-2017", seed)
                before = used["fixed"]
                with monkeypatch.context() as mp:
                    mp.setattr(dutch.PairingRound, "floater_scores_fixed", count)
                    fast = engine.pair(t, played + 1)
                if used["fixed"] == before:
                    continue
                used["rounds"] += 1
                with monkeypatch.context() as mp:
                    mp.setattr(dutch.PairingRound, "floater_scores_fixed",
                               lambda self, *a: False)
                    full = engine.pair(t, played + 1)
                assert (fast.boards, fast.bye) == (full.boards, full.bye), (n, rate, seed)
    assert used["rounds"] >= 5, used
    print(dict(used))


def test_lookahead_skipped_when_too_few_floaters_gives_the_same_pairing(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """(c), 2025: a bracket whose candidates best by [C6] float too few players for the players
    below to be paired skips its look-ahead matching and goes straight to [C4]; each round
    where that happened is paired again with the look-ahead matching done (the skip switched
    off): the same boards and bye."""
    engine = get_system("dutch-2025")
    real = dutch_round.forced_floaters
    used: Counter[str] = Counter()

    def count(lower, bye=False):  # type: ignore[no-untyped-def]
        out = real(lower, bye)
        used["tested"] += bye
        return out

    for n in SIZES:
        for rate in RATES:
            for seed in range(3):
                played = 2 + (seed == 2)
                t = white_mostly_event(n, played, rate, "dutch-2025", seed)
                before = used["tested"]
                with monkeypatch.context() as mp:
                    mp.setattr(dutch_round, "forced_floaters", count)
                    fast = engine.pair(t, played + 1)
                if used["tested"] == before:
                    continue
                used["rounds"] += 1
                with monkeypatch.context() as mp:
                    mp.setattr(dutch_round, "forced_floaters",
                               lambda lower, bye=False: 0 if bye else real(lower))
                    full = engine.pair(t, played + 1)
                assert (fast.boards, fast.bye) == (full.boards, full.bye), (n, rate, seed)
    assert used["rounds"] >= 5, used
    print(dict(used))


def test_2017_collapsed_last_bracket_by_types_gives_the_same_pairing(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """(d), 2017: the collapsed last bracket half of whose players may not meet one another is
    paired with the MDP-pairing of the type bound (``lowest_2012.first_mdp_pairing``, now also
    on the 2017 rows) and the remainder without the pairs of two others; each round where it
    was in scope is paired again without it (``one_colour_half`` switched off: the weighted
    matchings from the start): the same boards and bye."""
    engine = get_system("dutch-2017")
    real = lowest_2012.one_colour_half
    used: Counter[str] = Counter()

    def count(ctx):  # type: ignore[no-untyped-def]
        out = real(ctx)
        used["in scope"] += out is not None
        return out

    for n in SIZES:
        for rate in (*RATES, 1.0):
            for seed in range(3):
                played = 2 + (seed == 2)
                t = white_mostly_event(n, played, rate, "dutch-2017", seed)
                before = used["in scope"]
                with monkeypatch.context() as mp:
                    mp.setattr(lowest_2012, "one_colour_half", count)
                    fast = engine.pair(t, played + 1)
                if used["in scope"] == before:
                    continue
                used["rounds"] += 1
                with monkeypatch.context() as mp:
                    mp.setattr(lowest_2012, "one_colour_half", lambda ctx: None)
                    full = engine.pair(t, played + 1)
                assert (fast.boards, fast.bye) == (full.boards, full.bye), (n, rate, seed)
    assert used["rounds"] >= 5, used
    print(dict(used))


@pytest.mark.parametrize("system", ["dutch-2017", "dutch-2025"])
def test_lookahead_with_residents_covered_gives_the_same_pairing(
        system: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """(e): the look-ahead bound when the downfloaters outnumber the residents of the following
    bracket who may meet them (``PairingRound._residents_covered``); each round where it
    settled a look-ahead is paired again without it (the following scoregroup then enters the
    matchings): the same boards and bye."""
    engine = get_system(system)
    real = dutch.PairingRound._residents_covered
    used: Counter[str] = Counter()

    def count(self, *args):  # type: ignore[no-untyped-def]
        out = real(self, *args)
        used["at bound"] += out is not None
        return out

    for n in SIZES:
        for rate in RATES:
            for seed in range(3):
                played = 2 + (seed == 2)
                t = white_mostly_event(n, played, rate, system, seed)
                before = used["at bound"]
                with monkeypatch.context() as mp:
                    mp.setattr(dutch.PairingRound, "_residents_covered", count)
                    fast = engine.pair(t, played + 1)
                if used["at bound"] == before:
                    continue
                used["rounds"] += 1
                with monkeypatch.context() as mp:
                    mp.setattr(dutch.PairingRound, "_residents_covered", lambda self, *a: None)
                    full = engine.pair(t, played + 1)
                assert (fast.boards, fast.bye) == (full.boards, full.bye), (n, rate, seed)
    assert used["rounds"] >= 5, used
    print(dict(used))
