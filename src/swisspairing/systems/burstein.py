"""The Burstein system, FIDE C.04.4.2 as applied from 1 February 2026.

Source: ``../shared/rules/burstein.md`` (digest of the 2026 text), cited by its article numbers
(``1.6``, ``1.7.2``, ``3.1.3``, ``4.3``, ``5.2.4``) and criteria ``C1``-``C8``. How the engine
works and why it gives the text's answer: ``docs/burstein.md``.

* Rounds 1 to min(R // 2, 4) are seeding rounds (1.6), paired as a whole by the Dutch system in
  force (:data:`swisspairing.systems.dutch.DUTCH_2025`), colours included.
* Later rounds: every player gets an **Index** (1.7: Buchholz, then Sonneborn-Berger, from real
  points only); the pairing-allocated bye is chosen first (3.1); the scoregroups are paired from
  the top, each bracket being its residents plus the incoming floaters ranked together by Index
  then TPN (1.8, 4.1). In a bracket the pairing is the one that best meets C5-C8, and among
  equals the first in the order of 4.3. Both are found by one maximum-weight matching over the
  bracket *and every player below it* (C4 completion, C7 look-ahead), whose integer edge weights
  hold the criteria as digits, highest priority first, and the 4.3 order as the lowest digits.
* Colours: 5.2.1-5.2.5, pair by pair.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from ..errors import BadRequest, NoValidPairing
from ..matching import max_cardinality_matching, max_weight_matching
from ..model import Board, Colour, Pairing, ResultKind, Tournament, build_states
from ..model.state import PlayerState, PreferenceStrength
from .dutch import DUTCH_2025, RULES_2025, initial_colour
from .explain import Explanation, fr_number

WHITE, BLACK = Colour.WHITE, Colour.BLACK
#: 1.6.2: at most four seeding rounds.
MAX_SEEDING_ROUNDS = 4


def seeding_rounds(total_rounds: int) -> int:
    """1.6.2: the number of seeding rounds, min(floor(R / 2), 4) (R=5 -> 2, 6-7 -> 3, >= 8 -> 4)."""
    return min(total_rounds // 2, MAX_SEEDING_ROUNDS)


def _tenths(points: float) -> int:
    return round(points * 10)


# --------------------------------------------------------------------------------------------
# The Index (1.7) and the ranking order (1.8)
# --------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Index:
    """A player's Index (1.7.1, 1.8.1): Buchholz in tenths of a point, Sonneborn-Berger in
    hundredths (points earned x opponent's score). Not the C.07 tie-breaks (1.7: no capped
    "dummy opponent"; see :mod:`swisspairing.standings.tiebreaks` for those)."""

    buchholz: int
    sonneborn_berger: int

    def text(self) -> str:
        return f"BH {self.buchholz / 10:g}, SB {self.sonneborn_berger / 100:g}"


def zero_point_bye_run(state: PlayerState) -> int:
    """1.7.2 (exception): how many zero-point byes the player has in a row up to the current
    round, i.e. in the rounds just before the round to pair."""
    run = 0
    for rec in reversed(state.rounds):
        if rec.kind is not ResultKind.ZERO_POINT_BYE:
            break
        run += 1
    return run


def real_score(state: PlayerState) -> int:
    """The score the Index uses, in tenths: standings points only. 1.7.2 (Acceleration):
    virtual points (Baku, ``XXA``/``250``) are excluded from every Index method, so this is
    ``state.score`` and never ``state.pairing_score``."""
    return _tenths(state.score)


def score_as_opponent(state: PlayerState, draw: int, zero_bye: int) -> int:
    """1.7.2: the player's current real score (tenths) as it counts in an *opponent's* Index.

    Exception of 1.7.2: each zero-point bye of the run of zero-point byes up to the current round
    (:func:`zero_point_bye_run`) counts as a draw, for the benefit of the player's over-the-board
    opponents. The player's own Index does not get this benefit (see :func:`player_index`).
    """
    return real_score(state) + zero_point_bye_run(state) * (draw - zero_bye)


def player_index(state: PlayerState, states: dict[int, PlayerState], draw: int,
                 zero_bye: int) -> Index:
    """1.7.1/1.7.2: Buchholz = sum of the opponents' current scores; Sonneborn-Berger = sum of
    (points earned in the round) x (that opponent's current score).

    1.7.2 (Unplayed games): a round the player did not play over the board (any bye, a forfeit,
    an absence) counts as a game against himself/herself: the opponent's score is the player's
    own current real score, and the points earned are those registered for that round.
    ``draw`` / ``zero_bye``: the tournament's points for a draw and a zero-point bye (tenths).
    """
    own = real_score(state)
    buchholz = sonneborn_berger = 0
    for rec in state.rounds:
        if rec.is_played and rec.opponent in states:
            value = score_as_opponent(states[rec.opponent], draw, zero_bye)
        else:
            value = own
        buchholz += value
        sonneborn_berger += _tenths(rec.points) * value
    return Index(buchholz, sonneborn_berger)


def ranking_key(player: BursteinPlayer) -> tuple[int, int, int]:
    """1.8: the Index, higher first (Buchholz, then Sonneborn-Berger), then TPN ascending.
    Scores are not part of this order (1.8)."""
    return (-player.index.buchholz, -player.index.sonneborn_berger, player.id)


# --------------------------------------------------------------------------------------------
# Players
# --------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class BursteinPlayer:
    """A player to pair after the seeding rounds.

    ``score``: pairing score in tenths (virtual points included: it makes the scoregroups,
    1.2.1); ``index``: the Index from real points (1.7); ``preference``/``strength``: colour
    preference of 1.5 (the Dutch definitions; no game -> no preference, 1.5.4);
    ``bye_eligible``: C2 (C.04.1 Art. 4: no PAB after a PAB or after a win's points without
    playing).
    """

    id: int
    score: int
    index: Index
    colours: tuple[Colour, ...]
    opponents: frozenset[int]
    preference: Colour | None
    strength: PreferenceStrength
    bye_eligible: bool

    @property
    def games(self) -> int:
        return len(self.colours)

    @property
    def absolute(self) -> bool:
        return self.strength is PreferenceStrength.ABSOLUTE


def burstein_players(t: Tournament, round_number: int) -> dict[int, BursteinPlayer]:
    """The players to pair in ``round_number`` (those not absent), with their Index."""
    states = build_states(t, round_number)
    absent = t.not_paired_in(round_number)
    ps = t.point_system
    draw, zero_bye = _tenths(ps.draw), _tenths(ps.zero_point_bye)
    out: dict[int, BursteinPlayer] = {}
    for pid, st in states.items():
        if pid in absent:
            continue
        pref = st.preference
        out[pid] = BursteinPlayer(
            id=pid,
            score=_tenths(st.pairing_score),
            index=player_index(st, states, draw, zero_bye),
            colours=st.colours,
            opponents=st.opponents,
            preference=pref.colour,
            strength=pref.strength,
            bye_eligible=RULES_2025.bye_eligible(st, ps),  # C2 = C.04.1 Art. 4 (2026)
        )
    return out


# --------------------------------------------------------------------------------------------
# Colours (5.2)
# --------------------------------------------------------------------------------------------
def allocate_colours(a: BursteinPlayer, b: BursteinPlayer, initial: Colour
                     ) -> tuple[int, int, str]:
    """(white id, black id, rule) for the pair a-b by 5.2.1-5.2.5. "Higher-ranked" is by the
    ranking order of 1.8 (Index, then TPN)."""
    hi, lo = (a, b) if ranking_key(a) < ranking_key(b) else (b, a)

    def give(p: BursteinPlayer, colour: Colour, rule: str) -> tuple[int, int, str]:
        other = lo if p is hi else hi
        return (p.id, other.id, rule) if colour is WHITE else (other.id, p.id, rule)

    # 5.2.1 neither has played: the higher-ranked player gets the initial colour if its TPN is
    # odd, the other colour if it is even
    if not hi.colours and not lo.colours:
        return give(hi, initial if hi.id % 2 == 1 else initial.opposite, "5.2.1")
    # 5.2.2 grant both preferences (a player without a preference lets the other's be granted,
    # 1.5.4)
    if hi.preference is None or lo.preference is None or hi.preference is not lo.preference:
        p = hi if hi.preference is not None else lo
        return give(p, p.preference, "5.2.2")  # type: ignore[arg-type]
    # 5.2.3 grant the stronger preference
    if hi.strength is not lo.strength:
        p = hi if hi.strength.value > lo.strength.value else lo
        return give(p, p.preference, "5.2.3")  # type: ignore[arg-type]
    # 5.2.4 alternate from the most recent round where one had White and the other Black
    # (played games only, aligned from the end: GHR 3.4)
    for ch, cl in zip(reversed(hi.colours), reversed(lo.colours), strict=False):
        if ch is not cl:
            return give(hi, ch.opposite, "5.2.4")
    # 5.2.5 the preference of the higher-ranked player
    return give(hi, hi.preference, "5.2.5")


def misses_preference(a: BursteinPlayer, b: BursteinPlayer) -> bool:
    """C8: whether one player of the pair does not get its colour preference. With 5.2, two
    different preferences (or a player without one, 1.5.4) are all granted; two equal ones
    leave exactly one player without it."""
    return a.preference is not None and a.preference is b.preference


# --------------------------------------------------------------------------------------------
# Criteria as matching weights
# --------------------------------------------------------------------------------------------
def _multipliers(radices: Sequence[int]) -> list[int]:
    """Place values of a mixed-radix number whose digits ``radices`` lists from the highest
    priority to the lowest: each radix is one more than the largest total its digit can reach,
    so a higher digit always outweighs every lower digit at its maximum."""
    mults = [0] * len(radices)
    m = 1
    for i in range(len(radices) - 1, -1, -1):
        mults[i] = m
        m *= radices[i]
    return mults


@dataclass(slots=True)
class BracketResult:
    """The pairing of one bracket: pairs, outgoing floaters, and what the criteria reached."""

    pairs: list[tuple[int, int]]
    floaters: list[int]
    #: per floater: (criterion that made it float, English, French)
    reasons: dict[int, tuple[str, str, str]] = field(default_factory=dict)


@dataclass
class _Round:
    """One Burstein round being paired: the players and the compatibility of C1, C3."""

    tournament: Tournament
    round_number: int
    players: dict[int, BursteinPlayer]
    explain: Explanation | None
    _compatible: dict[tuple[int, int], bool] = field(default_factory=dict)

    def note(self, en: str, fr: str, level: int = 0, rule: str = "") -> None:
        if self.explain is not None:
            self.explain.add(en, fr, level=level, rule=rule)

    def compatible(self, a: int, b: int) -> bool:
        """C1 no rematch; C3 not two players with the same absolute colour preference (no
        topscorer exception); and the pairs the tournament forbids (XXP/260)."""
        key = (a, b) if a < b else (b, a)
        known = self._compatible.get(key)
        if known is not None:
            return known
        pa, pb = self.players[a], self.players[b]
        ok = a != b and b not in pa.opponents
        if ok and pa.absolute and pb.absolute and pa.preference is pb.preference:
            ok = False
        if ok and self.tournament.forbidden_pairs:
            ok = not self.tournament.is_forbidden(a, b, self.round_number)
        self._compatible[key] = ok
        return ok

    def completable(self, ids: Iterable[int]) -> bool:
        """C4: the players can all be paired among themselves under C1-C3."""
        order = sorted(ids)
        if len(order) % 2:
            return False
        adj = {p: [q for q in order if q != p and self.compatible(p, q)] for p in order}
        return len(max_cardinality_matching(order, adj)) == len(order)

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
                skipped_en += f"; before it, not eligible (C2): {_ids(barred)}"
                skipped_fr += f" ; avant lui, non éligibles (C2) : {_ids(barred)}"
            if blocking:
                skipped_en += f"; the others could not all be paired without: {_ids(blocking)}"
                skipped_fr += (f" ; les autres ne seraient pas tous appariables sans : "
                               f"{_ids(blocking)}")
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

    # --- one bracket (3.2, 4) -------------------------------------------------------------
    def pair_bracket(self, bracket: list[int], following: list[int], below: list[int],
                     *, explain_floaters: bool = False) -> BracketResult:
        """3.2: the bracket pairing that best meets C5-C8, the first in the order of 4.3 among
        equals. ``bracket`` is in BSN order (4.1); ``following`` holds the residents of the next
        scoregroup (with the outgoing floaters they make the following bracket of C7);
        ``below`` everybody further down.
        """
        weights, digits = self._weights(bracket, following, below)
        mate = max_weight_matching(bracket + following + below, weights)
        if len(mate) != len(bracket) + len(following) + len(below):
            raise NoValidPairing(f"round {self.round_number}: the remaining players cannot all "
                                 "be paired (C4)")
        in_bracket = set(bracket)
        pairs = [(a, mate[a]) for a in bracket if mate[a] in in_bracket and a < mate[a]]
        pairs.sort(key=lambda p: bracket.index(p[0]))
        pairs = [(a, b) if bracket.index(a) < bracket.index(b) else (b, a) for a, b in pairs]
        floaters = [a for a in bracket if mate[a] not in in_bracket]
        result = BracketResult(pairs, floaters)
        if explain_floaters and floaters:
            chosen = _digit_values(mate, weights, digits)
            for f in floaters:
                result.reasons[f] = self._why_floats(f, bracket, following, below, chosen,
                                                     digits)
        return result

    def _weights(self, bracket: list[int], following: list[int], below: list[int]
                 ) -> tuple[dict[tuple[int, int], int], _Digits]:
        """Edge weights over the bracket B, the next scoregroup N and the rest L.

        Digits, highest priority first (each edge adds its share to each digit):

        1. every edge 1: the matching is perfect (C4, every player can still be paired);
        2. C5: edges inside B, the pairs of the bracket;
        3. C6: for each score of B (highest first), the players of B paired inside B: with a
           fixed number of floaters, the fewest floaters on the highest score, then the next,
           is the lexicographic minimum of the floaters' scores in descending order;
        4. C7: the following bracket (floaters of B + N): first the number of its pairs (B-N
           and N-N edges, its C5), then for each score of B + N the members it pairs (its C6);
           the rest of the perfect matching shows that its own C4 holds;
        5. C8: pairs of B in which both players get their colour preference;
        6. 4.3: the pairing of B as the sequence (opponent of BSN 1, of BSN 2, ...), floaters
           meeting BSN 0; the larger the earlier, so BSN i meeting BSN j adds j in the place
           of i (base n + 1), and j meeting i adds i in the place of j.
        """
        ps = self.players
        n = len(bracket)
        bsn = {pid: i for i, pid in enumerate(bracket, start=1)}
        group = {pid: 0 for pid in bracket}
        group.update({pid: 1 for pid in following})
        group.update({pid: 2 for pid in below})
        total = n + len(following) + len(below)
        b_levels = sorted({ps[i].score for i in bracket}, reverse=True)
        next_members = bracket + following
        next_levels = sorted({ps[i].score for i in next_members}, reverse=True)
        count_b = [sum(ps[i].score == s for i in bracket) for s in b_levels]
        count_next = [sum(ps[i].score == s for i in next_members) for s in next_levels]
        base43 = n + 1
        radices = [total // 2 + 1, n // 2 + 1, *(c + 1 for c in count_b),
                   len(next_members) // 2 + 1, *(c + 1 for c in count_next), n // 2 + 1,
                   base43 ** n]
        digits = _Digits(radices, len(b_levels), len(next_levels))
        mults = _multipliers(radices)
        place43 = {pid: base43 ** (n - i) for pid, i in bsn.items()}
        b_level = {pid: b_levels.index(ps[pid].score) for pid in bracket}
        next_level = {pid: next_levels.index(ps[pid].score) for pid in next_members}
        weights: dict[tuple[int, int], int] = {}
        everyone = bracket + following + below
        for x, a in enumerate(everyone):
            ga = group[a]
            for c in everyone[x + 1:]:
                gc = group[c]
                if ga == 2 and gc == 2:
                    if self.compatible(a, c):
                        weights[(a, c)] = mults[0]
                    continue
                if not self.compatible(a, c):
                    continue
                w = mults[0]
                if ga == 0 and gc == 0:
                    w += mults[1]
                    w += mults[digits.c6 + b_level[a]] + mults[digits.c6 + b_level[c]]
                    if not misses_preference(ps[a], ps[c]):
                        w += mults[digits.c8]
                    w += bsn[c] * place43[a] + bsn[a] * place43[c]
                elif ga <= 1 and gc <= 1:  # B-N or N-N: a pair of the following bracket
                    w += mults[digits.c7_pairs]
                    w += mults[digits.c7 + next_level[a]] + mults[digits.c7 + next_level[c]]
                weights[(a, c)] = w
        return weights, digits

    def _why_floats(self, floater: int, bracket: list[int], following: list[int],
                    below: list[int], chosen: list[int], digits: _Digits
                    ) -> tuple[str, str, str]:
        """The criterion that made ``floater`` float: pair the round again with ``floater``
        forced to stay in the bracket and see at which digit the best such pairing is worse."""
        weights, _ = self._weights(bracket, following, below)
        outside = set(following) | set(below)
        forced = {k: w for k, w in weights.items()
                  if not ((k[0] == floater and k[1] in outside)
                          or (k[1] == floater and k[0] in outside))}
        mate = max_weight_matching(bracket + following + below, forced)
        values = _digit_values(mate, forced, digits)
        return digits.first_difference(values, chosen)


@dataclass(frozen=True, slots=True)
class _Digits:
    """Where each criterion sits among the digits of :meth:`_Round._weights`."""

    radices: list[int]
    b_levels: int
    next_levels: int

    @property
    def c6(self) -> int:
        return 2

    @property
    def c7_pairs(self) -> int:
        return 2 + self.b_levels

    @property
    def c7(self) -> int:
        return 3 + self.b_levels

    @property
    def c8(self) -> int:
        return 3 + self.b_levels + self.next_levels

    def first_difference(self, forced: list[int], chosen: list[int]) -> tuple[str, str, str]:
        """The criterion of the first digit where ``forced`` is worse than ``chosen``."""
        for i, (f, c) in enumerate(zip(forced, chosen, strict=True)):
            if f == c:
                continue
            if i <= 1:
                return ("C4/C5", "with it paired, fewer pairs (or none that completes the "
                        "round) are possible",
                        "s'il était apparié, moins de paires (ou aucun appariement complet) "
                        "seraient possibles")
            if i < self.c7_pairs:
                return ("C6", "with it paired, a higher score would have to float",
                        "s'il était apparié, un score plus élevé devrait flotter")
            if i < self.c8:
                return ("C7", "with it paired, the following bracket would be paired worse "
                        "(fewer pairs or higher floaters)",
                        "s'il était apparié, le groupe suivant serait moins bien apparié "
                        "(moins de paires ou flotteurs plus élevés)")
            if i == self.c8:
                return ("C8", "with it paired, more players would miss their colour preference",
                        "s'il était apparié, plus de joueurs manqueraient leur préférence de "
                        "couleur")
            break
        return ("4.3", "the pairings of equal quality with it paired come later in the order "
                "of 4.3", "les appariements de même qualité où il est apparié viennent plus "
                "tard dans l'ordre de 4.3")


def _digit_values(mate: dict[object, object], weights: dict[tuple[int, int], int],
                  digits: _Digits) -> list[int]:
    """The value of each digit reached by a matching (the weight read in mixed radix)."""
    total = sum(w for (a, b), w in weights.items() if mate.get(a) == b)
    values = []
    for radix in reversed(digits.radices):
        total, digit = divmod(total, radix)
        values.append(digit)
    values.reverse()
    values[0] += total * digits.radices[0]
    return values


# --------------------------------------------------------------------------------------------
# The system
# --------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class BursteinSystem:
    """The Burstein system (C.04.4.2, 2026)."""

    name: str = "burstein"

    def pair(self, tournament: Tournament, round_number: int | None = None,
             explain: Explanation | None = None) -> Pairing:
        r = tournament.next_round if round_number is None else round_number
        if tournament.total_rounds is None:
            raise BadRequest("the Burstein system needs the number of rounds of the tournament "
                             "(XXR or 142) to know how many seeding rounds there are (1.6.2)")
        seeding = seeding_rounds(tournament.total_rounds)
        if r <= seeding:
            if explain is not None:
                explain.add(f"Round {r} is a seeding round (1 to {seeding} of "
                            f"{tournament.total_rounds}): paired by the Dutch system in force",
                            f"La ronde {r} est une ronde d'initialisation (1 à {seeding} sur "
                            f"{tournament.total_rounds}) : appariée par le système suisse "
                            "hollandais en vigueur", rule="1.6")
            return DUTCH_2025.pair(tournament, r, explain)
        return self._pair_burstein(tournament, r, explain)

    def _pair_burstein(self, t: Tournament, r: int, explain: Explanation | None) -> Pairing:
        players = burstein_players(t, r)
        rnd = _Round(t, r, players, explain)
        initial = initial_colour(t)
        rnd.note(f"Round {r}, Burstein: {len(players)} players; Index = Buchholz, then "
                 "Sonneborn-Berger, from real points (unplayed rounds against oneself)",
                 f"Ronde {r}, Burstein : {len(players)} joueurs ; indice = Buchholz, puis "
                 "Sonneborn-Berger, sur les points réels (rondes non jouées contre soi-même)",
                 rule="1.7")
        for p in sorted(players.values(), key=lambda p: (-p.score, ranking_key(p))):
            rnd.note(f"player {p.id}: score {p.score / 10:g}, {p.index.text()}",
                     f"joueur {p.id} : score {fr_number(p.score / 10)}, {p.index.text()}",
                     level=1, rule="1.7")
        pairing = Pairing(r, unpaired=dict(t.not_paired_in(r)))
        ids = sorted(players)
        if len(ids) % 2:
            pairing.bye = rnd.choose_bye(ids)  # 1.9.2: the PAB first
            ids.remove(pairing.bye)
        elif not rnd.completable(ids):
            raise NoValidPairing(f"round {r}: no pairing satisfies the absolute criteria "
                                 "C1-C3; the chief arbiter decides (1.9.3)")
        pairs = self._pair_brackets(rnd, ids)
        boards = []
        for a, b in pairs:
            white, black, rule = allocate_colours(players[a], players[b], initial)
            boards.append(Board(white, black))
            rnd.note(f"board {white} - {black}: White {white}, Black {black}",
                     f"échiquier {white} - {black} : Blancs {white}, Noirs {black}",
                     level=1, rule=rule)
        pairing.boards = boards
        return pairing

    def _pair_brackets(self, rnd: _Round, ids: list[int]) -> list[tuple[int, int]]:
        """1.9.2: the top scoregroup first, then bracket by bracket downwards; a bracket is the
        scoregroup's residents and the incoming floaters, ranked together by 1.8 (4.1)."""
        ps = rnd.players
        scores = sorted({ps[i].score for i in ids}, reverse=True)
        groups = {s: [i for i in ids if ps[i].score == s] for s in scores}
        incoming: list[int] = []
        pairs: list[tuple[int, int]] = []
        for k, score in enumerate(scores):
            bracket = sorted(incoming + groups[score], key=lambda i: ranking_key(ps[i]))
            following = groups[scores[k + 1]] if k + 1 < len(scores) else []
            below = [i for s in scores[k + 2:] for i in groups[s]]
            rnd.note(f"Bracket {score / 10:g}: BSN " + ", ".join(
                         f"{n}={pid}" for n, pid in enumerate(bracket, start=1))
                     + (f" (incoming floaters {_ids(incoming)})" if incoming else ""),
                     f"Groupe {fr_number(score / 10)} : numéros " + ", ".join(
                         f"{n}={pid}" for n, pid in enumerate(bracket, start=1))
                     + (f" (flotteurs entrants {_ids(incoming)})" if incoming else ""),
                     rule="4.1")
            result = rnd.pair_bracket(bracket, following, below,
                                      explain_floaters=rnd.explain is not None)
            rnd.note(f"pairs {', '.join(f'{a}-{b}' for a, b in result.pairs) or '-'} "
                     f"(the most pairs possible: {len(result.pairs)})",
                     f"paires {', '.join(f'{a}-{b}' for a, b in result.pairs) or '-'} "
                     f"(le plus de paires possible : {len(result.pairs)})",
                     level=1, rule="C5, 4.3")
            for f in result.floaters:
                rule, en, fr = result.reasons.get(f, ("C5", "", ""))
                rnd.note(f"player {f} floats down: {en}", f"le joueur {f} flotte : {fr}",
                         level=1, rule=rule)
            pairs.extend(result.pairs)
            incoming = result.floaters
        if incoming:  # pragma: no cover - C4 keeps the last bracket complete
            raise NoValidPairing(f"round {rnd.round_number}: players {_ids(incoming)} cannot be "
                                 "paired (C4)")
        return pairs


def _ids(ids: Iterable[int]) -> str:
    return " ".join(str(i) for i in ids) or "-"


#: The Burstein system, C.04.4.2 applied from 1 February 2026.
BURSTEIN = BursteinSystem()
