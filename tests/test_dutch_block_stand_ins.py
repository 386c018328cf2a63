"""Issue 26, docs/dutch.md 8.23: the relaxation of 8.12 whose first ``need`` stand-ins take only
the players who may meet the lower one-colour block (``without_lower.block_floaters``).

Paired on generated events where White won 88-95 % of the games (the nearmiss-r5 round of
``bad_rounds.py``, small), with and without the block stand-ins, and without the relaxation at
all (every lower player in the matchings): the same boards and bye; and the block stand-ins
certify relaxations that 8.12's plain stand-ins do not.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

import pytest

from shortcut_helpers import RoundToPair, Spy, StandIn, paired_alike_without
from swisspairing.systems import get_system
from swisspairing.systems.dutch import without_lower
from swisspairing.systems.dutch.bracket import Bracket
from test_dutch_completing import white_mostly_event


def _rounds(system: str) -> Iterator[RoundToPair]:
    """Rounds 3-6 of the events of ``test_dutch_round5``'s 8.12 test, and more sizes."""
    return (((n, rate, played), white_mostly_event(n, played, rate, system, 17 * n + played),
             played + 1)
            for n in (24, 32, 40, 56, 72, 96) for rate in (0.95, 0.92, 0.88)
            for played in (2, 3, 4, 5))


def _with_block(out: object, ctx: Bracket, *args: object, **kwargs: object) -> str | None:
    """The relaxation answered while the lower players held a block that forces floaters."""
    if out is None:
        return None
    return "block" if without_lower.block_floaters(ctx, ctx.players)[0] > 0 else "plain"


@pytest.mark.parametrize("system", ["dutch-2012", "dutch-2017", "dutch-2025"])
def test_block_stand_ins_give_the_pairing_of_the_full_matchings(
        system: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each round in which the relaxation was certified with block stand-ins in its graph is
    paired again with no relaxation (every lower player in the matchings): the same boards
    and bye."""
    used = paired_alike_without(
        get_system(system), _rounds(system), monkeypatch,
        [Spy(without_lower, "match_without_lower", _with_block)],
        [StandIn(without_lower, "match_without_lower", lambda *args, **kwargs: None)],
        again_when="block")
    print(system, dict(used))
    assert used["rounds"] >= 3


def _certified(system: str, monkeypatch: pytest.MonkeyPatch, block: bool) -> Counter[str]:
    """How often the relaxation answered over the rounds, with or without block stand-ins."""
    monkeypatch.setattr(without_lower, "BLOCK_STAND_INS", block)
    used = paired_alike_without(
        get_system(system), _rounds(system), monkeypatch,
        [Spy(without_lower, "match_without_lower", _with_block)], [], again_when="never")
    return used


@pytest.mark.parametrize("system", ["dutch-2017", "dutch-2025"])
def test_block_stand_ins_certify_more_relaxations(
        system: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """With the block stand-ins the relaxation is certified (its best set of pairs completes
    the round) in more calls than with 8.12's stand-ins alone, which float players the block
    may not meet."""
    with_block = _certified(system, monkeypatch, True)
    without_block = _certified(system, monkeypatch, False)
    print(system, dict(with_block), dict(without_block))
    assert with_block["block"] > without_block["block"]
