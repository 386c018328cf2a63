"""The crosstable of a round-robin as FIDE tables print it (C.05 Annex 1, issue 29 part 3).

Players by pairing number - the numbers drawn for the Berger table - one column per opponent
in the same order, each cell the results against that opponent (one per cycle, in the order
played: ``1 ½`` in a double round-robin), the player's own cell crossed out; then points, rank
and the tie-breaks of the standings (C.07: SB, DE, WIN, Koya by default for round-robins).
"""

from __future__ import annotations

from ..model.results import ResultKind
from .labels import check_lang, word
from .ranking import Standings
from .views import Table, _result_mark, _title, points_text

_WORDS = {
    "title": ("{name} - round-robin crosstable after round {round}",
              "{name} - grille du tournoi toutes rondes après la ronde {round}"),
    "note": ("Players by pairing number (the Berger table's numbers, C.05 Annex 1); each cell: "
             "the results against the player of that column, one per cycle (1 ½ 0, + - "
             "forfeit), in the order played.",
             "Joueurs par numéro d'appariement (numéros de la table de Berger, C.05 annexe 1) ; "
             "chaque case : les résultats contre le joueur de la colonne, un par cycle (1 ½ 0, "
             "+ - forfait), dans l'ordre joué."),
}


def _w(key: str, lang: str, **fields: object) -> str:
    en, fr = _WORDS[key]
    return (fr if lang == "fr" else en).format(**fields)


def results_against(st: Standings, pid: int, opponent: int, lang: str = "en") -> list[str]:
    """The marks of ``pid``'s games against ``opponent`` in the rounds counted, in order."""
    t = st.tournament
    out = []
    for r in range(1, st.rounds + 1):
        e = t.players[pid].entry(r)
        if e is not None and e.opponent == opponent and e.kind is not ResultKind.ZERO_POINT_BYE:
            out.append(_result_mark(e, lang))
    return out


def round_robin_crosstable(st: Standings, lang: str = "en") -> Table:
    """Rows and columns by pairing number (the FIDE table order), see the module docstring."""
    lang = check_lang(lang)
    t = st.tournament
    ids = sorted(t.players)
    by_pid = {row.pid: row for row in st.rows}
    rows = []
    for pid in ids:
        p = t.players[pid]
        row = by_pid[pid]
        cells = ["×" if opp == pid else " ".join(results_against(st, pid, opp, lang))
                 for opp in ids]
        rows.append([str(pid), p.name, str(p.rating or ""), *cells,
                     points_text(lang, row.points), str(row.rank),
                     *(points_text(lang, v) for v in row.values)])
    return Table(
        title=_w("title", lang, name=_title(t, lang), round=st.rounds),
        headers=[*(word(h, lang) for h in ("No", "Name", "Rtg")), *(str(i) for i in ids),
                 word("Pts", lang), word("Rk", lang), *st.labels],
        rows=rows,
        align=["r", "l", "r", *("c" for _ in ids), "r", "r", *("r" for _ in st.labels)],
        notes=[_w("note", lang)],
        kind="crosstable",
        lang=lang,
    )
