"""The playing hall's other pages (issue 16): check-in with its confirmation step, the public
pages and their cheap "not modified" polling, screens, printable cards and sheets."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any
from unittest import mock

import pytest
from django.core.cache import cache
from django.test import Client, override_settings

from hall_helpers import code_of, enter, event_in_play, first_board
from swisspairing.interfaces.web import actions
from swisspairing.interfaces.web import models as m
from swisspairing.interfaces.web.hall import models as h
from web_helpers import make_event, make_user

pytestmark = pytest.mark.django_db


def _arbiter() -> Client:
    client = Client()
    client.force_login(make_user("arb", m.ROLE_ARBITER))
    return client


# --- check-in ------------------------------------------------------------------------------------
def test_check_in_shows_name_and_rating_before_recording_anything() -> None:
    """The confirmation step: the GET shows who will be checked in and records nothing; only
    the confirmation (POST) does, once, with an audit entry."""
    event = make_event(players=6)
    player = event.entrants.get(tpn=3)
    token = event.public_token
    found = Client().get(f"/h/{token}/checkin/", {"q": player.name.lower()})
    assert player.name.encode() in found.content
    page = Client().get(f"/h/{token}/checkin/{player.tpn}/")
    assert page.status_code == 200
    assert player.name.encode() in page.content and str(player.rating).encode() in page.content
    assert not h.CheckIn.objects.exists()
    done = Client(HTTP_USER_AGENT="checkin-tablet").post(f"/h/{token}/checkin/{player.tpn}/")
    assert done.status_code == 200 and b'data-status="checked-in"' in done.content
    again = Client().post(f"/h/{token}/checkin/{player.tpn}/")
    assert again.status_code == 200
    assert h.CheckIn.objects.filter(entrant=player, round_number=1).count() == 1
    player.refresh_from_db()
    assert player.checked_in
    entries = event.audit.filter(action="hall-check-in")
    assert entries.count() == 1 and "checkin-tablet" in entries.get().after["device"]


class Clock:
    """A settable ``timezone.now`` (rate-limit windows without sleeping)."""

    def __init__(self) -> None:
        self.now = datetime(2026, 11, 24, 9, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture
def clock() -> Iterator[Clock]:
    c = Clock()
    with mock.patch("django.utils.timezone.now", c):
        yield c


@override_settings(HALL_MAX_CHECK_INS=3, HALL_WINDOW_SECONDS=300)
def test_check_ins_are_rate_limited_per_address(clock: Clock) -> None:
    """Issue 16: HALL_MAX_CHECK_INS confirmations per address within HALL_WINDOW_SECONDS; the
    next one is refused (429, nothing recorded), another address is not; once the window has
    passed the same address checks in again."""
    event = make_event(players=8)
    token = event.public_token
    tablet = Client(REMOTE_ADDR="10.0.0.9")
    for tpn in (1, 2, 2):  # a repeated confirmation counts too
        assert tablet.post(f"/h/{token}/checkin/{tpn}/").status_code == 200
    refused = tablet.post(f"/h/{token}/checkin/3/")
    assert refused.status_code == 429
    assert b"Too many check-ins from this device" in refused.content
    assert f'href="/h/{token}/checkin/"'.encode() in refused.content
    assert not h.CheckIn.objects.filter(entrant__tpn=3).exists()
    assert not event.audit.filter(action="hall-check-in", target__startswith=
                                  event.entrants.get(tpn=3).name).exists()
    assert Client(REMOTE_ADDR="10.0.0.10").post(f"/h/{token}/checkin/3/").status_code == 200
    clock.now += timedelta(seconds=299)
    assert tablet.post(f"/h/{token}/checkin/4/").status_code == 429
    clock.now += timedelta(seconds=2)
    assert tablet.post(f"/h/{token}/checkin/4/").status_code == 200
    assert set(h.CheckIn.objects.values_list("entrant__tpn", flat=True)) == {1, 2, 3, 4}


def test_check_in_limit_by_default_lets_a_hall_tablet_work() -> None:
    """The default (100 per 5 minutes) is far above one tablet's pace: 40 players in a row."""
    event = make_event(players=40)
    tablet = Client(REMOTE_ADDR="10.0.0.11")
    for tpn in range(1, 41):
        assert tablet.post(f"/h/{event.public_token}/checkin/{tpn}/").status_code == 200
    assert h.CheckIn.objects.count() == 40


