"""The club's members, and the publication status that pairs sessions and teams events share."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class PublishStatus(models.TextChoices):
    """Where a session or a teams event stands: in progress (hidden from all but directors), then published."""

    IN_PROGRESS = "in_progress", _("In progress")
    PROVISIONAL = "provisional", _("Provisional")
    FINAL = "final", _("Final")


class Member(models.Model):
    first_name = models.CharField(_("first name"), max_length=60)
    last_name = models.CharField(_("last name"), max_length=60)
    number = models.CharField(_("membership number"), max_length=20, unique=True, null=True, blank=True)
    email = models.EmailField(_("email"), blank=True)
    active = models.BooleanField(_("active"), default=True)
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        verbose_name=_("login"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="member",
    )

    class Meta:
        db_table = "events_member"  # the table it had when members lived in the events app
        ordering = ["last_name", "first_name"]
        verbose_name = _("member")
        verbose_name_plural = _("members")

    def __str__(self):
        return f"{self.first_name} {self.last_name}"

    @property
    def full_name(self) -> str:
        return str(self)
