"""Violations of the absolute rules of every Swiss system (C.04.1) in the pairing of one round.

What is checked, for the pairing of round ``r`` given rounds ``1..r-1``:

* ``C.04.1 b`` (Art. 2 since 2026): two players who already *played* each other are paired
  again. A forfeited game is not a meeting (C.04.2 D.6 / GHR 3.5), so it may be repeated.
* ``C.04.1 c`` (Art. 3): one player at most is left unpaired with a pairing-allocated bye, and
  only when the number of players to be paired is odd; a player to be paired who is neither on
  a board nor given the bye is missing.
* ``C.04.1 d`` (Art. 4): the bye goes to a player who may not receive it. Who may not differs
  between texts, so it is a parameter (:data:`BYE_RULES`).
* ``C.04.1 f`` (Art. 6): colour difference beyond +-2 after the round; ``C.04.1 g`` (Art. 7): the
  same colour three times in a row. Only played games count and unplayed rounds are moved to
  the start of the history (C.04.2 D.5 / GHR 3.4). Each system may define exceptions
  (:data:`COLOUR_EXCEPTIONS`).
* ``GHR 3.2`` / ``GHR 3.3`` (C.04.2 D.3 / D.4): a withdrawn player, or one known not to play the
  round, is paired.
* ``XXP/260``: a pair the tournament forbids (``XXP`` of JaVaFo, ``260`` of TRF-2026).
* ``pairing``: the pairing itself is malformed (unknown player, a player twice).

Round-robins (C.05 Annex 1) have none of the Swiss rules above: their pairing is the Berger
table's. Their rule sets (``round-robin``, ``double-round-robin``) check instead that no pair
meets more often than the cycles allow, nor twice with the same colours
(:func:`round_robin_violations`); that the round is the table's is the checker's comparison.

Each :class:`Violation` carries its rule id and an English and a French message.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from ..errors import BadRequest
from ..model.results import Colour, ResultKind
from ..model.scoring import PointSystem
from ..model.state import PlayerState, RoundRecord, build_states
from ..model.tournament import Board, Pairing, Tournament

#: Codes of a cell without opponent that mean a pairing-allocated bye (``U``; legacy ``+``).
PAB_CODES = frozenset("U+")


@dataclass(frozen=True, slots=True)
class Violation:
    """One broken absolute rule: rule id (``"C.04.1 b"``), round, players, messages."""

    rule: str
    round_number: int
    players: tuple[int, ...]
    en: str
    fr: str

    def text(self, lang: str = "en") -> str:
        body = self.fr if lang == "fr" else self.en
        return f"[{self.rule}] {body}"


# --- bye eligibility (C.04.1 d / Art. 4) ------------------------------------------------------
#: Decides whether a player may receive the pairing-allocated bye, from the player's state.
ByeRule = Callable[[PlayerState, PointSystem], bool]


def _unplayed(rec: RoundRecord) -> bool:
    return not rec.kind.is_played


def bye_rule_2026(state: PlayerState, points: PointSystem) -> bool:
    """C.04.1 Art. 4 (2026): no PAB for a player who already had one, or who already scored in
    one round, without playing, as many points as a win (forfeit win, full-point bye, ...).
    A half-point bye does not bar the PAB."""
    if state.had_pairing_bye:
        return False
    return not any(_unplayed(r) and r.points >= points.win for r in state.rounds)


def bye_rule_2017(state: PlayerState, points: PointSystem) -> bool:
    """C.04.1 d (texts before 2026): no PAB for a player who already had one, or who already
    scored a (forfeit) win because the opponent did not appear."""
    if state.had_pairing_bye:
        return False
    return not any(r.kind is ResultKind.FORFEIT_WIN for r in state.rounds)


def bye_rule_no_unplayed_point(state: PlayerState, points: PointSystem) -> bool:
    """Dubov 1997 art. 2.2: no bye for a player who already scored any point without playing."""
    if state.had_pairing_bye:
        return False
    return not any(_unplayed(r) and r.points > 0 for r in state.rounds)


BYE_RULES: dict[str, ByeRule] = {
    "2026": bye_rule_2026,
    "2017": bye_rule_2017,
    "no-unplayed-point": bye_rule_no_unplayed_point,
}

# --- colour limit exceptions (C.04.1 f, g / Arts. 6-7) ----------------------------------------
#: Decides whether a board of round ``r`` may break the colour limits (C.04.1 f/g exceptions).
ColourException = Callable[[Tournament, int, Board, dict[int, PlayerState]], bool]


def no_colour_exception(t: Tournament, r: int, board: Board, states: dict[int, PlayerState]
                        ) -> bool:
    """Dubov, Burstein, Dubov 1997: the limits hold for everybody, even in the last round."""
    return False


def is_last_round(t: Tournament, r: int) -> bool:
    return t.total_rounds is not None and r >= t.total_rounds


def topscorers_in_last_round(t: Tournament, r: int, board: Board,
                             states: dict[int, PlayerState]) -> bool:
    """Dutch (2012 A10 / 2017 A.7, C.3 / 2025 1.8, [C3]) and the FFE Elo-based system: when the
    final round is paired, a pair with a topscorer (score over 50 % of the maximum possible) may
    break the limits; the topscorer's opponent too ([C10]/[C11])."""
    if not is_last_round(t, r):
        return False
    maximum = (r - 1) * t.point_system.win
    return any(states[p].score > maximum / 2 for p in (board.white, board.black))


