"""Hand-made Dutch pairings under the 2025 rules (C.04.3 in force from 1 February 2026).

Rule numbers are those of the digest ``../shared/rules/dutch-2025.md`` ([C1]-[C21], arts. 1-5).
Each docstring derives the expected pairing from that text; where the 2017 text gives another
answer the test asserts it too, derived from the 2016/2017 text (see test_dutch_2017_rules.py).
Pairing numbers follow the rating order, so the 1.2 order is score, then number.
"""

from __future__ import annotations

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
    make,
    pair17,
    pair25,
    pairs,
    round_one,
    with_byes_round,
)
from swisspairing.model.results import ResultKind
from swisspairing.model.state import Float, RoundRecord
from swisspairing.model.tournament import ForbiddenGroup
from swisspairing.systems.dutch import DUTCH_2017, DUTCH_2025


def boards(p):  # type: ignore[no-untyped-def]
    return {(b.white, b.black) for b in p.boards}


# --- [C2] bye eligibility -------------------------------------------------------------------------
def test_c2_a_full_point_bye_bars_the_pab() -> None:
    """[C2] = C.04.1 art. 4 (2026): no PAB for a player who scored a win's points in one round
    without playing - a requested full-point bye included (the 2017 text did not bar it).
    Round 1: 2-4 1-0, 3 full-point bye, 1 absent. Round 2: 3-2 0-1, 1-4 1-0. Round 3, 4
    absent: 2 on 2; 1, 3 on 1. [C5]: the lowest score with a legal PAB: 1 point; 3 is barred,
    1 would leave 2-3 (a rematch, [C1]); so no 1-point receiver is possible and the PAB goes to
    2 with 1-3 paired. Colours: 1 [W] and 3 [W], both strong Black; 5.2.3 cannot decide
    (identical), 5.2.4: 1 is higher ranked and gets Black: 3-1.
    2017: 3 may have the bye; the PSD (C.6) prefers 2-1 and the bye to 3."""
    t = make(4, [[(2, 4, "1"), (3, "F"), (1, "Z")], [(3, 2, "0"), (1, 4, "1")]],
             absent={4: "Z"})
    p = pair25(t)
    assert p.bye == 2 and boards(p) == {(3, 1)}
    p17 = pair17(t)
    assert p17.bye == 3 and boards(p17) == {(2, 1)}


def test_c2_a_half_point_bye_does_not_bar_the_pab() -> None:
    """[C2]: a half-point bye scores less than a win and does not bar the PAB. Round 1: 2-4
    1-0, 3 half-point bye, 1 absent. Round 2: 3-2 0-1, 1-4 1-0. Round 3, 4 absent: 2 on 2, 1 on
    1, 3 on 0.5. [C5]: the lowest score, 3, may receive the PAB, and 2-1 is legal: bye to 3,
    2 [W, B] (mild White) - 1 [W] (strong Black): 2-1 (5.2.1)."""
    t = make(4, [[(2, 4, "1"), (3, "H"), (1, "Z")], [(3, 2, "0"), (1, 4, "1")]],
             absent={4: "Z"})
    p = pair25(t)
    assert p.bye == 3 and boards(p) == {(2, 1)}


def test_c2_a_forfeit_win_bars_the_pab_in_both_texts() -> None:
    """[C2] / 2017 C.2: 3 won by forfeit in round 1. Round 1: 1-3 forfeited by 1, 2-4 1-0;
    round 2: 3-2 0-1, 1-4 1-0; round 3 with 4 absent: 2 on 2, 1 and 3 on 1. 2-3 met; a PAB
    to 3 is barred, one to 1 leaves 2-3: so 1-3 and the PAB to 2 ([C5] cannot go lower).
    Colours: 1 and 3 both [W], strong Black; 5.2.4: 1 Black."""
    t = make(4, [[(1, 3, "-"), (2, 4, "1")], [(3, 2, "0"), (1, 4, "1")]], absent={4: "Z"})
    for p in (pair25(t), pair17(t)):
        assert p.bye == 2 and boards(p) == {(3, 1)}


