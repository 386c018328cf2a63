"""Rules C1-C14 (and A.2-A.5, B1-B6, E1, E4) of the FFE Elo-based Swiss system, one hand-made
tournament each. Every expected pairing is derived from the text in the test's docstring.

Players are numbered by rating (1 = highest) unless said otherwise. Byes used to build
histories: ``H`` (half point) and ``Z`` (zero) are no meeting and no float; a forfeit is no
meeting (E2); a forfeit win or a pairing-allocated bye is a downfloat (A.4 a, A.5).
"""

from __future__ import annotations

from swisspairing.errors import NoValidPairing
from swisspairing.model.results import Colour
from swisspairing.systems import get_system
from swisspairing.systems.elo_swiss import ELO_SWISS, Round
from swisspairing.systems.explain import Explanation
from test_elo_swiss_helpers import board_set, build, pairs

R8 = [2400, 2300, 2200, 2100, 2000, 1900, 1800, 1700]
R9 = [*R8, 1600]


def explained(t, r):  # type: ignore[no-untyped-def]
    e = Explanation()
    p = ELO_SWISS.pair(t, r, e)
    return p, e.render("en"), e.render("fr")


def test_registry_finds_the_system() -> None:
    assert get_system("elo-swiss") is ELO_SWISS


def test_c2_c3_e4_round_one_and_bye() -> None:
    """E4 with C2-C6: before round 1 everybody is in one homogeneous level ordered by A.2;
    7 players: x = 1 (A.8), p = 3 (A.6), S1 = 1 2 3, S2 = 4 5 6 7; C6 pairs 1-4, 2-5, 3-6 and
    the last player of S2, 7, is the bye (A.5)."""
    t = build(R8[:7], [])
    p = ELO_SWISS.pair(t, 1)
    assert pairs(p) == board_set((1, 4), (2, 5), (3, 6))
    assert p.bye == 7


def test_c4_c5_c6_even_level() -> None:
    """C4-C6: 8 players, S1 = 1-4, S2 = 5-8, pairs 1-5, 2-6, 3-7, 4-8, no bye. Colours
    (C.04.1 has no rule for round 1): by lot, White for the higher player of odd number (1, 3)."""
    t = build(R8, [])
    p = ELO_SWISS.pair(t, 1)
    assert pairs(p) == board_set((1, 5), (2, 6), (3, 7), (4, 8))
    assert p.bye is None
    whites = {b.white for b in p.boards}
    assert whites == {1, 6, 3, 8}


def test_c5_a2_order_uses_title_then_name() -> None:
    """C5 / A.2: order by score, Elo, title ("grade"), name. Players 2 and 3 have the same Elo;
    3 is IM, so the order is 1, 3, 2, 4: S1 = 1 3, S2 = 2 4, pairs 1-2 and 3-4 (with pairing
    numbers alone it would have been 1-3 and 2-4)."""
    t = build([2400, 2300, 2300, 2100], [], titles={3: "IM"})
    assert pairs(ELO_SWISS.pair(t, 1)) == board_set((1, 2), (3, 4))
    t = build([2400, 2300, 2300, 2100], [], names={2: "Zola", 3: "Abel"})
    assert pairs(ELO_SWISS.pair(t, 1)) == board_set((1, 2), (3, 4))


def test_c1_player_with_no_opponent_floats() -> None:
    """C1: round 2 after 1-4 (1-0), 2-5 (1-0), 3-6 (draw). Level 1 = {1, 2}: 1-2. Level 1/2 =
    {3, 6}: they have met, so each "cannot be paired without violating B1" and floats to the
    next level. Level 0 = {3, 6} from above + {4, 5}: half the players came from above, so it
    is treated as homogeneous (A.3): S1 = 3 6, S2 = 4 5, pairs 3-4, 6-5."""
    t = build(R8[:6], [["1-4 1", "2-5 1", "3-6 ="]])
    p, en, fr = explained(t, 2)
    assert pairs(p) == board_set((1, 2), (3, 4), (6, 5))
    assert "[C1]" in en and "[C1]" in fr


