"""Forms of the checks page's one-click fixes: what each fix applies to, read from the POST."""

from __future__ import annotations

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from club.limits import MAX_ID, MAX_ROUNDS, MAX_TABLES
from club.numbers import whole_number
from events.models import Section, Session, TravellerLine


class SwapRoundForm(forms.Form):
    """A section of the session, a table and a round (bad values are refused with one message)."""

    section = forms.CharField(required=False)
    table = forms.CharField(required=False)
    round = forms.CharField(required=False)

    def __init__(self, data, *, session: Session):
        super().__init__(data)
        self.session = session

    def clean(self):
        data = super().clean()
        section = Section.objects.filter(pk=whole_number(data.get("section"), 1, MAX_ID), session=self.session).first()
        table, round_ = whole_number(data.get("table"), 1, MAX_TABLES), whole_number(data.get("round"), 1, MAX_ROUNDS)
        if section is None or table is None or round_ is None:
            raise ValidationError(_("Choose a section, a table and a round of this session."))
        return {"section": section, "table": table, "round": round_}


class SessionLinesForm(forms.Form):
    """Lines of the session, each chosen once (any other value refuses the whole choice)."""

    def __init__(self, data, *, session: Session):
        super().__init__(data)
        self.session = session

    def clean(self):
        ids = [whole_number(value, 1, MAX_ID) for value in self.data.getlist("line")]
        lines = list(TravellerLine.objects.filter(pk__in=ids, board__section__session=self.session))
        if not lines or None in ids or len(lines) != len(set(ids)):
            raise ValidationError(_("Choose lines of this session."))
        return {"lines": lines}


def cleaned(form: forms.Form) -> dict:
    """The form's cleaned data, or its first error raised as a ValidationError."""
    if not form.is_valid():
        raise ValidationError(form.non_field_errors() or [error for errors in form.errors.values() for error in errors])
    return form.cleaned_data
