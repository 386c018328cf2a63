"""Double-Swiss events in the web app (issue 28 part 5; FIDE C.04.5): a round is a match of two
games between the same two players, each game a row of its own; the engine, checker, standings
and TRF export see the command line's model (match k = game columns 2k-1 and 2k, the
convention of ``../shared/cases-2026/double-swiss``)."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from swisspairing.checker.check import check_tournament
from swisspairing.errors import BadRequest
from swisspairing.formats.trf import read_trf, write_trf
from swisspairing.interfaces.web import actions, convert
from swisspairing.interfaces.web import models as m
from swisspairing.interfaces.web.forms import system_choices
from swisspairing.model.matches import MatchStatus, player_match
from swisspairing.model.tournament import Tournament
from web_helpers import make_event, make_user

pytestmark = pytest.mark.django_db
CASES = Path(__file__).resolve().parents[2] / "shared" / "cases-2026" / "double-swiss"
CASE = CASES / "d001-r02.trf"
needs_case = pytest.mark.skipif(not CASE.is_file(),
                                reason="../shared/cases-2026 is not next to the repository")


def ds_event(players: int = 9, rounds: int = 3) -> m.Event:
    return make_event(players=players, rounds=rounds, system="double-swiss")


def play_match(event: m.Event, rng: random.Random) -> m.Round:
    """Pair, publish and enter random results for both games of every board."""
    rnd = actions.pair_next_round(event, None)
    actions.publish_round(rnd, None)
    for g in rnd.games.exclude(black=None):
        actions.set_result(g, rng.choice(["1-0", "0-1", "="]), None)
    return rnd


def test_the_system_is_offered() -> None:
    assert "double-swiss" in dict(system_choices())
    assert "team-swiss" in dict(system_choices())  # held too since issue 27 part 6


def test_a_match_is_two_games_colours_reversed_and_the_bye_one_row() -> None:
    """C.04.5 Preface: the same two players in both games, colours reversed in game 2; an odd
    number of players gives one pairing-allocated bye for the whole match (one row)."""
    event = ds_event(players=9)
    rnd = actions.pair_next_round(event, None)
    games = list(rnd.games.select_related("white", "black"))
    firsts = [g for g in games if g.game == 1 and g.black is not None]
    seconds = {g.board: g for g in games if g.game == 2}
    byes = [g for g in games if g.black is None]
    assert len(firsts) == 4 and len(seconds) == 4 and len(byes) == 1
    assert byes[0].game == 1 and byes[0].white_code == "U"
    for g in firsts:
        other = seconds[g.board]
        assert (other.white_id, other.black_id) == (g.black_id, g.white_id)
        assert other.board_label == f"{g.board}.2" and g.board_label == f"{g.board}.1"
    # the stored pairing is the engine's for the match (game 1's colours), checked as such
    assert actions.violations_of(rnd) == []
    assert len(actions.round_pairing(rnd).boards) == 4


def test_model_columns_bye_value_and_scores_in_game_points() -> None:
    """Match k is columns 2k-1 and 2k; the PAB is ``U`` in both, worth a game won and a game
    drawn for the match (C.04.5 1.4: 1.5); a requested bye or absence is per match."""
    event = ds_event(players=9)
    rnd = actions.pair_next_round(event, None)
    actions.publish_round(rnd, None)
    games = list(rnd.games.exclude(black=None).order_by("board", "game"))
    for g in games:
        actions.set_result(g, "1-0", None)  # each game won by its White
    bye = rnd.games.get(black=None).white
    absent = next(e for e in event.entrants.all() if e.pk != bye.pk)
    actions.set_request(event, absent, 2, "Z", None)
    t = convert.tournament_of(event)
    assert t.games_per_round == 2 and t.total_rounds == 6
    assert t.point_system.pairing_bye == 1.5
    assert [t.players[bye.tpn].entry(c).code for c in (1, 2)] == ["U", "U"]
    assert t.points_after(bye.tpn, 2) == 1.5
    for g in games:
        w, b = g.white.tpn, g.black.tpn
        assert player_match(t, w, 1).status is MatchStatus.PLAYED
        assert t.points_after(w, 2) == 1.0 and t.points_after(b, 2) == 1.0  # one game each
    assert [t.players[absent.tpn].entry(c).code for c in (3, 4)] == ["Z", "Z"]
    st = convert.standings_of(event)
    assert st.by_id[bye.tpn].points == 1.5


def test_match_forfeit_and_single_game_forfeit() -> None:
    """Preface: both games forfeited is a forfeited match (no meeting); one game forfeited
    leaves the match played."""
    event = ds_event(players=8)
    rnd = actions.pair_next_round(event, None)
    actions.publish_round(rnd, None)
    b1 = list(rnd.games.filter(board=1).order_by("game"))
    b2 = list(rnd.games.filter(board=2).order_by("game"))
    actions.set_result(b1[0], "+-", None)  # game 1: White wins by forfeit
    actions.set_result(b1[1], "-+", None)  # game 2: the same player (Black now) wins
    actions.set_result(b2[0], "+-", None)  # a single game forfeited
    actions.set_result(b2[1], "=", None)
    for g in rnd.games.filter(board__gt=2):
        actions.set_result(g, "=", None)
    t = convert.tournament_of(event)
    assert player_match(t, b1[0].white.tpn, 1).status is MatchStatus.FORFEIT_WIN
    assert player_match(t, b1[0].black.tpn, 1).status is MatchStatus.FORFEIT_LOSS
    assert player_match(t, b2[0].white.tpn, 1).status is MatchStatus.PLAYED
    assert t.points_after(b2[0].white.tpn, 2) == 1.5


def test_a_round_is_complete_only_when_both_games_have_a_result() -> None:
    event = ds_event(players=8)
    rnd = actions.pair_next_round(event, None)
    actions.publish_round(rnd, None)
    for g in rnd.games.filter(game=1):
        actions.set_result(g, "1-0", None)
    assert convert.complete_rounds(event) == 0
    with pytest.raises(actions.MissingResults):
        actions.check_can_pair(event)
    for g in rnd.games.filter(game=2):
        actions.set_result(g, "=", None)
    assert convert.complete_rounds(event) == 1
    assert actions.check_can_pair(event) == 2


def test_manual_change_keeps_game_two_the_reverse_of_game_one() -> None:
    event = ds_event(players=8)
    rnd = actions.pair_next_round(event, None)
    actions.manual_change(rnd, "swap", 1, None, None)
    g1, g2 = rnd.games.filter(board=1).order_by("game")
    assert (g2.white_id, g2.black_id) == (g1.black_id, g1.white_id)
    actions.undo_manual_changes(rnd, None)
    assert rnd.games.count() == 8


def test_whole_event_exports_a_trf_that_checks_and_reads_back_equal(tmp_path: Path) -> None:
    rng = random.Random(5)
    event = ds_event(players=11, rounds=4)
    actions.set_request(event, event.entrants.get(tpn=3), 2, "H", None)
    for _ in range(4):
        play_match(event, rng)
    t = convert.tournament_of(event)
    text = write_trf(t)
    assert "192 FIDE_DOUBLESWISS" in text and "142 8" in text
    path = tmp_path / "ds.trf"
    path.write_text(text)
    back = read_trf(path)
    assert same_players(back, t)
    assert back.point_system == t.point_system
    report = check_tournament(back, "double-swiss")
    assert report.ok, report
    assert actions.published_rounds_check(event) == []
    # and imported back into the web app, the same tournament
    again = convert.store_tournament(back, "double-swiss", name="again")
    t2 = convert.tournament_of(again)
    assert same_players(t2, t)
    assert again.rounds == 4 and again.round_set.count() == 4
    assert again.round_set.get(number=2).games.count() == rnd_games(event, 2)


def same_players(a: Tournament, b: Tournament) -> bool:
    """The same players with the same cells (the points column a file declares aside)."""
    return {k: (p.name, p.rating, p.results) for k, p in a.players.items()} == \
        {k: (p.name, p.rating, p.results) for k, p in b.players.items()}


def rnd_games(event: m.Event, number: int) -> int:
    return event.round_set.get(number=number).games.count()


@needs_case
def test_a_reference_case_imports_and_pairs_as_the_command_line() -> None:
    """A case of ``../shared/cases-2026/double-swiss`` imported, then its next match paired by
    the web app: the same pairing as its reference answer (``.pairs``: White of game 1)."""
    t = read_trf(CASE)
    event = convert.store_tournament(t, "double-swiss")
    assert same_players(convert.tournament_of(event), t)
    rnd = actions.pair_next_round(event, None)
    answer = CASE.with_suffix(".pairs").read_text().split()[1:]
    expected = {(int(answer[i]), int(answer[i + 1])) for i in range(0, len(answer), 2)}
    got = {(g.white.tpn, g.black.tpn if g.black else 0)
           for g in rnd.games.filter(game=1).select_related("white", "black")}
    assert got == expected


@needs_case
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_double_swiss_file_as_another_system_is_refused(lang: str) -> None:
    c = Client(HTTP_ACCEPT_LANGUAGE=lang)
    c.force_login(make_user("arb", m.ROLE_ARBITER))
    r = c.post(reverse("web:import-trf"), {"file": SimpleUploadedFile(
        "ds.trf", CASE.read_bytes()), "system": "dutch-2025"}, follow=True)
    assert r.status_code == 200
    expected = ("contient des matchs Double-Swiss" if lang == "fr"
                else "holds Double-Swiss matches")
    assert expected in r.content.decode()
    assert not m.Event.objects.exists()


def test_a_single_game_file_as_double_swiss_is_refused() -> None:
    event = make_event(players=4, rounds=2)
    actions.pair_next_round(event, None)
    t = convert.tournament_of(event)
    with pytest.raises(BadRequest, match="192 FIDE_DOUBLESWISS"):
        convert.store_tournament(t, "double-swiss")


def arbiter_client(lang: str = "en") -> Client:
    c = Client(HTTP_ACCEPT_LANGUAGE=lang)
    c.force_login(make_user(f"arb-{lang}", m.ROLE_ARBITER))
    return c


def match_2_published() -> m.Event:
    """A 9-player Double-Swiss event of 3 matches: match 1 played (random results, seed 3),
    match 2 paired and published."""
    event = ds_event(players=9, rounds=3)
    play_match(event, random.Random(3))
    actions.publish_round(actions.pair_next_round(event, None), None)
    return event


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_page_of_a_double_swiss_event(lang: str) -> None:
    """The round page shows each game as a row (board 1.1, 1.2) with game points; the printed
    pairing list one line per match with both games; public, hall, standings, check and the
    exports answer."""
    event = match_2_published()
    c = arbiter_client(lang)
    nxt = c.get(reverse("web:round", args=[event.pk, 3])).content.decode()
    assert ("a draw in each game (1 point)" if lang == "en"
            else "une nulle dans chaque partie (1 point)") in nxt
    page = c.get(reverse("web:round", args=[event.pk, 2])).content.decode()
    assert ">1.1<" in page and ">1.2<" in page
    board = c.get(reverse("web:round-print", args=[event.pk, 2, "board"])).content.decode()
    assert ("Game 2" if lang == "en" else "Partie 2") in board
    assert ("reversed in game 2" if lang == "en" else "inversées dans la partie 2") in board
    for name, args in [("web:round-print", [event.pk, 2, "alpha"]),
                       ("web:round-print-pdf", [event.pk, 2, "board"]),
                       ("web:round-print-pdf", [event.pk, 2, "slips"]),
                       ("web:standings", [event.pk]), ("web:check", [event.pk]),
                       ("web:export", [event.pk, "trf"]), ("web:export", [event.pk, "trf26"]),
                       ("web:public-round", [event.public_token, 2]),
                       ("hall:public", [event.public_token]),
                       ("hall:overview", [event.pk]),
                       ("hall:printout", [event.pk, 2, "sheet"])]:
        r = c.get(reverse(name, args=args))
        assert r.status_code == 200, (name, r.status_code)
    check = c.get(reverse("web:check", args=[event.pk])).content.decode()
    assert "Traceback" not in check


def test_grid_takes_each_game_on_its_row_with_versions_and_undo() -> None:
    """The keyboard grid posts one row per game: game 2's row in its own colours; a stale
    version is a 409 as for any board; undo takes back the last game entered."""
    event = ds_event(players=8, rounds=2)
    rnd = actions.pair_next_round(event, None)
    actions.publish_round(rnd, None)
    g1, g2 = rnd.games.filter(board=1).order_by("game")
    c = arbiter_client()
    url = reverse("web:result", args=[event.pk, 1, g2.pk])
    r = c.post(url, {"result": "1", "version": g2.version}, HTTP_HX_REQUEST="true")
    assert r.status_code == 200 and ">1.2<" in r.content.decode()
    g2.refresh_from_db()
    assert (g2.white_code, g2.black_code) == ("1", "0")
    r = c.post(url, {"result": "0", "version": g2.version - 1}, HTTP_HX_REQUEST="true")
    assert r.status_code == 409
    t = convert.tournament_of(event, 1)  # game 2 in, game 1 missing: the round is not taken
    assert t.rounds_paired == 0
    entry = actions.undo_target(event)
    assert entry is not None and entry.target == "round 1 board 1.2"
    c.post(reverse("web:round-action", args=[event.pk, 1, "undo"]), {"entry": entry.pk})
    g2.refresh_from_db()
    assert g2.white_code == "" and g1.white_code == ""


def test_per_match_form_records_both_games_and_refuses_bad_input() -> None:
    """The per-match form: each game as the score of game 1's White; +/- in both games is a
    whole match forfeited (C.04.5 Preface), +/- in one game a played match; wrong input and
    a stale page are refused with a message naming the field, nothing changed."""
    event = ds_event(players=8, rounds=2)
    rnd = actions.pair_next_round(event, None)
    actions.publish_round(rnd, None)
    g1, g2 = rnd.games.filter(board=2).order_by("game")
    h1, h2 = rnd.games.filter(board=3).order_by("game")
    c = arbiter_client("fr")
    url = reverse("web:round-action", args=[event.pk, 1, "match"])
    page = c.get(reverse("web:round", args=[event.pk, 1])).content.decode()
    assert 'id="match-form"' in page and f'value="2:{g1.version}:{g2.version}"' in page
    r = c.post(url, {"match": "2:x", "first": "+-", "second": "+-"}, follow=True)
    assert "match : choisissez un échiquier" in r.content.decode()
    r = c.post(url, {"match": "9:1:1", "first": "+-", "second": "+-"}, follow=True)
    assert "pas de match à l&#x27;échiquier 9" in r.content.decode()
    r = c.post(url, {"match": f"2:{g1.version}:{g2.version}", "first": "2-0",
                     "second": "+-"}, follow=True)
    assert "Partie 1 : choisissez un résultat" in r.content.decode()
    r = c.post(url, {"match": f"2:{g1.version}:{g2.version}", "first": "-+", "second": "-+"},
               follow=True)
    assert "Échiquier 2 : partie 1 -/+, partie 2 -/+" in r.content.decode()
    g1.refresh_from_db()
    g2.refresh_from_db()
    # game 1's Black wins both: -+ in game 1, +- in game 2 (its own colours, reversed)
    assert (g1.white_code, g1.black_code, g2.white_code, g2.black_code) == ("-", "+", "+", "-")
    # the page showed older versions: refused, nothing changed
    c.post(url, {"match": f"2:{g1.version - 1}:{g2.version - 1}", "first": "1-0",
                 "second": "1-0"}, follow=True)
    g1.refresh_from_db()
    assert g1.white_code == "-"
    # a single game forfeited, the other drawn
    c.post(url, {"match": f"3:{h1.version}:{h2.version}", "first": "+-", "second": "="})
    for g in rnd.games.exclude(black=None).exclude(board__in=(2, 3)):
        actions.set_result(g, "=", None)
    t = convert.tournament_of(event)
    assert player_match(t, g1.black.tpn, 1).status is MatchStatus.FORFEIT_WIN
    assert player_match(t, g1.white.tpn, 1).status is MatchStatus.FORFEIT_LOSS
    assert player_match(t, h1.white.tpn, 1).status is MatchStatus.PLAYED
    assert t.points_after(h1.white.tpn, 2) == 1.5


def test_players_enter_each_games_result_in_the_hall() -> None:
    """The hall (issue 16) per game: each player has a code for each game of the match;
    an entry is confirmed by the opponent's code of the same game; the page names board 1.2."""
    from hall_helpers import code_of, enter
    from swisspairing.interfaces.web.hall import models as h

    event = ds_event(players=8, rounds=2)
    rnd = actions.pair_next_round(event, None)
    actions.publish_round(rnd, None)
    g1, g2 = rnd.games.select_related("white", "black").filter(board=1).order_by("game")
    codes = {code_of(g, side) for g in (g1, g2) for side in (h.WHITE, h.BLACK)}
    assert len(codes) == 4  # one per player per game
    page = enter(Client(), code_of(g2, h.WHITE), "1-0")
    assert page.status_code == 200 and "1.2" in page.content.decode()
    enter(Client(), code_of(g2, h.BLACK), "1-0")
    g1.refresh_from_db()
    g2.refresh_from_db()
    assert g2.result == "1-0" and g1.result == ""
    assert (g2.white_id, g2.white_code) == (g1.black_id, "1")  # game 1's Black won game 2


