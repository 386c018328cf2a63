"""The French federation's Elo-based Swiss system (``elo-swiss``).

Source: ``../shared/seeds/elo-based-swiss-ffe.fr.txt`` (sections A-E). How the text is read where
it is ambiguous is recorded in ``docs/elo-swiss.md``; the rule numbers below are the text's.

Outline of :meth:`EloSwiss.pair`:

* A.2 - players are ordered by score, Elo, title, name (then pairing number);
* A.3 - players of one score form a level, processed from the highest; players left unpaired
  float to the next level, which becomes heterogeneous (unless at least half of it came from
  above, then it is treated as homogeneous);
* A.6/C2-C6 - each level (or the floaters of a heterogeneous level, then its residual level) is
  split in S1/S2 and S1[i] is paired with S2[i];
* C7/D1 - permutations of S2 in increasing lexicographic order;
* C8/D2 - exchanges between S1 and S2 (smallest difference of numbers, then weakest S1 player);
* C9/C10 - B6 then B5 are dropped, first for downfloaters, then for upfloaters;
* C11/C14 - fewer pairs (p decreases, more players float);
* C1/C12/C13 - a level only keeps a pairing after which the rest of the round can still be
  paired (B1, B2); among those with the same number of pairs it prefers one whose floaters can
  all be paired in the next level (C12); the last level must leave at most one player, eligible
  for the bye (A.5, B1 b);
* C.04.1 f-h - colours (this text has no colour rules of its own; B2, cited by C1/C6/E6 but not
  defined here, is read as C.04.1 f and g).
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field

from ..errors import NoValidPairing
from ..matching import (
    augment_path,
    bipartite_covers,
    max_cardinality_matching,
    without_pair,
)
from ..matching.bitsets import BitGraph, bits, mask_of
from ..model import Board, Pairing, Tournament
from ..model.results import Colour, ResultKind
from ..model.state import Float, PlayerState, RoundRecord, build_states
from ..model.tournament import title_rank
from .explain import Explanation, fr_number

#: Relaxation stages of the relative criteria, in the order C9 then C10 give up on them.
#: Each item: (stage for downfloaters, stage for upfloaters); 0 = B5 and B6 apply,
#: 1 = B6 dropped, 2 = B6 and B5 dropped.
RELAXATIONS: tuple[tuple[int, int], ...] = ((0, 0), (1, 0), (2, 0), (2, 1), (2, 2))

#: How many candidate pairings one level may try before the fallback (see docs/elo-swiss.md).
CANDIDATE_LIMIT = 4000
#: How many exchange sets one stage may try (D2) before giving up on that stage.
EXCHANGE_LIMIT = 2500
#: How many completion graphs or repaired matchings the D1 search of one level may use to
#: prune its branches (C10-C13 look-ahead); past it the branches are tried one by one as before.
MATCHING_WORK_LIMIT = 3000
#: Up to this many possible sets of floaters in S2, a split with two floaters or more is
#: decided by testing each set (C12/C13 answers are kept per set); above it, by one matching
#: over the split and the lower levels (:class:`_StageCompletions`).
FLOATER_SETS_LIMIT = 128
#: Up to this many possible sets of floaters in a whole stage, the stage is first tested set
#: by set: when no set works, none of its splits is tried.
LEVEL_FLOATER_SETS_LIMIT = 512

#: Unplayed rounds that count as a point "received without playing" (B1 b) and as a
#: downfloat (A.4 a, A.5).
POINT_WITHOUT_PLAYING = frozenset(
    {ResultKind.PAIRING_BYE, ResultKind.FORFEIT_WIN, ResultKind.FULL_POINT_BYE}
)


def elo_float_policy(record: RoundRecord) -> Float | None:
    """A.4 a / A.5: a bye or a forfeit win is a downfloat; a forfeit loss (and any other
    unplayed round) is no float at all."""
    return Float.DOWN if record.kind in POINT_WITHOUT_PLAYING else None


# --------------------------------------------------------------------------------------------
# D1 and D2: the order of permutations and exchanges
# --------------------------------------------------------------------------------------------
def d1_permutations(s2: Sequence[int], p: int | None = None) -> Iterator[tuple[int, ...]]:
    """D1: the arrangements of S2, the identity first, then "all the numbers that can be written
    with 5, 6, 7, 8 in increasing order" (5678, 5687, 5768, ...). With S2 larger than the
    number of pairs ``p``, only the first ``p`` places matter: arrangements that differ only
    after place ``p`` are the same pairing and are given once."""
    p = len(s2) if p is None else p
    yield from itertools.permutations(s2, p)


def d2_exchanges(n: int, p: int, size: int) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """D2: the exchanges of ``size`` players between S1 = 1..p and S2 = p+1..n, in order.

    Numbers are places in the level (A.2 order). Order: the smallest difference between the
    sum of the numbers coming from S2 and the sum of those leaving S1; on equal difference the
    exchange concerning the weakest S1 player (largest number, then the next largest); then the
    strongest S2 players (docs/elo-swiss.md). Each item is (numbers leaving S1, numbers leaving S2).
    """
    s1 = range(1, p + 1)
    s2 = range(p + 1, n + 1)
    out = [
        (a, b)
        for a in itertools.combinations(s1, size)
        for b in itertools.combinations(s2, size)
    ]
    out.sort(key=lambda ab: (sum(ab[1]) - sum(ab[0]), sorted(-x for x in ab[0]), ab[1]))
    return out


def d2_splits(n: int, p: int) -> Iterator[tuple[list[int], list[int], str]]:
    """C4/C8: S1 and S2 (as places 1..n) before any exchange, then after each D2 exchange,
    re-sorted by A.2 (places are A.2 ranks, so sorting the numbers re-sorts the players).
    The third item says which exchange was made ('' for none)."""
    yield list(range(1, p + 1)), list(range(p + 1, n + 1)), ""
    for size in range(1, min(p, n - p) + 1):
        for out1, out2 in d2_exchanges(n, p, size):
            s1 = sorted((set(range(1, p + 1)) - set(out1)) | set(out2))
            s2 = sorted((set(range(p + 1, n + 1)) - set(out2)) | set(out1))
            yield s1, s2, f"{'+'.join(map(str, out1))}<->{'+'.join(map(str, out2))}"


# --------------------------------------------------------------------------------------------
# matchings
# --------------------------------------------------------------------------------------------
def max_matching_size(n: int, adj: Sequence[Sequence[int]]) -> int:
    """Size of a maximum matching of a general graph (the shared Edmonds implementation).

    ``adj[v]`` lists the neighbours of vertex ``v`` (0..n-1). Used to know whether the rest of
    a round can still be paired (C12, C13)."""
    return len(max_cardinality_matching(range(n), dict(enumerate(adj)))) // 2


# --------------------------------------------------------------------------------------------
# the pairing context: criteria B1, B2, B5, B6 for one round
# --------------------------------------------------------------------------------------------
@dataclass(slots=True)
class Candidate:
    """One pairing of a level: its pairs (S1 player first), floaters and how it was found."""

    pairs: list[tuple[int, int]]
    floaters: tuple[int, ...]
    relax: tuple[int, int]
    notes: list[tuple[str, str, str]] = field(default_factory=list)


class Round:
    """Everything the rules need to know about the players of the round to pair."""

    def __init__(self, tournament: Tournament, round_number: int, use_b2: bool) -> None:
        self.t = tournament
        self.r = round_number
        self.use_b2 = use_b2
        self.states: dict[int, PlayerState] = build_states(tournament, round_number)
        self.rank: dict[int, tuple[float, int, int, str, int]] = {
            pid: self.a2_key(pid) for pid in tournament.players
        }
        win = tournament.point_system.win
        last = tournament.total_rounds is not None and round_number == tournament.total_rounds
        #: NOTE after B6: B5/B6 do not apply, in the last round, to players above 50 %.
        self.b56_exempt = {
            pid
            for pid, s in self.states.items()
            if last and s.score > win * (round_number - 1) / 2
        }
        self._oracle: dict[
            tuple[frozenset[int], frozenset[int] | None, frozenset[int]], bool
        ] = {}
        self.barred = self._barred()
        self._pair_rules: dict[int, PairRule] = {}
        self._neighbours: dict[int, list[int]] = {}
        self._base_matchings: dict[frozenset[int], dict[int, int]] = {}
        #: answers of :class:`FloaterTest` (floaters, lower levels) -> bool
        #: matching work left to the D1 search of the level being paired (MATCHING_WORK_LIMIT)
        self.matching_work = [MATCHING_WORK_LIMIT]
        self.floater_answers: dict[tuple[frozenset[int], frozenset[int]], bool] = {}
        #: answers of the whole-stage floater test of :func:`_stage`
        self.stage_answers: dict[
            tuple[frozenset[int], frozenset[int], int, int, frozenset[int], frozenset[int]], bool
        ] = {}

    # A.2
    def a2_key(self, pid: int) -> tuple[float, int, int, str, int]:
        """A.2: score, Elo, title (grade), name, all decreasing in strength; then number."""
        p = self.t.players[pid]
        s = self.states[pid]
        return (-s.pairing_score, -p.rating, title_rank(p.title), p.name.casefold(), pid)

    def sort(self, ids: Iterable[int]) -> list[int]:
        return sorted(ids, key=self.rank.__getitem__)

    def score(self, pid: int) -> float:
        return self.states[pid].pairing_score

    # B1, B2
    def colour_allowed(self, pid: int, colour: Colour) -> bool:
        """C.04.1 f and g (our B2): with ``colour`` the player's colour difference stays within
        -2..+2 and he does not get the same colour three times in a row."""
        s = self.states[pid]
        cd = s.colour_difference + (1 if colour is Colour.WHITE else -1)
        if abs(cd) > 2:
            return False
        return not (len(s.colours) >= 2 and s.colours[-1] is colour and s.colours[-2] is colour)

    def _barred(self) -> dict[int, int]:
        """Per player, the bit set of the players he may not meet (himself included): B1 a,
        the forbidden pairs, and B2 when it applies (no colour allocation meets C.04.1 f-g)."""
        ids = list(self.t.players)
        everyone = mask_of(ids)
        can_white = mask_of(i for i in ids if self.colour_allowed(i, Colour.WHITE))
        can_black = mask_of(i for i in ids if self.colour_allowed(i, Colour.BLACK))
        barred = {}
        for pid in ids:
            m = (1 << pid) | mask_of(self.states[pid].opponents)
            if self.use_b2:
                partners = ((can_black if (can_white >> pid) & 1 else 0)
                            | (can_white if (can_black >> pid) & 1 else 0))
                m |= everyone & ~partners
            barred[pid] = m
        for group in self.t.forbidden_pairs:
            members = [i for i in group.players if i in self.t.players]
            for a in members:
                for b in members:
                    if a != b and group.forbids(a, b, self.r):
                        barred[a] |= 1 << b
        return barred

    def compatible(self, a: int, b: int) -> bool:
        """B1 a (never met over the board; E2: a bye or forfeit is not a meeting), the
        tournament's forbidden pairs, and B2 (a colour allocation meeting C.04.1 f-g exists)."""
        return not (self.barred[a] >> b) & 1

    def colours_possible(self, a: int, b: int) -> bool:
        return (
            self.colour_allowed(a, Colour.WHITE) and self.colour_allowed(b, Colour.BLACK)
        ) or (self.colour_allowed(a, Colour.BLACK) and self.colour_allowed(b, Colour.WHITE))

    def bye_eligible(self, pid: int) -> bool:
        """B1 b: no bye for a player who already received a point without playing."""
        return not any(r.kind in POINT_WITHOUT_PLAYING for r in self.states[pid].rounds)

    # B5, B6
    def may_float(self, pid: int, direction: Float, stage: int) -> bool:
        """B5 (not the same float as last round) and B6 (nor as two rounds ago); ``stage`` 1
        drops B6, 2 drops both (C9, C10). Not applied to last-round players above 50 %."""
        if stage >= 2 or pid in self.b56_exempt:
            return True
        s = self.states[pid]
        if s.float_in(self.r - 1, elo_float_policy) is direction:
            return False
        return stage >= 1 or s.float_in(self.r - 2, elo_float_policy) is not direction

    def pair_rule(self, up_stage: int) -> PairRule:
        """:meth:`pair_allowed` at ``up_stage`` as a callable holding its bit sets."""
        rule = self._pair_rules.get(up_stage)
        if rule is None:
            rule = self._pair_rules[up_stage] = PairRule(self, up_stage)
        return rule

    def pair_allowed(self, a: int, b: int, up_stage: int) -> bool:
        """B1/B2, and B5/B6 for the lower-scored player who floats up (A.4)."""
        if not self.compatible(a, b):
            return False
        sa, sb = self.score(a), self.score(b)
        if sa == sb:
            return True
        low = b if sa > sb else a
        return self.may_float(low, Float.UP, up_stage)

    # the rest of the round can still be paired (C12, C13)
    def neighbours(self, pid: int) -> list[int]:
        """The players ``pid`` may meet (B1, B2) and the bye vertex if he may get the bye
        (B1 b); the bye vertex's are the players allowed the bye. Computed once per player."""
        got = self._neighbours.get(pid)
        if got is None:
            if pid == BYE_VERTEX:
                got = [q for q in self.t.players if self.bye_eligible(q)]
            else:
                got = list(bits(mask_of(self.t.players) & ~self.barred[pid]))
                if self.bye_eligible(pid):
                    got.append(BYE_VERTEX)
            self._neighbours[pid] = got
        return got

    def completable_over(self, extra: frozenset[int], base: frozenset[int]) -> bool:
        """``completable(extra | base)``, from a maximum matching of ``base`` kept for the
        next call: only the players of ``extra`` and those ``base`` left unmatched (and the bye
        vertex) start an augmenting path. The same graph, so the same answer, for the many
        sets of floaters tried over the same lower levels (C12, C13)."""
        adj = _Neighbours(self)
        start = self._base_matchings.get(base)
        if start is None:
            start = self._base_matchings[base] = _maximum_matching(base, adj)
        verts = set(base | extra)
        if len(verts) % 2:
            verts.add(BYE_VERTEX)
        mate = dict(start)
        exposed = [v for v in sorted(verts) if v not in mate]
        for n, v in enumerate(exposed):
            if v in mate or self._short_augment(v, verts, mate):
                continue
            if not any(u not in mate for u in exposed[n + 1:]):
                break  # a path needs another exposed vertex
            augment_path(v, verts, adj, mate)
        return len(mate) == len(verts)

    def _joined(self, a: int, b: int) -> bool:
        """An edge of the completion graph: B1/B2, or the bye vertex and a player allowed the
        bye (B1 b)."""
        if a == BYE_VERTEX:
            return b != BYE_VERTEX and self.bye_eligible(b)
        if b == BYE_VERTEX:
            return self.bye_eligible(a)
        return self.compatible(a, b)

    def _short_augment(self, v: int, verts: set[int], mate: dict[int, int]) -> bool:
        """An augmenting path of one or three edges from the exposed ``v`` to another exposed
        vertex, applied to ``mate`` if there is one (in a dense graph there nearly always is;
        when not, :func:`augment_path` searches them all: the same maximum size)."""
        exposed = [u for u in verts if u != v and u not in mate]
        for u in exposed:
            if self._joined(v, u):
                mate[v], mate[u] = u, v
                return True
        for a in self.neighbours(v):
            b = mate.get(a)
            if a not in verts or b is None:
                continue
            for u in exposed:
                if self._joined(b, u):
                    mate[v], mate[a], mate[b], mate[u] = a, v, u, b
                    return True
        return False

    def completable(self, players: Iterable[int], restrict: frozenset[int] | None = None,
                    floaters: frozenset[int] = frozenset()) -> bool:
        """True when ``players`` can all be paired among themselves (B1, B2), one of them
        taking the bye if they are odd (A.5, B1 b). With ``restrict``, the ``floaters`` may
        only be paired with players of ``restrict`` (C12: in the next level)."""
        ids = frozenset(players)
        key = (ids, restrict, floaters)
        got = self._oracle.get(key)
        if got is not None:
            return got
        # the same graph on bit sets (BitGraph): C12's restriction bars the floaters from
        # everyone outside ``restrict``; an odd set adds a bye vertex (bit above every id)
        barred = {pid: self.barred[pid] for pid in ids}
        if restrict is not None:
            allowed = mask_of(restrict | floaters)
            floater_mask = mask_of(floaters)
            for pid in ids:
                if pid in floaters:
                    barred[pid] |= ~allowed
                elif pid not in restrict:
                    barred[pid] |= floater_mask
        vertices = list(ids)
        if len(ids) % 2:
            bye = max(self.t.players, default=0) + 1
            takers = mask_of(pid for pid in ids if self.bye_eligible(pid)
                             and (restrict is None or pid not in floaters))
            for pid in ids:
                if not (takers >> pid) & 1:
                    barred[pid] |= 1 << bye
            barred[bye] = (1 << bye) | (mask_of(ids) & ~takers)
            vertices.append(bye)
        got = BitGraph(barred).perfect(vertices)
        self._oracle[key] = got
        return got


