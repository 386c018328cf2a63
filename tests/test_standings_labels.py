"""The published tables in English and French (issue 15): titles, headers, colours and notes
follow ``lang``; tie-break columns keep their C.07 codes and the notes name them in full."""

from __future__ import annotations

from pathlib import Path

from swisspairing.interfaces.cli import main
from swisspairing.standings import parse_list, rank, render, views
from swisspairing.standings.labels import tiebreak_name
from swisspairing.standings.sample import build

# R1: 1-2 1, 3-4 = ; R2: 3-1 0, 2-4 1 (1 had White in R1 and Black in R2)
GAMES = ["1-2 1; 3-4 =", "3-1 0; 2-4 1"]


def _standings() -> object:
    t = build({1: 2000, 2: 1900, 3: 1800, 4: 1700}, GAMES)
    return rank(t, parse_list("BH/C1, BH/M1, SB, TPR"))


def test_tiebreak_names_in_both_languages() -> None:
    """C.07 14.1 (Cut 1 drops the lowest value) and 14.2 (Median drops both ends)."""
    assert tiebreak_name("BH/C1", "en") == "BH/C1 = Buchholz Cut 1"
    assert tiebreak_name("BH/C1", "fr") == "BH/C1 = Buchholz tronqué 1"
    assert tiebreak_name("BH/M1", "fr") == "BH/M1 = Buchholz médian 1"
    assert tiebreak_name("TPR", "fr") == "TPR = Performance"
    assert tiebreak_name("AVGELO", "fr") == "AVGELO"  # not a C.07 descriptor: kept as it is


def test_french_tables_have_french_titles_headers_and_colours() -> None:
    st = _standings()
    table = views.standings_table(st, "fr")
    assert "classement après la ronde 2" in table.title
    assert table.headers[:6] == ["Pl", "N°", "Nom", "Elo", "Féd", "Pts"]
    assert table.headers[6:] == ["BH/C1", "BH/M1", "SB", "TPR"]
    assert "Buchholz tronqué 1" in table.notes[0] and table.notes[0].startswith("Départages")
    # player 1: White against 2 in R1, Black against 3 in R2; in French B = blancs, N = noirs
    card = views.player_card(st, 1, "fr")
    assert card.headers == ["R", "Coul", "N°", "Adversaire", "Elo", "Pts", "Rés", "Cumul"]
    assert [row[1] for row in card.rows] == ["B", "N"]
    assert [row[1] for row in views.player_card(st, 1).rows] == ["w", "b"]
    cross = views.crosstable(st, "fr")
    assert "grille américaine" in cross.title and "Nom" in cross.headers
    assert "tableau mural" in views.wallchart(st.tournament, 2, "fr").title
    pairs = views.pairings_table(st.tournament, 2, lang="fr")
    assert pairs.headers[2] == "Blancs" and pairs.headers[6] == "Noirs"
    # English stays the default, an unknown language falls back to it
    assert views.standings_table(st).headers[0] == "Rk"
    assert views.standings_table(st, "de").headers[0] == "Rk"
    assert '<html lang="fr">' in render.html([table])
    assert render.pdf([table, cross]).startswith(b"%PDF")


def test_command_line_lang_fr(tmp_path: Path, capsys: object) -> None:
    st = _standings()
    from swisspairing.formats.trf import write_trf

    path = tmp_path / "t.trf"
    path.write_text(write_trf(st.tournament), encoding="utf-8")
    assert main(["standings", str(path), "--lang", "fr", "--view", "all"]) == 0
    out = capsys.readouterr().out  # type: ignore[attr-defined]
    assert "classement après la ronde 2" in out and "Adversaire" not in out
    assert "appariements de la ronde 2" in out and "Blancs" in out
    assert main(["standings", str(path)]) == 0
    assert "standings after round 2" in capsys.readouterr().out  # type: ignore[attr-defined]
