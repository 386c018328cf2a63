"""What arbiters print (issue 25): pairing lists by board and alphabetical, result slips,
standings after a chosen round, prize lists, crosstable and wall chart, as pages and PDFs.

Every PDF is opened with pypdfium2 (the renderer Chromium uses) and its text read back: the
header (event, place, dates, chief arbiter, time control, round) and "Page n of N" on every
page, and the same data as the page's table.
"""

from __future__ import annotations

import os
import random
from datetime import date
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from django.test import Client
from django.urls import reverse

from swisspairing.interfaces.web import actions
from swisspairing.interfaces.web import models as m
from swisspairing.interfaces.web.imports import Candidate
from web_helpers import make_user, pdf_pages, play_round

pytestmark = pytest.mark.django_db


def keep(name: str, data: bytes) -> None:
    """With ``$SWISSPAIRING_SCREENSHOTS`` set, keep the PDF and each page as a PNG (150 dpi)
    there, to look at them."""
    folder = os.environ.get("SWISSPAIRING_SCREENSHOTS")
    if not folder:
        return
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    (out / f"{name}.pdf").write_bytes(data)
    doc = pdfium.PdfDocument(data)
    try:
        for i in range(len(doc)):
            doc[i].render(scale=150 / 72).to_pil().save(out / f"{name}-p{i + 1}.png")
    finally:
        doc.close()


def make_open(players: int = 21, rounds: int = 5) -> m.Event:
    """An event with the header filled, players with sexes, birth dates and clubs."""
    rng = random.Random(7)
    event = m.Event.objects.create(
        name="Open d'Annecy", place="Annecy", start_date=date(2026, 4, 10),
        end_date=date(2026, 4, 12), chief_arbiter="Marie Curie", time_control="90 min + 30 s",
        rounds=rounds, system="dutch-2025", initial_colour="w",
        round_dates=["2026-04-10", "2026-04-11", "2026-04-11", "2026-04-12", "2026-04-12"])
    for i in range(players):
        actions.add_entrant(event, Candidate(
            name=f"{'ÉLODIE' if i == 3 else 'PLAYER'} {i:02d}, First",
            rating=1400 + rng.randint(0, 1000), sex="w" if i % 3 == 0 else "m",
            birth_date=f"{2026 - 10 - i}/06/01", club="Club A" if i % 2 else "Club B",
            federation="FRA" if i % 4 else "SUI"), None)
    return event


@pytest.fixture
def chief() -> Client:
    c = Client()
    c.force_login(make_user("chief", m.ROLE_CHIEF))
    return c


def _header_on_every_page(pages: list[str], what: str) -> None:
    for n, text in enumerate(pages, start=1):
        flat = " ".join(text.split())
        assert "Open d'Annecy" in flat, n
        assert "Annecy" in flat and "Marie Curie" in flat and "90 min + 30 s" in flat, n
        assert what in flat, (n, flat[:200])
        assert f"Page {n} of {len(pages)}" in flat, n
        assert "Printed" in flat, n


def test_pairing_lists_by_board_and_alphabetical(chief: Client) -> None:
    """Round 2 with a requested half-point bye and an absence: the list by board has both
    players' numbers, names, ratings and points, the alphabetical list places every player
    (board and colour, or why not paired), and the PDFs say the same with the header."""
    event = make_open()
    rng = random.Random(3)
    play_round(event, rng)
    entrants = {e.tpn: e for e in event.entrants.all()}
    actions.set_request(event, entrants[5], 2, "H", None)
    actions.set_request(event, entrants[6], 2, "Z", None)
    rnd = actions.pair_next_round(event, None)
    actions.publish_round(rnd, None)
    games = list(rnd.games.select_related("white", "black"))
    page = chief.get(reverse("web:round", args=[event.pk, 2])).content.decode()
    assert reverse("web:round-print", args=[event.pk, 2, "board"]) in page
    assert reverse("web:round-print", args=[event.pk, 2, "alpha"]) in page

    html = chief.get(reverse("web:round-print", args=[event.pk, 2, "board"])).content.decode()
    for g in games:
        if g.black is not None:
            assert g.white.name.replace("'", "&#x27;") in html
            assert f">{g.black.rating}<" in html
    assert "half-point bye" in html and "absent" in html and "pairing-allocated bye" in html

    response = chief.get(reverse("web:round-print-pdf", args=[event.pk, 2, "board"]))
    assert response["Content-Type"] == "application/pdf"
    keep("round2-board-en", response.content)
    pages = pdf_pages(response.content)
    _header_on_every_page(pages, "Round 2 - 11 April 2026")
    text = " ".join(" ".join(pages).split())
    for g in games:
        if g.black is not None:
            assert g.white.name in text and g.black.name in text
    assert "PLAYER 05, First" in text and "half-point bye" in text

    alpha = chief.get(reverse("web:round-print-pdf", args=[event.pk, 2, "alpha"]))
    keep("round2-alpha-en", alpha.content)
    pages = pdf_pages(alpha.content)
    _header_on_every_page(pages, "Round 2")
    names = {e.name for e in entrants.values()}
    first_names = [next(n for n in names if line.startswith(n))
                   for line in "\n".join(pages).splitlines()
                   if any(line.startswith(n) for n in names)]
    # every player once, alphabetical, É with the E's
    assert first_names == sorted(names, key=lambda n: n.replace("É", "E"))
    html = chief.get(reverse("web:round-print", args=[event.pk, 2, "alpha"])).content.decode()
    board_of = {g.white.tpn: g.board for g in games if g.black is not None}
    first = next(iter(board_of))
    assert f"<td class=\"num\">{board_of[first]}</td>" in html


