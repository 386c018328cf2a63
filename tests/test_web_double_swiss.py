"""The web app and Double-Swiss (C.04.5): its events are not built yet (issue 28 item 5), so the
app neither offers the system nor imports a Double-Swiss file; it says so in the user's
language instead of storing two-game matches as single games."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from swisspairing.errors import BadRequest
from swisspairing.interfaces.web import actions
from swisspairing.interfaces.web import models as m
from swisspairing.interfaces.web.forms import system_choices
from web_helpers import make_event, make_user

pytestmark = pytest.mark.django_db
CASE = (Path(__file__).resolve().parents[2] / "shared" / "cases-2026" / "double-swiss"
        / "d001-r02.trf")
HEAD = "012 DS\n142 4\n152 W\n192 FIDE_DOUBLESWISS\n"
LINES = "".join(f"001 {i:4d}      {name:<33} {'':>4} {'':<3} {'':>11} {'':<10}  0.0 {i:4d}\n"
                for i, name in ((1, "A"), (2, "B")))


def test_the_system_is_not_offered() -> None:
    assert "double-swiss" not in dict(system_choices())
    assert "dutch-2025" in dict(system_choices())


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_double_swiss_file_is_refused_with_a_message(lang: str) -> None:
    c = Client(HTTP_ACCEPT_LANGUAGE=lang)
    c.force_login(make_user("arb", m.ROLE_ARBITER))
    data = CASE.read_bytes() if CASE.exists() else (HEAD + LINES).encode()
    r = c.post(reverse("web:import-trf"), {"file": SimpleUploadedFile("ds.trf", data),
                                           "system": "dutch-2025"}, follow=True)
    assert r.status_code == 200
    text = r.content.decode()
    expected = ("ne peut pas encore tenir un tournoi Double-Swiss" if lang == "fr"
                else "cannot hold a Double-Swiss event yet")
    assert expected in text
    assert not m.Event.objects.exists()


def test_the_settings_action_refuses_the_system() -> None:
    event = make_event(players=4, rounds=3)
    event.system = "double-swiss"
    with pytest.raises(BadRequest, match="Double-Swiss"):
        actions.check_event_settings(event)