def test_the_system_cannot_change_to_or_from_double_swiss_once_paired() -> None:
    event = ds_event(players=6, rounds=3)
    actions.pair_next_round(event, None)
    stored = m.Event.objects.get(pk=event.pk)
    event.system = "dutch-2025"
    with pytest.raises(BadRequest, match="pairing system: round 1 is paired"):
        actions.check_event_settings(event, stored)
    dutch = make_event(players=6, rounds=3)
    actions.pair_next_round(dutch, None)
    stored = m.Event.objects.get(pk=dutch.pk)
    dutch.system = "double-swiss"
    with pytest.raises(BadRequest, match="pairing system"):
        actions.check_event_settings(dutch, stored)
    dutch.system = "dubov"  # between single-game systems: as before
    actions.check_event_settings(dutch, stored)


def test_settings_say_the_rounds_are_matches() -> None:
    event = ds_event(players=4, rounds=3)
    page = arbiter_client("fr").get(reverse("web:event-edit", args=[event.pk])).content.decode()
    assert "le nombre de matchs (de deux parties chacun)" in page


def test_late_entry_and_withdrawal_count_matches() -> None:
    """A player entered after match 1 gets nothing in both its columns (C.04.2 C: a
    zero-point bye); a player withdrawn from match 2 is not paired in either game of it."""
    from swisspairing.interfaces.web.imports import Candidate

    rng = random.Random(9)
    event = ds_event(players=8, rounds=3)
    play_match(event, rng)
    late = actions.add_entrant(event, Candidate(name="Late Comer", rating=1500), None)
    gone = event.entrants.exclude(pk=late.pk).order_by("tpn").last()
    actions.set_withdrawal(gone, 2, None)
    rnd = play_match(event, rng)
    on_boards = {x for g in rnd.games.all() for x in (g.white_id, g.black_id)}
    assert late.pk in on_boards and gone.pk not in on_boards
    late.refresh_from_db()
    gone.refresh_from_db()
    t = convert.tournament_of(event)
    assert [t.players[late.tpn].entry(c).code for c in (1, 2)] == ["Z", "Z"]
    assert t.withdrawn[gone.tpn] == 3  # match 2 starts at column 3
    assert t.players[gone.tpn].entry(3).code == "Z" and t.players[gone.tpn].entry(4).code == "Z"
    assert check_tournament(t, "double-swiss").ok


