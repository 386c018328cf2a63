"""Art. 3 of C.04.5 (Double-Swiss) and C.04.6 (Swiss Team), 2026: the pairing procedure the
two texts share word for word (``../shared/rules/double-swiss.md`` 4, ``team-swiss.md`` 4).

How a system uses it (see :mod:`swisspairing.systems.swiss2026`):

1. build one :class:`~.participants.Participant` per participant to pair (TPN, pairing score,
   played opponents, float of the previous round, matches played, [C2] bye eligibility);
2. give the :class:`Rules`: its citation prefix (``"C.04.5"``), its pair criteria in priority
   order (:mod:`.criteria`), whether [C7] applies this round;
3. call :func:`pair_round`; it returns the pairing-allocated bye and the brackets with their
   pairs as ``(top, bottom)`` TPNs (3.6.1) - **no colours**;
4. allocate colours with the system's own Art. 4 (3.3.2 step 4).

The procedure (3.3.2):

* **3.4** the PAB first: candidates allowed by [C2], by score ascending, matches played
  descending, TPN descending; the first whose absence leaves a complete pairing (3.4.1,
  [C3]) gets it;
* **3.5** the top-scoregroup (the highest score among the unpaired, 3.2) takes the set of
  upfloaters: the fewest ([C4]), then the best scores ([C5], upfloaters' scores compared in
  ascending order), among the sets that give a legal bracket and leave the rest completable
  ([C3]); among the sets of that size and score profile, in the order of 3.5.3-3.5.4
  (members by score then TPN, lexicographic), the first with the best [C6] then the fewest
  [C7];
* **3.6** the bracket's pairing: the first identifier (3.6.2: tops ascending, then each top's
  bottom; lexicographic, 3.6.3) among the legal pairings with the least cost of the system's
  pair criteria (3.6.4);
* repeat until everybody is paired (3.3.2 step 3).

Every "can the rest still be paired" question ([C1] plus the prohibited pairs) is a perfect
matching question; the procedure keeps one perfect matching of the unpaired participants and
repairs it by augmenting paths, so that a question costs little more than the players it
touches (a 1,000-player round pairs in well under a second).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass, field

from ...errors import NoValidPairing
from ...matching import augment_path, lexicographic_bipartite_matching, max_weight_matching
from ...matching.bitsets import augment_bits, bits, mask_of
from ..explain import Explanation, fr_number, fr_points
from .criteria import C4, C5, C6, C7, BracketView, PairCriterion
from .participants import Participant


@dataclass(frozen=True, slots=True)
class Rules:
    """What differs between the systems that share the procedure.

    * ``system`` - the citation prefix of notes and messages (``"C.04.5"``, ``"C.04.6"``);
    * ``pair_criteria`` - the quality criteria judged on a bracket's pairs (3.6.4), in
      priority order: C.04.5 ``([C8],)`` except in the last round; C.04.6 ``([C8], [C9],
      [C10])`` as its colour type and round allow;
    * ``upfloater_floats`` - [C7] applies (not in the last round in C.04.5, not in the last two
      rounds in C.04.6).
    """

    system: str
    pair_criteria: tuple[PairCriterion, ...] = ()
    upfloater_floats: bool = True


@dataclass(slots=True)
class Bracket:
    """One bracket as paired: residents (the top-scoregroup), upfloaters, pairs (top, bottom)
    and how the chosen set and pairing met the criteria."""

    score: float
    residents: list[int]
    upfloaters: list[int]
    pairs: list[tuple[int, int]] = field(default_factory=list)
    following_paired: bool | None = None  # [C6]: None when it did not apply
    floaters_floated: int = 0  # [C7]
    pair_costs: tuple[int, ...] = ()  # the pair criteria's totals, in order


@dataclass(slots=True)
class RoundPairing:
    """The procedure's result: the bye and the brackets in the order they were paired."""

    bye: int | None
    brackets: list[Bracket]

    @property
    def pairs(self) -> list[tuple[int, int]]:
        return [pair for b in self.brackets for pair in b.pairs]


