"""Dubov, current FIDE text (``dubov``, C.04.4.1 applied from 2026): hand-made cases.

Rule numbers are those of ``../shared/rules/dubov-current.md``; every expected result is
derived from the rule in the test's docstring. Players are numbered by TPN (= ``rank``).
"""

from __future__ import annotations

from dubov_cases import B, W, dp, rnd, tournament
from swisspairing.systems import get_system
from swisspairing.systems.dubov import (
    DUBOV,
    DUBOV_1997,
    DUBOV_1997_RULES,
    DUBOV_2026_RULES,
    DubovPlayer,
    DubovRound,
    middle_out,
    preference_of,
)
from swisspairing.systems.explain import Explanation


def pairs_of(r: DubovRound) -> set[frozenset[int]]:
    return {frozenset(p) for p in DUBOV._pair_groups(r, set(r.players))}


def partner(r: DubovRound, pid: int) -> int:
    for p in DUBOV._pair_groups(r, set(r.players)):
        if pid in p:
            return p[0] if p[1] == pid else p[1]
    raise AssertionError(f"{pid} not paired")


# --- Art. 1: definitions --------------------------------------------------------------------
def test_1_6_preferences() -> None:
    """1.6.1 absolute (CD beyond +-1 or two equal colours), 1.6.2 strong (CD +-1), 1.6.3 mild
    (CD 0, alternate), 1.6.4 no game yet: mild Black."""
    assert preference_of((B, B)) == (W, 3)
    assert preference_of((W, B, W, W)) == (B, 3)
    assert preference_of((W,)) == (B, 2)
    assert preference_of((W, B)) == (W, 1)
    assert preference_of(()) == (B, 1)


def test_1_7_aro_rounded_half_up_and_zero_without_games() -> None:
    """1.7.1: ARO = mean of the ratings of opponents met over the board, rounded, .5 up;
    forfeits excluded. Player 1 met 2 (2001) and 3 (2000) and won 4 by forfeit:
    (2001 + 2000) / 2 = 2000.5 -> 2001. 1.7.3: a player without a game has ARO 0 (player 5,
    absent in rounds 1-3). The 1997 CMA keeps 2000.5."""
    t = tournament({1: 2100, 2: 2001, 3: 2000, 4: 1900, 5: 1800},
                   [[(1, 2, "1"), (3, 4, "1")], [(3, 1, "0"), (2, 4, "=")],
                    [(1, 4, "+"), (2, 3, "1")]],
                   byes={1: {5: "Z"}, 2: {5: "Z"}, 3: {5: "Z"}})
    r = DUBOV._round(t, 4, None)
    assert r.players[1].aro == 2001
    assert r.players[5].aro == 0
    assert DUBOV_1997._round(t, 4, None).players[1].aro == 2000.5


def test_1_8_2_maximum_upfloats() -> None:
    """1.8.2: MaxT = 2 + Rnds // 5 (5-9 rounds -> 3, 10-14 -> 4, 15-19 -> 5); the 1997
    text (art. 2.5): 3 below 10 rounds, 4 from 10 rounds."""
    assert [DUBOV_2026_RULES.max_upfloats(n) for n in (5, 9, 10, 14, 15)] == [3, 3, 4, 4, 5]
    assert [DUBOV_1997_RULES.max_upfloats(n) for n in (9, 10, 15)] == [3, 4, 4]


# --- Art. 2: criteria -------------------------------------------------------------------------
def test_c1_no_rematch() -> None:
    """C1: no rematch. S1 = 1, 2 (White-seekers); G2 = 3, 4. 1 met 3, so the first legal
    transposition of G2 is (4, 3): 1-4, 2-3."""
    r = rnd([dp(1, aro=2000, colours="B", met=(3,)), dp(2, aro=2100, colours="B"),
             dp(3, colours="W", met=(1,)), dp(4, colours="W")])
    assert r.pair_bracket([1, 2, 3, 4]) == [(1, 4), (2, 3)]


