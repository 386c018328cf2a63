"""Dutch colour allocation E.1-E.5 (2017 text; 2025 art. 5.2.1-5.2.5, the same rules), the colour
preferences of A.6 and the handling of unplayed rounds of C.04.2 D.5 (GHR 3.4).

Each test pairs a round in which only two players are present, so that the pair is forced and
only the colour rules decide. Histories are written per player as tokens, oldest first:
``W1`` White and won, ``B=`` Black and drew, ``B0`` Black and lost, ``Z`` absent (zero-point
bye, no game), ``F`` full-point bye (no game). Every game is against a filler opponent who is
absent from the round paired.
"""

from __future__ import annotations

import pytest

from dutch_helpers import boards, duel, duel_pair, make
from swisspairing.model import Colour, Pairing
from swisspairing.systems.dutch import DUTCH_2012, DUTCH_2017, DUTCH_2025

SYSTEMS = pytest.mark.parametrize("system", [DUTCH_2017, DUTCH_2025], ids=["2017", "2025"])


def board(p: Pairing) -> tuple[int, int]:
    assert len(p.boards) == 1 and p.bye is None
    return (p.boards[0].white, p.boards[0].black)


# --- E.1 / A.6.d ----------------------------------------------------------------------------------
@SYSTEMS
def test_e1_both_preferences_granted(system) -> None:  # type: ignore[no-untyped-def]
    """E.1. 1 played [W, B] (mild White, A.6.c), 2 [B, W] (mild Black): both are granted, 1
    White (the next test shows E.1 also when it goes against the higher ranked player)."""
    assert board(duel_pair(system, duel({1: ["W=", "B="], 2: ["B=", "W="]}))) == (1, 2)


@SYSTEMS
def test_e1_both_preferences_granted_to_the_lower_ranked_too(system) -> None:  # type: ignore[no-untyped-def]
    """E.1. 1 [B, W] (mild Black), 2 [W, B] (mild White): 2 gets White, 1 Black, although 1 is
    higher ranked (E.4 is not reached)."""
    assert board(duel_pair(system, duel({1: ["B=", "W="], 2: ["W=", "B="]}))) == (2, 1)


@SYSTEMS
def test_a6d_no_game_no_preference_the_opponent_is_granted(system) -> None:  # type: ignore[no-untyped-def]
    """A.6.d: 2 played no game (two absences) and has no preference ("the preference of their
    opponents is granted"); 1 played [W, W], absolute Black, is granted: 2-1."""
    assert board(duel_pair(system, duel({1: ["W1", "W1"], 2: ["Z", "Z"]}))) == (2, 1)


# --- E.2 ------------------------------------------------------------------------------------------
@SYSTEMS
def test_e2_strong_beats_mild(system) -> None:  # type: ignore[no-untyped-def]
    """E.2. 1 [W, B] mild White (colour difference 0); 2 played one game with Black and was
    absent once: difference -1, strong White (A.6.b). Both want White; E.2 grants the stronger
    preference: 2 White, although 1 is higher ranked (E.4 would say 1)."""
    assert board(duel_pair(system, duel({1: ["W=", "B="], 2: ["B=", "Z"]}))) == (2, 1)


@SYSTEMS
def test_e2_absolute_beats_strong(system) -> None:  # type: ignore[no-untyped-def]
    """E.2. 1 played [W] and was absent: strong Black; 2 [W, W]: absolute Black (A.6.a). 2
    gets Black although 1 is higher ranked: 1-2."""
    assert board(duel_pair(system, duel({1: ["W1", "F"], 2: ["W=", "W="]}))) == (1, 2)


@SYSTEMS
def test_e2_two_absolute_topscorers_wider_colour_difference(system) -> None:  # type: ignore[no-untyped-def]
    """E.2 second sentence (A.7 topscorers, last round only). Round 5 of 5. 1: full-point bye,
    then [B, W, W] (3 wins): 4 points, colour difference +1, absolute Black (two Whites in a
    row). 2: [W, B, W, W], 4 wins: 4 points, difference +2, absolute Black. Both topscorers
    (more than 2 of 4) may meet despite C.3, and E.2 grants the wider difference: 2 Black. (E.3
    would not decide - the aligned histories W W B / W W B agree until 1's runs out - and E.4
    would give 1 Black.)"""
    t = duel({1: ["F", "B1", "W1", "W1"], 2: ["W1", "B1", "W1", "W1"]}, total=5)
    assert board(duel_pair(system, t)) == (1, 2)


