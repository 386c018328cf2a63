"""Name searches without case and accents (review: on the players page and the hall's check-in,
"dupré", "dupre", "élodie", "müller", "Garcia" found nothing; SQLite's ``LIKE`` folds ASCII
letters only): both match on :func:`.imports.search_key`, as the rating list does."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from swisspairing.interfaces.web import actions
from swisspairing.interfaces.web import models as m
from swisspairing.interfaces.web.imports import Candidate, matches, query_words
from web_helpers import make_user

pytestmark = pytest.mark.django_db

PLAYERS = [
    Candidate("DUPRÉ, Éloïse", 1850, "20612345", "FRA", club="Échiquier d'Annecy"),
    Candidate("LÉVÊQUE, Élodie", 2105, "651234", "FRA", club="Cercle Lyonnais"),
    Candidate("MÜLLER, Jürgen", 1720, "4612345", "GER", club="SC Köln"),
    Candidate("García, Hélène", 1600, "", "ESP", club="Madrid"),
    Candidate("Smith, John", 1500, "", "ENG", club="Hastings"),
]
QUERIES = [
    ("dupré", "DUPRÉ, Éloïse"), ("DUPRÉ", "DUPRÉ, Éloïse"), ("dupre", "DUPRÉ, Éloïse"),
    ("élodie", "LÉVÊQUE, Élodie"), ("Élodie", "LÉVÊQUE, Élodie"),
    ("elodie", "LÉVÊQUE, Élodie"), ("lévêque", "LÉVÊQUE, Élodie"),
    ("LÉVÊQUE", "LÉVÊQUE, Élodie"), ("elodie lev", "LÉVÊQUE, Élodie"),
    ("müller", "MÜLLER, Jürgen"), ("MÜLLER", "MÜLLER, Jürgen"), ("muller", "MÜLLER, Jürgen"),
    ("garcía", "García, Hélène"), ("Garcia", "García, Hélène"), ("helene", "García, Hélène"),
]


@pytest.fixture
def event() -> m.Event:
    event = m.Event.objects.create(name="Open d'Annecy", rounds=5, system="dutch-2025",
                                   initial_colour="w")
    for c in PLAYERS:
        actions.add_entrant(event, c, None)
    return event


def _players_page_finds(event: m.Event, q: str) -> list[str]:
    client = Client()
    client.force_login(make_user("viewer", m.ROLE_VIEWER))  # type: ignore[arg-type]
    r = client.get(reverse("web:players", args=[event.pk]), {"q": q}, HTTP_HX_REQUEST="true")
    assert r.status_code == 200
    page = r.content.decode()
    return [c.name for c in PLAYERS if c.name.replace("'", "&#x27;") in page]


@pytest.mark.parametrize(("query", "name"), QUERIES)
def test_the_players_page_finds_names_without_case_and_accents(event: m.Event, query: str,
                                                               name: str) -> None:
    assert _players_page_finds(event, query) == [name]


@pytest.mark.parametrize(("query", "names"), [
    ("echiquier", ["DUPRÉ, Éloïse"]), ("KÖLN", ["MÜLLER, Jürgen"]), ("651", ["LÉVÊQUE, Élodie"]),
    ("fra", ["DUPRÉ, Éloïse", "LÉVÊQUE, Élodie"]), ("nobody", [])])
def test_the_players_page_still_finds_clubs_fide_ids_and_federations(
        event: m.Event, query: str, names: list[str]) -> None:
    assert _players_page_finds(event, query) == names


@pytest.mark.parametrize(("query", "name"), QUERIES)
def test_the_check_in_finds_names_without_case_and_accents(event: m.Event, query: str,
                                                           name: str) -> None:
    r = Client().get(f"/h/{event.public_token}/checkin/", {"q": query})
    assert r.status_code == 200
    page = r.content.decode()
    assert [c.name for c in PLAYERS if c.name in page] == [name]


def test_the_check_in_by_number_and_nobody_found(event: m.Event) -> None:
    by_number = Client().get(f"/h/{event.public_token}/checkin/", {"q": "3"}).content.decode()
    assert [c.name for c in PLAYERS if c.name in by_number] == ["MÜLLER, Jürgen"]
    nobody = Client().get(f"/h/{event.public_token}/checkin/", {"q": "--"}).content.decode()
    assert not any(c.name in nobody for c in PLAYERS)


def test_matches_needs_every_word() -> None:
    assert matches(query_words("Élodie LEV"), "LÉVÊQUE, Élodie")
    assert not matches(query_words("elodie dupre"), "LÉVÊQUE, Élodie")
    assert matches(query_words("annecy"), "DUPRÉ, Éloïse", "Échiquier d'Annecy")
    assert not matches(query_words(" - "), "LÉVÊQUE, Élodie")


def test_a_search_finding_hundreds_of_players_lists_them_all(event: m.Event) -> None:
    """Over 900 found, the rows are filtered in Python rather than by a long ``IN (...)``."""
    m.Entrant.objects.bulk_create(m.Entrant(event=event, tpn=10 + i, name=f"DUPRÉ {i}, Anaïs")
                                  for i in range(950))
    client = Client()
    client.force_login(make_user("viewer", m.ROLE_VIEWER))  # type: ignore[arg-type]
    for q, count in [("dupre", 951), ("dupré anais", 950), ("anaïs 949", 1)]:
        r = client.get(reverse("web:players", args=[event.pk]), {"q": q}, HTTP_HX_REQUEST="true")
        assert f"{count} player" in r.content.decode()
