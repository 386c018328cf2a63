"""Issue 24 (tournament day, part 1), the arbiter's data under real use: the TRF import's
system and limits (items 6, 8), control characters in every text (item 7), malformed numbers
in the arbiters' forms, the data folder's permissions and the security headers (item 19),
the late entry's renumbering, byes and the rounds' dates (item 20)."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from swisspairing.interfaces.web import models as m
from web_helpers import make_user

pytestmark = pytest.mark.django_db
ANNECY = Path(__file__).parents[1] / "examples" / "open-annecy-2026.trf"


@pytest.fixture
def arbiter() -> Client:
    c = Client()
    c.force_login(make_user("arb", m.ROLE_ARBITER))
    return c


def _annecy(system_line: str | None) -> bytes:
    """The example tournament with its record 192 replaced (None: without one)."""
    lines = ANNECY.read_text(encoding="utf-8").splitlines()
    lines = [x for x in lines if not x.startswith("192 ")]
    if system_line is not None:
        lines.insert(1, system_line)
    return ("\n".join(lines) + "\n").encode()


def _import(client: Client, data: bytes, system: str | None = None, name: str = "e.trf"):  # type: ignore[no-untyped-def]
    post: dict[str, object] = {"file": SimpleUploadedFile(name, data)}
    if system is not None:
        post["system"] = system
    return client.post(reverse("web:import-trf"), post, follow=True)


# --- item 6: the TRF import's pairing system -------------------------------------------------
@pytest.mark.parametrize(("line", "expected"), [
    ("192 FIDE_DUTCH_2026", "dutch-2025"),
    ("192 FIDE_DUTCH_2017", "dutch-2017"),
    ("192 FIDE_DUBOV", "dubov"),
])
def test_trf_import_takes_the_system_the_file_names(arbiter: Client, line: str,
                                                    expected: str) -> None:
    """Record 192 names the system (trf.md 6); the form's default is "the file's"."""
    r = _import(arbiter, _annecy(line), system="")
    assert r.status_code == 200
    assert m.Event.objects.get().system == expected
    # the form posted as a browser does with its preselection
    home = arbiter.get(reverse("web:home")).content.decode()
    assert '<option value="" selected>' in home


def test_trf_import_without_192_takes_the_rules_in_force_and_says_so(arbiter: Client) -> None:
    r = _import(arbiter, _annecy(None), system="")
    assert m.Event.objects.get().system == "dutch-2025"
    assert "The file names no pairing system (record 192)" in r.content.decode()


def test_trf_import_keeps_a_system_the_arbiter_chose(arbiter: Client) -> None:
    r = _import(arbiter, _annecy("192 FIDE_DUTCH_2026"), system="dutch-2017")
    assert m.Event.objects.get().system == "dutch-2017"
    assert "The file names dutch-2025 (record 192)" in r.content.decode()


# --- item 8: the TRF import's limits ---------------------------------------------------------
def _trf_of(players: int) -> bytes:
    from conftest import line001

    lines = ["012 Big open", "XXR 5"]
    lines += [line001(i, f"Player {i:05d}", 1500) for i in range(1, players + 1)]
    return ("\n".join(lines) + "\n").encode()


def test_trf_import_refuses_more_players_than_an_event_may_hold(arbiter: Client,
                                                              settings: object) -> None:
    settings.SWISSPAIRING_MAX_PLAYERS = 40  # type: ignore[attr-defined]
    r = _import(arbiter, _trf_of(41), system="")
    assert "holds 41 players: an event may have at most 40 players" in r.content.decode()
    assert not m.Event.objects.exists()
    _import(arbiter, _trf_of(40), system="")
    assert m.Event.objects.get().entrants.count() == 40


def test_trf_import_refuses_a_file_over_the_size_limit(arbiter: Client,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    from swisspairing.interfaces.web import views

    data = _trf_of(30)
    monkeypatch.setattr(views, "MAX_IMPORT_BYTES", len(data) - 1)
    r = _import(arbiter, data, system="")
    assert "is larger than" in r.content.decode()
    assert not m.Event.objects.exists()
