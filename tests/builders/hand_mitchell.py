"""The 5-table Mitchell worked out by hand, one board a round: boards 1-5, each played once by every NS pair,
so every board is scored against 5 results and the top is 8 (2 per result beaten).

Vulnerability by board number: 1 None, 2 NS, 3 EW, 4 Both, 5 NS. test_session_scoring.py and
test_results_session.py work out its scores, matchpoints and rankings in their comments.
"""

import pytest

from club.models import Member
from club.unit_of_work import SESSION, record_change
from events.entry.services.locking import session_write
from events.models import Section, Session
from events.standings.services.member_summaries import refresh_session_members
from tests.builders.sessions import MONDAY, enter, make_session, section_maps

# (NS pair, contract, declarer, tricks) per board; the NS score each gives is in the comment.
MITCHELL_LINES = {
    1: [
        ("1NS", "4S", "N", "10"),  # +420
        ("2NS", "4S", "N", "10"),  # +420
        ("3NS", "4S", "N", "11"),  # +450
        ("4NS", "4S", "N", "9"),  # -50
        ("5NS", "2S", "N", "10"),
    ],  # +170
    2: [
        ("1NS", "3NT", "S", "9"),  # vul: 100 + 500 = +600
        ("2NS", "3NT", "S", "8"),  # vul, one down: -100
        ("3NS", "4H", "E", "10"),  # EW not vul: -420
        ("4NS", "3NTX", "S", "9"),  # vul doubled: 200 + 500 + 50 = +750
        ("5NS", "A6040", "", ""),
    ],  # adjusted: NS 60 %, EW 40 %
    3: [
        ("1NS", "PASS", "", ""),  # 0
        ("2NS", "1NT", "W", "7"),  # EW vul: -90
        ("3NS", "2C", "N", "8"),  # +90
        ("4NS", "1NT", "W", "6"),  # EW vul one down: +100
        ("5NS", "1NT", "W", "7"),
    ],  # -90
    4: [
        ("1NS", "6S", "N", "12"),  # vul: 180 + 500 + 750 = +1430
        ("2NS", "6S", "N", "12"),  # +1430
        ("3NS", "6S", "N", "12"),  # +1430
        ("4NS", "4S", "N", "11"),  # vul: 120 + 30 + 500 = +650
        ("5NS", "6S", "N", "13"),
    ],  # +1460
    5: [
        ("1NS", "7NT", "N", "13"),  # vul: 220 + 500 + 1500 = +2220
        ("2NS", "3S", "N", "9"),  # +140
        ("3NS", "3S", "E", "8"),  # EW not vul, one down: +50
        ("4NS", "3SX", "E", "8"),  # EW not vul doubled, one down: +100
        ("5NS", "NP", "", ""),
    ],  # not played
}


PLAYERS = {
    "1NS": ("Ana", "García", "Bogdan", "Popescu"),
    "2NS": ("Carmen", "López", None, "Visiting Vera"),
    "3NS": ("Dan", "Ionescu", "Elena", "Martín"),
    "1EW": ("Florin", "Dumitru", "Gloria", "Sánchez"),
}


def members_of_club() -> dict[str, Member]:
    names = {
        ("Ana", "García"),
        ("Bogdan", "Popescu"),
        ("Carmen", "López"),
        ("Dan", "Ionescu"),
        ("Elena", "Martín"),
        ("Florin", "Dumitru"),
        ("Gloria", "Sánchez"),
    }
    return {first: Member.objects.get_or_create(first_name=first, last_name=last)[0] for first, last in names}


def name_pairs(section: Section, players=PLAYERS) -> None:
    members = members_of_club()
    for label, (first1, _last1, first2, second) in players.items():
        pair = section.pairs.get(number=int(label[:-2]), direction=label[-2:])
        pair.player1 = members[first1]
        if first2:
            pair.player2 = members[first2]
        else:
            pair.player2_guest = second
        pair.save()


def build_hand_mitchell(
    name="Monday pairs", date=MONDAY, status=Session.Status.FINAL, players=PLAYERS, **session_fields
):
    """The hand-worked Mitchell, every line of MITCHELL_LINES entered through the services → (session, section).

    By default a final session whose pairs are club members (PLAYERS); `players=None` leaves the pairs unnamed.
    """
    session, section = make_session("mitchell", tables=5, boards_per_round=1, name=name, date=date, **session_fields)
    if players is not None:
        name_pairs(section, players)
    # One write block for the session, as enter_all: each line rescores its board, the standings are stored once
    # after the last line instead of after each of the 25.
    maps = section_maps(section)
    with session_write(session.pk):
        for board, lines in MITCHELL_LINES.items():
            for ns, contract, declarer, tricks in lines:
                enter(section, board, ns, contract, declarer, tricks, maps=maps)
    Session.objects.filter(pk=session.pk).update(status=status)  # published once entered: a final one is read-only
    refresh_session_members(session_ids=[session.pk])  # as set_status does: its members' pages count it
    record_change(SESSION, session.pk)  # and as set_status records it: published, on the home and member pages
    session.refresh_from_db()
    return session, section


def entered_mitchell():
    """The hand-worked Mitchell as the scoring tests enter it: a session in progress, its pairs unnamed."""
    return build_hand_mitchell(name="Test mitchell", status=Session.Status.IN_PROGRESS, players=None)


@pytest.fixture
def hand_mitchell(db):
    """build_hand_mitchell(): "Monday pairs", final, the pairs named → (session, section)."""
    return build_hand_mitchell()


@pytest.fixture
def member_player(player_user):
    """Ana García (1NS) is the member of the logged-in player."""
    member = members_of_club()["Ana"]
    member.user = player_user
    member.save()
    return member
