"""The pairing explanation of the pairing as it now is (issue 25 item 8): after manual
changes, the round page shows what the arbiter changed, then the engine's notes, each note
that no longer holds marked with what changed.

The engine's explanation (``Round.explanation``) is kept as the engine wrote it; this module
reads it against the pairing on the boards each time the page is shown, so that undoing a
change, or going back to the engine's pairing, gives back the engine's explanation as it was
(nothing is stored twice, nothing to keep in step).

* The engine's pairing is the pairing now with the manual changes undone in reverse order:
  each change is its own inverse (``actions.undo_manual_changes`` relies on the same fact).
* What changed: the engine's pairs that no longer play each other, the pairs whose colours
  were swapped, the pairing-allocated bye (PAB) given to another player.
* An engine note that names a pair no longer on the boards ("pairs: 1-4, 3-11",
  "board 4 - 1: White 4, Black 1", "4 (White) - 1 (Black)", "1 meets 6 (NAME)"), a board
  whose colours were swapped (a note about colours), or the player who no longer has the
  PAB ("10 (0) receives the pairing-allocated bye", "Bye: player 10") is kept and marked
  ("changed by hand since: 3 and 11 no longer play each other"). Any other note describes
  how the engine built its pairing (score groups, floaters, criteria) and is kept as it is:
  it stays true of the engine's pairing, which the page says the notes are about.
* Each change in words, with the players (number and name), the boards, who made it, and the
  absolute rules (C.04.1, ``rule_citations``) the pairing as it now is breaks on the boards
  that change touched (each broken rule under the last change that touched its boards; one
  touching no changed board is listed after the changes).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.translation import gettext as _

from .explanation_names import named_note
from .rule_citations import BrokenRule

#: a board: White, Black (None: the pairing-allocated bye)
Board = tuple[int, int | None]

#: a pair as the notes write it: "1-4", "4 - 1" (not "C6-C10", "2.3.4-2.3.5", "5 -> 3")
_PAIR = re.compile(r"(?<![\w.])(\d+) ?- ?(\d+)(?![\w.])")
#: a board as Lim and the team system write it: "4 (White) - 1 (Black)"
_COLOURED_PAIR = re.compile(r"(?<![\w.])(\d+) \((?:White|Blancs)\) - (\d+) \((?:Black|Noirs)\)")
#: a pair told in a sentence: "1 meets 5 (NAME)" (the constraint notes, constraint_notes.py)
_MEETS = re.compile(r"(?<![\w.])(\d+) (?:meets|would have met) (\d+)(?![\w.])")
#: a note about colours (its English text)
_COLOUR_WORDS = re.compile(r"\b(?:Whites?|Blacks?|colours?)\b", re.IGNORECASE)
_BYE_WORDS = re.compile(r"\bbye\b", re.IGNORECASE)


def apply_change(boards: dict[int, Board], change: dict[str, object]) -> dict[int, Board]:
    """``boards`` (board number -> White, Black) after one stored manual change: ``swap``
    the colours of a board; ``exchange`` / ``bye`` two players change places (the PAB is the
    board without Black). Each is its own inverse."""
    out = dict(boards)
    if change.get("kind") == "swap":
        number = int(str(change["board"]))
        white, black = out.get(number, (0, None))
        if number in out and black is not None:
            out[number] = (black, white)
        return out
    a, b = int(str(change["a"])), int(str(change["b"]))

    def moved(tpn: int | None) -> int | None:
        return b if tpn == a else a if tpn == b else tpn

    return {n: (b if w == a else a if w == b else w, moved(bl)) for n, (w, bl) in out.items()}


def engine_boards(now: dict[int, Board], changes: Sequence[object]) -> dict[int, Board] | None:
    """The engine's pairing: ``now`` with ``changes`` undone in reverse order; None when a
    change was stored as text by an earlier version (it cannot be undone)."""
    if not all(isinstance(c, dict) and c.get("kind") in ("swap", "exchange", "bye")
               for c in changes):
        return None
    boards = dict(now)
    for change in reversed(changes):
        boards = apply_change(boards, change)  # type: ignore[arg-type]
    return boards


@dataclass(frozen=True, slots=True)
class Difference:
    """What the manual changes changed: the engine's pairs no longer on the boards, the pairs
    whose colours were swapped (as the engine had them, White first), the PAB before and now."""

    broken: frozenset[tuple[int, int]]
    recoloured: frozenset[tuple[int, int]]
    engine_bye: int | None
    bye_now: int | None

    @property
    def none(self) -> bool:
        return not self.broken and not self.recoloured and self.engine_bye == self.bye_now


def difference(engine: dict[int, Board], now: dict[int, Board]) -> Difference:
    def pairs(boards: dict[int, Board]) -> dict[frozenset[int], tuple[int, int]]:
        return {frozenset((w, b)): (w, b) for w, b in boards.values() if b is not None}

    def bye(boards: dict[int, Board]) -> int | None:
        return next((w for w, b in boards.values() if b is None), None)

    before, after = pairs(engine), pairs(now)
    broken = frozenset(p for k, p in before.items() if k not in after)
    recoloured = frozenset(p for k, p in before.items() if k in after and after[k] != p)
    return Difference(broken, recoloured, bye(engine), bye(now))


def _pairs_in(text: str) -> set[frozenset[int]]:
    found = {frozenset((int(a), int(b))) for a, b in _PAIR.findall(text)}
    found |= {frozenset((int(a), int(b))) for a, b in _MEETS.findall(text)}
    return found | {frozenset((int(a), int(b))) for a, b in _COLOURED_PAIR.findall(text)}


def _mentions(text: str, number: int) -> bool:
    """``number`` stands in ``text`` as a number of its own (not in ``12``, ``1.5`` or
    ``1 point``)."""
    return re.search(rf"(?<![\w.,]){number}(?![\w]|[.,]\d| points?\b)", text) is not None


def what_no_longer_holds(engine_en: str, diff: Difference) -> list[str]:
    """What, in an engine note (read in its English text, which has the same numbers as the
    French), the manual changes made untrue, in the active language; empty: the note holds."""
    out = []
    mentioned = _pairs_in(engine_en)
    for a, b in sorted(diff.broken):
        if frozenset((a, b)) in mentioned:
            out.append(_("%(a)s and %(b)s no longer play each other") % {"a": a, "b": b})
    if _COLOUR_WORDS.search(engine_en):
        for white, black in sorted(diff.recoloured):
            if frozenset((white, black)) in mentioned:
                out.append(_("%(white)s now has Black against %(black)s")
                           % {"white": white, "black": black})
    if (diff.engine_bye is not None and diff.engine_bye != diff.bye_now
            and _BYE_WORDS.search(engine_en) and _mentions(engine_en, diff.engine_bye)):
        out.append(_("%(n)s no longer has the pairing-allocated bye") % {"n": diff.engine_bye})
    return out


@dataclass(frozen=True, slots=True)
class ShownNote:
    """One line of the explanation as the page shows it."""

    text: str
    level: int = 0
    rule: str = ""
    #: what of this engine note no longer holds since the manual changes ("" : it holds)
    changed: str = ""
    #: ``engine`` (the engine's note), ``manual`` (what the arbiter changed)
    kind: str = "engine"


def _who(tpn: int | None, names: dict[int, str]) -> str:
    return "" if tpn is None else f"{tpn} {names.get(tpn, '')}".strip()


def _board_words(number: int, board: Board, names: dict[int, str]) -> str:
    white, black = board
    if black is None:
        return _("board %(board)s: %(player)s, pairing-allocated bye") % {
            "board": number, "player": _who(white, names)}
    return _("board %(board)s: White %(white)s; Black %(black)s") % {
        "board": number, "white": _who(white, names), "black": _who(black, names)}


def _change_words(change: dict[str, object], before: dict[int, Board],
                  after: dict[int, Board], names: dict[int, str]
                  ) -> tuple[str, list[str], set[int]]:
    """One change in words: what it did, the boards it touched as it left them, and their
    numbers."""
    touched = {n for n in after if after[n] != before.get(n)}
    if change.get("kind") == "swap":
        number = int(str(change["board"]))
        touched.add(number)
        text = _("Colours of board %(board)s swapped by hand") % {"board": number}
    elif change.get("kind") == "bye":
        text = _("%(a)s given the pairing-allocated bye by hand instead of %(b)s") % {
            "a": _who(int(str(change["a"])), names), "b": _who(int(str(change["b"])), names)}
    else:
        text = _("%(a)s and %(b)s exchanged by hand") % {
            "a": _who(int(str(change["a"])), names), "b": _who(int(str(change["b"])), names)}
    if change.get("by"):
        text += " " + _("(by %(user)s)") % {"user": change["by"]}
    return text, [_board_words(n, after[n], names) for n in sorted(touched) if n in after], touched


def shown_notes(engine_notes: Sequence[dict[str, object]], now: dict[int, Board],
                changes: Sequence[object], names: dict[int, str], lang: str,
                broken: Sequence[BrokenRule] = (), board_of_game: dict[int, int] | None = None,
                ) -> list[ShownNote]:
    """The explanation of the round as its pairing now is: the manual changes first (each in
    words, with the rules the pairing now breaks on its boards), then the engine's notes,
    those that no longer hold marked. Without manual changes, the engine's notes as they
    are (with the players named)."""
    def engine_note(n: dict[str, object], changed: str = "") -> ShownNote:
        return ShownNote(named_note(str(n[lang]), names), int(str(n["level"])),
                         str(n["rule"]), changed)

    if not changes:
        return [engine_note(n) for n in engine_notes]
    engine = engine_boards(now, changes)
    if engine is None:  # a change stored as text by an earlier version
        return [ShownNote(_("The pairing was changed by hand with an earlier version: the "
                            "notes below are the engine's and may no longer hold."),
                          kind="manual"),
                *(engine_note(n) for n in engine_notes)]
    out = [ShownNote(_("Changed by hand after the engine's pairing (the engine's notes "
                       "follow, each one that no longer holds marked):"), kind="manual")]
    boards_of: list[set[int]] = []
    state = engine
    for change in changes:
        after = apply_change(state, change)  # type: ignore[arg-type]
        text, boards, touched = _change_words(change, state, after, names)  # type: ignore[arg-type]
        out.append(ShownNote(text, 1, kind="manual"))
        out.extend(ShownNote(board, 2, kind="manual") for board in boards)
        boards_of.append(touched)
        state = after
    # each broken rule under the last change that touched one of its boards
    where = board_of_game or {}
    placed: dict[int, list[BrokenRule]] = {}
    loose: list[BrokenRule] = []
    for rule in broken:
        boards = {where[g] for g in rule.game_ids if g in where}
        last = next((i for i in range(len(boards_of) - 1, -1, -1) if boards_of[i] & boards),
                    None)
        if last is None:
            loose.append(rule)
        else:
            placed.setdefault(last, []).append(rule)
    merged: list[ShownNote] = [out[0]]
    change = -1
    for note in [*out[1:], ShownNote("", 1)]:  # the rules broken after each change's boards
        if note.level == 1:
            merged.extend(ShownNote(_("breaks: %(rule)s") % {"rule": rule.text}, 2,
                                    rule.rule, kind="manual") for rule in placed.get(change, []))
            change += 1
        if note.text:
            merged.append(note)
    for rule in loose:
        merged.append(ShownNote(_("The pairing breaks: %(rule)s") % {"rule": rule.text}, 1,
                                rule.rule, kind="manual"))
    diff = difference(engine, now)
    if diff.none:
        merged.append(ShownNote(_("The pairing is the engine's again: its notes hold."), 1,
                                kind="manual"))
    elif not broken:
        merged.append(ShownNote(_("No absolute rule is broken by the pairing as it now is."),
                                1, "C.04.1", kind="manual"))
    for n in engine_notes:
        lost = what_no_longer_holds(str(n["en"]), diff)
        # "; " between the items, " ; " in French
        changed = (_("changed by hand since: %(what)s") % {"what": _("; ").join(lost)}
                   if lost else "")
        merged.append(engine_note(n, changed))
    return merged
