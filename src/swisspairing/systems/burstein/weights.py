"""A bracket paired by one maximum-weight matching over the bracket *and every player below
it* (C4 completion, C7 look-ahead), whose integer edge weights hold the criteria of
:mod:`.criteria` as digits, highest priority first, and the order of 4.3 as the lowest digits.

This is the general method; :mod:`.ideal` finds the same pairing without it whenever an ideal
candidate reaches every bound, which is nearly always. It also says why a player floats (the
explanation), by pairing again with the floater kept in the bracket.
"""

from __future__ import annotations

from ...errors import NoValidPairing
from ...matching import max_weight_matching
from ...matching.bitsets import mask_of
from ...matching.gallai import missable
from .colours import misses_preference
from .criteria import Digits, multipliers
from .round import BursteinRound


def bracket_weights(rnd: BursteinRound, bracket: list[int], following: list[int],
                    below: list[int], *, below_edges: bool = True
                    ) -> tuple[dict[tuple[int, int], int], Digits]:
    """Edge weights over the bracket B, the next scoregroup N and the rest L (with
    ``below_edges`` False, only the edges inside B + N: those of L weigh the completion digit
    alone, and :func:`relaxed_bracket` does without them).

    Digits, highest priority first (each edge adds its share to each digit):

    1. every edge 1: the matching is perfect (C4, every player can still be paired);
    2. C5: edges inside B, the pairs of the bracket;
    3. C6: for each score of B (highest first), the players of B paired inside B: with a
       fixed number of floaters, the fewest floaters on the highest score, then the next,
       is the lexicographic minimum of the floaters' scores in descending order;
    4. C7: the following bracket (floaters of B + N): first the number of its pairs (B-N
       and N-N edges, its C5), then for each score of B + N the members it pairs (its C6);
       the rest of the perfect matching shows that its own C4 holds;
    5. C8: pairs of B in which both players get their colour preference;
    6. 4.3: the pairing of B as the sequence (opponent of BSN 1, of BSN 2, ...), floaters
       meeting BSN 0; the larger the earlier, so BSN i meeting BSN j adds j in the place
       of i (base n + 1), and j meeting i adds i in the place of j.
    """
    ps = rnd.players
    n = len(bracket)
    bsn = {pid: i for i, pid in enumerate(bracket, start=1)}
    group = {pid: 0 for pid in bracket}
    group.update({pid: 1 for pid in following})
    group.update({pid: 2 for pid in below})
    total = n + len(following) + len(below)
    b_levels = sorted({ps[i].score for i in bracket}, reverse=True)
    next_members = bracket + following
    next_levels = sorted({ps[i].score for i in next_members}, reverse=True)
    count_b = [sum(ps[i].score == s for i in bracket) for s in b_levels]
    count_next = [sum(ps[i].score == s for i in next_members) for s in next_levels]
    base43 = n + 1
    radices = [total // 2 + 1, n // 2 + 1, *(c + 1 for c in count_b),
               len(next_members) // 2 + 1, *(c + 1 for c in count_next), n // 2 + 1,
               base43 ** n]
    digits = Digits(radices, len(b_levels), len(next_levels))
    mults = multipliers(radices)
    place43 = {pid: base43 ** (n - i) for pid, i in bsn.items()}
    b_level = {pid: b_levels.index(ps[pid].score) for pid in bracket}
    next_level = {pid: next_levels.index(ps[pid].score) for pid in next_members}
    weights: dict[tuple[int, int], int] = {}
    everyone = bracket + following + below
    compatible = rnd.compatible
    among = everyone if below_edges else next_members
    for x, a in enumerate(among):
        ga = group[a]
        for c in among[x + 1:]:
            gc = group[c]
            if not compatible(a, c):
                continue
            w = mults[0]
            if ga == 0 and gc == 0:
                w += mults[1]
                w += mults[digits.c6 + b_level[a]] + mults[digits.c6 + b_level[c]]
                if not misses_preference(ps[a], ps[c]):
                    w += mults[digits.c8]
                w += bsn[c] * place43[a] + bsn[a] * place43[c]
            elif ga <= 1 and gc <= 1:  # B-N or N-N: a pair of the following bracket
                w += mults[digits.c7_pairs]
                w += mults[digits.c7 + next_level[a]] + mults[digits.c7 + next_level[c]]
            weights[(a, c)] = w
    return weights, digits


