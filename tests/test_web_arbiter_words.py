"""Small things an arbiter sees (closing note of session 6): the app's icon, "point" in the
singular where French wants it, and "match" where a Double-Swiss event means one.

* The icon: ``/favicon.ico`` (what a browser asks for on a page that names no icon: a PDF, a
  JSON answer) leads to the icon in the static files, and every page layout links
  ``static/web/favicon.svg``; both files are what ``scripts/make_favicon.py`` draws.
* French puts "point" in the singular below two (0 point, ½ point, 1 point, 1,5 point), English
  only for exactly one: the printed lists' "N pts" follow each language.
* C.04.5 Preface: a Double-Swiss round is a match; the web app's refusals about a round and the
  check page's text report say "match" for such an event, in English and French, and "round"
  for any other.
"""

from __future__ import annotations

import importlib.util
import random
import re
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation
from django.utils.translation import ngettext

from swisspairing.errors import BadRequest
from swisspairing.interfaces.web import actions
from swisspairing.interfaces.web import models as m
from swisspairing.interfaces.web.printing import not_paired_notes, points_count, round_sheet
from web_helpers import make_event, make_user, play_round

ROOT = Path(__file__).resolve().parents[1]
STATIC = ROOT / "src" / "swisspairing" / "interfaces" / "web" / "static" / "web"
NBSP = "\u00a0"


def _client(lang: str, username: str = "chief") -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE=lang)
    client.force_login(make_user(f"{username}-{lang}", m.ROLE_CHIEF))
    return client


# --- the icon ----------------------------------------------------------------------------------
def test_the_committed_icon_is_the_one_the_script_draws() -> None:
    spec = importlib.util.spec_from_file_location("make_favicon",
                                                  ROOT / "scripts" / "make_favicon.py")
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    ico = (STATIC / "favicon.ico").read_bytes()
    assert ico == script.ico()
    assert (STATIC / "favicon.svg").read_text(encoding="utf-8") == script.svg()
    # an ICO header (reserved 0, type 1 = icon, one image) holding a 32x32 PNG
    assert ico[:6] == b"\x00\x00\x01\x00\x01\x00" and ico[6:8] == b"\x20\x20"
    assert ico[22:30] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.django_db
def test_favicon_ico_leads_to_the_static_icon() -> None:
    answer = Client().get("/favicon.ico")
    assert answer.status_code == 301
    assert answer["Location"].endswith("/static/web/favicon.ico")
    icon = Client().get(answer["Location"])
    assert icon.status_code == 200
    assert b"".join(icon.streaming_content)[:4] == b"\x00\x00\x01\x00"


@pytest.mark.django_db
def test_every_layout_links_the_icon() -> None:
    """The arbiters' pages, the error pages, the public pages, the hall's pages and its
    printouts all name the icon (the browser then asks for no /favicon.ico)."""
    event = make_event(players=4, rounds=3)
    actions.publish_round(actions.pair_next_round(event, None), None)
    chief = _client("en")
    link = '<link rel="icon" href="/static/web/favicon.svg" type="image/svg+xml">'
    pages = {
        "home": chief.get(reverse("web:home")),
        "login": Client().get(reverse("web:login")),
        "public": Client().get(reverse("web:public", args=[event.public_token])),
        "hall": Client().get(reverse("hall:public", args=[event.public_token])),
        "cards": chief.get(f"/t/{event.pk}/hall/rounds/1/cards/"),
        "not found": chief.get("/t/999999/"),
    }
    for name, page in pages.items():
        assert page.status_code in (200, 404), name
        assert link in page.content.decode(), name


@pytest.mark.django_db
def test_the_hall_printouts_say_their_language() -> None:
    """The board cards' page has ``lang`` like every other layout (a browser then formats and
    hyphenates it as French text)."""
    event = make_event(players=4, rounds=3)
    actions.publish_round(actions.pair_next_round(event, None), None)
    page = _client("fr").get(f"/t/{event.pk}/hall/rounds/1/cards/").content.decode()
    assert '<html lang="fr">' in page


# --- "point" in the singular -----------------------------------------------------------------
@pytest.mark.parametrize(("value", "french", "english"), [
    (0, "0 pt", "0 pts"), (0.5, "0.5 pt", "0.5 pts"), (1, "1 pt", "1 pt"),
    (1.5, "1.5 pt", "1.5 pts"), (2, "2 pts", "2 pts"), (3.5, "3.5 pts", "3.5 pts"),
])
def test_points_take_each_languages_grammatical_number(value: float, french: str,
                                                       english: str) -> None:
    """French: singular below two (Académie française: "le pluriel commence à deux");
    English: singular for exactly one."""
    def label() -> str:
        return ngettext("%(points)s pt", "%(points)s pts", points_count(value)) % {
            "points": f"{value:g}"}

    with translation.override("fr"):
        assert label() == french
    with translation.override("en"):
        assert label() == english


@pytest.mark.django_db
def test_the_pairing_lists_bye_line_says_0_pt_in_french() -> None:
    """Round 1 of five players: the pairing-allocated bye goes to a player with 0 points; the
    printed list's line under the boards says "0 pt" in French, "0 pts" in English."""
    event = make_event(players=5, rounds=3)
    rnd = actions.pair_next_round(event, None)
    sheet = round_sheet(event, rnd)
    with translation.override("fr"):
        french = not_paired_notes(sheet, "fr")
    with translation.override("en"):
        english = not_paired_notes(sheet, "en")
    assert len(french) == len(english) == 1
    assert ", 0 pt) : " in french[0], french
    assert "pts" not in french[0]
    assert ", 0 pts): " in english[0], english


