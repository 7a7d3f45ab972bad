from django.contrib import admin

from club.models import Member


@admin.register(Member)
class MemberAdmin(admin.ModelAdmin):
    list_display = ("last_name", "first_name", "number", "email", "active")
    list_filter = ("active",)
    search_fields = ("last_name", "first_name", "number", "email")
