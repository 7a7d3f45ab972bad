"""Error pages in the site's frame (its navigation bar) and the reader's language: 403, 404 and 500; the 500
page is made without the database."""

import pytest
from django.db import OperationalError
from django.test import Client, RequestFactory, override_settings
from django.urls import path, reverse
from django.utils import translation

from club.views_ops import server_error
from clubsite.urls import urlpatterns as site_urls


def broken_view(request):
    raise OperationalError("the database went away")


urlpatterns = [path("broken/", broken_view), *site_urls]
handler500 = "club.views_ops.server_error"

NAVIGATION = 'id="mainnav"'


@pytest.mark.parametrize(
    ("language", "words"), [("en", "Page not found"), ("es", "Página no encontrada"), ("ro", "Pagina nu a fost găsită")]
)
def test_404_is_in_the_frame_and_the_language(client, db, language, words):
    response = client.get("/no-such-page/", HTTP_ACCEPT_LANGUAGE=language)
    page = response.content.decode()
    assert response.status_code == 404 and words in page and NAVIGATION in page and f'lang="{language}"' in page


@pytest.mark.parametrize(
    ("language", "words"), [("en", "You may not open"), ("es", "No puede abrir"), ("ro", "Nu puteți deschide")]
)
def test_403_for_a_player_on_a_director_page_is_in_the_frame(db, language, words):
    from django.contrib.auth.models import User

    player = User.objects.create_user("player", password="x-pass-2026")
    client = Client()
    client.force_login(player)
    response = client.get(reverse("events:director"), HTTP_ACCEPT_LANGUAGE=language)
    page = response.content.decode()
    assert response.status_code == 403 and words in page and NAVIGATION in page
    assert reverse("accounts:me") in page  # the navigation knows who is logged in


@override_settings(ROOT_URLCONF=__name__, DEBUG=False)
@pytest.mark.parametrize(
    ("language", "words"), [("en", "Something went wrong"), ("es", "Algo ha fallado"), ("ro", "Ceva nu a mers")]
)
def test_500_is_in_the_frame_and_the_language(db, language, words):
    client = Client(raise_request_exception=False)
    response = client.get("/broken/", HTTP_ACCEPT_LANGUAGE=language)
    page = response.content.decode()
    assert response.status_code == 500 and words in page and NAVIGATION in page and f'lang="{language}"' in page


def test_the_500_page_needs_no_database():
    # No db fixture: pytest-django refuses any query here, so the page is made without the database.
    request = RequestFactory().get("/somewhere/")
    with translation.override("es"):
        response = server_error(request)
    page = response.content.decode()
    assert response.status_code == 500 and "Algo ha fallado" in page and NAVIGATION in page
