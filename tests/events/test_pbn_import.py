"""Importing PBN results files (a ScoreTable per board, as Ruter, Magic Contest and BridgeComposer write them):
a new session with its pairs, lines and deals, scored by the site and compared with the file, or nothing at all."""

from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.utils import translation

from club.csv_files import FileRefused
from club.models import Member
from events.files.services.pbn_import import import_pbn
from events.files.services.usebio_import import summary
from events.models import Board, BoardDeal, Pair, Section, Session, TravellerLine
from tests.builders.hands import PUBLISHED, needs_reference, sample

pytestmark = pytest.mark.django_db
DATA = Path(__file__).parent / "data" / "pbn"
RUTER = DATA / "ruter_mitchell.pbn"


def nothing_written() -> bool:
    return not any(model.objects.exists() for model in (Session, Section, Pair, Board, TravellerLine, BoardDeal))


def refused(data: bytes, **options) -> list[str]:
    with pytest.raises(FileRefused) as caught:
        import_pbn(data=data, **options)
    assert nothing_written()
    return [str(problem) for problem in caught.value.problems]


def test_a_ruter_mitchell_is_imported_with_its_deals_and_agrees_with_the_file():
    Member.objects.create(first_name="Ána", last_name="García", number="1001")  # matched by name, accents aside
    result = import_pbn(data=RUTER.read_bytes(), source_name="thursday.pbn")
    session = result.session
    assert (session.name, str(session.date), session.scoring) == ("Thursday pairs", "2026-11-26", "matchpoints")
    assert result.lines == 6 and result.compared == 6 and result.differences == []
    # Totals worked by hand (2 per score beaten, top 4 a board): 1NS 4 + 3 = 7 of 8 (87.5%), 2EW 4 + 1 = 5.
    assert result.pairs_compared == 6 and result.pair_differences == []
    assert Pair.objects.get(number=1, direction="NS").score == 7
    ana = Pair.objects.get(number=1, direction="NS")
    assert ana.player1.number == "1001" and ana.player2_guest == "Bea Lopez"
    assert ("Ana Garcia", "name") in {(match.name, match.how) for match in result.players}
    line = TravellerLine.objects.get(board__number=2, ns_pair__number=2)
    assert (line.contract, line.declarer, line.tricks, line.ns_score, line.lead) == ("3NT", "S", 8, -100, "S4")
    assert result.deals == 2 and BoardDeal.objects.get(board__number=1).deal == PUBLISHED
    assert BoardDeal.objects.get(board__number=1).source_name == "thursday.pbn"


def test_the_comparison_names_lines_and_totals_the_site_scores_otherwise():
    text = RUTER.read_text().replace(
        " 3  3 2S    N  8 D2    110     -  2.0  2.0", " 3  3 2S    N  8 D2    110     -  3.0  1.0"
    )
    text = text.replace(" 2  3  3 N-S     5.0  62.50", " 2  3  3 N-S     6.0  75.00")
    result = import_pbn(data=text.encode())
    assert [(item.board, item.line, item.file_points, item.site_points) for item in result.differences] == [
        (1, "3NS v 3EW", 3, 2)
    ]
    found = [(item.pair, item.what, item.file_figure, item.site_figure) for item in result.pair_differences]
    assert found == [("3NS", "total", 6, 5), ("3NS", "percentage", 75, 62.5)]
    assert all("lines differ above" in item.reason for item in result.pair_differences)
    text = "\n".join(summary(result))
    assert "The totals of 6 pairs compared with the file: 2 differ." in text
    assert "Section A, pair 3NS, total: the file 6, the site 5" in text


