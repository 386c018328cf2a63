"""D2's family questions keep the stand-ins' pairs of the groups the previous question had too
without checking them (issue 26, branch s12-elo5d: ``completion._stand_ins_to_check``): every
family question of whole near-miss rounds asked again with every stand-in checked, as before,
gives the very same matching (the same pairs in the same order, the same vertex that failed),
and the rounds pair alike, explanations included."""

from __future__ import annotations

import pytest

from elo_swiss_rounds import assert_paired_again_alike
from swisspairing.matching.bitpaths import BitMatching
from swisspairing.systems import get_system
from swisspairing.systems.elo_swiss import completion
from swisspairing.systems.explain import Explanation
from test_elo_swiss_split_bits import white_mostly_wins


def test_only_the_groups_not_met_before_are_checked() -> None:
    s2_a, s1_a = 0b11 << 20, 0b1 << 22
    s2_b, s1_b = 0b1 << 23, 0b11 << 24
    stand_ins = s2_a | s1_a | s2_b | s1_b
    group_a, group_b = (0b111, s2_a, s1_a), (0b111000, s2_b, s1_b)
    assert completion._stand_ins_to_check([group_a, group_b], stand_ins, ()) == stand_ins
    assert completion._stand_ins_to_check([group_a, group_b], stand_ins,
                                          [group_a]) == s2_b | s1_b
    # the same players at other stand-ins, or other players at the same: checked
    moved = (0b111, s2_b, s1_b)
    assert completion._stand_ins_to_check([group_a, group_b], stand_ins,
                                          [moved]) == stand_ins
    assert completion._stand_ins_to_check([group_a, group_b], stand_ins,
                                          [(0b1111, s2_a, s1_a), group_b]) == s2_a | s1_a


@pytest.mark.parametrize(("seed", "size", "rounds"),
                         [(812, 72, 4), (901, 100, 4), (902, 120, 4), (904, 80, 5)])
def test_every_family_question_gives_the_matching_of_the_full_check(
        seed: int, size: int, rounds: int, monkeypatch: pytest.MonkeyPatch) -> None:
    engine = get_system("elo-swiss")
    t = white_mostly_wins(engine, seed, size, rounds)
    real = completion._WarmStart.matching
    skipped = [0, 0]  # questions with stand-ins left unchecked, questions compared

    def compared(self: completion._WarmStart, barred: dict[int, int], among: int,
                 checked: int = 0) -> BitMatching:
        if not isinstance(barred, completion._FamilyRows):
            return real(self, barred, among, checked)
        every = 0
        for _, s2_stand, s1_stand in barred.stand:
            every |= s2_stand | s1_stand
        before = completion._WarmStart(self.highest)
        before.last, before.failed = self.last, self.failed
        full = real(before, barred, among, every)  # the check of before: every stand-in
        got = real(self, barred, among, checked)
        assert list(got.mate.items()) == list(full.mate.items())
        assert (got.matched, got.perfect, self.failed) == (
            full.matched, full.perfect, before.failed)
        skipped[0] += checked != every
        skipped[1] += 1
        return got

    monkeypatch.setattr(completion._WarmStart, "matching", compared)
    first, said = [], []
    for r in range(1, t.rounds_paired + 2):
        explanation = Explanation()
        first.append(engine.pair(t.before_round(r), r, explanation))
        said.append(explanation)
    assert skipped[0]  # the previous question's groups were met again
    monkeypatch.setattr(completion, "_stand_ins_to_check",
                        lambda stand, stand_ins, last_stand: stand_ins)
    monkeypatch.setattr(completion._WarmStart, "matching", real)
    assert_paired_again_alike(engine, t, first, said)
