"""One round of the Lim system (:class:`LimRound`): the bye (art. 8.1, 14.1), the score groups
paired in the order of art. 9.2, the floaters (art. 10), the scrutiny and exchanges (art. 11),
the median group last and undone groups (art. 9.6), the colours (art. 12-14)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from ...errors import NoValidPairing
from ...matching.bitpaths import BitMatching
from ...matching.bitsets import mask_of
from ...model import Colour, Pairing, Tournament
from ..explain import Explanation, fr_number, fr_points
from .bracket import Floater, GroupResult, exchange_sequence, next_floater
from .colours import board_colours, colour_exchanges
from .criteria import FLOATER_TYPES, GROUP_KINDS, MAXI_RATING_GAP, Direction
from .players import LimPlayers

if TYPE_CHECKING:
    from .system import LimSystem

WHITE, BLACK = Colour.WHITE, Colour.BLACK


def _fmt(score: float) -> str:
    return f"{score:g}"


def _ids(players: Iterable[int]) -> str:
    return ", ".join(str(p) for p in players) or "-"


class LimRound:
    """The pairing of one round: the steps of art. 8-14 over the round's players
    (:class:`~.players.LimPlayers`)."""

    def __init__(
        self, system: LimSystem, t: Tournament, r: int, explain: Explanation | None
    ) -> None:
        self.maxi = system.maxi
        self.t = t
        self.r = r
        self.explain = explain
        self.players = LimPlayers(t, r)
        self.unpaired = self.players.unpaired
        ps = t.point_system
        # art. 9.2: the median group is on half the points of the rounds played
        self.median = round((r - 1) * (ps.win + ps.loss) / 2, 6)
        self.kind_of: dict[int, str] = {}

    # --- notes -----------------------------------------------------------------------------
    def note(self, en: str, fr: str, level: int = 0, rule: str = "") -> None:
        if self.explain is not None:
            self.explain.add(en, fr, level=level, rule=rule)

    # --- art. 8.1: the bye ----------------------------------------------------------------------
    def choose_bye(self) -> int | None:
        """Art. 8.1 / 14.1: the highest-numbered player of the lowest group gets the bye.

        Players who may not have it (Basic Rule 4) are skipped; so is a player whose bye would
        leave the others without any complete pairing (then the next one in the same order).
        """
        if len(self.players.ids) % 2 == 0:
            return None
        order = sorted(self.players.ids, key=lambda p: (self.players.score[p], -p))
        skipped = []
        for p in order:
            if not self.players.bye_eligible(p):
                skipped.append(p)
                continue
            rest = set(self.players.ids) - {p}
            if 2 * self.players.pairs_among(rest) == len(rest):
                if skipped:
                    self.note(
                        f"Players {_ids(skipped)} cannot take the bye (already had one, a win "
                        "without playing, or no complete pairing of the others).",
                        f"Les joueurs {_ids(skipped)} ne peuvent pas être exemptés (déjà "
                        "exemptés, gain sans jouer, ou aucun appariement complet des autres).",
                        level=1, rule="8.1",
                    )
                self.note(
                    f"Bye: player {p}, the highest-numbered player of the lowest group "
                    f"({_fmt(self.players.score[p])} points) who may have it.",
                    f"Exempt : le joueur {p}, au numéro le plus grand du niveau le plus bas "
                    f"({fr_points(self.players.score[p])}) pouvant l'être.",
                    rule="14.1" if self.r == 1 else "8.1",
                )
                return p
            skipped.append(p)
        raise NoValidPairing(
            f"round {self.r}: no player can receive the pairing-allocated bye so that the others "
            "can all be paired (Lim art. 8.1, 9.1)"
        )

    # --- art. 10: choosing floaters ------------------------------------------------------------
    def float_order(
        self,
        candidates: list[int],
        direction: Direction,
        adjacent: set[int],
        prior: list[int] | None = None,
        incoming: set[int] | None = None,
    ) -> list[tuple[int, str]]:
        """Natives in the order they are chosen to float, with the type of art. 10.9.

        Keys, in order: avoid types a, b, c (10.9; "compatible opponent in the adjacent group"
        is 10.3-10.5); a player who floated in the previous round floats last (10.10); the
        floater comes from the larger side of the players due White / due Black (10.2); then
        the highest (pairing down) or lowest (pairing up) pairing number (10.2-10.4).

        10.3 / 10.4: the opponents in the adjacent group that the floaters already leaving
        (``prior``) will take are excluded first, for the floaters that come before the
        candidate: those from another group (``incoming``: a higher score when pairing down,
        a lower one pairing up) and those with a smaller (down) or larger (up) number. Each
        takes its 10.8 opponent: the best-placed compatible player due the opposite colour.
        """
        down = direction is Direction.DOWN
        prior = prior or []
        incoming = incoming or set()
        whites = sum(1 for p in candidates if self.players.due[p] is WHITE)
        blacks = sum(1 for p in candidates if self.players.due[p] is BLACK)
        majority = WHITE if whites > blacks else BLACK if blacks > whites else None
        below = sorted(adjacent, reverse=not down)

        def taken_before(p: int) -> set[int]:
            taken: set[int] = set()
            for q in prior:
                if q not in incoming and (q > p if down else q < p):
                    continue
                options = [x for x in below if self.players.meets(q, x) and x not in taken]
                good = [x for x in options if self.players.colour_good(q, x)]
                if good or options:
                    taken.add((good or options)[0])
            return taken

        def ftype(p: int) -> int:
            free = mask_of(adjacent - taken_before(p))
            has = bool(free & ~self.players.barred[p])
            if self.players.floated_before(p, down):
                return 2 if has else 3
            return 0 if has else 1

        types = {p: ftype(p) for p in candidates}

        def key(p: int) -> tuple[int, int, int, int]:
            side = 0 if majority is None or self.players.due[p] is majority else 1
            return (types[p], int(self.players.floated_last_round(p)), side, -p if down else p)

        return [(p, FLOATER_TYPES[types[p]]) for p in sorted(candidates, key=key)]

    # --- art. 9.4, 11: proposed pairings and exchanges ------------------------------------
    def pair_set(
        self,
        natives: list[int],
        incoming: list[Floater],
        direction: Direction,
        matching: BitMatching | None = None,
    ) -> list[tuple[int, int]]:
        """Pair every player of ``natives`` + ``incoming`` (a complete pairing must exist;
        ``matching``, when given, is a perfect matching of them to start from: each answer
        below asks only whether one still exists, so any such matching gives the same pairs).

        Incoming floaters are paired first (10.6, 10.7), each with the best-placed native due
        the opposite colour (10.8). Then the natives are scrutinised in order (11.1): the
        proposed opponent is the first of the other half (9.4) and the exchange sequence is the
        one of 11.2-11.3 (:func:`exchange_sequence`); a candidate is taken when the players
        not yet paired can still all be paired (11.4: the exchanges for one player must leave
        the players before it paired), preferring a candidate that gives both players their
        due colour (12.2; 12.7 in maxi-tournaments).
        """
        down = direction is Direction.DOWN
        if matching is None:
            matching = BitMatching.of(self.players.barred,
                                      [*natives, *(f.pid for f in incoming)])
        if not matching.perfect:  # pragma: no cover - callers guarantee a complete pairing
            raise NoValidPairing(f"round {self.r}: a group cannot be paired")
        pairs: list[tuple[int, int]] = []
        remaining_natives = sorted(natives, reverse=not down)
        floaters_order = [f.pid for f in incoming]

        def preferred(p: int, cands: list[int]) -> Iterator[int]:
            """``cands`` with those giving both players their due colour first (12.2; within
            100 points of the first candidate in maxi-tournaments, 12.7), each group in order;
            computed as far as the caller reads."""
            first = cands[0] if cands else None
            good: set[int] = set()
            for c in cands:
                if self.players.colour_good(p, c) and (
                        not self.maxi or c == first or abs(
                            self.t.players[c].rating - self.t.players[first].rating) <= 100):
                    good.add(c)
                    yield c
            yield from (c for c in cands if c not in good)

        def take(p: int, cands: list[int]) -> None:
            nonlocal matching
            for c in preferred(p, cands):
                if not self.players.meets(p, c):
                    continue
                if matching.mate.get(p) == c:
                    matching = matching.without(p, c)
                else:
                    new = matching.without(p, c)
                    if not new.perfect:
                        continue
                    matching = new
                pairs.append((p, c))
                if c in remaining_natives:
                    remaining_natives.remove(c)
                if c in floaters_order:
                    floaters_order.remove(c)
                return
            raise NoValidPairing(f"round {self.r}: player {p} cannot be paired")  # pragma: no cover

        while floaters_order:
            p = floaters_order.pop(0)
            # 10.8: best-placed (down) or worst-placed (up) native, due the opposite colour
            cands = list(remaining_natives) + list(floaters_order)
            take(p, cands)
        while remaining_natives:
            p = remaining_natives.pop(0)
            take(p, exchange_sequence([p, *remaining_natives]))
        return colour_exchanges(self.players, pairs, self.maxi, self.note)

    def pair_group(
        self,
        score: float,
        kind: str,
        natives: list[int],
        incoming: list[Floater],
        direction: Direction,
        adjacent: set[int],
    ) -> GroupResult:
        """Pair one score group (art. 9.3-9.5, 10, 11); the unpaired float on (10.1, 10.2)."""
        down = direction is Direction.DOWN
        res = GroupResult(score, kind)
        # 10.6 / 10.7: highest (down) or lowest (up) origin score first, then pairing number
        incoming = sorted(
            incoming, key=lambda f: (-f.origin, f.pid) if down else (f.origin, -f.pid)
        )
        members = set(natives) | {f.pid for f in incoming}
        en_dir = "downwards" if down else "upwards"
        fr_dir = "vers le bas" if down else "vers le haut"
        self.note(
            f"Scoregroup {_fmt(score)} ({kind}, paired {en_dir}): players {_ids(sorted(natives))}"
            + (f"; incoming floaters {_ids(f.pid for f in incoming)}" if incoming else ""),
            f"Niveau de points {fr_number(score)} ({GROUP_KINDS[kind]}, apparié {fr_dir}) : "
            f"joueurs "
            f"{_ids(sorted(natives))}"
            + (f" ; flotteurs reçus {_ids(f.pid for f in incoming)}" if incoming else ""),
            rule="9.2",
        )
        floating: list[int] = []
        # art. 9.3 a-c: no compatible opponent in the group -> transferred
        incoming_ids = {f.pid for f in incoming}
        members_mask = mask_of(members)
        for p in sorted(members):
            if not members_mask & ~self.players.barred[p]:
                floating.append(p)
                if p in incoming_ids:  # 10.5: no compatible opponent here either
                    self.note(*self.float_reason(p, "", True, down), level=1, rule="10.5")
                else:
                    self.note(*self.transfer_reason(p, members), level=1, rule="9.3")
        rest = members - set(floating)
        # one maximum matching of ``rest``, kept over the floats below; its pairs are those of
        # the whole group (the players transferred by 9.3 may meet nobody in it)
        pairs_without = self.players.pairs_without(rest)
        k = pairs_without.matching.size
        need = len(rest) - 2 * k
        if need:
            cand_natives = [p for p in natives if p in rest]
            order = self.float_order(cand_natives, direction, adjacent, floating, incoming_ids)
            # incoming floaters float further only when no native can (10.5, 10.6)
            in_order = [(f.pid, "") for f in reversed(incoming) if f.pid in rest]
            types = dict([*order, *in_order])
            for _ in range(need):
                ordered = [q for q, _ in [*order, *in_order] if q in rest]
                p = next_floater(ordered, rest, pairs_without.keeps)
                for q in ordered[: ordered.index(p)]:
                    self.note(
                        f"Player {q} would float first, but the others could then make fewer "
                        f"than {k} pairs.",
                        f"Le joueur {q} flotterait en premier, mais les autres feraient alors "
                        f"moins de {k} paires.",
                        level=1, rule="11.4",
                    )
                ftype = types[p]
                if self.maxi and p not in incoming_ids:
                    p = self.maxi_floater(p, [q for q in natives if q in rest], rest, k, down)
                rest.discard(p)
                pairs_without.remove(p)
                floating.append(p)
                self.note(*self.float_reason(p, ftype, p in incoming_ids, down), level=1,
                          rule="10.5" if p in incoming_ids else "10.2")
        pairs = self.pair_set(
            [p for p in natives if p in rest], [f for f in incoming if f.pid in rest], direction,
            pairs_without.matching,
        )
        res.pairs = pairs
        origin = {f.pid: f for f in incoming}
        for p in floating:
            res.floaters.append(origin.get(p, Floater(p, score, down)))
        for a, b in pairs:
            self.kind_of[a] = self.kind_of[b] = kind
            self.note(f"{a} - {b}", f"{a} - {b}", level=1, rule="11.1")
        return res

    def maxi_floater(
        self, p: int, natives: list[int], rest: set[int], k: int, down: bool
    ) -> int:
        """Art. 10.2 (super-tournaments): the chosen floater's rating may differ by at most 100
        from the highest- (down) or lowest-numbered (up) player, else that player floats."""
        ref = max(natives) if down else min(natives)
        rp, rr = self.t.players[p].rating, self.t.players[ref].rating
        if (ref != p and abs(rp - rr) > MAXI_RATING_GAP
                and self.players.pairs_among(rest - {ref}) == k):
            return ref
        return p

    def transfer_reason(self, p: int, members: set[int]) -> tuple[str, str]:
        others = members - {p}
        s = self.players.states[p]
        if not others:
            return (f"Player {p} is alone in the group: transferred to make it even.",
                    f"Le joueur {p} est seul dans son niveau : transféré pour le rendre pair.")
        if others <= s.opponents:
            return (f"Player {p} has met every player of the group: transferred.",
                    f"Le joueur {p} a rencontré tous les joueurs du niveau : transféré.")
        if s.same_colour_streak() >= 2:
            return (f"Player {p} had the same colour in the last two rounds and no opponent "
                    "here can take it: transferred.",
                    f"Le joueur {p} a eu la même couleur aux deux rondes précédentes et aucun "
                    "adversaire du niveau ne permet l'autre : transféré.")
        return (f"Player {p} has no compatible opponent in the group (colours): transferred.",
                f"Le joueur {p} n'a pas d'adversaire compatible dans le niveau (couleurs) : "
                "transféré.")

    def float_reason(self, p: int, ftype: str, incoming: bool, down: bool) -> tuple[str, str]:
        if incoming:
            return (f"Floater {p} cannot be paired here and floats on.",
                    f"Le flotteur {p} ne peut pas être apparié ici et flotte plus loin.")
        d_en = "down" if down else "up"
        d_fr = "vers le bas" if down else "vers le haut"
        return (
            f"Player {p} floats {d_en} to make the rest of the group pairable (floater type "
            f"{ftype}, colours and pairing number decide).",
            f"Le joueur {p} flotte {d_fr} pour que le reste du niveau soit appariable (flotteur "
            f"de type {ftype}, choisi selon les couleurs et le numéro d'appariement).",
        )

    # --- the round ---------------------------------------------------------------------------
    def run(self) -> Pairing:
        n, last = len(self.players.ids), self.players.last_round
        self.note(
            f"Lim system, round {self.r}: {n} players to pair; median scoregroup "
            f"{_fmt(self.median)} points" + (" (last round, art. 13)" if last else ""),
            f"Système Lim, ronde {self.r} : {n} joueurs à apparier ; niveau médian "
            f"{fr_points(self.median)}"
            + (" (dernière ronde, art. 13)" if last else ""),
            rule="9.2",
        )
        bye = self.choose_bye()
        pool = [p for p in self.players.ids if p != bye]
        if 2 * self.players.pairs_among(pool) != len(pool):
            raise NoValidPairing(
                f"round {self.r}: the players cannot all be paired with compatible opponents "
                "(Lim art. 9.1)"
            )
        groups: dict[float, list[int]] = {}
        for p in pool:
            groups.setdefault(self.players.score[p], []).append(p)
        upper = sorted((s for s in groups if s > self.median), reverse=True)
        lower = sorted(s for s in groups if s < self.median)
        all_scores = sorted(groups, reverse=True)

        def adjacent(s: float, down: bool) -> set[int]:
            i = all_scores.index(s)
            j = i + 1 if down else i - 1
            return set(groups[all_scores[j]]) if 0 <= j < len(all_scores) else set()

        done_upper: list[GroupResult] = []
        carry: list[Floater] = []
        for s in upper:
            g = self.pair_group(s, "upper", sorted(groups[s]), carry, Direction.DOWN,
                                adjacent(s, True))
            done_upper.append(g)
            carry = g.floaters
        down_in = carry
        done_lower: list[GroupResult] = []
        carry = []
        for s in lower:
            g = self.pair_group(s, "lower", sorted(groups[s]), carry, Direction.UP,
                                adjacent(s, False))
            done_lower.append(g)
            carry = g.floaters
        up_in = carry
        median_natives = sorted(groups.get(self.median, []))
        pairs = self.pair_median(median_natives, down_in, up_in, done_upper, done_lower)
        pairs_all = [pr for g in done_upper + done_lower for pr in g.pairs] + pairs
        boards = []
        self.note("Colours", "Couleurs", rule="12")
        for a, b in pairs_all:
            board, rule, en, fr = board_colours(self.players, a, b, self.kind_of.get(a, "median"))
            boards.append(board)
            self.note(
                f"{board.white} (White) - {board.black} (Black): {en}",
                f"{board.white} (Blancs) - {board.black} (Noirs) : {fr}",
                level=1, rule=rule,
            )
        pairing = Pairing(self.r, boards=boards, bye=bye, unpaired=dict(self.unpaired))
        pairing.boards = pairing.publication_order(self.t)
        return pairing

    def pair_median(
        self,
        natives: list[int],
        down_in: list[Floater],
        up_in: list[Floater],
        done_upper: list[GroupResult],
        done_lower: list[GroupResult],
    ) -> list[tuple[int, int]]:
        """Pair the median group last, downwards (9.2); if it is blocked, undo the adjacent
        group and pair its players with the median group (9.6)."""
        extra: list[Floater] = []
        while True:
            # 10.6.3: downfloaters first (highest score, then lowest number), then upfloaters
            # (lowest score, then highest number), then the median players
            downs = sorted([f for f in down_in + extra if f.down],
                           key=lambda f: (-f.origin, f.pid))
            ups = sorted([f for f in up_in + extra if not f.down],
                         key=lambda f: (f.origin, -f.pid))
            incoming = downs + ups
            members = set(natives) | {f.pid for f in incoming}
            if 2 * self.players.pairs_among(members) == len(members):
                self.note(
                    f"Median scoregroup {_fmt(self.median)} (paired downwards, last): players "
                    f"{_ids(natives)}; downfloaters {_ids(f.pid for f in downs)}; "
                    f"upfloaters {_ids(f.pid for f in ups)}",
                    f"Niveau médian {fr_number(self.median)} (apparié vers le bas, en dernier) : "
                    f"joueurs {_ids(natives)} ; flotteurs descendants "
                    f"{_ids(f.pid for f in downs)} ; montants {_ids(f.pid for f in ups)}",
                    rule="9.2",
                )
                pairs = self.pair_set(natives, incoming, Direction.DOWN)
                for a, b in pairs:
                    self.kind_of[a] = self.kind_of[b] = "median"
                    self.note(f"{a} - {b}", f"{a} - {b}", level=1, rule="11.1")
                return pairs
            n_down, n_up = len(downs), len(ups)
            # a group that paired nobody has nothing to undo: its players float already
            while done_lower and not done_lower[-1].pairs:
                done_lower.pop()
            while done_upper and not done_upper[-1].pairs:
                done_upper.pop()
            undo_lower = bool(done_lower) and (n_down >= n_up or not done_upper)
            if not undo_lower and not done_upper:  # pragma: no cover - pool is pairable
                raise NoValidPairing(f"round {self.r}: the median group cannot be paired")
            g = done_lower.pop() if undo_lower else done_upper.pop()
            players = sorted(p for pr in g.pairs for p in pr)
            # the undone group's floaters are in down_in/up_in already; its players join
            for p in players:
                extra.append(Floater(p, self.players.score[p], down=not undo_lower))
            self.note(
                f"The median scoregroup cannot be paired ({n_down} downfloaters, "
                f"{n_up} upfloaters): "
                f"the pairing of scoregroup {_fmt(g.score)} is undone and its players "
                f"{_ids(players)} join the median scoregroup.",
                f"Le niveau médian ne peut être apparié ({n_down} flotteurs descendants, "
                f"{n_up} montants) : l'appariement du niveau de points "
                f"{fr_number(g.score)} est annulé "
                f"et ses joueurs {_ids(players)} rejoignent le niveau médian.",
                rule="9.6",
            )
