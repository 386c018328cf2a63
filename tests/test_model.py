"""Tests of the tournament model: initial order, renumbering, result codes, point systems,
scores, pairing state and publication order (C.04.1, C.04.2 B / C / D; GHR 2 and 3)."""

from __future__ import annotations

import pytest

from conftest import cell, line001, trf_text
from swisspairing.errors import BadRequest, InputError
from swisspairing.formats.trf import parse_trf
from swisspairing.model import (
    Board,
    Colour,
    ForbiddenGroup,
    Pairing,
    Player,
    PointSystem,
    ResultKind,
    RoundEntry,
    Tournament,
)
from swisspairing.model.tournament import TITLE_ORDER, normalise_title, title_rank

W, B = Colour.WHITE, Colour.BLACK


def game(opp: int, colour: Colour, code: str) -> RoundEntry:
    return RoundEntry.game(opp, colour, code)


def bye(code: str) -> RoundEntry:
    return RoundEntry.bye(code)


def tournament(*players: Player, **kwargs: object) -> Tournament:
    return Tournament(players={p.id: p for p in players}, **kwargs)  # type: ignore[arg-type]


# --- initial order (C.04.2 B.2 / GHR 2.2) ------------------------------------------------------
def test_title_order_is_the_one_of_the_rule() -> None:
    """C.04.2 B.2 / GHR 2.2.2: GM, IM, WGM, FM, WIM, CM, WFM, WCM, then no title."""
    assert TITLE_ORDER == ("GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM")
    ranks = [title_rank(t) for t in (*TITLE_ORDER, "")]
    assert ranks == sorted(ranks) and len(set(ranks)) == 9


@pytest.mark.parametrize(
    ("written", "title"),
    [("g", "GM"), ("m", "IM"), ("wg", "WGM"), ("f", "FM"), ("wm", "WIM"), ("c", "CM"),
     ("wf", "WFM"), ("wc", "WCM"), (" gm", "GM"), ("", "")],
)
def test_title_aliases_of_trf_files(written: str, title: str) -> None:
    """trf.md 4: titles are also seen as g m f c wg wm wf wc."""
    assert normalise_title(written) == title


def test_initial_order_rating_then_title_then_name() -> None:
    """C.04.2 B.2: sort by rating (descending), then title in the B.2 order, then name.

    Nine players rated 2300 with every title in shuffled order, plus two untitled players
    whose names decide (alphabetical, case-insensitive), one higher-rated untitled player who
    comes first whatever the title of the others, and one lower-rated GM who comes last.
    """
    titles = ["WCM", "FM", "", "GM", "WFM", "IM", "CM", "WIM", "WGM"]
    players = [Player(i + 1, f"Player {t or 'none'}", 2300, t) for i, t in enumerate(titles)]
    players += [
        Player(10, "adams, Zoe", 2300, ""),
        Player(11, "Brown, Ann", 2300, "WCM"),
        Player(12, "Carlsen, Not", 2450, ""),
        Player(13, "Low, Rated", 2299, "GM"),
    ]
    t = tournament(*players)
    order = [t.players[i] for i in t.initial_order()]
    assert order[0].id == 12
    assert order[-1].id == 13
    middle = [(p.title, p.name) for p in order[1:-1]]
    assert middle == [
        ("GM", "Player GM"), ("IM", "Player IM"), ("WGM", "Player WGM"), ("FM", "Player FM"),
        ("WIM", "Player WIM"), ("CM", "Player CM"), ("WFM", "Player WFM"),
        ("WCM", "Brown, Ann"), ("WCM", "Player WCM"),
        ("", "adams, Zoe"), ("", "Player none"),
    ]


