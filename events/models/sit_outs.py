"""A pair sitting out a board (a Bye): it does not play the board, which then counts for it as any board it did not
play (not in its total, nor in its highest possible score). Kept apart from the traveller lines, which always
have two pairs."""

from django.db import models
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from club.tenancy import scoped_manager
from events.models.core import Board, Pair


class SitOut(models.Model):
    """Pair `pair` sits out board `board` (in `round`, when the movement or the file says which)."""

    board = models.ForeignKey(Board, on_delete=models.CASCADE, related_name="sit_outs", verbose_name=_("board"))
    pair = models.ForeignKey(Pair, on_delete=models.CASCADE, related_name="sit_outs", verbose_name=_("pair"))
    round = models.PositiveSmallIntegerField(_("round"), null=True, blank=True)

    history = HistoricalRecords()

    objects = scoped_manager("board__section__session__club")

    class Meta:
        ordering = ["board", "pair"]
        verbose_name = _("sit-out")
        verbose_name_plural = _("sit-outs")
        constraints = [models.UniqueConstraint(fields=["board", "pair"], name="sit_out_once_per_board")]

    def __str__(self):
        return f"{self.pair} sits out board {self.board}"
