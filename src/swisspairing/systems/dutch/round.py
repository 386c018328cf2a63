"""One round being paired: compatibility (C.1, C.3), completion (C.4 / A.9), the bracket solver
and the look-ahead of C.7 / [C8] (2012: C1/C12)."""

from __future__ import annotations

from collections.abc import Callable

from ...matching import (
    augment_path,
    bipartite_covers,
    has_perfect_matching,
    kuhn_assignment,
)
from ...model import Colour
from ..explain import Explanation
from .bracket import open_bracket
from .cardinality import maximum_matching
from .completing import forced_floaters
from .editions import DutchRules
from .generation import BracketResult, run
from .players import ABSOLUTE, PairingPlayer
from .weights import BYE_VERTEX


class PairingRound:
    """One round being paired: the players, compatibility and the bracket solver."""

    def __init__(self, rules: DutchRules, players: list[PairingPlayer], last_round: bool,
                 forbidden: Callable[[int, int], bool] | None, explain: Explanation | None,
                 round_number: int = 0, initial: Colour = Colour.WHITE):
        self.rules = rules
        self.round_number = round_number
        #: the initial colour (E.5), from the tournament
        self.initial = initial
        self.players = players
        self.last_round = last_round
        self.forbidden = forbidden
        self.explain = explain
        self._compat: dict[tuple[int, int], bool] = {}
        #: 2012 C12: while True, every pair of the next bracket counts in the look-ahead
        self.c12_all_pairs = False

    # --- absolute criteria C.1, C.3 ----------------------------------------------------------
    def compatible(self, a: PairingPlayer, b: PairingPlayer) -> bool:
        if (a.strength == ABSOLUTE and b.strength == ABSOLUTE and a.pref is b.pref
                and not (a.topscorer or b.topscorer)):
            return False  # C.3, as in _compatible, before the cache (large one-colour blocks)
        key = (a.id, b.id) if a.id < b.id else (b.id, a.id)
        c = self._compat.get(key)
        if c is None:
            c = self._compatible(a, b)
            self._compat[key] = c
        return c

    def compatible_uncached(self, a: PairingPlayer, b: PairingPlayer) -> bool:
        """:meth:`compatible` (C.1, C.3), the same answer, not kept: for a caller that asks
        each pair of a large bracket once (the assignment graph of docs/dutch.md 8.19 at
        4,001 players: two million pairs, 165 MiB of cache never read again)."""
        return self._compatible(a, b)

    def _compatible(self, a: PairingPlayer, b: PairingPlayer) -> bool:
        if b.id in a.opponents:  # C.1
            return False
        if self.forbidden is not None and self.forbidden(a.id, b.id):
            return False
        # C.3: two non-topscorers with the same absolute colour preference shall not meet;
        # a pair with a topscorer in it is exempt (the last-round exception of C.04.1 f, g)
        return not (
            a.strength == ABSOLUTE
            and b.strength == ABSOLUTE
            and a.pref is b.pref
            and not (a.topscorer or b.topscorer)
        )

    def can_complete(self, players: list[PairingPlayer]) -> bool:
        """C.4 / A.9: can these players all be paired, with at most one eligible bye?

        A greedy pairing first, from the bottom up (the lowest players, who met each other
        most, choose first; the lowest eligible player takes the bye when their number is
        odd); when it leaves players over, a second greedy in which each player looks first for
        an opponent who does not prefer his colour (players with the same absolute preference
        may not meet, C.3: one-colour blocks are what leaves the first greedy short). Then
        Edmonds' augmenting paths from each player the better of the two left over, on a graph
        whose edges are only looked at when the search reaches them. The greedies only choose
        where the exact search starts: the answer is that of the augmenting paths.
        """
        ids = [p.id for p in players]
        odd = len(ids) % 2 == 1
        if forced_floaters(players, odd) > 0:
            # more non-topscorers of one absolute colour than the pairs (and the PAB) can hold:
            # no pairing of them all (C.3 / [C3]; docs/dutch.md 8.5 (e)), without a search
            return False
        mate: dict[int, int] = {}
        rest = list(players)
        if odd:
            bye = next((p for p in reversed(rest) if p.bye_ok), None)
            if bye is None:
                return False
            rest.remove(bye)
            mate[bye.id], mate[BYE_VERTEX] = BYE_VERTEX, bye.id
        compatible = self.compatible
        first = list(rest)
        while rest:
            p = rest.pop()
            if p.strength == ABSOLUTE and not p.topscorer:
                # the players of p's absolute colour are passed over without a look-up (C.3:
                # never compatible): the same greedy, without scanning a large block of them
                colour = p.pref
                k = next((k for k in range(len(rest) - 1, -1, -1)
                          if not (rest[k].pref is colour and rest[k].strength == ABSOLUTE
                                  and not rest[k].topscorer) and compatible(p, rest[k])), -1)
            else:
                k = next((k for k in range(len(rest) - 1, -1, -1)
                          if compatible(p, rest[k])), -1)
            if k >= 0:
                q = rest.pop(k)
                mate[p.id], mate[q.id] = q.id, p.id
        if len(mate) == len(ids) + odd:
            return True
        other = self._greedy_other_colour(first)
        if len(other) + (len(ids) - len(first)) * 2 > len(mate):
            if odd:
                other[bye.id], other[BYE_VERTEX] = BYE_VERTEX, bye.id
            mate = other
            if len(mate) == len(ids) + odd:
                return True
        by_id = {p.id: p for p in players}
        verts = set(ids)
        if odd:
            verts.add(BYE_VERTEX)

        class _Neighbours(dict[int, list[int]]):
            def __missing__(self, v: int) -> list[int]:
                if v == BYE_VERTEX:
                    nb = [q.id for q in players if q.bye_ok]
                else:
                    p = by_id[v]
                    nb = [q.id for q in players if q is not p and compatible(p, q)]
                    if odd and p.bye_ok:
                        nb.append(BYE_VERTEX)
                self[v] = nb
                return nb

        adj = _Neighbours()
        # no augmenting path from an exposed vertex: some maximum matching leaves it exposed
        return all(v in mate or augment_path(v, verts, adj, mate) for v in ids)

    def _greedy_other_colour(self, players: list[PairingPlayer]) -> dict[int, int]:
        """A greedy pairing of ``players`` from the last one up: each takes the nearest
        compatible player above him who does not prefer his colour, else the nearest compatible
        one (a starting point for :meth:`can_complete`)."""
        compatible = self.compatible
        alive = [True] * len(players)
        by_pref: dict[Colour | None, list[int]] = {}
        for i, p in enumerate(players):
            by_pref.setdefault(p.pref, []).append(i)
        mate: dict[int, int] = {}
        for i in range(len(players) - 1, -1, -1):
            if not alive[i]:
                continue
            alive[i] = False
            p = players[i]
            for idx in by_pref.values():
                while idx and not alive[idx[-1]]:
                    idx.pop()  # the players below i are all paired or left over
            own = by_pref[p.pref]
            found = -1
            for pref, idx in by_pref.items():
                if pref is p.pref and pref is not None:
                    continue
                found = max(found, next((k for k in reversed(idx)
                                         if k < i and alive[k] and compatible(p, players[k])),
                                        -1))
            if found < 0 and p.pref is not None:
                found = next((k for k in reversed(own)
                              if k < i and alive[k] and compatible(p, players[k])), -1)
            if found >= 0:
                alive[found] = False
                mate[p.id], mate[players[found].id] = players[found].id, p.id
        return mate

    # --- the bracket solver ------------------------------------------------------------------
    def solve(self, bracket: list[PairingPlayer], mdps: set[int], nxt: list[PairingPlayer] | None,
              rest: list[PairingPlayer] | None, beyond: list[PairingPlayer] | None = None
              ) -> BracketResult:
        """Best candidate of a bracket (B.4-B.8).

        ``nxt``: residents of the following bracket, for C.7 (None in the PPB, CLB and the last
        bracket). ``rest``: every lower player when the round must be completed from here (C.4
        in the PPB; [] for the last bracket), None otherwise. ``beyond`` (2025): the players
        below the following bracket, whose completion [C8] asks the look-ahead to keep.
        """
        res = self._solve(bracket, mdps, nxt, rest, beyond)
        if (self.rules.edition == 2012 and nxt and rest is None and res.floaters
                and not self.c12_all_pairs):
            res = self._backtrack_2012(bracket, mdps, nxt, res)
        return res

    def next_bracket_pairs_2012(self, floaters: list[PairingPlayer],
                                nxt: list[PairingPlayer]) -> tuple[int, int]:
        """2012: (P, pairs) of the next bracket made of ``floaters`` and ``nxt``: P is its P0
        (A6.b, C2) once C1 has sent down the residents who have no possible opponent in it
        (C1 comes before C2); pairs is the most it can make (B1, B2; A3: MDPs meet residents,
        unless they are at least half of the bracket)."""
        kept, ok = self._next_bracket_2012(floaters, nxt)
        return len(kept) // 2, self._maximum_matching_size(kept, ok)

    def _next_bracket_2012(self, floaters: list[PairingPlayer], nxt: list[PairingPlayer]
                           ) -> tuple[list[PairingPlayer],
                                      Callable[[PairingPlayer, PairingPlayer], bool]]:
        """The players of the next bracket C1 keeps there (those with a possible opponent in
        it; the MDPs always) and the test of a pair in it (B1, B2; A3)."""
        group = floaters + nxt
        mdp = {p.id for p in floaters}
        if 2 * len(mdp) >= len(group):
            mdp = set()  # A3: treated as homogeneous

        def ok(p: PairingPlayer, q: PairingPlayer) -> bool:
            return not (p.id in mdp and q.id in mdp) and self.compatible(p, q)

        # players without an absolute preference first: an opponent is found at once, where
        # a block of players with one absolute preference would be scanned through
        order = sorted(group, key=lambda q: q.strength == ABSOLUTE)
        kept = [p for p in group
                if p.id in mdp or any(ok(p, q) for q in order if q is not p)]
        return kept, ok

    @staticmethod
    def _maximum_matching_size(players: list[PairingPlayer],
                               ok: Callable[[PairingPlayer, PairingPlayer], bool]) -> int:
        """The number of pairs of a maximum matching of ``players`` under ``ok``: a greedy
        pairing (each player takes the first free one he may meet), then Edmonds' augmenting
        paths from every player it left over, on neighbours computed only when the search
        reaches them (a vertex with no augmenting path now has none later), until every player
        but at most one is paired. The same number as a maximum matching over every pair,
        without listing the pairs of a large bracket."""
        by_id = {p.id: p for p in players}
        mate: dict[int, int] = {}
        for i, p in enumerate(players):
            if p.id in mate:
                continue
            q = next((q for q in players[i + 1:] if q.id not in mate and ok(p, q)), None)
            if q is not None:
                mate[p.id], mate[q.id] = q.id, p.id

        class _Neighbours(dict[int, list[int]]):
            def __missing__(self, v: int) -> list[int]:
                p = by_id[v]
                nb = [q.id for q in players if q is not p and ok(p, q)]
                self[v] = nb
                return nb

        verts, adj = set(by_id), _Neighbours()
        most = len(players) // 2  # no matching has more pairs: stop when it is reached
        for p in players:
            if len(mate) // 2 == most:
                break
            if p.id not in mate:
                augment_path(p.id, verts, adj, mate)
        return len(mate) // 2

    def _backtrack_2012(self, bracket: list[PairingPlayer], mdps: set[int],
                        nxt: list[PairingPlayer],
                        res: BracketResult) -> BracketResult:
        """2012 C12: when the next bracket cannot make its P pairs with the players moved down
        from this one, this bracket is paired again so that another set of players of the same
        size moves down, one that lets the next bracket make P pairs (checked before C14 lowers
        P1 there, hence above this bracket's colours and floats); if there is none, the first
        pairing stands."""
        if (self.one_colour_side_2012(bracket, res) is not None
                and len(self._next_bracket_2012(res.floaters, nxt)[0]) // 2 > len(nxt)):
            # every candidate best by P moves down players who may not meet one another
            # (docs/dutch.md section 8.3 (c)), so each pair of the next bracket holds one of its
            # residents: no set of players moved down lets it make its P pairs, more than
            # len(nxt), and pairing the bracket again could not change the answer (nor can the
            # first set: its pairs need not be counted)
            return res
        need, got = self.next_bracket_pairs_2012(res.floaters, nxt)
        if got >= need:
            return res
        self.c12_all_pairs = True
        try:
            alt = self._solve(bracket, mdps, nxt, None)
        finally:
            self.c12_all_pairs = False
        if (len(alt.floaters) != len(res.floaters)
                or self.next_bracket_pairs_2012(alt.floaters, nxt)[1] < need):
            return res
        if self.explain is not None:
            self.explain.add(
                "the next bracket could not make its pairs with the first set of players "
                "moved down: another set of the same size is moved down",
                "le niveau suivant ne pourrait pas faire ses appariements avec le premier "
                "ensemble de flotteurs : un autre ensemble de même taille descend",
                level=1, rule="C12")
        return alt

    def _solve(self, bracket: list[PairingPlayer], mdps: set[int], nxt: list[PairingPlayer] | None,
               rest: list[PairingPlayer] | None, beyond: list[PairingPlayer] | None = None
              ) -> BracketResult:
        if nxt and rest is None and self.rules.edition >= 2017:
            # The look-ahead of C.7 / [C8] ranks just below C.5/C.6 / [C6]/[C7]. Pair the
            # bracket without it first: when the chosen downfloaters reach the best value the
            # look-ahead can take at all, that candidate is also the best with the look-ahead
            # (docs/dutch.md, "look-ahead shortcut"), and the following bracket, twice as many
            # vertices, stays out of the matchings.
            if beyond is not None and len(bracket) - 2 * self._greedy_pair_count(
                    bracket, mdps) < forced_floaters(nxt + beyond, True):
                # 2025 [C4]: a greedy pairing shows that every candidate best by [C6] floats
                # too few players for the players below to be paired (docs/dutch.md 8.4 (c)):
                # the caller pairs the bracket under [C4] (the players below, unable to pair
                # among themselves, fail its test), so the bracket is not paired alone first
                return BracketResult(next_unpaired=list(nxt))
            res = run(open_bracket(self, bracket, mdps, None, None))
            if not res.floaters:
                res.next_unpaired = list(nxt)
                return res
            left = self.lookahead_ideal(res.floaters, bracket, nxt,
                                        self.floater_scores_fixed(bracket, mdps, res),
                                        self.one_colour_side_2012(bracket, res) is not None)
            if left and beyond == [] and not self.can_complete(left):
                # 2025 [C8] within [C4], the following bracket the last one: the look-ahead
                # pairing found leaves over a resident who may not receive the PAB ([C2]);
                # another one at the same bound may leave an eligible one (docs/dutch.md 8.22)
                left = self.lookahead_completing_last(res.floaters, nxt)
            if left is not None and (beyond is None or self.can_complete(left + beyond)):
                # 2025: [C8] asks the following bracket to comply with [C4] too: its
                # look-ahead pairing must leave the players below it a complete pairing
                res.next_unpaired = left
                return res
            if left is not None and beyond is not None:
                # 2025: the look-ahead can reach its bound but the players below could not then
                # be paired, so the caller pairs the bracket again under [C4] (the answer of
                # that pairing is the rules' one whichever route is taken, docs/dutch.md 8.1):
                # the look-ahead matching would be thrown away
                res.next_unpaired = left
                return res
            if left is None and beyond is not None:
                # 2025 [C8]: the bound when the following bracket holds more non-topscorers
                # of one absolute preference than half of it (docs/dutch.md 8.14 (b))
                left = self.lookahead_one_colour_block(res.floaters, nxt)
                if left is not None and self.can_complete(left + beyond):
                    res.next_unpaired = left
                    return res
                left = None
            if (left is None and beyond is not None
                    and len(res.floaters) < forced_floaters(nxt + beyond, True)):
                # 2025 [C4]: every candidate best by [C6] floats len(res.floaters) players
                # ([C6] ranks above [C8]), too few for the players below to be paired: the
                # caller pairs the bracket again under [C4] whatever the look-ahead matching
                # returns, so it is skipped (docs/dutch.md 8.4 (c)); the players below, unable
                # to pair among themselves (forced_floaters > 0), fail the caller's test
                res.next_unpaired = list(nxt)
                return res
            if left is not None and not res.pairs and not self.any_pair(bracket, mdps):
                # no two players of the bracket may meet: its only candidate floats everybody
                # down, and the look-ahead has nothing to choose (2025: [C4] is checked next)
                res.next_unpaired = left
                return res
        elif nxt and rest is None and self.rules.edition == 2012 and not self.c12_all_pairs:
            # 2012 C1: the look-ahead digit counts the pairs the players moved down can make
            # in the next bracket; it ranks below the pairs and B3 only. Pair the bracket
            # without the next bracket first: when every player it moves down can have his
            # own opponent there, no candidate does better on that digit, so the candidate is
            # also the best with the next bracket in the graph (docs/dutch.md section 8,
            # "look-ahead shortcut, 2012")
            res = run(open_bracket(self, bracket, mdps, None, None))
            if (not res.floaters or self.moved_down_pairable_2012(res.floaters, nxt)
                    or self.moved_down_at_bound_2012(bracket, res, nxt)):
                res.next_unpaired = list(nxt)
                return res
        elif (nxt and (rest is None or self.rules.edition < 2017 or not forced_floaters(rest))
              and self.pairs_completely(bracket, mdps)):
            # No candidate has a downfloater (C.5 pairs everybody), so the look-ahead of
            # C.7 / [C8] is the same for all of them: the next scoregroup is left out, and
            # its players count as not yet paired by any look-ahead.
            res = run(open_bracket(self, bracket, mdps, None, rest))
            if not res.floaters:
                res.next_unpaired = list(nxt)
                return res
        return run(open_bracket(self, bracket, mdps, nxt, rest))

    def floats_too_few(self, bracket: list[PairingPlayer], mdps: set[int],
                       lower: list[PairingPlayer]) -> bool:
        """2012/2017 A.9: does every candidate of the bracket best by C.5 (2012 P) float
        fewer players than the lower players need to be paired (docs/dutch.md 8.8)?

        The bracket paired without C.4 makes the most pairs there are (C.5 / P rank first),
        at least as many as a greedy pairing (:meth:`_greedy_pair_count`), so it floats at most
        ``len(bracket) - 2 * greedy`` players. Of the lower players, the non-topscorers of one
        absolute preference may not meet one another (C.3; 2012 B2 through ``compatible``):
        :func:`forced_floaters` of them need an opponent from above (the PAB counted when the
        total is odd). When fewer float, the downfloaters and the lower players cannot all be
        paired, whichever candidate the bracket's pairing is: A.9 makes it the PPB."""
        need = forced_floaters(lower, (len(bracket) + len(lower)) % 2 == 1)
        return need > 0 and len(bracket) - 2 * self._greedy_pair_count(bracket, mdps) < need

    def _greedy_pair_count(self, bracket: list[PairingPlayer], mdps: set[int]) -> int:
        """The pairs of a greedy pairing of the bracket (C.1, C.3; B.3: MDPs with residents):
        each MDP takes the first free resident he may meet, then each resident left the first
        free one after him. At most the bracket's most pairs (C.5 / [C6])."""
        compatible = self.compatible
        free = [p for p in bracket if p.id not in mdps]
        pairs = 0
        for m in bracket:
            if m.id in mdps:
                k = next((k for k, q in enumerate(free) if compatible(m, q)), -1)
                if k >= 0:
                    free.pop(k)
                    pairs += 1
        while free:
            p = free.pop(0)
            k = next((k for k, q in enumerate(free) if compatible(p, q)), -1)
            if k >= 0:
                free.pop(k)
                pairs += 1
        return pairs

    def moved_down_pairable_2012(self, floaters: list[PairingPlayer],
                                 nxt: list[PairingPlayer]) -> bool:
        """2012 C1 (the ``C1 next`` digit of ``CRITERIA_2012``): can every player moved down
        get a distinct opponent among the residents of the next bracket (B1.a, the absolute
        colour rule)? Then the digit is at the most any candidate with as many players moved
        down can reach. A greedy first, Kuhn's augmenting paths when it falls short."""
        if len(floaters) > len(nxt):
            return False
        compatible = self.compatible
        if self._greedy_residents(floaters, nxt) is not None:
            return True
        by_id = {p.id: p for p in (*floaters, *nxt)}
        return bipartite_covers([p.id for p in floaters], [q.id for q in nxt],
                                lambda a, b: compatible(by_id[a], by_id[b]))

    def one_colour_side_2012(self, bracket: list[PairingPlayer], res: BracketResult
                             ) -> list[PairingPlayer] | None:
        """2012: the players ``A`` of the bracket who may float in a candidate best by P, when
        they are shown to be all of one kind: non-topscorers with one absolute colour
        preference (they may not meet one another: A7, ``compatible``), ``res`` (the
        bracket's pairing, best by P) floating only such players and pairing every other
        player ``N`` of the bracket. Each pair holds at most one player of ``A``, hence at
        least one of ``N``, so P is at most ``|N|``; ``res`` reaches it, so every candidate
        best by P pairs every player of ``N`` with one of ``A``, and its players moved down
        are all in ``A`` (docs/dutch.md section 8.3 (c)). None when that is not the case."""
        for colour in (Colour.WHITE, Colour.BLACK):
            side = [p for p in bracket
                    if p.one_absolute(colour)]
            ids = {p.id for p in side}
            if (side and all(p.id in ids for p in res.floaters)
                    and len(res.pairs) == len(bracket) - len(side)):
                return side
        return None

    def moved_down_at_bound_2012(self, bracket: list[PairingPlayer], res: BracketResult,
                                 nxt: list[PairingPlayer]) -> bool:
        """2012 C1 (the ``C1 next`` digit): do the players ``res`` moves down make as many
        pairs with the next bracket's residents as any candidate best by P could? When every
        such candidate moves down ``f`` players of ``A`` (:meth:`one_colour_side_2012`), none
        makes more than ``f`` such pairs nor more than a maximum matching of ``A`` with the
        residents (B1.a, the absolute colour rule): a candidate reaching the smaller is at
        the digit's best, and the argument of :meth:`moved_down_pairable_2012` applies
        (docs/dutch.md section 8.3 (c))."""
        side = self.one_colour_side_2012(bracket, res)
        if side is None:
            return False
        got = self._bipartite_size(nxt, res.floaters)
        return got == len(res.floaters) or got == self._bipartite_size(nxt, side)

    def _bipartite_size(self, left: list[PairingPlayer], right: list[PairingPlayer]) -> int:
        """The size of a maximum matching of ``left`` with ``right`` (pairs allowed by
        ``compatible``): Kuhn's augmenting paths from each player of ``left``."""
        compatible = self.compatible
        options = {a.id: [b.id for b in right if compatible(a, b)] for a in left}
        return len(kuhn_assignment((a.id for a in left), options.__getitem__))

    def floater_scores_fixed(self, bracket: list[PairingPlayer], mdps: set[int],
                             res: BracketResult) -> bool:
        """2017: do all candidates best by C.5 and C.6 float down players of the same scores
        as ``res`` (the bracket's pairing without the look-ahead)? (docs/dutch.md 8.4 (b))

        Shown when the MDPs share one score ``m``, the residents another ``r``, for one colour
        the MDPs are all among the ``A`` non-topscorers of the bracket with that absolute
        preference (C.3: they may not meet one another) and ``res`` pairs each of the other
        players ``N`` (all residents) with an MDP. Each pair holds at least one player of
        ``N``, so C.5 keeps the candidates with ``|N|`` pairs, each holding exactly one player
        of ``N``; one that pairs ``k`` MDPs floats ``M - k`` MDPs, each with the largest SD of
        A.8 (``m - r`` + 1 point, above the pairs' ``m - r`` and a resident's 1 point), so C.6
        (A.8: compared from the highest SD) keeps ``k = |N|``: the ``M - |N|`` MDPs left over
        (of score ``m``) and every resident of ``A`` (score ``r``) float, the same scores in
        every candidate left."""
        if self.rules.edition != 2017 or not mdps:
            return False
        ms = [p for p in bracket if p.id in mdps]
        rs = [p for p in bracket if p.id not in mdps]
        if not rs or any(p.score != ms[0].score for p in ms) or any(
                p.score != rs[0].score for p in rs) or ms[0].score <= rs[0].score:
            return False
        if any((a.id in mdps) == (b.id in mdps) for a, b in res.pairs):
            return False  # a pair of two residents
        for colour in (Colour.WHITE, Colour.BLACK):
            side = {p.id for p in bracket if p.one_absolute(colour)}
            if mdps <= side and len(res.pairs) == len(bracket) - len(side):
                return True
        return False

    def lookahead_ideal(self, floaters: list[PairingPlayer], bracket: list[PairingPlayer],
                        nxt: list[PairingPlayer], scores_fixed: bool = False,
                        one_colour: bool = False) -> list[PairingPlayer] | None:
        """Do these downfloaters give the following bracket the best look-ahead value that
        any candidate of the bracket could give it? Returns the residents of the following
        bracket that such a look-ahead pairing leaves over (at most one), or None.

        Every candidate best by C.5 (2017) / [C6] (2025) has ``len(floaters)`` downfloaters,
        each scoring at least the bracket's lowest score. The following bracket then makes at
        most ``(f + n) // 2`` pairs (MDPs only meet residents: B.3), and the best it can do
        beyond the number of pairs is to pair every MDP with a resident and leave at most one
        resident over (2017 C.7: the smallest PSD, each MDP's SD being at least that of a
        lowest-score MDP; 2025 [C8]: the downfloater of the lowest score). When the given
        floaters reach that (in 2017 they must also all have the lowest score), no candidate
        can do better on the look-ahead.
        """
        f, n = len(floaters), len(nxt)
        if self.rules.edition < 2025 and not scores_fixed:
            # (``scores_fixed``: every candidate best by C.5 and C.6 floats players of these
            # scores, :meth:`floater_scores_fixed`; each one's SD in the following bracket is
            # then the same for all, and the bound below holds for every one of them)
            low = min(p.score for p in bracket)
            if any(p.score != low for p in floaters):
                return None
        if f > n:
            return self._residents_covered(floaters, nxt, one_colour)
        compatible = self.compatible
        # greedy first: floaters take the first compatible resident, then residents pair up
        free = self._greedy_residents(floaters, nxt)
        if free is not None:
            spare = (f + n) % 2  # one resident may be left over
            left: list[PairingPlayer] = []
            rest = free
            while rest:
                p = rest[0]
                k = next((k for k in range(1, len(rest)) if compatible(p, rest[k])), 0)
                if k:
                    rest = rest[1:k] + rest[k + 1:]
                elif spare:
                    spare = 0
                    left.append(p)
                    rest = rest[1:]
                else:
                    break
            else:
                return left
        left = self._leftover(floaters, nxt)
        if left is None:
            left = self._residents_covered(floaters, nxt, one_colour)
        return left

    def lookahead_completing_last(self, floaters: list[PairingPlayer],
                                  nxt: list[PairingPlayer]) -> list[PairingPlayer] | None:
        """2025 [C8] within [C4] when the following bracket (residents ``nxt``) is the last one
        and ``f + n`` is odd (docs/dutch.md 8.22): a look-ahead pairing at the bound of
        :meth:`lookahead_ideal` (every downfloater paired with a resident, ``(f + n) // 2``
        pairs, one resident left over) whose resident left over may receive the PAB ([C2],
        ``can_complete([r])``). Returns ``[r]``, or None when there is none.

        A greedy first: the residents who may not be left over choose first (each floater
        takes the first resident he may meet, then each resident in turn the first free one
        he may meet, the one left over being a resident who may be); when it fails, the exact
        test, a perfect matching of :meth:`_leftover` whose stand-in only those residents may
        take. Any pairing found is a witness: which one does not change the answer."""
        if (len(floaters) + len(nxt)) % 2 == 0:
            return None
        eligible = {q.id for q in nxt if self.can_complete([q])}
        if not eligible:
            return None
        ordered = ([q for q in nxt if q.id not in eligible]
                   + [q for q in nxt if q.id in eligible])
        free = self._greedy_residents(floaters, ordered)
        compatible = self.compatible
        rest = free if free is not None else []
        left: list[PairingPlayer] = []
        while rest:
            p = rest[0]
            k = next((k for k in range(1, len(rest)) if compatible(p, rest[k])), 0)
            if k:
                rest = rest[1:k] + rest[k + 1:]
            elif not left and p.id in eligible:
                left.append(p)
                rest = rest[1:]
            else:
                break
        else:
            if free is not None and len(left) == 1:
                return left
        return self._leftover(floaters, nxt, lambda q: q.id in eligible)

    def lookahead_one_colour_block(self, floaters: list[PairingPlayer],
                                   nxt: list[PairingPlayer]) -> list[PairingPlayer] | None:
        """2025 [C8] (2.4.3) when the following bracket's residents ``nxt`` hold a block ``B`` of
        non-topscorers with one absolute preference larger than half of the following bracket
        (docs/dutch.md 8.14 (b)). Two players of ``B`` may not meet ([C3]), so every pair of the
        following bracket holds a player outside ``B``: any candidate with ``f`` downfloaters
        gives it at most ``P = min((f + n) // 2, f + n - len(B))`` pairs, and with ``P`` pairs
        ``f + n - 2P`` downfloaters, each scoring at least the residents' one score, lowest when
        every downfloater of ours is paired (each with a resident: 3.3.3). When these
        downfloaters reach that (a perfect matching of them and the residents, no edge between
        two downfloaters, ``f + n - 2P`` stand-ins that only residents may take), no candidate
        gives the following bracket more: returns the residents left over; else None."""
        f, n = len(floaters), len(nxt)
        if not floaters or any(q.score != nxt[0].score for q in nxt) or any(
                p.score < nxt[0].score for p in floaters):
            return None
        block = 0
        for colour in (Colour.WHITE, Colour.BLACK):
            block = max(block, sum(1 for q in nxt if q.one_absolute(colour)))
        most = min((f + n) // 2, f + n - block)
        if 2 * block <= n or most < f:
            return None
        stand_ins = list(range(-2, -2 - (f + n - 2 * most), -1))
        compatible = self.compatible
        adj: dict[int, list[int]] = {p.id: [] for p in (*floaters, *nxt)}
        for s in stand_ins:
            adj[s] = [q.id for q in nxt]
        for i, q in enumerate(nxt):
            adj[q.id].extend(stand_ins)
            for p in (*floaters, *nxt[i + 1:]):
                if compatible(p, q):
                    adj[q.id].append(p.id)
                    adj[p.id].append(q.id)
        mate = maximum_matching(list(adj), adj)
        if len(mate) != len(adj):
            return None
        return [q for q in nxt if mate[q.id] <= -2]

    def _residents_covered(self, floaters: list[PairingPlayer], nxt: list[PairingPlayer],
                           one_colour: bool) -> list[PairingPlayer] | None:
        """:meth:`lookahead_ideal` when the downfloaters (``f``, sharing one score) are at
        least as many as the residents of the following bracket who may meet them
        (docs/dutch.md section 8.4 (e)). Let ``B`` be the residents who may meet neither a
        downfloater nor one another: when every candidate best by C.5 / [C6] floats only
        non-topscorers with one absolute preference (``one_colour``: shown by
        :meth:`one_colour_side_2012`), the non-topscorer residents with the same one (C.3 /
        [C3]); else nobody. Two downfloaters do not meet (B.3: MDPs meet residents), so each pair
        of that bracket holds at least one of the other residents ``R`` (``r`` of them): at
        most ``r`` pairs. A look-ahead pairing with ``r`` pairs in which each player of ``R``
        meets a downfloater leaves ``f - r`` downfloaters and ``B`` over, the fewest
        downfloaters of the higher score: its pairs' SDs and its downfloaters' A.8 SDs (2017
        C.7) and its downfloaters' scores (2025 [C8]) are the best any candidate can give the
        next bracket (a pair of ``R`` with ``B`` instead leaves a downfloater of the higher
        score over). So a pairing that gives each player of ``R`` a downfloater is at the
        bound. Returns the players it leaves over (downfloaters, then ``B``), or None (Kuhn's
        augmenting paths from each player of ``R``)."""
        if any(p.score != floaters[0].score for p in floaters):
            return None
        pref = floaters[0].pref
        if one_colour and pref is not None and all(
                p.one_absolute(pref) for p in floaters):
            blocked = [q for q in nxt
                       if q.one_absolute(pref)]
        else:
            blocked = []
        ids = {q.id for q in blocked}
        others = [q for q in nxt if q.id not in ids]
        if len(others) > len(floaters):
            return None
        compatible = self.compatible
        options = {q.id: [p.id for p in floaters if compatible(q, p)] for q in others}
        # floater id -> the resident paired with him
        owner = kuhn_assignment((q.id for q in others), options.__getitem__,
                                stop_at_failure=True)
        if len(owner) < len(others):
            return None
        return [p for p in floaters if p.id not in owner] + blocked

    def _greedy_residents(self, floaters: list[PairingPlayer], nxt: list[PairingPlayer]
                          ) -> list[PairingPlayer] | None:
        """Each floater in turn takes the first resident of ``nxt`` it may meet (B1.a, the
        absolute colour rule): the residents left over, or None when a floater finds none
        (the exact tests then decide)."""
        compatible = self.compatible
        free = list(nxt)
        for p in floaters:
            k = next((k for k, q in enumerate(free) if compatible(p, q)), -1)
            if k < 0:
                return None
            free.pop(k)
        return free

    def _leftover(self, floaters: list[PairingPlayer], nxt: list[PairingPlayer],
                  may_be_left: Callable[[PairingPlayer], bool] | None = None
                  ) -> list[PairingPlayer] | None:
        """Exact test behind :meth:`lookahead_ideal`: a perfect matching of the floaters and
        the residents (no floater-floater edge), plus a stand-in vertex that any resident may
        take when their number is odd (only those ``may_be_left`` accepts, when given:
        :meth:`lookahead_completing_last`). Returns the resident matched to the stand-in."""
        ids = [p.id for p in floaters] + [q.id for q in nxt]
        adj: dict[int, list[int]] = {v: [] for v in ids}
        for i, p in enumerate(nxt):
            for q in (*floaters, *nxt[i + 1:]):
                if self.compatible(p, q):
                    adj[p.id].append(q.id)
                    adj[q.id].append(p.id)
        if len(ids) % 2:
            takers = [q for q in nxt if may_be_left is None or may_be_left(q)]
            adj[BYE_VERTEX] = [q.id for q in takers]
            for q in takers:
                adj[q.id].append(BYE_VERTEX)
            ids.append(BYE_VERTEX)
        mate = maximum_matching(ids, adj)
        if len(mate) != len(ids):
            return None
        return [q for q in nxt if mate[q.id] == BYE_VERTEX]

    def any_pair(self, bracket: list[PairingPlayer], mdps: set[int]) -> bool:
        """May any two players of the bracket meet (C.1, C.3; B.3: not two MDPs)?"""
        compatible = self.compatible
        return any(not (p.id in mdps and q.id in mdps) and compatible(p, q)
                   for i, p in enumerate(bracket) for q in bracket[i + 1:])

    def pairs_completely(self, bracket: list[PairingPlayer], mdps: set[int]) -> bool:
        """Can every player of the bracket be paired inside it (C.1, C.3; B.3: MDPs with
        residents)? Then C.5 leaves no downfloater."""
        if len(bracket) % 2:
            return False
        if self.rules.edition == 2012 and 2 * len(mdps) >= len(bracket):
            mdps = set()  # 2012 A3: treated as homogeneous
        edges = [
            (p.id, q.id)
            for i, p in enumerate(bracket)
            for q in bracket[i + 1 :]
            if not (p.id in mdps and q.id in mdps) and self.compatible(p, q)
        ]
        return has_perfect_matching([p.id for p in bracket], edges)
