from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ClubConfig(AppConfig):
    """What every app shares: members, access, CSV files, form helpers, bridge notation, the messages of the
    pure packages, and the registries through which the apps add to the member page and the demo club."""

    name = "club"
    verbose_name = _("Members")

    def ready(self) -> None:
        from django.db.backends.signals import connection_created
        from django.db.models.signals import post_delete, post_migrate, post_save

        from club.collation import register_sqlite_collation
        from club.models import Member
        from club.tenancy import forget_single_club

        # Names sort accent-insensitively on SQLite as on PostgreSQL (club/collation.py).
        connection_created.connect(register_sqlite_collation, dispatch_uid="club-name-collation")
        # A member's name is on every results page: any change to a member is recorded in the unit of
        # work (the one write of the club app's own data that the results pages show; see club/unit_of_work.py).
        post_save.connect(_members_changed, sender=Member, dispatch_uid="club-pages-members-saved")
        post_delete.connect(_members_changed, sender=Member, dispatch_uid="club-pages-members-deleted")
        # The one club's id is remembered (single-club mode); a migrate or a test's flush may make it again.
        post_migrate.connect(forget_single_club, dispatch_uid="club-forget-single-club")


def _members_changed(*, instance, **_kwargs) -> None:
    from club.unit_of_work import MEMBER, record_change

    record_change(MEMBER, instance.pk)
