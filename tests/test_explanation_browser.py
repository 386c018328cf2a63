"""Issue 25 items 8 and 10 in a real browser (Debian's Chromium through Playwright), English
and French, on a 1366x768 desktop and a 390x844 phone: the round page's explanation after a
manual change (the change, the article it breaks, the engine's notes that no longer hold, the
absence and the forbidden pair told), a stale undo refused, the settings' tie-break presets.

Screenshots are saved in ``$SWISSPAIRING_SCREENSHOTS`` (default: the test's temporary folder).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from browser_helpers import DESKTOP, PHONE, logged_in_page
from swisspairing.interfaces.web import actions
from swisspairing.interfaces.web import models as m
from web_helpers import make_event, make_user, play_round

VIEWS = [("desktop", DESKTOP), ("phone", PHONE)]
WORDS = {
    "en": {"locale": "en-GB", "changed": "exchanged by hand", "breaks": "breaks:",
           "mark": "changed by hand since", "absent": "is not paired in this round",
           "forbidden": "forbidden pair", "stale": "changed since this page was shown",
           "preset": "FFE Elo-based Swiss system (E10)", "save": "Save"},
    "fr": {"locale": "fr-FR", "changed": "échangés à la main", "breaks": "enfreint :",
           "mark": "modifié à la main depuis", "absent": "n'est pas apparié à cette ronde",
           "forbidden": "paire interdite", "stale": "a changé depuis l'affichage",
           "preset": "Système suisse à l'Elo de la FFE (E10)", "save": "Enregistrer"},
}


def _page(browser: Any, base: str, lang: str, device: dict[str, Any]) -> Any:
    return logged_in_page(browser, base, locale=WORDS[lang]["locale"], **device)


def _round_2_changed_by_hand(event: m.Event) -> tuple[int, int]:
    """Round 1 played; before round 2, the last player asks for a half-point bye and the
    pair the engine would put on board 1 is forbidden; round 2 paired, then two players who
    met in round 1 are made to meet again by an exchange. Returns the two players."""
    play_round(event, random.Random(3))
    entrants = {e.tpn: e for e in event.entrants.all()}
    actions.set_request(event, entrants[max(entrants)], 2, "H", None)
    natural = actions.pair_next_round(event, None)
    first = natural.games.exclude(black=None).order_by("board").first()
    actions.unpair_round(natural, None)
    actions.add_forbidden_pair(event, first.white, first.black, None)
    rnd = actions.pair_next_round(event, None)
    seats = {}
    for g in rnd.games.select_related("white", "black"):
        for p, o in ((g.white, g.black), (g.black, g.white)):
            seats[p.tpn if p else 0] = o.tpn if o is not None else None
    round_1 = event.round_set.get(number=1).games.exclude(black=None)
    for g in round_1.select_related("white", "black"):
        x, y = g.white.tpn, g.black.tpn
        if seats.get(x) not in (None, y) and seats.get(y) is not None:
            actions.manual_change(rnd, "exchange", y, seats[x], None)
            return x, y
    raise AssertionError("no pair to repeat")


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_explanation_after_a_manual_change(live_server, browser, shots, lang: str
                                               ) -> None:  # type: ignore[no-untyped-def]
    from playwright.sync_api import expect

    make_user("chief", m.ROLE_CHIEF)
    event = make_event(players=10)
    x, y = _round_2_changed_by_hand(event)
    names = {e.tpn: e.name for e in event.entrants.all()}
    words = WORDS[lang]
    for label, device in VIEWS:
        page = _page(browser, live_server.url, lang, device)
        page.goto(f"{live_server.url}/t/{event.pk}/rounds/2/")
        explanation = page.locator("details.explanation")
        expect(explanation).to_contain_text(words["changed"])
        expect(explanation).to_contain_text(f"{y} {names[y]}")
        broken = explanation.locator("li.manual", has_text=words["breaks"]).first
        expect(broken).to_contain_text(f"{x} {names[x]}")
        expect(broken.locator(".rule")).to_have_text("[C.04.1 Art. 2]")
        expect(explanation.locator(".changed-by-hand").first).to_contain_text(words["mark"])
        expect(explanation).to_contain_text(words["absent"])
        expect(explanation).to_contain_text(words["forbidden"])
        # the notes fit the phone: nothing wider than the screen
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= page.viewport_size["width"], (label, width)
        page.screenshot(path=shots / f"explain-manual-{label}-{lang}.png", full_page=True)
        explanation.screenshot(path=shots / f"explain-notes-{label}-{lang}.png")
        page.context.close()


@pytest.mark.django_db(transaction=True)
def test_a_stale_undo_from_another_tab_is_refused(live_server, browser, shots
                                                  ) -> None:  # type: ignore[no-untyped-def]
    from playwright.sync_api import expect

    make_user("chief", m.ROLE_CHIEF)
    event = make_event(players=8)
    rnd = actions.pair_next_round(event, None)
    actions.manual_change(rnd, "swap", 1, None, None)
    actions.manual_change(rnd, "swap", 2, None, None)
    first = _page(browser, live_server.url, "fr", DESKTOP)
    url = f"{live_server.url}/t/{event.pk}/rounds/1/"
    first.goto(url)
    second = first.context.new_page()
    second.goto(url)
    with first.expect_navigation():
        first.click("#undo-manual")
    expect(first.locator(".messages")).to_contain_text("Dernière modification manuelle annulée")
    with second.expect_navigation():
        second.click("#undo-manual")
    expect(second.locator(".messages li.error")).to_contain_text(WORDS["fr"]["stale"])
    expect(second.locator("#manual-changes li")).to_have_count(1)
    second.screenshot(path=shots / "explain-stale-undo-desktop-fr.png", full_page=True)
    rnd.refresh_from_db()
    assert len(rnd.manual_changes) == 1


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_settings_offer_the_tiebreak_presets(live_server, browser, shots, lang: str
                                             ) -> None:  # type: ignore[no-untyped-def]
    from playwright.sync_api import expect

    make_user("chief", m.ROLE_CHIEF)
    event = make_event(players=6)
    words = WORDS[lang]
    for label, device in VIEWS:
        page = _page(browser, live_server.url, lang, device)
        page.goto(f"{live_server.url}/t/{event.pk}/edit/")
        preset = page.locator("#id_tiebreak_preset")
        expect(preset.locator("option[value=ffe-elo-swiss]")).to_contain_text(words["preset"])
        preset.select_option("ffe-elo-swiss")
        # the choices below follow the preset (settings.js)
        expect(page.locator("#id_tiebreak_1")).to_have_value("DE")
        expect(page.locator("#id_tiebreak_2")).to_have_value("ARO")
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= page.viewport_size["width"], (label, width)
        page.screenshot(path=shots / f"explain-settings-presets-{label}-{lang}.png",
                        full_page=True)
        with page.expect_navigation():
            page.locator("form button.primary").first.click()
        event.refresh_from_db()
        assert event.tiebreaks == "DE, ARO"
        m.Event.objects.filter(pk=event.pk).update(tiebreaks="")
        page.context.close()


@pytest.mark.django_db(transaction=True)
def test_the_code_sheet_printed_in_french_from_an_english_session(live_server, browser,
                                                                  shots) -> None:  # type: ignore[no-untyped-def]
    """Item 7: an English-speaking arbiter prints the French code sheet (``?lang=fr``): its
    points have the decimal comma."""
    from playwright.sync_api import expect

    make_user("chief", m.ROLE_CHIEF)
    event = make_event(players=4, rounds=3)
    first = actions.pair_next_round(event, None)
    actions.publish_round(first, None)
    for g in first.games.exclude(black=None):
        actions.set_result(g, "=", None)
    actions.publish_round(actions.pair_next_round(event, None), None)
    page = _page(browser, live_server.url, "en", DESKTOP)
    page.goto(f"{live_server.url}/t/{event.pk}/hall/rounds/2/sheet/?lang=fr")
    table = page.locator("table")
    expect(table).to_contain_text("(0,5)")
    expect(page.locator("body")).to_contain_text("table d'arbitrage")
    assert "(0.5)" not in table.inner_text()
    page.screenshot(path=shots / "explain-code-sheet-fr-from-en.png", full_page=True)
