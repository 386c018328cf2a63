"""The checker and the generator for team events (C.04.6): ``check`` re-pairs every team round
and lists the absolute rules a published round breaks; ``generate --system team-swiss`` plays
realistic events (line-ups with reserves, forfeited matches, absent teams)."""

from __future__ import annotations

from pathlib import Path

import pytest

from swisspairing.checker.check import check_tournament
from swisspairing.checker.endorse import run_endorsement
from swisspairing.checker.generator import GeneratorConfig, generate
from swisspairing.formats.trf import parse_trf, read_trf, write_trf
from swisspairing.interfaces.cli import main
from swisspairing.model.teams import MatchKind, team_rounds
from team_helpers import bye, play, team_event

CONFIG = GeneratorConfig(players=14, rounds=6, boards=4, forfeit_rate=0.08,
                         zero_point_bye_rate=0.04, reserve_rate=0.3)


def test_generated_event_is_realistic_and_reads_back_equal() -> None:
    t = generate("team-swiss", CONFIG, 11)
    ev = t.team_event
    assert ev is not None and len(ev.teams) == 14 and t.total_rounds == 6
    kinds = {x.kind for rows in team_rounds(t).values() for x in rows}
    assert MatchKind.PLAYED in kinds
    assert ev.lineups, "some team fielded a reserve"
    text = write_trf(t, points="computed")
    again = parse_trf(text)
    assert again.warnings == []
    assert again == parse_trf(write_trf(again))
    for tid, team in again.team_event.teams.items():  # type: ignore[union-attr]
        rows = team_rounds(again)[tid]
        assert sum(x.match_points for x in rows) == team.declared_match_points


def test_check_equals_pair_on_generated_events() -> None:
    """Every round of 20 generated events (forfeits, absences, reserves): the checker's pairing
    equals the published one and no absolute rule is broken."""
    summary = run_endorsement("team-swiss", CONFIG, 20, 100, check=True, jobs=1, progress=False)
    assert summary.ok, summary.render()


def test_check_flags_a_rematch_and_a_second_bye() -> None:
    """[C1]: teams 1 and 3 played in round 1 and are paired again in round 2. [C2]: team 5 had
    the PAB in round 1 and gets it again in round 2."""
    t = team_event(5)
    play(t, 1, 1, 3, "W")
    play(t, 1, 4, 2, "D")
    bye(t, 1, 5)
    play(t, 2, 3, 1, "D")
    play(t, 2, 2, 4, "W")
    bye(t, 2, 5)
    report = check_tournament(t, "team-swiss")
    rules = {v.rule for v in report.rounds[1].violations}
    assert {"C.04.6 [C1]", "C.04.6 [C2]"} <= rules
    assert not report.rounds[0].violations and report.rounds[0].agrees
    assert not report.ok


def test_individual_system_cannot_check_a_team_event() -> None:
    from swisspairing.errors import BadRequest

    with pytest.raises(BadRequest, match="team"):
        check_tournament(team_event(4), "dutch")


def test_cli_generate_then_check(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "event.trf"
    assert main(["generate", "--system", "team-swiss", "--teams", "12", "--boards", "3",
                 "--rounds", "5", "--seed", "7", "--forfeit-rate", "0.1", "-o", str(out)]) == 0
    t = read_trf(out)
    assert t.team_event is not None and t.team_event.boards() == 3 and t.warnings == []
    assert main(["check", str(out)]) == 0
    assert "0 discrepant" in capsys.readouterr().out


def test_generated_baku_event_checks_clean() -> None:
    """``generate --system team-swiss --baku``: the event says ``192 FIDE_TEAM_BAKU`` and every
    round is paired again identically with the virtual match points (C.04.7 1.4)."""
    from dataclasses import replace

    config = replace(CONFIG, baku=True, players=20, rounds=7)
    t = generate("team-swiss", config, 3)
    assert t.headers["192"] == ["192 FIDE_TEAM_BAKU"]
    report = check_tournament(parse_trf(write_trf(t, points="computed")), "team-swiss")
    assert report.ok
