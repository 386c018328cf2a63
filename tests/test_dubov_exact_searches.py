"""Dubov searches without a cap (issue 26): the re-composition of G1/G2 (2026 3.2.4 with 4.3;
1997 art. 7.3/7.4, 6.3) and the first valid set of the fewest transfers / players moved down
(1997 art. 7, 6.4), against the literal unbounded enumeration on small brackets, and brackets
where the old cap (``SEARCH_LIMIT``: 1,600 candidate splits, 400 sets per size) stopped before
the rules' answer.
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from swisspairing.matching.bitsets import mask_of
from swisspairing.model import Colour, Tournament
from swisspairing.systems.dubov import (
    DUBOV_1997_RULES,
    DUBOV_2026_RULES,
    DubovPlayer,
    DubovRound,
    upfloaters,
)
from swisspairing.systems.dubov.players import allowed_colours, preference_of
from swisspairing.systems.dubov.rules import DubovRules
from swisspairing.systems.dubov.shifters import first_split
from swisspairing.systems.dubov.upfloaters import first_valid_by_weights, first_valid_set

W, B = Colour.WHITE, Colour.BLACK
HISTORIES = ("W", "B", "WB", "BW", "WW", "BB", "WBW", "BWB", "WWB", "BBW")
#: the old cap on the candidate splits of one bracket
OLD_SPLIT_CAP = 1_600


def player(pid: int, history: str, met: frozenset[int]) -> DubovPlayer:
    cols = tuple(W if c == "W" else B for c in history)
    pref, strength = preference_of(cols)
    can_w, can_b = allowed_colours(cols)
    return DubovPlayer(id=pid, name=f"P{pid:02d}", rating=2400 - pid, rank=pid, score=1.0,
                       aro=float(1500 + 37 * pid % 200), colours=cols, opponents=met,
                       preference=pref, strength=strength, can_white=can_w, can_black=can_b,
                       upfloats=0, upfloated_last=False, downfloats=0, bye_ineligible=False)


def make_round(histories: list[str], met: set[tuple[int, int]], rules: DubovRules
               ) -> DubovRound:
    players = {}
    for pid in range(1, len(histories) + 1):
        opponents = frozenset(b if a == pid else a for a, b in met if pid in (a, b))
        players[pid] = player(pid, histories[pid - 1], opponents)
    return DubovRound(Tournament(), 5, rules, players, W, last_round=False,
                      max_upfloats=rules.max_upfloats(9), explain=None)


@st.composite
def rounds(draw: st.DrawFn, most: int = 10) -> DubovRound:
    n = draw(st.integers(1, most // 2)) * 2
    pairs = [(a, b) for a in range(1, n + 1) for b in range(a + 1, n + 1)]
    met = draw(st.sets(st.sampled_from(pairs), max_size=2 * n))
    rules = draw(st.sampled_from((DUBOV_1997_RULES, DUBOV_2026_RULES)))
    return make_round([draw(st.sampled_from(HISTORIES)) for _ in range(n)], met, rules)


def sides(rnd: DubovRound, ids: list[int]) -> tuple[bool, list[DubovPlayer], list[DubovPlayer],
                                                    list[DubovPlayer], list[DubovPlayer]]:
    ps = [rnd.players[i] for i in ids]
    g1 = [p for p in ps if p.preference is W]
    g2 = [p for p in ps if p.preference is not W]
    whites_larger = len(g1) > len(g2)
    larger, smaller = (g1, g2) if whites_larger else (g2, g1)
    r = rnd.rules
    order_l = (r.white_shifters if whites_larger else r.black_shifters)(list(larger))
    order_s = (r.black_shifters if whites_larger else r.white_shifters)(list(smaller))
    return whites_larger, larger, smaller, order_l, order_s


def literal_splits(rnd: DubovRound, ids: list[int]
                   ) -> tuple[int, list[tuple[tuple[DubovPlayer, ...], tuple[DubovPlayer, ...],
                                                 int]]]:
    """2026 3.2.4 / 1997 art. 7.3/7.4 word for word, without a cap: for e = 0, 1, ... every
    e-set of the smaller subgroup and (d + e)-set of the larger in the shifter order
    (``itertools.combinations``), the covering splits of the first e that has one, each with
    its position in the enumeration (how many candidate splits came before, plus one)."""
    whites_larger, larger, smaller, order_l, order_s = sides(rnd, ids)
    d = (len(larger) - len(smaller)) // 2
    count = 0
    for e in range(len(smaller) + 1):
        found = []
        for out_s in itertools.combinations(order_s, e):
            for out_l in itertools.combinations(order_l, d + e):
                count += 1
                new_l = [p for p in larger if p not in out_l] + list(out_s)
                new_s = [p for p in smaller if p not in out_s] + list(out_l)
                g1, g2 = (new_l, new_s) if whites_larger else (new_s, new_l)
                if rnd.graph.covers([p.id for p in g1], [p.id for p in g2]):
                    found.append((out_s, out_l, count))
        if found:
            return count, found
    return count, []


def arrangement(rnd: DubovRound, ids: list[int], out_s: tuple[DubovPlayer, ...],
                out_l: tuple[DubovPlayer, ...]) -> list[tuple[int, int]] | None:
    whites_larger, larger, smaller, _, _ = sides(rnd, ids)
    new_l = [p for p in larger if p not in out_l] + list(out_s)
    new_s = [p for p in smaller if p not in out_s] + list(out_l)
    g1, g2 = (new_l, new_s) if whites_larger else (new_s, new_l)
    return rnd._first_arrangement(sorted(g1, key=rnd.rules.s1_key), g2)


@settings(max_examples=300, deadline=None)
@given(rounds(most=16))
def test_first_split_is_the_literal_first_and_best_for_c7(rnd: DubovRound) -> None:
    """The exact re-composition gives the first covering split of the unbounded enumeration;
    every covering split of the fewest moves has the same C7 (so 2026's "best" is the first),
    and pair_bracket pairs the bracket with it."""
    ids = sorted(rnd.players)
    _, found = literal_splits(rnd, ids)
    _, larger, smaller, order_l, order_s = sides(rnd, ids)
    got = first_split(ids, rnd.graph.barred, larger, smaller, order_l, order_s)
    if not found:
        assert got is None
        assert rnd.pair_bracket(ids) is None
        return
    assert got == found[0][:2]
    costs = set()
    for out_s, out_l, _ in found:
        pairs = arrangement(rnd, ids, out_s, out_l)
        assert pairs is not None
        costs.add(rnd.unmet_preferences(pairs))
    assert len(costs) == 1
    assert rnd.pair_bracket(ids) == arrangement(rnd, ids, *found[0][:2])


def test_split_beyond_the_old_cap() -> None:
    """20 players: 16 White-seekers and 4 Black-seekers, so 6 White-seekers move to G2 (1997
    art. 7.4, the larger subgroup gives d = 6). The first White-seeker of the art. 7.4 order
    has met every other White-seeker: in G2 he would need a White-seeker in G1, so he cannot
    move, and the first covering split comes after every 6-set holding him (C(15, 5) = 3,003
    candidates): beyond the old cap of 1,600, where ``pair_bracket`` gave up on a bracket that
    can be paired. The exact search finds the literal first split."""
    histories = ["B"] * 16 + ["W"] * 4
    for rules in (DUBOV_1997_RULES, DUBOV_2026_RULES):  # 2026: the 4.3 order
        rnd0 = make_round(histories, set(), rules)
        ids = sorted(rnd0.players)
        _, _, _, order_l, _ = sides(rnd0, ids)
        head = order_l[0].id
        met = {(min(head, p.id), max(head, p.id)) for p in order_l[1:]}
        rnd = make_round(histories, met, rules)
        _, larger, smaller, order_l, order_s = sides(rnd, ids)
        assert order_l[0].id == head
        _, found = literal_splits(rnd, ids)
        assert found and found[0][2] > OLD_SPLIT_CAP
        got = first_split(ids, rnd.graph.barred, larger, smaller, order_l, order_s)
        assert got == found[0][:2]
        pairs = rnd.pair_bracket(ids)
        assert pairs is not None and pairs == arrangement(rnd, ids, *found[0][:2])


@st.composite
def groups(draw: st.DrawFn) -> tuple[DubovRound, list[int], list[int], list[int]]:
    """A group, the players below it, and the candidates (some of those below, in a random
    order) of a 1997 art. 7 or art. 6.4 search."""
    rnd = draw(rounds(most=12))
    ids = sorted(rnd.players)
    n_group = draw(st.integers(1, len(ids) - 1))
    group, below = ids[:n_group], ids[n_group:]
    cands = draw(st.permutations(below))
    cands = cands[:draw(st.integers(0, len(cands)))]
    return rnd, group, below, list(cands)


@settings(max_examples=300, deadline=None)
@given(groups(), st.integers(0, 6))
def test_first_valid_set_is_the_literal_first(
        case: tuple[DubovRound, list[int], list[int], list[int]], k: int) -> None:
    """The walk gives the first k-set of the candidates (``itertools.combinations`` order)
    with the group + set and the players below minus the set both pairable (art. 2), as the
    unbounded enumeration does; and the first accepted one when ``accept`` rejects some."""
    rnd, group, below, cands = case
    literal = [s for s in itertools.combinations(cands, k)
               if rnd.pairable(group + list(s)) and rnd.pairable(set(below) - set(s))]
    assert first_valid_set(rnd, group, below, cands, k) == (literal[0] if literal else None)
    if literal:
        rejected = literal[0]
        got = first_valid_set(rnd, group, below, cands, k, lambda s: s != rejected)
        assert got == (literal[1] if len(literal) > 1 else None)


@settings(max_examples=200, deadline=None)
@given(groups())
def test_weighted_fallback_gives_the_first_set_of_the_fewest(
        case: tuple[DubovRound, list[int], list[int], list[int]]) -> None:
    """The fallback past the walk's node budget (one weighted matching per candidate) gives the
    enumeration's first valid set of the fewest size, and no set below that size."""
    rnd, group, below, cands = case
    for k in range(len(cands) + 1):
        literal = [s for s in itertools.combinations(cands, k)
                   if rnd.pairable(group + list(s)) and rnd.pairable(set(below) - set(s))]
        got = first_valid_by_weights(rnd, group, below, cands, k)
        if literal:
            assert got == literal[0]
            return
        assert got is None


def test_walk_past_its_budget_uses_the_fallback(monkeypatch: pytest.MonkeyPatch) -> None:
    """14 players who can only take White (two Blacks) and may not meet each other, the first
    of whom has met the 30 White-seekers below: he needs one of the 6 Black-seekers after them.
    The walk finds 13 White-seekers and the first Black-seeker; with no node budget at all the
    weighted fallback answers, and gives the same set."""
    group = list(range(1, 15))
    whites = list(range(15, 45))
    blacks = list(range(45, 51))
    histories = ["BB"] * 14 + ["B"] * 30 + ["W"] * 6
    met = {(1, w) for w in whites}
    rnd = make_round(histories, met, DUBOV_1997_RULES)
    below = whites + blacks
    expected = (*whites[:13], blacks[0])
    assert first_valid_set(rnd, group, below, below, 14) == expected
    used: list[int] = []

    def spy(*args: object) -> object:
        used.append(1)
        return first_valid_by_weights(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(upfloaters, "NODE_BUDGET_BASE", -1)
    monkeypatch.setattr(upfloaters, "NODE_BUDGET_PER_CANDIDATE", 0)
    monkeypatch.setattr(upfloaters, "first_valid_by_weights", spy)
    # the group may not meet itself, so the kept-matching path answers before any walk
    assert first_valid_set(rnd, group, below, below, 14) == expected
    assert not used
    # without that path: the walk passes its (zero) budget and the weighted fallback answers
    monkeypatch.setattr(upfloaters, "group_cannot_meet", lambda *_: False)
    assert first_valid_set(rnd, group, below, below, 14) == expected
    assert used


@st.composite
def independent_groups(draw: st.DrawFn) -> tuple[DubovRound, list[int], list[int], list[int]]:
    """A group whose players have all met each other (so none may meet another), the players
    below it (some of whom have met group players or each other), and the candidates (some of
    those below, in a random order), as in a 1997 art. 7 transfer search."""
    n_group = draw(st.integers(1, 4))
    n_below = draw(st.integers(n_group, 12 - n_group))
    n = n_group + n_below
    group, below = list(range(1, n_group + 1)), list(range(n_group + 1, n + 1))
    met = {(a, b) for a in group for b in group if a < b}
    others = [(a, b) for a in range(1, n + 1) for b in range(a + 1, n + 1)
              if (a, b) not in met]
    met |= draw(st.sets(st.sampled_from(others), max_size=3 * n))
    rnd = make_round([draw(st.sampled_from(HISTORIES)) for _ in range(n)], met,
                     DUBOV_1997_RULES)
    cands = draw(st.permutations(below))
    return rnd, group, below, list(cands[:draw(st.integers(0, len(cands)))])


@settings(max_examples=400, deadline=None)
@given(independent_groups())
def test_group_that_cannot_meet_itself_gets_the_literal_first(
        case: tuple[DubovRound, list[int], list[int], list[int]]) -> None:
    """docs/dubov.md, "A group whose players may not meet each other": the candidates taken in
    order while one perfect matching can still be kept give the enumeration's first valid set
    of ``len(group)`` transfers (1997 art. 2, art. 7); ``first_valid_set`` returns it, and the
    walk alone (the path switched off) returns the same set, also when ``accept`` refuses it
    (the walk then goes on to the next one)."""
    rnd, group, below, cands = case
    k = len(group)
    literal = [s for s in itertools.combinations(cands, k)
               if rnd.pairable(group + list(s)) and rnd.pairable(set(below) - set(s))]
    first = literal[0] if literal else None
    assert upfloaters.first_valid_for_independent_group(rnd.graph.barred, group, below,
                                                        cands) == first
    assert first_valid_set(rnd, group, below, cands, k) == first
    refused = (lambda s: s != literal[0]) if literal else (lambda s: True)
    second = literal[1] if len(literal) > 1 else None
    assert first_valid_set(rnd, group, below, cands, k, refused) == second
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(upfloaters, "group_cannot_meet", lambda *_: False)
        assert first_valid_set(rnd, group, below, cands, k) == first
        assert first_valid_set(rnd, group, below, cands, k, refused) == second


def test_independent_group_path_takes_a_later_candidate_over_an_earlier_dead_end() -> None:
    """Two players who can only take White (two Blacks behind them) and have met each other;
    below, in the candidates' order, player 3 (who has met both of them), then three
    Black-seekers (4, 5, 6). 3 cannot be transferred (he would meet nobody of the group), so
    he is passed over and the set is (4, 5), leaving 3 and 6 to be paired below."""
    histories = ["BB", "BB", "B", "W", "W", "W"]
    met = {(1, 2), (1, 3), (2, 3)}
    rnd = make_round(histories, met, DUBOV_1997_RULES)
    group, below = [1, 2], [3, 4, 5, 6]
    assert upfloaters.first_valid_for_independent_group(rnd.graph.barred, group, below,
                                                        below) == (4, 5)
    # 4 and 5 taken together would leave 3 and 6 below; if 3 and 6 had met, (4, 6) would
    # leave 3 and 5, and the answer moves on
    rnd2 = make_round(histories, met | {(3, 6)}, DUBOV_1997_RULES)
    assert upfloaters.first_valid_for_independent_group(rnd2.graph.barred, group, below,
                                                        below) == (4, 6)


@settings(max_examples=100, deadline=None)
@given(independent_groups(), st.data())
def test_confined_bans_are_both_ways(
        case: tuple[DubovRound, list[int], list[int], list[int]], data: st.DataObject) -> None:
    """The bans of the kept-matching path are symmetric (a matching search may meet a pair from
    either end): a taken candidate and a player below never meet, nor a passed one (or a
    non-candidate) and a group player; and nothing else is added."""
    rnd, group, below, cands = case
    taken = data.draw(st.sets(st.sampled_from(cands))) if cands else set()
    passed = (data.draw(st.sets(st.sampled_from(cands))) - taken) if cands else set()
    stays = (set(below) - set(cands)) | passed
    view = upfloaters._Confined(rnd.graph.barred, mask_of(group), mask_of(below),
                                mask_of(stays))
    view.taken = mask_of(taken)
    everyone = group + below
    for a in everyone:
        for b in everyone:
            if a == b:
                continue
            banned = (view[a] >> b) & 1
            assert banned == (view[b] >> a) & 1
            expected = ((rnd.graph.barred[a] >> b) & 1
                        or (a in taken and b in below) or (b in taken and a in below)
                        or (a in stays and b in group) or (b in stays and a in group))
            assert banned == int(bool(expected))


@settings(max_examples=300, deadline=None)
@given(groups(), st.integers(0, 6), st.integers(-1, 8))
def test_walk_past_its_budget_on_many_players_goes_on_without_one(
        case: tuple[DubovRound, list[int], list[int], list[int]], k: int, nodes: int) -> None:
    """Past its node budget (here ``nodes``: the walk stops anywhere, its matchings changed)
    with more players than ``WEIGHTED_FALLBACK_MOST_PLAYERS`` (here 0), the walk starts again
    without a budget instead of the weighted fallback, and gives the enumeration's first valid
    set (and the next one when ``accept`` refuses the first), the kept-matching path switched
    off."""
    rnd, group, below, cands = case
    literal = [s for s in itertools.combinations(cands, k)
               if rnd.pairable(group + list(s)) and rnd.pairable(set(below) - set(s))]

    def no_fallback(*args: object) -> object:
        raise AssertionError("the weighted fallback was called")

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(upfloaters, "NODE_BUDGET_BASE", nodes)
        mp.setattr(upfloaters, "NODE_BUDGET_PER_CANDIDATE", 0)
        mp.setattr(upfloaters, "EDMONDS_SEARCH_COST", 1)
        mp.setattr(upfloaters, "WEIGHTED_FALLBACK_MOST_PLAYERS", 0)
        mp.setattr(upfloaters, "group_cannot_meet", lambda *_: False)
        mp.setattr(upfloaters, "first_valid_by_weights", no_fallback)
        assert first_valid_set(rnd, group, below, cands, k) == (literal[0] if literal else None)
        if literal:
            refused = first_valid_set(rnd, group, below, cands, k, lambda s: s != literal[0])
            assert refused == (literal[1] if len(literal) > 1 else None)
