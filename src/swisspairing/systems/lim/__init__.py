"""The Lim system (FIDE C.04.3.2 "Lim Kok Ann", French text art. 8-15; C.04.4.3 since 2026).

Article numbers in comments are those of the French text (``art. 9.2``); the 2026 numbering is
the French number minus 7 (``art. 9.2`` = 2026 ``2.2``). See ``docs/lim.md`` for every reading
of an ambiguous sentence and for what the 2026 texts changed.

Outline of one round (:meth:`LimSystem.pair`, :class:`.round.LimRound`):

1. the pairing-allocated bye (art. 8.1 / 14.1; eligibility from Basic Rule 4 of 2026);
2. score groups; the median group holds the players on half the points of the rounds played;
   groups above it are paired from the top downwards, groups below it from the bottom upwards,
   the median group last (art. 9.2);
3. in each group: transfers of players without a compatible opponent (art. 9.3), the choice of
   the floater that makes the group even (art. 10.2-10.4, 10.9, 10.10), incoming floaters
   paired first (art. 10.6-10.8), then the proposed pairings of art. 9.4 scrutinised and
   exchanged in the order of art. 11.1-11.4, with colour exchanges (art. 12.2, 12.7);
4. if the median group cannot be paired, the adjacent group is undone and merged (art. 9.6);
5. colours of each board (art. 12.1-12.6, first round 14.2), last-round exception (art. 13).

Where each part lives (one module per concern):

* :mod:`.criteria` the criteria as named data (pairing directions, group kinds, floater types
  and the keys of their order, the maxi-tournament rating gap);
* :mod:`.players` the round's players: compatibility as bit sets, due colours, bye
  eligibility, past floats (:class:`LimPlayers`);
* :mod:`.bracket` score groups and floaters, the exchange tables of art. 11 from compatibility
  alone (:func:`propose`, :func:`propose_group`, :func:`exchange_sequence`);
* :mod:`.colours` the colours of a board and the colour exchanges (art. 12, 14.2);
* :mod:`.round` one round (:class:`LimRound`);
* :mod:`.system` the system object (:data:`LIM`).
"""

from __future__ import annotations

from .bracket import exchange_sequence, propose, propose_group
from .colours import board_colours
from .criteria import Direction
from .players import LimPlayers
from .round import LimRound
from .system import LIM, LimSystem

__all__ = [
    "LIM",
    "Direction",
    "LimPlayers",
    "LimRound",
    "LimSystem",
    "board_colours",
    "exchange_sequence",
    "propose",
    "propose_group",
]
