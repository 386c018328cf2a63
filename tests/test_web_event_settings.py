"""The tournament settings and the players' details the arbiters' pages accept (browser review,
November 2026): dates that survive a save in French, a number of rounds never below the rounds
paired, the initial colour fixed once round 1 is paired, round dates in the TRF 132 record with
062 / 072 / 092 headers, the 192 record of every system, and the values the forms refused too
little (end before start, withdrawal round, birth date, title, forbidden pair twice, empty
file). Each check is made on the page (field error) and on the action (no other path)."""

from __future__ import annotations

import random
from datetime import date

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import IntegrityError, transaction
from django.test import Client
from django.urls import reverse
from django.utils import translation

from swisspairing.errors import BadRequest
from swisspairing.formats.trf import parse_trf, write_trf
from swisspairing.interfaces.web import actions, convert
from swisspairing.interfaces.web import models as m
from swisspairing.standings import export
from swisspairing.systems import implemented_systems
from swisspairing.systems.selection import system_from_file
from web_helpers import FRENCH, make_event, play_round

pytestmark = pytest.mark.django_db


def _settings(event: m.Event, **changes: object) -> dict[str, object]:
    """The settings form as the browser posts it, unchanged but for ``changes``."""
    data: dict[str, object] = {
        "name": event.name, "place": event.place, "federation": event.federation,
        "start_date": event.start_date.isoformat() if event.start_date else "",
        "end_date": event.end_date.isoformat() if event.end_date else "",
        "chief_arbiter": event.chief_arbiter, "deputy_arbiters": event.deputy_arbiters,
        "time_control": event.time_control, "rounds": event.rounds, "system": event.system,
        "tiebreaks": event.tiebreaks, "point_scheme": "fide",
        "initial_colour_choice": event.initial_colour}
    if event.public:
        data["public"] = "on"
    for r, text in enumerate(getattr(event, "round_dates", None) or [], 1):
        data[f"round_date_{r}"] = text
    data.update(changes)
    return data


def _edit(arbiter: Client, event: m.Event, **changes: object) -> str:
    r = arbiter.post(reverse("web:event-edit", args=[event.pk]), _settings(event, **changes),
                     follow=True, **FRENCH)
    return r.content.decode()


# --- 1. dates in French ---------------------------------------------------------------------
def test_french_settings_form_shows_iso_dates_and_a_save_keeps_them(arbiter: Client) -> None:
    """A ``type=date`` input only reads ISO: in French Django wrote ``10/04/2026`` there, the
    browser showed an empty field and saving erased the dates."""
    event = make_event(players=4)
    event.start_date, event.end_date = date(2026, 4, 10), date(2026, 4, 14)
    event.save()
    page = arbiter.get(reverse("web:event-edit", args=[event.pk]), **FRENCH).content.decode()
    assert 'value="2026-04-10"' in page and 'value="2026-04-14"' in page
    assert "10/04/2026" not in page
    # what the browser sends back is what it was given: the form unchanged
    arbiter.post(reverse("web:event-edit", args=[event.pk]), _settings(event), **FRENCH)
    event.refresh_from_db()
    assert (event.start_date, event.end_date) == (date(2026, 4, 10), date(2026, 4, 14))
    new = arbiter.get(reverse("web:event-new"), **FRENCH).content.decode()
    assert 'type="date"' in new


# --- 2. rounds, initial colour, system after round 1 ----------------------------------------
def test_rounds_cannot_go_below_the_rounds_paired(arbiter: Client) -> None:
    event = make_event(players=8, rounds=5)
    rng = random.Random(3)
    for _ in range(4):
        play_round(event, rng)
    page = _edit(arbiter, event, rounds=2)
    assert "les rondes 1 à 4 sont déjà appariées" in page
    event.refresh_from_db()
    assert event.rounds == 5
    assert "142 5" in arbiter.get(reverse("web:export", args=[event.pk, "trf"])).content.decode()
    # the action refuses it too, whatever calls it
    event.rounds = 3
    with translation.override("en"), pytest.raises(
            BadRequest, match="rounds 1 to 4 are already paired"):
        actions.update_event(event, None)
    event.refresh_from_db()
    assert event.rounds == 5
    # four rounds paired: four rounds is allowed
    _edit(arbiter, event, rounds=4)
    event.refresh_from_db()
    assert event.rounds == 4


