"""The web app's database <-> model mapping, numbering and actions (no browser).

Expected values come from the rules: C.04.2 B.2 initial order (rating, then title, then name),
C.04.2 C late entries, the checker's absolute rules (C.04.1) for manual changes; pairings are
compared with what ``swisspairing pair`` / ``check`` (the same systems) give on the exported
file, never with hard-coded boards.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from swisspairing.checker.check import check_tournament
from swisspairing.errors import BadRequest, InputError
from swisspairing.formats.trf import parse_trf, write_trf
from swisspairing.interfaces.web import actions, convert
from swisspairing.interfaces.web import models as m
from swisspairing.interfaces.web.imports import Candidate, read_players
from swisspairing.standings import ranking
from swisspairing.systems import get_system
from web_helpers import make_event, play_round

pytestmark = pytest.mark.django_db


def _without_declared(t):  # type: ignore[no-untyped-def]
    for pid, p in t.players.items():
        t.players[pid] = replace(p, declared_points=None, declared_rank=None)
    return t


def test_numbers_follow_the_initial_order_before_round_one() -> None:
    """C.04.2 B.2: higher rating first; equal rating: title (GM before IM), then name."""
    event = m.Event.objects.create(name="E", rounds=5, initial_colour="w")
    for c in (Candidate("Zed", 2000), Candidate("Amy", 2000), Candidate("Bob", 2100),
              Candidate("Carl", 2000, title="IM")):
        actions.add_entrant(event, c, None)
    assert [e.name for e in event.entrants.order_by("tpn")] == ["Bob", "Carl", "Amy", "Zed"]


def test_late_entry_takes_its_place_and_players_below_move_down() -> None:
    """C.04.2 C: after round 1 a late entrant (rated 2150) goes before the first player it
    outranks; players above keep their numbers, those below move down by one, and the
    opponents in round 1 follow their players."""
    event = m.Event.objects.create(name="E", rounds=5, initial_colour="w")
    for i, rating in enumerate((2300, 2200, 2100, 2000)):
        actions.add_entrant(event, Candidate(f"P{i}", rating), None)
    play_round(event, random.Random(1))
    before = {e.name: e.tpn for e in event.entrants.all()}
    actions.add_entrant(event, Candidate("Late", 2150), None)
    after = {e.name: e.tpn for e in event.entrants.all()}
    assert after["Late"] == 3
    assert after["P0"] == before["P0"] == 1 and after["P1"] == 2
    assert after["P2"] == 4 and after["P3"] == 5
    t = convert.tournament_of(event)
    # round 1 cells still name the same people
    p2 = t.players[4].entry(1)
    assert p2 is not None and t.players[p2.opponent].name in {"P0", "P1", "P3"}


def test_pairing_is_the_engines_and_export_reads_back_equal() -> None:
    """Five rounds with a requested bye: each stored round is what the system pairs from the
    rounds before it (check_tournament finds no discrepancy) and the TRF export reads back
    into an equal model."""
    event = make_event(players=11, rounds=5, seed=4)
    rng = random.Random(7)
    actions.set_request(event, event.entrants.get(tpn=3), 2, "H", None)
    for _ in range(5):
        play_round(event, rng)
    t = convert.tournament_of(event)
    assert t.rounds_paired == 5
    assert t.players[3].entry(2).code == "H"
    report = check_tournament(t, "dutch-2025")
    assert report.ok, report.render(t, "en")
    back = _without_declared(parse_trf(write_trf(t, points="computed")))
    assert back == t
    # and a TRF import of it stores the same tournament
    again = convert.store_tournament(back, "dutch-2025")
    assert _without_declared(convert.tournament_of(again)) == back


def test_round_one_pairing_matches_the_system_called_directly() -> None:
    event = make_event(players=9, rounds=3, seed=2)
    rnd = actions.pair_next_round(event, None)
    expected = get_system("dutch-2025").pair(convert.tournament_of(event, 1), 1)
    stored = actions.round_pairing(rnd)
    assert sorted(stored.boards) == sorted(expected.boards)
    assert stored.bye == expected.bye is not None
    assert rnd.explanation, "the engine's explanation is stored"


def test_results_needed_before_next_round_and_unpair() -> None:
    event = make_event(players=6, rounds=3)
    rnd = actions.pair_next_round(event, None)
    with pytest.raises(BadRequest):
        actions.pair_next_round(event, None)  # round 1 not published
    actions.unpair_round(rnd, None)
    assert not event.round_set.exists()
    rnd = actions.pair_next_round(event, None)
    actions.publish_round(rnd, None)
    with pytest.raises(BadRequest):
        actions.pair_next_round(event, None)  # results missing


def test_manual_change_is_checked_against_the_absolute_rules() -> None:
    """C.04.1 b: two players may not meet twice. Exchanging round 2's opponents so that two
    players of a round 1 board meet again is reported as a broken absolute rule."""
    event = make_event(players=8, rounds=3, seed=5)
    rng = random.Random(3)
    r1 = play_round(event, rng)
    first = r1.games.exclude(black=None).first()
    a, b = first.white.tpn, first.black.tpn
    r2 = actions.pair_next_round(event, None)
    game_a = next(g for g in r2.games.all() if a in (g.white.tpn, g.black.tpn))
    partner = game_a.black.tpn if game_a.white.tpn == a else game_a.white.tpn
    assert partner != b
    found = actions.manual_change(r2, "exchange", partner, b, None)
    assert any(a in v.players and b in v.players for v in found), found
    assert r2.manual_changes
    # swapping colours back and forth of a board is allowed to be made and reported
    actions.manual_change(r2, "swap", 1, None, None)
    actions.publish_round(r2, None)
    with pytest.raises(BadRequest):
        actions.manual_change(r2, "swap", 1, None, None)


def test_result_correction_is_flagged_and_undone() -> None:
    event = make_event(players=6, rounds=3)
    rng = random.Random(2)
    r1 = play_round(event, rng)
    actions.pair_next_round(event, None)
    g = r1.games.exclude(black=None).first()
    old = g.result
    new = "0-1" if old != "0-1" else "1-0"
    assert actions.set_result(g, new, None) is True  # later round already paired
    g.refresh_from_db()
    assert g.result == new
    entry = actions.undo_last_result(event, None)
    assert entry is not None
    g.refresh_from_db()
    assert g.result == old
    assert event.audit.filter(action="result-undo").count() == 1


def test_standings_equal_the_command_line_ranking() -> None:
    event = make_event(players=10, rounds=4, seed=9)
    rng = random.Random(5)
    for _ in range(4):
        play_round(event, rng)
    st = convert.standings_of(event)
    t = parse_trf(write_trf(convert.tournament_of(event), points="computed"))
    cli = ranking.rank(t)
    assert [(r.pid, r.rank, r.points, r.values) for r in st.rows] == \
        [(r.pid, r.rank, r.points, r.values) for r in cli.rows]


def test_fide_txt_xml_and_csv_imports(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from pathlib import Path

    data = (Path(__file__).parent / "data" / "fide-list-24.txt").read_bytes()
    players = read_players(data, "list.txt")
    assert len(players) == 24
    assert players[0].name == "Moreau, Alice" and players[0].rating == 2294
    assert players[0].title == "FM" and players[0].federation == "SUI"
    assert players[0].sex == "w" and players[0].birth_date == "1960"
    xml = (b"<?xml version='1.0'?><playerslist><player><fideid>123</fideid><name>Doe, Jo"
           b"</name><country>FRA</country><sex>M</sex><title>IM</title><rating>2400</rating>"
           b"<birthday>1999</birthday></player></playerslist>")
    (x,) = read_players(xml, "list.xml")
    assert (x.name, x.fide_id, x.rating, x.title, x.federation) == ("Doe, Jo", "123", 2400,
                                                                     "IM", "FRA")
    csv_text = b"nom;elo;fed;club\nDurand, Ana;1850;fra;Annecy\n"
    (c,) = read_players(csv_text, "club.csv")
    assert (c.name, c.rating, c.federation, c.club) == ("Durand, Ana", 1850, "FRA", "Annecy")
    with pytest.raises(InputError, match="line 2"):
        read_players(b"name,rating\nX,abc\n", "bad.csv")
    with pytest.raises(InputError):
        read_players(b"<!DOCTYPE x [<!ENTITY a 'b'>]><playerslist/>", "evil.xml")


def test_giving_the_bye_to_a_player_who_had_it_is_reported() -> None:
    """C.04.1 c (2026 text): a player who already received a pairing-allocated bye may not
    receive it again. Moving round 2's bye to round 1's bye holder is reported."""
    event = make_event(players=7, rounds=3, seed=6)
    r1 = play_round(event, random.Random(8))
    first_bye = r1.games.get(black=None).white.tpn
    r2 = actions.pair_next_round(event, None)
    assert r2.games.get(black=None).white.tpn != first_bye
    found = actions.manual_change(r2, "bye", first_bye, None, None)
    assert r2.games.get(black=None).white.tpn == first_bye
    assert any(first_bye in v.players for v in found), found
