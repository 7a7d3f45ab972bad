"""The one rule of when a side's phone shows a board's two results (club.table_sides.shown_versions), for the pairs
tables' and the teams rooms' typed boards alike: while the sides disagree, North-South's first; never without a
typed board, once settled, or once the director removed its line."""

from datetime import UTC, datetime

import pytest

from club.table_sides import shown_versions
from events.models import TableResult
from teams.models import TypedRoomResult

NS = {"contract": "4S", "declarer": "N", "tricks": "+1", "lead": "", "ns_score": 450}
EW = {"contract": "4S", "declarer": "N", "tricks": "=", "lead": "HK", "ns_score": 420, "side": "EW"}


def typed(model, **changes):
    board = model(**{**NS, "side": "NS", "version": 2}, disputed=dict(EW))
    for name, value in changes.items():
        setattr(board, name, value)
    return board


@pytest.mark.parametrize("model,line", [(TableResult, "line_id"), (TypedRoomResult, "result_id")])
def test_both_results_show_only_while_the_sides_disagree(model, line):
    assert shown_versions(typed(model)) == [{**NS, "side": "NS"}, EW]
    assert shown_versions(typed(model, side="EW", disputed={**NS, "side": "NS"}))[0]["side"] == "NS"  # NS first
    assert shown_versions(None) == []
    assert shown_versions(typed(model, disputed={})) == []  # they agree
    confirmed_at = datetime(2026, 12, 3, 20, tzinfo=UTC)
    assert shown_versions(typed(model, confirmed_at=confirmed_at, **{line: 7})) == []  # settled
    assert shown_versions(typed(model, confirmed_at=confirmed_at, **{line: None})) == []  # its line removed
