"""Accelerated pairings: the Baku Acceleration Method (C.04.7 Art. 1, 2026; C.04.5.1 before).

Digest: ``../shared/rules/general-handling-2026.md`` section 4; decisions: ``docs/acceleration.md``.

* Premise (C.04.7 1.1): a win is worth twice a draw and a loss scores 0
  (:func:`check_baku_premise`).
* Groups (1.2): before round 1 the players to be paired, in TPN order, are split into GA, the
  first ``2 * ceil(N / 4)`` of them (the first half rounded up to an even number), and GB
  (:func:`baku_group_size`).
* Late entries (1.3): inserted by the initial order (GHR 2.4); the last GA player stays the same
  player, so GA is every player whose TPN is not above that player's (:func:`baku_group_a`).
  A player not paired in round 1 (requested bye, absence, late entry) is placed the same way.
* Virtual points (1.4): the accelerated rounds are the first ``A = ceil(R / 2)``; before each of
  the first ``ceil(A / 2)`` of them every GA player gets the points of a win, before each of the
  others half of that; GB players and rounds after A get none (:func:`baku_fraction`).
* Pairing score (1.5) = points + the virtual points of the round: it makes and sorts the
  scoregroups and sorts the boards (GHR 3.6). Virtual points are not cumulative and never enter
  the standings or a tie-break.

Where the values come from (:func:`virtual_points_table`): ``XXA`` lines or ``250`` records
when the file has any (TRF-2026 5.2: they override the acceleration a ``192 ..._BAKU`` code
implies), else the Baku values computed here when ``Tournament.baku`` is set (``192 ..._BAKU``
or ``--baku``), else none.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from ..errors import BadRequest
from .scoring import PointSystem, round_points

if TYPE_CHECKING:
    from .tournament import Tournament

#: Codes of a cell that make a player "paired" in a round without an opponent (PAB, legacy +).
_PAIRED_WITHOUT_OPPONENT = "U+"


def baku_group_size(players_to_pair: int) -> int:
    """``|GA|`` (C.04.7 1.2): the first half of the players to be paired in round 1, rounded up
    to the next even number: ``2 * ceil(N / 4)`` (160 -> 80, 161 -> 82, 162 -> 82, 163 -> 82)."""
    if players_to_pair < 0:
        raise ValueError("the number of players cannot be negative")
    return 2 * math.ceil(players_to_pair / 4)


def accelerated_rounds(total_rounds: int) -> int:
    """``A = ceil(R / 2)`` (C.04.7 1.4): the first half of the rounds, rounded up."""
    return math.ceil(total_rounds / 2)


def baku_fraction(total_rounds: int, round_number: int) -> float:
    """The virtual points of a GA player before ``round_number``, as a fraction of a win's points
    (C.04.7 1.4): 1 in the first ``ceil(A / 2)`` accelerated rounds, 1/2 in the other
    accelerated rounds, 0 after round ``A = ceil(R / 2)``."""
    a = accelerated_rounds(total_rounds)
    if round_number < 1 or round_number > a:
        return 0.0
    return 1.0 if round_number <= math.ceil(a / 2) else 0.5


def check_baku_premise(points: PointSystem) -> None:
    """Refuse a point system where the Baku method does not apply (C.04.7 1.1).

    The premise: the points for a win are twice the points for a draw and a loss scores 0
    (1/½/0, 2/1/0; not 3/1/0 or 3/2/1). A win, a draw and a loss must each have one value
    (whatever the colour; a forfeit win is a win, a forfeit loss a loss). The values of byes are
    regulations (C.04.1 3) and do not enter the premise.
    """
    wins = {points.white_win, points.black_win, points.forfeit_win}
    draws = {points.white_draw, points.black_draw}
    losses = {points.white_loss, points.black_loss, points.forfeit_loss}
    problem = None
    if len(wins) > 1 or len(draws) > 1:
        problem = "a win or a draw is worth different points by colour or forfeit"
    elif losses != {0.0}:
        problem = "a loss does not score 0"
    elif points.win <= 0 or points.win != 2 * points.draw:
        problem = (f"a win ({points.win:g}) is not worth twice a draw ({points.draw:g})")
    if problem:
        raise BadRequest(
            "the Baku acceleration (C.04.7 1.1) needs a point system where a win is worth "
            f"twice a draw and a loss scores 0: here {problem}"
        )


def present_in_round_one(t: Tournament) -> list[int]:
    """The players to be paired in round 1, in TPN order (C.04.7 1.2 "properly sorted list").

    Once round 1 is paired: those with a board (played or forfeited) or the pairing-allocated
    bye in round 1. Before: every player not known to be absent (:meth:`not_paired_in`).
    """
    if t.rounds_paired >= 1:
        out = []
        for pid in sorted(t.players):
            e = t.players[pid].entry(1)
            if e is not None and (e.opponent or e.code in _PAIRED_WITHOUT_OPPONENT):
                out.append(pid)
        return out
    absent = t.not_paired_in(1)
    return [pid for pid in sorted(t.players) if pid not in absent]


def baku_group_a(t: Tournament) -> frozenset[int]:
    """GA (C.04.7 1.2-1.3): the first ``2 * ceil(N / 4)`` players to be paired in round 1, and
    every player placed above the last of them since (late entries, players absent in round 1:
    they are inserted by the initial order and the last GA player stays the same player)."""
    listed = present_in_round_one(t)
    size = baku_group_size(len(listed))
    if size == 0:
        return frozenset()
    last_ga = listed[min(size, len(listed)) - 1]
    return frozenset(pid for pid in t.players if pid <= last_ga)


def baku_values(t: Tournament) -> dict[int, list[float]]:
    """The Baku virtual points of every GA player for rounds ``1..A`` (C.04.7 1.4).

    Raises BadRequest when the point system does not meet the premise (1.1) or the number of
    rounds is unknown (``A`` depends on it).
    """
    check_baku_premise(t.point_system)
    if t.total_rounds is None:
        raise BadRequest("the Baku acceleration (C.04.7 1.4) needs the number of rounds "
                         "(XXR or 142 in the file)")
    win = t.point_system.win
    if t.games_per_round == 2:
        # Double-Swiss (C.04.5): a round is a two-game match; the points of a win are those of
        # a match won, both games (docs/double-swiss.md reading 20), the same in both columns
        matches = (t.total_rounds + 1) // 2
        per_match = [round_points(2 * win * baku_fraction(matches, k))
                     for k in range(1, accelerated_rounds(matches) + 1)]
        per_round = [v for v in per_match for _ in range(2)]
    else:
        per_round = [round_points(win * baku_fraction(t.total_rounds, r))
                     for r in range(1, accelerated_rounds(t.total_rounds) + 1)]
    return {pid: list(per_round) for pid in sorted(baku_group_a(t))}


def has_explicit_acceleration(t: Tournament) -> bool:
    """True when the file gives virtual points itself (``XXA`` lines, ``250`` records)."""
    return bool(t.acceleration)


def virtual_points_table(t: Tournament) -> dict[int, list[float]]:
    """Virtual points per player and round: ``table[id][r - 1]`` is the value added to the
    player's points to pair round ``r`` (a player or round not listed has 0).

    The file's ``XXA`` / ``250`` values when it has any (they override ``192 ..._BAKU``,
    TRF-2026 5.2), else the Baku values when ``t.baku`` is set, else nothing. This is the one
    place systems, the checker and the writers learn the virtual points from; Burstein's Index
    leaves them out (C.04.4.2 1.7.2) by using ``PlayerState.score`` rather than
    ``pairing_score``.
    """
    if has_explicit_acceleration(t):
        return t.acceleration
    if t.baku:
        return baku_values(t)
    return {}


def virtual_points(t: Tournament, player_id: int, round_number: int) -> float:
    """The virtual points of one player for pairing ``round_number`` (0 when none).

    Computes the whole table: for many players use :func:`virtual_points_table` once."""
    values = virtual_points_table(t).get(player_id)
    if values and 1 <= round_number <= len(values):
        return values[round_number - 1]
    return 0.0


def carriers(t: Tournament, round_number: int) -> dict[float, list[int]]:
    """Who carries virtual points in ``round_number``: value -> player ids (for ``--explain``)."""
    out: dict[float, list[int]] = {}
    for pid, values in sorted(virtual_points_table(t).items()):
        if 1 <= round_number <= len(values) and values[round_number - 1]:
            out.setdefault(values[round_number - 1], []).append(pid)
    return out


def id_ranges(ids: list[int]) -> str:
    """``[1, 2, 3, 5, 7, 8]`` -> ``'1-3, 5, 7-8'``."""
    parts: list[str] = []
    start = prev = None
    for pid in [*sorted(ids), None]:
        if pid is not None and prev is not None and pid == prev + 1:
            prev = pid
            continue
        if start is not None:
            parts.append(str(start) if start == prev else f"{start}-{prev}")
        start = prev = pid
    return ", ".join(parts)


def baku_differences(t: Tournament, up_to_round: int | None = None) -> list[str]:
    """Where the file's ``XXA`` / ``250`` values differ from the Baku values (C.04.7 1.2-1.4),
    rounds ``1..up_to_round`` (default: every round the file gives): one text per player.

    Empty when the file gives no values. The file's values are still the ones used (TRF-2026
    5.2); this only tells the arbiter that they are not the Baku method's.
    """
    if not has_explicit_acceleration(t):
        return []
    computed = baku_values(t)
    given = t.acceleration
    last = up_to_round or max((len(v) for v in given.values()), default=0)
    out = []
    for pid in sorted(set(given) | set(computed)):
        for r in range(1, last + 1):
            g = given.get(pid, [])
            c = computed.get(pid, [])
            file_value = g[r - 1] if r <= len(g) else 0.0
            baku_value = c[r - 1] if r <= len(c) else 0.0
            if file_value != baku_value:
                out.append(f"player {pid}, round {r}: the file gives {file_value:g}, "
                           f"the Baku method {baku_value:g}")
                break
    return out
