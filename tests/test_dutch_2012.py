"""Dutch system, 2012 text (C.04.3.1): D4's example, the exchange tables of D2, and the
engine's encoding of the exchange order.

Rule text: ``../shared/seeds/dutch-2012-lim-general-rules.fr.txt`` (French).
"""

from __future__ import annotations

import itertools
import random

import pytest

from swisspairing.model import Colour
from swisspairing.systems.dutch import (
    RULES_2012,
    BracketResult,
    PairingPlayer,
    PairingRound,
    a8_x1_z1,
    allocate_colours,
    exchange_key,
)


def player(pid: int, score: float, opponents: set[int] = frozenset(), bye_ok: bool = False,
           rank: int = 0) -> PairingPlayer:
    return PairingPlayer(id=pid, score=round(score * 10), colours=(),
                         opponents=frozenset(opponents),
              pref=None, strength=0, cd=0, float1=None, float2=None, bye_ok=bye_ok,
              topscorer=False, unplayed=0, rank=rank)


def lowest_bracket(players: list[PairingPlayer], mdps: set[int]) -> BracketResult:
    """Pair ``players`` as the lowest bracket (everyone paired, at most one bye)."""
    players = sorted(players, key=lambda p: (-p.score, p.id))
    for i, p in enumerate(players):
        p.rank = i
    rnd = PairingRound(RULES_2012, players, False, lambda a, b: False, None)
    rnd.initial = Colour.WHITE
    return rnd.solve(players, mdps, None, [])


def pairs_of(res: BracketResult, names: dict[int, str]) -> set[frozenset[str]]:
    return {frozenset((names[a.id], names[b.id])) for a, b in res.pairs}


A, B, C, D, E, F, G = range(1, 8)
NAMES = dict(zip(range(1, 8), "ABCDEFG", strict=True))


def test_d4_b3_factor_in_the_lowest_bracket() -> None:
    """D4 (note to programmers, the B3 factor), the text's example.

    Lowest bracket: A 3, B and C 2.5, D 2, E 1.5, F 1; F can only meet A. A, B, C come from the
    penultimate bracket: three of six players, so by A3 (at least 50 % moved down) the bracket
    is treated as homogeneous, S1 = {A, B, C}, S2 = {D, E, F}. The text: after transpositions
    Png1 = A-F, B-D, C-E (B3 factor 2.0^2 + 0.5^2 + 1.0^2 = 5.25); after exchanges
    Png2 = A-F, B-C, D-E (2.0^2 + 0 + 0.5^2 = 4.25), "the best possible pairing because of the
    B3 factor" (sum of the squared score differences). Expected: A-F, B-C, D-E.
    """
    players = [
        player(A, 3.0),
        player(B, 2.5),
        player(C, 2.5),
        player(D, 2.0),
        player(E, 1.5),
        player(F, 1.0, opponents={B, C, D, E}),
    ]
    for p in players[1:5]:
        p.opponents = frozenset({F})
    res = lowest_bracket(players, {A, B, C})
    assert pairs_of(res, NAMES) == {frozenset("AF"), frozenset("BC"), frozenset("DE")}
    assert res.floaters == []


def test_d4_with_a_seventh_player_who_alone_can_take_the_bye() -> None:
    """D4, second part: add G (below 2.5 points), the only player who may get the bye.

    Now A, B, C are three of seven players: less than 50 % moved down, so the bracket is
    heterogeneous (A3) and "no exchange in S1 is possible": A, B, C are paired with residents
    (B-C is impossible). F can only meet A: A-F. G must be the bye (B1.b: nobody else may
    receive it). B and C are paired with D and E: B-D (0.5^2) + C-E (1.0^2) and B-E (1.0^2) +
    C-D (0.5^2) have the same B3 factor, and the MDP-pairing whose S2 order comes first (D1.2,
    B's partner first: D before E) is B-D, C-E. Expected (the text): A-F, B-D, C-E, G bye.
    """
    players = [
        player(A, 3.0),
        player(B, 2.5),
        player(C, 2.5),
        player(D, 2.0),
        player(G, 2.0, bye_ok=True),
        player(E, 1.5),
        player(F, 1.0, opponents={B, C, D, E, G}),
    ]
    for p in players:
        if p.id not in (A, F):
            p.opponents = frozenset(p.opponents | {F})
    res = lowest_bracket(players, {A, B, C})
    assert pairs_of(res, NAMES) == {frozenset("AF"), frozenset("BD"), frozenset("CE")}
    assert [p.id for p in res.floaters] == [G]


