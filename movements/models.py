from django.db import models
from django.utils.translation import gettext_lazy as _

from club.tenancy import ClubField, scoped_manager


class CustomMovement(models.Model):
    """A movement a director uploaded or pasted as CSV (round, table, ns_pair, ew_pair, low_board, high_board)."""

    club = ClubField()

    name = models.CharField(_("name"), max_length=80)  # unique within its club (`custommovement_name_per_club`)
    csv_text = models.TextField(_("movement as CSV"))
    description = models.CharField(_("description"), max_length=200, blank=True)
    created = models.DateTimeField(_("created"), auto_now_add=True)

    objects = scoped_manager("club")

    class Meta:
        ordering = ["name"]
        verbose_name = _("custom movement")
        verbose_name_plural = _("custom movements")
        constraints = [models.UniqueConstraint(fields=["club", "name"], name="custommovement_name_per_club")]

    def __str__(self):
        return self.name
