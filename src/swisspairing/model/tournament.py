"""The tournament model: players, their round-by-round results, and tournament settings.

This is the data every pairing system, the checker, the generator and the standings share.
It holds facts only (what was played); what follows from them for pairing (scores, colour
preferences, floats, bye eligibility) is computed in :mod:`swisspairing.model.state`.
"""

from __future__ import annotations

import functools
import itertools
import unicodedata
from collections.abc import Collection
from dataclasses import dataclass, field, replace
from typing import Any

from ..errors import BadRequest
from .results import Colour, ResultKind, RoundEntry
from .scoring import PointSystem, round_points
from .teams import TeamEvent

#: FIDE titles in the order of C.04.2 B.2 (GHR 2.2.2): GM IM WGM FM WIM CM WFM WCM, then none.
TITLE_ORDER = ("GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM")
_TITLE_ALIASES = {"G": "GM", "M": "IM", "F": "FM", "C": "CM", "WG": "WGM", "WM": "WIM",
                  "WF": "WFM", "WC": "WCM"}


def normalise_title(title: str) -> str:
    """``'g'`` or ``'gm'`` -> ``'GM'``; unknown or blank titles are returned upper-cased."""
    t = title.strip().upper()
    return _TITLE_ALIASES.get(t, t)


def alphabetical_key(name: str) -> str:
    """``name`` without case or accents (NFKD letters without their combining marks)."""
    decomposed = unicodedata.normalize("NFKD", name.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def title_rank(title: str) -> int:
    """Position of a title in C.04.2 B.2 order (0 = GM); no or unknown title sorts last."""
    t = normalise_title(title)
    return TITLE_ORDER.index(t) if t in TITLE_ORDER else len(TITLE_ORDER)


@dataclass(slots=True)
class Player:
    """A participant, identified by its pairing number (TPN) ``id``.

    ``results[r - 1]`` is the cell of round ``r`` (None: nothing written for that round).
    ``declared_points`` and ``declared_rank`` are what the file said, kept to check and rewrite.
    """

    id: int
    name: str = ""
    rating: int = 0
    title: str = ""
    sex: str = ""
    federation: str = ""
    fide_id: str = ""
    birth_date: str = ""
    declared_points: float | None = None
    declared_rank: int | None = None
    results: list[RoundEntry | None] = field(default_factory=list)

    def entry(self, round_number: int) -> RoundEntry | None:
        """The cell of round ``round_number`` (1-based), None when empty."""
        if 1 <= round_number <= len(self.results):
            return self.results[round_number - 1]
        return None

    def set_entry(self, round_number: int, entry: RoundEntry | None) -> None:
        while len(self.results) < round_number:
            self.results.append(None)
        self.results[round_number - 1] = entry

    def initial_order_key(self) -> tuple[int, int, str, str]:
        """Sort key of the initial ranking list (C.04.2 B.2): rating, title, name.

        Names sort alphabetically as a reader expects: case and accents are ignored first
        (``Émile`` before ``Fabre``), then used to separate names equal without them.
        """
        return (-self.rating, title_rank(self.title), alphabetical_key(self.name),
                self.name.casefold())


@dataclass(slots=True)
class Tournament:
    """A tournament: players by pairing number plus the settings the pairing engines need.

    * ``total_rounds`` - announced number of rounds (C.04.1 a; TRF ``XXR`` / ``142``).
    * ``initial_colour`` - the initial colour (``XXC white1|black1``, ``152``): the colour of the
      highest-ranked player paired in round 1 (TRF-2026 ``152``; Dutch E.5 / 5.2.5 / E5 as read
      in ``docs/dutch.md`` section 5); None when the file does not say.
    * ``acceleration[id][r - 1]`` - fictitious points added for pairing round ``r`` as the file
      gives them (``XXA`` / ``250``).
    * ``baku`` - the Baku acceleration is asked for (``192 ..._BAKU``, ``--baku``): without
      ``XXA`` / ``250`` values the virtual points are computed (C.04.7 Art. 1,
      :mod:`.acceleration`). Read them with :meth:`virtual_points`.
    * ``forbidden_pairs`` - sets of players who may not meet (``XXP``, and ``260`` over rounds).
    * ``absent[r]`` - players known not to play round ``r`` with the bye code they get
      (``XXZ``, ``240``); cells already holding a bye code say the same.
    * ``withdrawn[id]`` - the first round a withdrawn player is no longer paired (C.04.2 D.3).
    * ``corrections`` - results changed after later rounds were paired (C.04.2 4.3), in the
      order they were made (:class:`ResultCorrection`, TRF ``### swisspairing correction``).
    * ``team_event`` - the teams, their line-ups, byes and forfeited matches of a team event
      (:mod:`.teams`); the ``players`` are then the teams' members.
    * ``games_per_round`` - 1, or 2 for the Double-Swiss system (C.04.5 Preface: every pairing
      is a match of two games). With 2, every "round" of the model is one **game column** of
      the TRF convention of ``../shared/cases-2026/double-swiss/README.md``: match k is made of
      columns 2k-1 (game 1) and 2k (game 2); ``total_rounds`` and the rounds of ``absent``
      count columns, and the point system's ``pairing_bye`` is the value of the whole match
      (a ``U`` column is worth half of it, :meth:`cell_points`). See :mod:`.matches`.
    """

    name: str = ""
    players: dict[int, Player] = field(default_factory=dict)
    total_rounds: int | None = None
    initial_colour: Colour | None = None
    point_system: PointSystem = field(default_factory=PointSystem)
    acceleration: dict[int, list[float]] = field(default_factory=dict)
    baku: bool = False
    forbidden_pairs: list[ForbiddenGroup] = field(default_factory=list)
    absent: dict[int, dict[int, str]] = field(default_factory=dict)
    headers: dict[str, list[str]] = field(default_factory=dict)
    extra_lines: list[str] = field(default_factory=list)
    pair_by_rank: bool = False
    withdrawn: dict[int, int] = field(default_factory=dict)
    corrections: list[ResultCorrection] = field(default_factory=list)
    games_per_round: int = 1
    warnings: list[str] = field(default_factory=list, compare=False)
    #: the team records of a team event (C.04.6, TRF-2026 310...); None for individuals
    team_event: TeamEvent | None = None

    # --- basic queries -----------------------------------------------------------------------
    def player(self, player_id: int) -> Player:
        try:
            return self.players[player_id]
        except KeyError:
            raise BadRequest(f"unknown player id {player_id}") from None

    @property
    def rounds_in_file(self) -> int:
        """The highest round with any cell written."""
        return max((len(p.results) for p in self.players.values()), default=0)

    @property
    def rounds_paired(self) -> int:
        """Rounds already paired: the last round holding a game or a pairing-allocated bye.

        A round whose only cells are requested byes or absences has not been paired yet: those
        cells are the pre-entered byes of the round to pair (``../shared/cases/README.md``).
        """
        last = 0
        for p in self.players.values():
            for r, e in enumerate(p.results, start=1):
                if e is not None and r > last and (e.opponent or e.code in "U+"):
                    last = r
        if self.team_event is not None:  # a team bye (320) or a forfeited match (330)
            ev = self.team_event
            last = max([last, *(r for r, tid in ev.pab.items() if tid),
                        *(f.round for f in ev.forfeits)])
        return last

    @property
    def next_round(self) -> int:
        return self.rounds_paired + 1

    def points_after(self, player_id: int, round_number: int) -> float:
        """Points of a player after ``round_number`` rounds with the tournament's point system."""
        cells = self.players[player_id].results[: max(round_number, 0)]
        # the cells of rounds 1..round_number in order, empty ones (None) past the last written
        missing = itertools.repeat(None, max(round_number - len(cells), 0))
        return round_points(sum(map(self.cell_points, itertools.chain(cells, missing))))

    def cell_points(self, entry: RoundEntry | None) -> float:
        """Points of one round cell under the point system. In a Double-Swiss tournament
        (``games_per_round == 2``) the pairing-allocated bye is worth ``pairing_bye`` for the
        whole match (C.04.5 1.4: one game won and one drawn), written ``U`` in both columns:
        each column holds half of it."""
        if (self.team_event is not None and entry is not None and not entry.opponent
                and entry.kind is ResultKind.PAIRING_BYE):
            return self.team_event.member_bye_points(self.point_system)  # C.04.6 1.4
        value = self.point_system.points(entry)
        if (self.games_per_round != 1 and entry is not None and not entry.opponent
                and entry.kind is ResultKind.PAIRING_BYE):
            return value / self.games_per_round
        return value

    def total_points(self, player_id: int) -> float:
        """Points over every round written in the file (what the TRF points column holds)."""
        return self.points_after(player_id, len(self.players[player_id].results))

    def not_paired_in(self, round_number: int) -> dict[int, str]:
        """Players who must not be paired in ``round_number``, with their bye code.

        They are the players whose cell already holds a bye code, plus those named by ``XXZ`` or
        ``240`` records (C.04.2 D.4 / GHR 3.3: players known in advance not to play a round).
        """
        out = dict(self.absent.get(round_number, {}))
        for pid, first in self.withdrawn.items():
            if round_number >= first:
                out[pid] = "Z"
        for p in self.players.values():
            e = p.entry(round_number)
            if e is not None and e.opponent == 0:
                out[p.id] = e.code
        return out

    def is_forbidden(self, a: int, b: int, round_number: int) -> bool:
        return any(g.forbids(a, b, round_number) for g in self.forbidden_pairs)

    def forbidden_partners(self, round_number: int, among: Collection[int]) -> dict[int, int]:
        """The pairs the tournament forbids in ``round_number`` (``XXP``, ``260`` over rounds)
        between players of ``among``, as bit sets for the engines' compatibility graphs: for
        each player with such a partner, the bit set of those partners (bit ``b`` for player
        ``b``); a player without one is absent."""
        present = set(among)
        partners: dict[int, int] = {}
        for group in self.forbidden_pairs:
            members = [i for i in group.players if i in present]
            for a in members:
                for b in members:
                    if a != b and group.forbids(a, b, round_number):
                        partners[a] = partners.get(a, 0) | (1 << b)
        return partners

    # --- initial order (C.04.2 B / GHR 2) ----------------------------------------------------
    def initial_order(self) -> list[int]:
        """Player ids sorted by rating, then FIDE title, then name (C.04.2 B.2)."""
        return sorted(self.players, key=lambda i: (*self.players[i].initial_order_key(), i))

    def before_round(self, round_number: int) -> Tournament:
        """A copy holding only the rounds before ``round_number`` and the round's own pre-entered
        byes (requested byes and absences, C.04.2 D.4): the tournament as it was when that round
        was paired (``pair --round N``). In a Double-Swiss tournament ``round_number`` is the
        first column of a match, and the byes of both its columns are kept.

        Nothing is deep-copied: the round cells (:class:`RoundEntry`), groups of forbidden pairs
        and the point system are immutable and shared; every mutable container (players, their
        results, headers, acceleration, absences...) is a new one, so that changing the copy never
        changes ``self``.
        """
        players = {}
        # a Double-Swiss match's byes are written in both of its columns (C.04.5 Preface)
        own = range(round_number, round_number + self.games_per_round)
        for player_id, p in self.players.items():
            keep = p.results[: round_number - 1]
            for column in own:
                e = p.entry(column)
                if e is not None and e.opponent == 0 and e.code not in "U+":
                    keep = [*keep, *([None] * (column - 1 - len(keep))), e]
            players[player_id] = replace(p, results=keep)
        return replace(
            self,
            players=players,
            acceleration={k: list(v) for k, v in self.acceleration.items()},
            forbidden_pairs=list(self.forbidden_pairs),
            absent={k: dict(v) for k, v in self.absent.items()},
            headers={k: list(v) for k, v in self.headers.items()},
            extra_lines=list(self.extra_lines),
            withdrawn=dict(self.withdrawn),
            corrections=list(self.corrections),
            warnings=list(self.warnings),
            team_event=None if self.team_event is None else self.team_event.before_round(
                round_number),
        )

    def renumbered(self, order: list[int] | None = None) -> Tournament:
        """A copy whose pairing numbers follow ``order`` (default: :meth:`initial_order`).

        Used before round 1, or to place a late entry (C.04.2 C / GHR 2.4: the late entrant takes
        its place in the initial order and every player below is renumbered). Every reference to
        a pairing number (opponents, acceleration, forbidden pairs, absences) is renumbered too.
        """
        order = self.initial_order() if order is None else order
        if sorted(order) != sorted(self.players):
            raise BadRequest("the new order must list every player exactly once")
        new_id = {old: i for i, old in enumerate(order, start=1)}
        t = Tournament(
            name=self.name,
            total_rounds=self.total_rounds,
            initial_colour=self.initial_colour,
            point_system=self.point_system,
            headers={k: list(v) for k, v in self.headers.items()},
            extra_lines=list(self.extra_lines),
            pair_by_rank=self.pair_by_rank,
            baku=self.baku,
            games_per_round=self.games_per_round,
        )
        for old in order:
            p = self.players[old]
            results = [
                None if e is None else RoundEntry(new_id.get(e.opponent, 0), e.colour, e.code)
                for e in p.results
            ]
            t.players[new_id[old]] = Player(
                new_id[old], p.name, p.rating, p.title, p.sex, p.federation, p.fide_id,
                p.birth_date, p.declared_points, p.declared_rank, results,
            )
        t.acceleration = {new_id[k]: list(v) for k, v in self.acceleration.items()}
        t.forbidden_pairs = [
            ForbiddenGroup(frozenset(new_id[i] for i in g.players), g.first_round, g.last_round)
            for g in self.forbidden_pairs
        ]
        t.absent = {r: {new_id[i]: c for i, c in m.items()} for r, m in self.absent.items()}
        t.withdrawn = {new_id[i]: r for i, r in self.withdrawn.items()}
        t.corrections = [replace(c, white=new_id[c.white], black=new_id[c.black])
                         for c in self.corrections]
        if self.team_event is not None:  # the members keep their teams under the new numbers
            ev = self.team_event.copy()
            for team in ev.teams.values():
                team.members = [new_id[m] for m in team.members]
                if team.captain is not None:
                    team.captain = new_id[team.captain]
            ev.lineups = {k: replace(v, players=tuple(new_id.get(m, 0) for m in v.players))
                          for k, v in ev.lineups.items()}
            t.team_event = ev
        return t

    def add_late_entry(self, player: Player) -> Tournament:
        """A copy with ``player`` inserted at its place in the initial order (C.04.2 C).

        The entrant goes before the first player it outranks (C.04.2 B.2 keys); the players
        above keep their numbers and those below move down by one. The existing order is kept
        as it is (it may differ from the rating order: GHR 2.3 freezes numbers after round 4).
        """
        if player.id in self.players:
            raise BadRequest(f"player id {player.id} already exists")
        order = sorted(self.players)
        key = player.initial_order_key()
        place = next(
            (i for i, pid in enumerate(order) if key < self.players[pid].initial_order_key()),
            len(order),
        )
        with_entrant = replace(self, players={**self.players, player.id: player})
        return with_entrant.renumbered([*order[:place], player.id, *order[place:]])

    def inferred_initial_colour(self) -> Colour | None:
        """The initial colour of a file that does not give it (no ``XXC`` / ``152``), from the
        colours of round 1; None when round 1 has no coloured game.

        TRF-2026 ``152``: the initial colour is the colour of the highest-ranked participant
        paired in round 1; below it colours alternate by pairing number among the players
        paired in that round (E.5 / 5.2.5 / E5, ``docs/dutch.md`` section 5). Players with a
        requested bye, an absence or no cell in round 1 were not paired and are not counted.
        """
        number = 0
        for pid in sorted(self.players):
            e = self.players[pid].entry(1)
            if e is None or (e.is_bye and e.kind is not ResultKind.PAIRING_BYE):
                continue
            number += 1
            if e.opponent and e.colour is not None and pid < e.opponent:
                # the higher-ranked player of the first coloured board (round 1: by number)
                return e.colour if number % 2 == 1 else e.colour.opposite
        return None

    def virtual_points(self, player_id: int, round_number: int) -> float:
        """Virtual points of a player for pairing ``round_number`` (C.04.7 1.4): the file's
        ``XXA`` / ``250`` values, else the computed Baku values when :attr:`baku` is set, else 0.
        Never part of the standings or tie-breaks. For every player at once use
        :func:`.acceleration.virtual_points_table`."""
        from .acceleration import virtual_points

        return virtual_points(self, player_id, round_number)


@dataclass(frozen=True, slots=True)
class ResultCorrection:
    """A result of round ``round`` (board ``board``, ``white`` against ``black``) changed from
    the codes ``before`` to ``after`` (white's, black's) when rounds up to ``paired`` were
    already paired.

    C.04.2 4.3: a corrected result counts for the pairings made after the correction; the
    rounds paired before it stand. Those rounds (``round < r <= paired``) were paired from the
    result ``before``: the checker checks them with it (docs/checker.md, "Corrected results").
    """

    round: int
    board: int
    white: int
    black: int
    before: tuple[str, str]
    after: tuple[str, str]
    paired: int

    def paired_before(self, round_number: int) -> bool:
        """Whether ``round_number`` was paired before this correction (and after its round)."""
        return self.round < round_number <= self.paired


@dataclass(frozen=True, slots=True)
class ForbiddenGroup:
    """Players of which no two may meet, in rounds ``first_round``..``last_round`` (None = all)."""

    players: frozenset[int]
    first_round: int | None = None
    last_round: int | None = None

    def forbids(self, a: int, b: int, round_number: int) -> bool:
        if a not in self.players or b not in self.players:
            return False
        if self.first_round is not None and round_number < self.first_round:
            return False
        return not (self.last_round is not None and round_number > self.last_round)


@functools.total_ordering
@dataclass(frozen=True, slots=True)
class Board:
    """One pair of a round: ``white`` plays ``black``."""

    white: int
    black: int

    def __lt__(self, other: Board) -> bool:
        return (self.white, self.black) < (other.white, other.black)


@dataclass(slots=True)
class Pairing:
    """The pairing of one round: boards with colours, the pairing-allocated bye, the unpaired.

    ``unpaired`` maps the players left out on purpose (requested byes, absences) to their code.
    """

    round_number: int
    boards: list[Board] = field(default_factory=list)
    bye: int | None = None
    unpaired: dict[int, str] = field(default_factory=dict)
    #: what the arbiter must know about this pairing (a rule the engine had to relax)
    warnings: list[str] = field(default_factory=list)
    #: the explanation asked for (``swisspairing.pair(..., explain=True)``): an
    #: ``systems.explain.Explanation``, rendered with ``.render("en" or "fr")``
    explanation: Any = field(default=None, compare=False)

    def players(self) -> set[int]:
        out = {b.white for b in self.boards} | {b.black for b in self.boards}
        if self.bye is not None:
            out.add(self.bye)
        return out

    def publication_order(self, tournament: Tournament) -> list[Board]:
        """Boards sorted for publication (C.04.2 D.9 / GHR 3.6).

        Keys, in order: the score of the higher-ranked player of the pair, then the sum of both
        scores (both descending), then the pairing number of the higher-ranked player.
        "Higher-ranked" is the player with the higher score, then the smaller pairing number.
        With acceleration the score is the pairing score, virtual points included (C.04.7 1.5).
        """
        from .acceleration import virtual_points_table

        before = self.round_number - 1
        r = self.round_number
        virtual = virtual_points_table(tournament)

        def score(pid: int) -> float:
            values = virtual.get(pid, ())
            extra = values[r - 1] if r <= len(values) else 0.0
            return round_points(tournament.points_after(pid, before) + extra)

        def key(b: Board) -> tuple[float, float, int]:
            sw = score(b.white)
            sb = score(b.black)
            higher = min((-sw, b.white), (-sb, b.black))
            return (higher[0], -(sw + sb), higher[1])

        return sorted(self.boards, key=key)
