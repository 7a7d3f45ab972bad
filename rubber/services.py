"""Writing rubbers: every change is checked against the whole sheet first, then saved in one transaction that
also moves the rubber's version on, so a phone that wrote from an older sheet is told instead of overwriting.

Consent: a sheet moves other people's standings, so it counts in the evening's table and the league only once
confirmed at its current version (`Scorepad.counted`): a director's writes are confirmed as they are made; a
player's leave the sheet pending (its last writer in `written_by`) until another member seated at it confirms it
through their account, or a director approves it (`confirm`). `by=None` is the club's own command line."""

from __future__ import annotations

import datetime

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import F
from django.utils.translation import gettext as _

from club.access import is_director
from club.bridge_messages import translate
from club.models import Member
from club.unit_of_work import RUBBER, record_change

from . import sheet as pad
from .models import ClubChoices, Deal, Scorepad, Season, SeatedPlayer


class Conflict(Exception):
    """The rubber changed since the page was drawn (another phone saved first)."""


def can_edit(user, rubber: Scorepad) -> bool:
    """Directors, whoever started the rubber, and members seated at it."""
    if not user.is_authenticated:
        return False
    if is_director(user) or rubber.created_by_id == user.pk:
        return True
    return _seated_here(user, rubber)


def _seated_here(user, rubber: Scorepad) -> bool:
    """Whether one of the members seated at the rubber is `user`'s (their member record at this club: a person may
    be a member of several clubs)."""
    seated = [player.member_id for player in rubber.players.all() if player.member_id]
    return bool(seated) and Member.objects.filter(user_id=user.pk, pk__in=seated).exists()


def _trusted(user) -> bool:
    """A director (or the command line): their writes need nobody's confirmation."""
    return user is None or is_director(user)


def can_confirm(user, rubber: Scorepad) -> bool:
    """Directors, and the members seated at the rubber other than its last writer (through their account)."""
    if user is None or not user.is_authenticated or rubber.counted:
        return False
    if is_director(user):
        return True
    return _seated_here(user, rubber) and rubber.written_by_id != user.pk


def confirm(*, rubber: Scorepad, user, version: int) -> None:
    """Confirms the sheet as it was at `version` (the page the confirmer read); `Conflict` if it changed since."""
    if not can_confirm(user, rubber):
        raise ValidationError(_("Only another player at this table, or a director, can confirm this sheet."))
    with transaction.atomic():
        if not Scorepad.objects.filter(pk=rubber.pk, version=version).update(confirmed_version=version):
            raise Conflict
    rubber.confirmed_version = version


def sheet_message(error: pad.SheetError) -> str:
    if error.code == "over":
        return _("Deal %(deal)s comes after the end of the rubber: delete the deals after it first.") % {
            "deal": error.deal
        }
    if error.code == "too_many":
        return _("A sheet holds at most %(count)s deals.") % {"count": pad.MAX_DEALS}
    return _("Deal %(deal)s: %(problem)s") % {"deal": error.deal, "problem": translate(error.cause)}


def _check(rubber: Scorepad, deals: list[pad.DealIn], ended: bool, version: int) -> pad.Sheet:
    """The sheet ``deals`` would give; `Conflict` first if the page was drawn from another version."""
    if version != rubber.version:
        raise Conflict
    try:
        return rubber.build_sheet(deals, ended)
    except pad.SheetError as error:
        raise ValidationError(sheet_message(error)) from error


def _commit(rubber: Scorepad, version: int, result: pad.Sheet, by, **changes) -> None:
    """Moves the version on if it is still ``version`` and stores what the sheet says; else `Conflict`. A director's
    write is confirmed with it; a player's leaves the sheet pending, its writer recorded."""
    totals = result.totals
    consent = {"confirmed_version": version + 1} if _trusted(by) else {"written_by": by}
    fields = {
        **consent,
        "finished": result.over,
        "we_total": totals["We"],
        "they_total": totals["They"],
        "we_score": pad.rounded(result.net("We"), rubber.rounding),
        **changes,
    }
    if not Scorepad.objects.filter(pk=rubber.pk, version=version).update(version=F("version") + 1, **fields):
        raise Conflict
    for name, value in fields.items():
        setattr(rubber, name, value)
    rubber.version = version + 1
    record_change(RUBBER, rubber.pk)


