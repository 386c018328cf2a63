"""English and French words of the published tables (standings, crosstable, wall chart,
pairings, player card), as :mod:`swisspairing.systems.explain` does for explanations.

The standings package runs without Django (command line), so its words live here; the web app
passes its active language (``fr`` or ``en``). Tie-break columns keep their C.07 / MTB26 codes
(``BH/C1``), the same in both languages; the notes under the standings name them in full with
the terms French arbiters use (``Buchholz tronqué 1``, ``Sonneborn-Berger``, ``Performance``).
"""

from __future__ import annotations

LANGS = ("en", "fr")

#: key -> (English, French); ``{name}`` fields are filled by :func:`word`.
_WORDS: dict[str, tuple[str, str]] = {
    # titles
    "tournament": ("Tournament", "Tournoi"),
    "t.pairings": ("{name} - pairings of round {round}",
                   "{name} - appariements de la ronde {round}"),
    "t.standings": ("{name} - standings after round {round}",
                    "{name} - classement après la ronde {round}"),
    "t.crosstable": ("{name} - crosstable after round {round}",
                     "{name} - grille américaine après la ronde {round}"),
    "t.wallchart": ("{name} - wall chart after round {round}",
                    "{name} - tableau mural après la ronde {round}"),
    # Double-Swiss (C.04.5): the standings after match K are those after its game 2
    "t.standings.match": ("{name} - standings after match {match} ({round} games)",
                          "{name} - classement après le match {match} ({round} parties)"),
    "t.crosstable.match": ("{name} - crosstable after match {match} (one column per match)",
                           "{name} - grille américaine après le match {match} (une colonne "
                           "par match)"),
    "t.wallchart.match": ("{name} - wall chart after match {match} (one column per match)",
                          "{name} - tableau mural après le match {match} (une colonne par "
                          "match)"),
    "t.card": ("{name} - player card: {player}", "{name} - fiche du joueur : {player}"),
    "continued": ("{title} (continued)", "{title} (suite)"),
    # column headers
    "Bd": ("Bd", "Éch"),
    "No": ("No", "N°"),
    "White": ("White", "Blancs"),
    "Black": ("Black", "Noirs"),
    "Pts": ("Pts", "Pts"),
    "Result": ("Result", "Résultat"),
    "Rk": ("Rk", "Pl"),
    "Name": ("Name", "Nom"),
    "Rtg": ("Rtg", "Elo"),
    "Fed": ("Fed", "Féd"),
    "Tit": ("Tit", "Tit"),
    "R": ("R{round}", "R{round}"),
    "Rd": ("Rd", "R"),
    # Double-Swiss (C.04.5): one column per match of two games
    "M": ("M{match}", "M{match}"),
    "Match": ("Match", "Match"),
    "G1": ("G1", "P1"),
    "G2": ("G2", "P2"),
    "Col": ("Col", "Coul"),
    "Opponent": ("Opponent", "Adversaire"),
    "Res": ("Res", "Rés"),
    "Score": ("Score", "Cumul"),
    # colours in the cells (French: B = blancs, N = noirs)
    "w": ("w", "B"),
    "b": ("b", "N"),
    "adj.": ("adj.", "ajournée"),
    # notes
    "pab": ("Pairing-allocated bye: {player}", "Exempt (bye d'appariement) : {player}"),
    "H": ("half-point bye: {player}", "bye d'un demi-point : {player}"),
    "F": ("full-point bye: {player}", "bye d'un point : {player}"),
    "Z": ("not paired: {player}", "non apparié : {player}"),
    "tiebreaks": ("Tie-breaks (C.07, {source}): {list}", "Départages (C.07, {source}) : {list}"),
    "list-sep": ("; ", " ; "),
    "no-tiebreak": ("No tie-break", "Aucun départage"),
    "e10": ("Ranking E10 (Elo-based Swiss): score; first place: games between the tied players "
            "(DE1); average Elo of the opponents (AVGELO); lots. Tied scores share the prizes.",
            "Classement E10 (système suisse basé sur l'Elo) : points ; première place : parties "
            "entre les ex aequo (DE1) ; moyenne Elo des adversaires (AVGELO) ; tirage au sort. "
            "Les ex aequo partagent les prix."),
    "seed": ("Lots drawn with seed {seed}", "Tirage au sort avec la graine {seed}"),
    "cross-note": ("Round cells: opponent's line number (#), colour (w/b), result "
                   "(1 ½ 0, + - forfeit, PAB FPB HPB ZPB byes).",
                   "Cases des rondes : ligne de l'adversaire (#), couleur (B/N), résultat "
                   "(1 ½ 0, + - forfait ; EXE exempt, BYE1 bye d'un point, BYE½ bye d'un "
                   "demi-point, ABS absent, zéro point)."),
    "wall-note": ("Round cells: opponent's pairing number, colour, result (running score).",
                  "Cases des rondes : numéro de l'adversaire, couleur (B/N), résultat "
                  "(points cumulés) ; EXE exempt, BYE1 bye d'un point, BYE½ bye d'un "
                  "demi-point, ABS absent."),
    "cross-note.match": ("Match cells: opponent's line number (#), colour of game 1 (w/b; game "
                         "2 the other), the results of game 1 and game 2 (1 ½ 0, + - forfeit); "
                         "a bye: its mark and the match's points. Points are game points.",
                         "Cases des matchs : ligne de l'adversaire (#), couleur de la partie 1 "
                         "(B/N ; la partie 2 l'autre), résultats des parties 1 et 2 (1 ½ 0, "
                         "+ - forfait) ; un bye : sa marque et les points du match (EXE exempt, "
                         "BYE1, BYE½, ABS absent). Les points sont des points de partie."),
    "wall-note.match": ("Match cells: opponent's pairing number, colour of game 1, results of "
                        "game 1 and game 2 (running score in game points).",
                        "Cases des matchs : numéro de l'adversaire, couleur de la partie 1 "
                        "(B/N), résultats des parties 1 et 2 (points de partie cumulés) ; EXE "
                        "exempt, BYE1, BYE½, ABS absent."),
    "card-rank": ("Rank {rank}, {points} points", "Place {rank}, {points} points"),
}

