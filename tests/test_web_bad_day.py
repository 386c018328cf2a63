"""Hostile input met on a bad-day tour of the web app (Double-Swiss events, the round page's
forms, the hall): every answer is a 4xx page or the page with an error naming the field, never
a 500, and nothing changes."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from swisspairing.interfaces.web import actions
from swisspairing.interfaces.web import models as m
from web_helpers import make_event, make_user

pytestmark = pytest.mark.django_db

#: more digits than Python's ``int()`` converts (4,300): was a ValueError, a 500
HUGE = "9" * 5000


@pytest.fixture
def chief() -> Client:
    client = Client(raise_request_exception=False, HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(make_user("chief", m.ROLE_CHIEF))
    return client


def _results(event: m.Event) -> list[tuple[int, int, str, int]]:
    return list(m.Game.objects.filter(round__event=event).order_by("pk")
                .values_list("pk", "board", "white_code", "version"))


def _shown_error(client: Client, response: object) -> str:
    """The error the arbiter reads: the 4xx page itself, or the page redirected to."""
    status = response.status_code  # type: ignore[attr-defined]
    if status == 302:
        return client.get(response["Location"]).content.decode()  # type: ignore[index]
    assert 400 <= status < 500, status
    return response.content.decode()  # type: ignore[attr-defined]


@pytest.mark.parametrize(("what", "field"), [
    ("publish", "version"), ("unpublish", "version"), ("manual", "version"),
    ("manual-undo", "version"), ("manual-reset", "version"), ("undo", "entry"),
    ("pair", "revision")])
def test_a_huge_version_is_refused_naming_the_field(chief: Client, what: str,
                                                   field: str) -> None:
    event = make_event(players=8, rounds=3, system="double-swiss")
    rnd = actions.pair_next_round(event, None)
    number = 2 if what == "pair" else 1
    before = (_results(event), rnd.version, rnd.published)
    r = chief.post(reverse("web:round-action", args=[event.pk, number, what]),
                   {field: HUGE, "kind": "swap", "a": "1"})
    page = _shown_error(chief, r)
    assert f"{field}: a whole number of at most 18 digits is needed" in page
    rnd.refresh_from_db()
    assert (_results(event), rnd.version, rnd.published) == before


def test_a_huge_version_or_result_in_the_grid_is_a_400(chief: Client) -> None:
    event = make_event(players=8, rounds=3, system="double-swiss")
    rnd = actions.pair_next_round(event, None)
    actions.publish_round(rnd, None)
    game = rnd.games.get(board=1, game=2)
    before = _results(event)
    url = reverse("web:result", args=[event.pk, 1, game.pk])
    r = chief.post(url, {"result": "1", "version": HUGE})
    assert r.status_code == 400
    assert "version: a whole number of at most 18 digits" in r.content.decode()
    r = chief.post(url, {"result": HUGE, "version": str(game.version)})
    assert r.status_code == 400
    assert _results(event) == before


@pytest.mark.parametrize(("fields", "says"), [
    ({"a": HUGE}, "Give a board or a player number."),
    ({"a": "1", "b": HUGE}, "choose two different players of the match")])
def test_a_huge_player_or_board_number_in_a_manual_change_is_refused(
        chief: Client, fields: dict[str, str], says: str) -> None:
    event = make_event(players=8, rounds=3, system="double-swiss")
    rnd = actions.pair_next_round(event, None)
    before = _results(event)
    r = chief.post(reverse("web:round-action", args=[event.pk, 1, "manual"]),
                   {"kind": "exchange", "version": str(rnd.version), **fields})
    assert r.status_code == 302
    assert says in _shown_error(chief, r)
    assert _results(event) == before


def test_a_huge_entrant_id_is_a_400(chief: Client) -> None:
    event = make_event(players=8, rounds=3, system="double-swiss")
    r = chief.post(reverse("web:round-action", args=[event.pk, 1, "request"]),
                   {"entrant": HUGE, "code": "H"})
    assert r.status_code == 400
    assert "entrant: a whole number from 1 to" in r.content.decode()
    assert not m.RoundRequest.objects.exists()


@pytest.mark.parametrize(("match", "first", "second", "says"), [
    ("99:1:1", "1-0", "=", "board: round 1 has no match on board 99"),
    ("0:1:1", "1-0", "=", "board: round 1 has no match on board 0"),
    ("-1:1:1", "1-0", "=", "match: choose a board"),
    (HUGE, "1-0", "=", "match: choose a board"),
    ("1:1:1", "2-0", "=", "Game 1: choose a result, found &#x27;2-0&#x27;"),
    ("1:1:1", "1-0", HUGE, "Game 2: choose a result"),
])
def test_the_match_form_refuses_what_is_not_a_match_or_a_result(
        chief: Client, match: str, first: str, second: str, says: str) -> None:
    """C.04.5: the per-match form records both games of an existing board, with a result of
    its table; anything else is refused naming the field, nothing recorded."""
    event = make_event(players=8, rounds=3, system="double-swiss")
    rnd = actions.pair_next_round(event, None)
    actions.publish_round(rnd, None)
    before = _results(event)
    r = chief.post(reverse("web:round-action", args=[event.pk, 1, "match"]),
                   {"match": match, "first": first, "second": second})
    assert says in _shown_error(chief, r)
    assert _results(event) == before


def test_the_hall_refuses_a_version_that_is_not_a_number(chief: Client) -> None:
    """``²`` passes ``str.isdigit()`` but not ``int()``: was a 500 in the hall's decide."""
    event = make_event(players=8, rounds=3, system="double-swiss")
    rnd = actions.pair_next_round(event, None)
    actions.publish_round(rnd, None)
    game = rnd.games.get(board=1, game=1)
    before = _results(event)
    for bad in ("²", HUGE):
        r = chief.post(reverse("hall:decide", args=[event.pk, game.pk]),
                       {"result": "1", "version": bad})
        assert "version: a whole number of at most 18 digits" in _shown_error(chief, r)
    assert _results(event) == before


