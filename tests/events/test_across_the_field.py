"""A session of two sections playing the same three boards, scored across the field by hand (the working in the
comments), through the services: the lines' matchpoints and cross-IMP sums, the pairs' totals, the import that
recognises the convention from the file's figures, and the setting changed on the set-up page in one click."""

from types import SimpleNamespace

import pytest
from django.urls import reverse

from club.typed_result import read_typed_result
from events.entry.services.lines import save_line
from events.files.services.interchange_compare import convention_reason
from events.files.services.usebio_import import import_usebio
from events.models import Pair, Session
from events.standings.services.rescoring import rescore_session
from tests.builders.across_field import line_points, usebio_of_lines
from tests.builders.sessions import session_post

pytestmark = pytest.mark.django_db

# (section, board, NS pair, EW pair, contract, tricks, NS score). Board 1 nobody vulnerable, 2 NS, 3 EW.
LINES = [
    ("A", 1, 1, 2, "4S", 10, 420), ("A", 1, 3, 4, "4S", 11, 450),
    ("B", 1, 1, 2, "4S", 10, 420), ("B", 1, 3, 4, "4S", 9, -50),
    ("A", 2, 1, 3, "3D", 9, 110), ("A", 2, 2, 4, "3S", 9, 140),
    ("B", 2, 1, 3, "4S", 9, -100),  # section B's other table did not play board 2: B was due 2 results
    ("A", 3, 1, 4, "4S", 10, 420), ("A", 3, 2, 3, "4S", 10, 420),
    ("B", 3, 1, 4, "4S", 11, 450), ("B", 3, 2, 3, "4S", 8, -100),
]  # fmt: skip
# Across the field, worked by hand (EBU scale: 2 per result beaten, 1 per tie; WBF 1962 IMP scale):
# Board 1: -50, 420, 420, 450; top 2 x 3 = 6. 450 beats 3: 6 (EW 0); 420 beats 1 ties 1: 3 (EW 3); -50: 0 (EW 6).
#   Cross-IMPs summed: 450 v 420 x2 = +1 +1, v -50 +500 = 11: 13; 420: -1, 0, +470 = 10: 9; -50: -10 -10 -11 = -31.
# Board 2: 3 results of the 4 the field was due (2 a section). Raw on 3 (top 4): 140 beats 2 = 4; 110 = 2; -100 = 0.
#   Neuberg (M + 1) x 4 / 3 - 1: 140 -> 17/3 (EW 1/3); 110 -> 3 (EW 3); -100 -> 1/3 (EW 17/3), out of 6.
#   Cross-IMPs summed: 140 v 110 +30 = 1, v -100 +240 = 6: 7; 110: -1 +210 (5) = 4; -100: -6 -5 = -11.
# Board 3: -100, 420, 420, 450 (top 6): 450 -> 6 (EW 0); 420 -> 3 (EW 3); -100 -> 0 (EW 6).
#   Cross-IMPs summed: 450: +1 +1 +550 (11) = 13; 420: 0 -1 +520 (11) = 10; -100: -11 -11 -11 = -33.
MATCHPOINTS = {
    ("A", 1, 1): 3, ("A", 1, 3): 6, ("B", 1, 1): 3, ("B", 1, 3): 0,
    ("A", 2, 1): 3, ("A", 2, 2): 17 / 3, ("B", 2, 1): 1 / 3,
    ("A", 3, 1): 3, ("A", 3, 2): 3, ("B", 3, 1): 6, ("B", 3, 2): 0,
}  # fmt: skip
CROSS_IMPS = {
    ("A", 1, 1): 9, ("A", 1, 3): 13, ("B", 1, 1): 9, ("B", 1, 3): -31,
    ("A", 2, 1): 4, ("A", 2, 2): 7, ("B", 2, 1): -11,
    ("A", 3, 1): 10, ("A", 3, 2): 10, ("B", 3, 1): 13, ("B", 3, 2): -33,
}  # fmt: skip
# The pairs' totals (an EW pair scores the top less NS's matchpoints, or minus NS's IMPs):
#   A1: 3 + 3 + 3 = 9; A2: 3 + 17/3 + 3 = 35/3; A3: 6 + 3 + 3 = 12; A4: 0 + 1/3 + 3 = 10/3 (together 36 = 6 x 6).
#   B1: 3 + 1/3 + 6 = 28/3; B2: 3 + 0 = 3; B3: 0 + 17/3 + 6 = 35/3; B4: 6 + 0 = 6.
#   Cross-IMPs: A1 9 + 4 + 10 = 23; A2 -9 + 7 + 10 = 8; A3 13 - 4 - 10 = -1; A4 -13 - 7 - 10 = -30;
#   B1 9 - 11 + 13 = 11; B2 -9 - 33 = -42; B3 -31 + 11 + 33 = 13; B4 31 - 13 = 18 (all together 0).
MP_TOTALS = {("A", 1): 9, ("A", 2): 35 / 3, ("A", 3): 12, ("A", 4): 10 / 3,
             ("B", 1): 28 / 3, ("B", 2): 3, ("B", 3): 35 / 3, ("B", 4): 6}  # fmt: skip