# --- D2: the exchange tables ---------------------------------------------------------------
def test_d2_one_player_exchanges_follow_the_table() -> None:
    """D2, "exemple pour l'échange d'un joueur": S1 = 1..5, S2 = 6..11; the table numbers each
    exchange (S1 column, S2 row) by priority: 5-6 is 1st (difference 1), 5-7 2nd, 4-6 3rd,
    5-8 4th, 4-7 5th, 3-6 6th, 5-9 7th, ... 1-11 30th."""
    table = {
        6: (1, 3, 6, 10, 15),
        7: (2, 5, 9, 14, 20),
        8: (4, 8, 13, 19, 24),
        9: (7, 12, 18, 23, 27),
        10: (11, 17, 22, 26, 29),
        11: (16, 21, 25, 28, 30),
    }
    s1_columns = (5, 4, 3, 2, 1)
    ranked = sorted(
        ((x, y) for x in s1_columns for y in table),
        key=lambda xy: exchange_key([xy[0]], [xy[1]]),
    )
    expected = sorted(((x, y) for x in s1_columns for y in table),
                      key=lambda xy: table[xy[1]][s1_columns.index(xy[0])])
    assert ranked == expected


def test_d2_two_player_exchanges_follow_the_table() -> None:
    """D2, "exemple pour l'échange de deux joueurs": the first six by the text are
    5;4-6;7 (difference 4), 5;4-6;8 (5), 5;3-6;7 (5), 5;4-6;9 (6), 5;4-7;8 (6), 5;3-6;8 (6);
    and a few other cells of the table: 2;1-10;11 is the last (150th), 4;3-6;7 is 8th,
    3;2-6;7 is 29th."""
    s1_sets = list(itertools.combinations(range(1, 6), 2))
    s2_sets = list(itertools.combinations(range(6, 12), 2))
    order = sorted(itertools.product(s1_sets, s2_sets), key=lambda e: exchange_key(*e))
    first_six = [((5, 4), (6, 7)), ((5, 4), (6, 8)), ((5, 3), (6, 7)), ((5, 4), (6, 9)),
                 ((5, 4), (7, 8)), ((5, 3), (6, 8))]
    as_sets = [(frozenset(a), frozenset(b)) for a, b in order]
    assert as_sets[:6] == [(frozenset(a), frozenset(b)) for a, b in first_six]
    assert as_sets.index((frozenset((4, 3)), frozenset((6, 7)))) + 1 == 8
    assert as_sets.index((frozenset((3, 2)), frozenset((6, 7)))) + 1 == 29
    assert as_sets[-1] == (frozenset((2, 1)), frozenset((10, 11)))


def test_d2_three_player_exchanges_start_as_the_table() -> None:
    """D2, three players: 1st 5;4;3-6;7;8 (difference 9), 2nd 5;4;3-6;7;9 (10),
    3rd 5;4;2-6;7;8 (10), 4th 5;4;3-6;7;10 (11), 5th 5;4;3-6;8;9 (11), 6th 5;4;2-6;7;9 (11)."""
    s1_sets = list(itertools.combinations(range(1, 6), 3))
    s2_sets = list(itertools.combinations(range(6, 12), 3))
    order = sorted(itertools.product(s1_sets, s2_sets), key=lambda e: exchange_key(*e))
    first = [(sorted(a, reverse=True), sorted(b)) for a, b in order[:6]]
    assert first == [([5, 4, 3], [6, 7, 8]), ([5, 4, 3], [6, 7, 9]), ([5, 4, 2], [6, 7, 8]),
                     ([5, 4, 3], [6, 7, 10]), ([5, 4, 3], [6, 8, 9]), ([5, 4, 2], [6, 7, 9])]


def _perfect_matchings(items: list[int]) -> list[list[tuple[int, int]]]:
    if not items:
        return [[]]
    first, rest = items[0], items[1:]
    out = []
    for i, other in enumerate(rest):
        for m in _perfect_matchings(rest[:i] + rest[i + 1 :]):
            out.append([(first, other), *m])
    return out


def _first_exchange(pairs: list[tuple[int, int]], n1: int) -> tuple[set[int], set[int]]:
    """The exchange producing ``pairs`` first: every pair must join S1 and S2."""
    down, up = set(), set()
    for a, b in pairs:
        a, b = sorted((a, b))
        if b <= n1:
            down.add(b)  # a pair inside S1: its higher BSN moves down (D.2 b/c)
        elif a > n1:
            up.add(a)  # a pair inside S2: its lower BSN moves up (D.2 b/d)
    return down, up


