"""One round of a 30-player tournament in the playing hall, in a real browser (Debian's
Chromium driven by Playwright): issue 16's "done when".

Players check in on a hall tablet (one wrong tap caught by the confirmation step); the arbiter
sees the two players who did not come, marks them absent, pairs and publishes round 1; a phone
shows the public pairing and a TV screen shows it too; every player enters or confirms the
result of their board through the pages (white on a phone from the board card's QR link, black
on the hall tablet with the typed code); one board gets two different entries, shown to the
arbiter as a conflict and resolved there; the public standings on a phone then appear without
a reload (polling).

Screenshots (tablet, phone, screen, printouts, arbiter) are saved in
``$SWISSPAIRING_SCREENSHOTS`` (default: the test's temporary folder).
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from django.test import override_settings

from browser_helpers import PHONE, chromium, logged_in_page
from swisspairing.interfaces.web import models as m
from swisspairing.interfaces.web.hall import models as h
from web_helpers import make_event, make_user

TABLET = {"viewport": {"width": 1024, "height": 768}, "has_touch": True}


@pytest.mark.django_db(transaction=True)
@override_settings(HALL_POLL_SECONDS=2)
def test_one_round_in_the_playing_hall(live_server, shots: Path) -> None:  # type: ignore[no-untyped-def]
    from playwright.sync_api import expect

    make_user("chief", m.ROLE_CHIEF)
    event = make_event(players=30, rounds=5)
    token = event.public_token
    base = live_server.url
    rng = random.Random(16)
    players = list(event.entrants.order_by("tpn"))
    absent = {players[11].tpn, players[24].tpn}
    with chromium() as browser:
        tablet = browser.new_context(**TABLET).new_page()
        tablet.set_default_timeout(30_000)

        # --- check-in on the hall tablet -------------------------------------------------------
        # a wrong tap: the confirmation step shows another name, the player goes back
        tablet.goto(f"{base}/h/{token}/checkin/")
        tablet.fill("input[name=q]", "player 0")
        tablet.click("button.primary")
        tablet.click(f"ul.pick a[href$='/checkin/{players[1].tpn}/']")
        expect(tablet.locator(".who")).to_contain_text(players[1].name)
        expect(tablet.locator(".who")).to_contain_text(str(players[1].rating))
        tablet.screenshot(path=shots / "hall-01-checkin-confirm-tablet.png")
        tablet.click("text=No, go back")
        assert not h.CheckIn.objects.exists()
        for p in players:
            if p.tpn in absent:
                continue
            tablet.goto(f"{base}/h/{token}/checkin/")
            tablet.fill("input[name=q]", p.name)
            tablet.click("button.primary")
            tablet.click(f"ul.pick a[href$='/checkin/{p.tpn}/']")
            expect(tablet.locator(".who")).to_contain_text(p.name)
            tablet.click("button[name=confirm]")
            expect(tablet.locator("[data-status=checked-in]")).to_contain_text(p.name)
        assert h.CheckIn.objects.count() == 28

        # --- the arbiter sees who is missing, marks them absent, pairs and publishes ------------
        desk = logged_in_page(browser, base, viewport={"width": 1280, "height": 900})
        desk.goto(f"{base}/t/{event.pk}/hall/")
        expect(desk.locator("#checkin")).to_contain_text("28 of 30 expected players checked in")
        missing = desk.locator("ul.missing li")
        expect(missing).to_have_count(2)
        desk.screenshot(path=shots / "hall-02-arbiter-missing.png", full_page=True)
        desk.goto(f"{base}/t/{event.pk}/rounds/1/")
        for tpn in sorted(absent):
            desk.select_option(f"select[data-tpn='{tpn}']", "Z")
            expect(desk.locator(f"select[data-tpn='{tpn}']")).to_have_value("Z")
        desk.click("#pair-round")
        desk.click("#publish-round")
        expect(desk.locator(".status")).to_have_text("published")
        rnd = m.Round.objects.get(event=event, number=1)
        games = list(rnd.games.exclude(black=None).select_related("white", "black"))
        assert len(games) == 14

        # --- a phone and a screen show the pairing ------------------------------------------
        phone_context = browser.new_context(**PHONE)
        phone = phone_context.new_page()
        phone.set_default_timeout(30_000)
        phone.goto(f"{base}/h/{token}/")
        expect(phone.locator("table.boards tbody tr")).to_have_count(14)
        phone.fill("input.find", games[4].black.name.lower())
        expect(phone.locator("table.boards tbody tr:not(.hidden)")).to_have_count(1)
        phone.screenshot(path=shots / "hall-03-phone-find-yourself.png", full_page=True)
        phone.fill("input.find", "")

        desk.goto(f"{base}/t/{event.pk}/hall/")
        desk.fill("input[placeholder='Screen name']", "Hall A")
        desk.click("text=Add a screen")
        screen_row = h.Screen.objects.get(event=event)
        tv = browser.new_context(viewport={"width": 1920, "height": 1080}).new_page()
        tv.goto(f"{base}/h/{token}/screen/{screen_row.pk}/")
        expect(tv.locator(".slide.shown")).to_contain_text("Round 1")
        expect(tv.locator(".slide.shown")).to_contain_text(games[0].white.name)
        tv.screenshot(path=shots / "hall-04-screen.png")

        # --- board cards: the codes and QR links --------------------------------------------
        desk.goto(f"{base}/t/{event.pk}/hall/rounds/1/cards/")
        expect(desk.locator(".board-card")).to_have_count(28)  # one slip per player
        desk.screenshot(path=shots / "hall-05-board-cards.png", full_page=True)
        codes = {(c.game_id, c.entrant_id): c.code for c in h.BoardCode.objects.all()}
        for g in games:
            slip = desk.locator(f".slip[data-board='{g.board}'][data-side='w']")
            expect(slip).to_contain_text(codes[(g.pk, g.white_id)])

        # --- players enter and confirm their results ----------------------------------------
        standings_phone = phone_context.new_page()
        standings_phone.goto(f"{base}/h/{token}/p/standings/")
        expect(standings_phone.locator("main")).to_contain_text("No round is complete yet.")
        expected = {g.board: rng.choice(["1-0", "=", "0-1"]) for g in games}
        conflict_board = games[2].board
        expected[conflict_board] = "1-0"
        labels = {"1-0": "1-0", "=": "½-½", "0-1": "0-1"}
        white_phone = phone_context.new_page()
        for g in games:
            # white: the QR link of the board card, on a phone
            white_phone.goto(f"{base}/hall/c/{codes[(g.pk, g.white_id)]}/")
            expect(white_phone.locator("h1")).to_contain_text(f"board {g.board}")
            white_phone.click(f"button.result-choice[value='{expected[g.board]}']")
            expect(white_phone.locator("[data-status=pending]")).to_be_visible()
            if g.board == 1:
                white_phone.screenshot(path=shots / "hall-06-phone-entered.png")
            # black: the typed code, on the hall tablet
            tablet.goto(f"{base}/hall/")
            tablet.fill("input[name=code]", codes[(g.pk, g.black_id)].lower())
            tablet.click("button.primary")
            expect(tablet.locator(".me")).to_contain_text(g.black.name)
            answer = "0-1" if g.board == conflict_board else expected[g.board]
            tablet.click(f"button.result-choice[value='{answer}']")
            status = "conflict" if g.board == conflict_board else "confirmed"
            expect(tablet.locator(f"[data-status={status}]")).to_be_visible()
            if g.board == 1:
                tablet.screenshot(path=shots / "hall-07-tablet-confirmed.png")
        # the phone's public page updated itself (no reload): results and the conflict
        rows = phone.locator("table.boards tbody tr")
        for g in games:
            cell = rows.nth(g.board - 1).locator("td.result")
            if g.board == conflict_board:
                expect(cell).to_contain_text("to check")
            else:
                expect(cell).to_contain_text(labels[expected[g.board]])
        phone.screenshot(path=shots / "hall-08-phone-results.png", full_page=True)
        expect(tv.locator("#slides")).to_contain_text(labels[expected[games[0].board]])

        # --- the arbiter resolves the conflict ------------------------------------------------
        desk.goto(f"{base}/t/{event.pk}/hall/")
        board = desk.locator(f".claim-board.conflict[data-board='{conflict_board}']")
        expect(board).to_be_visible()
        desk.screenshot(path=shots / "hall-09-arbiter-conflict.png", full_page=True)
        board.locator("button[name=validate][value='1-0']").click()
        expect(desk.locator(".messages")).to_contain_text(f"Board {conflict_board}: 1-0")
        expect(desk.locator(".claim-board")).to_have_count(0)

        # --- the standings appear on the phone without a reload ------------------------------
        expect(standings_phone.locator("table[data-kind=standings] tbody tr")).to_have_count(30)
        standings_phone.screenshot(path=shots / "hall-10-phone-standings.png", full_page=True)
        tv.screenshot(path=shots / "hall-11-screen-results.png")

    for g in games:
        g.refresh_from_db()
        assert g.result == expected[g.board], g.board
    assert h.ResultClaim.objects.filter(status="confirmed").count() == 26
    assert dict(h.ResultClaim.objects.filter(game__board=conflict_board)
                .values_list("side", "status")) == {"w": "validated", "b": "rejected"}
    assert m.AuditEntry.objects.filter(action="hall-result").count() == 28
    assert m.AuditEntry.objects.filter(action="hall-check-in").count() == 28
