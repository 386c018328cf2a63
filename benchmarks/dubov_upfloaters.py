"""CPU time of the 2026 Dubov upfloater choice (3.2.1/3.2.2) on two kinds of bracket, by the
walk (``systems/dubov/upfloaters.py``, node budget as shipped) and by the weighted matching
alone (``by_weighted_matching``), with a check that both give the same set.

Run on demand (not a test):

    .venv/bin/python benchmarks/dubov_upfloaters.py [--sizes 20 50 100 200]

For each size n:

* ``colours``: n residents WW (absolute Black, C3 keeps them apart), 2n WB (due White) and n
  BW (due Black) one point below, by TPN W, W, B, W, W, B...: the walk follows its bounds (one
  node per candidate); the rules' set is the first n WB (C7 = 0);
* ``met``: the same, but resident 1 has met every WB: the colour bound promises C7 = 0 and
  every set of White-seekers fails only at its last member (C(2n, n) sets), so the walk spends
  its budget and hands over to the weighted matching (answer: the first n - 1 WB and the first
  BW, C7 = 1).
"""

from __future__ import annotations

import argparse
import resource
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from swisspairing.model import Colour, Tournament
from swisspairing.systems.dubov import DUBOV_2026_RULES, DubovPlayer, DubovRound
from swisspairing.systems.dubov.players import allowed_colours, preference_of
from swisspairing.systems.dubov.upfloaters import (
    UpfloaterChoice,
    _Candidates,
    by_weighted_matching,
    choose_upfloaters,
)

W, B = Colour.WHITE, Colour.BLACK


def player(pid: int, score: float, history: str, met: frozenset[int]) -> DubovPlayer:
    cols = tuple(W if c == "W" else B for c in history)
    pref, strength = preference_of(cols)
    can_w, can_b = allowed_colours(cols)
    return DubovPlayer(id=pid, name=f"P{pid}", rating=2600 - pid, rank=pid, score=score,
                       aro=0.0, colours=cols, opponents=met, preference=pref,
                       strength=strength, can_white=can_w, can_black=can_b, upfloats=0,
                       upfloated_last=False, downfloats=0, bye_ineligible=False)


def bracket(n: int, met_resident_1: bool) -> tuple[DubovRound, list[int], list[int]]:
    residents = list(range(1, n + 1))
    lower = list(range(n + 1, 4 * n + 1))
    white = [i for i in lower if (i - n) % 3 != 0]
    players = {i: player(i, 2.0, "WW", frozenset(white) if met_resident_1 and i == 1
                         else frozenset()) for i in residents}
    for i in lower:
        met = frozenset({1}) if met_resident_1 and i in white else frozenset()
        players[i] = player(i, 1.0, "WB" if i in white else "BW", met)
    rnd = DubovRound(Tournament(), 3, DUBOV_2026_RULES, players, W, last_round=False,
                     max_upfloats=3, explain=None)
    return rnd, residents, lower


def cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def timed(fn: object, *args: object) -> tuple[UpfloaterChoice | None, float]:
    t0 = cpu()
    got = fn(*args)  # type: ignore[operator]
    return got, cpu() - t0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sizes", type=int, nargs="+", default=[20, 50, 100, 200])
    a = ap.parse_args()
    print("| bracket | residents + lower | walk (as shipped) CPU s | matching alone CPU s "
          "| same set | C7 |")
    print("| --- | --- | --- | --- | --- | --- |")
    for n in a.sizes:
        for kind in ("colours", "met"):
            rnd, residents, lower = bracket(n, kind == "met")
            walk, t_walk = timed(choose_upfloaters, rnd, 2.0, residents, lower)
            rnd, residents, lower = bracket(n, kind == "met")
            matched, t_match = timed(by_weighted_matching, rnd, 2.0, residents,
                                     _Candidates(rnd, lower))
            same = walk is not None and matched is not None and \
                walk.upfloaters == matched.upfloaters and walk.pairs == matched.pairs
            c7 = walk.quality[1] if walk else "-"
            print(f"| {kind} | {n} + {3 * n} | {t_walk:.2f} | {t_match:.2f} | "
                  f"{'yes' if same else 'NO'} | {c7} |")


if __name__ == "__main__":
    main()
