"""Zero axe-core violations (WCAG 2.1 A and AA) on every page a visitor, a player and the staff (a director who is a
club admin too) reach, at 360 and 1280 px, with the phone menu open too, in the three languages: one live server,
one browser, one context per width, language and role, the pages in a loop.

The pages are found from the URL conf (`tests/builders/site_pages.py`): a named URL is a page someone reaches, or
it is in NOT_PAGES with the reason, or this test fails. Each page is scanned three times: in English and in Spanish
at 360 px, in Romanian at 1280 px (the languages change words, not colours or structure; their long words are tried
at the phone's width in Spanish, the longer of the two), so that every page meets every width and every language at
a cost CI can carry (README: the test's time). A fourth scan, English at 1280 px, met the same markup and colours
as the Romanian one at that width, for 40 s of CI's time. Colour contrast is checked once a width, not in Spanish
on the phone (`WORDS_ONLY`): the same colours as the English scan at that width.

axe-core's script comes from the axe-playwright-python package (pinned in requirements-dev.txt), never from the
repository. The failure lists each page, width, language and rule with the elements at fault."""

import time

import pytest
from axe_playwright_python.sync_playwright import Axe
from django.conf import settings
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.urls import reverse

from club.demo import load_demo
from events.models import Session
from events.tables.services.table_entry import set_live_results
from tests.builders.accounts import club_admins_group, directors_group, made_club_admin
from tests.builders.hands import dealt
from tests.builders.site_forms import build_world
from tests.builders.site_pages import site_pages

pytestmark = pytest.mark.slow
AXE = Axe()

WCAG_21_AA = {
    "runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]},
    "resultTypes": ["violations"],  # passes and incomplete collected for the first node only: a faster scan
}
# Colour contrast is checked at each width once (in English on the phone, in Romanian on the desktop): the words of
# another language at the same width change no colour, and that rule is half of axe's time (a pass: 17 s of scans
# with it, 9 s without, on this project's 2-core machine).
WORDS_ONLY = {**WCAG_21_AA, "rules": {"color-contrast": {"enabled": False}}}
WIDTHS = {"phone": {"width": 360, "height": 740}, "desktop": {"width": 1280, "height": 900}}
# (width, language, axe's options): every page in each; English and Spanish on the phone, Romanian on the desktop.
PASSES = [("phone", "en", WCAG_21_AA), ("phone", "es", WORDS_ONLY), ("desktop", "ro", WCAG_21_AA)]


def scan(page, axe, label, problems, options=WCAG_21_AA):
    """axe-core run on the page as it is (its script is in the page already: `context_for`'s init script)."""
    violations = page.evaluate("options => axe.run(document, options).then(results => results.violations)", options)
    for violation in violations:
        targets = ", ".join(" ".join(node["target"]) for node in violation["nodes"][:4])
        problems.append(f"{label}: {violation['id']} ({violation['impact']}): {targets}")


def visit(context, paths, label, axe, problems, menu=False, options=WCAG_21_AA):
    page = context.new_page()
    width = page.viewport_size["width"]
    for path in paths:
        page.goto(path)
        scan(page, axe, f"{label} {path}", problems, options)
        # A scorecard: its last column (%) on the screen, not clipped, at 360 px too.
        if path.startswith("/sessions/") and "/pairs/" in path:
            box = page.locator("table.scorecard thead th:visible").last.bounding_box()
            if box["x"] + box["width"] > width:
                problems.append(f"{label} {path}: the scorecard's last column ends at {box['x'] + box['width']} px")
    if menu:  # the phone menu open: its links over the green bar
        page.goto(paths[0])
        page.click(".navbar-toggler")
        page.wait_for_selector("#mainnav.show")
        scan(page, axe, f"{label} {paths[0]} (menu open)", problems, options)
    page.close()


