"""One loop for the tests that prove an exact shortcut of a pairing engine changes no pairing.

Such a test pairs rounds twice: once with the shortcut's function counted (a :class:`Spy`
records what it answered), once with it switched off (a :class:`StandIn` in its place, e.g.
a function that always answers "not settled", so that the engine goes to its full
matchings); the boards and the bye must be the same. :func:`paired_alike_without` runs that
loop over any rounds; :func:`near_miss_rounds` gives the usual rounds: generated events where
White wins most games (issue 26's near-miss rounds, docs/dutch.md section 8).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from dataclasses import dataclass

import pytest

from swisspairing.checker.generator import GeneratorConfig, generate, white_mostly_event
from swisspairing.model import Tournament
from swisspairing.systems import PairingSystem, dutch
from swisspairing.systems.dutch.players import PairingPlayer

#: A round to pair: a label for the failure message, the tournament, the round number.
RoundToPair = tuple[Hashable, Tournament, int]


@dataclass(frozen=True)
class Spy:
    """Counts the answers of ``owner.name`` (a module's function or a class's method):
    ``tally(answer, *args, **kwargs)`` names the count that one call raises (None: none).
    Every call also raises the count ``"calls"``."""

    owner: object
    name: str
    tally: Callable[..., str | None]


@dataclass(frozen=True)
class StandIn:
    """``replacement`` put in the place of ``owner.name`` (a shortcut switched off)."""

    owner: object
    name: str
    replacement: Callable[..., object]


def _counting(spy: Spy, used: Counter[str]) -> Callable[..., object]:
    """``spy``'s function, counting in ``used`` each call and what ``spy.tally`` names."""
    real = getattr(spy.owner, spy.name)

    def count(*args: object, **kwargs: object) -> object:
        out = real(*args, **kwargs)
        used["calls"] += 1
        key = spy.tally(out, *args, **kwargs)
        if key is not None:
            used[key] += 1
        return out

    return count


def near_miss_rounds(system: str, sizes: Iterable[int], rates: Iterable[float]
                     ) -> Iterator[RoundToPair]:
    """For each size and White's winning rate, seeds 0-2 of :func:`white_mostly_event`, rounds
    1-2 (seeds 0, 1) or 1-3 (seed 2) played: the next round, labelled (size, rate, seed)."""
    for n in sizes:
        for rate in rates:
            for seed in range(3):
                played = 2 + (seed == 2)
                yield (n, rate, seed), white_mostly_event(n, played, rate, system, seed), played + 1


def drawn_near_miss_rounds(system: str, rng: random.Random, events: int, sizes: Sequence[int],
                           rates: Sequence[float], played: Sequence[int] | None = None
                           ) -> Iterator[RoundToPair]:
    """Events 0 to ``events - 1`` of :func:`white_mostly_event` (the event's number its seed),
    each of a size drawn from ``sizes``, then White's rate from ``rates``, then the rounds
    played from ``played`` (None: 2, nothing drawn): the round after, labelled (seed, size,
    rate)."""
    for seed in range(events):
        n = rng.choice(sizes)
        rate = rng.choice(rates)
        rounds_played = rng.choice(played) if played is not None else 2
        yield ((seed, n, rate), white_mostly_event(n, rounds_played, rate, system, seed),
               rounds_played + 1)


def settled(key: str) -> Callable[..., str | None]:
    """A :class:`Spy` tally raising ``key`` when the shortcut answered (not None)."""
    return lambda out, *args, **kwargs: key if out is not None else None


def generated_rounds(system: str, configs: Iterable[tuple[int, GeneratorConfig]],
                     first: int = 1) -> Iterator[RoundToPair]:
    """Rounds ``first`` to the last of the events :func:`generate` plays with ``system``, one a
    (seed, configuration), labelled (seed, round)."""
    for seed, config in configs:
        t = generate(system, config, seed)
        for r in range(first, config.rounds + 1):
            yield (seed, r), t, r


def paired_alike_without(engine: PairingSystem, rounds: Iterable[RoundToPair],
                         monkeypatch: pytest.MonkeyPatch, spies: Sequence[Spy],
                         stand_ins: Sequence[StandIn], *, again_when: str | None = None,
                         always: Sequence[StandIn] = ()) -> Counter[str]:
    """Pair each round with ``spies`` counting, then again with ``stand_ins`` in place: the
    same boards and bye (else an assertion error naming the round's label).

    ``again_when``: pair the second time only the rounds where the count of that name rose
    (the shortcut was used), counting them as ``"rounds"``; None: every round.
    ``always``: stand-ins in place in both runs. Returns the counts."""
    used: Counter[str] = Counter()
    counted = [StandIn(spy.owner, spy.name, _counting(spy, used)) for spy in spies]
    for label, t, round_number in rounds:
        before = used[again_when] if again_when is not None else 0
        with monkeypatch.context() as mp:
            for stand_in in (*always, *counted):
                mp.setattr(stand_in.owner, stand_in.name, stand_in.replacement)
            fast = engine.pair(t, round_number)
        if again_when is not None:
            if used[again_when] == before:
                continue
            used["rounds"] += 1
        with monkeypatch.context() as mp:
            for stand_in in (*always, *stand_ins):
                mp.setattr(stand_in.owner, stand_in.name, stand_in.replacement)
            full = engine.pair(t, round_number)
        assert (fast.boards, fast.bye) == (full.boards, full.bye), label
    return used


def solved_alike_without(rng: random.Random, brackets: int,
                         random_bracket: Callable[[random.Random],
                                                  tuple[list[PairingPlayer], set[int]]],
                         monkeypatch: pytest.MonkeyPatch, spies: Sequence[Spy],
                         stand_ins: Sequence[StandIn]) -> Counter[str]:
    """``brackets`` random lowest brackets of the 2012 rules (``random_bracket``: the players
    and the MDPs' ids), each in round 3 or 4 at random, solved by ``PairingRound.solve`` with
    ``spies`` counting and again with ``stand_ins`` in place: the same pairs and players left
    over (else an assertion error describing the players). A bracket without a complete
    pairing is not a round to pair (A9): counted as ``"no complete pairing"``, not solved."""
    used: Counter[str] = Counter()

    def solved(players: list[PairingPlayer], mdps: set[int], round_number: int,
               switches: Sequence[StandIn]) -> tuple[list[tuple[int, int]], list[int]]:
        rnd = dutch.PairingRound(dutch.RULES_2012, players, False, None, None, round_number)
        with monkeypatch.context() as mp:
            for switch in switches:
                mp.setattr(switch.owner, switch.name, switch.replacement)
            res = rnd.solve(players, mdps, None, [])
        return [(a.id, b.id) for a, b in res.pairs], sorted(p.id for p in res.floaters)

    counted = [StandIn(spy.owner, spy.name, _counting(spy, used)) for spy in spies]
    for _ in range(brackets):
        players, mdps = random_bracket(rng)
        round_number = rng.choice([3, 4])
        if not dutch.PairingRound(dutch.RULES_2012, players, False, None, None,
                                  round_number).can_complete(players):
            used["no complete pairing"] += 1
            continue
        fast = solved(players, mdps, round_number, counted)
        full = solved(players, mdps, round_number, stand_ins)
        assert fast == full, [(p.id, p.score, p.pref, p.strength, p.float1, p.float2,
                               sorted(p.opponents)) for p in players]
    return used