def anybody_in_last_round(t: Tournament, r: int, board: Board,
                          states: dict[int, PlayerState]) -> bool:
    """Lim art. 6 (old 13) and the pre-2026 C.04.1 f/g wording: exceptions in the last round."""
    return is_last_round(t, r)


COLOUR_EXCEPTIONS: dict[str, ColourException] = {
    "none": no_colour_exception,
    "topscorers-last-round": topscorers_in_last_round,
    "last-round": anybody_in_last_round,
}


@dataclass(frozen=True, slots=True)
class RuleSet:
    """The absolute rules of one system: who may get the bye, which colour exceptions apply."""

    name: str
    bye_rule: str = "2026"
    colour_exception: str = "none"
    #: a round-robin of that many cycles (C.05 Annex 1): not the Swiss rules, see
    #: :func:`round_robin_violations`; 0 for the Swiss systems
    round_robin_cycles: int = 0


#: Rule sets by name: ``fide`` (C.04.1 2026, no exception), ``fide-2017`` (letters a-i), and
#: one per pairing system.
RULE_SETS: dict[str, RuleSet] = {
    "fide": RuleSet("fide", "2026", "none"),
    "fide-2017": RuleSet("fide-2017", "2017", "none"),
    "dutch-2025": RuleSet("dutch-2025", "2026", "topscorers-last-round"),
    "dutch-2017": RuleSet("dutch-2017", "2017", "topscorers-last-round"),
    "dutch-2012": RuleSet("dutch-2012", "2017", "topscorers-last-round"),
    "dubov": RuleSet("dubov", "2026", "none"),
    "dubov-1997": RuleSet("dubov-1997", "no-unplayed-point", "none"),
    "burstein": RuleSet("burstein", "2026", "none"),
    "lim": RuleSet("lim", "2026", "last-round"),
    # FFE text: B1.b bars a bye after any point scored without playing; its last-round note
    # (B5/B6) is about floats, there is no colour exception
    "elo-swiss": RuleSet("elo-swiss", "2026", "none"),
    "round-robin": RuleSet("round-robin", round_robin_cycles=1),
    "double-round-robin": RuleSet("double-round-robin", round_robin_cycles=2),
    # C.04.5: [C2]'s own list and no colour limit, checked by double_swiss_violations
    "double-swiss": RuleSet("double-swiss", "2026", "none"),
}


def rule_set(rules: str | RuleSet) -> RuleSet:
    """The :class:`RuleSet` called ``rules`` (a system name or alias, ``fide``, ``fide-2017``)."""
    if isinstance(rules, RuleSet):
        return rules
    name = rules.lower()
    if name == "dutch":
        name = "dutch-2025"
    try:
        return RULE_SETS[name]
    except KeyError:
        raise BadRequest(
            f"unknown rule set {rules!r}; known: {', '.join(RULE_SETS)}"
        ) from None


