"""The host's own pages on a site serving many clubs (`CLUBS=many`, `club.club_middleware`): a request that names no
club (neither its host name nor `/c/SHORT_NAME/`) is answered from here."""

from django.urls import path

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
]

handler404 = "club.club_middleware.host_not_found"
handler500 = "club.views_ops.server_error"