# --- the "may meet" graph ------------------------------------------------------------------------
class _Adjacency:
    """Neighbours on demand: the members of ``order`` a participant may meet ([C1], prohibited
    pairs), optionally only through the pairs ``allowed`` accepts."""

    __slots__ = ("allowed", "blocked", "order")

    def __init__(self, order: Sequence[int], blocked: dict[int, set[int]],
                 allowed: object = None) -> None:
        self.order = order
        self.blocked = blocked
        self.allowed = allowed

    def fits(self, a: int, b: int) -> bool:
        return b not in self.blocked[a] and (
            self.allowed is None or self.allowed(a, b))  # type: ignore[operator]

    def __getitem__(self, v: int) -> list[int]:
        bl = self.blocked[v]
        out = [u for u in self.order if u != v and u not in bl]
        if self.allowed is not None:
            ok = self.allowed
            out = [u for u in out if ok(v, u)]  # type: ignore[operator]
        return out


def _complete(mate: dict[int, int], verts: set[int], adj: _Adjacency) -> bool:
    """Make ``mate`` (a matching inside ``verts``) perfect on ``verts`` by augmenting paths;
    False when no perfect matching exists ([C3])."""
    if len(verts) % 2:
        return False
    exposed = sorted(v for v in verts if v not in mate)
    # exposed vertices that may meet are matched directly (the usual case, and cheap)
    for i, v in enumerate(exposed):
        if v in mate:
            continue
        for u in exposed[i + 1:]:
            if u not in mate and adj.fits(v, u):
                mate[v], mate[u] = u, v
                break
    return all(v in mate or augment_path(v, verts, adj, mate) for v in exposed)


def _restricted(mate: dict[int, int], verts: set[int]) -> dict[int, int]:
    return {a: b for a, b in mate.items() if a in verts and b in verts}


def _greedy(order: Sequence[int], blocked: dict[int, set[int]]) -> dict[int, int]:
    """A first matching: each unmatched participant with the next one it may meet."""
    mate: dict[int, int] = {}
    for i, v in enumerate(order):
        if v in mate:
            continue
        bl = blocked[v]
        for u in order[i + 1:]:
            if u not in mate and u not in bl:
                mate[v], mate[u] = u, v
                break
    return mate


