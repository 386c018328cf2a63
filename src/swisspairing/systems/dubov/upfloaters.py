"""The 2026 Dubov upfloaters of one bracket, exactly as 3.2.1/3.2.2 define them, without walking
the sets one by one.

3.2.1/3.2.2: the fewest upfloaters (C5) that let the residents be paired (C1, C3) and leave a
pairing for everybody below (C4); among those sets, the best bracket pairing by C6-C10; among
the best, the first set in the order of 4.2 (4.2.2: descending score, then ascending TPN; 4.1.3:
the set holding the smallest differing sequence number comes first).

The old search walked ``itertools.combinations`` in that order and stopped after
``SEARCH_LIMIT`` sets: with 100 upfloaters out of 200 candidates the rules' set comes after
astronomically many others, so the answer was a truncation. Here the sets are a depth-first
walk over the candidates in the 4.2 order, each one taken (first) or left: the leaves are the
k-sets in the 4.1.3 order. A node is left unexplored only when no leaf under it can be valid or
can reach the quality looked for (iterative deepening on the quality: the first threshold is a
lower bound of every set, each next one the smallest value met above the last), so the first
leaf found is the first set in the 4.2 order among those of the best quality: the rules' set,
not an approximation. What prunes:

* validity (C4, C1, C3 as a pairing of the bracket): a maximum matching of residents + the
  upfloaters taken so far, and one of the lower players not taken, kept up to date one player
  at a time (Berge: only the new player, or the partner a removed player leaves, can start an
  augmenting path). ``r`` upfloaters still to take lower the number of players such a matching
  leaves out by at most ``r`` (adding or removing one player changes it by one), so a node
  where either leaves more than ``r`` players out has no valid leaf; with ``r = 0`` these are
  exactly "the bracket can be paired" and "the players below can be paired" (C4);
* quality: a lower bound of (C6, C7, C8, C9, C10) over the leaves under a node, from what the
  node's candidates are (score, colour preference, upfloat history) and not who they can meet:
  C6 is best with the highest scores left (4.2.3: so C6 fixes the number taken from each
  score), C7 cannot be below half the difference between White-seekers and the others in the
  bracket (every pair of two players with the same preference leaves one of them without it,
  5.2.2-5.2.5: at least |W - B| / 2 such pairs), and C8-C10, sums over the upfloaters, are
  best with the candidates of the lowest (C8, C9, C10) of each colour at the cut score.

Why the number of upfloaters starts where it does: a bracket of the residents and ``k`` lower
players can only be paired when ``k`` is at least what a maximum matching of the residents
leaves out, and the players below only when ``k`` is at least what a maximum matching of all
the lower players leaves out (removing ``k`` players lowers that by at most ``k``). From there
``k`` grows by two (both counts have the parity of the remaining field) until a valid set exists;
with ``k`` the fewest, no pairing of residents + upfloaters can pair two upfloaters together
(dropping both would give a valid smaller set), so every upfloater meets a resident.
"""

from __future__ import annotations

import bisect
import sys
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass

from ...matching.bitpaths import short_augment
from ...matching.bitsets import BitGraph, augment_bits, bits, mask_of
from ...matching.blossom import max_weight_matching
from ...matching.gallai import maximum_matching, perfect
from ...matching.gallai import missable as gallai_missable
from ...model import Colour
from .round import DubovRound

WHITE = Colour.WHITE

#: (C6 as the number of upfloaters per score, lowest score first; C7; C8; C9; C10): smaller is
#: better, compared as a tuple (the C6 part compares as 2.3.2's descending list of differences).
Quality = tuple[tuple[int, ...], int, int, int, int]


@dataclass(frozen=True)
class UpfloaterChoice:
    """The upfloaters of one bracket (in the 4.2 order), the bracket's pairing (3.2.3-3.2.6)
    and its quality as the explanation shows it: (C6 differences, descending; C7; C8; C9; C10)."""

    upfloaters: tuple[int, ...]
    pairs: list[tuple[int, int]]
    quality: tuple[tuple[float, ...], int, int, int, int]


class _LoggedMates(dict[int, int]):
    """A both-ways partner map that, while ``log`` is set, keeps the old value (None: absent)
    of every key the first time it changes, so that the change can be undone."""

    __slots__ = ("log",)

    def __init__(self, mate: dict[int, int]) -> None:
        super().__init__(mate)
        self.log: dict[int, int | None] | None = None

    def __setitem__(self, key: int, value: int) -> None:
        if self.log is not None and key not in self.log:
            self.log[key] = self.get(key)
        super().__setitem__(key, value)

    def __delitem__(self, key: int) -> None:
        if self.log is not None and key not in self.log:
            self.log[key] = self.get(key)
        super().__delitem__(key)


#: what undoes one change of a :class:`_Matching`: its players and matched players before,
#: and the old partners of the players whose partner changed
_Undo = tuple[int, int, dict[int, "int | None"]]