def test_c2_pab_eligibility() -> None:
    """C2 (C.04.1 Art. 4): no PAB after a PAB or after scoring a win's points without playing;
    a half-point bye does not bar it (it does in 1997, art. 2.2). Player 4 won by forfeit, 5
    had a half-point bye, 6 had a PAB."""
    t = tournament({1: 2400, 2: 2300, 3: 2200, 4: 2100, 5: 2000, 6: 1900, 7: 1800},
                   [[(1, 2, "="), (4, 3, "+")]], byes={1: {5: "H", 6: "U", 7: "Z"}})
    now = DUBOV._round(t, 2, None).players
    old = DUBOV_1997._round(t, 2, None).players
    assert [now[i].bye_ineligible for i in (3, 4, 5, 6, 7)] == [False, True, False, True, False]
    assert [old[i].bye_ineligible for i in (3, 4, 5, 6, 7)] == [False, True, True, True, False]


def test_c3_two_absolute_preferences_for_the_same_colour_never_meet() -> None:
    """C3: 1 (BB) and 2 (WBB) must both have White: they may not meet. 3 and 4 (due Black)
    have met each other, so the only pairing is 1 and 2 against 3 and 4; by 3.2.6 (S1 = 1, 2
    by ARO, G2 = 3, 4 by TPN): 1-3, 2-4."""
    r = rnd([dp(1, aro=2000, colours="BB"), dp(2, aro=2100, colours="WBB"),
             dp(3, colours="BW", met=(4,)), dp(4, colours="BW", met=(3,))])
    assert not r.legal(1, 2)
    assert r.pair_bracket([1, 2, 3, 4]) == [(1, 3), (2, 4)]


def test_c4_upfloater_leaves_the_rest_pairable() -> None:
    """C4: group 2 points 1 (W), 2 (B), 3 (B) needs one upfloater from 4 (W), 5 (W), 6 (B)
    (1 point). 4 comes first in the 4.2 order (TPN) and, like 5, balances the colours (C7),
    but 5 and 6 have met: taking 4 would leave 5-6 unpairable. So 5 goes up; 4-6 remain."""
    r = rnd([dp(1, score=2, colours="WB"), dp(2, score=2, colours="BW"),
             dp(3, score=2, colours="BW"), dp(4, score=1, colours="WB"),
             dp(5, score=1, colours="WB", met=(6,)), dp(6, score=1, colours="BW", met=(5,))])
    got = pairs_of(r)
    assert frozenset({4, 6}) in got
    assert r.moved_up == {5}


def test_c5_fewest_upfloaters_before_colours() -> None:
    """C5 before C7: group 2 points 1 (W), 2 (B), 3 (W), 4 (B); 1 met 2 and 4. Pairing 1-3 and
    2-4 inside the group costs two colour preferences but no upfloater; an upfloater would
    need two (C5). 3.2.4.1: 1 and 3 must meet each other, so one of them moves to G2.
    Result: 1-3, 2-4, and 5-6 below."""
    r = rnd([dp(1, score=2, aro=2000, colours="WB", met=(2, 4)),
             dp(2, score=2, colours="BW", met=(1,)), dp(3, score=2, aro=2100, colours="WB"),
             dp(4, score=2, colours="BW", met=(1,)), dp(5, score=1, colours="WB"),
             dp(6, score=1, colours="BW")])
    assert pairs_of(r) == {frozenset({1, 3}), frozenset({2, 4}), frozenset({5, 6})}
    assert r.moved_up == set()