# --- E.3 and C.04.2 D.5 ---------------------------------------------------------------------------
@SYSTEMS
def test_e3_alternate_from_the_last_different_round(system) -> None:  # type: ignore[no-untyped-def]
    """E.3. 1 [B, W, W, B] and 2 [W, B, W, B]: both mild White (difference 0, last Black),
    equal strength. Going back from the last round: B/B, W/W, then W (1) / B (2): alternate
    from there, 1 Black and 2 White (E.4 would give 1 White)."""
    t = duel({1: ["B=", "W=", "W=", "B="], 2: ["W=", "B=", "W=", "B="]})
    assert board(duel_pair(system, t)) == (2, 1)


@SYSTEMS
def test_e3_unplayed_rounds_are_moved_to_the_start(system) -> None:  # type: ignore[no-untyped-def]
    """E.3 with C.04.2 D.5 (GHR 3.4): unplayed rounds count as if they were at the start of the
    history. 1: B, B, absent, W -> played [B, B, W]; 2: B, W, B, absent -> [B, W, B]; both
    colour difference -1, strong White. Aligned from the last played game: W (1) / B (2)
    differ at once, so 1 Black and 2 White. (Aligned by round number the most recent round
    both played differently is round 2, B / W, which would give 1 White; E.4 too.)"""
    t = duel({1: ["B=", "B=", "Z", "W="], 2: ["B=", "W=", "B=", "Z"]})
    assert board(duel_pair(system, t)) == (2, 1)


@SYSTEMS
def test_a6_unplayed_round_does_not_break_two_colours_in_a_row(system) -> None:  # type: ignore[no-untyped-def]
    """A.6.a with C.04.2 D.5: 1 played B, W, was absent, then W: its last two played games are
    White, so its preference is absolute Black (difference only +1). 2 (higher ranked: 3
    points) played [W, F, W]: won twice with White and had a full-point bye; difference +2,
    absolute Black too. Not a topscorer round: C.3 forbids the pair, and with nobody else to
    pair, no legal pairing exists."""
    from swisspairing.errors import NoValidPairing

    t = duel({1: ["B=", "W=", "Z", "W="], 2: ["W1", "F", "W1", "Z"]})
    with pytest.raises(NoValidPairing):
        duel_pair(system, t)


# --- E.4 ------------------------------------------------------------------------------------------
@SYSTEMS
def test_e4_higher_ranked_gets_its_preference(system) -> None:  # type: ignore[no-untyped-def]
    """E.4. 1 and 2 both [W, B] (mild White), identical histories (E.3 cannot decide): the
    higher ranked by A.2 - equal scores, so the smaller pairing number, 1 - gets White."""
    assert board(duel_pair(system, duel({1: ["W=", "B="], 2: ["W=", "B="]}))) == (1, 2)


@SYSTEMS
def test_e4_rank_is_score_first(system) -> None:  # type: ignore[no-untyped-def]
    """E.4 with A.2: 2 won both games, 1 drew both; both [W, B]: 2 is higher ranked (score
    first), so 2 gets White."""
    assert board(duel_pair(system, duel({1: ["W=", "B="], 2: ["W1", "B1"]}))) == (2, 1)


# --- E.5 ------------------------------------------------------------------------------------------
@SYSTEMS
def test_e5_initial_colour_black(system) -> None:  # type: ignore[no-untyped-def]
    """E.5 with initial colour Black (XXC black1). Round 1, 6 players: 1-4, 2-5, 3-6 (B.3). 1
    (odd) gets the initial colour, Black; 2 (even) White; 3 Black."""
    t = make(6, [], initial=Colour.BLACK)
    p = system.pair(t)
    assert {(b.white, b.black) for b in p.boards} == {(4, 1), (2, 5), (6, 3)}


# E.5 / 5.2.5 / 2012 E5 count pairing numbers among the players paired in the round
# (docs/dutch.md section 5): the first of them gets the initial colour, then they alternate.
ALL_EDITIONS = pytest.mark.parametrize("system", [DUTCH_2012, DUTCH_2017, DUTCH_2025],
                                       ids=["2012", "2017", "2025"])


@ALL_EDITIONS
def test_e5_round_one_absentees_are_not_counted(system) -> None:  # type: ignore[no-untyped-def]
    """Round 1, 8 players, 3 has asked for a half-point bye and 6 is absent. The 6 players
    paired are numbered 1-6 among themselves: 1, 2, 4, 5, 7, 8. B.3 (2012 C4): S1 = 1 2 4,
    S2 = 5 7 8: 1-5, 2-7, 4-8. E.5: 1 (first) the initial colour White, 2 (second) Black, 4
    (third) White, although its own pairing number is even. 2012 E5 says it of S1 directly:
    the odd players of S1 (1st, 3rd) get a colour different from the even ones (2nd)."""
    t = make(8, [], absent={3: "H", 6: "Z"})
    assert boards(system.pair(t)) == {(1, 5), (7, 2), (4, 8)}


