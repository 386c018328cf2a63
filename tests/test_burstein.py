"""Burstein system (C.04.4.2, 2026): rule tests on small hand-made cases.

Rule numbers are those of ``../shared/rules/burstein.md``; each expected result is derived from
the rule in the test's docstring. Players are numbered by TPN; BH/SB given to hand-made players
fix the ranking order of 1.8 (and so the BSNs of 4.1).
"""

from __future__ import annotations

import random

import pytest

from burstein_helpers import (
    B,
    W,
    bp,
    bye,
    game,
    met_each_other,
    naive_round,
    new_tournament,
    round_of,
)
from swisspairing.errors import BadRequest, NoValidPairing
from swisspairing.model import build_states
from swisspairing.systems import get_system
from swisspairing.systems.burstein import (
    BURSTEIN,
    Index,
    allocate_colours,
    burstein_players,
    pair_brackets,
    player_index,
    ranking_key,
    seeding_rounds,
)
from swisspairing.systems.dutch import DUTCH_2025
from swisspairing.systems.explain import Explanation


def pairs_of(players: list) -> set[frozenset[int]]:  # type: ignore[type-arg]
    rnd = round_of(players)
    return {frozenset(p) for p in pair_brackets(rnd, sorted(rnd.players))}


# --------------------------------------------------------------------------------------------
# 1.6 seeding rounds
# --------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("total", "seeding"),
                         [(2, 1), (3, 1), (5, 2), (6, 3), (7, 3), (8, 4), (9, 4), (11, 4)])
def test_1_6_2_number_of_seeding_rounds(total: int, seeding: int) -> None:
    """1.6.2: min(floor(R/2), 4) — R=5 -> 2, 6-7 -> 3, >= 8 -> 4."""
    assert seeding_rounds(total) == seeding


def _three_rounds_played() -> object:
    t = new_tournament(8, total=6)
    for r, games in enumerate([[(1, 5, "1"), (6, 2, "0"), (3, 7, "="), (8, 4, "0")],
                               [(2, 1, "="), (4, 3, "1"), (5, 7, "0"), (7, 6, "1")],
                               [(1, 4, "="), (3, 2, "0"), (6, 5, "1"), (8, 7, "1")]], start=1):
        for w, b, c in games:
            game(t, r, w, b, c)
    return t


def test_1_6_1_seeding_round_is_a_dutch_round() -> None:
    """1.6.1: with R = 6 the first three rounds are seeding rounds, paired (colours included)
    by the Dutch system in force; round 4 is a Burstein round (the explanation says which)."""
    t = _three_rounds_played()
    for r in (1, 2, 3):
        ours = BURSTEIN.pair(t, r)
        dutch = DUTCH_2025.pair(t, r)
        assert sorted(ours.boards) == sorted(dutch.boards) and ours.bye == dutch.bye
    ex = Explanation()
    BURSTEIN.pair(t, 4, ex)
    assert "Burstein" in ex.render() and "seeding round" not in ex.render()
    ex3 = Explanation()
    BURSTEIN.pair(t, 3, ex3)
    assert "seeding round" in ex3.render()


def test_number_of_rounds_is_required() -> None:
    """1.6.2 needs R: without XXR/142 the system refuses with a clear error."""
    t = _three_rounds_played()
    t.total_rounds = None  # type: ignore[attr-defined]
    with pytest.raises(BadRequest, match="XXR"):
        BURSTEIN.pair(t, 4)


# --------------------------------------------------------------------------------------------
# 1.7 the Index
# --------------------------------------------------------------------------------------------
def _index(t: object, r: int, pid: int) -> Index:
    states = build_states(t, r)  # type: ignore[arg-type]
    return player_index(states[pid], states, 5, 0)


