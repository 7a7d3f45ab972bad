from django.urls import path

from club.views import MemberListView

app_name = "club"

urlpatterns = [
    path("members/", MemberListView.as_view(), name="members"),
]