def _colours_after(state: PlayerState, colour: Colour) -> tuple[Colour, ...]:
    return (*state.colours, colour)


def _colour_problems(colours: tuple[Colour, ...]) -> tuple[int, bool]:
    """(colour difference, three same colours in a row at the end) of a played-colour history."""
    cd = sum(1 if c is Colour.WHITE else -1 for c in colours)
    three = len(colours) >= 3 and colours[-1] is colours[-2] is colours[-3]
    return cd, three


_COLOUR_FR = {Colour.WHITE: "les Blancs", Colour.BLACK: "les Noirs"}
_COLOUR_EN = {Colour.WHITE: "White", Colour.BLACK: "Black"}


def absolute_violations(
    tournament: Tournament,
    pairing: Pairing,
    rules: str | RuleSet = "fide",
    *,
    bye_rule: ByeRule | None = None,
    colour_exception: ColourException | None = None,
) -> list[Violation]:
    """Every violation of an absolute rule in ``pairing`` (see the module docstring).

    ``tournament`` holds at least the rounds before ``pairing.round_number``; later rounds are
    ignored, except for the round's own cells without opponent (requested byes, absences) which
    say who was not to be paired. ``bye_rule`` and ``colour_exception`` override the ones of
    ``rules``.
    """
    rs = rule_set(rules)
    if rs.round_robin_cycles:
        return round_robin_violations(tournament, pairing, rs.round_robin_cycles)
    may_get_bye = bye_rule or BYE_RULES[rs.bye_rule]
    exempt = colour_exception or COLOUR_EXCEPTIONS[rs.colour_exception]
    r = pairing.round_number
    t = tournament
    states = build_states(t, r)
    out: list[Violation] = []

    def add(rule: str, players: tuple[int, ...], en: str, fr: str) -> None:
        out.append(Violation(rule, r, players, en, fr))

    byes = ([pairing.bye] if pairing.bye is not None else []) + sorted(
        p for p, code in pairing.unpaired.items() if code.upper() in PAB_CODES
    )
    # --- the pairing itself: unknown players, players twice -----------------------------------
    seen: Counter[int] = Counter()
    for b in pairing.boards:
        seen[b.white] += 1
        seen[b.black] += 1
        if b.white == b.black:
            add("pairing", (b.white,), f"player {b.white} is paired with itself",
                f"le joueur {b.white} est apparié avec lui-même")
    for p in byes:
        seen[p] += 1
    for p in sorted(seen):
        if p not in t.players:
            add("pairing", (p,), f"player {p} does not exist",
                f"le joueur {p} n'existe pas")
        elif seen[p] > 1:
            add("pairing", (p,), f"player {p} is paired {seen[p]} times",
                f"le joueur {p} est apparié {seen[p]} fois")
    # --- who had to be paired (GHR 3.2 / 3.3; C.04.1 c) ---------------------------------------
    absent = {p: c for p, c in t.not_paired_in(r).items() if c.upper() not in PAB_CODES}
    # a blank cell in a round the file has already paired is an absence too (trf.md 4.1)
    paired = t.rounds_paired
    left_out: set[int] = set()
    for p, c in pairing.unpaired.items():
        if c.upper() in PAB_CODES or p in absent or p not in t.players:
            continue
        if r <= paired and t.players[p].entry(r) is None:
            absent[p] = c
        else:
            left_out.add(p)
            add("C.04.1 c", (p,),
                f"player {p} is left unpaired (code {c}) without a requested bye or a known "
                "absence",
                f"le joueur {p} n'est pas apparié (code {c}) sans bye demandé ni absence connue")
    for p in sorted(seen):
        if p in absent:
            if p in t.withdrawn and r >= t.withdrawn[p]:
                add("GHR 3.2", (p,),
                    f"player {p} has withdrawn (from round {t.withdrawn[p]}) but is paired",
                    f"le joueur {p} s'est retiré (à partir de la ronde {t.withdrawn[p]}) "
                    "mais il est apparié")
            else:
                add("GHR 3.3", (p,),
                    f"player {p} is not to be paired in round {r} (code {absent[p]}) but is "
                    "paired",
                    f"le joueur {p} ne doit pas être apparié à la ronde {r} (code {absent[p]}) "
                    "mais il l'est")
    to_pair = [p for p in t.players if p not in absent]
    missing = sorted(p for p in to_pair if p not in seen and p not in left_out)
    for p in missing:
        add("C.04.1 c", (p,),
            f"player {p} is to be paired but is neither on a board nor given the "
            "pairing-allocated bye",
            f"le joueur {p} doit être apparié mais n'est ni sur un échiquier ni exempt")
    if len(byes) > 1:
        add("C.04.1 c", tuple(byes),
            f"{len(byes)} pairing-allocated byes in one round "
            f"(players {', '.join(map(str, byes))}): at most one is allowed",
            f"{len(byes)} exemptions dans la même ronde "
            f"(joueurs {', '.join(map(str, byes))}) : une seule est permise")
    elif byes and len(to_pair) % 2 == 0:
        add("C.04.1 c", tuple(byes),
            f"player {byes[0]} gets the pairing-allocated bye although the number of players "
            f"to be paired ({len(to_pair)}) is even",
            f"le joueur {byes[0]} est exempt alors que le nombre de joueurs à apparier "
            f"({len(to_pair)}) est pair")
    # --- the bye (C.04.1 d) ------------------------------------------------------------------
    for p in byes:
        if p in states and not may_get_bye(states[p], t.point_system):
            earlier = [rec.round_number for rec in states[p].rounds
                       if rec.kind is ResultKind.PAIRING_BYE]
            if earlier:
                en_why = f"already had the pairing-allocated bye in round {earlier[0]}"
                fr_why = f"a déjà été exempt à la ronde {earlier[0]}"
            else:
                won = [rec.round_number for rec in states[p].rounds
                       if not rec.kind.is_played and rec.points > 0]
                en_why = f"already scored points without playing in round {won[0]}"
                fr_why = f"a déjà marqué des points sans jouer à la ronde {won[0]}"
            add("C.04.1 d", (p,),
                f"player {p} gets the pairing-allocated bye but {en_why}",
                f"le joueur {p} est exempt alors qu'il {fr_why}")
    # --- boards: repeats, forbidden pairs, colours --------------------------------------------
    for b in pairing.boards:
        if b.white not in states or b.black not in states or b.white == b.black:
            continue
        w, k = states[b.white], states[b.black]
        if b.black in w.opponents:
            add("C.04.1 b", (b.white, b.black),
                f"players {b.white} and {b.black} have already played each other",
                f"les joueurs {b.white} et {b.black} se sont déjà rencontrés")
        if t.is_forbidden(b.white, b.black, r):
            add("XXP/260", (b.white, b.black),
                f"players {b.white} and {b.black} may not be paired (forbidden pair)",
                f"les joueurs {b.white} et {b.black} ne doivent pas se rencontrer "
                "(appariement interdit)")
        if exempt(t, r, b, states):
            continue
        for st, colour in ((w, Colour.WHITE), (k, Colour.BLACK)):
            cd, three = _colour_problems(_colours_after(st, colour))
            if abs(cd) > 2:
                add("C.04.1 f", (st.id,),
                    f"player {st.id} gets {_COLOUR_EN[colour]} and a colour difference of "
                    f"{cd:+d} (at most 2 either way)",
                    f"le joueur {st.id} reçoit {_COLOUR_FR[colour]} et une différence de "
                    f"couleurs de {cd:+d} (au plus 2 dans un sens ou dans l'autre)")
            if three:
                add("C.04.1 g", (st.id,),
                    f"player {st.id} gets {_COLOUR_EN[colour]} for the third time in a row",
                    f"le joueur {st.id} reçoit {_COLOUR_FR[colour]} pour la troisième fois "
                    "de suite")
    return out


