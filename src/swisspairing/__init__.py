"""swisspairing: FIDE Swiss-system pairings, checker, generator and standings for arbiters."""

__version__ = "0.1.0"
