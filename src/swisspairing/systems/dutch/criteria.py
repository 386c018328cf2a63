"""The quality criteria of each edition, as named data and as the per-edge rows of the matching
weights: 2012 A11 order (B2, A7.d, B4, B5, B6, D4), 2016/2017 C.4-C.19, 2025 [C4]-[C21].

:data:`CRITERIA` lists, per edition, every criterion that has a digit in the weights, highest
priority first, each citing its rule. A bracket uses the entries that apply to it (the
completion criterion only when the bracket must complete the round, the look-ahead only when a
following bracket is paired with it): :func:`criteria_layout` gives the position of each named
criterion in the rows of that bracket, so that "where is C.12" is ``layout.index["C.12"]``.
"""

from __future__ import annotations

import operator
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from ...model import Colour
from ...model.state import Float
from .colours import allocate_colours, colour_misses
from .players import ABSOLUTE, STRONG, PairingPlayer
from .weights import BYE, INTERNAL, NEXT

if TYPE_CHECKING:
    from .bracket import Bracket

#: when a criterion has a digit: always, only in a bracket that must complete the round (C.4,
#: [C4], 2012 A9), or only when the following bracket is paired with it (look-ahead)
ALWAYS, COMPLETING, LOOKAHEAD = "always", "completing", "lookahead"


@dataclass(frozen=True)
class Criterion:
    """One quality criterion of an edition: its label in the rules and what it asks."""

    name: str
    rule: str
    when: str = ALWAYS


CRITERIA_2012: tuple[Criterion, ...] = (
    Criterion("A9", "the round is completed (lowest bracket, PPB)", COMPLETING),
    Criterion("P", "the most pairs (A6.b P0 / C1 / C14 lower P1 only when needed)"),
    Criterion("B3", "the closest scores in the pairs; D4 in the lowest bracket: the smallest "
                    "sum of squared score differences"),
    Criterion("C1 next", "the players moved down can be paired in the next bracket", LOOKAHEAD),
    Criterion("C12 next", "while C12 pairs the bracket again: every pair of the next bracket",
              LOOKAHEAD),
    Criterion("B2", "two players with the same absolute colour preference do not meet "
                    "(relaxed last, C10g)"),
    Criterion("A7.d", "odd rounds: strong preferences count as absolute"),
    Criterion("B4", "the most colour preferences granted (A8 X)"),
    Criterion("A8 Z", "even rounds: the most strong colour preferences granted"),
    Criterion("B5 down", "no downfloat as in the previous round"),
    Criterion("B6 down", "no downfloat as two rounds before"),
    Criterion("B5 up", "no upfloat as in the previous round"),
    Criterion("B6 up", "no upfloat as two rounds before"),
)

CRITERIA_2017: tuple[Criterion, ...] = (
    Criterion("C.4", "the round can be completed (PPB, CLB, last bracket)", COMPLETING),
    Criterion("C.5", "the most pairs"),
    Criterion("C.6", "the smallest PSD (A.8)"),
    Criterion("C.7 pairs", "the most pairs in the following bracket", LOOKAHEAD),
    Criterion("C.7 PSD", "the smallest PSD in the following bracket", LOOKAHEAD),
    Criterion("C.8", "last round, topscorers: fewest colour differences beyond +2/-2"),
    Criterion("C.9", "last round, topscorers: fewest same colour three times in a row"),
    Criterion("C.10", "fewest players without their colour preference"),
    Criterion("C.11", "fewest players without their strong colour preference"),
    Criterion("C.12", "fewest downfloaters who floated down in the previous round"),
    Criterion("C.13", "fewest upfloaters who floated up in the previous round"),
    Criterion("C.14", "fewest downfloaters who floated down two rounds before"),
    Criterion("C.15", "fewest upfloaters who floated up two rounds before"),
    Criterion("C.16", "smallest SDs of downfloaters who floated down in the previous round"),
    Criterion("C.17", "smallest SDs of upfloaters who floated up in the previous round"),
    Criterion("C.18", "smallest SDs of downfloaters who floated down two rounds before"),
    Criterion("C.19", "smallest SDs of upfloaters who floated up two rounds before"),
)

