"""Elo-Swiss D2 drawn from families (issue 26, near-miss round 5): the exchanges of a stage
searched by families (``d2_splits_where``) come in D2's order without listing the families
kept whole (past the question budget) set by set; at 400 players such families held millions
of sets and the round ran out of memory.

* ``_in_d2_order`` on families against the literal order: every (leaving S1, leaving S2) of
  the families, sorted by D2's key (difference of the sums, the weakest S1 players, the
  strongest S2 players: ``d2_exchanges``);
* a family of about 10^13 sets: the first exchanges come in D2's order, each once, with little
  memory (the families are never listed)."""

from __future__ import annotations

import itertools
import random
import tracemalloc

import pytest

from swisspairing.systems.elo_swiss import criteria
from swisspairing.systems.elo_swiss.exchanges import (
    SplitFamily,
    _every_set,
    _Family,
    _in_d2_order,
    _maybe_families,
    d2_splits,
    d2_splits_where,
)


def _d2_key(out1: tuple[int, ...], out2: tuple[int, ...]) -> tuple:
    """D2's order (``d2_exchanges``), written again from the rule: the difference of the sums,
    then the weakest S1 player first (largest number), then the strongest S2 players."""
    return sum(out2) - sum(out1), sorted(-x for x in out1), out2


def _families(rng: random.Random, places: list[int], size: int) -> list[SplitFamily]:
    """Families of ``_maybe_families`` under a random test (some sets good, the test exact
    on families) and a random question budget (0: the whole family kept)."""
    good = [set(s) for s in itertools.combinations(places, size) if rng.random() < 0.3]

    def maybe(family: SplitFamily) -> bool:
        return any(all(len(s & set(run)) == c for run, c in family) for s in good)

    return _maybe_families(places, size, maybe, rng.choice([0, 1, 3, 8, 2000]))


def test_in_d2_order_is_the_literal_order_of_the_families_sets() -> None:
    rng = random.Random(26)
    for _trial in range(120):
        n = rng.randint(4, 14)
        p = rng.randint(1, n - 1)
        size = rng.randint(1, min(p, n - p))
        fams1 = _families(rng, list(range(1, p + 1)), size)
        fams2 = _families(rng, list(range(p + 1, n + 1)), size)
        literal = sorted(((a, b) for f1 in fams1 for a in _every_set(f1)
                          for f2 in fams2 for b in _every_set(f2)),
                         key=lambda ab: _d2_key(*ab))
        drawn = [(out1, out2) for out1, out2s in _in_d2_order(fams1, fams2) for out2 in out2s]
        assert drawn == literal, (n, p, size)


