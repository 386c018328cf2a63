"""The Swiss Team Pairing System engine (C.04.6): hand-made events whose pairing follows from
the rule text (each test says how), the command line, and the reference rounds of
``../shared/cases-2026/team-swiss`` (answers given identically by two implementations)."""

from __future__ import annotations

from pathlib import Path

import pytest

from swisspairing.errors import NoValidPairing
from swisspairing.formats.trf import read_trf, write_trf
from swisspairing.interfaces.cli import main
from swisspairing.model import Colour
from swisspairing.model.team_state import build_team_states
from swisspairing.model.teams import TeamAcceleration
from swisspairing.systems import get_system
from team_helpers import bye, forfeit, pairs_of, play, team_event

TEAM = get_system("team-swiss")
CASES = Path(__file__).resolve().parents[2] / "shared" / "cases-2026" / "team-swiss"


def test_round_one_pairs_top_half_against_bottom_half() -> None:
    """3.6: one bracket of 8 teams on 0; the first identifier is 1 2 3 4 5 6 7 8 (tops 1-4,
    bottoms 5-8). Colours 4.3.1 (initial-colour White): first-team 1 (odd) White, 2 (even)
    Black, 3 White, 4 Black."""
    p = TEAM.pair(team_event(8), 1)
    assert pairs_of(p) == [(1, 5), (3, 7), (6, 2), (8, 4)]
    assert p.bye is None


def test_round_one_initial_colour_black() -> None:
    """4.3.1 with initial-colour Black: first-team 1 (odd) Black, first-team 2 (even) White."""
    p = TEAM.pair(team_event(4, initial=Colour.BLACK), 1)
    assert pairs_of(p) == [(2, 4), (3, 1)]


def test_odd_round_one_bye_to_the_largest_tpn() -> None:
    """3.4: every team has score 0 and no match: 3.4.4 the largest TPN, team 7, gets the PAB;
    the six others pair 1-4, 2-5, 3-6."""
    p = TEAM.pair(team_event(7), 1)
    assert p.bye == 7
    assert sorted(tuple(sorted(x)) for x in pairs_of(p)) == [(1, 4), (2, 5), (3, 6)]


def test_c2_the_bye_goes_up_when_the_others_had_one() -> None:
    """[C2]: round 1 team 1 beat team 2, team 3 had the PAB; round 2 team 2 (lowest) had the PAB
    and team 1 beat team 3. Round 3: teams 2 and 3 already had a PAB, so team 1 (4 MP, the
    leader) gets it and 2 meets 3 (they have not met)."""
    t = team_event(3)
    play(t, 1, 1, 2, "W")
    bye(t, 1, 3)
    bye(t, 2, 2)
    play(t, 2, 3, 1, "L")
    states = build_team_states(t, 3)
    assert [states[i].score for i in (1, 2, 3)] == [4.0, 1.0, 1.0]
    p = TEAM.pair(t, 3)
    assert p.bye == 1
    assert sorted(tuple(sorted(x)) for x in pairs_of(p)) == [(2, 3)]


def test_pab_prefers_the_team_that_played_more_matches() -> None:
    """3.4.3 (reading: played matches only): round 1 team 3 won by forfeit against team 1 and
    team 2 beat team 4; team 5 had the PAB. Round 2, lowest score 0: teams 1 (no match played:
    its match was forfeited) and 4 (one played) -> team 4 gets the PAB."""
    t = team_event(5)
    forfeit(t, 1, 1, 3, white_wins=False)
    play(t, 1, 2, 4, "W")
    bye(t, 1, 5)
    p = TEAM.pair(t, 2)
    assert p.bye == 4


def test_a_forfeited_match_is_no_meeting() -> None:
    """[C1] with GHR 3.5: two teams whose round-1 match was forfeited may meet in round 2; two
    teams that played may not (no legal pairing: the Chief Arbiter decides, 3.3.3)."""
    t = team_event(2)
    forfeit(t, 1, 1, 2, white_wins=True)
    assert sorted(tuple(sorted(x)) for x in pairs_of(TEAM.pair(t, 2))) == [(1, 2)]
    t = team_event(2)
    play(t, 1, 1, 2, "D")
    with pytest.raises(NoValidPairing):
        TEAM.pair(t, 2)


def test_absent_team_is_not_paired() -> None:
    """GHR 3.3: a team named by ``240 Z`` for the round is left out (listed as unpaired)."""
    t = team_event(5)
    t.team_event.absent[1] = {5: "Z"}  # type: ignore[union-attr]
    p = TEAM.pair(t, 1)
    assert p.bye is None and p.unpaired == {5: "Z"}
    assert len(p.boards) == 2


def test_round_two_colours_follow_4_3() -> None:
    """Round 1: 1-3 and 4-2 (White first) drawn. Round 2 (Type A): teams 1 and 4 had White,
    teams 2 and 3 Black (CD +1 / -1 after one match: no Type A preference). Scores all 1: one
    bracket; the legal pairings are {1-2, 3-4} (identifier 1 3 2 4) and {1-4, 2-3} (1 2 4 3),
    the second comes first (3.6.3). Pair 1-4: same CD, same history, no preference: 4.3.8
    alternates first-team 1's White -> 4-1. Pair 2-3: 4.3.8 alternates team 2's Black
    -> 2-3."""
    t = team_event(4)
    play(t, 1, 1, 3, "D")
    play(t, 1, 4, 2, "D")
    p = TEAM.pair(t, 2)
    assert pairs_of(p) == [(2, 3), (4, 1)]


def _write(t: object, path: Path) -> Path:
    path.write_text(write_trf(t))  # type: ignore[arg-type]
    return path