def test_the_bye_is_a_game_won_and_a_game_drawn_in_any_preset() -> None:
    """C.04.5 1.4 with the settings' presets: 1.5 with 1-½-0, 4 with 3-1-0 (3 + 1)."""
    from swisspairing.interfaces.web.forms import POINT_SYSTEMS

    event = ds_event(players=4)
    assert convert.point_system_of(event).pairing_bye == 1.5
    event.point_system = POINT_SYSTEMS["3-1-0"][1]
    assert convert.point_system_of(event).pairing_bye == 4.0
    event.point_system = {"pairing_bye": 2.0}  # a value of its own (a TRF's 162 P): kept
    assert convert.point_system_of(event).pairing_bye == 2.0
    event.system = "dutch-2025"
    event.point_system = {}
    assert convert.point_system_of(event).pairing_bye == 1.0


def test_a_late_correction_of_game_2_is_written_in_its_column(tmp_path: Path) -> None:
    """C.04.2 4.3 per game: game 2 of match 1 corrected once match 2 is paired is the
    correction of column 2, made when 4 columns were paired; it reads back and imports."""
    rng = random.Random(4)
    event = ds_event(players=8, rounds=3)
    first = play_match(event, rng)
    play_match(event, rng)
    game = first.games.filter(game=2).exclude(black=None).first()
    after = "0-1" if game.result != "0-1" else "1-0"
    assert actions.set_result(game, after, None)
    t = convert.tournament_of(event)
    (c,) = t.corrections
    assert (c.round, c.board, c.white, c.black, c.paired) == (
        2, game.board, game.white.tpn, game.black.tpn, 4)
    path = tmp_path / "corrected.trf"
    path.write_text(write_trf(t))
    back = read_trf(path)
    assert back.corrections == t.corrections
    again = convert.store_tournament(back, "double-swiss", name="again")
    stored = again.corrections.get()
    assert (stored.game.round.number, stored.game.game, stored.rounds_paired) == (1, 2, 2)