def test_a_huge_screen_setting_is_clamped_not_a_500(chief: Client) -> None:
    from swisspairing.interfaces.web.hall import models as h

    event = make_event(players=8, rounds=3, system="double-swiss")
    r = chief.post(reverse("hall:screens", args=[event.pk]),
                   {"name": "Hall", "seconds": HUGE, "rows": HUGE})
    assert r.status_code == 302
    screen = h.Screen.objects.get(event=event)
    assert (screen.seconds, screen.rows) == (600, 200)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_an_anonymous_post_is_a_403_saying_nothing_was_recorded(lang: str) -> None:
    """A form sent without a session (it ended while the page was open, or a client that
    never logged in): a 403 page saying nothing was recorded, with a link to log in and come
    back to the page the form was on (it was a redirect to the login page, then to the
    form's POST-only address: an empty 405; the grid showed "error 200")."""
    event = make_event(players=8, rounds=3, system="double-swiss")
    rnd = actions.pair_next_round(event, None)
    actions.publish_round(rnd, None)
    game = rnd.games.get(board=1, game=1)
    before = _results(event)
    anonymous = Client(HTTP_ACCEPT_LANGUAGE=lang)
    round_page = reverse("web:round", args=[event.pk, 1])
    for url, data in ((reverse("web:result", args=[event.pk, 1, game.pk]), {"result": "1"}),
                      (reverse("web:round-action", args=[event.pk, 1, "match"]),
                       {"match": f"1:{game.version}:1", "first": "1-0", "second": "1-0"}),
                      (reverse("web:round-action", args=[event.pk, 1, "unpublish"]), {}),
                      (reverse("web:round-action", args=[event.pk, 2, "pair"]), {}),
                      (reverse("hall:decide", args=[event.pk, game.pk]), {"result": "1"})):
        r = anonymous.post(url, data, HTTP_REFERER=f"http://testserver{round_page}")
        assert r.status_code == 403, url
        page = r.content.decode()
        assert ("nothing was recorded" if lang == "en" else "rien n'a été enregistré") in page
        assert f'href="/login/?next={round_page.replace("/", "%2F")}"' in page
    # another site's page as the referer: back to the tournaments, not to that site
    r = anonymous.post(reverse("web:result", args=[event.pk, 1, game.pk]), {"result": "1"},
                       HTTP_REFERER="https://elsewhere.example/t/1/")
    assert r.status_code == 403 and 'href="/login/?next=%2F"' in r.content.decode()
    assert _results(event) == before
    assert not m.Round.objects.filter(event=event, number=2).exists()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_explanation_of_a_changed_double_swiss_match_reads_game_1(lang: str) -> None:
    """C.04.5 Preface: the pairing and a manual change are in game 1's colours (game 2 is the
    reverse). After the colours of board 1 are swapped by hand, the explanation gives board 1
    as game 1 now is, and the engine's colour note of that board says the engine's White now
    has Black (it read game 2's row: the colours before the swap, and the reverse note)."""
    event = make_event(players=8, rounds=3, system="double-swiss")
    rnd = actions.pair_next_round(event, None)
    actions.manual_change(rnd, "swap", 1, None, None)
    first = rnd.games.select_related("white", "black").get(board=1, game=1)
    white, black = first.white, first.black
    client = Client(HTTP_ACCEPT_LANGUAGE=lang)
    client.force_login(make_user("arb", m.ROLE_ARBITER))
    page = client.get(reverse("web:round", args=[event.pk, 1])).content.decode()
    if lang == "en":
        shown = f"board 1: White {white.tpn} {white.name}; Black {black.tpn} {black.name}"
        wrong = f"board 1: White {black.tpn} {black.name}; Black {white.tpn} {white.name}"
        changed = f"{black.tpn} now has Black against {white.tpn}"  # the engine's White
    else:
        shown = f"échiquier 1 : Blancs {white.tpn} {white.name} ; Noirs {black.tpn} {black.name}"
        wrong = f"échiquier 1 : Blancs {black.tpn} {black.name} ; Noirs {white.tpn} {white.name}"
        changed = f"{black.tpn} a maintenant les Noirs contre {white.tpn}"
    assert shown in page and wrong not in page
    assert changed in page