def test_1_7_1_buchholz_and_sonneborn_berger_of_played_games() -> None:
    """1.7.1. Round 1: 1 beats 2, 3 draws 4; round 2: 3 draws 1, 2 beats 4. Scores: 1: 1.5,
    2: 1, 3: 1, 4: 0.5. BH(1) = 1 + 1 = 2, SB(1) = 1x1 + 0.5x1 = 1.5; BH(2) = 1.5 + 0.5 = 2,
    SB(2) = 0x1.5 + 1x0.5 = 0.5; BH(3) = 0.5 + 1.5 = 2, SB(3) = 0.5x0.5 + 0.5x1.5 = 1;
    BH(4) = 1 + 1 = 2, SB(4) = 0.5x1 = 0.5."""
    t = new_tournament(4)
    game(t, 1, 1, 2, "1")
    game(t, 1, 3, 4, "=")
    game(t, 2, 3, 1, "=")
    game(t, 2, 2, 4, "1")
    assert _index(t, 3, 1) == Index(20, 150)
    assert _index(t, 3, 2) == Index(20, 50)
    assert _index(t, 3, 3) == Index(20, 100)
    assert _index(t, 3, 4) == Index(20, 50)


@pytest.mark.parametrize(("code", "points"), [
    ("U", 1.0),   # pairing-allocated bye
    ("F", 1.0),   # full-point bye
    ("H", 0.5),   # half-point bye
    ("Z", 0.0),   # zero-point bye (own Index: no draw benefit)
    ("+", 1.0),   # forfeit win
    ("-", 0.0),   # forfeit loss
])
def test_1_7_2_unplayed_round_counts_against_oneself(code: str, points: float) -> None:
    """1.7.2: round 1, 1 beats 2; round 2, 2 beats 3 and player 1 does not play (bye, forfeit
    against 4). That round is a game against oneself worth the registered points: player 1's
    score is s = 1 + points, so BH(1) = score(2) + s = 1 + s and SB(1) = 1x1 + points x s.
    (A forfeit is not a game: GHR 3.5.) The zero-point-bye exception only benefits opponents."""
    t = new_tournament(4)
    game(t, 1, 1, 2, "1")
    game(t, 1, 3, 4, "=")
    game(t, 2, 2, 3, "1")
    if code in "+-":
        game(t, 2, 1, 4, code)
    else:
        bye(t, 2, 1, code)
        bye(t, 2, 4, "Z")
    s = 1 + points
    assert _index(t, 3, 1) == Index(round(10 * (1 + s)), round(100 * (1 + points * s)))


def test_1_7_2_zero_point_bye_run_counts_as_draws_for_the_opponents() -> None:
    """1.7.2 exception. Round 1: 1 beats 2, 3-4 and 5-6 draw. Round 2: 1 and 6 zero-point byes,
    3 beats 2, 4-5 draw. Round 3: 1 and 5 zero-point byes, 4 beats 2, 3-6 draw. Pairing round
    4, player 1 (1 point) has a run of two zero-point byes up to the current round: in the Index
    of its opponent 2 it counts 1 + 2 x 0.5 = 2. BH(2) = 2 + score(3) 2 + score(4) 2 = 6,
    SB(2) = 0 (three losses). Player 1's own Index uses its registered score 1 for its unplayed
    rounds: BH(1) = score(2) 0 + 1 + 1 = 2, SB(1) = 1 x 0 = 0."""
    t = new_tournament(6)
    game(t, 1, 1, 2, "1")
    game(t, 1, 3, 4, "=")
    game(t, 1, 5, 6, "=")
    bye(t, 2, 1, "Z")
    bye(t, 2, 6, "Z")
    game(t, 2, 2, 3, "0")
    game(t, 2, 4, 5, "=")
    bye(t, 3, 1, "Z")
    bye(t, 3, 5, "Z")
    game(t, 3, 2, 4, "0")
    game(t, 3, 3, 6, "=")
    assert _index(t, 4, 2) == Index(60, 0)
    assert _index(t, 4, 1) == Index(20, 0)


def test_1_7_2_zero_point_bye_not_up_to_the_current_round_has_no_exception() -> None:
    """1.7.2: the exception is for a run of zero-point byes *up to the current round*. Player 1
    beats 2 in round 1, has a zero-point bye in round 2 and loses to 3 in round 3: pairing round
    4, its score as 2's opponent is its registered 1 point, so BH(2) = 1 + score(4)."""
    t = new_tournament(4)
    game(t, 1, 1, 2, "1")
    game(t, 1, 3, 4, "1")
    bye(t, 2, 1, "Z")
    game(t, 2, 2, 4, "=")
    bye(t, 2, 3, "Z")
    game(t, 3, 3, 1, "1")
    game(t, 3, 2, 4, "=")
    assert _index(t, 4, 2).buchholz == 10 * 1 + 10 * 1 + 10 * 1  # 1: 1, 4: 1, 4: 1