class PairRule:
    """:meth:`Round.pair_allowed` at one upfloat stage (B1, B2, and B5/B6 for the player who
    floats up), callable as ``rule(a, b)``, with the same relation as bit sets
    (:attr:`graph`) for the assignment questions of the S1/S2 searches."""

    def __init__(self, rd: Round, up_stage: int) -> None:
        self.rd = rd
        self.up_stage = up_stage
        ids = list(rd.t.players)
        stuck = {pid for pid in ids if not rd.may_float(pid, Float.UP, up_stage)}
        scores = sorted({rd.score(pid) for pid in ids})
        # per score: the players below it who may not float up, and the players above it
        below_stuck = {s: mask_of(i for i in stuck if rd.score(i) < s) for s in scores}
        above = {s: mask_of(i for i in ids if rd.score(i) > s) for s in scores}
        barred = {}
        for pid in ids:
            s = rd.score(pid)
            m = rd.barred[pid] | below_stuck[s]
            if pid in stuck:
                m |= above[s]
            barred[pid] = m
        self.graph = BitGraph(barred)

    def __call__(self, a: int, b: int) -> bool:
        return not (self.graph.barred[a] >> b) & 1


def _assigns(left: Sequence[int], right: Sequence[int], ok: Callable[[int, int], bool]
             ) -> bool:
    """Every player of ``left`` gets a distinct partner in ``right`` under ``ok``; on bit
    sets when ``ok`` is a :class:`PairRule` (the same answer)."""
    if isinstance(ok, PairRule):
        return ok.graph.assigns(left, right)
    return bipartite_covers(left, right, ok)


