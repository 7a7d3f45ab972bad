"""Merging a guest or a duplicate member into a member: pairs, teams players, scorepad seats and stored standings
move; the ranking and member pages (cached for anonymous visitors) follow at once; undo restores exactly."""

import datetime

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse
from django.utils import timezone

from club.models import Member, Merge
from club.registry import MergeSource
from events.checks.services.fixes import set_status
from events.models import Pair, Session
from events.setup.services.setup import PlayersTyped, set_players
from roster.services.merging import MergeRefused, merge_people, suggestions, undo_merge
from rubber.models import SeatedPlayer
from teams.models import TeamPlayer
from tests.builders.sessions import club_night, enter_all
from tests.builders.teams import make_event

GUEST = "Elena Martin"  # the member is Elena Martín: the director typed the guest without the accent


@pytest.fixture
def elena(db):
    return Member.objects.create(number="1005", first_name="Elena", last_name="Martín")


@pytest.fixture
def session(elena):
    """A provisional 3-table Mitchell whose pair 1NS is the guest Elena Martin and a member partner."""
    session, section = club_night()
    partner = Member.objects.create(number="1006", first_name="Luis", last_name="Pérez")
    pair = section.pairs.get(number=1, direction="NS")
    set_players(typed=[PlayersTyped(pair, "Someone Else", str(partner), player1_guest=True)])
    # typed before the member was on the roster (the pairs page now refuses a guest with a member's name)
    Pair.objects.filter(pk=pair.pk).update(player1_guest=GUEST)
    enter_all(section, results={})
    until = timezone.now() + datetime.timedelta(days=2)
    set_status(session=session, status=Session.Status.PROVISIONAL, corrections_until=until)
    return session


def guest_pair(session) -> Pair:
    return Pair.objects.get(section__session=session, number=1, direction="NS")


def test_a_guest_merged_and_undone_on_the_ranking_and_member_pages(anonymous_client, session, elena):
    ranking_url = reverse("events:session", args=[session.pk])
    member_url = reverse("events:member_detail", args=[elena.pk])
    member_link = f'href="{member_url}"'
    before = anonymous_client.get(ranking_url).content.decode()
    assert GUEST in before and member_link not in before
    assert session.name not in anonymous_client.get(member_url).content.decode()
    standing = Pair.objects.filter(pk=guest_pair(session).pk).values("score", "place").get()

    merge = merge_people(source=MergeSource(guest=GUEST), into_id=elena.pk)

    pair = guest_pair(session)
    assert (pair.player1_id, pair.player1_guest) == (elena.pk, "")
    assert {"score": pair.score, "place": pair.place} == standing  # the stored standing is the member's now
    after = anonymous_client.get(ranking_url).content.decode()
    assert member_link in after and GUEST not in after
    assert session.name in anonymous_client.get(member_url).content.decode()
    assert merge.changes == {"events": [[pair.pk, "player1"]]}

    undo_merge(merge_id=merge.pk)

    pair.refresh_from_db()
    assert (pair.player1_id, pair.player1_guest) == (None, GUEST)
    assert GUEST in anonymous_client.get(ranking_url).content.decode()
    assert session.name not in anonymous_client.get(member_url).content.decode()
    merge.refresh_from_db()
    assert merge.undone_at is not None


def test_teams_players_and_scorepad_seats_move_too(elena, rubber):
    event = make_event(teams=["Ases", "Reyes"])
    player = TeamPlayer.objects.filter(team__event=event).first()
    TeamPlayer.objects.filter(pk=player.pk).update(guest_name=GUEST)
    SeatedPlayer.objects.filter(rubber=rubber, seat="N").update(member=None, name=GUEST)
    seat = rubber.players.get(seat="N")
    merge = merge_people(source=MergeSource(guest=GUEST), into_id=elena.pk)
    player.refresh_from_db()
    seat.refresh_from_db()
    assert (player.member_id, player.guest_name) == (elena.pk, "")
    assert (seat.member_id, seat.name) == (elena.pk, "Elena Martín")
    assert merge.changes == {"teams": [player.pk], "rubber": [[seat.pk, GUEST]]}
    undo_merge(merge_id=merge.pk)
    player.refresh_from_db()
    seat.refresh_from_db()
    assert (player.member_id, player.guest_name) == (None, GUEST)
    assert (seat.member_id, seat.name) == (None, GUEST)


def test_a_duplicate_member_merged_is_deactivated_and_back_on_undo(session, elena):
    twin = Member.objects.create(number="9005", first_name="Elena", last_name="Martin")
    pair = guest_pair(session)
    Pair.objects.filter(pk=pair.pk).update(player1=twin, player1_guest="")
    merge = merge_people(source=MergeSource(member_id=twin.pk), into_id=elena.pk)
    twin.refresh_from_db()
    assert not twin.active and merge.deactivated
    assert Pair.objects.get(pk=pair.pk).player1_id == elena.pk
    with pytest.raises(MergeRefused, match="Nothing to merge"):
        merge_people(source=MergeSource(member_id=twin.pk), into_id=elena.pk)
    undo_merge(merge_id=merge.pk)
    twin.refresh_from_db()
    assert twin.active
    assert Pair.objects.get(pk=pair.pk).player1_id == twin.pk