@needs_case
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_import_page_makes_a_double_swiss_event_that_pairs_with_its_explanation(
        lang: str) -> None:
    """A case file imported from the home page with "the file's" system: a Double-Swiss event
    whose rounds are the file's matches; its next match is paired and explained in the
    arbiter's language (the engine's notes, C.04.5)."""
    c = arbiter_client(lang)
    r = c.post(reverse("web:import-trf"), {"file": SimpleUploadedFile(
        "ds.trf", CASE.read_bytes()), "system": ""}, follow=True)
    assert r.status_code == 200
    event = m.Event.objects.get()
    t = read_trf(CASE)
    assert event.system == "double-swiss"
    assert event.rounds == t.total_rounds // 2 and event.round_set.count() == 1
    rnd = actions.pair_next_round(event, None)
    page = c.get(reverse("web:round", args=[event.pk, rnd.number])).content.decode()
    assert rnd.explanation and all(n["en"] and n["fr"] for n in rnd.explanation)
    first = rnd.explanation[0][lang].split("{")[0][:25]
    assert first and first in page.replace("&#x27;", "'").replace("&quot;", '"')


def test_audit_log_names_the_game_of_the_match() -> None:
    event = ds_event(players=4, rounds=2)
    rnd = actions.pair_next_round(event, None)
    actions.publish_round(rnd, None)
    actions.set_result(rnd.games.get(board=1, game=2), "1-0", None)
    page = arbiter_client("fr").get(reverse("web:audit", args=[event.pk])).content.decode()
    # a round of a Double-Swiss event is a match (C.04.5 Preface; issue 28)
    assert "Match 1, échiquier 1.2 : 1-0 saisi" in page
    assert "Match 1 publié" in page and "Ronde 1" not in page
    page = arbiter_client("en").get(reverse("web:audit", args=[event.pk])).content.decode()
    assert "Match 1, board 1.2: 1-0 entered" in page and "Match 1 published" in page


