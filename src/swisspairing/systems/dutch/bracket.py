"""One bracket being paired: its data, the graph of the criteria rows and the matching
(the criteria are in :mod:`.criteria`, the generation order in :mod:`.generation`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ...errors import NoValidPairing
from ...matching import max_weight_matching
from .criteria import _CriteriaMixin, criteria_layout
from .generation import _GenerationMixin
from .players import PairingPlayer
from .weights import BYE, BYE_VERTEX, INTERNAL, NEXT, OTHER, _Levels

if TYPE_CHECKING:
    from .round import _Round


class _BracketContext(_CriteriaMixin, _GenerationMixin):
    """Weights and generation order for one bracket."""

    def __init__(self, rnd: _Round, bracket: list[PairingPlayer], mdps: set[int],
                 nxt: list[PairingPlayer] | None,
                 rest: list[PairingPlayer] | None):
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
        #: the criteria of this bracket's rows, in priority order (criteria.CRITERIA)
        self.layout = criteria_layout(rnd.rules.edition, self.complete, bool(self.nxt))
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


    # --- the graph -------------------------------------------------------------------------------
    def build(self, allowed: Callable[[PairingPlayer, PairingPlayer, int], bool] | None = None,
              order: Callable[[PairingPlayer, PairingPlayer, int], list[int]] | None = None,
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
