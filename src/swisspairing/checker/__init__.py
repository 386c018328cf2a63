"""The free pairings checker (FPC) and the random tournament generator (RTG), for every system.

* :func:`~.violations.absolute_violations` - absolute rules (C.04.1) broken by a pairing;
* :func:`~.check.check_tournament` - re-pair every round and compare with the published one;
* :func:`~.generator.generate` - play a random tournament with our engine;
* :func:`~.endorse.run_endorsement` - generate and check thousands of tournaments.
"""

from .check import CheckReport, RoundReport, check_tournament, published_pairing
from .generator import GeneratorConfig, generate, read_config
from .violations import Violation, absolute_violations

__all__ = [
    "CheckReport",
    "GeneratorConfig",
    "RoundReport",
    "Violation",
    "absolute_violations",
    "check_tournament",
    "generate",
    "published_pairing",
    "read_config",
]
