"""The bundled example tournament (examples/open-annecy-2026.trf) is consistent and read
without warnings: it is the file README.md pairs on a fresh machine."""

from __future__ import annotations

from collections import Counter

from conftest import EXAMPLES
from swisspairing.formats.trf import parse_trf, read_trf, write_trf
from swisspairing.model import Colour, PreferenceStrength, ResultKind, build_states

EXAMPLE = EXAMPLES / "open-annecy-2026.trf"


def test_example_is_read_without_warnings() -> None:
    t = read_trf(EXAMPLE)
    assert t.warnings == []
    assert len(t.players) == 18
    assert t.total_rounds == 7 and t.initial_colour is Colour.WHITE  # XXR 7, XXC white1
    assert t.rounds_paired == 3 and t.next_round == 4
    assert t.not_paired_in(4) == {}
    assert t.headers["192"] == ["192 FIDE_DUTCH_2026"]


def test_example_pairing_numbers_follow_the_initial_order() -> None:
    """C.04.2 B.2: pairing numbers by rating, then title, then name (the unrated last)."""
    t = read_trf(EXAMPLE)
    assert t.initial_order() == sorted(t.players)


def test_example_points_column_equals_the_results() -> None:
    t = read_trf(EXAMPLE)
    for p in t.players.values():
        assert p.declared_points == t.total_points(p.id), p.name
    assert sum(t.total_points(i) for i in t.players) == 27.5  # 9 + 9.5 (U and H) + 9


def test_example_history_respects_the_basic_rules() -> None:
    """C.04.1 art. 2 (no rematch), 3 (one PAB per odd round), 6 and 7 (colour difference
    within 2, never three times the same colour), and it holds one half-point bye and one
    forfeit, as the example is meant to."""
    t = read_trf(EXAMPLE)
    kinds = Counter(e.kind for p in t.players.values() for e in p.results if e is not None)
    assert kinds[ResultKind.HALF_POINT_BYE] == 1
    assert kinds[ResultKind.PAIRING_BYE] == 1
    assert kinds[ResultKind.FORFEIT_WIN] == 1 and kinds[ResultKind.FORFEIT_LOSS] == 1
    for r in (1, 2, 3):
        cells = [p.entry(r) for p in t.players.values()]
        assert all(e is not None for e in cells)
        assert sum(1 for e in cells if e is not None and e.code == "U") <= 1
    states = build_states(t, 4)
    for s in states.values():
        assert abs(s.colour_difference) <= 2
        assert s.same_colour_streak() <= 2
        met = [e.opponent for e in t.players[s.id].results if e is not None and e.opponent]
        assert len(met) == len(set(met))


def test_example_state_before_round_4() -> None:
    """C.04.2 D.5 and Dutch A.6 on a few players of the example:
    7 played W W B: difference +1, last two differ -> strong Black;
    16 played B W B: difference -1 -> strong White;
    18 played B, had the PAB, then W: colours B W -> mild Black (the bye has no colour);
    11 played W B and won round 3 by forfeit against 17: colours W B -> mild White, and 11
    and 17 have not met (C.04.2 D.6)."""
    s = build_states(read_trf(EXAMPLE), 4)
    assert (s[7].preference.colour, s[7].preference.strength) == (
        Colour.BLACK, PreferenceStrength.STRONG)
    assert (s[16].preference.colour, s[16].preference.strength) == (
        Colour.WHITE, PreferenceStrength.STRONG)
    assert (s[18].preference.colour, s[18].preference.strength) == (
        Colour.BLACK, PreferenceStrength.MILD)
    assert (s[11].preference.colour, s[11].preference.strength) == (
        Colour.WHITE, PreferenceStrength.MILD)
    assert 17 not in s[11].opponents and s[11].opponents == {2, 12}
    assert s[18].had_pairing_bye and s[14].score == 1.0


def test_example_round_trips() -> None:
    t = read_trf(EXAMPLE)
    assert parse_trf(write_trf(t), "rewritten") == t


def test_example_rounds_are_the_pairings_of_its_system() -> None:
    """The demo an arbiter opens first (``serve --demo``) is a tournament paired by the rules:
    every published round is the Dutch 2025 pairing of the rounds before it (the file's
    ``192 FIDE_DUTCH_2026``), so its check page is green."""
    from swisspairing.checker.check import check_tournament

    t = read_trf(EXAMPLE)
    report = check_tournament(t, "dutch-2025")
    assert [r.round_number for r in report.rounds] == [1, 2, 3]
    assert report.ok, [r.round_number for r in report.rounds if not r.ok]
