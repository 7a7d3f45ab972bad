"""A teams match's hand records on the pages: the director's PBN upload with a preview, one deal typed in, who may
use them; the board's public page (deal, DD table, par, both rooms against them; "analysis pending" first) linked
from the scorecard; the import and export commands."""

import io

import pytest
from django.contrib.messages import get_messages
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from django.urls import reverse

from club.hand_analysis import analyse_pending
from deals import read_pbn_deals
from teams.models import MatchDeal, TeamEvent
from teams.services.hands import store_match_deals
from tests.builders.hands import ONE_SUIT_EACH, PUBLISHED, ROUND_THE_TABLE, pbn_text


@pytest.fixture
def match(make_event):
    event = make_event(boards_per_match=3)  # round robin of 4 teams, 3 boards a match
    return event.matches.filter(away__isnull=False).select_related("event", "home", "away").order_by("pk").first()


def numbers(match):
    return list(match.board_numbers(match.event.boards_per_match))


def dealt(match):
    first, second, third = numbers(match)
    return {first: PUBLISHED, second: ONE_SUIT_EACH, third: ROUND_THE_TABLE}


def urls(match):
    return {
        name: reverse(f"teams:{name}", args=[match.pk])
        for name in ("match_hands", "match_hands_confirm", "match_hand_typed")
    }


def pbn_file(text, name="match.pbn"):
    return SimpleUploadedFile(name, text.encode() if isinstance(text, str) else text, content_type="text/plain")


def test_upload_previews_then_stores_with_the_analysis_pending(director_client, match, cached_analysis):
    page = urls(match)
    preview = director_client.post(page["match_hands"], {"file": pbn_file(pbn_text(dealt(match), "\r\n"))})
    assert preview.status_code == 200
    html = preview.content.decode()
    assert "The file holds 3 deals." in html and html.count('class="sheet-board"') == 3
    assert "analysis-pending" not in html and not MatchDeal.objects.exists()
    response = director_client.post(page["match_hands_confirm"], preview.context["confirm_form"].initial)
    assert response.status_code == 302 and response.url == page["match_hands"]
    assert [str(message) for message in get_messages(response.wsgi_request)] == [
        "3 deals stored; their double-dummy analysis follows within a few minutes."
    ]
    assert MatchDeal.objects.filter(match=match).count() == 3 and cached_analysis.calls == 0  # no DDS in a request
    listing = director_client.get(page["match_hands"]).content.decode()
    assert listing.count("match.pbn") == 3 and listing.count("analysis pending") == 3
    assert analyse_pending() == 3
    assert "analysis pending" not in director_client.get(page["match_hands"]).content.decode()


def test_a_board_outside_the_match_is_refused_with_its_line(director_client, match):
    text = pbn_text({numbers(match)[0]: PUBLISHED, 40: PUBLISHED})
    response = director_client.post(urls(match)["match_hands"], {"file": pbn_file(text)})
    assert response.status_code == 400
    first, last = numbers(match)[0], numbers(match)[-1]
    assert response.context["problems"] == [f"Line 5: board 40 is not played in this match (boards {first} to {last})"]
    confirm = director_client.post(urls(match)["match_hands_confirm"], {"text": text, "source_name": "x.pbn"})
    assert confirm.status_code == 400 and not MatchDeal.objects.exists()


@pytest.mark.parametrize("content", [b"", b"\x00\x01\x02", b"\xff\xfe garbage", b'[Board "1"]\n[Deal "N:- - - -"]\n'])
def test_hostile_uploads_are_refused_without_an_error(director_client, match, content):
    assert director_client.post(urls(match)["match_hands"], {"file": pbn_file(content)}).status_code == 400
    assert (
        director_client.post(urls(match)["match_hands_confirm"], {"text": content.decode("latin-1")}).status_code == 400
    )
    assert director_client.post(urls(match)["match_hands_confirm"], {}).status_code == 400
    assert not MatchDeal.objects.exists()


def test_typing_one_deal_checks_it_stores_it_and_offers_it_to_correct(director_client, match):
    board = numbers(match)[1]
    hands = {"north": "4.KJ32.842.AQ743", "east": "JT987.Q876.AK5.2", "south": "AK532.10.J106.T985"}
    response = director_client.post(
        urls(match)["match_hand_typed"], {"board": board, **hands, "west": "Q6.A954.Q973.KJ6"}
    )
    assert response.status_code == 302
    assert MatchDeal.objects.get(match=match, board=board).deal == PUBLISHED
    page = director_client.get(urls(match)["match_hands"] + f"?board={board}").content.decode()
    assert 'value="AK532.T.JT6.T985"' in page
    twice = {**hands, "west": "Q6.A954.Q973.KJ6", "east": "4.Q876.AK5.2JT98", "south": "AK532.T.JT6.T985"}
    refused = director_client.post(urls(match)["match_hand_typed"], {"board": board, **twice})
    assert refused.status_code == 400 and f"Board {board}: the S4 is in two hands" in refused.content.decode()
    outside = director_client.post(urls(match)["match_hand_typed"], {"board": 99, **hands, "west": "Q6.A954.Q973.KJ6"})
    assert outside.status_code == 400 and "is not played in this match" in outside.content.decode()
    assert director_client.get(urls(match)["match_hands"] + "?board=99999999999").status_code == 200


