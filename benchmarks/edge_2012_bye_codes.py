"""How the edge-2012 reference answers (JaVaFo 1.4) read the TRF16 bye codes.

The edge-2012 histories write byes with the TRF16 letters ``0000 - U`` / ``F`` / ``H`` (the
Points column counts them). This script pairs every case of ``../shared/cases/edge-2012`` (or of
the given folder) with ``dutch-2012`` twice: as the file says, and with the earlier rounds'
``U``, ``F`` and ``H`` cells read as zero-point byes (``Z``), which is how the reference answers
place those players (docs/dutch.md, section 7.1). It prints the agreement of both readings and,
for the second one, the cases that still differ. Only our engine is run; the reference is the
``.pairs`` file.

    .venv/bin/python benchmarks/edge_2012_bye_codes.py [FOLDER] [--big]

``--big`` includes the ``big-*`` cases (300-1000 players: slow).
"""

from __future__ import annotations

import argparse
import copy
import sys
from pathlib import Path

from swisspairing.errors import NoValidPairing
from swisspairing.formats.trf import read_trf
from swisspairing.model import Tournament
from swisspairing.model.results import RoundEntry
from swisspairing.systems.dutch import DUTCH_2012

CASES = Path(__file__).resolve().parents[2] / "shared" / "cases" / "edge-2012"
LETTER_BYES = {"U", "F", "H"}


def read_pairs(path: Path) -> set[tuple[int, int]]:
    nums = list(map(int, path.read_text().split()[1:]))
    return set(zip(nums[::2], nums[1::2], strict=True))


def letter_byes_as_zero(t: Tournament, round_number: int) -> Tournament:
    """A copy where the U/F/H byes of the rounds before ``round_number`` are zero-point byes."""
    c = copy.deepcopy(t)
    for p in c.players.values():
        for r in range(1, round_number):
            e = p.entry(r)
            if e is not None and e.opponent == 0 and e.code in LETTER_BYES:
                p.set_entry(r, RoundEntry.bye("Z"))
    return c


def pairing_set(t: Tournament, round_number: int) -> set[tuple[int, int]] | None:
    try:
        pairing = DUTCH_2012.pair(t, round_number)
    except NoValidPairing:
        return None
    out = {(b.white, b.black) for b in pairing.boards}
    if pairing.bye is not None:
        out.add((pairing.bye, 0))
    return out


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", nargs="?", default=str(CASES))
    parser.add_argument("--big", action="store_true")
    args = parser.parse_args(argv)
    cases = sorted(Path(args.folder).glob("*.trf"))
    if not args.big:
        cases = [c for c in cases if not c.name.startswith("big-")]
    as_written = as_zero = 0
    still: list[str] = []
    for trf in cases:
        round_number = int(trf.stem.rsplit("-r", 1)[1])
        t = read_trf(trf)
        expected = read_pairs(trf.with_suffix(".pairs"))
        as_written += pairing_set(t, round_number) == expected
        if pairing_set(letter_byes_as_zero(t, round_number), round_number) == expected:
            as_zero += 1
        else:
            still.append(trf.stem)
    n = len(cases)
    print(f"{n} cases; byes as written (A5): {as_written} agree; "
          f"U/F/H read as zero-point byes: {as_zero} agree")
    if still:
        print("still different with U/F/H as zero-point byes: " + ", ".join(still))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
