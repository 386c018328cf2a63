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
