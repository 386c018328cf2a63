"""Colours of a Lim board (art. 12.1-12.6, first round 14.2) and the colour exchanges of the
second scrutiny (art. 12.2, 12.7)."""

from __future__ import annotations

from collections.abc import Callable

from ...model import Board, Colour
from .criteria import MAXI_RATING_GAP
from .players import LimPlayers

WHITE, BLACK = Colour.WHITE, Colour.BLACK
_FR_COLOUR = {WHITE: "les Blancs", BLACK: "les Noirs"}
_EN_COLOUR = {WHITE: "White", BLACK: "Black"}


def board_colours(players: LimPlayers, a: int, b: int, kind: str
                  ) -> tuple[Board, str, str, str]:
    """Colours of the pair ``a``-``b``: the Board and the rule deciding, with its text."""
    hi, lo = min(a, b), max(a, b)
    sa, sb = players.states[hi], players.states[lo]
    if players.r == 1 and not sa.colours and not sb.colours:
        # art. 14.2: odd-numbered players of the top half get the colour of no. 1
        first = players.t.initial_colour or WHITE
        pos = players.ids.index(hi) + 1
        c = first if pos % 2 == 1 else first.opposite
        return _give(hi, lo, c, "14.2",
                          "first-round colours: odd numbers of the top half have the colour "
                          "of no. 1",
                          "couleurs de la première ronde : les impairs de la moitié "
                          "supérieure ont la couleur du n° 1")
    legal_hi_white = players.colours_ok(hi, lo)
    legal_hi_black = players.colours_ok(lo, hi)
    if legal_hi_white != legal_hi_black:
        return _give(hi, lo, WHITE if legal_hi_white else BLACK, "12.3",
                          "the other allocation would break 12.1 a/b",
                          "l'autre attribution violerait 12.1 a/b")
    dh, dl = players.due[hi], players.due[lo]
    if dh is None and dl is None:
        return _give(hi, lo, WHITE, "12.4",
                          "no colour history: the lower number has White",
                          "aucun historique : le plus petit numéro a les Blancs")
    if dh is None or dl is None:
        if dh is None:
            assert dl is not None
            return _give(hi, lo, dl.opposite, "12.1", "one player has no history",
                              "un joueur n'a pas d'historique")
        return _give(hi, lo, dh, "12.1", "one player has no history",
                          "un joueur n'a pas d'historique")
    if dh is not dl:
        rule = "12.6" if players.r % 2 == 0 else "12.5"
        return _give(hi, lo, dh, rule, "both get their due colour",
                          "chacun reçoit sa couleur due")
    contested = dh
    ah, al = players.is_absolute(hi), players.is_absolute(lo)
    if ah != al:
        winner = hi if ah else lo
        return _give(hi, lo, contested if winner == hi else contested.opposite, "12.3",
                          f"player {winner} must change colour",
                          f"le joueur {winner} doit changer de couleur")
    # art. 12.4: go back through the histories (aligned from the end, GHR 3.4)
    ch, cl = sa.colours, sb.colours
    for i in range(1, min(len(ch), len(cl)) + 1):
        x, y = ch[-i], cl[-i]
        if x is not y:
            winner = hi if x is not contested else lo
            return _give(
                hi, lo, contested if winner == hi else contested.opposite, "12.4",
                f"both due {_EN_COLOUR[contested]}; the histories differ {i} game(s) back: "
                f"player {winner} gets {_EN_COLOUR[contested]}, alternating with that game",
                f"tous deux doivent avoir {_FR_COLOUR[contested]} ; les historiques diffèrent "
                f"{i} partie(s) en arrière : le joueur {winner} reçoit "
                f"{_FR_COLOUR[contested]}, en alternance avec cette partie",
            )
    if len(ch) == len(cl) or kind != "lower":
        winner = hi
        why_en = ("identical histories: the lower number" if len(ch) == len(cl)
                  else f"{kind} group: the lower number")
        why_fr = ("historiques identiques : le plus petit numéro" if len(ch) == len(cl)
                  else "niveau supérieur ou médian : le plus petit numéro")
    else:
        winner = lo
        why_en = "lower group: the higher number"
        why_fr = "niveau inférieur : le plus grand numéro"
    return _give(hi, lo, contested if winner == hi else contested.opposite, "12.4",
                      f"both due {_EN_COLOUR[contested]}, {why_en} ({winner}) gets it",
                      f"tous deux doivent avoir {_FR_COLOUR[contested]}, {why_fr} "
                      f"({winner}) les reçoit")

def _give(hi: int, lo: int, hi_colour: Colour, rule: str, en: str, fr: str
          ) -> tuple[Board, str, str, str]:
    board = Board(hi, lo) if hi_colour is WHITE else Board(lo, hi)
    return board, rule, en, fr


def colour_exchanges(players: LimPlayers, pairs: list[tuple[int, int]], maxi: bool,
                 note: Callable[..., None]) -> list[tuple[int, int]]:
    """Art. 12.2 (second scrutiny): exchange the opponents of two pairs when both new pairs
    are compatible and more of the four players get their due colour.

    Pairs are taken in scrutiny order; a pair where a player misses its due colour looks
    for the first other pair (after it, then before it) whose exchange helps. In
    maxi-tournaments the exchanged opponents may differ by at most 100 points (12.7).
    ``note`` records an explanation (English, French, level, rule).
    """
    pairs = list(pairs)

    def good(a: int, b: int) -> int:
        return int(players.colour_good(a, b))

    def rating(p: int) -> int:
        return players.t.players[p].rating

    changed = True
    while changed:
        changed = False
        for i, (a, b) in enumerate(pairs):
            if good(a, b):
                continue
            others = [*range(i + 1, len(pairs)), *range(i)]
            for j in others:
                c, d = pairs[j]
                before = good(a, b) + good(c, d)
                for x, y in ((c, d), (d, c)):
                    # a meets x, b meets y: b's opponent a is exchanged for y
                    if not players.meets(a, x) or not players.meets(b, y):
                        continue
                    if maxi and abs(rating(b) - rating(x)) > MAXI_RATING_GAP:
                        continue
                    if good(a, x) + good(b, y) > before:
                        pairs[i], pairs[j] = (a, x), (b, y)
                        note(
                            f"Colour exchange: {a}-{b} and {c}-{d} become {a}-{x} and "
                            f"{b}-{y}.",
                            f"Échange pour les couleurs : {a}-{b} et {c}-{d} deviennent "
                            f"{a}-{x} et {b}-{y}.",
                            level=1, rule="12.2",
                        )
                        changed = True
                        break
                if changed:
                    break
            if changed:
                break
    return pairs
