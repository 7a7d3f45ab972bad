from django.urls import reverse


def test_login_with_the_right_password_goes_home(client, player_user):
    response = client.post(reverse("login"), {"username": "player", "password": "correct-horse-battery"})
    assert response.status_code == 302
    assert response.url == reverse("events:home")


def test_login_with_a_wrong_password_keeps_the_username_and_says_why(client, player_user):
    response = client.post(reverse("login"), {"username": "player", "password": "nope"})
    page = response.content.decode()
    assert response.status_code == 200
    assert "Please enter a correct username and password" in page
    assert 'value="player"' in page


def test_logout_is_post_only_and_logs_out(player_client):
    assert player_client.get(reverse("logout")).status_code == 405
    response = player_client.post(reverse("logout"))
    assert response.status_code == 302
    assert "_auth_user_id" not in player_client.session


def test_language_switch_to_spanish(client, db):
    response = client.post(reverse("set_language"), {"language": "es", "next": reverse("events:home")}, follow=True)
    assert response.status_code == 200
    assert response.wsgi_request.LANGUAGE_CODE == "es"
    assert '<html lang="es">' in response.content.decode()


def test_directors_group_holds_the_director_permission(director_user, player_user):
    assert director_user.has_perm("events.direct_sessions")
    assert not player_user.has_perm("events.direct_sessions")


def test_the_data_migration_made_the_directors_group(db):
    from django.contrib.auth.models import Group

    codenames = set(Group.objects.get(name="Directors").permissions.values_list("codename", flat=True))
    assert {"direct_sessions", "add_session", "change_session", "add_member"} <= codenames
