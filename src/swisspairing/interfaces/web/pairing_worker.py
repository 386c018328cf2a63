"""The engine's pairing of one round as the web app stores it: a pure function of its input,
without Django, so that :mod:`.pairing_jobs` runs it in a child process (a long pairing then
uses another core, not the web server's interpreter: issue 24 item 16)."""

from __future__ import annotations

import contextlib
import os

from ...model import Pairing, Tournament
from ...systems import get_system
from ...systems.explain import Explanation


def compute_pairing(system: str, tournament: Tournament, round_number: int
                    ) -> tuple[Pairing, list[dict[str, object]]]:
    """The pairing of ``round_number`` by ``system`` and its explanation (en, fr, level,
    rule), as :class:`..models.Round` keeps it. In a Double-Swiss tournament the web app's
    round ``round_number`` is a match: the engine pairs its first game column, 2k-1 (C.04.5,
    ``../shared/cases-2026/double-swiss/README.md``)."""
    explanation = Explanation()
    column = tournament.games_per_round * (round_number - 1) + 1
    pairing = get_system(system).pair(tournament, column, explanation)
    return pairing, [{"en": n.en, "fr": n.fr, "level": n.level, "rule": n.rule}
                     for n in explanation.notes]


def lower_priority() -> None:
    """The child computing a pairing yields the processor to the server's requests (a
    players' entry waits for no pairing): ``nice`` 10 where the system has it."""
    with contextlib.suppress(AttributeError, OSError):
        os.nice(10)
