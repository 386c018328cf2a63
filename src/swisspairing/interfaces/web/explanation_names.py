"""The pairing explanation with the players named (issue 25 item 8): where a note lists
players by pairing number, each number is followed by the player's name ("5 DUPONT, Jean").

The engines write their notes with numbers only (the command line's ``--explain`` output, in
English and French); the web page adds the names to the notes of these shapes, and leaves any
other note as it is:

* ``PREFIX: 1, 3, 5*, 11 (* = moved down)`` (a score group's players);
* ``PREFIX: 1-4, 3-11`` (the pairs);
* the same lists separated by spaces only (``Top-scoregroup 2: 10 16 19``, ``pairs: 9-16
  10-19``: the Double-Swiss and Swiss 2026 engines' notes), named with ", " between the items
  so that a name does not run into the next number;
* ``PREFIX: White 4, Black 1`` / ``Blancs 4, Noirs 1`` (a board's colours);
* ``5 (1) floats down...`` / ``10 (0) receives the pairing-allocated bye...`` (a number and its
  score at the start).
"""

from __future__ import annotations

import re

_LIST = re.compile(r"\d+\*?(?:,? \d+\*?)*")
_PAIRS = re.compile(r"\d+-\d+(?:,? \d+-\d+)*")
#: the separator of a list's items: ", " or a space alone
_SEPARATOR = re.compile(r",? ")
_COLOURS = re.compile(r"(White|Blancs) (\d+), (Black|Noirs) (\d+)")
_LEADING = re.compile(r"(\d+)( \(\d+(?:[.,]\d+)?\) .*)", re.DOTALL)
_NUMBER = re.compile(r"\d+")
_TOKEN = re.compile(r"(\d+)\*?")
#: a list may end with its legend: "1, 3, 5* (* = moved down)"
_LEGEND = re.compile(r"(.*?)( \(\* = [^)]*\))?", re.DOTALL)


def named_note(text: str, names: dict[int, str]) -> str:
    """``text`` with each listed pairing number followed by its player's name (see the module's
    shapes); unchanged when it has none of them or names a number that is not a player."""
    def name(number: str) -> str:
        return f"{number} {names[int(number)]}"

    def known(numbers: list[str]) -> bool:
        return bool(numbers) and all(int(n) in names for n in numbers)

    leading = _LEADING.fullmatch(text)
    if leading and known([leading.group(1)]):
        return name(leading.group(1)) + leading.group(2)
    prefix, sep, rest = text.partition(": ")
    if not sep:
        prefix, sep, rest = text.partition("\u00a0: ")
    if not sep:
        prefix, sep, rest = text.partition(" : ")
    if not sep:
        return text
    listed, legend = _LEGEND.fullmatch(rest).groups()  # type: ignore[union-attr]
    if _LIST.fullmatch(listed) or _PAIRS.fullmatch(listed):
        numbers = _NUMBER.findall(listed)
        if known(numbers):
            items = [_TOKEN.sub(lambda f: f"{f.group(0)} {names[int(f.group(1))]}", item)
                     for item in _SEPARATOR.split(listed)]
            return prefix + sep + ", ".join(items) + (legend or "")
    colours = _COLOURS.fullmatch(rest)
    if colours and known([colours.group(2), colours.group(4)]):
        return (f"{prefix}{sep}{colours.group(1)} {name(colours.group(2))}, "
                f"{colours.group(3)} {name(colours.group(4))}")
    return text
