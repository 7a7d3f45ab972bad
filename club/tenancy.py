"""Which club a query is about: the one scoping mechanism of a site that serves many clubs (issue 31).

The request's club is held in a context variable (`club_scope`), set by `club.club_middleware.ClubMiddleware` from
the request (the club's own host name or the `/c/SHORT_NAME/` prefix), by a command's `--club SHORT_NAME`
(`ClubCommand`), or by a test. Every club-owned model's default manager is a `scoped_manager(path)`: with
`CLUBS=many` each of its queries is narrowed to that club along `path` (the root's own `club` column, or a
child's path to its root: a section's `session__club`), and a query made while no club is set raises
`ClubNotSet` (a bug found loudly, never another club's rows). Work that is every club's by nature (the
background tasks, which name their rows by id) runs in `all_clubs()`. A root's `ClubField` fills itself with
the current club, so that the services that create records never name the club.

Why managers and a context variable rather than PostgreSQL's row-level security: the suite runs on SQLite too,
the rule lives in one Python module that the tests exercise on both databases, and a context variable is per
thread and per asyncio task, so that two requests served at once never see each other's club.

In single-club mode (the default, `CLUBS` unset) the managers do not narrow anything and nothing needs setting: the
one club (made on migrate) owns every record, and the queries, pages and addresses are today's.
"""

from __future__ import annotations

import contextvars
from collections.abc import Iterator
from contextlib import contextmanager

from django.apps import apps
from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.db import connections, models
from django.utils.translation import gettext as _

ALL = "all"  # the scope of work that is every club's (the background tasks)
_club: contextvars.ContextVar[int | str | None] = contextvars.ContextVar("club", default=None)
_single: list[int] = []  # the one club's id in single-club mode, found once (forgotten on migrate and flush)


class ClubNotSet(RuntimeError):
    """A query or a new record on a club-owned model while no club is set, on a site serving many clubs."""


def many_clubs() -> bool:
    return getattr(settings, "CLUBS", "one") == "many"


@contextmanager
def club_scope(club_id: int | str | None) -> Iterator[None]:
    """The block's queries and new records are club `club_id`'s (`ALL`: every club's, for reading by id)."""
    token = _club.set(getattr(club_id, "pk", club_id))
    try:
        yield
    finally:
        _club.reset(token)


def all_clubs():
    return club_scope(ALL)


def scoped_club() -> int | str | None:
    """The club set for the current block or request (its id, or `ALL`), or None."""
    return _club.get()


def forget_single_club(*, sender=None, using: str = "default", **_kwargs) -> None:
    """After a migrate or a flush (`post_migrate`): the one club's id found again, the club made if the database
    has none (a test's flushed database), outside any test's transaction."""
    _single.clear()
    if getattr(sender, "name", None) != "club":
        return
    connection = connections[using]
    if apps.get_model("club", "Club")._meta.db_table in connection.introspection.table_names():
        single_club_id()


def single_club_id() -> int:
    """The one club's id, made when a database has none (a test's flushed database)."""
    if not _single:
        club_model = apps.get_model("club", "Club")
        first = club_model._base_manager.order_by("pk").values_list("pk", flat=True).first()
        if first is None:
            first = club_model._base_manager.create(name="Bridge club", short_name="club").pk
        _single.append(first)
    return _single[0]


def current_club_id() -> int:
    """The club a new record belongs to: the one set, else the one club; ClubNotSet on a many-club site."""
    club_id = _club.get()
    if isinstance(club_id, int):
        return club_id
    if many_clubs():
        raise ClubNotSet("A club-owned record made while no club is set (club_scope, --club).")
    return single_club_id()


def narrowed(queryset: models.QuerySet, path: str) -> models.QuerySet:
    """`queryset` narrowed to the current club along `path` (nothing to narrow with one club)."""
    if not many_clubs():
        return queryset
    club_id = _club.get()
    if club_id == ALL:
        return queryset
    if club_id is None:
        raise ClubNotSet(f"A query on {queryset.model.__name__} while no club is set (club_scope, all_clubs).")
    return queryset.filter(**{path: club_id})


def in_scope(club_id: int) -> bool:
    """Whether a record of club `club_id`, read by a statement the managers do not narrow (`club.statements`), is
    the current club's: the same rule as `narrowed`, for one row already read."""
    if not many_clubs():
        return True
    current = _club.get()
    if current is None:
        raise ClubNotSet("A record read while no club is set (club_scope, all_clubs).")
    return current == ALL or current == club_id


