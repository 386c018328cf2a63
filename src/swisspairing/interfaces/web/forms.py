"""Forms of the web app (Django forms: validation, escaping, CSRF through the templates)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import date, timedelta

from django import forms
from django.utils.html import format_html
from django.utils.safestring import mark_safe
from django.utils.text import capfirst
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from ...errors import BadRequest
from ...formats.trf import one_line
from ...model.tournament import TITLE_ORDER
from ...standings.ranking import DEFAULT_TIEBREAKS
from ...standings.tiebreaks import parse_list
from ...systems import implemented_systems
from . import core_messages
from . import models as m
from .imports import real_fide_id

POINT_SYSTEMS = {
    "fide": (_("FIDE: 1 - ½ - 0"), {}),
    "3-1-0": (_("3 - 1 - 0"), {"white_win": 3.0, "black_win": 3.0, "white_draw": 1.0,
                               "black_draw": 1.0, "forfeit_win": 3.0, "pairing_bye": 3.0,
                               "full_point_bye": 3.0, "half_point_bye": 1.0}),
}


class OneLineTexts:
    """Every text field of the form on one line (:func:`one_line`): a line break, a tab or
    another control character typed or pasted into a name becomes a space (issue 24 item 7:
    a name holding a line break forged ``001`` and ``132`` lines in the TRF export)."""

    def clean(self) -> dict[str, object]:
        data: dict[str, object] = super().clean()  # type: ignore[misc]
        fields = self.fields  # type: ignore[attr-defined]
        for name, value in list(data.items()):
            field = fields.get(name)
            if isinstance(value, str) and isinstance(field, forms.CharField):
                data[name] = one_line(value)
                if field.required and value and not data[name]:  # control characters only
                    self.add_error(name, field.error_messages["required"])  # type: ignore[attr-defined]
        return data


def posted_number(data: Mapping[str, object], key: str, low: int = 1,
                  high: int = 2**31 - 1) -> int:
    """The whole number posted in field ``key`` (a row's id, a round...), or
    :class:`BadRequest` naming the field (a 400 page, never a 500: issue 24 item 19)."""
    text = str(data.get(key, "") or "").strip()
    # a digit string longer than any bound is refused before ``int()`` (Python refuses to
    # convert more than 4,300 digits: a ValueError, a 500)
    if not (text.isascii() and text.isdigit() and len(text) <= len(str(high))) \
            or not low <= int(text) <= high:
        raise BadRequest(_("%(field)s: a whole number from %(low)s to %(high)s is needed, "
                           "found %(found)s") % {"field": key, "low": low, "high": high,
                                                 "found": repr(text[:40])})
    return int(text)


def posted_version(data: Mapping[str, object], key: str = "version") -> int | None:
    """The version a form carries (optimistic concurrency, issue 24): None when the field is
    blank or absent (the check is not asked for); a value that is not a whole number of at
    most 18 digits is :class:`BadRequest` naming the field (a huge digit string was a
    ValueError in ``int()``, a 500; an invalid one must not silently skip the check)."""
    text = str(data.get(key, "") or "").strip()
    if not text:
        return None
    if not (text.isascii() and text.isdigit() and len(text) <= 18):
        raise BadRequest(_("%(field)s: a whole number of at most 18 digits is needed, found "
                           "%(found)s; reload the page") % {"field": key,
                                                             "found": repr(text[:40])})
    return int(text)


#: systems the engines have but the web app cannot hold yet: none since Double-Swiss events
#: (C.04.5, issue 28 item 5: :mod:`.double_swiss`) and team events (C.04.6, issue 27 part 6:
#: :mod:`.teams`) are held
NOT_IN_WEB_APP: frozenset[str] = frozenset()


def system_choices() -> list[tuple[str, str]]:
    """The systems by their names ("Dutch system (FIDE, 2026)"), the id stored; not the ones
    the web app cannot hold yet (:data:`NOT_IN_WEB_APP`)."""
    from .settings_words import system_label

    return [(name, system_label(name)) for name in implemented_systems()
            if name not in NOT_IN_WEB_APP]


def iso_date_input() -> forms.DateInput:
    """A ``type=date`` input: its value is always ISO (``2026-04-10``), the only form a browser
    reads there; Django would otherwise write the language's format (``10/04/2026`` in
    French) and the browser would show the field empty and save no date."""
    return forms.DateInput(format="%Y-%m-%d", attrs={"type": "date"})


def suggested_round_dates(start: date | None, end: date | None, rounds: int) -> list[str]:
    """A suggestion for the rounds' dates: from the start date, spread evenly over the days
    to the end date (two rounds on some days when there are more rounds than days), one a day
    without an end date."""
    if start is None:
        return [""] * rounds
    days = (end - start).days + 1 if end is not None and end >= start else rounds
    return [(start + timedelta(days=(r * days) // rounds)).isoformat() for r in range(rounds)]


def _posted_rounds(data: Mapping[str, object], default: int) -> int:
    value = str(data.get("rounds", "") or "").strip()
    return int(value) if value.isascii() and value.isdigit() and 1 <= int(value) <= 99 else default


class EventForm(OneLineTexts, forms.ModelForm):
    point_scheme = forms.ChoiceField(label=capfirst(_("point system")),
                                     choices=[(k, v[0]) for k, v in POINT_SYSTEMS.items()])
    initial_colour_choice = forms.ChoiceField(
        label=capfirst(_("initial colour")), required=False,
        choices=[("", _("draw by lot")), ("w", _("White")), ("b", _("Black"))],
        help_text=_("colour of the first player in round 1 (C.04.2); drawn by lot if empty"))

    class Meta:
        model = m.Event
        fields = ["name", "place", "federation", "start_date", "end_date", "chief_arbiter",
                  "deputy_arbiters", "time_control", "rounds", "system", "tiebreaks", "public"]
        widgets = {"start_date": iso_date_input(), "end_date": iso_date_input()}

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        from .actions import rounds_paired

        self.fields["system"] = forms.ChoiceField(label=capfirst(_("pairing system")),
                                                  choices=system_choices())
        self.fields["rounds"].widget.attrs.update(min=1, max=99)
        self.fields["tiebreaks"].help_text = _("C.07 codes, e.g. %(example)s") % {
            "example": DEFAULT_TIEBREAKS}
        event = self.instance
        from .settings_words import add_tiebreak_fields

        add_tiebreak_fields(self, event.tiebreaks if event.pk else "")
        self.rounds_paired = rounds_paired(event) if event.pk else 0
        if event.pk:
            for key, (_label, values) in POINT_SYSTEMS.items():
                if values == (event.point_system or {}):
                    self.initial["point_scheme"] = key
            # the initial colour may change until round 1 is paired (C.04.2: it decides the
            # colours of round 1), not after
            field = forms.ChoiceField(label=capfirst(_("initial colour")), required=False,
                                      choices=[("w", _("White")), ("b", _("Black"))])
            field.help_text = (_("round 1 is paired: its colours followed from this colour, "
                                 "which can no longer change") if self.rounds_paired else
                               _("colour of the first player in round 1 (C.04.2)"))
            self.fields["initial_colour_choice"] = field
            self.initial["initial_colour_choice"] = event.initial_colour
            if self.rounds_paired:
                self.fields["rounds"].widget.attrs["min"] = self.rounds_paired
        # one date per round (TRF 132; Swiss-Manager asks for them per round): the stored
        # ones, else a suggestion from the start and end dates. As many fields as the rounds
        # asked for, and never fewer than the event has: a refused or lowered number of rounds
        # must not drop the dates of the rounds it would have removed (round_dates() keeps
        # those of the rounds the event ends up with)
        rounds = _posted_rounds(self.data, event.rounds or int(self.initial.get("rounds", 9)))
        rounds = max(rounds, event.rounds or 0) if event.pk else rounds
        stored = [str(x) for x in (event.round_dates or [])]
        suggested = (suggested_round_dates(event.start_date, event.end_date, rounds)
                     if not any(stored) else [""] * rounds)
        for r in range(1, rounds + 1):
            name = f"round_date_{r}"
            self.fields[name] = forms.DateField(
                label=capfirst(_("round %(number)s date") % {"number": r}), required=False,
                widget=iso_date_input())
            # a suggestion only for a round still to pair: a paired round's date is what was
            # stored (or the day it was paired), never an invented one saved by a later edit
            value = (stored[r - 1] if r <= len(stored) and stored[r - 1] else
                     "" if r <= self.rounds_paired else suggested[r - 1])
            if value:
                self.initial[name] = value
        self.round_count = rounds
        self._round_robin_rounds(event)

    def _round_robin_rounds(self, event: m.Event) -> None:
        """A round-robin's rounds follow its players (C.05 Annex 1: table rounds x cycles):
        the settings say so, and show the table's number once the players allow one.

        The help is for round-robins only: it is hidden unless the system chosen (sent, else
        the event's, else the form's default) is one, and ``static/web/settings.js`` shows or
        hides it as the system changes (its ``data-shown-for-systems``)."""
        from ...systems.round_robin import DOUBLE_ROUND_ROBIN, ROUND_ROBIN
        from . import round_robin

        table = round_robin.table_rounds(event) if event.pk else None
        if table is not None:
            text = _(
                "round-robin of %(players)s players: %(rounds)s rounds, set from the number of "
                "players (Berger table)") % {"players": event.entrants.count(), "rounds": table}
            self.initial["rounds"] = table
        else:
            text = _("for a round-robin, set from the number of players when the pairing "
                     "numbers are drawn")
        systems = (ROUND_ROBIN.name, DOUBLE_ROUND_ROBIN.name)
        chosen = (self.data.get("system") if self.is_bound else
                  event.system if event.pk else self.initial.get("system"))

        def shown_for(names: tuple[str, ...], help_text: str) -> str:
            return format_html('<span data-shown-for-systems="{}"{}>{}</span>', " ".join(names),
                               "" if chosen in names else mark_safe(" hidden"), help_text)

        # C.04.5: a Double-Swiss event's rounds are two-game matches
        self.fields["rounds"].help_text = format_html(
            "{}{}", shown_for(systems, text),
            shown_for(("double-swiss",), _("Double-Swiss: the number of matches (two games "
                                           "each)")))

    def clean_rounds(self) -> int:
        value = self.cleaned_data["rounds"]
        if not 1 <= value <= 99:
            raise forms.ValidationError(_("from 1 to 99 rounds"))
        if value < self.rounds_paired:
            raise forms.ValidationError(ngettext_lazy(
                "round 1 is already paired: the tournament cannot have fewer than 1 round",
                "rounds 1 to %(paired)s are already paired: the tournament cannot have fewer "
                "than %(paired)s rounds", self.rounds_paired) % {"paired": self.rounds_paired})
        return int(value)

    def clean_initial_colour_choice(self) -> str:
        value = str(self.cleaned_data.get("initial_colour_choice") or "")
        if self.instance.pk and not value:
            return self.instance.initial_colour  # not sent: unchanged
        if self.instance.pk and self.rounds_paired and value != self.instance.initial_colour:
            raise forms.ValidationError(_(
                "round 1 is paired: its colours followed from the initial colour, which can no "
                "longer change"))
        return value

    def clean_tiebreaks(self) -> str:
        from .settings_words import chosen_tiebreaks

        text = chosen_tiebreaks(self.data, self.cleaned_data["tiebreaks"].strip())
        if text:
            try:
                parse_list(text)
            except BadRequest as exc:
                raise forms.ValidationError(core_messages.user_message(exc)) from None
        return text

    def clean_federation(self) -> str:
        return self.cleaned_data["federation"].strip().upper()

    def clean(self) -> dict[str, object]:
        data = super().clean()
        start, end = data.get("start_date"), data.get("end_date")
        if start and end and end < start:
            self.add_error("end_date", _("the end date is before the start date"))
        previous = None
        for r in range(1, self.round_count + 1):
            day = data.get(f"round_date_{r}")
            if day is None:
                continue
            if previous is not None and day < previous:
                self.add_error(f"round_date_{r}", _(
                    "round %(number)s cannot be before an earlier round") % {"number": r})
            previous = day
        return data

    def round_dates(self) -> list[str]:
        """The rounds' dates of a valid form (ISO, ``""`` unknown), up to the last known."""
        rounds = min(self.round_count, int(self.cleaned_data.get("rounds") or self.round_count))
        dates = [self.cleaned_data.get(f"round_date_{r}") for r in range(1, rounds + 1)]
        out = [d.isoformat() if d else "" for d in dates]
        while out and not out[-1]:
            out.pop()
        return out


