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
* :func:`standings`: the ranking after a round with the C.07 tie-breaks.

Errors are :class:`SwissPairingError` subclasses with an ``exit_code`` (the command line's):
:class:`InputError` (a malformed file or document, 3), :class:`BadRequest` (an impossible
request, 2), :class:`NoValidPairing` (no pairing satisfies the absolute criteria, 1).
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from .errors import BadRequest, InputError
from .formats import trf as _trf
from .model import Colour, ForbiddenGroup, Pairing, Player, RoundEntry, Tournament
from .model.results import BYE_CODES, GAME_CODES
from .model.scoring import PointSystem
from .systems import SYSTEM_NAMES, canonical_name
from .systems.explain import Explanation
from .systems.selection import pair_tournament, system_from_file

if TYPE_CHECKING:  # loaded by the functions that need them: ``pair`` starts without them
    from .checker.check import CheckReport
    from .standings.ranking import Standings

#: every pairing system's name, as ``pair(..., system=NAME)`` and ``--system`` take them
SYSTEMS: tuple[str, ...] = tuple(SYSTEM_NAMES)

TrfVersion = Literal["trf", "trf16", "trf2026"]
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


def write_trf(tournament: Tournament, path: str | os.PathLike[str] | None = None, *,
              version: TrfVersion = "trf") -> str:
    """The tournament as TRF text, also written to ``path`` when one is given (atomically: a
    temporary file renamed at the end).

    ``version``: ``"trf"`` writes what was read (the JaVaFo / bbpPairings lines included) and
    reads back equal; ``"trf16"`` the FIDE TRF-16 of rating reports; ``"trf2026"`` TRF-2026
    (records ``142 152 162 192 202 240 250 260``; what TRF-2026 cannot hold, such as a point
    system ``162`` cannot say, raises :class:`BadRequest` rather than being lost).
    """
    from .standings.export import write_trf16, write_trf26

    if version == "trf":
        text = _trf.write_trf(tournament)
    elif version == "trf16":
        text = write_trf16(tournament)
    elif version == "trf2026":
        text, lost = write_trf26(tournament)
        if lost:
            raise BadRequest("TRF-2026 cannot hold this tournament as it is: " + "; ".join(lost))
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
def pair(tournament: Tournament, system: str | None = None, round: int | None = None, *,
         explain: bool = False, baku: bool = False) -> Pairing:
    """Pair round ``round`` (default: the next one) with ``system`` (default: the one the
    file's ``192`` record names).

    The result's ``boards`` hold ``white`` and ``black`` pairing numbers in the system's order,
    ``bye`` the player given the pairing-allocated bye (or None), ``unpaired`` the players left
    out on purpose with their code, ``warnings`` what the arbiter must know (a rule relaxed).
    With ``explain``, ``pairing.explanation`` holds the bracket-by-bracket explanation
    (``.render("en")`` or ``"fr"``). A round that cannot be paired under the absolute criteria
    raises :class:`NoValidPairing`.

    >>> t = read_trf("012 Four\\n142 3\\n" + "\\n".join(
    ...     f"001 {i:>4}      Player {i:<26} {2400 - 10 * i:>4}" for i in range(1, 5)))
    >>> p = pair(t, "dutch-2025")
    >>> [(b.white, b.black) for b in p.boards], p.bye
    ([(1, 3), (4, 2)], None)
    """
    if baku:
        tournament.baku = True
    name = system or system_from_file(tournament)
    if name is None:
        raise BadRequest("say which pairing system to use (the tournament has no 192 record "
                         "naming one)")
    explanation = Explanation() if explain else None
    pairing = pair_tournament(tournament, canonical_name(name), round, explanation)
    pairing.explanation = explanation
    return pairing


def check(tournament: Tournament, system: str | None = None,
          rounds: Sequence[int] | None = None) -> CheckReport:
    """Check the pairings of every round (or of ``rounds``): each round is paired again by
    ``system`` from the rounds before it and compared with the published one, and both are
    checked against the absolute rules (C.04.1). ``report.ok`` is True when every round agrees
    and nothing is broken; ``report.render(tournament, "en")`` is the text report."""
    from .checker.check import check_tournament

    name = system or system_from_file(tournament)
    if name is None:
        raise BadRequest("say which pairing system to check with (the tournament has no 192 "
                         "record naming one)")
    return check_tournament(tournament, canonical_name(name), list(rounds) if rounds else None)


def generate(system: str, *, players: int = 30, rounds: int = 9, seed: int = 0,
             draw_rate: float | None = None, forfeit_rate: float = 0.0,
             retire_rate: float = 0.0, half_point_bye_rate: float = 0.0,
             zero_point_bye_rate: float = 0.0) -> Tournament:
    """A random tournament of ``players`` players and ``rounds`` rounds, every round paired by
    ``system`` and played with results drawn from the ratings (the generator of the FIDE
    endorsement rules). The same seed gives the same tournament."""
    from .checker.generator import GeneratorConfig
    from .checker.generator import generate as _generate

    config = GeneratorConfig(players=players, rounds=rounds, draw_rate=draw_rate,
                             forfeit_rate=forfeit_rate, retire_rate=retire_rate,
                             half_point_bye_rate=half_point_bye_rate,
                             zero_point_bye_rate=zero_point_bye_rate)
    return _generate(canonical_name(system), config, seed)


def standings(tournament: Tournament, round: int | None = None,
              tiebreaks: str | Sequence[str] | None = None) -> Standings:
    """The standings after round ``round`` (default: the last one played): points, then the
    C.07 tie-breaks given by their MTB26 codes (``"BH/C1,BH,SB,DE,WIN"`` or a list), by
    default the file's ``202`` record, else the usual Swiss list (round-robins: SB, DE, WIN,
    Koya). ``rows`` holds ``pid``, ``rank``, ``points`` and ``values`` (one per tie-break,
    ``labels``)."""
    from .standings import ranking
    from .standings.tiebreaks import parse_list as _parse_tiebreaks

    if isinstance(tiebreaks, str):
        tbs = _parse_tiebreaks(tiebreaks)
    elif tiebreaks is not None:
        tbs = _parse_tiebreaks(",".join(tiebreaks))
    else:
        tbs = None
    return ranking.rank(tournament, tbs, round)
