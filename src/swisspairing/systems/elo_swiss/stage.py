"""One stage of a level (C4-C8): S1/S2 with p pairs, the D2 exchanges, the D1 permutations of S2,
kept when B1/B2, B5/B6 and the look-ahead of C10-C13 allow."""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence

from ...matching import bipartite_covers
from ...matching.bitsets import BitGraph, kuhn_augment, mask_of
from ...model.state import Float
from . import criteria
from .completion import (
    BitCompletion,
    BothCompletions,
    Completion,
    FloaterTest,
    StageCompletions,
    max_matching_size,
)
from .exchanges import SplitFamily, TooManySets, d2_splits, d2_splits_where
from .players import PairRule, Round


def assigns(left: Sequence[int], right: Sequence[int], ok: Callable[[int, int], bool]
             ) -> bool:
    """Every player of ``left`` gets a distinct partner in ``right`` under ``ok``; on bit
    sets when ``ok`` is a :class:`PairRule` (the same answer)."""
    if isinstance(ok, PairRule):
        return ok.graph.assigns(left, right)
    return bipartite_covers(left, right, ok)


def pair_stage(
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
    with two floaters or more that test is part of the search (:class:`StageCompletions`)."""
    n = len(players)
    x = n - 2 * p
    if p < 0 or x < 0 or (x >= 2 and floater_ok.last):
        return  # the last level leaves at most one player (A.5)
    down, up = relax
    ok = rd.pair_rule(up)
    # quick test: can this stage be paired at all, whatever S1 and S2 are? Not with more pairs
    # than a maximum matching of the level has (issue 26: C14 lowers p one by one from n // 2,
    # and each p asks the five stages of C9/C10; asked first, before anything is built for
    # the stage). Then the stage test; its "no" holds for
    # every smaller p too with the same floaters allowed (``rd.stage_floor``): the p for which
    # the players can be paired leaving only players of ``can_float`` form an interval ending
    # at the maximum matching's size (from such a pairing, each augmenting path towards a
    # maximum matching adds a pair and unpairs nobody; docs/elo-swiss.md).
    if p > rd.most_pairs(players, ok):
        return
    floatable = rd.may_float_mask(Float.DOWN, down)
    can_float = {pid for pid in players if (floatable >> pid) & 1}
    if x == 1:
        can_float = {pid for pid in can_float if floater_ok(frozenset({pid}))}
    elif x == 0 and not floater_ok(frozenset()):
        return
    # C12/C13: can some x players of the stage float so that the rest of the round is paired?
    # (asked first: the cheaper question, and in near-miss rounds the one that says no)
    if not floater_ok.some_set(can_float, x):
        return
    # C7/C8 with C12/C13, every p and every S1/S2 split at once: the level's pairs, its
    # floaters' partners below and the lower levels' own pairs must make one pairing of the
    # level and the rest of the round (``Round.level_with_rest``; necessary for any candidate,
    # so a "no" skips only stages that yield nothing: docs/elo-swiss.md, "One test for every
    # split"). Issue 26: near-miss levels built a split completion graph per D2 exchange,
    # none perfect, up to the exchange limit.
    if x >= 2 and isinstance(ok, PairRule) and not floater_ok.rd.level_with_rest(
            players, can_float, ok, floater_ok.also | floater_ok.lower):
        return
    floor_key = (frozenset(players), frozenset(can_float), up)
    if p <= rd.stage_floor.get(floor_key, -1):
        return
    if not _stage_possible(players, x, ok, can_float):
        rd.stage_floor[floor_key] = p
        return
    if x >= 2 and math.comb(len(can_float), x) <= criteria.LEVEL_FLOATER_SETS_LIMIT:
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
    completions = StageCompletions(rd, x, ok, can_float, floater_ok) if x >= 2 else None
    splits = d2_splits(n, p)
    if completions is not None:
        # C8/D2 by families of splits (issue 26): the exchanges of a family that
        # ``StageCompletions.some_split`` refuses yield nothing (no split of it has a
        # perfect completion graph) and are skipped, uncharged; the others come in D2's
        # order (docs/elo-swiss.md, "D2 by families")
        stage_completions = completions
        # a place's bit (place i = players[i - 1]): a run's bit set is the sum of its places'
        # (distinct powers of two), made in C, not player by player (issue 26, s12-elo5c)
        place_bit = [0, *(1 << pid for pid in players)]
        bit_of = place_bit.__getitem__

        def maybe(family: SplitFamily) -> bool:
            groups = []
            for run, take in family:
                if take < 0 or take > len(run):
                    return False  # what some_split answers
                groups.append((sum(map(bit_of, run)), len(run), take))
            return stage_completions.some_split_bits(groups)

        splits = _cut_when_too_many(rd, d2_splits_where(n, p, maybe))
    for exchanges, (s1n, s2n, exchange) in enumerate(splits, start=1):
        if exchanges > criteria.EXCHANGE_LIMIT:
            rd.exchange_cuts += 1  # a search limit: read by C12's walk (level._c12_walk)
            return
        s1 = [players[i - 1] for i in s1n]
        s2 = [players[i - 1] for i in s2n]
        must = [pid for pid in s2 if pid not in can_float]
        completion = None
        if completions is not None:
            if math.comb(len(s2), x) <= criteria.FLOATER_SETS_LIMIT:
                # few floater sets: each is tested once (``completable`` keeps the answers)
                if not _some_floaters(s1, s2, x, ok, can_float, floater_ok):
                    budget[0] -= 1  # what the dead permutations would have cost, at least
                    if budget[0] < 0:
                        return
                    continue
            else:
                completion = functools.partial(completions.for_split, s1, s2)
        for perm in valid_permutations(s1, s2, must, ok, completion, budget, rd.matching_work):
            budget[0] -= 1
            if budget[0] < 0:
                return
            used = set(perm)
            floaters = tuple(pid for pid in s2 if pid not in used)
            if x >= 2 and not floater_ok(frozenset(floaters)):
                continue  # (known already while the matching work lasts)
            yield list(zip(s1, perm, strict=True)), floaters, (exchange, s1, s2)


def _cut_when_too_many(rd: Round, splits: Iterator[tuple[list[int], list[int], str]]
                       ) -> Iterator[tuple[list[int], list[int], str]]:
    """The splits of ``d2_splits_where`` until it gives up on families too large to list
    (:class:`.exchanges.TooManySets`): then the stage stops there, counted as a search limit
    (``rd.family_cuts``, a note of the level) like the exchange limit (issue 26)."""
    try:
        yield from splits
    except TooManySets:
        rd.exchange_cuts += 1  # read by C12's walk (level._c12_walk), as the exchange limit
        rd.family_cuts += 1


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
        if floater_ok(frozenset(floaters)) and assigns(s1, rest, ok):
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


def first_assignment(left: Sequence[int], right: Sequence[int], barred: Mapping[int, int]
                     ) -> dict[int, int] | None:
    """A distinct partner in ``right`` for every player of ``left`` (``barred``: per player,
    the bit set of those he may not meet), or None. Each player of ``left`` in order takes
    the first free player of ``right`` in its order he may meet (so the first player of
    ``left`` gets exactly the first partner D1 tries), then Kuhn's augmenting paths place the
    players left waiting. Only whether one exists is the answer (:func:`assigns`)."""
    return first_assignment_within(left, right, mask_of(right), barred)


def first_assignment_within(left: Sequence[int], order: Sequence[int], right_mask: int,
                            barred: Mapping[int, int]) -> dict[int, int] | None:
    """:func:`first_assignment` with ``right`` given as the players of ``right_mask`` in the
    order of ``order`` (which may hold others: they are passed over, never taken), so that
    the D1 search need not list S2's free players at each step (issue 26, s12-elo5c): the
    same players in the same order, the same assignment."""
    right = order
    taken: dict[int, int] = {}  # right -> left
    given: dict[int, int] = {}  # left -> right
    waiting = []
    start = 0  # every player of ``right`` before it is taken (or not in ``right_mask``)
    for a in left:
        while start < len(right) and (right[start] in taken
                                      or not (right_mask >> right[start]) & 1):
            start += 1
        options = right_mask & ~barred[a]
        for k in range(start, len(right)):
            b = right[k]
            if b not in taken and (options >> b) & 1:
                taken[b], given[a] = a, b
                break
        else:
            waiting.append(a)
    if not waiting:
        return given
    # the players left waiting: Kuhn's augmenting paths, the search BitGraph.assigns makes
    # (matching/bitsets.py); only the greedy start above differs (S2's order, not the ids')
    for a in waiting:
        if not kuhn_augment(a, right_mask, barred, taken, given):
            return None
    return given


def repaired_assignment(witness: dict[int, int], a: int, b: int, right_mask: int,
                        barred: Mapping[int, int]) -> dict[int, int] | None:
    """From ``witness`` (a distinct partner in S2 for each player of S1 from ``a`` on), one for
    the players after ``a`` once ``a`` takes ``b`` (``right_mask``: the S2 players still free,
    ``b`` excluded); None when there is none. ``a``'s partner in ``witness`` is freed; the one
    player who held ``b`` (if any) is the only one left without a partner, so one augmenting
    path from him decides (Berge) instead of a new assignment of everybody (C7, D1: the
    search fixes one pair at a time). The answer is that of :func:`first_assignment`."""
    given = dict(witness)
    del given[a]
    holder = next((x for x, y in given.items() if y == b), None)
    if holder is None:
        return given
    del given[holder]
    taken = {y: x for x, y in given.items()}
    return given if kuhn_augment(holder, right_mask, barred, taken, given) else None


#: a frame of :func:`valid_permutations` keeps its completion graph's matching only at the
#: places that are a multiple of this (the others are rebuilt when the search backtracks to
#: them): memory, not answers (issue 26: the 1-point level of the 4,000-player near-miss round
#: searched S1 = 662 players from above, a matching of 2,500 vertices per frame, twice)
KEPT_EVERY = 16
#: ... unless the search's matchings are small: every frame keeps its own when S1's places
#: times the root completion's vertices are at most this (about 200,000 matching entries
#: at most, a few MiB); the rebuilt matching is the very one dropped, so the search is the
#: same, only not repaired again (issue 26, s12-elo5c: near-miss round 5 at 400 players
#: rebuilt 2,987 frames, up to 15 repairs each, in C12's walk)
KEPT_ALL_BELOW = 200_000
_DROPPED = object()  # a frame's completion, dropped (rebuilt when needed)
#: whether :func:`valid_permutations` passes over, where the players of ``must`` not yet
#: chosen fill every place left, the players not of ``must`` before asking anything (the
#: same permutations, the same charges; the tests switch it off to compare)
MUST_FILL_FIRST = True


def _vertices(completion: object) -> int:
    """The vertices of a completion graph (for :data:`KEPT_ALL_BELOW`); a kind not known
    here counts as too large (its frames are dropped as before)."""
    if isinstance(completion, BitCompletion):
        return completion.matching.among.bit_count()
    if isinstance(completion, BothCompletions):
        return _vertices(completion.first) + _vertices(completion.second)
    if isinstance(completion, Completion):
        return len(completion.verts)
    return KEPT_ALL_BELOW + 1


def valid_permutations(
    s1: Sequence[int],
    s2: Sequence[int],
    must: Sequence[int],
    ok: Callable[[int, int], bool],
    completion: Callable[[], Completion | BitCompletion] | None = None,
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
    used: set[int] = set()  # the players of ``chosen``
    used_mask = 0  # the same as a bit set
    graph = ok.graph if isinstance(ok, PairRule) else None
    barred = graph.barred if graph is not None else None

    def feasible(depth: int, witness: dict[int, int] | None) -> dict[int, int] | None:
        """A distinct partner among the S2 players not yet chosen for each player of S1 from
        ``depth`` on (S1 -> S2), checked to leave every player of ``must`` not yet chosen a
        partner in that part of S1; None if there is none. ``witness``, when given, is
        already such an assignment (then only ``must`` is checked)."""
        rest = s1[depth:]
        if witness is None and not rest:
            # nobody of S1 left to assign: the empty assignment, as first_assignment and the
            # repair give (issue 26: the last place of a D1 search tried each of S2's players
            # there, listing S2's free players for an empty assignment each time)
            witness = {}
        if witness is None and repair is not None and barred is not None:
            # the parent's assignment with S1[depth - 1] given S2 player ``b``: repaired
            parent, a, b = repair
            free_mask = s2_mask & ~used_mask
            witness = repaired_assignment(parent, a, b, free_mask, barred)
            if witness is None:
                return None
        if witness is None:
            if barred is not None:
                # S2's free players in S2's order, given as S2 and a bit set (s12-elo5c)
                witness = first_assignment_within(rest, s2, s2_mask & ~used_mask, barred)
                if witness is None:
                    return None
            elif assigns(rest, [f for f in s2 if f not in used], ok):
                witness = {}
            else:
                return None
        need_mask = must_mask & ~used_mask  # the players of ``must`` not yet chosen
        if not rest:  # nobody left in S1 to take them (issue 26: the last place, at once)
            return None if need_mask else witness
        need = [m for m in must if (need_mask >> m) & 1]
        if graph is not None:  # ``ok`` is symmetric; S1 from ``depth`` on as a bit set
            return witness if graph.assigns(need, rest_masks[depth]) else None
        return witness if assigns(need, rest, ok) else None

    def partners_of(frame: list, done: BitCompletion, a: int) -> int:
        """The S2 players ``a`` may take keeping ``done`` perfect, asked once per frame
        (:meth:`BitCompletion.partners`: the answers of every ``done.without(a, b)`` from one
        search, not charged to ``work``, which then counts only the repairs that succeed: the
        pruning lasts at least as long as one ``without`` per partner did, so the budget is
        charged at most as before, see docs/elo-swiss.md)."""
        if frame[4] is None:
            frame[4], guess[0] = done.partners_and_barrier(a)
        return frame[4]

    def refused_of(frame: list, done: BitCompletion, a: int) -> int:
        """S2 players ``a`` may not take keeping ``done`` perfect, proved without a search
        by the barrier the last partner set left (:meth:`BitCompletion.refused`: a subset of
        those :func:`partners_of` leaves out, so skipping them skips nothing the partner set
        keeps, and neither charges ``work``), asked once per frame (issue 26: in near-miss
        rounds the first partners D1 tries are the few players every floater set needs, and
        each proof that they are refused was one Edmonds search labelling the whole graph).
        A guess found no barrier any more is dropped until the next partner set."""
        if frame[5] is None:
            frame[5], guess[0] = (0, None) if guess[0] is None else done.refused(a, guess[0])
            if not frame[5]:
                guess[0] = None
        return frame[5]

    s2_mask = mask_of(s2)
    must_mask = mask_of(must)
    rest_masks = [0] * (p + 1)  # the players of S1 from each place on, as bit sets
    for k in range(p - 1, -1, -1):
        rest_masks[k] = rest_masks[k + 1] | (1 << s1[k])
    guess: list[object] = [None]  # the barrier of the last partner set (refused_of)
    direct = [0, 0]  # a frame's first repair tried at once: successes, failures
    repair: tuple[dict[int, int], int, int] | None = None
    first = feasible(0, None)
    if first is None:
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
    # depth-first over the places of S2 with an explicit stack (S1 may hold thousands of
    # players: no recursion). A frame: its depth, its completion, an assignment of the rest of
    # S1 (kept by the deepest frame only), the index in S2 of its next candidate and the
    # partners its completion allows (asked once) and the partners a barrier refuses (asked
    # once); the S2 players free at a depth are those of S2 not in ``used``, in their order.
    stack: list[list] = [[0, root, first, 0, None, None]]
    # frames dropped every place but each KEPT_EVERY-th, unless the matchings are small
    drop_every = KEPT_EVERY if root is None or p * _vertices(root) > KEPT_ALL_BELOW else 0

    def rebuilt(depth: int) -> BitCompletion:
        """The completion of the frame at ``depth``, dropped when its child was pushed: from
        the nearest frame above that kept its own, one ``without`` per pair fixed since (each
        perfect: it was when the frame was pushed, and perfection is a property of the graph,
        not of the matching; nothing charged, as nothing is asked that was not answered)."""
        top = depth
        while stack[top][1] is _DROPPED:
            top -= 1
        done = stack[top][1]
        if isinstance(done, BitCompletion):
            # the same chain of repairs on one copy of the matching (issue 26, s12-elo5c)
            done = done.without_all([(s1[k], chosen[k]) for k in range(top, depth)])
            if done is None:  # pragma: no cover - the frame's graph was perfect
                raise AssertionError("a completion kept perfect lost its perfect matching")
            return done
        for k in range(top, depth):
            done = done.without(s1[k], chosen[k])
            if done is None:  # pragma: no cover - the frame's graph was perfect
                raise AssertionError("a completion kept perfect lost its perfect matching")
        return done

    while stack:
        frame = stack[-1]
        if frame[1] is _DROPPED:
            frame[1] = rebuilt(frame[0])
        depth, done, witness, i = frame[:4]
        if depth == p:
            yield tuple(chosen)
            stack.pop()
            if depth:
                gone = chosen.pop()
                used.discard(gone)
                used_mask &= ~(1 << gone)
            continue
        a = s1[depth]
        pushed = False
        # the players of ``must`` not yet chosen fill every place left (C7: paired, D1): then
        # only one of them may take this one, any other leaves more of them than places
        # after it, which ``feasible`` refuses (no distinct partners for them, Hall), so it
        # is passed over before the completion's questions (issue 26, s12-elo5d: C12's walk
        # at 400 players asked 60,000 such dead ends). Only work changes: nothing is charged
        # to ``work`` or ``budget`` for a refused player either way
        only_must = MUST_FILL_FIRST and (must_mask & ~used_mask).bit_count() >= p - depth
        # then, with ``ok`` as bit sets, the players free, allowed and of ``must`` as one:
        # the same players (``used_mask`` is ``used``; a player tried and refused below is
        # freed again, and each is tried once per frame). Not elsewhere: on thousands of
        # players that mask per frame cost more than the look-ups it spares (near-miss round
        # 3 at 4,000 players 2.1 -> 2.4 s)
        open_mask = (~used_mask & ~barred[a] & must_mask
                     if only_must and barred is not None else None)
        while i < len(s2):
            b = s2[i]
            i += 1
            if open_mask is not None:
                if not (open_mask >> b) & 1:
                    continue
            elif b in used or not ok(a, b) or (only_must and not (must_mask >> b) & 1):
                continue
            tried = None  # ``done.without(a, b)`` when asked here
            if (isinstance(done, BitCompletion) and (work is None or work[0] > 0)
                    and not done.holds(a, b)):
                if frame[4] is None and (refused_of(frame, done, a) >> b) & 1:
                    continue  # ``done.without(a, b)`` would be None (a barrier; issue 26)
                if frame[4] is None and direct[1] <= direct[0] + 2:
                    # the frame's first partner not held: one repair for it, and only if it
                    # fails the partners of every later one at once (issue 26: in most
                    # searches the first partner D1 tries is allowed, and the partner set is
                    # one search over the whole graph; ``direct`` counts how often the repair
                    # succeeded, to go back to the partner set first where it rarely does).
                    # The same answers; the work charged as before (a repair that succeeds)
                    tried = done.without(a, b)
                    direct[tried is None] += 1
                    if tried is None:
                        partners_of(frame, done, a)
                        continue
                elif not (partners_of(frame, done, a) >> b) & 1:
                    continue  # ``done.without(a, b)`` would be None (issue 26)
            given = None
            repair = None
            if witness is not None and barred is not None:
                if witness.get(a) == b:
                    # the assignment gave ``a`` this partner: without them it assigns the
                    # rest of S1 to the rest of S2 (no new search); this frame's copy is spent
                    given, witness, frame[2] = witness, None, None
                    del given[a]
                else:
                    repair = (witness, a, b)  # repaired by one augmenting path
            used.add(b)
            used_mask |= 1 << b
            below = feasible(depth + 1, given)
            after = None
            if below is not None and done is not None and (work is None or work[0] > 0):
                if work is not None:
                    work[0] -= 1
                after = done.without(a, b) if tried is None else tried
                if after is None:
                    below = None
            if below is None:
                used.discard(b)
                used_mask &= ~(1 << b)
                continue
            frame[3] = i
            if done is not None and drop_every and depth % drop_every:
                # memory (issue 26): a completion holds a matching of the whole rest of the
                # round; S1 may hold hundreds of players, so a frame keeps its own only every
                # KEPT_EVERY places, the others are rebuilt if the search comes back to them
                frame[1] = _DROPPED
            chosen.append(b)
            stack.append([depth + 1, after, below, 0, None, None])
            pushed = True
            break
        if not pushed:
            stack.pop()
            if depth:
                gone = chosen.pop()
                used.discard(gone)
                used_mask &= ~(1 << gone)
