"""Sit-outs (a Bye): the services' refusals both ways, the pair's total worked by hand, the entry page, the traveller,
the scorecard and the checks."""

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import translation

from club.typed_result import read_typed_result
from events.checks.selectors.checks import session_problems
from events.entry.selectors.progress import finished_slips, section_progress
from events.entry.services.lines import save_line
from events.entry.services.sit_outs import add_sit_out, remove_sit_out
from events.models import Pair, SitOut, TravellerLine
from events.plans import section_plan
from tests.builders.sessions import club_night, enter_all, made_final


@pytest.fixture
def night(db):
    """A 3-table Mitchell, two boards a round: boards 1-6 each played three times (top 4 on the EBU scale)."""
    return club_night()


def pairs_of(section) -> dict[str, Pair]:
    return {pair.label: pair for pair in section.pairs.all()}


def first_play(section, number=1):
    return section_plan(section).board_plays(number)[0]


def traveller_entry_url(session, section, number=1):
    return reverse("events:traveller_entry", args=[session.pk, section.pk, number])


# --- services ----------------------------------------------------------------------------------------------------


def test_a_pair_with_a_result_cannot_sit_out_the_board(night):
    session, section = night
    slot, pairs = first_play(section), pairs_of(section)
    board = section.boards.get(number=1)
    save_line(board=board, ns_pair=pairs[slot.ns], ew_pair=pairs[slot.ew], result=read_typed_result(1, "3NT", "N", "9"))
    with pytest.raises(ValidationError, match=f"Pair {slot.ns} has a result on board 1"):
        add_sit_out(board=board, pair=pairs[slot.ns])
    assert not SitOut.objects.exists()


def test_a_pair_sitting_out_cannot_get_a_result_on_the_board(night):
    session, section = night
    slot, pairs = first_play(section), pairs_of(section)
    board = section.boards.get(number=1)
    sit_out = add_sit_out(board=board, pair=pairs[slot.ew])
    assert sit_out.round == slot.round  # the movement's round for that pair on the board
    with pytest.raises(ValidationError) as refused:
        save_line(
            board=board, ns_pair=pairs[slot.ns], ew_pair=pairs[slot.ew], result=read_typed_result(1, "3NT", "N", "9")
        )
    assert refused.value.message_dict == {"ew_pair": [f"Pair {slot.ew} sits out board 1: remove its sit-out first."]}
    assert not TravellerLine.objects.exists()


def test_a_sit_out_is_recorded_once_kept_in_history_and_removed(night, director_user):
    session, section = night
    pair, board = pairs_of(section)["1NS"], section.boards.get(number=1)
    sit_out = add_sit_out(board=board, pair=pair, user=director_user)
    with pytest.raises(ValidationError, match="Pair 1NS already sits out board 1."):
        add_sit_out(board=board, pair=pair)
    remove_sit_out(sit_out=sit_out, user=director_user)
    remove_sit_out(sit_out=sit_out)  # removed already: nothing to do
    assert not SitOut.objects.exists()
    assert list(SitOut.history.order_by("history_id").values_list("history_type", "history_user")) == [
        ("+", director_user.pk),
        ("-", director_user.pk),
    ]


def test_a_final_session_refuses_sit_outs(night):
    session, section = night
    made_final(session)
    with pytest.raises(ValidationError, match="is final"):
        add_sit_out(board=section.boards.get(number=1), pair=pairs_of(section)["1NS"])


def test_a_pair_of_another_section_is_refused(night):
    session, section = night
    other = club_night(name="Other")[1]
    with pytest.raises(ValidationError, match="Pair 1NS is not in section A."):
        add_sit_out(board=section.boards.get(number=1), pair=pairs_of(other)["1NS"])


# --- the pair's total ---------------------------------------------------------------------------------------------


