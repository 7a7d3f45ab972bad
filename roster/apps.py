from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RosterConfig(AppConfig):
    """The club admins' roster (members added, changed, imported, deactivated), merges of guests and duplicate
    members, and the roles (who directs, who administers). Its models (`Member`, `Merge`) are the core's, in `club`:
    every app reads them; this app writes them."""

    name = "roster"
    verbose_name = _("Roster")
