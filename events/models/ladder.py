"""The host's cross-club season ladder, stored (issue 31 item 4): computed from every club's published sessions by
`events.federation.services.ladder` (the task `events.tasks.refresh_ladders_task`), read by the host's ladder page."""

from django.db import models
from django.utils.translation import gettext_lazy as _


class Ladder(models.Model):
    """One season's ladder under one rule (`events.federation.selectors.ladder_rule.LadderRule.key`). It is the
    host's, not a club's: it ranks the members of every club, so its manager narrows nothing. Members are kept by
    id (each reader gets their names from `club.privacy`)."""

    season = models.PositiveSmallIntegerField(_("season"))  # the year the season starts in
    rule = models.CharField(_("rule"), max_length=60)
    # [[member id, place, figure, sessions counted, sessions played], ...] in ranking order
    rows = models.JSONField(_("standings"), default=list, editable=False)
    computed_at = models.DateTimeField(_("computed at"), null=True, blank=True, editable=False)
    # A published result changed since it was computed: the task computes it again (the page shows the last one).
    stale = models.BooleanField(_("to be computed again"), default=True, editable=False)

    class Meta:
        verbose_name = _("season ladder")
        verbose_name_plural = _("season ladders")
        constraints = [models.UniqueConstraint(fields=["season", "rule"], name="ladder_season_rule")]

    def __str__(self) -> str:
        return f"ladder {self.season} {self.rule}"
