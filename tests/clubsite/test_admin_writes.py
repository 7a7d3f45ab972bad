"""Every write of the Django admin passes the unit of work (#30): a change posted through each admin's change form
(a real POST from the page's own form, as a superuser) leaves every cached public page equal to the page made
afresh; the results' models (a teams match's boards and adjustments, a rubber sheet) are read-only there."""

from __future__ import annotations

from decimal import Decimal
from html.parser import HTMLParser

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from club.models import Member
from events.models import Session
from movements.models import CustomMovement
from rubber.models import ClubChoices, Scorepad, Season
from rubber.services import save_choices
from teams.models import Adjustment, BoardResult, Match
from teams.services.matches import add_adjustment
from tests.builders.accounts import logged_in_client
from tests.builders.cached_pages import CACHED, kept
from tests.builders.movements import SOUND


@pytest.fixture
def published_club(published_club_kept):
    """The published club built once for this module (its tests roll back their writes)."""
    return published_club_kept


class ChangeForm(HTMLParser):
    """The fields of the admin page's change form as the browser would send them (its `*_form`)."""

    def __init__(self) -> None:
        super().__init__()
        self.fields: list[tuple[str, str]] = []
        self.inside = False
        self.select: str | None = None
        self.textarea: str | None = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form":
            self.inside = (a.get("id") or "").endswith("_form")
        if not self.inside or "name" not in a and tag != "option":
            return
        if tag == "input" and a.get("type") not in ("submit", "button", "file"):
            if a.get("type") not in ("checkbox", "radio") or "checked" in a:
                self.fields.append((a["name"], a.get("value") or ("on" if a.get("type") == "checkbox" else "")))
        elif tag == "select":
            self.select = a["name"]
        elif tag == "option" and self.select and "selected" in a:
            self.fields.append((self.select, a.get("value") or ""))
        elif tag == "textarea":
            self.textarea = a["name"]
            self.fields.append((a["name"], ""))

    def handle_data(self, data):
        if self.textarea:
            name, text = self.fields[-1]
            self.fields[-1] = (name, text + data)

    def handle_endtag(self, tag):
        if tag == "form":
            self.inside = False
        elif tag == "select":
            self.select = None
        elif tag == "textarea":
            self.textarea = None


def posted(staff: Client, url: str, **changed: str) -> int:
    """Posts the change form at `url` as the page fills it, with `changed` fields replaced; the response's status."""
    page = staff.get(url)
    assert page.status_code == 200, url
    form = ChangeForm()
    form.feed(page.content.decode())
    data: dict[str, list[str]] = {}
    for name, value in form.fields:
        data.setdefault(name, []).append(value.removeprefix("\n") if name not in changed else value)
    data.update({name: [value] for name, value in changed.items()})
    data["_save"] = ["Save"]
    return staff.post(url, data).status_code


@pytest.fixture
def pages(published_club, client, settings):
    """The published club's public pages, each made and kept by the page cache; the superuser's client."""
    settings.PAGE_CACHE_SECONDS = 600
    session, event, urls = published_club
    for name in CACHED:
        client.get(urls[name])
        assert kept(client, urls[name]), name
    boss = get_user_model().objects.create_superuser("boss", "boss@example.org", "A long pass phrase 42")
    return session, event, urls, logged_in_client(boss)


def fresh_everywhere(client: Client, urls: dict[str, str], settings) -> dict[str, str]:
    """Every cached page as served equals the page made afresh; returns the pages' texts."""
    served = {name: client.get(urls[name]) for name in CACHED}
    settings.PAGE_CACHE_SECONDS = 0
    for name, response in served.items():
        fresh = client.get(urls[name])
        assert (response.status_code, response.content) == (fresh.status_code, fresh.content), name
    settings.PAGE_CACHE_SECONDS = 600
    return {name: response.content.decode() for name, response in served.items()}


