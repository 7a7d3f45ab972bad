"""Three sections playing the same three boards, scored across the field by hand (the working in the comments): the
lines' matchpoints and cross-IMP sums, the pairs' totals, and what a player reads of them: the traveller (the
field's lines, one top over the sections, percentages of it), the scorecard (each board's top the field's, the
running percentage the ranking's) and the ranking's sentence on the tops."""

import pytest
from django.urls import reverse

from events.files.selectors.usebio_export import usebio_event
from events.files.services.usebio_import import import_usebio
from events.models import Pair, Session
from interchange.usebio_write import write_usebio
from tests.builders.across_field import CROSS_IMPS, IMP_TOTALS, MATCHPOINTS, MP_TOTALS, across, line_points, text
from tests.builders.usebio_readers import as_xmltodict

pytestmark = pytest.mark.django_db


def pair_figures(session: Session) -> dict:
    return {(pair.section.letter, pair.number): (pair.score, pair.maximum)
            for pair in Pair.objects.filter(section__session=session).select_related("section")}  # fmt: skip


def test_matchpoints_across_three_sections_agree_with_the_hand_working():
    session = across("MP_PAIRS")
    assert line_points(session) == pytest.approx(MATCHPOINTS)
    figures = pair_figures(session)
    assert {key: score for key, (score, _top) in figures.items()} == pytest.approx(MP_TOTALS)
    # the highest possible total: 10 a board played (pairs C2 and C4 played two boards)
    assert {key: top for key, (_score, top) in figures.items()} == pytest.approx(
        {key: 20 if key in (("C", 2), ("C", 4)) else 30 for key in MP_TOTALS}
    )


def test_cross_imps_summed_across_three_sections_agree_with_the_hand_working():
    session = across("CROSS_IMP", cross_imps="sum")
    assert line_points(session) == pytest.approx(CROSS_IMPS)
    assert {key: score for key, (score, _top) in pair_figures(session).items()} == pytest.approx(IMP_TOTALS)


def test_the_traveller_shows_the_field_with_one_top(client):
    session = across("MP_PAIRS")
    section = session.sections.get(letter="A")
    page = text(client.get(reverse("events:board_traveller", args=[session.pk, section.pk, 2])))
    assert "Top 10." in page and "the results of sections A, B, C on this board are compared together" in page
    assert "scored as if played 6 times, so the top is 10 matchpoints" in page
    assert "Fewer results were compared (5) than the board is scored against (6)" in page
    # every section's line of board 2, with its section's letter; the 600s: 8.6 of 10 = 86 %, EW 1.4 = 14 %
    assert page.count("8.60 (top) 1.40 (bottom) 86.00 14.00") == 2 and "9.80 (top) 2.00 98.00" in page
    for pairs in ("A 1 A 3", "A 2 A 4", "B 1 B 3", "B 2 B 4", "C 1 C 3"):
        assert pairs in page
    # the frequencies over the field: 600 twice, M = 7 among the 5 compared, factored to 8.6
    assert "600 2 7 8.60 1.40 140 1 4 5 5 110 1 2 2.60 7.40 -100 1 0 0.20 9.80" in page


def test_the_traveller_of_cross_imps_summed_says_so(client):
    session = across("CROSS_IMP", cross_imps="sum")
    section = session.sections.get(letter="B")
    page = text(client.get(reverse("events:board_traveller", args=[session.pk, section.pk, 1])))
    assert "each difference is turned into IMPs and the IMPs are added up over the 5 comparisons" in page
    assert "-47 47" in page  # B3 v B4's -50 against the field's five other results
    ranking = text(client.get(reverse("events:session", args=[session.pk])))
    assert "the IMPs added up over the comparisons" in ranking


def test_the_scorecard_uses_the_field_s_tops_as_the_ranking_does(client):
    session = across("MP_PAIRS")
    pair = Pair.objects.get(section__session=session, section__letter="A", number=2)
    page = text(client.get(reverse("events:pair_scorecard", args=[session.pk, pair.pk])))
    # A2: board 1 (EW against A1's 420) 5 of 10 = 50 %, board 2 (NS, 600) 8.6 = 86 %, board 3 (NS, 120) 4 = 40 %;
    # the running percentage ends at 17.6 / 30 = 58.67 %, the ranking's.
    for figure in ("50.00", "86.00", "40.00", "58.67"):
        assert figure in page
    ranking = text(client.get(reverse("events:session", args=[session.pk])))
    assert "58.67" in ranking
    assert "Top on each board: 10 matchpoints, each board scored against 6 results." in ranking
    assert "Fewer results were compared than that on board 2" in ranking


def test_the_export_of_several_sections_writes_a_section_element_each_and_reads_back_the_same():
    session = across("CROSS_IMP", cross_imps="sum")
    data = write_usebio(usebio_event(session))
    assert data.splitlines()[1] == b'<!DOCTYPE USEBIO SYSTEM "http://www.ebu.co.uk/usebio/usebio_v1_2.dtd">'
    event = as_xmltodict(data)["USEBIO"]["EVENT"]
    assert "PARTICIPANTS" not in event and "BOARD" not in event
    assert [section["@SECTION_ID"] for section in event["SECTION"]] == ["A", "B", "C"]
    for section in event["SECTION"]:
        assert list(section)[:3] == ["@SECTION_ID", "PARTICIPANTS", "BOARD"]  # pairs first, then the boards
        assert all(pair["PLACE"].isdigit() for pair in section["PARTICIPANTS"]["PAIR"])
    copy = import_usebio(data=data)
    copy_session = Session.objects.get(pk=copy.session.pk)
    assert copy.differences == [] and copy.pair_differences == [] and copy.pairs_compared == 12
    assert copy_session.across_field and copy_session.cross_imps == "sum"  # fitted from the figures written
    assert line_points(copy_session) == pytest.approx(CROSS_IMPS)
