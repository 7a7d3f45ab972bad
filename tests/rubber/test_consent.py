"""Rubber results need consent (issue 29): a sheet a member posts naming others moves nobody's standings until
another player at the table confirms it through their account, or a director approves it."""

from django.contrib.auth.models import User
from django.urls import reverse

from club.models import Member
from rubber.models import Scorepad
from tests.builders.accounts import logged_in_client
from tests.builders.rubber import EVENING, deal_post

SEVEN_NT = [("We", "7NT", 7), ("We", "7NT", 7)]  # two 7NT down six: the rubber goes on ...
GAMES = [("They", "3NT", 9), ("They", "3NT", 9)]  # ... and They win it in two games


def evening_lines(client) -> list[tuple[str, int]]:
    response = client.get(reverse("rubber:evening", args=[EVENING.isoformat()]))
    assert response.status_code == 200
    return [(line.name, line.net) for line in response.context["lines"]]


def account_of(member: Member, username: str) -> User:
    user = User.objects.create_user(username)
    member.user = user
    member.save(update_fields=["user"])
    return user


def posted_sheet(client, members) -> Scorepad:
    """A finished rubber posted page by page by `client`'s user, naming `members`."""
    data = {"kind": "rubber", "played_on": EVENING.isoformat(), "first_dealer": "S"}
    for seat, member in zip("NESW", members, strict=True):
        data |= {f"{seat}_member": str(member.pk), f"{seat}_guest": ""}
    assert client.post(reverse("rubber:start"), data).status_code == 302
    rubber = Scorepad.objects.latest("pk")
    for side, contract, tricks in SEVEN_NT + GAMES:
        rubber.refresh_from_db()
        post = deal_post(side, contract, tricks, version=rubber.version)
        assert client.post(reverse("rubber:pad", args=[rubber.pk]), post).status_code == 302
    rubber.refresh_from_db()
    assert rubber.finished
    return rubber


def confirm(client, rubber):
    rubber.refresh_from_db()
    return client.post(reverse("rubber:confirm", args=[rubber.pk]), {"version": rubber.version})


def test_a_member_posting_against_four_others_leaves_the_public_table_unchanged(player_client, client, members):
    rubber = posted_sheet(player_client, members)
    assert evening_lines(client) == []
    assert not rubber.counted
    page = player_client.get(reverse("rubber:pad", args=[rubber.pk])).content.decode()
    assert "Pending: this sheet counts in the evening" in page  # the poster sees it pending
    assert "pending confirmation" in client.get(reverse("rubber:evening", args=[EVENING.isoformat()])).content.decode()


def test_a_named_player_confirms_and_the_sheet_counts(player_client, client, members):
    rubber = posted_sheet(player_client, members)
    eva = logged_in_client(account_of(members[1], "eva"))
    assert "Confirm this sheet" in eva.get(reverse("rubber:pad", args=[rubber.pk])).content.decode()
    assert confirm(eva, rubber).status_code == 302
    lines = dict(evening_lines(client))
    assert lines == {"Ana Norte": -1500, "Sara Sur": -1500, "Eva Este": 1500, "Olga Oeste": 1500}


def test_a_director_approves_and_the_sheet_counts(player_client, director_client, client, members):
    rubber = posted_sheet(player_client, members)
    assert confirm(director_client, rubber).status_code == 302
    assert len(evening_lines(client)) == 4


def test_a_stranger_and_the_poster_cannot_confirm(player_client, client, members):
    rubber = posted_sheet(player_client, members)
    stranger = Member.objects.create(first_name="Stranger", last_name="Danger")
    for who in (logged_in_client(account_of(stranger, "stranger")), player_client, client):
        assert confirm(who, rubber).status_code == 403
    rubber.refresh_from_db()
    assert not rubber.counted and evening_lines(client) == []


def test_the_seated_poster_cannot_confirm_their_own_sheet(client, members):
    ana = logged_in_client(account_of(members[0], "ana"))
    rubber = posted_sheet(ana, members)
    assert confirm(ana, rubber).status_code == 403
    assert evening_lines(client) == []


def test_a_change_after_the_confirmation_makes_the_sheet_pending_again(player_client, client, members):
    rubber = posted_sheet(player_client, members)
    assert confirm(logged_in_client(account_of(members[1], "eva")), rubber).status_code == 302
    rubber.refresh_from_db()
    post = deal_post("We", "7NT", 7, version=rubber.version)
    assert player_client.post(reverse("rubber:edit_deal", args=[rubber.pk, 1]), post).status_code == 302
    assert evening_lines(client) == []


def test_a_confirmation_of_an_older_sheet_is_refused(player_client, client, members):
    rubber = posted_sheet(player_client, members)
    eva = logged_in_client(account_of(members[1], "eva"))
    response = eva.post(reverse("rubber:confirm", args=[rubber.pk]), {"version": rubber.version - 1})
    assert response.status_code == 302
    assert evening_lines(client) == []


def test_a_directors_sheet_counts_at_once(director_client, client, members):
    posted_sheet(director_client, members)
    assert len(evening_lines(client)) == 4


def test_a_confirmation_posted_twice_is_told_it_is_already_done(player_client, client, members):
    rubber = posted_sheet(player_client, members)
    eva = logged_in_client(account_of(members[1], "eva"))
    assert confirm(eva, rubber).status_code == 302
    again = eva.post(reverse("rubber:confirm", args=[rubber.pk]), {"version": rubber.version}, follow=True)
    assert again.status_code == 200 and "already confirmed" in again.content.decode()
    assert len(evening_lines(client)) == 4
