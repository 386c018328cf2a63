"""``benchmarks/systems.py`` measures the ``pair`` process alone (closing note: its "max RSS"
counted the benchmark's own memory, the event generated in-process, because ``pair`` was
forked from it) and two runs sharing a ``--workdir`` do not write over each other's files."""

from __future__ import annotations

import resource
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
import systems

from conftest import EXAMPLES

#: what the benchmark holds before it measures: an event of thousands of players generated
#: in-process is a few hundred MB
BENCHMARK_MIB = 320


def test_the_peak_memory_is_the_pair_process_alone(tmp_path: Path) -> None:
    held = bytearray(BENCHMARK_MIB * 2**20)
    for i in range(0, len(held), 4096):  # touched: resident, as a generated event is
        held[i] = 1
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    assert own > BENCHMARK_MIB
    cpu, _wall, rss, finished = systems.run_pair("dutch-2025", EXAMPLES / "open-annecy-2026.trf",
                                                tmp_path / "out.pairs", 120)
    del held
    assert finished and (tmp_path / "out.pairs").read_text().strip()
    # ``pair`` on a 40-player file: the interpreter and the program, far below what the
    # benchmark held
    assert 10 < rss < BENCHMARK_MIB / 2, rss
    assert cpu > 0


def test_two_runs_sharing_a_workdir_write_apart(tmp_path: Path) -> None:
    """Each run writes its ``pair`` outputs in a folder of its own; the TRF files of an
    event, shared on purpose (reused, not generated again), name its number of rounds."""
    first, second = systems.run_folder(tmp_path), systems.run_folder(tmp_path)
    assert first != second and first.parent == second.parent == tmp_path
    trf = EXAMPLES / "open-annecy-2026.trf"
    rows = [systems.measure("dutch-2025", "annecy", trf, None, 120, run)
            for run in (first, second)]
    assert all(row[2][0].isdigit() for row in rows), rows
    assert [p.parent for p in (*first.iterdir(), *second.iterdir())] == [first, second]
    assert systems.before_round_file(tmp_path, "dutch-2025", 1000, 11, 1, 5) != \
        systems.before_round_file(tmp_path, "dutch-2025", 1000, 9, 1, 5)
