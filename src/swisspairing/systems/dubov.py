"""The Dubov Swiss system: the 1997 text (``dubov-1997``) and the current FIDE text (``dubov``).

Sources: ``../shared/seeds/dubov-1997.fr.txt`` (French translation of the 1997 text, cited as
``art. N``) and ``../shared/rules/dubov-current.md`` (digest of C.04.4.1 in force from 2026,
cited by its article numbers ``1.6``, ``3.2.4`` ... and criteria ``C1``-``C10``).

Both versions share one engine (:class:`DubovSystem`): ARO per round, colour preferences,
White-seekers (G1) paired against the others (G2), transfers between the two subgroups, players
moved from a lower scoregroup into a bracket, the bye, and colour allocation. Everything the two
texts do differently is a field of :class:`DubovRules` (sort keys, shifter order, colour rules,
bye order, float limits, downfloats). See ``docs/dubov.md`` for the decisions taken where the
texts are ambiguous (notably the order of Black-seekers in 1997 art. 6.2).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from ..errors import NoValidPairing
from ..matching import bipartite_covers, max_cardinality_matching
from ..model import Board, Colour, Pairing, ResultKind, Tournament, build_states
from ..model.state import ColourPreference, PlayerState
from .explain import Explanation, fr_number

WHITE, BLACK = Colour.WHITE, Colour.BLACK
#: Bound on the candidate sets examined for one choice (upfloaters, shifters); the search walks
#: the sets in the rule's order, so the bound only matters in pathological brackets.
SEARCH_LIMIT = 400


# --------------------------------------------------------------------------------------------
# Player view
# --------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class DubovPlayer:
    """What both Dubov texts need to know about a player before the round.

    * ``aro``: average rating of the opponents met over the board (1997 art. 1 "CMA";
      2026 1.7 ARO, rounded, .5 up, 0 before the first game);
    * ``preference``/``strength``: the due colour (1997 art. 1; 2026 1.6), strength 3 absolute,
      2 strong, 1 mild;
    * ``can_white``/``can_black``: whether the colour keeps the colour difference within +-2
      and avoids three equal colours in a row (1997 art. 2.3, 2.4; 2026 C3);
    * ``upfloats``: rounds in which the player was paired against a higher pairing score;
      ``upfloated_last`` whether that happened in the previous round (1997 art. 2.5; 2026
      1.8, C8-C10); ``downfloats``: the opposite (1997 art. 6.4 "flotteur provenant d'un
      groupe supérieur");
    * ``bye_ineligible``: had a pairing-allocated bye or scored a win's points without playing
      (1997 art. 2.2; 2026 C2 = C.04.1 Art. 4).
    """

    id: int
    name: str
    rating: int
    rank: int
    score: float
    aro: float
    colours: tuple[Colour, ...]
    opponents: frozenset[int]
    preference: Colour
    strength: int
    can_white: bool
    can_black: bool
    upfloats: int
    upfloated_last: bool
    downfloats: int
    bye_ineligible: bool

    @property
    def games(self) -> int:
        return len(self.colours)

    @property
    def colour_difference(self) -> int:
        return sum(1 if c is WHITE else -1 for c in self.colours)

    def label(self) -> str:
        return f"{self.id}"


def _due_colour(pref: ColourPreference) -> tuple[Colour, int]:
    """Due colour and strength (3 absolute, 2 strong, 1 mild) from the model's preference.

    The model computes 2026 1.6.1-1.6.3 (the Dutch definitions, identical here; 1997 art. 1
    gives the same colour). 1.6.4: a player with no game yet has a mild preference for Black;
    1997 art. 1 defines nothing for him and we use Black too (docs/dubov.md).
    """
    if pref.colour is None:
        return BLACK, 1
    return pref.colour, pref.strength.value


def _preference(colours: Sequence[Colour]) -> tuple[Colour, int]:
    """:func:`_due_colour` of a played-colour history (for tests and explanations)."""
    state = PlayerState(0, 0, 0.0, 0.0, tuple(colours), frozenset(), ())
    return _due_colour(state.preference)


def _allowed(colours: Sequence[Colour]) -> tuple[bool, bool]:
    """(can take White, can take Black) under 1997 art. 2.3/2.4 and 2026 C3."""
    cd = sum(1 if c is WHITE else -1 for c in colours)
    two_white = len(colours) >= 2 and colours[-1] is WHITE and colours[-2] is WHITE
    two_black = len(colours) >= 2 and colours[-1] is BLACK and colours[-2] is BLACK
    return (cd < 2 and not two_white), (cd > -2 and not two_black)


def _aro(state: PlayerState, ratings: dict[int, int], rounded: bool) -> float:
    """ARO / CMA: mean rating of the opponents met over the board (1997 art. 1; 2026 1.7).

    2026 1.7.1 rounds to the nearest integer, .5 up; 1.7.3 ARO = 0 without a game. The 1997
    text does not round (its example shows one decimal), so the exact mean is kept.
    """
    opps = [r.opponent for r in state.rounds if r.is_played and r.opponent in ratings]
    if not opps:
        return 0.0
    total = sum(ratings[o] for o in opps)
    if rounded:
        return float((2 * total + len(opps)) // (2 * len(opps)))  # .5 rounded up
    return total / len(opps)


# --------------------------------------------------------------------------------------------
# Matching helpers
# --------------------------------------------------------------------------------------------
def _bipartite_perfect(left: Sequence[int], right: Sequence[int],
                       ok: Callable[[int, int], bool]) -> bool:
    """Whether every player of ``left`` can get a distinct legal partner in ``right``."""
    return len(left) == len(right) and bipartite_covers(left, right, ok)


# --------------------------------------------------------------------------------------------
# Rules table: what differs between the two texts
# --------------------------------------------------------------------------------------------
ColourRule = Callable[["_Round", DubovPlayer, DubovPlayer], Colour | None]


@dataclass(frozen=True)
class DubovRules:
    """The differences between the 1997 text and the 2026 text, as data and small functions."""

    name: str
    #: ARO rounded to an integer, .5 up (2026 1.7.1) or exact (1997).
    aro_rounded: bool
    #: order of G1 (White-seekers) = S1 (1997 art. 6.2 first paragraph; 2026 3.2.5)
    s1_key: Callable[[DubovPlayer], tuple[object, ...]]
    #: order in which G2 (Black-seekers) is tried against S1 (1997 art. 6.2/6.3; 2026 4.4)
    g2_key: Callable[[DubovPlayer], tuple[object, ...]]
    #: order of the White-seekers, then the Black-seekers, to move to the other subgroup
    #: (1997 art. 7.3/7.4; 2026 4.3)
    white_shifters: Callable[[list[DubovPlayer]], list[DubovPlayer]]
    black_shifters: Callable[[list[DubovPlayer]], list[DubovPlayer]]
    #: colour rules in priority order: (rule id, English, French, function)
    colour_rules: tuple[tuple[str, str, str, ColourRule], ...]
    #: 1997 art. 2.5 hard limits on upfloats, or 2026 C8-C10 quality criteria
    hard_upfloat_limits: bool
    #: players who cannot be paired in their group go down (1997 art. 6.4) or never (2026 1.3.2)
    downfloats: bool
    #: 2026 3.2.4: the best set of shifters for C7; 1997 art. 7.3/7.4: the first that works
    shifters_by_c7: bool
    #: 1997 art. 2.2: no bye after any point scored without playing; 2026 C2: a win's points
    bye_bar_any_point: bool
    #: the ranking numbers of the round (2026 1.2: TPN, recalculated until round 4 by 1.2.2;
    #: 1997 art. 5: the list sorted by rating)
    ranking: Callable[[Tournament, int], dict[int, int]]
    #: rule ids used in explanations
    rule_bye: str
    rule_upfloat: str
    rule_split: str
    rule_shift: str
    rule_order: str
    rule_legal: str

    def max_upfloats(self, total_rounds: int) -> int:
        """1997 art. 2.5: 3 (< 10 rounds) or 4 (>= 10 rounds); 2026 1.8.2: MaxT = 2 + Rnds // 5."""
        if self.hard_upfloat_limits:
            return 3 if total_rounds < 10 else 4
        return 2 + total_rounds // 5


def _middle_out(players: list[DubovPlayer]) -> list[DubovPlayer]:
    """2026 4.3.3: sequence numbers from the middle outwards; of two middle players the higher
    one in the list first. A B C D E F G -> D C E B F A G."""
    rest = list(players)
    out = []
    while rest:
        i = (len(rest) - 1) // 2
        out.append(rest.pop(i))
    return out


#: 2026 1.2.2: the TPNs are recalculated whenever a rating is introduced or modified "before
#: the pairing of the fourth round", so up to and including round 4.
TPN_RECALCULATED_UNTIL_ROUND = 4


def _tpns_2026(t: Tournament, round_number: int) -> dict[int, int]:
    """2026 1.2: the TPN of every player for pairing ``round_number``.

    1.2.2: until the fourth round is paired, each time a rating is introduced or modified the
    Chief Arbiter must recalculate the TPNs (GHR Art. 2: rating, then title, then name). The
    file keeps no rating history, so the recalculation is applied to the ratings it holds: the
    TPN is the position in that order (the file's number last, for complete ties). When the
    file already follows that order nothing changes. From round 5 on the TPNs are frozen
    (GHR 2.3): the file's numbers are used.
    """
    if round_number <= TPN_RECALCULATED_UNTIL_ROUND:
        return {pid: n for n, pid in enumerate(t.initial_order(), start=1)}
    return {pid: pid for pid in t.players}


def _rating_list_1997(t: Tournament, round_number: int) -> dict[int, int]:
    """1997 art. 5: the list sorted by descending rating, ties by pairing number."""
    order = sorted(t.players, key=lambda i: (-t.players[i].rating, i))
    return {pid: n for n, pid in enumerate(order, start=1)}


# --- colour rules ---------------------------------------------------------------------------
def _newcomers(rnd: _Round, a: DubovPlayer, b: DubovPlayer) -> Colour | None:
    """2026 5.2.1 (and 1997 art. 5 for round 1): both without a game -> the higher-ranked player
    (more points, then smaller rank) gets the initial colour if its rank is odd, else the other."""
    if a.games or b.games:
        return None
    higher = min(a, b, key=lambda p: (-p.score, p.rank))
    colour = rnd.initial_colour if higher.rank % 2 == 1 else rnd.initial_colour.opposite
    return colour if higher is a else colour.opposite


def _forced(rnd: _Round, a: DubovPlayer, b: DubovPlayer) -> Colour | None:
    """1997 art. 2.3/2.4, 2026 C3: when only one allocation keeps both within the limits."""
    a_white = a.can_white and b.can_black
    a_black = a.can_black and b.can_white
    if a_white != a_black:
        return WHITE if a_white else BLACK
    return None


def _both_preferences(rnd: _Round, a: DubovPlayer, b: DubovPlayer) -> Colour | None:
    """1997 art. 3 first rule; 2026 5.2.2: different due colours -> both get theirs."""
    return a.preference if a.preference is not b.preference else None


def _stronger(rnd: _Round, a: DubovPlayer, b: DubovPlayer) -> Colour | None:
    """2026 5.2.3: the stronger preference is granted."""
    if a.strength == b.strength:
        return None
    return a.preference if a.strength > b.strength else a.preference.opposite


def _equalise(rnd: _Round, a: DubovPlayer, b: DubovPlayer) -> Colour | None:
    """1997 art. 3 second rule: equalise Whites and Blacks -> White to the lower difference."""
    if a.colour_difference == b.colour_difference:
        return None
    return WHITE if a.colour_difference < b.colour_difference else BLACK


def _alternate(rnd: _Round, a: DubovPlayer, b: DubovPlayer) -> Colour | None:
    """1997 art. 3 third rule; 2026 5.2.4 (GHR 3.4): going back from the last round, at the first
    round where the colours differ, each player gets the colour other than the one it had then.
    Unplayed rounds are left out (as if at the start of the history)."""
    for ca, cb in zip(reversed(a.colours), reversed(b.colours), strict=False):
        if ca is not cb:
            return ca.opposite
    return None


def _higher_aro_white(rnd: _Round, a: DubovPlayer, b: DubovPlayer) -> Colour | None:
    """1997 art. 3 fourth rule: White to the player with the higher CMA."""
    if a.aro == b.aro:
        return None
    return WHITE if a.aro > b.aro else BLACK


def _lower_rating_white(rnd: _Round, a: DubovPlayer, b: DubovPlayer) -> Colour | None:
    """1997 art. 3 fifth rule: White to the player with the lower rating."""
    if a.rating == b.rating:
        return None
    return WHITE if a.rating < b.rating else BLACK


def _higher_ranked_preference(rnd: _Round, a: DubovPlayer, b: DubovPlayer) -> Colour | None:
    """2026 5.2.5: the higher-ranked player (more points, then smaller TPN) gets its preference."""
    higher = min(a, b, key=lambda p: (-p.score, p.rank))
    return higher.preference if higher is a else higher.preference.opposite


def _last_resort(rnd: _Round, a: DubovPlayer, b: DubovPlayer) -> Colour | None:
    """Not in either text (equal ratings and ARO, 1997): White to the higher-ranked player."""
    return WHITE if (a.rank, a.id) < (b.rank, b.id) else BLACK


_FORCED = ("2.3/2.4", "the colour limits leave one allocation", "les limites de couleur "
           "n'autorisent qu'une attribution", _forced)

DUBOV_1997_RULES = DubovRules(
    name="dubov-1997",
    aro_rounded=False,
    # art. 6.2: White-seekers by ascending CMA; equal CMA: higher rating first; then alphabetical
    s1_key=lambda p: (p.aro, -p.rating, p.name.casefold(), p.id),
    # art. 6.2: Black-seekers by *descending* rating (see docs/dubov.md: the text says
    # "croissant" but its example and the preamble say descending); equal ratings: higher CMA
    # first; then alphabetical
    g2_key=lambda p: (-p.rating, -p.aro, p.name.casefold(), p.id),
    # art. 7.3: the White-seekers with the lowest CMA move first; equal CMA: higher rating
    white_shifters=lambda ps: sorted(ps, key=lambda p: (p.aro, -p.rating, p.name.casefold(), p.id)),
    # art. 7.4: the Black-seekers with the highest CMA move first; equal CMA: lower rating
    black_shifters=lambda ps: sorted(ps, key=lambda p: (-p.aro, p.rating, p.name.casefold(), p.id)),
    colour_rules=(
        ("5", "neither player has played: colours by board, as in round 1",
         "aucun des deux joueurs n'a joué : couleurs alternées comme à la ronde 1", _newcomers),
        ("2.3/2.4", *_FORCED[1:]),
        ("3", "each player gets his due colour", "chacun reçoit sa couleur préférentielle",
         _both_preferences),
        ("3", "equalise Whites and Blacks", "égaliser le nombre de blancs et de noirs", _equalise),
        ("3", "alternate from the last round where the colours differed",
         "alterner depuis la dernière ronde où les couleurs différaient", _alternate),
        ("3", "White to the higher ARO", "les blancs à la plus grande CMA", _higher_aro_white),
        ("3", "White to the lower rating", "les blancs à la plus petite cote",
         _lower_rating_white),
        ("9", "White to the higher-ranked player (case not covered)",
         "les blancs au joueur le mieux classé (cas non prévu)", _last_resort),
    ),
    hard_upfloat_limits=True,
    downfloats=True,
    shifters_by_c7=False,
    bye_bar_any_point=True,
    ranking=_rating_list_1997,
    rule_bye="4",
    rule_upfloat="7.1/7.2",
    rule_split="6.2",
    rule_shift="7.3/7.4",
    rule_order="6.2/6.3",
    rule_legal="2",
)

DUBOV_2026_RULES = DubovRules(
    name="dubov",
    aro_rounded=True,
    s1_key=lambda p: (p.aro, p.rank),  # 3.2.5: ascending ARO, then ascending TPN
    g2_key=lambda p: (p.rank,),  # 4.4.2: transpositions of G2 by ascending TPN
    # 4.3.2/4.3.3: White-seekers by ascending ARO then TPN, numbered from the middle outwards
    white_shifters=lambda ps: _middle_out(sorted(ps, key=lambda p: (p.aro, p.rank))),
    # 4.3.2/4.3.3: Black-seekers by ascending TPN, numbered from the middle outwards
    black_shifters=lambda ps: _middle_out(sorted(ps, key=lambda p: p.rank)),
    colour_rules=(
        ("5.2.1", "neither player has played: initial colour by rank parity",
         "aucun des deux joueurs n'a joué : couleur initiale selon la parité du rang",
         _newcomers),
        ("C3", *_FORCED[1:]),
        ("5.2.2", "both colour preferences granted", "les deux préférences sont satisfaites",
         _both_preferences),
        ("5.2.3", "the stronger preference is granted", "la préférence la plus forte l'emporte",
         _stronger),
        ("5.2.4", "alternate from the last round where the colours differed",
         "alterner depuis la dernière ronde où les couleurs différaient", _alternate),
        ("5.2.5", "the higher-ranked player's preference is granted",
         "la préférence du joueur le mieux classé est satisfaite", _higher_ranked_preference),
    ),
    hard_upfloat_limits=False,
    downfloats=False,
    shifters_by_c7=True,
    bye_bar_any_point=False,
    ranking=_tpns_2026,
    rule_bye="3.1",
    rule_upfloat="3.2.1/3.2.2",
    rule_split="3.2.3",
    rule_shift="3.2.4",
    rule_order="3.2.5/3.2.6",
    rule_legal="C1-C3",
)


# --------------------------------------------------------------------------------------------
# One round being paired
# --------------------------------------------------------------------------------------------
@dataclass
class _Round:
    tournament: Tournament
    round_number: int
    rules: DubovRules
    players: dict[int, DubovPlayer]
    initial_colour: Colour
    last_round: bool
    max_upfloats: int
    explain: Explanation | None
    _cache: dict[frozenset[int], bool] = field(default_factory=dict)
    _legal: dict[tuple[int, int], bool] = field(default_factory=dict)
    #: 1997 art. 6.4 / 7.1-7.2: players moved down, players transferred up (2026: upfloaters)
    moved_down: set[int] = field(default_factory=set)
    moved_up: set[int] = field(default_factory=set)

    def may_float_up(self, p: DubovPlayer) -> bool:
        """1997 art. 2.5: except in the last round, no transfer up twice in a row, nor more than
        3 times (< 10 rounds) or 4 times (>= 10 rounds). A past round counts as a transfer when
        the player met a higher score (the results show nothing finer; docs/dubov.md)."""
        if self.last_round:
            return True
        return not p.upfloated_last and p.upfloats < self.max_upfloats

    # --- legality -------------------------------------------------------------------------
    def legal(self, a: int, b: int) -> bool:
        """1997 art. 2.1, 2.3, 2.4 / 2026 C1, C3 (and forbidden pairs of the tournament)."""
        key = (a, b) if a < b else (b, a)
        known = self._legal.get(key)
        if known is not None:
            return known
        pa, pb = self.players[a], self.players[b]
        if b in pa.opponents or a == b:
            ok = False  # art. 2.1 / C1: no rematch
        elif not ((pa.can_white and pb.can_black) or (pa.can_black and pb.can_white)):
            ok = False  # art. 2.3/2.4 / C3
        else:
            ok = not (self.tournament.forbidden_pairs
                      and self.tournament.is_forbidden(a, b, self.round_number))
        self._legal[key] = ok
        return ok

    def pairable(self, ids: Iterable[int]) -> bool:
        """Whether these players can all be paired among themselves (C4 / art. 2)."""
        key = frozenset(ids)
        if len(key) % 2:
            return False
        if not key:
            return True
        if key in self._cache:
            return self._cache[key]
        order = sorted(key)
        adj = {p: [q for q in order if q != p and self.legal(p, q)] for p in order}
        ok = len(max_cardinality_matching(order, adj)) == len(order)  # Edmonds
        self._cache[key] = ok
        return ok

    def note(self, en: str, fr: str, level: int = 0, rule: str = "") -> None:
        if self.explain is not None:
            self.explain.add(en, fr, level=level, rule=rule)

    # --- colours --------------------------------------------------------------------------
    def colours(self, a: int, b: int) -> tuple[Board, str, str, str]:
        """Board with colours (1997 art. 3; 2026 5.2) and the rule that decided."""
        pa, pb = self.players[a], self.players[b]
        for rule, en, fr, fn in self.rules.colour_rules:
            c = fn(self, pa, pb)
            if c is not None:
                board = Board(a, b) if c is WHITE else Board(b, a)
                return board, rule, en, fr
        raise AssertionError("the last colour rule always decides")  # pragma: no cover

    def unmet_preferences(self, pairs: list[tuple[int, int]]) -> int:
        """2026 C7: players who do not get their colour preference."""
        n = 0
        for a, b in pairs:
            board = self.colours(a, b)[0]
            n += self.players[board.white].preference is not WHITE
            n += self.players[board.black].preference is not BLACK
        return n

    # --- bracket pairing (shared) ---------------------------------------------------------
    def pair_bracket(self, ids: list[int]) -> list[tuple[int, int]] | None:
        """Pair every player of a bracket: split into White-seekers and the others
        (1997 art. 6.2; 2026 3.2.3), equalise the two subgroups (1997 art. 7.3/7.4; 2026
        3.2.4), sort S1 and take the first legal arrangement of G2 (1997 art. 6.2/6.3;
        2026 3.2.5/3.2.6). None when no legal pairing exists.
        """
        if not ids:
            return []
        if len(ids) % 2 or not self.pairable(ids):
            return None
        ps = [self.players[i] for i in ids]
        if all(p.games == 0 for p in ps):
            # 2026 3.2.3 (nobody has played): G1 = first half by TPN; 1997 art. 5: first half
            # of the list sorted by descending rating.
            ordered = sorted(ps, key=lambda p: p.rank)
            half = len(ordered) // 2
            g1, g2 = ordered[:half], ordered[half:]
        else:
            g1 = [p for p in ps if p.preference is WHITE]
            g2 = [p for p in ps if p.preference is not WHITE]
        best: tuple[int, list[tuple[int, int]]] | None = None
        # C7 cannot be better than one unmet preference per surplus pair of one colour
        floor = abs(sum(p.preference is WHITE for p in ps) * 2 - len(ps)) // 2
        tried = 0
        for s1, t2 in self._recompositions(g1, g2):
            pairs = self._first_arrangement(s1, t2)
            if pairs is None:
                continue
            if not self.rules.shifters_by_c7:
                return pairs  # 1997 art. 7.3/7.4: the first transfer that works
            cost = self.unmet_preferences(pairs)  # 2026 3.2.4: best set for C7
            tried += 1
            if best is None or cost < best[0]:
                best = (cost, pairs)
            if best[0] <= floor or tried >= SEARCH_LIMIT // 8:
                break
        return best[1] if best else None

    def _recompositions(self, g1: list[DubovPlayer], g2: list[DubovPlayer]
                        ) -> Iterable[tuple[list[DubovPlayer], list[DubovPlayer]]]:
        """Candidate (G1, G2) after moving players between the subgroups, fewest moves first.

        The larger subgroup gives ``d + e`` players and the smaller ``e`` (``d`` = half the size
        difference, 1997 art. 7.3/7.4, 2026 3.2.4.2; ``e`` > 0 when players of one subgroup
        must unavoidably meet each other, 2026 3.2.4.1, 1997 art. 6.3 last sentence). Each
        subgroup's players are taken in the shifter order of the rules (2026 4.3; 1997 CMA).
        For each ``e``, every candidate is yielded (the caller keeps the first or the best).
        """
        whites_larger = len(g1) > len(g2)
        larger, smaller = (g1, g2) if whites_larger else (g2, g1)
        d = (len(larger) - len(smaller)) // 2
        order_l = (self.rules.white_shifters if whites_larger else self.rules.black_shifters)(
            list(larger))
        order_s = (self.rules.black_shifters if whites_larger else self.rules.white_shifters)(
            list(smaller))
        count = 0
        for e in range(len(smaller) + 1):
            found = False
            for out_s in itertools.combinations(order_s, e):
                for out_l in itertools.combinations(order_l, d + e):
                    count += 1
                    if count > SEARCH_LIMIT * 4:
                        return
                    new_l = [p for p in larger if p not in out_l] + list(out_s)
                    new_s = [p for p in smaller if p not in out_s] + list(out_l)
                    new_g1, new_g2 = (new_l, new_s) if whites_larger else (new_s, new_l)
                    s1 = sorted(new_g1, key=self.rules.s1_key)
                    ok = _bipartite_perfect([p.id for p in s1], [p.id for p in new_g2],
                                            self.legal)
                    if ok:
                        found = True
                        yield s1, new_g2
            if found:
                return

    def _first_arrangement(self, s1: list[DubovPlayer], g2: list[DubovPlayer]
                           ) -> list[tuple[int, int]] | None:
        """2026 3.2.6 / 4.4: the first transposition of G2 (lexicographic in the G2 order) with
        S1[i]-T2[i] legal for every i. 1997 art. 6.3: each White-seeker takes the first
        Black-seeker below that it has not met, changing the rows above when stuck - the same
        search, in the art. 6.2 order of the Black-seekers."""
        t2 = sorted(g2, key=self.rules.g2_key)
        left = [p.id for p in s1]
        chosen: list[int] = []

        def search(i: int, free: list[int]) -> bool:
            if i == len(left):
                return True
            for b in free:
                if not self.legal(left[i], b):
                    continue
                rest = [x for x in free if x != b]
                if not _bipartite_perfect(left[i + 1:], rest, self.legal):
                    continue
                chosen.append(b)
                if search(i + 1, rest):
                    return True
                chosen.pop()
            return False

        if not search(0, [p.id for p in t2]):
            return None
        return list(zip(left, chosen, strict=True))


# --------------------------------------------------------------------------------------------
# The system
# --------------------------------------------------------------------------------------------
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
    def _round(self, t: Tournament, r: int, explain: Explanation | None) -> _Round:
        states = build_states(t, r)
        absent = t.not_paired_in(r)
        ratings = {pid: p.rating for pid, p in t.players.items()}
        rank = self.rules.ranking(t, r)  # 2026 1.2 / 1.2.2 TPN; 1997 art. 5 rating list
        win = t.point_system.win
        players: dict[int, DubovPlayer] = {}
        for pid, st in states.items():
            if pid in absent:
                continue
            pref, strength = _due_colour(st.preference)
            can_w, can_b = _allowed(st.colours)
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
                score=st.pairing_score, aro=_aro(st, ratings, self.rules.aro_rounded),
                colours=st.colours, opponents=st.opponents, preference=pref,
                strength=strength, can_white=can_w, can_black=can_b, upfloats=len(ups),
                upfloated_last=bool(ups) and ups[-1].round_number == r - 1,
                downfloats=len(downs), bye_ineligible=bye_bad,
            )
        total = t.total_rounds or max(r, t.rounds_in_file)
        rnd = _Round(t, r, self.rules, players, t.initial_colour or WHITE,
                     last_round=t.total_rounds is not None and r >= t.total_rounds,
                     max_upfloats=self.rules.max_upfloats(total), explain=explain)
        rnd.note(f"Round {r}, {self.rules.name}: {len(players)} players to pair",
                 f"Ronde {r}, {self.rules.name} : {len(players)} joueurs à apparier")
        moved = [pid for pid in sorted(rank) if rank[pid] != pid]
        if self.rules.ranking is _tpns_2026 and moved:
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
    def _choose_bye(self, rnd: _Round, ids: set[int]) -> int:
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
    def _pair_groups(self, rnd: _Round, remaining: set[int]) -> list[tuple[int, int]]:
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
            rnd.note(f"Scoregroup {top:g}: players {_ids(residents)}",
                     f"Groupe de score {fr_number(top)} : joueurs {_ids(residents)}",
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
    def _bracket_2026(self, rnd: _Round, top: float, residents: list[int], lower: list[int]
                      ) -> list[tuple[int, int]]:
        """2026 3.2.1/3.2.2: the fewest upfloaters (C5), then the best sets for C6-C10, the
        first such set in the 4.2 order (descending score, ascending TPN)."""
        last = rnd.last_round
        for k in range(len(residents) % 2, len(residents) + 1, 2):
            if k > len(lower):
                break
            # C6: a set taken from the higher lower scoregroups always beats a set reaching
            # further down, so the pool grows one scoregroup at a time.
            scores = sorted({rnd.players[i].score for i in lower}, reverse=True)
            pools = [[i for i in lower if rnd.players[i].score >= s] for s in scores]
            whites = sum(rnd.players[i].preference is WHITE for i in residents)
            lb7 = max(0, abs(2 * whites - len(residents)) - k) // 2
            for pool in pools if k else [[]]:
                if len(pool) < k:
                    continue
                lb6 = tuple(sorted((top - rnd.players[u].score for u in pool[:k]),
                                   reverse=True))
                best: tuple[tuple[object, ...], tuple[int, ...], list[tuple[int, int]]] | None
                best = None
                for n, ups in enumerate(itertools.combinations(pool, k)):
                    if n >= SEARCH_LIMIT:
                        break
                    bracket = residents + list(ups)
                    if not rnd.pairable(bracket):
                        continue
                    if not rnd.pairable(set(lower) - set(ups)):
                        continue  # C4
                    pairs = rnd.pair_bracket(bracket)
                    if pairs is None:
                        continue
                    up = [rnd.players[u] for u in ups]
                    c6 = tuple(sorted((top - u.score for u in up), reverse=True))
                    c7 = rnd.unmet_preferences(pairs)
                    maxed = [u for u in up if u.upfloats >= rnd.max_upfloats]
                    c8 = 0 if last else len(maxed)
                    c9 = 0 if last else sum(u.upfloats for u in maxed)
                    c10 = 0 if last else sum(u.upfloated_last for u in up)
                    quality = (c6, c7, c8, c9, c10)
                    if best is None or quality < best[0]:
                        best = (quality, ups, pairs)
                    if best[0] <= (lb6, lb7, 0, 0, 0):
                        break  # nothing later in the 4.2 order can be better
                if best is not None:
                    rnd.moved_up.update(best[1])
                    if k:
                        rnd.note(f"upfloaters {_ids(best[1])} (fewest needed: {k}; "
                                 f"C6-C10 {best[0]})",
                                 f"flotteurs montants {_ids(best[1])} (minimum requis : {k} ; "
                                 f"C6-C10 {best[0]})", level=1, rule="3.2.1/3.2.2")
                    self._note_split(rnd, best[2])
                    return best[2]
        raise NoValidPairing(f"round {rnd.round_number}: scoregroup {top:g} cannot be paired "
                             "(C4)")

    # --- 1997 -----------------------------------------------------------------------------
    def _bracket_1997(self, rnd: _Round, residents: list[int], carried: list[int],
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
        for f in order:
            # art. 8.2: the highest rating, if possible with the opposite due colour; equal
            # ratings: lowest CMA.
            cands = sorted((ps[i] for i in group), key=lambda q: (
                q.preference is f.preference, -q.rating, q.aro, q.rank))
            for q in cands:
                if not rnd.legal(f.id, q.id):
                    continue
                done = {x for pair in pairs for x in pair} | {f.id, q.id}
                rest = (set(residents) | everyone_else) - done
                if rnd.pairable(rest):
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
        candidates = itertools.chain(
            [tuple(literal)] if literal is not None else [],
            *(itertools.islice(itertools.combinations(pool, k), SEARCH_LIMIT)
              for k in range(len(group) % 2, min(len(group), len(pool)) + 1, 2)))
        for ups in candidates:
            bracket = group + list(ups)
            if not rnd.pairable(bracket) or not rnd.pairable(everyone_else - set(ups)):
                continue
            got = rnd.pair_bracket(bracket)
            if got is None:
                continue
            rnd.moved_up.update(ups)
            if ups:
                rnd.note(f"transferred up: {_ids(ups)} (opposite colour, highest rating, "
                         "lowest ARO)",
                         f"transférés : {_ids(ups)} (couleur opposée, plus forte cote, "
                         "plus faible CMA)", level=1, rule="7.1/7.2")
            self._note_split(rnd, got)
            return pairs + got, []
        # art. 6.4: move down the fewest players; prefer those who were not floaters from a
        # higher group and who can be paired in the lower group.
        def down_key(i: int) -> tuple[object, ...]:
            can_below = any(rnd.legal(i, j) for j in lower)
            return (ps[i].downfloats > 0, not can_below, ps[i].rating, -ps[i].rank)

        cands = sorted(group, key=down_key)
        for d in range(1 if len(group) % 2 else 2, len(group) + 1, 2):
            for n, down in enumerate(itertools.combinations(cands, d)):
                if n >= SEARCH_LIMIT:
                    break
                stay = [i for i in group if i not in down]
                if not rnd.pairable(everyone_else | set(down)):
                    continue
                got = rnd.pair_bracket(stay)
                if got is None:
                    continue
                rnd.moved_down.update(down)
                rnd.note(f"moved down to the next group: {_ids(down)}",
                         f"transférés dans le groupe inférieur : {_ids(down)}",
                         level=1, rule="6.4")
                self._note_split(rnd, got)
                return pairs + got, list(down)
        raise NoValidPairing(f"round {rnd.round_number}: a scoregroup cannot be paired "
                             "(art. 2)")

    def _transfers_1997(self, rnd: _Round, group: list[int], pool: list[int]
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
        ups: list[int] = []
        for x in sorted(group, key=lambda i: ps[i].rank):
            if any(rnd.legal(x, y) for y in group + ups if y != x):
                continue
            cands = [c for c in pool if c not in ups and rnd.legal(x, c)]
            if not cands:
                return None
            ups.append(min(cands, key=lambda c: (
                -ps[c].score, ps[c].preference is ps[x].preference, -ps[c].rating,
                ps[c].aro, ps[c].rank)))
        bracket = group + ups
        if len(bracket) % 2:
            whites = sum(ps[i].preference is WHITE for i in bracket)
            dominant = WHITE if 2 * whites > len(bracket) else BLACK
            cands = sorted((c for c in pool if c not in ups and
                            any(rnd.legal(c, y) for y in bracket)),
                           key=lambda c: (-ps[c].score, ps[c].preference is dominant,
                                          -ps[c].rating, ps[c].aro, ps[c].rank))
            for c in cands:
                if rnd.pairable([*bracket, c]):
                    ups.append(c)
                    break
            else:
                return None
        return ups

    def _note_split(self, rnd: _Round, pairs: list[tuple[int, int]]) -> None:
        if rnd.explain is None or not pairs:
            return
        s1 = [a for a, _ in pairs]
        t2 = [b for _, b in pairs]
        rnd.note(f"S1 (White-seekers by ascending ARO) {_ids(s1)} against {_ids(t2)}",
                 f"S1 (demandeurs des blancs par CMA croissante) {_ids(s1)} contre {_ids(t2)}",
                 level=1, rule=self.rules.rule_order)


def _ids(ids: Iterable[int]) -> str:
    return " ".join(str(i) for i in ids) or "-"


#: The 1997 text (French translation in ../shared/seeds/dubov-1997.fr.txt).
DUBOV_1997 = DubovSystem("dubov-1997", DUBOV_1997_RULES)
#: The current FIDE text (C.04.4.1, 2026).
DUBOV = DubovSystem("dubov", DUBOV_2026_RULES)
