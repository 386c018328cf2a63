"""D2's questions begun from the previous question's matching (issue 26, near-miss round 5):
``StageCompletions.some_split`` and ``_split_bits`` start from the last matching of their stage
(``completion._WarmStart``: its pairs that are edges of the new graph, the sink's pairs
unchecked), since any start gives the same "is it perfect?". Checked against an exhaustive
search on sequences of random graphs that join their sink alike (as a stage's graphs do), and
whole near-miss rounds paired alike, explanations included, with the warm starts switched off
(the greedy start of before every time)."""

from __future__ import annotations

import random

import pytest

from elo_swiss_rounds import assert_paired_again_alike
from swisspairing.matching.bitpaths import BitMatching
from swisspairing.matching.bitsets import bits, mask_of
from swisspairing.systems import get_system
from swisspairing.systems.elo_swiss import completion, players
from swisspairing.systems.explain import Explanation
from test_augment_bits import random_graph
from test_elo_swiss_split_bits import white_mostly_wins
from test_partners_allowed import brute_perfect


def _graphs(rng: random.Random, n: int, stand_ins: int, count: int
            ) -> list[tuple[dict[int, int], int]]:
    """``count`` random graphs on vertices 0..n-1 (``barred`` rows, each vertex barred from
    itself) as a stage's graphs are: on the vertices below ``n - stand_ins`` each is the
    subgraph of one graph induced by its vertices (players' vertices, in some graphs and not
    in others); the last ``stand_ins`` vertices (the stand-ins) are joined anew each time.
    Each graph with its vertices."""
    fixed = random_graph(rng, n)
    players = n - stand_ins
    stand_mask = mask_of(range(players, n))
    out = []
    for _ in range(count):
        fresh = random_graph(rng, n)
        barred = {}
        for v in range(n):
            own = fresh if v >= players else fixed
            barred[v] = (own[v] & ~stand_mask) | (fresh[v] & stand_mask) | (1 << v)
        among = mask_of(v for v in range(n) if rng.random() < 0.75)
        out.append((barred, among))
    return out


