"""``{{ name|search_key }}``: the text as the players are searched (:func:`..imports.search_key`:
lower case, no accents), for the ``data-find`` attributes the hall's "find yourself" box
filters (``hall.js`` normalises what is typed the same way)."""

from __future__ import annotations

from django import template

from ..imports import search_key as _search_key

register = template.Library()


@register.filter(name="search_key")
def search_key(text: object) -> str:
    return _search_key(str(text))
