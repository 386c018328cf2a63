"""Colours (C.04.1 f-h: the text has no colour rules of its own) and the publication order of
the boards (E1)."""

from __future__ import annotations

from ...model import Board
from ...model.results import Colour
from ...model.state import PlayerState
from .players import Round


def allocate_colours(rd: Round, a: int, b: int) -> tuple[int, int, str, str, str]:
    """Colours of a pair by C.04.1, the text having no colour rules of its own.

    1. f-g (B2): if only one allocation keeps both players within a colour difference of 2 and
       without a third same colour in a row, it is used;
    2. h1: each player should get the colour he has played less; when both claim the same
       colour the larger difference wins;
    3. h2: with balanced colours, the colour other than the last one played; when both
       claim the same colour, the higher-ranked player (A.2) gets his;
    4. no history for either player: lot (first colour of the tournament, XXC, default White)
       for the higher-ranked player when his pairing number is odd, the other colour when even.

    Returns (white, black, reason in English, reason in French, rule).
    """
    hi, lo = (a, b) if rd.rank[a] < rd.rank[b] else (b, a)
    ok_hi_white = rd.colour_allowed(hi, Colour.WHITE) and rd.colour_allowed(lo, Colour.BLACK)
    ok_hi_black = rd.colour_allowed(hi, Colour.BLACK) and rd.colour_allowed(lo, Colour.WHITE)
    if ok_hi_white != ok_hi_black and rd.use_b2:
        w, k = (hi, lo) if ok_hi_white else (lo, hi)
        return w, k, "colour limits (difference 2, three in a row)", \
            "limites de couleur (écart 2, trois de suite)", "C.04.1 f-g"
    want_hi, claim_hi = _claim(rd.states[hi])
    want_lo, claim_lo = _claim(rd.states[lo])
    if want_hi is None and want_lo is None:
        first = rd.t.initial_colour or Colour.WHITE
        colour = first if hi % 2 == 1 else first.opposite
        w, k = (hi, lo) if colour is Colour.WHITE else (lo, hi)
        return w, k, "no colour history: by lot (initial colour, alternating by number)", \
            "pas d'historique : tirage au sort (couleur initiale, alternée selon le numéro)", \
            "C.04.1 h"
    if want_hi is not None and want_lo is not None and want_hi is not want_lo:
        w, k = (hi, lo) if want_hi is Colour.WHITE else (lo, hi)
        rule = "C.04.1 h1" if max(claim_hi[0], claim_lo[0]) > 0 else "C.04.1 h2"
        return w, k, "both players get the colour they are due", \
            "chacun reçoit la couleur qui lui revient", rule
    # same claim or only one claim: the stronger claim wins, then the higher-ranked player
    if want_lo is not None and (want_hi is None or claim_lo > claim_hi):
        winner, colour, claim = lo, want_lo, claim_lo
    else:
        assert want_hi is not None
        winner, colour, claim = hi, want_hi, claim_hi
    other = lo if winner == hi else hi
    w, k = (winner, other) if colour is Colour.WHITE else (other, winner)
    if claim[0] > 0:
        rule, en, fr = "C.04.1 h1", f"{winner} has played {colour.opposite.name.lower()} more", \
            f"{winner} a joué plus souvent avec les {_fr(colour.opposite)}"
    else:
        rule, en, fr = "C.04.1 h2", f"{winner} alternates from his last colour", \
            f"{winner} alterne sa dernière couleur"
    if want_hi is not None and want_lo is not None and claim_hi == claim_lo:
        en += " (equal claims: the higher-ranked player, A.2)"
        fr += " (demandes égales : le mieux classé, A.2)"
    return w, k, en, fr, rule


def _claim(s: PlayerState) -> tuple[Colour | None, tuple[int, int]]:
    """The colour a player is due by C.04.1 h and how strong the claim is: (|difference|, 1)."""
    if not s.colours:
        return None, (0, 0)
    cd = s.colour_difference
    if cd:
        return (Colour.BLACK if cd > 0 else Colour.WHITE), (abs(cd), 1)
    return s.colours[-1].opposite, (0, 1)


def _fr(c: Colour) -> str:
    return "blancs" if c is Colour.WHITE else "noirs"


def publication_order(rd: Round, boards: list[Board]) -> list[Board]:
    """E1: boards by the score of the stronger player, then the sum of both scores, then the
    A.2 rank of the stronger player."""

    def key(b: Board) -> tuple[float, float, tuple[float, int, int, str, int]]:
        hi = min(b.white, b.black, key=rd.rank.__getitem__)
        sw, sb = rd.states[b.white].score, rd.states[b.black].score
        return (-rd.states[hi].score, -(sw + sb), rd.rank[hi])

    return sorted(boards, key=key)