class _Neighbours(Mapping[int, list[int]]):
    """:meth:`Round.neighbours` as the adjacency the matching functions read."""

    def __init__(self, rd: Round) -> None:
        self.rd = rd

    def __getitem__(self, pid: int) -> list[int]:
        return self.rd.neighbours(pid)

    def __iter__(self) -> Iterator[int]:
        return iter(self.rd.t.players)

    def __len__(self) -> int:
        return len(self.rd.t.players)


@dataclass(frozen=True, slots=True)
class FloaterTest:
    """C12/C13 look-ahead for the players a level leaves unpaired (its floaters ``f``).

    Not the last level: ``f``, the players already floating (``also``) and the players of the
    lower levels can still all be paired (B1, B2; a bye if they are odd, B1 b). The last level:
    at most one player is left, allowed the bye (A.5, B1 b)."""

    rd: Round
    lower: frozenset[int]
    last: bool
    also: frozenset[int] = frozenset()

    def __call__(self, floaters: frozenset[int]) -> bool:
        left = floaters | self.also
        if self.last:
            return len(left) == 0 or (len(left) == 1 and self.rd.bye_eligible(next(iter(left))))
        key = (left, self.lower)  # the hash of ``lower`` is computed once (frozenset)
        got = self.rd.floater_answers.get(key)
        if got is None:
            got = self.rd.floater_answers[key] = self.rd.completable_over(left, self.lower)
        return got

    def with_also(self, more: Iterable[int]) -> FloaterTest:
        return FloaterTest(self.rd, self.lower, self.last, self.also | frozenset(more))