def test_pairing_list_in_french_with_decimal_comma(chief: Client) -> None:
    event = make_open()
    rng = random.Random(4)
    for _ in range(2):
        rnd = actions.pair_next_round(event, None)
        actions.publish_round(rnd, None)
        for g in rnd.games.exclude(black=None):
            actions.set_result(g, "=", None)
    rnd = actions.pair_next_round(event, None)
    del rng
    data = chief.get(reverse("web:round-print-pdf", args=[event.pk, 3, "board"]) +
                     "?lang=fr").content
    keep("round3-board-fr", data)
    pages = pdf_pages(data)
    flat = " ".join(" ".join(pages).split())
    assert "Ronde 3" in flat and "Arbitre principal : Marie Curie" in flat
    assert "Cadence : 90 min + 30 s" in flat and "Page 1 sur" in flat and "(provisoire)" in flat
    assert "Imprimé le" in flat and "1,5" in flat  # draws in rounds 1-2 give 1.5 points
    assert "1.5" not in flat.replace("90 min", "")


def test_unknown_pdf_view_is_not_found(chief: Client) -> None:
    """``standings.pdf?view=pairings`` used to return the standings without a word."""
    event = make_open(players=6)
    play_round(event, random.Random(1))
    url = reverse("web:pdf", args=[event.pk])
    assert chief.get(url + "?view=pairings").status_code == 404
    assert chief.get(url + "?view=nonsense").status_code == 404
    assert chief.get(url + "?view=crosstable").status_code == 200
    assert chief.get(reverse("web:round-print", args=[event.pk, 1, "other"])).status_code == 404
    assert chief.get(reverse("web:round-print-pdf", args=[event.pk, 9, "board"])).status_code \
        == 404


def test_result_slips_eight_to_a_page_without_codes(chief: Client) -> None:
    event = make_open(players=21)
    rnd = actions.pair_next_round(event, None)
    actions.publish_round(rnd, None)
    response = chief.get(reverse("web:round-print-pdf", args=[event.pk, 1, "slips"]))
    keep("round1-slips-en", response.content)
    pages = pdf_pages(response.content)
    assert len(pages) == 2  # 10 boards, 8 slips a page
    flat = " ".join(" ".join(pages).split())
    for g in rnd.games.select_related("white", "black"):
        if g.black is not None:
            assert f"Round 1 - board {g.board}" in flat
            assert g.white.name in flat and g.black.name in flat
    assert flat.count("White's signature") == 10
    from swisspairing.interfaces.web.hall.models import BoardCode

    for code in BoardCode.objects.filter(game__round=rnd).values_list("code", flat=True):
        assert code not in flat


def _played(rounds: int, players: int = 21) -> m.Event:
    event = make_open(players=players)
    rng = random.Random(11)
    for _ in range(rounds):
        play_round(event, rng)
    return event