def test_initial_colour_changes_before_round_one_only(arbiter: Client) -> None:
    event = make_event(players=6, rounds=3)
    _edit(arbiter, event, initial_colour_choice="b")
    event.refresh_from_db()
    assert event.initial_colour == "b"
    play_round(event, random.Random(1))
    page = _edit(arbiter, event, initial_colour_choice="w")
    assert "la ronde 1 est appariée" in page
    event.refresh_from_db()
    assert event.initial_colour == "b"
    event.initial_colour = "w"
    with translation.override("en"), pytest.raises(BadRequest, match="initial colour"):
        actions.update_event(event, None)


def test_system_change_after_round_one_is_kept_with_a_warning(arbiter: Client) -> None:
    """Arbiters do switch systems (a mistake, an accelerated system): the change is saved and
    the page says what it means for the rounds to come and for the check."""
    event = make_event(players=6, rounds=3)
    page = _edit(arbiter, event, system="lim")
    assert "prochaines rondes" not in page  # nothing paired yet: nothing to say
    play_round(event, random.Random(1))
    page = _edit(arbiter, event, system="dutch-2017")
    event.refresh_from_db()
    assert event.system == "dutch-2017"
    # the system by its name, not its id (issue 25 item 10)
    assert ("Le système d'appariement est maintenant Système hollandais (FIDE, règles de "
            "2017)") in page.replace("&#x27;", "'")
    page = _edit(arbiter, event, point_scheme="3-1-0")
    assert "Le système de points a changé" in page


def test_every_system_writes_its_192_record_and_reads_back() -> None:
    """ETT26 (trf.md 6) has codes for the Dutch (2017, 2025), Dubov and Burstein systems; the
    others are written CUSTOM_SWISS with a comment naming them. ``pair`` / ``check`` read the
    system back from the TRF export and TRF-2026 export."""
    from test_web_teams import team_event

    for system in implemented_systems():
        # a team event's players join with their team (issue 27 part 6)
        event = (team_event(2, rounds=3) if system == "team-swiss" else
                 make_event(players=4, rounds=3, system=system, seed=2))
        t = convert.tournament_of(event)
        for text in (write_trf(t), export.write_trf26(t)[0]):
            assert any(line.startswith("192 ") for line in text.splitlines()), system
            assert system_from_file(parse_trf(text)) == system
    event = make_event(players=4, rounds=3, system="lim")
    text = write_trf(convert.tournament_of(event))
    assert "192 CUSTOM_SWISS" in text and "### swisspairing system lim" in text
    # a TRF import does not keep the comment twice
    again = convert.store_tournament(parse_trf(text), "lim")
    assert write_trf(convert.tournament_of(again)).count("### swisspairing system") == 1


# --- 3. round dates, 062 / 072 / 092 / 132 --------------------------------------------------
def test_round_dates_are_asked_suggested_and_exported_in_132(arbiter: Client) -> None:
    event = make_event(players=6, rounds=5)
    event.entrants.filter(tpn=6).update(rating=0)
    event.start_date, event.end_date = date(2026, 4, 10), date(2026, 4, 12)
    event.save()
    page = arbiter.get(reverse("web:event-edit", args=[event.pk])).content.decode()
    # suggestion: five rounds over three days
    for r, day in enumerate(["2026-04-10", "2026-04-10", "2026-04-11", "2026-04-11",
                             "2026-04-12"], 1):
        assert f'name="round_date_{r}" value="{day}"' in page.replace(
            'type="date" ', ""), (r, day)
    dates = {"round_date_1": "2026-04-10", "round_date_2": "2026-04-10",
             "round_date_3": "2026-04-11", "round_date_4": "2026-04-12",
             "round_date_5": "2026-04-12"}
    _edit(arbiter, event, **dates)
    event.refresh_from_db()
    assert event.round_dates == list(dates.values())
    play_round(event, random.Random(5))
    text = arbiter.get(reverse("web:export", args=[event.pk, "trf16"])).content.decode()
    lines = {line[:3]: line for line in text.splitlines()}
    assert lines["062"] == "062 6" and lines["072"] == "072 5"
    assert lines["092"].startswith("092 ")
    line = lines["132"]
    assert line[91:99] == "26/04/10" and line[101:109] == "26/04/10"
    assert line[111:119] == "26/04/11" and line[131:139] == "26/04/12"
    # the date cells sit over the round cells of the 001 lines
    player = next(x for x in text.splitlines() if x.startswith("001"))
    assert player[91:95].strip().isdigit()
    back = parse_trf(text)
    assert back.headers["132"] == [line] and back.headers["062"] == ["062 6"]
    again = convert.store_tournament(back, "dutch-2025")
    assert again.round_dates == list(dates.values())
    assert "132" not in again.extra_headers
    trf26 = arbiter.get(reverse("web:export", args=[event.pk, "trf26"])).content.decode()
    assert line in trf26.splitlines() and "062 6" in trf26.splitlines()


