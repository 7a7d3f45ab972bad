"""An evening's table and a season's league: each finished rubber, once confirmed (`Scorepad.counted`), gives each
player the rubber's net score."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import F

from .models import Scorepad


@dataclass
class Line:
    key: str
    name: str
    guest: bool
    rubbers: int = 0
    net: int = 0  # points; shown in hundreds

    @property
    def average(self) -> float:
        return self.net / self.rubbers if self.rubbers else 0.0


def finished(first_day, last_day):
    return (
        Scorepad.objects.filter(finished=True, played_on__gte=first_day, played_on__lte=last_day)
        .filter(confirmed_version=F("version"))  # confirmed as it is (services.confirm)
        .prefetch_related("players__member")
        .order_by("played_on", "pk")
    )


def league(rubbers) -> list[Line]:
    """Players' net totals over ``rubbers``, best first.

    A player counts once per rubber (the paper scorepad's two "We" guests are one line); a name seated on
    both sides of one rubber scores nothing from it.
    """
    lines: dict[str, Line] = {}
    for rubber in rubbers:
        sides: dict[str, set[str]] = {}
        names = {}
        for player in rubber.players.all():
            sides.setdefault(player.key, set()).add(player.side)
            names[player.key] = player
        for key, seated in sides.items():
            if len(seated) != 1:
                continue
            player = names[key]
            line = lines.setdefault(key, Line(key, player.shown_name, not player.member_id))
            line.rubbers += 1
            line.net += rubber.score_of(seated.pop())
    return sorted(lines.values(), key=lambda line: (-line.net, line.name.casefold()))