def test_c6_highest_scored_upfloater_first() -> None:
    """C6: the score differences of upfloater pairs are minimised: group 2 points 1 (W),
    2 (B), 3 (B) takes 5 (1.5 points, due Black) rather than 4 (1 point, due White), although
    4 comes first by TPN and would balance the colours (C7 ranks below C6)."""
    r = rnd([dp(1, score=2, colours="WB"), dp(2, score=2, colours="BW"),
             dp(3, score=2, colours="BW"), dp(4, score=1, colours="WB"),
             dp(5, score=1.5, colours="BW"), dp(6, score=1, colours="BW")])
    pairs_of(r)
    assert r.moved_up == {5}


def test_c7_upfloater_that_balances_the_colours() -> None:
    """C7 before the 4.2 order: group 2 points 1 (W), 2 (B), 3 (B). With 4 (due Black, first
    by TPN) two Black-seekers would meet: one preference lost; with 5 (due White) none.
    So 5 goes up."""
    r = rnd([dp(1, score=2, colours="WB"), dp(2, score=2, colours="BW"),
             dp(3, score=2, colours="BW"), dp(4, score=1, colours="BW"),
             dp(5, score=1, colours="WB"), dp(6, score=1, colours="BW")])
    pairs_of(r)
    assert r.moved_up == {5}


def test_4_2_order_when_all_else_is_equal() -> None:
    """4.2: sequence numbers by descending score then ascending TPN; with equal quality the
    first set is taken: 4 (due White) rather than 5 (due White)."""
    r = rnd([dp(1, score=2, colours="WB"), dp(2, score=2, colours="BW"),
             dp(3, score=2, colours="BW"), dp(4, score=1, colours="WB"),
             dp(5, score=1, colours="WB"), dp(6, score=1, colours="BW")])
    pairs_of(r)
    assert r.moved_up == {4}


def c8_players(ups4: int, last4: bool, ups5: int, last5: bool) -> list[DubovPlayer]:
    return [dp(1, score=2, colours="WB"), dp(2, score=2, colours="BW"),
            dp(3, score=2, colours="BW"),
            dp(4, score=1, colours="WB", ups=ups4, last_up=last4),
            dp(5, score=1, colours="WB", ups=ups5, last_up=last5),
            dp(6, score=1, colours="BW")]


def test_c8_avoid_maximum_upfloaters_except_in_the_last_round() -> None:
    """C8: 4 has already upfloated MaxT = 3 times (9 rounds), 5 never: 5 goes up, although 4
    comes first in the 4.2 order. In the last round C8 does not apply: 4 goes up."""
    r = rnd(c8_players(3, False, 0, False))
    pairs_of(r)
    assert r.moved_up == {5}
    last = rnd(c8_players(3, False, 0, False), last_round=True)
    pairs_of(last)
    assert last.moved_up == {4}


def test_c9_fewest_upfloats_among_maximum_upfloaters() -> None:
    """C9: both 4 (4 upfloats) and 5 (3 upfloats) are maximum upfloaters (MaxT 3): C8 is
    equal; C9 minimises the upfloats of the chosen one: 5."""
    r = rnd(c8_players(4, False, 3, False))
    pairs_of(r)
    assert r.moved_up == {5}


def test_c10_avoid_upfloating_twice_in_a_row() -> None:
    """C10: 4 upfloated in the previous round, 5 did earlier: 5 goes up."""
    r = rnd(c8_players(1, True, 1, False))
    pairs_of(r)
    assert r.moved_up == {5}


# --- Art. 3: procedures -----------------------------------------------------------------------
def test_3_1_pab_lowest_score_then_most_games_then_largest_tpn() -> None:
    """3.1.3-3.1.5: lowest score (0: players 3, 4, 5), then most games (5 missed a round:
    3 and 4 remain), then the largest TPN: 4."""
    r = rnd([dp(1, score=1, colours="WB"), dp(2, score=1, colours="BW"),
             dp(3, colours="WB"), dp(4, colours="BW"), dp(5, colours="W"),
             dp(6, score=1, colours="WB"), dp(7, score=2, colours="BW")])
    assert DUBOV._choose_bye(r, set(r.players)) == 4


