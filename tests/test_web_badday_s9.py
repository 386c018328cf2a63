"""An arbiter's bad day with team events (session 9; C.04.6): two tabs on the same match.

Before, the match form of a team round posted every board's result as the form showed it, with
no trace of what it showed: a tab opened before another tab (or the keyboard grid, or the hall)
saved a board silently overwrote that newer result, even on a board the arbiter of the older
tab had not touched (a result lost without a word). Now the form carries, for each board, the
result and the board's version it showed: a board left as shown is not written; a board changed
from a stale view is refused with its current result named, and nothing of that match is saved
(one transaction).
"""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from swisspairing.interfaces.web import actions
from swisspairing.interfaces.web import models as m
from test_web_teams import team_event
from web_helpers import FRENCH

pytestmark = pytest.mark.django_db


def _match_form(page: str, match_pk: int) -> dict[str, str]:
    """The fields the match's result form posts as the page shows them (hidden fields and the
    selected option of each board)."""
    start = page.index(f'/matches/{match_pk}/"')
    form = page[start:page.index("</form>", start)]
    fields = dict(re.findall(r'<input type="hidden" name="((?:was|version)_\d+)" value="([^"]*)"',
                             form))
    for name, body in re.findall(r'<select name="(game_\d+)"[^>]*>(.*?)</select>', form):
        chosen = re.search(r'<option value="([^"]*)" selected', body)
        fields[name] = chosen.group(1) if chosen else ""
    return fields


def _first_match_of_round_1(event: m.Event) -> m.TeamMatch:
    """Round 1 paired and published; its first match (not the bye)."""
    rnd = actions.pair_next_round(event, None)
    actions.publish_round(rnd, None)
    return rnd.team_matches.exclude(black=None).order_by("number").first()


def test_a_stale_tab_keeps_the_result_another_tab_entered(arbiter: Client) -> None:
    """Tabs A and B show match 1 with no result; A saves board 1 (1-0); B, still showing an
    empty board 1, saves board 2 only: board 1 keeps A's 1-0 and board 2 gets B's result."""
    event = team_event(n_teams=6, boards=4)
    match = _first_match_of_round_1(event)
    url = reverse("web:round", args=[event.pk, 1])
    post = reverse("web:team-match", args=[event.pk, 1, match.pk])
    tab_a = _match_form(arbiter.get(url).content.decode(), match.pk)
    tab_b = dict(tab_a)
    first, second = sorted(match.games.all(), key=lambda g: g.board)[:2]
    arbiter.post(post, {**tab_a, f"game_{first.pk}": "1-0"})
    first.refresh_from_db()
    assert first.result == "1-0"
    arbiter.post(post, {**tab_b, f"game_{second.pk}": "0-1"})
    first.refresh_from_db()
    second.refresh_from_db()
    assert (first.result, second.result) == ("1-0", "0-1")


def test_two_tabs_entering_the_same_board_differently(arbiter: Client) -> None:
    """A saves board 1 as 1-0; B, opened before, saves board 1 as 0-1 and board 2 as ½-½: B's
    form is refused (the board named with its result now, EN and FR), nothing of B saved."""
    event = team_event(n_teams=6, boards=4)
    match = _first_match_of_round_1(event)
    url = reverse("web:round", args=[event.pk, 1])
    post = reverse("web:team-match", args=[event.pk, 1, match.pk])
    tab_a = _match_form(arbiter.get(url).content.decode(), match.pk)
    first, second = sorted(match.games.all(), key=lambda g: g.board)[:2]
    arbiter.post(post, {**tab_a, f"game_{first.pk}": "1-0"})
    page = arbiter.post(post, {**tab_a, f"game_{first.pk}": "0-1", f"game_{second.pk}": "="},
                        follow=True).content.decode()
    first.refresh_from_db()
    second.refresh_from_db()
    assert (first.result, second.result) == ("1-0", "")
    assert "changed since this page was shown" in page and "it is now 1-0" in page
    french = arbiter.post(post, {**tab_a, f"game_{first.pk}": "0-1"}, follow=True,
                          **FRENCH).content.decode()
    assert "a changé depuis" in french
    first.refresh_from_db()
    assert first.result == "1-0"
    # the page shown now has the new version: the same change goes through
    fresh = _match_form(arbiter.get(url).content.decode(), match.pk)
    arbiter.post(post, {**fresh, f"game_{first.pk}": "0-1"})
    first.refresh_from_db()
    assert first.result == "0-1"


