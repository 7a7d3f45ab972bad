"""Every write goes through the unit of work (club/unit_of_work.py), so no cached page outlives what it shows.

Every public function of the services (every module of a `services` package, every `services.py`, the merge
handlers and the club's writers: enumerated from the files, so a new one cannot be forgotten) has an entry in
`tests/builders/service_calls.py` or `service_calls_more.py`: run against the published club, after which each
cached public page is the page made afresh, and the pages the write does not show on are still served kept; or
why it writes nothing of its own. A function without an entry fails the test."""

from __future__ import annotations

import importlib
import inspect
from pathlib import Path

import pytest
from django.test import Client

from club import unit_of_work
from club.page_cache import CLUB, MEMBER_PAGES
from events.checks.services.fixes import set_status
from events.entry.services.locking import session_write
from events.models import Session
from events.results.services.pages import EVERY_SESSION, session_scope
from teams.models import Match, TeamEvent
from teams.selectors.standings import standings
from tests.builders.accounts import logged_in_client
from tests.builders.cached_pages import CACHED, kept
from tests.builders.service_calls import CALLS, Call, Club, Within, correct
from tests.builders.service_calls import PAIRS as PAIRS_KEPT
from tests.builders.service_calls_more import MORE_CALLS

ROOT = Path(__file__).resolve().parents[2]
# Every app of the project (a folder with an apps.py): a new app's services are enumerated without a list to edit.
APPS = tuple(sorted(path.parent.name for path in ROOT.glob("*/apps.py")))
# rubber's merge handler and the club's own writes (the roster's are services; the club's settings)
WRITERS = {"merging", "hand_analysis", "club_settings"}
TABLE = {**CALLS, **MORE_CALLS}


def service_modules(root: Path = ROOT) -> list[str]:
    """Every module of a `services` package, every `services.py`, and the writers in WRITERS."""
    found = []
    for app in APPS:
        for path in sorted((root / app).rglob("*.py")):
            parts = path.relative_to(root).with_suffix("").parts
            if "migrations" in parts or "management" in parts or parts[-1] == "__init__":
                continue
            if "services" in parts or parts[-1] in WRITERS:
                found.append(".".join(parts))
    return found


def service_functions() -> list[str]:
    names = []
    for module_name in service_modules():
        module = importlib.import_module(module_name)
        for name, function in inspect.getmembers(module, inspect.isfunction):
            if function.__module__ == module_name and not name.startswith("_"):
                names.append(f"{module_name}.{name}")
    return names


SERVICES = service_functions()


def test_every_service_function_has_an_entry():
    assert len(SERVICES) > 150 and "events.entry.services.lines.save_line" in SERVICES
    missing = [name for name in SERVICES if name not in TABLE]
    assert missing == [], f"add each to tests/builders/service_calls*.py (a Call, or Within and why): {missing}"
    assert [name for name in TABLE if name not in SERVICES] == []  # no entry for a function that is gone
    assert all(entry.reason for entry in TABLE.values() if isinstance(entry, Within))


def test_the_enumeration_sees_a_new_service(tmp_path):
    planted = tmp_path / "events" / "services"
    planted.mkdir(parents=True)
    (planted / "new_thing.py").write_text("def write_it():\n    pass\n")
    (tmp_path / "club").mkdir()
    (tmp_path / "club" / "hand_analysis.py").write_text("")
    assert service_modules(tmp_path) == ["club.hand_analysis", "events.services.new_thing"]


@pytest.fixture
def club(published_club_of_module, director_user, settings):
    settings.PAGE_CACHE_SECONDS = 600
    session_id, event_id, urls = published_club_of_module
    session, event = Session.objects.get(pk=session_id), TeamEvent.objects.get(pk=event_id)
    return Club(session, event, urls, logged_in_client(director_user), director_user)