IMP_TOTALS = {("A", 1): 23, ("A", 2): 8, ("A", 3): -1, ("A", 4): -30,
              ("B", 1): 11, ("B", 2): -42, ("B", 3): 13, ("B", 4): 18}  # fmt: skip


def usebio_file(event_type: str, figures: dict | None = None) -> bytes:
    """The two sections as a USEBIO file; `figures` (by section, board, NS pair) printed as the lines' NS points,
    the EW points their complement (a top of 6)."""
    return usebio_of_lines(LINES, event_type, "AB", figures, top=6)


def pair_totals(session: Session) -> dict:
    return {(pair.section.letter, pair.number): pair.score
            for pair in Pair.objects.filter(section__session=session).select_related("section")}  # fmt: skip


def across(session: Session, **fields) -> Session:
    Session.objects.filter(pk=session.pk).update(across_field=True, **fields)
    session = Session.objects.get(pk=session.pk)
    rescore_session(session=session)
    return session


def test_matchpoints_across_the_field_agree_with_the_hand_working():
    session = import_usebio(data=usebio_file("MP_PAIRS")).session
    assert line_points(session)[("A", 1, 1)] == 0  # per section (the default): 420 against 450 alone
    session = across(session)
    assert line_points(session) == pytest.approx(MATCHPOINTS)
    assert pair_totals(session) == pytest.approx(MP_TOTALS)


def test_cross_imps_summed_across_the_field_agree_with_the_hand_working():
    session = across(import_usebio(data=usebio_file("CROSS_IMP")).session, cross_imps="sum")
    assert line_points(session) == pytest.approx(CROSS_IMPS)
    assert pair_totals(session) == pytest.approx(IMP_TOTALS)


@pytest.mark.parametrize("event_type, figures", [("MP_PAIRS", MATCHPOINTS), ("CROSS_IMP", CROSS_IMPS)])
def test_the_import_recognises_a_file_scored_across_the_field_from_its_figures(event_type, figures):
    result = import_usebio(data=usebio_file(event_type, figures))
    assert result.compared == 11 and result.differences == []
    session = Session.objects.get(pk=result.session.pk)
    assert session.across_field
    assert session.cross_imps == ("sum" if event_type == "CROSS_IMP" else "average")
    assert session.history.first().across_field  # the conventions kept are in the session's history