def split_name(name: str) -> tuple[str, str]:
    """A stored name as surname and first name: FIDE's ``"SURNAME, First name"`` is cut at
    its first comma; a name without a comma is all surname."""
    surname, comma, first = name.partition(",")
    return (surname.strip(), first.strip()) if comma else (name.strip(), "")


def joined_name(surname: str, first_name: str) -> str:
    """Surname and first name stored as the CSV import stores them (``"SURNAME, First
    name"``, :mod:`.imports`): one of them alone is the whole name."""
    surname, first_name = " ".join(surname.split()), " ".join(first_name.split())
    return f"{surname}, {first_name}" if surname and first_name else surname or first_name


class EntrantForm(OneLineTexts, forms.ModelForm):
    """A player typed by the arbiter: surname and first name in two fields, like the CSV
    import's columns (issue 25 item 12), stored as one name ``"SURNAME, First name"``. A
    request that posts ``name`` alone (a script, an older page) still sets the whole name."""

    surname = forms.CharField(label=_("Surname"), max_length=200, required=False)
    first_name = forms.CharField(label=_("First name"), max_length=200, required=False)

    class Meta:
        model = m.Entrant
        fields = ["name", "rating", "fide_id", "federation", "title", "birth_date", "sex", "club"]
        widgets = {"sex": forms.Select(choices=[("", "-"), ("m", _("man")),
                                                ("w", _("woman"))])}

    field_order = ["surname", "first_name"]

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.fields["rating"].widget.attrs.update(min=0, max=4000)
        self.fields["birth_date"].help_text = _("YYYY/MM/DD or the year")
        # the whole name is not shown: it is made from the two fields in clean()
        del self.fields["name"]
        self.name_before = self.instance.name  # the model form writes the new one into it
        if self.instance.pk is not None:
            surname, first = split_name(self.instance.name)
            self.initial.setdefault("surname", surname)
            self.initial.setdefault("first_name", first)

    def clean(self) -> dict[str, object]:
        cleaned = super().clean() or {}
        name = joined_name(cleaned.get("surname") or "", cleaned.get("first_name") or "")
        if not name and "surname" not in self.data:
            name = one_line(str(self.data.get("name", "")))
        if not name:
            self.add_error("surname", _("a surname or a first name is needed"))
        elif len(name) > 200:
            self.add_error("surname", _("at most 200 characters for the whole name"))
        cleaned["name"] = name
        return cleaned

    def changed_values(self) -> dict[str, object]:
        """The player's fields this form changes (the name when surname or first name
        changed), for :func:`.actions.edit_entrant`."""
        out = {k: self.cleaned_data[k] for k in self.changed_data if k in self.Meta.fields}
        if self.cleaned_data["name"] != self.name_before:
            out["name"] = self.cleaned_data["name"]
        return out

    def clean_rating(self) -> int:
        value = self.cleaned_data["rating"] or 0
        if not 0 <= value <= 4000:
            raise forms.ValidationError(_("from 0 to 4000"))
        return int(value)

    def clean_fide_id(self) -> str:
        value = self.cleaned_data["fide_id"].strip()
        if value and not re.fullmatch(r"[0-9]+", value):
            raise forms.ValidationError(_("digits only"))
        return real_fide_id(value)

    def clean_federation(self) -> str:
        return self.cleaned_data["federation"].strip().upper()

    def clean_title(self) -> str:
        from .actions import check_title

        try:
            return check_title(self.cleaned_data["title"])
        except ValueError:
            raise forms.ValidationError(
                _("unknown title %(title)s: write one of %(titles)s (or nothing)") % {
                    "title": self.cleaned_data["title"].strip(),
                    "titles": " ".join(TITLE_ORDER)}) from None

    def clean_birth_date(self) -> str:
        from .actions import normalise_birth_date

        try:
            return normalise_birth_date(self.cleaned_data["birth_date"])
        except ValueError:
            raise forms.ValidationError(
                _("%(text)s is not a possible birth date: write YYYY/MM/DD, YYYY-MM-DD, "
                  "DD/MM/YYYY or the year") % {"text": self.cleaned_data["birth_date"].strip()}
            ) from None


