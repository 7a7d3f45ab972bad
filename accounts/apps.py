from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class AccountsConfig(AppConfig):
    """Players' own accounts: claiming one by email, logging in by email, "my results", privacy choices, the
    member's data and removal, invitations, and the results emails sent after each publication."""

    name = "accounts"
    verbose_name = _("Player accounts")

    def ready(self) -> None:
        from accounts.tasks import results_published
        from events.checks.services.publication import on_published

        on_published(results_published)
