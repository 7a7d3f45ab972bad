from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

DIRECT_PERMISSION = "events.direct_sessions"


class Member(models.Model):
    first_name = models.CharField(_("first name"), max_length=60)
    last_name = models.CharField(_("last name"), max_length=60)
    number = models.CharField(_("membership number"), max_length=20, unique=True, null=True, blank=True)
    email = models.EmailField(_("email"), blank=True)
    active = models.BooleanField(_("active"), default=True)
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, verbose_name=_("login"), null=True, blank=True,
        on_delete=models.SET_NULL, related_name="member",
    )

    class Meta:
        ordering = ["last_name", "first_name"]
        verbose_name = _("member")
        verbose_name_plural = _("members")

    def __str__(self):
        return f"{self.first_name} {self.last_name}"

    @property
    def full_name(self) -> str:
        return str(self)


class SessionQuerySet(models.QuerySet):
    def published(self):
        return self.filter(status__in=[Session.Status.PROVISIONAL, Session.Status.FINAL])


class Session(models.Model):
    class Scoring(models.TextChoices):
        MATCHPOINTS = "matchpoints", _("Matchpoints")
        BUTLER = "butler", _("Butler IMPs")
        CROSS_IMPS = "cross-imps", _("Cross-IMPs")

    class Scale(models.TextChoices):
        EBU = "ebu", _("2 per score beaten (EBU)")
        ACBL = "acbl", _("1 per score beaten (ACBL)")

    class Status(models.TextChoices):
        IN_PROGRESS = "in_progress", _("In progress")
        PROVISIONAL = "provisional", _("Provisional")
        FINAL = "final", _("Final")

    name = models.CharField(_("name"), max_length=100)
    date = models.DateField(_("date"))
    scoring = models.CharField(_("scoring"), max_length=20, choices=Scoring, default=Scoring.MATCHPOINTS)
    scale = models.CharField(_("matchpoint scale"), max_length=10, choices=Scale, default=Scale.EBU)
    neuberg_for_movement = models.BooleanField(
        _("Neuberg for boards played fewer times"), default=True,
        help_text=_("Factor boards that the movement has played fewer times than others up to the full top."),
    )
    status = models.CharField(_("status"), max_length=20, choices=Status, default=Status.IN_PROGRESS)
    corrections_until = models.DateTimeField(_("corrections accepted until"), null=True, blank=True)
    director = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("director"), null=True, blank=True,
        on_delete=models.SET_NULL, related_name="directed_sessions",
    )

    objects = SessionQuerySet.as_manager()
    history = HistoricalRecords()

    class Meta:
        ordering = ["-date", "name"]
        verbose_name = _("session")
        verbose_name_plural = _("sessions")
        permissions = [("direct_sessions", _("Can set up sessions and enter results"))]

    def __str__(self):
        return f"{self.name} ({self.date:%Y-%m-%d})"

    @property
    def is_public(self) -> bool:
        return self.status != self.Status.IN_PROGRESS
