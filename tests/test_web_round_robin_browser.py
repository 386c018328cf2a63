"""A 10-player double round-robin run to the end in a real browser (issue 29 part 3).

An arbiter creates the event (system: double round-robin, FIDE C.05 Annex 1), adds ten
players, draws the pairing numbers by lot, pairs, publishes and enters every result of the 18
rounds through the results grid, then downloads the crosstable PDF and reads it with
pypdfium2: the rows are in pairing-number order (the Berger table's numbers) and each
player's cells hold the results entered, one per cycle. Screenshots (desktop 1366x768 and phone
390x844, English and French) of the event, numbers, round and crosstable pages go to
``$SWISSPAIRING_SCREENSHOTS`` (default: the test's temporary folder).
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from browser_helpers import (
    DESKTOP_VIEWPORT,
    SCREENS,
    chromium,
    fill_new_event_form,
    logged_in_page,
    phone_flags,
    same_session,
)
from swisspairing.interfaces.web import models as m
from web_helpers import make_user

NAMES = ["Anna Berger", "Boris Kovac", "Clara Dumas", "David Ortiz", "Elena Petrova",
         "Felix Braun", "Greta Lind", "Hugo Moreau", "Irene Costa", "Jonas Weber"]
#: what the grid shows for each key typed, and each side's mark in the crosstable
TYPED = {"1": ("1-0", "1", "0"), "0": ("0-1", "0", "1"), "=": ("½-½", "½", "½")}


def _pdf_rows(data: bytes) -> list[list[str]]:
    """The crosstable rows of the PDF: lines starting with a pairing number and a name."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(data)
    try:
        text = "\n".join(doc[i].get_textpage().get_text_range() for i in range(len(doc)))
    finally:
        doc.close()
    rows = []
    for line in text.splitlines():
        parts = line.split()
        if len(parts) > 3 and parts[0].isdigit() and " ".join(parts[1:3]) in NAMES:
            rows.append(parts)
    return rows


@pytest.mark.django_db(transaction=True)
def test_double_round_robin_of_10_players_to_the_crosstable_pdf(live_server,  # type: ignore[no-untyped-def]
                                                                shots: Path) -> None:
    from playwright.sync_api import expect

    make_user("chief", m.ROLE_CHIEF)
    base = live_server.url
    rng = random.Random(29)
    with chromium() as browser:
        page = logged_in_page(browser, base,
                              viewport=DESKTOP_VIEWPORT, locale="en-GB", accept_downloads=True)
        context = page.context

        # --- the event and its players -----------------------------------------------------------
        fill_new_event_form(page, "Club championship 2026", 9, "double-round-robin")
        event = m.Event.objects.get()
        assert event.tiebreaks == "SB/P,DE/P,WIN,KS/P"  # C.07 round-robin list, no Buchholz
        for i, name in enumerate(NAMES):
            page.fill("#add-player #id_surname", name)  # the whole "SURNAME, First" name
            page.fill("#add-player #id_rating", str(2300 - 37 * i))
            page.click("#add-player button.primary")
            expect(page.locator("#players-table tbody tr")).to_have_count(i + 1)

        # --- pairing round 1 before the drawing of lots is refused -------------------------------
        page.goto(f"{base}/t/{event.pk}/rounds/1/")
        page.click("#pair-round")
        expect(page.locator(".messages")).to_contain_text("draw the pairing numbers by lot")

        # --- the drawing of lots ---------------------------------------------------------------
        page.goto(f"{base}/t/{event.pk}/")
        page.click("#rr-numbers-state a")
        page.click("#draw-lots")
        expect(page.locator(".messages")).to_contain_text("Pairing numbers drawn by lot")
        page.screenshot(path=shots / "rr-01-numbers-en.png", full_page=True)
        event.refresh_from_db()
        assert event.rounds == 18 and event.numbers_drawn == "lot"
        number_of = dict(event.entrants.values_list("name", "tpn"))
        assert sorted(number_of.values()) == list(range(1, 11))

        # --- 18 rounds, results through the grid -------------------------------------------------
        entered: dict[tuple[int, int], list[str]] = {}
        for number in range(1, 19):
            page.goto(f"{base}/t/{event.pk}/rounds/{number}/")
            page.click("#pair-round")
            page.click("#publish-round")
            expect(page.locator(".status")).to_have_text("published")
            games = list(m.Game.objects.filter(round__event=event, round__number=number)
                         .select_related("white", "black").order_by("board"))
            inputs = page.locator(".result-input")
            assert inputs.count() == len(games) == 5
            inputs.first.focus()
            for i, g in enumerate(games):
                typed = rng.choice(list(TYPED))
                shown, white_mark, black_mark = TYPED[typed]
                current = page.locator(".result-input").nth(i)
                expect(current).to_be_focused()
                current.fill(typed)
                current.press("Enter")
                expect(page.locator(".result-input").nth(i)).to_have_value(shown)
                w, b = g.white.tpn, g.black.tpn
                entered.setdefault((w, b), []).append(white_mark)
                entered.setdefault((b, w), []).append(black_mark)
            expect(page.locator("tr.pending")).to_have_count(0)
            if number == 18:
                page.screenshot(path=shots / "rr-02-round18-en.png", full_page=True)
        expect(page.locator("#pair-round")).to_have_count(0)

        # --- the crosstable: the main view, its PDF in the FIDE table order ---------------------
        page.click("nav.tabs >> text=Standings")
        expect(page.locator("h2").first).to_contain_text("round-robin crosstable after round 18")
        page.screenshot(path=shots / "rr-03-crosstable-en.png", full_page=True)
        with page.expect_download() as info:
            page.click("#standings-pdf")
        pdf = Path(info.value.path()).read_bytes()
        page.goto(f"{base}/t/{event.pk}/")
        page.screenshot(path=shots / "rr-04-event-en.png", full_page=True)

        # --- French, and a phone -----------------------------------------------------------------
        for label, viewport, locale in SCREENS[1:]:
            view = same_session(browser, context, locale, viewport=viewport,
                                **phone_flags(viewport))
            for name, path in (("event", f"/t/{event.pk}/"), ("round", f"/t/{event.pk}/rounds/18/"),
                               ("crosstable", f"/t/{event.pk}/standings/"),
                               ("numbers", f"/t/{event.pk}/numbers/")):
                view.goto(f"{base}{path}")
                view.screenshot(path=shots / f"rr-{label}-{name}.png", full_page=True)
            if locale == "fr-FR":
                view.goto(f"{base}/t/{event.pk}/standings/")
                expect(view.locator("h2").first).to_contain_text("grille du tournoi toutes rondes")
            view.context.close()

    rows = _pdf_rows(pdf)
    name_of = {v: k for k, v in number_of.items()}
    assert [int(r[0]) for r in rows] == list(range(1, 11)), rows
    for r in rows:
        pid = int(r[0])
        assert " ".join(r[1:3]) == name_of[pid]
        cells = r[4:4 + 19]  # after the rating: x for the player, then two results an opponent
        expected: list[str] = []
        for opp in range(1, 11):
            expected += ["×"] if opp == pid else entered[(pid, opp)]
        assert cells == expected, (pid, r)
