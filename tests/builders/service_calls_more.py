"""How to run each service function of the teams events, the rubber sheets, the club (roster, merges, roles, hand
analysis) and the players' accounts against the published club: see `tests/builders/service_calls.py`."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from accounts import services as accounts
from accounts.forms import PreferencesForm
from club import hand_analysis
from club.models import Member
from club.privacy import Privacy
from club.registry import MergeSource
from movements import services as movements
from roster.services import members as roster
from roster.services import merging, roles
from rubber import services as rubber
from rubber import sheet as pad
from rubber.models import Scorepad
from teams.models import Adjustment, BoardResult, TeamEvent, TypedRoomResult
from teams.services import hands as team_hands
from teams.services import matches, rosters, rounds, transfer
from teams.services import standings as team_standings
from teams.services import table_entry as rooms
from tests.builders.forms import form_fields
from tests.builders.service_calls import CHECK, READS, Call, Club, Within, _typed
from tests.builders.team_tables import open_rooms, room_confirm, room_save
from tests.builders.teams import make_event

TEAMS = ("ranking", "traveller", "home")  # a teams event's write leaves the pairs pages kept
EVERY = ("ranking", "home", "member", "teams standings", "team")  # what shows no rubber sheet nor role


def teams(run) -> Call:
    return Call(run, keeps=TEAMS)


def match(club: Club):
    return club.event.matches.filter(away__isnull=False).order_by("pk").first()


def post_match(club: Club) -> None:
    url = reverse("teams:match_entry", args=[match(club).pk])
    fields = form_fields(club.director.get(url), "match-form")
    first = sorted(name for name in fields if name.endswith("-contract"))[0]
    prefix = first.removesuffix("-contract")
    fields[first], fields[f"{prefix}-declarer"], fields[f"{prefix}-tricks"] = "6NT", "S", "12"
    assert club.director.post(url, fields).status_code == 302


def adjusted(club: Club) -> Adjustment:
    game = match(club)
    return matches.add_adjustment(
        match=game, team=game.home, kind=Adjustment.Kind.IMPS, amount=Decimal(3), reason="Late"
    )


def a_new_event(club: Club) -> TeamEvent:
    """A published Swiss event of four teams, its first round started."""
    event = make_event(teams=4, start=False, name="Swiss", format=TeamEvent.Format.SWISS)
    matches.set_event_status(event=event, status=TeamEvent.Status.PROVISIONAL)
    rounds.start_event(event=event)
    return event


def next_round(club: Club) -> None:
    event = a_new_event(club)
    for game in event.matches.filter(away__isnull=False):
        matches.set_match_totals(match=game, home=Decimal(20), away=Decimal(10))
    rounds.next_swiss_round(event=event)


def override(club: Club) -> None:
    event = a_new_event(club)
    first, second, third, fourth = event.teams.order_by("number")
    rounds.override_round(event=event, round_=1, pairs=[(first, third), (second, fourth)])


def at_a_room(club: Club) -> None:
    """A board of the first match typed and confirmed in room 1 (its result removed first), a correction asked for
    and resolved (the event provisional: table entry stays closed on a final one)."""
    matches.set_event_status(event=club.event, status=TeamEvent.Status.PROVISIONAL)
    game = match(club)
    paths = open_rooms(club.event)
    board = game.first_board
    BoardResult.objects.filter(match=game, board=board, room=1).delete()
    phone = Client()
    assert phone.post(paths[game.pk, 1], room_save(board, "2S", "N", "8")).status_code == 302
    assert phone.post(paths[game.pk, 1, "EW"], room_confirm(board)).status_code == 302
    correction = rooms.request_room_correction(context=_room(paths[game.pk, 1]), board=board, note="2H")
    rooms.resolve_room_correction(correction=correction)


def settled_in_a_room(club: Club) -> None:
    """A board of the first match on which room 1's two sides disagree (its result removed first), settled by the
    director."""
    matches.set_event_status(event=club.event, status=TeamEvent.Status.PROVISIONAL)
    game = match(club)
    paths = open_rooms(club.event)
    board = game.first_board
    BoardResult.objects.filter(match=game, board=board, room=1).delete()
    phone = Client()
    assert phone.post(paths[game.pk, 1, "NS"], room_save(board, "2S", "N", "8")).status_code == 302
    assert phone.post(paths[game.pk, 1, "EW"], room_save(board, "2S", "N", "9")).status_code == 302
    typed = TypedRoomResult.objects.get(match=game, room=1, board=board)
    rooms.settle_room_disagreement(typed=typed, side="EW", version=typed.version)


def _room(path: str):
    from teams.selectors.table_entry import find_room

    *_start, match_id, room, side, secret, _end = path.split("/")
    return find_room(int(match_id), int(room), side, secret)[0]


def import_match(club: Club) -> None:
    game = match(club)
    text = transfer.match_csv(game)
    BoardResult.objects.filter(match=game, board=game.first_board).delete()  # the pages stale until the import
    transfer.import_match(match=game, text=text)


def a_rubber(club: Club) -> Scorepad:
    return Scorepad.objects.order_by("pk").first()


def a_deal(club: Club) -> Scorepad:
    pad_ = started(club)
    rubber.save_deal(rubber=pad_, number=None, deal=pad.DealIn("They", "2H", 8), version=pad_.version, by=None)
    pad_.refresh_from_db()
    return pad_


def last_deal_deleted(club: Club) -> None:
    pad_ = a_rubber(club)
    rubber.delete_last_deal(rubber=pad_, number=pad_.deals.count(), version=pad_.version, by=None)


def confirmed(club: Club) -> None:
    """A player's deal, pending until the director confirms the sheet."""
    sheet = started(club)
    deal = pad.DealIn("They", "2H", 8)
    rubber.save_deal(rubber=sheet, number=None, deal=deal, version=sheet.version, by=sheet.created_by)
    sheet.refresh_from_db()
    rubber.confirm(rubber=sheet, user=club.director_user, version=sheet.version)


