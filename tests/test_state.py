"""Tests of the derived pairing state (model/state.py): scores, colour history of played games,
colour difference and preference, floats, opponents (C.04.2 D.5, D.6; GHR 3.4, 3.5; Dutch A.4,
A.6)."""

from __future__ import annotations

import pytest

from swisspairing.model import (
    Colour,
    Float,
    Player,
    PointSystem,
    PreferenceStrength,
    ResultKind,
    RoundEntry,
    Tournament,
    build_states,
)
from swisspairing.model.state import RoundRecord, every_unplayed_round_floats_down

W, B = Colour.WHITE, Colour.BLACK
OPP = {"W": W, "B": B}


def history(pattern: str) -> Tournament:
    """Player 1's history from a pattern such as ``"BWB=W"`` (C.04.2 D.5 notation): ``W``/``B``
    a drawn game with that colour against a fresh opponent, ``=`` an unplayed round (a
    forfeit win with a scheduled colour), ``u`` a pairing-allocated bye."""
    players = {1: Player(1, "P")}
    for r, ch in enumerate(pattern, start=1):
        opp = 100 + r
        players[opp] = Player(opp, f"O{r}")
        players[opp].set_entry(r, None)
        if ch in "WB":
            players[1].set_entry(r, RoundEntry.game(opp, OPP[ch], "="))
            players[opp].set_entry(r, RoundEntry.game(1, OPP[ch].opposite, "="))
        elif ch == "=":
            players[1].set_entry(r, RoundEntry.game(opp, W, "+"))
            players[opp].set_entry(r, RoundEntry.game(1, B, "-"))
        else:
            players[1].set_entry(r, RoundEntry.bye("U"))
    return Tournament(players=players)


def state_of(pattern: str):  # type: ignore[no-untyped-def]
    return build_states(history(pattern), len(pattern) + 1)[1]


@pytest.mark.parametrize(
    ("pattern", "colours"),
    [("BWB=W", "BWBW"), ("WB=WB", "WBWB"), ("BWW=B=W", "BWWBW"), ("=", ""), ("u=WuB", "WB")],
)
def test_colour_history_of_played_games_only(pattern: str, colours: str) -> None:
    """C.04.2 D.5: BWB=W is treated as =BWBW, WB=WB as =WBWB, BWW=B=W as ==BWWBW: unplayed
    rounds (forfeits, byes) leave no colour and move to the start of the history."""
    s = state_of(pattern)
    assert "".join(c.value.upper() for c in s.colours) == colours
    assert s.games_played == len(colours)
    assert s.unplayed_rounds == len(pattern) - len(colours)


@pytest.mark.parametrize(
    ("pattern", "cd", "colour", "strength"),
    [
        ("", 0, None, PreferenceStrength.NONE),  # no game played: no preference
        ("==", 0, None, PreferenceStrength.NONE),
        ("WB", 0, W, PreferenceStrength.MILD),  # balanced: alternate from the last colour
        ("BW", 0, B, PreferenceStrength.MILD),
        ("W", 1, B, PreferenceStrength.STRONG),  # difference +1: strong Black
        ("B", -1, W, PreferenceStrength.STRONG),
        ("WBW", 1, B, PreferenceStrength.STRONG),
        ("BWB", -1, W, PreferenceStrength.STRONG),
        ("WW", 2, B, PreferenceStrength.ABSOLUTE),  # difference > +1 and same colour twice
        ("BWBB", -2, W, PreferenceStrength.ABSOLUTE),
        ("WBB", -1, W, PreferenceStrength.ABSOLUTE),  # same colour in the last two games
        ("BWW", 1, B, PreferenceStrength.ABSOLUTE),
        ("BW=W", 1, B, PreferenceStrength.ABSOLUTE),  # D.5: the unplayed round does not count
        ("WB=W", 1, B, PreferenceStrength.STRONG),
        ("WWBWB", 1, B, PreferenceStrength.STRONG),
    ],
)
def test_colour_difference_and_preference(pattern: str, cd: int, colour: Colour | None,
                                          strength: PreferenceStrength) -> None:
    """Dutch 2016 A.6 (2012 A7, 2025 1.7): absolute if the colour difference is above +1 or
    below -1, or the same colour was played in the last two played games; strong for a
    difference of +1 / -1; mild for 0 (the colour other than the last one); none without a
    played game. White games count +1, Black games -1."""
    s = state_of(pattern)
    assert s.colour_difference == cd
    pref = s.preference
    assert pref.colour is colour
    assert pref.strength is strength
    assert pref.is_absolute is (strength is PreferenceStrength.ABSOLUTE)
    assert pref.is_strong is (strength is PreferenceStrength.STRONG)


def test_same_colour_streak_and_last_colour() -> None:
    s = state_of("WBB=B")
    assert s.last_colour is B
    assert s.same_colour_streak() == 3
    assert state_of("").same_colour_streak() == 0
    assert state_of("").last_colour is None


def _four() -> Tournament:
    """Four players, three rounds.

    R1: 1-2 1-0 (1 White), 3-4 1/2 (3 White).
    R2: 1-3 forfeit, 1 wins (1 scheduled White); 2-4 0-1 (2 White).
    R3: 4-1 1/2 (4 White); 2 and 3 meet again, forfeit last time not being a meeting
        (GHR 3.5): 3-2 1-0 (3 White).
    Scores before R2: 1:1, 2:0, 3:1/2, 4:1/2. Before R3: 1:2, 2:0, 3:1/2, 4:3/2.
    """
    g = RoundEntry.game
    return Tournament(players={
        1: Player(1, "A", 2400, results=[g(2, W, "1"), g(3, W, "+"), g(4, B, "=")]),
        2: Player(2, "B", 2300, results=[g(1, B, "0"), g(4, W, "0"), g(3, B, "0")]),
        3: Player(3, "C", 2200, results=[g(4, W, "="), g(1, B, "-"), g(2, W, "1")]),
        4: Player(4, "D", 2100, results=[g(3, B, "="), g(2, B, "1"), g(1, W, "=")]),
    }, total_rounds=5)


