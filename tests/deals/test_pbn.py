"""Reading PBN files: the standard's sample files, CRLF, comments, a byte-order mark, inheritance, and
a file with a bad deal refused whole with every problem's line."""

import pytest

from deals import DealRefused, Hands, decode, read_games, read_pbn_deals
from tests.builders.hands import needs_reference, sample

BOARD_3 = "S:AQ3.J42.KQ63.T85 T84.AT763.98.AJ7 9765.K98.A54.Q96 KJ2.Q5.JT72.K432"


@needs_reference
def test_basic_20_one_okbridge_board_numbered_300_dealt_by_west():
    found = read_pbn_deals(sample("basic_20.pbn"))
    assert list(found.deals) == [300]
    assert found.deals[300] == Hands(
        "62.AKQ2.KQ73.874", "AT5.JT94.AT64.KQ", "KQ943.73.82.T653", "J87.865.J95.AJ92"
    )  # the file writes W:J87... N:62... E:AT5... S:KQ943...
    assert found.warnings == []  # board 300: dealer W, NS vulnerable, as the file says


@needs_reference
def test_correct_21_two_boards_with_latin_1_text_and_crlf():
    games = read_games(sample("correct_21.pbn"))
    assert [game.tags["Board"] for game in games] == ["1", "16"]
    assert games[1].tags["Site"].startswith("Hotel Des Indes")
    found = read_pbn_deals(sample("correct_21.pbn"))
    assert sorted(found.deals) == [1, 16]
    assert found.lines == {1: 18, 16: 58}


@needs_reference
def test_correct_20_every_game_is_read_and_as_a_session_it_is_refused_with_lines():
    games = read_games(sample("correct_20.pbn"))
    assert len(games) == 46 and sum("Deal" in game.tags for game in games) == 40
    assert games[0].tags["Deal"] == "N:3.AT.KT987.AQJ83 JT942.6543.AJ5.2 K5.K9872.63.T976 AQ876.QJ.Q42.K54"
    # game 3 writes [Hidden "#"] (game 2's value), game 4 [Hidden "##NES"] (for every later game); the
    # comments {[Hidden ...]} set nothing
    assert [game.tags.get("Hidden") for game in games[1:6]] == ["WNE", "WNE", "NES", "NES", "NES"]
    with pytest.raises(DealRefused) as refused:
        read_pbn_deals(sample("correct_20.pbn"))
    found = {(problem.line, problem.code) for problem in refused.value.problems}
    # several games of one board 1 with different deals; games without a Board tag; hidden hands
    assert (152, "pbn.board_twice") in found
    assert (333, "pbn.no_board") in found
    assert (403, "deal.hidden") in found


@needs_reference
def test_correct_20_dealers_and_vulnerabilities_agree_with_the_board_numbers():
    text = sample("correct_20.pbn").split("% ==================== game 16")[0]
    found = read_pbn_deals(text)
    assert sorted(found.deals) == list(range(1, 16))
    assert found.deals[3] == read_pbn_deals(f'[Board "3"]\n[Deal "{BOARD_3}"]\n').deals[3]
    assert found.warnings == []


def test_crlf_comments_a_bom_and_a_percent_line_are_read():
    text = (
        '\ufeff% PBN 2.1\r\n% EXPORT\r\n{ a comment\r\n\r\n[Board "9"] over two lines }\r\n'
        f'[Board "3"] ; board three\r\n[Dealer "S"]\r\n[Vulnerable "EW"]\r\n[Deal "{BOARD_3}"]\r\n'
    )
    found = read_pbn_deals(text)
    assert list(found.deals) == [3] and found.lines == {3: 9} and found.warnings == []


def test_a_utf8_file_with_bom_and_a_latin_1_file_are_both_decoded():
    assert decode('\ufeff[Site "Bucureşti"]'.encode()) == '[Site "Bucureşti"]'
    assert decode('[Site "Málaga"]'.encode("latin-1")) == '[Site "Málaga"]'


def test_the_character_set_a_bridgecomposer_header_names_is_used():
    # BridgeComposer's header names the file's character set (ishermandom/bridge
    # session_analysis/testdata/travellers/club_game.pbn: "%Content-type: text/x-pbn; charset=ISO-8859-1").
    header = "% PBN 2.1\r\n% EXPORT\r\n%Content-type: text/x-pbn; charset={}\r\n"
    text = header.format("windows-1250") + '[Site "Łódź"]\r\n[West "Żak;Świątek"]\r\n'
    assert decode(text.encode("cp1250")) == text
    unknown = header.format("klingon") + '[Site "Málaga"]\r\n'
    assert decode(unknown.encode("latin-1")) == unknown  # an unknown set: ISO 8859-1, as the standard says
    wrong = header.format("us-ascii") + '[Site "Málaga"]\r\n'
    assert decode(wrong.encode("latin-1")) == wrong  # bytes the named set cannot hold: ISO 8859-1


