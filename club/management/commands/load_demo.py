from club.demo import load_demo
from club.tenancy import ClubCommand


class Command(ClubCommand):
    help = (
        "Loads the demo club (members with emails, a director's, a club admin's and a player's login, demo "
        "sessions). Safe to run twice."
    )

    def handle(self, *args, **options):
        info = load_demo()
        self.stdout.write(f"Demo club ready: {info['members']} members, {info['sessions']} sessions.")
        for role, username, password in info["logins"]:
            self.stdout.write(f"{role.capitalize()} login: username {username!r}, password {password!r}")
        self.stdout.write("Emails (claims, invitations, results) are printed on this console.")