class WithdrawalForm(forms.Form):
    """The round from which a player is no longer paired (C.04.2 D.3): a round of the event;
    blank: the player plays (0 is not a round and is refused, not read as "not withdrawn")."""

    withdrawn_from = forms.CharField(label=_("From round"), required=False)

    def __init__(self, *args: object, rounds: int, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.rounds = rounds

    def clean_withdrawn_from(self) -> int | None:
        text = str(self.cleaned_data.get("withdrawn_from") or "").strip()
        if not text:
            return None
        if not (text.isascii() and text.isdigit()) or not 1 <= int(text) <= self.rounds:
            raise forms.ValidationError(
                _("the round must be from 1 to %(rounds)s (leave it empty: the player plays)")
                % {"rounds": self.rounds})
        return int(text)


class ForbiddenPairForm(forms.Form):
    """Two players of the event who may not meet (C.04.1 b), chosen by name from the list
    (the value starts with the pairing number) or by number; a pair already forbidden, in
    either order, is refused."""

    first = forms.CharField(max_length=300)
    second = forms.CharField(max_length=300)

    def __init__(self, *args: object, event: m.Event, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.event = event
        self.players: tuple[m.Entrant, m.Entrant] | None = None

    def clean(self) -> dict[str, object]:
        from .actions import forbidden_pair_exists

        data = super().clean()
        if self.errors:
            return data
        # chosen by name from the list ("12 DUPONT, Jean": its number first) or a number typed
        numbers = [re.match(r"\s*(\d{1,6})\b", str(data.get(k, ""))) for k in ("first",
                                                                           "second")]
        rows = [self.event.entrants.filter(tpn=int(n.group(1))).first() if n else None
                for n in numbers]
        # the field at fault named, with what was typed (a number no player has, or a text
        # that is no number: the bad-day tour met "Give the numbers of two players." for 99)
        for label, key, number, row in ((_("first player"), "first", numbers[0], rows[0]),
                                        (_("second player"), "second", numbers[1], rows[1])):
            if row is not None:
                continue
            if number is not None:
                raise forms.ValidationError(_("%(field)s: no player has the number %(number)s") % {
                    "field": label, "number": int(number.group(1))})
            raise forms.ValidationError(_(
                "%(field)s: give a player's number or choose a name from the list, found "
                "%(found)s") % {"field": label, "found": repr(str(data.get(key, ""))[:40])})
        a, b = rows
        assert a is not None and b is not None
        if a.pk == b.pk:
            raise forms.ValidationError(_("Choose two different players."))
        if forbidden_pair_exists(a, b):
            raise forms.ValidationError(
                _("%(first)s and %(second)s are already a forbidden pair.") % {
                    "first": a.tpn, "second": b.tpn})
        self.players = (a, b)
        return data


#: an empty file is refused by name, not with "choose a file"
_EMPTY_FILE = {"empty": _("The file is empty."),
               "required": _("Choose a file.")}


class ImportForm(forms.Form):
    file = forms.FileField(label=capfirst(_("file")), error_messages=_EMPTY_FILE, help_text=_(
        "CSV with a header row, a TRF file, or the FIDE rating list (XML or TXT)"))


#: the TRF import's system choice "the one the file names" (its record 192)
SYSTEM_FROM_FILE = ""


def trf_system_choices() -> list[tuple[str, str]]:
    return [(SYSTEM_FROM_FILE, _("the file's (record 192)")), *system_choices()]


class TrfImportForm(forms.Form):
    """A TRF file to continue; the pairing system is the one its record ``192`` names unless
    the arbiter chooses another (issue 24 item 6: the form's preselection used to win over
    ``192 FIDE_DUTCH_2026``)."""

    file = forms.FileField(label=_("TRF file"), error_messages=_EMPTY_FILE)
    system = forms.ChoiceField(label=capfirst(_("pairing system")), choices=trf_system_choices,
                               required=False, help_text=_(
                                   "by default the one the file names (record 192); without "
                                   "one, the rules in force (Dutch 2025)"))


class RequestForm(forms.Form):
    entrant = forms.IntegerField(widget=forms.HiddenInput)
    round_number = forms.IntegerField(min_value=1, max_value=99)
    code = forms.ChoiceField(choices=[("", _("(none)")), *m.REQUEST_CODES], required=False)