@pytest.mark.parametrize(("lang", "second", "says"), [
    ("en", "99", "second player: no player has the number 99"),
    ("fr", "99", "second joueur : aucun joueur n&#x27;a le numéro 99"),
    ("en", "nobody", "second player: give a player&#x27;s number or choose a name from the list, "
                     "found &#x27;nobody&#x27;"),
])
def test_a_forbidden_pair_with_an_unknown_player_names_the_field(lang: str, second: str,
                                                                 says: str) -> None:
    """C.04.1 b: two players of the event; a number no player has, or a text that is no
    number, is refused naming the field and what was typed, nothing stored."""
    event = make_event(players=8, rounds=3)
    client = Client(HTTP_ACCEPT_LANGUAGE=lang)
    client.force_login(make_user("arb", m.ROLE_ARBITER))
    r = client.post(reverse("web:forbidden", args=[event.pk]),
                    {"first": "1", "second": second}, follow=True)
    assert says in r.content.decode()
    assert not m.ForbiddenPair.objects.exists()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_stale_match_form_says_neither_game_was_recorded(lang: str) -> None:
    """The per-match form records both games of a match in one transaction (C.04.5: a match
    is two games): when game 2 changed since the page was shown (another tab), game 1 is not
    recorded either, and the message says so (it named game 2 only)."""
    event = make_event(players=8, rounds=3, system="double-swiss")
    rnd = actions.pair_next_round(event, None)
    actions.publish_round(rnd, None)
    first, second = rnd.games.filter(board=1).order_by("game")
    shown = f"1:{first.version}:{second.version}"
    actions.set_result(second, "=", None)  # the other tab
    before = _results(event)
    client = Client(HTTP_ACCEPT_LANGUAGE=lang)
    client.force_login(make_user("arb", m.ROLE_ARBITER))
    r = client.post(reverse("web:round-action", args=[event.pk, 1, "match"]),
                    {"match": shown, "first": "1-0", "second": "1-0"}, follow=True)
    page = r.content.decode()
    assert ("Neither game of board 1 was recorded" if lang == "en"
            else "Aucune des deux parties de l&#x27;échiquier 1 n&#x27;a été enregistrée") in page
    assert _results(event) == before


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_hall_overview_names_the_game_of_a_double_swiss_entry(lang: str) -> None:
    """C.04.5: a board is two games; a player's entry waiting on game 2 of board 1 is shown
    to the arbiters as board 1.2 (it said "Board 1", leaving the game to guess), and the
    arbiter's decision is confirmed with the same label."""
    from hall_helpers import code_of, enter
    from swisspairing.interfaces.web.hall import models as h

    event = make_event(players=8, rounds=3, system="double-swiss")
    rnd = actions.pair_next_round(event, None)
    actions.publish_round(rnd, None)
    second = rnd.games.select_related("white", "black").get(board=1, game=2)
    enter(Client(), code_of(second, h.WHITE), "1-0")
    arbiter = Client(HTTP_ACCEPT_LANGUAGE=lang)
    arbiter.force_login(make_user("arb", m.ROLE_ARBITER))
    page = arbiter.get(reverse("hall:overview", args=[event.pk])).content.decode()
    board = "Board" if lang == "en" else "Échiquier"
    assert f"<b>{board} 1.2</b> {second.white.name} – {second.black.name}" in page
    r = arbiter.post(reverse("hall:decide", args=[event.pk, second.pk]),
                     {"validate": "1-0", "version": str(second.version)}, follow=True)
    said = "Board 1.2: 1-0" if lang == "en" else "Échiquier 1.2\u00a0: 1-0"
    assert said in r.content.decode()
    second.refresh_from_db()
    assert second.result == "1-0"


