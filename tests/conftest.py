"""Fixtures shared by the whole suite: users and clients for each role."""

import pytest
from django.conf import settings
from django.contrib.auth.models import Group, Permission, User
from django.core.cache import cache
from django.test import Client, override_settings
from django.utils import translation
from hypothesis import settings as hypothesis_settings

from club.look import LOOK_KEY, ClubLook
from tests.builders.accounts import directors_group, logged_in_client
from tests.builders.lanes import BROWSER_TESTS, Lanes

# The builders' fixtures (make_session, enter, hand_mitchell, make_event ...) reach every test.
pytest_plugins = [
    "tests.builders.sessions",
    "tests.builders.hand_mitchell",
    "tests.builders.teams",
    "tests.builders.rubber",
    "tests.builders.concurrency",
    "tests.builders.hands",
    "tests.builders.published",
    "tests.builders.browser",
    "tests.builders.tasks",
]
# No deadline for hypothesis' examples: a test's examples ran within 200 ms each on a quiet machine and failed as
# "flaky" on a loaded one (CI shares 2 cores); speed is asserted by query counts, never by time. The properties and
# their numbers of examples are the tests' own.
hypothesis_settings.register_profile("clubsite", deadline=None)
hypothesis_settings.load_profile("clubsite")
DUMMY_TASKS = {"default": {"BACKEND": "django_tasks.backends.dummy.DummyBackend"}}

PASSWORD = "correct-horse-battery"

# What makes a test touch the database: the marker, or one of pytest-django's database fixtures (asked for by the
# test or by any fixture it uses; `item.fixturenames` holds them all).
DATABASE_FIXTURES = {
    "db",
    "transactional_db",
    "django_db_reset_sequences",
    "django_db_serialized_rollback",
    "live_server",
}


def pytest_configure(config):
    # A fast password hasher for every test: the production one (PBKDF2) takes half a second of CPU for each user
    # a test makes, which no test checks. The tests that log in with a password use it too.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    # Background tasks are only recorded (the dummy backend) unless a test runs them: `immediate_tasks` (the
    # emails' tests), or a worker (tests/club/test_tasks*.py).
    override_settings(TASKS=DUMMY_TASKS).enable()
    # The tests' SQLite database is one in memory shared between threads (the live server's), where SQLite locks
    # whole tables: a connection kept after its request (CONN_MAX_AGE, 600 for the site) held a lock that the next
    # test's flush met. The tests close it after each request, as the site did before it kept them.
    for database in settings.DATABASES.values():
        if database["ENGINE"] == "django.db.backends.sqlite3":
            database["CONN_MAX_AGE"] = 0


def pytest_addoption(parser):
    parser.addoption(
        "--database-tests-only",
        action="store_true",
        help="run only the tests that touch the database, browser tests aside (CI's second run, on PostgreSQL: the "
        "others would run the same code again)",
    )


def uses_database(item) -> bool:
    return item.get_closest_marker("django_db") is not None or bool(
        DATABASE_FIXTURES & set(getattr(item, "fixturenames", ()))
    )


def is_browser_test(item) -> bool:
    return item.nodeid.startswith(BROWSER_TESTS) or item.get_closest_marker("browser") is not None


def database_test(item) -> bool:
    """A test CI runs again on PostgreSQL: it touches the database, and it is not a browser test nor marked
    `one_database`. What a browser test checks is what a person sees (markup, scripts, polling), the same on either
    database; the writes and reads behind its steps are the services', selectors' and views' own tests, which run
    on both. A test marked `one_database` checks a rule of our code that no query decides (that every service
    records what it changes, for one), over writes whose own tests run on both."""
    return uses_database(item) and not is_browser_test(item) and item.get_closest_marker("one_database") is None


def pytest_collection_modifyitems(config, items):
    if config.getoption("--database-tests-only"):
        kept = [item for item in items if database_test(item)]
        config.hook.pytest_deselected(items=[item for item in items if not database_test(item)])
        items[:] = kept
    items[:] = running_order(items)


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    return Lanes(config, log) if config.getoption("dist") == "loadscope" else None


