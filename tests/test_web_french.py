"""The arbiters' web app in French (branch fixfr): errors of the web layer and of the shared
core, manual changes, undo, standings and explanations with the decimal comma, the error
pages, the hall page refreshing itself, the late-correction warning in the HTMX answer, the
public pages' language switch."""

from __future__ import annotations

import random

import pytest
from django.template.loader import get_template
from django.test import Client
from django.urls import reverse
from django.utils import translation

from hall_helpers import code_of, enter, event_in_play, first_board
from swisspairing.errors import BadRequest, InputError
from swisspairing.formats.trf import parse_trf_bytes
from swisspairing.interfaces.web import actions, core_messages
from swisspairing.interfaces.web import models as m
from swisspairing.interfaces.web.hall import models as h
from swisspairing.interfaces.web.imports import read_csv
from swisspairing.standings.tiebreaks import parse_list
from web_helpers import make_event, make_user, play_round

pytestmark = pytest.mark.django_db
NBSP = "\u00a0"


def _fr_arbiter() -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="fr-FR,fr;q=0.9")
    client.force_login(make_user("arb", m.ROLE_ARBITER))
    return client


def _text(response: object) -> str:
    return response.content.decode()  # type: ignore[attr-defined]


def _draft_round(players: int = 6) -> tuple[m.Event, m.Round]:
    event = make_event(players=players, rounds=3)
    return event, actions.pair_next_round(event, None)


# --- errors of the web layer (actions) -----------------------------------------------------------
def test_manual_change_refusals_in_french() -> None:
    event, _rnd = _draft_round()
    fr = _fr_arbiter()
    url = reverse("web:round-action", args=[event.pk, 1, "manual"])
    page = _text(fr.post(url, {"kind": "swap", "a": "99"}, follow=True))
    assert "Pas d'échiquier 99 avec deux joueurs" not in page  # lower case, as in English
    assert "pas d&#x27;échiquier 99 avec deux joueurs" in page
    assert "no board 99" not in page
    page = _text(fr.post(url, {"kind": "exchange", "a": "1", "b": "1"}, follow=True))
    assert "choisissez deux joueurs différents de la ronde" in page
    page = _text(fr.post(url, {"kind": "bye", "a": "1"}, follow=True))
    assert "cette ronde n&#x27;a pas d&#x27;exempt" in page


def test_pairing_refusal_in_french() -> None:
    event, rnd = _draft_round()
    actions.publish_round(rnd, None)
    page = _text(_fr_arbiter().post(reverse("web:round-action", args=[event.pk, 2, "pair"]),
                                    follow=True))
    assert "saisissez d&#x27;abord tous les résultats de la ronde 1" in page
    assert "enter every result" not in page


# --- errors of the core --------------------------------------------------------------------------
def _raised(call: object, *args: object) -> BadRequest | InputError:
    with pytest.raises((BadRequest, InputError)) as found:
        call(*args)  # type: ignore[operator]
    return found.value


@pytest.mark.parametrize(("call", "args", "french"), [
    (parse_list, ("XYZ",), "départage inconnu 'XYZ'" + NBSP + "; codes connus" + NBSP + ": "),
    (parse_list, ("BH/Q",), "BH/Q" + NBSP + ": le modificateur /Q ne s'applique pas à BH"),
    (read_csv, (b"a;b\n1;2\n", "joueurs.csv"),
     "joueurs.csv, ligne 1" + NBSP + ": la première ligne doit nommer les colonnes, dont celle "
     "du nom"),
    (read_csv, (b"Nom;Elo\nDupont;abc\n", "joueurs.csv"),
     "joueurs.csv, ligne 2" + NBSP + ": colonne 'Elo'" + NBSP + ": un Elo doit être"),
    (read_csv, (b"Nom;Club\nDupont;A;B\n", "joueurs.csv"),
     "joueurs.csv, ligne 2" + NBSP + ": la ligne a 3 cellules, l'en-tête 2"),
    (read_csv, (b"", "vide.csv"), "vide.csv" + NBSP + ": le fichier est vide"),
    (parse_trf_bytes, (b"012 x\x00\n", "t.trf"),
     "t.trf, ligne 1" + NBSP + ": données binaires (octet NUL)" + NBSP + ": ce n'est pas"),
    (parse_trf_bytes, (b"012 Open\n", "t.trf"),
     "t.trf" + NBSP + ": aucune fiche de joueur (ligne 001) dans le fichier"),
])
def test_core_messages_shown_in_french(call: object, args: tuple[object, ...],
                                       french: str) -> None:
    exc = _raised(call, *args)
    with translation.override("fr"):
        assert french in core_messages.user_message(exc)
    with translation.override("en"):  # English stays the core's own text
        assert core_messages.user_message(exc) == exc.user_message()


