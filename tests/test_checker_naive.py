"""A small test-only pairing system for the checker and generator tests, and its own tests.

It is deliberately simple (it is not a FIDE system): players in score order (then pairing
number), each paired with the first later player it has not played whose colours stay within
the absolute limits of C.04.1 f/g, with backtracking; the pairing-allocated bye goes to the
lowest-ranked player who may receive it (C.04.1 d, 2026 Art. 4). Colours: the player with the
lower colour difference gets White, ties alternate from the last colour, no history at all
gives player 1's board the initial colour by pairing-number parity.
"""

from __future__ import annotations

from swisspairing.checker.violations import absolute_violations, bye_rule_2026
from swisspairing.errors import NoValidPairing
from swisspairing.model import Board, Colour, Pairing, PlayerState, Tournament, build_states


def _fits(st: PlayerState, colour: Colour) -> bool:
    cs = (*st.colours, colour)
    cd = sum(1 if c is Colour.WHITE else -1 for c in cs)
    return abs(cd) <= 2 and not (len(cs) >= 3 and cs[-1] is cs[-2] is cs[-3])


def _colours(t: Tournament, a: PlayerState, b: PlayerState) -> Board | None:
    """a is the higher ranked player; returns the board or None if no colours fit."""
    if a.colour_difference != b.colour_difference:
        first = a if a.colour_difference < b.colour_difference else b
    elif a.last_colour is not None and a.last_colour is not b.last_colour:
        first = b if a.last_colour is Colour.WHITE else a
    else:
        initial = t.initial_colour or Colour.WHITE
        white_first = (initial is Colour.WHITE) == (a.id % 2 == 1)
        first = a if white_first else b
    second = b if first is a else a
    for w, k in ((first, second), (second, first)):
        if _fits(w, Colour.WHITE) and _fits(k, Colour.BLACK):
            return Board(w.id, k.id)
    return None


class NaiveSystem:
    """The test-only system described in the module docstring."""

    name = "naive"

    def pair(self, tournament: Tournament, round_number: int | None = None,
             explain: object = None) -> Pairing:
        t = tournament
        r = round_number or t.next_round
        states = build_states(t, r)
        absent = t.not_paired_in(r)
        order = sorted((p for p in t.players if p not in absent),
                       key=lambda p: (-states[p].score, p))
        candidates: list[int | None] = [None]
        if len(order) % 2:
            candidates = [p for p in reversed(order) if bye_rule_2026(states[p], t.point_system)]
        for bye in candidates:
            rest = [p for p in order if p != bye]
            boards = self._match(t, r, rest, states)
            if boards is not None:
                return Pairing(r, boards, bye, dict(absent))
        raise NoValidPairing(f"naive: no pairing for round {r}")

    def _match(self, t: Tournament, r: int, rest: list[int],
               states: dict[int, PlayerState]) -> list[Board] | None:
        if not rest:
            return []
        a, others = rest[0], rest[1:]
        for i, b in enumerate(others):
            if b in states[a].opponents or t.is_forbidden(a, b, r):
                continue
            board = _colours(t, states[a], states[b])
            if board is None:
                continue
            tail = self._match(t, r, others[:i] + others[i + 1:], states)
            if tail is not None:
                return [board, *tail]
        return None


NAIVE = NaiveSystem()


def test_naive_pairs_score_order_and_respects_absolute_rules() -> None:
    """Round 1 of 5 players: the bye goes to the last player (5), then 1-2 and 3-4 in order;
    player 1 has White (initial colour white1, odd number). No absolute rule is broken."""
    t = Tournament(total_rounds=3, initial_colour=Colour.WHITE)
    from swisspairing.model import Player

    for i in range(1, 6):
        t.players[i] = Player(i, f"P{i}", 2000 - i)
    p = NAIVE.pair(t, 1)
    assert p.bye == 5
    assert p.boards == [Board(1, 2), Board(3, 4)]
    assert absolute_violations(t, p) == []
