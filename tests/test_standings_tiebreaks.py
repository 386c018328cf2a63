"""C.07 tie-breaks on hand-made tournaments; every expected value is computed in the docstring.

Rule text: ``../shared/rules/tiebreaks.md`` (C.07, 2026). Tournaments are written in the
notation of :mod:`swisspairing.standings.sample`: ``"1-4 1"`` = 1 (White) beats 4 (Black).
"""

from __future__ import annotations

import pytest

from swisspairing.errors import BadRequest
from swisspairing.model.scoring import PointSystem
from swisspairing.standings import parse_list, parse_tiebreak, rank
from swisspairing.standings.sample import build
from swisspairing.standings.tiebreaks import (
    Context,
    compute,
    dp_of,
    expected_score,
    perfect_performance,
)


def values(t, code: str, rounds: int | None = None) -> dict[int, float | None]:
    ctx = Context(t, rounds or t.rounds_paired)
    return compute(ctx, parse_tiebreak(code))


# --------------------------------------------------------------------------------------------
# T1: four players, three rounds, every game played.
#   ratings 1:2000 2:1900 3:1800 4:1700
#   R1: 1-4 1, 2-3 =   R2: 3-1 =, 4-2 0   R3: 1-2 0, 3-4 1
#   scores: 1 = 1+.5+0 = 1.5; 2 = .5+1+1 = 2.5; 3 = .5+.5+1 = 2; 4 = 0.
#   Opponents: 1: 4,3,2   2: 3,4,1   3: 2,1,4   4: 1,2,3.
# --------------------------------------------------------------------------------------------
T1_ROUNDS = ["1-4 1; 2-3 =", "3-1 =; 4-2 0", "1-2 0; 3-4 1"]
T1_RATINGS = {1: 2000, 2: 1900, 3: 1800, 4: 1700}


@pytest.fixture
def t1():
    return build(T1_RATINGS, T1_ROUNDS)


def test_buchholz_and_cuts_all_played(t1) -> None:
    """BH 8.1: sum of the opponents' scores (no unplayed round, adjusted = real).

    1: 0 + 2 + 2.5 = 4.5; 2: 2 + 0 + 1.5 = 3.5; 3: 2.5 + 1.5 + 0 = 4; 4: 1.5 + 2.5 + 2 = 6.
    BH/C1 (14.1) drops the lowest: 1: 4.5; 2: 3.5; 3: 4; 4: 6 - 1.5 = 4.5.
    BH/M1 (14.3) drops the lowest and the highest: 1: 2; 2: 1.5; 3: 1.5; 4: 2.
    BH/C2 drops two lowest: 1: 2.5; 2: 2; 3: 2.5; 4: 2.5.
    """
    assert values(t1, "BH") == {1: 4.5, 2: 3.5, 3: 4.0, 4: 6.0}
    assert values(t1, "BH/C1") == {1: 4.5, 2: 3.5, 3: 4.0, 4: 4.5}
    assert values(t1, "BH/M1") == {1: 2.0, 2: 1.5, 3: 1.5, 4: 2.0}
    assert values(t1, "BH/C2") == {1: 2.5, 2: 2.0, 3: 2.5, 4: 2.5}
    assert values(t1, "BH/M2") == {1: 0.0, 2: 0.0, 3: 0.0, 4: 0.0}


def test_sonneborn_berger(t1) -> None:
    """SB 9.1: sum of opponent's score x points scored against it.

    1: 0*1 + 2*.5 + 2.5*0 = 1; 2: 2*.5 + 0*1 + 1.5*1 = 2.5; 3: 2.5*.5 + 1.5*.5 + 0 = 2; 4: 0.
    SB/C1 (14.1, 2024 rule): cut the product of the opponent with the lowest score:
    1: opponent 4 (0) product 0 -> 1; 2: opponent 4 -> 2.5; 3: opponent 4 -> 2;
    4: opponent 1 (1.5) product 0 -> 0.
    SB/M1 also cuts the opponent with the highest score: 1: opponent 2 (2.5, product 0) -> 1;
    2: opponent 3 (2, product 1) -> 1.5; 3: opponent 2 (2.5, product 1.25) -> .75.
    """
    assert values(t1, "SB") == {1: 1.0, 2: 2.5, 3: 2.0, 4: 0.0}
    assert values(t1, "SB/C1") == {1: 1.0, 2: 2.5, 3: 2.0, 4: 0.0}
    assert values(t1, "SB/M1") == {1: 1.0, 2: 1.5, 3: 0.75, 4: 0.0}


