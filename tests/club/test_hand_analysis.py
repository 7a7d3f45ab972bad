"""The analysis off the request (`club.hand_analysis`, `manage.py analyse_hands`): stored deals wait, pending; a
run claims them in batches; two runs at once never analyse one deal twice nor lose one; a deal stored again
while it is analysed keeps the new deal; a dead run's claim is taken over; the pages say "analysis pending"."""

import datetime
import io
import threading
import time

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse
from django.utils import timezone

from club.background import ATTEMPTS
from club.hand_analysis import CLAIM_MINUTES, analyse_pending
from deals.analysis import Analysis
from events.hands.services.hands import store_deals
from events.models import BoardDeal
from tests.builders.concurrency import run_at_once
from tests.builders.hands import ROUND_THE_TABLE, SIX_BOARDS
from tests.builders.sessions import club_night

FAKE = Analysis({seat: {strain: 7 for strain in ("C", "D", "H", "S", "NT")} for seat in "NESW"}, 90, ())


class SlowAnalysis:
    """A stand-in for DDS that takes a little while and records every board it was given."""

    def __init__(self, pause: float = 0.05, during=None) -> None:
        self.pause, self.during = pause, during
        self.given: list[tuple[int, object]] = []
        self.lock = threading.Lock()

    def __call__(self, boards):
        with self.lock:
            self.given += list(boards)
        if self.during is not None:
            during, self.during = self.during, None
            during()
        time.sleep(self.pause)
        return [FAKE for _board in boards]


def deals_for(numbers):
    return {number: SIX_BOARDS[1 + (number - 1) % 6] for number in numbers}


def test_two_runs_at_once_share_the_deals_and_analyse_each_once(database, monkeypatch):
    session, _section = club_night(tables=6, boards_per_round=3)  # boards 1-18
    store_deals(session=session, deals=deals_for(range(1, 19)))
    slow = SlowAnalysis(pause=0.3)
    monkeypatch.setattr("club.hand_analysis.analyse", slow)
    results, errors = run_at_once([lambda: analyse_pending(batch=3)] * 2, database)
    assert errors == []
    database()  # this thread reads the database the runs wrote
    assert sum(results) == 18 and all(results)  # both runs took a share
    given = sorted(number for number, _deal in slow.given)
    assert given == list(range(1, 19))  # every deal once: none twice, none lost
    assert BoardDeal.objects.filter(dd_tricks__isnull=True).count() == 0
    assert set(BoardDeal.objects.values_list("analysis_claim", flat=True)) == {""}


def test_a_deal_stored_again_while_it_is_analysed_keeps_the_new_deal(db, monkeypatch):
    session, _section = club_night()
    store_deals(session=session, deals={1: SIX_BOARDS[1], 2: SIX_BOARDS[2]})
    corrected = {1: ROUND_THE_TABLE}
    slow = SlowAnalysis(pause=0, during=lambda: store_deals(session=session, deals=corrected))
    monkeypatch.setattr("club.hand_analysis.analyse", slow)
    assert analyse_pending() == 2  # board 2, and board 1's new deal (its old analysis is not written)
    assert slow.given == [(1, SIX_BOARDS[1]), (2, SIX_BOARDS[2]), (1, ROUND_THE_TABLE)]
    record = BoardDeal.objects.get(board__number=1)
    assert record.deal == ROUND_THE_TABLE and record.analysed


def test_a_dead_run_s_claim_is_taken_over_once_old(db, monkeypatch):
    session, _section = club_night()
    store_deals(session=session, deals={1: SIX_BOARDS[1], 2: SIX_BOARDS[2], 3: SIX_BOARDS[3]})
    now = timezone.now()
    BoardDeal.objects.filter(board__number=1).update(analysis_claim="dead", analysis_claimed_at=now)
    old = now - datetime.timedelta(minutes=CLAIM_MINUTES + 1)
    BoardDeal.objects.filter(board__number=2).update(analysis_claim="dead", analysis_claimed_at=old)
    slow = SlowAnalysis(pause=0)
    monkeypatch.setattr("club.hand_analysis.analyse", slow)
    assert analyse_pending() == 2
    assert sorted(number for number, _deal in slow.given) == [2, 3]  # board 1: another run is on it
    assert not BoardDeal.objects.get(board__number=1).analysed


def test_a_run_that_fails_leaves_its_deals_pending_for_a_later_run(db, monkeypatch):
    session, _section = club_night()
    store_deals(session=session, deals={1: SIX_BOARDS[1]})

    def broken(boards):
        raise RuntimeError("DDS failed")

    monkeypatch.setattr("club.hand_analysis.analyse", broken)
    with pytest.raises(RuntimeError):
        analyse_pending()
    record = BoardDeal.objects.get()
    # released at once, the failure counted (the hands page says "analysis failed: retrying")
    assert not record.analysed and record.analysis_claim == "" and record.analysis_failures == 1
    monkeypatch.setattr("club.hand_analysis.analyse", SlowAnalysis(pause=0))
    assert analyse_pending() == 1
    record = BoardDeal.objects.get()
    assert record.analysed and record.analysis_failures == 0


def test_a_deal_that_failed_every_attempt_waits_until_it_is_stored_again(db, monkeypatch):
    session, _section = club_night()
    store_deals(session=session, deals={1: SIX_BOARDS[1], 2: SIX_BOARDS[2]})
    BoardDeal.objects.filter(board__number=1).update(analysis_failures=ATTEMPTS)
    monkeypatch.setattr("club.hand_analysis.analyse", SlowAnalysis(pause=0))
    assert analyse_pending() == 1 and not BoardDeal.objects.get(board__number=1).analysed
    store_deals(session=session, deals={1: SIX_BOARDS[3]})  # stored again: a fresh start
    assert BoardDeal.objects.get(board__number=1).analysis_failures == 0
    assert analyse_pending() == 1 and BoardDeal.objects.get(board__number=1).analysed


def test_the_command_analyses_every_pending_deal_and_counts_them(db, cached_analysis):
    session, _section = club_night()
    store_deals(session=session, deals=deals_for(range(1, 7)))
    out = io.StringIO()
    call_command("analyse_hands", "--batch", "4", stdout=out)
    assert out.getvalue().strip() == "6 deals analysed." and cached_analysis.calls == 2
    assert BoardDeal.objects.get(board__number=1).par_score == 100  # correct_21.pbn's OptimumScore "NS 100"
    out = io.StringIO()
    call_command("analyse_hands", stdout=out)
    assert out.getvalue().strip() == "0 deals analysed."


@pytest.mark.parametrize("batch", ["0", "41", "-3"])
def test_the_command_refuses_a_batch_dds_cannot_take(db, batch):
    with pytest.raises(CommandError, match="from 1 to 40"):
        call_command("analyse_hands", "--batch", batch)


def test_pages_say_analysis_pending_until_the_run_then_show_the_analysis(client, hand_mitchell):
    session, section = hand_mitchell
    store_deals(session=session, deals={3: ROUND_THE_TABLE})
    url = reverse("events:board_traveller", args=[session.pk, section.pk, 3])
    pending = client.get(url).content.decode()
    assert 'id="analysis-pending"' in pending and 'id="dd-table"' not in pending and 'id="par"' not in pending
    sheet = client.get(reverse("events:hand_sheet", args=[session.pk])).content.decode()
    assert "analysis-pending" in sheet
    analyse_pending()
    analysed = client.get(url).content.decode()  # the cached page was moved on
    assert 'id="analysis-pending"' not in analysed and 'id="dd-table"' in analysed and 'id="par"' in analysed
