"""Ranking: C.07 4.2 order, Direct Encounter (art. 6) and the E10 ranking of the Elo-based
Swiss system (``../shared/seeds/elo-based-swiss-ffe.fr.txt``). Expected orders are derived in
the docstrings."""

from __future__ import annotations

import pytest

from swisspairing.errors import BadRequest
from swisspairing.standings import parse_list, rank, rank_e10, tiebreaks_from_file
from swisspairing.standings.ranking import direct_encounter
from swisspairing.standings.sample import build
from swisspairing.standings.tiebreaks import Context


def test_de_all_met_recursive_6_2() -> None:
    """6.2: four players who all met. R1: 1-2 0, 3-4 1; R2: 1-3 1, 2-4 0; R3: 1-4 1, 2-3 1.
    Separate standings: 1 beat 3 and 4 -> 2; 2 beat 1 and 3 -> 2; 3 beat 4 -> 1; 4 beat 2 -> 1.
    Sub-tie {1, 2}: art. 6 again on their game, 2 beat 1 -> 2 before 1; {3, 4}: 3 beat 4.
    Order: 2, 1, 3, 4. Through rank(): 1 and 2 have 2 points, 3 and 4 one: same order.
    """
    t = build({1: 1800, 2: 1700, 3: 1600, 4: 1500},
              ["1-2 0; 3-4 1", "1-3 1; 2-4 0", "1-4 1; 2-3 1"])
    ctx = Context(t, 3)
    assert direct_encounter(ctx, [1, 2, 3, 4]) == [[2], [1], [3], [4]]
    st = rank(t, parse_list("DE"))
    assert [(r.pid, r.rank) for r in st.rows] == [(2, 1), (1, 2), (3, 3), (4, 4)]
    assert [r.values[0] for r in st.rows] == [1.0, 0.0, 1.0, 0.0]


# R1: 1-2 1, 3-4 =, 5-6 =   R2: 3-1 0, 2-5 =, 4-6 =
SWISS = ["1-2 1; 3-4 =; 5-6 =", "3-1 0; 2-5 =; 4-6 ="]


def test_de_not_all_met_6_3_places_a_certain_winner() -> None:
    """6.3: group {1, 2, 3}: 1 beat 2 and 3, 2 and 3 did not meet. 1 has 2 points in the
    separate standings whatever happens; 2 and 3 have 0 and at most 1 with their missing game
    -> 1 is first. The rest {2, 3}: no game between them, nobody certain -> still tied.
    """
    ctx = Context(build({i: 2000 - i for i in range(1, 7)}, SWISS), 2)
    assert direct_encounter(ctx, [1, 2, 3]) == [[1], [2, 3]]


def test_de_not_all_met_6_3_uncertain_stays_tied() -> None:
    """6.3: group {1, 2, 5}: 1 beat 2 (1 point), 2 drew 5 (1/2 each), 1 and 5 did not meet.
    1's minimum is 1; 5's maximum with a win against 1 would be 1.5 -> 1 is not certain to be
    first; nobody else is either -> the group stays tied.
    """
    ctx = Context(build({i: 2000 - i for i in range(1, 7)}, SWISS), 2)
    assert direct_encounter(ctx, [1, 2, 5]) == [[1, 2, 5]]


def test_de_forfeits_only_with_p() -> None:
    """6.1.1: a forfeit is not a direct encounter unless /P.
    R1: 1-2 + (2 forfeits), 3-4 =; R2: 2-3 1, 4-1 1. Scores: 1: 1 + 0 = 1; 2: 0 + 1 = 1;
    3: .5; 4: 1.5 (rank 1). DE: 1 and 2 have no game -> they share rank 2.
    DE/P: the forfeit counts, 1 scored 1 against 2 -> 1 second, 2 third.
    """
    t = build({1: 1800, 2: 1700, 3: 1600, 4: 1500}, ["1-2 +; 3-4 =", "2-3 1; 4-1 1"])
    st = rank(t, parse_list("DE"))
    assert {r.pid: r.rank for r in st.rows if r.pid in (1, 2)} == {1: 2, 2: 2}
    st = rank(t, parse_list("DE/P"))
    assert {r.pid: r.rank for r in st.rows if r.pid in (1, 2)} == {1: 2, 2: 3}