def test_arbiter_sees_who_is_missing_before_pairing() -> None:
    event = make_event(players=5)
    for tpn in (1, 2, 4):
        Client().post(f"/h/{event.public_token}/checkin/{tpn}/")
    page = _arbiter().get(f"/t/{event.pk}/hall/")
    assert b"3 of 5 expected players checked in" in page.content
    missing = re.search(rb'<ul class="missing">(.*?)</ul>', page.content, re.S)
    assert missing is not None
    names = {e.name.encode() for e in event.entrants.filter(tpn__in=(3, 5))}
    present = {e.name.encode() for e in event.entrants.filter(tpn__in=(1, 2, 4))}
    assert all(n in missing.group(1) for n in names)
    assert not any(n in missing.group(1) for n in present)
    # the arbiters' navigation is the one of every other page: the next round to pair is there
    assert f'href="/t/{event.pk}/rounds/1/"'.encode() in page.content


def test_later_rounds_expect_the_players_back_from_a_bye() -> None:
    """Before round 2, only the players not paired in round 1 at their request check in;
    a player with a bye requested for round 2 is not expected."""
    from swisspairing.interfaces.web.hall import services

    event = make_event(players=8)
    back = event.entrants.get(tpn=8)
    away = event.entrants.get(tpn=7)
    actions.set_request(event, back, 1, "H", None)
    actions.set_request(event, away, 2, "H", None)
    rnd = actions.pair_next_round(event, None)
    actions.publish_round(rnd, None)
    for g in rnd.games.exclude(black=None):
        actions.set_result(g, "=", None)
    assert services.check_in_round(event) == 2
    assert [e.tpn for e in services.expected_players(event, 2)] == [8]
    # the arbiters' page counts the expected player, and says who else confirmed
    for tpn in (8, 1, 2):
        Client().post(f"/h/{event.public_token}/checkin/{tpn}/")
    page = _arbiter().get(f"/t/{event.pk}/hall/").content.decode()
    assert "1 of 1 expected players checked in. 2 other players confirmed" in page


def test_nobody_expected_after_round_1_is_said_so() -> None:
    """After round 1 with no bye or absence, nobody is expected: the page says so rather
    than "0 of 0", and in French too."""
    event = make_event(players=4)
    rnd = actions.pair_next_round(event, None)
    actions.publish_round(rnd, None)
    for g in rnd.games.exclude(black=None):
        actions.set_result(g, "=", None)
    Client().post(f"/h/{event.public_token}/checkin/1/")
    arbiter = _arbiter()
    page = arbiter.get(f"/t/{event.pk}/hall/").content.decode()
    assert "Nobody has to check in before this round" in page and " of 0 " not in page
    assert "1 other player confirmed their presence." in page
    french = arbiter.get(f"/t/{event.pk}/hall/", HTTP_ACCEPT_LANGUAGE="fr")
    assert "1 autre joueur a confirmé sa présence." in french.content.decode()


def test_check_in_of_a_withdrawn_player_or_after_the_last_round_is_refused() -> None:
    event = make_event(players=4, rounds=1)
    gone = event.entrants.get(tpn=2)
    actions.set_withdrawal(gone, 1, None)
    assert Client().post(f"/h/{event.public_token}/checkin/2/").status_code == 409
    rnd = actions.pair_next_round(event, None)
    actions.publish_round(rnd, None)
    assert Client().post(f"/h/{event.public_token}/checkin/1/").status_code == 409
    assert not h.CheckIn.objects.exists()


def test_private_event_has_no_hall_pages() -> None:
    event = make_event(players=4)
    event.public = False
    event.save()
    for url in ("", "checkin/", "checkin/1/", "live/boards/"):
        assert Client().get(f"/h/{event.public_token}/{url}").status_code == 404


# --- public pages and polling -------------------------------------------------------------------
def _version(content: bytes) -> str:
    found = re.search(rb'live/boards/\?v=([0-9a-f]+)"', content)
    assert found is not None
    return found.group(1).decode()


