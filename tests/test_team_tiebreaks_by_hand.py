"""Every C.07 team tie-break on one small event worked out by hand from the articles
(``../shared/rules/tiebreaks.md`` 3.6, 4, 5): the substitute for a comparison with Gacrux's
tie-break checker, which we never call (docs/standings.md).

The event: 6 teams of 2 boards, 3 rounds, match points 2/1/0, game points 1/½/0, ``352`` WB
(the team with White has White on board 1, Black on board 2). Codes are board 1, board 2 from
the first-named team's side::

    R1  1-4 "1="  (1.5-0.5)   2-5 "=="  (1-1)     3-6 "01"  (1-1)
    R2  1-2 "=0"  (0.5-1.5)   3-4 "11"  (2-0)     5 PAB (a drawn match: 1 MP, 1 GP)
        6 half-point bye (240 H: 1 MP; its members' H cells, 1 GP)
    R3  1-3 "1="  (1.5-0.5)   2-4 board 1 "0", board 2 of team 4 empty: team 2's player "+"
        against 0000 (1-1, a played match)   5-6 forfeited match (330, 5 wins, "+" on both)

Totals (MP, GP): 1 (4, 3.5)  2 (4, 3.5)  3 (3, 3.5)  4 (1, 1.5)  5 (4, 4)  6 (2, 2).
16.2 categories: 5's PAB 1, 5's forfeit win 2, 6's forfeit loss 4, 6's half-point bye 5 (only
VURs follow it); 16.3 adjusted scores = the scores (the bye is worth a draw anyway).
16.4 caps: 16.4.2 a drawn match per round = 3 MP, 3 GP; 16.4.1 the scheduled opponent's score.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from swisspairing.errors import BadRequest
from swisspairing.formats.trf import write_trf
from swisspairing.interfaces.cli import main
from swisspairing.model import Colour, RoundEntry, Tournament
from swisspairing.standings.teams import parse_team_tiebreaks, rank_teams
from team_helpers import bye, forfeit, team_event


def match(t: Tournament, r: int, white: int, black: int, codes: str) -> None:
    """Round ``r``: ``white``'s team against ``black``'s, board ``b`` result ``codes[b]`` from
    the White team's side (``1`` ``=`` ``0``)."""
    ev = t.team_event
    assert ev is not None
    mirror = {"1": "0", "=": "=", "0": "1"}
    for b, code in enumerate(codes):
        wp, bp = ev.teams[white].members[b], ev.teams[black].members[b]
        wc = Colour.WHITE if ev.board_colours[b] == "W" else Colour.BLACK
        t.players[wp].set_entry(r, RoundEntry(bp, wc, code))
        t.players[bp].set_entry(r, RoundEntry(wp, wc.opposite, mirror[code]))


def hand_event() -> Tournament:
    t = team_event(6, boards=2, rounds=3)
    ev = t.team_event
    assert ev is not None
    match(t, 1, 1, 4, "1=")
    match(t, 1, 2, 5, "==")
    match(t, 1, 3, 6, "01")
    match(t, 2, 1, 2, "=0")
    match(t, 2, 3, 4, "11")
    bye(t, 2, 5)
    ev.absent[2] = {6: "H"}
    for pid in ev.teams[6].members:
        t.players[pid].set_entry(2, RoundEntry.bye("H"))
    match(t, 3, 1, 3, "1=")
    two, four = ev.teams[2].members, ev.teams[4].members
    t.players[two[0]].set_entry(3, RoundEntry(four[0], Colour.WHITE, "0"))
    t.players[four[0]].set_entry(3, RoundEntry(two[0], Colour.BLACK, "1"))
    t.players[two[1]].set_entry(3, RoundEntry(0, Colour.BLACK, "+"))  # empty board opposite
    t.players[four[1]].set_entry(3, RoundEntry.bye("Z"))
    forfeit(t, 3, 5, 6, True)
    return t