CRITERIA_2025: tuple[Criterion, ...] = (
    Criterion("C4", "the round can be completed", COMPLETING),
    Criterion("C6", "the most pairs (fewest downfloaters)"),
    Criterion("C7", "the lowest scores for the downfloaters"),
    Criterion("C8 pairs", "the most pairs in the following bracket", LOOKAHEAD),
    Criterion("C8 scores", "the lowest scores for the following bracket's downfloaters",
              LOOKAHEAD),
    Criterion("C9", "the PAB receiver with the fewest unplayed games (bracket floating one "
                    "player, who gets the PAB)"),
    Criterion("C10", "last round, topscorers: fewest colour differences beyond +2/-2"),
    Criterion("C11", "last round, topscorers: fewest same colour three times in a row"),
    Criterion("C12", "fewest players without their colour preference"),
    Criterion("C13", "fewest players without their strong colour preference"),
    Criterion("C14", "fewest resident downfloaters who floated down in the previous round"),
    Criterion("C15", "fewest MDP opponents who floated up in the previous round"),
    Criterion("C16", "fewest resident downfloaters who floated down two rounds before"),
    Criterion("C17", "fewest MDP opponents who floated up two rounds before"),
    Criterion("C18", "smallest score differences of MDPs who floated down in the previous "
                     "round"),
    Criterion("C19", "smallest score differences of MDP opponents who floated up in the "
                     "previous round"),
    Criterion("C20", "smallest score differences of MDPs who floated down two rounds before"),
    Criterion("C21", "smallest score differences of MDP opponents who floated up two rounds "
                     "before"),
)

#: the quality criteria of each edition that have a digit in the weights, highest priority
#: first (2025 [C5] restricts the bye candidates before the brackets are paired: no digit)
CRITERIA: dict[int, tuple[Criterion, ...]] = {
    2012: CRITERIA_2012,
    2017: CRITERIA_2017,
    2025: CRITERIA_2025,
}

#: the colour-preference criteria (preference, strong preference) of 2017 and 2025
COLOUR_PREFERENCE_CRITERIA: dict[int, tuple[str, str]] = {
    2017: ("C.10", "C.11"),
    2025: ("C12", "C13"),
}


@dataclass(frozen=True)
class CriteriaLayout:
    """The criteria of one bracket's rows, in priority order, and the position of each."""

    criteria: tuple[Criterion, ...]
    index: dict[str, int]

    @property
    def width(self) -> int:
        return len(self.criteria)


@cache
def criteria_layout(edition: int, completing: bool, lookahead: bool) -> CriteriaLayout:
    """The criteria of ``edition`` that a bracket's rows hold: those that always apply, the
    completion one when the bracket must complete the round, the look-ahead when the following
    bracket is paired with it."""
    wanted = {ALWAYS} | ({COMPLETING} if completing else set()) | (
        {LOOKAHEAD} if lookahead else set())
    chosen = tuple(c for c in CRITERIA[edition] if c.when in wanted)
    return CriteriaLayout(chosen, {c.name: i for i, c in enumerate(chosen)})


# --- value of one SD in a lexicographic PSD ------------------------------------------------
def psd_value(ctx: Bracket, sd: int) -> int:
    """A.8: the weight of one score difference in a PSD compared as a sorted list: a power
    of a base larger than any list, one power per distinct difference."""
    return ctx.base ** ctx.diff_rank[sd]


def psd_part(ctx: Bracket, p: PairingPlayer) -> int:
    """What p's being a downfloater weighs in the PSD (A.8; cached per player)."""
    x = ctx.psd_parts.get(p.id)
    if x is None:
        x = ctx.psd_parts[p.id] = psd_value(ctx, downfloat_sd(ctx, p))
    return x


