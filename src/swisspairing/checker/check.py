"""The free pairings checker (FPC, C.04.A A.4): re-pair every round and compare.

For each round ``r`` of a tournament, the checker rebuilds the tournament as it stood before the
round (rounds ``1..r-1`` plus who was not to be paired in ``r``), asks our engine for the pairing
of ``r`` and compares it with the published one, board by board. It also lists every violation
of an absolute rule (:mod:`.violations`) in the published pairing and in ours.

What a published round is made of (``../shared/rules/trf.md`` 4.1):

* a cell with an opponent is a board, played or not: a forfeit keeps the scheduled colour in
  TRF, so who met whom *and with which colours* is compared. A forfeit written without colours
  is compared without colours;
* a cell ``0000 - U`` (legacy ``0000 - +``) is the pairing-allocated bye;
* any other cell without opponent (``H F Z``, legacy ``= -``, or an empty cell) is a requested
  bye or an absence: an input of the round, not part of the pairing (C.04.2 D.4 / GHR 3.3).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ..errors import BadRequest, NoValidPairing
from ..model.results import Colour, RoundEntry
from ..model.state import shared_history
from ..model.tournament import Board, Pairing, ResultCorrection, Tournament
from ..systems import PairingSystem, canonical_name, get_system
from .violations import PAB_CODES, Violation, absolute_violations, rule_set


@dataclass(slots=True)
class PublishedRound:
    """The published pairing of a round, and the boards whose colours the file does not give."""

    pairing: Pairing
    colourless: set[frozenset[int]] = field(default_factory=set)

    def add_board(self, first: int, second: int, colour: Colour | None) -> None:
        """The board of ``first``, playing ``colour``, against ``second``. When the file gives
        no colour, ``first`` is listed as White and the pair is kept in ``colourless`` (the
        colour checks then leave it aside)."""
        if colour is Colour.BLACK:
            self.pairing.boards.append(Board(second, first))
            return
        if colour is None:
            self.colourless.add(frozenset((first, second)))
        self.pairing.boards.append(Board(first, second))


def published_pairing(t: Tournament, round_number: int) -> PublishedRound:
    """The pairing of ``round_number`` as the file records it (see the module docstring).

    A second ``U`` cell in the same round is kept in ``unpaired`` with its code, so that the
    violations check sees every pairing-allocated bye (C.04.1 c).
    """
    r = round_number
    published = PublishedRound(Pairing(r))
    pairing = published.pairing
    done: set[int] = set()
    for pid in sorted(t.players):
        e = t.players[pid].entry(r)
        if e is None:
            pairing.unpaired[pid] = "Z"
            continue
        if e.opponent == 0:
            if e.code in PAB_CODES:
                if pairing.bye is None:
                    pairing.bye = pid
                else:
                    pairing.unpaired[pid] = e.code
            else:
                pairing.unpaired[pid] = e.code
            continue
        if pid in done:
            continue
        opp = e.opponent
        done.update((pid, opp))
        if e.colour is None:
            other = t.players[opp].entry(r)
            colour = other.colour.opposite if other is not None and other.colour else None
        else:
            colour = e.colour
        published.add_board(pid, opp, colour)
    return published


def input_for_round(t: Tournament, round_number: int) -> Tournament:
    """The tournament as it stood before ``round_number`` was paired.

    Rounds before it are kept; in the round itself, only the cells that are inputs remain:
    requested byes and absences (``H F Z`` ...). A player with no cell in a round that the file
    has already paired did not play it: an absence (a blank code is ``Z``, trf.md 4.1).
    Later rounds are removed. XXZ absences (which name the round after the last one paired)
    only apply to that round.

    The copy holds new lists and dicts but shares the cells (``RoundEntry`` is immutable):
    copying a long event for each of its rounds is then cheap, and ``model.state`` recognises
    the cells of ``t`` to derive each round's state from the previous one (``shared_history``).
    """
    before = t.before_round(round_number)  # earlier rounds and the round's requested byes
    before.absent = {r: m for r, m in before.absent.items() if r == round_number}
    if round_number <= t.rounds_paired:
        for pid, p in before.players.items():
            if t.players[pid].entry(round_number) is None:
                padding = [None] * (round_number - 1 - len(p.results))
                p.results = [*p.results, *padding, RoundEntry.bye("Z")]
    return before


@dataclass(slots=True)
class RoundReport:
    """The comparison of one round: the published pairing, ours, and what differs."""

    round_number: int
    published: Pairing
    ours: Pairing | None
    error: str | None = None
    colourless: set[frozenset[int]] = field(default_factory=set)
    only_published: list[Board] = field(default_factory=list)
    only_ours: list[Board] = field(default_factory=list)
    colours_reversed: list[Board] = field(default_factory=list)
    violations: list[Violation] = field(default_factory=list)
    our_violations: list[Violation] = field(default_factory=list)
    #: results corrected after this round was paired (C.04.2 4.3): the round is checked with
    #: the results as they were when it was paired (:func:`as_when_paired`)
    paired_before: list[ResultCorrection] = field(default_factory=list)

    @property
    def agrees(self) -> bool:
        """Same boards with the same colours and the same pairing-allocated bye."""
        return (
            self.ours is not None
            and not self.only_published
            and not self.only_ours
            and not self.colours_reversed
            and self.published.bye == self.ours.bye
        )

    @property
    def ok(self) -> bool:
        return self.agrees and not self.violations and not self.our_violations


@dataclass(slots=True)
class CheckReport:
    """The result of checking a tournament: one :class:`RoundReport` per round checked."""

    system: str
    rounds: list[RoundReport] = field(default_factory=list)
    notes: list[tuple[str, str]] = field(default_factory=list)  # (en, fr)

    @property
    def discrepancies(self) -> list[RoundReport]:
        return [r for r in self.rounds if not r.agrees]

    @property
    def violations(self) -> list[Violation]:
        return [v for r in self.rounds for v in r.violations]

    @property
    def ok(self) -> bool:
        return all(r.ok for r in self.rounds)

    def notes_in(self, lang: str = "en") -> list[str]:
        """The report's notes in ``lang`` (``fr`` or English)."""
        return [fr if lang == "fr" else en for en, fr in self.notes]

    def render(self, tournament: Tournament | None = None, lang: str = "en") -> str:
        from .report import render_report

        return render_report(self, tournament, lang)

    def as_dict(self, lang: str = "en") -> dict[str, object]:
        """The report as plain data (for ``check --format json``)."""

        def boards(bs: list[Board]) -> list[list[int]]:
            return [[b.white, b.black] for b in bs]

        def pairing(p: Pairing | None) -> dict[str, object] | None:
            if p is None:
                return None
            return {"boards": boards(sorted(p.boards)), "bye": p.bye}

        return {
            "system": self.system,
            "ok": self.ok,
            "notes": self.notes_in(lang),
            "rounds": [
                {
                    "round": r.round_number,
                    "agrees": r.agrees,
                    "error": r.error,
                    "published": pairing(r.published),
                    "ours": pairing(r.ours),
                    "only_published": boards(r.only_published),
                    "only_ours": boards(r.only_ours),
                    "colours_reversed": boards(r.colours_reversed),
                    "paired_before_corrections": [
                        {"round": c.round, "board": c.board, "white": c.white,
                         "black": c.black, "before": "".join(c.before),
                         "after": "".join(c.after)} for c in r.paired_before],
                    "violations": [
                        {"rule": v.rule, "players": list(v.players), "text": v.text(lang),
                         "in": side}
                        for side, vs in (("published", r.violations), ("ours", r.our_violations))
                        for v in vs
                    ],
                }
                for r in self.rounds
            ],
        }