def context_for(browser, live_server, width, language, client=None):
    context = browser.new_context(
        base_url=live_server.url, locale=language, viewport=WIDTHS[width], is_mobile=width == "phone"
    )
    context.set_default_timeout(15_000)
    context.add_init_script(AXE.axe_script)  # sent to the browser once per context, not once per scan
    cookies = [{"name": settings.LANGUAGE_COOKIE_NAME, "value": language, "url": live_server.url}]
    if client is not None:  # logged in as the client is: its session's cookie
        session = client.cookies[settings.SESSION_COOKIE_NAME].value
        cookies.append({"name": settings.SESSION_COOKIE_NAME, "value": session, "url": live_server.url})
    context.add_cookies(cookies)
    return context


def role_clients():
    """The visitor, the demo player (Ana, a member with a login) and the staff (the demo director, made a club
    admin too), each a test client logged in as the role."""
    users = load_demo()
    staff = made_club_admin(User.objects.get(username=users["director_username"]))
    player, clients = User.objects.get(username="ana"), {"visitor": Client()}
    for role, user in (("player", player), ("staff", staff)):
        clients[role] = Client()
        clients[role].force_login(user)
    return clients, staff


def world(staff) -> dict:
    """`build_world`'s objects, the final session with deals (its hand sheet and deal pages) and the open one
    showing its live results to the players."""
    found = build_world(staff)
    dealt(Session.objects.get(pk=found["session_id"]))
    night = Session.objects.get(pk=found["events:table:session_id"])
    set_live_results(session=night, on=True)
    return {**found, "events:live_results:session_id": night.pk}


def test_every_page_has_no_wcag_violation(browser, live_server, transactional_db):
    if connection.vendor != "sqlite":  # CI's second run: the pages' markup is the same on either database
        pytest.skip("the accessibility scan runs once, on SQLite (the markup does not depend on the database)")
    started = time.monotonic()
    directors_group()
    club_admins_group()
    clients, staff = role_clients()
    pages, unknown = site_pages(world(staff), clients)
    assert unknown == [], "named URLs that are neither a page someone reaches nor in NOT_PAGES (site_pages.py)"
    pages["visitor"].append("/no-such-page/")  # the 404 page, in the site's frame
    pages["player"].append(reverse("events:director"))  # a 403 for a player, in the site's frame
    axe, problems, scans = Axe(), [], 0
    for width, language, options in PASSES:
        for role, paths in pages.items():
            context = context_for(browser, live_server, width, language, clients[role] if role != "visitor" else None)
            visit(context, paths, f"{width} {language} {role}", axe, problems, menu=width == "phone", options=options)
            scans += len(paths) + (width == "phone")
            context.close()
    # A refused entry: the field marked invalid, its message tied to it.
    night = Session.objects.exclude(status=Session.Status.FINAL).order_by("pk").first()
    open_night = reverse("events:traveller_entry", args=[night.pk, night.sections.order_by("pk").first().pk, 1])
    context = context_for(browser, live_server, "phone", "es", clients["staff"])
    page = context.new_page()
    page.goto(open_night)
    page.fill("input[name$='-contract'] >> nth=0", "9P")
    page.keyboard.press("Enter")
    page.wait_for_selector("[aria-invalid=true]")
    scan(page, axe, "phone es refused entry", problems)
    context.close()
    print(f"\naxe: {scans + 1} scans of {sum(map(len, pages.values()))} pages in {time.monotonic() - started:.0f} s")
    assert not problems, "\n".join(problems)


def test_a_keyboard_user_skips_to_the_content_and_sees_where_the_focus_is(page, db):
    page.goto(reverse("events:home"))
    page.keyboard.press("Tab")
    skip = page.locator(".skip-link")
    assert skip.evaluate("element => element === document.activeElement") and skip.is_visible()
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.id") == "content"
    page.keyboard.press("Shift+Tab")  # back into the navigation bar: its last control, with a yellow ring
    ring = page.evaluate(
        "(style => `${style.outlineColor} ${style.outlineWidth}`)(getComputedStyle(document.activeElement))"
    )
    assert ring == "rgb(255, 213, 74) 3px"
