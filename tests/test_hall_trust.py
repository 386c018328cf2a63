"""The hall's trust model (issue 24, items 9-13): one slip per player, an entry and its
confirmation from one device are not a confirmation, codes for arbiters only and GET requests
that change nothing, the public address of QR codes, missing players marked absent, wrong
codes limited per device before the address.

The browser side of items 9, 11 and 12 is in ``test_hall_trust_browser.py``."""

from __future__ import annotations

import http.cookiejar
import urllib.error
import urllib.parse
import urllib.request
from typing import Any

import pytest
from django.apps import apps
from django.test import Client, override_settings
from django.urls import reverse

from hall_helpers import code_of, enter, event_in_play, first_board
from serve_helpers import free_port, lines_until_open
from swisspairing.interfaces.web import actions
from swisspairing.interfaces.web import models as m
from swisspairing.interfaces.web.hall import models as h
from web_helpers import make_event, make_user

pytestmark = pytest.mark.django_db


def _logged_in(role: str, name: str = "") -> Client:
    c = Client()
    c.force_login(make_user(name or role, role))
    return c


# --- item 9: one slip per player; same device is not a confirmation -----------------------
def test_each_slip_holds_one_players_code() -> None:
    """Item 9: the printout has one slip per player, with that player's code only (before:
    one card per board with both codes)."""
    event, rnd = event_in_play(players=6)
    page = _logged_in(m.ROLE_ARBITER).get(
        reverse("hall:printout", args=[event.pk, 1, "cards"])).content.decode()
    codes = list(h.BoardCode.objects.filter(game__round=rnd).values_list("code", flat=True))
    slips = page.split('class="board-card slip"')[1:]
    assert len(slips) == len(codes) == 6
    for slip in slips:
        assert sum(code in slip for code in codes) == 1


def test_an_entry_confirmed_from_the_same_device_stays_pending() -> None:
    """Item 9: one phone enters 1-0 with White's code and "confirms" it with Black's: no
    result is written, both entries stay pending, the second is flagged and the arbiters' hall
    page says so. Black's own phone then confirms."""
    event, rnd = event_in_play()
    game = first_board(rnd)
    phone = Client()
    assert enter(phone, code_of(game, h.WHITE), "1-0").status_code == 200
    answer = enter(phone, code_of(game, h.BLACK), "1-0")
    assert 'data-status="pending"' in answer.content.decode()
    game.refresh_from_db()
    assert game.result == ""
    claims = list(game.hall_claims.order_by("id"))
    assert [(c.side, c.status, c.same_device) for c in claims] == [
        ("w", "pending", False), ("b", "pending", True)]
    page = _logged_in(m.ROLE_ARBITER).get(reverse("hall:overview", args=[event.pk]))
    assert 'data-flag="same-device"' in page.content.decode()
    assert enter(Client(), code_of(game, h.BLACK), "1-0").status_code == 200
    game.refresh_from_db()
    assert game.result == "1-0"


def test_without_a_cookie_the_device_is_its_address_and_browser() -> None:
    """Item 9: a script keeping no cookie is one device per address and browser."""
    _event, rnd = event_in_play()
    game = first_board(rnd)
    for side in (h.WHITE, h.BLACK):
        Client(HTTP_USER_AGENT="script").post("/hall/", {"code": code_of(game, side),
                                                         "result": "="})
    game.refresh_from_db()
    assert game.result == ""
    assert game.hall_claims.filter(same_device=True).count() == 1


# --- item 10: codes for arbiters only, GET changes nothing ---------------------------------
def test_viewers_see_no_code() -> None:
    """Item 10: a viewer cannot open the slips or the sheet, and the audit log masks the codes
    (before: every code on three pages)."""
    event, rnd = event_in_play()
    game = first_board(rnd)
    enter(Client(), code_of(game, h.WHITE), "1-0")
    viewer = _logged_in(m.ROLE_VIEWER)
    for kind in ("cards", "sheet"):
        assert viewer.get(reverse("hall:printout", args=[event.pk, 1, kind])).status_code == 403
    codes = set(h.BoardCode.objects.values_list("code", flat=True))
    for url in (reverse("web:audit", args=[event.pk]), reverse("hall:overview", args=[event.pk]),
                reverse("web:round", args=[event.pk, 1]), reverse("web:event", args=[event.pk])):
        page = viewer.get(url).content.decode()
        assert not [c for c in codes if c in page], url
    # the arbiters still have the codes, on the slips (the audit log's sentences name no code
    # for anybody, issue 25 item 9)
    arbiter = _logged_in(m.ROLE_ARBITER)
    slips = arbiter.get(reverse("hall:printout", args=[event.pk, 1, "cards"]))
    assert slips.status_code == 200 and code_of(game, h.WHITE) in slips.content.decode()
    audit = arbiter.get(reverse("web:audit", args=[event.pk])).content.decode()
    assert code_of(game, h.WHITE) not in audit


def _row_counts() -> dict[str, int]:
    return {model._meta.label: model.objects.count() for model in apps.get_models()
            if model._meta.label not in ("sessions.Session",)}


