"""Teams events: teams of 4 to 6 players, matches between two teams in two rooms, board results.

The home team sits North-South in room 1 and East-West in room 2; a board's IMPs for the home team
are `scoring.team_imps(room 1 NS score, room 2 NS score)`. Match totals are stored on `Match` when
results are saved (see `teams.services`); victory points are worked out from them when shown.
"""

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from club.live_states import DEFAULT_LATE_MINUTES
from club.models import HandRecord, PublishStatus, TableCorrection, TableEntrySwitch, TypedBoard
from club.tenancy import ClubField, scoped_manager

MIN_PLAYERS, MAX_PLAYERS = 4, 6
MAX_BOARDS = 64


class TeamEventQuerySet(models.QuerySet):
    def published(self):
        return self.exclude(status=TeamEvent.Status.IN_PROGRESS)


class TeamEvent(models.Model):
    club = ClubField()

    class Format(models.TextChoices):
        ROUND_ROBIN = "round-robin", _("Round robin")
        SWISS = "swiss", _("Swiss")
        MATCH = "match", _("Single match")

    class Scoring(models.TextChoices):
        VP = "vp", _("IMPs converted to victory points")
        BOARD_A_MATCH = "bam", _("Board-a-match")

    class Scale(models.TextChoices):
        WBF = "wbf", _("WBF 2012 continuous (20 VP)")
        WBF_DISCRETE = "wbf-discrete", _("WBF discrete (20 VP)")
        TWENTY = "20", _("20-point scale")
        THIRTY = "30", _("30-point scale")
        WBF_25 = "wbf-25", _("Old WBF 25-point scale")

    Status = PublishStatus  # in progress (hidden), provisional, final: as for pairs sessions

    name = models.CharField(_("name"), max_length=100)
    date = models.DateField(_("date"))
    format = models.CharField(_("format"), max_length=12, choices=Format, default=Format.SWISS)
    boards_per_match = models.PositiveSmallIntegerField(
        _("boards per match"), default=8, validators=[MinValueValidator(1), MaxValueValidator(MAX_BOARDS)]
    )
    rounds = models.PositiveSmallIntegerField(
        _("rounds"),
        null=True,
        blank=True,
        validators=[MinValueValidator(1), MaxValueValidator(30)],
        help_text=_("Swiss: the number of rounds. Round robin: leave empty for one full round robin."),
    )
    scoring = models.CharField(_("scoring"), max_length=5, choices=Scoring, default=Scoring.VP)
    scale = models.CharField(_("victory point scale"), max_length=12, choices=Scale, default=Scale.WBF)
    bye_score = models.DecimalField(
        _("score for a bye"),
        max_digits=5,
        decimal_places=2,
        null=True,
        blank=True,
        help_text=_(
            "Leave empty for the usual: 12 VPs on a 20-point scale, 18 on 25 and 30, half the board-a-match points."
        ),
    )
    status = models.CharField(_("status"), max_length=20, choices=Status, default=Status.IN_PROGRESS)
    director = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("director"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="directed_team_events",
    )

    objects = scoped_manager("club", TeamEventQuerySet)

    class Meta:
        ordering = ["-date", "name"]
        verbose_name = _("teams event")
        verbose_name_plural = _("teams events")
        indexes = [models.Index(fields=["status", "-date"], name="teamevent_status_date")]

    def __str__(self):
        return f"{self.name} ({self.date:%Y-%m-%d})"

    @property
    def is_public(self) -> bool:
        return self.status != self.Status.IN_PROGRESS

    @property
    def is_board_a_match(self) -> bool:
        return self.scoring == self.Scoring.BOARD_A_MATCH

    @property
    def is_swiss(self) -> bool:
        return self.format == self.Format.SWISS

    @property
    def is_round_robin(self) -> bool:
        return self.format != self.Format.SWISS


class Team(models.Model):
    event = models.ForeignKey(TeamEvent, on_delete=models.CASCADE, related_name="teams", verbose_name=_("event"))
    number = models.PositiveSmallIntegerField(_("team number"))
    name = models.CharField(_("team name"), max_length=60)
    # The team's standing in its event (its place, "=2" when tied, and its victory points), stored by
    # teams.services.standings whenever the event changes (never typed): the member pages read it.
    place = models.CharField(_("place"), max_length=8, blank=True, editable=False)
    vp = models.DecimalField(_("victory points"), max_digits=8, decimal_places=2, default=0, editable=False)

    objects = scoped_manager("event__club")

    class Meta:
        ordering = ["event", "number"]
        verbose_name = _("team")
        verbose_name_plural = _("teams")
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="team_number_unique"),
            models.UniqueConstraint(fields=["event", "name"], name="team_name_unique"),
        ]

    def __str__(self):
        return self.name