def test_d2_splits_where_draws_huge_families_in_order_with_little_memory(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """94 players, p = 13 (the near-miss stage): exchanges of 12 players only are worth trying,
    and the budget of questions is 3, so the families of 12 of 81 S2 players (about 7 x 10^13
    sets) are kept whole. The first 3,000 splits (more than the exchange limit) come in D2's
    order, each once; memory stays under 20 MiB (the literal list would not fit). The search
    limit on the sets of the families kept whole (``criteria.FAMILY_SETS_LIMIT``) is lifted:
    drawn, such families no longer need it for memory."""
    monkeypatch.setattr(criteria, "FAMILY_SETS_LIMIT", 10**15)
    n, p, size = 94, 13, 12

    def maybe(family: SplitFamily) -> bool:  # only exchanges of ``size`` players
        return sum(c for run, c in family if run[0] > p) == size

    tracemalloc.start()
    try:
        first = list(itertools.islice(d2_splits_where(n, p, maybe, calls=3), 3001))
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 20 * 2**20
    assert first[0] == next(d2_splits(n, p))
    pairs = [(tuple(int(x) for x in e.split("<->")[0].split("+")),
              tuple(int(x) for x in e.split("<->")[1].split("+"))) for _, _, e in first[1:]]
    assert len(pairs) == 3000 and len(set(pairs)) == 3000
    assert all(len(a) == size == len(b) for a, b in pairs)
    keys = [_d2_key(a, b) for a, b in pairs]
    assert keys == sorted(keys)
    # the first of them is D2's first exchange of 12 players: the 12 S1 players 2..13 for
    # the strongest 12 of S2 (smallest difference of sums, then the weakest S1 players)
    assert pairs[0] == (tuple(range(2, 14)), tuple(range(14, 26)))


def test_branches_of_whole_families_asked_cut_only_dead_splits() -> None:
    """With and without the questions on the branches of the families kept whole
    (``branch_calls``): random sets of good splits, a family test that says yes exactly when
    the family holds one, a small halving budget (families kept whole). Asked, the splits are
    a subsequence of the unasked ones (D2's order kept) and hold the same good splits (a set
    leaving S2 is asked with S1 free, so a split whose two sides each belong to some good
    split may remain)."""
    rng = random.Random(5)
    cut = 0
    for _trial in range(60):
        n = rng.randint(6, 14)
        p = rng.randint(2, n // 2)
        every = list(d2_splits(n, p))
        good = {tuple(s1) for s1, _, _ in every[1:] if rng.random() < 0.05}

        def maybe(family: SplitFamily, good: set = good) -> bool:
            return any(all(len(set(s1) & set(run)) == c for run, c in family) for s1 in good)

        calls = rng.choice([0, 1, 3])
        unasked = list(d2_splits_where(n, p, maybe, calls=calls, branch_calls=0))
        asked = list(d2_splits_where(n, p, maybe, calls=calls, branch_calls=10**6))
        rest = iter(unasked)
        assert all(any(split == other for other in rest) for split in asked)
        assert [s for s in asked if tuple(s[0]) in good] == \
            [s for s in unasked if tuple(s[0]) in good]
        cut += len(unasked) - len(asked)
    assert cut > 0  # the questions did cut dead splits


def _walk_before(fam: _Family, target: int, ask) -> list[tuple[int, ...]]:  # type: ignore[no-untyped-def]
    """``_Family.sets_asked`` as it was before the branches were named by their places
    chosen (s12-elo5c): every branch's family built and asked (``ask`` keeps the answers)."""
    runs = fam.runs
    out: list[tuple[int, ...]] = []

    def walk(k: int, i: int, left: int, chosen: tuple[int, ...], passed: tuple[int, ...],
             need: int) -> None:
        run = runs[k][0]
        if left == 0:
            passed = (*passed, *run[i:])
            if k + 1 == len(runs):
                if need == 0:
                    out.append(chosen)
                return
            walk(k + 1, 0, runs[k + 1][1], chosen, passed, need)
            return
        m = len(run)
        for j in range(i, m - left + 1):
            q = run[j]
            least = q + sum(run[j + 1:j + left]) + fam.least[k + 1]
            most = q + sum(run[m - left + 1:]) + fam.most[k + 1]
            if least > need:
                return
            if most < need:
                continue
            now_chosen, now_passed = (*chosen, q), (*passed, *run[i:j])
            family = [(list(now_chosen), len(now_chosen)), (list(now_passed) + fam.none, 0),
                      (run[j + 1:], left - 1), *runs[k + 1:]]
            if ask([(r, c) for r, c in family if r]):
                walk(k, j + 1, left - 1, now_chosen, now_passed, need - q)

    if runs and fam.least[0] <= target <= fam.most[0]:
        walk(0, 0, runs[0][1], (), (), target)
    return out


@pytest.mark.parametrize("seed", range(60))
def test_sets_asked_asks_and_yields_as_before(seed: int) -> None:
    """``_Family.sets_asked`` (each branch's family built and asked once per family, named by
    its places chosen) against the walk of before on random families and random answers,
    with a budget as ``d2_splits_where``'s (past it, unknown branches are kept unasked): the
    same sets for every sum, and the same questions, in the same order of first asking."""
    rng = random.Random(seed)
    places = list(range(1, rng.randint(4, 16) + 1))
    size = rng.randint(1, min(5, len(places) - 1))
    budget = rng.choice([0, 2, 5, 10**6])
    verdicts: dict[tuple, bool] = {}

    def asker() -> tuple[list[tuple], object]:
        answers: dict[tuple, bool] = {}
        order: list[tuple] = []

        def ask(family: SplitFamily) -> bool:
            key = tuple((tuple(run), c) for run, c in family)
            known = answers.get(key)
            if known is None:
                if len(answers) >= budget:
                    return True
                known = verdicts.setdefault(key, rng.random() < 0.6)
                answers[key] = known
                order.append(key)
            return known
        return order, ask

    for family in _families(rng, places, size):
        fam = _Family(family)
        if not fam.whole:
            continue
        old_order, old_ask = asker()
        new_order, new_ask = asker()
        lo, hi = fam.sums()
        for target in range(lo - 1, hi + 2):
            before = _walk_before(fam, target, old_ask)
            assert list(fam.sets_asked(target, new_ask)) == before, target
        assert new_order == old_order
