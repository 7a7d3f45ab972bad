from django.urls import path

from club import views_merges, views_ops, views_roster
from club.views import MemberListView, choose_language, favicon

app_name = "club"

urlpatterns = [
    path("healthz", views_ops.healthz, name="healthz"),
    path("members/", MemberListView.as_view(), name="members"),
    path("language/", choose_language, name="language"),
    path("favicon.ico", favicon, name="favicon"),
    path("club/roster/", views_roster.roster, name="roster"),
    path("club/roster/new/", views_roster.member_edit, name="member_add"),
    path("club/roster/<int:member_id>/", views_roster.member_edit, name="member_edit"),
    path("club/roster/<int:member_id>/active/", views_roster.member_active, name="member_active"),
    path("club/roster/import/", views_roster.roster_import, name="roster_import"),
    path("club/roster/import/confirm/", views_roster.roster_import_confirm, name="roster_import_confirm"),
    path("club/roster.csv", views_roster.roster_export, name="roster_export"),
    path("club/merges/", views_merges.merges, name="merges"),
    path("club/merges/<int:merge_id>/undo/", views_merges.merge_undo, name="merge_undo"),
    path("club/roles/", views_merges.roles, name="roles"),
    path("club/roles/revoke/", views_merges.role_revoke, name="role_revoke"),
]