def test_a_manual_rematch_is_flagged_by_the_double_swiss_rules() -> None:
    """C.04.5 [C1] (C.04.1 b): two players who played a match may not meet again; a manual
    change that makes them meet is kept and shown with the rule on the draft's page."""
    rng = random.Random(11)
    event = ds_event(players=8, rounds=3)
    first = play_match(event, rng)
    met = first.games.get(board=1, game=1)
    rnd = actions.pair_next_round(event, None)
    # put game 1's Black of match 1 in the place of the opponent of its White in match 2
    opponent = next(g for g in rnd.games.filter(game=1).select_related("white", "black")
                    if met.white_id in (g.white_id, g.black_id))
    other = opponent.black if opponent.white_id == met.white_id else opponent.white
    found = actions.manual_change(rnd, "exchange", other.tpn, met.black.tpn, None)
    assert any(v.rule == "C.04.1 b" and set(v.players) == {met.white.tpn, met.black.tpn}
               for v in found), found
    g1, g2 = rnd.games.filter(game__gt=0).exclude(black=None).filter(
        board=opponent.board).order_by("game")
    assert {g1.white_id, g1.black_id} == {met.white_id, met.black_id}
    assert (g2.white_id, g2.black_id) == (g1.black_id, g1.white_id)
    page = arbiter_client().get(reverse("web:round", args=[event.pk, 2])).content.decode()
    assert 'id="violations"' in page and "already played each other" in page


