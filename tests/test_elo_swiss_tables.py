"""D1 (permutation order) and D2 (exchange tables) of the FFE Elo-based Swiss system,
reproduced from the text (../shared/seeds/elo-based-swiss-ffe.fr.txt, section D)."""

from __future__ import annotations

import itertools
import random

from swisspairing.matching.bitsets import BitGraph
from swisspairing.systems.elo_swiss import PairRule, d1_permutations, d2_exchanges, d2_splits
from swisspairing.systems.elo_swiss.completion import max_matching_size
from swisspairing.systems.elo_swiss.stage import valid_permutations

#: D2, "Echanger un joueur": rows S2 = 5, 6, 7, columns S1 = 4, 3, 2, letters a..i.
ONE_PLAYER_TABLE = {
    (4, 5): "a", (3, 5): "c", (2, 5): "f",
    (4, 6): "b", (3, 6): "e", (2, 6): "h",
    (4, 7): "d", (3, 7): "g", (2, 7): "i",
}
#: D2, "Echanger deux joueurs": rows S2 = 5+6, 5+7, 6+7, columns S1 = 3+4, 2+4, 2+3, j..r
#: (the scanned table shows "1" for l and "O" for o).
TWO_PLAYER_TABLE = {
    ((3, 4), (5, 6)): "j", ((2, 4), (5, 6)): "l", ((2, 3), (5, 6)): "o",
    ((3, 4), (5, 7)): "k", ((2, 4), (5, 7)): "n", ((2, 3), (5, 7)): "q",
    ((3, 4), (6, 7)): "m", ((2, 4), (6, 7)): "p", ((2, 3), (6, 7)): "r",
}


def test_d1_order_is_the_text_example() -> None:
    """D1: S2 = 5 6 7 8; after the starting order come a) 5-6-8-7, b) 5-7-6-8, c) 5-7-8-6,
    d) 5-8-6-7, e) 5-8-7-6, f) 6-5-7-8, g) 6-5-8-7 - "all the numbers written with 5, 6, 7
    and 8 in increasing order"."""
    got = list(d1_permutations([5, 6, 7, 8]))
    assert got[0] == (5, 6, 7, 8)
    assert got[1:8] == [
        (5, 6, 8, 7), (5, 7, 6, 8), (5, 7, 8, 6), (5, 8, 6, 7), (5, 8, 7, 6),
        (6, 5, 7, 8), (6, 5, 8, 7),
    ]
    numbers = [int("".join(map(str, x))) for x in got]
    assert numbers == sorted(numbers) and len(numbers) == 24


def test_d1_with_more_players_in_s2_than_pairs() -> None:
    """S1 = 1 2 3, S2 = 4 5 6 7 (odd level): only the first three places make a pairing, so
    4-5-6-7 and 4-5-6 are the same pairing; the orders stay increasing numbers."""
    got = list(d1_permutations([4, 5, 6, 7], 3))
    assert got[:4] == [(4, 5, 6), (4, 5, 7), (4, 6, 5), (4, 6, 7)]
    assert len(got) == len(set(got)) == 24


def test_search_visits_permutations_in_d1_order() -> None:
    """C7: the search for a valid permutation walks the D1 order; with every pair allowed it
    yields exactly the D1 list, and with pair 1-5 forbidden the first answer is 6-5-7-8."""
    s1, s2 = [1, 2, 3, 4], [5, 6, 7, 8]
    assert list(valid_permutations(s1, s2, [], lambda a, b: True)) == list(d1_permutations(s2))
    first = next(valid_permutations(s1, s2, [], lambda a, b: (a, b) != (1, 5)))
    assert first == (6, 5, 7, 8)


def _ordered_letters(n: int, p: int, size: int, table: dict, shift: int = 0) -> str:
    out = []
    for out1, out2 in d2_exchanges(n, p, size):
        key = (out1[0] + shift, out2[0] + shift) if size == 1 else (
            tuple(x + shift for x in out1), tuple(x + shift for x in out2))
        if key in table:
            out.append(table[key])
    return "".join(out)


def test_d2_one_player_table() -> None:
    """D2, one player: smallest difference of numbers first (4-5 = 1; 4-6, 3-5 = 2; ...), on
    equal difference the weakest S1 player first: a b c d e f g h i."""
    assert _ordered_letters(8, 4, 1, ONE_PLAYER_TABLE) == "abcdefghi"


def test_d2_two_player_table() -> None:
    """D2, two players: difference of the sums (5+6 - 3+4 = 4, then 5 for k and l, ...), on
    equal difference the pair with the weakest S1 players (3+4, then 2+4, then 2+3):
    j k l m n o p q r."""
    assert _ordered_letters(8, 4, 2, TWO_PLAYER_TABLE) == "jklmnopqr"


