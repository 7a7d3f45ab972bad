"""Table entry: the table's link and secret, saving and confirming a board at the table, refusals, corrections."""

import pytest
from django.urls import reverse

from club.typed_result import read_typed_result
from events.entry.selectors.line_history import source_text
from events.entry.services import locking
from events.entry.services.lines import save_line
from events.models import CorrectionRequest, TableResult, TravellerLine
from events.plans import section_plan
from events.standings.selectors.ranking import rank_sessions
from events.tables.services.table_entry import set_table_entry
from tests.builders.sessions import make_session
from tests.builders.table_entry import confirm_post, ew, open_tables, play_at_tables, save_post, typed_for

pytestmark = pytest.mark.django_db


def mitchell3():
    return make_session("mitchell", tables=3, boards_per_round=2, name="Table night")


def first_play(section, table=1, round_=1):
    return section_plan(section).plays_at(table, round_)[0]


def percentages(session):
    results = rank_sessions([session.pk])[session.pk]
    return {(row.pair.label): (row.score, row.place) for field in results.fields for row in field.rows}


def test_a_mitchell_played_at_the_tables_ranks_as_the_directors_entry_would(anonymous_client):
    session, section = mitchell3()
    play_at_tables(anonymous_client, section, open_tables(session))
    by_director, director_section = make_session("mitchell", tables=3, boards_per_round=2, name="Typed")
    pairs = {pair.label: pair for pair in director_section.pairs.all()}
    boards = {board.number: board for board in director_section.boards.all()}
    for play in section_plan(director_section).schedule:
        contract, declarer, result = typed_for(play)
        save_line(
            board=boards[play.board],
            ns_pair=pairs[play.ns],
            ew_pair=pairs[play.ew],
            result=read_typed_result(play.board, contract, declarer, result),
        )
    assert TravellerLine.objects.filter(board__section=section).count() == len(section_plan(section).schedule)
    assert percentages(session) == percentages(by_director)
    finished = anonymous_client.get(open_tables(session)["2"])
    assert "Every round of this table is in" in finished.content.decode()


def test_the_page_shows_the_round_pairs_and_boards(anonymous_client):
    session, section = mitchell3()
    page = anonymous_client.get(open_tables(session)["1"])
    text = page.content.decode()
    assert page.status_code == 200
    assert "Round 1" in text and "1NS" in text and "1EW" in text
    for label in ("Contract", "Declarer", "Result", "Lead", ">Save<"):
        assert label in text


def test_a_saved_board_shows_its_score_then_is_confirmed_with_the_table_as_source(anonymous_client):
    session, section = mitchell3()
    path = open_tables(session)["1"]
    play = first_play(section)
    anonymous_client.post(path, save_post(play, "4S", "N", "=", "HK"))
    page = anonymous_client.get(path).content.decode()
    assert "NS +420" in page and ">Confirm<" not in page  # the side that entered it does not confirm it
    assert "Waiting for East-West to confirm it" in page
    other_side = anonymous_client.get(ew(path)).content.decode()
    assert "NS +420" in other_side and ">Confirm<" in other_side
    assert not TravellerLine.objects.exists()  # saved only when confirmed
    assert anonymous_client.post(ew(path), confirm_post(play)).status_code == 302
    line = TravellerLine.objects.get()
    assert (line.contract, line.ns_score, line.lead, line.table, line.round) == ("4S", 420, "HK", 1, 1)
    assert line.ns_points is not None  # scored at once
    assert source_text(line.history.get().history_change_reason) == "entered at table 1"


def test_a_typed_result_is_saved_without_the_sessions_lock_or_a_standings_write(
    anonymous_client, django_assert_max_num_queries, monkeypatch
):
    # A typed result is no line: the room's tables save at once instead of queueing on the session's lock,
    # and nothing it does not change (standings, cached pages) is written.
    session, section = mitchell3()
    path = open_tables(session)["1"]
    play = first_play(section)

    def no_session_lock(*args, **kwargs):
        raise AssertionError("a typed result took the session's lock")

    monkeypatch.setattr(locking, "lock_session", no_session_lock)
    with django_assert_max_num_queries(11) as queries:  # with the round window (the table's lines by round)
        assert anonymous_client.post(path, save_post(play, "4S", "N", "=")).status_code == 302
    assert not any('UPDATE "events_pair"' in query["sql"] for query in queries.captured_queries)
    assert TableResult.objects.get().contract == "4S"


def test_the_same_request_sent_twice_is_stored_once(anonymous_client):
    session, section = mitchell3()
    path = open_tables(session)["1"]
    play = first_play(section)
    for _ in range(2):
        anonymous_client.post(path, save_post(play, "3NT", "S", "+1"))
    for _ in range(2):
        assert anonymous_client.post(ew(path), confirm_post(play)).status_code == 302
    assert TableResult.objects.count() == 1 and TableResult.objects.get().version == 1
    line = TravellerLine.objects.get()
    assert line.history.count() == 1


