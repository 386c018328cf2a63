"""The hall's "find yourself" box in a real browser (Debian's Chromium driven by Playwright):
what a player types is compared without case and accents, as on the server (review: "dupre"
or "elodie" hid every row; only the exact lower-case form matched)."""

from __future__ import annotations

import pytest

from browser_helpers import chromium
from swisspairing.interfaces.web import actions
from swisspairing.interfaces.web import models as m
from swisspairing.interfaces.web.imports import Candidate

NAMES = ["DUPRÉ, Éloïse", "LÉVÊQUE, Élodie", "MÜLLER, Jürgen", "García, Hélène",
         "Smith, John", "Ørsted, Łukasz"]


@pytest.mark.django_db(transaction=True)
def test_find_yourself_ignores_case_and_accents(live_server) -> None:  # type: ignore[no-untyped-def]
    from playwright.sync_api import expect

    event = m.Event.objects.create(name="Open d'Annecy", rounds=5, system="dutch-2025",
                                   initial_colour="w")
    for i, name in enumerate(NAMES):
        actions.add_entrant(event, Candidate(name, 2000 - 10 * i), None)
    actions.publish_round(actions.pair_next_round(event, None), None)
    with chromium() as browser:
        phone = browser.new_page()
        phone.set_default_timeout(30_000)
        phone.goto(f"{live_server.url}/h/{event.public_token}/")
        rows = phone.locator("table.boards tbody tr")
        shown = phone.locator("table.boards tbody tr:not(.hidden)")
        expect(rows).to_have_count(3)
        for typed, name in [("dupre", "DUPRÉ, Éloïse"), ("élodie", "LÉVÊQUE, Élodie"),
                            ("ELODIE lev", "LÉVÊQUE, Élodie"), ("muller", "MÜLLER, Jürgen"),
                            ("Garcia", "García, Hélène"), ("orsted lukasz", "Ørsted, Łukasz"),
                            ("DUPRÉ", "DUPRÉ, Éloïse")]:
            phone.fill("input.find", typed)
            expect(shown).to_have_count(1)
            expect(shown).to_contain_text(name)
        phone.fill("input.find", "nobody")
        expect(shown).to_have_count(0)
        phone.fill("input.find", "")
        expect(shown).to_have_count(3)
