"""Results entered by players in the playing hall (issue 16): codes, pending / confirmed /
conflict, the arbiter's validation, the audit log, and every refusal the issue lists (a code
opens its own board of the current round and nothing else; entries are rate limited).

Expected outcomes come from the issue's text: an entry is pending until the opponent confirms
it or an arbiter validates it; two different entries are a conflict; an arbiter's entry always
wins.
"""

from __future__ import annotations

import random

import pytest
from django.test import Client, override_settings

from hall_helpers import code_of, enter, event_in_play, first_board
from swisspairing.interfaces.web import actions
from swisspairing.interfaces.web import models as m
from swisspairing.interfaces.web.hall import models as h
from swisspairing.interfaces.web.hall import services
from web_helpers import make_event, make_user

pytestmark = pytest.mark.django_db


def test_publication_gives_each_player_of_each_board_a_distinct_code() -> None:
    """One code per player per board (none for the bye), drawn from the unambiguous
    alphabet; a draft round has none."""
    event = make_event(players=11)
    rnd = actions.pair_next_round(event, None)
    assert not h.BoardCode.objects.exists()
    actions.publish_round(rnd, None)
    codes = list(h.BoardCode.objects.filter(game__round=rnd))
    boards = rnd.games.exclude(black=None).count()
    assert boards == 5 and len(codes) == 2 * boards
    assert len({c.code for c in codes}) == len(codes)
    assert all(set(c.code) <= set(services.CODE_ALPHABET) and len(c.code) == 6
               for c in codes)
    bye = rnd.games.get(black=None)
    assert not h.BoardCode.objects.filter(game=bye).exists()


def test_entry_is_pending_until_the_opponent_confirms_it() -> None:
    event, rnd = event_in_play()
    game = first_board(rnd)
    client = Client(HTTP_USER_AGENT="hall-tablet-1")
    page = enter(client, code_of(game, h.WHITE), "1-0")
    assert page.status_code == 200 and b'data-status="pending"' in page.content
    game.refresh_from_db()
    assert game.result == ""
    page = enter(Client(), code_of(game, h.BLACK), "1-0")
    assert b'data-status="confirmed"' in page.content
    game.refresh_from_db()
    assert game.result == "1-0"
    assert set(game.hall_claims.values_list("status", flat=True)) == {"confirmed"}
    audit = list(event.audit.filter(action="hall-result").order_by("id"))
    assert len(audit) == 2
    first = audit[0].after
    assert first["code"] == code_of(game, h.WHITE) and first["side"] == "w"
    assert "hall-tablet-1" in first["device"] and first["status"] == "pending"
    assert audit[0].at is not None
    # the result itself is written by the web app's action, with its own audit entry
    assert event.audit.filter(action="result", target=f"round 1 board {game.board}").exists()


def test_a_player_may_change_their_pending_entry() -> None:
    _event, rnd = event_in_play()
    game = first_board(rnd)
    enter(Client(), code_of(game, h.WHITE), "1-0")
    enter(Client(), code_of(game, h.WHITE), "=")
    statuses = list(game.hall_claims.order_by("id").values_list("result", "status"))
    assert statuses == [("1-0", "superseded"), ("=", "pending")]
    enter(Client(), code_of(game, h.BLACK), "=")
    game.refresh_from_db()
    assert game.result == "="


def test_two_different_entries_are_a_conflict_the_arbiter_resolves() -> None:
    event, rnd = event_in_play()
    game = first_board(rnd, 2)
    enter(Client(), code_of(game, h.WHITE), "1-0")
    page = enter(Client(), code_of(game, h.BLACK), "0-1")
    assert b'data-status="conflict"' in page.content
    game.refresh_from_db()
    assert game.result == ""
    arbiter = Client()
    arbiter.force_login(make_user("arb", m.ROLE_ARBITER))
    overview = arbiter.get(f"/t/{event.pk}/hall/")
    assert overview.status_code == 200
    assert f'class="claim-board conflict" data-board="{game.board}"'.encode() in overview.content
    answer = arbiter.post(f"/t/{event.pk}/hall/decide/{game.pk}/", {"result": "0-1"})
    assert answer.status_code == 302
    game.refresh_from_db()
    assert game.result == "0-1"
    assert dict(game.hall_claims.values_list("side", "status")) == {
        "w": "rejected", "b": "validated"}
    assert event.audit.filter(action="hall-decide").count() == 2


def test_the_arbiters_entry_always_wins() -> None:
    """Once an arbiter entered the board's result, players cannot enter one any more."""
    _event, rnd = event_in_play()
    game = first_board(rnd)
    enter(Client(), code_of(game, h.WHITE), "1-0")
    actions.set_result(game, "=", None)
    page = enter(Client(), code_of(game, h.BLACK), "1-0")
    assert page.status_code == 409
    game.refresh_from_db()
    assert game.result == "="


def test_a_viewer_account_cannot_decide() -> None:
    event, rnd = event_in_play()
    game = first_board(rnd)
    viewer = Client()
    viewer.force_login(make_user("view", m.ROLE_VIEWER))
    assert viewer.post(f"/t/{event.pk}/hall/decide/{game.pk}/",
                       {"result": "1-0"}).status_code == 403
    game.refresh_from_db()
    assert game.result == ""


# --- refusals (issue 16, "Reliability and security") ---------------------------------------------
def test_unknown_code_is_refused() -> None:
    event_in_play()
    page = enter(Client(), "ACDEFG", "1-0")
    assert page.status_code == 404
    assert not h.ResultClaim.objects.exists()