def runs() -> dict[str, Call]:
    """Each distinct call once, named by the services it runs (a table's confirmation runs four)."""
    grouped: dict[Call, list[str]] = {}
    for name in SERVICES:
        if isinstance(TABLE.get(name), Call):
            grouped.setdefault(TABLE[name], []).append(".".join(name.split(".")[-2:]))
    return {"+".join(names): entry for entry, names in grouped.items()}


RUNS = runs()


def test_each_call_runs_once_under_its_services_names():
    assert len(RUNS) == len(set(TABLE[name] for name in SERVICES if isinstance(TABLE.get(name), Call)))
    assert "fixes.set_status" in RUNS and "matches.set_event_status" in RUNS


def outdated_pages(club: Club, client: Client, settings, entry: Call) -> list[str]:
    """Runs the call against the published club with every public page cached: the pages served from the cache
    afterwards that differ from the page made afresh, and the pages the call must keep that were made again."""
    urls = {page: club.urls[page] for page in CACHED}
    for page, url in urls.items():
        client.get(url)
        assert kept(client, url), page
    entry.run(club)
    wrong = [f"{page} made again" for page in entry.keeps if not kept(client, club.urls[page])]
    served = {page: client.get(url) for page, url in urls.items()}
    settings.PAGE_CACHE_SECONDS = 0
    for page, response in served.items():
        fresh = client.get(urls[page])
        if (response.status_code, response.content) != (fresh.status_code, fresh.content):
            wrong.append(f"{page} outdated")
    settings.PAGE_CACHE_SECONDS = 600
    return wrong


# Whether a service records its change is our code's, the same on either database (each service's own tests run
# on both): CI runs these on SQLite only (`one_database`), 70 s of the PostgreSQL run's 400.
@pytest.mark.one_database
@pytest.mark.parametrize("name", RUNS)
def test_after_each_service_every_cached_page_is_the_page_made_afresh(club, client, settings, name):
    assert outdated_pages(club, client, settings, RUNS[name]) == [], name
    assert misstored_team_standings() == [], name  # the member pages read them


def misstored_team_standings() -> list[str]:
    """The teams whose standing stored with them (`teams.services.standings`) is not their event's standings page's."""
    return [
        f"{row.team.name}: {row.team.place} {row.team.vp}, not {row.place} {row.vp}"
        for event in TeamEvent.objects.all()
        for row in standings(event)
        if (row.team.place, row.team.vp) != (row.place, row.vp)
    ]


def test_a_result_written_around_the_services_leaves_the_stored_team_standings_behind(club):
    assert misstored_team_standings() == []
    match = Match.objects.filter(event=club.event, away__isnull=False, complete=True).first()
    Match.objects.filter(pk=match.pk).update(away_imps=match.away_imps + 40)  # the other team wins it now
    assert misstored_team_standings() != []  # the check above finds a write that derived nothing


def test_every_services_module_of_the_project_is_enumerated():
    """Every `services` package or `services.py` anywhere in the project's code belongs to an enumerated app: the
    events areas, teams, rubber, roster, accounts, movements, club."""
    assert {"accounts", "club", "events", "movements", "roster", "rubber", "teams"} <= set(APPS)
    everywhere = {
        ".".join(path.relative_to(ROOT).with_suffix("").parts)
        for pattern in ("*/**/services/*.py", "*/**/services.py", "*/services.py", "*/services/*.py")
        for path in ROOT.glob(pattern)
        if not {".venv", "tests", "bench", "tools"} & set(path.relative_to(ROOT).parts) and path.stem != "__init__"
    }
    assert everywhere and everywhere <= set(service_modules())
    assert {"movements.services", "events.setup.services.setup", "teams.services.matches"} <= everywhere


def test_a_forgotten_write_is_found(club, client, settings):
    """A planted service that writes a published session's name without recording its change: the check finds the
    pages it outdates (the ranking, the home page)."""

    def forgotten(club: Club) -> None:
        Session.objects.filter(pk=club.session.pk).update(name="Renamed behind the unit of work")

    wrong = outdated_pages(club, client, settings, Call(forgotten))
    assert "ranking outdated" in wrong and "home outdated" in wrong


