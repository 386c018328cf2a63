"""One bracket (3.2, 4): the ideal candidate when it reaches every bound (:mod:`.ideal`; with
several floaters :mod:`.floating`), the one pairing of a bracket whose players may not meet
each other (:func:`.floating.edgeless_bracket`), otherwise the maximum-weight matching
(:mod:`.weights`); all give the pairing that best meets C5-C8, the first in the order of 4.3
among equals."""

from __future__ import annotations

from dataclasses import dataclass, field

from .counted import counted_floaters_bracket
from .criteria import COMPLETION
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


def pair_bracket(rnd: BursteinRound, bracket: list[int], following: list[int],
                 below: list[int], *, explain_floaters: bool = False) -> BracketResult:
    """3.2: the bracket pairing that best meets C5-C8, the first in the order of 4.3 among
    equals. ``bracket`` is in BSN order (4.1); ``following`` holds the residents of the next
    scoregroup (with the outgoing floaters they make the following bracket of C7);
    ``below`` everybody further down."""
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
        # candidate reached, else from the weights' own matching (one more per floater)
        for f in floaters:
            if edgeless:  # kept in the bracket, it has nobody to meet: fewer pairs (C4/C5)
                result.reasons[f] = (COMPLETION.name, COMPLETION.floats_en,
                                     COMPLETION.floats_fr)
            elif single:
                why = why_ideal_floats(rnd, f, bracket, following, below)
                result.reasons[f] = (why.name, why.floats_en, why.floats_fr)
            else:
                matched = matched or weighed_bracket(rnd, bracket, following, below)
                result.reasons[f] = why_floats(rnd, f, bracket, following, below, matched)
    return result