def started(club: Club) -> Scorepad:
    pad_ = a_rubber(club)
    players = {p.seat: (p.member, p.name) for p in pad_.players.all()}
    return rubber.start(
        user=pad_.created_by, kind="rubber", played_on=pad_.played_on, first_dealer="S", players=players
    )


def member(club: Club) -> Member:
    return Member.objects.get(pk=club.line().ns_pair.player1_id)


def merged(club: Club):
    return merging.merge_people(source=MergeSource(guest="Player 1a"), into_id=member(club).pk)


def preferences(club: Club) -> None:
    form = PreferencesForm({"privacy": Privacy.INITIALS, "language": "en"}, instance=member(club))
    assert form.is_valid(), form.errors
    accounts.save_preferences(form=form)


def claimed(club: Club):
    person = member(club)
    Member.objects.filter(pk=person.pk).update(email="first@example.org")
    person.refresh_from_db()
    return accounts.claim_account(member=person, password="A long pass phrase 42")


def linked(club: Club) -> None:
    """A member's record joined to a login that already exists (a person's account from another club)."""
    accounts.link_account(member=member(club), user=get_user_model().objects.create_user("from-another-club"))


def analysed(club: Club) -> None:
    from events.hands.services.hands import store_typed_deal
    from tests.builders.hands import SIX_BOARDS

    store_typed_deal(session=club.session, number=2, hands=_typed(SIX_BOARDS[2]))
    team_hands.store_typed_match_deal(match=match(club), number=match(club).first_board, hands=_typed(SIX_BOARDS[2]))
    hand_analysis.analyse_pending()


def granted(club: Club) -> None:
    get_user_model().objects.create_user("newdirector")
    roles.grant(username="newdirector", role=roles.DIRECTORS)


def revoked(club: Club) -> None:
    granted(club)
    user = get_user_model().objects.get(username="newdirector")
    roles.revoke(user_id=user.pk, role=roles.DIRECTORS, by=club.director_user)


