"""The whole tournament in a real browser (Debian's Chromium driven by Playwright).

An arbiter logs in, creates a 5-round Dutch tournament, imports 24 players from a FIDE-list
file, gives one a requested half-point bye, pairs and publishes five rounds, enters every
result through the grid with the keyboard, corrects one, and reads the standings. The TRF the
app exports must then pass ``swisspairing check`` (exit 0: every published round is the
engine's pairing) and its standings must equal ``swisspairing standings`` on that file.

Screenshots of the main pages (desktop and phone) are saved in ``$SWISSPAIRING_SCREENSHOTS``
(default: the test's temporary folder). Chromium: ``$SWISSPAIRING_CHROMIUM`` or
``/usr/bin/chromium`` (``apt-get install chromium``; ``.ci/run`` installs it).
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from django.db import connection

from browser_helpers import chromium, log_in, run_cli
from swisspairing.interfaces.web import models as m
from web_helpers import make_user

DATA = Path(__file__).parent / "data"


@pytest.mark.django_db(transaction=True)
def test_whole_tournament_in_the_browser(live_server, tmp_path: Path,  # type: ignore[no-untyped-def]
                                         shots: Path) -> None:
    from playwright.sync_api import expect

    make_user("chief", m.ROLE_CHIEF)
    base = live_server.url
    rng = random.Random(2026)
    with chromium() as browser:
        context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-GB",
                                      accept_downloads=True)
        page = context.new_page()
        page.set_default_timeout(30_000)

        # --- log in ---------------------------------------------------------------------------
        log_in(page, base, screenshot=shots / "01-login.png")
        expect(page.locator("h1")).to_have_text("Tournaments")

        # --- create the tournament ------------------------------------------------------------
        page.click("text=New tournament")
        page.fill("#id_name", "Open de Test 2026")
        page.fill("#id_place", "Annecy")
        page.fill("#id_federation", "FRA")
        page.fill("#id_start_date", "2026-04-10")
        page.fill("#id_end_date", "2026-04-12")
        page.fill("#id_chief_arbiter", "Marie Curie")
        page.fill("#id_time_control", "90 min + 30 s")
        page.fill("#id_rounds", "5")
        page.select_option("#id_system", "dutch-2025")
        page.select_option("#id_initial_colour_choice", "w")
        page.screenshot(path=shots / "02-new-tournament.png", full_page=True)
        page.click("button[name=save]")
        event = m.Event.objects.get()
        assert event.initial_colour == "w" and event.rounds == 5
        connection.close()  # Playwright's greenlet has its own (PostgreSQL: dropped cleanly)

        # --- import 24 players from the FIDE list file -------------------------------------------
        page.set_input_files("#import-players input[type=file]", str(DATA / "fide-list-24.txt"))
        page.click("#import-players button")
        expect(page.locator(".messages")).to_contain_text("24 players imported")
        page.fill("#player-search", "Garnier")
        expect(page.locator("#players-table tbody tr")).to_have_count(1)
        page.fill("#player-search", "")
        expect(page.locator("#players-table tbody tr")).to_have_count(24)
        page.screenshot(path=shots / "03-players.png", full_page=True)

        # --- a requested half-point bye in round 2 ---------------------------------------------
        bye_player = 7

        for number in range(1, 6):
            page.goto(f"{base}/t/{event.pk}/rounds/{number}/")
            if number == 2:
                page.select_option(f"select[data-tpn='{bye_player}']", "H")
                expect(page.locator(f"select[data-tpn='{bye_player}']")).to_have_value("H")
            page.click("#pair-round")
            expect(page.locator(".status")).to_have_text("draft")
            expect(page.locator(".explanation")).to_contain_text("[")
            if number == 1:
                page.screenshot(path=shots / "04-round1-draft.png", full_page=True)
            page.click("#publish-round")
            expect(page.locator(".status")).to_have_text("published")
            # results through the grid: type, Enter, the cursor moves to the next board
            inputs = page.locator(".result-input")
            count = inputs.count()
            assert count == (12 if number != 2 else 11)
            inputs.first.focus()
            for i in range(count):
                typed = rng.choice(["1", "0", "="])
                current = page.locator(".result-input").nth(i)
                expect(current).to_be_focused()
                current.fill(typed)
                current.press("Enter")
                expected = {"1": "1-0", "0": "0-1", "=": "½-½"}[typed]
                expect(page.locator(".result-input").nth(i)).to_have_value(expected)
            expect(page.locator("tr.pending")).to_have_count(0)
            if number == 2:
                expect(page.locator("main")).to_contain_text("Not paired")
            if number == 5:
                page.screenshot(path=shots / "05-round5-results.png", full_page=True)

        # --- correct one result (board 1 of round 5) ----------------------------------------------
        first = page.locator(".result-input").first
        old = first.input_value()
        corrected = "0-1" if old != "0-1" else "1-0"
        first.fill(corrected[0])
        first.press("Enter")
        expect(page.locator(".result-input").first).to_have_value(corrected)
        assert m.AuditEntry.objects.filter(action="result").count() == 5 * 12 - 1 + 1
        connection.close()

        # --- standings ----------------------------------------------------------------------------
        page.click("nav.tabs >> text=Standings")
        expect(page.locator("h2").first).to_contain_text("standings after round 5")
        rows = page.locator("table.standings tbody tr")
        expect(rows).to_have_count(24)
        page_rows = [[c.strip() for c in r.locator("td").all_inner_texts()]
                     for r in rows.all()]
        page.screenshot(path=shots / "06-standings.png", full_page=True)
        page.goto(f"{base}/t/{event.pk}/standings/crosstable/")
        page.screenshot(path=shots / "07-crosstable.png", full_page=True)

        # --- export the TRF from the overview page ------------------------------------------------
        page.goto(f"{base}/t/{event.pk}/")
        page.screenshot(path=shots / "08-overview.png", full_page=True)
        with page.expect_download() as info:
            page.click("text=TRF (complete")
        trf = tmp_path / "exported.trf"
        info.value.save_as(trf)

        # --- phone viewport -----------------------------------------------------------------------
        phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                    has_touch=True, device_scale_factor=2)
        phone.add_cookies(context.cookies())
        small = phone.new_page()
        small.goto(f"{base}/t/{event.pk}/rounds/5/")
        small.screenshot(path=shots / "09-phone-round.png", full_page=True)
        small.goto(f"{base}/p/{event.public_token}/standings/")
        small.screenshot(path=shots / "10-phone-public-standings.png", full_page=True)

    # the exported TRF: every round is the engine's pairing, standings as on the command line
    check = run_cli("check", str(trf))
    assert check.returncode == 0, check.stdout + check.stderr
    text = trf.read_text(encoding="utf-8")
    assert " H" in text  # the requested bye
    cli = run_cli("standings", str(trf), "--format", "tsv")
    assert cli.returncode == 0, cli.stderr
    expected = [line.split("\t") for line in cli.stdout.splitlines()]
    shown = [[r[1], r[0], r[5], *r[6:]] for r in page_rows]
    assert shown == expected
