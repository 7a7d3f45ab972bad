from django.db import transaction

from club.tenancy import ClubCommand
from events.entry.services.locking import NOW, refresh_stale_standings
from events.models import TableEntry
from events.standings.services.standings import store_standings


class Command(ClubCommand):
    club_option = ClubCommand.ANY

    help = (
        "Stores every pair's standing again from its session's ranking (after data was loaded or changed "
        "around the site's services); with --stale, only those of the sessions whose tables' results marked them "
        "(the task worker stores them a second after the tables' results, as the tables' pages do while open)."
    )

    def add_arguments(self, parser):
        parser.add_argument("--stale", action="store_true", help="only the sessions the tables' results marked")

    def handle(self, *args, **options):
        if options["stale"]:
            marked = TableEntry.objects.stale().values_list("session_id", flat=True)
            stored = sum(refresh_stale_standings(session_id=session_id, every=NOW) for session_id in list(marked))
            self.stdout.write(f"Standings stored again: {stored} sessions.")
            return
        with transaction.atomic():
            changed = store_standings()
        self.stdout.write(f"Standings stored again: {changed} pairs changed.")
