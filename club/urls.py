from django.urls import path

from club.views import MemberListView, choose_language

app_name = "club"

urlpatterns = [
    path("members/", MemberListView.as_view(), name="members"),
    path("language/", choose_language, name="language"),
]
