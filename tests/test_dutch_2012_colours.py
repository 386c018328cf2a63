"""Dutch system, 2012 text: E5 after round 1.

Rule text: ``../shared/seeds/dutch-2012-lim-general-rules.fr.txt`` (French), E5: "A la 1ère
ronde tous les joueurs pairs de S1 recevront une couleur différente de tous les joueurs impairs
de S1". Reading (docs/dutch.md section 5.1): E5 numbers the players of S1, that is the players
of the scoregroup in A2 order; when E5 is reached after round 1 (neither player has a
preference or a differing colour history), the higher-ranked player's place in its scoregroup
decides: odd, the initial colour; even, the other one.
"""

from __future__ import annotations

from dutch_helpers import boards, make
from swisspairing.systems.dutch import DUTCH_2012, DUTCH_2017


def test_e5_numbers_the_players_without_a_game_among_themselves() -> None:
    """Eight players, initial colour White. Round 1: 1-4 (1 White wins), 5-3 (3 Black wins);
    2, 6, 7, 8 absent (zero-point byes). Round 2: bracket 1 = {1, 3}: 1 (W) prefers Black,
    3 (B) White: 3-1 (E1). Bracket 0 = {2, 4, 5, 6, 7, 8}: S1 = {2, 4, 5}, S2 = {6, 7, 8},
    the natural pairs meet every requirement: 2-6, 4-7, 5-8. 4 (B) prefers White: 4-7; 5 (W)
    Black: 8-5 (E1). 2 and 6 have no game: E5. The players paired without a game are 2, 6, 7,
    8; 2 is the first of its scoregroup {2, 4, 5, 6, 7, 8}, an odd player, and receives the
    initial colour: 2-6. (Numbered among all eight players paired, 2 would be the second and
    receive Black.)
    """
    t = make(8, [[(1, 4, "1"), (5, 3, "0"), (2, "Z"), (6, "Z"), (7, "Z"), (8, "Z")]])
    assert boards(DUTCH_2012.pair(t, 2)) == {(3, 1), (2, 6), (4, 7), (8, 5)}


def test_2017_e5_still_numbers_every_player_paired() -> None:
    """2017 E.5 ("the higher ranked player", in any round) is not a round-1 rule: the same
    event as above, 2 is the second of the eight players paired, an even number: Black, 6-2."""
    t = make(8, [[(1, 4, "1"), (5, 3, "0"), (2, "Z"), (6, "Z"), (7, "Z"), (8, "Z")]])
    assert (6, 2) in boards(DUTCH_2017.pair(t, 2))


def test_e5_numbers_the_players_of_the_scoregroup() -> None:
    """Eight players, initial colour White. Round 1: 3 beats 7 by forfeit (no game, no
    colour), 4 beats 8 with Black, 6 beats 1 with White, 5 gets the pairing-allocated bye, 2
    a half-point bye. Round 2, scoregroup 1 point in A2 order: 3, 4, 5, 6. C4: S1 = {3, 4},
    S2 = {5, 6}; 3-5 and 4-6 meet every requirement (4 prefers White, 6 Black: 4-6 by E1).
    3 and 5 have no game: no preference (A7.f), no E3 or E4; E5: 3 is the first player of
    S1, odd, and receives the initial colour White: 3-5. (Numbered among the players paired
    without a game, 2, 3, 5, 7, 3 would be the second and receive Black.)"""
    t = make(8, [[(3, 7, "+"), (8, 4, "0"), (6, 1, "1"), (5, "U"), (2, "H")]])
    assert {(3, 5), (4, 6)} <= boards(DUTCH_2012.pair(t, 2))