def test_3_1_1_and_3_1_2_pab_filters() -> None:
    """3.1.1-3.1.5: the lowest score (0) holds 3, 4, 5; the sort (most games, then largest
    TPN) gives 4, 3, 5. 4 had a PAB (3.1.1 / C2). Giving it to 3 leaves 5, who has met all
    the others, without an opponent (3.1.2 / C4). So 5 gets it."""
    r = rnd([dp(1, score=1, colours="WB", met=(5,)), dp(2, score=1, colours="BW", met=(5,)),
             dp(3, colours="WB", met=(5,)), dp(4, colours="BW", met=(5,), bye_bad=True),
             dp(5, colours="W", met=(1, 2, 3, 4, 6, 7)),
             dp(6, score=1, colours="WB", met=(5,)), dp(7, score=2, colours="BW", met=(5,))])
    assert DUBOV._choose_bye(r, set(r.players)) == 5


def test_3_2_4_and_4_3_3_white_shifter_from_the_middle() -> None:
    """3.2.4.2 with 4.3: White-seekers 3, 4, 5, 6 (ARO 1900, 2000, 2100, 2200), Black-seekers
    1, 2: one White-seeker must move to G2. 4.3.2 orders them by ARO (3, 4, 5, 6); 4.3.3
    numbers from the middle, the higher of the two middle ones first: #1 = 4. Any single
    shifter loses one colour preference (C7 equal), so 4 moves.
    S1 = 3, 5, 6 (ascending ARO); G2 = 1, 2, 4 by TPN; first transposition: 3-1, 5-2, 6-4.
    (The 1997 text, art. 7.3, would move the lowest CMA, 3.)"""
    players = [dp(1, colours="W"), dp(2, colours="W"), dp(3, aro=1900, colours="B"),
               dp(4, aro=2000, colours="B"), dp(5, aro=2100, colours="B"),
               dp(6, aro=2200, colours="B")]
    assert rnd(players).pair_bracket([1, 2, 3, 4, 5, 6]) == [(3, 1), (5, 2), (6, 4)]
    old = rnd(players, rules=DUBOV_1997_RULES).pair_bracket([1, 2, 3, 4, 5, 6])
    assert old is not None and {a for a, _ in old} == {4, 5, 6}


def test_4_3_3_example_of_the_text() -> None:
    """4.3.3 example: sorted list A B C D E F G -> #1 D, #2 C, #3 E, #4 B, #5 F, #6 A, #7 G."""
    players = [dp(i) for i in range(1, 8)]
    assert [p.id for p in middle_out(players)] == [4, 3, 5, 2, 6, 1, 7]


def test_3_2_5_s1_by_ascending_aro_then_tpn() -> None:
    """3.2.5: S1 = White-seekers by ascending ARO, ties by ascending TPN: 5 (ARO 2000) and
    2 (ARO 2000) tie -> 2 first; then 1 (ARO 2100). G2 = 3, 4, 6 by TPN: 2-3, 5-4, 1-6."""
    r = rnd([dp(1, aro=2100, colours="B"), dp(2, aro=2000, colours="B"),
             dp(5, aro=2000, colours="B"), dp(3, colours="W"), dp(4, colours="W"),
             dp(6, colours="W")])
    assert r.pair_bracket([1, 2, 3, 4, 5, 6]) == [(2, 3), (5, 4), (1, 6)]


def test_3_2_6_first_legal_transposition_by_tpn() -> None:
    """3.2.6 / 4.4.2: transpositions of G2 = 4, 5, 6 in lexicographic order: 456, 465, 546,
    564, 645, 654. 1 met 4 and 5: the first with a legal first pair is 645: 1-6, 2-4, 3-5."""
    r = rnd([dp(1, aro=2000, colours="B", met=(4, 5)), dp(2, aro=2100, colours="B"),
             dp(3, aro=2200, colours="B"), dp(4, colours="W", met=(1,)),
             dp(5, colours="W", met=(1,)), dp(6, colours="W")])
    assert r.pair_bracket([1, 2, 3, 4, 5, 6]) == [(1, 6), (2, 4), (3, 5)]


