import datetime
import re

import pytest
from django.urls import reverse

from club.models import Member
from events.models import Pair, Section, Session
from tests.builders.sessions import session_post


def test_director_sets_up_a_mitchell(director_client):
    response = director_client.post(reverse("events:session_create"), session_post())
    session = Session.objects.get(name="Monday pairs")
    assert response.status_code == 302 and response.url == reverse("events:session_setup", args=[session.pk])
    section = session.sections.get()
    assert section.boards.count() == 10  # 5 rounds of 2 boards
    assert sorted(p.label for p in section.pairs.all()) == sorted(
        [f"{n}NS" for n in range(1, 6)] + [f"{n}EW" for n in range(1, 6)]
    )
    page = director_client.get(response.url).content.decode()
    assert "1NS&nbsp;v&nbsp;1EW" in page  # the movement preview, table 1 round 1


def test_a_movement_that_cannot_be_made_is_refused_and_the_input_kept(director_client):
    response = director_client.post(reverse("events:session_create"), session_post(kind="howell", tables="40"))
    page = response.content.decode()
    assert response.status_code == 200
    assert "This movement cannot be made" in page
    assert 'value="Monday pairs"' in page
    assert not Session.objects.exists()


def test_bad_arrow_switch_rounds(director_client):
    response = director_client.post(reverse("events:session_create"), session_post(arrow_switch_rounds="3, x"))
    assert "Give round numbers separated by commas" in response.content.decode()
    assert not Session.objects.exists()


def test_free_entry_needs_rounds(director_client):
    response = director_client.post(reverse("events:session_create"), session_post(kind="none"))
    assert "give the number of rounds" in response.content.decode()


@pytest.mark.parametrize("name", ["events:session_create", "events:director"])
def test_players_and_visitors_cannot_set_up(client, player_client, name):
    assert client.get(reverse(name)).status_code == 302
    assert player_client.get(reverse(name)).status_code == 403
    assert player_client.post(reverse("events:session_create"), session_post()).status_code == 403
    assert not Session.objects.exists()


def test_movement_cannot_change_once_results_exist(director_client, make_session, enter):
    session, section = make_session("mitchell", tables=5, boards_per_round=1)
    enter(section, 1, "1NS", "4S", "N", "10")
    data = session_post(tables="7", boards_per_round="1")
    data.update(
        {
            "sections-INITIAL_FORMS": "1",
            "sections-0-id": str(section.pk),
            "sections-0-session": str(session.pk),
            "name": session.name,
        }
    )
    response = director_client.post(reverse("events:session_setup", args=[session.pk]), data)
    assert "its movement can no longer change" in response.content.decode()
    assert Section.objects.get(pk=section.pk).tables == 5


def test_pairs_page_links_members_by_number_and_keeps_guests(director_client, make_session):
    session, section = make_session("howell", tables=2, boards_per_round=2)
    ana = Member.objects.create(first_name="Ana", last_name="García", number="1001")
    pair = section.pairs.get(number=1)
    data = {f"p{p.pk}-player1": "" for p in section.pairs.all()} | {f"p{p.pk}-player2": "" for p in section.pairs.all()}
    data[f"p{pair.pk}-player1"] = "Ana García (1001)"
    data[f"p{pair.pk}-player2"] = "Visiting Guest"
    data[f"p{pair.pk}-player2_guest"] = "on"  # the director says this is a guest
    response = director_client.post(reverse("events:session_pairs", args=[session.pk]), data)
    assert response.status_code == 302
    pair = Pair.objects.get(pk=pair.pk)
    assert pair.player1 == ana and pair.player2 is None and pair.player2_guest == "Visiting Guest"
    page = director_client.get(reverse("events:session_pairs", args=[session.pk])).content.decode()
    assert 'value="Ana García (1001)"' in page and "<datalist" in page