def test_per_match_form_shows_the_chosen_boards_results() -> None:
    """Issue 28: the per-match form opens on a board (``?board=``, else the first) with both
    games' current results chosen, each as the score of game 1's White (game 2 is stored in
    its own colours, reversed: C.04.5 Preface); a game without a result shows the dash, which
    the form refuses. Every board's option carries its results for the page's script."""
    event = ds_event(players=8, rounds=2)
    rnd = actions.pair_next_round(event, None)
    actions.publish_round(rnd, None)
    g1, g2 = rnd.games.filter(board=2).order_by("game")
    actions.set_result(g1, "0-1", None)  # game 1's Black wins game 1
    actions.set_result(g2, "-+", None)  # game 2's Black (game 1's White) wins by forfeit
    g1.refresh_from_db()
    g2.refresh_from_db()
    c = arbiter_client("en")
    page = c.get(reverse("web:round", args=[event.pk, 1]) + "?board=2").content.decode()
    option = f'value="2:{g1.version}:{g2.version}" data-first="0-1" data-second="+-" selected'
    assert option in page
    first = page.split('id="match-first"')[1].split("</select>")[0]
    second = page.split('id="match-second"')[1].split("</select>")[0]
    assert '<option value="0-1" selected>' in first and first.count("selected") == 1
    assert '<option value="+-" selected>' in second and second.count("selected") == 1
    # no board chosen: the first, without results (the dash)
    page = c.get(reverse("web:round", args=[event.pk, 1])).content.decode()
    assert 'data-first="" data-second="" selected>1:' in page
    first = page.split('id="match-first"')[1].split("</select>")[0]
    assert '<option value="" selected>' in first
    # a board that is not a number, or has no match: the first
    page = c.get(reverse("web:round", args=[event.pk, 1]) + "?board=x9").content.decode()
    assert 'data-second="" selected>1:' in page
    # the dash posted is refused, naming the game, nothing recorded
    url = reverse("web:round-action", args=[event.pk, 1, "match"])
    h1, h2 = rnd.games.filter(board=1).order_by("game")
    r = c.post(url, {"match": f"1:{h1.version}:{h2.version}", "first": "",
                     "second": "1-0"}, follow=True)
    assert "Game 1: choose a result" in r.content.decode()
    h2.refresh_from_db()
    assert h2.white_code == ""


