"""The players of a Lim round: compatibility (art. 9.1, 12.1 a-b, 13) as bit sets, due colours
(art. 12), bye eligibility (art. 8.1, Basic Rule 4) and the floats of the past (art. 10.9,
10.10)."""

from __future__ import annotations

from collections.abc import Iterable

from ...matching.bitpaths import BitMatching
from ...matching.bitsets import mask_of
from ...model import Colour, PlayerState, Tournament, build_states
from ...model.results import ResultKind

WHITE, BLACK = Colour.WHITE, Colour.BLACK


class LimPlayers:
    """The players of the round to pair and what the rules say about each of them and about two
    of them (art. 8.1, 9.1, 10.9, 10.10, 12.1-12.6, 13): one object, passed to the steps."""

    def __init__(self, t: Tournament, r: int) -> None:
        self.t = t
        self.r = r
        self.states: dict[int, PlayerState] = build_states(t, r)
        self.unpaired = t.not_paired_in(r)
        self.ids = sorted(p for p in t.players if p not in self.unpaired)
        self.last_round = t.total_rounds is not None and r >= t.total_rounds
        self.score = {p: self.states[p].pairing_score for p in self.ids}
        #: per player, the bit set of the players he may not meet (himself included)
        self.barred: dict[int, int] = self._compatibility()
        self.due = {p: self.due_colour(p) for p in self.ids}

    # --- art. 9.1, 12.1, 13: compatibility ----------------------------------------------------
    def colour_allowed(self, pid: int, colour: Colour) -> bool:
        """Art. 12.1 a-b (Basic Rules 6-7): no third same colour in a row, no colour three
        times more than the other."""
        cols = self.states[pid].colours
        if len(cols) >= 2 and cols[-1] is colour and cols[-2] is colour:
            return False
        cd = self.states[pid].colour_difference + (1 if colour is WHITE else -1)
        return -2 <= cd <= 2

    def colours_ok(self, white: int, black: int) -> bool:
        return self.colour_allowed(white, WHITE) and self.colour_allowed(black, BLACK)

    def _compatibility(self) -> dict[int, int]:
        """Art. 9.1, 12.1, 13: per player, the bit set of the players he may not meet (himself
        included; the complement of :meth:`compatible`): those met before (either way), the
        forbidden pairs, and those with whom no colour allocation keeps both within 12.1 a-b
        (except, art. 13, on the same score in the last round). Kept as bit sets (one int per
        player, not a set of thousands of partners) for the matchings of the whole round."""
        ids = self.ids
        everyone = mask_of(ids)
        can_white = mask_of(i for i in ids if self.colour_allowed(i, WHITE))
        can_black = mask_of(i for i in ids if self.colour_allowed(i, BLACK))
        same_score: dict[float, int] = {}
        for i in ids:
            sc = self.states[i].pairing_score
            same_score[sc] = same_score.get(sc, 0) | (1 << i)
        barred = {}
        for a in ids:
            partners = ((can_black if (can_white >> a) & 1 else 0)
                        | (can_white if (can_black >> a) & 1 else 0))
            if self.last_round:
                partners |= same_score[self.states[a].pairing_score]
            barred[a] = (1 << a) | mask_of(self.states[a].opponents) | (everyone & ~partners)
        for a in ids:  # met before, whichever side recorded it
            for o in self.states[a].opponents:
                if o in barred:
                    barred[o] |= 1 << a
        for pid, partners in self.t.forbidden_partners(self.r, barred).items():
            barred[pid] |= partners
        return barred

    def meets(self, a: int, b: int) -> bool:
        """Whether ``a`` and ``b`` are compatible (art. 9.1; :meth:`compatible`), on the bit
        sets."""
        return not (self.barred[a] >> b) & 1

    def pairs_among(self, players: Iterable[int] | int) -> int:
        """The largest number of compatible pairs among ``players`` (ids or a bit set)."""
        return BitMatching.of(self.barred, players).size

    def pairs_without(self, players: Iterable[int] | int) -> PairsWithout:
        """:class:`PairsWithout` for the set ``players`` (art. 10.1, 11.4)."""
        return PairsWithout(BitMatching.of(self.barred, players))

    def compatible(self, a: int, b: int) -> bool:
        """Art. 9.1: not met before, and some colour allocation breaks neither 12.1 a nor b.

        Art. 13: in the last round two players on the same score may be paired even if one of
        them then breaks 12.1 a or b. Forbidden pairs (XXP/260) are never compatible.
        """
        sa, sb = self.states[a], self.states[b]
        if b in sa.opponents or a in sb.opponents or self.t.is_forbidden(a, b, self.r):
            return False
        if self.last_round and sa.pairing_score == sb.pairing_score:
            return True
        return self.colours_ok(a, b) or self.colours_ok(b, a)

    # --- art. 12: due colours -------------------------------------------------------------
    def due_colour(self, pid: int) -> Colour | None:
        """The colour a player should get (art. 12.1, 12.3, 12.5, 12.6; None: no game yet).

        Same colour in the two previous games or a difference of 2: the other colour (12.3,
        12.1 b). Even rounds: the equalising colour, alternating when balanced (12.6). Odd
        rounds: the alternating colour (12.5).
        """
        s = self.states[pid]
        if not s.colours:
            return None
        last = s.colours[-1]
        cd = s.colour_difference
        if s.same_colour_streak() >= 2:
            return last.opposite
        if cd >= 2:
            return BLACK
        if cd <= -2:
            return WHITE
        if self.r % 2 == 0 and cd != 0:
            return BLACK if cd > 0 else WHITE
        return last.opposite

    def is_absolute(self, pid: int) -> bool:
        s = self.states[pid]
        return bool(s.colours) and (
            s.same_colour_streak() >= 2 or abs(s.colour_difference) >= 2
        )

    def colour_good(self, a: int, b: int) -> bool:
        """Both players can get their due colour (art. 12.2)."""
        da, db = self.due[a], self.due[b]
        return da is None or db is None or da is not db

    # --- art. 8.1: the bye --------------------------------------------------------------------
    def bye_eligible(self, pid: int) -> bool:
        """Basic Rule 4 (2026; C.04.1 d before): no PAB for a player who already had one or
        scored a win's points in a round without playing."""
        win = self.t.point_system.win
        for rec in self.states[pid].rounds:
            if rec.kind is ResultKind.PAIRING_BYE:
                return False
            if not rec.is_played and rec.points >= win > 0:
                return False
        return True

    # --- art. 10.9, 10.10: floats of the past -------------------------------------------------
    def floated_before(self, pid: int, down: bool) -> bool:
        """Has the player already floated in this direction (art. 10.9 types a and b)?"""
        for rec in self.states[pid].rounds:
            if rec.is_played and rec.opponent_score_before is not None:
                if down and rec.opponent_score_before < rec.score_before:
                    return True
                if not down and rec.opponent_score_before > rec.score_before:
                    return True
        return False

    def floated_last_round(self, pid: int) -> bool:
        """Art. 10.10: floated (either way) in the previous round."""
        rounds = self.states[pid].rounds
        if not rounds:
            return False
        rec = rounds[-1]
        return (
            rec.is_played
            and rec.opponent_score_before is not None
            and rec.opponent_score_before != rec.score_before
        )


