"""Builders for sessions entered through the services, as a director would."""

import datetime

import pytest

from events.models import Section, Session
from events.plans import section_plan
from events.services import read_result, save_line
from events.setup import prepare_section


def _make_session(kind="mitchell", tables=5, boards_per_round=1, scoring="matchpoints", **section_options):
    session = Session.objects.create(name=f"Test {kind}", date=datetime.date(2026, 11, 2), scoring=scoring)
    section = Section.objects.create(session=session, letter="A", kind=kind, tables=tables,
                                     boards_per_round=boards_per_round, **section_options)
    prepare_section(section)
    return session, section


def _enter(section, board_number, ns_label, contract, declarer="", result=""):
    """Enters the line of `ns_label` on a board against whoever the movement seats opposite."""
    plan = section_plan(section)
    slot = next(s for s in plan.slots_for_board(board_number) if s.ns == ns_label)
    pairs = {pair.label: pair for pair in section.pairs.all()}
    board = section.boards.get(number=board_number)
    return save_line(board, ns_pair=pairs[slot.ns], ew_pair=pairs[slot.ew],
                     result=read_result(board_number, contract, declarer, result))


@pytest.fixture
def make_session(db):
    """make_session(kind="mitchell", tables=5, boards_per_round=1, scoring="matchpoints", **section_fields)."""
    return _make_session


@pytest.fixture
def enter():
    """enter(section, board_number, ns_label, contract, declarer, result) saves one line."""
    return _enter
