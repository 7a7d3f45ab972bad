"""The scorepad pages: starting a rubber, entering and correcting deals, stopping, who may do it."""

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from rubber.models import Deal, Scorepad
from tests.builders.accounts import logged_in_client
from tests.builders.rubber import EVENING, deal_post, play, start
from tests.builders.rubber_examples import CHICAGO, FAST_RUBBER, SEED_RUBBER, SEED_TOTALS


def start_data(members, **changes):
    data = {"kind": "rubber", "played_on": "2026-11-03", "first_dealer": "S"}
    for seat, member in zip("NESW", members, strict=True):
        data[f"{seat}_member"] = str(member.pk)
        data[f"{seat}_guest"] = ""
    return {**data, **changes}


def test_a_member_starts_a_rubber_with_members_and_a_guest(player_client, members):
    data = start_data(members, W_member="", W_guest="  Visiting   Vera ")
    response = player_client.post(reverse("rubber:start"), data)
    rubber = Scorepad.objects.get()
    assert response.status_code == 302 and response.url == reverse("rubber:pad", args=[rubber.pk])
    assert {p.seat: p.name for p in rubber.players.all()} == {
        "N": "Ana Norte",
        "E": "Eva Este",
        "S": "Sara Sur",
        "W": "Visiting Vera",
    }
    page = player_client.get(response.url).content.decode()
    assert "Dealer: South (Sara Sur)" in page
    assert "Vulnerable: neither side" in page


@pytest.mark.parametrize(
    "changes, message",
    [
        ({"N_member": ""}, "Who sits here?"),
        ({"E_guest": "Eve"}, "not both"),
        ({"S_member": "", "S_guest": "ana norte", "N_member": "", "N_guest": "Ana  Norte"}, "already sits North"),
        ({"E_member": "", "E_guest": "x" * 41}, "at most 40 characters"),
        ({"E_member": "", "E_guest": "Eve\x00"}, "Null characters are not allowed"),
        ({"played_on": "2026-11-²"}, "Enter a valid date"),
        ({"first_dealer": "X"}, "Select a valid choice"),
        ({"N_member": "99999999999999999999"}, "Select a valid choice"),
    ],
)
def test_bad_starts_say_why_keep_the_input_and_save_nothing(player_client, members, changes, message):
    data = start_data(members, W_member="", W_guest="<b>Kept</b> Guest", **changes)
    response = player_client.post(reverse("rubber:start"), data)
    assert response.status_code == 400
    page = response.content.decode()
    assert message in page
    assert "&lt;b&gt;Kept&lt;/b&gt; Guest" in page and "<b>Kept</b>" not in page
    assert not Scorepad.objects.exists()


def test_visitors_are_asked_to_log_in_to_start(anonymous_client, members):
    page = anonymous_client.get(reverse("rubber:start")).content.decode()
    assert "Log in to keep score at a table." in page and 'name="N_member"' not in page
    response = anonymous_client.post(reverse("rubber:start"), start_data(members))
    assert response.status_code == 302 and response.url.startswith("/accounts/login/")
    assert not Scorepad.objects.exists()


def test_the_seed_rubber_entered_deal_by_deal(player_client, rubber):
    for number, (side, contract, tricks, honours) in enumerate(SEED_RUBBER):
        response = player_client.post(
            reverse("rubber:pad", args=[rubber.pk]), deal_post(side, contract, tricks, honours, version=number)
        )
        assert response.status_code == 302, response.content.decode()[:2000]
    rubber.refresh_from_db()
    assert rubber.finished and (rubber.we_total, rubber.they_total) == (770, 1640)
    assert rubber.we_score == -900  # 870 rounds to 900 (50 would round down)
    page = player_client.get(reverse("rubber:pad", args=[rubber.pk])).content.decode()
    assert 'id="total-we">770<' in page and 'id="total-they">1640<' in page
    assert "The rubber is over." in page and "Scores: We -9, They +9" in page
    assert "New rubber at this table" in page
    assert 'name="contract"' not in page  # no more deals


