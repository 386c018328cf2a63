"""Dubov 1997 (``dubov-1997``): hand-made cases for articles 1-8 of the French text.

Every expected result is derived in the test's docstring from ``../shared/seeds/dubov-1997.fr.txt``.
Bracket-level tests build the players' state directly (:class:`DubovPlayer`) so that a case
shows exactly the data the article speaks about; whole-round tests go through ``pair``.
"""

from __future__ import annotations

import dubov_cases
from dubov_cases import B, W, dp, tournament
from swisspairing.systems import get_system
from swisspairing.systems.dubov import (
    DUBOV_1997,
    DUBOV_1997_RULES,
    DubovPlayer,
    DubovRound,
    preference_of,
)


def rnd(players: list[DubovPlayer], *, last_round: bool = False, rounds: int = 9) -> DubovRound:
    """A 1997 round of a ``rounds``-round tournament with these players (art. 2.5 limit 3 < 10)."""
    return dubov_cases.rnd(players, last_round=last_round, rounds=rounds,
                           rules=DUBOV_1997_RULES)


def pairs_of(r: DubovRound) -> set[frozenset[int]]:
    return {frozenset(p) for p in DUBOV_1997._pair_groups(r, set(r.players))}


# --- article 1: definitions ----------------------------------------------------------------
def test_art1_cma_is_the_exact_mean_of_opponents_met_over_the_board() -> None:
    """Art. 1: "CMA" = average rating of the opponents played in the previous rounds.

    Player 1 met 2 (2001) and 3 (2000) over the board; his forfeit win against 4 is not a game
    played. CMA = (2001 + 2000) / 2 = 2000.5, kept exact (the text does not round; its
    example of art. 6.2 shows one decimal)."""
    t = tournament({1: 2100, 2: 2001, 3: 2000, 4: 1900},
                   [[(1, 2, "1"), (3, 4, "1")], [(3, 1, "0"), (2, 4, "=")],
                    [(1, 4, "+"), (2, 3, "1")]])
    r = DUBOV_1997._round(t, 4, None)
    assert r.players[1].aro == 2000.5


def test_art1_due_colour() -> None:
    """Art. 1: White if more Blacks than Whites, or equal numbers and the last game Black;
    Black in the opposite cases."""
    assert preference_of((W, B, B))[0] is W  # more Blacks
    assert preference_of((B, W))[0] is B  # equal, last White
    assert preference_of((W, B))[0] is W  # equal, last Black
    assert preference_of((W, W, B))[0] is B  # more Whites


# --- article 2: forbidden pairings -------------------------------------------------------------
def test_art2_1_no_rematch() -> None:
    """Art. 2.1: players who met may not meet again.

    Bracket: White-seekers 1 (CMA 2000), 2 (CMA 2100); Black-seekers 3 (2400), 4 (2300).
    Art. 6.2 would give 1-3 and 2-4, but 1 met 3, so (art. 6.3) 1 takes the next Black-seeker
    below, 4, and 2 gets 3."""
    r = rnd([dp(1, 2000, aro=2000, colours="B", met=(3,)), dp(2, 2000, aro=2100, colours="B"),
             dp(3, 2400, colours="W", met=(1,)), dp(4, 2300, colours="W")])
    assert pairs_of(r) == {frozenset({1, 4}), frozenset({2, 3})}


def test_art2_2_no_bye_after_a_point_without_playing() -> None:
    """Art. 2.2: a player who scored a point without playing may not be exempt.

    Round 1: 1-2 drawn, 3-4 drawn, 5 had a half-point bye: everybody has 1/2 point, one group.
    Art. 4 would exempt the lowest rating, 5 (2000), but 5 scored without playing: the bye goes
    to the next lowest rating, 4 (2100). (1997 reads "un point" as any points, see
    docs/dubov.md.)"""
    t = tournament({1: 2400, 2: 2300, 3: 2200, 4: 2100, 5: 2000},
                   [[(1, 2, "="), (3, 4, "=")]], byes={1: {5: "H"}})
    pairing = DUBOV_1997.pair(t, 2)
    assert pairing.bye == 4
    assert len(pairing.boards) == 2


