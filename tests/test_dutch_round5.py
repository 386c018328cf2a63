"""Issue 26, round 5 after White won every game and the equal-draws round (docs/dutch.md 8.7-8.9):
three savings, each paired with and without on generated events, the same boards and bye.

* 8.7 ``completing.last_bracket_one_colour`` (2017, 2025): the last bracket whose residents may
  not meet one another and are as many as its MDPs; without it, the weighted matchings (and
  the 2017 type bound of 8.4 (d), switched off too);
* 8.8 ``PairingRound.floats_too_few`` (2012, 2017): a bracket known to be the PPB before it is
  paired without C.4; without it, the bracket is paired alone first, as A.9 reads;
* 8.9 ``ideal.first_assignment_at_bound`` (every edition): the exact search for the first
  ideal candidate when the greedy stops; without it, the weighted matchings.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import pytest

from shortcut_helpers import RoundToPair, Spy, StandIn, paired_alike_without, settled
from swisspairing.checker.generator import event_of_drawn_results
from swisspairing.model import Colour, Tournament
from swisspairing.systems import get_system
from swisspairing.systems.dutch import (
    RULES_2017,
    completing,
    generation,
    ideal,
    lowest_2012,
    without_lower,
)
from swisspairing.systems.dutch.bracket import open_bracket
from swisspairing.systems.dutch.players import ABSOLUTE, PairingPlayer
from swisspairing.systems.dutch.round import PairingRound
from test_dutch_completing import white_mostly_event


def draws_event(n: int, played: int, draw_rate: float, system: str, seed: int) -> Tournament:
    """``played`` rounds paired by ``system``, every player rated 2000 (the A.2 order is the
    pairing numbers), each game drawn with ``draw_rate``, else won by either side: the
    equal-draws round of ``benchmarks/bad_rounds.py``, small."""
    return event_of_drawn_results(
        [2000] * n, played,
        lambda x: "=" if x < draw_rate else "1" if x < (1 + draw_rate) / 2 else "0",
        system, seed)


@pytest.mark.parametrize("system", ["dutch-2017", "dutch-2025"])
def test_last_bracket_one_colour_gives_the_pairing_of_the_full_matchings(
        system: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Rounds 4-6 of events where White won (nearly) every game: each round in which the last
    bracket was settled by 8.7 is paired again without it (and without the type bound of
    8.4 (d), which would settle the 2017 collapsed last bracket otherwise): the same pairing."""
    rounds = (((n, rate, played), white_mostly_event(n, played, rate, system, 7 * n + played),
               played + 1)
              for n in (16, 20, 24, 32, 40, 48, 64, 80) for rate in (1.0, 0.97)
              for played in (3, 4, 5))
    used = paired_alike_without(
        get_system(system), rounds, monkeypatch,
        [Spy(completing, "last_bracket_one_colour", settled("settled"))],
        [StandIn(completing, "last_bracket_one_colour", lambda ctx: None),
         StandIn(lowest_2012, "first_mdp_pairing", lambda ctx, m, r: None)],
        again_when="settled")
    print(system, dict(used))
    assert used["rounds"] >= 5


