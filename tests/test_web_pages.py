"""The web app's pages through Django's test client: access rules, CSRF, escaping, the
round flow, exports, login limits, public pages."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.http import HttpResponse
from django.test import Client
from django.urls import reverse

from swisspairing.errors import BadRequest
from swisspairing.formats.trf import parse_trf
from swisspairing.interfaces.web import actions
from swisspairing.interfaces.web import models as m
from swisspairing.interfaces.web.imports import Candidate
from web_helpers import make_event, make_user, play_round

pytestmark = pytest.mark.django_db
DATA = Path(__file__).parent / "data"


@pytest.fixture
def viewer() -> Client:
    c = Client()
    c.force_login(make_user("view", m.ROLE_VIEWER))
    return c


def test_anonymous_visitor_cannot_open_an_arbiter_page() -> None:
    event = make_event(players=4)
    c = Client()
    for url in (reverse("web:home"), reverse("web:event", args=[event.pk]),
                reverse("web:players", args=[event.pk]),
                reverse("web:round", args=[event.pk, 1]),
                reverse("web:export", args=[event.pk, "trf"]), reverse("web:backup")):
        response = c.get(url)
        assert response.status_code == 302 and "/login/" in response["Location"], url
    response = c.post(reverse("web:round-action", args=[event.pk, 1, "pair"]))
    # a form sent without a session: a 403 saying nothing was recorded (auth.login_required)
    assert response.status_code == 403 and "/login/?next=" in response.content.decode()
    assert not event.round_set.exists()


def test_viewer_reads_but_cannot_change(viewer: Client) -> None:
    event = make_event(players=4)
    assert viewer.get(reverse("web:players", args=[event.pk])).status_code == 200
    response = viewer.post(reverse("web:round-action", args=[event.pk, 1, "pair"]))
    assert response.status_code == 403
    response = viewer.post(reverse("web:players", args=[event.pk]), {"name": "X", "rating": 1})
    assert response.status_code == 403
    assert event.entrants.count() == 4


def test_form_without_csrf_token_is_refused() -> None:
    event = make_event(players=4)
    c = Client(enforce_csrf_checks=True)
    c.force_login(make_user("arb2", m.ROLE_ARBITER))
    response = c.post(reverse("web:players", args=[event.pk]), {"name": "Sneaky", "rating": 1})
    assert response.status_code == 403
    assert not event.entrants.filter(name="Sneaky").exists()
    # with the token from the page the same form is accepted
    page = c.get(reverse("web:players", args=[event.pk]))
    token = page.cookies["csrftoken"].value
    response = c.post(reverse("web:players", args=[event.pk]),
                      {"name": "Sneaky", "rating": 1, "csrfmiddlewaretoken": token})
    assert response.status_code == 302
    assert event.entrants.filter(name="Sneaky").exists()


@pytest.mark.parametrize("text", [
    "<script>alert(1)</script>", "'; DROP TABLE swisspairing_web_entrant; --",
    "Robert\"); DELETE FROM auth_user; --", "<img src=x onerror=alert(1)>"])
def test_html_and_sql_in_text_fields_are_stored_and_shown_as_text(arbiter: Client,
                                                                   text: str) -> None:
    response = arbiter.post(reverse("web:event-new"), {
        "name": text, "place": text, "federation": "FRA", "chief_arbiter": text,
        "deputy_arbiters": text, "time_control": text, "rounds": 5, "system": "dutch-2025",
        "tiebreaks": "", "point_scheme": "fide", "public": "on"})
    assert response.status_code == 302, response.content[:2000]
    event = m.Event.objects.get(name=text)
    assert event.place == event.chief_arbiter == event.time_control == text
    for name in (text, "Other"):
        response = arbiter.post(reverse("web:players", args=[event.pk]), {
            "name": name, "rating": 1500, "club": text, "federation": "fra", "title": "",
            "fide_id": "", "birth_date": "", "sex": ""})
        assert response.status_code == 302
    assert event.entrants.filter(name=text, club=text).exists()
    assert m.Entrant.objects.count() == 2  # no table dropped, nothing deleted
    pages = [reverse("web:event", args=[event.pk]), reverse("web:players", args=[event.pk]),
             reverse("web:home"), reverse("web:audit", args=[event.pk]),
             reverse("web:public", args=[event.public_token])]
    for url in pages:
        body = arbiter.get(url).content.decode()
        assert "<script>alert(1)</script>" not in body and "<img src=x" not in body, url
    body = arbiter.get(reverse("web:players", args=[event.pk])).content.decode()
    if "<" in text:
        assert text.replace("<", "&lt;").replace(">", "&gt;").split("&gt;")[0] in body
    search = arbiter.get(reverse("web:players", args=[event.pk]), {"q": text},
                         HTTP_HX_REQUEST="true")
    assert search.status_code == 200


def test_round_flow_through_the_pages(arbiter: Client) -> None:
    event = make_event(players=7, rounds=3)
    entrant = event.entrants.get(tpn=2)
    r = arbiter.post(reverse("web:round-action", args=[event.pk, 1, "request"]),
                     {"entrant": entrant.pk, "code": "H"})
    assert r.status_code == 302
    assert m.RoundRequest.objects.get(entrant=entrant).code == "H"
    r = arbiter.post(reverse("web:round-action", args=[event.pk, 2, "pair"]), follow=True)
    assert "not the next round" in r.content.decode() and not event.round_set.exists()
    arbiter.post(reverse("web:round-action", args=[event.pk, 1, "pair"]))
    rnd = event.round_set.get(number=1)
    page = arbiter.get(reverse("web:round", args=[event.pk, 1])).content.decode()
    assert "Why this pairing" in page and "draft" in page
    arbiter.post(reverse("web:round-action", args=[event.pk, 1, "publish"]))
    rnd.refresh_from_db()
    assert rnd.published
    games = list(rnd.games.exclude(black=None))
    assert len(games) == 3  # 7 players, one requested bye: 6 play, nobody gets the PAB
    # a forfeit is recorded once confirmed (issue 24 item 5: confirm=1, the row's button)
    for typed, game in zip(["1", "½", "-+"], games, strict=True):
        r = arbiter.post(reverse("web:result", args=[event.pk, 1, game.pk]),
                         {"result": typed, "confirm": "1"}, HTTP_HX_REQUEST="true")
        assert r.status_code == 200 and f'id="game-{game.pk}"' in r.content.decode()
    assert [g.result for g in rnd.games.exclude(black=None)] == ["1-0", "=", "-+"]
    r = arbiter.post(reverse("web:result", args=[event.pk, 1, games[0].pk]), {"result": "7"},
                     HTTP_HX_REQUEST="true")
    assert "Unknown result" in r.content.decode()
    for view in ("standings", "crosstable", "wallchart"):
        page = arbiter.get(reverse("web:standings-view", args=[event.pk, view]))
        assert page.status_code == 200
    assert arbiter.get(reverse("web:player-card", args=[event.pk, 1])).status_code == 200
    for view in ("", "crosstable", "wallchart", "card"):
        pdf = arbiter.get(reverse("web:pdf", args=[event.pk]), {"view": view})
        assert pdf.content.startswith(b"%PDF") and pdf["Content-Type"] == "application/pdf"
    text = arbiter.get(reverse("web:export", args=[event.pk, "trf"])).content.decode()
    t = parse_trf(text)
    assert t.players[2].entry(1).code == "H" and t.rounds_paired == 1
    for dialect in ("trf16", "trf26"):
        exported = arbiter.get(reverse("web:export", args=[event.pk, dialect]))
        assert "001 " in exported.content.decode()
    # undo the last result change from the page
    # undo the last result change from the page (the form names the change it undoes)
    last = event.audit.filter(action="result").first()
    arbiter.post(reverse("web:round-action", args=[event.pk, 1, "undo"]), {"entry": last.pk})
    assert rnd.games.exclude(black=None).filter(white_code="").count() == 1


def test_imports_through_the_page(arbiter: Client) -> None:
    event = make_event(players=0)
    with open(DATA / "fide-list-24.txt", "rb") as f:
        arbiter.post(reverse("web:players-import", args=[event.pk]), {"file": f})
    assert event.entrants.count() == 24
    ratings = [e.rating for e in event.entrants.order_by("tpn")]
    assert ratings == sorted(ratings, reverse=True)
    r = arbiter.post(reverse("web:players-import", args=[event.pk]),
                     {"file": _upload("bad.csv", b"name,rating\nX,abc\n")}, follow=True)
    assert "bad.csv, line 2" in r.content.decode()
    assert event.entrants.count() == 24


def _upload(name: str, data: bytes):  # type: ignore[no-untyped-def]
    from django.core.files.uploadedfile import SimpleUploadedFile

    return SimpleUploadedFile(name, data)


def test_trf_import_continues_a_tournament(arbiter: Client) -> None:
    data = (Path(__file__).parents[1] / "examples" / "open-annecy-2026.trf").read_bytes()
    r = arbiter.post(reverse("web:import-trf"), {"file": _upload("annecy.trf", data),
                                                 "system": "dutch-2025"})
    assert r.status_code == 302
    event = m.Event.objects.get()
    assert event.entrants.count() == 18 and event.round_set.count() == 3
    arbiter.post(reverse("web:round-action", args=[event.pk, 4, "pair"]))
    assert event.round_set.filter(number=4).exists()
    r = arbiter.post(reverse("web:import-trf"), {"file": _upload("bad.trf", b"001 xx\n"),
                                                 "system": "dutch-2025"}, follow=True)
    assert "bad.trf" in r.content.decode()


def test_login_is_limited_after_failures() -> None:
    make_user("chief", m.ROLE_CHIEF)
    c = Client()
    for _ in range(5):
        r = c.post(reverse("web:login"), {"username": "chief", "password": "wrong"})
        assert r.status_code == 200
    r = c.post(reverse("web:login"), {"username": "chief", "password": "a-long-password"})
    assert r.status_code == 429
    other = Client(REMOTE_ADDR="10.0.0.9")
    r = other.post(reverse("web:login"), {"username": "chief", "password": "a-long-password"})
    assert r.status_code == 302


def test_public_pages_show_only_published_rounds() -> None:
    event = make_event(players=6, rounds=3)
    rng = random.Random(1)
    play_round(event, rng)
    c = Client()
    token = event.public_token
    assert c.get(reverse("web:public", args=[token])).status_code == 200
    assert c.get(reverse("web:public-round", args=[token, 1])).status_code == 200
    assert c.get(reverse("web:public-standings", args=[token])).status_code == 200
    svg = c.get(reverse("web:public-qr", args=[token]))
    assert svg["Content-Type"] == "image/svg+xml" and b"<svg" in svg.content
    from swisspairing.interfaces.web import actions

    actions.pair_next_round(event, None)
    assert c.get(reverse("web:public-round", args=[token, 2])).status_code == 404
    event.public = False
    event.save()
    assert c.get(reverse("web:public", args=[token])).status_code == 404


@pytest.mark.django_db(transaction=True)
def test_backup_download_is_a_database() -> None:
    """The copy is taken outside any open transaction, as in the running app; the chief
    arbiter's (tests/test_web_security.py: nobody else's)."""
    make_event(players=3)
    chief = Client()
    chief.force_login(make_user("boss", m.ROLE_CHIEF))
    r = chief.get(reverse("web:backup"))
    assert r.status_code == 200
    body = b"".join(r.streaming_content) if r.streaming else r.content
    assert body.startswith(b"SQLite format 3") or body.lstrip().startswith(b"[")


def test_french_follows_the_browser_and_the_explanation_too(arbiter: Client) -> None:
    event = make_event(players=6, rounds=3)
    from swisspairing.interfaces.web import actions

    rnd = actions.pair_next_round(event, None)
    url = reverse("web:round", args=[event.pk, 1])
    french = arbiter.get(url, HTTP_ACCEPT_LANGUAGE="fr-FR,fr;q=0.9").content.decode()
    assert "Pourquoi cet appariement" in french and "Publier" in french
    # the notes as the engine wrote them, the players named (issue 25 item 8)
    from swisspairing.interfaces.web.explanation_names import named_note

    names = {e.tpn: e.name for e in event.entrants.all()}
    assert named_note(rnd.explanation[0]["fr"], names) in french.replace("&#x27;", "'")
    english = arbiter.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Why this pairing" in english
    assert named_note(rnd.explanation[0]["en"], names) in english.replace("&#x27;", "'")
    # the user's choice overrides the browser's language
    arbiter.post(reverse("set_language"), {"language": "fr", "next": url})
    assert "Classement" in arbiter.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()


def test_standings_tables_and_pdfs_speak_the_users_language(arbiter: Client,
                                                           monkeypatch: pytest.MonkeyPatch
                                                           ) -> None:
    """The standings package's titles and headers follow the active language (issue 15)."""
    event = make_event(players=6, rounds=3)
    play_round(event, random.Random(2))
    url = reverse("web:standings-view", args=[event.pk, "standings"])
    french = arbiter.get(url, HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "classement après la ronde 1" in french and "<th" in french
    assert ">Nom<" in french and ">Name<" not in french and "Départages" in french
    english = arbiter.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "standings after round 1" in english and ">Name<" in english
    cross = arbiter.get(reverse("web:standings-view", args=[event.pk, "crosstable"]),
                        HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "grille américaine" in cross
    card = arbiter.get(reverse("web:player-card", args=[event.pk, 1]),
                       HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Adversaire" in card
    from swisspairing.standings import render

    printed: list[str] = []
    real_pdf = render.pdf
    monkeypatch.setattr(render, "pdf", lambda found, *args, **kw: printed.extend(
        t.title for t in found) or real_pdf(found, *args, **kw))
    pdf = arbiter.get(reverse("web:pdf", args=[event.pk]), {"view": "wallchart"},
                      HTTP_ACCEPT_LANGUAGE="fr")
    assert pdf.content.startswith(b"%PDF") and "tableau mural après la ronde 1" in printed[0]


def test_no_pdf_link_before_a_round_is_complete(arbiter: Client) -> None:
    """The PDFs are made from complete rounds (the PDF view answers 404 before): their links
    appear on the standings and event pages once round 1 is complete, not before."""
    event = make_event(players=6, rounds=3)
    pdf = reverse("web:pdf", args=[event.pk])
    for page in ("web:standings", "web:event"):
        assert pdf not in arbiter.get(reverse(page, args=[event.pk])).content.decode()
    play_round(event, random.Random(2))
    for page in ("web:standings", "web:event"):
        assert pdf in arbiter.get(reverse(page, args=[event.pk])).content.decode()
    assert arbiter.get(pdf).status_code == 200


def test_check_page_and_forbidden_pairs(arbiter: Client) -> None:
    """A forbidden pair (C.04.1 b) entered on the players page is respected by the pairing of
    round 1, and the check page finds every complete round to be the engine's pairing."""
    event = make_event(players=6, rounds=3)
    r = arbiter.post(reverse("web:forbidden", args=[event.pk]), {"first": "1", "second": "4"})
    assert r.status_code == 302 and event.forbidden.count() == 1
    rng = random.Random(4)
    rnd = play_round(event, rng)
    assert all({g.white.tpn, g.black.tpn} != {1, 4} for g in rnd.games.exclude(black=None))
    page = arbiter.get(reverse("web:check", args=[event.pk])).content.decode()
    assert "Every complete round is the pairing the system gives" in page
    # each checked round links to its page
    assert f'href="{reverse("web:round", args=[event.pk, 1])}"' in page.split("<main")[-1]
    french = arbiter.get(reverse("web:check", args=[event.pk]),
                         HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Contrôle des appariements" in french
    r = arbiter.post(reverse("web:forbidden", args=[event.pk]), {"first": "1", "second": "x"},
                     follow=True)
    assert ("second player: give a player&#x27;s number or choose a name from the list, "
            "found &#x27;x&#x27;") in r.content.decode()


def test_check_page_shows_a_hand_changed_round_board_by_board(arbiter: Client) -> None:
    """Round 2 published after an exchange of two players of different boards: the check page
    marks that round as differing, shows the published and the system's boards side by side
    with the two changed boards marked on both sides (and only those), keeps round 1 as
    agreeing, and names the players."""
    event = make_event(players=8, rounds=3)
    rng = random.Random(7)
    play_round(event, rng)
    rnd = actions.pair_next_round(event, None)
    games = list(rnd.games.exclude(black=None).order_by("board"))
    a, b = games[0].white.tpn, games[1].black.tpn
    actions.manual_change(rnd, "exchange", a, b, None)
    actions.publish_round(rnd, None)
    for g in rnd.games.exclude(black=None):
        actions.set_result(g, rng.choice(["1-0", "0-1", "="]), None)
    page = arbiter.get(reverse("web:check", args=[event.pk])).content.decode()
    main = page.split("<main")[-1]
    round1 = main.split('id="check-round-1"')[1].split("</section>")[0]
    round2 = main.split('id="check-round-2"')[1].split("</section>")[0]
    assert "The published pairing is the pairing the system gives." in round1
    assert "differs" in round2 and "<table" not in round1
    changed = round2.count('class="differs"')
    assert changed == 4  # two boards, each marked in the published and in the system's column
    name = event.entrants.get(tpn=a).name
    assert name in round2
    french = arbiter.get(reverse("web:check", args=[event.pk]),
                         HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Appariement du système" in french and "diffère" in french


@pytest.mark.django_db(transaction=True)  # the list is loaded by a thread once committed
def test_rating_list_loaded_once_then_searched_as_you_type(arbiter: Client) -> None:
    from swisspairing.interfaces.web import ratings

    event = make_event(players=0)
    with open(DATA / "fide-list-24.txt", "rb") as f:
        arbiter.post(reverse("web:rating-list-load", args=[event.pk]), {"file": f})
    ratings.wait_for_loads(60)
    assert m.RatingEntry.objects.count() == 24
    url = reverse("web:rating-list-search", args=[event.pk])
    found = arbiter.get(url, {"find": "garn"}, HTTP_HX_REQUEST="true").content.decode()
    assert "Garnier, Chloé" in found and "Moreau" not in found
    entry = m.RatingEntry.objects.get(name="Garnier, Chloé")
    by_id = arbiter.get(url, {"find": entry.fide_id}).content.decode()
    assert "Garnier, Chloé" in by_id
    arbiter.post(reverse("web:rating-list-add", args=[event.pk, entry.pk]))
    row = event.entrants.get()
    assert (row.name, row.rating, row.fide_id) == (entry.name, entry.rating, entry.fide_id)
    again = arbiter.get(url, {"find": "garn"}).content.decode()
    assert "registered" in again


def test_only_the_chief_arbiter_manages_accounts(arbiter: Client) -> None:
    from django.contrib.auth import authenticate

    assert arbiter.get(reverse("web:accounts")).status_code == 403
    chief = Client()
    chief.force_login(make_user("boss", m.ROLE_CHIEF))
    r = chief.post(reverse("web:accounts"), {"username": "<b>new</b>", "role": "viewer",
                                             "password": "another-long-one"})
    assert r.status_code == 302
    user = authenticate(username="<b>new</b>", password="another-long-one")
    assert user is not None and user.profile.role == m.ROLE_VIEWER
    assert user.password != "another-long-one"  # stored hashed
    page = chief.get(reverse("web:accounts")).content.decode()
    assert "&lt;b&gt;new&lt;/b&gt;" in page
    r = chief.post(reverse("web:accounts"), {"username": "x", "role": "viewer",
                                             "password": "short"}, follow=True)
    assert "too short" in r.content.decode()


def test_the_same_players_are_not_imported_twice(arbiter: Client) -> None:
    """A FIDE id names one player: importing the same list again adds nobody and says who was
    left out; adding a player of the rating list who is already in the event is refused with
    a message (not a second pairing number for the same player)."""
    event = make_event(players=0)
    url = reverse("web:players-import", args=[event.pk])
    with open(DATA / "fide-list-24.txt", "rb") as f:
        arbiter.post(url, {"file": f})
    assert event.entrants.count() == 24
    with open(DATA / "fide-list-24.txt", "rb") as f:
        page = arbiter.post(url, {"file": f}, follow=True).content.decode()
    assert event.entrants.count() == 24
    assert "0 players imported." in page and "not imported again (same FIDE id)" in page
    first = event.entrants.order_by("tpn").first()
    assert first is not None and first.name in page.split("not imported again")[1]
    with pytest.raises(actions.AlreadyEntered):
        actions.add_entrant(event, Candidate(first.name, first.rating, first.fide_id), None)
    twice = [Candidate("New, One", 1500, "99999991"), Candidate("New, Two", 1400, "99999991")]
    with pytest.raises(BadRequest, match="given twice"):
        actions.import_entrants(event, twice, None)
    assert event.entrants.count() == 24


def test_an_error_no_view_handles_is_a_4xx_page_in_the_users_language() -> None:
    """The safety net: an error of the program's own kinds that reaches the top of a request
    is the error page with its message (400; 409 for no valid pairing), never a 500."""
    from django.test import RequestFactory
    from django.utils import translation

    from swisspairing.errors import NoValidPairing
    from swisspairing.interfaces.web.middleware import SwissPairingErrorMiddleware

    net = SwissPairingErrorMiddleware(lambda request: HttpResponse())
    request = RequestFactory().get("/")
    with translation.override("fr"):
        page = net.process_exception(request, BadRequest("empty tie-break name"))
        assert page is not None and page.status_code == 400
        text = page.content.decode()
        assert "Demande refusée" in text and "nom de départage vide" in text
    refused = net.process_exception(request, NoValidPairing("no pairing"))
    assert refused is not None and refused.status_code == 409
    assert net.process_exception(request, ValueError("a bug")) is None  # a bug stays a 500


def test_a_fide_id_of_zero_is_no_fide_id(arbiter: Client) -> None:
    """FFE exports and many TRF files write ``0`` for a player without a FIDE id: three such
    players are three players (not one, with two "already entered")."""
    event = make_event(players=0)
    csv = "Nom;Prénom;Elo;Code FIDE\nMARTIN;Anne;1500;0\nPETIT;Luc;1400;0\nROUX;Zoé;1300;00000\n"
    page = arbiter.post(reverse("web:players-import", args=[event.pk]),
                        {"file": SimpleUploadedFile("joueurs.csv", csv.encode())},
                        follow=True).content.decode()
    assert "3 players imported." in page and "not imported again" not in page
    assert set(event.entrants.values_list("fide_id", flat=True)) == {""}
    actions.add_entrant(event, Candidate("BLANC, Paul", 1200, "0"), None)
    assert event.entrants.count() == 4


def test_unicode_digits_are_refused_not_a_500(arbiter: Client) -> None:
    """``"²".isdigit()`` is true but ``int("²")`` fails: such input is an ordinary wrong value
    (the check-in search, the settings form, the withdrawal form), never a server error."""
    event = make_event(players=4)
    event.public = True
    event.save()
    assert Client().get(f"/h/{event.public_token}/checkin/", {"q": "²"}).status_code == 200
    edit = arbiter.post(reverse("web:event-edit", args=[event.pk]),
                        {"name": event.name, "rounds": "²", "system": "dutch-2025"})
    assert edit.status_code < 500
    player = arbiter.post(reverse("web:player-edit", args=[event.pk, 1]),
                          {"withdrawn_from": "²", "withdraw": "1"})
    assert player.status_code < 500
