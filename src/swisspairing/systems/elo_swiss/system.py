"""The Elo-based Swiss system: one round, its levels, colours and publication order."""

from __future__ import annotations

from dataclasses import dataclass

from ...errors import NoValidPairing
from ...model import Board, Pairing, Tournament
from ..explain import Explanation
from .colours import allocate_colours, publication_order
from .level import pair_levels
from .players import Round


@dataclass(frozen=True, slots=True)
class EloSwiss:
    """The French federation's Elo-based Swiss system."""

    name: str = "elo-swiss"

    def pair(
        self,
        tournament: Tournament,
        round_number: int | None = None,
        explain: Explanation | None = None,
    ) -> Pairing:
        r = tournament.next_round if round_number is None else round_number
        unpaired = tournament.not_paired_in(r)
        ids = [pid for pid in tournament.players if pid not in unpaired]
        notes: list[tuple[str, str, int, str]] = []
        rd = Round(tournament, r, use_b2=True)
        result = pair_levels(rd, ids, notes)
        if result is None:
            notes.append((
                "no pairing meets C.04.1 f-g (B2) for every player: colour limits relaxed",
                "aucun appariement ne respecte C.04.1 f-g (B2) pour tous : limites de "
                "couleur levées", 0, "B2"))
            rd = Round(tournament, r, use_b2=False)
            result = pair_levels(rd, ids, notes)
        if result is None:
            raise NoValidPairing(
                f"round {r}: no pairing meets B1 (players meet once; no second bye)"
            )
        pairs, bye = result
        boards = []
        notes.append(("colours by the basic rules (the text has none of its own)",
                      "couleurs selon les règles de base (le texte n'en prévoit pas)", 0,
                      "C.04.1 f-h"))
        for a, b in pairs:
            white, black, why_en, why_fr, rule = allocate_colours(rd, a, b)
            boards.append(Board(white, black))
            notes.append((f"{white}-{black}: {why_en}", f"{white}-{black} : {why_fr}", 1, rule))
        boards = publication_order(rd, boards)
        if bye is not None:
            notes.append((f"bye: {bye} (left unpaired after the last level)",
                          f"exempt : {bye} (seul non apparié après le dernier niveau)", 0, "A.5"))
        if explain is not None:
            for en, fr, level, rule in notes:
                explain.add(en, fr, level=level, rule=rule)
        return Pairing(r, boards, bye, dict(unpaired))


ELO_SWISS = EloSwiss()
