"""The engine's pairing of one round as the web app stores it: a pure function of its input,
without Django, so that :mod:`.pairing_jobs` runs it in a child process (a long pairing then
uses another core, not the web server's interpreter: issue 24 item 16)."""

from __future__ import annotations

import contextlib
import os

from ...api import pair
from ...model import Pairing, Tournament
from .constraint_notes import constraint_notes


def compute_pairing(system: str, tournament: Tournament, round_number: int
                    ) -> tuple[Pairing, list[dict[str, object]]]:
    """The pairing of ``round_number`` by ``system`` and its explanation (en, fr, level,
    rule), as :class:`..models.Round` keeps it: first what the round's absences and forbidden
    pairs did to it (:mod:`.constraint_notes`, issue 25 item 8), then the engine's notes. The
    pairing is the public API's :func:`~swisspairing.pair`, the one the command line prints
    (issue 29); in a Double-Swiss tournament the web app's round ``round_number`` is a match,
    which the API counts as such (its first game column, 2k-1: C.04.5,
    ``../shared/cases-2026/double-swiss/README.md``)."""
    pairing = pair(tournament, system, round_number, explain=True)
    notes = pairing.explanation.notes if pairing.explanation is not None else []
    pairing.explanation = None  # kept as the notes below (the pairing crosses processes)
    return pairing, [*constraint_notes(system, tournament, round_number, pairing),
                     *({"en": n.en, "fr": n.fr, "level": n.level, "rule": n.rule}
                       for n in notes)]


def lower_priority() -> None:
    """The child computing a pairing yields the processor to the server's requests (a
    players' entry waits for no pairing): ``nice`` 10 where the system has it."""
    with contextlib.suppress(AttributeError, OSError):
        os.nice(10)
