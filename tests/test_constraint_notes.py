"""Issue 25 item 8: the explanation says when a forbidden pair, an absence or a requested bye
changed the natural pairing. Expected pairings derived by hand from the Dutch rules (2025:
round 1, TPN order = rating order; the homogeneous bracket is split S1 = 1 2 3, S2 = 4 5 6,
and S2's transpositions are tried in lexicographic order until C1-C3 hold)."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from dutch_helpers import make
from swisspairing.interfaces.web import actions
from swisspairing.interfaces.web import models as m
from swisspairing.interfaces.web.pairing_worker import compute_pairing
from swisspairing.model.tournament import ForbiddenGroup, Tournament
from web_helpers import make_event, make_user


def _notes(t: Tournament, lang: str = "en") -> list[str]:
    _pairing, notes = compute_pairing("dutch-2025", t, 1)
    return [f"{n[lang]} [{n['rule']}]" if n["rule"] else str(n[lang]) for n in notes]


def test_a_forbidden_pair_that_changed_the_pairing_is_told() -> None:
    """Six players, 1-4 forbidden. Without it: 1-4, 2-5, 3-6 (S2 in its order 4 5 6). With it:
    4 5 6 and 4 6 5 pair 1 with 4; the next transposition, 5 4 6, gives 1-5, 2-4, 3-6."""
    t = make(6, [])
    t.forbidden_pairs = [ForbiddenGroup(frozenset({1, 4}))]
    pairing, _ = compute_pairing("dutch-2025", t, 1)
    assert {frozenset((b.white, b.black)) for b in pairing.boards} == {
        frozenset({1, 5}), frozenset({2, 4}), frozenset({3, 6})}
    en, fr = _notes(t), _notes(t, "fr")
    assert en[0] == "Before pairing: players not paired in this round, forbidden pairs"
    assert ("1 (Player 01) would have met 4 (Player 04), but they are a forbidden pair: "
            "1 meets 5 (Player 05) instead; 4 meets 2 (Player 02) [C.04.1 Art. 2]") in en
    assert ("1 (Player 01) aurait rencontré 4 (Player 04), mais c'est une paire interdite : "
            "1 rencontre 5 (Player 05) à la place ; 4 rencontre 2 (Player 02) "
            "[C.04.1 Art. 2]") in fr


def test_a_forbidden_pair_the_pairing_would_not_have_made_changed_nothing() -> None:
    """1-2 forbidden: the pairing without it is 1-4, 2-5, 3-6, which does not pair 1 with 2."""
    t = make(6, [])
    t.forbidden_pairs = [ForbiddenGroup(frozenset({1, 2}))]
    en = _notes(t)
    assert ("Forbidden pairs that changed nothing (the pairing made without them does not "
            "pair them either, and is the same): 1-2 [C.04.1 Art. 2]") in en
    assert not any("would have met" in n for n in en)


@pytest.mark.parametrize(("players", "parity"), [
    (7, "6 players are to be paired, an even number: nobody receives the pairing-allocated "
        "bye"),
    (6, "5 players are to be paired, an odd number: one of them receives the "
        "pairing-allocated bye"),
])
def test_absences_and_requested_byes_are_named_with_what_they_change(players: int,
                                                                     parity: str) -> None:
    """Player 3 asked for a half-point bye (C.04.2 3.3): not paired; with 7 players that
    leaves 6 (no PAB), with 6 it leaves 5 (a PAB, C.04.1 Art. 3)."""
    t = make(players, [], absent={3: "H"})
    en = _notes(t)
    assert "3 (Player 03) is not paired in this round: half-point bye requested [C.04.2 3.3]" in en
    assert f"Without them, {parity} [C.04.1 Art. 3]" in en
    fr = _notes(t, "fr")
    assert ("3 (Player 03) n'est pas apparié à cette ronde : exemption d'un demi-point "
            "demandée [C.04.2 3.3]") in fr


def test_nothing_is_said_without_constraints() -> None:
    notes = _notes(make(6, []))
    assert not any("Before pairing" in n for n in notes)


@pytest.mark.django_db
def test_the_round_page_shows_them_with_the_players_names() -> None:
    """Through the web app: a forbidden pair and an absence entered by the arbiter before
    round 1 are told in the explanation of the round page, in French too."""
    client = Client()
    client.force_login(make_user("arb", m.ROLE_ARBITER))
    event = make_event(players=7, rounds=3)
    by_tpn = {e.tpn: e for e in event.entrants.all()}
    actions.add_forbidden_pair(event, by_tpn[1], by_tpn[4], None)
    actions.set_request(event, by_tpn[7], 1, "Z", None)
    actions.pair_next_round(event, None)
    page = client.get(reverse("web:round", args=[event.pk, 1])).content.decode()
    notes = page.split('class="notes"')[1].split("</ol>")[0]
    assert f"7 ({by_tpn[7].name}) is not paired in this round: absent (zero-point bye)" in notes
    assert f"1 ({by_tpn[1].name}) would have met 4 ({by_tpn[4].name})" in notes
    french = client.get(reverse("web:round", args=[event.pk, 1]),
                        HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "mais c&#x27;est une paire interdite" in french
