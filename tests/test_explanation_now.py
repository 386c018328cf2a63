"""Issue 25 item 8: the pairing explanation describes the pairing as it now is after manual
changes (and the engine's again after undo / back to the engine's pairing)."""

from __future__ import annotations

import random

import pytest
from django.test import Client
from django.urls import reverse

from swisspairing.interfaces.web import actions
from swisspairing.interfaces.web import models as m
from swisspairing.interfaces.web.explanation_now import (
    Difference,
    apply_change,
    difference,
    engine_boards,
    what_no_longer_holds,
)
from web_helpers import make_event, play_round

ENGINE = {1: (1, 4), 2: (3, 11), 3: (5, 2), 4: (10, None)}


def test_each_change_is_its_own_inverse() -> None:
    """A swap of board 2 and an exchange of 3 and 5 applied to the engine's boards, then
    undone in reverse order by :func:`engine_boards`, give back the engine's boards."""
    swap = {"kind": "swap", "board": 2}
    exchange = {"kind": "exchange", "a": 3, "b": 5}
    now = apply_change(apply_change(ENGINE, swap), exchange)
    assert now == {1: (1, 4), 2: (11, 5), 3: (3, 2), 4: (10, None)}
    assert engine_boards(now, [swap, exchange]) == ENGINE
    assert engine_boards(now, ["board 2: colours swapped"]) is None  # earlier versions' text


def test_difference_names_broken_pairs_swapped_colours_and_the_bye() -> None:
    bye = {"kind": "bye", "a": 2, "b": 10}
    now = apply_change(apply_change(ENGINE, {"kind": "swap", "board": 1}), bye)
    diff = difference(ENGINE, now)
    assert diff.broken == {(5, 2)}  # 5 now meets 10, 2 has the bye
    assert diff.recoloured == {(1, 4)}
    assert (diff.engine_bye, diff.bye_now) == (10, 2)
    assert difference(ENGINE, ENGINE).none


@pytest.mark.parametrize(("note", "untrue"), [
    ("pairs: 1-4, 5-2", ["5 and 2 no longer play each other"]),
    ("board 1 - 4: White 1, Black 4", ["1 now has Black against 4"]),
    ("1 (White) - 4 (Black): the higher-ranked player's preference", ["1 now has Black against 4"]),
    ("1 - 4: equalise Whites and Blacks", ["1 now has Black against 4"]),  # Dubov's board
    ("pairs: 1-4, 3-11", []),  # 1-4 still play each other; the note says nothing of colours
    ("10 (0) receives the pairing-allocated bye: left over", [
        "10 no longer has the pairing-allocated bye"]),
    ("Bye: player 10 (score 0, rating 1400)", ["10 no longer has the pairing-allocated bye"]),
    ("the pairing-allocated bye goes to a player with 10 points", []),
    ("Heterogeneous bracket 1 (the resident players of scoregroup 1 and the MDPs): 5*, 10 "
     "(* = MDP, moved-down player)", []),  # how the engine worked: holds
    ("upfloaters 12 (fewest needed: 1; C6-C10 0)", []),  # not a pair
    ("1 (A) would have met 9 (B), but they are a forbidden pair: 5 meets 2 (C) instead; 9 "
     "meets 3 (D)", ["5 and 2 no longer play each other"]),  # constraint_notes.py
])
def test_what_a_note_no_longer_says_truly(note: str, untrue: list[str]) -> None:
    diff = Difference(frozenset({(5, 2)}), frozenset({(1, 4)}), 10, 2)
    assert what_no_longer_holds(note, diff) == untrue


def _explanation(client: Client, event: m.Event, number: int, lang: str = "en") -> str:
    page = client.get(reverse("web:round", args=[event.pk, number]),
                      HTTP_ACCEPT_LANGUAGE=lang).content.decode()
    return page.split('class="notes"')[1].split("</ol>")[0]


@pytest.mark.django_db
def test_the_round_page_explains_the_pairing_as_it_now_is(arbiter: Client) -> None:
    """Round 2 of an 8-player event: two players of boards 1 and 2 exchanged by the arbiter.
    The explanation names the change (players, boards, who), marks the engine's notes on the
    pairs that no longer play each other, in English and French; after "back to the engine's
    pairing" it is the engine's explanation again, with no mark."""
    event = make_event(players=8, rounds=3)
    play_round(event, random.Random(3))
    arbiter.post(reverse("web:round-action", args=[event.pk, 2, "pair"]))
    rnd = event.round_set.get(number=2)
    before = _explanation(arbiter, event, 2)
    assert "changed by hand" not in before.lower()
    games = list(rnd.games.exclude(black=None).order_by("board"))
    a, b = games[0].white.tpn, games[1].white.tpn
    r = arbiter.post(reverse("web:round-action", args=[event.pk, 2, "manual"]),
                     {"kind": "exchange", "a": a, "b": b, "version": rnd.version})
    assert r.status_code == 302
    now = _explanation(arbiter, event, 2)
    name_a = event.entrants.get(tpn=a).name
    name_b = event.entrants.get(tpn=b).name
    assert f"{a} {name_a} and {b} {name_b} exchanged by hand (by arb)" in now
    assert f"board 1: White {b} {name_b}; Black " in now and "board 2: White " in now
    assert "no longer play each other" in now and 'class="changed-by-hand"' in now
    french = _explanation(arbiter, event, 2, "fr")
    assert "échangés à la main (par arb)" in french and "ne jouent plus l&#x27;un contre" in french
    arbiter.post(reverse("web:round-action", args=[event.pk, 2, "manual-reset"]),
                 {"version": event.round_set.get(number=2).version})
    assert _explanation(arbiter, event, 2) == before


@pytest.mark.django_db
def test_a_swap_then_a_swap_back_says_the_pairing_is_the_engines_again(arbiter: Client
                                                                       ) -> None:
    event = make_event(players=6, rounds=3)
    rnd = actions.pair_next_round(event, None)
    actions.manual_change(rnd, "swap", 1, None, None)
    first = _explanation(arbiter, event, 1)
    assert "Colours of board 1 swapped by hand" in first
    assert "now has Black against" in first  # the engine's colour note on board 1
    actions.manual_change(rnd, "swap", 1, None, None)
    again = _explanation(arbiter, event, 1)
    assert "The pairing is the engine&#x27;s again" in again
    assert "changed-by-hand" not in again


@pytest.mark.django_db
def test_a_change_that_pairs_two_players_again_cites_the_article_under_it(arbiter: Client
                                                                           ) -> None:
    """Round 2: x and y met in round 1; y is exchanged with x's round-2 opponent, so x meets
    y again. The explanation lists, under that change, the broken rule with its C.04.1
    article (Art. 2: two participants meet once)."""
    event = make_event(players=8, rounds=3)
    first = play_round(event, random.Random(5))
    rnd = actions.pair_next_round(event, None)
    met = first.games.exclude(black=None).first()
    x, y = met.white.tpn, met.black.tpn
    game_x = next(g for g in rnd.games.exclude(black=None) if x in (g.white.tpn, g.black.tpn))
    opponent = game_x.black.tpn if game_x.white.tpn == x else game_x.white.tpn
    actions.manual_change(rnd, "exchange", y, opponent, None)
    notes = _explanation(arbiter, event, 2)
    change = notes.index("exchanged by hand")
    broken = notes.index("breaks:")
    assert change < broken < notes.index("bracket 1")
    assert "[C.04.1 Art. 2]" in notes[broken:broken + 400]
    assert "No absolute rule is broken" not in notes