def test_an_artificial_score_and_a_file_without_deals_or_totals():
    # Top 4 (three lines, 2 per score beaten). The two played results give 2 and 0 on a top of 2, factored up by
    # Neuberg to three results: (2 + 1) x 3 / 2 - 1 = 3.5 and (0 + 1) x 3 / 2 - 1 = 0.5; A60/40 is 2.4 and 1.6.
    rows = (
        '[Event "Magic"]\n[Date "2026.11.20"]\n[Board "1"]\n'
        '[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\6L;Declarer\\1R;Result\\2R;Score_NS\\6R;Score_EW\\6R;'
        'MP_NS\\5R;MP_EW\\5R"]\n'
        " 1  2 4H     S 10    420      -   3.5   0.5\n"
        " 3  4 A60/40 - -       -      -   2.4   1.6\n"
        " 5  6 Pass   - -       -      -   0.5   3.5\n"
    )
    result = import_pbn(data=rows.encode())
    assert result.differences == [] and result.compared == 3 and result.deals == 0
    assert TravellerLine.objects.get(ns_pair__number=3).adjusted == "A6040"  # stored in its short code
    assert TravellerLine.objects.get(ns_pair__number=5).contract == "PASS"
    assert set(Pair.objects.values_list("direction", flat=True)) == {""}  # a Howell: no pair plays both ways


def test_the_scoring_option_overrides_the_files_tag():
    result = import_pbn(data=RUTER.read_bytes(), scoring_method="butler")
    assert result.session.scoring == "butler" and result.differences  # the file printed matchpoints


@pytest.mark.parametrize(
    "old, new, message",
    [
        (" 2  2 4S    N  9", " 2  2 4S    N 99", "Line 14: TRICKS"),
        (" 2  2 4S    N  9 HK      -    50", " 2  2 4S    N  9 HK      -    70", "Line 14: SCORE"),
        (" 2  1 3NT", " x  1 3NT", "Line 33: PairId_NS “x” is not a pair number"),
        (
            " 3  2 3NT   S  9 H4    600     -  3.0  1.0  75  25",
            " 3  2 3NT   S  9 H4",
            "Line 34: 6 values where the ScoreTable names 12 columns",
        ),
        ("4.0  0.0 100   0", "lots  0.0 100   0", "Line 13: MP_NS “lots” is not a number"),
        ('[Board "2"]', '[Board "two"]', "Board “two” is not a board number"),
        ('[Deal "N:4.KJ32', '[Deal "N:4.KJ3', "Line 11: Board 1: North has 12 cards"),
        ('[Date "2026.11.26"]', '[Date "2026.??.??"]', "no DATE"),
        (" 1  1 N-S", " 1  1 X-Y", "Line 17: Direction “X-Y” is not NS or EW"),
    ],
)
def test_a_bad_file_is_refused_whole_with_its_lines(old, new, message):
    text = RUTER.read_text()
    assert old in text
    problems = refused(text.replace(old, new, 1).encode())
    assert any(message in problem for problem in problems), problems


def test_files_that_are_not_pbn_results_are_refused():
    assert refused(b"") == ["The file holds no ScoreTable with the pairs of each line (PairId_NS and PairId_EW)."]
    assert "no ScoreTable" in refused(b"<USEBIO Version='1.2'/>")[0]
    assert "larger than" in refused(b" " * 5_000_001)[0]
    assert "Unknown scoring method" in refused(RUTER.read_bytes(), scoring_method="rubber")[0]
    assert "Unknown preset" in refused(RUTER.read_bytes(), preset="nope")[0]


@needs_reference
def test_a_score_table_without_pairs_is_refused_with_its_line():
    # The standard's sample: OKbridge's ScoreTable ranks the scores of a board over 100 tables, naming no pairs.
    problems = refused(sample("basic_20.pbn").encode("utf-8"))
    assert problems == [
        "Line 40: the ScoreTable names no pairs (columns PairId_NS and PairId_EW): it gives no traveller lines."
    ]


def test_hostile_bytes_are_refused_not_an_error():
    for data in (
        b"\x00\xff" * 1000,
        b'[ScoreTable "' + b";" * 10_000 + b'"]\n1 2 3',
        '[Board "1"]\n[ScoreTable "PairId_NS;PairId_EW"]\n\u0661 2\n'.encode(),
    ):
        refused(data)


