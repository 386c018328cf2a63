"""Dutch system, 2012 text: B1.b when nobody may receive the bye, and the TRF16 bye codes.

Rule text: ``../shared/seeds/dutch-2012-lim-general-rules.fr.txt`` (French): C.04.1 c, d;
C.04.3.1 A2, A5, B1.b, B5/B6, D4. See ``docs/dutch.md`` section 7.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from dutch_helpers import P, make, pairs
from swisspairing.formats.trf import write_trf
from swisspairing.interfaces.cli import main
from swisspairing.systems.dutch import (
    DUTCH_2012,
    RULES_2012,
    PairingPlayer,
    PairingRound,
    relax_bye_2012,
)


def test_every_player_scored_without_playing_the_round_is_still_paired() -> None:
    """B1.b relaxed (C.04.1 c needs one exempt player in an odd round).

    Five players. Round 1: 1-2 (1 wins, 1 White), 3-4 (3 wins, 3 White), 5 the pairing-allocated
    bye. Round 2: everybody took a half-point bye. All five scored without playing, so B1.b
    leaves nobody who may be exempt; 5 did so twice, the others once, so the bye may go to
    1, 2, 3 or 4. Scores: 1, 3, 5: 1.5; 2, 4: 0.5. Every player floated down in round 2 (B1.b),
    5 also in round 1.

    Bracket 1.5 = {1, 3, 5}, P0 = 1. 1-3 both want Black (one game with White, A7.b): a colour
    miss (B4, X), 1-5 none; 1-5 is also better by B6 (3 floats, who did not float in round 1;
    5 did). So 1-5, 3 moves down. Lowest bracket {3*, 2, 4}: 3 met 4, so 3-2; 4 is left for
    the bye (the D4 B3 factor agrees: 1^2 + 1^2 = 2 against 0 + 2^2 = 4 for 2-4 and 3 exempt).
    Expected: 1-5, 2-3, bye 4, and a warning naming B1.b.
    """
    t = make(5, [
        [(1, 2, "1"), (3, 4, "1"), (5, "U")],
        [(1, "H"), (2, "H"), (3, "H"), (4, "H"), (5, "H")],
    ])
    pairing = DUTCH_2012.pair(t, 3)
    assert pairs(pairing) == P((1, 5), (2, 3))
    assert pairing.bye == 4
    assert len(pairing.warnings) == 1
    assert "B1.b" in pairing.warnings[0]


def _all_scored_without_playing() -> str:
    """The event of the test above with a third round (2 beats 3, 4 beats 1, 5 absent without
    points), as a TRF file (the command line pairs the round after the last one with a game):
    everybody has 1.5 points, 5 scored without playing twice, the others once."""
    return write_trf(make(5, [
        [(1, 2, "1"), (3, 4, "1"), (5, "U")],
        [(1, "H"), (2, "H"), (3, "H"), (4, "H"), (5, "H")],
        [(2, 3, "1"), (4, 1, "1"), (5, "Z")],
    ]))


def test_the_command_line_says_which_rule_was_relaxed(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The arbiter is told, on standard error, in the JSON output and in ``--explain``, that
    B1.b was relaxed, and to whom the bye may go; the pairing is still written (exit code 0)."""
    path = tmp_path / "event.trf"
    path.write_text(_all_scored_without_playing(), encoding="utf-8")
    assert main(["pair", str(path), "--system", "dutch-2012", "--format", "json"]) == 0
    out, err = capsys.readouterr()
    assert "warning: B1.b relaxed" in err
    data = json.loads(out)
    assert data["round"] == 4
    assert data["bye"]["id"] in {1, 2, 3, 4}
    assert len(data["boards"]) == 2
    assert "at most 1 time(s): 1, 2, 3, 4" in err
    assert any("B1.b" in w for w in data["warnings"])
    assert main(["pair", str(path), "--system", "dutch-2012", "--explain"]) == 0
    out, _ = capsys.readouterr()
    assert "[B1.b]" in out


def _dp(pid: int, scored_unplayed: int, opponents: frozenset[int] = frozenset()) -> PairingPlayer:
    return PairingPlayer(id=pid, score=10, colours=(), opponents=opponents, pref=None, strength=0,
              cd=0, float1=None, float2=None, bye_ok=scored_unplayed == 0, topscorer=False,
              unplayed=scored_unplayed, scored_unplayed=scored_unplayed)


def _relax(players: list[PairingPlayer]) -> str | None:
    return relax_bye_2012(PairingRound(RULES_2012, players, False, None, None), players, None)


def test_the_bye_goes_only_to_those_who_scored_without_playing_the_fewest_times() -> None:
    """The least violation of B1.b: a second round scored without playing rather than a
    third. With counts 1, 2, 1 (nobody may be exempt) the players with 1 become eligible,
    the other stays not."""
    players = [_dp(1, 1), _dp(2, 2), _dp(3, 1)]
    warning = _relax(players)
    assert [p.bye_ok for p in players] == [True, False, True]
    assert warning is not None and "at most 1 time(s): 1, 3" in warning


def test_b1b_is_relaxed_when_the_only_eligible_player_cannot_be_left_out() -> None:
    """1 never scored without playing, 2 and 3 did once and have met (B1.a): with the bye to
    1 the round cannot be completed, so B1.b is relaxed for 2 and 3 (1 stays eligible)."""
    players = [_dp(1, 0), _dp(2, 1, frozenset({3})), _dp(3, 1, frozenset({2}))]
    warning = _relax(players)
    assert [p.bye_ok for p in players] == [True, True, True]
    assert warning is not None and "cannot be left out" in warning


def test_nothing_is_relaxed_while_b1b_can_be_met() -> None:
    """B1.b stands while an eligible player can be exempt with the others all paired, and in
    an even round nobody is exempt; when no relaxation of B1.b helps (everyone has met), the
    flags are left as they were."""
    odd = [_dp(1, 1), _dp(2, 1), _dp(3, 0)]
    assert _relax(odd) is None
    assert [p.bye_ok for p in odd] == [False, False, True]
    even = [_dp(1, 1), _dp(2, 1)]
    assert _relax(even) is None
    assert [p.bye_ok for p in even] == [False, False]
    everyone_met = [_dp(i, 1, frozenset({1, 2, 3} - {i})) for i in (1, 2, 3)]
    assert _relax(everyone_met) is None
    assert [p.bye_ok for p in everyone_met] == [False, False, False]


def test_a_full_point_bye_of_trf16_counts_for_the_score_groups() -> None:
    """A2/A5: the bye scores what the regulations give (TRF16 ``F`` = a win), and players are
    grouped by that score. Round 1: 1-4 and 2-5 (the higher numbers win, 4 and 5 White),
    3 a full-point bye, 6 absent (zero-point bye). Before round 2, 3, 4, 5 have 1 point,
    1, 2, 6 none. Bracket 1: S1 = {3}, S2 = {4, 5}: 3-4 first, 5 moves down to bracket 0,
    where 5-1 (an MDP with the first resident it has not met), then 2-6.
    Expected: 3-4, 5-1, 2-6. (Counting the F bye as no point would put 3 in bracket 0.)
    """
    t = make(6, [[(4, 1, "1"), (5, 2, "1"), (3, "F"), (6, "Z")]])
    pairing = DUTCH_2012.pair(t, 2)
    assert pairs(pairing) == P((3, 4), (1, 5), (2, 6))
