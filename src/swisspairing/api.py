"""The public Python API of swisspairing: read a tournament, pair a round, check, generate,
rank.

Everything a program needs is re-exported by the package itself (``import swisspairing as
sp``); the modules below it are the implementation and may change between versions. The
functions here are the ones the command line uses too, so a program calling them gets exactly
the pairing ``swisspairing pair`` prints.

* :func:`read_trf` / :func:`write_trf`: the FIDE Tournament Report File (TRF-16, TRF-2026 and
  the JaVaFo / bbpPairings extensions), read from a path, a text or bytes;
* :func:`tournament_to_dict` / :func:`tournament_from_dict`: the same tournament as plain data
  (JSON-ready; the schema is in ``docs/api.md``);
* :func:`pair`: the next round (or a given round) by a pairing system; the rules followed are
  each system's (``SYSTEMS``; ``docs/dutch.md`` and the other system notes);
* :func:`check`: the pairings checker (FIDE C.04.A endorsement: a free pairings checker);
* :func:`generate`: a random tournament played with one of the engines;
* :func:`standings`: the ranking after a round with the C.07 tie-breaks (or the E10 ranking
  of the Elo-based Swiss system; team standings for team events, C.04.6);
* :func:`publish`: the standings, crosstable, wall chart, pairings or a player card as text,
  TSV, JSON, HTML or PDF; :func:`write_pairing`: a pairing as a board list, a JaVaFo pair
  list or JSON;
* :func:`violations`: the absolute rules (C.04.1) a pairing breaks, for a pairing made or
  changed by hand; :func:`endorse`: many random tournaments generated and checked (C.04.A).

Errors are :class:`SwissPairingError` subclasses with an ``exit_code`` (the command line's):
:class:`InputError` (a malformed file or document, 3), :class:`BadRequest` (an impossible
request, 2), :class:`NoValidPairing` (no pairing satisfies the absolute criteria, 1).
"""

from __future__ import annotations

import os
import warnings
from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from .errors import BadRequest, InputError
from .formats import pairs as _pairs
from .formats import trf as _trf
from .model import Colour, ForbiddenGroup, Pairing, Player, RoundEntry, Tournament
from .model.results import BYE_CODES, GAME_CODES
from .model.scoring import PointSystem
from .systems import SYSTEM_NAMES, canonical_name
from .systems.explain import LANGUAGES as _EXPLAIN_LANGUAGES
from .systems.explain import Explanation
from .systems.selection import pair_tournament
from .systems.selection import system_from_file as _system_from_file

if TYPE_CHECKING:  # loaded by the functions that need them: ``pair`` starts without them
    from .checker.check import CheckReport
    from .checker.endorse import Summary
    from .checker.generator import GeneratorConfig
    from .checker.violations import Violation
    from .standings.ranking import Standings
    from .standings.teams import TeamStandings
    from .standings.views import Table

#: every pairing system's name, as ``pair(..., system=NAME)`` and ``--system`` take them
SYSTEMS: tuple[str, ...] = tuple(SYSTEM_NAMES)

#: the languages of explanations, reports and publications
LANGUAGES: tuple[str, ...] = tuple(_EXPLAIN_LANGUAGES)
#: what :func:`publish` publishes (``boards``: the board results of a team event)
VIEWS: tuple[str, ...] = ("standings", "crosstable", "wallchart", "pairings", "card", "boards",
                          "all")
#: the formats of :func:`write_pairing`
PAIRING_FORMATS: tuple[str, ...] = tuple(_pairs.FORMATS)

#: constants read from modules that ``pair`` does not load (start-up time, issue 14): each is
#: imported on first use (PEP 562)
_LAZY: dict[str, tuple[str, str]] = {
    # the tie-breaks when neither ``tiebreaks=`` nor the file's 202 names any (Swiss, C.07)
    "DEFAULT_TIEBREAKS": ("swisspairing.standings.ranking", "DEFAULT_TIEBREAKS"),
    # the formats of :func:`publish` (``pdf`` gives bytes, the others text)
    "PUBLISH_FORMATS": ("swisspairing.standings.render", "FORMATS"),
    # the rule sets of the checker's absolute rules (C.04.1): ``fide``, ``fide-2017``, one per
    # system
    "RULE_SETS": ("swisspairing.checker.violations", "RULE_SETS"),
}

