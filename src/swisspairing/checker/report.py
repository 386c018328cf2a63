"""Text of a checker report, in English or French: each discrepant round side by side."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..model.tournament import Board, Pairing, ResultCorrection, Tournament

if TYPE_CHECKING:
    from .check import CheckReport, RoundReport

_T = {
    "title": ("Pairings check of {n} round(s) with {system}",
              "Vérification des appariements de {n} ronde(s) avec {system}"),
    "agree": ("round {r}: the published pairing agrees",
              "ronde {r} : l'appariement publié concorde"),
    "differs": ("round {r}: the published pairing differs from ours",
                "ronde {r} : l'appariement publié diffère du nôtre"),
    "nopairing": ("round {r}: our engine finds no valid pairing ({error})",
                  "ronde {r} : notre moteur ne trouve aucun appariement valide ({error})"),
    "published": ("published", "publié"),
    "ours": ("ours", "le nôtre"),
    "board": ("Bd", "Éch"),
    "bye": ("bye", "exempt"),
    "only_pub": ("pair only in the published pairing: {b}",
                 "paire seulement dans l'appariement publié : {b}"),
    "only_ours": ("pair only in ours: {b}", "paire seulement dans le nôtre : {b}"),
    "reversed": ("same pair, colours reversed: published {b}",
                 "même paire, couleurs inversées : publié {b}"),
    "bye_diff": ("pairing-allocated bye: published {a}, ours {b}",
                 "exemption : publiée {a}, la nôtre {b}"),
    "viol": ("violation in the published pairing", "violation dans l'appariement publié"),
    "our_viol": ("violation in OUR pairing (engine bug)",
                 "violation dans NOTRE appariement (bogue du moteur)"),
    "summary": ("{n} round(s) checked, {d} discrepant, {v} violation(s)",
                "{n} ronde(s) vérifiée(s), {d} discordante(s), {v} violation(s)"),
    "none": ("none", "aucune"),
    "paired_before": ("round {r}: paired before the correction of round {cr}, board {b} "
                      "({w}-{bl}: {before} then {after}); checked with the result then "
                      "(C.04.2 4.3: the published round stands)",
                      "ronde {r} : appariée avant la correction de la ronde {cr}, échiquier {b} "
                      "({w}-{bl} : {before} puis {after}) ; vérifiée avec le résultat d'alors "
                      "(C.04.2 4.3 : la ronde publiée reste valable)"),
}

#: the same lines for a Double-Swiss report: its rounds are two-game matches (C.04.5 Preface,
#: "matches"; the French text says "match" too), numbered as matches by ``check``
_T_MATCH = {
    "title": ("Pairings check of {n} match(es) with {system}",
              "Vérification des appariements de {n} match(s) avec {system}"),
    "agree": ("match {r}: the published pairing agrees",
              "match {r} : l'appariement publié concorde"),
    "differs": ("match {r}: the published pairing differs from ours",
                "match {r} : l'appariement publié diffère du nôtre"),
    "nopairing": ("match {r}: our engine finds no valid pairing ({error})",
                  "match {r} : notre moteur ne trouve aucun appariement valide ({error})"),
    "summary": ("{n} match(es) checked, {d} discrepant, {v} violation(s)",
                "{n} match(s) vérifié(s), {d} discordant(s), {v} violation(s)"),
    "paired_before": ("match {r}: paired before the correction of match {cm}, game {cg}, board "
                      "{b} ({w}-{bl}: {before} then {after}); checked with the result then "
                      "(C.04.2 4.3: the published match stands)",
                      "match {r} : apparié avant la correction du match {cm}, partie {cg}, "
                      "échiquier {b} ({w}-{bl} : {before} puis {after}) ; vérifié avec le "
                      "résultat d'alors (C.04.2 4.3 : le match publié reste valable)"),
}


def _t(key: str, lang: str, matches: bool = False, **kw: object) -> str:
    """The line ``key`` in ``lang``; ``matches``: a Double-Swiss report's wording."""
    en, fr = (_T_MATCH if matches and key in _T_MATCH else _T)[key]
    return (fr if lang == "fr" else en).format(**kw)


def is_match_report(system: str) -> bool:
    """Whether a report of ``system`` numbers matches, not rounds (C.04.5: Double-Swiss)."""
    return system == "double-swiss"


def _board(b: Board) -> str:
    return f"{b.white:>4} - {b.black:<4}"


def _ordered(p: Pairing, t: Tournament | None) -> list[Board]:
    if t is None or t.team_event is not None:  # teams: the engine's order (GHR 3.6)
        return sorted(p.boards) if t is None else list(p.boards)
    return p.publication_order(t)


@dataclass(frozen=True, slots=True)
class ComparedRow:
    """One row of the side-by-side comparison: the n-th board of each pairing in publication
    order (``None`` past the end of the shorter one); ``*_differs`` marks a board that is not
    in the other pairing with the same colours."""

    board: int
    published: Board | None
    published_differs: bool
    ours: Board | None
    ours_differs: bool


