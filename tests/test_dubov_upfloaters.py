"""Dubov 2026 upfloaters (3.2.1/3.2.2, C4-C10, 4.1.3/4.2): the search of
``systems/dubov/upfloaters.py`` against the literal procedure on small brackets, and the
one-bracket round of issue 26, where the old bounded walk stopped long before the rules' set.

Rule numbers are those of ``../shared/rules/dubov-current.md``.
"""

from __future__ import annotations

import itertools
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from swisspairing.model import Colour, Tournament
from swisspairing.systems.dubov import DUBOV, DUBOV_2026_RULES, DubovPlayer, DubovRound, upfloaters
from swisspairing.systems.dubov.players import allowed_colours, preference_of
from swisspairing.systems.dubov.upfloaters import choose_upfloaters

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
import one_bracket

W, B = Colour.WHITE, Colour.BLACK
#: colour histories (played games) giving every kind of preference: absolute, strong, mild,
#: none (1.6.4: mild Black)
HISTORIES = ("", "W", "B", "WB", "BW", "WW", "BB", "WBW", "BWB", "WWB", "BBW")


def player(pid: int, score: float, history: str, met: frozenset[int], ups: int,
           last_up: bool) -> DubovPlayer:
    cols = tuple(W if c == "W" else B for c in history)
    pref, strength = preference_of(cols)
    can_w, can_b = allowed_colours(cols)
    return DubovPlayer(id=pid, name=f"P{pid:02d}", rating=2400 - pid, rank=pid, score=score,
                       aro=float(1500 + 37 * pid % 200), colours=cols, opponents=met,
                       preference=pref, strength=strength, can_white=can_w, can_black=can_b,
                       upfloats=ups, upfloated_last=last_up, downfloats=0,
                       bye_ineligible=False)


@st.composite
def brackets(draw: st.DrawFn, most_residents: int = 5, most_lower: int = 7
             ) -> tuple[DubovRound, list[int], list[int]]:
    """A scoregroup of 1-5 residents (3 points) and 1-7 lower players (2.5, 2, 1 points), an
    even total; random histories, past games and upfloats; sometimes the last round."""
    n_res = draw(st.integers(1, most_residents))
    n_low = draw(st.integers(1, most_lower))
    if (n_res + n_low) % 2:
        n_low += 1
    n = n_res + n_low
    scores = [3.0] * n_res + sorted((draw(st.sampled_from((2.5, 2.0, 1.0)))
                                     for _ in range(n_low)), reverse=True)
    pairs = [(a, b) for a in range(1, n + 1) for b in range(a + 1, n + 1)]
    met = draw(st.sets(st.sampled_from(pairs), max_size=n)) if pairs else set()
    players = {}
    for pid in range(1, n + 1):
        opponents = frozenset(b if a == pid else a for a, b in met if pid in (a, b))
        players[pid] = player(pid, scores[pid - 1], draw(st.sampled_from(HISTORIES)),
                              opponents, draw(st.integers(0, 4)), draw(st.booleans()))
    last = draw(st.booleans())
    rnd = DubovRound(Tournament(), 5, DUBOV_2026_RULES, players, W, last_round=last,
                     max_upfloats=DUBOV_2026_RULES.max_upfloats(9), explain=None)
    residents = list(range(1, n_res + 1))
    lower = sorted(range(n_res + 1, n + 1), key=lambda i: (-players[i].score, players[i].rank))
    return rnd, residents, lower


def literal_choice(rnd: DubovRound, top: float, residents: list[int], lower: list[int]
                   ) -> tuple[tuple[int, ...], list[tuple[int, int]]] | None:
    """3.2.1/3.2.2 word for word: for k = 0 or 1, then k + 2, ... every set of k lower players
    in the 4.1.3 order (``itertools.combinations`` of the 4.2 order), kept when the bracket and
    the players below can be paired (C1, C3, C4), judged by the bracket pairing of 3.2.3-3.2.6
    on (C6, C7, C8, C9, C10); the first set of the best quality of the smallest k."""
    ps = rnd.players
    for k in range(len(residents) % 2, len(lower) + 1, 2):
        best = None
        for ups in itertools.combinations(lower, k):
            bracket = residents + list(ups)
            if not rnd.pairable(bracket) or not rnd.pairable(set(lower) - set(ups)):
                continue
            pairs = rnd.pair_bracket(bracket)
            assert pairs is not None
            up = [ps[u] for u in ups]
            maxed = [u for u in up if u.upfloats >= rnd.max_upfloats]
            last = rnd.last_round
            quality = (tuple(sorted((top - u.score for u in up), reverse=True)),
                       rnd.unmet_preferences(pairs),
                       0 if last else len(maxed),
                       0 if last else sum(u.upfloats for u in maxed),
                       0 if last else sum(u.upfloated_last for u in up))
            if best is None or quality < best[0]:
                best = (quality, ups, pairs)
        if best is not None:
            return best[1], best[2]
    return None


