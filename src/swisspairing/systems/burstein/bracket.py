"""One bracket (3.2, 4): the ideal candidate when it reaches every bound (:mod:`.ideal`; with
several floaters :mod:`.floating`), the one pairing of a bracket whose players may not meet
each other (:func:`.floating.edgeless_bracket`), otherwise the maximum-weight matching
(:mod:`.weights`); all give the pairing that best meets C5-C8, the first in the order of 4.3
among equals."""

from __future__ import annotations

from dataclasses import dataclass, field

from ...matching.bitsets import mask_of
from .counted import counted_floaters_bracket
from .criteria import COMPLETION, COMPLETION_OR_SCORES, NOT_WORKED_OUT, Criterion
from .floating import many_floaters_bracket, pairs_bound
from .ideal import ideal_bracket, why_ideal_floats
from .round import BursteinRound
from .weights import weighed_bracket, why_floats


@dataclass(slots=True)
class BracketResult:
    """The pairing of one bracket: pairs, outgoing floaters, and what the criteria reached."""

    pairs: list[tuple[int, int]]
    floaters: list[int]
    #: per floater: (criterion that made it float, English, French)
    reasons: dict[int, tuple[str, str, str]] = field(default_factory=dict)


#: the most (floaters x players from the bracket down) for which the explanation pairs the
#: round again by weights once per floater (:func:`.weights.why_floats`); above it, the
#: bounded notes of :func:`bounded_reason` (issue 26: a matter of speed, not a rule)
MAX_WEIGHED_EXPLANATION = 2000


def bounded_reason(rnd: BursteinRound, floater: int, bracket: list[int],
                   floaters: list[int]) -> Criterion:
    """Why ``floater`` floats from a bracket paired at the C4, C5 and C6 bounds (every
    construction of :func:`pair_bracket` is), told with a fixed, small amount of work; never
    a criterion it might not be:

    * nobody of the bracket may meet it (C1-C3): kept in the bracket it stays unpaired, so the
      round is not completed (C4): :data:`COMPLETION`, as :func:`.weights.why_floats` says;
    * every player of its score in the bracket floats: a pairing with it paired that still
      reaches C4 and C5 floats as many players, one fewer of its score, so it differs from
      the chosen one at C6, which is the best there (3.2): C4/C5 or C6 is lost,
      :data:`COMPLETION_OR_SCORES` (telling which would take a matching);
    * otherwise :data:`NOT_WORKED_OUT`, which says so."""
    others = mask_of(bracket) & ~(1 << floater)
    if not others & ~rnd.barred[floater]:
        return COMPLETION
    score = rnd.players[floater].score
    floating = set(floaters)
    if all(i in floating for i in bracket if rnd.players[i].score == score):
        return COMPLETION_OR_SCORES
    return NOT_WORKED_OUT


def pair_bracket(rnd: BursteinRound, bracket: list[int], following: list[int],
                 below: list[int], *, explain_floaters: bool = False,
                 weighed_explanation: int = MAX_WEIGHED_EXPLANATION) -> BracketResult:
    """3.2: the bracket pairing that best meets C5-C8, the first in the order of 4.3 among
    equals. ``bracket`` is in BSN order (4.1); ``following`` holds the residents of the next
    scoregroup (with the outgoing floaters they make the following bracket of C7);
    ``below`` everybody further down. ``weighed_explanation``: the most (floaters x players
    from the bracket down) explained by one weighted matching per floater, else
    :func:`bounded_reason`."""
    # the single-floater candidate needs n // 2 pairs: skip it when C5 cannot reach them
    most_pairs = pairs_bound(rnd, bracket, following + below)
    many = most_pairs < len(bracket) // 2
    ideal = None if many else ideal_bracket(rnd, bracket, following, below)
    matched = None
    # no pair possible (C5 bound 0): the one bracket pairing is everybody floating
    edgeless = most_pairs == 0
    single = ideal is not None
    if ideal is None and edgeless:
        ideal = ([], list(bracket))
    if ideal is None:
        # the floaters counted per colour class (near-miss rounds), else the candidate of
        # .floating (both exact when they answer; this order is the cheaper)
        ideal = counted_floaters_bracket(rnd, bracket, following, below) or \
            many_floaters_bracket(rnd, bracket, following, below)
    if ideal is not None:
        pairs, floaters = ideal
    else:
        matched = weighed_bracket(rnd, bracket, following, below)
        mate = matched[0]
        in_bracket = set(bracket)
        bsn = {pid: i for i, pid in enumerate(bracket)}
        pairs = [(a, mate[a]) for a in bracket if mate[a] in in_bracket and a < mate[a]]
        pairs = [(a, b) if bsn[a] < bsn[b] else (b, a) for a, b in pairs]
        pairs.sort(key=lambda p: bsn[p[0]])
        floaters = [a for a in bracket if mate[a] not in in_bracket]
    result = BracketResult(pairs, floaters)
    if explain_floaters:
        # why each floater floats, at about the pairing's cost: from the bounds the ideal
        # candidate reached, else from the weights' own matching (one more per floater) when
        # that is little work, else from the bounds every construction reaches
        weighed = len(floaters) * (len(bracket) + len(following) + len(below)) \
            <= weighed_explanation
        for f in floaters:
            if edgeless:  # kept in the bracket, it has nobody to meet: fewer pairs (C4/C5)
                result.reasons[f] = (COMPLETION.name, COMPLETION.floats_en,
                                     COMPLETION.floats_fr)
            elif single:
                why = why_ideal_floats(rnd, f, bracket, following, below)
                result.reasons[f] = (why.name, why.floats_en, why.floats_fr)
            elif not weighed:
                why = bounded_reason(rnd, f, bracket, floaters)
                result.reasons[f] = (why.name, why.floats_en, why.floats_fr)
            else:
                matched = matched or weighed_bracket(rnd, bracket, following, below)
                result.reasons[f] = why_floats(rnd, f, bracket, following, below, matched)
    return result