def test_a_refused_number_of_rounds_keeps_every_round_date(arbiter: Client) -> None:
    """Two rounds paired, five dates saved: asking for one round is refused, and the form it
    sends back still holds the five dates, so saving it again with five rounds keeps them all.
    Lowering the rounds for real (to three) keeps the dates of the three rounds left."""
    event = make_event(players=6, rounds=5)
    days = ["2026-07-10", "2026-07-10", "2026-07-11", "2026-07-11", "2026-07-12"]
    event.round_dates = days
    event.save()
    rng = random.Random(9)
    play_round(event, rng)
    play_round(event, rng)
    event.refresh_from_db()
    page = _edit(arbiter, event, rounds=1)
    assert "les rondes 1 à 2 sont déjà appariées" in page
    for r, day in enumerate(days, 1):
        assert f'name="round_date_{r}" value="{day}"' in page.replace('type="date" ', ""), r
    _edit(arbiter, event, rounds=5)
    event.refresh_from_db()
    assert event.round_dates == days
    _edit(arbiter, event, rounds=3)
    event.refresh_from_db()
    assert (event.rounds, event.round_dates) == (3, days[:3])


def test_paired_rounds_without_a_date_get_no_invented_one(arbiter: Client) -> None:
    """An event paired before round dates existed: the settings form suggests dates for the
    rounds still to pair only, so saving it never writes an invented date for a round played
    on another day (the 132 record would carry it)."""
    event = make_event(players=6, rounds=4)
    event.start_date, event.end_date = date(2026, 4, 10), date(2026, 4, 13)
    event.save()
    rng = random.Random(4)
    play_round(event, rng)
    play_round(event, rng)
    event.round_dates = []
    event.save()
    page = arbiter.get(reverse("web:event-edit", args=[event.pk])).content.decode()
    page = page.replace('type="date" ', "")
    assert 'name="round_date_1" value=' not in page and 'name="round_date_2" value=' not in page
    assert 'name="round_date_3" value="2026-04-12"' in page
    _edit(arbiter, event, round_date_3="2026-04-12", round_date_4="2026-04-13")
    event.refresh_from_db()
    assert event.round_dates == ["", "", "2026-04-12", "2026-04-13"]


def test_a_round_without_a_date_gets_the_day_it_is_paired() -> None:
    event = make_event(players=4, rounds=3)
    event.round_dates = ["2026-04-10"]
    event.save()
    play_round(event, random.Random(1))
    play_round(event, random.Random(2))
    event.refresh_from_db()
    assert event.round_dates == ["2026-04-10", date.today().isoformat()]


def test_round_dates_out_of_order_and_end_before_start_are_refused(arbiter: Client) -> None:
    event = make_event(players=4, rounds=3)
    page = _edit(arbiter, event, start_date="2026-04-12", end_date="2026-04-10")
    assert "la date de fin est avant la date de début" in page
    page = _edit(arbiter, event, round_date_1="2026-04-11", round_date_2="2026-04-10")
    assert "la ronde 2 ne peut pas être avant une ronde précédente" in page
    event.refresh_from_db()
    assert event.start_date is None and event.round_dates == []
    event.start_date, event.end_date = date(2026, 4, 12), date(2026, 4, 10)
    with translation.override("en"), pytest.raises(BadRequest, match="end date"):
        actions.update_event(event, None)
    new = arbiter.post(reverse("web:event-new"), {
        "name": "Open", "rounds": 5, "system": "dutch-2025", "point_scheme": "fide",
        "start_date": "2026-04-12", "end_date": "2026-04-10"}, **FRENCH).content.decode()
    assert "la date de fin est avant la date de début" in new
    assert not m.Event.objects.filter(name="Open").exists()


# --- 4. players' details -------------------------------------------------------------------
def test_withdrawal_round_must_be_a_round_of_the_event(arbiter: Client) -> None:
    event = make_event(players=4, rounds=5)
    url = reverse("web:player-edit", args=[event.pk, 2])
    for typed in ("999", "0", "6", "hier"):
        r = arbiter.post(url, {"withdraw": "", "withdrawn_from": typed}, **FRENCH)
        assert r.status_code == 400, typed
        assert "la ronde doit être de 1 à 5" in r.content.decode(), typed
        assert event.entrants.get(tpn=2).withdrawn_from is None
    arbiter.post(url, {"withdraw": "", "withdrawn_from": "3"})
    assert event.entrants.get(tpn=2).withdrawn_from == 3
    # "0" used to mean "back in": it is refused and the withdrawal stays
    arbiter.post(url, {"withdraw": "", "withdrawn_from": "0"})
    assert event.entrants.get(tpn=2).withdrawn_from == 3
    arbiter.post(url, {"withdraw": "", "withdrawn_from": ""})
    assert event.entrants.get(tpn=2).withdrawn_from is None
    with translation.override("en"), pytest.raises(BadRequest, match="from 1 to 5"):
        actions.set_withdrawal(event.entrants.get(tpn=2), 999, None)