def test_tag_values_inherit_with_hash_and_double_hash():
    text = '[Event "##Monday"]\n[Board "1"]\n[Site "Club"]\n\n[Board "2"]\n[Site "#"]\n\n[Event "Tuesday"]\n'
    games = read_games(text)
    assert [(game.tags.get("Event"), game.tags.get("Site")) for game in games] == [
        ("Monday", "Club"),
        ("Monday", "Club"),
        ("Tuesday", None),
    ]


def test_escaped_quotes_and_table_column_backslashes():
    games = read_games('[Event "The \\"Cup\\" \\\\ final"]\n[OptimumResultTable "Declarer;Result\\2R"]\n')
    assert games[0].tags == {"Event": 'The "Cup" \\ final', "OptimumResultTable": "Declarer;Result\\2R"}


def test_boards_need_not_start_at_1_and_a_repeated_identical_deal_counts_once():
    text = f'[Board "17"]\n[Deal "{BOARD_3}"]\n\n[Board "17"]\n[Deal "{BOARD_3}"]\n'
    found = read_pbn_deals(text)
    assert list(found.deals) == [17]


def test_a_dealer_or_vulnerability_that_disagrees_with_the_board_number_is_a_warning():
    text = f'[Board "3"]\n[Dealer "N"]\n[Vulnerable "All"]\n[Deal "{BOARD_3}"]\n'
    found = read_pbn_deals(text)
    assert [(warning.line, warning.code, str(warning)) for warning in found.warnings] == [
        (2, "pbn.dealer", "board 3: the file says dealer N; board 3 is dealt by S"),
        (3, "pbn.vulnerable", "board 3: the file says vulnerable All; board 3 is EW"),
    ]
    assert 3 in found.deals  # kept: the board number decides


def test_a_file_with_one_bad_deal_is_refused_whole_listing_every_problem_with_its_line():
    bad = BOARD_3.replace("AQ3.", "AQ.")
    text = f'[Board "1"]\n[Deal "{BOARD_3}"]\n\n[Board "2"]\n[Deal "{bad}"]\n\n[Board "x"]\n[Deal "{BOARD_3}"]\n'
    with pytest.raises(DealRefused) as refused:
        read_pbn_deals(text)
    assert [(problem.line, problem.code) for problem in refused.value.problems] == [
        (5, "hand.count"),
        (7, "pbn.board"),
    ]
    assert "Board 2: South has 12 cards" in str(refused.value)


@pytest.mark.parametrize("number", ["²", "١٢", "３", "0", "-1"])
def test_a_board_number_that_is_not_plain_digits_is_refused(number):
    # '²'.isdigit() is True but int('²') raises: that was a crash (a 500 on the upload), now a refusal.
    with pytest.raises(DealRefused) as refused:
        read_pbn_deals(f'[Board "{number}"]\n[Deal "{BOARD_3}"]\n')
    assert [(problem.line, problem.code) for problem in refused.value.problems] == [(1, "pbn.board")]


@pytest.mark.parametrize("text", ["", "hello", '[Event "x"]\n', "\x00\x01"])
def test_a_file_without_deals_is_refused(text):
    with pytest.raises(DealRefused) as refused:
        read_pbn_deals(text)
    assert [problem.code for problem in refused.value.problems] == ["pbn.no_deals"]


@needs_reference
def test_a_tables_rows_are_kept_with_their_lines_and_inherited_columns():
    games = read_games(sample("correct_20.pbn"))
    first = next(game for game in games if "TotalScoreTable" in game.rows)
    rows = first.rows["ScoreTable"]
    assert rows[0][1].split() == ["1", "99.4", "0.6", "500", "2"] and len(rows) == 26
    assert first.rows["TotalScoreTable"][0][1].split()[:3] == ["1", "581", '"Sergey']  # the { } comment is dropped
    again = games[games.index(first) + 1]
    assert again.tags["ScoreTable"] == first.tags["ScoreTable"]  # "#": the previous game's columns
    assert (first.rows["ScoreTable"][0][0], again.rows["ScoreTable"][0][0]) == (640, 686)  # each row its own line


def test_rows_after_comments_and_before_any_tag_are_not_kept():
    text = 'stray row\n[Board "1"]\n[ScoreTable "A;B"] { a comment }\n 1 2 ; a note\n{ hidden\n 3 4 }\n 5 6\n'
    (game,) = read_games(text)
    assert game.rows == {"ScoreTable": [(4, " 1 2 "), (7, " 5 6")]}