@pytest.mark.parametrize("system", ["dutch-2012", "dutch-2017"])
def test_ppb_known_before_pairing_gives_the_same_round(
        system: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Rounds 3-6 of events where White won 90-100 % of the games: each round in which a
    bracket was found to be the PPB before being paired alone (8.8) is paired again the A.9
    way (the bracket paired without C.4, then tested): the same pairing."""
    checked: Counter[str] = Counter()

    def claim_checked(out: bool, rnd: PairingRound, bracket: list[PairingPlayer],
                      mdps: set[int], lower: list[PairingPlayer]) -> str | None:
        """The claim itself: when it says so, the bracket paired alone (with its look-ahead,
        as A.9 pairs it) floats players who cannot complete the round with the lower ones."""
        if not out:
            return None
        nxt = [p for p in lower if p.score == lower[0].score]
        alone = rnd.solve(bracket, mdps, nxt, None)
        assert not rnd.can_complete(alone.floaters + lower)
        checked["claims"] += 1
        return "skipped"

    rounds = (((n, rate, played), white_mostly_event(n, played, rate, system, 11 * n + played),
               played + 1)
              for n in (16, 24, 32, 40, 56, 80) for rate in (1.0, 0.95, 0.9)
              for played in (2, 3, 4, 5))
    used = paired_alike_without(
        get_system(system), rounds, monkeypatch,
        [Spy(PairingRound, "floats_too_few", claim_checked)],
        [StandIn(PairingRound, "floats_too_few", lambda *args: False)],
        again_when="skipped")
    assert checked["claims"] == used["skipped"]
    print(system, dict(used))
    assert used["rounds"] >= 5


@pytest.mark.parametrize("system", ["dutch-2012", "dutch-2017", "dutch-2025"])
def test_ideal_assignment_at_bound_gives_the_pairing_of_the_full_matchings(
        system: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Rounds 3-6 of events of equal ratings where most games are drawn (one large score group
    whose earlier games block the greedy near its end): each round in which the exact search of
    8.9 gave the ideal candidate is paired again without it (the weighted matchings): the same
    pairing."""
    def drawn_rounds() -> Iterator[RoundToPair]:
        rng = random.Random(926)
        for seed in range(48):
            n = rng.choice((20, 30, 40, 50, 61, 80, 101))
            played = rng.choice((2, 3, 4, 5))
            rate = rng.choice((0.7, 0.8, 0.9, 0.95))
            yield (seed, n, rate, played), draws_event(n, played, rate, system, seed), played + 1

    used = paired_alike_without(
        get_system(system), drawn_rounds(), monkeypatch,
        [Spy(ideal, "first_assignment_at_bound", settled("found"))],
        [StandIn(ideal, "first_assignment_at_bound", lambda *args: None)],
        again_when="found")
    print(system, dict(used))
    assert used["rounds"] >= 5


def _player(pid: int, score: int, pref: Colour, strength: int = ABSOLUTE) -> PairingPlayer:
    return PairingPlayer(id=pid, score=score, colours=(), opponents=frozenset(), pref=pref,
                         strength=strength, cd=0, float1=None, float2=None, bye_ok=True,
                         topscorer=False, unplayed=0, rank=pid)


@pytest.mark.parametrize("someone_may_stay", [True, False])
def test_ideal_assignment_at_bound_needs_someone_to_leave_over(
        someone_may_stay: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """8.9, odd: S1 = 1, 2 (mild Black), S2 = 3, 4, 5 (mild White): 1-3 and 2-4 miss nothing
    and 5 is left over. When nobody of S2 may be left over (the stand-in has no option) there
    is no assignment at all, and the search says so without a minimum-cost assignment
    (docs/dutch.md 8.9, "nobody to leave over"); otherwise it finds 1-3, 2-4."""
    black = [_player(pid, 20, Colour.BLACK, 1) for pid in (1, 2)]
    white = [_player(pid, 20, Colour.WHITE, 1) for pid in (3, 4, 5)]
    rnd = PairingRound(RULES_2017, black + white, False, None, None)
    ctx = open_bracket(rnd, black + white, set(), None, None)
    searched: list[int] = []
    real = ideal.min_cost_assignment

    def counted(*args: object, **kwargs: object) -> object:
        searched.append(1)
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(ideal, "min_cost_assignment", counted)
    found = ideal.first_assignment_at_bound(
        ctx, black, white, lambda a, b: rnd.compatible(a, b),
        lambda a, b: ideal.pair_colour_cost(ctx, a, b), lambda p: someone_may_stay, (0, 0))
    if someone_may_stay:
        assert found is not None and searched
        assert [(a.id, b.id) for a, b in found] == [(1, 3), (2, 4)]
    else:
        assert found is None and not searched


def test_floats_too_few_counts_the_pairs_the_bracket_can_make() -> None:
    """Below the bracket, four players with an absolute preference for White (who may not meet
    one another, C.3) need four opponents from above. Four players preferring Black absolutely
    cannot meet one another either: they all float, enough (not known to be the PPB); two of
    them with two mild White players make two pairs (a greedy finds them), so at most two
    float: too few, whatever the pairing (the PPB)."""
    lower = [_player(10 + i, 0, Colour.WHITE) for i in range(4)]
    blocked = [_player(i, 20, Colour.BLACK) for i in range(1, 5)]
    rnd = PairingRound(RULES_2017, blocked + lower, False, None, None)
    assert not rnd.floats_too_few(blocked, set(), lower)
    mixed = [*blocked[:2], _player(3, 20, Colour.WHITE, 1), _player(4, 20, Colour.WHITE, 1)]
    rnd = PairingRound(RULES_2017, mixed + lower, False, None, None)
    assert rnd.floats_too_few(mixed, set(), lower)
    # nothing needed from above: never the PPB by this count
    mild = [_player(10 + i, 0, Colour.WHITE, 1) for i in range(4)]
    rnd = PairingRound(RULES_2017, mixed + mild, False, None, None)
    assert not rnd.floats_too_few(mixed, set(), mild)


@pytest.mark.parametrize("system", ["dutch-2025"])
def test_limbo_opponents_fixed_gives_the_pairing_of_the_full_matchings(
        system: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Rounds 3-6 of events where White won 88-95 % of the games (the nearmiss-r5 round of
    ``bad_rounds.py``, small): each round in which a completing bracket with a Limbo was settled
    by 8.10 (``generation.limbo_opponents_fixed``: the engine's weights on the MDP-``N`` pairs
    alone) is paired again without it (the weighted matchings over the bracket and every lower
    player): the same boards and bye."""
    rounds = (((n, rate, played), white_mostly_event(n, played, rate, system, 13 * n + played),
               played + 1)
              for n in (24, 32, 40, 56, 72, 96) for rate in (0.95, 0.92, 0.88)
              for played in (2, 3, 4, 5))
    used = paired_alike_without(
        get_system(system), rounds, monkeypatch,
        [Spy(generation, "limbo_opponents_fixed", settled("settled"))],
        [StandIn(generation, "limbo_opponents_fixed", lambda ctx: None)],
        again_when="settled")
    print(system, dict(used))
    assert used["rounds"] >= 5


@pytest.mark.parametrize("system", ["dutch-2012", "dutch-2017", "dutch-2025"])
def test_matching_without_lower_players_gives_the_pairing_of_the_full_matchings(
        system: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Rounds 3-6 of events where White won 88-95 % of the games (the nearmiss-r5 round of
    ``bad_rounds.py``, small): each round in which a bracket that must complete the round was
    matched on its own players with stand-ins for its downfloaters (8.12,
    ``without_lower.match_without_lower``: the MDP-pairing's matching, the remainder's) is
    paired again without it (every lower player in those matchings): the same boards and bye."""
    rounds = (((n, rate, played), white_mostly_event(n, played, rate, system, 17 * n + played),
               played + 1)
              for n in (24, 32, 40, 56, 72, 96) for rate in (0.95, 0.92, 0.88)
              for played in (2, 3, 4, 5))
    used = paired_alike_without(
        get_system(system), rounds, monkeypatch,
        [Spy(without_lower, "match_without_lower", settled("settled"))],
        [StandIn(without_lower, "match_without_lower", lambda *args, **kwargs: None)],
        again_when="settled")
    print(system, dict(used))
    assert used["rounds"] >= 5


def _near_miss_rounds_4_and_5(system: str) -> Iterator[RoundToPair]:
    """Rounds 4 and 5 of small events where White won 88 or 95 % of the games (the near-miss
    round 4 of ``bad_rounds.py``'s ``nearmiss-r5`` history), five events a size and rate."""
    return (((n, rate, played, k),
             white_mostly_event(n, played, rate, system, 19 * n + played + 1000 * k),
             played + 1)
            for n in (48, 64, 80, 100, 120) for rate in (0.95, 0.88)
            for played in (3, 4) for k in range(5))


@pytest.mark.parametrize("system", ["dutch-2025"])
def test_downfloaters_meet_residents_gives_the_pairing_of_the_full_matchings(
        system: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Rounds 4 and 5 of events where White won 88 or 95 % of the games (the near-miss round 4
    of ``bad_rounds.py``'s ``nearmiss-r5`` history, small): each round in which the [C8] bound
    under [C4] was shown by the exact test after its greedy failed (8.14,
    ``completing.downfloaters_meet_residents``) is paired again without it (the test answering
    no, as the greedy alone did: the weighted matchings over the bracket and every lower
    player): the same boards and bye."""
    rounds = _near_miss_rounds_4_and_5(system)
    used = paired_alike_without(
        get_system(system), rounds, monkeypatch,
        [Spy(completing, "downfloaters_meet_residents",
             lambda out, *args, **kwargs: "settled" if out else None)],
        [StandIn(completing, "downfloaters_meet_residents", lambda *args, **kwargs: False)],
        again_when="settled")
    print(system, dict(used))
    assert used["rounds"] >= 5


@pytest.mark.parametrize("system", ["dutch-2025"])
def test_lookahead_one_colour_block_gives_the_pairing_of_the_full_matchings(
        system: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The rounds of the test above: each round in which a bracket paired alone reached the
    [C8] bound of a following bracket holding a one-colour block larger than half of it (8.14
    (b), ``PairingRound.lookahead_one_colour_block``) is paired again without it (the bracket
    paired again with the following scoregroup in its graph, as before): the same boards and
    bye."""
    rounds = _near_miss_rounds_4_and_5(system)
    used = paired_alike_without(
        get_system(system), rounds, monkeypatch,
        [Spy(PairingRound, "lookahead_one_colour_block", settled("settled"))],
        [StandIn(PairingRound, "lookahead_one_colour_block", lambda *args, **kwargs: None)],
        again_when="settled")
    print(system, dict(used))
    assert used["rounds"] >= 4
