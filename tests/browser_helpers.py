"""The set-up every browser test shares (Debian's Chromium driven by Playwright).

Before, each ``tests/*_browser.py`` file had its own copy of it: where Chromium is, how it is
started, the desktop and phone sizes, logging in as the chief arbiter through the login page,
opening another view of the arbiter's session, and where screenshots go. The tests themselves
(what they drive and assert) stay in their files.

Chromium: ``$SWISSPAIRING_CHROMIUM`` or ``/usr/bin/chromium`` (``apt-get install chromium``;
``.ci/run`` installs it). Screenshots: ``$SWISSPAIRING_SCREENSHOTS`` (default: the test's
temporary folder).

The fixtures ``browser`` and ``shots`` are made available to every test by ``conftest.py``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

#: headless, and nothing that would reach the network on its own
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]
#: the command line, run as a program (the exported files are checked with it)
CLI = [sys.executable, "-m", "swisspairing.interfaces.cli"]

#: a 1366x768 desktop and a 390x844 phone (browser context arguments)
DESKTOP: dict[str, Any] = {"viewport": {"width": 1366, "height": 768}}
PHONE: dict[str, Any] = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2,
                         "is_mobile": True, "has_touch": True}
DESKTOP_VIEWPORT = DESKTOP["viewport"]
PHONE_VIEWPORT = PHONE["viewport"]
#: the four ways a page is looked at: (label, viewport, browser locale)
SCREENS = (("desktop-en", DESKTOP_VIEWPORT, "en-GB"),
           ("desktop-fr", DESKTOP_VIEWPORT, "fr-FR"),
           ("phone-en", PHONE_VIEWPORT, "en-GB"),
           ("phone-fr", PHONE_VIEWPORT, "fr-FR"))

#: the account ``web_helpers.make_user`` creates
USERNAME = "chief"
PASSWORD = "a-long-password"


def chromium_path() -> str:
    """The Chromium to drive; the test fails (not skipped) with the way to install it."""
    path = os.environ.get("SWISSPAIRING_CHROMIUM") or shutil.which("chromium") or \
        "/usr/bin/chromium"
    if not Path(path).exists():
        pytest.fail("the browser test needs Debian's chromium (apt-get install chromium) or "
                    "SWISSPAIRING_CHROMIUM=/path/to/chromium")
    return path


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    """``swisspairing ARGS`` in a child process (its exit code and output)."""
    code = "import sys; from swisspairing.interfaces.cli import main; sys.exit(main())"
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True,
                          text=True, timeout=300, check=False)


def screenshots_dir(tmp_path: Path) -> Path:
    """``$SWISSPAIRING_SCREENSHOTS`` or the test's temporary folder's ``screenshots``."""
    out = Path(os.environ.get("SWISSPAIRING_SCREENSHOTS") or tmp_path / "screenshots")
    out.mkdir(parents=True, exist_ok=True)
    return out


@contextmanager
def chromium() -> Iterator[Any]:
    """Playwright's synchronous API with Chromium started; closed at the end."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        launched = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture
def browser() -> Iterator[Any]:
    """Chromium for one test."""
    with chromium() as launched:
        yield launched


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    """The folder the test's screenshots go to."""
    return screenshots_dir(tmp_path)


def log_in(page: Any, base: str, *, start: str = "/", screenshot: Path | None = None) -> None:
    """Log in as the chief arbiter through the login form reached from ``start``, and wait
    for the page the form leads to (``screenshot``: the filled form, before it is sent)."""
    page.goto(f"{base}{start}")
    submit_login(page, screenshot=screenshot)


def submit_login(page: Any, *, screenshot: Path | None = None) -> None:
    """Fill the login form the page shows with the chief arbiter's account, send it and wait
    for the page it leads to."""
    page.fill("input[name=username]", USERNAME)
    page.fill("input[name=password]", PASSWORD)
    if screenshot is not None:
        page.screenshot(path=screenshot)
    with page.expect_navigation():
        page.click("button.primary")


def fill_new_event_form(page: Any, name: str, rounds: int, system: str) -> None:
    """From a page with the "New tournament" link: the event form filled with a name, a
    number of rounds, a pairing system and White for the first player of round 1, and
    saved."""
    page.click("text=New tournament")
    page.fill("#id_name", name)
    page.fill("#id_rounds", str(rounds))
    page.select_option("#id_system", system)
    page.select_option("#id_initial_colour_choice", "w")
    page.click("button[name=save]")


def logged_in_page(browser: Any, base: str, *, timeout: int = 30_000, start: str = "/",
                   **context: Any) -> Any:
    """A new browser context (``context``: Playwright's arguments: viewport, locale...) with
    one page, logged in as the chief arbiter."""
    page = browser.new_context(**context).new_page()
    page.set_default_timeout(timeout)
    log_in(page, base, start=start)
    return page


def same_session(browser: Any, session: Any, locale: str, *, timeout: int = 30_000,
                 **context: Any) -> Any:
    """A page of a new context (``context``: viewport...) with the cookies of ``session`` (an
    arbiter's logged-in context) and the browser's language ``locale``, sent as
    ``Accept-Language`` too."""
    other = browser.new_context(locale=locale, **context)
    other.add_cookies(session.cookies())
    other.set_extra_http_headers({"Accept-Language": locale})
    page = other.new_page()
    page.set_default_timeout(timeout)
    return page


def phone_flags(viewport: dict[str, int]) -> dict[str, bool]:
    """``is_mobile`` and ``has_touch`` for a viewport narrower than 500 px (a phone)."""
    phone = viewport["width"] < 500
    return {"is_mobile": phone, "has_touch": phone}
