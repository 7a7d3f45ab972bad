from django.urls import path

from club import views_ops
from club.views import MemberListView, choose_language, favicon
from club.views_settings import club_logo, club_settings, club_style

app_name = "club"

urlpatterns = [
    path("healthz", views_ops.healthz, name="healthz"),
    path("members/", MemberListView.as_view(), name="members"),
    path("language/", choose_language, name="language"),
    path("favicon.ico", favicon, name="favicon"),
    path("club/settings/", club_settings, name="settings"),
    path("club/style/<slug:version>.css", club_style, name="style"),
    path("club/logo/<slug:version>/", club_logo, name="logo"),
]
