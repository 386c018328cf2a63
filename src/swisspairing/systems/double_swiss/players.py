"""The players of a Double-Swiss round (C.04.5): what the matches before it say of each.

Everything is derived from :mod:`swisspairing.model.matches` (match status, points, game-1
colour); the decided readings are argued in ``docs/double-swiss.md``.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...model import Colour, Tournament
from ...model.acceleration import virtual_points_table
from ...model.matches import Match, MatchStatus, player_matches
from ...model.scoring import round_points
from ..swiss2026 import Participant


@dataclass(frozen=True, slots=True)
class DoubleSwissPlayer:
    """A player to pair in match ``number``: the shared procedure's participant plus the colour
    history Art. 4 needs (game-1 colours of the matches that gave one, oldest first, 1.6)."""

    participant: Participant
    colours: tuple[Colour, ...]

    @property
    def id(self) -> int:
        return self.participant.id

    @property
    def score(self) -> float:
        return self.participant.score

    @property
    def whites(self) -> int:
        return sum(1 for c in self.colours if c is Colour.WHITE)


def players_to_pair(t: Tournament, number: int) -> dict[int, str]:
    """Players not to pair in match ``number`` with their bye code: a bye or absence written
    for either game column (``240``, cells, withdrawals; C.04.5 Preface: byes are for whole
    matches), keyed by player."""
    out = dict(t.not_paired_in(2 * number - 1))
    for pid, code in t.not_paired_in(2 * number).items():
        out.setdefault(pid, code)
    return out


def _won_by_forfeit(m: Match) -> bool:
    return m.status is MatchStatus.FORFEIT_WIN


def build_players(t: Tournament, number: int) -> tuple[list[DoubleSwissPlayer], dict[int, str]]:
    """The players of match ``number`` (1-based) and those not paired (with their code).

    * score (1.2): the game points of matches 1..number-1 (the bye's value per match, 1.4),
      plus the virtual points of the match (C.04.7 1.5: the file's, else Baku's per match);
    * opponents ([C1]): matches played, a single forfeited game included (Preface);
    * floated (1.5): in match number-1 the player met an opponent with a different score
      (pairing scores before that match); a player who did not play it is no floater;
    * matches played (3.4.3): the played matches;
    * may get the bye ([C2], 2.1.2): no PAB, no match won by forfeit, no full-point bye before.
    """
    unpaired = players_to_pair(t, number)
    last = number - 1
    table = virtual_points_table(t)
    history = {pid: player_matches(t, pid, last) for pid in t.players}
    # score before each match j (1-based): running sums
    before: dict[int, list[float]] = {}
    for pid, matches in history.items():
        acc = 0.0
        seq = []
        for j, m in enumerate(matches, start=1):
            seq.append(round_points(acc + _virtual(table, pid, j)))
            acc += m.points
        seq.append(round_points(acc + _virtual(table, pid, number)))
        before[pid] = seq
    out = []
    for pid in sorted(t.players):
        if pid in unpaired:
            continue
        matches = history[pid]
        opponents = frozenset(m.opponent for m in matches if m.is_meeting)
        floated = False
        if matches:
            m = matches[-1]
            if m.is_meeting and m.opponent in before:
                floated = before[pid][last - 1] != before[m.opponent][last - 1]
        may_bye = not any(m.status in (MatchStatus.PAIRING_BYE, MatchStatus.FULL_POINT_BYE)
                          or _won_by_forfeit(m) for m in matches)
        participant = Participant(
            id=pid,
            score=before[pid][last],
            opponents=opponents,
            floated=floated,
            matches_played=sum(1 for m in matches if m.is_meeting),
            may_get_bye=may_bye,
        )
        colours = tuple(c for c in (m.colour for m in matches) if c is not None)
        out.append(DoubleSwissPlayer(participant, colours))
    return out, unpaired


def _virtual(table: dict[int, list[float]], pid: int, number: int) -> float:
    """Virtual points for pairing match ``number`` (C.04.7 1.5): the value of the match's first
    column in the table (the file's ``XXA`` / ``250``, else the Baku values per match)."""
    values = table.get(pid)
    column = 2 * number - 1
    if values and column <= len(values):
        return values[column - 1]
    return 0.0