def test_c6_heterogeneous_then_residual_and_c7() -> None:
    """C6, C7: round 2 after 1-4, 2-5, 3-6 (all 1-0). Level 1 = {1, 2, 3}: x = 1, p = 1,
    S1 = 1, S2 = 2 3: 1-2, and 3 floats down. Level 0 = {3} + {4, 5, 6} is heterogeneous:
    S1 = 3, S2 = 4 5 6: 3-4 (no meeting, 4 may float up). The residual level {5, 6}: 5-6."""
    t = build(R8[:6], [["1-4 1", "2-5 1", "3-6 1"]])
    p = ELO_SWISS.pair(t, 2)
    assert pairs(p) == board_set((1, 2), (3, 4), (5, 6))


def test_c7_permutation_after_b1() -> None:
    """C7: round 2 after 1-3 and 2-4 (draws): one level {1, 2, 3, 4}, S1 = 1 2, S2 = 3 4;
    1-3 have met (B1), so the next permutation of S2 (D1: 4 3) gives 1-4, 2-3."""
    t = build(R8[:4], [["1-3 =", "2-4 ="]])
    assert pairs(ELO_SWISS.pair(t, 2)) == board_set((1, 4), (2, 3))


def test_c8_exchange() -> None:
    """C8: round 3 after 1-3, 2-4 then 4-1, 3-2 (all drawn): one level, S1 = 1 2, S2 = 3 4.
    Both permutations of S2 pair 1 with an opponent already met (C7 fails), so the first D2
    exchange is made: 2<->3 (difference 1), S1 = 1 3, S2 = 2 4: pairs 1-2, 3-4."""
    t = build(R8[:4], [["1-3 =", "2-4 ="], ["4-1 =", "3-2 ="]])
    p, en, _ = explained(t, 3)
    assert pairs(p) == board_set((1, 2), (3, 4))
    assert "exchange 2<->3" in en and "[D2]" in en


def test_b5_b6_and_the_last_round_note() -> None:
    """B5 and its NOTE: round 2 after 1-4 (1-0), 2-5 (1-0) and 3-6 (forfeit win of 3: a
    downfloat, A.4 a). Level 1 = {1, 2, 3}: S1 = 1, S2 = 2 3; 1-2 would make 3 float down again
    (B5), so the next permutation (C7) gives 1-3 and 2 floats; level 0: S1 = 2, S2 = 4 5 6:
    2-4, then 5-6 (5 and 6 never met: a forfeit is no meeting). If round 2 is the last round,
    B5 does not apply to 3, who has more than 50 % (NOTE): 1-2, 3 floats, 3-4, 5-6."""
    history = [["1-4 1", "2-5 1", "3-6 +"]]
    t = build(R8[:6], history, total_rounds=5)
    assert pairs(ELO_SWISS.pair(t, 2)) == board_set((1, 3), (2, 4), (5, 6))
    t = build(R8[:6], history, total_rounds=2)
    assert pairs(ELO_SWISS.pair(t, 2)) == board_set((1, 2), (3, 4), (5, 6))


def test_b6_two_rounds_later() -> None:
    """B6: round 3 after round 1 as above (3 wins by forfeit: a downfloat) and round 2 where
    everybody had a half-point bye (no float). Level 1.5 = {1, 2, 3}: 3 floated down two rounds
    ago, so 1-2 (3 floating) breaks B6; C7 gives 1-3 and 2 floats: 2-4, 5-6."""
    t = build(R8[:6], [["1-4 1", "2-5 1", "3-6 +"], [f"{i} H" for i in range(1, 7)]])
    assert pairs(ELO_SWISS.pair(t, 3)) == board_set((1, 3), (2, 4), (5, 6))


def test_c9_drop_b6_then_b5_for_downfloaters() -> None:
    """C9: round 2 after three forfeit wins 1-4, 2-5, 3-6: 1, 2, 3 all floated down. In level 1
    one of them must float: every permutation and exchange breaks B5 (C7, C8 fail), so B6 then
    B5 are dropped for downfloaters and the search restarts at C4: 1-2, 3 floats. Level 0:
    S1 = 3, S2 = 4 5 6: 3-4 (4 lost by forfeit: no float), residual 5-6."""
    t = build(R8[:6], [["1-4 +", "2-5 +", "3-6 +"]])
    p, en, fr = explained(t, 2)
    assert pairs(p) == board_set((1, 2), (3, 4), (5, 6))
    assert "[C9]" in en and "flotteurs descendants" in fr


