"""The Elo-based Swiss system's criteria as named data: the relaxation order of B5/B6
(C9, C10), the search limits (docs/elo-swiss.md), and what counts as a point received without
playing (B1 b) and as a downfloat (A.4 a, A.5)."""

from __future__ import annotations

from ...model.results import ResultKind
from ...model.state import Float, RoundRecord

#: Relaxation stages of the relative criteria, in the order C9 then C10 give up on them.
#: Each item: (stage for downfloaters, stage for upfloaters); 0 = B5 and B6 apply,
#: 1 = B6 dropped, 2 = B6 and B5 dropped.
RELAXATIONS: tuple[tuple[int, int], ...] = ((0, 0), (1, 0), (2, 0), (2, 1), (2, 2))

#: How many candidate pairings one level may try before the fallback (see docs/elo-swiss.md).
CANDIDATE_LIMIT = 4000
#: How many groups of a heterogeneous level's order (floaters paired, their places, pairs
#: dropped from the residual) one search of C12's walk may look at (``level._c12_walk``);
#: past it the walk is given up and the candidates are walked one by one as before.
WALK_GROUP_LIMIT = 20000
#: How many exchange sets one stage may try (D2) before giving up on that stage.
EXCHANGE_LIMIT = 2500
#: How many sets of players leaving S1 or S2 (for one size of exchange) the families that
#: D2's family questions leave undecided may hold (``exchanges._maybe_families``) before the
#: stage gives up there, as at :data:`EXCHANGE_LIMIT` (issue 26: listed whole, they took 6 GB
#: in a near-miss round 5 at 1,000 players).
FAMILY_SETS_LIMIT = 200_000
#: How many completion graphs or repaired matchings the D1 search of one level may use to
#: prune its branches (C10-C13 look-ahead); past it the branches are tried one by one as before.
MATCHING_WORK_LIMIT = 3000
#: Up to this many possible sets of floaters in S2, a split with two floaters or more is
#: decided by testing each set (C12/C13 answers are kept per set); above it, by one matching
#: over the split and the lower levels (:class:`StageCompletions`).
FLOATER_SETS_LIMIT = 128
#: Up to this many possible sets of floaters in a whole stage, the stage is first tested set
#: by set: when no set works, none of its splits is tried.
LEVEL_FLOATER_SETS_LIMIT = 512

#: Unplayed rounds that count as a point "received without playing" (B1 b) and as a
#: downfloat (A.4 a, A.5).
POINT_WITHOUT_PLAYING = frozenset(
    {ResultKind.PAIRING_BYE, ResultKind.FORFEIT_WIN, ResultKind.FULL_POINT_BYE}
)


def elo_float_policy(record: RoundRecord) -> Float | None:
    """A.4 a / A.5: a bye or a forfeit win is a downfloat; a forfeit loss (and any other
    unplayed round) is no float at all."""
    return Float.DOWN if record.kind in POINT_WITHOUT_PLAYING else None
