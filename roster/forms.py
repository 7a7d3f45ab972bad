"""The club admin's forms: a member of the roster, a roster file, a merge, a role."""

from __future__ import annotations

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from club.member_match import match_player
from club.models import Member
from club.registry import MergeSource
from roster.services.members import NUMBER
from roster.services.roles import ROLES

MAX_FILE_SIZE = 1024 * 1024  # a roster of thousands of members is a few hundred kilobytes


class MemberForm(forms.ModelForm):
    class Meta:
        model = Member
        fields = ["number", "first_name", "last_name", "email", "active"]

    def clean_number(self) -> str | None:
        number = (self.cleaned_data.get("number") or "").strip()
        if number and not NUMBER.fullmatch(number):
            raise forms.ValidationError(_("1 to 20 letters, digits, dots, dashes or slashes."))
        return number or None

    def validate_unique(self) -> None:
        """A number is the club's own (`member_number_per_club`): checked with the club the member belongs to."""
        super().validate_unique()
        try:
            self.instance.validate_constraints(exclude=self._get_validation_exclusions() - {"club"})
        except ValidationError:
            self.add_error("number", _("A member of the club already has this membership number."))

    def clean_first_name(self) -> str:
        return " ".join(self.cleaned_data["first_name"].split())

    def clean_last_name(self) -> str:
        return " ".join(self.cleaned_data["last_name"].split())


class RosterFileForm(forms.Form):
    file = forms.FileField(
        label=_("Roster file (CSV)"),
        help_text=_("A header row naming the columns NUMBER, FIRST_NAME, LAST_NAME, EMAIL, then one member a line."),
        widget=forms.FileInput(attrs={"accept": ".csv,text/csv,text/plain"}),
    )

    def clean_file(self) -> str:
        upload = self.cleaned_data["file"]
        if upload.size > MAX_FILE_SIZE:
            raise forms.ValidationError(_("The file is larger than %(size)s MB.") % {"size": MAX_FILE_SIZE // 2**20})
        try:
            return upload.read().decode("utf-8-sig")
        except UnicodeDecodeError:
            raise forms.ValidationError(_("The file is not UTF-8 text: save it as CSV UTF-8.")) from None


class RosterConfirmForm(forms.Form):
    """The previewed file's text, sent back to import it (read and checked again)."""

    text = forms.CharField(widget=forms.HiddenInput, max_length=MAX_FILE_SIZE, strip=False)


class MergeForm(forms.Form):
    """Who is merged (a member as typed on the pairs page, or a guest's name exactly as the results give it) and
    the member they are merged into; `source()` and `into()` once valid."""

    source_text = forms.CharField(
        label=_("Who is merged"),
        max_length=130,
        help_text=_("A member as on the pairs page (a name or a number), or a guest's name with Guest ticked."),
    )
    guest = forms.BooleanField(label=_("Guest (the name exactly as the results give it)"), required=False)
    into_text = forms.CharField(
        label=_("Into the member"), max_length=130, help_text=_("A member's name or membership number.")
    )

    def clean(self) -> dict:
        data = super().clean()
        if self.errors:
            return data
        members = list(Member.objects.filter(active=True))
        into = match_player(data["into_text"], members)
        if into.member is None:
            self.add_error("into_text", into.message or _("Name a member."))
        else:
            data["into"] = into.member
        if data["guest"]:
            data["source"] = MergeSource(guest=data["source_text"])
        else:
            found = match_player(data["source_text"], list(Member.objects.all()))
            if found.member is None:
                self.add_error("source_text", found.message or _("Name a member, or tick Guest."))
            else:
                data["source"] = MergeSource(member_id=found.member.pk)
        return data


class GrantForm(forms.Form):
    username = forms.CharField(label=_("Username"), max_length=150)
    role = forms.ChoiceField(label=_("Role"), choices=list(ROLES.items()))


class RevokeForm(forms.Form):
    user_id = forms.IntegerField(min_value=1, max_value=2**31 - 1)
    role = forms.ChoiceField(choices=list(ROLES.items()))