def test_alphabetical_order_ignores_accents_and_case() -> None:
    """C.04.2 B.2 (GHR 2.2.3): alphabetical order. Émile comes before Fabre (E before F) and
    Öztürk sorts by its base letter, whatever the Unicode code points say."""
    names = ["Fabre, Luc", "Émile, Anne", "zola, Max", "Öztürk, Can", "Eder, Jan", "Oberg, Ida"]
    t = tournament(*(Player(i + 1, n, 1800) for i, n in enumerate(names)))
    assert [t.players[i].name for i in t.initial_order()] == [
        "Eder, Jan", "Émile, Anne", "Fabre, Luc", "Oberg, Ida", "Öztürk, Can", "zola, Max"]


def test_renumbered_follows_initial_order_and_renumbers_every_reference() -> None:
    """C.04.2 B.3 / GHR 2.3: the position in the list is the pairing number; every reference
    (opponents, acceleration, forbidden pairs, absences, withdrawals) follows the new numbers."""
    p1 = Player(1, "Low", 1500, results=[game(2, W, "1")])
    p2 = Player(2, "High", 2500, results=[game(1, B, "0")])
    p3 = Player(3, "Mid", 2000, results=[bye("U")])
    t = tournament(p1, p2, p3, acceleration={1: [1.0]},
                   forbidden_pairs=[ForbiddenGroup(frozenset({1, 3}))],
                   absent={2: {1: "H"}}, withdrawn={3: 3})
    r = t.renumbered()
    # High -> 1, Mid -> 2, Low -> 3
    assert [r.players[i].name for i in (1, 2, 3)] == ["High", "Mid", "Low"]
    assert r.players[1].results == [game(3, B, "0")]
    assert r.players[3].results == [game(1, W, "1")]
    assert r.players[2].results == [bye("U")]
    assert r.acceleration == {3: [1.0]}
    assert r.forbidden_pairs == [ForbiddenGroup(frozenset({3, 2}))]
    assert r.absent == {2: {3: "H"}}
    assert r.withdrawn == {2: 3}
    # the original is untouched
    assert t.players[1].name == "Low"


def test_renumbered_refuses_an_incomplete_order() -> None:
    t = tournament(Player(1, "A"), Player(2, "B"))
    with pytest.raises(BadRequest):
        t.renumbered([1])
    with pytest.raises(BadRequest):
        t.renumbered([1, 1])


def test_late_entry_takes_its_place_and_everyone_below_is_renumbered() -> None:
    """C.04.2 C (GHR 2.4): the late entrant gets its place in the initial order; the players
    above keep their numbers, the players below move down by one, and the round-1 opponents
    are renumbered.

    Before: 1 Anna 2200, 2 Bert 2100, 3 Carl 2000, 4 Dora 1900; round 1: 1-3 (1 wins, White),
    2-4 draw (2 Black). Late entrant Eric 2050, absent in round 1 (zero-point bye).
    After: 1 Anna, 2 Bert, 3 Eric, 4 Carl, 5 Dora; in round 1 Anna (1) beat Carl (now 4)
    with White and Bert (2) drew Dora (now 5) with Black.
    """
    t = tournament(
        Player(1, "Anna", 2200, results=[game(3, W, "1")]),
        Player(2, "Bert", 2100, results=[game(4, B, "=")]),
        Player(3, "Carl", 2000, results=[game(1, B, "0")]),
        Player(4, "Dora", 1900, results=[game(2, W, "=")]),
    )
    late = Player(5, "Eric", 2050, results=[bye("Z")])
    n = t.add_late_entry(late)
    assert [n.players[i].name for i in range(1, 6)] == ["Anna", "Bert", "Eric", "Carl", "Dora"]
    assert n.players[1].results == [game(4, W, "1")]
    assert n.players[4].results == [game(1, B, "0")]
    assert n.players[2].results == [game(5, B, "=")]
    assert n.players[5].results == [game(2, W, "=")]
    assert n.players[3].results == [bye("Z")]
    assert n.points_after(3, 1) == 0.0  # GHR 2.4: no points for the missed round


