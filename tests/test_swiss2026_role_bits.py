"""The "may meet" relation of the first-pairing walk (C.04.5 / C.04.6 3.6.2: the lower TPN of a
pair is its top member) as bit sets (``procedure._RoleBarred``, issue 26) against the relation
written pair by pair: for random prohibited pairs, random extra restrictions and random roles
decided so far, every member's neighbours are the same."""

from __future__ import annotations

import random

import pytest

from swisspairing.matching.bitsets import bits
from swisspairing.systems.swiss2026.procedure import _NotIn, _RoleBarred


@pytest.mark.parametrize("seed", range(60))
def test_role_bits_are_the_pair_by_pair_relation(seed: int) -> None:
    rng = random.Random(seed)
    members = sorted(rng.sample(range(1, 80), rng.randint(2, 30)))
    blocked: dict[int, set[int]] = {v: set() for v in members}
    for a in members:
        for b in members:
            if a < b and rng.random() < 0.2:
                blocked[a].add(b)
                blocked[b].add(a)
    refused = {(a, b) for a in members for b in members if rng.random() < 0.1}
    kind = rng.random()
    allowed = None if kind < 0.3 else (
        lambda a, b: (a, b) not in refused and (b, a) not in refused) if kind < 0.65 else (
        # the procedure's own restriction: its bit sets are used instead of the calls
        _NotIn({(min(a, b), max(a, b)) for a, b in refused if a != b}))
    barred = _RoleBarred(members, blocked, allowed)
    role: dict[int, bool] = {}
    for v in rng.sample(members, rng.randint(0, len(members))):
        role[v] = rng.random() < 0.5
        if role[v]:
            barred.tops |= 1 << v
        else:
            barred.bottoms |= 1 << v

    def role_ok(a: int, b: int) -> bool:  # the relation as _first_pairing wrote it
        lo, hi = (a, b) if a < b else (b, a)
        return role.get(lo) is not False and role.get(hi) is not True and (
            allowed is None or allowed(a, b))

    among = sum(1 << v for v in members)
    for v in members:
        expected = [u for u in members if u != v and u not in blocked[v] and role_ok(v, u)]
        assert list(bits(among & ~barred[v])) == expected
