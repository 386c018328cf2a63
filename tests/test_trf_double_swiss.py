"""The Double-Swiss TRF convention (C.04.5; ``../shared/cases-2026/double-swiss/README.md``):
match k is written as the round columns 2k-1 (game 1) and 2k (game 2), same opponent, colours
reversed; ``192 FIDE_DOUBLESWISS`` switches it on; ``162 P`` is the bye's value per match."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import cell, line001, trf_text
from swisspairing.errors import InputError
from swisspairing.formats.trf import parse_trf, read_trf, write_trf
from swisspairing.model.matches import MatchStatus, player_match, player_matches

CASES_2026 = Path(__file__).resolve().parents[2] / "shared" / "cases-2026"
DOUBLE = CASES_2026 / "double-swiss"
HEAD = ("012 Test", "142 6", "152 W", "162  W 1.0    D 0.5    L 0.0    P 1.5",
        "192 FIDE_DOUBLESWISS")


@pytest.mark.skipif(not DOUBLE.is_dir(), reason="../shared/cases-2026 is not next to the "
                    "repository (a copy of the repository alone)")
def test_every_double_swiss_case_round_trips() -> None:
    """Issue 28: every TRF file of ../shared/cases-2026/double-swiss is read, written and read
    again into an equal model, the writer is stable, and the points column agrees with the
    results (the bye counted once per match, not once per column)."""
    files = sorted(DOUBLE.glob("*.trf"))
    assert files
    for path in files:
        first = read_trf(path)
        assert first.games_per_round == 2, path
        text = write_trf(first)
        second = parse_trf(text, f"{path} (rewritten)")
        assert second == first, path
        assert write_trf(second) == text, path
        assert first.warnings == [], path


def _file(*players: str, head: tuple[str, ...] = HEAD) -> str:
    return trf_text(*head, *players)


def test_a_match_is_two_columns_and_the_bye_counts_once() -> None:
    text = _file(
        line001(1, "A", 2000, 3.0, [cell(2, "w", "1"), cell(2, "b", "="),
                                    cell(0, "-", "U"), cell(0, "-", "U")]),
        line001(2, "B", 1900, 0.5, [cell(1, "b", "0"), cell(1, "w", "=")]),
    )
    t = parse_trf(text)
    assert t.warnings == []
    assert t.total_points(1) == 3.0  # 1 + 1/2 + the bye 1.5 for the whole match
    m1, m2 = player_matches(t, 1, 2)
    assert m1.status is MatchStatus.PLAYED and m1.opponent == 2 and m1.points == 1.5
    assert str(m1.colour) == "w"
    assert m2.status is MatchStatus.PAIRING_BYE and m2.points == 1.5 and m2.colour is None


def test_162_without_p_gives_the_bye_a_win_and_a_draw() -> None:
    """C.04.5 1.4: unless the regulations say otherwise, the bye is worth one game won and one
    drawn; a 162 record without P gives W + D (1.5), not W as for the other systems."""
    head = (*HEAD[:3], "162  W 1.0    D 0.5    L 0.0", HEAD[4])
    t = parse_trf(_file(line001(1, "A", cells=[cell(0, "-", "U"), cell(0, "-", "U")]),
                        line001(2, "B"), head=head))
    assert t.point_system.pairing_bye == 1.5
    assert t.total_points(1) == 1.5


def test_match_forfeit_and_single_game_forfeit() -> None:
    """Preface: a match is forfeited only when a player forfeits both games; a single forfeited
    game leaves the match played (a meeting, a colour)."""
    text = _file(
        line001(1, "A", cells=[cell(2, "w", "+"), cell(2, "b", "+"), cell(3, "b", "1"),
                               cell(3, "w", "+")]),
        line001(2, "B", cells=[cell(1, "b", "-"), cell(1, "w", "-")]),
        line001(3, "C", cells=[cell(0, "-", "Z"), cell(0, "-", "Z"), cell(1, "w", "0"),
                               cell(1, "b", "-")]),
    )
    t = parse_trf(text)
    assert player_match(t, 1, 1).status is MatchStatus.FORFEIT_WIN
    assert player_match(t, 2, 1).status is MatchStatus.FORFEIT_LOSS
    assert not player_match(t, 1, 1).is_meeting and player_match(t, 1, 1).colour is None
    played = player_match(t, 1, 2)
    assert played.status is MatchStatus.PLAYED and played.is_meeting
    assert str(played.colour) == "b"


@pytest.mark.parametrize(
    ("cells_1", "cells_2", "words"),
    [
        ([cell(2, "w", "1"), cell(3, "b", "1")], [cell(1, "b", "0"), cell(0, "-", "Z")],
         "meets player 2 in game 1 but player 3 in game 2"),
        ([cell(2, "w", "1"), cell(2, "w", "1")], [cell(1, "b", "0"), cell(1, "b", "0")],
         "colour w in both games"),
        ([cell(0, "-", "U"), cell(0, "-", "Z")], [],
         "two different byes"),
        ([cell(2, "w", "1")], [cell(1, "b", "0")],
         "no cell for game 2"),
    ],
)
def test_columns_of_a_match_that_disagree_are_refused(
        cells_1: list[str], cells_2: list[str], words: str) -> None:
    """Issue 28 item 2: a file whose two columns of a match disagree is refused with the file,
    the line and both columns named."""
    p3 = line001(3, "C", cells=[cell(0, "-", "Z"), cell(1, "w", "0")]) if "player 3" in words \
        else line001(3, "C")
    text = _file(line001(1, "A", cells=cells_1), line001(2, "B", cells=cells_2), p3)
    with pytest.raises(InputError) as info:
        parse_trf(text, "t.trf")
    message = info.value.user_message()
    assert words in message
    assert message.startswith("t.trf, line 6: match 1 (columns 92-99 and 102-109)")


def test_written_file_names_the_system_and_reads_back_equal() -> None:
    t = parse_trf(_file(line001(1, "A", points=1.0, cells=[cell(2, "w", "1"), cell(2, "b", "0")]),
                        line001(2, "B", points=1.0, cells=[cell(1, "b", "0"), cell(1, "w", "1")])))
    t.headers.pop("192")
    text = write_trf(t)
    assert "192 FIDE_DOUBLESWISS" in text
    assert "162  W 1.0    D 0.5    L 0.0    P 1.5" in text
    back = parse_trf(text)
    back.headers.pop("192")
    assert back == t
