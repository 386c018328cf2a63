"""Issue 18: whatever the TRF reader accepts, the pairing systems answer it, in bounded time.

The files come from the reader's property tests (``test_trf_hypothesis.py``): a valid file with
random mutations (what a hostile user or a broken export gives) and random consistent
tournaments. Each file the reader accepts is paired, for its next round, by four systems. The
property, for each system: either a pairing that holds every player to pair exactly once (on a
board or the bye, C.04.1 c), pairs nobody with himself, a player not to be paired, or an opponent
met over the board before (C.04.1 b), or a refusal with our own error (no valid pairing, a bad
request); never another exception, and never more than :data:`CPU_SECONDS` of CPU time for one
pairing (a runaway search, like issue 18's, fails the test instead of hanging the run).

The normal run keeps it cheap (:data:`EXAMPLES` examples, a few seconds); a deep run:
``SWISSPAIRING_FUZZ_EXAMPLES=2000 pytest tests/test_fuzz_systems.py``.
"""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

from hypothesis import HealthCheck, given, settings

from swisspairing.errors import InputError, SwissPairingError
from swisspairing.formats.trf import parse_trf_bytes, write_trf
from swisspairing.model import Pairing, Tournament, build_states
from swisspairing.systems import get_system
from test_trf_hypothesis import MUTATION_LISTS, SEED, mutate, tournaments

SYSTEMS = ("dutch-2025", "dubov", "lim", "elo-swiss")
EXAMPLES = int(os.environ.get("SWISSPAIRING_FUZZ_EXAMPLES", "30"))
#: CPU time allowed to one pairing of these small files (they take milliseconds): a guard
#: against runaway searches, generous for a loaded machine
CPU_SECONDS = 20.0
FUZZ = settings(max_examples=EXAMPLES, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])


class Runaway(Exception):
    """A pairing took more than CPU_SECONDS of CPU time."""


@contextmanager
def cpu_bound(seconds: float) -> Iterator[None]:
    """Raise :class:`Runaway` in the code run inside after ``seconds`` of CPU time."""

    def stop(signum: int, frame: FrameType | None) -> None:
        raise Runaway(f"more than {seconds} s of CPU time")

    previous = signal.signal(signal.SIGPROF, stop)
    signal.setitimer(signal.ITIMER_PROF, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, previous)


def assert_valid(t: Tournament, pairing: Pairing, system: str) -> None:
    """C.04.1 b and c, the structure every system's pairing has."""
    r = pairing.round_number
    to_pair = set(t.players) - set(t.not_paired_in(r))
    placed = [pid for b in pairing.boards for pid in (b.white, b.black)]
    if pairing.bye is not None:
        placed.append(pairing.bye)
    assert sorted(placed) == sorted(to_pair), (system, pairing)
    states = build_states(t, r)
    for b in pairing.boards:
        assert b.white != b.black, (system, b)
        assert b.black not in states[b.white].opponents, (system, b, "met before")


def pair_every_system(t: Tournament) -> None:
    r = t.next_round
    if t.total_rounds is not None and r > t.total_rounds:
        t.total_rounds = r  # a finished event: pair one more round anyway
    for name in SYSTEMS:
        try:
            with cpu_bound(CPU_SECONDS):
                pairing = get_system(name).pair(t, r, None)
        except SwissPairingError:
            continue  # no valid pairing, or a request the system refuses: a clear answer
        assert_valid(t, pairing, name)


@FUZZ
@given(MUTATION_LISTS)
def test_systems_on_mutated_files(mutations: list[tuple[str, int, int, str]]) -> None:
    try:
        t = parse_trf_bytes(mutate(SEED, mutations).encode("utf-8"), "fuzz.trf")
    except InputError:
        return  # refused by the reader: its own tests check how
    pair_every_system(t)


@FUZZ
@given(tournaments())
def test_systems_on_random_tournaments(t: Tournament) -> None:
    pair_every_system(parse_trf_bytes(write_trf(t).encode("utf-8"), "random.trf"))


def test_the_guard_stops_a_runaway() -> None:
    """The CPU-time guard itself: a search that never ends is stopped and reported."""
    stopped = False
    try:
        with cpu_bound(0.2):
            while True:
                pass
    except Runaway:
        stopped = True
    assert stopped


def test_the_seed_file_is_paired_by_every_system() -> None:
    """The control: the unmutated seed file gets a pairing from each system."""
    t = parse_trf_bytes(SEED.encode("utf-8"), "seed.trf")
    for name in SYSTEMS:
        with cpu_bound(CPU_SECONDS):
            pairing = get_system(name).pair(t, t.next_round, None)
        assert_valid(t, pairing, name)