def test_ties_after_the_list_share_the_rank_or_draw_lots() -> None:
    """4.2: when the list is exhausted the tied players share the rank; with a seed lots are
    drawn, reproducibly. 3 and 4 drew each other and have identical records (BH 1.5 each)."""
    t = build({1: 1800, 2: 1700, 3: 1600, 4: 1500}, ["1-2 =; 3-4 =", "1-3 =; 2-4 ="])
    st = rank(t, parse_list("BH"))
    assert len({r.rank for r in st.rows}) == 1  # everybody 1 point, BH 1 each
    a = rank(t, parse_list("BH"), seed=7)
    b = rank(t, parse_list("BH"), seed=7)
    assert [r.pid for r in a.rows] == [r.pid for r in b.rows]
    assert sorted(r.rank for r in a.rows) == [1, 2, 3, 4]
    assert a.lots and sorted(a.lots[0]) == [1, 2, 3, 4]


def test_tiebreak_list_from_202_and_212() -> None:
    """TRF-2026 202 gives the list; 212 starts with PTS; without either the default is used."""
    t = build({1: 1800, 2: 1700}, ["1-2 1"])
    assert [tb.label for tb in tiebreaks_from_file(t)[0]] == ["BH/C1", "BH", "SB", "DE", "WIN"]
    t.headers["202"] = ["202 SB/C1,WIN"]
    tbs, source = tiebreaks_from_file(t)
    assert [tb.label for tb in tbs] == ["SB/C1", "WIN"] and source == "record 202"
    del t.headers["202"]
    t.headers["212"] = ["212 PTS,ARO,TPN"]
    assert [tb.code for tb in tiebreaks_from_file(t)[0]] == ["ARO", "TPN"]


def test_round_out_of_range() -> None:
    t = build({1: 1800, 2: 1700}, ["1-2 1"])
    with pytest.raises(BadRequest):
        rank(t, round_number=2)
    with pytest.raises(BadRequest):
        rank(t, round_number=0)


# --------------------------------------------------------------------------------------------
# E10 tournament: ratings 1:2000 2:1900 3:1800 4:1700 5:1600 6:1500
#   R1: 2-4 1, 1-6 1, 3-5 =   R2: 4-1 1, 5-2 0, 6-3 =   R3: 3-4 0, 2-6 0, 1-5 =
#   scores: 1: 1+0+.5 = 1.5; 2: 1+1+0 = 2; 3: .5+.5+0 = 1; 4: 0+1+1 = 2; 5: .5+0+.5 = 1;
#           6: 0+.5+1 = 1.5.
#   Average Elo of opponents: 1: 6,4,5 -> 1600; 2: 4,5,6 -> 1600; 3: 5,6,4 -> 1600;
#   4: 2,1,3 -> 1900; 5: 3,2,1 -> 1900; 6: 1,3,2 -> 1900.
# --------------------------------------------------------------------------------------------
E10_RATINGS = {1: 2000, 2: 1900, 3: 1800, 4: 1700, 5: 1600, 6: 1500}
E10_ROUNDS = ["2-4 1; 1-6 1; 3-5 =", "4-1 1; 5-2 0; 6-3 =", "3-4 0; 2-6 0; 1-5 ="]


