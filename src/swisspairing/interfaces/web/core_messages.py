"""The messages of the shared core in the web user's language.

The core (TRF and CSV readers, tie-break specification, pairing systems) is also the command
line's, whose messages are English, and must not depend on Django. Its errors are already
structured (:class:`~swisspairing.errors.InputError` keeps file, line and problem apart), and
their texts are built from a small number of templates. This module lists those templates, in
the core's exact English wording with ``%(name)s`` for each variable part, as gettext message
ids: a message that matches a template is shown with the template's translation and the same
parts; a message that matches none is shown as it is (English). The tests check that every
template still matches the text the core produces, so a change of wording in the core cannot
silently drop the translation.
"""

from __future__ import annotations

import re
from functools import cache

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from ...errors import InputError, SwissPairingError

#: the English templates of the core's messages an arbiter meets most (gettext message ids)
TEMPLATES: tuple[str, ...] = (
    # tie-break specification (standings/tiebreaks.py; the event form, the standings)
    gettext_noop("unknown tie-break %(name)s; known: %(known)s"),
    gettext_noop("empty tie-break name"),
    gettext_noop("%(name)s: a team tie-break; these standings are individual"),
    gettext_noop("%(name)s: self-defined tie-breaks (OTHER_) are not supported"),
    gettext_noop("%(name)s: the Koya limit must be a whole number (KS/L1)"),
    gettext_noop("%(name)s: modifier /%(modifier)s does not apply to %(code)s"),
    # reading a file of players (CSV, FIDE rating list; interfaces/web/imports.py)
    gettext_noop("the file is empty"),
    gettext_noop("the name ends in %(ending)s (a %(named)s file) but the content is a "
                 "%(found)s file (first line %(line)s): rename the file to the ending of its "
                 "format"),
    gettext_noop("the first row must name the columns, one of them the name ('Nom', or 'Nom' "
                 "and 'Prénom'); it has %(header)s"),
    gettext_noop("column %(column)s: a rating must be a number from 0 to 4000 (maybe followed "
                 "by F, N or E), found %(found)s"),
    gettext_noop("column %(column)s: %(found)s is not a date (DD/MM/YYYY, YYYY-MM-DD or a "
                 "year)"),
    gettext_noop("column %(column)s: %(found)s is not a date that exists"),
    gettext_noop("not a valid CSV row: %(detail)s"),
    gettext_noop("the row has %(cells)s cells, the header %(width)s: is there a %(sep)s inside "
                 "a value? Put that value in quotes (\"...\")"),
    gettext_noop("a player without a name"),
    gettext_noop("%(where)s: a rating must be a number from 0 to 4000, found %(found)s"),
    gettext_noop("binary data (NUL byte): this is not a text file"),
    gettext_noop("the first line must be the header of the FIDE list ('ID Number  Name ...')"),
    gettext_noop("the header line has no %(column)s column"),
    gettext_noop("no <player> element: is this the FIDE rating list in XML?"),
    gettext_noop("document type declarations are not accepted in a rating list"),
    gettext_noop("not a valid XML rating list: %(detail)s"),
    gettext_noop("not a valid ZIP archive: %(detail)s"),
    gettext_noop("the file is larger than %(mb)s MB"),
    gettext_noop("the line is longer than %(limit)s bytes: is this the FIDE rating list?"),
    gettext_noop("player %(number)s: <%(tag)s> is longer than %(limit)s characters: is this "
                 "the FIDE rating list?"),
    gettext_noop("more than %(mb)s MB without an element: is this the FIDE rating list in "
                 "XML?"),
    # reading a TRF file (formats/trf.py)
    gettext_noop("binary data (NUL byte): this is not a TRF text file"),
    # reading a player CSV (interfaces/web/imports.py)
    gettext_noop("binary data (NUL byte): this is not a CSV text file"),
    gettext_noop("no player record (001 line) in the file"),
    gettext_noop("control character in the line"),
    gettext_noop("file too large (%(size)s bytes; at most %(limit)s)"),
    gettext_noop("column %(column)s must be blank, found %(found)s: are the columns shifted?"),
    gettext_noop("columns 90-91 must be blank before the first round: are the columns "
                 "shifted?"),
    gettext_noop("round %(round)s: columns %(columns)s must be blank, found %(found)s: are the "
                 "columns shifted?"),
    gettext_noop("%(what)s must be a whole number, found %(found)s"),
    gettext_noop("%(what)s must be between %(low)s and %(high)s, found %(found)s"),
    gettext_noop("pairing number %(number)s is used by two player lines"),
    gettext_noop("the sex (column 10) must be m or w, found %(found)s"),
    gettext_noop("%(where)s: expected 'OOOO C R' (opponent, colour, result), found %(found)s"),
    gettext_noop("%(where)s: unknown colour %(found)s (w, b or -)"),
    gettext_noop("%(where)s: player %(number)s cannot play itself"),
    gettext_noop("%(where)s: unknown result code %(found)s for a game (1 = 0 W D L + - or X)"),
    gettext_noop("%(where)s: unknown result code %(found)s without an opponent (U F H Z)"),
    gettext_noop("%(where)s: a played game needs the colour w or b"),
    gettext_noop("%(where)s: a round without an opponent has no colour"),
    gettext_noop("%(where)sunknown player id %(number)s"),
    gettext_noop("unknown player id %(number)s"),
    # pairing refusals (systems/)
    gettext_noop("round %(round)s: no pairing satisfies the absolute criteria %(rule)s"),
    gettext_noop("round %(round)s: no pairing meets B1 (players meet once; no second bye)"),
    gettext_noop("round %(round)s: no player can receive the bye"),
    gettext_noop("round %(round)s: the players cannot all be paired with compatible opponents "
                 "(Lim art. 9.1)"),
    gettext_noop("no pairing completes the round (C.4)"),
    gettext_noop("the last bracket could not be completed"),
    gettext_noop("no round has been played yet: nothing to rank"),
)

_PART = re.compile(r"%\\\((\w+)\\\)s")


@cache
def _patterns(templates: tuple[str, ...]) -> tuple[tuple[re.Pattern[str], str], ...]:
    """Each template as a regular expression whose named groups are its ``%(name)s`` parts."""
    return tuple((re.compile(_PART.sub(r"(?P<\1>.+?)", re.escape(t)), re.DOTALL), t)
                 for t in templates)


def translate_text(text: str, templates: tuple[str, ...] = TEMPLATES) -> str:
    """``text`` in the active language when it matches one of ``templates``, else
    unchanged."""
    for pattern, template in _patterns(templates):
        found = pattern.fullmatch(text)
        if found is not None:
            return _(template) % found.groupdict()
    return text


def user_message(exc: SwissPairingError) -> str:
    """What the web app shows for a core error: the file and line of an input error in the
    user's language, and the problem translated when its template is known."""
    if isinstance(exc, InputError):
        problem = translate_text(exc.problem)
        where = exc.path or _("<input>")
        if exc.line is not None:
            where = _("%(file)s, line %(line)s") % {"file": where, "line": exc.line}
        return _("%(where)s: %(problem)s") % {"where": where, "problem": problem}
    return translate_text(exc.user_message())