if TYPE_CHECKING:
    DEFAULT_TIEBREAKS: str
    PUBLISH_FORMATS: tuple[str, ...]
    RULE_SETS: tuple[str, ...]


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        import importlib

        module, attribute = _LAZY[name]
        value = getattr(importlib.import_module(module), attribute)
        value = tuple(value) if isinstance(value, dict | list) else value
        globals()[name] = value
        return value
    raise AttributeError(f"module 'swisspairing.api' has no attribute {name!r}")

TrfVersion = Literal["trf", "trf16", "trf2026"]
Points = Literal["declared", "computed"]
Ranking = Literal["c07", "e10"]
#: the version of the dict form written by :func:`tournament_to_dict`
DICT_FORMAT = "swisspairing-tournament/1"


# --- TRF ---------------------------------------------------------------------------------------
def read_trf(source: str | os.PathLike[str] | bytes) -> Tournament:
    """A tournament from a TRF file: a path (``str`` or ``Path``), the file's text (a ``str``
    holding a line break) or its bytes.

    Raises :class:`InputError` naming the file, the line and the problem.

    >>> t = read_trf("012 Club open\\n001    1      Doe, Jane                         2100")
    >>> t.name, [p.name for p in t.players.values()]
    ('Club open', ['Doe, Jane'])
    """
    if isinstance(source, bytes):
        t = _trf.parse_trf_bytes(source)
    elif isinstance(source, str) and ("\n" in source or "\r" in source):
        t = _trf.parse_trf(source)
    else:
        t = _trf.read_trf(Path(source))
    if not t.name and (names := t.headers.get("012")):
        t.name = names[0][4:].strip()  # the event's name (record 012)
    return t


class TrfWarning(UserWarning):
    """What TRF-2026 cannot hold, left out of a file written with ``write_trf(...,
    strict=False)`` (one warning per thing lost, :mod:`warnings`)."""


def write_trf(tournament: Tournament, path: str | os.PathLike[str] | None = None, *,
              version: TrfVersion = "trf", points: Points = "declared",
              standings: Standings | None = None, strict: bool = True) -> str:
    """The tournament as TRF text, also written to ``path`` when one is given (atomically: a
    temporary file renamed at the end).

    ``version``: ``"trf"`` writes what was read (the JaVaFo / bbpPairings lines included) and
    reads back equal; ``"trf16"`` the FIDE TRF-16 of rating reports; ``"trf2026"`` TRF-2026
    (records ``142 152 162 192 202 240 250 260``). For these two the rank column is the one of
    ``standings`` (default: :func:`standings` by the file's ``202`` tie-breaks, once a round is
    played). What TRF-2026 cannot hold, such as a point system ``162`` cannot say, raises
    :class:`BadRequest` rather than being lost; with ``strict=False`` it is left out and each
    thing lost is a :class:`TrfWarning`.

    ``points``: ``"declared"`` keeps the file's points column, ``"computed"`` writes the points
    the results give under the point system.
    """
    from .standings.export import write_trf16, write_trf26

    if points not in ("declared", "computed"):
        raise BadRequest(f"unknown points {points!r}: declared or computed")
    if version == "trf":
        text = _trf.write_trf(tournament, points=points)
    elif version in ("trf16", "trf2026"):
        st = standings
        if st is None and tournament.rounds_paired >= 1:
            from .standings.ranking import rank

            st = rank(tournament)
        if version == "trf16":
            text = write_trf16(tournament, st, points=points)
        else:
            text, lost = write_trf26(tournament, st, st.labels if st is not None else None,
                                     points=points)
            if lost and strict:
                raise BadRequest("TRF-2026 cannot hold this tournament as it is: "
                                 + "; ".join(lost))
            for thing in lost:
                warnings.warn(thing, TrfWarning, stacklevel=2)
    else:
        raise BadRequest(f"unknown TRF version {version!r}: trf, trf16 or trf2026")
    if path is not None:
        from .files import write_text_atomic

        write_text_atomic(Path(path), text)
    return text


# --- the dict form -----------------------------------------------------------------------------
_COLOURS = {"white": Colour.WHITE, "black": Colour.BLACK}
_PLAYER_TEXT = ("name", "title", "sex", "federation", "fide_id", "birth_date")


