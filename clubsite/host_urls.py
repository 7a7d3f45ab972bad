"""The host's own pages on a site serving many clubs (`CLUBS=many`, `club.club_middleware`): a request that names no
club (neither its host name nor `/c/SHORT_NAME/`) is answered from here."""

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import path

from accounts import views_people
from club import views_ops
from club.club_middleware import host_front
from events.federation.views import host as federation

urlpatterns = [
    path("", host_front, name="host_front"),
    path("healthz", views_ops.healthz, name="healthz"),
    # the federation pages (issue 31 item 4): events/federation
    path("clubs/", federation.clubs, name="host_clubs"),
    path("calendar/", federation.calendar, name="host_calendar"),
    path("calendar/<int:year>/<int:month>/", federation.calendar, name="host_calendar_month"),
    path("results/", federation.search, name="host_search"),
    path("ladder/", federation.ladder, name="host_ladder"),
    # People across clubs (issue 31): a person's results from every club, their federation number; the host admin's
    # new club and its first admin. The host's own login (a person logs in once for every club's pages).
    path(
        "accounts/login/",
        auth_views.LoginView.as_view(template_name="club/host_login.html", next_page="host_my_results"),
        name="login",
    ),
    path("accounts/logout/", auth_views.LogoutView.as_view(next_page="host_front"), name="logout"),
    path("me/", views_people.my_clubs, name="host_my_results"),
    path("me/federation-number/", views_people.host_federation_number, name="host_federation_number"),
    path("clubs/new/", views_people.host_club_new, name="host_club_new"),
    path("clubs/<slug:short_name>/made/", views_people.host_club_made, name="host_club_made"),
    # The host admin's Django admin: the clubs and the site-wide models, no club's records (club/admin_site.py)
    path("admin/", admin.site.urls),
]

handler403 = "accounts.views_people.host_forbidden"
handler404 = "club.club_middleware.host_not_found"
handler500 = "club.views_ops.server_error"
