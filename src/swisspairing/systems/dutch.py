"""The FIDE (Dutch) system: the 2012, 2016/2017 and 2025 texts on one machinery.

How a round is paired (2017 text, C.04.3; the 2025 and 2012 differences live in
:class:`DutchRules`):

* players are ordered by score then pairing number (A.2) and split into scoregroups (A.3);
* brackets are paired from the top down (A.9). For each bracket the best candidate by the
  quality criteria C.5-C.19, and among equals the one generated first in the sequence of
  B.6/B.7 with D.1-D.3 (B.8), is found with maximum-weight matchings whose integer edge weights
  hold the criteria as digits, highest priority first (see ``docs/dutch.md``);
* when the downfloaters of a bracket and all remaining players cannot complete the round, the
  bracket is the PPB: it is re-paired under C.4 and everything below collapses into the CLB (A.9);
* colours are allocated pair by pair with E.1-E.5.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from ..errors import NoValidPairing
from ..matching import (
    augment_path,
    has_perfect_matching,
    lexicographic_bipartite_matching,
    max_cardinality_matching,
    max_weight_matching,
    max_weight_matching_duals,
    maximum_matching_size,
)
from ..model import Board, Colour, Pairing, Tournament
from ..model.results import ResultKind
from ..model.scoring import PointSystem
from ..model.state import (
    Float,
    PlayerState,
    PreferenceStrength,
    RoundRecord,
    build_states,
)
from . import dutch_ideal
from .explain import Explanation

ABSOLUTE = PreferenceStrength.ABSOLUTE.value
STRONG = PreferenceStrength.STRONG.value


# --------------------------------------------------------------------------------------------
# Rules table: everything that differs between the editions of the Dutch system
# --------------------------------------------------------------------------------------------
def _float_2017(rec: RoundRecord) -> Float | None:
    """2016/2017 A.4.b: a player who, for whatever reason, does not play a round floats down."""
    return Float.DOWN


def _float_2025(rec: RoundRecord) -> Float | None:
    """2025 1.4.3/1.4.4: a downfloat for the PAB receiver and for whoever scores more than a
    loss without playing (forfeit win, full-point or half-point bye); no float otherwise."""
    if rec.kind is ResultKind.PAIRING_BYE:
        return Float.DOWN
    if rec.kind in (ResultKind.FORFEIT_WIN, ResultKind.FULL_POINT_BYE, ResultKind.HALF_POINT_BYE):
        return Float.DOWN
    return None


def _bye_ok_2017(st: PlayerState, ps: PointSystem) -> bool:
    """C.2 = C.04.1 d (2017): no PAB for a player who already had one or won by forfeit."""
    return not any(
        r.kind in (ResultKind.PAIRING_BYE, ResultKind.FORFEIT_WIN) for r in st.rounds
    )


def _bye_ok_2025(st: PlayerState, ps: PointSystem) -> bool:
    """[C2] = C.04.1 art. 4 (2026): no PAB for a player who had one or who scored, in one round
    and without playing, as many points as a win."""
    for r in st.rounds:
        if r.kind is ResultKind.PAIRING_BYE:
            return False
        if not r.is_played and r.points >= ps.win and r.kind is not ResultKind.HALF_POINT_BYE:
            return False
    return True


def _float_2012(rec: RoundRecord) -> Float | None:
    """2012 B1.b: a player who received a point or half a point without playing (bye or
    forfeit) becomes a downfloater (A4)."""
    return Float.DOWN if rec.points > 0 else None


def _bye_ok_2012(st: PlayerState, ps: PointSystem) -> bool:
    """2012 B1.b: no bye for a player who already scored (1 or 1/2 point) without playing."""
    return not any(not r.is_played and r.points > 0 for r in st.rounds)


@dataclass(frozen=True)
class DutchRules:
    """What differs between editions of the Dutch system."""

    name: str
    edition: int
    unplayed_float: Callable[[RoundRecord], Float | None]
    bye_eligible: Callable[[PlayerState, PointSystem], bool]
    #: 2012/2017: the PPB / CLB route of A.9; 2025: completion [C4] at every bracket.
    collapsed_last_bracket: bool = True


RULES_2017 = DutchRules("dutch-2017", 2017, _float_2017, _bye_ok_2017)
RULES_2012 = DutchRules("dutch-2012", 2012, _float_2012, _bye_ok_2012)
RULES_2025 = DutchRules("dutch-2025", 2025, _float_2025, _bye_ok_2025,
                        collapsed_last_bracket=False)


# --------------------------------------------------------------------------------------------
# The players as the engine sees them
# --------------------------------------------------------------------------------------------
@dataclass(eq=False, slots=True)
class DP:
    """A player to pair: the shared state plus what the Dutch criteria ask of it."""

    id: int
    score: int  # pairing score in tenths of a point
    colours: tuple[Colour, ...]
    opponents: frozenset[int]
    pref: Colour | None
    strength: int  # PreferenceStrength value
    cd: int
    float1: Float | None  # float of the previous round
    float2: Float | None  # float two rounds before
    bye_ok: bool
    topscorer: bool
    unplayed: int
    rank: int = 0  # position in the A.2 order of the round
    #: E.5 / 5.2.5 / E5 pairing number: position (1 = first) in pairing-number order among the
    #: players paired in this round; 2012, a player without a played game: among those paired
    #: without one (``docs/dutch.md`` section 5.1)
    paired_number: int = 0
    #: 2012 B1.b: rounds in which the player scored (1 or 1/2 point) without playing
    scored_unplayed: int = 0

    def __repr__(self) -> str:  # pragma: no cover - debugging aid
        return f"DP({self.id}, {self.score / 10:g})"


def _tenths(x: float) -> int:
    return round(x * 10)


# --------------------------------------------------------------------------------------------
# The order of exchanges (2016 D.2 a-d = 2012 D2), as a sort key
# --------------------------------------------------------------------------------------------
def exchange_key(moved_down: Iterable[int], moved_up: Iterable[int]
                 ) -> tuple[int, int, tuple[int, ...], tuple[int, ...]]:
    """Sort key of a resident exchange between the original S1 and S2 (BSNs).

    ``moved_down``: BSNs moved from S1 to S2; ``moved_up``: from S2 to S1. Priority (D.2):
    a) fewer BSNs exchanged; b) smaller (sum moved up) - (sum moved down); c) the highest
    differing BSN moved down (the 2012 S1LIST, descending); d) the lowest differing BSN moved up
    (the 2012 S2LIST, ascending). The engine does not enumerate exchanges: it encodes this order
    in matching weights (``docs/dutch.md`` section 4); tests check the two agree.
    """
    down = sorted(moved_down, reverse=True)
    up = sorted(moved_up)
    return (len(down), sum(up) - sum(down), tuple(-x for x in down), tuple(up))


def a8_x1_z1(players: list[DP], round_number: int) -> tuple[int, int | None]:
    """2012 A8: X1, the fewest pairs of a bracket that cannot respect every colour preference,
    and (even rounds) Z1, the fewest that cannot respect every strong one, as the text
    computes them from counts (lower bounds: the engine finds the true minimum by matching).

    ``P0`` = half the players (A6.b); ``B``/``N`` players preferring White/Black; ``a`` players
    without a game; ``b``/``n`` (even rounds, A7.e) players with an odd number of unplayed games
    and a mild White/Black preference. Returns ``(X1, Z1)``, ``Z1`` None in odd rounds.
    """
    p0 = len(players) // 2
    white = sum(1 for p in players if p.pref is Colour.WHITE)
    black = sum(1 for p in players if p.pref is Colour.BLACK)
    a = sum(1 for p in players if not p.colours)
    even = round_number % 2 == 0
    b = n = 0
    if even:
        mild = [p for p in players if p.strength == PreferenceStrength.MILD.value
                and p.unplayed % 2 == 1]
        b = sum(1 for p in mild if p.pref is Colour.WHITE)
        n = sum(1 for p in mild if p.pref is Colour.BLACK)
    x1 = p0 - white - b - a if black + n > white + b else p0 - black - n - a
    if not even:
        return max(0, x1), None
    z1 = p0 - white - n - b - a if black > white else p0 - black - n - b - a
    return max(0, x1), max(0, z1)


# --------------------------------------------------------------------------------------------
# Colour allocation (E.1-E.5)
# --------------------------------------------------------------------------------------------
def allocate_colours(a: DP, b: DP, initial: Colour, *, topscorer_rule: bool = True
                     ) -> tuple[DP, DP, str]:
    """(white, black, rule) for the pair a-b by E.1-E.5. ``a``/``b`` in any order."""
    hi, lo = (a, b) if a.rank < b.rank else (b, a)

    def give(p: DP, colour: Colour, rule: str) -> tuple[DP, DP, str]:
        other = lo if p is hi else hi
        return (p, other, rule) if colour is Colour.WHITE else (other, p, rule)

    # E.1 grant both colour preferences
    if hi.pref is not None and lo.pref is not None and hi.pref is not lo.pref:
        return give(hi, hi.pref, "E.1")
    if hi.pref is not None and lo.pref is None:
        return give(hi, hi.pref, "E.1")
    if lo.pref is not None and hi.pref is None:
        return give(lo, lo.pref, "E.1")
    if hi.pref is not None and lo.pref is not None:
        # E.2 grant the stronger preference; both absolute (topscorers): the wider difference
        if hi.strength != lo.strength:
            p = hi if hi.strength > lo.strength else lo
            return give(p, p.pref, "E.2")  # type: ignore[arg-type]
        if hi.strength == ABSOLUTE and abs(hi.cd) != abs(lo.cd):
            p = hi if abs(hi.cd) > abs(lo.cd) else lo
            return give(p, p.pref, "E.2")  # type: ignore[arg-type]
    # E.3 alternate from the most recent round where one had white and the other black
    # (played games only, aligned from the end: C.04.2 D.5)
    for ca, cb in zip(reversed(hi.colours), reversed(lo.colours), strict=False):
        if ca is not cb:
            return give(hi, ca.opposite, "E.3")
    # E.4 the preference of the higher ranked player
    if hi.pref is not None:
        return give(hi, hi.pref, "E.4")
    # E.5 (2025 5.2.5, 2012 E5) odd pairing number: the initial colour; even: the other one.
    # The pairing number counts only the players paired in the round (docs/dutch.md 5.1).
    odd = hi.paired_number % 2 == 1
    return give(hi, initial if odd else initial.opposite, "E.5")


def _colour_misses(u: DP, v: DP) -> tuple[int, int]:
    """(preferences missed, strong preferences missed) by the pair u-v under E.1-E.5, when no
    topscorer rule applies: two different (or missing) preferences are all granted; of two
    equal ones one is missed, that of the weaker (E.2) or, at equal strength, one as strong, so
    the weaker strength tells whether a strong preference is missed."""
    if u.pref is not None and u.pref is v.pref:
        return 1, int(min(u.strength, v.strength) >= STRONG)
    return 0, 0


# --------------------------------------------------------------------------------------------
# Criteria as matching weights
# --------------------------------------------------------------------------------------------
INTERNAL, NEXT, OTHER, BYE = 0, 1, 2, 3
BYE_VERTEX = -1


def _digit_multipliers(radices: list[int]) -> tuple[list[int], int]:
    """Place values of mixed-radix digits, highest first, and the product of all radices."""
    mult = [1] * len(radices)
    for k in range(len(radices) - 2, -1, -1):
        mult[k] = mult[k + 1] * radices[k + 1]
    return mult, (mult[0] * radices[0] if radices else 1)


class _Levels:
    """Combine per-edge criterion values, highest priority first, into one integer weight."""

    def __init__(self) -> None:
        self.rows: dict[tuple[int, int], list[int]] = {}

    def set(self, key: tuple[int, int], values: list[int]) -> None:
        self.rows[key] = values

    def weights(self, pairs_bound: int) -> dict[tuple[int, int], int]:
        rows = self.rows
        if not rows:
            return {}
        columns = list(zip(*rows.values(), strict=True))
        if min(min(c) for c in columns) < 0:
            raise AssertionError("criterion weights must be non-negative")
        # each digit's radix exceeds the largest sum it can reach over a matching: no carry
        mult, _ = _digit_multipliers([max(c) * pairs_bound + 1 for c in columns])
        # + 1: every edge must stay positive so that the matching may use it
        return {key: sum(map(operator.mul, vals, mult)) + 1 for key, vals in rows.items()}


@dataclass
class BracketResult:
    pairs: list[tuple[DP, DP]] = field(default_factory=list)
    floaters: list[DP] = field(default_factory=list)
    #: players of the following bracket left unpaired by the look-ahead (C.7 / [C8])
    next_unpaired: list[DP] = field(default_factory=list)


class _Round:
    """One round being paired: the players, compatibility and the bracket solver."""

    def __init__(self, rules: DutchRules, players: list[DP], last_round: bool,
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
    def compatible(self, a: DP, b: DP) -> bool:
        key = (a.id, b.id) if a.id < b.id else (b.id, a.id)
        c = self._compat.get(key)
        if c is None:
            c = self._compatible(a, b)
            self._compat[key] = c
        return c

    def _compatible(self, a: DP, b: DP) -> bool:
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

    def can_complete(self, players: list[DP]) -> bool:
        """C.4 / A.9: can these players all be paired, with at most one eligible bye?

        A greedy pairing first, from the bottom up (the lowest players, who met each other
        most, choose first; the lowest eligible player takes the bye when their number is
        odd), then Edmonds' augmenting paths from each player it left over, on a graph whose
        edges are only looked at when the search reaches them.
        """
        ids = [p.id for p in players]
        odd = len(ids) % 2 == 1
        mate: dict[int, int] = {}
        rest = list(players)
        if odd:
            bye = next((p for p in reversed(rest) if p.bye_ok), None)
            if bye is None:
                return False
            rest.remove(bye)
            mate[bye.id], mate[BYE_VERTEX] = BYE_VERTEX, bye.id
        compatible = self.compatible
        while rest:
            p = rest.pop()
            k = next((k for k in range(len(rest) - 1, -1, -1) if compatible(p, rest[k])), -1)
            if k >= 0:
                q = rest.pop(k)
                mate[p.id], mate[q.id] = q.id, p.id
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

    # --- the bracket solver ------------------------------------------------------------------
    def solve(self, bracket: list[DP], mdps: set[int], nxt: list[DP] | None,
              rest: list[DP] | None, beyond: list[DP] | None = None) -> BracketResult:
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

    def next_bracket_pairs_2012(self, floaters: list[DP], nxt: list[DP]) -> tuple[int, int]:
        """2012: (P, pairs) of the next bracket made of ``floaters`` and ``nxt``: P is its P0
        (A6.b, C2) once C1 has sent down the residents who have no possible opponent in it
        (C1 comes before C2); pairs is the most it can make (B1, B2; A3: MDPs meet residents,
        unless they are at least half of the bracket)."""
        group = floaters + nxt
        mdp = {p.id for p in floaters}
        if 2 * len(mdp) >= len(group):
            mdp = set()  # A3: treated as homogeneous

        def ok(p: DP, q: DP) -> bool:
            return not (p.id in mdp and q.id in mdp) and self.compatible(p, q)

        kept = [p for p in group
                if p.id in mdp or any(ok(p, q) for q in group if q is not p)]
        edges = [(p.id, q.id) for i, p in enumerate(kept) for q in kept[i + 1:] if ok(p, q)]
        return len(kept) // 2, maximum_matching_size([p.id for p in kept], edges)

    def _backtrack_2012(self, bracket: list[DP], mdps: set[int], nxt: list[DP],
                        res: BracketResult) -> BracketResult:
        """2012 C12: when the next bracket cannot make its P pairs with the players moved down
        from this one, this bracket is paired again so that another set of players of the same
        size moves down, one that lets the next bracket make P pairs (checked before C14 lowers
        P1 there, hence above this bracket's colours and floats); if there is none, the first
        pairing stands."""
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

    def _solve(self, bracket: list[DP], mdps: set[int], nxt: list[DP] | None,
               rest: list[DP] | None, beyond: list[DP] | None = None) -> BracketResult:
        if nxt and rest is None and self.rules.edition >= 2017:
            # The look-ahead of C.7 / [C8] ranks just below C.5/C.6 / [C6]/[C7]. Pair the
            # bracket without it first: when the chosen downfloaters reach the best value the
            # look-ahead can take at all, that candidate is also the best with the look-ahead
            # (docs/dutch.md, "look-ahead shortcut"), and the following bracket, twice as many
            # vertices, stays out of the matchings.
            res = _BracketContext(self, bracket, mdps, None, None).run()
            if not res.floaters:
                res.next_unpaired = list(nxt)
                return res
            left = self.lookahead_ideal(res.floaters, bracket, nxt)
            if left is not None and (beyond is None or self.can_complete(left + beyond)):
                # 2025: [C8] asks the following bracket to comply with [C4] too: its
                # look-ahead pairing must leave the players below it a complete pairing
                res.next_unpaired = left
                return res
        elif nxt and self.pairs_completely(bracket, mdps):
            # No candidate has a downfloater (C.5 pairs everybody), so the look-ahead of
            # C.7 / [C8] is the same for all of them: the next scoregroup is left out, and
            # its players count as not yet paired by any look-ahead.
            res = _BracketContext(self, bracket, mdps, None, rest).run()
            if not res.floaters:
                res.next_unpaired = list(nxt)
                return res
        ctx = _BracketContext(self, bracket, mdps, nxt, rest)
        return ctx.run()

    def lookahead_ideal(self, floaters: list[DP], bracket: list[DP], nxt: list[DP]
                        ) -> list[DP] | None:
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
        if f > n:
            return None
        if self.rules.edition < 2025:
            low = min(p.score for p in bracket)
            if any(p.score != low for p in floaters):
                return None
        compatible = self.compatible
        # greedy first: floaters take the first compatible resident, then residents pair up
        free = list(nxt)
        for p in floaters:
            k = next((k for k, q in enumerate(free) if compatible(p, q)), -1)
            if k < 0:
                break
            free.pop(k)
        else:
            spare = (f + n) % 2  # one resident may be left over
            left: list[DP] = []
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
        return self._leftover(floaters, nxt)

    def _leftover(self, floaters: list[DP], nxt: list[DP]) -> list[DP] | None:
        """Exact test behind :meth:`lookahead_ideal`: a perfect matching of the floaters and
        the residents (no floater-floater edge), plus a stand-in vertex that any resident may
        take when their number is odd. Returns the resident matched to the stand-in."""
        ids = [p.id for p in floaters] + [q.id for q in nxt]
        adj: dict[int, list[int]] = {v: [] for v in ids}
        for i, p in enumerate(nxt):
            for q in (*floaters, *nxt[i + 1:]):
                if self.compatible(p, q):
                    adj[p.id].append(q.id)
                    adj[q.id].append(p.id)
        if len(ids) % 2:
            adj[BYE_VERTEX] = [q.id for q in nxt]
            for q in nxt:
                adj[q.id].append(BYE_VERTEX)
            ids.append(BYE_VERTEX)
        mate = max_cardinality_matching(ids, adj)
        if len(mate) != len(ids):
            return None
        return [q for q in nxt if mate[q.id] == BYE_VERTEX]

    def pairs_completely(self, bracket: list[DP], mdps: set[int]) -> bool:
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


class _BracketContext:
    """Weights and generation order for one bracket."""

    def __init__(self, rnd: _Round, bracket: list[DP], mdps: set[int], nxt: list[DP] | None,
                 rest: list[DP] | None):
        self.rnd = rnd
        self.bracket = bracket
        if (rnd.rules.edition == 2012 and mdps
                and 2 * len(mdps) >= len(bracket)):
            # 2012 A3: a heterogeneous bracket with at least 50 % moved-down players is
            # treated as homogeneous (its players may all meet each other)
            mdps = set()
        self.mdp_ids = mdps
        self.in_bracket = {p.id for p in bracket}
        self.nxt = nxt or []
        self.next_ids = {p.id for p in self.nxt}
        self.rest = rest
        self.complete = rest is not None
        self.low = min(p.score for p in bracket)
        self.low_next = min((p.score for p in self.nxt), default=0)
        self.by_id = {p.id: p for p in bracket}
        for p in self.nxt:
            self.by_id[p.id] = p
        for p in rest or []:
            self.by_id[p.id] = p
        self.bsn = {p.id: i for i, p in enumerate(bracket)}
        self.fixed_ids: frozenset[int] = frozenset()
        self.last_mate: dict[int, int] = {}
        self.c9 = False
        self.size = len(bracket)
        # PSD values (A.8) are compared as sorted lists: each distinct value gets a power of a
        # base larger than the number of elements of any list
        self.base = len(bracket) + len(self.nxt) + 2
        # (over the distinct scores: the same values without a pass over every pair)
        scores_here = {p.score for p in bracket}
        diffs = {abs(a - b) for a in scores_here for b in scores_here}
        diffs |= {a - (self.low - 10) for a in scores_here}
        if self.nxt:
            scores_next = {p.score for p in self.nxt}
            diffs |= {abs(a - b) for a in scores_here | scores_next for b in scores_next}
            diffs |= {a - (self.low_next - 10) for a in scores_here | scores_next}
        self.diff_rank = {d: i for i, d in enumerate(sorted(diffs))}
        self.fmax = self.base ** (len(self.diff_rank) - 1)
        scores = sorted({p.score for p in bracket} | {p.score for p in self.nxt})
        self.score_rank = {sc: i for i, sc in enumerate(scores)}
        self.max_unplayed = max((p.unplayed for p in bracket), default=0)
        #: per-player parts of the edge criteria, and the rows of the bracket's own pairs
        #: (the same in every matching of the bracket)
        self._unpaired_costs: dict[int, list[int]] = {}
        self._unpaired_2025: dict[int, list[int]] = {}
        self._psd_part: dict[int, int] = {}
        self._rows: dict[tuple[int, int], list[int]] = {}
        self._vectors: dict[int, tuple[list[int], list[int]]] = {}
        #: the matching that fixed the MDP-pairing (B.7 / D.3), best by quality
        self.mdp_mate: dict[int, int] | None = None
        self._quality_weights: tuple[list[int], dict[tuple[int, int], int]] | None = None

    # --- value of one SD in a lexicographic PSD ------------------------------------------------
    def f(self, sd: int) -> int:
        return self.base ** self.diff_rank[sd]

    def psd_part(self, p: DP) -> int:
        """f(df(p)): what p's being a downfloater weighs in the PSD (cached per player)."""
        x = self._psd_part.get(p.id)
        if x is None:
            x = self._psd_part[p.id] = self.f(self.df(p))
        return x

    def df(self, p: DP) -> int:
        """A.8: SD of a downfloater: its score minus one point less than the bracket's lowest."""
        return p.score - (self.low - 10)

    def dfn(self, p: DP) -> int:
        return p.score - (self.low_next - 10)

    # --- criteria of one edge ------------------------------------------------------------------
    def criteria(self, u: DP, v: DP, kind: int) -> list[int]:
        """Gains of an edge for the criteria of the edition, highest priority first."""
        if kind == INTERNAL:
            key = (u.id, v.id)
            row = self._rows.get(key)
            if row is None:
                row = self._fast_row(u, v)
                if row is None:
                    row = self._criteria(u, v, kind)
                self._rows[key] = row
            return row
        return self._criteria(u, v, kind)

    def _fast_row(self, u: DP, v: DP) -> list[int] | None:
        """The row of :meth:`criteria_2017` / :meth:`criteria_2025` for the commonest pair (equal
        scores, no look-ahead, no completion, no topscorer colour rule) as the sum of two
        per-player vectors: with equal scores the pair floats nobody and its SD is 0, so every
        digit but the colour ones is a constant plus one term per player."""
        edition = self.rnd.rules.edition
        if (u.score != v.score or self.nxt or self.complete or edition < 2017
                or (self.rnd.last_round and (u.topscorer or v.topscorer))):
            return None
        vec = self._vectors.get(u.id)
        if vec is None:
            vec = self._player_vectors(u)
        other = self._vectors.get(v.id)
        if other is None:
            other = self._player_vectors(v)
        row = list(map(operator.add, vec[0], other[1]))
        miss, strong = _colour_misses(u, v)  # C.10/C.11 (2017), [C12]/[C13] (2025)
        k = 4 if edition < 2025 else 5
        row[k] -= miss
        row[k + 1] -= strong
        return row

    def _player_vectors(self, p: DP) -> tuple[list[int], list[int]]:
        """(constants + p's terms, p's terms) of :meth:`_fast_row`."""
        top = self.fmax
        if self.rnd.rules.edition >= 2025:
            own = [0, self.h(p), 0, 0, 0, 0, 0, *self._unpaired_2025_of(p)]
            const = [1, 0, 0, 2, 2, 2, 2, 1, 1, 1, 1, top, top, top, top]
        else:
            own = [0, self.psd_part(p), 0, 0, 0, 0, *self.float_costs_unpaired(p)]
            const = [1, -self.f(0), 2, 2, 2, 2, 1, 1, 1, 1, top, top, top, top]
        out = ([c + x for c, x in zip(const, own, strict=True)], own)
        self._vectors[p.id] = out
        return out

    def _criteria(self, u: DP, v: DP, kind: int) -> list[int]:
        if self.rnd.rules.edition >= 2025:
            return self.criteria_2025(u, v, kind)
        if self.rnd.rules.edition == 2012:
            return self.criteria_2012(u, v, kind)
        return self.criteria_2017(u, v, kind)

    def criteria_2012(self, u: DP, v: DP, kind: int) -> list[int]:
        """2012 text (A11 quality order): pairs (P, M1), closeness of scores (B3), colour
        preferences (X, then Z: strong ones), then the float rules in the reverse of the C10
        relaxation order: B5 and B6 for downfloaters, then B5 and B6 for upfloaters."""
        complete = [1] if self.complete else []
        if kind == INTERNAL:
            hi, lo = (u, v) if u.rank < v.rank else (v, u)
            sd = abs(u.score - v.score)
            if self.complete and not self.rest:
                # D4: in the lowest bracket, the smallest sum of squared score differences
                # (the B3 factor); the bye counts as a game against one point less than the
                # weakest player, which is the A.8 artificial difference ``df``
                c6 = self.df(u) ** 2 + self.df(v) ** 2 - sd**2
            else:
                c6 = self.f(self.df(u)) + self.f(self.df(v)) - self.f(sd)
            nxt = [0, 0] if self.nxt else []
            # B2 note: cracks with the same absolute preference may meet only when it saves
            # floaters (C10g relaxes B2 last: it ranks just below the pairs and the scores)
            same_absolute = (u.strength == ABSOLUTE and v.strength == ABSOLUTE
                             and u.pref is v.pref)
            b2 = 0 if same_absolute else 1
            # A7.d: in odd rounds strong preferences count as absolute, below the pairs and
            # the scores: fewest pairs of two such players wanting the same colour
            odd = self.rnd.round_number % 2 == 1
            a7d = 0 if (odd and u.strength >= STRONG and v.strength >= STRONG
                        and u.pref is v.pref) else 1
            colour = [b2, a7d, *self.colour_gains(u, v)[2:]]  # B2, A7.d, X, Z
            a = self.float_costs_unpaired(hi)
            b = self.float_costs_unpaired(lo)
            c = self.float_costs_pair(hi, lo)
            # 2017 cost order is [B5d, B5u, B6d, B6u, ...]; 2012 ranks B5d, B6d, B5u, B6u
            floats = [1 + a[k] + b[k] - c[k] for k in (0, 2, 1, 3)]
            return [*complete, 1, c6, *nxt, *colour, *floats]
        row = [0] * (2 + (2 if self.nxt else 0) + 4 + 4)
        if kind == NEXT and (u.id in self.in_bracket or v.id in self.in_bracket):
            # C1/C12: the players moved down must be pairable in the next bracket (only their
            # pairs count; the next bracket's own residents are its business) ...
            row[2] = 1
        if kind == NEXT and self.rnd.c12_all_pairs:
            # ... unless that bracket cannot make its P pairs: then C12 looks for a set of
            # players moved down with which it can (every pair of the next bracket counts)
            row[3] = 1
        return [*complete, *row]

    def criteria_2017(self, u: DP, v: DP, kind: int) -> list[int]:
        """C.4 (when completing), C.5-C.19 of the 2016/2017 text."""
        complete = [1] if self.complete else []
        if kind == INTERNAL:
            hi, lo = (u, v) if u.rank < v.rank else (v, u)
            c5 = 1
            # C.6: the PSD (A.8) as a sum of powers; a pair avoids two downfloaters' SDs
            c6 = self.psd_part(u) + self.psd_part(v) - self.f(abs(u.score - v.score))
            c7 = [0, self.g_unpaired_next(u) + self.g_unpaired_next(v)] if self.nxt else []
            colour = self.colour_gains(u, v)
            floats = self.float_gains(hi, lo)
            return [*complete, c5, c6, *c7, *colour, *floats]
        zero_tail = [0] * (2 + (2 if self.nxt else 0) + 4 + 8)
        if kind == NEXT:
            gains = zero_tail[:]
            # C.7: a pair in the following bracket, and its PSD
            gains[2] = 1
            gains[3] = (self.g_unpaired_next(u) + self.g_unpaired_next(v)
                        - self.f(abs(u.score - v.score)))
            return [*complete, *gains]
        return [*complete, *zero_tail]

    def h(self, p: DP) -> int:
        """[C7]/[C8]: cost of a downfloater's score in a lexicographic list of scores."""
        return self.base ** self.score_rank[p.score]

    def criteria_2025(self, u: DP, v: DP, kind: int) -> list[int]:
        """[C4] (when completing), [C6]-[C21] of the 2025 text ([C5] restricts the bye
        candidates before the brackets are paired)."""
        complete = [1] if self.complete else []
        width = 2 + (2 if self.nxt else 0) + 1 + 4 + 8
        if kind == INTERNAL:
            hi, lo = (u, v) if u.rank < v.rank else (v, u)
            c6 = 1  # [C6] one pair more, one downfloater less
            c7 = self.h(u) + self.h(v)  # [C7] the two avoid being downfloaters
            c8 = [0, self.h(u) + self.h(v)] if self.nxt else []
            c9 = 0
            colour = self.colour_gains(u, v)
            floats = self.float_gains_2025(hi, lo)
            return [*complete, c6, c7, *c8, c9, *colour, *floats]
        row = [0] * width
        if kind == NEXT:
            # [C8]: a pair in the following bracket, and its downfloaters' scores
            row[2] = 1
            row[3] = self.h(u) + self.h(v)
        elif kind == BYE and u.id in self.in_bracket and self.c9:
            # [C9]: fewest unplayed games for the bye receiver, in a bracket that downfloats
            # exactly one player who receives the PAB
            row[2 + (2 if self.nxt else 0)] = self.max_unplayed + 1 - u.unplayed
        return [*complete, *row]

    def float_gains_2025(self, hi: DP, lo: DP) -> list[int]:
        """[C14]-[C21]: costs avoided by pairing hi-lo instead of floating both, minus the
        costs the pair itself brings (an MDP's downfloat, its opponent's upfloat)."""

        unpaired = self._unpaired_2025_of
        pair = [0] * 8
        if hi.id in self.mdp_ids and hi.score != lo.score:
            sd = self.f(hi.score - lo.score)
            d1, d2 = hi.float1 is Float.DOWN, hi.float2 is Float.DOWN
            u1, u2 = lo.float1 is Float.UP, lo.float2 is Float.UP
            # [C15]/[C17] MDP opponents with an upfloat; [C18]-[C21] score differences
            pair = [0, int(u1), 0, int(u2), sd if d1 else 0, sd if u1 else 0,
                    sd if d2 else 0, sd if u2 else 0]
        a, b = unpaired(hi), unpaired(lo)
        top = self.fmax
        offsets = (1, 1, 1, 1, top, top, top, top)
        return [k + x + y - z for k, x, y, z in zip(offsets, a, b, pair, strict=True)]

    def _unpaired_2025_of(self, p: DP) -> list[int]:
        """[C14]-[C21] costs when ``p`` leaves the bracket as a downfloater (cached)."""
        cached = self._unpaired_2025.get(p.id)
        if cached is not None:
            return cached
        d1, d2 = p.float1 is Float.DOWN, p.float2 is Float.DOWN
        if p.id in self.mdp_ids:
            # [C18]/[C20]: an MDP floating again: a difference larger than any pair's
            sd = self.f(self.df(p))
            out = [0, 0, 0, 0, sd if d1 else 0, 0, sd if d2 else 0, 0]
        else:
            # [C14]/[C16]: resident downfloaters who floated down 1 / 2 rounds before
            out = [int(d1), 0, int(d2), 0, 0, 0, 0, 0]
        self._unpaired_2025[p.id] = out
        return out

    def g_unpaired_next(self, p: DP) -> int:
        return self.f(self.dfn(p))

    def colour_gains(self, u: DP, v: DP) -> list[int]:
        """C.8-C.11 for the pair u-v once its colours are allocated by E.1-E.5."""
        if not (self.rnd.last_round and (u.topscorer or v.topscorer)):
            # without C.8/C.9 only the counts matter, and E.1-E.5 fix them
            miss, strong = _colour_misses(u, v)
            return [2, 2, 2 - miss, 2 - strong]
        white, black, _ = allocate_colours(u, v, self.rnd.initial)
        c8 = c9 = 0
        if self.rnd.last_round and (u.topscorer or v.topscorer):
            for p, col in ((white, Colour.WHITE), (black, Colour.BLACK)):
                cd = p.cd + (1 if col is Colour.WHITE else -1)
                if abs(cd) > 2:
                    c8 += 1
                if len(p.colours) >= 2 and p.colours[-1] is col and p.colours[-2] is col:
                    c9 += 1
        c10 = c11 = 0
        for p, col in ((white, Colour.WHITE), (black, Colour.BLACK)):
            if p.pref is not None and p.pref is not col:
                c10 += 1
                if p.strength >= STRONG:
                    c11 += 1
        return [2 - c8, 2 - c9, 2 - c10, 2 - c11]

    # --- floats: C.12-C.19 ----------------------------------------------------------------------
    def float_costs_unpaired(self, p: DP) -> list[int]:
        """Costs of C.12-C.19 when ``p`` leaves the bracket as a downfloater."""
        x = self._unpaired_costs.get(p.id)
        if x is None:
            x = self._unpaired_costs[p.id] = self._float_costs_unpaired(p)
        return x

    def _float_costs_unpaired(self, p: DP) -> list[int]:
        d1 = p.float1 is Float.DOWN
        d2 = p.float2 is Float.DOWN
        sd = self.f(self.df(p))
        return [int(d1), 0, int(d2), 0, sd if d1 else 0, 0, sd if d2 else 0, 0]

    def float_costs_pair(self, hi: DP, lo: DP) -> list[int]:
        if hi.score == lo.score:
            return [0] * 8
        d1, d2 = hi.float1 is Float.DOWN, hi.float2 is Float.DOWN
        u1, u2 = lo.float1 is Float.UP, lo.float2 is Float.UP
        sd = self.f(hi.score - lo.score)
        return [int(d1), int(u1), int(d2), int(u2), sd if d1 else 0, sd if u1 else 0,
                sd if d2 else 0, sd if u2 else 0]

    def float_gains(self, hi: DP, lo: DP) -> list[int]:
        a = self.float_costs_unpaired(hi)
        b = self.float_costs_unpaired(lo)
        # upfloats only arise in pairs: an offset per pair keeps every gain non-negative (the
        # number of pairs is already fixed by C.5, so the offset changes no comparison)
        top = self.fmax
        if hi.score == lo.score:  # a pair of equal scores floats nobody (A.4)
            return [1 + a[0] + b[0], 1 + a[1] + b[1], 1 + a[2] + b[2], 1 + a[3] + b[3],
                    top + a[4] + b[4], top + a[5] + b[5], top + a[6] + b[6],
                    top + a[7] + b[7]]
        c = self.float_costs_pair(hi, lo)
        offsets = (1, 1, 1, 1, top, top, top, top)
        return [k + x + y - z for k, x, y, z in zip(offsets, a, b, c, strict=True)]

    # --- the graph -------------------------------------------------------------------------------
    def build(self, allowed: Callable[[DP, DP, int], bool] | None = None,
              order: Callable[[DP, DP, int], list[int]] | None = None,
              exclude: frozenset[int] = frozenset(),
              ) -> tuple[list[int], dict[tuple[int, int], int]]:
        rnd = self.rnd
        vertices = list(self.bracket)
        if self.nxt:
            vertices += self.nxt
        if self.rest:
            vertices += [p for p in self.rest if p.id not in self.next_ids]
        if exclude:
            vertices = [p for p in vertices if p.id not in exclude]
        levels = _Levels()
        rows = levels.rows
        n = len(vertices)
        order_width = len(order(vertices[0], vertices[0], OTHER)) if order is not None else 0
        # edge kinds: INTERNAL a pair of this bracket (never two MDPs: B.3); NEXT a pair of
        # the following bracket (C.7 / [C8]); OTHER a pair further down (completion only).
        # Compatibility and the cached rows are looked up inline (hot path).
        in_bracket, next_ids, mdp_ids = self.in_bracket, self.next_ids, self.mdp_ids
        complete, cache, internal_rows = self.complete, rnd._compat, self._rows
        compatible, criteria = rnd._compatible, self.criteria
        for i in range(n):
            u = vertices[i]
            uid = u.id
            ub, un, um = uid in in_bracket, uid in next_ids, uid in mdp_ids
            for j in range(i + 1, n):
                v = vertices[j]
                vid = v.id
                if ub and vid in in_bracket:
                    if um and vid in mdp_ids:
                        continue  # B.3: MDPs are paired with residents only
                    kind = INTERNAL
                elif (ub or un) and (vid in in_bracket or vid in next_ids):
                    kind = NEXT
                elif complete:
                    kind = OTHER
                else:
                    continue
                key = (uid, vid) if uid < vid else (vid, uid)
                ok = cache.get(key)
                if ok is None:
                    ok = cache[key] = compatible(u, v)
                if not ok or (allowed is not None and not allowed(u, v, kind)):
                    continue
                vals = internal_rows.get((uid, vid)) if kind == INTERNAL else None
                if vals is None:
                    vals = criteria(u, v, kind)
                rows[(uid, vid)] = vals + order(u, v, kind) if order is not None else vals
        ids = [p.id for p in vertices]
        if self.complete and len(vertices) % 2:
            ids.append(BYE_VERTEX)
            for p in vertices:
                if p.bye_ok and (allowed is None or allowed(p, p, BYE)):
                    levels.set((p.id, BYE_VERTEX),
                               self.criteria(p, p, BYE) + [0] * order_width)
        return ids, levels.weights(max(1, (n + 1) // 2))

    def match(self, **kw: object) -> dict[int, int]:
        ids, weights = self.build(exclude=self.fixed_ids, **kw)  # type: ignore[arg-type]
        mate = max_weight_matching(ids, weights)
        self.last_mate = mate
        if self.complete:
            need = len(ids)
            if len(mate) != need:
                raise NoValidPairing("no pairing completes the round (C.4)")
        return mate  # type: ignore[return-value]

    # --- generation order (B.6, B.7, D.1-D.3) ------------------------------------------------
    def run(self) -> BracketResult:
        # a candidate meeting every quality criterion in full needs no matching (dutch_ideal)
        ideal = dutch_ideal.ideal_candidate(self)
        if ideal is not None:
            return BracketResult(pairs=ideal[0], floaters=ideal[1])
        if self.rnd.rules.edition >= 2025 and self.complete and any(
            p.bye_ok for p in self.bracket
        ):
            # [C9] only concerns a bracket that downfloats exactly one player, who then gets
            # the PAB: count the downfloaters at the optimum of the higher criteria first
            mate = self.match()
            floaters = [p for p in self.bracket if mate.get(p.id) not in self.in_bracket]
            self.c9 = len(floaters) == 1 and mate.get(floaters[0].id) == BYE_VERTEX
        mdps = [p for p in self.bracket if p.id in self.mdp_ids]
        residents = [p for p in self.bracket if p.id not in self.mdp_ids]
        fixed: list[tuple[DP, DP]] = []
        blocked: set[int] = set()  # MDPs left in the Limbo once the MDP-pairing is fixed
        if mdps:
            mate = self.match_mdp_pairing(mdps, residents)
            self.mdp_mate = mate
            for m in mdps:
                partner = mate.get(m.id)
                if partner is not None and partner in self.in_bracket:
                    fixed.append((m, self.by_id[partner]))
                else:
                    blocked.add(m.id)
            remainder = [p for p in residents if p.id not in {q.id for _, q in fixed}]
            n1 = sum(
                1
                for p in remainder
                if (q := mate.get(p.id)) is not None
                and q in self.in_bracket
                and q not in self.mdp_ids
                and self.bsn[p.id] < self.bsn[q]
            )
        else:
            remainder = residents
            n1 = None
        self.fixed_ids = frozenset(p.id for pr in fixed for p in pr)

        def allowed_base(u: DP, v: DP, kind: int) -> bool:
            return not (kind == INTERNAL and (u.id in blocked or v.id in blocked))

        if n1 is None:
            # Homogeneous bracket: MaxPairs (B.1 b) is not known before the first matching.
            # Guess half the players; C.5 is the top quality digit, so the ordered matching's
            # own number of pairs is MaxPairs: when it differs from the guess, the S1 used for
            # the order was wrong and the bracket is ordered again with the right one.
            guess = len(remainder) // 2
            pairs = self.order_remainder(remainder, guess, allowed_base)
            if len(pairs) != guess:
                pairs = self.order_remainder(remainder, len(pairs), allowed_base)
        else:
            pairs = self.order_remainder(remainder, n1, allowed_base)
        result = BracketResult(pairs=fixed + pairs)
        paired = {p.id for pr in result.pairs for p in pr}
        result.floaters = [p for p in self.bracket if p.id not in paired]
        in_next = self.next_ids | {p.id for p in result.floaters}
        result.next_unpaired = [
            p for p in result.floaters + self.nxt if self.last_mate.get(p.id) not in in_next
        ]
        return result

    def quality_weights(self) -> tuple[list[int], dict[tuple[int, int], int]]:
        """The weights of the quality criteria alone, for every pair of the bracket (built
        once; a later matching on fewer players takes the subset: each digit's radix, fitted
        to the whole bracket, is large enough for any part of it)."""
        if self._quality_weights is None:
            self._quality_weights = self.build()
        return self._quality_weights

    def match_mdp_pairing(self, mdps: list[DP], residents: list[DP]) -> dict[int, int]:
        """The matching that fixes the MDP-pairing (B.7, D.3, D.1 on the MDPs)."""
        order = self.mdp_order(mdps, residents)
        if self.nxt or self.complete:
            return self.match(order=order)
        # the quality weights with the two order digits appended: the same numbers as
        # ``build(order=order)``, but only the MDPs' pairs need the order function
        ids, quality = self.quality_weights()
        extra: dict[tuple[int, int], list[int]] = {}
        for m in mdps:
            for r in residents:
                key = (m.id, r.id) if (m.id, r.id) in quality else (r.id, m.id)
                if key in quality:
                    extra[key] = order(m, r, INTERNAL)
        if not extra:
            return self.match(order=order)
        pairs_bound = max(1, (len(ids) + 1) // 2)
        mult, scale = _digit_multipliers(
            [max(col) * pairs_bound + 1 for col in zip(*extra.values(), strict=True)])
        weights = {key: (w - 1) * scale + 1 for key, w in quality.items()}
        for key, vals in extra.items():
            weights[key] += sum(map(operator.mul, vals, mult))
        mate = max_weight_matching(ids, weights)
        self.last_mate = mate
        return mate  # type: ignore[return-value]

    def mdp_order(self, mdps: list[DP], residents: list[DP]
                  ) -> Callable[[DP, DP, int], list[int]]:
        """B.7 / D.3: the set of paired MDPs with the lowest BSNs, then (D.1) the MDP-pairing
        whose S2 order is lexicographically first."""
        m_index = {p.id: i for i, p in enumerate(mdps)}
        r_index = {p.id: i for i, p in enumerate(residents)}
        nm, nr = len(mdps), len(residents)
        radix = nr + 1

        def order(u: DP, v: DP, kind: int) -> list[int]:
            if kind != INTERNAL:
                return [0, 0]
            m, r = (u, v) if u.id in m_index else (v, u)
            if m.id not in m_index:
                return [0, 0]
            i = m_index[m.id]
            return [2 ** (nm - 1 - i), (nr - r_index[r.id]) * radix ** (nm - 1 - i)]

        return order

    def order_remainder(self, remainder: list[DP], n1: int,
                        allowed_base: Callable[[DP, DP, int], bool]) -> list[tuple[DP, DP]]:
        """B.6 with D.1/D.2: the first candidate of the remainder (or homogeneous bracket)."""
        if n1 == 0:
            return []
        if not self.nxt and not self.complete:
            fast = self.order_without_exchange(remainder, n1, allowed_base)
            if fast is not None:
                return fast
        bsn = {p.id: i + 1 for i, p in enumerate(remainder)}  # fresh BSNs for the remainder
        n = len(remainder)
        s1_list = remainder[:n1]
        s1 = {p.id for p in s1_list}
        rem_ids = set(bsn)

        def exchange_order(u: DP, v: DP, kind: int) -> list[int]:
            if kind != INTERNAL or u.id not in rem_ids or v.id not in rem_ids:
                return [0, 0, 0, 0, 0]
            a, b = sorted((bsn[u.id], bsn[v.id]))
            in1a, in1b = a <= n1, b <= n1
            # D.2 a: fewest exchanged BSNs = fewest pairs inside the original S2
            da = 0 if (not in1a and not in1b) else 1
            # D.2 b: smallest (sum moved S2->S1) - (sum moved S1->S2) = smallest sum of the
            # lower BSN of every pair (docs/dutch.md derives it)
            db = n + 1 - a
            # D.2 c: highest BSN moved from S1 to S2: minimise sum 2^a over pairs whose lower
            # BSN is in the original S1
            dc = (2 ** (n + 1)) - (2 ** a if in1a else 0)
            # D.2 d: lowest BSN moved from S2 to S1 (the lower BSN of pairs inside S2)
            dd = 2 ** (n - a) if not in1a else 0
            return [da, db, dc, dd, self._transposition(u, v, s1, s1_list)]

        mate = self.match(allowed=allowed_base, order=exchange_order)
        pairs = self._pairs_of(mate, remainder)
        if all((bsn[a.id] <= n1) != (bsn[b.id] <= n1) for a, b in pairs):
            # no exchange needed: the transposition digits were those of the original S1
            return pairs
        # the exchange is fixed: S1 = (original S1 - X) + Y; transpositions of the new S2 (D.1)
        new_s1 = set()
        for a, b in pairs:
            new_s1.add(min(a, b, key=lambda p: bsn[p.id]).id)
        s1_sorted = [p for p in remainder if p.id in new_s1]

        def allowed(u: DP, v: DP, kind: int) -> bool:
            if not allowed_base(u, v, kind):
                return False
            if kind == INTERNAL and u.id in rem_ids and v.id in rem_ids:
                return (u.id in new_s1) != (v.id in new_s1)
            if kind == INTERNAL:
                return True
            # members of the new S1 must be paired inside the bracket
            return u.id not in new_s1 and v.id not in new_s1

        def order(u: DP, v: DP, kind: int) -> list[int]:
            if kind != INTERNAL or u.id not in rem_ids or v.id not in rem_ids:
                return [0]
            return [self._transposition(u, v, new_s1, s1_sorted)]

        mate = self.match(allowed=allowed, order=order)
        return self._pairs_of(mate, remainder)

    def order_without_exchange(self, remainder: list[DP], n1: int,
                               allowed_base: Callable[[DP, DP, int], bool]
                               ) -> list[tuple[DP, DP]] | None:
        """B.6 when no exchange is needed, without order digits in the weights.

        One matching with the quality criteria alone gives the best quality Q*. A second one,
        on the same weights restricted to pairs of one S1 and one S2 player, tells whether a
        candidate without exchange reaches Q*: if it does, D.2 a (fewest exchanges) chooses such
        a candidate, and D.1 the one whose S2 order comes first. The bipartite matching's duals
        describe all of them at once (complementary slackness: the pairs on tight edges that
        cover every vertex of positive dual), so D.1 is settled by
        :func:`lexicographic_bipartite_matching` with no further weights. Returns None when an
        exchange is needed (or MaxPairs differs from ``n1``): the caller then uses the order
        digits of D.2 and D.1 (docs/dutch.md, "candidates without exchange").
        """
        rem = {p.id for p in remainder}
        ids, weights = self.quality_weights()
        ids = [v for v in ids if v in rem]
        weights = {(a, b): w for (a, b), w in weights.items() if a in rem and b in rem}
        if not weights:
            return None
        # Q*: the MDP-pairing's matching is best by quality over the whole bracket, so its
        # pairs inside the remainder are a best remainder pairing (quality adds up pair by
        # pair); a homogeneous bracket needs a matching of its own
        mate = self.mdp_mate if self.mdp_mate is not None else max_weight_matching(ids, weights)
        best = [(a, b) for a, b in mate.items() if a in rem and b in rem and a < b]
        if len(best) != n1:
            return None
        s1 = [p.id for p in remainder[:n1]]
        s1_set = set(s1)
        bip = {(a, b): w for (a, b), w in weights.items()
               if a in rem and b in rem and (a in s1_set) != (b in s1_set)}
        mate_b, y = max_weight_matching_duals(ids, bip)
        if self.quality(mate_b) != self.quality(dict(best + [(b, a) for a, b in best])):
            return None
        if any(a not in mate_b for a in s1):
            return None
        rank = {p.id: p.rank for p in remainder}
        adj: dict[int, list[int]] = {a: [] for a in s1}
        for (a, b), w in bip.items():
            if y[a] + y[b] == 2 * w:
                left, right = (a, b) if a in s1_set else (b, a)
                adj[left].append(right)
        for lst in adj.values():
            lst.sort(key=rank.__getitem__)
        required = {v for v in rem if v not in s1_set and y[v] > 0}
        chosen = lexicographic_bipartite_matching(
            s1, adj, {a: mate_b[a] for a in s1}, required)
        if chosen is None:  # pragma: no cover - mate_b is such a matching
            return None
        by_id = self.by_id
        return [(by_id[a], by_id[b]) for a, b in chosen.items()]

    def quality(self, mate: dict[int, int]) -> list[int]:
        """Sum of the criteria rows of the bracket pairs of a matching (a vector compared
        lexicographically: the quality of a candidate)."""
        total: list[int] | None = None
        for a, b in mate.items():
            row = self._rows.get((a, b))
            if row is None:
                continue  # each pair once: the rows are keyed in the order of the build
            total = row[:] if total is None else [x + y for x, y in zip(total, row, strict=True)]
        return total or []

    def _transposition(self, u: DP, v: DP, s1: set[int], s1_sorted: list[DP]) -> int:
        """D.1: lexicographically smallest S2 order, as digits (S1 position -> S2 rank)."""
        if (u.id in s1) == (v.id in s1):
            return 0
        first, second = (u, v) if u.id in s1 else (v, u)
        i = next(k for k, p in enumerate(s1_sorted) if p.id == first.id)
        m = self.size + 1
        return (m - self._s2_rank(second, s1)) * (m + 1) ** (len(s1_sorted) - 1 - i)

    def _s2_rank(self, p: DP, s1: set[int]) -> int:
        return sum(1 for q in self.bracket if q.id not in s1 and q.rank < p.rank)

    def _pairs_of(self, mate: dict[int, int], remainder: list[DP]) -> list[tuple[DP, DP]]:
        out = []
        rem = {p.id for p in remainder}
        for p in remainder:
            q = mate.get(p.id)
            if q is not None and q in rem and p.rank < self.by_id[q].rank:
                out.append((p, self.by_id[q]))
        return out


# --------------------------------------------------------------------------------------------
# The system
# --------------------------------------------------------------------------------------------
class DutchSystem:
    """A Dutch-system pairing engine for one edition of the rules."""

    def __init__(self, rules: DutchRules):
        self.rules = rules
        self.name = rules.name

    def players(self, t: Tournament, round_number: int) -> tuple[list[DP], Colour]:
        states = build_states(t, round_number)
        absent = t.not_paired_in(round_number)
        total = t.total_rounds
        last_round = total is not None and round_number == total
        ps = t.point_system
        max_score = ps.win * (round_number - 1)
        out = []
        for pid, st in states.items():
            if pid in absent:
                continue
            pref = st.preference
            out.append(
                DP(
                    id=pid,
                    score=_tenths(st.pairing_score),
                    colours=st.colours,
                    opponents=st.opponents,
                    pref=pref.colour,
                    strength=pref.strength.value,
                    cd=st.colour_difference,
                    float1=st.float_in(round_number - 1, self.rules.unplayed_float),
                    float2=st.float_in(round_number - 2, self.rules.unplayed_float),
                    bye_ok=self.rules.bye_eligible(st, ps),
                    topscorer=last_round and st.score > max_score / 2,
                    unplayed=st.unplayed_rounds,
                    scored_unplayed=sum(1 for r in st.rounds if not r.is_played and r.points > 0),
                )
            )
        out.sort(key=lambda p: (-p.score, p.id))
        for i, p in enumerate(out):
            p.rank = i
        # E.5: pairing numbers among the players paired in this round (absentees left out)
        for number, p in enumerate(sorted(out, key=lambda p: p.id), start=1):
            p.paired_number = number
        if self.rules.edition == 2012:
            # 2012 E5 speaks of round 1 ("all even players of S1 receive a colour different
            # from all odd players of S1"): a player without any played game is in his round 1,
            # and is numbered among the players paired in this round who have not played yet
            # (pairing-number order), as in round 1 (docs/dutch.md sections 5.1 and 7.1)
            fresh = sorted((p for p in out if not p.colours), key=lambda p: p.id)
            for number, p in enumerate(fresh, start=1):
                p.paired_number = number
        return out, initial_colour(t)

    def pair(self, tournament: Tournament, round_number: int | None = None,
             explain: Explanation | None = None) -> Pairing:
        r = tournament.next_round if round_number is None else round_number
        players, initial = self.players(tournament, r)
        last_round = tournament.total_rounds is not None and r == tournament.total_rounds
        rnd = _Round(self.rules, players, last_round,
                     (lambda a, b: tournament.is_forbidden(a, b, r))
                     if tournament.forbidden_pairs else None, explain, r, initial)
        warnings: list[str] = []
        if self.rules.edition == 2012:
            relaxed = _relax_bye_2012(rnd, players, explain)
            if relaxed is not None:
                warnings.append(relaxed)
        pairs, bye = self._pair_brackets(rnd, players, explain)
        boards = []
        for a, b in pairs:
            white, black, rule = allocate_colours(a, b, initial)
            boards.append(Board(white.id, black.id))
            if self.rules.edition >= 2025:
                rule = "5.2." + rule[-1]  # 2025 art. 5.2.1-5.2.5 = 2017 E.1-E.5
            elif self.rules.edition == 2012:
                rule = rule.replace(".", "")  # 2012 E1-E5
            if explain is not None:
                explain.add(f"board {white.id} - {black.id}: White {white.id}, Black {black.id}",
                            f"échiquier {white.id} - {black.id} : Blancs {white.id}, "
                            f"Noirs {black.id}", level=1, rule=rule)
        rank = {p.id: p.rank for p in players}
        boards.sort(key=lambda b: min(rank[b.white], rank[b.black]))
        return Pairing(r, boards, bye, dict(tournament.not_paired_in(r)), warnings=warnings)

    def _restrict_bye_to_lowest_score(self, rnd: _Round, players: list[DP],
                                      explain: Explanation | None) -> None:
        """[C5] (2025): the PAB goes to the lowest score with which the round can still be
        completed; only eligible players with that score may receive it."""
        if len(players) % 2 == 0:
            for p in players:
                p.bye_ok = False
            return
        saved = {p.id: p.bye_ok for p in players}
        for score in sorted({p.score for p in players if p.bye_ok}):
            for p in players:
                p.bye_ok = saved[p.id] and p.score == score
            if rnd.can_complete(players):
                if explain is not None:
                    explain.add(
                        f"the pairing-allocated bye goes to a player with {score / 10:g} points",
                        f"l'exemption va à un joueur ayant {score / 10:g} points",
                        rule="C5")
                return
        for p in players:
            p.bye_ok = saved[p.id]

    def _pair_brackets(self, rnd: _Round, players: list[DP], explain: Explanation | None
                       ) -> tuple[list[tuple[DP, DP]], int | None]:
        if not rnd.can_complete(players):
            if len(players) % 2 and not any(p.bye_ok for p in players):
                raise NoValidPairing(
                    f"{len(players)} players to pair and none of them may receive the "
                    "pairing-allocated bye (C.2: each already had one or scored without "
                    "playing); the arbiter decides (A.9)"
                )
            raise NoValidPairing(
                "no pairing of this round satisfies the absolute criteria C.1-C.3 "
                "(the arbiter decides: A.9)"
            )
        if not self.rules.collapsed_last_bracket:
            self._restrict_bye_to_lowest_score(rnd, players, explain)
        groups: list[list[DP]] = []
        for p in players:
            if groups and groups[-1][0].score == p.score:
                groups[-1].append(p)
            else:
                groups.append([p])
        pairs: list[tuple[DP, DP]] = []
        mdps: list[DP] = []
        i = 0
        while i < len(groups):
            bracket = sorted(mdps + groups[i], key=lambda p: p.rank)
            lower = [p for g in groups[i + 1 :] for p in g]
            mdp_ids = {p.id for p in mdps}
            _note_bracket(explain, bracket, mdp_ids)
            if not lower:
                res = rnd.solve(bracket, mdp_ids, None, [])
                pairs += res.pairs
                _note_result(explain, rnd, res, bracket, mdp_ids, last=True)
                return pairs, _bye_of(res)
            bye_here = (not self.rules.collapsed_last_bracket
                        and any(p.bye_ok for p in bracket)
                        and not any(p.bye_ok for p in lower))
            # 2025: when the PAB must come from this bracket, pair it with [C4] (and [C9])
            beyond = lower[len(groups[i + 1]):]
            res = rnd.solve(bracket, mdp_ids, groups[i + 1], lower if bye_here else None,
                            None if self.rules.collapsed_last_bracket else beyond)
            if not self.rules.collapsed_last_bracket:
                # [C4] for this bracket, and within [C8] for the following one: the look-ahead
                # pairing of the following bracket must leave a complete pairing possible
                if not rnd.can_complete(res.next_unpaired + beyond):
                    # [C4]: the downfloaters must leave a complete pairing possible
                    if explain is not None:
                        explain.add(
                            "the best pairing of this bracket would not let the round be "
                            "completed: the downfloaters are chosen to complete it",
                            "le meilleur appariement de ce niveau empêcherait d'achever la "
                            "ronde : les flotteurs sont choisis pour l'achever",
                            level=1, rule="C4")
                    res = rnd.solve(bracket, mdp_ids, groups[i + 1], lower)
                pairs += res.pairs
                _note_result(explain, rnd, res, bracket, mdp_ids, last=False)
                mdps = res.floaters
                i += 1
                continue
            if not rnd.can_complete(res.floaters + lower):
                # A.9: this bracket is the PPB, re-paired under C.4; the rest collapses (CLB)
                if explain is not None:
                    explain.add(
                        "the downfloaters would not allow the round to be completed: this "
                        "bracket is the penultimate pairing bracket (PPB)",
                        "les flotteurs ne permettraient pas d'achever la ronde : ce niveau est "
                        "l'avant-dernier niveau (PPB)",
                        level=1, rule="A.9, C.4")
                res = rnd.solve(bracket, mdp_ids, None, lower)
                pairs += res.pairs
                _note_result(explain, rnd, res, bracket, mdp_ids, last=False)
                clb = sorted(res.floaters + lower, key=lambda p: p.rank)
                clb_mdps = {p.id for p in res.floaters}
                _note_bracket(explain, clb, clb_mdps, collapsed=True)
                res2 = rnd.solve(clb, clb_mdps, None, [])
                pairs += res2.pairs
                _note_result(explain, rnd, res2, clb, clb_mdps, last=True)
                return pairs, _bye_of(res2)
            pairs += res.pairs
            _note_result(explain, rnd, res, bracket, mdp_ids, last=False)
            mdps = res.floaters
            i += 1
        return pairs, None


def _relax_bye_2012(rnd: _Round, players: list[DP], explain: Explanation | None
                    ) -> str | None:
    """2012: the number of players is odd and B1.b leaves nobody who can be exempt.

    C.04.1 c / A5 require that one player is not paired: with an odd number the round has
    no pairing at all otherwise, so this is not a criterion the C-rules may relax. B1.b
    (= C.04.1 d) forbids the bye to everyone who already scored without playing. When that
    leaves nobody (everyone has, or the few who have not cannot be left out: the others
    could not all be paired, B1.a), B1.b cannot be met and is the rule relaxed, for the
    fewest players and by the least amount: the bye may also go to the players who scored
    without playing at most ``k`` times, for the smallest ``k`` that lets the round be
    completed (a second such round rather than a third). The round is then paired as usual:
    the bye stays a downfloat (B1.b), so B5/B6, and in the lowest bracket the D4 B3 factor,
    choose among the eligible players. Returns the warning for the arbiter, or None when
    nothing is relaxed (also when no relaxation of B1.b would let the round be paired).
    """
    if len(players) % 2 == 0 or rnd.can_complete(players):
        return None
    allowed = {p.id: p.bye_ok for p in players}
    for k in sorted({p.scored_unplayed for p in players if not p.bye_ok}):
        for p in players:
            p.bye_ok = allowed[p.id] or p.scored_unplayed <= k
        if rnd.can_complete(players):
            break
    else:
        for p in players:
            p.bye_ok = allowed[p.id]
        return None
    who = ", ".join(str(p.id) for p in sorted(players, key=lambda p: p.id)
                    if p.bye_ok and not allowed[p.id])
    reason_en = ("every one of the players already scored without playing"
                 if not any(allowed.values()) else
                 "the players who never scored without playing cannot be left out")
    reason_fr = ("chacun des joueurs a déjà marqué sans jouer"
                 if not any(allowed.values()) else
                 "les joueurs qui n'ont jamais marqué sans jouer ne peuvent pas être exemptés")
    en = (f"B1.b relaxed: {reason_en}, so nobody may receive the bye; it may also go to a "
          f"player who scored without playing at most {k} time(s): {who}")
    fr = (f"B1.b assoupli : {reason_fr}, personne ne peut donc être exempt ; l'exemption peut "
          f"aussi aller à un joueur qui a marqué sans jouer au plus {k} fois : {who}")
    if explain is not None:
        explain.add(en, fr, rule="B1.b")
    return en


def _bye_of(res: BracketResult) -> int | None:
    if len(res.floaters) > 1:
        raise NoValidPairing("the last bracket could not be completed")
    return res.floaters[0].id if res.floaters else None


def _note_bracket(explain: Explanation | None, bracket: list[DP], mdps: set[int],
                  collapsed: bool = False) -> None:
    if explain is None:
        return
    score = bracket[-1].score / 10 if bracket else 0
    ids = ", ".join(f"{p.id}{'*' if p.id in mdps else ''}" for p in bracket)
    if collapsed:
        explain.add(f"Collapsed last bracket (CLB): {ids}",
                    f"Dernier niveau effondré (CLB) : {ids}", rule="A.9")
    else:
        explain.add(f"Bracket {score:g}: {ids} (* = moved down)",
                    f"Niveau {score:g} : {ids} (* = flotteur descendant)", rule="A.3")


#: rule labels of the explanation, per edition: colour misses, strong colour misses,
#: repeated downfloat / upfloat (previous round), the same two rounds before
_LABELS = {
    2012: ("B4", "B4 (A8 Z)", "B5", "B5", "B6", "B6"),
    2017: ("C.10", "C.11", "C.12", "C.13", "C.14", "C.15"),
    2025: ("C12", "C13", "C14", "C15", "C16", "C17"),
}


def _note_result(explain: Explanation | None, rnd: _Round, res: BracketResult,
                 bracket: list[DP], mdps: set[int], last: bool) -> None:
    """Explain a bracket's pairing: pairs, why each player floats, unmet criteria."""
    if explain is None:
        return
    labels = _LABELS.get(rnd.rules.edition, _LABELS[2017])
    pairs = ", ".join(f"{a.id}-{b.id}" for a, b in res.pairs) or "none"
    explain.add(f"pairs: {pairs}", f"paires : {pairs}", level=1)
    for p in res.floaters:
        others = [q for q in bracket if q is not p and not (q.id in mdps and p.id in mdps)]
        met = [q for q in others if q.id in p.opponents]
        if others and not any(rnd.compatible(p, q) for q in others):
            why_en = "no opponent left in the bracket: "
            why_fr = "aucun adversaire possible dans le niveau : "
            if len(met) == len(others):
                why_en += "has met them all (C.1)"
                why_fr += "les a tous déjà rencontrés (C.1)"
            else:
                why_en += "the others already met or share its absolute colour (C.1, C.3)"
                why_fr += ("les autres déjà rencontrés ou de même couleur absolue "
                           "(C.1, C.3)")
        elif last:
            why_en, why_fr = "left over by the best pairing", "laissé par le meilleur appariement"
        else:
            why_en = ("left over by the best pairing of the bracket (fewest downfloaters, "
                      "lowest scores)")
            why_fr = ("laissé par le meilleur appariement du niveau (le moins de flotteurs, "
                      "les scores les plus bas)")
        if last:
            explain.add(f"{p.id} ({p.score / 10:g}) receives the pairing-allocated bye: {why_en}",
                        f"{p.id} ({p.score / 10:g}) reçoit l'exemption : {why_fr}",
                        level=1, rule="C.2")
        else:
            explain.add(f"{p.id} ({p.score / 10:g}) floats down: {why_en}",
                        f"{p.id} ({p.score / 10:g}) flotte vers le niveau suivant : {why_fr}",
                        level=1, rule="A.4")
    # criteria that could not be met in full
    miss, strong = [], []
    for a, b in res.pairs:
        white, black, _ = allocate_colours(a, b, rnd.initial)
        for q, col in ((white, Colour.WHITE), (black, Colour.BLACK)):
            if q.pref is not None and q.pref is not col:
                miss.append(q.id)
                if q.strength >= STRONG:
                    strong.append(q.id)
    down1, up1, down2, up2 = [], [], [], []
    for a, b in res.pairs:
        hi, lo = (a, b) if a.rank < b.rank else (b, a)
        if hi.score != lo.score:
            if hi.float1 is Float.DOWN:
                down1.append(hi.id)
            if hi.float2 is Float.DOWN:
                down2.append(hi.id)
            if lo.float1 is Float.UP:
                up1.append(lo.id)
            if lo.float2 is Float.UP:
                up2.append(lo.id)
    if not last:
        down1 += [p.id for p in res.floaters if p.float1 is Float.DOWN]
        down2 += [p.id for p in res.floaters if p.float1 is not Float.DOWN
                  and p.float2 is Float.DOWN]
    checks = (
        (miss, labels[0], "without their colour preference", "sans leur couleur préférée"),
        (strong, labels[1], "without their strong colour preference",
         "sans leur préférence de couleur forte"),
        (down1, labels[2], "floating down as in the previous round",
         "flottant vers le bas comme à la ronde précédente"),
        (up1, labels[3], "floating up as in the previous round",
         "flottant vers le haut comme à la ronde précédente"),
        (down2, labels[4], "floating down as two rounds before",
         "flottant vers le bas comme deux rondes avant"),
        (up2, labels[5], "floating up as two rounds before",
         "flottant vers le haut comme deux rondes avant"),
    )
    for ids, rule, en, fr in checks:
        if ids:
            who = ", ".join(str(i) for i in sorted(set(ids)))
            explain.add(f"not met in full (no better candidate exists): players {en}: {who}",
                        f"non satisfait (aucun meilleur candidat) : joueurs {fr} : {who}",
                        level=1, rule=rule)


def initial_colour(t: Tournament) -> Colour:
    """The initial colour (E.5): from XXC/152; else inferred from round 1; else White."""
    if t.initial_colour is not None:
        return t.initial_colour
    return t.inferred_initial_colour() or Colour.WHITE


DUTCH_2012 = DutchSystem(RULES_2012)
DUTCH_2017 = DutchSystem(RULES_2017)
DUTCH_2025 = DutchSystem(RULES_2025)
