"""Publication: pairings (C.04.2 D.9 order), standings, crosstable, wall chart, player card as
text / TSV / JSON / HTML / PDF, the ``standings`` command, and TRF-16 / TRF-2026 export."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from swisspairing.formats.trf import parse_trf, write_trf
from swisspairing.interfaces.cli import main
from swisspairing.model.scoring import PointSystem
from swisspairing.standings import export, parse_list, rank, render, views
from swisspairing.standings.sample import build

# E10 tournament of test_standings_ranking: ratings 1:2000 ... 6:1500
#   R1: 2-4 1, 1-6 1, 3-5 =   R2: 4-1 1, 5-2 0, 6-3 =   R3: 3-4 0, 2-6 0, 1-5 =
RATINGS = {1: 2000, 2: 1900, 3: 1800, 4: 1700, 5: 1600, 6: 1500}
ROUNDS = ["2-4 1; 1-6 1; 3-5 =", "4-1 1; 5-2 0; 6-3 =", "3-4 0; 2-6 0; 1-5 ="]


@pytest.fixture
def t():
    tour = build(RATINGS, ROUNDS, name="Open de Test")
    names = {1: "Émile Zola", 2: "Ada Lovelace", 3: "Max Euwe", 4: "Vera Menchik",
             5: "José Capablanca", 6: "Nona Gaprindashvili"}
    for pid, name in names.items():
        tour.players[pid].name = name
    return tour


@pytest.fixture
def trf_file(t, tmp_path: Path) -> Path:
    p = tmp_path / "open.trf"
    p.write_text(write_trf(t, points="computed"), encoding="utf-8")
    return p


def test_pairings_publication_order_d9(t) -> None:
    """C.04.2 D.9 for round 2. Scores before round 2: 1: 1, 2: 1, 3: .5, 4: 0, 5: .5, 6: 0.
    Boards: 4-1 (higher-ranked 1 with 1 point, sum 1), 5-2 (higher 2 with 1, sum 1.5),
    6-3 (higher 3 with .5, sum .5). Keys: score of the higher-ranked player (1, 1, .5), then
    the sum (1.5 before 1): board 1 = 5-2, board 2 = 4-1, board 3 = 6-3.
    Results from White's side: 5-2 0-1, 4-1 1-0, 6-3 ½-½.
    """
    table = views.pairings_table(t, 2)
    assert [(r[0], r[1], r[7], r[4]) for r in table.rows] == [
        ("1", "5", "2", "0-1"), ("2", "4", "1", "1-0"), ("3", "6", "3", "½-½")]
    assert table.rows[0][2] == "José Capablanca" and table.rows[0][6] == "Ada Lovelace"
    assert table.rows[0][3] == "0.5" and table.rows[0][5] == "1"


def test_pairings_show_byes_and_absences() -> None:
    """A pairing-allocated bye and a half-point bye are listed under the boards."""
    tour = build({1: 1800, 2: 1700, 3: 1600, 4: 1500}, ["1-2 1; 3 U; 4 H"])
    table = views.pairings_table(tour, 1)
    assert len(table.rows) == 1
    assert any("Pairing-allocated bye: 3" in n for n in table.notes)
    assert any(n.startswith("half-point bye: 4") for n in table.notes)


def test_crosstable_wallchart_and_card(t) -> None:
    """Crosstable (E10 order is not used here: C.07 with ARO): ARO 1: (1500+1700+1600)/3 =
    1600, 2: 1600, 3: 1600, 4: (1900+2000+1800)/3 = 1900, 5: 1900, 6: 1900. Points 2: 2,
    4: 2, 1: 1.5, 6: 1.5, 3: 1, 5: 1 -> rows 4, 2, 6, 1, 5, 3.
    Row 1 (player 4): R1 lost to 2 (line 2) with Black -> '2b0'; R2 beat 1 (line 4) with
    White -> '4w1'; R3 beat 3 (line 6) with Black -> '6b1'.
    Wall chart line of player 1: R1 beat 6 with White (1), R2 lost to 4 with Black (1),
    R3 drew 5 with White (1.5): '6w1 (1)', '4b0 (1)', '5w½ (1.5)'.
    """
    st = rank(t, parse_list("ARO"))
    assert [r.pid for r in st.rows] == [4, 2, 6, 1, 5, 3]
    ct = views.crosstable(st)
    assert ct.rows[0][4:7] == ["2b0", "4w1", "6b1"]
    wc = views.wallchart(t, 3)
    assert wc.rows[0][5:8] == ["6w1 (1)", "4b0 (1)", "5w½ (1.5)"]
    card = views.player_card(st, 1)
    assert [(r[0], r[1], r[2], r[6], r[7]) for r in card.rows] == [
        ("1", "w", "6", "1", "1"), ("2", "b", "4", "0", "1"), ("3", "w", "5", "½", "1.5")]
    assert "Rank 4" in card.notes[0]


def test_text_and_html_outputs(t) -> None:
    st = rank(t, parse_list("BH,SB"))
    tables = [views.standings_table(st), views.pairings_table(t, 3)]
    txt = render.text(tables)
    assert "Émile Zola" in txt and "standings after round 3" in txt and "0-1" in txt
    page = render.html(tables)
    assert "<table>" in page and "Émile Zola" in page and "0-1" in page
    tour = build({1: 1800, 2: 1700}, ["1-2 1"])
    tour.players[1].name = "<script>alert(1)</script>"
    page = render.html([views.standings_table(rank(tour))])
    assert "<script>alert" not in page and "&lt;script&gt;" in page


def test_tsv_columns(t) -> None:
    """TSV: pairing number, rank, points, then each tie-break in the order asked.
    BH (no unplayed round): 2: opponents 4 (2), 5 (1), 6 (1.5) = 4.5; WIN 2: 2."""
    st = rank(t, parse_list("BH,WIN"))
    lines = render.standings_tsv(st).splitlines()
    assert len(lines) == 6
    row = {ln.split("\t")[0]: ln.split("\t") for ln in lines}
    assert row["2"] == ["2", "1", "2", "4.5", "2"]
    assert render.standings_tsv(st, header=True).splitlines()[0] == "No\tRank\tPts\tBH\tWIN"


def test_pdf_renders_with_names_colours_results(t, tmp_path: Path) -> None:
    """The PDF of standings, crosstable, wall chart, pairings and a card is rendered page by
    page (pypdfium2: pages not blank), and its text holds the names, colours and results."""
    import pypdfium2

    st = rank(t, parse_list("BH/C1,SB"))
    tables = [views.standings_table(st), views.crosstable(st), views.wallchart(t, 3),
              views.pairings_table(t, 3), views.player_card(st, 4)]
    pdf = tmp_path / "pub.pdf"
    pdf.write_bytes(render.pdf(tables))
    document = pypdfium2.PdfDocument(pdf)
    try:
        assert len(document) == len(tables)
        texts = []
        for page in document:
            img = page.render(scale=40 / 72).to_pil().convert("L")
            lo, hi = img.getextrema()
            assert lo < 100 and hi > 200  # ink on paper
            texts.append(page.get_textpage().get_text_bounded())
    finally:
        document.close()
    out = "\n".join(texts)
    for name in ("Émile Zola", "Ada Lovelace", "Nona Gaprindashvili"):
        assert name in out
    assert "White" in out and "Black" in out
    assert "2b0" in out and "4w1" in out  # crosstable cells: opponent, colour, result
    assert "0-1" in out and "½-½" in out  # round 3 results


def test_standings_command_formats(trf_file: Path, tmp_path: Path, capsys) -> None:
    assert main(["standings", str(trf_file), "-t", "BH,WIN", "-f", "tsv"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split("\t")[:3] == ["2", "1", "2"]
    assert main(["standings", str(trf_file), "-f", "json", "--round", "2"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["rounds"] == 2 and data["tiebreaks"][0] == "BH/C1"
    out = tmp_path / "s.html"
    assert main(["standings", str(trf_file), "--view", "all", "-f", "html", "-o", str(out)]) == 0
    assert "crosstable" in out.read_text(encoding="utf-8")
    assert main(["standings", str(trf_file), "--ranking", "e10", "--seed", "3"]) == 0
    text = capsys.readouterr().out
    assert "Lots drawn with seed 3" in text
    pdf = tmp_path / "card.pdf"
    assert main(["standings", str(trf_file), "--view", "card", "--player", "2", "-f", "pdf",
                 "-o", str(pdf)]) == 0
    assert pdf.read_bytes().startswith(b"%PDF")


@pytest.mark.parametrize(
    ("args", "code"),
    [
        (["-t", "NOPE"], 2),
        (["-f", "pdf"], 2),
        (["--view", "card"], 2),
        (["--round", "9"], 2),
        (["--ranking", "e10", "-t", "BH"], 2),
    ],
)
def test_standings_command_errors(trf_file: Path, args: list[str], code: int, capsys) -> None:
    assert main(["standings", str(trf_file), *args]) == code
    assert "Traceback" not in capsys.readouterr().err


def test_never_overwrites_the_input(trf_file: Path) -> None:
    before = trf_file.read_bytes()
    assert main(["standings", str(trf_file), "-o", str(trf_file)]) == 2
    assert main(["convert", str(trf_file), "--to", "trf16", "-o", str(trf_file)]) == 2
    assert trf_file.read_bytes() == before


def test_missing_file_is_exit_3(tmp_path: Path) -> None:
    assert main(["standings", str(tmp_path / "none.trf")]) == 3


def test_export_trf16_and_trf26_round_trip(tmp_path: Path) -> None:
    """Export then read back: same results, points and ranks; TRF-16 has no 142/XX lines;
    TRF-2026 writes 142, 162 for a 3-1-0 scoring, 202, 240 and 250 records, the withdrawal."""
    tour = build({1: 1800, 2: 1700, 3: 1600, 4: 1500},
                 ["1-2 1; 3-4 =", "2-3 1; 4-1 0", "1-3 =; 2 H"], total_rounds=5,
                 points=PointSystem.standard(3, 1, 0), withdrawn={4: 3})
    tour.headers["012"] = ["012 Export test"]
    tour.absent[4] = {2: "H"}
    tour.acceleration = {1: [1.0, 1.0, 0.0], 2: [1.0, 1.0, 0.0]}
    st = rank(tour)
    t16 = export.write_trf16(tour, st)
    assert "142" not in t16 and "XXR" not in t16 and "162" not in t16
    t26, warnings = export.write_trf26(tour, st, st.labels)
    assert warnings == []
    # 162 (trf.md 3.1): L, A, P at their defaults (0, 0, the W value) are not written
    assert "142 5" in t26 and "162  W 3.0    D 1.0\n" in t26
    assert "202 BH/C1,BH,SB,DE,WIN" in t26
    assert "240 H 004 0002" in t26
    assert "250       1.0 001 002 0001 0002" in t26
    back = parse_trf(t26)
    assert back.point_system == tour.point_system
    assert back.withdrawn == {4: 3} and back.absent == {4: {2: "H"}}
    # the values are also written as XXA lines (issue 17), which keep the trailing zero round
    assert "XXA    1  1.0  1.0  0.0" in t26
    assert back.acceleration == {1: [1.0, 1.0, 0.0], 2: [1.0, 1.0, 0.0]}
    for pid, p in tour.players.items():
        q = back.players[pid]
        assert _cells(q.results) == _cells(p.results)  # a trailing empty cell is not written
        assert q.declared_points == tour.total_points(pid)
        assert q.declared_rank == st.by_id[pid].rank
    back16 = parse_trf(t16)
    assert {pid: _cells(p.results) for pid, p in back16.players.items()} == {
        pid: _cells(p.results) for pid, p in tour.players.items()}


def _cells(results: list) -> list:
    out = list(results)
    while out and out[-1] is None:
        out.pop()
    return out


def test_convert_command(trf_file: Path, tmp_path: Path) -> None:
    out = tmp_path / "o26.trf"
    assert main(["convert", str(trf_file), "--to", "trf26", "-o", str(out)]) == 0
    back = parse_trf(out.read_text(encoding="utf-8"))
    assert back.players[2].declared_rank in (1, 2) and back.players[2].declared_points == 2.0
    out16 = tmp_path / "o16.trf"
    assert main(["convert", str(trf_file), "--to", "trf16", "-o", str(out16)]) == 0
    lines = out16.read_text(encoding="utf-8").splitlines()
    assert sum(1 for ln in lines if ln.startswith("001 ")) == 6
    assert not any(ln.startswith(("142", "XXR", "###")) for ln in lines)


def test_publish_a_pair_list_before_results(trf_file: Path, tmp_path: Path, capsys) -> None:
    """Round 4 from a pair list, in D.9 order. Scores after round 3: 1: 1.5, 2: 2, 3: 1,
    4: 2, 5: 1, 6: 1.5. Boards 6-5 (higher-ranked 6 with 1.5, sum 2.5), 3-4 (4 with 2, sum 3),
    1-2 (2 with 2, sum 3.5): 1-2 first (2 points, larger sum), then 3-4, then 6-5. No result.
    """
    pairs = tmp_path / "r4.pairs"
    pairs.write_text("3\n6 5\n3 4\n1 2\n", encoding="utf-8")
    assert main(["standings", str(trf_file), "--view", "pairings", "--pairs", str(pairs),
                 "-f", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert "round 4" in data["title"]
    assert [(r[1], r[7], r[4]) for r in data["rows"]] == [("1", "2", ""), ("3", "4", ""),
                                                          ("6", "5", "")]
    for bad in ("3\n6 5\n3 4\n", "2\n6 5\n3 9\n", "2\n6 5\n5 4\n", "x\n"):
        pairs.write_text(bad, encoding="utf-8")  # count, unknown id, paired twice, no count
        assert main(["standings", str(trf_file), "--view", "pairings", "--pairs",
                     str(pairs)]) == 3
    assert "line" in capsys.readouterr().err


def test_publish_round_one_pairs(tmp_path: Path, capsys) -> None:
    """Round 1: every score is 0, so boards follow the higher-ranked (smaller) pairing number:
    pairs '4 2', '1 3', bye 5 -> board 1 = 1-3, board 2 = 4-2 (2 is its higher-ranked player)."""
    tour = build({1: 2000, 2: 1900, 3: 1800, 4: 1700, 5: 1600}, [], total_rounds=5)
    trf = tmp_path / "r0.trf"
    trf.write_text(write_trf(tour, points="computed"), encoding="utf-8")
    pairs = tmp_path / "r1.pairs"
    pairs.write_text("3\n4 2\n1 3\n5 0\n", encoding="utf-8")
    assert main(["standings", str(trf), "--view", "pairings", "--pairs", str(pairs)]) == 0
    out = capsys.readouterr().out
    assert "pairings of round 1" in out
    board_lines = [ln.split() for ln in out.splitlines() if ln.strip()[:1].isdigit()]
    assert [(b[0], b[1]) for b in board_lines[:2]] == [("1", "1"), ("2", "4")]
    assert "Pairing-allocated bye: 5" in out


def test_trf26_warns_when_162_cannot_say_the_scoring() -> None:
    """trf.md 3.1: 162 has one win value; a colour-dependent win (JaVaFo XXS BW) is lost and
    reported, the W value written is White's."""
    tour = build({1: 1800, 2: 1700}, ["1-2 1"], points=PointSystem(black_win=1.5))
    text, warnings = export.write_trf26(tour, rank(tour))
    assert any("win values differ" in w for w in warnings)
    assert "162  W 1.0" in text
