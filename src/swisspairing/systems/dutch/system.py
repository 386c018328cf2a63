"""The Dutch system: the players of a round, the brackets from the top down (A.9), colours, and
one engine per edition."""

from __future__ import annotations

from ...errors import NoValidPairing
from ...model import Board, Colour, Pairing, Tournament
from ...model.state import build_states
from ..explain import Explanation, fr_points
from .colours import allocate_colours, e5_pairing_numbers, initial_colour
from .editions import RULES_2012, RULES_2017, RULES_2025, DutchRules
from .explain import _note_bracket, _note_result
from .generation import BracketResult
from .players import PairingPlayer, _tenths
from .round import PairingRound


class DutchSystem:
    """A Dutch-system pairing engine for one edition of the rules."""

    def __init__(self, rules: DutchRules):
        self.rules = rules
        self.name = rules.name

    def players(self, t: Tournament, round_number: int) -> tuple[list[PairingPlayer], Colour]:
        states = build_states(t, round_number)
        absent = t.not_paired_in(round_number)
        total = t.total_rounds
        last_round = total is not None and round_number == total
        ps = t.point_system
        max_score = ps.win * (round_number - 1)
        out = []
        for pid, st in states.items():
            if pid in absent:
                continue
            pref = st.preference
            out.append(
                PairingPlayer(
                    id=pid,
                    score=_tenths(st.pairing_score),
                    colours=st.colours,
                    opponents=st.opponents,
                    pref=pref.colour,
                    strength=pref.strength.value,
                    cd=st.colour_difference,
                    float1=st.float_in(round_number - 1, self.rules.unplayed_float),
                    float2=st.float_in(round_number - 2, self.rules.unplayed_float),
                    bye_ok=self.rules.bye_eligible(st, ps),
                    topscorer=last_round and st.score > max_score / 2,
                    unplayed=st.unplayed_rounds,
                    scored_unplayed=sum(1 for r in st.rounds if not r.is_played and r.points > 0),
                )
            )
        out.sort(key=lambda p: (-p.score, p.id))
        for i, p in enumerate(out):
            p.rank = i
        e5_pairing_numbers(t, round_number, out, self.rules.edition)
        return out, initial_colour(t)

    def pair(self, tournament: Tournament, round_number: int | None = None,
             explain: Explanation | None = None) -> Pairing:
        r = tournament.next_round if round_number is None else round_number
        players, initial = self.players(tournament, r)
        last_round = tournament.total_rounds is not None and r == tournament.total_rounds
        rnd = PairingRound(self.rules, players, last_round,
                     (lambda a, b: tournament.is_forbidden(a, b, r))
                     if tournament.forbidden_pairs else None, explain, r, initial)
        warnings: list[str] = []
        if self.rules.edition == 2012:
            relaxed = relax_bye_2012(rnd, players, explain)
            if relaxed is not None:
                warnings.append(relaxed)
        pairs, bye = self._pair_brackets(rnd, players, explain)
        boards = []
        for a, b in pairs:
            white, black, rule = allocate_colours(a, b, initial)
            boards.append(Board(white.id, black.id))
            if self.rules.edition >= 2025:
                rule = "5.2." + rule[-1]  # 2025 art. 5.2.1-5.2.5 = 2017 E.1-E.5
            elif self.rules.edition == 2012:
                rule = rule.replace(".", "")  # 2012 E1-E5
            if explain is not None:
                explain.add(f"board {white.id} - {black.id}: White {white.id}, Black {black.id}",
                            f"échiquier {white.id} - {black.id} : Blancs {white.id}, "
                            f"Noirs {black.id}", level=1, rule=rule)
        rank = {p.id: p.rank for p in players}
        boards.sort(key=lambda b: min(rank[b.white], rank[b.black]))
        return Pairing(r, boards, bye, dict(tournament.not_paired_in(r)), warnings=warnings)

    def _restrict_bye_to_lowest_score(self, rnd: PairingRound, players: list[PairingPlayer],
                                      explain: Explanation | None) -> None:
        """[C5] (2025): the PAB goes to the lowest score with which the round can still be
        completed; only eligible players with that score may receive it."""
        if len(players) % 2 == 0:
            for p in players:
                p.bye_ok = False
            return
        saved = {p.id: p.bye_ok for p in players}
        for score in sorted({p.score for p in players if p.bye_ok}):
            for p in players:
                p.bye_ok = saved[p.id] and p.score == score
            if rnd.can_complete(players):
                if explain is not None:
                    explain.add(
                        f"the pairing-allocated bye goes to a player with {score / 10:g} points",
                        f"l'exemption va à un joueur ayant {fr_points(score / 10)}",
                        rule="C5")
                return
        for p in players:
            p.bye_ok = saved[p.id]

    def _pair_brackets(self, rnd: PairingRound, players: list[PairingPlayer],
                       explain: Explanation | None
                       ) -> tuple[list[tuple[PairingPlayer, PairingPlayer]], int | None]:
        if not rnd.can_complete(players):
            if len(players) % 2 and not any(p.bye_ok for p in players):
                raise NoValidPairing(
                    f"{len(players)} players to pair and none of them may receive the "
                    "pairing-allocated bye (C.2: each already had one or scored without "
                    "playing); the arbiter decides (A.9)"
                )
            raise NoValidPairing(
                "no pairing of this round satisfies the absolute criteria C.1-C.3 "
                "(the arbiter decides: A.9)"
            )
        if not self.rules.collapsed_last_bracket:
            self._restrict_bye_to_lowest_score(rnd, players, explain)
        groups: list[list[PairingPlayer]] = []
        for p in players:
            if groups and groups[-1][0].score == p.score:
                groups[-1].append(p)
            else:
                groups.append([p])
        pairs: list[tuple[PairingPlayer, PairingPlayer]] = []
        mdps: list[PairingPlayer] = []
        i = 0
        while i < len(groups):
            bracket = sorted(mdps + groups[i], key=lambda p: p.rank)
            lower = [p for g in groups[i + 1 :] for p in g]
            mdp_ids = {p.id for p in mdps}
            _note_bracket(explain, bracket, mdp_ids, edition=self.rules.edition)
            if not lower:
                res = rnd.solve(bracket, mdp_ids, None, [])
                pairs += res.pairs
                _note_result(explain, rnd, res, bracket, mdp_ids, last=True)
                return pairs, _bye_of(res)
            bye_here = (not self.rules.collapsed_last_bracket
                        and any(p.bye_ok for p in bracket)
                        and not any(p.bye_ok for p in lower))
            # 2025: when the PAB must come from this bracket, pair it with [C4] (and [C9])
            beyond = lower[len(groups[i + 1]):]
            if self.rules.collapsed_last_bracket and rnd.floats_too_few(bracket, mdp_ids,
                                                                        lower):
                # 2012/2017 A.9: whatever this bracket's pairing, its downfloaters are too few
                # for the lower players to be paired, so it is the PPB (docs/dutch.md 8.8):
                # the pairing without C.4, which the A.9 test would reject, is not made
                more, bye = _pair_ppb(rnd, bracket, mdp_ids, lower, explain)
                return pairs + more, bye
            res = rnd.solve(bracket, mdp_ids, groups[i + 1], lower if bye_here else None,
                            None if self.rules.collapsed_last_bracket else beyond)
            if not self.rules.collapsed_last_bracket:
                # [C4] for this bracket, and within [C8] for the following one: the look-ahead
                # pairing of the following bracket must leave a complete pairing possible
                if not rnd.can_complete(res.next_unpaired + beyond):
                    # [C4]: the downfloaters must leave a complete pairing possible
                    if explain is not None:
                        explain.add(
                            "the best pairing of this bracket would not let the round be "
                            "completed: the downfloaters are chosen to complete it",
                            "le meilleur appariement de ce niveau empêcherait d'achever la "
                            "ronde : les flotteurs sont choisis pour l'achever",
                            level=1, rule="C4")
                    res = rnd.solve(bracket, mdp_ids, groups[i + 1], lower)
                pairs += res.pairs
                _note_result(explain, rnd, res, bracket, mdp_ids, last=False)
                mdps = res.floaters
                i += 1
                continue
            if not rnd.can_complete(res.floaters + lower):
                more, bye = _pair_ppb(rnd, bracket, mdp_ids, lower, explain)
                return pairs + more, bye
            pairs += res.pairs
            _note_result(explain, rnd, res, bracket, mdp_ids, last=False)
            mdps = res.floaters
            i += 1
        return pairs, None


