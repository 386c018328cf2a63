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
    assert "after match 2 (one column per match)" in crosstable(st).title


def test_crosstable_wallchart_and_card_have_one_column_per_match() -> None:
    """Issue 28: an arbiter reads a Double-Swiss crosstable by matches. _event() after match 2:
    1 (3 points) met 2 in match 1 with White in game 1, won game 1 by forfeit and game 2 over
    the board: '+ 1'; 3 won match 1 by forfeit (4 forfeited both games: no colour, '+ +');
    5 had the bye (a whole match: PAB 1.5); 4 was absent in match 2 (ZPB 0). Totals are game
    points. The wall chart adds the running score per match; the card has one row per match
    with both games and the match's points."""
    from swisspairing.standings.views import crosstable, player_card, wallchart

    st = rank(_event(), parse_list("WON"))
    table = crosstable(st)
    assert table.headers[4:7] == ["M1", "M2", "Pts"]
    place = {row[2]: row[0] for row in table.rows}
    cells = {row[2]: row[4:6] for row in table.rows}
    assert cells["A"] == [f"{place['B']}w + 1", f"{place['C']}w ½ ½"]
    assert cells["B"] == [f"{place['A']}b - 0", f"{place['E']}b 1 1"]
    assert cells["C"] == [f"{place['D']} + +", f"{place['A']}b ½ ½"]
    assert cells["E"][0] == "PAB 1.5" and cells["D"][1] == "ZPB 0"
    assert {row[2]: row[6] for row in table.rows} == {"A": "3", "B": "2", "C": "3", "D": "0",
                                                      "E": "1.5"}
    french = crosstable(st, "fr")
    assert {row[2]: row[4] for row in french.rows}["E"] == "EXE 1,5"
    assert {row[2]: row[5] for row in french.rows}["A"] == f"{place['C']}B ½ ½"

    wall = wallchart(st.tournament, st.rounds)
    assert wall.headers[5:8] == ["M1", "M2", "Pts"]
    assert wall.rows[0][5:8] == ["2w + 1 (2)", "3w ½ ½ (3)", "3"]
    assert wall.rows[4][5:8] == ["PAB 1.5 (1.5)", "2w 0 0 (1.5)", "1.5"]

    card = player_card(st, 2)
    assert card.headers == ["Match", "Col", "No", "Opponent", "Rtg", "Pts", "G1", "G2", "Res",
                            "Score"]
    assert [row[0:3] + row[6:] for row in card.rows] == [
        ["1", "b", "1", "-", "0", "0", "0"], ["2", "b", "5", "1", "1", "2", "2"]]
    assert player_card(st, 5, "fr").rows[0][6] == "EXE"


def test_generated_event_crosstable_figures_are_the_games_points() -> None:
    """A generated Double-Swiss event (byes, single-game and match forfeits): the crosstable
    has one column per match, and every cell's figures add up to the player's two games in
    that match (a game result mark 1 ½ 0 + - is worth 1 ½ 0 1 0; a bye cell carries the
    match's points), and the cells of a row add up to its total in game points."""
    from swisspairing.checker.generator import GeneratorConfig, generate
    from swisspairing.standings.views import crosstable

    worth = {"1": 1.0, "½": 0.5, "0": 0.0, "+": 1.0, "-": 0.0}
    config = GeneratorConfig(players=11, rounds=4, forfeit_rate=0.1, half_point_bye_rate=0.05)
    seen = set()
    for seed in (3, 4):
        t = generate("double-swiss", config, seed)
        st = rank(t, parse_list("BH"))
        table = crosstable(st)
        assert table.headers[4:9] == ["M1", "M2", "M3", "M4", "Pts"]
        by_place = {int(row[0]): row[2] for row in table.rows}
        pid_of = {p.name: p.id for p in t.players.values()}
        for row in table.rows:
            total = 0.0
            pid = pid_of[row[2]]
            for k, text in enumerate(row[4:8], start=1):
                words = text.split()
                games = (t.players[pid].entry(2 * k - 1), t.players[pid].entry(2 * k))
                expected = sum(t.cell_points(g) for g in games)
                if words[0].rstrip("wb").isdigit():
                    points = sum(worth[w] for w in words[1:])
                    assert by_place[int(words[0].rstrip("wb"))] == t.players[
                        games[0].opponent].name  # type: ignore[union-attr]
                    seen.add("game")
                else:
                    points = float(words[1])
                    seen.add(words[0])
                assert points == expected, (seed, row[2], k, text)
                total += points
            assert total == float(row[8])
    assert "game" in seen and "PAB" in seen
