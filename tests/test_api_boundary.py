"""The command line and the web app use only the public API (issue 29 part 2: "the command
line and the web app use only this API").

An import-graph check on the source (``ast``, every import of every module under
``interfaces/``, those inside functions included): the engines (``systems``), the checker
(``checker``) and the standings (``standings``) are reached through ``swisspairing.api`` or
the package's top-level names only. The command line's modules (``cli.py``, ``cmd_*.py``,
``common.py``) do not reach the file formats (``formats``) either: pairings are written by
:func:`swisspairing.write_pairing`, TRF by :func:`swisspairing.write_trf`. The web app reads
uploads with ``formats.trf`` (the file's name in its errors) and is not held to that.

The few imports that stay are listed in :data:`ALLOWED`, each with its reason; an entry no
longer used fails too, so that the list only shrinks.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import swisspairing as sp

PACKAGE = Path(sp.__file__).resolve().parent
INTERFACES = PACKAGE / "interfaces"
#: the layers the interfaces reach only through the API
BEHIND_THE_API = ("systems", "checker", "standings")
#: the command line does not reach the file formats either
CLI_BEHIND_THE_API = (*BEHIND_THE_API, "formats")

#: (module under interfaces/, imported module) -> why it stays
ALLOWED: dict[tuple[str, str], str] = {
    ("cmd_convert.py", "swisspairing.formats.trf"):
        "points_differences: the file's own points column against its results, a property of "
        "the file read, said in a warning that names the --points option",
    ("web/actions.py", "swisspairing.checker.check"):
        "published_pairing: a sanity check that the stored rounds read back as published; it "
        "reads the cells, no rule applied",
    ("web/convert.py", "swisspairing.systems"):
        "SYSTEM_COMMENT, TRF_TYPE_192, trf_type_lines: the 192 record and comment line written "
        "for the event's system (TRF-2026 6), data, no pairing",
    ("web/double_swiss.py", "swisspairing.standings.views"):
        "Table: the printed pairing list of a Double-Swiss round, one line per match "
        "(rendering helper)",
    ("web/double_swiss.py", "swisspairing.systems.double_swiss"):
        "DOUBLE_SWISS, the system's name, data; its pairings go through swisspairing.pair",
    ("web/convert.py", "swisspairing.standings"):
        "ranking.rank of a team event's members (the rating reports' points and ranks in the "
        "exported TRF); swisspairing.standings gives a team event's team standings",
    ("web/team_views.py", "swisspairing.standings"):
        "render: the printed PDF pages of the team standings (rendering helper)",
    ("web/team_views.py", "swisspairing.standings.teams"):
        "TeamStandings and its tables (team standings, boards, crosstable) shown and printed "
        "(rendering helpers); the ranking itself goes through swisspairing.standings",
    ("web/team_printouts.py", "swisspairing.standings.render"):
        "PageHeader, new_document, _fit: the team round's result slips drawn as PDF pages "
        "(rendering helpers)",
    ("web/team_printouts.py", "swisspairing.standings.categories"):
        "Member, belongs, label: the prize categories of the members' board results (the "
        "individual prize lists' categories, rendering helpers)",
    ("web/team_printouts.py", "swisspairing.standings.teams"):
        "TeamStandings and board_results: the board results restricted to a category "
        "(rendering helpers); the standings themselves go through swisspairing.standings",
    ("web/team_printouts.py", "swisspairing.standings.views"):
        "Table: the team round's who-plays-where list (rendering helper)",
    ("web/teams.py", "swisspairing.checker.team_check"):
        "published_team_pairing: the stored team round read back as published; it reads the "
        "cells, no rule applied",
    ("web/teams.py", "swisspairing.standings.teams"):
        "parse_team_tiebreaks validates the team tie-break list the arbiter types, before any "
        "standings exist",
    ("web/teams.py", "swisspairing.standings.views"):
        "Table and points_text of the team pages and printouts (rendering helpers)",
    ("web/forms.py", "swisspairing.standings.ranking"):
        "DEFAULT_TIEBREAKS shown as the settings form's example (also swisspairing."
        "DEFAULT_TIEBREAKS)",
    ("web/forms.py", "swisspairing.standings.tiebreaks"):
        "parse_list validates the tie-break list the arbiter types, before any standings exist",
    ("web/forms.py", "swisspairing.systems"):
        "implemented_systems: the systems the form offers, a list of names",
    ("web/forms.py", "swisspairing.systems.round_robin"):
        "ROUND_ROBIN, DOUBLE_ROUND_ROBIN: the names of the systems whose rounds help the event "
        "form shows (data)",
    ("web/hall/views.py", "swisspairing.standings.views"):
        "points_text: a score written for the hall's pages (rendering helper)",
    ("web/printing.py", "swisspairing.standings"):
        "render: the printed PDF pages of the web app (rendering helpers)",
    ("web/printing.py", "swisspairing.standings.categories"):
        "category prizes printed by the web app (rendering helpers)",
    ("web/printing.py", "swisspairing.standings.render"):
        "PageHeader of the printed pages (rendering helper)",
    ("web/printing.py", "swisspairing.standings.views"):
        "Table and points_text of the printed pages (rendering helpers)",
    ("web/round_robin.py", "swisspairing.standings.ranking"):
        "ROUND_ROBIN_TIEBREAKS, the round-robin event's default tie-break list (C.07), data",
    ("web/round_robin.py", "swisspairing.systems.round_robin"):
        "the round-robin event's set-up: the drawing of lots for the pairing numbers and the "
        "table's rounds (C.05 Annex 1); its pairings go through swisspairing.pair",
    ("web/round_robin.py", "swisspairing.systems.round_robin.berger"):
        "MIN_PLAYERS, MAX_PLAYERS: the sizes of the Berger tables (C.05 Annex 1), data",
    ("web/settings_words.py", "swisspairing.standings.labels"):
        "tiebreak_name: a tie-break's name in words (rendering helper)",
    ("web/settings_words.py", "swisspairing.standings.ranking"):
        "DEFAULT_TIEBREAKS, ROUND_ROBIN_TIEBREAKS named in the settings' words, data",
    ("web/slips.py", "swisspairing.standings.render"):
        "the PDF document of the result slips (rendering helpers)",
    ("web/slips.py", "swisspairing.standings.views"):
        "points_text on the result slips (rendering helper)",
    ("web/views.py", "swisspairing.checker.report"):
        "compared_rows, paired_before_text: the check page's rows, the report of "
        "swisspairing.check laid out for HTML (rendering helpers)",
    ("web/views.py", "swisspairing.standings"):
        "render, views: the web pages' tables and PDFs (rendering helpers)",
    ("web/views.py", "swisspairing.standings.labels"):
        "tiebreak_name: a tie-break's name in words (rendering helper)",
    ("web/views.py", "swisspairing.standings.round_robin_table"):
        "round_robin_crosstable: the round-robin crosstable page (rendering helper)",
}


def _imports(path: Path) -> set[str]:
    """Every module ``path`` imports (relative imports resolved), from every scope."""
    parts = ["swisspairing", *path.relative_to(PACKAGE).with_suffix("").parts]
    package = parts[:-1]  # the package a relative import starts from (also for __init__)
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            found.add(module)
            if module == "swisspairing":  # ``from ... import api``: the API module itself
                found.update(f"{module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


def _is_cli(name: str) -> bool:
    return "/" not in name and (name.startswith("cmd_") or name in ("cli.py", "common.py"))


def _crossings() -> set[tuple[str, str]]:
    """(module, imported module) for every import of a layer behind the API."""
    out = set()
    for path in sorted(INTERFACES.rglob("*.py")):
        name = path.relative_to(INTERFACES).as_posix()
        layers = CLI_BEHIND_THE_API if _is_cli(name) else BEHIND_THE_API
        for module in _imports(path):
            if module.split(".")[:1] == ["swisspairing"] and \
                    module.split(".")[1:2] and module.split(".")[1] in layers:
                out.add((name, module))
    return out


def test_the_interfaces_reach_the_engines_only_through_the_api() -> None:
    unlisted = sorted(_crossings() - set(ALLOWED))
    assert not unlisted, ("use swisspairing.api (or list the import in ALLOWED with its "
                          f"reason): {unlisted}")


def test_every_allowed_exception_is_still_used() -> None:
    stale = sorted(set(ALLOWED) - _crossings())
    assert not stale, f"no longer imported, remove from ALLOWED: {stale}"


def test_the_command_line_has_no_exception_but_one() -> None:
    """The command line's pairing, checking, generating, ranking and rendering all go
    through the API: its only exception is the TRF points column check of ``convert``."""
    assert sorted(k for k in ALLOWED if _is_cli(k[0])) == [
        ("cmd_convert.py", "swisspairing.formats.trf")]


def test_the_check_sees_imports_inside_functions_and_relative_ones() -> None:
    """The checker of this rule is itself checked: a relative import inside a function of a
    web module is resolved to the layer it reaches."""
    source = INTERFACES / "web" / "views.py"
    found = _imports(source)
    assert "swisspairing.checker.report" in found and "swisspairing.api" in found
    nested = INTERFACES / "web" / "hall" / "views.py"
    assert "swisspairing.standings.views" in _imports(nested)  # imported inside a function


@pytest.mark.parametrize("module", ["cmd_pair", "cmd_check", "cmd_standings", "cmd_generate",
                                    "cmd_convert", "common"])
def test_each_subcommand_imports_the_api(module: str) -> None:
    assert "swisspairing.api" in _imports(INTERFACES / f"{module}.py")
