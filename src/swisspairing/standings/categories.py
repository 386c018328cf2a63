"""Prize categories of a standings list: women, age categories from the birth date, rating
bands, a club, a federation. The arbiter chooses them; a prize list is the standings restricted
to one category, with the rank inside the category and the overall rank.

Keys (as the web page and its links write them):

* ``women``: players whose sex is ``w`` (TRF 001 column 10, ``f`` read as ``w``);
* ``u8`` ... ``u20`` (under 8 ... under 20) and ``s50``, ``s65`` (50 and over, 65 and over):
  the age on 1 January of the event's year, as FIDE's youth and senior events count it
  (FIDE Handbook, World Youth / World Seniors regulations: "players under 18 on 1 January of
  the year of the championship"). A birth year alone counts as a birthday after 1 January;
  a player without a birth date is in no age category;
* ``rating:MIN-MAX``, ``rating:-MAX``, ``rating:MIN-`` (bounds included; an unrated player
  counts as rating 0);
* ``club:NAME``, ``fed:CODE``.

No Django here: the web app and the command line pass :class:`Member` facts.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import BadRequest
from .ranking import Standings
from .views import Table

#: the fixed categories, in the order the page offers them
AGE_LIMITS = (8, 10, 12, 14, 16, 18, 20)
SENIOR_LIMITS = (50, 65)
FIXED = ("women", *(f"u{n}" for n in AGE_LIMITS), *(f"s{n}" for n in SENIOR_LIMITS))


@dataclass(frozen=True, slots=True)
class Member:
    """What a category looks at for one player."""

    sex: str = ""
    birth_date: str = ""  # YYYY/MM/DD, YYYY-MM-DD or YYYY
    rating: int = 0
    club: str = ""
    federation: str = ""


def age_on_first_january(birth_date: str, year: int) -> int | None:
    """Age reached on 1 January of ``year``; None without a readable birth year."""
    text = birth_date.strip().replace("-", "/").replace(".", "/")
    parts = [p for p in text.split("/") if p]
    if not parts or not parts[0].isdigit() or len(parts[0]) != 4:
        return None
    born = int(parts[0])
    on_first = len(parts) >= 3 and parts[1].isdigit() and parts[2].isdigit() \
        and int(parts[1]) == 1 and int(parts[2]) == 1
    return year - born - (0 if on_first else 1)


def _rating_bounds(spec: str) -> tuple[int | None, int | None]:
    low, sep, high = spec.partition("-")
    if not sep or not (low.strip() or high.strip()):
        raise BadRequest(f"rating band {spec!r}: write MIN-MAX, -MAX or MIN-")
    try:
        lo = int(low) if low.strip() else None
        hi = int(high) if high.strip() else None
    except ValueError:
        raise BadRequest(f"rating band {spec!r}: write MIN-MAX, -MAX or MIN-") from None
    if lo is not None and hi is not None and lo > hi:
        raise BadRequest(f"rating band {spec!r}: the lower bound is above the upper bound")
    return lo, hi


def check_key(key: str) -> str:
    """``key`` if it names a category (rating bands checked), else :class:`BadRequest`."""
    if key in FIXED or (key.startswith(("club:", "fed:")) and key.partition(":")[2]):
        return key
    if key.startswith("rating:"):
        _rating_bounds(key[7:])
        return key
    raise BadRequest(f"unknown category {key!r}")


def belongs(key: str, member: Member, year: int) -> bool:
    """Whether a player with ``member``'s facts is in category ``key`` in ``year``."""
    if key == "women":
        return member.sex.lower() in ("w", "f")
    if key[0] in "us" and key[1:].isdigit():
        age = age_on_first_january(member.birth_date, year)
        if age is None:
            return False
        return age < int(key[1:]) if key[0] == "u" else age >= int(key[1:])
    if key.startswith("rating:"):
        lo, hi = _rating_bounds(key[7:])
        return (lo is None or member.rating >= lo) and (hi is None or member.rating <= hi)
    if key.startswith("club:"):
        return member.club.strip().casefold() == key[5:].strip().casefold()
    if key.startswith("fed:"):
        return member.federation.strip().upper() == key[4:].strip().upper()
    raise BadRequest(f"unknown category {key!r}")


def label(key: str, lang: str = "en") -> str:
    """The category's name in ``lang`` (``en`` / ``fr``)."""
    fr = lang == "fr"
    if key == "women":
        return "Femmes" if fr else "Women"
    if key[0] == "u" and key[1:].isdigit():
        return f"Moins de {key[1:]} ans" if fr else f"Under {key[1:]}"
    if key[0] == "s" and key[1:].isdigit():
        return f"{key[1:]} ans et plus" if fr else f"{key[1:]} and over"
    if key.startswith("rating:"):
        lo, hi = _rating_bounds(key[7:])
        if lo is None:
            return f"Elo jusqu'à {hi}" if fr else f"Rating up to {hi}"
        if hi is None:
            return f"Elo {lo} et plus" if fr else f"Rating {lo} and over"
        return f"Elo {lo} à {hi}" if fr else f"Rating {lo} to {hi}"
    if key.startswith("club:"):
        return f"Club : {key[5:]}" if fr else f"Club: {key[5:]}"
    if key.startswith("fed:"):
        return f"Fédération : {key[4:]}" if fr else f"Federation: {key[4:]}"
    return key


def prize_table(st: Standings, key: str, members: dict[int, Member], year: int,
                lang: str = "en") -> Table:
    """The standings restricted to category ``key``: place in the category, overall rank,
    number, name, rating, federation, points, tie-breaks (the order of the standings, C.07)."""
    from .labels import check_lang, word
    from .views import points_text

    lang = check_lang(lang)
    t = st.tournament
    rows = []
    for row in st.rows:
        if not belongs(key, members.get(row.pid, Member()), year):
            continue
        p = t.players[row.pid]
        rows.append([str(len(rows) + 1), str(row.rank), str(p.id), p.name, str(p.rating or ""),
                     p.federation, points_text(lang, row.points),
                     *(points_text(lang, v) for v in row.values)])
    title = (f"{label(key, lang)} - classement après la ronde {st.rounds}" if lang == "fr"
             else f"{label(key, lang)} - standings after round {st.rounds}")
    notes = [("Aucun joueur dans cette catégorie." if lang == "fr"
              else "No player in this category.")] if not rows else []
    return Table(
        title=title,
        headers=["#", *(word(h, lang) for h in ("Rk", "No", "Name", "Rtg", "Fed", "Pts")),
                 *st.labels],
        rows=rows,
        align=["r", "r", "r", "l", "r", "l", "r", *("r" for _ in st.labels)],
        notes=notes,
        kind="prizes",
        lang=lang,
    )