def relax_bye_2012(rnd: PairingRound, players: list[PairingPlayer], explain: Explanation | None
                    ) -> str | None:
    """2012: the number of players is odd and B1.b leaves nobody who can be exempt.

    C.04.1 c / A5 require that one player is not paired: with an odd number the round has
    no pairing at all otherwise, so this is not a criterion the C-rules may relax. B1.b
    (= C.04.1 d) forbids the bye to everyone who already scored without playing. When that
    leaves nobody (everyone has, or the few who have not cannot be left out: the others
    could not all be paired, B1.a), B1.b cannot be met and is the rule relaxed, for the
    fewest players and by the least amount: the bye may also go to the players who scored
    without playing at most ``k`` times, for the smallest ``k`` that lets the round be
    completed (a second such round rather than a third). The round is then paired as usual:
    the bye stays a downfloat (B1.b), so B5/B6, and in the lowest bracket the D4 B3 factor,
    choose among the eligible players. Returns the warning for the arbiter, or None when
    nothing is relaxed (also when no relaxation of B1.b would let the round be paired).
    """
    if len(players) % 2 == 0 or rnd.can_complete(players):
        return None
    allowed = {p.id: p.bye_ok for p in players}
    for k in sorted({p.scored_unplayed for p in players if not p.bye_ok}):
        for p in players:
            p.bye_ok = allowed[p.id] or p.scored_unplayed <= k
        if rnd.can_complete(players):
            break
    else:
        for p in players:
            p.bye_ok = allowed[p.id]
        return None
    who = ", ".join(str(p.id) for p in sorted(players, key=lambda p: p.id)
                    if p.bye_ok and not allowed[p.id])
    reason_en = ("every one of the players already scored without playing"
                 if not any(allowed.values()) else
                 "the players who never scored without playing cannot be left out")
    reason_fr = ("chacun des joueurs a déjà marqué sans jouer"
                 if not any(allowed.values()) else
                 "les joueurs qui n'ont jamais marqué sans jouer ne peuvent pas être exemptés")
    en = (f"B1.b relaxed: {reason_en}, so nobody may receive the bye; it may also go to a "
          f"player who scored without playing at most {k} time(s): {who}")
    fr = (f"B1.b assoupli : {reason_fr}, personne ne peut donc être exempt ; l'exemption peut "
          f"aussi aller à un joueur qui a marqué sans jouer au plus {k} fois : {who}")
    if explain is not None:
        explain.add(en, fr, rule="B1.b")
    return en


