"""Issue 25 in a real browser (Debian's Chromium through Playwright): a 40-player event run to
the end by an arbiter, who prints every round's pairing lists (by board and alphabetical) and
result slips, the standings after round 3 and after the last round, a women's and an under-18
prize list, the crosstable; every PDF is opened with pypdfium2 and must carry the header and
the page numbers on every page and the same data as the page. Then the public pages (byes and
absences listed, the standings inside a phone's width, French decimal comma) and the hall's
screen at 1920x1080, 1366x768 and 1280x720 (every board on some page, no row below the edge).

Screenshots (1366x768 desktop, 390x844 phone, French and English) and the PDFs' pages are
saved in ``$SWISSPAIRING_SCREENSHOTS`` (default: the test's temporary folder).
"""

from __future__ import annotations

import random
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from browser_helpers import DESKTOP, PHONE, chromium, log_in, logged_in_page
from swisspairing.interfaces.web import actions
from swisspairing.interfaces.web import models as m
from swisspairing.interfaces.web.hall import models as h
from swisspairing.interfaces.web.imports import Candidate
from test_web_print import keep, pdf_pages
from web_helpers import make_user

ROUNDS = 5


def _event() -> m.Event:
    rng = random.Random(25)
    event = m.Event.objects.create(
        name="Open international d'Annecy 2026", place="Annecy", start_date=date(2026, 4, 10),
        end_date=date(2026, 4, 12), chief_arbiter="Marie Curie",
        time_control="90 min + 30 s", rounds=ROUNDS, system="dutch-2025", initial_colour="w",
        tiebreaks="BH/C1, BH, SB, TPR")
    for i in range(40):
        actions.add_entrant(event, Candidate(
            name=f"{rng.choice(['MARTIN', 'BERNARD', 'DUBOIS', 'THOMAS', 'ROBERT'])}-{i:02d}, "
                 f"{rng.choice(['Léa', 'Hugo', 'Chloé', 'Jules', 'Inès', 'Louis'])}",
            rating=1200 + rng.randint(0, 1300), sex="w" if i % 4 == 0 else "m",
            birth_date=f"{2012 - i}/03/15", club=rng.choice(["Annecy Échecs", "Cavalier Bleu"]),
            federation="FRA" if i % 5 else "SUI"), None)
    return event


def _fits(page: Any) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    inner = page.evaluate("window.innerWidth")
    assert width <= inner, f"{page.url}: {width} px wide in a {inner} px window"


def _table_rows(page: Any, selector: str) -> list[list[str]]:
    return page.eval_on_selector_all(
        f"{selector} tbody tr",
        "rows => rows.map(r => Array.from(r.cells).map(c => c.innerText.trim()))")


def _pdf(page: Any, url: str, name: str, what: str) -> list[str]:
    response = page.request.get(url)
    assert response.ok, url
    assert response.headers["content-type"] == "application/pdf"
    data = response.body()
    keep(name, data)
    pages = pdf_pages(data)
    for n, text in enumerate(pages, start=1):
        flat = " ".join(text.split())
        assert "Open international d'Annecy 2026" in flat, (name, n)
        assert "Marie Curie" in flat and "90 min + 30 s" in flat, (name, n)
        assert what in flat, (name, n, what)
        assert f"Page {n} of {len(pages)}" in flat or f"Page {n} sur {len(pages)}" in flat, \
            (name, n)
    return pages


def _same_rows(rows: list[list[str]], pages: list[str], columns: list[int]) -> None:
    """Each row of the page's table is a line of the PDF, in the same order (the cells of
    ``columns`` read in the line)."""
    lines = [" ".join(line.split()) for line in "\n".join(pages).splitlines()]
    at = 0
    for row in rows:
        wanted = [row[c] for c in columns]
        while at < len(lines) and not all(w in lines[at] for w in wanted):
            at += 1
        assert at < len(lines), f"row {wanted} not in the PDF in the page's order"
        at += 1


