"""The public API (issue 29 part 2): docs/api.md's examples run here; the dict form gives the
same pairings as the TRF on reference cases; help(swisspairing) shows only the public names;
``pair --input json`` and JSON errors."""

from __future__ import annotations

import doctest
import json
import pydoc
import subprocess
import sys
from pathlib import Path

import pytest

import swisspairing as sp
from conftest import CASES, EXAMPLES

ROOT = Path(__file__).resolve().parents[1]


def test_docs_api_examples_run() -> None:
    result = doctest.testfile(str(ROOT / "docs" / "api.md"), module_relative=False,
                              optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 15 and result.failed == 0


def test_docstring_examples_run() -> None:
    import swisspairing.api

    for module in (sp, swisspairing.api):
        result = doctest.testmod(module)
        assert result.attempted > 0 and result.failed == 0, module


def test_help_lists_only_the_public_api() -> None:
    text = pydoc.render_doc(sp, renderer=pydoc.plaintext)
    functions = text.split("\nFUNCTIONS\n")[1].split("\nDATA\n")[0]
    names = {line.strip().split("(")[0] for line in functions.splitlines()
             if line.startswith("    ") and not line.startswith("     ") and "(" in line}
    assert names == {"check", "endorse", "generate", "pair", "publish", "read_trf", "standings",
                     "system_from_file", "tournament_from_dict", "tournament_to_dict",
                     "violations", "write_pairing", "write_trf"}
    assert set(sp.__all__) == set(dir(sp))
    assert not [name for name in sp.__all__ if name.startswith("_") and name != "__version__"]


def test_standings_stays_the_function_after_the_subpackage_is_imported() -> None:
    from swisspairing.standings import views  # noqa: F401  (imports the subpackage)

    assert callable(sp.standings) and sp.standings.__module__ == "swisspairing.api"


@pytest.mark.parametrize("folder", ["dutch-2025", "dutch-2017", "burstein"])
def test_the_dict_form_pairs_like_the_trf(folder: str) -> None:
    """Every 25th reference case of the folder: the tournament through JSON and back gives
    the same pairing as the file itself."""
    system = {"dutch-2025": "dutch-2025", "dutch-2017": "dutch-2017", "burstein": "burstein"}
    cases = sorted((CASES / folder).glob("*.trf"))[::25]
    assert cases, f"no cases in {CASES / folder}"
    for case in cases:
        t = sp.read_trf(case)
        again = sp.tournament_from_dict(json.loads(json.dumps(sp.tournament_to_dict(t))))
        ours = sp.pair(t, system[folder])
        theirs = sp.pair(again, system[folder])
        assert (ours.boards, ours.bye) == (theirs.boards, theirs.bye), case.name
        assert sp.tournament_to_dict(again) == sp.tournament_to_dict(t), case.name


@pytest.mark.parametrize(("document", "message"), [
    ([], "the document: an object is expected, found list"),
    ({}, "players: a list is expected"),
    ({"players": [{"id": 0}]}, "players[0].id: 0 is not from 1 to 9999"),
    ({"players": [{"id": 1}, {"id": 1}]}, "players[1].id: player 1 appears twice"),
    ({"players": [{"id": 1, "results": [{"bye": "Q"}]}]},
     "players[0].results[0].bye: 'Q' is not a bye code"),
    ({"players": [{"id": 1, "results": [{"opponent": 2, "colour": "red", "result": "1"}]}]},
     "players[0].results[0].colour: 'red' is not one of white, black"),
    ({"players": [{"id": 1, "results": [{"opponent": 2, "colour": "white", "result": "1"}]}]},
     "players[0].results[0].opponent: no player 2"),
    ({"rounds": "nine", "players": []}, "rounds: a whole number from 1 to 99 is expected"),
    ({"players": [{"id": 1}], "absent": [{"round": 2, "player": 5}]},
     "absent[0].player: no player 5"),
    ({"points": {"win": 3}, "players": []}, "points.win: unknown value"),
])
def test_a_wrong_document_names_the_place(document: object, message: str) -> None:
    with pytest.raises(sp.InputError) as caught:
        sp.tournament_from_dict(document)  # type: ignore[arg-type]
    assert message in caught.value.problem
    assert caught.value.exit_code == 3


def _cli(args: list[str], stdin: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "swisspairing.interfaces.cli", *args],
                          input=stdin, capture_output=True, text=True)