def test_a_confirm_of_a_result_changed_on_another_phone_is_refused(anonymous_client):
    session, section = mitchell3()
    path = open_tables(session)["1"]
    play = first_play(section)
    anonymous_client.post(path, save_post(play, "3NT", "S", "="))
    anonymous_client.post(path, save_post(play, "3NT", "S", "+2"))
    response = anonymous_client.post(ew(path), confirm_post(play, version=1))
    assert response.status_code == 400
    assert "changed on another phone" in response.content.decode()
    assert not TravellerLine.objects.exists()


def test_a_confirmed_board_is_changed_only_by_the_director(anonymous_client):
    session, section = mitchell3()
    path = open_tables(session)["1"]
    play = first_play(section)
    anonymous_client.post(path, save_post(play, "3NT", "S", "="))
    anonymous_client.post(ew(path), confirm_post(play))
    response = anonymous_client.post(path, save_post(play, "4S", "N", "="))
    assert response.status_code == 400
    assert "only the director can change it" in response.content.decode()
    assert TravellerLine.objects.get().contract == "3NT"


@pytest.mark.parametrize(
    "change, message",
    [
        ({"contract": "8S"}, "8S"),
        ({"declarer": ""}, "declarer"),
        ({"tricks": "+9"}, "+9"),
    ],
)
def test_typed_results_are_refused_with_the_directors_messages(anonymous_client, change, message):
    session, section = mitchell3()
    path = open_tables(session)["1"]
    data = {**save_post(first_play(section), "4S", "N", "="), **change}
    response = anonymous_client.post(path, data)
    assert response.status_code == 400
    assert message.lower() in response.content.decode().lower()
    assert not TableResult.objects.exists()


def test_a_board_or_round_not_this_tables_is_refused(anonymous_client):
    session, section = mitchell3()
    path = open_tables(session)["1"]
    other = first_play(section, table=2)
    response = anonymous_client.post(path, save_post(other, "4S", "N", "="))
    assert response.status_code == 400
    assert f"Board {other.board} is not played at table 1 in round 1" in response.content.decode()
    response = anonymous_client.post(path, {**save_post(other, "4S", "N", "="), "round": 9})
    assert "Round 9 is not the round of table 1 now" in response.content.decode()
    assert not TableResult.objects.exists()


def test_a_pair_that_already_has_a_result_on_the_board_is_refused(anonymous_client):
    session, section = mitchell3()
    path = open_tables(session)["1"]
    play = first_play(section)
    pairs = {pair.label: pair for pair in section.pairs.all()}
    board = section.boards.get(number=play.board)
    save_line(
        board=board,
        ns_pair=pairs[play.ns],
        ew_pair=pairs[play.ew],
        result=read_typed_result(play.board, "PASS", "", ""),
    )
    response = anonymous_client.post(path, save_post(play, "4S", "N", "="))
    assert response.status_code == 400
    assert f"already has a result on board {play.board}" in response.content.decode()


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"action": "save"},
        {"action": "bogus", "round": "x"},
        {"action": "confirm", "round": "1", "board": "1", "version": "-3"},
        {"action": "save", "round": "1", "board": "99999999999", "contract": "4S" * 50},
        {"action": "correct", "board": "abc"},
        {"action": "confirm", "round": "1", "board": "1", "version": "1"},  # nothing saved yet
    ],
)
def test_hostile_posts_are_refused_without_an_error_page(anonymous_client, data):
    session, section = mitchell3()
    response = anonymous_client.post(open_tables(session)["1"], data)
    assert response.status_code == 400
    assert not TravellerLine.objects.exists()


def test_the_secret_is_refused_when_wrong_from_another_session_or_closed(anonymous_client):
    session, section = mitchell3()
    other, _other_section = make_session("mitchell", tables=3, boards_per_round=2, name="Other night")
    path = open_tables(session)["1"]
    other_path = open_tables(other)["1"]
    secret = path.rstrip("/").rsplit("/", 1)[1]
    wrong = path.replace(secret, secret[:-1] + ("A" if secret[-1] != "A" else "B"))
    assert anonymous_client.get(wrong).status_code == 404
    assert anonymous_client.get(path.replace("/1/ns/" + secret, "/2/ns/" + secret)).status_code == 404  # another table
    stolen = other_path.replace(f"/t/{other.pk}/", f"/t/{session.pk}/")
    assert anonymous_client.get(stolen).status_code == 404  # another session's secret
    assert anonymous_client.get(path.replace("/A/", "/Z/")).status_code == 404
    assert anonymous_client.get(path.replace("/ns/", "/ew/")).status_code == 404  # North-South's secret as EW's
    assert anonymous_client.get(path.replace("/ns/", "/xx/")).status_code == 404  # no such side
    assert anonymous_client.get(ew(path).replace("/ew/", "/ns/")).status_code == 404
    set_table_entry(session=session, is_open=False)
    assert anonymous_client.get(path).status_code == 403
    assert anonymous_client.post(path, save_post(first_play(section), "4S", "N", "=")).status_code == 403
    set_table_entry(session=session, is_open=True)
    assert anonymous_client.get(path).status_code == 200
    session.status = "final"
    session.save()
    assert anonymous_client.get(path).status_code == 403
    assert anonymous_client.get(path + "state/").status_code == 403
    assert not TableResult.objects.exists()