def values(label: str, t: Tournament | None = None, round_number: int | None = None
           ) -> dict[int, float | None]:
    st = rank_teams(t or hand_event(), parse_team_tiebreaks(label), round_number)
    return {r.tid: r.values[0] for r in st.rows}


def test_scores() -> None:
    """The totals of the module docstring (the half-point bye's GP: its members' cells)."""
    st = rank_teams(hand_event(), [])
    assert {r.tid: (r.match_points, r.game_points) for r in st.rows} == {
        1: (4, 3.5), 2: (4, 3.5), 3: (3, 3.5), 4: (1, 1.5), 5: (4, 4), 6: (2, 2)}


def test_mpvgp() -> None:
    """13.1: MP primary, so the secondary score is GP."""
    assert values("MPvGP") == {1: 3.5, 2: 3.5, 3: 3.5, 4: 1.5, 5: 4, 6: 2}


def test_buchholz_and_its_modifiers() -> None:
    """8.1 on MP with 16.4. 1: 4 (1) + 2 (4) + 3 (3) = 8; 2: 5 (4) + 1 (4) + 4 (1) = 9;
    3: 6 (2) + 4 (1) + 1 (4) = 7; 4: 1 (4) + 3 (3) + 2 (4) = 11; 5: 2 (4) + PAB dummy
    min(4, 3) = 3 + forfeit win dummy min(4, team 6's 2) = 2, 9; 6: 3 (3) + bye dummy
    min(2, 3) = 2 + forfeit loss dummy min(2, team 5's 4) = 2, 7.
    /P: 6's forfeit counts against team 5 (4): 3 + 2 + 4 = 9; 5's against 6 (2): 9.
    /C1 (14.1, 16.5): 1 {1,4,3} 7; 2 {4,4,1} 8; 3 {2,1,4} 6; 4 {4,3,4} 8; 5 {4,3,2} 7 (a PAB
    and a forfeit win are no VUR); 6 {3, 2 VUR, 2 VUR}: the lowest VUR value (2) is not below
    the least significant (2): cut, 5.
    BH:GP (art. 13 preamble): 1: 1.5 + 3.5 + 3.5 = 8.5; 6: 3.5 + min(2, 3) + min(2, 4) = 7.5."""
    assert values("BH") == {1: 8, 2: 9, 3: 7, 4: 11, 5: 9, 6: 7}
    assert values("BH/P") == {1: 8, 2: 9, 3: 7, 4: 11, 5: 9, 6: 9}
    assert values("BH/C1") == {1: 7, 2: 8, 3: 6, 4: 8, 5: 7, 6: 5}
    gp = values("BH:GP")
    assert (gp[1], gp[6]) == (8.5, 7.5)