def test_a_sit_out_counts_as_a_board_not_played_worked_by_hand(night):
    """Every play of the movement is entered as 3NT= by North (400), except on board 1: its first play's NS pair
    sits out, and the two other plays score 420 (4S=) and 400 (3NT=).

    Board 1, two results compared on a board due three: raw matchpoints (EBU, 2 a result beaten) 420 → 2, 400 → 0;
    Neuberg (M + 1) × 3 ÷ 2 − 1 gives 420 → 3.5 (EW 0.5) and 400 → 0.5 (EW 3.5).
    Every other board: three equal results, 2 of the top of 4 each.
    The pair sitting out: 5 boards × 2 = 10 out of 5 × 4 = 20, 50 % (board 1 is in neither its total nor its
    maximum, as for any board it did not play). The pair that scored 420 on board 1: 3.5 + 5 × 2 = 13.5 out of
    6 × 4 = 24, 56.25 %; the pair that scored 400: 0.5 + 10 = 10.5 out of 24, 43.75 %.
    """
    session, section = night
    plays = section_plan(section).board_plays(1)
    enter_all(section, skip=plays)
    pairs, board = pairs_of(section), section.boards.get(number=1)
    add_sit_out(board=board, pair=pairs[plays[0].ns])
    for slot, (contract, tricks) in zip(plays[1:], (("4S", "10"), ("3NT", "9")), strict=True):
        result = read_typed_result(1, contract, "N", tricks)
        save_line(board=board, ns_pair=pairs[slot.ns], ew_pair=pairs[slot.ew], result=result)
    standings = {pair.label: (pair.score, pair.maximum, pair.boards) for pair in section.pairs.all()}
    assert standings[plays[0].ns] == (pytest.approx(10), pytest.approx(20), 5)
    assert standings[plays[1].ns] == (pytest.approx(13.5), pytest.approx(24), 6)
    assert standings[plays[2].ns] == (pytest.approx(10.5), pytest.approx(24), 6)
    points = sorted(TravellerLine.objects.filter(board=board).values_list("ns_score", "ns_points", "ew_points"))
    assert points == [(400, pytest.approx(0.5), pytest.approx(3.5)), (420, pytest.approx(3.5), pytest.approx(0.5))]


# --- the checks ---------------------------------------------------------------------------------------------------


def test_a_sit_out_is_not_a_missing_result(night):
    session, section = night
    slot = first_play(section)
    enter_all(section, skip=[slot])
    missing = [problem for problem in session_problems(session) if problem.kind == "missing"]
    assert len(missing) == 1 and missing[0].board == 1
    add_sit_out(board=section.boards.get(number=1), pair=pairs_of(section)[slot.ns])
    assert not [problem for problem in session_problems(session) if problem.blocking]


# --- the pages ----------------------------------------------------------------------------------------------------


def test_the_director_records_and_removes_a_sit_out(director_client, night):
    session, section = night
    url = traveller_entry_url(session, section)
    response = director_client.post(url, {"bye-pair": "2ns"})
    assert response.status_code == 302 and response.url == url
    sit_out = SitOut.objects.get()
    assert sit_out.pair.label == "2NS" and sit_out.board.number == 1
    page = director_client.get(url).content.decode()
    assert "Pair 2NS sits out this board." in page
    assert "Pair 2NS sits out board 1." in page and "Nothing changed." not in page
    assert reverse("events:sit_out_delete", args=[sit_out.pk]) in page
    response = director_client.post(reverse("events:sit_out_delete", args=[sit_out.pk]))
    assert response.status_code == 302 and response.url == url
    assert not SitOut.objects.exists()
    assert "Sit-out of pair 2NS on board 1 removed." in director_client.get(url).content.decode()


@pytest.mark.parametrize(
    "pair, message",
    [
        ("9NS", "Section A has no pair 9NS."),
        ("x", "X is not a pair number"),
        ("", "has a result on board 1"),
        ("2", "Section A has pairs 2NS and 2EW: type which one."),  # a Mitchell's number without its direction
    ],
)
def test_a_refused_sit_out_saves_nothing_and_keeps_what_was_typed(director_client, night, pair, message):
    session, section = night
    slot = first_play(section)
    pair = pair or slot.ns  # the pair whose result is typed in the first row
    rows = {"r0-contract": "4S", "r0-declarer": "N", "r0-tricks": "10", "r0-lead": "", "r0-score": ""}
    response = director_client.post(traveller_entry_url(session, section), {**rows, "bye-pair": pair})
    page = response.content.decode()
    assert response.status_code == 200
    assert message in page and 'id="id_bye-pair"' in page and "is-invalid" in page
    assert f'value="{pair}"' in page and 'value="4S"' in page
    assert not TravellerLine.objects.exists() and not SitOut.objects.exists()