def test_scores_before_each_round() -> None:
    t = _four()
    assert {i: s.score for i, s in build_states(t, 2).items()} == {1: 1, 2: 0, 3: 0.5, 4: 0.5}
    assert {i: s.score for i, s in build_states(t, 4).items()} == {1: 2.5, 2: 0, 3: 1.5, 4: 2}
    t.point_system = PointSystem.standard(3, 1, 0)
    assert build_states(t, 4)[1].score == 7


def test_opponents_exclude_forfeits() -> None:
    """C.04.2 D.6 / GHR 3.5: a forfeited game is not a meeting; the pair may meet again."""
    s = build_states(_four(), 3)
    assert s[1].opponents == {2}
    assert s[3].opponents == {4}
    s = build_states(_four(), 4)
    assert s[1].opponents == {2, 4}
    assert s[3].opponents == {4, 2}


def test_forfeit_has_no_colour() -> None:
    """GHR 3.4: a forfeited game has no colour (the scheduled colour is ignored)."""
    s = build_states(_four(), 4)
    assert s[1].colours == (W, B)
    assert s[3].colours == (W, W)
    assert s[1].rounds[1].colour is None
    assert s[1].rounds[1].kind is ResultKind.FORFEIT_WIN


def test_round_records() -> None:
    s = build_states(_four(), 4)[4]
    assert [r.points for r in s.rounds] == [0.5, 1.0, 0.5]
    assert [r.score_before for r in s.rounds] == [0.0, 0.5, 1.5]
    assert [r.opponent_score_before for r in s.rounds] == [0.0, 0.0, 2.0]


def no_float_when_unplayed(record: RoundRecord) -> Float | None:
    return None


def test_floats_of_played_games() -> None:
    """Dutch A.4: a player paired with a lower score floats down, with a higher one floats up.

    R2: 4 (1/2) beat 2 (0): 4 floated down, 2 up. R3: 4 (3/2) drew 1 (2): 4 up, 1 down;
    3 (1/2) met 2 (0): 3 down, 2 up. R1: everyone on 0: no float.
    """
    s = build_states(_four(), 4)
    assert [s[4].float_in(r, no_float_when_unplayed) for r in (1, 2, 3)] == [
        None, Float.DOWN, Float.UP]
    assert s[2].float_in(2, no_float_when_unplayed) is Float.UP
    assert s[1].float_in(3, no_float_when_unplayed) is Float.DOWN
    assert s[3].float_in(3, no_float_when_unplayed) is Float.DOWN
    assert s[2].float_in(3, no_float_when_unplayed) is Float.UP
    assert s[1].float_in(0, no_float_when_unplayed) is None
    assert s[1].float_in(4, no_float_when_unplayed) is None


def test_unplayed_rounds_float_as_the_policy_says() -> None:
    """Forfeits and byes are unplayed: each rules version's policy decides. Dutch 2016 A.4:
    "a player who, for whatever reason, does not play" gets a downfloat (both sides of the
    R2 forfeit 1-3, whatever the scores); a policy may also say no float."""
    s = build_states(_four(), 3)
    assert s[1].float_in(2, every_unplayed_round_floats_down) is Float.DOWN
    assert s[3].float_in(2, every_unplayed_round_floats_down) is Float.DOWN
    assert s[3].float_in(2, no_float_when_unplayed) is None

    def forfeit_win_only(record: RoundRecord) -> Float | None:
        return Float.DOWN if record.kind is ResultKind.FORFEIT_WIN else None

    assert s[1].float_in(2, forfeit_win_only) is Float.DOWN
    assert s[3].float_in(2, forfeit_win_only) is None


def test_acceleration_enters_pairing_score_not_score() -> None:
    """C.04.5.1 / C.04.7: virtual points are added to the pairing score of the round only."""
    t = _four()
    t.acceleration = {1: [1.0, 1.0, 0.5], 2: [1.0]}
    s = build_states(t, 3)
    assert s[1].score == 2.0 and s[1].pairing_score == 2.5
    assert s[2].pairing_score == 0.0
    # in R1, 1 (0+1) beat 2 (0+1): equal pairing scores, no float
    assert s[1].float_in(1, no_float_when_unplayed) is None


def test_bye_facts() -> None:
    s = state_of("uW=")
    assert s.had_pairing_bye
    assert s.rounds_with(ResultKind.PAIRING_BYE, ResultKind.FORFEIT_WIN) == 2
    assert not state_of("W").had_pairing_bye


def test_empty_cells_are_zero_point_byes() -> None:
    """A round with nothing written (late entry, absence) is a zero-point bye (GHR 2.4)."""
    t = Tournament(players={1: Player(1, "A", results=[None]), 2: Player(2, "B")})
    s = build_states(t, 2)
    assert s[1].rounds[0].kind is ResultKind.ZERO_POINT_BYE
    assert s[2].rounds[0].kind is ResultKind.ZERO_POINT_BYE
    assert s[1].score == 0.0