def test_a_write_shown_where_it_should_be_kept_is_found(club, client, settings):
    """A planted call that moves the teams pages although it names them kept: the check finds it."""
    from club.unit_of_work import EVENT, record_change

    wrong = outdated_pages(club, client, settings, Call(lambda c: record_change(EVENT, c.event.pk), keeps=PAIRS_KEPT))
    assert wrong == ["teams standings made again", "team made again"]


def test_a_session_in_progress_moves_its_own_pages_only(club, client):
    """Neither the home page nor a member page shows a session in progress: its writes leave them kept."""
    set_status(session=club.session, status=Session.Status.IN_PROGRESS)
    urls = [club.urls[page] for page in ("home", "member", "teams standings")]
    for url in urls:
        client.get(url)
    correct(club)
    with session_write(club.session.pk):
        pass
    assert all(kept(client, url) for url in urls)


def test_a_published_session_moves_the_home_and_member_pages(club, client):
    client.get(club.urls["home"])
    client.get(club.urls["member"])
    correct(club)
    assert not kept(client, club.urls["home"]) and not kept(client, club.urls["member"])


def test_the_records_of_a_unit_are_derived_once_at_its_end(db, monkeypatch):
    moved = []
    monkeypatch.setattr(unit_of_work, "pages_changed", lambda *scopes: moved.append(scopes))
    with unit_of_work.unit_of_work():
        unit_of_work.record_change(unit_of_work.SESSION, 7, published=False)
        unit_of_work.record_change(unit_of_work.SESSION, 7)
        unit_of_work.record_change(unit_of_work.MEMBER, 3)
        assert moved == []
    assert moved == [(session_scope(7), EVERY_SESSION, MEMBER_PAGES, CLUB)]


def test_a_unit_rolled_back_derives_nothing(db, monkeypatch):
    moved = []
    monkeypatch.setattr(unit_of_work, "pages_changed", lambda *scopes: moved.append(scopes))
    with pytest.raises(ValueError), unit_of_work.unit_of_work():
        unit_of_work.record_change(unit_of_work.SESSION, 7)
        raise ValueError
    assert moved == []


def test_a_sessions_changed_results_are_derived_once_at_the_units_end_before_its_pages(db, monkeypatch):
    """The standings are derived from the records (each session once, whatever the number of writes), then the
    pages move; a record without `results` (a session's name, status) derives no standings."""
    happened = []
    monkeypatch.setitem(
        unit_of_work._derivations, unit_of_work.SESSION, lambda changes: happened.append(sorted(c.pk for c in changes))
    )
    monkeypatch.setattr(unit_of_work, "pages_changed", lambda *scopes: happened.append("pages"))
    with unit_of_work.unit_of_work():
        unit_of_work.record_change(unit_of_work.SESSION, 7, published=False, stale=True)
        unit_of_work.record_change(unit_of_work.SESSION, 7, 8, stale=True)
        unit_of_work.record_change(unit_of_work.SESSION, 9)
        assert happened == []
    assert happened == [[7, 8], "pages"]


def test_a_session_write_stores_the_standings_through_the_unit_of_work(club, monkeypatch):
    """`session_write` records the session's changed results; the unit's derivation stores its standings once."""
    from events.standings.services import standings

    stored = []
    monkeypatch.setattr(standings, "_store_now", lambda ids, summaries: stored.append(ids) or 0)
    with unit_of_work.unit_of_work():
        with session_write(club.session.pk):
            pass
        with session_write(club.session.pk):
            pass
        assert stored == []
    assert stored == [[club.session.pk]]


def test_a_write_in_progress_moves_neither_the_home_page_nor_the_member_pages(club, monkeypatch):
    """Item 1's last sentence: a session in progress is on neither; its writes move its own scope only."""
    moved = []
    monkeypatch.setattr(unit_of_work, "pages_changed", lambda *scopes: moved.extend(scopes))
    Session.objects.filter(pk=club.session.pk).update(status=Session.Status.IN_PROGRESS)
    with session_write(club.session.pk):
        pass
    assert moved == [session_scope(club.session.pk)]
    assert CLUB not in moved and MEMBER_PAGES not in moved and EVERY_SESSION not in moved


