"""Rubbers and Chicagos played at the club's tables, their deals, the club's choices and the seasons."""

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from club.models import Member
from club.tenancy import ClubField, scoped_manager

from . import sheet as pad

NAME_LENGTH = 40


class GameKind(models.TextChoices):
    RUBBER = "rubber", _("Rubber")
    CHICAGO = "chicago", _("Chicago")


class ChicagoBonus(models.TextChoices):
    FOURTH = "fourth", _("100 for a part-score made on the fourth deal")
    STANDING = "standing", _("100 to a side with a part-score still standing after the fourth deal")
    NONE = "none", _("No part-score bonus")


class Rounding(models.TextChoices):
    DOWN50 = "down50", _("Nearest 100, 50 rounds down")
    UP50 = "up50", _("Nearest 100, 50 rounds up")
    EXACT = "exact", _("Exact (no rounding)")


class Seat(models.TextChoices):
    NORTH = "N", _("North")
    EAST = "E", _("East")
    SOUTH = "S", _("South")
    WEST = "W", _("West")


class Side(models.TextChoices):
    WE = "We", pgettext_lazy("scoresheet column", "We")
    THEY = "They", pgettext_lazy("scoresheet column", "They")


class ClubChoices(models.Model):
    """The club's way of playing (one row): copied into each rubber when it starts."""

    club = ClubField()

    chicago_bonus = models.CharField(
        _("part-score bonus at Chicago"), max_length=10, choices=ChicagoBonus, default=ChicagoBonus.FOURTH
    )
    rounding = models.CharField(_("scores in hundreds"), max_length=10, choices=Rounding, default=Rounding.DOWN50)
    rotate = models.BooleanField(_("partners change after each Chicago"), default=True)

    objects = scoped_manager("club")

    class Meta:
        verbose_name = _("rubber room settings")
        verbose_name_plural = _("rubber room settings")

    def __str__(self):
        return str(_("rubber room settings"))

    @classmethod
    def current(cls) -> "ClubChoices":
        return cls.objects.order_by("pk").first() or cls()


class Season(models.Model):
    club = ClubField()
    name = models.CharField(_("name"), max_length=60)
    starts = models.DateField(_("first day"))
    ends = models.DateField(_("last day"))

    objects = scoped_manager("club")

    class Meta:
        ordering = ["-starts"]
        verbose_name = _("rubber season")
        verbose_name_plural = _("rubber seasons")
        constraints = [
            models.CheckConstraint(condition=models.Q(ends__gte=models.F("starts")), name="rubber_season_dates")
        ]

    def __str__(self):
        return self.name

    def clean(self):
        """The season's days in order (the form's message; the database's constraint holds it too)."""
        if self.starts and self.ends and self.ends < self.starts:
            raise ValidationError({"ends": _("The last day comes before the first.")})


