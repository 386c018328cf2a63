"""The Double-Swiss engine (C.04.5, ``systems/double_swiss``) on the reference rounds of
``../shared/cases-2026/double-swiss`` and on small fields derived from the text."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import cell, line001, trf_text
from swisspairing.errors import BadRequest
from swisspairing.formats.trf import parse_trf, read_trf
from swisspairing.systems.double_swiss import DOUBLE_SWISS
from swisspairing.systems.explain import Explanation
from swisspairing.systems.selection import pair_tournament, system_from_file

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


def test_generated_events_check_equal_pair_without_violations() -> None:
    """Issue 28 'done when': generated events (byes, absences, match forfeits and single-game
    forfeits, withdrawals) are re-paired by the checker match by match to the same pairing, with
    no absolute-rule violation; the file written reads back equal."""
    from swisspairing.checker.check import check_tournament
    from swisspairing.checker.generator import GeneratorConfig, generate
    from swisspairing.formats.trf import write_trf

    config = GeneratorConfig(players=15, rounds=5, forfeit_rate=0.15, half_point_bye_rate=0.05,
                             zero_point_bye_rate=0.05, retire_rate=0.02)
    for seed in range(1, 9):
        t = generate("double-swiss", config, seed)
        assert t.games_per_round == 2 and t.total_rounds == 10
        report = check_tournament(t, "double-swiss")
        assert [r.round_number for r in report.rounds] == [1, 2, 3, 4, 5]
        assert report.ok, report.render(t)
        back = parse_trf(write_trf(t))
        back.name = t.name  # the model's name is not a TRF field (012 holds the title)
        assert back == t and back.warnings == []
        # pair --round K on the finished file gives the match as it was played
        for k in (2, 5):
            again = pair_tournament(t, "double-swiss", k, None)
            assert again.round_number == 2 * k - 1
            played = {(b.white, b.black) for b in report.rounds[k - 1].published.boards}
            assert {(b.white, b.black) for b in again.boards} == played


def test_checker_reports_a_bye_to_a_forfeit_winner() -> None:
    """[C2] (2.1.2): 1 won match 1 by forfeit (2 forfeited both games): a PAB to 1 in match 2
    is a violation; a single forfeited game inside a played match does not bar (3 vs 4). Our
    pairing gives the bye to 2, the lowest score (3.4.2)."""
    from swisspairing.checker.check import check_tournament

    lines = [
        line001(1, "A", cells=[cell(2, "w", "+"), cell(2, "b", "+"), cell(0, "-", "U"),
                               cell(0, "-", "U")]),
        line001(2, "B", cells=[cell(1, "b", "-"), cell(1, "w", "-"), cell(3, "w", "1"),
                               cell(3, "b", "1")]),
        line001(3, "C", cells=[cell(4, "w", "+"), cell(4, "b", "1"), cell(2, "b", "0"),
                               cell(2, "w", "0")]),
        line001(4, "D", cells=[cell(3, "b", "-"), cell(3, "w", "0"), cell(0, "-", "Z"),
                               cell(0, "-", "Z")]),
    ]
    t = parse_trf(trf_text(*HEAD, *lines))
    report = check_tournament(t, "double-swiss", [2])
    rules = [v.rule for v in report.rounds[0].violations]
    assert rules == ["C.04.5 [C2]"]
    ours = report.rounds[0].ours
    assert ours is not None and ours.bye == 2 and report.rounds[0].our_violations == []  # 3.4.2
    from swisspairing.systems.double_swiss import build_players

    players, _ = build_players(t.before_round(3), 2)
    allowed = {p.id: p.participant.may_get_bye for p in players}
    assert allowed == {1: False, 2: True, 3: True}


def test_explain_in_english_and_french(capsys: pytest.CaptureFixture[str]) -> None:
    """--explain: the bye (3.4), each bracket (3.2, 3.5, 3.6) and each board's colour rule
    (Art. 4), in English and in French, from the command line."""
    from swisspairing.interfaces.cli import main

    path = DOUBLE / "d013-r04.trf"
    if not path.exists():
        pytest.skip("../shared/cases-2026 is not next to the repository")
    assert main(["pair", str(path), "--explain"]) == 0
    en = capsys.readouterr().out
    assert en.startswith("Match 4 (game 1: White - Black")
    for words in ("Pairing-allocated bye: 30", "Top-scoregroup 6: 1 [C.04.5 3.2]",
                  "[C8] not met 1 time(s)", "[C.04.5 2.3.5]", "has White in game 1",
                  "[C.04.5 4.3."):
        assert words in en
    assert main(["pair", str(path), "--explain", "--lang", "fr"]) == 0
    fr = capsys.readouterr().out
    for words in ("Exempt : 30", "Groupe de tête 6 : 1", "flotteurs montants",
                  "a les Blancs à la partie 1"):
        assert words in fr


def test_baku_acceleration_per_match() -> None:
    """C.04.7 with 192 FIDE_DOUBLESWISS_BAKU, 8 players and 4 matches: GA = players 1-4
    (2 * ceil(8 / 4)); A = ceil(4 / 2) = 2 accelerated matches, the first with the points of a
    match won (2 games: +2, docs reading 20), the second with half (+1). Match 1: GA on 2 and
    GB on 0 are paired apart: 1-3, 2-4 and 5-7, 6-8 (3.6), colours by 4.3.1 (initial White:
    odd HRP White, even HRP Black)."""
    head = (HEAD[0], "142 8", *HEAD[2:4], "192 FIDE_DOUBLESWISS_BAKU")
    t = parse_trf(trf_text(*head, *(line001(i, f"P{i}", 2000 - i) for i in range(1, 9))))
    assert t.baku and t.games_per_round == 2
    from swisspairing.model.acceleration import virtual_points_table

    assert virtual_points_table(t)[1] == [2.0, 2.0, 1.0, 1.0]
    pairing = pair_tournament(t, "double-swiss", None, None)
    assert {(b.white, b.black) for b in pairing.boards} == {(1, 3), (4, 2), (5, 7), (8, 6)}


@pytest.mark.parametrize("system", ["dutch", "burstein"])
def test_a_double_swiss_file_is_not_paired_or_checked_by_another_system(system: str) -> None:
    from swisspairing.checker.check import check_tournament

    t = parse_trf(_round_one(4))
    with pytest.raises(BadRequest, match="use --system double-swiss"):
        pair_tournament(t, system, None, None)
    with pytest.raises(BadRequest, match="use --system double-swiss"):
        check_tournament(t, system)