@pytest.mark.parametrize(("typed", "stored"), [
    ("1990/02/28", "1990/02/28"), ("1990-02-28", "1990/02/28"), ("28/02/1990", "1990/02/28"),
    ("1990", "1990"), ("1990/00/00", "1990/00/00"), ("", "")])
def test_birth_dates_are_written_as_the_trf_does(arbiter: Client, typed: str,
                                                 stored: str) -> None:
    event = make_event(players=0)
    arbiter.post(reverse("web:players", args=[event.pk]),
                 {"name": "Durand, Emile", "rating": 1650, "birth_date": typed})
    assert event.entrants.get().birth_date == stored


@pytest.mark.parametrize("typed", ["hier", "1990/02/30", "31/12/2099", "90/02/28", "1990/13/01"])
def test_impossible_birth_dates_are_refused(arbiter: Client, typed: str) -> None:
    event = make_event(players=0)
    r = arbiter.post(reverse("web:players", args=[event.pk]),
                     {"name": "Durand, Emile", "rating": 1650, "birth_date": typed}, **FRENCH)
    assert r.status_code == 200 and "n'est pas une date de naissance possible" in \
        r.content.decode().replace("&#x27;", "'")
    assert not event.entrants.exists()
    from swisspairing.interfaces.web.imports import Candidate

    with pytest.raises(BadRequest):
        actions.add_entrant(event, Candidate(name="X", birth_date=typed), None)


def test_unknown_title_is_refused_and_trf_forms_are_read(arbiter: Client) -> None:
    event = make_event(players=0)
    r = arbiter.post(reverse("web:players", args=[event.pk]),
                     {"name": "X", "rating": 2000, "title": "XYZ"}, **FRENCH)
    body = r.content.decode()
    assert "titre inconnu XYZ" in body and "GM IM WGM FM WIM CM WFM WCM" in body
    assert not event.entrants.exists()
    for typed, title in (("wg", "WGM"), ("cm", "CM"), ("f", "FM")):
        arbiter.post(reverse("web:players", args=[event.pk]),
                     {"name": f"P {typed}", "rating": 2000, "title": typed})
        assert event.entrants.get(name=f"P {typed}").title == title
    row = event.entrants.first()
    assert row is not None
    with translation.override("en"), pytest.raises(BadRequest, match="unknown title"):
        actions.edit_entrant(row, {"title": "XYZ"}, None)


def test_a_forbidden_pair_is_stored_once_in_either_order(arbiter: Client) -> None:
    event = make_event(players=4)
    url = reverse("web:forbidden", args=[event.pk])
    arbiter.post(url, {"first": "1", "second": "2"})
    r = arbiter.post(url, {"first": "2", "second": "1"}, follow=True, **FRENCH)
    assert "2 et 1 sont déjà une paire interdite" in r.content.decode()
    assert event.forbidden.count() == 1
    text = arbiter.get(reverse("web:export", args=[event.pk, "trf"])).content.decode()
    assert [x for x in text.splitlines() if x.startswith("XXP")] == ["XXP 1 2"]
    a, b = event.entrants.get(tpn=2), event.entrants.get(tpn=1)
    with translation.override("en"), pytest.raises(BadRequest, match="already a forbidden pair"):
        actions.add_forbidden_pair(event, a, b, None)
    # the database refuses a second row, in either order
    first, second = sorted((a, b), key=lambda e: e.pk)
    for x, y in ((first, second), (second, first)):
        with pytest.raises(IntegrityError), transaction.atomic():
            m.ForbiddenPair.objects.create(event=event, first=x, second=y)


def test_an_empty_file_is_named_empty(arbiter: Client) -> None:
    event = make_event(players=0)
    r = arbiter.post(reverse("web:players-import", args=[event.pk]),
                     {"file": SimpleUploadedFile("empty.csv", b"")}, follow=True, **FRENCH)
    body = r.content.decode()
    assert "empty.csv : Le fichier est vide." in body or "empty.csv: Le fichier est vide." in body
    assert "Choisissez un fichier" not in body
    r = arbiter.post(reverse("web:import-trf"), {"file": SimpleUploadedFile("e.trf", b""),
                                                 "system": "dutch-2025"}, follow=True)
    assert "e.trf: The file is empty." in r.content.decode()