def test_art2_3_and_2_4_colour_limits() -> None:
    """Art. 2.3/2.4: colour difference within +-2, never three times the same colour.

    Players 1 (BB: must have White) and 2 (WBB... colour difference -1 and last two Black: must
    have White) cannot meet: one of them would have Black a third time. Bracket 1, 2 (White-
    seekers), 3, 4 (Black-seekers, WW and W): 1 and 2 each meet a Black-seeker."""
    r = rnd([dp(1, 2000, aro=2000, colours="BB"), dp(2, 2000, aro=2100, colours="WBB"),
             dp(3, 2400, colours="WW"), dp(4, 2300, colours="BWW")])
    assert not r.legal(1, 2)
    assert not r.legal(3, 4)
    assert pairs_of(r) == {frozenset({1, 3}), frozenset({2, 4})}


def test_art2_5_no_transfer_up_twice_in_a_row() -> None:
    """Art. 2.5: no transfer into a higher group twice in a row (except in the last round).

    Group 2 points: 1 (W), 2 (B), 3 (B): odd, so art. 7.2 brings one player of the group below.
    Group 1 point: 4 (White-seeker, 2400, transferred up last round), 5 (White-seeker, 2300),
    6 (Black-seeker, 2350). Dominant colour of the group is Black, so a White-seeker is wanted,
    the highest rated: 4 - but 4 went up last round, so 5 goes up. In the last round 4 may."""
    players = [dp(1, 2500, score=2, aro=2000, colours="WB"), dp(2, 2450, score=2, colours="BW"),
               dp(3, 2420, score=2, colours="BW"),
               dp(4, 2400, score=1, colours="WB", ups=1, last_up=True),
               dp(5, 2300, score=1, colours="WB"), dp(6, 2350, score=1, colours="BW")]
    r = rnd(players)
    got = pairs_of(r)
    assert any(5 in p and (p & {1, 2, 3}) for p in got)
    assert not any(4 in p and (p & {1, 2, 3}) for p in got)
    last = rnd(players, last_round=True)
    assert any(4 in p and (p & {1, 2, 3}) for p in pairs_of(last))


def test_art2_5_at_most_three_transfers_in_fewer_than_ten_rounds() -> None:
    """Art. 2.5: no more than 3 transfers up in a tournament of fewer than 10 rounds, 4 with 10
    rounds or more. Same groups as above; 4 was transferred up 3 times (not last round): with
    9 rounds he may not go up again (5 goes); with 10 rounds he may (4 goes, highest rating)."""
    players = [dp(1, 2500, score=2, aro=2000, colours="WB"), dp(2, 2450, score=2, colours="BW"),
               dp(3, 2420, score=2, colours="BW"), dp(4, 2400, score=1, colours="WB", ups=3),
               dp(5, 2300, score=1, colours="WB"), dp(6, 2350, score=1, colours="BW")]
    nine = pairs_of(rnd(players, rounds=9))
    assert any(5 in p and (p & {1, 2, 3}) for p in nine)
    ten = pairs_of(rnd(players, rounds=10))
    assert any(4 in p and (p & {1, 2, 3}) for p in ten)


# --- article 3: colours -----------------------------------------------------------------------
def colour_of(a: DubovPlayer, b: DubovPlayer) -> tuple[int, str]:
    board, _rule, en, _ = rnd([a, b]).colours(a.id, b.id)
    return board.white, en


def test_art3_rule1_due_colours() -> None:
    """Art. 3, first rule: each player gets his due colour. 1 is due White (last Black), 2 due
    Black (last White): 1 has White."""
    white, why = colour_of(dp(1, 2000, colours="WB"), dp(2, 2100, colours="BW"))
    assert white == 1 and "due colour" in why