def test_the_state_changes_when_another_phone_saves(anonymous_client, client, django_assert_max_num_queries):
    session, section = mitchell3()
    path = open_tables(session)["1"]
    # Every phone polls this every few seconds: the table (section, session and table entry at once), its tag
    # (tests/events/test_table_poll.py), then its boards, typed results and lines, and its correction requests.
    with django_assert_max_num_queries(6):
        before = client.get(path + "state/").json()["version"]
    anonymous_client.post(path, save_post(first_play(section), "4S", "N", "="))
    after = client.get(path + "state/").json()["version"]
    assert before != after
    assert client.get(path + "state/").json()["version"] == after


def test_a_correction_request_reaches_the_director(anonymous_client, director_client):
    session, section = mitchell3()
    path = open_tables(session)["1"]
    play = first_play(section)
    anonymous_client.post(path, save_post(play, "4S", "N", "="))
    anonymous_client.post(ew(path), confirm_post(play))
    for _ in range(2):
        response = anonymous_client.post(path, {"action": "correct", "board": play.board, "note": "It was 4H"})
        assert response.status_code == 302
    assert CorrectionRequest.objects.count() == 1
    grid = director_client.get(reverse("events:live_grid", args=[session.pk])).content.decode()
    assert f"Table 1: please correct board {play.board}" in grid and "It was 4H" in grid
    correction = CorrectionRequest.objects.get()
    director_client.post(reverse("events:correction_done", args=[correction.pk]))
    assert CorrectionRequest.objects.get().resolved


def test_the_moves_show_after_a_round(anonymous_client):
    session, section = mitchell3()
    path = open_tables(session)["1"]
    for play in section_plan(section).plays_at(1, 1):
        anonymous_client.post(path, save_post(play, "PASS", "", ""))
        anonymous_client.post(ew(path), confirm_post(play))
    text = anonymous_client.get(path).content.decode()
    assert "Round 1 is in" in text and "Round 2" in text
    assert "Pair 1NS stays here (NS)." in text and "Pair 1EW goes to table 2 (EW)." in text
    assert "The boards go to table 3." in text


@pytest.mark.parametrize(
    "language, words",
    [
        ("es", ["Mesa 1", "Contrato", "Guardar", "Confirmar", "Norte-Sur lo ha introducido: compruebe la puntuación"]),
        ("ro", ["Masa 1", "Salvează", "Confirmă", "Nord-Sud a introdus acest rezultat: verificați scorul"]),
    ],
)
def test_the_table_page_speaks_spanish_and_romanian(anonymous_client, settings, language, words):
    session, section = mitchell3()
    path = open_tables(session)["1"]
    anonymous_client.post(path, save_post(first_play(section), "4S", "N", "="))
    anonymous_client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    text = anonymous_client.get(ew(path)).content.decode()
    for word in words:
        assert word in text
    refused = anonymous_client.post(path, save_post(first_play(section, table=2), "4S", "N", "="))
    assert {"es": "no se juega en la mesa 1", "ro": "nu se joacă la masa 1"}[language] in refused.content.decode()


def test_a_line_the_director_removed_may_be_entered_at_the_table_again(anonymous_client):
    session, section = mitchell3()
    path = open_tables(session)["1"]
    play = first_play(section)
    anonymous_client.post(path, save_post(play, "4S", "N", "="))
    anonymous_client.post(ew(path), confirm_post(play))
    TravellerLine.objects.get().delete()
    assert anonymous_client.post(path, save_post(play, "4S", "N", "+1")).status_code == 302
    assert anonymous_client.post(ew(path), confirm_post(play, version=2)).status_code == 302
    assert TravellerLine.objects.get().ns_score == 450


def test_a_board_typed_in_spanish_is_confirmed_from_an_english_phone(anonymous_client, client, settings):
    # The kept board holds the reader's codes (1NT), not the Spanish text (1SA) that an English reader refuses.
    session, section = mitchell3()
    path = open_tables(session)["1"]
    play = first_play(section)
    anonymous_client.cookies[settings.LANGUAGE_COOKIE_NAME] = "es"
    anonymous_client.post(path, save_post(play, "1SA", "W", "7"))  # the declarer's list sends W, shown as O
    assert "1SA O =<" in anonymous_client.get(path).content.decode()  # shown back in the reader's notation
    assert (TableResult.objects.get().contract, TableResult.objects.get().declarer) == ("1NT", "W")
    english = client.get(path).content.decode()
    assert "1NT W =<" in english
    assert client.post(ew(path), confirm_post(play)).status_code == 302
    line = TravellerLine.objects.get()
    assert (line.contract, line.declarer, line.ns_score) == ("1NT", "W", -90)