def compare(report: RoundReport) -> None:
    """Fill the differences of ``report`` from its published pairing and ours."""
    if report.ours is None:
        return
    ours = {(b.white, b.black) for b in report.ours.boards}
    ours_pairs = {frozenset((b.white, b.black)): b for b in report.ours.boards}
    published_pairs = set()
    for b in report.published.boards:
        key = frozenset((b.white, b.black))
        published_pairs.add(key)
        if key not in ours_pairs:
            report.only_published.append(b)
        elif key in report.colourless:
            continue
        elif (b.white, b.black) not in ours:
            report.colours_reversed.append(b)
    report.only_ours = [b for k, b in ours_pairs.items() if k not in published_pairs]


def resolve_system(system: str | PairingSystem) -> tuple[str, PairingSystem]:
    """(canonical name, system object) of a system given by name or as an object (tests, other
    programs embedding their own system)."""
    if isinstance(system, str):
        name = canonical_name(system)
        return name, get_system(name)
    return system.name, system


def _default_rules(name: str) -> str:
    from .violations import RULE_SETS

    return name if name in RULE_SETS else "fide"


def check_round(t: Tournament, system_name: str | PairingSystem, round_number: int,
                rules: str | None = None) -> RoundReport:
    """Check one round of ``t`` (already paired in the file) with the system ``system_name``."""
    name, system = resolve_system(system_name)
    if t.team_event is not None:
        return _check_team_round(t, system, round_number)
    rules = rules or _default_rules(name)
    published = published_pairing(t, round_number)
    before = input_for_round(t, round_number)
    if before.initial_colour is None:
        before.initial_colour = t.inferred_initial_colour()
    if before.total_rounds is None:
        # no XXR/142: the file is taken as the whole tournament (its last round is the last)
        before.total_rounds = max(t.rounds_paired, round_number)
    report = RoundReport(round_number, published.pairing, None,
                         colourless=published.colourless)
    double = name == "double-swiss"
    if double:
        from .violations import double_swiss_violations

        def violations(pairing: Pairing) -> list[Violation]:
            return double_swiss_violations(before, pairing)
    else:
        def violations(pairing: Pairing) -> list[Violation]:
            return absolute_violations(before, pairing, rules)
    return _pair_and_compare(report, system, before, violations)


