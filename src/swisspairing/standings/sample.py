"""Build small tournaments from a compact notation (tests, documentation, benchmarks).

A round is a string of ``;``-separated items:

* ``"1-4 1"``: player 1 (White) against player 4 (Black), White's result code
  (``1 0 =`` over the board, ``+ -`` forfeit, ``--`` double forfeit, ``W D L`` under one move);
* ``"6 U"``: player 6 without an opponent, with the bye code ``U F H Z``.

Players missing from a round get an empty cell (a zero-point bye).
"""

from __future__ import annotations

import random

from ..model.results import MIRROR, Colour, RoundEntry
from ..model.scoring import PointSystem
from ..model.tournament import Player, Tournament


def build(ratings: dict[int, int], rounds: list[str], *, total_rounds: int | None = None,
          points: PointSystem | None = None, withdrawn: dict[int, int] | None = None,
          name: str = "Sample") -> Tournament:
    """A tournament with the given players (id -> rating) and rounds."""
    t = Tournament(name=name, total_rounds=total_rounds or len(rounds),
                   point_system=points or PointSystem())
    for pid, rating in ratings.items():
        t.players[pid] = Player(pid, name=f"Player {pid:02d}", rating=rating)
    for r, text in enumerate(rounds, start=1):
        for item in (x.strip() for x in text.split(";")):
            if not item:
                continue
            who, code = item.split()
            if "-" in who:
                w, b = (int(x) for x in who.split("-"))
                if code == "--":
                    wc = bc = "-"
                else:
                    wc, bc = code, MIRROR[code]
                t.players[w].set_entry(r, RoundEntry.game(b, Colour.WHITE, wc))
                t.players[b].set_entry(r, RoundEntry.game(w, Colour.BLACK, bc))
            else:
                t.players[int(who)].set_entry(r, RoundEntry.bye(code))
    for p in t.players.values():
        while len(p.results) < len(rounds):
            p.results.append(None)
    t.withdrawn = dict(withdrawn or {})
    return t


def random_tournament(players: int, rounds: int, seed: int = 1) -> Tournament:
    """A random tournament: each round pairs neighbours in the score order (a rough Swiss),
    odd player out gets the pairing-allocated bye; results drawn by rating difference."""
    rng = random.Random(seed)
    ratings = {i: 2600 - (i - 1) * 1400 // max(players - 1, 1) for i in range(1, players + 1)}
    t = build(ratings, [], total_rounds=rounds, name=f"Random {players}x{rounds} seed {seed}")
    score = dict.fromkeys(ratings, 0.0)
    for r in range(1, rounds + 1):
        order = sorted(ratings, key=lambda i: (-score[i], rng.random()))
        if len(order) % 2:
            bye = order.pop()
            t.players[bye].set_entry(r, RoundEntry.bye("U"))
            score[bye] += 1
        for a, b in zip(order[::2], order[1::2], strict=True):
            w, k = (a, b) if rng.random() < 0.5 else (b, a)
            expected = 1 / (1 + 10 ** ((ratings[k] - ratings[w]) / 400))
            x = rng.random()
            code = "1" if x < expected - 0.15 else "=" if x < expected + 0.15 else "0"
            t.players[w].set_entry(r, RoundEntry.game(k, Colour.WHITE, code))
            t.players[k].set_entry(r, RoundEntry.game(w, Colour.BLACK, MIRROR[code]))
            score[w] += {"1": 1, "=": 0.5, "0": 0}[code]
            score[k] += {"1": 0, "=": 0.5, "0": 1}[code]
    return t