class _Completion:
    """Whether a partial pairing can still be completed, as one perfect-matching question.

    ``verts`` and ``adj`` are a graph whose perfect matchings are exactly the ways to finish
    the pairing; ``mate`` is a perfect matching of it. :meth:`without` fixes one more pair
    (both players leave the graph) and repairs the matching from the two partners it loses
    (Edmonds' augmenting paths, :func:`~swisspairing.matching.without_pair`), so that each
    branch of the D1 search is decided by one or two path searches instead of enumeration."""

    __slots__ = ("adj", "mate", "shadow", "verts")

    def __init__(self, verts: set[int], adj: Mapping[int, Iterable[int]],
                 mate: dict[int, int] | None = None,
                 shadow: Callable[[int], int] = lambda pid: pid) -> None:
        self.verts = verts
        self.adj = adj
        self.shadow = shadow  # the vertex of an S1 player
        self.mate = _maximum_matching(verts, adj) if mate is None else mate

    @property
    def perfect(self) -> bool:
        return len(self.mate) == len(self.verts)

    def without(self, a: int, b: int) -> _Completion | None:
        """The completion after pairing ``a`` (of S1) with ``b``; None when none is left."""
        rest, mate = without_pair(self.verts, self.adj, self.mate, self.shadow(a), b)
        if len(mate) != len(rest):
            return None
        return _Completion(rest, self.adj, mate, self.shadow)


def _maximum_matching(verts: Collection[int], adj: Mapping[int, Iterable[int]]
                      ) -> dict[int, int]:
    """A maximum matching of the subgraph of ``adj`` induced by ``verts`` (both-ways map):
    greedy, then Edmonds' augmenting paths from the vertices it left exposed, while at least
    two are (a path joins two exposed vertices, so the search from the last one alone would
    only explore the whole graph to find nothing). Only its size is read (perfect or not)."""
    vs = set(verts)
    mate: dict[int, int] = {}
    for v in sorted(vs):
        if v in mate:
            continue
        for u in adj[v]:
            if u in vs and u != v and u not in mate:
                mate[v], mate[u] = u, v
                break
    exposed = [v for v in sorted(vs) if v not in mate]
    for n, v in enumerate(exposed):
        if v in mate:
            continue
        if not any(u not in mate for u in exposed[n + 1:]):
            break
        augment_path(v, vs, adj, mate)
    return mate


#: vertex of the completion graphs standing for the pairing-allocated bye (A.5, B1 b)
BYE_VERTEX = -1


def _shadow(pid: int) -> int:
    """The vertex of an S1 player in a completion graph: apart from his own id, so that the
    edges of the shared part (players who float, lower levels) never reach him."""
    return -1_000_000 - pid


class _Layers(Mapping[int, Iterable[int]]):
    """The adjacency of a completion graph: a part shared by every S1/S2 split of a stage, plus
    the split's own S1-S2 edges."""

    def __init__(self, shared: dict[int, set[int]], own: dict[int, list[int]]) -> None:
        self.shared = shared
        self.own = own

    def __getitem__(self, v: int) -> Iterable[int]:
        own = self.own.get(v)
        base = self.shared.get(v, ())
        return itertools.chain(base, own) if own else base

    def __iter__(self) -> Iterator[int]:
        return iter({*self.shared, *self.own})

    def __len__(self) -> int:
        return len({*self.shared, *self.own})


def _compatibility_graph(rd: Round, players: Iterable[int], bye: bool) -> dict[int, set[int]]:
    """B1/B2 edges between ``players`` (who may all be paired with each other later), and the
    bye vertex joined to those allowed the bye (B1 b) when ``bye``."""
    ids = list(players)
    adj: dict[int, set[int]] = {pid: set() for pid in ids}
    for a, b in itertools.combinations(ids, 2):
        if rd.compatible(a, b):
            adj[a].add(b)
            adj[b].add(a)
    if bye:
        adj[BYE_VERTEX] = {pid for pid in ids if rd.bye_eligible(pid)}
        for pid in adj[BYE_VERTEX]:
            adj[pid].add(BYE_VERTEX)
    return adj


class _StageCompletions:
    """C7 with C12/C13 for the splits of one stage with ``x`` >= 2 floaters (never in the last
    level, which leaves at most one player): S1[i] takes a player of S2 (``ok``), the S2 players
    left float (all in ``can_float``), and they, the players already floating and the lower
    levels can all be paired (B1, B2; the bye, B1 b). A perfect matching of the graph is such
    a pairing, so a permutation of S2 is in :func:`_valid_permutations`' answer exactly when
    the pairs it fixes keep one (what ``floater_ok`` accepts, decided without enumeration)."""

    def __init__(self, rd: Round, x: int, ok: Callable[[int, int], bool],
                 can_float: Collection[int], floater_ok: FloaterTest) -> None:
        self.sink = sorted(floater_ok.also | floater_ok.lower)
        self.bye = (x + len(self.sink)) % 2 == 1
        self.shared = _compatibility_graph(rd, [*can_float, *self.sink], self.bye)
        self.ok = ok

    def for_split(self, s1: Sequence[int], s2: Sequence[int]) -> _Completion:
        own: dict[int, list[int]] = {}
        for a in s1:
            va = _shadow(a)
            own[va] = [b for b in s2 if self.ok(a, b)]
            for b in own[va]:
                own.setdefault(b, []).append(va)
        verts = {*map(_shadow, s1), *s2, *self.sink, *([BYE_VERTEX] if self.bye else [])}
        return _Completion(verts, _Layers(self.shared, own), shadow=_shadow)