def test_1_7_2_virtual_points_are_excluded_from_the_index() -> None:
    """1.7.2 (Acceleration): virtual points make the scoregroups (pairing score) but never
    enter the Index: the same results with 1 virtual point for players 1 and 2 give the same
    Index, and a higher pairing score."""
    t = new_tournament(4)
    game(t, 1, 1, 3, "1")
    game(t, 1, 2, 4, "=")
    plain = burstein_players(t, 2)
    t.acceleration = {1: [1.0, 1.0], 2: [1.0, 1.0]}
    accelerated = burstein_players(t, 2)
    for pid in (1, 2, 3, 4):
        assert accelerated[pid].index == plain[pid].index
    assert accelerated[1].score == plain[1].score + 10


# --------------------------------------------------------------------------------------------
# 1.8 ranking order
# --------------------------------------------------------------------------------------------
def test_1_8_ranking_by_buchholz_then_sonneborn_berger_then_tpn_not_score() -> None:
    """1.8: higher Buchholz first; equal Buchholz: higher SB first; then smaller TPN. The score
    is not used: player 9 with 3 points and the lowest Buchholz ranks last."""
    players = [bp(1, 2, bh=5, sb=3), bp(2, 2, bh=6, sb=1), bp(3, 2, bh=5, sb=4),
               bp(4, 2, bh=5, sb=3), bp(9, 3, bh=1, sb=9)]
    assert [p.id for p in sorted(players, key=ranking_key)] == [2, 3, 1, 4, 9]


def test_1_8_incoming_floater_ranked_with_residents_by_index() -> None:
    """1.8/4.1: player 1 (3 points, BH 2) is alone in its scoregroup and floats into the
    2-point bracket; it has met 3, 4 and 5. Ranked by Index with the residents (BH 10, 9, 8, 7,
    6 for 2-6), it gets BSN 6: 4.3 pairs BSN 1-6 (2-1), 2-5 (3-6), 3-4 (4-5). Had the
    floater been ranked first for its score, it would have met 6."""
    players = [bp(1, 3, bh=2), bp(2, 2, bh=10), bp(3, 2, bh=9), bp(4, 2, bh=8), bp(5, 2, bh=7),
               bp(6, 2, bh=6)]
    players = met_each_other(players, (1, 3), (1, 4), (1, 5))
    # bracket 3: {1} floats; bracket 2: BSN 1=2, 2=3, 3=4, 4=5, 5=6, 6=1 -> 2-1, 3-6, 4-5
    assert pairs_of(players) == {frozenset({2, 1}), frozenset({3, 6}), frozenset({4, 5})}


# --------------------------------------------------------------------------------------------
# 3.1 the PAB
# --------------------------------------------------------------------------------------------
def _bye(players: list) -> int:  # type: ignore[type-arg]
    rnd = round_of(players)
    return rnd.choose_bye(sorted(rnd.players))


def test_3_1_1_and_3_1_3_lowest_score_among_the_eligible() -> None:
    """3.1.3: the lowest score gets the PAB (5, 0 points); 3.1.1/C2: if 5 already had a PAB
    or a win's points without playing, the next lowest score (4, 0.5)."""
    players = [bp(1, 2), bp(2, 1.5), bp(3, 1), bp(4, 0.5), bp(5, 0)]
    assert _bye(players) == 5
    players[4] = bp(5, 0, bye_ok=False)
    assert _bye(players) == 4


def test_3_1_1_eligibility_from_the_results() -> None:
    """C2 (C.04.1 Art. 4): a PAB or a forfeit win bars the PAB; a half-point bye does not."""
    t = new_tournament(5, total=5)
    game(t, 1, 1, 2, "+")
    bye(t, 1, 3, "U")
    bye(t, 1, 4, "H")
    bye(t, 1, 5, "Z")
    players = burstein_players(t, 2)
    assert [players[i].bye_eligible for i in (1, 2, 3, 4, 5)] == [False, True, False, True, True]