def test_art3_rule2_equalise() -> None:
    """Art. 3, second rule: both due White; 1 has colour difference -1 (BWB), 2 has 0 (WB):
    White to 1 equalises his Whites and Blacks."""
    white, why = colour_of(dp(1, 2000, colours="BWB"), dp(2, 2100, colours="WB"))
    assert white == 1 and "equalise" in why


def test_art3_rule3_alternate_from_the_first_difference() -> None:
    """Art. 3, third rule: 1 = B W W B, 2 = W B W B (both difference 0, both due White).
    Going back from the last round: B/B, W/W, then W (1) / B (2): each gets the colour other
    than the one he had then, so 2 has White."""
    white, why = colour_of(dp(1, 2000, colours="BWWB"), dp(2, 2100, colours="WBWB"))
    assert white == 2 and "alternate" in why


def test_art3_rule4_higher_cma_white() -> None:
    """Art. 3, fourth rule: same histories (W B); 1 has CMA 2100, 2 has 2000: White to 1."""
    white, why = colour_of(dp(1, 2000, colours="WB", aro=2100),
                           dp(2, 2100, colours="WB", aro=2000))
    assert white == 1 and "ARO" in why


def test_art3_rule5_lower_rating_white() -> None:
    """Art. 3, fifth rule: same histories and CMA; 2 has the lower rating (1900): White to 2."""
    white, why = colour_of(dp(1, 2000, colours="WB", aro=2000),
                           dp(2, 1900, colours="WB", aro=2000))
    assert white == 2 and "lower rating" in why


# --- article 4: the bye -----------------------------------------------------------------------
def test_art4_bye_lowest_rating_of_the_last_group() -> None:
    """Art. 4: the player of the last group with the lowest rating is exempt. Last group (0
    points): 3 (1800) and 4 (1700); 5 (1600) has 1 point. The bye goes to 4, not 5."""
    r = rnd([dp(1, 2400, score=1, colours="W"), dp(2, 2300, score=1, colours="B"),
             dp(3, 1800, colours="W"), dp(4, 1700, colours="B"),
             dp(5, 1600, score=1, colours="W")])
    assert DUBOV_1997._choose_bye(r, set(r.players)) == 4


def test_art4_bye_tie_dominant_colour_then_higher_cma() -> None:
    """Art. 4, second paragraph: equal lowest ratings in both colour subgroups -> the one whose
    due colour is the group's dominant colour; then the higher CMA.
    Last group: 3 (due White, 1700), 4 (due Black, 1700, CMA 2000), 5 (due Black, 1700, CMA
    2100), 6 (due Black, 1900). Dominant colour Black (3 of 4) -> 4 or 5 -> higher CMA: 5."""
    r = rnd([dp(1, 2400, score=1, colours="W"), dp(2, 2300, score=1, colours="B"),
             dp(3, 1700, colours="B", aro=2300), dp(4, 1700, colours="W", aro=2000),
             dp(5, 1700, colours="W", aro=2100), dp(6, 1900, colours="W"),
             dp(7, 2000, score=1, colours="W")])
    assert DUBOV_1997._choose_bye(r, set(r.players)) == 5


# --- article 5: round 1 -----------------------------------------------------------------------
def test_art5_round_one() -> None:
    """Art. 5: list by descending rating, halves; 1st of the top half against 1st of the bottom
    half, ...; colours drawn for the first pair (here XXC white1: the top player has White),
    odd pairs as the first, even pairs reversed. Odd number: the last player is exempt.
    The pairing numbers are not in rating order: rating order is 3, 1, 5, 2, 7, 4, 6.
    Without 6 (bye): top half 3, 1, 5; bottom half 2, 7, 4 -> 3-2, 7-1, 5-4."""
    t = tournament({1: 2400, 2: 2200, 3: 2500, 4: 1900, 5: 2300, 6: 1800, 7: 2000}, [])
    pairing = DUBOV_1997.pair(t, 1)
    assert pairing.bye == 6
    assert [(b.white, b.black) for b in pairing.boards] == [(3, 2), (7, 1), (5, 4)]


