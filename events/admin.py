from django.contrib import admin
from simple_history.admin import SimpleHistoryAdmin

from events.models import Member, Session


@admin.register(Member)
class MemberAdmin(admin.ModelAdmin):
    list_display = ("last_name", "first_name", "number", "email", "active")
    list_filter = ("active",)
    search_fields = ("last_name", "first_name", "number", "email")


@admin.register(Session)
class SessionAdmin(SimpleHistoryAdmin):
    list_display = ("name", "date", "scoring", "status")
    list_filter = ("status", "scoring")
    search_fields = ("name",)
    date_hierarchy = "date"