# --- "match" for a Double-Swiss event --------------------------------------------------------
@pytest.mark.django_db
@pytest.mark.parametrize(("system", "lang", "said"), [
    ("double-swiss", "en", "publish the previous match first"),
    ("double-swiss", "fr", "publiez d'abord le match précédent"),
    ("dutch-2025", "en", "publish the previous round first"),
    ("dutch-2025", "fr", "publiez d'abord la ronde précédente"),
])
def test_a_refusal_says_match_for_a_double_swiss_event(system: str, lang: str,
                                                       said: str) -> None:
    """Pairing the next round while the last one is a draft is refused (C.04.2: a round is
    published before the next is paired); the refusal names a Double-Swiss round a match."""
    event = make_event(players=6, rounds=3, system=system)
    actions.pair_next_round(event, None)
    with translation.override(lang), pytest.raises(BadRequest) as refused:
        actions.pair_next_round(event, None)
    assert str(refused.value) == said


@pytest.mark.django_db
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_stale_page_and_a_published_match_say_match(lang: str) -> None:
    """Another tab changed the match (optimistic concurrency, issue 24), and a published
    match cannot be changed by hand (nor a change undone) before it is unpublished: all say
    "match"."""
    event = make_event(players=6, rounds=3, system="double-swiss")
    rnd = actions.pair_next_round(event, None)
    with translation.override(lang):
        stale = str(actions.stale_round(rnd))
    assert stale.startswith("match 1 changed since" if lang == "en"
                            else "le match 1 a changé depuis")
    actions.manual_change(rnd, "swap", 1, None, None)
    actions.publish_round(rnd, None)
    published = ("the match is published: unpublish it before changing it" if lang == "en"
                 else f"le match est publié{NBSP}: dépubliez-le avant de le modifier")
    with translation.override(lang), pytest.raises(BadRequest) as refused:
        actions.manual_change(rnd, "swap", 1, None, None)
    assert str(refused.value) == published
    # undoing the change made before publication is refused alike, and undoes nothing
    with translation.override(lang), pytest.raises(BadRequest) as refused:
        actions.undo_manual_changes(rnd, None)
    assert str(refused.value) == published
    rnd.refresh_from_db()
    assert len(rnd.manual_changes) == 1


@pytest.mark.django_db
@pytest.mark.parametrize(("system", "lang", "lines"), [
    ("double-swiss", "en", ("Pairings check of 2 match(es)", "match 1: the published pairing",
                            "2 match(es) checked")),
    ("double-swiss", "fr", ("Vérification des appariements de 2 match(s)",
                            "match 1 : l&#x27;appariement publié", "2 match(s) vérifié(s)")),
    ("dutch-2025", "en", ("Pairings check of 2 round(s)", "round 1: the published pairing",
                          "2 round(s) checked")),
    ("dutch-2025", "fr", ("Vérification des appariements de 2 ronde(s)",
                          "ronde 1 : l&#x27;appariement publié", "2 ronde(s) vérifiée(s)")),
])
def test_the_check_pages_text_report_says_match(system: str, lang: str,
                                                lines: tuple[str, ...]) -> None:
    """The check page's headline and its text report (``swisspairing check``'s text) of two
    complete rounds name a Double-Swiss event's rounds matches."""
    rng = random.Random(7)
    event = make_event(players=6, rounds=3, system=system)
    for _ in range(2):
        play_round(event, rng)
    page = _client(lang).get(reverse("web:check", args=[event.pk])).content.decode()
    report = page[page.index('<pre class="report">'):page.index("</pre>")]
    headline = {("double-swiss", "en"): "Every complete match is the pairing",
                ("double-swiss", "fr"): "Chaque match terminé est",
                ("dutch-2025", "en"): "Every complete round is the pairing",
                ("dutch-2025", "fr"): "Chaque ronde terminée est"}
    assert headline[system, lang] in page
    for line in lines:
        assert line in report, (line, report)
    other = "round" if system == "double-swiss" else "match"
    assert not re.search(rf"\b{other} \d", report.replace("ronde", "round")), report


@pytest.mark.django_db
def test_a_match_paired_after_a_correction_is_checked_with_the_corrected_result() -> None:
    """C.04.2 4.3: a corrected result counts for the pairings made after the correction; the
    rounds published before it stand. Match 1's first game corrected once match 2 is paired:
    match 2 was paired before the correction (checked with the result then), match 3 after it
    (checked as usual). The corrections are kept in game columns (match k: columns 2k-1 and
    2k); before, the check compared them with match numbers and took match 3 for one paired
    before the correction."""
    from swisspairing import api
    from swisspairing.interfaces.web import convert

    rng = random.Random(5)
    event = make_event(players=8, rounds=4, system="double-swiss")
    first = play_round(event, rng)
    play_round(event, rng)
    game = first.games.exclude(black=None).order_by("board", "game").first()
    assert game is not None
    actions.set_result(game, "0-1" if game.result != "0-1" else "1-0", None, confirm_late=True)
    play_round(event, rng)
    t = convert.tournament_of(event)
    assert [(c.round, c.paired) for c in t.corrections] == [(1, 4)]  # match 1 game 1; 2 paired
    report = api.check(t, event.system)
    before = {r.round_number: bool(r.paired_before) for r in report.rounds}
    assert before == {1: False, 2: True, 3: False}
    text = report.render(t, "en")
    assert "match 2: paired before the correction of match 1, game 1, board 1" in text
    assert "match 3: paired before" not in text
