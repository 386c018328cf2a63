"""Issue 25 item 8: the pairing explanation names the players where it lists them."""

from __future__ import annotations

import pytest

from swisspairing.interfaces.web.explanation_names import named_note

NAMES = {1: "DUPRÉ, Éloïse", 3: "MARTIN, Paul", 4: "ZÉRO, Ana", 5: "PETIT, Gaël",
         10: "BERNARD, Hélène", 11: "NGUYỄN, Ánh"}


@pytest.mark.parametrize(("note", "named"), [
    ("Bracket 1: 1, 3, 4, 5*, 11 (* = moved down)",
     "Bracket 1: 1 DUPRÉ, Éloïse, 3 MARTIN, Paul, 4 ZÉRO, Ana, 5* PETIT, Gaël, 11 NGUYỄN, Ánh"
     " (* = moved down)"),
    ("Niveau 1\u00a0: 1, 3 (* = flotteur descendant)",
     "Niveau 1\u00a0: 1 DUPRÉ, Éloïse, 3 MARTIN, Paul (* = flotteur descendant)"),
    ("pairs: 1-4, 3-11", "pairs: 1 DUPRÉ, Éloïse-4 ZÉRO, Ana, 3 MARTIN, Paul-11 NGUYỄN, Ánh"),
    ("board 4 - 1: White 4, Black 1", "board 4 - 1: White 4 ZÉRO, Ana, Black 1 DUPRÉ, Éloïse"),
    ("échiquier 4 - 1 : Blancs 4, Noirs 1",
     "échiquier 4 - 1 : Blancs 4 ZÉRO, Ana, Noirs 1 DUPRÉ, Éloïse"),
    ("10 (0) receives the pairing-allocated bye: left over by the best pairing",
     "10 BERNARD, Hélène (0) receives the pairing-allocated bye: left over by the best pairing"),
    ("5 (0,5) flotte vers le niveau suivant", "5 PETIT, Gaël (0,5) flotte vers le niveau suivant"),
    # the Double-Swiss engine's lists are separated by spaces: every item named, as the
    # single-pair note of the same explanation was (the bad-day tour found only "4-7" named)
    ("Top-scoregroup 2: 10 3 4",
     "Top-scoregroup 2: 10 BERNARD, Hélène, 3 MARTIN, Paul, 4 ZÉRO, Ana"),
    ("pairs (first identifier in TPN order): 1-4 3-11",
     "pairs (first identifier in TPN order): 1 DUPRÉ, Éloïse-4 ZÉRO, Ana, "
     "3 MARTIN, Paul-11 NGUYỄN, Ánh"),
])
def test_listed_players_are_named(note: str, named: str) -> None:
    assert named_note(note, NAMES) == named


@pytest.mark.parametrize("note", [
    "the pairing-allocated bye goes to a player with 0 points",
    "Bracket 2: 1, 99",  # 99 is no player: left as it is
    "round 3: 12 players",
    "Top-scoregroup 2: 10 99",  # 99 is no player
])
def test_other_notes_are_left_as_they_are(note: str) -> None:
    assert named_note(note, NAMES) == note