def test_3_1_2_the_others_must_stay_pairable() -> None:
    """3.1.2/C4: 5 has the lowest score, but 1 has met 2, 3 and 4: without 5 nobody could pair
    1, so 5 cannot get the PAB; of the others, 4 has the lowest score (and 1 then meets 5)."""
    players = met_each_other([bp(1, 3), bp(2, 2), bp(3, 1.5), bp(4, 1), bp(5, 0)],
                             (1, 2), (1, 3), (1, 4))
    assert _bye(players) == 4


def test_3_1_4_most_games_played() -> None:
    """3.1.4: equal lowest scores (4 and 5, 1 point): the one who played more games (4: two
    games against one for 5)."""
    players = [bp(1, 2, colours="WB"), bp(2, 2, colours="BW"), bp(3, 2, colours="WB"),
               bp(4, 1, colours="WB"), bp(5, 1, colours="W")]
    assert _bye(players) == 4


def test_3_1_5_lowest_index_then_largest_tpn() -> None:
    """3.1.5: equal scores and games: the lowest in the 1.8 ranking — lowest Buchholz (3), then,
    Buchholz equal, lowest SB, then largest TPN."""
    players = [bp(1, 1, bh=5, sb=2), bp(2, 1, bh=5, sb=2), bp(3, 1, bh=4, sb=9),
               bp(4, 2, bh=0), bp(5, 2, bh=0)]
    assert _bye(players) == 3
    players[2] = bp(3, 1, bh=5, sb=3)
    assert _bye(players) == 2  # 1 and 2 tie on BH and SB: the larger TPN
    players[0] = bp(1, 1, bh=5, sb=1)
    assert _bye(players) == 1


def test_no_eligible_player_for_the_pab() -> None:
    """3.1.1 with nobody eligible: no pairing (1.9.3, the arbiter decides)."""
    with pytest.raises(NoValidPairing):
        _bye([bp(1, 1, bye_ok=False), bp(2, 1, bye_ok=False), bp(3, 0, bye_ok=False)])


# --------------------------------------------------------------------------------------------
# C1-C8 and 4.3 in small brackets
# --------------------------------------------------------------------------------------------
def _four(**colours: str) -> list:  # type: ignore[type-arg]
    return [bp(i, 2, bh=10 - i, colours=colours.get(f"p{i}", "")) for i in (1, 2, 3, 4)]


def test_4_3_fold_order_and_c1_no_rematch() -> None:
    """4.3: BSN 1 meets the largest BSN first: 1-4, 2-3. C1: if 1 and 4 have met, the next
    pairing in the order is 1-3, 2-4."""
    assert pairs_of(_four()) == {frozenset({1, 4}), frozenset({2, 3})}
    assert pairs_of(met_each_other(_four(), (1, 4))) == {frozenset({1, 3}), frozenset({2, 4})}


def test_c3_same_absolute_preference_never_meet() -> None:
    """C3: 1 and 4 both had Black twice (absolute White): they cannot meet -> 1-3, 2-4 (2 and
    3 played Black once: every pairing leaves two players without White, C8 is equal). An
    absolute and a strong preference for the same colour may meet (no C3): 1-4, 2-3."""
    assert pairs_of(_four(p1="BB", p2="B", p3="B", p4="BB")) == {frozenset({1, 3}),
                                                                 frozenset({2, 4})}
    assert pairs_of(_four(p1="BB", p2="B", p3="B", p4="B")) == {frozenset({1, 4}),
                                                                frozenset({2, 3})}


def test_c8_fewest_players_without_their_colour_preference() -> None:
    """C8: 1 and 4 prefer Black (played White), 2 and 3 prefer White. 1-4, 2-3 (first in 4.3)
    leaves two players without their preference; 1-3, 2-4 none: it is chosen."""
    assert pairs_of(_four(p1="W", p4="W", p2="B", p3="B")) == {frozenset({1, 3}),
                                                               frozenset({2, 4})}


def test_c4_c5_most_pairs_that_keep_the_round_pairable() -> None:
    """C4/C5: 5 and 6 (1 point) have met, so two players of the 2-point bracket must float to
    pair them: the bracket makes 1 pair, the first in 4.3 order: 1-4 (2, 3 float). Bracket
    {2, 3, 5, 6} (BSN by BH): 2-6, 3-5 (2-3 would leave 5-6, a rematch: C4)."""
    players = [bp(i, 2 if i <= 4 else 1, bh=10 - i) for i in range(1, 7)]
    players = met_each_other(players, (5, 6))
    assert pairs_of(players) == {frozenset({1, 4}), frozenset({2, 6}), frozenset({3, 5})}