def _check_team_round(t: Tournament, system: PairingSystem, round_number: int) -> RoundReport:
    """One round of a team event (C.04.6, :mod:`.team_check`)."""
    from .team_check import published_team_pairing, team_input_for_round, team_violations

    published, colourless = published_team_pairing(t, round_number)
    before = team_input_for_round(t, round_number)
    if before.total_rounds is None:
        before.total_rounds = max(t.rounds_paired, round_number)
    report = RoundReport(round_number, published, None, colourless=colourless)
    return _pair_and_compare(report, system, before,
                             lambda pairing: team_violations(before, pairing))


def _pair_and_compare(report: RoundReport, system: PairingSystem, before: Tournament,
                      violations: Callable[[Pairing], list[Violation]]) -> RoundReport:
    """The published round's violations, then ours: the round paired again from ``before``
    (no valid pairing or an engine crash is reported for this round and the check goes on),
    its violations, and the comparison of the two."""
    report.violations = violations(report.published)
    try:
        report.ours = system.pair(before, report.round_number, None)
    except NoValidPairing as exc:
        report.error = str(exc) or "no valid pairing"
        return report
    except Exception as exc:  # an engine crash: reported for this round, the check goes on
        report.error = f"internal error of the engine: {type(exc).__name__}: {exc}"
        return report
    report.our_violations = violations(report.ours)
    compare(report)
    return report


def _note_acceleration(t: Tournament, report: CheckReport) -> None:
    """Check that the Baku values can be computed (C.04.7 1.1, 1.4: the premise on the point
    system, the number of rounds) before any round, and say who is in GA (1.2)."""
    from ..model.acceleration import baku_group_a, baku_values, has_explicit_acceleration, id_ranges

    if has_explicit_acceleration(t):
        report.notes.append((
            "acceleration: the virtual points of the file's XXA/250 lines are used",
            "accélération : les points virtuels des lignes XXA/250 du fichier sont utilisés",
        ))
    elif t.baku:
        baku_values(t)  # raises BadRequest when the method cannot apply
        ga = id_ranges(sorted(baku_group_a(t)))
        report.notes.append((
            f"Baku acceleration (C.04.7): virtual points computed for group A, players {ga}",
            f"accélération de Bakou (C.04.7) : points virtuels calculés pour le groupe A, "
            f"joueurs {ga}",
        ))


