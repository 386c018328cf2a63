"""The Dubov systems: the round (bye, scoregroups from the top), the 2026 brackets with their
upfloaters (3.2.1/3.2.2, C5-C10) and the 1997 brackets with floaters, transfers and players
moved down (art. 6-8)."""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from ...errors import NoValidPairing
from ...matching.bitsets import mask_of
from ...model import Colour, Pairing, ResultKind, Tournament, build_states
from ..explain import Explanation, fr_number
from .completion import Witness, colour_limits
from .players import DubovPlayer, allowed_colours, average_rating_of_opponents, due_colour
from .round import DubovRound, id_list
from .rules import DUBOV_1997_RULES, DUBOV_2026_RULES, DubovRules, tpns_2026
from .upfloaters import choose_upfloaters, first_valid_set

WHITE, BLACK = Colour.WHITE, Colour.BLACK


@dataclass(frozen=True)
class DubovSystem:
    """A Dubov pairing system; ``rules`` says which text (1997 or 2026)."""

    name: str
    rules: DubovRules

    def pair(self, tournament: Tournament, round_number: int | None = None,
             explain: Explanation | None = None) -> Pairing:
        """Pair ``round_number`` (default: the next round); see :meth:`pair_detailed`."""
        return self.pair_detailed(tournament, round_number, explain)[0]

    def pair_detailed(self, tournament: Tournament, round_number: int | None = None,
                      explain: Explanation | None = None) -> tuple[Pairing, set[int], set[int]]:
        """The pairing, the players moved down (1997 art. 6.4) and those moved up into a
        higher bracket (1997 art. 7.1/7.2; 2026 upfloaters, 1.3.2)."""
        r = tournament.next_round if round_number is None else round_number
        rnd = self._round(tournament, r, explain)
        absent = tournament.not_paired_in(r)
        ids = sorted(rnd.players)
        pairing = Pairing(r, unpaired=dict(absent))
        remaining = set(ids)
        if len(ids) % 2:
            bye = self._choose_bye(rnd, remaining)  # 2026 1.9.2: the PAB first
            pairing.bye = bye
            remaining.discard(bye)
        elif not rnd.pairable(remaining):
            raise NoValidPairing(f"round {r}: no pairing satisfies the absolute criteria "
                                 f"({self.rules.rule_legal})")
        pairs = self._pair_groups(rnd, remaining)
        for a, b in pairs:
            board, rule, en, fr = rnd.colours(a, b)
            pairing.boards.append(board)
            rnd.note(f"{board.white} - {board.black}: {en}", f"{board.white} - {board.black} : "
                     f"{fr}", level=2, rule=rule)
        return pairing, rnd.moved_down, rnd.moved_up

    # --- set-up ---------------------------------------------------------------------------
    def _round(self, t: Tournament, r: int, explain: Explanation | None) -> DubovRound:
        states = build_states(t, r)
        absent = t.not_paired_in(r)
        ratings = {pid: p.rating for pid, p in t.players.items()}
        rank = self.rules.ranking(t, r)  # 2026 1.2 / 1.2.2 TPN; 1997 art. 5 rating list
        win = t.point_system.win
        players: dict[int, DubovPlayer] = {}
        for pid, st in states.items():
            if pid in absent:
                continue
            pref, strength = due_colour(st.preference)
            can_w, can_b = allowed_colours(st.colours)
            ups = [rec for rec in st.rounds if rec.opponent and
                   rec.opponent_score_before is not None and
                   rec.opponent_score_before > rec.score_before]
            downs = [rec for rec in st.rounds if rec.opponent and
                     rec.opponent_score_before is not None and
                     rec.opponent_score_before < rec.score_before]
            # 2026 C2 (C.04.1 Art. 4): a PAB, or a win's points without playing; 1997 art. 2.2
            # "un point sans jouer": any point scored without playing (half-point bye too).
            bar = 1e-9 if self.rules.bye_bar_any_point else win
            bye_bad = any(
                rec.kind is ResultKind.PAIRING_BYE
                or (not rec.is_played and rec.points >= bar and rec.points > 0)
                for rec in st.rounds
            )
            players[pid] = DubovPlayer(
                id=pid, name=t.players[pid].name, rating=st.rating, rank=rank[pid],
                score=st.pairing_score,
                aro=average_rating_of_opponents(st, ratings, self.rules.aro_rounded),
                colours=st.colours, opponents=st.opponents, preference=pref,
                strength=strength, can_white=can_w, can_black=can_b, upfloats=len(ups),
                upfloated_last=bool(ups) and ups[-1].round_number == r - 1,
                downfloats=len(downs), bye_ineligible=bye_bad,
            )
        total = t.total_rounds or max(r, t.rounds_in_file)
        rnd = DubovRound(t, r, self.rules, players, t.initial_colour or WHITE,
                     last_round=t.total_rounds is not None and r >= t.total_rounds,
                     max_upfloats=self.rules.max_upfloats(total), explain=explain)
        rnd.note(f"Round {r}, {self.rules.name}: {len(players)} players to pair",
                 f"Ronde {r}, {self.rules.name} : {len(players)} joueurs à apparier")
        moved = [pid for pid in sorted(rank) if rank[pid] != pid]
        if self.rules.ranking is tpns_2026 and moved:
            listing = ", ".join(f"{pid} -> {rank[pid]}" for pid in moved)
            rnd.note(f"TPNs recalculated from the ratings before round 4: {listing}",
                     f"numéros d'appariement recalculés d'après les cotes avant la ronde 4 : "
                     f"{listing}", level=1, rule="1.2.2")
        for p in sorted(players.values(), key=lambda p: (-p.score, p.aro, p.rank)):
            aro = f"{p.aro:.1f}" if not self.rules.aro_rounded else f"{p.aro:.0f}"
            rnd.note(f"player {p.id}: score {p.score:g}, rating {p.rating}, ARO {aro}, "
                     f"due colour {p.preference.name.lower()}",
                     f"joueur {p.id} : score {fr_number(p.score)}, cote {p.rating}, "
                     f"CMA {aro.replace('.', ',')}, "
                     f"couleur due {'blancs' if p.preference is WHITE else 'noirs'}",
                     level=1, rule="1.7" if self.rules.aro_rounded else "1")
        return rnd

    # --- bye ------------------------------------------------------------------------------
    def _choose_bye(self, rnd: DubovRound, ids: set[int]) -> int:
        """1997 art. 4 and 2.2; 2026 3.1 (C2, C4, lowest score, most games, largest TPN)."""
        ps = [rnd.players[i] for i in ids]
        def key(p: DubovPlayer) -> tuple[object, ...]:
            if self.rules.name == "dubov":
                return (p.score, -p.games, -p.rank)  # 3.1.3-3.1.5
            # art. 4: lowest rating of the last group; tie: the due colour of the group's
            # majority, then the highest CMA (then the lowest in the rating list).
            group = [q for q in ps if q.score == p.score]
            whites = sum(q.preference is WHITE for q in group)
            dominant = WHITE if whites * 2 > len(group) else BLACK
            return (p.score, p.rating, p.preference is not dominant, -p.aro, -p.rank)

        for p in sorted(ps, key=key):
            if p.bye_ineligible:
                continue
            if rnd.pairable(ids - {p.id}):
                rnd.note(f"Bye: player {p.id} (score {p.score:g}, rating {p.rating})",
                         f"Exempt : joueur {p.id} (score {fr_number(p.score)}, cote {p.rating})",
                         rule=self.rules.rule_bye)
                return p.id
        raise NoValidPairing(f"round {rnd.round_number}: no player can receive the bye")

    # --- scoregroups ----------------------------------------------------------------------
    def _pair_groups(self, rnd: DubovRound, remaining: set[int]) -> list[tuple[int, int]]:
        """Pair the scoregroups from the highest score down (1997 art. 6; 2026 1.9.2/3.2)."""
        ps = rnd.players
        pairs: list[tuple[int, int]] = []
        carried: list[int] = []  # 1997 art. 6.4: players moved down from the group above
        while remaining:
            normal = [i for i in remaining if i not in carried]
            if normal:
                top = max(ps[i].score for i in normal)
                residents = sorted(i for i in normal if ps[i].score == top) + carried
            else:  # pragma: no cover - only moved-down players are left (guarded by C4)
                top = max(ps[i].score for i in carried)
                residents, carried = carried, []
            lower = sorted((i for i in remaining if i not in residents),
                           key=lambda i: (-ps[i].score, ps[i].rank))
            rnd.note(f"Scoregroup {top:g}: players {id_list(residents)}",
                     f"Groupe de points {fr_number(top)} : joueurs {id_list(residents)}",
                     rule="1.3" if self.rules.name == "dubov" else "6.1")
            if self.rules.downfloats:
                got, carried = self._bracket_1997(rnd, residents, carried, lower)
            else:
                got = self._bracket_2026(rnd, top, residents, lower)
            for a, b in got:
                remaining.discard(a)
                remaining.discard(b)
            pairs.extend(got)
        return pairs

    # --- 2026 -----------------------------------------------------------------------------
    def _bracket_2026(self, rnd: DubovRound, top: float, residents: list[int], lower: list[int]
                      ) -> list[tuple[int, int]]:
        """2026 3.2.1/3.2.2: the fewest upfloaters (C5), then the best sets for C6-C10, the
        first such set in the 4.2 order (descending score, ascending TPN); found exactly by
        :func:`~.upfloaters.choose_upfloaters` (no bound on the sets examined)."""
        choice = choose_upfloaters(rnd, top, residents, lower)
        if choice is None:
            raise NoValidPairing(f"round {rnd.round_number}: scoregroup {top:g} cannot be "
                                 "paired (C4)")
        ups = choice.upfloaters
        rnd.moved_up.update(ups)
        if ups:
            rnd.note(f"upfloaters {id_list(ups)} (fewest needed: {len(ups)}; "
                     f"C6-C10 {choice.quality})",
                     f"flotteurs montants {id_list(ups)} (minimum requis : {len(ups)} ; "
                     f"C6-C10 {choice.quality})", level=1, rule="3.2.1/3.2.2")
        self._note_split(rnd, choice.pairs)
        return choice.pairs

    # --- 1997 -----------------------------------------------------------------------------
    def _bracket_1997(self, rnd: DubovRound, residents: list[int], carried: list[int],
                      lower: list[int]) -> tuple[list[tuple[int, int]], list[int]]:
        """1997: floaters from above first (art. 8), then transfers from the next group
        (art. 7.1/7.2, limited by art. 2.5), else players moved down (art. 6.4)."""
        ps = rnd.players
        pairs: list[tuple[int, int]] = []
        group = [i for i in residents if i not in carried]
        everyone_else = set(lower)
        # art. 8.1: White floaters, then Black floaters, each in the art. 6.2 order; paired
        # alternately, starting with the first White floater.
        wf = sorted((ps[i] for i in carried if ps[i].preference is WHITE), key=self.rules.s1_key)
        bf = sorted((ps[i] for i in carried if ps[i].preference is not WHITE),
                    key=self.rules.g2_key)
        order: list[DubovPlayer] = []
        for w, b in itertools.zip_longest(wf, bf):
            order.extend(x for x in (w, b) if x is not None)
        still_carried: list[int] = []
        barred = rnd.graph.barred
        limits = colour_limits(mask_of(i for i, p in ps.items() if p.can_white),
                               mask_of(i for i, p in ps.items() if p.can_black))
        # art. 2 for every candidate below: one witness matching of the players still to pair
        # in this round, repaired from the two partners a pair leaves (completion.py)
        rest_witness = (Witness.of(barred, set(residents) | everyone_else, limits) if order
                        else None)
        for f in order:
            # art. 8.2: the highest rating, if possible with the opposite due colour; equal
            # ratings: lowest CMA.
            cands = sorted((ps[i] for i in group), key=lambda q: (
                q.preference is f.preference, -q.rating, q.aro, q.rank))
            for q in cands:
                if not rnd.legal(f.id, q.id):
                    continue
                assert rest_witness is not None
                after = self._rest_after_pair(rnd, rest_witness, f.id, q.id)
                if after is not None:
                    rest_witness = after
                    pairs.append((f.id, q.id))
                    group.remove(q.id)
                    rnd.note(f"floater {f.id} paired with {q.id} (highest rating)",
                             f"flotteur {f.id} apparié avec {q.id} (plus forte cote)",
                             level=1, rule="8.2")
                    break
            else:
                still_carried.append(f.id)
        group.extend(still_carried)
        if not group:
            return pairs, []
        # art. 7.1/7.2: players transferred up from the groups below
        limit_ok = [i for i in lower if rnd.may_float_up(ps[i])]  # art. 2.5
        whites = sum(ps[i].preference is WHITE for i in group)
        dominant = WHITE if 2 * whites > len(group) else BLACK
        pool = sorted(limit_ok, key=lambda i: (
            -ps[i].score, ps[i].preference is dominant, -ps[i].rating, ps[i].aro, ps[i].rank))
        # The text's own procedure first; when it leads nowhere, the fewest transfers in the
        # same order of preference (art. 9: in the spirit of the rules).
        literal = self._transfers_1997(rnd, group, limit_ok)
        # art. 2 for each candidate set: one witness matching of the group and one of the
        # players below, each repaired from the players the set adds or takes (completion.py)
        group_witness = Witness.of(barred, group, limits)
        lower_witness = Witness.of(barred, everyone_else, limits)
        fewest = self._fewest_transfers(group_witness, lower_witness)
        below = sorted(everyone_else)
        found: dict[tuple[int, ...], list[tuple[int, int]]] = {}

        def transfers_work(ups: tuple[int, ...]) -> bool:
            """Art. 2: the bracket (group + transfers) has a pairing (the procedure's, art.
            6.2/6.3, 7.3/7.4); the players below were checked by the walk or the witness."""
            got = rnd.pair_bracket(group + list(ups))
            if got is not None:
                found[ups] = got
            return got is not None

        chosen: tuple[int, ...] | None = None
        if literal is not None:
            moved = mask_of(literal)
            if (group_witness.pairable(add=moved) and lower_witness.pairable(remove=moved)
                    and transfers_work(tuple(literal))):
                chosen = tuple(literal)
        # Else the first set of the fewest transfers in the pool order (itertools.combinations
        # order), found exactly by the upfloater walk with its validity bounds (no cap).
        # The first set of the order is checked on the witnesses first (it is the answer when
        # it works; the one-bracket rounds).
        for k in range(fewest, min(len(group), len(pool)) + 1, 2):
            if chosen is not None:
                break
            head = tuple(pool[:k])
            if (group_witness.pairable(add=mask_of(head))
                    and lower_witness.pairable(remove=mask_of(head)) and transfers_work(head)):
                chosen = head
            else:
                chosen = first_valid_set(rnd, group, below, pool, k, transfers_work)
        if chosen is not None:
            ups = chosen
            got = found[ups]
            rnd.moved_up.update(ups)
            if ups:
                rnd.note(f"transferred up: {id_list(ups)} (opposite colour, highest rating, "
                         "lowest ARO)",
                         f"transférés : {id_list(ups)} (couleur opposée, plus forte cote, "
                         "plus faible CMA)", level=1, rule="7.1/7.2")
            self._note_split(rnd, got)
            return pairs + got, []
        # art. 6.4: move down the fewest players; prefer those who were not floaters from a
        # higher group and who can be paired in the lower group.
        def down_key(i: int) -> tuple[object, ...]:
            can_below = any(rnd.legal(i, j) for j in lower)
            return (ps[i].downfloats > 0, not can_below, ps[i].rating, -ps[i].rank)

        cands = sorted(group, key=down_key)
        # Fewer players moved down than a maximum matching of the group leaves unpaired can
        # never leave the rest of the group pairable (each one taken out lowers that count by
        # at most one), so those sizes are skipped: the same first set is found.
        least = max(1 if len(group) % 2 else 2, group_witness.unpaired)
        stays: dict[tuple[int, ...], list[tuple[int, int]]] = {}

        def stay_works(down: tuple[int, ...]) -> bool:
            """Art. 2: the players who stay have a pairing (the procedure's)."""
            got = rnd.pair_bracket([i for i in group if i not in down])
            if got is not None:
                stays[down] = got
            return got is not None

        # The first set of the fewest players in the down_key order (combinations order) with
        # the players below (joined by them) and those who stay both pairable: the upfloater
        # walk with the two roles swapped, exact (no cap).
        for d in range(least + (least - len(group)) % 2, len(group) + 1, 2):
            head = tuple(cands[:d])
            if (lower_witness.pairable(add=mask_of(head))
                    and group_witness.pairable(remove=mask_of(head)) and stay_works(head)):
                down: tuple[int, ...] | None = head  # the first set of the order works
            else:
                down = first_valid_set(rnd, sorted(everyone_else), group, cands, d, stay_works)
            if down is None:
                continue
            got = stays[down]
            rnd.moved_down.update(down)
            rnd.note(f"moved down to the next group: {id_list(down)}",
                     f"transférés dans le groupe inférieur : {id_list(down)}",
                     level=1, rule="6.4")
            self._note_split(rnd, got)
            return pairs + got, list(down)
        raise NoValidPairing(f"round {rnd.round_number}: a scoregroup cannot be paired "
                             "(art. 2)")

    @staticmethod
    def _rest_after_pair(rnd: DubovRound, rest: Witness, a: int, b: int) -> Witness | None:
        """Art. 2: whether the players still to pair (``rest``'s set) can all be paired once
        ``a`` meets ``b``, with a witness matching of those left; None if they cannot. From a
        perfect witness at most one augmenting path repairs it (Berge); otherwise a new
        matching answers."""
        if rest.perfect:
            return rest.changed(remove=(1 << a) | (1 << b))
        left = rest.among & ~((1 << a) | (1 << b))
        fresh = Witness.of(rnd.graph.barred, left, rest.limits)
        return fresh if fresh.perfect else None

    @staticmethod
    def _fewest_transfers(group: Witness, lower: Witness) -> int:
        """The fewest players that art. 7 can transfer up into the ``group`` from the players
        ``lower`` with both the bracket and the rest pairable (art. 2, every pair; 7.1/7.2).

        A set of ``k`` transfers can only work when (a) ``k`` is at least the number of players
        of the group a maximum matching among themselves leaves unpaired (each needs a partner
        from outside), and (b) ``k`` is at least the number a maximum matching of ``lower``
        leaves unpaired: taking one player out of a set lowers the unpaired count of its
        maximum matchings by at most one (a matching of the smaller set is one of the larger),
        so the players left below can only all be paired once at least that many are gone.
        Every set smaller than this bound fails both completion checks whatever its members,
        so the search may start here and gives the same answer (docs/dubov.md, "Search
        bounds"). The two counts have the parity of the group (the players left to pair are
        even), so the result does too.
        """
        need = max(group.unpaired, lower.unpaired)
        return need + (need - group.among.bit_count()) % 2

    def _transfers_1997(self, rnd: DubovRound, group: list[int], pool: list[int]
                        ) -> list[int] | None:
        """The transfers of 1997 art. 7.1 then 7.2, as the text describes them.

        7.1: a player who can meet nobody of his group (met them all, or the colour limits of
        art. 2.3/2.4 forbid it) gets a player of the next lower group who can meet him: his
        opposite due colour first, then the highest rating, then the lowest CMA.
        7.2: an odd group gets one more player who can meet at least one of the group: the
        due colour opposite to the group's majority first, then the highest rating, then the
        lowest CMA. ``pool`` holds only players art. 2.5 allows to go up.
        """
        ps = rnd.players
        barred = rnd.graph.barred
        ups: list[int] = []
        inside = mask_of(group)  # the group and the players transferred so far (bit set)
        for x in sorted(group, key=lambda i: ps[i].rank):
            if inside & ~barred[x]:  # x may meet someone of the group (barred[x] holds x)
                continue
            cands = [c for c in pool if not (inside >> c) & 1 and rnd.legal(x, c)]
            if not cands:
                return None
            up = min(cands, key=lambda c: (
                -ps[c].score, ps[c].preference is ps[x].preference, -ps[c].rating,
                ps[c].aro, ps[c].rank))
            ups.append(up)
            inside |= 1 << up
        bracket = group + ups
        if len(bracket) % 2:
            whites = sum(ps[i].preference is WHITE for i in bracket)
            dominant = WHITE if 2 * whites > len(bracket) else BLACK
            cands = sorted((c for c in pool if not (inside >> c) & 1 and
                            inside & ~barred[c]),
                           key=lambda c: (-ps[c].score, ps[c].preference is dominant,
                                          -ps[c].rating, ps[c].aro, ps[c].rank))
            # art. 2: one witness matching of the bracket, grown by each candidate
            bracket_witness = Witness.of(barred, inside)
            for c in cands:
                if bracket_witness.pairable(add=1 << c):
                    ups.append(c)
                    break
            else:
                return None
        return ups

    def _note_split(self, rnd: DubovRound, pairs: list[tuple[int, int]]) -> None:
        if rnd.explain is None or not pairs:
            return
        s1 = [a for a, _ in pairs]
        t2 = [b for _, b in pairs]
        rnd.note(f"S1 (White-seekers by ascending ARO) {id_list(s1)} against {id_list(t2)}",
                 f"S1 (demandeurs des blancs par CMA croissante) {id_list(s1)} contre "
                 f"{id_list(t2)}",
                 level=1, rule=self.rules.rule_order)


#: The 1997 text (French translation in ../shared/seeds/dubov-1997.fr.txt).
DUBOV_1997 = DubovSystem("dubov-1997", DUBOV_1997_RULES)
#: The current FIDE text (C.04.4.1, 2026).
DUBOV = DubovSystem("dubov", DUBOV_2026_RULES)
