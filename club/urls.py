from django.urls import path

from club import views_ops
from club.views import MemberListView, choose_language, favicon

app_name = "club"

urlpatterns = [
    path("healthz", views_ops.healthz, name="healthz"),
    path("members/", MemberListView.as_view(), name="members"),
    path("language/", choose_language, name="language"),
    path("favicon.ico", favicon, name="favicon"),
]