def test_standings_after_a_chosen_round(chief: Client) -> None:
    """``?round=3`` gives the standings after round 3 (it was ignored), on the page and in
    the PDF; a round not complete or not a number is 404."""
    from swisspairing.interfaces.web import convert

    event = _played(5)
    after3 = convert.standings_of(event, 3)
    points3 = {row.pid: row.points for row in after3.rows}
    assert points3 != {row.pid: row.points for row in convert.standings_of(event).rows}
    url = reverse("web:standings", args=[event.pk])
    html = chief.get(url + "?round=3").content.decode()
    assert "standings after round 3" in html and "Standings after round 3" in html
    assert "standings after round 5" not in html
    leader = event.entrants.get(tpn=after3.rows[0].pid)
    assert html.index(leader.name.replace("'", "&#x27;")) < html.index("</tbody>")
    for bad in ("0", "6", "x", "-1", "３"):
        assert chief.get(url + f"?round={bad}").status_code == 404, bad
    response = chief.get(reverse("web:pdf", args=[event.pk]) + "?view=standings&round=3")
    assert "round-3" in response["Content-Disposition"]
    keep("standings-after-3-en", response.content)
    pages = pdf_pages(response.content)
    _header_on_every_page(pages, "Standings after round 3")
    flat = " ".join(" ".join(pages).split())
    assert "standings after round 3" in flat and "crosstable after round 3" in flat
    for view, title in (("crosstable", "crosstable after round 3"),
                        ("wallchart", "wall chart after round 3")):
        page = chief.get(reverse("web:standings-view", args=[event.pk, view]) + "?round=3")
        assert title in page.content.decode()
        data = chief.get(reverse("web:pdf", args=[event.pk]) + f"?view={view}&round=3").content
        keep(f"{view}-after-3-en", data)
        pages = pdf_pages(data)
        _header_on_every_page(pages, "Standings after round 3")
        assert title in " ".join(" ".join(pages).split())


def test_prize_lists_by_category(chief: Client) -> None:
    """Women, under 18 (age on 1 January 2026 from the birth date), a rating band, a club
    and a federation: each list holds exactly the players of its category, in the order of
    the standings, with the overall rank."""
    from swisspairing.interfaces.web import convert

    event = _played(5)
    st = convert.standings_of(event)
    rows = {e.tpn: e for e in event.entrants.all()}
    order = [row.pid for row in st.rows]
    url = reverse("web:prizes", args=[event.pk])
    query = "?cat=women&cat=u18&cat=club:Club A&cat=fed:SUI&bands=1600-1999"
    html = chief.get(url + query).content.decode()
    expected = {
        "Women": [p for p in order if rows[p].sex == "w"],
        # born 2016-i on 1 June: under 18 on 1 January 2026 when 2026-(2016-i)-1 < 18
        "Under 18": [p for p in order if 2026 - int(rows[p].birth_date[:4]) - 1 < 18],
        "Club: Club A": [p for p in order if rows[p].club == "Club A"],
        "Federation: SUI": [p for p in order if rows[p].federation == "SUI"],
        "Rating 1600 to 1999": [p for p in order if 1600 <= rows[p].rating <= 1999],
    }
    assert all(expected.values()) and len(expected["Under 18"]) < len(order)
    response = chief.get(reverse("web:prizes-pdf", args=[event.pk]) + query)
    keep("prizes-en", response.content)
    pages = pdf_pages(response.content)
    _header_on_every_page(pages, "Standings after round 5")
    text = "\n".join(pages)
    for title, pids in expected.items():
        assert f"{title} - standings after round 5" in html
        section = text[text.index(f"{title} - standings after round 5"):]
        listed = []
        for line in section.splitlines()[2:]:
            found = [p for p in pids + order if f" {rows[p].name} " in f" {line} "]
            if not found:
                if listed:
                    break
                continue
            listed.append(found[0])
        assert listed == pids, title
    assert chief.get(url + "?cat=nonsense").status_code == 404
    assert chief.get(url + "?bands=2000-1000").status_code == 404
    assert chief.get(reverse("web:prizes-pdf", args=[event.pk])).status_code == 404
    fr = chief.get(reverse("web:prizes-pdf", args=[event.pk]) + query + "&lang=fr").content
    keep("prizes-fr", fr)
    flat = " ".join(" ".join(pdf_pages(fr)).split())
    assert "Femmes - classement après la ronde 5" in flat and "Moins de 18 ans" in flat