def test_late_entry_keeps_the_order_of_the_players_already_numbered() -> None:
    """GHR 2.3: after round 4 a rating correction no longer changes pairing numbers, so the
    existing order may differ from the rating order. A late entrant is inserted before the
    first player it outranks; the others keep their relative order (GHR 2.4)."""
    t = tournament(
        Player(1, "Anna", 2000),  # rating corrected down after round 4: keeps number 1
        Player(2, "Bert", 2100),
        Player(3, "Carl", 1900),
    )
    n = t.add_late_entry(Player(9, "Eric", 1950))
    assert [n.players[i].name for i in range(1, 5)] == ["Anna", "Bert", "Eric", "Carl"]


def test_late_entry_with_an_existing_id_is_refused() -> None:
    t = tournament(Player(1, "A"))
    with pytest.raises(BadRequest):
        t.add_late_entry(Player(1, "B"))


# --- result codes and point systems (trf.md 4.1; C.04.1 art. 3; GHR 3.1) ----------------------
THREE_ONE_ZERO = PointSystem.standard(3, 1, 0)
CODES = [
    # entry, kind, played?, default points, 3-1-0 points
    (game(2, W, "1"), ResultKind.WIN, True, 1.0, 3.0),
    (game(2, B, "1"), ResultKind.WIN, True, 1.0, 3.0),
    (game(2, W, "="), ResultKind.DRAW, True, 0.5, 1.0),
    (game(2, B, "0"), ResultKind.LOSS, True, 0.0, 0.0),
    (game(2, W, "W"), ResultKind.WIN, True, 1.0, 3.0),
    (game(2, W, "D"), ResultKind.DRAW, True, 0.5, 1.0),
    (game(2, W, "L"), ResultKind.LOSS, True, 0.0, 0.0),
    (game(2, W, "X"), ResultKind.ADJOURNED, True, 0.5, 1.0),
    (game(2, W, "+"), ResultKind.FORFEIT_WIN, False, 1.0, 3.0),
    (game(2, B, "-"), ResultKind.FORFEIT_LOSS, False, 0.0, 0.0),
    (RoundEntry(2, None, "+"), ResultKind.FORFEIT_WIN, False, 1.0, 3.0),
    (bye("U"), ResultKind.PAIRING_BYE, False, 1.0, 3.0),
    (bye("F"), ResultKind.FULL_POINT_BYE, False, 1.0, 3.0),
    (bye("H"), ResultKind.HALF_POINT_BYE, False, 0.5, 1.0),
    (bye("Z"), ResultKind.ZERO_POINT_BYE, False, 0.0, 0.0),
    (bye(" "), ResultKind.ZERO_POINT_BYE, False, 0.0, 0.0),
    # legacy JaVaFo 1.x bye forms
    (bye("+"), ResultKind.PAIRING_BYE, False, 1.0, 3.0),
    (bye("="), ResultKind.HALF_POINT_BYE, False, 0.5, 1.0),
    (bye("-"), ResultKind.ZERO_POINT_BYE, False, 0.0, 0.0),
]


@pytest.mark.parametrize(("entry", "kind", "played", "default", "three"), CODES)
def test_every_result_code(entry: RoundEntry, kind: ResultKind, played: bool, default: float,
                           three: float) -> None:
    """trf.md 4.1: meaning of each code; only 1 = 0 W D L X are played games (C.04.2 D.5);
    X is a draw for pairing (GHR 3.1); a PAB is worth a win (C.04.1 art. 3)."""
    assert entry.kind is kind
    assert entry.is_played is played
    assert kind.is_played is played
    assert entry.is_bye is (entry.opponent == 0)
    assert PointSystem().points(entry) == default
    assert THREE_ONE_ZERO.points(entry) == three


def test_empty_cell_scores_a_zero_point_bye() -> None:
    assert PointSystem().points(None) == 0.0
    assert PointSystem(zero_point_bye=0.25).points(None) == 0.25


