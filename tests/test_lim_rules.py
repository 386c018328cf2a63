"""Hand-made Lim pairings, one or more per article 8-13 (French text C.04.3.2).

Each test builds a small history, and its docstring derives the expected pairing from the text
step by step. Pairing numbers are ratings order (no. 1 the strongest). Colours are written as
the played sequence of each player (W/B), oldest first. Round 2 and 4 are even rounds (12.6:
equalising colour), round 3 odd (12.5: alternating colour).
"""

from __future__ import annotations

import pytest

from history_helpers import Bye, Game, boards, numbered_tournament, record_rounds
from swisspairing.errors import NoValidPairing
from swisspairing.model import Board, Tournament
from swisspairing.systems import get_system
from swisspairing.systems.explain import Explanation
from swisspairing.systems.lim import LIM, Direction, LimRound, LimSystem, board_colours


def make(n: int, rounds: list[list[Game | Bye]], total: int = 9) -> Tournament:
    """Players 1..n; each round a list of games (white, black, result) and byes (id, code)."""
    return record_rounds(numbered_tournament(n, total=total, top_rating=2600), rounds)


# --- art. 8 ------------------------------------------------------------------------------------
def test_8_1_bye_to_highest_number_of_lowest_group_and_10_2_floater() -> None:
    """Art. 8.1, 9.2, 10.2. Round 1: 1-3 1-0, 4-2 0-1 (14.2), 5 had the bye (14.1).
    Before round 2: 1, 2, 5 on 1 point; 3, 4 on 0. Five players: the bye goes to the highest
    number of the lowest group {3, 4}: no. 4 (8.1). Median = half of 1 round = 0.5: no median
    group; the group 1 (above) is paired first, downwards, then the group 0 upwards (9.2).
    Group 1 = {1, 2, 5} is odd: due colours (12.6, even round) 1 Black, 2 White, 5 none: one
    each, so "the highest number floats when pairing down" (10.2): no. 5; 1-2 paired, 2 White
    (equalising, 12.6). Group 0 = {3} alone: transferred up (9.3, to make it even). The two
    floaters meet in the (empty) median group: 5-3, 3 White (its equalising colour; 5 has no
    history)."""
    t = make(5, [[(1, 3, "1"), (4, 2, "0"), (5, "U")]])
    p = LIM.pair(t, 2)
    assert p.bye == 4
    assert boards(p) == {(2, 1), (3, 5)}


def test_8_1_a_forfeit_loss_does_not_bar_the_bye() -> None:
    """Art. 8.1 with Basic Rule 4 (2026). Round 1: 1-2 1-0, 3-4 won by 3 by forfeit, 5 had the
    bye. Before round 2: 1, 3, 5 on 1; 2, 4 on 0. The lowest group is {2, 4}; its highest
    number, 4, lost by forfeit - no points without playing - so 4 gets the bye."""
    t = make(5, [[(1, 2, "1"), (3, 4, "+"), (5, "U")]])
    assert LIM.pair(t, 2).bye == 4


def test_8_1_players_who_had_a_bye_or_a_forfeit_win_are_skipped() -> None:
    """Art. 8.1 with Basic Rule 4 (2026): no bye for a player who already had one or who scored
    a win's points without playing. Round 1: 5-4 1-0, 3-1 won by 3 by forfeit, 2 had the bye;
    round 2: 3-5 0-1, 1-2 1-0, 4 had the bye. Before round 3: 5 on 2; 1, 2, 3, 4 on 1 (the
    lowest group). From the highest number down: 4 had the bye, 3 won by forfeit, 2 had the bye
    in round 1: the bye goes to 1."""
    t = make(5, [[(5, 4, "1"), (3, 1, "+"), (2, "U")], [(3, 5, "0"), (1, 2, "1"), (4, "U")]])
    e = Explanation()
    assert LIM.pair(t, 3, e).bye == 1
    assert "cannot take the bye" in e.render("en")


