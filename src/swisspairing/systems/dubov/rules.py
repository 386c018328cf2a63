"""What the 1997 and 2026 Dubov texts do differently, as data: sort keys, shifter orders, the
colour rules in priority order (each citing its article), the bye order, float limits and
downfloats, the ranking numbers."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...model import Colour, Tournament
from .players import DubovPlayer

if TYPE_CHECKING:
    from .round import DubovRound

WHITE, BLACK = Colour.WHITE, Colour.BLACK


ColourRule = Callable[["DubovRound", DubovPlayer, DubovPlayer], Colour | None]


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


def middle_out(players: list[DubovPlayer]) -> list[DubovPlayer]:
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


def tpns_2026(t: Tournament, round_number: int) -> dict[int, int]:
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


def rating_list_1997(t: Tournament, round_number: int) -> dict[int, int]:
    """1997 art. 5: the list sorted by descending rating, ties by pairing number."""
    order = sorted(t.players, key=lambda i: (-t.players[i].rating, i))
    return {pid: n for n, pid in enumerate(order, start=1)}


# --- colour rules ---------------------------------------------------------------------------
def _newcomers(rnd: DubovRound, a: DubovPlayer, b: DubovPlayer) -> Colour | None:
    """2026 5.2.1 (and 1997 art. 5 for round 1): both without a game -> the higher-ranked player
    (more points, then smaller rank) gets the initial colour if its rank is odd, else the other."""
    if a.games or b.games:
        return None
    higher = min(a, b, key=lambda p: (-p.score, p.rank))
    colour = rnd.initial_colour if higher.rank % 2 == 1 else rnd.initial_colour.opposite
    return colour if higher is a else colour.opposite


def _forced(rnd: DubovRound, a: DubovPlayer, b: DubovPlayer) -> Colour | None:
    """1997 art. 2.3/2.4, 2026 C3: when only one allocation keeps both within the limits."""
    a_white = a.can_white and b.can_black
    a_black = a.can_black and b.can_white
    if a_white != a_black:
        return WHITE if a_white else BLACK
    return None


def _both_preferences(rnd: DubovRound, a: DubovPlayer, b: DubovPlayer) -> Colour | None:
    """1997 art. 3 first rule; 2026 5.2.2: different due colours -> both get theirs."""
    return a.preference if a.preference is not b.preference else None


def _stronger(rnd: DubovRound, a: DubovPlayer, b: DubovPlayer) -> Colour | None:
    """2026 5.2.3: the stronger preference is granted."""
    if a.strength == b.strength:
        return None
    return a.preference if a.strength > b.strength else a.preference.opposite


def _equalise(rnd: DubovRound, a: DubovPlayer, b: DubovPlayer) -> Colour | None:
    """1997 art. 3 second rule: equalise Whites and Blacks -> White to the lower difference."""
    if a.colour_difference == b.colour_difference:
        return None
    return WHITE if a.colour_difference < b.colour_difference else BLACK


def _alternate(rnd: DubovRound, a: DubovPlayer, b: DubovPlayer) -> Colour | None:
    """1997 art. 3 third rule; 2026 5.2.4 (GHR 3.4): going back from the last round, at the first
    round where the colours differ, each player gets the colour other than the one it had then.
    Unplayed rounds are left out (as if at the start of the history)."""
    for ca, cb in zip(reversed(a.colours), reversed(b.colours), strict=False):
        if ca is not cb:
            return ca.opposite
    return None


def _higher_aro_white(rnd: DubovRound, a: DubovPlayer, b: DubovPlayer) -> Colour | None:
    """1997 art. 3 fourth rule: White to the player with the higher CMA."""
    if a.aro == b.aro:
        return None
    return WHITE if a.aro > b.aro else BLACK


def _lower_rating_white(rnd: DubovRound, a: DubovPlayer, b: DubovPlayer) -> Colour | None:
    """1997 art. 3 fifth rule: White to the player with the lower rating."""
    if a.rating == b.rating:
        return None
    return WHITE if a.rating < b.rating else BLACK


def _higher_ranked_preference(rnd: DubovRound, a: DubovPlayer, b: DubovPlayer) -> Colour | None:
    """2026 5.2.5: the higher-ranked player (more points, then smaller TPN) gets its preference."""
    higher = min(a, b, key=lambda p: (-p.score, p.rank))
    return higher.preference if higher is a else higher.preference.opposite


def _last_resort(rnd: DubovRound, a: DubovPlayer, b: DubovPlayer) -> Colour | None:
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
    ranking=rating_list_1997,
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
    white_shifters=lambda ps: middle_out(sorted(ps, key=lambda p: (p.aro, p.rank))),
    # 4.3.2/4.3.3: Black-seekers by ascending TPN, numbered from the middle outwards
    black_shifters=lambda ps: middle_out(sorted(ps, key=lambda p: p.rank)),
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
    ranking=tpns_2026,
    rule_bye="3.1",
    rule_upfloat="3.2.1/3.2.2",
    rule_split="3.2.3",
    rule_shift="3.2.4",
    rule_order="3.2.5/3.2.6",
    rule_legal="C1-C3",
)
