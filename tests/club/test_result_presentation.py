"""One presentation of a result everywhere (club.templatetags.bridge: result_line, side_score): 4♥ N = before a
confirmation and after it, EW +630 from the side that scored it, in the reader's notation."""

import re
from types import SimpleNamespace

import pytest
from django.urls import reverse
from django.utils import translation
from django.utils.html import strip_tags

from club.templatetags.bridge import result_line, side_score, typing_help
from events.plans import section_plan
from tests.builders.sessions import make_session
from tests.builders.table_entry import confirm_post, ew, open_tables, save_post


def record(contract, declarer="", tricks=None, **fields):
    return SimpleNamespace(contract=contract, declarer=declarer, tricks=tricks, **fields)


@pytest.mark.parametrize(
    ("language", "line", "shown"),
    [
        ("en", record("4H", "N", 10), "4♥ N ="),  # a saved line: total tricks
        ("en", record("4H", "N", "="), "4♥ N ="),  # as typed at a table, before confirmation: the same
        ("en", record("4H", "N", "10"), "4♥ N ="),
        ("en", record("3NT", "W", 8), "3NT W -1"),
        ("es", record("3NT", "W", 8), "3SA O -1"),
        ("ro", record("4S", "E", 11), "4♠ E +1"),
        ("en", record("PASS"), "Pass"),
        ("en", record("", not_played=True), "not played"),
        ("en", record("", adjusted="A6040"), "A6040"),
        ("ro", {"contract": "3NT", "declarer": "W", "tricks": "-2", "side": "EW"}, "3FA V -2"),  # a side's version
    ],
)
def test_a_result_reads_the_same_wherever_it_is_shown(language, line, shown):
    with translation.override(language):
        assert strip_tags(str(result_line(line))) == shown


@pytest.mark.parametrize(
    ("language", "score", "shown"),
    [("en", 620, "NS +620"), ("en", -630, "EW +630"), ("es", -630, "EO +630"), ("ro", 0, "NS +0"), ("en", None, "")],
)
def test_a_score_is_given_from_the_side_that_scored_it(language, score, shown):
    with translation.override(language):
        assert side_score(score) == shown


def shown(html: str, marker: str) -> list[str]:
    """The text of every element carrying `marker` (data-result, data-score) on a page."""
    found = re.findall(rf"<[^>]*\b{marker}\b[^>]*>(.*?)</(?:p|li|button)>", html, flags=re.S)
    return [" ".join(strip_tags(text).split()) for text in found]


@pytest.mark.django_db
@pytest.mark.parametrize(("language", "result", "score"), [("en", "4♥ E =", "EW +420"), ("es", "4♥ E =", "EO +420")])
def test_a_board_reads_the_same_on_both_phones_before_and_after_confirmation_and_on_the_directors_grid(
    anonymous_client, director_client, language, result, score
):
    session, section = make_session("mitchell", tables=3, boards_per_round=2, name="Presented")
    path = open_tables(session)["1"]
    play = section_plan(section).plays_at(1, 1)[0]
    headers = {"HTTP_ACCEPT_LANGUAGE": language}
    anonymous_client.post(path, save_post(play, "4H", "E", "="))  # board 1: nobody vulnerable, EW +420
    before = [anonymous_client.get(page, **headers).content.decode() for page in (path, ew(path))]
    assert all(result in shown(page, "data-result") and score in shown(page, "data-score") for page in before)
    anonymous_client.post(ew(path), confirm_post(play))
    after = [anonymous_client.get(page, **headers).content.decode() for page in (path, ew(path))]
    assert all(result in shown(page, "data-result") and score in shown(page, "data-score") for page in after)
    grid = director_client.get(reverse("events:live_grid", args=[session.pk]), **headers).content.decode()
    assert f"{result} ({score})" in " ".join(strip_tags(grid).split())
    for page in (*before, *after, grid):
        assert "NS score" not in page and "4H E" not in page


def test_the_typing_help_gives_the_scripts_suit_letters_one_character_each():
    with translation.override("ro"):
        letters = typing_help()["letters"]
    assert letters["C"] == "♥" and letters["K"] == "♦" and letters["P"] == "♠" and letters["T"] == "♣"
    assert all(len(letter) == 1 for letter in letters)  # "CU" would shift the script's pairs


@pytest.mark.django_db
def test_the_phone_names_the_pairs_in_the_readers_notation(anonymous_client):
    # Seen in the walk: the Spanish phone read "Este-Oeste 2EW" where every other page writes 2EO.
    session, _section = make_session("mitchell", tables=3, boards_per_round=2, name="Labels")
    page = anonymous_client.get(open_tables(session)["2"], HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert "<strong>2EO</strong>" in page and "2EW" not in page


@pytest.mark.django_db
def test_a_saved_boards_field_shows_the_contract_in_the_phones_language(anonymous_client):
    # Seen in the walk: a Romanian phone's field read "4S" after saving (4P in Romanian, 4P in Spanish too).
    session, section = make_session("mitchell", tables=3, boards_per_round=2, name="Fields")
    path = open_tables(session)["1"]
    play = section_plan(section).plays_at(1, 1)[0]
    anonymous_client.post(path, save_post(play, "4S", "N", "="), HTTP_ACCEPT_LANGUAGE="ro")
    page = anonymous_client.get(path, HTTP_ACCEPT_LANGUAGE="ro").content.decode()
    assert re.search(r'name="contract"[^>]*value="4P"', page)
    anonymous_client.post(path, save_post(play, "4P", "N", "=", "HK"), HTTP_ACCEPT_LANGUAGE="ro")  # saved again
    assert "4♠ N = · Lead ♥K" in shown(anonymous_client.get(ew(path)).content.decode(), "data-result")  # spades
