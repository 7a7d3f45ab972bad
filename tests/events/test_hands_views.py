"""The director's hand-record pages: upload with a preview, store, type one deal; who may use them."""

import pytest
from django.contrib.messages import get_messages
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from club.hand_forms import MAX_PBN_SIZE
from events.models import BoardDeal
from tests.builders.hands import PUBLISHED, SIX_BOARDS, pbn_text
from tests.builders.sessions import club_night


@pytest.fixture
def night(db):
    return club_night()[0]


def pbn_file(text, name="night.pbn"):
    return SimpleUploadedFile(name, text.encode() if isinstance(text, str) else text, content_type="text/plain")


def urls(session):
    return {
        name: reverse(f"events:{name}", args=[session.pk])
        for name in ("session_hands", "session_hands_confirm", "session_hand_typed")
    }


def test_upload_previews_the_first_boards_then_stores_them(director_client, night, cached_analysis):
    page = urls(night)
    preview = director_client.post(page["session_hands"], {"file": pbn_file(pbn_text(SIX_BOARDS, "\r\n"))})
    assert preview.status_code == 200
    html = preview.content.decode()
    assert "The file holds 6 deals." in html and html.count('class="sheet-board"') == 4
    assert not BoardDeal.objects.exists() and cached_analysis.calls == 0  # nothing stored, nothing analysed yet
    confirm = preview.context["confirm_form"].initial
    response = director_client.post(page["session_hands_confirm"], confirm)
    assert response.status_code == 302 and response.url == page["session_hands"]
    assert BoardDeal.objects.count() == 6 and cached_analysis.calls == 0  # the request runs no DDS
    assert [str(message) for message in get_messages(response.wsgi_request)] == [
        "6 deals stored; their double-dummy analysis follows within a few minutes."
    ]
    listing = director_client.get(page["session_hands"]).content.decode()
    assert listing.count("night.pbn") == 6 and listing.count("analysis pending") == 6


def test_the_file_s_disagreements_are_warnings_shown_before_and_after_storing(director_client, night):
    text = f'[Board "1"]\n[Dealer "S"]\n[Deal "{PUBLISHED.pbn()}"]\n'
    preview = director_client.post(urls(night)["session_hands"], {"file": pbn_file(text)})
    assert "Line 2: board 1: the file says dealer S; board 1 is dealt by N" in preview.content.decode()
    response = director_client.post(urls(night)["session_hands_confirm"], preview.context["confirm_form"].initial)
    messages = [str(message) for message in get_messages(response.wsgi_request)]
    assert "Line 2: board 1: the file says dealer S; board 1 is dealt by N" in messages


def test_a_broken_file_is_refused_whole_with_every_problem_and_its_line(director_client, night):
    text = pbn_text(SIX_BOARDS).replace(SIX_BOARDS[2].north, SIX_BOARDS[2].north + "2")
    text += f'\n[Board "40"]\n[Deal "{PUBLISHED.pbn()}"]\n'
    response = director_client.post(urls(night)["session_hands"], {"file": pbn_file(text)})
    assert response.status_code == 400
    html = response.content.decode()
    assert response.context["problems"] == [
        "Line 5: Board 2: North has 14 cards; a hand has 13",
        "Line 5: Board 2: the C2 is in two hands (North, West)",
    ]
    assert "Nothing was stored: 2 problems." in html
    assert not BoardDeal.objects.exists()


def test_a_board_the_session_lacks_is_a_warning_in_the_preview_and_the_rest_is_stored(director_client, night):
    text = pbn_text({1: PUBLISHED, 40: PUBLISHED})  # a dealing machine's file: more boards than the night plays
    preview = director_client.post(urls(night)["session_hands"], {"file": pbn_file(text)})
    assert preview.status_code == 200
    assert "Line 5: board 40 is not played in this session: its deal is left out" in preview.content.decode()
    response = director_client.post(urls(night)["session_hands_confirm"], {"text": text, "source_name": "x.pbn"})
    assert response.status_code == 302
    assert list(BoardDeal.objects.values_list("board__number", flat=True).distinct()) == [1]


