"""Forms of the web app (Django forms: validation, escaping, CSRF through the templates)."""

from __future__ import annotations

from django import forms
from django.utils.text import capfirst
from django.utils.translation import gettext_lazy as _

from ...errors import BadRequest
from ...standings.ranking import DEFAULT_TIEBREAKS
from ...standings.tiebreaks import parse_list
from ...systems import implemented_systems
from . import core_messages
from . import models as m

POINT_SYSTEMS = {
    "fide": (_("FIDE: 1 - ½ - 0"), {}),
    "3-1-0": (_("3 - 1 - 0"), {"white_win": 3.0, "black_win": 3.0, "white_draw": 1.0,
                               "black_draw": 1.0, "forfeit_win": 3.0, "pairing_bye": 3.0,
                               "full_point_bye": 3.0, "half_point_bye": 1.0}),
}


def system_choices() -> list[tuple[str, str]]:
    return [(name, name) for name in implemented_systems()]


class EventForm(forms.ModelForm):
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
        widgets = {"start_date": forms.DateInput(attrs={"type": "date"}),
                   "end_date": forms.DateInput(attrs={"type": "date"})}

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.fields["system"] = forms.ChoiceField(label=capfirst(_("pairing system")),
                                                  choices=system_choices())
        self.fields["rounds"].widget.attrs.update(min=1, max=99)
        self.fields["tiebreaks"].help_text = _("C.07 codes, e.g. %(example)s") % {
            "example": DEFAULT_TIEBREAKS}
        if self.instance.pk:
            for key, (_label, values) in POINT_SYSTEMS.items():
                if values == (self.instance.point_system or {}):
                    self.initial["point_scheme"] = key
            self.fields.pop("initial_colour_choice")

    def clean_rounds(self) -> int:
        value = self.cleaned_data["rounds"]
        if not 1 <= value <= 99:
            raise forms.ValidationError(_("from 1 to 99 rounds"))
        return int(value)

    def clean_tiebreaks(self) -> str:
        text = self.cleaned_data["tiebreaks"].strip()
        if text:
            try:
                parse_list(text)
            except BadRequest as exc:
                raise forms.ValidationError(core_messages.user_message(exc)) from None
        return text

    def clean_federation(self) -> str:
        return self.cleaned_data["federation"].strip().upper()


class EntrantForm(forms.ModelForm):
    class Meta:
        model = m.Entrant
        fields = ["name", "rating", "fide_id", "federation", "title", "birth_date", "sex", "club"]
        widgets = {"sex": forms.Select(choices=[("", "-"), ("m", _("man")),
                                                ("w", _("woman"))])}

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.fields["rating"].widget.attrs.update(min=0, max=4000)
        self.fields["birth_date"].help_text = _("YYYY/MM/DD or the year")

    def clean_rating(self) -> int:
        value = self.cleaned_data["rating"] or 0
        if not 0 <= value <= 4000:
            raise forms.ValidationError(_("from 0 to 4000"))
        return int(value)

    def clean_fide_id(self) -> str:
        value = self.cleaned_data["fide_id"].strip()
        if value and not value.isdigit():
            raise forms.ValidationError(_("digits only"))
        return value

    def clean_federation(self) -> str:
        return self.cleaned_data["federation"].strip().upper()

    def clean_title(self) -> str:
        from ...model.tournament import normalise_title

        return normalise_title(self.cleaned_data["title"])


class ImportForm(forms.Form):
    file = forms.FileField(label=capfirst(_("file")), help_text=_(
        "CSV with a header row, a TRF file, or the FIDE rating list (XML or TXT)"))


class TrfImportForm(forms.Form):
    file = forms.FileField(label=_("TRF file"))
    system = forms.ChoiceField(label=capfirst(_("pairing system")), choices=system_choices)


class RequestForm(forms.Form):
    entrant = forms.IntegerField(widget=forms.HiddenInput)
    round_number = forms.IntegerField(min_value=1, max_value=99)
    code = forms.ChoiceField(choices=[("", _("(none)")), *m.REQUEST_CODES], required=False)
