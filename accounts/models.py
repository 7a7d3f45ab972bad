"""What the accounts app records: the invitations sent, and the results emails sent for each publication."""

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