def test_players_and_visitors_cannot_record_or_remove_sit_outs(client, player_client, night):
    session, section = night
    sit_out = add_sit_out(board=section.boards.get(number=1), pair=pairs_of(section)["1NS"])
    url = traveller_entry_url(session, section)
    assert client.post(url, {"bye-pair": "2NS"}).status_code == 302  # to the login
    assert player_client.post(url, {"bye-pair": "2NS"}).status_code == 403
    delete = reverse("events:sit_out_delete", args=[sit_out.pk])
    assert client.post(delete).status_code == 302
    assert player_client.post(delete).status_code == 403
    assert list(SitOut.objects.values_list("pair__number", "pair__direction")) == [(1, "NS")]


def test_removing_is_post_only_and_an_unknown_sit_out_is_a_404(director_client, night):
    session, section = night
    sit_out = add_sit_out(board=section.boards.get(number=1), pair=pairs_of(section)["1NS"])
    assert director_client.get(reverse("events:sit_out_delete", args=[sit_out.pk])).status_code == 405
    assert director_client.post(reverse("events:sit_out_delete", args=[sit_out.pk + 1])).status_code == 404
    assert SitOut.objects.count() == 1


@pytest.mark.parametrize(
    "language, words",
    [
        ("en", "Pair 1NS sat out this board."),
        ("es", "La pareja 1NS descansó en esta mano."),
        ("ro", "Perechea 1NS a stat în pauză la această mână."),
    ],
)
def test_the_traveller_says_who_sat_out(client, night, director_client, language, words):
    session, section = night
    enter_all(section, skip=[first_play(section)])
    add_sit_out(board=section.boards.get(number=1), pair=pairs_of(section)["1NS"])
    made_final(session)
    url = reverse("events:board_traveller", args=[session.pk, section.pk, 1])
    with translation.override(language):
        page = client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert words in page
    assert "Pair 1NS sat out this board." in director_client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()


def test_the_scorecard_shows_the_board_sat_out(client, night, django_assert_max_num_queries):
    session, section = night
    slot = first_play(section)
    enter_all(section, skip=[slot])
    add_sit_out(board=section.boards.get(number=1), pair=pairs_of(section)[slot.ns])
    made_final(session)
    url = reverse("events:pair_scorecard", args=[session.pk, pairs_of(section)[slot.ns].pk])
    with django_assert_max_num_queries(9):
        page = client.get(url).content.decode()
    assert '<tr class="text-muted sat-out" data-board="1">' in page
    assert "Sat out (not played, not in the total)" in page
    assert page.count("data-board=") == 6  # five boards played and the one sat out


def test_the_traveller_download_carries_the_sit_out(client, night):
    session, section = night
    enter_all(section, skip=[first_play(section)])
    add_sit_out(board=section.boards.get(number=1), pair=pairs_of(section)["1EW"])
    made_final(session)
    text = client.get(reverse("events:traveller_csv", args=[session.pk, section.pk, 1])).content.decode()
    assert text.splitlines()[-1].startswith("1,,,,1EW,BYE,")


def test_a_play_sat_out_leaves_nothing_to_enter_on_its_slip_and_board(night):
    session, section = night
    plan = section_plan(section)
    slot = first_play(section)
    enter_all(section, skip=[slot])
    assert (slot.table, slot.round) not in finished_slips(section, plan)
    assert not section_progress(section).boards[0].complete
    add_sit_out(board=section.boards.get(number=1), pair=pairs_of(section)[slot.ew])
    assert (slot.table, slot.round) in finished_slips(section, plan)
    assert section_progress(section).boards[0].complete


def test_a_result_typed_for_a_pair_that_sits_out_is_refused_on_the_page(director_client, night):
    session, section = night
    slot = first_play(section)
    add_sit_out(board=section.boards.get(number=1), pair=pairs_of(section)[slot.ns])
    rows = {"r0-contract": "4S", "r0-declarer": "N", "r0-tricks": "10", "r0-lead": "", "r0-score": ""}
    response = director_client.post(traveller_entry_url(session, section), rows)
    page = response.content.decode()
    assert response.status_code == 200
    assert f"Pair {slot.ns} sits out board 1: remove its sit-out first." in page and 'value="4S"' in page
    assert not TravellerLine.objects.exists()
