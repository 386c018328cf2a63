"""The random tournament generator (RTG, C.04.A A.5; C.02.03 7.2.4).

:func:`generate` plays a whole tournament with one of our pairing engines: players with random
ratings (numbered in the initial order of C.04.2 B.2 / GHR 2.2), then round by round the
requested byes, absences and withdrawals decided *before* the pairing, the pairing by the
engine, and random results drawn from the rating difference. Everything comes from one seed:
the same seed and configuration give the same tournament, byte for byte.

Results follow O. Milvang's model ("Probability for the outcome of a chess game based on
rating", 2015), which C.02.03 7.2.4 asks RTG results to follow roughly; with an explicit draw
rate, the Elo expectation with that share of draws is used instead.

:func:`read_config` reads the configuration file of the JaVaFo and bbpPairings generators
(``Key=Value`` lines, ``#`` comments). Their rates are "one in N" (``ForfeitRate=20``: one game
in 20 is forfeited); :class:`GeneratorConfig` holds probabilities (0.05).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from ..errors import BadRequest, InputError, NoValidPairing
from ..model.acceleration import baku_values, check_baku_premise
from ..model.results import MIRROR, Colour, RoundEntry
from ..model.scoring import PointSystem
from ..model.tournament import Pairing, Player, Tournament
from ..systems import TRF_TYPE_192, PairingSystem, trf_type_lines


@dataclass(frozen=True, slots=True)
class GeneratorConfig:
    """Parameters of a random tournament. Rates are probabilities between 0 and 1.

    * ``draw_rate`` - share of draws between equal players (None: Milvang's model, where the
      draw share depends on the ratings);
    * ``forfeit_rate`` - probability that a game is not played (one or both players absent);
    * ``retire_rate`` - probability, per player and round from round 2, of withdrawing (the
      player gets ``0000 - Z`` in every remaining round, C.04.2 D.3 / GHR 3.2);
    * ``half_point_bye_rate`` - probability, per player and round, of a requested half-point
      bye (never in the last round);
    * ``zero_point_bye_rate`` - probability, per player and round, of a known absence (``Z``);
    * ``baku`` - pair with the Baku acceleration (C.04.7 Art. 1); the file written carries the
      virtual points as ``XXA`` lines.
    * team events (``team-swiss``, :mod:`.team_generator`): ``players`` is the number of
      teams, ``boards`` the boards per match, ``reserve_rate`` the probability that a team
      fields a reserve in a match; ``forfeit_rate`` forfeits whole matches and
      ``zero_point_bye_rate`` makes whole teams absent.
    """

    players: int = 30
    rounds: int = 9
    draw_rate: float | None = None
    forfeit_rate: float = 0.0
    retire_rate: float = 0.0
    half_point_bye_rate: float = 0.0
    zero_point_bye_rate: float = 0.0
    highest_rating: int = 2600
    lowest_rating: int = 1400
    point_system: PointSystem = field(default_factory=PointSystem)
    initial_colour: Colour | None = None
    name: str = "swisspairing random tournament"
    baku: bool = False
    boards: int = 4
    reserve_rate: float = 0.0

    def validate(self) -> None:
        """Raise BadRequest for impossible values."""
        if not 2 <= self.players <= 9999:
            raise BadRequest(f"the number of players must be 2 to 9999, not {self.players}")
        if not 1 <= self.rounds <= 99:
            raise BadRequest(f"the number of rounds must be 1 to 99, not {self.rounds}")
        rates = {
            "draw rate": self.draw_rate if self.draw_rate is not None else 0.0,
            "forfeit rate": self.forfeit_rate,
            "retire rate": self.retire_rate,
            "half-point bye rate": self.half_point_bye_rate,
            "zero-point bye rate": self.zero_point_bye_rate,
            "reserve rate": self.reserve_rate,
        }
        if not 1 <= self.boards <= 12:
            raise BadRequest(f"the number of boards must be 1 to 12, not {self.boards}")
        for what, value in rates.items():
            if not 0.0 <= value <= 1.0 or math.isnan(value):
                raise BadRequest(f"the {what} must be between 0 and 1, not {value}")
        if not 0 <= self.lowest_rating <= self.highest_rating <= 4000:
            raise BadRequest(
                f"ratings must satisfy 0 <= lowest ({self.lowest_rating}) <= highest "
                f"({self.highest_rating}) <= 4000"
            )
        if self.baku:
            check_baku_premise(self.point_system)


# --- results -----------------------------------------------------------------------------------
def milvang_probabilities(white: int, black: int) -> tuple[float, float, float]:
    """(White wins, draw, Black wins) for the two ratings by Milvang's 2015 model.

    ``Rm`` = mean rating, ``Rd`` = White minus Black, ``q`` = (Rm - 1200) / 1200 above 1200
    else 0. White's win probability rises from 0 (below a lower limit) through a centre value
    at Rd = 40 to 1 (above an upper limit) along two parabolas; Black's likewise around
    Rd = -80. The draw probability is what is left.
    """
    rm = (white + black) / 2
    rd = white - black
    q = (rm - 1200) / 1200 if rm > 1200 else 0.0

    def rising(cl: float, cv: float, ll: float, ul: float) -> float:
        if rd < ll:
            return 0.0
        if rd <= cl:
            return cv * ((rd - ll) / (cl - ll)) ** 2
        if rd <= ul:
            return 1 - (1 - cv) * ((rd - ul) / (cl - ul)) ** 2
        return 1.0

    pw = rising(40, 0.45 - 0.10 * q * q, -1492 + 0.391 * rm, 1691 - 0.428 * rm)
    # Black's curve is White's mirrored: 1 far below its lower limit, 0 far above its upper one
    bll, bul, bcl, bcv = -1753 + 0.416 * rm, 1428 - 0.388 * rm, -80.0, 0.46 - 0.13 * q * q
    if rd < bll:
        pb = 1.0
    elif rd <= bcl:
        pb = 1 - (1 - bcv) * ((rd - bll) / (bcl - bll)) ** 2
    elif rd <= bul:
        pb = bcv * ((rd - bul) / (bcl - bul)) ** 2
    else:
        pb = 0.0
    total = pw + pb
    if total > 1:  # both curves near their limits: no draws left
        pw, pb = pw / total, pb / total
    return pw, max(0.0, 1 - pw - pb), pb


def elo_probabilities(white: int, black: int, draw_rate: float) -> tuple[float, float, float]:
    """(White wins, draw, Black wins): Elo expectation ``E`` with ``draw_rate`` of draws, fewer
    when ``E`` is too close to 0 or 1 to allow them (the expectation is kept)."""
    e = 1 / (1 + 10 ** ((black - white) / 400))
    d = min(draw_rate, 2 * min(e, 1 - e))
    return e - d / 2, d, 1 - e - d / 2


def _draw_result(rng: random.Random, white: int, black: int, draw_rate: float | None) -> str:
    if draw_rate is None:
        pw, pd, _ = milvang_probabilities(white, black)
    else:
        pw, pd, _ = elo_probabilities(white, black, draw_rate)
    x = rng.random()
    if x < pw:
        return "1"
    if x < pw + pd:
        return "="
    return "0"


# --- the tournament ----------------------------------------------------------------------------
def _players(rng: random.Random, config: GeneratorConfig) -> list[Player]:
    ratings = sorted(
        (rng.randint(config.lowest_rating, config.highest_rating) for _ in range(config.players)),
        reverse=True,
    )
    # ratings descending, names ascending on ties: the initial order of C.04.2 B.2 (GHR 2.2)
    return [Player(id=i, name=f"Player{i:04d}, Random", rating=rating)
            for i, rating in enumerate(ratings, start=1)]


def pair_or_keep(system: PairingSystem, t: Tournament, column: int, what: str) -> Pairing:
    """Pair ``column`` of the tournament being generated. When no pairing exists
    (:class:`NoValidPairing`, naming ``what``) or the engine crashes, the tournament as it
    stood is kept on the error (``.partial``), to reproduce it with ``pair``."""
    try:
        return system.pair(t, column, None)
    except NoValidPairing as exc:
        err = NoValidPairing(f"no valid pairing exists for {what}: {exc}")
        err.partial = t  # type: ignore[attr-defined]
        raise err from None
    except Exception as exc:
        exc.partial = t  # type: ignore[attr-defined]
        raise


def generate(system_name: str | PairingSystem, config: GeneratorConfig, seed: int
             ) -> Tournament:
    """Play a whole random tournament with our engine ``system_name``; see the module docstring.

    Raises NoValidPairing (naming the round) when the engine finds no pairing for a round.
    """
    from .check import resolve_system

    config.validate()
    name, system = resolve_system(system_name)
    if name == "team-swiss":  # C.04.6: a team event
        from .team_generator import generate_team_event

        return generate_team_event(system, config, seed, name)
    if name == "double-swiss":
        return generate_matches(system, config, seed)
    schedule = getattr(system, "rounds", None)
    if callable(schedule):
        # a round-robin (C.05 Annex 1): its table fixes the number of rounds, and nobody takes
        # a bye or withdraws (an absent player's scheduled game is a forfeit, --forfeit-rate)
        config = replace(config, rounds=schedule(config.players), retire_rate=0.0,
                         half_point_bye_rate=0.0, zero_point_bye_rate=0.0)
    rng = random.Random(seed)
    t = Tournament(name=config.name)
    t.headers["012"] = [f"012 {config.name} (seed {seed}, {name})"[:120]]
    # record 192 (ETT26 type, trf.md 6) names the system, so that pair and check find it in
    # the file; systems without an ETT26 code are CUSTOM_SWISS with a comment naming them
    if name in TRF_TYPE_192:  # (a system given as an object, in tests, has no code)
        line_192, comment = trf_type_lines(name)
        t.headers["192"] = [line_192]
        if comment is not None:
            t.extra_lines.append(comment)
    t.total_rounds = config.rounds
    t.initial_colour = config.initial_colour or rng.choice((Colour.WHITE, Colour.BLACK))
    t.point_system = config.point_system
    t.baku = config.baku
    for p in _players(rng, config):
        t.players[p.id] = p
    withdrawn: set[int] = set()
    for r in range(1, config.rounds + 1):
        # decided before the pairing: withdrawals, requested byes, known absences
        for pid in sorted(t.players):
            if pid in withdrawn:
                continue
            x = rng.random()
            if r > 1 and x < config.retire_rate:
                withdrawn.add(pid)
                for later in range(r, config.rounds + 1):
                    t.players[pid].set_entry(later, RoundEntry.bye("Z"))
                continue
            y = rng.random()
            hpb = config.half_point_bye_rate if r < config.rounds else 0.0
            if y < hpb:
                t.players[pid].set_entry(r, RoundEntry.bye("H"))
            elif y < hpb + config.zero_point_bye_rate:
                t.players[pid].set_entry(r, RoundEntry.bye("Z"))
        if len(t.players) - len(t.not_paired_in(r)) == 0:
            continue
        pairing = pair_or_keep(system, t, r, f"round {r} of the generated tournament "
                               f"(seed {seed})")
        if pairing.bye is not None:
            t.players[pairing.bye].set_entry(r, RoundEntry.bye("U"))
        for b in pairing.boards:
            if rng.random() < config.forfeit_rate:
                # who did not come: White, Black, or both (a double forfeit)
                z = rng.random()
                code = "-" if z < 0.45 else "+" if z < 0.9 else "D-"
            else:
                code = _draw_result(rng, t.players[b.white].rating, t.players[b.black].rating,
                                    config.draw_rate)
            if code == "D-":
                white_code, black_code = "-", "-"
            else:
                white_code, black_code = code, MIRROR[code]
            t.players[b.white].set_entry(r, RoundEntry.game(b.black, Colour.WHITE, white_code))
            t.players[b.black].set_entry(r, RoundEntry.game(b.white, Colour.BLACK, black_code))
    if t.baku and not t.acceleration:
        # the values used, written as XXA lines, so that any engine pairs the file the same way
        t.acceleration = baku_values(t)
    finish(t)
    return t


def generate_matches(system: PairingSystem, config: GeneratorConfig, seed: int) -> Tournament:
    """A random Double-Swiss tournament (C.04.5): ``config.rounds`` two-game matches written as
    two columns each (``../shared/cases-2026/double-swiss/README.md``; ``games_per_round`` 2,
    ``142`` = twice the matches). Byes, absences and withdrawals are for whole matches
    (Preface); the PAB is worth a game won and a game drawn (1.4) unless ``PointsForPAB`` says
    otherwise. With ``forfeit_rate`` a match is touched by a forfeit: White, Black or both
    forfeit both games (a forfeited match), or one player forfeits one game of a match
    otherwise played (a played match, Preface)."""
    rng = random.Random(seed)
    t = Tournament(name=config.name, games_per_round=2)
    t.headers["012"] = [f"012 {config.name} (seed {seed}, double-swiss)"[:120]]
    t.headers["192"] = ["192 FIDE_DOUBLESWISS"]
    t.total_rounds = 2 * config.rounds
    t.initial_colour = config.initial_colour or rng.choice((Colour.WHITE, Colour.BLACK))
    ps = config.point_system
    if ps.pairing_bye == ps.win:  # not set by the configuration: a game won + a game drawn
        ps = replace(ps, pairing_bye=ps.win + ps.draw)
    t.point_system = ps
    t.baku = config.baku
    for p in _players(rng, config):
        t.players[p.id] = p

    def both(pid: int, k: int, code: str) -> None:
        t.players[pid].set_entry(2 * k - 1, RoundEntry.bye(code))
        t.players[pid].set_entry(2 * k, RoundEntry.bye(code))

    withdrawn: set[int] = set()
    for k in range(1, config.rounds + 1):
        column = 2 * k - 1
        for pid in sorted(t.players):
            if pid in withdrawn:
                continue
            if k > 1 and rng.random() < config.retire_rate:
                withdrawn.add(pid)
                for later in range(k, config.rounds + 1):
                    both(pid, later, "Z")
                continue
            y = rng.random()
            hpb = config.half_point_bye_rate if k < config.rounds else 0.0
            if y < hpb:
                both(pid, k, "H")
            elif y < hpb + config.zero_point_bye_rate:
                both(pid, k, "Z")
        if len(t.players) - len(t.not_paired_in(column)) == 0:
            continue
        pairing = pair_or_keep(system, t, column, f"match {k} of the generated tournament "
                               f"(seed {seed})")
        if pairing.bye is not None:
            both(pairing.bye, k, "U")
        for b in pairing.boards:
            games: list[tuple[str, str]] = []  # (game-1 White's code, game-1 Black's code)
            for game in (1, 2):
                w, bl = (b.white, b.black) if game == 1 else (b.black, b.white)
                code = _draw_result(rng, t.players[w].rating, t.players[bl].rating,
                                    config.draw_rate)
                games.append((code, MIRROR[code]) if game == 1 else (MIRROR[code], code))
            if rng.random() < config.forfeit_rate:
                z = rng.random()
                if z < 0.3:  # White of game 1 forfeits the match
                    games = [("-", "+"), ("-", "+")]
                elif z < 0.6:
                    games = [("+", "-"), ("+", "-")]
                elif z < 0.7:  # both absent: a double forfeit
                    games = [("-", "-"), ("-", "-")]
                else:  # one game forfeited inside a played match
                    g = rng.randrange(2)
                    games[g] = ("+", "-") if rng.random() < 0.5 else ("-", "+")
            for game, (wc, bc) in enumerate(games, start=1):
                col = column + game - 1
                cw = Colour.WHITE if game == 1 else Colour.BLACK
                t.players[b.white].set_entry(col, RoundEntry.game(b.black, cw, wc))
                t.players[b.black].set_entry(col, RoundEntry.game(b.white, cw.opposite, bc))
    if t.baku and not t.acceleration:
        t.acceleration = baku_values(t)  # the values used, per column, as XXA lines
    finish(t)
    return t


def finish(t: Tournament) -> None:
    """Write the points and ranks columns: points from the results, rank by points then TPN."""
    for p in t.players.values():
        p.declared_points = t.total_points(p.id)
    order = sorted(t.players, key=lambda i: (-(t.players[i].declared_points or 0.0), i))
    for rank, pid in enumerate(order, start=1):
        t.players[pid].declared_rank = rank


# --- JaVaFo / bbpPairings configuration file ---------------------------------------------------
_INT_KEYS = {"playersnumber": "players", "roundsnumber": "rounds",
             "highestrating": "highest_rating", "lowestrating": "lowest_rating"}
#: "one in N" rates; HalfPointByteRate is a spelling bbpPairings also accepts
_RATE_KEYS = {"forfeitrate": "forfeit_rate", "retiredrate": "retire_rate",
              "halfpointbyerate": "half_point_bye_rate", "halfpointbyterate": "half_point_bye_rate",
              "hpbrate": "half_point_bye_rate", "zpbrate": "zero_point_bye_rate"}
_POINT_KEYS = {"pointsforwin", "pointsfordraw", "pointsforloss", "pointsforzpb",
               "pointsforforfeitloss", "pointsforpab"}
KNOWN_KEYS = ("PlayersNumber", "RoundsNumber", "DrawPercentage", "ForfeitRate", "RetiredRate",
              "HalfPointByeRate", "HighestRating", "LowestRating", "PointsForWin", "PointsForDraw",
              "PointsForLoss", "PointsForZPB", "PointsForForfeitLoss", "PointsForPAB")


def parse_config(text: str, path: str | Path | None = None,
                 base: GeneratorConfig | None = None) -> GeneratorConfig:
    """Parse a generator configuration (see :func:`read_config`); keys not given keep the values
    of ``base`` (default: :class:`GeneratorConfig`)."""
    cfg = base or GeneratorConfig()
    values: dict[str, object] = {}
    points: dict[str, float] = {}
    for n, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        key, eq, value = line.partition("=")
        key, value = key.strip(), value.strip()
        if not eq or not key:
            raise InputError(f"expected Key=Value, found {raw.strip()!r}", path, n)
        low = key.lower()
        try:
            number = float(value)
        except ValueError:
            raise InputError(f"{key}: {value!r} is not a number", path, n) from None
        if math.isnan(number) or math.isinf(number):
            raise InputError(f"{key}: {value!r} is not a number", path, n)
        if low in _INT_KEYS:
            if number != int(number) or number < 0:
                raise InputError(f"{key}: {value!r} is not a whole number", path, n)
            values[_INT_KEYS[low]] = int(number)
        elif low == "drawpercentage":
            if not 0 <= number <= 100:
                raise InputError(f"{key}: {value!r} is not a percentage (0 to 100)", path, n)
            values["draw_rate"] = number / 100
        elif low in _RATE_KEYS:
            if number < 0:
                raise InputError(f"{key}: {value!r} must be 0 (never) or N (one in N)", path, n)
            values[_RATE_KEYS[low]] = 0.0 if number == 0 else min(1.0, 1 / number)
        elif low in _POINT_KEYS:
            if number < 0:
                raise InputError(f"{key}: points cannot be negative", path, n)
            points[low] = number
        else:
            raise InputError(
                f"unknown key {key!r}; known keys: {', '.join(KNOWN_KEYS)}", path, n
            )
    if points:
        ps = cfg.point_system
        win = points.get("pointsforwin", ps.win)
        draw = points.get("pointsfordraw", ps.draw)
        loss = points.get("pointsforloss", ps.loss)
        new = PointSystem.standard(win, draw, loss)
        new = replace(
            new,
            zero_point_bye=points.get("pointsforzpb", loss),
            forfeit_loss=points.get("pointsforforfeitloss", points.get("pointsforzpb", loss)),
            pairing_bye=points.get("pointsforpab", win),
        )
        values["point_system"] = new
    out = replace(cfg, **values)  # type: ignore[arg-type]
    try:
        out.validate()
    except BadRequest as exc:
        raise InputError(str(exc), path) from None
    return out


def read_config(path: str | Path, base: GeneratorConfig | None = None) -> GeneratorConfig:
    """Read a JaVaFo / bbpPairings generator configuration file.

    Keys (case-insensitive): ``PlayersNumber``, ``RoundsNumber``, ``DrawPercentage`` (0-100),
    ``ForfeitRate``, ``RetiredRate``, ``HalfPointByeRate`` (one in N; 0 = never),
    ``HighestRating``, ``LowestRating``, ``PointsForWin``, ``PointsForDraw``, ``PointsForLoss``,
    ``PointsForZPB``, ``PointsForForfeitLoss`` (default: the ZPB value), ``PointsForPAB``
    (default: the win value). ``#`` starts a comment. An unknown key or a bad value is an
    InputError naming the line.
    """
    p = Path(path)
    try:
        data = p.read_bytes()
    except FileNotFoundError:
        raise InputError("no such file", p) from None
    except IsADirectoryError:
        raise InputError("is a directory, not a configuration file", p) from None
    except OSError as exc:
        raise InputError(f"cannot read the file: {exc.strerror or exc}", p) from None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = data.decode("latin-1")
    return parse_config(text, p, base)


# --- near-miss events (issue 26) ---------------------------------------------------------------
def white_mostly_event(players: int, played: int, white_rate: float,
                       system_name: str | PairingSystem, seed: int, total_rounds: int = 9
                       ) -> Tournament:
    """The near-miss events of issue 26: ``players`` players rated 2600 down (no. 1 the
    strongest), ``played`` rounds paired by ``system_name`` in a ``total_rounds``-round event
    (the first board White, C.04.3 E.5 / 1.5), White winning each game with probability
    ``white_rate``, else Black winning or a draw (equal chances), all drawn from
    ``random.Random(seed)``. With ``white_rate`` 1 and an even field, round 3 is issue 26's one
    big bracket: the top quarter must all float down, the bottom quarter needs opponents from
    above. Raises NoValidPairing when a round has no pairing."""
    return event_of_drawn_results(
        [2600 - i for i in range(1, players + 1)], played,
        lambda x: "1" if x < white_rate else "0" if x < (1 + white_rate) / 2 else "=",
        system_name, seed, total_rounds)


def event_of_drawn_results(ratings: Sequence[int], played: int,
                           result_of: Callable[[float], str],
                           system_name: str | PairingSystem, seed: int, total_rounds: int = 9
                           ) -> Tournament:
    """An event of the players rated ``ratings`` (no. 1 first) whose first ``played`` rounds
    are paired by ``system_name`` (the first board White, C.04.3 E.5 / 1.5), each board's
    result White's code ``result_of(x)`` for ``x`` drawn from ``random.Random(seed)`` (one draw
    a board, in board order); a pairing-allocated bye is written ``U``. The near-miss and
    equal-draws events of issue 26 (``benchmarks/bad_rounds.py``) are of this kind."""
    from .check import resolve_system

    _, system = resolve_system(system_name)
    rng = random.Random(seed)
    t = Tournament(total_rounds=total_rounds, initial_colour=Colour.WHITE)
    for i, rating in enumerate(ratings, 1):
        t.players[i] = Player(i, f"Player {i:03d}", rating=rating)
    for r in range(1, played + 1):
        pairing = system.pair(t, r)
        if pairing.bye is not None:
            t.players[pairing.bye].set_entry(r, RoundEntry.bye("U"))
        for b in pairing.boards:
            code = result_of(rng.random())
            t.players[b.white].set_entry(r, RoundEntry.game(b.black, Colour.WHITE, code))
            t.players[b.black].set_entry(r, RoundEntry.game(b.white, Colour.BLACK, MIRROR[code]))
    return t
