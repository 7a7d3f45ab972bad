from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ClubConfig(AppConfig):
    """What every app shares: members, access, CSV files, form helpers, bridge notation, the messages of the
    pure packages, and the registries through which the apps add to the member page and the demo club."""

    name = "club"
    verbose_name = _("Members")

    def ready(self) -> None:
        from django.db.backends.signals import connection_created
        from django.db.models.signals import post_migrate

        from club.collation import register_sqlite_collation
        from club.history_managers import keep_history_managers
        from club.tenancy import forget_single_club

        # Names sort accent-insensitively on SQLite as on PostgreSQL (club/collation.py).
        connection_created.connect(register_sqlite_collation, dispatch_uid="club-name-collation")
        # No signal moves a page: a member's name is on every results page, and every write of a member (the roster's
        # and the accounts' services, the admin) records its change in the unit of work (club/unit_of_work.py).
        # The one club's id is remembered (single-club mode); a migrate or a test's flush may make it again.
        post_migrate.connect(forget_single_club, dispatch_uid="club-forget-single-club")
        # `Model.history`'s manager class made once per model, not at every save of a tracked model.
        keep_history_managers()
