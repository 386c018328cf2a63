"""The levels of a round (A.3, C1-C14): homogeneous and heterogeneous levels, the choice among
their candidate pairings (C12), the fallback past the search limit (C13)."""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field

from ...matching.bitsets import mask_of
from ..explain import fr_number
from . import criteria
from .completion import (
    FloaterTest,
    residual_completion,
    some_floaters_of_each,
    some_movers_take_residents,
)
from .players import PairRule, Round
from .stage import pair_stage, valid_permutations


@dataclass(slots=True)
class Candidate:
    """One pairing of a level: its pairs (S1 player first), floaters and how it was found."""

    pairs: list[tuple[int, int]]
    floaters: tuple[int, ...]
    relax: tuple[int, int]
    notes: list[tuple[str, str, str]] = field(default_factory=list)
    #: a heterogeneous level's group of the search order (C10-C12): (-floaters paired, their
    #: places among the players from above, pairs dropped from the residual, C11); every
    #: candidate of one group has as many pairs, and groups come in increasing order
    group: tuple[int, tuple[int, ...], int] = (0, (), 0)


def _homogeneous(
    rd: Round,
    players: list[int],
    outer: tuple[int, ...],
    pinned: list[tuple[int, int]],
    floater_ok: FloaterTest,
    budget: list[int],
    relaxations: Sequence[tuple[int, int]] = criteria.RELAXATIONS,
    only_p: int | None = None,
    p_values: Sequence[int] | None = None,
) -> Iterator[Candidate]:
    """A homogeneous level (C2-C9, C11, C14): p = n // 2 pairs (A.6), x = n % 2 (A.8), and
    while no pairing is found, B6 then B5 are dropped (C9, C10), then p decreases (C11, C14).
    ``p_values`` (C12's walk) restricts the search to those values of ``p``, in the order
    C14 tries them, with the notes of the whole search."""
    n = len(players)
    if p_values is None:
        p_values = range(n // 2, -1, -1) if only_p is None else (only_p,)
    known: dict[object, list[int]] = {}  # what _refused_before_stage keeps for the level
    for p in p_values:
        for relax in relaxations:
            if _refused_before_stage(rd, players, p, relax[1], floater_ok, outer, known):
                continue
            for pairs, floaters, (exchange, s1, s2) in pair_stage(
                rd, players, p, relax, floater_ok.with_also(outer), budget
            ):
                notes = []
                if p < n // 2 and only_p is None:
                    notes.append((f"no pairing with {n // 2} pairs: p lowered to {p}",
                                  f"aucun appariement à {n // 2} paires : p ramené à {p}", "C14"))
                if exchange:
                    notes.append((f"exchange {exchange} between S1 and S2",
                                  f"échange {exchange} entre S1 et S2", "D2"))
                notes.append((f"S1: {_ids(s1)}; S2: {_ids(s2)}",
                              f"S1 : {_ids(s1)} ; S2 : {_ids(s2)}", "A.6"))
                order = [b for _, b in pairs]
                if order != s2[: len(order)]:
                    notes.append((f"S2 permuted: {_ids(order)}", f"S2 permuté : {_ids(order)}",
                                  "C7, D1"))
                yield Candidate(pinned + pairs, outer + floaters, relax, notes)
            if budget[0] < 0:
                return


def _refused_before_stage(rd: Round, players: Sequence[int], p: int, up: int,
                          floater_ok: FloaterTest, outer: tuple[int, ...],
                          known: dict[object, list[int]]) -> bool:
    """Two of :func:`.stage.pair_stage`'s first "no"s, asked once per level (``known``)
    instead of once per stage (issue 26: C14 lowers ``p`` one by one from ``n // 2`` and each
    ``p`` asks the five stages of C9/C10, thousands of stages in a near-miss level of 900
    players, each building the same sets): more pairs than a maximum matching of the level
    under the stage's pair rule (``Round.most_pairs``), and, for ``x >= 2`` floaters (not in
    the last level), fewer floaters than the players already floating and the lower levels
    need (``Round.floaters_needed``, less one for the bye: the count of
    ``Round.completable_with_some``, which ``FloaterTest.some_set`` asks with the same sink,
    ``floater_ok.with_also(outer)``). A stage refused here yields nothing and charges nothing
    in ``pair_stage`` too, so the candidates come out as before (docs/elo-swiss.md, "Stages
    refused once per level")."""
    most = known.get(("most", up))
    if most is None:
        most = known[("most", up)] = [rd.most_pairs(players, rd.pair_rule(up))]
    if p > most[0]:
        return True
    x = len(players) - 2 * p
    if x < 2 or floater_ok.last:
        return False
    count = known.get("count")
    if count is None:
        sink = floater_ok.with_also(outer)
        sink_mask = mask_of(sink.also | sink.lower)
        # the level's players are never in the sink; if they were, pair_stage asks as before
        count = known["count"] = ([sink_mask.bit_count(), rd.floaters_needed(sink_mask)]
                                  if not sink_mask & mask_of(players) else [0, 0])
    return x < count[1] - (x + count[0]) % 2


def _heterogeneous(
    rd: Round,
    movers: list[int],
    residents: list[int],
    outer: tuple[int, ...],
    floater_ok: FloaterTest,
    budget: list[int],
    select: _Groups | None = None,
) -> Iterator[Candidate]:
    """A heterogeneous level (A.3, A.6, C6, C10-C12): S1 = the players from above, S2 = the
    residents; p = len(S1). After the floaters are paired, the residents left form the residual
    level, paired as a homogeneous one. Order: fewest players dropped from the residual (C11),
    then upfloater relaxation (C10), then the D1 permutations of the floaters' opponents (C7,
    C10: the lowest floater gets another opponent first), then the residual's own search.

    ``select`` (C12's walk, :func:`_c12_walk`) is asked for each group of the order
    (:attr:`Candidate.group`, with its number of pairs): False skips the group, None ends the
    search; each group it keeps costs one unit of ``budget``."""
    n_res = len(residents)
    for p_h in range(len(movers), -1, -1):
        every = list(range(0, (n_res - p_h) // 2 + 1))
        if select is not None:
            wanted = select.drops_for(p_h, n_res)
            if wanted is None:
                return
            every = wanted
        if not every:
            continue
        for places, drops in _mover_places(rd, movers, residents, p_h, every, floater_ok,
                                           outer):
            s1 = tuple(movers[i] for i in places)
            left = tuple(m for m in movers if m not in s1)
            for drop in drops:
                group = (-p_h, places, drop)
                if select is not None:
                    keep = select(group, p_h + (n_res - p_h) // 2 - drop)
                    if keep is None:
                        return
                    if not keep:
                        continue
                    budget[0] -= 1
                    if budget[0] < 0:
                        return
                residual_floaters = (n_res - p_h) % 2 + 2 * drop
                if not floater_ok.with_also(outer + left).some_set(residents, residual_floaters):
                    continue  # C11-C13: no residual leaving that many floaters can be completed
                for up in (0, 1, 2):
                    up_ok = rd.pair_rule(up)

                    # C10's note: the D1-first opponents of the floaters, residual aside
                    first: tuple[int, ...] | None = None
                    dead = [False]  # the last permutation's residual yielded nothing
                    for perm in _floater_opponents(
                        rd, s1, residents, residual_floaters, up_ok,
                        floater_ok.with_also(outer + left), budget, dead,
                    ):
                        dead[0] = True
                        budget[0] -= 1
                        if budget[0] < 0:
                            return
                        if first is None:
                            first = next(valid_permutations(list(s1), residents, [], up_ok))
                        het = list(zip(s1, perm, strict=True))
                        het_note = (
                            f"floaters: S1: {_ids(s1)}; S2: {_ids(residents)}; "
                            f"paired with {_ids(perm)}",
                            f"flotteurs : S1 : {_ids(s1)} ; S2 : {_ids(residents)} ; "
                            f"appariés à {_ids(perm)}", "A.6, C6")
                        residual = [r for r in residents if r not in perm]
                        rp = len(residual) // 2 - drop
                        if rp < 0:
                            continue
                        for cand in _homogeneous(
                            rd, residual, outer + left, het, floater_ok, budget,
                            relaxations=tuple((d, up) for d in (0, 1, 2)),
                            only_p=rp,
                        ):
                            cand.notes.insert(0, het_note)
                            if perm != first:
                                cand.notes.insert(1, (
                                    "the floaters' earlier opponents left the residual level "
                                    "unpairable: the lowest floater got another opponent",
                                    "les adversaires précédents des flotteurs rendaient le "
                                    "niveau résiduel inappariable : le plus petit flotteur a "
                                    "reçu un autre adversaire", "C10"))
                            if drop:
                                cand.notes.append((
                                    f"residual level: {drop} pair(s) fewer, more players float",
                                    f"niveau résiduel : {drop} paire(s) de moins, plus de "
                                    "flotteurs", "C11"))
                            if up:
                                cand.notes.append((
                                    f"B{'6' if up == 1 else '6 and B5'} dropped for upfloaters",
                                    f"B{'6' if up == 1 else '6 et B5'} abandonné(s) pour les "
                                    "flotteurs montants", "C10"))
                            cand.group = group
                            dead[0] = False
                            if left:
                                cand.notes.append((
                                    "could not pair " + ", ".join(map(str, left))
                                    + " here: they float on",
                                    "impossible d'apparier " + ", ".join(map(str, left))
                                    + " ici : ils flottent plus bas", "C12"))
                            yield cand
                        if budget[0] < 0:
                            return


def _floater_opponents(rd: Round, s1: Sequence[int], residents: Sequence[int], x: int,
                       ok: PairRule, floater_ok: FloaterTest, budget: list[int],
                       dead: list[bool]) -> Iterator[tuple[int, ...]]:
    """The D1 permutations of the residents for the floaters ``s1`` of a heterogeneous level
    (C6, C7, C10), pruned by the residual's graph (:func:`.completion.residual_completion`),
    as before. Once a permutation's residual has yielded nothing (the caller sets ``dead``),
    the search goes on pruned by the rest of the round too (``with_rest``: a second graph,
    the floaters' completion with the lower levels, necessary for any candidate), from the
    permutation after that one: the permutations it gives are those of the first search
    whose branches keep both graphs perfect, in the same order, so no candidate is missed
    (issue 26: the near-miss 0.5-point level at 400 players walked thousands of
    permutations whose residual floaters the rest of the round could not take). The second
    search has its own matching work (:data:`.criteria.MATCHING_WORK_LIMIT`) and charges
    nothing to ``budget``: the level's limits are charged at most what the first search
    alone would be charged."""
    place = {b: i for i, b in enumerate(residents)}
    factory = functools.partial(residual_completion, rd, s1, residents, x, ok, floater_ok)
    perms = valid_permutations(list(s1), residents, [], ok, factory, budget, rd.matching_work)
    switched = x < 2 or floater_ok.last  # no second graph to ask
    last: tuple[int, ...] | None = None
    while True:
        perm = next(perms, None)
        if perm is None:
            return
        key = tuple(place[b] for b in perm)  # D1's order: lexicographic over S2's places
        if last is not None and key <= last:
            continue  # given by the first search already
        last = key
        yield perm
        if dead[0] and not switched:
            switched = True
            perms = valid_permutations(
                list(s1), residents, [], ok,
                functools.partial(residual_completion, rd, s1, residents, x, ok, floater_ok,
                                  with_rest=True),
                None, [criteria.MATCHING_WORK_LIMIT])


def _mover_places(rd: Round, movers: Sequence[int], residents: Sequence[int], p_h: int,
                  every: list[int], floater_ok: FloaterTest, outer: tuple[int, ...]
                  ) -> Iterator[tuple[tuple[int, ...], Iterator[int]]]:
    """The choices of ``p_h`` players from above to pair in a heterogeneous level (C12: fewer
    floaters paired), as places in ``movers``, in the order of the search
    (``itertools.combinations``: lexicographic), each with the residual pairs to drop (C11)
    among ``every`` worth trying, in increasing order; a choice none of whose drops is worth
    trying is not given. Worth trying: two
    necessary questions say that a candidate of that group may exist
    (docs/elo-swiss.md, "Which players from above"):
    :func:`.completion.some_movers_take_residents` (the chosen players from above take
    residents and the residual leaves that many floaters, B5/B6 dropped for upfloaters, the
    most relaxed stage of C10) and, but in the last level,
    :func:`.completion.some_floaters_of_each` (those floaters and the players from above
    left out can float with the rest of the round, C12/C13). The choices are found by fixing
    the places one at a time in lexicographic order and asking whether some choice extends
    them (the players skipped before the next place left out, those after it free): a "yes"
    has a child that says yes, so no branch is explored in vain, and a "no" skips every
    choice below it (issue 26: the near-miss 0.5-point level at 400 players tried 2,000
    choices one by one, none feasible, and spent its matching work and search limit on
    them)."""
    m, n_res = len(movers), len(residents)
    ok = rd.pair_rule(2)
    sink = floater_ok.also | floater_ok.lower | frozenset(outer)

    def worth(chosen: tuple[int, ...], start: int, drop: int) -> bool:
        x = (n_res - p_h) % 2 + 2 * drop
        fixed = [movers[i] for i in chosen]
        free = movers[start:]
        take = p_h - len(chosen)
        if not some_movers_take_residents(rd, fixed, free, take, residents, x, ok):
            return False
        if floater_ok.last:
            return True
        floating = [movers[i] for i in range(start) if i not in chosen]
        return some_floaters_of_each(rd, floating, free, take, residents, x, sink)

    if p_h == m:  # one choice: every player from above, its groups asked as before
        yield tuple(range(m)), iter(every)
        return
    def worth_of(chosen: tuple[int, ...], start: int, drops: list[int]) -> list[int]:
        return [d for d in drops if worth(chosen, start, d)]

    # a drop refused for a family is refused for every family inside it (its graphs are
    # subgraphs, with stand-ins for the players left out), so each frame keeps its own
    drops = worth_of((), 0, every)
    if not drops:
        return
    # depth-first over the places in lexicographic order, an explicit stack of frames
    # (chosen places, the next place to try, the drops worth trying in its family, whether
    # they were asked of the family as it is now)
    stack: list[list] = [[(), 0, drops, True]]
    while stack:
        frame = stack[-1]
        chosen, start, drops, asked = frame
        take = p_h - len(chosen)
        if take == 0 or take == m - start:
            # one choice left in this family (no more places, or all the rest)
            stack.pop()
            leaf = (*chosen, *range(start, m if take else start))
            if not asked:
                drops = worth_of(leaf, m, drops)
            if drops:
                yield leaf, iter(drops)
            continue
        for i in range(start, m - take + 1):
            child = (*chosen, i)
            got = worth_of(child, i + 1, drops)
            if got:
                # once ``child``'s family is done, this one is the choices after place i
                frame[1], frame[3] = i + 1, False
                stack.append([child, i + 1, got, True])
                break
        else:
            stack.pop()


def pair_levels(
    rd: Round, ids: list[int], notes: list[tuple[str, str, int, str]]
) -> tuple[list[tuple[int, int]], int | None] | None:
    """A.3, C1-C14: the levels from the highest score down. None when B1 (and B2) cannot be
    met by any pairing of the round."""
    if not rd.completable(ids):
        return None
    by_score: dict[float, list[int]] = {}
    for pid in ids:
        by_score.setdefault(rd.score(pid), []).append(pid)
    scores = sorted(by_score, reverse=True)
    levels = [rd.sort(by_score[s]) for s in scores]
    pairs: list[tuple[int, int]] = []
    movers: list[int] = []
    for i, level in enumerate(levels):
        lower = frozenset(itertools.chain.from_iterable(levels[i + 1:]))
        nxt = frozenset(levels[i + 1]) if i + 1 < len(levels) else frozenset()
        last = i + 1 == len(levels)
        cand = _pair_level(rd, movers, level, lower, nxt, last, scores[i], notes)
        pairs.extend(cand.pairs)
        movers = rd.sort(cand.floaters)
    if len(movers) > 1 or (movers and not rd.bye_eligible(movers[0])):
        return None  # cannot happen: the last level keeps only completable pairings
    return pairs, (movers[0] if movers else None)


def _pair_level(
    rd: Round,
    movers: list[int],
    residents: list[int],
    lower: frozenset[int],
    nxt: frozenset[int],
    last: bool,
    score: float,
    notes: list[tuple[str, str, int, str]],
) -> Candidate:
    """One level: C1 first, then the S1/S2 search, keeping the first pairing after which the
    round can still be completed, preferring (C12) one whose floaters fit in the next level."""
    everyone = movers + residents
    shown_movers, shown_residents = _ids(movers), _ids(residents)
    # C1: a resident who cannot meet anybody here floats at once (on bit sets: the players of
    # the level he is not barred from, B1/B2, ``rd.barred`` holding himself too)
    here = mask_of(everyone)
    stuck = tuple(pid for pid in residents if not here & ~rd.barred[pid])
    gone = tuple(m for m in movers if not here & ~rd.barred[m])
    movers = [m for m in movers if m not in gone]
    residents = [x for x in residents if x not in stuck]
    n = len(movers) + len(residents)
    homogeneous = not movers or 2 * len(movers) >= n
    kind_en = "homogeneous" if homogeneous else "heterogeneous"
    kind_fr = "homogène" if homogeneous else "hétérogène"
    notes.append((
        f"score bracket {score:g}: {kind_en}; from above: {shown_movers}; here: "
        f"{shown_residents}",
        f"niveau de points {fr_number(score)} : {kind_fr} ; venus d'en haut : {shown_movers} ; "
        f"du niveau : {shown_residents}", 0, "A.3"))
    for pid in stuck:
        notes.append((f"{pid} can meet nobody in this level: floats down",
                      f"{pid} ne peut rencontrer personne dans ce niveau : flotte", 1, "C1"))
    for pid in gone:
        notes.append((f"{pid} (from above) can meet nobody here: floats on",
                      f"{pid} (venu d'en haut) ne peut rencontrer personne ici : flotte "
                      "plus bas", 1, "C12"))
    outer = gone + stuck

    floater_ok = FloaterTest(rd, lower, last)

    def strict_ok(f: frozenset[int]) -> bool:
        if last or not f:
            return True
        return rd.completable(f | lower, restrict=nxt, floaters=f)

    budget = [criteria.CANDIDATE_LIMIT]
    rd.matching_work = [criteria.MATCHING_WORK_LIMIT]
    if homogeneous:
        cands = _homogeneous(rd, rd.sort(movers + residents), outer, [], floater_ok, budget)
    else:
        cands = _heterogeneous(rd, movers, residents, outer, floater_ok, budget)
    first: Candidate | None = None
    chosen: Candidate | None = None
    cuts = rd.exchange_cuts  # the level's own stages cut at the exchange limit (D2)
    family_cuts = rd.family_cuts  # of which: families of exchanges too large to list
    for cand in cands:
        if strict_ok(frozenset(cand.floaters)):
            chosen = cand
            if first is not None:
                notes.append((
                    f"floating {_ids(first.floaters)} would leave them unpaired in the next "
                    f"level: {_ids(cand.floaters)} float instead",
                    f"faire flotter {_ids(first.floaters)} les laisserait sans adversaire au "
                    f"niveau suivant : {_ids(cand.floaters)} flottent à leur place", 1, "C12"))
            break
        if first is None:
            first = cand
            if not _some_candidate_preferred(rd, cand, outer, everyone, lower, nxt,
                                             homogeneous):
                break  # C12: no later candidate can be preferred; ``first`` is the choice
            before_walk, before_family = rd.exchange_cuts, rd.family_cuts
            walked = _c12_walk(rd, first, movers, residents, outer, everyone, lower, nxt,
                               homogeneous, strict_ok)
            cuts += rd.exchange_cuts - before_walk  # the walk's own cuts are not the level's
            family_cuts += rd.family_cuts - before_family
            if walked is not None:  # the walk's answer, found without its limits
                if walked is not first:
                    chosen = walked
                    notes.append((
                        f"floating {_ids(first.floaters)} would leave them unpaired in the "
                        f"next level: {_ids(walked.floaters)} float instead",
                        f"faire flotter {_ids(first.floaters)} les laisserait sans adversaire "
                        f"au niveau suivant : {_ids(walked.floaters)} flottent à leur place",
                        1, "C12"))
                break
        elif len(cand.pairs) < len(first.pairs):
            break
    if chosen is None and first is not None:
        chosen = first
        if budget[0] < 0:
            # the literal walk of C12 met the candidate limit: a truncation, not a proof
            notes.append((
                "search limit reached before C12 was decided: the first pairing found is "
                "kept, not proven the rules' choice",
                "limite de recherche atteinte avant que C12 soit tranché : le premier "
                "appariement trouvé est gardé, sans preuve que ce soit celui des règles",
                1, "C12"))
        else:
            notes.append(("no pairing here lets every floater be paired in the next level",
                          "aucun appariement ici ne permet d'apparier tous les flotteurs au "
                          "niveau suivant", 1, "C12"))
    if chosen is not None and rd.exchange_cuts - cuts > rd.family_cuts - family_cuts:
        # a stage stopped at the exchange limit before this pairing was found
        notes.append((
            f"search limit reached: a stage stopped after {criteria.EXCHANGE_LIMIT:,} "
            "exchanges; the pairing kept is the first found after it, not proven the rules' "
            "first",
            f"limite de recherche atteinte : une étape arrêtée après "
            f"{fr_number(criteria.EXCHANGE_LIMIT)} échanges ; l'appariement gardé est le "
            "premier trouvé ensuite, sans preuve que ce soit le premier des règles", 1, "D2"))
    if chosen is not None and rd.family_cuts > family_cuts:
        # a stage gave up on families of exchanges too large to list (issue 26)
        notes.append((
            "search limit reached: a stage stopped where the exchanges left to try were too "
            f"many to list (over {criteria.FAMILY_SETS_LIMIT:,} sets); the pairing kept is "
            "the first found after it, not proven the rules' first",
            "limite de recherche atteinte : une étape arrêtée là où les échanges restant à "
            f"essayer étaient trop nombreux (plus de {fr_number(criteria.FAMILY_SETS_LIMIT)} "
            "ensembles) ; l'appariement gardé est le premier trouvé ensuite, sans preuve que "
            "ce soit le premier des règles", 1, "D2"))
    if chosen is None:
        chosen = _fallback(rd, movers + residents, outer, lower, last)
        notes.append(("search limit reached: pairs chosen in A.2 order keeping the round "
                      "pairable", "limite de recherche atteinte : paires choisies dans l'ordre "
                      "A.2 en gardant la ronde appariable", 1, "C13"))
    _note_candidate(rd, chosen, movers, notes)
    return chosen


class _Groups:
    """Which groups of a heterogeneous level's order (:attr:`Candidate.group`) one search of
    C12's walk looks at: from ``start`` on (or after it), before ``stop``, with at least (or
    fewer than) ``pairs`` pairs. It counts the groups it is asked about and ends the search
    past :data:`.criteria.WALK_GROUP_LIMIT` (``gave_up``: the walk is then not conclusive)."""

    def __init__(self, start: tuple[int, tuple[int, ...], int], after: bool, pairs: int,
                 fewer: bool, stop: tuple[int, tuple[int, ...], int] | None = None) -> None:
        self.start, self.after, self.pairs, self.fewer, self.stop = start, after, pairs, fewer, stop
        self.asked = 0
        self.gave_up = False

    def drops_for(self, p_h: int, n_res: int) -> list[int] | None:
        """The residual drops (C11) of the groups with ``p_h`` floaters paired that this
        search may keep, by the group's first item and its pairs alone (each group is still
        asked); None when every such group is at or after ``stop`` (the search ends at the
        first of them). Not counted as asked."""
        if self.stop is not None and -p_h > self.stop[0]:
            return None
        if -p_h < self.start[0]:
            return []
        drops = range(0, (n_res - p_h) // 2 + 1)
        most = p_h + (n_res - p_h) // 2  # pairs with no drop
        if self.fewer:
            return [d for d in drops if most - d < self.pairs]
        return [d for d in drops if most - d >= self.pairs]

    def __call__(self, group: tuple[int, tuple[int, ...], int], pairs: int) -> bool | None:
        self.asked += 1
        if self.asked > criteria.WALK_GROUP_LIMIT:
            self.gave_up = True
            return None
        if self.stop is not None and group >= self.stop:
            return None
        if group < self.start or (self.after and group == self.start):
            return False
        return pairs < self.pairs if self.fewer else pairs >= self.pairs


def _c12_walk(rd: Round, first: Candidate, movers: list[int], residents: list[int],
              outer: tuple[int, ...], everyone: list[int], lower: frozenset[int],
              nxt: frozenset[int], homogeneous: bool,
              strict_ok: Callable[[frozenset[int]], bool]) -> Candidate | None:
    """C12 after the level's first candidate ``first`` failed its test (its floaters cannot
    all be paired in the next level): the candidate the walk of :func:`_pair_level` keeps -
    the first later candidate passing the test, unless a candidate with fewer pairs comes
    first (that one is kept if it passes, else ``first``) - found without walking the
    candidates one by one (issue 26: near-miss rounds walked thousands of them to the search
    limit). Returns that candidate (``first`` itself when it is the choice), or None when one
    of the searches below reached a limit: the caller then walks as before.

    * the candidates passing C12's test are those the same search yields on
      :meth:`Round.next_level_view`, whose look-ahead is that test (a subsequence of the
      level's candidates, in their order: docs/elo-swiss.md, "C12's walk");
    * a homogeneous level yields its candidates by decreasing ``p`` (C14): the walk meets the
      candidates with ``first``'s ``p``, then the first one with a smaller ``p``;
    * a heterogeneous level, by groups (:attr:`Candidate.group`) of equal pairs: the first
      candidate with fewer pairs is the first of the groups after ``first``'s with fewer
      pairs; a candidate passing the test is looked for in the groups from ``first``'s up to
      that one, with as many pairs or more."""
    pairs = len(first.pairs)
    saved_work = rd.matching_work
    view = rd.next_level_view(everyone, lower, nxt)
    strict_test = FloaterTest(view, lower, False)
    ordinary = FloaterTest(rd, lower, False)
    try:
        if homogeneous:
            players = rd.sort(movers + residents)
            budget = [criteria.CANDIDATE_LIMIT]
            passing = next(_homogeneous(view, players, outer, [], strict_test, budget,
                                        p_values=(pairs,)), None)
            if budget[0] < 0 or view.exchange_cuts:
                return None
            if passing is not None:
                return passing if strict_ok(frozenset(passing.floaters)) else None
            budget = [criteria.CANDIDATE_LIMIT]
            rd.matching_work = [criteria.MATCHING_WORK_LIMIT]
            cuts = rd.exchange_cuts
            fewer = next(_homogeneous(rd, players, outer, [], ordinary, budget,
                                      p_values=range(pairs - 1, -1, -1)), None)
            if budget[0] < 0 or rd.exchange_cuts != cuts:
                return None
        else:
            budget = [criteria.CANDIDATE_LIMIT]
            rd.matching_work = [criteria.MATCHING_WORK_LIMIT]
            cuts = rd.exchange_cuts
            later = _Groups(first.group, True, pairs, True)
            fewer = next(_heterogeneous(rd, movers, residents, outer, ordinary, budget,
                                        select=later), None)
            if budget[0] < 0 or later.gave_up or rd.exchange_cuts != cuts:
                return None
            budget = [criteria.CANDIDATE_LIMIT]
            until = _Groups(first.group, False, pairs, False,
                            None if fewer is None else fewer.group)
            passing = next(_heterogeneous(view, movers, residents, outer, strict_test,
                                          budget, select=until), None)
            if budget[0] < 0 or until.gave_up or view.exchange_cuts:
                return None
            if passing is not None:
                return passing if strict_ok(frozenset(passing.floaters)) else None
        if fewer is not None and strict_ok(frozenset(fewer.floaters)):
            return fewer
        return first
    finally:
        rd.matching_work = saved_work


def _some_candidate_preferred(rd: Round, first: Candidate, outer: tuple[int, ...],
                              everyone: list[int], lower: frozenset[int], nxt: frozenset[int],
                              homogeneous: bool) -> bool:
    """Whether some candidate after ``first`` (whose floaters C12's test refused) could still
    be chosen. The search goes on, keeping the first candidate whose floaters can all be
    paired in the next level, through the candidates with as many pairs as ``first`` and the
    first one with fewer; a homogeneous level yields its candidates by decreasing ``p`` (C14),
    so they all have at least ``first``'s ``x`` floaters; a heterogeneous one may later have
    more pairs (another residual, C11), so any number of floaters of the same parity (``outer``
    always float). False only when no set of floaters of those sizes passes that test at
    all (:meth:`Round.some_next_level_floaters`, a necessary condition): then the search ends
    on ``first`` whatever it tries (issue 26: near-miss one-bracket rounds walked thousands
    of candidates to learn it)."""
    forced = frozenset(outer)
    free = frozenset(everyone) - forced
    x = len(first.floaters)
    at_least = x if homogeneous else len(forced) + (x - len(forced)) % 2
    if at_least == 0:
        return True  # no floater at all passes C12's test
    return rd.some_next_level_floaters(forced, free, at_least, lower, nxt)


def _note_candidate(
    rd: Round, cand: Candidate, movers: list[int], notes: list[tuple[str, str, int, str]]
) -> None:
    down = cand.relax[0]
    if down:
        which = "B6" if down == 1 else "B6 and B5"
        which_fr = "B6" if down == 1 else "B6 puis B5"
        notes.append((f"{which} dropped for downfloaters", f"{which_fr} abandonné(s) pour les "
                      "flotteurs descendants", 1, "C9"))
    for en, fr, rule in cand.notes:
        notes.append((en, fr, 1, rule))
    for a, b in cand.pairs:
        rule = "C6"
        extra_en = extra_fr = ""
        if rd.score(a) != rd.score(b):
            hi, lo = (a, b) if rd.score(a) > rd.score(b) else (b, a)
            extra_en = f" ({hi} floats down, {lo} floats up)"
            extra_fr = f" ({hi} flotte vers le bas, {lo} vers le haut)"
            rule = "A.4"
        notes.append((f"{a} - {b}{extra_en}", f"{a} - {b}{extra_fr}", 1, rule))
    if cand.floaters:
        notes.append((f"float down: {_ids(cand.floaters)}",
                      f"flottent vers le bas : {_ids(cand.floaters)}", 1, "A.3"))


def _fallback(
    rd: Round, players: list[int], outer: tuple[int, ...], lower: frozenset[int], last: bool
) -> Candidate:
    """When the search limit is reached: in A.2 order, each player takes the first partner of
    the level after which the round stays pairable, else floats (C13's last resort). In the
    last level the one player who cannot be paired is the bye (A.5)."""
    todo = rd.sort(players)
    pairs: list[tuple[int, int]] = []
    floaters = list(outer)

    def ok(rest: list[int], out: list[int]) -> bool:
        if not last:
            return rd.completable(frozenset(rest) | frozenset(out) | lower)
        if out:
            return (len(out) == 1 and rd.bye_eligible(out[0]) and len(rest) % 2 == 0
                    and rd.completable(rest))
        return rd.completable(rest)

    while todo:
        a = todo.pop(0)
        for b in todo:
            rest = [x for x in todo if x != b]
            if rd.compatible(a, b) and ok(rest, floaters):
                pairs.append((a, b))
                todo = rest
                break
        else:
            floaters.append(a)
    if not last and not rd.completable(frozenset(floaters) | lower):
        # C13: the whole level goes down and merges with the next one
        return Candidate([], tuple(outer) + tuple(rd.sort(players)), (2, 2))
    return Candidate(pairs, tuple(floaters), (2, 2))


def _ids(ids: Iterable[int]) -> str:
    out = ", ".join(map(str, ids))
    return out or "-"
