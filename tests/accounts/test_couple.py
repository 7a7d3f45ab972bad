"""Two members who share an email, a couple (issue 27, item 8): the roster import's preview warns; one claim
sends one email with each member's own link; each gets their own account; both log in by the email (their own
password says which) or by their membership number."""

import re

from django.core import mail
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from club.models import Member
from roster.services.members import plan_import, read_roster

ROSTER = "NUMBER,FIRST_NAME,LAST_NAME,EMAIL\n301,Ana,Pop,pop@home.test\n302,Ion,Pop,Pop@Home.test\n303,Eva,Lup,\n"
PASSWORDS = {"Ana": "ana-own-passphrase", "Ion": "ion-own-passphrase"}


def import_the_roster(client: Client) -> str:
    upload = SimpleUploadedFile("roster.csv", ROSTER.encode(), "text/csv")
    preview = client.post(reverse("roster:roster_import"), {"file": upload})
    confirm = client.post(reverse("roster:roster_import_confirm"), {"text": preview.context["confirm"].initial["text"]})
    assert confirm.status_code == 302
    return preview.content.decode()


def claim_links(message) -> dict[str, str]:
    """{first name: the path of their link} from the one claim email."""
    found = re.findall(
        r"(\w+) Pop \(membership number (\d+)\):\nhttps://results\.example\.org(/accounts/claim/\S+/)", message.body
    )
    return {name: path for name, _number, path in found}


def log_in(identifier: str, password: str) -> str | None:
    client = Client()
    client.post(reverse("login"), {"username": identifier, "password": password})
    return client.session.get("_auth_user_id")


def test_a_couple_imported_claims_two_accounts_and_both_log_in(club_admin_client):
    preview = import_the_roster(club_admin_client)
    assert 'id="shared-emails"' in preview and "1 email address is shared by several members" in preview
    assert "pop@home.test: Ana Pop (301), Ion Pop (302)" in preview
    assert Client().post(reverse("accounts:claim"), {"email": "POP@home.test"}).status_code == 200
    assert len(mail.outbox) == 1  # one email to the one address, with both links
    links = claim_links(mail.outbox[0])
    assert set(links) == {"Ana", "Ion"}, mail.outbox[0].body
    for name in ("Ana", "Ion"):
        password = PASSWORDS[name]
        response = Client().post(links[name], {"new_password1": password, "new_password2": password})
        assert response.status_code == 302, name
    ana, ion = (Member.objects.get(number=number) for number in ("301", "302"))
    assert ana.user_id and ion.user_id and ana.user_id != ion.user_id
    assert log_in("pop@home.test", PASSWORDS["Ana"]) == str(ana.user_id)
    assert log_in("Pop@Home.TEST", PASSWORDS["Ion"]) == str(ion.user_id)
    assert log_in("301", PASSWORDS["Ana"]) == str(ana.user_id)
    assert log_in("302", PASSWORDS["Ion"]) == str(ion.user_id)
    assert log_in("pop@home.test", "neither-of-theirs") is None


def test_the_second_of_a_couple_chooses_a_different_password(db):
    for first, number in (("Ana", "301"), ("Ion", "302")):
        Member.objects.create(first_name=first, last_name="Pop", number=number, email="pop@home.test")
    Client().post(reverse("accounts:claim"), {"email": "pop@home.test"})
    links = claim_links(mail.outbox[0])
    same = {"new_password1": PASSWORDS["Ana"], "new_password2": PASSWORDS["Ana"]}
    assert Client().post(links["Ana"], same).status_code == 302
    response = Client().post(links["Ion"], same)
    assert response.status_code == 200 and "choose a different one" in response.content.decode()
    assert Member.objects.get(number="302").user_id is None  # nothing made
    typed = response.content.decode()
    assert 'name="new_password1"' in typed


def test_one_member_alone_gets_the_usual_email(db):
    Member.objects.create(first_name="Eva", last_name="Lup", number="303", email="eva@home.test")
    Client().post(reverse("accounts:claim"), {"email": "eva@home.test"})
    assert mail.outbox[0].body.startswith("Hello Eva Lup,")
    assert "membership number" not in mail.outbox[0].body


def test_the_preview_counts_the_rosters_other_members_too(db):
    Member.objects.create(first_name="Ana", last_name="Pop", number="301", email="POP@home.test")
    plan = plan_import(read_roster("NUMBER,FIRST_NAME,LAST_NAME,EMAIL\n302,Ion,Pop,pop@home.test\n"))
    assert plan.shared_emails == [("pop@home.test", ["Ion Pop (302)", "Ana Pop (301)"])]
    alone = plan_import(read_roster("NUMBER,FIRST_NAME,LAST_NAME,EMAIL\n301,Ana,Pop,pop@home.test\n"))
    assert alone.shared_emails == []
