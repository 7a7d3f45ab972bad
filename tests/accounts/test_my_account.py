"""A member's own pages: my results (the member page's data), choices, a new email confirmed by link, everything
the site holds about them (JSON and CSV), removal; and the club admin's invitations."""

import csv
import io
import json
import re

from django.contrib.auth.models import User
from django.core import mail
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from accounts.models import Invitation
from accounts.services import claim_account
from club.models import Member
from club.page_cache import CLUB
from events.models import Pair
from tests.builders.accounts import CLAIMED_PASSWORD as PASSWORD
from tests.builders.accounts import logged_in_client
from tests.builders.published import published_session


def played(db_member_email: str = "first@example.org") -> tuple[Member, Client]:
    """A member of a published session, with an account: (member, their logged-in client)."""
    published_session()
    member = Pair.objects.filter(player1__isnull=False).order_by("pk").first().player1
    member.email = db_member_email
    member.save()
    claim_account(member=member, password=PASSWORD)
    member.refresh_from_db()
    return member, logged_in_client(member.user)


def test_my_results_are_the_member_pages(db):
    member, client = played()
    mine = client.get(reverse("accounts:me")).content.decode()
    public = Client().get(reverse("events:member_detail", args=[member.pk])).content.decode()
    assert "Club night" in mine and "1 session played since" in mine and "1 session played since" in public
    assert reverse("accounts:data_json") in mine and reverse("accounts:preferences") in mine


def test_a_login_without_a_member_has_no_results_page(player_client):
    response = player_client.get(reverse("accounts:me"))
    assert response.status_code == 200 and "not a member" in response.content.decode()


def test_choices_are_saved_and_move_the_cached_pages_on(member_client, claimed):
    from django.core.cache import cache

    before = cache.get(f"pages:v:{CLUB}")
    response = member_client.post(
        reverse("accounts:preferences"), {"privacy": "initials", "results_by_email": "on", "language": "ro"}
    )
    assert response.status_code == 302
    claimed.refresh_from_db()
    assert (claimed.privacy, claimed.results_by_email, claimed.language) == ("initials", True, "ro")
    assert cache.get(f"pages:v:{CLUB}") != before


def test_bad_choices_are_put_back(member_client, claimed):
    response = member_client.post(reverse("accounts:preferences"), {"privacy": "everyone", "language": "xx" * 50})
    assert response.status_code == 200
    claimed.refresh_from_db()
    assert claimed.privacy == "name"


def test_a_new_email_is_changed_by_its_link_only(member_client, claimed):
    response = member_client.post(reverse("accounts:email"), {"email": "rosa@new.example", "password": PASSWORD})
    assert response.status_code == 302
    claimed.refresh_from_db()
    assert claimed.email == "Rosa@Example.org"  # not yet
    [message] = mail.outbox
    assert message.to == ["rosa@new.example"]
    path = re.search(r"https://results\.example\.org(/accounts/me/email/[^\s]+/)", message.body).group(1)
    assert Client().get(path).status_code == 200
    claimed.refresh_from_db()
    assert claimed.email == "rosa@new.example" and claimed.user.email == "rosa@new.example"
    assert Client().get(path).status_code == 400  # once
    assert Client().post(reverse("login"), {"username": "rosa@new.example", "password": PASSWORD}).status_code == 302


def test_a_new_email_needs_the_password_and_a_free_address(member_client, claimed):
    User.objects.create_user("someone", email="taken@example.org")
    wrong = member_client.post(reverse("accounts:email"), {"email": "rosa@new.example", "password": "nope"})
    taken = member_client.post(reverse("accounts:email"), {"email": "TAKEN@example.org", "password": PASSWORD})
    assert wrong.status_code == taken.status_code == 200 and mail.outbox == []
    assert "That is not your password" in wrong.content.decode()
    assert "Another account uses this address" in taken.content.decode()


