"""PBN files laid out as real scorers write them (BridgeComposer for an ACBLscore club, Magic Contest, JFR Pary
and KOPS, TourCalc), each fixture's header saying where the layout was seen; names and figures are our own.
Every line's contract, declarer, tricks, score and matchpoints, and every pair's players and totals, are read
back from the stored session and compared with the file."""

from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from club.csv_files import FileRefused
from club.models import Member
from deals import decode
from events.files.services.pbn_import import import_pbn
from events.hands.services.hands import import_hands
from events.models import BoardDeal, Pair, Session, SitOut, TravellerLine
from tests.builders.hands import PUBLISHED, ROUND_THE_TABLE
from tests.builders.sessions import club_night

pytestmark = pytest.mark.django_db
DATA = Path(__file__).parent / "data" / "pbn"


def stored_lines() -> list[tuple]:
    lines = TravellerLine.objects.select_related("board__section", "ns_pair", "ew_pair")
    return sorted(
        (line.board.section.letter, line.board.number, line.ns_pair.number, line.ew_pair.number, line.contract,
         line.declarer, line.tricks, line.ns_score, line.ns_points, line.ew_points, line.lead)
        for line in lines
    )  # fmt: skip


def players(section: str, number: int, direction: str) -> tuple[str, str]:
    pair = Pair.objects.get(section__letter=section, number=number, direction=direction)
    return pair.player1_guest, pair.player2_guest


def test_bridgecomposer_two_sections_in_one_score_table_with_pass_in_the_score_column():
    result = import_pbn(data=(DATA / "bridgecomposer_acbl.pbn").read_bytes(), preset="acbl")
    session = result.session
    # The opening game leaves Event and Date empty: the title lines (%HRTitleEvent, Latin-1) give them.
    assert (session.name, str(session.date), session.scoring) == ("Café Oak Monday Pairs", "2026-10-05", "matchpoints")
    assert sorted(session.sections.values_list("letter", flat=True)) == ["A", "B"]
    # One result beaten is a top of 1 in each section of two tables (ACBL: 1 a score beaten), as the file says.
    assert result.lines == 8 and result.compared == 8 and result.differences == []
    assert stored_lines() == [
        ("A", 1, 1, 1, "4S", "N", 10, 420, 1.0, 0.0, ""),
        ("A", 1, 2, 2, "4S", "N", 9, -50, 0.0, 1.0, ""),
        ("A", 2, 1, 2, "2H", "S", 8, 110, 1.0, 0.0, ""),
        ("A", 2, 2, 1, "2H", "S", 7, -100, 0.0, 1.0, ""),
        ("B", 1, 1, 1, "PASS", "", None, 0, 1.0, 0.0, ""),
        ("B", 1, 2, 2, "3NTX", "S", 8, -100, 0.0, 1.0, ""),
        ("B", 2, 1, 2, "1NT", "W", 7, -90, 1.0, 0.0, ""),
        ("B", 2, 2, 1, "1NT", "W", 8, -120, 0.0, 1.0, ""),
    ]
    # Surnames joined by a hyphen, one with a space, one longer than the column's 17 characters.
    assert players("A", 1, "NS") == ("Quill", "Rook") and players("A", 2, "NS") == ("Van Dyke", "Ng")
    assert players("B", 1, "NS") == ("Featherstonehaugh", "Ash") and players("B", 2, "EW") == ("Gorse", "Holly")
    assert result.deals == 2 and BoardDeal.objects.filter(board__number=1).first().deal == PUBLISHED
    assert BoardDeal.objects.filter(board__number=2).first().deal == ROUND_THE_TABLE


