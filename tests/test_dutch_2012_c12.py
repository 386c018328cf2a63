"""Dutch system, 2012 text: C12 (going back to the previous bracket) and C1 before C2.

Rule text: ``../shared/seeds/dutch-2012-lim-general-rules.fr.txt`` (French), C.04.3.1.
"""

from __future__ import annotations

import random

import networkx

from swisspairing.model import Colour
from swisspairing.systems.dutch import RULES_2012, PairingPlayer, PairingRound


def player(pid: int, score: float, opponents: set[int]) -> PairingPlayer:
    return PairingPlayer(id=pid, score=round(score * 10), colours=(),
                         opponents=frozenset(opponents),
              pref=None, strength=0, cd=0, float1=None, float2=None, bye_ok=True,
              topscorer=False, unplayed=0)


def pair_top_bracket(met: list[tuple[int, int]]) -> tuple[set[frozenset[int]], set[int]]:
    """Bracket 3 = {1, 2, 3}, next bracket 2.5 = {4, 5, 6}; ``met`` are the games already
    played (B1). Returns the pairs of bracket 3 and its downfloaters."""
    opp: dict[int, set[int]] = {i: set() for i in range(1, 7)}
    for a, b in met:
        opp[a].add(b)
        opp[b].add(a)
    players = [player(i, 3.0 if i <= 3 else 2.5, opp[i]) for i in range(1, 7)]
    for i, p in enumerate(players):
        p.rank = i
    rnd = PairingRound(RULES_2012, players, False, lambda a, b: False, None, round_number=5)
    rnd.initial = Colour.WHITE
    res = rnd.solve(players[:3], set(), players[3:], None)
    return ({frozenset((a.id, b.id)) for a, b in res.pairs}, {p.id for p in res.floaters})


def test_c12_another_downfloater_lets_the_next_bracket_make_its_p_pairs() -> None:
    """C12 (t0022-r09 in small). Bracket 3 = {1, 2, 3} is homogeneous and odd: P0 = 1 (A6.b).
    C4-C6: S1 = {1}, S2 = {2, 3}; 1-2 is the first pairing, and 3 moves down.

    Bracket 2.5 is then {3*, 4, 5, 6}. 5-6 have met, and 3 has met 5 and 6. Nobody lacks an
    opponent (4 can meet everyone), so C1 sends nobody down and P0 = 2 (C2). The MDP part has
    3-4 only (C6), and then the residual 5-6 is forbidden (B1). No transposition, exchange or
    C10 relaxation helps, because B1 is absolute. C12 is next: go back to bracket 3 and move
    down another set of one player that lets bracket 2.5 make P = 2 pairs. With 1-3 and 2
    moving down, bracket 2.5 = {2*, 4, 5, 6} pairs 2-5 and 4-6. Expected: 1-3, 2 moves down.
    """
    pairs, floaters = pair_top_bracket([(5, 6), (3, 5), (3, 6)])
    assert pairs == {frozenset((1, 3))}
    assert floaters == {2}


def test_c1_before_c2_a_resident_without_opponent_does_not_call_c12() -> None:
    """C1 then C2 (t0022-r07, t0005-r09 in small). Bracket 3 as above: 1-2, 3 moves down.

    Bracket 2.5 = {3*, 4, 5, 6}, where 6 has met 3, 4 and 5. 6 has no opponent in the bracket,
    so C1 sends him down (he is a resident and this is not the lowest bracket) before C2 fixes
    P0. The bracket is then {3*, 4, 5}, with P0 = 1, and 3-4 makes it. C12 is never reached,
    even though {2*, 4, 5, 6} could make two pairs (2-6, 4-5). Expected: 1-2, 3 moves down.
    """
    pairs, floaters = pair_top_bracket([(6, 3), (6, 4), (6, 5)])
    assert pairs == {frozenset((1, 2))}
    assert floaters == {3}


def test_without_need_the_first_pairing_stands() -> None:
    """No game played: bracket 2.5 = {3*, 4, 5, 6} makes P0 = 2 pairs, so C12 is not called.
    The first pairing of C6 stands: 1-2, with 3 moving down."""
    pairs, floaters = pair_top_bracket([])
    assert pairs == {frozenset((1, 2))}
    assert floaters == {3}


def test_the_next_bracket_pairs_are_those_of_a_maximum_matching() -> None:
    """``next_bracket_pairs_2012`` counts the pairs the next bracket can make (C12) with a
    greedy pairing and augmenting paths that stop once everybody but one is paired; on random
    brackets (met players, MDPs kept apart by B.3 unless A3 makes the bracket homogeneous) it
    is the size of a maximum matching over every allowed pair."""
    rng = random.Random(12)
    short = 0
    for _ in range(300):
        n_float, n_next = rng.randint(0, 5), rng.randint(1, 9)
        ids = list(range(1, n_float + n_next + 1))
        density = rng.choice([0.2, 0.5, 0.8])
        opp: dict[int, set[int]] = {i: set() for i in ids}
        for i in ids:
            for j in ids:
                if i < j and rng.random() < density:
                    opp[i].add(j)
                    opp[j].add(i)
        players = [player(i, 3.0 if i <= n_float else 2.5, opp[i]) for i in ids]
        rnd = PairingRound(RULES_2012, players, False, lambda a, b: False, None, 5)
        floaters, nxt = players[:n_float], players[n_float:]
        need, got = rnd.next_bracket_pairs_2012(floaters, nxt)
        mdp = set() if 2 * n_float >= len(ids) else {p.id for p in floaters}
        graph = networkx.Graph()
        graph.add_nodes_from(ids)
        graph.add_edges_from((p.id, q.id) for p in players for q in players
                             if p.id < q.id and q.id not in p.opponents
                             and not (p.id in mdp and q.id in mdp))
        assert got == len(networkx.max_weight_matching(graph, maxcardinality=True))
        short += got < need
    assert short > 20  # brackets that cannot make their pairs are among them