def _pair_ppb(rnd: PairingRound, bracket: list[PairingPlayer], mdp_ids: set[int],
              lower: list[PairingPlayer], explain: Explanation | None
              ) -> tuple[list[tuple[PairingPlayer, PairingPlayer]], int | None]:
    """2012/2017 A.9: ``bracket`` is the PPB, paired again under C.4; its downfloaters and
    every lower player form the collapsed last bracket (CLB), whose pairing completes the
    round. Returns the pairs of both and the PAB receiver."""
    if explain is not None:
        explain.add(
            "the downfloaters would not allow the round to be completed: this "
            "bracket is the penultimate pairing bracket (PPB)",
            "les flotteurs ne permettraient pas d'achever la ronde : ce niveau est "
            "l'avant-dernier niveau (PPB)",
            level=1, rule="A.9, C.4")
    res = rnd.solve(bracket, mdp_ids, None, lower)
    _note_result(explain, rnd, res, bracket, mdp_ids, last=False)
    clb = sorted(res.floaters + lower, key=lambda p: p.rank)
    clb_mdps = {p.id for p in res.floaters}
    _note_bracket(explain, clb, clb_mdps, collapsed=True)
    res2 = rnd.solve(clb, clb_mdps, None, [])
    _note_result(explain, rnd, res2, clb, clb_mdps, last=True)
    return res.pairs + res2.pairs, _bye_of(res2)


def _bye_of(res: BracketResult) -> int | None:
    if len(res.floaters) > 1:
        raise NoValidPairing("the last bracket could not be completed")
    return res.floaters[0].id if res.floaters else None


DUTCH_2012 = DutchSystem(RULES_2012)
DUTCH_2017 = DutchSystem(RULES_2017)
DUTCH_2025 = DutchSystem(RULES_2025)