# --- article 6 ------------------------------------------------------------------------------
def test_art6_2_example_of_the_text() -> None:
    """Art. 6.2 example: White-seekers by ascending CMA 2310.0, 2318.4, 2322.3, 2333.4, 2340.5,
    2344.6 face Black-seekers 2380, 2365, 2300, 2280, 2260, 2250 (the text's own column, in
    descending rating: see docs/dubov.md on "croissant"), row by row, nobody having met.
    White-seekers 1-6 are given in a shuffled order, Black-seekers 7-12 too."""
    whites = {1: 2333.4, 2: 2310.0, 3: 2344.6, 4: 2318.4, 5: 2340.5, 6: 2322.3}
    blacks = {7: 2300, 8: 2250, 9: 2380, 10: 2280, 11: 2365, 12: 2260}
    players = [dp(i, 2200, score=2, aro=a, colours="WB") for i, a in whites.items()]
    players += [dp(i, rt, score=2, aro=2300, colours="BW") for i, rt in blacks.items()]
    r = rnd(players)
    got = r.pair_bracket(sorted(r.players))
    assert got is not None
    rows = [(whites[w], blacks[b]) for w, b in got]
    assert rows == [(2310.0, 2380), (2318.4, 2365), (2322.3, 2300), (2333.4, 2280),
                    (2340.5, 2260), (2344.6, 2250)]
    # and each row's White-seeker has White (art. 3, first rule)
    assert all(r.colours(w, b)[0].white == w for w, b in got)


def test_art6_2_ties() -> None:
    """Art. 6.2: equal CMA -> the higher rating first (White-seekers); equal ratings -> the
    higher CMA first (Black-seekers). White-seekers 1 (CMA 2000, 2100), 2 (CMA 2000, 2200):
    2 is row 1. Black-seekers 3 (2300, CMA 1900), 4 (2300, CMA 2000): 4 is row 1.
    Rows: 2-4, 1-3."""
    r = rnd([dp(1, 2100, aro=2000, colours="B"), dp(2, 2200, aro=2000, colours="B"),
             dp(3, 2300, aro=1900, colours="W"), dp(4, 2300, aro=2000, colours="W")])
    assert r.pair_bracket([1, 2, 3, 4]) == [(2, 4), (1, 3)]


def test_art6_3_change_the_row_above() -> None:
    """Art. 6.3: when the problem is in the last row, the row above is changed.
    Rows 1-3, 2-4 by art. 6.2, but 2 met 4: row 1 takes the next Black-seeker, 4, and 2 meets
    3: 1-4, 2-3."""
    r = rnd([dp(1, 2000, aro=2000, colours="B"), dp(2, 2000, aro=2100, colours="B", met=(4,)),
             dp(3, 2400, colours="W"), dp(4, 2300, colours="W", met=(2,))])
    assert r.pair_bracket([1, 2, 3, 4]) == [(1, 4), (2, 3)]


def test_art6_4_players_who_cannot_be_paired_go_down_and_art8_pairs_them_first() -> None:
    """Art. 6.4: players who cannot be paired in their group go to the next group; art. 8 then
    pairs them first. Group 3 points: 1 (due White) and 2 (due Black) met each other; the group
    below (2 points): 3 (due Black, 2000), 4 (due White, 2100), both transferred up last round
    (art. 2.5 forbids moving them up). So 1 and 2 go down.
    Art. 8.1: first the White floater 1; art. 8.2: highest rating with the opposite due
    colour -> 3 (due Black). Then 2 gets 4. Pairs 1-3, 2-4."""
    r = rnd([dp(1, 2400, score=3, colours="WB", met=(2,)),
             dp(2, 2300, score=3, colours="BW", met=(1,)),
             dp(3, 2000, score=2, colours="WBW", ups=1, last_up=True),
             dp(4, 2100, score=2, colours="BWB", ups=1, last_up=True)])
    assert pairs_of(r) == {frozenset({1, 3}), frozenset({2, 4})}
    assert r.moved_down == {1, 2}