def downfloat_sd(ctx: Bracket, p: PairingPlayer) -> int:
    """A.8: SD of a downfloater: its score minus one point less than the bracket's lowest."""
    return p.score - (ctx.low - 10)


def downfloat_sd_next(ctx: Bracket, p: PairingPlayer) -> int:
    """C.7: SD of a downfloater of the following bracket (the look-ahead)."""
    return p.score - (ctx.low_next - 10)


# --- criteria of one edge ------------------------------------------------------------------
def edge_row(ctx: Bracket, u: PairingPlayer, v: PairingPlayer, kind: int) -> list[int]:
    """Gains of an edge for the criteria of the edition, highest priority first."""
    if kind == INTERNAL:
        key = (u.id, v.id)
        row = ctx.internal_rows.get(key)
        if row is None:
            row = fast_row(ctx, u, v)
            if row is None:
                row = typed_row(ctx, u, v)
            ctx.internal_rows[key] = row
        return row
    if kind == NEXT and ctx.rnd.rules.edition >= 2017:
        return next_row(ctx, u, v)
    return edition_row(ctx, u, v, kind)


def next_row(ctx: Bracket, u: PairingPlayer, v: PairingPlayer) -> list[int]:
    """The row of a pair of the following bracket (2017 C.7, 2025 [C8]; kind NEXT) made once
    per pair of scores (issue 26, ``docs/dutch.md`` 8.21 (c)): :func:`criteria_2017` reads
    of the two players their scores alone (C.7 pairs 1, C.7 PSD from
    :func:`downfloat_psd_next` and the difference of the scores), :func:`criteria_2025` too
    ([C8] pairs 1, [C8] scores from :func:`score_weight`); the rest (C.4 / [C4]) is the
    bracket's. Symmetric in ``u`` and ``v``. A copy is returned: callers own their rows."""
    a, b = u.score, v.score
    key = ("next", a, b) if a <= b else ("next", b, a)
    row = ctx.rows_by_type.get(key)
    if row is None:
        row = ctx.rows_by_type[key] = edition_row(ctx, u, v, NEXT)
    return list(row)


def typed_row(ctx: Bracket, u: PairingPlayer, v: PairingPlayer) -> list[int]:
    """The row of a pair of the bracket (:func:`edition_row`, kind INTERNAL), made once per
    pair of player types (issue 26, ``docs/dutch.md`` 8.21). Outside the topscorer colour
    rule of the last round (C.8/C.9 / [C10]/[C11] read colour histories), what
    :func:`criteria_2017` and :func:`criteria_2025` read of a player is his score (C.6 / the
    PSD, C.7 / [C7], [C8], the score differences of C.12-C.19 / [C14]-[C21]), his colour
    preference and its strength (C.10/C.11 / [C12]/[C13] by :func:`colour_misses`), his two
    earlier floats (C.12-C.19 / [C14]-[C21]) and, in 2025, whether he is an MDP
    (:func:`float_gains_2025`, :func:`unpaired_2025_of`); of the pair, which one ranks
    higher (``hi``, ``lo``). So two pairs whose higher- and lower-ranked players have the
    same types have the same row; the rest of the arguments is the bracket's. (2012 does the
    same in :func:`criteria_2012`.) A copy is returned: callers own their rows."""
    edition = ctx.rnd.rules.edition
    if edition < 2017 or (ctx.rnd.last_round and (u.topscorer or v.topscorer)):
        return edition_row(ctx, u, v, INTERNAL)
    hi, lo = (u, v) if u.rank < v.rank else (v, u)
    mdp_ids = ctx.mdp_ids
    key = ("2017+", hi.score, hi.pref, hi.strength, hi.float1, hi.float2, hi.id in mdp_ids,
           lo.score, lo.pref, lo.strength, lo.float1, lo.float2, lo.id in mdp_ids)
    row = ctx.rows_by_type.get(key)
    if row is None:
        row = ctx.rows_by_type[key] = edition_row(ctx, u, v, INTERNAL)
    return list(row)