# --- [C5] lowest-score PAB ------------------------------------------------------------------------
_C5_ROUNDS = [
    [(1, 4, "1"), (2, 5, "1"), (3, 6, "1")],
    [(1, 2, "1"), (4, 3, "0"), (5, 6, "1")],
]


def test_c5_pab_to_the_lowest_score_digest_example() -> None:
    """[C5], after the digest's example (round 3, 5 players to pair, player 4 absent). Here:
    round 1 1-4, 2-5, 3-6 won by the first; round 2 1-2 1-0, 3 beat 4 (3 Black), 5-6 1-0.
    Round 3: 1, 3 on 2; 2, 5 on 1 (they met); 6 on 0; 4 absent.
    2025: [C5] the PAB goes to the lowest score that still completes the round: 6 (0), as
    {1, 2, 3, 5} can be paired 1-5, 3-2 (1-2 and 2-5 met). [C4] at bracket 2: pairing 1-3
    would leave 2-5 (met): 1 and 3 both float. Bracket 1 {1*, 3*, 2, 5}: 1-5 (1 [W, W]
    absolute Black, 5 [B, W] mild Black: 5 White), 3-2 (both [W, B] mild White; 5.2.4: 3 is
    higher ranked). Expected 5-1, 3-2, PAB 6.
    2017: bracket 2 pairs 1-3 (1 absolute Black, 3 mild White); 2-5 cannot pair, both float;
    last bracket {2*, 5*, 6}: 5-6 met, so 2-6 (6 [B, B] absolute White) and the bye to 5,
    a 1-point player: 3-1, 6-2, bye 5 (the digest's 2017 answer)."""
    t = make(6, _C5_ROUNDS, absent={4: "Z"})
    p = pair25(t)
    assert p.bye == 6 and boards(p) == {(5, 1), (3, 2)}
    p17 = pair17(t)
    assert p17.bye == 5 and boards(p17) == {(3, 1), (6, 2)}


def test_c5_bye_from_the_lowest_score_even_when_it_must_climb() -> None:
    """[C5] with [C4]: round 1 with acceleration (1 has 1 point, 2 half a point, 3 none) and 1-2
    forbidden. The lowest score is 3's, but a PAB to 3 leaves 1-2: not allowed. The lowest
    possible receiver is 2 (0.5): 1-3, PAB 2. 5.2.5: 1 (odd) White."""
    p = pair25(round_one(3, ((1, 2),), {1: 1.0, 2: 0.5}))
    assert p.bye == 2 and boards(p) == {(1, 3)}


# --- [C9] unplayed games of the PAB receiver ------------------------------------------------------
def test_c9_pab_to_the_player_with_fewer_unplayed_games() -> None:
    """[C9]. Round 1: 1-2 1-0, 3-4 1-0, 5 absent (zero-point bye, unplayed; no float in 2025,
    1.4.4). Round 2: 1-3 in bracket 1 (both [W], strong Black; 5.2.4: 1 Black). Bracket 0 =
    {2, 4, 5} is the last; [C5] every one of them may take the PAB at 0 points; it downfloats
    exactly the PAB receiver, so [C9] applies: 2 and 4 have no unplayed game, 5 one. The first
    candidate (S1 {2}, S2 {4, 5}: 2-4, PAB 5) is worse than 2-5 with the PAB to 4. Colours: 2
    [B] strong White, 5 none: 2-5.
    2017: the same answer by C.12 (5's absence was a downfloat, A.4, and a bye receiver is a
    downfloater again)."""
    t = make(5, [[(1, 2, "1"), (3, 4, "1"), (5, "Z")]])
    for p in (pair25(t), pair17(t)):
        assert p.bye == 4 and boards(p) == {(3, 1), (2, 5)}


# --- 1.4.3 / 1.4.4 floats of unplayed rounds ------------------------------------------------------
def _record(kind: ResultKind, points: float) -> RoundRecord:
    return RoundRecord(1, kind, 0, None, points, 0.0, None)