# --- article 7 ------------------------------------------------------------------------------
def test_art7_1_partner_for_a_player_who_met_his_whole_group() -> None:
    """Art. 7.1: 1 (due White) met 2, 3, 4, everybody of his group (3 points). A player of the
    group below who has not met him comes up: opposite due colour (Black) first, then the
    highest rating: Black-seekers 6 (2200), 7 (2300) -> 7.
    The group is now 5 players, odd: art. 7.2 adds a player with the colour opposite to the
    dominant one (Whites 1, 2; Blacks 3, 4, 7 -> dominant Black -> a White-seeker): 5 (2400)
    rather than 8 (2100).
    Bracket: White-seekers 1 (CMA 2000), 5 (2050), 2 (2100); Black-seekers by rating 3
    (2500), 4 (2450), 7 (2300). Art. 6.3: 1 has met 3 and 4 -> 7; 5 -> 3; 2 -> 4.
    Remaining 6, 8 meet."""
    r = rnd([dp(1, 2000, score=3, aro=2000, colours="WB", met=(2, 3, 4)),
             dp(2, 2000, score=3, aro=2100, colours="WB", met=(1,)),
             dp(3, 2500, score=3, colours="BW", met=(1,)),
             dp(4, 2450, score=3, colours="BW", met=(1,)),
             dp(5, 2400, score=2, aro=2050, colours="WB"),
             dp(6, 2200, score=2, colours="BW"), dp(7, 2300, score=2, colours="BW"),
             dp(8, 2100, score=2, colours="WB")])
    got = DUBOV_1997._pair_groups(r, set(r.players))
    assert got == [(1, 7), (5, 3), (2, 4), (8, 6)] or set(map(frozenset, got)) == {
        frozenset(p) for p in [(1, 7), (5, 3), (2, 4), (8, 6)]}
    assert r.moved_up == {5, 7}


def test_art7_2_odd_group_takes_the_opposite_of_the_dominant_colour() -> None:
    """Art. 7.2: group 2 points 1 (due White), 2 (due White), 3 (due Black): odd, dominant
    White. From the group below: 4 (due Black, 2000), 5 (due White, 2200), 6 (due Black,
    2100): opposite of dominant = Black -> 4 or 6 -> highest rating: 6.
    Bracket: White-seekers 1 (CMA 2000), 2 (2100); Black-seekers 3 (2300), 6 (2100):
    1-3, 2-6; then 4-5."""
    r = rnd([dp(1, 2400, score=2, aro=2000, colours="WB"),
             dp(2, 2350, score=2, aro=2100, colours="WB"),
             dp(3, 2300, score=2, colours="BW"), dp(4, 2000, score=1, colours="BW"),
             dp(5, 2200, score=1, colours="WB"), dp(6, 2100, score=1, colours="BW")])
    assert pairs_of(r) == {frozenset({1, 3}), frozenset({2, 6}), frozenset({4, 5})}


def test_art7_2_equal_ratings_lowest_cma() -> None:
    """Art. 7.2, last criterion: equal ratings -> the lowest CMA comes up. Same as above with
    4 and 6 both rated 2100, CMA 2200 (4) and 2000 (6): 6 comes up."""
    r = rnd([dp(1, 2400, score=2, aro=2000, colours="WB"),
             dp(2, 2350, score=2, aro=2100, colours="WB"),
             dp(3, 2300, score=2, colours="BW"),
             dp(4, 2100, score=1, aro=2200, colours="BW"),
             dp(5, 2200, score=1, colours="WB"), dp(6, 2100, score=1, aro=2000, colours="BW")])
    assert r.moved_up == set()
    pairs_of(r)
    assert r.moved_up == {6}