def test_magic_contest_quoted_scores_1n_pass_and_a_quoted_direction():
    result = import_pbn(data=(DATA / "magic_contest.pbn").read_bytes())
    session = result.session
    assert (session.name, str(session.date), session.scoring) == ("Cupa Toamnei", "2026-10-06", "matchpoints")
    # Top 4 a board (three tables, EBU 2 a score beaten); totals out of 8 worked by hand in the file.
    assert result.lines == 6 and result.compared == 6 and result.differences == []
    assert result.pairs_compared == 6 and result.pair_differences == []
    assert stored_lines() == [
        ("A", 1, 1, 4, "4S", "N", 10, 420, 4.0, 0.0, "HK"),
        ("A", 1, 2, 5, "PASS", "", None, 0, 2.0, 2.0, ""),
        ("A", 1, 3, 6, "1NT", "E", 7, -90, 0.0, 4.0, "S8"),
        ("A", 2, 1, 5, "3NT", "S", 9, 600, 4.0, 0.0, "D2"),
        ("A", 2, 2, 6, "3NT", "S", 8, -100, 1.0, 3.0, "D2"),
        ("A", 2, 3, 4, "3NT", "S", 8, -100, 1.0, 3.0, "C5"),
    ]
    totals = {(pair.number, pair.direction): pair.score for pair in Pair.objects.all()}
    assert totals == {(1, "NS"): 8, (2, "NS"): 3, (3, "NS"): 1, (4, "EW"): 3, (5, "EW"): 2, (6, "EW"): 7}
    assert players("A", 6, "EW") == ("NEGRU IVO", "ALB JAN")
    assert players("A", 5, "EW") == ('O"NEIL KIM', "ZAMFIR LOU")  # \" in a string: a quote
    assert result.deals == 2 and BoardDeal.objects.get(board__number=1).deal == PUBLISHED


def test_bbo_one_game_a_table_is_refused_as_results():
    with pytest.raises(FileRefused) as caught:
        import_pbn(data=BBO.encode())
    [problem] = [str(problem) for problem in caught.value.problems]
    assert problem.startswith("Line 12:") and "BBO" in problem and not Session.objects.exists()


def test_jfr_pary_one_game_a_table_is_refused_with_its_line_and_its_deals_import_as_hand_records():
    data = (DATA / "jfr_pary_tables.pbn").read_bytes()
    with pytest.raises(FileRefused) as caught:
        import_pbn(data=data)
    assert not Session.objects.exists()
    [problem] = [str(problem) for problem in caught.value.problems]
    assert problem.startswith("Line 18:") and "JFR Pary" in problem and "hand records" in problem
    session, _section = club_night()  # boards 1-6
    stored = import_hands(session=session, text=data.decode())  # each deal given once a table: stored once
    assert stored.numbers == [1, 2] and stored.warnings == []
    assert BoardDeal.objects.filter(board__number=2).first().deal == ROUND_THE_TABLE


# The ACBL Live → PBN writer (a public PHP tool feeding BridgeComposer and DD solvers, "Create PBN from API
# request", version 00.03Beta): CRLF, a misspelt "Setion" column, both Score columns filled, AVE+/AVE- for an
# average, "x" for doubled, names as First.Last-First.Last. Its MP_NS and MP_EW are the ACBL section's own.
ACBL_LIVE = (
    "% PBN 2.1\r\n% EXPORT\r\n% id 2610071-01A1-1\r\n"
    '[Event "2026.10.07 10:00 Morning Pairs"]\r\n[Site "Oak Room Sectional"]\r\n[Date "2026.10.07"]\r\n'
    '[Board "1"]\r\n[Dealer "N"]\r\n[Vulnerable "None"]\r\n'
    '[Deal "N:4.KJ32.842.AQ743 JT987.Q876.AK5.2 AK532.T.JT6.T985 Q6.A954.Q973.KJ6"]\r\n[Scoring "MP2"]\r\n'
    '[Lead ""]\r\n'
    '[ScoreTable "Setion\\1L;PairId_NS\\2R;PairId_EW\\2R;Contract\\4L;Declarer\\1L;Result\\2R;Score_NS\\5R;'
    'Score_EW\\5R;MP_NS\\4R;MP_EW\\4R;Names_NS;Names_EW"]\r\n'
    "A 1  1  4S   N 10   420  -420 1.75  0.25 Ada.Quill-Ben.Rook             Cy.Stone-Di.Tarn\r\n"
    "A 2  2  -    -  -   AVE+  AVE- 1.20  0.80 Eve.Umber-Finn.Vale            Gil.Wren-Hana.Yew\r\n"
    "A 3  3  4Sx  N  9  -100   100 0.25  1.75 Ivo.Ash-Jan.Birch              Kim.Cedar-Lou.Dale\r\n"
    "\r\n"
)


