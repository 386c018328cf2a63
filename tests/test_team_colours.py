"""C.04.6 colour preferences (1.7), first-team (4.2), colour allocation (4.3) and the ``192``
codes (team-swiss.md 7). Each expected value is read off the rule text, cited per test."""

from __future__ import annotations

import pytest

from swisspairing.errors import BadRequest
from swisspairing.model import Colour
from swisspairing.model.team_state import (
    ColourModel,
    Score,
    TeamPreference,
    TeamRules,
    TeamState,
    colour_preference,
    team_rules_from_code,
)
from swisspairing.systems.team_swiss.colours import allocate, colour_cost, first_team

W, B = Colour.WHITE, Colour.BLACK
A, TB, NONE = ColourModel.TYPE_A, ColourModel.TYPE_B, ColourModel.NONE


def colours(text: str) -> list[Colour]:
    return [W if c == "W" else B for c in text]


# --- 1.7 preferences ----------------------------------------------------------------------------
@pytest.mark.parametrize(("history", "last_round", "type_a", "type_b"), [
    ("", False, None, None),                          # no played match: none
    ("BB", False, (W, False), (W, True)),             # CD -2
    ("WB", False, None, (W, False)),                  # CD 0, last B, not last round: mild W
    ("WB", True, None, None),                         # CD 0 in the last round: none
    ("WBB", False, (W, False), (W, True)),            # CD -1, last two B (strong, reading 10)
    ("BWB", False, None, (W, False)),                 # CD -1 otherwise: mild W
    ("BWW", False, (B, False), (B, True)),            # CD +1 with WW: Black
    ("WBW", False, None, (B, False)),                 # CD +1 otherwise: mild B
    ("WBBW", False, None, (B, False)),                # CD 0, last W: mild B
    ("WWBB", False, (W, False), (W, True)),           # CD 0 and BB: White
    ("WWBB", True, (W, False), (W, True)),            # last round: strong first (reading 9)
    ("BWBB", False, (W, False), (W, True)),           # CD -2
    ("WBWW", False, (B, False), (B, True)),           # CD +2
    ("BBWWB", False, None, (W, False)),               # CD -1, last two W B: mild W
])
def test_preferences_follow_the_decision_table(history: str, last_round: bool,
                                               type_a: tuple[Colour, bool] | None,
                                               type_b: tuple[Colour, bool] | None) -> None:
    h = colours(history)
    want_a = TeamPreference(*type_a) if type_a else TeamPreference(None)
    want_b = TeamPreference(*type_b) if type_b else TeamPreference(None)
    assert colour_preference(h, A, last_round) == want_a
    assert colour_preference(h, TB, last_round) == want_b
    assert colour_preference(h, NONE, last_round) == TeamPreference(None)


def test_cd_plus_one_after_two_blacks_is_no_type_a_preference() -> None:
    """team-swiss.md 1.7 note: CD = +1 with the last two matches Black gives no Type A
    preference and only a mild Black under Type B."""
    h = colours("WWWBB")
    assert colour_preference(h, A, False) == TeamPreference(None)
    assert colour_preference(h, TB, False) == TeamPreference(B, False)


# --- 4.2 / 4.3 ----------------------------------------------------------------------------------
def state(tid: int, history: str = "", score: float = 0.0, secondary: float = 0.0,
          model: ColourModel = A, last_round: bool = False) -> TeamState:
    h = colours(history)
    return TeamState(tid, score, score, secondary, score, secondary, h,
                     colour_preference(h, model, last_round), frozenset(), True, len(h), False,
                     [])


RULES_A = TeamRules()
RULES_B = TeamRules(colours=TB)
RULES_NONE = TeamRules(colours=NONE)


def test_first_team_is_score_then_secondary_then_tpn() -> None:
    """4.2.1 higher primary score, 4.2.2 higher secondary score, 4.2.3 smaller TPN; without a
    secondary score (``..._MP``) 4.2.2 is skipped."""
    assert first_team(state(5, score=3), state(2, score=2), RULES_A).id == 5
    assert first_team(state(5, score=3, secondary=9), state(2, score=3, secondary=8),
                      RULES_A).id == 5
    assert first_team(state(5, score=3, secondary=9), state(2, score=3, secondary=8),
                      TeamRules(secondary=None)).id == 2
    assert first_team(state(5, score=3, secondary=8), state(2, score=3, secondary=8),
                      RULES_A).id == 2


@pytest.mark.parametrize(("first", "initial", "first_white"), [(1, W, True), (1, B, False),
                                                               (2, W, False), (2, B, True)])
def test_431_neither_played(first: int, initial: Colour, first_white: bool) -> None:
    """4.3.1: the first-team gets the initial-colour with an odd TPN, the other colour with an
    even TPN (teams 1 and 2 or 2 and 3, the first-team has the higher score)."""
    a = state(first, score=1)
    b = state(first + 1 if first == 1 else 3, score=0)
    d = allocate(a, b, RULES_A, initial)
    assert d.rule == "4.3.1"
    assert (d.white == first) is first_white