def test_pair_reads_json_on_standard_input_and_answers_json() -> None:
    t = sp.read_trf(EXAMPLES / "open-annecy-2026.trf")
    document = json.dumps(sp.tournament_to_dict(t))
    r = _cli(["pair", "--input", "json", "-", "--format", "json"], document)
    assert r.returncode == 0, r.stderr
    answer = json.loads(r.stdout)
    expected = sp.pair(t)
    assert answer["round"] == expected.round_number == 4
    board_pairs = {(b["white"]["id"], b["black"]["id"]) for b in answer["boards"]}
    assert board_pairs == {(b.white, b.black) for b in expected.boards}


@pytest.mark.parametrize(("stdin", "code", "kind", "text"), [
    ("{\"players\": [", 3, "InputError", "not JSON"),
    ("{\"players\": [{\"id\": 1, \"results\": [{\"opponent\": 9}]}]}", 3, "InputError",
     "players[0].results[0].result"),
    ("{\"players\": [{\"id\": 1}, {\"id\": 2}]}", 2, "BadRequest", "say which pairing system"),
])
def test_errors_are_json_with_the_exit_code(stdin: str, code: int, kind: str, text: str
                                            ) -> None:
    r = _cli(["pair", "--input", "json", "-", "--format", "json"], stdin)
    assert r.returncode == code
    error = json.loads(r.stdout)["error"]
    assert error["kind"] == kind and error["exit_code"] == code and text in error["message"]
    assert "Traceback" not in r.stderr


def test_write_trf_writes_atomically_and_refuses_an_unknown_version(tmp_path: Path) -> None:
    t = sp.read_trf(EXAMPLES / "open-annecy-2026.trf")
    out = tmp_path / "copy.trf"
    text = sp.write_trf(t, out)
    assert out.read_text(encoding="utf-8") == text
    assert sp.read_trf(out).players == t.players
    with pytest.raises(sp.BadRequest, match="trf, trf16 or trf2026"):
        sp.write_trf(t, version="trf99")  # type: ignore[arg-type]


# --- what the command line needs, through the API (issue 29: the command line uses only it) ---
ANNECY = EXAMPLES / "open-annecy-2026.trf"