@pytest.hookimpl(optionalhook=True, wrapper=True)
def pytest_xdist_auto_num_workers(config):
    """`-n auto` (`make test`): xdist's own count (a worker a core), and one more for the browser tests' lane when
    they run with the others. On this project's 2-core machine the SQLite run took 655 s so, against 727 and 754 s
    with 2 workers sharing the browser tests (which left a third of the 2 cores idle)."""
    cores = yield
    in_lanes = config.getoption("dist") == "loadscope"
    return cores + 1 if in_lanes and not config.getoption("--database-tests-only") else cores


def running_order(items: list) -> list:
    """The long tests first (those marked slow), so that the workers share them from the start instead of one
    worker running the longest alone at the end; the browser tests spread over the first half, one every few
    tests. pytest-xdist's plain `-n` hands each worker a run of consecutive tests: with the browser tests all first,
    one worker ran every one of them while the others ran out of work. In `make test`'s lanes (`Lanes`) a lane
    starts where its first test stands: the browser lane first, then the modules with slow tests."""
    browser = sorted((item for item in items if is_browser_test(item)), key=lambda item: not is_slow(item))
    others = sorted((item for item in items if not is_browser_test(item)), key=lambda item: not is_slow(item))
    if not browser:
        return others
    step = max(1, len(others) // 2 // len(browser))
    ordered, due = [], 0
    for index, item in enumerate(others):
        # between two modules only: a module's data built once for its tests stays built (tests/builders/module_data)
        if index >= due and browser and (not ordered or ordered[-1].module is not item.module):
            ordered.append(browser.pop(0))
            due = index + step
        ordered.append(item)
    return ordered + browser


def is_slow(item) -> bool:
    return item.get_closest_marker("slow") is not None


@pytest.fixture(autouse=True)
def _plain_static_storage(settings):
    # The manifest storage needs collectstatic; tests serve static files from the finders instead.
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }


@pytest.fixture(autouse=True)
def _empty_page_cache():
    # Test databases reuse ids: a page kept by one test must not be served in the next.
    cache.clear()
    # The one club's look (club.look) as a warm cache holds it: the club as migrate makes it. Read from the
    # database only after the cache lost it (a query, once); a test's queries count the pages' own.
    cache.set(LOOK_KEY, ClubLook(), timeout=None)
    yield


@pytest.fixture(autouse=True)
def _english_after_each_test():
    # A test that switches language must not leave it active for the next one.
    yield
    translation.activate("en")


@pytest.fixture
def player_user(db):
    return User.objects.create_user("player", password=PASSWORD, first_name="Pat", last_name="Player")


@pytest.fixture
def director_user(db):
    user = User.objects.create_user("director", password=PASSWORD, first_name="Dee", last_name="Director")
    user.groups.add(directors_group())
    return user


def club_admins_group() -> Group:
    """The Club admins group made by club's data migration, rebuilt after a transactional test's flush."""
    group, created = Group.objects.get_or_create(name="Club admins")
    if created:
        group.permissions.add(Permission.objects.get(content_type__app_label="club", codename="administer_club"))
    return group


@pytest.fixture
def club_admin_user(db):
    user = User.objects.create_user("clubadmin", password=PASSWORD, first_name="Cal", last_name="Admin")
    user.groups.add(club_admins_group())
    return user


@pytest.fixture
def club_admin_client(club_admin_user):
    return logged_in_client(club_admin_user)


@pytest.fixture
def admin_user(db):
    return User.objects.create_superuser("admin", "admin@example.org", PASSWORD)


@pytest.fixture
def anonymous_client(db):
    return Client()


@pytest.fixture
def player_client(player_user):
    return logged_in_client(player_user)


@pytest.fixture
def director_client(director_user):
    return logged_in_client(director_user)


@pytest.fixture
def admin_client(admin_user):
    return logged_in_client(admin_user)
