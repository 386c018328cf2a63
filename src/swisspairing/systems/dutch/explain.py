"""The explanation of a Dutch pairing, bracket by bracket (``pair --explain``)."""

from __future__ import annotations

from ...model import Colour
from ...model.state import Float
from ..explain import Explanation, fr_number
from .colours import allocate_colours
from .generation import BracketResult
from .players import STRONG, PairingPlayer
from .round import PairingRound


def _note_bracket(explain: Explanation | None, bracket: list[PairingPlayer], mdps: set[int],
                  collapsed: bool = False, edition: int = 2025) -> None:
    """The bracket's note, named as the edition's text names it (issue 25 item 8): 2016/2025
    (2025 1.3, 2016 A.3) "homogeneous / heterogeneous bracket", its "resident players" of a
    "scoregroup" and its "MDPs" (moved-down players; French text of 2016: "niveau
    homogène / hétérogène", "joueurs résidents", "groupe de points", "MDP, joueur flotteur
    descendant"); 2012 (A3) "homogeneous / heterogeneous score bracket" ("niveau de points")."""
    if explain is None:
        return
    score = bracket[-1].score / 10 if bracket else 0
    ids = ", ".join(f"{p.id}{'*' if p.id in mdps else ''}" for p in bracket)
    homogeneous = len({p.score for p in bracket}) <= 1
    if collapsed:
        explain.add(f"Collapsed last bracket (CLB): {ids}",
                    f"Dernier niveau effondré (CLB) : {ids}", rule="A.9")
    elif edition == 2012:
        kind_en, kind_fr = ("Homogeneous", "homogène") if homogeneous else (
            "Heterogeneous", "hétérogène")
        explain.add(f"{kind_en} score bracket {score:g}: {ids}"
                    + ("" if homogeneous else " (* = moved down)"),
                    f"Niveau de points {kind_fr} {fr_number(score)} : {ids}"
                    + ("" if homogeneous else " (* = flotteur descendant)"), rule="A3")
    elif homogeneous:
        explain.add(f"Homogeneous bracket {score:g} (the resident players of scoregroup "
                    f"{score:g}): {ids}",
                    f"Niveau homogène {fr_number(score)} (les joueurs résidents du groupe de "
                    f"points {fr_number(score)}) : {ids}",
                    rule="1.3" if edition >= 2025 else "A.3")
    else:
        explain.add(f"Heterogeneous bracket {score:g} (the resident players of scoregroup "
                    f"{score:g} and the MDPs): {ids} (* = MDP, moved-down player)",
                    f"Niveau hétérogène {fr_number(score)} (les joueurs résidents du groupe de "
                    f"points {fr_number(score)} et les MDP) : {ids} (* = MDP, joueur flotteur "
                    "descendant)", rule="1.3" if edition >= 2025 else "A.3")


#: rule labels of the explanation, per edition: colour misses, strong colour misses,
#: repeated downfloat / upfloat (previous round), the same two rounds before
_LABELS = {
    2012: ("B4", "B4 (A8 Z)", "B5", "B5", "B6", "B6"),
    2017: ("C.10", "C.11", "C.12", "C.13", "C.14", "C.15"),
    2025: ("C12", "C13", "C14", "C15", "C16", "C17"),
}


