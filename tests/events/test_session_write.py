"""Stored standings by construction: every service writes traveller lines inside `session_write`, which locks
the session first and stores its standings on the way out."""

import ast
from pathlib import Path
from unittest import mock

import pytest

from events.entry.services import locking
from events.entry.services.locking import session_write
from events.models import Session
from events.standings.services import standings

SERVICES = Path(__file__).resolve().parents[2] / "events"  # each area's services
EXEMPT = {"locking.py", "standings.py", "bulk.py"}  # the lock itself, the standings (pairs), a helper
WRITES = {"save", "delete", "update", "bulk_create"}
WRITERS = {"update_by_pk", "bulk_create_with_history"}


def writes_lines(call: ast.Call) -> bool:
    """A call that writes TravellerLine rows (or a line's seatings): `line.save()`, `TravellerLine.objects...
    .update()`, `update_by_pk(TravellerLine, ...)`, `bulk_create_with_history([...], TravellerLine)`."""
    func = call.func
    if isinstance(func, ast.Name) and func.id in WRITERS:
        return any(isinstance(arg, ast.Name) and arg.id == "TravellerLine" for arg in call.args)
    if isinstance(func, ast.Attribute) and func.attr in WRITES:
        return "line" in ast.unparse(func.value).lower()
    return False


def unguarded_writes(source: str) -> list[str]:
    """The line-writing calls of `source` not inside a `with session_write(...)` block."""
    found = []

    def visit(node, guarded: bool):
        if isinstance(node, ast.With) and any(
            isinstance(item.context_expr, ast.Call) and ast.unparse(item.context_expr.func) == "session_write"
            for item in node.items
        ):
            guarded = True
        if isinstance(node, ast.Call) and writes_lines(node) and not guarded:
            found.append(f"line {node.lineno}: {ast.unparse(node)[:80]}")
        for child in ast.iter_child_nodes(node):
            visit(child, guarded)

    visit(ast.parse(source), False)
    return found


@pytest.mark.parametrize("path", sorted(p for p in SERVICES.glob("*/services/*.py") if p.name not in EXEMPT), ids=str)
def test_services_write_lines_only_in_session_write(path):
    assert unguarded_writes(path.read_text(encoding="utf-8")) == []


def test_the_walk_finds_the_services():
    """The walk above reads every area's services (an empty walk would check nothing)."""
    names = {path.name for path in SERVICES.glob("*/services/*.py")}
    assert {"lines.py", "entry.py", "sit_outs.py", "transfer.py", "table_entry.py", "fixes.py"} <= names


def test_the_check_finds_a_write_outside_session_write():
    source = """
def fine(line):
    with session_write(1):
        line.save()
        update_by_pk(TravellerLine, ("ns_points",), [])

def wrong(line, lines):
    line.save()
    TravellerLine.objects.filter(pk=1).update(checked=True)
    bulk_create_with_history(lines, TravellerLine)
    Pair.objects.filter(pk=1).update(place="1")
"""
    assert [problem.split(":")[0] for problem in unguarded_writes(source)] == ["line 8", "line 9", "line 10"]


def test_nested_blocks_lock_and_store_once(db):
    session = Session.objects.create(name="Monday", date="2026-11-30")
    with (
        mock.patch.object(standings, "_store_now") as refresh,
        mock.patch.object(locking, "lock_session", wraps=locking.lock_session) as lock,
    ):
        with session_write(session.pk):
            with session_write(session.pk):
                pass
            assert refresh.call_count == 0
        assert refresh.call_args_list == [mock.call([session.pk], summaries=True)]
        assert lock.call_args_list == [mock.call(session.pk, shared=False)]


def test_an_error_stores_nothing(db):
    session = Session.objects.create(name="Monday", date="2026-11-30")
    with mock.patch.object(standings, "_store_now") as refresh, pytest.raises(ValueError):
        with session_write(session.pk):
            raise ValueError("refused")
    assert refresh.call_count == 0


def test_a_rollback_stores_nothing(db):
    from django.db import transaction

    session = Session.objects.create(name="Monday", date="2026-11-30")
    with mock.patch.object(standings, "_store_now") as refresh:
        with session_write(session.pk):
            Session.objects.filter(pk=session.pk).update(name="Changed")
            transaction.set_rollback(True)
    assert refresh.call_count == 0
    assert Session.objects.get(pk=session.pk).name == "Monday"
