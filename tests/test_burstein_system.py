"""Burstein system end to end: command line, ``192`` record, ``--explain`` in both languages,
the checker's rule set, the generator, and a small endorsement-style run.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import CASES
from swisspairing.checker import check_tournament, generate
from swisspairing.checker.endorse import run_endorsement
from swisspairing.checker.generator import GeneratorConfig
from swisspairing.checker.violations import rule_set
from swisspairing.formats.trf import parse_trf, write_trf
from swisspairing.interfaces.cli import main
from swisspairing.systems.burstein import BURSTEIN, seeding_rounds

CASE = CASES / "burstein" / "t9001-r05.trf"


def _generated(tmp_path: Path, seed: int = 7, players: int = 11, rounds: int = 7) -> Path:
    cfg = GeneratorConfig(players=players, rounds=rounds, forfeit_rate=0.05,
                          half_point_bye_rate=0.05, zero_point_bye_rate=0.05)
    t = generate("burstein", cfg, seed)
    path = tmp_path / "burstein.trf"
    path.write_text(write_trf(t, points="computed"), encoding="utf-8")
    return path


def test_generated_tournament_names_the_system_in_record_192(tmp_path: Path) -> None:
    """The generator writes ``192 FIDE_BURSTEIN`` (ETT26 code, trf.md section 6), so that the
    file alone selects the system; it reads back with the record kept."""
    path = _generated(tmp_path)
    text = path.read_text(encoding="utf-8")
    assert "192 FIDE_BURSTEIN" in text.splitlines()
    t = parse_trf(text)
    assert t.headers["192"] == ["192 FIDE_BURSTEIN"]


def test_pair_without_system_uses_record_192(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    """``pair`` without ``--system`` on a file with ``192 FIDE_BURSTEIN`` pairs with Burstein:
    same pairing as ``--system burstein``."""
    out1, out2 = tmp_path / "a.txt", tmp_path / "b.txt"
    assert main(["pair", str(CASE), "-o", str(out1)]) == 0
    assert main(["pair", str(CASE), "--system", "burstein", "-o", str(out2)]) == 0
    assert out1.read_text() == out2.read_text()
    assert out1.read_text().splitlines()[0] == "4"


@pytest.mark.parametrize(("lang", "words"), [
    ("en", ("Buchholz", "BH ", "SB ", "Pairing-allocated bye", "floats down", "[C4/C5]")),
    ("fr", ("Buchholz", "BH ", "SB ", "Exemption", "flotte", "[C4/C5]")),
])
def test_explain_lists_the_index_and_why_each_floater_floats(
        lang: str, words: tuple[str, ...], capsys: pytest.CaptureFixture[str]) -> None:
    """--explain (EN/FR): the Index of every player (1.7), the PAB (3.1) and, for each
    floater, the criterion that made it float. In t9001-r05 the 3-point players 1 and 2 have
    met each other, so they float with the reason C4/C5."""
    assert main(["pair", str(CASE), "--system", "burstein", "--explain", "--lang", lang]) == 0
    out = capsys.readouterr().out
    for w in words:
        assert w in out
    assert "[5.2." in out


def test_check_agrees_with_pair_on_a_generated_tournament(tmp_path: Path) -> None:
    """The checker re-pairs every round (seeding rounds by the Dutch system, later ones by
    Burstein) and finds the generated pairings, with the ``burstein`` rule set (C.04.1 2026,
    no colour exception: C3 has no topscorer exception)."""
    path = _generated(tmp_path, seed=11, players=14, rounds=8)
    t = parse_trf(path.read_text(encoding="utf-8"))
    report = check_tournament(t, "burstein")
    assert len(report.rounds) == 8 and seeding_rounds(8) == 4
    assert report.ok, report.render()
    rs = rule_set("burstein")
    assert (rs.bye_rule, rs.colour_exception) == ("2026", "none")


def test_twenty_generated_tournaments_no_violation_and_check_agrees() -> None:
    """A small version of ``benchmarks/burstein_random.py``: 20 tournaments of 12-24 players
    and 5-9 rounds with byes, absences, withdrawals and forfeits; every round of every one is
    paired again identically and breaks no absolute rule."""
    cfg = GeneratorConfig(forfeit_rate=0.04, retire_rate=0.02, half_point_bye_rate=0.04,
                          zero_point_bye_rate=0.03)
    s = run_endorsement("burstein", cfg, 20, 100, check=True, jobs=1, progress=False,
                        players=(12, 24), rounds=(5, 9))
    assert (s.tournaments, s.failures, s.discrepant_rounds, s.violations) == (20, 0, 0, 0), \
        s.render()


def test_system_name() -> None:
    assert BURSTEIN.name == "burstein"