def test_trf_column_message_in_french() -> None:
    line = "001    1      Player One                        1800 FRA         " \
           "1990/01/01  0.0    1"
    bad = line[:47] + "x" + line[48:]
    exc = _raised(parse_trf_bytes, (bad + "\n").encode(), "t.trf")
    with translation.override("fr"):
        text = core_messages.user_message(exc)
    assert "la colonne 48 doit être vide, trouvé 'x'" in text, text


def test_unknown_message_stays_as_it_is() -> None:
    with translation.override("fr"):
        assert core_messages.translate_text("something new") == "something new"


def test_event_form_tiebreak_error_in_french() -> None:
    event = make_event(players=2)
    fr = _fr_arbiter()
    page = _text(fr.post(reverse("web:event-edit", args=[event.pk]), {
        "name": "Open", "rounds": 5, "system": "dutch-2025", "tiebreaks": "XYZ",
        "point_scheme": "fide"}))
    assert "départage inconnu" in page and "unknown tie-break" not in page
    assert "Système d&#x27;appariement" in page and "Nombre de rondes" in page


# --- manual changes, undo, round page --------------------------------------------------------
def test_manual_changes_stored_as_kinds_and_shown_in_french() -> None:
    event, rnd = _draft_round()
    actions.manual_change(rnd, "swap", 1, None, None)
    actions.manual_change(rnd, "exchange", 1, 2, None)
    rnd.refresh_from_db()
    assert rnd.manual_changes == [{"kind": "swap", "board": 1},
                                  {"kind": "exchange", "a": 1, "b": 2}]
    # an entry written as English text by an earlier version is still shown, translated
    rnd.manual_changes = [*rnd.manual_changes, "players 14 and 2 exchanged", "hand-written"]
    rnd.save()
    page = _text(_fr_arbiter().get(reverse("web:round", args=[event.pk, 1])))
    for french in (f"échiquier 1{NBSP}: couleurs inversées", "joueurs 1 et 2 échangés",
                   "joueurs 14 et 2 échangés", "hand-written"):
        assert french in page, french
    assert "colours swapped" not in page
    assert event.audit.filter(action="round-manual",
                              target="round 1: board 1: colours swapped").exists()


def test_undo_and_not_paired_in_french() -> None:
    event = make_event(players=7, rounds=3)
    for tpn in (5, 6):
        actions.set_request(event, event.entrants.get(tpn=tpn), 1, "H", None)
    rnd = actions.pair_next_round(event, None)
    actions.publish_round(rnd, None)
    fr = _fr_arbiter()
    page = _text(fr.get(reverse("web:round", args=[event.pk, 1])))
    assert f"Non appariés{NBSP}: 5 Player" in page
    assert "(H), 6 Player" in page
    assert ">Salle de jeu</a>" in page and ">Hall</a>" not in page
    game = rnd.games.exclude(black=None).first()
    actions.set_result(game, "1-0", None)
    entry = event.audit.filter(action="result").first()
    page = _text(fr.post(reverse("web:round-action", args=[event.pk, 1, "undo"]),
                         {"entry": entry.pk}, follow=True))
    assert f"Annulé{NBSP}: ronde 1, échiquier {game.board}" in page or \
        f"Annulé : ronde 1, échiquier {game.board}" in page
    assert "round 1 board" not in page


# --- decimal comma ------------------------------------------------------------------------------
def test_standings_and_explanation_use_the_decimal_comma_in_french() -> None:
    event = make_event(players=8, rounds=3)
    rnd = actions.pair_next_round(event, None)
    actions.publish_round(rnd, None)
    for g in rnd.games.exclude(black=None):
        actions.set_result(g, "=" if g.board == 1 else "1-0", None)
    second = actions.pair_next_round(event, None)
    fr_notes = " ".join(n["fr"] for n in second.explanation)
    en_notes = " ".join(n["en"] for n in second.explanation)
    assert "groupe de points 0,5" in fr_notes and "0.5" not in fr_notes
    assert "bracket 0.5" in en_notes
    fr = _fr_arbiter()
    page = _text(fr.get(reverse("web:standings", args=[event.pk])))
    assert ">0,5<" in page and ">0.5<" not in page
    assert "Départages (C.07, par défaut)" in page
    en = Client(HTTP_ACCEPT_LANGUAGE="en")
    en.force_login(make_user("eng", m.ROLE_VIEWER))
    assert ">0.5<" in _text(en.get(reverse("web:standings", args=[event.pk])))