#: where the tie-break list of the standings came from (``Standings.source``), in French;
#: ``settings``: the web app's tournament settings
_SOURCES_FR = {"default": "par défaut", "record 202": "ligne 202", "record 212": "ligne 212",
               "settings": "réglages du tournoi"}
_SOURCES_EN = {"settings": "tournament settings"}


def source_name(source: str, lang: str) -> str:
    """``Standings.source`` (``default``, ``record 202``, ``--tiebreaks``, ``settings``) in
    ``lang``."""
    return _SOURCES_FR.get(source, source) if lang == "fr" else _SOURCES_EN.get(source, source)


#: full names of the C.07 tie-break codes in French (the English names are in tiebreaks.CODES)
TIEBREAK_NAMES_FR: dict[str, str] = {
    "DE": "Confrontation directe",
    "WIN": "Nombre de victoires (jouées ou non)",
    "WON": "Nombre de parties gagnées sur l'échiquier",
    "BPG": "Nombre de parties jouées avec les Noirs",
    "BWG": "Nombre de parties gagnées avec les Noirs",
    "PS": "Cumulatif (score progressif)",
    "REP": "Rondes où le joueur a choisi de jouer",
    "STD": "Points standard",
    "TPN": "Numéro d'appariement",
    "BH": "Buchholz",
    "AOB": "Moyenne des Buchholz des adversaires",
    "FB": "Buchholz anticipé (Fore Buchholz)",
    "SB": "Sonneborn-Berger",
    "KS": "Système Koya",
    "ARO": "Moyenne Elo des adversaires",
    "TPR": "Performance",
    "PTP": "Performance parfaite",
    "APRO": "Moyenne des performances des adversaires",
    "APPO": "Moyenne des performances parfaites des adversaires",
    "RTNG": "Elo",
}


def check_lang(lang: str) -> str:
    """``lang`` if it is ``en`` or ``fr``, else English (the web app may be set to another)."""
    return lang if lang in LANGS else "en"


def word(key: str, lang: str = "en", **fields: object) -> str:
    """The English or French text of ``key`` with its ``{fields}`` filled in."""
    en, fr = _WORDS[key]
    text = fr if lang == "fr" else en
    return text.format(**fields) if fields else text


def tiebreak_name(label: str, lang: str = "en") -> str:
    """A tie-break column named in full for the notes: ``BH/C1 = Buchholz Cut 1`` /
    ``BH/C1 = Buchholz tronqué 1``, ``BH/M1`` median (C.07 14.1-14.2 modifiers). A label that
    is not a C.07 descriptor is returned as it is."""
    from ..errors import SwissPairingError
    from .tiebreaks import CODES, parse_tiebreak

    try:
        tb = parse_tiebreak(label)
    except SwissPairingError:
        return label
    base = TIEBREAK_NAMES_FR.get(tb.code, tb.code) if lang == "fr" else CODES[tb.code][2]
    if tb.cut_low and tb.cut_low == tb.cut_high:
        base += f" médian {tb.cut_low}" if lang == "fr" else f" Median {tb.cut_low}"
    elif tb.cut_low:
        base += f" tronqué {tb.cut_low}" if lang == "fr" else f" Cut {tb.cut_low}"
    return f"{label} = {base}" if base != label else label
