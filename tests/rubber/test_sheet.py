"""rubber.sheet: the scoresheet worked out from the deals, over scoring.Rubber and scoring.Chicago."""

import pytest

from rubber import sheet as pad
from tests.builders.rubber_examples import (
    CHICAGO,
    CHICAGO_STANDING,
    CHICAGO_STANDING_TOTALS,
    CHICAGO_TOTALS,
    FAST_RUBBER,
    FAST_TOTALS,
    SEED_RUBBER,
    SEED_TOTALS,
)


def deals(rows):
    return [pad.DealIn(side, contract, tricks, honours) for side, contract, tricks, honours in rows]


def test_seed_rubber_sheet():
    sheet = pad.build("rubber", "S", deals(SEED_RUBBER))
    assert sheet.totals == SEED_TOTALS
    assert sheet.over and not sheet.ended and sheet.next_dealer is None
    assert [row.dealer for row in sheet.rows] == ["S", "W", "N", "E", "S", "W"]
    # Vulnerability before each deal: They after deal 2, both after deal 4.
    assert [row.vulnerable for row in sheet.rows][2] == {"We": False, "They": True}
    assert sheet.rows[5].vulnerable == {"We": True, "They": True}
    assert [[f.points for f in g["we"]] for g in sheet.games] == [[70], [240], [60]]
    assert [g["closed"] for g in sheet.games] == [True, True, True]
    assert [f.points for f in sheet.above("They")] == [500, 150, 750]  # the latest nearest the top
    assert sheet.rows[5].points("They") == 1520
    assert sheet.net("They") == 870


def test_fast_rubber():
    assert pad.build("rubber", "N", deals(FAST_RUBBER)).totals == FAST_TOTALS


def test_passed_out_deal_passes_the_deal_at_rubber_but_is_redealt_at_chicago():
    passed = [pad.DealIn("We", "PASS")]
    assert pad.build("rubber", "N", passed).next_dealer == "E"
    chicago = pad.build("chicago", "N", passed)
    assert chicago.next_dealer == "N" and chicago.next_chicago_deal == 1
    assert chicago.rows[0].result == ""


@pytest.mark.parametrize("bonus", pad.CHICAGO_BONUSES)
@pytest.mark.parametrize("rows, totals", [(CHICAGO, CHICAGO_TOTALS), (CHICAGO_STANDING, CHICAGO_STANDING_TOTALS)])
def test_chicago_part_score_variants(bonus, rows, totals):
    sheet = pad.build("chicago", "N", deals(rows), bonus)
    assert sheet.over
    assert sheet.totals == totals[bonus]
    assert [row.chicago_deal for row in sheet.rows] == [1, 2, 3, 4]
    assert [row.dealer for row in sheet.rows] == ["N", "E", "S", "W"]
    assert sheet.rows[1].vulnerable == {"We": False, "They": True}
    assert sheet.rows[3].vulnerable == {"We": True, "They": True}


def test_unfinished_rubber_is_settled_only_when_it_stops():
    rows = deals([("We", "4S", 10, None), ("They", "2S", 8, None)])
    going = pad.build("rubber", "N", rows)
    assert not going.over and going.totals == {"We": 120, "They": 60}
    stopped = pad.build("rubber", "N", rows, ended=True)
    assert stopped.over and stopped.ended
    assert stopped.totals == {"We": 120 + 300, "They": 60 + 100}
    assert stopped.next_dealer is None


def test_a_deal_after_the_end_is_refused_with_its_number():
    rows = deals(FAST_RUBBER) + [pad.DealIn("We", "1C", 7)]
    with pytest.raises(pad.SheetError) as caught:
        pad.build("rubber", "N", rows)
    assert (caught.value.code, caught.value.deal) == ("over", 3)


def test_scoring_refusals_name_the_deal():
    with pytest.raises(pad.SheetError) as caught:
        pad.build("rubber", "N", deals([("We", "4S", 10, None), ("We", "3NT", 9, ("We", 100))]))
    assert caught.value.code == "deal" and caught.value.deal == 2
    assert "notrump" in str(caught.value.cause)


def test_deals_per_sheet_are_bounded():
    rows = [pad.DealIn("We", "PASS")] * (pad.MAX_DEALS + 1)
    with pytest.raises(pad.SheetError, match="too_many"):
        pad.build("rubber", "N", rows)
    assert len(pad.build("rubber", "N", rows[:-1]).rows) == pad.MAX_DEALS


@pytest.mark.parametrize(
    "net, down50, up50",
    [
        (870, 900, 900),
        (850, 800, 900),
        (840, 800, 800),
        (-850, -800, -900),
        (50, 0, 100),
        (0, 0, 0),
        (-1640, -1600, -1600),
    ],
)
def test_rounding_to_hundreds(net, down50, up50):
    assert pad.rounded(net, "down50") == down50
    assert pad.rounded(net, "up50") == up50
    assert pad.rounded(net, "exact") == net
    assert pad.rounded(-net, "down50") == -down50  # the two sides' scores cancel


def test_unknown_choices_are_refused():
    with pytest.raises(ValueError):
        pad.build("bridge", "N", [])
    with pytest.raises(ValueError):
        pad.rounded(100, "nearest")
