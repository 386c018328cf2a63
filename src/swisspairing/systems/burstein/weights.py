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
from .colours import misses_preference
from .criteria import Digits, multipliers
from .round import BursteinRound


def bracket_weights(rnd: BursteinRound, bracket: list[int], following: list[int],
                    below: list[int]) -> tuple[dict[tuple[int, int], int], Digits]:
    """Edge weights over the bracket B, the next scoregroup N and the rest L.

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
    for x, a in enumerate(everyone):
        ga = group[a]
        for c in everyone[x + 1:]:
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


def why_floats(rnd: BursteinRound, floater: int, bracket: list[int], following: list[int],
               below: list[int],
               matched: tuple[dict[int, int], dict[tuple[int, int], int], Digits] | None = None
               ) -> tuple[str, str, str]:
    """The criterion that made ``floater`` float: pair the round again by weights, once as the
    rules want (``matched``: :func:`matched_bracket`'s answer when the bracket was paired so)
    and once with ``floater`` forced to stay in the bracket, and see at which digit the best
    such pairing is worse."""
    mate, weights, digits = matched or matched_bracket(rnd, bracket, following, below)
    chosen = digit_values(mate, weights, digits)
    outside = set(following) | set(below)
    forced = {k: w for k, w in weights.items()
              if not ((k[0] == floater and k[1] in outside)
                      or (k[1] == floater and k[0] in outside))}
    forced_mate = max_weight_matching(bracket + following + below, forced)
    values = digit_values(forced_mate, forced, digits)  # type: ignore[arg-type]
    return digits.first_difference(values, chosen)