def test_1_4_3_which_unplayed_rounds_float() -> None:
    """1.4.3: a downfloat for the PAB receiver and for whoever scores more than a loss without
    playing (forfeit win, full-point and half-point byes); 1.4.4: nobody else (forfeit loss,
    zero-point bye). The 2017 text (A.4) gives a downfloat for every unplayed round."""
    down = [(ResultKind.PAIRING_BYE, 1.0), (ResultKind.FORFEIT_WIN, 1.0),
            (ResultKind.FULL_POINT_BYE, 1.0), (ResultKind.HALF_POINT_BYE, 0.5)]
    none = [(ResultKind.FORFEIT_LOSS, 0.0), (ResultKind.ZERO_POINT_BYE, 0.0)]
    for kind, pts in down:
        assert DUTCH_2025.rules.unplayed_float(_record(kind, pts)) is Float.DOWN
    for kind, pts in none:
        assert DUTCH_2025.rules.unplayed_float(_record(kind, pts)) is None
    for kind, pts in down + none:
        assert DUTCH_2017.rules.unplayed_float(_record(kind, pts)) is Float.DOWN


def test_1_4_4_an_absence_is_no_downfloat_c16() -> None:
    """1.4.4 with [C16] (2017: A.4 and C.14). The history of the 2017 C.14 test: 3 was absent
    in round 1 (zero-point bye) and 1, 2, 3 are on 1 point in round 3; 1-2 and 1-3 grant every
    colour, the next bracket {5, 8} takes either floater equally ([C7], [C8]). 2025: 3's
    absence gave no float (1.4.4), so [C16] does not bar floating 3 and the first candidate
    stands: 1-2, 3 down. Bracket 0.5 {3*, 5, 8}: 3-5 would leave 8 and 4 (both [B, B],
    absolute White: [C3]) for the last bracket, against [C4]; so 8-3 (3 [W] strong Black) and
    5 floats: 4-5 below (5 [W, W] Black). 6-7 on top (7 White). 2017 gives 1-3 instead
    (C.14)."""
    p = pair25(make(8, C14_ROUNDS))
    assert boards(p) == {(7, 6), (1, 2), (8, 3), (4, 5)}
    assert boards(pair17(make(8, C14_ROUNDS))) == {(7, 6), (1, 3), (8, 2), (4, 5)}


def test_1_4_3_the_pab_receiver_floated_down_c14() -> None:
    """1.4.3 (a) with [C14]. Round 1: 1-3 1-0, 4-2 0-1, 5 received the PAB (a downfloat).
    Round 2: bracket 1 = {1, 2, 5}; 1 [W] strong Black, 2 [B] strong White, 5 no colour yet:
    1-2 and 1-5 satisfy every colour. [C5]: the PAB goes to 3 or 4 (0) either way; [C8]: the
    floater meets one of them. [C14]: floating 5 (the first candidate 1-2) floats a resident
    who downfloated in the previous round; floating 2 does not: 1-5 (5 White), 2 floats; 2-4
    met, so 2-3 (5.2.4: 2 White) and the PAB to 4. 2017 gives the same by A.4 and C.12."""
    t = make(5, [[(1, 3, "1"), (4, 2, "0"), (5, "U")]])
    for p in (pair25(t), pair17(t)):
        assert p.bye == 4 and boards(p) == {(5, 1), (2, 3)}


def test_c15_mdp_opponent_upfloated_in_the_previous_round() -> None:
    """[C15]. The history of the 2017 C.13 test: 2 (0 points) beat 6 (1 point) in round 2 -
    an upfloat. Round 3: 1 (2 points) is the MDP of bracket 1 {1*, 2, 3, 4, 6}. Pairing 1-2
    makes 2 an MDP opponent with an upfloat in the previous round; 1-3, 4-6 (2 down, then 2-5)
    avoids it with everything above [C15] equal ([C7] one downfloater on 1 point, [C8] 5 met
    only 3, [C12] every colour granted, [C14] 2's and 4's round-2 games were no downfloats)."""
    assert boards(pair25(make(6, C13_ROUNDS))) == {(1, 3), (6, 4), (5, 2)}


