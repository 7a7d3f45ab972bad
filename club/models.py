"""The clubs the site serves, their members, the publication status and the hand records' fields that pairs
sessions and teams events share."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from club.privacy import Privacy, page_is_public, shown_name
from club.tenancy import ClubField, scoped_manager
from deals import Hands
from deals.analysis import Analysis, ParContract


class PublishStatus(models.TextChoices):
    """Where a session or a teams event stands: in progress (hidden from all but directors), then published."""

    IN_PROGRESS = "in_progress", _("In progress")
    PROVISIONAL = "provisional", _("Provisional")
    FINAL = "final", _("Final")


class Club(models.Model):
    """A club the site serves (a tenant, `club.tenancy`): what it owns is every record of its roots (see
    club/README.md). In single-club mode there is one, made on migrate."""

    name = models.CharField(_("name"), max_length=120)
    short_name = models.SlugField(
        _("short name"), max_length=40, unique=True, help_text=_("Its address on a site serving many clubs: /c/NAME/.")
    )
    host = models.CharField(_("host name"), max_length=200, blank=True, help_text=_("Its own address, if it has one."))
    language = models.CharField(_("language"), max_length=8, choices=settings.LANGUAGES, blank=True)
    time_zone = models.CharField(_("time zone"), max_length=60, blank=True)
    preset = models.CharField(_("default scoring preset"), max_length=20, blank=True)
    conventions = models.JSONField(_("default scoring conventions"), default=dict, blank=True)
    colour = models.CharField(_("colour"), max_length=7, blank=True)
    accent_colour = models.CharField(_("accent colour"), max_length=7, blank=True)
    logo = models.FileField(_("logo"), upload_to="club-logos/", blank=True)

    class Meta:
        ordering = ["name", "pk"]
        verbose_name = _("club")
        verbose_name_plural = _("clubs")
        constraints = [
            models.UniqueConstraint(fields=["host"], condition=~models.Q(host=""), name="club_host_unique"),
        ]

    def __str__(self):
        return self.name


class MemberQuerySet(models.QuerySet):
    def active(self):
        """The members who still play (the ones offered when players are typed or chosen)."""
        return self.filter(active=True)


class Member(models.Model):
    club = ClubField()
    first_name = models.CharField(_("first name"), max_length=60)
    last_name = models.CharField(_("last name"), max_length=60)
    number = models.CharField(_("membership number"), max_length=20, null=True, blank=True)  # noqa: DJ001 (NULL: no number)
    email = models.EmailField(_("email"), blank=True)
    active = models.BooleanField(_("active"), default=True)
    # A person's login (issue 31): one member record at each club they play at, at most one at a club.
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("login"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="members",
        related_query_name="member",
    )
    # What the member chose (issue 18): how the public pages name them, results by email and in which language.
    privacy = models.CharField(_("shown on public pages by"), max_length=8, choices=Privacy, default=Privacy.NAME)
    results_by_email = models.BooleanField(
        _("results by email"), default=False, help_text=_("An email with my place and scorecard after each session.")
    )
    language = models.CharField(
        _("language"),
        max_length=8,
        choices=settings.LANGUAGES,
        blank=True,
        help_text=_("The language of the emails sent to me (the site's own when left empty)."),
    )
    # Set when the member asked to be removed: the names are then the guest name they chose (or none), no login.
    removed_on = models.DateTimeField(_("removed on"), null=True, blank=True, editable=False)

    objects = scoped_manager("club", MemberQuerySet)

    class Meta:
        db_table = "events_member"  # the table it had when members lived in the events app
        ordering = ["last_name", "first_name"]
        # A membership number is the club's own: two clubs may each have a member 1001.
        constraints = [
            models.UniqueConstraint(fields=["club", "number"], name="member_number_per_club"),
            # A login is one member of a club at most (and may be one of several clubs').
            models.UniqueConstraint(
                fields=["club", "user"], condition=models.Q(user__isnull=False), name="member_login_per_club"
            ),
        ]
        verbose_name = _("member")
        verbose_name_plural = _("members")
        permissions = [("administer_club", _("Can manage the roster, merge people and say who directs"))]

    def __str__(self):
        return self.full_name

    @property
    def full_name(self) -> str:
        """The name as the current reader may see it (`club.privacy`): every page names members through it."""
        return shown_name(self.first_name, self.last_name, self.privacy, self.removed_on is not None)

    @property
    def real_name(self) -> str:
        """The name the member is known by, for matching what a director types and for the member's own pages."""
        return f"{self.first_name} {self.last_name}"

    @property
    def page_is_public(self) -> bool:
        return page_is_public(self.privacy, self.removed_on is not None)