@pytest.mark.parametrize("n", [6, 8, 10])
def test_engine_digits_order_matchings_as_the_exchange_order(n: int) -> None:
    """docs/dutch.md section 4: per pair (a < b) of BSNs, the digits (pairs inside S2; the
    lower BSN; minus 2^a if a is in S1; 2^(n-a) if a is in S2) order the matchings of a
    homogeneous bracket as D.2 orders the exchanges that produce them first. Checked on every
    perfect matching of brackets of 6, 8 and 10 players against :func:`exchange_key`."""
    n1 = n // 2
    matchings = _perfect_matchings(list(range(1, n + 1)))

    def digits(m: list[tuple[int, int]]) -> tuple[int, int, int, int]:
        da = db = dc = dd = 0
        for a, b in m:
            a, b = sorted((a, b))
            da += 1 if (a > n1 and b > n1) else 0
            db += a
            dc += 2**a if a <= n1 else 0
            dd += 2 ** (n - a) if a > n1 else 0
        # smaller is better for a, b and c (the S1 members that stay up are the lower BSNs
        # of their pairs: the fewer high ones stay, the higher the BSNs moved down), larger
        # is better for d
        return (da, db, dc, -dd)

    rng = random.Random(n)
    sample = rng.sample(matchings, min(len(matchings), 200))
    for m1, m2 in itertools.combinations(sample, 2):
        k1, k2 = exchange_key(*_first_exchange(m1, n1)), exchange_key(*_first_exchange(m2, n1))
        if k1 != k2:
            assert (digits(m1) < digits(m2)) == (k1 < k2), (m1, m2)


# --- A8: X1 and Z1 ----------------------------------------------------------------------------
def _prefs(spec: str, round_number: int, unplayed: dict[int,
           int] | None = None) -> list[PairingPlayer]:
    """Players from a string of preferences: W/B strong, w/b mild, '-' no game yet."""
    out = []
    for i, ch in enumerate(spec, start=1):
        pref = {"W": Colour.WHITE, "w": Colour.WHITE, "B": Colour.BLACK, "b": Colour.BLACK}
        colours = () if ch == "-" else (Colour.BLACK,)
        p = player(i, 1.0)
        p.colours = colours
        p.pref = pref.get(ch)
        p.strength = 0 if ch == "-" else (2 if ch.isupper() else 1)
        p.unplayed = (unplayed or {}).get(i, 0)
        out.append(p)
    return out


@pytest.mark.parametrize(
    ("spec", "round_number", "x1", "z1"),
    [
        # A8.a, odd round: P0 = 3, B = 4, N = 2, a = 0: N + n > B + b is false, so
        # X1 = P0 - N - n - a = 3 - 2 = 1 (one pair must put a White-seeker on Black)
        ("WWwwBB", 3, 1, None),
        # everybody wants White: X1 = 3 - 0 = 3
        ("WWWwww", 3, 3, None),
        # two players without a game absorb colours (a = 2): X1 = 3 - 1 - 0 - 2 = 0
        ("WWw-B-", 5, 0, None),
        # balanced: X1 = 0
        ("WwWBbB", 3, 0, None),
        # A8.b, even round: B = 4, N = 2, so (N > B false) Z1 = P0 - N - n - b - a = 1
        ("WWwwBB", 4, 1, 1),
        # even round, Black-heavy: N = 4 > B = 2: X1 = P0 - B - b - a = 1, Z1 = 3 - 2 = 1
        ("WwBBbb", 4, 1, 1),
    ],
)
def test_a8_x1_z1(spec: str, round_number: int, x1: int, z1: int | None) -> None:
    """A8: X1 = P0 - B - b - a if N + n > B + b, else P0 - N - n - a (never below 0); in even
    rounds Z1 = P0 - B - n - b - a if N > B, else P0 - N - n - b - a (never below 0)."""
    assert a8_x1_z1(_prefs(spec, round_number), round_number) == (x1, z1)


def test_a8_even_round_counts_a7e_players() -> None:
    """A8 with A7.e: in even rounds b (n) counts the players with an odd number of unplayed
    games and a mild White (Black) preference. Players: W strong, w mild with one unplayed
    game, then four Black-seekers: B = 2, N = 4, b = 1, n = 0, a = 0. N + n = 4 > B + b = 3,
    so X1 = P0 - B - b - a = 3 - 2 - 1 = 0; N > B, so Z1 = P0 - B - n - b - a = 0."""
    players = _prefs("WwBBBB", 6, unplayed={2: 1})
    assert a8_x1_z1(players, 6) == (0, 0)


