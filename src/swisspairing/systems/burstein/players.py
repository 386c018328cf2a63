"""The players of a Burstein round after the seeding rounds: the Index (1.7) and the ranking
order (1.8), and the record the brackets work with."""

from __future__ import annotations

from dataclasses import dataclass

from ...model import Colour, ResultKind, Tournament, build_states
from ...model.state import PlayerState, PreferenceStrength
from ..dutch import RULES_2025


def _tenths(points: float) -> int:
    return round(points * 10)


@dataclass(frozen=True, slots=True)
class Index:
    """A player's Index (1.7.1, 1.8.1): Buchholz in tenths of a point, Sonneborn-Berger in
    hundredths (points earned x opponent's score). Not the C.07 tie-breaks (1.7: no capped
    "dummy opponent"; see :mod:`swisspairing.standings.tiebreaks` for those)."""

    buchholz: int
    sonneborn_berger: int

    def text(self) -> str:
        return f"BH {self.buchholz / 10:g}, SB {self.sonneborn_berger / 100:g}"


def zero_point_bye_run(state: PlayerState) -> int:
    """1.7.2 (exception): how many zero-point byes the player has in a row up to the current
    round, i.e. in the rounds just before the round to pair."""
    run = 0
    for rec in reversed(state.rounds):
        if rec.kind is not ResultKind.ZERO_POINT_BYE:
            break
        run += 1
    return run


def real_score(state: PlayerState) -> int:
    """The score the Index uses, in tenths: standings points only. 1.7.2 (Acceleration):
    virtual points (Baku, ``XXA``/``250``) are excluded from every Index method, so this is
    ``state.score`` and never ``state.pairing_score``."""
    return _tenths(state.score)


def score_as_opponent(state: PlayerState, draw: int, zero_bye: int) -> int:
    """1.7.2: the player's current real score (tenths) as it counts in an *opponent's* Index.

    Exception of 1.7.2: each zero-point bye of the run of zero-point byes up to the current round
    (:func:`zero_point_bye_run`) counts as a draw, for the benefit of the player's over-the-board
    opponents. The player's own Index does not get this benefit (see :func:`player_index`).
    """
    return real_score(state) + zero_point_bye_run(state) * (draw - zero_bye)


def player_index(state: PlayerState, states: dict[int, PlayerState], draw: int,
                 zero_bye: int) -> Index:
    """1.7.1/1.7.2: Buchholz = sum of the opponents' current scores; Sonneborn-Berger = sum of
    (points earned in the round) x (that opponent's current score).

    1.7.2 (Unplayed games): a round the player did not play over the board (any bye, a forfeit,
    an absence) counts as a game against himself/herself: the opponent's score is the player's
    own current real score, and the points earned are those registered for that round.
    ``draw`` / ``zero_bye``: the tournament's points for a draw and a zero-point bye (tenths).
    """
    own = real_score(state)
    buchholz = sonneborn_berger = 0
    for rec in state.rounds:
        if rec.is_played and rec.opponent in states:
            value = score_as_opponent(states[rec.opponent], draw, zero_bye)
        else:
            value = own
        buchholz += value
        sonneborn_berger += _tenths(rec.points) * value
    return Index(buchholz, sonneborn_berger)


def ranking_key(player: BursteinPlayer) -> tuple[int, int, int]:
    """1.8: the Index, higher first (Buchholz, then Sonneborn-Berger), then TPN ascending.
    Scores are not part of this order (1.8)."""
    return (-player.index.buchholz, -player.index.sonneborn_berger, player.id)


@dataclass(frozen=True, slots=True)
class BursteinPlayer:
    """A player to pair after the seeding rounds.

    ``score``: pairing score in tenths (virtual points included: it makes the scoregroups,
    1.2.1); ``index``: the Index from real points (1.7); ``preference``/``strength``: colour
    preference of 1.5 (the Dutch definitions; no game -> no preference, 1.5.4);
    ``bye_eligible``: C2 (C.04.1 Art. 4: no PAB after a PAB or after a win's points without
    playing).
    """

    id: int
    score: int
    index: Index
    colours: tuple[Colour, ...]
    opponents: frozenset[int]
    preference: Colour | None
    strength: PreferenceStrength
    bye_eligible: bool

    @property
    def games(self) -> int:
        return len(self.colours)

    @property
    def absolute(self) -> bool:
        return self.strength is PreferenceStrength.ABSOLUTE


def burstein_players(t: Tournament, round_number: int) -> dict[int, BursteinPlayer]:
    """The players to pair in ``round_number`` (those not absent), with their Index."""
    states = build_states(t, round_number)
    absent = t.not_paired_in(round_number)
    ps = t.point_system
    draw, zero_bye = _tenths(ps.draw), _tenths(ps.zero_point_bye)
    out: dict[int, BursteinPlayer] = {}
    for pid, st in states.items():
        if pid in absent:
            continue
        pref = st.preference
        out[pid] = BursteinPlayer(
            id=pid,
            score=_tenths(st.pairing_score),
            index=player_index(st, states, draw, zero_bye),
            colours=st.colours,
            opponents=st.opponents,
            preference=pref.colour,
            strength=pref.strength,
            bye_eligible=RULES_2025.bye_eligible(st, ps),  # C2 = C.04.1 Art. 4 (2026)
        )
    return out
