"""The Lim system (FIDE C.04.3.2 "Lim Kok Ann", French text art. 8-15; C.04.4.3 since 2026).

Article numbers in comments are those of the French text (``art. 9.2``); the 2026 numbering is
the French number minus 7 (``art. 9.2`` = 2026 ``2.2``). See ``docs/lim.md`` for every reading
of an ambiguous sentence and for what the 2026 texts changed.

Outline of one round (:meth:`LimSystem.pair`):

1. the pairing-allocated bye (art. 8.1 / 14.1; eligibility from Basic Rule 4 of 2026);
2. score groups; the median group holds the players on half the points of the rounds played;
   groups above it are paired from the top downwards, groups below it from the bottom upwards,
   the median group last (art. 9.2);
3. in each group: transfers of players without a compatible opponent (art. 9.3), the choice of
   the floater that makes the group even (art. 10.2-10.4, 10.9, 10.10), incoming floaters
   paired first (art. 10.6-10.8), then the proposed pairings of art. 9.4 scrutinised and
   exchanged in the order of art. 11.1-11.4, with colour exchanges (art. 12.2, 12.7);
4. if the median group cannot be paired, the adjacent group is undone and merged (art. 9.6);
5. colours of each board (art. 12.1-12.6, first round 14.2), last-round exception (art. 13).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import Enum

from ..errors import NoValidPairing
from ..matching import max_cardinality_matching as max_matching
from ..matching import without_pair as _without_pair
from ..matching.bitsets import bits, mask_of
from ..model import Board, Colour, Pairing, PlayerState, Tournament, build_states
from ..model.results import ResultKind
from .explain import Explanation, fr_number

WHITE, BLACK = Colour.WHITE, Colour.BLACK
_FR_COLOUR = {WHITE: "les Blancs", BLACK: "les Noirs"}
_EN_COLOUR = {WHITE: "White", BLACK: "Black"}


# --- the system ------------------------------------------------------------------------------
class Direction(Enum):
    """Pairing downwards (upper and median groups) or upwards (lower groups), art. 9.2."""

    DOWN = "down"
    UP = "up"


@dataclass(slots=True)
class _Floater:
    pid: int
    origin: float  # score of the group it came from
    down: bool  # True: came from a higher group (downfloater)


@dataclass(slots=True)
class _GroupResult:
    score: float
    kind: str  # "upper", "lower", "median"
    pairs: list[tuple[int, int]] = field(default_factory=list)
    floaters: list[_Floater] = field(default_factory=list)


def _fmt(score: float) -> str:
    return f"{score:g}"


def _ids(players: Iterable[int]) -> str:
    return ", ".join(str(p) for p in players) or "-"


class LimSystem:
    """The Lim system. ``maxi`` applies the 100-point rules of super-tournaments (art. 10.2,
    10.8, 12.7); the text never defines a maxi-tournament, so it is an explicit setting."""

    def __init__(self, name: str = "lim", maxi: bool = False) -> None:
        self.name = name
        self.maxi = maxi

    def pair(
        self,
        tournament: Tournament,
        round_number: int | None = None,
        explain: Explanation | None = None,
    ) -> Pairing:
        r = tournament.next_round if round_number is None else round_number
        return _Round(self, tournament, r, explain).run()


LIM = LimSystem()


class _Round:
    """The pairing of one round (state shared by the steps)."""

    def __init__(
        self, system: LimSystem, t: Tournament, r: int, explain: Explanation | None
    ) -> None:
        self.maxi = system.maxi
        self.t = t
        self.r = r
        self.explain = explain
        self.states: dict[int, PlayerState] = build_states(t, r)
        self.unpaired = t.not_paired_in(r)
        self.ids = sorted(p for p in t.players if p not in self.unpaired)
        self.last_round = t.total_rounds is not None and r >= t.total_rounds
        ps = t.point_system
        # art. 9.2: the median group is on half the points of the rounds played
        self.median = round((r - 1) * (ps.win + ps.loss) / 2, 6)
        self.score = {p: self.states[p].pairing_score for p in self.ids}
        self.adj: dict[int, set[int]] = self._compatibility()
        self.due = {p: self.due_colour(p) for p in self.ids}
        self.kind_of: dict[int, str] = {}

    # --- notes -----------------------------------------------------------------------------
    def note(self, en: str, fr: str, level: int = 0, rule: str = "") -> None:
        if self.explain is not None:
            self.explain.add(en, fr, level=level, rule=rule)

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

    def _compatibility(self) -> dict[int, set[int]]:
        """Each player's compatible opponents (:meth:`compatible`), computed on bit sets: the
        players a player may not meet are those met before (either way), the forbidden pairs,
        and those with whom no colour allocation keeps both within 12.1 a-b (except, art. 13,
        on the same score in the last round)."""
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
        for group in self.t.forbidden_pairs:
            members = [i for i in group.players if i in barred]
            for a in members:
                for b in members:
                    if a != b and group.forbids(a, b, self.r):
                        barred[a] |= 1 << b
        # the ids themselves in the sets (not new int objects made from the bits): one object
        # per player, shared by every set, as when the sets were filled pair by pair
        same = {i: i for i in ids}
        return {a: {same[b] for b in bits(everyone & ~barred[a])} for a in ids}

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

    def choose_bye(self) -> int | None:
        """Art. 8.1 / 14.1: the highest-numbered player of the lowest group gets the bye.

        Players who may not have it (Basic Rule 4) are skipped; so is a player whose bye would
        leave the others without any complete pairing (then the next one in the same order).
        """
        if len(self.ids) % 2 == 0:
            return None
        order = sorted(self.ids, key=lambda p: (self.score[p], -p))
        skipped = []
        for p in order:
            if not self.bye_eligible(p):
                skipped.append(p)
                continue
            rest = set(self.ids) - {p}
            if len(max_matching(rest, self.adj)) == len(rest):
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
                    f"({_fmt(self.score[p])} points) who may have it.",
                    f"Exempt : le joueur {p}, au numéro le plus grand du niveau le plus bas "
                    f"({fr_number(self.score[p])} points) pouvant l'être.",
                    rule="14.1" if self.r == 1 else "8.1",
                )
                return p
            skipped.append(p)
        raise NoValidPairing(
            f"round {self.r}: no player can receive the pairing-allocated bye so that the others "
            "can all be paired (Lim art. 8.1, 9.1)"
        )

    # --- art. 10: choosing floaters ---------------------------------------------------------
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
        whites = sum(1 for p in candidates if self.due[p] is WHITE)
        blacks = sum(1 for p in candidates if self.due[p] is BLACK)
        majority = WHITE if whites > blacks else BLACK if blacks > whites else None
        below = sorted(adjacent, reverse=not down)

        def taken_before(p: int) -> set[int]:
            taken: set[int] = set()
            for q in prior:
                if q not in incoming and (q > p if down else q < p):
                    continue
                options = [x for x in below if x in self.adj[q] and x not in taken]
                good = [x for x in options if self.colour_good(q, x)]
                if good or options:
                    taken.add((good or options)[0])
            return taken

        def ftype(p: int) -> int:
            free = adjacent - taken_before(p)
            has = any(q in self.adj[p] for q in free)
            if self.floated_before(p, down):
                return 2 if has else 3
            return 0 if has else 1

        types = {p: ftype(p) for p in candidates}

        def key(p: int) -> tuple[int, int, int, int]:
            side = 0 if majority is None or self.due[p] is majority else 1
            return (types[p], int(self.floated_last_round(p)), side, -p if down else p)

        names = {0: "d", 1: "c", 2: "b", 3: "a"}
        return [(p, names[types[p]]) for p in sorted(candidates, key=key)]

    # --- art. 9.4, 11: proposed pairings and exchanges ------------------------------------
    def pair_set(
        self,
        natives: list[int],
        incoming: list[_Floater],
        direction: Direction,
    ) -> list[tuple[int, int]]:
        """Pair every player of ``natives`` + ``incoming`` (a complete pairing must exist).

        Incoming floaters are paired first (10.6, 10.7), each with the best-placed native due
        the opposite colour (10.8). Then the natives are scrutinised in order (11.1): the
        proposed opponent is the first of the other half (9.4) and the exchange sequence is the
        one of 11.2-11.3 (:func:`exchange_sequence`); a candidate is taken when the players
        not yet paired can still all be paired (11.4: the exchanges for one player must leave
        the players before it paired), preferring a candidate that gives both players their
        due colour (12.2; 12.7 in maxi-tournaments).
        """
        down = direction is Direction.DOWN
        verts = set(natives) | {f.pid for f in incoming}
        mate = max_matching(verts, self.adj)
        if len(mate) != len(verts):  # pragma: no cover - callers guarantee a complete pairing
            raise NoValidPairing(f"round {self.r}: a group cannot be paired")
        pairs: list[tuple[int, int]] = []
        remaining_natives = sorted(natives, reverse=not down)
        floaters_order = [f.pid for f in incoming]

        def take(p: int, cands: list[int]) -> None:
            nonlocal verts, mate
            first = cands[0] if cands else None
            good = [c for c in cands if self.colour_good(p, c)]
            if self.maxi and first is not None:
                good = [c for c in good if c == first or abs(
                    self.t.players[c].rating - self.t.players[first].rating) <= 100]
            ordered = good + [c for c in cands if c not in good]
            for c in ordered:
                if c not in self.adj[p]:
                    continue
                if mate.get(p) == c:
                    verts, mate = _without_pair(verts, self.adj, mate, p, c)
                else:
                    rest, new = _without_pair(verts, self.adj, mate, p, c)
                    if len(new) != len(rest):
                        continue
                    verts, mate = rest, new
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
        return self.colour_exchanges(pairs)

    def colour_exchanges(self, pairs: list[tuple[int, int]]) -> list[tuple[int, int]]:
        """Art. 12.2 (second scrutiny): exchange the opponents of two pairs when both new pairs
        are compatible and more of the four players get their due colour.

        Pairs are taken in scrutiny order; a pair where a player misses its due colour looks
        for the first other pair (after it, then before it) whose exchange helps. In
        maxi-tournaments the exchanged opponents may differ by at most 100 points (12.7).
        """
        pairs = list(pairs)

        def good(a: int, b: int) -> int:
            return int(self.colour_good(a, b))

        def rating(p: int) -> int:
            return self.t.players[p].rating

        changed = True
        while changed:
            changed = False
            for i, (a, b) in enumerate(pairs):
                if good(a, b):
                    continue
                others = [*range(i + 1, len(pairs)), *range(i)]
                for j in others:
                    c, d = pairs[j]
                    before = good(a, b) + good(c, d)
                    for x, y in ((c, d), (d, c)):
                        # a meets x, b meets y: b's opponent a is exchanged for y
                        if x not in self.adj[a] or y not in self.adj[b]:
                            continue
                        if self.maxi and abs(rating(b) - rating(x)) > 100:
                            continue
                        if good(a, x) + good(b, y) > before:
                            pairs[i], pairs[j] = (a, x), (b, y)
                            self.note(
                                f"Colour exchange: {a}-{b} and {c}-{d} become {a}-{x} and "
                                f"{b}-{y}.",
                                f"Échange pour les couleurs : {a}-{b} et {c}-{d} deviennent "
                                f"{a}-{x} et {b}-{y}.",
                                level=1, rule="12.2",
                            )
                            changed = True
                            break
                    if changed:
                        break
                if changed:
                    break
        return pairs

    def pair_group(
        self,
        score: float,
        kind: str,
        natives: list[int],
        incoming: list[_Floater],
        direction: Direction,
        adjacent: set[int],
    ) -> _GroupResult:
        """Pair one score group (art. 9.3-9.5, 10, 11); the unpaired float on (10.1, 10.2)."""
        down = direction is Direction.DOWN
        res = _GroupResult(score, kind)
        # 10.6 / 10.7: highest (down) or lowest (up) origin score first, then pairing number
        incoming = sorted(
            incoming, key=lambda f: (-f.origin, f.pid) if down else (f.origin, -f.pid)
        )
        members = set(natives) | {f.pid for f in incoming}
        k = len(max_matching(members, self.adj)) // 2
        en_dir = "downwards" if down else "upwards"
        fr_dir = "vers le bas" if down else "vers le haut"
        self.note(
            f"Scoregroup {_fmt(score)} ({kind}, paired {en_dir}): players {_ids(sorted(natives))}"
            + (f"; incoming floaters {_ids(f.pid for f in incoming)}" if incoming else ""),
            f"Niveau de points {fr_number(score)} ({_KIND_FR[kind]}, apparié {fr_dir}) : joueurs "
            f"{_ids(sorted(natives))}"
            + (f" ; flotteurs reçus {_ids(f.pid for f in incoming)}" if incoming else ""),
            rule="9.2",
        )
        floating: list[int] = []
        # art. 9.3 a-c: no compatible opponent in the group -> transferred
        incoming_ids = {f.pid for f in incoming}
        for p in sorted(members):
            if not any(q in members for q in self.adj[p]):
                floating.append(p)
                if p in incoming_ids:  # 10.5: no compatible opponent here either
                    self.note(*self.float_reason(p, "", True, down), level=1, rule="10.5")
                else:
                    self.note(*self.transfer_reason(p, members), level=1, rule="9.3")
        rest = members - set(floating)
        need = len(rest) - 2 * k
        if need:
            cand_natives = [p for p in natives if p in rest]
            order = self.float_order(cand_natives, direction, adjacent, floating, incoming_ids)
            # incoming floaters float further only when no native can (10.5, 10.6)
            in_order = [(f.pid, "") for f in reversed(incoming) if f.pid in rest]
            types = dict([*order, *in_order])
            for _ in range(need):
                ordered = [q for q, _ in [*order, *in_order] if q in rest]
                p = _next_floater(ordered, rest, self.adj, k)
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
                floating.append(p)
                self.note(*self.float_reason(p, ftype, p in incoming_ids, down), level=1,
                          rule="10.5" if p in incoming_ids else "10.2")
        pairs = self.pair_set(
            [p for p in natives if p in rest], [f for f in incoming if f.pid in rest], direction
        )
        res.pairs = pairs
        origin = {f.pid: f for f in incoming}
        for p in floating:
            res.floaters.append(origin.get(p, _Floater(p, score, down)))
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
        if ref != p and abs(rp - rr) > 100 and len(max_matching(rest - {ref}, self.adj)) // 2 == k:
            return ref
        return p

    def transfer_reason(self, p: int, members: set[int]) -> tuple[str, str]:
        others = members - {p}
        s = self.states[p]
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

    # --- art. 12, 14.2: colours of a board -------------------------------------------------
    def board(self, a: int, b: int, kind: str) -> tuple[Board, str, str, str]:
        """Colours of the pair ``a``-``b``: the Board and the rule deciding, with its text."""
        hi, lo = min(a, b), max(a, b)
        sa, sb = self.states[hi], self.states[lo]
        if self.r == 1 and not sa.colours and not sb.colours:
            # art. 14.2: odd-numbered players of the top half get the colour of no. 1
            first = self.t.initial_colour or WHITE
            pos = self.ids.index(hi) + 1
            c = first if pos % 2 == 1 else first.opposite
            return self._give(hi, lo, c, "14.2",
                              "first-round colours: odd numbers of the top half have the colour "
                              "of no. 1",
                              "couleurs de la première ronde : les impairs de la moitié "
                              "supérieure ont la couleur du n° 1")
        legal_hi_white = self.colours_ok(hi, lo)
        legal_hi_black = self.colours_ok(lo, hi)
        if legal_hi_white != legal_hi_black:
            return self._give(hi, lo, WHITE if legal_hi_white else BLACK, "12.3",
                              "the other allocation would break 12.1 a/b",
                              "l'autre attribution violerait 12.1 a/b")
        dh, dl = self.due[hi], self.due[lo]
        if dh is None and dl is None:
            return self._give(hi, lo, WHITE, "12.4",
                              "no colour history: the lower number has White",
                              "aucun historique : le plus petit numéro a les Blancs")
        if dh is None or dl is None:
            if dh is None:
                assert dl is not None
                return self._give(hi, lo, dl.opposite, "12.1", "one player has no history",
                                  "un joueur n'a pas d'historique")
            return self._give(hi, lo, dh, "12.1", "one player has no history",
                              "un joueur n'a pas d'historique")
        if dh is not dl:
            rule = "12.6" if self.r % 2 == 0 else "12.5"
            return self._give(hi, lo, dh, rule, "both get their due colour",
                              "chacun reçoit sa couleur due")
        contested = dh
        ah, al = self.is_absolute(hi), self.is_absolute(lo)
        if ah != al:
            winner = hi if ah else lo
            return self._give(hi, lo, contested if winner == hi else contested.opposite, "12.3",
                              f"player {winner} must change colour",
                              f"le joueur {winner} doit changer de couleur")
        # art. 12.4: go back through the histories (aligned from the end, GHR 3.4)
        ch, cl = sa.colours, sb.colours
        for i in range(1, min(len(ch), len(cl)) + 1):
            x, y = ch[-i], cl[-i]
            if x is not y:
                winner = hi if x is not contested else lo
                return self._give(
                    hi, lo, contested if winner == hi else contested.opposite, "12.4",
                    f"both due {_EN_COLOUR[contested]}; the histories differ {i} game(s) back: "
                    f"player {winner} gets {_EN_COLOUR[contested]}, alternating with that game",
                    f"tous deux doivent avoir {_FR_COLOUR[contested]} ; les historiques diffèrent "
                    f"{i} partie(s) en arrière : le joueur {winner} reçoit "
                    f"{_FR_COLOUR[contested]}, en alternance avec cette partie",
                )
        if len(ch) == len(cl) or kind != "lower":
            winner = hi
            why_en = ("identical histories: the lower number" if len(ch) == len(cl)
                      else f"{kind} group: the lower number")
            why_fr = ("historiques identiques : le plus petit numéro" if len(ch) == len(cl)
                      else "niveau supérieur ou médian : le plus petit numéro")
        else:
            winner = lo
            why_en = "lower group: the higher number"
            why_fr = "niveau inférieur : le plus grand numéro"
        return self._give(hi, lo, contested if winner == hi else contested.opposite, "12.4",
                          f"both due {_EN_COLOUR[contested]}, {why_en} ({winner}) gets it",
                          f"tous deux doivent avoir {_FR_COLOUR[contested]}, {why_fr} "
                          f"({winner}) les reçoit")

    def _give(
        self, hi: int, lo: int, hi_colour: Colour, rule: str, en: str, fr: str
    ) -> tuple[Board, str, str, str]:
        board = Board(hi, lo) if hi_colour is WHITE else Board(lo, hi)
        return board, rule, en, fr

    # --- the round ---------------------------------------------------------------------------
    def run(self) -> Pairing:
        self.note(
            f"Lim system, round {self.r}: {len(self.ids)} players to pair; median scoregroup "
            f"{_fmt(self.median)} points" + (" (last round, art. 13)" if self.last_round else ""),
            f"Système Lim, ronde {self.r} : {len(self.ids)} joueurs à apparier ; niveau médian "
            f"{fr_number(self.median)} points"
            + (" (dernière ronde, art. 13)" if self.last_round else ""),
            rule="9.2",
        )
        bye = self.choose_bye()
        pool = [p for p in self.ids if p != bye]
        if len(max_matching(pool, self.adj)) != len(pool):
            raise NoValidPairing(
                f"round {self.r}: the players cannot all be paired with compatible opponents "
                "(Lim art. 9.1)"
            )
        groups: dict[float, list[int]] = {}
        for p in pool:
            groups.setdefault(self.score[p], []).append(p)
        upper = sorted((s for s in groups if s > self.median), reverse=True)
        lower = sorted(s for s in groups if s < self.median)
        all_scores = sorted(groups, reverse=True)

        def adjacent(s: float, down: bool) -> set[int]:
            i = all_scores.index(s)
            j = i + 1 if down else i - 1
            return set(groups[all_scores[j]]) if 0 <= j < len(all_scores) else set()

        done_upper: list[_GroupResult] = []
        carry: list[_Floater] = []
        for s in upper:
            g = self.pair_group(s, "upper", sorted(groups[s]), carry, Direction.DOWN,
                                adjacent(s, True))
            done_upper.append(g)
            carry = g.floaters
        down_in = carry
        done_lower: list[_GroupResult] = []
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
            board, rule, en, fr = self.board(a, b, self.kind_of.get(a, "median"))
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
        down_in: list[_Floater],
        up_in: list[_Floater],
        done_upper: list[_GroupResult],
        done_lower: list[_GroupResult],
    ) -> list[tuple[int, int]]:
        """Pair the median group last, downwards (9.2); if it is blocked, undo the adjacent
        group and pair its players with the median group (9.6)."""
        extra: list[_Floater] = []
        while True:
            # 10.6.3: downfloaters first (highest score, then lowest number), then upfloaters
            # (lowest score, then highest number), then the median players
            downs = sorted([f for f in down_in + extra if f.down],
                           key=lambda f: (-f.origin, f.pid))
            ups = sorted([f for f in up_in + extra if not f.down],
                         key=lambda f: (f.origin, -f.pid))
            incoming = downs + ups
            members = set(natives) | {f.pid for f in incoming}
            if len(max_matching(members, self.adj)) == len(members):
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
                extra.append(_Floater(p, self.score[p], down=not undo_lower))
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


_KIND_FR = {"upper": "supérieur", "lower": "inférieur", "median": "médian"}


def exchange_sequence(players: list[int]) -> list[int]:
    """Opponents to try, in order, for ``players[0]`` (art. 9.4, 11.1-11.3).

    ``players`` are the players of the group not yet paired, in scrutiny order (ascending
    pairing numbers when pairing down, descending when pairing up), the one to pair first.
    The proposed opponent is the first of the other half (9.4: 1 - n/2+1); then the rest of
    the other half in order, then the own half from the bottom up: for six players the
    opponents of no. 1 are 4, 5, 6, 3, 2, the sequence of the table of 11.2. Applied again to
    the players left (11.3) it gives the table of 11.3.
    """
    first, rest = players[0], players[1:]
    del first
    h = (len(rest) + 1) // 2
    top, bottom = rest[: h - 1], rest[h - 1 :]
    return bottom + top[::-1]


def _next_floater(order: list[int], rest: set[int], adj: dict[int, set[int]], k: int) -> int:
    """The first player of ``order`` whose transfer still lets ``k`` pairs be made in ``rest``
    (art. 10.1, 11.4: a player floats when no exchange can give it a compatible opponent)."""
    for p in order:
        if p in rest and len(max_matching(rest - {p}, adj)) // 2 == k:
            return p
    raise NoValidPairing("no floater can be chosen")  # pragma: no cover - a maximum matching
    # leaves at least one player of ``order`` unmatched whenever ``need`` > 0


def propose_group(
    players: list[int], compatible: dict[int, set[int]], direction: Direction = Direction.DOWN
) -> tuple[list[tuple[int, int]], list[int]]:
    """Pairs and floaters of one group from compatibility alone (art. 9.3, 9.4, 10.2, 11.1-11.4).

    ``players`` in pairing-number order. Players without a compatible opponent are transferred
    (9.3); then as few players as possible float, each time the highest- (down) or lowest-
    numbered (up) player whose transfer keeps the largest number of pairs (10.2, 11.4 a-b);
    the others are paired by :func:`propose`.
    """
    down = direction is Direction.DOWN
    adj = _symmetric(players, compatible)
    members = set(players)
    floaters = [p for p in players if not adj[p]]
    rest = members - set(floaters)
    k = len(max_matching(rest, adj)) // 2
    order = sorted(rest, reverse=down)
    for _ in range(len(rest) - 2 * k):
        p = _next_floater(order, rest, adj, k)
        rest.discard(p)
        floaters.append(p)
    scrutiny = sorted(rest, reverse=not down)
    return propose(scrutiny, compatible), floaters


def _symmetric(players: list[int], compatible: dict[int, set[int]]) -> dict[int, set[int]]:
    inside = set(players)
    adj: dict[int, set[int]] = {p: set() for p in players}
    for p in players:
        for q in compatible.get(p, set()):
            if q in inside and q != p:
                adj[p].add(q)
                adj[q].add(p)
    return adj


def propose(players: list[int], compatible: dict[int, set[int]]) -> list[tuple[int, int]]:
    """The first complete pairing of ``players`` (in scrutiny order) reached by the exchanges
    of art. 11.1-11.4, compatibility only: the function the tables of 11.2 and 11.3 describe."""
    adj = _symmetric(players, compatible)
    verts = set(players)
    mate = max_matching(verts, adj)
    if len(mate) != len(verts):
        raise NoValidPairing("no complete pairing of the group")
    left = list(players)
    out = []
    while left:
        p = left.pop(0)
        for c in exchange_sequence([p, *left]):
            if c not in adj[p]:
                continue
            rest, new = _without_pair(verts, adj, mate, p, c)
            if len(new) == len(rest):
                verts, mate = rest, new
                out.append((p, c))
                left.remove(c)
                break
    return out