@pytest.mark.parametrize("seed", range(200))
def test_warm_starts_give_the_exhaustive_answer(seed: int) -> None:
    rng = random.Random(seed)
    n = rng.randint(2, 14)
    stand_ins = rng.randint(0, n // 2)
    checked = mask_of(range(n - stand_ins, n))
    warm = completion._WarmStart(highest=rng.random() < 0.5)
    only_perfect = rng.random() < 0.5  # some_split keeps only perfect matchings
    for barred, among in _graphs(rng, n, stand_ins, 6):
        for a in bits(among):  # the graphs are undirected
            for b in bits(among):
                assert ((barred[a] >> b) & 1) == ((barred[b] >> a) & 1) or a == b
        matching = warm.matching(barred, among, checked)
        answer = brute_perfect(barred, among)
        assert matching.perfect == answer
        assert answer == BitMatching.is_perfect(barred, among)
        mate = matching.mate
        # a matching of this graph (the pairs carried over included)
        assert all(mate[mate[v]] == v and v != mate[v] and not (barred[v] >> mate[v]) & 1
                   and (among >> v) & 1 for v in mate)
        assert mask_of(mate) == matching.matched
        if answer:
            assert matching.matched == among
        if matching.perfect or not only_perfect:
            warm.last = matching


@pytest.mark.parametrize("seed", range(40))
def test_family_rows_are_the_rows_built_one_by_one(seed: int) -> None:
    """``_FamilyRows`` computes a row when it is read: the rows of the graph described in
    ``StageCompletions.some_split`` (S1 vertices take S2 vertices as ``ok`` allows, not their
    own; S2 vertices who may float take the members and the bye vertex as the completion
    graph allows; the sink as ``_SinkRows``), built here one by one, on near-miss rounds."""
    rng = random.Random(seed)
    engine = get_system("elo-swiss")
    t = white_mostly_wins(engine, 700 + seed % 8, 40, 4)
    rd = players.Round(t, 5, use_b2=True)
    ids = rd.sort(t.players)
    cut = rng.randint(8, len(ids) - 8)
    level, sink = ids[:cut], frozenset(ids[cut:])
    can_float = [pid for pid in level if rng.random() < 0.7]
    ok = rd.pair_rule(rng.randint(0, 2))
    floater_ok = completion.FloaterTest(rd, sink, last=False)
    stage = completion.StageCompletions(rd, rng.choice([2, 3]), ok, can_float, floater_ok)
    shift = rd.bye_bit + 1
    bye_bit = 1 << rd.bye_bit
    left, right = mask_of(rng.sample(level, cut // 2)), mask_of(rng.sample(level, cut // 2))
    members = (right & stage.can_float) | mask_of(sink)
    takers = rd.bye_takers() & members if stage.bye else 0
    # groups with a choice (disjoint sets of the level's players) and their stand-ins, laid
    # out above every S1 vertex as some_split_bits lays them out
    chosen = [pid for pid in level if rng.random() < 0.3]
    rng.shuffle(chosen)
    base = top = 2 * shift + 1
    stand = []
    while chosen:
        size = min(len(chosen), rng.randint(1, 5))
        group, chosen = chosen[:size], chosen[size:]
        take = rng.randint(1, size) if size > 1 else 1
        s2_stand = ((1 << take) - 1) << top
        s1_stand = ((1 << (size - take)) - 1) << (top + take)
        top += size
        stand.append((mask_of(group), s2_stand, s1_stand))
    own_stand = {pid: (s2, s1) for mask, s2, s1 in stand for pid in bits(mask)}
    rows = completion._FamilyRows(stage, left, right, members, takers, stand, base)
    for a in bits(left):
        partners = right & ~ok.graph.barred[a] & ~(1 << a) | own_stand.get(a, (0, 0))[1]
        assert rows[a + shift] == ~partners
    for b in bits(right):
        partners = (left & ~ok.graph.barred[b] & ~(1 << b)) << shift
        if (stage.can_float >> b) & 1:
            partners |= members & ~rd.lookahead_barred[b] & ~(1 << b)
            partners |= bye_bit if (takers >> b) & 1 else 0
        assert rows[b] == ~(partners | own_stand.get(b, (0, 0))[0])
    for mask, s2_stand, s1_stand in stand:  # a stand-in: its group's S2 or S1 vertices
        for v in bits(s2_stand):
            assert rows[v] == ~mask
        for v in bits(s1_stand):
            assert rows[v] == ~(mask << shift)
    for v in sink:
        partners = members & ~rd.lookahead_barred[v] & ~(1 << v)
        partners |= bye_bit if (takers >> v) & 1 else 0
        assert rows[v] == ~partners
    for v in [top, top + 7, *(pid for pid in level if not (right | left) >> pid & 1)]:
        with pytest.raises(KeyError):  # not a vertex of this graph
            rows[v]


@pytest.mark.parametrize(("seed", "size"), [(811, 48), (812, 72), (813, 60)])
def test_rounds_paired_alike_without_the_warm_starts(seed: int, size: int,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    engine = get_system("elo-swiss")
    t = white_mostly_wins(engine, seed, size, 4)
    real = completion._WarmStart.matching
    carried = [0]

    def spy(self: completion._WarmStart, barred: dict[int, int], among: int,
            checked: int = 0) -> BitMatching:
        carried[0] += self.last is not None
        return real(self, barred, among, checked)

    def cold(self: completion._WarmStart, barred: dict[int, int], among: int,
             checked: int = 0) -> BitMatching:
        self.last = None  # the greedy start of before, every time
        return real(self, barred, among, checked)

    monkeypatch.setattr(completion._WarmStart, "matching", spy)
    first, said = [], []
    for r in range(1, t.rounds_paired + 2):
        explanation = Explanation()
        first.append(engine.pair(t.before_round(r), r, explanation))
        said.append(explanation)
    assert carried[0]  # the warm starts were used
    monkeypatch.setattr(completion._WarmStart, "matching", cold)
    monkeypatch.setattr(players.Round, "completable_over", _cold_completable_over)
    assert_paired_again_alike(engine, t, first, said)


def _cold_completable_over(rd: players.Round, extra: frozenset[int], base: frozenset[int]
                           ) -> bool:
    """``Round.completable_over`` from scratch: the completion graph of ``extra | base``, a
    bye vertex when odd, asked "is it perfect?" from the plain greedy start."""
    among = mask_of(extra | base)
    if among.bit_count() % 2:
        among |= 1 << rd.bye_bit
    return BitMatching.is_perfect(rd.completion_graph(), among)


@pytest.mark.parametrize("seed", range(6))
def test_completable_over_begun_from_the_last_one(seed: int) -> None:
    """Sequences of floater sets over the same lower levels, each a few players away from the
    last (as consecutive candidates' floaters are), asked of one round: the answers of a cold
    start (both answers are met: the test below)."""
    rng = random.Random(seed)
    engine = get_system("elo-swiss")
    t = white_mostly_wins(engine, 900 + seed, 40, 4)
    rd = players.Round(t, 5, use_b2=True)
    ids = rd.sort(t.players)
    cut = rng.randint(len(ids) // 3, 2 * len(ids) // 3)
    upper, base = ids[:cut], frozenset(ids[cut:])
    seen = set()
    extra = set(rng.sample(upper, rng.randint(0, len(upper))))
    for _ in range(60):
        for pid in rng.sample(upper, rng.randint(1, 3)):
            extra ^= {pid}
        answer = rd.completable_over(frozenset(extra), base)
        assert answer == _cold_completable_over(rd, frozenset(extra), base)
        seen.add(answer)
    if True in seen:
        assert rd._last_grown  # begun from a kept matching after the first "yes"


def test_completable_over_meets_both_answers() -> None:
    """The sequences above meet "yes" and "no" (the test is not one-sided)."""
    seen = set()
    for seed in range(6):
        rng = random.Random(seed)
        t = white_mostly_wins(get_system("elo-swiss"), 900 + seed, 40, 4)
        rd = players.Round(t, 5, use_b2=True)
        ids = rd.sort(t.players)
        cut = rng.randint(len(ids) // 3, 2 * len(ids) // 3)
        base = frozenset(ids[cut:])
        for _ in range(20):
            extra = frozenset(rng.sample(ids[:cut], rng.randint(0, cut)))
            seen.add(rd.completable_over(extra, base))
    assert seen == {True, False}