def test_c6_lowest_scores_float() -> None:
    """C6: 1 (3 points, met nobody in its scoregroup of one) floats into {2, 3} (2 points); BSNs
    2, 1, 3 (BH 9, 8, 7). First in 4.3 is 2-3 with 1 floating, but C6 floats a 2-point player:
    2-1 (3 floats) comes before 1-3 (2 floats). Then {3, 4, 5, 6}: 3-6, 4-5."""
    players = [bp(1, 3, bh=8), bp(2, 2, bh=9), bp(3, 2, bh=7), bp(4, 1, bh=6), bp(5, 1, bh=5),
               bp(6, 1, bh=4)]
    assert pairs_of(players) == {frozenset({1, 2}), frozenset({3, 6}), frozenset({4, 5})}


def test_c7_floaters_chosen_for_the_following_bracket() -> None:
    """C7: bracket {1, 2, 3} (2 points) floats one player into {4, 5, 6} (1 point); 2 has met
    4, 5 and 6. First in 4.3 is 1-3 with 2 floating, but then the following bracket makes only
    one pair (C5 there); with 1-2 and 3 floating it makes two (3-6, 4-5). 7-8 last."""
    players = [bp(i, 2 if i <= 3 else 1 if i <= 6 else 0, bh=20 - i) for i in range(1, 9)]
    players = met_each_other(players, (2, 4), (2, 5), (2, 6))
    assert pairs_of(players) == {frozenset({1, 2}), frozenset({3, 6}), frozenset({4, 5}),
                                 frozenset({7, 8})}


def test_4_3_text_example_first_candidates() -> None:
    """4.3, the text's example: 6 players, 2 pairs, two BSN-0 floaters. Two players below (7,
    8, who met) force two floaters; everything else is equal, so the order decides:
    1-6, 2-5 first; without 2-5: 1-6, 2-4; without 2-4: 1-6, 2-3; without 2-3: 1-6, 3-5
    (2 floats: "1-6, 2-0, 3-5, 4-0")."""
    base = [bp(i, 2 if i <= 6 else 1, bh=20 - i) for i in range(1, 9)]
    met: list[tuple[int, int]] = [(7, 8)]
    expected = [{1, 6, 2, 5}, {1, 6, 2, 4}, {1, 6, 2, 3}, {1, 6, 3, 5}]
    for extra, top in zip([None, (2, 5), (2, 4), (2, 3)], expected, strict=True):
        if extra:
            met.append(extra)
        pairs = pairs_of(met_each_other(base, *met))
        top_pairs = {p for p in pairs if p <= set(range(1, 7))}
        assert set().union(*top_pairs) == top and frozenset({1, 6}) in top_pairs


def test_engine_matches_an_exhaustive_reading_of_the_text() -> None:
    """The whole criteria chain (C1, C3, C4-C8, 4.3, brackets with incoming floaters) on 150
    random rounds of 6-10 players: the engine gives the pairs of the exhaustive reference of
    ``burstein_helpers.naive_round``, written from the text (every bracket pairing listed)."""
    rng = random.Random(2026)
    checked = 0
    while checked < 150:
        n = rng.choice((6, 8, 10))
        players = []
        for i in range(1, n + 1):
            colours = "".join(rng.choice("WB") for _ in range(rng.randint(0, 3)))
            players.append(bp(i, rng.choice((0, 0.5, 1, 1.5, 2, 3)), bh=rng.randint(0, 6),
                              sb=rng.randint(0, 3), colours=colours))
        met = [(a, b) for a in range(1, n + 1) for b in range(a + 1, n + 1)
               if rng.random() < 0.3]
        players = met_each_other(players, *met)
        rnd = round_of(players)
        if not rnd.completable(sorted(rnd.players)):
            continue
        checked += 1
        assert pairs_of(players) == naive_round(rnd), (players, met)


