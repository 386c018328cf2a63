"""Dutch (2012, 2017, 2025): a bracket that must complete the round, of residents of one score
who all prefer a colour and at most one MDP, whose downfloaters' earlier floats differ
(``docs/dutch.md`` section 8.17, issue 26: the last round after White won every game with an
odd field, ``benchmarks/bad_rounds.py --scenarios last-round-ww``).

Section 8.13 (b) (:func:`.tied.colour_split_completing`) asks the players preferring one colour
to share their earlier floats and the bracket to have no MDP. Here neither is asked. Every
criterion of a candidate is then a sum of one term per pair: the MDP's pair
(``criteria.edge_row``), and for the residents' pairs a constant, the colour misses of the pair
(none when its players prefer different colours, E.1) and, for every resident left over, his
cost as a downfloater, which depends only on his floats one and two rounds before
(:func:`floater_cost`). So a candidate is at most as good as a bound that depends only on the
MDP's partner ``r`` (:func:`partner_bound`: his pair's row, the residents' pairs missing
nothing, the cheapest downfloaters of each preference that are left); a candidate reaching the
best bound is best, and every best candidate reaches it: its MDP's partner has the best bound,
its residents' pairs miss nothing, and its downfloaters of each preference are the cheapest
(those cheaper than the dearest of them float, those dearer are paired). The generation order
then decides (B.7: the MDP's partner first, D.1; then the remainder's first exchange, D.2, and
first transposition, D.1), found by counting (the exchange that moves the fewest players, the
lowest BSNs) and :func:`.completing.first_free_assignment`, then verified: the round
completes (C.4 / [C4]; 2012 A9) and, in 2025, [C8] is at its bound.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeVar

from .completing import (
    first_free_assignment,
    most_pairs,
    reaches_lookahead_bound,
    residents_who_may_float,
)
from .criteria import (
    COLOUR_PREFERENCE_CRITERIA,
    edge_row,
    float_costs_unpaired,
    unpaired_2025_of,
)
from .ideal import Pairs, ideal_downfloater
from .players import STRONG
from .weights import INTERNAL

if TYPE_CHECKING:
    from ...model import Colour
    from .bracket import Bracket
    from .players import PairingPlayer

Vector = tuple[int, ...]

#: the float criteria of a downfloater's own cost, in the order of each edition's rows
#: (``criteria.criteria_2012`` ranks B5 down, B6 down, B5 up, B6 up: indices 0, 2, 1, 3 of
#: ``float_costs_unpaired``)
_FLOAT_DIGITS = {
    2012: ("B5 down", "B6 down", "B5 up", "B6 up"),
    2017: ("C.12", "C.13", "C.14", "C.15", "C.16", "C.17", "C.18", "C.19"),
    2025: ("C14", "C15", "C16", "C17", "C18", "C19", "C20", "C21"),
}


def floater_cost(ctx: Bracket, p: PairingPlayer) -> Vector:
    """What the resident ``p`` costs the candidate's criteria row as a downfloater of the
    bracket, beyond what every resident costs (one score: the PSD part of C.6 / [C7] / 2012 B3
    is the same for all): his float criteria, in the positions of the bracket's rows. 2017
    C.12, C.14 (floated down one, two rounds before) and C.16, C.18 (their SDs);
    2025 [C14], [C16]; 2012 B5, B6 for downfloaters (``criteria.float_costs_unpaired``,
    ``criteria.unpaired_2025_of``: the terms the engine's rows hold)."""
    edition = ctx.rnd.rules.edition
    own = list(unpaired_2025_of(ctx, p) if edition >= 2025 else float_costs_unpaired(ctx, p))
    if edition == 2012:
        own = [own[k] for k in (0, 2, 1, 3)]
    out = [0] * ctx.layout.width
    for name, value in zip(_FLOAT_DIGITS[edition], own, strict=True):
        out[ctx.layout.index[name]] = value
    return tuple(out)


def add_rows(a: Vector, b: Vector, times: int = 1) -> Vector:
    """``a + times * b``, digit by digit (rows of criteria, compared as tuples)."""
    return tuple(x + times * y for x, y in zip(a, b, strict=True))


class SortedCosts:
    """The downfloater costs of a pool of players (:func:`floater_cost`, one per player),
    sorted once, with their running sums: the least total of ``count`` of them, from the whole
    pool or with one player taken out, in the time of adding two rows (docs/dutch.md 8.19,
    "computed once"). The rows' digits outrank the sums of the lower ones
    (``Levels.weights``), so costs add and compare as tuples."""

    def __init__(self, costs: Iterable[Vector], width: int) -> None:
        self.costs = sorted(costs)
        self.sums: list[Vector] = [(0,) * width]
        for cost in self.costs:
            self.sums.append(add_rows(self.sums[-1], cost))

    def __len__(self) -> int:
        return len(self.costs)

    def cheapest(self, count: int, without: Vector | None = None
                 ) -> tuple[Vector, Vector | None] | None:
        """The least total cost of ``count`` players of the pool, ``without`` the cost of one
        player taken out of it (None: nobody), and the dearest cost among them (None when
        ``count`` is 0); None when fewer than ``count`` players are left.

        The ``count`` cheapest of the pool are its first ``count`` costs in sorted order.
        Taking out one player of cost ``x`` changes them by at most one: when ``x`` is above
        the ``count``-th cost, they stay; otherwise a player of cost ``x`` leaves the first
        ``count + 1`` and the others stay, so the total is the first ``count + 1`` less ``x``
        and the dearest is the ``count + 1``-th (which is ``x`` itself only when the
        ``count``-th is ``x`` too: a cost left among them either way)."""
        left = len(self.costs) - (without is not None)
        if count > left:
            return None
        if count == 0:
            return self.sums[0], None
        if without is None or without > self.costs[count - 1]:
            return self.sums[count], self.costs[count - 1]
        return add_rows(self.sums[count + 1], without, -1), self.costs[count]


def partner_bound(ctx: Bracket, mdp: PairingPlayer | None, partner: PairingPlayer | None,
                  costs: dict[int, Vector], pools: dict[Colour, SortedCosts],
                  pairs: int) -> tuple[Vector, dict[Colour, Vector | None]] | None:
    """The best criteria row (up to a constant) of a candidate whose MDP meets ``partner``
    (no MDP: both None) and whose ``pairs`` residents' pairs miss no preference, with the
    dearest downfloater cost of each preference in it; None when the residents left cannot
    make ``pairs`` pairs of two preferences. The bound of every candidate with that partner
    (docs/dutch.md 8.17). ``pools``: the costs of the residents of each preference, sorted
    once (:class:`SortedCosts`); the partner is taken out of his own preference's pool."""
    width = ctx.layout.width
    total: Vector = (0,) * width
    if mdp is not None and partner is not None:
        total = add_rows(tuple(edge_row(ctx, mdp, partner, INTERNAL)), costs[partner.id], -1)
    dearest: dict[Colour, Vector | None] = {}
    for colour, pool in pools.items():
        without = (costs[partner.id] if partner is not None and partner.pref is colour
                   else None)
        left = len(pool) - (without is not None)
        if left < pairs:
            return None
        found = pool.cheapest(left - pairs, without)
        if found is None:  # pragma: no cover - as many players as asked for
            return None
        total = add_rows(total, found[0], -1)
        dearest[colour] = found[1]
    return total, dearest


_Cutoff = TypeVar("_Cutoff")


def best_partner(ctx: Bracket, mdp: PairingPlayer, residents: list[PairingPlayer],
                 bound_of: Callable[[PairingPlayer], tuple[Vector, _Cutoff] | None],
                 ) -> tuple[PairingPlayer, _Cutoff] | None:
    """B.7 / D.1 (2025 3.7 / 4.2): the MDP's partner in the first best candidate, the first
    resident (BSN order) the MDP may meet (C.1, C.3: ``compatible``) whose bound
    (``bound_of``: :func:`partner_bound`, :func:`one_colour_bound`) is the best, with what
    the bound says of the downfloaters (the dearest cost of each preference, or of all);
    None when the MDP may meet nobody or a partner's bound does not hold (``bound_of`` None:
    the argument of docs/dutch.md 8.17 (a), 8.19 needs it for every partner)."""
    best: tuple[PairingPlayer, Vector, _Cutoff] | None = None
    for r in residents:
        if not ctx.rnd.compatible(mdp, r):
            continue
        found = bound_of(r)
        if found is None:
            return None
        if best is None or found[0] > best[1]:
            best = (r, found[0], found[1])
    return None if best is None else (best[0], best[2])


def first_exchange(players: list[PairingPlayer], n1: int,
                   must_float: Callable[[PairingPlayer], bool],
                   ) -> tuple[list[PairingPlayer], list[PairingPlayer]] | None:
    """D.2 (2025 4.3, 2012 D2) when the players ``must_float`` float in every candidate left:
    the first exchange any of them can come from, as (new S1, new S2 without the players who
    must float), both in BSN order; None when S2 has too few players to move up.

    ``players`` in BSN order (a homogeneous bracket or a remainder), S1 their first ``n1``.
    A candidate's first exchange moves down every S1 player of no pair (section 4), so at
    least the ``x`` S1 players who must float: with exactly ``x`` (D.2 a) the set moved down is
    those, and the smallest sum moved up (D.2 b) is that of the ``x`` lowest S2 players who
    need not float (those moved up are paired), a single set, so D.2 c and d have nothing
    left to compare (docs/dutch.md 8.17)."""
    s1, s2 = players[:n1], players[n1:]
    down = [p for p in s1 if must_float(p)]
    up = [p for p in s2 if not must_float(p)][:len(down)]
    if len(up) < len(down):
        return None
    moved = {p.id for p in down} | {p.id for p in up}
    in_s1 = {p.id for p in s1}
    new_s1 = [p for p in players if (p.id in in_s1) != (p.id in moved)]
    new_s2 = [p for p in players
              if (p.id in in_s1) == (p.id in moved) and not must_float(p)]
    return new_s1, new_s2


def cheapest_floaters_completing(ctx: Bracket) -> tuple[Pairs, list[PairingPlayer]] | None:
    """A bracket that must complete the round (2017 / 2012 PPB, 2025 [C4]; every lower player
    in its graph) of residents of one score and at most one MDP of a higher score, every
    player preferring a colour, no resident a topscorer of the last round: the first
    candidate of the generation order among the best, or None (docs/dutch.md 8.17).

    The MDP's partner: the first resident (D.1, BSN order) whose :func:`partner_bound` is the
    best. The remainder (its residents in BSN order, fresh BSNs, B.7): its S1 the first
    ``n1`` of them; the residents cheaper than the dearest downfloater of their preference
    must float (so those in S1 move to S2), the dearer ones must be paired; the first exchange
    (D.2: fewest players moved, then the smallest sum of BSNs moved up) moves the S1 players
    who must float down and the as many lowest BSNs of S2 who may be paired up; its first
    transposition (D.1) is the lexicographically first assignment of the new S1 into the new
    S2 by pairs missing no preference that pairs every resident who must be paired
    (:func:`.completing.first_free_assignment`). Verified: the round completes (C.4 / [C4];
    2012 A9) and, 2025, [C8] is at the bound of 8.1."""
    rnd = ctx.rnd
    lower = ctx.rest
    if not lower or not ctx.complete or ctx.c9:
        return None
    if ctx.nxt and rnd.rules.edition < 2025:
        return None  # (the 2017/2012 PPB is paired without the following scoregroup)
    players = ctx.players
    mdps = [p for p in players if p.id in ctx.mdp_ids]
    residents = [p for p in players if p.id not in ctx.mdp_ids]
    if len(mdps) > 1 or not residents:
        return None
    score = residents[0].score
    if any(p.score != score or p.pref is None for p in residents):
        return None
    if mdps and (mdps[0].score <= score or mdps[0].pref is None):
        return None
    if rnd.last_round and any(p.topscorer for p in residents):
        return None  # C.8/C.9 / [C10]/[C11] would count the residents' pairs
    most = most_pairs(players, mdps, residents, lower)
    n1 = most - len(mdps)
    floating = len(players) - 2 * most
    if n1 < 0 or most <= 0:
        return None
    if (len(players) + len(lower)) % 2 and rnd.rules.edition >= 2025 and floating == 1:
        return None  # [C9] judges a bracket that downfloats one player, who gets the PAB
    costs = {p.id: floater_cost(ctx, p) for p in residents}
    by_preference: dict[Colour, list[Vector]] = {}
    for p in residents:
        assert p.pref is not None
        by_preference.setdefault(p.pref, []).append(costs[p.id])
    if len(by_preference) != 2:
        return None
    width = ctx.layout.width
    pools = {colour: SortedCosts(pool, width) for colour, pool in by_preference.items()}
    mdp = mdps[0] if mdps else None
    if mdp is None:
        bound = partner_bound(ctx, None, None, costs, pools, n1)
        if bound is None:
            return None
        partner = None
        dearest = bound[1]
    else:
        # (None: no partner, or a partner after which the remainder must miss a preference)
        chosen = best_partner(ctx, mdp, residents,
                              lambda r: partner_bound(ctx, mdp, r, costs, pools, n1))
        if chosen is None:
            return None
        partner, dearest = chosen

    def must_float(p: PairingPlayer) -> bool:
        """Cheaper than the dearest downfloater of his preference: in every best candidate
        he floats."""
        cut = dearest[p.pref]  # type: ignore[index]
        return cut is not None and costs[p.id] < cut

    def must_pair(p: PairingPlayer) -> bool:
        """Dearer than the dearest downfloater of his preference: paired in every best
        candidate."""
        cut = dearest[p.pref]  # type: ignore[index]
        return cut is None or costs[p.id] > cut

    remainder = [p for p in residents if p is not partner]
    exchange = first_exchange(remainder, n1, must_float)
    if exchange is None:
        return None
    new_s1, new_s2 = exchange
    pigeonhole = residents_who_may_float(ctx, lower, floating, floats_fixed=True)

    def may_float(p: PairingPlayer) -> bool:
        return not must_pair(p) and (pigeonhole is ideal_downfloater or pigeonhole(p))

    found = first_free_assignment(ctx, new_s1, new_s2, may_float, (0, 0))
    if found is None:
        return None
    pairs, spent, _ = found
    if spent != (0, 0):
        return None
    if mdp is not None and partner is not None:
        pairs = [(mdp, partner), *pairs]
    paired = {p.id for pair in pairs for p in pair}
    floaters = [p for p in players if p.id not in paired]
    if len(pairs) != most or not rnd.can_complete(floaters + lower):
        return None
    # 2025 [C8] (within [C4]): as in section 8.1
    if ctx.nxt and not reaches_lookahead_bound(ctx, floaters):
        return None
    return pairs, floaters


@dataclass(frozen=True)
class OneColourResidents:
    """What :func:`one_colour_bound` needs of a bracket's residents, counted once
    (docs/dutch.md 8.19, "computed once"): how many there are, how many are mild, who may
    float (``floatable``: strong, and allowed to be left over) and those players' costs,
    sorted."""

    count: int
    mild: int
    floatable: Callable[[PairingPlayer], bool]
    floatable_costs: SortedCosts


def one_colour_bound(ctx: Bracket, mdp: PairingPlayer | None, partner: PairingPlayer | None,
                     costs: dict[int, Vector], residents: OneColourResidents, pairs: int,
                     ) -> tuple[Vector, Vector | None] | None:
    """A bracket paired alone whose residents all prefer one colour (docs/dutch.md 8.19): the
    best criteria row (up to a constant) of a candidate whose MDP meets ``partner`` (no MDP:
    both None) and whose remainder makes ``pairs`` pairs, with the dearest downfloater cost in
    it; None when the remainder holds more mild players than pairs.

    Every residents' pair misses one preference (C.10 / [C12], the same for every candidate),
    and a strong one (C.11 / [C13]) unless it holds a mild player (``colours.colour_misses``:
    the weaker strength decides), so the remainder misses at least ``pairs - mild`` strong
    preferences, exactly when every mild player is paired, none with another: the downfloaters
    are then strong (or absolute) players allowed to be left over (``residents.floatable``; the
    last bracket: the PAB receiver, 2017 C.2, ``bye_ok``, docs/dutch.md 8.20), the cheapest of
    them by :func:`floater_cost`. The partner is taken out of the residents' counts and of the
    sorted costs (:meth:`SortedCosts.cheapest`)."""
    width = ctx.layout.width
    total: Vector = (0,) * width
    without: Vector | None = None
    left, mild = residents.count, residents.mild
    if partner is not None:
        if mdp is not None:
            total = add_rows(tuple(edge_row(ctx, mdp, partner, INTERNAL)), costs[partner.id],
                             -1)
        left -= 1
        if partner.strength < STRONG:
            mild -= 1
        if residents.floatable(partner):
            without = costs[partner.id]
    if mild > pairs:
        return None
    strong_misses = [0] * width
    strong_misses[ctx.layout.index[COLOUR_PREFERENCE_CRITERIA[ctx.rnd.rules.edition][1]]] = (
        pairs - mild)
    total = add_rows(total, tuple(strong_misses), -1)
    found = residents.floatable_costs.cheapest(left - 2 * pairs, without)
    if found is None:
        return None
    return add_rows(total, found[0], -1), found[1]


def cheapest_floaters_one_colour(ctx: Bracket) -> tuple[Pairs, list[PairingPlayer]] | None:
    """2017 / 2025: a bracket paired alone (no completion, no look-ahead in its graph: the
    caller judges C.7 / [C8], ``PairingRound._solve``) of residents of one score who all
    prefer one colour and at most one MDP of a higher score, not the last round with a
    topscorer in it: the first candidate of the generation order among the best, or None
    (docs/dutch.md 8.19; the round 4 of ``last-round-ww`` with an odd field).

    Section 8.17 (a) with one preference: :func:`one_colour_bound` for the MDP's partner; the
    first resident (D.1, BSN order) at the best bound meets the MDP; in the remainder the mild
    players and the strong ones dearer than the dearest downfloater must be paired, the
    strong ones cheaper must float; the first exchange (:func:`first_exchange`, D.2) and its
    first transposition (D.1) by pairs that C.1 / C.3 allow and that do not join two mild
    players (:func:`.completing.first_free_assignment`). Verified: the most pairs there are
    (``len // 2``).

    The last bracket (``ctx.complete``, nothing below): the same, the player left over
    receiving the PAB (A.9): only an eligible player may be left over (C.2, ``bye_ok``), his
    PAB edge carries C.4 alone, so his cost is his :func:`floater_cost` (docs/dutch.md 8.20);
    2025: his PAB edge also carries [C9] (2.4.4, fewest unplayed games), which ranks above
    [C12]/[C13], so only the eligible residents with the fewest unplayed games may be left
    over (8.22 (b): every candidate leaving over another resident is worse at [C9], one
    leaving over the MDP worse at [C7])."""
    rnd = ctx.rnd
    if ctx.rest or ctx.nxt or rnd.rules.edition < 2017:
        return None
    # the last bracket (C.4 asked of it alone: nothing below, no following scoregroup): the
    # player left over receives the PAB (C.2, A.9; docs/dutch.md 8.20)
    last_bracket = ctx.complete
    players = ctx.players
    mdps = [p for p in players if p.id in ctx.mdp_ids]
    residents = [p for p in players if p.id not in ctx.mdp_ids]
    if len(mdps) > 1 or len(residents) < 2:
        return None
    # 2025 [C9] (2.4.4) ranks above [C12]/[C13]: the PAB receiver is one of the eligible
    # residents with the fewest unplayed games, when some candidate leaves one of them over
    # (checked by the construction below; docs/dutch.md 8.22 (b))
    least_unplayed = None
    if last_bracket and rnd.rules.edition >= 2025 and len(players) % 2:
        least_unplayed = min((p.unplayed for p in residents if p.bye_ok), default=None)
        if least_unplayed is None:
            return None
    one = residents[0]
    if one.pref is None or any(p.score != one.score or p.pref is not one.pref
                               for p in residents):
        return None
    if mdps and mdps[0].score <= one.score:
        return None
    if rnd.last_round and any(p.topscorer for p in players):
        return None  # C.8/C.9 / [C10]/[C11] would count the pairs' colours
    most = len(players) // 2  # C.5 / [C6]: checked reached below
    n1 = most - len(mdps)
    if n1 < 0 or most <= 0:
        return None
    costs = {p.id: floater_cost(ctx, p) for p in residents}

    def may_be_left(p: PairingPlayer) -> bool:
        """May be the player left over: in the last bracket he receives the PAB (2017 C.2 /
        2025 [C2]: eligible only; his row is the PAB edge's, C.4 alone, docs/dutch.md 8.20;
        2025: with [C9] the fewest unplayed games of the eligible residents, 8.22 (b))."""
        if not last_bracket:
            return True
        return p.bye_ok and (least_unplayed is None or p.unplayed == least_unplayed)

    def floatable(p: PairingPlayer) -> bool:
        """Strong (mild players are all paired) and allowed to be left over."""
        return p.strength >= STRONG and may_be_left(p)

    counted = OneColourResidents(
        count=len(residents), mild=sum(1 for p in residents if p.strength < STRONG),
        floatable=floatable,
        floatable_costs=SortedCosts((costs[p.id] for p in residents if floatable(p)),
                                    ctx.layout.width))
    mdp = mdps[0] if mdps else None
    if mdp is None:
        found = one_colour_bound(ctx, None, None, costs, counted, n1)
        if found is None:
            return None
        partner = None
        dearest = found[1]
    else:
        chosen = best_partner(ctx, mdp, residents,
                              lambda r: one_colour_bound(ctx, mdp, r, costs, counted, n1))
        if chosen is None:
            return None
        partner, dearest = chosen

    remainder = [p for p in residents if p is not partner]
    floating = len(remainder) - 2 * n1
    cheaper = {p.id for p in remainder if dearest is not None and floatable(p)
               and costs[p.id] < dearest}
    tied = [p for p in remainder if dearest is not None and floatable(p)
            and costs[p.id] == dearest]
    in_s1 = {p.id for p in remainder[:n1]}
    tied_s2 = [p for p in tied if p.id not in in_s1]
    tied_s1 = [p for p in tied if p.id in in_s1]
    extra = floating - len(cheaper) - len(tied_s2)
    if extra > 0:
        # D.2 (a): fewer tied players in S2 than float beyond the cheaper ones: they all
        # float, and ``extra`` tied S1 players move down; (b) the highest BSNs of them
        forced = cheaper | {p.id for p in tied_s2} | {p.id for p in tied_s1[-extra:]}
        optional: set[int] = set()
    else:
        forced, optional = cheaper, {p.id for p in tied}

    def must_float(p: PairingPlayer) -> bool:
        """Floats in every best candidate of the first exchange (docs/dutch.md 8.19)."""
        return p.id in forced

    def may_float(p: PairingPlayer) -> bool:
        """Strong and as dear as the dearest downfloater (mild players are all paired)."""
        return p.id in optional

    def pair_ok(a: PairingPlayer, b: PairingPlayer) -> bool:
        """C.1 / C.3, and not two mild players (a strong preference missed elsewhere); each
        pair asked once (the assignment's graph): the round's cache of pairs left alone."""
        return ((a.strength >= STRONG or b.strength >= STRONG)
                and rnd.compatible_uncached(a, b))

    exchange = first_exchange(remainder, n1, must_float)
    if exchange is None:
        return None
    new_s1, new_s2 = exchange
    found_pairs = first_free_assignment(ctx, new_s1, new_s2, may_float, (0, 0),
                                        pair_ok=pair_ok)
    if found_pairs is None:
        return None
    pairs = found_pairs[0]
    if mdp is not None and partner is not None:
        pairs = [(mdp, partner), *pairs]
    if len(pairs) != most:
        return None
    paired = {p.id for pair in pairs for p in pair}
    return pairs, [p for p in players if p.id not in paired]