def test_g2_order_tpn_now_rating_in_1997() -> None:
    """2026 4.4.2 orders G2 by TPN; 1997 art. 6.2 orders the Black-seekers by rating.
    White-seekers 1 (ARO 2000), 2 (ARO 2100); others 3 (2000), 4 (2400):
    2026: 1-3, 2-4; 1997: 1-4, 2-3."""
    players = [dp(1, aro=2000, colours="B"), dp(2, aro=2100, colours="B"),
               dp(3, 2000, colours="W"), dp(4, 2400, colours="W")]
    assert rnd(players).pair_bracket([1, 2, 3, 4]) == [(1, 3), (2, 4)]
    assert rnd(players, rules=DUBOV_1997_RULES).pair_bracket([1, 2, 3, 4]) == [(1, 4), (2, 3)]


def test_no_downfloaters_in_2026() -> None:
    """1.3.2: brackets only take upfloaters. Group 3 points: 1 and 2 met; group 2 points: 3,
    4. The 2026 text pairs 1 and 2 with upfloaters 3 and 4 (nobody goes down)."""
    r = rnd([dp(1, score=3, colours="WB", met=(2,)), dp(2, score=3, colours="BW", met=(1,)),
             dp(3, score=2, colours="BW"), dp(4, score=2, colours="WB")])
    got = pairs_of(r)
    assert got == {frozenset({1, 3}), frozenset({2, 4})}
    assert r.moved_up == {3, 4} and r.moved_down == set()


# --- Art. 5: colours --------------------------------------------------------------------------
def colour_of(a: DubovPlayer, b: DubovPlayer) -> tuple[int, str]:
    board, rule, _, _ = rnd([a, b]).colours(a.id, b.id)
    return board.white, rule


def test_5_2_1_newcomers_rank_parity() -> None:
    """5.2.1: neither has played; the higher-ranked (equal scores: smaller TPN) is 3, odd ->
    initial colour (White here); with 4 and 8, 4 is even -> the other colour."""
    assert colour_of(dp(3), dp(8)) == (3, "5.2.1")
    assert colour_of(dp(4), dp(8)) == (8, "5.2.1")


def test_5_2_2_both_preferences() -> None:
    """5.2.2: 1 due White, 2 due Black: both granted."""
    assert colour_of(dp(1, colours="WB"), dp(2, colours="BW")) == (1, "5.2.2")


def test_5_2_3_stronger_preference() -> None:
    """5.2.3: both due White; 2 strongly (CD -1), 1 mildly (CD 0): White to 2. And 1.6.4: a
    newcomer (mild Black) against a strong Black preference (W): the newcomer has White."""
    assert colour_of(dp(1, colours="WB"), dp(2, colours="B")) == (2, "5.2.3")
    assert colour_of(dp(1), dp(2, colours="W")) == (1, "5.2.3")


def test_5_2_4_alternate() -> None:
    """5.2.4: 1 = B W W B, 2 = W B W B (both mild White). Last round where one had White and
    the other Black: round 2 (1 White, 2 Black) -> 1 Black, 2 White."""
    assert colour_of(dp(1, colours="BWWB"), dp(2, colours="WBWB")) == (2, "5.2.4")


def test_5_2_5_higher_ranked_preference() -> None:
    """5.2.5: same histories (W B): the higher-ranked player (equal scores, smaller TPN: 2)
    gets his preference (White)."""
    assert colour_of(dp(5, colours="WB"), dp(2, colours="WB")) == (2, "5.2.5")


