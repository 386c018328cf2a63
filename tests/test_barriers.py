"""Tutte barriers on bit sets (``matching/barriers.py``, issue 26): the odd components a set of
vertices leaves, the proof that none of its vertices can be removed leaving a perfect matching,
the same set checked again in a subgraph, and its use in the Elo-Swiss D1 search
(``BitCompletion.refused``: players refused without an Edmonds search, a subset of those the
partner set leaves out; whole near-miss rounds paired alike with and without it)."""

from __future__ import annotations

import random

import pytest

from swisspairing.matching.barriers import Barrier, barrier_of, is_barrier, odd_components
from swisspairing.matching.bitpaths import BitMatching
from swisspairing.matching.bitsets import bits, mask_of
from swisspairing.systems import get_system
from swisspairing.systems.elo_swiss.completion import BitCompletion
from test_augment_bits import random_graph
from test_elo_swiss_split_bits import white_mostly_wins
from test_partners_allowed import brute_perfect


def reference_components(among: int, barred: dict[int, int]) -> list[int]:
    """The components of the graph of ``among``, one vertex at a time (breadth first)."""
    comps = []
    left = among
    while left:
        start = (left & -left).bit_length() - 1
        comp, todo = 1 << start, [start]
        while todo:
            u = todo.pop()
            for w in bits(left & ~barred[u] & ~comp):
                comp |= 1 << w
                todo.append(w)
        comps.append(comp)
        left &= ~comp
    return comps


def random_subset(rng: random.Random, among: int, share: float) -> int:
    return mask_of(v for v in bits(among) if rng.random() < share)


@pytest.mark.parametrize("seed", range(200))
def test_odd_components_and_barriers(seed: int) -> None:
    """The count against the reference; a set that holds leaves no perfect matching when any
    one of its vertices is removed (exhaustive search); the Gallai-Edmonds ``A`` of a graph
    with one vertex left exposed always holds (``D``'s components are odd, one more than
    ``|A|``) when it is not empty."""
    rng = random.Random(seed)
    n = rng.randint(1, 16)
    barred = random_graph(rng, n)
    among = mask_of(range(n))
    assert odd_components(among, barred) == sum(
        c.bit_count() & 1 for c in reference_components(among, barred))
    x = random_subset(rng, among, rng.choice((0.1, 0.3, 0.6)))
    barrier = Barrier.of(among, barred, x)
    assert barrier.odd == sum(
        c.bit_count() & 1 for c in reference_components(among & ~x, barred))
    assert barrier.holds == is_barrier(among, barred, x)
    if barrier.holds:
        for b in bits(x):
            assert not brute_perfect(barred, among & ~(1 << b))
    # a graph with one vertex v removed from a perfect one: D = partners_allowed(v)
    matching = BitMatching(barred, among)
    if matching.perfect and n >= 2:
        v = rng.randrange(n)
        rest = among & ~(1 << v)
        d = matching.partners_allowed(v)
        a = barrier_of(rest, barred, d)
        assert not a & d
        if a:
            assert Barrier.of(rest, barred, a).odd == a.bit_count() + 1
            assert is_barrier(rest, barred, a)


@pytest.mark.parametrize("seed", range(150))
def test_within_is_the_barrier_of_the_subgraph(seed: int) -> None:
    """The same set checked again after vertices are removed (those of ``x`` too), a few
    times in a row, and in a graph that is not a subgraph: the components of ``of``."""
    rng = random.Random(seed)
    n = rng.randint(2, 40)
    barred = random_graph(rng, n)
    among = mask_of(range(n))
    barrier = Barrier.of(among, barred, random_subset(rng, among, 0.2))
    for _ in range(4):
        smaller = random_subset(rng, barrier.among, rng.choice((0.6, 0.9)))
        got = barrier.within(smaller, barred)
        fresh = Barrier.of(smaller, barred, barrier.x)
        assert got.x == fresh.x == barrier.x & smaller
        assert got.isolated == fresh.isolated
        assert sorted(got.groups) == sorted(fresh.groups)
        assert got.odd == fresh.odd and got.holds == fresh.holds
        barrier = got
    bigger = barrier.within(among, barred)
    assert bigger.odd == Barrier.of(among, barred, barrier.x).odd


@pytest.mark.parametrize("seed", range(120))
def test_refused_players_are_outside_the_partner_set(seed: int) -> None:
    """``BitCompletion.refused`` with the barrier of one frame's partner set, asked in the
    frames after it (a pair of the partner set removed each time): only players whose
    ``without`` is None, i.e. outside that frame's partner set."""
    rng = random.Random(seed)
    n = rng.choice((8, 12, 16, 24, 30))
    barred = random_graph(rng, n)
    completion = BitCompletion(BitMatching(barred, mask_of(range(n))))
    if not completion.perfect:
        return
    order = list(range(n))
    rng.shuffle(order)
    a = order[0]
    _, guess = completion.partners_and_barrier(a)
    for a in order[1:]:
        if not (completion.matching.among >> a) & 1:
            continue
        refused, guess = completion.refused(a, guess)
        allowed = completion.partners(a)
        assert not refused & allowed
        for b in bits(refused):
            assert completion.without(a, b) is None
        options = [b for b in bits(allowed & ~(1 << a))]
        if not options:
            break
        nxt = completion.without(a, rng.choice(options))
        assert nxt is not None
        completion = nxt


@pytest.mark.parametrize(("seed", "players"), [(701, 60), (702, 80), (700, 120)])
def test_rounds_paired_alike_with_and_without_barriers(
        seed: int, players: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Near-miss events (White won 90 %): every round paired with the barrier refusals and
    with them switched off (the partner sets and repairs alone, as before): the same boards
    and bye; the refusals were used."""
    engine = get_system("elo-swiss")
    t = white_mostly_wins(engine, seed, players, 4)
    rounds = range(1, t.rounds_paired + 2)
    refused: list[int] = []
    real = BitCompletion.refused

    def spy(self: BitCompletion, a: int, guess: object) -> tuple[int, object]:
        got = real(self, a, guess)
        refused.append(got[0])
        return got

    monkeypatch.setattr(BitCompletion, "refused", spy)
    with_barriers = [engine.pair(t.before_round(r), r, None) for r in rounds]
    assert any(refused)
    monkeypatch.setattr(BitCompletion, "refused", lambda self, a, guess: (0, None))
    without = [engine.pair(t.before_round(r), r, None) for r in rounds]
    for got, old in zip(with_barriers, without, strict=True):
        assert [(b.white, b.black) for b in got.boards] == [
            (b.white, b.black) for b in old.boards]
        assert got.bye == old.bye
