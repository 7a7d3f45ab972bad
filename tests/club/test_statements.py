"""Statements written once (club.statements): their rows read into model instances exactly as the ORM reads them
(dates, times, booleans, JSON, nulls), on SQLite and PostgreSQL alike."""

import pytest
from django.utils import timezone

from club.statements import columns, read_models, save_fields, table
from events.models import Section, Session, TableEntry, TableResult, TravellerLine
from events.tables.services.table_entry import set_table_entry
from tests.builders.sessions import make_session

pytestmark = pytest.mark.django_db


def same_fields(read, orm) -> None:
    for field in type(orm)._meta.concrete_fields:
        assert getattr(read, field.attname) == getattr(orm, field.attname), field.attname
    assert read.pk == orm.pk and not read._state.adding


def test_every_field_is_read_as_the_orm_reads_it():
    session, section = make_session("mitchell", tables=3, boards_per_round=2, name="Statements")
    set_table_entry(session=session, is_open=True)
    board = section.boards.first()
    disputed = {"contract": "3NT", "declarer": "S", "tricks": "=", "lead": "", "ns_score": 400, "side": "EW"}
    typed = TableResult.objects.create(
        section=section, table=1, round=1, board=board, contract="4S", declarer="N", tricks="=", side="NS",
        ns_score=420, confirmed_at=timezone.now(), disputed=disputed,
    )  # fmt: skip
    sql = (
        f"SELECT {columns(Section, 's')}, {columns(Session, 'e')}, {columns(TableEntry, 't')}, "
        f"{columns(TableResult, 'r')}, 7 FROM {table(Section)} s, {table(Session)} e, {table(TableEntry)} t, "
        f"{table(TableResult)} r WHERE s.id = %s AND e.id = %s AND t.session_id = e.id AND r.id = %s"
    )
    rows = read_models(sql, [section.pk, session.pk, typed.pk], (Section, Session, TableEntry, TableResult))
    assert len(rows) == 1
    read_section, read_session, read_entry, read_typed, extra = rows[0]
    same_fields(read_section, Section.objects.get(pk=section.pk))
    same_fields(read_session, Session.objects.get(pk=session.pk))
    same_fields(read_entry, TableEntry.objects.get(session=session))
    same_fields(read_typed, TableResult.objects.get(pk=typed.pk))
    assert read_typed.disputed == disputed and read_entry.is_open is True and extra == 7
    assert read_models(sql, [section.pk, session.pk, 0], (Section, Session, TableEntry, TableResult)) == []


def test_saved_fields_are_written_as_the_orm_writes_them():
    # A typed result's agreed fields, as the confirmation saves them: JSON, a date, `auto_now`, a foreign key.
    session, section = make_session("mitchell", tables=3, boards_per_round=2, name="Statements")
    board = section.boards.first()
    typed = TableResult.objects.create(section=section, table=1, round=1, board=board, contract="4S", side="NS")
    before = TableResult.objects.get(pk=typed.pk).updated_at
    pairs = section.pairs.order_by("pk")
    line = TravellerLine.objects.create(board=board, ns_pair=pairs.first(), ew_pair=pairs.last(), not_played=True)
    typed.contract, typed.disputed, typed.confirmed_at, typed.line = "3NT", {"side": "EW"}, timezone.now(), line
    typed.side = "EW"  # changed in memory, not among the fields saved
    save_fields(typed, ("contract", "disputed", "confirmed_at", "updated_at", "line"))
    stored = TableResult.objects.get(pk=typed.pk)
    assert (stored.contract, stored.disputed, stored.line_id) == ("3NT", {"side": "EW"}, line.pk)
    assert stored.confirmed_at == typed.confirmed_at and stored.updated_at == typed.updated_at > before
    assert stored.side == "NS"