def test_my_data_holds_everything_about_me(db):
    member, client = played()
    response = client.get(reverse("accounts:data_json"))
    assert response["Content-Disposition"] == 'attachment; filename="my-data.json"'
    data = json.loads(response.content)
    assert data["member"] == [
        {
            "first_name": member.first_name,
            "last_name": member.last_name,
            "number": None,
            "email": "first@example.org",
            "active": True,
            "privacy": "name",
            "results_by_email": False,
            "language": "",
        }
    ]
    assert data["account"][0]["email"] == "first@example.org"
    [session] = data["sessions"]
    assert session["session"] == "Club night" and session["pair"] == Pair.objects.get(player1=member).label
    assert set(data) == {"member", "account", "sessions", "team_events", "rubbers", "invitations", "results_emails"}
    rows = list(csv.reader(io.StringIO(client.get(reverse("accounts:data_csv")).content.decode())))
    assert rows[0] == ["PART", "RECORD", "FIELD", "VALUE"]
    assert ["member", "1", "email", "first@example.org"] in rows and ["sessions", "1", "session", "Club night"] in rows


def test_removal_keeps_the_results_under_the_chosen_name(db):
    member, client = played()
    real_name, pair = member.real_name, Pair.objects.get(player1=member)
    refused = client.post(reverse("accounts:remove"), {"guest_name": "Old Ghost", "password": "nope", "confirm": "on"})
    assert refused.status_code == 200 and User.objects.filter(pk=member.user_id).exists()
    response = client.post(
        reverse("accounts:remove"), {"guest_name": "Old Ghost", "password": PASSWORD, "confirm": "on"}
    )
    assert response.status_code == 302
    member.refresh_from_db()
    assert member.user is None and member.email == "" and member.removed_on is not None
    assert not User.objects.filter(email="first@example.org").exists()
    assert "_auth_user_id" not in client.session
    ranking = Client().get(reverse("events:session", args=[pair.section.session_id])).content.decode()
    assert "Old Ghost" in ranking and real_name not in ranking
    assert Client().get(reverse("events:member_detail", args=[member.pk])).status_code == 404
    assert real_name not in Client().get(reverse("club:members")).content.decode()


def test_removal_without_a_name_says_former_member(db):
    member, client = played()
    client.post(reverse("accounts:remove"), {"guest_name": "", "password": PASSWORD, "confirm": "on"})
    session_id = Pair.objects.get(player1=member).section.session_id
    assert "Former member" in Client().get(reverse("events:session", args=[session_id])).content.decode()


def test_invitations_go_once_and_never_to_an_account(club_admin_client, claimed):
    Member.objects.create(first_name="Ivo", last_name="Invited", email="ivo@example.org")
    Member.objects.create(first_name="Nia", last_name="Noemail")
    page = club_admin_client.get(reverse("accounts:invitations")).content.decode()
    assert "1 member with an email address has no account" in page
    assert club_admin_client.post(reverse("accounts:invite")).status_code == 302
    assert [message.to for message in mail.outbox] == [["ivo@example.org"]]
    assert "/accounts/claim/" in mail.outbox[0].body
    call_command("invite_members")
    club_admin_client.post(reverse("accounts:invite"))
    assert len(mail.outbox) == 1 and Invitation.objects.count() == 1


def test_a_removed_member_is_no_longer_matched_by_name(db):
    from events.setup.services.setup import PlayersTyped, set_players
    from tests.builders.sessions import club_night

    member, client = played()
    client.post(reverse("accounts:remove"), {"guest_name": "Old Ghost", "password": PASSWORD, "confirm": "on"})
    _session, section = club_night(name="Next week")
    pair = section.pairs.order_by("pk").first()
    problems = set_players(typed=[PlayersTyped(pair, "Old Ghost", "First3 Last3")])
    assert (pair.pk, "player1") in problems  # a name no member has: the director must say it is a guest
    pair.refresh_from_db()
    assert pair.player1_id is None