MERGE_HANDLER = "the merge handler: run by roster.services.merging.merge_people and undo_merge (their Calls)"


def _custom_movement(club: Club):
    """A custom movement saved through the movements page's service (no session uses it: no page shows it)."""
    from movements.forms import CustomMovementAdminForm
    from tests.builders.movements import SOUND

    form = CustomMovementAdminForm({"name": "Two-table Howell", "description": "", "csv_text": SOUND})
    assert form.is_valid(), form.errors
    return movements.save_custom(form=form)


def _club_settings(club: Club):
    """The club's own settings saved (its colour: every page shows its stylesheet)."""
    from club.club_settings import save_club_settings
    from club.tenancy import single_club_id

    values = {"name": "Bridge club", "language": "", "time_zone": "", "preset": "", "conventions": {}}
    return save_club_settings(club_id=single_club_id(), colour="#1a3d6e", accent_colour="", **values)


MORE_CALLS: dict[str, Call | Within] = {
    "club.club_settings.save_club_settings": Call(_club_settings),
    "movements.services.save_custom": Call(_custom_movement, keeps=EVERY),
    "movements.services.delete_custom": Call(
        lambda club: movements.delete_custom(custom=_custom_movement(club)), keeps=EVERY
    ),
    "roster.services.roles.admins_remain_without": Within(CHECK),
    "roster.services.roles.check_admins_remain": Within(CHECK),
    "roster.services.roles.last_admin_message": Within("a refusal's message: writes nothing"),
    "roster.services.roles.standing_admins": Within("reads who holds the Club admins role: writes nothing"),
    "roster.services.members.number_taken": Within("a refusal's message: writes nothing"),
    "rubber.services.can_confirm": Within(CHECK),
    "rubber.services.confirm": Call(confirmed, keeps=EVERY),
    "teams.services.entry.entry_boards": Within(READS),
    "teams.services.entry.focus_prefix": Within("the entry page's cursor: writes nothing"),
    "teams.services.entry.room_initial": Within("a room's result as typed (the rows' initial): writes nothing"),
    "teams.services.entry.save_entry": teams(post_match),
    "teams.services.hands.import_match_hands": teams(
        lambda club: team_hands.import_match_hands(match=match(club), text=_match_pbn(club))
    ),
    "teams.services.hands.read_match_pbn": Within("reads a PBN file for import_match_hands (its Call)"),
    "teams.services.hands.store_match_deals": Within("stores the deals of import_match_hands and the typed deal"),
    "teams.services.hands.store_typed_match_deal": teams(
        lambda club: team_hands.store_typed_match_deal(
            match=match(club), number=match(club).first_board, hands=_typed(_deal())
        )
    ),
    "teams.services.matches.add_adjustment": teams(adjusted),
    "teams.services.matches.create_matches": teams(
        lambda club: matches.create_matches(event=club.event, round_=9, pairs=[])
    ),
    "teams.services.matches.delete_adjustment": teams(
        lambda club: matches.delete_adjustment(adjustment=adjusted(club))
    ),
    "teams.services.matches.first_board": Within("a round's first board number: writes nothing"),
    "teams.services.matches.rescore_match": teams(lambda club: _rescored(club)),
    "teams.services.matches.save_event": teams(lambda club: _event_renamed(club)),
    "teams.services.standings.DERIVATION": Within("the unit of work's derivation, run by every teams result's Call"),
    "teams.services.standings.store_missing_standings": teams(lambda club: _standings_missing(club)),
    "teams.services.standings.store_team_standings": teams(lambda club: team_standings.store_team_standings()),
    "teams.services.matches.save_results": teams(post_match),
    "teams.services.matches.set_match_totals": teams(
        lambda club: matches.set_match_totals(match=_cleared(club), home=Decimal(30), away=Decimal(2))
    ),
    "teams.services.matches.set_event_status": teams(
        lambda club: matches.set_event_status(event=club.event, status=TeamEvent.Status.IN_PROGRESS)
    ),
    "teams.services.merging.guests": Within(READS),
    "teams.services.merging.move": Within(MERGE_HANDLER),
    "teams.services.merging.undo": Within(MERGE_HANDLER),
    "teams.services.pages.event_pages": Within("the scopes an event's change moves, read by the unit of work"),
    "teams.services.pages.event_scope": Within("a scope's name: writes nothing"),
    "teams.services.rosters.check_players": Within(CHECK),
    "teams.services.rosters.delete_team": teams(lambda club: rosters.delete_team(team=_new_team(_unstarted(club)))),
    "teams.services.rosters.lock_event": Within("the lock the rosters' writes take first"),
    "teams.services.rosters.save_team": teams(lambda club: _new_team(club, club.event.teams.order_by("pk").first())),
    "teams.services.rounds.check_override": Within(CHECK),
    "teams.services.rounds.first_swiss_round": Within("a Swiss round's pairings worked out: writes nothing"),
    "teams.services.rounds.history": Within(READS),
    "teams.services.rounds.next_swiss_round": teams(next_round),
    "teams.services.rounds.override_round": teams(override),
    "teams.services.rounds.planned_rounds": Within("a number of rounds worked out: writes nothing"),
    "teams.services.rounds.round_started": Within(READS),
    "teams.services.rounds.start_event": teams(a_new_event),
    "teams.services.table_entry.confirm_room_board": teams(at_a_room),
    "teams.services.table_entry.request_room_correction": teams(at_a_room),
    "teams.services.table_entry.resolve_room_correction": teams(at_a_room),
    "teams.services.table_entry.save_room_board": teams(at_a_room),
    "teams.services.table_entry.settle_room_disagreement": teams(settled_in_a_room),
    "teams.services.table_entry.set_team_table_entry": teams(
        lambda club: (
            matches.set_event_status(event=club.event, status=TeamEvent.Status.PROVISIONAL),
            open_rooms(club.event),
        )
    ),
    "teams.services.transfer.match_csv": Within(READS),
    "teams.services.transfer.match_rows": Within(READS),
    "teams.services.transfer.import_match": teams(import_match),
    "teams.services.transfer.parse_match": Within("reads a match's CSV file for import_match (its Call)"),
    "rubber.services.add_season": Call(
        lambda club: rubber.add_season(name="Spring", starts=date(2027, 3, 1), ends=date(2027, 5, 31)), keeps=EVERY
    ),
    "rubber.services.save_choices": Call(
        lambda club: rubber.save_choices(chicago_bonus="fourth", rounding="down50", rotate=False), keeps=EVERY
    ),
    "rubber.services.can_edit": Within(CHECK),
    "rubber.services.delete": Call(lambda club: rubber.delete(rubber=started(club)), keeps=EVERY),
    "rubber.services.delete_last_deal": Call(last_deal_deleted, keeps=EVERY),
    "rubber.services.next_seating": Within("a sheet's next seating worked out: writes nothing"),
    "rubber.services.save_deal": Call(a_deal, keeps=EVERY),
    "rubber.services.set_ended": Call(
        lambda club: rubber.set_ended(rubber=(sheet := a_deal(club)), ended=True, version=sheet.version, by=None),
        keeps=EVERY,
    ),
    "rubber.services.sheet_message": Within("a refusal's message: writes nothing"),
    "rubber.services.start": Call(started, keeps=EVERY),
    "rubber.merging.guests": Within(READS),
    "rubber.merging.move": Within(MERGE_HANDLER),
    "rubber.merging.undo": Within(MERGE_HANDLER),
    "roster.services.members.roster_rows": Within(READS),
    "roster.services.members.import_members": Call(lambda club: roster.import_members(_roster(club))),
    "roster.services.members.plan_import": Within("the preview of import_members (its Call): writes nothing"),
    "roster.services.members.read_roster": Within("reads the roster file for import_members (its Call)"),
    "roster.services.members.save_member": Call(
        lambda club: roster.save_member(member=member(club), fields={"last_name": "Renamed"})
    ),
    "roster.services.members.set_active": Call(lambda club: roster.set_active(member_id=member(club).pk, active=False)),
    "roster.services.merging.guest_names": Within(READS),
    "roster.services.merging.merge_people": Call(merged),
    "roster.services.merging.suggestions": Within(READS),
    "roster.services.merging.undo_merge": Call(lambda club: merging.undo_merge(merge_id=merged(club).pk)),
    "roster.services.roles.grant": Call(granted, keeps=EVERY),
    "roster.services.roles.holders": Within(READS),
    "roster.services.roles.revoke": Call(revoked, keeps=EVERY),
    "club.hand_analysis.analyse_kind": Call(analysed),
    "club.hand_analysis.analyse_pending": Call(analysed),
    "club.hand_analysis.analysis_fields": Within("an analysis as model fields: writes nothing"),
    "club.hand_analysis.claim": Within("the claim of analyse_kind (its Call) on a batch of pending deals"),
    "club.hand_analysis.register_hand_records": Within("a registration at start-up: writes nothing"),
    "club.hand_analysis.registered": Within(READS),
    "accounts.services.change_email": Call(
        lambda club: accounts.change_email(member=member(club), new_email="new@example.org")
    ),
    "accounts.services.claim_account": Call(claimed),
    "accounts.services.claimable": Within(READS),
    "accounts.services.link_account": Call(linked),
    "accounts.services.save_federation_number": Call(
        lambda club: accounts.save_federation_number(user=club.director_user, number="ES-1"), keeps=EVERY
    ),
    "accounts.services.invite_members": Call(lambda club: (claimed(club), accounts.invite_members())),
    "accounts.services.members_to_invite": Within(READS),
    "accounts.services.request_claim": Call(lambda club: accounts.request_claim(email="nobody@example.org")),
    "accounts.services.request_email_change": Within("sends an email: writes nothing"),
    "accounts.services.save_preferences": Call(preferences),
}