def fast_row(ctx: Bracket, u: PairingPlayer, v: PairingPlayer) -> list[int] | None:
    """The row of :func:`criteria_2017` / :func:`criteria_2025` for the commonest pair (equal
    scores, no look-ahead, no completion, no topscorer colour rule) as the sum of two
    per-player vectors: with equal scores the pair floats nobody and its SD is 0, so every
    digit but the colour ones is a constant plus one term per player."""
    edition = ctx.rnd.rules.edition
    if (u.score != v.score or ctx.nxt or ctx.complete or edition < 2017
            or (ctx.rnd.last_round and (u.topscorer or v.topscorer))):
        return None
    vec = ctx.player_vectors.get(u.id)
    if vec is None:
        vec = _player_vectors(ctx, u)
    other = ctx.player_vectors.get(v.id)
    if other is None:
        other = _player_vectors(ctx, v)
    row = list(map(operator.add, vec[0], other[1]))
    miss, strong = colour_misses(u, v)  # C.10/C.11 (2017), [C12]/[C13] (2025)
    preference, strong_preference = COLOUR_PREFERENCE_CRITERIA[edition]
    index = ctx.layout.index
    row[index[preference]] -= miss
    row[index[strong_preference]] -= strong
    return row


def _player_vectors(ctx: Bracket, p: PairingPlayer) -> tuple[list[int], list[int]]:
    """(constants + p's terms, p's terms) of :func:`fast_row`, one entry per criterion of
    the bracket's layout (no completion, no look-ahead): 2025 C6, C7, C9, C10-C13, C14-C21;
    2017 C.5, C.6, C.8-C.11, C.12-C.19."""
    top = ctx.fmax
    if ctx.rnd.rules.edition >= 2025:
        own = [0, score_weight(ctx, p), 0, 0, 0, 0, 0, *unpaired_2025_of(ctx, p)]
        const = [1, 0, 0, 2, 2, 2, 2, 1, 1, 1, 1, top, top, top, top]
    else:
        own = [0, psd_part(ctx, p), 0, 0, 0, 0, *float_costs_unpaired(ctx, p)]
        const = [1, -psd_value(ctx, 0), 2, 2, 2, 2, 1, 1, 1, 1, top, top, top, top]
    out = ([c + x for c, x in zip(const, own, strict=True)], own)
    ctx.player_vectors[p.id] = out
    return out


def edition_row(ctx: Bracket, u: PairingPlayer, v: PairingPlayer, kind: int) -> list[int]:
    """The row of the edition's criteria for the edge u-v of this kind (2012, 2017, 2025)."""
    if ctx.rnd.rules.edition >= 2025:
        return criteria_2025(ctx, u, v, kind)
    if ctx.rnd.rules.edition == 2012:
        return criteria_2012(ctx, u, v, kind)
    return criteria_2017(ctx, u, v, kind)


def criteria_2012(ctx: Bracket, u: PairingPlayer, v: PairingPlayer, kind: int) -> list[int]:
    """2012 text (A11 quality order): pairs (P, M1), closeness of scores (B3), colour
    preferences (X, then Z: strong ones), then the float rules in the reverse of the C10
    relaxation order: B5 and B6 for downfloaters, then B5 and B6 for upfloaters.

    The row of a pair of the bracket depends only on the two players' types (score, colour
    preference and strength, the floats of the two previous rounds; the higher-ranked first),
    outside the topscorer colour rule of the last round: it is computed once per pair of
    types (``docs/dutch.md`` section 8.3 (b))."""
    if kind == INTERNAL and not (ctx.rnd.last_round and (u.topscorer or v.topscorer)):
        hi, lo = (u, v) if u.rank < v.rank else (v, u)
        key = (hi.score, hi.pref, hi.strength, hi.float1, hi.float2,
               lo.score, lo.pref, lo.strength, lo.float1, lo.float2)
        row = ctx.rows_by_type.get(key)
        if row is None:
            row = ctx.rows_by_type[key] = _criteria_2012(ctx, u, v, kind)
        return list(row)
    return _criteria_2012(ctx, u, v, kind)


