"""Pairing outputs: the JaVaFo/bbpPairings pair list, a readable board list, and JSON."""

from __future__ import annotations

from pathlib import Path

from ..errors import InputError
from ..model import Pairing, Tournament
from ..model.scoring import round_points

FORMATS = ("javafo", "text", "json")


def javafo(pairing: Pairing) -> str:
    """First line the number of pairs, then ``WHITE BLACK`` per pair, the bye as ``ID 0``.

    The pairs are in publication order when a tournament is given to :func:`render`; here in
    the order of the pairing. The pairing-allocated bye counts as a pair (as JaVaFo does).
    """
    lines = [f"{b.white} {b.black}" for b in pairing.boards]
    if pairing.bye is not None:
        lines.append(f"{pairing.bye} 0")
    return "\n".join([str(len(lines)), *lines]) + "\n"


def read_javafo(text: str, path: str | Path | None = None
                ) -> tuple[set[tuple[int, int]], int | None]:
    """The (white, black) boards and the bye of a pair list as :func:`javafo` writes it (first
    line the number of pairs, the bye counted, then ``WHITE BLACK`` a line, ``ID 0`` for the
    bye; blank lines ignored). A line that is not that is an :class:`InputError` naming it."""
    numbered = [(i, line.split()) for i, line in enumerate(text.splitlines(), start=1)
                if line.strip()]
    if not numbered or len(numbered[0][1]) != 1 or not numbered[0][1][0].isdigit():
        line = numbered[0][0] if numbered else None
        raise InputError("the first line must be the number of pairs", path, line)
    count = int(numbered[0][1][0])
    boards: set[tuple[int, int]] = set()
    bye: int | None = None
    for i, words in numbered[1:]:
        if len(words) != 2 or not all(w.isdigit() for w in words) or words[0] == "0":
            raise InputError(f"expected two player numbers, found {' '.join(words)!r}", path, i)
        white, black = int(words[0]), int(words[1])
        if black:
            boards.add((white, black))
        elif bye is None:
            bye = white
        else:
            raise InputError(f"a second bye ({white}; {bye} already has one)", path, i)
    if count != len(numbered) - 1:
        raise InputError(f"the first line announces {count} pairs, the list has "
                         f"{len(numbered) - 1}", path, numbered[0][0])
    return boards, bye


def _score(t: Tournament, pid: int, before: int) -> float:
    return round_points(t.points_after(pid, before))


def text(pairing: Pairing, t: Tournament) -> str:
    """A board list for the wall: board, names, scores and colours (C.04.2 D.9 order)."""
    before = pairing.round_number - 1
    if t.games_per_round == 2:
        # Double-Swiss (C.04.5 4.4): White plays game 1 with White and game 2 with Black
        number = (pairing.round_number + 1) // 2
        rows = [f"Match {number} (game 1: White - Black; game 2: colours reversed)", ""]
    else:
        rows = [f"Round {pairing.round_number}", ""]
    header = f"{'Bd':>3}  {'No':>4} {'White':<30} {'Pts':>5}  -  {'Pts':>5} {'No':>4} {'Black':<30}"
    rows.append(header)
    rows.append("-" * len(header))
    for n, b in enumerate(pairing.publication_order(t), start=1):
        w, k = t.players[b.white], t.players[b.black]
        rows.append(
            f"{n:>3}  {w.id:>4} {w.name[:30]:<30} {_score(t, w.id, before):>5g}  -  "
            f"{_score(t, k.id, before):>5g} {k.id:>4} {k.name[:30]:<30}"
        )
    if pairing.bye is not None:
        p = t.players[pairing.bye]
        rows.append(f"{'':>3}  {p.id:>4} {p.name[:30]:<30} {_score(t, p.id, before):>5g}  "
                    "pairing-allocated bye")
    for pid, code in sorted(pairing.unpaired.items()):
        p = t.players[pid]
        what = {"H": "half-point bye", "F": "full-point bye"}.get(code, "not paired")
        rows.append(f"{'':>3}  {p.id:>4} {p.name[:30]:<30} {_score(t, p.id, before):>5g}  {what}")
    return "\n".join(rows) + "\n"


