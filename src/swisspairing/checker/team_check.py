"""The pairings checker for team events (C.04.6): what a published team round is, the team
event as it stood before a round, and the absolute rules of a team pairing.

A published round (from :func:`~swisspairing.model.teams.team_rounds`): every match with an
opponent -- played or forfeited -- is a pair, White being the team whose board-1 player had
White (a forfeited match: the ``330`` record's White team); the team given the
pairing-allocated bye (``320`` or every member ``U``); teams absent or with a requested bye
are inputs of the round, not part of the pairing (GHR 3.3).

Absolute rules checked (team-swiss.md 3-4): [C1] two teams that played each other are paired
again (a forfeited match is no meeting, GHR 3.5); [C2] the PAB to a team that had one, won a
match by forfeit or had a full-point bye; one PAB at most, only with an odd number of teams;
every team to pair is paired once; a team known to be absent is paired; a prohibited pair
(``260``). BR 6 and 7 (colour limits) never apply to teams (C.04.6 Art. 0).
"""

from __future__ import annotations

from collections import Counter

from ..model.results import Colour
from ..model.team_state import build_team_states
from ..model.teams import MatchKind, team_rounds
from ..model.tournament import Pairing, Tournament
from .check import PublishedRound
from .violations import Violation

_UNPAIRED_CODE = {MatchKind.FULL_POINT_BYE: "F", MatchKind.HALF_POINT_BYE: "H",
                  MatchKind.ABSENT: "Z"}


def published_team_pairing(t: Tournament, round_number: int) -> tuple[Pairing, set[frozenset[int]]]:
    """The team pairing of ``round_number`` as the file records it, and the pairs whose colours
    the file does not give (see the module docstring)."""
    ev = t.team_event
    assert ev is not None
    rounds = team_rounds(t, round_number)
    forfeits = {(f.round, frozenset((f.white, f.black))): f for f in ev.forfeits}
    published = PublishedRound(Pairing(round_number))
    pairing = published.pairing
    done: set[int] = set()
    for tid in sorted(ev.teams):
        row = rounds[tid][round_number - 1]
        if row.kind is MatchKind.PAIRING_BYE:
            if pairing.bye is None:
                pairing.bye = tid
            else:
                pairing.unpaired[tid] = "U"
            continue
        if not row.kind.has_opponent:
            pairing.unpaired[tid] = _UNPAIRED_CODE.get(row.kind, "Z")
            continue
        if tid in done:
            continue
        opp = row.opponent
        if not opp:  # a forfeit against an unknown team (no 330 record)
            pairing.unpaired[tid] = "+" if row.kind is MatchKind.FORFEIT_WIN else "-"
            continue
        done.update((tid, opp))
        f = forfeits.get((round_number, frozenset((tid, opp))))
        colour = row.colour
        if f is not None:
            colour = Colour.WHITE if f.white == tid else Colour.BLACK
        elif colour is None:
            colour = _scheduled_colour(row.games, ev.board_colours)
        published.add_board(tid, opp, colour)
    return pairing, published.colourless


def _scheduled_colour(games: tuple, pattern: str) -> Colour | None:  # type: ignore[type-arg]
    """The team's board-1 colour of a match not played, from the scheduled colours written on
    its forfeited boards (TRF keeps them)."""
    for g in games:
        if g.opponent and g.colour is not None:
            if g.board == 1 or not pattern or g.board > len(pattern):
                return g.colour  # type: ignore[no-any-return]
            white = Colour.WHITE if pattern[g.board - 1].upper() == "W" else Colour.BLACK
            return Colour.WHITE if g.colour is white else Colour.BLACK
    return None


def team_input_for_round(t: Tournament, round_number: int) -> Tournament:
    """The team event as it stood before ``round_number`` was paired: earlier rounds, and the
    teams that did not take part in it (absent, requested byes) as the round's ``240``."""
    before = t.before_round(round_number)
    ev = before.team_event
    assert ev is not None
    if round_number <= t.rounds_paired:
        rounds = team_rounds(t, round_number)
        for tid, rows in rounds.items():
            kind = rows[round_number - 1].kind
            if kind in _UNPAIRED_CODE:
                ev.absent.setdefault(round_number, {}).setdefault(tid, _UNPAIRED_CODE[kind])
    return before


def team_violations(before: Tournament, pairing: Pairing) -> list[Violation]:
    """The absolute rules a team pairing breaks (see the module docstring)."""
    ev = before.team_event
    assert ev is not None
    r = pairing.round_number
    states = build_team_states(before, r)
    out: list[Violation] = []
    absent = ev.not_paired_in(r)
    seen = Counter[int]()
    for b in pairing.boards:
        seen.update((b.white, b.black))
        for tid in (b.white, b.black):
            if tid not in ev.teams:
                out.append(Violation("pairing", r, (tid,), f"unknown team {tid}",
                                     f"équipe inconnue {tid}"))
        if b.white in states and b.black in states[b.white].opponents:
            out.append(Violation("C.04.6 [C1]", r, (b.white, b.black),
                                 f"teams {b.white} and {b.black} have already played each other",
                                 f"les équipes {b.white} et {b.black} se sont déjà rencontrées"))
        if before.is_forbidden(b.white, b.black, r):
            out.append(Violation("260", r, (b.white, b.black),
                                 f"teams {b.white} and {b.black} may not meet (260)",
                                 f"les équipes {b.white} et {b.black} ne peuvent pas se "
                                 "rencontrer (260)"))
    to_pair = [tid for tid in ev.teams if tid not in absent]
    if pairing.bye is not None:
        seen[pairing.bye] += 1
        if pairing.bye in states and not states[pairing.bye].may_get_bye:
            out.append(Violation("C.04.6 [C2]", r, (pairing.bye,),
                                 f"team {pairing.bye} may not get the pairing-allocated bye "
                                 "(it had one, won a match by forfeit or had a full-point bye)",
                                 f"l'équipe {pairing.bye} ne peut pas être exemptée (déjà "
                                 "exemptée, victoire par forfait ou exemption à un point)"))
        if len(to_pair) % 2 == 0:
            out.append(Violation("C.04.6 1.4", r, (pairing.bye,),
                                 "a pairing-allocated bye with an even number of teams",
                                 "une exemption avec un nombre pair d'équipes"))
    for tid, n in sorted(seen.items()):
        if n > 1:
            out.append(Violation("pairing", r, (tid,), f"team {tid} is paired {n} times",
                                 f"l'équipe {tid} est appariée {n} fois"))
        if tid in absent:
            out.append(Violation("GHR 3.3", r, (tid,), f"team {tid} is paired although absent",
                                 f"l'équipe {tid} est appariée alors qu'elle est absente"))
    for tid in sorted(to_pair):
        if tid not in seen:
            out.append(Violation("C.04.6 3.3.1", r, (tid,), f"team {tid} is not paired",
                                 f"l'équipe {tid} n'est pas appariée"))
    return out
