"""Two shortcuts of the shared 2026 procedure (C.04.5 / C.04.6 Art. 3; issue 26, session 8)
checked against the plain way of asking the same question:

* the first-pairing walk (3.6.2-3.6.3, ``procedure._first_pairing``) starts from a matching
  that joins the lower half to the upper half: its answer must not depend on the matching it
  starts from. Compared with a literal enumeration of every perfect matching (the smallest
  identifier: tops ascending, then each top's bottom), from random starting matchings, on
  fields where the first identifier's own pairs are mostly barred (the 1-1 matches case);
* a pair criterion that costs 0 on one score (``PairCriterion.same_score_free``, C.04.5 [C8] =
  C.04.6 [C10]) is asked only across score levels (``procedure._pairs_to_judge``): the pairs
  found costly are those found by asking every pair.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from graph_helpers import perfect_matchings
from swisspairing.matching import max_cardinality_matching
from swisspairing.systems.swiss2026 import BracketView, Participant, upfloaters_opponents
from swisspairing.systems.swiss2026.procedure import _first_pairing, _pairs_to_judge


def _identifier(pairs: list[tuple[int, int]]) -> tuple[list[int], list[int]]:
    """3.6.2: the top members ascending, then each top's bottom member in that order."""
    ordered = sorted(pairs)
    return [a for a, _ in ordered], [b for _, b in ordered]


def _field(rng: random.Random) -> tuple[list[int], dict[int, set[int]], set[tuple[int, int]]]:
    size = 2 * rng.randint(1, 6)
    members = sorted(rng.sample(range(1, 40), size))
    n = size // 2
    blocked: dict[int, set[int]] = {v: set() for v in members}
    # the first identifier's pairs (i with n + i) are mostly played already
    for i in range(n):
        if rng.random() < 0.8:
            a, b = members[i], members[n + i]
            blocked[a].add(b)
            blocked[b].add(a)
    for a in members:
        for b in members:
            if a < b and rng.random() < 0.25:
                blocked[a].add(b)
                blocked[b].add(a)
    refused = {(a, b) for a in members for b in members if a < b and rng.random() < 0.15}
    return members, blocked, refused


@pytest.mark.parametrize("seed", range(150))
def test_first_pairing_is_the_smallest_identifier_from_any_start(seed: int) -> None:
    rng = random.Random(seed)
    members, blocked, refused = _field(rng)
    allowed = None if rng.random() < 0.4 else (
        lambda a, b: ((a, b) if a < b else (b, a)) not in refused)

    def ok(a: int, b: int) -> bool:
        return b not in blocked[a] and (allowed is None or allowed(a, b))

    every = list(perfect_matchings(members, ok))
    if not every:
        return  # the procedure never asks for the pairing of a bracket it found illegal
    expected = min(_identifier(m) for m in every)
    adj = {v: [u for u in members if u != v and ok(v, u)] for v in members}
    # two different starting matchings: a maximum one found by Edmonds, and a random one
    some = rng.choice(every)
    starts = [max_cardinality_matching(set(members), adj),
              {x: y for a, b in some for x, y in ((a, b), (b, a))}]
    for mate in starts:
        assert len(mate) == len(members)
        got = _first_pairing(members, blocked, allowed, dict(mate))
        assert _identifier(got) == expected


@pytest.mark.parametrize("seed", range(60))
def test_same_score_free_criterion_is_asked_across_levels_only(seed: int) -> None:
    rng = random.Random(500 + seed)
    members = sorted(rng.sample(range(1, 60), rng.randint(2, 24)))
    scores = {p: rng.choice((3.0, 2.5, 2.0)) for p in members}
    field = {p: Participant(p, scores[p], floated=rng.random() < 0.5) for p in members}
    c8 = upfloaters_opponents("[C8]", "2.3.5")
    assert c8.same_score_free
    view = BracketView(3.0, frozenset(p for p in members if scores[p] < 3.0))

    def costly(pairs: Iterator[tuple[int, int]]) -> set[tuple[int, int]]:
        return {(a, b) for a, b in pairs if c8.cost(field[a], field[b], view)}

    every = ((a, b) for i, a in enumerate(members) for b in members[i + 1:])
    judged = list(_pairs_to_judge(members, scores.__getitem__, True))
    assert all(a < b and scores[a] != scores[b] for a, b in judged)
    assert costly(iter(judged)) == costly(every)
    assert list(_pairs_to_judge(members, scores.__getitem__, False)) == [
        (a, b) for i, a in enumerate(members) for b in members[i + 1:]]
