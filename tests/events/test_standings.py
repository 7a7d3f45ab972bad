"""The standings stored on the pairs (events.standings) stay equal to the session's ranking after every change.

The member page reads them instead of totalling lines, so each service that changes a ranking must
store them again: a line saved or deleted, a round's directions swapped, a score recomputed, the
session published, the scoring method changed in the set-up, a file imported.
"""

import datetime
import random
from io import StringIO

import pytest
from django.core.management import call_command
from django.urls import reverse

from club.typed_result import read_typed_result
from events.checks.services.fixes import mark_checked, recompute_line, set_status, swap_round
from events.entry.services.lines import delete_line, save_line
from events.files.services.transfer import import_travellers
from events.models import Board, Pair, Section, Session, TravellerLine
from events.plans import section_plan
from events.setup.services.setup import PlayersTyped, set_players
from events.standings.services.rescoring import rescore_session
from events.standings.services.standings import store_standings
from movements.models import CustomMovement
from tests.builders.hand_mitchell import entered_mitchell
from tests.builders.sessions import HOWELL, assert_current, session_post, stored


@pytest.fixture
def mitchell(db):
    return entered_mitchell()  # the 5-table Mitchell of test_session_scoring


def ns_line(section, board, ns_label):
    return TravellerLine.objects.select_related("board__section__session", "ns_pair", "ew_pair").get(
        board__section=section, board__number=board, ns_pair__number=int(ns_label[:-2]), ns_pair__direction="NS"
    )


def test_entering_the_hand_worked_mitchell_stores_its_ranking(mitchell):
    session, _section = mitchell
    kept = stored(session)
    # The NS ranking of test_session_scoring, worked by hand: score, maximum, boards, place, field size.
    assert kept["1NS"] == pytest.approx((26.0, 40, 5, "1", 5))
    assert kept["5NS"] == pytest.approx((15.8, 32, 4, "2", 5))  # board 5 not played: 4 tops of 8
    assert kept["3NS"] == pytest.approx((18.5, 40, 5, "=3", 5))
    assert kept["4NS"] == pytest.approx((18.5, 40, 5, "=3", 5))
    assert kept["2NS"] == pytest.approx((18.0, 40, 5, "5", 5))
    assert_current(session)


def test_a_correction_stores_the_new_places(mitchell):
    session, section = mitchell
    line = ns_line(section, 1, "2NS")
    save_line(
        board=line.board,
        ns_pair=line.ns_pair,
        ew_pair=line.ew_pair,
        result=read_typed_result(1, "4S", "N", "12"),
        line=line,
    )  # 4S+2 = +480, the new top of board 1 (test_session_scoring works the numbers)
    kept = stored(session)
    assert kept["2NS"] == pytest.approx((21.0, 40, 5, "2", 5))
    assert kept["5NS"][3] == "3"
    assert_current(session)


def test_deleting_a_line_stores_the_pairs_boards_and_places(mitchell):
    session, section = mitchell
    before = stored(session)["1NS"]
    delete_line(line=ns_line(section, 4, "1NS"))
    assert stored(session)["1NS"][2] == before[2] - 1
    assert_current(session)


def test_swapping_a_round_and_recomputing_a_score_store_the_standings(mitchell):
    session, section = mitchell
    line = ns_line(section, 3, "3NS")
    swap_round(section=section, table=line.table, round_=line.round)
    assert_current(session)
    line = ns_line(section, 1, "4NS")
    TravellerLine.objects.filter(pk=line.pk).update(ns_score=-100)  # a slip's wrong score, as typed
    recompute_line(line=line)
    assert_current(session)


def test_publishing_stores_the_standings(mitchell):
    session, _section = mitchell
    for line in TravellerLine.objects.filter(board__section__session=session).exclude(adjusted=""):
        mark_checked(line=line)  # the A6040 would block publishing
    Pair.objects.filter(section__session=session).update(place="", score=0)  # as if never stored
    set_status(session=session, status=Session.Status.FINAL)
    assert_current(session)


