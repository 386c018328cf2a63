"""Helpers for the Burstein tests: hand-made players, tournaments and an exhaustive reference.

The exhaustive reference (:func:`naive_round`) pairs a round bracket by bracket straight from
the text (``../shared/rules/burstein.md``): it lists every bracket pairing, keeps those that
leave the rest pairable (C4) with the most pairs (C5), then takes the best by C6, C7, C8 and the
first in the order of 4.3. It shares nothing with the engine but the player objects, the
compatibility test of C1/C3 and the ranking key of 1.8 (which the tests check on their own).
"""

from __future__ import annotations

from collections.abc import Iterator

from history_helpers import numbered_tournament, record_bye, record_game
from swisspairing.model import Colour, Tournament
from swisspairing.model.state import PlayerState
from swisspairing.systems.burstein import (
    BursteinPlayer,
    BursteinRound,
    Index,
    burstein_players,
    ranking_key,
)
from swisspairing.systems.burstein.weights import matched_bracket

W, B = Colour.WHITE, Colour.BLACK


def bp(pid: int, score: float = 0.0, *, bh: float = 0.0, sb: float = 0.0, colours: str = "",
       met: tuple[int, ...] = (), bye_ok: bool = True) -> BursteinPlayer:
    """A player: ``colours`` is the played-colour history ("WB" = White then Black)."""
    cols = tuple(W if c == "W" else B for c in colours)
    pref = PlayerState(pid, 0, score, score, cols, frozenset(met), ()).preference
    return BursteinPlayer(id=pid, score=round(score * 10), index=Index(round(bh * 10),
                          round(sb * 100)), colours=cols, opponents=frozenset(met),
                          preference=pref.colour, strength=pref.strength, bye_eligible=bye_ok)


def met_each_other(players: list[BursteinPlayer], *pairs: tuple[int, int]) -> list[BursteinPlayer]:
    """The players with ``pairs`` added to their opponents (both ways)."""
    extra: dict[int, set[int]] = {}
    for a, b in pairs:
        extra.setdefault(a, set()).add(b)
        extra.setdefault(b, set()).add(a)
    out = []
    for p in players:
        out.append(BursteinPlayer(p.id, p.score, p.index, p.colours,
                                  p.opponents | frozenset(extra.get(p.id, ())), p.preference,
                                  p.strength, p.bye_eligible))
    return out


def round_of(players: list[BursteinPlayer], round_number: int = 5) -> BursteinRound:
    return BursteinRound(Tournament(total_rounds=9), round_number, {p.id: p for p in players}, None)


def new_tournament(n: int, total: int = 9, initial: Colour = W) -> Tournament:
    """Players 1..n rated from 2590 down, no round played."""
    return numbered_tournament(n, total=total, initial=initial, top_rating=2600)


#: a game of round ``r``; ``code`` is White's result (1 = 0 + -)
game = record_game
#: a bye of round ``r``
bye = record_bye


# --------------------------------------------------------------------------------------------
# Exhaustive reference
# --------------------------------------------------------------------------------------------
class Descent:
    """The brackets of a round from the top, as the engine meets them (4.1-4.2): each bracket
    is the players floated from the bracket above (``floaters``, which the caller sets after
    looking at a bracket) and a scoregroup, in the ranking order of 1.8; ``following`` the next
    scoregroup, ``below`` the players under it. A player is set aside for the bye first when
    the round has an odd number of players."""

    def __init__(self, rnd: BursteinRound) -> None:
        players = rnd.players
        ids = sorted(players)
        if len(ids) % 2:
            ids.remove(rnd.choose_bye(ids))
        self.rnd = rnd
        self.scores = sorted({players[i].score for i in ids}, reverse=True)
        self.groups = {s: [i for i in ids if players[i].score == s] for s in self.scores}
        self.floaters: list[int] = []

    def brackets(self) -> Iterator[tuple[int, list[int], list[int], list[int]]]:
        """(score, bracket, following, below) of each bracket, top first."""
        players = self.rnd.players
        self.floaters = []
        for k, score in enumerate(self.scores):
            bracket = sorted(self.floaters + self.groups[score],
                             key=lambda i: ranking_key(players[i]))
            following = self.groups[self.scores[k + 1]] if k + 1 < len(self.scores) else []
            below = [i for s in self.scores[k + 2:] for i in self.groups[s]]
            yield score, bracket, following, below


