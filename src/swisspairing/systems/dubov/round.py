"""One Dubov round being paired: legality (1997 art. 2.1, 2.3, 2.4; 2026 C1, C3) as bit sets,
completion (C4), colours (1997 art. 3; 2026 5.2) and the pairing of one bracket: White-seekers
against the others, the transfers between the two subgroups and the first legal arrangement
(1997 art. 6.2/6.3, 7.3/7.4; 2026 3.2.3-3.2.6).

The searches walk the candidates in the rules' order; the questions they ask at each step (can
these players all be paired? can the rest of S1 still get distinct partners?) are answered on bit
sets (:class:`~swisspairing.matching.bitsets.BitGraph`), exactly, and cheaply.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from ...matching.bitsets import BitGraph, bits, mask_of
from ...matching.gallai import maximum_matching, perfect
from ...model import Board, Colour, Tournament
from ..explain import Explanation
from .assignment import first_arrangement
from .players import DubovPlayer
from .rules import DubovRules
from .shifters import first_split

WHITE, BLACK = Colour.WHITE, Colour.BLACK
#: Answers of :meth:`DubovRound.pairable` remembered (by bit set) in one round.
PAIRABLE_CACHE_SIZE = 1024


@dataclass
class DubovRound:
    tournament: Tournament
    round_number: int
    rules: DubovRules
    players: dict[int, DubovPlayer]
    initial_colour: Colour
    last_round: bool
    max_upfloats: int
    explain: Explanation | None
    _cache: dict[int, bool] = field(default_factory=dict)
    #: 1997 art. 6.4 / 7.1-7.2: players moved down, players transferred up (2026: upfloaters)
    moved_down: set[int] = field(default_factory=set)
    moved_up: set[int] = field(default_factory=set)

    def may_float_up(self, p: DubovPlayer) -> bool:
        """1997 art. 2.5: except in the last round, no transfer up twice in a row, nor more than
        3 times (< 10 rounds) or 4 times (>= 10 rounds). A past round counts as a transfer when
        the player met a higher score (the results show nothing finer; docs/dubov.md)."""
        if self.last_round:
            return True
        return not p.upfloated_last and p.upfloats < self.max_upfloats

    # --- legality -------------------------------------------------------------------------
    def __post_init__(self) -> None:
        self.graph = BitGraph(self._barred())

    def _barred(self) -> dict[int, int]:
        """Per player, the bit set of the players it may not meet: itself, art. 2.1 / C1 no
        rematch, art. 2.3/2.4 / C3 no colour both can take, and the forbidden pairs of the
        tournament."""
        ps = self.players
        can_white = mask_of(i for i, p in ps.items() if p.can_white)
        can_black = mask_of(i for i, p in ps.items() if p.can_black)
        everyone = mask_of(ps)
        barred = {}
        for pid, p in ps.items():
            partners = (can_black if p.can_white else 0) | (can_white if p.can_black else 0)
            barred[pid] = (1 << pid) | mask_of(p.opponents) | (everyone & ~partners)
        for pid, partners in self.tournament.forbidden_partners(self.round_number, ps).items():
            barred[pid] |= partners
        return barred

    def legal(self, a: int, b: int) -> bool:
        """1997 art. 2.1, 2.3, 2.4 / 2026 C1, C3 (and forbidden pairs of the tournament)."""
        return not (self.graph.barred[a] >> b) & 1

    def pairable(self, ids: Iterable[int]) -> bool:
        """Whether these players can all be paired among themselves (C4 / art. 2).

        The answers are remembered by the players' bit set (one bit per player, not a set of
        ids: at 1,000 players a frozenset key took about 40 KiB), at most
        :data:`PAIRABLE_CACHE_SIZE` of them, the oldest forgotten first."""
        key = mask_of(ids)
        count = key.bit_count()
        if count % 2:
            return False
        if not count:
            return True
        known = self._cache.get(key)
        if known is None:
            known = perfect(bits(key), self.graph.barred)
            if len(self._cache) >= PAIRABLE_CACHE_SIZE:
                del self._cache[next(iter(self._cache))]
            self._cache[key] = known
        return known

    def unpaired_inside(self, ids: Iterable[int]) -> int:
        """How many of these players a maximum matching among themselves leaves unpaired: the
        fewest who need an opponent from outside the group (2026 C5, fewest upfloaters; 1997
        art. 7, fewest transfers). A bracket made of the group and ``k`` outsiders can only be
        completely paired (C4 / art. 2) when ``k`` is at least this number, since a pairing
        of the bracket pairs at most a maximum matching's players inside the group."""
        members = list(ids)
        return len(members) - len(maximum_matching(members, self.graph.barred))

    def note(self, en: str, fr: str, level: int = 0, rule: str = "") -> None:
        if self.explain is not None:
            self.explain.add(en, fr, level=level, rule=rule)

    # --- colours --------------------------------------------------------------------------
    def colours(self, a: int, b: int) -> tuple[Board, str, str, str]:
        """Board with colours (1997 art. 3; 2026 5.2) and the rule that decided."""
        pa, pb = self.players[a], self.players[b]
        for rule, en, fr, fn in self.rules.colour_rules:
            c = fn(self, pa, pb)
            if c is not None:
                board = Board(a, b) if c is WHITE else Board(b, a)
                return board, rule, en, fr
        raise AssertionError("the last colour rule always decides")  # pragma: no cover

    def unmet_preferences(self, pairs: list[tuple[int, int]]) -> int:
        """2026 C7: players who do not get their colour preference."""
        n = 0
        for a, b in pairs:
            board = self.colours(a, b)[0]
            n += self.players[board.white].preference is not WHITE
            n += self.players[board.black].preference is not BLACK
        return n

    # --- bracket pairing (shared) ---------------------------------------------------------
    def pair_bracket(self, ids: list[int]) -> list[tuple[int, int]] | None:
        """Pair every player of a bracket: split into White-seekers and the others
        (1997 art. 6.2; 2026 3.2.3), equalise the two subgroups (1997 art. 7.3/7.4; 2026
        3.2.4), sort S1 and take the first legal arrangement of G2 (1997 art. 6.2/6.3;
        2026 3.2.5/3.2.6). None when no legal pairing exists.
        """
        if not ids:
            return []
        if len(ids) % 2 or not self.pairable(ids):
            return None
        ps = [self.players[i] for i in ids]
        if all(p.games == 0 for p in ps):
            # 2026 3.2.3 (nobody has played): G1 = first half by TPN; 1997 art. 5: first half
            # of the list sorted by descending rating.
            ordered = sorted(ps, key=lambda p: p.rank)
            half = len(ordered) // 2
            g1, g2 = ordered[:half], ordered[half:]
        else:
            g1 = [p for p in ps if p.preference is WHITE]
            g2 = [p for p in ps if p.preference is not WHITE]
        whites_larger = len(g1) > len(g2)
        larger, smaller = (g1, g2) if whites_larger else (g2, g1)
        # 2026 3.2.4 with 4.3; 1997 art. 7.3/7.4: each subgroup's shifters in the rules' order
        order_l = (self.rules.white_shifters if whites_larger else self.rules.black_shifters)(
            list(larger))
        order_s = (self.rules.black_shifters if whites_larger else self.rules.white_shifters)(
            list(smaller))
        # The first covering split, fewest moves first, found exactly (shifters.py); it is also
        # the best for C7 (2026 3.2.4): every covering split of the fewest moves has the same C7.
        split = first_split(ids, self.graph.barred, larger, smaller, order_l, order_s)
        if split is None:
            return None
        out_s, out_l = split
        new_l = [p for p in larger if p not in out_l] + list(out_s)
        new_s = [p for p in smaller if p not in out_s] + list(out_l)
        new_g1, new_g2 = (new_l, new_s) if whites_larger else (new_s, new_l)
        s1 = sorted(new_g1, key=self.rules.s1_key)
        return self._first_arrangement(s1, new_g2)

    def _first_arrangement(self, s1: list[DubovPlayer], g2: list[DubovPlayer]
                           ) -> list[tuple[int, int]] | None:
        """2026 3.2.6 / 4.4: the first transposition of G2 (lexicographic in the G2 order) with
        S1[i]-T2[i] legal for every i. 1997 art. 6.3: each White-seeker takes the first
        Black-seeker below that it has not met, changing the rows above when stuck - the same
        search, in the art. 6.2 order of the Black-seekers."""
        t2 = sorted(g2, key=self.rules.g2_key)
        left = [p.id for p in s1]
        if not left:
            return []
        # One witness assignment kept up to date, one breadth-first search per row, no
        # recursion (assignment.py).
        chosen = first_arrangement(left, [p.id for p in t2], self.graph.barred)
        if chosen is None:
            return None
        return list(zip(left, chosen, strict=True))


def id_list(ids: Iterable[int]) -> str:
    return " ".join(str(i) for i in ids) or "-"
