"""python manage.py analyse_hands: every stored deal whose double-dummy analysis is pending, analysed in batches.

The task worker does the same on its own (`club.tasks.analyse_pending_hands`, enqueued when deals are stored);
runs that overlap share the work, never analysing one deal twice.
"""

from django.core.management.base import CommandError
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from club.hand_analysis import analyse_pending
from club.tenancy import ClubCommand
from deals.analysis import BATCH


class Command(ClubCommand):
    club_option = ClubCommand.ANY

    @property
    def help(self) -> str:
        return _(
            "Analyses double dummy every stored deal whose analysis is pending (pairs sessions and teams matches), "
            "in batches, now (the task worker does it on its own). Runs at the same time never analyse one deal twice."
        )

    def add_arguments(self, parser):
        parser.add_argument(
            "--batch",
            type=int,
            default=BATCH,
            help=_("deals sent to DDS in one call (1 to %(most)s)") % {"most": BATCH},
        )

    def handle(self, *args, batch, **options):
        if not 1 <= batch <= BATCH:
            raise CommandError(_("--batch takes a number from 1 to %(most)s.") % {"most": BATCH})
        count = analyse_pending(batch=batch)
        self.stdout.write(ngettext("%(count)s deal analysed.", "%(count)s deals analysed.", count) % {"count": count})
