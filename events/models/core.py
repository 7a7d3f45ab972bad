"""The pairs sessions' models: sessions, sections, pairs, boards, traveller lines, deals, corrections."""

from decimal import Decimal

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from club.models import HandRecord, Member, PublishStatus
from club.tenancy import ClubField, scoped_manager


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

    class DatumRounding(models.TextChoices):
        TEN = "ten", _("to the nearest 10")
        NONE = "none", _("not rounded")

    class AdjustedImps(models.TextChoices):
        COMPARISON = "comparison", _("the award per comparison")
        BOARD = "board", _("the award for the whole board")
        SHARE = "share", _("a share of the award, by the percentage")

    class CrossImps(models.TextChoices):
        AVERAGE = "average", _("averaged per comparison")
        SUM = "sum", _("summed over the comparisons")

    class PairTotal(models.TextChoices):
        SUM = "sum", _("summed over the boards")
        AVERAGE = "average", _("averaged per board played")

    Status = PublishStatus  # in progress (hidden), provisional, final: shared with teams events

    name = models.CharField(_("name"), max_length=100)
    date = models.DateField(_("date"))
    scoring = models.CharField(_("scoring"), max_length=20, choices=Scoring, default=Scoring.MATCHPOINTS)
    scale = models.CharField(_("matchpoint scale"), max_length=10, choices=Scale, default=Scale.EBU)
    short_boards_neuberg = models.BooleanField(
        _("Neuberg for boards played fewer times"),
        default=True,
        help_text=_("Factor boards that the movement has played fewer times than others up to the full top."),
    )
    datum_discard = models.PositiveSmallIntegerField(
        _("Butler datum: results set aside at each end"),
        default=1,
        validators=[MaxValueValidator(20)],
        help_text=_("How many of the highest and of the lowest scores the datum leaves out."),
    )
    datum_from = models.PositiveSmallIntegerField(
        _("Butler datum: set them aside from this many results"),
        default=4,
        validators=[MaxValueValidator(99)],
        help_text=_("With fewer results on a board, the datum is the mean of them all."),
    )
    datum_rounding = models.CharField(
        _("Butler datum: rounding"), max_length=5, choices=DatumRounding, default=DatumRounding.TEN
    )
    adjusted_imps = models.CharField(
        _("adjusted scores in IMPs"), max_length=12, choices=AdjustedImps, default=AdjustedImps.COMPARISON
    )
    adjusted_imps_size = models.DecimalField(
        _("IMPs for an adjusted score of 60%"),
        max_digits=4,
        decimal_places=2,
        default=Decimal(3),
        validators=[MinValueValidator(Decimal(0)), MaxValueValidator(Decimal(24))],
    )
    across_field = models.BooleanField(
        _("Scored across the field"),
        default=False,
        help_text=_("Compare each board with its results in every section that plays it, not only its own section's."),
    )
    cross_imps = models.CharField(_("cross-IMPs"), max_length=8, choices=CrossImps, default=CrossImps.AVERAGE)
    pair_total = models.CharField(
        _("a pair's total in IMPs"),
        max_length=8,
        choices=PairTotal,
        default=PairTotal.SUM,
        help_text=_("The sum of its IMPs on the boards it played, or their average per board (IMP sessions)."),
    )
    factor_totals = models.BooleanField(
        _("Totals factored to the full number of boards"),
        default=False,
        help_text=_(
            "Count boards played fewer times with Neuberg’s formula in the totals, and factor the total of a pair "
            "that played fewer boards up to the full number (as Compscore does)."
        ),
    )
    status = models.CharField(_("status"), max_length=20, choices=Status, default=Status.IN_PROGRESS)
    corrections_until = models.DateTimeField(_("corrections accepted until"), null=True, blank=True)
    corrected_at = models.DateTimeField(_("final results corrected on"), null=True, blank=True, editable=False)
    correction_reason = models.CharField(_("reason for the correction"), max_length=200, blank=True, editable=False)
    director = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("director"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="directed_sessions",
    )

    club = ClubField()
    objects = scoped_manager("club", SessionQuerySet)
    history = HistoricalRecords()

    class Meta:
        ordering = ["-date", "name"]
        verbose_name = _("session")
        verbose_name_plural = _("sessions")
        permissions = [("direct_sessions", _("Can set up sessions and enter results"))]
        indexes = [models.Index(fields=["status", "-date"], name="session_status_date")]

    def __str__(self):
        return f"{self.name} ({self.date:%Y-%m-%d})"

    @property
    def is_public(self) -> bool:
        return self.status != self.Status.IN_PROGRESS

    @property
    def uses_imps(self) -> bool:
        return self.scoring != self.Scoring.MATCHPOINTS

    def clean(self):
        super().clean()
        if self.datum_discard is not None and self.datum_from is not None:
            if self.datum_from < 2 * self.datum_discard + 1:
                raise ValidationError(
                    {
                        "datum_from": _("To set aside %(k)s at each end the datum needs at least %(n)s results.")
                        % {"k": self.datum_discard, "n": 2 * self.datum_discard + 1}
                    }
                )


