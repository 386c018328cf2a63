"""What the round's constraints did to its pairing (issue 25 item 8): the notes put before the
engine's, in English and French, when players are not paired in the round or pairs are
forbidden.

* **Players not paired** (C.04.2 3.3, players known in advance not to play a round, with the
  bye they requested; 3.2, withdrawn players): each is named with why ("7 (NAME) is not paired
  in this round: half-point bye requested"). Their absence changes the pairing in one way the
  rules state outright: the number of players to pair. When the absences make it odd (or
  even), the note says so: one player receives the pairing-allocated bye (C.04.1 Art. 3), or
  nobody does. What else the pairing would have been with them present is not said: they
  could not have been paired, so there is no "natural pairing" with them to compare with.
* **Forbidden pairs** (TRF-2026 ``260`` / ``XXP``; the engines keep such players apart as if
  they had met, C.04.1 Art. 2): the round is paired a second time without them (one more run
  of the same engine in the background job, for events of up to :data:`MAX_COMPARED_PLAYERS`
  players to pair), and each forbidden pair that the pairing without them would have made is
  told: "1 (A) would have met 5 (B), but they are a forbidden pair: 1 meets 6 (C) instead; 5
  meets 9 (D)". The forbidden pairs that pairing did not make changed nothing, and are listed
  as such. Above the limit, or when the second run fails, the forbidden pairs of the round
  are listed without the comparison (and the note says why).

* **Double-Swiss events** (C.04.5, issue 28): the round is a match, game columns 2k-1 and 2k
  of the model (``../shared/cases-2026/double-swiss``; the API's ``pair`` counts matches). A
  player is away for the match when away in either column (C.04.5 Preface: byes are for whole
  matches; a withdrawal from match k is from column 2k-1), a pair is forbidden for the match
  when forbidden in either column (as the engine reads them), and the notes say "match".

Individual Swiss and Double-Swiss events only: a team round (its engine notes its own byes)
and a round-robin (a fixed table) get no such notes.
"""

from __future__ import annotations

import dataclasses

from ...api import pair
from ...model import Pairing, Tournament

#: the most players to pair for which the round is paired a second time without its forbidden
#: pairs (benchmarks/explain_constraints.py: 500 players, Dutch 2025, about 1 s of CPU)
MAX_COMPARED_PLAYERS = 500

#: why a player is not paired, by bye code (C.04.2 3.3; 3.2 for a withdrawal)
_NOT_PAIRED = {
    "H": ("half-point bye requested", "exemption d'un demi-point demandée"),
    "F": ("full-point bye requested", "exemption d'un point demandée"),
    "Z": ("absent (zero-point bye)", "absent (exemption à zéro point)"),
}
_WITHDRAWN = ("withdrawn", "a abandonné le tournoi")
FORBIDDEN_RULE = "C.04.1 Art. 2"

Note = dict[str, object]


def _note(en: str, fr: str, level: int = 1, rule: str = "") -> Note:
    return {"en": en, "fr": fr, "level": level, "rule": rule}


def _who(t: Tournament, pid: int) -> str:
    """``7 (NAME)``: the number, then the name in brackets (the name may hold a comma)."""
    name = t.players[pid].name if pid in t.players else ""
    return f"{pid} ({name})" if name else str(pid)


def _opponents(p: Pairing) -> dict[int, int | None]:
    """Each paired player's opponent (None: the pairing-allocated bye)."""
    out: dict[int, int | None] = {}
    for b in p.boards:
        out[b.white], out[b.black] = b.black, b.white
    if p.bye is not None:
        out[p.bye] = None
    return out


def _columns(t: Tournament, r: int) -> list[int]:
    """The model's game columns of the web app's round ``r``: ``[r]``, or for a Double-Swiss
    match ``[2r-1, 2r]`` (C.04.5; ``../shared/cases-2026/double-swiss/README.md``)."""
    first = t.games_per_round * (r - 1) + 1
    return list(range(first, first + t.games_per_round))


def _away(t: Tournament, r: int) -> dict[int, str]:
    """Players not paired in round (match) ``r`` with their code: away in any of its columns
    (C.04.5 Preface: a bye or absence is for the whole match), the first column's code
    first."""
    out: dict[int, str] = {}
    for column in _columns(t, r):
        for pid, code in t.not_paired_in(column).items():
            out.setdefault(pid, code)
    return out


def _active_forbidden(t: Tournament, r: int, paired: set[int]) -> list[tuple[int, int]]:
    """The forbidden pairs of round (match) ``r`` whose two players are to be paired: forbidden
    in any of its game columns (C.04.1 Art. 2; a Double-Swiss match as its engine reads it)."""
    found: set[tuple[int, int]] = set()
    columns = _columns(t, r)
    for group in t.forbidden_pairs:
        ids = sorted(group.players & paired)
        found |= {(a, b) for i, a in enumerate(ids) for b in ids[i + 1:]
                  if any(group.forbids(a, b, c) for c in columns)}
    return sorted(found)