def _criteria_2012(ctx: Bracket, u: PairingPlayer, v: PairingPlayer, kind: int) -> list[int]:
    complete = [1] if ctx.complete else []
    if kind == INTERNAL:
        hi, lo = (u, v) if u.rank < v.rank else (v, u)
        sd = abs(u.score - v.score)
        if ctx.complete and not ctx.rest:
            # D4: in the lowest bracket, the smallest sum of squared score differences
            # (the B3 factor); the bye counts as a game against one point less than the
            # weakest player, which is the A.8 artificial difference ``downfloat_sd``
            c6 = downfloat_sd(ctx, u) ** 2 + downfloat_sd(ctx, v) ** 2 - sd**2
        else:
            c6 = psd_part(ctx, u) + psd_part(ctx, v) - psd_value(ctx, sd)
        nxt = [0, 0] if ctx.nxt else []
        # B2 note: cracks with the same absolute preference may meet only when it saves
        # floaters (C10g relaxes B2 last: it ranks just below the pairs and the scores)
        same_absolute = (u.strength == ABSOLUTE and v.strength == ABSOLUTE
                         and u.pref is v.pref)
        b2 = 0 if same_absolute else 1
        # A7.d: in odd rounds strong preferences count as absolute, below the pairs and
        # the scores: fewest pairs of two such players wanting the same colour
        odd = ctx.rnd.round_number % 2 == 1
        a7d = 0 if (odd and u.strength >= STRONG and v.strength >= STRONG
                    and u.pref is v.pref) else 1
        colour = [b2, a7d, *colour_gains(ctx, u, v)[2:]]  # B2, A7.d, X, Z
        a = float_costs_unpaired(ctx, hi)
        b = float_costs_unpaired(ctx, lo)
        c = float_costs_pair(ctx, hi, lo)
        # 2017 cost order is [B5d, B5u, B6d, B6u, ...]; 2012 ranks B5d, B6d, B5u, B6u
        floats = [1 + a[k] + b[k] - c[k] for k in (0, 2, 1, 3)]
        # in the order of CRITERIA_2012: A9, P, B3, C1/C12 next, B2 ... B6 up
        return [*complete, 1, c6, *nxt, *colour, *floats]
    index = ctx.layout.index
    row = [0] * ctx.layout.width
    if ctx.complete:
        row[index["A9"]] = 1
    if kind == NEXT and (u.id in ctx.in_bracket or v.id in ctx.in_bracket):
        # C1/C12: the players moved down must be pairable in the next bracket (only their
        # pairs count; the next bracket's own residents are its business) ...
        row[index["C1 next"]] = 1
    if kind == NEXT and ctx.rnd.c12_all_pairs:
        # ... unless that bracket cannot make its P pairs: then C12 looks for a set of
        # players moved down with which it can (every pair of the next bracket counts)
        row[index["C12 next"]] = 1
    return row


def criteria_2017(ctx: Bracket, u: PairingPlayer, v: PairingPlayer, kind: int) -> list[int]:
    """C.4 (when completing), C.5-C.19 of the 2016/2017 text."""
    complete = [1] if ctx.complete else []
    if kind == INTERNAL:
        hi, lo = (u, v) if u.rank < v.rank else (v, u)
        c5 = 1
        # C.6: the PSD (A.8) as a sum of powers; a pair avoids two downfloaters' SDs
        c6 = psd_part(ctx, u) + psd_part(ctx, v) - psd_value(ctx, abs(u.score - v.score))
        c7 = [0, downfloat_psd_next(ctx, u) + downfloat_psd_next(ctx, v)] if ctx.nxt else []
        colour = colour_gains(ctx, u, v)
        floats = float_gains(ctx, hi, lo)
        # in the order of CRITERIA_2017: C.4, C.5, C.6, C.7, C.8-C.11, C.12-C.19
        return [*complete, c5, c6, *c7, *colour, *floats]
    index = ctx.layout.index
    row = [0] * ctx.layout.width
    if ctx.complete:
        row[index["C.4"]] = 1
    if kind == NEXT:
        # C.7: a pair in the following bracket, and its PSD
        row[index["C.7 pairs"]] = 1
        row[index["C.7 PSD"]] = (downfloat_psd_next(ctx, u) + downfloat_psd_next(ctx, v)
                                 - psd_value(ctx, abs(u.score - v.score)))
    return row


