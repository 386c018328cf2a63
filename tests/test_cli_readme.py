"""README.md gives the two set-up commands of a fresh machine (issue 2); CI runs the second."""

from __future__ import annotations

import re
from pathlib import Path

from conftest import EXAMPLES
from swisspairing.interfaces.cli import COMMANDS, COMPAT_SYSTEMS
from swisspairing.systems import SYSTEM_NAMES

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
#: command 1 (issue 29): the main job, the web app with the bundled example event
FIRST = ("python3 -m venv .venv && .venv/bin/pip install -e '.[web]' && "
         ".venv/bin/swisspairing serve --demo")
#: right after it, the command-line pairing of the same example
PAIR = re.compile(r"\.venv/bin/swisspairing pair (examples/\S+\.trf) --system dutch-2025")
SECOND = "bash scripts/test.sh"
#: what scripts/test.sh does in the end: install with the test tools, lint, run every test
INSTALL = "python3 -m venv .venv"


def test_first_command_serves_the_demo_then_pairs_a_bundled_example() -> None:
    assert README.index(FIRST) < README.index("bash scripts/test.sh"), "command 1 comes first"
    found = PAIR.search(README)
    assert found, "README.md lost the command-line pairing example"
    example = ROOT / found.group(1)
    assert example.is_file() and example.parent == EXAMPLES


def test_second_command_is_what_ci_runs() -> None:
    assert SECOND in README
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").strip().splitlines()
    assert ci[-1] == SECOND
    script = (ROOT / "scripts" / "test.sh").read_text(encoding="utf-8")
    assert INSTALL in script and "pip install -q -e '.[test]'" in script
    assert ".venv/bin/ruff check ." in script
    assert script.strip().splitlines()[-1] == ".venv/bin/python -m pytest"


def test_readme_documents_commands_systems_and_exit_codes() -> None:
    for command in COMMANDS:
        assert f"swisspairing {command}" in README, command
    for name in SYSTEM_NAMES:
        assert f"`{name}`" in README, name
    for flag in COMPAT_SYSTEMS:
        assert f"`{flag}`" in README or f"{flag} IN.trf" in README, flag
    for code in ("| 0 |", "| 1 |", "| 2 |", "| 3 |"):
        assert code in README
    assert "## Résumé en français" in README
    assert "CONTRIBUTING.md" in README
