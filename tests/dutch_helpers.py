"""Hand-made tournaments for the Dutch-system rule tests.

``make`` builds a tournament from the games of each past round, so that a test can write the
history that isolates one rule and pair the next round. Pairing numbers follow the rating
order (no. 1 the strongest), so the A.2 / 1.2 order is (score, id). Colours in docstrings are
written as each player's played sequence (W/B), oldest first.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from history_helpers import Bye, Game, numbered_tournament, record_rounds
from history_helpers import boards as boards  # the rule tests import it from here
from swisspairing.model import Colour, Pairing, Player, RoundEntry, Tournament
from swisspairing.model.results import MIRROR
from swisspairing.model.tournament import ForbiddenGroup
from swisspairing.systems.dutch import DUTCH_2017, DUTCH_2025


def make(
    n: int,
    rounds: list[list[Game | Bye]],
    *,
    total: int | None = 9,
    initial: Colour | None = Colour.WHITE,
    absent: dict[int, str] | None = None,
) -> Tournament:
    """Players 1..n; each past round a list of games (white, black, result) and byes.

    ``absent`` pre-enters, for the round to pair, the players who will not play it (the code
    of their bye), as an arbiter does before pairing (C.04.2 D.4).
    """
    t = record_rounds(numbered_tournament(n, total=total, initial=initial), rounds)
    if absent:
        t.absent[len(rounds) + 1] = dict(absent)
    return t


def pairs(p: Pairing) -> set[frozenset[int]]:
    """The boards without colours."""
    return {frozenset((b.white, b.black)) for b in p.boards}


def P(*items: tuple[int, int]) -> set[frozenset[int]]:
    """``P((1, 2), (3, 4))`` = the pairs {1, 2} and {3, 4}, colours left aside."""
    return {frozenset(i) for i in items}


def pair17(t: Tournament) -> Pairing:
    return DUTCH_2017.pair(t)


def pair25(t: Tournament) -> Pairing:
    return DUTCH_2025.pair(t)


def round_one(n: int, forbidden: tuple[tuple[int, int], ...] = (),
              acceleration: dict[int, float] | None = None) -> Tournament:
    """Round 1 of ``n`` players; ``forbidden`` pairs may not meet; ``acceleration`` adds
    fictitious points to the pairing score of round 1."""
    t = make(n, [])
    for a, b in forbidden:
        t.forbidden_pairs.append(ForbiddenGroup(frozenset((a, b))))
    if acceleration:
        t.acceleration = {pid: [v] for pid, v in acceleration.items()}
    return t


def duel(histories: dict[int, list[str]], *, total: int = 9,
         initial: Colour = Colour.WHITE) -> Tournament:
    """Players ``histories`` keys (pairing numbers, small), each against fresh fillers."""
    t = Tournament(total_rounds=total, initial_colour=initial)
    for pid in histories:
        t.players[pid] = Player(pid, f"Player {pid:02d}", rating=2500 - 10 * pid)
    filler = 100
    rounds = max(len(h) for h in histories.values())
    for pid, tokens in histories.items():
        for r, tok in enumerate(tokens, start=1):
            if tok in ("Z", "F", "H"):
                t.players[pid].set_entry(r, RoundEntry.bye(tok))
                continue
            filler += 1
            t.players[filler] = Player(filler, f"Filler {filler}", rating=1000)
            colour = Colour.WHITE if tok[0] == "W" else Colour.BLACK
            t.players[pid].set_entry(r, RoundEntry.game(filler, colour, tok[1]))
            t.players[filler].set_entry(
                r, RoundEntry.game(pid, colour.opposite, MIRROR[tok[1]]))
    t.absent[rounds + 1] = {f: "Z" for f in t.players if f >= 100}
    return t


def duel_pair(system: object, t: Tournament) -> Pairing:
    """Pair the round after the histories (explicitly: a history of byes only is not yet a
    paired round for :attr:`Tournament.next_round`)."""
    return system.pair(t, max(t.absent))  # type: ignore[attr-defined, no-any-return]

def with_byes_round(t: Tournament, round_number: int) -> Tournament:
    """Every player had a full-point bye in ``round_number`` (a round with no game: under A.4
    a downfloat for everybody, and no upfloat)."""
    for p in t.players.values():
        p.set_entry(round_number, RoundEntry.bye("F"))
    return t


# Histories shared by the 2017 and 2025 tests (derivations in test_dutch_2017_rules.py).
C3_ROUNDS = [
    [(1, 5, "1"), (3, 6, "1"), (7, 2, "0"), (8, 4, "0")],
    [(1, 6, "1"), (3, 5, "1"), (7, 4, "0"), (8, 2, "0")],
]

TOP_ROUNDS = [
    [(1, 3, "1"), (2, 4, "1"), (5, 6, "=")],
    [(1, 5, "1"), (2, 6, "1"), (3, 4, "=")],
]

PPB_ROUNDS = [
    [(1, 4, "1"), (2, 3, "1"), (5, 6, "=")],
    [(1, 2, "="), (3, 5, "1"), (4, 6, "1")],
]

C11_ROUNDS = [
    [(5, 1, "0"), (4, 6, "1"), (3, 7, "+"), (8, 2, "0")],
    [(1, 6, "+"), (5, 4, "0"), (8, 3, "0"), (2, 7, "1")],
]

C12_ROUNDS = [
    [(1, 5, "1"), (2, 6, "1"), (3, 7, "1"), (4, 8, "1")],
    [(4, 2, "0"), (6, 1, "0"), (5, 3, "0"), (7, 8, "1")],
]

C13_ROUNDS = [
    [(1, "F"), (2, "Z"), (3, "Z"), (4, "F"), (5, "Z"), (6, "F")],
    [(2, 6, "1"), (4, 1, "0"), (3, 5, "1")],
]

C14_ROUNDS = [
    [(1, 4, "1"), (5, 2, "0"), (6, 8, "1"), (7, "F"), (3, "Z")],
    [(6, 1, "1"), (2, 7, "0"), (3, 4, "1"), (5, 8, "=")],
]
C8_HISTORY = {1: ["W1", "W1", "B1", "W1"], 2: ["W1", "B1", "W1", "F"],
               3: ["W1", "W1", "B1", "W1"], 4: ["B1", "W1", "B1", "F"]}
C9_HISTORY = {1: ["B1", "W1", "W1"], 2: ["W1", "B1", "W1"],
               3: ["B1", "W1", "W1"], 4: ["B1", "W1", "B1"]}
C17_ROUNDS = [
    [(1, "F"), (2, "H"), (7, "H"), (5, "F"), (3, "Z"), (4, "Z"), (6, "Z"), (8, "Z")],
    [(1, 6, "1"), (2, 7, "1"), (5, 3, "0"), (8, 4, "0")],
]


def c17_tournament() -> Tournament:
    t = make(8, C17_ROUNDS)
    t.forbidden_pairs.append(ForbiddenGroup(frozenset((1, 2))))
    return t


C16_ROUNDS = [
    [(1, "F"), (2, "F"), (4, "F"), (3, "F"), (6, "H"), (5, "Z")],
    [(1, 4, "1"), (2, 5, "1"), (6, 3, "=")],
]


def c16_tournament() -> Tournament:
    t = make(6, C16_ROUNDS)
    t.forbidden_pairs.append(ForbiddenGroup(frozenset((1, 2))))
    return t


#: the only pairs allowed in the D.2 c test (every other pair of 1..8 is forbidden)
D2C_ALLOWED = ((3, 4), (6, 7), (1, 5), (2, 8), (1, 3), (2, 6), (4, 7), (5, 8))


def d2c_tournament() -> Tournament:
    allowed = {frozenset(e) for e in D2C_ALLOWED}
    forbidden = tuple((a, b) for a in range(1, 9) for b in range(a + 1, 9)
                      if frozenset((a, b)) not in allowed)
    return round_one(8, forbidden)


# --- A literal reading of B.3, B.6, B.7, D.1 and D.2, for round-1 brackets only ----------------
# In round 1 nobody has a colour preference or a float, so a candidate that pairs everybody it
# can (MaxPairs pairs, legal by C.1) is perfect (B.4) and the answer is the first such candidate
# in the generation order. These functions generate that order literally (slow, tiny brackets).
def resident_exchanges(s1: list[int], s2: list[int]
                       ) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """D.2: exchanges (moved from S1, moved from S2) sorted by a) how many BSNs, b) sum moved
    S2->S1 minus sum moved S1->S2, c) the highest different BSN moved S1->S2 (higher first),
    d) the lowest different BSN moved S2->S1 (lower first)."""
    out = []
    for k in range(1, min(len(s1), len(s2)) + 1):
        for xs in itertools.combinations(s1, k):
            for ys in itertools.combinations(s2, k):
                key = (k, sum(ys) - sum(xs), tuple(-v for v in sorted(xs, reverse=True)),
                       tuple(sorted(ys)))
                out.append((key, xs, ys))
    out.sort(key=lambda e: e[0])
    return [(xs, ys) for _, xs, ys in out]


def homogeneous_candidates(players: list[int]) -> Iterator[list[tuple[int, int]]]:
    """B.6 with D.1 then D.2 on a homogeneous bracket or remainder (fresh BSNs 1, 2, ...): every
    candidate's MaxPairs pairs (S1 player, S2 player), in the generation order."""
    bsn = {i + 1: p for i, p in enumerate(players)}
    n1 = len(players) // 2
    s1o, s2o = list(bsn)[:n1], list(bsn)[n1:]
    for xs, ys in [((), ()), *resident_exchanges(s1o, s2o)]:
        s1 = sorted(set(s1o) - set(xs) | set(ys))
        s2 = sorted(set(s2o) - set(ys) | set(xs))
        for perm in dict.fromkeys(itertools.permutations(s2, n1)):  # D.1 order, no repeats
            yield [(bsn[a], bsn[b]) for a, b in zip(s1, perm, strict=True)]


def first_homogeneous(players: list[int], allowed: set[frozenset[int]]
                      ) -> set[frozenset[int]] | None:
    """The first candidate of a homogeneous bracket whose MaxPairs pairs are all allowed."""
    for candidate in homogeneous_candidates(players):
        pairs = {frozenset(p) for p in candidate}
        if pairs <= allowed:
            return pairs
    return None


def first_heterogeneous(mdps: list[int], residents: list[int], allowed: set[frozenset[int]]
                        ) -> set[frozenset[int]] | None:
    """B.3 / B.7 when every MDP can be paired (M1 = M0, no Limbo): MDP-pairings in the D.1
    order of S2; for each, the remainder's own sequence (B.6) before the next MDP-pairing."""
    k = len(mdps)
    for perm in dict.fromkeys(itertools.permutations(residents, k)):
        mdp_pairs = {frozenset(p) for p in zip(mdps, perm, strict=True)}
        if not mdp_pairs <= allowed:
            continue
        rest = first_homogeneous([r for r in residents if r not in perm], allowed)
        if rest is not None:
            return mdp_pairs | rest
    return None