def test_results_of_a_thing_with_no_derivation_are_refused():
    with pytest.raises(LookupError):
        unit_of_work.record_change(unit_of_work.RUBBER, 1, stale=True)


def test_a_thing_no_app_registered_is_refused():
    with pytest.raises(LookupError):
        unit_of_work.record_change("sheet", 1)


def test_only_the_unit_of_work_moves_page_versions():
    callers = []
    for app in APPS:
        for path in (ROOT / app).rglob("*.py"):
            if "pages_changed(" in path.read_text(encoding="utf-8") and path.name not in ("page_cache.py",):
                callers.append(str(path.relative_to(ROOT)))
    assert callers == ["club/unit_of_work.py"]


def test_a_rubber_sheet_written_is_recorded_and_moves_no_page(club, monkeypatch):
    from tests.builders.service_calls_more import a_deal

    records = []
    monkeypatch.setattr(unit_of_work, "derive", records.extend)
    sheet = a_deal(club)
    assert unit_of_work.Change(unit_of_work.RUBBER, sheet.pk) in records
    assert unit_of_work.pages_of(records) == []


def test_a_record_made_while_deriving_is_derived_in_turn_and_the_pages_move_once(db, monkeypatch):
    """The standings' derivation records the members whose standing changed stale: their summaries' derivation runs
    in the same unit's end, then the pages of both records move, once."""
    happened = []
    monkeypatch.setitem(
        unit_of_work._derivations,
        unit_of_work.SESSION,
        lambda changes: unit_of_work.record_change(unit_of_work.MEMBER, 3, 4, stale=True),
    )
    monkeypatch.setitem(
        unit_of_work._derivations, unit_of_work.MEMBER, lambda changes: happened.append([c.pk for c in changes])
    )
    monkeypatch.setattr(unit_of_work, "pages_changed", lambda *scopes: happened.append(scopes))
    with unit_of_work.unit_of_work():
        unit_of_work.record_change(unit_of_work.SESSION, 7, stale=True)
        unit_of_work.record_change(unit_of_work.MEMBER, 4, stale=True)
    assert happened == [[4], [3], (session_scope(7), EVERY_SESSION, MEMBER_PAGES)]


def test_no_stale_member_named_derives_nothing(db, monkeypatch):
    moved = []
    monkeypatch.setattr(unit_of_work, "pages_changed", lambda *scopes: moved.append(scopes))
    unit_of_work.record_change(unit_of_work.MEMBER, stale=True)
    assert moved == []


def test_a_write_marks_its_members_summaries_through_the_unit_of_work(club, monkeypatch):
    """`set_status` records its members stale; the unit's end marks their summaries (written by the task), and no
    writer writes a summary itself."""
    from events.models import MemberSummary
    from events.standings.services import member_summaries

    monkeypatch.setattr(member_summaries, "refresh_member_summaries", lambda **kwargs: pytest.fail("written by hand"))
    members = member_summaries.members_of(session_ids=[club.session.pk])
    set_status(session=club.session, status=Session.Status.IN_PROGRESS)
    assert set(MemberSummary.objects.filter(stale=True).values_list("member_id", flat=True)) == members


def test_only_the_member_summaries_module_and_the_task_write_or_mark_summaries():
    """The summaries are derived from the unit of work's records: no writer marks or writes them by hand."""
    callers = []
    for app in APPS:
        for path in (ROOT / app).rglob("*.py"):
            text = path.read_text(encoding="utf-8")
            if any(f"{name}(" in text for name in ("refresh_member_summaries", "mark_summaries_stale")):
                callers.append(str(path.relative_to(ROOT)))
    assert callers == ["events/standings/services/member_summaries.py"]