class TeamPlayer(models.Model):
    """A player of a team: a club member or a guest (by name). One player per team is its captain."""

    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="players", verbose_name=_("team"))
    position = models.PositiveSmallIntegerField(_("position"))
    member = models.ForeignKey(
        "club.Member",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="team_players",
        verbose_name=_("member"),
    )
    guest_name = models.CharField(_("guest"), max_length=80, blank=True)
    captain = models.BooleanField(_("captain"), default=False)

    objects = scoped_manager("team__event__club")

    class Meta:
        ordering = ["team", "position"]
        verbose_name = _("team player")
        verbose_name_plural = _("team players")
        constraints = [
            models.CheckConstraint(
                condition=(Q(member__isnull=False, guest_name="") | Q(member__isnull=True, guest_name__gt="")),
                name="teamplayer_member_or_guest",
            ),
            models.UniqueConstraint(fields=["team", "position"], name="teamplayer_position_unique"),
            models.UniqueConstraint(fields=["team"], condition=Q(captain=True), name="teamplayer_one_captain"),
        ]

    def __str__(self):
        return self.name

    @property
    def name(self) -> str:
        return str(self.member) if self.member_id else self.guest_name


class Match(models.Model):
    """One match of a round: home against away (no away team: a bye)."""

    event = models.ForeignKey(TeamEvent, on_delete=models.CASCADE, related_name="matches", verbose_name=_("event"))
    round = models.PositiveSmallIntegerField(_("round"))
    table = models.PositiveSmallIntegerField(_("table"))
    home = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="home_matches", verbose_name=_("home team"))
    away = models.ForeignKey(
        Team,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="away_matches",
        verbose_name=_("away team"),
        help_text=_("Empty: the home team has a bye."),
    )
    first_board = models.PositiveSmallIntegerField(_("first board"), default=1)
    totals_only = models.BooleanField(_("IMP totals entered without boards"), default=False)
    home_imps = models.IntegerField(_("home IMPs"), null=True, blank=True)
    away_imps = models.IntegerField(_("away IMPs"), null=True, blank=True)
    home_points = models.DecimalField(
        _("home board-a-match points"), max_digits=6, decimal_places=2, null=True, blank=True
    )
    away_points = models.DecimalField(
        _("away board-a-match points"), max_digits=6, decimal_places=2, null=True, blank=True
    )
    boards_scored = models.PositiveSmallIntegerField(_("boards scored"), default=0)
    complete = models.BooleanField(_("complete"), default=False)

    objects = scoped_manager("event__club")

    class Meta:
        ordering = ["event", "round", "table"]
        verbose_name = _("match")
        verbose_name_plural = _("matches")
        constraints = [
            models.UniqueConstraint(fields=["event", "round", "table"], name="match_table_unique"),
            models.CheckConstraint(condition=~Q(home=models.F("away")), name="match_two_different_teams"),
        ]

    def __str__(self):
        away = self.away.name if self.away_id else _("bye")
        return f"R{self.round}: {self.home.name} v {away}"

    @property
    def is_bye(self) -> bool:
        return self.away_id is None

    @property
    def started(self) -> bool:
        return self.totals_only or self.boards_scored > 0 or self.home_imps is not None

    def board_numbers(self, boards: int) -> range:
        return range(self.first_board, self.first_board + boards)


class BoardResult(models.Model):
    """A board played in one room: a contract with declarer and tricks, passed out, or an adjusted score."""

    class Room(models.IntegerChoices):
        ONE = 1, _("Room 1 (home NS)")
        TWO = 2, _("Room 2 (away NS)")

    class Seat(models.TextChoices):
        NORTH = "N", _("North")
        EAST = "E", _("East")
        SOUTH = "S", _("South")
        WEST = "W", _("West")

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="results", verbose_name=_("match"))
    board = models.PositiveSmallIntegerField(_("board"))
    room = models.PositiveSmallIntegerField(_("room"), choices=Room)
    contract = models.CharField(_("contract"), max_length=6, blank=True, help_text=_("e.g. 4SX, 3NT or PASS"))
    declarer = models.CharField(_("declarer"), max_length=1, choices=Seat, blank=True)
    tricks = models.PositiveSmallIntegerField(_("tricks"), null=True, blank=True)
    adjusted = models.CharField(_("adjusted score"), max_length=5, blank=True, help_text=_("A+, A or A-"))
    ns_score = models.IntegerField(_("NS score"), null=True, blank=True)
    # Raised by the service on every change: a match page drawn from an older version is refused.
    version = models.PositiveIntegerField(_("version"), default=1, editable=False)

    history = HistoricalRecords()

    objects = scoped_manager("match__event__club")

    class Meta:
        ordering = ["match", "board", "room"]
        verbose_name = _("board result")
        verbose_name_plural = _("board results")
        constraints = [
            models.UniqueConstraint(fields=["match", "board", "room"], name="boardresult_once_per_room"),
            models.CheckConstraint(
                condition=(Q(contract__gt="", adjusted="") | Q(contract="", adjusted__gt="")),
                name="boardresult_contract_or_adjusted",
            ),
            models.CheckConstraint(
                condition=Q(tricks__isnull=True) | Q(tricks__lte=13), name="boardresult_tricks_0_13"
            ),
        ]

    def __str__(self):
        return f"{self.match}: board {self.board} room {self.room}"


