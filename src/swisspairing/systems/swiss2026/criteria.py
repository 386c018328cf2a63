"""The pairing criteria of the 2026 FIDE systems that share Art. 2-3 (C.04.5 Double-Swiss,
C.04.6 Swiss Team), as named data.

Both texts number their criteria alike up to [C7] (``../shared/rules/double-swiss.md`` 3,
``team-swiss.md`` 3):

* [C1] (2.1.1) no two participants meet twice; [C2] (2.1.2) the system's own list of who may
  not get the pairing-allocated bye: both are **absolute** and decided by the system (they
  reach the procedure as :attr:`.Participant.opponents`, the ``may_meet`` test and
  :attr:`.Participant.may_get_bye`);
* [C3] (2.2.1) completion: every check of the procedure keeps a complete pairing possible;
* [C4]-[C7] (2.3.1-2.3.4) choose the **set of upfloaters** (3.5): :data:`SET_CRITERIA`; only
  [C7]'s lapse differs (last round in C.04.5, last two rounds in C.04.6): the system says
  whether it applies (:attr:`.Rules.upfloater_floats`);
* the remaining quality criteria choose the **pairs** inside a bracket (3.6.4): a list of
  :class:`PairCriterion` in priority order given by the system. C.04.5 has one, [C8]
  (2.3.5, upfloaters' opponents); C.04.6 has [C8]/[C9] (colour preferences) and [C10] (2.3.7,
  = C.04.5 [C8]). :func:`upfloaters_opponents` builds that last one for both systems.

A pair criterion is a **cost per pair** (0 = the pair complies); the procedure minimises the
sum over the bracket, criteria in priority order (reading (a) of "complies with", argued in
``docs/double-swiss.md``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .participants import Participant


@dataclass(frozen=True, slots=True)
class Criterion:
    """A criterion by its label in the text (``[C4]``), its article and its statement."""

    label: str
    article: str
    en: str
    fr: str


#: [C4]-[C7]: the criteria that choose the set of upfloaters (3.5.2, 3.5.5), same text in
#: C.04.5 and C.04.6
C4 = Criterion("[C4]", "2.3.1", "minimise the number of upfloaters",
               "minimiser le nombre de flotteurs montants")
C5 = Criterion("[C5]", "2.3.2",
               "minimise the score differences of the pairs involving upfloaters (maximise the "
               "upfloaters' scores, compared in ascending order)",
               "minimiser les écarts de points des paires avec un flotteur montant (maximiser "
               "les points des flotteurs montants, comparés par ordre croissant)")
C6 = Criterion("[C6]", "2.3.3",
               "unless the following scoregroup was emptied, let it be paired in its own "
               "bracket with [C1], [C3] and [C4]",
               "sauf si le groupe de points suivant est vidé, lui permettre d'être apparié dans "
               "son propre groupe avec [C1], [C3] et [C4]")
C7 = Criterion("[C7]", "2.3.4",
               "minimise the number of upfloaters who were floaters in the previous round",
               "minimiser le nombre de flotteurs montants qui étaient flotteurs à la ronde "
               "précédente")
SET_CRITERIA = (C4, C5, C6, C7)


@dataclass(frozen=True, slots=True)
class BracketView:
    """What a pair criterion may know of the bracket being paired (3.6)."""

    residents_score: float
    upfloaters: frozenset[int]


#: the cost of pairing two participants in a bracket (0 = complies)
PairCost = Callable[[Participant, Participant, BracketView], int]


@dataclass(frozen=True, slots=True)
class PairCriterion:
    """A quality criterion judged on the pairs of a bracket (3.6.4)."""

    criterion: Criterion
    cost: PairCost
    #: the cost is 0 whenever the two participants have the same score (a criterion about
    #: upfloaters' pairs, C.04.5 [C8] = C.04.6 [C10]): a bracket then asks it only of the
    #: pairs across its score levels (issue 26: a one-score bracket of 1,000 players asked
    #: it of 500,000 pairs)
    same_score_free: bool = False


def upfloaters_opponents(label: str, article: str) -> PairCriterion:
    """C.04.5 [C8] (2.3.5) = C.04.6 [C10] (2.3.7): "minimise the number of upfloaters'
    opponents who were floaters in the previous round".

    Reading (``docs/double-swiss.md`` reading 7): in a pair of two participants with different
    scores, the one with the **higher** score is the upfloater's opponent (the other was pulled
    up to meet it); it counts when it was a floater in the previous round. This is also the
    reading of the reference answers' second implementation. Two upfloaters of the same score
    meeting each other are nobody's "upfloater's opponent".
    """

    def cost(a: Participant, b: Participant, view: BracketView) -> int:
        if a.score == b.score:
            return 0
        higher = a if a.score > b.score else b
        return 1 if higher.floated else 0

    return PairCriterion(
        Criterion(label, article,
                  "minimise the number of upfloaters' opponents who were floaters in the "
                  "previous round",
                  "minimiser le nombre d'adversaires de flotteurs montants qui étaient "
                  "flotteurs à la ronde précédente"),
        cost,
        same_score_free=True,  # ``a.score == b.score`` costs 0, above
    )