# --- art. 9 ------------------------------------------------------------------------------------
def test_9_2_9_4_12_2_groups_proposals_and_colour_exchanges() -> None:
    """Art. 9.2, 9.4, 11.1, 12.2, 12.6. Round 1 as 14.2 pairs it: 1-5 1-0, 6-2 0-1, 3-7 1-0,
    8-4 0-1 (White first). Before round 2: {1, 2, 3, 4} on 1, {5, 6, 7, 8} on 0; the median
    (0.5) is empty. Due colours in round 2 (12.6, equalise): 1, 3, 6, 8 had White -> Black;
    2, 4, 5, 7 had Black -> White.
    Upper group, paired downwards (9.2): proposals 1-3, 2-4 (9.4) are compatible, but 1 and 3
    are both due Black. The second scrutiny (12.2) exchanges the higher-numbered player of the
    pair (11.1 a): 1's next candidate 4 is due White: 1-4 (4 White), leaving 2-3 (2 White).
    Lower group, paired upwards (9.2): the scrutiny starts with 8 (11.1 b); the proposals read
    from the bottom are 8-6, 7-5. 8 and 6 are both due Black, so 6 (the lower number of the
    pair) is exchanged with 5, due White: 8-5 (5 White), leaving 7-6 (7 White)."""
    t = make(8, [[(1, 5, "1"), (6, 2, "0"), (3, 7, "1"), (8, 4, "0")]])
    p = LIM.pair(t, 2)
    assert boards(p) == {(4, 1), (2, 3), (5, 8), (7, 6)}


def test_9_1_9_3_transfers_and_10_6_10_8_floaters_in_the_median() -> None:
    """Art. 9.1, 9.3, 10.6.3, 10.7, 10.8, 12.3. History (White first): round 1 1-5, 2-6, 3-7,
    4-8, White won every game; round 2 1-6 1-0, 2-5 1-0, 3-8 0-1, 4-7 0-1.
    Before round 3: 1, 2 on 2 (colours WW); 3, 4, 7, 8 on 1 (3, 4: WW; 7, 8: BB); 5, 6 on 0
    (BB). Median = half of 2 rounds = 1: {3, 4, 7, 8}.
    Group 2 = {1, 2}: both had White twice and must have Black (12.3): not compatible (9.1), so
    both are transferred down (9.3, third case). Group 0 = {5, 6}: both must have White: both
    transferred up (9.3).
    Median group {3, 4, 7, 8} with downfloaters 1, 2 and upfloaters 5, 6: downfloaters first,
    highest score then lowest number (10.6, 10.6.3): 1, then 2; then upfloaters, lowest score
    then highest number (10.7): 6, then 5.
    1 (must have Black) takes the best-placed player due the opposite colour (10.8): 3 and 4 are
    due Black (WW), 7 (met? no: 7 met 3 and 4) is due White: 1-7, 7 White.
    2: 3, 4 due Black; 8 due White and not met (8 met 4 and 3): 2-8, 8 White.
    6 (must have White): 3 is due Black and has not met 6 (3 met 7, 8): 6-3, 6 White.
    5: 4 is left, due Black, not met (4 met 8, 7): 5-4, 5 White."""
    t = make(8, [
        [(1, 5, "1"), (2, 6, "1"), (3, 7, "1"), (4, 8, "1")],
        [(1, 6, "1"), (2, 5, "1"), (3, 8, "0"), (4, 7, "0")],
    ])
    e = Explanation()
    p = LIM.pair(t, 3, e)
    assert boards(p) == {(7, 1), (8, 2), (6, 3), (5, 4)}
    rules = [n.rule for n in e.notes]
    assert rules.count("9.3") == 4


def test_9_6_blocked_median_group_undoes_the_lower_group() -> None:
    """Art. 9.6. Same first two rounds as the 9.3 test, plus players 9 and 10 absent (zero-point
    byes) in both rounds: 0 points and no colour.
    Group 2 = {1, 2} (both must have Black): transferred down (9.3).
    Group 0 = {5, 6, 9, 10}, upwards: 5, 6 (BB) must have White and cannot meet; 9, 10 have no
    history: scrutiny from 10 (11.1 b): proposal 10-6, then 9-5 - the group is paired.
    Median {3, 4, 7, 8} + downfloaters 1, 2: 1, 2, 3, 4 all must have Black (WW) and 7, 8 must
    have White, so at most two pairs: the median group is blocked. There are more downfloaters
    (2) than upfloaters (0): the pairing of the lower group is undone and its players 5, 6, 9,
    10 join the median group as additional floaters (9.6).
    Order (10.6.3): downfloaters 1, 2; then the players from below, lowest score then highest
    number (10.7): 10, 9, 6, 5; then 3, 4, 7, 8.
    1 (Black): the best-placed natives due White are 7 (not met): 1-7 - and the rest can still be
    paired (11.4). 2: 8 is due White and not met: 2-8. 10 (no history): best-placed native 3:
    10-3, 3 Black. 9: 4 is left but then 5-6 could not be paired (both must have White), so 9
    takes the next candidate 6 (9-6, 6 White) and 5-4 (5 White)."""
    t = make(10, [
        [(1, 5, "1"), (2, 6, "1"), (3, 7, "1"), (4, 8, "1"), (9, "Z"), (10, "Z")],
        [(1, 6, "1"), (2, 5, "1"), (3, 8, "0"), (4, 7, "0"), (9, "Z"), (10, "Z")],
    ])
    e = Explanation()
    p = LIM.pair(t, 3, e)
    assert boards(p) == {(7, 1), (8, 2), (10, 3), (6, 9), (5, 4)}
    assert any(n.rule == "9.6" for n in e.notes)


