"""python manage.py create_club SHORT_NAME --name "NAME" [--host HOST]: the new club's id on the last line."""

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError

from club.clubs import create_club


class Command(BaseCommand):
    help = "Makes a club the site serves (at /c/SHORT_NAME/ with CLUBS=many). Prints its id on the last line."

    def add_arguments(self, parser):
        parser.add_argument("short_name", help="its address: lower-case letters, digits and dashes")
        parser.add_argument("--name", required=True, help="the club's name")
        parser.add_argument("--host", default="", help="its own host name, if it has one")

    def handle(self, *args, short_name: str, name: str, host: str, **options) -> None:
        try:
            club = create_club(short_name=short_name, name=name, host=host)
        except ValidationError as refused:
            raise CommandError("; ".join(refused.messages)) from None
        self.stdout.write(f"Club {club.name} made: /c/{club.short_name}/")
        self.stdout.write(str(club.pk))