def _deal():
    from tests.builders.hands import SIX_BOARDS

    return SIX_BOARDS[3]


def _match_pbn(club: Club) -> str:
    from tests.builders.hands import pbn_text

    return pbn_text({match(club).first_board: _deal()})


def _rescored(club: Club) -> None:
    game = match(club)
    BoardResult.objects.filter(match=game, board=game.first_board, room=2).update(ns_score=-1400, contract="6S")
    with matches.unit_of_work():
        matches.rescore_match(match=game, event=club.event)


def _event_renamed(club: Club) -> None:
    from teams.forms.event import EventForm

    event = TeamEvent.objects.get(pk=club.event.pk)
    data = {name: getattr(event, name) for name in EventForm.Meta.fields}
    data["name"] = "Renamed teams"
    form = EventForm({k: v for k, v in data.items() if v is not None}, instance=event)
    assert form.is_valid(), form.errors
    matches.save_event(form=form)


def _cleared(club: Club):
    game = match(club)
    matches.save_results(match=game, changes={(result.board, result.room): None for result in game.results.all()})
    return game


def _new_team(event: TeamEvent | Club, team=None):
    event = event.event if isinstance(event, Club) else event
    players = [rosters.PlayerEntry(guest_name=f"New {n}", captain=n == 1) for n in range(1, 5)]
    return rosters.save_team(event=event, name="New team", players=players, team=team)


def _unstarted(club: Club) -> TeamEvent:
    """A published event not started yet (its teams may still change)."""
    event = make_event(teams=3, start=False, name="Next week")
    matches.set_event_status(event=event, status=TeamEvent.Status.PROVISIONAL)
    return event


def _roster(club: Club) -> str:
    person = member(club)
    return f"NUMBER,FIRST_NAME,LAST_NAME,EMAIL\n{person.number or 901},{person.first_name},Imported,\n902,New,Member,\n"


def _standings_missing(club: Club) -> None:
    """A team's stored standing lost (a database loaded around the services), stored again after a migrate."""
    club.event.teams.filter(number=1).update(place="", vp=0)
    team_standings.store_missing_standings()