def test_colour_dependent_points() -> None:
    """JaVaFo XXS: WW/BW, WD/BD, WL/BL distinguish the colour of the game."""
    ps = PointSystem(white_win=1.0, black_win=1.5, white_draw=0.4, black_draw=0.6)
    assert ps.points(game(2, W, "1")) == 1.0
    assert ps.points(game(2, B, "1")) == 1.5
    assert ps.points(game(2, W, "=")) == 0.4
    assert ps.points(game(2, B, "=")) == 0.6


def _points_of(header: list[str]) -> PointSystem:
    text = trf_text(*header, line001(1, "A", 2000), line001(2, "B", 1900))
    return parse_trf(text, "ps.trf").point_system


def test_xxs_three_one_zero() -> None:
    """trf.md 8: ``XXS PAB=3 D=1 W=3`` is 3/1/0 with the PAB worth a win."""
    assert _points_of(["XXS PAB=3 D=1 W=3"]) == THREE_ONE_ZERO


def test_xxs_shortcuts_leave_the_pab_alone() -> None:
    """trf.md 8: ``XXS W=3`` + ``XXS D=1``: W sets WW BW FW FPB, D sets WD BD HPB; the PAB
    stays 1 (JaVaFo's documented draw-equivalent case); later lines win."""
    ps = _points_of(["XXS W=3", "XXS D=1", "XXS WL=0.5"])
    assert (ps.white_win, ps.black_win, ps.forfeit_win, ps.full_point_bye) == (3, 3, 3, 3)
    assert (ps.white_draw, ps.black_draw, ps.half_point_bye) == (1, 1, 1)
    assert ps.pairing_bye == 1.0
    assert (ps.white_loss, ps.black_loss) == (0.5, 0.0)


def test_bb_lines() -> None:
    """bbpPairings' BBW BBD BBL BBZ BBF BBU lines."""
    ps = _points_of(["BBW 3.0", "BBD 1.0", "BBL 0.5", "BBZ 0.2", "BBF 0.1", "BBU 2.0"])
    assert ps == PointSystem(
        white_win=3, black_win=3, forfeit_win=3, full_point_bye=3,
        white_draw=1, black_draw=1, half_point_bye=1,
        white_loss=0.5, black_loss=0.5, zero_point_bye=0.2, forfeit_loss=0.1, pairing_bye=2,
    )


def test_record_162_three_one_zero() -> None:
    """trf.md 3.1: symbols at columns 6, 15, 24... with points in the 4 columns after; the
    pairing-allocated bye ``P`` defaults to the win value ``W``."""
    line = "162  W 3.0    D 1.0    L 0.0"
    assert line.index("W") == 5 and line.index("D") == 14 and line.index("L") == 23
    assert _points_of([line]) == THREE_ONE_ZERO


def test_record_162_absence_and_pab() -> None:
    """trf.md 3.1: A = zero-point bye and forfeit loss; P = pairing-allocated bye."""
    ps = _points_of(["162  W 2.0    A 0.5    P 1.5"])
    assert (ps.zero_point_bye, ps.forfeit_loss, ps.pairing_bye) == (0.5, 0.5, 1.5)
    assert ps.win == 2.0


@pytest.mark.parametrize("header", ["XXS Q=1", "XXS W3", "XXS W=x", "162  Q 1.0", "BBW x"])
def test_bad_scoring_lines(header: str) -> None:
    with pytest.raises(InputError) as err:
        _points_of([header])
    assert err.value.line == 1 and err.value.path == "ps.trf"


def test_score_under_the_point_system() -> None:
    """Score = sum of the points of each round (trf.md 4: 5W 2D 2L at 3/1/0 = 17)."""
    results = [game(2, W, "1")] * 5 + [game(2, B, "=")] * 2 + [game(2, W, "0")] * 2
    p = Player(1, "A", results=results)
    t = tournament(p, Player(2, "B"), point_system=THREE_ONE_ZERO)
    assert t.total_points(1) == 17.0
    assert t.points_after(1, 6) == 16.0
    t.point_system = PointSystem()
    assert t.total_points(1) == 6.0


