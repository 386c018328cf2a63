"""Late teams (C.04.6 Art. 0, GHR 2.4): a team entered after round 1 at a given pairing number."""

from __future__ import annotations

import pytest

from swisspairing.errors import BadRequest
from swisspairing.formats.trf import parse_trf, write_trf
from swisspairing.model import Player
from swisspairing.model.team_state import build_team_states
from swisspairing.model.teams import Team, add_late_team
from swisspairing.systems import get_system
from team_helpers import bye, forfeit, pairs_of, play, team_event


def test_late_team_takes_its_tpn_and_the_records_follow() -> None:
    """Five teams play round 1 (1-3, 4-2 forfeited, 5 the PAB); a sixth arrives before round 2
    at TPN 2: the old teams 2-5 become 3-6 in every team record, the newcomer has 0 match
    points for the round it missed (GHR 2.4) and is paired in round 2."""
    t = team_event(5)
    play(t, 1, 1, 3, "W")
    forfeit(t, 1, 4, 2, white_wins=True)
    bye(t, 1, 5)
    members = [Player(0, f"Late {b}", 2500 - b) for b in range(1, 5)]
    late = add_late_team(t, Team(0, "Late team", captain=0), members, 2)
    ev = late.team_event
    assert ev is not None
    assert [ev.teams[i].name for i in range(1, 7)] == ["Team 01", "Late team", "Team 02",
                                                      "Team 03", "Team 04", "Team 05"]
    assert ev.teams[2].members == [21, 22, 23, 24] and ev.teams[2].captain == 21
    assert ev.pab == {1: 6}
    assert [(f.white, f.black) for f in ev.forfeits] == [(5, 3)]
    states = build_team_states(late, 2)
    assert states[2].score == 0.0 and states[2].rounds[0].kind.value == "absent"
    assert states[1].opponents == {4} and states[6].may_get_bye is False
    assert t.team_event is not None and len(t.team_event.teams) == 5  # the original is kept
    p = get_system("team-swiss").pair(late, 2)
    assert p.bye is None and len(p.boards) == 3
    assert all(sorted((b.white, b.black)) != [1, 4] for b in p.boards)  # [C1]
    again = parse_trf(write_trf(late))
    assert again.team_event == ev
    assert pairs_of(get_system("team-swiss").pair(again, 2)) == pairs_of(p)


def test_late_team_tpn_must_fit() -> None:
    t = team_event(4)
    with pytest.raises(BadRequest, match="1 to 5"):
        add_late_team(t, Team(0, "X"), [Player(0, "A")], 7)
    with pytest.raises(BadRequest, match="member"):
        add_late_team(t, Team(0, "X"), [], 2)


def test_withdrawn_team_is_not_paired_any_more() -> None:
    """GHR 3.2: team 4 withdraws from round 2 on: not paired in rounds 2 and later (the bye
    goes to another team), absent in its standings rows; the record round-trips."""
    t = team_event(5)
    play(t, 1, 1, 3, "W")
    play(t, 1, 4, 2, "D")
    bye(t, 1, 5)
    t.team_event.withdrawn[4] = 2  # type: ignore[union-attr]
    text = write_trf(t)
    assert "### swisspairing team-withdrawn 4 2" in text
    again = parse_trf(text)
    assert again.team_event == t.team_event
    p = get_system("team-swiss").pair(again, 2)
    assert p.unpaired == {4: "Z"} and p.bye is None and len(p.boards) == 2
    assert 4 not in {b.white for b in p.boards} | {b.black for b in p.boards}
