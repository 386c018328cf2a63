"""The near-miss rounds of issue 26 at 4,000 players (docs/dutch.md section 8.5): four exact
savings give the pairing of the full matchings.

* (a) ``generation.last_bracket_pairs_all``: the even last bracket's remainder is ordered
  without exchange digits when a candidate without exchange is at the best quality (every
  edition; in the scope of 8.3 (b) the type bound certifies it);
* (b) ``generation.mdps_never_paired``: a bracket with more MDPs than residents, paired alone,
  leaves out of its graph the MDPs after the first ``c`` of their class (2017, 2025);
* (c) ``generation.one_colour_left_over``: the same for the players of one absolute colour of a
  homogeneous bracket (every edition);
* (d) ``cardinality.maximum_matching``: a maximum matching that skips the twins of a vertex
  whose search failed (checked against :func:`max_cardinality_matching`);
* (f) ``generation.one_class_mdp_pairing``: the MDP-pairing of a bracket whose MDPs are all of
  one class and outnumber the residents, without a matching (2017, 2025).

Rounds 3 and 4 of generated events where White wins most games are paired with each saving
and, whenever it was used, again without it: the same boards and bye every time.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence

import pytest

from shortcut_helpers import Spy, StandIn, near_miss_rounds, paired_alike_without
from swisspairing.checker.generator import white_mostly_event
from swisspairing.matching import max_cardinality_matching
from swisspairing.systems import get_system
from swisspairing.systems.dutch import (
    cardinality,
    cheapest_floaters,
    completing,
    generation,
    ideal,
)
from swisspairing.systems.dutch import round as dutch_round

SIZES = (24, 40, 60, 80, 100, 120)
RATES = (0.85, 0.9, 0.95, 1.0)
EDITIONS = ["dutch-2012", "dutch-2017", "dutch-2025"]


def _same_without(system: str, monkeypatch: pytest.MonkeyPatch, name: str,
                  off: Callable[..., object], used_when: Callable[[object], bool],
                  always_off: dict[str, Callable[..., object]] | None = None,
                  shortcuts_off: Sequence[StandIn] = ()) -> Counter[str]:
    """Pair rounds 3-4 of the generated events with ``generation.<name>`` counted, and each
    round where it was used again with ``off`` in its place: the same boards and bye.
    ``always_off``: other functions of ``generation`` replaced in both runs;
    ``shortcuts_off``: other stand-ins in place in both runs."""
    used = paired_alike_without(
        get_system(system), near_miss_rounds(system, SIZES, RATES), monkeypatch,
        [Spy(generation, name, lambda out, *a, **k: "used" if used_when(out) else None)],
        [StandIn(generation, name, off)], again_when="used",
        always=[*shortcuts_off, *(StandIn(generation, other, stand_in)
                                   for other, stand_in in (always_off or {}).items())])
    print(system, name, dict(used))
    return used


@pytest.mark.parametrize("system", EDITIONS)
def test_last_bracket_without_exchange_gives_the_pairing_of_the_full_matchings(
        system: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """(a): with it switched off the last bracket's remainder goes to the matching with the
    D.2 and D.1 digits, as before. 8.19-8.22's one-colour shortcut, which settles some of these
    last brackets before (a) is reached (2017; 2025 since 8.22 (b)), is off in both runs so
    that (a) is tested on as many brackets as before."""
    used = _same_without(system, monkeypatch, "last_bracket_pairs_all",
                         lambda *a, **k: False, bool,
                         shortcuts_off=[StandIn(cheapest_floaters, "cheapest_floaters_one_colour",
                                                lambda *a, **k: None)])
    assert used["rounds"] >= 5, used


@pytest.mark.parametrize("system", ["dutch-2017", "dutch-2025"])
def test_mdps_left_out_give_the_pairing_of_the_full_matchings(
        system: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """(b): with it switched off every MDP is in the graph of the MDP-pairing ((f), which
    settles the brackets of one class of MDPs first, is off in both runs)."""
    used = _same_without(system, monkeypatch, "mdps_never_paired",
                         lambda *a, **k: frozenset(), bool,
                         {"one_class_mdp_pairing": lambda *a, **k: None})
    assert used["rounds"] >= 5, used


@pytest.mark.parametrize("system", ["dutch-2017", "dutch-2025"])
def test_one_class_mdp_pairing_gives_the_pairing_of_the_full_matchings(
        system: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """(f): with it switched off the MDP-pairing of a bracket whose MDPs are all of one class
    goes to the matching with the D.3 and D.1 digits."""
    used = _same_without(system, monkeypatch, "one_class_mdp_pairing",
                         lambda *a, **k: None, lambda out: out is not None)
    assert used["rounds"] >= 5, used


@pytest.mark.parametrize("system", EDITIONS)
def test_one_colour_left_out_gives_the_pairing_of_the_full_matchings(
        system: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """(c): with it switched off every player of the homogeneous bracket is in the graph."""
    used = _same_without(system, monkeypatch, "one_colour_left_over",
                         lambda *a, **k: frozenset(), bool)
    assert used["rounds"] >= 5, used


def _random_graph(rng: random.Random) -> tuple[list[int], dict[int, list[int]]]:
    """A graph like those of the completion tests: a block of players who may not meet one
    another (many of them twins) and others who meet at random."""
    n_block, n_other = rng.randint(0, 14), rng.randint(0, 10)
    block = list(range(1, n_block + 1))
    other = list(range(100, 100 + n_other))
    adj: dict[int, list[int]] = {v: [] for v in block + other}
    shapes = [frozenset(q for q in other if rng.random() < 0.5) for _ in range(3)]
    for v in block:
        nb = rng.choice(shapes) if rng.random() < 0.7 else frozenset(
            q for q in other if rng.random() < 0.4)
        for q in nb:
            adj[v].append(q)
            adj[q].append(v)
    for i, a in enumerate(other):
        for b in other[i + 1:]:
            if rng.random() < 0.3:
                adj[a].append(b)
                adj[b].append(a)
    verts = block + other
    rng.shuffle(verts)
    return verts, adj


def test_maximum_matching_is_maximum() -> None:
    """(d): on 600 random graphs with blocks of twins, a valid matching of the size of
    Edmonds' maximum matching."""
    rng = random.Random(26)
    for _ in range(600):
        verts, adj = _random_graph(rng)
        mate = cardinality.maximum_matching(verts, adj)
        for v, u in mate.items():
            assert mate[u] == v and u in adj[v]
        assert len(mate) == len(max_cardinality_matching(verts, adj)), (verts, adj)


@pytest.mark.parametrize("system", EDITIONS)
def test_maximum_matching_gives_the_pairing_of_max_cardinality_matching(
        system: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """(d) in the engine: rounds 3 of generated events paired with the new maximum matching
    and with the old one in its place: the same boards and bye."""
    engine = get_system(system)
    for n in (40, 80, 120):
        for rate in RATES:
            t = white_mostly_event(n, 2, rate, system, 1)
            fast = engine.pair(t, 3)
            with monkeypatch.context() as mp:
                for module in (dutch_round, completing, ideal):
                    mp.setattr(module, "maximum_matching", max_cardinality_matching)
                full = engine.pair(t, 3)
            assert (fast.boards, fast.bye) == (full.boards, full.bye), (n, rate)