@pytest.mark.django_db(transaction=True)
def test_an_arbiter_prints_everything_of_a_40_player_event(live_server, shots: Path) -> None:  # type: ignore[no-untyped-def]
    from playwright.sync_api import expect

    make_user("chief", m.ROLE_CHIEF)
    event = _event()
    base = live_server.url
    rng = random.Random(2026)
    with chromium() as browser:
        page = logged_in_page(browser, base, start="/login/", locale="en-GB", **DESKTOP)

        for number in range(1, ROUNDS + 1):
            page.goto(f"{base}/t/{event.pk}/rounds/{number}/")
            if number == 2:  # a half-point bye and an absence: listed, not lost
                page.select_option("select[data-tpn='7']", "H")
                page.select_option("select[data-tpn='8']", "Z")
                expect(page.locator("select[data-tpn='8']")).to_have_value("Z")
            if number == ROUNDS:  # a half-point bye in the last round: 39 players, a PAB
                page.select_option("select[data-tpn='7']", "H")
                expect(page.locator("select[data-tpn='7']")).to_have_value("H")
            page.click("#pair-round")
            page.click("#publish-round")
            expect(page.locator(".status")).to_have_text("published")
            # the pairing list by board, as a page and as a PDF
            page.click("#print-board")
            expect(page.locator("#print-header")).to_contain_text("Marie Curie")
            rows = _table_rows(page, "table.pairings")
            assert len(rows) == (19 if number in (2, ROUNDS) else 20)
            if number == 2:
                expect(page.locator("main")).to_contain_text("half-point bye")
                expect(page.locator("main")).to_contain_text("absent")
                page.screenshot(path=shots / "print-01-round2-board-desktop-en.png",
                                full_page=True)
            pages = _pdf(page, f"{base}/t/{event.pk}/rounds/{number}/print/board.pdf",
                         f"print-round{number}-board", f"Round {number}")
            _same_rows(rows, pages, [0, 2, 7])
            # who plays where
            page.goto(f"{base}/t/{event.pk}/rounds/{number}/print/alpha/")
            rows = _table_rows(page, "table.alpha")
            assert len(rows) == 40
            assert [r[0] for r in rows] == sorted(
                (r[0] for r in rows), key=lambda n: n.casefold())
            if number == 2:
                page.screenshot(path=shots / "print-02-round2-alpha-desktop-en.png",
                                full_page=True)
            pages = _pdf(page, f"{base}/t/{event.pk}/rounds/{number}/print/alpha.pdf",
                         f"print-round{number}-alpha", f"Round {number}")
            _same_rows(rows, pages, [0, 1, 6])
            # result slips
            slips = _pdf(page, f"{base}/t/{event.pk}/rounds/{number}/print/slips.pdf",
                         f"print-round{number}-slips", f"Round {number}")
            assert len(slips) == 3  # 19 or 20 boards, 8 a page
            rnd = m.Round.objects.get(event=event, number=number)
            for g in rnd.games.exclude(black=None).select_related("white", "black"):
                assert f"Round {number} - board {g.board}" in " ".join(" ".join(slips).split())
                actions.set_result(g, rng.choice(["1-0", "0-1", "=", "1-0"]), None)

        # standings after round 3 and after the last round, page and PDF
        for after in (3, ROUNDS):
            page.goto(f"{base}/t/{event.pk}/standings/?round={after}")
            expect(page.locator("h2").first).to_contain_text(f"standings after round {after}")
            rows = _table_rows(page, "table.standings")
            assert len(rows) == 40
            if after == 3:
                page.screenshot(path=shots / "print-03-standings-after3-desktop-en.png")
            pages = _pdf(page, f"{base}/t/{event.pk}/standings.pdf?view=standings&round={after}",
                         f"print-standings-after{after}", f"Standings after round {after}")
            _same_rows(rows, pages, [0, 2, 5])
        # the crosstable
        page.goto(f"{base}/t/{event.pk}/standings/crosstable/")
        rows = _table_rows(page, "table.crosstable")
        pages = _pdf(page, f"{base}/t/{event.pk}/standings.pdf?view=crosstable",
                     "print-crosstable", f"Standings after round {ROUNDS}")
        _same_rows(rows, pages, [0, 2, 4])
        # prize lists: women, under 18, chosen on the page
        page.goto(f"{base}/t/{event.pk}/prizes/")
        page.check("input[value=women]")
        page.check("input[value=u18]")
        page.fill("input[name=bands]", "-1599")
        page.click("#show-prizes")
        tables = page.locator("table.prizes")
        expect(tables).to_have_count(3)
        page.screenshot(path=shots / "print-04-prizes-desktop-en.png", full_page=True)
        women = _table_rows(page, "section:has(h2:text('Women')) table.prizes")
        under18 = _table_rows(page, "section:has(h2:text('Under 18')) table.prizes")
        entrants = {e.name: e for e in event.entrants.all()}
        assert women and all(entrants[r[3]].sex == "w" for r in women)
        assert len(women) == sum(1 for e in entrants.values() if e.sex == "w")
        assert under18 and all(int(entrants[r[3]].birth_date[:4]) > 2026 - 18 - 1
                               for r in under18)
        href = page.get_attribute("#prizes-pdf", "href")
        pages = _pdf(page, f"{base}{href}", "print-prizes", f"Standings after round {ROUNDS}")
        _same_rows(women + under18, pages, [0, 3, 6])

        # French: the same pages and a PDF in French, on the desktop and on a phone
        for ctx_args, suffix in ((DESKTOP, "desktop"), (PHONE, "phone")):
            for lang in ("fr", "en"):
                other = browser.new_context(locale="fr-FR" if lang == "fr" else "en-GB",
                                            **ctx_args)
                other.add_cookies([{"name": "django_language", "value": lang,
                                    "url": base}])
                p = other.new_page()
                log_in(p, base, start="/login/")
                for path, name in (("rounds/2/print/board/", "round2-board"),
                                   ("rounds/2/print/alpha/", "round2-alpha"),
                                   ("standings/?round=3", "standings-after3"),
                                   ("prizes/?cat=women&cat=u18", "prizes"),
                                   ("audit/", "audit")):
                    p.goto(f"{base}/t/{event.pk}/{path}")
                    if name == "audit":
                        expect(p.locator("tbody")).not_to_contain_text("{")
                        p.screenshot(path=shots / f"print-10-{name}-{suffix}-{lang}.png")
                        continue
                    if lang == "fr":
                        expect(p.locator("main")).to_contain_text("Arbitre principal")
                    _fits(p)
                    p.screenshot(path=shots / f"print-10-{name}-{suffix}-{lang}.png",
                                 full_page=True)
                if lang == "fr":
                    _pdf(p, f"{base}/t/{event.pk}/rounds/2/print/board.pdf",
                         "print-round2-board-fr", "Ronde 2")
                other.close()

        # public pages: byes and absences listed with number, rating, points; the standings
        # inside a phone's width; French decimal comma
        token = event.public_token
        for lang in ("en", "fr"):
            phone = browser.new_context(locale="fr-FR" if lang == "fr" else "en-GB", **PHONE)
            phone.add_cookies([{"name": "django_language", "value": lang, "url": base}])
            pp = phone.new_page()
            pp.goto(f"{base}/p/{token}/rounds/2/")
            not_paired = _table_rows(pp, "table.not-paired")
            numbers = {r[0] for r in not_paired}
            assert {"7", "8"} <= numbers, not_paired
            _fits(pp)
            pp.screenshot(path=shots / f"public-01-round2-phone-{lang}.png", full_page=True)
            pp.goto(f"{base}/p/{token}/standings/?round=3")
            expect(pp.locator("h2").first).to_contain_text("3")
            _fits(pp)
            pp.screenshot(path=shots / f"public-02-standings-phone-{lang}.png", full_page=True)
            expect(pp.locator("main")).not_to_contain_text("--tiebreaks")
            if lang == "fr":
                cells = " ".join(" ".join(r) for r in _table_rows(pp, "table.standings"))
                assert "," in cells and ".5" not in cells
            pp.goto(f"{base}/h/{token}/p/alpha/")
            expect(pp.locator("#live")).to_contain_text(
                "half-point bye" if lang == "en" else "bye d'un demi-point")
            _fits(pp)
            pp.screenshot(path=shots / f"public-03-hall-alpha-phone-{lang}.png",
                          full_page=True)
            pp.goto(f"{base}/h/{token}/")
            _fits(pp)
            pp.screenshot(path=shots / f"public-04-hall-boards-phone-{lang}.png",
                          full_page=True)
            phone.close()

        # the projector: every board on some page, no row below the screen's edge
        scr = h.Screen.objects.create(event=event, name="Hall A", panels="boards,alpha",
                                      rows=40, language="fr")
        last = m.Round.objects.get(event=event, number=ROUNDS)
        boards = sorted(last.games.values_list("board", flat=True))
        for width, height in ((1920, 1080), (1366, 768), (1280, 720)):
            tv = browser.new_context(viewport={"width": width, "height": height})
            screen = tv.new_page()
            screen.goto(f"{base}/h/{token}/screen/{scr.pk}/")
            expect(screen.locator(".slide.shown")).to_have_count(1)
            count = screen.locator(".slide").count()
            seen: list[int] = []
            for i in range(count):
                screen.evaluate("""i => document.querySelectorAll('.slide').forEach(
                    (s, n) => s.classList.toggle('shown', n === i))""", i)
                slide = screen.locator(".slide").nth(i)
                bottoms = slide.locator("tbody tr").evaluate_all(
                    "rows => rows.map(r => r.getBoundingClientRect().bottom)")
                assert bottoms and max(bottoms) <= height, (width, height, i, max(bottoms))
                assert len(bottoms) >= 2, (width, height, i)  # never a page of one row
                if slide.get_attribute("data-panel") == "boards":
                    seen += [int(x) for x in slide.locator("tbody tr td.num").all_inner_texts()]
                    screen.screenshot(path=shots / f"screen-{width}x{height}-page{i + 1}.png")
            assert sorted(seen) == boards, (width, height)
            tv.close()


