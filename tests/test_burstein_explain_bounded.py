"""The bounded explanation of large Burstein brackets (issue 26): above
:data:`MAX_WEIGHED_EXPLANATION` the floaters' notes come from :func:`bounded_reason` instead of
one weighted matching per floater. They must never name a criterion the exact answer
(:func:`.weights.why_floats`) does not give, and explaining must not change the pairing.

Small near-miss events (White won 85-100 % of the seeding rounds' games) are paired bracket by
bracket with the bounded notes forced (``weighed_explanation=0``) and compared with the exact
answer for every floater.
"""

from __future__ import annotations

import random
from collections import Counter

from burstein_helpers import Descent, next_round
from swisspairing.systems.burstein.bracket import bounded_reason, pair_bracket
from swisspairing.systems.burstein.criteria import (
    COMPLETION,
    COMPLETION_OR_SCORES,
    NOT_WORKED_OUT,
    SCORES,
)
from swisspairing.systems.burstein.weights import why_floats
from test_burstein_floating import white_mostly_event


def check_event(n: int, total: int, rate: float, seed: int, seen: Counter[str]) -> None:
    rnd = next_round(white_mostly_event(n, total, rate, seed))
    r = rnd.round_number
    descent = Descent(rnd)
    for score, bracket, following, below in descent.brackets():
        plain = pair_bracket(rnd, bracket, following, below)
        bounded = pair_bracket(rnd, bracket, following, below, explain_floaters=True,
                               weighed_explanation=0)
        where = f"seed {seed} round {r} bracket {score}"
        assert (bounded.pairs, bounded.floaters) == (plain.pairs, plain.floaters), where
        for f in plain.floaters:
            exact = why_floats(rnd, f, bracket, following, below)[0]
            told = bounded_reason(rnd, f, bracket, plain.floaters)
            seen[told.name] += 1
            if told is COMPLETION:
                assert exact == COMPLETION.name, (where, f, exact)
            elif told is COMPLETION_OR_SCORES:
                assert exact in (COMPLETION.name, SCORES.name), (where, f, exact)
            else:
                assert told is NOT_WORKED_OUT
            if bounded.reasons[f][0] != told.name:  # the ideal candidate's exact answer
                assert bounded.reasons[f][0] == exact, (where, f)
        descent.floaters = plain.floaters


def test_bounded_notes_never_contradict_the_weights() -> None:
    seen: Counter[str] = Counter()
    rng = random.Random(2626)
    for seed in range(16):
        n = rng.choice([16, 20, 24, 32, 40]) + (seed % 5 == 3)
        check_event(n, rng.choice([5, 9]), rng.choice([0.85, 0.9, 0.95, 1.0]), seed, seen)
    # each kind of note occurs, so each comparison above means something
    assert seen[COMPLETION.name] > 0 and seen[COMPLETION_OR_SCORES.name] > 0, seen
    assert seen[NOT_WORKED_OUT.name] > 0, seen
