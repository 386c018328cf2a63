"""D2 by families (issue 26): the families of exchanges left undecided after the family
questions are listed whole only while they hold at most ``criteria.FAMILY_SETS_LIMIT`` sets;
past it the stage stops there as at the exchange limit and the level says so (near-miss round
5 at 1,000 players listed families of millions of sets: 6 GB, then 110 s and 46 MiB)."""

from __future__ import annotations

import functools

import pytest

from swisspairing.systems import get_system
from swisspairing.systems.elo_swiss import criteria, exchanges, stage
from swisspairing.systems.elo_swiss.exchanges import TooManySets, d2_splits, d2_splits_where
from swisspairing.systems.explain import Explanation
from test_elo_swiss_split_bits import white_mostly_wins

ENGINE = get_system("elo-swiss")


def test_families_listed_whole_up_to_the_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every family kept whole at once (``calls`` 0 or 1): the splits of ``d2_splits`` in
    order while the sets fit the limit; past it the search gives up before listing them."""
    n, p = 22, 8
    every = list(d2_splits(n, p))
    for calls in (0, 1):
        assert list(d2_splits_where(n, p, lambda family: True, calls=calls)) == every
    # one exchange size: C(14, 1) = 14 sets leaving S2 fit; C(14, 2) = 91 do not
    monkeypatch.setattr(criteria, "FAMILY_SETS_LIMIT", 20)
    got = []
    with pytest.raises(TooManySets):
        for split in d2_splits_where(n, p, lambda family: True, calls=0):
            got.append(split)
    assert got == every[:len(got)]
    assert len(got) == 1 + p * (n - p)  # no exchange, then every exchange of one player
    assert exchanges._family_sets([(list(range(14)), 2), (list(range(5)), 1)]) == 91 * 5


def _explained(t: object, r: int, lang: str = "en") -> str:
    explanation = Explanation()
    ENGINE.pair(t.before_round(r), r, explanation)  # type: ignore[attr-defined]
    return explanation.render(lang)


def test_a_stage_past_the_family_limit_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    """Near-miss event (seed 903, 30 players), round 5, every family kept whole at once: with
    the real limit the same pairing and explanation as with the family questions answered
    one by one; with a limit of 0 sets a stage gives up and the level says so, in English
    and French."""
    t = white_mostly_wins(ENGINE, 903, 30, 4)
    before = _explained(t, 5)
    monkeypatch.setattr(stage, "d2_splits_where", functools.partial(d2_splits_where, calls=0))
    assert _explained(t, 5) == before
    assert "search limit" not in before
    monkeypatch.setattr(criteria, "FAMILY_SETS_LIMIT", 0)
    text = _explained(t, 5)
    assert "the exchanges left to try were too many to list (over 0 sets)" in text
    assert "a stage stopped after" not in text
    assert "trop nombreux (plus de 0 ensembles)" in _explained(t, 5, "fr")