def test_a_file_with_only_boards_the_session_lacks_is_refused_at_the_store(director_client, night):
    text = pbn_text({40: PUBLISHED})
    response = director_client.post(urls(night)["session_hands_confirm"], {"text": text, "source_name": "x.pbn"})
    assert response.status_code == 400
    assert "Line 2: board 40 is not played in this session" in response.content.decode()
    assert not BoardDeal.objects.exists()


@pytest.mark.parametrize("content", [b"", b"\x00\x01\x02", b"\xff\xfe garbage", b'[Board "1"]\n[Deal "N:- - - -"]\n'])
def test_hostile_uploads_are_refused_without_an_error(director_client, night, content):
    response = director_client.post(urls(night)["session_hands"], {"file": pbn_file(content)})
    assert response.status_code == 400
    assert not BoardDeal.objects.exists()


def test_a_lost_or_tampered_confirmation_is_refused(director_client, night):
    response = director_client.post(urls(night)["session_hands_confirm"], {})
    assert response.status_code == 400 and "choose it again" in response.content.decode()
    nonsense = '[Board "1"]\n[Deal "nonsense"]'
    response = director_client.post(urls(night)["session_hands_confirm"], {"text": nonsense})
    assert response.status_code == 400 and not BoardDeal.objects.exists()


def test_typing_one_deal_checks_it_and_stores_it(director_client, night):
    hands = {"north": "4.KJ32.842.AQ743", "east": "JT987.Q876.AK5.2", "south": "AK532.10.J106.T985"}
    hands["west"] = "Q6.A954.Q973.KJ6"
    response = director_client.post(urls(night)["session_hand_typed"], {"board": 2, **hands})
    assert response.status_code == 302
    assert BoardDeal.objects.get(board__number=2).deal == PUBLISHED
    page = director_client.get(urls(night)["session_hands"] + "?board=2").content.decode()
    assert 'value="AK532.T.JT6.T985"' in page  # the stored deal, ready to correct
    for hostile in ("²", "9" * 40, "-2", "x"):  # ignored, never a 500
        assert director_client.get(urls(night)["session_hands"], {"board": hostile}).status_code == 200


def test_a_typed_deal_with_a_card_twice_is_refused_naming_the_board(director_client, night):
    hands = {"north": "4.KJ32.842.AQ743", "east": "4.Q876.AK5.2JT98", "south": "AK532.T.JT6.T985"}
    hands["west"] = "Q6.A954.Q973.KJ6"
    response = director_client.post(urls(night)["session_hand_typed"], {"board": 2, **hands})
    assert response.status_code == 400
    assert "Board 2: the S4 is in two hands (North, East)" in response.content.decode()
    assert not BoardDeal.objects.exists()


@pytest.mark.parametrize("name", ["session_hands", "session_hands_confirm", "session_hand_typed"])
def test_players_and_visitors_do_not_get_in(client, player_client, night, name):
    url = urls(night)[name]
    assert client.post(url, {"text": pbn_text({1: PUBLISHED})}).status_code == 302  # to the login page
    assert player_client.post(url, {"text": pbn_text({1: PUBLISHED})}).status_code == 403
    assert player_client.get(url).status_code == 403
    assert not BoardDeal.objects.exists()


def test_the_setup_page_links_to_the_hand_records(director_client, night):
    page = director_client.get(reverse("events:session_setup", args=[night.pk])).content.decode()
    assert urls(night)["session_hands"] in page


def test_the_largest_file_taken_comes_back_from_the_preview_within_the_post_limit(director_client, night):
    # The confirm form carries the file back: the worst text (every character form-encoded as %XX) still fits under
    # DATA_UPLOAD_MAX_MEMORY_SIZE, so the director gets the file's problems, not a bare 400 "request too big".
    text = '"' * MAX_PBN_SIZE
    response = director_client.post(urls(night)["session_hands_confirm"], {"text": text, "source_name": "x.pbn"})
    assert "the file holds no deal" in response.content.decode()
    too_big = director_client.post(urls(night)["session_hands"], {"file": pbn_file(b" " * (MAX_PBN_SIZE + 1))})
    assert "The file is larger than 800 kB." in too_big.content.decode()
