"""What differs between the editions of the Dutch system (2012, 2016/2017, 2025) outside the
quality criteria: who floats after an unplayed round, who may receive the pairing-allocated bye,
and whether the PPB / CLB route of A.9 applies. The quality criteria of each edition, in
priority order, are in :mod:`.criteria`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ...model.results import ResultKind
from ...model.scoring import PointSystem
from ...model.state import Float, PlayerState, RoundRecord


def _float_2017(rec: RoundRecord) -> Float | None:
    """2016/2017 A.4.b: a player who, for whatever reason, does not play a round floats down."""
    return Float.DOWN


def _float_2025(rec: RoundRecord) -> Float | None:
    """2025 1.4.3/1.4.4: a downfloat for the PAB receiver and for whoever scores more than a
    loss without playing (forfeit win, full-point or half-point bye); no float otherwise."""
    if rec.kind is ResultKind.PAIRING_BYE:
        return Float.DOWN
    if rec.kind in (ResultKind.FORFEIT_WIN, ResultKind.FULL_POINT_BYE, ResultKind.HALF_POINT_BYE):
        return Float.DOWN
    return None


def _bye_ok_2017(st: PlayerState, ps: PointSystem) -> bool:
    """C.2 = C.04.1 d (2017): no PAB for a player who already had one or won by forfeit."""
    return not any(
        r.kind in (ResultKind.PAIRING_BYE, ResultKind.FORFEIT_WIN) for r in st.rounds
    )


def _bye_ok_2025(st: PlayerState, ps: PointSystem) -> bool:
    """[C2] = C.04.1 art. 4 (2026): no PAB for a player who had one or who scored, in one round
    and without playing, as many points as a win."""
    for r in st.rounds:
        if r.kind is ResultKind.PAIRING_BYE:
            return False
        if not r.is_played and r.points >= ps.win and r.kind is not ResultKind.HALF_POINT_BYE:
            return False
    return True


def _float_2012(rec: RoundRecord) -> Float | None:
    """2012 B1.b: a player who received a point or half a point without playing (bye or
    forfeit) becomes a downfloater (A4)."""
    return Float.DOWN if rec.points > 0 else None


def _bye_ok_2012(st: PlayerState, ps: PointSystem) -> bool:
    """2012 B1.b: no bye for a player who already scored (1 or 1/2 point) without playing."""
    return not any(not r.is_played and r.points > 0 for r in st.rounds)


@dataclass(frozen=True)
class DutchRules:
    """What differs between editions of the Dutch system."""

    name: str
    edition: int
    unplayed_float: Callable[[RoundRecord], Float | None]
    bye_eligible: Callable[[PlayerState, PointSystem], bool]
    #: 2012/2017: the PPB / CLB route of A.9; 2025: completion [C4] at every bracket.
    collapsed_last_bracket: bool = True


RULES_2017 = DutchRules("dutch-2017", 2017, _float_2017, _bye_ok_2017)
RULES_2012 = DutchRules("dutch-2012", 2012, _float_2012, _bye_ok_2012)
RULES_2025 = DutchRules("dutch-2025", 2025, _float_2025, _bye_ok_2025,
                        collapsed_last_bracket=False)
