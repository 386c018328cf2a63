"""The procedure shared by C.04.5 and C.04.6 (Art. 3, ``systems/swiss2026``), on participants
built by hand. Expected pairings are derived from the rule text (each test says how)."""

from __future__ import annotations

import pytest

from swisspairing.errors import NoValidPairing
from swisspairing.systems.explain import Explanation
from swisspairing.systems.swiss2026 import Participant, Rules, pair_round, upfloaters_opponents
from swisspairing.systems.swiss2026.procedure import _profiles, _sets

RULES = Rules("C.04.5", pair_criteria=(upfloaters_opponents("[C8]", "2.3.5"),))


def _met(pid: int, *opponents: int) -> Participant:
    return Participant(pid, 0.0, opponents=frozenset(opponents))


def _field(n: int, **scores: float) -> list[Participant]:
    return [Participant(i, scores.get(f"p{i}", 0.0)) for i in range(1, n + 1)]


def test_round_one_pairs_top_half_against_bottom_half() -> None:
    """3.6.2-3.6.3 with no constraint: the first identifier has tops 1..n and bottoms n+1..2n in
    order (digest implementation note: 6 players give 1-4, 2-5, 3-6)."""
    result = pair_round(_field(6), RULES)
    assert result.bye is None
    assert result.pairs == [(1, 4), (2, 5), (3, 6)]


def test_the_bye_goes_first_to_the_largest_tpn() -> None:
    """3.4: all on 0 points, nobody has played: 3.4.4 gives the PAB to the largest TPN (5);
    then 1-3, 2-4."""
    result = pair_round(_field(5), RULES)
    assert result.bye == 5
    assert result.pairs == [(1, 3), (2, 4)]


def test_bye_order_score_then_matches_played_then_tpn() -> None:
    """3.4.2 lowest score first, 3.4.3 then the most matches played; [C2] removes players."""
    field = [Participant(1, 2.0), Participant(2, 1.0, matches_played=1),
             Participant(3, 1.0, matches_played=2), Participant(4, 1.0, matches_played=2,
                                                                 may_get_bye=False),
             Participant(5, 3.0)]
    assert pair_round(field, RULES).bye == 3


def test_bye_skips_a_candidate_whose_absence_leaves_no_complete_pairing() -> None:
    """3.4.1: 5 would get the bye, but then 4 could meet nobody (4 met 1, 2, 3): 4 gets it."""
    field = [_met(1, 4), _met(2, 4), _met(3, 4), _met(4, 1, 2, 3), _met(5)]
    assert pair_round(field, RULES).bye == 4


def test_identifier_order_of_the_text() -> None:
    """3.6.2's example: pairs 11-24, 16-6, 10-9, 8-4 have the identifier 4 6 9 11 8 16 10 24;
    with 4, 6, 9, 11 unable to meet anyone but their partner in that pairing, it is the one
    chosen, and every pair is (top, bottom) by TPN."""
    ids = [4, 6, 8, 9, 10, 11, 16, 24]
    partner = {11: 24, 24: 11, 16: 6, 6: 16, 10: 9, 9: 10, 8: 4, 4: 8}
    field = [Participant(i, 1.0, opponents=frozenset(set(ids) - {i, partner[i]})) for i in ids]
    result = pair_round(field, RULES)
    assert result.pairs == [(4, 8), (6, 16), (9, 10), (11, 24)]


def test_top_set_first_then_bottoms() -> None:
    """3.6.3: identifiers compare the tops first. 1 may not meet 3 or 4 in a bracket of 1..4:
    the tops {1, 2} with 1-3 or 1-4 are impossible, so 1-2 and 3-4."""
    field = [_met(1, 3, 4), _met(2), _met(3, 1), _met(4, 1)]
    assert pair_round(field, RULES).pairs == [(1, 2), (3, 4)]


def test_set_order_of_the_text() -> None:
    """3.5.4's example: two 3-pointers from {2, 6, 8} and one 2.5 from {1, 3, 5}, in the order
    {2,6,1} < {2,6,3} < {2,6,5} < {2,8,1} < ... < {6,8,5}."""
    levels = [(3.0, [2, 6, 8]), (2.5, [1, 3, 5])]
    assert list(_sets([2, 1], levels)) == [
        (2, 6, 1), (2, 6, 3), (2, 6, 5), (2, 8, 1), (2, 8, 3), (2, 8, 5),
        (6, 8, 1), (6, 8, 3), (6, 8, 5)]


def test_profiles_best_c5_first() -> None:
    """[C5]: upfloaters' scores compared in ascending order, the highest first: with levels of
    2, 2 and 3 players, three upfloaters are taken as (2, 1, 0) before (1, 2, 0)... the lowest
    score as high as possible first."""
    got = list(_profiles(3, [2, 2, 3]))
    assert got[0] == [2, 1, 0]
    assert got[1] == [1, 2, 0]
    assert got[2] == [2, 0, 1]
    assert len(got) == len({tuple(p) for p in got})


def test_fewest_upfloaters_then_the_first_set() -> None:
    """[C4]: one resident on 2 points takes one upfloater, and [C5] takes it from 1 point (not
    0); 3.5.4: the first by TPN (3) - then 4-5 are paired in the next bracket."""
    field = [Participant(1, 2.0), Participant(3, 1.0), Participant(4, 1.0), Participant(2, 0.0),
             Participant(5, 0.0), Participant(6, 0.0)]
    result = pair_round(field, RULES)
    first = result.brackets[0]
    assert first.residents == [1] and first.upfloaters == [3]
    assert result.pairs[0] == (1, 3)


def test_c7_prefers_an_upfloater_who_did_not_float() -> None:
    """[C7]: among upfloaters of the same score, one who floated in the previous round is
    passed over for a later one who did not."""
    field = [Participant(1, 2.0), Participant(2, 1.0, floated=True), Participant(3, 1.0),
             Participant(4, 1.0), Participant(5, 0.0)]
    assert pair_round(field, RULES).brackets[0].upfloaters == [3]
    lapsed = Rules("C.04.5", upfloater_floats=False)
    assert pair_round(field, lapsed).brackets[0].upfloaters == [2]


def test_no_complete_pairing_is_no_valid_pairing() -> None:
    field = [_met(1, 2), _met(2, 1)]
    with pytest.raises(NoValidPairing):
        pair_round(field, RULES)


def test_explanation_in_both_languages() -> None:
    explanation = Explanation()
    pair_round(_field(5), RULES, explanation=explanation)
    assert "Pairing-allocated bye: 5" in explanation.render("en")
    assert "Exempt : 5" in explanation.render("fr")
