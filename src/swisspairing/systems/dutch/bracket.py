"""One bracket being paired: its data (:class:`Bracket`, a plain object), the graph of the
criteria rows and the matching (:func:`build`, :func:`match`). The rows are computed by the
functions of :mod:`.criteria`, the generation order by those of :mod:`.generation`; each takes
the bracket as its first argument."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ...errors import NoValidPairing
from ...matching import max_weight_matching
from . import criteria as dutch_criteria
from .criteria import CriteriaLayout, criteria_layout
from .players import PairingPlayer
from .weights import BYE, BYE_VERTEX, INTERNAL, NEXT, OTHER, Levels

if TYPE_CHECKING:
    from .round import PairingRound

#: what decides whether a pair (or, with ``BYE``, a player and the bye) may be in a graph
PairRule = Callable[[PairingPlayer, PairingPlayer, int], bool]
#: the order digits appended to the criteria of a pair (B.6/B.7, D.1-D.3)
OrderDigits = Callable[[PairingPlayer, PairingPlayer, int], list[int]]


@dataclass(eq=False)
class Bracket:
    """One bracket being paired (A.3): its players, the players its graph may also hold (the
    following scoregroup for the look-ahead of C.7 / [C8] / 2012 C1, every lower player when
    the bracket must complete the round), the numbers its criteria rows are made of, and the
    rows already computed. Made by :func:`open_bracket`."""

    rnd: PairingRound
    #: the players of the bracket in A.2 order (MDPs and residents)
    players: list[PairingPlayer]
    #: the moved-down players (MDPs); empty for a homogeneous bracket (2012 A3 included)
    mdp_ids: set[int]
    #: residents of the following bracket, in the graph for the look-ahead ([] otherwise)
    nxt: list[PairingPlayer]
    #: every lower player when the bracket must complete the round (C.4 / [C4] / 2012 A9);
    #: [] for the last bracket; None when it need not complete it
    rest: list[PairingPlayer] | None
    layout: CriteriaLayout
    in_bracket: set[int]
    next_ids: set[int]
    complete: bool
    #: the lowest score of the bracket and of the following one (A.8 artificial differences)
    low: int
    low_next: int
    by_id: dict[int, PairingPlayer]
    #: bracket sequence numbers (B.2): position in the bracket
    bsn: dict[int, int]
    #: PSD values (A.8) are compared as sorted lists: each distinct difference gets a power of
    #: a base larger than the number of elements of any list
    base: int
    diff_rank: dict[int, int]
    fmax: int
    score_rank: dict[int, int]
    max_unplayed: int
    size: int
    #: players fixed by the MDP-pairing, left out of the remainder's matchings (B.7)
    fixed_ids: frozenset[int] = frozenset()
    last_mate: dict[int, int] = field(default_factory=dict)
    #: 2025 [C9] is judged (a bracket that downfloats exactly one player, who gets the PAB)
    c9: bool = False
    #: the matching that fixed the MDP-pairing (B.7 / D.3), best by quality
    mdp_mate: dict[int, int] | None = None
    #: per-player parts of the edge criteria, and the rows of the bracket's own pairs (the
    #: same in every matching of the bracket)
    unpaired_costs: dict[int, list[int]] = field(default_factory=dict)
    unpaired_2025: dict[int, list[int]] = field(default_factory=dict)
    psd_parts: dict[int, int] = field(default_factory=dict)
    internal_rows: dict[tuple[int, int], list[int]] = field(default_factory=dict)
    player_vectors: dict[int, tuple[list[int], list[int]]] = field(default_factory=dict)
    quality_weights_cache: tuple[list[int], dict[tuple[int, int], int]] | None = None
    #: 2012 rows of the bracket's own pairs by the two players' types (``criteria_2012``)
    rows_by_type: dict[tuple[object, ...], list[int]] = field(default_factory=dict)


def open_bracket(rnd: PairingRound, players: list[PairingPlayer], mdps: set[int],
                 nxt: list[PairingPlayer] | None, rest: list[PairingPlayer] | None) -> Bracket:
    """The bracket of ``players`` (A.2 order) whose moved-down players are ``mdps``, with the
    following scoregroup ``nxt`` in its graph (look-ahead) and, when ``rest`` is not None,
    every lower player (the bracket must complete the round)."""
    if rnd.rules.edition == 2012 and mdps and 2 * len(mdps) >= len(players):
        # 2012 A3: a heterogeneous bracket with at least 50 % moved-down players is
        # treated as homogeneous (its players may all meet each other)
        mdps = set()
    nxt = nxt or []
    complete = rest is not None
    low = min(p.score for p in players)
    low_next = min((p.score for p in nxt), default=0)
    by_id = {p.id: p for p in players}
    for p in nxt:
        by_id[p.id] = p
    for p in rest or []:
        by_id[p.id] = p
    base = len(players) + len(nxt) + 2
    # (over the distinct scores: the same values without a pass over every pair)
    scores_here = {p.score for p in players}
    diffs = {abs(a - b) for a in scores_here for b in scores_here}
    diffs |= {a - (low - 10) for a in scores_here}
    if nxt:
        scores_next = {p.score for p in nxt}
        diffs |= {abs(a - b) for a in scores_here | scores_next for b in scores_next}
        diffs |= {a - (low_next - 10) for a in scores_here | scores_next}
    diff_rank = {d: i for i, d in enumerate(sorted(diffs))}
    scores = sorted(scores_here | {p.score for p in nxt})
    return Bracket(
        rnd=rnd, players=players, mdp_ids=mdps, nxt=nxt, rest=rest,
        layout=criteria_layout(rnd.rules.edition, complete, bool(nxt)),
        in_bracket={p.id for p in players}, next_ids={p.id for p in nxt}, complete=complete,
        low=low, low_next=low_next, by_id=by_id,
        bsn={p.id: i for i, p in enumerate(players)},
        base=base, diff_rank=diff_rank, fmax=base ** (len(diff_rank) - 1),
        score_rank={sc: i for i, sc in enumerate(scores)},
        max_unplayed=max((p.unplayed for p in players), default=0), size=len(players),
    )


# --- the graph -----------------------------------------------------------------------------------
def build(ctx: Bracket, allowed: PairRule | None = None, order: OrderDigits | None = None,
          exclude: frozenset[int] = frozenset(),
          ) -> tuple[list[int], dict[tuple[int, int], int]]:
    """The vertices and integer edge weights of the bracket's graph: the criteria rows of
    :func:`.criteria.edge_row`, then the ``order`` digits, as one mixed-radix number per edge
    (``docs/dutch.md`` section 2); ``allowed`` removes edges, ``exclude`` vertices."""
    rnd = ctx.rnd
    vertices = list(ctx.players)
    if ctx.nxt:
        vertices += ctx.nxt
    if ctx.rest:
        vertices += [p for p in ctx.rest if p.id not in ctx.next_ids]
    if exclude:
        vertices = [p for p in vertices if p.id not in exclude]
    levels = Levels()
    rows = levels.rows
    n = len(vertices)
    order_width = len(order(vertices[0], vertices[0], OTHER)) if order is not None else 0
    # edge kinds: INTERNAL a pair of this bracket (never two MDPs: B.3); NEXT a pair of
    # the following bracket (C.7 / [C8]); OTHER a pair further down (completion only).
    # Compatibility and the cached rows are looked up inline (hot path).
    in_bracket, next_ids, mdp_ids = ctx.in_bracket, ctx.next_ids, ctx.mdp_ids
    complete, cache, internal_rows = ctx.complete, rnd._compat, ctx.internal_rows
    compatible, edge_row = rnd._compatible, dutch_criteria.edge_row
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
                vals = edge_row(ctx, u, v, kind)
            rows[(uid, vid)] = vals + order(u, v, kind) if order is not None else vals
    ids = [p.id for p in vertices]
    if ctx.complete and len(vertices) % 2:
        ids.append(BYE_VERTEX)
        for p in vertices:
            if p.bye_ok and (allowed is None or allowed(p, p, BYE)):
                levels.set((p.id, BYE_VERTEX), edge_row(ctx, p, p, BYE) + [0] * order_width)
    return ids, levels.weights(max(1, (n + 1) // 2))


def match(ctx: Bracket, allowed: PairRule | None = None, order: OrderDigits | None = None
          ) -> dict[int, int]:
    """The maximum-weight matching of the bracket's graph (without the players fixed by the
    MDP-pairing); a bracket that must complete the round and cannot: NoValidPairing (C.4)."""
    ids, weights = build(ctx, allowed=allowed, order=order, exclude=ctx.fixed_ids)
    mate = max_weight_matching(ids, weights)
    ctx.last_mate = mate
    if ctx.complete and len(mate) != len(ids):
        raise NoValidPairing("no pairing completes the round (C.4)")
    return mate  # type: ignore[return-value]
