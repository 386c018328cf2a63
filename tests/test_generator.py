"""Tests of the random tournament generator (RTG) and of endorsement-style runs.

Generated files are checked against the TRF column table of ``../shared/rules/trf.md`` section 4
with our own slicing here (not with the writer), re-read with our reader, and their points
column is recomputed from the result codes of section 4.1 (``1 + U F W``: a win, ``= H D X``:
a draw, the rest nothing, under the default point system).
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest

from swisspairing.checker import GeneratorConfig, check_tournament, generate, read_config
from swisspairing.checker.endorse import run_endorsement
from swisspairing.checker.generator import (
    elo_probabilities,
    milvang_probabilities,
    parse_config,
    white_mostly_event,
)
from swisspairing.errors import BadRequest, InputError
from swisspairing.formats.trf import parse_trf, write_trf
from swisspairing.interfaces.cli import main
from swisspairing.model import Colour, PointSystem
from test_checker_naive import NAIVE

CELL = re.compile(r"^(0000|[ \d]{3}[1-9]|[ \d]{2}[1-9]\d|[ \d][1-9]\d\d|[1-9]\d{3}) [wb-] "
                  r"[10=+\-UHFZ]$")
WIN, DRAW = set("1+UFW"), set("=HDX")


def _lines(text: str, code: str) -> list[str]:
    return [ln for ln in text.splitlines() if ln.startswith(code)]


def _validate(text: str, players: int, rounds: int, win: float = 1.0, draw: float = 0.5,
              pab: float | None = None) -> None:
    """Column-by-column check of a generated file (trf.md 4 and 8)."""
    lines = _lines(text, "001")
    assert len(lines) == players
    assert _lines(text, "XXR") == [f"XXR {rounds}"]
    (xxc,) = _lines(text, "XXC")
    assert xxc in ("XXC white1", "XXC black1")
    cells_by_player: dict[int, list[str]] = {}
    for ln in lines:
        assert ln[0:3] == "001" and ln[3] == " "
        pid = int(ln[4:8])
        assert ln[8] == " " and ln[47] == " " and ln[52] == " " and ln[79] == " "
        assert 1000 <= int(ln[48:52]) <= 3000
        cells = [ln[91 + 10 * k: 99 + 10 * k] for k in range(rounds)]
        assert len(ln) == 91 + 10 * (rounds - 1) + 8  # every round written, nothing after
        for k in range(rounds - 1):
            assert ln[99 + 10 * k: 101 + 10 * k] == "  "
        for c in cells:
            assert CELL.match(c), c
        points = 0.0
        for c in cells:
            code = c[7]
            if code == "U":
                points += win if pab is None else pab
            elif code in WIN:
                points += win
            elif code in DRAW:
                points += draw
        assert float(ln[80:84]) == pytest.approx(points)
        cells_by_player[pid] = cells
    assert sorted(cells_by_player) == list(range(1, players + 1))
    for r in range(rounds):
        byes = [p for p, cs in cells_by_player.items() if cs[r].endswith("U")]
        assert len(byes) <= 1
        for p, cs in cells_by_player.items():
            opp = int(cs[r][0:4])
            if opp:
                back = cells_by_player[opp][r]
                assert int(back[0:4]) == p and back[5] != cs[r][5]


def test_milvang_worked_example() -> None:
    """Milvang (2015): White 2467 against Black 2344 gives Pw 0.511, Pb 0.138, Pd 0.351."""
    pw, pd, pb = milvang_probabilities(2467, 2344)
    assert pw == pytest.approx(0.511, abs=0.001)
    assert pb == pytest.approx(0.138, abs=0.001)
    assert pd == pytest.approx(0.351, abs=0.002)


def test_result_models_are_probabilities() -> None:
    for w, b in ((1400, 2800), (2800, 1400), (2000, 2000), (1000, 1000), (2700, 2650)):
        for probs in (milvang_probabilities(w, b), elo_probabilities(w, b, 0.3)):
            assert all(p >= 0 for p in probs)
            assert sum(probs) == pytest.approx(1.0)
    pw, pd, pb = elo_probabilities(2000, 2000, 0.3)
    assert (pw, pd, pb) == pytest.approx((0.35, 0.3, 0.35))


def test_generated_tournament_is_valid_trf_and_rereads() -> None:
    cfg = GeneratorConfig(players=17, rounds=6, forfeit_rate=0.1, half_point_bye_rate=0.1,
                          retire_rate=0.05, zero_point_bye_rate=0.05)
    t = generate(NAIVE, cfg, 42)
    text = write_trf(t, points="computed")
    _validate(text, 17, 6)
    again = parse_trf(text)
    assert again.warnings == []
    assert again.total_rounds == 6 and again.initial_colour is not None
    assert again.rounds_paired == 6
    for p in again.players.values():
        assert p.declared_points == pytest.approx(again.total_points(p.id))
    # the tournament the file describes is the one our engine paired
    assert check_tournament(again, NAIVE).ok


@pytest.mark.parametrize(("white_rate", "white_results"), [(1.0, {"1"}), (0.0, {"0", "="})])
def test_white_mostly_event_draws_white_s_results_at_the_rate(
        white_rate: float, white_results: set[str]) -> None:
    """Issue 26's near-miss events: rounds 1-3 of 21 players paired by the engine (one bye a
    round), every game White's win at rate 1, never at rate 0 (then Black wins or a draw, both
    met); the engine re-pairs every round alike (FPC); the same seed gives the same event, another
    seed another one."""
    t = white_mostly_event(21, 3, white_rate, "dutch-2025", 5)
    assert t.rounds_paired == 3 and t.total_rounds == 9
    codes = {e.code for p in t.players.values() for e in p.results
             if e is not None and e.opponent and e.colour is Colour.WHITE}
    assert codes == white_results
    byes = [e for p in t.players.values() for e in p.results if e is not None and not e.opponent]
    assert [e.code for e in byes] == ["U"] * 3
    assert check_tournament(t, "dutch-2025").ok
    assert write_trf(t) == write_trf(white_mostly_event(21, 3, white_rate, "dutch-2025", 5))
    if white_rate < 1:  # (at rate 1 nothing is drawn: every seed gives the same event)
        assert write_trf(t) != write_trf(white_mostly_event(21, 3, white_rate, "dutch-2025", 6))


def test_byes_withdrawals_and_forfeits_follow_the_rules() -> None:
    """Half-point byes never in the last round; a withdrawn player is never paired again (Z in
    every later round, C.04.2 D.3); forfeits keep the scheduled colours on both sides."""
    cfg = GeneratorConfig(players=21, rounds=7, forfeit_rate=0.2, half_point_bye_rate=0.15,
                          retire_rate=0.05)
    seen = {"H": 0, "retired": 0, "forfeit": 0}
    for seed in range(5):
        t = generate(NAIVE, cfg, seed)
        for p in t.players.values():
            assert len(p.results) == 7
            last = p.results[-1]
            assert last is not None and last.code != "H"
            seen["H"] += sum(1 for e in p.results if e is not None and e.code == "H")
            zs = [e is not None and e.opponent == 0 and e.code == "Z" for e in p.results]
            if zs[-1]:
                first = zs.index(True)
                if all(zs[first:]) and first > 0 and len(p.results) - first >= 2:
                    seen["retired"] += 1
            for e in p.results:
                if e is not None and e.code in "+-" and e.opponent:
                    seen["forfeit"] += 1
                    assert e.colour is not None
    assert all(v > 0 for v in seen.values()), seen


def test_same_seed_same_file_different_seed_different_file() -> None:
    cfg = GeneratorConfig(players=12, rounds=5, forfeit_rate=0.05, half_point_bye_rate=0.05)
    a = write_trf(generate(NAIVE, cfg, 7), points="computed")
    b = write_trf(generate(NAIVE, cfg, 7), points="computed")
    c = write_trf(generate(NAIVE, cfg, 8), points="computed")
    assert a == b
    assert a != c


def test_non_default_point_system_is_written_for_every_engine() -> None:
    """3-1-0 with the PAB worth a draw: points column, bbpPairings BBx lines and JaVaFo XXS."""
    ps = replace(PointSystem.standard(3, 1, 0), pairing_bye=1.0)
    cfg = GeneratorConfig(players=9, rounds=4, point_system=ps)
    text = write_trf(generate(NAIVE, cfg, 3), points="computed")
    _validate(text, 9, 4, win=3, draw=1, pab=1)
    assert "BBW  3.0" in text and "BBU  1.0" in text
    assert any(ln.startswith("XXS ") and "PAB=1" in ln for ln in text.splitlines())
    assert parse_trf(text).point_system == ps


# --- configuration file -----------------------------------------------------------------------
CONFIG = """# bbpPairings / JaVaFo RTG keys
PlayersNumber=24
RoundsNumber = 7   # trailing comment
DrawPercentage=40
ForfeitRate=20
RetiredRate=50
HalfPointByeRate=10
HighestRating=2500
LowestRating=1800
PointsForWin=3
PointsForDraw=1
PointsForLoss=0
PointsForPAB=1
"""


def test_read_config_keys(tmp_path: Path) -> None:
    path = tmp_path / "rtg.cfg"
    path.write_text(CONFIG)
    cfg = read_config(path)
    assert (cfg.players, cfg.rounds) == (24, 7)
    assert cfg.draw_rate == pytest.approx(0.4)
    assert cfg.forfeit_rate == pytest.approx(1 / 20)
    assert cfg.retire_rate == pytest.approx(1 / 50)
    assert cfg.half_point_bye_rate == pytest.approx(1 / 10)
    assert (cfg.highest_rating, cfg.lowest_rating) == (2500, 1800)
    ps = cfg.point_system
    assert (ps.win, ps.draw, ps.loss, ps.pairing_bye, ps.forfeit_win) == (3, 1, 0, 1, 3)


@pytest.mark.parametrize(
    ("text", "line", "fragment"),
    [
        ("PlayersNumber=10\nColours=3\n", 2, "unknown key 'Colours'"),
        ("# c\nPlayersNumber=ten\n", 2, "not a number"),
        ("RoundsNumber=2.5\n", 1, "whole number"),
        ("DrawPercentage=140\n", 1, "percentage"),
        ("PlayersNumber\n", 1, "Key=Value"),
        ("ForfeitRate=-3\n", 1, "one in N"),
    ],
)
def test_read_config_errors_name_the_line(text: str, line: int, fragment: str) -> None:
    with pytest.raises(InputError) as err:
        parse_config(text, "rtg.cfg")
    assert err.value.line == line
    assert fragment in err.value.problem


def test_impossible_configuration_is_refused() -> None:
    with pytest.raises(BadRequest):
        GeneratorConfig(players=1).validate()
    with pytest.raises(InputError):
        parse_config("HighestRating=1500\nLowestRating=2000\n")


# --- command line ------------------------------------------------------------------------------
def test_generate_command_and_compat_form(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "g.trf"
    assert main(["generate", "--system", "lim", "--players", "11", "--rounds", "5",
                 "--seed", "5", "--forfeit-rate", "0.05", "--bye-rate", "0.05",
                 "--retire-rate", "0.02", "-o", str(out)]) == 0
    text = out.read_text()
    _validate(text, 11, 5)
    assert "seed 5" in _lines(text, "012")[0]
    cfg = tmp_path / "rtg.cfg"
    cfg.write_text("PlayersNumber=10\nRoundsNumber=4\nDrawPercentage=30\n")
    compat = tmp_path / "c.trf"
    assert main(["--lim", str(cfg), "-g", "-o", str(compat), "-s", "9"]) == 0
    _validate(compat.read_text(), 10, 4)
    first = compat.read_text()
    assert main(["--lim", str(cfg), "-g", "-o", str(compat), "-s", "9"]) == 0
    assert compat.read_text() == first
    assert main(["--lim", str(compat), "-c"]) == 0
    bad = tmp_path / "bad.cfg"
    bad.write_text("PlayersNumber=10\nRounds=4\n")
    assert main(["--lim", str(bad), "-g", "-o", str(tmp_path / "x.trf")]) == 3
    assert "line 2" in capsys.readouterr().err
    assert not (tmp_path / "x.trf").exists()
    # the configuration is an input: never overwritten
    assert main(["--lim", str(cfg), "-g", "-o", str(cfg)]) == 2
    assert cfg.read_text().startswith("PlayersNumber=10")


def test_endorsement_run_in_process_and_on_two_cores(tmp_path: Path) -> None:
    """A small sample of the 5,000-tournament run (benchmarks/endorsement.py does the big one):
    every generated tournament re-reads and checks without discrepancy or violation."""
    cfg = GeneratorConfig(players=13, rounds=5, forfeit_rate=0.05, half_point_bye_rate=0.05,
                          retire_rate=0.02)
    s = run_endorsement(NAIVE, cfg, 8, seed=100, jobs=1, progress=False)
    assert (s.tournaments, s.failures, s.discrepant_rounds, s.violations) == (8, 0, 0, 0)
    assert s.rounds == 40 and s.ok
    assert "tournaments           8" in s.render()
    s2 = run_endorsement("lim", replace(cfg, players=10, rounds=4), 6, seed=1, jobs=2,
                         progress=False, output_pattern=str(tmp_path / "t{n}.trf"))
    assert s2.tournaments == 6 and s2.ok, s2.render()
    assert sorted(p.name for p in tmp_path.glob("t*.trf")) == [f"t{n}.trf" for n in range(1, 7)]
    for p in tmp_path.glob("t*.trf"):
        _validate(p.read_text(), 10, 4)


def test_generate_many_with_check_from_the_command_line(capsys) -> None:  # type: ignore[no-untyped-def]
    code = main(["generate", "--system", "lim", "--tournaments", "3", "--players", "8",
                 "--rounds", "3", "--check", "--no-progress", "--jobs", "1"])
    out = capsys.readouterr().out
    assert code == 0, out
    assert "tournaments           3" in out and "discrepant rounds     0" in out


@pytest.mark.parametrize(("lang", "first", "last"), [
    ("en", "system                dubov", "time                  2.5 s (625.0 ms per tournament)"),
    ("fr", "système               dubov", "temps                 2.5 s (625.0 ms par tournoi)")])
def test_the_summary_has_a_line_a_total_in_the_language_asked(lang: str, first: str,
                                                             last: str) -> None:
    """The summary of a run (``generate --check``): one line a total, its value after the label
    padded to 21 characters and a space (one space after a longer label); the discrepancy
    lines only when the run checked; the words of the language asked."""
    from swisspairing.checker.endorse import SUMMARY_WORDS, Summary

    assert SUMMARY_WORDS["en"].keys() == SUMMARY_WORDS["fr"].keys()
    summary = Summary("dubov", tournaments=4, rounds=20, discrepant_tournaments=1,
                      discrepant_rounds=2, violations=3, failures=1, crashes=1, seconds=2.5,
                      interrupted=True, examples=["seed 7 (9 players, 5 rounds): boom"])
    lines = summary.render(lang).splitlines()
    assert lines[0] == first and lines[7] == last and len(lines) == 10
    assert lines[3].endswith({"en": "1 (0 no valid pairing, 1 internal errors)",
                              "fr": "1 (0 sans appariement valide, 1 erreurs internes)"}[lang])
    assert lines[8] == SUMMARY_WORDS[lang]["interrupted"]
    assert lines[9] == "  seed 7 (9 players, 5 rounds): boom"
    assert [line[22:] for line in (lines[1], lines[2], lines[5], lines[6])] == ["4", "20", "2", "3"]
    assert lines[4].split()[-1] == "1"  # "discrepant tournaments" is longer than the padding
    summary.checked = False
    assert len(summary.render(lang).splitlines()) == 7


class _CrashingAt3:
    """Pairs like the naive system, crashes on round 3 (an engine bug)."""

    name = "crashing"

    def pair(self, tournament, round_number=None, explain=None):  # type: ignore[no-untyped-def]
        if round_number == 3:
            raise RuntimeError("engine bug")
        return NAIVE.pair(tournament, round_number, explain)


def test_endorsement_run_counts_engine_crashes_and_saves_the_tournament(tmp_path: Path) -> None:
    """The failing tournament is saved as it stood before round 3: two rounds paired."""
    cfg = GeneratorConfig(players=8, rounds=4)
    s = run_endorsement(_CrashingAt3(), cfg, 2, seed=5, jobs=1, progress=False,
                        save_failures=tmp_path)
    assert (s.tournaments, s.failures, s.crashes, s.no_pairing) == (2, 2, 2, 0) and not s.ok
    assert "internal error: RuntimeError: engine bug" in s.render()
    saved = parse_trf((tmp_path / "seed5.trf").read_text())
    assert saved.rounds_paired == 2


def test_a_tournament_too_small_for_its_rounds_is_a_no_pairing_failure() -> None:
    """4 players cannot play 5 rounds without a rematch (each has only 3 opponents, C.04.1 b):
    the generator stops at round 4 and the run counts a 'no valid pairing' failure."""
    from swisspairing.errors import NoValidPairing

    cfg = GeneratorConfig(players=4, rounds=5)
    with pytest.raises(NoValidPairing, match="round 4"):
        generate(NAIVE, cfg, 1)
    s = run_endorsement(NAIVE, cfg, 1, jobs=1, progress=False)
    assert (s.failures, s.no_pairing, s.crashes) == (1, 1, 0)
    assert "1 no valid pairing" in s.render()


def test_sizes_drawn_per_tournament_from_ranges(tmp_path: Path) -> None:
    """--players A-B / --rounds A-B: each tournament's size is drawn from its seed, inside the
    ranges, the same every time."""
    from swisspairing.checker.endorse import sized

    base = GeneratorConfig()
    sizes = [(c.players, c.rounds) for c in (sized(base, s, (6, 12), (2, 4)) for s in range(40))]
    assert all(6 <= p <= 12 and 2 <= r <= 4 for p, r in sizes)
    assert len(set(sizes)) > 5
    assert sizes == [(c.players, c.rounds)
                     for c in (sized(base, s, (6, 12), (2, 4)) for s in range(40))]
    s = run_endorsement(NAIVE, base, 4, seed=0, jobs=1, progress=False, players=(6, 12),
                        rounds=(2, 4), output_pattern=str(tmp_path / "t{n}.trf"))
    assert s.ok and s.rounds == sum(r for _, r in sizes[:4])
    for n in range(4):
        _validate((tmp_path / f"t{n}.trf").read_text(), *sizes[n])
    with pytest.raises(BadRequest):
        run_endorsement(NAIVE, base, 1, players=(1, 5), progress=False)