def tournament_to_dict(tournament: Tournament) -> dict[str, Any]:
    """The tournament as plain data (lists, dicts, strings and numbers: ``json.dumps`` takes it).

    The schema (``docs/api.md``) holds what the engines, the checker and the standings read:
    players with their round cells, the number of rounds, the initial colour, the point
    system, the system's ``192`` code, absences, withdrawals, forbidden pairs and tie-breaks.
    :func:`tournament_from_dict` reads it back.
    """
    if getattr(tournament, "teams", None):
        raise BadRequest("team tournaments have no dict form yet: use read_trf / write_trf")
    players = []
    for p in sorted(tournament.players.values(), key=lambda x: x.id):
        item: dict[str, Any] = {"id": p.id}
        for key in _PLAYER_TEXT:
            if value := getattr(p, key):
                item[key] = value
        if p.rating:
            item["rating"] = p.rating
        item["results"] = [_cell_to_dict(e) for e in p.results]
        players.append(item)
    data: dict[str, Any] = {"format": DICT_FORMAT, "name": tournament.name,
                            "rounds": tournament.total_rounds}
    if tournament.initial_colour is not None:
        data["initial_colour"] = tournament.initial_colour.name.lower()
    if tournament.point_system != PointSystem():
        data["points"] = {k: getattr(tournament.point_system, k)
                          for k in PointSystem.__dataclass_fields__}
    for code, key in (("192", "type"), ("202", "tiebreaks")):
        if lines := tournament.headers.get(code):
            data[key] = lines[0][4:].strip()
    if tournament.baku:
        data["baku"] = True
    if tournament.absent:
        data["absent"] = [{"round": r, "player": pid, "code": code}
                          for r, table in sorted(tournament.absent.items())
                          for pid, code in sorted(table.items())]
    if tournament.withdrawn:
        data["withdrawn"] = [{"player": pid, "from_round": r}
                             for pid, r in sorted(tournament.withdrawn.items())]
    if tournament.forbidden_pairs:
        data["forbidden"] = [
            {"players": sorted(g.players), "first_round": g.first_round,
             "last_round": g.last_round} for g in tournament.forbidden_pairs]
    data["players"] = players
    return data


def _cell_to_dict(entry: RoundEntry | None) -> dict[str, Any] | None:
    if entry is None:
        return None
    if entry.is_bye:
        return {"bye": entry.code}
    return {"opponent": entry.opponent,
            "colour": entry.colour.name.lower() if entry.colour else None,
            "result": entry.code}


def tournament_from_dict(data: Mapping[str, Any]) -> Tournament:
    """A tournament from the plain data of :func:`tournament_to_dict` (``docs/api.md``).

    A wrong document raises :class:`InputError` naming the place (``players[2].results[0]``)
    and the problem.
    """
    doc = _Doc(data, "")
    t = Tournament(name=doc.text("name", required=False))
    if t.name:
        t.headers["012"] = [f"012 {t.name}"]
    if doc.get("rounds") is not None:
        t.total_rounds = doc.integer("rounds", 1, 99)
    if doc.get("initial_colour") is not None:
        t.initial_colour = doc.choice("initial_colour", _COLOURS)
    if doc.get("points") is not None:
        values = _Doc(doc.mapping("points"), "points")
        known = PointSystem.__dataclass_fields__
        for key in values.data:
            if key not in known:
                raise values.error(key, f"unknown value; known: {', '.join(known)}")
        t.point_system = PointSystem(**{k: values.number(k) for k in values.data})
    for key, code in (("type", "192"), ("tiebreaks", "202")):
        if doc.get(key) is not None:
            t.headers[code] = [f"{code} {doc.text(key)}"]
    t.baku = bool(doc.get("baku", False))
    players = doc.sequence("players")
    for i, raw in enumerate(players):
        p = _Doc(raw, f"players[{i}]")
        pid = p.integer("id", 1, 9999)
        if pid in t.players:
            raise p.error("id", f"player {pid} appears twice")
        player = Player(id=pid, rating=p.integer("rating", 0, 4000, required=False))
        for key in _PLAYER_TEXT:
            setattr(player, key, p.text(key, required=False))
        for r, cell in enumerate(p.sequence("results", required=False), start=1):
            player.set_entry(r, _cell_from_dict(cell, f"{p.where}.results[{r - 1}]"))
        t.players[pid] = player
    for i, raw in enumerate(doc.sequence("absent", required=False)):
        a = _Doc(raw, f"absent[{i}]")
        code = a.text("code", required=False) or "Z"
        if code not in BYE_CODES:
            raise a.error("code", f"{code!r} is not a bye code ({''.join(sorted(BYE_CODES))})")
        t.absent.setdefault(a.integer("round", 1, 99), {})[_known(t, a, "player")] = code
    for i, raw in enumerate(doc.sequence("withdrawn", required=False)):
        w = _Doc(raw, f"withdrawn[{i}]")
        t.withdrawn[_known(t, w, "player")] = w.integer("from_round", 1, 99)
    for i, raw in enumerate(doc.sequence("forbidden", required=False)):
        f = _Doc(raw, f"forbidden[{i}]")
        ids = f.sequence("players")
        group = frozenset(_known(t, _Doc({"player": x}, f"{f.where}.players"), "player")
                          for x in ids)
        first = f.integer("first_round", 1, 99, required=False) or None
        last = f.integer("last_round", 1, 99, required=False) or None
        t.forbidden_pairs.append(ForbiddenGroup(group, first, last))
    for index, player in enumerate(t.players.values()):
        for r, e in enumerate(player.results):
            if e is not None and e.opponent and e.opponent not in t.players:
                raise InputError(f"players[{index}].results[{r}].opponent: no player "
                                 f"{e.opponent}", "<document>")
    return t