def test_c10_floater_gets_another_opponent() -> None:
    """C10: rounds 1-2 only byes except 5-6 (draw) in round 1: after them 1, 2, 3 have 1 point
    (two H), 4, 5, 6 half a point. Round 3, level 1: 1-2, 3 floats. Level 1/2 is heterogeneous:
    S1 = 3, S2 = 4 5 6: 3-4 leaves the residual {5, 6} who have met, and no permutation,
    exchange or relaxation pairs it (C7-C9), so the floater's pairing is undone and he gets the
    next opponent (C10 -> C7): 3-5, residual 4-6."""
    t = build(R8[:6], [["1 H", "2 H", "3 H", "4 H", "5-6 ="], ["1 H", "2 H", "3 H"]])
    p, en, fr = explained(t, 3)
    assert pairs(p) == board_set((1, 2), (3, 5), (4, 6))
    assert "another opponent [C10]" in en and "autre adversaire [C10]" in fr


def test_c10_drop_b6_b5_for_upfloaters() -> None:
    """C10, second part: round 1: 1, 2, 3 half-point byes; round 2: 1-4 and 2-5 drawn (4 and 5,
    on 0, float up), 3 another half-point bye. Round 3: level 1 = {1, 2, 3}: 1-2, 3 floats.
    Level 1/2: S1 = 3, S2 = 4 5; both would float up twice in a row (B5), so B6 then B5 are
    dropped for upfloaters: 3-4, and 5 is left for the bye (A.5)."""
    t = build(R8[:5], [["1 H", "2 H", "3 H"], ["1-4 =", "2-5 =", "3 H"]])
    p, en, _ = explained(t, 3)
    assert pairs(p) == board_set((1, 2), (3, 4))
    assert p.bye == 5
    assert "[C10]" in en


def test_c11_residual_players_float() -> None:
    """C11: 4, 5, 6 drew with each other in rounds 1-3 (the third one having a half-point bye),
    1, 2, 3 beat 7, 8, 9 in round 1 then had two half-point byes, 7, 8, 9 two half-point byes.
    Round 4: level 2 = {1, 2, 3}: 1-2, 3 floats. Level 1.5: S1 = 3, S2 = 4 5 6; whichever
    opponent 3 gets, the two others have met (C7-C10 fail), so x grows: the residual players
    float down instead (C11): 3-4, and 5, 6 float. Level 1 = {5, 6} + {7, 8, 9} is
    heterogeneous: S1 = 5 6, S2 = 7 8 9: 5-7, 6-8, 9 the bye."""
    t = build(R9, [
        ["4-5 =", "6 H", "1-7 1", "2-8 1", "3-9 1"],
        ["4-6 =", "5 H", "1 H", "2 H", "3 H", "7 H", "8 H", "9 H"],
        ["5-6 =", "4 H", "1 H", "2 H", "3 H", "7 H", "8 H", "9 H"],
    ])
    p, en, _ = explained(t, 4)
    assert pairs(p) == board_set((1, 2), (3, 4), (5, 7), (6, 8))
    assert p.bye == 9
    assert "[C11]" in en


def test_c12_previous_level_chooses_another_floater() -> None:
    """C12: round 1: 3-7 and 4-5 drawn, others half-point bye; round 2: 3-8, 1-4, 2-5 won by
    the first player, 7 a half-point bye, 6 and 8 nothing. Round 3: level 1.5 = {1, 2, 3},
    level 1 = {7}, level 0.5 = {4, 5, 6, 8}. In level 1.5, 1-2 would send 3 down, but 3 has
    met 7, the only player of level 1 (C1 -> C12); the previous level is paired again so that
    another player floats: 1-3 and 2 floats, and 2-7 is made. Then 4-6, 5-8 (S1 = 4 5)."""
    t = build(R8, [
        ["3-7 =", "4-5 =", "1 H", "2 H", "6 H", "8 H"],
        ["3-8 1", "1-4 1", "2-5 1", "7 H"],
    ])
    p, en, fr = explained(t, 3)
    assert pairs(p) == board_set((1, 3), (2, 7), (4, 6), (5, 8))
    assert "[C12]" in en and "flottent à leur place" in fr


