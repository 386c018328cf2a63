"""The Berger tables of FIDE C.05 Annex 1 ("Berger Tables for Round-Robin Tournaments").

A round-robin of ``n`` players is played on a table of ``size`` numbers: ``n`` itself when it
is even, ``n + 1`` when it is odd, the highest number then being the rest ("bye") of the
round (C.05 Annex 1: "if there is an odd number of players, the highest number counts as a
bye"). The table has ``size - 1`` rounds; in each, every number meets one other.

How the published tables are built, read off them (each table of the handbook, 3/4 to 15/16
players, is written out by hand in ``tests/data/berger_tables.txt`` and compared with this):

* numbers ``1 .. size - 1`` stand on a circle and ``size`` stands apart;
* round ``r`` has a *head* ``h = ((r - 1) * size / 2) mod (size - 1) + 1``: in round 1 the
  head is 1, and each round moves it on by half the table (round 2 of 10 players: 6);
* board 1 is the head against ``size``: the head has White in odd rounds, ``size`` has White
  in even rounds (``1-10``, ``10-6``, ``2-10``...);
* board ``k`` (2 to ``size / 2``) is the number ``k - 1`` places after the head on the circle,
  with White, against the number ``k - 1`` places before it (round 2 of 10: ``7-5``, ``8-4``,
  ``9-3``, ``1-2``).

Double round-robins (C.05 Annex 1): the second cycle repeats the table with colours reversed,
and the handbook recommends exchanging the last two rounds of the first cycle, so that no
player gets the same colour three times running across the two cycles (see
``docs/round-robin.md``).
"""

from __future__ import annotations

from dataclasses import dataclass

#: the sizes the web app and the command line accept (C.05 Annex 1 prints 3/4 to 15/16; the
#: same construction gives the larger tables)
MIN_PLAYERS = 3
MAX_PLAYERS = 24


@dataclass(frozen=True, slots=True)
class TableGame:
    """One game of a Berger table: numbers, ``white`` plays ``black``."""

    white: int
    black: int


def table_size(players: int) -> int:
    """The Berger table used for ``players`` players: the next even number."""
    if players < 2:
        raise ValueError("a round-robin needs at least two players")
    return players + players % 2


def rounds_per_cycle(players: int) -> int:
    """Rounds of one cycle: every player meets every other once."""
    return table_size(players) - 1


def berger_round(size: int, round_number: int) -> list[TableGame]:
    """Round ``round_number`` of the Berger table of ``size`` numbers, board by board.

    ``size`` is even; ``round_number`` runs from 1 to ``size - 1``.
    """
    if size < 2 or size % 2:
        raise ValueError(f"a Berger table has an even size, not {size}")
    if not 1 <= round_number <= size - 1:
        raise ValueError(f"the table of {size} has rounds 1 to {size - 1}, not {round_number}")
    circle = size - 1

    def on_circle(position: int) -> int:  # positions wrap around 1 .. size - 1
        return (position - 1) % circle + 1

    head = ((round_number - 1) * (size // 2)) % circle + 1
    first = (TableGame(head, size) if round_number % 2 == 1 else TableGame(size, head))
    games = [first]
    for board in range(2, size // 2 + 1):
        games.append(TableGame(on_circle(head + board - 1), on_circle(head - board + 1)))
    return games


def cycle_round(players: int, cycles: int, round_number: int) -> tuple[int, bool]:
    """Which round of the table is played in ``round_number``, and whether colours are
    reversed (the second cycle of a double round-robin).

    With two cycles, the last two rounds of the first cycle are exchanged (C.05 Annex 1's
    recommendation for double round-robins); the second cycle plays the table in its own order
    with colours reversed.
    """
    per_cycle = rounds_per_cycle(players)
    if cycles not in (1, 2):
        raise ValueError("a round-robin has one or two cycles")
    if not 1 <= round_number <= per_cycle * cycles:
        raise ValueError(f"a {'double ' if cycles == 2 else ''}round-robin of {players} players "
                         f"has rounds 1 to {per_cycle * cycles}, not {round_number}")
    if round_number > per_cycle:
        return round_number - per_cycle, True
    if cycles == 2 and per_cycle >= 2 and round_number >= per_cycle - 1:
        # the last two rounds of the first cycle exchanged
        return (2 * per_cycle - 1) - round_number, False
    return round_number, False


def scheduled_games(players: int, cycles: int, round_number: int) -> list[TableGame]:
    """The games of ``round_number`` for ``players`` players numbered 1..players, in table
    order. With an odd number of players the game against the highest table number is the
    rest of the round, and is returned like the others (its ``black`` or ``white`` is
    ``players + 1``)."""
    table_round, reversed_colours = cycle_round(players, cycles, round_number)
    games = berger_round(table_size(players), table_round)
    if reversed_colours:
        games = [TableGame(g.black, g.white) for g in games]
    return games