def test_round_one() -> None:
    """Round 1: 3.1 gives the PAB to the largest TPN (7; all equal otherwise); 3.2.3 with
    nobody having played: G1 = first half by TPN (1, 2, 3), G2 = 4, 5, 6; S1[i]-T2[i]:
    1-4, 2-5, 3-6; 5.2.1 with initial colour Black: 1 (odd) Black, 2 (even) White, 3 Black."""
    t = tournament({i: 2500 - 50 * i for i in range(1, 8)}, [], initial=B)
    pairing = DUBOV.pair(t, 1)
    assert pairing.bye == 7
    assert [(b.white, b.black) for b in pairing.boards] == [(4, 1), (2, 5), (6, 3)]


def test_registry_names_the_current_text() -> None:
    assert get_system("dubov") is DUBOV


def test_acceleration_uses_the_pairing_score() -> None:
    """Digest §9 (C.04.7 applies to Dubov): scoregroups use the pairing score. Round 1, players
    1-4 get one virtual point: groups {1, 2, 3, 4} and {5, 6, 7, 8}; in each, nobody has
    played, so G1 = first half by TPN: 1-3, 2-4, 5-7, 6-8 (without acceleration: 1-5, 2-6,
    3-7, 4-8)."""
    t = tournament({i: 2500 - 50 * i for i in range(1, 9)}, [])
    plain = {frozenset((b.white, b.black)) for b in DUBOV.pair(t, 1).boards}
    assert plain == {frozenset(p) for p in [(1, 5), (2, 6), (3, 7), (4, 8)]}
    t.acceleration = {i: [1.0] for i in range(1, 5)}
    got = {frozenset((b.white, b.black)) for b in DUBOV.pair(t, 1).boards}
    assert got == {frozenset(p) for p in [(1, 3), (2, 4), (5, 7), (6, 8)]}


# --- Readings settled against the second opinion (docs/dubov.md, "Second opinion") -----------
def test_1_2_2_tpns_recalculated_until_round_4() -> None:
    """1.2.2: a rating introduced or modified before the fourth round is paired -> the TPNs are
    recalculated (GHR Art. 2: descending rating). Player 3 (2400) now outrates player 2
    (2300): TPNs 1, 3, 2, 4 for players 1, 2, 3, 4. Round 1, nobody has played (3.2.3):
    G1 = first half by TPN = 1, 3; G2 = 2, 4; S1[i]-T2[i]: 1-2, 3-4. 5.2.1 (initial colour
    White): 1 has TPN 1 (odd) -> White; 3 has TPN 2 (even) -> Black. With the file's numbers
    it would be 1-3, 2-4. From round 5 the TPNs are frozen (GHR 2.3): the file's numbers."""
    t = tournament({1: 2500, 2: 2300, 3: 2400, 4: 2200}, [])
    pairing = DUBOV.pair(t, 1)
    assert {(b.white, b.black) for b in pairing.boards} == {(1, 2), (4, 3)}
    four_rounds = tournament({1: 2500, 2: 2300, 3: 2400, 4: 2200},
                             [[(1, 2, "1"), (3, 4, "1")], [(4, 1, "0"), (2, 3, "=")],
                              [(1, 3, "="), (2, 4, "1")], [(3, 1, "0"), (4, 2, "=")]])
    assert DUBOV._round(four_rounds, 4, None).players[3].rank == 2
    assert DUBOV._round(four_rounds, 5, None).players[3].rank == 3


def test_1_2_2_recalculated_tpn_decides_the_pab() -> None:
    """1.2.2 with 3.1.5: round 2, lowest score 0 = 4 and 5 (one game each, both eligible).
    Player 5's rating (2100) now exceeds player 4's (2000): recalculated TPNs 4 -> 5 and
    5 -> 4, so the largest TPN is player 4's, who gets the PAB (1-2 and 3-5 remain legal).
    With the file's numbers it would have been 5."""
    t = tournament({1: 2400, 2: 2300, 3: 2200, 4: 2000, 5: 2100},
                   [[(1, 4, "1"), (5, 2, "0")]], byes={1: {3: "U"}})
    assert DUBOV.pair(t, 2).bye == 4