def test_art7_3_whites_in_excess_move_the_lowest_cma() -> None:
    """Art. 7.3: 4 White-seekers, 2 Black-seekers: excess 2 = 2n, n = 1: the White-seeker
    with the lowest CMA (1, CMA 1900) joins the Black-seekers.
    S1 = 2 (2000), 3 (2100), 4 (2200); Black column by rating: 5 (2400), 1 (2350), 6 (2300).
    Rows: 2-5, 3-1, 4-6."""
    r = rnd([dp(1, 2350, aro=1900, colours="B"), dp(2, 2000, aro=2000, colours="B"),
             dp(3, 2000, aro=2100, colours="B"), dp(4, 2000, aro=2200, colours="B"),
             dp(5, 2400, colours="W"), dp(6, 2300, colours="W")])
    assert r.pair_bracket([1, 2, 3, 4, 5, 6]) == [(2, 5), (3, 1), (4, 6)]


def test_art7_4_blacks_in_excess_move_the_highest_cma() -> None:
    """Art. 7.4: 2 White-seekers, 4 Black-seekers: the Black-seeker with the highest CMA
    (6, CMA 2500) joins the White-seekers. S1 by CMA: 1 (2000), 2 (2100), 6 (2500);
    Black column by rating: 3 (2400), 4 (2300), 5 (2200). Rows: 1-3, 2-4, 6-5."""
    r = rnd([dp(1, 2000, aro=2000, colours="B"), dp(2, 2000, aro=2100, colours="B"),
             dp(3, 2400, aro=2200, colours="W"), dp(4, 2300, aro=2300, colours="W"),
             dp(5, 2200, aro=2400, colours="W"), dp(6, 2100, aro=2500, colours="W")])
    assert r.pair_bracket([1, 2, 3, 4, 5, 6]) == [(1, 3), (2, 4), (6, 5)]


# --- article 8 ------------------------------------------------------------------------------
def test_art8_floaters_alternate_white_then_black() -> None:
    """Art. 8.1/8.2: floaters from above, White floaters then Black floaters alternately, the
    first White floater first; each takes the highest rating with the opposite due colour.
    Group 3: 1 (due White) and 2 (due Black) met; group 2: 3 (due Black, 2300), 4 (due White,
    2250), 5 (due Black, 2200), 6 (due White, 2100), all transferred up last round so nobody
    can go up (art. 2.5): 1 and 2 go down (art. 6.4). 1 takes 3 (highest-rated Black-seeker),
    2 takes 4 (highest-rated White-seeker); 5 and 6 meet."""
    r = rnd([dp(1, 2400, score=3, colours="WB", met=(2,)),
             dp(2, 2390, score=3, colours="BW", met=(1,)),
             dp(3, 2300, score=2, colours="WBW", ups=1, last_up=True),
             dp(4, 2250, score=2, colours="BWB", ups=1, last_up=True),
             dp(5, 2200, score=2, colours="WBW", ups=1, last_up=True),
             dp(6, 2100, score=2, colours="BWB", ups=1, last_up=True)])
    assert pairs_of(r) == {frozenset({1, 3}), frozenset({2, 4}), frozenset({5, 6})}


def test_registry_names_the_1997_text() -> None:
    assert get_system("dubov-1997") is DUBOV_1997


def test_art2_6_transfer_between_colour_columns_respects_the_limits() -> None:
    """Art. 2.6: a player moved to the other colour column must not be made to break art.
    2.3/2.4. Art. 7.3 moves the lowest-CMA White-seeker, 1 (W B B: must have White), to the
    Black column; that is allowed only because he can still have White: his row partner 4
    (B W B) can take Black. Rows: S1 = 2, 3, 4 (CMA 2000, 2100, 2200); Black column by rating
    5 (2400), 6 (2300), 1 (2000): 2-5, 3-6, 4-1, and the limits give 1 White."""
    r = rnd([dp(1, 2000, aro=1900, colours="WBB"), dp(2, 2000, aro=2000, colours="WB"),
             dp(3, 2000, aro=2100, colours="WB"), dp(4, 2000, aro=2200, colours="BWB"),
             dp(5, 2400, colours="BW"), dp(6, 2300, colours="BW")])
    assert r.pair_bracket([1, 2, 3, 4, 5, 6]) == [(2, 5), (3, 6), (4, 1)]
    board, rule, _, _ = r.colours(4, 1)
    assert board.white == 1 and rule == "2.3/2.4"
