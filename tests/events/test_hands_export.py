"""Hand records out: the PBN export (command and download) read back to the same deals, the import command,
the printable sheet and a board's own link, each visible only as the session's results are."""

import io

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse

from club.hand_analysis import analyse_pending
from deals import read_games, read_pbn_deals
from events.hands.services.hands import import_hands, store_deals
from events.models import BoardDeal
from tests.builders.hand_mitchell import build_hand_mitchell
from tests.builders.hands import SIX_BOARDS, pbn_text


@pytest.fixture
def dealt(hand_mitchell):
    session, section = hand_mitchell  # boards 1-5 played, final
    store_deals(session=session, deals={number: SIX_BOARDS[number] for number in range(1, 6)})
    analyse_pending()
    return session


def export(session) -> str:
    out = io.StringIO()
    call_command("export_hands", str(session.pk), stdout=out)
    return out.getvalue()


def test_export_then_import_gives_the_same_deals(dealt):
    text = export(dealt)
    assert read_pbn_deals(text).deals == {number: SIX_BOARDS[number] for number in range(1, 6)}
    other, _section = build_hand_mitchell(name="Copy", players=None)
    assert other.pk != dealt.pk
    import_hands(session=other, text=text)
    copied = {record.board.number: record.deal for record in BoardDeal.objects.filter(board__section__session=other)}
    assert copied == {number: SIX_BOARDS[number] for number in range(1, 6)}


def test_the_export_is_pbn_2_1_with_the_analysis_and_the_results(dealt):
    text = export(dealt)
    assert text.startswith("% PBN 2.1\r\n% EXPORT\r\n") and "\n" not in text.replace("\r\n", "")
    games = read_games(text)
    assert [game.tags["Board"] for game in games] == ["1", "2", "3", "4", "5"]
    first = games[0].tags
    facts = (first["Event"], first["Date"], first["Dealer"], first["Vulnerable"])
    assert facts == ("Monday pairs", "2026.11.02", "N", "None")
    assert first["OptimumScore"] == "NS 100" and first["OptimumResultTable"] == "Declarer;Denomination\\2R;Result\\2R"
    block = text.split('[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]\r\n')[1].split("\r\n")
    assert block[:5] == ["W  S  7", "W  H  8", "W  D  7", "W  C  3", "W NT  7"] and block[19] == "S NT  6"
    assert block[20].startswith("[ScoreTable ")
    assert block[21:26] == [
        " 1  1 4S    N 10    420",  # the lines of tests/builders/hand_mitchell.py, board 1
        " 2  3 4S    N 10    420",
        " 3  5 4S    N 11    450",
        " 4  2 4S    N  9    -50",
        " 5  4 2S    N 10    170",
    ]


def test_the_import_command_counts_and_refuses_with_lines(dealt, tmp_path):
    good = tmp_path / "good.pbn"
    good.write_bytes(("\ufeff" + pbn_text({1: SIX_BOARDS[2]}, "\r\n")).encode())
    out, err = io.StringIO(), io.StringIO()
    call_command("import_hands", str(dealt.pk), str(good), stdout=out, stderr=err)
    assert out.getvalue().splitlines() == ["1 deal stored.", "1 deal analysed."]  # the command waits for DDS
    assert BoardDeal.objects.get(board__number=1).deal == SIX_BOARDS[2]
    assert BoardDeal.objects.get(board__number=1).par_score == 1510  # 7S by NS, none vulnerable
    out = io.StringIO()
    call_command("import_hands", str(dealt.pk), str(good), "--later", stdout=out)
    assert out.getvalue().splitlines() == ["1 deal stored."]  # unchanged, analysed already
    bad = tmp_path / "bad.pbn"
    bad.write_text(pbn_text({1: SIX_BOARDS[1], 2: SIX_BOARDS[2]}).replace(SIX_BOARDS[2].west, "AKQ.JT9.876.543"))
    with pytest.raises(CommandError) as refused:
        call_command("import_hands", str(dealt.pk), str(bad))
    assert str(refused.value).startswith("Nothing was stored:\nLine 5: Board 2:")
    assert BoardDeal.objects.get(board__number=1).deal == SIX_BOARDS[2]  # unchanged
    with pytest.raises(CommandError):
        call_command("import_hands", "999999", str(good))
    with pytest.raises(CommandError):
        call_command("import_hands", str(dealt.pk), str(tmp_path / "missing.pbn"))
    with pytest.raises(CommandError):
        call_command("export_hands", "999999")


def test_the_download_sheet_and_board_link_are_public_once_published(client, dealt):
    pbn = client.get(reverse("events:hands_pbn", args=[dealt.pk]))
    assert pbn.status_code == 200 and pbn["Content-Disposition"].endswith('.pbn"')
    assert read_pbn_deals(pbn.content.decode()).deals[1] == SIX_BOARDS[1]
    sheet = client.get(reverse("events:hand_sheet", args=[dealt.pk])).content.decode()
    assert sheet.count('class="sheet-board"') == 5
    board = client.get(reverse("events:board_deal", args=[dealt.pk, 2]))
    assert board.status_code == 200 and board.context["hand"].par_score == 2210  # 7S, NS vulnerable
    assert client.get(reverse("events:board_deal", args=[dealt.pk, 9])).status_code == 404


def test_an_unpublished_session_s_deals_are_hidden(client, player_client, director_client, db):
    session, _section = build_hand_mitchell(status="in_progress", players=None)
    store_deals(session=session, deals={1: SIX_BOARDS[1]})
    for name, args in (("hands_pbn", [session.pk]), ("hand_sheet", [session.pk]), ("board_deal", [session.pk, 1])):
        assert client.get(reverse(f"events:{name}", args=args)).status_code == 404
        assert player_client.get(reverse(f"events:{name}", args=args)).status_code == 404
        assert director_client.get(reverse(f"events:{name}", args=args)).status_code == 200


def test_a_session_without_deals_has_no_sheet_or_download(client, hand_mitchell):
    session, _section = hand_mitchell
    assert client.get(reverse("events:hands_pbn", args=[session.pk])).status_code == 404
    assert client.get(reverse("events:hand_sheet", args=[session.pk])).status_code == 404
