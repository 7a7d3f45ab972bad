"""Two directors saving a custom movement under one name at once: the later is told on the form (issue 29)."""

from functools import partial

from django.urls import reverse

from movements.forms import CustomMovementForm
from movements.models import CustomMovement
from tests.builders.accounts import director, logged_in_client
from tests.builders.concurrency import checked_together, run_at_once
from tests.builders.movements import SOUND


def test_two_directors_saving_one_movement_name_at_once(database, monkeypatch):
    users = [director(name, name.title()) for name in ("first", "second")]
    checked_together(monkeypatch, CustomMovementForm, "validate_unique")

    def save(user, description):
        response = logged_in_client(user).post(
            reverse("movements:custom_create"), {"name": "Club Howell", "description": description, "csv_text": SOUND}
        )
        return response.status_code, response.content.decode()

    results, errors = run_at_once([partial(save, users[0], "one"), partial(save, users[1], "two")], database)
    assert errors == [], errors
    assert sorted(code for code, _page in results) == [200, 302]
    refused = next(page for code, page in results if code == 200)
    assert "was saved a moment ago" in refused
    assert CustomMovement.objects.filter(name="Club Howell").count() == 1