def test_the_command_prints_the_comparison_and_the_id_last(tmp_path):
    out = StringIO()
    call_command("import_pbn", str(RUTER), "--scoring", "matchpoints", "--preset", "ebu", stdout=out)
    lines = out.getvalue().strip().splitlines()
    # A command is not a request: the file's deals are analysed at once, not left to analyse_hands.
    deals = BoardDeal.objects.filter(board__section__session=Session.objects.get())
    assert deals.exists() and all(deal.analysed for deal in deals)
    assert lines[0] == f"{deals.count()} deals analysed."
    assert lines[1] == "6 lines imported; 6 figures compared with the file, 0 differ."
    assert lines[-1] == str(Session.objects.get().pk)
    broken = tmp_path / "broken.pbn"
    broken.write_text(RUTER.read_text().replace(" 2  2 4S    N  9", " 2  2 4S    N 99"))
    err = StringIO()
    with pytest.raises(CommandError):
        call_command("import_pbn", str(broken), stderr=err)
    assert "Line 14: TRICKS" in err.getvalue() and Session.objects.count() == 1
    with pytest.raises(CommandError, match="Cannot read"):
        call_command("import_pbn", str(tmp_path / "missing.pbn"))


def test_the_comparison_and_refusals_speak_the_readers_language():
    with translation.override("ro"):
        text = summary(import_pbn(data=RUTER.read_bytes()))
        assert "Totalurile a 6 perechi comparate cu fișierul: 0 diferă." in text
    with translation.override("es"), pytest.raises(FileRefused) as caught:
        import_pbn(data=RUTER.read_bytes().replace(b'[Board "2"]', b'[Board "two"]'))
    problems = [str(problem) for problem in caught.value.problems]
    assert Session.objects.count() == 1
    assert any("Board “two” no es un número de mano de 1 a 999." in problem for problem in problems), problems


def test_a_file_of_many_bad_rows_is_refused_with_the_first_thousand_problems():
    header = '[Date "2026.11.26"]\n[Board "1"]\n[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS"]\n'
    assert len(refused((header + "1 2 3\n" * 5000).encode())) == 1000
    many = header + "".join(f"{n % 900 + 1} {n % 900 + 2} 4S N 10 420\n" for n in range(21_000))
    assert refused(many.encode()) == ["Line 20404: The file has more than 20400 table rows."]
    totals = '[TotalScoreTable "PairId;TotalMP"]\n' + "".join(f"{n} 1\n" for n in range(1, 500))
    assert refused((header + "1 2 4S N 10 420\n\n" + totals).encode())[0].endswith("more than 400 pairs.")
    board = '[Board "2"]\n[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS"]\n1 2 4S N 10 420\n\n'
    assert refused((header + "1 2 4S N 10 420\n\n" + board * 21_000).encode())[-1].endswith("20400 table rows.")


def test_a_mitchell_whose_totals_give_no_direction_places_each_pair_by_its_lines():
    rows = (
        '[Date "2026.11.20"]\n[Board "1"]\n[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;MP_NS;MP_EW"]\n'
        "1 1 4H S 10 2 0\n2 2 4H S 9 0 2\n\n"
        '[Board "2"]\n[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;MP_NS;MP_EW"]\n'
        "1 2 3NT N 9 1 1\n2 1 3NT N 9 1 1\n3 3 Pass - - 1 1\n\n"
        '[TotalScoreTable "PairId;Names;TotalMP"]\n1 "Ana Garcia;Bea Lopez" 3\n3 "Carl Smith;Dora Visitor" 1\n'
    )
    result = import_pbn(data=rows.encode())
    # Pairs 1 play both ways (1NS, 1EW): the totals cannot say which is Ana's; 3 too. Nothing is guessed.
    assert sorted(Pair.objects.values_list("number", "direction")) == [
        (1, "EW"), (1, "NS"), (2, "EW"), (2, "NS"), (3, "EW"), (3, "NS")
    ]  # fmt: skip
    assert not Pair.objects.exclude(player1_guest="").exists() and result.pairs_compared == 0