def test_a_forged_result_names_the_board_of_its_match(arbiter: Client) -> None:
    """A result the form does not offer, posted for board 1 of match 2 (board 5 of the round):
    the error names "match 2, board 1", as the form numbers it (before: "board 5"), in English
    and French; nothing saved."""
    event = team_event(n_teams=6, boards=4)
    first_match = _first_match_of_round_1(event)
    match = first_match.round.team_matches.get(number=2)
    game = min(match.games.all(), key=lambda g: g.board)
    post = reverse("web:team-match", args=[event.pk, 1, match.pk])
    for headers, text in (({}, "match 2, board 1: unknown result &#x27;&lt;script&gt;"),
                          (FRENCH, "match 2, échiquier 1 : résultat inconnu")):
        page = arbiter.post(post, {f"game_{game.pk}": "<script>"}, follow=True,
                            **headers).content.decode()
        assert text in page
        assert "<script>" not in page.split("<main", 1)[1].split("</main>", 1)[0]
    game.refresh_from_db()
    assert game.result == ""


@pytest.mark.parametrize("kind", ["individual", "team"])
def test_an_unpaired_round_shows_no_empty_pairing_card(arbiter: Client, kind: str) -> None:
    """Round 1 paired by a background pairing (its job done), then unpaired: the round page
    shows the "Pair" button, not the pairing's status card left empty (before: an empty white
    box under the title, seen on the demo event); a pairing that failed is still shown."""
    from web_helpers import make_event

    event = make_event(players=8) if kind == "individual" else team_event(n_teams=4)
    job = m.PairingJob.objects.create(event=event, round_number=1, revision=0,
                                      status=m.PairingJob.DONE)
    url = reverse("web:round", args=[event.pk, 1])
    page = arbiter.get(url).content.decode()
    assert 'id="pairing-status"' not in page and 'id="pair-round"' in page
    job.status, job.error = m.PairingJob.FAILED, "no valid pairing"
    job.save()
    page = arbiter.get(url).content.decode()
    assert 'id="pairing-status"' in page and "no valid pairing" in page


def test_board_percentages_are_written_with_the_french_decimal_comma(arbiter: Client) -> None:
    """Every game of round 1 drawn: each board player has 50 %. The board results (C.07 12,
    the board prizes) and a category's prize list write it "50,0" on French pages and PDFs, as
    their points ("0,5"), and "50.0" in English (before: "50.0" on French pages too)."""
    from swisspairing.interfaces.web import teams

    COMMA, POINT = '<td class="num">50,0</td>', '<td class="num">50.0</td>'
    event = team_event(n_teams=4, boards=4)
    rnd = actions.pair_next_round(event, None)
    actions.publish_round(rnd, None)
    for match in rnd.team_matches.exclude(black=None):
        teams.set_match_results(match, {g.pk: "=" for g in match.games.all()}, None)
    boards = reverse("web:standings-view", args=[event.pk, "boards"])
    french = arbiter.get(boards, **FRENCH).content.decode()
    assert COMMA in french and POINT not in french
    english = arbiter.get(boards).content.decode()
    assert POINT in english and COMMA not in english
    club = f"club:{event.teams.first().name}"
    prizes = arbiter.get(reverse("web:prizes", args=[event.pk]), {"cat": club},
                         **FRENCH).content.decode()
    assert COMMA in prizes and POINT not in prizes


