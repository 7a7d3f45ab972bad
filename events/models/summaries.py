"""A member's stored summary: what the member page shows from the whole history, kept with the standings."""

from django.db import models
from django.utils.translation import gettext_lazy as _

from club.models import Member
from club.tenancy import scoped_manager


class MemberSummary(models.Model):
    """Counted over every published session the member played: written only by
    `events.standings.services.member_summaries` (with the standings, the players, a status, a merge), never typed.

    The names of members are not kept (they are written for each reader by `club.privacy`): partners are kept by
    member id, or by name for a guest; sessions by id with their name, date and the member's pair.
    """

    member = models.OneToOneField(
        Member, on_delete=models.CASCADE, primary_key=True, related_name="+", verbose_name=_("member")
    )
    played = models.PositiveIntegerField(_("sessions played"), default=0)
    first = models.DateField(_("first session"), null=True, blank=True)
    average = models.FloatField(_("average percentage"), null=True, blank=True)
    # [[member id or null, guest name, sessions, average, best], ...] (the best partners, in order)
    partners = models.JSONField(_("best partners"), default=list)
    # [[session id, pair id, session name, ISO date, percentage, place, field size], ...] (the best results)
    best = models.JSONField(_("best results"), default=list)
    # The percentage chart's drawing (events.results.selectors.member_summary.chart_data), or null without a matchpoint
    # session
    chart = models.JSONField(_("percentage chart"), null=True, blank=True)
    # [[session id, name, ISO date, boards, average], ...]: the newest sessions against par, oldest first
    par = models.JSONField(_("results against par"), default=list)
    # A line of one of the member's published sessions changed since it was written: the page counts the whole
    # history until the task `events.tasks.refresh_summaries` (enqueued by the mark) writes it again.
    stale = models.BooleanField(_("to be written again"), default=False)

    objects = scoped_manager("member__club")

    class Meta:
        verbose_name = _("member summary")
        verbose_name_plural = _("member summaries")

    def __str__(self) -> str:
        return f"summary of member {self.member_id}"
