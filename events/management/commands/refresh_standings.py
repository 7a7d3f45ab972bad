from django.core.management.base import BaseCommand
from django.db import transaction

from events.services.standings import refresh_all_standings


class Command(BaseCommand):
    help = (
        "Stores every pair's standing again from its session's ranking (after data was loaded or changed "
        "around the site's services)."
    )

    def handle(self, *args, **options):
        with transaction.atomic():
            changed = refresh_all_standings()
        self.stdout.write(f"Standings stored again: {changed} pairs changed.")
