"""The absolute rules a manual pairing change breaks, as the arbiter reads them (issue 25
item 8): the article of C.04.1 as numbered since 2026 (the checker keeps the older letters,
``C.04.1 b``, in its reports and the command line's output), the players by number and name,
and the boards concerned, to highlight them on the round page.

C.04.1 (2026) Art. 2: two participants meet once; Art. 3: one PAB, only with an odd number;
Art. 4: who may not receive the PAB; Art. 6: colour difference; Art. 7: three times the same
colour; Art. 8: the colour given. A pair the tournament forbids (TRF-2026 record ``260``) has
no article of its own: the engines keep such players apart as if they had met, so it is cited
as C.04.1 Art. 2 with the words "forbidden pair".
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from ... import Violation
from . import models as m

#: the checker's rule ids -> the C.04.1 (2026) article
C04_1_ARTICLES: dict[str, str] = {
    "C.04.1 a": "C.04.1 Art. 1", "C.04.1 b": "C.04.1 Art. 2", "C.04.1 c": "C.04.1 Art. 3",
    "C.04.1 d": "C.04.1 Art. 4", "C.04.1 e": "C.04.1 Art. 5", "C.04.1 f": "C.04.1 Art. 6",
    "C.04.1 g": "C.04.1 Art. 7", "C.04.1 h": "C.04.1 Art. 8",
    "XXP/260": "C.04.1 Art. 2",
}


def citation(rule: str) -> str:
    """The rule as the arbiter reads it: ``C.04.1 b`` -> ``C.04.1 Art. 2``; a forbidden pair
    (``XXP/260``) -> ``C.04.1 Art. 2, forbidden pair``; others (``GHR 3.2``) unchanged."""
    if rule == "XXP/260":
        return _("%(article)s, forbidden pair") % {"article": C04_1_ARTICLES[rule]}
    return C04_1_ARTICLES.get(rule, rule)


@dataclass(frozen=True, slots=True)
class BrokenRule:
    """One violation as shown: its text in the reader's language with the players named,
    the rule cited, and the ids of the rows (games) to highlight."""

    text: str
    rule: str
    game_ids: tuple[int, ...]


def shown(violations: list[Violation], rnd: m.Round, lang: str) -> list[BrokenRule]:
    """``violations`` of ``rnd``'s pairing for the page: each names its players ("3 DUPONT,
    Jean") and lists the games they sit at."""
    if rnd.event.system == "team-swiss":  # the numbers are teams' (C.04.6; issue 27)
        return _shown_teams(violations, rnd, lang)
    games = list(rnd.games.select_related("white", "black"))
    names = {e.tpn: e.name for e in rnd.event.entrants.only("tpn", "name")}
    out = []
    for v in violations:
        text = v.fr if lang == "fr" else v.en
        who = [f"{tpn} {names[tpn]}" for tpn in v.players if tpn in names]
        if who:
            text = f"{text} ({'; '.join(who)})"
        ids = tuple(g.pk for g in games if g.white.tpn in v.players or (
            g.black is not None and g.black.tpn in v.players))
        out.append(BrokenRule(text, citation(v.rule), ids))
    return out


def _shown_teams(violations: list[Violation], rnd: m.Round, lang: str) -> list[BrokenRule]:
    """A team round's violations (C.04.6 [C1] [C2]...): the teams named ("3 Lille") and the
    boards of their matches to highlight."""
    names = {t.tpn: t.name for t in rnd.event.teams.only("tpn", "name")}
    games_of: dict[int, list[int]] = {}
    for match in rnd.team_matches.select_related("white", "black").prefetch_related("games"):
        ids = [g.pk for g in match.games.all()]
        for team in (match.white, match.black):
            if team is not None:
                games_of.setdefault(team.tpn, []).extend(ids)
    out = []
    for v in violations:
        text = v.fr if lang == "fr" else v.en
        who = [f"{tpn} {names[tpn]}" for tpn in v.players if tpn in names]
        if who:
            text = f"{text} ({'; '.join(who)})"
        ids = tuple(dict.fromkeys(i for tpn in v.players for i in games_of.get(tpn, [])))
        out.append(BrokenRule(text, citation(v.rule), ids))
    return out