def score_weight(ctx: Bracket, p: PairingPlayer) -> int:
    """[C7]/[C8]: cost of a downfloater's score in a lexicographic list of scores."""
    return ctx.base ** ctx.score_rank[p.score]


def criteria_2025(ctx: Bracket, u: PairingPlayer, v: PairingPlayer, kind: int) -> list[int]:
    """[C4] (when completing), [C6]-[C21] of the 2025 text ([C5] restricts the bye
    candidates before the brackets are paired)."""
    complete = [1] if ctx.complete else []
    if kind == INTERNAL:
        hi, lo = (u, v) if u.rank < v.rank else (v, u)
        c6 = 1  # [C6] one pair more, one downfloater less
        # [C7] the two avoid being downfloaters
        c7 = score_weight(ctx, u) + score_weight(ctx, v)
        c8 = [0, score_weight(ctx, u) + score_weight(ctx, v)] if ctx.nxt else []
        c9 = 0
        colour = colour_gains(ctx, u, v)
        floats = float_gains_2025(ctx, hi, lo)
        # in the order of CRITERIA_2025: C4, C6, C7, C8, C9, C10-C13, C14-C21
        return [*complete, c6, c7, *c8, c9, *colour, *floats]
    index = ctx.layout.index
    row = [0] * ctx.layout.width
    if ctx.complete:
        row[index["C4"]] = 1
    if kind == NEXT:
        # [C8]: a pair in the following bracket, and its downfloaters' scores
        row[index["C8 pairs"]] = 1
        row[index["C8 scores"]] = score_weight(ctx, u) + score_weight(ctx, v)
    elif kind == BYE and u.id in ctx.in_bracket and ctx.c9:
        # [C9]: fewest unplayed games for the bye receiver, in a bracket that downfloats
        # exactly one player who receives the PAB
        row[index["C9"]] = ctx.max_unplayed + 1 - u.unplayed
    return row


def float_gains_2025(ctx: Bracket, hi: PairingPlayer, lo: PairingPlayer) -> list[int]:
    """[C14]-[C21]: costs avoided by pairing hi-lo instead of floating both, minus the
    costs the pair itself brings (an MDP's downfloat, its opponent's upfloat)."""

    def unpaired(p: PairingPlayer) -> list[int]:
        return unpaired_2025_of(ctx, p)
    pair = [0] * 8
    if hi.id in ctx.mdp_ids and hi.score != lo.score:
        sd = psd_value(ctx, hi.score - lo.score)
        d1, d2 = hi.float1 is Float.DOWN, hi.float2 is Float.DOWN
        u1, u2 = lo.float1 is Float.UP, lo.float2 is Float.UP
        # [C15]/[C17] MDP opponents with an upfloat; [C18]-[C21] score differences
        pair = [0, int(u1), 0, int(u2), sd if d1 else 0, sd if u1 else 0,
                sd if d2 else 0, sd if u2 else 0]
    a, b = unpaired(hi), unpaired(lo)
    top = ctx.fmax
    offsets = (1, 1, 1, 1, top, top, top, top)
    return [k + x + y - z for k, x, y, z in zip(offsets, a, b, pair, strict=True)]


