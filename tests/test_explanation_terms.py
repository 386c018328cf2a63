"""Issue 25 item 8: the explanation calls score groups and brackets what each system's text
calls them (Dutch 2016/2025: "homogeneous / heterogeneous bracket", "resident players",
"scoregroup", "MDPs", "Limbo"; French text of 2016: "niveau homogène / hétérogène", "groupe de
points", "joueurs résidents"; Dutch 2012 and the FFE's Elo-based Swiss: "niveau de points";
Dubov: "scoregroup" / "groupe de points"; Lim: "scoregroup", "median scoregroup")."""

from __future__ import annotations

from dutch_helpers import make
from swisspairing.systems import get_system
from swisspairing.systems.explain import Explanation

#: round 1 of six players, by the rules (Dutch 1.2/A.2: S1 = 1 2 3, S2 = 4 5 6; colours from
#: the initial colour, alternating down the boards): 1-4 (1-0), 5-2 (0-1), 3-6 (½-½). Before
#: round 2: scoregroup 1 = {1, 2}, 0.5 = {3, 6} (they have met: both float down), 0 = {4, 5}.
ROUND_1 = [[(1, 4, "1"), (5, 2, "0"), (3, 6, "=")]]


def _explain(system: str, lang: str) -> str:
    explanation = Explanation()
    get_system(system).pair(make(6, ROUND_1), 2, explanation)
    return explanation.render(lang)


def test_dutch_2025_names_homogeneous_and_heterogeneous_brackets() -> None:
    en, fr = _explain("dutch-2025", "en"), _explain("dutch-2025", "fr")
    assert "Homogeneous bracket 1 (the resident players of scoregroup 1): 1, 2 [1.3]" in en
    assert ("Heterogeneous bracket 0 (the resident players of scoregroup 0 and the MDPs): "
            "3*, 6*, 4, 5 (* = MDP, moved-down player) [1.3]") in en
    assert "Niveau homogène 1 (les joueurs résidents du groupe de points 1) : 1, 2" in fr
    assert ("Niveau hétérogène 0 (les joueurs résidents du groupe de points 0 et les MDP) : "
            "3*, 6*, 4, 5 (* = MDP, joueur flotteur descendant)") in fr
    assert "Bracket 1:" not in en and "Niveau 1 :" not in fr


def test_dutch_2012_says_score_bracket_and_niveau_de_points() -> None:
    en, fr = _explain("dutch-2012", "en"), _explain("dutch-2012", "fr")
    assert "Homogeneous score bracket 1: 1, 2 [A3]" in en
    assert "Heterogeneous score bracket 0: 3*, 6*, 4, 5 (* = moved down) [A3]" in en
    assert "Niveau de points homogène 1 : 1, 2" in fr


def test_an_mdp_that_floats_again_comes_from_the_limbo() -> None:
    """Dutch 2025, round 3 of four players after 1-3 (1-0), 2-4 (1-0), then 1-2 (1-0), 3-4
    (1-0): 1 has 2 points and has met 2 and 3, who have 1; 4 has 0. 1 is alone in scoregroup
    2 and moves down; in bracket 1 it can meet neither 2 nor 3, so M1 = 0: it is in the Limbo
    (2025 3.2.4, 3.3.4) and floats down again, to meet 4; 2-3 is the remainder's pair."""
    rounds = [[(1, 3, "1"), (2, 4, "1")], [(1, 2, "1"), (3, 4, "1")]]
    t = make(4, rounds, total=5)
    explanation = Explanation()
    get_system("dutch-2025").pair(t, 3, explanation)
    en = explanation.render("en")
    # before round 3: 1 has 2, 2 and 3 have 1, 4 has 0; 1 has met 2 and 3, so 1 can only meet
    # 4: 1 floats down through bracket 1 (an MDP there, unpaired: the Limbo) to bracket 0
    assert "1 (2) floats down again, from the Limbo (an MDP not paired in this bracket)" in en
    fr = explanation.render("fr")
    assert "flotte de nouveau vers le niveau suivant, depuis la Limbe" in fr


def test_dubov_lim_and_elo_swiss_use_their_texts_words() -> None:
    assert "Scoregroup 1: players" in _explain("dubov", "en")
    assert "Groupe de points 1 : joueurs" in _explain("dubov", "fr")
    lim_en, lim_fr = _explain("lim", "en"), _explain("lim", "fr")
    assert "Scoregroup 1 (" in lim_en and "median scoregroup" in lim_en
    assert "Niveau de points 1 (" in lim_fr
    elo_en, elo_fr = _explain("elo-swiss", "en"), _explain("elo-swiss", "fr")
    assert "score bracket 1: homogeneous" in elo_en
    assert "niveau de points 1 : homogène" in elo_fr


def test_burstein_names_the_scoregroup_and_the_incoming_floaters() -> None:
    """Burstein 1.2.1-1.2.2: a bracket is a scoregroup's residents plus, possibly, the
    incoming floaters (round 5 of the shared case t9001, after the seeding rounds)."""
    from pathlib import Path

    from swisspairing.formats.trf import read_trf

    case = Path(__file__).resolve().parents[2] / "shared" / "cases" / "burstein" / "t9001-r05.trf"
    explanation = Explanation()
    get_system("burstein").pair(read_trf(case), 5, explanation)
    en, fr = explanation.render("en"), explanation.render("fr")
    assert "Bracket 3 (scoregroup 3): BSN" in en
    assert "(scoregroup 2.5 and incoming floaters): BSN" in en
    assert "Niveau 2,5 (groupe de points 2,5 et flotteurs entrants) : numéros" in fr


def test_french_points_take_the_singular_below_two() -> None:
    from swisspairing.systems.explain import fr_points

    assert [fr_points(v) for v in (0, 1, 1.5, 2, 3.5)] == [
        "0 point", "1 point", "1,5 point", "2 points", "3,5 points"]