def test_a_binary_members_file_is_called_a_csv_not_a_trf(arbiter: Client) -> None:
    """A team's members uploaded as a binary file (a spreadsheet saved as .xls, say): refused
    as "not a CSV text file" (before: "not a TRF text file", the TRF reader's words), in
    English and French; no team, no player added."""
    from django.core.files.uploadedfile import SimpleUploadedFile

    event = team_event(n_teams=2, boards=4)
    before = m.Entrant.objects.count()
    url = reverse("web:teams", args=[event.pk])
    for headers, text in (({}, "this is not a CSV text file"),
                          (FRENCH, "ce n&#x27;est pas un fichier texte CSV")):
        upload = SimpleUploadedFile("membres.xls", b"\xd0\xcf\x11\xe0\x00\x00binary")
        page = arbiter.post(url, {"what": "add", "name": "Upload", "file": upload},
                            **headers).content.decode()
        assert text in page and "TRF" not in page.split("<main", 1)[1].split("</main>")[0]
    assert m.Entrant.objects.count() == before
    assert not event.teams.filter(name="Upload").exists()


def test_the_player_facing_an_empty_board_is_not_called_the_bye(arbiter: Client) -> None:
    """A team short of a player leaves board 4 empty: the player opposite wins by forfeit
    (trf.md 4.1 ``0000 C +``). The players' phones (the hall's public page) list that player
    under "not paired" as a forfeit win against an empty board with the board, not as "the
    pairing-allocated bye" (before), in English and French; no team has the bye here."""
    from swisspairing.interfaces.web import teams

    event = team_event(n_teams=4, boards=4)
    short = event.teams.order_by("tpn").last()
    members = teams.members_of(short)
    teams.set_lineup(short, 1, [members[0].pk, members[1].pk, members[2].pk,
                                teams.EMPTY_BOARD], None)
    rnd = actions.pair_next_round(event, None)
    actions.publish_round(rnd, None)
    empty = next(g for g in rnd.games.all() if g.is_empty_board)
    url = f"/h/{event.public_token}/"
    english = Client().get(url).content.decode()
    assert "pairing-allocated bye" not in english
    assert f"board {empty.board}: forfeit win against an empty board" in english
    french = Client().get(url, **FRENCH).content.decode()
    assert f"échiquier {empty.board} : gain par forfait contre un échiquier vide" in french
    assert "exempt" not in french.lower()
    # the members left out of the line-ups (one a team, two of the short team) are reserves
    assert english.count("<td>reserve</td>") == 5 and "not paired<" not in english
    assert french.count("<td>remplaçant</td>") == 5


def test_a_stale_tab_cannot_forfeit_a_match_over_newer_results(arbiter: Client) -> None:
    """Tab A saves board 1 of match 1; tab B, opened before, records the match as forfeited:
    refused (EN and FR), board 1 keeps A's result and the match no forfeit; from the page as
    it is now the forfeit is recorded."""
    event = team_event(n_teams=6, boards=4)
    match = _first_match_of_round_1(event)
    url = reverse("web:round", args=[event.pk, 1])
    post = reverse("web:team-match", args=[event.pk, 1, match.pk])
    stale_page = arbiter.get(url).content.decode()
    shown = re.search(rf'/matches/{match.pk}/" class="row forfeit-form">.*?name="boards_version"'
                      r' value="(\d+)"', stale_page, re.S).group(1)
    first = min(match.games.all(), key=lambda g: g.board)
    arbiter.post(post, {**_match_form(stale_page, match.pk), f"game_{first.pk}": "1-0"})
    page = arbiter.post(post, {"forfeit": "-+", "boards_version": shown},
                        follow=True).content.decode()
    assert "the forfeit was not recorded" in page
    french = arbiter.post(post, {"forfeit": "-+", "boards_version": shown}, follow=True,
                          **FRENCH).content.decode()
    assert "le forfait n&#x27;a pas été enregistré" in french
    first.refresh_from_db()
    match.refresh_from_db()
    assert (first.result, match.forfeit) == ("1-0", "")
    fresh = re.search(rf'/matches/{match.pk}/" class="row forfeit-form">.*?name="boards_version"'
                      r' value="(\d+)"', arbiter.get(url).content.decode(), re.S).group(1)
    arbiter.post(post, {"forfeit": "-+", "boards_version": fresh})
    match.refresh_from_db()
    assert match.forfeit == "-+"
