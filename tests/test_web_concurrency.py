"""Tournament day (issue 24): the arbiter's data stays right when two arbiters, two tabs, the
players' entries and a long pairing press on it at once.

* item 2: optimistic concurrency. Each board, round and the settings carry a version; a form
  posts the version it showed and a change made since then refuses it, with the current value
  shown (before: both got 200 and the last write won silently);
* item 3: the undo form names the change it undoes, and undo refuses when that change is no
  longer the last one on its board (before: it undid whatever change came last, another board);
* item 4: a correction of a round followed by paired rounds is asked for, recorded, written in
  the TRF and understood by ``check`` (C.04.2 4.3);
* item 5: forfeits have their own keys and are recorded only once confirmed; ``00``, ``x`` are
  no longer results; the help line lists every key;
* item 16: a pairing computed in the background holds no write lock and is refused when the
  event changed meanwhile.

Expected outcomes come from the issue's text and from C.04.2 4.3 ("the corrected result counts
for the next pairing; the rounds already published stand").
"""

from __future__ import annotations

import io
import random
import threading
from contextlib import redirect_stdout
from dataclasses import replace

import pytest
from django.test import Client
from django.urls import reverse

from hall_helpers import code_of, enter, event_in_play, first_board
from swisspairing.checker.check import check_round
from swisspairing.formats.trf import parse_trf
from swisspairing.interfaces.cli import main
from swisspairing.interfaces.web import actions, convert, pairing_jobs
from swisspairing.interfaces.web import models as m
from swisspairing.interfaces.web.hall import models as h
from swisspairing.interfaces.web.views import RESULT_SHORTHANDS
from swisspairing.model import RoundEntry
from web_helpers import make_event, make_user, play_round

pytestmark = pytest.mark.django_db


def _arbiter(name: str = "arb") -> Client:
    c = Client()
    c.force_login(make_user(name, m.ROLE_ARBITER))
    return c


def _post_result(c: Client, game: m.Game, typed: str, version: int | None,
                 **extra: str) -> tuple[int, str]:
    data = {"result": typed, **extra}
    if version is not None:
        data["version"] = str(version)
    r = c.post(reverse("web:result", args=[game.round.event_id, game.round.number, game.pk]),
               data, HTTP_HX_REQUEST="true")
    return r.status_code, r.content.decode()


# --- item 2: a change made from a stale view is refused ------------------------------------------
def test_two_arbiters_on_one_board_the_stale_one_is_refused_with_the_current_result() -> None:
    """Both loaded board 1 at version v; the first enters 1-0, the second (stale) 0-1: refused
    with 409, its row shows 1-0, the board keeps 1-0 (before: 200 twice, 0-1 won)."""
    _event, rnd = event_in_play(players=6)
    game = first_board(rnd)
    shown = game.version
    a, b = _arbiter("a"), _arbiter("b")
    status, _ = _post_result(a, game, "1", shown)
    assert status == 200
    status, row = _post_result(b, game, "0", shown)
    assert status == 409
    game.refresh_from_db()
    assert game.result == "1-0"
    assert 'value="1-0"' in row and "changed since this page was shown" in row
    assert f'data-version="{game.version}"' in row  # the row now carries the current version
    # with the version the refused row gave back, the second arbiter's correction goes in
    status, _ = _post_result(b, game, "0", game.version)
    game.refresh_from_db()
    assert status == 200 and game.result == "0-1"


def test_arbiters_stale_entry_does_not_overwrite_the_players_confirmation() -> None:
    """A player's 1-0 is confirmed by the opponent (hall) while the arbiter's page shows the
    board empty; the arbiter's 0-1 from that page is refused and the entries stay confirmed.
    Once the arbiter enters 0-1 knowingly (current version), the confirmed entries no longer
    say "confirmed" (before: the result was 0-1 and the entries still said confirmed)."""
    _event, rnd = event_in_play(players=6)
    game = first_board(rnd)
    shown = game.version
    hall = Client()
    enter(hall, code_of(game, h.WHITE), "1-0")
    enter(Client(), code_of(game, h.BLACK), "1-0")
    game.refresh_from_db()
    assert game.result == "1-0"
    status, row = _post_result(_arbiter(), game, "0", shown)
    assert status == 409 and 'value="1-0"' in row
    claims = list(h.ResultClaim.objects.filter(game=game))
    assert {c.status for c in claims} == {h.ResultClaim.CONFIRMED}
    status, _ = _post_result(_arbiter("b"), game, "0", game.version)
    assert status == 200
    assert {c.status for c in h.ResultClaim.objects.filter(game=game)} == {
        h.ResultClaim.REJECTED}


