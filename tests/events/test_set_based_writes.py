"""Stored points and standings are written a batch of rows a statement, not a statement a row or a board."""

from unittest import mock

import pytest
from django.db import connection

from events.models import Board, Pair, TravellerLine
from events.standings.services import rescoring
from events.standings.services.bulk import BATCH, update_by_pk
from events.standings.services.rescoring import rescore_session
from tests.builders.sessions import assert_current, big_session, enter, entered_before_publishing


def writes(captured, table: str) -> list[str]:
    return [query["sql"] for query in captured.captured_queries if f'UPDATE "{table}"' in query["sql"]]


@pytest.mark.django_db
def test_rescoring_a_session_writes_each_sections_points_in_one_statement(django_assert_max_num_queries):
    session = big_session(tables=7, sections=("A", "B"))
    boards = Board.objects.filter(section__session=session).count()
    TravellerLine.objects.filter(board__section__session=session).update(ns_points=None, ew_points=None)
    with (
        entered_before_publishing(session.pk),
        django_assert_max_num_queries(20) as captured,  # was one write a board: 2 x 14 boards and the rest
    ):
        rescore_session(session=session)
    assert boards == 28
    assert len(writes(captured, "events_travellerline")) == 1  # one for the whole session (was one a section)
    assert len(writes(captured, "events_pair")) <= 1
    assert not TravellerLine.objects.filter(board__section__session=session, ns_points__isnull=True).exists()
    assert_current(session)


@pytest.mark.django_db
def test_rescoring_a_session_as_it_was_writes_no_line_and_a_changed_line_alone(django_assert_max_num_queries):
    session = big_session(tables=7, sections=("A", "B"))
    with entered_before_publishing(session.pk), django_assert_max_num_queries(20) as captured:
        rescore_session(session=session)
    assert writes(captured, "events_travellerline") == []  # every point as stored: no row rewritten
    line = TravellerLine.objects.filter(board__section__session=session, adjusted="").order_by("pk").first()
    right = (line.ns_points, line.ew_points)
    TravellerLine.objects.filter(pk=line.pk).update(ns_points=None, ew_points=None)
    with (
        entered_before_publishing(session.pk),
        django_assert_max_num_queries(20) as captured,
        mock.patch.object(rescoring, "update_by_pk", wraps=rescoring.update_by_pk) as update,
    ):
        rescore_session(session=session)
    assert len(writes(captured, "events_travellerline")) == 1
    assert [len(call.kwargs["rows"]) for call in update.call_args_list] == [1]  # that line's row alone
    line.refresh_from_db()
    assert (line.ns_points, line.ew_points) == right
    assert_current(session)


@pytest.mark.django_db
def test_saving_a_line_writes_its_boards_points_in_one_statement(make_session, django_assert_max_num_queries):
    session, section = make_session("mitchell", tables=5, boards_per_round=1)
    enter(section, 1, "1NS", "4S", "N", "10")
    enter(section, 1, "2NS", "4S", "N", "9")
    with django_assert_max_num_queries(40) as captured:
        enter(section, 1, "3NS", "3NT", "S", "9")
    points = writes(captured, "events_travellerline")  # the new line is inserted, then the board's points written
    assert len(points) == 1  # one statement: VALUES on SQLite, one array a column on PostgreSQL
    assert_current(session)


@pytest.mark.django_db
def test_update_by_pk_sets_each_row_its_own_values_nulls_included(make_session):
    _session, section = make_session("mitchell", tables=3)
    pairs = list(Pair.objects.filter(section=section).order_by("pk"))
    rows = [(index / 2, index, f"={index}", pair.pk) for index, pair in enumerate(pairs)]
    update_by_pk(model=Pair, fields=("score", "boards", "place"), rows=rows)
    assert sorted(Pair.objects.filter(section=section).values_list("score", "boards", "place", "pk")) == rows
    enter(section, 1, "1NS", "4S", "N", "10")
    enter(section, 1, "2NS", "4S", "N", "9")
    lines = list(TravellerLine.objects.filter(board__section=section).order_by("pk"))
    update_by_pk(
        model=TravellerLine,
        fields=("ns_points", "ew_points"),
        rows=[(None, None, lines[0].pk), (None, 1.5, lines[1].pk)],
    )
    stored = TravellerLine.objects.filter(board__section=section).order_by("pk").values_list("ns_points", "ew_points")
    assert list(stored) == [(None, None), (None, 1.5)]


@pytest.mark.django_db
def test_update_by_pk_splits_many_rows_into_batches(make_session, django_assert_num_queries, monkeypatch):
    _session, section = make_session("mitchell", tables=5)
    pairs = list(Pair.objects.filter(section=section).order_by("pk"))
    monkeypatch.setattr("events.standings.services.bulk.BATCH", 3)
    statements = 1 if connection.vendor == "postgresql" else -(-len(pairs) // 3)  # arrays: one, whatever the rows
    with django_assert_num_queries(statements):
        update_by_pk(model=Pair, fields=("boards",), rows=[(7, pair.pk) for pair in pairs])
    assert set(Pair.objects.filter(section=section).values_list("boards", flat=True)) == {7}
    assert BATCH >= 100
