"""The checker on the reference tournaments of ``../shared/cases``.

The case with the highest round of a tournament holds every earlier round. Its round ``r`` was
paired by the reference engine from the same inputs as case ``r``, so reading the published
round ``r`` must give exactly the reference pairs ``tNNNN-rKK.pairs`` (engine-independent), and
wherever our engine's ``pair`` on case ``r`` agrees with the reference, the checker must report
round ``r`` as agreeing, without violation. A sample of small tournaments is checked here; the
whole folders are checked by ``benchmarks/check_cases.py``. A copy of the repository alone
(without ``../shared``, as on a fresh machine) checks its bundled example the same way, with the
example's own published rounds in place of the reference pairs.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from conftest import CASES, EXAMPLES
from swisspairing.checker.check import check_round, published_pairing
from swisspairing.checker.violations import absolute_violations
from swisspairing.errors import SwissPairingError
from swisspairing.formats.pairs import read_javafo
from swisspairing.formats.trf import read_trf
from swisspairing.systems import get_system

HAVE_CASES = CASES.is_dir()
EXAMPLE = EXAMPLES / "open-annecy-2026.trf"


def _histories(folder: Path) -> list[tuple[str, int]]:
    last: dict[str, int] = {}
    for f in folder.glob("t*-r*.trf"):
        m = re.match(r"(t\d+)-r(\d+)\.trf$", f.name)
        if m:
            last[m.group(1)] = max(last.get(m.group(1), 0), int(m.group(2)))
    return sorted(last.items())


@pytest.mark.parametrize("folder", ["dutch-2017", "dutch-2025"] if HAVE_CASES else ["example"])
def test_published_rounds_of_every_history_equal_the_reference_pairs(folder: str) -> None:
    """Every round of every history reads as the reference pairs of its case, and breaks no
    absolute rule of the system (the reference engines are endorsed). Without the cases: the
    three published rounds of the bundled example break no absolute rule of the 2025 text."""
    if folder == "example":
        t = read_trf(EXAMPLE)
        assert t.rounds_paired == 3
        for r in (1, 2, 3):
            pub = published_pairing(t, r).pairing
            assert len(pub.boards) >= 8
            assert absolute_violations(t, pub, "dutch-2025") == [], r
        return
    base = CASES / folder
    compared = 0
    for name, last in _histories(base):
        t = read_trf(base / f"{name}-r{last:02d}.trf")
        for r in range(1, t.rounds_paired + 1):
            ref = base / f"{name}-r{r:02d}.pairs"
            if not ref.exists():
                continue
            boards, bye = read_javafo(ref.read_text(), ref)
            pub = published_pairing(t, r).pairing
            assert {(b.white, b.black) for b in pub.boards} == boards, (name, r)
            assert pub.bye == bye, (name, r)
            assert absolute_violations(t, pub, folder) == [], (name, r)
            compared += 1
    assert compared > 250


@pytest.mark.parametrize(
    ("folder", "case"),
    [("dutch-2017", "t0021-r07"), ("dutch-2017", "t0038-r08"),
     ("dutch-2025", "t0043-r06"), ("dutch-2025", "t0048-r08")]
    if HAVE_CASES else [("dutch-2025", "example")],
)
def test_checker_agrees_where_our_engine_agrees_with_the_reference(folder: str, case: str
                                                                   ) -> None:
    if case == "example":
        # round 1 of the example is what our engine pairs (18 players, no history: B.3 and
        # E.5 alone decide it), so the checker must report it as agreeing, without violation
        rep = check_round(read_trf(EXAMPLE), folder, 1)
        assert rep.agrees and rep.ok, (rep.violations, rep.our_violations)
        return
    base = CASES / folder
    t = read_trf(base / f"{case}.trf")
    name = case.split("-")[0]
    system = get_system(folder)
    for r in range(1, t.rounds_paired + 1):
        ref = base / f"{name}-r{r:02d}.pairs"
        boards, bye = read_javafo(ref.read_text(), ref)
        try:
            ours = system.pair(read_trf(base / f"{name}-r{r:02d}.trf"), r, None)
        except SwissPairingError:
            continue
        if {(b.white, b.black) for b in ours.boards} != boards or ours.bye != bye:
            continue
        rep = check_round(t, folder, r)
        assert rep.agrees and rep.ok, (case, r, rep.violations, rep.our_violations)