def test_player_cards_several_to_a_page_and_french_bye_marks(chief: Client) -> None:
    """Player cards used to take one A4 page each; the French crosstable wrote FIDE's English
    bye codes (PAB, HPB): now EXE, BYE½ (explained in the note under it)."""
    event = make_open(players=9)
    rng = random.Random(5)
    play_round(event, rng)
    half = event.entrants.get(tpn=4)
    actions.set_request(event, half, 2, "H", None)
    play_round(event, rng)
    play_round(event, rng)
    data = chief.get(reverse("web:pdf", args=[event.pk]) + "?view=card").content
    keep("cards-en", data)
    pages = pdf_pages(data)
    assert len(pages) <= 3, len(pages)  # nine cards of three rounds
    _header_on_every_page(pages, "Standings after round 3")
    flat = " ".join(" ".join(pages).split())
    for e in event.entrants.all():
        assert f"player card: {e.tpn} {e.name}" in flat
    fr = chief.get(reverse("web:pdf", args=[event.pk]) + "?view=crosstable&lang=fr").content
    keep("crosstable-fr", fr)
    flat = " ".join(" ".join(pdf_pages(fr)).split())
    assert "BYE½" in flat and "EXE" in flat and "HPB" not in flat and "PAB" not in flat
    assert "EXE exempt, BYE1 bye d'un point, BYE½ bye d'un demi-point" in flat
    assert "Page 1 sur" in flat and "Arbitre principal" in flat
    en = " ".join(" ".join(pdf_pages(chief.get(reverse("web:pdf", args=[event.pk]) +
                                               "?view=crosstable").content)).split())
    assert "HPB" in en and "PAB" in en


def test_standings_legend_names_the_settings_not_a_command_line_option(chief: Client) -> None:
    event = _played(1, players=6)
    event.tiebreaks = "BH/C1, SB"
    event.save()
    html = chief.get(reverse("web:standings", args=[event.pk])).content.decode()
    assert "--tiebreaks" not in html and "Tie-breaks (C.07, tournament settings)" in html
    html = chief.get(reverse("web:standings", args=[event.pk]),
                     HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "--tiebreaks" not in html and "(C.07, réglages du tournoi)" in html


def test_downloads_are_named_after_the_event_and_round(chief: Client) -> None:
    """``open-dannecy-round-2.trf``, not ``open-dannecy.trf.trf``; PDFs name the round too."""
    event = _played(2, players=6)
    names = {}
    for dialect in ("trf", "trf16", "trf26"):
        response = chief.get(reverse("web:export", args=[event.pk, dialect]))
        names[dialect] = response["Content-Disposition"]
    assert names == {
        "trf": 'attachment; filename="open-dannecy-round-2.trf"',
        "trf16": 'attachment; filename="open-dannecy-round-2-trf16.trf"',
        "trf26": 'attachment; filename="open-dannecy-round-2-trf26.trf"'}
    response = chief.get(reverse("web:round-print-pdf", args=[event.pk, 2, "alpha"]))
    assert 'filename="open-dannecy-round-2-alphabetical.pdf"' in response["Content-Disposition"]


def test_check_of_a_trf16_export_names_the_missing_option_in_the_chosen_language(
        chief: Client, tmp_path: Path) -> None:
    """TRF-16 has no 192 record: ``check`` says which option is missing, in French with
    ``--lang fr``; with it, the export checks."""
    from swisspairing.interfaces.cli import main

    event = _played(2, players=8)
    path = tmp_path / "export16.trf"
    path.write_bytes(chief.get(reverse("web:export", args=[event.pk, "trf16"])).content)
    import contextlib
    import io

    for lang, wanted in (("fr", "indiquez le système d'appariement avec --system"),
                         ("en", "say which pairing system to use with --system")):
        err = io.StringIO()
        with contextlib.redirect_stderr(err):
            code = main(["check", str(path), "--lang", lang])
        assert code == 2 and wanted in err.getvalue(), err.getvalue()
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["check", str(path), "--system", "dutch-2025", "--lang", "fr"]) == 0


