"""On the teams pages (the director's event page too) a member's name links to that member's page, not to the
members list; a guest's name links nowhere."""

from django.urls import reverse

from club.models import Member
from teams.models import TeamEvent
from teams.services.rosters import PlayerEntry, save_team
from tests.builders.teams import make_event


def test_member_names_link_to_the_member(director_client, db):
    event = make_event(teams=2, start=False)
    member = Member.objects.create(number="501", first_name="Gloria", last_name="Sánchez")
    players = [PlayerEntry(member=member, captain=True), *(PlayerEntry(guest_name=f"Guest {i}") for i in range(3))]
    team = save_team(event=event, name="Sánchez four", players=players)
    member_url = reverse("events:member_detail", args=[member.pk])
    for url in (reverse("teams:event_setup", args=[event.pk]), reverse("teams:team", args=[team.pk])):
        page = director_client.get(url).content.decode()
        assert f'<a href="{member_url}">Gloria Sánchez</a>' in page
        assert f'<a href="{reverse("club:members")}">Gloria' not in page and '">Guest 1</a>' not in page


def test_a_member_whose_page_is_private_is_not_linked(client, db):
    from club.privacy import Privacy

    event = make_event(teams=2, start=False)
    member = Member.objects.create(number="502", first_name="Pilar", last_name="Ibáñez", privacy=Privacy.PAIR_NUMBER)
    players = [PlayerEntry(member=member, captain=True), *(PlayerEntry(guest_name=f"Guest {i}") for i in range(3))]
    team = save_team(event=event, name="Four", players=players)
    TeamEvent.objects.filter(pk=event.pk).update(status=TeamEvent.Status.FINAL)
    response = client.get(reverse("teams:team", args=[team.pk]))
    page = response.content.decode()
    assert response.status_code == 200 and "Four" in page
    assert reverse("events:member_detail", args=[member.pk]) not in page and "Ibáñez" not in page
