"""Round-robin events in the web app (issue 29 part 3; C.05 Annex 1 Berger tables): the rounds
follow the number of players, 3 to 24 players, the drawing of lots (by the program or entered
by hand), numbers fixed after round 1, the 192 record, the rest of the round, the default
tie-breaks, the crosstable first."""

from __future__ import annotations

import random

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from swisspairing.errors import BadRequest
from swisspairing.formats.trf import write_trf
from swisspairing.interfaces.web import actions, convert, round_robin
from swisspairing.interfaces.web import models as m
from swisspairing.interfaces.web.imports import Candidate
from swisspairing.systems.round_robin.berger import scheduled_games
from web_helpers import FRENCH, make_event

pytestmark = pytest.mark.django_db


def _rr_event(players: int, system: str = "round-robin") -> m.Event:
    event = m.Event(name="Closed", rounds=9, system=system, initial_colour="w")
    actions.create_event(event, None)
    for i in range(players):
        actions.add_entrant(event, Candidate(name=f"Player {i:02d}", rating=2000 + 10 * i), None)
    return event


def test_rounds_follow_the_players_and_pairing_needs_3_to_24(arbiter: Client) -> None:
    event = _rr_event(2)
    with pytest.raises(BadRequest, match="3 to 24 players"):
        actions.pair_next_round(event, None)
    # the page says it, in French too
    arbiter.post(reverse("web:round-action", args=[event.pk, 1, "pair"]), **FRENCH)
    page = arbiter.get(reverse("web:round", args=[event.pk, 1]), **FRENCH).content.decode()
    assert "de 3 à 24 joueurs" in page
    translation.activate("en")
    for i in range(3):
        actions.add_entrant(event, Candidate(name=f"Late {i}", rating=1500), None)
    # numbers not drawn yet: refused, with the reason
    with pytest.raises(BadRequest, match="draw the pairing numbers"):
        actions.pair_next_round(event, None)
    round_robin.draw_numbers(event, None)
    rnd = actions.pair_next_round(event, None)
    event.refresh_from_db()
    assert event.rounds == 5  # 5 players: the table of 6, 5 rounds
    assert rnd.games.count() == 2  # one player rests
    assert not rnd.games.filter(black=None).exists()  # no pairing-allocated bye
    big = _rr_event(25)
    with pytest.raises(BadRequest, match="this event has 25"):
        round_robin.draw_numbers(big, None)
    double = _rr_event(10, "double-round-robin")
    round_robin.draw_numbers(double, None)
    double.refresh_from_db()
    assert double.rounds == 18
    page = arbiter.get(reverse("web:event", args=[double.pk])).content.decode()
    assert "by drawing of lots" in page and "/ 18" in page


def test_the_rounds_cannot_be_set_against_the_table_after_round_1() -> None:
    event = _rr_event(4)
    round_robin.draw_numbers(event, None)
    actions.pair_next_round(event, None)
    event.refresh_from_db()
    event.rounds = 5
    with pytest.raises(BadRequest, match="has 3 rounds"):
        actions.update_event(event, None)


def test_drawing_of_lots_gives_each_number_once_and_is_audited() -> None:
    event = _rr_event(10)
    before = list(event.entrants.order_by("tpn").values_list("name", flat=True))
    seen = set()
    for _ in range(5):
        round_robin.draw_numbers(event, None)
        numbers = sorted(event.entrants.values_list("tpn", flat=True))
        assert numbers == list(range(1, 11))
        seen.add(tuple(event.entrants.order_by("tpn").values_list("name", flat=True)))
    assert len(seen) > 1 or seen != {tuple(before)}
    assert event.audit.filter(action="rr-draw-lots").count() == 5
    # an edit of a rating keeps the numbers drawn; adding a player asks for a new drawing
    order = list(event.entrants.order_by("tpn").values_list("pk", flat=True))
    last = event.entrants.get(pk=order[-1])
    actions.edit_entrant(last, {"rating": 2900}, None)
    assert list(event.entrants.order_by("tpn").values_list("pk", flat=True)) == order
    actions.add_entrant(event, Candidate(name="Late", rating=1000), None)
    event.refresh_from_db()
    assert event.numbers_drawn == ""