def test_acbl_live_averages_written_as_ave_plus_and_minus():
    result = import_pbn(data=ACBL_LIVE.encode(), preset="acbl")
    assert (result.session.name, str(result.session.date)) == ("2026.10.07 10:00 Morning Pairs", "2026-10-07")
    # ACBL, three results: a top of 2; the average plus is 60% of it (1.2), the minus 40% (0.8). The two played
    # results, 1 and 0 on a top of 1, are factored to three (Neuberg, 1 a score beaten): (1 + 0.5) x 3/2 - 0.5 =
    # 1.75 and (0 + 0.5) x 3/2 - 0.5 = 0.25.
    assert result.compared == 3 and result.differences == []
    assert stored_lines() == [
        ("A", 1, 1, 1, "4S", "N", 10, 420, 1.75, 0.25, ""),
        ("A", 1, 2, 2, "", "", None, None, 1.2, 0.8, ""),
        ("A", 1, 3, 3, "4SX", "N", 9, -100, 0.25, 1.75, ""),
    ]
    assert TravellerLine.objects.get(ns_pair__number=2).adjusted == "A6040"
    assert players("A", 1, "EW") == ("Cy.Stone", "Di.Tarn")


# Norwegian club files (Ruter, published under bridge.no/var/ruter/html/): no whole file was found, only two public
# readers of them, which name their parts: the PINGBRIDGE Streamlit app (ISO-8859-1; a ScoreTable with a Round
# column, PairId "-" for a pair sitting out, MP "-"; a TotalScoreTable with Rank, PairId, quoted Names,
# TotalScoreMP, TotalPercentage and ScoreCarryOver) and a club ranking script (%<META name=ContestName
# content=...> header lines; MemberID1 and MemberID2 columns). The order and widths below are ours.
RUTER_NO = (
    '% PBN 2.1\r\n% EXPORT\r\n%<META  name=ContestName content="Onsdagsturnering">\r\n'
    '%<META  name=ContestDate content="2026.10.14">\r\n[Event ""]\r\n[Date ""]\r\n[Board "1"]\r\n'
    '[Dealer "N"]\r\n[Vulnerable "None"]\r\n[Scoring "MP"]\r\n'
    '[ScoreTable "Round\\2R;PairId_NS\\2R;PairId_EW\\2R;Contract\\5L;Declarer\\1R;Result\\2R;Lead\\3L;Score_NS\\5R;'
    'Score_EW\\5R;MP_NS\\4R;MP_EW\\4R;Percentage_NS\\3R;Percentage_EW\\3R"]\r\n'
    " 1  1  2 4S    N 10 HK    420     -  2.0  0.0 100   0\r\n"
    " 1  3  4 4S    N  9 HK      -    50  0.0  2.0   0 100\r\n"
    " 1  5  - -     -  - -       -     -    -    -   -   -\r\n"
    '[TotalScoreTable "Rank\\2R;PairId\\2R;Names\\40L;TotalScoreMP\\5R;TotalPercentage\\6R;ScoreCarryOver\\3R;'
    'MemberID1\\7R;MemberID2\\7R"]\r\n'
    ' 1  1 "S\u00f8lvi Berg - \u00c5se Dahl"                        2.0 100.00   0 1234567 7654321\r\n'
    ' 1  4 "Per Lie - Ola Nes"                            2.0 100.00   0 2345678 8765432\r\n'
    ' 3  2 "Kari Ask - Tor Ek"                            0.0   0.00   0       -       -\r\n'
    ' 3  3 "Liv Hov - Jon Ruud"                           0.0   0.00   0       -       -\r\n'
    ' -  5 "Eli Moe - Siv Vik"                              -      -   0       -       -\r\n'
)