# --- rounds paired, players not paired (../shared/cases/README.md; GHR 3.2, 3.3) ----------------
def _small() -> Tournament:
    """Round 1: 1-2 (1 wins), 3-4 forfeit (3 wins), 5 PAB; round 2 pre-entered byes only."""
    text = trf_text(
        "XXR 5",
        line001(1, "A", 2000, 1.0, [cell(2, "w", "1"), cell(0, "-", "H")]),
        line001(2, "B", 1900, 0.0, [cell(1, "b", "0")]),
        line001(3, "C", 1800, 1.0, [cell(4, "w", "+"), cell(0, "-", "Z")]),
        line001(4, "D", 1700, 0.0, [cell(3, "b", "-")]),
        line001(5, "E", 1600, 1.0, [cell(0, "-", "U"), cell(0, "-", "F")]),
        line001(6, "F", 1500, 0.0),
        "XXZ 6",
    )
    return parse_trf(text, "small.trf")


def test_rounds_paired_ignores_pre_entered_byes() -> None:
    t = _small()
    assert t.rounds_in_file == 2
    assert t.rounds_paired == 1
    assert t.next_round == 2


def test_not_paired_in_next_round() -> None:
    """A bye code already in the cell of the round to pair, or an XXZ line, means the player
    is not paired in that round (../shared/cases/README.md; GHR 3.3)."""
    t = _small()
    assert t.not_paired_in(2) == {1: "H", 3: "Z", 5: "F", 6: "Z"}
    # round 1 was paired: only the PAB cell holds no opponent
    assert t.not_paired_in(1) == {5: "U"}


def test_withdrawn_players_are_not_paired_from_their_round_on() -> None:
    """GHR 3.2 (C.04.2 D.3): a withdrawn player is no longer paired."""
    t = _small()
    t.withdrawn[2] = 3
    assert 2 not in t.not_paired_in(2)
    assert t.not_paired_in(3)[2] == "Z"
    assert t.not_paired_in(7)[2] == "Z"


def test_pairing_allocated_bye_marks_the_round_as_paired() -> None:
    t = tournament(Player(1, "A", results=[None, bye("U")]), Player(2, "B"))
    assert t.rounds_paired == 2


def test_forbidden_groups() -> None:
    g = ForbiddenGroup(frozenset({1, 2, 3}), 2, 4)
    t = tournament(Player(1), Player(2), Player(3), Player(4), forbidden_pairs=[g])
    assert t.is_forbidden(1, 3, 2) and t.is_forbidden(3, 2, 4)
    assert not t.is_forbidden(1, 3, 1) and not t.is_forbidden(1, 3, 5)
    assert not t.is_forbidden(1, 4, 3)


def test_forbidden_partners_are_bit_sets_of_the_group_members_present_in_the_round() -> None:
    """The engines' compatibility graphs (Burstein, Dubov, Lim) take the forbidden pairs as bit
    sets: group {1, 2, 3} in rounds 2-4, group {3, 4} always; player 2 not among those asked."""
    t = tournament(Player(1), Player(2), Player(3), Player(4),
                   forbidden_pairs=[ForbiddenGroup(frozenset({1, 2, 3}), 2, 4),
                                    ForbiddenGroup(frozenset({3, 4}))])
    assert t.forbidden_partners(3, [1, 3, 4]) == {1: 1 << 3, 3: (1 << 1) | (1 << 4), 4: 1 << 3}
    assert t.forbidden_partners(5, [1, 2, 3, 4]) == {3: 1 << 4, 4: 1 << 3}
    assert t.forbidden_partners(3, [1, 2]) == {1: 1 << 2, 2: 1 << 1}
    assert t.forbidden_partners(3, [1, 4]) == {}