@pytest.mark.parametrize("name", ["match_hands", "match_hands_confirm", "match_hand_typed"])
def test_players_and_visitors_do_not_get_in(client, player_client, match, name):
    url = urls(match)[name]
    assert client.post(url, {"text": pbn_text({numbers(match)[0]: PUBLISHED})}).status_code == 302
    assert player_client.post(url, {"text": pbn_text({numbers(match)[0]: PUBLISHED})}).status_code == 403
    assert player_client.get(url).status_code == 403
    assert not MatchDeal.objects.exists()


def test_the_match_entry_page_links_to_the_hand_records(director_client, match):
    page = director_client.get(reverse("teams:match_entry", args=[match.pk])).content.decode()
    assert urls(match)["match_hands"] in page


@pytest.fixture
def played(match, enter_match):
    """The match final, its deals stored: board 1 of the match 4S= in room 1 and 2SX-2 by E in room 2."""
    first = numbers(match)[0]
    enter_match(match, {first: (("4S", "N", "10"), ("2SX", "E", "6"))})
    TeamEvent.objects.filter(pk=match.event_id).update(status=TeamEvent.Status.FINAL)
    store_match_deals(match=match, deals=dealt(match))
    return match


def board_url(match, number):
    return reverse("teams:match_board", args=[match.pk, number])


def test_the_board_page_says_analysis_pending_then_shows_the_deal_dd_and_par(client, played):
    first = numbers(played)[0]
    pending = client.get(board_url(played, first)).content.decode()
    assert 'id="analysis-pending"' in pending and 'id="hand-n"' in pending and 'id="dd-table"' not in pending
    analyse_pending()
    response = client.get(board_url(played, first))  # the cached page was moved on
    html = response.content.decode()
    assert 'id="dd-table"' in html and 'id="par"' in html and "analysis-pending" not in html
    room1, room2 = response.context["rooms"]
    # PUBLISHED: par NS +100 (correct_21.pbn's OptimumScore). The board is played as board "first" of the match,
    # whose vulnerability may differ: the par stored is compared, whatever it is.
    par = MatchDeal.objects.get(match=played, board=first).par_score
    assert room1.against_par.ns_gain == room1.result.ns_score - par and room1.against_par.dd_tricks is not None
    assert room2.against_par.ns_gain == room2.result.ns_score - par


def test_the_scorecard_links_each_dealt_board(client, played, django_assert_max_num_queries):
    with django_assert_max_num_queries(6):
        page = client.get(reverse("teams:scorecard", args=[played.pk])).content.decode()
    assert all(board_url(played, number) in page for number in numbers(played))


def test_the_board_page_costs_a_few_queries_and_404s_outside_the_match(client, played, django_assert_max_num_queries):
    analyse_pending()
    # The match with its event and teams, the event's visibility in it, the deal, the two rooms.
    with django_assert_max_num_queries(3):
        assert client.get(board_url(played, numbers(played)[0])).status_code == 200
    MatchDeal.objects.filter(board=numbers(played)[2]).delete()
    without = client.get(board_url(played, numbers(played)[2]))
    assert without.status_code == 200 and 'id="no-deal"' in without.content.decode()
    assert client.get(board_url(played, 999999)).status_code == 404
    assert client.get(reverse("teams:match_board", args=[999999, 1])).status_code == 404


def test_an_event_in_progress_hides_its_deals_from_visitors(client, player_client, director_client, match):
    store_match_deals(match=match, deals=dealt(match))
    url = board_url(match, numbers(match)[0])
    assert client.get(url).status_code == 404 and player_client.get(url).status_code == 404
    assert director_client.get(url).status_code == 200


@pytest.mark.parametrize(("language", "words"), [("es", "Mano"), ("ro", "Mâna")])
def test_the_board_page_in_each_language(client, played, language, words):
    analyse_pending()
    client.cookies["django_language"] = language
    assert words in client.get(board_url(played, numbers(played)[0])).content.decode()


def test_the_commands_import_and_export_the_match_s_deals(match, tmp_path, cached_analysis):
    good = tmp_path / "match.pbn"
    good.write_bytes(("\ufeff" + pbn_text(dealt(match), "\r\n")).encode())
    out = io.StringIO()
    call_command("import_match_hands", str(match.pk), str(good), stdout=out)
    assert out.getvalue().splitlines() == ["3 deals stored.", "3 deals analysed."]
    exported = io.StringIO()
    call_command("export_match_hands", str(match.pk), stdout=exported)
    assert read_pbn_deals(exported.getvalue()).deals == dealt(match)
    assert exported.getvalue().count("[OptimumScore ") == 3
    bad = tmp_path / "bad.pbn"
    bad.write_text(pbn_text({numbers(match)[0]: PUBLISHED, 40: PUBLISHED}))
    with pytest.raises(CommandError, match="board 40 is not played in this match"):
        call_command("import_match_hands", str(match.pk), str(bad))
    out = io.StringIO()
    call_command("import_match_hands", str(match.pk), str(good), "--later", stdout=out)
    assert out.getvalue().splitlines() == ["3 deals stored."]
    for arguments in (["999999", str(good)], [str(match.pk), str(tmp_path / "missing.pbn")]):
        with pytest.raises(CommandError):
            call_command("import_match_hands", *arguments)
    with pytest.raises(CommandError):
        call_command("export_match_hands", "999999")