class ClubRole(models.Model):
    """A role a login holds at one club (issue 31: roles are per club): director or club admin. The role's group
    (`club.roles`) carries Django's permission; this row says at which club it counts."""

    class Role(models.TextChoices):
        DIRECTOR = "director", _("Director")
        CLUB_ADMIN = "admin", _("Club admin")

    club = ClubField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="club_roles", verbose_name=_("login")
    )
    role = models.CharField(_("role"), max_length=8, choices=Role)

    objects = scoped_manager("club")

    class Meta:
        verbose_name = _("role at a club")
        verbose_name_plural = _("roles at clubs")
        constraints = [models.UniqueConstraint(fields=["club", "user", "role"], name="club_role_once")]

    def __str__(self):
        return f"{self.user_id} {self.role} @{self.club_id}"


class HandRecord(models.Model):
    """A board's deal (four hands in PBN form), where it came from, and its stored double-dummy analysis.

    Written only by the apps' services (`events.hands.services.hands`, `teams.services.hands`), which check the deal
    and store it with its analysis pending (``dd_tricks`` empty); `club.hand_analysis` (the `analyse_hands`
    command) analyses the pending deals, claiming each (``analysis_claim``, ``analysis_claimed_at``) so that two
    runs never analyse one deal twice. Pages read the stored analysis and never run DDS.
    """

    class Source(models.TextChoices):
        PBN = "pbn", _("PBN file")
        TYPED = "typed", _("Typed in")

    north = models.CharField(_("North"), max_length=16)
    east = models.CharField(_("East"), max_length=16)
    south = models.CharField(_("South"), max_length=16)
    west = models.CharField(_("West"), max_length=16)
    source = models.CharField(_("source"), max_length=8, choices=Source, default=Source.PBN)
    source_name = models.CharField(_("file name"), max_length=120, blank=True)
    # tricks[seat][strain] double dummy, e.g. {"N": {"C": 9, "D": 6, "H": 5, "S": 6, "NT": 6}, ...}
    dd_tricks = models.JSONField(_("double-dummy tricks"), null=True, blank=True, editable=False)
    par_score = models.IntegerField(_("par score (NS)"), null=True, blank=True, editable=False)
    # [{"contract": "3HX", "declarers": "EW", "result": -1}, ...]
    par_contracts = models.JSONField(_("par contracts"), default=list, blank=True, editable=False)
    updated = models.DateTimeField(_("updated"), auto_now=True)
    # The run analysing the deal (a random token; "" when none) and since when: a claim older than
    # `club.hand_analysis.CLAIM_MINUTES` is a run that died, and another run takes the deal.
    analysis_claim = models.CharField(max_length=32, blank=True, default="", editable=False)
    analysis_claimed_at = models.DateTimeField(null=True, blank=True, editable=False)
    # The analysis attempts that failed since the deal was stored (the hands page says "analysis failed:
    # retrying"); at `club.background.ATTEMPTS` the deal is left unanalysed until it is stored again.
    analysis_failures = models.PositiveSmallIntegerField(default=0, editable=False)

    class Meta:
        abstract = True

    @property
    def deal(self) -> Hands:
        return Hands(self.north, self.east, self.south, self.west)

    @property
    def analysed(self) -> bool:
        return self.dd_tricks is not None and self.par_score is not None

    def stored_analysis(self) -> Analysis | None:
        """The stored analysis as `deals.analysis` gives it (for the PBN export); None while it is pending."""
        if self.dd_tricks is None or self.par_score is None:
            return None
        par = tuple(
            ParContract(str(item["contract"]), str(item["declarers"]), int(item["result"]))
            for item in self.par_contracts
        )
        return Analysis(self.dd_tricks, self.par_score, par)