def test_own_record_counts(t1) -> None:
    """WIN 7.1, WON 7.2, BPG 7.3, BWG 7.4, REP 7.6.

    Colours: 1 w b w; 2 w b b; 3 b w w; 4 b w b.
    Wins: 1 beat 4 (White); 2 beat 4 and 1 (both with Black); 3 beat 4 (White); 4 none.
    WIN = WON: 1, 2, 1, 0.  BPG: 1, 2, 1, 2.  BWG: 0, 2, 0, 0.  REP: 3 for everybody.
    """
    assert values(t1, "WIN") == {1: 1, 2: 2, 3: 1, 4: 0}
    assert values(t1, "WON") == {1: 1, 2: 2, 3: 1, 4: 0}
    assert values(t1, "BPG") == {1: 1, 2: 2, 3: 1, 4: 2}
    assert values(t1, "BWG") == {1: 0, 2: 2, 3: 0, 4: 0}
    assert values(t1, "REP") == {1: 3, 2: 3, 3: 3, 4: 3}


def test_progressive_score(t1) -> None:
    """PS 7.5: running scores 1: 1, 1.5, 1.5 -> 4; 2: .5, 1.5, 2.5 -> 4.5; 3: .5, 1, 2 -> 3.5;
    4: 0. PS/C1 drops the score after round 1: 3, 4, 3, 0.
    """
    assert values(t1, "PS") == {1: 4.0, 2: 4.5, 3: 3.5, 4: 0.0}
    assert values(t1, "PS/C1") == {1: 3.0, 2: 4.0, 3: 3.0, 4: 0.0}


def test_rating_tiebreaks(t1) -> None:
    """ARO 10.1 (0.5 up), ARO/C1, TPR 10.2, RTNG 10.6, TPN 7.8.

    ARO: 1: (1700+1800+1900)/3 = 1800; 2: (1800+1700+2000)/3 = 1833.33 -> 1833;
    3: (1900+2000+1700)/3 = 1866.67 -> 1867; 4: (2000+1900+1800)/3 = 1900.
    ARO/C1 drops the lowest rating: 1: 1850; 2: 1900; 3: 1950; 4: 1950.
    TPR = ARO + dp(p), B.02 table: 1: p = .5 -> 0 -> 1800; 2: p = .83 -> 273 -> 2106;
    3: p = .67 -> 125 -> 1992; 4: p = 0 -> -800 -> 1100.
    """
    assert values(t1, "ARO") == {1: 1800, 2: 1833, 3: 1867, 4: 1900}
    assert values(t1, "ARO/C1") == {1: 1850, 2: 1900, 3: 1950, 4: 1950}
    assert values(t1, "TPR") == {1: 1800, 2: 2106, 3: 1992, 4: 1100}
    assert values(t1, "RTNG") == {1: 2000, 2: 1900, 3: 1800, 4: 1700}
    assert values(t1, "TPN") == {1: 1, 2: 2, 3: 3, 4: 4}


def test_perfect_performance(t1) -> None:
    """PTP 10.3: lowest R with sum of expected scores (B.02 8.1b, no 400 cut) >= the score.

    1 (1.5 against 1700, 1800, 1900): at R = 1799 the differences 99, -1, -101 give
    .64 + .50 + .36 = 1.50; at 1798 they are 98, -2, -102: .63 + .50 + .36 = 1.49 -> 1799.
    2 (2.5 against 1800, 1700, 2000): R = 2133 -> 333 .88, 433 .94, 133 .68 = 2.50;
    2132 -> 332 .88, 432 .93, 132 .68 = 2.49 -> 2133.
    3 (2 against 1900, 2000, 1700): 2003 -> 103 .64, 3 .50, 303 .86 = 2.00; 2002 -> 302 is .85
    -> 1.99 -> 2003.  4 (0 points): lowest opponent - 800 = 1000.
    """
    assert values(t1, "PTP") == {1: 1799, 2: 2133, 3: 2003, 4: 1000}


