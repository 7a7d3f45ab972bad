from django.core.management.base import BaseCommand

from club.demo import load_demo


class Command(BaseCommand):
    help = "Loads the demo club (members, a director account, demo sessions). Safe to run twice."

    def handle(self, *args, **options):
        info = load_demo()
        self.stdout.write(f"Demo club ready: {info['members']} members, {info['sessions']} sessions.")
        self.stdout.write(
            f"Director login: username {info['director_username']!r}, password {info['director_password']!r}"
        )