def test_c13_last_level_needs_floaters() -> None:
    """C13: round 1: 1-3, 2-4, 5-6 drawn; round 2: 1-4 half-point byes. Round 3: level 1 =
    {1, 2, 3, 4}, last level 1/2 = {5, 6} who have met. Whatever pairing of level 1 with p = 2
    leaves the last level unpairable; C13 undoes it and p decreases (C14): p = 1, S1 = 1,
    S2 = 2 3 4: 1-2, 3 and 4 float. The last level {3, 4} + {5, 6}: S1 = 3 4, S2 = 5 6:
    3-5, 4-6."""
    t = build(R8[:6], [["1-3 =", "2-4 =", "5-6 ="], ["1 H", "2 H", "3 H", "4 H"]])
    assert pairs(ELO_SWISS.pair(t, 3)) == board_set((1, 2), (3, 5), (4, 6))


def test_c14_fewer_pairs_in_a_level() -> None:
    """C14: 3, 4, 5 drew with each other in rounds 1-3 (one of them on a half-point bye each
    round), 6 had three half-point byes; 1 and 2 beat 7 and 8 then had two half-point byes.
    Round 4: level 2 = {1, 2}: 1-2. Level 1.5 = {3, 4, 5, 6}: two pairs are impossible (6 can
    meet only one of 3, 4, 5 and the other two have met), and no relaxation helps, so p
    decreases to 1: S1 = 3, S2 = 4 5 6: 3-4 and 3-5 break B1, 3-6; 4 and 5 float. Level 1 =
    {4, 5} + {7, 8}, half from above, homogeneous: S1 = 4 5, S2 = 7 8: 4-7, 5-8."""
    t = build(R8, [
        ["3-4 =", "5 H", "6 H", "1-7 1", "2-8 1"],
        ["3-5 =", "4 H", "6 H", "1 H", "2 H", "7 H", "8 H"],
        ["4-5 =", "3 H", "6 H", "1 H", "2 H", "7 H", "8 H"],
    ])
    p, en, fr = explained(t, 4)
    assert pairs(p) == board_set((1, 2), (3, 6), (4, 7), (5, 8))
    assert "p lowered to 1 [C14]" in en and "p ramené à 1 [C14]" in fr


def test_b1_no_second_meeting_and_no_pairing() -> None:
    """B1 a: three players who all met (1-2, 1-3, 2-3) plus one more who met nobody: only 4
    can be paired, so no pairing exists: NoValidPairing."""
    t = build(R8[:4], [["1-2 =", "3 H", "4 H"], ["1-3 =", "2 H", "4 H"], ["2-3 =", "1 H", "4 H"]])
    try:
        ELO_SWISS.pair(t, 4)
    except NoValidPairing:
        pass
    else:
        raise AssertionError("a pairing was made although B1 a forbids every one")


def test_b1_b_bye_eligibility() -> None:
    """B1 b: a player who received a point without playing (a bye, or a forfeit win) cannot be
    the bye again; a half-point bye or a forfeit loss does not count."""
    t = build(R8[:5], [["1 U", "2-3 +", "4 H", "5 Z"]])
    rd = Round(t, 2, use_b2=True)
    assert [rd.bye_eligible(i) for i in range(1, 6)] == [False, False, True, True, True]
    assert not rd.completable({1}) and rd.completable({4})


def test_e1_publication_order() -> None:
    """E1: boards by the score of the stronger player, then the sum of scores, then the A.2
    rank of the stronger player. Round 2 after 1-4, 2-5, 3-6 (1-0): boards 1-2 (1+1), then
    3-4 (1+0), then 5-6 (0+0)."""
    t = build(R8[:6], [["1-4 1", "2-5 1", "3-6 1"]])
    p = ELO_SWISS.pair(t, 2)
    assert [frozenset((b.white, b.black)) for b in p.boards] == [
        frozenset((1, 2)), frozenset((3, 4)), frozenset((5, 6))]


def test_colours_follow_c041_h() -> None:
    """Colours by C.04.1 (docs/elo-swiss.md): round 2 after 1-3 (1 White), 2-4 (2 White), all
    drawn: level {1, 2, 3, 4}, 1-3 met, so 1-4 and 2-3. For 1-4, 1 had White and 4 Black:
    h2 gives each the other colour: 4 White, 1 Black. Same for 2-3: 3 White."""
    t = build(R8[:4], [["1-3 =", "2-4 ="]])
    p = ELO_SWISS.pair(t, 2)
    assert {(b.white, b.black) for b in p.boards} == {(4, 1), (3, 2)}