class Section(models.Model):
    class Kind(models.TextChoices):
        MITCHELL = "mitchell", _("Mitchell")
        HOWELL = "howell", _("Howell")
        CUSTOM = "custom", _("Custom movement")
        NONE = "none", _("No movement (free entry)")

    class EvenTables(models.TextChoices):
        SKIP = "skip", _("Skip after half the rounds")
        RELAY = "relay", _("Relay and bye stand")

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="sections", verbose_name=_("session"))
    letter = models.CharField(_("section"), max_length=2, default="A")
    kind = models.CharField(_("movement"), max_length=10, choices=Kind, default=Kind.MITCHELL)
    tables = models.PositiveSmallIntegerField(_("tables"))
    boards_per_round = models.PositiveSmallIntegerField(_("boards per round"), default=2)
    rounds = models.PositiveSmallIntegerField(
        _("rounds"), null=True, blank=True, help_text=_("Leave empty to play the whole movement.")
    )
    first_board = models.PositiveSmallIntegerField(_("first board"), default=1)
    even_tables = models.CharField(
        _("even number of tables"), max_length=5, choices=EvenTables, default=EvenTables.SKIP
    )
    arrow_switch_rounds = models.CharField(
        _("arrow-switch rounds"), max_length=60, blank=True, help_text=_("Round numbers separated by commas, e.g. 6,7.")
    )
    phantom = models.BooleanField(_("one pair missing (sit-out)"), default=False)
    custom_movement = models.ForeignKey(
        "movements.CustomMovement", null=True, blank=True, on_delete=models.PROTECT, verbose_name=_("custom movement")
    )

    objects = scoped_manager("session__club")

    class Meta:
        ordering = ["session", "letter"]
        verbose_name = _("section")
        verbose_name_plural = _("sections")
        constraints = [models.UniqueConstraint(fields=["session", "letter"], name="section_letter_unique")]

    def __str__(self):
        return f"{self.session.name} {self.letter}"


# A pair's standing as stored on it (events.standings.services.standings): score, highest possible score, boards, place,
# field
STANDING_FIELDS = ("score", "maximum", "boards", "place", "field_size")


