from django.urls import path

from accounts import views, views_people

app_name = "accounts"

urlpatterns = [
    path("claim/", views.claim, name="claim"),
    path("claim/<str:token>/", views.claim_link, name="claim_link"),
    path("me/", views.me, name="me"),
    path("me/federation-number/", views_people.federation_number, name="federation_number"),
    path("me/choices/", views.preferences, name="preferences"),
    path("me/email/", views.email, name="email"),
    path("me/email/<str:token>/", views.email_confirm, name="email_confirm"),
    path("me/data.json", views.data_json, name="data_json"),
    path("me/data.csv", views.data_csv, name="data_csv"),
    path("me/remove/", views.remove, name="remove"),
    path("invitations/", views.invitations, name="invitations"),
    path("invitations/send/", views.invite, name="invite"),
]