def test_a_huge_result_typed_is_not_echoed_whole() -> None:
    """A 100,000-character result field (the grid, a player's phone in the hall) is refused
    with its first 20 characters shown, not the whole field echoed into the page."""
    from hall_helpers import code_of, enter
    from swisspairing.interfaces.web.hall import models as h

    event = make_event(players=8, rounds=3, system="double-swiss")
    rnd = actions.pair_next_round(event, None)
    actions.publish_round(rnd, None)
    game = rnd.games.select_related("white", "black").get(board=1, game=2)
    typed = "1" * 100_000
    shown = "&#x27;" + "1" * 20 + "&#x27;…"
    phone = enter(Client(), code_of(game, h.WHITE), typed)
    assert phone.status_code == 400  # type: ignore[attr-defined]
    page = phone.content.decode()  # type: ignore[attr-defined]
    assert shown in page and len(page) < 20_000
    arbiter = Client()
    arbiter.force_login(make_user("arb", m.ROLE_ARBITER))
    r = arbiter.post(reverse("web:result", args=[event.pk, 1, game.pk]),
                     {"result": typed, "version": str(game.version)}, HTTP_HX_REQUEST="true")
    assert r.status_code == 400
    assert shown in r.content.decode() and len(r.content) < 20_000
    game.refresh_from_db()
    assert game.result == "" and not game.hall_claims.exists()


@pytest.mark.parametrize("htmx", [True, False])
def test_a_result_posted_for_the_bye_says_why_it_is_refused(htmx: bool) -> None:
    """The pairing-allocated bye has no result to enter (C.04.5: a whole match, scored by the
    settings); a result posted for its row is a 400 that says why (it came back with the
    bye's row alone, no message)."""
    event = make_event(players=9, rounds=3, system="double-swiss")
    rnd = actions.pair_next_round(event, None)
    actions.publish_round(rnd, None)
    bye = rnd.games.get(black=None)
    before = _results(event)
    arbiter = Client()
    arbiter.force_login(make_user("arb", m.ROLE_ARBITER))
    extra = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    r = arbiter.post(reverse("web:result", args=[event.pk, 1, bye.pk]),
                     {"result": "1", "version": str(bye.version)}, **extra)
    assert r.status_code == 400
    assert '<div class="error" role="alert">' in r.content.decode()
    assert _results(event) == before
