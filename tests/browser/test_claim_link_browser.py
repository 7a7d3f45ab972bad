"""Links that reach the site (issue 27, item 7; issue 29, item 8): `make run` gives the site the address of the
port it serves on, so a claim link read from the console email opens on that port; a couple sharing an email
claims two accounts from it and both log in (issue 27, item 8)."""

import re
import subprocess
from pathlib import Path

from django.urls import reverse

from club.models import Member
from tests.builders.tasks import IMMEDIATE

ROOT = Path(__file__).resolve().parents[2]
PASSWORDS = {"Ana": "ana-own-passphrase", "Ion": "ion-own-passphrase"}


def make_runs_with(port: int) -> dict[str, str]:
    """The environment `make run PORT=port` gives runsite, the server and the worker (make's dry run: nothing runs)."""
    dry = subprocess.run(["make", "-n", "run", f"PORT={port}"], cwd=ROOT, capture_output=True, text=True, check=True)
    line = next(line for line in dry.stdout.splitlines() if "runsite" in line)
    assert line.endswith(f"runsite 127.0.0.1:{port}"), line
    return dict(re.findall(r"(\w+)=(\S+)", line.split("manage.py")[0]))


def test_make_run_gives_the_site_the_port_it_serves_on():
    assert make_runs_with(8123)["SITE_URL"] == "http://127.0.0.1:8123"
    assert make_runs_with(8000)["SITE_URL"] == "http://127.0.0.1:8000"


def test_a_couple_claims_from_the_console_email_on_the_served_port(page, live_server, settings, capsys):
    port = live_server.thread.port
    settings.SITE_URL = make_runs_with(port)["SITE_URL"]
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "127.0.0.1"]  # as DEBUG=1 allows under `make run`
    settings.EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"  # as `make run`: emails on the console
    settings.TASKS = IMMEDIATE  # the worker's part: the emails sent as their request commits
    for first, number in (("Ana", "301"), ("Ion", "302")):
        Member.objects.create(first_name=first, last_name="Pop", number=number, email="pop@home.test")
    page.goto(reverse("accounts:claim"))
    page.fill("#id_email", "Pop@Home.test")
    page.get_by_role("button", name="Send me a link").click()
    page.wait_for_load_state()
    console = capsys.readouterr().out
    links = dict(re.findall(r"(\w+) Pop \(membership number \d+\):\n(\S+)", console))
    assert set(links) == {"Ana", "Ion"}, console
    for name, link in links.items():
        assert link.startswith(f"http://127.0.0.1:{port}/accounts/claim/"), link
        page.context.clear_cookies()
        page.goto(link)  # the link as emailed: its own host and port
        page.fill("#id_new_password1", PASSWORDS[name])
        page.fill("#id_new_password2", PASSWORDS[name])
        page.keyboard.press("Enter")
        page.wait_for_url(re.compile(r"/accounts/me/$"))
        assert "membership number" in page.content()
    for name in ("Ana", "Ion"):
        page.context.clear_cookies()
        page.goto(f"{live_server.url}/accounts/login/")
        page.fill("#id_username", "pop@home.test")
        page.fill("#id_password", PASSWORDS[name])
        page.keyboard.press("Enter")
        page.wait_for_url(lambda url: "/accounts/login/" not in url)
        page.goto(f"{live_server.url}{reverse('accounts:me')}")
        assert f"{name} Pop" in page.content(), name