def test_norwegian_readers_layout_sit_out_member_numbers_and_meta_title():
    Member.objects.create(first_name="Another", last_name="Name", number="1234567")  # matched by number
    result = import_pbn(data=RUTER_NO.encode("latin-1"))
    assert (result.session.name, str(result.session.date)) == ("Onsdagsturnering", "2026-10-14")
    # The sit-out row (pair 5, PairId_EW "-") gives no line but a sit-out; the two played lines agree with the file.
    assert result.lines == 2 and result.compared == 2 and result.differences == []
    assert [(s.board.number, s.pair.label) for s in SitOut.objects.filter(board__section__session=result.session)] == [
        (1, "5")
    ]
    assert result.pairs_compared == 4 and result.pair_differences == []  # pair 5 has no total to compare
    assert stored_lines() == [
        ("A", 1, 1, 2, "4S", "N", 10, 420, 2.0, 0.0, "HK"),
        ("A", 1, 3, 4, "4S", "N", 9, -50, 0.0, 2.0, "HK"),
    ]
    pair = Pair.objects.get(number=1)
    assert pair.player1.number == "1234567" and pair.player2_guest == "\u00c5se Dahl"
    assert ("S\u00f8lvi Berg", "number") in {(match.name, match.how) for match in result.players}


KOPS = """[Board "01"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:4.KJ32.842.AQ743 JT987.Q876.AK5.2 AK532.T.JT6.T985 Q6.A954.Q973.KJ6"]
[North "N1"]
[South "S1"]
[East "E1"]
[West "W1"]
[Contract "5Cx"]
[Declarer "N"]
[Result "8"]

[Board "02"]
[Dealer "E"]
[Vulnerable "Both"]
[Deal "N:AT62.J73.Q84.K95 K95.AT62.J73.Q84 Q84.K95.AT62.J73 J73.Q84.K95.AT62"]
"""

TOURCALC = """[Event "Turniej Par 2026-10-07"]
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:4.KJ32.842.AQ743 JT987.Q876.AK5.2 AK532.T.JT6.T985 Q6.A954.Q973.KJ6"]

[Event "Turniej Par 2026-10-07"]
[Board "2"]
[Dealer "E"]
[Vulnerable "NS"]
[Deal "E:K95.AT62.J73.Q84 Q84.K95.AT62.J73 J73.Q84.K95.AT62 AT62.J73.Q84.K95"]

"""


# BBO's tournament records as PbnTools saves them (jarekczek/pbntools test/test_11_aba_17901/aba_17901_aba_pairs.pbn):
# one game a table with the players' BBO names, a date with a time, an auction with =1= notes and Note tags holding
# ";" inside their quotes, the play, a DealId tag
BBO = """[Event "40117-1790000001"]
[Date "2026-10-08 19:06"]
[Board "1"]
[West "owl77"]
[North "GiB"]
[East "GiB"]
[South "heron_2"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:4.KJ32.842.AQ743 JT987.Q876.AK5.2 AK532.T.JT6.T985 Q6.A954.Q973.KJ6"]
[Declarer "S"]
[Contract "2S"]
[Result "9"]
[Auction "N"]
Pass =1= Pass 1S Pass
2S Pass Pass Pass
[Note "1:Pass -- 0-11 HCP; no 6-card suit"]
[Play "W"]
HA H2 HT H6
[DealId "1790000011.lin"]

[Event "40117-1790000001"]
[Date "2026-10-08 19:12"]
[Board "2"]
[West "GiB"]
[North "wren.b"]
[East "GiB"]
[South "GiB"]
[Dealer "E"]
[Vulnerable "NS"]
[Deal "E:K95.AT62.J73.Q84 Q84.K95.AT62.J73 J73.Q84.K95.AT62 AT62.J73.Q84.K95"]
[Declarer "E"]
[Contract "1NT"]
[Result "7"]
[DealId "1790000012.lin"]
"""