def unpaired_2025_of(ctx: Bracket, p: PairingPlayer) -> list[int]:
    """[C14]-[C21] costs when ``p`` leaves the bracket as a downfloater (cached)."""
    cached = ctx.unpaired_2025.get(p.id)
    if cached is not None:
        return cached
    d1, d2 = p.float1 is Float.DOWN, p.float2 is Float.DOWN
    if p.id in ctx.mdp_ids:
        # [C18]/[C20]: an MDP floating again: a difference larger than any pair's
        sd = psd_value(ctx, downfloat_sd(ctx, p))
        out = [0, 0, 0, 0, sd if d1 else 0, 0, sd if d2 else 0, 0]
    else:
        # [C14]/[C16]: resident downfloaters who floated down 1 / 2 rounds before
        out = [int(d1), 0, int(d2), 0, 0, 0, 0, 0]
    ctx.unpaired_2025[p.id] = out
    return out


def downfloat_psd_next(ctx: Bracket, p: PairingPlayer) -> int:
    """C.7: what p's being a downfloater of the following bracket weighs in its PSD."""
    return psd_value(ctx, downfloat_sd_next(ctx, p))


def colour_gains(ctx: Bracket, u: PairingPlayer, v: PairingPlayer) -> list[int]:
    """C.8-C.11 for the pair u-v once its colours are allocated by E.1-E.5."""
    if not (ctx.rnd.last_round and (u.topscorer or v.topscorer)):
        # without C.8/C.9 only the counts matter, and E.1-E.5 fix them
        miss, strong = colour_misses(u, v)
        return [2, 2, 2 - miss, 2 - strong]
    white, black, _ = allocate_colours(u, v, ctx.rnd.initial)
    c8 = c9 = 0
    if ctx.rnd.last_round and (u.topscorer or v.topscorer):
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
def float_costs_unpaired(ctx: Bracket, p: PairingPlayer) -> list[int]:
    """Costs of C.12-C.19 when ``p`` leaves the bracket as a downfloater."""
    x = ctx.unpaired_costs.get(p.id)
    if x is None:
        x = ctx.unpaired_costs[p.id] = _float_costs_unpaired(ctx, p)
    return x


def _float_costs_unpaired(ctx: Bracket, p: PairingPlayer) -> list[int]:
    d1 = p.float1 is Float.DOWN
    d2 = p.float2 is Float.DOWN
    sd = psd_value(ctx, downfloat_sd(ctx, p))
    return [int(d1), 0, int(d2), 0, sd if d1 else 0, 0, sd if d2 else 0, 0]


def float_costs_pair(ctx: Bracket, hi: PairingPlayer, lo: PairingPlayer) -> list[int]:
    if hi.score == lo.score:
        return [0] * 8
    d1, d2 = hi.float1 is Float.DOWN, hi.float2 is Float.DOWN
    u1, u2 = lo.float1 is Float.UP, lo.float2 is Float.UP
    sd = psd_value(ctx, hi.score - lo.score)
    return [int(d1), int(u1), int(d2), int(u2), sd if d1 else 0, sd if u1 else 0,
            sd if d2 else 0, sd if u2 else 0]


def float_gains(ctx: Bracket, hi: PairingPlayer, lo: PairingPlayer) -> list[int]:
    a = float_costs_unpaired(ctx, hi)
    b = float_costs_unpaired(ctx, lo)
    # upfloats only arise in pairs: an offset per pair keeps every gain non-negative (the
    # number of pairs is already fixed by C.5, so the offset changes no comparison)
    top = ctx.fmax
    if hi.score == lo.score:  # a pair of equal scores floats nobody (A.4)
        return [1 + a[0] + b[0], 1 + a[1] + b[1], 1 + a[2] + b[2], 1 + a[3] + b[3],
                top + a[4] + b[4], top + a[5] + b[5], top + a[6] + b[6],
                top + a[7] + b[7]]
    c = float_costs_pair(ctx, hi, lo)
    offsets = (1, 1, 1, 1, top, top, top, top)
    return [k + x + y - z for k, x, y, z in zip(offsets, a, b, c, strict=True)]
