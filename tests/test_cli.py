"""Tests of the command line (interfaces/cli.py, cmd_pair.py, common.py, files.py): exit codes
(0 done, 1 no valid pairing, 2 bad request, 3 bad input file), messages without traceback,
the JaVaFo-compatible form, atomic outputs that never overwrite an input.

The pairing system is replaced by a stand-in (``StandIn``) registered under a system name: these
tests check the command line, not any pairing rule.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import types
from pathlib import Path

import pytest

from conftest import cell, line001, trf_text
from swisspairing import systems
from swisspairing.errors import NoValidPairing
from swisspairing.interfaces.cli import main
from swisspairing.model import Board, Pairing, Tournament

TRF = trf_text(
    "012 CLI Open",
    "XXR 5",
    line001(1, "Alpha, Anna", 2200, 1.0, [cell(2, "w", "1")]),
    line001(2, "Beta, Bruno", 2100, 0.0, [cell(1, "b", "0")]),
    line001(3, "Gamma, Carl", 2000, 0.5, [cell(4, "w", "=")]),
    line001(4, "Delta, Dora", 1900, 0.5, [cell(3, "b", "=")]),
    line001(5, "Epsilon, Eve", 1800, 1.0, [cell(0, "-", "U")]),
)


class StandIn:
    """Pairs the players to be paired in pairing-number order (1-2, 3-4, ...), the last one
    left gets the bye. Not a pairing system: a fixed answer to test the plumbing."""

    name = "stand-in"

    def __init__(self, fail: bool = False) -> None:
        self.fail = fail
        self.crash = False
        self.calls: list[int] = []
        self.seen: list[Tournament] = []

    def pair(self, tournament: Tournament, round_number: int | None = None,
             explain: object = None) -> Pairing:
        assert round_number is not None
        self.calls.append(round_number)
        self.seen.append(tournament)
        if self.crash:
            raise ZeroDivisionError("a bug")
        if self.fail:
            raise NoValidPairing(f"round {round_number}: no pairing satisfies C1-C3")
        skip = tournament.not_paired_in(round_number)
        ids = [i for i in sorted(tournament.players) if i not in skip]
        boards = [Board(a, b) for a, b in zip(ids[::2], ids[1::2], strict=False)]
        return Pairing(round_number, boards, ids[-1] if len(ids) % 2 else None, skip)


@pytest.fixture
def stand_in(monkeypatch: pytest.MonkeyPatch) -> StandIn:
    """Register the stand-in as dutch-2025 (so also ``dutch`` and ``--dutch``) and lim."""
    system = StandIn()
    module = types.ModuleType("swisspairing_test_stand_in")
    module.SYSTEM = system  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, module.__name__, module)
    for name in ("dutch-2025", "lim"):
        monkeypatch.setitem(systems._REGISTRY, name, (module.__name__, "SYSTEM"))
    return system


@pytest.fixture
def trf_file(tmp_path: Path) -> Path:
    path = tmp_path / "open.trf"
    path.write_text(TRF, encoding="utf-8")
    return path


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    assert "Traceback" not in err and "Traceback" not in out
    return code, out, err


# --- help ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("argv", [["--help"], ["pair", "--help"], ["--dutch", "--help"]])
def test_help(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code == 0
    out = capsys.readouterr().out
    assert "usage:" in out


def test_help_documents_exit_codes(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    assert "0 done, 1 no valid pairing exists, 2 bad request, 3 bad input file" in out
    assert "--dutch IN.trf -p" in out


def test_no_command_is_a_bad_request(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run([], capsys)
    assert code == 2 and "usage:" in out


# --- exit code 2: bad requests ----------------------------------------------------------------
def test_unknown_system(trf_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["pair", str(trf_file), "--system", "swiss-chaos"], capsys)
    assert code == 2
    assert "swiss-chaos" in err and "dutch-2025" in err


def test_system_not_implemented(trf_file: Path, monkeypatch: pytest.MonkeyPatch,
                                capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 2: a system that does not exist yet answers "not implemented" (exit 2), never a
    made-up pairing."""
    monkeypatch.setitem(systems._REGISTRY, "burstein",
                        ("swisspairing.systems.no_such_module_yet", "BURSTEIN"))
    out_file = trf_file.with_suffix(".pairs")
    code, out, err = run(["pair", str(trf_file), "--system", "burstein", "-o", str(out_file)],
                         capsys)
    assert code == 2
    assert "'burstein' is not implemented yet" in err
    assert not out_file.exists() and out == ""