def check_tournament(tournament: Tournament, system_name: str | PairingSystem,
                     rounds: list[int] | None = None, *, rules: str | None = None
                     ) -> CheckReport:
    """Re-pair every round of ``tournament`` from the rounds before it and compare.

    ``rounds``: the rounds to check (default: every round the file has paired). ``rules``: the
    rule set of the absolute checks (default: the system's own, :data:`.violations.RULE_SETS`).
    """
    name, system = resolve_system(system_name)
    if (tournament.team_event is not None) != (name == "team-swiss"):
        raise BadRequest("the team-swiss system checks team events (310 records) and the "
                         "other systems individuals")
    rules = rules or _default_rules(name)
    rule_set(rules)  # unknown names fail before any work
    # Double-Swiss (C.04.5): a round is a match, checked on its game-1 column (2k-1)
    double = name == "double-swiss"
    if double and tournament.games_per_round != 2:
        raise BadRequest("the Double-Swiss system pairs two-game matches: the file must say "
                         "192 FIDE_DOUBLESWISS so that its columns are read two by two")
    if not double and tournament.games_per_round == 2:
        raise BadRequest(f"this is a Double-Swiss file (192 FIDE_DOUBLESWISS: two-game matches "
                         f"in two columns each); it cannot be checked with {name}: use "
                         "--system double-swiss")
    paired = (tournament.rounds_paired + 1) // 2 if double else tournament.rounds_paired
    todo = list(range(1, paired + 1)) if rounds is None else sorted(set(rounds))
    for r in todo:
        if not 1 <= r <= paired:
            raise BadRequest(
                f"round {r} cannot be checked: the file has {paired} paired "
                f"{'match(es)' if double else 'round(s)'}"
            )
    report = CheckReport(name)
    if double:
        report.notes.append((
            "Double-Swiss (C.04.5): each round is a two-game match, columns 2k-1 and 2k; the "
            "colours compared are those of game 1",
            "Double-Swiss (C.04.5) : chaque ronde est un match de deux parties, colonnes 2k-1 "
            "et 2k ; les couleurs comparées sont celles de la partie 1",
        ))
    if tournament.team_event is None:
        _note_acceleration(tournament, report)
    if tournament.initial_colour is None and paired and tournament.team_event is None:
        c = tournament.inferred_initial_colour()
        if c is not None:
            report.notes.append((
                f"the file does not give the initial colour (XXC/152); inferred from round 1: "
                f"{'white1' if c is Colour.WHITE else 'black1'}",
                f"le fichier ne donne pas la couleur initiale (XXC/152) ; déduite de la ronde 1 "
                f": {'white1' if c is Colour.WHITE else 'black1'}",
            ))
    if tournament.total_rounds is None and paired:
        report.notes.append((
            f"the file does not give the number of rounds (XXR/142); taken as {paired}, the "
            "rounds it has paired",
            f"le fichier ne donne pas le nombre de rondes (XXR/142) ; pris égal à {paired}, "
            "les rondes appariées",
        ))
    # the file's column of round r (a Double-Swiss match: its game 1); the corrections' rounds
    # and ``paired`` are columns too (``### swisspairing correction``, game columns)
    def column(r: int) -> int:
        return 2 * r - 1 if double else r

    with shared_history(tournament):  # each round's state from the previous one's
        for r in todo:
            if any(c.paired_before(column(r)) for c in tournament.corrections):
                continue
            checked = check_round(tournament, system, column(r), rules)
            checked.round_number = r
            report.rounds.append(checked)
    for r in todo:  # rounds paired before a later correction (C.04.2 4.3)
        corrections = [c for c in tournament.corrections if c.paired_before(column(r))]
        if corrections:
            rep = check_round(as_when_paired(tournament, column(r)), system, column(r), rules)
            rep.round_number = r
            rep.paired_before = corrections
            report.rounds.append(rep)
    report.rounds.sort(key=lambda rep: rep.round_number)
    return report


def as_when_paired(t: Tournament, round_number: int) -> Tournament:
    """The tournament with the results as they were when ``round_number`` was paired: every
    correction made after that (``### swisspairing correction``) undone, the earliest one's
    ``before`` winning when one board was corrected twice.

    C.04.2 4.3: a corrected result counts for the pairings made after the correction; a round
    published before it stands. So such a round is checked against the results it was paired
    from, and the report says that it was paired before the correction (docs/checker.md)."""
    then = _copy_cells(t)
    for c in reversed([c for c in t.corrections if c.paired_before(round_number)]):
        for pid, opp, code in ((c.white, c.black, c.before[0]), (c.black, c.white, c.before[1])):
            p = then.players.get(pid)
            e = p.entry(c.round) if p is not None else None
            if e is not None and e.opponent == opp:
                p.set_entry(c.round, RoundEntry(opp, e.colour, code))  # type: ignore[union-attr]
    return then


def _copy_cells(t: Tournament) -> Tournament:
    from dataclasses import replace

    return replace(t, players={pid: replace(p, results=list(p.results))
                               for pid, p in t.players.items()},
                   corrections=list(t.corrections))