def test_tricks_as_a_result_and_a_passed_out_deal(player_client, rubber):
    url = reverse("rubber:pad", args=[rubber.pk])
    assert player_client.post(url, deal_post("We", "2nt", "+1")).status_code == 302
    assert player_client.post(url, deal_post("", "pass", "", version=1)).status_code == 302
    deals = list(rubber.deals.all())
    assert [(d.contract, d.tricks) for d in deals] == [("2NT", 9), ("PASS", None)]
    page = player_client.get(url).content.decode()
    assert "Dealer: North (Ana Norte)" in page  # South dealt deal 1, West the passed-out deal 2


@pytest.mark.parametrize(
    "post, field_message",
    [
        (deal_post("We", "8S", 10), "8S: a contract level must be 1 to 7"),
        (deal_post("We", "4S", "²"), "a result is written = (made exactly)"),
        (deal_post("We", "4S", "14"), "14 tricks: declarer takes 0 to 13 tricks."),
        (deal_post("We", "4S", "+4"), "that would be 14 tricks"),
        (deal_post("We", "4S", ""), "Enter the tricks taken"),
        (deal_post("", "4S", 10), "Who declared"),
        (deal_post("We", "3NT", 9, ("We", 100)), "only the four aces"),
        (deal_post("We", "PASS", "", ("We", 100)), "A passed-out deal scores no honours."),
        (deal_post("We", "4S\x00", 10), "Null characters are not allowed"),
        (deal_post("We", "4" * 5000, 10), "at most 12 characters"),
        (deal_post("We", "<i>4S</i>", 10), "&lt;i&gt;4S&lt;/i&gt;: a contract starts with its level"),
        ({**deal_post("We", "4S", 10), "version": "²"}, "The page was out of date"),
        ({**deal_post("We", "4S", 10), "honours": "We 120"}, "Select a valid choice"),
    ],
)
def test_bad_deals_say_why_keep_the_input_and_save_nothing(player_client, rubber, post, field_message):
    response = player_client.post(reverse("rubber:pad", args=[rubber.pk]), post)
    assert response.status_code == 400
    page = response.content.decode()
    assert field_message in page
    if post["contract"] and "\x00" not in post["contract"] and len(post["contract"]) < 20:
        assert 'value="' + post["contract"].replace("<", "&lt;").replace(">", "&gt;") + '"' in page
    assert "<i>4S</i>" not in page
    assert not Deal.objects.exists()
    rubber.refresh_from_db()
    assert rubber.version == 0


def test_a_corrected_deal_recomputes_the_sheet(player_client, rubber):
    play(rubber, SEED_RUBBER[:5])
    # Deal 4 was 4SX making 5 (a game for We): corrected to 4SX going one down, nobody has a second game.
    url = reverse("rubber:edit_deal", args=[rubber.pk, 4])
    form = player_client.get(url).content.decode()
    assert 'value="4SX"' in form and 'value="11"' in form
    response = player_client.post(url, deal_post("We", "4SX", 9, version=5))
    assert response.status_code == 302
    rubber.refresh_from_db()
    assert rubber.version == 6 and not rubber.finished
    # 100 (deal 1) + 200 (deal 3) + 80 (deal 5) for We; 120 + 100 (4SX one down, not vulnerable) for They.
    assert (rubber.we_total, rubber.they_total) == (380, 220)
    page = player_client.get(reverse("rubber:pad", args=[rubber.pk])).content.decode()
    assert "Games: We 0, They 1." in page and "Vulnerable: They." in page
    assert page.count('class="btn btn-sm btn-outline-secondary py-0 edit-deal"') == 5


def test_a_correction_that_would_end_the_rubber_early_is_refused(player_client, rubber):
    play(rubber, SEED_RUBBER[:5])
    # Making deal 2 a game for We too would end the rubber at deal 4 (We's second game): deal 5 follows.
    response = player_client.post(
        reverse("rubber:edit_deal", args=[rubber.pk, 2]), deal_post("We", "4H", 10, version=5)
    )
    assert response.status_code == 400
    assert "Deal 5 comes after the end of the rubber" in response.content.decode()
    rubber.refresh_from_db()
    assert rubber.version == 5 and rubber.deals.get(number=2).side == "They"


