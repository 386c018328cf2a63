"""Issue 18 (1, 4): outputs and inputs that a hostile or careless user may give, for every
command (files.py).

* a loop of symbolic links as an output is a bad request (exit 2), as an input a bad input file
  (exit 3), never an internal error (exit 4);
* an output that is the same file as an input by a hard link is refused by every command that
  writes (one same-file check: device and inode), and the input is intact;
* the atomic write keeps the mode of the file it replaces, gives a new file the user's default
  mode (0666 less the umask), writes through a symbolic link (the link is kept) and writes a
  named pipe in place (a rename would replace the pipe).

The tournament is tiny (4 players, one round played) and paired by the real engines: these tests
check the command line, not the pairing rules.
"""

from __future__ import annotations

import os
import stat
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

from conftest import cell, line001, trf_text
from swisspairing.interfaces.cli import main

TRF = trf_text(
    "012 Files Open",
    "XXR 3",
    line001(1, "Alpha, Anna", 2200, 1.0, [cell(2, "w", "1")]),
    line001(2, "Beta, Bruno", 2100, 0.0, [cell(1, "b", "0")]),
    line001(3, "Gamma, Carl", 2000, 0.5, [cell(4, "w", "=")]),
    line001(4, "Delta, Dora", 1900, 0.5, [cell(3, "b", "=")]),
)
PAIRS = "2\n1 3\n4 2\n"
CONFIG = "PlayersNumber=6\nRoundsNumber=2\n"

#: every way of writing a file: (name, argv given the input files and the output path).
WRITERS: dict[str, Callable[[dict[str, str], str], list[str]]] = {
    "pair": lambda f, out: ["pair", f["trf"], "--system", "dutch-2025", "-o", out],
    "compat -p": lambda f, out: ["--dutch", f["trf"], "-p", out],
    "check": lambda f, out: ["check", f["trf"], "--system", "dutch-2025", "-o", out],
    "standings": lambda f, out: ["standings", f["trf"], "-o", out],
    "standings pdf": lambda f, out: ["standings", f["trf"], "--format", "pdf", "-o", out],
    "standings --pairs": lambda f, out: ["standings", f["trf"], "--view", "pairings",
                                         "--pairs", f["pairs"], "-o", out],
    "convert": lambda f, out: ["convert", f["trf"], "--to", "trf16", "-o", out],
    "generate": lambda f, out: ["generate", "--system", "dutch-2025", "--config", f["config"],
                                "-s", "1", "-o", out],
    "compat -g": lambda f, out: ["--dutch", f["config"], "-g", "-o", out, "-s", "1"],
}
#: every input a command reads: (name, which input file, argv given the files).
READERS: dict[str, tuple[str, Callable[[dict[str, str]], list[str]]]] = {
    "pair": ("trf", lambda f: ["pair", f["trf"], "--system", "dutch-2025"]),
    "compat -p": ("trf", lambda f: ["--dutch", f["trf"], "-p"]),
    "check": ("trf", lambda f: ["check", f["trf"], "--system", "dutch-2025"]),
    "compat -c": ("trf", lambda f: ["--dutch", f["trf"], "-c"]),
    "standings": ("trf", lambda f: ["standings", f["trf"]]),
    "standings --pairs": ("pairs", lambda f: ["standings", f["trf"], "--view", "pairings",
                                              "--pairs", f["pairs"]]),
    "convert": ("trf", lambda f: ["convert", f["trf"], "--to", "trf26", "-o", "-"]),
    "generate --config": ("config", lambda f: ["generate", "--system", "dutch-2025",
                                               "--config", f["config"], "-s", "1"]),
    "compat -g": ("config", lambda f: ["--dutch", f["config"], "-g", "-o",
                                       str(Path(f["trf"]).parent / "gen.trf")]),
}


@pytest.fixture
def inputs(tmp_path: Path) -> dict[str, str]:
    files = {"trf": tmp_path / "open.trf", "pairs": tmp_path / "round2.pairs",
             "config": tmp_path / "gen.cfg"}
    files["trf"].write_text(TRF, encoding="utf-8")
    files["pairs"].write_text(PAIRS, encoding="utf-8")
    files["config"].write_text(CONFIG, encoding="utf-8")
    return {k: str(v) for k, v in files.items()}


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    code = main(argv)
    return code, capsys.readouterr().err