def test_extended_sonneborn_berger() -> None:
    """13.2 (opponent's score x own score, 16.4 dummies for the unplayed rounds).
    EMMSB: 1: 1x2 + 4x0 + 3x2 = 8; 2: 4x1 + 4x2 + 1x1 = 13; 3: 2x1 + 1x2 + 4x0 = 4;
    4: 4x0 + 3x0 + 4x1 = 4; 5: 4x1 + 3x1 + 2x2 = 11; 6: 3x1 + 2x1 + 2x0 = 5.
    EMGSB: 1: 1x1.5 + 4x0.5 + 3x1.5 = 8; 2: 4x1 + 4x1.5 + 1x1 = 11; 3: 2x1 + 1x2 + 4x0.5 = 6;
    4: 4x0.5 + 3x0 + 4x1 = 6; 5: 4x1 + 3x1 + 2x2 = 11; 6: 3x1 + 2x1 + 2x0 = 5.
    EGMSB (GP dummies: 5's PAB min(4, 3) = 3, forfeit min(4, 2) = 2; 6's bye min(2, 3) = 2):
    1: 1.5x2 + 3.5x0 + 3.5x2 = 10; 2: 4x1 + 3.5x2 + 1.5x1 = 12.5; 3: 2x1 + 1.5x2 + 3.5x0 = 5;
    4: 3.5x0 + 3.5x0 + 3.5x1 = 3.5; 5: 3.5x1 + 3x1 + 2x2 = 10.5; 6: 3.5x1 + 2x1 + 2x0 = 5.5.
    EGGSB: 1: 1.5x1.5 + 3.5x0.5 + 3.5x1.5 = 9.25; 2: 4x1 + 3.5x1.5 + 1.5x1 = 10.75;
    3: 2x1 + 1.5x2 + 3.5x0.5 = 6.75; 4: 3.5x0.5 + 3.5x0 + 3.5x1 = 5.25;
    5: 3.5x1 + 3x1 + 2x2 = 10.5; 6: 3.5x1 + 2x1 + 2x0 = 5.5 (two decimals kept: 9.25 is not
    9.3). SB is EMMSB here (MP primary)."""
    assert values("EMMSB") == values("SB") == {1: 8, 2: 13, 3: 4, 4: 4, 5: 11, 6: 5}
    assert values("EMGSB") == {1: 8, 2: 11, 3: 6, 4: 6, 5: 11, 6: 5}
    assert values("EGMSB") == {1: 10, 2: 12.5, 3: 5, 4: 3.5, 5: 10.5, 6: 5.5}
    assert values("EGGSB") == {1: 9.25, 2: 10.75, 3: 6.75, 4: 5.25, 5: 10.5, 6: 5.5}


def test_board_tiebreaks() -> None:
    """Art. 12 (forfeits are results, a PAB a win on every board; a requested bye puts nothing
    on the boards). Board 1 / board 2 game points: 1: 1+½+1 = 2.5 / ½+0+½ = 1;
    2: ½+½+0 = 1 / ½+1+1 (the '+' against the empty board) = 2.5; 3: 0+1+0 = 1 / 1+1+½ = 2.5;
    4: 0+0+1 = 1 / ½+0 = 0.5; 5: ½+1+1 = 2.5 / ½+1+1 = 2.5; 6: 1+0 = 1 / 0+0 = 0.
    BC 12.1 = 1 x board 1 + 2 x board 2: 1: 4.5, 2: 6, 3: 6, 4: 2, 5: 7.5, 6: 1.
    TBR 12.2 and BBE 12.3 show board 1 (BBE with two boards: everything but board 2)."""
    assert values("BC") == {1: 4.5, 2: 6, 3: 6, 4: 2, 5: 7.5, 6: 1}
    assert values("TBR") == values("BBE") == {1: 2.5, 2: 1, 3: 1, 4: 1, 5: 2.5, 6: 1}


def test_sssc() -> None:
    """13.4: SSSC = GP (secondary) + BH (on MP, primary) / NF. 13.4.2: NF = the highest MP of
    the event (3 rounds x 2) / the highest GP of one match (2 boards x 1) = 6 / 2 = 3.
    1: 3.5 + 8/3 = 6.1667; 2: 3.5 + 9/3 = 6.5; 3: 3.5 + 7/3 = 5.8333; 4: 1.5 + 11/3 = 5.1667;
    5: 4 + 9/3 = 7; 6: 2 + 7/3 = 4.3333.
    /K2: 1: 3.5 + 4 = 7.5; 2: 3.5 + 4.5 = 8; 3: 3.5 + 3.5 = 7; 4: 1.5 + 5.5 = 7;
    5: 4 + 4.5 = 8.5; 6: 2 + 3.5 = 5.5.  /P: 6: 2 + 9/3 = 5 (BH/P), the rest unchanged."""
    assert values("SSSC") == {1: 6.1667, 2: 6.5, 3: 5.8333, 4: 5.1667, 5: 7, 6: 4.3333}
    assert values("SSSC/K2") == {1: 7.5, 2: 8, 3: 7, 4: 7, 5: 8.5, 6: 5.5}
    with_p = values("SSSC/P")
    assert with_p[6] == 5 and with_p[5] == 7 and with_p[1] == 6.1667


