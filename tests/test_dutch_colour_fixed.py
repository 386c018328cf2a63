"""Issue 26, round 5 after White won every game of rounds 1-4 (docs/dutch.md section 8.6):
the colour criteria fix the MDPs' opponents of a completing bracket
(``completing._opponents_fixed_by_colour``), so the float criteria, ranked below them, cannot
tell the candidates left apart and the greedy of section 8.1 ignores them.

Rounds 4-6 of generated events where White wins most games (rounds 1-3/4/5 played) are paired
with the saving and, whenever a completing bracket reached it, again without any shortcut of a
completing bracket (``completing_candidate`` off: the full weighted matchings): the same
boards and bye every time."""

from __future__ import annotations

import pytest

from shortcut_helpers import Spy, StandIn, paired_alike_without
from swisspairing.checker.generator import white_mostly_event
from swisspairing.model import Colour
from swisspairing.systems import get_system
from swisspairing.systems.dutch import completing
from swisspairing.systems.dutch.players import PairingPlayer

SIZES = (16, 24, 32, 40, 56, 64, 80)
RATES = (0.9, 0.97, 1.0)


@pytest.mark.parametrize("system", ["dutch-2012", "dutch-2017", "dutch-2025"])
def test_opponents_fixed_by_colour_give_the_pairing_of_the_full_matchings(
        system: str, monkeypatch: pytest.MonkeyPatch) -> None:
    rounds = (((n, rate, played), white_mostly_event(n, played, rate, system, n + played),
                played + 1) for n in SIZES for rate in RATES for played in (3, 4, 5))
    used = paired_alike_without(
        get_system(system), rounds, monkeypatch,
        [Spy(completing, "_opponents_fixed_by_colour",
             lambda out, *a, **k: "used" if out is not None else None)],
        # no shortcut of a completing bracket at all: the full weighted matchings
        [StandIn(completing, "completing_candidate", lambda ctx: None)], again_when="calls")
    print(system, dict(used))
    assert used["used"] >= 3  # the saving is exercised, not only skipped


def _player(pid: int, pref: Colour | None, score: int = 20) -> PairingPlayer:
    return PairingPlayer(id=pid, score=score, colours=(), opponents=frozenset(), pref=pref,
                         strength=1, cd=0, float1=None, float2=None, bye_ok=True,
                         topscorer=False, unplayed=0)


class _Ctx:
    pass


def test_opponents_fixed_by_colour_scope() -> None:
    """The residents not preferring the MDPs' one colour, only when they are exactly as many
    as the MDPs, the MDPs share one score and no pair of residents is made."""
    ctx = _Ctx()
    mdps = [_player(1, Colour.BLACK, 30), _player(2, Colour.BLACK, 30)]
    residents = [_player(3, Colour.WHITE), _player(4, Colour.BLACK), _player(5, None),
                 _player(6, Colour.BLACK)]
    fixed = completing._opponents_fixed_by_colour
    assert fixed(ctx, mdps, residents, 0) == frozenset({3, 5})  # type: ignore[arg-type]
    assert fixed(ctx, mdps, residents, 1) is None  # type: ignore[arg-type]
    assert fixed(ctx, mdps, [*residents[:3], _player(7, Colour.WHITE)], 0) is None  # type: ignore[arg-type]
    assert fixed(ctx, [mdps[0], _player(2, Colour.WHITE, 30)], residents, 0) is None  # type: ignore[arg-type]
    assert fixed(ctx, [mdps[0], _player(2, Colour.BLACK, 40)], residents, 0) is None  # type: ignore[arg-type]
    assert fixed(ctx, [mdps[0], _player(2, None, 30)], residents, 0) is None  # type: ignore[arg-type]
