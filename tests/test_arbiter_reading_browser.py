"""Issue 25 items 12, 11 and 8 in a real browser (Debian's Chromium through Playwright), as an
arbiter meets them: the player form's surname and first-name fields, the round page's results
counter and the missing boards named when pairing is refused, the players table using the
page's width, the pairing explanation and the manual changes.

Screenshots (1366x768 desktop, 390x844 phone) are saved in ``$SWISSPAIRING_SCREENSHOTS``
(default: the test's temporary folder).
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from browser_helpers import DESKTOP, PHONE, logged_in_page
from swisspairing.interfaces.web import actions
from swisspairing.interfaces.web import models as m
from web_helpers import make_event, make_user


def _logged_in(browser: Any, base: str, locale: str = "fr-FR", **device: Any) -> Any:
    return logged_in_page(browser, base, locale=locale, **(device or DESKTOP))


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


LONG = [("DE LA ROCHEFOUCAULD-MONTBEL", "Marie-Christine"),
        ("VANDENBERGHE-DUPONT", "Jean-Baptiste"), ("CASTELNAU-LAMOTHE", "Anne-Sophie"),
        ("NGUYỄN THỊ", "Ánh Tuyết")]


def _long_names(event: m.Event) -> None:
    for entrant, (surname, first) in zip(event.entrants.order_by("tpn"), LONG * 10,
                                         strict=False):
        entrant.name = f"{surname}-{entrant.tpn}, {first}"
        entrant.club = "Échiquier Club de Boulogne-Billancourt"
        entrant.fide_id, entrant.federation, entrant.birth_date = "20612345", "FRA", "1995/03/12"
        entrant.title = "FM"
        entrant.save()


@pytest.mark.django_db(transaction=True)
def test_the_players_table_uses_the_page_width(live_server, browser, shots) -> None:  # type: ignore[no-untyped-def]
    """Item 11: on a 1366x768 desktop the players table is as wide as the page's content
    and no name wraps onto a second line while the page has room; on a 390x844 phone
    nothing sticks out sideways."""
    make_user("chief", m.ROLE_CHIEF)
    event = make_event(players=40)
    _long_names(event)
    url = f"{live_server.url}/t/{event.pk}/players/"
    for device, label in ((DESKTOP, "desktop"), (PHONE, "phone")):
        page = _logged_in(browser, live_server.url, **device)
        page.goto(url)
        page.screenshot(path=shots / f"item11-players-{label}-fr.png", full_page=True)
        scroll = page.evaluate("document.documentElement.scrollWidth")
        assert scroll <= page.evaluate("window.innerWidth"), f"{label}: {scroll} px wide"
        if label == "desktop":
            main = page.evaluate("document.querySelector('main').clientWidth")
            table = page.evaluate("document.getElementById('players-table')"
                                  ".getBoundingClientRect().width")
            assert table >= 0.9 * (main - 40), (table, main)
            lines = page.evaluate(  # the lines each name's text takes
                "[...document.querySelectorAll('#players-table tbody td.name')].map(c => {"
                " const r = document.createRange(); r.selectNodeContents(c);"
                " return new Set([...r.getClientRects()].map(x => Math.round(x.top))).size; })")
            assert len(lines) == 40
            wrapped = [i + 1 for i, n in enumerate(lines) if n > 1]
            assert not wrapped, f"names on two lines in rows {wrapped}"
        page.context.close()


@pytest.mark.django_db(transaction=True)
def test_results_counter_and_missing_boards_named(live_server, browser, shots) -> None:  # type: ignore[no-untyped-def]
    """Item 11: the round page counts the results entered ("3/5"), the count follows a result
    typed in the grid (desktop, then the phone sees 4/5), and pairing the next round with
    results missing names the boards without a result, each a link to its row."""
    from playwright.sync_api import expect

    make_user("chief", m.ROLE_CHIEF)
    event = make_event(players=10)
    rnd = actions.pair_next_round(event, None)
    actions.publish_round(rnd, None)
    games = list(rnd.games.exclude(black=None).order_by("board"))
    for g in games[:3]:
        actions.set_result(g, "1-0", None)
    base = live_server.url
    for device, label in ((DESKTOP, "desktop"), (PHONE, "phone")):
        page = _logged_in(browser, base, **device)
        page.goto(f"{base}/t/{event.pk}/rounds/1/")
        entered = 3 if label == "desktop" else 4  # the desktop enters the fourth
        expect(page.locator("#results-counter")).to_have_text(f"{entered}/5 résultats saisis")
        page.screenshot(path=shots / f"item11-round-counter-{label}-fr.png", full_page=True)
        if label == "desktop":
            cell = page.locator(f"#game-{games[3].pk} input.result-input")
            cell.fill("=")
            cell.press("Enter")
            expect(page.locator("#results-counter")).to_have_text("4/5 résultats saisis")
        page.goto(f"{base}/t/{event.pk}/rounds/2/")
        with page.expect_navigation():
            page.click("#pair-round")
        missing = page.locator(".messages a.missing-board")
        expect(missing).to_have_count(1)
        expect(missing.first).to_have_text(f"ronde 1, échiquier {games[4].board}")
        page.screenshot(path=shots / f"item11-missing-boards-{label}-fr.png", full_page=True)
        with page.expect_navigation():
            missing.first.click()
        assert page.url.endswith(f"/t/{event.pk}/rounds/1/#game-{games[4].pk}")
        page.context.close()
    assert not event.round_set.filter(number=2).exists()


def _repeat_by_hand(event: m.Event) -> tuple[int, int, int, m.Round]:
    """Round 1 played, round 2 paired (draft): two players who met in round 1 and the player
    to exchange so that they meet again."""
    import random

    from web_helpers import play_round

    first = play_round(event, random.Random(3))
    rnd = actions.pair_next_round(event, None)
    seats = {}
    for g in rnd.games.select_related("white", "black"):
        for p, o in ((g.white, g.black), (g.black, g.white)):
            if p is not None:
                seats[p.tpn] = o.tpn if o is not None else None
    for g in first.games.exclude(black=None).select_related("white", "black"):
        x, y = g.white.tpn, g.black.tpn
        if seats.get(x) not in (None, y) and seats.get(y) is not None:
            return x, y, seats[x], rnd
    raise AssertionError("no pair to repeat")


@pytest.mark.django_db(transaction=True)
def test_a_manual_change_cites_the_article_and_highlights_the_board(
        live_server, browser, shots) -> None:  # type: ignore[no-untyped-def]
    """Item 8: a manual change that pairs two players again cites C.04.1 Art. 2 (not the
    checker's letter nor the TRF record), names the players by number and name, and the
    board is highlighted; a forbidden pair says so under the same article."""
    from playwright.sync_api import expect

    make_user("chief", m.ROLE_CHIEF)
    event = make_event(players=10)
    x, y, partner, rnd = _repeat_by_hand(event)
    names = {e.tpn: e.name for e in event.entrants.all()}
    page = _logged_in(browser, live_server.url)
    page.goto(f"{live_server.url}/t/{event.pk}/rounds/2/")
    page.select_option("select[name=kind]", "exchange")
    page.fill("input[name=a]", str(y))
    page.fill("input[name=b]", str(partner))
    with page.expect_navigation():
        page.click("text=Appliquer")
    warning = page.locator(".messages li.warning").first
    expect(warning).to_contain_text("[C.04.1 Art. 2]")
    expect(warning).to_contain_text(f"{x} {names[x]}")
    expect(warning).to_contain_text(f"{y} {names[y]}")
    violations = page.locator("#violations")
    expect(violations).to_contain_text("C.04.1 Art. 2")
    assert "XXP" not in page.content() and "C.04.1 b" not in page.content()
    game = rnd.games.get(white__tpn__in=[x, y], black__tpn__in=[x, y])
    expect(page.locator(f"#game-{game.pk}")).to_have_class(re.compile(r"\brule-broken\b"))
    page.screenshot(path=shots / "item8-rule-broken-desktop-fr.png", full_page=True)
    listed = set(page.evaluate("[...document.querySelectorAll('#violations li')].flatMap("
                               "li => li.dataset.games.split(' ').filter(Boolean))"))
    lit = set(page.evaluate("[...document.querySelectorAll('tr.rule-broken')].map(r => r.id)"))
    assert lit == listed and len(lit) < rnd.games.count()  # only the boards concerned

    pair = sorted(event.entrants.filter(tpn__in=[x, y]), key=lambda e: e.pk)
    m.ForbiddenPair.objects.create(event=event, first=pair[0], second=pair[1])
    page.reload()
    expect(violations).to_contain_text("[C.04.1 Art. 2, paire interdite]")


def _pairs(rnd: m.Round) -> list[tuple[int, int, int | None]]:
    return [(g.board, g.white.tpn, g.black.tpn if g.black else None)
            for g in rnd.games.select_related("white", "black").order_by("board")]


@pytest.mark.django_db(transaction=True)
def test_manual_changes_undone_one_by_one_and_back_to_the_engine(
        live_server, browser, shots) -> None:  # type: ignore[no-untyped-def]
    """Item 8: the last manual change is undone, then "back to the engine's pairing" undoes
    every one in one action; both are in the audit log, in French sentences."""
    from playwright.sync_api import expect

    make_user("chief", m.ROLE_CHIEF)
    event = make_event(players=10)
    _x, y, partner, rnd = _repeat_by_hand(event)
    engine = _pairs(rnd)
    page = _logged_in(browser, live_server.url)
    url = f"{live_server.url}/t/{event.pk}/rounds/2/"
    page.goto(url)
    names = {e.tpn: e.name for e in event.entrants.all()}
    _, white, black = engine[0]
    assert black is not None
    expect(page.locator("details.explanation")).to_contain_text(  # players named
        f"Blancs {white} {names[white]}, Noirs {black} {names[black]}")

    def change(kind: str, a: int, b: int | None = None) -> None:
        page.select_option("select[name=kind]", kind)
        page.fill("input[name=a]", str(a))
        page.fill("input[name=b]", "" if b is None else str(b))
        with page.expect_navigation():
            page.click("text=Appliquer")

    change("swap", 1)
    after_first = _pairs(rnd)
    change("exchange", y, partner)
    expect(page.locator("#manual-changes li")).to_have_count(2)
    page.screenshot(path=shots / "item8-manual-changes-desktop-fr.png", full_page=True)
    with page.expect_navigation():
        page.click("#undo-manual")
    expect(page.locator(".messages")).to_contain_text("Dernière modification manuelle annulée")
    expect(page.locator("#manual-changes li")).to_have_count(1)
    assert _pairs(rnd) == after_first
    change("exchange", y, partner)
    with page.expect_navigation():
        page.click("#engine-pairing")
    expect(page.locator(".messages")).to_contain_text("Retour à l'appariement du programme")
    expect(page.locator("#manual-changes")).to_have_count(0)
    expect(page.locator("#violations")).to_have_count(0)
    assert _pairs(rnd) == engine
    rnd.refresh_from_db()
    assert rnd.manual_changes == []
    page.goto(f"{live_server.url}/t/{event.pk}/audit/")
    expect(page.locator("body")).to_contain_text("Ronde 2\u00a0: modification manuelle annulée")
    expect(page.locator("body")).to_contain_text(
        "Ronde 2\u00a0: retour à l'appariement du programme")


@pytest.mark.django_db
def test_undo_is_refused_when_results_are_entered_on_the_boards_concerned() -> None:
    from swisspairing.errors import BadRequest

    event = make_event(players=10)
    _x, y, partner, rnd = _repeat_by_hand(event)
    actions.manual_change(rnd, "exchange", y, partner, None)
    before = _pairs(rnd)
    game = rnd.games.filter(white__tpn__in=[y, partner]).exclude(black=None).first() or \
        rnd.games.get(black__tpn=y)
    m.Game.objects.filter(pk=game.pk).update(white_code="W", black_code="L")
    with pytest.raises(BadRequest, match="results are entered on boards"):
        actions.undo_manual_changes(rnd, None, every=True)
    assert _pairs(rnd) == before
    rnd.refresh_from_db()
    assert len(rnd.manual_changes) == 1