def test_e10_first_place_by_direct_encounter() -> None:
    """E10: 2 and 4 tie for first with 2 points; 2 beat 4 in round 1 -> 2 is first although
    4's opponents average 1900 against 1600 for 2's. Below first place the games between tied
    players no longer count: 1 and 6 (1.5) by average Elo, 6 (1900) before 1 (1600); 3 and 5
    (1) -> 5 (1900) before 3 (1600). Order: 2, 4, 6, 1, 5, 3 (no lots needed).
    """
    t = build(E10_RATINGS, E10_ROUNDS)
    st = rank_e10(t, seed=5)
    assert [r.pid for r in st.rows] == [2, 4, 6, 1, 5, 3]
    assert [r.rank for r in st.rows] == [1, 2, 3, 4, 5, 6]
    assert st.by_id[2].values == [1.0, 1600.0] and st.by_id[4].values == [0.0, 1900.0]
    assert st.by_id[6].values[0] is None  # DE1 is for first place only
    assert st.seed == 5 and st.lots == []
    # C.07 with ARO alone ranks 4 first: E10's direct encounter is what decides
    assert rank(t, parse_list("ARO")).rows[0].pid == 4


def test_e10_direct_encounter_only_for_first_place() -> None:
    """E10 uses the games between tied players for first place only.
    R1: 2-4 1, 6-1 1, 3-5 =; R2 and R3 as above. Scores: 6: 1 + .5 + 1 = 2.5 alone first;
    2 and 4 tie on 2 for second place: their game (2 beat 4) is not used, the average Elo
    decides: 4 (opponents 2, 1, 3 -> 1900) before 2 (4, 5, 6 -> 1600). Order starts 6, 4, 2.
    """
    t = build(E10_RATINGS, ["2-4 1; 6-1 1; 3-5 =", *E10_ROUNDS[1:]])
    st = rank_e10(t, seed=1)
    assert [r.pid for r in st.rows[:3]] == [6, 4, 2]


def test_e10_lots_use_the_seed() -> None:
    """E10 last criterion: lots. Four players rated 1500, every game drawn: same score, the
    games between them give 1/2 each, same average Elo (1500) -> lots decide; the seed is
    recorded and the same seed gives the same order."""
    t = build({1: 1500, 2: 1500, 3: 1500, 4: 1500}, ["1-2 =; 3-4 =", "1-3 =; 2-4 ="])
    a, b = rank_e10(t, seed=42), rank_e10(t, seed=42)
    assert a.seed == 42 and [r.pid for r in a.rows] == [r.pid for r in b.rows]
    assert sorted(r.rank for r in a.rows) == [1, 2, 3, 4]
    assert a.lots and sorted(a.lots[0]) == [1, 2, 3, 4]
    orders = {tuple(r.pid for r in rank_e10(t, seed=s).rows) for s in range(20)}
    assert len(orders) > 1  # lots really depend on the seed
    assert rank_e10(t).seed is not None  # a seed is drawn (and printed) when none is given


def test_de_repeated_games_use_the_average_6_1_2() -> None:
    """6.1.2: 1 and 2 met twice, 1 won and drew: 1 scores (1 + 1/2) / 2 = .75 against 2's
    (0 + 1/2) / 2 = .25 -> 1 before 2."""
    ctx = Context(build({1: 1800, 2: 1700}, ["1-2 1", "2-1 ="]), 2)
    shown: dict[int, float | None] = {}
    assert direct_encounter(ctx, [1, 2], shown=shown) == [[1], [2]]
    assert shown == {1: 0.75, 2: 0.25}


def test_order_of_rtng_and_tpn_with_r() -> None:
    """10.6 RTNG: highest rating first, /R lowest first; 7.8 TPN: smallest number first, /R
    largest first. All four players drew: 1 point each, so the tie-break alone orders them.
    Ratings 1:1500 2:1800 3:1600 4:1700."""
    t = build({1: 1500, 2: 1800, 3: 1600, 4: 1700}, ["1-2 =; 3-4 =", "1-3 =; 2-4 ="])
    assert [r.pid for r in rank(t, parse_list("RTNG")).rows] == [2, 4, 3, 1]
    assert [r.pid for r in rank(t, parse_list("RTNG/R")).rows] == [1, 3, 4, 2]
    assert [r.pid for r in rank(t, parse_list("TPN")).rows] == [1, 2, 3, 4]
    assert [r.pid for r in rank(t, parse_list("TPN/R")).rows] == [4, 3, 2, 1]