class Pair(models.Model):
    class Direction(models.TextChoices):
        NONE = "", _("Any")
        NS = "NS", _("North-South")
        EW = "EW", _("East-West")

    section = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="pairs", verbose_name=_("section"))
    number = models.PositiveSmallIntegerField(_("pair number"))
    direction = models.CharField(_("direction"), max_length=2, choices=Direction, blank=True, default="")
    player1 = models.ForeignKey(
        Member, null=True, blank=True, on_delete=models.PROTECT, related_name="+", verbose_name=_("player 1")
    )
    player1_guest = models.CharField(_("player 1 (guest)"), max_length=80, blank=True)
    player2 = models.ForeignKey(
        Member, null=True, blank=True, on_delete=models.PROTECT, related_name="+", verbose_name=_("player 2")
    )
    player2_guest = models.CharField(_("player 2 (guest)"), max_length=80, blank=True)
    # The pair's standing, stored by events.standings.services.standings whenever its session is scored (never typed).
    score = models.FloatField(_("score"), default=0, editable=False)
    maximum = models.FloatField(_("highest possible score"), default=0, editable=False)
    boards = models.PositiveSmallIntegerField(_("boards scored"), default=0, editable=False)
    place = models.CharField(_("place"), max_length=8, blank=True, editable=False)
    field_size = models.PositiveSmallIntegerField(_("field size"), default=0, editable=False)
    # Against par (events.hands.services.pair_par, with the standings): the boards with a par the pair played and the
    # sum of its scores minus par on them, from its own side (the member page's figure).
    par_boards = models.PositiveSmallIntegerField(_("boards with a par"), default=0, editable=False)
    par_total = models.IntegerField(_("points against par"), default=0, editable=False)
    # Masterpoints awarded, as the scorer's file gives them (USEBIO MASTER_POINTS_AWARDED and MASTER_POINT_TYPE).
    masterpoints = models.DecimalField(_("masterpoints awarded"), max_digits=8, decimal_places=2, null=True, blank=True)
    masterpoint_type = models.CharField(_("kind of masterpoints"), max_length=20, blank=True)
    objects = scoped_manager("section__session__club")

    class Meta:
        ordering = ["section", "direction", "number"]
        verbose_name = _("pair")
        verbose_name_plural = _("pairs")
        constraints = [
            models.UniqueConstraint(fields=["section", "number", "direction"], name="pair_number_unique"),
        ]
        indexes = [
            models.Index(fields=["player1"], name="pair_player1"),
            models.Index(fields=["player2"], name="pair_player2"),
        ]

    def __str__(self):
        return self.label

    @property
    def label(self) -> str:
        return f"{self.number}{self.direction}"

    @property
    def player1_name(self) -> str:
        return str(self.player1) if self.player1_id else self.player1_guest

    @property
    def player2_name(self) -> str:
        return str(self.player2) if self.player2_id else self.player2_guest

    @property
    def names(self) -> str:
        return " – ".join(name for name in (self.player1_name, self.player2_name) if name)


class Board(models.Model):
    section = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="boards", verbose_name=_("section"))
    number = models.PositiveSmallIntegerField(_("board"))
    objects = scoped_manager("section__session__club")

    class Meta:
        ordering = ["section", "number"]
        verbose_name = _("board")
        verbose_name_plural = _("boards")
        constraints = [models.UniqueConstraint(fields=["section", "number"], name="board_number_unique")]

    def __str__(self):
        return str(self.number)