def save_deal(*, rubber: Scorepad, number: int | None, deal: pad.DealIn, version: int, by) -> int:
    """Adds deal ``number=None`` at the end or replaces deal ``number``; returns the deal's number."""
    with transaction.atomic():
        deals = rubber.deal_list()
        if number is None:
            number = len(deals) + 1
            deals.append(deal)
        else:
            deals[number - 1] = deal
        result = _check(rubber, deals, rubber.ended, version)
        _commit(rubber, version, result, by)
        honours_side, honours = deal.honours or ("", 0)
        Deal.objects.update_or_create(
            rubber=rubber,
            number=number,
            defaults={
                "side": deal.side,
                "contract": deal.contract,
                "tricks": deal.tricks,
                "honours_side": honours_side,
                "honours": honours,
            },
        )
    return number


def delete_last_deal(*, rubber: Scorepad, number: int, version: int, by) -> None:
    with transaction.atomic():
        deals = rubber.deal_list()
        if number != len(deals):
            raise ValidationError(_("Only the last deal can be deleted."))
        result = _check(rubber, deals[:-1], rubber.ended, version)
        _commit(rubber, version, result, by)
        Deal.objects.filter(rubber=rubber, number=number).delete()


def set_ended(*, rubber: Scorepad, ended: bool, version: int, by) -> None:
    """Stops an unfinished rubber (300 for a game up, 100 for a part-score), or lets play go on."""
    if rubber.kind != "rubber":
        raise ValidationError(_("Only a rubber can stop unfinished: a Chicago has its four deals."))
    with transaction.atomic():
        result = _check(rubber, rubber.deal_list(), ended, version)
        if ended and not result.ended:
            raise ValidationError(_("This rubber is already over."))
        _commit(rubber, version, result, by, ended=ended)


def start(*, user, kind: str, played_on, first_dealer: str, players: dict[str, tuple], follows=None) -> Scorepad:
    """A new rubber with the club's current choices; ``players`` maps each seat to (member or None, name)."""
    choices = ClubChoices.current()
    trusted = _trusted(user) or not user.is_authenticated
    with transaction.atomic():
        rubber = Scorepad.objects.create(
            confirmed_version=0 if _trusted(user) else None,
            written_by=None if trusted else user,
            kind=kind,
            played_on=played_on,
            first_dealer=first_dealer,
            chicago_bonus=choices.chicago_bonus,
            rounding=choices.rounding,
            rotate=choices.rotate,
            follows=follows,
            created_by=user if user.is_authenticated else None,
        )
        SeatedPlayer.objects.bulk_create(
            SeatedPlayer(rubber=rubber, seat=seat, member=member, name=name) for seat, (member, name) in players.items()
        )
        record_change(RUBBER, rubber.pk)
    return rubber


def next_seating(rubber: Scorepad) -> tuple[dict[str, SeatedPlayer], str]:
    """Who sits where for the next game at the table, and who deals first.

    After a Chicago, when the club changes partners, North stays and the other three move one seat
    clockwise (East to South, South to West, West to East): three Chicagos give every partnership.
    The deal goes on round the table.
    """
    seats = rubber.seats()
    deals = rubber.deal_list()
    if rubber.kind == "chicago":
        counted = sum(1 for deal in deals if not deal.passed)
        if rubber.rotate:
            seats = {"N": seats.get("N"), "E": seats.get("W"), "S": seats.get("E"), "W": seats.get("S")}
        steps = counted
    else:
        steps = len(deals)
    return seats, pad.SEATS[(pad.SEATS.index(rubber.first_dealer) + steps) % 4]


def delete(*, rubber: Scorepad) -> None:
    with transaction.atomic():
        record_change(RUBBER, rubber.pk)
        rubber.delete()


def add_season(*, name: str, starts: datetime.date, ends: datetime.date) -> Season:
    """A league season (its table reads the counted rubbers played between its days; no kept page shows it and
    nothing is stored from it); refused (ValidationError) when its last day comes before its first."""
    season = Season(name=name, starts=starts, ends=ends)
    season.full_clean()
    season.save()
    return season


def save_choices(*, chicago_bonus: str, rounding: str, rotate: bool) -> ClubChoices:
    """The rubber room's settings (the club's one row), copied into each rubber started from now on."""
    with transaction.atomic():
        choices = ClubChoices.objects.select_for_update().order_by("pk").first() or ClubChoices()
        choices.chicago_bonus, choices.rounding, choices.rotate = chicago_bonus, rounding, rotate
        choices.save()
    return choices