def test_get_requests_change_nothing() -> None:
    """Item 10: a viewer's (and an arbiter's) page loads write no row: no code, no audit entry
    (the printout made codes; the TRF export wrote an audit entry)."""
    event, rnd = event_in_play()
    h.BoardCode.objects.all().delete()
    urls = [reverse("web:home"), reverse("web:event", args=[event.pk]),
            reverse("web:players", args=[event.pk]), reverse("web:round", args=[event.pk, 1]),
            reverse("web:standings", args=[event.pk]), reverse("web:audit", args=[event.pk]),
            reverse("web:check", args=[event.pk]),
            *[reverse("web:export", args=[event.pk, d]) for d in ("trf", "trf16", "trf26")],
            reverse("hall:overview", args=[event.pk]),
            reverse("hall:overview-live", args=[event.pk]),
            reverse("hall:mark-absent", args=[event.pk]),
            reverse("hall:printout", args=[event.pk, 1, "cards"]),
            reverse("hall:printout", args=[event.pk, 1, "sheet"])]
    before = _row_counts()
    for role in (m.ROLE_VIEWER, m.ROLE_ARBITER):
        client = _logged_in(role)
        before = _row_counts()
        for url in urls:
            assert client.get(url).status_code in (200, 403), url
        assert _row_counts() == before, role
    # the arbiter makes the missing codes with the printout's button (a POST)
    arbiter = _logged_in(m.ROLE_ARBITER, "arb2")
    cards = reverse("hall:printout", args=[event.pk, 1, "cards"])
    assert "Make the missing codes" in arbiter.get(cards).content.decode()
    assert arbiter.post(cards).status_code == 302
    assert h.BoardCode.objects.filter(game__round=rnd).count() == 10


# --- item 11: the public address -------------------------------------------------------------
def test_public_address_is_checked_and_used_for_the_qr_codes() -> None:
    """Item 11: the slips' QR codes and links are built on the public address; without it on
    the browser's, with a warning while that is a loopback address."""
    from swisspairing.errors import BadRequest
    from swisspairing.interfaces.web import public_address

    assert public_address.clean("192.168.1.20:8000/") == "http://192.168.1.20:8000"
    for wrong in ("ftp://x", "http://", "http://a b", "http://x:99999", "http://x/?a=1"):
        with pytest.raises(BadRequest):
            public_address.clean(wrong)
    assert public_address.is_loopback("http://127.0.0.1:8000")
    assert public_address.is_loopback("http://localhost")
    assert public_address.is_loopback("http://[::1]:8000")
    assert not public_address.is_loopback("http://192.168.1.20:8000")

    event, _rnd = event_in_play(players=4)
    arbiter = _logged_in(m.ROLE_ARBITER)
    cards = reverse("hall:printout", args=[event.pk, 1, "cards"])
    page = arbiter.get(cards, HTTP_HOST="127.0.0.1:8000").content.decode()
    assert 'class="warning loopback"' in page and 'data-url="http://127.0.0.1:8000/hall/c/' in page
    for url in (reverse("web:event", args=[event.pk]), reverse("hall:overview", args=[event.pk])):
        page = arbiter.get(url, HTTP_HOST="localhost").content.decode()
        assert 'class="warning loopback"' in page
    r = arbiter.post(reverse("hall:public-url", args=[event.pk]),
                     {"public_url": "http://192.168.1.20:8000"})
    assert r.status_code == 302
    page = arbiter.get(cards, HTTP_HOST="127.0.0.1:8000").content.decode()
    assert "loopback" not in page
    assert page.count('data-url="http://192.168.1.20:8000/hall/c/') == 4
    qr = arbiter.get(reverse("web:public-qr", args=[event.public_token]),
                     HTTP_HOST="127.0.0.1:8000")
    assert qr.status_code == 200
    # a wrong address is refused with its message, the kept one stays
    arbiter.post(reverse("hall:public-url", args=[event.pk]), {"public_url": "ftp://x"})
    assert public_address.stored() == "http://192.168.1.20:8000"
    assert _logged_in(m.ROLE_VIEWER).post(reverse("hall:public-url", args=[event.pk]),
                                          {"public_url": ""}).status_code == 403


