"""The players of the round to pair and the criteria between two of them: A.2 order, B1, B2
(read as C.04.1 f-g), B5/B6 floats, and the completion questions (C12, C13) on bit sets."""

from __future__ import annotations

import copy
from collections.abc import Collection, Iterable, Mapping, Sequence

from ...matching.bitpaths import BitMatching
from ...matching.bitsets import BitGraph, bits, mask_of
from ...model import Tournament
from ...model.results import Colour
from ...model.state import Float, PlayerState, build_states
from ...model.tournament import title_rank
from . import criteria
from .criteria import POINT_WITHOUT_PLAYING, elo_float_policy


def perfect_from_highest(barred: Mapping[int, int], among: int) -> bool:
    """Whether the vertices of ``among`` can all be matched under ``barred``
    (:meth:`~swisspairing.matching.bitpaths.BitMatching.is_perfect`'s answer): a greedy start,
    the vertices with the fewest partners first, each taking its *highest*-numbered free
    partner, then augmenting paths, stopping at the first vertex left without one (no perfect
    matching then: the symmetric difference with one would hold an augmenting path from it).
    Any start gives the same answer. Issue 26: the graphs asked here put stand-ins (and the
    bye vertex) above every player; taking the lowest partner, the lower levels' players took
    the level's candidates first and left dozens of vertices whose augmenting paths each cost
    an Edmonds search over 4,000 vertices (the 4,000-player near-miss round, 0.7 s); taking
    the highest, the candidates take stand-ins and nothing is left to augment there. Also the
    family questions of :mod:`.completion` (``StageCompletions.some_split``,
    ``some_movers_take_residents``, ``some_floaters_of_each``), whose stand-ins sit above
    every player too (48 near-miss files 2.38 -> 2.08 s; near-miss round 5 at 1,000 players
    113 -> 103 s)."""
    order = sorted(bits(among), key=lambda v: ((among & ~barred[v]).bit_count(), v))
    free = among
    pairs = []
    for v in order:
        if not (free >> v) & 1:
            continue
        options = free & ~barred[v] & ~(1 << v)
        if options:
            u = options.bit_length() - 1
            pairs.append((v, u))
            free &= ~((1 << v) | (1 << u))
    return BitMatching.starting_with(barred, among, pairs, stop_at_failure=True).perfect


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
        #: per player, whom he may not meet in the completion questions (the look-ahead of
        #: C10-C13): :attr:`barred`, except in the view of :meth:`next_level_view` (C12)
        self.lookahead_barred = self.barred
        self._pair_rules: dict[int, PairRule] = {}
        self._may_float_masks: dict[tuple[Float, int], int] = {}
        self._most_pairs: dict[tuple[frozenset[int], int], int] = {}
        #: the bit of the bye vertex in :meth:`completion_graph` (above every player's id)
        self.bye_bit = max(tournament.players, default=0) + 1
        self._completion_graph: dict[int, int] | None = None
        self._base_matchings: dict[frozenset[int], BitMatching] = {}
        #: per ``base`` of :meth:`completable_over`, the last perfect matching grown from it
        self._last_grown: dict[frozenset[int], BitMatching] = {}
        self._bye_takers: int | None = None
        #: answers of :meth:`completable_with_some`, keyed by bit sets (issue 26: keyed by
        #: the sets themselves, 340 answers of the 4,000-player near-miss round held 65 MiB)
        self._some_floaters: dict[tuple[int, int, int], bool] = {}
        self._inside_pairs: dict[int, int] = {}  # bit set -> its maximum matching's pairs
        self._level_answers: dict[tuple[frozenset[int], frozenset[int], int, frozenset[int]],
                                  bool] = {}
        #: matching work left to the D1 search of the level being paired
        #: (:data:`.criteria.MATCHING_WORK_LIMIT`)
        self.matching_work = [criteria.MATCHING_WORK_LIMIT]
        #: how many stages stopped at :data:`.criteria.EXCHANGE_LIMIT` (a search limit)
        self.exchange_cuts = 0
        #: how many stages gave up on D2 families too large to list
        #: (:data:`.criteria.FAMILY_SETS_LIMIT`, a search limit)
        self.family_cuts = 0
        #: answers of :class:`.completion.FloaterTest` (floaters, lower levels) -> bool
        self.floater_answers: dict[tuple[frozenset[int], frozenset[int]], bool] = {}
        #: per (players, players allowed to float, upfloat stage), the largest p found not
        #: to pair (:func:`.stage.pair_stage`: every smaller p fails too)
        self.stage_floor: dict[tuple[frozenset[int], frozenset[int], int], int] = {}
        #: answers of the whole-stage floater test of :func:`pair_stage`
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
        for pid, partners in self.t.forbidden_partners(self.r, self.t.players).items():
            barred[pid] |= partners
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

    def may_float_mask(self, direction: Float, stage: int) -> int:
        """The bit set of the players :meth:`may_float` allows (B5, B6 at ``stage``), built once
        per direction and stage (a stage of a level asks it for each of its players)."""
        key = (direction, stage)
        got = self._may_float_masks.get(key)
        if got is None:
            got = self._may_float_masks[key] = mask_of(
                pid for pid in self.t.players if self.may_float(pid, direction, stage))
        return got

    def most_pairs(self, players: Sequence[int], rule: PairRule) -> int:
        """How many pairs at most ``players`` make under ``rule`` (a maximum matching, kept per
        set of players and upfloat stage): a stage asking more pairs cannot be paired."""
        key = (frozenset(players), rule.up_stage)
        got = self._most_pairs.get(key)
        if got is None:
            # only the size is read: the Hungarian trees of failed searches are pruned
            # (BitMatching.pruned, the same size; issue 26)
            got = self._most_pairs[key] = BitMatching.pruned(rule.graph.barred,
                                                             mask_of(players)).size
        return got

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
    def bye_takers(self) -> int:
        """The bit set of the players allowed the bye (B1 b)."""
        if self._bye_takers is None:
            self._bye_takers = mask_of(q for q in self.t.players if self.bye_eligible(q))
        return self._bye_takers

    def completion_graph(self) -> dict[int, int]:
        """The graph of the completion questions as bit sets (per vertex, the vertices it may
        not meet, itself included): B1/B2 between players, and the bye vertex
        (:attr:`bye_bit`) joined to the players allowed the bye (B1 b). Built once."""
        graph = self._completion_graph
        if graph is None:
            bye = 1 << self.bye_bit
            takers = self.bye_takers()
            graph = {pid: m | (0 if (takers >> pid) & 1 else bye)
                     for pid, m in self.lookahead_barred.items()}
            graph[self.bye_bit] = bye | (mask_of(self.t.players) & ~takers)
            self._completion_graph = graph
        return graph

    def next_level_view(self, level: Collection[int], lower: frozenset[int],
                        nxt: frozenset[int]) -> Round:
        """The round as C12's stricter test sees the rest of it, for the candidates of one
        level (issue 26): "un appariement [...] dans lequel un autre joueur sera flotteur
        descendant et que cela permet p appariements dans le niveau en cours" - the floaters
        (players of ``level``) are paired in the next level ``nxt`` or among themselves, never
        with a player of the lower levels below ``nxt`` nor given the bye; the lower levels
        pair as before. That is :meth:`completable` (``f | lower``, ``restrict=nxt``,
        ``floaters=f``) for every floater set ``f`` of the level at once, as one graph:
        :attr:`lookahead_barred` bars each player of ``level`` from the players of
        ``lower - nxt`` (both ways) and :meth:`bye_takers` leaves out the players of
        ``level``. The pairing rules of the level itself (:attr:`barred`, :meth:`pair_rule`)
        are those of the round; the completion questions' answers are kept apart (their own
        caches). The searches of the level run on this view yield exactly the candidates the
        round's own searches yield whose floaters pass C12's test (docs/elo-swiss.md)."""
        view = copy.copy(self)
        level_mask = mask_of(level)
        far = mask_of(lower - nxt)
        view.lookahead_barred = {
            pid: m | (far if (level_mask >> pid) & 1 else 0)
            | (level_mask if (far >> pid) & 1 else 0)
            for pid, m in self.barred.items()
        }
        view._bye_takers = self.bye_takers() & ~level_mask
        view._completion_graph = None
        view._base_matchings = {}
        view._last_grown = {}
        view._some_floaters = {}
        view._inside_pairs = {}
        view._level_answers = {}
        view.floater_answers = {}
        view.stage_answers = {}
        view.matching_work = [criteria.MATCHING_WORK_LIMIT]
        return view

    def completable_over(self, extra: frozenset[int], base: frozenset[int]) -> bool:
        """``completable(extra | base)``, from a maximum matching of ``base`` kept for the
        next call: only the players of ``extra`` and those ``base`` left unmatched (and the bye
        vertex) start an augmenting path (:class:`~swisspairing.matching.bitpaths.BitMatching`,
        on bit sets). The same graph, so the same answer, for the many sets of floaters tried
        over the same lower levels (C12, C13)."""
        graph = self.completion_graph()
        start = self._base_matchings.get(base)
        if start is None:
            # any maximum matching of ``base`` will do (only ``.perfect`` of the grown one is
            # read): the Hungarian trees of failed searches pruned (issue 26)
            start = self._base_matchings[base] = BitMatching.pruned(graph, mask_of(base))
        added = mask_of(extra) & ~start.among
        if (start.among | added).bit_count() % 2:
            added |= 1 << self.bye_bit
        last = self._last_grown.get(base)
        if last is None:
            grown = start.grown(added, stop_at_failure=True)
        else:
            # issue 26: begun from the last perfect matching grown over the same ``base``
            # (the same graph): its pairs of two players still here are edges of this one;
            # the others are dropped (the floaters of consecutive candidates differ in a few
            # players). Any start gives the same ``.perfect`` (BitMatching.is_perfect)
            among = start.among | added
            mate = dict(last.mate)
            matched = last.matched
            for v in bits(last.among & ~among & matched):
                u = mate.pop(v, None)
                if u is not None:
                    del mate[u]
                    matched &= ~((1 << v) | (1 << u))
            grown = BitMatching.continued(graph, among, mate, matched, stop_at_failure=True)
        if grown.perfect:
            self._last_grown[base] = grown
        return grown.perfect

    def completable_with_some(self, candidates: frozenset[int], x: int, base: frozenset[int]
                              ) -> bool:
        """Whether some ``x`` players of ``candidates`` and the players of ``base`` can all be
        paired (B1, B2; the bye vertex when they are odd, B1 b): :meth:`completable_over` for
        some set of ``x`` floaters, as one question. The graph of :meth:`completion_graph`
        gets ``len(candidates) - x`` stand-ins joined to every candidate and to nobody else:
        a perfect matching gives the stand-ins the candidates that do not float, and pairs
        the ``x`` others with ``base`` (C12, C13 for a whole stage: no split of the stage can
        leave floaters the rest of the round takes when this is False)."""
        cands, base_mask = mask_of(candidates), mask_of(base)
        key = (cands, x, base_mask)  # the same sets, the same bit sets
        got = self._some_floaters.get(key)
        if got is not None:
            return got
        stand_ins = len(candidates) - x
        if stand_ins < 0:
            return False
        graph = self.completion_graph()
        top = self.bye_bit + 1
        stand_in_mask = ((1 << stand_ins) - 1) << top
        others = base_mask & ~cands
        among = cands | others | stand_in_mask
        bye = (x + others.bit_count()) % 2
        if bye:
            among |= 1 << self.bye_bit
        # counting first: the players of ``base`` not paired among themselves (at least
        # ``len - 2 * maximum matching``) need a floater each, but one may take the bye
        if x < self.floaters_needed(others) - bye:
            self._some_floaters[key] = False
            return False
        barred: dict[int, int] = {}
        for v in bits(among & ~stand_in_mask):
            barred[v] = graph[v] if (cands >> v) & 1 else graph[v] | stand_in_mask
        for k in range(stand_ins):
            barred[top + k] = among & ~cands
        got = self._some_floaters[key] = perfect_from_highest(barred, among)
        return got

    def floaters_needed(self, others: int) -> int:
        """How many players of ``others`` (a bit set: the players already floating and the
        lower levels) a maximum matching of the completion graph leaves unpaired among
        themselves: each needs a floater of the level, or the bye for one of them (C12, C13;
        the count :meth:`completable_with_some` asks first). Kept per bit set."""
        inside = self._inside_pairs.get(others)
        if inside is None:
            inside = self._inside_pairs[others] = BitMatching.pruned(self.completion_graph(),
                                                                     others).size
        return others.bit_count() - 2 * inside

    def level_with_rest(self, players: Collection[int], can_float: Collection[int],
                        ok: PairRule, sink: frozenset[int]) -> bool:
        """Whether the players of a level (or residual level) and ``sink`` (the players
        already floating and the lower levels) can all be paired at once, a player of the
        level meeting another one as ``ok`` allows (a pair of the level, C6) or, when both
        may float (``can_float``), as the completion graph allows (two floaters paired
        below), and a player of ``can_float`` meeting a player of ``sink`` or taking the bye
        as the completion graph allows (a floater, C12/C13); ``sink`` and the bye as in
        :meth:`completable` (B1, B2, B1 b). Every candidate of a stage of the level, whatever
        its ``p`` and its S1/S2 split, is such a pairing (its pairs, then its floaters' and
        the lower levels' completion), so False proves that no stage of the level at that
        relaxation yields a candidate (issue 26: near-miss rounds built a split completion
        graph for each of thousands of D2 exchanges to learn it, docs/elo-swiss.md)."""
        level = frozenset(players)
        floatable = frozenset(can_float) & level
        key = (level, floatable, ok.up_stage, sink)
        got = self._level_answers.get(key)
        if got is not None:
            return got
        graph = self.completion_graph()
        level_mask, float_mask, sink_mask = mask_of(level), mask_of(floatable), mask_of(sink)
        bye = 1 << self.bye_bit
        among = level_mask | sink_mask
        if (len(level) + len(sink)) % 2:
            among |= bye
        below = among & ~level_mask  # the sink and the bye vertex, if used
        pair_barred = ok.graph.barred
        barred: dict[int, int] = {}
        for v in level:
            partners = level_mask & ~pair_barred[v]
            if (float_mask >> v) & 1:
                partners |= (float_mask | below) & ~graph[v]
            barred[v] = ~partners | (1 << v)
        for v in bits(below):
            barred[v] = ~((below | float_mask) & ~graph[v]) | (1 << v)
        got = self._level_answers[key] = perfect_from_highest(barred, among)
        return got

    def some_next_level_floaters(self, forced: frozenset[int], free: frozenset[int],
                                 at_least: int, lower: frozenset[int],
                                 restrict: frozenset[int]) -> bool:
        """Whether some set ``f`` of floaters, every player of ``forced`` and players of
        ``free``, ``at_least`` of them or more by a multiple of two, passes :meth:`completable`
        (``f | lower``, ``restrict``, ``f``): C12's preference for a whole level at once (a
        floater meets a player of the next level or another floater, the players of ``lower``
        outside it meet no floater, a floater never takes the bye). One perfect-matching
        question: stand-ins, one per player of ``free`` who does not float when exactly
        ``at_least`` float, joined to every player of ``free`` and to each other (two stand-ins
        paired together: two more floaters); the players of ``free`` on no stand-in float.
        Any such ``f`` passing the test gives a perfect matching here (its pairing, the
        players of ``free`` who stay on stand-ins, the stand-ins left over paired together),
        so False proves that no candidate of the level with that many floaters is C12's
        choice."""
        stand_ins = len(free) - (at_least - len(forced))
        if stand_ins < 0 or stand_ins > len(free):
            return False
        top = self.bye_bit + 1
        stand_in_mask = ((1 << stand_ins) - 1) << top
        floating = mask_of(forced | free)  # those who may float
        allowed = mask_of(restrict) | floating
        free_mask = mask_of(free)
        barred: dict[int, int] = {}
        for pid in forced | free:
            m = self.barred[pid] | (1 << pid) | ~(allowed | stand_in_mask) | (1 << self.bye_bit)
            barred[pid] = m if (free_mask >> pid) & 1 else m | stand_in_mask
        for pid in lower:
            m = self.barred[pid] | (1 << pid) | stand_in_mask
            if pid not in restrict:
                m |= floating
            if not self.bye_eligible(pid):
                m |= 1 << self.bye_bit
            barred[pid] = m
        for k in range(stand_ins):
            barred[top + k] = ~(free_mask | stand_in_mask) | (1 << (top + k))
        among = floating | mask_of(lower) | stand_in_mask
        if (at_least + len(lower)) % 2:
            barred[self.bye_bit] = ~mask_of(pid for pid in lower if self.bye_eligible(pid))
            among |= 1 << self.bye_bit
        return perfect_from_highest(barred, among)

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
