"""Issue 26, the last round after White won every game (docs/dutch.md 8.13): two brackets whose
candidates left by the higher criteria all tie, each paired with and without its shortcut on
generated events, the same boards and bye.

* 8.13 (a) ``tied.alike_bracket``: the topscorers' bracket whose players are all alike;
  without it, the weighted matchings;
* 8.13 (b) ``tied.colour_split_completing``: the bracket that must complete the round (2017 and
  2012 PPB, 2025 [C4]) whose colour bound is zero and whose players preferring one colour share
  their earlier floats; without it, the weighted matchings.
* 8.17 (a) ``cheapest_floaters.cheapest_floaters_completing``: the same bracket with at most
  one MDP and earlier floats that differ within a colour; without it, the weighted matchings.
* 8.17 (b) ``nearly_alike.nearly_alike_bracket``: a bracket of alike players but for a few
  exceptions; without it, the weighted matchings.
* 8.19 ``cheapest_floaters.cheapest_floaters_one_colour``: a bracket paired alone whose
  residents all prefer one colour, at most one MDP (round 3 or 4 of odd events); without it,
  the weighted matchings.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from itertools import chain

import pytest

from shortcut_helpers import RoundToPair, Spy, StandIn, paired_alike_without, settled
from swisspairing.model import Colour
from swisspairing.model.state import Float, PreferenceStrength
from swisspairing.systems import get_system
from swisspairing.systems.dutch import (
    RULES_2017,
    RULES_2025,
    DutchRules,
    cheapest_floaters,
    generation,
    nearly_alike,
    odd_last_bracket,
    tied,
)
from swisspairing.systems.dutch.bracket import Bracket, open_bracket
from swisspairing.systems.dutch.players import ABSOLUTE, PairingPlayer
from swisspairing.systems.dutch.round import PairingRound
from test_dutch_completing import white_mostly_event

EDITIONS = ["dutch-2012", "dutch-2017", "dutch-2025"]


def last_rounds(system: str) -> Iterator[RoundToPair]:
    """The last round of events of 2-5 rounds (``played`` + 1) where White won every game or
    nearly (97 %, 93 %), 16-81 players (odd sizes: a PAB), each seed its own draw."""
    for n in (16, 20, 24, 31, 32, 40, 47, 48, 64, 81):
        for rate in (1.0, 0.97, 0.93):
            for played in (1, 2, 3, 4):
                seed = 11 * n + played + int(100 * rate)
                yield ((n, rate, played),
                       white_mostly_event(n, played, rate, system, seed, total_rounds=played + 1),
                       played + 1)


def odd_topscorer_rounds(system: str) -> Iterator[RoundToPair]:
    """The last round (4 or 5) of events of 20-92 players, ``n % 8 == 4``: after 3 or 4
    rounds where White won (nearly) every game the topscorers' bracket is odd."""
    for n in range(20, 100, 8):
        for rate in (1.0, 0.97):
            for played in (3, 4):
                yield ((n, rate, played),
                       white_mostly_event(n, played, rate, system, 5 * n + played,
                                          total_rounds=played + 1),
                       played + 1)