def test_numbers_by_hand_are_checked_and_fixed_after_round_1(arbiter: Client) -> None:
    event = _rr_event(4)
    url = reverse("web:rr-numbers", args=[event.pk])
    rows = list(event.entrants.order_by("tpn"))
    page = arbiter.get(url).content.decode()
    assert "Draw the pairing numbers by lot" in page and f"number_{rows[0].pk}" in page
    # a number twice: refused, nothing changed
    bad = {f"number_{e.pk}": n for e, n in zip(rows, [1, 2, 2, 4], strict=True)}
    page = arbiter.post(url, {"what": "hand", **bad}, follow=True).content.decode()
    assert "number 2 is given twice" in page
    assert list(event.entrants.order_by("tpn").values_list("pk", flat=True)) == \
        [e.pk for e in rows]
    page = arbiter.post(url, {"what": "hand", **bad}, follow=True, **FRENCH).content.decode()
    assert "le numéro 2 est donné deux fois" in page
    translation.activate("en")
    out_of_range = {f"number_{e.pk}": n for e, n in zip(rows, [1, 2, 3, 5], strict=True)}
    page = arbiter.post(url, {"what": "hand", **out_of_range}, follow=True).content.decode()
    assert "the number must be from 1 to 4" in page
    good = {f"number_{e.pk}": n for e, n in zip(rows, [3, 1, 4, 2], strict=True)}
    arbiter.post(url, {"what": "hand", **good})
    got = {e.pk: e.tpn for e in event.entrants.all()}
    assert got == {rows[0].pk: 3, rows[1].pk: 1, rows[2].pk: 4, rows[3].pk: 2}
    event.refresh_from_db()
    assert event.numbers_drawn == "hand" and event.rounds == 3
    assert event.audit.filter(action="rr-numbers-hand").exists()
    arbiter.post(reverse("web:round-action", args=[event.pk, 1, "pair"]))
    rnd = event.round_set.get(number=1)
    boards = {(g.white.tpn, g.black.tpn) for g in rnd.games.all()}
    assert boards == {(g.white, g.black) for g in scheduled_games(4, 1, 1)}
    page = arbiter.post(url, {"what": "draw"}, follow=True).content.decode()
    assert "the pairing numbers are fixed" in page
    assert {e.pk: e.tpn for e in event.entrants.all()} == got


def test_trf_export_writes_the_round_robin_192_code(arbiter: Client) -> None:
    for system, code in (("round-robin", "192 FIDE_ROUNDROBIN"),
                         ("double-round-robin", "192 FIDE_DOUBLEROUNDROBIN")):
        event = _rr_event(5, system)
        round_robin.draw_numbers(event, None)
        rng = random.Random(3)
        rnd = actions.pair_next_round(event, None)
        actions.publish_round(rnd, None)
        for g in rnd.games.all():
            actions.set_result(g, rng.choice(["1-0", "0-1", "="]), None)
        text = arbiter.get(reverse("web:export", args=[event.pk, "trf"])).content.decode()
        assert code in text.splitlines()
        assert "092 Individual: Round-Robin" in text
        t26 = arbiter.get(reverse("web:export", args=[event.pk, "trf26"])).content.decode()
        assert code in t26.splitlines()
        # the player resting in round 1 has 0000 - Z
        assert "0000 - Z" in write_trf(convert.tournament_of(event))


def test_swiss_events_are_unchanged() -> None:
    event = make_event(players=6, rounds=3)
    assert not round_robin.is_round_robin(event)
    actions.pair_next_round(event, None)


def test_the_rest_of_the_round_is_shown_as_rest_everywhere(arbiter: Client) -> None:
    event = _rr_event(5)
    round_robin.draw_numbers(event, None)
    rnd = actions.pair_next_round(event, None)
    actions.publish_round(rnd, None)
    resting = round_robin.resting(event, rnd)
    assert len(resting) == 1
    # C.05 Annex 1: the highest number of the table of 6 (6) is the rest: its opponent in
    # round 1 rests
    table = {g.white: g.black for g in scheduled_games(5, 1, 1)}
    table.update({b: w for w, b in list(table.items())})
    assert resting[0].tpn == table[6]
    name = resting[0].name
    page = arbiter.get(reverse("web:round", args=[event.pk, 1])).content.decode()
    assert f"Rest: {resting[0].tpn} {name}" in page
    assert "pairing-allocated bye" not in page
    page = arbiter.get(reverse("web:round", args=[event.pk, 1]), **FRENCH).content.decode()
    assert f"Exempt : {resting[0].tpn} {name}" in page
    public = arbiter.get(reverse("web:public-round", args=[event.public_token, 1]),
                         **FRENCH).content.decode()
    assert "exempt" in public and "non apparié" not in public
    translation.activate("en")
    public = arbiter.get(reverse("web:public-round",
                                 args=[event.public_token, 1])).content.decode()
    assert "<td>rest</td>" in public and "pairing-allocated bye" not in public