def test_the_setup_page_changes_the_cross_imps_in_one_click_and_the_history_keeps_them(director_client):
    result = import_usebio(data=usebio_file("CROSS_IMP"))
    session = Session.objects.get(pk=result.session.pk)
    Session.objects.filter(pk=session.pk).update(across_field=True)
    # The imported sections have no movement: the page asks for their rounds (3 of one board each).
    data = session_post(kind="none", tables="2", boards_per_round="1", rounds="3")
    data.update({"name": session.name, "scoring": "cross-imps", "across_field": "on", "cross_imps": "sum"})
    data.update({"sections-TOTAL_FORMS": "2", "sections-INITIAL_FORMS": "2"})
    for index, section in enumerate(session.sections.order_by("letter")):
        for key in ("kind", "tables", "boards_per_round", "rounds", "first_board", "even_tables"):
            data[f"sections-{index}-{key}"] = data["sections-0-" + key]
        data.update({f"sections-{index}-id": str(section.pk), f"sections-{index}-session": str(session.pk)})
        data.update({f"sections-{index}-letter": section.letter, f"sections-{index}-arrow_switch_rounds": ""})
        data[f"sections-{index}-custom_movement"] = ""
    response = director_client.post(reverse("events:session_setup", args=[result.session.pk]), data)
    assert response.status_code == 302
    session = Session.objects.get(pk=result.session.pk)
    assert session.cross_imps == "sum" and line_points(session)[("A", 1, 1)] == 9
    assert [record.cross_imps for record in session.history.order_by("history_date")][-1] == "sum"
    page = director_client.get(reverse("events:session", args=[session.pk])).content.decode()
    assert "Scored across the field" in page and "the sum over its comparisons" in page


def test_a_player_cannot_change_the_conventions(player_client):
    session = import_usebio(data=usebio_file("CROSS_IMP")).session
    response = player_client.post(reverse("events:session_setup", args=[session.pk]), {"cross_imps": "sum"})
    assert response.status_code in (302, 403)
    assert Session.objects.get(pk=session.pk).cross_imps == "average"


@pytest.mark.parametrize(
    "setting, printed, site, field, sections, named",
    [
        # 5 results on the board: 4 comparisons each; 16 printed against the site's 4 averaged: summed in the file
        ({"cross_imps": "average"}, 16, 4, 5, 1, "cross-IMPs summed over the comparisons"),
        ({"cross_imps": "sum"}, 4, 16, 5, 1, "cross-IMPs averaged per comparison"),
        # nothing explains it by the cross-IMPs: two sections, scored per section: across the field would
        ({"cross_imps": "average"}, 7, 4, 6, 2, "scored across the field"),
        ({"cross_imps": "average", "across_field": True}, 7, 4, 6, 2, ""),
    ],
)
def test_the_report_names_the_convention_that_would_explain_a_difference(setting, printed, site, field, sections,
                                                                          named):  # fmt: skip
    session = SimpleNamespace(**{"scoring": "cross-imps", "across_field": False, **setting})
    reason = convention_reason(session, SimpleNamespace(ns_points=printed), SimpleNamespace(ns_points=site,
                               adjusted=""), field, sections)  # fmt: skip
    assert (named in reason) if named else reason == ""


def test_a_line_saved_in_one_section_moves_the_board_in_the_other():
    session = across(import_usebio(data=usebio_file("MP_PAIRS")).session)
    section = session.sections.get(letter="B")
    pairs = {pair.number: pair for pair in section.pairs.all()}
    # Board 2 (NS vulnerable) now played by B's pairs 2 and 4 too: 3S making, +140. Four results, top 6:
    # 140 beats 2 (-100, 110) and ties 1: 5; 110 beats 1: 2; -100: 0 (no Neuberg: every section played it twice).
    line = save_line(board=section.boards.get(number=2), ns_pair=pairs[2], ew_pair=pairs[4],
                     result=read_typed_result(2, "3S", "N", "9"))  # fmt: skip
    assert (line.ns_points, line.ew_points) == (5, 1)  # the saved line carries its points scored over the field
    found = line_points(session)
    assert [found[key] for key in (("A", 2, 1), ("A", 2, 2), ("B", 2, 1), ("B", 2, 2))] == [2, 5, 0, 5]
