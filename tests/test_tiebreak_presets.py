"""Issue 25 item 10: tie-break presets, each from a text. The FFE's Elo-based Swiss system
(../shared/seeds/elo-based-swiss-ffe.fr.txt, E10) ranks equal scores by the direct encounter,
then the average Elo of the opponents; the usual Swiss list stays; no preset claims a FIDE
recommendation (C.07 of 2026 sets no default list)."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from swisspairing.interfaces.web import models as m
from swisspairing.interfaces.web.settings_words import PRESETS
from web_helpers import make_event, make_user

pytestmark = pytest.mark.django_db


@pytest.fixture
def chief() -> Client:
    c = Client()
    c.force_login(make_user("chief", m.ROLE_CHIEF))
    return c


def test_the_ffe_preset_is_offered_by_name_and_stores_its_list(chief: Client) -> None:
    event = make_event(players=6, rounds=5)
    url = reverse("web:event-edit", args=[event.pk])
    page = chief.get(url).content.decode()
    assert ('<option value="ffe-elo-swiss">FFE Elo-based Swiss system (E10): direct '
            "encounter, average rating of opponents</option>") in page
    french = chief.get(url, HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Système suisse à l&#x27;Elo de la FFE (E10) : confrontation directe" in french
    form = {"name": event.name, "rounds": "5", "system": "dutch-2025", "point_scheme": "fide",
            "initial_colour_choice": "w", "public": "on", "save": "1", "place": "",
            "chief_arbiter": "", "time_control": "", "start_date": "2026-04-10",
            "end_date": "2026-04-12", "tiebreaks": "", "tiebreak_preset": "ffe-elo-swiss",
            "tiebreak_1": "SB"}
    chief.post(url, form)
    event.refresh_from_db()
    assert event.tiebreaks == "DE, ARO"  # the preset wins over a choice left in the slots
    page = chief.get(url).content.decode()
    assert '<option value="ffe-elo-swiss" selected>' in page  # shown as the preset chosen


def test_no_preset_claims_a_fide_recommendation() -> None:
    assert not any("FIDE" in str(label) for label, _codes in PRESETS.values())