def test_average_performances_of_opponents(t1) -> None:
    """APRO 10.4 / APPO 10.5: average TPR / PTP of the opponents, 0.5 up.

    TPR 1800, 2106, 1992, 1100; PTP 1799, 2133, 2003, 1000.
    APRO: 1: (1100+1992+2106)/3 = 1732.67 -> 1733; 2: (1992+1100+1800)/3 = 1630.67 -> 1631;
    3: (2106+1800+1100)/3 = 1668.67 -> 1669; 4: (1800+2106+1992)/3 = 1966.
    APPO: 1: (1000+2003+2133)/3 = 1712; 2: (2003+1000+1799)/3 = 1600.67 -> 1601;
    3: (2133+1799+1000)/3 = 1644; 4: (1799+2133+2003)/3 = 1978.33 -> 1978.
    """
    assert values(t1, "APRO") == {1: 1733, 2: 1631, 3: 1669, 4: 1966}
    assert values(t1, "APPO") == {1: 1712, 2: 1601, 3: 1644, 4: 1978}


def test_aob_fb_koya(t1) -> None:
    """AOB 8.2, FB 8.3, KS 9.2.

    AOB = average BH (4.5, 3.5, 4, 6) of the opponents: 1: (6+4+3.5)/3 = 4.5;
    2: (4+6+4.5)/3 = 4.8333; 3: (3.5+4.5+6)/3 = 4.6667; 4: (4.5+3.5+4)/3 = 4.
    FB: round 3 taken as draws (1-2 =, 3-4 =): scores 1: 2, 2: 2, 3: 1.5, 4: .5;
    FB 1: .5 + 1.5 + 2 = 4; 2: 1.5 + .5 + 2 = 4; 3: 2 + 2 + .5 = 4.5; 4: 2 + 2 + 1.5 = 5.5.
    KS: limit 50 % of 3 = 1.5: players 1, 2, 3 qualify. 1: .5 (vs 3) + 0 (vs 2) = .5;
    2: .5 + 1 = 1.5; 3: .5 + .5 = 1; 4: 0. KS/L1 (limit + 1/2 = 2): players 2, 3:
    1: .5; 2: .5; 3: .5; 4: 0.
    """
    assert values(t1, "AOB") == {1: 4.5, 2: 4.8333, 3: 4.6667, 4: 4.0}
    assert values(t1, "FB") == {1: 4.0, 2: 4.0, 3: 4.5, 4: 5.5}
    assert values(t1, "KS") == {1: 0.5, 2: 1.5, 3: 1.0, 4: 0.0}
    assert values(t1, "KS/L1") == {1: 0.5, 2: 0.5, 3: 0.5, 4: 0.0}


# --------------------------------------------------------------------------------------------
# T2: six players, four rounds, with byes, a forfeit and a withdrawal (C.07 arts. 15-16).
#   ratings 1:2000 2:1900 3:1800 4:1700 5:1600 6:1500
#   R1: 1-4 1, 2-5 1, 3 HPB, 6 PAB
#   R2: 1-2 =, 3-6 1, 4-5 forfeit (4 wins)
#   R3: 2-3 0, 6-1 0, 4 PAB; 5 has withdrawn (empty cells from round 3 = zero-point byes)
#   R4: 1-3 =, 2-4 1, 6 HPB (last round), 5 absent
#   scores: 1: 1+.5+1+.5 = 3; 2: 1+.5+0+1 = 2.5; 3: .5+1+1+.5 = 3; 4: 0+1+1+0 = 2;
#           5: 0; 6: 1+0+0+.5 = 1.5.
#   16.2 categories: 3's HPB in R1 is followed by played rounds -> cat 3; 4's forfeit win cat 2,
#   PAB cat 1; 5's forfeit loss cat 4, R3/R4 zero-point byes followed only by VURs -> cat 5;
#   6's PAB cat 1, HPB in the last round cat 5.
#   16.3 adjusted scores (cat 5 = a draw): 5: 0 + 0 + .5 + .5 = 1; 6: 1 + 0 + 0 + .5 = 1.5;
#   the others as their scores.  16.4.2 cap: draw x rounds = .5 x 4 = 2.
# --------------------------------------------------------------------------------------------
T2_ROUNDS = [
    "1-4 1; 2-5 1; 3 H; 6 U",
    "1-2 =; 3-6 1; 4-5 +",
    "2-3 0; 6-1 0; 4 U",
    "1-3 =; 2-4 1; 6 H",
]
T2_RATINGS = {1: 2000, 2: 1900, 3: 1800, 4: 1700, 5: 1600, 6: 1500}


@pytest.fixture
def t2():
    return build(T2_RATINGS, T2_ROUNDS, withdrawn={5: 3})