def test_pairs_page_is_for_directors_only(client, player_client, make_session):
    session, _section = make_session("howell", tables=2, boards_per_round=2)
    assert client.get(reverse("events:session_pairs", args=[session.pk])).status_code == 302
    assert player_client.get(reverse("events:session_pairs", args=[session.pk])).status_code == 403


def test_quick_add_member(director_client):
    response = director_client.post(
        reverse("events:member_quick_add"),
        {"member-first_name": "New", "member-last_name": "Player", "member-number": "2001", "next": "/director/"},
    )
    assert response.status_code == 302 and response.url == "/director/"
    assert Member.objects.filter(number="2001").exists()


def test_quick_add_member_refuses_a_duplicate_number_and_keeps_input(director_client):
    Member.objects.create(first_name="Ana", last_name="García", number="1001")
    response = director_client.post(
        reverse("events:member_quick_add"),
        {"member-first_name": "Other", "member-last_name": "Person", "member-number": "1001"},
    )
    page = response.content.decode()
    assert response.status_code == 400
    assert 'value="Other"' in page and "already exists" in page
    assert Member.objects.count() == 1


def test_quick_add_ignores_an_outside_next(director_client):
    response = director_client.post(
        reverse("events:member_quick_add"),
        {"member-first_name": "A", "member-last_name": "B", "next": "https://evil.example/"},
    )
    assert response.url == reverse("club:members")


@pytest.mark.parametrize("back", ["members", "QððË", "events:session_pairs", "//evil.example/", "javascript:x"])
def test_quick_add_takes_a_next_that_is_not_a_path_for_nothing(director_client, back):
    # Found by the fuzz test: a `next` without a slash was taken by redirect() for a URL pattern's name (a 500).
    response = director_client.post(
        reverse("events:member_quick_add"), {"member-first_name": "A", "member-last_name": "B", "next": back}
    )
    assert response.status_code == 302 and response.url == reverse("club:members")


def test_the_language_switch_takes_a_next_that_is_not_a_path_for_the_home_page(client):
    response = client.get(reverse("club:language"), {"language": "es", "next": "members"})
    assert response.status_code == 302 and response.url == "/"


def test_saving_a_free_entry_section_keeps_its_own_pairs(make_session):
    from events.setup.services.setup import prepare_section

    _session, section = make_session("none", tables=2, boards_per_round=2, rounds=3)
    section.pairs.all().delete()
    Pair.objects.bulk_create([Pair(section=section, number=n) for n in range(1, 5)])
    prepare_section(section=section)
    assert sorted(p.label for p in section.pairs.all()) == ["1", "2", "3", "4"]
    assert section.boards.count() == 6


def test_setup_page_links_the_sections_movement_cards(director_client, make_session):
    session, _section = make_session("mitchell", tables=7, boards_per_round=2, arrow_switch_rounds="7")
    page = director_client.get(reverse("events:session_setup", args=[session.pk])).content.decode()
    query = "kind=mitchell&amp;tables=7&amp;boards_per_round=2&amp;first_board=1&amp;even=skip&amp;arrows=7"
    assert f'{reverse("movements:table_cards")}?{query}"' in page
    response = director_client.get(f"{reverse('movements:table_cards')}?{query.replace('&amp;', '&')}")
    assert response.status_code == 200 and "7EW" in response.content.decode()


def test_howell_with_a_missing_pair_has_a_sit_out(make_session):
    from events.plans import section_plan

    _session, section = make_session("howell", tables=4, boards_per_round=2, phantom=True)
    plan = section_plan(section)
    assert section.pairs.count() == 7
    # Seven pairs: three tables play each round and every board is played three times.
    assert {len(plan.plays_at(t, 1)) > 0 for t in range(1, 5)} == {True, False}
    assert {plan.play_count(board) for board in plan.played_boards} == {3}