def test_round_actions_from_a_stale_page_are_refused() -> None:
    """Publishing, a manual change and unpairing carry the round's version: after another
    tab's manual change, the first tab's publish (and its own manual change) are refused and
    the round stays as the other tab left it."""
    event = make_event(players=8)
    rnd = actions.pair_next_round(event, None)
    shown = rnd.version
    a, b = _arbiter("a"), _arbiter("b")
    url = reverse("web:round-action", args=[event.pk, 1, "manual"])
    r = b.post(url, {"kind": "swap", "a": "1", "version": shown}, follow=True)
    assert r.status_code == 200
    rnd.refresh_from_db()
    assert rnd.manual_changes and rnd.version == shown + 1
    for what, extra in (("publish", {}), ("manual", {"kind": "swap", "a": "2"}),
                        ("unpair", {})):
        r = a.post(reverse("web:round-action", args=[event.pk, 1, what]),
                   {"version": shown, **extra}, follow=True)
        assert "changed since this page was shown" in r.content.decode(), what
    rnd.refresh_from_db()
    assert not rnd.published and len(rnd.manual_changes) == 1
    r = a.post(reverse("web:round-action", args=[event.pk, 1, "publish"]),
               {"version": rnd.version})
    rnd.refresh_from_db()
    assert rnd.published


def test_pairing_from_a_stale_page_is_refused() -> None:
    """The pair button carries the event's revision: a bye entered in another tab since the
    page was shown refuses the pairing (the page shows the round's inputs as they are now)."""
    event = make_event(players=8)
    shown = event.revision
    actions.set_request(event, event.entrants.get(tpn=3), 1, "H", None)
    r = _arbiter().post(reverse("web:round-action", args=[event.pk, 1, "pair"]),
                        {"revision": shown}, follow=True)
    assert "tournament changed since this page was shown" in r.content.decode()
    assert not event.round_set.exists()
    event.refresh_from_db()
    _arbiter("b").post(reverse("web:round-action", args=[event.pk, 1, "pair"]),
                       {"revision": event.revision})
    assert event.round_set.count() == 1


def test_pairing_a_round_another_tab_already_paired_says_so() -> None:
    """Two arbiters (or two tabs) show "Pair this round": the first pairs it; the second's
    click is refused saying the round was already paired, in English and French (a match
    for Double-Swiss), and the round stays the first one's."""
    event = make_event(players=8)
    event.refresh_from_db()
    shown = event.revision
    first = _arbiter().post(reverse("web:round-action", args=[event.pk, 1, "pair"]),
                            {"revision": shown})
    assert first.status_code == 302 and event.round_set.count() == 1
    boards = list(event.round_set.get().games.values_list("white_id", "black_id"))
    second = _arbiter("c").post(reverse("web:round-action", args=[event.pk, 1, "pair"]),
                                {"revision": shown}, follow=True)
    page = second.content.decode()
    assert "round 1 was already paired (by another arbiter or in another tab)" in page
    assert event.round_set.count() == 1
    assert list(event.round_set.get().games.values_list("white_id", "black_id")) == boards
    other = _arbiter("b")
    french = other.post(reverse("web:round-action", args=[event.pk, 1, "pair"]),
                        {"revision": shown}, follow=True, HTTP_ACCEPT_LANGUAGE="fr")
    assert "la ronde 1 était déjà appariée" in french.content.decode()
    ahead = other.post(reverse("web:round-action", args=[event.pk, 3, "pair"]),
                       {"revision": event.revision}, follow=True)
    assert "Round 3 is not the next round to pair." in ahead.content.decode()
    assert event.round_set.count() == 1


def test_settings_saved_from_a_stale_form_are_refused() -> None:
    """Two arbiters open the settings; the first saves a new place, the second (stale form)
    a new name: refused, the place stays, the form shows the current settings."""
    event = make_event(players=4)
    a, b = _arbiter("a"), _arbiter("b")
    url = reverse("web:event-edit", args=[event.pk])
    form_a = a.get(url).content.decode()
    assert f'name="version" value="{event.version}"' in form_a

    def fields(**changes: str) -> dict[str, str]:
        base = {"name": event.name, "place": "", "rounds": str(event.rounds),
                "system": event.system, "point_scheme": "fide", "initial_colour_choice": "w",
                "version": str(event.version), "public": "on"}
        return {**base, **changes}

    r = a.post(url, fields(place="Annecy"))
    assert r.status_code == 302, r.content.decode()[:2000]
    r = b.post(url, fields(name="Renamed"), follow=True)
    page = r.content.decode()
    assert "settings were changed since this form was shown" in page
    event.refresh_from_db()
    assert event.place == "Annecy" and event.name != "Renamed"
    assert 'value="Annecy"' in page