# --------------------------------------------------------------------------------------------
# 5.2 colours
# --------------------------------------------------------------------------------------------
def test_5_2_1_neither_has_played() -> None:
    """5.2.1: the higher-ranked player by 1.8 (higher BH: 3, not the smaller TPN 2) has an odd
    TPN, so it gets the initial colour; if the higher-ranked has an even TPN (2), the other."""
    assert allocate_colours(bp(2, bh=1), bp(3, bh=5), W)[:2] == (3, 2)
    assert allocate_colours(bp(2, bh=1), bp(3, bh=5), B)[:2] == (2, 3)
    assert allocate_colours(bp(2, bh=5), bp(3, bh=1), W)[:2] == (3, 2)
    assert allocate_colours(bp(2, bh=5), bp(3, bh=1), W)[2] == "5.2.1"


def test_5_2_2_both_preferences_and_no_preference() -> None:
    """5.2.2: 1 played White (prefers Black), 2 Black (prefers White): both granted. A player
    without games has no preference (1.5.4): the other's is granted."""
    assert allocate_colours(bp(1, colours="W", bh=9), bp(2, colours="B"), W) == (2, 1, "5.2.2")
    assert allocate_colours(bp(1, bh=9), bp(2, colours="W"), W) == (1, 2, "5.2.2")


def test_5_2_3_stronger_preference() -> None:
    """5.2.3: 1 had White twice (absolute: Black) and 2 played Black then White (mild: Black):
    the absolute preference wins, even for the lower-ranked player."""
    assert allocate_colours(bp(1, colours="WW"), bp(2, colours="BW", bh=9), W) == (2, 1, "5.2.3")


def test_5_2_4_alternate_from_the_last_different_round() -> None:
    """5.2.4: 1 played W B W B, 2 played B W W B: both mildly prefer White. Going back, the last
    rounds agree (B, then W); in the second round 1 had Black and 2 White: they alternate, 1
    gets White — although 2 ranks higher (5.2.5 would give 2 White)."""
    assert allocate_colours(bp(1, colours="WBWB"), bp(2, colours="BWWB", bh=9), W) == (
        1, 2, "5.2.4")


def test_5_2_5_higher_ranked_preference() -> None:
    """5.2.5: same histories (W B, mild White): the higher-ranked by 1.8 (2, higher BH) gets
    its preference."""
    assert allocate_colours(bp(1, colours="WB"), bp(2, colours="WB", bh=9), W) == (2, 1, "5.2.5")


# --------------------------------------------------------------------------------------------
# The system as a whole
# --------------------------------------------------------------------------------------------
def test_registered_and_pairs_a_burstein_round_with_bye() -> None:
    """The registry gives the Burstein system; a round after the seeding rounds with 7 players
    gives 3 boards and a PAB to an eligible player, every player once."""
    t = new_tournament(7, total=5)
    game(t, 1, 1, 5, "1")
    game(t, 1, 6, 2, "0")
    game(t, 1, 3, 7, "=")
    bye(t, 1, 4, "U")
    game(t, 2, 2, 1, "=")
    game(t, 2, 4, 3, "1")
    game(t, 2, 5, 7, "0")
    bye(t, 2, 6, "U")
    pairing = get_system("burstein").pair(t, 3)
    assert len(pairing.boards) == 3 and pairing.bye not in (4, 6)
    assert pairing.players() == set(range(1, 8))


def test_3_1_explanation_names_the_players_passed_over() -> None:
    """--explain for 3.1: 5 (0 points) cannot take the PAB, 1 having met 2, 3 and 4 would be
    left without an opponent (C4); 4 (0.5) is barred (C2); so 3 (1 point) gets it. The note
    names 5 for C4 and 4 for C2, in both languages."""
    players = met_each_other([bp(1, 3), bp(2, 2), bp(3, 1), bp(4, 0.5, bye_ok=False), bp(5, 0)],
                             (1, 2), (1, 3), (1, 4))
    rnd = round_of(players)
    rnd.explain = Explanation()
    assert rnd.choose_bye(sorted(rnd.players)) == 3
    en, fr = rnd.explain.render("en"), rnd.explain.render("fr")
    assert "player 3" in en and "not eligible (C2): 4" in en and "without: 5" in en
    assert "joueur 3" in fr and "non éligibles (C2) : 4" in fr and "sans : 5" in fr
