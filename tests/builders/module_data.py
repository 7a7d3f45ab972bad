"""Data built once for all the tests of a module, for modules whose tests each need the same costly records (the
published club, the demo club): `built_once_per_module(build)` is a module-scoped fixture giving what `build()`
returned. It is built inside a transaction that the module's end rolls back; each test runs in its own
(pytest-django's, a savepoint inside it) and rolls back too, so a test sees the records as built, never another
test's writes. A test reads records again by their ids (an object kept in memory would carry one test's changes to
the next). A module using it holds no transactional test (its flush would empty the records under the open
transaction)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.db import transaction


def built_once_per_module(build: Callable[[], object]):
    @pytest.fixture(scope="module")
    def fixture(django_db_setup, django_db_blocker):
        with django_db_blocker.unblock():
            with transaction.atomic():
                yield build()
                transaction.set_rollback(True)

    return fixture
