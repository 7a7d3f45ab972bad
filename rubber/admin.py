"""Rubber sheets in the Django admin: shown, and deleted through the service (`rubber.services.delete`, the unit of
work's record); never added or changed here, where the sheet's scores would not be worked out again: a sheet is
written on its own pages. Seasons and the rubber room's settings are shown only (written on their pages)."""

from django.contrib import admin

from . import services
from .models import ClubChoices, Deal, Scorepad, Season, SeatedPlayer


class Shown:
    """Shown, never added or changed here."""

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False


class PlayerInline(Shown, admin.TabularInline):
    model = SeatedPlayer
    extra = 0

    def has_delete_permission(self, request, obj=None):
        return False


class DealInline(Shown, admin.TabularInline):
    model = Deal
    extra = 0

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Scorepad)
class RubberAdmin(Shown, admin.ModelAdmin):
    list_display = ["pk", "kind", "played_on", "finished", "we_total", "they_total"]
    list_filter = ["kind", "finished", "played_on"]
    inlines = [PlayerInline, DealInline]

    def delete_model(self, request, obj):
        services.delete(rubber=obj)

    def delete_queryset(self, request, queryset):
        for rubber in queryset:
            services.delete(rubber=rubber)


@admin.register(Season, ClubChoices)
class WrittenOnTheirPagesAdmin(Shown, admin.ModelAdmin):
    """A league season and the rubber room's settings: shown; written on the rubber pages, through the services
    (`add_season`, `save_choices`)."""

    def has_delete_permission(self, request, obj=None):
        return False