def test_sssc_with_fore_buchholz() -> None:
    """13.4 with /F: the Fore Buchholz (8.3), every match paired in round 3 taken as a drawn
    match (1 MP, 1 GP). MP in that view: 1: 2+0+1 = 3; 2: 1+2+1 = 4; 3: 1+2+1 = 4;
    4: 0+0+1 = 1; 5: 1+1+1 = 3; 6: 1+1+1 = 3 (6's bye is now followed by a played match:
    category 3, same cap). FB: 1: 1 + 4 + 4 = 9; 2: 3 + 3 + 1 = 7; 3: 3 + 1 + 3 = 7;
    4: 3 + 4 + 4 = 11; 5: 4 + PAB min(3, 3) + 3 = 10; 6: 4 + bye min(3, 3) + 3 = 10.
    SSSC/F = the real GP + FB / 3: 1: 6.5; 2: 5.8333; 3: 5.8333; 4: 5.1667; 5: 7.3333;
    6: 5.3333."""
    assert values("SSSC/F") == {1: 6.5, 2: 5.8333, 3: 5.8333, 4: 5.1667, 5: 7.3333, 6: 5.3333}


def test_sssc_factor_with_game_points_primary() -> None:
    """With game points primary (``192 FIDE_TEAM_TYPEA_GP_MP``), NF = 3 rounds x 2 GP / 2 MP
    = 3 again; the secondary score is MP: 1: 4 + BH on GP (1.5 + 3.5 + 3.5 = 8.5) / 3 =
    6.8333."""
    t = hand_event()
    t.headers["192"] = ["192 FIDE_TEAM_TYPEA_GP_MP"]
    assert values("SSSC", t)[1] == 6.8333


def test_ranking_with_the_default_list() -> None:
    """MP: {1, 2, 5} 4, 3 3, 6 2, 4 1. MPvGP: 5 (4) before {1, 2} (3.5). EDE on {1, 2}: they
    met in round 2, team 2 won: 2 before 1."""
    st = rank_teams(hand_event())
    assert [(r.rank, r.tid) for r in st.rows] == [(1, 5), (2, 2), (3, 1), (4, 3), (5, 6),
                                                  (6, 4)]


def test_ede_with_teams_that_did_not_all_meet() -> None:
    """EDE on {1, 2, 5} (4 MP): 1-2 met (2 won), 2-5 met (drawn), 1-5 did not. 6.3 on MP:
    DE scores 1: 0 (at most 2 with the missing match), 2: 2 + 1 = 3, 5: 1 (at most 3): team
    2's 3 is not above 5's 3, nobody is placed; on GP: 1: 0.5 (at most 2.5), 2: 1.5 + 1 = 2.5,
    5: 1 (at most 3): nobody. EDE leaves them tied, MPvGP then puts 5 first, 1 and 2 tie."""
    st = rank_teams(hand_event(), parse_team_tiebreaks("EDE,MPvGP"))
    assert [(r.rank, r.tid) for r in st.rows][:3] == [(1, 5), (2, 1), (2, 2)]
    assert {r.tid: r.values[0] for r in st.rows if r.tid in (1, 2, 5)} == {1: 0, 2: 3, 5: 1}


