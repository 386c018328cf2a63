"""Dutch 2017/2025: brackets whose best candidate needs no search.

A candidate that pairs the most players and meets every quality criterion in full (no colour
preference missed, nobody floating again) cannot be beaten by any other candidate (B.8 compares
criterion by criterion, and it is at the best value of each). Among such candidates B.8 takes the
one generated first (B.6/B.7, D.1-D.3); when one exists without exchange, the first is found by
giving each S1 player in turn the first S2 player it may take. No weighted matching is needed:
this is what pairs round 1 of a large open, and the large brackets of the early rounds, in the
time of reading the file. The proof is in ``docs/dutch.md`` section 8, "ideal candidates".

Scope (anything else returns None and the bracket is paired by the matchings of ``dutch.py``):

* the 2017 and 2025 texts (2012 has its own digits: B2, A7.d, D4);
* the bracket is paired without the following scoregroup (the look-ahead of C.7 / [C8] is judged
  afterwards by ``_Round.lookahead_ideal``) and is not a PPB: it either leaves its downfloaters
  to the next bracket or is the last bracket (C.4 / [C4]: the one left over gets the PAB);
* its residents share one score (a scoregroup; not the 2017 collapsed last bracket of A.9), and
  there are no more MDPs than residents.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..matching import lexicographic_bipartite_matching, max_cardinality_matching
from ..model.state import Float

if TYPE_CHECKING:
    from .dutch import DP, _BracketContext

#: ``_BracketContext.colour_gains`` counts, for each of C.8-C.11 ([C10]-[C13] in 2025), the
#: players of the pair who do not miss it: both players meet all four criteria.
COLOUR_CRITERIA_MET = [2, 2, 2, 2]

#: stand-in left vertex of an odd bracket: it "takes" the S2 player left unpaired (B.6: with an
#: odd number of players, S2 has one more player than S1), which must be an ideal downfloater.
LEFT_OVER = -2

Pairs = list[tuple["DP", "DP"]]


def ideal_candidate(ctx: _BracketContext) -> tuple[Pairs, list[DP]] | None:
    """The first candidate of the generation order among those that meet every quality criterion
    of the bracket in full with the most pairs; None when this cannot be shown cheaply.

    Returns (pairs, downfloaters) as ``_BracketContext.run`` would.
    """
    rnd = ctx.rnd
    if rnd.rules.edition < 2017 or ctx.nxt or ctx.rest:
        return None
    bracket = ctx.bracket
    mdps = [p for p in bracket if p.id in ctx.mdp_ids]
    residents = [p for p in bracket if p.id not in ctx.mdp_ids]
    if not residents or len(mdps) > len(residents):
        return None
    if any(p.score != residents[0].score for p in residents):
        return None  # 2017 A.9 collapsed last bracket: residents of several scores
    receives_bye = ctx.complete  # the last bracket: its player left over gets the PAB (C.2)
    lowest_unplayed = min((p.unplayed for p in bracket if p.bye_ok), default=0)

    def pair_meets_criteria(a: DP, b: DP) -> bool:
        """``a`` (an MDP or a resident) with the resident ``b``: allowed (C.1, C.3) and at the
        best value of every pair criterion."""
        if not rnd.compatible(a, b):
            return False
        # C.8-C.11 / [C10]-[C13]: nobody of the pair misses a colour criterion (E.1-E.5 decide)
        if ctx.colour_gains(a, b) != COLOUR_CRITERIA_MET:
            return False
        # C.13, C.15, C.17, C.19 / [C15], [C17], [C19], [C21]: an MDP's opponent floats up; it
        # must not have floated up one or two rounds before. (The MDP's own downfloat costs the
        # same with any resident: residents share one score.) Two residents float nobody (A.4).
        return a.score == b.score or not (b.float1 is Float.UP or b.float2 is Float.UP)

    def downfloater_meets_criteria(p: DP) -> bool:
        """A resident left unpaired at the best value of every downfloater criterion."""
        # C.12, C.14, C.16, C.18 / [C14], [C16]: no downfloat one or two rounds before
        if p.float1 is Float.DOWN or p.float2 is Float.DOWN:
            return False
        if receives_bye:
            if not p.bye_ok:  # C.2 / [C2]
                return False
            # [C9] (2025): the PAB receiver has the fewest unplayed games possible
            if rnd.rules.edition >= 2025 and p.unplayed > lowest_unplayed:
                return False
        return True

    # B.7 / D.3 / D.1: the MDP-pairing. Every MDP is paired (C.5, then C.6 / [C7]: a resident
    # left over has a lower SD / score than any MDP); the first MDP-pairing in D.1 order gives
    # each MDP in turn the first resident it may take. When that choice cannot be completed
    # ideally (a later MDP-pairing might be), the shortcut gives up.
    fixed: Pairs = []
    free = list(residents)
    for m in mdps:
        k = next((k for k, r in enumerate(free) if pair_meets_criteria(m, r)), -1)
        if k < 0:
            return None
        fixed.append((m, free.pop(k)))
    # B.6 on the remainder (B.7 note: S1R and S2R are formed after the MDP-pairing)
    half = len(free) // 2
    s1, s2 = free[:half], free[half:]
    if receives_bye and len(free) % 2 and not any(p.bye_ok for p in s2):
        return None
    chosen = first_assignment(s1, s2, pair_meets_criteria, downfloater_meets_criteria)
    if chosen is None:
        return None
    pairs = fixed + chosen
    paired = {p.id for pair in pairs for p in pair}
    return pairs, [p for p in bracket if p.id not in paired]


def first_assignment(s1: list[DP], s2: list[DP], pair_ok: Callable[[DP, DP], bool],
                     left_over_ok: Callable[[DP], bool]) -> Pairs | None:
    """D.1: the first transposition of S2 (lexicographic S2 order, the partner of the first S1
    player first) that pairs every S1 player with an S2 player by ``pair_ok`` and, when S2 has
    one more player, leaves over one with ``left_over_ok``; None if there is none.

    Greedy first: each S1 player takes the first S2 player still free. When that completes, it
    is the first such transposition (every choice was the least one possible). Otherwise the
    exact search: a complete assignment, then :func:`lexicographic_bipartite_matching`.
    """
    if len(s2) - len(s1) not in (0, 1):
        return None
    free = list(s2)
    pairs: Pairs = []
    for a in s1:
        k = next((k for k, b in enumerate(free) if pair_ok(a, b)), -1)
        if k < 0:
            break
        pairs.append((a, free.pop(k)))
    else:
        if all(left_over_ok(b) for b in free):
            return pairs
    # exact search on the graph of allowed pairs (the stand-in LEFT_OVER last: it takes the
    # S2 player left unpaired once every S1 player has the partner D.1 wants)
    left = [a.id for a in s1]
    adj: dict[int, list[int]] = {a.id: [b.id for b in s2 if pair_ok(a, b)] for a in s1}
    if len(s2) > len(s1):
        left.append(LEFT_OVER)
        adj[LEFT_OVER] = [b.id for b in s2 if left_over_ok(b)]
    graph: dict[int, list[int]] = {v: list(nb) for v, nb in adj.items()}
    for b in s2:
        graph[b.id] = []
    for v, nb in adj.items():
        for b in nb:
            graph[b].append(v)
    mate = max_cardinality_matching(graph.keys(), graph)
    if any(v not in mate for v in left):
        return None
    chosen = lexicographic_bipartite_matching(left, adj, {v: mate[v] for v in left}, set())
    if chosen is None:  # pragma: no cover - mate is such a matching
        return None
    by_id = {p.id: p for p in s2}
    return [(a, by_id[chosen[a.id]]) for a in s1]
