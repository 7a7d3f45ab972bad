"""What the accounts app records: a person's federation number, the invitations sent, and the results emails sent for
each publication."""

from django.conf import settings
from django.core.validators import RegexValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

from club.models import Member
from club.tenancy import scoped_manager


class Invitation(models.Model):
    """A member invited to claim an account (at most once: `invite_members` skips whoever has one)."""

    member = models.OneToOneField(Member, on_delete=models.CASCADE, related_name="invitation", verbose_name=_("member"))
    sent_at = models.DateTimeField(_("sent at"), auto_now_add=True)

    objects = scoped_manager("member__club")

    class Meta:
        verbose_name = _("invitation")
        verbose_name_plural = _("invitations")

    def __str__(self) -> str:
        return f"{self.member.real_name} ({self.sent_at:%Y-%m-%d})"


class ResultsEmail(models.Model):
    """One member's results email for one publication of a session. The row is written (and committed) before the
    email goes out, and the unique constraint refuses a second row: two runs of `send_results` at once send it
    once. A publication is the session's status with the date of its last correction, so publishing the
    provisional results, the final ones, and the final ones again after a correction are three publications."""

    session = models.ForeignKey("events.Session", on_delete=models.CASCADE, related_name="+", verbose_name=_("session"))
    member = models.ForeignKey(Member, on_delete=models.CASCADE, related_name="+", verbose_name=_("member"))
    publication = models.CharField(_("publication"), max_length=64)
    sent_at = models.DateTimeField(_("sent at"), auto_now_add=True)

    objects = scoped_manager("session__club")

    class Meta:
        verbose_name = _("results email")
        verbose_name_plural = _("results emails")
        constraints = [
            models.UniqueConstraint(fields=["session", "member", "publication"], name="results_email_once"),
        ]

    def __str__(self) -> str:
        return f"{self.member.real_name}: {self.session} ({self.publication})"


FEDERATION_NUMBER = RegexValidator(
    r"^[A-Z0-9](?:[A-Z0-9.-]{0,18}[A-Z0-9])?$",
    _("A federation number is 1 to 20 letters and digits (dots and dashes between them)."),
)


class Person(models.Model):
    """A person (issue 31): their login, which may be a member of several clubs (`Member.user`), and what belongs to
    the person rather than to one club: the federation number, when they have one (unique: one person per number).
    Not club-owned."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="person", verbose_name=_("login")
    )
    federation_number = models.CharField(  # noqa: DJ001 (NULL: none; unique where given)
        _("federation number"),
        max_length=20,
        null=True,
        blank=True,
        unique=True,
        validators=[FEDERATION_NUMBER],
        help_text=_("The number your national federation gave you, if it gave you one."),
    )

    class Meta:
        verbose_name = _("person")
        verbose_name_plural = _("people")

    def __str__(self) -> str:
        return self.federation_number or str(self.user_id)