def test_adjusted_scores_and_categories(t2) -> None:
    """16.2 / 16.3 as computed in the T2 comment."""
    ctx = Context(t2, 4)
    assert ctx.score == {1: 3.0, 2: 2.5, 3: 3.0, 4: 2.0, 5: 0.0, 6: 1.5}
    assert ctx.adjusted == {1: 3.0, 2: 2.5, 3: 3.0, 4: 2.0, 5: 1.0, 6: 1.5}
    assert [c.category for c in ctx.cells[3]] == [3, 0, 0, 0]
    assert [c.category for c in ctx.cells[4]] == [0, 2, 1, 0]
    assert [c.category for c in ctx.cells[5]] == [0, 4, 5, 5]
    assert [c.category for c in ctx.cells[6]] == [1, 0, 0, 5]


def test_buchholz_with_unplayed_rounds_2026(t2) -> None:
    """BH with 16.3 opponents' adjusted scores and 16.4 capped dummies.

    1: 4 (2) + 2 (2.5) + 6 (1.5) + 3 (3) = 9.
    2: 5 (adjusted 1, not its real 0) + 1 (3) + 3 (3) + 4 (2) = 9.
    3: HPB dummy min(own 3, cap 2) = 2, + 6 (1.5) + 2 (2.5) + 1 (3) = 9.
    4: 1 (3) + forfeit win: dummy min(own 2, 5's adjusted 1) = 1 (16.4.1) + PAB dummy
       min(2, 2) = 2 + 2 (2.5) = 8.5.
    5: 2 (2.5) + forfeit loss min(0, 2) = 0 + two ZPBs min(0, 2) = 0 -> 2.5.
    6: PAB min(1.5, 2) = 1.5 + 3 (3) + 1 (3) + HPB 1.5 = 9.
    """
    assert values(t2, "BH") == {1: 9.0, 2: 9.0, 3: 9.0, 4: 8.5, 5: 2.5, 6: 9.0}


def test_buchholz_cut_with_vur_16_5(t2) -> None:
    """BH/C1 with the 16.5 exception: a participant with VURs loses the lowest VUR value.

    1: no VUR, drop 1.5 -> 7.5. 2: drop 1 -> 8. 3: VUR = HPB (2), least value 1.5 (player 6):
    the VUR (2 >= 1.5) is cut -> 9 - 2 = 7 (plain Cut-1 would give 7.5). 4: no VUR (forfeit win
    and PAB are not VURs), drop 1 -> 7.5. 5: VURs 0 -> 2.5. 6: VUR HPB 1.5 cut -> 7.5.
    BH/C2 for 3: then the least value of 1.5, 2.5, 3 -> 5.5.
    """
    assert values(t2, "BH/C1") == {1: 7.5, 2: 8.0, 3: 7.0, 4: 7.5, 5: 2.5, 6: 7.5}
    assert values(t2, "BH/C2")[3] == 5.5


def test_sonneborn_berger_with_unplayed_rounds(t2) -> None:
    """SB with dummies (16.4: dummy score x points obtained) and SB/C1 with 16.5.

    1: 2*1 + 2.5*.5 + 1.5*1 + 3*.5 = 6.25. 2: 1*1 + 3*.5 + 0 + 2*1 = 4.5.
    3: HPB 2*.5 = 1 + 1.5*1 + 2.5*1 + 3*.5 = 6.5. 4: 0 + forfeit win 1*1 + PAB 2*1 + 0 = 3.
    5: 0. 6: PAB 1.5*1 + 0 + 0 + HPB 1.5*.5 = 2.25.
    SB/C1 3: (a) lowest VUR product 1 (HPB); (b) least significant = opponent with the lowest
    score, 6 (1.5), product 1.5; cut the higher, 1.5 -> 5. 6: lowest opponent score 1.5 for
    the PAB and the HPB dummies, lowest product .75 (the HPB, a VUR) -> 2.25 - .75 = 1.5.
    1: lowest opponent score 1.5 (6), product 1.5 -> 4.75.
    """
    assert values(t2, "SB") == {1: 6.25, 2: 4.5, 3: 6.5, 4: 3.0, 5: 0.0, 6: 2.25}
    sb1 = values(t2, "SB/C1")
    assert (sb1[1], sb1[3], sb1[6]) == (4.75, 5.0, 1.5)


