from django.urls import path

from club.views import MemberListView

urlpatterns = [
    path("members/", MemberListView.as_view(), name="members"),
]
