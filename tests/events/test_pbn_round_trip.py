"""The site's own PBN export (hand records with a ScoreTable of each board's results) read back by the PBN results
import: a session of two sections gives the same lines and deals again."""

import pytest

from club.csv_files import FileRefused
from events.files.services.pbn_import import import_pbn
from events.hands.selectors.hands import session_pbn
from events.hands.services.hands import store_deals
from events.models import BoardDeal, TravellerLine
from tests.builders.hands import SIX_BOARDS
from tests.builders.sessions import big_session

pytestmark = pytest.mark.django_db


def played(session):
    lines = TravellerLine.objects.filter(board__section__session=session, adjusted="", not_played=False)
    lines = lines.exclude(contract="").select_related("board__section", "ns_pair", "ew_pair")
    return sorted(
        (line.board.section.letter, line.board.number, line.ns_pair.label, line.ew_pair.label, line.contract,
         line.declarer, line.tricks, line.ns_score)
        for line in lines
    )  # fmt: skip


def test_the_sites_pbn_export_of_two_sections_is_read_back():
    session = big_session(tables=3, sections=("A", "B"))
    store_deals(session=session, deals=SIX_BOARDS)
    text = session_pbn(session)
    assert "B1 " in text or " B1" in text  # pairs of several sections are written with their section's letter
    copy = import_pbn(data=text.encode("utf-8")).session
    assert list(copy.sections.values_list("letter", flat=True)) == ["A", "B"]
    assert played(copy) == played(session) and played(copy)
    deals = {deal.board.number: deal.deal for deal in BoardDeal.objects.filter(board__section__session=copy)}
    assert deals == SIX_BOARDS


def test_pairs_of_two_sections_on_one_line_are_refused():
    rows = (
        '[Date "2026.11.20"]\n[Board "1"]\n[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result"]\nA1 B2 4H S 10\n'
    )
    with pytest.raises(FileRefused) as caught:
        import_pbn(data=rows.encode())
    assert [str(problem) for problem in caught.value.problems] == [
        "Line 4: PairId_NS “A1” and PairId_EW “B2” name different sections."
    ]