def test_own_record_with_unplayed_rounds(t2) -> None:
    """WIN counts forfeit wins and byes worth a win; WON only games; REP removes VURs.

    WIN: 1: 2; 2: 2; 3: 2; 4: forfeit win + PAB = 2; 5: 0; 6: PAB = 1.
    WON: 2, 2, 2, 0, 0, 0.
    REP 7.6: 4 - (HPB + ZPB + forfeit losses): 1: 4; 2: 4; 3: 3; 4: 4; 5: 4 - 3 = 1; 6: 3.
    BPG (over the board only): 1: R3 -> 1; 2: R2 -> 1; 3: R3, R4 -> 2; 4: R1, R4 -> 2 (the
    forfeit is not a game); 5: R1 -> 1; 6: R2 -> 1.  BWG: 1: R3 win -> 1; 3: R3 win -> 1.
    """
    assert values(t2, "WIN") == {1: 2, 2: 2, 3: 2, 4: 2, 5: 0, 6: 1}
    assert values(t2, "WON") == {1: 2, 2: 2, 3: 2, 4: 0, 5: 0, 6: 0}
    assert values(t2, "REP") == {1: 4, 2: 4, 3: 3, 4: 4, 5: 1, 6: 3}
    assert values(t2, "GE") == values(t2, "REP")
    assert values(t2, "BPG") == {1: 1, 2: 1, 3: 2, 4: 2, 5: 1, 6: 1}
    assert values(t2, "BWG") == {1: 1, 2: 0, 3: 1, 4: 0, 5: 0, 6: 0}


def test_standard_points_same_under_3_1_0(t2) -> None:
    """STD 7.7 normalises any scoring to 1 / 1/2 / 0.

    4: R1 loss 0; R2 forfeit win, more than 5 -> 1; R3 PAB, more than a draw -> 1; R4 loss 0
    -> 2. 6: PAB 1; 0; 0; HPB exactly a draw -> 1/2 -> 1.5. 5: 0 (a forfeit loss and ZPBs are
    less than the opponent / a draw). 3: HPB 1/2 + 1 + 1 + 1/2 = 3. Under 3-1-0 scoring the
    comparisons are the same, so STD is unchanged while the points triple.
    """
    expected = {1: 3.0, 2: 2.5, 3: 3.0, 4: 2.0, 5: 0.0, 6: 1.5}
    assert values(t2, "STD") == expected
    t310 = build(T2_RATINGS, T2_ROUNDS, withdrawn={5: 3}, points=PointSystem.standard(3, 1, 0))
    assert values(t310, "STD") == expected
    assert Context(t310, 4).score[1] == 3 + 1 + 3 + 1


def test_rating_tiebreaks_leave_out_forfeits(t2) -> None:
    """ARO over games played: 4 played 1 (2000) and 2 (1900); its forfeit against 5 does not
    count -> 1950. 1: (1700+1900+1500+1800)/4 = 1725. 3: (1500+1900+2000)/3 = 1800.
    TPR 4: p = 0/2 -> 1950 - 800 = 1150.
    """
    aro = values(t2, "ARO")
    assert (aro[1], aro[3], aro[4]) == (1725, 1800, 1950)
    assert values(t2, "TPR")[4] == 1150


def test_standings_order_uses_the_list(t2) -> None:
    """4.2: 1 and 3 tie on 3 points; BH/C1 is 7.5 against 7 -> 1 first, 3 second.
    With DE first: they drew (1/2 each), DE cannot separate; BH/C1 then decides the same.
    With SB/C1 first: 4.75 against 5 -> 3 first.
    """
    st = rank(t2, parse_list("BH/C1,SB"))
    assert [(r.pid, r.rank) for r in st.rows[:2]] == [(1, 1), (3, 2)]
    st = rank(t2, parse_list("DE,BH/C1"))
    assert [r.pid for r in st.rows[:2]] == [1, 3]
    assert st.rows[0].values[0] == 0.5 and st.rows[1].values[0] == 0.5
    st = rank(t2, parse_list("SB/C1"))
    assert [r.pid for r in st.rows[:2]] == [3, 1]


def test_round_option_ranks_earlier_rounds(t2) -> None:
    """After round 2: 1 has 1.5, 3 has 1.5 (HPB + win), 2 has 1.5, 4 has 1 (forfeit win).
    BH after 2 rounds: 16.4.2 cap is .5 x 2 = 1; 3's HPB dummy = min(1.5, 1) = 1, + 6 (1 after
    round 2) = 2.
    """
    st = rank(t2, parse_list("BH"), round_number=2)
    assert st.rounds == 2
    assert {r.pid: r.points for r in st.rows} == {1: 1.5, 2: 1.5, 3: 1.5, 4: 1.0, 5: 0.0,
                                                  6: 1.0}
    assert st.by_id[3].values[0] == 2.0


