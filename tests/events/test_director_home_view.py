from django.urls import reverse


def test_anonymous_visitor_is_sent_to_log_in(client, db):
    response = client.get(reverse("events:director"))
    assert response.status_code == 302
    assert response.url == f"{reverse('login')}?next={reverse('events:director')}"


def test_player_is_refused(player_client):
    assert player_client.get(reverse("events:director")).status_code == 403


def test_director_gets_in_and_sees_the_link(director_client):
    response = director_client.get(reverse("events:director"))
    assert response.status_code == 200
    assert "Director area" in response.content.decode()


def test_player_does_not_see_the_director_link(player_client):
    assert reverse("events:director") not in player_client.get(reverse("events:home")).content.decode()


def test_admin_link_only_for_staff(player_client, admin_client):
    """The home page is kept for every reader: the admin link comes in the reader's own fragment (reader.json)."""
    assert reverse("admin:index") not in player_client.get(reverse("events:home")).content.decode()
    assert reverse("admin:index") not in player_client.get(reverse("events:reader")).json()["nav"]
    assert reverse("admin:index") in admin_client.get(reverse("events:reader")).json()["nav"]
