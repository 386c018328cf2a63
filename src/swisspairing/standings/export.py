"""Export a tournament as TRF-16 or TRF-2026 for rating reports (``../shared/rules/trf.md``).

Both write the ``001`` lines with the file's points column (or, on request or where the file had
none, the points the results give under the tournament's point system), the rank of the
standings (C.07 tie-breaks of the file's 202/212 record, or the default list; ties left after
the list share the rank, TRF allows it) and every round cell with the standard codes of TRF
4.1 (:func:`~swisspairing.formats.trf.standard_cell`).

* TRF-16 (C.04 annex 2): headers ``012``-``132`` and the player lines; the engine lines
  (``XX?``, ``BB?``) and ``###`` comments, which TRF-16 does not know, are left out. Unknown
  records kept from the input (team ``013``, national rating lines) are written back.
* TRF-2026 (C.02.03 annex A): the same, plus ``142`` rounds, ``152`` initial colour, ``162``
  scoring (when not the default), ``172``-``192``, ``202`` tie-breaks (unless a ``212`` is
  kept), ``222``, ``240`` byes not yet played, ``250`` acceleration (also as ``XXA`` lines, for
  the engines that read only those; computed Baku values included) and ``260`` prohibited
  pairings; ``###`` comments are kept (TRF-2026 allows them).
"""

from __future__ import annotations

from dataclasses import replace

from ..formats.trf import (
    format_points,
    player_line,
    standard_cell,
    team_acceleration_lines,
    team_header_lines,
    team_lines,
    xxa_lines,
)
from ..model.acceleration import virtual_points_table
from ..model.results import Colour
from ..model.scoring import PointSystem
from ..model.tournament import Tournament
from .ranking import Standings

TRF16_HEADERS = ("012", "022", "032", "042", "052", "062", "072", "082", "092", "102", "112",
                 "122", "132")
_ENGINE_PREFIXES = ("XXR", "XXC", "XXS", "XXA", "XXP", "XXZ", "BBW", "BBD", "BBL", "BBZ", "BBF",
                    "BBU")


def _player_lines(t: Tournament, st: Standings | None, points: str) -> list[str]:
    """``001`` lines with the standard cell codes; ``points``: ``"declared"`` keeps the file's
    points column (the results' points where it had none), ``"computed"`` writes the results'."""
    ranks = {row.pid: row.rank for row in st.rows} if st is not None else {}
    out = []
    for pid in sorted(t.players):
        p = t.players[pid]
        p2 = replace(p, declared_rank=ranks.get(pid, p.declared_rank), results=list(p.results))
        keep = points == "declared" and p.declared_points is not None
        out.append(player_line(t, p2, None if keep else t.total_points(pid), standard_cell))
    return out


def _kept_extra(t: Tournament, comments: bool) -> list[str]:
    out = []
    for line in t.extra_lines:
        if line.startswith("###"):
            if comments and not line.startswith("### swisspairing withdrawn "):
                out.append(line)
        elif not line.startswith(_ENGINE_PREFIXES):
            out.append(line)
    return out


def write_trf16(t: Tournament, st: Standings | None = None, *, points: str = "declared"
                ) -> str:
    """TRF-16 text of the tournament (see the module docstring)."""
    if t.games_per_round == 2:
        from ..errors import BadRequest

        raise BadRequest("TRF-16 has no record saying that a round is a two-game match "
                         "(Double-Swiss, 192 FIDE_DOUBLESWISS is TRF-2026): export to TRF-2026")
    out: list[str] = []
    for code in TRF16_HEADERS:
        out.extend(t.headers.get(code, []))
    out.extend(_player_lines(t, st, points))
    if t.team_event is not None:  # TRF-16 013 team records: name 5-36, members from 37
        for tid in sorted(t.team_event.teams):
            team = t.team_event.teams[tid]
            out.append((f"013 {team.name[:32]:<32}"
                        + " ".join(f"{m:4d}" for m in team.members)).rstrip())
    out.extend(_kept_extra(t, comments=False))
    return "\n".join(out) + "\n"


