"""Rounds of generated events for the elo-swiss tests that compare a fast answer with a
reference one (issue 26): random cuts of a round's players, the D1 search walked on two
completion graphs at once, and whole rounds paired again with a shortcut switched off."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence

from swisspairing.checker.generator import GeneratorConfig, generate
from swisspairing.model import Pairing, Tournament
from swisspairing.systems import PairingSystem
from swisspairing.systems.elo_swiss.completion import BitCompletion, Completion
from swisspairing.systems.elo_swiss.players import PairRule, Round
from swisspairing.systems.explain import Explanation


def event(seed: int, players: int, rounds: int) -> Tournament:
    """A generated elo-swiss event (``checker.generator``) of ``players`` and ``rounds``."""
    return generate("elo-swiss", GeneratorConfig(players=players, rounds=rounds), seed)


def shuffled_rounds(seed: int, players: tuple[int, int], rounds: int, draws: int
                    ) -> Iterator[tuple[random.Random, Round, list[int]]]:
    """For a generated event of a random number of players in ``players`` (both included,
    drawn from ``random.Random(seed)``) and ``rounds`` rounds: each round from 2 on as the
    engine sees it (B2 in force), ``draws`` times with its players in a random order. The
    stream is handed on with them: what the caller draws from it comes next in the stream."""
    rng = random.Random(seed)
    t = event(seed, rng.randint(*players), rounds)
    for r in range(2, t.rounds_paired + 1):
        before = t.before_round(r)
        rd = Round(before, r, use_b2=True)
        ids = rd.sort(before.players)
        for _ in range(draws):
            yield rng, rd, rng.sample(ids, len(ids))


def pair_by_pair(rule: PairRule) -> Callable[[int, int], bool]:
    """The same relation as a plain function: a completion graph is then built one pair at a
    time for it (the reference of the bit-set graphs)."""
    return lambda a, b: rule(a, b)


def walk_both(rng: random.Random, bit: BitCompletion, ref: Completion, firsts: Sequence[int],
              seconds: Sequence[int], rule: PairRule, seen: set[tuple[str, bool]],
              check: Callable[[BitCompletion], None] | None = None) -> None:
    """The D1 search on both graphs at once: each of ``firsts`` in turn takes one of
    ``seconds`` at random (allowed by ``rule``, not yet taken); both graphs must agree on
    whether the rest can still be completed after each pair (recorded in ``seen``).
    ``check``: applied to each bit-set graph reached."""
    taken: set[int] = set()
    for a in firsts:
        if not bit.perfect:
            break
        options = [b for b in seconds if b not in taken and rule(a, b)]
        if not options:
            break
        b = rng.choice(options)
        bit_next, ref_next = bit.without(a, b), ref.without(a, b)
        assert (bit_next is None) == (ref_next is None)
        seen.add(("after a pair", bit_next is not None))
        if bit_next is None or ref_next is None:
            break
        if check is not None:
            check(bit_next)
        bit, ref = bit_next, ref_next
        taken.add(b)


def assert_paired_again_alike(engine: PairingSystem, t: Tournament, first: Sequence[Pairing],
                              explanations: Sequence[Explanation] | None = None) -> None:
    """Rounds 1, 2... of ``t`` paired again (with whatever the caller switched since): the
    same boards, colours included, and the same bye as ``first``; with ``explanations`` (those
    of ``first``), the same explanation too."""
    for r, got in enumerate(first, start=1):
        said = None if explanations is None else Explanation()
        again = engine.pair(t.before_round(r), r, said)
        assert [(b.white, b.black) for b in got.boards] == [
            (b.white, b.black) for b in again.boards]
        assert got.bye == again.bye
        if explanations is not None and said is not None:
            assert explanations[r - 1].render() == said.render()


def paired_and_explained(engine: PairingSystem, t: Tournament, r: int
                         ) -> tuple[list[tuple[int, int]], int | None, str]:
    """Round ``r`` of ``t`` paired by ``engine``: its boards (White, Black), its bye and its
    explanation in English, to compare two ways of pairing it whole."""
    explanation = Explanation()
    pairing = engine.pair(t.before_round(r), r, explanation)
    return ([(b.white, b.black) for b in pairing.boards], pairing.bye,
            explanation.render("en"))