def test_colours_limit_of_c041_f_g() -> None:
    """C.04.1 f-g (our B2) decide colours and can forbid a pairing. Rounds 1-2 (all drawn):
    1-5, 2-6, 7-3, 8-4 then 1-7, 2-8, 5-3, 6-4: 1 and 2 had White twice, 3 and 4 Black twice;
    all have 1 point. 1 and 2 cannot meet (both would need Black: g). Round 3: S1 = 1 2 3 4,
    S2 = 5 6 7 8; D1: 5678 fails (1-5 met), 5687 too, ... the first valid permutation starts
    with 6 (1-6): 6578 fails on 3-7 (met), 6587 gives 1-6, 2-5, 3-8, 4-7. Colours: 1 and 2
    must have Black, 3 and 4 White (g): 6-1, 5-2, 3-8, 4-7."""
    t = build(R8, [["1-5 =", "2-6 =", "7-3 =", "8-4 ="], ["1-7 =", "2-8 =", "5-3 =", "6-4 ="]])
    p, en, _ = explained(t, 3)
    assert {(b.white, b.black) for b in p.boards} == {(6, 1), (5, 2), (3, 8), (4, 7)}
    assert "[C.04.1 f-g]" in en
    rd = Round(t, 3, use_b2=True)
    assert not rd.colour_allowed(1, Colour.WHITE) and not rd.compatible(1, 2)


def test_c13_two_lowest_levels_merge() -> None:
    """C13 with p reaching 0: round 1: 3-4 drawn, 1 and 2 half-point byes; round 2: 1 and 2
    half-point byes again. Round 3: level 1 = {1, 2}, last level 1/2 = {3, 4}, who have met.
    1-2 (p = 1) leaves the last level unpairable, so C13 undoes it; p falls to 0 (C14): "the two
    lowest levels are merged". Merged level {1, 2} + {3, 4}, half from above, homogeneous:
    S1 = 1 2, S2 = 3 4: 1-3, 2-4."""
    t = build(R8[:4], [["3-4 =", "1 H", "2 H"], ["1 H", "2 H"]])
    p, en, _ = explained(t, 3)
    assert pairs(p) == board_set((1, 3), (2, 4))
    assert "p lowered to 0 [C14]" in en


def test_b2_given_up_only_when_nothing_else_exists() -> None:
    """B2 (= C.04.1 f-g, docs/elo-swiss.md): rounds 1-2: 1-3, 2-4 then 1-4, 2-3 (drawn, the
    first player White). Round 3: B1 leaves only 1-2 and 3-4, and both pairs break C.04.1 g
    (1 and 2 had White twice, 3 and 4 Black twice). No pairing meets B1 and B2, so B2 is given
    up (and said so) rather than leaving the round unpaired: 1-2, 3-4."""
    t = build(R8[:4], [["1-3 =", "2-4 ="], ["1-4 =", "2-3 ="]])
    p, en, fr = explained(t, 3)
    assert pairs(p) == board_set((1, 2), (3, 4))
    assert "[B2]" in en and "limites de couleur levées" in fr


def test_search_limit_fallback_keeps_b1(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """With the search limit set to nothing, every level falls back to pairing in A.2 order
    while keeping the round pairable (docs/elo-swiss.md): round 2 after 1-3, 2-4 drawn, one
    level {1, 2, 3, 4}: 1 takes the first player in A.2 order he has not met and after whom the
    others can still be paired: 2 (3 and 4 have not met); then 3-4. The explanation says the
    limit was reached. (The full search gives 1-4, 2-3: C7.)"""
    from swisspairing.systems.elo_swiss import criteria

    monkeypatch.setattr(criteria, "CANDIDATE_LIMIT", 0)
    t = build(R8[:4], [["1-3 =", "2-4 ="]])
    p, en, fr = explained(t, 2)
    assert pairs(p) == board_set((1, 2), (3, 4))
    assert "search limit reached" in en and "limite de recherche" in fr
    # two levels (round 2 after 1-4, 2-5, 3-6 won by the first): level 1 pairs 1-2 and 3,
    # with no partner left, floats; the last level {3} + {4, 5, 6} pairs 3-4, 5-6.
    t = build(R8[:6], [["1-4 1", "2-5 1", "3-6 1"]])
    assert pairs(ELO_SWISS.pair(t, 2)) == board_set((1, 2), (3, 4), (5, 6))
