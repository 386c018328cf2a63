"""The one-bracket worst case of issue 26: round 3 of an event where White won every game.

Run on demand (not a test):

    .venv/bin/python benchmarks/one_bracket.py --players 400 -o /tmp/one-bracket-400.trf
    .venv/bin/python benchmarks/one_bracket.py --players 1000 --system dutch-2017 -o OUT.trf
    .venv/bin/python benchmarks/one_bracket.py --players 1000 --white-wins 0.92 --seed 3 -o OUT.trf

``--white-wins F`` (default 1) makes the near-miss rounds of issue 26: White wins each game of
rounds 1 and 2 with probability ``F``; otherwise, at random (``--seed``), Black wins or the game
is drawn, with equal chances. The quarters below then lose a few players to the neighbouring
scores (1.5, 0.5 points...), and the lowest bracket holds several scores.

Rounds 1 and 2 are paired by our own engine (``--system``, default dutch-2025) and White wins
every game; the file written is the event before round 3 (``pair`` pairs round 3 from it). The
script prints what round 3 looks like: the score groups and, in each, the colour histories and
preferences (C.04.3 A.6 / 2025 1.6) of its players.

What it gives (any even number of players, a multiple of 4): *not* one score group. Round 1
splits the field into 1 point (White) and 0 (Black); in round 2 both groups pair inside
themselves and White wins again, so round 3 has four quarters:

* 2 points, colours WW: absolute preference for Black; no two of them may meet (C.3 /
  [C3]: two non-topscorers with the same absolute preference), so they all float down;
* 1 point, WB (mild White) and BW (mild Black);
* 0 points, BB: absolute preference for White, no two of them may meet either.

So the 1-point group receives the whole 2-point group as moved-down players and must also give
every 0-point player an opponent: it is the bracket that has to complete the round (2017 A.9:
the PPB, then the collapsed last bracket; 2025 [C4]), with three quarters of the players in it
and every lower player in its graph. That is the "one big bracket with colour conflicts".
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from swisspairing.formats.trf import write_trf_file
from swisspairing.model import Colour, Tournament
from swisspairing.model.results import RoundEntry
from swisspairing.model.state import build_states
from swisspairing.model.tournament import Player
from swisspairing.systems import get_system


def white_wins_event(players: int, system: str = "dutch-2025", rounds: int = 9,
                     white_wins: float = 1.0, seed: int = 1) -> Tournament:
    """The event before round 3: rounds 1 and 2 paired by ``system``, White won every game (or,
    with ``white_wins`` below 1, each game with that probability, else a Black win or a draw
    drawn at random from ``seed``).

    Players are numbered by rating (2600 down, one point apart; above 2,000 players, spread
    from 2600 down to 600 so that no rating is negative, which the TRF refuses), the initial
    colour is White,
    ``rounds`` is the announced number of rounds (so round 3 is not the last: no topscorers).
    """
    t = Tournament(name=f"one bracket: White won every game ({players} players)")
    t.total_rounds = rounds
    t.initial_colour = Colour.WHITE
    for i in range(1, players + 1):
        rating = 2600 - i if players <= 2000 else 2600 - (i * 2000) // players
        t.players[i] = Player(id=i, name=f"Player{i:04d}, White-wins", rating=rating)
    engine = get_system(system)
    rng = random.Random(seed)
    mirror = {"1": "0", "0": "1", "=": "="}
    for r in (1, 2):
        pairing = engine.pair(t, r)
        if pairing.bye is not None:
            t.players[pairing.bye].set_entry(r, RoundEntry.bye("U"))
        for b in pairing.boards:
            code = "1" if white_wins >= 1 or rng.random() < white_wins else rng.choice("0=")
            t.players[b.white].set_entry(r, RoundEntry.game(b.black, Colour.WHITE, code))
            t.players[b.black].set_entry(r, RoundEntry.game(b.white, Colour.BLACK, mirror[code]))
    return t


def describe(t: Tournament, round_number: int = 3) -> list[str]:
    """One line per score group: its size and its (colours, preference, strength) classes."""
    groups: dict[float, Counter[str]] = {}
    for st in build_states(t, round_number).values():
        pref = st.preference
        cls = ("".join("W" if c is Colour.WHITE else "B" for c in st.colours)
               + f" prefers {pref.colour.name.lower() if pref.colour else 'nothing'}"
               + f" ({pref.strength.name.lower()})")
        groups.setdefault(st.score, Counter())[cls] += 1
    lines = []
    for score in sorted(groups, reverse=True):
        classes = ", ".join(f"{n} {cls}" for cls, n in sorted(groups[score].items()))
        lines.append(f"{score:g} points: {sum(groups[score].values())} players: {classes}")
    return lines


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--players", type=int, default=400)
    ap.add_argument("--system", default="dutch-2025",
                    help="the engine that pairs rounds 1 and 2 (default dutch-2025)")
    ap.add_argument("--white-wins", type=float, default=1.0,
                    help="the probability that White wins a game of rounds 1-2 (default 1; "
                         "otherwise Black wins or a draw, at random)")
    ap.add_argument("--seed", type=int, default=1, help="the random seed of --white-wins")
    ap.add_argument("-o", "--output", type=Path, required=True, help="the TRF file to write")
    a = ap.parse_args()
    if not 0.0 <= a.white_wins <= 1.0:
        ap.error(f"--white-wins must be between 0 and 1, not {a.white_wins}")
    t = white_wins_event(a.players, a.system, white_wins=a.white_wins, seed=a.seed)
    write_trf_file(t, a.output)
    won = ("White won every game" if a.white_wins >= 1
           else f"White won {a.white_wins:.0%} of the games at random, seed {a.seed}")
    print(f"{a.output}: {a.players} players before round 3 (rounds 1-2 by {a.system}, {won})")
    for line in describe(t):
        print("  " + line)


if __name__ == "__main__":
    main()