# --------------------------------------------------------------------------------------------
# one stage: S1/S2 with p pairs, D2 exchanges, D1 permutations
# --------------------------------------------------------------------------------------------
def _stage(
    rd: Round,
    players: Sequence[int],
    p: int,
    relax: tuple[int, int],
    floater_ok: FloaterTest,
    budget: list[int],
) -> Iterator[
    tuple[list[tuple[int, int]], tuple[int, ...], tuple[str, list[int], list[int]]]
]:
    """C4-C8 for a homogeneous (or residual) level: ``players`` in A.2 order, ``p`` pairs.

    Yields (pairs, floaters, (exchange, S1, S2)) in the order of the rules: no exchange then the D2
    exchanges (C8), and for each, the D1 permutations of S2 (C7). A permutation is kept when
    its pairs meet B1/B2 (and B5/B6 for an upfloater at ``relax[1]``) and its floaters may float
    down (B5/B6 at ``relax[0]``) and ``floater_ok`` accepts them (the rest can be paired);
    with two floaters or more that test is part of the search (:class:`_StageCompletions`)."""
    n = len(players)
    x = n - 2 * p
    if p < 0 or x < 0 or (x >= 2 and floater_ok.last):
        return  # the last level leaves at most one player (A.5)
    down, up = relax
    can_float = {pid for pid in players if rd.may_float(pid, Float.DOWN, down)}
    if x == 1:
        can_float = {pid for pid in can_float if floater_ok(frozenset({pid}))}
    elif x == 0 and not floater_ok(frozenset()):
        return

    ok = rd.pair_rule(up)

    # quick test: can this stage be paired at all, whatever S1 and S2 are?
    if not _stage_possible(players, x, ok, can_float):
        return
    if x >= 2 and math.comb(len(can_float), x) <= LEVEL_FLOATER_SETS_LIMIT:
        # C12/C13 for the whole stage: some set of floaters must both let the rest of the
        # round be paired and leave players that can be paired among themselves (whatever S1
        # and S2 are: every set of p players is S1 after some D2 exchange)
        key = (frozenset(players), frozenset(can_float), x, up, floater_ok.also, floater_ok.lower)
        possible = rd.stage_answers.get(key)
        if possible is None:
            possible = rd.stage_answers[key] = any(
                floater_ok(frozenset(floaters))
                and _stage_possible([pid for pid in players if pid not in floaters], 0, ok, set())
                for floaters in itertools.combinations(sorted(can_float), x)
            )
        if not possible:
            return
    completions = _StageCompletions(rd, x, ok, can_float, floater_ok) if x >= 2 else None
    for exchanges, (s1n, s2n, exchange) in enumerate(d2_splits(n, p), start=1):
        if exchanges > EXCHANGE_LIMIT:
            return
        s1 = [players[i - 1] for i in s1n]
        s2 = [players[i - 1] for i in s2n]
        must = [pid for pid in s2 if pid not in can_float]
        completion = None
        if completions is not None:
            if math.comb(len(s2), x) <= FLOATER_SETS_LIMIT:
                # few floater sets: each is tested once (``completable`` keeps the answers)
                if not _some_floaters(s1, s2, x, ok, can_float, floater_ok):
                    budget[0] -= 1  # what the dead permutations would have cost, at least
                    if budget[0] < 0:
                        return
                    continue
            else:
                completion = functools.partial(completions.for_split, s1, s2)
        for perm in _valid_permutations(s1, s2, must, ok, completion, budget, rd.matching_work):
            budget[0] -= 1
            if budget[0] < 0:
                return
            used = set(perm)
            floaters = tuple(pid for pid in s2 if pid not in used)
            if x >= 2 and not floater_ok(frozenset(floaters)):
                continue  # (known already while the matching work lasts)
            yield list(zip(s1, perm, strict=True)), floaters, (exchange, s1, s2)


def _some_floaters(
    s1: Sequence[int],
    s2: Sequence[int],
    x: int,
    ok: Callable[[int, int], bool],
    can_float: Collection[int],
    floater_ok: FloaterTest,
) -> bool:
    """C7 with C12/C13 when S2 has few sets of ``x`` floaters: whether some set of them, all
    allowed to float, accepted by ``floater_ok``, leaves S2 players that S1 can all take."""
    for floaters in itertools.combinations([pid for pid in s2 if pid in can_float], x):
        rest = [pid for pid in s2 if pid not in floaters]
        if floater_ok(frozenset(floaters)) and _assigns(s1, rest, ok):
            return True
    return False


def _stage_possible(
    players: Sequence[int], x: int, ok: Callable[[int, int], bool], can_float: set[int]
) -> bool:
    """Whether ``players`` can be paired leaving exactly ``x`` of them, all in ``can_float``:
    a perfect matching once ``x`` stand-ins, each allowed with every player of ``can_float``,
    are added."""
    if not isinstance(ok, PairRule):
        return _stage_possible_general(players, x, ok, can_float)
    base = ok.graph.barred
    top = max(base) + 1  # above every player's id
    stand_ins = [top + k for k in range(x)]
    members = mask_of(players)
    floaters = mask_of(pid for pid in players if pid in can_float)
    stand_in_mask = mask_of(stand_ins)
    barred = {pid: base[pid] | (0 if pid in can_float else stand_in_mask) for pid in players}
    for d in stand_ins:
        barred[d] = stand_in_mask | (members & ~floaters)
    return BitGraph(barred).perfect([*players, *stand_ins])


def _stage_possible_general(
    players: Sequence[int], x: int, ok: Callable[[int, int], bool], can_float: set[int]
) -> bool:
    """:func:`_stage_possible` for any relation ``ok`` (index-based matching)."""
    n = len(players)
    size = n + x
    adj: list[list[int]] = [[] for _ in range(size)]
    for i, j in itertools.combinations(range(n), 2):
        if ok(players[i], players[j]):
            adj[i].append(j)
            adj[j].append(i)
    for i, pid in enumerate(players):
        if pid in can_float:
            for d in range(n, size):
                adj[i].append(d)
                adj[d].append(i)
    return max_matching_size(size, adj) * 2 == size


def _valid_permutations(
    s1: Sequence[int],
    s2: Sequence[int],
    must: Sequence[int],
    ok: Callable[[int, int], bool],
    completion: Callable[[], _Completion] | None = None,
    budget: list[int] | None = None,
    work: list[int] | None = None,
) -> Iterator[tuple[int, ...]]:
    """D1 permutations of S2 (first ``len(s1)`` places) in which every S1[i]-S2[i] pair is
    allowed and every player of ``must`` is paired; depth-first in lexicographic order with a
    matching test at each step, so that dead branches are never explored. With
    ``completion`` (built only when some permutation exists), a branch is explored only while
    the pairs it fixes keep a perfect matching of that graph (what the rest of the round
    needs, C10-C13); when none is kept at all, that costs one unit of ``budget`` (the
    permutations it rules out would each have cost one). ``work`` bounds the matching work
    (one unit per graph or repaired matching): once spent, branches are no longer pruned, and
    the caller's own tests reject what the completion would have (the answer is the same)."""
    p = len(s1)
    chosen: list[int] = []

    def feasible(depth: int, free: list[int]) -> bool:
        rest = s1[depth:]
        if not _assigns(rest, free, ok):
            return False
        need = [m for m in must if m in free]
        return _assigns(need, rest, ok)  # ``ok`` is symmetric

    def rec(depth: int, free: list[int], done: _Completion | None) -> Iterator[tuple[int, ...]]:
        if depth == p:
            yield tuple(chosen)
            return
        a = s1[depth]
        for b in free:
            if not ok(a, b):
                continue
            rest = [f for f in free if f != b]
            if not feasible(depth + 1, rest):
                continue
            after = None
            if done is not None and (work is None or work[0] > 0):
                if work is not None:
                    work[0] -= 1
                after = done.without(a, b)
                if after is None:
                    continue
            chosen.append(b)
            yield from rec(depth + 1, rest, after)
            chosen.pop()

    if not feasible(0, list(s2)):
        return
    root = None
    if completion is not None and (work is None or work[0] > 0):
        if work is not None:
            work[0] -= 1
        root = completion()
    if root is not None and not root.perfect:
        if budget is not None:
            budget[0] -= 1
        return
    yield from rec(0, list(s2), root)


