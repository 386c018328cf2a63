"""``formats.pairs.read_javafo``: the pair list :func:`javafo` writes, read back; wrong lines
are errors naming the line."""

from __future__ import annotations

import pytest

from swisspairing.errors import InputError
from swisspairing.formats.pairs import javafo, read_javafo
from swisspairing.model import Board, Pairing


def test_reads_back_what_javafo_writes() -> None:
    pairing = Pairing(round_number=3, boards=[Board(4, 1), Board(2, 7), Board(6, 3)], bye=5)
    assert read_javafo(javafo(pairing)) == ({(4, 1), (2, 7), (6, 3)}, 5)
    assert read_javafo("2\n\n1 2\n3 4\n") == ({(1, 2), (3, 4)}, None)


#: a wrong pair list -> (the line named, words of the problem)
WRONG_LISTS: dict[str, tuple[int | None, str]] = {
    "": (None, "number of pairs"),
    "two\n1 2\n": (1, "number of pairs"),
    "2\n1 2\n3\n": (3, "two player numbers, found '3'"),
    "2\n1 2\n3 x\n": (3, "two player numbers"),
    "1\n0 4\n": (2, "two player numbers"),
    "2\n1 0\n2 0\n": (3, "a second bye"),
    "3\n1 2\n3 4\n": (1, "announces 3 pairs, the list has 2"),
}


@pytest.mark.parametrize("text", WRONG_LISTS)
def test_a_wrong_line_is_named(text: str) -> None:
    line, fragment = WRONG_LISTS[text]
    with pytest.raises(InputError) as caught:
        read_javafo(text, "round3.pairs")
    assert caught.value.line == line
    assert fragment in caught.value.problem
    assert caught.value.user_message().startswith("round3.pairs")