# --- [C4] at every bracket (no PPB / CLB) ---------------------------------------------------------
def test_c4_completion_at_every_bracket() -> None:
    """[C4] replaces A.9's PPB/CLB. The history of the 2017 PPB test: bracket 1 {1*, 2*, 3, 4}
    must leave two downfloaters able to meet 5 and 6 (who met). [C6]: two downfloaters;
    [C7]: {1, 3} or {2, 4} as downfloaters give [1.5, 1], better than {1, 2}; [C12]: 2-4
    grants both colours, 1-3 fails 3. Then {1*, 3*, 5, 6}: 1-5, 3-6. Same boards as 2017:
    2-4, 5-1, 6-3."""
    assert boards(pair25(make(6, PPB_ROUNDS))) == {(2, 4), (5, 1), (6, 3)}


# --- [C8] look-ahead and 4.4 MDP sets -------------------------------------------------------------
def test_c8_downfloater_chosen_so_that_the_next_bracket_pairs() -> None:
    """[C8]. Round 1 with acceleration 2, 2, 2, 1, 0, 0 and 3-4 forbidden: floating 3 (first
    candidate 1-2) leaves the next bracket {3*, 4} unpaired; floating 2 lets it pair 2-4.
    1-3, 4-2, 5-6 (5.2.5)."""
    p = pair25(round_one(6, ((3, 4),), {1: 2.0, 2: 2.0, 3: 2.0, 4: 1.0}))
    assert boards(p) == {(1, 3), (4, 2), (5, 6)}


def test_4_4_valid_mdp_set_leaves_the_lowest_scores_in_limbo() -> None:
    """4.4.1 with [C7]. Round 1 with acceleration 2, 1, 0.5, 0, 0; 1-2 forbidden. {1} and
    {1*, 2} pair nobody. Bracket {1*, 2*, 3}: one MDP can be paired. [C7]: floating 2 (1
    point) beats floating 1 (2 points), so the valid MDP set is {1}: 1-3. Bracket
    {2*, 4, 5}: 2-4 and the PAB to 5 ([C5]: 0 points; 5.2.5: 2 even, Black)."""
    p = pair25(round_one(5, ((1, 2),), {1: 2.0, 2: 1.0, 3: 0.5}))
    assert p.bye == 5 and boards(p) == {(1, 3), (4, 2)}


def test_4_4_2_mdp_sets_ordered_by_smallest_bsn() -> None:
    """4.4.2. Round 1 with acceleration 1, 1, 0 and 1-2 forbidden: bracket {1, 2} pairs nobody.
    Bracket {1*, 2*, 3}: [C5] cannot give the PAB to 3 (1-2 forbidden), so to 1 or 2; every
    criterion is equal, and the MDP sets {1} < {2} (smallest BSN): 1-3, PAB 2."""
    p = pair25(round_one(3, ((1, 2),), {1: 1.0, 2: 1.0}))
    assert p.bye == 2 and pairs(p) == P((1, 3))


# --- rules unchanged in substance -----------------------------------------------------------------
def test_c1_c3_unchanged() -> None:
    """[C1], [C3] are the 2017 C.1, C.3: the C.3 history of the 2017 tests (1, 3 absolute
    Black; 2, 4 absolute White; round 3 of 9) gives 4-1, 2-3 above and 5-7, 6-8 below; in the
    last round ([C3] exempts topscorers, [C10]/[C11] as 2017 C.8/C.9) the same."""
    assert boards(pair25(make(8, C3_ROUNDS))) == {(4, 1), (2, 3), (5, 7), (6, 8)}
    assert boards(pair25(make(8, C3_ROUNDS, total=3))) == {(4, 1), (2, 3), (5, 7), (6, 8)}


def test_c3_topscorers_may_meet_in_the_last_round() -> None:
    """[C3] with 1.8: 1 and 2 ([W, W], 2 points of 2) are topscorers in the last round and meet;
    5.2.2 both absolute, equal differences; 5.2.4: 1 Black. Below, 3-6 and 4-5 (the 2017 test's
    derivation: 4-6 both absolute White, non-topscorers)."""
    assert boards(pair25(make(6, TOP_ROUNDS, total=3))) == {(2, 1), (6, 3), (4, 5)}