def matched_bracket(rnd: BursteinRound, bracket: list[int], following: list[int],
                    below: list[int]) -> tuple[dict[int, int], dict[tuple[int, int], int],
                                               Digits]:
    """The maximum-weight matching of everybody from ``bracket`` down, its weights and
    digits. NoValidPairing when it is not perfect (C4)."""
    weights, digits = bracket_weights(rnd, bracket, following, below)
    mate = max_weight_matching(bracket + following + below, weights)
    if len(mate) != len(bracket) + len(following) + len(below):
        raise NoValidPairing(f"round {rnd.round_number}: the remaining players cannot all "
                             "be paired (C4)")
    return mate, weights, digits  # type: ignore[return-value]


def digit_values(mate: dict[int, int], weights: dict[tuple[int, int], int],
                 digits: Digits) -> list[int]:
    """The value of each digit reached by a matching (the weight read in mixed radix)."""
    total = sum(w for (a, b), w in weights.items() if mate.get(a) == b)
    values = []
    for radix in reversed(digits.radices):
        total, digit = divmod(total, radix)
        values.append(digit)
    values.reverse()
    values[0] += total * digits.radices[0]
    return values


def demand_below(rnd: BursteinRound, below: list[int]) -> tuple[int, int]:
    """(``d``, ``D``) for the players ``below`` N (L): in every completion at least
    ``d = |L| - 2 nu(L)`` of them meet a player of B + N, and among them at least ``d`` are of
    ``D`` (a bit set), the players some maximum matching of L leaves alone (Gallai-Edmonds).

    The partners ``P`` in L of players of B + N leave ``L - P`` perfectly matched inside L, so
    ``nu(L) >= (|L| - |P|) / 2``. And L has ``|A| + d`` odd components in ``D`` (``A``: their
    neighbours in L), each of which, with no player in ``P``, needs a partner in ``A``: at least
    ``d`` of them hold a player of ``P``. ``D`` is the set of players reached from an exposed
    player of a maximum matching by an even alternating path: the outer players of one
    search from all of them at once (:func:`~swisspairing.matching.gallai.missable`; issue
    26: before, one search per exposed player)."""
    mate = rnd.matching(below)
    return len(below) - len(mate), missable(mask_of(below), rnd.barred, mate)


def worth_relaxing(below: list[int], demand: tuple[int, int]) -> bool:
    """Whether :func:`relaxed_bracket` is worth trying: L is big (the relaxation leaves it
    out) and has room for more players than it demands (else the players the relaxation sends
    down rarely fit, and the full matching is hardly bigger). A matter of speed only: the
    relaxation's answer is used only when it is proved to be the weights' one."""
    return len(below) >= MIN_RELAXED_BELOW and 3 * (len(below) - demand[0]) >= len(below)


#: below this many players under the following scoregroup, :func:`weighed_bracket` runs the
#: full matching at once (a matter of speed, not a rule)
MIN_RELAXED_BELOW = 8


