"""The worked tables of the Lim text: exchanges (art. 11.2, 11.3, 11.4) and round 1 (art. 14).

Every expectation is read off the French text (``../shared/seeds/dutch-2012-lim-general-rules.
fr.txt``, C.04.3.2); the compatibility that makes the text move from one column to the next is
built from "already met" relations, as the text explains each column.
"""

from __future__ import annotations

import itertools

import pytest

from swisspairing.model import Board, Colour, Player, Tournament
from swisspairing.systems.lim import LIM, Direction, exchange_sequence, propose, propose_group


def compatibility(n: int, met: set[tuple[int, int]]) -> dict[int, set[int]]:
    """Players 1..n, every pair compatible except those in ``met`` (art. 9.1: not met before)."""
    out: dict[int, set[int]] = {p: set() for p in range(1, n + 1)}
    for a, b in itertools.combinations(range(1, n + 1), 2):
        if (a, b) not in met and (b, a) not in met:
            out[a].add(b)
            out[b].add(a)
    return out


# --- art. 11.2 -------------------------------------------------------------------------------
#: The table of 11.2: the column reached when no. 1 has already met the players listed.
TABLE_11_2 = [
    (set(), [(1, 4), (2, 5), (3, 6)]),
    ({(1, 4)}, [(1, 5), (2, 4), (3, 6)]),
    ({(1, 4), (1, 5)}, [(1, 6), (2, 4), (3, 5)]),
    ({(1, 4), (1, 5), (1, 6)}, [(1, 3), (2, 5), (4, 6)]),
    ({(1, 4), (1, 5), (1, 6), (1, 3)}, [(1, 2), (3, 5), (4, 6)]),
]


@pytest.mark.parametrize(("met", "expected"), TABLE_11_2)
def test_11_2_exchanges_for_player_1(met: set[tuple[int, int]], expected: list[tuple[int, int]]
                                     ) -> None:
    """Art. 11.2: six players paired downwards. The proposed pairing (9.4) is 1-4 2-5 3-6; "if 1
    has already played 4, 4 and 5 are exchanged" giving 1-5 2-4 3-6, "and so on": the table's
    columns 1-4/2-5/3-6, 1-5/2-4/3-6, 1-6/2-4/3-5, 1-3/2-5/4-6, 1-2/3-5/4-6 are reached in turn
    when no. 1 has met 4, then 4 and 5, then 4, 5 and 6, then also 3."""
    assert propose([1, 2, 3, 4, 5, 6], compatibility(6, met)) == expected


def test_11_2_sequence_of_opponents() -> None:
    """Art. 11.2: the first row of the table lists no. 1's opponents in order: 4, 5, 6, 3, 2."""
    assert exchange_sequence([1, 2, 3, 4, 5, 6]) == [4, 5, 6, 3, 2]


# --- art. 11.3 -------------------------------------------------------------------------------
#: No. 1 has met 4 and 5, so it is paired with 6 (the example of 11.3: "6 for instance").
_ONE = {(1, 4), (1, 5)}
TABLE_11_3 = [
    (_ONE, [(1, 6), (2, 4), (3, 5)]),
    (_ONE | {(2, 4)}, [(1, 6), (2, 5), (3, 4)]),
    (_ONE | {(2, 4), (2, 5)}, [(1, 6), (2, 3), (4, 5)]),
    (_ONE | {(2, 4), (2, 5), (2, 3)}, [(1, 3), (2, 6), (4, 5)]),
    (_ONE | {(2, 4), (2, 5), (2, 3), (2, 6)}, [(1, 2), (3, 5), (4, 6)]),
]


@pytest.mark.parametrize(("met", "expected"), TABLE_11_3)
def test_11_3_exchanges_for_player_2(met: set[tuple[int, int]], expected: list[tuple[int, int]]
                                     ) -> None:
    """Art. 11.3: once 1-6 is found, "the same process is applied to no. 2": the table's
    columns 1-6/2-4/3-5, 1-6/2-5/3-4, 1-6/2-3/4-5, 1-3/2-6/4-5, 1-2/3-5/4-6 are reached in turn
    when no. 2 has met 4, then 4 and 5, then 4, 5 and 3, then also 6. The last two columns move
    no. 1 again: 11.4 "the exchanges for no. 2 must leave no. 1 a compatible opponent" (1 has
    not met 3 or 2)."""
    assert propose([1, 2, 3, 4, 5, 6], compatibility(6, met)) == expected