def _not_paired_notes(t: Tournament, r: int, pairing: Pairing) -> list[Note]:
    away = _away(t, r)
    last = _columns(t, r)[-1]
    notes = []
    where_en, where_fr = (("in this match", "pour ce match") if t.games_per_round == 2
                          else ("in this round", "à cette ronde"))
    for pid in sorted(away):
        withdrawn = pid in t.withdrawn and last >= t.withdrawn[pid]
        en, fr = _WITHDRAWN if withdrawn else _NOT_PAIRED.get(
            away[pid], (f"bye {away[pid]}", f"exemption {away[pid]}"))
        notes.append(_note(f"{_who(t, pid)} is not paired {where_en}: {en}",
                           f"{_who(t, pid)} n'est pas apparié {where_fr} : {fr}",
                           rule="C.04.2 3.2" if withdrawn else "C.04.2 3.3"))
    present = len(pairing.players())
    if away:
        if present % 2 and (present + len(away)) % 2 == 0:
            notes.append(_note(
                f"Without them, {present} players are to be paired, an odd number: one of them "
                "receives the pairing-allocated bye",
                f"Sans eux, {present} joueurs sont à apparier, un nombre impair : l'un d'eux "
                "reçoit l'exemption attribuée par l'appariement", rule="C.04.1 Art. 3"))
        elif present % 2 == 0 and (present + len(away)) % 2:
            notes.append(_note(
                f"Without them, {present} players are to be paired, an even number: nobody "
                "receives the pairing-allocated bye",
                f"Sans eux, {present} joueurs sont à apparier, un nombre pair : personne ne "
                "reçoit l'exemption attribuée par l'appariement", rule="C.04.1 Art. 3"))
    return notes


def _listed(pairs: list[tuple[int, int]]) -> str:
    return ", ".join(f"{a}-{b}" for a, b in pairs)


def _forbidden_notes(system: str, t: Tournament, r: int, pairing: Pairing) -> list[Note]:
    forbidden = _active_forbidden(t, r, pairing.players())
    if not forbidden:
        return []
    if len(pairing.players()) > MAX_COMPARED_PLAYERS:
        return [_note(
            f"Forbidden pairs in this round (not compared with the pairing without them: more "
            f"than {MAX_COMPARED_PLAYERS} players): {_listed(forbidden)}",
            f"Paires interdites à cette ronde (non comparées avec l'appariement sans elles : "
            f"plus de {MAX_COMPARED_PLAYERS} joueurs) : {_listed(forbidden)}",
            rule=FORBIDDEN_RULE)]
    try:
        free = pair(dataclasses.replace(t, forbidden_pairs=[]), system, r)
    except Exception:  # the comparison is only a note: the pairing itself stands
        return [_note(
            f"Forbidden pairs in this round (the pairing without them could not be made, so "
            f"it is not compared): {_listed(forbidden)}",
            f"Paires interdites à cette ronde (l'appariement sans elles n'a pas pu être fait : "
            f"pas de comparaison) : {_listed(forbidden)}", rule=FORBIDDEN_RULE)]
    natural, actual = _opponents(free), _opponents(pairing)
    notes: list[Note] = []
    idle = []
    for a, b in forbidden:
        if natural.get(a) != b:
            idle.append((a, b))
            continue
        en, fr = [], []
        for p in (a, b):
            now = actual.get(p)
            if now is None:
                en.append(f"{p} receives the pairing-allocated bye")
                fr.append(f"{p} reçoit l'exemption attribuée par l'appariement")
            else:
                en.append(f"{p} meets {_who(t, now)}")
                fr.append(f"{p} rencontre {_who(t, now)}")
        notes.append(_note(
            f"{_who(t, a)} would have met {_who(t, b)}, but they are a forbidden pair: "
            f"{en[0]} instead; {en[1]}",
            f"{_who(t, a)} aurait rencontré {_who(t, b)}, mais c'est une paire interdite : "
            f"{fr[0]} à la place ; {fr[1]}", rule=FORBIDDEN_RULE))
    if idle:
        same = _opponents(free) == _opponents(pairing)
        notes.append(_note(
            "Forbidden pairs that changed nothing (the pairing made without them does not pair "
            f"them either{'' if not same else ', and is the same'}): {_listed(idle)}",
            "Paires interdites sans effet (l'appariement fait sans elles ne les apparie pas "
            f"non plus{'' if not same else ' et est le même'}) : {_listed(idle)}",
            rule=FORBIDDEN_RULE))
    return notes


def constraint_notes(system: str, t: Tournament, r: int, pairing: Pairing) -> list[Note]:
    """The notes on what the constraints of round ``r`` did to ``pairing`` (see the module),
    under one heading; empty when nobody is away and no pair is forbidden, and for a team or
    round-robin event. ``r`` counts matches in a Double-Swiss event (as the API's ``pair``)."""
    if t.team_event is not None or t.games_per_round not in (1, 2) \
            or system.startswith("round-robin"):
        return []
    body = _not_paired_notes(t, r, pairing) + _forbidden_notes(system, t, r, pairing)
    if not body:
        return []
    if t.games_per_round == 2:
        return [_note("Before pairing: players not paired in this match, forbidden pairs",
                      "Avant l'appariement : joueurs non appariés pour ce match, paires "
                      "interdites", level=0), *body]
    return [_note("Before pairing: players not paired in this round, forbidden pairs",
                  "Avant l'appariement : joueurs non appariés à cette ronde, paires interdites",
                  level=0), *body]

