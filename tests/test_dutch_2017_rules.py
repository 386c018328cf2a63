"""Hand-made Dutch pairings (C.04.3, 2016 text applied from 2017), one or more per rule.

Each test builds a small history whose next round isolates one rule, and its docstring derives
the expected pairing from the English column of
``../shared/seeds/dutch-2016-general-rules-bilingual.fr-en.txt`` step by step. Pairing numbers
follow the rating order (no. 1 the strongest), so the A.2 order is score, then number. Colour
histories are written oldest first (W/B, played games only). Round-1 tests use forbidden pairs
(``XXP``, treated like C.1) or acceleration points (pairing scores, C.04.7) to shape brackets
without any colour or float history.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass

import pytest

from dutch_helpers import (
    C3_ROUNDS,
    C8_HISTORY,
    C9_HISTORY,
    C11_ROUNDS,
    C12_ROUNDS,
    C13_ROUNDS,
    C14_ROUNDS,
    PPB_ROUNDS,
    TOP_ROUNDS,
    P,
    c16_tournament,
    c17_tournament,
    d2c_tournament,
    duel,
    duel_pair,
    first_heterogeneous,
    first_homogeneous,
    homogeneous_candidates,
    make,
    pair17,
    pairs,
    resident_exchanges,
    round_one,
    with_byes_round,
)
from swisspairing.errors import NoValidPairing
from swisspairing.model.tournament import ForbiddenGroup, Tournament
from swisspairing.systems.dutch import DUTCH_2017, DUTCH_2025


# --- B.2 / B.3: the first candidate ---------------------------------------------------------------
def test_b2_b3_round_one_pairs_s1_against_s2_in_order() -> None:
    """B.2: one homogeneous bracket of 6; MaxPairs = 3, S1 = {1, 2, 3}, S2 = {4, 5, 6}.
    B.3: S1[i] meets S2[i]: 1-4, 2-5, 3-6. Nobody has a colour preference (A.6.d) and every
    quality criterion is met, so the candidate is perfect (B.4). Colours E.5 with initial colour
    White: 1 (odd) White, 2 (even) Black, 3 (odd) White."""
    p = pair17(round_one(6))
    assert sorted((b.white, b.black) for b in p.boards) == [(1, 4), (3, 6), (5, 2)]
    assert p.bye is None


def test_b1_maxpairs_limbo_and_the_highest_mdp() -> None:
    """B.1, B.2, D.3. Round 1 with acceleration: 1, 2, 3 have 2 points and may not meet each
    other, 4 has 1, 5 and 6 none. Bracket 2 pairs nobody. Bracket 1 = {1*, 2*, 3*, 4}: M0 = 3
    but one resident, so MaxPairs = M1 = 1 (B.1 notes): S1 = {1} (the highest MDP, D.3 b),
    Limbo {2, 3}; every choice has the PSD [2, 2, 1] and the next bracket pairs both floaters:
    1-4. Bracket 0 = {2*, 3*, 5, 6}: 2-5, 3-6. E.5: 1 White, 2 Black, 3 White."""
    p = pair17(round_one(6, ((1, 2), (1, 3), (2, 3)), {1: 2.0, 2: 2.0, 3: 2.0, 4: 1.0}))
    assert {(b.white, b.black) for b in p.boards} == {(1, 4), (5, 2), (3, 6)}


# --- C.1 and D.1 ----------------------------------------------------------------------------------
def test_c1_no_rematch_next_transposition() -> None:
    """C.1: no rematch. Round 1: 1-3 and 2-4 drawn (1, 2 White). Round 2: all on 0.5, one
    bracket, S1 = {1, 2}, S2 = {3, 4}. Candidate 1-3 breaks C.1; the next transposition of S2
    (D.1: 4-3) gives 1-4, 2-3, which is perfect: 1 and 2 prefer Black (strong, A.6.b), 3 and 4
    White. Boards 4-1, 3-2 (E.1)."""
    t = make(4, [[(1, 3, "="), (2, 4, "=")]])
    p = pair17(t)
    assert {(b.white, b.black) for b in p.boards} == {(4, 1), (3, 2)}


def test_c1_a_forfeited_game_is_not_a_meeting() -> None:
    """C.1 with C.04.2 D.6 (GHR 3.5): a game lost by forfeit was not played, so the two players
    have not met. Round 1: 1 wins against 2 by forfeit, 3-4 1-0. Round 2 with 3 and 4 absent:
    1-2 is legal. Neither has played a game (no preference, A.6.d): E.5, 1 (higher ranked, odd)
    gets the initial colour White."""
    t = make(4, [[(1, 2, "+"), (3, 4, "1")]], absent={3: "Z", 4: "Z"})
    p = pair17(t)
    assert {(b.white, b.black) for b in p.boards} == {(1, 2)}
    t = make(4, [[(1, 2, "1"), (3, 4, "1")]], absent={3: "Z", 4: "Z"})
    with pytest.raises(NoValidPairing):
        pair17(t)


def test_d1_transpositions_in_lexicographic_order() -> None:
    """D.1: transpositions of S2 sorted by the lexicographic value of their first N1 BSNs.
    Round 1, 6 players, 1-4 and 2-4 forbidden. S1 = {1, 2, 3}; S2 orders: 4-5-6 (1-4 no),
    4-6-5 (1-4 no), 5-4-6 (2-4 no), 5-6-4: 1-5, 2-6, 3-4, legal and perfect (no colour
    preferences in round 1), so accepted before 6-5-4 (B.4). Colours E.5."""
    p = pair17(round_one(6, ((1, 4), (2, 4))))
    assert {(b.white, b.black) for b in p.boards} == {(1, 5), (6, 2), (3, 4)}


def test_d1_mdp_pairing_transpositions_in_a_heterogeneous_bracket() -> None:
    """B.3, D.1 (heterogeneous example "3-4, 3-5, ..., 4-3, ..."). Round 1 with acceleration:
    1 and 2 have 1 point and may not meet, 1-3 is forbidden too; 3-6 have none. Bracket 1
    pairs nobody; bracket 0 = {1*, 2*, 3, 4, 5, 6}: S1 = {1, 2} (M1 = 2), S2 = {3, 4, 5, 6}.
    MDP-pairings by the first two BSNs of S2: 3-4, 3-5, 3-6 pair 1-3 (forbidden); 4-3 gives
    1-4, 2-3 and the remainder {5, 6}: 5-6; perfect. E.5: 1 White, 2 (even) Black, 5 White."""
    p = pair17(round_one(6, ((1, 2), (1, 3)), {1: 1.0, 2: 1.0}))
    assert {(b.white, b.black) for b in p.boards} == {(1, 4), (3, 2), (5, 6)}


def test_b7_remainder_alternatives_before_a_new_mdp_pairing() -> None:
    """B.7 order. Round 1 with acceleration: 1 has 1 point, 2-5 none; 3 may not meet 4 or 5.
    Bracket 1 = {1} floats. Bracket 0 = {1*, 2, 3, 4, 5}: MDP-pairing 1-2 (S1 = {1}, S2 first
    BSN 2); remainder {3, 4, 5}: S1R = {3}, S2R = {4, 5}: 3-4 and 3-5 forbidden; the exchange
    3<->4 gives 4-5 with 3 left for the bye. B.7: the remainder's transpositions and exchanges
    come before the next MDP-pairing (1-3, which would give 1-3, 2-4, bye 5 with the same PSD
    [1, 1, 0]). So 1-2, 4-5, bye 3; E.5: 1 White; 4 (even, higher ranked) Black."""
    p = pair17(round_one(5, ((3, 4), (3, 5)), {1: 1.0}))
    assert p.bye == 3
    assert {(b.white, b.black) for b in p.boards} == {(1, 2), (5, 4)}


# --- D.2: resident exchanges ----------------------------------------------------------------------
def test_d2a_b_one_exchange_with_the_smallest_difference_first() -> None:
    """D.2 a, b. Round 1, 6 players; 3 may not meet 4, 5 or 6 (XXP). With S1 = {1, 2, 3} no
    transposition works (3 always meets S2). Exchanges: fewest BSNs first (D.2 a), then the
    smallest sum(S2->S1) - sum(S1->S2) (D.2 b): 3<->4 (difference 1). New S1 = {1, 2, 4},
    S2 = {3, 5, 6}: 1-3, 2-5, 4-6 is legal and perfect. E.5: 1 White; 2 even, Black; 4 even,
    Black."""
    p = pair17(round_one(6, ((3, 4), (3, 5), (3, 6))))
    assert {(b.white, b.black) for b in p.boards} == {(1, 3), (5, 2), (6, 4)}


def test_d2b_exchange_difference_two_before_three() -> None:
    """D.2 b. Round 1, 6 players; 3 may not meet 4, 5, 6 and 4 may not meet 5, 6. So 3 and 4
    can only meet 1 or 2, and 5-6 must be a pair. S1 = {1, 2, 3}: invalid (3 meets S2). One-BSN
    exchanges by D.2 b: 3<->4 (difference 1): S1 = {1, 2, 4}, 4 must meet 3, 5 or 6: 3 forbidden
    ... 4-3 is forbidden, 4-5, 4-6 too: invalid. Difference 2: 3<->5 and 2<->4; D.2 c puts
    first the one moving the higher BSN from S1 (3): S1 = {1, 2, 5}, S2 = {3, 4, 6}: 1-3, 2-4,
    5-6, legal and perfect. E.5: 1 White, 2 Black, 5 White."""
    forbidden = ((3, 4), (3, 5), (3, 6), (4, 5), (4, 6))
    p = pair17(round_one(6, forbidden))
    assert {(b.white, b.black) for b in p.boards} == {(1, 3), (4, 2), (5, 6)}


def test_d2c_highest_bsn_moved_from_s1_first() -> None:
    """D.2 c. Round 1, 8 players; only the pairs 3-4, 6-7, 1-5, 2-8, 1-3, 2-6, 4-7, 5-8 are
    allowed. A split S1 | S2 is valid when a perfect matching of allowed pairs crosses it.
    Original S1 {1, 2, 3, 4}: 3's partners (4, 1) are both in S1: invalid. One-BSN exchanges
    by D.2 b: 4<->5 (difference 1) gives S1 {1, 2, 3, 5}: 1's partners 5, 3 are both in S1:
    invalid. Difference 2: 4<->6 and 3<->5; D.2 c puts first the one moving the higher BSN
    (4, "moving 5 is better than moving 4"): S1 {1, 2, 3, 6}, S2 {4, 5, 7, 8}: 1-5, 2-8, 3-4,
    6-7 is legal and perfect (round 1). (3<->5 would give S1 {1, 2, 4, 5}: 1-3, 2-6, 4-7,
    5-8.) E.5: 1, 3 White; 2, 6 (even) Black."""
    p = pair17(d2c_tournament())
    assert {(b.white, b.black) for b in p.boards} == {(1, 5), (8, 2), (3, 4), (7, 6)}


# --- C.2 ------------------------------------------------------------------------------------------
def test_c2_a_forfeit_winner_cannot_get_the_bye() -> None:
    """C.2 (C.04.1 d): no bye for a player who won by forfeit. Round 1: 3 wins against 1 by
    forfeit, 2-4 1-0. Round 2: 3-2 0-1, 1-4 1-0. Round 3, 4 absent: 2 on 2, 1 and 3 on 1.
    Bracket {2} floats; last bracket {2*, 1, 3}: 2-3 is a rematch (C.1); 2-1 would leave 3 the
    bye, barred by C.2 (forfeit win). The only legal pairing is 1-3 and the bye to 2, even
    though 2 has the highest score. Colours: 1 played [W], 3 played [W] (forfeits have no
    colour), both strong Black; E.3 cannot decide (same history), E.4: 1 is higher ranked, so
    Black: 3-1."""
    t = make(4, [[(1, 3, "-"), (2, 4, "1")], [(3, 2, "0"), (1, 4, "1")]], absent={4: "Z"})
    p = pair17(t)
    assert p.bye == 2
    assert {(b.white, b.black) for b in p.boards} == {(3, 1)}


def test_c2_2017_a_full_point_bye_does_not_bar_the_bye() -> None:
    """C.2 (2017 wording of C.04.1 d) bars only a previous pairing-allocated bye or forfeit win:
    a requested full-point bye does not. Round 1: 2-4 1-0, 3 full-point bye, 1 absent (zero).
    Round 2: 3-2 0-1, 1-4 1-0. Round 3, 4 absent: 2 on 2; 1, 3 on 1. Last bracket {2*, 1, 3}
    (2-3 met): 2-1 with the bye to 3: PSD = [1, 1] (pair SD 1, bye SD 1 - 0 = 1); 1-3 with
    the bye to 2: PSD = [2, 0]; C.6 picks the first. Colours: 2 [W, B] mild White, 1 [W] strong
    Black: 2-1 (E.1)."""
    t = make(4, [[(2, 4, "1"), (3, "F"), (1, "Z")], [(3, 2, "0"), (1, 4, "1")]],
             absent={4: "Z"})
    p = pair17(t)
    assert p.bye == 3
    assert {(b.white, b.black) for b in p.boards} == {(2, 1)}


# --- C.3 and the topscorer exception --------------------------------------------------------------


def test_c3_same_absolute_preference_may_not_meet() -> None:
    """C.3. After two rounds 1 and 3 played [W, W] (absolute Black, A.6.a), 2 and 4 [B, B]
    (absolute White), all four on 2 points; 5, 6 [B, B] and 7, 8 [W, W] on 0. Round 3 of 9
    (no topscorers, A.7). Bracket 2: S1 = {1, 2}, S2 = {3, 4}: 1-3 breaks C.3; next
    transposition 4-3: 1-4, 2-3, perfect (every absolute preference granted): boards 4-1, 2-3.
    Bracket 0: S1 = {5, 6}, S2 = {7, 8}: 5-7, 6-8 are legal (5-6 and 7-8 would break C.3) and
    perfect: 5-7, 6-8."""
    p = pair17(make(8, C3_ROUNDS))
    assert {(b.white, b.black) for b in p.boards} == {(4, 1), (2, 3), (5, 7), (6, 8)}




def test_c3_topscorers_may_meet_in_the_last_round_e2_wider_difference() -> None:
    """C.3 exempts topscorers (A.7: more than 50 % of the maximum when pairing the last round).
    1 and 2 won twice with White ([W, W], absolute Black); round 3 is the last (XXR 3), so both
    are topscorers (2 > 50 % of 2) and may meet: C.5 prefers one pair to two downfloaters.
    Colours: both absolute, E.2 grants the wider colour difference - equal (+2 each); E.3
    cannot decide (identical histories); E.4: 1 is higher ranked and gets Black: 2-1.
    Bracket 0.5 {3, 4, 5, 6}: 3-4 and 5-6 met, 4-6 both absolute White ([B, B]), not
    topscorers (C.3). S1 = {3, 4}, S2 = {5, 6}: 3-5 with 4-6 is illegal; transposition 6-5:
    3-6 (6 White, absolute), 4-5 (4 absolute White over 5 mild White: E.2). Boards 2-1, 6-3,
    4-5."""
    p = pair17(make(6, TOP_ROUNDS, total=3))
    assert {(b.white, b.black) for b in p.boards} == {(2, 1), (6, 3), (4, 5)}


def test_c3_same_history_before_the_last_round_forbids_the_topscorer_pair() -> None:
    """C.3 without the exception: same history, round 3 of 9, nobody is a topscorer. 1-2
    breaks C.3, so bracket 2 pairs nobody and both float (C.5 cannot do better). Bracket 0.5
    with MDPs 1, 2 (S1) and residents 3, 4, 5, 6: 1 met 3, 5; 2 met 4, 6. The pairings pairing
    both MDPs and the remainder are A: 1-4, 2-5, 3-6 and B: 1-6, 2-3, 4-5 (C.5: 3 pairs; C.6
    equal PSD). C.10: A grants every preference (1, 2 Black; 4, 6 White; 5 [W, B] White and 3
    [B, W] Black); B fails 3 (mild Black against 2's absolute Black) and 5 (mild White against
    4's absolute White). A: 4-1, 5-2, 6-3."""
    p = pair17(make(6, TOP_ROUNDS, total=9))
    assert {(b.white, b.black) for b in p.boards} == {(4, 1), (5, 2), (6, 3)}


def test_c8_c9_last_round_topscorers_avoid_a_third_same_colour() -> None:
    """C.8, C.9. The history of the C.3 test, but round 3 is the last: 1-4 (2 pts each) are
    topscorers, so 1-3 (both absolute Black) is allowed by C.3. Candidate 1-3, 2-4 would give 3
    (E.4: 1 is higher ranked and keeps Black) White a third time ([W, W, W], C.9) and a colour
    difference +3 (C.8); the transposition 1-4, 2-3 gives everybody its colour. C.8 and C.9
    decide before the generation order: 4-1, 2-3 (and 5-7, 6-8 below as in the C.3 test)."""
    p = pair17(make(8, C3_ROUNDS, total=3))
    assert {(b.white, b.black) for b in p.boards} == {(4, 1), (2, 3), (5, 7), (6, 8)}


def test_c8_topscorer_colour_difference_beyond_two() -> None:
    """C.8 alone. Round 5 of 5; every player won all its games (2 and 4 had a full-point bye
    in round 4): all four have 4 points, topscorers (A.7). 1 and 3 played [W, W, B, W]
    (difference +2, absolute Black), 2 [W, B, W] (strong Black), 4 [B, W, B] (strong White).
    S1 = {1, 2}, S2 = {3, 4}. Candidate 1-3, 2-4 is legal (C.3 exempts topscorers): E.2 and E.3
    cannot choose between 1 and 3, E.4 gives 1 Black, so 3 gets White and a difference of +3
    (C.8); 2-4 grants both. Next, 1-4, 2-3: 1 Black, 4 White; 3 (absolute) Black over 2
    (strong): 2 misses a strong preference, 2's difference becomes only +2, no three in a row.
    C.10 and C.11 count one failure each in both candidates; C.8 decides: 4-1, 2-3. (Before
    the last round C.3 forbids 1-3 and gives the same.)"""
    for total in (5, 9):
        p = duel_pair(DUTCH_2017, duel(C8_HISTORY, total=total))
        assert {(b.white, b.black) for b in p.boards} == {(4, 1), (2, 3)}


def test_c9_topscorer_same_colour_three_times() -> None:
    """C.9 alone. Round 4 of 4; all won their three games (3 points, topscorers). 1 and 3
    played [B, W, W] (absolute Black, difference +1), 2 [W, B, W] (strong Black), 4 [B, W, B]
    (strong White). Candidate 1-3, 2-4: E.4 gives 1 Black, 3 White a third time in a row
    (C.9; difference only +2, no C.8). 1-4, 2-3: 2 misses its strong preference, nothing else.
    C.10, C.11 tie; C.9 decides: 4-1, 2-3."""
    p = duel_pair(DUTCH_2017, duel(C9_HISTORY, total=4))
    assert {(b.white, b.black) for b in p.boards} == {(4, 1), (2, 3)}


def test_c3_no_legal_pairing_raises() -> None:
    """A.9: if no pairing satisfies C.1-C.3 the arbiter decides: the engine reports it.
    1 and 3 played [W, W], 2 and 4 [B, B], all on 1 point after draws; 1-2, 1-4, 3-2, 3-4 were
    played; the only pairs left are 1-3 and 2-4, both forbidden by C.3 (round 3 of 9)."""
    t = make(4, [[(1, 2, "="), (3, 4, "=")], [(1, 4, "="), (3, 2, "=")]])
    with pytest.raises(NoValidPairing):
        pair17(t)


# --- C.4 and A.9: PPB and CLB ---------------------------------------------------------------------


def test_c4_a9_penultimate_bracket_and_collapsed_last_bracket() -> None:
    """A.9, C.4. After 2 rounds: 1, 2 on 1.5 (met), 3, 4 on 1, 5, 6 on 0.5 (met). Bracket 1.5:
    1-2 is a rematch, both float. Bracket 1 = {1*, 2*, 3, 4}: 1-4, 2-3 met, so 1-3, 2-4 with no
    downfloater - but then 5-6 (met) cannot be paired: this bracket is the PPB (A.9). Re-paired
    with C.4: two downfloaters able to meet 5 and 6; C.5 then allows one pair. C.6: pairs 1-3
    and 2-4 both give PSD [1.5, 1, 0.5], better than 3-4 ([1.5, 1.5, 0]). C.10: 1 [W, W] is
    absolute Black, 3 [B, W] mild Black: 1-3 fails 3; 2 [W, B] mild White with 4 [B, W] mild
    Black fails nobody: 2-4, downfloaters 1 and 3. CLB {1*, 3*, 5, 6}: 3-5 met, 5-6 met, so
    1-5 (5 [W, B] White, 1 Black) and 3-6 (6 [B, B] absolute White). Boards 2-4, 5-1, 6-3."""
    p = pair17(make(6, PPB_ROUNDS))
    assert {(b.white, b.black) for b in p.boards} == {(2, 4), (5, 1), (6, 3)}


# --- C.6 and C.7 ----------------------------------------------------------------------------------
def test_c6_the_higher_mdp_is_paired() -> None:
    """C.6 (A.8 PSD), B.2. Round 1 with acceleration: 1 has 1 point, 2 half a point, 3 none; 1-2
    forbidden. Bracket {1}: floats. Bracket {1*, 2}: 1-2 forbidden, both float. Last bracket
    {1*, 2*, 3}: 1-3 with the bye to 2 gives PSD [1.5, 1] (bye SD 0.5 - (0 - 1)); 2-3 with the
    bye to 1 gives [2, 0.5]; C.6 pairs the MDP with the higher score. E.5: 1 White."""
    p = pair17(round_one(3, ((1, 2),), {1: 1.0, 2: 0.5}))
    assert p.bye == 2
    assert {(b.white, b.black) for b in p.boards} == {(1, 3)}


def test_b2_d3_highest_mdp_first_among_equals() -> None:
    """B.2 / D.3 b. Round 1, acceleration 1 point to 1 and 2 (forbidden to meet), 0 to 3.
    Bracket {1, 2}: no pair, both float. Bracket {1*, 2*, 3}: M1 = 1; S1 holds the highest MDP
    (BSN 1) and 2 is in the Limbo: 1-3, bye 2. The other choice (2-3, bye 1) has the same PSD
    [1, 1], so the generation order decides (B.8)."""
    p = pair17(round_one(3, ((1, 2),), {1: 1.0, 2: 1.0}))
    assert p.bye == 2
    assert pairs(p) == P((1, 3))


# --- C.10 / C.11 ----------------------------------------------------------------------------------
def test_c10_exchange_grants_every_colour_preference() -> None:
    """C.10. Round 1: 1-3 and 4-2 drawn: 1, 4 played White (strong Black), 2, 3 Black (strong
    White); all on 0.5. S1 = {1, 2}, S2 = {3, 4}: 1-3 met; 1-4, 2-3 fails two preferences (1
    and 4 both want Black). The exchange 2<->3 (D.2): S1 = {1, 3}, S2 = {2, 4}: 1-2, 3-4
    grants all four. C.10 comes before the generation order (B.8): 2-1, 3-4."""
    p = pair17(make(4, [[(1, 3, "="), (4, 2, "=")]]))
    assert {(b.white, b.black) for b in p.boards} == {(2, 1), (3, 4)}




def test_c11_a_mild_preference_is_sacrificed_before_a_strong_one() -> None:
    """C.11. After 2 rounds 1, 2, 3, 4 have 2 points and never met; 5-8 are absent. 1 and 3
    played one game each, with Black (the other round a forfeit win): colour difference -1,
    strong White (A.6.b). 4 played [W, B] (mild White), 2 [B, W] (mild Black). S1 = {1, 2},
    S2 = {3, 4}. Candidate 1-3, 2-4 fails one strong preference (1 and 3 both strong White);
    1-4, 2-3 fails one mild one (4). Same C.10 count (1); C.11 picks the second: 1 White (E.2,
    strong over mild), 3 White over 2 (E.1): 1-4, 3-2."""
    t = make(8, C11_ROUNDS, absent={5: "Z", 6: "Z", 7: "Z", 8: "Z"})
    p = pair17(t)
    assert {(b.white, b.black) for b in p.boards} == {(1, 4), (3, 2)}


# --- C.12: downfloats -----------------------------------------------------------------------------


def test_c12_no_second_downfloat_in_a_row() -> None:
    """C.12. Round 1: 1, 2, 3, 4 beat 5, 6, 7, 8 with White. Round 2: 2 beat 4 (equal scores, no
    float), 1 beat 6 and 3 beat 5 (higher score: both receive a downfloat, A.4.b), 7 beat 8.
    Round 3: bracket 2 = {1, 2, 3}, all [W, B] (mild White): any pair fails one preference
    (C.10 equal). One must float. C.7: the next bracket {4, 7} plus the floater gives one pair
    and a downfloater of 1 point in every case (2 met 4 but may meet 7; 3 met 7 but may meet
    4). C.12: floating 3 (the first candidate 1-2) or 1 repeats a downfloat; floating 2 does
    not: 1-3 (E.4: 1 White), 2 floats. Bracket 1 {2*, 4, 7}: 2-4 met, 2-7 (7 [B, W] mild
    Black), 4 floats. Bracket 0 {4*, 5, 6, 8}: 4-8 met; 4-5 and 6-8: 4 [W, W] absolute Black
    takes Black over 5 (E.2), 8 [B, B] White. Boards 1-3, 2-7, 5-4, 8-6."""
    p = pair17(make(8, C12_ROUNDS))
    assert {(b.white, b.black) for b in p.boards} == {(1, 3), (2, 7), (5, 4), (8, 6)}


def test_a4_the_pairing_allocated_bye_counts_as_a_downfloat() -> None:
    """A.4 (a player who does not play a round receives a downfloat) with C.12. Round 1: 1-3
    1-0, 4-2 0-1, 5 had the bye. Round 2: bracket 1 = {1, 2, 5}: 1 [W] strong Black, 2 [B]
    strong White, 5 no preference; 1-2 and 1-5 both satisfy every colour. C.7: the floater
    meets 3 or 4 in the last bracket either way. C.12: floating 5 repeats its downfloat
    (the bye of round 1), floating 2 does not: 1-5 (5 White, E.1), 2 floats. Last bracket
    {2*, 3, 4}: 2-4 met, so 2-3 (E.2 cannot decide, both strong White; E.3 both [B]; E.4:
    2 higher ranked, White) and the bye to 4."""
    p = pair17(make(5, [[(1, 3, "1"), (4, 2, "0"), (5, "U")]]))
    assert p.bye == 4
    assert {(b.white, b.black) for b in p.boards} == {(5, 1), (2, 3)}


def test_c7_downfloater_chosen_so_that_the_next_bracket_pairs() -> None:
    """C.7. Round 1 with acceleration: 1, 2, 3 have 2 points, 4 has 1, 5 and 6 none; 3-4 is
    forbidden (XXP). Bracket 2 = {1, 2, 3}: one player floats; every choice has the same PSD
    (C.6). The first candidate 1-2 floats 3, whose next bracket {3*, 4} has no pair; floating
    2 gives the pair 2-4 there: C.7 picks 1-3 (next transposition), 2 floats. Bracket 1 {2*, 4}:
    2-4. Bracket 0: 5-6. Colours E.5: 1 White; 2 even, Black; 5 White."""
    p = pair17(round_one(6, ((3, 4),), {1: 2.0, 2: 2.0, 3: 2.0, 4: 1.0}))
    assert {(b.white, b.black) for b in p.boards} == {(1, 3), (4, 2), (5, 6)}


# --- C.13: upfloats -------------------------------------------------------------------------------


def test_c13_no_second_upfloat_in_a_row() -> None:
    """C.13. Round 1: 1, 4, 6 full-point byes, 2, 3, 5 absent. Round 2: 2 (0) beat 6 (1) with
    White - 2 receives an upfloat (A.4.b), 6 a downfloat; 1 beat 4 with Black (equal scores);
    3 beat 5 with White (equal). Round 3: 1 has 2 points and floats into bracket 1
    {1*, 2, 3, 4, 6}; 5 (0) is alone below. Preferences: 1 [B] strong White; 2 and 3 [W]
    strong Black; 4 [W] strong Black; 6 and 5 [B] strong White. 1 met 4.
    Candidates with two pairs and one downfloater that meets 5 in the next bracket (C.5, C.6,
    C.7; 5 met 3): A = 1-2, 3-6, 4 down and C = 1-3, 4-6, 2 down both grant every colour
    (C.10), and nobody repeats a downfloat (C.12: 4's and 2's round-2 games were not downfloats,
    and 1's was between equals). C.13: in A, 2 is upfloated by the MDP again; in C, 3 is
    upfloated and did not upfloat in round 2. So C: 1-3, 6-4, and 5-2 in the last bracket."""
    p = pair17(make(6, C13_ROUNDS))
    assert {(b.white, b.black) for b in p.boards} == {(1, 3), (6, 4), (5, 2)}


# --- C.14: downfloat two rounds before ------------------------------------------------------------


def test_c14_no_downfloat_as_two_rounds_before() -> None:
    """C.14 with A.4 (2017: a player who does not play a round receives a downfloat). Round 1:
    1 beat 4, 2 beat 5, 6 beat 8, 7 full-point bye, 3 absent. Round 2: 6 beat 1, 7 beat 2, 3
    beat 4, 5-8 drawn - all between equal scores. Round 3: 6-7 on 2 (7 [B] White, 6 [W, W]
    Black). Bracket 1 = {1, 2, 3}: 1 [W, B] mild White, 2 [B, W] mild Black, 3 [W] strong
    Black: 1-2 and 1-3 grant every preference (2-3 does not). C.7: the next bracket {5, 8}
    (met) with the floater gives one pair and one 0.5 downfloater either way. C.12, C.13: no
    float in round 2. C.14: floating 3 (candidate 1-2) repeats its round-1 downfloat, floating
    2 does not: 1-3, 2 floats. Bracket 0.5 {2*, 5, 8}: 2 met 5, so 2-8 (8 [B, B] White), 5
    floats; bracket 0 {5*, 4}: 4-5 (4 [B, B] White, 5 [W, W] Black)."""
    p = pair17(make(8, C14_ROUNDS))
    assert {(b.white, b.black) for b in p.boards} == {(7, 6), (1, 3), (8, 2), (4, 5)}


# --- C.04.1 i: the explanation, in French ---------------------------------------------------------
def test_cli_explain_in_french(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    """C.04.1 i (transparency): ``swisspairing pair T.trf --system dutch-2017 --explain --lang
    fr`` prints the explanation in French. The tournament is the one of the PPB test above
    (A.9: the bracket of 1 point becomes the PPB, then the CLB), written column by column."""
    from conftest import cell, line001, trf_text
    from swisspairing.interfaces.cli import main

    text = trf_text(
        "012 Dutch explain",
        "XXR 9",
        "XXC white1",
        line001(1, "Un", 2490, 1.5, [cell(4, "w", "1"), cell(2, "w", "=")]),
        line001(2, "Deux", 2480, 1.5, [cell(3, "w", "1"), cell(1, "b", "=")]),
        line001(3, "Trois", 2470, 1.0, [cell(2, "b", "0"), cell(5, "w", "1")]),
        line001(4, "Quatre", 2460, 1.0, [cell(1, "b", "0"), cell(6, "w", "1")]),
        line001(5, "Cinq", 2450, 0.5, [cell(6, "w", "="), cell(3, "b", "0")]),
        line001(6, "Six", 2440, 0.5, [cell(5, "b", "="), cell(4, "b", "0")]),
    )
    path = tmp_path / "T.trf"
    path.write_text(text, encoding="utf-8")
    code = main(["pair", str(path), "--system", "dutch-2017", "--explain", "--lang", "fr"])
    out = capsys.readouterr().out
    assert code == 0
    assert "avant-dernier niveau" in out
    assert "Dernier niveau effondré (CLB)" in out
    assert "Blancs" in out and "[E.1]" in out
    assert "penultimate" not in out and "floats down" not in out
    assert path.read_text(encoding="utf-8") == text  # the input is never overwritten


# --- C.17: score difference of a repeated upfloat ----------------------------------------------
def test_c17_smaller_score_difference_for_the_repeated_upfloat() -> None:
    """C.17. Round 1: byes only (1, 5 full point; 2, 7 half point; the others absent). Round 2:
    1 beat 6, 2 beat 7, 3 (0) beat 5 (1) with Black - an upfloat for 3 -, 4 beat 8 with Black.
    Round 3: 1 (2 points) and 2 (1.5; 1-2 forbidden) float into bracket 1 {1*, 2*, 3, 4, 5}.
    Preferences: 1, 2 [W] strong Black; 3, 4 [B] strong White; 5 [W] strong Black; 7 [B]
    White. Pairing both MDPs with 3 and 4 and floating 5 (to 7) grants every colour; both
    MDP-pairings 1-3, 2-4 (first) and 1-4, 2-3 have the same PSD, C.7, C.10-C.16 (3 repeats its
    upfloat in both, C.13; 1 and 5 repeat their downfloats in both, C.12). C.17: 3's upfloat
    has the score difference 1 against 1, 0.5 against 2: 1-4, 2-3. Then 7-5 and 6-8 (6 [B]
    White)."""
    p = pair17(c17_tournament())
    assert {(b.white, b.black) for b in p.boards} == {(4, 1), (3, 2), (7, 5), (6, 8)}


# --- C.15 and C.19: the same upfloat as two rounds before --------------------------------------
def test_c15_no_upfloat_as_two_rounds_before() -> None:
    """C.15. The history of the C.13 test, plus a round 3 in which everybody had a full-point
    bye; round 4 is paired (scores all one more, same brackets, same colours). 2's upfloat is
    now two rounds back. In bracket 3 {1*, 2, 3, 4, 6}, A = 1-2, 3-6, 4 down and C = 1-3, 4-6,
    2 down tie up to C.14 (round 3 gave everyone the same downfloat: 1 and the resident
    floater repeat it in both; nobody upfloated in round 3; the round-2 downfloater 6 floats
    in neither). C.15: A upfloats 2 again, C does not: 1-3, 6-4, 5-2."""
    t = with_byes_round(make(6, C13_ROUNDS), 3)
    p = DUTCH_2017.pair(t, 4)
    assert {(b.white, b.black) for b in p.boards} == {(1, 3), (6, 4), (5, 2)}


def test_c19_smaller_score_difference_for_the_upfloat_of_two_rounds_before() -> None:
    """C.19. The history of the C.17 test plus a round 3 of full-point byes for everybody; round
    4 is paired. 3's round-2 upfloat is two rounds back; C.12-C.18 tie as in the C.17 test
    (round 3 is a downfloat for all, and each candidate repeats it for 1, 2 and 5). C.19: 3
    meets 2 (difference 0.5) rather than 1 (difference 1): 4-1, 3-2, 7-5, 6-8."""
    t = with_byes_round(c17_tournament(), 3)
    p = DUTCH_2017.pair(t, 4)
    assert {(b.white, b.black) for b in p.boards} == {(4, 1), (3, 2), (7, 5), (6, 8)}


def test_c2_the_bye_may_go_to_the_top_scorer() -> None:
    """C.2. Round 1: 1-2 1-0, 3 had the bye; round 2: 1-3 1-0, 2 had the bye. Round 3: 1 on 2,
    2 and 3 on 1, both barred from the bye (C.2), and 1 met both: the only pairing is 2-3 and
    the bye to 1. 2 [B] and 3 [B] both strong White; E.3 cannot decide, E.4: 2 (higher by
    pairing number) White."""
    p = pair17(make(3, [[(1, 2, "1"), (3, "U")], [(1, 3, "1"), (2, "U")]]))
    assert p.bye == 1 and {(b.white, b.black) for b in p.boards} == {(2, 3)}


# --- C.16 and C.18: score difference of a repeated downfloat -----------------------------------
def test_c16_the_repeated_downfloater_is_paired_rather_than_floated() -> None:
    """C.16. Round 1: 1, 2, 3, 4 full-point byes, 6 a half-point bye, 5 absent. Round 2: 1
    beat 4 (equal scores), 2 (1) beat 5 (0) - a downfloat for 2 -, 6-3 drawn. Round 3: 1 and 2
    have 2 points (1-2 forbidden) and float into bracket 1.5 {1*, 2*, 3}: one MDP is paired
    (C.5), PSD [1.5, 0.5] either way (C.6); the next bracket {4, 6} takes either floater with
    one pair (C.7); 1 and 2 [W] strong Black, 3 [B] strong White (C.10, C.11 equal). C.12:
    pairing 2 or floating 2 repeats its downfloat either way (one each); C.14: round 1 was
    a downfloat for all (A.4), equal. C.16: 2 paired has a score difference of 0.5, 2 floating
    1.5 (A.8): 2-3 rather than the first candidate 1-3. Then 1-6 (1 met 4; E.4: 1 Black)
    and 4-5 (E.4: 4 White)."""
    p = pair17(c16_tournament())
    assert {(b.white, b.black) for b in p.boards} == {(3, 2), (6, 1), (4, 5)}


def test_c18_the_downfloater_of_two_rounds_before_is_paired() -> None:
    """C.18. The C.16 history plus a round 3 of full-point byes for everybody (a downfloat for
    all: C.12, C.16 now tie, 1 and 2 repeating it in both candidates); round 4 is paired. 2's
    round-2 downfloat is two rounds back (C.14 ties as C.12 did above); C.18 pairs it with the
    smaller score difference: 2-3, 6-1, 4-5."""
    p = DUTCH_2017.pair(with_byes_round(c16_tournament(), 3), 4)
    assert {(b.white, b.black) for b in p.boards} == {(3, 2), (6, 1), (4, 5)}


# --- the generation order against a literal enumeration -----------------------------------------
def test_the_literal_d2_order_follows_the_text_examples() -> None:
    """The oracle of the next test sorts exchanges as D.2 does: in an 11-player bracket
    (S1 = 1-5, S2 = 6-11) the text's examples hold - b) 6<->4 before 8<->5 and 8+6<->4+3
    before 9+8<->5+4; c) moving 5 before 4, 5-2 before 4-3, 5-4-1 before 5-3-2 (same S2
    side); d) 6-9 before 7-8, 6-7-10 before 6-8-9 (same S1 side); a) one BSN before two."""
    order = resident_exchanges([1, 2, 3, 4, 5], [6, 7, 8, 9, 10, 11])
    rank = {e: i for i, e in enumerate(order)}

    def before(a: tuple[tuple[int, ...], tuple[int, ...]],
               b: tuple[tuple[int, ...], tuple[int, ...]]) -> bool:
        return rank[a] < rank[b]

    assert before(((4,), (6,)), ((5,), (8,)))
    assert before(((3, 4), (6, 8)), ((4, 5), (8, 9)))
    assert before(((5,), (9,)), ((4,), (8,)))
    assert before(((2, 5), (8, 9)), ((3, 4), (8, 9)))
    assert before(((1, 4, 5), (9, 10, 11)), ((2, 3, 5), (9, 10, 11)))
    assert before(((4, 5), (6, 9)), ((4, 5), (7, 8)))
    assert before(((3, 4, 5), (6, 7, 10)), ((3, 4, 5), (6, 8, 9)))
    assert before(((1,), (11,)), ((4, 5), (6, 7)))


@pytest.mark.parametrize("seed", range(40))
def test_generation_order_matches_a_literal_enumeration(seed: int) -> None:
    """B.3-B.8, D.1, D.2 on random round-1 brackets (both editions: 3.3-3.8 and 4.1-4.3 of the
    2025 text say the same for them). Players 1..k have one acceleration point and may not meet
    each other (they float as MDPs), the others none; random pairs are forbidden. In round 1
    every legal candidate pairing MaxPairs is perfect, so the answer is the first one in the
    generation order, which ``first_heterogeneous`` / ``first_homogeneous`` enumerate
    literally (D.1 transpositions, D.2 exchanges, B.7 nesting). Draws where no such candidate
    exists are skipped (a different seed is drawn)."""
    import random


    rng = random.Random(seed)
    while True:
        k = rng.choice([0, 0, 1, 2, 3])
        n = rng.randint(k + 3, 9)
        every = [frozenset(e) for e in itertools.combinations(range(1, n + 1), 2)]
        density = rng.uniform(0.35, 0.85)
        allowed = {e for e in every if max(e) > k and rng.random() < density}
        if k:
            expected = first_heterogeneous(list(range(1, k + 1)), list(range(k + 1, n + 1)),
                                           allowed)
        else:
            expected = first_homogeneous(list(range(1, n + 1)), allowed)
        if expected is not None:
            break
    _assert_accelerated_round_one(n, k, every, allowed, expected)


def _assert_accelerated_round_one(n: int, k: int, every: list[frozenset[int]],
                                  allowed: set[frozenset[int]],
                                  expected: set[frozenset[int]] | None) -> None:
    """Round 1 of ``n`` players, 1..``k`` with one acceleration point (C.04.7), the pairs of
    ``every`` not ``allowed`` forbidden: both editions pair ``expected``."""
    forbidden = tuple(tuple(sorted(e)) for e in every if e not in allowed)
    t = round_one(n, forbidden, {i: 1.0 for i in range(1, k + 1)})  # type: ignore[arg-type]
    for system in (DUTCH_2017, DUTCH_2025):
        assert pairs(system.pair(t)) == expected, system.name


@dataclass(frozen=True)
class _DrawnRoundOne:
    """A random round 1 of ``n`` players, all drawn (random pairs and colours) but the
    half-point ``byes``; a player who played White prefers Black and vice versa (A.6.b), one
    with a bye has no preference; ``allowed``: the pairs neither met nor forbidden."""

    n: int
    byes: list[int]
    games: list[tuple[int, int, str]]
    pref: dict[int, str | None]
    met: set[frozenset[int]]
    every: list[frozenset[int]]
    allowed: set[frozenset[int]]

    @classmethod
    def draw(cls, rng: random.Random, sizes: list[int], bye_counts: list[int],
             density: tuple[float, float]) -> _DrawnRoundOne:
        """``n`` from ``sizes``, as many byes as one of ``bye_counts``, each pair not met
        allowed with a probability drawn in ``density``."""
        n = rng.choice(sizes)
        order = list(range(1, n + 1))
        rng.shuffle(order)
        byes = order[: rng.choice(bye_counts)]
        playing = order[len(byes):]
        games = []
        for i in range(0, len(playing), 2):
            w, b = playing[i: i + 2] if rng.random() < 0.5 else playing[i: i + 2][::-1]
            games.append((w, b, "="))
        pref: dict[int, str | None] = {p: None for p in range(1, n + 1)}
        pref |= {w: "B" for w, _, _ in games}
        pref |= {b: "W" for _, b, _ in games}
        met = {frozenset((w, b)) for w, b, _ in games}
        every = [frozenset(e) for e in itertools.combinations(range(1, n + 1), 2)]
        p_allowed = rng.uniform(*density)
        allowed = {e for e in every if e not in met and rng.random() < p_allowed}
        return cls(n, byes, games, pref, met, every, allowed)

    def tournament(self) -> Tournament:
        """Round 1 played, the pairs not allowed (and not met) forbidden (``XXP``)."""
        t = make(self.n, [[*self.games, *((p, "H") for p in self.byes)]])
        t.forbidden_pairs = [ForbiddenGroup(e) for e in self.every
                             if e not in self.allowed | self.met]
        return t


@pytest.mark.parametrize("seed", range(30))
def test_best_candidate_by_c10_then_generation_order(seed: int) -> None:
    """B.8 with C.10 (2025: 3.8 with [C12]) on random round-2 brackets. Round 1: random pairs,
    all drawn, random colours; two players may have had a half-point bye instead (no game, no
    preference, A.6.d). Everybody has 0.5 points: one homogeneous bracket. A player who played
    White prefers Black and vice versa (strong, A.6.b); a pair of equal preferences fails one
    (E.2 grants one of them), a pair with a player without preference fails none (E.1). Random
    extra pairs are forbidden. Floats: none in round 2 of a homogeneous bracket; C.5-C.9 are
    equal for every legal candidate pairing everybody. So the answer is the legal candidate with
    the fewest C.10 failures (C.11 counts the same, every preference being strong), the first
    generated among equals, found here by enumerating the B.6 sequence literally."""
    from swisspairing.systems.dutch import DUTCH_2025

    rng = random.Random(1000 + seed)
    while True:
        drawn = _DrawnRoundOne.draw(rng, [4, 6, 8], [0, 0, 2], (0.5, 1.0))
        n, pref, allowed = drawn.n, drawn.pref, drawn.allowed
        best, best_fails = None, n
        for candidate in homogeneous_candidates(list(range(1, n + 1))):
            if all(frozenset(p) in allowed for p in candidate):
                fails = sum(1 for a, b in candidate if pref[a] and pref[a] == pref[b])
                if fails < best_fails or best is None:
                    best, best_fails = candidate, fails
        if best is not None:
            break
    t = drawn.tournament()
    expected = {frozenset(p) for p in best}
    for system in (DUTCH_2017, DUTCH_2025):
        assert pairs(system.pair(t)) == expected, system.name


@pytest.mark.parametrize("seed", range(20))
def test_c7_downfloater_against_a_literal_enumeration(seed: int) -> None:
    """C.7 (2025: [C8]) on random round-1 rounds of two brackets: players 1..k (k odd) have one
    acceleration point, the others none; random pairs are forbidden. The top bracket pairs
    MaxPairs and floats one player; among its candidates (B.6 order, all equal on C.5, C.6 and
    the colour and float criteria in round 1) C.7 takes the first whose floater lets the next
    (last) bracket pair everybody (MaxPairs, with the MDP paired: B.1, C.6); that bracket is
    then the first such candidate in the B.7 order. Draws where no candidate of the top
    bracket allows it are redrawn (C.7 would then weigh fewer pairs)."""
    import random


    rng = random.Random(2000 + seed)
    while True:
        k = rng.choice([3, 5])
        n = k + rng.randint(2, 5)
        every = [frozenset(e) for e in itertools.combinations(range(1, n + 1), 2)]
        density = rng.uniform(0.4, 0.9)
        allowed = {e for e in every if rng.random() < density}
        expected = None
        for candidate in homogeneous_candidates(list(range(1, k + 1))):
            if not all(frozenset(p) in allowed for p in candidate):
                continue
            (floater,) = set(range(1, k + 1)) - {x for p in candidate for x in p}
            below = first_heterogeneous([floater], list(range(k + 1, n + 1)), allowed)
            if below is not None:
                expected = {frozenset(p) for p in candidate} | below
                break
        if expected is not None:
            break
    _assert_accelerated_round_one(n, k, every, allowed, expected)


@pytest.mark.parametrize("seed", range(20))
def test_bye_receiver_and_colours_against_a_literal_enumeration(seed: int) -> None:
    """C.10 then C.12 (2025: [C9], [C12], [C14]) for the bye of an odd round-2 bracket. Round 1:
    random drawn games with random colours; one or three players had a half-point bye (no game,
    no preference; a downfloat in round 1 under both texts, and an unplayed game for [C9]).
    Everybody has 0.5 points: one homogeneous bracket, the last, whose leftover player gets the
    bye (everybody is eligible, C.2 / [C2], and has the same score, [C5]). 2017: the legal
    candidate with the fewest C.10 failures, then (C.12) a bye receiver who did not float down
    in round 1, then the first generated. 2025: [C9] first (fewest unplayed games of the
    receiver), then [C12], then [C14] (the receiver floats down again), then the first
    generated. Both are enumerated literally over the B.6 sequence."""
    from swisspairing.systems.dutch import DUTCH_2025

    rng = random.Random(3000 + seed)
    while True:
        drawn = _DrawnRoundOne.draw(rng, [5, 7, 9], [1, 3], (0.3, 0.8))
        n, pref, allowed, byes = drawn.n, drawn.pref, drawn.allowed, drawn.byes
        best17: tuple[tuple[int, ...], list[tuple[int, int]], int] | None = None
        best25: tuple[tuple[int, ...], list[tuple[int, int]], int] | None = None
        for index, candidate in enumerate(homogeneous_candidates(list(range(1, n + 1)))):
            if not all(frozenset(p) in allowed for p in candidate):
                continue
            (bye,) = set(range(1, n + 1)) - {x for p in candidate for x in p}
            c10 = sum(1 for a, b in candidate if pref[a] and pref[a] == pref[b])
            floated = int(bye in byes)
            k17 = (c10, floated, index)
            k25 = (floated, c10, floated, index)
            if best17 is None or k17 < best17[0]:
                best17 = (k17, candidate, bye)
            if best25 is None or k25 < best25[0]:
                best25 = (k25, candidate, bye)
        if best17 is not None and best25 is not None:
            break
    t = drawn.tournament()
    for system, (_, candidate, bye) in ((DUTCH_2017, best17), (DUTCH_2025, best25)):
        p = system.pair(t)
        assert (pairs(p), p.bye) == ({frozenset(x) for x in candidate}, bye), system.name
