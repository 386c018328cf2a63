"""The app's icon, the event form's dates and a Double-Swiss event's "match" wording in
Chromium, on a 1366x768 desktop and a 390x844 phone, in English and French (the closing note of
session 6: ``/favicon.ico`` answered 404, the check page's text said "round").

No page the arbiter opens answers an error (the icon included); the icon named by the pages is
an SVG image and ``/favicon.ico`` an icon. The event form's date fields hold ISO dates whatever
the language: how the browser shows them (``jj/mm/aaaa`` or ``mm/dd/yyyy``) is the browser's
own language, not the page's (``<html lang="fr">`` is already there: docs/web.md). Screenshots
go to ``$SWISSPAIRING_SCREENSHOTS`` (default: the test's temporary folder).
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from browser_helpers import DESKTOP, PHONE, logged_in_page
from swisspairing.interfaces.web import models as m
from web_helpers import make_event, make_user, play_round

VIEWS = [("desktop", DESKTOP), ("phone", PHONE)]
LOCALES = {"en": "en-GB", "fr": "fr-FR"}
#: the first line of the check page's text report of two matches, in each language
REPORT_FIRST_LINE = {"en": "match 1: the published pairing agrees",
                     "fr": "match 1 : l'appariement publié concorde"}


def _double_swiss_with_two_matches() -> m.Event:
    rng = random.Random(11)
    event = make_event(players=8, rounds=4, system="double-swiss")
    for _ in range(2):
        play_round(event, rng)
    return event


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_icon_dates_and_match_words_in_chromium(live_server, browser, shots: Path,
                                                lang: str) -> None:
    from playwright.sync_api import expect

    make_user("chief", m.ROLE_CHIEF)
    event = _double_swiss_with_two_matches()
    base = live_server.url
    for label, device in VIEWS:
        page = logged_in_page(browser, base, locale=LOCALES[lang], **device)
        failed: list[str] = []

        def watch(response: Any, failed: list[str] = failed) -> None:
            if response.status >= 400:
                failed.append(f"{response.status} {response.url}")

        page.on("response", watch)
        # the icon: the link of the page and the address browsers ask for by themselves
        page.goto(f"{base}/")
        expect(page.locator("html")).to_have_attribute("lang", lang)
        href = page.locator("link[rel=icon]").get_attribute("href")
        icon = page.request.get(f"{base}{href}")
        assert icon.ok and icon.headers["content-type"].startswith("image/svg+xml")
        legacy = page.request.get(f"{base}/favicon.ico")
        assert legacy.ok and legacy.body()[:4] == b"\x00\x00\x01\x00", legacy.status

        # the event form's dates: stored as typed, in ISO form, whatever the language
        page.goto(f"{base}/t/new/")
        page.fill("#id_start_date", "2026-04-10")
        expect(page.locator("#id_start_date")).to_have_value("2026-04-10")
        page.screenshot(path=shots / f"words-new-event-{label}-{lang}.png", full_page=True)

        # the check page of a Double-Swiss event: its text report says "match"
        page.goto(f"{base}/t/{event.pk}/check/")
        page.locator("details.card summary").click()
        report = page.locator("pre.report")
        expect(report).to_contain_text(REPORT_FIRST_LINE[lang])
        expect(report).not_to_contain_text("round 1" if lang == "en" else "ronde 1")
        page.screenshot(path=shots / f"words-ds-check-{label}-{lang}.png", full_page=True)
        assert failed == [], failed
        page.context.close()