class _Matching:
    """A maximum matching of the players of ``among`` (a bit set), changed one player at a time
    and changed back when the search backtracks (an undo record per change, no copies)."""

    __slots__ = ("among", "barred", "budget", "matched", "mate")

    def __init__(self, graph: BitGraph, ids: list[int], budget: _Budget) -> None:
        self.budget = budget
        self.barred: Mapping[int, int] = graph.barred
        # issue 26: the failed searches' trees left out of the later ones (same size)
        self.mate = _LoggedMates(maximum_matching(ids, graph.barred))
        self.among = mask_of(ids)
        self.matched = mask_of(self.mate)

    @property
    def left_out(self) -> int:
        """How many players a maximum matching leaves out."""
        return (self.among & ~self.matched).bit_count()

    def _augment(self, start: int) -> None:
        """Berge: when only ``start`` can begin an augmenting path, one search restores a
        maximum matching."""
        free = self.among & ~self.matched
        if not free & ~(1 << start):
            return
        end = short_augment(start, free, self.matched, self.barred, self.mate)
        if end is not None:
            self.matched |= (1 << start) | (1 << end)
            return
        self.budget.nodes -= EDMONDS_SEARCH_COST
        if augment_bits(start, self.among, self.barred, self.mate):
            self.matched = mask_of(self.mate)

    def plus(self, v: int) -> _Undo:
        """Add ``v`` (an augmenting path, if any, starts at ``v``)."""
        undo: _Undo = (self.among, self.matched, {})
        self.mate.log = undo[2]
        self.among |= 1 << v
        self._augment(v)
        self.mate.log = None
        return undo

    def minus(self, v: int) -> _Undo:
        """Remove ``v`` (an augmenting path, if any, starts at the partner ``v`` leaves)."""
        undo: _Undo = (self.among, self.matched, {})
        self.among &= ~(1 << v)
        if v in self.mate:
            self.mate.log = undo[2]
            partner = self.mate[v]
            del self.mate[v]
            del self.mate[partner]
            self.matched &= ~((1 << v) | (1 << partner))
            self._augment(partner)
            self.mate.log = None
        return undo

    def undo(self, undo: _Undo) -> None:
        """Back to the matching before the change that gave ``undo``."""
        self.among, self.matched, old = undo
        for key, value in old.items():
            if value is None:
                dict.pop(self.mate, key, None)
            else:
                dict.__setitem__(self.mate, key, value)


class _Candidates:
    """The lower players in the 4.2 order and what the quality bound needs of any suffix of
    them: per score, the positions; per score and colour, the positions of each (C8, C9, C10)
    value, best first."""

    def __init__(self, rnd: DubovRound, lower: list[int]) -> None:
        ps = rnd.players
        last = rnd.last_round
        self.ids = lower
        self.scores = sorted({ps[i].score for i in lower}, reverse=True)
        level_of = {s: j for j, s in enumerate(self.scores)}
        self.level = [level_of[ps[i].score] for i in lower]
        self.white = [ps[i].preference is WHITE for i in lower]
        self.cost: list[tuple[int, int, int]] = []
        for i in lower:
            p = ps[i]
            maxed = not last and p.upfloats >= rnd.max_upfloats  # 1.8.1, C8
            self.cost.append((int(maxed), p.upfloats if maxed else 0,  # C9
                              int(not last and p.upfloated_last)))  # C10
        nlev = len(self.scores)
        self.at_level: list[list[int]] = [[] for _ in range(nlev)]
        # per level and colour (0 = not White-seeker, 1 = White-seeker): [(cost, positions)]
        by_cost: list[list[dict[tuple[int, int, int], list[int]]]] = [
            [{}, {}] for _ in range(nlev)]
        for pos, lv in enumerate(self.level):
            self.at_level[lv].append(pos)
            by_cost[lv][self.white[pos]].setdefault(self.cost[pos], []).append(pos)
        self.classes = [[sorted(d.items()) for d in pair] for pair in by_cost]
        # per level, both colours together (for the bound that ignores colour, see _Search)
        self.either = [sorted(pair[0] + pair[1], key=lambda item: item[0])
                       for pair in self.classes]

    @staticmethod
    def after(positions: list[int], start: int) -> int:
        """How many of the (sorted) positions are at ``start`` or later."""
        return len(positions) - bisect.bisect_left(positions, start)

    def cheapest(self, lv: int, white: bool, start: int, n: int) -> tuple[int, int, int]:
        """The lowest (C8, C9, C10) sum of ``n`` candidates of that score and colour from
        ``start`` on (the ``n`` smallest costs: any other choice swaps in a larger one)."""
        return self._cheapest(self.classes[lv][white], start, n)

    def cheapest_any(self, lv: int, start: int, n: int) -> tuple[int, int, int]:
        """:meth:`cheapest` over the candidates of that score of either colour."""
        return self._cheapest(self.either[lv], start, n)

    def _cheapest(self, classes: list[tuple[tuple[int, int, int], list[int]]], start: int,
                  n: int) -> tuple[int, int, int]:
        s8 = s9 = s10 = 0
        for cost, positions in classes:
            if n <= 0:
                break
            take = min(n, self.after(positions, start))
            s8 += take * cost[0]
            s9 += take * cost[1]
            s10 += take * cost[2]
            n -= take
        return s8, s9, s10


