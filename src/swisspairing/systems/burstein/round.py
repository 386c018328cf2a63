"""One Burstein round being paired: compatibility (C1, C3, forbidden pairs), completion (C4)
and the pairing-allocated bye (3.1).

Compatibility is held as one bit set per player (the players it may *not* meet), so that the
completion questions asked for every bracket (can these players all be paired?) are answered by
a greedy matching on bit sets and, only where the greedy one leaves players out, Edmonds'
augmenting paths.
"""

from __future__ import annotations

from collections.abc import Iterable

from ...errors import NoValidPairing
from ...matching.bitsets import BitGraph, bits, mask_of
from ...matching.gallai import maximum_matching, perfect
from ...model import Colour, Tournament
from ..explain import Explanation, fr_number
from .players import BursteinPlayer, ranking_key


class BursteinRound:
    """One Burstein round being paired: the players and the compatibility of C1, C3."""

    def __init__(self, tournament: Tournament, round_number: int,
                 players: dict[int, BursteinPlayer], explain: Explanation | None) -> None:
        self.tournament = tournament
        self.round_number = round_number
        self.players = players
        self.explain = explain
        #: per player, the bit set of the players it may not meet (itself included)
        self.barred = self._barred()
        self.graph = BitGraph(self.barred)
        self._matchings: dict[int, dict[int, int]] = {}

    def _barred(self) -> dict[int, int]:
        """C1 no rematch; C3 not two players with the same absolute colour preference (no
        topscorer exception); and the pairs the tournament forbids (XXP/260)."""
        ps = self.players
        absolute = {c: mask_of(p.id for p in ps.values()
                               if p.absolute and p.preference is c)
                    for c in (Colour.WHITE, Colour.BLACK)}
        barred = {}
        for pid, p in ps.items():
            m = (1 << pid) | mask_of(p.opponents)
            if p.absolute and p.preference is not None:
                m |= absolute[p.preference]
            barred[pid] = m
        for pid, partners in self.tournament.forbidden_partners(self.round_number, ps).items():
            barred[pid] |= partners
        return barred

    def note(self, en: str, fr: str, level: int = 0, rule: str = "") -> None:
        if self.explain is not None:
            self.explain.add(en, fr, level=level, rule=rule)

    def compatible(self, a: int, b: int) -> bool:
        """C1, C3 and the forbidden pairs allow a and b to meet."""
        return not (self.barred[a] >> b) & 1

    def matching(self, ids: Iterable[int]) -> dict[int, int]:
        """A maximum matching of ``ids`` under C1-C3 (a both-ways partner map; not to be
        modified: it is kept per set of players, the same sets being asked about several times
        per bracket; :func:`~swisspairing.matching.gallai.maximum_matching` depends on the set
        only, not on its order, and drops the trees of its failed searches: issue 26)."""
        key = mask_of(ids)
        found = self._matchings.get(key)
        if found is None:
            found = self._matchings[key] = maximum_matching(bits(key), self.barred)
        return found

    def completable(self, ids: Iterable[int]) -> bool:
        """C4: the players can all be paired among themselves under C1-C3."""
        return perfect(ids, self.barred)

    # --- the PAB (3.1) ------------------------------------------------------------------------
    def choose_bye(self, ids: list[int]) -> int:
        """3.1: the PAB goes to the player who 3.1.1 is eligible (C2), 3.1.2 leaves the others
        completable (C4), 3.1.3 has the lowest score, 3.1.4 has played the most games and
        3.1.5 is the lowest in the ranking of 1.8 (lowest Index, then largest TPN)."""
        ps = self.players
        order = sorted(ids, key=lambda i: (ps[i].score, -ps[i].games,
                                           tuple(-x for x in ranking_key(ps[i]))))
        barred: list[int] = []  # C2
        blocking: list[int] = []  # C4
        for pid in order:
            if not ps[pid].bye_eligible:
                barred.append(pid)
                continue
            if not self.completable(i for i in ids if i != pid):
                blocking.append(pid)
                continue
            p = ps[pid]
            skipped_en = skipped_fr = ""
            if barred:
                skipped_en += f"; before it, not eligible (C2): {id_list(barred)}"
                skipped_fr += f" ; avant lui, non éligibles (C2) : {id_list(barred)}"
            if blocking:
                skipped_en += ("; the others could not all be paired without: "
                               f"{id_list(blocking)}")
                skipped_fr += (f" ; les autres ne seraient pas tous appariables sans : "
                               f"{id_list(blocking)}")
            self.note(f"Pairing-allocated bye: player {pid} (lowest score {p.score / 10:g}, "
                      f"then most games {p.games}, then lowest Index {p.index.text()}"
                      f"{skipped_en})",
                      f"Exemption : joueur {pid} (plus petit score "
                      f"{fr_number(p.score / 10)}, puis le plus de parties {p.games}, "
                      f"puis plus petit indice {p.index.text()}"
                      f"{skipped_fr})", rule="3.1")
            return pid
        raise NoValidPairing(f"round {self.round_number}: no player can receive the "
                             "pairing-allocated bye and leave the others pairable (3.1, C2, C4)")


def id_list(ids: Iterable[int]) -> str:
    return " ".join(str(i) for i in ids) or "-"
