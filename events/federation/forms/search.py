"""The host's search of results across clubs: what may be typed (a player's name, a session's name), bounded."""

from django import forms
from django.utils.translation import gettext_lazy as _

MAX_TYPED = 60
MIN_TYPED = 2


class ResultSearchForm(forms.Form):
    player = forms.CharField(
        label=_("Player"), required=False, max_length=MAX_TYPED, help_text=_("A name, or a part of it.")
    )
    event = forms.CharField(
        label=_("Session"), required=False, max_length=MAX_TYPED, help_text=_("Its name, or a part of it.")
    )

    def clean(self):
        cleaned = super().clean()
        typed = {name: " ".join(cleaned.get(name, "").split()) for name in ("player", "event")}
        if not any(typed.values()) and not self.errors:
            raise forms.ValidationError(_("Type a player’s name or a session’s name."))
        for name, text in typed.items():
            if text and len(text) < MIN_TYPED:
                self.add_error(name, _("Type at least %(count)s letters.") % {"count": MIN_TYPED})
        return {**cleaned, **typed}