def test_changing_the_scale_in_the_set_up_rescores_the_session(director_client, mitchell):
    session, section = mitchell
    data = session_post(tables="5", boards_per_round="1")
    data.update(
        {
            "sections-INITIAL_FORMS": "1",
            "sections-0-id": str(section.pk),
            "sections-0-session": str(session.pk),
            "name": session.name,
            "scale": "acbl",
        }
    )
    response = director_client.post(reverse("events:session_setup", args=[session.pk]), data)
    assert response.status_code == 302
    # Board 1 on the ACBL scale: 450 beats 4 (top 4), 420 beats 2 and ties 1 (2.5), -50 nothing.
    assert ns_line(section, 1, "3NS").ns_points == 4
    assert ns_line(section, 1, "1NS").ns_points == 2.5
    assert stored(session)["1NS"][1] == 20  # 5 boards with a top of 4
    assert_current(session)


def test_a_set_up_saved_without_a_scoring_change_keeps_the_points(director_client, mitchell):
    session, section = mitchell
    data = session_post(tables="5", boards_per_round="1")
    data.update(
        {
            "sections-INITIAL_FORMS": "1",
            "sections-0-id": str(section.pk),
            "sections-0-session": str(session.pk),
            "name": "Renamed",
        }
    )
    assert director_client.post(reverse("events:session_setup", args=[session.pk]), data).status_code == 302
    assert ns_line(section, 1, "3NS").ns_points == 8
    assert_current(session)


@pytest.mark.django_db
def test_an_imported_file_stores_the_standings():
    session = import_travellers(
        text=HOWELL.read_text(), name="Tuesday pairs", date=datetime.date(2025, 3, 4), scoring_method="matchpoints"
    ).session
    kept = stored(session)
    assert all(standing[2] > 0 and standing[4] == 6 for standing in kept.values())  # one field of 6 pairs
    assert_current(session)


def test_refreshing_every_session_restores_lost_standings(mitchell):
    session, _section = mitchell
    expected = stored(session)
    Pair.objects.update(score=0, maximum=0, boards=0, place="", field_size=0)
    assert store_standings() == len(expected)
    assert stored(session) == expected


def test_standings_follow_any_sequence_of_entries_and_deletions(make_session, enter):
    """Random lines entered, changed and deleted on a 4-table Howell: after each, stored == ranked."""
    session, section = make_session("howell", tables=4, boards_per_round=2)
    rng = random.Random(6)
    contracts = [
        ("4S", "N", "10"),
        ("3NT", "S", "8"),
        ("2H", "E", "9"),
        ("PASS", "", ""),
        ("A5050", "", ""),
        ("NP", "", ""),
        ("6D", "W", "12"),
    ]
    boards = list(section.boards.values_list("number", flat=True))
    plan = section_plan(section)
    for _step in range(30):
        lines = list(TravellerLine.objects.filter(board__section=section))
        if lines and rng.random() < 0.25:
            delete_line(line=rng.choice(lines))
        else:
            number = rng.choice(boards)
            entered = set(
                TravellerLine.objects.filter(board__section=section, board__number=number).values_list(
                    "ns_pair__number", flat=True
                )
            )
            slots = [slot for slot in plan.board_plays(number) if int(slot.ns) not in entered]
            if not slots:
                continue
            enter(section, number, rng.choice(slots).ns, *rng.choice(contracts))
        assert_current(session)


@pytest.mark.django_db
def test_rescoring_a_free_entry_section_counts_its_boards_once(django_assert_max_num_queries):
    """Neuberg's E of a section without a movement is its most results on a board: counted from the lines
    already read, not asked of the database again for each board."""
    session = import_travellers(
        text=HOWELL.read_text(), name="Tuesday pairs", date=datetime.date(2025, 3, 4), scoring_method="matchpoints"
    ).session
    assert session.short_boards_neuberg
    boards = Board.objects.filter(section__session=session).count()
    with django_assert_max_num_queries(boards + 12) as captured:  # one update per board, the rest fixed
        rescore_session(session=session)
    assert not [query for query in captured.captured_queries if "MAX(" in query["sql"].upper()]
    assert_current(session)