class Adjustment(models.Model):
    """A director's IMP or VP adjustment to one team in one match, with the reason shown publicly."""

    class Kind(models.TextChoices):
        IMPS = "imps", _("IMPs")
        VP = "vp", _("Victory points")

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="adjustments", verbose_name=_("match"))
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="adjustments", verbose_name=_("team"))
    kind = models.CharField(_("kind"), max_length=4, choices=Kind, default=Kind.VP)
    amount = models.DecimalField(
        _("amount"), max_digits=6, decimal_places=2, help_text=_("Negative for a penalty, e.g. -1 or -0.5.")
    )
    reason = models.CharField(_("reason"), max_length=200, help_text=_("Shown on the public pages."))
    created = models.DateTimeField(_("created"), auto_now_add=True)

    history = HistoricalRecords()

    objects = scoped_manager("match__event__club")

    class Meta:
        ordering = ["match", "created", "pk"]
        verbose_name = _("adjustment")
        verbose_name_plural = _("adjustments")

    def __str__(self):
        return f"{self.team}: {self.amount:+} {self.get_kind_display()} ({self.reason})"


class MatchDeal(HandRecord):
    """The deal of one board of a teams match, the same in both rooms (see `club.models.HandRecord`)."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="deals", verbose_name=_("match"))
    board = models.PositiveSmallIntegerField(_("board"))

    objects = scoped_manager("match__event__club")

    class Meta:
        ordering = ["match", "board"]
        verbose_name = _("deal")
        verbose_name_plural = _("deals")
        constraints = [models.UniqueConstraint(fields=["match", "board"], name="matchdeal_once_per_board")]

    def __str__(self):
        return f"{self.match}: board {self.board}"


class TeamTableEntry(TableEntrySwitch):
    """Table entry of a teams event: each room of each match enters its boards on a phone, from its own link."""

    event = models.OneToOneField(TeamEvent, on_delete=models.CASCADE, related_name="table_entry")
    # The live view marks a room late when its last board was confirmed (or play began) longer ago than this.
    late_minutes = models.PositiveSmallIntegerField(
        _("a room is late after (minutes without a board confirmed)"), default=DEFAULT_LATE_MINUTES
    )

    objects = scoped_manager("event__club")

    class Meta:
        verbose_name = _("table entry")
        verbose_name_plural = _("table entries")

    def __str__(self):
        return str(self.event)


class TypedRoomResult(TypedBoard):
    """A board typed at a room's table: kept as typed until the other side confirms it, then saved as the room's
    `BoardResult`. One per match, room and board (the idempotency key)."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="typed_results")
    room = models.PositiveSmallIntegerField(_("room"), choices=BoardResult.Room)
    board = models.PositiveSmallIntegerField(_("board"))
    result = models.ForeignKey(BoardResult, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")

    objects = scoped_manager("match__event__club")

    class Meta:
        ordering = ["match", "room", "board"]
        constraints = [models.UniqueConstraint(fields=["match", "room", "board"], name="typed_room_result_once")]

    def __str__(self):
        return f"{self.match}: board {self.board} room {self.room}"

    @property
    def confirmed(self) -> bool:
        """Confirmed and its result still there (one the director removed may be entered again)."""
        return self.confirmed_at is not None and self.result_id is not None

    @property
    def removed(self) -> bool:
        """Confirmed once, and its result since removed by the director: only a new entry brings it back."""
        return self.confirmed_at is not None and self.result_id is None


class RoomCorrectionRequest(TableCorrection):
    """A match's room asks the director to correct a board it confirmed."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="correction_requests")
    room = models.PositiveSmallIntegerField(_("room"), choices=BoardResult.Room)
    board = models.PositiveSmallIntegerField(_("board"))

    objects = scoped_manager("match__event__club")

    def __str__(self):
        return f"{self.match}: board {self.board} room {self.room}"
