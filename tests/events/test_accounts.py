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


def test_the_data_migration_makes_the_directors_group(db):
    """Run here on its own, on the models as they were then: a transactional test earlier on the same worker
    (tests/events/test_page_bytes.py, the browser tests) flushes every table, the migrations' rows with them."""
    import importlib

    from django.contrib.auth.models import Group
    from django.db import connection
    from django.db.migrations.executor import MigrationExecutor

    migration = importlib.import_module("events.migrations.0002_directors_group")
    then = MigrationExecutor(connection).loader.project_state(("events", "0002_directors_group")).apps
    Group.objects.filter(name="Directors").delete()
    migration.create_directors_group(then, None)
    codenames = set(Group.objects.get(name="Directors").permissions.values_list("codename", flat=True))
    assert {"direct_sessions", "add_session", "change_session", "add_member"} <= codenames