def test_two_phones_the_later_writer_is_told_and_keeps_the_entry(player_client, director_client, rubber):
    url = reverse("rubber:pad", args=[rubber.pk])
    assert player_client.post(url, deal_post("We", "2NT", 9, version=0)).status_code == 302
    response = director_client.post(url, deal_post("They", "4H", 10, version=0))
    assert response.status_code == 400
    page = response.content.decode()
    assert "Someone else changed this sheet" in page
    assert 'value="4H"' in page and 'name="version" value="1"' in page
    assert list(rubber.deals.values_list("contract", flat=True)) == ["2NT"]
    assert director_client.post(url, deal_post("They", "4H", 10, version=1)).status_code == 302
    assert rubber.deals.count() == 2


def test_a_stale_correction_is_refused(player_client, rubber):
    play(rubber, FAST_RUBBER[:1])
    response = player_client.post(
        reverse("rubber:edit_deal", args=[rubber.pk, 1]), deal_post("We", "4S", 11, version=0)
    )
    assert response.status_code == 400 and "Someone else changed this sheet" in response.content.decode()
    assert rubber.deals.get().tricks == 10


def test_an_unfinished_rubber_is_settled_and_can_go_on(player_client, rubber):
    play(rubber, [("We", "4S", 10, None), ("They", "2S", 8, None)])
    url = reverse("rubber:stop", args=[rubber.pk])
    assert player_client.post(url, {"version": "2", "ended": "1"}).status_code == 302
    rubber.refresh_from_db()
    assert rubber.finished and rubber.ended and (rubber.we_total, rubber.they_total) == (420, 160)
    assert rubber.we_score == 300  # 260 rounds to 300
    page = player_client.get(reverse("rubber:pad", args=[rubber.pk])).content.decode()
    assert "Stopped unfinished and settled." in page
    assert player_client.post(url, {"version": "3", "ended": "0"}).status_code == 302
    rubber.refresh_from_db()
    assert not rubber.finished and (rubber.we_total, rubber.they_total) == (120, 60)


def test_stopping_with_a_stale_page_or_a_chicago_changes_nothing(player_client, rubber, player_user, members):
    play(rubber, FAST_RUBBER[:1])
    response = player_client.post(reverse("rubber:stop", args=[rubber.pk]), {"version": "0", "ended": "1"}, follow=True)
    assert "nothing was changed" in response.content.decode()
    chicago = start(player_user, members, kind="chicago")
    response = player_client.post(
        reverse("rubber:stop", args=[chicago.pk]), {"version": "0", "ended": "1"}, follow=True
    )
    assert "a Chicago has its four deals" in response.content.decode()
    rubber.refresh_from_db()
    chicago.refresh_from_db()
    assert not rubber.ended and not chicago.ended


def test_only_the_last_deal_can_be_deleted(player_client, rubber):
    play(rubber, SEED_RUBBER[:3])
    response = player_client.post(reverse("rubber:delete_deal", args=[rubber.pk, 2]), {"version": "3"}, follow=True)
    assert "Only the last deal can be deleted." in response.content.decode()
    player_client.post(reverse("rubber:delete_deal", args=[rubber.pk, 3]), {"version": "3"})
    rubber.refresh_from_db()
    assert rubber.deals.count() == 2 and (rubber.we_total, rubber.they_total) == (100, 120)


