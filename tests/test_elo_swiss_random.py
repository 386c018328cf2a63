"""A small sample of the benchmark ``benchmarks/elo_swiss_random.py``: random tournaments
generated and played with ``elo-swiss`` never break B1 (checked by the checker), and the
command line explains an elo-swiss pairing in English and French."""

from __future__ import annotations

from pathlib import Path

import pytest

from swisspairing.checker.check import input_for_round, published_pairing
from swisspairing.checker.generator import GeneratorConfig, generate
from swisspairing.checker.violations import absolute_violations
from swisspairing.formats.trf import write_trf
from swisspairing.interfaces.cli import main
from test_elo_swiss_helpers import build


@pytest.mark.parametrize("seed", range(20))
def test_random_tournaments_respect_b1(seed: int) -> None:
    """B1 a (= C.04.1 b), B1 b (= C.04.1 d) and completeness (C.04.1 c), plus C.04.1 f-g,
    for every round of a random tournament of 12-30 players and 5-7 rounds."""
    n = 12 + seed % 19
    config = GeneratorConfig(players=n, rounds=5 + seed % 3, forfeit_rate=0.03,
                             half_point_bye_rate=0.03)
    t = generate("elo-swiss", config, seed)
    for r in range(1, config.rounds + 1):
        pairing = published_pairing(t, r).pairing
        assert pairing.boards
        found = absolute_violations(input_for_round(t, r), pairing, "elo-swiss")
        assert found == [], [v.text() for v in found]


def test_cli_explain_in_english_and_french(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                           ) -> None:
    """``swisspairing pair T.trf --system elo-swiss --explain [--lang fr]``: round 2 after
    1-4, 2-5, 3-6 (1-0): the explanation names the levels (A.3), the floater 3 and the bye-less
    pairing, in the language asked for; exit code 0."""
    t = build([2400, 2300, 2200, 2100, 2000, 1900], [["1-4 1", "2-5 1", "3-6 1"]])
    path = tmp_path / "t.trf"
    path.write_text(write_trf(t), encoding="utf-8")
    assert main(["pair", str(path), "--system", "elo-swiss", "--explain"]) == 0
    en = capsys.readouterr().out
    assert "score bracket 1: homogeneous" in en and "float down: 3 [A.3]" in en
    assert main(["pair", str(path), "--system", "elo-swiss", "--explain", "--lang", "fr"]) == 0
    fr = capsys.readouterr().out
    assert "niveau de points 1 : homogène" in fr and "flottent vers le bas : 3 [A.3]" in fr
    assert "niveau de points 0 : hétérogène" in fr
