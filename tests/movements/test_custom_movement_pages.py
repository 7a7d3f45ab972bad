"""Custom movements in the director area: save one from a file or pasted CSV, show it, download it, delete it."""

import datetime
import re
from html import unescape

import pytest
from django.contrib.messages import get_messages
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from events.models import Section, Session
from movement_generators.api import howell, movement_to_csv
from movements.models import CustomMovement
from tests.builders.movements import HEADER, SOUND


@pytest.fixture
def custom(db):
    return CustomMovement.objects.create(name="Two-table Howell", csv_text=SOUND, description="Four pairs")


def text_of(response) -> str:
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", response.content.decode())))


def problems_of(response) -> str:
    html = response.content.decode()
    start = html.index('id="csv-problems"')
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", html[start : html.index("</div>", start)])))


def messages_of(response) -> list[str]:
    return [str(message) for message in get_messages(response.wsgi_request)]


def create(client, **fields):
    data = {"name": "My movement", "description": "", "csv_text": ""}
    data.update(fields)
    return client.post(reverse("movements:custom_create"), data)


# ----- access ---------------------------------------------------------------------------------------------------


def custom_urls(custom):
    return [
        ("get", reverse("movements:custom_create")),
        ("post", reverse("movements:custom_create")),
        ("get", reverse("movements:custom_detail", args=[custom.pk])),
        ("get", reverse("movements:custom_csv", args=[custom.pk])),
        ("post", reverse("movements:custom_delete", args=[custom.pk])),
    ]


def test_anonymous_visitors_are_sent_to_log_in(anonymous_client, custom):
    for method, url in custom_urls(custom):
        response = getattr(anonymous_client, method)(url, {"name": "x", "csv_text": SOUND} if method == "post" else {})
        assert response.status_code == 302 and response.url.startswith(reverse("login")), url
    assert CustomMovement.objects.count() == 1


def test_players_are_refused(player_client, custom):
    for method, url in custom_urls(custom):
        response = getattr(player_client, method)(url, {"name": "x", "csv_text": SOUND} if method == "post" else {})
        assert response.status_code == 403, url
    assert CustomMovement.objects.count() == 1


def test_delete_needs_post(director_client, custom):
    assert director_client.get(reverse("movements:custom_delete", args=[custom.pk])).status_code == 405
    assert CustomMovement.objects.filter(pk=custom.pk).exists()


def test_unknown_movements_are_not_found(director_client):
    for name in ("custom_detail", "custom_csv"):
        assert director_client.get(reverse(f"movements:{name}", args=[99])).status_code == 404
    assert director_client.post(reverse("movements:custom_delete", args=[99])).status_code == 404


# ----- creating -------------------------------------------------------------------------------------------------


def test_the_form(director_client):
    response = director_client.get(reverse("movements:custom_create"))
    assert response.status_code == 200
    html = response.content.decode()
    assert html.count("<h1") == 1 and 'enctype="multipart/form-data"' in html and "csrfmiddlewaretoken" in html
    for name in ("name", "description", "csv_file", "csv_text"):
        assert f'name="{name}"' in html
    assert 'name="save_anyway"' not in html  # offered only for a movement whose pairs meet twice


def test_paste_a_sound_movement(director_client):
    response = create(director_client, name="Two tables", description="Four pairs", csv_text=SOUND)
    custom = CustomMovement.objects.get()
    assert response.status_code == 302 and response.url == reverse("movements:custom_detail", args=[custom.pk])
    assert (custom.name, custom.description, custom.csv_text) == ("Two tables", "Four pairs", SOUND)
    assert messages_of(response) == ["Custom movement “Two tables” saved."]


def test_upload_a_file(director_client):
    movement_csv = movement_to_csv(howell(4))
    upload = SimpleUploadedFile("howell.csv", ("\ufeff" + movement_csv).encode("utf-8"), content_type="text/csv")
    response = director_client.post(
        reverse("movements:custom_create"), {"name": "Howell from file", "csv_text": "", "csv_file": upload}
    )
    assert response.status_code == 302
    assert CustomMovement.objects.get().csv_text == movement_csv


def test_upload_a_windows_file_with_semicolons(director_client):
    text = SOUND.replace(",", ";").replace("\n", "\r\n").replace("round", "Round")
    upload = SimpleUploadedFile("movement.csv", text.encode("cp1252"), content_type="text/csv")
    response = director_client.post(
        reverse("movements:custom_create"), {"name": "Pärchen", "csv_text": "", "csv_file": upload}
    )
    assert response.status_code == 302 and CustomMovement.objects.get().name == "Pärchen"