ROUND_WORD = re.compile(r"\b(?:Round|round|Ronde|ronde) \d+|>R\d+<|After round|Après la ronde")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_double_swiss_event_says_match_where_it_means_a_match(lang: str) -> None:
    """Issue 28: C.04.5 calls the pairings of a Double-Swiss event matches; every page that
    numbers them says "Match 2" (headers, tabs M1 M2, printouts, standings, public pages,
    projector panels, hall, audit), in French too; an individual Swiss event keeps "Round"."""
    event = match_2_published()
    c = arbiter_client(lang)
    pages = [("web:round", [event.pk, 2]), ("web:round", [event.pk, 3]),
             ("web:round-print", [event.pk, 2, "board"]),
             ("web:round-print", [event.pk, 2, "alpha"]),
             ("web:standings", [event.pk]), ("web:check", [event.pk]),
             ("web:audit", [event.pk]), ("web:public-round", [event.public_token, 2]),
             ("hall:public", [event.public_token]),
             ("hall:public-panel", [event.public_token, "alpha"]),
             ("hall:public-panel", [event.public_token, "boards"]),
             ("hall:public-panel", [event.public_token, "standings"]),
             ("hall:overview", [event.pk]), ("hall:printout", [event.pk, 2, "sheet"]),
             ("hall:printout", [event.pk, 2, "cards"])]
    for name, args in pages:
        r = c.get(reverse(name, args=args))
        assert r.status_code == 200, (name, r.status_code)
        # the check page's raw report is the command line's checker text (its own words)
        text = re.sub(r'<pre class="report">.*?</pre>', "", r.content.decode(), flags=re.S)
        assert not ROUND_WORD.findall(text), (name, ROUND_WORD.findall(text))
        unnumbered = ("web:standings", "web:check", "web:audit", "hall:public-panel",
                      "hall:public")
        assert re.search(r"\bMatch [23]\b", text) or name in unnumbered, name
    page = c.get(reverse("web:round", args=[event.pk, 2])).content.decode()
    assert ">M1<" in page and ">M2<" in page
    nxt = c.get(reverse("web:round", args=[event.pk, 3])).content.decode()
    assert ("Pair this match" if lang == "en" else "Apparier ce match") in nxt
    assert ("Before the match: byes" if lang == "en" else "Avant le match : byes") in nxt
    public = c.get(reverse("web:public-round", args=[event.public_token, 2])).content.decode()
    assert (">Matches<" if lang == "en" else ">Matchs<") in public
    standings = c.get(reverse("web:standings", args=[event.pk])).content.decode()
    assert ("Standings after match 1" if lang == "en"
            else "Classement après le match 1") in standings
    # an individual Swiss event keeps its rounds
    other = make_event(players=6, rounds=3)
    actions.pair_next_round(other, None)
    page = c.get(reverse("web:round", args=[other.pk, 1])).content.decode()
    assert ("Round 1" if lang == "en" else "Ronde 1") in page and ">R1<" in page