def test_audit_log_is_sentences_in_the_readers_language(chief: Client) -> None:
    """Item 9: "Round 1, board 2: 0-1 entered (was: none)", not dictionaries, True/False/None,
    whole browser strings or a player's board code."""
    event = make_open(players=6)
    row = event.entrants.get(tpn=2)
    actions.edit_entrant(row, {"rating": 1999, "club": "Cavalier Bleu"}, None)
    rnd = actions.pair_next_round(event, None)
    actions.publish_round(rnd, None)
    game = rnd.games.exclude(black=None).get(board=2)
    actions.set_result(game, "0-1", None)
    actions.set_result(game, "=", None)
    actions.undo_last_result(event, None)
    from swisspairing.interfaces.web.hall import models as h

    code = h.BoardCode.objects.get(game=game, entrant=game.white).code
    device = ("10.0.0.5 Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) "
              "AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 "
              "Safari/604.1")
    actions.audit(event, None, "hall-result", f"round 1 board {game.board}", None,
                  {"game": game.pk, "side": "w", "result": "1-0", "code": code,
                   "device": device, "status": "pending", "claim": 1, "note": ""})
    html = chief.get(reverse("web:audit", args=[event.pk])).content.decode()
    assert "Round 1, board 2: 0-1 entered (was: none)" in html
    assert "Round 1, board 2: ½-½ entered (was: 0-1)" in html
    assert "Round 1, board 2: change undone, back to 0-1" in html
    assert "Round 1 paired (3 boards)" in html and "Round 1 published" in html
    assert "rating: " in html and "→ 1999" in html and "→ Cavalier Bleu" in html
    assert "White entered 1-0 on a phone (pending; 10.0.0.5, iPhone, Safari)" in html
    for raw in ("{", "True", "False", "None", "Mozilla/5.0", code, "&#x27;"):
        assert raw not in html.split("<tbody>")[1], raw
    fr = chief.get(reverse("web:audit", args=[event.pk]),
                   HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Ronde 1, échiquier 2 : 0-1 saisi (avant : aucune)" in fr
    assert "Ronde 1 appariée (3 échiquiers)" in fr and "Elo : " in fr


def test_settings_name_the_systems_and_choose_tiebreaks_by_name(chief: Client) -> None:
    """Item 10: systems by their names (the id stored), tie-breaks from a list by name in
    order or a preset (stored as the C.07 list the standings read), a typed list still read."""
    event = _played(1, players=6)
    url = reverse("web:event-edit", args=[event.pk])
    page = chief.get(url).content.decode()
    assert '<option value="dutch-2025" selected>Dutch system (FIDE, 2026)</option>' in page
    assert "BH/C1 = Buchholz Cut 1" in page and 'name="tiebreak_1"' in page
    fr = chief.get(url, HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Système hollandais (FIDE, 2026)" in fr and "Buchholz tronqué 1" in fr
    base = {"name": event.name, "rounds": "5", "system": "dutch-2025", "point_scheme": "fide",
            "initial_colour_choice": "w", "public": "on", "save": "1",
            "place": event.place, "chief_arbiter": event.chief_arbiter,
            "time_control": event.time_control, "start_date": "2026-04-10",
            "end_date": "2026-04-12"}
    for key in ("tiebreaks", "tiebreak_preset"):
        base[key] = ""
    chief.post(url, {**base, "tiebreak_1": "SB", "tiebreak_2": "", "tiebreak_3": "TPR",
                     "tiebreak_4": "SB"})
    event.refresh_from_db()
    assert event.tiebreaks == "SB, TPR"
    chief.post(url, {**base, "tiebreak_preset": "usual", "tiebreak_1": "TPR"})
    event.refresh_from_db()
    assert event.tiebreaks == "BH/C1, BH, SB, DE, WIN"
    chief.post(url, {**base, "tiebreaks": "ARO, WIN"})  # a form without the choices
    event.refresh_from_db()
    assert event.tiebreaks == "ARO, WIN"
    response = chief.post(url, {**base, "tiebreak_1": "NONSENSE"})
    assert response.status_code == 200
    event.refresh_from_db()
    assert event.tiebreaks == "ARO, WIN"
    overview = chief.get(reverse("web:event", args=[event.pk])).content.decode()
    assert "Dutch system (FIDE, 2026)" in overview
    assert "ARO = Average rating of opponents" in overview


def test_forbidden_pairs_chosen_by_name_and_removed(chief: Client) -> None:
    """Item 12: the players are chosen from the list of names (value ``12 NAME``), a number
    still works, and a pair can be removed (audited); pairing then may put them together."""
    event = make_open(players=6)
    a, b, c = (event.entrants.get(tpn=n) for n in (1, 2, 3))
    url = reverse("web:forbidden", args=[event.pk])
    page = chief.get(reverse("web:players", args=[event.pk])).content.decode()
    assert f'<option value="1 {a.name}">' in page
    chief.post(url, {"first": f"1 {a.name}", "second": f"2 {b.name}"})
    chief.post(url, {"first": "3", "second": f"1 {a.name}"})
    pairs = {frozenset((p.first.tpn, p.second.tpn)) for p in event.forbidden.all()}
    assert pairs == {frozenset((1, 2)), frozenset((1, 3))}
    response = chief.post(url, {"first": "nobody", "second": "2"}, follow=True)
    assert ("first player: give a player&#x27;s number or choose a name from the list, "
            "found &#x27;nobody&#x27;") in response.content.decode()
    pair = event.forbidden.get(first__tpn__in=(1, 2), second__tpn__in=(1, 2))
    response = chief.post(reverse("web:forbidden-remove", args=[event.pk, pair.pk]),
                          follow=True)
    assert f"{pair.first.name} and {pair.second.name} may meet again." in \
        response.content.decode().replace("&#x27;", "'")
    assert {frozenset((p.first.tpn, p.second.tpn)) for p in event.forbidden.all()} == {
        frozenset((1, 3))}
    audit = chief.get(reverse("web:audit", args=[event.pk])).content.decode()
    assert "Forbidden pair removed: " in audit
    assert chief.get(reverse("web:forbidden-remove", args=[event.pk, pair.pk])).status_code \
        == 405
    viewer = Client()
    viewer.force_login(make_user("viewer", m.ROLE_VIEWER))
    other = event.forbidden.get()
    assert viewer.post(reverse("web:forbidden-remove", args=[event.pk, other.pk])).status_code \
        == 403
    assert event.forbidden.count() == 1
    del c


def test_a_player_entered_twice_is_warned_about(chief: Client) -> None:
    """Item 12: the same name (without case and accents) and no FIDE id to tell them apart."""
    event = make_open(players=4)
    url = reverse("web:players", args=[event.pk])
    response = chief.post(url, {"name": "Dupré, Éloïse", "rating": "1500"}, follow=True)
    assert "same name" not in response.content.decode()
    response = chief.post(url, {"name": "DUPRE, Eloise", "rating": "1510"}, follow=True)
    page = response.content.decode().replace("&#x27;", "'")
    dupre = event.entrants.get(name="Dupré, Éloïse")  # numbered by rating before round 1
    assert f"Another player has the same name: {dupre.tpn} Dupré, Éloïse." in page
    assert event.entrants.count() == 6  # warned, not refused: two players may share a name
    response = chief.post(url, {"name": "Other, Name", "rating": "1510"}, follow=True)
    assert "same name" not in response.content.decode()
    response = chief.post(url, {"name": "DUPRE, Eloise", "rating": "1400"},
                          HTTP_ACCEPT_LANGUAGE="fr", follow=True)
    assert "Un autre joueur porte le même nom" in response.content.decode().replace(
        "&#x27;", "'")


def test_a_200_character_name_stays_inside_its_cell_in_the_pdfs(chief: Client) -> None:
    """Item 11: the name is cut with an ellipsis in its cell (the other cells and rows keep
    their size), on the lists, the standings and the slips."""
    event = make_open(players=8)
    long_name = ("VERYLONGSURNAME-" * 12 + ", " + "Firstname " * 4)[:200]
    row = event.entrants.get(tpn=3)
    m.Entrant.objects.filter(pk=row.pk).update(name=long_name)
    rnd = actions.pair_next_round(event, None)
    actions.publish_round(rnd, None)
    for kind in ("board", "alpha", "slips"):
        data = chief.get(reverse("web:round-print-pdf", args=[event.pk, 1, kind])).content
        keep(f"long-name-{kind}", data)
        doc = pdfium.PdfDocument(data)
        try:
            page = doc[0]
            text = page.get_textpage()
            flat = " ".join(text.get_text_range().split())
            assert "VERYLONGSURNAME-VERY" in flat and long_name not in flat, kind
            assert "…" in flat, kind
            width = page.get_width()
            # every character of the page inside the page's margins (nothing spilled)
            for i in range(text.count_chars()):
                left, _bottom, right, _top = text.get_charbox(i)
                assert left > 0 and right < width - 5, (kind, i)
        finally:
            doc.close()
        for e in event.entrants.exclude(pk=row.pk):
            assert e.name in flat, (kind, e.name)