@pytest.mark.parametrize("system", EDITIONS)
def test_alike_bracket_gives_the_pairing_of_the_full_matchings(
        system: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each last round in which 8.13 (a) settled a bracket (the topscorers, all alike), paired
    again without it (the weighted matchings): the same boards and bye. Counted apart: odd
    brackets paired alone (one player left over) and, 2025, odd ones under [C4]."""
    kinds: Counter[str] = Counter()

    def tally(out: object, ctx: Bracket) -> str | None:
        if out is None:
            return None
        kinds[("odd" if len(ctx.players) % 2 else "even")
              + (" under [C4]" if ctx.rest else " alone")] += 1
        return "settled"

    used = paired_alike_without(
        get_system(system), chain(last_rounds(system), odd_topscorer_rounds(system)),
        monkeypatch, [Spy(tied, "alike_bracket", tally)],
        [StandIn(tied, "alike_bracket", lambda ctx: None)],
        again_when="settled")
    print(system, dict(used), dict(kinds))
    assert used["rounds"] >= 40
    assert kinds["even alone"] >= 25 and kinds["odd alone"] >= 15
    if system == "dutch-2025":
        assert kinds["odd under [C4]"] >= 10


@pytest.mark.parametrize("system", EDITIONS)
def test_colour_split_completing_gives_the_pairing_of_the_full_matchings(
        system: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each last round in which 8.13 (b) settled the completing bracket, paired again without
    it (the weighted matchings over the bracket and every lower player): the same boards and
    bye."""
    used = paired_alike_without(
        get_system(system), last_rounds(system), monkeypatch,
        [Spy(tied, "colour_split_completing", settled("settled"))],
        [StandIn(tied, "colour_split_completing", lambda ctx: None)],
        again_when="settled")
    print(system, dict(used))
    assert used["rounds"] >= 8


def _player(pid: int, colours: tuple[Colour, ...], pref: Colour, strength: int,
            topscorer: bool, opponents: frozenset[int] = frozenset()) -> PairingPlayer:
    return PairingPlayer(id=pid, score=30, colours=colours, opponents=opponents, pref=pref,
                         strength=strength, cd=2, float1=None, float2=Float.DOWN, bye_ok=True,
                         topscorer=topscorer, unplayed=0, rank=pid - 1, paired_number=pid)


def _alike_players(n: int) -> list[PairingPlayer]:
    """``n`` topscorers with the history WWBW (absolute Black), 1 and 1 + n/2 having met."""
    w, b = Colour.WHITE, Colour.BLACK
    half = n // 2
    return [_player(i, (w, w, b, w), b, ABSOLUTE, True,
                    frozenset({1 + half}) if i == 1 else
                    frozenset({1}) if i == 1 + half else frozenset())
            for i in range(1, n + 1)]


def test_alike_bracket_pairs_s1_with_s2_in_d1_order() -> None:
    """Eight alike topscorers, 1 and 5 having met (C.1): D.1 gives 1 the first S2 player he
    may meet (6), then 2-5, 3-7, 4-8."""
    players = _alike_players(8)
    rnd = PairingRound(RULES_2025, players, True, None, None, 5)
    found = tied.alike_bracket(open_bracket(rnd, players, set(), [], None))
    assert found is not None
    pairs, floaters = found
    assert [(a.id, b.id) for a, b in pairs] == [(1, 6), (2, 5), (3, 7), (4, 8)]
    assert floaters == []


def test_alike_bracket_odd_leaves_the_last_s2_player_over() -> None:
    """Seven alike topscorers paired alone, 1 and 5 having met: S1 = 1-3, S2 = 4-7; D.1 gives
    1-4, 2-5, 3-6 and 7 floats (whoever floats costs the same)."""
    players = _alike_players(8)[:7]
    rnd = PairingRound(RULES_2025, players, True, None, None, 5)
    found = tied.alike_bracket(open_bracket(rnd, players, set(), [], None))
    assert found is not None
    pairs, floaters = found
    assert [(a.id, b.id) for a, b in pairs] == [(1, 4), (2, 5), (3, 6)]
    assert [p.id for p in floaters] == [7]


def test_alike_bracket_under_c4_leaves_over_a_player_who_completes_the_round() -> None:
    """2025 [C4]: seven alike topscorers over three lower players. Lower player 8 has met 9 and
    10, so the player left over must meet 8; 7 has met 8. D.1's first assignment (1-4, 2-5,
    3-6, 7 left over) does not complete the round: the next transposition of S2 (1-4, 2-5,
    3-7) leaves 6 over, who may meet 8 (8.13 (a): the left-over's completion test)."""
    players = _alike_players(8)[:7]
    players[6] = _player(7, players[6].colours, players[6].pref, ABSOLUTE, True,
                         frozenset({8}))
    for p in players:
        p.bye_ok = False
    w, b = Colour.WHITE, Colour.BLACK
    lower = [PairingPlayer(id=pid, score=20, colours=(w, b, w, b), opponents=met, pref=w,
                           strength=PreferenceStrength.MILD.value, cd=0, float1=None,
                           float2=None, bye_ok=True, topscorer=False, unplayed=0,
                           rank=pid - 1, paired_number=pid)
             for pid, met in ((8, frozenset({7, 9, 10})), (9, frozenset({8})),
                              (10, frozenset({8})))]
    rnd = PairingRound(RULES_2025, [*players, *lower], True, None, None, 5)
    found = tied.alike_bracket(open_bracket(rnd, players, set(), [], lower))
    assert found is not None
    pairs, floaters = found
    assert [(a.id, b.id) for a, b in pairs] == [(1, 4), (2, 5), (3, 7)]
    assert [p.id for p in floaters] == [6]
    assert rnd.can_complete([*floaters, *lower])


def test_alike_bracket_scope() -> None:
    """Out of scope: a player not alike (another colour history), an even bracket that must
    complete the round, an odd last bracket (its player left over gets the PAB)."""
    players = _alike_players(8)
    rnd = PairingRound(RULES_2025, players, True, None, None, 5)
    other = list(players)
    other[3] = _player(4, (Colour.WHITE, Colour.BLACK, Colour.WHITE, Colour.WHITE),
                       Colour.BLACK, ABSOLUTE, True)
    assert tied.alike_bracket(open_bracket(rnd, other, set(), [], None)) is None
    assert tied.alike_bracket(open_bracket(rnd, players[:4], set(), [], players[4:])) is None
    assert tied.alike_bracket(open_bracket(rnd, players[:7], set(), [], [])) is None


def odd_last_rounds(system: str) -> Iterator[RoundToPair]:
    """The last round (3-5) of events of 21-101 players, an odd number (a PAB), after rounds
    where White won every game or nearly (97 %): the last bracket holds the MDPs of the
    bracket above and one more resident than them (docs/dutch.md 8.15)."""
    for n in range(21, 103, 8):
        for rate in (1.0, 0.97):
            for played in (2, 3, 4):
                yield ((n, rate, played),
                       white_mostly_event(n, played, rate, system, 7 * n + played,
                                          total_rounds=played + 1),
                       played + 1)


@pytest.mark.parametrize("system", EDITIONS)
def test_odd_last_bracket_gives_the_pairing_of_the_full_matchings(
        system: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each last round of an odd field in which 8.15 settled the last bracket (one more
    resident than MDPs, the best PAB receiver left over), paired again without it (the
    weighted matchings with the PAB vertex): the same boards and bye. Counted apart: rounds
    where the eligible residents differ in their PAB row (the choice of the receiver
    matters). 2012: the same with its rows (B1.b, D4; docs/dutch.md 8.17 (c))."""
    kinds: Counter[str] = Counter()

    def tally(out: object, ctx: Bracket) -> str | None:
        if out is None:
            return None
        mdps = [p for p in ctx.players if p.id in ctx.mdp_ids]
        gains = {odd_last_bracket.receiver_gain(ctx, mdps[0], p)
                 for p in ctx.players if p.id not in ctx.mdp_ids and p.bye_ok}
        if len(gains) > 1:
            kinds["receivers differ"] += 1
        return "settled"

    used = paired_alike_without(
        get_system(system), chain(odd_last_rounds(system), last_rounds(system)), monkeypatch,
        [Spy(odd_last_bracket, "pab_receiver_candidate", tally)],
        [StandIn(odd_last_bracket, "pab_receiver_candidate", lambda ctx: None)],
        again_when="settled")
    print(system, dict(used), dict(kinds))
    assert used["rounds"] >= 10
    assert kinds["receivers differ"] >= 3


def _last_bracket_players() -> list[PairingPlayer]:
    """Round 3: MDPs 1 and 2 (2 points, mild White), residents 3-5 (1 point, WW: absolute
    Black, so they may not meet, C.3 / [C3]); 3 floated up in round 2 and has an unplayed
    game."""
    w, b = Colour.WHITE, Colour.BLACK

    def player(pid: int, score: int, colours: tuple[Colour, ...], pref: Colour, strength: int,
               cd: int, float1: Float | None, unplayed: int) -> PairingPlayer:
        return PairingPlayer(id=pid, score=score, colours=colours, opponents=frozenset(),
                             pref=pref, strength=strength, cd=cd, float1=float1, float2=None,
                             bye_ok=True, topscorer=False, unplayed=unplayed, rank=pid - 1,
                             paired_number=pid)

    mild = PreferenceStrength.MILD.value  # the MDPs' own terms: the same in every candidate
    return [player(1, 20, (w, b), w, mild, 0, None, 0),
            player(2, 20, (b, w), w, mild, 0, None, 0),
            player(3, 10, (w, w), b, ABSOLUTE, 2, Float.UP, 1),
            player(4, 10, (w, w), b, ABSOLUTE, 2, None, 0),
            player(5, 10, (w, w), b, ABSOLUTE, 2, None, 0)]


@pytest.mark.parametrize(("rules", "pairs", "receiver"), [
    # 2017: C.13 (fewest upfloaters, here MDP opponents, who floated up the round before):
    # 3 should not meet an MDP
    (RULES_2017, [(1, 4), (2, 5)], 3),
    # 2025: [C9] (2.3.4) first: the PAB receiver with the fewest unplayed games, 4 or 5;
    # they tie on the rest, D.1 then pairs 1-3, 2-4
    (RULES_2025, [(1, 3), (2, 4)], 5),
])
def test_odd_last_bracket_leaves_the_best_pab_receiver_over(
        rules: DutchRules, pairs: list[tuple[int, int]], receiver: int,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """8.15 on a hand-made last bracket, and the weighted matchings (the shortcut off) agree."""
    players = _last_bracket_players()
    rnd = PairingRound(rules, players, False, None, None, 3)
    found = odd_last_bracket.pab_receiver_candidate(open_bracket(rnd, players, {1, 2}, [], []))
    assert found is not None
    assert [(a.id, b.id) for a, b in found[0]] == pairs
    assert [p.id for p in found[1]] == [receiver]
    monkeypatch.setattr(odd_last_bracket, "pab_receiver_candidate", lambda ctx: None)
    full = generation.run(open_bracket(rnd, players, {1, 2}, [], []))
    assert sorted(tuple(sorted((a.id, b.id))) for a, b in full.pairs) == pairs
    assert [p.id for p in full.floaters] == [receiver]


@pytest.mark.parametrize("system", EDITIONS)
def test_cheapest_floaters_completing_gives_the_pairing_of_the_full_matchings(
        system: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each last round in which 8.17 settled the completing bracket (at most one MDP, earlier
    floats differing within a colour), paired again without it (the weighted matchings over
    the bracket and every lower player): the same boards and bye. Counted apart: brackets
    with an MDP, brackets whose residents of one preference differ in their downfloat cost,
    and brackets whose answer needed an exchange (D.2: an S1 player of the remainder
    floats)."""
    kinds: Counter[str] = Counter()

    def tally(out: object, ctx: Bracket) -> str | None:
        if out is None:
            return None
        assert isinstance(out, tuple)
        pairs, floaters = out
        residents = [p for p in ctx.players if p.id not in ctx.mdp_ids]
        if ctx.mdp_ids:
            kinds["mdp"] += 1
        costs: dict[object, set[object]] = {}
        for p in residents:
            costs.setdefault(p.pref, set()).add(cheapest_floaters.floater_cost(ctx, p))
        if any(len(c) > 1 for c in costs.values()):
            kinds["costs differ"] += 1
        partners = {q.id for pair in pairs for q in pair if pair[0].id in ctx.mdp_ids}
        remainder = [p for p in residents if p.id not in partners]
        s1 = remainder[:len(pairs) - len(ctx.mdp_ids)]
        if {p.id for p in s1} & {p.id for p in floaters}:
            kinds["exchange"] += 1
        return "settled"

    used = paired_alike_without(
        get_system(system), chain(odd_last_rounds(system), last_rounds(system)), monkeypatch,
        [Spy(cheapest_floaters, "cheapest_floaters_completing", tally)],
        [StandIn(cheapest_floaters, "cheapest_floaters_completing", lambda ctx: None)],
        again_when="settled")
    print(system, dict(used), dict(kinds))
    assert used["rounds"] >= 8
    assert kinds["mdp"] >= 3 and kinds["costs differ"] >= 3 and kinds["exchange"] >= 3


@pytest.mark.parametrize("system", EDITIONS)
def test_nearly_alike_bracket_gives_the_pairing_of_the_full_matchings(
        system: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each round in which 8.17 (b) settled a bracket (alike players but for a few
    exceptions), paired again without it (the weighted matchings): the same boards and bye.
    The rounds: the last rounds of 8.13's and 8.15's tests (the topscorers with a PAB in an
    earlier round). Counted apart: an exception left over, an exchange (D.2: a player of the
    first half left over), odd brackets under 2025's [C4]."""
    kinds: Counter[str] = Counter()

    def tally(out: object, ctx: Bracket) -> str | None:
        if out is None:
            return None
        assert isinstance(out, tuple)
        pairs, floaters = out
        like = Counter(tied.likeness(p) for p in ctx.players).most_common(1)[0][0]
        if any(tied.likeness(p) != like for p in floaters):
            kinds["exception left over"] += 1
        if {p.id for p in ctx.players[:len(pairs)]} & {p.id for p in floaters}:
            kinds["exchange"] += 1
        if ctx.rest:
            kinds["under [C4]"] += 1
        return "settled"

    used = paired_alike_without(
        get_system(system),
        chain(last_rounds(system), odd_topscorer_rounds(system), odd_last_rounds(system)),
        monkeypatch, [Spy(nearly_alike, "nearly_alike_bracket", tally)],
        [StandIn(nearly_alike, "nearly_alike_bracket", lambda ctx: None)],
        again_when="settled")
    print(system, dict(used), dict(kinds))
    assert used["rounds"] >= 30
    assert kinds["exception left over"] >= 2 and kinds["exchange"] >= 2
    if system == "dutch-2025":
        assert kinds["under [C4]"] >= 10


def test_nearly_alike_bracket_leaves_the_exception_over_by_an_exchange(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Nine topscorers of the last round paired alone (2017): 2-9 alike (WWBW, a downfloat two
    rounds before), 1 the exception (WBWW, an upfloat the round before). Every pair costs the
    same (the WWBW player gets White, E.3 / E.4, and a colour difference of 3, C.8), so the
    best candidates leave over the cheapest downfloater, 1 (C.14: the others floated down two
    rounds before). 1 is in S1 (1-4): the first exchange moves him down and 5 up (D.2), then
    D.1 pairs 2-6, 3-7, 4-8, 5-9. The weighted matchings agree."""
    w, b = Colour.WHITE, Colour.BLACK
    players = _alike_players(9)
    players = [PairingPlayer(id=p.id, score=p.score, colours=p.colours, opponents=frozenset(),
                             pref=p.pref, strength=p.strength, cd=p.cd, float1=p.float1,
                             float2=p.float2, bye_ok=p.bye_ok, topscorer=True, unplayed=0,
                             rank=p.rank, paired_number=p.paired_number) for p in players]
    players[0] = PairingPlayer(id=1, score=30, colours=(w, b, w, w), opponents=frozenset(),
                               pref=b, strength=ABSOLUTE, cd=2, float1=Float.UP, float2=None,
                               bye_ok=True, topscorer=True, unplayed=0, rank=0, paired_number=1)
    rnd = PairingRound(RULES_2017, players, True, None, None, 5)
    found = nearly_alike.nearly_alike_bracket(open_bracket(rnd, players, set(), [], None))
    assert found is not None
    pairs, floaters = found
    assert [(a.id, c.id) for a, c in pairs] == [(2, 6), (3, 7), (4, 8), (5, 9)]
    assert [p.id for p in floaters] == [1]
    monkeypatch.setattr(nearly_alike, "nearly_alike_bracket", lambda ctx: None)
    rnd = PairingRound(RULES_2017, players, True, None, None, 5)
    full = generation.run(open_bracket(rnd, players, set(), [], None))
    assert sorted((a.id, c.id) for a, c in full.pairs) == sorted((a.id, c.id) for a, c in pairs)
    assert [p.id for p in full.floaters] == [1]


def odd_early_rounds(system: str) -> Iterator[RoundToPair]:
    """Round 3 or 4 of 5 of odd events of 21-101 players where White won every game or nearly
    (97 %, 95 %): the bracket below the topscorers, paired alone, holds the topscorer left over
    as its MDP and residents who all prefer Black (docs/dutch.md 8.19)."""
    for n in (21, 25, 29, 33, 41, 45, 53, 61, 65, 81, 101):
        for rate in (1.0, 0.97, 0.95):
            for played in (2, 3):
                yield ((n, rate, played),
                       white_mostly_event(n, played, rate, system, 7 * n + played,
                                          total_rounds=5),
                       played + 1)


@pytest.mark.parametrize("system", ["dutch-2017", "dutch-2025"])
def test_cheapest_floaters_one_colour_gives_the_pairing_of_the_full_matchings(
        system: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each round in which 8.19 settled a bracket paired alone (residents of one preference, at
    most one MDP), paired again without it (the weighted matchings): the same boards and bye.
    Counted apart: brackets with an MDP, with a mild player, whose residents differ in their
    downfloat cost, and whose answer floats an S1 player of the remainder (D.2)."""
    kinds: Counter[str] = Counter()

    def tally(out: object, ctx: Bracket) -> str | None:
        if out is None:
            return None
        assert isinstance(out, tuple)
        pairs, floaters = out
        residents = [p for p in ctx.players if p.id not in ctx.mdp_ids]
        if ctx.mdp_ids:
            kinds["mdp"] += 1
        if any(p.strength < PreferenceStrength.STRONG.value for p in residents):
            kinds["mild"] += 1
        if len({cheapest_floaters.floater_cost(ctx, p) for p in residents}) > 1:
            kinds["costs differ"] += 1
        partners = {q.id for pair in pairs for q in pair if pair[0].id in ctx.mdp_ids}
        remainder = [p for p in residents if p.id not in partners]
        s1 = remainder[:len(pairs) - len(ctx.mdp_ids)]
        if {p.id for p in s1} & {p.id for p in floaters}:
            kinds["exchange"] += 1
        return "settled"

    used = paired_alike_without(
        get_system(system), odd_early_rounds(system), monkeypatch,
        [Spy(cheapest_floaters, "cheapest_floaters_one_colour", tally)],
        [StandIn(cheapest_floaters, "cheapest_floaters_one_colour", lambda ctx: None)],
        again_when="settled")
    print(system, dict(used), dict(kinds))
    assert used["rounds"] >= 8
    assert kinds["mdp"] >= 3 and kinds["costs differ"] >= 3 and kinds["exchange"] >= 3


@pytest.mark.parametrize("rules", [RULES_2017, RULES_2025])
def test_cheapest_floaters_one_colour_never_pairs_two_mild_players(
        rules: DutchRules, monkeypatch: pytest.MonkeyPatch) -> None:
    """8.19, hand-made: four 2-point players who all prefer Black, paired alone; 1 and 3 mild
    (BW), 2 and 4 strong (WBW). D.1's first transposition would give 1-3 and 2-4: a strong
    preference missed (2-4) where 1-4 and 2-3 miss only mild ones (C.11 / [C13]: the mild
    player of each pair takes White). The shortcut gives 1-4, 2-3, as the engine does with
    the shortcut switched off."""
    w, b = Colour.WHITE, Colour.BLACK
    mild, strong = PreferenceStrength.MILD.value, PreferenceStrength.STRONG.value

    def resident(pid: int) -> PairingPlayer:
        is_mild = pid in (1, 3)
        return PairingPlayer(id=pid, score=20, colours=(b, w) if is_mild else (w, b, w),
                             opponents=frozenset(), pref=b,
                             strength=mild if is_mild else strong, cd=0 if is_mild else 1,
                             float1=None, float2=None, bye_ok=True, topscorer=False,
                             unplayed=0, rank=pid - 1, paired_number=pid)

    players = [resident(pid) for pid in (1, 2, 3, 4)]
    rnd = PairingRound(rules, players, False, None, None, 4)
    found = cheapest_floaters.cheapest_floaters_one_colour(
        open_bracket(rnd, players, set(), [], None))
    assert found is not None
    pairs, floaters = found
    assert sorted(tuple(sorted((a.id, c.id))) for a, c in pairs) == [(1, 4), (2, 3)]
    assert floaters == []
    monkeypatch.setattr(cheapest_floaters, "cheapest_floaters_one_colour", lambda ctx: None)
    full = generation.run(open_bracket(rnd, players, set(), [], None))
    assert sorted(tuple(sorted((a.id, c.id))) for a, c in full.pairs) == [(1, 4), (2, 3)]


@pytest.mark.parametrize("system", ["dutch-2017", "dutch-2025"])
def test_cheapest_floaters_one_colour_last_bracket_gives_the_pairing_of_the_full_matchings(
        system: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """8.20 (2017), 8.22 (b) (2025, [C9]): each round in which 8.19 settled the last bracket
    (odd: the player left over receives the PAB, C.2 / A.9), paired again without the
    shortcut (the weighted matchings with the PAB vertex; 2025 with [C9]): the same boards and
    bye. Counted apart: last brackets with an MDP, whose eligible residents differ in their
    cost as the receiver, and with a resident who may not receive the PAB (C.2)."""
    kinds: Counter[str] = Counter()

    def tally(out: object, ctx: Bracket) -> str | None:
        if out is None or not ctx.complete:
            return None
        residents = [p for p in ctx.players if p.id not in ctx.mdp_ids]
        if ctx.mdp_ids:
            kinds["mdp"] += 1
        if len({cheapest_floaters.floater_cost(ctx, p) for p in residents if p.bye_ok}) > 1:
            kinds["costs differ"] += 1
        if any(not p.bye_ok for p in residents):
            kinds["ineligible"] += 1
        assert isinstance(out, tuple)
        assert len(out[1]) == len(ctx.players) % 2
        return "last"

    used = paired_alike_without(
        get_system(system), odd_early_rounds(system), monkeypatch,
        [Spy(cheapest_floaters, "cheapest_floaters_one_colour", tally)],
        [StandIn(cheapest_floaters, "cheapest_floaters_one_colour", lambda ctx: None)],
        again_when="last")
    print(system, dict(used), dict(kinds))
    assert used["rounds"] >= 8
    assert kinds["mdp"] >= 3 and kinds["costs differ"] >= 3 and kinds["ineligible"] >= 3


@pytest.mark.parametrize("eligible_last", [True, False])
def test_cheapest_floaters_one_colour_last_bracket_leaves_an_eligible_receiver_over(
        eligible_last: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """8.20 (2017), hand-made: the last bracket of round 4, MDP 1 (2 points, WWB: strong
    Black) over residents 2-7 (1 point, BWB: strong White, none with a float), odd: the player
    left over receives the PAB. All cost the same, so D.1 leaves the last BSN, 7, over; when 7
    already had the PAB (C.2: not eligible) another resident is left over. The weighted
    matchings with the PAB vertex (the shortcut off) agree."""
    w, b = Colour.WHITE, Colour.BLACK
    strong = PreferenceStrength.STRONG.value

    def player(pid: int, score: int, colours: tuple[Colour, ...], pref: Colour, cd: int,
               bye_ok: bool) -> PairingPlayer:
        return PairingPlayer(id=pid, score=score, colours=colours, opponents=frozenset(),
                             pref=pref, strength=strong, cd=cd, float1=None, float2=None,
                             bye_ok=bye_ok, topscorer=False, unplayed=0, rank=pid - 1,
                             paired_number=pid)

    players = [player(1, 20, (w, w, b), b, 1, True),
               *(player(pid, 10, (b, w, b), w, -1, pid != 7 or eligible_last)
                 for pid in range(2, 8))]
    rnd = PairingRound(RULES_2017, players, False, None, None, 4)
    found = cheapest_floaters.cheapest_floaters_one_colour(
        open_bracket(rnd, players, {1}, [], []))
    assert found is not None
    pairs, receiver = found
    assert len(receiver) == 1 and receiver[0].bye_ok
    assert (receiver[0].id == 7) is eligible_last
    monkeypatch.setattr(cheapest_floaters, "cheapest_floaters_one_colour", lambda ctx: None)
    full = generation.run(open_bracket(rnd, players, {1}, [], []))
    assert (sorted(tuple(sorted((a.id, c.id))) for a, c in full.pairs)
            == sorted(tuple(sorted((a.id, c.id))) for a, c in pairs))
    assert [p.id for p in full.floaters] == [p.id for p in receiver]


def test_sorted_costs_give_the_cheapest_with_and_without_one_player() -> None:
    """8.19 / 8.17 (a), "computed once": the costs of a pool sorted once give, for every
    player taken out of it and every count, the same least total and dearest cost as sorting
    the pool without him (the bound's old way, one sort per MDP partner). Random pools of
    two-digit costs with many ties (costs compare as tuples, digit by digit)."""
    rng = random.Random(819)
    checked = 0
    for _ in range(400):
        pool = [(rng.randint(0, 2), rng.randint(0, 3)) for _ in range(rng.randint(0, 9))]
        costs = cheapest_floaters.SortedCosts(pool, 2)
        for out in [None, *range(len(pool))]:
            left = sorted(pool[:out] + pool[out + 1:] if out is not None else pool)
            without = pool[out] if out is not None else None
            for count in range(len(left) + 2):
                if count > len(left):
                    assert costs.cheapest(count, without) is None
                    continue
                taken = left[:count]
                expected = ((sum(c[0] for c in taken), sum(c[1] for c in taken)),
                            taken[-1] if taken else None)
                assert costs.cheapest(count, without) == expected
                checked += 1
    assert checked > 5000


def test_lookahead_completing_last_gives_the_pairing_under_c4(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """8.22 (a) (2025): each round in which a bracket paired alone kept its pairing because
    ``PairingRound.lookahead_completing_last`` found a look-ahead pairing of the last bracket
    at the [C8] bound leaving over a resident who may receive the PAB (the first one found
    left over a resident who may not, [C2]), paired again without it (the bracket paired
    again under [C4] with the following scoregroup and the players below, as before): the
    same boards and bye. Counted apart: the rounds where the greedy's witness was enough, and
    where the exact matching was needed."""
    def tally(out: object, rnd: PairingRound, floaters: list[PairingPlayer],
              nxt: list[PairingPlayer]) -> str | None:
        if out is None:
            return None
        assert isinstance(out, list) and len(out) == 1 and out[0].bye_ok
        assert out[0] in nxt
        return "kept"

    used = paired_alike_without(
        get_system("dutch-2025"), odd_early_rounds("dutch-2025"), monkeypatch,
        [Spy(PairingRound, "lookahead_completing_last", tally),
         Spy(PairingRound, "_leftover",
             lambda out, *args: "exact" if len(args) > 3 and out is not None else None)],
        [StandIn(PairingRound, "lookahead_completing_last", lambda *a: None)],
        again_when="kept")
    print(dict(used))
    assert used["rounds"] >= 8


@pytest.mark.parametrize("second_eligible", [True, False])
def test_lookahead_completing_last_needs_a_pairing_at_the_bound(second_eligible: bool) -> None:
    """8.22 (a) (2025), hand-made: downfloater 1 (2 points) over the last bracket's residents
    2-5 (1 point), odd: the look-ahead pairing leaves one resident over, who must be able to
    receive the PAB ([C2], within [C4]). 1 already met 2, 3 and 4, so he must meet 5. When 5 is
    the only eligible resident no pairing at the bound leaves an eligible one over (None: the
    bracket is paired again under [C4]); when 4 is eligible too, 4 is left over (1-5, 2-3)."""
    w, b = Colour.WHITE, Colour.BLACK
    strong = PreferenceStrength.STRONG.value

    def player(pid: int, score: int, opponents: frozenset[int], bye_ok: bool) -> PairingPlayer:
        return PairingPlayer(id=pid, score=score, colours=(w, b, w) if score == 20 else (b, w, b),
                             opponents=opponents, pref=b if score == 20 else w,
                             strength=strong, cd=1 if score == 20 else -1, float1=None,
                             float2=None, bye_ok=bye_ok, topscorer=False, unplayed=0,
                             rank=pid - 1, paired_number=pid)

    floater = player(1, 20, frozenset({2, 3, 4}), True)
    residents = [player(2, 10, frozenset({1}), False), player(3, 10, frozenset({1}), False),
                 player(4, 10, frozenset({1}), second_eligible),
                 player(5, 10, frozenset(), True)]
    rnd = PairingRound(RULES_2025, [floater, *residents], False, None, None, 4)
    left = rnd.lookahead_completing_last([floater], residents)
    if second_eligible:
        assert left is not None and [p.id for p in left] == [4]
    else:
        assert left is None


@pytest.mark.parametrize("case", ["all alike", "last BSN unplayed", "mild fewer unplayed",
                                  "MDP fewer unplayed"])
def test_cheapest_floaters_one_colour_last_bracket_2025_c9(
        case: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """8.22 (b) (2025), hand-made: the last bracket of round 4, MDP 1 (2 points, WWB: strong
    Black) over residents 2-7 (1 point, preferring White), odd: the player left over receives
    the PAB, and [C9] (fewest unplayed games) ranks above [C12]/[C13] and the floats.
    *all alike*: every resident strong, none with an unplayed game: D.1 leaves the last BSN, 7,
    over (as 2017). *last BSN unplayed*: 7 has an unplayed game: another resident (6) is left
    over. *mild fewer unplayed*: every strong resident has an unplayed game, 4 (mild) none:
    [C9] makes 4 the receiver although a strong one left over would miss one strong preference
    less ([C13]); the shortcut, whose bound draws the receiver from the strong players, answers
    None. *MDP fewer unplayed*: every resident has an unplayed game, the MDP none: leaving
    the MDP over would be worse at [C7] (a 2-point downfloater), so 7 is left over. In each
    case the weighted matchings with the PAB vertex (the shortcut off) agree."""
    w, b = Colour.WHITE, Colour.BLACK
    strong, mild = PreferenceStrength.STRONG.value, PreferenceStrength.MILD.value

    def resident(pid: int) -> PairingPlayer:
        is_mild = case == "mild fewer unplayed" and pid == 4
        if case == "all alike":
            unplayed = 0
        elif case == "MDP fewer unplayed":
            unplayed = 1
        elif case == "last BSN unplayed":
            unplayed = int(pid == 7)
        else:
            unplayed = int(not is_mild)
        return PairingPlayer(id=pid, score=10, colours=(w, b) if is_mild else (b, w, b),
                             opponents=frozenset(), pref=w,
                             strength=mild if is_mild else strong, cd=0 if is_mild else -1,
                             float1=None, float2=None, bye_ok=True, topscorer=False,
                             unplayed=unplayed, rank=pid - 1, paired_number=pid)

    mdp = PairingPlayer(id=1, score=20, colours=(w, w, b), opponents=frozenset(), pref=b,
                        strength=strong, cd=1, float1=None, float2=None, bye_ok=True,
                        topscorer=False, unplayed=0, rank=0, paired_number=1)
    players = [mdp, *(resident(pid) for pid in range(2, 8))]
    rnd = PairingRound(RULES_2025, players, False, None, None, 4)
    found = cheapest_floaters.cheapest_floaters_one_colour(
        open_bracket(rnd, players, {1}, [], []))
    monkeypatch.setattr(cheapest_floaters, "cheapest_floaters_one_colour", lambda ctx: None)
    full = generation.run(open_bracket(rnd, players, {1}, [], []))
    expected = {"all alike": 7, "last BSN unplayed": 6, "mild fewer unplayed": 4,
                "MDP fewer unplayed": 7}[case]
    assert [p.id for p in full.floaters] == [expected]
    if case == "mild fewer unplayed":
        assert found is None
        return
    assert found is not None
    pairs, receiver = found
    assert [p.id for p in receiver] == [expected]
    assert (sorted(tuple(sorted((a.id, c.id))) for a, c in full.pairs)
            == sorted(tuple(sorted((a.id, c.id))) for a, c in pairs))
