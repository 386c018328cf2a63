"""Standings, C.07 tie-breaks, the E10 ranking, and publication (text, TSV, JSON, HTML, PDF)."""

from .ranking import DEFAULT_TIEBREAKS, Row, Standings, rank, rank_e10, tiebreaks_from_file
from .tiebreaks import CODES, TieBreak, parse_list, parse_tiebreak

__all__ = [
    "CODES",
    "DEFAULT_TIEBREAKS",
    "Row",
    "Standings",
    "TieBreak",
    "parse_list",
    "parse_tiebreak",
    "rank",
    "rank_e10",
    "tiebreaks_from_file",
]