def test_9_1_no_rematch_and_no_complete_pairing() -> None:
    """Art. 9.1 / C.04.1 b: two players who have met are never paired again; with only them to
    pair there is no valid pairing (exit code 1)."""
    t = make(2, [[(1, 2, "=")]])
    with pytest.raises(NoValidPairing):
        LIM.pair(t, 2)


# --- art. 10 -----------------------------------------------------------------------------------
def test_10_2_floater_chosen_to_equalise_colours() -> None:
    """Art. 10.2 (and 9.2). Round 1: 1-5 1-0, 2-6 1-0, 7-3 0-1, 8-4 = (White first).
    Before round 2: {1, 2, 3} on 1, {4, 8} on 0.5 (the median group, half of one round),
    {5, 6, 7} on 0.
    Group 1, downwards, is odd. Due colours (12.6): 1 Black, 2 Black, 3 White: more players due
    Black, so the floater is one of them, the higher number when pairing down: 2 (not 3, the
    highest number, which 10.2 would take if the colours were balanced). 1-3: 3 White.
    Group 0, upwards, odd: 5 and 6 had Black (due White), 7 had White (due Black): the floater
    is due White, the lowest number when pairing up: 5. 7-6: 6 White.
    Median {4, 8} with downfloater 2 and upfloater 5: 2 first (10.6.3), with the best-placed
    native due the opposite colour (10.8): 4 (Black in round 1, due White): 4-2. Then 5 with 8
    (8 had White, due Black): 5-8."""
    t = make(8, [[(1, 5, "1"), (2, 6, "1"), (7, 3, "0"), (8, 4, "=")]])
    p = LIM.pair(t, 2)
    assert boards(p) == {(3, 1), (6, 7), (4, 2), (5, 8)}


def test_10_3_10_9_floater_needs_a_compatible_opponent_below() -> None:
    """Art. 10.2, 10.3, 10.9, 12.3. Round 1: 5-1 0-1, 6-2 0-1, 3-7 1-0, 4-8 1-0; round 2: 1-6
    1-0, 2-5 1-0, 3-8 1-0, 4-7 = (White first). Colours: 1 B W, 2 B W, 3 W W, 4 W W, 5 W B,
    6 W B, 7 B B, 8 B B. Before round 3 (odd: alternating colours, 12.5): 1, 2, 3 on 2;
    4 on 1.5; 7 on 0.5; 5, 6, 8 on 0. The median (1) is empty.
    Group 2 = {1, 2, 3}, downwards, is odd: all three are due Black (3 must have it, 12.3), so
    10.2 alone would float the highest number, 3. But 3 has no compatible opponent in the next
    group {4} (4 must have Black too, 9.1): 3 would be a type c floater, 1 and 2 type d (10.9;
    all three floated down in round 2, so "already floated" does not separate them); 10.3 takes
    the highest number that has a compatible opponent below: 2 floats. 1-3: 3 Black (12.3).
    Group 1.5 = {4} with the downfloater 2: 2-4, 4 Black (12.3), 2 White.
    Lower groups upwards (9.2): group 0 = {5, 6, 8} is odd; all are due White (8 must have it).
    The next group up is {7}, which must have White too: 8 cannot meet 7 (type a: it floated up
    in round 2 and has no compatible opponent there), 5 and 6 can (type b); pairing up, the
    lowest number floats (10.2, 10.4): 5. 8-6: 8 White (12.3). Group 0.5 = {7} with the
    upfloater 5: 7-5, 7 White (12.3)."""
    t = make(8, [
        [(5, 1, "0"), (6, 2, "0"), (3, 7, "1"), (4, 8, "1")],
        [(1, 6, "1"), (2, 5, "1"), (3, 8, "1"), (4, 7, "=")],
    ])
    e = Explanation()
    p = LIM.pair(t, 3, e)
    assert boards(p) == {(1, 3), (2, 4), (8, 6), (7, 5)}
    assert "Player 2 floats down" in e.render("en")