# --- item 3: undo names its change ---------------------------------------------------------------
def test_undo_undoes_the_change_the_button_named_not_a_later_one() -> None:
    """The button names board A's change; a player's confirmation of board B comes in between;
    undo restores board A and leaves board B (before: board B was cleared)."""
    event, rnd = event_in_play(players=8)
    a_game, b_game = first_board(rnd, 1), first_board(rnd, 2)
    arbiter = _arbiter()
    _post_result(arbiter, a_game, "1", a_game.version)
    page = arbiter.get(reverse("web:round", args=[event.pk, 1])).content.decode()
    named = event.audit.filter(action="result").first()
    assert f'name="entry" value="{named.pk}"' in page and "board 1" in page
    enter(Client(), code_of(b_game, h.WHITE), "=")
    enter(Client(), code_of(b_game, h.BLACK), "=")
    b_game.refresh_from_db()
    assert b_game.result == "="
    arbiter.post(reverse("web:round-action", args=[event.pk, 1, "undo"]), {"entry": named.pk})
    a_game.refresh_from_db()
    b_game.refresh_from_db()
    assert a_game.result == "" and b_game.result == "="


def test_undo_is_refused_when_its_change_is_no_longer_the_last_on_its_board() -> None:
    event, rnd = event_in_play(players=8)
    game = first_board(rnd)
    arbiter = _arbiter()
    _post_result(arbiter, game, "1", game.version)
    named = event.audit.filter(action="result").first()
    game.refresh_from_db()
    _post_result(_arbiter("b"), game, "=", game.version)  # another arbiter, same board
    r = arbiter.post(reverse("web:round-action", args=[event.pk, 1, "undo"]),
                     {"entry": named.pk}, follow=True)
    assert "no longer the last change of its board" in r.content.decode()
    game.refresh_from_db()
    assert game.result == "="
    # the second change is the last one on its board: it can be undone, once
    second = event.audit.filter(action="result").first()
    arbiter.post(reverse("web:round-action", args=[event.pk, 1, "undo"]), {"entry": second.pk})
    game.refresh_from_db()
    assert game.result == "1-0"
    r = arbiter.post(reverse("web:round-action", args=[event.pk, 1, "undo"]),
                     {"entry": second.pk}, follow=True)
    assert "already undone" in r.content.decode()


# --- item 5: keys, forfeits ----------------------------------------------------------------------
def test_forfeits_need_their_own_keys_and_a_confirmation() -> None:
    """``00`` and ``x`` are refused (not results); ``--`` asks for a confirmation and records
    nothing until confirmed; every key is listed in the help line under the grid."""
    event, rnd = event_in_play(players=6)
    game = first_board(rnd)
    arbiter = _arbiter()
    for typed in ("00", "x", "-"):
        status, row = _post_result(arbiter, game, typed, game.version)
        assert status == 400 and "Unknown result" in row, typed
    status, row = _post_result(arbiter, game, "--", game.version)
    game.refresh_from_db()
    assert status == 200 and game.result == ""
    assert "is a forfeit" in row and 'name="confirm" value="1"' in row
    assert "Record -/- on board 1" in row
    status, row = _post_result(arbiter, game, "--", game.version, confirm="1")
    game.refresh_from_db()
    assert status == 200 and game.result == "--"
    page = arbiter.get(reverse("web:round", args=[event.pk, 1])).content.decode()
    keys = page[page.index('id="result-keys"'):]
    keys = keys[:keys.index("</div>")]
    for typed in RESULT_SHORTHANDS:
        if typed:
            assert f"<kbd>{typed}</kbd>" in keys, typed


# --- item 4: a correction after later rounds were paired ----------------------------------------
def _correction_that_changes_round_2(event: m.Event) -> tuple[m.Game, str]:
    """A board of round 1 and a new result for it with which round 2 would have been paired
    otherwise (found by asking the checker, so that the test does not depend on one seed)."""
    t = convert.tournament_of(event)
    codes = {"1-0": ("1", "0"), "0-1": ("0", "1"), "=": ("=", "=")}
    for game in m.Game.objects.filter(round__number=1).exclude(black=None).select_related(
            "white", "black"):
        for key, (wc, bc) in codes.items():
            if key == game.result:
                continue
            changed = replace(t, players={pid: replace(p, results=list(p.results))
                                          for pid, p in t.players.items()})
            w, b = game.white.tpn, game.black.tpn
            changed.players[w].set_entry(1, RoundEntry(b, changed.players[w].entry(1).colour,
                                                       wc))
            changed.players[b].set_entry(1, RoundEntry(w, changed.players[b].entry(1).colour,
                                                       bc))
            if not check_round(changed, event.system, 2).agrees:
                return game, key
    raise AssertionError("no correction of round 1 changes round 2")