def test_bad_csv_shows_every_problem_with_its_line_and_keeps_the_input(director_client):
    text = HEADER + "1,1,4,1,1,3\n1,x,3,2,1,3\n2,1,4,2,6,4\n2,2,1\n"
    response = create(director_client, name="Broken", description="keep me", csv_text=text)
    assert response.status_code == 200 and CustomMovement.objects.count() == 0
    problems = problems_of(response)
    assert "The CSV cannot be read: 3 problems." in problems
    assert "Line 3: table 'x' is not a whole number 1,x,3,2,1,3" in problems
    assert "Line 4: low_board 6 is greater than high_board 4 2,1,4,2,6,4" in problems
    assert "Line 5: expected 6 fields, found 3 2,2,1" in problems
    html = response.content.decode()
    assert 'value="Broken"' in html and 'value="keep me"' in html
    assert "1,x,3,2,1,3\n2,1,4,2,6,4" in unescape(html)  # the text box keeps the CSV
    assert html.count("<h1") == 1


def test_missing_columns(director_client):
    response = create(director_client, csv_text="round,table,ns_pair\n1,1,1\n")
    assert "Line 1: missing columns: ew_pair, low_board, high_board" in problems_of(response)
    assert CustomMovement.objects.count() == 0


def test_a_movement_that_check_refuses_is_not_saved(director_client):
    text = HEADER + "1,1,1,2,1,2\n1,2,3,4,3,4\n2,1,1,3,1,2\n2,2,3,2,3,4\n"  # pair 1 replays 1-2, pair 3 at two tables
    response = create(director_client, csv_text=text, save_anyway="on")
    assert response.status_code == 200 and CustomMovement.objects.count() == 0
    problems = problems_of(response)
    assert "The movement is not sound: 3 problems." in problems
    assert "Line 4: pair 1 plays boards 1-2 again (already played on line 2) 2,1,1,3,1,2" in problems
    assert "Line 5: pair 3 is already playing in round 2 on line 4 2,2,3,2,3,4" in problems
    assert "Such a movement cannot be played or scored" in problems
    assert 'name="save_anyway"' not in response.content.decode()  # no way round it


def test_pairs_in_two_places_are_refused(director_client):
    text = HEADER + "1,1,1,2,1,2\n1,2,1,3,3,4\n"
    response = create(director_client, csv_text=text)
    assert "Line 3: pair 1 is already playing in round 1 on line 2" in problems_of(response)
    assert CustomMovement.objects.count() == 0


def test_pairs_meeting_twice_can_be_saved_knowingly(director_client):
    text = SOUND + "4,1,4,1,10,12\n4,2,3,2,10,12\n"
    response = create(director_client, name="Twice", csv_text=text)
    assert response.status_code == 200 and CustomMovement.objects.count() == 0
    problems = problems_of(response)
    assert "Line 8: pairs 4 and 1 meet again (they already met on line 2) 4,1,4,1,10,12" in problems
    assert "tick the box below" in problems
    assert 'name="save_anyway"' in response.content.decode()
    response = create(director_client, name="Twice", csv_text=text, save_anyway="on")
    assert response.status_code == 302 and CustomMovement.objects.get().name == "Twice"
    assert messages_of(response) == ["Custom movement “Twice” saved although it is not sound."]


def test_nothing_to_read(director_client):
    response = create(director_client, csv_text="   ")
    assert "Upload a CSV file or paste the movement." in text_of(response)
    assert CustomMovement.objects.count() == 0


def test_file_and_text_together_are_refused(director_client):
    upload = SimpleUploadedFile("m.csv", SOUND.encode(), content_type="text/csv")
    response = director_client.post(
        reverse("movements:custom_create"), {"name": "Both", "csv_text": SOUND, "csv_file": upload}
    )
    assert "Upload a file or paste the text, not both." in text_of(response)
    assert CustomMovement.objects.count() == 0


def test_a_binary_file_is_refused(director_client):
    upload = SimpleUploadedFile("club.bws", b"\x00\x01Standard Jet DB\x00", content_type="application/octet-stream")
    response = director_client.post(reverse("movements:custom_create"), {"name": "Bws", "csv_file": upload})
    assert response.status_code == 200 and "This is not a text file" in text_of(response)
    assert CustomMovement.objects.count() == 0


def test_an_uploaded_file_with_problems_comes_back_in_the_text_box(director_client):
    upload = SimpleUploadedFile("m.csv", (HEADER + "1,1,1,2,1,z\n").encode(), content_type="text/csv")
    response = director_client.post(reverse("movements:custom_create"), {"name": "Upload", "csv_file": upload})
    assert "Line 2: high_board 'z' is not a whole number" in problems_of(response)
    assert "1,1,1,2,1,z" in response.content.decode().split('name="csv_text"')[1]


def test_names_are_unique(director_client, custom):
    response = create(director_client, name=custom.name, csv_text=SOUND)
    assert response.status_code == 200 and "already exists" in text_of(response)
    assert CustomMovement.objects.count() == 1


def test_a_huge_movement_is_refused(director_client):
    rows = "".join(f"1,{table},{2 * table - 1},{2 * table},{table},{table}\n" for table in range(1, 62))
    response = create(director_client, csv_text=HEADER + rows)
    assert "At most 60 tables" in problems_of(response)


