"""Privacy on every public page: a member who chose initials or their pair number only is never named on any
public page of a published club, nor in its CSV downloads, nor in a page kept in the cache from before the
change; directors still read the names."""

import pytest
from django.test import Client
from django.urls import reverse

from accounts.services import save_preferences
from club.models import Member
from club.privacy import Privacy, initials
from events.models import Pair
from teams.models import TeamPlayer
from tests.builders.accounts import logged_in_client
from tests.builders.table_entry import open_tables


@pytest.fixture
def published_club(published_club_kept):
    """The published club built once for this module (its tests roll back their writes)."""
    return published_club_kept


def choose(member: Member, privacy: str) -> None:
    """The member's choice, saved as the choices page saves it (the service moves the cached pages on)."""
    from accounts.forms import PreferencesForm

    form = PreferencesForm({"privacy": privacy, "results_by_email": "", "language": ""}, instance=member)
    assert form.is_valid(), form.errors
    save_preferences(form=form)


@pytest.fixture
def club_pages(published_club):
    """Every public page of the published club, a teams player made a member, and the table pages."""
    session, event, urls = published_club
    player = TeamPlayer.objects.filter(team__event=event).order_by("pk").first()
    player.member, player.guest_name = Member.objects.create(first_name="Tina", last_name="Teamster"), ""
    player.save()
    tables = open_tables(session)
    return {**urls, **{f"table {name}": path for name, path in tables.items()}}


def read_all(client: Client, urls: dict[str, str]) -> dict[str, tuple[int, str]]:
    pages = {}
    for name, url in urls.items():
        response = client.get(url)
        assert response.status_code in (200, 404), (name, response.status_code)
        pages[name] = (response.status_code, response.content.decode())
    return pages


@pytest.mark.parametrize("privacy", [Privacy.INITIALS, Privacy.PAIR_NUMBER])
def test_a_hidden_name_is_on_no_public_page(club_pages, privacy, player_user, director_user):
    members = list(Member.objects.all())
    read_all(Client(), club_pages)  # the pages are now in the cache, with the names
    anonymous_before = read_all(Client(), {"ranking": club_pages["ranking"]})
    assert members[0].real_name in anonymous_before["ranking"][1]
    for member in members:
        choose(member, privacy)
    names = [member.real_name for member in members]
    assert "Tina Teamster" in names and "Ana Pad" in names and len(names) >= 17
    for reader in (Client(), logged_in_client(player_user)):
        for page, (_status, content) in read_all(reader, club_pages).items():
            shown = [name for name in names if name in content]
            assert shown == [], f"{page} names {shown}"
    ranking = Client().get(club_pages["ranking"]).content.decode()
    if privacy == Privacy.INITIALS:
        assert initials(members[0].first_name, members[0].last_name) in ranking
        assert Client().get(club_pages["member"]).status_code == 200
    else:
        assert "Private player" in ranking
        assert Client().get(club_pages["member"]).status_code == 404
        assert f'href="{club_pages["member"]}"' not in ranking  # no link to a page that is not shown
    director = logged_in_client(director_user).get(club_pages["ranking"]).content.decode()
    assert members[0].real_name in director  # directors still read the names


def test_a_member_by_pair_number_is_off_the_public_members_list(published_club, director_user):
    _session, _event, urls = published_club
    hidden = Member.objects.filter(pk=Pair.objects.filter(player1__isnull=False).first().player1_id).get()
    choose(hidden, Privacy.PAIR_NUMBER)
    assert hidden.real_name not in Client().get(urls["members"]).content.decode()
    assert hidden.real_name in logged_in_client(director_user).get(urls["members"]).content.decode()


def test_the_member_reads_their_own_page(published_club):
    from tests.builders.accounts import CLAIMED_PASSWORD as PASSWORD

    _session, _event, urls = published_club
    member = Member.objects.filter(pk=Pair.objects.filter(player1__isnull=False).first().player1_id).get()
    from accounts.services import claim_account

    member.email = "first@example.org"
    member.save()
    client = logged_in_client(claim_account(member=member, password=PASSWORD))
    choose(member, Privacy.PAIR_NUMBER)
    assert client.get(reverse("events:member_detail", args=[member.pk])).status_code == 200