def test_late_correction_is_asked_recorded_and_explained_by_check(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Rounds 1 and 2 played, round 3 paired: correcting a round 1 result is first asked for
    (what it implies: C.04.2 4.3), then recorded; the exported TRF holds the correction line,
    and ``swisspairing check`` passes, reporting round 2 as "paired before the correction of
    round 1, board b" (without the line, the same file fails the check: the defect)."""
    event = make_event(players=10, rounds=4, seed=7)
    rng = random.Random(11)
    play_round(event, rng)
    play_round(event, rng)
    actions.publish_round(actions.pair_next_round(event, None), None)
    game, key = _correction_that_changes_round_2(event)
    arbiter = _arbiter()
    typed = {"1-0": "1", "0-1": "0", "=": "="}[key]
    status, row = _post_result(arbiter, game, typed, game.version)
    game.refresh_from_db()
    assert status == 200 and game.result != key
    assert "followed by paired rounds (2, 3)" in row and "C.04.2 4.3" in row
    assert not m.ResultCorrection.objects.exists()
    status, row = _post_result(arbiter, game, typed, game.version, confirm="1")
    game.refresh_from_db()
    assert status == 200 and game.result == key
    correction = m.ResultCorrection.objects.get()
    assert (correction.game_id, correction.after, correction.rounds_paired) == (game.pk, key, 3)
    text = arbiter.get(reverse("web:export", args=[event.pk, "trf"])).content.decode()
    line = next(x for x in text.splitlines() if x.startswith("### swisspairing correction"))
    assert line.split()[3:5] == ["1", str(game.board)]
    assert parse_trf(text).corrections  # read back
    path = tmp_path / "event.trf"
    path.write_text(text, encoding="utf-8")
    out = io.StringIO()
    with redirect_stdout(out):
        code = main(["check", str(path), "--system", event.system])
    assert code == 0, out.getvalue()
    assert f"round 2: paired before the correction of round 1, board {game.board}" in \
        out.getvalue()
    # the same file without the line: round 2 is a plain discrepancy
    bare = tmp_path / "bare.trf"
    bare.write_text("\n".join(x for x in text.splitlines() if x != line) + "\n",
                    encoding="utf-8")
    with redirect_stdout(io.StringIO()):
        assert main(["check", str(bare), "--system", event.system]) != 0
    # the check page says it too
    page = arbiter.get(reverse("web:check", args=[event.pk])).content.decode()
    assert f"paired before the correction of round 1, board {game.board}" in page
    # a TRF import keeps the correction: exported again, the same line
    imported = convert.store_tournament(parse_trf(text), event.system)
    assert imported.corrections.count() == 1
    again = arbiter.get(reverse("web:export", args=[imported.pk, "trf"])).content.decode()
    assert line in again.splitlines()


def test_a_result_followed_by_paired_rounds_cannot_be_removed() -> None:
    event = make_event(players=6, rounds=3)
    first = play_round(event, random.Random(2))
    actions.pair_next_round(event, None)
    game = first.games.exclude(black=None).first()
    status, row = _post_result(_arbiter(), game, "", game.version, confirm="1")
    game.refresh_from_db()
    assert status == 400 and game.result and "not removed" in row


# --- item 16: the pairing in the background -----------------------------------------------------
@pytest.mark.django_db(transaction=True)
def test_background_pairing_is_refused_when_the_event_changed_meanwhile(settings) -> None:  # type: ignore[no-untyped-def]
    """The pairing is computed from one revision of the event; a player changed while it was
    computed refuses it (the job says why, no round is stored); paired again, it is stored.
    While it is computed no write lock is held: the change goes in at once."""
    settings.SWISSPAIRING_PAIR_IN_CHILD = False
    event = m.Event.objects.get(pk=make_event(players=8).pk)
    release = threading.Event()
    started = threading.Event()
    real = pairing_jobs.compute_pairing

    def slow(*args: object) -> object:
        started.set()
        assert release.wait(60)
        return real(*args)  # type: ignore[arg-type]

    pairing_jobs.compute_pairing = slow  # type: ignore[assignment]
    try:
        job = pairing_jobs.start(event, None, event.revision)
        assert started.wait(60)
        page = _arbiter().get(reverse("web:round", args=[event.pk, 1])).content.decode()
        assert "is being paired" in page and "pairing/" in page and 'id="pair-round"' not in page
        # a write while the engine runs: no lock is held, it goes in at once
        row = event.entrants.get(tpn=2)
        actions.edit_entrant(row, {"club": "Échecs Club"}, None)
        release.set()
        pairing_jobs.wait_for_jobs(60)
        job.refresh_from_db()
        assert job.status == m.PairingJob.FAILED and "changed while round 1" in job.error
        assert not event.round_set.exists()
        status = _arbiter("b").get(reverse("web:pairing-status", args=[event.pk, 1]),
                                   HTTP_HX_REQUEST="true")
        assert status["HX-Refresh"] == "true"
        event.refresh_from_db()
        release.set()
        again = pairing_jobs.start(event, None, event.revision)
        pairing_jobs.wait_for_jobs(60)
        again.refresh_from_db()
        assert again.status == m.PairingJob.DONE and event.round_set.count() == 1
    finally:
        pairing_jobs.compute_pairing = real  # type: ignore[assignment]
        release.set()
        pairing_jobs.wait_for_jobs(60)


@pytest.mark.django_db(transaction=True)
def test_background_pairing_in_a_child_process_stores_the_engines_pairing(settings) -> None:  # type: ignore[no-untyped-def]
    """The web page's pairing (child process) is the pairing ``pair_next_round`` gives."""
    settings.SWISSPAIRING_PAIR_IN_CHILD = True
    event = m.Event.objects.get(pk=make_event(players=9).pk)
    r, _rev, (system, t) = actions.pairing_input(event)
    expected = actions.compute_pairing(system, t, r)[0]
    job = pairing_jobs.start(event, make_user("chief", m.ROLE_CHIEF), event.revision)
    pairing_jobs.wait_for_jobs(120)
    job.refresh_from_db()
    assert job.status == m.PairingJob.DONE, job.error
    stored = actions.round_pairing(event.round_set.get(number=1))
    assert sorted(stored.boards) == sorted(expected.boards) and stored.bye == expected.bye
    assert event.audit.filter(action="round-pair").exists()


def test_revision_moves_with_every_change_that_feeds_the_pairing() -> None:
    event = make_event(players=6)
    seen = m.Event.objects.get(pk=event.pk).revision
    actions.set_request(event, event.entrants.get(tpn=1), 1, "H", None)
    now = m.Event.objects.get(pk=event.pk).revision
    assert now > seen
    actions.audit(event, None, "export", "trf")
    assert m.Event.objects.get(pk=event.pk).revision == now


# --- French ---------------------------------------------------------------------------------------
def test_the_new_messages_are_in_french() -> None:
    """The key list, a forfeit's question, a stale board's refusal, the undo button and the
    late correction's question, in French."""
    event, rnd = event_in_play(players=6)
    game = first_board(rnd)
    fr = Client(HTTP_ACCEPT_LANGUAGE="fr-FR,fr;q=0.9")
    fr.force_login(make_user("fr", m.ROLE_ARBITER))
    page = fr.get(reverse("web:round", args=[event.pk, 1])).content.decode()
    assert "Touches" in page and "les Blancs gagnent par forfait" in page
    assert "demande une confirmation" in page and "double forfait" in page
    status, row = _post_result(fr, game, "+", game.version)
    assert "est un forfait" in row and "Enregistrer +/- à l'échiquier 1" in row
    shown = game.version
    _post_result(fr, game, "1", shown)
    status, row = _post_result(fr, game, "0", shown)
    assert status == 409 and "a changé depuis l&#x27;affichage de cette page" in row
    page = fr.get(reverse("web:round", args=[event.pk, 1])).content.decode()
    assert "Annuler ronde 1, échiquier 1 : 1-0" in page


def test_the_hall_pages_decision_from_a_stale_page_is_refused() -> None:
    """The arbiters' hall page carries each board's version too: its "enter" made after the
    players' confirmation (the page still showing the board open) is refused."""
    event, rnd = event_in_play(players=6)
    game = first_board(rnd)
    shown = game.version
    enter(Client(), code_of(game, h.WHITE), "1-0")  # pending: on the arbiters' hall page
    page = _arbiter().get(reverse("hall:overview", args=[event.pk])).content.decode()
    assert f'name="version" value="{shown}"' in page
    enter(Client(), code_of(game, h.BLACK), "1-0")
    r = _arbiter("b").post(reverse("hall:decide", args=[event.pk, game.pk]),
                           {"result": "0", "version": shown}, follow=True)
    assert "changed since this page was shown" in r.content.decode()
    game.refresh_from_db()
    assert game.result == "1-0"
