"""The site's icon: a static favicon.ico that every page links to, and /favicon.ico (which browsers ask for
anyway) redirected to it, never a 404."""

from django.contrib.staticfiles import finders
from django.templatetags.static import static
from django.urls import reverse


def test_every_page_links_the_icon_and_favicon_ico_reaches_it(client, db):
    page = client.get(reverse("events:home")).content.decode()
    assert f'<link rel="icon" href="{static("favicon.ico")}"' in page
    response = client.get("/favicon.ico")
    assert response.status_code == 301 and response["Location"] == static("favicon.ico")
    with open(finders.find("favicon.ico"), "rb") as icon:
        assert icon.read(4) == b"\x00\x00\x01\x00"  # an ICO file's header


def test_favicon_ico_refuses_a_post(client, db):
    assert client.post("/favicon.ico").status_code == 405
