from django.db import transaction

from club.tenancy import ClubCommand
from events.hands.services.pair_par import store_pair_par
from events.models import Session
from events.standings.services.member_summaries import refresh_all_member_summaries, refresh_stale_member_summaries

BATCH = 200  # sessions whose pairs' figures against par are stored at once


class Command(ClubCommand):
    club_option = ClubCommand.ANY

    help = (
        "Stores every pair's figure against par and every member's summary (what the member page shows from the "
        "whole history) again: once after upgrading, or after data was loaded around the site's services. With "
        "--stale, only the summaries a changed line marked stale."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--stale",
            action="store_true",
            help="only the summaries marked stale by a changed line (the task worker does it when they are marked; "
            "the member page counts the whole history of a stale one meanwhile)",
        )

    def handle(self, *args, **options):
        if options["stale"]:
            self.stdout.write(f"Stale summaries written: {refresh_stale_member_summaries()}.")
            return
        session_ids = list(Session.objects.order_by("pk").values_list("pk", flat=True))
        pairs = 0
        for start in range(0, len(session_ids), BATCH):
            with transaction.atomic():
                pairs += len(store_pair_par(session_ids=session_ids[start : start + BATCH]))
        members = refresh_all_member_summaries()
        self.stdout.write(f"Figures against par stored again: {pairs} pairs changed. Summaries written: {members}.")
