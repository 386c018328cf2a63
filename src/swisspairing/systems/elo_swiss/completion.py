"""Whether the rest of the round can still be paired (C10-C13) as perfect-matching questions:
the floaters' test, the completion graphs of a stage's splits and of a heterogeneous level's
residual, repaired one fixed pair at a time."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass

from ...matching import augment_path, max_cardinality_matching, without_pair
from ...matching.barriers import Barrier, barrier_of
from ...matching.bitpaths import BitMatching
from ...matching.bitsets import bits, mask_of
from . import players as round_players
from .players import PairRule, Round


def max_matching_size(n: int, adj: Sequence[Sequence[int]]) -> int:
    """Size of a maximum matching of a general graph (the shared Edmonds implementation).

    ``adj[v]`` lists the neighbours of vertex ``v`` (0..n-1). Used to know whether the rest of
    a round can still be paired (C12, C13)."""
    return len(max_cardinality_matching(range(n), dict(enumerate(adj)))) // 2


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

    def some_set(self, candidates: Collection[int], x: int) -> bool:
        """Whether some ``x`` players of ``candidates`` would pass this test as the floaters
        (C12, C13): False only when no set of them can (then no S1/S2 split leaving ``x``
        players of ``candidates`` unpaired is worth trying); True for fewer than two floaters,
        which the searches test one by one. One perfect-matching question
        (:meth:`Round.completable_with_some`), not one per set."""
        if x < 2:
            return True
        if self.last:
            return False  # A.5: the last level leaves at most one player
        return self.rd.completable_with_some(frozenset(candidates), x, self.also | self.lower)

    def with_also(self, more: Iterable[int]) -> FloaterTest:
        return FloaterTest(self.rd, self.lower, self.last, self.also | frozenset(more))


class Completion:
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

    def without(self, a: int, b: int) -> Completion | None:
        """The completion after pairing ``a`` (of S1) with ``b``; None when none is left."""
        rest, mate = without_pair(self.verts, self.adj, self.mate, self.shadow(a), b)
        if len(mate) != len(rest):
            return None
        return Completion(rest, self.adj, mate, self.shadow)


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

    def __init__(self, shared: Mapping[int, Iterable[int]], own: dict[int, list[int]]) -> None:
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


class _CompatibilityGraph(Mapping[int, Iterable[int]]):
    """B1/B2 edges between ``members`` (a bit set of players who may all be paired with each
    other later), and the bye vertex joined to those allowed the bye (B1 b) when ``bye``; the
    neighbours of a vertex are read from the bit sets when asked (never stored pair by pair)."""

    def __init__(self, rd: Round, members: int, bye: bool) -> None:
        self.barred = rd.lookahead_barred
        self.members = members
        self.bye = bye
        self.takers = rd.bye_takers() & members if bye else 0

    def __getitem__(self, v: int) -> Iterable[int]:
        if v == BYE_VERTEX and self.bye:
            return bits(self.takers)
        if v < 0 or not (self.members >> v) & 1:
            raise KeyError(v)
        near = bits(self.members & ~self.barred[v])
        if (self.takers >> v) & 1:
            return itertools.chain(near, (BYE_VERTEX,))
        return near

    def __iter__(self) -> Iterator[int]:
        yield from bits(self.members)
        if self.bye:
            yield BYE_VERTEX

    def __len__(self) -> int:
        return self.members.bit_count() + int(self.bye)


class _SinkRows(dict):  # type: ignore[type-arg]
    """The ``barred`` map of a split's or a family's completion graph whose rows for the lower
    levels' players (the sink) are computed when first read: ``~(partners & mask)``, with
    ``partners`` the vertices the sink player may meet in any graph of the stage and ``mask``
    the vertices of this one (issue 26: near-miss round 5 asks thousands of these graphs over
    a sink of hundreds of players, of whom a warm-started matching reads few)."""

    __slots__ = ("mask", "partners")

    def __init__(self, partners: Mapping[int, int], mask: int) -> None:
        super().__init__()
        self.partners = partners
        self.mask = mask

    def __missing__(self, v: int) -> int:
        row = self[v] = ~(self.partners[v] & self.mask)  # KeyError for a non-vertex
        return row


class _WarmStart:
    """The last matching of a stage's graphs (:meth:`StageCompletions.some_split` or
    :meth:`StageCompletions._split_bits`), the next one's start (issue 26: near-miss round 5
    asks thousands of them per stage, each differing from the last in a few groups of the
    level; any start gives the same "is it perfect?"). Its pairs are kept when they are edges
    of the new graph. Every graph of the stage is, on its players' vertices (S1 vertices, S2
    vertices, the sink: the players already floating and the lower levels) and the bye
    vertex, the subgraph *induced* by its vertices of one graph: an edge between two of them
    depends only on the two (``ok`` between an S1 and an S2 vertex; the completion graph
    between two S2 vertices who may float, such a vertex and a sink player, two sink players;
    the bye vertex with one who may float and take it), never on which other vertices the
    graph holds. So a pair of two such vertices both still there is kept unchecked; only the
    pairs of the stand-ins (``checked``: joined to their group's vertices, which change from
    one family to the next) are checked. The vertices left exposed take a free partner,
    fewest partners first (the highest one or the lowest one, as the cold start would),
    before the augmenting paths; the vertex whose search failed last (``failed``) is tried
    first when it is exposed again: in a "no" the search stops at the first exposed vertex
    without an augmenting path, whichever it is (the same answer), and consecutive "no"s of
    one stage mostly fail at the same vertex (1,000 players: 8,116 "no"s, 11.5 -> 7.8 s)."""

    __slots__ = ("failed", "highest", "last", "last_stand")

    def __init__(self, highest: bool) -> None:
        self.highest = highest
        self.last: BitMatching | None = None
        self.failed: int | None = None
        #: the family question's ``stand`` of ``last``'s graph (``some_split_bits``): a
        #: group found there again, the same players at the same stand-ins, keeps its
        #: stand-ins' pairs unchecked (see :func:`_stand_ins_to_check`)
        self.last_stand: Sequence[tuple[int, int, int]] = ()

    def matching(self, barred: Mapping[int, int], among: int, checked: int = 0
                 ) -> BitMatching:
        """A matching of ``among`` under ``barred`` for "is it perfect?" (stopped at the first
        vertex left without an augmenting path), begun from the last one kept; ``checked``:
        the vertices outside the induced part (the stand-ins)."""
        last = self.last
        mate = {} if last is None else dict(last.mate)
        matched = 0 if last is None else last.matched
        for v in bits(matched & (checked | ~among)):
            u = mate.get(v)
            if u is None:  # its partner's pair, dropped already
                continue
            if (among >> u) & 1 and (among >> v) & 1 and not (barred[v] >> u) & 1:
                continue
            del mate[v], mate[u]
            matched &= ~((1 << v) | (1 << u))
        free = among & ~matched
        order = sorted(bits(free), key=lambda v: ((among & ~barred[v]).bit_count(), v))
        for v in order:
            if not (free >> v) & 1:
                continue
            options = free & ~barred[v] & ~(1 << v)
            if options:
                u = (options.bit_length() if self.highest
                     else (options & -options).bit_length()) - 1
                mate[v], mate[u] = u, v
                free &= ~((1 << v) | (1 << u))
        first = self.failed  # tried first: see the class's note
        if first is not None and (free >> first) & 1:
            starts = [first, *bits(free & ~(1 << first))]
        else:
            starts = None
        m = BitMatching.continued_to_perfect(barred, among, mate, among & ~free,
                                             list(bits(free)) if starts is None else starts)
        if not m.perfect:
            exposed = among & ~m.matched
            if starts is not None and (exposed >> first) & 1:
                self.failed = first
            else:
                self.failed = (exposed & -exposed).bit_length() - 1
        return m


class _FamilyRows(dict):  # type: ignore[type-arg]
    """The ``barred`` map of a family question (:meth:`StageCompletions.some_split`) whose
    rows are computed when first read (the bye vertex's is given): the same rows as built one
    by one before (issue 26: a warm-started matching reads few of them when the answer is
    "yes"). ``stand``: per group with a choice, its players' bit set, its S2 stand-ins and
    its S1 stand-ins (bit sets above ``stand_base``); a player's own stand-ins and a stand-in's
    row are found from it when read (issue 26, branch s12-elo5c: they were set for every
    player and stand-in of every question, the largest cost after the matching at 1,000
    players)."""

    __slots__ = ("left", "members", "right", "sc", "stand", "stand_base", "takers")

    def __init__(self, sc: StageCompletions, left: int, right: int, members: int,
                 takers: int, stand: Sequence[tuple[int, int, int]], stand_base: int) -> None:
        super().__init__()
        self.sc, self.left, self.right = sc, left, right
        self.members, self.takers = members, takers
        self.stand, self.stand_base = stand, stand_base

    def __missing__(self, v: int) -> int:
        sc = self.sc
        shift = sc.shift
        if v >= self.stand_base:  # a stand-in: joined to its group's S2 or S1 vertices
            for mask, s2_stand, s1_stand in self.stand:
                if (s2_stand >> v) & 1:
                    row = ~mask
                    break
                if (s1_stand >> v) & 1:
                    row = ~(mask << shift)
                    break
            else:
                raise KeyError(v)
        elif (sc.sink_mask >> v) & 1:  # a sink player (never one of the level's)
            row = ~(sc.sink_partners[v] & (self.right | sc.sink_mask | sc.bye_vertex))
        elif v > shift and (self.left >> (v - shift)) & 1:  # an S1 vertex
            a = v - shift
            partners = self.right & ~sc.pair_barred[a] & ~(1 << a)
            for mask, _, s1_stand in self.stand:
                if (mask >> a) & 1:
                    partners |= s1_stand
                    break
            row = ~partners
        elif v < shift and (self.right >> v) & 1:  # an S2 vertex
            partners = (self.left & ~sc.pair_barred[v] & ~(1 << v)) << shift
            if (sc.can_float >> v) & 1:
                partners |= self.members & ~sc.rd.lookahead_barred[v] & ~(1 << v)
                if (self.takers >> v) & 1:
                    partners |= sc.bye_vertex
            for mask, s2_stand, _ in self.stand:
                if (mask >> v) & 1:
                    partners |= s2_stand
                    break
            row = ~partners
        else:
            raise KeyError(v)
        self[v] = row
        return row


#: whether :meth:`StageCompletions.some_split` tries :func:`_s1_hall_fails` before its
#: matching (the same answers either way; the tests switch it off to compare)
HALL_REFUSAL = True
#: groups whose sorted rows a stage keeps for :func:`_s1_hall_fails` (then forgotten)
HALL_KEPT = 4096


def _s1_hall_fails(rows_of: Callable[[int], list[int]], right: int,
                   groups: Sequence[tuple[int, int, int]]) -> bool:
    """Whether the S1 vertices of one group of a family question
    (:meth:`StageCompletions.some_split`) break Hall's condition, which proves the graph has
    no perfect matching: the same "no" the matching would give, without its search (issue
    26: at 1,000 players 8,116 of the 11,852 family questions of near-miss round 5 say "no",
    about 1.3 ms each, and half of them fail there: a group whose S1 vertices may meet fewer
    S2 players than it must send to S1, or whose players of one colour may meet only a few).

    The S1 vertices are pairwise non-adjacent: an S1 vertex is joined only to S2 vertices
    (``ok``: C.04.1 B1/B2 and the upfloat rules, the :class:`PairRule`) and to the S1
    stand-ins of its own group, ``len - take`` of them. So in a perfect matching any set
    ``X`` of S1 vertices of one group is matched into distinct vertices of ``N(X)``: the S2
    players (``right``) they may meet and those stand-ins; ``|X| > |N(X)|`` proves none
    exists (Hall; Tutte's condition with ``N(X)`` removed, ``X`` left isolated). The sets
    tried are, per group, its players taken fewest partners first (``rows_of(mask)``: their
    rows over the stage's players, sorted, kept per group by the stage; each prefix's ``N``
    is the union of its rows within ``right``, exactly the question's). A prefix whose slack
    (``|N(X)| - |X|``) is at least the number of players left ends the group: each player
    added lowers it by at most one. ``groups``: per group with a player in S1, its bit set,
    size and ``take``."""
    for mask, size, take in groups:
        spare = size - take  # the group's S1 stand-ins
        reach = 0
        for count, row in enumerate(rows_of(mask), start=1):
            reach |= row
            slack = (reach & right).bit_count() + spare - count
            if slack < 0:
                return True
            if slack >= size - count:
                break
    return False


#: groups of at most this many players may join part of their S1 vertices to the sink's
#: Hall set (:meth:`StageCompletions._sink_hall_fails`, :func:`_best_part`)
HALL_PART_SIZE = 32


def _best_part(rows: Sequence[int], outside: int, spare: int) -> tuple[int, int]:
    """For :meth:`StageCompletions._sink_hall_fails`: the most a part ``T`` of one group's S1
    vertices adds to ``|X| - |N(X)|`` (``|T|``, less the group's ``spare`` S1 stand-ins, less
    the vertices of ``outside`` their ``rows`` meet that ``N(X)`` lacks), over the parts made
    of the vertices meeting fewest of those first, with what it adds to ``N(X)``."""
    fresh = sorted((row & outside for row in rows), key=int.bit_count)
    best, best_new, new = 0, 0, 0
    for count, row in enumerate(fresh, start=1):
        new |= row
        gain = count - spare - new.bit_count()
        if gain > best:
            best, best_new = gain, new
    return best, best_new


class StageCompletions:
    """C7 with C12/C13 for the splits of one stage with ``x`` >= 2 floaters (never in the last
    level, which leaves at most one player): S1[i] takes a player of S2 (``ok``), the S2 players
    left float (all in ``can_float``), and they, the players already floating and the lower
    levels can all be paired (B1, B2; the bye, B1 b). A perfect matching of the graph is such
    a pairing, so a permutation of S2 is in :func:`valid_permutations`' answer exactly when
    the pairs it fixes keep one (what ``floater_ok`` accepts, decided without enumeration)."""

    def __init__(self, rd: Round, x: int, ok: Callable[[int, int], bool],
                 can_float: Collection[int], floater_ok: FloaterTest) -> None:
        self.rd = rd
        self.sink = sorted(floater_ok.also | floater_ok.lower)
        self.bye = (x + len(self.sink)) % 2 == 1
        self.can_float = mask_of(can_float)
        self.shared = _CompatibilityGraph(rd, mask_of([*can_float, *self.sink]), self.bye)
        self.ok = ok
        sink_mask = mask_of(self.sink)
        #: the last perfect matching of the family questions, the next one's start
        #: (:meth:`some_split`), and the last split's (:meth:`_split_bits`)
        self._family_start = _WarmStart(highest=True)
        self._split_start = _WarmStart(highest=False)
        # per sink player, the vertices he may meet in any graph of the stage: the players of
        # the level who may float and the sink as B1/B2 allow, the bye vertex when he may take
        # it and the stage has one (a split's or family's graph keeps those of its vertices)
        barred_b1, bye_bit = rd.lookahead_barred, 1 << rd.bye_bit
        takers = rd.bye_takers() if self.bye else 0
        self._sink_partners = {
            v: (~barred_b1[v] & ~(1 << v) & (self.can_float | sink_mask))
            | (bye_bit if (takers >> v) & 1 else 0)
            for v in self.sink}
        self._sink_mask = sink_mask
        # what the family questions' rows read (_FamilyRows)
        self.sink_partners, self.sink_mask = self._sink_partners, sink_mask
        self.shift = rd.bye_bit + 1
        self.bye_vertex = bye_bit
        self.pair_barred = ok.graph.barred if isinstance(ok, PairRule) else {}
        #: :func:`_s1_hall_fails` before each family question (issue 26; off: the tests'
        #: rounds paired alike without it)
        self.hall_refusal = HALL_REFUSAL
        self._hall_universe = 0
        self._hall_rows: dict[int, int] = {}
        self._hall_sorted: dict[int, list[int]] = {}
        self._hall_union: dict[int, int] = {}
        self._sink_z: tuple[int, int] | None = None

    def for_split(self, s1: Sequence[int], s2: Sequence[int]) -> Completion | BitCompletion:
        if isinstance(self.ok, PairRule):
            return self._split_bits(s1, s2, self.ok)
        own: dict[int, list[int]] = {}
        for a in s1:
            va = _shadow(a)
            own[va] = [b for b in s2 if self.ok(a, b)]
            for b in own[va]:
                own.setdefault(b, []).append(va)
        verts = {*map(_shadow, s1), *s2, *self.sink, *([BYE_VERTEX] if self.bye else [])}
        return Completion(verts, _Layers(self.shared, own), shadow=_shadow)

    def _split_bits(self, s1: Sequence[int], s2: Sequence[int], ok: PairRule) -> BitCompletion:
        """The graph of :meth:`for_split` on bit sets (issue 26: the near-miss one-bracket
        rounds ask it for thousands of branches): an S1 player's vertex is his own bit moved
        above the bye bit (``shift``), joined to the players of S2 ``ok`` allows him; a player
        of S2 to those S1 players and, if he may float, to the floaters of S2, the sink
        (players already floating, lower levels) and the bye vertex as B1/B2 and B1 b allow
        (``rd.lookahead_barred``, ``rd.bye_takers``); the sink likewise. The same vertices and
        edges as the graph of :meth:`for_split` (``ok`` is symmetric), so the same answers."""
        rd = self.rd
        shift = rd.bye_bit + 1
        pair_barred, barred_b1 = ok.graph.barred, rd.lookahead_barred
        s1_mask, s2_mask = mask_of(s1), mask_of(s2)
        members = (s2_mask & self.can_float) | self._sink_mask  # (s12-elo5c: kept, not rebuilt)
        bye_bit = 1 << rd.bye_bit
        takers = rd.bye_takers() & members if self.bye else 0
        if self.hall_refusal:
            # the family question's graph with both groups fixed (:meth:`some_split`), so
            # its Hall refusals hold here: no perfect matching, the search is not run (issue
            # 26: near-miss round 5, 2,505 dead splits at 400 players); only ``perfect`` is
            # read from a matching that is not (valid_permutations stops there), so its rows
            # are not built (s12-elo5d: asked first, before the 93 rows of each dead split)
            rows_of = self._rows_of(s1_mask | s2_mask)
            fixed = [(s1_mask, len(s1), len(s1))]
            if _s1_hall_fails(rows_of, s2_mask, fixed) or self._sink_hall_fails(
                    rows_of, s1_mask, s2_mask, s2_mask & ~self.can_float, fixed):
                refused = BitMatching.__new__(BitMatching)
                refused.barred, refused.mate, refused.matched = {}, {}, 0
                refused.among = (s1_mask << shift) | s2_mask | self._sink_mask | (
                    bye_bit if self.bye else 0)
                return BitCompletion(refused, shift)
        barred = _SinkRows(self._sink_partners, s2_mask | self._sink_mask | bye_bit)
        for a in s1:
            barred[a + shift] = ~(s2_mask & ~pair_barred[a])
        for b in s2:
            partners = (s1_mask & ~pair_barred[b]) << shift
            if (self.can_float >> b) & 1:
                partners |= members & ~barred_b1[b] & ~(1 << b)
                if (takers >> b) & 1:
                    partners |= bye_bit
            barred[b] = ~partners
        for v in bits(s2_mask & self._sink_mask):  # (never: the sink is below the level)
            del barred[v]  # the sink's row, as before
        among = (s1_mask << shift) | s2_mask | self._sink_mask
        if self.bye:
            barred[rd.bye_bit] = ~takers
            among |= bye_bit
        # only "is it perfect?" is read from a matching that is not (valid_permutations stops
        # there), so its search stops at the first vertex without an augmenting path; the
        # greedy start, not D1's first pairs (see :func:`_residual_bits`), begun from the
        # previous split's pairs that are edges here (any start gives the same answers; the
        # splits of one stage differ in a few players, the lower levels' pairs carry over)
        matching = self._split_start.matching(barred, among)
        self._split_start.last = matching
        return BitCompletion(matching, shift)


    def _rows_of(self, universe: int) -> Callable[[int], list[int]]:
        """For :func:`_s1_hall_fails`: a group's players' rows (the players of ``universe``,
        the stage's, each may meet: ``ok``, himself excluded) sorted fewest partners first,
        kept per player and per group (the rows are shared); dropped if the universe
        changes."""
        if universe != self._hall_universe:
            self._hall_universe = universe
            self._hall_rows, self._hall_sorted, self._hall_union = {}, {}, {}
        rows, known, barred = self._hall_rows, self._hall_sorted, self.pair_barred

        def rows_of(mask: int) -> list[int]:
            got = known.get(mask)
            if got is None:
                got = []
                for a in bits(mask):
                    row = rows.get(a)
                    if row is None:
                        row = rows[a] = universe & ~barred[a] & ~(1 << a)
                    got.append(row)
                got.sort(key=int.bit_count)
                if len(known) >= HALL_KEPT:
                    known.clear()  # memory: a bound, not an answer
                    self._hall_union.clear()
                known[mask] = got
            return got
        return rows_of

    def _sink_independent(self) -> tuple[int, int]:
        """For :meth:`_sink_hall_fails`, once per stage: ``Z``, players of the sink no two of
        whom may meet (C.04.1 B1/B2 as the completion graph says), taken fewest partners in
        the sink first, and the vertices any of them may meet in any graph of the stage (the
        sink, the level's players who may float, the bye vertex: ``sink_partners``)."""
        if self._sink_z is None:
            sink, partners = self._sink_mask, self._sink_partners
            chosen = near = 0
            for v in sorted(bits(sink), key=lambda v: ((partners[v] & sink).bit_count(), v)):
                if not (near >> v) & 1 and not (chosen >> v) & 1:
                    chosen |= 1 << v
                    near |= partners[v]
            self._sink_z = (chosen, near)
        return self._sink_z

    def _sink_hall_fails(self, rows_of: Callable[[int], list[int]], left: int, right: int,
                         stuck: int, groups: Sequence[tuple[int, int, int]]) -> bool:
        """Whether Hall's condition fails in a family question (:meth:`some_split`) for a set
        ``X`` of pairwise non-adjacent vertices made of ``Z`` (:meth:`_sink_independent`),
        the S1 vertices of some groups and the S2 stand-ins of some groups: ``|X| > |N(X)|``
        proves the graph has no perfect matching, the matching's own "no" (issue 26: near-miss
        round 5, where the lower levels hold many players of one colour who may meet only
        players of the other, and the question is whether enough of those float down).
        ``X`` is independent: ``Z`` by its choice; an S1 vertex is joined only to S2 vertices
        and its group's S1 stand-ins; an S2 stand-in only to its group's S2 vertices; the sink
        to neither S1 vertices nor stand-ins. ``N(X)``: what ``Z`` may meet among this
        graph's vertices (the sink, the S2 vertices, the bye vertex if the stage has one),
        for a group's S1 vertices the S2 players they may meet (their rows within ``right``)
        and their ``len - take`` S1 stand-ins, for a group's ``take`` S2 stand-ins its
        players' S2 vertices. A group's part joins ``X`` when it adds more to ``X`` than to
        ``N(X)`` (any choice is a proof; this one is greedy). First, ``X`` = one vertex:
        a player of ``stuck`` (wholly in S2 and unable to float, so joined only to the S1
        vertices ``ok`` allows him, ``left``) who meets none of them. ``groups``: per group
        with a player in S1, its bit set, size and ``take``."""
        barred = self.pair_barred
        for b in bits(stuck):  # X = {b}: wholly in S2, may not float, meets no S1 player
            if not left & ~barred[b] & ~(1 << b):
                return True
        z, z_near = self._sink_independent()
        present = right | self._sink_mask | (self.bye_vertex if self.bye else 0)
        near = z_near & present
        excess = z.bit_count() - near.bit_count()
        for mask, size, take in groups:
            key = mask
            union = self._hall_union.get(key)
            if union is None:
                union = 0
                for row in rows_of(mask):
                    union |= row
                self._hall_union[key] = union
            new = union & right & ~near
            gain = take - new.bit_count()  # size S1 vertices, size - take stand-ins
            if gain <= 0 and size <= HALL_PART_SIZE:
                # a small group (S1 before its exchanges): some of its S1 vertices, those
                # meeting fewest S2 players outside N(X) first; the group's stand-ins all
                gain, new = _best_part(rows_of(mask), right & ~near, size - take)
            if gain > 0:
                excess += gain
                near |= new
            if take < size:  # its S2 stand-ins: ``take`` of them, joined to its players
                new = mask & ~near
                gain = take - new.bit_count()
                if gain > 0:
                    excess += gain
                    near |= new
        return excess > 0

    def some_split(self, groups: Sequence[tuple[Sequence[int], int]]) -> bool:
        """Whether some split of the stage's players with, from each group ``(players,
        take)``, exactly ``take`` players in S1 (the others in S2) may have a perfect matching
        in :meth:`for_split`'s graph: False proves that none has (D2 searched by families of
        splits, issue 26; a group with ``take`` 0 is in S2, one with ``take`` its size in S1).
        A player of a group with a choice has two vertices, his S1 vertex (his bit moved
        above the bye bit, joined to the S2 vertices ``ok`` allows him) and his S2 vertex (as
        in :meth:`_split_bits`), and per such group ``take`` stand-ins are joined to its
        players' S2 vertices, ``len - take`` to their S1 vertices: a split of the family with
        a perfect matching gives one here (its matching, the S2 vertices of the group's
        players in S1 and the S1 vertices of those in S2 on the stand-ins). The converse may
        fail (a player using both vertices while another of his group uses neither), so True
        only means "maybe"; with no group left to choose the graph is :meth:`_split_bits`'s
        and the answer exact."""
        groups_bits = []
        for players, take in groups:
            if take < 0 or take > len(players):
                return False
            groups_bits.append((mask_of(players), len(players), take))
        return self.some_split_bits(groups_bits)

    def some_split_bits(self, groups: Sequence[tuple[int, int, int]]) -> bool:
        """:meth:`some_split` with each group given as its players' bit set, its size and
        ``take`` (``0 <= take <= size``): the same question, the same answer, without
        rebuilding the bit sets from lists (issue 26, branch s12-elo5c: the D2 halving asks
        thousands of them per stage)."""
        ok = self.ok
        if not isinstance(ok, PairRule):
            return True  # no family test for another relation: every split is tried
        rd = self.rd
        shift = self.shift
        left = right = 0  # players with an S1 vertex, an S2 vertex (both: a choice)
        stand_base = top = 2 * shift + 1  # above every S1 vertex
        stand: list[tuple[int, int, int]] = []  # (group's players, S2 stand-ins, S1 stand-ins)
        in_s1: list[tuple[int, int, int]] = []  # (players, size, take) with take > 0
        universe = 0  # the stage's players
        s2_only = 0  # the players of the groups wholly in S2
        for mask, size, take in groups:
            universe |= mask
            if take:
                in_s1.append((mask, size, take))
            else:
                s2_only |= mask
            if take == size:
                left |= mask
            elif take == 0:
                right |= mask
            else:
                left, right = left | mask, right | mask
                s2_stand = ((1 << take) - 1) << top
                s1_stand = ((1 << (size - take)) - 1) << (top + take)
                top += size
                stand.append((mask, s2_stand, s1_stand))
        members = (right & self.can_float) | self._sink_mask
        bye_bit = self.bye_vertex
        takers = rd.bye_takers() & members if self.bye else 0
        # the rows of the players' vertices (S1 vertices: ``right`` as ``ok`` allows and
        # the S1 stand-ins of the group; S2 vertices: ``left`` as ``ok`` allows, and if
        # they may float the members and the bye vertex as the completion graph allows, and
        # the S2 stand-ins of the group; the sink as in :meth:`_split_bits`; a group's S2
        # stand-ins: its players' S2 vertices, its S1 stand-ins: their S1 vertices) are
        # computed when read (issue 26)
        barred = _FamilyRows(self, left, right, members, takers, stand, stand_base)
        stand_ins = ((1 << top) - 1) & ~((1 << stand_base) - 1)
        among = (left << shift) | right | self._sink_mask | stand_ins
        if self.hall_refusal:
            rows_of = self._rows_of(universe)
            if _s1_hall_fails(rows_of, right, in_s1) or self._sink_hall_fails(
                    rows_of, left, right, s2_only & ~self.can_float, in_s1):
                return False  # no perfect matching: Hall's condition fails
        if self.bye:
            barred[rd.bye_bit] = ~takers
            among |= bye_bit
        # any start gives the answer; stand-ins sit above every player (issue 26). Begun
        # from the previous question's matching: the questions of one stage differ in a few
        # groups, the lower levels' pairs and most of the level's carry over
        start = self._family_start
        checked = _stand_ins_to_check(stand, stand_ins, start.last_stand)
        matching = start.matching(barred, among, checked)
        if matching.perfect:
            start.last, start.last_stand = matching, stand
        return matching.perfect


def _stand_ins_to_check(stand: Sequence[tuple[int, int, int]], stand_ins: int,
                        last_stand: Sequence[tuple[int, int, int]]) -> int:
    """The stand-ins of a family question (:meth:`StageCompletions.some_split_bits`) whose
    pairs in the previous question's matching (the warm start, :class:`_WarmStart`) must be
    checked: those of the groups not found in ``last_stand`` (the previous graph's groups,
    each its players' bit set and its S2 and S1 stand-ins). A group found there, the same
    players at the same stand-ins, gives its stand-ins the very rows they had (an S2
    stand-in is joined to the group's S2 vertices, an S1 stand-in to its S1 vertices,
    :class:`_FamilyRows`), and those vertices are all in the new graph (a group with
    stand-ins has both its S1 and S2 vertices), so each of their pairs, an edge of the
    previous graph, is one of this graph: the check would keep it. Only work changes: the
    same matching, the same answer (issue 26, branch s12-elo5d: at 1,000 players 234,000
    stand-in pairs were checked, each computing the stand-in's row, most of them in groups
    the previous question had too)."""
    if not last_stand:
        return stand_ins
    before = set(last_stand)
    checked = stand_ins
    for group in stand:
        if group in before:
            checked &= ~(group[1] | group[2])
    return checked


def residual_completion(
    rd: Round,
    movers: Sequence[int],
    residents: Sequence[int],
    x: int,
    ok: Callable[[int, int], bool],
    floater_ok: FloaterTest,
    with_rest: bool = False,
) -> Completion | BitCompletion:
    """C10/C11 for a heterogeneous level: each floater from above takes a resident (``ok``),
    and the residents left form a residual level that passes the quick test of :func:`pair_stage`
    (``x`` of them float) at its most relaxed stage (B5 and B6 dropped for downfloaters, C9).
    A perfect matching of this graph (movers, residents, ``x`` float places) is such a
    pairing: a permutation failing it yields no pairing, so the search skips it without
    changing its answer, and stops trying every opponent of every floater.

    When ``ok`` is a :class:`PairRule` (always, in the engine) the graph is built on bit sets
    (:func:`_residual_bits`: a few word operations per vertex instead of one call per pair).
    ``with_rest`` (``x`` >= 2, not the last level) adds the rest of the round as a second
    graph (:func:`_residual_rest_bits`, :class:`BothCompletions`)."""
    if x == 0:
        floatable: list[int] = []
    elif x == 1:
        floatable = [pid for pid in residents if floater_ok(frozenset({pid}))]
    else:
        floatable = list(residents)
    closed = x == 0 and not floater_ok(frozenset())
    if isinstance(ok, PairRule):
        own = _residual_bits(rd, movers, residents, x, ok, floatable, closed)
        if not with_rest or x < 2 or floater_ok.last:
            return own
        # issue 26: with the rest of the round too (the floaters' completion)
        return BothCompletions(own, _residual_rest_bits(
            rd, movers, residents, x, ok, floater_ok.also | floater_ok.lower))
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
    if closed:
        adj[BYE_VERTEX] = set()  # an isolated vertex: no perfect matching
    return Completion(set(adj), adj, shadow=_shadow)


class BitCompletion:
    """:class:`Completion` on bit sets: the same questions (is there a perfect matching; is
    there one still after pairing ``a`` with ``b``) on a
    :class:`~swisspairing.matching.bitpaths.BitMatching`, whose ``barred`` map holds per
    vertex the vertices it may not be matched with (itself included)."""

    __slots__ = ("matching", "shift")

    def __init__(self, matching: BitMatching, shift: int = 0) -> None:
        self.matching = matching
        self.shift = shift  # an S1 player's vertex is his bit plus ``shift``

    @property
    def perfect(self) -> bool:
        return self.matching.perfect

    def holds(self, a: int, b: int) -> bool:
        """Whether the matching pairs ``a`` (of S1) with ``b``: then :meth:`without` (``a``,
        ``b``) is perfect (the same matching minus that pair), no search needed."""
        return self.matching.mate.get(a + self.shift) == b

    def partners(self, a: int) -> int:
        """The bit set of the players ``b`` for which :meth:`without` (``a``, ``b``) is not
        None: one Edmonds search for all of them
        (:meth:`~swisspairing.matching.bitpaths.BitMatching.partners_allowed`, proof there);
        an S2 player's vertex is his own bit (issue 26)."""
        return self.matching.partners_allowed(a + self.shift)

    def partners_and_barrier(self, a: int) -> tuple[int, object]:
        """:meth:`partners`, and a guess for :meth:`refused` in the next frames of the D1
        search: the Gallai-Edmonds barrier ``A`` of the graph without ``a``'s vertex (the
        vertices outside the partner set ``D`` joined to it,
        :func:`~swisspairing.matching.barriers.barrier_of`) with the components it leaves
        (:class:`~swisspairing.matching.barriers.Barrier`; issue 26)."""
        m = self.matching
        rest = m.among & ~(1 << (a + self.shift))
        got = m.partners_allowed(a + self.shift)
        return got, Barrier.of(rest, m.barred, barrier_of(rest, m.barred, got))

    def refused(self, a: int, guess: object) -> tuple[int, object]:
        """A bit set of players ``b`` for which :meth:`without` (``a``, ``b``) is certainly
        None, found without a search, and the guess for the next frame (issue 26): ``guess``
        (a barrier found by :meth:`partners_and_barrier` in an earlier frame) less the
        vertices gone since, when it is still a Tutte barrier of the graph without ``a``'s
        vertex (:attr:`~swisspairing.matching.barriers.Barrier.holds`: it leaves at least as
        many odd components as it has vertices, so removing any one of its vertices as well
        leaves no perfect matching); 0 when it is not (nothing refused). A subset of the
        players :meth:`partners` leaves out, so the D1 search skips only what it would
        skip."""
        if not isinstance(guess, Barrier) or not self.perfect:
            return 0, None
        m = self.matching
        now = guess.within(m.among & ~(1 << (a + self.shift)), m.barred)
        return (now.x if now.holds else 0), now

    def without_all(self, pairs: Sequence[tuple[int, int]]) -> BitCompletion | None:
        """``self.without(a1, b1).without(a2, b2)...`` (None as soon as one is None): the
        same matching, made on one copy (``BitMatching.without_pairs``)."""
        shift = self.shift
        rest = self.matching.without_pairs(((a + shift, b) for a, b in pairs),
                                           stop_at_failure=True)
        return BitCompletion(rest, shift) if rest.perfect else None

    def without(self, a: int, b: int) -> BitCompletion | None:
        """The completion after pairing ``a`` with ``b`` (both leave the graph; the matching
        is repaired from the partners they lose); None when none is left."""
        rest = self.matching.without(a + self.shift, b, stop_at_failure=True)
        return BitCompletion(rest, self.shift) if rest.perfect else None


def _residual_bits(
    rd: Round,
    movers: Sequence[int],
    residents: Sequence[int],
    x: int,
    ok: PairRule,
    floatable: Sequence[int],
    closed: bool,
) -> BitCompletion:
    """The graph of :func:`residual_completion` as bit sets (C10/C11): a mover (S1, a
    floater from above) may take the residents ``ok`` allows him; a resident, the movers and
    residents ``ok`` allows him and, if he may float (``floatable``), every one of the ``x``
    float places; a place, every floatable resident. Movers and residents keep their own bit
    (no two movers are ever joined: they are not each other's neighbours here); the places
    (and the isolated vertex of ``closed``: the residual cannot be left as it is, no perfect
    matching) take the bits above :attr:`Round.bye_bit`. ``ok`` is symmetric (B1, B2, B5/B6
    for whichever of the two floats up), so the sets below are the edges both ways."""
    pair_barred = ok.graph.barred
    resident_mask = mask_of(residents)
    reachable = resident_mask | mask_of(movers)
    top = rd.bye_bit + 1
    place_mask = ((1 << x) - 1) << top
    floatable_mask = mask_of(floatable)
    # per vertex, its partners; ``barred`` is their complement (an infinite bit set: the
    # matching only ever reads it under the set of vertices)
    barred: dict[int, int] = {}
    for a in movers:
        barred[a] = ~(resident_mask & ~pair_barred[a])
    for b in residents:
        partners = reachable & ~pair_barred[b]
        if (floatable_mask >> b) & 1:
            partners |= place_mask
        barred[b] = ~partners
    for k in range(x):
        barred[top + k] = ~floatable_mask
    among = reachable | place_mask
    if closed:
        lone = top + x
        barred[lone] = -1  # joined to nobody (itself included)
        among |= 1 << lone
    # the greedy start (fewest partners first), not D1's first pairs: where a D1 search's
    # partner is held no search is needed, but in near-miss rounds those pairs took the few
    # players the floaters need, leaving dozens of vertices whose augmenting paths each cost
    # an Edmonds search over the graph (issue 26: the 4,000-player round 4.3 -> 3.5 s since
    # the barriers of ``BitCompletion.refused`` answer most frames; any perfect matching
    # answers the same questions)
    return BitCompletion(BitMatching.starting_with(barred, among, (), stop_at_failure=True))


def some_movers_take_residents(
    rd: Round,
    fixed: Collection[int],
    free: Collection[int],
    take: int,
    residents: Sequence[int],
    x: int,
    ok: PairRule,
) -> bool:
    """Whether the players from above ``fixed`` and some ``take`` of ``free`` can each take a
    resident (``ok``) while the residents left pair among themselves (``ok``) leaving ``x`` of
    them unpaired (C6, C10, C11 for a heterogeneous level: the floaters paired first, then the
    residual level). One perfect matching: the graph of :func:`residual_completion` for the
    players ``fixed`` plus all of ``free``, with every resident allowed on the ``x`` float
    places (the rest-of-round questions left out), and ``len(free) - take`` stand-ins joined
    to every player of ``free`` (those who stay unpaired and float on, C12). A perfect
    matching gives the stand-ins the players of ``free`` left out and is the residual graph
    of the others; conversely such a graph's perfect matching, with the players left out on
    the stand-ins, is one here. The graph has the edges of every :func:`residual_completion`
    at ``ok``'s upfloat stage or a stricter one (its floatable residents are a subset of all
    residents, a closed residual has no perfect matching at all), so False proves that no
    choice of ``take`` players of ``free`` yields a candidate (issue 26, docs/elo-swiss.md
    "Which players from above")."""
    stand_ins = len(free) - take
    if stand_ins < 0:
        return False
    pair_barred = ok.graph.barred
    resident_mask = mask_of(residents)
    mover_mask = mask_of(fixed) | mask_of(free)
    top = rd.bye_bit + 1
    place_mask = ((1 << x) - 1) << top
    stand_in_mask = ((1 << stand_ins) - 1) << (top + x)
    free_mask = mask_of(free)
    barred: dict[int, int] = {}
    for a in bits(mover_mask):
        partners = resident_mask & ~pair_barred[a]
        if (free_mask >> a) & 1:
            partners |= stand_in_mask
        barred[a] = ~partners
    for b in residents:
        barred[b] = ~(((resident_mask | mover_mask) & ~pair_barred[b] & ~(1 << b)) | place_mask)
    for v in bits(place_mask):
        barred[v] = ~resident_mask
    for v in bits(stand_in_mask):
        barred[v] = ~free_mask
    return round_players.perfect_from_highest(
        barred, mover_mask | resident_mask | place_mask | stand_in_mask)


def some_floaters_of_each(
    rd: Round,
    floating: Collection[int],
    free: Collection[int],
    stay: int,
    residents: Sequence[int],
    x: int,
    sink: Collection[int],
) -> bool:
    """Whether the players from above ``floating``, all of ``free`` but ``stay`` of them,
    and some ``x`` residents can float with ``sink`` (the players already floating and the
    lower levels) all paired (B1, B2; the bye vertex when they are odd, B1 b): the
    rest-of-round question (C12, C13) of a heterogeneous level's groups, for every choice of
    the players from above and of the residual floaters at once. The completion graph
    (:meth:`Round.completion_graph`) of those players, plus ``stay`` stand-ins joined to
    every player of ``free`` and ``len(residents) - x`` stand-ins joined to every resident:
    a perfect matching puts on stand-ins exactly the players who do not float and pairs the
    others with the sink; conversely any such floater set's completion, the others on
    stand-ins, is one. So False proves that no candidate of those groups exists (issue 26,
    docs/elo-swiss.md "Which players from above")."""
    stand_res = len(residents) - x
    if stay < 0 or stay > len(free) or stand_res < 0:
        return False
    graph = rd.completion_graph()
    top = rd.bye_bit + 1
    stay_mask = ((1 << stay) - 1) << top
    res_stand_mask = ((1 << stand_res) - 1) << (top + stay)
    free_mask, resident_mask = mask_of(free), mask_of(residents)
    players = mask_of(floating) | free_mask | resident_mask | mask_of(sink)
    among = players | stay_mask | res_stand_mask
    floaters = len(floating) + len(free) - stay + x
    if (floaters + len(sink)) % 2:
        among |= 1 << rd.bye_bit
    barred: dict[int, int] = {}
    for v in bits(players):
        m = graph[v] | stay_mask | res_stand_mask
        if (free_mask >> v) & 1:
            m &= ~stay_mask
        elif (resident_mask >> v) & 1:
            m &= ~res_stand_mask
        barred[v] = m
    barred[rd.bye_bit] = graph[rd.bye_bit] | stay_mask | res_stand_mask
    for v in bits(stay_mask):
        barred[v] = ~free_mask
    for v in bits(res_stand_mask):
        barred[v] = ~resident_mask
    return round_players.perfect_from_highest(barred, among)


def _residual_rest_bits(
    rd: Round,
    movers: Sequence[int],
    residents: Sequence[int],
    x: int,
    ok: PairRule,
    sink: Collection[int],
) -> BitCompletion:
    """C10-C13 for a heterogeneous level whose residual leaves ``x`` >= 2 floaters: the rest
    of the round with the residual (issue 26; :func:`_residual_bits` leaves it out). Each
    mover takes a resident (``ok``); two residents are joined when ``ok`` allows them to meet
    (a residual pair) or the completion graph does (two floaters paired below); a resident
    is joined to the players of ``sink`` (the players already floating and the lower levels)
    and to the bye vertex as the completion graph allows (a floater, C12/C13); the sink as in
    :meth:`Round.completable`; the bye vertex when ``x`` and the sink are odd.
    *Necessary*: a candidate of the group (the movers' pairs, the residual's pairs, its ``x``
    floaters passing the look-ahead with the sink) is a perfect matching of this graph (its
    pairs, then the completion of its floaters and of the sink), and so is every branch of
    the D1 search that leads to one; so a branch with no perfect matching yields nothing
    (the number of residents who float is not fixed here: :func:`_residual_bits` fixes it).
    Every resident may float in this graph (B5/B6 dropped, the most relaxed stage of C9),
    which only adds edges."""
    graph = rd.completion_graph()
    pair_barred = ok.graph.barred
    mover_mask, resident_mask, sink_mask = mask_of(movers), mask_of(residents), mask_of(sink)
    below = sink_mask
    if (x + len(sink)) % 2:
        below |= 1 << rd.bye_bit
    barred: dict[int, int] = {}
    for a in movers:
        barred[a] = ~(resident_mask & ~pair_barred[a])
    for b in residents:
        partners = ((mover_mask | resident_mask) & ~pair_barred[b]) | (
            (resident_mask | below) & ~graph[b])
        barred[b] = ~(partners & ~(1 << b))
    for v in bits(below):
        barred[v] = ~((resident_mask | below) & ~graph[v] & ~(1 << v))
    among = mover_mask | resident_mask | below
    return BitCompletion(BitMatching.starting_with(barred, among, (), stop_at_failure=True))


class BothCompletions(BitCompletion):
    """Two :class:`BitCompletion` questions on the same D1 search, both necessary: a branch
    is kept while both graphs keep a perfect matching (issue 26: a heterogeneous level's
    residual graph and the same with the rest of the round)."""

    __slots__ = ("first", "second")

    def __init__(self, first: BitCompletion, second: BitCompletion) -> None:
        super().__init__(first.matching, first.shift)
        self.first, self.second = first, second

    @property
    def perfect(self) -> bool:
        return self.first.perfect and self.second.perfect

    def holds(self, a: int, b: int) -> bool:
        return self.first.holds(a, b) and self.second.holds(a, b)

    def partners(self, a: int) -> int:
        return self.first.partners(a) & self.second.partners(a)

    def partners_and_barrier(self, a: int) -> tuple[int, object]:
        one, guess_one = self.first.partners_and_barrier(a)
        two, guess_two = self.second.partners_and_barrier(a)
        return one & two, (guess_one, guess_two)

    def refused(self, a: int, guess: object) -> tuple[int, object]:
        """A player refused by either graph is refused (both are necessary)."""
        if not isinstance(guess, tuple):
            return 0, None
        one, guess_one = self.first.refused(a, guess[0])
        two, guess_two = self.second.refused(a, guess[1])
        return one | two, (guess_one, guess_two)

    def without(self, a: int, b: int) -> BitCompletion | None:
        one = self.first.without(a, b)
        if one is None:
            return None
        two = self.second.without(a, b)
        return None if two is None else BothCompletions(one, two)
