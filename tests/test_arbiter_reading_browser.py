"""Issue 25 items 12, 11 and 8 in a real browser (Debian's Chromium through Playwright), as an
arbiter meets them: the player form's surname and first-name fields, the round page's results
counter and the missing boards named when pairing is refused, the players table using the
page's width, the pairing explanation and the manual changes.

Screenshots (1366x768 desktop, 390x844 phone) are saved in ``$SWISSPAIRING_SCREENSHOTS``
(default: the test's temporary folder).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from swisspairing.interfaces.web import models as m
from test_print_browser import DESKTOP
from test_web_browser import CHROMIUM_ARGS, _chromium
from web_helpers import make_event, make_user


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    out = Path(os.environ.get("SWISSPAIRING_SCREENSHOTS") or tmp_path / "screenshots")
    out.mkdir(parents=True, exist_ok=True)
    return out


@pytest.fixture
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        launched = pw.chromium.launch(executable_path=_chromium(), args=CHROMIUM_ARGS)
        yield launched
        launched.close()


def _logged_in(browser: Any, base: str, locale: str = "fr-FR", **device: Any) -> Any:
    page = browser.new_context(locale=locale, **(device or DESKTOP)).new_page()
    page.set_default_timeout(30_000)
    page.goto(f"{base}/")
    page.fill("input[name=username]", "chief")
    page.fill("input[name=password]", "a-long-password")
    with page.expect_navigation():
        page.click("button.primary")
    return page


@pytest.mark.django_db(transaction=True)
def test_the_player_form_has_surname_and_first_name(live_server, browser, shots) -> None:  # type: ignore[no-untyped-def]
    """Item 12: the form asks the surname and the first name, like the CSV import's columns,
    and stores ``"SURNAME, First name"`` as the import does; the edit form splits it again."""
    from playwright.sync_api import expect

    make_user("chief", m.ROLE_CHIEF)
    event = make_event(players=2)
    page = _logged_in(browser, live_server.url)
    page.goto(f"{live_server.url}/t/{event.pk}/players/")
    form = page.locator("#add-player")
    expect(form.get_by_label("Nom de famille")).to_be_visible()
    expect(form.get_by_label("Prénom")).to_be_visible()
    form.get_by_label("Nom de famille").fill("DUPRÉ")
    form.get_by_label("Prénom").fill("Éloïse")
    form.locator("input[name=rating]").fill("1850")
    page.screenshot(path=shots / "item12-player-form-fr.png", full_page=True)
    with page.expect_navigation():
        form.locator("button.primary").click()
    added = event.entrants.get(rating=1850)
    assert added.name == "DUPRÉ, Éloïse"

    page.goto(f"{live_server.url}/t/{event.pk}/players/{added.tpn}/")
    expect(page.get_by_label("Nom de famille")).to_have_value("DUPRÉ")
    expect(page.get_by_label("Prénom")).to_have_value("Éloïse")
    page.get_by_label("Prénom").fill("Éloïse Marie")
    with page.expect_navigation():
        page.click("button[name=save]")
    added.refresh_from_db()
    assert added.name == "DUPRÉ, Éloïse Marie"