class Merge(models.Model):
    """A guest or a duplicate member merged into a member (`roster.services.merging`): what each app's merge handler
    changed, kept so that the merge can be undone exactly."""

    into = models.ForeignKey(
        Member, on_delete=models.PROTECT, related_name="merges_into", verbose_name=_("merged into")
    )
    from_member = models.ForeignKey(
        Member,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="merges_from",
        verbose_name=_("merged member"),
    )
    from_guest = models.CharField(_("merged guest"), max_length=130, blank=True)
    changes = models.JSONField(_("changes"), default=dict, editable=False)  # {handler name: what it changed}
    deactivated = models.BooleanField(_("merged member deactivated"), default=False, editable=False)
    made_at = models.DateTimeField(_("merged on"), auto_now_add=True)
    made_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    undone_at = models.DateTimeField(_("undone on"), null=True, blank=True)
    undone_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    objects = scoped_manager("into__club")

    class Meta:
        ordering = ["-made_at", "-pk"]
        verbose_name = _("merge")
        verbose_name_plural = _("merges")

    def __str__(self):
        return f"{self.source_name} → {self.into}"

    @property
    def source_name(self) -> str:
        return str(self.from_member) if self.from_member_id else self.from_guest

    @property
    def rows(self) -> int:
        """How many rows the merge changed, in every app."""
        return sum(len(change) for change in self.changes.values())


class TableEntrySwitch(models.Model):
    """Table entry of an event (a pairs session, a teams event): its switch, and the random key every table's
    link secret comes from (`club.table_entry.new_key`, made when it is first opened)."""

    is_open = models.BooleanField(_("table entry open"), default=False)
    key = models.CharField(max_length=64, editable=False)

    class Meta:
        abstract = True


class TypedBoard(models.Model):
    """A board as a table typed it on a phone, kept until the other side confirms it (then saved as the app's
    result). `version` moves with each change: a confirmation names the version it saw. `side` ('NS' or 'EW', from
    its own link) typed it; the other side's different result is kept beside it (`disputed`: its contract,
    declarer, tricks, lead, NS score and side) until one side accepts the other's or the director settles it
    (`club.table_sides`)."""

    contract = models.CharField(_("contract"), max_length=12)
    declarer = models.CharField(_("declarer"), max_length=1, blank=True)
    tricks = models.CharField(_("result"), max_length=3, blank=True)
    lead = models.CharField(_("lead"), max_length=3, blank=True)
    ns_score = models.IntegerField(_("NS score"), null=True, blank=True)
    version = models.PositiveIntegerField(default=1)
    confirmed_at = models.DateTimeField(_("confirmed at"), null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)  # the live view's clock: play began at the first board typed
    side = models.CharField(_("entered by"), max_length=2, blank=True)
    disputed = models.JSONField(_("the other side's result"), default=dict, blank=True)

    class Meta:
        abstract = True

    @property
    def in_dispute(self) -> bool:
        return bool(self.disputed)

    @property
    def versions(self) -> list[dict]:
        """Both sides' results while they disagree, North-South's first (none otherwise)."""
        if not self.in_dispute:
            return []
        kept = {name: getattr(self, name) for name in ("contract", "declarer", "tricks", "lead", "ns_score")}
        both = [{**kept, "side": self.side}, dict(self.disputed)]
        return sorted(both, key=lambda version: version.get("side") != "NS")


class TableCorrection(models.Model):
    """A table asks the director to correct a confirmed board (`events.CorrectionRequest`,
    `teams.RoomCorrectionRequest`): open until the director marks it done on the live view."""

    note = models.CharField(_("what is wrong"), max_length=200, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    resolved = models.BooleanField(_("done"), default=False)

    class Meta:
        abstract = True
        ordering = ["resolved", "-created_at"]


class PeriodicRun(models.Model):
    """When each of `settings.PERIODIC_TASKS` runs next (`club.periodic`): the worker that moves it on with a
    conditional UPDATE enqueues the run, so that several workers enqueue each run once."""

    name = models.CharField(max_length=200, unique=True)
    next_at = models.DateTimeField()

    def __str__(self) -> str:
        return self.name