# --- the procedure -------------------------------------------------------------------------------
class _Procedure:
    def __init__(self, participants: Sequence[Participant], rules: Rules,
                 forbidden: Collection[tuple[int, int]], explanation: Explanation | None):
        self.by_id = {p.id: p for p in participants}
        if len(self.by_id) != len(participants):
            raise ValueError("two participants have the same TPN")
        self.ids = sorted(self.by_id)
        self.rules = rules
        self.explanation = explanation
        self.blocked: dict[int, set[int]] = {i: set() for i in self.ids}
        for p in participants:
            for o in p.opponents:
                if o in self.blocked:
                    self.blocked[p.id].add(o)
                    self.blocked[o].add(p.id)
        for a, b in forbidden:
            if a in self.blocked and b in self.blocked:
                self.blocked[a].add(b)
                self.blocked[b].add(a)
        self.adj = _Adjacency(self.ids, self.blocked)

    # notes
    def note(self, en: str, fr: str, level: int = 0, rule: str = "") -> None:
        if self.explanation is not None:
            self.explanation.add(en, fr, level=level,
                                 rule=f"{self.rules.system} {rule}" if rule else "")

    def score(self, pid: int) -> float:
        return self.by_id[pid].score

    # 3.4
    def assign_bye(self, mate: dict[int, int]) -> tuple[int | None, dict[int, int]]:
        everyone = set(self.ids)
        if len(everyone) % 2 == 0:
            if not _complete(mate, everyone, self.adj):
                raise NoValidPairing(f"{self.rules.system} 3.3.3: no complete round-pairing "
                                     "exists ([C1], [C3]); the Chief Arbiter decides")
            return None, mate
        candidates = sorted((p for p in self.by_id.values() if p.may_get_bye),
                            key=lambda p: (p.score, -p.matches_played, -p.id))
        for p in candidates:
            trial = dict(mate)
            partner = trial.pop(p.id, None)
            if partner is not None:
                del trial[partner]
            if _complete(trial, everyone - {p.id}, self.adj):
                self.note(
                    f"Pairing-allocated bye: {p.id} (score {p.score:g}, {p.matches_played} "
                    "matches played): the lowest score, then the most matches played, then "
                    "the largest TPN among those who may have it and leave a complete pairing",
                    f"Exempt : {p.id} ({fr_points(p.score)}, {p.matches_played} "
                    "matchs joués) : le score le plus bas, puis le plus de matchs joués, puis "
                    "le plus grand numéro parmi ceux qui peuvent l'avoir et laissent un "
                    "appariement complet",
                    rule="3.4")
                return p.id, trial
        raise NoValidPairing(f"{self.rules.system} 3.4: nobody allowed the pairing-allocated "
                             "bye ([C2]) leaves a complete pairing for the others ([C3])")

    # 3.5
    def legal(self, bracket: set[int], rest: set[int], mate: dict[int, int]
              ) -> tuple[dict[int, int], dict[int, int]] | None:
        """The bracket can be paired and the rest too ([C1], [C3]): both perfect matchings."""
        if len(bracket) % 2:
            return None
        inner = _restricted(mate, bracket)
        if not _complete(inner, bracket, _Adjacency(sorted(bracket), self.blocked)):
            return None
        outer = _restricted(mate, rest)
        if len(outer) != len(rest) and not _complete(outer, rest, self.adj):
            return None
        return inner, outer

    def following_ok(self, following: list[int], upfloaters: set[int], rest: set[int],
                     rest_mate: dict[int, int]) -> bool:
        """[C6] (2.3.3), reading (a) of ``docs/double-swiss.md``: unless the following
        scoregroup was emptied, its remaining members can be paired in their own bracket with
        the fewest upfloaters their number allows (none or one), legally ([C1]) and leaving
        the rest completable ([C3])."""
        remain = [p for p in following if p not in upfloaters]
        if not remain:
            return True
        group = set(remain)
        if len(group) % 2 == 0:
            return self.legal(group, rest - group, rest_mate) is not None
        below = sorted(rest - group, key=lambda i: (-self.score(i), i))
        return any(self.legal(group | {u}, rest - group - {u}, rest_mate) is not None
                   for u in below)

    def choose_upfloaters(self, residents: list[int], remaining: set[int],
                          mate: dict[int, int]):  # type: ignore[no-untyped-def]
        lower = sorted(remaining - set(residents), key=lambda i: (-self.score(i), i))
        levels: list[tuple[float, list[int]]] = []
        for pid in lower:
            s = self.score(pid)
            if levels and levels[-1][0] == s:
                levels[-1][1].append(pid)
            else:
                levels.append((s, [pid]))
        following = levels[0][1] if levels else []
        counts = [len(members) for _, members in levels]
        floats = self.rules.upfloater_floats
        for k in range(len(residents) % 2, len(lower) + 1, 2):
            for profile in _profiles(k, counts):
                # the least [C7] any set of this profile can have
                least = sum(max(0, need - sum(1 for p in levels[j][1]
                                              if not self.by_id[p].floated))
                            for j, need in enumerate(profile) if need) if floats else 0
                best = None
                for chosen in _sets(profile, levels):
                    bracket = set(residents) | set(chosen)
                    rest = remaining - bracket
                    found = self.legal(bracket, rest, mate)
                    if found is None:
                        continue
                    c7 = sum(1 for p in chosen if self.by_id[p].floated) if floats else 0
                    if best is not None and best[0][0] == 0 and best[0][1] <= c7:
                        continue  # [C6] cannot make it better than the one kept
                    c6 = self.following_ok(following, set(chosen), rest, found[1])
                    key = (0 if c6 else 1, c7)
                    if best is None or key < best[0]:
                        best = (key, list(chosen), found)
                    if key == (0, least):
                        break
                if best is not None:
                    (c6_fail, c7), chosen, (inner, outer) = best
                    return chosen, inner, outer, not c6_fail, c7
        raise NoValidPairing(f"{self.rules.system} 3.3.3: no legal bracket for the "
                             "top-scoregroup")  # pragma: no cover - the whole rest is legal

    # 3.6
    def pair_bracket(self, members: list[int], upfloaters: set[int], score: float,
                     mate: dict[int, int]) -> tuple[list[tuple[int, int]], tuple[int, ...]]:
        members = sorted(members)
        view = BracketView(score, frozenset(upfloaters))
        criteria = self.rules.pair_criteria
        blocked = self.blocked

        def cost(a: int, b: int) -> tuple[int, ...]:
            pa, pb = self.by_id[a], self.by_id[b]
            return tuple(c.cost(pa, pb, view) for c in criteria)

        costly: set[tuple[int, int]] = set()
        if criteria:
            for a, b in _pairs_to_judge(members, self.score,
                                        all(c.same_score_free for c in criteria)):
                if b not in blocked[a] and any(cost(a, b)):
                    costly.add((a, b))
        zero = tuple(0 for _ in criteria)
        if not costly:
            return _first_pairing(members, blocked, None, mate), zero
        allowed = _NotIn(costly)
        start = {a: b for a, b in mate.items() if (min(a, b), max(a, b)) not in costly}
        verts = set(members)
        if _complete(start, verts, _Adjacency(members, blocked, allowed)):
            return _first_pairing(members, blocked, allowed, start), zero
        return self.weighted_pairing(members, cost)

    def weighted_pairing(self, members: list[int], cost) -> tuple[  # type: ignore[no-untyped-def]
            list[tuple[int, int]], tuple[int, ...]]:
        """The first identifier among the pairings of least criteria cost when no pairing
        meets every pair criterion: one maximum-weight perfect matching whose weights hold,
        from the most significant digits down, the criteria (in priority order), the set of
        top members (3.6.3: the smallest TPN in which two identifiers' tops differ decides)
        and each top's bottom member (digit position = the top's rank)."""
        size = len(members)
        n_criteria = len(self.rules.pair_criteria)
        rank = {p: i for i, p in enumerate(members)}
        pairs = [(a, b) for i, a in enumerate(members) for b in members[i + 1:]
                 if b not in self.blocked[a]]
        costs = {pair: cost(*pair) for pair in pairs}
        base_c = max((max(c) for c in costs.values()), default=0) * (size // 2) + 1
        crit_range = base_c ** n_criteria
        bottom_range = size ** size
        top_range = (size // 2 + 1) * (1 << size)

        def encoded(a: int, b: int) -> int:
            crit = 0
            for c in costs[(a, b)]:
                crit = crit * base_c + c
            top = (1 << size) - (1 << (size - 1 - rank[a]))
            bottom = rank[b] * size ** (size - 1 - rank[a])
            return (crit * top_range + top) * bottom_range + bottom

        edge_cost = {pair: encoded(*pair) for pair in pairs}
        big = (size // 2 + 1) * crit_range * top_range * bottom_range + 1
        mate = max_weight_matching(members, {pair: big - c for pair, c in edge_cost.items()})
        if len(mate) != size:  # pragma: no cover - the bracket was checked to be legal
            raise NoValidPairing(f"{self.rules.system} 3.6: the bracket cannot be paired")
        out = sorted((a, b) for a, b in mate.items() if a < b)
        totals = tuple(sum(costs[p][j] for p in out) for j in range(n_criteria))
        return out, totals

    def run(self) -> RoundPairing:
        mate = _greedy(self.ids, self.blocked)
        bye, mate = self.assign_bye(mate)
        remaining = set(self.ids) - ({bye} if bye is not None else set())
        brackets: list[Bracket] = []
        while remaining:
            top = max(self.score(p) for p in remaining)
            residents = sorted(p for p in remaining if self.score(p) == top)
            chosen, inner, outer, c6_ok, c7 = self.choose_upfloaters(residents, remaining, mate)
            members = residents + chosen
            pairs, costs = self.pair_bracket(members, set(chosen), top, inner)
            bracket = Bracket(top, residents, sorted(chosen, key=lambda i: (-self.score(i), i)),
                              pairs, c6_ok if chosen or len(residents) % 2 else None, c7, costs)
            brackets.append(bracket)
            self.explain_bracket(bracket)
            remaining -= set(members)
            mate = outer
        return RoundPairing(bye, brackets)

    def explain_bracket(self, b: Bracket) -> None:
        if self.explanation is None:
            return
        res = " ".join(map(str, b.residents))
        self.note(f"Top-scoregroup {b.score:g}: {res}",
                  f"Groupe de tête {fr_number(b.score)} : {res}", rule="3.2")
        if b.upfloaters:
            ups = ", ".join(f"{u} ({self.score(u):g})" for u in b.upfloaters)
            ups_fr = ", ".join(f"{u} ({fr_number(self.score(u))})" for u in b.upfloaters)
            self.note(f"upfloaters {ups}: the fewest ({C4.label}), with the best scores "
                      f"({C5.label}), first set in TPN order (3.5.4) leaving a complete pairing",
                      f"flotteurs montants {ups_fr} : le moins possible ({C4.label}), avec les "
                      f"meilleurs scores ({C5.label}), premier ensemble dans l'ordre des numéros "
                      "(3.5.4) laissant un appariement complet",
                      level=1, rule="3.5")
            if b.following_paired is False:
                self.note(f"the following scoregroup cannot be paired by itself ({C6.label} "
                          "not met by any such set)",
                          f"le groupe de points suivant ne peut pas être apparié seul ({C6.label} "
                          "non satisfait par aucun de ces ensembles)", level=1, rule=C6.article)
            if b.floaters_floated:
                self.note(f"{b.floaters_floated} upfloater(s) floated in the previous round "
                          f"(the fewest possible, {C7.label})",
                          f"{b.floaters_floated} flotteur(s) montant(s) ont déjà flotté à la "
                          f"ronde précédente (le moins possible, {C7.label})",
                          level=1, rule=C7.article)
        for crit, total in zip(self.rules.pair_criteria, b.pair_costs, strict=True):
            if total:
                self.note(f"{crit.criterion.label} not met {total} time(s) (the least "
                          f"possible): {crit.criterion.en}",
                          f"{crit.criterion.label} non satisfait {total} fois (le moins "
                          f"possible) : {crit.criterion.fr}",
                          level=1, rule=crit.criterion.article)
        listed = " ".join(f"{a}-{c}" for a, c in b.pairs)
        self.note(f"pairs (first identifier in TPN order): {listed}",
                  f"paires (premier identifiant dans l'ordre des numéros) : {listed}",
                  level=1, rule="3.6")


class _NotIn:
    """``allowed(a, b)``: the pair is not one of ``costly`` (a pair criterion not met);
    :attr:`refused` the same as one bit set per participant (for :class:`_RoleBarred`)."""

    __slots__ = ("costly", "refused")

    def __init__(self, costly: set[tuple[int, int]]) -> None:
        self.costly = costly
        self.refused: dict[int, int] = {}
        for a, b in costly:
            self.refused[a] = self.refused.get(a, 0) | (1 << b)
            self.refused[b] = self.refused.get(b, 0) | (1 << a)

    def __call__(self, a: int, b: int) -> bool:
        return ((a, b) if a < b else (b, a)) not in self.costly


def _pairs_to_judge(members: list[int], score: Callable[[int], float],
                    across_only: bool) -> Iterator[tuple[int, int]]:
    """The pairs ``(a, b)``, ``a < b``, of the sorted ``members`` whose pair criteria a
    bracket must ask (3.6.4): all of them, or with ``across_only`` (every criterion costs 0
    on one score, :attr:`PairCriterion.same_score_free`) only those across two score levels
    (a one-score bracket of 1,000 players: none instead of 500,000)."""
    if not across_only:
        for i, a in enumerate(members):
            for b in members[i + 1:]:
                yield a, b
        return
    levels: dict[float, list[int]] = {}
    for p in members:
        levels.setdefault(score(p), []).append(p)
    groups = list(levels.values())
    for i, group in enumerate(groups):
        for other in groups[i + 1:]:
            for a in group:
                for b in other:
                    yield (a, b) if a < b else (b, a)


def _profiles(k: int, counts: list[int]) -> Iterator[list[int]]:
    """The ways to take ``k`` upfloaters from the score levels (``counts[j]`` members at level
    j, highest score first), best [C5] first: the lowest upfloater's score as high as
    possible, then the next lowest... (scores compared in ascending order, 2.3.2). Each
    profile is the number taken per level."""
    taken = [0] * len(counts)

    def walk(left: int, deepest: int) -> Iterator[list[int]]:
        if left == 0:
            yield list(taken)
            return
        # the lowest of the ``left`` still to choose is at level j; the others at levels <= j
        for j in range(deepest + 1):
            if sum(counts[i] - taken[i] for i in range(j + 1)) < left:
                continue
            if taken[j] >= counts[j]:
                continue
            taken[j] += 1
            yield from walk(left - 1, j)
            taken[j] -= 1

    seen: set[tuple[int, ...]] = set()
    for profile in walk(k, len(counts) - 1):
        key = tuple(profile)
        if key not in seen:
            seen.add(key)
            yield profile


def _sets(profile: list[int], levels: list[tuple[float, list[int]]]) -> Iterator[tuple[int, ...]]:
    """The sets of one profile in 3.5.4 order: members listed by score descending then TPN
    ascending (3.5.3), sets compared lexicographically on those lists - the product, highest
    level first, of each level's combinations in lexicographic order."""
    parts = [itertools.combinations(levels[j][1], need)
             for j, need in enumerate(profile) if need]
    for combo in itertools.product(*parts):
        yield tuple(p for part in combo for p in part)


class _RoleBarred(Mapping[int, int]):
    """The "may meet" graph of :func:`_first_pairing`'s walk as bit sets (bit ``i`` =
    participant ``i``): per member, the members he may *not* meet (himself included) given the
    roles decided so far (3.6.2: in a pair the lower TPN is the top member, so a top member
    meets only higher TPNs that may be bottoms, a bottom only lower TPNs that may be tops).
    The roles (``tops``, ``bottoms``) change between searches, never during one; the
    neighbours are those of the pair-by-pair relation it replaced, in the same (TPN) order, so
    Edmonds' search (:func:`~swisspairing.matching.bitsets.augment_bits`) takes the same steps
    (issue 26: the near-miss one-bracket rounds, where most of these searches find nothing).
    """

    def __init__(self, members: Sequence[int], blocked: dict[int, set[int]],
                 allowed: object) -> None:
        among = mask_of(members)
        self.base: dict[int, int] = {}  # the members each may meet whatever the roles
        for v in members:
            near = among & ~mask_of(blocked[v]) & ~(1 << v)
            if isinstance(allowed, _NotIn):  # the same pairs as asking it of each, at once
                near &= ~allowed.refused.get(v, 0)
            elif allowed is not None:
                near &= mask_of(u for u in bits(near) if allowed(v, u))  # type: ignore[operator]
            self.base[v] = near
        self.tops = 0
        self.bottoms = 0

    def __getitem__(self, v: int) -> int:
        below = (1 << v) - 1
        partners = 0
        if not (self.tops >> v) & 1:  # v may be a bottom: a lower TPN that may be a top
            partners |= below & ~self.bottoms
        if not (self.bottoms >> v) & 1:  # v may be a top: a higher TPN that may be a bottom
            partners |= ~below & ~(1 << v) & ~self.tops
        return ~(self.base[v] & partners)

    def __iter__(self) -> Iterator[int]:
        return iter(self.base)

    def __len__(self) -> int:
        return len(self.base)


def _first_pairing(members: list[int], blocked: dict[int, set[int]], allowed: object,
                   mate: dict[int, int]) -> list[tuple[int, int]]:
    """The pairing of ``members`` with the smallest identifier (3.6.2-3.6.3) among the perfect
    matchings of the "may meet" graph (restricted by ``allowed``); ``mate`` is one of them.

    Identifiers compare the sorted top members first: going up the TPNs, each member is made a
    top member whenever a perfect matching keeping every earlier decision allows it (one
    augmenting path decides); then, the tops fixed, each top in turn takes the smallest bottom
    member a complete pairing allows (the lexicographically first bipartite matching).
    """
    n = len(members) // 2
    ok = allowed

    def fits(a: int, b: int) -> bool:
        return b not in blocked[a] and (ok is None or ok(a, b))  # type: ignore[operator]

    # the first identifier of all: the i-th member with the (n+i)-th
    if all(fits(members[i], members[n + i]) for i in range(n)):
        return [(members[i], members[n + i]) for i in range(n)]
    barred = _RoleBarred(members, blocked, ok)
    # start from the lower half's members each joined, in order, to the lowest free member of
    # the upper half he may meet (the first identifier's own pairs when they are allowed: the
    # lexicographically first choice when the lower half are the tops), completed by
    # augmenting paths: the walk below then mostly confirms the tops it finds (a member whose
    # mate is higher is a top without a search), and the bottoms' step below mostly confirms
    # the bottoms. The walk's answers do not depend on the matching it starts from (each is
    # an exact "is there a perfect matching" question), nor do the bottoms (the
    # lexicographically first matching is unique), so neither does the pairing; only the
    # searches made do (issue 26: after four matches of 1-1, 1,000 players in one bracket, the
    # first identifier's pairs had all been played and the walk made 499 searches).
    start: dict[int, int] = {}
    upper_free = mask_of(members[n:])
    for a in members[:n]:
        options = barred.base[a] & upper_free
        if options:
            b = (options & -options).bit_length() - 1
            start[a], start[b] = b, a
            upper_free &= ~(1 << b)
    if _complete(start, set(members), _Adjacency(members, blocked, ok)):
        mate = start
    role: dict[int, bool] = {}  # True = top member
    among = mask_of(members)
    mate = dict(mate)
    tops = 0
    for p in members:
        if tops == n:
            role[p] = False
            barred.bottoms |= 1 << p
            continue
        q = mate[p]
        if q > p:
            role[p] = True
            barred.tops |= 1 << p
            tops += 1
            continue
        trial = dict(mate)
        del trial[p], trial[q]
        role[p] = True
        barred.tops |= 1 << p
        if augment_bits(q, among, barred, trial):
            mate = trial
            tops += 1
        else:
            role[p] = False
            barred.tops &= ~(1 << p)
            barred.bottoms |= 1 << p
    top_members = [p for p in members if role[p]]
    bottoms = [p for p in members if not role[p]]
    bottom_mask = mask_of(bottoms)
    # 3.6.3, the bottoms: each top in turn takes the smallest bottom a complete pairing allows.
    # While a top's mate is already the smallest bottom he may meet that the tops before him
    # left free, that is his answer (none smaller is free; the matching shows it completes):
    # those tops are settled by a word operation each, and only the tops from the first one
    # that is not go to the lexicographic matching, over the bottoms left (issue 26).
    chosen: dict[int, int] = {}
    taken = 0
    for t in top_members:
        free = barred.base[t] & bottom_mask & ~taken & ~((1 << (t + 1)) - 1)
        if (free & -free).bit_length() - 1 != mate[t]:
            break
        chosen[t] = mate[t]
        taken |= 1 << mate[t]
    left = top_members[len(chosen):]
    if left:
        bottom_mask &= ~taken
        # each top's possible bottoms in TPN order: higher, a free bottom, may meet him (fits);
        # read from the bit set written out as a string (one character per TPN)
        choices = {}
        for t in left:
            near = format(barred.base[t] & bottom_mask, "b")[::-1]
            choices[t] = [b for b in bottoms if b > t and b < len(near) and near[b] == "1"]
        rest = lexicographic_bipartite_matching(left, choices, {t: mate[t] for t in left},
                                                set(bits(bottom_mask)))
        assert rest is not None
        chosen.update(rest)
    return [(t, chosen[t]) for t in top_members]


def pair_round(participants: Sequence[Participant], rules: Rules, *,
               forbidden: Collection[tuple[int, int]] = (),
               explanation: Explanation | None = None) -> RoundPairing:
    """Pair one round by Art. 3 (see the module docstring). ``forbidden`` lists pairs that may
    not meet besides [C1] (prohibited pairings, TRF ``260``). Raises
    :class:`~swisspairing.errors.NoValidPairing` when no complete round-pairing exists
    (3.3.3: the Chief Arbiter decides)."""
    if not participants:
        return RoundPairing(None, [])
    return _Procedure(participants, rules, forbidden, explanation).run()
