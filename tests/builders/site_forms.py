"""Every page of the site with the objects it needs, and every form those pages draw: found from the URL conf,
so that a new page or form is fuzzed without anyone listing it (`tests/clubsite/test_fuzz_forms.py`)."""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from html.parser import HTMLParser

from django.urls import URLPattern, URLResolver, get_resolver, reverse

from club.models import Member, Merge
from events.entry.services.sit_outs import add_sit_out
from events.models import TravellerLine
from events.tables.selectors.table_entry import find_table, session_table_secret
from events.tables.services.table_entry import request_correction, save_table_result, set_table_entry
from movements.models import CustomMovement
from rubber.models import Season
from teams.models import Adjustment, TeamEvent
from teams.selectors.table_entry import find_room
from teams.services.table_entry import save_room_board
from tests.builders.hand_mitchell import build_hand_mitchell
from tests.builders.rubber import EVENING, play, start
from tests.builders.sessions import HOWELL, club_night
from tests.builders.team_tables import open_rooms
from tests.builders.teams import make_event


def patterns(resolver=None, namespace=""):
    """(name, route, the names of its arguments) of every named URL but the admin's."""
    for pattern in (resolver or get_resolver()).url_patterns:
        if isinstance(pattern, URLResolver):
            if pattern.namespace != "admin":
                yield from patterns(pattern, pattern.namespace or namespace)
        elif isinstance(pattern, URLPattern) and pattern.name:
            name = f"{namespace}:{pattern.name}" if namespace else pattern.name
            yield name, list(pattern.pattern.converters)


def build_world(director) -> dict[str, object]:
    """One of everything a page can name: {argument name or "namespace:argument": value}."""
    session, section = build_hand_mitchell()
    event = make_event(("Hearts", "Spades"), format=TeamEvent.Format.MATCH, boards_per_match=2)
    match = event.matches.get()
    room_secret = open_rooms(event)[match.pk, 1].rstrip("/").rsplit("/", 1)[1]  # room 1 NS page, open to its phones
    adjustment = Adjustment.objects.create(match=match, team=match.home, kind="imps", amount=1, reason="Slow play")
    rubber = play(start(director, list(Member.objects.order_by("pk")[:4])), [("We", "2S", 8, None)])
    season = Season.objects.create(name="Winter", starts=EVENING, ends=EVENING + datetime.timedelta(days=90))
    custom = CustomMovement.objects.create(name="Howell 3", csv_text=HOWELL.read_text(encoding="utf-8"))
    return {
        **build_table_world(),
        **{
            "session_id": session.pk,
            "section_id": section.pk,
            "number": 1,
            "table": 1,
            "round_": 1,
            "pair_id": section.pairs.order_by("pk").first().pk,
            "line_id": TravellerLine.objects.filter(board__section=section).order_by("pk").first().pk,
            "member_id": Member.objects.order_by("pk").first().pk,
            "merge_id": Merge.objects.create(into=Member.objects.order_by("pk").first(), from_guest="A Guest").pk,
            "event_id": event.pk,
            "match_id": match.pk,
            "teams:room": 1,
            "teams:side": "ns",
            "teams:secret": room_secret,
            "teams:typed_id": _typed_in_a_room(match, room_secret),
            "team_id": match.home_id,
            "adjustment_id": adjustment.pk,
            "movements:pk": custom.pk,
            "rubber:pk": rubber.pk,
            "rubber:season:pk": season.pk,
            "day": EVENING.isoformat(),
            "club:version": "0",  # the club's stylesheet and logo (none set: 404)
            "uidb64": "MQ",
            "token": "set-password",
        },
    }


def _typed_in_a_room(match, secret: str) -> int:
    """A board room 1's North-South typed (for the director's settling)."""
    context, _problem = find_room(match.pk, 1, "ns", secret)
    board = match.board_numbers(match.event.boards_per_match)[-1]
    return save_room_board(context=context, board=board, contract="4S", declarer="N", tricks="=", lead="").pk


