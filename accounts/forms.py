"""The accounts' forms: the claim, the member's choices, a new email, the removal, the password reset."""

from django import forms
from django.contrib.auth import forms as auth_forms
from django.contrib.auth import get_user_model
from django.template.loader import render_to_string
from django.utils.translation import gettext_lazy as _

from club.background import enqueue_on_commit
from club.models import Member
from club.tasks import send_email


class PasswordResetForm(auth_forms.PasswordResetForm):
    """Django's, with the email rendered in the request and sent by a task (`club.tasks.send_email`)."""

    def send_mail(self, subject_template_name, email_template_name, context, from_email, to_email, **kwargs):
        subject = "".join(render_to_string(subject_template_name, context).splitlines())
        body = render_to_string(email_template_name, context)
        enqueue_on_commit(send_email, subject, body, [to_email])


class ClaimForm(forms.Form):
    email = forms.EmailField(label=_("Your email address, as the club has it"), max_length=254)


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