def relaxed_bracket(rnd: BursteinRound, bracket: list[int], following: list[int],
                    below: list[int], inner: dict[tuple[int, int], int], digits: Digits,
                    demand: tuple[int, int], kept: int | None = None
                    ) -> tuple[dict[int, int], dict[tuple[int, int], int]] | None:
    """The maximum-weight matching of :func:`matched_bracket` (with ``kept``: of
    :func:`why_floats`' pairing with ``kept`` forced to stay in the bracket) found without the
    players below N, or None when that cannot be proved. ``inner``: the weights of the edges
    inside B + N (:func:`bracket_weights` with ``below_edges`` False); ``demand``:
    :func:`demand_below`. Returns a perfect matching of everybody from the bracket down and
    the weights of its edges that ``inner`` lacks (they touch L).

    The relaxation: every edge touching L weighs the completion digit alone (``W0``), so a
    perfect matching is worth ``W0 |V| / 2`` plus what its edges inside B + N add to the lower
    digits (C5-C8, 4.3). Keep B + N and add ``demand`` vertices, each joined (weight ``W0``) to
    every player of B + N who may meet some player of L (not ``kept``); inside B + N each edge
    weighs its weight minus ``W0``. Any perfect matching of the round gives a matching of this
    graph worth ``W0 demand`` plus its own lower digits: the players of B + N it sends into L
    are at least ``demand`` (:func:`demand_below`), and each may meet a player of L, so
    ``demand`` of them can take the added vertices. (A higher digit outweighs all lower ones
    together, so the added vertices all matched come first.) So the relaxation's maximum is at
    least the round's. When the relaxation's maximum matching covers the added vertices and
    the players it leaves (unmatched or on an added vertex) can all be paired with L, never two
    of them together (C4), that matching plus the completion is a perfect matching of the
    round worth the relaxation's maximum: a maximum of the round, with the same bracket
    pairing as any other (the 4.3 digits name the opponent of every BSN). Proof in
    ``docs/burstein.md``, "The weights without the players below"."""
    top = bracket + following
    w0 = multipliers(digits.radices)[0]
    outside = set(following) | set(below)
    edges = {k: w - w0 for k, w in inner.items()
             if kept is None or not ((k[0] == kept and k[1] in outside)
                                     or (k[1] == kept and k[0] in outside))}
    count, exposable = demand
    added = [-1 - k for k in range(count)]  # players' ids are positive
    for v in top:
        if v != kept and exposable & ~rnd.barred[v]:
            for x in added:
                edges[(v, x)] = w0
    mate = max_weight_matching(top + added, edges)
    if any(x not in mate for x in added):
        return None
    down = [v for v in top if mate.get(v, 0) <= 0]
    if kept in down:
        return None
    completion = rnd.matching(down + below)
    if len(completion) != len(down) + len(below):
        return None
    down_set = set(down)
    if any(completion[v] in down_set for v in down):
        return None  # two players of B + N paired together: not the relaxation's matching
    full = {v: m for v, m in mate.items() if v > 0 and m > 0}  # type: ignore[operator]
    full.update(completion)
    extra = {(a, b): w0 for a, b in completion.items() if a < b}
    return full, extra  # type: ignore[return-value]


def weighed_bracket(rnd: BursteinRound, bracket: list[int], following: list[int],
                    below: list[int]) -> tuple[dict[int, int], dict[tuple[int, int], int],
                                               Digits]:
    """:func:`matched_bracket`'s bracket pairing, by :func:`relaxed_bracket` when it is worth
    trying and proves its answer, else by the full matching. The weights returned hold every
    edge of the matching returned (for :func:`digit_values`)."""
    demand = demand_below(rnd, below)
    if worth_relaxing(below, demand):
        inner, digits = bracket_weights(rnd, bracket, following, below, below_edges=False)
        found = relaxed_bracket(rnd, bracket, following, below, inner, digits, demand)
        if found is not None:
            mate, extra = found
            inner.update(extra)
            return mate, inner, digits
    return matched_bracket(rnd, bracket, following, below)


def why_floats(rnd: BursteinRound, floater: int, bracket: list[int], following: list[int],
               below: list[int],
               matched: tuple[dict[int, int], dict[tuple[int, int], int], Digits] | None = None
               ) -> tuple[str, str, str]:
    """The criterion that made ``floater`` float: pair the round again by weights, once as the
    rules want (``matched``: :func:`weighed_bracket`'s or :func:`matched_bracket`'s answer
    when the bracket was paired so) and once with ``floater`` forced to stay in the bracket,
    and see at which digit the best such pairing is worse. The forced pairing is found by
    :func:`relaxed_bracket` when it proves its answer, else by the full matching."""
    mate, weights, digits = matched or weighed_bracket(rnd, bracket, following, below)
    chosen = digit_values(mate, weights, digits)
    top = set(bracket) | set(following)
    demand = demand_below(rnd, below)
    if worth_relaxing(below, demand):
        inner = {k: w for k, w in weights.items() if k[0] in top and k[1] in top}
        found = relaxed_bracket(rnd, bracket, following, below, inner, digits, demand,
                                kept=floater)
        if found is not None:
            forced_mate, extra = found
            values = digit_values(forced_mate, {**inner, **extra}, digits)
            return digits.first_difference(values, chosen)
    full, _ = bracket_weights(rnd, bracket, following, below)
    outside = set(following) | set(below)
    forced = {k: w for k, w in full.items()
              if not ((k[0] == floater and k[1] in outside)
                      or (k[1] == floater and k[0] in outside))}
    forced_mate = max_weight_matching(bracket + following + below, forced)
    values = digit_values(forced_mate, forced, digits)  # type: ignore[arg-type]
    return digits.first_difference(values, chosen)