@pytest.mark.parametrize(
    "language, message",
    [
        ("es", "no hay Howell completo para 40 mesas (disponibles: de 2 a 10)"),
        ("ro", "nu există Howell complet pentru 40 de mese (disponibile: de la 2 la 10)"),
    ],
)
def test_a_movement_that_cannot_be_made_says_why_in_the_readers_language(director_client, language, message):
    from django.conf import settings
    from django.utils import translation

    with translation.override(settings.LANGUAGE_CODE):
        response = director_client.post(
            reverse("events:session_create"), session_post(kind="howell", tables="40"), HTTP_ACCEPT_LANGUAGE=language
        )
    assert message in response.content.decode()


def test_an_unreadable_custom_movement_is_explained_in_spanish(director_client):
    from django.conf import settings
    from django.utils import translation

    from movements.models import CustomMovement

    custom = CustomMovement.objects.create(
        name="Rota", csv_text="round,table,ns_pair,ew_pair,low_board,high_board\n1,1,1,2,3,2\n"
    )
    with translation.override(settings.LANGUAGE_CODE):
        response = director_client.post(
            reverse("events:session_create"),
            session_post(kind="custom", custom_movement=str(custom.pk)),
            HTTP_ACCEPT_LANGUAGE="es",
        )
    assert "Línea 2: low_board 3 es mayor que high_board 2" in response.content.decode()


def test_pairs_page_lists_north_south_before_east_west(director_client, make_session):
    session, section = make_session("mitchell", tables=6, boards_per_round=1)
    response = director_client.get(reverse("events:session_pairs", args=[session.pk]))
    labels = re.findall(r'<th scope="row">(\d+(?:NS|EW))</th>', response.content.decode())
    assert labels == [f"{n}NS" for n in range(1, 7)] + [f"{n}EW" for n in range(1, 7)]


def test_a_new_session_offers_tonight_a_name_and_one_section(director_client, monkeypatch):
    # 23:30 UTC on 30 June is already 1 July in the club's time zone (Europe/London, summer time).
    monkeypatch.setattr(
        "django.utils.timezone.now", lambda: datetime.datetime(2026, 6, 30, 23, 30, tzinfo=datetime.UTC)
    )
    page = director_client.get(reverse("events:session_create")).content.decode()
    assert re.search(r'name="date" value="2026-07-01"', page)
    assert re.search(r'name="name" value="Wednesday pairs"', page)
    assert page.count("<fieldset") == 1 and "Add a section" not in page
    assert re.search(r'name="sections-0-letter" value="A"', page)
    assert "sections-1-letter" not in page


def test_a_session_offers_its_next_section_letter(director_client, make_session):
    session, _section = make_session("mitchell", tables=5, boards_per_round=2)
    page = director_client.get(reverse("events:session_setup", args=[session.pk])).content.decode()
    assert re.search(r'name="sections-1-letter" value="B"', page)
    assert not re.search(r'name="sections-1-letter" value="A"', page)


def test_an_empty_section_gets_our_own_message(director_client):
    response = director_client.post(reverse("events:session_create"), session_post(tables=""))
    page = response.content.decode()
    assert response.status_code == 200 and not Session.objects.exists()
    assert "Please submit at least" not in page
    assert "Give at least one section: its movement and its number of tables." in page


def test_the_rounds_and_results_are_shown_before_saving(director_client):
    data = session_post(tables="5", boards_per_round="2") | {"preview": "1"}
    response = director_client.post(reverse("events:session_create"), data)
    page = " ".join(response.content.decode().split())
    assert response.status_code == 200 and not Session.objects.exists()
    # A 5-table Mitchell of 2 boards a round: 5 rounds, 10 boards, each played at 5 tables.
    assert "5 rounds · 10 boards · 50 results to enter" in page
    assert "Not saved yet" in page and 'value="Monday pairs"' in page
    free = session_post(kind="none", tables="4", rounds="6", boards_per_round="3") | {"preview": "1"}
    page = " ".join(director_client.post(reverse("events:session_create"), free).content.decode().split())
    assert "6 rounds · 18 boards · results entered freely (no movement)" in page
    assert not Session.objects.exists()
