"""python manage.py create_club SHORT_NAME --name "NAME" [--host HOST] [--admin-email EMAIL [--admin-name "FIRST
LAST"]]: the new club's id on the last line."""

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError

from club.clubs import FirstAdmin, open_club


class Command(BaseCommand):
    help = "Makes a club the site serves (at /c/SHORT_NAME/ with CLUBS=many). Prints its id on the last line."

    def add_arguments(self, parser):
        parser.add_argument("short_name", help="its address: lower-case letters, digits and dashes")
        parser.add_argument("--name", required=True, help="the club's name")
        parser.add_argument("--host", default="", help="its own host name, if it has one")
        parser.add_argument("--admin-email", default="", help="its first club admin: the account with this email")
        parser.add_argument("--admin-name", default="", help="the first admin's name, for an account made now")

    def handle(self, *args, short_name: str, name: str, host: str, admin_email: str, admin_name: str, **options):
        first, _, last = admin_name.strip().partition(" ")
        admin = FirstAdmin(admin_email, first, last) if admin_email else None
        try:
            made = open_club(short_name=short_name, name=name, host=host, first_admin=admin)
        except ValidationError as refused:
            raise CommandError("; ".join(refused.messages)) from None
        self.stdout.write(f"Club {made.club.name} made: /c/{made.club.short_name}/")
        if made.admin is not None:
            self.stdout.write(f"First club admin: {made.admin.get_username()}")
            if made.admin_is_new:
                self.stdout.write(f"Set its password: manage.py changepassword {made.admin.get_username()}")
        self.stdout.write(str(made.club.pk))
