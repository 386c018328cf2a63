"""The Double-Swiss system (C.04.5, in force since 1 February 2026): pairs two-game matches.

* the players and what their past matches say: :mod:`.players`;
* Art. 3 (the PAB first, the upfloaters of each top-scoregroup, the pairs in TPN order) is the
  procedure shared with the Swiss Team system, :mod:`swisspairing.systems.swiss2026`, with
  C.04.5's criteria: [C1]-[C7] as in C.04.6 and [C8] (2.3.5, = C.04.6 [C10]); [C7] and [C8]
  lapse in the last round (2.3.4, 2.3.5);
* Art. 4, the colour of game 1: :mod:`.colours`.

The tournament's rounds are game columns (``Tournament.games_per_round == 2``, match k =
columns 2k-1 and 2k); ``pair(t, r)`` pairs the match whose game 1 is column ``r`` (odd) and
returns a :class:`~swisspairing.model.Pairing` of that column: each board's White plays game 1
with White and game 2 with Black (4.4).
"""

from __future__ import annotations

from ...errors import BadRequest
from ...model import Board, Colour, Pairing, Tournament
from ...model.matches import match_number
from ..explain import Explanation
from ..swiss2026 import Rules, pair_round, upfloaters_opponents
from .colours import COLOUR_RULES, allocate
from .players import build_players

#: C.04.5 [C8] (2.3.5) - the same text as C.04.6 [C10]
C8 = upfloaters_opponents("[C8]", "2.3.5")


def total_matches(t: Tournament) -> int | None:
    """The announced number of matches: ``142``/``XXR`` count columns (two per match)."""
    if t.total_rounds is None:
        return None
    return (t.total_rounds + 1) // 2


def initial_colour(t: Tournament) -> Colour:
    """4.1: the initial-colour drawn before round 1 (``152``); from the file's first match when
    it does not say; White when nothing tells."""
    if t.initial_colour is not None:
        return t.initial_colour
    return t.inferred_initial_colour() or Colour.WHITE


class DoubleSwissSystem:
    name = "double-swiss"

    def pair(self, tournament: Tournament, round_number: int | None = None,
             explain: Explanation | None = None) -> Pairing:
        t = tournament
        column = t.next_round if round_number is None else round_number
        if column % 2 == 0:
            raise BadRequest(f"round column {column} is game 2 of match {column // 2}: a "
                             "Double-Swiss match is paired from its game-1 column (odd)")
        number = match_number(column)
        players, unpaired = build_players(t, number)
        total = total_matches(t)
        last = total is not None and number >= total
        rules = Rules("C.04.5", pair_criteria=() if last else (C8,),
                      upfloater_floats=not last)
        if explain is not None:
            explain.add(f"Match {number} (game columns {column} and {column + 1})"
                        + (": the last match, [C7] and [C8] do not apply" if last else ""),
                        f"Match {number} (colonnes de parties {column} et {column + 1})"
                        + (" : dernier match, [C7] et [C8] ne s'appliquent pas" if last else ""),
                        rule="C.04.5 2.3.4-2.3.5" if last else "")
        by_id = {p.id: p for p in players}
        forbidden = []
        if t.forbidden_pairs:
            ids = sorted(by_id)
            forbidden = [(a, b) for i, a in enumerate(ids) for b in ids[i + 1:]
                         if t.is_forbidden(a, b, column) or t.is_forbidden(a, b, column + 1)]
        result = pair_round([p.participant for p in players], rules, forbidden=forbidden,
                            explanation=explain)
        initial = initial_colour(t)
        if explain is not None and result.pairs:
            explain.add("Colours of game 1, given after the whole round is paired; game 2 has "
                        "the colours reversed",
                        "Couleurs de la partie 1, données une fois toute la ronde appariée ; la "
                        "partie 2 a les couleurs inversées", rule="C.04.5 3.3.2, 4.4")
        boards = []
        for a, b in result.pairs:
            white, black, rule = allocate(by_id[a], by_id[b], initial)
            boards.append(Board(white, black))
            if explain is not None:
                en, fr = COLOUR_RULES[rule]
                explain.add(f"board {white}-{black}: {white} has White in game 1 ({en})",
                            f"échiquier {white}-{black} : {white} a les Blancs à la partie 1 "
                            f"({fr})",
                            level=1, rule=f"C.04.5 {rule}")
        pairing = Pairing(column, boards, result.bye, dict(unpaired))
        pairing.boards = pairing.publication_order(t)
        return pairing


DOUBLE_SWISS = DoubleSwissSystem()