def next_round(t: Tournament) -> BursteinRound:
    """The round after the last one ``t`` has paired, as the engine sees it."""
    r = t.rounds_paired + 1
    return BursteinRound(t, r, burstein_players(t, r), None)


def weighed_brackets(rnd: BursteinRound
                     ) -> Iterator[tuple[int, list[int], list[int], list[int], dict[int, int]]]:
    """(score, bracket, following, below, the full weights' mate) of each bracket of the
    round (:class:`Descent`), the weights' floaters going down (the general method, 4.1-4.2)."""
    descent = Descent(rnd)
    for score, bracket, following, below in descent.brackets():
        mate, _, _ = matched_bracket(rnd, bracket, following, below)
        yield score, bracket, following, below, mate
        inside = set(bracket)
        descent.floaters = [a for a in bracket if mate[a] not in inside]


def partial_matchings(ids: list[int], rnd: BursteinRound) -> Iterator[tuple[list[tuple[int, int]],
                                                                     list[int]]]:
    """Every (pairs, unpaired) of ``ids`` with compatible pairs (C1, C3)."""
    if not ids:
        yield [], []
        return
    first, rest = ids[0], ids[1:]
    for pairs, left in partial_matchings(rest, rnd):
        yield pairs, [first, *left]
    for i, other in enumerate(rest):
        if rnd.compatible(first, other):
            for pairs, left in partial_matchings(rest[:i] + rest[i + 1:], rnd):
                yield [(first, other), *pairs], left


def perfect(ids: list[int], rnd: BursteinRound) -> bool:
    return any(not left for _, left in partial_matchings(ids, rnd))


def next_bracket_quality(floaters: list[int], following: list[int], below: list[int],
                         rnd: BursteinRound) -> tuple[int, tuple[int, ...]]:
    """C7 as ``../shared/cases/burstein/README.md`` reads it: the following bracket's most
    pairs (its C5, its own C4 holding), then its floaters' scores, descending (its C6)."""
    ps = rnd.players
    members = sorted(floaters + following, key=lambda i: ranking_key(ps[i]))
    best: tuple[int, tuple[int, ...]] | None = None
    for pairs, left in partial_matchings(members, rnd):
        if not perfect(left + below, rnd):
            continue
        key = (-len(pairs), tuple(sorted((ps[i].score for i in left), reverse=True)))
        if best is None or key < best:
            best = key
    assert best is not None
    return best


def naive_bracket(bracket: list[int], following: list[int], below: list[int], rnd: BursteinRound
                  ) -> tuple[list[tuple[int, int]], list[int]]:
    ps = rnd.players
    bsn = {pid: n for n, pid in enumerate(bracket, start=1)}
    best = None
    for pairs, left in partial_matchings(bracket, rnd):
        if not perfect(left + following + below, rnd):  # C4
            continue
        c5 = -len(pairs)
        c6 = tuple(sorted((ps[i].score for i in left), reverse=True))
        c7 = next_bracket_quality(left, following, below, rnd) if following else (0, ())
        c8 = sum(ps[a].preference is not None and ps[a].preference is ps[b].preference
                 for a, b in pairs)
        opponent = {pid: 0 for pid in bracket}
        for a, b in pairs:
            opponent[a], opponent[b] = bsn[b], bsn[a]
        order = tuple(-opponent[pid] for pid in bracket)  # 4.3: larger BSN first, 0 last
        key = (c5, c6, c7, c8, order)
        if best is None or key < best[0]:
            best = (key, pairs, left)
    assert best is not None
    return best[1], best[2]


def naive_round(rnd: BursteinRound) -> set[frozenset[int]]:
    """The pairs of the round (no PAB: an even number of players), bracket by bracket."""
    ps = rnd.players
    scores = sorted({p.score for p in ps.values()}, reverse=True)
    groups = {s: sorted(i for i in ps if ps[i].score == s) for s in scores}
    incoming: list[int] = []
    out: set[frozenset[int]] = set()
    for k, s in enumerate(scores):
        bracket = sorted(incoming + groups[s], key=lambda i: ranking_key(ps[i]))
        following = groups[scores[k + 1]] if k + 1 < len(scores) else []
        below = [i for t in scores[k + 2:] for i in groups[t]]
        pairs, incoming = naive_bracket(bracket, following, below, rnd)
        out.update(frozenset(p) for p in pairs)
    assert not incoming
    return out
