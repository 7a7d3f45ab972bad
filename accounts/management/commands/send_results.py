from django.utils.translation import gettext as _

from accounts.results_mail import send_results
from club.tenancy import ClubCommand


class Command(ClubCommand):
    help = (
        "Email each player who asked for them the results of every recent publication not sent yet (the task "
        "worker sends each publication's as it is published)."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("--days", type=int, default=7, help="only sessions played in the last DAYS days (7)")

    def handle(self, *args, days: int, **options) -> None:
        sent = send_results(days=max(0, min(days, 3660)))
        self.stdout.write(_("%(count)d results emails sent.") % {"count": sent})