# --- art. 11.4 -------------------------------------------------------------------------------
#: 11.4's example: 1 and 2 have met each other and every other player of the group except 6.
_BLOCKED = {(1, 2), (1, 3), (1, 4), (1, 5), (2, 3), (2, 4), (2, 5)}


def test_11_4_a_odd_group_no_2_swapped_with_the_floater() -> None:
    """Art. 11.4 a: a group of seven; no. 7 (highest number) was to float to make it even
    (10.2). With 1-6 kept, no. 2 has no compatible opponent and becomes the floater, "exchanged
    with the floater (no. 7 originally in the group)". The six players left, 1 3 4 5 6 7, are
    proposed 1-5 3-6 4-7 (9.4): 1 has met 5, so 1-6 (11.2); the players 3 4 5 7 left are then
    proposed 3-5 and 4-7 (9.4), both compatible."""
    met = set(_BLOCKED) | {(1, 7), (2, 7)}
    pairs, floaters = propose_group(list(range(1, 8)), compatibility(7, met))
    assert floaters == [2]
    assert pairs == [(1, 6), (3, 5), (4, 7)]


def test_11_4_b_even_group_highest_remaining_floats_with_2() -> None:
    """Art. 11.4 b: the group of six had an even number of players: no. 2 floats and "the
    highest-numbered remaining player" floats with it to keep the group even. 1-6 is kept, the
    remaining 3 4 5 lose no. 5; 3-4 is paired."""
    pairs, floaters = propose_group(list(range(1, 7)), compatibility(6, _BLOCKED))
    assert sorted(floaters) == [2, 5]
    assert pairs == [(1, 6), (3, 4)]


def test_11_1_b_pairing_up_is_the_mirror() -> None:
    """Art. 11.1 b: pairing upwards the scrutiny starts with the highest number and the lower-
    numbered player of the pair is exchanged. Six players, 6 has met 3: the proposals 6-3 5-2
    4-1 (9.4 read from the bottom) become 6-2, then 5-3 and 4-1."""
    pairs, floaters = propose_group(
        list(range(1, 7)), compatibility(6, {(6, 3)}), Direction.UP
    )
    assert floaters == []
    assert pairs == [(6, 2), (5, 3), (4, 1)]


# --- art. 14 -----------------------------------------------------------------------------------
def first_round(n: int, colour: Colour | None) -> Tournament:
    t = Tournament(total_rounds=9, initial_colour=colour)
    for i in range(1, n + 1):
        t.players[i] = Player(i, f"P{i}", rating=2600 - 10 * i)
    return t


def test_14_2_forty_players_no_1_white() -> None:
    """Art. 14.2, 40 players, no. 1 drawn White: "1-21 22-2 ... 40-20" (White first): the odd
    numbers of the top half have White like no. 1, the even numbers Black."""
    pairing = LIM.pair(first_round(40, Colour.WHITE), 1)
    expected = [Board(i, i + 20) if i % 2 else Board(i + 20, i) for i in range(1, 21)]
    assert sorted(pairing.boards) == sorted(expected)
    assert pairing.bye is None
    assert pairing.boards[0] == Board(1, 21)


def test_14_2_forty_players_no_1_black() -> None:
    """Art. 14.2, no. 1 drawn Black: "21-1 2-22 23-3 4-24 ... 20-40"."""
    pairing = LIM.pair(first_round(40, Colour.BLACK), 1)
    expected = [Board(i + 20, i) if i % 2 else Board(i, i + 20) for i in range(1, 21)]
    assert sorted(pairing.boards) == sorted(expected)
    assert Board(21, 1) in pairing.boards and Board(20, 40) in pairing.boards


def test_14_1_odd_number_bye_to_the_highest_number() -> None:
    """Art. 14.1: with an odd number of players the highest pairing number (5) has the bye;
    the four others are paired 1-3, 2-4 (9.4) with 1 White, 2 Black (14.2): 1-3 and 4-2."""
    pairing = LIM.pair(first_round(5, Colour.WHITE), 1)
    assert pairing.bye == 5
    assert sorted(pairing.boards) == [Board(1, 3), Board(4, 2)]