def _known(t: Tournament, doc: _Doc, key: str) -> int:
    pid = doc.integer(key, 1, 9999)
    if pid not in t.players:
        raise doc.error(key, f"no player {pid}")
    return pid


def _cell_from_dict(cell: object, where: str) -> RoundEntry | None:
    if cell is None:
        return None
    c = _Doc(cell, where)
    if "bye" in c.data:
        code = c.text("bye")
        if code not in BYE_CODES or code == " ":
            raise c.error("bye", f"{code!r} is not a bye code (U F H Z, or the legacy + = -)")
        return RoundEntry.bye(code)
    opponent = c.integer("opponent", 1, 9999)
    colour = c.choice("colour", _COLOURS) if c.get("colour") is not None else None
    code = c.text("result")
    if code not in GAME_CODES:
        raise c.error("result", f"{code!r} is not a result code ({' '.join(sorted(GAME_CODES))})")
    return RoundEntry(opponent, colour, code)


class _Doc:
    """One object of a dict-form document, with errors naming where they are."""

    def __init__(self, data: object, where: str) -> None:
        if not isinstance(data, Mapping):
            raise InputError(f"{where or 'the document'}: an object is expected, found "
                             f"{type(data).__name__}", "<document>")
        self.data = data
        self.where = where

    def error(self, key: str, problem: str) -> InputError:
        place = f"{self.where}.{key}" if self.where else key
        return InputError(f"{place}: {problem}", "<document>")

    def get(self, key: str, default: object = None) -> Any:
        return self.data.get(key, default)

    def text(self, key: str, *, required: bool = True) -> str:
        value = self.data.get(key)
        if value is None and not required:
            return ""
        if not isinstance(value, str):
            raise self.error(key, "a text is expected" if value is None else
                             f"a text is expected, found {type(value).__name__}")
        return value

    def integer(self, key: str, low: int, high: int, *, required: bool = True) -> int:
        value = self.data.get(key)
        if value is None and not required:
            return 0
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.error(key, f"a whole number from {low} to {high} is expected")
        if not low <= value <= high:
            raise self.error(key, f"{value} is not from {low} to {high}")
        return value

    def number(self, key: str) -> float:
        value = self.data.get(key)
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise self.error(key, "a number is expected")
        return float(value)

    def choice(self, key: str, options: Mapping[str, Colour]) -> Colour:
        value = self.data.get(key)
        if value not in options:
            raise self.error(key, f"{value!r} is not one of {', '.join(options)}")
        return options[value]

    def mapping(self, key: str) -> Mapping[str, Any]:
        value = self.data.get(key)
        if not isinstance(value, Mapping):
            raise self.error(key, "an object is expected")
        return value

    def sequence(self, key: str, *, required: bool = True) -> Sequence[Any]:
        value = self.data.get(key)
        if value is None and not required:
            return []
        if not isinstance(value, list):
            raise self.error(key, "a list is expected")
        return value


# --- pairing, checking, generating, ranking -----------------------------------------------------
def system_from_file(tournament: Tournament) -> str | None:
    """The system the tournament's ``192`` record names (TRF-2026 ETT26 codes, a ``_BAKU``
    suffix read as the same system; ``192 CUSTOM_SWISS`` with the comment ``### swisspairing
    system NAME``), or None: the system :func:`pair` and :func:`check` use by default.

    >>> system_from_file(read_trf("012 X\\n192 FIDE_DUTCH_2026\\n001    1      A"))
    'dutch-2025'
    """
    return _system_from_file(tournament)


