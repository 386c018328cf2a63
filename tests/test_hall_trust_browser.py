"""The hall's trust model in a real browser (Debian's Chromium through Playwright): issue 24,
items 9 (one phone cannot confirm its own entry), 11 (QR codes on the public address, a
warning while it is a loopback one) and 12 (the missing players marked absent, then paired
without them).

Screenshots (1366x768 desktop, 390x844 phone) go to ``$SWISSPAIRING_SCREENSHOTS`` (default:
the test's temporary folder)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from browser_helpers import DESKTOP, PHONE, chromium, logged_in_page
from hall_helpers import code_of, event_in_play, first_board
from swisspairing.interfaces.web import models as m
from swisspairing.interfaces.web.hall import models as h
from swisspairing.interfaces.web.hall import services
from web_helpers import make_event, make_user

pytestmark = pytest.mark.django_db(transaction=True)


def _desk(browser: Any, base: str) -> Any:
    return logged_in_page(browser, base, **DESKTOP)


def test_one_phone_cannot_confirm_its_own_entry(live_server: Any, shots: Path) -> None:
    """Item 9: a phone opens White's QR link and enters 1-0, then opens Black's and "confirms":
    the phone is told the entry waits, no result is written, the arbiter's hall page flags the
    board; Black's own phone then confirms it."""
    from playwright.sync_api import expect

    make_user("chief", m.ROLE_CHIEF)
    event, rnd = event_in_play(players=10)
    game = first_board(rnd)
    base = live_server.url
    with chromium() as browser:
        phone = browser.new_context(**PHONE).new_page()
        phone.set_default_timeout(30_000)
        phone.goto(f"{base}/hall/c/{code_of(game, h.WHITE)}/")
        phone.click("button.result-choice[value='1-0']")
        expect(phone.locator("[data-status=pending]")).to_be_visible()
        phone.goto(f"{base}/hall/c/{code_of(game, h.BLACK)}/")
        expect(phone.locator(".me")).to_contain_text(game.black.name)
        phone.click("button.result-choice[value='1-0']")
        expect(phone.locator("[data-status=pending]")).to_be_visible()
        expect(phone.locator("[data-status=confirmed]")).to_have_count(0)
        expect(phone.locator("[data-flag=same-device]")).to_be_visible()
        phone.screenshot(path=shots / "trust-01-phone-same-device.png", full_page=True)
        game.refresh_from_db()
        assert game.result == ""

        desk = _desk(browser, base)
        desk.goto(f"{base}/t/{event.pk}/hall/")
        flag = desk.locator(f".claim-board.same-device[data-board='{game.board}'] "
                            "[data-flag=same-device]")
        expect(flag).to_be_visible()
        desk.screenshot(path=shots / "trust-02-arbiter-same-device.png", full_page=True)

        black_phone = browser.new_context(**PHONE).new_page()
        black_phone.goto(f"{base}/hall/c/{code_of(game, h.BLACK)}/")
        black_phone.click("button.result-choice[value='1-0']")
        expect(black_phone.locator("[data-status=confirmed]")).to_be_visible()
    game.refresh_from_db()
    assert game.result == "1-0"


def test_qr_codes_point_at_the_public_address(live_server: Any, shots: Path) -> None:
    """Item 11: on the server's own computer the slips' QR codes point at the browser's
    loopback address: the slips and the event page warn; once the arbiter sets the public
    address on the hall page, the QR codes and links use it and the warning is gone."""
    from playwright.sync_api import expect

    make_user("chief", m.ROLE_CHIEF)
    event, _rnd = event_in_play(players=6)
    base = live_server.url
    with chromium() as browser:
        desk = _desk(browser, base)
        desk.goto(f"{base}/t/{event.pk}/hall/rounds/1/cards/")
        expect(desk.locator(".warning.loopback")).to_be_visible()
        first_url = desk.locator(".slip .seat").first.get_attribute("data-url") or ""
        assert first_url.startswith(f"{base}/hall/c/")
        desk.screenshot(path=shots / "trust-03-slips-loopback.png", full_page=True)
        desk.goto(f"{base}/t/{event.pk}/")
        expect(desk.locator(".warning.loopback")).to_be_visible()

        desk.goto(f"{base}/t/{event.pk}/hall/")
        expect(desk.locator("#public-address .warning.loopback")).to_be_visible()
        desk.fill("input[name=public_url]", "http://192.168.1.20:8000")
        desk.click("#public-address button")
        expect(desk.locator(".messages")).to_contain_text("http://192.168.1.20:8000")
        expect(desk.locator(".warning.loopback")).to_have_count(0)
        desk.screenshot(path=shots / "trust-04-public-address.png", full_page=True)

        desk.goto(f"{base}/t/{event.pk}/hall/rounds/1/cards/")
        expect(desk.locator(".warning.loopback")).to_have_count(0)
        urls = desk.locator(".slip .seat").evaluate_all("els => els.map(e => e.dataset.url)")
        codes = set(h.BoardCode.objects.values_list("code", flat=True))
        assert sorted(urls) == sorted(f"http://192.168.1.20:8000/hall/c/{c}/" for c in codes)
        expect(desk.locator(".how").first).to_contain_text("http://192.168.1.20:8000/hall/")
        desk.screenshot(path=shots / "trust-05-slips-public.png", full_page=True)
        phone = browser.new_context(**PHONE).new_page()
        phone.goto(f"{base}/t/{event.pk}/hall/rounds/1/cards/")  # (not logged in: login page)
        expect(phone.locator("input[name=username]")).to_be_visible()


def test_missing_players_marked_absent_then_paired_without_them(live_server: Any,
                                                                 shots: Path) -> None:
    """Item 12: 10 players, 8 check in; the arbiter's hall page offers to mark the 2 others
    absent, shows the list, the arbiter confirms; the round page shows them absent and the
    pairing leaves them out."""
    from playwright.sync_api import expect

    make_user("chief", m.ROLE_CHIEF)
    event = make_event(players=10, rounds=3)
    players = list(event.entrants.order_by("tpn"))
    missing = [players[3], players[8]]
    for p in players:
        if p not in missing:
            services.check_in(p, "tablet", "10.0.0.1")
    base = live_server.url
    with chromium() as browser:
        desk = _desk(browser, base)
        desk.goto(f"{base}/t/{event.pk}/hall/")
        expect(desk.locator("#checkin")).to_contain_text("8 of 10 expected players checked in")
        desk.click("#mark-absent")
        rows = desk.locator("table.missing-list tbody tr")
        expect(rows).to_have_count(2)
        for p in missing:
            expect(desk.locator(f"tr[data-tpn='{p.tpn}']")).to_contain_text(p.name)
        assert not m.RoundRequest.objects.exists()  # the list first, nothing changed yet
        desk.screenshot(path=shots / "trust-06-absent-list.png", full_page=True)
        desk.click("#confirm-absent")
        expect(desk.locator(".messages")).to_contain_text("2 players marked absent from round 1")
        for p in missing:
            expect(desk.locator(f"select[data-tpn='{p.tpn}']")).to_have_value("Z")
        desk.screenshot(path=shots / "trust-07-round-absent.png", full_page=True)
        desk.click("#pair-round")
        expect(desk.locator("#publish-round")).to_be_visible()
    rnd = m.Round.objects.get(event=event, number=1)
    paired = {g.white_id for g in rnd.games.all()} | {g.black_id for g in rnd.games.all()}
    assert paired == {p.pk for p in players if p not in missing}