def as_json(pairing: Pairing, t: Tournament, explanation: list[dict[str, object]] | None = None
            ) -> str:
    before = pairing.round_number - 1

    def player(pid: int) -> dict[str, object]:
        p = t.players[pid]
        return {"id": pid, "name": p.name, "rating": p.rating,
                "score": _score(t, pid, before)}

    data: dict[str, object] = {
        "round": pairing.round_number,
        **({"match": (pairing.round_number + 1) // 2, "white_is": "game 1"}
           if t.games_per_round == 2 else {}),
        "boards": [
            {"board": n, "white": player(b.white), "black": player(b.black)}
            for n, b in enumerate(pairing.publication_order(t), start=1)
        ],
        "bye": player(pairing.bye) if pairing.bye is not None else None,
        "unpaired": [
            {**player(pid), "code": code} for pid, code in sorted(pairing.unpaired.items())
        ],
    }
    if pairing.warnings:
        data["warnings"] = list(pairing.warnings)
    if explanation is not None:
        data["explanation"] = explanation
    import json  # imported here: the javafo and text formats do not need it

    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


# --- team events (C.04.6) -------------------------------------------------------------------------
def _team_scores(pairing: Pairing, t: Tournament) -> dict[int, tuple[float, float]]:
    from ..model.team_state import build_team_states

    states = build_team_states(t, pairing.round_number)
    return {tid: (s.match_points, s.game_points) for tid, s in states.items()}


def team_text(pairing: Pairing, t: Tournament) -> str:
    """The matches of a team round: match, teams with their match and game points, and each
    board's players and colours (``352``: the team with White has the pattern's colours)."""
    ev = t.team_event
    assert ev is not None
    scores = _team_scores(pairing, t)
    rows = [f"Round {pairing.round_number}", ""]
    header = (f"{'M':>3}  {'No':>3} {'White team':<28} {'MP':>4} {'GP':>5}  -  {'GP':>5} "
              f"{'MP':>4} {'No':>3} {'Black team':<28}")
    rows += [header, "-" * len(header)]
    pattern = ev.board_colours or "WB" * ((ev.boards() + 1) // 2)
    for n, b in enumerate(pairing.boards, start=1):
        w, k = ev.teams[b.white], ev.teams[b.black]
        (wmp, wgp), (bmp, bgp) = scores[w.id], scores[k.id]
        rows.append(f"{n:>3}  {w.id:>3} {w.name[:28]:<28} {wmp:>4g} {wgp:>5g}  -  {bgp:>5g} "
                    f"{bmp:>4g} {k.id:>3} {k.name[:28]:<28}")
        # the round's line-ups (300) when entered, else the declared board order
        wl = ev.lineups.get((pairing.round_number, w.id))
        bl = ev.lineups.get((pairing.round_number, k.id))
        w_players = list(wl.players) if wl is not None else w.members
        b_players = list(bl.players) if bl is not None else k.members
        for board in range(ev.boards()):
            first = pattern[board % len(pattern)].upper() == "W"
            left = w_players[board] if board < len(w_players) else 0
            right = b_players[board] if board < len(b_players) else 0
            ln = t.players[left].name if left in t.players else ""
            rn = t.players[right].name if right in t.players else ""
            rows.append(f"{'':>3}  {n}.{board + 1:<3} {ln[:26]:<26} ({'w' if first else 'b'}) "
                        f" -  ({'b' if first else 'w'}) {rn[:26]}")
    if pairing.bye is not None:
        team = ev.teams[pairing.bye]
        rows.append(f"{'':>3}  {team.id:>3} {team.name[:28]:<28} pairing-allocated bye")
    for tid, code in sorted(pairing.unpaired.items()):
        what = {"H": "half-point bye", "F": "full-point bye"}.get(code, "not paired")
        rows.append(f"{'':>3}  {tid:>3} {ev.teams[tid].name[:28]:<28} {what}")
    return "\n".join(rows) + "\n"


def team_json(pairing: Pairing, t: Tournament,
              explanation: list[dict[str, object]] | None = None) -> str:
    ev = t.team_event
    assert ev is not None
    scores = _team_scores(pairing, t)

    def team(tid: int) -> dict[str, object]:
        mp, gp = scores[tid]
        return {"id": tid, "name": ev.teams[tid].name, "match_points": mp, "game_points": gp}

    data: dict[str, object] = {
        "round": pairing.round_number,
        "matches": [{"match": n, "white": team(b.white), "black": team(b.black)}
                    for n, b in enumerate(pairing.boards, start=1)],
        "bye": team(pairing.bye) if pairing.bye is not None else None,
        "unpaired": [{**team(tid), "code": code} for tid, code in sorted(pairing.unpaired.items())],
    }
    if pairing.warnings:
        data["warnings"] = list(pairing.warnings)
    if explanation is not None:
        data["explanation"] = explanation
    import json

    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"
