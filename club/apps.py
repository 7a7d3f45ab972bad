from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ClubConfig(AppConfig):
    """What every app shares: members, access, CSV files, form helpers, bridge notation, the messages of the
    pure packages, and the registries through which the apps add to the member page and the demo club."""

    name = "club"
    verbose_name = _("Members")