def round_robin_violations(tournament: Tournament, pairing: Pairing, cycles: int
                           ) -> list[Violation]:
    """The absolute rules of a round-robin of ``cycles`` cycles (C.05 Annex 1): every player
    once in the round, no pair meeting more than ``cycles`` times, and in a double round-robin
    not twice with the same colours. Forfeits count as meetings (C.07 15.2: the pairing is
    fixed in advance)."""
    r = pairing.round_number
    out: list[Violation] = []
    seen: Counter[int] = Counter(p for b in pairing.boards for p in (b.white, b.black))
    for pid, times in sorted(seen.items()):
        if pid not in tournament.players:
            out.append(Violation("pairing", r, (pid,), f"player {pid} does not exist",
                                 f"le joueur {pid} n'existe pas"))
        elif times > 1:
            out.append(Violation("pairing", r, (pid,), f"player {pid} is paired {times} times",
                                 f"le joueur {pid} est apparié {times} fois"))
    for b in pairing.boards:
        earlier = [e for rnd in range(1, r)
                   if (e := tournament.players[b.white].entry(rnd)) is not None
                   and e.opponent == b.black] if b.white in tournament.players else []
        if len(earlier) >= cycles:
            out.append(Violation(
                "C.05 Annex 1", r, (b.white, b.black),
                f"players {b.white} and {b.black} already met {len(earlier)} time(s): each "
                f"pair meets {cycles} time(s) in this round-robin",
                f"les joueurs {b.white} et {b.black} se sont déjà rencontrés {len(earlier)} "
                f"fois : chaque paire se rencontre {cycles} fois dans ce tournoi toutes rondes"))
        elif any(e.colour == Colour.WHITE for e in earlier):
            out.append(Violation(
                "C.05 Annex 1", r, (b.white, b.black),
                f"players {b.white} and {b.black} already met with the same colours (the "
                "second cycle reverses them)",
                f"les joueurs {b.white} et {b.black} se sont déjà rencontrés avec les mêmes "
                "couleurs (le second cycle les inverse)"))
    return out


