"""swisspairing: FIDE Swiss-system pairings, checker, generator and standings for arbiters.

The public API (``docs/api.md``): read a tournament with :func:`read_trf` (or build it from
plain data with :func:`tournament_from_dict`), pair a round with :func:`pair`, check every
round with :func:`check`, play a random tournament with :func:`generate`, rank the players
with :func:`standings` and publish them with :func:`publish`, write the tournament back with
:func:`write_trf` or :func:`tournament_to_dict`. ``SYSTEMS`` names the pairing systems.
Every error is a :class:`SwissPairingError`. The modules below the package are the implementation.

>>> import swisspairing as sp
>>> "dutch-2025" in sp.SYSTEMS
True
"""

from __future__ import annotations

import importlib
import sys
import types
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

#: public name -> the module that defines it; loaded on first use (PEP 562), so that
#: ``swisspairing pair`` starts without loading the checker, the standings or the web app
_PUBLIC: dict[str, str] = {
    **dict.fromkeys(("DEFAULT_TIEBREAKS", "DICT_FORMAT", "LANGUAGES", "PAIRING_FORMATS",
                     "PUBLISH_FORMATS", "RULE_SETS", "SYSTEMS", "TrfWarning", "VIEWS", "check",
                     "endorse", "generate", "pair", "publish", "read_trf", "standings",
                     "system_from_file", "tournament_from_dict", "tournament_to_dict",
                     "violations", "write_pairing", "write_trf"),
                    "swisspairing.api"),
    "CheckReport": "swisspairing.checker.check",
    "Violation": "swisspairing.checker.violations",
    **dict.fromkeys(("BadRequest", "InputError", "NoValidPairing", "SwissPairingError"),
                    "swisspairing.errors"),
    **dict.fromkeys(("Board", "Colour", "Pairing", "Player", "RoundEntry", "Tournament"),
                    "swisspairing.model"),
    "Standings": "swisspairing.standings.ranking",
    "TeamStandings": "swisspairing.standings.teams",
}

__all__ = sorted([*_PUBLIC, "__version__"])

if TYPE_CHECKING:  # what type checkers and readers see
    from .api import (  # noqa: F401
        DEFAULT_TIEBREAKS,
        DICT_FORMAT,
        LANGUAGES,
        PAIRING_FORMATS,
        PUBLISH_FORMATS,
        RULE_SETS,
        SYSTEMS,
        VIEWS,
        TrfWarning,
        check,
        endorse,
        generate,
        pair,
        publish,
        read_trf,
        standings,
        system_from_file,
        tournament_from_dict,
        tournament_to_dict,
        violations,
        write_pairing,
        write_trf,
    )
    from .checker.check import CheckReport  # noqa: F401
    from .checker.violations import Violation  # noqa: F401
    from .errors import BadRequest, InputError, NoValidPairing, SwissPairingError  # noqa: F401
    from .model import Board, Colour, Pairing, Player, RoundEntry, Tournament  # noqa: F401
    from .standings.ranking import Standings  # noqa: F401
    from .standings.teams import TeamStandings  # noqa: F401


class _Package(types.ModuleType):
    """The package keeps its public names when a subpackage of the same name is imported.

    ``swisspairing.standings`` is both the API's function and the subpackage that computes
    it; Python's import system would set the package attribute to the subpackage on its first
    import. The subpackage stays reachable as a module (``from swisspairing.standings import
    ranking``, ``sys.modules``); the attribute stays the function.
    """

    def __setattr__(self, name: str, value: Any) -> None:
        if name in _PUBLIC and isinstance(value, types.ModuleType):
            return
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package


def __getattr__(name: str) -> Any:
    if name in _PUBLIC:
        value = getattr(importlib.import_module(_PUBLIC[name]), name)
        globals()[name] = value  # (a plain assignment: not through _Package.__setattr__)
        return value
    raise AttributeError(f"module 'swisspairing' has no attribute {name!r}")


def __dir__() -> list[str]:
    return list(__all__)
