"""Completion checks (1997 art. 2, every pair of the round; 2026 C4) answered from one witness
matching instead of a new maximum matching per question.

The 1997 searches ask, for many candidates in a row, whether a set of players that barely
changes can still all be paired: the rest of the round when a floater meets a candidate (art.
8.2), the bracket and the players left below for each set of transfers (art. 7.1/7.2), the
players below with those moved down (art. 6.4). A :class:`Witness` holds a maximum matching of
one set of players; a question about the set with a few players added or taken out starts from
that matching with those players' partners exposed, and gives each exposed player one augmenting
search (a path of one or three edges on bit sets, else Edmonds' search,
:class:`~swisspairing.matching.bitpaths.BitMatching`), and stops at the first one without a
path. That answer is exact from any starting matching ``M``: if a perfect matching ``P``
existed, the component of ``M`` xor ``P`` at an exposed player would be a path ending at another
player ``M`` leaves exposed (``P`` leaves nobody exposed), an augmenting path (Berge). Only the
players the change touched are searched from, instead of a new matching of the whole set.

When many players change at once (a hundred transfers), a new greedy matching on bit sets is
built instead: word operations per player rather than a search per exposed player.

Counting first: taking ``k`` players out of a set (or adding ``k``) changes the number a maximum
matching leaves unpaired by at most ``k``, so when that number exceeds ``k`` the answer is no
without any search; and (:func:`colour_limits`) a set with more players limited to White than
players able to take Black (or the reverse) cannot all be paired. Both only answer no when no
matching exists, so the answers do not change; they only spare the failing searches (in rounds
where White won most games, nearly every set the art. 6.4 and art. 7 searches reject).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from ...matching.bitpaths import BitMatching
from ...matching.bitsets import bits, mask_of
from ...matching.gallai import maximum_matching

#: A witness is repaired from the players left without a partner when there are at most this
#: many of them (or 1/64 of the set); beyond, a new matching is built (the same answer).
REPAIR_LIMIT = 16


#: ``(needy, partners)`` bit sets: every player of ``needy`` may only meet players of
#: ``partners``, and ``needy`` and ``partners`` do not meet (1997 art. 2.3/2.4: the players who
#: can only take White, and those who can take Black).
Limit = tuple[int, int]


def colour_limits(can_white: int, can_black: int) -> tuple[Limit, ...]:
    """1997 art. 2.3/2.4 (2026 C3) as counting limits: a player who can only take White can
    only meet a player who can take Black, and two such players never meet; so a set of players
    can only all be paired when it holds at least as many players able to take Black as players
    limited to White (and the same the other way). ``can_white`` / ``can_black``: bit sets of
    the players allowed each colour."""
    return ((can_white & ~can_black, can_black), (can_black & ~can_white, can_white))


class Witness:
    """A maximum matching of the players of ``among`` (a bit set) under ``barred`` (the players
    each one may not meet, himself included), with counting ``limits`` (:data:`Limit`) that a
    set must meet before any search."""

    __slots__ = ("limits", "matching")

    def __init__(self, matching: BitMatching, limits: tuple[Limit, ...] = ()) -> None:
        self.matching = matching
        self.limits = limits

    @classmethod
    def of(cls, barred: Mapping[int, int], ids: Iterable[int] | int,
           limits: tuple[Limit, ...] = ()) -> Witness:
        among = ids if isinstance(ids, int) else mask_of(ids)
        # issue 26: the failed searches' trees left out of the later ones (any maximum
        # matching is a witness)
        matching = BitMatching.__new__(BitMatching)
        matching.barred, matching.among = barred, among
        matching.mate = maximum_matching(bits(among), barred)
        matching.matched = mask_of(matching.mate)
        return cls(matching, limits)

    @property
    def among(self) -> int:
        return self.matching.among

    @property
    def unpaired(self) -> int:
        """How many players of the set every maximum matching leaves unpaired."""
        return self.matching.among.bit_count() - 2 * self.matching.size

    @property
    def perfect(self) -> bool:
        return self.matching.perfect

    def changed(self, add: int = 0, remove: int = 0) -> Witness | None:
        """The set with the players of ``add`` joined and those of ``remove`` taken out (bit
        sets; a player in both is out), if all of them can be paired then (with a perfect
        matching as the new witness); None otherwise."""
        among = (self.among | add) & ~remove
        add, remove = among & ~self.among, self.among & ~among
        if among.bit_count() % 2 or self.unpaired > (add | remove).bit_count():
            return None
        for needy, partners in self.limits:
            # each needy player needs his own partner among ``partners`` (Hall's condition)
            if (among & needy).bit_count() > (among & partners).bit_count():
                return None
        old = self.matching
        mate = dict(old.mate)
        starts = add  # the players without a partner: those added, the partners of those gone
        for x in bits(remove):
            y = mate.pop(x, None)
            if y is not None:
                mate.pop(y, None)
                starts |= (1 << y) & ~remove
        starts |= old.among & ~old.matched & ~remove  # and those the witness left unpaired
        new = BitMatching.__new__(BitMatching)
        new.barred, new.among = old.barred, among
        if starts.bit_count() > max(REPAIR_LIMIT, among.bit_count() // 64):
            # many players to repair from: a new greedy matching on bit sets is cheaper than
            # one augmenting search each (same answer)
            new.mate, new.matched = {}, 0
            new._greedy()
            starts = among & ~new.matched
        else:
            new.mate, new.matched = mate, old.matched & among & ~starts
        # Stop at the first player left without an augmenting path: he stays unpaired in every
        # maximum matching the search reaches, so the set cannot all be paired.
        if new._complete(bits(starts), stop_at_failure=True) and new.perfect:
            return Witness(new, self.limits)
        return None

    def pairable(self, add: int = 0, remove: int = 0) -> bool:
        """Whether the players of the set, with ``add`` joined and ``remove`` taken out, can all
        be paired among themselves."""
        return self.changed(add, remove) is not None