def double_swiss_violations(tournament: Tournament, pairing: Pairing) -> list[Violation]:
    """The absolute rules of the Double-Swiss system (C.04.5) in the pairing of one match
    (``pairing.round_number`` = the match's game-1 column):

    * [C1] (2.1.1) two players meet once: the game-level opponents of
      :func:`absolute_violations` are exactly the match meetings (a match forfeited by a player
      who forfeited both games has no played game; a single forfeited game leaves the other
      game played, a meeting, Preface);
    * [C2] (2.1.2): no PAB after a PAB, a match won by forfeit or a full-point bye
      (:mod:`swisspairing.model.matches`); a half-point bye does not bar it;
    * the pairing itself, who is to be paired, one bye only when the number is odd, forbidden
      pairs: as :func:`absolute_violations`.

    Basic Rules 6-7 (colour difference, three in a row) are not checked: C.04.5 allocates only
    game-1 colours with no absolute colour rule, and at game level every played match gives one
    White and one Black (``docs/double-swiss.md`` reading 22).
    """
    from ..model.matches import MatchStatus, match_number, player_matches

    t = tournament
    number = match_number(pairing.round_number)
    barring = (MatchStatus.PAIRING_BYE, MatchStatus.FORFEIT_WIN, MatchStatus.FULL_POINT_BYE)
    # the barring match of each player: bye eligibility needs the opponents' cells
    barred: dict[int, tuple[int, MatchStatus]] = {}
    for pid in t.players:
        for m in player_matches(t, pid, number - 1):
            if m.status in barring:
                barred[pid] = (m.number, m.status)
                break
    out = absolute_violations(t, pairing, "fide", bye_rule=lambda state, points: True,
                              colour_exception=lambda *args: True)
    byes = ([pairing.bye] if pairing.bye is not None else []) + sorted(
        p for p, code in pairing.unpaired.items() if code.upper() in PAB_CODES)
    what = {MatchStatus.PAIRING_BYE: ("had the pairing-allocated bye", "a été exempt"),
            MatchStatus.FORFEIT_WIN: ("won a match by forfeit", "a gagné un match par forfait"),
            MatchStatus.FULL_POINT_BYE: ("had a full-point bye", "a eu un bye à 1 point")}
    for p in byes:
        if p in barred:
            k, status = barred[p]
            en, fr = what[status]
            out.append(Violation(
                "C.04.5 [C2]", pairing.round_number, (p,),
                f"player {p} gets the pairing-allocated bye but already {en} (match {k})",
                f"le joueur {p} est exempt alors qu'il {fr} (match {k})"))
    return out