@pytest.mark.django_db(transaction=True)
def test_settings_in_words_in_the_browser(live_server, shots: Path) -> None:  # type: ignore[no-untyped-def]
    """Item 10: the preset fills the tie-break choices; the round-date fields follow the
    number of rounds typed (more fields at once, fewer hidden); saving stores the list."""
    from playwright.sync_api import expect

    make_user("chief", m.ROLE_CHIEF)
    event = _event()
    base = live_server.url
    with chromium() as browser:
        for ctx_args, suffix in ((DESKTOP, "desktop"), (PHONE, "phone")):
            for lang in ("en", "fr"):
                context = browser.new_context(locale="en-GB", **ctx_args)
                context.add_cookies([{"name": "django_language", "value": lang, "url": base}])
                page = context.new_page()
                log_in(page, base, start="/login/")
                page.goto(f"{base}/t/{event.pk}/edit/")
                expect(page.locator("#id_system option:checked")).to_have_text(
                    "Dutch system (FIDE, 2026)" if lang == "en" else
                    "Système hollandais (FIDE, 2026)")
                expect(page.locator("#id_tiebreak_4 option:checked")).to_contain_text("TPR")
                _fits(page)
                page.screenshot(path=shots / f"settings-{suffix}-{lang}.png", full_page=True)
                context.close()
        page = logged_in_page(browser, base, start="/login/", locale="en-GB", **DESKTOP)
        page.goto(f"{base}/t/{event.pk}/edit/")
        page.select_option("#id_tiebreak_preset", "usual")
        expect(page.locator("#id_tiebreak_1")).to_have_value("BH/C1")
        expect(page.locator("#id_tiebreak_5")).to_have_value("WIN")
        expect(page.locator("#id_tiebreak_6")).to_have_value("")
        page.select_option("#id_tiebreak_5", "TPR")
        expect(page.locator("#id_tiebreak_preset")).to_have_value("")
        page.fill("#id_rounds", "7")
        expect(page.locator("#id_round_date_7")).to_be_visible()
        page.fill("#id_round_date_7", "2026-04-12")
        page.fill("#id_rounds", "3")
        expect(page.locator("#id_round_date_4")).to_be_hidden()
        page.fill("#id_rounds", "7")
        page.fill("#id_round_date_6", "2026-04-12")
        page.click("button[name=save]")
        event.refresh_from_db()
        assert event.rounds == 7
        assert event.tiebreaks == "BH/C1, BH, SB, DE, TPR"
        assert event.round_dates[6] == "2026-04-12" and event.round_dates[5] == "2026-04-12"
        # item 12: a forbidden pair chosen by name, then removed
        first, second = (event.entrants.get(tpn=n) for n in (1, 2))
        page.goto(f"{base}/t/{event.pk}/players/")
        page.fill("#forbidden-pair input[name=first]", f"1 {first.name}")
        page.fill("#forbidden-pair input[name=second]", f"2 {second.name}")
        page.click("#forbidden-pair button")
        expect(page.locator(".forbidden-list")).to_contain_text(first.name)
        page.screenshot(path=shots / "players-forbidden-desktop-en.png", full_page=True)
        page.click(".forbidden-list button")
        expect(page.locator(".messages")).to_contain_text("may meet again")
        assert not event.forbidden.exists()
        # item 11: a long event name does not push the top bar to more lines
        for ctx_args in (DESKTOP, PHONE):
            ctx = browser.new_context(locale="en-GB", **ctx_args)
            p = ctx.new_page()
            log_in(p, base, start="/login/")
            heights = []
            for name in ("Open", "Championnat départemental individuel jeunes et adultes " * 4):
                m.Event.objects.filter(pk=event.pk).update(name=name.strip())
                p.goto(f"{base}/t/{event.pk}/")
                heights.append(p.eval_on_selector(".top", "e => e.offsetHeight"))
                _fits(p)
            assert heights[1] == heights[0], heights
            p.screenshot(path=shots / f"long-name-{ctx_args['viewport']['width']}.png")
            ctx.close()