# --- item 12: missing players marked absent ----------------------------------------------------
def test_missing_players_are_marked_absent_and_not_paired() -> None:
    """Item 12: the list of players who have not checked in, then one confirmation marks them
    absent (Z) for the round; the pairing leaves them out. A player who checks in between the
    list and the confirmation is not marked."""
    from swisspairing.interfaces.web.hall import services

    event = make_event(players=10, rounds=3)
    players = list(event.entrants.order_by("tpn"))
    for p in players[:7]:
        services.check_in(p, "tablet", "10.0.0.1")
    arbiter = _logged_in(m.ROLE_ARBITER)
    url = reverse("hall:mark-absent", args=[event.pk])
    page = arbiter.get(url).content.decode()
    shown = [p.tpn for p in players[7:]]
    for tpn in shown:
        assert f'data-tpn="{tpn}"' in page
    services.check_in(players[9], "tablet", "10.0.0.1")  # arrives meanwhile
    viewer = _logged_in(m.ROLE_VIEWER)
    assert viewer.post(url, {"tpn": shown}).status_code == 403
    r = arbiter.post(url, {"tpn": shown})
    assert r.status_code == 302 and r["Location"].endswith(f"/t/{event.pk}/rounds/1/")
    assert sorted(m.RoundRequest.objects.filter(round_number=1).values_list(
        "entrant__tpn", "code")) == [(players[7].tpn, "Z"), (players[8].tpn, "Z")]
    assert m.AuditEntry.objects.filter(action="round-request").count() == 2
    rnd = actions.pair_next_round(event, None)
    paired = {g.white_id for g in rnd.games.all()} | {g.black_id for g in rnd.games.all()}
    assert players[7].pk not in paired and players[8].pk not in paired
    assert players[9].pk in paired
    # once the round is paired the action is refused, nothing changed
    assert arbiter.post(url, {"tpn": [players[0].tpn]}).status_code == 302
    assert m.RoundRequest.objects.filter(round_number=1).count() == 2


# --- item 13: wrong codes per device first --------------------------------------------------
class Phone:
    """A bounded script's phone: its own cookie jar (the hall's device cookie)."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
        self.opener.open(base + "/hall/", timeout=30).read()  # gets its device cookie

    def enter(self, code: str, result: str = "1-0") -> int:
        body = urllib.parse.urlencode({"code": code, "result": result}).encode()
        try:
            with self.opener.open(self.base + "/hall/", data=body, timeout=60) as answer:
                return int(answer.status)
        except urllib.error.HTTPError as exc:
            return exc.code


@pytest.mark.django_db(transaction=True)
def test_wrong_codes_of_one_phone_do_not_lock_out_the_hall(live_server: Any) -> None:
    """Item 13, a bounded script against 127.0.0.1 (every phone of the hall behind one address,
    as behind the venue's Wi-Fi): one phone types 25 wrong codes and is refused after
    HALL_MAX_FAILURES (10); the other players' phones, same address, still enter their results
    (before: 20 wrong codes refused the whole address for 5 minutes)."""
    _event, rnd = event_in_play(players=20)
    clumsy = Phone(live_server.url)
    statuses = [clumsy.enter("QQQQQQ") for _ in range(25)]
    assert statuses[:10] == [404] * 10 and set(statuses[10:]) == {429}
    games = list(rnd.games.exclude(black=None).select_related("white", "black"))
    for game in games:
        assert Phone(live_server.url).enter(code_of(game, h.WHITE)) == 200
    assert h.ResultClaim.objects.count() == len(games) == 10
    # the clumsy phone's right code waits (its own limit)
    assert clumsy.enter(code_of(games[0], h.BLACK)) == 429


@pytest.mark.django_db(transaction=True)
@override_settings(HALL_MAX_FAILURES_PER_ADDRESS=30)
def test_a_script_dropping_its_cookie_meets_the_address_limit(live_server: Any) -> None:
    """Item 13: a script that drops its device cookie on every try is held by the address's
    far higher limit (HALL_MAX_FAILURES_PER_ADDRESS, 300; 30 here)."""
    _event, rnd = event_in_play()
    statuses = [Phone(live_server.url).enter(f"QQQQ{i:02d}") for i in range(35)]
    assert statuses[:30] == [404] * 30 and set(statuses[30:]) == {429}
    assert Phone(live_server.url).enter(code_of(first_board(rnd), h.WHITE)) == 429


def test_serve_prints_the_lan_addresses_and_keeps_the_public_address(tmp_path: Any) -> None:
    """Item 11: ``serve --public-url`` keeps the address (the app's field shows it), prints the
    machine's LAN addresses, says that 127.0.0.1 cannot be reached by phones; a wrong address
    is exit 2 with the option named."""
    import os
    import subprocess
    import sys

    from swisspairing.interfaces.web import public_address

    code = "import sys; from swisspairing.interfaces.cli import main; sys.exit(main())"
    env = {k: v for k, v in os.environ.items() if k not in ("DJANGO_SETTINGS_MODULE",
                                                             "DATABASE_URL")}
    data = tmp_path / "data"
    wrong = subprocess.run([sys.executable, "-c", code, "serve", "--data", str(data),
                            "--public-url", "ftp://x"], capture_output=True, text=True,
                           env=env, timeout=300, check=False)
    assert wrong.returncode == 2 and "--public-url" in wrong.stderr
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-c", code, "serve", "--port", str(port), "--data",
                             str(data), "--public-url", "10.1.2.3:8000/"],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
    try:
        lines = lines_until_open(proc)
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    text = "".join(lines)
    assert "QR codes and links point at http://10.1.2.3:8000\n" in text, text
    assert "listening on this computer only: phones cannot connect" in text
    for address in public_address.lan_addresses():
        assert f"http://{address}:{port}/" in text
    import sqlite3

    with sqlite3.connect(data / "swisspairing.sqlite3") as db:
        kept = db.execute("SELECT value FROM swisspairing_web_sitesetting WHERE key = "
                          "'public_url'").fetchone()
    assert kept == ("http://10.1.2.3:8000",)
