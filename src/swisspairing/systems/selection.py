"""Which system pairs a tournament, and pairing a round as the command line and the API do.

``system_from_file`` reads the tournament's ``192`` record (ETT26, ``../shared/rules/trf.md``
section 6); ``pair_tournament`` checks the round asked for, pairs it and collects the
warnings. The command line (``swisspairing pair``, ``check``) and :mod:`swisspairing.api` both
go through here.
"""

from __future__ import annotations

from ..errors import BadRequest
from ..model import Pairing, Tournament
from . import SYSTEM_COMMENT, canonical_name, get_system
from .explain import Explanation

#: record 192 (TRF-2026 tournament type) -> our system name
TYPE_192 = {
    "FIDE_DUTCH_2017": "dutch-2017",
    "FIDE_DUTCH_2025": "dutch-2025",
    "FIDE_DUTCH_2026": "dutch-2025",
    "FIDE_DUTCH": "dutch-2025",
    "FIDE_DUBOV": "dubov",
    "FIDE_BURSTEIN": "burstein",
    "FIDE_DOUBLESWISS": "double-swiss",
    # round-robins: FIDE's Berger tables (C.05 Annex 1) under either name
    "FIDE_ROUNDROBIN": "round-robin",
    "BERGER_ROUNDROBIN": "round-robin",
    "FIDE_DOUBLEROUNDROBIN": "double-round-robin",
    "BERGER_DOUBLEROUNDROBIN": "double-round-robin",
}


def system_from_file(t: Tournament) -> str | None:
    """The system the file names: its ``192`` record, or for ``192 CUSTOM_SWISS`` the comment
    ``### swisspairing system NAME`` (systems without an ETT26 code, :data:`TRF_TYPE_192`)."""
    codes = [line[4:].strip().upper() for line in t.headers.get("192", [])]
    for code in codes:
        base = code.removesuffix("_BAKU")
        if base in TYPE_192:
            return TYPE_192[base]  # a FIDE code wins over any comment
        if base == "FIDE_TEAM" or base.startswith("FIDE_TEAM_"):
            return "team-swiss"  # C.04.6, every FIDE_TEAM... code (team-swiss.md 7)
    if codes and not all(code.removesuffix("_BAKU") == "CUSTOM_SWISS" for code in codes):
        return None  # a 192 we do not pair with: the comment does not speak for it
    for line in t.extra_lines:
        if line.startswith(SYSTEM_COMMENT):
            try:
                return canonical_name(line[len(SYSTEM_COMMENT):].strip())
            except BadRequest:
                return None
    return None


def pair_tournament(t: Tournament, system_name: str, round_number: int | None,
                    explanation: Explanation | None) -> Pairing:
    """Pair ``round_number`` (None: the next round) of ``t`` with ``system_name``; a round
    before the next one is paired from the rounds before it. What the arbiter must know (a
    rule relaxed, no number of rounds in the file) is in the pairing's ``warnings``."""
    nxt = t.next_round
    if round_number is not None and round_number < 1:
        raise BadRequest("the round to pair must be 1 or more")
    if canonical_name(system_name) == "double-swiss":
        if t.games_per_round != 2:
            raise BadRequest("the Double-Swiss system pairs two-game matches: the file must "
                             "say 192 FIDE_DOUBLESWISS so that its round columns are read two "
                             "by two (match k = columns 2k-1 and 2k)")
        if round_number is not None:  # --round counts matches; the model counts columns
            round_number = 2 * round_number - 1
        if nxt % 2 == 0:
            raise BadRequest(f"match {nxt // 2} is written in one column only")
    elif t.games_per_round == 2:
        raise BadRequest(f"this is a Double-Swiss file (192 FIDE_DOUBLESWISS: two-game matches "
                         f"in two columns each); it cannot be paired with {system_name}: use "
                         "--system double-swiss")
    r = nxt if round_number is None else round_number
    if r > nxt:
        raise BadRequest(f"round {r} cannot be paired yet: round {nxt} is the next one")
    if r < nxt:
        t = t.before_round(r)
    if t.total_rounds is not None and r > t.total_rounds:
        raise BadRequest(
            f"the tournament has {t.total_rounds} rounds (XXR/142): all of them are paired"
        )
    system = get_system(system_name)
    if (t.team_event is not None) != (canonical_name(system_name) == "team-swiss"):
        raise BadRequest("the team-swiss system pairs team events (310 records) and the other "
                         "systems individuals: this file "
                         f"{'has' if t.team_event is not None else 'has no'} teams")
    if explanation is not None and t.team_event is None:
        explain_acceleration(t, r, explanation)
    pairing = system.pair(t, r, explanation)
    if t.total_rounds is None:
        pairing.warnings.insert(0, "the file gives no number of rounds (XXR or 142): the "
                                "round is paired as if it were not the last one")
    return pairing


def explain_acceleration(t: Tournament, round_number: int, explanation: Explanation) -> None:
    """Say which players carry virtual points in the round and how many (C.04.7 1.4-1.5)."""
    from ..model.acceleration import baku_group_a, carriers, has_explicit_acceleration, id_ranges

    table = carriers(t, round_number)
    if not table and not t.baku:
        return
    source = ("the file's XXA/250 lines" if has_explicit_acceleration(t)
              else "the Baku method")
    source_fr = ("les lignes XXA/250 du fichier" if has_explicit_acceleration(t)
                 else "la méthode de Bakou")
    if not table:
        explanation.add(
            f"Acceleration ({source}): no virtual points in round {round_number}",
            f"Accélération ({source_fr}) : pas de points virtuels à la ronde {round_number}",
            rule="C.04.7 1.4")
        return
    explanation.add(
        f"Acceleration ({source}): virtual points are added to the points to make and sort "
        f"the score groups of round {round_number}, never to the standings",
        f"Accélération ({source_fr}) : des points virtuels s'ajoutent aux points pour former et "
        f"ordonner les groupes de score de la ronde {round_number}, jamais au classement",
        rule="C.04.7 1.5")
    if t.baku and not has_explicit_acceleration(t):
        ga = sorted(baku_group_a(t))
        explanation.add(f"group A: players {id_ranges(ga)} ({len(ga)})",
                        f"groupe A : joueurs {id_ranges(ga)} ({len(ga)})",
                        level=1, rule="C.04.7 1.2")
    for value, ids in sorted(table.items(), reverse=True):
        explanation.add(f"+{value:g} for players {id_ranges(ids)} ({len(ids)})",
                        f"+{value:g} pour les joueurs {id_ranges(ids)} ({len(ids)})", level=1)