def _system_for(tournament: Tournament, system: str | None, what: str) -> str:
    name = system or _system_from_file(tournament)
    if name is None:
        raise BadRequest(f"say which pairing system to {what} (the tournament has no 192 "
                         "record naming one)")
    return canonical_name(name)


def pair(tournament: Tournament, system: str | None = None, round: int | None = None, *,
         explain: bool = False, baku: bool = False) -> Pairing:
    """Pair round ``round`` (default: the next one) with ``system`` (default: the one the
    file's ``192`` record names).

    The result's ``boards`` hold ``white`` and ``black`` pairing numbers in the system's order,
    ``bye`` the player given the pairing-allocated bye (or None), ``unpaired`` the players left
    out on purpose with their code, ``warnings`` what the arbiter must know (a rule relaxed).
    With ``explain``, ``pairing.explanation`` holds the bracket-by-bracket explanation
    (``.render(lang)`` or ``.as_json(lang)``, ``lang`` one of :data:`LANGUAGES`). ``baku``:
    the Baku acceleration (C.04.7 Art. 1), as a ``192 ..._BAKU`` record asks. The
    Double-Swiss system (C.04.5) counts ``round`` in matches. A round that cannot be paired
    under the absolute criteria raises :class:`NoValidPairing`.

    >>> t = read_trf("012 Four\\n142 3\\n" + "\\n".join(
    ...     f"001 {i:>4}      Player {i:<26} {2400 - 10 * i:>4}" for i in range(1, 5)))
    >>> p = pair(t, "dutch-2025")
    >>> [(b.white, b.black) for b in p.boards], p.bye
    ([(1, 3), (4, 2)], None)
    """
    if baku:
        tournament.baku = True
    name = _system_for(tournament, system, "use")
    explanation = Explanation() if explain else None
    pairing = pair_tournament(tournament, name, round, explanation)
    pairing.explanation = explanation
    return pairing


def write_pairing(pairing: Pairing, tournament: Tournament, format: str = "text",
                  lang: str = "en") -> str:
    """A pairing of :func:`pair` as text: ``"text"`` a board list with names and scores,
    ``"javafo"`` the pair list of JaVaFo and bbpPairings (the number of pairs, then ``WHITE
    BLACK`` lines, the bye as ``ID 0``), ``"json"`` the document of ``docs/api.md`` (with the
    explanation in ``lang`` when the pairing carries one). Team events (C.04.6) are written
    match by match."""
    explanation = pairing.explanation
    notes = explanation.as_json(lang) if explanation is not None else None
    if format == "javafo":
        return _pairs.javafo(pairing)
    if format == "json":
        return (_pairs.team_json(pairing, tournament, notes) if tournament.team_event is not None
                else _pairs.as_json(pairing, tournament, notes))
    if format == "text":
        return (_pairs.team_text(pairing, tournament) if tournament.team_event is not None
                else _pairs.text(pairing, tournament))
    raise BadRequest(f"unknown pairing format {format!r}: {', '.join(PAIRING_FORMATS)}")


def check(tournament: Tournament, system: str | None = None,
          rounds: Sequence[int] | None = None, *, rules: str | None = None,
          baku: bool = False) -> CheckReport:
    """Check the pairings of every round (or of ``rounds``): each round is paired again by
    ``system`` from the rounds before it and compared with the published one, and both are
    checked against the absolute rules (C.04.1) of ``rules`` (a name of :data:`RULE_SETS`;
    default: the system's own). ``report.ok`` is True when every round agrees and nothing is
    broken; ``report.render(tournament, lang)`` is the text report, ``report.as_dict(lang)``
    the same as data. ``baku``: the Baku acceleration (C.04.7 Art. 1)."""
    from .checker.check import check_tournament

    if baku:
        tournament.baku = True
    name = _system_for(tournament, system, "check with")
    return check_tournament(tournament, name, list(rounds) if rounds else None, rules=rules)


