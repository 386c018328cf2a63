"""Issue 28: the explanation of a Double-Swiss match names the players not paired in it and
what its forbidden pairs changed (``constraint_notes.py``; match k = game columns 2k-1 and 2k,
C.04.5). Expected notes derived by hand: 8 players, match 1 pairs TPN i with TPN 4+i
(C.04.5, ``../shared/rules/double-swiss.md``: round 1, 2n players, i against n+i)."""

from __future__ import annotations

import pytest

from swisspairing.interfaces.web import actions, convert
from swisspairing.interfaces.web import models as m
from swisspairing.interfaces.web.constraint_notes import constraint_notes
from swisspairing.model import Pairing
from swisspairing.model.tournament import Board
from web_helpers import make_event

pytestmark = pytest.mark.django_db


def _texts(rnd: m.Round, lang: str = "en") -> list[str]:
    return [str(n[lang]) for n in rnd.explanation]


def test_a_requested_bye_for_the_match_is_named_and_makes_the_number_odd() -> None:
    """Player 8 requests a half-point bye for match 1 (C.04.2 3.3; C.04.5 Preface: byes are
    for whole matches): the note names them, and 7 players left is odd, so one of them
    receives the pairing-allocated bye (C.04.1 Art. 3)."""
    event = make_event(players=8, rounds=3, system="double-swiss")
    eight = event.entrants.get(tpn=8)
    m.RoundRequest.objects.create(event=event, entrant=eight, round_number=1, code="H")
    rnd = actions.pair_next_round(event, None)
    en, fr = _texts(rnd), _texts(rnd, "fr")
    assert en[0] == "Before pairing: players not paired in this match, forbidden pairs"
    assert fr[0] == ("Avant l'appariement : joueurs non appariés pour ce match, paires "
                     "interdites")
    assert en[1] == f"8 ({eight.name}) is not paired in this match: half-point bye requested"
    assert fr[1] == (f"8 ({eight.name}) n'est pas apparié pour ce match : exemption d'un "
                     "demi-point demandée")
    assert en[2].startswith("Without them, 7 players are to be paired, an odd number")
    assert rnd.explanation[1]["rule"] == "C.04.2 3.3"
    assert rnd.games.filter(black=None, game=1).count() == 1  # the bye, one row


def test_a_forbidden_pair_of_the_match_is_compared_with_the_pairing_without_it() -> None:
    """1 and 5 would meet in match 1 (i against 4+i); forbidden, the note says so and names
    whom each meets instead, as the stored boards say."""
    event = make_event(players=8, rounds=3, system="double-swiss")
    by_tpn = {e.tpn: e for e in event.entrants.all()}
    a, b = sorted((by_tpn[1], by_tpn[5]), key=lambda e: e.pk)
    m.ForbiddenPair.objects.create(event=event, first=a, second=b)
    rnd = actions.pair_next_round(event, None)
    opponent = {}
    for g in rnd.games.filter(game=1).exclude(black=None).select_related("white", "black"):
        opponent[g.white.tpn], opponent[g.black.tpn] = g.black.tpn, g.white.tpn
    assert opponent[1] != 5
    note = _texts(rnd)[1]
    assert note == (f"1 ({by_tpn[1].name}) would have met 5 ({by_tpn[5].name}), but they are "
                    f"a forbidden pair: 1 meets {opponent[1]} ({by_tpn[opponent[1]].name}) "
                    f"instead; 5 meets {opponent[5]} ({by_tpn[opponent[5]].name})")
    assert rnd.explanation[1]["rule"] == "C.04.1 Art. 2"


def test_match_two_reads_columns_three_and_four() -> None:
    """Match 2 is game columns 3 and 4: an absence written for column 4 only (a TRF's) still
    keeps the player out of the whole match; none for match 1 gives no note."""
    event = make_event(players=8, rounds=3, system="double-swiss")
    t = convert.tournament_of(event)
    t.absent.setdefault(4, {})[3] = "Z"
    pairing = Pairing(round_number=2, boards=[Board(1, 5), Board(2, 6), Board(4, 8)], bye=7)
    notes = constraint_notes("double-swiss", t, 2, pairing)
    assert [n["en"] for n in notes][1].startswith("3 ")
    assert "is not paired in this match: absent (zero-point bye)" in str(notes[1]["en"])
    assert constraint_notes("double-swiss", t, 1, pairing) == []