def compared_rows(rep: RoundReport, t: Tournament | None) -> list[ComparedRow]:
    """The two pairings of a discrepant round, board by board in publication order (C.04.2
    D.9), each side marked where it is not in the other pairing with the same colours (a
    board of a pair whose colours the rules leave free counts as the same)."""
    assert rep.ours is not None
    pub = _ordered(rep.published, t)
    ours = _ordered(rep.ours, t)
    pub_set = {(b.white, b.black) for b in pub}
    ours_set = {(b.white, b.black) for b in ours}

    def differs(b: Board | None, other: set[tuple[int, int]]) -> bool:
        return b is not None and (b.white, b.black) not in other and \
            frozenset((b.white, b.black)) not in rep.colourless

    rows = []
    for i in range(max(len(pub), len(ours))):
        left = pub[i] if i < len(pub) else None
        right = ours[i] if i < len(ours) else None
        rows.append(ComparedRow(i + 1, left, differs(left, ours_set), right,
                                differs(right, pub_set)))
    return rows


def side_by_side(rep: RoundReport, t: Tournament | None, lang: str = "en") -> list[str]:
    """The two pairings in publication order, one board per row; ``*`` marks a board that is
    not in the other pairing with the same colours."""
    assert rep.ours is not None
    rows = [f"  {_t('board', lang):>4}  {_t('published', lang):<13}   {_t('ours', lang):<13}"]
    for row in compared_rows(rep, t):
        left = _board(row.published) if row.published else ""
        right = _board(row.ours) if row.ours else ""
        lmark = "*" if row.published_differs else " "
        rmark = "*" if row.ours_differs else " "
        rows.append(f"  {row.board:>4}  {left:<11}{lmark}    {right:<11}{rmark}")
    if rep.published.bye is not None or rep.ours.bye is not None:
        a = str(rep.published.bye or "-")
        b = str(rep.ours.bye or "-")
        mark = "*" if rep.published.bye != rep.ours.bye else " "
        rows.append(f"  {_t('bye', lang):>4}  {a:>4}{'':7}{mark}    {b:>4}{'':7}{mark}")
    return rows


def paired_before_text(r: int, c: ResultCorrection, lang: str = "en",
                       matches: bool = False) -> str:
    """"round 3: paired before the correction of round 2, board 5 (...)"; ``matches`` (a
    Double-Swiss report): "match 3: ... of match 2, game 1, board 5", the correction's game
    column ``c.round`` read as match (2k-1, 2k: match k) and game."""
    return _t("paired_before", lang, matches, r=r, cr=c.round, cm=(c.round + 1) // 2,
              cg=2 - c.round % 2, b=c.board, w=c.white, bl=c.black,
              before="-".join(c.before), after="-".join(c.after))


def render_round(rep: RoundReport, t: Tournament | None, lang: str = "en",
                 matches: bool = False) -> list[str]:
    """The lines of one round (``matches``: of one Double-Swiss match)."""
    r = rep.round_number
    out: list[str] = [paired_before_text(rep.round_number, c, lang, matches)
                      for c in rep.paired_before]
    if rep.ours is None:
        out.append(_t("nopairing", lang, matches, r=r, error=rep.error))
    elif rep.agrees:
        out.append(_t("agree", lang, matches, r=r))
    else:
        out.append(_t("differs", lang, matches, r=r))
        out.extend(side_by_side(rep, t, lang))
        for b in rep.only_published:
            out.append("    " + _t("only_pub", lang, b=f"{b.white}-{b.black}"))
        for b in rep.only_ours:
            out.append("    " + _t("only_ours", lang, b=f"{b.white}-{b.black}"))
        for b in rep.colours_reversed:
            out.append("    " + _t("reversed", lang, b=f"{b.white}-{b.black}"))
        if rep.published.bye != rep.ours.bye:
            out.append("    " + _t("bye_diff", lang, a=rep.published.bye or "-",
                                   b=rep.ours.bye or "-"))
    for v in rep.violations:
        out.append(f"    {_t('viol', lang)}: {v.text(lang)}")
    for v in rep.our_violations:
        out.append(f"    {_t('our_viol', lang)}: {v.text(lang)}")
    return out


def render_report(report: CheckReport, t: Tournament | None = None, lang: str = "en") -> str:
    matches = is_match_report(report.system)
    lines = [_t("title", lang, matches, n=len(report.rounds), system=report.system)]
    for note in report.notes_in(lang):
        lines.append(f"  ({note})")
    for rep in report.rounds:
        lines.extend(render_round(rep, t, lang, matches))
    lines.append(_t("summary", lang, matches, n=len(report.rounds), d=len(report.discrepancies),
                    v=len(report.violations)))
    return "\n".join(lines) + "\n"