class ClubQuerySet(models.QuerySet):
    """A club-owned model's queryset, narrowed to the current club when its query is first read (when it runs, or is
    used in another query), not when it is built: a form's choices built when its module is imported (a model
    field's form field) are narrowed for each request's club, and building one outside any club raises nothing
    until it runs. Clones carry the narrowing still to do."""

    _club_path: str | None = None

    @property
    def query(self):
        path = self._club_path
        if path is not None:
            self._club_path = None
            if many_clubs():
                self._filter_or_exclude_inplace(False, (), _narrowing(self.model, path))
        return super().query

    @query.setter
    def query(self, value):
        models.QuerySet.query.fset(self, value)

    def _clone(self):
        pending, self._club_path = self._club_path, None  # the clone narrows when it runs, not this one now
        try:
            clone = super()._clone()
        finally:
            self._club_path = pending
        clone._club_path = pending
        return clone


def _narrowing(model: type[models.Model], path: str) -> dict:
    club_id = _club.get()
    if club_id is None:
        raise ClubNotSet(f"A query on {model.__name__} while no club is set (club_scope, all_clubs).")
    return {} if club_id == ALL else {path: club_id}


class ClubScopedManager(models.Manager):
    club_path = "club"

    def get_queryset(self) -> models.QuerySet:
        queryset = super().get_queryset()
        queryset._club_path = self.club_path
        return queryset


def scoped_manager(path: str = "club", queryset: type[models.QuerySet] = models.QuerySet) -> ClubScopedManager:
    """A default manager narrowing every query to the current club along `path` (a class attribute, since Django
    builds the related managers from the class alone)."""
    scoped = (
        queryset
        if issubclass(queryset, ClubQuerySet)
        else type(f"Club{queryset.__name__}", (ClubQuerySet, queryset), {})
    )
    manager_class = ClubScopedManager.from_queryset(scoped)
    return type(f"ClubScoped{queryset.__name__}Manager", (manager_class,), {"club_path": path})()


class ClubField(models.ForeignKey):
    """A club-owned root's club: filled with the current club when a record is made. Migrations see a plain
    ForeignKey (they never import live code)."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("to", "club.Club")
        kwargs.setdefault("on_delete", models.PROTECT)
        kwargs.setdefault("related_name", "+")
        kwargs.setdefault("editable", False)
        super().__init__(*args, **kwargs)

    def get_default(self):
        # An unsaved record (a page's form, a test's object) reads no database: with one club whose id is not known
        # yet, the column is filled when the record is saved (`pre_save`).
        club_id = _club.get()
        if not isinstance(club_id, int) and not many_clubs() and not _single:
            return None
        return current_club_id()

    def pre_save(self, model_instance, add):
        if add and getattr(model_instance, self.attname) is None:
            setattr(model_instance, self.attname, current_club_id())
        return super().pre_save(model_instance, add)

    def deconstruct(self):
        name, _path, args, kwargs = super().deconstruct()
        return name, "django.db.models.ForeignKey", args, kwargs


class ClubCommand(BaseCommand):
    """A management command that touches club-owned records: every one of our apps' commands but the site's own
    (`create_club`, `runsite`, `worker`) derives from it, so that each runs in a club's scope (`club_scope`).

    `club_option` says how the command finds its club:
    - `ONE` (the default): `--club SHORT_NAME`, needed on a site serving many clubs, optional with one;
    - `ANY`: `--club SHORT_NAME` for one club, or every club's work without it (the maintenance a worker also does:
      analysing deals, storing standings, writing summaries);
    - `SITE`: no `--club`, the whole site's (a backup and its restore are the whole database)."""

    ONE, ANY, SITE = "one", "any", "site"
    club_option = ONE

    def create_parser(self, prog_name, subcommand, **kwargs):
        parser = super().create_parser(prog_name, subcommand, **kwargs)
        if self.club_option != self.SITE:
            every = self.club_option == self.ANY
            parser.add_argument(
                "--club",
                metavar="SHORT_NAME",
                help=_("the club's short name (its address); every club's when not given")
                if every
                else _("the club's short name (its address), needed on a site serving many clubs"),
            )
        return parser

    def execute(self, *args, **options):
        if self.club_option == self.SITE:
            scope = ALL
        elif not options.get("club") and isinstance(_club.get(), int):
            scope = _club.get()  # called (call_command) inside a club's scope: that club's
        else:
            scope = command_club(options.get("club"), every=self.club_option == self.ANY)
        with club_scope(scope):
            return super().execute(*args, **options)


def command_club(short_name: str | None, *, every: bool = False) -> int | str | None:
    """The id of the club a command names (None in single-club mode without --club; `ALL` without it for a command
    that does every club's work)."""
    if not short_name:
        if every:
            return ALL
        if many_clubs():
            raise CommandError(_("This site serves many clubs: say which with --club SHORT_NAME."))
        return None
    found = apps.get_model("club", "Club")._base_manager.filter(short_name=short_name).values_list("pk", flat=True)
    if not found:
        raise CommandError(_("--club: no club with the short name %(name)r.") % {"name": short_name})
    return found[0]
