from django.urls import path

from events import views

urlpatterns = [
    path("", views.home, name="home"),
    path("members/", views.MemberListView.as_view(), name="members"),
    path("director/", views.director_home, name="director"),
]
