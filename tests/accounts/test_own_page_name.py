"""A member whose public pages show a pair number only still sees their own name on their own page; anyone
else never reaches that page."""

from django.urls import reverse

from club.models import Member
from club.privacy import Privacy
from tests.builders.accounts import logged_in_client


def test_a_private_member_sees_their_own_name(player_user, client):
    member = Member.objects.create(
        number="77", first_name="Pilar", last_name="Ibáñez", privacy=Privacy.PAIR_NUMBER, user=player_user
    )
    url = reverse("events:member_detail", args=[member.pk])
    page = logged_in_client(player_user).get(url).content.decode()
    assert "<h1>Pilar Ibáñez" in page and "<title>Pilar Ibáñez" in page and "Private player" not in page
    assert client.get(url).status_code == 404  # the public: no page, no name


def test_an_initials_member_sees_the_full_name_and_the_public_the_initials(player_user, client):
    member = Member.objects.create(first_name="Pilar", last_name="Ibáñez", privacy=Privacy.INITIALS, user=player_user)
    url = reverse("events:member_detail", args=[member.pk])
    assert "<h1>Pilar Ibáñez" in logged_in_client(player_user).get(url).content.decode()
    public = client.get(url).content.decode()
    assert "<h1>P. I." in public and "Ibáñez" not in public


def test_my_account_page_is_headed_and_titled_by_my_name(player_user):
    # Seen in the club night's walk: /accounts/me/ had an empty <h1>, the "You" badge alone.
    Member.objects.create(
        number="78", first_name="Pilar", last_name="Ibáñez", privacy=Privacy.PAIR_NUMBER, user=player_user
    )
    page = logged_in_client(player_user).get(reverse("accounts:me")).content.decode()
    assert "<h1>Pilar Ibáñez <span" in page and "<title>My results" in page