@pytest.mark.parametrize("changes", [{"scale": "acbl"}, {"scoring": "cross-imps"}])
def test_changing_the_scoring_in_the_admin_rescores_the_session(admin_client, mitchell, changes):
    session, section = mitchell
    data = {
        "name": session.name,
        "date": "2026-11-02",
        "scoring": "matchpoints",
        "scale": "ebu",
        "short_boards_neuberg": "on",
        "datum_discard": "1",
        "datum_from": "4",
        "datum_rounding": "ten",
        "adjusted_imps": "comparison",
        "adjusted_imps_size": "3",
        "cross_imps": "average",
        "pair_total": "sum",
        "corrections_until_0": "",
        "corrections_until_1": "",
        "director": "",
        **changes,
    }
    response = admin_client.post(reverse("admin:events_session_change", args=[session.pk]), data)
    assert response.status_code == 302
    # Board 1, 3NS's +450: the top, 4 on the ACBL scale; cross-IMPs against 420, 420, 170 and -50 (1962 table:
    # 30 → 1, 30 → 1, 280 → 7, 500 → 11) averaged over the 4 comparisons: 20 / 4 = 5.
    assert ns_line(section, 1, "3NS").ns_points == (4 if changes.get("scale") else 5)
    assert_current(session)


def test_a_new_result_on_a_free_entry_board_rescores_the_other_boards(make_session, enter):
    """Without a movement Neuberg scores every board against the section's most results on a board: a third
    result on board 1 makes boards with two results be factored up to three."""
    session, section = make_session("none", tables=3, boards_per_round=2, rounds=1)
    pairs = {pair.label: pair for pair in section.pairs.all()}
    boards = {board.number: board for board in section.boards.all()}

    def save(number, ns, ew, contract, declarer, tricks):
        save_line(
            board=boards[number],
            ns_pair=pairs[ns],
            ew_pair=pairs[ew],
            result=read_typed_result(number, contract, declarer, tricks),
        )

    save(1, "1NS", "1EW", "4S", "N", "10")  # +420 (board 1: nobody vulnerable)
    save(1, "2NS", "2EW", "4S", "N", "11")  # +450
    save(2, "1NS", "2EW", "1NT", "N", "7")  # +90 (board 2: NS vulnerable)
    save(2, "2NS", "3EW", "1NT", "N", "6")  # -100
    assert ns_line_points(section, 2) == [2, 0]  # two results on the EBU scale: the top is 2
    save(1, "3NS", "3EW", "4S", "N", "9")  # -50: board 1 now has three results
    # Board 2 factored up to three (EBU Neuberg, (M + 1) x 3 / 2 - 1): 2 → 3.5 and 0 → 0.5, top 4.
    assert ns_line_points(section, 2) == [3.5, 0.5]
    assert_current(session)


def ns_line_points(section, number):
    return list(
        TravellerLine.objects.filter(board__section=section, board__number=number)
        .order_by("pk")
        .values_list("ns_points", flat=True)
    )


def test_the_command_and_a_movement_that_cannot_be_read(mitchell):
    """store_standings (also run by migration 0006) stores the others when one session cannot be ranked."""
    session, _section = mitchell
    expected = stored(session)
    broken = CustomMovement.objects.create(name="Broken", csv_text="round,table\nnot,a movement\n")
    odd = Session.objects.create(name="Odd night", date=datetime.date(2026, 11, 3))
    Section.objects.create(session=odd, letter="A", kind="custom", tables=2, custom_movement=broken)
    Pair.objects.update(score=0, maximum=0, boards=0, place="", field_size=0)
    out = StringIO()
    call_command("store_standings", stdout=out)
    assert out.getvalue() == f"Standings stored again: {len(expected)} pairs changed.\n"
    assert stored(session) == expected