def test_cli_chooses_team_swiss_from_192_and_explains(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``pair`` without ``--system`` on ``192 FIDE_TEAM_TYPEB_MP_GP`` pairs with team-swiss;
    text, JSON and --explain in English and French."""

    def _cli(*args: str) -> tuple[int, str, str]:
        code = main(list(args))
        captured = capsys.readouterr()
        return code, captured.out, captured.err

    t = team_event(6, code="FIDE_TEAM_TYPEB_MP_GP")
    play(t, 1, 1, 4, "W")
    play(t, 1, 5, 2, "D")
    play(t, 1, 3, 6, "L")
    path = _write(t, tmp_path / "event.trf")
    code, _, err = _cli("pair", str(path), "-o", str(tmp_path / "out.txt"))
    assert code == 0, err
    expected = TEAM.pair(read_trf(path), 2)
    lines = (tmp_path / "out.txt").read_text().split("\n")
    assert lines[0] == "3"
    assert sorted(lines[1:4]) == sorted(f"{b.white} {b.black}" for b in expected.boards)
    code, text, _ = _cli("pair", str(path))
    assert code == 0 and "Team 01" in text and "Player 1.1" in text
    code, en, _ = _cli("pair", str(path), "--explain")
    assert "[C.04.6 4" in en and "Colours" in en
    # each team's state: team 1 beat team 4 with White (Type B: mild Black preference)
    assert "team 1: 2 (4), colours W, CD +1, prefers Black (mild)" in en
    code, fr, _ = _cli("pair", str(path), "--explain", "--lang", "fr")
    assert "Couleurs" in fr
    assert "équipe 1 : 2 (4), couleurs B, DC +1, préfère Noirs (faible)" in fr
    code, js, _ = _cli("pair", str(path), "--format", "json")
    assert '"matches"' in js and '"match_points"' in js


def test_cli_refuses_an_individual_system_on_a_team_file(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _write(team_event(4), tmp_path / "event.trf")
    assert main(["pair", str(path), "--system", "dutch"]) == 2
    err = capsys.readouterr().err
    assert "team" in err and "Traceback" not in err


@pytest.mark.skipif(not CASES.is_dir(), reason="../shared/cases-2026 is not next to the "
                    "repository")
def test_reference_rounds_agree() -> None:
    """Every reference round: same pairs, same colours, same PAB team (compare-cases' rule)."""
    differ = []
    for path in sorted(CASES.glob("*.trf")):
        t = read_trf(path)
        p = TEAM.pair(t, t.next_round)
        words = path.with_suffix(".pairs").read_text().split()[1:]
        rows = [(int(words[i]), int(words[i + 1])) for i in range(0, len(words), 2)]
        want_pairs = sorted(r for r in rows if r[1] != 0)
        want_bye = next((r[0] for r in rows if r[1] == 0), None)
        if (pairs_of(p), p.bye) != (want_pairs, want_bye):
            differ.append(path.name)
    assert differ == []


def test_baku_for_teams_makes_two_groups_in_round_one() -> None:
    """C.04.7 1.2-1.4 for teams (192 FIDE_TEAM_BAKU, 8 teams, 5 rounds): group A = the first
    2 x ceil(8/4) = 4 teams get a win's match points (2) in round 1, so round 1 pairs 1-4
    among themselves (1-3, 2-4) and 5-8 (5-7, 6-8) instead of 1-5, 2-6... Colours 4.3.1
    (initial White): first-teams 1 and 5 (odd) White, 2 and 6 (even) Black."""
    t = team_event(8, rounds=5, code="FIDE_TEAM_BAKU")
    assert pairs_of(TEAM.pair(t, 1)) == [(1, 3), (4, 2), (5, 7), (8, 6)]
    # the same from 250 records, with the virtual points in the match point column, or (as
    # the TRF-2026 example writes them) in the game point column
    for mp, gp in ((2.0, 0.0), (0.0, 2.0)):
        t = team_event(8, rounds=5)
        t.team_event.acceleration = [TeamAcceleration(mp, gp, 1, 2, 1, 4)]  # type: ignore[union-attr]
        assert pairs_of(TEAM.pair(t, 1)) == [(1, 3), (4, 2), (5, 7), (8, 6)]
    states = build_team_states(team_event(8, rounds=5, code="FIDE_TEAM_BAKU"), 3)
    assert states[1].score == 1.0 and states[1].real_score == 0.0  # half in round A = 3


def test_late_team_scores_nothing_for_missed_rounds_and_can_get_the_bye() -> None:
    """GHR 2.4: team 5 arrives for round 3 (absent, 240 Z, in rounds 1-2): 0 MP. Round 3: it
    has the lowest score (3.4.2) and gets the PAB. Then 1 (4 MP) has met 3 and 4: 1-2; 4-3.
    Colours: team 1 WW (prefers Black), team 2 BB (prefers White): 2-1 (4.3.3); teams 3 (B W)
    and 4 (W B) have no Type A preference and CD 0: 4.3.6 from the end, 4 had Black when 3 had
    White: 4 White."""
    t = team_event(5)
    t.team_event.absent = {1: {5: "Z"}, 2: {5: "Z"}}  # type: ignore[union-attr]
    play(t, 1, 1, 3, "W")
    play(t, 1, 4, 2, "W")
    play(t, 2, 1, 4, "W")
    play(t, 2, 3, 2, "D")
    states = build_team_states(t, 3)
    assert states[5].score == 0.0 and states[5].rounds[0].kind.value == "absent"
    p = TEAM.pair(t, 3)
    assert p.bye == 5
    assert pairs_of(p) == [(2, 1), (4, 3)]