def test_forbidden_pairs_act_like_c1() -> None:
    """Forbidden pairs (XXP / 260) are never paired, as [C1]: round 1 with 1-4 and 2-4
    forbidden: the S2 order 5-6-4 (4.2): 1-5, 6-2, 3-4."""
    t = make(6, [])
    for a, b in ((1, 4), (2, 4)):
        t.forbidden_pairs.append(ForbiddenGroup(frozenset((a, b))))
    assert boards(pair25(t)) == {(1, 5), (6, 2), (3, 4)}


def test_3_7_and_4_2_generation_order_unchanged() -> None:
    """3.7 (2017 B.7) and 4.2 (D.1), with the 2017 tests' derivations: the remainder's
    alternatives come before a new MDP-pairing (1-2, 4-5, PAB 3 - [C5]: every candidate gives
    the PAB to a 0-point player, [C9] none has an unplayed game), and the MDP-pairings follow
    the lexicographic S2 order (1-4, 2-3, then 5-6)."""
    p = pair25(round_one(5, ((3, 4), (3, 5)), {1: 1.0}))
    assert p.bye == 3 and boards(p) == {(1, 2), (5, 4)}
    p = pair25(round_one(6, ((1, 2), (1, 3)), {1: 1.0, 2: 1.0}))
    assert boards(p) == {(1, 4), (3, 2), (5, 6)}


def test_c10_c11_topscorers_as_2017_c8_c9() -> None:
    """[C10], [C11] are the 2017 C.8, C.9 (derivations in the 2017 tests): a topscorer's colour
    difference beyond 2, then a third colour in a row, decide against the first candidate."""
    for history, total in ((C8_HISTORY, 5), (C9_HISTORY, 4)):
        p = duel_pair(DUTCH_2025, duel(history, total=total))
        assert boards(p) == {(4, 1), (2, 3)}


def test_c19_smaller_score_difference_for_the_mdp_opponent_upfloat() -> None:
    """[C19]. The history of the 2017 C.17 test: 3 upfloated in round 2 and becomes the opponent
    of an MDP in both best candidates ([C15] ties); [C19] compares its score difference: 0.5
    against 2 rather than 1 against 1: 1-4, 2-3 (4-1, 3-2), 7-5, 6-8. ([C5]: no PAB, 8
    players; [C14], [C16], [C18]: 5 floats and 1 is an MDP in both.)"""
    assert boards(pair25(c17_tournament())) == {(4, 1), (3, 2), (7, 5), (6, 8)}


def test_c17_c21_upfloat_two_rounds_before() -> None:
    """[C17] and [C21], with the 2017 C.15 / C.19 tests' histories (a round 3 of full-point byes
    for everybody, which under 1.4.3 is a downfloat for all: [C14] and [C18] tie). [C17]: the
    MDP's opponent 2 upfloated two rounds before, 3 did not: 1-3, 6-4, 5-2. [C21]: 3's
    upfloat of two rounds before has the smaller difference against 2: 4-1, 3-2, 7-5, 6-8."""
    p = DUTCH_2025.pair(with_byes_round(make(6, C13_ROUNDS), 3), 4)
    assert boards(p) == {(1, 3), (6, 4), (5, 2)}
    p = DUTCH_2025.pair(with_byes_round(c17_tournament(), 3), 4)
    assert boards(p) == {(4, 1), (3, 2), (7, 5), (6, 8)}


def test_c2_c5_the_pab_may_go_to_the_top_scorer() -> None:
    """[C2], [C5]: 2 and 3 (1 point) already had a PAB and 1 (2 points) met both: the lowest
    score with a legal PAB is 1's. 2-3, PAB 1 (5.2.4: 2 White)."""
    p = pair25(make(3, [[(1, 2, "1"), (3, "U")], [(1, 3, "1"), (2, "U")]]))
    assert p.bye == 1 and boards(p) == {(2, 3)}