@settings(max_examples=300, deadline=None)
@given(brackets())
def test_upfloaters_are_those_of_the_literal_procedure(
        case: tuple[DubovRound, list[int], list[int]]) -> None:
    """The exact search gives the set (and the bracket pairing) of the literal procedure, or
    no set when the literal procedure finds none."""
    rnd, residents, lower = case
    expected = literal_choice(rnd, 3.0, residents, lower)
    got = choose_upfloaters(rnd, 3.0, residents, lower)
    if expected is None:
        assert got is None
    else:
        assert got is not None
        assert (got.upfloaters, got.pairs) == expected


@settings(max_examples=200, deadline=None)
@given(brackets())
def test_weighted_matching_gives_the_set_of_the_literal_procedure(
        case: tuple[DubovRound, list[int], list[int]]) -> None:
    """The fallback (one maximum-weight matching, used when the walk exceeds its node budget)
    gives the same set and bracket pairing as the literal procedure."""
    rnd, residents, lower = case
    expected = literal_choice(rnd, 3.0, residents, lower)
    got = upfloaters.by_weighted_matching(rnd, 3.0, residents,
                                          upfloaters._Candidates(rnd, lower))
    if expected is None:
        assert got is None
    else:
        assert got is not None
        assert (got.upfloaters, got.pairs) == expected


@settings(max_examples=60, deadline=None)
@given(brackets(most_residents=12, most_lower=22))
def test_walk_and_weighted_matching_agree_on_larger_brackets(
        case: tuple[DubovRound, list[int], list[int]]) -> None:
    """Brackets too large for the literal procedure (up to 12 residents and 23 lower players):
    the walk (without a node budget) and the weighted matching, two exact methods built on
    different arguments, give the same set and pairing."""
    rnd, residents, lower = case
    base = upfloaters.NODE_BUDGET_BASE
    upfloaters.NODE_BUDGET_BASE = 10**9  # the walk alone, never handing over
    try:
        walk = choose_upfloaters(rnd, 3.0, residents, lower)
    finally:
        upfloaters.NODE_BUDGET_BASE = base
    matched = upfloaters.by_weighted_matching(rnd, 3.0, residents,
                                              upfloaters._Candidates(rnd, lower))
    assert (walk is None) == (matched is None)
    if walk is not None and matched is not None:
        assert (walk.upfloaters, walk.pairs, walk.quality) == \
            (matched.upfloaters, matched.pairs, matched.quality)


def white_seekers_who_met_one_resident(n_res: int, n_white: int, n_black: int
                                       ) -> tuple[DubovRound, list[int], list[int]]:
    """Residents 1..n_res (2 points, WW: absolute Black, C3 keeps them apart); lower players
    (1 point): ``n_white`` WB (due White) who all met resident 1, then ``n_black`` BW (due
    Black)."""
    white_ids = list(range(n_res + 1, n_res + n_white + 1))
    players = {i: player(i, 2.0, "WW", frozenset(white_ids if i == 1 else ()), 0, False)
               for i in range(1, n_res + 1)}
    players |= {i: player(i, 1.0, "WB", frozenset({1}), 0, False) for i in white_ids}
    players |= {i: player(i, 1.0, "BW", frozenset(), 0, False)
                for i in range(n_res + n_white + 1, n_res + n_white + n_black + 1)}
    rnd = DubovRound(Tournament(), 5, DUBOV_2026_RULES, players, W, last_round=False,
                     max_upfloats=3, explain=None)
    return rnd, list(range(1, n_res + 1)), sorted(set(players) - set(range(1, n_res + 1)))


def test_a_bracket_where_the_bounds_do_not_cut() -> None:
    """The colour bound says C7 = 0 (all upfloaters due White), but resident 1 has met every
    White-seeker: every set of White-seekers fails only when the last one is taken, so the
    walk would visit every such set. Past its node budget the weighted matching decides, with
    the literal procedure's answer: resident 1 takes the first Black-seeker (C7 = 1), the
    other residents the first White-seekers in the 4.2 order."""
    rnd, residents, lower = white_seekers_who_met_one_resident(6, 10, 4)
    expected = literal_choice(rnd, 2.0, residents, lower)
    assert expected is not None and expected[0] == (7, 8, 9, 10, 11, 17)
    got = choose_upfloaters(rnd, 2.0, residents, lower)
    assert got is not None and (got.upfloaters, got.pairs) == expected
    big = white_seekers_who_met_one_resident(14, 30, 6)
    got = choose_upfloaters(*big[:1], 2.0, *big[1:])
    assert got is not None
    assert got.upfloaters == (*range(15, 28), 45)
    assert got.quality[1] == 1


