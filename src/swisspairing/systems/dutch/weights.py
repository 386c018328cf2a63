"""Criteria as matching weights: edge kinds and the mixed-radix digits that turn the criteria rows
(highest priority first) into one integer weight per edge (``docs/dutch.md`` sections 2-3)."""

from __future__ import annotations

import operator
from collections.abc import Iterable

INTERNAL, NEXT, OTHER, BYE = 0, 1, 2, 3
BYE_VERTEX = -1


def digit_multipliers(radices: list[int]) -> tuple[list[int], int]:
    """Place values of mixed-radix digits, highest first, and the product of all radices."""
    mult = [1] * len(radices)
    for k in range(len(radices) - 2, -1, -1):
        mult[k] = mult[k + 1] * radices[k + 1]
    return mult, (mult[0] * radices[0] if radices else 1)


class Levels:
    """Combine per-edge criterion values, highest priority first, into one integer weight."""

    def __init__(self) -> None:
        self.rows: dict[tuple[int, int], list[int]] = {}

    def set(self, key: tuple[int, int], values: list[int]) -> None:
        self.rows[key] = values

    def radices(self, pairs_bound: int, distinct: Iterable[list[int]] | None = None
                ) -> list[int]:
        """Each digit's radix: above the largest sum it can reach over a matching of at most
        ``pairs_bound`` pairs, so that the digits of a matching's total never carry.
        ``distinct``: the rows' values without repeats, when the caller has them (the same
        column maxima, fewer rows read)."""
        columns = list(zip(*(self.rows.values() if distinct is None else distinct),
                           strict=True))
        if columns and min(min(c) for c in columns) < 0:
            raise AssertionError("criterion weights must be non-negative")
        return [max(c) * pairs_bound + 1 for c in columns]

    def weights(self, pairs_bound: int, radices: list[int] | None = None
                ) -> dict[tuple[int, int], int]:
        """One integer weight per edge; ``radices``: :meth:`radices` of the same
        ``pairs_bound`` when the caller has them already."""
        rows = self.rows
        if not rows:
            return {}
        mult, _ = digit_multipliers(radices if radices is not None
                                    else self.radices(pairs_bound))
        # + 1: every edge must stay positive so that the matching may use it
        return {key: sum(map(operator.mul, vals, mult)) + 1 for key, vals in rows.items()}