@ALL_EDITIONS
def test_e5_round_one_without_player_one(system) -> None:  # type: ignore[no-untyped-def]
    """Round 1, 6 players, initial colour Black, 1 absent: 2 is the first paired player and
    gets the initial colour. 5 players: the PAB to the lowest, 6 (C.5 / 2012 B1.b... every
    score is 0, the last one in the order); S1 = 2 3, S2 = 4 5: 2-4 with 2 Black (initial),
    3-5 with 3 White (second)."""
    t = make(6, [], initial=Colour.BLACK, absent={1: "Z"})
    p = system.pair(t)
    assert boards(p) == {(4, 2), (3, 5)}
    assert p.bye == 6


@ALL_EDITIONS
def test_e5_round_one_alternates_below_the_absentees(system) -> None:  # type: ignore[no-untyped-def]
    """Round 1, 10 players, 3 (half-point bye) and 7 (absent) not paired: 8 players, S1 =
    1 2 4 5, S2 = 6 8 9 10: 1-6, 2-8, 4-9, 5-10. Numbered among the paired players 1, 2, 3,
    4: White, Black, White, Black for the S1 player, so every board from the first absentee
    down has the colours that its own pairing number would reverse."""
    t = make(10, [], absent={3: "H", 7: "Z"})
    p = system.pair(t)
    assert boards(p) == {(1, 6), (8, 2), (4, 9), (10, 5)}
    assert p.bye is None


@SYSTEMS
def test_e5_parity_of_the_higher_ranked_player(system) -> None:  # type: ignore[no-untyped-def]
    """E.5 with A.2 after round 1: neither 1 (absent in round 1) nor 3 (full-point bye) has
    played, so no preference, no E.3. 3 has 1 point and is the higher ranked. The players
    paired in round 2 are 1 and 3, numbered 1 and 2 among themselves: 3 is second (even) and
    gets the opposite of the initial colour White: 1-3."""
    assert board(duel_pair(system, duel({1: ["Z"], 3: ["F"]}))) == (1, 3)


@SYSTEMS
def test_e5_first_paired_higher_ranked_gets_the_initial_colour(system) -> None:  # type: ignore[no-untyped-def]
    """E.5: 2 (full-point bye, 1 point, higher ranked) and 4 (absent) have no preference; 2
    is the first of the two paired players, so it gets the initial colour White: 2-4 (its own
    pairing number is even)."""
    assert board(duel_pair(system, duel({2: ["F"], 4: ["Z"]}))) == (2, 4)


@ALL_EDITIONS
def test_e5_late_entrants_meet_after_round_one(system) -> None:  # type: ignore[no-untyped-def]
    """Round 2 of 7 players. 5 and 6 entered late (absent in round 1); round 1 was 1-3 and
    4-2 drawn, PAB 7. 3 asks for a half-point bye in round 2. 5 and 6 are the only players
    on 0 points after everyone above is paired, and they have no game: no preference, no
    E.3, E.4; E.5 decides. 2017/2025: the players who have arrived are 1-7 (3 was paired in
    round 1 and keeps his place while absent; 5 and 6 arrive now): 5 is the fifth (odd) and
    gets the initial colour White: 5-6. 2012 E5: 5 is the first of its scoregroup {5, 6}
    (odd): White, 5-6 (docs/dutch.md section 5.1)."""
    t = make(7, [[(1, 3, "="), (4, 2, "="), (7, "U"), (5, "Z"), (6, "Z")]], absent={3: "H"})
    assert (5, 6) in boards(system.pair(t))


# E.5 after round 1 (docs/dutch.md section 5.1). 2017 E.5 / 2025 5.2.5 count the players who
# have arrived: paired in the round or in an earlier one (C.04.2 C.2 / GHR 2.4: a late entry
# is given a pairing number when he arrives; nothing takes it from a player who is absent for
# a round). 2012 E5 numbers the players of S1: the place in the player's own scoregroup.
@ALL_EDITIONS
def test_e5_an_absent_player_who_has_played_keeps_his_place(system) -> None:  # type: ignore[no-untyped-def]
    """Round 2 of 10 players (the Bunratty 2011 situation). Round 1: 1-6, 2-7, 4-9, 5-10
    drawn, 3 and 8 full-point byes. Round 2: 1 and 10, who played round 1, take half-point
    byes. 3 and 8 are alone on 1 point and have no game: E.5 decides 3-8. The players who
    have arrived are 1-10 (1 and 10 absent but paired in round 1): 3 is the third, odd, and
    gets the initial colour White: 3-8. (Counting only the players paired in round 2, 2-9,
    3 would be the second and get Black.) 2012 E5: 3 is the first of its scoregroup {3, 8}:
    White, 3-8."""
    t = make(10, [[(1, 6, "="), (2, 7, "="), (4, 9, "="), (5, 10, "="), (3, "F"), (8, "F")]],
             absent={1: "H", 10: "H"})
    p = system.pair(t)
    assert (3, 8) in boards(p)
    assert p.bye is None


