"""Round-robin by the Berger tables (C.05 Annex 1): the tables, odd numbers, double cycles,
``pair`` on TRF files.

Expected tables come from ``tests/data/berger_tables.txt``, written out by hand from the
published FIDE tables (3/4 to 13/14 players), not from the code under test.
"""

from __future__ import annotations

import itertools
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from swisspairing.errors import BadRequest
from swisspairing.formats.trf import write_trf
from swisspairing.model import Colour, Player, Tournament
from swisspairing.model.results import RoundEntry
from swisspairing.systems import get_system
from swisspairing.systems.explain import Explanation
from swisspairing.systems.round_robin import DOUBLE_ROUND_ROBIN, ROUND_ROBIN, draw_lots
from swisspairing.systems.round_robin.berger import (
    berger_round,
    cycle_round,
    rounds_per_cycle,
    scheduled_games,
)

TABLES = Path(__file__).parent / "data" / "berger_tables.txt"


def _published_tables() -> dict[int, dict[int, list[tuple[int, int]]]]:
    tables: dict[int, dict[int, list[tuple[int, int]]]] = {}
    size = 0
    for line in TABLES.read_text(encoding="utf-8").splitlines():
        if not line or line.startswith("#"):
            continue
        if line.startswith("size "):
            size = int(line.split()[1])
            tables[size] = {}
            continue
        number, games = line.split(":")
        tables[size][int(number)] = [
            (int(w), int(b)) for w, b in (game.split("-") for game in games.split())]
    return tables


PUBLISHED = _published_tables()


@pytest.mark.parametrize("size", sorted(PUBLISHED))
def test_every_round_equals_the_published_table(size: int) -> None:
    assert sorted(PUBLISHED[size]) == list(range(1, size))
    for r, games in PUBLISHED[size].items():
        assert [(g.white, g.black) for g in berger_round(size, r)] == games, (size, r)


@pytest.mark.parametrize("players", range(3, 25))
def test_every_pair_meets_once_per_cycle_and_colours_alternate(players: int) -> None:
    """Any size up to 24: each pair once per cycle, every player in every round (or resting
    once), and in a double round-robin each pair once with each colour."""
    size = players + players % 2
    for cycles in (1, 2):
        met: Counter[tuple[int, int]] = Counter()
        coloured: set[tuple[int, int]] = set()
        for r in range(1, rounds_per_cycle(players) * cycles + 1):
            games = scheduled_games(players, cycles, r)
            seen = [p for g in games for p in (g.white, g.black)]
            assert sorted(seen) == list(range(1, size + 1))
            for g in games:
                met[tuple(sorted((g.white, g.black)))] += 1  # type: ignore[index]
                coloured.add((g.white, g.black))
        assert set(met.values()) == {cycles}
        assert len(met) == size * (size - 1) // 2
        if cycles == 2:
            assert all((b, w) in coloured for w, b in coloured)


def test_double_round_robin_exchanges_the_last_two_rounds_of_the_first_cycle() -> None:
    """C.05 Annex 1's recommendation, 6 players: cycle 1 plays table rounds 1 2 3 5 4, cycle 2
    plays 1 2 3 4 5 with colours reversed; player 1 never has one colour three times
    running."""
    order = [cycle_round(6, 2, r) for r in range(1, 11)]
    assert order == [(1, False), (2, False), (3, False), (5, False), (4, False),
                     (1, True), (2, True), (3, True), (4, True), (5, True)]
    for player in range(1, 7):
        colours = []
        for r in range(1, 11):
            game = next(g for g in scheduled_games(6, 2, r) if player in (g.white, g.black))
            colours.append("W" if game.white == player else "B")
        runs = "".join(colours)
        assert "WWW" not in runs and "BBB" not in runs, (player, runs)
    # without the exchange, player 1 would have three Blacks in rounds 5-7
    assert next(g for g in berger_round(6, 5) if 1 in (g.white, g.black)).black == 1


def _tournament(players: int, rounds: int | None = None) -> Tournament:
    t = Tournament(name="RR", total_rounds=rounds)
    for pid in range(1, players + 1):
        t.players[pid] = Player(id=pid, name=f"Player {pid}", rating=2000 - pid)
    return t


def _play(t: Tournament, system: object, rounds: int) -> None:
    """Play ``rounds`` rounds with White winning every game."""
    for r in range(1, rounds + 1):
        pairing = system.pair(t, r)  # type: ignore[attr-defined]
        for b in pairing.boards:
            t.players[b.white].set_entry(r, RoundEntry.game(b.black, Colour.WHITE, "1"))
            t.players[b.black].set_entry(r, RoundEntry.game(b.white, Colour.BLACK, "0"))
        for pid, code in pairing.unpaired.items():
            t.players[pid].set_entry(r, RoundEntry.bye(code))


def test_pair_follows_the_table_round_by_round_with_the_rest_for_odd_numbers() -> None:
    t = _tournament(5, 5)
    _play(t, ROUND_ROBIN, 2)
    pairing = ROUND_ROBIN.pair(t)
    assert pairing.round_number == 3
    # table of 6, round 3: 2-6, 3-1, 4-5; number 6 is the rest
    assert [(b.white, b.black) for b in pairing.boards] == [(3, 1), (4, 5)]
    assert pairing.unpaired == {2: "Z"} and pairing.bye is None