def test_the_bracket_where_the_bounds_do_not_cut_reaches_the_fallback_at_210_players(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 26 (session 12): the bracket above at 40 residents, 150 White-seekers and 20
    Black-seekers (210 players) passes the walk's node budget, and the weighted matching
    decides once, with the rules' set: resident 1 (who met every White-seeker) takes the first
    Black-seeker (191, C7 = 1), the 39 others the first 39 White-seekers in the 4.2 order. The
    walk without a budget gives the same set (with the forced-pairs floor of C7; without it,
    C(150, 39) sets at the C7 = 0 threshold: docs/dubov.md, "The 2026 fallback at thousands of
    players")."""
    calls: list[int] = []
    weighted = upfloaters.by_weighted_matching

    def counted(*args: object) -> upfloaters.UpfloaterChoice | None:
        calls.append(1)
        return weighted(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(upfloaters, "by_weighted_matching", counted)
    rnd, residents, lower = white_seekers_who_met_one_resident(40, 150, 20)
    got = choose_upfloaters(rnd, 2.0, residents, lower)
    assert calls == [1]
    assert got is not None
    assert got.upfloaters == (*range(41, 80), 191)
    assert got.quality[1] == 1
    # the walk alone, within 50,000 nodes (without the forced-pairs floor it passes them)
    monkeypatch.setattr(upfloaters, "NODE_BUDGET_BASE", 50_000)
    walk = choose_upfloaters(rnd, 2.0, residents, lower)
    assert calls == [1]
    assert walk is not None and (walk.upfloaters, walk.pairs) == (got.upfloaters, got.pairs)


@settings(max_examples=300, deadline=None)
@given(brackets())
def test_forced_pairs_floor_is_below_every_valid_set(
        case: tuple[DubovRound, list[int], list[int]]) -> None:
    """The second floor of C7 (``_Search.forced_pairs``: residents who may meet nobody of the
    other preference) is at most the C7 of the bracket pairing of every valid set, of any size
    (5.2.2-5.2.5), so the walk never passes over a set for it."""
    rnd, residents, lower = case
    floor = upfloaters._Search(rnd, 3.0, residents, upfloaters._Candidates(rnd, lower),
                               0, upfloaters._Budget(0)).forced_c7
    for k in range(len(residents) % 2, len(lower) + 1, 2):
        for ups in itertools.combinations(lower, k):
            bracket = residents + list(ups)
            if rnd.pairable(bracket) and rnd.pairable(set(lower) - set(ups)):
                pairs = rnd.pair_bracket(bracket)
                assert pairs is not None
                assert floor <= rnd.unmet_preferences(pairs)


def test_forced_pairs_floor_counts_pairs_not_players() -> None:
    """Residents 1..4 limited to Black who have met every White-seeker below: each ends in a
    pair of two Black-seekers, two of them per pair at best, so the floor is 2 (not 4); and
    a resident who met only some White-seekers is not counted."""
    rnd, residents, lower = white_seekers_who_met_one_resident(4, 6, 4)
    for r in (2, 3, 4):
        rnd.players[r] = replace(rnd.players[r], opponents=frozenset(range(5, 11)))
    rnd = DubovRound(Tournament(), 5, DUBOV_2026_RULES, rnd.players, W, last_round=False,
                     max_upfloats=3, explain=None)
    search = upfloaters._Search(rnd, 2.0, residents, upfloaters._Candidates(rnd, lower), 4,
                                upfloaters._Budget(0))
    assert search.forced_c7 == 2
    rnd.players[4] = replace(rnd.players[4], opponents=frozenset(range(5, 10)))
    rnd = DubovRound(Tournament(), 5, DUBOV_2026_RULES, rnd.players, W, last_round=False,
                     max_upfloats=3, explain=None)
    search = upfloaters._Search(rnd, 2.0, residents, upfloaters._Candidates(rnd, lower), 4,
                                upfloaters._Budget(0))
    assert search.forced_c7 == 2  # three residents left: ceil(3 / 2)
    rnd.players[3] = replace(rnd.players[3], opponents=frozenset(range(5, 10)))
    rnd = DubovRound(Tournament(), 5, DUBOV_2026_RULES, rnd.players, W, last_round=False,
                     max_upfloats=3, explain=None)
    search = upfloaters._Search(rnd, 2.0, residents, upfloaters._Candidates(rnd, lower), 4,
                                upfloaters._Budget(0))
    assert search.forced_c7 == 1


@settings(max_examples=300, deadline=None)
@given(brackets(), st.integers(-1, 8))
def test_walk_past_its_budget_on_many_players_goes_on_without_one(
        case: tuple[DubovRound, list[int], list[int]], nodes: int) -> None:
    """Past its node budget (here ``nodes``: the walk stops anywhere, its matchings changed)
    with more players than ``WEIGHTED_FALLBACK_2026_MOST_PLAYERS`` (here 0), the walk starts
    again without a budget instead of the weighted fallback, with the literal procedure's set
    and pairing."""
    rnd, residents, lower = case
    expected = literal_choice(rnd, 3.0, residents, lower)

    def no_fallback(*args: object) -> object:
        raise AssertionError("the weighted fallback was called")

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(upfloaters, "NODE_BUDGET_BASE", nodes)
        mp.setattr(upfloaters, "NODE_BUDGET_PER_CANDIDATE", 0)
        mp.setattr(upfloaters, "EDMONDS_SEARCH_COST", 1)
        mp.setattr(upfloaters, "WEIGHTED_FALLBACK_2026_MOST_PLAYERS", 0)
        mp.setattr(upfloaters, "by_weighted_matching", no_fallback)
        got = choose_upfloaters(rnd, 3.0, residents, lower)
    if expected is None:
        assert got is None
    else:
        assert got is not None
        assert (got.upfloaters, got.pairs) == expected


def test_upfloaters_beyond_the_old_search_bound() -> None:
    """Issue 26, round 3 of an event where White won every game (40 players): the 2-point
    group (10 players, WW: absolute Black, C3 forbids them to meet) needs 10 upfloaters (C5).
    C6: all from the 1-point group (20 players: 10 WB due White, 10 BW due Black). C7: only the
    10 WB give every pair a White- and a Black-seeker (0 lost preferences); any BW among them
    makes a pair of two Black-seekers. So the 10 WB go up, although the 4.2 order mixes WB and
    BW and C(20, 10) = 184,756 sets exceed the 400 the old search looked at. Then the 0-point
    players (BB, absolute White, who cannot meet each other) all go up to the 10 BW (C4)."""
    t = one_bracket.white_wins_event(40, "dubov")
    pairing = DUBOV.pair(t, 3)
    rnd = DUBOV._round(t, 3, None)
    ps = rnd.players
    seen = 0
    for board in pairing.boards:
        hist = {pid: "".join("W" if c is W else "B" for c in ps[pid].colours)
                for pid in (board.white, board.black)}
        kinds = sorted(hist.values())
        assert kinds in (["WB", "WW"], ["BB", "BW"]), kinds
        # both players get their due colour (C7 = 0)
        assert ps[board.white].preference is W and ps[board.black].preference is B
        seen += 1
    assert seen == 20


def test_c7_counts_every_pair_of_equal_preferences_in_the_bound() -> None:
    """C7 lower bound (|W - B| / 2) is reached only when no two players of the smaller side
    meet: residents 1, 2 (due Black, absolute: C3 keeps them apart) and upfloater candidates
    3, 4 (due White) and 5, 6 (due Black, mild), all of 2 points. 3 and 4 have met both
    residents, so the White-seekers cannot go up: 5 and 6 do (two pairs of Black-seekers,
    C7 = 2), and 3-4 are paired below, one of them without his colour."""
    def p(pid: int, score: float, history: str, met: tuple[int, ...]) -> DubovPlayer:
        return player(pid, score, history, frozenset(met), 0, False)

    players = {1: p(1, 3, "WW", (3, 4)), 2: p(2, 3, "WW", (3, 4)), 3: p(3, 2, "WB", (1, 2)),
               4: p(4, 2, "BWB", (1, 2)), 5: p(5, 2, "BW", ()), 6: p(6, 2, "WBW", ())}
    rnd = DubovRound(Tournament(), 5, DUBOV_2026_RULES, players, W, last_round=False,
                     max_upfloats=3, explain=None)
    got = choose_upfloaters(rnd, 3.0, [1, 2], [3, 4, 5, 6])
    assert got is not None
    assert got.upfloaters == (5, 6)
    assert got.quality[1] == 2
