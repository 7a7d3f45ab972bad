"""Store a rubber or a Chicago from its paper scorepad and print its totals."""

import datetime
from pathlib import Path

from django.core.management.base import CommandError
from django.db import transaction
from django.utils import timezone

from club.tenancy import ClubCommand
from rubber import paper
from rubber import sheet as pad
from rubber.models import ClubChoices, Deal, Scorepad, SeatedPlayer
from rubber.services import sheet_message


class Command(ClubCommand):
    help = (
        "Reads a scorepad (CSV columns DEAL, DECLARER_SIDE, CONTRACT, TRICKS, HONOURS), stores it with guest "
        "players We and They, and prints 'We <total> They <total>' on its last line."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help="the CSV file")
        parser.add_argument("--type", choices=pad.KINDS, default="rubber", dest="kind")
        parser.add_argument(
            "--first-dealer",
            choices=pad.SIDES,
            default="We",
            help="the side that dealt the first deal (We: North, They: East)",
        )
        parser.add_argument(
            "--date", type=datetime.date.fromisoformat, default=None, help="the evening, YYYY-MM-DD (today if left out)"
        )
        parser.add_argument(
            "--chicago-bonus",
            choices=pad.CHICAGO_BONUSES,
            default=None,
            help="part-score bonus at Chicago (the club's choice if left out)",
        )

    def handle(self, *args, file, kind, first_dealer, date, chicago_bonus, **options):
        deals = self._read(file)
        choices = ClubChoices.current()
        bonus = chicago_bonus or choices.chicago_bonus
        seat = "N" if first_dealer == "We" else "E"
        try:
            result = pad.build(kind, seat, deals, bonus)
            if not result.over and kind == "rubber":
                result = pad.build(kind, seat, deals, bonus, ended=True)
                self.stdout.write(
                    "The rubber is unfinished: settled as the laws say (300 for a game up, 100 for a part-score)."
                )
        except pad.SheetError as error:
            raise CommandError(sheet_message(error)) from error
        if not result.over:
            raise CommandError(f"a Chicago has four deals: this file has {result.next_chicago_deal - 1}")
        rubber = self._store(kind, seat, date or timezone.localdate(), deals, result, bonus, choices.rounding)
        self.stdout.write(f"Stored as {rubber}.")
        totals = result.totals
        self.stdout.write(f"We {totals['We']} They {totals['They']}")

    def _read(self, file: str) -> list[pad.DealIn]:
        path = Path(file)
        try:
            if path.stat().st_size > paper.MAX_BYTES:
                raise CommandError(f"{file}: too big for one scoresheet")
            text = path.read_text(encoding="utf-8-sig")
        except (OSError, UnicodeDecodeError) as error:
            raise CommandError(f"{file}: {error}") from error
        try:
            return paper.read(text)
        except paper.PaperError as error:
            raise CommandError(str(error)) from error

    def _store(self, kind, seat, date, deals, result, bonus, rounding) -> Scorepad:
        totals = result.totals
        with transaction.atomic():
            rubber = Scorepad.objects.create(
                kind=kind,
                played_on=date,
                first_dealer=seat,
                chicago_bonus=bonus,
                rounding=rounding,
                ended=result.ended,
                finished=True,
                we_total=totals["We"],
                they_total=totals["They"],
                we_score=pad.rounded(result.net("We"), rounding),
                confirmed_version=0,  # typed by the club from its paper scorepad: nobody else to confirm it
            )
            SeatedPlayer.objects.bulk_create(
                SeatedPlayer(rubber=rubber, seat=seat, name=pad.SIDE_OF_SEAT[seat]) for seat in pad.SEATS
            )
            Deal.objects.bulk_create(
                Deal(
                    rubber=rubber,
                    number=number,
                    side=deal.side,
                    contract=deal.contract,
                    tricks=deal.tricks,
                    honours_side=deal.honours[0] if deal.honours else "",
                    honours=deal.honours[1] if deal.honours else 0,
                )
                for number, deal in enumerate(deals, start=1)
            )
        return rubber
