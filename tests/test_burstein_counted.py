"""Near-miss brackets paired with the floaters counted per colour class
(systems/burstein/counted.py, issue 26) give the weighted matching's pairing.

After White won 80-100 % of the seeding rounds' games, brackets float many players to specific
places. On small events of that kind every bracket the counted candidate answers is compared
with :func:`matched_bracket` (the weights over everybody below, the general method): the same
pairs (in BSN order) and floaters, and the candidate answers often enough for the comparison to
mean something.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from burstein_helpers import next_round, weighed_brackets
from swisspairing.matching.bitsets import bits, matched_without_pair
from swisspairing.systems.burstein.counted import (
    SplitCompletion,
    class_split,
    counted_floaters_bracket,
)
from swisspairing.systems.burstein.ideal import fewest_misses
from test_burstein_floating import white_mostly_event


def compare_event(n: int, total: int, rate: float, seed: int, used: Counter[str]) -> None:
    rnd = next_round(white_mostly_event(n, total, rate, seed))
    r = rnd.round_number
    for score, bracket, following, below, mate in weighed_brackets(rnd):
        inside = set(bracket)
        bsn = {pid: x for x, pid in enumerate(bracket)}
        pairs = sorted(((a, mate[a]) for a in bracket
                        if mate[a] in inside and bsn[a] < bsn[mate[a]]),
                       key=lambda p: bsn[p[0]])
        floaters = [a for a in bracket if mate[a] not in inside]
        found = counted_floaters_bracket(rnd, bracket, following, below)
        used["brackets"] += 1
        if found is not None:
            used["counted"] += 1
            assert found[0] == pairs, f"seed {seed} round {r} bracket {score}"
            assert found[1] == floaters, f"seed {seed} round {r} bracket {score}"


@pytest.mark.parametrize("total", [5, 9])
def test_counted_candidate_equals_the_weights(total: int) -> None:
    used: Counter[str] = Counter()
    rng = random.Random(2600 + total)
    for seed in range(30):
        n = rng.choice([16, 20, 24, 32, 40, 48, 64]) + (seed % 5 == 3)
        compare_event(n, total, rng.choice([0.85, 0.9, 0.95, 1.0]), seed, used)
    assert used["counted"] > 20, used


def test_class_split_is_the_only_best_choice() -> None:
    """:func:`class_split` returns the split of the floaters per class (here of one score, then
    of two) with the fewest pairs of equal preferences when it is the only one, else None."""
    rng = random.Random(5)
    answered = 0
    for _ in range(2000):
        counts = [rng.randint(0, 8) for _ in range(3)]
        pool = [rng.randint(0, c) for c in counts]
        r = rng.randint(0, sum(pool))
        splits = [(a, b, r - a - b) for a in range(pool[0] + 1) for b in range(pool[1] + 1)
                  if 0 <= r - a - b <= pool[2]]
        scored = [(fewest_misses([counts[0] - a, counts[1] - b, counts[2] - c]), (a, b, c))
                  for a, b, c in splits]
        best = min(m for m, _ in scored)
        winners = [s for m, s in scored if m == best]
        got = class_split(counts, [pool], [r])
        if len(winners) == 1:
            answered += 1
            assert got is not None and tuple(got[0]) == winners[0]
        else:
            assert got is None
        # the same floaters owed by two scores: the best pairs of splits
        first = [rng.randint(0, x) for x in pool]
        second = [x - y for x, y in zip(pool, first, strict=True)]
        r1 = rng.randint(0, min(r, sum(first)))
        if r - r1 > sum(second):
            continue
        pairs_of_ways = [((a, b, r1 - a - b), (c, d, r - r1 - c - d))
                         for a in range(first[0] + 1) for b in range(first[1] + 1)
                         if 0 <= r1 - a - b <= first[2]
                         for c in range(second[0] + 1) for d in range(second[1] + 1)
                         if 0 <= r - r1 - c - d <= second[2]]
        scored2 = [(fewest_misses([counts[k] - x[k] - y[k] for k in range(3)]), (x, y))
                   for x, y in pairs_of_ways]
        best2 = min(m for m, _ in scored2)
        winners2 = [w for m, w in scored2 if m == best2]
        got2 = class_split(counts, [first, second], [r1, r - r1])
        if len(winners2) == 1:
            assert got2 is not None and (tuple(got2[0]), tuple(got2[1])) == winners2[0]
        else:
            assert got2 is None
    assert answered > 300


def test_counts_rule_out_only_pairs_that_cannot_be_completed(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """:meth:`SplitCompletion.failing_by_count` (Hall's condition on the added vertices and on
    the classes that may not meet) names only players ``b`` with whom the rest of the bracket
    cannot be completed: for every one it names, a perfect matching of the rest without ``a``
    and ``b`` does not exist (checked by the matching repair itself), on the brackets of small
    near-miss events; and the counts do rule some out (else they would be dead weight)."""
    checked: Counter[str] = Counter()
    original = SplitCompletion.failing_by_count

    def checking(self: SplitCompletion, a: int) -> int:
        failing = original(self, a)
        for b in bits(failing & self.among & ~self.barred[a]):
            checked["ruled out"] += 1
            assert matched_without_pair(a, b, self.among, self.barred, self.mate) is None
        return failing

    monkeypatch.setattr(SplitCompletion, "failing_by_count", checking)
    used: Counter[str] = Counter()
    rng = random.Random(2626)
    for seed in range(16):
        n = rng.choice([20, 24, 32, 40, 48]) + (seed % 3 == 1)
        compare_event(n, 9, rng.choice([0.85, 0.9, 0.95]), seed, used)
    assert checked["ruled out"] > 50, checked
