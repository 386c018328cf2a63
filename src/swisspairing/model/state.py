"""Derived pairing state of every player before a round, computed once and shared by all systems.

What is derived here (facts that follow from the results, identical for every system):

* score (standings points) and pairing score (score plus the virtual points of the round,
  C.04.7 1.5; :mod:`.acceleration`);
* colour history of *played* games only: unplayed rounds do not count and are treated as if
  they were at the start of the history (C.04.2 D.5 / GHR 3.4);
* colour difference and the Dutch colour preference (absolute / strong / mild / none);
* opponents met over the board (a forfeited game is not a meeting: C.04.2 D.6 / GHR 3.5);
* per past round: the kind of result, the points, and both players' pairing scores then,
  from which each rules version derives floats (:meth:`PlayerState.float_in`);
* the facts bye eligibility depends on (pairing-allocated byes, unplayed rounds worth a win).

What differs between rules versions (which unplayed rounds count as a downfloat, who may get
the bye) is passed in as a :class:`FloatPolicy` or decided by the system from these facts.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from enum import Enum

from .acceleration import virtual_points_table
from .results import Colour, ResultKind
from .scoring import round_points
from .tournament import Tournament


class Float(Enum):
    """The float of a player in a round (Dutch A.4): paired with a lower or higher score."""

    DOWN = "down"
    UP = "up"


class PreferenceStrength(Enum):
    """Strength of a colour preference (Dutch 2016 A.6; Dutch 2012 A7 a-c)."""

    NONE = 0
    MILD = 1
    STRONG = 2
    ABSOLUTE = 3


@dataclass(frozen=True, slots=True)
class ColourPreference:
    """A colour preference: which colour and how strongly (``colour`` None with NONE)."""

    colour: Colour | None
    strength: PreferenceStrength

    @property
    def is_absolute(self) -> bool:
        return self.strength is PreferenceStrength.ABSOLUTE

    @property
    def is_strong(self) -> bool:
        return self.strength is PreferenceStrength.STRONG


NO_PREFERENCE = ColourPreference(None, PreferenceStrength.NONE)


@dataclass(frozen=True, slots=True)
class RoundRecord:
    """What happened to a player in one past round.

    ``score_before`` / ``opponent_score_before`` are pairing scores at the start of that round
    (standings points plus that round's virtual points, C.04.7 1.5), used to tell floats: the
    float history of later rounds is judged on those pairing scores (digest 4.3).
    """

    round_number: int
    kind: ResultKind
    opponent: int
    colour: Colour | None
    points: float
    score_before: float
    opponent_score_before: float | None

    @property
    def is_played(self) -> bool:
        return self.kind.is_played


#: Decides the float of an unplayed round from its kind (None = no float).
FloatPolicy = Callable[[RoundRecord], Float | None]


def every_unplayed_round_floats_down(record: RoundRecord) -> Float | None:
    """Dutch 2016/2017 A.4: "a player who, for whatever reason, does not play ... a downfloat"."""
    return Float.DOWN


@dataclass(frozen=True, slots=True)
class PlayerState:
    """A player as the pairing engines see it before the round to pair."""

    id: int
    rating: int
    score: float
    pairing_score: float
    colours: tuple[Colour, ...]
    opponents: frozenset[int]
    rounds: tuple[RoundRecord, ...]

    @property
    def virtual_points(self) -> float:
        """The virtual points of the round to pair (C.04.7 1.4): ``pairing_score - score``.
        Systems that must leave them out (Burstein's Index, C.04.4.2 1.7.2; tie-breaks) use
        ``score``."""
        return round_points(self.pairing_score - self.score)

    @property
    def games_played(self) -> int:
        return len(self.colours)

    @property
    def colour_difference(self) -> int:
        """Games with White minus games with Black (Dutch 2016 A.6; played games only)."""
        return sum(1 if c is Colour.WHITE else -1 for c in self.colours)

    @property
    def last_colour(self) -> Colour | None:
        return self.colours[-1] if self.colours else None

    def same_colour_streak(self) -> int:
        """How many of the last played games had the same colour as the last one."""
        if not self.colours:
            return 0
        last, n = self.colours[-1], 0
        for c in reversed(self.colours):
            if c is not last:
                break
            n += 1
        return n

    @property
    def preference(self) -> ColourPreference:
        """The colour preference of the Dutch texts (2016 A.6; 2012 A7; 2025 1.7).

        * absolute: colour difference > +1 or < -1, or the same colour in the last two
          played games; the preference is for the other colour;
        * strong: colour difference +1 (prefers Black) or -1 (prefers White);
        * mild: colour difference 0, prefers the colour other than the last one played;
        * none: no game played yet.
        """
        if not self.colours:
            return NO_PREFERENCE
        cd = self.colour_difference
        last = self.colours[-1]
        if cd > 1 or cd < -1:
            colour = Colour.BLACK if cd > 1 else Colour.WHITE
            return ColourPreference(colour, PreferenceStrength.ABSOLUTE)
        if len(self.colours) >= 2 and self.colours[-2] is last:
            return ColourPreference(last.opposite, PreferenceStrength.ABSOLUTE)
        if cd == 1:
            return ColourPreference(Colour.BLACK, PreferenceStrength.STRONG)
        if cd == -1:
            return ColourPreference(Colour.WHITE, PreferenceStrength.STRONG)
        return ColourPreference(last.opposite, PreferenceStrength.MILD)

    def float_in(self, round_number: int, unplayed: FloatPolicy) -> Float | None:
        """The float of round ``round_number``: games played over the board against a lower or
        higher pairing score give DOWN or UP (Dutch A.4); every unplayed round, forfeits
        included (GHR 3.5: a forfeit is not a game), is decided by ``unplayed``.
        """
        if not 1 <= round_number <= len(self.rounds):
            return None
        rec = self.rounds[round_number - 1]
        if rec.is_played and rec.opponent_score_before is not None:
            if rec.opponent_score_before < rec.score_before:
                return Float.DOWN
            if rec.opponent_score_before > rec.score_before:
                return Float.UP
            return None
        return unplayed(rec)

    def rounds_with(self, *kinds: ResultKind) -> int:
        return sum(1 for r in self.rounds if r.kind in kinds)

    @property
    def had_pairing_bye(self) -> bool:
        return any(r.kind is ResultKind.PAIRING_BYE for r in self.rounds)

    @property
    def unplayed_rounds(self) -> int:
        return sum(1 for r in self.rounds if not r.is_played)


class _History:
    """The state of every player round after round: each round's records are derived from the
    previous round's (a long event is not re-read from round 1 for every round)."""

    def __init__(self, tournament: Tournament) -> None:
        self.t = tournament
        self.next_round = 1  # states are known before rounds 1..next_round
        ids = tournament.players
        #: raw sum of points so far, and the rounded standings points before each round
        self.total = {pid: 0.0 for pid in ids}
        self.before = {pid: [round_points(0.0)] for pid in ids}
        self.records: dict[int, list[RoundRecord]] = {pid: [] for pid in ids}
        self.colours: dict[int, list[Colour]] = {pid: [] for pid in ids}
        self.opponents: dict[int, set[int]] = {pid: set() for pid in ids}
        #: virtual points per player and round (C.04.7), computed once
        self.virtual = virtual_points_table(tournament)

    def pscore(self, pid: int, r: int) -> float:
        """Pairing score before round ``r``: points + that round's virtual points (C.04.7 1.5)."""
        values = self.virtual.get(pid)
        extra = values[r - 1] if values and r <= len(values) else 0.0
        return round_points(self.before[pid][r - 1] + extra)

    def advance(self, round_number: int) -> None:
        """Add the rounds up to ``round_number - 1``."""
        ps = self.t.point_system
        players = self.t.players
        while self.next_round < round_number:
            r = self.next_round
            for pid, p in players.items():
                e = p.entry(r)
                if e is None:
                    kind, opp, colour = ResultKind.ZERO_POINT_BYE, 0, None
                else:
                    kind, opp, colour = e.kind, e.opponent, e.colour
                played = kind.is_played and opp in players
                if played and colour is not None:
                    self.colours[pid].append(colour)
                    self.opponents[pid].add(opp)
                self.records[pid].append(RoundRecord(
                    r,
                    kind,
                    opp,
                    colour if played else None,
                    ps.points(e),
                    self.pscore(pid, r),
                    self.pscore(opp, r) if opp in players else None,
                ))
            for pid, p in players.items():
                self.total[pid] += ps.points(p.entry(r))
                self.before[pid].append(round_points(self.total[pid]))
            self.next_round += 1

    def states(self, round_number: int) -> dict[int, PlayerState]:
        """The states before ``round_number``, which must not be behind the history."""
        if self.next_round > max(round_number, 1):
            raise ValueError(f"the history is past round {round_number}")
        self.advance(round_number)
        return {
            pid: PlayerState(
                id=pid,
                rating=p.rating,
                score=self.before[pid][-1],
                pairing_score=self.pscore(pid, round_number),
                colours=tuple(self.colours[pid]),
                opponents=frozenset(self.opponents[pid]),
                rounds=tuple(self.records[pid]),
            )
            for pid, p in self.t.players.items()
        }


class _Shared:
    """The history shared by :func:`shared_history`, and the tournament it follows."""

    def __init__(self, source: Tournament) -> None:
        self.source = source
        self.history = _History(source)

    def serves(self, t: Tournament, round_number: int) -> bool:
        """Whether ``t`` holds, for rounds 1..round_number-1, the very cells of the source
        (a copy made round by round, as the checker's), with the same players and settings."""
        src = self.source
        if t is src:
            return True
        if t.players.keys() != src.players.keys() or t.point_system != src.point_system \
                or t.acceleration != src.acceleration or t.baku != src.baku:
            return False
        n = round_number - 1
        for pid, p in t.players.items():
            q = src.players[pid]
            if p.rating != q.rating:
                return False
            mine, theirs = p.results[:n], q.results[:n]
            common = min(len(mine), len(theirs))
            if not all(map(operator.is_, mine[:common], theirs[:common])):
                return False
            if any(e is not None for e in (mine[common:] or theirs[common:])):
                return False
        return True


_SHARED: ContextVar[_Shared | None] = ContextVar("swisspairing_shared_history", default=None)


@contextmanager
def shared_history(source: Tournament) -> Iterator[None]:
    """While active, :func:`build_states` for ``source`` or for a copy of it that keeps its
    cells (the tournament as it stood before a round) extends one history of ``source`` instead
    of starting again from round 1: checking every round of a long event is linear in the
    rounds, not quadratic. The answers are the same."""
    token = _SHARED.set(_Shared(source))
    try:
        yield
    finally:
        _SHARED.reset(token)


def build_states(tournament: Tournament, round_number: int) -> dict[int, PlayerState]:
    """The state of every player before round ``round_number`` (rounds 1..round_number-1)."""
    shared = _SHARED.get()
    if shared is not None and shared.serves(tournament, round_number):
        if round_number < shared.history.next_round:
            shared.history = _History(shared.source)  # asked out of order: start again
        return shared.history.states(round_number)
    return _History(tournament).states(round_number)
