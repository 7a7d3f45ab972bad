"""Table entry's models: a session's switch and key, results typed at the tables, correction requests."""

import datetime

from django.db import models
from django.db.models import F
from django.utils.translation import gettext_lazy as _

from club.models import TableCorrection, TableEntrySwitch, TypedBoard
from club.tenancy import scoped_manager
from events.models.core import Board, Section, Session, TravellerLine


class TableEntryQuerySet(models.QuerySet):
    def stale(self) -> "TableEntryQuerySet":
        """The entries whose stored standings miss some of the tables' confirmations (`TableEntry.standings_stale`)."""
        return self.filter(standings_marked__gt=F("standings_stored"))


class TableEntry(TableEntrySwitch):
    """Table entry of a session: the players score each board on their phones, from a link per table."""

    session = models.OneToOneField(Session, on_delete=models.CASCADE, related_name="table_entry")
    opened_at = models.DateTimeField(_("opened at"), null=True, blank=True)
    late_minutes = models.PositiveSmallIntegerField(_("a round is late after (minutes)"), default=20)
    # The ranking as it stands shown publicly, marked provisional, while the session is in progress.
    live_results = models.BooleanField(_("live results"), default=False)
    # Counted by the tables' confirmations (`standings_marked`) and, when the stored standings were written (at
    # `standings_at`), the count they include (`standings_stored`): they are stale while the first is the greater,
    # and written again about once a second at most (`events.entry.services.locking.refresh_stale_standings`).
    standings_marked = models.PositiveIntegerField(default=0, editable=False)
    standings_stored = models.PositiveIntegerField(default=0, editable=False)
    standings_at = models.DateTimeField(null=True, blank=True, editable=False)

    objects = scoped_manager("session__club", TableEntryQuerySet)

    class Meta:
        verbose_name = _("table entry")
        verbose_name_plural = _("table entries")

    def __str__(self):
        return str(self.session)

    @property
    def standings_stale(self) -> bool:
        return self.standings_marked > self.standings_stored

    def standings_due(self, now: datetime.datetime, every: datetime.timedelta) -> bool:
        """Stale, and stored more than `every` before `now` (or never): the standings are to be stored again."""
        return self.standings_stale and (self.standings_at is None or now - self.standings_at >= every)


class TableResult(TypedBoard):
    """A result typed at a table by one side (`side`: 'NS' or 'EW', from its own link): kept as typed until the
    other side confirms it, then saved as the board's traveller line. A different result typed by the other side
    does not replace it: it is kept beside it (`disputed`: its contract, declarer, tricks, lead, NS score and side)
    until one side accepts the other's or the director settles it. One per section, table, round and board (the
    idempotency key)."""

    section = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="table_results")
    table = models.PositiveSmallIntegerField(_("table"))
    round = models.PositiveSmallIntegerField(_("round"))
    board = models.ForeignKey(Board, on_delete=models.CASCADE, related_name="table_results")
    line = models.ForeignKey(TravellerLine, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")

    objects = scoped_manager("section__session__club")

    class Meta:
        ordering = ["section", "round", "table", "board"]
        constraints = [
            models.UniqueConstraint(fields=["section", "table", "round", "board"], name="table_result_once"),
        ]

    def __str__(self):
        return f"{self.section} table {self.table} round {self.round} board {self.board}"

    @property
    def confirmed(self) -> bool:
        """Confirmed and its line still there (a line the director removed may be entered at the table again)."""
        return self.confirmed_at is not None and self.line_id is not None

    @property
    def removed(self) -> bool:
        """Confirmed once, and its line since removed by the director: only a new entry brings it back."""
        return self.confirmed_at is not None and self.line_id is None


class CorrectionRequest(TableCorrection):
    """A table asks the director to correct a confirmed result."""

    section = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="correction_requests")
    table = models.PositiveSmallIntegerField(_("table"))
    board = models.ForeignKey(Board, on_delete=models.CASCADE, related_name="+")

    objects = scoped_manager("section__session__club")

    def __str__(self):
        return f"{self.section} table {self.table} board {self.board}"