# ----- showing, downloading, deleting ---------------------------------------------------------------------------


def test_detail_shows_the_preview(director_client, custom):
    response = director_client.get(reverse("movements:custom_detail", args=[custom.pk]))
    assert response.status_code == 200
    html = response.content.decode()
    assert html.count("<h1") == 1 and "Two-table Howell" in html and "Four pairs" in html
    text = text_of(response)
    assert "Sound." in text and "2 tables" in text and "3 rounds" in text and "one winner" in text
    assert "4 v 1 1-3 shared with 2" in text  # the grid
    assert "4-1-1 3-1-2" in text  # Manning notation
    query = f"kind=custom&amp;custom={custom.pk}"
    assert f'{reverse("movements:table_cards")}?{query}"' in html
    assert f'{reverse("movements:guide_cards")}?{query}"' in html
    assert reverse("movements:custom_csv", args=[custom.pk]) in html
    assert f'action="{reverse("movements:custom_delete", args=[custom.pk])}"' in html


def test_detail_of_a_movement_whose_csv_was_broken_in_the_admin(director_client, custom):
    CustomMovement.objects.filter(pk=custom.pk).update(csv_text="nonsense")
    response = director_client.get(reverse("movements:custom_detail", args=[custom.pk]))
    assert response.status_code == 200
    assert "Line 1: no header row" in problems_of(response)


def test_preview_of_a_custom_movement(director_client, custom):
    response = director_client.get(reverse("movements:preview") + f"?kind=custom&custom={custom.pk}")
    assert response.status_code == 200
    assert re.search(r"<h1>\s*Two-table Howell\s*</h1>", response.content.decode())
    assert reverse("movements:custom_detail", args=[custom.pk]) in response.content.decode()


def test_csv_download(director_client, custom):
    response = director_client.get(reverse("movements:custom_csv", args=[custom.pk]))
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Content-Disposition"] == 'attachment; filename="two-table-howell.csv"'
    assert response.content.decode() == SOUND


def test_delete(director_client, custom):
    response = director_client.post(reverse("movements:custom_delete", args=[custom.pk]))
    assert response.status_code == 302 and response.url == reverse("movements:index")
    assert not CustomMovement.objects.exists()
    assert messages_of(response) == ["Custom movement “Two-table Howell” deleted."]


def test_delete_is_refused_while_a_section_uses_it(director_client, custom):
    session = Session.objects.create(name="Tuesday", date=datetime.date(2026, 3, 3))
    Section.objects.create(session=session, kind=Section.Kind.CUSTOM, tables=2, custom_movement=custom)
    response = director_client.post(reverse("movements:custom_delete", args=[custom.pk]))
    assert response.status_code == 302 and response.url == reverse("movements:custom_detail", args=[custom.pk])
    assert CustomMovement.objects.filter(pk=custom.pk).exists()
    assert messages_of(response) == [
        "“Two-table Howell” is used by 1 section: choose another movement there before deleting it."
    ]
    detail = director_client.get(response.url)
    assert "Used by 1 section" in text_of(detail)


def test_detail_queries_are_bounded(director_client, custom, django_assert_max_num_queries):
    with django_assert_max_num_queries(6):  # session, user, permissions (2), the movement, its sections
        assert director_client.get(reverse("movements:custom_detail", args=[custom.pk])).status_code == 200


# ----- admin ------------------------------------------------------------------------------------------------------


def test_admin_lists_and_checks_custom_movements(admin_client, custom):
    assert admin_client.get(reverse("admin:movements_custommovement_changelist")).status_code == 200
    response = admin_client.post(
        reverse("admin:movements_custommovement_add"),
        {"name": "Bad", "description": "", "csv_text": HEADER + "1,1,1,2,1,2\n1,2,1,3,3,4\n"},
    )
    assert response.status_code == 200 and "Line 3: pair 1 is already playing in round 1" in text_of(response)
    response = admin_client.post(
        reverse("admin:movements_custommovement_add"), {"name": "Good", "description": "", "csv_text": SOUND}
    )
    assert response.status_code == 302 and CustomMovement.objects.filter(name="Good").exists()


def test_admin_keeps_the_csv_of_a_movement_a_section_uses(admin_client, custom):
    url = reverse("admin:movements_custommovement_change", args=[custom.pk])
    assert 'name="csv_text"' in admin_client.get(url).content.decode()  # unused: still editable
    session = Session.objects.create(name="Custom night", date=datetime.date(2026, 11, 3))
    Section.objects.create(session=session, letter="A", kind="custom", tables=2, custom_movement=custom)
    assert 'name="csv_text"' not in admin_client.get(url).content.decode()
    response = admin_client.post(url, {"name": "Renamed", "description": "", "csv_text": HEADER + "1,1,1,2,1,2\n"})
    assert response.status_code == 302
    custom.refresh_from_db()
    assert (custom.name, custom.csv_text) == ("Renamed", SOUND)