# --- the late-correction warning ----------------------------------------------------------------
def test_late_correction_warning_comes_with_the_htmx_answer() -> None:
    event = make_event(players=6, rounds=3)
    rng = random.Random(3)
    first = play_round(event, rng)
    play_round(event, rng)
    actions.pair_next_round(event, None)
    game = first.games.exclude(black=None).first()
    fr = _fr_arbiter()
    answer = _text(fr.post(reverse("web:result", args=[event.pk, 1, game.pk]),
                           {"result": "0" if game.result == "1-0" else "1", "confirm": "1"},
                           HTTP_HX_REQUEST="true"))
    assert 'id="grid-flash"' in answer and 'hx-swap-oob="true"' in answer
    assert "La ronde 1 a été corrigée après l&#x27;appariement" in answer
    # not queued for the next page
    page = _text(fr.get(reverse("web:round", args=[event.pk, 1])))
    assert "a été corrigée après" not in page
    assert 'id="grid-flash"' in page  # the place the warning goes


def test_refused_result_keeps_its_row_and_error() -> None:
    event, rnd = event_in_play(players=6)
    game = first_board(rnd)
    answer = _text(_fr_arbiter().post(reverse("web:result", args=[event.pk, 1, game.pk]),
                                      {"result": "zz"}, HTTP_HX_REQUEST="true"))
    assert f'id="game-{game.pk}"' in answer and 'class="error"' in answer
    assert "grid-flash" not in answer


# --- error pages ----------------------------------------------------------------------------------
def test_404_page_in_french_with_the_apps_layout() -> None:
    response = Client(HTTP_ACCEPT_LANGUAGE="fr").get("/nothing-here/")
    assert response.status_code == 404
    page = _text(response)
    assert "Page introuvable" in page and "web/app.css" in page and '<html lang="fr">' in page
    arbiter = _fr_arbiter()
    missing = arbiter.get(reverse("web:event", args=[999999]))
    assert missing.status_code == 404 and "Page introuvable" in _text(missing)
    english = Client(HTTP_ACCEPT_LANGUAGE="en").get("/nothing-here/")
    assert "Page not found" in _text(english)


def test_500_page_needs_no_request_nor_database() -> None:
    with translation.override("fr"):
        page = get_template("500.html").render()  # what Django's server_error does
    assert "Erreur du serveur" in page and "swisspairing" in page
    for name in ("400.html", "403.html", "403_csrf.html"):
        with translation.override("fr"):
            assert "Retour aux tournois" in get_template(name).render()


# --- the arbiters' hall page refreshes itself -------------------------------------------------
def test_hall_overview_polls_and_answers_204_when_nothing_changed() -> None:
    event, rnd = event_in_play(players=6)
    arbiter = _fr_arbiter()
    page = _text(arbiter.get(reverse("hall:overview", args=[event.pk])))
    assert 'id="hall-live"' in page and "data-poll-when-idle" in page  # app.js: idle only
    live = reverse("hall:overview-live", args=[event.pk])
    assert f'hx-get="{live}?v=' in page
    version = page.split(f'hx-get="{live}?v=')[1].split('"')[0]
    assert arbiter.get(live, {"v": version}).status_code == 204
    game = first_board(rnd)
    enter(Client(), code_of(game, h.WHITE), "1-0")
    changed = arbiter.get(live, {"v": version})
    assert changed.status_code == 200
    part = _text(changed)
    assert f'data-board="{game.board}"' in part and game.white.name in part
    assert 'id="hall-live"' in part and f"?v={version}" not in part
    assert "Printouts" not in part and "Impressions" not in part  # only the live part
    # a check-in changes the part too
    new_version = part.split(f'hx-get="{live}?v=')[1].split('"')[0]
    assert arbiter.get(live, {"v": new_version}).status_code == 204


def test_hall_overview_live_needs_an_account() -> None:
    event, _rnd = event_in_play(players=4)
    response = Client().get(reverse("hall:overview-live", args=[event.pk]))
    assert response.status_code in (302, 403)


# --- public pages ---------------------------------------------------------------------------------
def test_public_pages_have_the_language_switch_and_event_page_says_which_is_which() -> None:
    event = make_event(players=4)
    page = _text(Client(HTTP_ACCEPT_LANGUAGE="fr").get(
        reverse("web:public", args=[event.public_token])))
    assert reverse("hall:language", args=["en"]) in page
    assert reverse("hall:language", args=["fr"]) in page
    overview = _text(_fr_arbiter().get(reverse("web:event", args=[event.pk])))
    assert f"/h/{event.public_token}/" in overview and f"/p/{event.public_token}/" in overview
    assert "Pages en direct des joueurs" in overview and "Publication en lecture seule" in overview
