"""The Double-Swiss engine (C.04.5, ``systems/double_swiss``) on the reference rounds of
``../shared/cases-2026/double-swiss`` and on small fields derived from the text."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import cell, line001, trf_text
from swisspairing.errors import BadRequest
from swisspairing.formats.trf import parse_trf, read_trf
from swisspairing.interfaces.cmd_pair import pair_tournament, system_from_file
from swisspairing.systems.double_swiss import DOUBLE_SWISS
from swisspairing.systems.explain import Explanation

DOUBLE = Path(__file__).resolve().parents[2] / "shared" / "cases-2026" / "double-swiss"
CASES = sorted(DOUBLE.glob("*.trf")) if DOUBLE.is_dir() else []
HEAD = ("012 Test", "142 10", "152 W", "162  W 1.0    D 0.5    L 0.0    P 1.5",
        "192 FIDE_DOUBLESWISS")


def _reference(path: Path) -> tuple[set[tuple[int, int]], int | None]:
    rows = [line.split() for line in path.read_text().split("\n")[1:] if line.strip()]
    pairs = {(int(a), int(b)) for a, b in rows if b != "0"}
    bye = next((int(a) for a, b in rows if b == "0"), None)
    return pairs, bye


@pytest.mark.skipif(not CASES, reason="../shared/cases-2026 is not next to the repository")
@pytest.mark.parametrize("path", CASES, ids=lambda p: p.stem)
def test_reference_rounds(path: Path) -> None:
    """Issue 28: the engine gives each reference round (same pairs, same White in game 1, same
    bye); the system is chosen by the file's 192 FIDE_DOUBLESWISS."""
    t = read_trf(path)
    assert system_from_file(t) == "double-swiss"
    pairing = pair_tournament(t, "double-swiss", None, None)
    got = {(b.white, b.black) for b in pairing.boards}
    assert (got, pairing.bye) == _reference(path.with_suffix(".pairs"))


def _round_one(n: int, initial: str = "W") -> str:
    head = (HEAD[0], HEAD[1], f"152 {initial}", *HEAD[3:])
    return trf_text(*head, *(line001(i, f"P{i}", 2000 - i) for i in range(1, n + 1)))


def test_round_one_colours_by_tpn_parity() -> None:
    """4.3.1: nobody has a colour; the HRP (smaller TPN) gets the initial colour when its TPN
    is odd: 6 players -> 1-4, 5-2 (2 is even: Black), 3-6 (digest fixture)."""
    pairing = DOUBLE_SWISS.pair(parse_trf(_round_one(6)))
    assert pairing.round_number == 1
    assert {(b.white, b.black) for b in pairing.boards} == {(1, 4), (5, 2), (3, 6)}
    black = DOUBLE_SWISS.pair(parse_trf(_round_one(6, "B")))
    assert {(b.white, b.black) for b in black.boards} == {(4, 1), (2, 5), (6, 3)}


def test_round_one_bye_to_the_largest_tpn() -> None:
    """3.4.4 with 5 players: the PAB to 5, then 1-3 and 4-2 (digest fixture)."""
    pairing = DOUBLE_SWISS.pair(parse_trf(_round_one(5)))
    assert pairing.bye == 5
    assert {(b.white, b.black) for b in pairing.boards} == {(1, 3), (4, 2)}


def test_second_match_fewer_whites_and_no_rematch() -> None:
    """Match 2 of four players after 1-3 (1 won 2-0) and 4-2 (drawn 1-1): scores 1: 2,
    4: 1, 2: 1, 3: 0. Bracket {1} takes one upfloater: 2 (the first by TPN on 1 point);
    then 4-3. Colours: 1 had White, 2 Black: 4.3.2 (fewer Whites) gives White to 2;
    4 had White, 3 Black: White to 3."""
    lines = [
        line001(1, "A", cells=[cell(3, "w", "1"), cell(3, "b", "1")]),
        line001(2, "B", cells=[cell(4, "b", "="), cell(4, "w", "=")]),
        line001(3, "C", cells=[cell(1, "b", "0"), cell(1, "w", "0")]),
        line001(4, "D", cells=[cell(2, "w", "="), cell(2, "b", "=")]),
    ]
    t = parse_trf(trf_text(*HEAD, *lines))
    explanation = Explanation()
    pairing = DOUBLE_SWISS.pair(t, None, explanation)
    assert pairing.round_number == 3
    assert {(b.white, b.black) for b in pairing.boards} == {(2, 1), (3, 4)}
    assert "4.3.2" in explanation.render("en")


def test_the_engine_refuses_a_file_that_is_not_double_swiss() -> None:
    text = _round_one(4).replace("192 FIDE_DOUBLESWISS\n", "")
    with pytest.raises(BadRequest, match="192 FIDE_DOUBLESWISS"):
        pair_tournament(parse_trf(text), "double-swiss", None, None)