def _residual_completion(
    rd: Round,
    movers: Sequence[int],
    residents: Sequence[int],
    x: int,
    ok: Callable[[int, int], bool],
    floater_ok: FloaterTest,
) -> _Completion:
    """C10/C11 for a heterogeneous level: each floater from above takes a resident (``ok``),
    and the residents left form a residual level that passes the quick test of :func:`_stage`
    (``x`` of them float) at its most relaxed stage (B5 and B6 dropped for downfloaters, C9).
    A perfect matching of this graph (movers, residents, ``x`` float places) is such a
    pairing: a permutation failing it yields no pairing, so the search skips it without
    changing its answer, and stops trying every opponent of every floater."""
    if x == 0:
        floatable: list[int] = []
    elif x == 1:
        floatable = [pid for pid in residents if floater_ok(frozenset({pid}))]
    else:
        floatable = list(residents)
    places = [BYE_VERTEX - 1 - k for k in range(x)]
    adj: dict[int, set[int]] = {v: set() for v in [*map(_shadow, movers), *residents, *places]}

    def join(a: int, b: int) -> None:
        adj[a].add(b)
        adj[b].add(a)

    for a in movers:
        for b in residents:
            if ok(a, b):
                join(_shadow(a), b)
    for a, b in itertools.combinations(residents, 2):
        if ok(a, b):
            join(a, b)
    for pid in floatable:
        for place in places:
            join(pid, place)
    if x == 0 and not floater_ok(frozenset()):
        adj[BYE_VERTEX] = set()  # an isolated vertex: no perfect matching
    return _Completion(set(adj), adj, shadow=_shadow)


