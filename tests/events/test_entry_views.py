import re

import pytest
from django.urls import reverse

from events.models import TravellerLine
from events.plans import section_plan
from tests.builders.sessions import enter_all


@pytest.fixture
def mitchell(make_session):
    return make_session("mitchell", tables=5, boards_per_round=1)


def traveller_url(session, section, number):
    return reverse("events:traveller_entry", args=[session.pk, section.pk, number])


def row_post(rows):
    """rows: {index: (contract, declarer, result, lead)} for the rows of a traveller form."""
    data = {}
    for index, values in rows.items():
        for name, value in zip(("contract", "declarer", "tricks", "lead"), values, strict=True):
            data[f"r{index}-{name}"] = value
    return data


def test_traveller_lists_every_scheduled_play(director_client, mitchell):
    session, section = mitchell
    page = director_client.get(traveller_url(session, section, 1)).content.decode()
    for slot in section_plan(section).board_plays(1):
        assert f"<td>{slot.ns}</td><td>{slot.ew}</td>" in page
    assert "Dealer N, vulnerable: none." in page


def test_saving_a_traveller_scores_it(director_client, mitchell):
    session, section = mitchell
    url = traveller_url(session, section, 1)
    response = director_client.post(
        url, row_post({0: ("4S", "N", "10", "HK"), 1: ("4S", "N", "=", ""), 2: ("3NT", "S", "+1", "")})
    )
    assert response.status_code == 302 and response.url == url
    scores = sorted(TravellerLine.objects.values_list("ns_score", "ns_points"))
    # 420, 420, 430 on a board due five times: raw 1,1,4 of top 4 → Neuberg (M+1)*5/3-1 = 2.33, 2.33, 7.33.
    assert scores == [(420, pytest.approx(7 / 3)), (420, pytest.approx(7 / 3)), (430, pytest.approx(22 / 3))]
    page = director_client.get(url).content.decode()
    assert '<span class="ns-score">430</span>' in page and "3 results saved." in page


def test_a_mistyped_contract_saves_nothing_and_keeps_what_was_typed(director_client, mitchell):
    session, section = mitchell
    response = director_client.post(
        traveller_url(session, section, 1), row_post({0: ("4S", "N", "10", ""), 1: ("8S", "N", "10", "")})
    )
    page = response.content.decode()
    assert response.status_code == 200
    assert "level must be 1 to 7" in page
    assert 'value="8S"' in page and 'value="4S"' in page
    assert not TravellerLine.objects.exists()


@pytest.mark.parametrize(
    "values, field, message",
    [
        (("4S", "X", "10", ""), "declarer", "Declarer must be N, E, S or W."),
        (("4S", "N", "14", ""), "tricks", "declarer takes 0 to 13 tricks"),
        (("4S", "N", "", ""), "tricks", "Enter the tricks taken"),
        (("", "N", "10", ""), "contract", "Enter the contract too."),
    ],
)
def test_each_bad_field_gets_its_message(director_client, mitchell, values, field, message):
    session, section = mitchell
    response = director_client.post(traveller_url(session, section, 1), row_post({0: values}))
    page = response.content.decode()
    assert message in page
    assert f'id="id_r0-{field}"' in page and "is-invalid" in page
    assert not TravellerLine.objects.exists()


def test_adjusted_and_not_played_in_the_same_form(director_client, mitchell):
    session, section = mitchell
    rows = {0: ("A+", "", "", ""), 1: ("NP", "", "", ""), 2: ("4S", "N", "10", "")}
    director_client.post(traveller_url(session, section, 1), row_post(rows))
    lines = {
        line.adjusted or ("NP" if line.not_played else line.contract): line for line in TravellerLine.objects.all()
    }
    assert set(lines) == {"A6040", "NP", "4S"}
    # A6040 gets 60 % of the top of 8 (five plays due).
    assert lines["A6040"].ns_points == pytest.approx(4.8)


def test_saving_one_line_takes_a_bounded_number_of_queries(
    director_client, make_session, enter, django_assert_max_num_queries
):
    session, section = make_session("mitchell", tables=13, boards_per_round=2)
    plan = section_plan(section)
    for slot in plan.board_plays(1)[:-1]:
        enter(section, 1, slot.ns, "4S", "N", "10")
    index = len(plan.board_plays(1)) - 1
    with django_assert_max_num_queries(40):
        response = director_client.post(traveller_url(session, section, 1), row_post({index: ("4S", "N", "11", "")}))
    assert response.status_code == 302
    assert TravellerLine.objects.count() == len(plan.board_plays(1))


