"""Pairing systems. Each system is one module sharing the model; this registry names them.

A system is any object with a ``name`` and a ``pair(tournament, round_number, explain)`` method
returning a :class:`~swisspairing.model.Pairing` (see :class:`PairingSystem`). Systems are
imported lazily: a name whose module does not exist yet answers "not implemented" (exit 2).
"""

from __future__ import annotations

import importlib
from typing import Protocol

from ..errors import BadRequest, NotImplementedSystem
from ..model import Pairing, Tournament
from .explain import Explanation

#: system name -> (module, attribute). ``dutch`` is the Dutch system in force (2025 rules).
_REGISTRY: dict[str, tuple[str, str]] = {
    "dutch-2012": ("swisspairing.systems.dutch", "DUTCH_2012"),
    "dutch-2017": ("swisspairing.systems.dutch", "DUTCH_2017"),
    "dutch-2025": ("swisspairing.systems.dutch", "DUTCH_2025"),
    "dubov-1997": ("swisspairing.systems.dubov", "DUBOV_1997"),
    "dubov": ("swisspairing.systems.dubov", "DUBOV"),
    "lim": ("swisspairing.systems.lim", "LIM"),
    "burstein": ("swisspairing.systems.burstein", "BURSTEIN"),
    "elo-swiss": ("swisspairing.systems.elo_swiss", "ELO_SWISS"),
    "round-robin": ("swisspairing.systems.round_robin", "ROUND_ROBIN"),
    "double-round-robin": ("swisspairing.systems.round_robin", "DOUBLE_ROUND_ROBIN"),
    "team-swiss": ("swisspairing.systems.team_swiss.system", "TEAM_SWISS"),
    "double-swiss": ("swisspairing.systems.double_swiss", "DOUBLE_SWISS"),
}
ALIASES = {"dutch": "dutch-2025"}
SYSTEM_NAMES = (*_REGISTRY, *ALIASES)

#: the TRF-2026 record ``192`` (ETT26 tournament type, trf.md 6) written for each system;
#: the rules in force since 1 February 2026 are ``FIDE_DUTCH_2026`` (``FIDE_DUTCH_2025`` is
#: only read, as older tables wrote it).
#: ETT26 has no code for Lim, the 2012 Dutch rules, the 1997 Dubov rules or the Elo-based
#: Swiss: they are written ``CUSTOM_SWISS`` with a comment line naming the system
#: (:data:`SYSTEM_COMMENT`), which ``pair`` and ``check`` read back (trf.md 6 suggests a
#: documented project comment for these gaps).
TRF_TYPE_192: dict[str, str] = {
    "dutch-2012": "CUSTOM_SWISS",
    "dutch-2017": "FIDE_DUTCH_2017",
    "dutch-2025": "FIDE_DUTCH_2026",
    "dubov-1997": "CUSTOM_SWISS",
    "dubov": "FIDE_DUBOV",
    "lim": "CUSTOM_SWISS",
    "burstein": "FIDE_BURSTEIN",
    "elo-swiss": "CUSTOM_SWISS",
    "round-robin": "FIDE_ROUNDROBIN",
    "double-round-robin": "FIDE_DOUBLEROUNDROBIN",
    "team-swiss": "FIDE_TEAM",
    "double-swiss": "FIDE_DOUBLESWISS",
}
#: ``### swisspairing system NAME``: the system of a ``192 CUSTOM_SWISS`` file
SYSTEM_COMMENT = "### swisspairing system "


def trf_type_lines(name: str) -> tuple[str, str | None]:
    """The ``192`` line of system ``name`` and the comment line naming it (None when the
    ETT26 code names the system by itself)."""
    canonical = canonical_name(name)
    code = TRF_TYPE_192[canonical]
    return f"192 {code}", (f"{SYSTEM_COMMENT}{canonical}" if code == "CUSTOM_SWISS" else None)


class PairingSystem(Protocol):
    """What every pairing system provides."""

    name: str

    def pair(
        self,
        tournament: Tournament,
        round_number: int | None = None,
        explain: Explanation | None = None,
    ) -> Pairing:
        """Pair ``round_number`` (default: the next round) from the rounds before it.

        Raises :class:`~swisspairing.errors.NoValidPairing` when the absolute criteria cannot
        all be met.
        """
        ...


def canonical_name(name: str) -> str:
    name = name.lower()
    name = ALIASES.get(name, name)
    if name not in _REGISTRY:
        raise BadRequest(
            f"unknown pairing system {name!r}; known systems: {', '.join(SYSTEM_NAMES)}"
        )
    return name


def get_system(name: str) -> PairingSystem:
    """The system called ``name`` (or an alias). Unknown -> BadRequest; not built yet ->
    NotImplementedSystem."""
    canonical = canonical_name(name)
    module_name, attribute = _REGISTRY[canonical]
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name == module_name or (exc.name or "").startswith("swisspairing.systems."):
            raise NotImplementedSystem(
                f"the pairing system {canonical!r} is not implemented yet"
            ) from None
        raise
    system = getattr(module, attribute, None)
    if system is None:
        raise NotImplementedSystem(f"the pairing system {canonical!r} is not implemented yet")
    return system  # type: ignore[no-any-return]


def implemented_systems() -> list[str]:
    out = []
    for name in _REGISTRY:
        try:
            get_system(name)
        except NotImplementedSystem:
            continue
        out.append(name)
    return out