def _main(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    from swisspairing.interfaces.cli import main

    code = main(args)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(("view", "fmt", "lang", "extra"), [
    ("standings", "text", "fr", {}),
    ("standings", "json", "en", {}),
    ("crosstable", "html", "en", {}),
    ("wallchart", "tsv", "fr", {}),
    ("pairings", "text", "en", {}),
    ("card", "text", "fr", {"player": 3}),
    ("all", "text", "en", {}),
])
def test_publish_gives_what_the_command_line_prints(view: str, fmt: str, lang: str,
                                                   extra: dict[str, int],
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """``swisspairing standings`` is argument parsing around :func:`sp.publish`: the same
    views in the same words, so a program and an arbiter read the same table."""
    args = ["standings", str(ANNECY), "--view", view, "--format", fmt, "--lang", lang]
    if "player" in extra:
        args += ["--player", str(extra["player"])]
    code, out, _ = _main(args, capsys)
    assert code == 0
    t = sp.read_trf(ANNECY)
    assert sp.publish(t, view, format=fmt, lang=lang, **extra) == out  # type: ignore[arg-type]


def test_publish_pdf_and_a_header_row() -> None:
    t = sp.read_trf(ANNECY)
    assert sp.publish(t, "crosstable", format="pdf")[:5] == b"%PDF-"  # type: ignore[index]
    with_header = sp.publish(t, format="tsv", header=True)
    without = sp.publish(t, format="tsv")
    assert isinstance(with_header, str) and isinstance(without, str)
    assert with_header.splitlines()[0].split("\t")[:3] == ["No", "Rank", "Pts"]
    assert with_header.splitlines()[1:] == without.splitlines()


@pytest.mark.parametrize(("call", "message"), [
    ({"view": "podium"}, "unknown view 'podium'"),
    ({"format": "docx"}, "unknown format 'docx'"),
    ({"view": "card"}, "the card view needs a player"),
    ({"player": 3}, "a player applies only to the card view"),
    ({"view": "boards"}, "the boards view is for team events"),
    ({"format": "html", "header": True}, "a header row applies only to the tsv format"),
    ({"pairing": "1\n1 2\n"}, "a pairing is published only by the pairings view"),
])
def test_publish_refuses_what_does_not_go_together(call: dict[str, object], message: str
                                                   ) -> None:
    with pytest.raises(sp.BadRequest, match=message):
        sp.publish(sp.read_trf(ANNECY), **call)  # type: ignore[arg-type]


def test_the_next_rounds_pair_list_is_published_before_it_is_played() -> None:
    """The pairing of :func:`sp.pair` and its JaVaFo pair list publish the same sheet."""
    t = sp.read_trf(ANNECY)
    pairing = sp.pair(t)
    from_list = sp.publish(t, "pairings", pairing=sp.write_pairing(pairing, t, "javafo"))
    assert from_list == sp.publish(t, "pairings", pairing=pairing)
    names = [t.players[b.white].name for b in pairing.boards]
    assert all(name in from_list for name in names)


@pytest.mark.parametrize("fmt", ["text", "javafo", "json"])
def test_write_pairing_gives_what_pair_prints(fmt: str, capsys: pytest.CaptureFixture[str]
                                              ) -> None:
    code, out, _ = _main(["pair", str(ANNECY), "--format", fmt], capsys)
    assert code == 0
    t = sp.read_trf(ANNECY)
    assert sp.write_pairing(sp.pair(t), t, fmt) == out


def test_the_e10_ranking_keeps_the_scores_order_and_its_seed() -> None:
    """E10 (Elo-based Swiss): players by score first; lots drawn with the seed given, so the
    same seed gives the same order; tie-breaks do not apply."""
    t = sp.generate("elo-swiss", players=14, rounds=5, seed=3)
    table = sp.standings(t, ranking="e10", seed=42)
    assert table.seed == 42
    points = [row.points for row in table.rows]
    assert points == sorted(points, reverse=True)
    assert [r.pid for r in sp.standings(t, ranking="e10", seed=42).rows] == \
        [r.pid for r in table.rows]
    with pytest.raises(sp.BadRequest, match="E10 fixes its order"):
        sp.standings(t, tiebreaks="BH", ranking="e10")
    with pytest.raises(sp.BadRequest, match="unknown ranking"):
        sp.standings(t, ranking="e11")  # type: ignore[arg-type]


def test_e10_through_the_command_line_and_the_api_agree(tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]
                                                        ) -> None:
    t = sp.generate("elo-swiss", players=14, rounds=5, seed=3)
    path = tmp_path / "elo.trf"
    sp.write_trf(t, path)
    code, out, _ = _main(["standings", str(path), "--ranking", "e10", "--seed", "42",
                          "--format", "json"], capsys)
    assert code == 0
    assert out == sp.publish(t, standings=sp.standings(t, ranking="e10", seed=42),
                             format="json")


def test_team_events_have_team_standings() -> None:
    """C.04.6: a team event is ranked by team, with the team tie-breaks, and published with
    its board results."""
    t = sp.generate("team-swiss", players=8, rounds=4, seed=5)
    table = sp.standings(t)
    assert isinstance(table, sp.TeamStandings)
    assert len(table.rows) == 8 and table.labels[:1] == ["MPVGP"]
    assert sp.standings(t, tiebreaks="SB,BH").labels == ["SB", "BH"]
    boards = sp.publish(t, "boards", standings=table)
    assert isinstance(boards, str) and boards.strip()
    with pytest.raises(sp.BadRequest, match="E10 ranking does not apply"):
        sp.standings(t, ranking="e10")
    with pytest.raises(sp.BadRequest, match="not available for team events"):
        sp.publish(t, "wallchart")


def test_check_takes_a_rule_set() -> None:
    t = sp.generate("dutch-2025", players=11, rounds=4, seed=9)
    assert sp.check(t, rules="fide").ok and sp.check(t, rules="fide-2017").ok
    with pytest.raises(sp.BadRequest, match="unknown rule set 'fide-1990'"):
        sp.check(t, rules="fide-1990")
    assert {"fide", "fide-2017", "dutch-2025", "round-robin"} <= set(sp.RULE_SETS)


def test_violations_finds_a_repeated_pairing() -> None:
    """C.04.1 b (Art. 2): two players who played each other are not paired again."""
    t = sp.read_trf(ANNECY)
    pairing = sp.pair(t)
    assert sp.violations(t, pairing) == []
    first = t.players[1].results[0]
    assert first is not None and first.opponent
    a, b = 1, first.opponent
    boards = [x for x in pairing.boards if {x.white, x.black}.isdisjoint({a, b})]
    others = sorted({x.white for x in pairing.boards} | {x.black for x in pairing.boards}
                    - {a, b} - {p for x in boards for p in (x.white, x.black)})
    again = [sp.Board(a, b), *boards, *(sp.Board(others[i], others[i + 1])
                                       for i in range(0, len(others) - 1, 2))]
    from dataclasses import replace

    found = sp.violations(t, replace(pairing, boards=again))
    assert [v.rule for v in found if set(v.players) == {a, b}] == ["C.04.1 b"]
    assert all(v.text("fr") for v in found)


def test_write_trf_2026_refuses_or_warns_what_it_cannot_hold() -> None:
    """A forfeit win worth more than a game won: record 162 cannot say it (TRF-2026)."""
    lines = ["012 Lossy", "142 3", "XXS FW=2"] + [
        f"001 {i:>4}      Player {i:<26} {2400 - 10 * i:>4}" for i in range(1, 5)]
    t = sp.read_trf("\n".join(lines))
    with pytest.raises(sp.BadRequest, match="TRF-2026 cannot hold"):
        sp.write_trf(t, version="trf2026")
    with pytest.warns(sp.TrfWarning, match="162 cannot say it"):
        text = sp.write_trf(t, version="trf2026", strict=False)
    assert text.splitlines()[0] == "012 Lossy"
    with pytest.raises(sp.BadRequest, match="declared or computed"):
        sp.write_trf(t, version="trf16", points="guessed")  # type: ignore[arg-type]


def test_generate_reads_a_configuration_file_and_the_options_win(tmp_path: Path) -> None:
    config = tmp_path / "rtg.txt"
    config.write_text("PlayersNumber=8\nRoundsNumber=3\n", encoding="utf-8")
    t = sp.generate("dutch-2025", config=config, seed=4)
    assert (len(t.players), t.total_rounds, t.rounds_paired) == (8, 3, 3)
    assert len(sp.generate("dutch-2025", config=config, players=10, seed=4).players) == 10
    assert sp.write_trf(sp.generate("dutch-2025", config=config, seed=4)) == sp.write_trf(t)
    sizes = {len(sp.generate("lim", players=(6, 9), rounds=2, seed=s).players)
             for s in range(8)}
    assert sizes <= set(range(6, 10)) and len(sizes) > 1
    with pytest.raises(sp.BadRequest, match="the range 9-6 is empty"):
        sp.generate("lim", players=(9, 6))
    with pytest.raises(sp.BadRequest, match="number of players must be 2 to 9999"):
        sp.generate("lim", players=1)


def test_generate_as_the_command_line_does(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _main(["generate", "--system", "dubov", "--players", "10-14", "--rounds",
                          "4", "--seed", "6", "--forfeit-rate", "0.1"], capsys)
    assert code == 0
    ours = sp.generate("dubov", players=(10, 14), rounds=4, seed=6, forfeit_rate=0.1)
    assert out == sp.write_trf(ours, points="computed")


def test_endorse_generates_and_checks(tmp_path: Path) -> None:
    summary = sp.endorse("dutch-2025", 3, seed=10, jobs=1, players=12, rounds=4,
                         save_failures=tmp_path)
    assert summary.ok
    assert "3" in summary.render("en") and "tournois" in summary.render("fr")
    with pytest.raises(sp.BadRequest, match="1 or more"):
        sp.endorse("dutch-2025", 0)
    with pytest.raises(sp.BadRequest, match="unknown generator option"):
        sp.endorse("dutch-2025", 1, player=12)


def test_system_from_file_reads_record_192() -> None:
    t = sp.read_trf(ANNECY)
    assert sp.system_from_file(t) == "dutch-2025"
    t.headers["192"] = ["192 FIDE_DOUBLEROUNDROBIN"]
    assert sp.system_from_file(t) == "double-round-robin"
    del t.headers["192"]
    assert sp.system_from_file(t) is None