def test_undo_leaves_alone_what_changed_since(session, elena):
    merge = merge_people(source=MergeSource(guest=GUEST), into_id=elena.pk)
    other = Member.objects.create(first_name="Other", last_name="Member")
    Pair.objects.filter(pk=guest_pair(session).pk).update(player1=other)  # the director corrected the pair since
    undo_merge(merge_id=merge.pk)
    assert guest_pair(session).player1_id == other.pk


def test_refused_merges(session, elena):
    with pytest.raises(MergeRefused, match="Nothing to merge"):
        merge_people(source=MergeSource(guest="Nobody Here"), into_id=elena.pk)
    with pytest.raises(MergeRefused, match="themselves"):
        merge_people(source=MergeSource(member_id=elena.pk), into_id=elena.pk)
    with pytest.raises(MergeRefused, match="No member"):
        merge_people(source=MergeSource(guest=GUEST), into_id=10**6)
    merge = merge_people(source=MergeSource(guest=GUEST), into_id=elena.pk)
    with pytest.raises(MergeRefused, match="Nothing to merge"):  # the same guest twice: the later is told
        merge_people(source=MergeSource(guest=GUEST), into_id=elena.pk)
    undo_merge(merge_id=merge.pk)
    with pytest.raises(MergeRefused, match="already undone"):
        undo_merge(merge_id=merge.pk)
    assert Merge.objects.count() == 1


def test_suggestions_ignore_accents_and_case(session, elena):
    Member.objects.create(first_name="Ana", last_name="García")
    pair = Pair.objects.get(section__session=session, number=2, direction="NS")
    Pair.objects.filter(pk=pair.pk).update(player1=None, player1_guest="ANA GARCIA", player2=None, player2_guest="Zed")
    found = {suggestion.guest: [str(member) for member in suggestion.members] for suggestion in suggestions()}
    assert found == {"ANA GARCIA": ["Ana García"], GUEST: ["Elena Martín"]}


def test_the_merges_page_merges_a_suggestion_and_undoes_it(club_admin_client, session, elena):
    page = club_admin_client.get(reverse("roster:merges"))
    assert [suggestion.guest for suggestion in page.context["suggestions"]] == [GUEST]
    assert "Elena Martin" in club_admin_client.get(reverse("roster:roster")).content.decode()
    data = {"source_text": GUEST, "guest": "on", "into_text": "Elena Martín (1005)"}
    response = club_admin_client.post(reverse("roster:merges"), data)
    assert response.status_code == 302
    assert guest_pair(session).player1_id == elena.pk
    merge = Merge.objects.get()
    assert merge.made_by.username == "clubadmin"
    again = club_admin_client.post(reverse("roster:merges"), data)  # a second admin, or a second click
    assert again.status_code == 200 and "Nothing to merge" in again.content.decode()
    response = club_admin_client.post(reverse("roster:merge_undo", args=[merge.pk]), follow=True)
    assert "is undone" in response.content.decode()
    assert guest_pair(session).player1_guest == GUEST
    response = club_admin_client.post(reverse("roster:merge_undo", args=[merge.pk]), follow=True)
    assert "already undone" in response.content.decode()


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"source_text": "Nobody", "into_text": "Elena Martín"},
        {"source_text": GUEST, "guest": "on", "into_text": "999999"},
        {"source_text": "\x00" * 5, "guest": "on", "into_text": "x" * 10_000},
        {"source_text": "Elena", "into_text": "Elena"},
    ],
)
def test_bad_merge_forms_are_put_back(club_admin_client, session, data):
    response = club_admin_client.post(reverse("roster:merges"), data)
    assert response.status_code == 200
    assert response.context["form"].errors
    assert not Merge.objects.exists()


def test_undo_of_no_such_merge(club_admin_client, db):
    for merge_id in (1, 2**31, 10**30):
        response = club_admin_client.post(reverse("roster:merge_undo", args=[merge_id]), follow=True)
        assert response.status_code == 200 and "no such merge" in response.content.decode()


def test_the_command(session, elena, capsys):
    call_command("merge_members", elena.pk, guest=GUEST)
    merge = Merge.objects.get()
    assert capsys.readouterr().out.strip().splitlines()[-1] == str(merge.pk)
    assert guest_pair(session).player1_id == elena.pk
    with pytest.raises(CommandError, match="Nothing to merge"):
        call_command("merge_members", elena.pk, guest=GUEST)
    call_command("merge_members", undo=merge.pk)
    assert guest_pair(session).player1_guest == GUEST
    with pytest.raises(CommandError, match="FROM_ID and INTO_ID"):
        call_command("merge_members", elena.pk)
    with pytest.raises(CommandError, match="An id"):
        call_command("merge_members", 0, elena.pk)