def test_10_3_opponents_taken_by_earlier_floaters_are_excluded() -> None:
    """Art. 10.3. Round 1: 1-5, 2-6, 3-7, 4-8, White won. Suppose 1 already floats down to a
    group {6, 7} and 2 or 3 must float too (pairing down). 1 takes its 10.8 opponent first:
    the best-placed player due the opposite colour, 6 (1 due Black, 6 due White). 10.3: the
    floater is "the highest number with a compatible opponent below after excluding the
    opponents of the other floaters with higher scores or smaller numbers": 3's only possible
    opponent below is 6 (it met 7), taken by 1, so 3 is a type c floater and 2 (which can meet
    7) floats. Without 1 floating, 3 would be chosen (highest number, type d)."""
    t = make(8, [[(1, 5, "1"), (2, 6, "1"), (3, 7, "1"), (4, 8, "1")]])
    r = LimRound(LIM, t, 2, None)
    assert r.float_order([2, 3], Direction.DOWN, {6, 7}) == [(3, "d"), (2, "d")]
    assert r.float_order([2, 3], Direction.DOWN, {6, 7}, prior=[1]) == [(2, "d"), (3, "c")]


# --- art. 12 -----------------------------------------------------------------------------------
def test_12_4_12_6_colours_by_history_then_pairing_number() -> None:
    """Art. 9.5, 11.2, 12.2, 12.4, 12.6. Six players drew all their games:
    round 1 1-3, 2-4, 5-6; round 2 1-4, 3-6, 5-2; round 3 6-1, 2-3, 4-5 (White first).
    Colours: 1 W W B, 2 W B W, 3 B W B, 4 B B W, 5 W W B, 6 B B W; all on 1.5 = the median
    (half of three rounds): one group paired downwards. Due colours in round 4 (12.6,
    equalise): 1, 2, 5 Black; 3, 4, 6 White.
    9.4 proposes 1-4, 2-5, 3-6. 1 met 4, so 4 (the higher number) is replaced (9.5); 12.2
    would like an opponent due White, but 6 and 3 have met 1 too; the next compatible one in
    the exchange order of 11.2 (4, 5, 6, 3, 2) is 5:
    1-5. Players left 2, 3, 4, 6: proposals 2-4 (met in round 1), so 2-6 (11.3), which also
    gives both their equalising colour; then 3-4.
    Colours: 1-5 both due Black, identical histories W W B: the lower number (1) gets the
    equalising colour (12.4, last sentence): 5-1. 2-6: 6-2 (12.6). 3-4 both due White; going
    back (12.4) the last round differs: 3 had Black, 4 White, so 3 gets White by alternation:
    3-4."""
    t = make(6, [
        [(1, 3, "="), (2, 4, "="), (5, 6, "=")],
        [(1, 4, "="), (3, 6, "="), (5, 2, "=")],
        [(6, 1, "="), (2, 3, "="), (4, 5, "=")],
    ])
    e = Explanation()
    p = LIM.pair(t, 4, e)
    assert boards(p) == {(5, 1), (6, 2), (3, 4)}
    assert {n.rule for n in e.notes} >= {"12.4", "12.6"}


def test_12_3_same_colour_twice_must_change() -> None:
    """Art. 9.3, 10.6, 10.7, 12.3. Round 1: 1-3 1-0, 2-4 1-0; round 2: 1-2 =, 4-3 =.
    Colours: 1 W W, 2 W B, 3 B B, 4 B W. Before round 3: 1, 2 on 1.5 and met; 3, 4 on 0.5 and
    met; the median (1) is empty. Group 1.5: each has met the whole group, both transferred
    down (9.3, first case); group 0.5 likewise transferred up. In the median meeting the
    downfloaters come first, the lower number first (10.6): 1, then 2; then the upfloaters, the
    higher number first (10.7): 4, 3. 1 must have Black (12.3): 2 has met it, 4 is compatible
    (4 can take White: B W W): 1-4, 4 White. 2-3: 3 had Black twice and must have White
    (12.3): 3-2."""
    t = make(4, [[(1, 3, "1"), (2, 4, "1")], [(1, 2, "="), (4, 3, "=")]])
    e = Explanation()
    p = LIM.pair(t, 3, e)
    assert boards(p) == {(4, 1), (3, 2)}
    assert [n.rule for n in e.notes].count("12.3") == 2


