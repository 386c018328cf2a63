"""The playing hall in French and English (issues 15 and 16): the browser's language by default,
a switch on every hall page (players' phones too), screens and printouts in the event's language,
human labels instead of stored keys, and a French catalogue with every hall string translated."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from django.test import Client
from django.utils.translation.template import templatize

from hall_helpers import code_of, enter, event_in_play, first_board
from swisspairing.interfaces.web import models as m
from swisspairing.interfaces.web.hall import models as h
from web_helpers import make_event, make_user

pytestmark = pytest.mark.django_db

WEB = Path(__file__).resolve().parents[1] / "src" / "swisspairing" / "interfaces" / "web"
HALL = WEB / "hall"
PO = WEB / "locale" / "fr" / "LC_MESSAGES" / "django.po"
NBSP = "\u00a0"


def _fr(**extra: str) -> Client:
    return Client(HTTP_ACCEPT_LANGUAGE="fr-FR,fr;q=0.9,en;q=0.5", **extra)


def _en(**extra: str) -> Client:
    return Client(HTTP_ACCEPT_LANGUAGE="en-GB,en;q=0.9", **extra)


def _arbiter(client: Client) -> Client:
    client.force_login(make_user("arb", m.ROLE_ARBITER))
    return client


def _text(response: object) -> str:
    return response.content.decode()  # type: ignore[attr-defined]


# --- pages in French ---------------------------------------------------------------------------
def test_public_boards_follow_the_browsers_language() -> None:
    event, _rnd = event_in_play(players=6)
    fr = _fr().get(f"/h/{event.public_token}/")
    assert fr["Content-Language"] == "fr"
    page = _text(fr)
    assert '<html lang="fr">' in page
    for french in ("Appariements", "Qui joue où", "Pointage", "Saisir un résultat",
                   "Ronde 1", "Blancs", "Noirs", "Résultat", f"Trouvez-vous{NBSP}: nom ou numéro"):
        assert french in page, french
    en = _text(_en().get(f"/h/{event.public_token}/"))
    assert "Pairings" in en and "Round 1" in en and "Appariements" not in en


def test_check_in_in_french() -> None:
    event = make_event(players=4)
    token = event.public_token
    confirm = _text(_fr().get(f"/h/{token}/checkin/2/"))
    assert f"Est-ce bien vous{NBSP}?" in confirm and "Oui, je suis là" in confirm
    assert "Non, retour" in confirm
    done = _text(_fr().post(f"/h/{token}/checkin/2/"))
    name = event.entrants.get(tpn=2).name
    assert f"{name}{NBSP}: présence confirmée pour la ronde 1." in done
    assert "Joueur suivant" in done


def test_result_entry_answers_in_french() -> None:
    _event, rnd = event_in_play()
    game = first_board(rnd)
    page = _text(_fr().get(f"/hall/c/{code_of(game, h.WHITE)}/"))
    assert f"Ronde 1, échiquier {game.board}" in page
    assert f"Résultat (Blancs d'abord){NBSP}:" in page
    answer = _fr().post("/hall/", {"code": code_of(game, h.WHITE), "result": "="})
    assert answer.status_code == 200
    assert "Résultat saisi. Votre adversaire le confirme avec son code" in _text(answer)
    assert "<b>½-½</b>" in _text(answer)
    conflict = _fr().post("/hall/", {"code": code_of(game, h.BLACK), "result": "1-0"})
    assert f"Votre adversaire a saisi un autre résultat{NBSP}:" in _text(conflict)
    wrong = _fr().post("/hall/", {"code": "QQQQQQ", "result": "1-0"})
    assert wrong.status_code == 404
    assert f"Code inconnu{NBSP}: vérifiez le code sur la carte de votre échiquier." in _text(wrong)


def test_refusals_are_translated() -> None:
    """Round over / result already recorded / check-in closed, each in French."""
    event, rnd = event_in_play(players=4, rounds=1)
    game = first_board(rnd)
    enter(Client(), code_of(game, h.WHITE), "1-0")
    enter(Client(), code_of(game, h.BLACK), "1-0")
    again = _fr().post("/hall/", {"code": code_of(game, h.WHITE), "result": "0-1"})
    assert again.status_code == 409
    assert "Le résultat de cet échiquier est déjà enregistré (1-0)" in _text(again)
    closed = _fr().post(f"/h/{event.public_token}/checkin/1/")
    assert closed.status_code == 409
    assert f"Le pointage est fermé{NBSP}: toutes les rondes sont appariées." in _text(closed)


def test_screen_in_the_browsers_language_or_its_own() -> None:
    event, _rnd = event_in_play(players=6)
    scr = h.Screen.objects.create(event=event, name="A", panels="boards,standings")
    url = f"/h/{event.public_token}/screen/{scr.pk}/"
    fr = _text(_fr().get(url))
    assert f"{event.name} · Ronde 1" in fr and "Classement" in fr
    assert "Aucune ronde n'est terminée." in fr
    assert "Round 1" in _text(_en().get(url))
    # the arbiter sets the screen's language: an English TV browser shows French
    scr.language = "fr"
    scr.save()
    en_browser = _en().get(url)
    assert en_browser["Content-Language"] == "fr" and "Ronde 1" in _text(en_browser)
    live = _en().get(f"{url}live/", {"v": "old"})
    assert "Ronde 1" in _text(live)


def test_arbiter_sets_a_screens_language() -> None:
    event, _rnd = event_in_play(players=4)
    arbiter = _arbiter(_en())
    arbiter.post(f"/t/{event.pk}/hall/screens/", {"name": "TV", "panels": ["boards"],
                                                  "language": "fr"})
    scr = h.Screen.objects.get(event=event)
    assert scr.language == "fr"
    assert '<option value="fr" selected>' in _text(arbiter.get(f"/t/{event.pk}/hall/"))
    arbiter.post(f"/t/{event.pk}/hall/screens/", {"screen": scr.pk, "name": "TV",
                                                  "panels": ["boards"], "language": "xx"})
    scr.refresh_from_db()
    assert scr.language == ""  # unknown: the screen browser's language


def test_arbiters_hall_page_in_french_with_human_labels() -> None:
    _event, rnd = event_in_play()
    game = first_board(rnd)
    enter(Client(REMOTE_ADDR="10.1.2.3", HTTP_USER_AGENT="phone-x"),
          code_of(game, h.WHITE), "=")
    page = _text(_arbiter(_fr()).get(f"/t/{rnd.event.pk}/hall/"))
    assert f"Ronde 1{NBSP}: résultats saisis par les joueurs" in page
    assert re.search(f"Blancs{NBSP}: <b>½-½</b> \\(en attente, saisi à \\d\\d:\\d\\d:\\d\\d depuis "
                     '<span class="muted">10.1.2.3 phone-x</span>\\)', page), page
    assert "Valider ½-½" in page and "Tablette de pointage" in page


def test_arbiters_hall_page_shows_labels_not_stored_keys() -> None:
    """Issue 16: a pending entry reads "White: ½-½ (pending, entered 14:32:05 from ...)", not
    the stored 'w', '=', 'pending' one after another."""
    _event, rnd = event_in_play()
    game = first_board(rnd)
    enter(Client(), code_of(game, h.WHITE), "=")
    enter(Client(), code_of(game, h.BLACK), "1-0")
    page = _text(_arbiter(_en()).get(f"/t/{rnd.event.pk}/hall/"))
    entries = re.findall(r'<li class="claim-entry">(.*?)</li>', page)
    assert len(entries) == 2
    assert entries[0].startswith("White: <b>½-½</b> (conflict, entered ")
    assert entries[1].startswith("Black: <b>1-0</b> (conflict, entered ")
    assert "Validate ½-½" in page and "<b>=</b>" not in page
    # the player's own page: labels too
    board = _text(_en().get(f"/hall/c/{code_of(game, h.WHITE)}/"))
    assert "You entered <b>½-½</b>" in board and "<b>=</b>" not in board


def test_board_cards_print_in_the_events_language() -> None:
    event, _rnd = event_in_play(players=4)
    arbiter = _arbiter(_en())
    overview = _text(arbiter.get(f"/t/{event.pk}/hall/"))
    assert f"/t/{event.pk}/hall/rounds/1/cards/?lang=fr" in overview
    cards = arbiter.get(f"/t/{event.pk}/hall/rounds/1/cards/", {"lang": "fr"})
    assert cards["Content-Language"] == "fr"
    assert "Ronde 1 · Échiquier 1" in _text(cards) and f"<b>Blancs</b>{NBSP}: " in _text(cards)
    assert f"Après la partie{NBSP}: scannez votre code QR" in _text(cards)
    sheet = _text(arbiter.get(f"/t/{event.pk}/hall/rounds/1/sheet/", {"lang": "fr"}))
    assert "la table d'arbitrage" in sheet
    english = _text(arbiter.get(f"/t/{event.pk}/hall/rounds/1/cards/", {"lang": "xx"}))
    assert "Round 1 · Board 1" in english  # an unknown language: the arbiter's


# --- the language switch ---------------------------------------------------------------------
def test_players_switch_language_on_the_public_pages() -> None:
    """The switch on a hall page is a link (the public page is rendered once for every phone,
    so it holds no per-visitor form token): it keeps the choice in the language cookie and
    goes back to the page it came from; the next pages, polls included, are in French whatever
    the browser asks for. A link from another site goes back to the hall, not to that site."""
    event, _rnd = event_in_play(players=6)
    phone = Client(enforce_csrf_checks=True, HTTP_ACCEPT_LANGUAGE="en")
    page = phone.get(f"/h/{event.public_token}/")
    assert 'href="/hall/language/fr/"' in _text(page)
    switched = phone.get("/hall/language/fr/",
                         HTTP_REFERER=f"http://testserver/h/{event.public_token}/")
    assert switched.status_code == 302
    assert switched["Location"] == f"http://testserver/h/{event.public_token}/"
    assert "Appariements" in _text(phone.get(f"/h/{event.public_token}/"))
    assert "Ronde 1" in _text(phone.get(f"/h/{event.public_token}/live/boards/", {"v": "x"}))
    assert "Saisissez votre résultat" in _text(phone.get("/hall/"))
    # the way back never leaves the site; an unknown language is not found
    away = Client().get("/hall/language/en/", HTTP_REFERER="https://example.org/phish")
    assert away.status_code == 302 and away["Location"] == "/hall/"
    assert Client().get("/hall/language/xx/").status_code == 404


def test_a_page_in_one_language_is_not_not_modified_in_the_other() -> None:
    event, _rnd = event_in_play(players=4)
    url = f"/h/{event.public_token}/live/boards/"
    etag = _en().get(url)["ETag"]
    assert _en().get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304
    assert _fr().get(url, HTTP_IF_NONE_MATCH=etag).status_code == 200


# --- the catalogue -----------------------------------------------------------------------------
def _po_entries(path: Path) -> list[dict[str, str]]:
    """A small .po reader: msgid, msgstr (plural forms joined) and flags of each entry."""
    entries = []
    for block in re.split(r"\n\s*\n", path.read_text(encoding="utf-8")):
        entry = {"msgid": "", "msgstr": "", "flags": "", "plural": ""}
        key = ""
        for line in block.strip().splitlines():
            if line.startswith("#,"):
                entry["flags"] += line
            elif line.startswith("#"):
                continue
            elif found := re.match(r'(msgid_plural|msgid|msgstr(?:\[\d+\])?|msgctxt) (".*")$',
                                   line):
                key = found.group(1)
                key = "msgstr" if key.startswith("msgstr") else key
                key = "plural" if key == "msgid_plural" else key
                part = ast.literal_eval(found.group(2))
                if key == "msgstr" and entry["msgstr"] and line.startswith("msgstr["):
                    entry["msgstr"] += "\0"
                entry[key] = entry.get(key, "") + part
            elif line.startswith('"') and key:
                entry[key] += ast.literal_eval(line)
        if block.strip():
            entries.append(entry)
    return entries


def _hall_msgids() -> set[str]:
    """Every string the hall marks for translation: templates through Django's own
    ``templatize`` (what makemessages feeds to xgettext), Python through its syntax tree."""
    found: set[str] = set()
    for template in (HALL / "templates").rglob("*.html"):
        text = templatize(template.read_text(encoding="utf-8"))
        for literal in re.findall(r"gettext\(u('(?:[^'\\]|\\.)*')\)", text):
            found.add(ast.literal_eval(literal))
    for source in HALL.rglob("*.py"):
        if "migrations" in source.parts:
            continue
        for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in {"_", "gettext", "gettext_lazy"} and node.args
                    and isinstance(node.args[0], ast.Constant)):
                found.add(str(node.args[0].value))
    return found


def test_every_hall_string_has_a_french_translation() -> None:
    entries = {e["msgid"]: e for e in _po_entries(PO) if e["msgid"]}
    wanted = _hall_msgids()
    assert len(wanted) > 80  # the reader found the strings (templates and Python)
    assert "Is this you?" in wanted and "Unknown code: check the code on your board card." in wanted
    missing = sorted(w for w in wanted if w not in entries)
    assert not missing, f"not in {PO.name}: {missing}"
    empty = sorted(w for w in wanted if not entries[w]["msgstr"].strip("\0"))
    assert not empty, f"untranslated: {empty}"
    fuzzy = sorted(w for w in wanted if "fuzzy" in entries[w]["flags"])
    assert not fuzzy, f"fuzzy: {fuzzy}"


def test_the_catalogue_has_no_empty_or_fuzzy_entry() -> None:
    bad = [e["msgid"] for e in _po_entries(PO)
           if e["msgid"] and (not e["msgstr"] or "fuzzy" in e["flags"])]
    assert not bad


def test_the_compiled_catalogue_is_up_to_date() -> None:
    """The .mo Django reads holds the same French as the .po (msgfmt was run)."""
    import gettext

    with (PO.with_suffix(".mo")).open("rb") as mo:
        catalogue = gettext.GNUTranslations(mo)
    for entry in _po_entries(PO):
        if entry["msgid"] and not entry["plural"]:
            found = (catalogue.pgettext(entry["msgctxt"], entry["msgid"]) if entry.get("msgctxt")
                     else catalogue.gettext(entry["msgid"]))  # "match": Double-Swiss, issue 28
            assert found == entry["msgstr"], entry["msgid"]