def violations(tournament: Tournament, pairing: Pairing, rules: str | None = None
               ) -> list[Violation]:
    """The absolute rules (C.04.1; round-robins: C.05 Annex 1; Double-Swiss: C.04.5) that
    ``pairing`` breaks, for a pairing made or changed by hand. ``tournament`` holds the rounds
    before ``pairing.round``. ``rules``: a name of :data:`RULE_SETS` (a system's name gives its
    own rules; default: the file's system, else ``fide``). Each violation has ``rule``,
    ``players`` and ``text(lang)``.

    >>> t = read_trf("012 Three\\n001    1      A\\n001    2      B\\n001    3      C")
    >>> p = pair(t, "dutch-2025")
    >>> p.bye = None  # player 3 left out by hand
    >>> [(v.rule, v.players) for v in violations(t, p)]
    [('C.04.1 c', (3,))]
    """
    from .checker.violations import absolute_violations, double_swiss_violations

    name = rules or _system_from_file(tournament) or "fide"
    if name == "double-swiss":  # C.04.5 [C1]-[C2]: the checker's own list for matches
        return double_swiss_violations(tournament, pairing)
    if name == "team-swiss" or tournament.team_event is not None:  # C.04.6 [C1] [C2]
        from .checker.team_check import team_violations

        return team_violations(tournament, pairing)
    return absolute_violations(tournament, pairing, name)


def _generator_config(config: str | os.PathLike[str] | None,
                      options: Mapping[str, Any]) -> GeneratorConfig:
    """The generator's parameters: the configuration file's (JaVaFo / bbpPairings keys), then
    every option given (not None)."""
    from .checker.generator import GeneratorConfig, read_config

    base = read_config(config) if config is not None else GeneratorConfig()
    given = {k: v for k, v in options.items() if v is not None}
    if "players" in given and isinstance(given["players"], tuple):
        given["players"] = given["players"][0]
    if "rounds" in given and isinstance(given["rounds"], tuple):
        given["rounds"] = given["rounds"][0]
    cfg = replace(base, **given)
    if given.get("lowest_rating") is not None and "highest_rating" not in given \
            and cfg.highest_rating < cfg.lowest_rating:
        cfg = replace(cfg, highest_rating=cfg.lowest_rating)  # a lowest above the default
    cfg.validate()
    return cfg


def _range(value: int | tuple[int, int] | None) -> tuple[int, int] | None:
    """A range drawn per tournament (C.04.A A.5 sizes), None for a fixed number."""
    if isinstance(value, tuple):
        low, high = value
        if low > high:
            raise BadRequest(f"the range {low}-{high} is empty")
        return value if low != high else None
    return None


def generate(system: str, *, players: int | tuple[int, int] | None = None,
             rounds: int | tuple[int, int] | None = None, seed: int = 0,
             draw_rate: float | None = None, forfeit_rate: float | None = None,
             retire_rate: float | None = None, half_point_bye_rate: float | None = None,
             zero_point_bye_rate: float | None = None, highest_rating: int | None = None,
             lowest_rating: int | None = None, baku: bool | None = None,
             boards: int | None = None, reserve_rate: float | None = None,
             config: str | os.PathLike[str] | None = None) -> Tournament:
    """A random tournament, every round paired by ``system`` and played with results drawn
    from the ratings: the random tournament generator of the FIDE endorsement rules (C.04.A
    A.5). The same seed gives the same tournament.

    Every option left None takes the value of ``config`` (a JaVaFo / bbpPairings generator
    file: ``PlayersNumber=``, ``RoundsNumber=``, ``DrawPercentage=``...), else the default:
    30 players, 9 rounds, draws by Milvang's rating model, no forfeit, retirement or bye,
    ratings 1400-2600, 4 boards and no reserve (team events, where ``players`` counts the
    teams). ``players`` / ``rounds`` may be a range ``(low, high)``, drawn from the seed.
    ``baku``: pair with the Baku acceleration (C.04.7 Art. 1), written as ``XXA`` lines.
    """
    from .checker.endorse import sized
    from .checker.generator import generate as _generate

    name = canonical_name(system)
    options = {"players": players, "rounds": rounds, "draw_rate": draw_rate,
               "forfeit_rate": forfeit_rate, "retire_rate": retire_rate,
               "half_point_bye_rate": half_point_bye_rate,
               "zero_point_bye_rate": zero_point_bye_rate, "highest_rating": highest_rating,
               "lowest_rating": lowest_rating, "baku": baku, "boards": boards,
               "reserve_rate": reserve_rate}
    cfg = sized(_generator_config(config, options), seed, _range(players),
                _range(rounds))
    return _generate(name, cfg, seed)


