"""Standings of a Double-Swiss tournament (C.04.5): C.07 tie-breaks on games, a single forfeited
game inside a played match counting as played (Preface), the bye counted once per match."""

from __future__ import annotations

import pytest

from conftest import cell, line001, trf_text
from swisspairing.errors import BadRequest
from swisspairing.formats.trf import parse_trf
from swisspairing.standings.ranking import rank
from swisspairing.standings.tiebreaks import parse_list

HEAD = ("012 Test", "142 4", "152 W", "162  W 1.0    D 0.5    L 0.0    P 1.5",
        "192 FIDE_DOUBLESWISS")


def _event():  # type: ignore[no-untyped-def]
    """Match 1: 1-2 where 2 forfeits game 1 only (a played match, 1 wins game 2 too), 3-4 where
    4 forfeits both games (a forfeited match), 5 the bye. Match 2: 1-3 (1-1), 2-5 (2-0), 4 absent.
    """
    lines = [
        line001(1, "A", cells=[cell(2, "w", "+"), cell(2, "b", "1"), cell(3, "w", "="),
                               cell(3, "b", "=")]),
        line001(2, "B", cells=[cell(1, "b", "-"), cell(1, "w", "0"), cell(5, "b", "1"),
                               cell(5, "w", "1")]),
        line001(3, "C", cells=[cell(4, "w", "+"), cell(4, "b", "+"), cell(1, "b", "="),
                               cell(1, "w", "=")]),
        line001(4, "D", cells=[cell(3, "b", "-"), cell(3, "w", "-"), cell(0, "-", "Z"),
                               cell(0, "-", "Z")]),
        line001(5, "E", cells=[cell(0, "-", "U"), cell(0, "-", "U"), cell(2, "w", "0"),
                               cell(2, "b", "0")]),
    ]
    return parse_trf(trf_text(*HEAD, *lines))


def test_points_and_games_won_count_a_single_forfeit_as_played() -> None:
    """WON (C.07 7.2, games won over the board): 1's forfeit win in a played match counts (the
    Preface: treated as played), 3's match won by forfeit does not."""
    st = rank(_event(), parse_list("WON"))
    points = {row.pid: row.points for row in st.rows}
    assert points == {1: 3.0, 2: 2.0, 3: 3.0, 4: 0.0, 5: 1.5}
    won = {row.pid: row.values[0] for row in st.rows}
    assert won[1] == 2 and won[3] == 0 and won[2] == 2
    assert st.rounds == 4  # the standings after match 2 = after its game 2 (column 4)


def test_standings_after_a_match_and_a_match_not_played() -> None:
    t = _event()
    assert rank(t, parse_list("WON"), 1).rounds == 2
    with pytest.raises(BadRequest, match="match 3 has not been played"):
        rank(t, parse_list("WON"), 3)


def test_exports_keep_the_two_column_matches() -> None:
    """TRF-2026 export keeps 192 FIDE_DOUBLESWISS and reads back as the same matches; TRF-16
    has no 192 record and is refused rather than written as single games."""
    from swisspairing.standings.export import write_trf16, write_trf26

    t = _event()
    text, _warnings = write_trf26(t)
    back = parse_trf(text)
    assert back.games_per_round == 2
    assert [p.results for p in back.players.values()] == [p.results for p in t.players.values()]
    assert back.warnings == []
    with pytest.raises(BadRequest, match="TRF-2026"):
        write_trf16(t)


def test_titles_name_the_match() -> None:
    from swisspairing.standings.views import crosstable, standings_table

    st = rank(_event(), parse_list("WON"))
    assert standings_table(st).title.endswith("standings after match 2 (4 games)")
    assert "après le match 2 (4 parties)" in standings_table(st, "fr").title
    assert "after match 2 (one column per game)" in crosstable(st).title