def test_432_433_434() -> None:
    # 4.3.2: only the other team has a preference (White, CD -2): granted
    d = allocate(state(1, "WB", score=2), state(2, "BB", score=1), RULES_A, W)
    assert (d.white, d.black, d.rule) == (2, 1, "4.3.2")
    # 4.3.3: opposite preferences: both granted
    d = allocate(state(1, "WW", score=2), state(2, "BB", score=1), RULES_A, W)
    assert (d.white, d.black, d.rule) == (2, 1, "4.3.3")
    # 4.3.4: Type B, both White, only team 2 strong (BB), team 1 mild (CD -1): team 2 White
    d = allocate(state(1, "BWB", score=2, model=TB), state(2, "BB", score=1, model=TB),
                 RULES_B, W)
    assert (d.white, d.black, d.rule) == (2, 1, "4.3.4")


def test_435_lower_cd_gets_white() -> None:
    """4.3.5: -2 is lower than -1 (both prefer White under Type A: CD -2 and CD -1 with BB)."""
    d = allocate(state(1, "WBB", score=2), state(2, "BB", score=1), RULES_A, W)
    assert (d.white, d.rule) == (2, "4.3.5")


def test_436_alternates_from_the_latest_difference_counted_from_the_end() -> None:
    """4.3.6 with GHR 3.4: histories compared from their last played match back. Team 1 B W B
    W, team 2 W B: last W/B then B/W... first difference from the end: team 1 W, team 2 B ->
    team 1 Black. Type A: no preferences (CD 0, last two different)."""
    d = allocate(state(1, "BWBW", score=2), state(2, "BW", score=1), RULES_A, W)
    # from the end: team 1 W vs team 2 W (same), then B vs B (same): no difference; 4.3.7 has
    # no preference; 4.3.8: team 1 (first) last played White -> Black
    assert (d.white, d.black, d.rule) == (2, 1, "4.3.8")
    d = allocate(state(1, "BWWB", score=2), state(2, "BW", score=1), RULES_A, W)
    # from the end: B vs W differ: team 1 had Black -> White
    assert (d.white, d.black, d.rule) == (1, 2, "4.3.6")


def test_437_438_439() -> None:
    # 4.3.7: both White under Type A with equal CD and the same histories... CD -2 both
    d = allocate(state(1, "BB", score=2), state(2, "BB", score=1), RULES_A, B)
    assert (d.white, d.rule) == (1, "4.3.7")
    # 4.3.9: the first-team never had a colour; the other has W B (CD 0, no Type A preference)
    d = allocate(state(1, "", score=2), state(2, "WB", score=1), RULES_A, W)
    assert (d.white, d.black, d.rule) == (2, 1, "4.3.9")
    # no colour model: 4.3.2-4.3.4 and 4.3.7 never fire; CD decides (4.3.5)
    d = allocate(state(1, "BB", score=2, model=NONE), state(2, "B", score=1, model=NONE),
                 RULES_NONE, W)
    assert (d.white, d.rule) == (1, "4.3.5")


def test_colour_cost_counts_same_preferences() -> None:
    """[C8] one unit when both teams want the same colour; [C9] when both strongly do."""
    assert colour_cost(state(1, "BB", model=TB), state(2, "BB", model=TB)) == (1, 1)
    assert colour_cost(state(1, "BB", model=TB), state(2, "BWB", model=TB)) == (1, 0)
    assert colour_cost(state(1, "BB", model=TB), state(2, "WW", model=TB)) == (0, 0)
    assert colour_cost(state(1, "BB"), state(2, "")) == (0, 0)


# --- 192 codes ----------------------------------------------------------------------------------
@pytest.mark.parametrize(("code", "rules"), [
    ("FIDE_TEAM", TeamRules(A, Score.MP, Score.GP)),
    ("FIDE_TEAM_BAKU", TeamRules(A, Score.MP, Score.GP, True)),
    ("FIDE_TEAM_TYPEA_MP_GP", TeamRules(A, Score.MP, Score.GP)),
    ("FIDE_TEAM_TYPEB_MP_GP", TeamRules(TB, Score.MP, Score.GP)),
    ("FIDE_TEAM_TYPEA_MP", TeamRules(A, Score.MP, None)),
    ("FIDE_TEAM_TYPEB_GP_MP", TeamRules(TB, Score.GP, Score.MP)),
    ("FIDE_TEAM_MP_GP", TeamRules(NONE, Score.MP, Score.GP)),
    ("FIDE_TEAM_GP", TeamRules(NONE, Score.GP, None)),
    ("FIDE_TEAM_TYPEB_MP_GP_BAKU", TeamRules(TB, Score.MP, Score.GP, True)),
])
def test_192_codes(code: str, rules: TeamRules) -> None:
    assert team_rules_from_code(code) == rules
    assert team_rules_from_code(rules.code) == rules


def test_192_other_codes() -> None:
    assert team_rules_from_code("FIDE_DUTCH_2026") is None
    with pytest.raises(BadRequest):
        team_rules_from_code("FIDE_TEAM_TYPEC")
    with pytest.raises(BadRequest, match=r"C\.04\.7 1\.4\.4"):
        team_rules_from_code("FIDE_TEAM_GP_BAKU")