def endorse(system: str, tournaments: int, *, seed: int = 1, check: bool = True,
            jobs: int | None = None, progress: bool = False,
            output_pattern: str | None = None, save_failures: str | os.PathLike[str] | None = None,
            **options: Any) -> Summary:
    """Generate ``tournaments`` random tournaments (seeds ``seed``, ``seed + 1``...) with the
    options of :func:`generate` and, with ``check``, check every round of each: the
    endorsement run of C.04.A A.6. ``jobs`` processes (default: every core);
    ``output_pattern`` writes each tournament to a path where ``{n}`` is its seed;
    ``save_failures`` a folder where each failing tournament is written. The summary has
    ``ok`` and ``render(lang)``."""
    from .checker.endorse import run_endorsement

    if tournaments < 1:
        raise BadRequest("the number of tournaments must be 1 or more")
    unknown = set(options) - {"players", "rounds", "draw_rate", "forfeit_rate", "retire_rate",
                              "half_point_bye_rate", "zero_point_bye_rate", "highest_rating",
                              "lowest_rating", "baku", "boards", "reserve_rate", "config"}
    if unknown:
        raise BadRequest(f"unknown generator option(s): {', '.join(sorted(unknown))}")
    name = canonical_name(system)
    config = options.pop("config", None)
    cfg = _generator_config(config, options)
    return run_endorsement(name, cfg, tournaments, seed, check=check, jobs=jobs,
                           progress=progress, output_pattern=output_pattern,
                           save_failures=save_failures, players=_range(options.get("players")),
                           rounds=_range(options.get("rounds")))


def standings(tournament: Tournament, round: int | None = None,
              tiebreaks: str | Sequence[str] | None = None, *, ranking: Ranking = "c07",
              seed: int | None = None) -> Standings | TeamStandings:
    """The standings after round ``round`` (default: the last one played).

    ``ranking="c07"``: points, then the C.07 tie-breaks given by their MTB26 codes
    (``"BH/C1,BH,SB,DE,WIN"`` or a list), by default the file's ``202`` record, else
    :data:`DEFAULT_TIEBREAKS` (round-robins: SB, DE, WIN, Koya, C.07 for round-robins).
    ``ranking="e10"``: the final ranking of the Elo-based Swiss system (article E10: score,
    the games among those tied for first, average opponents' Elo, then lots); it fixes its own
    order, so ``tiebreaks`` does not apply. ``seed`` draws the lots of players still tied
    (E10 draws one when None; ``.seed`` tells which).

    ``rows`` holds ``pid``, ``rank``, ``points`` and ``values`` (one per tie-break,
    ``labels``). A team event (C.04.6) gives the team standings: ``rows`` by team, by match or
    game points, with the team tie-breaks (default ``MPVGP,EDE,SB,BH``).
    """
    if ranking not in ("c07", "e10"):
        raise BadRequest(f"unknown ranking {ranking!r}: c07 or e10")
    text = tiebreaks if isinstance(tiebreaks, str) or tiebreaks is None else ",".join(tiebreaks)
    if tournament.team_event is not None:
        from .standings import teams

        if ranking != "c07":
            raise BadRequest("team events are ranked by their match or game points and the "
                             "team tie-breaks (C.04.6): the E10 ranking does not apply")
        tbs = teams.parse_team_tiebreaks(text) if text is not None else None
        return teams.rank_teams(tournament, tbs, round)
    from .standings import ranking as _ranking

    if ranking == "e10":
        if text is not None:
            raise BadRequest("tie-breaks do not apply to the E10 ranking (E10 fixes its order)")
        return _ranking.rank_e10(tournament, round, seed)
    from .standings.tiebreaks import parse_list as _parse_tiebreaks

    tbs = _parse_tiebreaks(text) if text is not None else None
    return _ranking.rank(tournament, tbs, round, seed)


