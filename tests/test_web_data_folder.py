"""Issue 24 item 19 on the command line: the data folder is the user's only (0700, its files
0600: the database holds the password hashes, the secret key signs the sessions), a data
folder that cannot be written is said as such (exit 2, the folder named), never "internal
error"; the hosts a request may name are this computer's, not ``*``."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest

CODE = "import sys; from swisspairing.interfaces.cli import main; sys.exit(main())"


def _run(args: list[str], data: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in (
        "DJANGO_SETTINGS_MODULE", "DATABASE_URL", "SWISSPAIRING_DATA")}
    env["SWISSPAIRING_PASSWORD"] = "a-long-test-password-19"
    # the umask most systems give: the program itself must make its files private
    return subprocess.run([sys.executable, "-c", CODE, *args, "--data", str(data)],
                          capture_output=True, text=True, timeout=300, env=env, check=False,
                          preexec_fn=lambda: os.umask(0o022))


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_the_data_folder_and_its_files_are_private(tmp_path: Path) -> None:
    data = tmp_path / "data"
    r = _run(["createuser", "marie"], data)
    assert r.returncode == 0, r.stderr
    assert _mode(data) == 0o700
    files = [p for p in data.iterdir() if p.is_file()]
    assert {p.name for p in files} >= {"secret_key", "swisspairing.sqlite3"}
    assert {p.name: _mode(p) for p in files} == {p.name: 0o600 for p in files}


def test_files_an_earlier_version_left_readable_are_made_private(tmp_path: Path) -> None:
    data = tmp_path / "data"
    assert _run(["createuser", "marie"], data).returncode == 0
    data.chmod(0o755)
    for p in data.iterdir():
        p.chmod(0o644)
    assert _run(["createuser", "paul"], data).returncode == 0
    assert _mode(data) == 0o700
    assert all(_mode(p) == 0o600 for p in data.iterdir() if p.is_file())


def _read_only(folder: Path) -> None:
    """The folder read-only, for root too (the immutable attribute), else skip."""
    if os.geteuid() != 0:
        folder.chmod(0o500)
        return
    chattr = shutil.which("chattr")
    if chattr is None or subprocess.run([chattr, "+i", str(folder)],
                                        capture_output=True).returncode:
        pytest.skip("running as root without chattr +i: no way to make a folder read-only")


def _writable(folder: Path) -> None:
    if os.geteuid() == 0:
        subprocess.run(["chattr", "-i", str(folder)], capture_output=True, check=False)
    folder.chmod(0o700)


@pytest.mark.parametrize("existing", [False, True])
def test_a_read_only_data_folder_is_said_as_such(tmp_path: Path, existing: bool) -> None:
    """New (no secret key yet) or holding a database: exit 2 naming the folder and the
    problem, not exit 4 "internal error"."""
    data = tmp_path / "data"
    data.mkdir()
    if existing:
        assert _run(["createuser", "marie"], data).returncode == 0
    _read_only(data)
    try:
        r = _run(["createuser", "paul"], data)
    finally:
        _writable(data)
    assert r.returncode == 2, (r.returncode, r.stderr)
    assert f"the data folder {data} cannot be written" in r.stderr, r.stderr
    assert "internal error" not in r.stderr
