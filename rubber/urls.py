from django.urls import path

from . import views, views_results

app_name = "rubber"

urlpatterns = [
    path("", views_results.index, name="index"),
    path("new/", views.start, name="start"),
    path("<int:pk>/", views.scorepad, name="pad"),
    path("<int:pk>/deal/<int:number>/", views.edit_deal, name="edit_deal"),
    path("<int:pk>/deal/<int:number>/delete/", views.delete_deal, name="delete_deal"),
    path("<int:pk>/stop/", views.stop, name="stop"),
    path("<int:pk>/confirm/", views.confirm, name="confirm"),
    path("<int:pk>/delete/", views.delete, name="delete"),
    path("evening/<str:day>/", views_results.evening, name="evening"),
    path("season/<int:pk>/", views_results.season, name="season"),
    path("director/season/new/", views_results.new_season, name="new_season"),
    path("director/choices/", views_results.club_choices, name="choices"),
]