def scoring_162(ps: PointSystem) -> tuple[str | None, list[str]]:
    """The ``162`` record of a point system (None for the default) and what it cannot say.

    Symbols (trf.md 3.1): W win/forfeit win/full-point bye, D draw/half-point bye, L loss,
    A zero-point bye/forfeit loss, P pairing-allocated bye; symbol at column 6, points at 7-10,
    then every 9 columns.
    """
    if ps.is_default:
        return None, []
    lost: list[str] = []
    if len({ps.white_win, ps.black_win, ps.forfeit_win, ps.full_point_bye}) > 1:
        lost.append("win values differ by colour, forfeit or full-point bye")
    if len({ps.white_draw, ps.black_draw, ps.half_point_bye}) > 1:
        lost.append("draw values differ by colour or half-point bye")
    if ps.white_loss != ps.black_loss:
        lost.append("loss values differ by colour")
    if ps.zero_point_bye != ps.forfeit_loss:
        lost.append("zero-point bye and forfeit loss differ")
    # W and D always; L, A and P only when they differ from their default (0, 0, the W
    # value): the text needs no more, and bbpPairings 6 refuses the symbol A (it reads Z)
    items = [("W", ps.white_win), ("D", ps.white_draw)]
    if ps.white_loss:
        items.append(("L", ps.white_loss))
    if ps.forfeit_loss:
        items.append(("A", ps.forfeit_loss))
        lost.append("bbpPairings 6 refuses the symbol A (absence) that the TRF-2026 text "
                    "gives; it reads the same value under Z")
    if ps.pairing_bye != ps.white_win:
        items.append(("P", ps.pairing_bye))
    body = "    ".join(f"{symbol}{format_points(value)}" for symbol, value in items)
    return f"162  {body}", lost


def _acceleration_250(t: Tournament) -> list[str]:
    """``250`` records of the virtual points (the file's, or the computed Baku values, C.04.7):
    runs of rounds with the same value, merged over consecutive ids."""
    runs: dict[tuple[float, int, int], list[int]] = {}
    table = virtual_points_table(t)
    for pid in sorted(table):
        values = table[pid]
        r = 0
        while r < len(values):
            v = values[r]
            if v == 0:
                r += 1
                continue
            first = r
            while r + 1 < len(values) and values[r + 1] == v:
                r += 1
            runs.setdefault((v, first + 1, r + 1), []).append(pid)
            r += 1
    out = []
    for (v, first, last), ids in sorted(runs.items(), key=lambda kv: (kv[0][1], kv[1][0])):
        start = prev = ids[0]
        for pid in [*ids[1:], None]:
            if pid is not None and pid == prev + 1:
                prev = pid
                continue
            out.append(f"250      {v:4.1f} {first:03d} {last:03d} {start:04d} {prev:04d}")
            if pid is not None:
                start = prev = pid
    return out


def write_trf26(t: Tournament, st: Standings | None = None,
                tiebreak_labels: list[str] | None = None, *, points: str = "declared"
                ) -> tuple[str, list[str]]:
    """TRF-2026 text of the tournament and the warnings (what the format cannot hold)."""
    warnings: list[str] = []
    out: list[str] = []
    for code in TRF16_HEADERS:
        out.extend(t.headers.get(code, []))
    if t.total_rounds is not None:
        out.append(f"142 {t.total_rounds}")
    if t.initial_colour is not None:
        out.append(f"152 {'W' if t.initial_colour is Colour.WHITE else 'B'}")
    line_162, lost = scoring_162(t.point_system)
    if line_162:
        out.append(line_162)
    warnings.extend(f"162 cannot say it: {x}" for x in lost)
    for code in ("172", "182", "192"):
        out.extend(t.headers.get(code, []))
    if t.headers.get("212"):
        out.extend(t.headers["212"])
    elif t.headers.get("202"):
        out.extend(t.headers["202"])
    elif tiebreak_labels:
        out.append("202 " + ",".join(tiebreak_labels))
    out.extend(t.headers.get("222", []))
    if t.team_event is not None:  # C.04.6 team records (trf.md 5.4)
        out.extend(team_header_lines(t.team_event))
    out.extend(_player_lines(t, st, points))
    if t.team_event is not None:
        out.extend(team_lines(t.team_event, t.rounds_paired, t.point_system.draw))
    for r in sorted(t.absent):
        by_code: dict[str, list[int]] = {}
        for pid, code in sorted(t.absent[r].items()):
            by_code.setdefault(code if code in "FHZ" else "Z", []).append(pid)
        for code, ids in by_code.items():
            out.append(f"240 {code} {r:03d} " + " ".join(f"{i:04d}" for i in ids))
    out.extend(_acceleration_250(t))
    if t.team_event is not None:
        out.extend(team_acceleration_lines(t.team_event))
    # the same values as JaVaFo XXA lines, which engines reading TRF(x) only understand
    out.extend(xxa_lines(virtual_points_table(t)))
    last_round = t.total_rounds or max(t.rounds_in_file, 1)
    for g in t.forbidden_pairs:
        first = g.first_round or 1
        last = g.last_round or last_round
        out.append(f"260 {first:03d} {last:03d} " + " ".join(f"{i:04d}" for i in sorted(g.players)))
    for pid, first in sorted(t.withdrawn.items()):
        out.append(f"### swisspairing withdrawn {pid} {first}")
    out.extend(_kept_extra(t, comments=True))
    return "\n".join(out) + "\n", warnings