def test_unknown_player_is_a_bad_request() -> None:
    with pytest.raises(BadRequest):
        tournament(Player(1)).player(7)


# --- publication order (C.04.2 D.9 / GHR 3.6) --------------------------------------------------
def test_publication_order() -> None:
    """C.04.2 D.9: boards sorted by (1) the score of the higher-ranked player, (2) the sum of
    both scores, (3) the pairing number of the higher-ranked player (higher score first, then
    smaller number).

    After round 1: 1, 3 and 8 have 1 point, 2 and 6 have 1/2, 4, 5 and 7 have 0.
    Boards of round 2 as given: 5-3 (max 1, sum 1, higher #3), 1-7 (1, 1, #1), 6-8 (1, 1.5, #8),
    2-4 (1/2, 1/2, #2). By (1) the first three come before 2-4; by (2) 6-8 is first;
    by (3) 1-7 (#1) comes before 5-3 (#3).
    """
    r1 = {1: (5, W, "1"), 5: (1, B, "0"), 2: (6, W, "="), 6: (2, B, "="),
          3: (7, W, "1"), 7: (3, B, "0"), 8: (4, W, "1"), 4: (8, B, "0")}
    t = tournament(*(Player(i, str(i), results=[game(*r1[i])]) for i in range(1, 9)))
    pairing = Pairing(2, [Board(5, 3), Board(1, 7), Board(6, 8), Board(2, 4)])
    assert pairing.publication_order(t) == [Board(6, 8), Board(1, 7), Board(5, 3), Board(2, 4)]
    assert pairing.players() == set(range(1, 9))


def test_pairing_players_include_the_bye() -> None:
    p = Pairing(1, [Board(1, 2)], bye=3, unpaired={4: "H"})
    assert p.players() == {1, 2, 3}


def test_before_round_keeps_earlier_rounds_and_pre_entered_byes_without_touching_original() -> None:
    """``pair --round N`` pairs the tournament as it stood before round N: the cells of rounds
    1..N-1, plus the round's byes entered before pairing (C.04.2 D.4: a half-point bye ``H`` or
    an absence ``Z`` asked in advance), but not the pairing-allocated bye ``U`` nor a forfeit
    win ``+`` that only the pairing makes. The copy is independent of the original."""
    from swisspairing.model import Player, RoundEntry, Tournament
    from swisspairing.model.results import Colour

    game = RoundEntry.game
    t = Tournament(total_rounds=5, headers={"012": ["012 x"]}, acceleration={1: [1.0, 0.0]})
    t.players[1] = Player(1, "A", results=[game(2, Colour.WHITE, "1"), game(3, Colour.BLACK, "="),
                                           RoundEntry.bye("H")])
    t.players[2] = Player(2, "B", results=[game(1, Colour.BLACK, "0"), RoundEntry.bye("U"),
                                           game(3, Colour.WHITE, "1")])
    t.players[3] = Player(3, "C", results=[RoundEntry.bye("U"), game(1, Colour.WHITE, "=")])
    cut = t.before_round(3)
    assert cut.players[1].results == [game(2, Colour.WHITE, "1"), game(3, Colour.BLACK, "="),
                                      RoundEntry.bye("H")]
    assert cut.players[2].results == [game(1, Colour.BLACK, "0"), RoundEntry.bye("U")]
    assert cut.players[3].results == [RoundEntry.bye("U"), game(1, Colour.WHITE, "=")]
    assert cut.next_round == 3
    assert t.before_round(2).players[1].results == [game(2, Colour.WHITE, "1")]
    cut.players[1].results.clear()
    cut.headers["012"].append("012 y")
    cut.acceleration[1][0] = 0.0
    cut.baku = True
    assert len(t.players[1].results) == 3
    assert t.headers == {"012": ["012 x"]}
    assert t.acceleration == {1: [1.0, 0.0]}
    assert not t.baku