def _note_result(explain: Explanation | None, rnd: PairingRound, res: BracketResult,
                 bracket: list[PairingPlayer], mdps: set[int], last: bool) -> None:
    """Explain a bracket's pairing: pairs, why each player floats, unmet criteria."""
    if explain is None:
        return
    labels = _LABELS.get(rnd.rules.edition, _LABELS[2017])
    pairs = ", ".join(f"{a.id}-{b.id}" for a, b in res.pairs)
    explain.add(f"pairs: {pairs or 'none'}", f"paires : {pairs or 'aucune'}", level=1)
    for p in res.floaters:
        others = [q for q in bracket if q is not p and not (q.id in mdps and p.id in mdps)]
        met = [q for q in others if q.id in p.opponents]
        if others and not any(rnd.compatible(p, q) for q in others):
            why_en = "no opponent left in the bracket: "
            why_fr = "aucun adversaire possible dans le niveau : "
            if len(met) == len(others):
                why_en += "has met them all (C.1)"
                why_fr += "les a tous déjà rencontrés (C.1)"
            else:
                why_en += "the others already met or share its absolute colour (C.1, C.3)"
                why_fr += ("les autres déjà rencontrés ou de même couleur absolue "
                           "(C.1, C.3)")
        elif last:
            why_en, why_fr = "left over by the best pairing", "laissé par le meilleur appariement"
        else:
            why_en = ("left over by the best pairing of the bracket (fewest downfloaters, "
                      "lowest scores)")
            why_fr = ("laissé par le meilleur appariement du niveau (le moins de flotteurs, "
                      "les scores les plus bas)")
        if last:
            explain.add(f"{p.id} ({p.score / 10:g}) receives the pairing-allocated bye: {why_en}",
                        f"{p.id} ({fr_number(p.score / 10)}) reçoit l'exemption : {why_fr}",
                        level=1, rule="C.2")
        elif p.id in mdps and rnd.rules.edition >= 2017:
            # 2025 3.2.4 / 3.3.4 (2016 B.3): the MDPs of S1 are all paired (MDP-Pairing); an
            # MDP left unpaired was in the Limbo, and Limbo players downfloat
            explain.add(f"{p.id} ({p.score / 10:g}) floats down again, from the Limbo (an MDP "
                        f"not paired in this bracket): {why_en}",
                        f"{p.id} ({fr_number(p.score / 10)}) flotte de nouveau vers le niveau "
                        f"suivant, depuis la Limbe (un MDP non apparié dans ce niveau) : {why_fr}",
                        level=1, rule="3.2.4" if rnd.rules.edition >= 2025 else "B.3")
        else:
            explain.add(f"{p.id} ({p.score / 10:g}) floats down: {why_en}",
                        f"{p.id} ({fr_number(p.score / 10)}) flotte vers le niveau suivant : "
                        f"{why_fr}",
                        level=1, rule="A.4")
    # criteria that could not be met in full
    miss, strong = [], []
    for a, b in res.pairs:
        white, black, _ = allocate_colours(a, b, rnd.initial)
        for q, col in ((white, Colour.WHITE), (black, Colour.BLACK)):
            if q.pref is not None and q.pref is not col:
                miss.append(q.id)
                if q.strength >= STRONG:
                    strong.append(q.id)
    down1, up1, down2, up2 = [], [], [], []
    for a, b in res.pairs:
        hi, lo = (a, b) if a.rank < b.rank else (b, a)
        if hi.score != lo.score:
            if hi.float1 is Float.DOWN:
                down1.append(hi.id)
            if hi.float2 is Float.DOWN:
                down2.append(hi.id)
            if lo.float1 is Float.UP:
                up1.append(lo.id)
            if lo.float2 is Float.UP:
                up2.append(lo.id)
    if not last:
        down1 += [p.id for p in res.floaters if p.float1 is Float.DOWN]
        down2 += [p.id for p in res.floaters if p.float1 is not Float.DOWN
                  and p.float2 is Float.DOWN]
    checks = (
        (miss, labels[0], "without their colour preference", "sans leur couleur préférée"),
        (strong, labels[1], "without their strong colour preference",
         "sans leur préférence de couleur forte"),
        (down1, labels[2], "floating down as in the previous round",
         "flottant vers le bas comme à la ronde précédente"),
        (up1, labels[3], "floating up as in the previous round",
         "flottant vers le haut comme à la ronde précédente"),
        (down2, labels[4], "floating down as two rounds before",
         "flottant vers le bas comme deux rondes avant"),
        (up2, labels[5], "floating up as two rounds before",
         "flottant vers le haut comme deux rondes avant"),
    )
    for ids, rule, en, fr in checks:
        if ids:
            who = ", ".join(str(i) for i in sorted(set(ids)))
            explain.add(f"not met in full (no better candidate exists): players {en}: {who}",
                        f"non satisfait (aucun meilleur candidat) : joueurs {fr} : {who}",
                        level=1, rule=rule)
