"""Tournament settings in words (issue 25 item 10): pairing systems by their names ("Dutch
system (FIDE, 2026)", not ``dutch-2025``), tie-breaks chosen from a list by name, in order, with
a preset, instead of a free-text list of C.07 codes.

The stored values do not change: ``Event.system`` keeps the system's id, ``Event.tiebreaks``
the C.07 list (``BH/C1, BH, SB``) that :func:`~swisspairing.standings.tiebreaks.parse_list`
reads. A list typed as text (an older form, a script) is still accepted.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from django import forms
from django.utils.text import capfirst
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from ...standings.labels import tiebreak_name
from ...standings.ranking import DEFAULT_TIEBREAKS, ROUND_ROBIN_TIEBREAKS

#: system id -> its name for the arbiter
SYSTEM_LABELS: dict[str, Any] = {
    "dutch-2025": _("Dutch system (FIDE, 2026)"),
    "dutch-2017": _("Dutch system (FIDE, 2017 rules)"),
    "dutch-2012": _("Dutch system (FIDE, 2012 rules)"),
    "dubov": _("Dubov system (FIDE, rules in force)"),
    "dubov-1997": _("Dubov system (1997 rules)"),
    "lim": _("Lim system (FIDE)"),
    "burstein": _("Burstein system (FIDE)"),
    "elo-swiss": _("Elo-based Swiss system (FFE)"),
    # on main since issue 29 (C.05 Annex 1 Berger tables)
    "round-robin": _("Round robin (FIDE Berger tables)"),
    "double-round-robin": _("Double round robin (FIDE Berger tables)"),
    # issue 28 part 5: two-game matches (C.04.5); the rounds are matches
    "double-swiss": _("Double-Swiss system (FIDE, 2026: matches of two games)"),
    # issue 27 part 6: team events (C.04.6, in force since 1 February 2026)
    "team-swiss": _("Swiss Team system (FIDE, 2026): team events"),
}


def system_label(name: str) -> str:
    """The system's name in the active language (its id when it has none)."""
    return str(SYSTEM_LABELS.get(name, name))


#: the tie-breaks offered, in the order of the list (C.07 art. 5, with the usual modifiers:
#: Cut-1 and Median-1 of 14.1-14.2, DE and ARO as Swiss events use them)
TIEBREAK_CODES = ("BH/C1", "BH", "BH/M1", "BH/C2", "SB", "SB/C1", "DE", "WIN", "WON", "BPG",
                  "BWG", "PS", "ARO", "ARO/C1", "TPR", "PTP", "APRO", "APPO", "AOB", "FB", "KS",
                  "RTNG", "TPN", "STD", "REP")
#: how many tie-breaks the form offers
SLOTS = 6

#: presets: key -> (name, list), each from a text (issue 25 item 10: only what a text
#: supports). ``usual`` is the project's default list (docs/standings.md: C.07 (2026) art. 4.1
#: sets no FIDE default list: the organiser chooses; Buchholz Cut 1, Buchholz and
#: Sonneborn-Berger are the usual choice of Swiss events, DE and WIN separate what remains).
#: No "FIDE recommendation" preset: the rules in force have none, and the former
#: recommendation (C.02 art. 13, before C.07 of 2023) was found only in third-party copies
#: that disagree on its order (docs/web.md). No "FFE usual order" either: no FFE text giving
#: it was found; the FFE text we have, the Elo-based Swiss system
#: (../shared/seeds/elo-based-swiss-ffe.fr.txt, E10), ranks equal scores by the direct
#: encounter (its text: for the first place), then the average Elo of the opponents, then lots.
PRESETS: dict[str, tuple[Any, str]] = {
    "usual": (_("Usual for a Swiss event: Buchholz Cut 1, Buchholz, Sonneborn-Berger, "
                "direct encounter, wins"), DEFAULT_TIEBREAKS),
    "ffe-elo-swiss": (_("FFE Elo-based Swiss system (E10): direct encounter, average rating "
                        "of opponents"), "DE, ARO"),
    # C.07 for round-robins (no Buchholz): the default of a new round-robin event
    "round-robin": (_("Round-robin: Sonneborn-Berger, direct encounter, wins, Koya"),
                    ROUND_ROBIN_TIEBREAKS),
}


def _lang() -> str:
    return "fr" if (get_language() or "en").startswith("fr") else "en"


def _codes(text: str) -> list[str]:
    return [c.strip().upper().replace("-", "/") for c in text.replace(";", ",").split(",")
            if c.strip()]


def add_tiebreak_fields(form: forms.ModelForm, stored: str) -> None:
    """A preset choice and ``SLOTS`` ordered choices, by name, after the ``tiebreaks`` field
    (which becomes hidden: it keeps the stored list for a form sent without the choices)."""
    lang = _lang()
    chosen = _codes(stored)
    codes = list(TIEBREAK_CODES) + [c for c in chosen if c not in TIEBREAK_CODES]
    options = [("", "—")] + [(c, tiebreak_name(c, lang)) for c in codes]
    preset = next((k for k, (_n, v) in PRESETS.items() if _codes(v) == chosen and stored), "")
    fields: dict[str, forms.Field] = {}
    for name, field in form.fields.items():
        if name == "tiebreaks":
            field.widget = forms.HiddenInput()
            fields[name] = field
            fields["tiebreak_preset"] = forms.ChoiceField(
                label=capfirst(_("tie-breaks")), required=False,
                choices=[("", _("the list below"))] +
                [(k, label) for k, (label, _v) in PRESETS.items()],
                help_text=_("a preset, or choose the tie-breaks one by one below (C.07 4.2: "
                            "each one decides among the players the previous ones left tied; "
                            "none chosen: the usual list)"))
            form.initial["tiebreak_preset"] = preset
            fields["tiebreak_preset"].widget.attrs["data-lists"] = json.dumps(
                {k: _codes(v) for k, (_n, v) in PRESETS.items()})
            for n in range(1, SLOTS + 1):
                fields[f"tiebreak_{n}"] = forms.ChoiceField(
                    label=capfirst(_("tie-break %(n)s") % {"n": n}), required=False,
                    choices=options)
                fields[f"tiebreak_{n}"].widget.attrs["data-tiebreak"] = str(n)
                form.initial[f"tiebreak_{n}"] = chosen[n - 1] if n <= len(chosen) else ""
            continue
        fields[name] = field
    form.fields = fields  # type: ignore[assignment]


def chosen_tiebreaks(data: Mapping[str, Any], typed: str) -> str:
    """The list the form sends: the preset's, else the choices in order (an empty choice
    skipped, a repeated one once), else what was typed (a form without the choices)."""
    preset = str(data.get("tiebreak_preset", "") or "")
    if preset in PRESETS:
        return ", ".join(_codes(PRESETS[preset][1]))
    slots = [f"tiebreak_{n}" for n in range(1, SLOTS + 1)]
    if not any(s in data for s in slots):
        return typed
    out: list[str] = []
    for s in slots:
        code = str(data.get(s, "") or "").strip()
        if code and code not in out:
            out.append(code)
    return ", ".join(out)
