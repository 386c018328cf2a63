"""The Burstein rounds: seeding rounds by the Dutch system (1.6), then the PAB (3.1) and the
brackets from the top down (1.9.2, 4.1), colours pair by pair (5.2)."""

from __future__ import annotations

from dataclasses import dataclass

from ...errors import BadRequest, NoValidPairing
from ...model import Board, Pairing, Tournament
from ..dutch import DUTCH_2025, initial_colour
from ..explain import Explanation, fr_number
from .bracket import pair_bracket
from .colours import allocate_colours
from .players import burstein_players, ranking_key
from .round import BursteinRound, id_list

#: 1.6.2: at most four seeding rounds.
MAX_SEEDING_ROUNDS = 4


def seeding_rounds(total_rounds: int) -> int:
    """1.6.2: the number of seeding rounds, min(floor(R / 2), 4) (R=5 -> 2, 6-7 -> 3, >= 8 -> 4)."""
    return min(total_rounds // 2, MAX_SEEDING_ROUNDS)


@dataclass(frozen=True)
class BursteinSystem:
    """The Burstein system (C.04.4.2, 2026)."""

    name: str = "burstein"

    def pair(self, tournament: Tournament, round_number: int | None = None,
             explain: Explanation | None = None) -> Pairing:
        r = tournament.next_round if round_number is None else round_number
        if tournament.total_rounds is None:
            raise BadRequest("the Burstein system needs the number of rounds of the tournament "
                             "(XXR or 142) to know how many seeding rounds there are (1.6.2)")
        seeding = seeding_rounds(tournament.total_rounds)
        if r <= seeding:
            if explain is not None:
                explain.add(f"Round {r} is a seeding round (1 to {seeding} of "
                            f"{tournament.total_rounds}): paired by the Dutch system in force",
                            f"La ronde {r} est une ronde d'initialisation (1 à {seeding} sur "
                            f"{tournament.total_rounds}) : appariée par le système suisse "
                            "hollandais en vigueur", rule="1.6")
            return DUTCH_2025.pair(tournament, r, explain)
        return self._pair_burstein(tournament, r, explain)

    def _pair_burstein(self, t: Tournament, r: int, explain: Explanation | None) -> Pairing:
        players = burstein_players(t, r)
        rnd = BursteinRound(t, r, players, explain)
        initial = initial_colour(t)
        rnd.note(f"Round {r}, Burstein: {len(players)} players; Index = Buchholz, then "
                 "Sonneborn-Berger, from real points (unplayed rounds against oneself)",
                 f"Ronde {r}, Burstein : {len(players)} joueurs ; indice = Buchholz, puis "
                 "Sonneborn-Berger, sur les points réels (rondes non jouées contre soi-même)",
                 rule="1.7")
        for p in sorted(players.values(), key=lambda p: (-p.score, ranking_key(p))):
            rnd.note(f"player {p.id}: score {p.score / 10:g}, {p.index.text()}",
                     f"joueur {p.id} : score {fr_number(p.score / 10)}, {p.index.text()}",
                     level=1, rule="1.7")
        pairing = Pairing(r, unpaired=dict(t.not_paired_in(r)))
        ids = sorted(players)
        if len(ids) % 2:
            pairing.bye = rnd.choose_bye(ids)  # 1.9.2: the PAB first
            ids.remove(pairing.bye)
        elif not rnd.completable(ids):
            raise NoValidPairing(f"round {r}: no pairing satisfies the absolute criteria "
                                 "C1-C3; the chief arbiter decides (1.9.3)")
        pairs = pair_brackets(rnd, ids)
        boards = []
        for a, b in pairs:
            white, black, rule = allocate_colours(players[a], players[b], initial)
            boards.append(Board(white, black))
            rnd.note(f"board {white} - {black}: White {white}, Black {black}",
                     f"échiquier {white} - {black} : Blancs {white}, Noirs {black}",
                     level=1, rule=rule)
        pairing.boards = boards
        return pairing


def pair_brackets(rnd: BursteinRound, ids: list[int]) -> list[tuple[int, int]]:
    """1.9.2: the top scoregroup first, then bracket by bracket downwards; a bracket is the
    scoregroup's residents and the incoming floaters, ranked together by 1.8 (4.1)."""
    ps = rnd.players
    scores = sorted({ps[i].score for i in ids}, reverse=True)
    groups = {s: [i for i in ids if ps[i].score == s] for s in scores}
    incoming: list[int] = []
    pairs: list[tuple[int, int]] = []
    for k, score in enumerate(scores):
        bracket = sorted(incoming + groups[score], key=lambda i: ranking_key(ps[i]))
        following = groups[scores[k + 1]] if k + 1 < len(scores) else []
        below = [i for s in scores[k + 2:] for i in groups[s]]
        # 1.2.1-1.2.2: a bracket = the residents of a scoregroup, possibly incoming floaters
        rnd.note(f"Bracket {score / 10:g} (scoregroup {score / 10:g}"
                 + (" and incoming floaters" if incoming else "") + "): BSN " + ", ".join(
                     f"{n}={pid}" for n, pid in enumerate(bracket, start=1))
                 + (f" (incoming floaters {id_list(incoming)})" if incoming else ""),
                 f"Niveau {fr_number(score / 10)} (groupe de points {fr_number(score / 10)}"
                 + (" et flotteurs entrants" if incoming else "") + ") : numéros " + ", ".join(
                     f"{n}={pid}" for n, pid in enumerate(bracket, start=1))
                 + (f" (flotteurs entrants {id_list(incoming)})" if incoming else ""),
                 rule="4.1")
        result = pair_bracket(rnd, bracket, following, below,
                                  explain_floaters=rnd.explain is not None)
        rnd.note(f"pairs {', '.join(f'{a}-{b}' for a, b in result.pairs) or '-'} "
                 f"(the most pairs possible: {len(result.pairs)})",
                 f"paires {', '.join(f'{a}-{b}' for a, b in result.pairs) or '-'} "
                 f"(le plus de paires possible : {len(result.pairs)})",
                 level=1, rule="C5, 4.3")
        for f in result.floaters:
            rule, en, fr = result.reasons.get(f, ("C5", "", ""))
            rnd.note(f"player {f} floats down: {en}", f"le joueur {f} flotte : {fr}",
                     level=1, rule=rule)
        pairs.extend(result.pairs)
        incoming = result.floaters
    if incoming:  # pragma: no cover - C4 keeps the last bracket complete
        raise NoValidPairing(f"round {rnd.round_number}: players {id_list(incoming)} cannot be "
                             "paired (C4)")
    return pairs


#: The Burstein system, C.04.4.2 applied from 1 February 2026.
BURSTEIN = BursteinSystem()