# --------------------------------------------------------------------------------------------
# one level
# --------------------------------------------------------------------------------------------
def _homogeneous(
    rd: Round,
    players: list[int],
    outer: tuple[int, ...],
    pinned: list[tuple[int, int]],
    floater_ok: FloaterTest,
    budget: list[int],
    relaxations: Sequence[tuple[int, int]] = RELAXATIONS,
    only_p: int | None = None,
) -> Iterator[Candidate]:
    """A homogeneous level (C2-C9, C11, C14): p = n // 2 pairs (A.6), x = n % 2 (A.8), and
    while no pairing is found, B6 then B5 are dropped (C9, C10), then p decreases (C11, C14)."""
    n = len(players)
    p_values = range(n // 2, -1, -1) if only_p is None else (only_p,)
    for p in p_values:
        for relax in relaxations:
            for pairs, floaters, (exchange, s1, s2) in _stage(
                rd, players, p, relax, floater_ok.with_also(outer), budget
            ):
                notes = []
                if p < n // 2 and only_p is None:
                    notes.append((f"no pairing with {n // 2} pairs: p lowered to {p}",
                                  f"aucun appariement à {n // 2} paires : p ramené à {p}", "C14"))
                if exchange:
                    notes.append((f"exchange {exchange} between S1 and S2",
                                  f"échange {exchange} entre S1 et S2", "D2"))
                notes.append((f"S1: {_ids(s1)}; S2: {_ids(s2)}",
                              f"S1 : {_ids(s1)} ; S2 : {_ids(s2)}", "A.6"))
                order = [b for _, b in pairs]
                if order != s2[: len(order)]:
                    notes.append((f"S2 permuted: {_ids(order)}", f"S2 permuté : {_ids(order)}",
                                  "C7, D1"))
                yield Candidate(pinned + pairs, outer + floaters, relax, notes)
            if budget[0] < 0:
                return


def _heterogeneous(
    rd: Round,
    movers: list[int],
    residents: list[int],
    outer: tuple[int, ...],
    floater_ok: FloaterTest,
    budget: list[int],
) -> Iterator[Candidate]:
    """A heterogeneous level (A.3, A.6, C6, C10-C12): S1 = the players from above, S2 = the
    residents; p = len(S1). After the floaters are paired, the residents left form the residual
    level, paired as a homogeneous one. Order: fewest players dropped from the residual (C11),
    then upfloater relaxation (C10), then the D1 permutations of the floaters' opponents (C7,
    C10: the lowest floater gets another opponent first), then the residual's own search."""
    n_res = len(residents)
    for p_h in range(len(movers), -1, -1):
        subsets = (
            [tuple(movers)] if p_h == len(movers) else itertools.combinations(movers, p_h)
        )
        for s1 in subsets:
            left = tuple(m for m in movers if m not in s1)
            for drop in range(0, (n_res - p_h) // 2 + 1):
                residual_floaters = (n_res - p_h) % 2 + 2 * drop
                for up in (0, 1, 2):
                    up_ok = rd.pair_rule(up)

                    # C10's note: the D1-first opponents of the floaters, residual aside
                    first: tuple[int, ...] | None = None
                    for perm in _valid_permutations(
                        list(s1), residents, [], up_ok,
                        functools.partial(_residual_completion, rd, s1, residents,
                                          residual_floaters, up_ok,
                                          floater_ok.with_also(outer + left)),
                        budget, rd.matching_work,
                    ):
                        budget[0] -= 1
                        if budget[0] < 0:
                            return
                        if first is None:
                            first = next(_valid_permutations(list(s1), residents, [], up_ok))
                        het = list(zip(s1, perm, strict=True))
                        het_note = (
                            f"floaters: S1: {_ids(s1)}; S2: {_ids(residents)}; "
                            f"paired with {_ids(perm)}",
                            f"flotteurs : S1 : {_ids(s1)} ; S2 : {_ids(residents)} ; "
                            f"appariés à {_ids(perm)}", "A.6, C6")
                        residual = [r for r in residents if r not in perm]
                        rp = len(residual) // 2 - drop
                        if rp < 0:
                            continue
                        for cand in _homogeneous(
                            rd, residual, outer + left, het, floater_ok, budget,
                            relaxations=tuple((d, up) for d in (0, 1, 2)),
                            only_p=rp,
                        ):
                            cand.notes.insert(0, het_note)
                            if perm != first:
                                cand.notes.insert(1, (
                                    "the floaters' earlier opponents left the residual level "
                                    "unpairable: the lowest floater got another opponent",
                                    "les adversaires précédents des flotteurs rendaient le "
                                    "niveau résiduel inappariable : le plus petit flotteur a "
                                    "reçu un autre adversaire", "C10"))
                            if drop:
                                cand.notes.append((
                                    f"residual level: {drop} pair(s) fewer, more players float",
                                    f"niveau résiduel : {drop} paire(s) de moins, plus de "
                                    "flotteurs", "C11"))
                            if up:
                                cand.notes.append((
                                    f"B{'6' if up == 1 else '6 and B5'} dropped for upfloaters",
                                    f"B{'6' if up == 1 else '6 et B5'} abandonné(s) pour les "
                                    "flotteurs montants", "C10"))
                            if left:
                                cand.notes.append((
                                    "could not pair " + ", ".join(map(str, left))
                                    + " here: they float on",
                                    "impossible d'apparier " + ", ".join(map(str, left))
                                    + " ici : ils flottent plus bas", "C12"))
                            yield cand
                        if budget[0] < 0:
                            return


# --------------------------------------------------------------------------------------------
# the system
# --------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class EloSwiss:
    """The French federation's Elo-based Swiss system."""

    name: str = "elo-swiss"

    def pair(
        self,
        tournament: Tournament,
        round_number: int | None = None,
        explain: Explanation | None = None,
    ) -> Pairing:
        r = tournament.next_round if round_number is None else round_number
        unpaired = tournament.not_paired_in(r)
        ids = [pid for pid in tournament.players if pid not in unpaired]
        notes: list[tuple[str, str, int, str]] = []
        rd = Round(tournament, r, use_b2=True)
        result = _pair_levels(rd, ids, notes)
        if result is None:
            notes.append((
                "no pairing meets C.04.1 f-g (B2) for every player: colour limits relaxed",
                "aucun appariement ne respecte C.04.1 f-g (B2) pour tous : limites de "
                "couleur levées", 0, "B2"))
            rd = Round(tournament, r, use_b2=False)
            result = _pair_levels(rd, ids, notes)
        if result is None:
            raise NoValidPairing(
                f"round {r}: no pairing meets B1 (players meet once; no second bye)"
            )
        pairs, bye = result
        boards = []
        notes.append(("colours by the basic rules (the text has none of its own)",
                      "couleurs selon les règles de base (le texte n'en prévoit pas)", 0,
                      "C.04.1 f-h"))
        for a, b in pairs:
            white, black, why_en, why_fr, rule = allocate_colours(rd, a, b)
            boards.append(Board(white, black))
            notes.append((f"{white}-{black}: {why_en}", f"{white}-{black} : {why_fr}", 1, rule))
        boards = publication_order(rd, boards)
        if bye is not None:
            notes.append((f"bye: {bye} (left unpaired after the last level)",
                          f"exempt : {bye} (seul non apparié après le dernier niveau)", 0, "A.5"))
        if explain is not None:
            for en, fr, level, rule in notes:
                explain.add(en, fr, level=level, rule=rule)
        return Pairing(r, boards, bye, dict(unpaired))


ELO_SWISS = EloSwiss()


def _pair_levels(
    rd: Round, ids: list[int], notes: list[tuple[str, str, int, str]]
) -> tuple[list[tuple[int, int]], int | None] | None:
    """A.3, C1-C14: the levels from the highest score down. None when B1 (and B2) cannot be
    met by any pairing of the round."""
    if not rd.completable(ids):
        return None
    by_score: dict[float, list[int]] = {}
    for pid in ids:
        by_score.setdefault(rd.score(pid), []).append(pid)
    scores = sorted(by_score, reverse=True)
    levels = [rd.sort(by_score[s]) for s in scores]
    pairs: list[tuple[int, int]] = []
    movers: list[int] = []
    for i, level in enumerate(levels):
        lower = frozenset(itertools.chain.from_iterable(levels[i + 1:]))
        nxt = frozenset(levels[i + 1]) if i + 1 < len(levels) else frozenset()
        last = i + 1 == len(levels)
        cand = _pair_level(rd, movers, level, lower, nxt, last, scores[i], notes)
        pairs.extend(cand.pairs)
        movers = rd.sort(cand.floaters)
    if len(movers) > 1 or (movers and not rd.bye_eligible(movers[0])):
        return None  # cannot happen: the last level keeps only completable pairings
    return pairs, (movers[0] if movers else None)


def _pair_level(
    rd: Round,
    movers: list[int],
    residents: list[int],
    lower: frozenset[int],
    nxt: frozenset[int],
    last: bool,
    score: float,
    notes: list[tuple[str, str, int, str]],
) -> Candidate:
    """One level: C1 first, then the S1/S2 search, keeping the first pairing after which the
    round can still be completed, preferring (C12) one whose floaters fit in the next level."""
    everyone = movers + residents
    shown_movers, shown_residents = _ids(movers), _ids(residents)
    # C1: a resident who cannot meet anybody here floats at once
    stuck = tuple(
        pid for pid in residents if not any(rd.compatible(pid, o) for o in everyone if o != pid)
    )
    gone = tuple(m for m in movers if not any(rd.compatible(m, o) for o in everyone if o != m))
    movers = [m for m in movers if m not in gone]
    residents = [x for x in residents if x not in stuck]
    n = len(movers) + len(residents)
    homogeneous = not movers or 2 * len(movers) >= n
    kind_en = "homogeneous" if homogeneous else "heterogeneous"
    kind_fr = "homogène" if homogeneous else "hétérogène"
    notes.append((
        f"score bracket {score:g}: {kind_en}; from above: {shown_movers}; here: "
        f"{shown_residents}",
        f"niveau de points {fr_number(score)} : {kind_fr} ; venus d'en haut : {shown_movers} ; "
        f"du niveau : {shown_residents}", 0, "A.3"))
    for pid in stuck:
        notes.append((f"{pid} can meet nobody in this level: floats down",
                      f"{pid} ne peut rencontrer personne dans ce niveau : flotte", 1, "C1"))
    for pid in gone:
        notes.append((f"{pid} (from above) can meet nobody here: floats on",
                      f"{pid} (venu d'en haut) ne peut rencontrer personne ici : flotte "
                      "plus bas", 1, "C12"))
    outer = gone + stuck

    floater_ok = FloaterTest(rd, lower, last)

    def strict_ok(f: frozenset[int]) -> bool:
        if last or not f:
            return True
        return rd.completable(f | lower, restrict=nxt, floaters=f)

    budget = [CANDIDATE_LIMIT]
    rd.matching_work = [MATCHING_WORK_LIMIT]
    if homogeneous:
        cands = _homogeneous(rd, rd.sort(movers + residents), outer, [], floater_ok, budget)
    else:
        cands = _heterogeneous(rd, movers, residents, outer, floater_ok, budget)
    first: Candidate | None = None
    chosen: Candidate | None = None
    for cand in cands:
        if strict_ok(frozenset(cand.floaters)):
            chosen = cand
            if first is not None:
                notes.append((
                    f"floating {_ids(first.floaters)} would leave them unpaired in the next "
                    f"level: {_ids(cand.floaters)} float instead",
                    f"faire flotter {_ids(first.floaters)} les laisserait sans adversaire au "
                    f"niveau suivant : {_ids(cand.floaters)} flottent à leur place", 1, "C12"))
            break
        if first is None:
            first = cand
        elif len(cand.pairs) < len(first.pairs):
            break
    if chosen is None and first is not None:
        chosen = first
        notes.append(("no pairing here lets every floater be paired in the next level",
                      "aucun appariement ici ne permet d'apparier tous les flotteurs au niveau "
                      "suivant", 1, "C12"))
    if chosen is None:
        chosen = _fallback(rd, movers + residents, outer, lower, last)
        notes.append(("search limit reached: pairs chosen in A.2 order keeping the round "
                      "pairable", "limite de recherche atteinte : paires choisies dans l'ordre "
                      "A.2 en gardant la ronde appariable", 1, "C13"))
    _note_candidate(rd, chosen, movers, notes)
    return chosen


def _note_candidate(
    rd: Round, cand: Candidate, movers: list[int], notes: list[tuple[str, str, int, str]]
) -> None:
    down = cand.relax[0]
    if down:
        which = "B6" if down == 1 else "B6 and B5"
        which_fr = "B6" if down == 1 else "B6 puis B5"
        notes.append((f"{which} dropped for downfloaters", f"{which_fr} abandonné(s) pour les "
                      "flotteurs descendants", 1, "C9"))
    for en, fr, rule in cand.notes:
        notes.append((en, fr, 1, rule))
    for a, b in cand.pairs:
        rule = "C6"
        extra_en = extra_fr = ""
        if rd.score(a) != rd.score(b):
            hi, lo = (a, b) if rd.score(a) > rd.score(b) else (b, a)
            extra_en = f" ({hi} floats down, {lo} floats up)"
            extra_fr = f" ({hi} flotte vers le bas, {lo} vers le haut)"
            rule = "A.4"
        notes.append((f"{a} - {b}{extra_en}", f"{a} - {b}{extra_fr}", 1, rule))
    if cand.floaters:
        notes.append((f"float down: {_ids(cand.floaters)}",
                      f"flottent vers le bas : {_ids(cand.floaters)}", 1, "A.3"))


def _fallback(
    rd: Round, players: list[int], outer: tuple[int, ...], lower: frozenset[int], last: bool
) -> Candidate:
    """When the search limit is reached: in A.2 order, each player takes the first partner of
    the level after which the round stays pairable, else floats (C13's last resort). In the
    last level the one player who cannot be paired is the bye (A.5)."""
    todo = rd.sort(players)
    pairs: list[tuple[int, int]] = []
    floaters = list(outer)

    def ok(rest: list[int], out: list[int]) -> bool:
        if not last:
            return rd.completable(frozenset(rest) | frozenset(out) | lower)
        if out:
            return (len(out) == 1 and rd.bye_eligible(out[0]) and len(rest) % 2 == 0
                    and rd.completable(rest))
        return rd.completable(rest)

    while todo:
        a = todo.pop(0)
        for b in todo:
            rest = [x for x in todo if x != b]
            if rd.compatible(a, b) and ok(rest, floaters):
                pairs.append((a, b))
                todo = rest
                break
        else:
            floaters.append(a)
    if not last and not rd.completable(frozenset(floaters) | lower):
        # C13: the whole level goes down and merges with the next one
        return Candidate([], tuple(outer) + tuple(rd.sort(players)), (2, 2))
    return Candidate(pairs, tuple(floaters), (2, 2))


def _ids(ids: Iterable[int]) -> str:
    out = ", ".join(map(str, ids))
    return out or "-"


# --------------------------------------------------------------------------------------------
# colours (C.04.1 f-h) and publication order (E1)
# --------------------------------------------------------------------------------------------
def allocate_colours(rd: Round, a: int, b: int) -> tuple[int, int, str, str, str]:
    """Colours of a pair by C.04.1, the text having no colour rules of its own.

    1. f-g (B2): if only one allocation keeps both players within a colour difference of 2 and
       without a third same colour in a row, it is used;
    2. h1: each player should get the colour he has played less; when both claim the same
       colour the larger difference wins;
    3. h2: with balanced colours, the colour other than the last one played; when both
       claim the same colour, the higher-ranked player (A.2) gets his;
    4. no history for either player: lot (first colour of the tournament, XXC, default White)
       for the higher-ranked player when his pairing number is odd, the other colour when even.

    Returns (white, black, reason in English, reason in French, rule).
    """
    hi, lo = (a, b) if rd.rank[a] < rd.rank[b] else (b, a)
    ok_hi_white = rd.colour_allowed(hi, Colour.WHITE) and rd.colour_allowed(lo, Colour.BLACK)
    ok_hi_black = rd.colour_allowed(hi, Colour.BLACK) and rd.colour_allowed(lo, Colour.WHITE)
    if ok_hi_white != ok_hi_black and rd.use_b2:
        w, k = (hi, lo) if ok_hi_white else (lo, hi)
        return w, k, "colour limits (difference 2, three in a row)", \
            "limites de couleur (écart 2, trois de suite)", "C.04.1 f-g"
    want_hi, claim_hi = _claim(rd.states[hi])
    want_lo, claim_lo = _claim(rd.states[lo])
    if want_hi is None and want_lo is None:
        first = rd.t.initial_colour or Colour.WHITE
        colour = first if hi % 2 == 1 else first.opposite
        w, k = (hi, lo) if colour is Colour.WHITE else (lo, hi)
        return w, k, "no colour history: by lot (initial colour, alternating by number)", \
            "pas d'historique : tirage au sort (couleur initiale, alternée selon le numéro)", \
            "C.04.1 h"
    if want_hi is not None and want_lo is not None and want_hi is not want_lo:
        w, k = (hi, lo) if want_hi is Colour.WHITE else (lo, hi)
        rule = "C.04.1 h1" if max(claim_hi[0], claim_lo[0]) > 0 else "C.04.1 h2"
        return w, k, "both players get the colour they are due", \
            "chacun reçoit la couleur qui lui revient", rule
    # same claim or only one claim: the stronger claim wins, then the higher-ranked player
    if want_lo is not None and (want_hi is None or claim_lo > claim_hi):
        winner, colour, claim = lo, want_lo, claim_lo
    else:
        assert want_hi is not None
        winner, colour, claim = hi, want_hi, claim_hi
    other = lo if winner == hi else hi
    w, k = (winner, other) if colour is Colour.WHITE else (other, winner)
    if claim[0] > 0:
        rule, en, fr = "C.04.1 h1", f"{winner} has played {colour.opposite.name.lower()} more", \
            f"{winner} a joué plus souvent avec les {_fr(colour.opposite)}"
    else:
        rule, en, fr = "C.04.1 h2", f"{winner} alternates from his last colour", \
            f"{winner} alterne sa dernière couleur"
    if want_hi is not None and want_lo is not None and claim_hi == claim_lo:
        en += " (equal claims: the higher-ranked player, A.2)"
        fr += " (demandes égales : le mieux classé, A.2)"
    return w, k, en, fr, rule


def _claim(s: PlayerState) -> tuple[Colour | None, tuple[int, int]]:
    """The colour a player is due by C.04.1 h and how strong the claim is: (|difference|, 1)."""
    if not s.colours:
        return None, (0, 0)
    cd = s.colour_difference
    if cd:
        return (Colour.BLACK if cd > 0 else Colour.WHITE), (abs(cd), 1)
    return s.colours[-1].opposite, (0, 1)


def _fr(c: Colour) -> str:
    return "blancs" if c is Colour.WHITE else "noirs"


def publication_order(rd: Round, boards: list[Board]) -> list[Board]:
    """E1: boards by the score of the stronger player, then the sum of both scores, then the
    A.2 rank of the stronger player."""

    def key(b: Board) -> tuple[float, float, tuple[float, int, int, str, int]]:
        hi = min(b.white, b.black, key=rd.rank.__getitem__)
        sw, sb = rd.states[b.white].score, rd.states[b.black].score
        return (-rd.states[hi].score, -(sw + sb), rd.rank[hi])

    return sorted(boards, key=key)