def test_c18_c20_an_mdp_that_downfloated_is_paired() -> None:
    """[C18] and [C20] with the 2017 C.16 / C.18 histories. MDPs 1 and 2 (2 points, 1-2
    forbidden) meet bracket 1.5 {1*, 2*, 3}; one is paired. [C5] no PAB (6 players); [C7]: the
    downfloater has 2 points either way; [C8]: the next bracket pairs one either way; [C12],
    [C13] equal (1, 2 strong Black, 3 strong White); [C14]-[C17] concern no one (3 is paired,
    its round-2 game was a downfloat, not an upfloat). [C18]: 2 downfloated in round 2; paired
    its difference is 0.5, floating again it counts as larger than any: 2-3, not the first set
    {1} (4.4.2). With a round 3 of full-point byes for all (a downfloat for everybody, [C18]
    equal), [C20] decides the same for round 4."""
    assert boards(pair25(c16_tournament())) == {(3, 2), (6, 1), (4, 5)}
    p = DUTCH_2025.pair(with_byes_round(c16_tournament(), 3), 4)
    assert boards(p) == {(3, 2), (6, 1), (4, 5)}


def test_c12_c13_colour_preferences_as_2017_c10_c11() -> None:
    """[C12], [C13] are the 2017 C.10, C.11 (derivations in the 2017 tests). [C12]: round 1 1-3,
    4-2 drawn; the exchange 1-2, 3-4 grants all four preferences where 1-4, 2-3 fails two:
    2-1, 3-4. [C13]: 1 and 3 strong White, 4 mild White, 2 mild Black: 1-4, 2-3 fails a mild
    preference, 1-3, 2-4 a strong one: 1-4, 3-2."""
    assert boards(pair25(make(4, [[(1, 3, "="), (4, 2, "=")]]))) == {(2, 1), (3, 4)}
    t = make(8, C11_ROUNDS, absent={5: "Z", 6: "Z", 7: "Z", 8: "Z"})
    assert boards(pair25(t)) == {(1, 4), (3, 2)}


def test_c14_resident_downfloater_as_2017_c12() -> None:
    """[C14] with the 2017 C.12 history: 1 and 3 downfloated in round 2 (played lower scores),
    2 did not. Bracket 2 {1, 2, 3} floats one resident; colours ([C12]) and the next bracket
    ([C8]) are equal; [C14] floats 2: 1-3, then 2-7, 5-4, 8-6 as in 2017."""
    assert boards(pair25(make(8, C12_ROUNDS))) == {(1, 3), (2, 7), (5, 4), (8, 6)}


def test_4_3_resident_exchange_order_unchanged() -> None:
    """4.3.2 (2017 D.2): the exchange tests of the 2017 file give the same pairings: the
    smallest difference first (3<->4: 1-3, 5-2, 6-4), difference 2 before 3 (3<->5: 1-3, 4-2,
    5-6), and the higher BSN moved from S1 first (4<->6 before 3<->5)."""
    forbidden = ((3, 4), (3, 5), (3, 6))
    assert boards(pair25(round_one(6, forbidden))) == {(1, 3), (5, 2), (6, 4)}
    forbidden = ((3, 4), (3, 5), (3, 6), (4, 5), (4, 6))
    assert boards(pair25(round_one(6, forbidden))) == {(1, 3), (4, 2), (5, 6)}
    assert boards(pair25(d2c_tournament())) == {(1, 5), (8, 2), (3, 4), (7, 6)}


def test_3_1_maxpairs_and_the_first_mdp_set() -> None:
    """3.1.2, 3.2.4, 4.4.2: the 2017 B.1 test - three MDPs on 2 points (pairwise forbidden), one
    resident: one MDP is paired; [C7] equal; the set {1} comes first: 1-4, then 2-5, 3-6."""
    p = pair25(round_one(6, ((1, 2), (1, 3), (2, 3)), {1: 2.0, 2: 2.0, 3: 2.0, 4: 1.0}))
    assert boards(p) == {(1, 4), (5, 2), (3, 6)}