class Scorepad(models.Model):
    club = ClubField()
    kind = models.CharField(_("game"), max_length=10, choices=GameKind, default=GameKind.RUBBER)
    played_on = models.DateField(_("evening"))
    first_dealer = models.CharField(_("first dealer"), max_length=1, choices=Seat)
    chicago_bonus = models.CharField(
        _("part-score bonus at Chicago"), max_length=10, choices=ChicagoBonus, default=ChicagoBonus.FOURTH
    )
    rounding = models.CharField(_("scores in hundreds"), max_length=10, choices=Rounding, default=Rounding.DOWN50)
    rotate = models.BooleanField(_("partners change after each Chicago"), default=True)
    ended = models.BooleanField(_("stopped unfinished"), default=False)
    finished = models.BooleanField(_("finished"), default=False, editable=False)
    we_total = models.IntegerField(_("We"), default=0, editable=False)
    they_total = models.IntegerField(_("They"), default=0, editable=False)
    we_score = models.IntegerField(_("net score of We, rounded"), default=0, editable=False)
    version = models.PositiveIntegerField(default=0, editable=False)
    follows = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="next", verbose_name=_("after")
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("started by"),
    )
    created = models.DateTimeField(auto_now_add=True)
    # Consent (services.confirm): the sheet counts in the evening's table and the league only as confirmed, at the
    # version a director wrote or approved, or another player at the table confirmed; any later write by a player
    # makes it pending again.
    confirmed_version = models.PositiveIntegerField(null=True, blank=True, editable=False)
    written_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        editable=False,
        verbose_name=_("last written by"),
        help_text=_("the last player (not a director) who wrote the sheet: someone else at the table confirms it"),
    )

    objects = scoped_manager("club")

    class Meta:
        ordering = ["-played_on", "-pk"]
        verbose_name = _("rubber")
        verbose_name_plural = _("rubbers")
        indexes = [models.Index(fields=["played_on", "finished"])]

    def __str__(self):
        return f"{self.get_kind_display()} {self.pk} ({self.played_on})"

    @property
    def counted(self) -> bool:
        """Whether the sheet as it is now was confirmed (by a director, or by another player at the table)."""
        return self.confirmed_version == self.version

    def deal_list(self) -> list[pad.DealIn]:
        return [deal.as_input() for deal in self.deals.all()]

    def build_sheet(self, deals: list[pad.DealIn] | None = None, ended: bool | None = None) -> pad.Sheet:
        return pad.build(
            self.kind,
            self.first_dealer,
            self.deal_list() if deals is None else deals,
            self.chicago_bonus,
            self.ended if ended is None else ended,
        )

    def seats(self) -> dict[str, "SeatedPlayer"]:
        return {player.seat: player for player in self.players.all()}

    def score_of(self, side: str) -> int:
        return self.we_score if side == "We" else -self.we_score


class SeatedPlayer(models.Model):
    rubber = models.ForeignKey(Scorepad, on_delete=models.CASCADE, related_name="players")
    seat = models.CharField(_("seat"), max_length=1, choices=Seat)
    member = models.ForeignKey(
        Member, null=True, blank=True, on_delete=models.SET_NULL, related_name="+", verbose_name=_("member")
    )
    name = models.CharField(_("name"), max_length=130, help_text=_("a guest's name, or the member's when seated"))

    objects = scoped_manager("rubber__club")

    class Meta:
        ordering = ["rubber", "seat"]
        constraints = [models.UniqueConstraint(fields=["rubber", "seat"], name="rubber_player_seat")]

    def __str__(self):
        return self.shown_name

    @property
    def shown_name(self) -> str:
        """The name the reader may see: a member's as their privacy choice says (`club.privacy`), a guest's as typed."""
        return self.member.full_name if self.member_id and self.member else self.name

    @property
    def side(self) -> str:
        return pad.SIDE_OF_SEAT[self.seat]

    @property
    def key(self) -> str:
        return f"m{self.member_id}" if self.member_id else "g" + " ".join(self.name.casefold().split())


class Deal(models.Model):
    rubber = models.ForeignKey(Scorepad, on_delete=models.CASCADE, related_name="deals")
    number = models.PositiveSmallIntegerField(_("deal"))
    side = models.CharField(_("declaring side"), max_length=4, choices=Side)
    contract = models.CharField(_("contract"), max_length=8)
    tricks = models.PositiveSmallIntegerField(_("tricks"), null=True, blank=True)
    honours_side = models.CharField(_("honours held by"), max_length=4, choices=Side, blank=True)
    honours = models.PositiveSmallIntegerField(_("honours"), default=0)

    objects = scoped_manager("rubber__club")

    class Meta:
        ordering = ["rubber", "number"]
        constraints = [models.UniqueConstraint(fields=["rubber", "number"], name="rubber_deal_number")]

    def __str__(self):
        return f"{self.number}: {self.contract}"

    def as_input(self) -> pad.DealIn:
        honours = (self.honours_side, self.honours) if self.honours_side and self.honours else None
        return pad.DealIn(self.side, self.contract, self.tricks, honours)