def test_one_code_per_match_enters_both_games_each_confirmed_on_its_own() -> None:
    """Issue 28 (docs/hall.md "Double-Swiss: one code per match"): a player's game-1 code
    opens both games of the match; each game is entered in its own colours (game 2 reversed,
    C.04.5 Preface) and confirmed by the opponent's entry of that same game; once game 1 is
    recorded the code opens game 2. The slips are one per player and match; a game-2 code
    still opens game 2 alone."""
    from hall_helpers import code_of, enter
    from swisspairing.interfaces.web.hall import models as h

    event = ds_event(players=8, rounds=2)
    rnd = actions.pair_next_round(event, None)
    actions.publish_round(rnd, None)
    g1, g2 = rnd.games.select_related("white", "black").filter(board=1).order_by("game")
    white1, black1 = code_of(g1, h.WHITE), code_of(g1, h.BLACK)
    phone_w, phone_b = Client(HTTP_ACCEPT_LANGUAGE="en"), Client(HTTP_ACCEPT_LANGUAGE="fr")
    page = phone_w.get("/hall/", {"code": white1}).content.decode()
    assert "This code enters both games of your match:" in page
    assert "Game 1 (you have White)" in page and "Game 2 (you have Black)" in page
    assert 'name="game" value="1"' in page
    # game 2 with game 1's codes: game 2's White is game 1's Black, who wins it (the
    # result is typed White first, in game 2's colours)
    enter(phone_w, white1, "1-0", game="2")
    enter(phone_b, black1, "1-0", game="2")
    g1.refresh_from_db()
    g2.refresh_from_db()
    assert (g1.result, g2.result) == ("", "1-0")
    assert set(h.ResultClaim.objects.filter(game=g2).values_list("code", flat=True)) == {
        code_of(g2, h.WHITE), code_of(g2, h.BLACK)}  # each game's own codes
    # game 1: the two entries differ, nothing recorded, the arbiter decides
    enter(phone_w, white1, "1-0")
    r = enter(phone_b, black1, "0-1")
    g1.refresh_from_db()
    assert g1.result == "" and 'data-status="conflict"' in r.content.decode()
    assert "Partie 2 (vous avez les Blancs) – 1-0" in r.content.decode()
    # with game 2 recorded and not game 1, the code opens game 1; game 1 recorded: game 2
    actions.set_result(g1, "=", None)
    g2.white_code = g2.black_code = ""
    g2.save()
    page = phone_w.get("/hall/", {"code": white1}).content.decode()
    assert 'name="game" value="2"' in page
    # a game-2 code still opens game 2 by itself; a wrong game number is the code's game
    page = phone_w.get("/hall/", {"code": code_of(g2, h.WHITE), "game": "9"}).content.decode()
    assert 'name="game" value="2"' in page and "Game 1 (you have Black)" in page
    # the slips: one per player and match (8 players, 4 boards), game 1's code, the note
    slips = arbiter_client("en").get(
        reverse("hall:printout", args=[event.pk, 1, "cards"])).content.decode()
    assert slips.count('class="board-card slip"') == 8
    assert white1 in slips and code_of(g2, h.WHITE) not in slips
    assert "This code enters both games of the match" in slips
    assert "Match 1 · Board 1<" in slips and "Board 1.1" not in slips