@ALL_EDITIONS
def test_e5_forfeit_losers_meet_while_a_player_who_played_is_absent(system) -> None:  # type: ignore[no-untyped-def]
    """Round 2 of 10 players (the generated 1,000-player events of issue 26). Round 1: 1-6,
    3-8, 5-10 drawn; 7 beat 2 and 9 beat 4 by forfeit (no game, no colour). Round 2: 1 and
    10, who played round 1, take half-point byes. 2 and 4 (0 points) and 7 and 9 (1 point)
    have no game: E.5 decides 2-4 and 7-9. The players who have arrived are 1-10: 2 is the
    second (even): Black, 4-2; 7 the seventh (odd): White, 7-9. (Counting only the players
    paired in round 2 gives 2-4 and 9-7.) 2012 E5: 2 is the first of its scoregroup {2, 4}
    and 7 of {7, 9}: 2-4 and 7-9."""
    t = make(10, [[(1, 6, "="), (3, 8, "="), (5, 10, "="), (7, 2, "+"), (9, 4, "+")]],
             absent={1: "H", 10: "H"})
    expected = {(2, 4), (7, 9)} if system is DUTCH_2012 else {(4, 2), (7, 9)}
    assert expected <= boards(system.pair(t))


@ALL_EDITIONS
def test_e5_a_player_not_yet_arrived_has_no_place(system) -> None:  # type: ignore[no-untyped-def]
    """The same round 2, but 1 is a late entry who has not arrived: absent in round 1 and
    round 2 (zero-point byes), never paired; 6 took a half-point bye in round 1 and plays
    round 2. The players who have arrived are 2-10 (10 played round 1, 6 plays round 2):
    3 is the second, even, and gets the opposite of the initial colour: 8-3 (by its own
    pairing number, odd, it would have White). 2012 E5: 3 is the first of its scoregroup
    {3, 8}: White, 3-8."""
    t = make(10, [[(1, "Z"), (6, "H"), (2, 7, "="), (4, 9, "="), (5, 10, "="), (3, "F"),
                   (8, "F")]], absent={1: "Z", 10: "H"})
    expected = (3, 8) if system is DUTCH_2012 else (8, 3)
    assert expected in boards(system.pair(t))


@SYSTEMS
def test_e3_a_shorter_history_that_agrees_decides_nothing(system) -> None:  # type: ignore[no-untyped-def]
    """E.3 / 5.2.3 with GHR 3.4 (the TEC example "uuWB" against "BWWB"): 1 was absent twice,
    then played [W, B]; 2 played [B, W, W, B] and has more points (2.5), so it is the higher
    ranked. Both are mild White. Aligned from the last game: B/B, W/W, then 1's history runs
    out: E.3 decides nothing, and E.4 grants the higher ranked player's preference: 2 White."""
    t = duel({1: ["Z", "Z", "W=", "B="], 2: ["B1", "W=", "W=", "B1"]})
    assert board(duel_pair(system, t)) == (2, 1)


# --- A.7 topscorers ----------------------------------------------------------------------------
@SYSTEMS
def test_a7_exactly_half_is_not_a_topscorer(system) -> None:  # type: ignore[no-untyped-def]
    """A.7 / 1.8: a topscorer has more than 50 % of the maximum score when the last round is
    paired. Round 3 of 3: 1 and 2 played [W, W] (absolute Black). With 1 point of 2 each
    (exactly 50 %) they are not topscorers and C.3 forbids the only pair: no legal pairing.
    With 1.5 points each they are topscorers and meet; E.2 (both absolute, equal difference),
    E.3 (identical histories) decide nothing, E.4 gives 1 Black: 2-1."""
    from swisspairing.errors import NoValidPairing

    with pytest.raises(NoValidPairing):
        duel_pair(system, duel({1: ["W=", "W="], 2: ["W=", "W="]}, total=3))
    t = duel({1: ["W1", "W="], 2: ["W1", "W="]}, total=3)
    assert board(duel_pair(system, t)) == (2, 1)