def test_12_4_histories_of_different_lengths_upper_and_lower_groups() -> None:
    """Art. 12.4, middle sentence. Round 1: 8-1 0-1, 7 had a half-point bye; round 2: 2-7 1-0,
    3-8 1-0. Colours: 7 B; 8 W B. In round 3 (odd: alternate, 12.5) both are due White. Going
    back, the last games are both Black and 7 has no earlier game: the histories do not decide
    and are not identical. Then "in an upper or the median group the lower number gets the
    alternating colour; in a lower group, the higher number": 7-8 in an upper group, 8-7 in a
    lower group."""
    t = make(8, [[(8, 1, "0"), (7, "H")], [(2, 7, "1"), (3, 8, "1")]])
    r = LimRound(LIM, t, 3, None)
    assert board_colours(r.players, 7, 8, "upper")[0] == Board(7, 8)
    assert board_colours(r.players, 7, 8, "median")[0] == Board(7, 8)
    assert board_colours(r.players, 7, 8, "lower")[0] == Board(8, 7)
    assert board_colours(r.players, 7, 8, "lower")[1] == "12.4"


# --- art. 13 -----------------------------------------------------------------------------------
def _two_rounds_of_whites() -> list[list[Game | tuple[int, str]]]:
    return [
        [(1, 5, "1"), (2, 6, "1"), (3, 7, "1"), (4, 8, "1")],
        [(1, 6, "1"), (2, 5, "1"), (3, 8, "0"), (4, 7, "0")],
    ]


def test_13_last_round_equal_scores_beat_colours() -> None:
    """Art. 13. Same history as the 9.3 test, but round 3 is the last round. Then players on
    the same score are paired even if one gets a third White in a row: group 2 = {1, 2} is
    paired 1-2 (not transferred); both must have Black: 12.4, identical histories W W, the lower
    number 1 gets its alternating colour: 2-1. Median {3, 4, 7, 8}: 3 has met 7 and 8, so 3-4
    (both W W: 4-3, 4's third White); 7-8 (both B B: 7 White, 8 a third Black).
    Group 0 = {5, 6}, upwards, both B B: 12.4 gives the lower number 5 White: 5-6.
    Without the exception (round 3 of 9) the test of 9.3 above gives 7-1, 8-2, 6-3, 5-4."""
    t = make(8, _two_rounds_of_whites(), total=3)
    e = Explanation()
    p = LIM.pair(t, 3, e)
    assert boards(p) == {(2, 1), (4, 3), (7, 8), (5, 6)}
    assert "last round" in e.render("en")


# --- maxi-tournaments, explanations, registry --------------------------------------------------
def test_10_2_maxi_tournament_rating_limit() -> None:
    """Art. 10.2 (super-tournaments). History of the 10.2 test: group 1 = {1, 2, 3} chooses 2
    to float for the colours. In a maxi-tournament the chosen floater may differ by at most 100
    rating points from the highest-numbered player of the group (3), else 3 floats: with 2 at
    2700 and 3 at 2500, 3 floats. Then 1-2, both due Black with identical histories (W): the
    lower number 1 gets it (12.4): 2-1. The ordinary tournament keeps 1-3 (3-1)."""
    t = make(8, [[(1, 5, "1"), (2, 6, "1"), (7, 3, "0"), (8, 4, "=")]])
    t.players[1].rating, t.players[2].rating, t.players[3].rating = 2750, 2700, 2500
    normal = LIM.pair(t, 2)
    maxi = LimSystem(maxi=True).pair(t, 2)
    assert (3, 1) in boards(normal)
    assert (2, 1) in boards(maxi)


def test_explanation_in_english_and_french() -> None:
    """--explain: notes bracket by bracket in both languages, citing the articles."""
    t = make(8, [[(1, 5, "1"), (2, 6, "1"), (7, 3, "0"), (8, 4, "=")]])
    e = Explanation()
    LIM.pair(t, 2, e)
    en, fr = e.render("en"), e.render("fr")
    # the 2026 text's words (lim-current.md: "scoregroup", "Median Scoregroup"; French 9.2:
    # "niveau de points", "niveau médian")
    assert "Scoregroup 1" in en and "floats down" in en and "[10.2]" in en
    assert "Niveau de points 1" in fr and "flotte vers le bas" in fr and "[10.2]" in fr
    assert "Median scoregroup" in en and "Niveau médian" in fr


def test_registry_and_board_order() -> None:
    """The registry maps ``lim`` to this module; boards come in publication order (GHR 3.6)."""
    assert get_system("lim") is LIM
    t = make(8, [[(1, 5, "1"), (2, 6, "1"), (7, 3, "0"), (8, 4, "0")]])
    p = LIM.pair(t)
    assert p.round_number == 2
    assert p.boards == p.publication_order(t)
    assert isinstance(p.boards[0], Board)
