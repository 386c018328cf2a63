"""Brackets that must complete the round (2017 PPB, 2025 [C4]) settled by their structure
(``systems/dutch/completing.py``, docs/dutch.md section 8, "ideal candidates of a completing
bracket") give the pairing of the full matchings.

* the bounds the shortcut rests on (:func:`forced_floaters`, :func:`most_pairs`,
  :func:`mdp_pairing_colour_bound`) hold for every candidate of small random brackets
  (enumerated);
* the colour-aware start of ``PairingRound.can_complete`` answers as a maximum-cardinality matching;
* rounds of generated events where White wins most games (the one-bracket case of issue 26 and
  its neighbours) are paired with and without the shortcuts, and must be the same.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import pytest

from graph_helpers import allowed_in, perfect_matchings
from shortcut_helpers import RoundToPair, Spy, StandIn, paired_alike_without
from swisspairing.checker.generator import white_mostly_event
from swisspairing.matching import max_cardinality_matching
from swisspairing.model import Colour
from swisspairing.systems import dutch, get_system
from swisspairing.systems.dutch import completing, ideal
from swisspairing.systems.dutch import round as dutch_round

KINDS = [(None, 0), (Colour.WHITE, 1), (Colour.WHITE, 2), (Colour.WHITE, 3),
         (Colour.BLACK, 1), (Colour.BLACK, 2), (Colour.BLACK, 3)]


def _player(i: int, score: int, kind: tuple[Colour | None, int],
            opponents: frozenset[int] = frozenset()) -> dutch.PairingPlayer:
    return dutch.PairingPlayer(i, score, (), opponents, kind[0], kind[1], 0, None, None, True,
                               False, 0, rank=i)


def test_completing_bounds_hold_for_every_candidate() -> None:
    """Small random brackets (a few MDPs one point above the residents) over random lower players,
    random opponents: every perfect matching of bracket + lower players, and a PAB vertex when
    their number is odd (a candidate of the bracket with a completion, C.4 / [C4]; B.3: no two
    MDPs) makes at most ``most_pairs`` pairs
    inside the bracket and floats at least ``forced_floaters`` players down; every pairing of
    the MDPs with distinct residents misses at least ``mdp_pairing_colour_bound`` preferences
    (counts of E.1-E.5, ``colour_misses``). The bounds are reached often."""
    rng = random.Random(26)
    rnd = dutch.PairingRound(dutch.RULES_2017, [], False, None, None)
    reached = {"pairs": 0, "colours": 0}
    for _ in range(300):
        n_mdp, n_res, n_low = rng.randint(0, 2), rng.randint(1, 4), rng.randint(1, 5)
        ids = list(range(n_mdp + n_res + n_low))
        odd = len(ids) % 2 == 1
        met = {i: set() for i in ids}
        for a in ids:
            for b in ids:
                if a < b and rng.random() < 0.15:
                    met[a].add(b)
                    met[b].add(a)
        kinds = [rng.choice(KINDS) for _ in ids]
        # lower players lean to one absolute colour: the case that forces floaters
        for i in ids[n_mdp + n_res:]:
            if rng.random() < 0.6:
                kinds[i] = (Colour.WHITE, 3)
        score = [20] * n_mdp + [10] * n_res + [0] * n_low
        players = [_player(i, score[i], kinds[i], frozenset(met[i])) for i in ids]
        mdps, residents = players[:n_mdp], players[n_mdp:n_mdp + n_res]
        bracket, lower = mdps + residents, players[n_mdp + n_res:]
        in_bracket = {p.id for p in bracket}
        rnd._compat.clear()  # (keyed by player ids, which every bracket here reuses)
        ok = {frozenset((p.id, q.id)) for p in players for q in players
              if p.id < q.id and rnd.compatible(p, q) and not (p.id < n_mdp and q.id < n_mdp)}
        if odd:  # the PAB: a vertex joined to every player (C.2 does not narrow the bound)
            ok |= {frozenset((p.id, -1)) for p in players}
        floor = completing.forced_floaters(lower, odd)
        most = completing.most_pairs(bracket, mdps, residents, lower)
        best = -1
        for m in perfect_matchings(ids + [-1] * odd, allowed_in(ok)):
            inside = sum(1 for a, b in m if a in in_bracket and b in in_bracket)
            assert inside <= most
            # the bracket's players who are not paired inside it: downfloaters (one may be
            # the PAB receiver)
            assert len(bracket) - 2 * inside >= floor
            best = max(best, inside)
        reached["pairs"] += best == most
        if n_mdp and n_mdp <= n_res:
            bound = completing.mdp_pairing_colour_bound(
                Counter(ideal.colour_class(p) for p in mdps),
                Counter(ideal.colour_class(p) for p in residents))
            costs = []
            for chosen in _injections(n_mdp, residents):
                misses = [dutch.colour_misses(m, r) for m, r in zip(mdps, chosen, strict=True)]
                cost = (sum(x for x, _ in misses), sum(s for _, s in misses))
                assert cost[0] >= bound[0] and cost[1] >= bound[1]
                costs.append(cost)
            reached["colours"] += min(costs) == bound
    assert reached["pairs"] > 100 and reached["colours"] > 50, reached


def _injections(k: int, residents: list[dutch.PairingPlayer]
                ) -> list[list[dutch.PairingPlayer]]:
    if k == 0:
        return [[]]
    return [[r, *more] for i, r in enumerate(residents)
            for more in _injections(k - 1, residents[:i] + residents[i + 1:])]


def test_can_complete_answers_as_a_maximum_matching() -> None:
    """``PairingRound.can_complete`` (two greedy starts, then augmenting paths) says yes exactly
    when a maximum-cardinality matching pairs everybody (with a bye vertex joined to the players
    who may receive it when their number is odd)."""
    rng = random.Random(3)
    rnd = dutch.PairingRound(dutch.RULES_2025, [], False, None, None)
    answers = Counter()
    for _ in range(400):
        n = rng.randint(2, 16)
        players = [_player(i, 0, rng.choice(KINDS[1:] if rng.random() < 0.8 else KINDS))
                   for i in range(n)]
        for p in players:
            p.opponents = frozenset(q.id for q in players if q is not p and rng.random() < 0.3)
            p.bye_ok = rng.random() < 0.7
        for p in players:  # opponents both ways
            p.opponents = frozenset(q.id for q in players if p.id in q.opponents
                                    or q.id in p.opponents)
        rng.shuffle(players)
        rnd._compat.clear()
        adj: dict[int, list[int]] = {p.id: [q.id for q in players
                                            if q is not p and rnd.compatible(p, q)]
                                     for p in players}
        if n % 2:
            adj[-1] = [p.id for p in players if p.bye_ok]
            for p in players:
                if p.bye_ok:
                    adj[p.id].append(-1)
        expected = len(max_cardinality_matching(adj.keys(), adj)) == len(adj)
        assert rnd.can_complete(players) == expected
        answers[expected] += 1
    assert answers[True] > 50 and answers[False] > 50, answers


@pytest.mark.parametrize("system", ["dutch-2012", "dutch-2017", "dutch-2025"])
def test_completing_shortcut_gives_the_pairing_of_the_full_matchings(
        system: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Generated events (8-60 players, 2-4 rounds played, White winning 75-100 % of the games)
    paired with the shortcuts of a completing bracket and without them (the full weighted
    matchings over the bracket and every lower player): the same boards and bye every time."""
    rng = random.Random(2026)

    def rounds() -> Iterator[RoundToPair]:
        for seed in range(70):
            n = rng.choice([8, 12, 16, 20, 24, 28, 32, 40, 48, 60]) + (seed % 7 == 3)
            played = rng.choice([2, 2, 2, 3, 4])
            white_rate = rng.choice([1.0, 1.0, 0.95, 0.9, 0.75])
            t = white_mostly_event(n, played, white_rate, system, seed)
            yield (seed, n, played, white_rate), t, played + 1

    used = paired_alike_without(
        get_system(system), rounds(), monkeypatch,
        [Spy(completing, "completing_candidate",
             lambda out, ctx: "completing" if out is not None else None)],
        [StandIn(completing, "completing_candidate", lambda ctx: None),
         StandIn(dutch.PairingRound, "any_pair", lambda self, *a: True),
         StandIn(dutch_round, "forced_floaters", lambda lower, bye=False: 0)])
    assert used["completing"] > 8, used
    print(dict(used))


