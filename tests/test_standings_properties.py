"""Properties of the standings on random tournaments (a small sample of benchmarks/standings.py).

Each property follows from the definitions of C.07: cutting values never raises a sum
(14.1-14.4: values are non-negative), games won over the board are wins (7.1 / 7.2), games won
with Black were played with Black (7.3 / 7.4), the standings after round K ignore later rounds,
and the rows are ordered by points then by the tie-breaks (4.2).
"""

from __future__ import annotations

import copy

import pytest

from swisspairing.standings import parse_list, rank
from swisspairing.standings.sample import random_tournament
from swisspairing.standings.tiebreaks import Context, compute, parse_tiebreak


@pytest.fixture(scope="module", params=[(41, 7, 1), (60, 9, 2), (100, 11, 3)])
def tour(request):
    players, rounds, seed = request.param
    return random_tournament(players, rounds, seed)


def test_cuts_never_raise_the_sum(tour) -> None:
    ctx = Context(tour, tour.rounds_paired)
    for base in ("BH", "SB", "FB"):
        full = compute(ctx, parse_tiebreak(base))
        c1 = compute(ctx, parse_tiebreak(f"{base}/C1"))
        c2 = compute(ctx, parse_tiebreak(f"{base}/C2"))
        m1 = compute(ctx, parse_tiebreak(f"{base}/M1"))
        for pid in tour.players:
            assert full[pid] >= c1[pid] >= c2[pid] >= 0
            assert c1[pid] >= m1[pid]


def test_counts_are_consistent(tour) -> None:
    ctx = Context(tour, tour.rounds_paired)
    win, won = compute(ctx, parse_tiebreak("WIN")), compute(ctx, parse_tiebreak("WON"))
    bpg, bwg = compute(ctx, parse_tiebreak("BPG")), compute(ctx, parse_tiebreak("BWG"))
    rep = compute(ctx, parse_tiebreak("REP"))
    for pid in tour.players:
        assert won[pid] <= win[pid] <= tour.rounds_paired
        assert bwg[pid] <= bpg[pid] and bwg[pid] <= won[pid]
        assert rep[pid] == tour.rounds_paired  # random tournaments have no VUR


def test_rows_are_ordered_by_points_then_tiebreaks(tour) -> None:
    tbs = parse_list("BH/C1,BH,SB,ARO,WIN")
    st = rank(tour, tbs)
    assert len(st.rows) == len(tour.players)
    keys = [(r.points, *r.values) for r in st.rows]
    assert keys == sorted(keys, reverse=True)
    for a, b in zip(st.rows, st.rows[1:], strict=False):
        assert a.rank <= b.rank
        assert (a.rank == b.rank) == ((a.points, *a.values) == (b.points, *b.values))


def test_standings_after_round_k_ignore_later_rounds(tour) -> None:
    k = tour.rounds_paired - 2
    cut = copy.deepcopy(tour)
    for p in cut.players.values():
        p.results = p.results[:k]
    tbs = parse_list("BH/C1,SB,DE,PS,TPR")
    a, b = rank(tour, tbs, round_number=k), rank(cut, tbs)
    assert [(r.pid, r.rank, r.points, r.values) for r in a.rows] == [
        (r.pid, r.rank, r.points, r.values) for r in b.rows]
