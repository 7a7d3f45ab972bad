from django.utils.translation import gettext as _

from accounts.services import invite_members
from club.tenancy import ClubCommand


class Command(ClubCommand):
    help = "Invite every member with an email and no login, never invited before, to claim an account."

    def handle(self, *args, **options) -> None:
        self.stdout.write(_("%(count)d members invited.") % {"count": invite_members()})
