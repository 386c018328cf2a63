"""``{% blocktranslate context event|round_context %}Round {{ n }}{% endblocktranslate %}``:
in a Double-Swiss event a round of the web app is a **match** of two games (C.04.5 Preface:
"matches"; the French text says "match" too), so its numbered headings are looked up in the
message context ``match`` ("Match 3", "Match 3 : qui joue où"; the English of that context
is in ``locale/en``). Any other event gives no context: the plain "Round 3" / "Ronde 3"."""

from __future__ import annotations

from django import template

from ..double_swiss import MATCH_CONTEXT, is_double_swiss
from ..models import Event

register = template.Library()


@register.filter(name="round_context")
def round_context(obj: object) -> str:
    """``match`` for an event, round, game or entrant of a Double-Swiss event, else ``""``
    (found through ``.round`` then ``.event``)."""
    for _step in range(3):
        if isinstance(obj, Event):
            break
        obj = getattr(obj, "round", None) or getattr(obj, "event", None)
    return MATCH_CONTEXT if isinstance(obj, Event) and is_double_swiss(obj) else ""