def test_a_code_opens_only_its_own_board() -> None:
    """Whatever else the request names (another board, game, side), the entry goes to the
    code's board and side."""
    _event, rnd = event_in_play()
    mine, other = first_board(rnd, 1), first_board(rnd, 2)
    enter(Client(), code_of(mine, h.WHITE), "1-0", game=str(other.pk), board="2", side="b")
    assert not other.hall_claims.exists()
    claim = mine.hall_claims.get()
    assert claim.side == "w"


def test_a_code_of_a_past_round_is_refused() -> None:
    event, rnd = event_in_play()
    game = first_board(rnd)
    old_code = code_of(game, h.WHITE)
    rng = random.Random(2)
    for g in rnd.games.exclude(black=None):
        actions.set_result(g, rng.choice(["1-0", "0-1", "="]), None)
    rnd2 = actions.pair_next_round(event, None)
    actions.publish_round(rnd2, None)
    game.refresh_from_db()
    before = game.result
    page = enter(Client(), old_code, "0-1")
    assert page.status_code == 403
    game.refresh_from_db()
    assert game.result == before
    assert not h.ResultClaim.objects.exists()


def test_a_code_of_a_round_paired_but_not_published_is_refused() -> None:
    """Round 2 paired (draft): round 1 is no longer the current round, round 2 not yet."""
    event, rnd = event_in_play()
    code = code_of(first_board(rnd), h.WHITE)
    for g in rnd.games.exclude(black=None):
        actions.set_result(g, "=", None)
    actions.pair_next_round(event, None)
    assert enter(Client(), code, "1-0").status_code == 403


def test_a_code_gives_no_access_to_the_arbiters_pages() -> None:
    event, rnd = event_in_play()
    game = first_board(rnd)
    client = Client()
    enter(client, code_of(game, h.WHITE), "1-0")
    for url in (f"/t/{event.pk}/hall/", f"/t/{event.pk}/rounds/1/", f"/t/{event.pk}/",
                f"/t/{event.pk}/hall/rounds/1/cards/", f"/t/{event.pk}/audit/"):
        answer = client.get(url)
        assert answer.status_code == 302 and "/login/" in answer["Location"], url
    answer = client.post(f"/t/{event.pk}/rounds/1/games/{game.pk}/result/", {"result": "1"})
    assert answer.status_code in (302, 403)
    answer = client.post(f"/t/{event.pk}/hall/decide/{game.pk}/", {"result": "1"})
    assert answer.status_code in (302, 403)
    game.refresh_from_db()
    assert game.result == ""


def test_players_may_not_enter_forfeits_or_unknown_results() -> None:
    _event, rnd = event_in_play()
    game = first_board(rnd)
    for result in ("+-", "--", "2-0", "1-0 "):
        assert enter(Client(), code_of(game, h.WHITE), result).status_code == 400
    assert not h.ResultClaim.objects.exists()


@override_settings(HALL_MAX_FAILURES=5)
def test_wrong_codes_are_rate_limited_per_address() -> None:
    """After HALL_MAX_FAILURES wrong codes from one address, even a right code waits."""
    _event, rnd = event_in_play()
    client = Client(REMOTE_ADDR="10.0.0.7")
    for _ in range(5):
        assert enter(client, "QQQQQQ", "1-0").status_code == 404
    good = code_of(first_board(rnd), h.WHITE)
    assert enter(client, good, "1-0").status_code == 429
    assert not h.ResultClaim.objects.exists()
    # another device is not blocked
    assert enter(Client(REMOTE_ADDR="10.0.0.8"), good, "1-0").status_code == 200


@override_settings(HALL_MAX_ENTRIES=3)
def test_entries_with_one_code_are_rate_limited() -> None:
    _event, rnd = event_in_play()
    code = code_of(first_board(rnd), h.WHITE)
    for result in ("1-0", "=", "0-1"):
        assert enter(Client(), code, result).status_code == 200
    assert enter(Client(), code, "1-0").status_code == 429
    assert h.ResultClaim.objects.count() == 3


def test_a_code_stops_working_when_its_player_leaves_the_board() -> None:
    """Unpublish, exchange two players, publish again: the old codes of the boards that
    changed are refused, the new players get new codes."""
    _event, rnd = event_in_play()
    game = first_board(rnd)
    old = code_of(game, h.WHITE)
    rnd.status = m.Round.DRAFT
    rnd.save(update_fields=["status"])
    other = first_board(rnd, 2)
    actions.manual_change(rnd, "exchange", game.white.tpn, other.white.tpn, None)
    actions.publish_round(rnd, None)
    assert enter(Client(), old, "1-0").status_code == 404
    game.refresh_from_db()
    assert enter(Client(), code_of(game, h.WHITE), "1-0").status_code == 200


def test_an_entry_made_while_the_pairing_changes_is_refused_not_misattributed() -> None:
    """The code was checked, then the board's players changed (or the board went away)
    before the entry took the board's lock: the entry is refused and nothing is written."""
    _event, rnd = event_in_play()
    game = first_board(rnd)
    seat = services.seat_of(code_of(game, h.WHITE), "10.0.0.1")
    m.Game.objects.filter(pk=game.pk).update(white=game.black, black=game.white)
    with pytest.raises(services.Refused, match="pairing of this board changed"):
        services.submit_claim(seat, "1-0", "tablet", "10.0.0.1")
    other = first_board(rnd, 2)
    seat = services.seat_of(code_of(other, h.BLACK), "10.0.0.1")
    m.Game.objects.filter(pk=other.pk).delete()
    with pytest.raises(services.Refused, match="pairing of this board changed"):
        services.submit_claim(seat, "0-1", "tablet", "10.0.0.1")
    assert not h.ResultClaim.objects.exists()
    assert not m.AuditEntry.objects.filter(action="hall-result").exists()
