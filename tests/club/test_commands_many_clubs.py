"""Every management command of our apps on a site serving many clubs (issue 31): each one that touches a club's
records runs in a club's scope (`club.tenancy.ClubCommand`), says `--club` when it is missing or names no club,
and, told the club, does its work on that club's records and never another's."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from django.apps import apps
from django.conf import settings as django_settings
from django.core.management import CommandError, call_command, get_commands, load_command_class

from club.clubs import create_club
from club.models import Club, Member
from club.tenancy import ALL, ClubCommand, club_scope, scoped_club
from events.models import BoardDeal, Session
from teams.models import MatchDeal
from tests.builders.hands import PUBLISHED, pbn_text
from tests.builders.rubber_examples import FAST_RUBBER, csv_text
from tests.builders.sessions import HOWELL, club_night
from tests.builders.teams import make_event

EVENTS_DATA = Path(__file__).resolve().parents[1] / "events" / "data"
# load_demo with --club: tests/club/test_tenancy.py (the demo club takes seconds to load)
RUN_ELSEWHERE = {"load_demo"}
SITE_OWN = {"create_club", "runsite", "worker"}  # the site's own: they read or write no club's records


def our_commands() -> dict[str, ClubCommand]:
    root = str(django_settings.BASE_DIR)
    ours = {  # the project's apps: under its folder, and not installed packages (a .venv inside it, as CI makes)
        config.name
        for config in apps.get_app_configs()
        if config.path.startswith(root) and "site-packages" not in Path(config.path).parts
    }
    return {name: load_command_class(app, name) for name, app in get_commands().items() if app in ours}


def test_every_command_of_our_apps_but_the_sites_own_runs_in_a_clubs_scope():
    commands = our_commands()
    assert SITE_OWN <= set(commands) and len(commands) > 20
    assert [
        name for name, command in commands.items() if name not in SITE_OWN and not isinstance(command, ClubCommand)
    ] == []


@pytest.fixture
def north_club(db, settings, tmp_path):
    """A site serving many clubs; north's session (a Mitchell of 3 tables), teams event and two members, and the
    files the import commands read."""
    settings.CLUBS = "many"
    north = create_club(short_name="north", name="North Club")
    create_club(short_name="south", name="South Club")
    with club_scope(north):
        session, _section = club_night()
        match = make_event(teams=2).matches.get()
        ana, eva = (Member.objects.create(first_name=name, last_name="North") for name in ("Ana", "Eva"))
    files = {
        "pbn": tmp_path / "hands.pbn",
        "roster": tmp_path / "roster.csv",
        "match_csv": tmp_path / "match.csv",
        "pad": tmp_path / "pad.csv",
    }
    files["pbn"].write_text(pbn_text({1: PUBLISHED}), encoding="utf-8")
    files["roster"].write_text("NUMBER,FIRST_NAME,LAST_NAME,EMAIL\n1001,Ana,García,\n", encoding="utf-8")
    files["match_csv"].write_text(
        "BOARD_NUMBER,ROOM,CONTRACT,PLAYED_BY,TRICKS\n1,1,4S,N,10\n1,2,4S,N,9\n", encoding="utf-8"
    )
    files["pad"].write_text(csv_text(FAST_RUBBER), encoding="utf-8")
    return {"session": session.pk, "match": match.pk, "ana": ana.pk, "eva": eva.pk, **files}


def invocations(data: dict) -> dict[str, list]:
    """Each command of one club with arguments that make it work on north's records (in this order: the
    imports before the exports of what they stored)."""
    session, match = str(data["session"]), str(data["match"])
    return {
        "import_members": [data["roster"]],
        "merge_members": [str(data["eva"]), str(data["ana"])],
        "invite_members": [],
        "create_session": ["--name", "Tuesday", "--date", "2026-12-01", "--movement", "mitchell", "--tables", "3"],
        "import_travellers": [HOWELL, "--session", "Wed", "--date", "2026-12-02", "--scoring", "matchpoints"],
        "import_pbn": [EVENTS_DATA / "pbn" / "ruter_mitchell.pbn"],
        "import_usebio": [EVENTS_DATA / "usebio" / "compscore_short_board.xml"],
        "import_hands": [session, data["pbn"], "--later"],
        "export_hands": [session],
        "export_travellers": [session],
        "export_usebio": [session],
        "table_links": [session],
        "store_standings": [],
        "refresh_member_summaries": ["--stale"],
        "send_results": [],
        "import_match_hands": [match, data["pbn"], "--later"],
        "export_match_hands": [match],
        "import_match": [match, data["match_csv"]],
        "export_match": [match],
        "score_rubber": [data["pad"], "--date", "2026-12-01"],
        "analyse_hands": [],
        "load_demo": [],
    }


def run(name: str, *arguments) -> str:
    out = io.StringIO()
    call_command(name, *map(str, arguments), stdout=out, stderr=io.StringIO())
    return out.getvalue()


def test_every_command_says_club_and_works_on_the_named_clubs_records(north_club):
    commands = our_commands()
    walked = invocations(north_club)
    assert set(walked) == {name for name, command in commands.items() if name not in SITE_OWN} - SITE_WIDE
    for name, arguments in walked.items():
        if commands[name].club_option == ClubCommand.ONE:
            with pytest.raises(CommandError, match="--club SHORT_NAME"):
                run(name, *arguments)
        with pytest.raises(CommandError, match="--club: no club with the short name 'west'"):
            run(name, *arguments, "--club", "west")
        if name not in RUN_ELSEWHERE:
            run(name, *arguments, "--club", "north")
    with club_scope(create_club(short_name="east", name="East")):
        assert not Session.objects.exists()  # nothing went to a club not named
    with club_scope(Club.objects.get(short_name="north")):
        assert BoardDeal.objects.filter(board__section__session=north_club["session"]).exists()
        assert MatchDeal.objects.filter(match=north_club["match"]).exists()
        assert Session.objects.filter(name__in=["Tuesday", "Wed"]).count() == 2


def test_a_command_on_another_clubs_record_finds_nothing(north_club):
    with pytest.raises(CommandError):
        run("export_travellers", north_club["session"], "--club", "south")
    with club_scope(Club.objects.get(short_name="north")):  # called from code in a club's scope: that club's
        assert run("export_travellers", north_club["session"])
    with pytest.raises(CommandError):
        run("export_match", north_club["match"], "--club", "south")


SITE_WIDE = {"backup", "restore"}  # the whole database: no --club, every club's rows


def test_a_backup_and_its_check_are_the_whole_sites(settings, monkeypatch, tmp_path):
    settings.CLUBS = "many"
    scopes = []
    made = tmp_path / "site.sqlite3"
    made.write_bytes(b"")
    monkeypatch.setattr(
        "club.management.commands.backup.make_backup", lambda keep: scopes.append(scoped_club()) or (made, [])
    )
    monkeypatch.setattr(
        "club.management.commands.restore.check_backup", lambda file: scopes.append(scoped_club()) or []
    )
    run("backup")
    run("restore", made, "--check")
    assert scopes == [ALL, ALL]
    with pytest.raises(CommandError):
        run("backup", "--club", "north")  # no such option: a backup is every club's
