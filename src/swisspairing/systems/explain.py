"""Explanations of a pairing (C.04.1 i: the rules must be transparent and explainable).

A system adds one :class:`Note` per decision as it pairs: the bracket it works on, who floated
and why, which criteria could not be met, which colour rule decided a board. Every note carries
its English and French text; :meth:`Explanation.render` picks the language.
"""

from __future__ import annotations

from dataclasses import dataclass, field

LANGUAGES = ("en", "fr")


def fr_number(value: float) -> str:
    """A score in a French note: ``2,5`` (decimal comma), ``3`` (no trailing zeros); the
    English notes keep ``2.5``."""
    return f"{value:g}".replace(".", ",")


def fr_points(value: float) -> str:
    """A score with its unit in a French note: ``0 point``, ``1,5 point``, ``2 points``
    (French takes the singular below two)."""
    return f"{fr_number(value)} point{'s' if abs(value) >= 2 else ''}"


@dataclass(frozen=True, slots=True)
class Note:
    """One line of an explanation, in English and French, with an indentation level."""

    en: str
    fr: str
    level: int = 0
    rule: str = ""

    def text(self, lang: str) -> str:
        body = self.fr if lang == "fr" else self.en
        return f"{body} [{self.rule}]" if self.rule else body


@dataclass(slots=True)
class Explanation:
    """The notes of one pairing, in the order they were made."""

    notes: list[Note] = field(default_factory=list)

    def add(self, en: str, fr: str, *, level: int = 0, rule: str = "") -> None:
        self.notes.append(Note(en, fr, level, rule))

    def render(self, lang: str = "en") -> str:
        return "\n".join("  " * n.level + n.text(lang) for n in self.notes)

    def as_json(self, lang: str = "en") -> list[dict[str, object]]:
        return [{"level": n.level, "rule": n.rule, "text": n.text(lang)} for n in self.notes]