def test_a_new_round_robin_event_gets_the_round_robin_tiebreaks(arbiter: Client) -> None:
    event = _rr_event(4)
    assert event.tiebreaks == "SB/P,DE/P,WIN,KS/P"
    swiss = m.Event(name="Open", rounds=5, system="dutch-2025", initial_colour="w")
    actions.create_event(swiss, None)
    assert swiss.tiebreaks == ""
    # through the form too
    arbiter.post(reverse("web:event-new"), {
        "name": "Club championship", "rounds": 9, "system": "double-round-robin",
        "point_scheme": "fide", "tiebreaks": "", "initial_colour_choice": "w"})
    made = m.Event.objects.get(name="Club championship")
    assert "BH" not in made.tiebreaks and made.tiebreaks.startswith("SB")


def test_the_crosstable_is_the_main_view_in_pairing_number_order(arbiter: Client) -> None:
    event = _rr_event(5, "double-round-robin")
    round_robin.draw_numbers(event, None)
    rng = random.Random(7)
    entered: dict[tuple[int, int], list[str]] = {}
    marks = {"1-0": ("1", "0"), "0-1": ("0", "1"), "=": ("½", "½")}
    for _ in range(4):
        rnd = actions.pair_next_round(event, None)
        actions.publish_round(rnd, None)
        for g in rnd.games.select_related("white", "black"):
            result = rng.choice(list(marks))
            actions.set_result(g, result, None)
            w, b = g.white.tpn, g.black.tpn
            entered.setdefault((w, b), []).append(marks[result][0])
            entered.setdefault((b, w), []).append(marks[result][1])
    page = arbiter.get(reverse("web:standings", args=[event.pk])).content.decode()
    assert "round-robin crosstable after round 4" in page
    assert page.index(">Crosstable<") < page.index(">Standings<", page.index("subtabs"))
    st = convert.standings_of(event)
    from swisspairing.standings.round_robin_table import round_robin_crosstable

    table = round_robin_crosstable(st, "en")
    assert [row[0] for row in table.rows] == ["1", "2", "3", "4", "5"]
    names = dict(event.entrants.values_list("tpn", "name"))
    for row in table.rows:
        pid = int(row[0])
        assert row[1] == names[pid]
        for opp in range(1, 6):
            cell = row[2 + opp]
            assert cell == ("×" if opp == pid else " ".join(entered.get((pid, opp), [])))
    fr = round_robin_crosstable(st, "fr")
    assert fr.title.endswith("grille du tournoi toutes rondes après la ronde 4")
    # the Swiss standings tab is still there
    page = arbiter.get(reverse("web:standings-view",
                               args=[event.pk, "standings"])).content.decode()
    assert "standings after round 4" in page
    public = arbiter.get(reverse("web:public-standings",
                                 args=[event.public_token])).content.decode()
    assert public.index("round-robin crosstable") < public.index("standings after round 4")
    pdf = arbiter.get(reverse("web:pdf", args=[event.pk]) + "?view=crosstable")
    assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")


def test_the_settings_show_the_rounds_of_the_table(arbiter: Client) -> None:
    event = _rr_event(10, "double-round-robin")
    page = arbiter.get(reverse("web:event-edit", args=[event.pk])).content.decode()
    assert "round-robin of 10 players: 18 rounds" in page
    round_robin.draw_numbers(event, None)
    page = arbiter.get(reverse("web:event-edit", args=[event.pk]), **FRENCH).content.decode()
    assert "toutes rondes de 10 joueurs : 18 rondes" in page and 'value="18"' in page


def _rounds_help(page: str) -> str:
    """The span of the rounds' round-robin help, from its tag to its end."""
    start = page.index("<span data-shown-for-systems=")
    return page[start:page.index("</span>", start)]


def test_the_round_robin_rounds_help_shows_on_round_robin_events_only(arbiter: Client) -> None:
    """Closing note: "for a round-robin, set from the number of players..." showed under the
    rounds of every Swiss event. It is there, hidden, for the script to show when the system
    chosen becomes a round-robin (static/web/settings.js); shown at once for a round-robin."""
    swiss = make_event(players=4)
    help_ = _rounds_help(arbiter.get(reverse("web:event-edit", args=[swiss.pk])).content.decode())
    assert "for a round-robin, set from the number of players" in help_
    assert " hidden>" in help_ and "round-robin double-round-robin" in help_
    new = _rounds_help(arbiter.get(reverse("web:event-new")).content.decode())
    assert " hidden>" in new
    closed = _rr_event(10, "double-round-robin")
    help_ = _rounds_help(arbiter.get(reverse("web:event-edit", args=[closed.pk]),
                                     **FRENCH).content.decode())
    assert "toutes rondes de 10 joueurs" in help_ and "hidden" not in help_
    # a form sent back with an error keeps the system chosen, and the help with it
    refused = arbiter.post(reverse("web:event-new"), {"name": "", "rounds": 9,
                                                      "system": "round-robin"})
    assert refused.status_code == 200
    assert "hidden" not in _rounds_help(refused.content.decode())
