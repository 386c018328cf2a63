"""Dutch system, 2012 text: rounds after forfeits, where forfeited pairs may meet again.

Rule text (``../shared/seeds/dutch-2012-lim-general-rules.fr.txt``, French):

* C.04.1 b / B1.a: "Deux joueurs ne peuvent se rencontrer plus d'une fois";
* C.04.2 D2: "Exemptions, parties non encore jouées, absences ou pertes pour quelque raison que
  ce soit ne seront pas prises en compte au niveau des couleurs. Néanmoins, si un tel appariement
  se reproduit ultérieurement, il ne saurait être illégal": a forfeited game is no meeting and
  has no colour;
* B1.b: "Un joueur qui a reçu 1 point ou un demi-point sans jouer soit par exemption ou par
  forfait devient un flotteur descendant (voir A4) et ne pourra plus être exempt"; the forfeit
  loser scores nothing without playing and does not float;
* B5: no player receives the same float in two consecutive rounds;
* A7.d: in odd rounds strong preferences count as absolute.

Each expected pairing is derived from these sentences and C4 (S1[i]-S2[i], then the D1
transpositions).
"""

from __future__ import annotations

from dutch_helpers import boards, make
from swisspairing.model import Colour, RoundEntry
from swisspairing.systems.dutch import DUTCH_2012


def test_two_forfeited_pairs_meet_again_for_the_colours() -> None:
    """Four players. Round 1: 1 (White) beats 3 by forfeit, 4 beats 2 (White) by forfeit:
    no game, no colour (D2). Round 2: 1-4 and 2-3 drawn. Round 3: 1 and 4 (1.5 points) met
    in round 2, so both move down to 2 and 3 (1/2 point), who met too; with half of the
    bracket moved down, A3 pairs it as homogeneous: S1 = {1, 4}, S2 = {2, 3}. 1 and 2 played
    White once (strong Black preference), 4 and 3 Black once (strong White). The natural
    candidate 1-2, 4-3 gives two pairs with the same strong preference (A7.d, X); the first
    transposition 1-3, 4-2 grants every preference, and it pairs the two forfeited pairs
    again, which D2 allows: 3-1, 4-2."""
    t = make(4, [[(1, 3, "+"), (2, 4, "-")], [(1, 4, "="), (2, 3, "=")]])
    assert boards(DUTCH_2012.pair(t, 3)) == {(3, 1), (4, 2)}


def test_a_pair_forfeited_on_both_sides_meets_again() -> None:
    """Six players. Round 1: 1-4 not played, both absent (a double forfeit, 0 points each), 2-5
    and 3-6 drawn (2, 3 White). Round 2: scoregroup 1/2 = {2, 3, 5, 6}, S1 = {2, 3}, S2 = {5,
    6}: 2-5 met, so the first transposition, 2-6 and 3-5 (every preference granted: 6-2,
    5-3). Scoregroup 0 = {1, 4}: 1 and 4 have not met (D2), so 1-4 is the pair of the group;
    neither has a game, and by E5 1, the first player of S1, odd, gets the initial colour
    White: 1-4."""
    t = make(6, [[(1, 4, "-"), (2, 5, "="), (3, 6, "=")]])
    t.players[4].set_entry(1, RoundEntry.game(1, Colour.BLACK, "-"))
    p = DUTCH_2012.pair(t, 2)
    assert boards(p) == {(6, 2), (5, 3), (1, 4)}
    assert p.bye is None


def test_the_forfeit_winner_floats_down() -> None:
    """Eight players. Round 1: 1-8 drawn, 2 (Black) beats 6, 4 (White) beats 7, 5 beats 3 by
    forfeit. Round 2: scoregroup 1 = {2, 4, 5}, one pair and one downfloater. 5 scored a point
    without playing: by B1.b he floated down in round 1, so by B5 he must not float again.
    The natural candidate 2-4 sends 5 down; the first transposition, 2-5, sends 4 down, who
    did not float in round 1: 2-5 (2 prefers White, 5 has no game: E1). Were the forfeit win
    not a downfloat, 2-4 would be the pairing."""
    t = make(8, [[(1, 8, "="), (6, 2, "0"), (4, 7, "1"), (5, 3, "+")]])
    assert (2, 5) in boards(DUTCH_2012.pair(t, 2))
