"""The Pairs page: what the director types is matched to members safely (accents and case ignored, a unique start
of the names taken), and anything else is put back to the director; nothing silently becomes a guest, and a POST
leaves alone the pairs it does not carry."""

import pytest
from django.urls import reverse

from club.member_match import match_player
from club.models import Member
from events.models import Pair


@pytest.fixture
def club(db):
    return {
        "elena": Member.objects.create(first_name="Elena", last_name="Martín", number="1005"),
        "ana": Member.objects.create(first_name="Ana", last_name="García", number="1001"),
        "anabel": Member.objects.create(first_name="Anabel", last_name="Ruiz", number="1002"),
        "jose": Member.objects.create(first_name="José", last_name="Pérez", number="1003"),
    }


@pytest.fixture
def howell(make_session):
    return make_session("howell", tables=2, boards_per_round=2)


def pairs_url(session):
    return reverse("events:session_pairs", args=[session.pk])


def post_players(client, session, typed: dict, guests=()):
    """typed: {pair: (player 1, player 2)}; guests: (pair, 'player1') slots ticked as guests."""
    data = {}
    for pair, (first, second) in typed.items():
        data[f"p{pair.pk}-player1"], data[f"p{pair.pk}-player2"] = first, second
    for pair, slot in guests:
        data[f"p{pair.pk}-{slot}_guest"] = "on"
    return client.post(pairs_url(session), data)


@pytest.mark.parametrize(
    "typed, who",
    [
        ("elena martin", "elena"),  # no accent, lower case
        ("ELENA MARTÍN", "elena"),
        ("  Elena   Martín ", "elena"),
        ("jose perez", "jose"),
        ("Elena Martín (1005)", "elena"),  # the type-ahead list's option
        ("1005", "elena"),
        ("mart", "elena"),  # a unique start of the names
        ("ana gar", "ana"),
        ("Ana García", "ana"),  # an exact name wins over the longer Anabel
    ],
)
def test_a_member_is_found_however_typed(club, typed, who):
    found = match_player(typed, list(Member.objects.all()))
    assert found.settled and found.member == club[who]


def test_an_ambiguous_start_is_put_back_with_the_choice(club):
    found = match_player("An", list(Member.objects.all()))
    assert found.member is None and not found.settled
    assert "Ana García (1001)" in found.message and "Anabel Ruiz (1002)" in found.message


def test_an_unknown_number_is_refused(club):
    found = match_player("1099", list(Member.objects.all()))
    assert found.member is None and not found.settled and "1099" in found.message
    # even when the director ticked Guest: a number is never a guest's name
    assert not match_player("1099", list(Member.objects.all()), guest=True).settled


def test_an_unknown_name_is_a_guest_only_when_the_director_says_so(club):
    members = list(Member.objects.all())
    refused = match_player("Elena Martinez", members)
    assert not refused.settled and refused.unknown_name and "Elena Martín (1005)" in refused.message  # did you mean
    guest = match_player("Elena Martinez", members, guest=True)
    assert guest.settled and guest.member is None and guest.text == "Elena Martinez"
    # a Guest box left ticked while a member's name was typed is put back, not stored as a guest
    ticked = match_player("elena martín", members, guest=True)
    assert not ticked.settled and "Elena Martín (1005) is a member" in ticked.message


def test_mistyped_members_on_the_pairs_page_are_caught_and_nothing_is_saved(director_client, club, howell):
    session, section = howell
    pairs = list(section.pairs.order_by("number"))
    response = post_players(
        director_client,
        session,
        {pairs[0]: ("elena martin", "An"), pairs[1]: ("1099", "Visiting Vera")},
    )
    page = response.content.decode()
    assert response.status_code == 200 and "Players saved." not in page
    assert "could be" in page and "No member has the number 1099" in page and "tick Guest" in page
    assert 'value="elena martin"' in page and 'value="1099"' in page and 'value="Visiting Vera"' in page  # kept
    assert not Pair.objects.filter(section=section).exclude(player1=None, player1_guest="", player2_guest="").exists()


def test_the_pairs_page_saves_members_and_confirmed_guests(director_client, club, howell):
    session, section = howell
    pairs = list(section.pairs.order_by("number"))
    response = post_players(
        director_client,
        session,
        {pairs[0]: ("elena martin", "ana garcia"), pairs[1]: ("1003", "Visiting Vera")},
        guests=[(pairs[1], "player2")],
    )
    assert response.status_code == 302
    first, second = (Pair.objects.get(pk=pair.pk) for pair in pairs[:2])
    assert (first.player1, first.player2) == (club["elena"], club["ana"])
    assert second.player1 == club["jose"] and second.player2 is None and second.player2_guest == "Visiting Vera"
    page = director_client.get(pairs_url(session)).content.decode()
    assert f'id="id_p{second.pk}-player2_guest" checked' in page  # shown as a guest, kept as one when saved again


def test_a_partial_post_leaves_alone_the_pairs_it_does_not_carry(director_client, club, howell):
    session, section = howell
    pairs = list(section.pairs.order_by("number"))
    post_players(director_client, session, {pairs[0]: ("1005", "1001"), pairs[1]: ("1002", "1003")})
    response = post_players(director_client, session, {pairs[1]: ("1003", "1002")})  # pair 1's fields absent
    assert response.status_code == 302
    first, second = (Pair.objects.get(pk=pair.pk) for pair in pairs[:2])
    assert (first.player1, first.player2) == (club["elena"], club["ana"])
    assert (second.player1, second.player2) == (club["jose"], club["anabel"])


def test_a_post_of_another_sessions_fields_changes_nothing(director_client, club, howell, make_session):
    session, section = howell
    pairs = list(section.pairs.order_by("number"))
    post_players(director_client, session, {pairs[0]: ("1005", "1001")})
    other, other_section = make_session("howell", tables=2, boards_per_round=2, name="Other")
    foreign = {pair: ("", "") for pair in other_section.pairs.all()}
    data = {f"p{pair.pk}-{slot}": "" for pair in foreign for slot in ("player1", "player2")}
    assert director_client.post(pairs_url(session), data).status_code == 302
    first = Pair.objects.get(pk=pairs[0].pk)
    assert (first.player1, first.player2) == (club["elena"], club["ana"])