@pytest.mark.parametrize("system", ["dutch-2012", "dutch-2017", "dutch-2025"])
def test_remainder_without_colour_cost_gives_the_pairing_of_the_full_matchings(
        system: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The exact search of a completing bracket's remainder that must miss no colour
    preference (``completing.first_free_assignment``, docs/dutch.md section 8.3): round 3 of
    generated near-miss events (40-120 players, White winning 80-90 % of the games); each
    round where the search gave the remainder is paired again without it (the bracket then
    goes to the matchings): the same boards and bye."""
    rounds = (((seed, n, white_rate), white_mostly_event(n, 2, white_rate, system, seed), 3)
              for n in (40, 60, 80, 120) for white_rate in (0.8, 0.85, 0.9) for seed in range(4))
    used = paired_alike_without(
        get_system(system), rounds, monkeypatch,
        [Spy(completing, "first_free_assignment",
             lambda out, *a: "found" if out is not None else "none")],
        [StandIn(completing, "first_free_assignment", lambda *a: None)], again_when="found")
    assert used["found"] >= 2, used
    print(dict(used))


def test_first_free_assignment_follows_augmenting_paths_deeper_than_the_recursion_limit(
) -> None:
    """Kuhn's augmenting path in ``first_free_assignment`` (issue 26: round 4 of last-round-ww
    at 4,001 players stopped with a RecursionError): S1 player ``i`` may meet S2 players
    ``i - 1`` and ``i`` (player 0 only 0), so each new S1 player searches back through every
    earlier one before taking his own; 1,500 of them, beyond Python's recursion limit. The
    first assignment is ``i`` - ``i`` (each S1 player in turn the first S2 player left to
    him: 0 takes 0, so 1 cannot take 0...)."""
    import sys

    from swisspairing.systems.dutch.bracket import open_bracket
    from swisspairing.systems.dutch.editions import RULES_2017
    from swisspairing.systems.dutch.players import STRONG, PairingPlayer
    from swisspairing.systems.dutch.round import PairingRound

    n = 1500
    assert n > sys.getrecursionlimit()
    w, b = Colour.WHITE, Colour.BLACK

    def player(pid: int) -> PairingPlayer:
        return PairingPlayer(id=pid, score=10, colours=(w, b, w), opponents=frozenset(),
                             pref=b, strength=STRONG, cd=1, float1=None, float2=None,
                             bye_ok=True, topscorer=False, unplayed=0, rank=pid,
                             paired_number=pid + 1)

    s1 = [player(i) for i in range(n)]
    s2 = [player(n + i) for i in range(n)]
    rnd = PairingRound(RULES_2017, s1 + s2, False, None, None, 4)
    ctx = open_bracket(rnd, s1 + s2, set(), [], None)

    def pair_ok(a: PairingPlayer, c: PairingPlayer) -> bool:
        return c.id - n in (a.id - 1, a.id)

    found = completing.first_free_assignment(ctx, s1, s2, lambda p: False, (0, 0),
                                             pair_ok=pair_ok)
    assert found is not None
    pairs, _, left = found
    assert [(a.id, c.id - n) for a, c in pairs] == [(i, i) for i in range(n)]
    assert left == []


def test_first_free_assignment_against_brute_force() -> None:
    """``first_free_assignment`` (docs/dutch.md 8.3, 8.19): the lexicographically first
    assignment of S1 into S2 by allowed pairs in which every S2 player left over may float,
    checked against every assignment of small random brackets (allowed pairs and the players
    who may float drawn at random; dense graphs too, where the greedy start of its maximum
    matching pairs nearly everyone and sparse ones, where Kuhn's paths do the work)."""
    import itertools

    from swisspairing.systems.dutch.bracket import open_bracket
    from swisspairing.systems.dutch.editions import RULES_2017
    from swisspairing.systems.dutch.players import STRONG, PairingPlayer
    from swisspairing.systems.dutch.round import PairingRound

    w, b = Colour.WHITE, Colour.BLACK

    def player(pid: int) -> PairingPlayer:
        return PairingPlayer(id=pid, score=10, colours=(w, b, w), opponents=frozenset(),
                             pref=b, strength=STRONG, cd=1, float1=None, float2=None,
                             bye_ok=True, topscorer=False, unplayed=0, rank=pid,
                             paired_number=pid + 1)

    rng = random.Random(83)
    found_some = none_some = 0
    for _ in range(600):
        n1 = rng.randint(1, 4)
        s1 = [player(i) for i in range(n1)]
        s2 = [player(10 + i) for i in range(n1 + rng.randint(0, 2))]
        density = rng.random()
        allowed = {(a.id, c.id) for a in s1 for c in s2 if rng.random() < density}
        floaters = {c.id for c in s2 if rng.random() < 0.6}
        rnd = PairingRound(RULES_2017, s1 + s2, False, None, None, 4)
        ctx = open_bracket(rnd, s1 + s2, set(), [], None)
        expected = None
        for chosen in itertools.permutations(s2, n1):  # in lexicographic order of S2
            left = [c for c in s2 if c not in chosen]
            if (all((a.id, c.id) in allowed for a, c in zip(s1, chosen, strict=True))
                    and all(c.id in floaters for c in left)):
                expected = ([(a.id, c.id) for a, c in zip(s1, chosen, strict=True)],
                            [c.id for c in left])
                break
        found = completing.first_free_assignment(
            ctx, s1, s2, lambda p, floaters=floaters: p.id in floaters, (0, 0),
            pair_ok=lambda a, c, allowed=allowed: (a.id, c.id) in allowed)
        got = None if found is None else ([(a.id, c.id) for a, c in found[0]],
                                          [c.id for c in found[2]])
        assert got == expected, (n1, sorted(allowed), sorted(floaters))
        found_some += got is not None
        none_some += got is None
    assert found_some > 150 and none_some > 150