def test_wrong_numbering_and_sizes_are_refused_with_the_reason() -> None:
    t = _tournament(6)
    del t.players[4]
    with pytest.raises(BadRequest, match="pairing numbers 1 to 5 without gaps"):
        ROUND_ROBIN.pair(t, 1)
    with pytest.raises(BadRequest, match="3 to 24 players"):
        ROUND_ROBIN.pair(_tournament(25), 1)
    with pytest.raises(BadRequest, match="has 5 rounds: round 6 does not exist"):
        ROUND_ROBIN.pair(_tournament(6), 6)


def test_an_absent_player_keeps_the_scheduled_game_with_a_warning() -> None:
    t = _tournament(4)
    t.absent[1] = {2: "Z"}
    pairing = ROUND_ROBIN.pair(t, 1)
    assert [(b.white, b.black) for b in pairing.boards] == [(1, 4), (2, 3)]
    assert any("player 2" in w and "forfeit" in w for w in pairing.warnings)


def test_explanation_names_the_table_round_in_both_languages() -> None:
    explanation = Explanation()
    DOUBLE_ROUND_ROBIN.pair(_tournament(6), 4, explanation)
    assert "round 5 of the Berger table for 6 players" in explanation.render("en")
    assert "exchanged" in explanation.render("en")
    assert "ronde 5 de la table de Berger pour 6 joueurs" in explanation.render("fr")


def test_draw_lots_gives_each_player_one_number() -> None:
    ids = [11, 12, 13, 14, 15]
    numbers = draw_lots(ids, random.Random(4))
    assert sorted(numbers) == ids and sorted(numbers.values()) == [1, 2, 3, 4, 5]
    assert len({tuple(draw_lots(ids, random.Random(s)).values()) for s in range(20)}) > 1


def test_registry_and_192_codes() -> None:
    assert get_system("round-robin") is ROUND_ROBIN
    assert get_system("double-round-robin") is DOUBLE_ROUND_ROBIN


@pytest.mark.parametrize(("code", "rounds", "expected"), [
    ("FIDE_ROUNDROBIN", 3, ["2", "4 3", "1 2"]),
    ("FIDE_DOUBLEROUNDROBIN", 6, ["2", "2 4", "3 1"]),
])
def test_pair_command_reads_the_192_code(tmp_path: Path, code: str, rounds: int,
                                         expected: list[str]) -> None:
    """Round 2 of 4 players: table round 2 (4-3, 1-2); in a double round-robin the last two
    rounds of the first cycle are exchanged, so round 2 plays table round 3 (2-4, 3-1)."""
    t = _tournament(4, rounds)
    t.headers["192"] = [f"192 {code}"]
    _play(t, ROUND_ROBIN, 1)
    trf = tmp_path / "rr.trf"
    trf.write_text(write_trf(t), encoding="utf-8")
    out = tmp_path / "rr.pairs"
    r = subprocess.run([sys.executable, "-m", "swisspairing.interfaces.cli", "pair", str(trf),
                        "-o", str(out)], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert out.read_text().split("\n")[:3] == expected


def test_every_round_of_a_double_round_robin_pairs_by_the_table() -> None:
    t = _tournament(7)
    _play(t, DOUBLE_ROUND_ROBIN, 14)
    assert t.next_round == 15
    met = Counter(
        tuple(sorted((p.id, e.opponent)))
        for p in t.players.values() for e in p.results if e is not None and e.opponent)
    assert set(met.values()) == {4}  # each pair twice, seen from both sides
    assert len(met) == len(list(itertools.combinations(range(1, 8), 2)))


def test_checker_accepts_the_table_and_names_a_repeated_pair() -> None:
    from swisspairing.checker.check import check_tournament
    from swisspairing.checker.violations import absolute_violations
    from swisspairing.model import Board, Pairing

    t = _tournament(6, 10)
    _play(t, DOUBLE_ROUND_ROBIN, 10)
    report = check_tournament(t, "double-round-robin")
    assert report.ok and len(report.rounds) == 10
    before = t.before_round(3)
    # 1-6 met in round 1 with 1 White: again 1-6 in round 3 is the same colours
    wrong = Pairing(3, [Board(1, 6), Board(2, 5), Board(3, 4)])
    rules = [v.rule for v in absolute_violations(before, wrong, "double-round-robin")]
    assert rules.count("C.05 Annex 1") == 3
    assert absolute_violations(before, Pairing(3, [Board(6, 1)]), "double-round-robin") == []
    single = [v.en for v in absolute_violations(before, Pairing(3, [Board(6, 1)]), "round-robin")]
    assert single and "already met 1 time(s)" in single[0]


def test_generated_round_robins_check_clean_and_rank_without_buchholz() -> None:
    """The generator plays the whole table (its rounds come from the number of players), the
    file names the system (192) and the standings default to the round-robin tie-breaks."""
    from swisspairing.checker.check import check_tournament
    from swisspairing.checker.generator import GeneratorConfig, generate
    from swisspairing.formats.trf import parse_trf
    from swisspairing.standings import tiebreaks_from_file

    t = generate("double-round-robin", GeneratorConfig(players=7, rounds=3, forfeit_rate=0.1),
                 seed=5)
    assert t.total_rounds == 14 and t.rounds_paired == 14
    assert t.headers["192"] == ["192 FIDE_DOUBLEROUNDROBIN"]
    again = parse_trf(write_trf(t))
    assert check_tournament(again, "double-round-robin").ok
    labels = [tb.label for tb in tiebreaks_from_file(again)[0]]
    assert labels == ["SB/P", "DE/P", "WIN", "KS/P"]
    assert not any(label.startswith("BH") for label in labels)
