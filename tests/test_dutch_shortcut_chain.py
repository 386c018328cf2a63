"""The chain of exact shortcuts a Dutch bracket tries before its matchings
(``generation.BRACKET_SHORTCUTS``, docs/dutch.md section 8, "Where the chain lives").

* the table: unique names, functions that exist, sections that docs/dutch.md has;
* :func:`generation.settled_by_shortcut` returns the first answer and asks no further;
* :func:`generation.run` asks the shortcuts in the table's order, each bracket until one answers,
  looking each function up at the call (a module attribute replaced by a test is what it calls).
"""

from __future__ import annotations

import re
import types
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest

from shortcut_helpers import near_miss_rounds
from swisspairing.systems import get_system
from swisspairing.systems.dutch import generation

DOCS = Path(__file__).resolve().parent.parent / "docs" / "dutch.md"


def test_every_shortcut_is_named_once_exists_and_cites_a_section_of_the_docs() -> None:
    docs = DOCS.read_text(encoding="utf-8")
    names = [s.name for s in generation.BRACKET_SHORTCUTS]
    assert len(names) == len(set(names)), names
    assert len(names) >= 11
    for shortcut in generation.BRACKET_SHORTCUTS:
        assert callable(getattr(shortcut.module, shortcut.function)), shortcut
        sections = re.findall(r"\d+(?:\.\d+)?", shortcut.section)
        assert sections, shortcut
        for section in sections:
            heading = (f"## {section}. " if "." not in section else f"### {section} ")
            assert f"\n{heading}" in docs, (shortcut.name, section)
        # the paragraph of section 8 that says where the chain lives names each shortcut
        assert f"`{shortcut.name}`" in docs, shortcut.name


def _fake_shortcut(name: str, answer: object, asked: list[str]) -> generation.Shortcut:
    module = types.ModuleType(f"fake_{name}")

    def candidate(ctx: object) -> object:
        asked.append(name)
        return answer

    setattr(module, "candidate", candidate)  # noqa: B010 - a module built for the test
    return generation.Shortcut(name, "8", module, "candidate")


def test_the_first_shortcut_that_answers_settles_the_bracket(
        monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[str] = []
    first_answer = ([], [])
    monkeypatch.setattr(generation, "BRACKET_SHORTCUTS", (
        _fake_shortcut("none", None, asked),
        _fake_shortcut("first", first_answer, asked),
        _fake_shortcut("second", ([], ["never returned"]), asked),
    ))
    assert generation.settled_by_shortcut(object()) is first_answer  # type: ignore[arg-type]
    assert asked == ["none", "first"]
    monkeypatch.setattr(generation, "BRACKET_SHORTCUTS",
                        (_fake_shortcut("none", None, asked),))
    asked.clear()
    assert generation.settled_by_shortcut(object()) is None  # type: ignore[arg-type]
    assert asked == ["none"]


@pytest.mark.parametrize("system", ["dutch-2012", "dutch-2017", "dutch-2025"])
def test_run_asks_the_shortcuts_in_the_table_order_until_one_answers(
        system: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every function of the table is replaced on its module by a recorder (the real function,
    noting the bracket, its name and whether it answered); the near-miss rounds of issue 26 are
    paired: each bracket asks the table's names in order, stopping at the first answer."""
    table = generation.BRACKET_SHORTCUTS
    order = [s.name for s in table]
    calls: list[tuple[object, str, bool]] = []

    def recorder(name: str, real: Callable[..., object]) -> Callable[..., object]:
        def record(ctx: object) -> object:
            answer = real(ctx)
            calls.append((ctx, name, answer is not None))
            return answer
        return record

    for shortcut in table:
        real = getattr(shortcut.module, shortcut.function)
        monkeypatch.setattr(shortcut.module, shortcut.function, recorder(shortcut.name, real))
    engine = get_system(system)
    for _label, t, round_number in near_miss_rounds(system, (16, 30), (0.9, 1.0)):
        engine.pair(t, round_number)
    brackets: list[list[tuple[object, str, bool]]] = []
    for call in calls:
        if call[1] == order[0]:
            brackets.append([])
        brackets[-1].append(call)
    answered: Counter[str] = Counter()
    for asked in brackets:
        assert len({id(ctx) for ctx, _, _ in asked}) == 1  # one bracket
        names = [name for _, name, _ in asked]
        first = next((k for k, (_, _, ok) in enumerate(asked) if ok), None)
        if first is None:
            assert names == order  # nobody answered: every shortcut was asked
            answered["matchings"] += 1
        else:
            assert names == order[:first + 1]  # asked in order, none after the answer
            answered[names[-1]] += 1
    print(system, dict(answered))
    # the rounds reach the matchings and at least two different shortcuts
    assert answered["matchings"] > 0
    assert len(answered) >= 3, answered