class PairsWithout:
    """For a set of players, called with one of them ``p``: the largest number of compatible
    pairs among the others (art. 10.1, 11.4: may ``p`` float and the group still make as many
    pairs?), from one maximum matching ``M`` of the set instead of one new matching per ``p``.
    If ``M`` leaves ``p`` alone, ``M`` itself pairs the others: the same number. Otherwise
    ``M`` without ``p``'s pair has one pair less and leaves his partner ``q`` alone; an
    augmenting path for it must end at ``q`` (one joining two players ``M`` leaves alone
    would augment ``M``, which is maximum), so one search from ``q`` decides (Berge;
    :meth:`BitMatching.without` with ``p`` twice). :meth:`remove` takes the floater chosen out
    of the set, keeping a maximum matching of the players left.

    :meth:`keeps` asks only whether the others still make as many pairs as the whole set
    (the question of 10.1 / 11.4) and remembers each player refused. A refusal stays true
    while the floaters removed keep that number (issue 26, docs/lim.md): with ``G`` the set,
    ``k`` its pairs, ``q`` refused (``G - q`` makes at most ``k - 1`` pairs) and ``p``
    removed with ``G - p`` still making ``k``, ``G - p - q`` is a part of ``G - q`` and
    makes at most ``k - 1`` pairs, fewer than ``G - p``: ``q`` is refused again. So a
    refused candidate is never searched twice; :meth:`remove` forgets the refusals only if
    the set loses a pair."""

    __slots__ = ("kept", "matching", "refused")

    def __init__(self, matching: BitMatching) -> None:
        self.matching = matching
        self.refused: set[int] = set()
        #: the matching without the last player found to keep the pairs (reused by remove)
        self.kept: tuple[int, BitMatching] | None = None

    def __call__(self, p: int) -> int:
        m = self.matching
        return m.without(p, p).size if p in m.mate else m.size

    def keeps(self, p: int) -> bool:
        """Whether the set without ``p`` still makes as many pairs as the whole set."""
        if p in self.refused:
            return False
        m = self.matching
        if p not in m.mate:
            return True
        new = m.without(p, p)
        if new.size == m.size:
            self.kept = (p, new)
            return True
        self.refused.add(p)
        return False

    def remove(self, p: int) -> None:
        old = self.matching
        if self.kept is not None and self.kept[0] == p:
            self.matching = self.kept[1]
        else:
            self.matching = old.without(p, p)
        self.kept = None
        if self.matching.size < old.size:
            self.refused.clear()
