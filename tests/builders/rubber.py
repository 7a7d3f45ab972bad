"""Rubbers started and played through the services, as a phone at the table would (a pytest plugin)."""

import datetime

import pytest

from rubber import services
from rubber import sheet as pad
from rubber.models import Member, Scorepad

EVENING = datetime.date(2026, 11, 3)


@pytest.fixture
def members(db):
    names = [("Ana", "Norte"), ("Eva", "Este"), ("Sara", "Sur"), ("Olga", "Oeste")]
    return [Member.objects.create(first_name=first, last_name=last) for first, last in names]


def start(user, members, kind="rubber", first_dealer="S", played_on=EVENING) -> Scorepad:
    players = {seat: (member, str(member)) for seat, member in zip(pad.SEATS, members, strict=True)}
    return services.start(user=user, kind=kind, played_on=played_on, first_dealer=first_dealer, players=players)


def play(rubber: Scorepad, rows, by=None) -> Scorepad:
    """The deals of `rows` written by `by` (a player's writes leave the sheet pending; None, the club's command
    line, confirms it as written)."""
    for side, contract, tricks, honours in rows:
        services.save_deal(
            rubber=rubber,
            number=None,
            deal=pad.DealIn(side, contract, tricks, honours),
            version=rubber.version,
            by=by,
        )
    rubber.refresh_from_db()
    return rubber


@pytest.fixture
def rubber(player_user, members):
    return start(player_user, members)


def deal_post(side, contract, tricks, honours=None, version=0) -> dict:
    shown = f"{honours[0]} {honours[1]}" if honours else ""
    return {
        "side": side,
        "contract": contract,
        "tricks": "" if tricks is None else str(tricks),
        "honours": shown,
        "version": str(version),
    }