def test_every_writer_works_on_a_plain_output(inputs: dict[str, str], tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    """The control for the tests below: each command line of WRITERS writes its output."""
    for name, argv in WRITERS.items():
        out = tmp_path / f"{name.replace(' ', '_')}.out"
        code, err = run(argv(inputs, str(out)), capsys)
        assert code in (0, 1), (name, err)  # check answers 1 when a round differs
        assert out.stat().st_size > 0, name


@pytest.mark.parametrize("name", sorted(WRITERS))
def test_symlink_loop_as_output_is_a_bad_request(name: str, inputs: dict[str, str],
                                                 tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    loop = tmp_path / "loop"
    loop.symlink_to(loop)
    code, err = run(WRITERS[name](inputs, str(loop)), capsys)
    assert code == 2, err
    assert "loop of symbolic links" in err and "internal error" not in err
    assert loop.is_symlink() and os.readlink(loop) == str(loop)  # nothing replaced


@pytest.mark.parametrize("name", sorted(READERS))
def test_symlink_loop_as_input_is_a_bad_input_file(name: str, inputs: dict[str, str],
                                                   tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    which, argv = READERS[name]
    loop = tmp_path / "loop"
    loop.symlink_to(loop)
    code, err = run(argv({**inputs, which: str(loop)}), capsys)
    assert code == 3, err
    assert str(loop) in err and "symbolic links" in err and "internal error" not in err


@pytest.mark.parametrize("name", sorted(WRITERS))
def test_hard_link_to_an_input_is_refused(name: str, inputs: dict[str, str], tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    before = {k: Path(v).read_bytes() for k, v in inputs.items()}
    argv = WRITERS[name]
    for which in inputs:
        if inputs[which] not in argv(inputs, "OUT"):
            continue  # not an input of this command
        link = tmp_path / f"hard-{which}"
        os.link(inputs[which], link)
        code, err = run(argv(inputs, str(link)), capsys)
        assert code == 2 and "refusing to overwrite the input file" in err, (which, err)
        link.unlink()
    assert {k: Path(v).read_bytes() for k, v in inputs.items()} == before


@pytest.mark.parametrize("mode", [0o644, 0o640, 0o604])
def test_atomic_write_keeps_the_mode_of_the_file_it_replaces(
        mode: int, inputs: dict[str, str], tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    for name in ("pair", "standings pdf"):
        out = tmp_path / f"{name.replace(' ', '_')}.out"
        out.write_text("previous\n")
        out.chmod(mode)
        code, err = run(WRITERS[name](inputs, str(out)), capsys)
        assert code == 0, err
        assert out.read_bytes() != b"previous\n"
        assert stat.S_IMODE(out.stat().st_mode) == mode, name


@pytest.mark.parametrize("umask", [0o022, 0o027, 0o077])
def test_new_output_gets_the_users_default_mode(umask: int, inputs: dict[str, str],
                                                tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "new.pairs"
    previous = os.umask(umask)
    try:
        code, err = run(WRITERS["pair"](inputs, str(out)), capsys)
    finally:
        os.umask(previous)
    assert code == 0, err
    assert stat.S_IMODE(out.stat().st_mode) == 0o666 & ~umask


def test_output_through_a_symbolic_link_writes_its_target(
        inputs: dict[str, str], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "real.pairs"
    target.write_text("previous\n")
    link = tmp_path / "link.pairs"
    link.symlink_to(target)
    code, err = run(WRITERS["pair"](inputs, str(link)), capsys)
    assert code == 0, err
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert target.read_text().splitlines()[0] == "2"  # two pairs, as javafo's first line


def test_named_pipe_is_written_in_place(inputs: dict[str, str], tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    """A rename over a pipe (or /dev/null) would replace it with a plain file."""
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(pipe.read_bytes()))
    reader.start()
    code, err = run(WRITERS["pair"](inputs, str(pipe)), capsys)
    reader.join(timeout=10)
    assert code == 0, err
    assert stat.S_ISFIFO(os.stat(pipe).st_mode)
    assert got and got[0].decode().splitlines()[0] == "2"
