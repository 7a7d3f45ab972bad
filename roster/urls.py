from django.urls import path

from roster.views import members, merges, roles

app_name = "roster"

urlpatterns = [
    path("club/roster/", members.roster, name="roster"),
    path("club/roster/new/", members.member_edit, name="member_add"),
    path("club/roster/<int:member_id>/", members.member_edit, name="member_edit"),
    path("club/roster/<int:member_id>/active/", members.member_active, name="member_active"),
    path("club/roster/import/", members.roster_import, name="roster_import"),
    path("club/roster/import/confirm/", members.roster_import_confirm, name="roster_import_confirm"),
    path("club/roster.csv", members.roster_export, name="roster_export"),
    path("club/merges/", merges.merges, name="merges"),
    path("club/merges/<int:merge_id>/undo/", merges.merge_undo, name="merge_undo"),
    path("club/roles/", roles.roles, name="roles"),
    path("club/roles/revoke/", roles.role_revoke, name="role_revoke"),
]