def test_public_page_shows_the_pairing_and_polls_cheaply() -> None:
    """The poll with the version it holds answers 204 (HTMX keeps the page) until something
    changes; then the new part with a new version. ``If-None-Match`` gives 304."""
    event, rnd = event_in_play()
    token = event.public_token
    page = Client().get(f"/h/{token}/")
    assert page.status_code == 200
    game = first_board(rnd)
    assert game.white.name.encode() in page.content and b'hx-trigger="every 10s"' in page.content
    v = _version(page.content)
    assert Client().get(f"/h/{token}/live/boards/", {"v": v}).status_code == 204
    etag = page["ETag"]
    assert Client().get(f"/h/{token}/live/boards/",
                        HTTP_IF_NONE_MATCH=etag).status_code == 304
    enter(Client(), code_of(game, h.WHITE), "1-0")
    pending = Client().get(f"/h/{token}/live/boards/", {"v": v})
    assert pending.status_code == 200 and b"claim pending" in pending.content
    v2 = _version(pending.content)
    assert v2 != v
    enter(Client(), code_of(game, h.BLACK), "1-0")
    done = Client().get(f"/h/{token}/live/boards/", {"v": v2})
    assert done.status_code == 200 and b"<b>1-0</b>" in done.content


def test_a_player_renamed_after_publication_is_shown_renamed() -> None:
    """Editing a player changes no game nor round, but the public page must not answer "not
    modified" with the old name (the version counts every audited change of the event)."""
    event, rnd = event_in_play()
    token = event.public_token
    page = Client().get(f"/h/{token}/")
    game = first_board(rnd)
    actions.edit_entrant(game.white, {"name": "Renamed, Player"}, None)
    assert Client().get(f"/h/{token}/", HTTP_IF_NONE_MATCH=page["ETag"]).status_code == 200
    poll = Client().get(f"/h/{token}/live/boards/", {"v": _version(page.content)})
    assert poll.status_code == 200 and b"Renamed, Player" in poll.content


@override_settings(HALL_FRESH_SECONDS=60)
def test_many_phones_cost_one_version_query_a_second_and_one_rendering_a_version(
        django_assert_num_queries: Any) -> None:
    """500 phones polling: the version is computed once per ``HALL_FRESH_SECONDS`` for all of
    them (a change shows at most that much later), each part rendered once per version and
    language; a reload with the page's ETag is 304."""
    event, rnd = event_in_play()
    token = event.public_token
    cache.clear()
    page = Client().get(f"/h/{token}/")
    v = _version(page.content)
    with django_assert_num_queries(0):  # other phones: from the cache
        assert Client().get(f"/h/{token}/").content == page.content
        assert Client().get(f"/h/{token}/live/boards/", {"v": v}).status_code == 204
        assert Client().get(f"/h/{token}/", HTTP_IF_NONE_MATCH=page["ETag"]).status_code == 304
    enter(Client(), code_of(first_board(rnd), h.WHITE), "1-0")
    # within the freshness window the phones keep the version they have
    assert Client().get(f"/h/{token}/live/boards/", {"v": v}).status_code == 204
    cache.delete(f"hall:version:{event.pk}")  # the window is over
    changed = Client().get(f"/h/{token}/live/boards/", {"v": v})
    assert changed.status_code == 200 and b"claim pending" in changed.content
    with django_assert_num_queries(0):  # the next phone gets the same part from the cache
        again = Client().get(f"/h/{token}/live/boards/", {"v": v})
    assert again.content == changed.content
    # the page's ETag names its language: another language is another page
    french = Client().get(f"/h/{token}/", HTTP_IF_NONE_MATCH=page["ETag"],
                          HTTP_ACCEPT_LANGUAGE="fr")
    assert french.status_code == 200 and french["ETag"] != page["ETag"]


def test_alphabetical_list_and_standings_panels() -> None:
    event, rnd = event_in_play(players=7)
    token = event.public_token
    alpha = Client().get(f"/h/{token}/p/alpha/")
    names = re.findall(rb'<tr data-find="\d+ [^"]*"><td>([^<]+) <span', alpha.content)
    assert len(names) == 7 and names == sorted(names, key=lambda n: n.lower())
    assert b"bye" in alpha.content
    standings = Client().get(f"/h/{token}/p/standings/")
    assert b"No round is complete yet." in standings.content
    for g in rnd.games.exclude(black=None):
        actions.set_result(g, "1-0", None)
    standings = Client().get(f"/h/{token}/p/standings/")
    assert b'data-kind="standings"' in standings.content
    assert Client().get(f"/h/{token}/p/nothing/").status_code == 404