BIG_DEAL = """% PBN 1.0
[Generator "Big Deal version 1.2"]
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:4.KJ32.842.AQ743 JT987.Q876.AK5.2 AK532.T.JT6.T985 Q6.A954.Q973.KJ6"]
%%!R 75974684697597468469
[Event ""]

[Board "2"]
[Dealer "E"]
[Vulnerable "NS"]
[Deal "N:AT62.J73.Q84.K95 K95.AT62.J73.Q84 Q84.K95.AT62.J73 J73.Q84.K95.AT62"]
%%!R 382426599B382426599B


"""

SQUARE_DEAL = "".join(
    f'[Event "?"]\n[Site "?"]\n[Date "?"]\n[Board "{board}"]\n[West "?"]\n[North "?"]\n[East "?"]\n[South "?"]\n'
    f'[Dealer "{dealer}"]\n[Vulnerable "{vulnerable}"]\n[Deal "{deal}"]\n[Scoring "?"]\n[Declarer "?"]\n'
    '[Contract "?"]\n[Result "?"]\n\n'
    for board, dealer, vulnerable, deal in (
        (1, "N", "None", "N:4.KJ32.842.AQ743 JT987.Q876.AK5.2 AK532.T.JT6.T985 Q6.A954.Q973.KJ6"),
        (2, "E", "NS", "N:AT62.J73.Q84.K95 K95.AT62.J73.Q84 Q84.K95.AT62.J73 J73.Q84.K95.AT62"),
    )
)


@pytest.mark.parametrize(
    "text",
    [
        # Big Deal 1.2 (zdenecek/pbn pbn_files/psbridge.pbn): % PBN 1.0, a Generator tag, %%!R lines after each
        # deal, [Event ""] on the first board only, two empty lines between boards, every deal from North
        pytest.param(BIG_DEAL, id="big-deal"),
        # SquareDeal / Big Deal for a championship (hansvanstaveren/BigDeal "Buenos Aires/FIN1-2.pbn"): every
        # tag of the standard's export set, "?" where unknown, Contract "?" (no result)
        pytest.param(SQUARE_DEAL, id="square-deal"),
        pytest.param(BBO, id="bbo"),
        # KOPS (jarekczek/pbntools tags/1.2.0/test/test_2_kops/PCH1003/PCH1003.pbn): Board "01", no Event,
        # "5Cx", Vulnerable "Both" (board 2 is NS vulnerable by its number: a warning, not a refusal)
        pytest.param(KOPS, id="kops"),
        # TourCalc (jarekczek/pbntools test/test_13_tourcalc/260902.pbn): deals only, each from the dealer's seat
        pytest.param(TOURCALC, id="tourcalc"),
    ],
)
def test_dealing_and_scoring_programs_hand_records(text):
    session, _section = club_night()
    stored = import_hands(session=session, text=text)
    assert stored.numbers == [1, 2]
    assert BoardDeal.objects.filter(board__number=1).first().deal == PUBLISHED
    assert BoardDeal.objects.filter(board__number=2).first().deal == ROUND_THE_TABLE
    expected = [("pbn.vulnerable", 15)] if "Both" in text else []
    assert [(warning.code, warning.line) for warning in stored.warnings] == expected


@pytest.mark.parametrize("text", [BIG_DEAL, SQUARE_DEAL, TOURCALC], ids=["big-deal", "square-deal", "tourcalc"])
def test_a_dealing_programs_file_is_not_a_results_file(text):
    with pytest.raises(FileRefused) as caught:
        import_pbn(data=text.encode())
    assert [str(problem) for problem in caught.value.problems] == [
        "The file holds no ScoreTable with the pairs of each line (PairId_NS and PairId_EW)."
    ]
    assert not Session.objects.exists()


