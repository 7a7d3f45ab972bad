"""The accounts' forms: the claim, the member's choices, a new email, the removal."""

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import SetPasswordForm
from django.utils.translation import gettext_lazy as _

from club.models import Member


class ClaimForm(forms.Form):
    email = forms.EmailField(label=_("Your email address, as the club has it"), max_length=254)


class ClaimPasswordForm(SetPasswordForm):
    """The claimed account's password (`user` an unsaved stand-in for the member). A member who shares the email
    with another account chooses a different password: at login by email, the password says which account."""

    def __init__(self, *args, member: Member, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.member = member

    def clean(self):
        data = super().clean()
        password = data.get("new_password1")
        sharing = get_user_model().objects.filter(email__iexact=self.member.email) if self.member.email else []
        if password and not self.errors and any(user.check_password(password) for user in sharing):
            message = _(
                "Another member's account at this email address has this password: choose a different one "
                "(at login, the password says which of you it is)."
            )
            self.add_error("new_password2", message)
        return data


class PreferencesForm(forms.ModelForm):
    class Meta:
        model = Member
        fields = ["privacy", "results_by_email", "language"]
        widgets = {"privacy": forms.RadioSelect}


class PasswordCheckMixin:
    """A form that asks for the user's password again (`user` given to the form)."""

    def check_password(self) -> None:
        if not self.user.check_password(self.cleaned_data.get("password") or ""):
            self.add_error("password", _("That is not your password."))


class EmailChangeForm(PasswordCheckMixin, forms.Form):
    email = forms.EmailField(label=_("New email address"), max_length=254)
    password = forms.CharField(label=_("Your password"), widget=forms.PasswordInput, max_length=128)

    def __init__(self, *args, user, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.user = user

    def clean(self):
        data = super().clean()
        self.check_password()
        email = data.get("email", "")
        if email and get_user_model().objects.filter(email__iexact=email).exclude(pk=self.user.pk).exists():
            self.add_error("email", _("Another account uses this address."))
        return data


class RemovalForm(PasswordCheckMixin, forms.Form):
    guest_name = forms.CharField(
        label=_("Name to show on your past results"),
        max_length=60,
        required=False,
        help_text=_('Left empty, your results show "Former member".'),
    )
    password = forms.CharField(label=_("Your password"), widget=forms.PasswordInput, max_length=128)
    confirm = forms.BooleanField(label=_("Remove my account and my personal data"), required=True)

    def __init__(self, *args, user, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.user = user

    def clean(self):
        data = super().clean()
        self.check_password()
        return data


class FederationNumberForm(forms.Form):
    """A person's federation number (checked by `services.save_federation_number`: its form, and that nobody else
    has it)."""

    federation_number = forms.CharField(
        label=_("Federation number"),
        max_length=20,
        required=False,
        help_text=_("The number your national federation gave you, if it gave you one. Leave it empty if none."),
    )


class NewClubForm(forms.Form):
    """The host's new club and its first club admin (checked by `club.clubs.open_club`)."""

    name = forms.CharField(label=_("Club name"), max_length=120)
    short_name = forms.SlugField(
        label=_("Short name"), max_length=40, help_text=_("Its address: /c/SHORT_NAME/ (letters, digits, dashes).")
    )
    host = forms.CharField(label=_("Own host name"), max_length=200, required=False)
    admin_email = forms.EmailField(
        label=_("First club admin's email"),
        max_length=254,
        help_text=_("An account with this address becomes the club's admin; without one, an account is made."),
    )
    admin_first_name = forms.CharField(label=_("First admin's first name"), max_length=60, required=False)
    admin_last_name = forms.CharField(label=_("First admin's last name"), max_length=60, required=False)
