"""An IMP session's pair totals summed over the boards or averaged per board (`Session.pair_total`), beside the
cross-IMPs' own choice: the ranking and its words, the set-up page changing it in one click (kept in history), the
import fitting it to a file's totals and the report naming it; and Compscore's factored totals in an IMP event."""

from types import SimpleNamespace

import pytest
from django.urls import reverse

from events.files.services.interchange_compare import _total_reason
from events.files.services.usebio_import import import_usebio
from events.models import Pair, Session
from events.standings.selectors.ranking import rank_session
from events.standings.services.rescoring import rescore_session
from tests.builders.across_field import IMP_TOTALS, across, butler_night, text, usebio_file
from tests.builders.sessions import session_post

pytestmark = pytest.mark.django_db

# The three sections' cross-IMPs summed across the field (tests/events/test_across_three_sections.py): averaged per
# board played, A1 29 / 3; C2 -56 / 2 = -28 and C4 -11 / 2 = -5.5 (two boards each).
BOARDS = {key: 2 if key in (("C", 2), ("C", 4)) else 3 for key in IMP_TOTALS}
AVERAGES = {key: total / BOARDS[key] for key, total in IMP_TOTALS.items()}


def standings(session: Session) -> dict:
    return {(pair.section.letter, pair.number): pair.score
            for pair in Pair.objects.filter(section__session=session).select_related("section")}  # fmt: skip


def test_averaged_totals_are_the_imps_per_board_in_the_ranking_and_its_words(client):
    session = across("CROSS_IMP", cross_imps="sum", pair_total="average")
    assert standings(session) == pytest.approx(AVERAGES)
    rows = {(ranking.section.letter, row.pair.number): row for ranking in rank_session(session).fields
            for row in ranking.rows}  # fmt: skip
    assert rows[("C", 2)].average == pytest.approx(-28) and rows[("C", 2)].boards == 2
    assert rows[("C", 1)].place == "1"  # C1: 77 / 3 = 25.67 a board, C4 -5.5, C3 -10 / 3, C2 -28
    page = text(client.get(reverse("events:session", args=[session.pk])))
    assert "A pair’s total is its IMPs averaged per board it played." in page
    pair = Pair.objects.get(section__session=session, section__letter="C", number=2)
    card = text(client.get(reverse("events:pair_scorecard", args=[session.pk, pair.pk])))
    assert "Running IMPs per board" in card and "-28" in card


def test_summed_totals_say_so():
    session = across("CROSS_IMP", cross_imps="sum")
    assert standings(session) == pytest.approx(IMP_TOTALS)


def _usebio_with_totals(totals: dict) -> bytes:
    """The three sections' file with each pair's TOTAL_SCORE as `totals` gives it, in PARTICIPANTS."""
    data = usebio_file("CROSS_IMP").decode()
    for letter in "ABC":
        pairs = "".join(
            f"<PAIR><PAIR_NUMBER>{number}</PAIR_NUMBER><TOTAL_SCORE>{totals[(letter, number)]:.2f}</TOTAL_SCORE>"
            f"<PLAYER><PLAYER_NAME>Player {letter}{number}a</PLAYER_NAME></PLAYER>"
            f"<PLAYER><PLAYER_NAME>Player {letter}{number}b</PLAYER_NAME></PLAYER></PAIR>"
            for number in (1, 2, 3, 4)
        )
        tag = f'<SECTION SECTION_ID="{letter}">'
        data = data.replace(tag, f"{tag}<PARTICIPANTS>{pairs}</PARTICIPANTS>")
    return data.replace("<EVENT_DESCRIPTION>Congress pairs</EVENT_DESCRIPTION>", "<EVENT_DESCRIPTION>Congress pairs "
                        "</EVENT_DESCRIPTION><PROGRAM_NAME>Ruter (field, sum)</PROGRAM_NAME>").encode()  # fmt: skip


@pytest.mark.parametrize("totals, kept", [(IMP_TOTALS, "sum"), (AVERAGES, "average")])
def test_the_import_fits_the_pair_totals_to_the_file(totals, kept):
    result = import_usebio(data=_usebio_with_totals(totals))
    session = Session.objects.get(pk=result.session.pk)
    assert session.across_field and session.cross_imps == "sum"  # the program's words say Field and Sum
    assert session.pair_total == kept and result.pairs_compared == 12 and result.pair_differences == []
    assert session.history.first().pair_total == kept


@pytest.mark.parametrize(
    "setting, printed, site, boards, named",
    [
        ("sum", 29 / 3, 29, 3, "averages the pair’s IMPs per board"),
        ("average", 29, 29 / 3, 3, "sums the pair’s IMPs over the boards"),
        ("sum", 12, 29, 3, ""),
    ],
)
def test_the_report_names_the_pair_total_that_would_explain_a_difference(setting, printed, site, boards, named):
    session = SimpleNamespace(uses_imps=True, pair_total=setting, factor_totals=False)
    mine = SimpleNamespace(boards=boards, section=SimpleNamespace(letter="A"), direction="")
    reason = _total_reason(session, mine, printed, site, {("A", ""): boards})
    assert (named in reason) if named else reason == ""


def by_label(session: Session) -> dict:
    return {pair.label: pair.score for pair in Pair.objects.filter(section__session=session)}


def test_compscore_factors_an_imp_total_of_a_pair_that_missed_boards():
    session, section, skipped = butler_night()
    plain = by_label(session)
    Session.objects.filter(pk=session.pk).update(factor_totals=True)
    rescore_session(session=Session.objects.get(pk=session.pk))
    factored = by_label(session)
    for label in (skipped.ns, skipped.ew):  # 5 of the 6 boards the others played: the total times 6 / 5
        assert factored[label] == pytest.approx(plain[label] * 6 / 5)
    assert {label: factored[label] for label in plain if label not in (skipped.ns, skipped.ew)} == pytest.approx(
        {label: plain[label] for label in plain if label not in (skipped.ns, skipped.ew)}
    )
    assert any(plain[label] for label in (skipped.ns, skipped.ew))  # a figure factoring moves


def test_the_setup_page_averages_the_totals_in_one_click_and_the_history_keeps_it(director_client):
    session, section, _skipped = butler_night()
    summed = by_label(session)
    data = session_post(kind="mitchell", tables="3", boards_per_round="2")
    data.update({"name": session.name, "date": "2026-11-30", "scoring": "butler", "pair_total": "average"})
    data.update({"sections-INITIAL_FORMS": "1", "sections-0-id": str(section.pk)})
    data["sections-0-session"] = str(session.pk)
    response = director_client.post(reverse("events:session_setup", args=[session.pk]), data)
    assert response.status_code == 302
    session = Session.objects.get(pk=session.pk)
    assert session.pair_total == "average"
    boards = {pair.label: pair.boards for pair in Pair.objects.filter(section=section)}
    assert by_label(session) == pytest.approx({label: total / boards[label] for label, total in summed.items()})
    assert {boards[label] for label in summed} == {5, 6}
    assert [record.pair_total for record in session.history.order_by("history_date")][-1] == "average"


def test_a_player_cannot_average_the_totals(player_client):
    session, _section, _skipped = butler_night()
    response = player_client.post(reverse("events:session_setup", args=[session.pk]), {"pair_total": "average"})
    assert response.status_code in (302, 403)
    assert Session.objects.get(pk=session.pk).pair_total == "sum"