def publish(tournament: Tournament, view: str = "standings", *,
            standings: Standings | TeamStandings | None = None, format: str = "text",
            lang: str = "en", player: int | None = None, pairing: Pairing | str | None = None,
            header: bool = False) -> str | bytes:
    """A publication of the tournament (C.07 standings and the arbiter's tables): ``view``
    one of :data:`VIEWS` (``standings``, ``crosstable``, ``wallchart``, ``pairings`` of the
    round, ``card`` of ``player``, ``boards`` for a team event, ``all`` the usual set), in
    ``format`` one of :data:`PUBLISH_FORMATS` (``pdf`` gives bytes, the others text), titles
    and notes in ``lang``.

    ``standings``: what :func:`standings` returned (default: its defaults). ``pairing``: with
    the ``pairings`` view, publish this pairing (a :class:`Pairing` of :func:`pair`, or the
    text of a JaVaFo pair list) as the next round's, before it is played. ``header``: a header
    row in the ``tsv`` standings.
    """
    from .standings import render
    from .standings import views as tables

    if view not in VIEWS:
        raise BadRequest(f"unknown view {view!r}: {', '.join(VIEWS)}")
    if format not in render.FORMATS:
        raise BadRequest(f"unknown format {format!r}: {', '.join(render.FORMATS)}")
    if header and format != "tsv":
        raise BadRequest("a header row applies only to the tsv format")
    if pairing is not None and view != "pairings":
        raise BadRequest("a pairing is published only by the pairings view")
    if view == "card" and player is None:
        raise BadRequest("the card view needs a player")
    if view != "card" and player is not None:
        raise BadRequest("a player applies only to the card view")
    st: Standings | TeamStandings | None = standings
    if tournament.team_event is not None:
        return _publish_team(tournament, view, st, format, lang)
    if view == "boards":
        raise BadRequest("the boards view is for team events (310 records)")
    if pairing is not None:
        published = (pairing if isinstance(pairing, Pairing)
                     else tables.pairing_from_pairs(tournament, pairing))
        found = [tables.pairings_table(tournament, published.round_number, pairing=published,
                                       lang=lang)]
        st = None
    else:
        st = st if st is not None else _default_standings(tournament)
        if not isinstance(st, _ranking_module().Standings):
            raise BadRequest("an individual event is published with its own standings")
        found = _tables(tournament, st, view, lang, player)
    if format == "pdf":
        return render.pdf(found)
    if st is not None and view == "standings" and format == "tsv":
        return render.standings_tsv(st, header)
    if st is not None and view == "standings" and format == "json":
        return render.standings_json(st)
    return _render_tables(found, format)


def _default_standings(t: Tournament) -> Standings | TeamStandings:
    return standings(t)


def _ranking_module() -> Any:
    from .standings import ranking

    return ranking


def _tables(t: Tournament, st: Standings, view: str, lang: str, player: int | None
            ) -> list[Table]:
    """The tables of an individual event's view (C.07 standings; crosstable, wall chart,
    pairings of round ``st.rounds``, player card)."""
    from .standings import views as tables

    if view == "card":
        return [tables.player_card(st, player or 0, lang)]
    if view == "standings":
        return [tables.standings_table(st, lang)]
    if view == "crosstable":
        return [tables.crosstable(st, lang)]
    if view == "wallchart":
        return [tables.wallchart(t, st.rounds, lang)]
    if view == "pairings":
        return [tables.pairings_table(t, st.rounds, lang=lang)]
    return [tables.standings_table(st, lang), tables.crosstable(st, lang),
            tables.wallchart(t, st.rounds, lang), tables.pairings_table(t, st.rounds, lang=lang)]


def _publish_team(t: Tournament, view: str, st: Standings | TeamStandings | None,
                  format: str, lang: str) -> str | bytes:
    """Team events (C.04.6): team standings by match or game points with the team
    tie-breaks, board-by-board results with board prizes, the team crosstable."""
    from .standings import render, teams

    if view in ("wallchart", "pairings", "card"):
        raise BadRequest(f"the {view} view is not available for team events (standings, "
                         "crosstable, boards, all)")
    team_st = st if st is not None else teams.rank_teams(t)
    if not isinstance(team_st, teams.TeamStandings):
        raise BadRequest("a team event is published with its team standings")
    found = {"standings": [teams.team_standings_table(team_st, lang)],
             "crosstable": [teams.team_crosstable(team_st, lang)],
             "boards": [teams.board_table(team_st, lang)]}.get(view) or [
        teams.team_standings_table(team_st, lang), teams.team_crosstable(team_st, lang),
        teams.board_table(team_st, lang)]
    if format == "pdf":
        return render.pdf(found)
    if format == "json" and view == "standings":
        return teams.team_standings_json(team_st)
    return _render_tables(found, format)


def _render_tables(found: list[Table], format: str) -> str:
    from .standings import render

    if format == "tsv":
        return "\n".join(render.table_tsv(x) for x in found)
    if format == "json":
        return render.tables_json(found)
    if format == "html":
        return render.html(found)
    return render.text(found)