class _OverBudget(Exception):
    """The walk visited more nodes than its budget (the weighted matching decides)."""


@dataclass
class _Budget:
    nodes: int


@dataclass
class _Taken:
    """What the upfloaters taken so far add to the quality."""

    per_level: list[int]
    whites: int
    c8: int
    c9: int
    c10: int


class _Search:
    """The depth-first walk for one number ``k`` of upfloaters (see the module docstring)."""

    def __init__(self, rnd: DubovRound, top: float, residents: list[int],
                 cands: _Candidates, k: int, budget: _Budget) -> None:
        self.rnd, self.top, self.residents, self.cands, self.k = rnd, top, residents, cands, k
        self.budget = budget
        ps = rnd.players
        self.size = len(residents) + k
        self.resident_whites = sum(ps[i].preference is WHITE for i in residents)
        self.forced_c7 = self.forced_pairs(residents, cands.ids)
        self.threshold: Quality | None = None
        self.next_threshold: Quality | None = None
        self.found: UpfloaterChoice | None = None
        self.leaves: dict[tuple[int, ...], tuple[Quality, UpfloaterChoice | None]] = {}

    # --- bounds ---------------------------------------------------------------------------
    def bound(self, start: int, need: int, taken: _Taken) -> Quality | None:
        """A lower bound of the quality of every set holding ``taken`` and ``need`` more
        candidates from position ``start`` on; None when too few are left."""
        c = self.cands
        if need == 0:
            return self.quality_of(taken, max(self.colour_floor(taken.whites), self.forced_c7))
        if start >= len(c.ids):
            return None
        per_level = list(taken.per_level)
        whites, s8, s9, s10 = taken.whites, taken.c8, taken.c9, taken.c10
        for lv in range(c.level[start], len(c.scores)):
            here = c.after(c.at_level[lv], start)
            if here < need:  # C6: every candidate of a higher score is taken
                per_level[lv] += here
                for white in (False, True):
                    for cost, positions in c.classes[lv][white]:
                        n = c.after(positions, start)
                        whites += n * white
                        s8 += n * cost[0]
                        s9 += n * cost[1]
                        s10 += n * cost[2]
                need -= here
                continue
            # the cut score: ``need`` of its ``here`` candidates; C7 chooses their colours
            per_level[lv] += need
            w_here = sum(c.after(p, start) for _, p in c.classes[lv][True])
            lo, hi = max(0, need - (here - w_here)), min(need, w_here)
            x = min(max(self.size // 2 - whites - self.resident_whites, lo), hi)
            if self.forced_c7 > self.colour_floor(whites + x):
                # C7 is at least forced_c7 whatever colours are taken (forced_pairs), so
                # C8-C10 from the cheapest of either colour: a bound of every such set
                a8, a9, a10 = c.cheapest_any(lv, start, need)
                bound = _Taken(per_level, whites + x, s8 + a8, s9 + a9, s10 + a10)
                return self.quality_of(bound, self.forced_c7)
            a8, a9, a10 = c.cheapest(lv, True, start, x)
            b8, b9, b10 = c.cheapest(lv, False, start, need - x)
            bound = _Taken(per_level, whites + x, s8 + a8 + b8, s9 + a9 + b9,
                           s10 + a10 + b10)
            return self.quality_of(bound, self.colour_floor(whites + x))
        return None

    def forced_pairs(self, residents: list[int], candidates: list[int]) -> int:
        """A second floor of C7, whatever the colours of the upfloaters: a resident who may
        meet nobody of the other colour preference among the residents and the candidates
        ends in a pair of two equal preferences in every bracket of this search (5.2.2-5.2.5:
        one of the two loses it), and one such pair holds at most two of those residents;
        so C7 >= ceil(forced / 2). Issue 26: the bracket where one resident has met every
        White-seeker below, which the colour floor alone let the walk enumerate."""
        ps = self.rnd.players
        barred = self.rnd.graph.barred
        everyone = residents + candidates
        whites = mask_of(i for i in everyone if ps[i].preference is WHITE)
        others = mask_of(everyone) & ~whites
        forced = sum(1 for r in residents
                     if not (others if ps[r].preference is WHITE else whites) & ~barred[r])
        return (forced + 1) // 2

    def colour_floor(self, upfloater_whites: int) -> int:
        """C7 is at least |W - B| / 2 (see the module docstring)."""
        whites = self.resident_whites + upfloater_whites
        return abs(2 * whites - self.size) // 2

    @staticmethod
    def quality_of(taken: _Taken, c7: int) -> Quality:
        return (tuple(reversed(taken.per_level)), c7, taken.c8, taken.c9, taken.c10)

    # --- leaves ---------------------------------------------------------------------------
    def leaf(self, chosen: list[int], taken: _Taken) -> None:
        """A valid set (both matchings perfect): its exact quality, from the bracket pairing of
        3.2.3-3.2.6 when the bound cannot already tell it is worse than the threshold."""
        assert self.threshold is not None
        key = tuple(chosen)
        known = self.leaves.get(key)
        if known is None:
            rnd, ids = self.rnd, self.cands.ids
            ups = [ids[p] for p in chosen]
            bracket = self.residents + ups
            floor = self.colour_floor(taken.whites)
            if not self.balanced(bracket):
                floor += 2  # at least one more pair of equal preferences on each side
            bound = self.quality_of(taken, floor)
            if bound > self.threshold:
                self.note_above(bound)
                return
            pairs = rnd.pair_bracket(bracket)
            if pairs is None:  # pragma: no cover - the bracket is pairable (C4 checked)
                self.leaves[key] = (bound, None)
                return
            up = [rnd.players[u] for u in ups]
            shown = (tuple(sorted((self.top - u.score for u in up), reverse=True)),
                     rnd.unmet_preferences(pairs), taken.c8, taken.c9, taken.c10)
            known = (self.quality_of(taken, shown[1]), UpfloaterChoice(tuple(ups), pairs, shown))
            self.leaves[key] = known
        quality, choice = known
        if choice is None:
            return
        if quality == self.threshold:
            self.found = choice
        elif quality > self.threshold:
            self.note_above(quality)

    def balanced(self, bracket: list[int]) -> bool:
        """Whether the bracket has a pairing with only |W - B| / 2 pairs of equal preferences:
        nobody of the smaller side (both sides when equal) meets his own side."""
        ps = self.rnd.players
        whites = [i for i in bracket if ps[i].preference is WHITE]
        others = [i for i in bracket if ps[i].preference is not WHITE]
        barred = dict(self.rnd.graph.barred)
        sides = [whites, others] if len(whites) == len(others) else [
            min(whites, others, key=len)]
        for side in sides:
            mask = mask_of(side)
            for i in side:
                barred[i] = barred[i] | mask
        return perfect(bracket, barred)

    def note_above(self, quality: Quality) -> None:
        if self.next_threshold is None or quality < self.next_threshold:
            self.next_threshold = quality

    # --- the walk -------------------------------------------------------------------------
    def walk(self, start: int, need: int, chosen: list[int], taken: _Taken,
             inside: _Matching, below: _Matching) -> bool:
        """Visit the leaves under this node in the 4.1.3 order; True once the set is found.
        ``inside``: residents + the upfloaters taken; ``below``: the lower players not taken."""
        self.budget.nodes -= 1
        if self.budget.nodes < 0:
            raise _OverBudget
        if inside.left_out > need or below.left_out > need:
            return False  # C4 / C1, C3: no valid set under this node
        if need == 0:
            self.leaf(chosen, taken)
            return self.found is not None
        if len(self.cands.ids) - start < need:
            return False
        bound = self.bound(start, need, taken)
        assert self.threshold is not None
        if bound is None:
            return False
        if bound > self.threshold:
            self.note_above(bound)
            return False
        c = self.cands
        pid = c.ids[start]
        cost = c.cost[start]
        per_level = list(taken.per_level)
        per_level[c.level[start]] += 1
        with_it = _Taken(per_level, taken.whites + c.white[start], taken.c8 + cost[0],
                         taken.c9 + cost[1], taken.c10 + cost[2])
        chosen.append(start)
        undo_inside, undo_below = inside.plus(pid), below.minus(pid)
        if self.walk(start + 1, need - 1, chosen, with_it, inside, below):
            return True
        below.undo(undo_below)
        inside.undo(undo_inside)
        chosen.pop()
        return self.walk(start + 1, need, chosen, taken, inside, below)

    def run(self, inside: _Matching, below: _Matching) -> UpfloaterChoice | None:
        """Iterative deepening on the quality: the first threshold with a set is the best
        quality, and the walk meets the sets of a threshold in the 4.1.3 order."""
        empty = _Taken([0] * len(self.cands.scores), 0, 0, 0, 0)
        self.threshold = self.bound(0, self.k, empty)
        limit = len(self.cands.ids) + 500
        if sys.getrecursionlimit() < limit:
            sys.setrecursionlimit(limit)
        while self.threshold is not None:
            self.next_threshold = None
            if self.walk(0, self.k, [], empty, inside, below):
                return self.found
            self.threshold = self.next_threshold
        return None


#: Nodes the walk may visit for one bracket before the weighted matching decides instead:
#: a base, plus so many per candidate (a walk its bounds guide visits about one node per
#: candidate and threshold: one per candidate in the one-bracket rounds, at most 46 units a
#: bracket in a generated 1,000-player event). Each Edmonds search (no short augmenting path)
#: counts as ``EDMONDS_SEARCH_COST`` nodes. Both paths give the same set; the budget only
#: chooses the faster one.
NODE_BUDGET_BASE = 1_000
NODE_BUDGET_PER_CANDIDATE = 4
EDMONDS_SEARCH_COST = 20


def choose_upfloaters(rnd: DubovRound, top: float, residents: list[int], lower: list[int]
                      ) -> UpfloaterChoice | None:
    """2026 3.2.1/3.2.2 for one bracket: the upfloaters (the fewest, C5; the best bracket
    pairing by C6-C10; the first such set in the 4.2 order) and the bracket's pairing; None
    when no number of upfloaters gives a valid bracket (C4).

    The walk answers first; when its bounds do not cut enough (more than the node budget), one
    maximum-weight matching gives the same set (:func:`by_weighted_matching`), for at most
    ``WEIGHTED_FALLBACK_2026_MOST_PLAYERS`` residents + lower players; with more, the walk
    starts again without a budget (issue 26: the same set, docs/dubov.md "The 2026 fallback at
    thousands of players")."""
    budget = _Budget(NODE_BUDGET_BASE + NODE_BUDGET_PER_CANDIDATE * len(lower))
    try:
        return _walk_the_sizes(rnd, top, residents, lower, budget)
    except _OverBudget:
        if len(residents) + len(lower) <= WEIGHTED_FALLBACK_2026_MOST_PLAYERS:
            return by_weighted_matching(rnd, top, residents, _Candidates(rnd, lower))
        # too many players for one dense weighted matching (3.2.1/3.2.2 either way: the
        # budget only chooses the method); the interrupted walk left its matchings changed,
        # so everything is built again
        return _walk_the_sizes(rnd, top, residents, lower, _Budget(sys.maxsize))


#: Past its node budget, :func:`choose_upfloaters` hands over to the weighted matching only for
#: this many players (residents + lower players) at most: one dense matching of all of them
#: (main at 234d5fd: 1,000 players 20 s, 484 MiB; 2,000 players 118 s, 2.4 GB; 4,000 players
#: out of memory under 3 GB); beyond, the walk goes on without a budget (the same set).
WEIGHTED_FALLBACK_2026_MOST_PLAYERS = 1_000


def _walk_the_sizes(rnd: DubovRound, top: float, residents: list[int], lower: list[int],
                    budget: _Budget) -> UpfloaterChoice | None:
    """The walk of :class:`_Search` for each number of upfloaters from the fewest possible up
    (C5, see the module docstring), the first that has a valid set answering; raises
    :class:`_OverBudget` past ``budget``."""
    inside = _Matching(rnd.graph, residents, budget)
    below = _Matching(rnd.graph, lower, budget)
    cands = _Candidates(rnd, lower)
    k = max(inside.left_out, below.left_out)
    # at the first size, only the candidates that can be in a valid set (docs/dubov.md,
    # "Upfloaters at the deficiency"): the same sets, in the same order, under sharper bounds
    live = usable_upfloaters(lower, inside, below, k)
    first = _Candidates(rnd, live) if len(live) < len(lower) else cands
    while k <= min(len(residents), len(lower)):
        use = first if k == max(inside.left_out, below.left_out) else cands
        choice = _Search(rnd, top, residents, use, k, budget).run(inside, below)
        if choice is not None:
            return choice
        k += 2
    return None


def missable(m: _Matching) -> int:
    """Gallai-Edmonds ``D``: the bit set of the players of ``m`` that some maximum matching of
    them leaves out, from one Edmonds search from all the players ``m`` leaves out at once
    (:func:`~swisspairing.matching.gallai.missable`, where the proof is; issue 26: before,
    one search per player left out, each labelling nearly every player)."""
    return gallai_missable(m.among, m.barred, m.mate)


def usable_upfloaters(lower: list[int], inside: _Matching, below: _Matching,
                      k: int) -> list[int]:
    """The candidates (``lower``, in order) that can belong to a valid set of ``k``
    upfloaters, when ``k`` is one of the two deficiencies (else all of them).

    * ``k`` = what a maximum matching of the lower players leaves out (C4): the players who
      stay below must all be paired, so a pairing of them is a matching of the lower players
      of ``(|L| - k) / 2`` pairs, a maximum one, that leaves out exactly the upfloaters: each
      upfloater is in ``D`` of the lower players (:func:`missable`).
    * ``k`` = what a maximum matching of the residents leaves out (C1, C3): a pairing of the
      bracket pairs at most ``|R| - k`` residents among themselves, so each of the ``k``
      upfloaters meets a resident and the residents' pairs are a maximum matching of them that
      leaves out exactly the residents meeting upfloaters: each upfloater may meet a player
      of ``D`` of the residents.
    Only the walk's bounds change (they count the candidates by score and colour): a valid
    set holds no other candidate, so the walk meets the same valid sets in the same order."""
    live = mask_of(lower)
    if k == below.left_out:
        live &= missable(below)
    if k == inside.left_out:
        reachable = missable(inside)
        live &= mask_of(p for p in lower if reachable & ~inside.barred[p])
    return [p for p in lower if (live >> p) & 1]


def by_weighted_matching(rnd: DubovRound, top: float, residents: list[int],
                         cands: _Candidates) -> UpfloaterChoice | None:
    """The same set as the walk, from one maximum-weight matching of residents + all the
    lower players (exact integers, :mod:`~swisspairing.matching.blossom`, O(n^3)).

    A pairing of everybody left in which a lower player paired with a resident is an
    upfloater and the other lower players are paired among themselves (C4) is a valid set with
    its bracket pairing, and every valid set of the fewest upfloaters has one (no two of its
    upfloaters meet, see the module docstring). Each pair costs, as the digits of one integer
    from the most significant: 1 if it is an upfloater's (C5); the upfloater's score as
    ``(|R| + 1) ** level``, level 0 the highest score (C6: the counts per score, lowest score
    the most significant, as in the walk); 1 if
    the two players of a bracket pair have the same colour preference (C7: the fewest such
    pairs over the bracket's pairings is the procedure's C7, docs/dubov.md); the upfloater's
    C8, C9, C10; and last, minus ``2 ** (P - 1 - position)`` for an upfloater (4.1.3: among
    sets of equal cost, the set holding the smallest differing position wins, since one bit
    outweighs all the lower ones). The matching of least total cost among the perfect ones
    (each weight is a large constant minus the cost) gives the set."""
    ps = rnd.players
    ids = cands.ids
    n_res, size = len(residents), len(residents) + len(ids)
    position = {pid: pos for pos, pid in enumerate(ids)}
    top_c9 = max((c[1] for c in cands.cost), default=0)
    r6 = (n_res + 1) ** len(cands.scores)
    radices = (r6, size + 1, n_res + 1, n_res * top_c9 + 1, n_res + 1)
    order_radix = 1 << len(ids)

    def cost(digits: tuple[int, ...], order: int) -> int:
        value = 0
        for digit, radix in zip(digits, (1, *radices), strict=True):
            value = value * radix + digit
        return value * order_radix - order

    def same(a: int, b: int) -> int:
        return int(ps[a].preference is ps[b].preference)

    costs: dict[tuple[int, int], int] = {}
    resident_set = set(residents)
    everyone = residents + ids
    for x, a in enumerate(everyone):
        for b in everyone[x + 1:]:
            if not rnd.legal(a, b):
                continue
            if a in resident_set and b in resident_set:
                costs[(a, b)] = cost((0, 0, same(a, b), 0, 0, 0), 0)
            elif a in resident_set or b in resident_set:
                up = b if a in resident_set else a
                pos = position[up]
                c8, c9, c10 = cands.cost[pos]
                costs[(a, b)] = cost((1, (n_res + 1) ** cands.level[pos], same(a, b),
                                      c8, c9, c10),
                                     1 << (len(ids) - 1 - pos))
            else:
                costs[(a, b)] = 0
    top_cost = max((abs(c) for c in costs.values()), default=0) + order_radix
    big = (size + 2) * (top_cost + 1)
    mate = max_weight_matching(everyone, {e: big - c for e, c in costs.items()})
    if len(mate) < size:
        return None  # no pairing of everybody left: no valid set (C4)
    ups = tuple(pid for pid in ids if mate[pid] in resident_set)
    bracket = residents + list(ups)
    pairs = rnd.pair_bracket(bracket)
    if pairs is None:  # pragma: no cover - the bracket can be paired (the matching shows it)
        return None
    up = [ps[u] for u in ups]
    c8 = sum(cands.cost[position[u]][0] for u in ups)
    c9 = sum(cands.cost[position[u]][1] for u in ups)
    c10 = sum(cands.cost[position[u]][2] for u in ups)
    shown = (tuple(sorted((top - u.score for u in up), reverse=True)),
             rnd.unmet_preferences(pairs), c8, c9, c10)
    return UpfloaterChoice(ups, pairs, shown)


class _FirstValid(_Search):
    """The same walk with validity alone (no quality): the first ``k``-set of the candidates,
    in the ``itertools.combinations`` order (4.1.3 order of their positions), that keeps both
    matchings perfect and that ``accept`` takes (1997 art. 7 transfers, art. 6.4 players moved
    down). The validity pruning only leaves out nodes with no valid leaf, so the answer is the
    one an unbounded walk over every set of that order gives."""

    def __init__(self, rnd: DubovRound, inside: list[int], cands: _Candidates, k: int,
                 budget: _Budget, accept: Callable[[tuple[int, ...]], bool]) -> None:
        super().__init__(rnd, 0.0, inside, cands, k, budget)
        self.accept = accept
        self.chosen_set: tuple[int, ...] | None = None

    def bound(self, start: int, need: int, taken: _Taken) -> Quality | None:
        return _NO_QUALITY

    def leaf(self, chosen: list[int], taken: _Taken) -> None:
        ups = tuple(self.cands.ids[p] for p in chosen)
        if self.accept(ups):
            self.chosen_set = ups
            self.found = _ACCEPTED


_NO_QUALITY: Quality = ((), 0, 0, 0, 0)
_ACCEPTED = UpfloaterChoice((), [], ((), 0, 0, 0, 0))


def first_valid_set(rnd: DubovRound, inside: list[int], below: list[int],
                    candidates: list[int], k: int,
                    accept: Callable[[tuple[int, ...]], bool] = lambda _: True
                    ) -> tuple[int, ...] | None:
    """The first ``k``-set of ``candidates`` (a subset of ``below``, in the order given; sets
    in ``itertools.combinations`` order) such that ``inside`` + the set and ``below`` minus the
    set can each be paired among themselves (1997 art. 2 / 2026 C4) and ``accept`` takes it;
    None when there is none. The walk of :class:`_Search` with its validity bounds (exact: see
    :class:`_FirstValid`); past its node budget (its bounds do not see who may meet whom), and
    when ``k`` is the fewest size with a valid set, :func:`first_valid_by_weights` gives the
    same set."""
    budget = _Budget(NODE_BUDGET_BASE + NODE_BUDGET_PER_CANDIDATE * len(candidates))
    inside_m = _Matching(rnd.graph, inside, budget)
    if group_cannot_meet(inside_m, k):
        # nobody of ``inside`` may meet another: the first valid set from one kept perfect
        # matching (docs/dubov.md, "A group whose players may not meet each other"); the walk
        # only when ``accept`` refuses it (it then goes on to the next valid sets)
        first = first_valid_for_independent_group(rnd.graph.barred, inside, below,
                                                  candidates)
        if first is None or accept(first):
            return first
    below_m = _Matching(rnd.graph, below, budget)
    search = _FirstValid(rnd, inside, _Candidates(rnd, candidates), k, budget, accept)
    try:
        search.run(inside_m, below_m)
    except _OverBudget:
        if len(inside) + len(below) <= WEIGHTED_FALLBACK_MOST_PLAYERS:
            return first_valid_by_weights(rnd, inside, below, candidates, k, accept)
        # too many players for one dense weighted matching per candidate: the walk again,
        # without a budget (exact with or without one: the budget only chooses the method)
        budget = _Budget(sys.maxsize)
        search = _FirstValid(rnd, inside, _Candidates(rnd, candidates), k, budget, accept)
        search.run(_Matching(rnd.graph, inside, budget), _Matching(rnd.graph, below, budget))
    return search.chosen_set


#: Past its node budget, the walk of :func:`first_valid_set` hands over to the weighted
#: matching only for this many players (group + players below) at most: the fallback builds
#: a dense graph of all of them and one O(n^3) matching per candidate (issue 26: 3,884 players
#: ran out of memory under 3 GB); beyond, the walk goes on without a budget (the same set).
WEIGHTED_FALLBACK_MOST_PLAYERS = 400


def first_valid_by_weights(rnd: DubovRound, inside: list[int], below: list[int],
                           candidates: list[int], k: int,
                           accept: Callable[[tuple[int, ...]], bool] = lambda _: True
                           ) -> tuple[int, ...] | None:
    """:func:`first_valid_set` when no valid set has fewer than ``k`` members (the 1997
    callers try the sizes from a lower bound up, so ``k`` is the fewest when a set is found),
    candidate by candidate: take it when the choice can still be completed, else pass it over
    (the first set in ``itertools.combinations`` order). With ``k`` the fewest, a valid set
    ``S`` never pairs two of its members in the pairing of ``inside + S`` (dropping both gives a
    valid smaller set), so ``S`` and its two pairings are one perfect matching of ``inside +
    below`` whose pairs across are exactly ``S``'s; and any perfect matching with ``c`` pairs
    across gives a valid set of ``c`` members, so ``c >= k``. Hence the choice (taken ``T``,
    passed ``P``) can be completed iff the least number of pairs across, over the perfect
    matchings where a member of ``T`` meets only ``inside`` and a member of ``P`` (or of
    ``below`` outside the candidates) only ``below``, is ``k``: one maximum-weight matching
    (:mod:`~swisspairing.matching.blossom`, cost 1 per pair across) per candidate."""
    everyone = inside + below
    in_mask, below_mask = mask_of(inside), mask_of(below)
    barred = rnd.graph.barred

    def fewest_across(taken: int, passed: int) -> int | None:
        stays = (below_mask & ~mask_of(candidates)) | passed
        big = len(everyone) + 2
        edges: dict[tuple[int, int], int] = {}
        for x, a in enumerate(everyone):
            for b in everyone[x + 1:]:
                if (barred[a] >> b) & 1:
                    continue
                across = ((in_mask >> a) & 1) != ((in_mask >> b) & 1)
                low = b if (in_mask >> a) & 1 else a
                if across and (stays >> low) & 1:
                    continue  # a passed player (or a non-candidate) stays below
                if not across and (in_mask >> a) & 1 == 0 and ((taken >> a) | (taken >> b)) & 1:
                    continue  # a taken player meets someone of ``inside``
                edges[(a, b)] = big - int(across)
        mate = max_weight_matching(everyone, edges)
        if len(mate) < len(everyone):
            return None
        return sum(1 for a in inside if (below_mask >> mate[a]) & 1)

    if fewest_across(0, 0) != k:
        return None
    taken = passed = 0
    chosen: list[int] = []
    for pos, c in enumerate(candidates):
        if len(chosen) == k:
            break
        if len(candidates) - pos == k - len(chosen):
            chosen.extend(candidates[pos:])
            break
        if fewest_across(taken | (1 << c), passed) == k:
            taken |= 1 << c
            chosen.append(c)
        else:
            passed |= 1 << c
    result = tuple(chosen)
    return result if accept(result) else None


def group_cannot_meet(inside: _Matching, k: int) -> bool:
    """Whether :func:`first_valid_for_independent_group` answers: ``k`` is the size of the
    group and no two of its players may meet (a maximum matching of it leaves all out)."""
    return 0 < k == inside.left_out == inside.among.bit_count()


class _Confined(Mapping[int, int]):
    """``barred`` with the decisions of :func:`first_valid_for_independent_group` added, both
    ways: a taken candidate (``taken``) meets only ``inside``; a candidate passed over, or a
    player of ``below`` who is no candidate (``stays``), meets only ``below``."""

    __slots__ = ("barred", "below", "inside", "stays", "taken")

    def __init__(self, barred: Mapping[int, int], inside: int, below: int, stays: int) -> None:
        self.barred, self.inside, self.below = barred, inside, below
        self.stays, self.taken = stays, 0

    def __getitem__(self, v: int) -> int:
        out = self.barred[v]
        if (self.inside >> v) & 1:
            return out | self.stays
        out |= self.taken  # a player below never meets a taken one (nor does a taken one)
        if (self.taken >> v) & 1:
            out |= self.below
        if (self.stays >> v) & 1:
            out |= self.inside
        return out

    def __iter__(self) -> Iterator[int]:
        return iter(self.barred)

    def __len__(self) -> int:
        return len(self.barred)


def first_valid_for_independent_group(barred: Mapping[int, int], inside: list[int],
                                      below: list[int], candidates: list[int]
                                      ) -> tuple[int, ...] | None:
    """The first ``len(inside)``-set of ``candidates`` (a subset of ``below``, in the order
    given; sets in ``itertools.combinations`` order) such that ``inside`` + the set and
    ``below`` minus the set can each be paired among themselves (1997 art. 2, art. 7
    transfers); None when there is none. Only for a group ``inside`` whose players may not
    meet each other (a maximum matching of it leaves all of them out; issue 26: a 4,000-player
    near-miss round, 70 such players and 3,794 candidates, where the walk passed its budget and
    the weighted matching of 3,884 players ran out of memory).

    Exact (docs/dubov.md, "A group whose players may not meet each other"): with ``k =
    |inside|`` and no pair inside, every perfect matching of ``inside + below`` pairs each
    ``inside`` player with his own player of ``below``, so the ``k`` players of ``below`` it
    pairs across are a valid set (the rest of the matching pairs ``below`` minus the set), and
    a valid set with its two pairings is such a perfect matching. A choice (candidates taken,
    candidates passed over) can therefore be completed into a valid set iff ``inside + below``
    has a perfect matching where a taken player meets only ``inside`` and a passed one (or a
    non-candidate) only ``below``. Each candidate, in order, is taken when the choice can still
    be completed, else passed over: the first set in combinations order. One perfect matching
    meeting the decisions so far is kept; taking a candidate whose partner is in ``inside``
    keeps it; otherwise his pair is undone and one augmenting search from him answers (Berge:
    he and his old partner are the only players left out), and passing him over keeps the old
    matching (his partner was below)."""
    k = len(inside)
    in_mask, below_mask = mask_of(inside), mask_of(below)
    confined = _Confined(barred, in_mask, below_mask, below_mask & ~mask_of(candidates))
    among = in_mask | below_mask
    mate = maximum_matching(bits(among), confined)
    if len(mate) < among.bit_count():
        return None  # no pairing of everybody left (1997 art. 2): no valid set
    chosen: list[int] = []
    for c in candidates:
        if len(chosen) == k:
            break
        bit = 1 << c
        partner = mate[c]
        confined.taken |= bit
        if (in_mask >> partner) & 1:
            chosen.append(c)
            continue
        trial = dict(mate)
        del trial[c], trial[partner]
        if augment_bits(c, among, confined, trial):
            mate = trial
            chosen.append(c)
            continue
        confined.taken &= ~bit
        confined.stays |= bit  # passed over: the kept matching pairs him below already
    return tuple(chosen) if len(chosen) == k else None
