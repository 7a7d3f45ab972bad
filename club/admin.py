"""The clubs in the Django admin (the host's, with many clubs: `club.admin_site`): listed and shown, never written
here. A club and its first admin are made on the host's page (`club.clubs.open_club`), its settings edited by its
club admin (`club.club_settings.save_club_settings`): those services lock, check and record what the admin's form
would not."""

from django.contrib import admin

from club.models import Club


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ["name", "short_name", "host", "language", "time_zone"]
    search_fields = ["name", "short_name", "host"]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
