"""The movement pages, all in the director area (under director/, as the site's other director pages)."""

from django.urls import include, path

from movements import views

app_name = "movements"

director_patterns = [
    path("", views.index, name="index"),
    path("preview/", views.preview, name="preview"),
    path("table-cards/", views.table_cards, name="table_cards"),
    path("guide-cards/", views.guide_cards, name="guide_cards"),
    path("custom/new/", views.custom_create, name="custom_create"),
    path("custom/<int:pk>/", views.custom_detail, name="custom_detail"),
    path("custom/<int:pk>/movement.csv", views.custom_csv, name="custom_csv"),
    path("custom/<int:pk>/delete/", views.custom_delete, name="custom_delete"),
]

urlpatterns = [
    path("director/", include(director_patterns)),
]