def test_the_upload_page_takes_bridgecomposer_and_refuses_pary_in_the_readers_language(director_client):
    url = reverse("events:pbn_import")
    data = (DATA / "bridgecomposer_acbl.pbn").read_bytes()
    fields = {"file": SimpleUploadedFile("oak.pbn", data, content_type="text/plain"), "preset": "acbl"}
    page = director_client.post(url, fields, follow=True).content.decode()
    assert "8 lines imported; 8 figures compared with the file, 0 differ." in page
    pary = SimpleUploadedFile("pary.pbn", (DATA / "jfr_pary_tables.pbn").read_bytes(), content_type="text/plain")
    for language, words in (("es", "como escriben BBO"), ("ro", "cum scriu BBO")):
        pary.seek(0)
        response = director_client.post(url, {"file": pary}, HTTP_ACCEPT_LANGUAGE=language)
        assert response.status_code == 200 and words in response.content.decode()
    assert Session.objects.count() == 1


@pytest.mark.parametrize("name", ["bridgecomposer_acbl.pbn", "magic_contest.pbn", "jfr_pary_tables.pbn"])
def test_the_results_files_deals_import_as_hand_records(name):
    session, _section = club_night()
    stored = import_hands(session=session, text=decode((DATA / name).read_bytes()))
    assert stored.numbers == [1, 2] and stored.warnings == []
    assert BoardDeal.objects.filter(board__number=1).first().deal == PUBLISHED
    assert BoardDeal.objects.filter(board__number=2).first().deal == ROUND_THE_TABLE


# Two sections as the standard writes them (no program's file seen): a game for each section's board with its own
# Section tag, [Event "#"] and [Date "#"] repeating the first game's.
TWO_SECTIONS = (
    '[Event "Two rooms"]\n'
    '[Date "2026.10.20"]\n'
    '[Section "A"]\n'
    '[Board "1"]\n'
    '[Deal "N:4.KJ32.842.AQ743 JT987.Q876.AK5.2 AK532.T.JT6.T985 Q6.A954.Q973.KJ6"]\n'
    '[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\5L;Declarer\\1R;Result\\2R;'
    'Score_NS\\5R;Score_EW\\5R;MP_NS\\4R;MP_EW\\4R"]\n'
    " 1  2 4S    N 10   420     -  2.0  0.0\n"
    " 3  4 4S    N  9     -    50  0.0  2.0\n"
    "\n"
    '[Event "#"]\n'
    '[Date "#"]\n'
    '[Section "B"]\n'
    '[Board "1"]\n'
    '[Deal "N:4.KJ32.842.AQ743 JT987.Q876.AK5.2 AK532.T.JT6.T985 Q6.A954.Q973.KJ6"]\n'
    '[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\5L;Declarer\\1R;Result\\2R;'
    'Score_NS\\5R;Score_EW\\5R;MP_NS\\4R;MP_EW\\4R"]\n'
    " 1  2 3NT   S  9   400     -  1.0  1.0\n"
    " 3  4 3NT   S  9   400     -  1.0  1.0\n"
)


def test_sections_in_their_own_games_are_two_sections_of_one_session():
    result = import_pbn(data=TWO_SECTIONS.encode())
    assert (result.session.name, str(result.session.date)) == ("Two rooms", "2026-10-20")
    assert result.compared == 4 and result.differences == [] and result.deals == 1
    assert stored_lines() == [
        ("A", 1, 1, 2, "4S", "N", 10, 420, 2.0, 0.0, ""),
        ("A", 1, 3, 4, "4S", "N", 9, -50, 0.0, 2.0, ""),
        ("B", 1, 1, 2, "3NT", "S", 9, 400, 1.0, 1.0, ""),
        ("B", 1, 3, 4, "3NT", "S", 9, 400, 1.0, 1.0, ""),
    ]
