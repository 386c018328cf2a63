"""Shared helpers for the foundation tests: TRF lines built column by column from the spec.

The helpers write ``001`` lines from the column table of ``../shared/rules/trf.md`` section 4
(independently of our writer), so that reader tests do not depend on the code under test.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from browser_helpers import browser, shots  # noqa: F401 - the browser tests' fixtures

CASES = Path(__file__).resolve().parents[2] / "shared" / "cases"
EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


@pytest.fixture
def arbiter():  # type: ignore[no-untyped-def]
    """A test client logged in as an arbiter (``arb``) of the web app."""
    from django.test import Client

    from swisspairing.interfaces.web import models as m
    from web_helpers import make_user

    c = Client()
    c.force_login(make_user("arb", m.ROLE_ARBITER))
    return c


def cell(opponent: int, colour: str, code: str) -> str:
    """One 8-column round cell ``OOOO C R`` (trf.md 4: cols 92-95, 97, 99)."""
    return f"{opponent:04d} {colour} {code}" if opponent == 0 else f"{opponent:4d} {colour} {code}"


def line001(
    pid: int,
    name: str = "",
    rating: int | None = None,
    points: float | None = None,
    cells: list[str] | tuple[str, ...] = (),
    *,
    sex: str = " ",
    title: str = "",
    federation: str = "",
    fide_id: str = "",
    birth: str = "",
    rank: int | None = None,
) -> str:
    """A ``001`` line, field by field at the TRF-16 columns (trf.md 4)."""
    head = (
        "001"  # cols 1-3
        + " "
        + f"{pid:>4}"  # 5-8
        + " "
        + (sex or " ")[:1]  # 10
        + f"{title:>3}"  # 11-13
        + " "
        + f"{name:<33}"  # 15-47
        + " "
        + f"{'' if rating is None else rating:>4}"  # 49-52
        + " "
        + f"{federation:<3}"  # 54-56
        + " "
        + f"{fide_id:>11}"  # 58-68
        + " "
        + f"{birth:<10}"  # 70-79
        + " "
        + f"{'' if points is None else f'{points:4.1f}':>4}"  # 81-84
        + " "
        + f"{'' if rank is None else rank:>4}"  # 86-89
    )
    assert len(head) == 89
    return (head + "".join("  " + c for c in cells)).rstrip()


def trf_text(*lines: str, eol: str = "\n") -> str:
    return eol.join(lines) + eol


@pytest.fixture
def write_file(tmp_path: Path):  # type: ignore[no-untyped-def]
    """Write text (UTF-8) or bytes to a file in ``tmp_path`` and return its path."""

    def _write(content: str | bytes, name: str = "t.trf") -> Path:
        path = tmp_path / name
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_bytes(content.encode("utf-8"))
        return path

    return _write


@pytest.fixture(autouse=True)
def _no_language_left_over() -> object:
    """A test client request in French (``Accept-Language: fr``) leaves French active in the
    thread (Django's LocaleMiddleware activates it and nothing deactivates it in tests): the
    next test would read French messages. Every test starts from the default language."""
    yield
    import sys

    if "django.utils.translation" in sys.modules:  # (only where Django was used)
        sys.modules["django.utils.translation"].deactivate()
