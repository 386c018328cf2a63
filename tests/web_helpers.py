"""Helpers of the web app tests: accounts with each role, an event filled through the actions,
the text of a PDF the app serves."""

from __future__ import annotations

import random

from swisspairing.interfaces.web import actions
from swisspairing.interfaces.web import models as m
from swisspairing.interfaces.web.imports import Candidate

#: the request headers of a French-speaking browser
FRENCH = {"HTTP_ACCEPT_LANGUAGE": "fr-FR,fr;q=0.9"}


def make_user(username: str, role: str) -> object:
    from django.contrib.auth import get_user_model

    user = get_user_model().objects.create_user(username, password="a-long-password")
    m.Profile.objects.create(user=user, role=role)
    return user


def make_event(players: int = 12, rounds: int = 5, system: str = "dutch-2025",
               seed: int = 1) -> m.Event:
    rng = random.Random(seed)
    event = m.Event.objects.create(name="Test open", rounds=rounds, system=system,
                                   initial_colour="w")
    for i in range(players):
        actions.add_entrant(event, Candidate(name=f"Player {i:02d}",
                                             rating=1400 + rng.randint(0, 1000)), None)
    return event


def play_round(event: m.Event, rng: random.Random) -> m.Round:
    """Pair, publish and enter random results for the next round."""
    rnd = actions.pair_next_round(event, None)
    actions.publish_round(rnd, None)
    for g in rnd.games.exclude(black=None):
        actions.set_result(g, rng.choice(["1-0", "0-1", "="]), None)
    return rnd


def pdf_pages(data: bytes) -> list[str]:
    """The text of each page of a PDF (pypdfium2, the renderer Chromium uses)."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(data)
    try:
        return [doc[i].get_textpage().get_text_range() for i in range(len(doc))]
    finally:
        doc.close()