def test_a_session_renamed_in_its_change_form(pages, client, settings):
    session, _event, urls, staff = pages
    url = reverse("admin:events_session_change", args=[session.pk])
    assert posted(staff, url, name="Renamed in the admin") == 302
    shown = fresh_everywhere(client, urls, settings)
    assert "Renamed in the admin" in shown["ranking"] and "Renamed in the admin" in shown["home"]


def test_a_teams_event_renamed_in_its_change_form(pages, client, settings):
    _session, event, urls, staff = pages
    assert posted(staff, reverse("admin:teams_teamevent_change", args=[event.pk]), name="Renamed event") == 302
    assert "Renamed event" in fresh_everywhere(client, urls, settings)["teams standings"]


def test_a_team_renamed_in_its_change_form(pages, client, settings):
    _session, event, urls, staff = pages
    team = event.teams.order_by("pk").first()
    assert posted(staff, reverse("admin:teams_team_change", args=[team.pk]), name="Renamed team") == 302
    assert "Renamed team" in fresh_everywhere(client, urls, settings)["teams standings"]


def test_a_member_renamed_in_its_change_form(pages, client, settings):
    session, _event, urls, staff = pages
    pair = session.sections.get().pairs.filter(player1__isnull=False).order_by("pk").first()
    url = reverse("admin:club_member_change", args=[pair.player1_id])
    assert posted(staff, url, last_name="Renamedadmin") == 302
    assert Member.objects.get(pk=pair.player1_id).last_name == "Renamedadmin"
    shown = fresh_everywhere(client, urls, settings)
    assert "Renamedadmin" in shown["ranking"]


def test_a_custom_movement_renamed_in_its_change_form(pages, client, settings):
    _session, _event, urls, staff = pages
    custom = CustomMovement.objects.create(name="Howell 3", csv_text=SOUND)
    url = reverse("admin:movements_custommovement_change", args=[custom.pk])
    assert posted(staff, url, name="Howell of three") == 302
    assert CustomMovement.objects.get(pk=custom.pk).name == "Howell of three"
    fresh_everywhere(client, urls, settings)


@pytest.mark.parametrize("model", [Match, BoardResult, Adjustment, Scorepad, Season, ClubChoices])
def test_a_result_posted_to_its_change_form_is_refused(pages, client, settings, model):
    """The results are entered on their own pages (scored there, the pages moved), the rubber league's seasons and
    its room's settings too (through rubber's services); the admin only shows them."""
    _session, event, urls, staff = pages
    if model is ClubChoices:
        save_choices(chicago_bonus="none", rounding="exact", rotate=True)
    if model is Adjustment:
        match = event.matches.filter(away__isnull=False).order_by("pk").first()
        add_adjustment(match=match, team=match.home, kind=Adjustment.Kind.IMPS, amount=Decimal(3), reason="Late")
        for name in CACHED:
            client.get(urls[name])
    row = model.objects.order_by("pk").first()
    meta = model._meta
    url = reverse(f"admin:{meta.app_label}_{meta.model_name}_change", args=[row.pk])
    before = list(model.objects.filter(pk=row.pk).values())
    response = staff.post(url, {"_save": "Save"})
    assert response.status_code == 403
    assert list(model.objects.filter(pk=row.pk).values()) == before
    assert all(kept(client, urls[name]) for name in CACHED)


def test_a_session_deleted_in_the_admin_leaves_no_cached_page_of_it(pages, client, settings):
    session, _event, urls, staff = pages
    from events.entry.services.lines import delete_line
    from events.models import TravellerLine

    for line in TravellerLine.objects.filter(board__section__session=session):
        delete_line(line=line)  # a session with results cannot be deleted
    for name in CACHED:
        client.get(urls[name])
    response = staff.post(reverse("admin:events_session_delete", args=[session.pk]), {"post": "yes"})
    assert response.status_code == 302 and not Session.objects.filter(pk=session.pk).exists()
    shown = fresh_everywhere(client, urls, settings)
    assert session.name not in shown["home"]
