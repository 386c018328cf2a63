"""Issue 26, near-miss round 3 at 4,000 players: the sizes the Elo-Swiss system asks of large
levels (``Round.most_pairs``, ``Round.floaters_needed``, the lower levels' matching of
``Round.completable_over``) come from ``BitMatching.pruned`` (the Hungarian tree of each
failed search removed from the later searches), and ``level._homogeneous`` asks two of
``pair_stage``'s first "no"s once per level instead of once per stage.

* ``pruned`` against the constructor's maximum matching and the shared Edmonds
  implementation, on random graphs with Tutte barriers (most searches fail there);
* whole near-miss rounds paired alike, explanations included, with the shortcuts and with
  them switched off (the constructor's matchings; every stage handed to ``pair_stage``,
  which asks the same bounds itself), the search limits as they are."""

from __future__ import annotations

import random

import pytest

from swisspairing.matching import max_cardinality_matching
from swisspairing.matching.bitpaths import BitMatching
from swisspairing.matching.bitsets import bits, mask_of
from swisspairing.systems import get_system
from swisspairing.systems.elo_swiss import level
from swisspairing.systems.elo_swiss.players import Round
from swisspairing.systems.explain import Explanation
from test_augment_bits import random_graph
from test_elo_swiss_split_bits import white_mostly_wins


def edmonds_size(barred: dict[int, int], among: int) -> int:
    """The size of a maximum matching of ``among`` by the shared Edmonds implementation."""
    vertices = list(bits(among))
    adj = {v: [u for u in bits(among & ~barred[v]) if u != v] for v in vertices}
    return len(max_cardinality_matching(vertices, adj)) // 2


@pytest.mark.parametrize("seed", range(300))
def test_pruned_matching_is_maximum(seed: int) -> None:
    rng = random.Random(seed)
    n = rng.randint(2, 70)
    barred = random_graph(rng, n)
    among = mask_of(v for v in range(n) if rng.random() < 0.85)
    got = BitMatching.pruned(barred, among)
    # a matching of ``among`` under ``barred``
    for v, u in got.mate.items():
        assert got.mate[u] == v and u != v
        assert (among >> v) & 1 and (among >> u) & 1
        assert not (barred[v] >> u) & 1
    assert got.matched == mask_of(got.mate)
    assert got.size == BitMatching(barred, among).size == edmonds_size(barred, among)
    # and a valid start for the questions asked of it (``grown``)
    extra = mask_of(v for v in range(n) if not (among >> v) & 1)
    assert (got.grown(extra).size == BitMatching(barred, among | extra).size)


def test_pruned_matching_of_a_barrier() -> None:
    """A star of 2 centres and 9 leaves (leaves meet only the centres): 2 pairs, and seven
    failed searches, each of whose tree is removed."""
    centres, leaves = (0, 1), range(2, 11)
    everyone = mask_of(range(11))
    barred = {v: everyone & ~mask_of(centres) for v in leaves}
    for c in centres:
        barred[c] = 1 << c
    assert BitMatching.pruned(barred, everyone).size == 2


@pytest.mark.parametrize("seed", range(3))
def test_rounds_paired_alike_without_the_shortcuts(
        seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    engine = get_system("elo-swiss")
    t = white_mostly_wins(engine, 700 + seed, 36 + 10 * seed, 3)
    rounds = range(1, t.rounds_paired + 2)
    asked: list[int] = []
    real = Round.floaters_needed

    def spy(self: Round, others: int) -> int:
        got = real(self, others)
        asked.append(got)
        return got

    monkeypatch.setattr(Round, "floaters_needed", spy)
    said = [Explanation() for _ in rounds]
    fast = [engine.pair(t.before_round(r), r, e) for r, e in zip(rounds, said, strict=True)]
    assert any(asked)  # the count was asked and needed floaters somewhere
    # switched off: the constructor's matchings, every stage asked by pair_stage
    refused: list[bool] = []
    real_refused = level._refused_before_stage

    def counted(*args: object) -> bool:
        refused.append(real_refused(*args))  # type: ignore[arg-type]
        return refused[-1]

    monkeypatch.setattr(level, "_refused_before_stage", counted)
    for r in rounds:
        engine.pair(t.before_round(r), r, None)
    assert any(refused) and not all(refused)  # it refused some stages, not all
    monkeypatch.setattr(BitMatching, "pruned", classmethod(
        lambda cls, barred, among: cls(barred, among)))
    monkeypatch.setattr(level, "_refused_before_stage", lambda *args: False)
    for r, got, old_said in zip(rounds, fast, said, strict=True):
        again_said = Explanation()
        again = engine.pair(t.before_round(r), r, again_said)
        assert [(b.white, b.black) for b in got.boards] == [
            (b.white, b.black) for b in again.boards]
        assert got.bye == again.bye
        assert old_said.render() == again_said.render()