def test_engine_reaches_x1_on_a_fully_compatible_bracket() -> None:
    """A11 starts from X = X1 and increases it only when no pairing is found: with nobody
    having met anybody, the bracket pairs with exactly X1 pairs that do not respect both
    colour preferences. Six players, four White-seekers and two Black-seekers: X1 = 1."""
    players = _prefs("WWwwBB", 3)
    x1, _ = a8_x1_z1(players, 3)
    rnd = PairingRound(RULES_2012, players, False, lambda a, b: False, None, 3)
    rnd.initial = Colour.WHITE
    for i, p in enumerate(players):
        p.rank = i
    res = rnd.solve(players, set(), None, [])
    assert len(res.pairs) == 3
    same = sum(1 for a, b in res.pairs if a.pref is b.pref)
    assert same == x1 == 1


def test_a7d_odd_round_strong_preferences_count_as_absolute() -> None:
    """A7.d: in odd rounds players with a strong preference are treated as absolute "as long as
    this does not create additional floaters, floaters with higher scores, or larger score
    differences"; C10 drops A7.d (C10f) only after X has been raised to its maximum (C10e),
    so it ranks above X.

    Round 3, one scoregroup: 1 and 2 strong White, 3 and 4 mild White, 5 and 6 mild Black;
    1 and 2 have already met 5 and 6. Candidate A = 1-2, 3-5, 4-6 respects every colour but
    one (X = 1) but pairs two strong White-seekers; candidate B = 1-3, 2-4, 5-6 has X = 3 and
    no such pair. A7.d prefers B. Among the B-type candidates, 1-3, 2-4, 5-6 and 1-4, 2-3, 5-6
    need the same exchange (3 down, 5 up: S1 = 1, 2, 5) and the first transposition of
    S2 = 3, 4, 6 gives 1-3, 2-4, 5-6 (D1.1). Expected: 1-3, 2-4, 5-6.
    """
    players = _prefs("WWwwbb", 3)
    for p in players[:2]:
        p.opponents = frozenset({5, 6})
    for p in players[4:]:
        p.opponents = frozenset({1, 2})
    rnd = PairingRound(RULES_2012, players, False, lambda a, b: False, None, 3)
    rnd.initial = Colour.WHITE
    for i, p in enumerate(players):
        p.rank = i
    res = rnd.solve(players, set(), None, [])
    assert {frozenset((a.id, b.id)) for a, b in res.pairs} == {
        frozenset((1, 3)), frozenset((2, 4)), frozenset((5, 6))}


def test_a7e_even_round_sacrifices_the_mild_preference_first() -> None:
    """A7.e with the example of ``colour-preference-notes-quebec.fr.txt`` (round 4, N = Black,
    B = White): NBN (strong White), -BN (a bye, then White, Black: mild White), NBN (strong
    White), BNB (strong Black), in that order. The first candidate NBN-NBN, -BN-BNB leaves one
    player without his colour (X = 1) but it is a strong preference (Z = 1), and NBN would get
    NBNN; the transposition NBN-BNB, -BN-NBN also has X = 1 but sacrifices the mild
    preference (Z = 0): "on sacrifie en premier la préférence de couleur faible". Expected:
    1-4 with 1 White, 3-2 with 3 White."""
    w, b = Colour.WHITE, Colour.BLACK
    players = [player(i, 1.5) for i in range(1, 5)]
    histories = {1: (b, w, b), 2: (w, b), 3: (b, w, b), 4: (w, b, w)}
    prefs = {1: (w, 2), 2: (w, 1), 3: (w, 2), 4: (b, 2)}
    for p in players:
        p.colours = histories[p.id]
        p.pref, p.strength = prefs[p.id]
        p.cd = sum(1 if c is w else -1 for c in p.colours)
        p.rank = p.id - 1
    players[1].unplayed = 1
    rnd = PairingRound(RULES_2012, players, False, lambda a, b: False, None, 4)
    rnd.initial = w
    res = rnd.solve(players, set(), None, [])
    boards = set()
    for a, c in res.pairs:
        white, black, _ = allocate_colours(a, c, w)
        boards.add((white.id, black.id))
    assert boards == {(1, 4), (3, 2)}