def test_table_entry_saves_the_slip_and_moves_on(director_client, mitchell):
    session, section = mitchell
    url = reverse("events:table_entry", args=[session.pk, section.pk, 1, 1])
    response = director_client.post(url, row_post({0: ("3NT", "N", "9", "")}))
    assert response.status_code == 302
    assert response.url == reverse("events:table_entry", args=[session.pk, section.pk, 2, 1])
    line = TravellerLine.objects.get()
    assert (line.table, line.round, line.ns_score) == (1, 1, 400)


def slip_url(session, section, table, round_):
    return reverse("events:table_entry", args=[session.pk, section.pk, table, round_])


def test_enter_opens_the_next_slip_still_to_enter(director_client, mitchell, enter):
    session, section = mitchell
    plan = section_plan(section)
    for table in (2, 3):  # already entered (by traveller, say)
        play = plan.plays_at(table, 1)[0]
        enter(section, play.board, play.ns, "3NT", "N", "9")
    response = director_client.post(slip_url(session, section, 1, 1), row_post({0: ("3NT", "N", "9", "")}))
    assert response.status_code == 302 and response.url == slip_url(session, section, 4, 1)
    skip = slip_url(session, section, 5, 1)
    assert f'href="{skip}"' in director_client.get(response.url).content.decode()


def test_after_the_last_slip_enter_goes_back_to_a_slip_still_to_enter(director_client, mitchell):
    session, section = mitchell
    plan = section_plan(section)
    first, last = plan.plays_at(1, 1)[0], plan.plays_at(5, 5)[0]
    enter_all(section, skip={first, last})
    response = director_client.post(slip_url(session, section, 5, 5), row_post({0: ("3NT", "N", "9", "")}))
    assert response.url == slip_url(session, section, 1, 1)
    response = director_client.post(slip_url(session, section, 1, 1), row_post({0: ("3NT", "N", "9", "")}))
    assert response.url == reverse("events:session_setup", args=[session.pk])  # every slip entered


def test_the_slip_grid_marks_finished_slips(director_client, mitchell, enter):
    session, section = mitchell
    play = section_plan(section).plays_at(2, 1)[0]
    enter(section, play.board, play.ns, "3NT", "N", "9")
    page = director_client.get(reverse("events:session_setup", args=[session.pk])).content.decode()
    finished = re.findall(r'<td class="table-success slip-finished"><a href="([^"]+)"', page)
    assert finished == [slip_url(session, section, 2, 1)]


def test_table_entry_for_a_table_the_movement_lacks(director_client, mitchell):
    session, section = mitchell
    response = director_client.get(reverse("events:table_entry", args=[session.pk, section.pk, 9, 1]))
    assert response.status_code == 302


def test_removing_a_line_rescores_the_board(director_client, mitchell, enter):
    session, section = mitchell
    first = enter(section, 1, "1NS", "4S", "N", "10")
    enter(section, 1, "2NS", "4S", "N", "11")
    response = director_client.post(reverse("events:line_delete", args=[first.pk]))
    assert response.status_code == 302
    remaining = TravellerLine.objects.get()
    # One result left, due five times: raw 0 → Neuberg (0+1)*5/1-1 = 4, the average.
    assert remaining.ns_points == pytest.approx(4)


def test_entry_pages_refuse_players_and_visitors(client, player_client, mitchell, enter):
    session, section = mitchell
    line = enter(section, 1, "1NS", "4S", "N", "10")
    urls = [traveller_url(session, section, 1), reverse("events:table_entry", args=[session.pk, section.pk, 1, 1])]
    for url in urls:
        assert client.get(url).status_code == 302
        assert player_client.get(url).status_code == 403
        assert player_client.post(url, row_post({1: ("4S", "N", "10", "")})).status_code == 403
    assert player_client.post(reverse("events:line_delete", args=[line.pk])).status_code == 403
    assert TravellerLine.objects.count() == 1


def test_line_delete_is_post_only(director_client, mitchell, enter):
    session, section = mitchell
    line = enter(section, 1, "1NS", "4S", "N", "10")
    assert director_client.get(reverse("events:line_delete", args=[line.pk])).status_code == 405


@pytest.mark.parametrize(
    "language, message",
    [
        ("es", "8S: el nivel de un contrato debe ser de 1 a 7"),
        ("ro", "8S: nivelul unui contract trebuie să fie între 1 și 7"),
    ],
)
def test_a_mistyped_contract_is_explained_in_the_readers_language(director_client, mitchell, language, message):
    from django.conf import settings
    from django.utils import translation

    session, section = mitchell
    with translation.override(settings.LANGUAGE_CODE):
        response = director_client.post(
            traveller_url(session, section, 1), row_post({0: ("8S", "N", "10", "")}), HTTP_ACCEPT_LANGUAGE=language
        )
    assert response.status_code == 200 and message in response.content.decode()