def test_worked_delta_of_the_digest() -> None:
    """Digest 5.1: 5 rounds, a player with 3.5 points and an HPB in round 2 (cat. 3): the
    dummy is capped at .5 x 5 = 2.5 (2023 text: the own score, 3.5).

    R1: 1-2 1, 3-4 =, 5-6 =   R2: 1 HPB, 2-3 1, 4-5 =, 6 PAB   R3: 3-1 0, 2-5 =, 4-6 1
    R4: 1-4 1, 2-6 1, 3-5 =   R5: 5-1 1, 2-4 =, 3-6 1
    Scores: 1: 1+.5+1+1+0 = 3.5; 2: 0+1+.5+1+.5 = 3; 3: .5+0+0+.5+1 = 2;
    4: .5+.5+1+0+.5 = 2.5; 5: .5+.5+.5+.5+1 = 3; 6: .5+1+0+0+0 = 1.5.
    BH(1) = 3 (2) + 2 (3) + 2.5 (4) + 3 (5) + dummy min(3.5, 2.5) = 13 (2023: 14).
    """
    t = build({i: 2000 - 10 * i for i in range(1, 7)}, [
        "1-2 1; 3-4 =; 5-6 =",
        "1 H; 2-3 1; 4-5 =; 6 U",
        "3-1 0; 2-5 =; 4-6 1",
        "1-4 1; 2-6 1; 3-5 =",
        "5-1 1; 2-4 =; 3-6 1",
    ])
    ctx = Context(t, 5)
    assert ctx.score == {1: 3.5, 2: 3.0, 3: 2.0, 4: 2.5, 5: 3.0, 6: 1.5}
    assert compute(ctx, parse_tiebreak("BH"))[1] == 13.0


def test_b02_tables() -> None:
    """B.02 8.1a: p = 1 -> +800, .83 -> +273, .5 -> 0, 0 -> -800; 8.1b: 0-3 -> .50, 736 -> 1."""
    assert (dp_of(1.0), dp_of(0.83), dp_of(0.5), dp_of(0.0), dp_of(0.17)) == (800, 273, 0, -800,
                                                                              -273)
    assert expected_score(3) == 0.5 and expected_score(4) == 0.51
    assert expected_score(735) == 0.99 and expected_score(736) == 1.0
    assert expected_score(-100) == pytest.approx(0.36)
    # 100 % against 2000 and 2100: every expected score must be 1 -> 2100 + 736
    assert perfect_performance([2000, 2100], 2.0) == 2836


@pytest.mark.parametrize("bad", ["XYZ", "BH/L1", "WIN/C1", "EDE", "OTHER_X", "KS/Lx", ""])
def test_bad_tiebreak_names_are_bad_requests(bad: str) -> None:
    with pytest.raises(BadRequest):
        parse_tiebreak(bad)


def test_descriptor_syntax() -> None:
    """MTB26 descriptors: case-insensitive, handbook dash form, 212 starts with PTS, GE = REP."""
    assert parse_tiebreak("bh-c1") == parse_tiebreak("BH/C1")
    assert [tb.code for tb in parse_list("PTS, DE, BH/M2/P, AOB/F, TPN/R, GE")] == [
        "DE", "BH", "AOB", "TPN", "REP"]
    tb = parse_tiebreak("BH/M2/P")
    assert (tb.cut_low, tb.cut_high, tb.forfeits_played) == (2, 2, True)
    assert parse_tiebreak("TPN").ascending and not parse_tiebreak("TPN/R").ascending
    assert parse_tiebreak("RTNG/R").ascending


def test_forfeits_as_played_with_p(t2) -> None:
    """/P: a forfeit counts as a game against the scheduled opponent.
    5's forfeit loss against 4: BH uses 4's adjusted score 2 instead of the dummy
    min(own 0, 2) = 0 -> BH/P(5) = 2.5 + 2 = 4.5. 4's forfeit win: 5's adjusted score 1, the same
    as the capped dummy -> BH/P(4) = 8.5."""
    bhp = values(t2, "BH/P")
    assert (bhp[5], bhp[4]) == (4.5, 8.5)


def test_aob_over_fore_buchholz(t1) -> None:
    """AOB/F (2026): average FB of the opponents. FB 4, 4, 4.5, 5.5 (test_aob_fb_koya):
    1: (5.5 + 4.5 + 4)/3 = 4.6667; 4: (4 + 4 + 4.5)/3 = 4.1667."""
    aobf = values(t1, "AOB/F")
    assert (aobf[1], aobf[4]) == (4.6667, 4.1667)