def test_a_chicago_then_the_next_at_the_same_table_with_partners_changed(player_client, player_user, members):
    chicago = play(start(player_user, members, kind="chicago", first_dealer="N"), CHICAGO)
    assert chicago.finished and (chicago.we_total, chicago.they_total) == (1020, 230)
    page = player_client.get(reverse("rubber:pad", args=[chicago.pk])).content.decode()
    assert "New Chicago at this table" in page
    form = player_client.get(reverse("rubber:start") + f"?after={chicago.pk}").content.decode()
    ana, eva, sara, olga = members
    # North stays; East, South and West move one seat clockwise: Olga comes East, Eva South, Sara West.
    for seat, member in (("N", ana), ("E", olga), ("S", eva), ("W", sara)):
        assert f'<option value="{member.pk}" selected>' in form.split(f'name="{seat}_member"')[1].split("</select>")[0]
    data = {
        "kind": "chicago",
        "played_on": "2026-11-03",
        "first_dealer": "N",
        "after": str(chicago.pk),
        "N_member": ana.pk,
        "E_member": olga.pk,
        "S_member": eva.pk,
        "W_member": sara.pk,
    }
    response = player_client.post(reverse("rubber:start") + f"?after={chicago.pk}", data)
    assert response.status_code == 302
    assert Scorepad.objects.get(follows=chicago).players.get(seat="S").member == eva


def test_visitors_and_other_users_cannot_edit(anonymous_client, rubber, db):
    play(rubber, FAST_RUBBER[:1])
    stranger = logged_in_client(User.objects.create_user("stranger", password="x"))
    for client in (anonymous_client, stranger):
        assert client.get(reverse("rubber:pad", args=[rubber.pk])).status_code == 200  # public sheet
        page = client.get(reverse("rubber:pad", args=[rubber.pk])).content.decode()
        assert 'name="contract"' not in page and "edit-deal" not in page
        assert (
            client.post(reverse("rubber:pad", args=[rubber.pk]), deal_post("We", "3NT", 9, version=1)).status_code
            == 403
        )
        assert client.get(reverse("rubber:edit_deal", args=[rubber.pk, 1])).status_code == 403
        assert (
            client.post(
                reverse("rubber:edit_deal", args=[rubber.pk, 1]), deal_post("We", "4S", 11, version=1)
            ).status_code
            == 403
        )
        assert client.post(reverse("rubber:stop", args=[rubber.pk]), {"version": "1", "ended": "1"}).status_code == 403
        assert client.post(reverse("rubber:delete_deal", args=[rubber.pk, 1]), {"version": "1"}).status_code == 403
        assert client.post(reverse("rubber:delete", args=[rubber.pk])).status_code == 403
    rubber.refresh_from_db()
    assert rubber.version == 1 and rubber.deals.get().tricks == 10


def test_a_seated_member_and_the_director_may_edit(director_client, rubber, members):
    user = User.objects.create_user("sara", password="x")
    members[2].user = user
    members[2].save()
    url = reverse("rubber:pad", args=[rubber.pk])
    assert logged_in_client(user).post(url, deal_post("We", "1C", 7, version=0)).status_code == 302
    assert director_client.post(url, deal_post("We", "1C", 7, version=1)).status_code == 302
    assert rubber.deals.count() == 2


def test_deleting_a_sheet(player_client, rubber):
    play(rubber, FAST_RUBBER)
    assert "will be deleted" in player_client.get(reverse("rubber:delete", args=[rubber.pk])).content.decode()
    response = player_client.post(reverse("rubber:delete", args=[rubber.pk]))
    assert response.url == reverse("rubber:evening", args=[EVENING.isoformat()])
    assert not Scorepad.objects.exists() and not Deal.objects.exists()


@pytest.mark.parametrize(
    "url",
    [
        "/rubber/99999999999999/",
        "/rubber/1/deal/99999999999999/",
        "/rubber/99999999999/deal/1/",
        "/rubber/evening/2026-13-45/",
        "/rubber/evening/２０２６-11-03/",
        "/rubber/season/99999999999999/",
    ],
)
def test_out_of_range_addresses_are_not_found(player_client, rubber, url):
    assert player_client.get(url).status_code == 404