def test_d2_odd_level_remark() -> None:
    """Remark of D2: with 7 players S1 = 1 2 3 and S2 = 4 5 6 7; the exchanges follow from the
    tables by lowering every number by 1 (a = 3<->4, b = 3<->5, c = 2<->4, ..., j = 2+3<->4+5)."""
    assert _ordered_letters(7, 3, 1, ONE_PLAYER_TABLE, shift=1) == "abcdefghi"
    assert _ordered_letters(7, 3, 2, TWO_PLAYER_TABLE, shift=1) == "jklmnopqr"
    first = d2_exchanges(7, 3, 1)[:3]
    assert first == [((3,), (4,)), ((3,), (5,)), ((2,), (4,))]


def test_d2_splits_resort_after_exchange() -> None:
    """A.7 b / D2: after each exchange S1 and S2 are re-sorted by A.2 (here: by number).
    Exchange a (4<->5) gives S1 = 1 2 3 5 and S2 = 4 6 7 8; the unexchanged split comes first."""
    splits = d2_splits(8, 4)
    assert next(splits) == ([1, 2, 3, 4], [5, 6, 7, 8], "")
    assert next(splits) == ([1, 2, 3, 5], [4, 6, 7, 8], "4<->5")


def test_matching_size_agrees_with_brute_force() -> None:
    """The matching used to know whether a round can still be paired (C12, C13) finds the
    maximum: compared with exhaustive search on 300 random small graphs."""
    rng = random.Random(7)

    def brute(n: int, edges: list[tuple[int, int]]) -> int:
        best = 0
        for k in range(n // 2, 0, -1):
            for chosen in itertools.combinations(edges, k):
                if len({v for e in chosen for v in e}) == 2 * k:
                    return k
        return best

    for _ in range(300):
        n = rng.randint(1, 9)
        edges = [e for e in itertools.combinations(range(n), 2) if rng.random() < 0.35]
        adj: list[list[int]] = [[] for _ in range(n)]
        for a, b in edges:
            adj[a].append(b)
            adj[b].append(a)
        assert max_matching_size(n, adj) == brute(n, edges)


def _bit_rule(n: int, allowed: set[tuple[int, int]]) -> PairRule:
    """A :class:`PairRule` over players 1..n joined by ``allowed`` (either way), as the engine
    builds it (bit sets), without a round behind it."""
    barred = {v: (1 << (n + 1)) - 1 for v in range(1, n + 1)}
    for a, b in allowed:
        barred[a] &= ~(1 << b)
        barred[b] &= ~(1 << a)
    rule = PairRule.__new__(PairRule)
    rule.graph = BitGraph(barred)
    return rule


def test_valid_permutations_on_bit_sets_are_the_d1_filter() -> None:
    """C7/D1 on the engine's bit-set relation: the permutations of S2 the search yields are,
    in order, those of the D1 list whose every pair S1[i]-S2[i] is allowed and which pair
    every player of ``must`` (S2 players who may not float), on random relations."""
    rng = random.Random(7)
    for _ in range(150):
        p = rng.randint(1, 4)
        n = p + rng.randint(p, p + 2)
        s1, s2 = list(range(1, p + 1)), list(range(p + 1, n + 1))
        allowed = {(a, b) for a in s1 for b in s2 if rng.random() < 0.6}
        must = [b for b in s2 if rng.random() < 0.3]
        rule = _bit_rule(n, allowed)
        expected = [perm for perm in d1_permutations(s2, p)
                    if all((a, b) in allowed for a, b in zip(s1, perm, strict=True))
                    and set(must) <= set(perm)]
        assert list(valid_permutations(s1, s2, must, rule)) == expected


def test_valid_permutations_with_thousands_of_pairs() -> None:
    """Round 1 of a 4,000-player event is one level of 2,000 pairs: the D1 search walks 2,000
    places (no recursion limit). Everybody may meet everybody except S1's first player and
    S2's first: D1's first permutation swaps S2's first two places."""
    p = 2000
    s1, s2 = list(range(1, p + 1)), list(range(p + 1, 2 * p + 1))
    barred = {v: 1 << v for v in range(1, 2 * p + 1)}
    barred[1] |= 1 << (p + 1)
    barred[p + 1] |= 1 << 1
    rule = PairRule.__new__(PairRule)
    rule.graph = BitGraph(barred)
    first = next(valid_permutations(s1, s2, [], rule))
    assert first == (p + 2, p + 1, *range(p + 3, 2 * p + 1))
