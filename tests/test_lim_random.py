"""Random Lim tournaments: no pairing breaks an absolute rule (sample of benchmarks/lim_random).

Each round paired by ``lim`` while the checker's generator plays the tournament is checked at
once by the checker's :func:`absolute_violations` with the ``lim`` rule set (C.04.1 b-g, 2026
bye rule, last-round colour exception). Then the command line pairs a saved tournament with
``--explain`` in English and French.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from swisspairing.checker.generator import GeneratorConfig, generate
from swisspairing.checker.violations import Violation, absolute_violations
from swisspairing.formats.trf import read_trf, write_trf
from swisspairing.interfaces.cli import main
from swisspairing.model import Colour, Pairing, Player, RoundEntry, Tournament
from swisspairing.systems.explain import Explanation
from swisspairing.systems.lim import LIM


class Checked:
    """Lim, checking every pairing it returns."""

    name = "lim"

    def __init__(self) -> None:
        self.violations: list[Violation] = []
        self.rounds = 0

    def pair(self, t: Tournament, r: int | None = None, e: Explanation | None = None) -> Pairing:
        p = LIM.pair(t, r, e)
        self.rounds += 1
        self.violations += absolute_violations(t, p, "lim")
        return p


@pytest.mark.parametrize("seed", range(20))
def test_random_tournament_has_no_absolute_violation(seed: int) -> None:
    """20 tournaments of 10-80 players, 5-9 rounds, with forfeits, half-point byes and
    withdrawals: every round is paired and no absolute rule is broken."""
    rng = random.Random(seed)
    players = rng.randint(10, 80)
    config = GeneratorConfig(
        players=players,
        rounds=rng.randint(5, min(9, players // 2)),
        forfeit_rate=0.03,
        half_point_bye_rate=0.02,
        retire_rate=0.01,
    )
    system = Checked()
    t = generate(system, config, 1000 + seed)  # type: ignore[arg-type]
    assert system.rounds == config.rounds
    assert system.violations == []
    assert len(t.players) == players


def _sample(tmp_path: Path) -> Path:
    t = generate(LIM, GeneratorConfig(players=13, rounds=5), 3)
    path = tmp_path / "lim13.trf"
    path.write_text(write_trf(t.before_round(4), points="computed"), encoding="utf-8")
    return path


def test_cli_pair_with_explanation_in_english_and_french(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``swisspairing pair T.trf --system lim --explain [--lang fr]`` pairs round 4 and prints
    the notes group by group; the boards agree with the engine called directly."""
    path = _sample(tmp_path)
    assert main(["pair", str(path), "--system", "lim", "--explain"]) == 0
    en = capsys.readouterr().out
    assert "Lim system, round 4" in en and "[9.2]" in en and "Colours [12]" in en
    assert main(["pair", str(path), "--system", "lim", "--explain", "--lang", "fr"]) == 0
    fr = capsys.readouterr().out
    assert "Système Lim, ronde 4" in fr and "Couleurs [12]" in fr and "Niveau" in fr
    out = tmp_path / "pairs.txt"
    assert main(["pair", str(path), "--system", "lim", "-o", str(out)]) == 0
    lines = out.read_text().split("\n")
    expected = LIM.pair(read_trf(path), 4)
    assert int(lines[0]) == len(expected.boards) + (expected.bye is not None)
    assert lines[1] == f"{expected.boards[0].white} {expected.boards[0].black}"


def test_cli_no_valid_pairing_exit_code(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                        ) -> None:
    """Two players who have met cannot be paired again (9.1): exit code 1, one-line error."""
    t = Tournament(total_rounds=3)
    t.players[1] = Player(1, "A", rating=2000, results=[RoundEntry.game(2, Colour.WHITE, "1")])
    t.players[2] = Player(2, "B", rating=1900, results=[RoundEntry.game(1, Colour.BLACK, "0")])
    path = tmp_path / "two.trf"
    path.write_text(write_trf(t, points="computed"), encoding="utf-8")
    assert main(["pair", str(path), "--system", "lim"]) == 1
    err = capsys.readouterr().err
    assert "error" in err and "Traceback" not in err
