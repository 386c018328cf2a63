"""The shared Art. 3 procedure (``systems/swiss2026``) against a literal enumeration of the text
on small random fields: every subset of lower players as a set of upfloaters, every perfect
matching of a bracket as a pairing, chosen by the criteria in the text's order. The procedure
uses matchings and augmenting paths; this test enumerates, so it checks that the shortcuts
return the text's answer (readings as in ``docs/double-swiss.md``: 2(a), 3, 6(a), 7)."""

from __future__ import annotations

import itertools
import random

import pytest

from graph_helpers import perfect_matchings
from swisspairing.errors import NoValidPairing
from swisspairing.systems.swiss2026 import (
    Criterion,
    PairCriterion,
    Participant,
    Rules,
    pair_round,
    upfloaters_opponents,
)

C8 = upfloaters_opponents("[C8]", "2.3.5")
#: an arbitrary second pair criterion (as the team system's colour criteria would be): costs on
#: many pairs, so that the "no pairing meets every criterion" path is taken often
ODD = PairCriterion(Criterion("[CX]", "-", "test", "test"),
                    lambda a, b, view: (a.id * b.id + a.id) % 3 == 0)


def _has(players: set[int], ok) -> bool:  # type: ignore[no-untyped-def]
    return next(perfect_matchings(sorted(players), ok), None) is not None


def literal(field: list[Participant], rules: Rules
            ) -> tuple[int | None, list[list[tuple[int, int]]]]:
    by = {p.id: p for p in field}

    def ok(a: int, b: int) -> bool:
        return b not in by[a].opponents and a not in by[b].opponents

    def score(i: int) -> float:
        return by[i].score

    ids = set(by)
    bye = None
    if len(ids) % 2:
        for p in sorted((p for p in field if p.may_get_bye),
                        key=lambda p: (p.score, -p.matches_played, -p.id)):
            if _has(ids - {p.id}, ok):
                bye = p.id
                break
        else:
            raise NoValidPairing("3.4")
    elif not _has(ids, ok):
        raise NoValidPairing("3.3.3")
    remaining = ids - {bye}
    brackets = []
    while remaining:
        top = max(score(i) for i in remaining)
        residents = {i for i in remaining if score(i) == top}
        lower = sorted(remaining - residents)
        following_score = max((score(i) for i in lower), default=None)
        following = {i for i in lower if score(i) == following_score}
        best = None
        for r in range(len(lower) + 1):
            if (len(residents) + r) % 2:
                continue
            for ups in itertools.combinations(lower, r):
                bracket = residents | set(ups)
                rest = remaining - bracket
                if not _has(bracket, ok) or not _has(rest, ok):
                    continue
                remain = following - set(ups)
                if not remain:
                    c6 = True
                elif len(remain) % 2 == 0:
                    c6 = _has(remain, ok) and _has(rest - remain, ok)
                else:
                    c6 = any(_has(remain | {u}, ok) and _has(rest - remain - {u}, ok)
                             for u in rest - remain)
                c7 = sum(by[u].floated for u in ups) if rules.upfloater_floats else 0
                key = (r, tuple(-s for s in sorted(score(u) for u in ups)),
                       0 if c6 else 1, c7, sorted(ups, key=lambda i: (-score(i), i)))
                if best is None or key < best[0]:
                    best = (key, bracket, set(ups))
            if best is not None:
                break
        assert best is not None
        _, bracket, ups = best
        from swisspairing.systems.swiss2026 import BracketView

        view = BracketView(top, frozenset(ups))
        chosen = None
        for m in perfect_matchings(sorted(bracket), ok):
            pairs = sorted((min(a, b), max(a, b)) for a, b in m)
            costs = tuple(sum(c.cost(by[a], by[b], view) for a, b in pairs)
                          for c in rules.pair_criteria)
            identifier = [a for a, _ in pairs] + [b for _, b in pairs]
            if chosen is None or (costs, identifier) < chosen[0]:
                chosen = ((costs, identifier), pairs)
        assert chosen is not None
        brackets.append(chosen[1])
        remaining -= bracket
    return bye, brackets


def random_field(rng: random.Random) -> list[Participant]:
    n = rng.randint(2, 11)
    scores = [rng.choice((0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0)[: rng.randint(1, 7)])
              for _ in range(n)]
    met: dict[int, set[int]] = {i: set() for i in range(1, n + 1)}
    density = rng.random() * 0.5
    for a, b in itertools.combinations(range(1, n + 1), 2):
        if rng.random() < density:
            met[a].add(b)
            met[b].add(a)
    return [Participant(i, scores[i - 1], opponents=frozenset(met[i]),
                        floated=rng.random() < 0.4, matches_played=rng.randint(0, 3),
                        may_get_bye=rng.random() < 0.8)
            for i in range(1, n + 1)]


@pytest.mark.parametrize("criteria", [(C8,), (C8, ODD), ()], ids=["C8", "C8+other", "none"])
def test_procedure_equals_the_literal_enumeration(criteria: tuple[PairCriterion, ...]) -> None:
    rng = random.Random(28)
    compared = 0
    for _ in range(400):
        field = random_field(rng)
        rules = Rules("C.04.5", pair_criteria=criteria, upfloater_floats=rng.random() < 0.8)
        try:
            expected = literal(field, rules)
        except NoValidPairing:
            with pytest.raises(NoValidPairing):
                pair_round(field, rules)
            continue
        result = pair_round(field, rules)
        got = (result.bye, [sorted(b.pairs) for b in result.brackets])
        assert got == expected, field
        compared += 1
    assert compared > 250