def test_ede_sequences_after_round_2() -> None:
    """After round 2 (2 rounds): MP/GP 1 (2, 2), 2 (3, 2.5), 3 (3, 3), 4 (0, 0.5), 5 (2, 2),
    6 (2, 2). {1, 5, 6} tie on MP and GP and never met: EDE leaves them (6.3, nobody sure of
    first place). Board points: 1: b1 1 + ½ = 1.5, b2 ½ + 0 = 0.5 (BC 2.5); 5: b1 ½ + 1
    (PAB) = 1.5, b2 ½ + 1 = 1.5 (BC 4.5); 6: b1 1, b2 0 (BC 1).
    EDEBT and EDEBB: BC, lower first: 6, 1, 5. EDET: TBR board 1: 1 and 5 (1.5) before 6 (1),
    then board 2: 5 (1.5) before 1 (0.5): 5, 1, 6. EDEB: BBE keeps board 1 only: {1, 5} tied
    before 6, and EDE starting again on {1, 5} (13.3.3) changes nothing.
    {2, 3} tie on MP, not on GP (2.5, 3): the board steps do not apply (12.1, 13.3.2)."""
    t = hand_event()

    def order(label: str) -> list[tuple[int, int]]:
        st = rank_teams(t, parse_team_tiebreaks(label), 2)
        return [(r.rank, r.tid) for r in st.rows]

    assert order("EDEBT") == [(1, 2), (1, 3), (3, 6), (4, 1), (5, 5), (6, 4)]
    assert order("EDEBB") == order("EDEBT")
    assert order("EDET") == [(1, 2), (1, 3), (3, 5), (4, 1), (5, 6), (6, 4)]
    assert order("EDEB") == [(1, 2), (1, 3), (3, 1), (3, 5), (5, 6), (6, 4)]


def test_de_excludes_forfeited_matches_unless_p() -> None:
    """6.1.1: a forfeited match is no direct encounter unless ``/P``. Four teams, two rounds:
    R1 1-3 "11", 2-4 "00"; R2 1-2 "==", 3-4 forfeited (330, team 3 wins). Teams 3 and 4 tie
    on 2 MP and 2 GP; with DE they did not meet (6.3 with one missing match: nobody placed),
    with DE/P team 3 won their match and ranks before 4."""
    t = team_event(4, boards=2, rounds=2)
    match(t, 1, 1, 3, "11")
    match(t, 1, 2, 4, "00")
    match(t, 2, 1, 2, "==")
    forfeit(t, 2, 3, 4, True)
    plain = rank_teams(t, parse_team_tiebreaks("DE"))
    with_p = rank_teams(t, parse_team_tiebreaks("DE/P"))
    assert [(r.rank, r.tid) for r in plain.rows] == [(1, 1), (2, 3), (2, 4), (4, 2)]
    assert [(r.rank, r.tid) for r in with_p.rows] == [(1, 1), (2, 3), (3, 4), (4, 2)]


def test_bad_labels_are_refused() -> None:
    for bad, message in (("SSSC/K0", "above 0"), ("SSSC/Kx", "above 0"),
                         ("SSSC/C1", "does not apply"), ("TBR/P", "does not apply"),
                         ("SB:GP", "applies only to BH")):
        with pytest.raises(BadRequest, match=message):
            parse_team_tiebreaks(bad)


def test_cli_prints_sssc(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "event.trf"
    path.write_text(write_trf(hand_event()))
    assert main(["standings", str(path), "--tiebreaks", "MPvGP,SSSC,SSSC/F/K2"]) == 0
    out = capsys.readouterr().out
    assert "SSSC/F/K2" in out and "6.1667" in out and "scores and schedule strength" in out
    assert main(["standings", str(path), "--tiebreaks", "SSSC/K0"]) == 2


def test_the_file_202_record_is_the_default_list() -> None:
    """TRF-2026 202 (trf.md 7): the list of the file when none is asked for; an unknown code
    in it is refused with the record named."""
    t = hand_event()
    t.headers["202"] = ["202 SSSC/K2,BC"]
    st = rank_teams(t)
    assert st.labels == ["SSSC/K2", "BC"]
    assert {r.tid: r.values[0] for r in st.rows}[5] == 8.5
    t.headers["202"] = ["202 SSSC,NOPE"]
    with pytest.raises(BadRequest, match="record 202: unknown team tie-break"):
        rank_teams(t)