def test_a_sheet_holds_a_bounded_number_of_deals(player_client, rubber, settings):
    from rubber import sheet as pad

    play(rubber, [("We", "PASS", None, None)] * pad.MAX_DEALS)
    response = player_client.post(
        reverse("rubber:pad", args=[rubber.pk]), deal_post("We", "1C", 7, version=pad.MAX_DEALS)
    )
    assert response.status_code == 400
    assert f"A sheet holds at most {pad.MAX_DEALS} deals." in response.content.decode()
    assert rubber.deals.count() == pad.MAX_DEALS


@pytest.mark.parametrize(
    "language, above, below",
    [("es", "por encima de la línea", "por debajo de la línea"), ("ro", "deasupra liniei", "dedesubtul liniei")],
)
def test_the_sheet_speaks_the_seeds_terms(client, rubber, language, above, below):
    play(rubber, SEED_RUBBER)
    page = client.get(reverse("rubber:pad", args=[rubber.pk]), HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert above in page and below in page
    assert SEED_TOTALS == {"We": 770, "They": 1640} and ">1640<" in page


def test_a_deal_sent_to_a_finished_sheet_is_refused_where_it_was_typed(player_client, director_client, rubber):
    play(rubber, FAST_RUBBER[:1])
    url = reverse("rubber:pad", args=[rubber.pk])
    assert director_client.post(url, deal_post("We", "3NT", 9, version=1)).status_code == 302  # the rubber ends
    for version in (1, 2):  # from the page before the end, and with the current version
        response = player_client.post(url, deal_post("They", "2H", 8, version=version))
        assert response.status_code == 400
        page = response.content.decode()
        assert "Not saved" in page and 'value="2H"' in page
        assert ("Someone else changed this sheet" if version == 1 else "Deal 3 comes after the end") in page
    assert rubber.deals.count() == 2


def test_a_bad_correction_keeps_the_input_and_changes_nothing(player_client, rubber):
    play(rubber, SEED_RUBBER[:2])
    url = reverse("rubber:edit_deal", args=[rubber.pk, 1])
    response = player_client.post(url, deal_post("We", "2NT", "+6", version=2))
    assert response.status_code == 400
    page = response.content.decode()
    assert "2NTX" not in page and "that would be 14 tricks" in page and 'value="+6"' in page
    assert rubber.deals.get(number=1).tricks == 9
    assert player_client.get(reverse("rubber:edit_deal", args=[rubber.pk, 0])).status_code == 404
    assert player_client.get(reverse("rubber:edit_deal", args=[rubber.pk, 3])).status_code == 404
    assert player_client.get(reverse("rubber:delete_deal", args=[rubber.pk, 2])).status_code == 405


@pytest.mark.parametrize("after", ["²", "%00", "1" * 30, "-1", "<b>1</b>"])
def test_hostile_next_table_addresses_give_an_empty_form(player_client, rubber, after):
    response = player_client.get(reverse("rubber:start") + "?after=" + after)
    assert response.status_code == 200
    assert "Next game at this table" not in response.content.decode()


def test_another_users_table_is_not_copied(db, rubber):
    stranger = logged_in_client(User.objects.create_user("stranger", password="x"))
    page = stranger.get(reverse("rubber:start") + f"?after={rubber.pk}").content.decode()
    assert "Next game at this table" not in page and "selected>Ana Norte" not in page


def test_the_database_guard_catches_two_writers_reading_the_same_version(rubber):
    from rubber import services
    from rubber import sheet as pad

    first, second = Scorepad.objects.get(pk=rubber.pk), Scorepad.objects.get(pk=rubber.pk)  # both read version 0
    services.save_deal(rubber=first, number=None, deal=pad.DealIn("We", "2NT", 9), version=0, by=None)
    with pytest.raises(services.Conflict):
        services.save_deal(rubber=second, number=None, deal=pad.DealIn("They", "4H", 10), version=0, by=None)
    assert list(Deal.objects.values_list("contract", flat=True)) == ["2NT"]
    assert Scorepad.objects.get(pk=rubber.pk).version == 1
