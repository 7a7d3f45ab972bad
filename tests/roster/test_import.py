"""The roster import: the service, the command (run twice), the preview and confirm pages, every refused file."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from django.urls import reverse

from club.csv_files import FileRefused
from club.models import Member
from roster.services.members import import_members, plan_import, read_roster

HEADER = "NUMBER,FIRST_NAME,LAST_NAME,EMAIL\n"


def roster_file(*lines: str) -> str:
    return HEADER + "".join(f"{line}\n" for line in lines)


def refused(text: str) -> list[str]:
    with pytest.raises(FileRefused) as caught:
        import_members(text)
    return [str(problem) for problem in caught.value.problems]


@pytest.fixture
def ana(db):
    return Member.objects.create(number="1001", first_name="Ana", last_name="García", email="ana@example.org")


def test_new_changed_and_unchanged_lines(ana):
    Member.objects.create(number="1002", first_name="Luis", last_name="Pérez")
    text = roster_file(
        "1001,Ana,García,ana@example.org",  # unchanged
        "1002,Luis,Pérez Gómez,luis@example.org",  # changed: last name and email
        "1003,Elena,Martín,",  # new, no email
    )
    plan = import_members(text)
    assert plan.counts() == {"created": 1, "updated": 1, "unchanged": 1}
    assert Member.objects.get(number="1002").last_name == "Pérez Gómez"
    assert Member.objects.get(number="1002").email == "luis@example.org"
    elena = Member.objects.get(number="1003")
    assert (elena.first_name, elena.last_name, elena.email, elena.active) == ("Elena", "Martín", "", True)
    again = import_members(text)
    assert again.counts() == {"created": 0, "updated": 0, "unchanged": 3}
    assert Member.objects.count() == 3


def test_accents_kept_and_a_bom_and_semicolons_read(db):
    text = "\ufeffnumber;first name;last-name\n2001;Ștefan;Brâncuși\n2002;Zoë;Ñúñez\n"
    import_members(text)
    assert sorted(Member.objects.values_list("first_name", "last_name")) == [("Zoë", "Ñúñez"), ("Ștefan", "Brâncuși")]


def test_an_inactive_member_in_the_file_is_active_again(ana):
    Member.objects.filter(pk=ana.pk).update(active=False)
    plan = import_members(roster_file("1001,Ana,García,ana@example.org"))
    assert plan.counts()["updated"] == 1
    ana.refresh_from_db()
    assert ana.active


def test_members_the_file_does_not_name_are_left_alone(ana):
    import_members(roster_file("1005,New,Person,"))
    ana.refresh_from_db()
    assert (ana.first_name, ana.active) == ("Ana", True)


def test_every_problem_with_its_line_and_nothing_written(ana):
    problems = refused(
        roster_file(
            "1003,Elena,Martín,",
            "1003,Elena,Martin,",  # duplicate number in the file
            "x y,Bad,Number,",  # bad number
            "1004,,Nameless,",  # missing first name
            "1005,Bad,Email,not-an-email",
            ",No,Number,",
        )
    )
    assert problems == [
        "Line 3: the number 1003 is on line 2 too.",
        "Line 4: “x y” is not a membership number (1 to 20 letters, digits, dots, dashes or slashes).",
        "Line 5: the first name is missing.",
        "Line 6: “not-an-email” is not an email address.",
        "Line 7: “” is not a membership number (1 to 20 letters, digits, dots, dashes or slashes).",
    ]
    assert list(Member.objects.values_list("number", flat=True)) == ["1001"]


@pytest.mark.parametrize(
    "text",
    [
        "",
        "NAME,EMAIL\nAna,ana@example.org\n",
        HEADER,
        HEADER + "1001,Ana\x00,García,\n",
        HEADER + "1001," + "A" * 200_000 + ",García,\n",
        HEADER + "1001,A\x07na,García,\n",
        HEADER + "1001,Ana,García," + "a" * 300 + "@example.org\n",
        HEADER + "9" * 25 + ",Ana,García,\n",
        HEADER + "".join(f"{n},A,B,\n" for n in range(5_001)),
    ],
    ids=["empty", "no-header", "header-only", "nul", "huge-cell", "control", "long-email", "long-number", "too-many"],
)
def test_hostile_files_are_refused(db, text):
    assert refused(text)
    assert not Member.objects.exists()


def test_a_formula_is_stored_as_text_and_exported_neutralised(club_admin_client):
    import_members(roster_file('1001,"=HYPERLINK(""http://x"")",García,'))
    response = club_admin_client.get(reverse("roster:roster_export"))
    assert response.status_code == 200
    assert "'=HYPERLINK" in response.content.decode()


def test_the_command_twice(db, tmp_path, capsys):
    path = tmp_path / "roster.csv"
    path.write_text(roster_file("1001,Ana,García,ana@example.org", "1002,Elena,Martín,"), encoding="utf-8")
    call_command("import_members", str(path))
    assert capsys.readouterr().out.strip().splitlines()[-1] == "created 2, updated 0, unchanged 0"
    call_command("import_members", str(path))
    assert capsys.readouterr().out.strip().splitlines()[-1] == "created 0, updated 0, unchanged 2"
    assert Member.objects.count() == 2


def test_the_command_refuses_a_bad_file_with_the_lines(db, tmp_path, capsys):
    path = tmp_path / "roster.csv"
    path.write_text(roster_file("1001,Ana,García,", "1001,Ana,García,"), encoding="utf-8")
    with pytest.raises(CommandError, match="1 problem"):
        call_command("import_members", str(path))
    assert "Line 3: the number 1001 is on line 2 too." in capsys.readouterr().err
    assert not Member.objects.exists()


def test_the_command_on_a_missing_file(db):
    with pytest.raises(CommandError, match="Cannot read"):
        call_command("import_members", "/nonexistent/roster.csv")


def upload(text: str | bytes) -> SimpleUploadedFile:
    return SimpleUploadedFile("roster.csv", text.encode() if isinstance(text, str) else text, "text/csv")


def test_preview_then_confirm(club_admin_client, ana):
    text = roster_file("1001,Ana,García López,ana@example.org", "1002,Elena,Martín,")
    response = club_admin_client.post(reverse("roster:roster_import"), {"file": upload(text)})
    assert response.status_code == 200
    page = response.content.decode()
    assert "1 to create, 1 to update, 0 left alone." in page
    assert "Elena Martín" in page and "García López" in page
    assert Member.objects.count() == 1  # the preview writes nothing
    response = club_admin_client.post(
        reverse("roster:roster_import_confirm"), {"text": response.context["confirm"].initial["text"]}
    )
    assert response.status_code == 302
    assert Member.objects.count() == 2
    assert plan_import(read_roster(text)).counts() == {"created": 0, "updated": 0, "unchanged": 2}


@pytest.mark.parametrize(
    "content",
    [b"\xff\xfe\x00bad", b"", (HEADER + "1,A,B,\n1,A,B,\n").encode(), b"NUMBER\n\x00\n"],
    ids=["not-utf8", "empty", "duplicates", "nul"],
)
def test_a_bad_upload_is_put_back(club_admin_client, content):
    response = club_admin_client.post(reverse("roster:roster_import"), {"file": upload(content)})
    assert response.status_code == 200
    assert response.context["form"].errors
    assert not Member.objects.exists()


def test_a_confirm_with_a_bad_file_lists_the_problems(club_admin_client):
    response = club_admin_client.post(reverse("roster:roster_import_confirm"), {"text": roster_file("1,,B,")})
    assert response.status_code == 200
    assert "Line 2: the first name is missing." in response.content.decode()
    response = club_admin_client.post(reverse("roster:roster_import_confirm"), {})
    assert response.status_code == 302
    assert not Member.objects.exists()