def test_1_2_2_tpns_in_the_explanation() -> None:
    """1.2.2: the explanation says which TPNs were recalculated."""
    explanation = Explanation()
    DUBOV.pair(tournament({1: 2500, 2: 2300, 3: 2400, 4: 2200}, []), 1, explanation)
    text = explanation.render("en")
    assert "[1.2.2]" in text and "2 -> 3, 3 -> 2" in text


def test_3_1_4_a_forfeited_game_is_not_a_played_game() -> None:
    """3.1.4 "has played the highest number of games": a forfeit is a game not played (C2 /
    C.04.1 Art. 4 "without playing"; 1.7.1 "over the board"). Round 3, lowest score 0.5:
    2 (two games played) and 4 (lost round 1 by forfeit, one game played); 1, 3, 5 have more
    points, 6 and 7 had a PAB. 2 has played more games: 2 gets the PAB. Had 4 lost round 1
    over the board, both would have two games and 3.1.5 (largest TPN) would give it to 4."""
    ratings = {i: 2400 - 50 * i for i in range(1, 8)}
    for round_1_result, bye in (("+", 2), ("1", 4)):
        t = tournament(ratings, [[(1, 2, "1"), (3, 4, round_1_result), (5, 6, "1")],
                                 [(2, 4, "="), (1, 3, "1"), (5, 7, "1")]],
                       byes={1: {7: "U"}, 2: {6: "U"}}, total=5)
        assert DUBOV.pair(t, 3).bye == bye


def test_c6_lowest_upfloater_score_first() -> None:
    """C6 (2.3.2): "minimise the score differences (taken in descending order) ..., i.e.
    maximise the scores (taken in ascending order) of the upfloaters". 1 and 2 (3 points)
    have met: two upfloaters (3.2.1). 3 (2.5) has met 1, so it can only face 2; then 1 needs
    5 (2) - which leaves 4, 6, 7, 8 unpairable (4 met 6, 7, 8: C4) - or a 1-point player:
    {3, 6} has scores (1, 2.5). {4, 5} has (2, 2): its lowest score is higher, so 4 and 5
    go up (1-5, 2-4), although 3 has the highest score of all candidates (3 then heads its
    own bracket)."""
    r = rnd([dp(1, score=3, colours="WB", met=(2, 3, 4)), dp(2, score=3, colours="BW", met=(1,)),
             dp(3, score=2.5, colours="WB", met=(1,)),
             dp(4, score=2, colours="BW", met=(1, 6, 7, 8)), dp(5, score=2, colours="WB"),
             dp(6, score=1, colours="BW", met=(4,)), dp(7, score=1, colours="WB", met=(4,)),
             dp(8, score=1, colours="BW", met=(4,))])
    assert {frozenset({1, 5}), frozenset({2, 4})} <= pairs_of(r)


def test_1_8_a_forfeited_upfloat_counts() -> None:
    """1.8 / C8-C10, our reading (docs/dubov.md, decision 11): being upfloated is a fact of the
    round's pairing (1.3.2: an upfloater is a bracket member from a lower scoregroup), which a
    forfeit does not undo. Round 2: 4 (0 points) was paired against 1 (1 point) and did not
    come (forfeit); 2 (0) played 3 (1). Both count as upfloated in the previous round."""
    t = tournament({i: 2400 - 50 * i for i in range(1, 5)},
                   [[(1, 2, "1"), (3, 4, "1")], [(1, 4, "+"), (3, 2, "1")]])
    players = DUBOV._round(t, 3, None).players
    assert (players[4].upfloats, players[4].upfloated_last) == (1, True)
    assert (players[2].upfloats, players[2].upfloated_last) == (1, True)
    assert (players[1].upfloats, players[3].upfloats) == (0, 0)