def build_table_world() -> dict[str, object]:
    """A session open to table entry (a final one is not): table 1's page, a correction request it sent, and a
    sit-out."""
    session, section = club_night(name="Table night")
    entry = set_table_entry(session=session, is_open=True)
    secret = session_table_secret(entry, section.pk, 1, "ns")
    context, _problem = find_table(session.pk, section.letter, 1, "ns", secret)
    request = request_correction(context=context, board_number=context.plan.plays_at(1, 1)[0].board, note="")
    table = {"session_id": session.pk, "letter": section.letter, "table": 1, "side": "ns", "secret": secret}
    # A pair sitting out a board the table has not played.
    sit_out = add_sit_out(board=section.boards.order_by("number").last(), pair=section.pairs.order_by("pk").last())
    world: dict[str, object] = {"request_id": request.pk, "sit_out_id": sit_out.pk, "events:table_qr:side": "ns"}
    board = context.plan.plays_at(1, 1)[-1].board  # a board North-South saved, for the director's settling
    typed = save_table_result(
        context=context, round_=1, board_number=board, contract="4S", declarer="N", tricks="=", lead=""
    )
    world["result_id"] = typed.pk
    for name in ("events:table", "events:table_state"):
        world.update({f"{name}:{key}": value for key, value in table.items()})
    return world


def url_of(name: str, arguments: list[str], world: dict[str, object]) -> str | None:
    """The URL of the named pattern with the world's objects, or None when an argument has no object."""
    namespace = name.split(":")[0]
    values = {}
    for argument in arguments:
        for key in (f"{name}:{argument}", f"{namespace}:{argument}", argument):
            if key in world:
                values[argument] = world[key]
                break
        else:
            return None
    return reverse(name, kwargs=values)


@dataclass(frozen=True)
class Form:
    page: str
    action: str
    method: str
    fields: tuple[str, ...]
    files: tuple[str, ...]
    drawn: tuple[tuple[str, str], ...] = ()  # each field's value as the page drew it (what a person would send)
    numbers: tuple[str, ...] = ()  # the fields that hold a number: <input type="number">, a formset's counts ...

    def as_drawn(self) -> dict[str, str]:
        return dict(self.drawn)


def _is_number(tag: str, attrs: dict) -> bool:
    value = attrs.get("value") or ""
    return tag == "input" and (
        attrs.get("type") == "number"
        or attrs["name"].endswith("_FORMS")
        or (attrs.get("type") == "hidden" and value.isascii() and value.isdigit() and len(value) < 10)
    )


class _Forms(HTMLParser):
    def __init__(self, page: str):
        super().__init__()
        self.page, self.forms, self.current, self.owned = page, [], None, {}
        self.html_forms: dict[str, dict] = {}
        self.select: tuple[dict, str] | None = None  # (its form, its name) while inside a <select>
        self.textarea: tuple[dict, str] | None = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "form":
            self.current = {
                "action": attrs.get("action") or self.page,
                "method": (attrs.get("method") or "get").lower(),
                "fields": [],
                "files": [],
                "drawn": {},
                "numbers": [],
            }
            self.forms.append(self.current)
            if attrs.get("id"):
                self.html_forms[attrs["id"]] = self.current
        elif tag == "option" and self.select:
            owner, name = self.select
            if name not in owner["drawn"] or "selected" in attrs:
                owner["drawn"][name] = attrs.get("value") or ""
        elif tag in ("input", "select", "textarea", "button") and attrs.get("name"):
            if attrs.get("type") in ("submit", "button", "reset", "image") and tag != "select":
                return
            owner = self.html_forms.get(attrs.get("form", "")) or self.current
            if owner is None:
                return
            self._field(owner, tag, attrs)

    def _field(self, owner: dict, tag: str, attrs: dict) -> None:
        name = attrs["name"]
        bucket = "files" if attrs.get("type") == "file" else "fields"
        if name != "csrfmiddlewaretoken" and name not in owner[bucket]:
            owner[bucket].append(name)
        if tag == "select":
            self.select = (owner, name)
        elif tag == "textarea":
            self.textarea = (owner, name)
            owner["drawn"][name] = ""
        elif attrs.get("type") not in ("checkbox", "radio", "file") or "checked" in attrs:
            owner["drawn"].setdefault(name, attrs.get("value") or "")
        if _is_number(tag, attrs) and name not in owner["numbers"]:
            owner["numbers"].append(name)

    def handle_data(self, data):
        if self.textarea:
            owner, name = self.textarea
            owner["drawn"][name] += data

    def handle_endtag(self, tag):
        if tag == "form":
            self.current = None
        elif tag == "select":
            self.select = None
        elif tag == "textarea":
            self.textarea = None


def forms_of(page: str, html: str) -> list[Form]:
    parser = _Forms(page)
    parser.feed(html)
    return [
        Form(
            page,
            form["action"],
            form["method"],
            tuple(form["fields"]),
            tuple(form["files"]),
            tuple(form["drawn"].items()),
            tuple(form["numbers"]),
        )
        for form in parser.forms
        if form["fields"] or form["files"]
    ]