class TravellerLine(models.Model):
    """One result on a board: a contract played, a passed-out board, an adjusted score, or not played."""

    class Seat(models.TextChoices):
        NORTH = "N", _("North")
        EAST = "E", _("East")
        SOUTH = "S", _("South")
        WEST = "W", _("West")

    board = models.ForeignKey(Board, on_delete=models.CASCADE, related_name="lines", verbose_name=_("board"))
    round = models.PositiveSmallIntegerField(_("round"), null=True, blank=True)
    table = models.PositiveSmallIntegerField(_("table"), null=True, blank=True)
    # Found through the covering indexes below, whose first column they are: an index of their own would be one
    # more to write for every line scored (a 30-table session rescored writes 810 lines).
    ns_pair = models.ForeignKey(
        Pair, on_delete=models.PROTECT, related_name="ns_lines", verbose_name=_("NS pair"), db_index=False
    )
    ew_pair = models.ForeignKey(
        Pair, on_delete=models.PROTECT, related_name="ew_lines", verbose_name=_("EW pair"), db_index=False
    )
    contract = models.CharField(_("contract"), max_length=6, blank=True, help_text=_("e.g. 4SX, 3NT or PASS"))
    declarer = models.CharField(_("declarer"), max_length=1, choices=Seat, blank=True)
    tricks = models.PositiveSmallIntegerField(_("tricks"), null=True, blank=True)
    lead = models.CharField(_("lead"), max_length=3, blank=True)
    adjusted = models.CharField(_("adjusted score"), max_length=40, blank=True, help_text=_("e.g. A6040"))
    not_played = models.BooleanField(_("not played"), default=False)
    ns_score = models.IntegerField(_("NS score"), null=True, blank=True)
    ns_points = models.FloatField(_("NS matchpoints or IMPs"), null=True, blank=True)
    ew_points = models.FloatField(_("EW matchpoints or IMPs"), null=True, blank=True)
    checked = models.BooleanField(_("checked by the director"), default=False)
    bare_average = models.BooleanField(
        _("unspecified average"), default=False, help_text=_("An average typed as a bare A, to be checked.")
    )
    # Raised by every service that changes what was entered: a page drawn from an older version is refused.
    version = models.PositiveIntegerField(_("version"), default=1, editable=False)

    history = HistoricalRecords()
    objects = scoped_manager("board__section__session__club")

    class Meta:
        ordering = ["board", "round", "table", "ns_pair"]
        verbose_name = _("traveller line")
        verbose_name_plural = _("traveller lines")
        constraints = [
            models.CheckConstraint(condition=~Q(ns_pair=models.F("ew_pair")), name="line_ns_differs_from_ew"),
            models.CheckConstraint(
                condition=(
                    Q(contract__gt="", adjusted="", not_played=False)
                    | Q(contract="", adjusted__gt="", not_played=False)
                    | Q(contract="", adjusted="", not_played=True)
                    | Q(contract="", adjusted="", not_played=False, ns_score__isnull=False)  # a score-only slip
                ),
                name="line_one_kind_of_result",
            ),
            models.CheckConstraint(condition=Q(tricks__isnull=True) | Q(tricks__lte=13), name="line_tricks_0_13"),
        ]
        indexes = [
            # Covering indexes for a pair's total over its lines (rankings, member histories): the
            # grouped sums read only the index, never the table.
            models.Index(fields=["ns_pair", "not_played", "ns_points"], name="line_ns_pair_points"),
            models.Index(fields=["ew_pair", "not_played", "ew_points"], name="line_ew_pair_points"),
        ]

    def __str__(self):
        return f"{self.board}: {self.ns_pair} v {self.ew_pair}"


class Seating(models.Model):
    """One row per pair per line, so that the database refuses the same pair twice on a board."""

    line = models.ForeignKey(TravellerLine, on_delete=models.CASCADE, related_name="seatings")
    board = models.ForeignKey(Board, on_delete=models.CASCADE, related_name="+")
    pair = models.ForeignKey(Pair, on_delete=models.CASCADE, related_name="seatings")
    objects = scoped_manager("board__section__session__club")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["board", "pair"], name="seating_pair_once_per_board")]

    def __str__(self):
        return f"{self.pair} on board {self.board}"


class BoardDeal(HandRecord):
    """The deal of one board of a section (see `club.models.HandRecord`)."""

    board = models.OneToOneField(Board, on_delete=models.CASCADE, related_name="deal", verbose_name=_("board"))
    objects = scoped_manager("board__section__session__club")

    class Meta:
        verbose_name = _("deal")
        verbose_name_plural = _("deals")

    def __str__(self):
        return f"{self.board.section}: {self.board}"


class Correction(models.Model):
    """A final session reopened by the director to correct it: why, when and by whom, and when it was published
    final again (``closed_at``). The public pages show "corrected on <date>: <reason>" for each closed one."""

    session = models.ForeignKey(
        Session, on_delete=models.CASCADE, related_name="corrections", verbose_name=_("session")
    )
    reason = models.CharField(_("reason"), max_length=200)
    reopened_at = models.DateTimeField(_("reopened at"))
    reopened_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("reopened by"), null=True, blank=True, on_delete=models.SET_NULL
    )
    closed_at = models.DateTimeField(_("published again at"), null=True, blank=True)

    objects = scoped_manager("session__club")

    class Meta:
        ordering = ["session", "reopened_at", "pk"]
        verbose_name = _("correction")
        verbose_name_plural = _("corrections")

    def __str__(self):
        return f"{self.session}: {self.reason}"