@pytest.mark.parametrize(
    "argv",
    [
        ["pair"],
        ["pair", "{trf}", "--system", "dutch", "--format", "xml"],
        ["pair", "{trf}", "--system", "dutch", "--round", "two"],
        ["pair", "{trf}", "--system", "dutch", "--round", "0"],
        ["pair", "{trf}", "--system", "dutch", "--round", "3"],  # round 2 is the next one
        ["pair", "{trf}", "--system", "dutch", "--no-such-option"],
        ["pair", "{trf}"],  # no --system and no 192 record
        ["frobnicate"],
        ["--dutch"],  # neither -p, -c nor -g
        ["--dutch", "{trf}", "-p", "out", "-c"],
        ["--dutch", "-p"],  # -p without the input file
    ],
)
def test_bad_requests(argv: list[str], trf_file: Path, stand_in: StandIn,
                      capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run([a.replace("{trf}", str(trf_file)) for a in argv], capsys)
    assert code == 2
    assert "error:" in err
    assert stand_in.calls == []


def test_all_rounds_already_paired(tmp_path: Path, stand_in: StandIn,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "done.trf"
    path.write_text(TRF.replace("XXR 5", "XXR 1"))
    code, _, err = run(["pair", str(path), "--system", "dutch"], capsys)
    assert code == 2 and "all of them are paired" in err


# --- exit code 3: bad input files -------------------------------------------------------------
def test_missing_file(tmp_path: Path, stand_in: StandIn,
                      capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "nowhere.trf"
    code, _, err = run(["pair", str(missing), "--system", "dutch"], capsys)
    assert code == 3
    assert f"{missing}: no such file" in err


def test_malformed_line_names_file_and_line(tmp_path: Path, stand_in: StandIn,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.trf"
    lines = TRF.splitlines()
    lines[3] = lines[3][:98] + "Q"  # line 4: result code of round 1
    path.write_text("\n".join(lines) + "\n")
    code, out, err = run(["pair", str(path), "--system", "dutch"], capsys)
    assert code == 3 and out == ""
    assert f"{path}, line 4: round 1 (columns 92-99): unknown result code 'Q'" in err
    assert err.count("\n") == 1  # one line, no traceback


def test_compat_form_bad_input(tmp_path: Path, stand_in: StandIn,
                               capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.trf"
    path.write_bytes(b"001    1\x00")
    out_file = tmp_path / "out.txt"
    code, _, err = run(["--dutch", str(path), "-p", str(out_file)], capsys)
    assert code == 3 and "line 1" in err and not out_file.exists()


# --- exit code 1 -------------------------------------------------------------------------------
def test_no_valid_pairing(trf_file: Path, stand_in: StandIn,
                          capsys: pytest.CaptureFixture[str]) -> None:
    stand_in.fail = True
    out_file = trf_file.with_suffix(".pairs")
    code, _, err = run(["pair", str(trf_file), "--system", "dutch", "-o", str(out_file)], capsys)
    assert code == 1 and "no pairing satisfies" in err
    assert not out_file.exists()  # JaVaFo: no output file on error


def test_internal_error_has_no_traceback(trf_file: Path, stand_in: StandIn,
                                         monkeypatch: pytest.MonkeyPatch,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    """A bug in the program is reported in one line (exit 4), never as a traceback; the
    developer gets the traceback with SWISSPAIRING_DEBUG=1."""
    stand_in.crash = True
    monkeypatch.delenv("SWISSPAIRING_DEBUG", raising=False)
    code, out, err = run(["pair", str(trf_file), "--system", "dutch"], capsys)
    assert code == 4 and out == ""
    assert err.startswith("swisspairing: internal error: ZeroDivisionError: a bug")
    assert err.count("\n") == 1
    monkeypatch.setenv("SWISSPAIRING_DEBUG", "1")
    with pytest.raises(ZeroDivisionError):
        main(["pair", str(trf_file), "--system", "dutch"])


# --- exit code 0 and the outputs ------------------------------------------------------------------
def test_pair_javafo_output(trf_file: Path, stand_in: StandIn,
                            capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 2: with -o the default format is javafo: the number of pairs (the bye counts),
    then WHITE BLACK per line, the bye as ``ID 0``."""
    out_file = trf_file.parent / "round2.pairs"
    code, out, err = run(["pair", str(trf_file), "--system", "dutch", "-o", str(out_file)],
                         capsys)
    assert (code, out, err) == (0, "", "")
    assert out_file.read_text() == "3\n1 2\n3 4\n5 0\n"
    assert stand_in.calls == [2]
    assert sorted(os.listdir(trf_file.parent)) == ["open.trf", "round2.pairs"]


def test_pair_text_and_json(trf_file: Path, stand_in: StandIn,
                            capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["pair", str(trf_file), "--system", "dutch"], capsys)
    assert code == 0
    assert "Round 2" in out and "Alpha, Anna" in out and "pairing-allocated bye" in out
    code, out, _ = run(["pair", str(trf_file), "--system", "lim", "--format", "json"], capsys)
    data = json.loads(out)
    assert data["round"] == 2 and data["bye"]["id"] == 5
    assert [(b["white"]["id"], b["black"]["id"]) for b in data["boards"]] == [(1, 2), (3, 4)]


def test_file_192_record_names_the_system(tmp_path: Path, stand_in: StandIn,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    """trf.md 6: the 192 record (ETT26 code) selects the pairing system."""
    path = tmp_path / "typed.trf"
    path.write_text("192 FIDE_DUTCH_2025\n" + TRF)
    code, _, _ = run(["pair", str(path), "--format", "javafo"], capsys)
    assert code == 0 and stand_in.calls == [2]


def test_warnings_go_to_stderr(tmp_path: Path, stand_in: StandIn,
                               capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "pts.trf"
    path.write_text(TRF.replace(line001(1, "Alpha, Anna", 2200, 1.0, [cell(2, "w", "1")]),
                                line001(1, "Alpha, Anna", 2200, 3.0, [cell(2, "w", "1")])))
    code, out, err = run(["pair", str(path), "--system", "dutch", "--format", "javafo"], capsys)
    assert code == 0 and out.startswith("3\n")
    assert "warning:" in err and "player 1: file says 3, results give 1" in err


def test_compat_form(trf_file: Path, stand_in: StandIn,
                     capsys: pytest.CaptureFixture[str]) -> None:
    """The form programs call JaVaFo and bbpPairings with: ``--dutch IN.trf -p OUT``."""
    out_file = trf_file.parent / "compat.pairs"
    code, out, _ = run(["--dutch", str(trf_file), "-p", str(out_file)], capsys)
    assert code == 0 and out == ""
    assert out_file.read_text() == "3\n1 2\n3 4\n5 0\n"
    code, out, _ = run(["--dutch", str(trf_file), "-p"], capsys)
    assert code == 0 and out == "3\n1 2\n3 4\n5 0\n"
    code, out, _ = run(["--dutch-2025", str(trf_file), "-p", "-r"], capsys)
    assert code == 0 and out.startswith("swisspairing ")


def test_pre_entered_byes_are_not_paired(tmp_path: Path, stand_in: StandIn,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    """../shared/cases/README.md: a bye code already in the round to pair means: not paired."""
    lines = TRF.splitlines()
    lines[3] += "  0000 - H"  # player 2 (line 4) asks for a half-point bye in round 2
    path = tmp_path / "h.trf"
    path.write_text("\n".join(lines) + "\n")
    code, out, _ = run(["--dutch", str(path), "-p"], capsys)
    assert code == 0 and out == "2\n1 3\n4 5\n"


def test_round_option_ignores_later_rounds(trf_file: Path, stand_in: StandIn,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    """``--round 1`` re-pairs round 1 from an empty history: the system sees no result."""
    code, out, _ = run(["pair", str(trf_file), "--system", "dutch", "--round", "1",
                        "--format", "javafo"], capsys)
    assert code == 0 and out == "3\n1 2\n3 4\n5 0\n"
    assert stand_in.calls == [1]
    seen = stand_in.seen[0]
    assert all(not p.results for p in seen.players.values())
    assert seen.next_round == 1


# --- outputs are atomic and never overwrite an input ---------------------------------------------
def test_output_never_overwrites_the_input(trf_file: Path, stand_in: StandIn,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    before = trf_file.read_bytes()
    for argv in (["pair", str(trf_file), "--system", "dutch", "-o", str(trf_file)],
                 ["--dutch", str(trf_file), "-p", str(trf_file)],
                 ["pair", str(trf_file), "--system", "dutch", "-o",
                  str(trf_file.parent / "." / trf_file.name)]):
        code, _, err = run(argv, capsys)
        assert code == 2 and "refusing to overwrite the input file" in err
    assert trf_file.read_bytes() == before
    assert os.listdir(trf_file.parent) == ["open.trf"]


def test_output_through_a_link_to_the_input(trf_file: Path, stand_in: StandIn,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    link = trf_file.parent / "link.trf"
    link.symlink_to(trf_file)
    code, _, _ = run(["pair", str(trf_file), "--system", "dutch", "-o", str(link)], capsys)
    assert code == 2 and trf_file.read_text() == TRF


def test_failed_write_keeps_the_previous_output(trf_file: Path, stand_in: StandIn,
                                                monkeypatch: pytest.MonkeyPatch,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    """files.py: written to a temporary file then renamed; when the rename fails
    the previous output is intact and no temporary file is left behind."""
    out_file = trf_file.parent / "round2.pairs"
    out_file.write_text("previous\n")

    def broken_replace(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    code, _, err = run(["pair", str(trf_file), "--system", "dutch", "-o", str(out_file)],
                       capsys)
    assert code == 2 and "No space left on device" in err
    assert out_file.read_text() == "previous\n"
    assert sorted(os.listdir(trf_file.parent)) == ["open.trf", "round2.pairs"]


def test_output_folder_must_exist(trf_file: Path, stand_in: StandIn,
                                  capsys: pytest.CaptureFixture[str]) -> None:
    target = trf_file.parent / "no" / "such" / "dir.pairs"
    code, _, err = run(["pair", str(trf_file), "--system", "dutch", "-o", str(target)], capsys)
    assert code == 2 and "does not exist" in err


# --- the installed console script ---------------------------------------------------------------
def _script() -> str:
    here = Path(sys.executable).parent / "swisspairing"
    found = str(here) if here.exists() else shutil.which("swisspairing")
    assert found, "the console script swisspairing is not installed (pip install -e .)"
    return found


def test_console_script(tmp_path: Path) -> None:
    """The console script is installed and maps errors to exit codes without a traceback."""
    script = _script()
    done = subprocess.run([script, "--help"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and "exit codes" in done.stdout
    bad = tmp_path / "bad.trf"
    bad.write_text("012 x\n001    1 x\n")
    done = subprocess.run([script, "pair", str(bad), "--system", "dutch"], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 3
    assert f"{bad}, line 2:" in done.stderr and "Traceback" not in done.stderr
    done = subprocess.run([script, "pair", str(bad), "--system", "nope"], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 2 and "Traceback" not in done.stderr


def test_pair_imports_only_what_pairing_needs(tmp_path: Path) -> None:
    """``pair`` (and the compat ``-p``) import only the pairing subcommand: not the checker, the
    standings (PDF, templates) nor the web app (issue 14: start-up time), and still pair: four
    players in rating order, round 1, one bracket (Dutch 2025 3.2.1-3.2.2 and 3.3.1: S1 = {1, 2},
    S2 = {3, 4}, S1[i] paired with S2[i]: 1-3 and 2-4, colours aside)."""
    path = tmp_path / "t.trf"
    path.write_text(trf_text("XXR 3", *(line001(i, f"P{i}", 2000 - i) for i in range(1, 5))))
    heavy = ("swisspairing.checker", "swisspairing.standings", "swisspairing.interfaces.web",
             "django", "fpdf", "jinja2", "tqdm")
    for argv in (["pair", "--system", "dutch", "--format", "javafo", str(path)],
                 ["--dutch", str(path), "-p"]):
        code = ("import sys\nfrom swisspairing.interfaces.cli import main\n"
                f"assert main({argv!r}) == 0\n"
                f"print(sorted(m for m in sys.modules if m.startswith({heavy!r})))\n")
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                              timeout=60)
        assert done.returncode == 0, done.stderr
        *pairing, imported = done.stdout.rstrip().splitlines()
        assert pairing[0] == "2"
        assert sorted(sorted(map(int, board.split())) for board in pairing[1:]) == [[1, 3], [2, 4]]
        assert imported == "[]"


def test_the_system_comment_speaks_only_for_custom_swiss() -> None:
    """``### swisspairing system NAME`` names the system of a ``192 CUSTOM_SWISS`` file (or
    of a file without 192); a FIDE code in 192 wins over it (a hand-edited file, a Lim export
    paired again with --system)."""
    from swisspairing.formats.trf import parse_trf
    from swisspairing.systems.selection import system_from_file

    player = ("001    1 m    Lindqvist, Anders                 2512 SWE             "
              "1988/03/14  0.0    1")
    comment = "### swisspairing system lim"
    assert system_from_file(parse_trf(f"192 CUSTOM_SWISS\n{comment}\n{player}\n")) == "lim"
    assert system_from_file(parse_trf(f"{comment}\n{player}\n")) == "lim"
    assert system_from_file(parse_trf(f"192 FIDE_DUTCH_2017\n{comment}\n{player}\n")) == \
        "dutch-2017"