def test_typing_players_keeps_the_standings_stored_meanwhile(mitchell):
    session, section = mitchell
    pair = Pair.objects.get(section=section, number=2, direction="NS")  # read before the correction below
    line = ns_line(section, 1, "2NS")
    save_line(
        board=line.board,
        ns_pair=line.ns_pair,
        ew_pair=line.ew_pair,
        result=read_typed_result(1, "4S", "N", "12"),
        line=line,
    )
    assert not set_players(
        typed=[PlayersTyped(pair, "Ana García", "Visiting Vera", player1_guest=True, player2_guest=True)]
    )
    assert Pair.objects.get(pk=pair.pk).player2_guest == "Visiting Vera"  # guests the director confirmed
    assert_current(session)


def test_a_traveller_typed_in_the_entry_page_stores_the_standings_once(
    director_client, make_session, django_assert_max_num_queries
):
    session, section = make_session("mitchell", tables=5, boards_per_round=1)
    url = reverse("events:traveller_entry", args=[session.pk, section.pk, 1])
    data = {
        f"r{index}-{name}": value
        for index, values in enumerate([("4S", "N", "10", ""), ("4S", "N", "=", ""), ("3NT", "S", "+1", "")])
        for name, value in zip(("contract", "declarer", "tricks", "lead"), values, strict=True)
    }
    with django_assert_max_num_queries(80) as captured:
        assert director_client.post(url, data).status_code == 302
    stored_queries = [query for query in captured.captured_queries if 'UPDATE "events_pair"' in query["sql"]]
    assert len(stored_queries) == 1  # one write of the standings for the three lines
    # 430, 420, 420 on the board (test_entry_views): one NS pair first, two equal second, two not yet played.
    assert sorted(standing[3] for label, standing in stored(session).items() if label.endswith("NS")) == [
        "1",
        "=2",
        "=2",
        "=4",
        "=4",
    ]
    assert_current(session)


def test_the_admin_never_moves_a_session_s_status(admin_client, mitchell):
    # Publishing has its checks and reopening a final session its reason: the admin shows the status only.
    session, _section = mitchell
    url = reverse("admin:events_session_change", args=[session.pk])
    page = admin_client.get(url).content.decode()
    assert 'name="status"' not in page
    data = {"name": "Renamed", "date": "2026-11-02", "scoring": "matchpoints", "scale": "ebu", "status": "final"}
    data |= {"datum_discard": "1", "datum_from": "4", "datum_rounding": "ten", "adjusted_imps": "comparison"}
    data |= {
        "adjusted_imps_size": "3",
        "cross_imps": "average",
        "pair_total": "sum",
        "corrections_until_0": "",
        "corrections_until_1": "",
        "director": "",
    }
    assert admin_client.post(url, data).status_code == 302
    session.refresh_from_db()
    assert session.name == "Renamed" and session.status == Session.Status.IN_PROGRESS


def test_a_final_session_is_read_only_in_the_admin(admin_client, mitchell):
    # Saving it used to be a 500 (the write lock refuses a final session); now the admin only shows it.
    session, _section = mitchell
    Session.objects.filter(pk=session.pk).update(status=Session.Status.FINAL)
    url = reverse("admin:events_session_change", args=[session.pk])
    page = admin_client.get(url)
    assert page.status_code == 200 and 'name="_save"' not in page.content.decode()
    assert admin_client.post(url, {"name": "Renamed", "date": "2026-11-02"}).status_code == 403
    record = session.history.order_by("history_date").first()
    revert = reverse("admin:events_session_simple_history", args=[session.pk, record.history_id])
    assert admin_client.post(revert, {"name": "Old", "date": "2026-11-02"}).status_code == 403
    assert Session.objects.get(pk=session.pk).name != "Renamed"