# --- screens ---------------------------------------------------------------------------------
def test_screen_configured_by_the_arbiter_rotates_its_panels() -> None:
    event, _rnd = event_in_play(players=10)
    arbiter = _arbiter()
    arbiter.post(f"/t/{event.pk}/hall/screens/", {"name": "Hall A", "panels": ["boards",
                                                                             "alpha"],
                                                  "seconds": "7", "rows": "5"})
    scr = h.Screen.objects.get(event=event)
    assert (scr.panel_list(), scr.seconds, scr.rows) == (["boards", "alpha"], 7, 5)
    page = Client().get(f"/h/{event.public_token}/screen/{scr.pk}/")
    assert page.status_code == 200 and b'data-seconds="7"' in page.content
    # one slide per panel, every row in it; the screen's script cuts it into pages of at
    # most ``rows`` lines that fit the screen's height (tests/test_print_browser.py)
    assert page.content.count(b'data-panel="boards"') == 1
    assert page.content.count(b'data-panel="alpha"') == 1
    assert page.content.count(b'data-max-rows="5"') == 2
    v = re.search(rb'live/\?v=([0-9a-f]+)"', page.content).group(1).decode()  # type: ignore[union-attr]
    assert Client().get(f"/h/{event.public_token}/screen/{scr.pk}/live/",
                        {"v": v}).status_code == 204
    # a form sent without a session: 403, nothing recorded (auth.login_required)
    assert Client().post(f"/t/{event.pk}/hall/screens/", {"name": "x"}).status_code == 403
    assert h.Screen.objects.count() == 1


def test_screen_shows_the_standings_page_by_page() -> None:
    """Once a round is complete the standings panel shows the table, at most ``rows`` lines
    a page (cut by the screen's script to the screen's height; the standings table is the web
    app's: header and cells with their alignment)."""
    event, rnd = event_in_play(players=10)
    for g in rnd.games.exclude(black=None):
        actions.set_result(g, "1-0", None)
    scr = h.Screen.objects.create(event=event, name="S", panels="standings", rows=6)
    for url in (f"/h/{event.public_token}/screen/{scr.pk}/",
                f"/h/{event.public_token}/screen/{scr.pk}/live/"):
        page = Client().get(url)
        assert page.status_code == 200, url
        assert page.content.count(b'data-panel="standings"') == 1
        assert b'data-max-rows="6"' in page.content
        body = page.content.decode()
        assert all(e.name in body for e in event.entrants.all())
        assert "(&#x27;" not in body and "('" not in body  # cells, not (text, class) pairs


# --- printouts -------------------------------------------------------------------------------
def test_board_cards_carry_both_codes_and_qr_codes() -> None:
    event, rnd = event_in_play(players=6)
    arbiter = _arbiter()
    cards = arbiter.get(f"/t/{event.pk}/hall/rounds/1/cards/")
    assert cards.status_code == 200
    for code in h.BoardCode.objects.filter(game__round=rnd):
        assert code.code.encode() in cards.content
    assert cards.content.count(b"<svg") == 6
    sheet = arbiter.get(f"/t/{event.pk}/hall/rounds/1/sheet/")
    assert all(c.code.encode() in sheet.content for c in h.BoardCode.objects.all())
    assert Client().get(f"/t/{event.pk}/hall/rounds/1/cards/").status_code == 302
    # the public pages never show a code
    public = Client().get(f"/h/{event.public_token}/").content
    assert not any(c.code.encode() in public for c in h.BoardCode.objects.all())


def test_the_qr_code_opens_the_players_board() -> None:
    _event, rnd = event_in_play()
    game = first_board(rnd)
    page = Client().get(f"/hall/c/{code_of(game, h.BLACK)}/")
    assert page.status_code == 200 and game.black.name.encode() in page.content
    assert b'class="me"' in page.content
